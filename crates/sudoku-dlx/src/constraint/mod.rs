//! The rules of variant sudoku beyond houses: killer cages, lines, dots,
//! parity and the rest, each a [`Constraint`] of a layout
//! ([`Layout::with_constraint`](crate::Layout::with_constraint)), and the
//! layout-wide [`Variant`]s.
//!
//! # Where a rule lives
//!
//! Rules come in families, a file each, and a family's file is the one
//! place its kinds are read (from the text form and from f-puzzles keys),
//! written, checked against a layout, checked against a grid, and encoded:
//!
//! | file | family | kinds |
//! |---|---|---|
//! | `sums.rs` | sums | killer cages, little killers, arrows, sandwiches, between lines, quadruples |
//! | `lines.rs` | lines | thermometers, whispers, renban, palindromes |
//! | `pairs.rs` | dots and pairs | kropki dots, X and V, the negative rules; anti-knight, anti-king and non-consecutive, the rules over every pair of cells a move apart |
//! | `cells.rs` | cells | odd and even cells, minimum and maximum cells |
//! | `outside.rs` | outside clues | skyscrapers, X-sums, numbered rooms |
//! | `segments.rs` | lines of pairs, windows and segments | zipper, sum (10-lines), entropic, modular, lockout and parity lines |
//! | `clones.rs` | clones | two shapes with the same digits in the same places |
//! | `houses.rs` | houses | the variants' names, the houses of X, hyper and disjoint groups, f-puzzles' extra regions |
//!
//! `innies.rs` derives sums from the houses and the cages together (the
//! 45 rule), and `equations.rs` sums with signs from rows, columns and
//! cages (set equivalence), both for the propagation only.
//!
//! `devices.rs` holds the exact-cover devices the families encode with
//! (forbidden pairs, digit sets, chains, ...), and this module the
//! [`Family`] trait of the constraints' families and the registries: the
//! families in the order their keywords are listed ([`FAMILIES`]), the
//! f-puzzles keys in the order their rules join a layout
//! ([`FPUZZLES`]), and the constraint strings' types ([`STRINGS`]).
//!
//! The check a family gives ([`Family::broken`]) shares no code with its
//! encoding: it is the independent checker of
//! [`Grid::check`](crate::Grid::check) and
//! [`Grid::is_solution_of`](crate::Grid::is_solution_of).
//!
//! # Adding a rule
//!
//! 1. Add its kind to [`Constraint`], with docs, and to
//!    [`Constraint::family`].
//! 2. In its family's file (or a new file with a [`Family`] of its own,
//!    added to [`FAMILIES`]), give its keyword and parse its line, write
//!    it, name it, list its cells, validate it, check it, and encode it
//!    with the devices.
//! 3. If f-puzzles has it, add its key to [`FPUZZLES`] and read it in
//!    the family's `fpuzzles`; if the constraint strings have it, add
//!    its type to [`STRINGS`] and read it in the family's `strings`.
//! 4. Test it: the text round trip, a puzzle whose count is known, and the
//!    check against the encoding on random grids (`tests/constraints.rs`);
//!    then its line in the table of docs/encodings.md.
//!
//! # The text form
//!
//! A constraint's text is one line of the project's puzzle format, the same
//! for `Display` and `FromStr`: a keyword, its numbers, a colon, and the
//! cells as players name them (`r1c1` is the top-left cell):
//!
//! | line | constraint |
//! |---|---|
//! | `cage 15: r1c1 r1c2 r2c1` | killer cage: distinct digits summing to 15 (`cage: ...` without a sum) |
//! | `little-killer 17: r1c3 r2c2 r3c1` | the digits along a diagonal sum to 17, repeats allowed |
//! | `arrow r1c1: r1c2 r1c3` | the circle's digit is the sum along the arrow, repeats allowed; a circle of 2 or 3 cells is read as a number |
//! | `thermo: r9c1 r8c1 r7c1` | strictly increasing from the bulb, the first cell |
//! | `white: r1c1 r1c2` | kropki white dot: digits differ by 1 (`white 2: ...` by 2) |
//! | `black: r1c1 r1c2` | kropki black dot: one digit is twice the other (`black 3: ...`) |
//! | `greater: r1c1 r1c2` | the first digit is greater than the second (an inequality sign) |
//! | `x: r1c1 r1c2`, `v: r1c1 r1c2` | the two digits sum to 10, to 5 (`sum 7: ...` to 7) |
//! | `whispers: r1c1 r1c2 r1c3` | neighbours along the line differ by at least 5 on 9x9, ceil(n/2) on side n (`whispers 4: ...` by 4; without a number the gap is 0 until a layout takes the constraint and sets its side's) |
//! | `renban: r1c1 r1c2 r1c3` | distinct digits forming a run of consecutive digits, in any order |
//! | `palindrome: r1c1 r1c2 r1c3` | the line reads the same both ways |
//! | `odd: r4c4`, `even: r8c8` | the digit's parity |
//! | `minimum: r2c2`, `maximum: r5c5` | the digit is less (greater) than each orthogonal neighbour's |
//! | `zipper: r1c1 r1c2 r1c3` | cells equally far from the centre sum to the centre's digit (an even line: all pairs to one sum) |
//! | `sum-line 10: r1c1 r1c2 r1c3` | the line splits into segments each summing to 10 |
//! | `entropic: ...`, `modular: ...` | any three consecutive cells hold a low, a middle and a high digit; digits that differ mod 3 |
//! | `lockout 4: r1c1 r1c2 r1c3` | the ends differ by 4 or more (4 without a number) and no digit inside lies between them |
//! | `parity: r1c1 r1c2` | neighbours along the line alternate odd and even |
//! | `region-sum: r1c3 r1c4 r2c4` | the line's segments in each region it crosses (split where it crosses a border) have one sum |
//! | `clone: r1c1 r1c2 = r9c8 r9c9` | each cell holds the digit of its clone, in the same place after the `=` |
//! | `quadruple 1 2 9: r1c1` | the digits appear among the 2x2 cells whose top-left cell is r1c1 (a digit listed twice, at least twice) |
//! | `sandwich 8: r1`, `sandwich 0: c3` | the digits strictly between the 1 and the n of row 1 (column 3) sum to 8 |
//! | `equal-sum: r1c1 r1c2 \| r3c3 r4c3` | the groups' digits have one sum, repeats allowed |
//! | `lunchbox 5: r1c1 r1c2 r1c3 r1c4` | distinct digits; those between the least and the greatest (in this order) sum to 5 |
//! | `between: r1c1 r1c2 r1c3` | the digits inside the line lie strictly between those at its two ends |
//! | `double-arrow: r1c1 r1c2 r1c3 r1c4` | the digits between the ends sum to the ends' sum |
//! | `skyscraper 3: r1 left` | read from the left of row 1 (`r1 right`, `c1 top`, `c1 bottom`), 3 digits are each greater than all before them |
//! | `x-sum 15: c2 top` | read from the top of column 2, the first X digits sum to 15, X the first digit |
//! | `numbered-room 7: r4 right` | read from the right of row 4, the X-th digit is 7, X the first digit |
//! | `negative white`, `negative black`, `negative xv` | orthogonal neighbours with no kropki dot (white or black) between them do not differ by 1, are not one twice the other; with no X or V between them do not sum to 5 or 10 |

