//! The errors of grids and puzzle text, and the repeated digit that
//! [`Grid::check`] finds: a [`Conflict`] in a [`House`].

use std::error::Error;
use std::fmt;

use crate::grid::Grid;

/// A house: a row, a column or a box, numbered from 0 (boxes row by row).
///
/// `Display` numbers from 1, as players do: `House::Row(2)` is "row 3".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum House {
    /// Row `r`, from 0 at the top.
    Row(usize),
    /// Column `c`, from 0 at the left.
    Column(usize),
    /// Box `k`, from 0 at the top left, row by row.
    Box(usize),
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            House::Row(r) => write!(f, "row {}", r + 1),
            House::Column(c) => write!(f, "column {}", c + 1),
            House::Box(k) => write!(f, "box {}", k + 1),
        }
    }
}

/// A digit given twice in one house, found by [`Grid::check`].
///
/// `Display` names cells as players do, from 1: "digit 5 repeated in row 3
/// (r3c1 and r3c7)".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Conflict {
    /// The house holding the digit twice.
    pub house: House,
    /// The repeated digit, 1..=n.
    pub digit: u8,
    /// The two cells holding it, as (row, col) from 0, in reading order
    /// within the house.
    pub cells: [(usize, usize); 2],
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [(r1, c1), (r2, c2)] = self.cells;
        write!(
            f,
            "digit {} repeated in {} (r{}c{} and r{}c{})",
            self.digit,
            self.house,
            r1 + 1,
            c1 + 1,
            r2 + 1,
            c2 + 1
        )
    }
}

impl Error for Conflict {}

/// An error building or changing a [`Grid`] in code.
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
                Grid::MIN_BOX_SIZE,
                Grid::MAX_BOX_SIZE
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
                "digit {digit} in cell ({row}, {col}) is out of range for a {side}x{side} grid"
            ),
            GridErrorKind::OutOfBounds { row, col, side } => {
                write!(f, "cell ({row}, {col}) is outside a {side}x{side} grid")
            }
        }
    }
}

impl Error for GridError {}

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

    /// The line, from 1: within the text given to [`Grid::parse`], within
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
        /// The count expected: the size asked for, or the supported size
        /// within a tenth of `found`; `None` when no size is near.
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
                "expected 16, 81, 256, 625, 1296 or 2401 cells, found {found}"
            ),
            ParseErrorKind::BadSymbol { symbol } => write!(f, "unexpected symbol {symbol:?}"),
            ParseErrorKind::SymbolOutOfRange {
                symbol,
                digit,
                side,
            } => write!(
                f,
                "symbol {symbol:?} stands for {digit}, out of range for a {side}x{side} grid"
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
                "the alphabet has {symbols} symbols, too few for a {side}x{side} grid"
            ),
            ParseErrorKind::LineTooLong { limit } => {
                write!(f, "line longer than {limit} bytes")
            }
        }
    }
}
