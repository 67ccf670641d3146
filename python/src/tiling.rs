//! Tilings, N-queens and pentominoes: the ready-made problems of
//! `dlx::puzzles`.

use std::path::PathBuf;

use dlx::puzzles::{Board, Tilings};
use dlx::OptionId;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::cover::PyProblem;
use crate::errors::{exception, OrRaise};

/// Which tilings: all, or one per class under the board's symmetries.
fn tilings(up_to_symmetry: bool) -> Tilings {
    if up_to_symmetry {
        Tilings::UpToSymmetry
    } else {
        Tilings::All
    }
}

/// Option ids from Python's option indices.
fn ids(solution: Vec<usize>) -> Vec<OptionId> {
    solution.into_iter().map(OptionId::from_index).collect()
}

/// A board of pentominoes: a text of `.` cells and `#` holes, or a
/// rectangle.
fn board(rows: usize, cols: usize, board: Option<&str>) -> PyResult<Board> {
    match board {
        Some(text) => Board::parse(text).or_raise(),
        None => Board::rectangle(rows, cols).or_raise(),
    }
}

/// A tiling problem: a board, in the plane or in space, and pieces to
/// place on it.
///
/// ``Tiling.parse(text)`` reads Knuth's polyomino-dlx/polycube-dlx form
/// (``[0-5][0-9]`` then a piece a line) or the drawn form (the board as
/// ``.`` cells, then the pieces drawn by their letters), told apart by the
/// first line; ``Tiling.pentominoes()`` is the twelve pentominoes on a
/// 6x10 rectangle or any board of 60 cells. ``problem()`` builds the
/// exact-cover problem, ``count()`` counts the tilings, and
/// ``picture(problem, solution)`` draws one.
#[pyclass(module = "dlx_cover", name = "Tiling", frozen)]
#[derive(Clone)]
pub struct PyTiling {
    inner: dlx::puzzles::Tiling,
}

#[pymethods]
impl PyTiling {
    /// Reads a tiling in Knuth's form or the drawn form.
    ///
    /// Raises ParseError with the line and column of the first fault.
    #[staticmethod]
    fn parse(text: &str) -> PyResult<PyTiling> {
        let inner = dlx::puzzles::Tiling::parse(text).or_raise()?;
        Ok(PyTiling { inner })
    }

