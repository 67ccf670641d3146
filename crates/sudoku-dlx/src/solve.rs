//! Solving: one prebuilt exact-cover matrix per layout, many puzzles.
//!
//! A [`SudokuSolver`] is the layout's [`Matrix`] (a puzzle loaded in it,
//! its plain search) beside the state of the [`deep`] search, which hard
//! puzzles with constraints need and which is written over the matrix.
//! This module holds the verbs that choose between the two searches, the
//! solvers each thread keeps, and the solving verbs on [`Grid`]. The
//! imports go one way: this module uses `deep` and `matrix`, `deep` uses
//! `matrix`, and all three use `error`, where [`SolveError`] is.

use std::cell::RefCell;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use dlx::Stats;

use crate::check::Conflict;
use crate::constraint::domains::Domains;
use crate::encode;
use crate::error::GridError;
use crate::grid::{square_layout, Grid};
use crate::layout::Layout;

pub(crate) mod bands;
mod deep;
mod error;
mod killer;
mod matrix;
mod propagate;

pub use error::SolveError;
pub use matrix::Propagation;

use bands::Bands;
use deep::Deep;
use matrix::Matrix;

/// Solves sudoku of one [`Layout`] with one exact-cover matrix built once:
/// each puzzle selects its givens' options, searches, and is reset.
///
/// # Example
///
/// ```
/// use sudoku_dlx::{Grid, SudokuSolver};
/// let puzzle = Grid::parse(
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
/// )?;
/// let mut solver = SudokuSolver::new(3)?;
/// let solution = solver.solution(&puzzle)?;
/// assert!(solution.is_solution_of(&puzzle));
/// assert_eq!(solver.count_solutions_up_to(&puzzle, 2)?, 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct SudokuSolver {
    /// The layout's matrix, the puzzle loaded in it, and its plain search.
    pub(crate) matrix: Matrix,
    /// The deep search of the puzzle loaded, when it is hard.
    deep: Deep,
    /// Which search classic puzzles take.
    engine: Engine,
    /// The statistics and outcome of the last search, when it ran on bit
    /// planes or on a killer's digits.
    planes: Option<(Stats, dlx::Outcome)>,
}

/// Which search a [`SudokuSolver`] runs.
///
/// The links are the exact-cover engine's dancing links: every layout and
/// rule, and statistics as Knuth's programs count them. Classic 9x9
/// puzzles (square boxes, no variant) have a second search of the same
/// exact cover: the options in play as bits, by digit and band of three
/// rows, covered a band at a time, with the hidden and naked singles and
/// the box-line intersections propagated: the same counts and the same
/// unique solutions, several times faster, though a puzzle of several
/// solutions may give them in another order. Killers (every constraint a
/// cage, one with a sum at least) have a search on their cells' digits
/// alone: the cages, the 45 rule's sums and the houses propagated at
/// every node, each digit of the branching cell tried on a copy of the
/// digits, no links beneath.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Engine {
    /// Bit planes for classic 9x9 puzzles when no node limit is set (they
    /// count no nodes as they go), and the cells' digits for killers
    /// (unless [`Propagation::Never`]); the links for the rest. After
    /// either, [`SudokuSolver::stats`] counts one node for the root and
    /// one for each digit tried in a branching cell, and no updates; a
    /// node limit on a killer counts those nodes.
    #[default]
    Auto,
    /// The links for every puzzle: the statistics are Knuth's figures.
    Links,
}

impl SudokuSolver {
    /// A solver for puzzles of square boxes of side `box_size` (side
    /// `box_size²`): [`SudokuSolver::for_layout`] of [`Layout::square`].
    ///
    /// # Errors
    ///
    /// [`GridErrorKind::BoxSize`](crate::GridErrorKind::BoxSize) unless
    /// `box_size` is in 2..=7, the sizes [`Grid::empty`] takes.
    ///
    /// # Complexity
    ///
    /// Builds `n³` options of 4 items (for side `n`): a few microseconds for
    /// 9x9, about 10 ms for 25x25.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::SudokuSolver;
    ///
    /// let solver = SudokuSolver::new(4)?;
    /// assert_eq!(solver.box_size(), 4);
    /// assert!(SudokuSolver::new(8).is_err());
    /// # Ok::<(), sudoku_dlx::GridError>(())
    /// ```
    pub fn new(box_size: usize) -> Result<SudokuSolver, GridError> {
        Ok(SudokuSolver::build(square_layout(box_size)?))
    }

