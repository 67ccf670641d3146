//! Counting the solutions below a list of subtrees (pieces of a split
//! tree, or the whole tree as one), on one thread or a pool, under the
//! run's limits, reporting each subtree as it is done.
//!
//! Each subtree is searched in slices of nodes taken from the shared
//! [`Budget`], so that `--max-nodes` holds for the whole run whatever the
//! number of threads, and the progress line moves between solutions.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use anyhow::{Context, Result};
use dlx::{Limits, OptionId, Outcome, Solver, Stats};
use indicatif::ProgressBar;
use rayon::prelude::*;

use crate::interrupt;
use crate::limits::{heavier, Budget, Stop};

/// Nodes searched between two looks at the budget, the other workers and
/// the progress line: a few milliseconds.
const SLICE: u64 = 1 << 16;

/// The count of some subtrees.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Solutions found.
    pub solutions: u64,
    /// Their search's figures, levels from the root.
    pub stats: Stats,
    /// What stopped the search short of the end, if anything did.
    pub stop: Option<Stop>,
}

impl Tally {
    /// Adds another tally to this one.
    pub fn add(&mut self, other: &Tally) {
        self.solutions += other.solutions;
        self.stats.merge(&other.stats);
        self.stop = heavier(self.stop, other.stop);
    }
}

/// What the counting shares: the limits and the report of each subtree.
pub struct Counting<'a> {
    /// The nodes the run may visit.
    pub budget: &'a Budget,
    /// At most this many solutions in all (`--limit`).
    pub limit: Option<u64>,
    /// Called with the index of each subtree and its tally, from the
    /// worker that counted it, as soon as it is done (stopped or not).
    pub done: &'a (dyn Fn(usize, &Tally) + Sync),
    /// Progress: the subtrees done (or, on one thread, the fraction of
    /// the tree explored).
    pub bar: &'a ProgressBar,
}

/// Shared between the workers: solutions found so far, and whether to
/// stop taking subtrees.
struct Shared {
    found: AtomicU64,
    halt: AtomicBool,
    /// Whether some subtree was left out for a stop.
    skipped: AtomicBool,
}

/// Counts the solutions below `subtrees` (each an index, reported back to
/// `counting.done`, and its options) on `threads` threads, each worker
/// with its own copy of `solver`.
///
/// # Errors
///
/// When a subtree does not fit the solver (it was not cut from it), or the
/// threads cannot be started.
pub fn count(
    solver: &mut Solver,
    subtrees: &[(usize, &[OptionId])],
    threads: usize,
    counting: &Counting<'_>,
) -> Result<Tally> {
    let shared = Shared {
        found: AtomicU64::new(0),
        halt: AtomicBool::new(false),
        skipped: AtomicBool::new(false),
    };
    let total = Mutex::new(Tally::default());
    let failure = Mutex::new(None);
    let one = |worker: &mut Solver, k: usize, (index, options): &(usize, &[OptionId])| {
        if shared.halt.load(Ordering::SeqCst) || interrupt_set() {
            shared.skipped.store(true, Ordering::SeqCst);
            return;
        }
        let tally = match subtree(
            worker,
            options,
            counting,
            &shared,
            threads == 1,
            (k, subtrees.len()),
        ) {
            Ok(tally) => tally,
            Err(e) => {
                shared.halt.store(true, Ordering::SeqCst);
                failure
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .get_or_insert(e);
                return;
            }
        };
        if tally.stop.is_some() {
            shared.halt.store(true, Ordering::SeqCst);
        }
        (counting.done)(*index, &tally);
        counting.bar.inc(1);
        let mut total = total.lock().unwrap_or_else(|e| e.into_inner());
        total.add(&tally);
        counting
            .bar
            .set_message(format!("{} solutions", total.solutions));
    };
    if threads <= 1 {
        for (k, job) in subtrees.iter().enumerate() {
            one(solver, k, job);
        }
    } else {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .context("cannot start the worker threads")?;
        let template = &*solver;
        pool.install(|| {
            subtrees
                .par_iter()
                .enumerate()
                .for_each_init(|| template.clone(), |worker, (k, job)| one(worker, k, job));
        });
    }
    if let Some(e) = failure.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    let mut total = total.into_inner().unwrap_or_else(|e| e.into_inner());
    // Subtrees left out, for a limit reached elsewhere or a signal (or the
    // time limit) between two: the run stopped for it. A signal after the
    // last subtree changes nothing: the count is whole.
    if shared.skipped.load(Ordering::SeqCst) {
        let why = if interrupt_set() {
            Stop::of(Outcome::Cancelled)
        } else {
            Some(Stop::SolutionLimit)
        };
        total.stop = heavier(total.stop, why);
    }
    Ok(total)
}

/// Whether a signal or the time limit set the flag.
fn interrupt_set() -> bool {
    interrupt::flag().load(Ordering::SeqCst)
}

/// Counts the solutions below one subtree, the `k`-th of `of`.
fn subtree(
    worker: &mut Solver,
    options: &[OptionId],
    counting: &Counting<'_>,
    shared: &Shared,
    alone: bool,
    (k, of): (usize, usize),
) -> Result<Tally> {
    let cancel = interrupt::flag();
    worker.clear_stats();
    worker
        .select_piece(options)
        .context("a piece does not fit the problem")?;
    worker.rewind();
    let mut tally = Tally::default();
    'slices: loop {
        let grant = counting.budget.take(SLICE);
        if grant == 0 {
            tally.stop = Some(Stop::NodeLimit);
            break;
        }
        let before = worker.stats().nodes;
        worker.set_limits(
            Limits::new()
                .nodes(before + grant)
                .cancel_flag(Arc::clone(&cancel)),
        );
        while worker.next_solution().is_some() {
            let n = shared.found.fetch_add(1, Ordering::SeqCst) + 1;
            if counting.limit.is_some_and(|max| n > max) {
                // Another worker reached the limit first.
                shared.halt.store(true, Ordering::SeqCst);
                tally.stop = Some(Stop::SolutionLimit);
                break;
            }
            tally.solutions += 1;
            if counting.limit == Some(n) {
                shared.halt.store(true, Ordering::SeqCst);
                tally.stop = Some(Stop::SolutionLimit);
                break;
            }
        }
        let used = worker.stats().nodes - before;
        counting.budget.settle(grant, used);
        if tally.stop.is_some() {
            break;
        }
        match worker.outcome() {
            Outcome::NodeLimit => {
                if shared.halt.load(Ordering::SeqCst) {
                    tally.stop = Some(Stop::SolutionLimit);
                    break 'slices;
                }
                if alone {
                    let done = (k as f64 + worker.progress()) / of as f64;
                    counting.bar.set_message(format!(
                        "{} solutions ({:.1}% of the tree)",
                        shared.found.load(Ordering::Relaxed),
                        100.0 * done
                    ));
                }
            }
            outcome => {
                tally.stop = Stop::of(outcome);
                break;
            }
        }
    }
    tally.stats = worker.stats();
    for _ in options {
        worker.unselect();
    }
    Ok(tally)
}
