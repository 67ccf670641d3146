//! What a run says at its end: the count (text, or a JSON record, a piece
//! record with `--piece`), the statistics on stderr, why the search
//! stopped, and the exit status.

use std::io::{self, Write};
use std::time::Duration;

use anyhow::Result;
use dlx::Problem;

use super::count::Tally;
use super::limits::Stop;
use super::plan::Plan;
use super::record::{self, Record};
use super::{Format, Run};
use crate::terminal::{diagnose, Status};

/// Writes the count (with `--count`) to `out`, then the statistics and
/// the outcome to stderr; returns the exit status.
///
/// # Errors
///
/// When `out` cannot be written.
pub fn report(
    problem: &Problem,
    plan: &Plan,
    run: &Run,
    tally: &Tally,
    elapsed: Duration,
    out: &mut dyn Write,
) -> Result<Status> {
    if run.count {
        write_count(problem, plan, run, tally, out)?;
    }
    out.flush()?;
    if run.stats {
        print_stats(tally, elapsed);
    }
    Ok(outcome(run, tally))
}

/// The count, as text or as a record.
fn write_count(
    problem: &Problem,
    plan: &Plan,
    run: &Run,
    tally: &Tally,
    out: &mut dyn Write,
) -> io::Result<()> {
    let solutions = tally.solutions;
    match run.format {
        Format::Text => match tally.stop.filter(|s| s.is_short()) {
            None => writeln!(out, "{solutions}"),
            Some(Stop::Interrupted) => writeln!(out, "{solutions} interrupted"),
            Some(stop) => writeln!(out, "{solutions} stopped ({})", stop.name()),
        },
        Format::Json => {
            let mut record = Record::count(solutions, tally.stop);
            record.memo = tally.memo.is_some() && run.memo;
            if let (Some(split), Some(piece)) = (&plan.split, run.piece) {
                let fingerprint = record::fingerprint(problem);
                record = record.piece(&fingerprint, split.depth(), piece, &tally.stats);
            }
            out.write_all(record.line().as_bytes())
        }
    }
}

/// Why the search ended, said on stderr when it stopped short or found
/// nothing, and the exit status that goes with it.
fn outcome(run: &Run, tally: &Tally) -> Status {
    let solutions = tally.solutions;
    let found = format!(
        "{solutions} solution{}",
        if solutions == 1 { "" } else { "s" }
    );
    match tally.stop {
        Some(Stop::Interrupted) => {
            diagnose(format_args!("dlx: interrupted after {found}"));
            return Status::Interrupted;
        }
        Some(Stop::NodeLimit) => {
            diagnose(format_args!(
                "dlx: stopped by the node limit ({} nodes) after {found}: the search is not complete",
                run.limits.max_nodes.unwrap_or_default()
            ));
            return Status::Stopped;
        }
        Some(Stop::TimeLimit) => {
            diagnose(format_args!(
                "dlx: stopped by the time limit ({:.1} s) after {found}: the search is not complete",
                run.limits.time.seconds()
            ));
            return Status::Stopped;
        }
        Some(Stop::SolutionLimit) | None => {}
    }
    // Said when nothing is printed: without --count, no solution leaves
    // stdout empty. A piece of a split tree may hold no solution: that is
    // a result, not a failure, when the whole problem is spread over
    // several jobs.
    if solutions == 0 && !run.count {
        match run.piece {
            Some((i, n)) => diagnose(format_args!("dlx: piece {i}/{n} holds no solution")),
            None => diagnose("dlx: no solution"),
        }
    }
    if solutions > 0 || run.piece.is_some() {
        Status::Solved
    } else {
        Status::Failed
    }
}

/// `--stats`: the figures as Knuth's programs print them, on stderr, and
/// those of the table of a memoized count.
fn print_stats(tally: &Tally, elapsed: Duration) {
    let (stats, solutions, stop) = (&tally.stats, tally.solutions, tally.stop);
    let mut err = io::stderr().lock();
    let how = match stop {
        None => "complete",
        Some(Stop::SolutionLimit) => "stopped at the solution limit",
        Some(Stop::NodeLimit) => "stopped at the node limit",
        Some(Stop::TimeLimit) => "stopped at the time limit",
        Some(Stop::Interrupted) => "cancelled",
    };
    let _ = writeln!(
        err,
        "solutions: {solutions}, nodes: {}, updates: {}, max level: {}, time: {:.3} s ({how})",
        stats.nodes,
        stats.updates,
        stats.max_level,
        elapsed.as_secs_f64()
    );
    if let Some(memo) = tally.memo.filter(|m| m.lookups > 0 || m.entries > 0) {
        let cap = match (memo.none, memo.clears) {
            (true, _) => " (--memo-size holds no table: a plain count)".to_string(),
            (false, 0) => String::new(),
            (false, n) => format!(" (full {n} times: the older half dropped)"),
        };
        let _ = writeln!(
            err,
            "memo: {} entries, {} hits of {} lookups, {} bytes{cap}",
            memo.entries, memo.hits, memo.lookups, memo.bytes,
        );
    }
    if let Some(levels) = &stats.level_nodes {
        for (level, nodes) in levels.iter().enumerate().filter(|(_, &n)| n > 0) {
            let _ = writeln!(err, "  level {level}: {nodes} nodes");
        }
    }
}
