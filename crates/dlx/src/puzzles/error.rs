//! The errors of building a ready-made puzzle.

use std::fmt;

use super::TilingError;
use crate::error::Error;

/// An error building a puzzle: a board of the wrong size or a board text
/// that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PuzzleError {
    /// The board has this many cells; twelve pentominoes cover 60.
    CellCount(usize),
    /// A rectangle with more cells than a `usize` can count.
    BoardTooLarge {
        /// Its rows.
        rows: usize,
        /// Its columns.
        cols: usize,
    },
    /// A board text holds a symbol other than `.` (a cell), `#` or a space
    /// (a hole), at this 1-based line and column (in characters).
    Symbol {
        /// The symbol.
        symbol: char,
        /// The 1-based line.
        line: usize,
        /// The 1-based column, in characters.
        column: usize,
    },
    /// Reading the tiling or building its problem failed.
    Tiling(TilingError),
    /// Building the problem failed.
    Problem(Error),
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleError::CellCount(cells) => write!(
                f,
                "the board has {cells} cells; the twelve pentominoes cover 60"
            ),
            PuzzleError::BoardTooLarge { rows, cols } => {
                write!(f, "a {rows}x{cols} board has too many cells to count")
            }
            PuzzleError::Symbol {
                symbol,
                line,
                column,
            } => write!(
                f,
                "line {line}, column {column}: unexpected {symbol:?} in a board \
                 ('.' is a cell, '#' or a space a hole)"
            ),
            PuzzleError::Tiling(e) => write!(f, "{e}"),
            PuzzleError::Problem(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for PuzzleError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PuzzleError::Tiling(e) => Some(e),
            PuzzleError::Problem(e) => Some(e),
            _ => None,
        }
    }
}

impl From<Error> for PuzzleError {
    fn from(e: Error) -> PuzzleError {
        PuzzleError::Problem(e)
    }
}

impl From<TilingError> for PuzzleError {
    fn from(e: TilingError) -> PuzzleError {
        match e.kind() {
            super::TilingErrorKind::Problem(inner) if e.line().is_none() => {
                PuzzleError::Problem(inner.clone())
            }
            _ => PuzzleError::Tiling(e),
        }
    }
}
