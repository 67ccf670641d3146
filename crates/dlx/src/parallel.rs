//! Solving the pieces of a split tree (see [`crate::Split`]) on a rayon
//! pool, each worker with its own copy of the solver.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

use rayon::prelude::*;

use crate::problem::OptionId;
use crate::search::{Outcome, Solver, Stats};

/// The result of a parallel count: the sum of the pieces' counts, with their
/// statistics added up.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ParCount {
    /// Solutions counted.
    pub solutions: u64,
    /// The statistics of the pieces' searches added up, levels counted from
    /// the root; for [`Solver::par_count`] and [`Solver::par_for_each`],
    /// with those of the walk that cut the tree: the same figures as the
    /// serial search's, whatever the number of threads.
    pub stats: Stats,
    /// Complete, or which limit stopped some piece.
    pub outcome: Outcome,
}

impl Solver {
    /// Counts the solutions on the current rayon pool: the tree is split
    /// (see [`Solver::split_for`]) and each worker solves pieces on its own
    /// copy of the arena. The count equals [`Solver::count`]'s; the limits
    /// apply to the whole (a solution limit is shared by the workers).
    ///
    /// # Example
    ///
    /// ```
    /// let problem = dlx::puzzles::queens(8);
    /// let mut solver = dlx::Solver::new(&problem);
    /// assert_eq!(solver.par_count().solutions, 92);
    /// ```
    pub fn par_count(&mut self) -> ParCount {
        self.par_for_each(|_| {})
    }

    /// Counts the solutions below the given pieces in parallel, adding up
    /// the counts and statistics.
    ///
    /// # Errors
    ///
    /// [`crate::ErrorKind::Conflict`] (or `UnknownOption`, or `Excluded`)
    /// when a piece does not fit this solver: it was not made by its
    /// [`Solver::split`] with the options selected and excluded now.
    pub fn par_count_pieces<'a, I>(&mut self, pieces: I) -> Result<ParCount, crate::Error>
    where
        I: IntoIterator<Item = &'a [OptionId]>,
    {
        self.par_count_pieces_with(pieces, &|_| {})
    }

    /// [`Solver::par_count_pieces`], calling `done` with the number of
    /// solutions of each piece as soon as it is counted (from the worker
    /// that counted it), for a progress report.
    ///
    /// # Errors
    ///
    /// As [`Solver::par_count_pieces`].
    pub fn par_count_pieces_with<'a, I>(
        &mut self,
        pieces: I,
        done: &(dyn Fn(u64) + Sync),
    ) -> Result<ParCount, crate::Error>
    where
        I: IntoIterator<Item = &'a [OptionId]>,
    {
        let pieces: Vec<&[OptionId]> = pieces.into_iter().collect();
        self.par_pieces(&pieces, |_| {}, done)
    }

    /// Calls `visit` for every solution, from many threads at once (so in no
    /// particular order); returns the count and statistics as
    /// [`Solver::par_count`] does.
    pub fn par_for_each<F>(&mut self, visit: F) -> ParCount
    where
        F: Fn(&[OptionId]) + Sync,
    {
        let split = self.split_for(rayon::current_num_threads());
        let pieces: Vec<&[OptionId]> = split.pieces().iter().map(Vec::as_slice).collect();
        // The pieces come from this solver's own split: they fit, and no
        // error can come back.
        let mut counted = self.par_pieces(&pieces, visit, &|_| {}).unwrap_or_default();
        counted.stats.merge(split.stats());
        counted
    }

    fn par_pieces<F>(
        &mut self,
        pieces: &[&[OptionId]],
        visit: F,
        done: &(dyn Fn(u64) + Sync),
    ) -> Result<ParCount, crate::Error>
    where
        F: Fn(&[OptionId]) + Sync,
    {
        let limit = self.limits().solution_limit();
        let found = AtomicU64::new(0);
        let stop = AtomicBool::new(false);
        let failure = Mutex::new(None);
        let total = Mutex::new(ParCount::default());
        let template = self.clone();
        pieces.par_iter().for_each_init(
            || {
                let mut worker = template.clone();
                worker.clear_stats();
                worker
            },
            |worker, piece| {
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                let mut mine = 0;
                let outcome = worker.for_each_in_piece(piece, |solution| {
                    // As the serial search does, stop at the solution that
                    // reaches the limit: the search then says the limit
                    // stopped it, whether or not more solutions remain.
                    let n = found.fetch_add(1, Ordering::Relaxed) + 1;
                    if limit.is_some_and(|max| n > max) {
                        stop.store(true, Ordering::Relaxed);
                        return ControlFlow::Break(());
                    }
                    mine += 1;
                    visit(solution);
                    if limit == Some(n) {
                        stop.store(true, Ordering::Relaxed);
                        return ControlFlow::Break(());
                    }
                    ControlFlow::Continue(())
                });
                let outcome = match outcome {
                    Ok(Outcome::Stopped) => Outcome::SolutionLimit,
                    Ok(outcome) => outcome,
                    Err(e) => {
                        stop.store(true, Ordering::Relaxed);
                        let mut failure = failure.lock().unwrap_or_else(|e| e.into_inner());
                        failure.get_or_insert(e);
                        return;
                    }
                };
                if outcome.is_limited() {
                    stop.store(true, Ordering::Relaxed);
                }
                let stats = worker.stats();
                worker.clear_stats();
                let mut total = total.lock().unwrap_or_else(|e| e.into_inner());
                total.solutions += mine;
                total.stats.merge(&stats);
                if total.outcome == Outcome::NotStarted || outcome.is_limited() {
                    total.outcome = outcome;
                }
                drop(total);
                done(mine);
            },
        );
        if let Some(e) = failure.into_inner().unwrap_or_else(|e| e.into_inner()) {
            return Err(e);
        }
        let mut total = total.into_inner().unwrap_or_else(|e| e.into_inner());
        if total.outcome == Outcome::NotStarted {
            total.outcome = Outcome::Complete;
        }
        Ok(total)
    }
}