    /// A solver for puzzles of `layout`.
    ///
    /// # Complexity
    ///
    /// Builds `n³` options (for side `n`), each of `1 + h` primary items
    /// for a cell in `h` houses, and the secondary items of its rules.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::{Grid, Layout, SudokuSolver, Variant};
    ///
    /// let layout = Layout::square(2)?.with_variant(Variant::X)?;
    /// let mut solver = SudokuSolver::for_layout(&layout);
    /// assert_eq!(solver.count_solutions_up_to(&Grid::empty_in(&layout), 1000)?, 48);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn for_layout(layout: &Layout) -> SudokuSolver {
        SudokuSolver::build(layout.clone())
    }

    /// A solver for `layout`.
    fn build(layout: Layout) -> SudokuSolver {
        SudokuSolver {
            matrix: Matrix::new(layout),
            deep: Deep::default(),
            engine: Engine::Auto,
            planes: None,
        }
    }

    /// The box size b of the puzzles this solver takes when their boxes
    /// are b x b squares, 0 for other layouts: see
    /// [`SudokuSolver::layout`].
    pub fn box_size(&self) -> usize {
        self.layout().box_size().unwrap_or(0)
    }

    /// The layout of the puzzles this solver takes.
    pub fn layout(&self) -> &Layout {
        self.matrix.layout()
    }

    /// Stops each search after this many nodes (a guard for very large or
    /// nearly empty puzzles); `None` for no limit.
    pub fn set_node_limit(&mut self, nodes: Option<u64>) {
        self.matrix.set_node_limit(nodes);
    }

    /// Sets when the solver propagates the layout's constraints in its
    /// searches (see [`Propagation`]); the default is
    /// [`Propagation::Auto`]. The solutions never depend on it.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::{Grid, Layout, Propagation, SudokuSolver};
    /// let layout = Layout::square(2)?
    ///     .with_constraint("cage 3: r1c1 r1c2".parse()?)?
    ///     .with_constraint("thermo: r2c1 r2c2 r2c3".parse()?)?;
    /// let puzzle = Grid::empty_in(&layout);
    /// let mut solver = SudokuSolver::for_layout(&layout);
    /// let auto = solver.count_solutions_up_to(&puzzle, 1000)?;
    /// solver.set_propagation(Propagation::Always);
    /// assert_eq!(solver.count_solutions_up_to(&puzzle, 1000)?, auto);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_propagation(&mut self, policy: Propagation) {
        self.matrix.set_propagation(policy);
    }

    /// Stops each search as soon as `flag` is set, from another thread or a
    /// signal handler (`None`: never). A stopped search gives
    /// [`SolveError::Cancelled`] with the solutions found so far, and a
    /// stopped [`SudokuSolver::solutions`] ends early: see
    /// [`SudokuSolver::outcome`].
    ///
    /// # Example
    ///
    /// ```
    /// use std::sync::{atomic::AtomicBool, Arc};
    /// use sudoku_dlx::{Grid, SolveError, SudokuSolver};
    ///
    /// let mut solver = SudokuSolver::new(3)?;
    /// solver.set_cancel_flag(Some(Arc::new(AtomicBool::new(true))));
    /// let empty = Grid::empty(3)?;
    /// assert_eq!(
    ///     solver.count_solutions_up_to(&empty, 10),
    ///     Err(SolveError::Cancelled { found: 0 })
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_cancel_flag(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.matrix.set_cancel_flag(flag);
    }

    /// How the last search ended: complete, or stopped by a limit or the
    /// cancel flag.
    pub fn outcome(&self) -> dlx::Outcome {
        match &self.planes {
            Some((_, outcome)) => *outcome,
            None => self.matrix.solver.outcome(),
        }
    }

    /// Sets which search classic puzzles take (see [`Engine`]); the
    /// default is [`Engine::Auto`]. The solutions never depend on it.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::{Engine, Grid, SudokuSolver};
    /// let puzzle = Grid::parse(
    ///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    /// )?;
    /// let mut solver = SudokuSolver::new(3)?;
    /// solver.set_engine(Engine::Links);
    /// assert_eq!(solver.count_solutions_up_to(&puzzle, 2)?, 1);
    /// // Knuth's figures: the updates of the links.
    /// assert!(solver.stats().updates > 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_engine(&mut self, engine: Engine) {
        self.engine = engine;
    }

    /// Which search classic puzzles take (see [`Engine`]).
    pub fn engine(&self) -> Engine {
        self.engine
    }

    /// The statistics of the last puzzle's search: its nodes and updates,
    /// as the dlx engine counts them (the givens' selection is not
    /// counted: the givens are selected, not searched), and the solutions
    /// found; after a search on bit planes or a killer's digits, as
    /// [`Engine::Auto`] says. All
    /// zero after givens that conflict, found before any search.
    pub fn stats(&self) -> &Stats {
        match &self.planes {
            Some((stats, _)) => stats,
            None => self.matrix.stats(),
        }
    }

    /// Counts up to `max` solutions of a classic 9x9 puzzle on bit
    /// planes, or of a killer on its cells' digits, handing each to
    /// `each`; `None` when the puzzle is for the
    /// links (see [`Engine`]).
    fn without_links(
        &mut self,
        puzzle: &Grid,
        max: u64,
        each: Option<bands::EachSolution<'_>>,
    ) -> Option<Result<u64, SolveError>> {
        if self.engine != Engine::Auto || puzzle.layout() != self.layout() {
            return None;
        }
        if self.layout().plain_square() != Some(3) {
            return self.on_domains(puzzle, max, each);
        }
        // The search on bit planes counts no nodes.
        if self.matrix.node_limit().is_some() {
            return None;
        }
        self.planes = Some((Stats::default(), dlx::Outcome::Complete));
        let Some(state) = Bands::new(puzzle.cells(), puzzle.candidate_masks()) else {
            // Two givens share an item only when a digit repeats in a
            // house (or a given is no candidate): the check names it.
            return Some(Err(puzzle
                .check()
                .err()
                .map_or(SolveError::NoSolution, SolveError::Conflict)));
        };
        let cancel = self.matrix.cancel_flag();
        let mut search = bands::Search {
            limit: max,
            found: 0,
            guesses: 0,
            cancel: cancel.as_deref(),
            cancelled: false,
            each,
        };
        state.search(&mut search);
        let outcome = if search.cancelled {
            dlx::Outcome::Cancelled
        } else if search.found >= max {
            dlx::Outcome::SolutionLimit
        } else {
            dlx::Outcome::Complete
        };
        let mut stats = Stats::default();
        stats.nodes = 1 + search.guesses;
        stats.solutions = search.found;
        self.planes = Some((stats, outcome));
        Some(if search.cancelled {
            Err(SolveError::Cancelled {
                found: search.found,
            })
        } else {
            Ok(search.found)
        })
    }

    /// Counts up to `max` solutions of a killer on its cells' domains
    /// alone, handing each to `each`; `None` when the puzzle is for the
    /// links (see [`Engine`]).
    fn on_domains(
        &mut self,
        puzzle: &Grid,
        max: u64,
        mut each: Option<bands::EachSolution<'_>>,
    ) -> Option<Result<u64, SolveError>> {
        let mut rules = self.matrix.killer_rules()?;
        let n = puzzle.side();
        let candidates = puzzle.candidate_masks();
        let masks: Vec<u64> = (puzzle.cells().iter().enumerate())
            .map(|(cell, &digit)| {
                let mask = candidates.map_or(Domains::all(n), |c| c[cell]);
                match digit {
                    0 => mask,
                    d => mask & 1 << d,
                }
            })
            .collect();
        let layout = self.layout().clone();
        let mut accept = |digits: &[u8]| {
            let grid = Grid::from_parsed(layout.clone(), digits.to_vec());
            let solved = grid.is_solution_of(puzzle);
            if let (true, Some(each)) = (solved, each.as_mut()) {
                each(digits);
            }
            solved
        };
        let cancel = self.matrix.cancel_flag();
        let mut search = killer::Search::new(max, cancel.as_deref(), &mut accept);
        search.max_nodes = self.matrix.node_limit().unwrap_or(u64::MAX);
        search.run(&mut rules, &masks);
        let (found, guesses, cancelled) = (search.found, search.guesses, search.cancelled);
        let limited = search.limited && found < max;
        let outcome = if cancelled {
            dlx::Outcome::Cancelled
        } else if limited {
            dlx::Outcome::NodeLimit
        } else if found >= max {
            dlx::Outcome::SolutionLimit
        } else {
            dlx::Outcome::Complete
        };
        let mut stats = Stats::default();
        stats.nodes = 1 + guesses;
        stats.solutions = found;
        self.planes = Some((stats, outcome));
        Some(if cancelled {
            Err(SolveError::Cancelled { found })
        } else if limited {
            Err(SolveError::NodeLimit { found })
        } else if found == 0 {
            // Givens that break a rule are named, as the links name them.
            Err(puzzle
                .check()
                .err()
                .map_or(SolveError::NoSolution, SolveError::Conflict))
        } else {
            Ok(found)
        })
    }

    /// Releases the last puzzle and selects this one's givens; a puzzle
    /// with constraints is probed, for the deep search when it is hard.
    pub(crate) fn load(&mut self, puzzle: &Grid) -> Result<(), SolveError> {
        self.planes = None;
        self.deep.clear();
        self.matrix.load(puzzle)?;
        if !self.layout().constraints().is_empty() {
            self.deep.probe(&mut self.matrix)?;
        }
        Ok(())
    }

    /// Hands the solutions of the loaded puzzle, up to `max`, to `each`,
    /// and returns how many there were: a plain search, or for a hard
    /// puzzle the deep search.
    pub(crate) fn solutions_up_to(
        &mut self,
        max: u64,
        each: impl FnMut(&[dlx::OptionId]),
    ) -> Result<u64, SolveError> {
        if self.deep.is_hard() {
            return self.deep.solutions_up_to(&mut self.matrix, max, each);
        }
        let found = self.matrix.each_solution(max, each);
        self.matrix.stopped(found).map_or(Ok(found), Err)
    }

    /// A solution of the puzzle (the first found), or `None` if it has none.
    ///
    /// # Errors
    ///
    /// [`SolveError::Conflict`] when givens repeat a digit in a house or
    /// break a rule, [`SolveError::SizeMismatch`] or
    /// [`SolveError::LayoutMismatch`] for a puzzle of another layout,
    /// [`SolveError::NodeLimit`], [`SolveError::Cancelled`].
    pub fn solve_one(&mut self, puzzle: &Grid) -> Result<Option<Grid>, SolveError> {
        let mut first = None;
        let mut keep = |digits: &[u8]| first = Some(digits.to_vec());
        match self.without_links(puzzle, 1, Some(&mut keep)) {
            Some(Err(SolveError::NoSolution)) => return Ok(None),
            Some(found) => {
                found?;
                return Ok(first.map(|cells| Grid::from_parsed(self.layout().clone(), cells)));
            }
            None => {}
        }
        match self.load(puzzle) {
            Err(SolveError::NoSolution) => return Ok(None),
            other => other?,
        }
        if self.deep.is_hard() {
            let mut kept = Vec::new();
            let count = self.deep.search(&mut self.matrix, 1, Some(&mut kept));
            self.matrix.finish();
            count?;
            return Ok(kept.first().map(|options| self.matrix.decode(options)));
        }
        let found = self.matrix.solver.next_solution().map(|s| s.to_vec());
        self.matrix.finish();
        match found {
            Some(options) => Ok(Some(self.matrix.decode(&options))),
            None => self.matrix.stopped(0).map_or(Ok(None), Err),
        }
    }

    /// The puzzle's unique solution.
    ///
    /// # Errors
    ///
    /// [`SolveError::NoSolution`], [`SolveError::MultipleSolutions`], and the
    /// errors of [`SudokuSolver::solve_one`].
    pub fn solution(&mut self, puzzle: &Grid) -> Result<Grid, SolveError> {
        let mut first = None;
        let mut keep = |digits: &[u8]| {
            if first.is_none() {
                first = Some(digits.to_vec());
            }
        };
        if let Some(found) = self.without_links(puzzle, 2, Some(&mut keep)) {
            return match (found?, first) {
                (1, Some(cells)) => Ok(Grid::from_parsed(self.layout().clone(), cells)),
                (0, _) => Err(SolveError::NoSolution),
                _ => Err(SolveError::MultipleSolutions),
            };
        }
        self.load(puzzle)?;
        if self.deep.is_hard() {
            let mut kept = Vec::new();
            let count = self.deep.search(&mut self.matrix, 2, Some(&mut kept));
            self.matrix.finish();
            return match count? {
                0 => Err(SolveError::NoSolution),
                1 => Ok(self.matrix.decode(&kept[0])),
                _ => Err(SolveError::MultipleSolutions),
            };
        }
        let first = self.matrix.solver.next_solution().map(|s| s.to_vec());
        let second = first.is_some() && self.matrix.solver.next_solution().is_some();
        let stopped = self.matrix.stopped(u64::from(first.is_some()));
        self.matrix.finish();
        if let Some(stopped) = stopped {
            return Err(stopped);
        }
        match (first, second) {
            (None, _) => Err(SolveError::NoSolution),
            (Some(_), true) => Err(SolveError::MultipleSolutions),
            (Some(options), false) => Ok(self.matrix.decode(&options)),
        }
    }

    /// Counts solutions, stopping at `max` (2 tells unique from several).
    ///
    /// # Errors
    ///
    /// As [`SudokuSolver::solve_one`]; a puzzle whose givens conflict has 0
    /// solutions and gives [`SolveError::Conflict`], so callers can say why.
    pub fn count_solutions_up_to(&mut self, puzzle: &Grid, max: u64) -> Result<u64, SolveError> {
        match self.without_links(puzzle, max, None) {
            Some(Err(SolveError::NoSolution)) => return Ok(0),
            Some(count) => return count,
            None => {}
        }
        match self.load(puzzle) {
            Err(SolveError::NoSolution) => return Ok(0),
            other => other?,
        }
        if self.deep.is_hard() {
            let count = self.deep.search(&mut self.matrix, max, None);
            self.matrix.finish();
            return count;
        }
        let count = self.matrix.solver.count_up_to(max);
        self.matrix.finish();
        self.matrix.stopped(count).map_or(Ok(count), Err)
    }

    /// Whether the puzzle has exactly one solution.
    ///
    /// # Errors
    ///
    /// As [`SudokuSolver::count_solutions_up_to`].
    pub fn is_uniquely_solvable(&mut self, puzzle: &Grid) -> Result<bool, SolveError> {
        Ok(self.count_solutions_up_to(puzzle, 2)? == 1)
    }

    /// The puzzle's solutions, found one at a time as the iterator is
    /// advanced: `take(max)` bounds them, and a search stopped by a limit
    /// ends the iterator early ([`SudokuSolver::outcome`] says so once it
    /// is dropped).
    ///
    /// # Errors
    ///
    /// [`SolveError::Conflict`], [`SolveError::SizeMismatch`] and
    /// [`SolveError::LayoutMismatch`].
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::{Grid, SudokuSolver};
    /// let empty = Grid::empty(2)?;
    /// let mut solver = SudokuSolver::new(2)?;
    /// assert_eq!(solver.solutions(&empty)?.count(), 288);
    /// assert_eq!(solver.solutions(&empty)?.take(5).count(), 5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solutions(&mut self, puzzle: &Grid) -> Result<GridSolutions<'_>, SolveError> {
        let none = self.start(puzzle)?;
        Ok(GridSolutions {
            solver: Held::Borrowed(self),
            none,
        })
    }

    /// Loads `puzzle` to list its solutions; `true` when it has none for
    /// sure, found without a search.
    fn start(&mut self, puzzle: &Grid) -> Result<bool, SolveError> {
        match self.load(puzzle) {
            Ok(()) => {
                if self.deep.is_hard() {
                    self.deep.start_walk(&mut self.matrix);
                }
                Ok(false)
            }
            Err(SolveError::NoSolution) => Ok(true),
            Err(e) => Err(e),
        }
    }
}

