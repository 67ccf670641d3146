//! The runner that `dlx cover`, `tile`, `queens` and `pentomino` share:
//! it counts (in parallel with `-j`), prints solutions, runs one piece of a
//! split tree, records finished pieces in a checkpoint file, estimates the
//! size of the tree, writes the problem in Knuth's format, and reports
//! statistics, under the limits asked for. One module a step: `flags` (what
//! the commands take), `plan` (where the tree is cut), `count` and
//! `serial` (the two searches), `report` (what is said at the end), with
//! `checkpoint`, `record` (piece records, which `dlx merge` reads too),
//! `estimate` and `limits` beside them.
//!
//! Ctrl-C or SIGTERM stops the search (see [`crate::interrupt`]): the
//! solutions printed so far stay whole, a count is printed with the word
//! `interrupted`, and the run ends with status 130. `--max-nodes` and
//! `--time-limit` stop it the same way, with `stopped (node limit)` or
//! `stopped (time limit)` and status 3: a stopped search is not "no
//! solution".

pub mod checkpoint;
mod count;
mod estimate;
mod flags;
mod limits;
mod plan;
pub mod record;
mod report;
mod serial;

use std::io::{self, BufWriter, Write};
use std::time::Instant;

use anyhow::{Context, Result};
use dlx::{OptionId, Problem, Solver};

pub(crate) use flags::format_help;
pub use flags::{Format, Order, Run};
use plan::Plan;

use crate::terminal::Status;

/// How a command shows the solutions of its problem.
pub trait Print {
    /// Writes one solution as text: its option lines, or a picture.
    fn text(&self, out: &mut dyn Write, problem: &Problem, solution: &[OptionId])
        -> io::Result<()>;

    /// The number of an option in JSON: its id, from 0 in the order the
    /// options were added, unless the command numbers them otherwise.
    fn number(&self, option: OptionId) -> usize {
        option.index()
    }
}

/// The problem a memoized count counts: `problem` without its free items
/// (pieces that may be used any number of times), which must leave no
/// multiplicities.
///
/// # Errors
///
/// When some item's bounds constrain the count: memoized counting does
/// not take them.
fn memo_problem(problem: &Problem) -> Result<Problem> {
    let free = problem.without_free_items();
    let left = free.as_ref().unwrap_or(problem);
    match (0..left.primary_count()).find(|&i| left.bounds(i) != (1, 1)) {
        None => Ok(free.unwrap_or_else(|| problem.clone())),
        Some(i) => {
            let (lo, hi) = left.bounds(i);
            anyhow::bail!(
                "--memo does not take multiplicities: item '{}' has bounds {lo}:{hi} \
                 (only items with a lower bound of 0 that no choice of options can \
                 exceed are dropped); count without --memo",
                left.item_name(i).unwrap_or_default()
            )
        }
    }
}

/// Counts or prints the solutions of `problem` as `run` asks (or writes
/// it, or estimates its tree); `print` shows each solution.
///
/// # Errors
///
/// A problem too large for the memory, a failed write, a checkpoint file
/// that cannot be used.
pub fn solve(problem: &Problem, run: &Run, print: &dyn Print) -> Result<Status> {
    let mut out = BufWriter::new(io::stdout().lock());
    if run.emit.is_some() {
        dlx::write(problem, &mut out)?;
        out.flush()?;
        return Ok(Status::Solved);
    }
    let free;
    let problem = if run.memo && problem.has_multiplicities() {
        free = memo_problem(problem)?;
        &free
    } else {
        problem
    };
    let started = Instant::now();
    let mut solver = Solver::try_new(problem).context("cannot solve the problem")?;
    solver.profile_levels(run.levels);
    run.limits.time.start();
    if run.estimate {
        return estimate::report(&mut solver, &estimate::Ask::of(run));
    }
    let plan = Plan::new(&mut solver, run);
    let tally = if run.count {
        count::count(&mut solver, problem, &plan, run)?
    } else {
        serial::print(&mut solver, problem, &plan, run, &mut out, print)?
    };
    report::report(problem, &plan, run, &tally, started.elapsed(), &mut out)
}
