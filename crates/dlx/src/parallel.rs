//! Solving the pieces of a split tree (see [`crate::Split`]) on a rayon
//! pool, each worker with its own copy of the solver, under limits that
//! hold for the whole: the solution limit and the node limit are shared by
//! the workers, and the cancel flag stops them all.
//!
//! The node limit is a budget the workers draw from in slices of
//! [`SLICE`] nodes: each takes a slice before searching and gives back
//! what it did not use, so the whole never visits more nodes than the
//! limit. A worker that finds the budget empty while others hold slices
//! waits for what they give back: the limit is spent only when no node is
//! left and none is lent, so a limit the whole tree fits in never stops a
//! count, whatever the number of threads.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, PoisonError};

use crate::compact::CompactSolver;
use crate::error::{Error, ErrorKind};
use crate::problem::OptionId;
use crate::search::{Limits, Memo, MemoStats, Outcome, Solver, Stats};

/// Nodes a worker searches between two looks at the shared budget: a few
/// milliseconds of search.
const SLICE: u64 = 1 << 16;

/// The result of a parallel count: the sum of the pieces' counts, with their
/// statistics added up.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ParCount {
    /// Solutions counted (past 2^64 only by a memoized count).
    pub solutions: u128,
    /// The statistics of the pieces' searches added up, levels counted from
    /// the root; for [`Solver::par_count`] and [`Solver::par_for_each`],
    /// with those of the walk that cut the tree: the same figures as the
    /// serial search's, whatever the number of threads.
    pub stats: Stats,
    /// Complete, or which limit stopped some piece (a piece left out for a
    /// limit reached elsewhere counts as stopped by it).
    pub outcome: Outcome,
    /// For a memoized count ([`Solver::par_count_pieces_memo`]), the
    /// figures of the workers' tables added up.
    pub memo: Option<MemoStats>,
}

/// The count of one piece, reported as soon as the piece is done by
/// [`Solver::par_count_pieces_with`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct PieceCount {
    /// The piece's place among those given, from 0.
    pub index: usize,
    /// Solutions counted below it.
    pub solutions: u128,
    /// The statistics of its search, levels counted from the root.
    pub stats: Stats,
    /// [`Outcome::Complete`] when its whole subtree was searched, else the
    /// limit that stopped it.
    pub outcome: Outcome,
}

