//! Memory: the bytes the process can have, and the guard that refuses an
//! allocation too large for them.
//!
//! A problem too large for the machine is an [`ErrorKind::OutOfMemory`] that
//! says how much it needs, not an abort halfway through building it (or the
//! kernel's OOM killer once the pages are touched). Two guards do this:
//!
//! - An estimate of the bytes (see the `footprint` module), checked with
//!   [`check`] against [`available`] before anything is allocated: by
//!   [`Solver::try_new`](crate::Solver::try_new),
//!   [`try_queens`](crate::puzzles::try_queens), the tilings' placements,
//!   and the reader for the names of the item line.
//! - [`reserve`] and [`reserve_str`], for the buffers that grow while a
//!   problem is read or built (a line, the names, the entries): they use
//!   `try_reserve`, so that where the estimate is unavailable an allocation
//!   that fails is still an error.

use std::collections::TryReserveError;
use std::mem::size_of;

use crate::error::{Error, ErrorKind};

/// Below this many bytes a problem is not checked against [`available`]:
/// finding what is available reads some twenty files of `/proc` and
/// `/sys/fs/cgroup`, which was most of the start-up of a command on a
/// small problem, and so little memory is there on any machine this runs
/// on (where it is not, the fallible reservations still fail cleanly).
const SMALL: u64 = 64 << 20;

/// Checks that `needed` bytes can be had.
///
/// # Errors
///
/// [`ErrorKind::OutOfMemory`] when more than [`available`] is needed; never
/// when that is unknown, or when `needed` is small.
pub(crate) fn check(needed: u64) -> Result<(), Error> {
    if needed <= SMALL {
        return Ok(());
    }
    check_against(needed, available())
}

/// [`check`] against a given number of available bytes.
pub(crate) fn check_against(needed: u64, available: Option<u64>) -> Result<(), Error> {
    match available {
        Some(available) if needed > available => Err(Error::new(ErrorKind::OutOfMemory {
            needed,
            available: Some(available),
        })),
        _ => Ok(()),
    }
}

/// How many copies of `each` bytes the process can have beside what it
/// holds, up to `most`: all of them when they are small together or the
/// room is unknown, else those that fit in seven eighths of
/// [`available`] (the rest for the threads' stacks and the search).
#[cfg(feature = "parallel")]
pub(crate) fn copies(each: u64, most: usize) -> usize {
    if each.saturating_mul(most as u64) <= SMALL {
        return most;
    }
    copies_in(each, most, available())
}

/// [`copies`] against a given number of available bytes.
#[cfg(feature = "parallel")]
pub(crate) fn copies_in(each: u64, most: usize, available: Option<u64>) -> usize {
    match available {
        None => most,
        Some(room) => {
            let fit = (room - room / 8) / each.max(1);
            usize::try_from(fit).map_or(most, |fit| fit.min(most))
        }
    }
}

/// The error for an allocation of `needed` bytes that failed (whatever
/// [`available`] says, this much could not be had).
pub(crate) fn out_of_memory(needed: u64) -> Error {
    Error::new(ErrorKind::OutOfMemory {
        needed,
        available: None,
    })
}

/// Makes room for `additional` more elements in `vec`, as `Vec::reserve`
/// does (doubling), or says how much it needed instead of aborting.
pub(crate) fn reserve<T>(vec: &mut Vec<T>, additional: usize) -> Result<(), Error> {
    let grown = grown(vec.capacity(), vec.len(), additional);
    vec.try_reserve(additional)
        .map_err(|e| failed(e, grown, size_of::<T>()))
}

/// [`reserve`] for a `String`.
pub(crate) fn reserve_str(text: &mut String, additional: usize) -> Result<(), Error> {
    let grown = grown(text.capacity(), text.len(), additional);
    text.try_reserve(additional)
        .map_err(|e| failed(e, grown, 1))
}

/// The capacity a buffer grows to, as the standard library grows it.
fn grown(capacity: usize, len: usize, additional: usize) -> usize {
    len.saturating_add(additional)
        .max(capacity.saturating_mul(2))
}

fn failed(_: TryReserveError, capacity: usize, size: usize) -> Error {
    out_of_memory((capacity as u64).saturating_mul(size as u64))
}

/// The bytes this process can still have, when known: on Linux the kernel's
/// `MemAvailable` (free memory plus the caches it can drop), or less when
/// the process's cgroup limit or its address-space limit (`ulimit -v`)
/// leaves less room; `None` elsewhere or when `/proc/meminfo` cannot be read.
pub(crate) fn available() -> Option<u64> {
    #[cfg(target_os = "linux")]
    {
        let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
        let available = memory_room(&meminfo)?;
        Some(
            [cgroup_room(), address_space_room()]
                .into_iter()
                .flatten()
                .fold(available, u64::min),
        )
    }
    #[cfg(not(target_os = "linux"))]
    {
        None
    }
}

/// The memory the kernel says can be had: `MemAvailable`, or on kernels
/// before 3.14, which do not give it, the free memory and the page cache
/// (`MemFree` + `Cached`).
fn memory_room(meminfo: &str) -> Option<u64> {
    kb_field(meminfo, "MemAvailable:").or_else(|| {
        let free = kb_field(meminfo, "MemFree:")?;
        Some(free.saturating_add(kb_field(meminfo, "Cached:").unwrap_or(0)))
    })
}