    /// Reads a tiling from a file, as ``parse`` does.
    #[staticmethod]
    fn read(path: PathBuf) -> PyResult<PyTiling> {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut crate::errors::open(&path)?, &mut text).or_raise()?;
        PyTiling::parse(&text)
    }

    /// The twelve pentominoes on a ``rows`` x ``cols`` rectangle, or on
    /// ``board``, a text of ``.`` cells and ``#`` holes; 60 cells in all.
    #[staticmethod]
    #[pyo3(signature = (rows = 6, cols = 10, *, board = None))]
    fn pentominoes(rows: usize, cols: usize, board: Option<&str>) -> PyResult<PyTiling> {
        let board = self::board(rows, cols, board)?;
        if board.cell_count() != 60 {
            return Err(exception(
                "ProblemError",
                dlx::puzzles::PuzzleError::CellCount(board.cell_count()),
                None,
                None,
            ));
        }
        Ok(PyTiling {
            inner: dlx::puzzles::Tiling::pentominoes(&board),
        })
    }

    /// This tiling with pieces turned (``rotations``) and mirrored
    /// (``reflections``) or not; None keeps the setting (pieces of the
    /// plane are turned and mirrored, pieces in space only turned).
    #[pyo3(signature = (*, rotations = None, reflections = None))]
    fn with_motions(&self, rotations: Option<bool>, reflections: Option<bool>) -> PyTiling {
        let mut inner = self.inner.clone();
        if let Some(on) = rotations {
            inner = inner.rotations(on);
        }
        if let Some(on) = reflections {
            inner = inner.reflections(on);
        }
        PyTiling { inner }
    }

    /// 2 for a board in the plane, 3 for one in space.
    #[getter]
    fn dimensions(&self) -> usize {
        self.inner.dimensions()
    }

    /// The number of cells of the board.
    #[getter]
    fn cell_count(&self) -> usize {
        self.inner.cell_count()
    }

    /// The pieces' names.
    #[getter]
    fn pieces(&self) -> Vec<String> {
        self.inner.piece_names().map(str::to_string).collect()
    }

    /// The number of symmetries of the problem (the identity included).
    #[getter]
    fn symmetry_count(&self) -> usize {
        self.inner.symmetry_count()
    }

    /// The exact-cover problem: all tilings, or with
    /// ``up_to_symmetry=True`` one of each class under the symmetries.
    ///
    /// With ``sweep=True`` the cells come first among the items, in the
    /// order of a frontier sweeping the board along its longest side, so
    /// that ``count_memo(order="first")`` fills the board a slice at a
    /// time and meets few states.
    ///
    /// Raises ProblemError (or ParseError at a piece's line) when a piece
    /// fits nowhere or the symmetry cannot be broken.
    #[pyo3(signature = (*, up_to_symmetry = false, sweep = false))]
    fn problem(&self, py: Python<'_>, up_to_symmetry: bool, sweep: bool) -> PyResult<PyProblem> {
        let inner = self.inner.clone().sweep(sweep);
        let problem = py.detach(|| inner.problem(tilings(up_to_symmetry)));
        problem.map(PyProblem::wrap).or_raise()
    }

    /// The number of tilings (see ``problem``), counted with the GIL
    /// released; Ctrl-C stops it.
    #[pyo3(signature = (*, up_to_symmetry = false, limit = None, time_limit = None))]
    fn count(
        &self,
        py: Python<'_>,
        up_to_symmetry: bool,
        limit: Option<u64>,
        time_limit: Option<f64>,
    ) -> PyResult<u64> {
        self.problem(py, up_to_symmetry, false)?
            .count(py, limit, None, time_limit)
    }

    /// Draws a solution (option indices) of ``problem``, which this tiling
    /// built: a line per row, each cell the name of its piece.
    fn picture(&self, problem: &PyProblem, solution: Vec<usize>) -> String {
        self.inner.picture(&problem.inner, &ids(solution))
    }

    fn __repr__(&self) -> String {
        format!(
            "<Tiling: {} cells in {}D, {} pieces>",
            self.inner.cell_count(),
            self.inner.dimensions(),
            self.inner.piece_names().count()
        )
    }
}

/// The N-queens problem as Knuth's DLX1 states it: primary items ``r0..``
/// (rows) and ``c0..`` (columns), secondary items ``a0..`` and ``b0..``
/// (diagonals), one option ``r c a b`` per square, row by row. 8 queens
/// have 92 solutions. Raises ValueError for ``n`` 0, as ``dlx queens 0``
/// refuses it.
#[pyfunction]
pub fn queens(n: usize) -> PyResult<PyProblem> {
    if n == 0 {
        return Err(PyValueError::new_err("queens(n) takes n from 1"));
    }
    dlx::puzzles::try_queens(n).map(PyProblem::wrap).or_raise()
}

/// Draws a solution (option indices) of ``queens(n)``: ``n`` lines, ``Q``
/// for a queen and ``.`` for an empty square.
#[pyfunction]
pub fn queens_board(problem: &PyProblem, n: usize, solution: Vec<usize>) -> String {
    dlx::puzzles::queens_board(&problem.inner, n, &ids(solution))
}

/// The pentomino problem: the twelve pentominoes, each once, on a ``rows``
/// x ``cols`` rectangle or on ``board`` (``.`` cells, ``#`` holes), 60
/// cells in all. 6x10 has 9356 tilings, 2339 up to symmetry
/// (``up_to_symmetry=True``). ``Tiling.pentominoes`` draws them.
#[pyfunction]
#[pyo3(signature = (rows = 6, cols = 10, *, board = None, up_to_symmetry = false))]
pub fn pentominoes(
    rows: usize,
    cols: usize,
    board: Option<&str>,
    up_to_symmetry: bool,
) -> PyResult<PyProblem> {
    let board = self::board(rows, cols, board)?;
    dlx::puzzles::pentominoes(&board, tilings(up_to_symmetry))
        .map(PyProblem::wrap)
        .or_raise()
}