impl Solver {
    /// Counts the solutions on the current rayon pool: the tree is split
    /// (see [`Solver::split_for`]) and each worker solves pieces on its own
    /// copy of the arena. The count equals [`Solver::count`]'s; the limits
    /// apply to the whole (see [`Solver::par_count_pieces_with`]).
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
        self.par_count_pieces_with(pieces, &|_| ControlFlow::Continue(()))
    }

    /// [`Solver::par_count_pieces`], calling `done` with the count of each
    /// piece as soon as it is done (from the worker that counted it, stopped
    /// or not), for a progress report or a record of the pieces done; a
    /// [`ControlFlow::Break`] from it stops the count (the outcome is then
    /// [`Outcome::Stopped`]).
    ///
    /// The solver's [`Limits`](crate::Limits) hold for the whole count: at most its
    /// solution limit in all; at most its node limit in all, less the nodes
    /// its [`Solver::stats`] count already (the walk that cut the tree, say),
    /// shared by the workers as a budget; its cancel flag stops every
    /// worker.
    ///
    /// # Errors
    ///
    /// As [`Solver::par_count_pieces`].
    ///
    /// # Example
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    ///
    /// let problem = dlx::puzzles::queens(8);
    /// let mut solver = dlx::Solver::new(&problem);
    /// let split = solver.split(2);
    /// let done = AtomicUsize::new(0);
    /// let count = solver.par_count_pieces_with(
    ///     split.pieces().iter().map(Vec::as_slice),
    ///     &|piece| {
    ///         done.fetch_add(piece.solutions as usize, Ordering::Relaxed);
    ///         ControlFlow::Continue(())
    ///     },
    /// )?;
    /// assert_eq!(count.solutions, 92);
    /// assert_eq!(done.load(Ordering::Relaxed), 92);
    /// # Ok::<(), dlx::Error>(())
    /// ```
    pub fn par_count_pieces_with<'a, I>(
        &mut self,
        pieces: I,
        done: &(dyn Fn(&PieceCount) -> ControlFlow<()> + Sync),
    ) -> Result<ParCount, crate::Error>
    where
        I: IntoIterator<Item = &'a [OptionId]>,
    {
        let pieces: Vec<&[OptionId]> = pieces.into_iter().collect();
        self.par_pieces(&pieces, None, None::<fn(&[OptionId])>, done)
    }

    /// [`Solver::par_count_pieces_with`] by memoized search
    /// ([`Solver::count_memo`]): each worker thread keeps a table of its
    /// own, in `memo`'s order, for all the pieces it counts, with an equal
    /// share of `memo`'s cap on bytes; [`ParCount::memo`] adds up their
    /// figures.
    ///
    /// A solution limit caps the total, and the outcome is then
    /// [`Outcome::SolutionLimit`]: the pieces are counted whole.
    ///
    /// # Errors
    ///
    /// As [`Solver::par_count_pieces`], and those of
    /// [`Solver::count_memo`]: a count past `u128::MAX`, a problem with
    /// multiplicities.
    pub fn par_count_pieces_memo<'a, I>(
        &mut self,
        pieces: I,
        memo: &Memo,
        done: &(dyn Fn(&PieceCount) -> ControlFlow<()> + Sync),
    ) -> Result<ParCount, Error>
    where
        I: IntoIterator<Item = &'a [OptionId]>,
    {
        let pieces: Vec<&[OptionId]> = pieces.into_iter().collect();
        let threads = rayon::current_num_threads();
        let share = memo.byte_cap() / threads as u64;
        let tables: Vec<Mutex<Memo>> = (0..threads)
            .map(|_| Mutex::new(Memo::new().order(memo.branching()).max_bytes(share)))
            .collect();
        let limit = self.limits().solution_limit();
        let saved = self.limits().clone();
        if limit.is_some() {
            let mut unlimited = saved.clone();
            unlimited.solutions = None;
            self.set_limits(unlimited);
        }
        let counted = self.par_pieces(&pieces, Some(&tables), None::<fn(&[OptionId])>, done);
        self.set_limits(saved);
        let mut counted = counted?;
        let mut sum = MemoStats::default();
        for table in &tables {
            sum.merge(&lock(table).stats());
        }
        counted.memo = Some(sum);
        if let Some(max) = limit.map(u128::from) {
            if counted.outcome == Outcome::Complete && counted.solutions >= max {
                counted.solutions = max;
                counted.outcome = Outcome::SolutionLimit;
            }
        }
        Ok(counted)
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
        let mut counted = self
            .par_pieces(&pieces, None, Some(visit), &|_| ControlFlow::Continue(()))
            .unwrap_or_default();
        counted.stats.merge(split.stats());
        counted
    }

    /// Counts the pieces, by the plain search or, with a table per worker
    /// thread in `tables`, by the memoized one; `visit` sees each solution
    /// of the plain search, when there is one to call (a count lists no
    /// solution: listing each cost 30% of 6x8 dominoes' instructions).
    fn par_pieces<F>(
        &mut self,
        pieces: &[&[OptionId]],
        tables: Option<&[Mutex<Memo>]>,
        visit: Option<F>,
        done: &(dyn Fn(&PieceCount) -> ControlFlow<()> + Sync),
    ) -> Result<ParCount, crate::Error>
    where
        F: Fn(&[OptionId]) + Sync,
    {
        let nodes = self.limits().node_limit();
        let shared = Shared {
            limit: self.limits().solution_limit(),
            found: AtomicU64::new(0),
            budget: Budget::new(nodes.map(|max| max.saturating_sub(self.stats().nodes))),
            halt: Mutex::new(None),
            stopped: AtomicBool::new(false),
        };
        let failure = Mutex::new(None);
        let total = Mutex::new(ParCount::default());
        // Solves one piece on a worker's solver and adds up its count.
        let run = |worker: &mut Solver, table: Option<&Mutex<Memo>>, index: usize| {
            if shared.stopped.load(Ordering::Relaxed) {
                return;
            }
            let piece = pieces[index];
            let counted = match table {
                None => worker.count_slices(index, piece, &shared, visit.as_ref()),
                Some(table) => worker.count_memo_slices(index, piece, &shared, &mut lock(table)),
            };
            let counted = match counted {
                Ok(counted) => counted,
                Err(e) => {
                    shared.stop(Outcome::Stopped);
                    lock(&failure).get_or_insert(e);
                    return;
                }
            };
            if counted.outcome.is_limited() {
                shared.stop(counted.outcome);
            }
            let mut sum = lock(&total);
            let Some(solutions) = sum.solutions.checked_add(counted.solutions) else {
                drop(sum);
                shared.stop(Outcome::Stopped);
                lock(&failure).get_or_insert(Error::new(ErrorKind::CountOverflow));
                return;
            };
            sum.solutions = solutions;
            sum.stats.merge(&counted.stats);
            drop(sum);
            if done(&counted).is_break() {
                shared.stop(Outcome::Stopped);
            }
        };
        // A copy of the solver per worker thread, as many as the memory
        // holds: with no room for one, this solver solves the pieces
        // itself, one after another, and keeps its statistics.
        let threads = rayon::current_num_threads().clamp(1, pieces.len().max(1));
        let workers = crate::memory::copies(self.bytes(), threads);
        let table = |w: usize| tables.map(|tables| &tables[w % tables.len()]);
        if workers == 0 {
            let saved = self.stats();
            for index in 0..pieces.len() {
                run(self, table(0), index);
            }
            self.put_stats(saved);
        } else {
            let next = AtomicUsize::new(0);
            let this: &Solver = self;
            rayon::scope(|scope| {
                for w in 0..workers {
                    let (run, next) = (&run, &next);
                    scope.spawn(move |_| {
                        let mut worker = this.clone();
                        worker.clear_stats();
                        loop {
                            let index = next.fetch_add(1, Ordering::Relaxed);
                            if index >= pieces.len() {
                                break;
                            }
                            run(&mut worker, table(w), index);
                        }
                    });
                }
            });
        }
        if let Some(e) = failure.into_inner().unwrap_or_else(PoisonError::into_inner) {
            return Err(e);
        }
        let mut total = total.into_inner().unwrap_or_else(PoisonError::into_inner);
        total.outcome = shared
            .halt
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner)
            .unwrap_or(Outcome::Complete);
        Ok(total)
    }

    /// Counts the solutions below one piece (the `index`-th), in slices of
    /// nodes from the shared budget, calling `visit` for each.
    fn count_slices<F>(
        &mut self,
        index: usize,
        piece: &[OptionId],
        shared: &Shared,
        visit: Option<&F>,
    ) -> Result<PieceCount, crate::Error>
    where
        F: Fn(&[OptionId]) + Sync,
    {
        let limits = self.limits().clone();
        self.clear_stats();
        self.select_piece(piece)?;
        self.rewind();
        let mut counted = PieceCount {
            index,
            ..PieceCount::default()
        };
        match self.mirror() {
            Some(compact) => {
                (counted.solutions, counted.outcome) = slices(compact, &limits, shared, visit);
                counted.stats = compact.stats().clone();
            }
            None => {
                (counted.solutions, counted.outcome) = slices(self, &limits, shared, visit);
                counted.stats = self.stats();
            }
        }
        for _ in piece {
            self.unselect();
        }
        self.set_limits(limits);
        Ok(counted)
    }
}

