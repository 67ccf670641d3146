//! Memory: the bytes a problem and its solver take, estimated before they
//! are built, and the bytes the process can have.
//!
//! A problem too large for the machine is an [`ErrorKind::OutOfMemory`] that
//! says how much it needs, not an abort halfway through building it (or the
//! kernel's OOM killer once the pages are touched). Two guards do this:
//!
//! - An estimate from the problem's sizes, checked against [`available`]
//!   before anything is allocated: by [`Solver::try_new`](crate::Solver::try_new)
//!   and [`try_queens`](crate::try_queens), and by the reader for the
//!   names of the item line. The estimates follow the layouts of `Problem`,
//!   `Arena::new` and `Engine::new` and count the bytes those touch: for
//!   3000-queens, 1.478e9 bytes estimated for the problem and its solver,
//!   1.480e9 resident measured.
//! - [`reserve`] and [`reserve_str`], for the buffers that grow while a
//!   problem is read or built (a line, the names, the entries): they use
//!   `try_reserve`, so that where the estimate is unavailable an allocation
//!   that fails is still an error.

use std::collections::TryReserveError;
use std::mem::size_of;

use crate::arena::{Narrow, NarrowNode, Node, Storage};
use crate::error::{Error, ErrorKind};
use crate::names;
use crate::problem::{Entry, Problem, Span};

/// The sizes of a problem that decide the memory it and its solver take.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Shape {
    /// Items, primary and secondary.
    pub(crate) items: usize,
    /// Primary items.
    pub(crate) primary: usize,
    /// The bytes of all item names together.
    pub(crate) name_bytes: usize,
    /// Colors.
    pub(crate) colors: usize,
    /// The bytes of all color names together.
    pub(crate) color_bytes: usize,
    /// Options.
    pub(crate) options: usize,
    /// The ids handed out, removed options included.
    pub(crate) ids: usize,
    /// The entries of all options.
    pub(crate) entries: usize,
}

/// The bytes a problem of this shape takes: its names, the span of each
/// option id, the entries and the item set used to check each option.
pub(crate) fn problem_bytes(shape: &Shape) -> u64 {
    [
        names::bytes(shape.items, shape.name_bytes),
        names::bytes(shape.colors, shape.color_bytes),
        times(shape.ids, size_of::<Span>()),
        times(shape.entries, size_of::<Entry>()),
        shape.items.div_ceil(8) as u64,
    ]
    .into_iter()
    .fold(0, u64::saturating_add)
}

/// The bytes a solver for `problem` takes.
pub(crate) fn solver_bytes(problem: &Problem) -> u64 {
    solver_bytes_for(&problem.shape(), crate::problem::node_count_of(problem))
}

/// The bytes a solver takes for a problem of this shape whose arena has
/// `nodes` nodes: the arena (nodes of 8 bytes when they fit, else 16, the
/// item lengths, a color per node when there are colors, each option's
/// first node) and what the engine keeps beside it (a copy of the item
/// names, the option ids both ways, the search stack, the items' and the
/// options' states).
pub(crate) fn solver_bytes_for(shape: &Shape, nodes: usize) -> u64 {
    let (node, length) = if Narrow::fits(nodes, shape.options) {
        (
            size_of::<NarrowNode>(),
            size_of::<<Narrow as Storage>::Len>(),
        )
    } else {
        (size_of::<Node>(), size_of::<<Vec<Node> as Storage>::Len>())
    };
    let colors = if shape.colors > 0 { nodes } else { 0 };
    let names = names::list_bytes(shape.items, shape.name_bytes);
    // A search level is four `u32`; a solution holds an id per level.
    let levels = times(shape.primary + 1, 16 + 4);
    [
        times(nodes, node),
        times(shape.items + 2, length),
        times(colors, 4),
        times(shape.options, 4),
        names,
        times(shape.options, 4),
        times(shape.ids, 4),
        levels,
        times(shape.items + 1, 4),
        times(shape.options, 1),
    ]
    .into_iter()
    .fold(0, u64::saturating_add)
}

fn times(count: usize, size: usize) -> u64 {
    (count as u64).saturating_mul(size as u64)
}

/// Checks that `needed` bytes can be had.
///
/// # Errors
///
/// [`ErrorKind::OutOfMemory`] when more than [`available`] is needed; never
/// when that is unknown.
pub(crate) fn check(needed: u64) -> Result<(), Error> {
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
    out_of_memory(times(capacity, size))
}

/// The bytes this process can still have, when known: on Linux the kernel's
/// `MemAvailable` (free memory plus the caches it can drop), or less when
/// the process's cgroup limit or its address-space limit (`ulimit -v`)
/// leaves less room; `None` elsewhere or when `/proc/meminfo` cannot be read.
pub(crate) fn available() -> Option<u64> {
    #[cfg(target_os = "linux")]
    {
        let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
        let available = kb_field(&meminfo, "MemAvailable:")?;
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
    use super::*;

    #[test]
    fn a_problem_larger_than_the_memory_is_refused_with_figures() {
        let mut problem = Problem::new(10, 0);
        for k in 0..100_000 {
            problem.add_option([k % 10]).unwrap();
        }
        let needed = solver_bytes(&problem);
        assert!(needed > 2_000_000, "{needed}");
        let err = check_against(needed, Some(1 << 20)).unwrap_err();
        assert_eq!(
            err.kind(),
            &ErrorKind::OutOfMemory {
                needed,
                available: Some(1 << 20)
            }
        );
        assert!(err.to_string().ends_with("more than the 1.0 MB available"));
        assert!(check_against(needed, Some(needed)).is_ok());
        assert!(check_against(needed, None).is_ok());
    }

    #[test]
    fn estimates_grow_with_the_problem() {
        let small = Shape {
            items: 4,
            primary: 4,
            name_bytes: 4,
            options: 1,
            ids: 1,
            entries: 4,
            ..Shape::default()
        };
        let large = Shape {
            options: 1 << 20,
            ids: 1 << 20,
            entries: 1 << 22,
            ..small
        };
        assert!(problem_bytes(&large) > 64 << 20);
        // 8-byte nodes for the small one, 16-byte ones for the large one.
        assert!(solver_bytes_for(&small, 11) < 1024);
        assert!(solver_bytes_for(&large, 5 << 20) > 80 << 20);
    }

    #[test]
    fn linux_files_are_read() {
        let meminfo = "MemTotal:       24684092 kB\nMemAvailable:   23951908 kB\n";
        assert_eq!(kb_field(meminfo, "MemAvailable:"), Some(23_951_908 * 1024));
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
