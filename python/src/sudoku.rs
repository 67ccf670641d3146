//! Sudoku: `Layout`, `Grid`, reading puzzle files, solving, counting,
//! true candidates, generating, rating and canonical forms.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::io::{BufRead, BufReader, Cursor};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;

use sudoku_dlx::{
    Alphabet, Canon, Constraint, Generator, Grid, Layout, Logic, Puzzles, ReadOptions, SeRating,
    SolveError, Step, SudokuSolver, Symmetry, Variant,
};

use crate::cover::{option_names, PyProblem, PySolver};
use crate::errors::{OrRaise, ToPyErr};
use crate::run::cancellable;

/// The logical path of `grid` (its first step alone with `first`), which
/// `cancel` stops: the path as [`Grid::explain`] takes it, but an error
/// when it stops short of a solution (the puzzle has none, or several),
/// and [`SolveError::Cancelled`] once stopped.
fn logical_path(
    grid: &Grid,
    cancel: &Arc<AtomicBool>,
    first: bool,
) -> Result<Vec<Step>, SolveError> {
    let mut logic = Logic::new(grid).map_err(SolveError::Conflict)?;
    // The uniqueness rules need a puzzle of one solution.
    let count = SudokuSolver::with_thread_solver_for(grid.layout(), |solver| {
        solver.set_node_limit(None);
        solver.set_cancel_flag(Some(Arc::clone(cancel)));
        let count = solver.count_solutions_up_to(grid, 2);
        solver.set_cancel_flag(None);
        count
    })?;
    logic.assume_unique(count == 1);
    logic.set_cancel_flag(Some(Arc::clone(cancel)));
    let steps = if first {
        logic.next_step().into_iter().collect()
    } else {
        logic.solve_all().0
    };
    if logic.is_cancelled() {
        return Err(SolveError::Cancelled { found: 0 });
    }
    if !first && !logic.is_solved() {
        return Err(match count {
            0 => SolveError::NoSolution,
            _ => SolveError::MultipleSolutions,
        });
    }
    Ok(steps)
}

/// The nodes a sudoku search may take on the calling thread before it is
/// run again on a worker thread that Ctrl-C can stop: a few milliseconds,
/// more than nearly every 9x9 puzzle needs, so that the common case pays
/// for no thread.
const QUICK_NODES: u64 = 1 << 16;

/// Runs `f` with this thread's solver for `layout`, the GIL released: first
/// within [`QUICK_NODES`] nodes per search, then, when that was not
/// enough, again on a worker thread without a node limit, which a signal
/// (Ctrl-C) stops through the solver's cancel flag.
fn with_solver<T: Send>(
    py: Python<'_>,
    layout: &Layout,
    f: impl Fn(&mut SudokuSolver) -> Result<T, SolveError> + Send + Sync,
) -> PyResult<T> {
    let quick = py.detach(|| {
        SudokuSolver::with_thread_solver_for(layout, |solver| {
            solver.set_cancel_flag(None);
            solver.set_node_limit(Some(QUICK_NODES));
            let result = f(solver);
            solver.set_node_limit(None);
            result
        })
    });
    match quick {
        Err(SolveError::NodeLimit { .. }) => {}
        other => return other.or_raise(),
    }
    py.check_signals()?;
    let cancel = Arc::new(AtomicBool::new(false));
    let (result, _) = cancellable(py, &cancel, None, || {
        SudokuSolver::with_thread_solver_for(layout, |solver| {
            solver.set_node_limit(None);
            solver.set_cancel_flag(Some(Arc::clone(&cancel)));
            let result = f(solver);
            solver.set_cancel_flag(None);
            result
        })
    })?;
    result.or_raise()
}

/// An alphabet from its symbols, the standard one for None.
fn alphabet(symbols: Option<&str>) -> PyResult<Alphabet> {
    match symbols {
        Some(symbols) => Alphabet::custom(symbols).or_raise(),
        None => Ok(Alphabet::standard()),
    }
}

/// A variant from its name.
fn variant(name: &str) -> PyResult<Variant> {
    name.parse().or_raise()
}

/// A hash of any hashable value, for `__hash__`.
fn hash_of(value: &impl Hash) -> u64 {
    let mut hasher = DefaultHasher::new();
    value.hash(&mut hasher);
    hasher.finish()
}

/// The shape of a sudoku: its side n, its n regions (boxes of R x C cells,
/// or a jigsaw map), and its variants (extra houses and rules) and
/// constraints (cages, arrows, thermometers, ...).
///
/// ``Layout(rows=3, cols=None)`` has boxes of ``rows`` x ``cols`` cells
/// (square when ``cols`` is None): ``Layout()`` is the classic 9x9.
/// Layouts are immutable: ``with_variant`` and ``with_constraint`` return
/// new ones.
#[pyclass(module = "dlx_cover", name = "Layout", frozen)]
#[derive(Clone)]
pub struct PyLayout {
    pub(crate) inner: Layout,
}

#[pymethods]
impl PyLayout {
    #[new]
    #[pyo3(signature = (rows = 3, cols = None))]
    fn new(rows: usize, cols: Option<usize>) -> PyResult<PyLayout> {
        let inner = Layout::boxes(rows, cols.unwrap_or(rows)).or_raise()?;
        Ok(PyLayout { inner })
    }

