//! The errors of reading an f-puzzles puzzle.

use std::error::Error;
use std::fmt;

use crate::error::LayoutError;

/// An error reading an f-puzzles puzzle: see [`FpuzzlesErrorKind`].
///
/// Messages name the key and the entry to blame, entries counted from 0 as
/// in the JSON: `killercage[3]: "R10C1" is off the 9x9 grid`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FpuzzlesError {
    kind: FpuzzlesErrorKind,
}

impl FpuzzlesError {
    pub(crate) fn new(kind: FpuzzlesErrorKind) -> FpuzzlesError {
        FpuzzlesError { kind }
    }

    /// What is wrong.
    pub fn kind(&self) -> &FpuzzlesErrorKind {
        &self.kind
    }
}

/// The kinds of [`FpuzzlesError`]. A `field` is the JSON path of what is
/// to blame, entries counted from 0: `size`, `killercage[3]`,
/// `arrow[0].lines[1]`, `grid[2][5]` (the cell R3C6).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FpuzzlesErrorKind {
    /// Text that does not parse as JSON.
    Json {
        /// The line, from 1, of the text read (of the JSON decompressed
        /// from it, for a link).
        line: usize,
        /// The column on that line, from 1, in characters.
        column: usize,
        /// What serde_json says is wrong.
        message: String,
        /// Whether the JSON came out of a compressed string, whose lines
        /// and columns the text does not show.
        decompressed: bool,
    },
    /// Text that is neither JSON nor a compressed puzzle.
    Encoding {
        /// Why the text is no compressed puzzle.
        reason: String,
    },
    /// A link whose puzzle cannot be read here: a SudokuPad link to a
    /// puzzle of SudokuPad's own format, or to one stored on its server.
    Link {
        /// Why, and what to do instead.
        reason: String,
    },
    /// A rule that cannot be expressed here: a key that is no constraint
    /// this crate reads (`reason` is then `None`), or an entry of a known
    /// key that it cannot express.
    Unsupported {
        /// The key, or the entry.
        field: String,
        /// What of the entry is not supported.
        reason: Option<String>,
    },
    /// A value that makes no puzzle: a cell name that does not parse or
    /// is off the grid, a non-number where a number must be, a size
    /// outside 1..=49, a grid that is not n x n, ...
    BadValue {
        /// Where the value is.
        field: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A constraint or variant that the layout refuses (its
    /// [`LayoutError`] is the error's source).
    Layout {
        /// The entry that made it.
        field: String,
        /// Why the layout refuses it.
        error: LayoutError,
    },
}

impl fmt::Display for FpuzzlesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            FpuzzlesErrorKind::Json {
                line,
                column,
                message,
                decompressed,
            } => {
                let place = if *decompressed {
                    " decompressed from the link"
                } else {
                    ""
                };
                write!(
                    f,
                    "bad JSON{place} at line {line}, column {column}: {message}"
                )
            }
            FpuzzlesErrorKind::Encoding { reason } => write!(
                f,
                "neither f-puzzles JSON nor a compressed f-puzzles string: {reason}"
            ),
            FpuzzlesErrorKind::Link { reason } => f.write_str(reason),
            FpuzzlesErrorKind::Unsupported {
                field,
                reason: None,
            } => write!(
                f,
                "unsupported f-puzzles constraint \"{field}\": solving without it would drop \
                 a rule of the puzzle"
            ),
            FpuzzlesErrorKind::Unsupported {
                field,
                reason: Some(reason),
            } => write!(f, "{field}: {reason}"),
            FpuzzlesErrorKind::BadValue { field, reason } => write!(f, "{field}: {reason}"),
            FpuzzlesErrorKind::Layout { field, error } => write!(f, "{field}: {error}"),
        }
    }
}

impl Error for FpuzzlesError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match &self.kind {
            FpuzzlesErrorKind::Layout { error, .. } => Some(error),
            _ => None,
        }
    }
}

/// A value that makes no puzzle.
pub(crate) fn bad(field: impl Into<String>, reason: impl Into<String>) -> FpuzzlesError {
    FpuzzlesError::new(FpuzzlesErrorKind::BadValue {
        field: field.into(),
        reason: reason.into(),
    })
}

/// A rule that cannot be expressed here.
pub(crate) fn unsupported(field: impl Into<String>, reason: Option<String>) -> FpuzzlesError {
    FpuzzlesError::new(FpuzzlesErrorKind::Unsupported {
        field: field.into(),
        reason,
    })
}

/// Text that is neither JSON nor a compressed puzzle.
pub(crate) fn encoding(reason: impl Into<String>) -> FpuzzlesError {
    FpuzzlesError::new(FpuzzlesErrorKind::Encoding {
        reason: reason.into(),
    })
}
