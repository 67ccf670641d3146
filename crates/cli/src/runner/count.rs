//! `--count`: the subtrees of the run counted by the engine's parallel
//! count ([`dlx::Solver::par_count_pieces_with`], or
//! [`dlx::Solver::par_count_pieces_memo`] with `--memo` or `--order`) on
//! the run's threads, under its limits; with `--checkpoint`, resumed from
//! the pieces the file holds and each piece recorded there as it is done.

use std::ops::ControlFlow;
use std::path::Path;
use std::sync::{Mutex, PoisonError};

use anyhow::{Context, Result};
use dlx::{Limits, Memo, MemoStats, OptionId, Outcome, PieceCount, Problem, Solver, Split, Stats};

use super::checkpoint::Checkpoint;
use super::limits::{heavier, Stop};
use super::plan::Plan;
use super::{record, Run};
use crate::interrupt;
use crate::terminal::diagnose;

/// The count of some subtrees.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Solutions found.
    pub solutions: u128,
    /// Their search's figures, levels from the root.
    pub stats: Stats,
    /// What stopped the search short of the end, if anything did.
    pub stop: Option<Stop>,
    /// The figures of the tables of a memoized count.
    pub memo: Option<MemoStats>,
}

/// Counts the solutions of the run's subtrees, on its threads, recording
/// them in the checkpoint file if there is one. The figures are those of
/// the whole (with the walk above the split when the run owns it).
///
/// # Errors
///
/// A checkpoint file that cannot be read, locked or written (the count
/// stops at the first failed write), threads that cannot be started.
pub fn count(solver: &mut Solver, problem: &Problem, plan: &Plan, run: &Run) -> Result<Tally> {
    let mut total = Tally::default();
    // A checkpoint always comes with a split (see Plan::new).
    let (checkpoint, resumed) = match (&run.checkpoint, &plan.split) {
        (Some(path), Some(split)) => {
            let (checkpoint, resumed) = resume(path, problem, split, &plan.mine, &mut total)?;
            (Some((checkpoint, split)), resumed)
        }
        _ => (None, Vec::new()),
    };
    // A resumed count honours --limit K whatever the file holds: the
    // pieces recorded count towards K, and the rest of the search finds
    // what is left. The file may hold more than K (a run without the
    // limit, or with a larger one, or a memoized count, which counts its
    // pieces whole): then the count is K, cut by the limit, as a fresh
    // run says it.
    let limit = match run.limit {
        Some(k) if total.solutions >= u128::from(k) => {
            total.solutions = u128::from(k);
            total.stop = Some(Stop::SolutionLimit);
            return Ok(total);
        }
        // Fewer than K, so within a u64.
        Some(k) => Some(k - u64::try_from(total.solutions).unwrap_or(0)),
        None => None,
    };
    // Without a split, the whole tree is subtree 0, its only piece.
    let whole = [0];
    let subtrees: Vec<usize> = (if plan.split.is_some() {
        &plan.mine[..]
    } else {
        &whole
    })
    .iter()
    .filter(|k| !resumed.contains(k))
    .copied()
    .collect();
    let above = plan.above().filter(|_| !resumed.contains(&0));
    let mut limits = Limits::new().cancel_flag(interrupt::flag());
    if let Some(limit) = limit {
        limits = limits.solutions(limit);
    }
    // The walk above the split is part of the search: its nodes count
    // against --max-nodes.
    if let Some(max) = run.limits.max_nodes {
        let spent = above.map_or(0, |split| split.stats().nodes);
        limits = limits.nodes(max.saturating_sub(spent));
    }
    solver.clear_stats();
    solver.set_limits(limits);
    let memo = memo_of(run);
    let record = Recorder {
        memo: run.memo,
        checkpoint: checkpoint.as_ref().map(|(file, split)| (file, *split)),
        subtrees: &subtrees,
        above,
        failed: Mutex::new(None),
        bar: crate::terminal::progress_bar(Some(subtrees.len() as u64), "subtrees"),
    };
    let pieces: Vec<&[OptionId]> = match &plan.split {
        Some(split) => (subtrees.iter())
            .map(|&k| split.pieces()[k].as_slice())
            .collect(),
        None => vec![&[]],
    };
    // One thread is a pool of one: the pool of the whole machine serves
    // the engine otherwise.
    let pool = match run.threads.pool(subtrees.len(), "count")? {
        Some(pool) => pool,
        None => rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .context("cannot start the worker thread")?,
    };
    let counted = pool
        .install(|| match &memo {
            Some(memo) => solver.par_count_pieces_memo(pieces, memo, &|p| record.done(p)),
            None => solver.par_count_pieces_with(pieces, &|p| record.done(p)),
        })
        .context("cannot count the problem")?;
    record.bar.finish_and_clear();
    if let Some(e) = record
        .failed
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner)
    {
        let path = run.checkpoint.as_deref().unwrap_or(Path::new("-"));
        return Err(e.context(format!(
            "the count stopped; the pieces recorded before stay in {}, and the same \
             command resumes from them",
            path.display()
        )));
    }
    total.solutions = (total.solutions)
        .checked_add(counted.solutions)
        .context("the count passes 2^128")?;
    total.memo = counted.memo;
    total.stats.merge(&counted.stats);
    total.stop = heavier(total.stop, Stop::of(counted.outcome));
    if let Some(split) = above {
        total.stats.merge(split.stats());
    }
    Ok(total)
}