use std::fmt;
use std::str::FromStr;

pub(crate) use crate::cell::Cell;
use crate::cell::{parse_cell, CellName};
use crate::error::{LayoutError, LayoutErrorKind};
use crate::fpuzzles::error::FpuzzlesError;
use crate::fpuzzles::fields::Fields;
use crate::read::strings::{Item, ItemError};
use crate::variant::Variant;

mod cells;
mod clones;
pub(crate) mod devices;
pub(crate) mod domains;
pub(crate) mod equations;
mod houses;
pub(crate) mod innies;
mod lines;
mod outside;
pub(crate) mod pairs;
mod segments;
pub(crate) mod sums;

use devices::{Builder, Extra};
use domains::Domains;
pub(crate) use houses::{extra_cell, extra_holds};
pub use outside::Outside;

/// A row or a column, from 0: where a [`Constraint::Sandwich`] clue is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Line {
    /// A row, from 0.
    Row(usize),
    /// A column, from 0.
    Column(usize),
}

impl Line {
    /// The line's cells in order, on a grid of side `n`.
    pub fn cells(self, n: usize) -> Vec<Cell> {
        match self {
            Line::Row(r) => (0..n).map(|c| (r, c)).collect(),
            Line::Column(c) => (0..n).map(|r| (r, c)).collect(),
        }
    }

    /// Reads a row as players name it (`r1`, `R1`) or a column (`c1`).
    pub(crate) fn parse(word: &str) -> Option<Line> {
        let word = word.to_ascii_lowercase();
        let index = |w: &str| w.parse::<usize>().ok().filter(|&k| k >= 1).map(|k| k - 1);
        if let Some(r) = word.strip_prefix('r').and_then(index) {
            Some(Line::Row(r))
        } else {
            word.strip_prefix('c').and_then(index).map(Line::Column)
        }
    }
}