/// The solutions of a puzzle, found one at a time: from
/// [`SudokuSolver::solutions`], searching with that solver, or from
/// [`Grid::solutions`], holding this thread's solver for the grid's layout
/// (`'static` then).
#[derive(Debug)]
pub struct GridSolutions<'s> {
    solver: Held<'s>,
    none: bool,
}

/// The solver a [`GridSolutions`] searches with.
#[derive(Debug)]
enum Held<'s> {
    /// The caller's, from [`SudokuSolver::solutions`].
    Borrowed(&'s mut SudokuSolver),
    /// This thread's, from [`Grid::solutions`], until the iterator is
    /// dropped.
    Leased(Lease),
}

impl Iterator for GridSolutions<'_> {
    type Item = Grid;

    fn next(&mut self) -> Option<Grid> {
        if self.none {
            return None;
        }
        let solver = match &mut self.solver {
            Held::Borrowed(solver) => &mut **solver,
            Held::Leased(lease) => lease.solver(),
        };
        let found = if solver.deep.is_walking() {
            solver.deep.walk_next(&mut solver.matrix)
        } else {
            solver.matrix.solver.next_solution().map(|s| s.to_vec())
        };
        solver.matrix.finish();
        found.map(|options| solver.matrix.decode(&options))
    }
}