    /// Square boxes of side ``box_size``: a grid of side ``box_size**2``.
    #[staticmethod]
    fn square(box_size: usize) -> PyResult<PyLayout> {
        Layout::square(box_size)
            .map(|inner| PyLayout { inner })
            .or_raise()
    }

    /// Boxes of ``rows`` x ``cols`` cells (``rows`` high, ``cols`` wide).
    #[staticmethod]
    fn boxes(rows: usize, cols: usize) -> PyResult<PyLayout> {
        Layout::boxes(rows, cols)
            .map(|inner| PyLayout { inner })
            .or_raise()
    }

    /// The squarest boxes of a grid of side ``side`` (2x3 for 6x6).
    #[staticmethod]
    fn squarest(side: usize) -> PyResult<PyLayout> {
        Layout::squarest(side)
            .map(|inner| PyLayout { inner })
            .or_raise()
    }

    /// A jigsaw: regions of any shape, from a map of one symbol per region,
    /// a line of the map per row of the grid.
    ///
    /// Raises LayoutError with the map's line and column.
    #[staticmethod]
    fn jigsaw(map: &str) -> PyResult<PyLayout> {
        Layout::jigsaw(map)
            .map(|inner| PyLayout { inner })
            .or_raise()
    }

    /// This layout with a variant: ``"x"``, ``"hyper"``, ``"disjoint"``,
    /// ``"anti-knight"``, ``"anti-king"``, ``"non-consecutive"``.
    fn with_variant(&self, name: &str) -> PyResult<PyLayout> {
        let inner = self.inner.clone().with_variant(variant(name)?).or_raise()?;
        Ok(PyLayout { inner })
    }

    /// This layout with a constraint, as a line of the project's text
    /// form: ``"cage 15: r1c1 r1c2"``, ``"thermo: r9c1 r8c1 r7c1"``,
    /// ``"white: r1c1 r1c2"``, ``"arrow r1c1: r1c2 r1c3"``, ...
    fn with_constraint(&self, text: &str) -> PyResult<PyLayout> {
        let constraint: Constraint = text.parse().or_raise()?;
        let inner = self.inner.clone().with_constraint(constraint).or_raise()?;
        Ok(PyLayout { inner })
    }

    /// The side n of the grid.
    #[getter]
    fn side(&self) -> usize {
        self.inner.side()
    }

    /// The boxes' shape ``(rows, cols)``, or None for a jigsaw.
    #[getter]
    fn box_shape(&self) -> Option<(usize, usize)> {
        self.inner.box_shape()
    }

    /// Whether the regions are a jigsaw map.
    #[getter]
    fn is_jigsaw(&self) -> bool {
        self.inner.is_jigsaw()
    }

    /// The variants' names.
    #[getter]
    fn variants(&self) -> Vec<String> {
        self.inner
            .variants()
            .map(|v| v.name().to_string())
            .collect()
    }