/// Which of the negative constraints: see [`Constraint::Negative`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Negative {
    /// Orthogonal neighbours with no kropki dot between them do not differ
    /// by 1.
    White,
    /// Orthogonal neighbours with no kropki dot between them are not one
    /// twice the other.
    Black,
    /// Orthogonal neighbours with no X or V between them do not sum to 5
    /// or 10.
    Xv,
}

/// A constraint of a variant sudoku, beyond the houses and rules of its
/// [`Layout`](crate::Layout). Cells are (row, column) from 0; digits are
/// 1..=n. Each is encoded in the puzzle's exact-cover problem itself (see
/// the module `encode` docs in the crate's README): no solution is ever
/// filtered afterwards.
///
/// `Display` and `FromStr` use the line of the puzzle format, with cells
/// named from 1 (`r1c1`):
///
/// ```
/// use sudoku_dlx::Constraint;
///
/// let cage: Constraint = "cage 15: r1c1 r1c2".parse()?;
/// assert_eq!(cage, Constraint::Cage { cells: vec![(0, 0), (0, 1)], sum: Some(15) });
/// assert_eq!(cage.to_string(), "cage 15: r1c1 r1c2");
/// assert_eq!("X: R1C1 R2C1".parse::<Constraint>()?.to_string(), "x: r1c1 r2c1");
/// # Ok::<(), sudoku_dlx::LayoutError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Constraint {
    /// Killer cage: distinct digits, summing to `sum` when there is one.
    Cage {
        /// The cage's cells.
        cells: Vec<Cell>,
        /// The sum, if the cage has one.
        sum: Option<u32>,
    },
    /// Little killer: the digits of `cells` (a diagonal) sum to `sum`;
    /// digits may repeat.
    LittleKiller {
        /// The cells along the diagonal.
        cells: Vec<Cell>,
        /// Their sum.
        sum: u32,
    },
    /// Arrow: the digits along `line` sum to the number in `circle` (one
    /// cell, or a pill of 2 or 3 cells read in order as a decimal number);
    /// digits may repeat.
    Arrow {
        /// The circle's cells, 1 to 3.
        circle: Vec<Cell>,
        /// The cells of the arrow, from the circle out.
        line: Vec<Cell>,
    },
    /// Thermometer: digits strictly increase from the bulb, `cells[0]`.
    Thermometer {
        /// The cells from the bulb.
        cells: Vec<Cell>,
    },
    /// Kropki white dot: the digits differ by `difference` (1 for the
    /// classic dot).
    Difference {
        /// The two cells.
        cells: [Cell; 2],
        /// Their difference.
        difference: u8,
    },
    /// Kropki black dot: one digit is `ratio` times the other (2 for the
    /// classic dot).
    Ratio {
        /// The two cells.
        cells: [Cell; 2],
        /// The ratio.
        ratio: u8,
    },
    /// The two digits sum to `sum`: 10 for an X, 5 for a V.
    Sum {
        /// The two cells.
        cells: [Cell; 2],
        /// Their sum.
        sum: u32,
    },
    /// German whispers: neighbours along the line differ by at least `gap`
    /// (5 on 9x9; [`Constraint::whispers`] takes ceil(n/2) for side n).
    Whispers {
        /// The line's cells in order.
        cells: Vec<Cell>,
        /// The least difference.
        gap: u8,
    },
    /// Renban: distinct digits forming a run of consecutive digits.
    Renban {
        /// The line's cells.
        cells: Vec<Cell>,
    },
    /// Palindrome: the line reads the same both ways.
    Palindrome {
        /// The line's cells in order.
        cells: Vec<Cell>,
    },
    /// The cell's digit is odd.
    Odd(Cell),
    /// The cell's digit is even.
    Even(Cell),
    /// The cell's digit is less than each of its orthogonal neighbours'.
    Minimum(Cell),
    /// The cell's digit is greater than each of its orthogonal
    /// neighbours'.
    Maximum(Cell),
    /// Zipper line: the digits of cells equally far from the line's
    /// centre sum to the centre's digit (odd length) or all to one sum
    /// (even length).
    Zipper {
        /// The line's cells in order.
        cells: Vec<Cell>,
    },
    /// Sum line (a 10-line for `sum` 10): the line splits into segments
    /// of consecutive cells that each sum to `sum`.
    SumLine {
        /// The line's cells in order.
        cells: Vec<Cell>,
        /// Each segment's sum.
        sum: u32,
    },
    /// Entropic line: any three consecutive cells hold one low, one
    /// middle and one high digit (1-3, 4-6, 7-9 on 9x9).
    Entropic {
        /// The line's cells in order.
        cells: Vec<Cell>,
    },
    /// Modular line: any three consecutive cells hold digits that differ
    /// mod 3.
    Modular {
        /// The line's cells in order.
        cells: Vec<Cell>,
    },
    /// Lockout line: the ends differ by `gap` or more, and no digit inside
    /// lies between them (or equals one).
    Lockout {
        /// The line's cells in order, the ends first and last.
        cells: Vec<Cell>,
        /// The least difference of the ends.
        gap: u8,
    },
    /// Region sum line: the line splits where it crosses from one region
    /// (box, or jigsaw region) into another, and every segment has the
    /// same sum.
    RegionSum {
        /// The line's cells in order.
        cells: Vec<Cell>,
    },
    /// Parity line: neighbours along the line alternate odd and even.
    Parity {
        /// The line's cells in order.
        cells: Vec<Cell>,
    },
    /// Double arrow: the digits between the line's two ends (its
    /// circles) sum to the sum of the ends, repeats allowed.
    DoubleArrow {
        /// The line's cells in order, the circles first and last.
        cells: Vec<Cell>,
    },
    /// Greater than: the first cell's digit is greater than the
    /// second's (an inequality sign between them).
    Greater {
        /// The greater cell, then the lesser.
        cells: [Cell; 2],
    },
    /// Clone: each cell of `cells` holds the digit of the cell of `clones`
    /// in the same place of the list (the two shapes may overlap).
    Clone {
        /// The first shape's cells.
        cells: Vec<Cell>,
        /// Their clones, in the same order.
        clones: Vec<Cell>,
    },
    /// Quadruple: each listed digit appears among the 2x2 cells whose
    /// top-left cell is `cell`, as many times as it is listed.
    Quadruple {
        /// The top-left cell of the 2x2 square.
        cell: Cell,
        /// The digits, 1 to 4 of them, in increasing order.
        digits: Vec<u8>,
    },
    /// Sandwich: the digits strictly between the 1 and the n of the line
    /// sum to `sum` (0 when they are neighbours).
    Sandwich {
        /// The row or column.
        line: Line,
        /// The sum.
        sum: u32,
    },
    /// Equal-sum cages: the digits of each group of cells have one sum
    /// (repeats allowed; the groups do not overlap).
    EqualSum {
        /// The groups, two or more, each of one cell or more.
        groups: Vec<Vec<Cell>>,
    },
    /// Lunchbox: distinct digits, and those between the cells of the least
    /// and the greatest digit (in the cells' order) sum to `sum`.
    Lunchbox {
        /// The cells in order.
        cells: Vec<Cell>,
        /// The sum between the least and the greatest digit.
        sum: u32,
    },
    /// Between line: the digits inside the line lie strictly between those
    /// of its two ends.
    Between {
        /// The line's cells in order, the ends first and last.
        cells: Vec<Cell>,
    },
    /// Skyscrapers: read from the clue's side, `count` digits of the line
    /// are each greater than every digit before them (a digit is a
    /// building's height; the taller hide the shorter behind them).
    Skyscraper {
        /// Where the clue stands.
        clue: Outside,
        /// The buildings seen.
        count: u32,
    },
    /// X-sum: read from the clue's side, the first X digits of the line
    /// sum to `sum`, where X is the first digit.
    XSum {
        /// Where the clue stands.
        clue: Outside,
        /// The sum.
        sum: u32,
    },
    /// Numbered room: read from the clue's side, the X-th digit of the
    /// line is `digit`, where X is the first digit.
    NumberedRoom {
        /// Where the clue stands.
        clue: Outside,
        /// The digit.
        digit: u8,
    },
    /// A negative constraint over every pair of orthogonal neighbours
    /// without a dot (or an X or V) of their kind.
    Negative(Negative),
}

