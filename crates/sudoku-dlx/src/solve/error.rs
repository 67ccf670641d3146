//! Why a puzzle has no single answer: [`SolveError`], shared by the plain
//! search, the deep search and the verbs of
//! [`SudokuSolver`](crate::SudokuSolver).

use std::fmt;

use crate::check::Conflict;
use crate::layout::Layout;

/// Why a puzzle has no single answer.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SolveError {
    /// The givens repeat a digit in a house: no solution, found before any
    /// search.
    Conflict(Conflict),
    /// The givens are consistent, but no grid completes them.
    NoSolution,
    /// More than one grid completes the givens (from
    /// [`Grid::solution`](crate::Grid::solution)).
    MultipleSolutions,
    /// The puzzle's box size is not the solver's, both layouts being
    /// square boxes without variants.
    SizeMismatch {
        /// The solver's box size.
        expected: usize,
        /// The puzzle's.
        found: usize,
    },
    /// The puzzle's layout is not the solver's (when they are not both
    /// square boxes without variants: see [`SolveError::SizeMismatch`]).
    LayoutMismatch {
        /// The solver's layout.
        expected: Layout,
        /// The puzzle's.
        found: Layout,
    },
    /// The search was stopped by its node limit
    /// ([`SudokuSolver::set_node_limit`](crate::SudokuSolver::set_node_limit))
    /// after finding `found` solutions, before it could answer.
    NodeLimit {
        /// The solutions found before the limit was reached.
        found: u64,
    },
    /// The search was stopped by its cancel flag
    /// ([`SudokuSolver::set_cancel_flag`](crate::SudokuSolver::set_cancel_flag))
    /// after finding `found` solutions.
    Cancelled {
        /// The solutions found before the flag was seen.
        found: u64,
    },
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Conflict(conflict) => write!(f, "no solution: {conflict}"),
            SolveError::NoSolution => write!(f, "no solution"),
            SolveError::MultipleSolutions => write!(f, "more than one solution"),
            SolveError::SizeMismatch { expected, found } => {
                let (e, g) = (expected * expected, found * found);
                write!(f, "a {g}x{g} puzzle given to a {e}x{e} solver")
            }
            SolveError::LayoutMismatch { expected, found } => {
                write!(f, "a puzzle of {found} given to a solver of {expected}")
            }
            SolveError::NodeLimit { found } => {
                write!(
                    f,
                    "search stopped by the node limit after {found} solutions"
                )
            }
            SolveError::Cancelled { found } => {
                write!(f, "search cancelled after {found} solutions")
            }
        }
    }
}

/// [`SolveError::Conflict`] gives its [`Conflict`] as its source; the other
/// kinds wrap no error.
impl std::error::Error for SolveError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SolveError::Conflict(conflict) => Some(conflict),
            _ => None,
        }
    }
}