impl Solver {
    /// Counts the solutions below one piece (the `index`-th) by memoized
    /// search with the worker's table, drawing its nodes from the shared
    /// budget in slices.
    fn count_memo_slices(
        &mut self,
        index: usize,
        piece: &[OptionId],
        shared: &Shared,
        memo: &mut Memo,
    ) -> Result<PieceCount, Error> {
        let limits = self.limits().clone();
        self.clear_stats();
        self.select_piece(piece)?;
        let mut counted = PieceCount {
            index,
            ..PieceCount::default()
        };
        let first = shared.budget.take(SLICE);
        // The nodes granted in all, and the last grant.
        let (mut granted, mut last) = (first, first);
        let result = if first == 0 {
            Ok(0)
        } else {
            self.set_limits(limits.clone().nodes(first));
            let mut more = || {
                // The grant so far is spent: settle it, and take another
                // unless the count stopped elsewhere.
                shared.budget.settle(last, last);
                last = if shared.halted().is_some() {
                    0
                } else {
                    shared.budget.take(SLICE)
                };
                granted += last;
                last
            };
            self.count_memo_with(memo, &mut more)
        };
        let visited = self.stats().nodes;
        shared
            .budget
            .settle(last, last.saturating_sub(granted.saturating_sub(visited)));
        counted.outcome = match (first, self.outcome()) {
            (0, _) => Outcome::NodeLimit,
            (_, Outcome::NodeLimit) => shared.halted().unwrap_or(Outcome::NodeLimit),
            (_, outcome) => outcome,
        };
        counted.stats = self.stats();
        for _ in piece {
            self.unselect();
        }
        self.set_limits(limits);
        counted.solutions = result?;
        Ok(counted)
    }
}