/// What a family of rules does with each of its kinds: the one place a
/// kind is read, written, checked and encoded.
///
/// The methods that take a constraint are called only with the kinds
/// [`Constraint::family`] gives to the family.
pub(crate) trait Family: Sync {
    /// The keywords that start the family's lines of text, as the
    /// message of an unknown keyword lists them.
    fn keywords(&self) -> &'static [&'static str];

    /// Reads a line whose keyword is the family's (one of
    /// [`Family::keywords`] or another name of one); `None` for another
    /// family's keyword.
    fn parse(&self, line: &Statement<'_>) -> Option<Result<Constraint, LayoutError>>;

    /// Writes the constraint's line of text.
    fn write(&self, constraint: &Constraint, f: &mut fmt::Formatter<'_>) -> fmt::Result;

    /// The constraint's name, as players say it.
    fn name(&self, constraint: &Constraint) -> &'static str;

    /// The cells the constraint names, in its order.
    fn cells(&self, constraint: &Constraint, n: usize) -> Vec<Cell>;

    /// The constraint as a layout of side `n` takes it: a default that
    /// depends on the side set.
    fn for_side(&self, constraint: Constraint, _n: usize) -> Constraint {
        constraint
    }

    /// Why the constraint cannot be on a grid of side `n`, past the
    /// checks every constraint gets (its cells on the grid, distinct,
    /// some named).
    fn validate(&self, constraint: &Constraint, n: usize) -> Result<(), String>;

    /// Two of the constraint's cells that show the digits of `grid` break
    /// it; `None` when they keep it or too few are filled to tell.
    fn broken(&self, constraint: &Constraint, grid: &Filled<'_>) -> Option<[Cell; 2]>;

    /// Adds the constraint's items and options to the problem.
    fn encode(&self, constraint: &Constraint, builder: &mut Builder<'_>);

    /// Narrows the cell domains by the constraint: takes out of each cell
    /// the digits no assignment of the constraint's cells keeps, as far as
    /// the rule's reasoning goes cheaply (bounds, supports). Never takes
    /// out a digit some solution puts there: propagation prunes, the
    /// encoding decides. The default narrows nothing.
    ///
    /// # Errors
    ///
    /// [`Contradiction`](dlx::Contradiction) when a cell is left no digit.
    fn propagate(
        &self,
        _constraint: &Constraint,
        _domains: &mut Domains,
    ) -> Result<(), dlx::Contradiction> {
        Ok(())
    }

    /// Whether [`Family::propagate`] can narrow anything for the
    /// constraint: the propagator runs only those that can. The default,
    /// with the default `propagate`: no.
    fn propagates(&self, _constraint: &Constraint) -> bool {
        false
    }
}

/// A family's reader of its f-puzzles keys: reads key `key` of the
/// puzzle's fields into `out`.
pub(crate) type FpuzzlesReader = fn(&str, &Fields<'_>, &mut Rules) -> Result<(), FpuzzlesError>;

/// The families, in the order their keywords are listed.
const FAMILIES: [&dyn Family; 7] = [
    &sums::SUMS,
    &lines::LINES,
    &pairs::PAIRS,
    &cells::CELLS,
    &outside::OUTSIDE,
    &clones::CLONES,
    &segments::SEGMENTS,
];

/// The f-puzzles keys of rules, each with its family's reader, in the
/// order their rules join a layout (which sets the order of the
/// encoding's items, and so the search's tie-breaks).
pub(crate) const FPUZZLES: [(&str, FpuzzlesReader); 26] = [
    ("diagonal+", houses::fpuzzles),
    ("diagonal-", houses::fpuzzles),
    ("antiknight", pairs::fpuzzles),
    ("antiking", pairs::fpuzzles),
    ("disjointgroups", houses::fpuzzles),
    ("nonconsecutive", pairs::fpuzzles),
    ("negative", pairs::fpuzzles),
    ("killercage", sums::fpuzzles),
    ("extraregion", houses::fpuzzles),
    ("littlekillersum", sums::fpuzzles),
    ("arrow", sums::fpuzzles),
    ("thermometer", lines::fpuzzles),
    ("difference", pairs::fpuzzles),
    ("ratio", pairs::fpuzzles),
    ("xv", pairs::fpuzzles),
    ("whispers", lines::fpuzzles),
    ("renban", lines::fpuzzles),
    ("palindrome", lines::fpuzzles),
    ("betweenline", sums::fpuzzles),
    ("odd", cells::fpuzzles),
    ("even", cells::fpuzzles),
    ("quadruple", sums::fpuzzles),
    ("sandwichsum", sums::fpuzzles),
    ("minimum", cells::fpuzzles),
    ("maximum", cells::fpuzzles),
    ("clone", clones::fpuzzles),
];

/// A family's reader of the constraint strings' items: reads an item of
/// one of its types into `out`.
pub(crate) type StringReader = fn(&Item<'_>, &mut Rules) -> Result<(), ItemError>;

/// The types of the constraint strings' rules (`.Cage~15~R1C1~R1C2`),
/// each with its family's reader. The grid's own types (givens,
/// `Shape`, `NoBoxes`, `Jigsaw`) are read with the string.
pub(crate) const STRINGS: [(&str, StringReader); 38] = [
    ("Cage", sums::strings),
    ("Sum", sums::strings),
    ("LittleKiller", sums::strings),
    ("Arrow", sums::strings),
    ("PillArrow", sums::strings),
    ("DoubleArrow", sums::strings),
    ("Sandwich", sums::strings),
    ("Between", sums::strings),
    ("Quad", sums::strings),
    ("Lunchbox", sums::strings),
    ("EqualSum", sums::strings),
    ("AllDifferent", sums::strings),
    ("Thermo", lines::strings),
    ("Whisper", lines::strings),
    ("Renban", lines::strings),
    ("Palindrome", lines::strings),
    ("WhiteDot", pairs::strings),
    ("BlackDot", pairs::strings),
    ("X", pairs::strings),
    ("V", pairs::strings),
    ("GreaterThan", pairs::strings),
    ("AntiKnight", pairs::strings),
    ("AntiKing", pairs::strings),
    ("AntiConsecutive", pairs::strings),
    ("StrictKropki", pairs::strings),
    ("StrictXV", pairs::strings),
    ("Zipper", segments::strings),
    ("SumLine", segments::strings),
    ("Modular", segments::strings),
    ("Entropic", segments::strings),
    ("Lockout", segments::strings),
    ("RegionSumLine", segments::strings),
    ("XSum", outside::strings),
    ("Skyscraper", outside::strings),
    ("NumberedRoom", outside::strings),
    ("Diagonal", houses::strings),
    ("Windoku", houses::strings),
    ("DisjointSets", houses::strings),
];

/// The rules an f-puzzles puzzle states, each with the field that states
/// it, in the order they join its layout: variants first, then
/// constraints.
#[derive(Debug, Default)]
pub(crate) struct Rules {
    /// The variants.
    pub variants: Vec<(String, Variant)>,
    /// The constraints.
    pub constraints: Vec<(String, Constraint)>,
}

/// The rules of a layout of side `n`, encoded: the rules between cells
/// of `variants` (items named `k1`, `k2`, ...), then `constraints` (items
/// named `q1...` for the first, when `named`). `houses[cell]` lists the
/// houses holding each cell.
pub(crate) fn encode_rules(
    n: usize,
    houses: &[Vec<usize>],
    variants: &[Variant],
    constraints: &[Constraint],
    named: bool,
) -> Extra {
    // The digits of cells are colors 1..=n, for the constraints.
    let colors = if constraints.is_empty() { 0 } else { n as u32 };
    let mut builder = Builder::new(n, houses, constraints, colors, named);
    builder.tag("k".to_string());
    for &variant in variants {
        pairs::encode_rule(variant, &mut builder);
    }
    for (j, constraint) in constraints.iter().enumerate() {
        builder.tag(format!("q{}", j + 1));
        builder.owner = Some(j);
        constraint.encode(&mut builder);
    }
    builder.finish()
}

/// Whether `word` (in any case) is the keyword of a constraint's line.
pub(crate) fn is_keyword(word: &str) -> bool {
    let word = word.to_ascii_lowercase();
    FAMILIES
        .iter()
        .any(|f| f.keywords().contains(&word.as_str()))
}

impl Constraint {
    /// The family of the constraint's kind: where it is read, checked and
    /// encoded.
    fn family(&self) -> &'static dyn Family {
        match self {
            Constraint::Cage { .. }
            | Constraint::LittleKiller { .. }
            | Constraint::Arrow { .. }
            | Constraint::Sandwich { .. }
            | Constraint::Between { .. }
            | Constraint::Lunchbox { .. }
            | Constraint::EqualSum { .. }
            | Constraint::DoubleArrow { .. }
            | Constraint::Quadruple { .. } => &sums::SUMS,
            Constraint::Thermometer { .. }
            | Constraint::Whispers { .. }
            | Constraint::Renban { .. }
            | Constraint::Palindrome { .. } => &lines::LINES,
            Constraint::Difference { .. }
            | Constraint::Ratio { .. }
            | Constraint::Sum { .. }
            | Constraint::Greater { .. }
            | Constraint::Negative(_) => &pairs::PAIRS,
            Constraint::Odd(_)
            | Constraint::Even(_)
            | Constraint::Minimum(_)
            | Constraint::Maximum(_) => &cells::CELLS,
            Constraint::Skyscraper { .. }
            | Constraint::XSum { .. }
            | Constraint::NumberedRoom { .. } => &outside::OUTSIDE,
            Constraint::Clone { .. } => &clones::CLONES,
            Constraint::Zipper { .. }
            | Constraint::SumLine { .. }
            | Constraint::Entropic { .. }
            | Constraint::Modular { .. }
            | Constraint::Lockout { .. }
            | Constraint::Parity { .. }
            | Constraint::RegionSum { .. } => &segments::SEGMENTS,
        }
    }

    /// The constraint's name, as players say it: "killer cage", "arrow",
    /// "thermometer", ...
    pub fn name(&self) -> &'static str {
        self.family().name(self)
    }

    /// The cells the constraint names, in its order; every cell of the
    /// line for a sandwich, none for a negative constraint.
    pub fn cells(&self, n: usize) -> Vec<Cell> {
        self.family().cells(self, n)
    }

    /// The constraint as a layout of side `n` takes it: whispers read
    /// without a gap take the side's.
    pub(crate) fn for_side(self, n: usize) -> Constraint {
        self.family().for_side(self, n)
    }

    /// Checks that the constraint fits a grid of side `n`: its cells on
    /// the grid, lines of at least two distinct cells, digits and sums
    /// that can be.
    pub(crate) fn validate(&self, n: usize) -> Result<(), LayoutError> {
        let bad = |reason: String| {
            Err(LayoutError::new(LayoutErrorKind::Constraint {
                constraint: self.to_string(),
                reason,
            }))
        };
        let cells = self.cells(n);
        if let Some(&cell) = cells.iter().find(|&&(r, c)| r >= n || c >= n) {
            return bad(format!("{} is off the {n}x{n} grid", CellName(cell)));
        }
        let mut sorted = cells.clone();
        sorted.sort_unstable();
        if sorted.windows(2).any(|w| w[0] == w[1]) {
            return bad("a cell is named twice".to_string());
        }
        if cells.is_empty() && !matches!(self, Constraint::Negative(_)) {
            return bad("it names no cell".to_string());
        }
        self.family().validate(self, n).or_else(bad)
    }

    /// Two cells that show the digits of a grid (0 for an empty cell)
    /// break the constraint: `None` when they keep it or when too few of
    /// its cells are filled to tell.
    ///
    /// This is the checker of [`Grid::check`](crate::Grid::check) and
    /// [`Grid::is_solution_of`](crate::Grid::is_solution_of); it shares no
    /// code with the encoding.
    pub(crate) fn broken(&self, grid: &Filled<'_>) -> Option<[Cell; 2]> {
        self.family().broken(self, grid)
    }

    /// Adds the constraint's items and options to the problem.
    pub(crate) fn encode(&self, builder: &mut Builder<'_>) {
        self.family().encode(self, builder);
    }

    /// Narrows the cell domains by the constraint (see
    /// [`Family::propagate`]).
    pub(crate) fn propagate(&self, domains: &mut Domains) -> Result<(), dlx::Contradiction> {
        self.family().propagate(self, domains)
    }

    /// Whether [`Constraint::propagate`] can narrow anything (see
    /// [`Family::propagates`]).
    pub(crate) fn propagates(&self) -> bool {
        self.family().propagates(self)
    }
}

impl fmt::Display for Constraint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.family().write(self, f)
    }
}

/// Writes cells as players name them, separated by spaces.
pub(crate) fn write_cells(f: &mut fmt::Formatter<'_>, cells: &[Cell]) -> fmt::Result {
    for (k, &cell) in cells.iter().enumerate() {
        let space = if k == 0 { "" } else { " " };
        write!(f, "{space}{}", CellName(cell))?;
    }
    Ok(())
}

/// Reads one constraint line; the error says what is wrong with it.
impl FromStr for Constraint {
    type Err = LayoutError;

    fn from_str(line: &str) -> Result<Constraint, LayoutError> {
        let statement = Statement::new(line);
        FAMILIES
            .iter()
            .find_map(|family| family.parse(&statement))
            .unwrap_or_else(|| {
                let keywords: Vec<&str> = FAMILIES
                    .iter()
                    .flat_map(|family| family.keywords().iter().copied())
                    .collect();
                Err(statement.bad(format!(
                    "unknown constraint {:?}, expected one of {}",
                    statement.keyword,
                    keywords.join(", ")
                )))
            })
    }
}

/// A constraint's line of text, cut into its parts: `keyword args:
/// tail`, the tail most often its cells.
pub(crate) struct Statement<'a> {
    /// The whole line, trimmed.
    text: &'a str,
    /// The first word, in lower case.
    pub keyword: String,
    /// The words between the keyword and the colon.
    pub args: Vec<&'a str>,
    /// What follows the colon, empty without one.
    pub tail: &'a str,
}

