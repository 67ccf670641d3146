//! The errors of grids, layouts and puzzle text.

use std::error::Error;
use std::fmt;

use crate::side::{a_grid, MAX_BOX_SIZE, MAX_SIDE, MIN_BOX_SIZE};
use crate::variant::Variant;

/// An error building or changing a [`Grid`](crate::Grid) in code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridError {
    kind: GridErrorKind,
}

impl GridError {
    pub(crate) fn new(kind: GridErrorKind) -> GridError {
        GridError { kind }
    }

    /// What went wrong.
    pub fn kind(&self) -> &GridErrorKind {
        &self.kind
    }
}

/// The kinds of [`GridError`]. Rows and columns count from 0, as in the
/// calls that fail.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GridErrorKind {
    /// A box size outside 2..=7.
    BoxSize {
        /// The box size asked for.
        box_size: usize,
    },
    /// A number of cells other than n*n.
    CellCount {
        /// n*n.
        expected: usize,
        /// The number given.
        found: usize,
    },
    /// A digit above n.
    DigitOutOfRange {
        /// Row of the cell, from 0.
        row: usize,
        /// Column of the cell, from 0.
        col: usize,
        /// The digit.
        digit: u8,
        /// n.
        side: usize,
    },
    /// A cell outside the grid.
    OutOfBounds {
        /// The row asked for, from 0.
        row: usize,
        /// The column asked for, from 0.
        col: usize,
        /// n.
        side: usize,
    },
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            GridErrorKind::BoxSize { box_size } => write!(
                f,
                "box size {box_size} is not supported, expected {} to {}",
                MIN_BOX_SIZE, MAX_BOX_SIZE
            ),
            GridErrorKind::CellCount { expected, found } => {
                write!(f, "expected {expected} cells, found {found}")
            }
            GridErrorKind::DigitOutOfRange {
                row,
                col,
                digit,
                side,
            } => write!(
                f,
                "digit {digit} in cell ({row}, {col}) is out of range for {}",
                a_grid(side)
            ),
            GridErrorKind::OutOfBounds { row, col, side } => {
                write!(f, "cell ({row}, {col}) is outside {}", a_grid(side))
            }
        }
    }
}

impl Error for GridError {}

/// An error making a [`Layout`](crate::Layout): a shape no grid can have, a
/// jigsaw map that is wrong (with its line and column), a variant the
/// layout cannot take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayoutError {
    kind: LayoutErrorKind,
    line: Option<usize>,
    column: Option<usize>,
}

impl LayoutError {
    pub(crate) fn new(kind: LayoutErrorKind) -> LayoutError {
        LayoutError {
            kind,
            line: None,
            column: None,
        }
    }

    pub(crate) fn at(kind: LayoutErrorKind, line: usize, column: Option<usize>) -> LayoutError {
        LayoutError {
            kind,
            line: Some(line),
            column,
        }
    }

    /// What is wrong.
    pub fn kind(&self) -> &LayoutErrorKind {
        &self.kind
    }

    /// The line of a jigsaw map, from 1, when the map is to blame.
    pub fn line(&self) -> Option<usize> {
        self.line
    }

    /// The column of a jigsaw map, from 1, counting characters, when one
    /// symbol is to blame.
    pub fn column(&self) -> Option<usize> {
        self.column
    }
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(line), Some(column)) => write!(f, "line {line}, column {column}: ")?,
            (Some(line), None) => write!(f, "line {line}: ")?,
            _ => {}
        }
        write!(f, "{}", self.kind)
    }
}

impl Error for LayoutError {}

