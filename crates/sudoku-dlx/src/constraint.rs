//! The constraints of variant sudoku beyond houses and rules: killer
//! cages, lines, dots, parity and the rest, each a [`Constraint`] of a
//! layout ([`Layout::with_constraint`](crate::Layout::with_constraint)).
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
//! | `x: r1c1 r1c2`, `v: r1c1 r1c2` | the two digits sum to 10, to 5 (`sum 7: ...` to 7) |
//! | `whispers: r1c1 r1c2 r1c3` | neighbours along the line differ by at least 5 on 9x9, ceil(n/2) on side n (`whispers 4: ...` by 4; without a number the gap is 0 until a layout takes the constraint and sets its side's) |
//! | `renban: r1c1 r1c2 r1c3` | distinct digits forming a run of consecutive digits, in any order |
//! | `palindrome: r1c1 r1c2 r1c3` | the line reads the same both ways |
//! | `odd: r4c4`, `even: r8c8` | the digit's parity |
//! | `quadruple 1 2 9: r1c1` | the digits appear among the 2x2 cells whose top-left cell is r1c1 (a digit listed twice, at least twice) |
//! | `sandwich 8: r1`, `sandwich 0: c3` | the digits strictly between the 1 and the n of row 1 (column 3) sum to 8 |
//! | `between: r1c1 r1c2 r1c3` | the digits inside the line lie strictly between those at its two ends |
//! | `negative white`, `negative black`, `negative xv` | orthogonal neighbours with no kropki dot (white or black) between them do not differ by 1, are not one twice the other; with no X or V between them do not sum to 5 or 10 |

use std::fmt;
use std::str::FromStr;

use crate::error::{LayoutError, LayoutErrorKind};

/// A cell as (row, column), from 0.
pub type Cell = (usize, usize);

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
    /// Between line: the digits inside the line lie strictly between those
    /// of its two ends.
    Between {
        /// The line's cells in order, the ends first and last.
        cells: Vec<Cell>,
    },
    /// A negative constraint over every pair of orthogonal neighbours
    /// without a dot (or an X or V) of their kind.
    Negative(Negative),
}

/// The keywords of the constraints, as their lines start.
pub(crate) const KEYWORDS: [&str; 18] = [
    "cage",
    "little-killer",
    "arrow",
    "thermo",
    "white",
    "black",
    "x",
    "v",
    "sum",
    "whispers",
    "renban",
    "palindrome",
    "odd",
    "even",
    "quadruple",
    "sandwich",
    "between",
    "negative",
];

impl Constraint {
    /// German whispers with the usual gap of side `n`: ceil(n/2), 5 on
    /// 9x9 (4 on 8x8, 3 on 6x6).
    pub fn whispers(cells: Vec<Cell>, n: usize) -> Constraint {
        Constraint::Whispers {
            cells,
            gap: n.div_ceil(2).min(255) as u8,
        }
    }