/// The most solvers of layouts other than plain square boxes a thread
/// keeps; the one put back longest ago goes first.
const MAX_KEPT: usize = 8;

thread_local! {
    /// This thread's solvers, built on first use. A solver in use is out
    /// of its slot (see [`Lease`]).
    static SOLVERS: RefCell<Kept> = const { RefCell::new(Kept::new()) };
}

/// The solvers a thread keeps: one per square box size without variants,
/// found by index (the classic layouts), and a few of other layouts, found
/// by comparing layouts (a pointer for clones of one layout, and every
/// layout of boxes without variants is built once per process).
#[derive(Debug)]
struct Kept {
    /// Square boxes of side b without variants, at b - 1.
    squares: [Option<Box<SudokuSolver>>; 7],
    /// Solvers of other layouts, the last put back last. Boxed as the
    /// squares are: a lease moves its solver in and out as a pointer.
    #[allow(clippy::vec_box)]
    others: Vec<Box<SudokuSolver>>,
}

impl Kept {
    const fn new() -> Kept {
        Kept {
            squares: [const { None }; 7],
            others: Vec::new(),
        }
    }

    /// The solver of `layout`, taken out, if this thread keeps one.
    fn take(&mut self, layout: &Layout) -> Option<Box<SudokuSolver>> {
        if let Some(b) = layout.plain_square() {
            return self.squares[b - 1].take();
        }
        let i = self.others.iter().rposition(|s| s.layout() == layout)?;
        Some(self.others.remove(i))
    }

