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

/// The estimate as JSON prints it. Figures too large for an `f64` are
/// [`f64::MAX`], with their logarithms exact.
#[derive(Serialize)]
struct Report {
    /// The probes' estimates.
    nodes: f64,
    nodes_log10: f64,
    nodes_error: f64,
    /// `None` (null) when no probe reached a solution.
    solutions: Option<f64>,
    solutions_log10: Option<f64>,
    probes_with_solutions: u64,
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

/// Estimates the tree of `solver` and prints the estimate. A signal (or
/// the time limit) that sets the cancel flag stops the probes and the
/// timed search, and nothing is printed: the status says which stopped it.
///
/// # Errors
///
/// When stdout cannot be written.
pub fn report(solver: &mut Solver, ask: &Ask) -> Result<Status> {
    let cancel = interrupt::flag();
    solver.set_limits(Limits::new().cancel_flag(Arc::clone(&cancel)));
    let mut rng = ChaCha8Rng::seed_from_u64(ask.seed);
    let probing = Instant::now();
    let estimate = solver.estimate(ask.probes, &mut rng);
    let probe_seconds = probing.elapsed().as_secs_f64();
    if estimate.outcome == Outcome::Cancelled || interrupt::interrupted() {
        return Ok(stopped());
    }
    // The rate of the search on its first nodes.
    solver.clear_stats();
    solver.rewind();
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
            Outcome::Cancelled => return Ok(stopped()),
            outcome => break outcome == Outcome::Complete,
        }
    };
    let seconds = started.elapsed().as_secs_f64();
    let timed = solver.stats().nodes;
    let rate = timed.max(1) as f64 / seconds.max(1e-9);
    // Nodes over the rate, in logarithms: the nodes may not fit.
    let time_log10 = estimate.nodes_log10 - rate.log10() - (ask.threads.max(1) as f64).log10();
    let time = if exact {
        seconds
    } else {
        finite(10f64.powf(time_log10))
    };
    let found = (estimate.probes_with_solutions > 0).then_some(estimate.solutions);
    let mut out = io::stdout().lock();
    if ask.json {
        let report = Report {
            nodes: estimate.nodes,
            nodes_log10: estimate.nodes_log10,
            nodes_error: estimate.nodes_error,
            solutions: found,
            solutions_log10: estimate.solutions_log10,
            probes_with_solutions: estimate.probes_with_solutions,
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
        let solutions_text = match estimate.solutions_log10 {
            Some(log10) => format!("about {}", figure(estimate.solutions, log10)),
            None => "none reached by the probes".to_string(),
        };
        writeln!(
            out,
            "nodes: about {} (standard error {:.0}%), solutions: {solutions_text} ({} probes, seed {}, {probe_seconds:.3} s)",
            figure(estimate.nodes, estimate.nodes_log10),
            100.0 * finite(estimate.nodes_relative_error),
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
            "time: {} on {threads}, at {rate:.3e} nodes/s (timed over {timed} nodes)",
            duration(time)
        )?;
    }
    out.flush()?;
    Ok(Status::Solved)
}

/// The status of an estimate stopped by the cancel flag: the time limit
/// set it, or a signal.
fn stopped() -> Status {
    if interrupt::timed_out() {
        Status::Stopped
    } else {
        Status::Interrupted
    }
}

/// `x`, or [`f64::MAX`] when it is not finite: JSON has no infinity.
fn finite(x: f64) -> f64 {
    if x.is_finite() {
        x
    } else {
        f64::MAX
    }
}

/// A figure from its value and its base-10 logarithm: `1.234e56`, or
/// `1.2e460` from the logarithm when the value does not fit in an `f64`.
fn figure(value: f64, log10: f64) -> String {
    if value < f64::MAX {
        return format!("{value:.3e}");
    }
    let mut exponent = log10.floor();
    let mut mantissa = 10f64.powf(log10 - exponent);
    // 9.96 would print as 10.0.
    if mantissa >= 9.95 {
        mantissa /= 10.0;
        exponent += 1.0;
    }
    format!("{mantissa:.1}e{exponent}")
}

/// The seconds in a year (of 365.25 days).
const YEAR: f64 = 31_557_600.0;

/// An estimated time in the unit a user thinks in; past a thousand years,
/// no figure means much.
fn duration(seconds: f64) -> String {
    match seconds {
        s if s < 120.0 => format!("about {s:.2} s"),
        s if s < 7200.0 => format!("about {:.1} min", s / 60.0),
        s if s < 172_800.0 => format!("about {:.1} h", s / 3600.0),
        s if s < 2.0 * YEAR => format!("about {:.1} days", s / 86_400.0),
        s if s <= 1000.0 * YEAR => format!("about {:.1} years", s / YEAR),
        _ => "more than 1000 years".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_past_f64_print_from_their_logarithm() {
        assert_eq!(figure(1234.0, 1234f64.log10()), "1.234e3");
        assert_eq!(figure(f64::MAX, 460.079), "1.2e460");
        assert_eq!(figure(f64::MAX, 460.999), "1.0e461");
    }

    #[test]
    fn durations_are_bounded() {
        assert_eq!(duration(30.0), "about 30.00 s");
        assert_eq!(duration(10.0 * YEAR), "about 10.0 years");
        assert_eq!(duration(1001.0 * YEAR), "more than 1000 years");
        assert_eq!(duration(f64::MAX), "more than 1000 years");
    }
}