    /// The constraint's name, as players say it: "killer cage", "arrow",
    /// "thermometer", ...
    pub fn name(&self) -> &'static str {
        match self {
            Constraint::Cage { .. } => "killer cage",
            Constraint::LittleKiller { .. } => "little killer",
            Constraint::Arrow { .. } => "arrow",
            Constraint::Thermometer { .. } => "thermometer",
            Constraint::Difference { .. } => "white dot",
            Constraint::Ratio { .. } => "black dot",
            Constraint::Sum { sum: 10, .. } => "X",
            Constraint::Sum { sum: 5, .. } => "V",
            Constraint::Sum { .. } => "sum",
            Constraint::Whispers { .. } => "whispers",
            Constraint::Renban { .. } => "renban",
            Constraint::Palindrome { .. } => "palindrome",
            Constraint::Odd(_) => "odd",
            Constraint::Even(_) => "even",
            Constraint::Quadruple { .. } => "quadruple",
            Constraint::Sandwich { .. } => "sandwich",
            Constraint::Between { .. } => "between line",
            Constraint::Negative(Negative::White) => "negative white",
            Constraint::Negative(Negative::Black) => "negative black",
            Constraint::Negative(Negative::Xv) => "negative xv",
        }
    }

    /// The cells the constraint names, in its order; every cell of the
    /// line for a sandwich, none for a negative constraint.
    pub fn cells(&self, n: usize) -> Vec<Cell> {
        match self {
            Constraint::Cage { cells, .. }
            | Constraint::LittleKiller { cells, .. }
            | Constraint::Thermometer { cells }
            | Constraint::Whispers { cells, .. }
            | Constraint::Renban { cells }
            | Constraint::Palindrome { cells }
            | Constraint::Between { cells } => cells.clone(),
            Constraint::Arrow { circle, line } => circle.iter().chain(line).copied().collect(),
            Constraint::Difference { cells, .. }
            | Constraint::Ratio { cells, .. }
            | Constraint::Sum { cells, .. } => cells.to_vec(),
            Constraint::Odd(cell) | Constraint::Even(cell) => vec![*cell],
            Constraint::Quadruple { cell: (r, c), .. } => {
                vec![(*r, *c), (*r, c + 1), (r + 1, *c), (r + 1, c + 1)]
            }
            Constraint::Sandwich { line, .. } => line.cells(n),
            Constraint::Negative(_) => Vec::new(),
        }
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
        if let Some(&(r, c)) = cells.iter().find(|&&(r, c)| r >= n || c >= n) {
            return bad(format!("r{}c{} is off the {n}x{n} grid", r + 1, c + 1));
        }
        let distinct = |cells: &[Cell]| {
            let mut sorted = cells.to_vec();
            sorted.sort_unstable();
            sorted.windows(2).all(|w| w[0] != w[1])
        };
        if !distinct(&cells) {
            return bad("a cell is named twice".to_string());
        }
        let lines = matches!(
            self,
            Constraint::Thermometer { .. }
                | Constraint::Whispers { .. }
                | Constraint::Renban { .. }
                | Constraint::Palindrome { .. }
                | Constraint::Between { .. }
                | Constraint::LittleKiller { .. }
        );
        if cells.is_empty() && !matches!(self, Constraint::Negative(_)) {
            return bad("it names no cell".to_string());
        }
        if lines && cells.len() < 2 && !matches!(self, Constraint::LittleKiller { .. }) {
            return bad("a line needs two cells or more".to_string());
        }
        match self {
            Constraint::Arrow { circle, line } => {
                if circle.is_empty() || circle.len() > 3 {
                    return bad("a circle has 1 to 3 cells".to_string());
                }
                if circle.len() > 1 && n > 9 {
                    return bad(format!(
                        "a circle of {} cells is read as a decimal number, which needs digits \
                         up to 9, not {n}",
                        circle.len()
                    ));
                }
                if line.is_empty() {
                    return bad("an arrow needs a cell beside its circle".to_string());
                }
            }
            Constraint::Cage { cells, .. } if cells.len() > n => {
                return bad(format!(
                    "a cage of {} distinct digits on a {n}x{n} grid",
                    cells.len()
                ));
            }
            Constraint::Quadruple { digits, .. } => {
                if digits.is_empty() || digits.len() > 4 {
                    return bad("a quadruple has 1 to 4 digits".to_string());
                }
                if let Some(d) = digits.iter().find(|&&d| d == 0 || usize::from(d) > n) {
                    return bad(format!("digit {d} is not in 1..={n}"));
                }
                if digits.windows(2).any(|w| w[0] > w[1]) {
                    return bad("the digits are not in increasing order".to_string());
                }
            }
            Constraint::Difference { difference: 0, .. } => {
                return bad("a difference of 0 is no dot".to_string());
            }
            Constraint::Ratio { ratio: 0, .. } => {
                return bad("a ratio of 0 is no dot".to_string());
            }
            Constraint::Whispers { gap: 0, .. } => {
                return bad("a gap of 0 is no whisper".to_string());
            }
            _ => {}
        }
        Ok(())
    }

    /// Whether the digits of a grid of side `n` (0 for an empty cell)
    /// break the constraint, and where: `None` when they keep it or when
    /// too few of its cells are filled to tell. `dotted` says whether two
    /// orthogonal neighbours carry a dot, for the negative constraints.
    ///
    /// This is the checker of [`Grid::check`](crate::Grid::check) and
    /// [`Grid::is_solution_of`](crate::Grid::is_solution_of); it shares no
    /// code with the encoding.
    pub(crate) fn broken(
        &self,
        digits: &[u8],
        n: usize,
        dotted: &dyn Fn(Negative, usize, usize) -> bool,
    ) -> Option<[Cell; 2]> {
        let at = |(r, c): Cell| r * n + c;
        let get = |cell: Cell| u32::from(digits[at(cell)]);
        let all_filled = |cells: &[Cell]| cells.iter().all(|&c| get(c) != 0);
        let ends = |cells: &[Cell]| [cells[0], cells[cells.len() - 1]];
        // The first pair of cells `related` along a line whose filled
        // digits break `ok`.
        let pairs = |cells: &[Cell], ok: &dyn Fn(u32, u32, usize) -> bool| {
            for i in 0..cells.len() {
                for j in i + 1..cells.len() {
                    let (a, b) = (get(cells[i]), get(cells[j]));
                    if a != 0 && b != 0 && !ok(a, b, j - i) {
                        return Some([cells[i], cells[j]]);
                    }
                }
            }
            None
        };
        match self {
            Constraint::Cage { cells, sum } => {
                if let Some(pair) = pairs(cells, &|a, b, _| a != b) {
                    return Some(pair);
                }
                let total: u32 = cells.iter().map(|&c| get(c)).sum();
                match sum {
                    Some(s) if all_filled(cells) && total != *s => Some(ends(cells)),
                    _ => None,
                }
            }
            Constraint::LittleKiller { cells, sum } => {
                let total: u32 = cells.iter().map(|&c| get(c)).sum();
                (all_filled(cells) && total != *sum).then(|| ends(cells))
            }
            Constraint::Arrow { circle, line } => {
                let all: Vec<Cell> = circle.iter().chain(line).copied().collect();
                if !all_filled(&all) {
                    return None;
                }
                let number = circle.iter().fold(0, |v, &c| v * 10 + get(c));
                let total: u32 = line.iter().map(|&c| get(c)).sum();
                (number != total).then(|| ends(&all))
            }
            Constraint::Thermometer { cells } => pairs(cells, &|a, b, gap| b >= a + gap as u32),
            Constraint::Difference { cells, difference } => {
                pairs(cells, &|a, b, _| a.abs_diff(b) == u32::from(*difference))
            }
            Constraint::Ratio { cells, ratio } => {
                let k = u32::from(*ratio);
                pairs(cells, &|a, b, _| a == k * b || b == k * a)
            }
            Constraint::Sum { cells, sum } => pairs(cells, &|a, b, _| a + b == *sum),
            Constraint::Whispers { cells, gap } => {
                pairs(cells, &|a, b, d| d > 1 || a.abs_diff(b) >= u32::from(*gap))
            }
            Constraint::Renban { cells } => {
                if let Some(pair) = pairs(cells, &|a, b, _| a != b) {
                    return Some(pair);
                }
                let filled: Vec<u32> = cells.iter().map(|&c| get(c)).filter(|&d| d != 0).collect();
                let (lo, hi) = (filled.iter().min(), filled.iter().max());
                match (lo, hi) {
                    (Some(lo), Some(hi)) if (hi - lo) as usize >= cells.len() => Some(ends(cells)),
                    _ => None,
                }
            }
            Constraint::Palindrome { cells } => {
                let m = cells.len();
                (0..m / 2).find_map(|i| {
                    let (p, q) = (cells[i], cells[m - 1 - i]);
                    let (a, b) = (get(p), get(q));
                    (a != 0 && b != 0 && a != b).then_some([p, q])
                })
            }
            Constraint::Odd(cell) => (get(*cell) != 0 && get(*cell) % 2 == 0).then_some([*cell; 2]),
            Constraint::Even(cell) => (get(*cell) % 2 == 1).then_some([*cell; 2]),
            Constraint::Quadruple { digits, .. } => {
                let cells = self.cells(n);
                if !all_filled(&cells) {
                    return None;
                }
                let missing = digits.iter().any(|&d| {
                    let want = digits.iter().filter(|&&e| e == d).count();
                    cells.iter().filter(|&&c| get(c) == u32::from(d)).count() < want
                });
                missing.then(|| ends(&cells))
            }
            Constraint::Sandwich { line, sum } => {
                let cells = line.cells(n);
                if !all_filled(&cells) {
                    return None;
                }
                let one = cells.iter().position(|&c| get(c) == 1)?;
                let top = cells.iter().position(|&c| get(c) == n as u32)?;
                let (i, j) = (one.min(top), one.max(top));
                let total: u32 = cells[i + 1..j].iter().map(|&c| get(c)).sum();
                (total != *sum).then_some([cells[i], cells[j]])
            }
            Constraint::Between { cells } => {
                let [p, q] = ends(cells);
                let (a, b) = (get(p), get(q));
                if a == 0 || b == 0 {
                    return None;
                }
                let (lo, hi) = (a.min(b), a.max(b));
                cells[1..cells.len() - 1].iter().find_map(|&c| {
                    let d = get(c);
                    (d != 0 && (d <= lo || d >= hi)).then_some([p, c])
                })
            }
            Constraint::Negative(kind) => {
                for p in 0..n * n {
                    let (r, c) = (p / n, p % n);
                    for q in [(c + 1 < n).then_some(p + 1), (r + 1 < n).then_some(p + n)]
                        .into_iter()
                        .flatten()
                    {
                        let (a, b) = (u32::from(digits[p]), u32::from(digits[q]));
                        if a == 0 || b == 0 || dotted(*kind, p, q) {
                            continue;
                        }
                        let breaks = match kind {
                            Negative::White => a.abs_diff(b) == 1,
                            Negative::Black => a == 2 * b || b == 2 * a,
                            Negative::Xv => a + b == 5 || a + b == 10,
                        };
                        if breaks {
                            return Some([(r, c), (q / n, q % n)]);
                        }
                    }
                }
                None
            }
        }
    }

    /// The two cells of a dot, an X or a V that a negative constraint of
    /// `kind` spares.
    pub(crate) fn dot_of(&self, kind: Negative) -> Option<[Cell; 2]> {
        match (self, kind) {
            (
                Constraint::Difference { cells, .. } | Constraint::Ratio { cells, .. },
                Negative::White | Negative::Black,
            ) => Some(*cells),
            (Constraint::Sum { cells, sum: 5 | 10 }, Negative::Xv) => Some(*cells),
            _ => None,
        }
    }
}