    /// The constraints, each as its line of text.
    #[getter]
    fn constraints(&self) -> Vec<String> {
        self.inner
            .constraints()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    /// The sums the 45 rule derives from the houses and the killer cages
    /// with a sum, which the search propagates: each as
    /// ``"innies of row 1: cage 17: r1c8 r1c9"``, the group then the
    /// constraint's line.
    fn derived_sums(&self) -> Vec<String> {
        self.inner
            .derived_sums()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    /// The sums with signs that houses and killer cages imply, which the
    /// search of a killer propagates: the innies less outies of the 45
    /// rule's groups of houses (``"innies less outies of row 3:
    /// r3c1+r3c2-r4c1 = 7"``), and on a Latin square (regions that are
    /// rows or columns) rows less columns (``"rows 1, 2 less column 3:
    /// r2c2-r3c3-r4c3 = 0"``). Empty without a cage with a sum.
    fn equations(&self) -> Vec<String> {
        self.inner
            .equations()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    /// The region (box or jigsaw piece) of a cell, from 0.
    fn region(&self, row: usize, col: usize) -> PyResult<usize> {
        let n = self.inner.side();
        if row >= n || col >= n {
            return Err(PyIndexError::new_err(format!(
                "no cell ({row}, {col}) on a {n}x{n} grid"
            )));
        }
        Ok(self.inner.region(row, col))
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!("<Layout: {}>", self.inner)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyLayout>()
            .is_ok_and(|o| o.get().inner == self.inner)
    }

    fn __hash__(&self) -> u64 {
        hash_of(&self.inner)
    }
}

/// A layout from an argument that is a Layout, a box size, or None (the
/// default).
fn layout_arg(
    arg: Option<&Bound<'_, PyAny>>,
    default: impl FnOnce() -> PyResult<Layout>,
) -> PyResult<Layout> {
    match arg {
        None => default(),
        Some(value) if value.is_none() => default(),
        Some(value) => {
            if let Ok(layout) = value.cast::<PyLayout>() {
                Ok(layout.get().inner.clone())
            } else if let Ok(box_size) = value.extract::<usize>() {
                Layout::square(box_size).or_raise()
            } else {
                Err(PyTypeError::new_err("a layout is a Layout or a box size"))
            }
        }
    }
}

/// A sudoku grid: the cells of a layout, each 0 (empty) or a digit 1..n.
///
/// ``Grid(text, layout=None, alphabet=None)`` reads a puzzle: one line of
/// n*n symbols or a grid drawn over n lines (``|``, ``-``, ``+`` and
/// spaces ignored, ``#`` comments), its size and squarest boxes found from
/// the cells unless ``layout`` says otherwise. ``str(grid)`` is the
/// one-line form, ``grid.to_grid_string()`` the drawn one; ``grid[r, c]``
/// is a cell (from 0).
#[pyclass(module = "dlx_cover", name = "Grid")]
#[derive(Clone)]
pub struct PyGrid {
    pub(crate) inner: Grid,
}

impl PyGrid {
    fn wrap(inner: Grid) -> PyGrid {
        PyGrid { inner }
    }

    fn cell(&self, index: (usize, usize)) -> PyResult<(usize, usize)> {
        let n = self.inner.side();
        let (row, col) = index;
        if row >= n || col >= n {
            return Err(PyIndexError::new_err(format!(
                "no cell ({row}, {col}) on a {n}x{n} grid"
            )));
        }
        Ok((row, col))
    }
}

#[pymethods]
impl PyGrid {
    #[new]
    #[pyo3(signature = (text, *, layout = None, alphabet = None))]
    fn new(
        text: &str,
        layout: Option<&Bound<'_, PyAny>>,
        alphabet: Option<&str>,
    ) -> PyResult<PyGrid> {
        let alphabet = self::alphabet(alphabet)?;
        let grid = match layout {
            Some(l) if !l.is_none() => {
                let layout = layout_arg(Some(l), || unreachable!())?;
                Grid::parse_in_with(text, &layout, &alphabet)
            }
            _ => Grid::parse_with(text, &alphabet),
        };
        grid.map(PyGrid::wrap).or_raise()
    }

    /// Reads a puzzle, as ``Grid(text, ...)`` does.
    ///
    /// Raises ParseError naming the line (and column for a bad symbol).
    #[staticmethod]
    #[pyo3(signature = (text, *, layout = None, alphabet = None))]
    fn parse(
        text: &str,
        layout: Option<&Bound<'_, PyAny>>,
        alphabet: Option<&str>,
    ) -> PyResult<PyGrid> {
        PyGrid::new(text, layout, alphabet)
    }

    /// An empty grid of ``layout`` (a Layout or a box size; 9x9 by
    /// default).
    #[staticmethod]
    #[pyo3(signature = (layout = None))]
    fn empty(layout: Option<&Bound<'_, PyAny>>) -> PyResult<PyGrid> {
        let layout = layout_arg(layout, || Ok(Layout::default()))?;
        Ok(PyGrid::wrap(Grid::empty_in(&layout)))
    }

    /// A grid from its cells, row-major, 0 for empty; of ``layout``, or of
    /// the squarest boxes of the side the number of cells gives.
    #[staticmethod]
    #[pyo3(signature = (cells, *, layout = None))]
    fn from_cells(cells: Vec<u8>, layout: Option<&Bound<'_, PyAny>>) -> PyResult<PyGrid> {
        let layout = layout_arg(layout, || {
            let side = (cells.len() as f64).sqrt().round() as usize;
            Layout::squarest(side).or_raise()
        })?;
        Grid::from_cells_in(&layout, cells)
            .map(PyGrid::wrap)
            .or_raise()
    }

    /// Reads an f-puzzles puzzle: its JSON, or a compressed ``?load=``
    /// string or link. Its layout carries the puzzle's variants and
    /// constraints.
    #[staticmethod]
    fn from_fpuzzles(text: &str) -> PyResult<PyGrid> {
        Grid::from_fpuzzles(text).map(PyGrid::wrap).or_raise()
    }

    /// The layout.
    #[getter]
    fn layout(&self) -> PyLayout {
        PyLayout {
            inner: self.inner.layout().clone(),
        }
    }

    /// The side n.
    #[getter]
    fn side(&self) -> usize {
        self.inner.side()
    }

    /// The cells, row-major, 0 for empty.
    #[getter]
    fn cells(&self) -> Vec<u32> {
        self.inner.cells().iter().map(|&d| u32::from(d)).collect()
    }

    /// The rows, each a list of n cells.
    #[getter]
    fn rows(&self) -> Vec<Vec<u32>> {
        self.inner
            .cells()
            .chunks(self.inner.side().max(1))
            .map(|row| row.iter().map(|&d| u32::from(d)).collect())
            .collect()
    }

    /// The number of filled cells.
    #[getter]
    fn givens(&self) -> usize {
        self.inner.givens()
    }

    /// Whether every cell is filled.
    #[getter]
    fn is_complete(&self) -> bool {
        self.inner.is_complete()
    }

    fn __getitem__(&self, index: (usize, usize)) -> PyResult<u8> {
        let (row, col) = self.cell(index)?;
        Ok(self.inner.get(row, col))
    }

    fn __setitem__(&mut self, index: (usize, usize), digit: u8) -> PyResult<()> {
        let (row, col) = self.cell(index)?;
        self.inner.set(row, col, digit).or_raise()
    }

    /// Checks the givens.
    ///
    /// Raises ConflictError naming the house and digit of a repeat, or the
    /// rule and the cells that break it.
    fn check(&self) -> PyResult<()> {
        self.inner.check().or_raise()
    }

    /// Whether this grid is complete, valid and agrees with the givens of
    /// ``puzzle``.
    fn is_solution_of(&self, puzzle: &PyGrid) -> bool {
        self.inner.is_solution_of(&puzzle.inner)
    }

    /// A solution (the first found), or None when there is none.
    ///
    /// Raises ConflictError when the givens conflict.
    fn solve(&self, py: Python<'_>) -> PyResult<Option<PyGrid>> {
        let grid = &self.inner;
        Ok(with_solver(py, grid.layout(), |s| s.solve_one(grid))?.map(PyGrid::wrap))
    }

    /// The unique solution.
    ///
    /// Raises NoSolutionError, MultipleSolutionsError or ConflictError.
    fn solution(&self, py: Python<'_>) -> PyResult<PyGrid> {
        let grid = &self.inner;
        with_solver(py, grid.layout(), |s| s.solution(grid)).map(PyGrid::wrap)
    }

    /// The number of solutions, counted up to ``limit`` (all when None:
    /// Ctrl-C stops a count that is too long). 0 when the givens conflict.
    #[pyo3(signature = (limit = None))]
    fn count(&self, py: Python<'_>, limit: Option<u64>) -> PyResult<u64> {
        let grid = &self.inner;
        let max = limit.unwrap_or(u64::MAX);
        with_solver(py, grid.layout(), |s| {
            match s.count_solutions_up_to(grid, max) {
                Err(SolveError::Conflict(_)) => Ok(0),
                other => other,
            }
        })
    }

    /// Whether the puzzle has exactly one solution.
    fn is_unique(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.count(py, Some(2))? == 1)
    }

    /// The solutions, found lazily as the iterator is advanced (up to
    /// ``limit``), each a Grid.
    ///
    /// Raises ConflictError when the givens conflict.
    #[pyo3(signature = (limit = None))]
    fn solutions(&self, limit: Option<u64>) -> PyResult<PyGridSolutions> {
        PyGridSolutions::new(&self.inner, limit)
    }

    /// The true candidates: per cell, the digits it holds in at least one
    /// solution, each with its number of solutions counted up to ``cap``.
    #[pyo3(signature = (cap = 1))]
    fn true_candidates(&self, py: Python<'_>, cap: u64) -> PyResult<PyCandidates> {
        let grid = &self.inner;
        let inner = with_solver(py, grid.layout(), |s| s.true_candidates(grid, cap.max(1)))?;
        Ok(PyCandidates { inner })
    }

    /// Rates a puzzle with one solution from the engine's own search: the
    /// mean nodes past those of forced moves, over a few relabellings.
    ///
    /// Raises NoSolutionError or MultipleSolutionsError.
    fn rate(&self, py: Python<'_>) -> PyResult<PyRating> {
        let grid = &self.inner;
        let rating = with_solver(py, grid.layout(), |s| s.rate(grid))?;
        Ok(PyRating {
            score: rating.score,
            difficulty: rating.difficulty.name().to_string(),
            nodes: rating.nodes,
            forced_nodes: rating.forced_nodes,
        })
    }

    /// The puzzle's difficulty on Sudoku Explainer's scale (ER/EP/ED),
    /// from the path ``explain`` takes: a SeRating. A puzzle with several
    /// solutions, or none, is rated as far as its path goes, with
    /// ``solved`` False.
    ///
    /// Raises ConflictError when the givens conflict.
    fn rate_se(&self, py: Python<'_>) -> PyResult<PySeRating> {
        let grid = &self.inner;
        let rating = py.detach(|| grid.rate_se()).or_raise()?;
        Ok(PySeRating::of(&rating))
    }

    /// The canonical form: the least of the puzzles equivalent to this one
    /// under the transformations that keep a puzzle valid (bands, rows,
    /// stacks, columns, relabelling, transposing square boxes). Two
    /// puzzles of one layout are equivalent exactly when their forms are
    /// equal. ``form`` is ``"minlex"`` (the least string, empty cells
    /// first, digits relabelled 1, 2, 3... in order of first appearance)
    /// or ``"maxlex"`` (the greatest, givens first, digits relabelled n,
    /// n-1, ...).
    ///
    /// Raises TransformError for a jigsaw, a layout with variants, or a
    /// puzzle in pencilmarks.
    #[pyo3(signature = (form = "minlex"))]
    fn canonical(&self, py: Python<'_>, form: &str) -> PyResult<PyGrid> {
        let form: Canon = form
            .parse()
            .map_err(|e: sudoku_dlx::CanonError| PyValueError::new_err(e.to_string()))?;
        let grid = &self.inner;
        let cancel = Arc::new(AtomicBool::new(false));
        let (form, _) = cancellable(py, &cancel, None, || grid.canonical_with(form, &cancel))?;
        form.map(PyGrid::wrap).or_raise()
    }

    /// The path of logical steps a player takes to the solution, easiest
    /// first: singles, locked candidates, naked and hidden subsets, fish,
    /// wings, chains, nishio, a killer's cage combinations, innies and
    /// outies, forcing chains through a variant's rules, and trial as the
    /// last resort. A list of Step. Ctrl-C stops
    /// it with KeyboardInterrupt.
    ///
    /// Raises ConflictError when the givens conflict, and
    /// MultipleSolutionsError or NoSolutionError when the path stops where
    /// no step is certain, short of a solution.
    fn explain(&self, py: Python<'_>) -> PyResult<Vec<PyStep>> {
        let grid = &self.inner;
        let cancel = Arc::new(AtomicBool::new(false));
        let (steps, _) = cancellable(py, &cancel, None, || logical_path(grid, &cancel, false))?;
        let steps = steps.or_raise()?;
        Ok(steps.iter().map(|s| PyStep::of(s, grid.side())).collect())
    }

    /// The easiest next step, or None when the puzzle is solved or no
    /// step is certain. A grid in pencilmarks takes its candidates as they
    /// are. Ctrl-C stops it with KeyboardInterrupt.
    ///
    /// Raises ConflictError when the givens conflict.
    fn hint(&self, py: Python<'_>) -> PyResult<Option<PyStep>> {
        let grid = &self.inner;
        let cancel = Arc::new(AtomicBool::new(false));
        let (steps, _) = cancellable(py, &cancel, None, || logical_path(grid, &cancel, true))?;
        let step = steps.or_raise()?.into_iter().next();
        Ok(step.map(|s| PyStep::of(&s, grid.side())))
    }

    /// A random equivalent puzzle, the one of ``seed``: bands, rows,
    /// stacks and columns shuffled, digits relabelled, transposed half of
    /// the time for square boxes.
    fn transform(&self, seed: u64) -> PyResult<PyGrid> {
        self.inner.transform(seed).map(PyGrid::wrap).or_raise()
    }

    /// The puzzle's exact-cover problem, the givens applied: items
    /// ``r1c1`` (a cell), ``r1=5``, ``c1=5``, ``b1=5`` (digit 5 in row,
    /// column, box 1), ...; an option per placement, numbered from 0.
    ///
    /// Raises ConflictError when the givens conflict.
    fn to_problem(&self) -> PyResult<PyProblem> {
        let problem = self.inner.to_problem().or_raise()?;
        Ok(PyProblem::wrap(compact(&problem)?))
    }

    /// The one-line form, with ``alphabet``'s symbols (the standard ones
    /// by default).
    #[pyo3(signature = (alphabet = None))]
    fn to_line(&self, alphabet: Option<&str>) -> PyResult<String> {
        self.inner
            .to_line_with(&self::alphabet(alphabet)?)
            .or_raise()
    }

    /// The killer in the short format of the killer lists (81 sums and
    /// arrows), or ``None`` when the format cannot hold the puzzle.
    fn to_killer_short(&self) -> Option<String> {
        self.inner.to_killer_short()
    }

    /// The killer in SudoCue's long format (``3x3::k:...``), or ``None``
    /// when the format cannot hold the puzzle.
    fn to_killer_long(&self) -> Option<String> {
        self.inner.to_killer_long()
    }

    /// The grid drawn over n lines, boxes set apart.
    #[pyo3(signature = (alphabet = None))]
    fn to_grid_string(&self, alphabet: Option<&str>) -> PyResult<String> {
        self.inner
            .to_grid_string_with(&self::alphabet(alphabet)?)
            .or_raise()
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Grid('{}')", self.inner)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyGrid>()
            .is_ok_and(|o| o.borrow().inner == self.inner)
    }

    fn __copy__(&self) -> PyGrid {
        self.clone()
    }
}

/// A problem with its options numbered 0.. in order: `Grid::to_problem`
/// drops the options the givens rule out, leaving gaps in the ids.
fn compact(problem: &dlx::Problem) -> PyResult<dlx::Problem> {
    let mut text = Vec::new();
    dlx::write(problem, &mut text).or_raise()?;
    dlx::read(text.as_slice()).or_raise()
}

/// The placement of an option of a puzzle's problem, from its items'
/// names: the cell `rRcC` and the digit of `rR=D`.
fn placement(names: &[String], n: usize) -> Option<(usize, u8)> {
    let mut cell = None;
    let mut digit = None;
    for name in names {
        let Some(rest) = name.strip_prefix('r') else {
            continue;
        };
        if let Some((_, d)) = rest.split_once('=') {
            digit = d.parse::<u8>().ok();
        } else if let Some((r, c)) = rest.split_once('c') {
            if let (Ok(r), Ok(c)) = (r.parse::<usize>(), c.parse::<usize>()) {
                cell = Some((r - 1) * n + (c - 1));
            }
        }
    }
    Some((cell?, digit?))
}

/// The solutions of a puzzle, found lazily as the iterator is advanced,
/// each a Grid; the search runs with the GIL released, and Ctrl-C stops it.
#[pyclass(module = "dlx_cover", name = "GridSolutions")]
pub struct PyGridSolutions {
    solver: PySolver,
    /// The placement of each option of the puzzle's problem, by index.
    placements: Vec<Option<(usize, u8)>>,
    layout: Layout,
    done: bool,
}

impl PyGridSolutions {
    fn new(grid: &Grid, limit: Option<u64>) -> PyResult<PyGridSolutions> {
        let problem = PyProblem::wrap(compact(&grid.to_problem().or_raise()?)?);
        let n = grid.side();
        let placements = problem
            .inner
            .options()
            .map(|(id, _)| placement(&option_names(&problem.inner, id), n))
            .collect();
        let mut solver = PySolver::with_limits(&problem, limit, None, None)?;
        solver.begin()?;
        Ok(PyGridSolutions {
            solver,
            placements,
            layout: grid.layout().clone(),
            done: false,
        })
    }
}

#[pymethods]
impl PyGridSolutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<PyGrid>> {
        if self.done {
            return Ok(None);
        }
        let Some(solution) = self.solver.next_solution(py)? else {
            self.done = true;
            return Ok(None);
        };
        let n = self.layout.side();
        let mut cells = vec![0u8; n * n];
        for id in solution {
            if let Some(Some((cell, digit))) = self.placements.get(id.index()) {
                cells[*cell] = *digit;
            }
        }
        Grid::from_cells_in(&self.layout, cells)
            .map(PyGrid::wrap)
            .or_raise()
            .map(Some)
    }
}

/// The true candidates of a puzzle: per cell, the digits it holds in at
/// least one solution, each with its number of solutions up to ``cap``.
/// ``str()`` draws the pencilmark grid.
#[pyclass(module = "dlx_cover", name = "Candidates", frozen)]
pub struct PyCandidates {
    inner: sudoku_dlx::Candidates,
}

#[pymethods]
impl PyCandidates {
    /// The digits cell (row, col) holds in some solution.
    fn digits(&self, row: usize, col: usize) -> PyResult<Vec<u32>> {
        let n = self.inner.layout().side();
        if row >= n || col >= n {
            return Err(PyIndexError::new_err(format!(
                "no cell ({row}, {col}) on a {n}x{n} grid"
            )));
        }
        Ok(self.inner.digits(row, col).map(u32::from).collect())
    }

