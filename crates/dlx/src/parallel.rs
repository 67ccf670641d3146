//! Splitting the search tree into independent pieces, and solving the pieces
//! on a rayon pool.
//!
//! A *piece* is the list of options the search chose on its way from the
//! root to one node at the split depth (or to a solution shallower than
//! that). The subtrees below distinct pieces are disjoint and together hold
//! every solution, so counts over the pieces add up to the whole count,
//! whatever the number of workers, and a piece can be solved anywhere: on
//! another thread with its own copy of the arena, or on another machine.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

use rayon::prelude::*;

use crate::problem::OptionId;
use crate::search::{engine_mut, Engines, Outcome, Solver, Stats};

/// The pieces of a search tree cut at one depth; see [`Solver::split`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Split {
    depth: usize,
    pieces: Vec<Vec<OptionId>>,
}

impl Split {
    /// The depth the tree was cut at.
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// Every piece, in the order of the serial search.
    pub fn pieces(&self) -> &[Vec<OptionId>] {
        &self.pieces
    }

    /// The number of pieces.
    pub fn len(&self) -> usize {
        self.pieces.len()
    }

    /// Whether there are no pieces (the problem has no solution, and that
    /// was found above the split depth).
    pub fn is_empty(&self) -> bool {
        self.pieces.is_empty()
    }

    /// The pieces that job `index` of `jobs` runs (pieces `index`,
    /// `index + jobs`, `index + 2 * jobs`, ...), for spreading the work over
    /// machines: the counts of the `jobs` jobs add up to the whole.
    ///
    /// Returns nothing when `index >= jobs`.
    pub fn piece(&self, index: usize, jobs: usize) -> impl Iterator<Item = &[OptionId]> + '_ {
        let jobs = jobs.max(1);
        self.pieces
            .iter()
            .skip(if index < jobs {
                index
            } else {
                self.pieces.len()
            })
            .step_by(jobs)
            .map(Vec::as_slice)
    }
}

/// The result of a parallel count: the sum of the pieces' counts, with their
/// statistics added up.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParCount {
    /// Solutions counted.
    pub solutions: u64,
    /// The statistics of all workers added up (the deepest level is the
    /// deepest of any piece, counted from the root).
    pub stats: Stats,
    /// Complete, or which limit stopped some piece.
    pub outcome: Outcome,
}

impl Solver {
    /// Cuts the search tree at `depth` levels below the selected options into
    /// independent pieces.
    ///
    /// # Complexity
    ///
    /// The search of the tree's first `depth` levels.
    ///
    /// # Example
    ///
    /// ```
    /// use dlx::{Problem, Solver};
    /// let mut problem = Problem::new(2, 0);
    /// for _ in 0..3 {
    ///     problem.add_option([0usize])?;
    ///     problem.add_option([1usize])?;
    /// }
    /// let mut solver = Solver::new(&problem);
    /// let split = solver.split(1);
    /// assert_eq!(split.len(), 3);
    /// let total: u64 = split.pieces().iter().map(|p| solver.count_piece(p).unwrap()).sum();
    /// assert_eq!(total, 9);
    /// # Ok::<(), dlx::Error>(())
    /// ```
    pub fn split(&mut self, depth: usize) -> Split {
        let mut pieces = Vec::new();
        engine_mut!(self, e => e.visit_frontier(depth, |engine| {
            pieces.push(engine.choices(engine.level()).collect());
        }));
        Split { depth, pieces }
    }

    /// A split deep enough to give each of `workers` threads many pieces
    /// (at least 32 per worker where the tree allows), and no deeper than
    /// needed.
    pub fn split_for(&mut self, workers: usize) -> Split {
        let want = 32 * workers.max(1);
        let mut split = self.split(0);
        for depth in 1..=self.primary_count().min(12) {
            let next = self.split(depth);
            let enough = next.len() >= want;
            let stuck = next.len() <= split.len();
            split = next;
            if enough || stuck && depth > 3 {
                break;
            }
        }
        split
    }

    /// Selects a piece's options on top of the current selection, calls
    /// `visit` for each solution of the rest, and releases the piece again.
    ///
    /// # Errors
    ///
    /// [`crate::ErrorKind::Conflict`] when the piece does not fit the current
    /// selection (it comes from another problem or selection).
    pub fn for_each_in_piece<F>(
        &mut self,
        piece: &[OptionId],
        visit: F,
    ) -> Result<Outcome, crate::Error>
    where
        F: FnMut(&[OptionId]) -> ControlFlow<()>,
    {
        for (k, &id) in piece.iter().enumerate() {
            if let Err(e) = self.select(id) {
                for _ in 0..k {
                    self.unselect();
                }
                return Err(e);
            }
        }
        let outcome = self.for_each(visit);
        for _ in piece {
            self.unselect();
        }
        Ok(outcome)
    }

    /// Counts the solutions below a piece; see [`Solver::for_each_in_piece`].
    ///
    /// # Errors
    ///
    /// As [`Solver::for_each_in_piece`].
    pub fn count_piece(&mut self, piece: &[OptionId]) -> Result<u64, crate::Error> {
        let mut count = 0;
        self.for_each_in_piece(piece, |_| {
            count += 1;
            ControlFlow::Continue(())
        })?;
        Ok(count)
    }

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
    /// [`crate::ErrorKind::Conflict`] (or `UnknownOption`) when a piece does
    /// not fit this solver: it was not made by its [`Solver::split`].
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
        self.par_pieces(&pieces, visit, &|_| {}).unwrap_or_default()
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
                    if let Some(max) = limit {
                        if found.fetch_add(1, Ordering::Relaxed) >= max {
                            stop.store(true, Ordering::Relaxed);
                            return ControlFlow::Break(());
                        }
                    }
                    mine += 1;
                    visit(solution);
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
                add_stats(&mut total.stats, &stats, piece.len());
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

/// Adds a piece's statistics to the total, its levels counted from the root
/// (the piece's own search starts `depth` levels down).
fn add_stats(total: &mut Stats, piece: &Stats, depth: usize) {
    let mut shifted = piece.clone();
    shifted.max_level += depth;
    if let Some(levels) = &mut shifted.level_nodes {
        levels.splice(0..0, std::iter::repeat(0).take(depth));
    }
    total.merge(&shifted);
}