    /// Keeps `solver`, in place of any other of its layout.
    fn put(&mut self, solver: Box<SudokuSolver>) {
        if let Some(b) = solver.layout().plain_square() {
            self.squares[b - 1] = Some(solver);
            return;
        }
        self.others.retain(|s| s.layout() != solver.layout());
        if self.others.len() == MAX_KEPT {
            self.others.remove(0);
        }
        self.others.push(solver);
    }
}

/// One use of this thread's solver for a layout, taken out of its slot
/// and put back when dropped, so that the slot is never borrowed across a
/// call. A use nested in another (a [`Grid`] method called from
/// [`SudokuSolver::with_thread_solver`], or while a [`GridSolutions`] of
/// [`Grid::solutions`] lives) finds the slot empty and builds a solver,
/// which the slot keeps until the outer use puts its own back: nested uses
/// end first, so the solver the settings were made on (limits, cancel
/// flag) is the one kept.
#[derive(Debug)]
struct Lease {
    /// The solver, until the lease is dropped.
    solver: Option<Box<SudokuSolver>>,
}

impl Lease {
    /// This thread's solver for `layout`, or a new one if that is in use.
    fn take(layout: &Layout) -> Lease {
        let held = SOLVERS.with(|kept| kept.borrow_mut().take(layout));
        Lease {
            solver: Some(held.unwrap_or_else(|| Box::new(SudokuSolver::build(layout.clone())))),
        }
    }

