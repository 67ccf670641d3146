//! The error of reading a tiling or building its problem.

use std::fmt;

use crate::error::Error;

/// An error reading a tiling or building its problem: what went wrong and,
/// for text input, where (1-based line and column, in characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TilingError {
    kind: TilingErrorKind,
    line: Option<usize>,
    column: Option<usize>,
}

/// What went wrong; see [`TilingError::kind`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TilingErrorKind {
    /// The text has no board line (or board picture).
    NoBoard,
    /// The board has no cell.
    EmptyBoard,
    /// The text has no piece.
    NoPieces,
    /// A coordinate that is not one of Knuth's digits `0-9a-zA-Z`.
    BadDigit(char),
    /// A bracket `[` without its `]`.
    NoClosingBracket,
    /// A range such as `[-5]`, `[1-]` or `[1-2-3]`.
    BadRange,
    /// A range that goes down, such as `[3-2]`.
    DecreasingRange,
    /// A cell with fewer coordinates than the board's.
    IncompleteCell {
        /// The coordinates a cell has.
        dimensions: usize,
    },
    /// A cell of a box in space followed by more than its three coordinates.
    MissingSpace,
    /// A suffix holding a character item names cannot hold (`:` or `|`).
    BadSuffix(String),
    /// A piece's cell with a suffix that no cell of the board has.
    UnknownCell(String),
    /// A piece name that is empty, holds `|`, `:` or `*`, or is a piece's
    /// count without the piece.
    BadPieceName(String),
    /// A piece named as a cell of the board.
    NameIsACell(String),
    /// A count that is not `N*NAME`, `N|NAME` or `LO:HI|NAME` with
    /// `LO <= HI` and `HI >= 1`.
    BadCount(String),
    /// Two counts given for one piece.
    InconsistentCount(String),
    /// A piece with cells in a dimension the board does not have.
    WrongDimensions {
        /// The piece.
        piece: String,
        /// The board's dimensions.
        board: usize,
    },
    /// A piece with more cells than the board.
    PieceTooLarge {
        /// The piece.
        piece: String,
        /// Its cells.
        cells: usize,
        /// The board's cells.
        board: usize,
    },
    /// A piece that must be used but fits nowhere on the board.
    FitsNowhere(String),
    /// A piece named with no cells.
    EmptyPiece(String),
    /// A piece drawn in two places.
    PieceDrawnTwice(String),
    /// A count for a piece that is not drawn.
    CountWithoutPiece(String),
    /// An unexpected character in a picture.
    Symbol {
        /// The character.
        symbol: char,
        /// Where: in the board or a piece.
        in_board: bool,
    },
    /// The tilings cannot be counted once per class of the board's
    /// symmetries by restricting a piece: why.
    CannotBreakSymmetry(String),
    /// Reading the tiling or building its problem failed: an item or
    /// option the problem refused, or
    /// [`ErrorKind::OutOfMemory`](crate::ErrorKind::OutOfMemory) with the
    /// bytes the cells, the placements or the problem would take, more
    /// than the memory available.
    Problem(Error),
    /// The cancel flag ([`Tiling::cancel_flag`](super::Tiling::cancel_flag))
    /// stopped the building of the problem.
    Cancelled,
}

impl TilingError {
    pub(crate) fn new(kind: TilingErrorKind) -> TilingError {
        TilingError {
            kind,
            line: None,
            column: None,
        }
    }

    pub(crate) fn at(kind: TilingErrorKind, line: usize, column: usize) -> TilingError {
        TilingError {
            kind,
            line: Some(line),
            column: Some(column),
        }
    }

    pub(crate) fn on_line(kind: TilingErrorKind, line: Option<usize>) -> TilingError {
        TilingError {
            kind,
            line,
            column: None,
        }
    }

    /// What went wrong.
    pub fn kind(&self) -> &TilingErrorKind {
        &self.kind
    }

    /// The 1-based line of the text where it went wrong, when known.
    pub fn line(&self) -> Option<usize> {
        self.line
    }

    /// The 1-based column (in characters) where it went wrong, when known.
    pub fn column(&self) -> Option<usize> {
        self.column
    }
}

impl fmt::Display for TilingErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use TilingErrorKind as K;
        match self {
            K::NoBoard => write!(f, "no board: the first line that is not a comment gives it"),
            K::EmptyBoard => write!(f, "the board has no cell"),
            K::NoPieces => write!(f, "no piece follows the board"),
            K::BadDigit(c) => write!(
                f,
                "{c:?} is not a coordinate (Knuth's digits 0-9, a-z, A-Z, or [...])"
            ),
            K::NoClosingBracket => write!(f, "'[' without its ']'"),
            K::BadRange => write!(f, "a range needs a digit on each side of '-'"),
            K::DecreasingRange => write!(f, "a decreasing range"),
            K::IncompleteCell { dimensions } => {
                write!(f, "a cell needs {dimensions} coordinates")
            }
            K::MissingSpace => write!(
                f,
                "a cell in space has three coordinates and no suffix: a space must follow"
            ),
            K::BadSuffix(s) => write!(f, "the suffix '{s}' holds ':' or '|'"),
            K::UnknownCell(c) => {
                write!(f, "unknown cell '{c}': no cell of the board has its suffix")
            }
            K::BadPieceName(n) => write!(
                f,
                "bad piece name '{n}' (a name is not empty and holds no '|', ':' or '*')"
            ),
            K::NameIsACell(n) => write!(f, "the piece name '{n}' is a cell of the board"),
            K::BadCount(c) => write!(
                f,
                "bad count '{c}' (N*NAME, N|NAME or LO:HI|NAME, with LO <= HI and HI >= 1)"
            ),
            K::InconsistentCount(n) => write!(f, "piece '{n}' is given two different counts"),
            K::WrongDimensions { piece, board } => write!(
                f,
                "piece '{piece}' does not lie in the {board} dimensions of the board"
            ),
            K::PieceTooLarge {
                piece,
                cells,
                board,
            } => write!(
                f,
                "piece '{piece}' has {cells} cells, more than the board's {board}"
            ),
            K::FitsNowhere(p) => write!(f, "piece '{p}' fits nowhere on the board"),
            K::EmptyPiece(p) => write!(f, "piece '{p}' has no cells"),
            K::PieceDrawnTwice(p) => write!(f, "piece '{p}' is drawn a second time"),
            K::CountWithoutPiece(p) => write!(f, "a count for '{p}', which is not drawn"),
            K::Symbol { symbol, in_board } => {
                if *in_board {
                    write!(
                        f,
                        "unexpected {symbol:?} in the board ('.' a cell, '+' a cell that \
                         may stay empty, '#' or a space no cell, a line of '-' between layers)"
                    )
                } else {
                    write!(
                        f,
                        "unexpected {symbol:?} in a piece (pieces are drawn with their \
                         names' letters; ' ' and '.' are empty)"
                    )
                }
            }
            K::CannotBreakSymmetry(why) => write!(f, "cannot count up to symmetry: {why}"),
            K::Problem(e) => write!(f, "{e}"),
            K::Cancelled => write!(f, "building the problem was cancelled"),
        }
    }
}

impl fmt::Display for TilingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::error::write_located(f, self.line, self.column, &self.kind)
    }
}

impl std::error::Error for TilingError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            TilingErrorKind::Problem(e) => Some(e),
            _ => None,
        }
    }
}

impl From<Error> for TilingError {
    fn from(e: Error) -> TilingError {
        TilingError::new(TilingErrorKind::Problem(e))
    }
}