impl<'a> Statement<'a> {
    fn new(line: &'a str) -> Statement<'a> {
        let text = line.trim();
        let (head, tail) = text.split_once(':').unwrap_or((text, ""));
        let mut words = head.split_whitespace();
        let keyword = words.next().unwrap_or("").to_ascii_lowercase();
        Statement {
            text,
            keyword,
            args: words.collect(),
            tail,
        }
    }

    /// The error of this line: `reason`.
    pub fn bad(&self, reason: String) -> LayoutError {
        LayoutError::new(LayoutErrorKind::ConstraintText {
            text: self.text.to_string(),
            reason,
        })
    }

    /// The cells named by `words`.
    pub fn cells_of<'w>(
        &self,
        words: impl Iterator<Item = &'w str>,
    ) -> Result<Vec<Cell>, LayoutError> {
        words
            .map(|w| {
                parse_cell(w).ok_or_else(|| self.bad(format!("{w:?} is no cell name like r1c1")))
            })
            .collect()
    }

    /// The cells after the colon.
    pub fn cells(&self) -> Result<Vec<Cell>, LayoutError> {
        self.cells_of(self.tail.split_whitespace())
    }

    /// The `k`-th number before the colon, if there is one.
    pub fn number(&self, k: usize) -> Result<Option<u32>, LayoutError> {
        match self.args.get(k) {
            None => Ok(None),
            Some(w) => w
                .parse()
                .map(Some)
                .map_err(|_| self.bad(format!("{w:?} is no number"))),
        }
    }