/// The kinds of [`LayoutError`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LayoutErrorKind {
    /// Boxes of no cells, or of more cells than the largest side.
    BoxShape {
        /// The boxes' height, in cells.
        rows: usize,
        /// The boxes' width, in cells.
        cols: usize,
    },
    /// A side of 0, or above [`Layout::MAX_SIDE`](crate::Layout::MAX_SIDE).
    Side {
        /// The side asked for.
        side: usize,
    },
    /// A prime side: its only boxes would be whole rows.
    NoBoxes {
        /// The side asked for.
        side: usize,
    },
    /// A jigsaw map without symbols.
    EmptyMap,
    /// A row of a jigsaw map with a number of symbols other than the
    /// first row's.
    MapRowLength {
        /// The row, from 1.
        row: usize,
        /// Its number of symbols.
        found: usize,
        /// The first row's.
        expected: usize,
    },
    /// A jigsaw map with a number of rows other than its side.
    MapRowCount {
        /// The rows found.
        found: usize,
        /// The side: the number of symbols on the first row.
        expected: usize,
    },
    /// A region of a jigsaw map with a number of cells other than the side.
    RegionSize {
        /// The region's symbol.
        symbol: char,
        /// Its number of cells.
        cells: usize,
        /// The side.
        expected: usize,
    },
    /// [`Variant::Hyper`] on a grid other than 9x9.
    HyperSide {
        /// The layout's side.
        side: usize,
    },
    /// [`Variant::Disjoint`] on a jigsaw, which has no boxes.
    DisjointJigsaw,
    /// A name that is no [`Variant`]'s.
    UnknownVariant {
        /// The name.
        name: String,
    },
    /// A [`Constraint`](crate::Constraint) that does not fit the grid.
    Constraint {
        /// The constraint, as its line of text.
        constraint: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A line of text that is no [`Constraint`](crate::Constraint).
    ConstraintText {
        /// The line.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
}

impl fmt::Display for LayoutErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LayoutErrorKind::BoxShape { rows, cols } => write!(
                f,
                "boxes of {rows}x{cols} cells are not supported, expected 1 to {} cells",
                MAX_SIDE
            ),
            LayoutErrorKind::Side { side } => write!(
                f,
                "a side of {side} is not supported, expected 1 to {}",
                MAX_SIDE
            ),
            LayoutErrorKind::NoBoxes { side } => {
                write!(f, "a side of {side} has no boxes: {side} is prime")
            }
            LayoutErrorKind::EmptyMap => write!(f, "the jigsaw map has no symbols"),
            LayoutErrorKind::MapRowLength {
                row,
                found,
                expected,
            } => write!(
                f,
                "map row {row} has {found} symbols, expected {expected} as the first row"
            ),
            LayoutErrorKind::MapRowCount { found, expected } => write!(
                f,
                "the map has {found} rows, expected {expected} for rows of {expected} symbols"
            ),
            LayoutErrorKind::RegionSize {
                symbol,
                cells,
                expected,
            } => write!(f, "region {symbol} has {cells} cells, expected {expected}"),
            LayoutErrorKind::HyperSide { side } => {
                write!(f, "hyper needs a 9x9 grid, not {side}x{side}")
            }
            LayoutErrorKind::DisjointJigsaw => {
                write!(f, "disjoint needs boxes, and a jigsaw has none")
            }
            LayoutErrorKind::UnknownVariant { name } => write!(
                f,
                "unknown variant {name:?}, expected one of {}",
                Variant::NAMES.join(", ")
            ),
            LayoutErrorKind::Constraint { constraint, reason } => {
                write!(f, "constraint \"{constraint}\": {reason}")
            }
            LayoutErrorKind::ConstraintText { text, reason } => {
                write!(f, "{reason} in \"{text}\"")
            }
        }
    }
}

/// An error in puzzle text: what is wrong, on which line, and at which column
/// when a single symbol is to blame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    kind: ParseErrorKind,
    line: usize,
    column: Option<usize>,
}

impl ParseError {
    pub(crate) fn new(kind: ParseErrorKind, line: usize, column: Option<usize>) -> ParseError {
        ParseError { kind, line, column }
    }

    /// What is wrong.
    pub fn kind(&self) -> &ParseErrorKind {
        &self.kind
    }

    /// The line, from 1: within the text given to [`Grid::parse`](crate::Grid::parse), within
    /// the file for the puzzle reader.
    pub fn line(&self) -> usize {
        self.line
    }

    /// The column, from 1, counting characters, when one symbol is to blame.
    pub fn column(&self) -> Option<usize> {
        self.column
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(column) => write!(f, "line {}, column {}: {}", self.line, column, self.kind),
            None => write!(f, "line {}: {}", self.line, self.kind),
        }
    }
}

