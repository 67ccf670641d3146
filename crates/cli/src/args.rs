//! The flags several commands take, each defined once here and flattened
//! into the commands that take it: threads, limits, the seed, input files.

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::Path;
use std::sync::{Once, OnceLock};
use std::time::Duration;

use anyhow::{Context, Result};

use crate::terminal::diagnose;

/// The most worker threads `-j` takes: more than any machine this runs on
/// has cores, few enough that starting them is quick.
pub const MAX_THREADS: u16 = 1024;

/// The most threads started per core, whatever `-j` asks. The searches
/// wait on nothing but the cores, so threads past them bring nothing, and
/// rayon's work stealing costs more with each one (its epochs walk the
/// list of all threads): on 2 cores, `dlx queens 10 --count` takes
/// 0.01 s on 64 threads, 0.07 s on 256 and 1.9 s on 1024, 80% of it in
/// crossbeam-epoch. A few per core cost nothing measurable (queens 14:
/// 0.96 s with -j 2, 1.04 s with -j 8, 0.98 s with -j 16), so the cap
/// leaves room for a machine whose cores are undercounted, and for
/// `-j 3` on one core.
const THREADS_PER_CORE: usize = 4;

/// `-j N`: worker threads.
#[derive(Clone, Copy, Debug, Default, clap::Args)]
pub struct Threads {
    /// Worker threads, at most 1024 (default, or 0: all cores); one hard
    /// puzzle's nested forcing chains share them too. The output
    /// is the same, in the same order, whatever the number; no more threads
    /// start than there is work for, nor more than 4 per core: past the
    /// cores, threads only cost time (a note on stderr says when -j is cut).
    #[arg(short = 'j', long = "threads", value_name = "N",
          value_parser = clap::value_parser!(u16).range(0..=MAX_THREADS as i64))]
    threads: Option<u16>,
}

impl Threads {
    /// The number of threads to start: every core when 0 or absent, as
    /// many as asked otherwise, but no more than [`THREADS_PER_CORE`] per
    /// core (said once on stderr when that cuts what was asked).
    pub fn count(self) -> usize {
        let cores = cores();
        match self.threads.map(usize::from) {
            Some(0) | None => cores,
            Some(n) => {
                let most = cores.saturating_mul(THREADS_PER_CORE);
                if n <= most {
                    return n;
                }
                static SAID: Once = Once::new();
                SAID.call_once(|| {
                    diagnose(format_args!(
                        "dlx: -j {n} cut to {most} threads ({THREADS_PER_CORE} per core, \
                         {cores} cores): more would only cost time"
                    ));
                });
                most
            }
        }
    }

    /// Bounds rayon's global pool to the threads asked, when they are
    /// fewer than the cores: a record solved inline (with one thread, or
    /// the only record) runs its own parallel work there (a nested
    /// forcing chain's branches). Else the pool starts when first used,
    /// a thread a core.
    pub fn bound_global_pool(self) {
        let threads = self.count();
        if threads < cores() {
            // Only a pool already started refuses, and none is yet.
            let _ = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build_global();
        }
    }

    /// A pool of as many threads as asked, but no more than `work` items
    /// can keep busy; `None` when one thread does (the work then runs
    /// inline).
    ///
    /// # Errors
    ///
    /// When the threads cannot be started.
    pub fn pool(self, work: usize, name: &'static str) -> Result<Option<rayon::ThreadPool>> {
        let threads = self.count().min(work.max(1));
        if threads <= 1 {
            return Ok(None);
        }
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(move |i| format!("dlx-{name}-{i}"))
            .build()
            .map(Some)
            .context("cannot start the worker threads")
    }
}

/// The cores this process may run on, asked once: the answer reads the
/// cgroup files on Linux, and a batch asks for each chunk.
fn cores() -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// `--time-limit`: the run stops after this time.
#[derive(Clone, Copy, Debug, Default, clap::Args)]
pub struct TimeLimit {
    /// Stop the run after this time (seconds, or a number with s, m or h:
    /// 90, 1.5, 10m, 2h): what was answered is written, the work cut short
    /// is marked 'stopped', and the run ends with status 3.
    #[arg(long, value_name = "SECONDS", value_parser = parse_duration)]
    pub time_limit: Option<Duration>,
}

impl TimeLimit {
    /// Starts the clock: the searches stop as for a signal when it runs
    /// out (see [`crate::interrupt::stop_after`]).
    pub fn start(self) {
        if let Some(limit) = self.time_limit {
            crate::interrupt::stop_after(limit);
        }
    }