    /// The number of solutions (up to the cap) with ``digit`` in cell
    /// (row, col).
    fn count(&self, row: usize, col: usize, digit: u8) -> u64 {
        self.inner.count(row, col, digit)
    }

    /// The number of solutions, when all were found under the cap.
    #[getter]
    fn solutions(&self) -> Option<u64> {
        self.inner.solutions()
    }

    /// The cap of the counts.
    #[getter]
    fn cap(&self) -> u64 {
        self.inner.cap()
    }

    /// The grid of the cells with one candidate, when there are solutions.
    fn to_grid(&self) -> Option<PyGrid> {
        self.inner.to_grid().map(PyGrid::wrap)
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "<Candidates: {} solutions>",
            match self.inner.solutions() {
                Some(n) => n.to_string(),
                None => format!("more than {}", self.inner.cap()),
            }
        )
    }
}

/// How hard a puzzle is, from the engine's own search: ``score`` the mean
/// extra nodes past forced moves (0 for forced moves alone),
/// ``difficulty`` its class (``"forced"``, ``"easy"``, ``"medium"``,
/// ``"hard"``, ``"extreme"``), ``nodes`` each ordering's search, and
/// ``forced_nodes`` what forced moves alone take.
#[pyclass(module = "dlx_cover", name = "Rating", frozen, get_all)]
pub struct PyRating {
    score: f64,
    difficulty: String,
    nodes: Vec<u64>,
    forced_nodes: u64,
}