impl Error for ParseError {}

/// The kinds of [`ParseError`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// A number of cells that makes no supported grid.
    CellCount {
        /// The number of cells found.
        found: usize,
        /// The count expected: the layout's, or the count of a side known
        /// without a layout within a tenth of `found`; `None` when no size
        /// is near, and then the message names the counts of the sides
        /// read without a layout.
        expected: Option<usize>,
    },
    /// A symbol that is neither a digit nor an empty cell.
    BadSymbol {
        /// The symbol.
        symbol: char,
    },
    /// A symbol for a digit larger than the grid's side.
    SymbolOutOfRange {
        /// The symbol.
        symbol: char,
        /// The digit it stands for.
        digit: usize,
        /// The grid's side n.
        side: usize,
    },
    /// A row of a drawn grid with the wrong number of cells.
    RowLength {
        /// The row, from 1.
        row: usize,
        /// Its number of cells.
        found: usize,
        /// The grid's side n.
        expected: usize,
    },
    /// A drawn grid that ends before its last row.
    CutShort {
        /// The rows found.
        rows: usize,
        /// The grid's side n.
        expected: usize,
    },
    /// An alphabet with too few symbols for the grid's digits.
    AlphabetTooSmall {
        /// The alphabet's number of symbols.
        symbols: usize,
        /// The grid's side n.
        side: usize,
    },
    /// A line too long to hold a puzzle, left unread past the limit.
    LineTooLong {
        /// The limit, in bytes.
        limit: usize,
    },
    /// A 16x16 puzzle in the standard alphabet whose `0` may be an empty
    /// cell (`1-9A-G`) or the digit 1 (`0-F`): it holds `0`, no `G` and no
    /// other empty symbol. Read by [`Puzzles`](crate::Puzzles) only, which
    /// never guesses between two puzzles.
    AmbiguousZero,
    /// A variant given to the reader
    /// ([`ReadOptions::variants`](crate::ReadOptions::variants)) that the
    /// layout of the puzzle cannot take, such as hyper on a 4x4 grid: why.
    Variant(LayoutErrorKind),
    /// A variant puzzle (f-puzzles, or the text form) that cannot be
    /// read: why, in words.
    Text(String),
}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParseErrorKind::CellCount {
                found,
                expected: Some(expected),
            } => write!(f, "expected {expected} cells, found {found}"),
            ParseErrorKind::CellCount {
                found,
                expected: None,
            } => write!(
                f,
                "expected the cells of a grid (16 for 4x4, 36 for 6x6, 64 for 8x8, 81 for \
                 9x9, ... 2401 for 49x49), found {found}"
            ),
            ParseErrorKind::BadSymbol { symbol } => write!(f, "unexpected symbol {symbol:?}"),
            ParseErrorKind::SymbolOutOfRange {
                symbol,
                digit,
                side,
            } => write!(
                f,
                "symbol {symbol:?} stands for {digit}, out of range for {}",
                a_grid(side)
            ),
            ParseErrorKind::RowLength {
                row,
                found,
                expected,
            } => write!(f, "grid row {row} has {found} cells, expected {expected}"),
            ParseErrorKind::CutShort { rows, expected } => {
                write!(f, "grid cut short after {rows} of {expected} rows")
            }
            ParseErrorKind::AlphabetTooSmall { symbols, side } => write!(
                f,
                "the alphabet has {symbols} symbols, too few for {}",
                a_grid(side)
            ),
            ParseErrorKind::LineTooLong { limit } => {
                write!(f, "line longer than {limit} bytes")
            }
            ParseErrorKind::AmbiguousZero => write!(
                f,
                "'0' is an empty cell of 1-9A-G or the digit 1 of 0-F, and this 16x16 \
                 puzzle has no 'G' to tell: give the alphabet (--alphabet 0123456789ABCDEF, \
                 or 123456789ABCDEFG)"
            ),
            ParseErrorKind::Variant(ref kind) => write!(f, "{kind}"),
            ParseErrorKind::Text(ref message) => f.write_str(message),
        }
    }
}