/// What the workers of one count share.
struct Shared {
    /// At most this many solutions in all.
    limit: Option<u64>,
    /// Solutions found so far, by all.
    found: AtomicU64,
    /// The nodes the workers may still visit.
    budget: Budget,
    /// Why the count stopped short, once something stopped it.
    halt: Mutex<Option<Outcome>>,
    /// Whether `halt` is set: no worker takes another piece.
    stopped: AtomicBool,
}

impl Shared {
    /// Stops the count for `why`; the first reason stays.
    fn stop(&self, why: Outcome) {
        lock(&self.halt).get_or_insert(why);
        self.stopped.store(true, Ordering::Relaxed);
    }

    /// Why the count stopped, if it did.
    fn halted(&self) -> Option<Outcome> {
        if self.stopped.load(Ordering::Relaxed) {
            *lock(&self.halt)
        } else {
            None
        }
    }
}

/// A mutex's value, whether or not a worker panicked holding it (the
/// values here stay whole whatever happens).
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The nodes a count may still visit, shared by its workers: each takes a
/// slice before searching and settles it after.
#[derive(Debug)]
struct Budget {
    purse: Option<Mutex<Purse>>,
    returned: Condvar,
}

/// The nodes not yet handed out, and those handed out and not yet
/// accounted for.
#[derive(Debug)]
struct Purse {
    left: u64,
    lent: u64,
}

impl Budget {
    /// A budget of `max` nodes, or an unlimited one.
    fn new(max: Option<u64>) -> Budget {
        Budget {
            purse: max.map(|left| Mutex::new(Purse { left, lent: 0 })),
            returned: Condvar::new(),
        }
    }