#[pymethods]
impl PyRating {
    fn __repr__(&self) -> String {
        format!(
            "Rating(score={}, difficulty={:?}, nodes={:?}, forced_nodes={})",
            self.score, self.difficulty, self.nodes, self.forced_nodes
        )
    }
}

/// A puzzle's difficulty on Sudoku Explainer's scale (``Grid.rate_se``):
/// ``er`` the difficulty of the hardest step of the path ``Grid.explain``
/// takes, ``ep`` of the hardest up to the first that places a digit, ``ed``
/// of the first step; ``hardest`` the technique of the hardest step (None
/// for a path of no step), ``steps`` how many steps the path has, and
/// ``solved`` whether it reached the solution (False for a puzzle with
/// several solutions or none). ``str(rating)`` is ``"7.1/1.2/1.2"``, as
/// ``dlx sudoku --rate=se`` writes it.
#[pyclass(module = "dlx_cover", name = "SeRating", frozen)]
pub struct PySeRating {
    #[pyo3(get)]
    er: f64,
    #[pyo3(get)]
    ep: f64,
    #[pyo3(get)]
    ed: f64,
    #[pyo3(get)]
    hardest: Option<String>,
    #[pyo3(get)]
    steps: usize,
    #[pyo3(get)]
    solved: bool,
    text: String,
}