    /// The limit in seconds, for messages (0 when there is none).
    pub fn seconds(self) -> f64 {
        self.time_limit.unwrap_or_default().as_secs_f64()
    }
}

/// `--max-nodes` and `--time-limit`: the limits of a search.
#[derive(Clone, Copy, Debug, Default, clap::Args)]
pub struct SearchLimits {
    /// Stop a search after N nodes (counted as --stats counts them): what
    /// it found is written, marked 'stopped' (a stopped search is not 'no
    /// solution'), and the run ends with status 3.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    #[command(flatten)]
    pub time: TimeLimit,
}

/// `--seed`: the seed of the random choices a command makes.
#[derive(Clone, Copy, Debug, Default, clap::Args)]
pub struct Seed {
    /// The seed of the random choices: the same seed, the same output, on
    /// every platform and with any -j.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
}

/// A duration on the command line: seconds (`90`, `1.5`), or a number with
/// a unit `s`, `m` or `h` (`30s`, `10m`, `2h`).
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let bad = || format!("expected a time in seconds (or with s, m, h), found '{text}'");
    let trimmed = text.trim();
    let (number, unit) = match trimmed.char_indices().last() {
        Some((at, 's')) => (&trimmed[..at], 1.0),
        Some((at, 'm')) => (&trimmed[..at], 60.0),
        Some((at, 'h')) => (&trimmed[..at], 3600.0),
        _ => (trimmed, 1.0),
    };
    let value: f64 = number.trim().parse().map_err(|_| bad())?;
    if !(value.is_finite() && value > 0.0) {
        return Err(bad());
    }
    Duration::try_from_secs_f64(value * unit).map_err(|_| bad())
}

/// A size in bytes on the command line: a number, with a unit `K`, `M`,
/// `G` or `T` (powers of 1024; `KB`, `KiB` and lower case alike) or none
/// for bytes (`500M`, `2G`, `1.5G`).
pub fn parse_size(text: &str) -> Result<u64, String> {
    let bad = || format!("expected a size such as 500M or 2G, found '{text}'");
    let trimmed = text.trim();
    let digits = trimmed
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(trimmed.len());
    let (number, unit) = trimmed.split_at(digits);
    let shift = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kb" | "kib" => 10,
        "m" | "mb" | "mib" => 20,
        "g" | "gb" | "gib" => 30,
        "t" | "tb" | "tib" => 40,
        _ => return Err(bad()),
    };
    let value: f64 = number.parse().map_err(|_| bad())?;
    let bytes = value * f64::from(1u32 << (shift / 2)) * f64::from(1u32 << (shift - shift / 2));
    if !(0.0..1.8e19).contains(&bytes) {
        return Err(bad());
    }
    Ok(bytes as u64)
}

/// Whether `path` names stdin (`-`).
pub fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// An input file by its name on the command line, or stdin for `-`: its
/// name in messages (`<stdin>` for stdin) and a buffered reader.
///
/// # Errors
///
/// `cannot read FILE`, with the cause, when the file cannot be opened.
pub fn open(path: &Path) -> Result<(String, Box<dyn BufRead + Send>)> {
    const BUFFER: usize = 1 << 16;
    if is_stdin(path) {
        let stdin = BufReader::with_capacity(BUFFER, io::stdin());
        return Ok(("<stdin>".to_string(), Box::new(stdin)));
    }
    let name = path.display().to_string();
    let file = File::open(path).with_context(|| {
        // `--canon maxlex` and `--rate se` read the value as a file's name.
        let hint = match name.as_str() {
            "minlex" | "maxlex" if !path.exists() => {
                format!(" (for --canon, write --canon={name})")
            }
            "search" | "se" if !path.exists() => format!(" (for --rate, write --rate={name})"),
            _ => String::new(),
        };
        format!("cannot read {name}{hint}")
    })?;
    Ok((name, Box::new(BufReader::with_capacity(BUFFER, file))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_take_units() {
        assert_eq!(parse_duration("90"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_duration("1.5"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_duration("10m"), Ok(Duration::from_secs(600)));
        assert_eq!(parse_duration("2h"), Ok(Duration::from_secs(7200)));
        assert_eq!(parse_duration("0.5s"), Ok(Duration::from_millis(500)));
        for bad in ["", "0", "-1", "x", "1d", "nan", "infs"] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
    }
}