    /// Takes up to `want` nodes, waiting while the budget is empty but
    /// other workers hold slices; 0 when the budget is spent.
    fn take(&self, want: u64) -> u64 {
        let Some(purse) = &self.purse else {
            return want;
        };
        let mut purse = lock(purse);
        loop {
            if purse.left > 0 || purse.lent == 0 || want == 0 {
                let grant = purse.left.min(want);
                purse.left -= grant;
                purse.lent += grant;
                return grant;
            }
            purse = self
                .returned
                .wait(purse)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// Settles a grant of `granted` nodes of which `used` were visited:
    /// the rest goes back to the budget.
    fn settle(&self, granted: u64, used: u64) {
        if let Some(purse) = &self.purse {
            let mut purse = lock(purse);
            purse.lent -= granted.min(purse.lent);
            purse.left += granted.saturating_sub(used);
            self.returned.notify_all();
        }
    }
}

/// A search that counts in slices of nodes: the linked engine's or the
/// compact one's.
trait Slices {
    fn nodes(&self) -> u64;
    fn set_limits(&mut self, limits: Limits);
    fn next_found(&mut self) -> bool;
    fn reported(&mut self) -> &[OptionId];
    fn outcome(&self) -> Outcome;
}

impl Slices for Solver {
    fn nodes(&self) -> u64 {
        self.stats().nodes
    }
    fn set_limits(&mut self, limits: Limits) {
        Solver::set_limits(self, limits);
    }
    fn next_found(&mut self) -> bool {
        Solver::next_found(self)
    }
    fn reported(&mut self) -> &[OptionId] {
        Solver::reported(self)
    }
    fn outcome(&self) -> Outcome {
        Solver::outcome(self)
    }
}

impl Slices for CompactSolver {
    fn nodes(&self) -> u64 {
        self.stats().nodes
    }
    fn set_limits(&mut self, limits: Limits) {
        CompactSolver::set_limits(self, limits);
    }
    fn next_found(&mut self) -> bool {
        CompactSolver::next_found(self)
    }
    fn reported(&mut self) -> &[OptionId] {
        CompactSolver::reported(self)
    }
    fn outcome(&self) -> Outcome {
        CompactSolver::outcome(self)
    }
}

/// Counts the solutions of the search under way in `search`, in slices of
/// nodes from the shared budget, calling `visit` for each: the count and
/// how it ended. The search's limits are left as slices set them.
fn slices<S: Slices, F>(
    search: &mut S,
    limits: &Limits,
    shared: &Shared,
    visit: Option<&F>,
) -> (u128, Outcome)
where
    F: Fn(&[OptionId]) + Sync,
{
    let mut solutions = 0;
    let outcome = loop {
        let grant = shared.budget.take(SLICE);
        if grant == 0 {
            break Outcome::NodeLimit;
        }
        let before = search.nodes();
        search.set_limits(limits.clone().nodes(before.saturating_add(grant)));
        let mut reached = false;
        while search.next_found() {
            // As the serial search does, stop at the solution that
            // reaches the limit: the search then says the limit stopped
            // it, whether or not more solutions remain.
            // The shared tally serves the solution limit only: without
            // one, a count of millions of solutions makes no atomic add
            // for each.
            let n = match shared.limit {
                Some(_) => shared.found.fetch_add(1, Ordering::Relaxed) + 1,
                None => 0,
            };
            if shared.limit.is_some_and(|max| n > max) {
                reached = true;
                break;
            }
            solutions += 1;
            if let Some(visit) = visit {
                visit(search.reported());
            }
            if shared.limit == Some(n) {
                reached = true;
                break;
            }
        }
        shared.budget.settle(grant, search.nodes() - before);
        if reached {
            break Outcome::SolutionLimit;
        }
        match search.outcome() {
            Outcome::NodeLimit => {
                if let Some(halt) = shared.halted() {
                    break halt;
                }
            }
            outcome => break outcome,
        }
    };
    (solutions, outcome)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Limits;

    #[test]
    fn a_budget_is_never_overdrawn() {
        let budget = Budget::new(Some(10));
        assert_eq!(budget.take(4), 4);
        assert_eq!(budget.take(8), 6);
        budget.settle(4, 4);
        budget.settle(6, 3);
        assert_eq!(budget.take(5), 3);
        budget.settle(3, 3);
        assert_eq!(budget.take(1), 0);
        assert_eq!(Budget::new(None).take(7), 7);
    }

    #[test]
    fn a_worker_waits_for_the_nodes_another_gives_back() {
        let budget = Budget::new(Some(10));
        assert_eq!(budget.take(10), 10);
        std::thread::scope(|scope| {
            let waiter = scope.spawn(|| budget.take(10));
            std::thread::sleep(std::time::Duration::from_millis(20));
            budget.settle(10, 7);
            assert_eq!(waiter.join().unwrap(), 3);
        });
        budget.settle(3, 3);
        assert_eq!(budget.take(1), 0);
    }

    /// 8 queens has 1199 nodes: a node limit the whole tree fits in never
    /// stops a parallel count, one node less always does, whatever the
    /// threads; the pieces report their counts.
    #[test]
    fn the_node_limit_holds_for_the_whole_count() {
        let problem = crate::puzzles::queens(8);
        for threads in [1, 2, 4, 8] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| {
                let mut solver = Solver::new(&problem);
                let split = solver.split(2);
                let above = split.stats().nodes;
                for (max, outcome, solutions) in [
                    (1199, Outcome::Complete, Some(92)),
                    (1198, Outcome::NodeLimit, None),
                ] {
                    solver.clear_stats();
                    solver.set_limits(Limits::new().nodes(max - above));
                    let reported = Mutex::new(0);
                    let count = solver
                        .par_count_pieces_with(split.pieces().iter().map(Vec::as_slice), &|p| {
                            *lock(&reported) += p.solutions;
                            ControlFlow::Continue(())
                        })
                        .unwrap();
                    assert_eq!(count.outcome, outcome, "{threads} threads, {max} nodes");
                    assert!(count.stats.nodes <= max - above);
                    assert_eq!(*lock(&reported), count.solutions);
                    if let Some(solutions) = solutions {
                        assert_eq!(count.solutions, solutions);
                        assert_eq!(count.stats.nodes + above, 1199);
                    }
                }
            });
        }
    }

    #[test]
    fn a_break_from_the_report_stops_the_count() {
        let problem = crate::puzzles::queens(8);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        pool.install(|| {
            let mut solver = Solver::new(&problem);
            let split = solver.split(2);
            let seen = AtomicU64::new(0);
            let count = solver
                .par_count_pieces_with(split.pieces().iter().map(Vec::as_slice), &|_| {
                    seen.fetch_add(1, Ordering::Relaxed);
                    ControlFlow::Break(())
                })
                .unwrap();
            assert_eq!(seen.load(Ordering::Relaxed), 1);
            assert_eq!(count.outcome, Outcome::Stopped);
        });
    }
}