impl PySeRating {
    fn of(rating: &SeRating) -> PySeRating {
        PySeRating {
            er: rating.er,
            ep: rating.ep,
            ed: rating.ed,
            hardest: rating.hardest.map(|t| t.name()),
            steps: rating.steps,
            solved: rating.solved,
            text: rating.to_string(),
        }
    }
}

#[pymethods]
impl PySeRating {
    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        let hardest = self
            .hardest
            .as_deref()
            .map_or("None".into(), |t| format!("{t:?}"));
        format!(
            "SeRating(er={}, ep={}, ed={}, hardest={hardest}, steps={}, solved={})",
            self.er,
            self.ep,
            self.ed,
            self.steps,
            if self.solved { "True" } else { "False" }
        )
    }
}

/// One logical step (``Grid.explain``, ``Grid.hint``): its
/// ``technique`` (``"naked pair"``...), ``difficulty`` on Sudoku
/// Explainer's scale, the problem's items it used (``base``, ``cover``:
/// ``"r1c1"`` a cell, ``"r1=5"`` digit 5 in row 1...), and what it
/// concludes: ``placements`` and ``eliminations`` as (row, column, digit),
/// rows and columns from 0, and ``constraint_options``, how many options
/// of constraints it takes or rules out beside them. A chain's
/// ``complexity`` is the number of nodes its conclusion depends on (0 for
/// other steps). ``str(step)`` is the line ``dlx sudoku --explain``
/// prints; the same fields are the CLI's JSON.
#[pyclass(module = "dlx_cover", name = "Step", frozen)]
pub struct PyStep {
    #[pyo3(get)]
    technique: String,
    #[pyo3(get)]
    difficulty: f64,
    #[pyo3(get)]
    base: Vec<String>,
    #[pyo3(get)]
    cover: Vec<String>,
    #[pyo3(get)]
    placements: Vec<(usize, usize, u8)>,
    #[pyo3(get)]
    eliminations: Vec<(usize, usize, u8)>,
    /// How many options of constraints (a cage's digit set, an arrow's
    /// digits) the step takes or rules out, beside its placements and
    /// eliminations.
    #[pyo3(get)]
    constraint_options: usize,
    /// For a chain, how many nodes its conclusion depends on; 0 for
    /// other steps.
    #[pyo3(get)]
    complexity: usize,
    text: String,
}

