//! `--estimate`: the size of the search tree and the time of the search,
//! before running it.
//!
//! The nodes come from Knuth's random probes ([`dlx::Solver::estimate`]);
//! the time is those nodes at the rate of a short timed search of the
//! same tree (its first nodes), on one thread, and divided by the threads
//! of `-j` for a parallel count.

use std::io::{self, Write};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Result;
use dlx::{Limits, Outcome, Solver};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use crate::interrupt;
use crate::terminal::Status;

/// How long the timed search runs at most.
const TIMED: Duration = Duration::from_millis(100);

/// What the estimate is asked for.
pub struct Ask {
    /// Random paths to follow.
    pub probes: u64,
    /// The seed of their random choices.
    pub seed: u64,
    /// The threads of the search to come.
    pub threads: usize,
    /// JSON instead of text.
    pub json: bool,
}

impl Ask {
    /// What `run` asks.
    pub fn of(run: &super::Run) -> Ask {
        Ask {
            probes: run.probes,
            seed: run.seed.seed.unwrap_or(0),
            threads: run.threads.count(),
            json: run.format == super::Format::Json,
        }
    }
}

/// The estimate as JSON prints it.
#[derive(Serialize)]
struct Report {
    /// The probes' estimates.
    nodes: f64,
    nodes_error: f64,
    solutions: f64,
    /// The estimated time of the search on `threads` threads.
    seconds: f64,
    nodes_per_second: f64,
    threads: usize,
    probes: u64,
    seed: u64,
    /// The time the probes took.
    probe_seconds: f64,
    /// The nodes of the timed search.
    searched: u64,
    /// Whether the timed search went through the whole tree: then
    /// `searched` is the exact number of nodes, and `seconds` the time.
    complete: bool,
}

/// Estimates the tree of `solver` and prints the estimate.
///
/// # Errors
///
/// When stdout cannot be written.
pub fn report(solver: &mut Solver, ask: &Ask) -> Result<Status> {
    let mut rng = ChaCha8Rng::seed_from_u64(ask.seed);
    let probing = Instant::now();
    let estimate = solver.estimate(ask.probes, &mut rng);
    let probe_seconds = probing.elapsed().as_secs_f64();
    // The rate of the search on its first nodes.
    solver.clear_stats();
    solver.rewind();
    let cancel = interrupt::flag();
    let started = Instant::now();
    let mut solutions = 0u64;
    let exact = loop {
        let nodes = solver.stats().nodes;
        solver.set_limits(
            Limits::new()
                .nodes(nodes + 4096)
                .cancel_flag(Arc::clone(&cancel)),
        );
        while solver.next_solution().is_some() {
            solutions += 1;
        }
        match solver.outcome() {
            Outcome::NodeLimit if started.elapsed() < TIMED => {}
            outcome => break outcome == Outcome::Complete,
        }
    };
    let seconds = started.elapsed().as_secs_f64();
    let timed = solver.stats().nodes;
    let rate = timed as f64 / seconds.max(1e-9);
    let (nodes, found, error) = (estimate.nodes, estimate.solutions, estimate.nodes_error);
    let one_thread = if exact { seconds } else { nodes / rate };
    let time = one_thread / ask.threads.max(1) as f64;
    let mut out = io::stdout().lock();
    if ask.json {
        let report = Report {
            nodes,
            nodes_error: error,
            solutions: found,
            seconds: time,
            nodes_per_second: rate,
            threads: ask.threads,
            probes: estimate.probes,
            seed: ask.seed,
            probe_seconds,
            searched: timed,
            complete: exact,
        };
        serde_json::to_writer(&mut out, &report)?;
        writeln!(out)?;
    } else {
        writeln!(
            out,
            "nodes: about {nodes:.3e} (standard error {:.0}%), solutions: about {found:.3e} ({} probes, seed {}, {probe_seconds:.3} s)",
            100.0 * error / nodes.max(1.0),
            estimate.probes,
            ask.seed
        )?;
        if exact {
            writeln!(
                out,
                "nodes: {timed}, solutions: {solutions}, time: {seconds:.3} s (the whole tree, searched)"
            )?;
            out.flush()?;
            return Ok(Status::Solved);
        }
        let threads = match ask.threads {
            1 => "one thread".to_string(),
            n => format!("{n} threads"),
        };
        writeln!(
            out,
            "time: about {} on {threads}, at {rate:.3e} nodes/s (timed over {timed} nodes)",
            duration(time)
        )?;
    }
    out.flush()?;
    Ok(Status::Solved)
}

/// A time in the unit a user thinks in.
fn duration(seconds: f64) -> String {
    match seconds {
        s if s < 120.0 => format!("{s:.2} s"),
        s if s < 7200.0 => format!("{:.1} min", s / 60.0),
        s if s < 172_800.0 => format!("{:.1} h", s / 3600.0),
        s if s < 2.0 * 31_557_600.0 => format!("{:.1} days", s / 86_400.0),
        s => format!("{:.1} years", s / 31_557_600.0),
    }
}