    /// The `k`-th number, at most 255, or `default` without one.
    pub fn small(&self, k: usize, default: u8) -> Result<u8, LayoutError> {
        match self.number(k)? {
            None => Ok(default),
            Some(v) => u8::try_from(v).map_err(|_| self.bad(format!("{v} is too large"))),
        }
    }

    /// The `k`-th number, which the keyword needs.
    pub fn required(&self, k: usize) -> Result<u32, LayoutError> {
        self.number(k)?
            .ok_or_else(|| self.bad(format!("{} needs a number before the colon", self.keyword)))
    }

    /// Refuses more than `m` words before the colon.
    pub fn max_args(&self, m: usize) -> Result<(), LayoutError> {
        match self.args.get(m) {
            Some(word) => Err(self.bad(format!("unexpected {word:?}"))),
            None => Ok(()),
        }
    }

    /// The two cells of `cells`.
    pub fn pair(&self, cells: &[Cell]) -> Result<[Cell; 2], LayoutError> {
        match *cells {
            [a, b] => Ok([a, b]),
            _ => Err(self.bad(format!(
                "{} takes two cells, not {}",
                self.keyword,
                cells.len()
            ))),
        }
    }

    /// The one cell of `cells`.
    pub fn one(&self, cells: &[Cell]) -> Result<Cell, LayoutError> {
        match *cells {
            [a] => Ok(a),
            _ => Err(self.bad(format!(
                "{} takes one cell, not {}",
                self.keyword,
                cells.len()
            ))),
        }
    }
}

