//! Cutting the search tree into independent pieces.
//!
//! A *piece* is the list of options the search chose on its way from the
//! root to one node at the split depth (or to a solution shallower than
//! that). The subtrees below distinct pieces are disjoint and together hold
//! every solution, so counts over the pieces add up to the whole count, and
//! a piece can be solved anywhere: on another thread with its own copy of
//! the arena (see [`Solver::par_count`], feature `parallel`), or on another
//! machine ([`Split::piece`]). The walk that cuts the tree is the search
//! itself, stopped at the depth.
//!
//! For a problem with multiplicities (Algorithm M) a level is not only an
//! option: the options tried before it at the same level stay out of play
//! below it, and a level may be a null move ([`OptionId::NULL`]). So a
//! piece is the list of the search's moves, and selecting it replays them:
//! the branching item is chosen again at each level and its options tried
//! up to the piece's, as the search did, so that the figures below a piece
//! are those of its subtree.

use std::ops::ControlFlow;

use crate::error::Error;
use crate::problem::OptionId;
use crate::search::{Outcome, Solver, Stats};

/// The pieces of a search tree cut at one depth; see [`Solver::split`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Split {
    depth: usize,
    pieces: Vec<Vec<OptionId>>,
    stats: Stats,
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

    /// The figures of the walk that cut the tree: its nodes are those above
    /// the pieces (at levels below the depth), and its updates theirs. With
    /// the figures of every piece's search ([`Solver::count_piece`] and
    /// the others, from a solver with nothing else selected) they add up
    /// ([`Stats::merge`]) to those of the search of the whole tree.
    pub fn stats(&self) -> &Stats {
        &self.stats
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

impl Solver {
    /// Cuts the search tree at `depth` levels below the selected options into
    /// independent pieces.
    ///
    /// The tree is that of the search with the options selected and
    /// excluded now: the pieces hold no excluded option, and they are
    /// pieces for a solver that selects and excludes the same options (this
    /// one, or a clone of it, as the workers of `Solver::par_count` are).
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
        let stats = self.walk_pieces(depth, |piece| pieces.push(piece.to_vec()));
        Split {
            depth,
            pieces,
            stats,
        }
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

    /// Selects the options of a piece (from this solver's [`Solver::split`])
    /// on top of the current selection, as levels of the tree (for a
    /// problem with multiplicities, by replaying the search's moves; see
    /// the module docs): the search
    /// below counts its levels from the root of the whole tree, so that the
    /// figures of the pieces add up with the split's to the whole tree's
    /// (see [`Split::stats`]). They are released, like any selection, with
    /// [`Solver::unselect`] (one per entry of the piece, last first) or
    /// [`Solver::reset`].
    ///
    /// # Errors
    ///
    /// As [`Solver::select`], when the piece does not fit the current
    /// selection (it comes from another problem or selection); nothing
    /// changes then.
    ///
    /// # Example
    ///
    /// ```
    /// let problem = dlx::puzzles::queens(6);
    /// let mut solver = dlx::Solver::new(&problem);
    /// let whole = solver.count();
    /// let split = solver.split(2);
    /// let mut total = split.stats().clone();
    /// let mut count = 0;
    /// for piece in split.pieces() {
    ///     solver.clear_stats();
    ///     solver.select_piece(piece)?;
    ///     count += solver.count();
    ///     total.merge(&solver.stats());
    ///     solver.reset();
    /// }
    /// solver.clear_stats();
    /// assert_eq!(count, solver.count());
    /// assert_eq!(total, solver.stats());
    /// # Ok::<(), dlx::Error>(())
    /// ```
    pub fn select_piece(&mut self, piece: &[OptionId]) -> Result<(), Error> {
        for (k, &id) in piece.iter().enumerate() {
            if let Err(e) = self.select_as(id, true) {
                for _ in 0..k {
                    self.unselect();
                }
                return Err(e);
            }
        }
        Ok(())
    }

    /// Selects a piece's options on top of the current selection (see
    /// [`Solver::select_piece`]), calls `visit` for each solution of the
    /// rest, and releases the piece again.
    ///
    /// # Errors
    ///
    /// [`crate::ErrorKind::Conflict`] when the piece does not fit the current
    /// selection (it comes from another problem or selection), and
    /// [`crate::ErrorKind::Excluded`] when it holds an excluded option (it
    /// was cut before the option was excluded).
    pub fn for_each_in_piece<F>(&mut self, piece: &[OptionId], visit: F) -> Result<Outcome, Error>
    where
        F: FnMut(&[OptionId]) -> ControlFlow<()>,
    {
        self.select_piece(piece)?;
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
    pub fn count_piece(&mut self, piece: &[OptionId]) -> Result<u64, Error> {
        let mut count = 0;
        self.for_each_in_piece(piece, |_| {
            count += 1;
            ControlFlow::Continue(())
        })?;
        Ok(count)
    }
}