impl PyStep {
    fn of(step: &Step, n: usize) -> PyStep {
        let cells = |list: &[(usize, u8)]| list.iter().map(|&(c, d)| (c / n, c % n, d)).collect();
        PyStep {
            technique: step.technique().name(),
            difficulty: step.difficulty(),
            base: step.base().to_vec(),
            cover: step.cover().to_vec(),
            placements: cells(step.placements()),
            eliminations: cells(step.eliminations()),
            constraint_options: step.constraint_options(),
            complexity: step.complexity(),
            text: step.to_string(),
        }
    }
}

#[pymethods]
impl PyStep {
    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "Step(technique={:?}, base={:?}, cover={:?}, placements={:?}, eliminations={:?})",
            self.technique, self.base, self.cover, self.placements, self.eliminations
        )
    }
}

/// A symmetry from its name.
fn symmetry(name: &str) -> PyResult<Symmetry> {
    name.parse().or_raise()
}

/// Makes puzzles of one layout with one solution each: minimal, or down
/// to about ``givens`` givens, the givens' pattern keeping ``symmetry``
/// (``"none"``, ``"rotate180"``, ``"rotate90"``, ``"mirror"``, ``"flip"``,
/// ``"diagonal"``, ``"antidiagonal"``, ``"dihedral"``). The puzzle of a
/// seed is the same on every platform.
#[pyclass(module = "dlx_cover", name = "Generator")]
pub struct PyGenerator {
    inner: Generator,
    cancel: Arc<AtomicBool>,
}

#[pymethods]
impl PyGenerator {
    #[new]
    #[pyo3(signature = (layout = None, *, symmetry = "none", givens = None, trial_nodes = None))]
    fn new(
        layout: Option<&Bound<'_, PyAny>>,
        symmetry: &str,
        givens: Option<usize>,
        trial_nodes: Option<u64>,
    ) -> PyResult<PyGenerator> {
        let layout = layout_arg(layout, || Ok(Layout::default()))?;
        let cancel = Arc::new(AtomicBool::new(false));
        let inner = Generator::new(&layout)
            .symmetry(self::symmetry(symmetry)?)
            .givens(givens)
            .trial_nodes(trial_nodes)
            .cancel_flag(Arc::clone(&cancel));
        Ok(PyGenerator { inner, cancel })
    }

    /// The puzzle of ``seed``.
    ///
    /// Raises GenerateError when the layout has no solution grid.
    fn generate(&mut self, py: Python<'_>, seed: u64) -> PyResult<PyGrid> {
        self.cancel
            .store(false, std::sync::atomic::Ordering::Relaxed);
        let generator = &mut self.inner;
        let (puzzle, _) = cancellable(py, &self.cancel, None, || generator.generate(seed))?;
        puzzle.map(PyGrid::wrap).or_raise()
    }

    /// Whether the last puzzle made is minimal.
    #[getter]
    fn is_minimal(&self) -> bool {
        self.inner.is_minimal()
    }

    /// The layout of the puzzles.
    #[getter]
    fn layout(&self) -> PyLayout {
        PyLayout {
            inner: self.inner.layout().clone(),
        }
    }

    fn __repr__(&self) -> String {
        format!("<Generator of {}>", self.inner.layout())
    }
}

/// A puzzle with one solution: ``Generator(layout, symmetry=...,
/// givens=...).generate(seed)``.
#[pyfunction]
#[pyo3(signature = (seed = 0, *, layout = None, symmetry = "none", givens = None))]
pub fn generate(
    py: Python<'_>,
    seed: u64,
    layout: Option<&Bound<'_, PyAny>>,
    symmetry: &str,
    givens: Option<usize>,
) -> PyResult<PyGrid> {
    PyGenerator::new(layout, symmetry, givens, None)?.generate(py, seed)
}