/// The digits of a grid as the checks read them, 0 for an empty cell, and
/// the constraints beside the one checked.
pub(crate) struct Filled<'a> {
    /// The cells, row-major.
    pub digits: &'a [u8],
    /// The side.
    pub n: usize,
    /// The layout, for its regions.
    pub layout: &'a crate::Layout,
    /// Every constraint of the layout.
    pub constraints: &'a [Constraint],
}

impl Filled<'_> {
    /// The digit of `cell`, 0 when empty.
    pub fn get(&self, (r, c): Cell) -> u32 {
        u32::from(self.digits[r * self.n + c])
    }

    /// Whether every one of `cells` holds a digit.
    pub fn all_filled(&self, cells: &[Cell]) -> bool {
        cells.iter().all(|&c| self.get(c) != 0)
    }

    /// The sum of the digits of `cells`.
    pub fn sum(&self, cells: &[Cell]) -> u32 {
        cells.iter().map(|&c| self.get(c)).sum()
    }

    /// The first pair of filled cells along `cells` (in order, the second
    /// `distance` places after the first) whose digits break `ok(a, b,
    /// distance)`.
    pub fn first_pair(
        &self,
        cells: &[Cell],
        ok: &dyn Fn(u32, u32, usize) -> bool,
    ) -> Option<[Cell; 2]> {
        for i in 0..cells.len() {
            for j in i + 1..cells.len() {
                let (a, b) = (self.get(cells[i]), self.get(cells[j]));
                if a != 0 && b != 0 && !ok(a, b, j - i) {
                    return Some([cells[i], cells[j]]);
                }
            }
        }
        None
    }
}

/// The first and last of `cells`, which is not empty.
pub(crate) fn ends(cells: &[Cell]) -> [Cell; 2] {
    [cells[0], cells[cells.len() - 1]]
}