/// Opens the checkpoint file and adds the pieces of `mine` it holds to
/// `total`; returns the file and those pieces.
fn resume(
    path: &Path,
    problem: &Problem,
    split: &Split,
    mine: &[usize],
    total: &mut Tally,
) -> Result<(Checkpoint, Vec<usize>)> {
    let fingerprint = record::fingerprint(problem);
    let (checkpoint, done) = Checkpoint::open(path, &fingerprint, split)?;
    let mut resumed = Vec::new();
    for (index, record) in done.into_iter().filter(|(k, _)| mine.contains(k)) {
        let sum = |a: u64, b: Option<u64>| {
            a.checked_add(b.unwrap_or_default())
                .with_context(|| format!("the figures of {} pass 2^64", path.display()))
        };
        total.solutions = (total.solutions)
            .checked_add(record.count)
            .with_context(|| format!("the counts of {} pass 2^128", path.display()))?;
        total.stats.nodes = sum(total.stats.nodes, record.nodes)?;
        total.stats.updates = sum(total.stats.updates, record.updates)?;
        total.stats.max_level = (total.stats.max_level).max(record.max_level.unwrap_or_default());
        resumed.push(index);
    }
    if !resumed.is_empty() {
        diagnose(format_args!(
            "dlx: {}: {} of the {} subtrees done already, {} solutions",
            path.display(),
            resumed.len(),
            mine.len(),
            total.solutions
        ));
    }
    Ok((checkpoint, resumed))
}

/// The table of a memoized count, or of a plain count in the first
/// item's order (`--order first` without `--memo`: a table of 0 bytes);
/// `None` for the plain search.
fn memo_of(run: &Run) -> Option<Memo> {
    if !run.memo && run.order.is_none() {
        return None;
    }
    let order = run.order.map_or(dlx::Order::Fewest, dlx::Order::from);
    let memo = Memo::new().order(order);
    Some(match (run.memo, run.memo_size) {
        (false, _) => memo.max_bytes(0),
        (true, Some(bytes)) => memo.max_bytes(bytes),
        (true, None) => memo,
    })
}

/// What is done with each piece counted: the progress line, and its
/// record in the checkpoint file.
struct Recorder<'a> {
    /// Whether the count is memoized (its records say so).
    memo: bool,
    /// The checkpoint file, and the split whose pieces it records.
    checkpoint: Option<(&'a Checkpoint, &'a Split)>,
    /// The index in the split of each piece counted, by its place.
    subtrees: &'a [usize],
    /// The split, when its walk counts with subtree 0.
    above: Option<&'a Split>,
    /// The first write to the checkpoint file that failed.
    failed: Mutex<Option<anyhow::Error>>,
    bar: indicatif::ProgressBar,
}

impl Recorder<'_> {
    /// Called by the worker that counted `piece`; a break stops the count.
    fn done(&self, piece: &PieceCount) -> ControlFlow<()> {
        self.bar.inc(1);
        let Some((checkpoint, split)) = self.checkpoint else {
            return ControlFlow::Continue(());
        };
        if piece.outcome != Outcome::Complete {
            return ControlFlow::Continue(());
        }
        let mut failed = self.failed.lock().unwrap_or_else(PoisonError::into_inner);
        if failed.is_some() {
            return ControlFlow::Break(());
        }
        let index = self.subtrees[piece.index];
        let mut stats = piece.stats.clone();
        if let Some(above) = self.above.filter(|_| index == 0) {
            stats.merge(above.stats());
        }
        // The first failed write stops the count: the file keeps the
        // pieces recorded before it, and a run after it resumes there.
        match checkpoint.append(index, piece.solutions, self.memo, &stats, split) {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                *failed = Some(e);
                ControlFlow::Break(())
            }
        }
    }
}