/// A cell named as players do: `r1c1`.
struct CellName(Cell);

impl fmt::Display for CellName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.0 .0 + 1, self.0 .1 + 1)
    }
}

fn write_cells(f: &mut fmt::Formatter<'_>, cells: &[Cell]) -> fmt::Result {
    for (k, &cell) in cells.iter().enumerate() {
        let space = if k == 0 { "" } else { " " };
        write!(f, "{space}{}", CellName(cell))?;
    }
    Ok(())
}

impl fmt::Display for Constraint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Constraint::Cage { cells, sum } => {
                match sum {
                    Some(s) => write!(f, "cage {s}: ")?,
                    None => write!(f, "cage: ")?,
                }
                write_cells(f, cells)
            }
            Constraint::LittleKiller { cells, sum } => {
                write!(f, "little-killer {sum}: ")?;
                write_cells(f, cells)
            }
            Constraint::Arrow { circle, line } => {
                write!(f, "arrow ")?;
                write_cells(f, circle)?;
                write!(f, ": ")?;
                write_cells(f, line)
            }
            Constraint::Thermometer { cells } => {
                write!(f, "thermo: ")?;
                write_cells(f, cells)
            }
            Constraint::Difference { cells, difference } => {
                match difference {
                    1 => write!(f, "white: ")?,
                    k => write!(f, "white {k}: ")?,
                }
                write_cells(f, cells)
            }
            Constraint::Ratio { cells, ratio } => {
                match ratio {
                    2 => write!(f, "black: ")?,
                    k => write!(f, "black {k}: ")?,
                }
                write_cells(f, cells)
            }
            Constraint::Sum { cells, sum } => {
                match sum {
                    10 => write!(f, "x: ")?,
                    5 => write!(f, "v: ")?,
                    s => write!(f, "sum {s}: ")?,
                }
                write_cells(f, cells)
            }
            Constraint::Whispers { cells, gap } => {
                write!(f, "whispers {gap}: ")?;
                write_cells(f, cells)
            }
            Constraint::Renban { cells } => {
                write!(f, "renban: ")?;
                write_cells(f, cells)
            }
            Constraint::Palindrome { cells } => {
                write!(f, "palindrome: ")?;
                write_cells(f, cells)
            }
            Constraint::Odd(cell) => write!(f, "odd: {}", CellName(*cell)),
            Constraint::Even(cell) => write!(f, "even: {}", CellName(*cell)),
            Constraint::Quadruple { cell, digits } => {
                write!(f, "quadruple")?;
                for d in digits {
                    write!(f, " {d}")?;
                }
                write!(f, ": {}", CellName(*cell))
            }
            Constraint::Sandwich { line, sum } => match line {
                Line::Row(r) => write!(f, "sandwich {sum}: r{}", r + 1),
                Line::Column(c) => write!(f, "sandwich {sum}: c{}", c + 1),
            },
            Constraint::Between { cells } => {
                write!(f, "between: ")?;
                write_cells(f, cells)
            }
            Constraint::Negative(kind) => f.write_str(match kind {
                Negative::White => "negative white",
                Negative::Black => "negative black",
                Negative::Xv => "negative xv",
            }),
        }
    }
}