/// A field given in kB, such as `MemAvailable:` of `/proc/meminfo` or
/// `VmSize:` of `/proc/self/status`, in bytes.
fn kb_field(text: &str, field: &str) -> Option<u64> {
    let line = text.lines().find_map(|line| line.strip_prefix(field))?;
    let kib: u64 = line.trim().strip_suffix("kB")?.trim().parse().ok()?;
    kib.checked_mul(1024)
}

/// The room left under the address-space limit: its soft limit in
/// `/proc/self/limits` less `VmSize` in `/proc/self/status`.
#[cfg(target_os = "linux")]
fn address_space_room() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    address_space_limit(&limits)?.checked_sub(kb_field(&status, "VmSize:")?)
}

/// The soft limit of `Max address space` in `/proc/self/limits`, in bytes;
/// `None` when unlimited.
fn address_space_limit(limits: &str) -> Option<u64> {
    let line = limits
        .lines()
        .find_map(|line| line.strip_prefix("Max address space"))?;
    line.split_whitespace().next()?.parse().ok()
}

/// The least room left under a memory limit of the process's cgroup or of
/// its ancestors: `memory.max - memory.current` for cgroup v2,
/// `memory.limit_in_bytes - memory.usage_in_bytes` for v1.
#[cfg(target_os = "linux")]
fn cgroup_room() -> Option<u64> {
    use std::path::Path;

    let read = |dir: &Path, file: &str| -> Option<u64> {
        std::fs::read_to_string(dir.join(file))
            .ok()?
            .trim()
            .parse()
            .ok()
    };
    let membership = std::fs::read_to_string("/proc/self/cgroup").unwrap_or_default();
    let hierarchies = [
        ("/sys/fs/cgroup", cgroup_path(&membership, "")),
        ("/sys/fs/cgroup/memory", cgroup_path(&membership, "memory")),
    ];
    let mut room: Option<u64> = None;
    for (root, path) in hierarchies {
        let root = Path::new(root);
        // In a container the listed path may not exist under the mount (it
        // shows the container's own cgroup at the root): the walk then
        // still reaches the root.
        let mut dir = root.join(path.unwrap_or("").trim_start_matches('/'));
        loop {
            let here = read(&dir, "memory.max")
                .zip(read(&dir, "memory.current"))
                .or_else(|| {
                    read(&dir, "memory.limit_in_bytes").zip(read(&dir, "memory.usage_in_bytes"))
                });
            if let Some((limit, used)) = here {
                let left = limit.saturating_sub(used);
                room = Some(room.map_or(left, |room| room.min(left)));
            }
            if dir == root || !dir.pop() {
                break;
            }
        }
    }
    room
}

/// The cgroup path of a controller in `/proc/self/cgroup` (`""` for the
/// unified hierarchy of cgroup v2).
fn cgroup_path<'a>(membership: &'a str, controller: &str) -> Option<&'a str> {
    membership.lines().find_map(|line| {
        let mut fields = line.splitn(3, ':');
        let (_, controllers, path) = (fields.next()?, fields.next()?, fields.next()?);
        let found = if controller.is_empty() {
            controllers.is_empty()
        } else {
            controllers.split(',').any(|c| c == controller)
        };
        found.then_some(path)
    })
}

#[cfg(test)]
mod tests {

    #[cfg(feature = "parallel")]
    #[test]
    fn copies_fit_in_seven_eighths_of_the_room() {
        let gib = 1u64 << 30;
        assert_eq!(copies_in(300 << 20, 2, Some(gib)), 2);
        assert_eq!(copies_in(500 << 20, 2, Some(gib)), 1);
        assert_eq!(copies_in(2 * gib, 8, Some(gib)), 0);
        assert_eq!(copies_in(2 * gib, 8, None), 8);
        assert_eq!(copies_in(0, 3, Some(0)), 0);
        // Small copies together are not checked at all.
        assert_eq!(copies(1 << 10, 4), 4);
    }

    use super::*;

    #[test]
    fn linux_files_are_read() {
        let meminfo = "MemTotal:       24684092 kB\nMemAvailable:   23951908 kB\n";
        assert_eq!(kb_field(meminfo, "MemAvailable:"), Some(23_951_908 * 1024));
        assert_eq!(memory_room(meminfo), Some(23_951_908 * 1024));
        // A kernel before 3.14 gives no MemAvailable.
        let old = "MemTotal: 2048000 kB\nMemFree: 1000 kB\nBuffers: 5 kB\nCached: 24 kB\n";
        assert_eq!(memory_room(old), Some(1024 * 1024));
        assert_eq!(memory_room("MemTotal: 2048000 kB\n"), None);
        assert_eq!(kb_field("MemFree: 1 kB\n", "MemAvailable:"), None);
        let limits = "Max processes   94    94    processes\n\
                      Max address space  2147483648  unlimited  bytes\n";
        assert_eq!(address_space_limit(limits), Some(1 << 31));
        let unlimited = "Max address space  unlimited  unlimited  bytes\n";
        assert_eq!(address_space_limit(unlimited), None);
        let status = "Name: dlx\nVmSize:\t    3892 kB\n";
        assert_eq!(kb_field(status, "VmSize:"), Some(3892 * 1024));
        let v1 = "4:memory:/jobs/7\n2:cpu,cpuacct:/\n0::/user.slice\n";
        assert_eq!(cgroup_path(v1, "memory"), Some("/jobs/7"));
        assert_eq!(cgroup_path(v1, "cpu"), Some("/"));
        assert_eq!(cgroup_path(v1, ""), Some("/user.slice"));
        assert_eq!(cgroup_path("0::/\n", "memory"), None);
    }
}