    fn solver(&mut self) -> &mut SudokuSolver {
        self.solver
            .as_deref_mut()
            .expect("a lease holds its solver until dropped")
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        let Some(solver) = self.solver.take() else {
            return;
        };
        // On a thread being torn down the solver is dropped; a lease that
        // moved to another thread (in a `GridSolutions`) gives its solver to
        // that thread.
        let _ = SOLVERS.try_with(|kept| {
            if let Ok(mut kept) = kept.try_borrow_mut() {
                kept.put(solver);
            }
        });
    }
}

impl SudokuSolver {
    /// Runs `f` with this thread's solver for square boxes of side
    /// `box_size`: [`SudokuSolver::with_thread_solver_for`] of
    /// [`Layout::square`].
    ///
    /// # Errors
    ///
    /// [`GridErrorKind::BoxSize`](crate::GridErrorKind::BoxSize) unless
    /// `box_size` is in 2..=7; `f` is not run.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::{Grid, SudokuSolver};
    /// let empty = Grid::empty(2)?;
    /// let count = SudokuSolver::with_thread_solver(2, |s| s.count_solutions_up_to(&empty, 1000))??;
    /// assert_eq!(count, 288);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_thread_solver<T>(
        box_size: usize,
        f: impl FnOnce(&mut SudokuSolver) -> T,
    ) -> Result<T, GridError> {
        let layout = square_layout(box_size)?;
        Ok(SudokuSolver::with_thread_solver_for(&layout, f))
    }

    /// Runs `f` with this thread's solver for `layout`, built on first use
    /// and kept for the life of the thread: the way to share one matrix per
    /// layout among many puzzles on a thread pool. The methods on [`Grid`]
    /// use it, and settings made on it (a node limit, a cancel flag) stay
    /// for the calls after. A call made while the thread's solver is in use
    /// (from within `f`, say) gets a solver of its own.
    ///
    /// A thread keeps a solver for each layout of square boxes without
    /// variants, found at once, and for the 8 other layouts it put back
    /// last, found by comparing layouts.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::{Grid, Layout, SudokuSolver};
    /// let six = Layout::squarest(6)?;
    /// let puzzle = Grid::empty_in(&six);
    /// let count = SudokuSolver::with_thread_solver_for(&six, |s| {
    ///     s.count_solutions_up_to(&puzzle, 1000)
    /// })?;
    /// assert_eq!(count, 1000);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_thread_solver_for<T>(layout: &Layout, f: impl FnOnce(&mut SudokuSolver) -> T) -> T {
        f(Lease::take(layout).solver())
    }
}

