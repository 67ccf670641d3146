//! The engine's errors as the package's Python exceptions.
//!
//! The classes live in `dlx_cover/_errors.py`, where multiple inheritance
//! (`ParseError(DlxError, ValueError)`) is plain Python; each Rust error
//! becomes one of them with its `Display` as the message, unchanged, and
//! its line and column as attributes where it has them.

use std::fmt::Display;
use std::io;
use std::path::Path;

use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyModule;

use dlx::puzzles::{PuzzleError, TilingError};
use sudoku_dlx::{
    AlphabetError, Conflict, FpuzzlesError, FpuzzlesErrorKind, GenerateError, GridError,
    LayoutError, ParseError, SolveError, SymmetryError, TransformError,
};

/// The module of the exception classes, imported once.
static ERRORS: PyOnceLock<Py<PyModule>> = PyOnceLock::new();

/// An exception of class `class` (a name in `dlx_cover._errors`) with
/// `message`, and `line` and `column` set when known.
pub fn exception(
    class: &str,
    message: impl Display,
    line: Option<usize>,
    column: Option<usize>,
) -> PyErr {
    Python::attach(
        |py| match build(py, class, &message.to_string(), line, column) {
            Ok(err) => err,
            Err(err) => err,
        },
    )
}

fn build(
    py: Python<'_>,
    class: &str,
    message: &str,
    line: Option<usize>,
    column: Option<usize>,
) -> PyResult<PyErr> {
    let module = ERRORS.get_or_try_init(py, || {
        PyModule::import(py, "dlx_cover._errors").map(Bound::unbind)
    })?;
    let value = module.bind(py).getattr(class)?.call1((message,))?;
    if line.is_some() {
        value.setattr("line", line)?;
    }
    if column.is_some() {
        value.setattr("column", column)?;
    }
    Ok(PyErr::from_value(value))
}

/// A Rust error as a Python exception.
pub trait ToPyErr {
    /// The exception of this error.
    fn to_py(&self) -> PyErr;
}

/// `?` on a Rust result, the error raised as its Python exception.
pub trait OrRaise<T> {
    /// The value, or the error's exception.
    fn or_raise(self) -> PyResult<T>;
}

impl<T, E: ToPyErr> OrRaise<T> for Result<T, E> {
    fn or_raise(self) -> PyResult<T> {
        self.map_err(|e| e.to_py())
    }
}

impl ToPyErr for dlx::Error {
    fn to_py(&self) -> PyErr {
        match self.kind() {
            dlx::ErrorKind::Io(e) => os_error(e, None),
            _ if self.line().is_some() => exception("ParseError", self, self.line(), self.column()),
            _ => exception("ProblemError", self, None, None),
        }
    }
}

impl ToPyErr for io::Error {
    fn to_py(&self) -> PyErr {
        os_error(self, None)
    }
}

/// An I/O error as Python's: `OSError(errno, strerror, filename)`, which
/// Python makes the subclass of the errno (`FileNotFoundError`, ...).
pub fn os_error(e: &io::Error, path: Option<&Path>) -> PyErr {
    let Some(errno) = e.raw_os_error() else {
        return PyOSError::new_err(e.to_string());
    };
    let message = e.to_string();
    let strerror = message
        .strip_suffix(&format!(" (os error {errno})"))
        .unwrap_or(&message)
        .to_string();
    match path {
        Some(path) => PyOSError::new_err((errno, strerror, path.to_string_lossy().into_owned())),
        None => PyOSError::new_err((errno, strerror)),
    }
}

/// Opens a file to read, its errors as Python's naming the file.
pub fn open(path: &Path) -> PyResult<std::fs::File> {
    std::fs::File::open(path).map_err(|e| os_error(&e, Some(path)))
}

impl ToPyErr for dlx::VerifyError {
    fn to_py(&self) -> PyErr {
        exception("ProblemError", self, None, None)
    }
}

impl ToPyErr for TilingError {
    fn to_py(&self) -> PyErr {
        match self.line() {
            Some(line) => exception("ParseError", self, Some(line), self.column()),
            None => exception("ProblemError", self, None, None),
        }
    }
}

impl ToPyErr for PuzzleError {
    fn to_py(&self) -> PyErr {
        match self {
            PuzzleError::Symbol { line, column, .. } => {
                exception("ParseError", self, Some(*line), Some(*column))
            }
            PuzzleError::Tiling(e) => e.to_py(),
            PuzzleError::Problem(e) => e.to_py(),
            _ => exception("ProblemError", self, None, None),
        }
    }
}

impl ToPyErr for ParseError {
    fn to_py(&self) -> PyErr {
        exception("ParseError", self, Some(self.line()), self.column())
    }
}

impl ToPyErr for LayoutError {
    fn to_py(&self) -> PyErr {
        exception("LayoutError", self, self.line(), self.column())
    }
}

impl ToPyErr for GridError {
    fn to_py(&self) -> PyErr {
        exception("LayoutError", self, None, None)
    }
}

impl ToPyErr for AlphabetError {
    fn to_py(&self) -> PyErr {
        exception("LayoutError", self, None, None)
    }
}

impl ToPyErr for SymmetryError {
    fn to_py(&self) -> PyErr {
        pyo3::exceptions::PyValueError::new_err(self.to_string())
    }
}

impl ToPyErr for Conflict {
    fn to_py(&self) -> PyErr {
        exception("ConflictError", self, None, None)
    }
}

impl ToPyErr for SolveError {
    fn to_py(&self) -> PyErr {
        let class = match self {
            SolveError::Conflict(_) => "ConflictError",
            SolveError::NoSolution => "NoSolutionError",
            SolveError::MultipleSolutions => "MultipleSolutionsError",
            SolveError::SizeMismatch { .. } | SolveError::LayoutMismatch { .. } => "LayoutError",
            _ => "SolveError",
        };
        exception(class, self, None, None)
    }
}

impl ToPyErr for TransformError {
    fn to_py(&self) -> PyErr {
        exception("TransformError", self, None, None)
    }
}

impl ToPyErr for GenerateError {
    fn to_py(&self) -> PyErr {
        exception("GenerateError", self, None, None)
    }
}

impl ToPyErr for FpuzzlesError {
    fn to_py(&self) -> PyErr {
        match self.kind() {
            FpuzzlesErrorKind::Json {
                line,
                column,
                decompressed: false,
                ..
            } => exception("ParseError", self, Some(*line), Some(*column)),
            FpuzzlesErrorKind::Layout { .. } => exception("LayoutError", self, None, None),
            _ => exception("ParseError", self, None, None),
        }
    }
}