/// Reads a cell name, `r1c1` in any case, into (row, col) from 0.
pub(crate) fn parse_cell(word: &str) -> Option<Cell> {
    let lower = word.to_ascii_lowercase();
    let rest = lower.strip_prefix('r')?;
    let (r, c) = rest.split_once('c')?;
    let (r, c): (usize, usize) = (r.parse().ok()?, c.parse().ok()?);
    (r >= 1 && c >= 1).then(|| (r - 1, c - 1))
}

/// Reads one constraint line; the error says what is wrong with it.
impl FromStr for Constraint {
    type Err = LayoutError;

    fn from_str(line: &str) -> Result<Constraint, LayoutError> {
        let bad = |reason: String| {
            LayoutError::new(LayoutErrorKind::ConstraintText {
                text: line.trim().to_string(),
                reason,
            })
        };
        let text = line.trim();
        let (head, tail) = match text.split_once(':') {
            Some((head, tail)) => (head, tail),
            None => (text, ""),
        };
        let mut words = head.split_whitespace();
        let keyword = words.next().unwrap_or("").to_ascii_lowercase();
        let args: Vec<&str> = words.collect();
        let cells_of = |words: &mut dyn Iterator<Item = &str>| {
            words
                .map(|w| {
                    parse_cell(w).ok_or_else(|| bad(format!("{w:?} is no cell name like r1c1")))
                })
                .collect::<Result<Vec<Cell>, _>>()
        };
        let cell_words = if keyword == "sandwich" { "" } else { tail };
        let cells = cells_of(&mut cell_words.split_whitespace())?;
        let number = |k: usize| -> Result<Option<u32>, LayoutError> {
            match args.get(k) {
                None => Ok(None),
                Some(w) => w
                    .parse()
                    .map(Some)
                    .map_err(|_| bad(format!("{w:?} is no number"))),
            }
        };
        let small = |k: usize, default: u8| -> Result<u8, LayoutError> {
            match number(k)? {
                None => Ok(default),
                Some(v) => u8::try_from(v).map_err(|_| bad(format!("{v} is too large"))),
            }
        };
        let required = |k: usize| -> Result<u32, LayoutError> {
            number(k)?.ok_or_else(|| bad(format!("{keyword} needs a number before the colon")))
        };
        let max_args = |m: usize| {
            if args.len() > m {
                Err(bad(format!("unexpected {:?}", args[m])))
            } else {
                Ok(())
            }
        };
        let pair = |cells: &[Cell]| -> Result<[Cell; 2], LayoutError> {
            match *cells {
                [a, b] => Ok([a, b]),
                _ => Err(bad(format!(
                    "{keyword} takes two cells, not {}",
                    cells.len()
                ))),
            }
        };
        let one = |cells: &[Cell]| -> Result<Cell, LayoutError> {
            match *cells {
                [a] => Ok(a),
                _ => Err(bad(format!(
                    "{keyword} takes one cell, not {}",
                    cells.len()
                ))),
            }
        };
        let constraint = match keyword.as_str() {
            "cage" | "killer" => {
                max_args(1)?;
                Constraint::Cage {
                    sum: number(0)?,
                    cells,
                }
            }
            "little-killer" => {
                max_args(1)?;
                Constraint::LittleKiller {
                    sum: required(0)?,
                    cells,
                }
            }
            "arrow" => {
                let circle = cells_of(&mut args.iter().copied())?;
                Constraint::Arrow {
                    circle,
                    line: cells,
                }
            }
            "thermo" | "thermometer" => {
                max_args(0)?;
                Constraint::Thermometer { cells }
            }
            "white" => {
                max_args(1)?;
                Constraint::Difference {
                    difference: small(0, 1)?,
                    cells: pair(&cells)?,
                }
            }
            "black" => {
                max_args(1)?;
                Constraint::Ratio {
                    ratio: small(0, 2)?,
                    cells: pair(&cells)?,
                }
            }
            "x" | "v" => {
                max_args(0)?;
                let sum = if keyword == "x" { 10 } else { 5 };
                Constraint::Sum {
                    sum,
                    cells: pair(&cells)?,
                }
            }
            "sum" => {
                max_args(1)?;
                Constraint::Sum {
                    sum: required(0)?,
                    cells: pair(&cells)?,
                }
            }
            "whispers" => {
                max_args(1)?;
                // 0: the side's gap, set when the layout takes it.
                Constraint::Whispers {
                    gap: small(0, 0)?,
                    cells,
                }
            }
            "renban" => {
                max_args(0)?;
                Constraint::Renban { cells }
            }
            "palindrome" => {
                max_args(0)?;
                Constraint::Palindrome { cells }
            }
            "odd" => Constraint::Odd(one(&cells)?),
            "even" => Constraint::Even(one(&cells)?),
            "quadruple" => {
                let mut digits = (0..args.len())
                    .map(|k| small(k, 0))
                    .collect::<Result<Vec<u8>, _>>()?;
                digits.sort_unstable();
                Constraint::Quadruple {
                    cell: one(&cells)?,
                    digits,
                }
            }
            "sandwich" => {
                max_args(1)?;
                let sum = required(0)?;
                let word = tail.trim().to_ascii_lowercase();
                let index = |w: &str| w.parse::<usize>().ok().filter(|&k| k >= 1).map(|k| k - 1);
                let line = if let Some(r) = word.strip_prefix('r').and_then(index) {
                    Line::Row(r)
                } else if let Some(c) = word.strip_prefix('c').and_then(index) {
                    Line::Column(c)
                } else {
                    return Err(bad(format!("{word:?} is no row like r1 or column like c1")));
                };
                Constraint::Sandwich { line, sum }
            }
            "between" => {
                max_args(0)?;
                Constraint::Between { cells }
            }
            "negative" => {
                let kind = match args.as_slice() {
                    ["white"] => Negative::White,
                    ["black"] => Negative::Black,
                    ["xv"] => Negative::Xv,
                    _ => return Err(bad("negative takes white, black or xv".to_string())),
                };
                Constraint::Negative(kind)
            }
            _ => {
                return Err(bad(format!(
                    "unknown constraint {keyword:?}, expected one of {}",
                    KEYWORDS.join(", ")
                )))
            }
        };
        Ok(constraint)
    }
}