/// One puzzle read by ``read_puzzles`` or ``parse_puzzles``: the ``line``
/// (from 1) where it starts, and its ``grid`` or the ParseError saying why
/// there is none (``error``).
#[pyclass(module = "dlx_cover", name = "Record", frozen)]
pub struct PyRecord {
    /// The line, from 1, of the puzzle's first cell.
    #[pyo3(get)]
    line: usize,
    /// The puzzle, or None.
    #[pyo3(get)]
    grid: Option<Py<PyGrid>>,
    /// The ParseError, or None.
    #[pyo3(get)]
    error: Option<Py<PyAny>>,
}

#[pymethods]
impl PyRecord {
    /// Whether the puzzle was read.
    #[getter]
    fn ok(&self) -> bool {
        self.grid.is_some()
    }

    /// The puzzle, or raise the record's error.
    fn get(&self, py: Python<'_>) -> PyResult<Py<PyGrid>> {
        match (&self.grid, &self.error) {
            (Some(grid), _) => Ok(grid.clone_ref(py)),
            (None, Some(error)) => Err(PyErr::from_value(error.bind(py).clone())),
            (None, None) => Err(PyValueError::new_err("no puzzle")),
        }
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        match (&self.grid, &self.error) {
            (Some(grid), _) => format!("<Record line {}: {}>", self.line, grid.borrow(py).inner),
            (None, Some(error)) => format!("<Record line {}: {}>", self.line, error.bind(py)),
            _ => format!("<Record line {}>", self.line),
        }
    }
}

type Source = Box<dyn BufRead + Send + Sync>;

/// Puzzles read one at a time, a Record each, in input order, every
/// format the ``dlx sudoku`` command reads: one puzzle per line, grids
/// drawn over lines, ``.sdk``/``.ss``, CSV, pencilmarks, f-puzzles JSON
/// and links, the project's text form of variant puzzles.
#[pyclass(module = "dlx_cover", name = "Puzzles")]
pub struct PyPuzzles {
    puzzles: Puzzles<Source>,
    filename: Option<String>,
}

impl PyPuzzles {
    fn new(
        source: Source,
        filename: Option<String>,
        layout: Option<&Bound<'_, PyAny>>,
        variants: Vec<String>,
        alphabet: Option<&str>,
    ) -> PyResult<PyPuzzles> {
        let mut options = ReadOptions::new().alphabet(self::alphabet(alphabet)?);
        if let Some(l) = layout.filter(|l| !l.is_none()) {
            options = options.layout(layout_arg(Some(l), || unreachable!())?);
        }
        if !variants.is_empty() {
            let variants = variants
                .iter()
                .map(|v| variant(v))
                .collect::<PyResult<_>>()?;
            options = options.variants(variants);
        }
        Ok(PyPuzzles {
            puzzles: Puzzles::with_options(source, options),
            filename,
        })
    }
}

#[pymethods]
impl PyPuzzles {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<PyRecord>> {
        let Some(record) = self.puzzles.next() else {
            return Ok(None);
        };
        let record = record.or_raise()?;
        Ok(Some(match record.result {
            Ok(grid) => PyRecord {
                line: record.line,
                grid: Some(Py::new(py, PyGrid::wrap(grid))?),
                error: None,
            },
            Err(e) => {
                let error = e.to_py().into_value(py).into_any();
                if let Some(name) = &self.filename {
                    error.bind(py).setattr("filename", name)?;
                }
                PyRecord {
                    line: record.line,
                    grid: None,
                    error: Some(error),
                }
            }
        }))
    }
}

/// The puzzles of a file, lazily: see ``parse_puzzles``.
#[pyfunction]
#[pyo3(signature = (path, *, layout = None, variants = Vec::new(), alphabet = None))]
pub fn read_puzzles(
    path: PathBuf,
    layout: Option<&Bound<'_, PyAny>>,
    variants: Vec<String>,
    alphabet: Option<&str>,
) -> PyResult<PyPuzzles> {
    let file = crate::errors::open(&path)?;
    let name = path.to_string_lossy().into_owned();
    PyPuzzles::new(
        Box::new(BufReader::new(file)),
        Some(name),
        layout,
        variants,
        alphabet,
    )
}

/// The puzzles of a string, lazily, a Record each (``line``, ``grid``,
/// ``error``), in every format the ``dlx sudoku`` command reads. ``layout``
/// (a Layout or a box size) reads every puzzle as one of that layout;
/// ``variants`` adds variants to the layout found from each puzzle;
/// ``alphabet`` gives the symbols of the digits.
#[pyfunction]
#[pyo3(signature = (text, *, layout = None, variants = Vec::new(), alphabet = None))]
pub fn parse_puzzles(
    text: String,
    layout: Option<&Bound<'_, PyAny>>,
    variants: Vec<String>,
    alphabet: Option<&str>,
) -> PyResult<PyPuzzles> {
    PyPuzzles::new(
        Box::new(Cursor::new(text.into_bytes())),
        None,
        layout,
        variants,
        alphabet,
    )
}
