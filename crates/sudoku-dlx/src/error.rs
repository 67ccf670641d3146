//! The errors of grids, layouts and puzzle text, and the givens that
//! [`Grid::check`] finds in conflict: a [`Conflict`] in a [`House`] or
//! against a rule.

use std::error::Error;
use std::fmt;

use crate::grid::Grid;
use crate::layout::Layout;
use crate::variant::Variant;

/// A house: n cells that hold each digit once. Numbered from 0: boxes row
/// by row, regions in the order a jigsaw map first shows them.
///
/// `Display` numbers from 1, as players do: `House::Row(2)` is "row 3", and
/// names a jigsaw region by its symbol in the map: "region C".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum House {
    /// Row `r`, from 0 at the top.
    Row(usize),
    /// Column `c`, from 0 at the left.
    Column(usize),
    /// Box `k` of a layout of boxes, from 0 at the top left, row by row.
    Box(usize),
    /// Region `index` of a jigsaw, drawn with `symbol` in its map.
    Region {
        /// The region, from 0, in the order the map first shows them.
        index: usize,
        /// The region's symbol in the map.
        symbol: char,
    },
    /// A main diagonal ([`Variant::X`]): 0 from the top left to the bottom
    /// right, 1 from the top right to the bottom left.
    Diagonal(usize),
    /// One of the four extra windows of a 9x9 grid ([`Variant::Hyper`]),
    /// from 0 at the top left, row by row.
    Window(usize),
    /// The cells at position `k` of every box ([`Variant::Disjoint`]), the
    /// positions counted from 0 at a box's top left, row by row.
    DisjointGroup(usize),
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            House::Row(r) => write!(f, "row {}", r + 1),
            House::Column(c) => write!(f, "column {}", c + 1),
            House::Box(k) => write!(f, "box {}", k + 1),
            House::Region { symbol, .. } => write!(f, "region {symbol}"),
            House::Diagonal(k) => write!(f, "diagonal {}", k + 1),
            House::Window(k) => write!(f, "window {}", k + 1),
            House::DisjointGroup(k) => write!(f, "disjoint group {}", k + 1),
        }
    }
}

/// Two givens that cannot both stand, found by [`Grid::check`]: a digit
/// repeated in a house, or two cells that break a rule of the layout.
///
/// Cells are (row, col) from 0, in reading order. `Display` names cells as
/// players do, from 1: "digit 5 repeated in row 3 (r3c1 and r3c7)",
/// "anti-knight: r1c1 and r2c3 both hold 5", "non-consecutive: r1c1 holds 4
/// and r1c2 holds 5".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Conflict {
    /// A digit given twice in one house.
    Repeat {
        /// The house holding the digit twice.
        house: House,
        /// The repeated digit, 1..=n.
        digit: u8,
        /// The two cells holding it, in reading order within the house.
        cells: [(usize, usize); 2],
    },
    /// Two cells whose digits a rule forbids together.
    Rule {
        /// The rule: [`Variant::AntiKnight`], [`Variant::AntiKing`] or
        /// [`Variant::NonConsecutive`].
        rule: Variant,
        /// The two cells, in reading order.
        cells: [(usize, usize); 2],
        /// Their digits, in the same order.
        digits: [u8; 2],
    },
    /// Givens that break a constraint of the layout.
    Constraint {
        /// The constraint's name: [`Constraint::name`](crate::Constraint::name).
        name: &'static str,
        /// Its index in [`Layout::constraints`](crate::Layout::constraints).
        index: usize,
        /// Two of its cells that show it broken, in its order: the two
        /// cells of a pair that breaks it, or the first and last cell of
        /// a sum that is not right (the same cell twice for one cell).
        cells: [(usize, usize); 2],
        /// Their digits, in the same order.
        digits: [u8; 2],
    },
}

impl Conflict {
    /// The two cells in conflict, as (row, col) from 0.
    pub fn cells(&self) -> [(usize, usize); 2] {
        match *self {
            Conflict::Repeat { cells, .. }
            | Conflict::Rule { cells, .. }
            | Conflict::Constraint { cells, .. } => cells,
        }
    }

    /// The house of a repeated digit, `None` for a rule broken.
    pub fn house(&self) -> Option<House> {
        match *self {
            Conflict::Repeat { house, .. } => Some(house),
            Conflict::Rule { .. } | Conflict::Constraint { .. } => None,
        }
    }

    /// The rule broken, `None` for a repeated digit.
    pub fn rule(&self) -> Option<Variant> {
        match *self {
            Conflict::Rule { rule, .. } => Some(rule),
            Conflict::Repeat { .. } | Conflict::Constraint { .. } => None,
        }
    }
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.cells();
        let (a, b) = (CellName(a), CellName(b));
        match *self {
            Conflict::Repeat { house, digit, .. } => {
                write!(f, "digit {digit} repeated in {house} ({a} and {b})")
            }
            Conflict::Rule {
                rule,
                digits: [x, y],
                ..
            } if x == y => write!(f, "{rule}: {a} and {b} both hold {x}"),
            Conflict::Rule {
                rule,
                digits: [x, y],
                ..
            } => write!(f, "{rule}: {a} holds {x} and {b} holds {y}"),
            Conflict::Constraint {
                name,
                index,
                cells: [p, q],
                digits: [x, _],
            } if p == q => write!(f, "{name} (constraint {}): {a} holds {x}", index + 1),
            Conflict::Constraint {
                name,
                index,
                digits: [x, y],
                ..
            } => write!(
                f,
                "{name} (constraint {}) broken: {a} holds {x} and {b} holds {y}",
                index + 1
            ),
        }
    }
}

impl Error for Conflict {}

/// A cell (row, col) from 0, written as players do: `r1c1`.
struct CellName((usize, usize));

impl fmt::Display for CellName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (row, col) = self.0;
        write!(f, "r{}c{}", row + 1, col + 1)
    }
}

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
                Layout::MAX_SIDE
            ),
            LayoutErrorKind::Side { side } => write!(
                f,
                "a side of {side} is not supported, expected 1 to {}",
                Layout::MAX_SIDE
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
        /// The count expected: the layout's, or the count of a side known
        /// without a layout within a tenth of `found`; `None` when no size
        /// is near, and then the message names the counts of the square
        /// boxes, the sizes most puzzles have.
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