/// The solving verbs on a puzzle, each with this thread's solver for its
/// layout (see [`SudokuSolver::with_thread_solver_for`]); a node limit or cancel
/// flag set on that solver applies to them too, and gives
/// [`SolveError::NodeLimit`] or [`SolveError::Cancelled`].
impl Grid {
    /// A solution of this puzzle, or `None` if it has none; see
    /// [`SudokuSolver::solve_one`].
    ///
    /// # Errors
    ///
    /// [`SolveError::Conflict`] when givens repeat a digit in a house.
    ///
    /// # Example
    ///
    /// ```
    /// let puzzle = sudoku_dlx::Grid::parse("1...\n..3.\n.4..\n...2")?;
    /// let solution = puzzle.solve_one()?.expect("solvable");
    /// assert!(solution.is_solution_of(&puzzle));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve_one(&self) -> Result<Option<Grid>, SolveError> {
        self.with_solver(|s| s.solve_one(self))
    }

    /// The unique solution of this puzzle, or why there is none; see
    /// [`SudokuSolver::solution`].
    ///
    /// # Errors
    ///
    /// [`SolveError::NoSolution`], [`SolveError::MultipleSolutions`],
    /// [`SolveError::Conflict`].
    pub fn solution(&self) -> Result<Grid, SolveError> {
        self.with_solver(|s| s.solution(self))
    }

    /// The number of solutions, counted up to `max`.
    ///
    /// # Errors
    ///
    /// [`SolveError::Conflict`] when givens repeat a digit in a house.
    pub fn count_solutions_up_to(&self, max: u64) -> Result<u64, SolveError> {
        self.with_solver(|s| s.count_solutions_up_to(self, max))
    }

    /// Whether this puzzle has exactly one solution.
    ///
    /// # Errors
    ///
    /// [`SolveError::Conflict`] when givens repeat a digit in a house.
    pub fn is_uniquely_solvable(&self) -> Result<bool, SolveError> {
        self.with_solver(|s| s.is_uniquely_solvable(self))
    }

    /// The solutions of this puzzle, found one at a time as the iterator is
    /// advanced, as [`SudokuSolver::solutions`] finds them: `take(max)`
    /// bounds them. The iterator holds this thread's solver for the grid's
    /// size until it is dropped; calls made on the thread meanwhile use
    /// another.
    ///
    /// # Errors
    ///
    /// [`SolveError::Conflict`] when givens repeat a digit in a house.
    ///
    /// # Example
    ///
    /// ```
    /// let empty = sudoku_dlx::Grid::empty(2)?;
    /// assert_eq!(empty.solutions()?.count(), 288);
    /// let first: Vec<_> = empty.solutions()?.take(5).collect();
    /// assert!(first.iter().all(|s| s.is_solution_of(&empty)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solutions(&self) -> Result<GridSolutions<'static>, SolveError> {
        let mut lease = Lease::take(self.layout());
        let none = lease.solver().start(self)?;
        Ok(GridSolutions {
            solver: Held::Leased(lease),
            none,
        })
    }

    /// The exact-cover problem of this puzzle, with the givens applied:
    /// the layout's problem (see the crate docs) without the options that
    /// contradict a given (another digit in a given's cell, the given's
    /// digit elsewhere in its houses, a placement its rules forbid) or that
    /// pencilmarks rule out. Its solutions are the puzzle's, each with the
    /// givens' options; [`dlx::write`] writes it in Knuth's format. The
    /// items are named `r1c1` (a cell), `r1=5`, `c1=5`, `b1=5` (digit 5 in
    /// row, column, box or region 1), `h1=5` (an extra house of the
    /// variants) and `k1`, `k2`, ... (the rules' secondary items).
    ///
    /// # Errors
    ///
    /// The [`Conflict`] of givens that repeat a digit in a house or break
    /// a rule.
    ///
    /// # Example
    ///
    /// ```
    /// let puzzle = sudoku_dlx::Grid::parse("1...\n..3.\n.4..\n...2")?;
    /// let problem = puzzle.to_problem()?;
    /// let count = dlx::Solver::new(&problem).count();
    /// assert_eq!(count, puzzle.count_solutions_up_to(1000)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_problem(&self) -> Result<dlx::Problem, Conflict> {
        self.check()?;
        Ok(self.problem())
    }

    /// The exact-cover problem of this puzzle with its givens applied, as
    /// [`Grid::to_problem`] makes it, whether or not the givens conflict:
    /// two givens in conflict each keep only their own option and share
    /// an item, so the problem has no solution, and a solver (or `dlx
    /// cover --count`) says 0.
    ///
    /// # Example
    ///
    /// ```
    /// let clash = sudoku_dlx::Grid::parse("11..\n....\n....\n....")?;
    /// assert!(clash.to_problem().is_err());
    /// assert_eq!(dlx::Solver::new(&clash.problem()).count(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn problem(&self) -> dlx::Problem {
        let n = self.side();
        let mut problem = encode::named_problem(self.layout());
        // The items the givens' options hold.
        let mut taken = vec![false; problem.item_count()];
        let mut given = vec![false; n * n * n];
        for (cell, &digit) in self.cells().iter().enumerate() {
            if digit != 0 {
                let id = encode::option(n, cell, digit);
                given[id.index()] = true;
                for entry in problem.option(id).unwrap_or_default() {
                    taken[entry.item] = true;
                }
            }
        }
        let dropped: Vec<dlx::OptionId> = problem
            .options()
            .filter(|&(id, entries)| match encode::placement(n, id) {
                Some((cell, digit)) => {
                    !given[id.index()]
                        && (entries.iter().any(|e| taken[e.item] && e.color.is_none())
                            || !self.is_candidate(cell, digit))
                }
                None => false,
            })
            .map(|(id, _)| id)
            .collect();
        for id in dropped {
            problem.remove_option(id);
        }
        problem
    }

    /// Runs `f` with this thread's solver for the grid's layout.
    pub(crate) fn with_solver<T>(&self, f: impl FnOnce(&mut SudokuSolver) -> T) -> T {
        f(Lease::take(self.layout()).solver())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::error::GridErrorKind;

    #[test]
    fn conflicting_givens_are_named_before_any_search() {
        let puzzle = Grid::parse(&format!("55{}", ".".repeat(79))).unwrap();
        let mut solver = SudokuSolver::new(3).unwrap();
        match solver.solution(&puzzle) {
            Err(SolveError::Conflict(c)) => {
                assert!(matches!(c, Conflict::Repeat { digit: 5, .. }), "{c}")
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(solver.stats().nodes, 0);
        assert_eq!(
            solver.count_solutions_up_to(&puzzle, 2),
            Err(SolveError::Conflict(puzzle.check().unwrap_err()))
        );
    }

    #[test]
    fn pencilmarks_leave_out_what_constraints_rule_out() {
        // The odd cell has no even placements, and the cage options
        // follow the placements: a pencilmark puzzle missing an even
        // digit there must not take that for a contradiction.
        let layout = Layout::square(3)
            .unwrap()
            .with_constraint("odd: r1c1".parse().unwrap())
            .unwrap()
            .with_constraint("cage 20: r9c6 r9c7 r9c8 r9c9".parse().unwrap())
            .unwrap();
        let grid = Grid::empty_in(&layout);
        let solution = grid.solve_one().unwrap().unwrap();
        let mut masks = vec![0x3feu64; 81];
        masks[0] = 1 << solution.get(0, 0);
        let pencilmarks = Grid::from_candidates(layout.clone(), masks);
        let mut solver = SudokuSolver::for_layout(&layout);
        let found = solver.solve_one(&pencilmarks).unwrap().unwrap();
        assert_eq!(found.get(0, 0), solution.get(0, 0));
        assert!(found.is_solution_of(&grid));
    }

    #[test]
    fn one_solver_many_puzzles() {
        let mut solver = SudokuSolver::new(2).unwrap();
        let empty = Grid::empty(2).unwrap();
        assert_eq!(solver.count_solutions_up_to(&empty, 1000).unwrap(), 288);
        let one = Grid::parse("1...........4...").unwrap();
        let n = solver.count_solutions_up_to(&one, 1000).unwrap();
        assert!(n < 288);
        assert_eq!(solver.count_solutions_up_to(&empty, 1000).unwrap(), 288);
        assert_eq!(solver.solution(&empty), Err(SolveError::MultipleSolutions));
        assert!(matches!(
            solver.solution(&Grid::empty(3).unwrap()),
            Err(SolveError::SizeMismatch {
                expected: 2,
                found: 3
            })
        ));
    }

    #[test]
    fn a_box_size_no_grid_has_is_an_error() {
        for box_size in [0, 1, 8, 1000, usize::MAX] {
            let error = SudokuSolver::new(box_size).unwrap_err();
            assert_eq!(error.kind(), &GridErrorKind::BoxSize { box_size });
            let error = SudokuSolver::with_thread_solver(box_size, |_| ()).unwrap_err();
            assert_eq!(error.kind(), &GridErrorKind::BoxSize { box_size });
        }
    }

    #[test]
    fn thread_solvers_nest_and_keep_their_settings() {
        let empty = Grid::empty(2).unwrap();
        let inner = SudokuSolver::with_thread_solver(2, |s| {
            s.set_node_limit(Some(1));
            // The thread's solver is in use: these get one of their own.
            let nested =
                SudokuSolver::with_thread_solver(2, |s| s.count_solutions_up_to(&empty, 1000));
            (nested.unwrap(), empty.count_solutions_up_to(1000))
        });
        assert_eq!(inner.unwrap(), (Ok(288), Ok(288)));
        // The thread's solver came back with its node limit.
        assert_eq!(
            empty.count_solutions_up_to(1000),
            Err(SolveError::NodeLimit { found: 0 })
        );
        SudokuSolver::with_thread_solver(2, |s| s.set_node_limit(None)).unwrap();
        assert_eq!(empty.count_solutions_up_to(1000), Ok(288));
    }

    #[test]
    fn grid_solutions_are_lazy_and_leave_the_thread_its_solvers() {
        let empty = Grid::empty(2).unwrap();
        let mut solutions = empty.solutions().unwrap();
        let first = solutions.next().unwrap();
        // The iterator holds the thread's solver: these build their own.
        assert_eq!(first.solution(), Ok(first.clone()));
        assert_eq!(empty.count_solutions_up_to(1000), Ok(288));
        let rest: Vec<Grid> = solutions.collect();
        assert_eq!(rest.len(), 287);
        assert!(!rest.contains(&first));
        // An iterator may finish on another thread.
        let mut solutions = empty.solutions().unwrap();
        solutions.next();
        let rest = std::thread::spawn(move || solutions.count())
            .join()
            .unwrap();
        assert_eq!(rest, 287);
        assert_eq!(empty.solutions().unwrap().take(5).count(), 5);
    }

    #[test]
    fn a_conflict_is_the_source_of_its_solve_error() {
        use std::error::Error;

        let puzzle = Grid::parse(&format!("55{}", ".".repeat(79))).unwrap();
        let error = puzzle.solution().unwrap_err();
        let source = error.source().and_then(|e| e.downcast_ref::<Conflict>());
        assert_eq!(source, Some(&puzzle.check().unwrap_err()));
        assert!(SolveError::NoSolution.source().is_none());
        assert!(SolveError::NodeLimit { found: 0 }.source().is_none());
    }
}
