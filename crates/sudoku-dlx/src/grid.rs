//! Sudoku grids of any box size: cells, parsing, formatting and checks.
//!
//! A grid of box size b has side n = b*b and n*n cells, stored row-major, each
//! 0 (empty) or a digit 1..=n. Box sizes 2 to 7 are supported: 4x4, 9x9,
//! 16x16, 25x25, 36x36 and 49x49.
//!
//! # Text formats
//!
//! [`Grid::parse`] reads the forms people write puzzles in:
//!
//! - one line of n*n symbols, such as the 81 characters of a 9x9 puzzle;
//! - a drawn grid of n lines, where `|`, `-`, `+` and whitespace are layout
//!   and ignored, so `5 3 . | . 7 . | . . .` is a row of nine cells.
//!
//! `#` starts a comment that runs to the end of its line. The size is found
//! from the number of cells: 16, 81, 256, 625, 1296 or 2401.
//!
//! Symbols are read with an [`Alphabet`]; the standard one uses `1-9` for
//! digits 1 to 9, then `A-Z` for 10 to 35 (so `G` is 16 and `P` is 25), then
//! `a-z` for 36 to 61.

use std::error::Error;
use std::fmt;
use std::str::FromStr;

/// Sides of the supported grids, for box sizes 2 to 7.
pub(crate) const SIDES: [usize; 6] = [4, 9, 16, 25, 36, 49];

/// Cell counts of the supported grids, for box sizes 2 to 7.
pub(crate) const CELL_COUNTS: [usize; 6] = [16, 81, 256, 625, 1296, 2401];

/// Digit symbols of the standard alphabet, digit 1 first.
const STANDARD_SYMBOLS: &str = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// Number of digits the standard alphabet can write.
const STANDARD_LEN: usize = 61;

/// Largest side for which the standard alphabet reads letters without regard
/// to case: up to 35, `A-Z` suffice, so `a` may stand for `A`.
const CASE_BLIND_MAX_SIDE: usize = 35;

/// Longest custom alphabet: digits are stored as `u8`.
const MAX_ALPHABET_LEN: usize = 255;

/// The box size of a grid with `count` cells, if it is a supported size.
pub(crate) fn box_size_for_cells(count: usize) -> Option<usize> {
    CELL_COUNTS
        .iter()
        .position(|&c| c == count)
        .map(|i| i + Grid::MIN_BOX_SIZE)
}

/// The box size of a grid of side `side`, if it is a supported size.
pub(crate) fn box_size_for_side(side: usize) -> Option<usize> {
    SIDES
        .iter()
        .position(|&s| s == side)
        .map(|i| i + Grid::MIN_BOX_SIZE)
}

/// The whole-grid cell count near `found`, within a tenth of it, if any:
/// 80 cells is most likely a 9x9 puzzle with one cell missing.
pub(crate) fn close_cell_count(found: usize) -> Option<usize> {
    CELL_COUNTS
        .iter()
        .copied()
        .find(|&count| found.abs_diff(count) <= (count / 10).max(1))
}

/// Whether `ch` is layout rather than a cell: whitespace, the box drawing
/// characters `|`, `-`, `+`, or a byte order mark.
fn is_layout(ch: char) -> bool {
    ch.is_whitespace() || ch == '\u{feff}' || is_drawing(ch)
}

/// Whether `ch` is one of the box drawing characters `|`, `-`, `+`.
fn is_drawing(ch: char) -> bool {
    matches!(ch, '|' | '-' | '+')
}

/// Whether a line without cells draws part of a grid, such as
/// `------+-------+------`: it holds `|`, `-` or `+` before any `#`. Any
/// other line without cells is blank or a comment.
pub(crate) fn is_rule(line: &str) -> bool {
    line.chars().take_while(|&ch| ch != '#').any(is_drawing)
}

/// The cells of one line of text as (1-based column, symbol), up to a `#`
/// comment. Columns count characters, layout included.
pub(crate) fn line_cells(line: &str) -> impl Iterator<Item = (usize, char)> + '_ {
    line.chars()
        .enumerate()
        .take_while(|&(_, ch)| ch != '#')
        .filter(|&(_, ch)| !is_layout(ch))
        .map(|(i, ch)| (i + 1, ch))
}

/// Number of cells on one line of text.
pub(crate) fn count_cells(line: &str) -> usize {
    line_cells(line).count()
}

/// Appends the digits of the cells on `line` (line number `line_number`) of
/// a grid of side `side` to `cells`.
///
/// On error, `cells` holds the digits before the bad symbol.
pub(crate) fn push_line_cells(
    line: &str,
    line_number: usize,
    side: usize,
    alphabet: &Alphabet,
    cells: &mut Vec<u8>,
) -> Result<(), ParseError> {
    for (column, symbol) in line_cells(line) {
        let digit = alphabet
            .digit(symbol, side)
            .map_err(|kind| ParseError::new(kind, line_number, Some(column)))?;
        cells.push(digit);
    }
    Ok(())
}

/// The first symbol on `line` that no grid size accepts, as an error: when a
/// line's cells make no grid, a stray symbol (such as the `:` of
/// `puzzle:count`) says more than the count.
pub(crate) fn stray_symbol(
    line: &str,
    line_number: usize,
    alphabet: &Alphabet,
) -> Option<ParseError> {
    line_cells(line).find_map(|(column, symbol)| {
        let stray = |side| {
            matches!(
                alphabet.digit(symbol, side),
                Err(ParseErrorKind::BadSymbol { .. })
            )
        };
        // Side 9 has the most empty symbols, side 49 the most digits.
        (stray(9) && stray(49)).then(|| {
            ParseError::new(
                ParseErrorKind::BadSymbol { symbol },
                line_number,
                Some(column),
            )
        })
    })
}

/// A sudoku grid of box size b (side n = b*b): n*n cells, row-major, each 0
/// for empty or a digit 1..=n.
///
/// A `Grid` holds any assignment of digits, valid or not; [`Grid::check`]
/// finds a digit repeated in a house, and [`Grid::is_solution_of`] checks a
/// solved grid against its puzzle.
///
/// # Example
///
/// ```
/// use sudoku_dlx::Grid;
///
/// let grid: Grid = "1...\n..2.\n.3..\n...4".parse()?;
/// assert_eq!(grid.side(), 4);
/// assert_eq!(grid.get(1, 2), 2);
/// assert_eq!(grid.givens(), 4);
/// assert_eq!(grid.to_string(), "1.....2..3.....4");
/// # Ok::<(), sudoku_dlx::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    /// b, in `MIN_BOX_SIZE..=MAX_BOX_SIZE`.
    box_size: usize,
    /// n = b*b.
    side: usize,
    /// n*n cells, row-major, each in 0..=n.
    cells: Vec<u8>,
}

impl Grid {
    /// Smallest supported box size: 2, a 4x4 grid.
    pub const MIN_BOX_SIZE: usize = 2;

    /// Largest supported box size: 7, a 49x49 grid.
    pub const MAX_BOX_SIZE: usize = 7;

    /// An empty grid of box size `box_size` (side `box_size * box_size`).
    ///
    /// # Errors
    ///
    /// [`GridErrorKind::BoxSize`] unless `box_size` is in 2..=7.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::Grid;
    ///
    /// let grid = Grid::empty(3)?;
    /// assert_eq!(grid.side(), 9);
    /// assert_eq!(grid.givens(), 0);
    /// # Ok::<(), sudoku_dlx::GridError>(())
    /// ```
    pub fn empty(box_size: usize) -> Result<Grid, GridError> {
        let side = side_of(box_size)?;
        Ok(Grid {
            box_size,
            side,
            cells: vec![0; side * side],
        })
    }

    /// A grid of box size `box_size` with the given cells, row-major, 0 for
    /// empty.
    ///
    /// # Errors
    ///
    /// [`GridErrorKind::BoxSize`] unless `box_size` is in 2..=7,
    /// [`GridErrorKind::CellCount`] unless there are n*n cells, and
    /// [`GridErrorKind::DigitOutOfRange`] for a cell above n.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::Grid;
    ///
    /// let grid = Grid::from_cells(2, vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1])?;
    /// assert!(grid.is_complete());
    /// assert!(Grid::from_cells(2, vec![5; 16]).is_err());
    /// # Ok::<(), sudoku_dlx::GridError>(())
    /// ```
    pub fn from_cells(box_size: usize, cells: Vec<u8>) -> Result<Grid, GridError> {
        let side = side_of(box_size)?;
        if cells.len() != side * side {
            return Err(GridError::new(GridErrorKind::CellCount {
                expected: side * side,
                found: cells.len(),
            }));
        }
        if let Some(index) = cells.iter().position(|&d| usize::from(d) > side) {
            return Err(GridError::new(GridErrorKind::DigitOutOfRange {
                row: index / side,
                col: index % side,
                digit: cells[index],
                side,
            }));
        }
        Ok(Grid {
            box_size,
            side,
            cells,
        })
    }

    /// A grid from cells already checked against `box_size`.
    pub(crate) fn from_parsed(box_size: usize, cells: Vec<u8>) -> Grid {
        let side = box_size * box_size;
        debug_assert_eq!(cells.len(), side * side);
        debug_assert!(cells.iter().all(|&d| usize::from(d) <= side));
        Grid {
            box_size,
            side,
            cells,
        }
    }

    /// Parses a puzzle written with the standard [`Alphabet`]: one line of
    /// n*n symbols, or a grid drawn over several lines.
    ///
    /// `|`, `-`, `+` and whitespace are ignored, `#` starts a comment to the
    /// end of the line, and the size follows from the number of cells (16,
    /// 81, 256, 625, 1296 or 2401). For 9x9 and smaller, `.`, `0`, `_`, `*`
    /// and `x` are empty cells; from 16x16 on, `.`, `0`, `_` and `*` are (`X`
    /// is a digit there). Lines in errors count from 1 at the start of
    /// `text`.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming the line (and column for a bad symbol): a cell
    /// count that fits no size, a symbol that is no digit or one too large
    /// for the grid, a row of the wrong width in a drawn grid. When the
    /// count fits no size and a symbol fits none either (the `:` of
    /// `puzzle:count`), the symbol is named. Repeated digits are not parse
    /// errors: see [`Grid::check`].
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::Grid;
    ///
    /// let line = Grid::parse("1.3...2.3.....4.")?;
    /// let drawn = Grid::parse(
    ///     "# a 4x4 puzzle
    ///      1 . | 3 .
    ///      . . | 2 .
    ///      ----+----
    ///      3 . | . .
    ///      . . | 4 .",
    /// )?;
    /// assert_eq!(line, drawn);
    ///
    /// let error = Grid::parse("1.3...2.3.....4.5").unwrap_err();
    /// assert_eq!(error.to_string(), "line 1: expected 16 cells, found 17");
    /// # Ok::<(), sudoku_dlx::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Grid, ParseError> {
        Grid::parse_with(text, &Alphabet::standard())
    }

    /// Parses a puzzle as [`Grid::parse`] does, reading symbols with
    /// `alphabet`.
    ///
    /// # Errors
    ///
    /// As [`Grid::parse`], and [`ParseErrorKind::AlphabetTooSmall`] when the
    /// alphabet has fewer symbols than the grid has digits.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::{Alphabet, Grid};
    ///
    /// let letters = Alphabet::custom("ABCD")?;
    /// let grid = Grid::parse_with("A.C...B.C.....D.", &letters)?;
    /// assert_eq!(grid.to_string(), "1.3...2.3.....4.");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_with(text: &str, alphabet: &Alphabet) -> Result<Grid, ParseError> {
        let shape = Shape::of(text);
        let Some(box_size) = box_size_for_cells(shape.cells) else {
            let stray = text
                .lines()
                .enumerate()
                .find_map(|(i, line)| stray_symbol(line, i + 1, alphabet));
            return Err(stray.unwrap_or_else(|| shape.error()));
        };
        let side = box_size * box_size;
        if !alphabet.supports(side) {
            let kind = ParseErrorKind::AlphabetTooSmall {
                symbols: alphabet.len(),
                side,
            };
            return Err(ParseError::new(kind, shape.first_line, None));
        }
        let mut cells = Vec::with_capacity(shape.cells);
        for (i, line) in text.lines().enumerate() {
            push_line_cells(line, i + 1, side, alphabet, &mut cells)?;
        }
        Ok(Grid::from_parsed(box_size, cells))
    }

    /// The box size b.
    pub fn box_size(&self) -> usize {
        self.box_size
    }

    /// The side n = b*b: the number of rows, of columns, of boxes and of
    /// digits.
    pub fn side(&self) -> usize {
        self.side
    }

    /// The n*n cells, row-major: 0 for empty, else a digit 1..=n.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The cells, consuming the grid.
    pub fn into_cells(self) -> Vec<u8> {
        self.cells
    }

    /// The cell at `row`, `col` (both from 0): 0 for empty, else its digit.
    ///
    /// # Panics
    ///
    /// When `row` or `col` is not below [`Grid::side`], as slice indexing
    /// does.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::Grid;
    ///
    /// let grid = Grid::parse("1.3...2.3.....4.")?;
    /// assert_eq!(grid.get(0, 2), 3);
    /// assert_eq!(grid.get(0, 1), 0);
    /// # Ok::<(), sudoku_dlx::ParseError>(())
    /// ```
    pub fn get(&self, row: usize, col: usize) -> u8 {
        assert!(
            row < self.side && col < self.side,
            "cell ({row}, {col}) is outside a {0}x{0} grid",
            self.side
        );
        self.cells[row * self.side + col]
    }

    /// Sets the cell at `row`, `col` (both from 0) to `digit`, 0 to empty it.
    ///
    /// # Errors
    ///
    /// [`GridErrorKind::OutOfBounds`] for a cell outside the grid and
    /// [`GridErrorKind::DigitOutOfRange`] for a digit above n; the grid is
    /// then unchanged.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::Grid;
    ///
    /// let mut grid = Grid::empty(3)?;
    /// grid.set(8, 0, 9)?;
    /// assert_eq!(grid.get(8, 0), 9);
    /// assert!(grid.set(9, 0, 1).is_err());
    /// assert!(grid.set(0, 0, 10).is_err());
    /// # Ok::<(), sudoku_dlx::GridError>(())
    /// ```
    pub fn set(&mut self, row: usize, col: usize, digit: u8) -> Result<(), GridError> {
        let side = self.side;
        if row >= side || col >= side {
            return Err(GridError::new(GridErrorKind::OutOfBounds {
                row,
                col,
                side,
            }));
        }
        if usize::from(digit) > side {
            return Err(GridError::new(GridErrorKind::DigitOutOfRange {
                row,
                col,
                digit,
                side,
            }));
        }
        self.cells[row * side + col] = digit;
        Ok(())
    }

    /// Number of filled cells (the givens of a puzzle).
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&d| d != 0).count()
    }

    /// Whether every cell holds a digit. A complete grid may still repeat a
    /// digit in a house; see [`Grid::check`].
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&d| d != 0)
    }

    /// Checks that no digit appears twice in a row, a column or a box.
    ///
    /// Houses are searched rows first, then columns, then boxes, each in
    /// order; the first repeat found is reported. Empty cells are ignored,
    /// so this checks a puzzle's givens; it does not tell whether the puzzle
    /// has a solution.
    ///
    /// # Errors
    ///
    /// A [`Conflict`] naming the house, the digit and the two cells.
    ///
    /// # Complexity
    ///
    /// O(n*n) time, O(n) extra space.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::{Grid, House};
    ///
    /// let grid = Grid::parse("1..1............")?;
    /// let conflict = grid.check().unwrap_err();
    /// assert_eq!(conflict.house, House::Row(0));
    /// assert_eq!(conflict.to_string(), "digit 1 repeated in row 1 (r1c1 and r1c4)");
    /// # Ok::<(), sudoku_dlx::ParseError>(())
    /// ```
    pub fn check(&self) -> Result<(), Conflict> {
        let n = self.side;
        // seen[d] is 1 + the position in the house where d was first met,
        // 0 while it has not been.
        let mut seen = vec![0usize; n + 1];
        let houses = (0..n)
            .map(House::Row)
            .chain((0..n).map(House::Column))
            .chain((0..n).map(House::Box));
        for house in houses {
            seen.fill(0);
            for k in 0..n {
                let (row, col) = self.house_cell(house, k);
                let digit = self.cells[row * n + col];
                if digit == 0 {
                    continue;
                }
                let slot = &mut seen[usize::from(digit)];
                if *slot != 0 {
                    let first = self.house_cell(house, *slot - 1);
                    return Err(Conflict {
                        house,
                        digit,
                        cells: [first, (row, col)],
                    });
                }
                *slot = k + 1;
            }
        }
        Ok(())
    }

    /// The `k`-th cell (row, col) of `house`, boxes read row by row.
    fn house_cell(&self, house: House, k: usize) -> (usize, usize) {
        let b = self.box_size;
        match house {
            House::Row(r) => (r, k),
            House::Column(c) => (k, c),
            House::Box(x) => ((x / b) * b + k / b, (x % b) * b + k % b),
        }
    }

    /// Whether `self` is a solution of `puzzle`: the same size, complete,
    /// every row, column and box holding each digit once, and every given of
    /// `puzzle` in place.
    ///
    /// This is an independent checker for solvers: it relies on nothing but
    /// the cells of both grids.
    ///
    /// # Complexity
    ///
    /// O(n*n) time, no allocation.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::Grid;
    ///
    /// let puzzle = Grid::parse("1.3...2.3.....4.")?;
    /// let solution = Grid::parse("1234432134122143")?;
    /// assert!(solution.is_solution_of(&puzzle));
    /// assert!(!puzzle.is_solution_of(&puzzle));
    /// # Ok::<(), sudoku_dlx::ParseError>(())
    /// ```
    pub fn is_solution_of(&self, puzzle: &Grid) -> bool {
        let b = self.box_size;
        let n = self.side;
        if puzzle.box_size != b
            || puzzle.side != n
            || n != b * b
            || n >= 64
            || self.cells.len() != n * n
            || puzzle.cells.len() != n * n
        {
            return false;
        }
        let agrees = self
            .cells
            .iter()
            .zip(&puzzle.cells)
            .all(|(&s, &p)| (1..=n).contains(&usize::from(s)) && (p == 0 || p == s));
        if !agrees {
            return false;
        }
        // Every house has n cells, all digits in 1..=n: they are all there
        // exactly when they are distinct.
        let all = (1u64 << n) - 1;
        (0..n).all(|i| {
            let (mut row, mut col, mut bx) = (0u64, 0u64, 0u64);
            for k in 0..n {
                let bit = |r: usize, c: usize| 1u64 << (self.cells[r * n + c] - 1);
                row |= bit(i, k);
                col |= bit(k, i);
                bx |= bit((i / b) * b + k / b, (i % b) * b + k % b);
            }
            row == all && col == all && bx == all
        })
    }

    /// The one-line form with `alphabet`: n*n symbols, `.` for empty.
    ///
    /// # Errors
    ///
    /// [`AlphabetErrorKind::TooShort`] when the alphabet has fewer symbols
    /// than the grid has digits.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::{Alphabet, Grid};
    ///
    /// let grid = Grid::parse("1.3...2.3.....4.")?;
    /// assert_eq!(grid.to_line_with(&Alphabet::custom("ABCD")?)?, "A.C...B.C.....D.");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_line_with(&self, alphabet: &Alphabet) -> Result<String, AlphabetError> {
        self.check_alphabet(alphabet)?;
        Ok(self.cells.iter().map(|&d| alphabet.symbol(d)).collect())
    }

    /// The grid drawn over n lines with the standard alphabet, symbols
    /// separated by spaces, boxes by `|` and by lines of `-` and `+`. Every
    /// line, the last included, ends with `\n`. [`Grid::parse`] reads it
    /// back.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::Grid;
    ///
    /// let grid = Grid::parse("1.3...2.3.....4.")?;
    /// assert_eq!(grid.to_grid_string(), "1 . | 3 .\n. . | 2 .\n----+----\n3 . | . .\n. . | 4 .\n");
    /// # Ok::<(), sudoku_dlx::ParseError>(())
    /// ```
    pub fn to_grid_string(&self) -> String {
        // The standard alphabet writes every supported size.
        self.draw(&Alphabet::standard())
    }

    /// The grid drawn as [`Grid::to_grid_string`] does, with `alphabet`.
    ///
    /// # Errors
    ///
    /// [`AlphabetErrorKind::TooShort`] when the alphabet has fewer symbols
    /// than the grid has digits.
    pub fn to_grid_string_with(&self, alphabet: &Alphabet) -> Result<String, AlphabetError> {
        self.check_alphabet(alphabet)?;
        Ok(self.draw(alphabet))
    }

    /// An error unless `alphabet` writes every digit of this grid's size.
    fn check_alphabet(&self, alphabet: &Alphabet) -> Result<(), AlphabetError> {
        if alphabet.supports(self.side) {
            Ok(())
        } else {
            Err(AlphabetError::new(AlphabetErrorKind::TooShort {
                symbols: alphabet.len(),
                side: self.side,
            }))
        }
    }

    /// Draws the grid; `alphabet` must support its size.
    fn draw(&self, alphabet: &Alphabet) -> String {
        let (b, n) = (self.box_size, self.side);
        // Each box is 2b-1 characters wide; a separator takes a space on each
        // side of the `|`, drawn as `-` on both sides of the `+`.
        let mut rule = String::new();
        for k in 0..b {
            if k > 0 {
                rule.push('+');
            }
            let width = 2 * b - 1 + usize::from(k > 0) + usize::from(k + 1 < b);
            rule.extend(std::iter::repeat('-').take(width));
        }
        let mut out = String::with_capacity((n + b) * (2 * n + 2 * b));
        for r in 0..n {
            if r > 0 && r % b == 0 {
                out.push_str(&rule);
                out.push('\n');
            }
            for c in 0..n {
                if c > 0 {
                    out.push_str(if c % b == 0 { " | " } else { " " });
                }
                out.push(alphabet.symbol(self.cells[r * n + c]));
            }
            out.push('\n');
        }
        out
    }
}

/// The side of box size `box_size`, if supported.
pub(crate) fn side_of(box_size: usize) -> Result<usize, GridError> {
    if (Grid::MIN_BOX_SIZE..=Grid::MAX_BOX_SIZE).contains(&box_size) {
        Ok(box_size * box_size)
    } else {
        Err(GridError::new(GridErrorKind::BoxSize { box_size }))
    }
}

/// Writes the one-line form with the standard alphabet, `.` for empty; the
/// alternate form (`{:#}`) draws the grid as [`Grid::to_grid_string`].
///
/// # Example
///
/// ```
/// use sudoku_dlx::Grid;
///
/// let grid = Grid::parse("1.3...2.3.....4.")?;
/// assert_eq!(format!("{grid}"), "1.3...2.3.....4.");
/// assert!(format!("{grid:#}").starts_with("1 . | 3 .\n"));
/// # Ok::<(), sudoku_dlx::ParseError>(())
/// ```
impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            return f.write_str(&self.to_grid_string());
        }
        let alphabet = Alphabet::standard();
        let line: String = self.cells.iter().map(|&d| alphabet.symbol(d)).collect();
        f.write_str(&line)
    }
}

/// Parses with [`Grid::parse`].
impl FromStr for Grid {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Grid, ParseError> {
        Grid::parse(text)
    }
}

/// How the cells of a text are laid out over its lines, to find its size or
/// say why it has none.
struct Shape {
    /// Total number of cells.
    cells: usize,
    /// Number of lines holding cells.
    rows: usize,
    /// Cells on the first line holding any.
    width: usize,
    /// Line number of the first line holding cells (1 if none does).
    first_line: usize,
    /// Line number of the last line holding cells (1 if none does).
    last_line: usize,
    /// The first row whose width differs from the first's: (row, line, cells).
    odd_row: Option<(usize, usize, usize)>,
}

impl Shape {
    fn of(text: &str) -> Shape {
        let mut shape = Shape {
            cells: 0,
            rows: 0,
            width: 0,
            first_line: 1,
            last_line: 1,
            odd_row: None,
        };
        for (i, line) in text.lines().enumerate() {
            let count = count_cells(line);
            if count == 0 {
                continue;
            }
            shape.rows += 1;
            shape.cells += count;
            shape.last_line = i + 1;
            if shape.rows == 1 {
                shape.width = count;
                shape.first_line = i + 1;
            } else if count != shape.width && shape.odd_row.is_none() {
                shape.odd_row = Some((shape.rows, i + 1, count));
            }
        }
        shape
    }

    /// Why these cells make no grid: a drawn grid with a row of the wrong
    /// width or too few rows, else the cell count.
    fn error(&self) -> ParseError {
        if self.rows >= 2 && SIDES.contains(&self.width) {
            if let Some((row, line, found)) = self.odd_row {
                let kind = ParseErrorKind::RowLength {
                    row,
                    found,
                    expected: self.width,
                };
                return ParseError::new(kind, line, None);
            }
            if self.rows < self.width {
                let kind = ParseErrorKind::CutShort {
                    rows: self.rows,
                    expected: self.width,
                };
                return ParseError::new(kind, self.last_line, None);
            }
        }
        let kind = ParseErrorKind::CellCount {
            found: self.cells,
            expected: close_cell_count(self.cells),
        };
        ParseError::new(kind, self.first_line, None)
    }
}

/// The symbols that stand for digits in puzzle text.
///
/// The standard alphabet ([`Alphabet::standard`], also the `Default`) writes
/// digits `1-9`, then `A-Z` for 10 to 35, then `a-z` for 36 to 61. Reading:
///
/// - up to 9x9, `1-9` are digits and `.`, `0`, `_`, `*`, `x`, `X` empty;
/// - for 16x16 and 25x25, letters are read without regard to case (`g` is
///   `G`, 16), and `.`, `0`, `_`, `*` are empty (`X` is the digit 33, too
///   large for either);
/// - for 36x36 and 49x49, case matters: `A` is 10 and `a` is 36.
///
/// A custom alphabet ([`Alphabet::custom`]) lists the symbols of digits 1, 2,
/// ... in order, case included; `.` is empty, and so is `0` unless it is one
/// of the symbols.
///
/// # Example
///
/// ```
/// use sudoku_dlx::{Alphabet, Grid};
///
/// // A 16x16 puzzle written with 0-F for digits 1 to 16.
/// let hex = Alphabet::custom("0123456789ABCDEF")?;
/// let line = format!("0{}", ".".repeat(254) + "F");
/// let grid = Grid::parse_with(&line, &hex)?;
/// assert_eq!(grid.cells()[0], 1);
/// assert_eq!(grid.cells()[255], 16);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Alphabet {
    /// The symbols of digits 1, 2, ...; `None` for the standard alphabet.
    custom: Option<Box<[char]>>,
}

impl Alphabet {
    /// The standard alphabet: `1-9`, `A-Z`, `a-z`.
    pub fn standard() -> Alphabet {
        Alphabet { custom: None }
    }

    /// An alphabet whose `k`-th symbol (from 0) stands for digit `k + 1`.
    ///
    /// # Errors
    ///
    /// An [`AlphabetError`] when `symbols` is empty or longer than 255, or
    /// repeats a symbol, or holds one that has another meaning in puzzle
    /// text: whitespace, `|`, `-`, `+`, `#` or `.`.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::Alphabet;
    ///
    /// assert!(Alphabet::custom("0123456789ABCDEF").is_ok());
    /// assert!(Alphabet::custom("1231").is_err());
    /// assert!(Alphabet::custom("12.4").is_err());
    /// ```
    pub fn custom(symbols: &str) -> Result<Alphabet, AlphabetError> {
        let symbols: Box<[char]> = symbols.chars().collect();
        if symbols.is_empty() {
            return Err(AlphabetError::new(AlphabetErrorKind::Empty));
        }
        if symbols.len() > MAX_ALPHABET_LEN {
            return Err(AlphabetError::new(AlphabetErrorKind::TooLong {
                len: symbols.len(),
            }));
        }
        for (i, &symbol) in symbols.iter().enumerate() {
            if is_layout(symbol) || symbol == '#' || symbol == '.' {
                return Err(AlphabetError::new(AlphabetErrorKind::Reserved { symbol }));
            }
            if symbols[..i].contains(&symbol) {
                return Err(AlphabetError::new(AlphabetErrorKind::Repeated { symbol }));
            }
        }
        Ok(Alphabet {
            custom: Some(symbols),
        })
    }

    /// Number of digits the alphabet can write.
    pub(crate) fn len(&self) -> usize {
        self.custom.as_ref().map_or(STANDARD_LEN, |s| s.len())
    }

    /// Whether the alphabet has a symbol for every digit of side `side`.
    pub(crate) fn supports(&self, side: usize) -> bool {
        self.len() >= side
    }

    /// The digit `symbol` stands for in a grid of side `side`, 0 for empty.
    pub(crate) fn digit(&self, symbol: char, side: usize) -> Result<u8, ParseErrorKind> {
        let digit = match &self.custom {
            None => {
                // Offsets within ASCII ranges, so the casts cannot truncate.
                let offset = |base: char| (u32::from(symbol) - u32::from(base)) as usize;
                match symbol {
                    '1'..='9' => offset('0'),
                    '.' | '0' | '_' | '*' => return Ok(0),
                    'x' | 'X' if side <= 9 => return Ok(0),
                    'A'..='Z' if side > 9 => offset('A') + 10,
                    'a'..='z' if side > CASE_BLIND_MAX_SIDE => offset('a') + 36,
                    'a'..='z' if side > 9 => offset('a') + 10,
                    _ => return Err(ParseErrorKind::BadSymbol { symbol }),
                }
            }
            Some(symbols) => match symbols.iter().position(|&s| s == symbol) {
                Some(i) => i + 1,
                None if symbol == '.' || symbol == '0' => return Ok(0),
                None => return Err(ParseErrorKind::BadSymbol { symbol }),
            },
        };
        match u8::try_from(digit) {
            Ok(d) if digit <= side => Ok(d),
            _ => Err(ParseErrorKind::SymbolOutOfRange {
                symbol,
                digit,
                side,
            }),
        }
    }

    /// The symbol of `digit`, `.` for 0; `digit` must be at most `len()`.
    pub(crate) fn symbol(&self, digit: u8) -> char {
        if digit == 0 {
            return '.';
        }
        let i = usize::from(digit) - 1;
        match &self.custom {
            None => STANDARD_SYMBOLS.as_bytes()[i] as char,
            Some(symbols) => symbols[i],
        }
    }
}

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
    fn new(kind: GridErrorKind) -> GridError {
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

/// An error making a custom [`Alphabet`], or writing a grid with one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AlphabetError {
    kind: AlphabetErrorKind,
}

impl AlphabetError {
    fn new(kind: AlphabetErrorKind) -> AlphabetError {
        AlphabetError { kind }
    }

    /// What went wrong.
    pub fn kind(&self) -> &AlphabetErrorKind {
        &self.kind
    }
}

/// The kinds of [`AlphabetError`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum AlphabetErrorKind {
    /// No symbols.
    Empty,
    /// More than 255 symbols.
    TooLong {
        /// The number of symbols.
        len: usize,
    },
    /// A symbol with another meaning in puzzle text (layout, a comment, an
    /// empty cell).
    Reserved {
        /// The symbol.
        symbol: char,
    },
    /// A symbol listed twice.
    Repeated {
        /// The symbol.
        symbol: char,
    },
    /// Too few symbols for the digits of a grid being written.
    TooShort {
        /// The alphabet's number of symbols.
        symbols: usize,
        /// The grid's side n.
        side: usize,
    },
}

impl fmt::Display for AlphabetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            AlphabetErrorKind::Empty => write!(f, "the alphabet has no symbols"),
            AlphabetErrorKind::TooLong { len } => write!(
                f,
                "the alphabet has {len} symbols, more than {MAX_ALPHABET_LEN}"
            ),
            AlphabetErrorKind::Reserved { symbol } => {
                write!(f, "symbol {symbol:?} is reserved in puzzle text")
            }
            AlphabetErrorKind::Repeated { symbol } => {
                write!(f, "symbol {symbol:?} is listed twice")
            }
            AlphabetErrorKind::TooShort { symbols, side } => write!(
                f,
                "the alphabet has {symbols} symbols, too few for a {side}x{side} grid"
            ),
        }
    }
}

impl Error for AlphabetError {}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) const LEETCODE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    pub(crate) const LEETCODE_SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    pub(crate) const LEETCODE_GRID: &str = "\
# LeetCode 37
5 3 . | . 7 . | . . .
6 . . | 1 9 5 | . . .
. 9 8 | . . . | . 6 .
------+-------+------
8 . . | . 6 . | . . 3
4 . . | 8 . 3 | . . 1
7 . . | . 2 . | . . 6
------+-------+------
. 6 . | . . . | 2 8 .
. . . | 4 1 9 | . . 5
. . . | . 8 . | . 7 9
";

    /// A solved grid of box size `b` by the usual pattern.
    pub(crate) fn pattern(b: usize) -> Grid {
        let n = b * b;
        let cells = (0..n * n)
            .map(|i| {
                let (r, c) = (i / n, i % n);
                ((b * (r % b) + r / b + c) % n + 1) as u8
            })
            .collect();
        Grid::from_cells(b, cells).unwrap()
    }

    fn kind(text: &str) -> ParseErrorKind {
        Grid::parse(text).unwrap_err().kind
    }

    #[test]
    fn line_and_drawn_forms_parse_to_the_same_grid() {
        let line = Grid::parse(LEETCODE).unwrap();
        let drawn = Grid::parse(LEETCODE_GRID).unwrap();
        let compact: String = LEETCODE
            .as_bytes()
            .chunks(9)
            .map(|row| format!("{}\n", std::str::from_utf8(row).unwrap()))
            .collect();
        let spaced: String = LEETCODE
            .chars()
            .map(|ch| format!("{ch} "))
            .collect::<String>();
        assert_eq!(line, drawn);
        assert_eq!(line, Grid::parse(&compact).unwrap());
        assert_eq!(line, Grid::parse(&spaced).unwrap());
        assert_eq!(line.box_size(), 3);
        assert_eq!(line.side(), 9);
        assert_eq!(line.givens(), 30);
        assert_eq!(line.get(0, 0), 5);
        assert_eq!(line.get(8, 8), 9);
        assert_eq!(line.get(0, 2), 0);
    }

    #[test]
    fn comments_and_windows_line_ends_are_ignored() {
        let text = format!("# first\r\n{}  # trailing\r\n# last\r\n", LEETCODE);
        assert_eq!(Grid::parse(&text).unwrap(), Grid::parse(LEETCODE).unwrap());
        let hashed = format!("{}#{}", LEETCODE, "1".repeat(9));
        assert_eq!(
            Grid::parse(&hashed).unwrap(),
            Grid::parse(LEETCODE).unwrap()
        );
    }

    #[test]
    fn every_empty_symbol_reads_as_empty_up_to_9x9() {
        let text = format!(".0_*xX{}", ".".repeat(75));
        assert_eq!(Grid::parse(&text).unwrap().givens(), 0);
        let small = Grid::parse("x1x2....3...4...").unwrap();
        assert_eq!(small.givens(), 4);
    }

    #[test]
    fn big_grids_read_letters_in_either_case() {
        let upper = format!("ABCDEFG{}", ".".repeat(249));
        let lower = format!("abcdefg{}", ".".repeat(249));
        let a = Grid::parse(&upper).unwrap();
        assert_eq!(a, Grid::parse(&lower).unwrap());
        assert_eq!(&a.cells()[..7], &[10, 11, 12, 13, 14, 15, 16]);
        for empty in ['.', '0', '_', '*'] {
            let text = format!("{empty}{}", ".".repeat(255));
            assert_eq!(Grid::parse(&text).unwrap().givens(), 0);
        }
    }

    #[test]
    fn x_is_a_digit_from_16x16_on() {
        let text = format!("x{}", ".".repeat(255));
        let error = Grid::parse(&text).unwrap_err();
        assert_eq!(
            error.kind,
            ParseErrorKind::SymbolOutOfRange {
                symbol: 'x',
                digit: 33,
                side: 16
            }
        );
        assert_eq!(error.column(), Some(1));
        let big = format!("X{}", ".".repeat(1295));
        assert_eq!(Grid::parse(&big).unwrap().cells()[0], 33);
    }

    #[test]
    fn case_matters_from_36x36_on() {
        let text = format!("Aa{}", ".".repeat(1294));
        let grid = Grid::parse(&text).unwrap();
        assert_eq!(&grid.cells()[..2], &[10, 36]);
        let text = format!("b{}", ".".repeat(1295));
        assert_eq!(
            kind(&text),
            ParseErrorKind::SymbolOutOfRange {
                symbol: 'b',
                digit: 37,
                side: 36
            }
        );
    }

    #[test]
    fn every_size_round_trips_through_display_and_drawing() {
        for b in 2..=7 {
            let mut grid = pattern(b);
            grid.set(0, 1, 0).unwrap();
            grid.set(b, b * b - 1, 0).unwrap();
            let line = grid.to_string();
            assert_eq!(line.chars().count(), b.pow(4));
            assert_eq!(Grid::parse(&line).unwrap(), grid, "box size {b}");
            assert_eq!(Grid::parse(&grid.to_grid_string()).unwrap(), grid);
            assert_eq!(Grid::parse(&format!("{grid:#}")).unwrap(), grid);
        }
    }

    #[test]
    fn drawing_a_9x9_grid() {
        let grid = Grid::parse(LEETCODE).unwrap();
        let drawn = grid.to_grid_string();
        let expected: String = LEETCODE_GRID
            .lines()
            .skip(1)
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(drawn, expected);
    }

    #[test]
    fn sixteen_by_sixteen_displays_with_letters() {
        let grid = pattern(4);
        assert!(grid.to_string().starts_with("123456789ABCDEFG"));
        assert!(pattern(5)
            .to_string()
            .starts_with("123456789ABCDEFGHIJKLMNOP"));
    }

    #[test]
    fn custom_alphabets() {
        let hex = Alphabet::custom("0123456789ABCDEF").unwrap();
        let mut grid = pattern(4);
        grid.set(0, 0, 0).unwrap();
        let line = grid.to_line_with(&hex).unwrap();
        assert!(line.starts_with(".123456789ABCDEF"));
        assert_eq!(Grid::parse_with(&line, &hex).unwrap(), grid);
        let drawn = grid.to_grid_string_with(&hex).unwrap();
        assert_eq!(Grid::parse_with(&drawn, &hex).unwrap(), grid);
        // Lower case is not upper case in a custom alphabet.
        let lower = line.to_lowercase();
        assert!(matches!(
            Grid::parse_with(&lower, &hex).unwrap_err().kind,
            ParseErrorKind::BadSymbol { .. }
        ));
        // `0` is empty unless it is a symbol.
        let letters = Alphabet::custom("abcd").unwrap();
        let grid = Grid::parse_with("a0.b............", &letters).unwrap();
        assert_eq!(&grid.cells()[..4], &[1, 0, 0, 2]);
        assert_eq!(grid.to_line_with(&letters).unwrap(), "a..b............");
    }

    #[test]
    fn alphabet_errors() {
        let err = |s: &str| Alphabet::custom(s).unwrap_err().kind;
        assert_eq!(err(""), AlphabetErrorKind::Empty);
        assert_eq!(err("12 3"), AlphabetErrorKind::Reserved { symbol: ' ' });
        for symbol in ['|', '-', '+', '#', '.'] {
            let s = format!("1{symbol}");
            assert_eq!(err(&s), AlphabetErrorKind::Reserved { symbol });
        }
        assert_eq!(err("1231"), AlphabetErrorKind::Repeated { symbol: '1' });
        let long: String = (0..300u32)
            .filter_map(|i| char::from_u32(0x100 + i))
            .collect();
        assert_eq!(err(&long), AlphabetErrorKind::TooLong { len: 300 });
        let short = Alphabet::custom("123456789").unwrap();
        let error = pattern(4).to_line_with(&short).unwrap_err();
        assert_eq!(
            error.to_string(),
            "the alphabet has 9 symbols, too few for a 16x16 grid"
        );
        assert!(pattern(4).to_grid_string_with(&short).is_err());
        let text = ".".repeat(256);
        let error = Grid::parse_with(&text, &short).unwrap_err();
        assert_eq!(
            error.kind,
            ParseErrorKind::AlphabetTooSmall {
                symbols: 9,
                side: 16
            }
        );
    }

    #[test]
    fn cell_count_errors_name_the_near_size() {
        let error = Grid::parse(&LEETCODE[1..]).unwrap_err();
        assert_eq!(error.to_string(), "line 1: expected 81 cells, found 80");
        assert_eq!(error.column(), None);
        let error = Grid::parse(&"1".repeat(50)).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 1: expected 16, 81, 256, 625, 1296 or 2401 cells, found 50"
        );
        let error = Grid::parse("\n# nothing\n\n").unwrap_err();
        assert_eq!(
            error.kind,
            ParseErrorKind::CellCount {
                found: 0,
                expected: None
            }
        );
        let text = format!("# comment\n\n{}", &LEETCODE[1..]);
        let error = Grid::parse(&text).unwrap_err();
        assert_eq!(error.line(), 3);
        assert_eq!(
            error.kind,
            ParseErrorKind::CellCount {
                found: 80,
                expected: Some(81)
            }
        );
    }

    #[test]
    fn a_stray_symbol_is_named_before_the_count() {
        let annotated = format!("{LEETCODE}:1:{LEETCODE_SOLUTION}");
        let error = Grid::parse(&annotated).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 1, column 82: unexpected symbol ':'"
        );
        // Letters are digits of larger grids: the count is named.
        let error = Grid::parse(&format!("{}A", &LEETCODE[2..])).unwrap_err();
        assert_eq!(error.to_string(), "line 1: expected 81 cells, found 80");
    }

    #[test]
    fn symbol_errors_carry_line_and_column() {
        let text = LEETCODE_GRID.replace("4 . . | 8", "4 . . | q");
        let error = Grid::parse(&text).unwrap_err();
        assert_eq!(error.kind, ParseErrorKind::BadSymbol { symbol: 'q' });
        assert_eq!((error.line(), error.column()), (7, Some(9)));
        assert_eq!(error.to_string(), "line 7, column 9: unexpected symbol 'q'");
        let error = Grid::parse("12.5............").unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 1, column 4: symbol '5' stands for 5, out of range for a 4x4 grid"
        );
        let error = Grid::parse(&format!("{}A", &LEETCODE[1..])).unwrap_err();
        assert_eq!(error.kind, ParseErrorKind::BadSymbol { symbol: 'A' });
        assert_eq!(error.column(), Some(81));
    }

    #[test]
    fn drawn_grid_errors_name_the_row() {
        let text = LEETCODE_GRID.replace("4 . . | 8 . 3", "4 . . | 8 3");
        let error = Grid::parse(&text).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 7: grid row 5 has 8 cells, expected 9"
        );
        let text: String = LEETCODE_GRID
            .lines()
            .take(8)
            .map(|l| format!("{l}\n"))
            .collect();
        let error = Grid::parse(&text).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 8: grid cut short after 6 of 9 rows"
        );
    }

    #[test]
    fn grid_errors() {
        let kind = |r: Result<Grid, GridError>| r.unwrap_err().kind;
        assert_eq!(kind(Grid::empty(1)), GridErrorKind::BoxSize { box_size: 1 });
        assert_eq!(kind(Grid::empty(8)), GridErrorKind::BoxSize { box_size: 8 });
        assert_eq!(
            kind(Grid::from_cells(3, vec![0; 80])),
            GridErrorKind::CellCount {
                expected: 81,
                found: 80
            }
        );
        let mut cells = vec![0; 81];
        cells[10] = 10;
        let error = Grid::from_cells(3, cells).unwrap_err();
        assert_eq!(
            error.to_string(),
            "digit 10 in cell (1, 1) is out of range for a 9x9 grid"
        );
        let mut grid = Grid::empty(2).unwrap();
        assert_eq!(
            grid.set(0, 4, 1).unwrap_err().to_string(),
            "cell (0, 4) is outside a 4x4 grid"
        );
        assert!(grid.set(0, 0, 5).is_err());
        assert_eq!(grid, Grid::empty(2).unwrap());
        assert_eq!(
            Grid::empty(9).unwrap_err().to_string(),
            "box size 9 is not supported, expected 2 to 7"
        );
    }

    #[test]
    #[should_panic(expected = "outside a 4x4 grid")]
    fn get_outside_the_grid_panics() {
        Grid::empty(2).unwrap().get(4, 0);
    }

    #[test]
    fn empty_and_complete() {
        let grid = Grid::empty(5).unwrap();
        assert_eq!(grid.cells().len(), 625);
        assert_eq!(grid.givens(), 0);
        assert!(!grid.is_complete());
        assert!(pattern(5).is_complete());
        assert_eq!(pattern(3).into_cells().len(), 81);
    }

    #[test]
    fn check_finds_repeats_in_each_house() {
        assert_eq!(Grid::parse(LEETCODE).unwrap().check(), Ok(()));
        for b in 2..=7 {
            assert_eq!(pattern(b).check(), Ok(()));
        }
        let mut row = Grid::parse(LEETCODE).unwrap();
        row.set(2, 6, 9).unwrap();
        let conflict = row.check().unwrap_err();
        assert_eq!(
            conflict,
            Conflict {
                house: House::Row(2),
                digit: 9,
                cells: [(2, 1), (2, 6)]
            }
        );
        assert_eq!(
            conflict.to_string(),
            "digit 9 repeated in row 3 (r3c2 and r3c7)"
        );
        let mut column = Grid::empty(3).unwrap();
        column.set(1, 4, 7).unwrap();
        column.set(8, 4, 7).unwrap();
        assert_eq!(
            column.check().unwrap_err().to_string(),
            "digit 7 repeated in column 5 (r2c5 and r9c5)"
        );
        let mut bx = Grid::empty(3).unwrap();
        bx.set(3, 5, 2).unwrap();
        bx.set(5, 3, 2).unwrap();
        assert_eq!(
            bx.check().unwrap_err().to_string(),
            "digit 2 repeated in box 5 (r4c6 and r6c4)"
        );
    }

    #[test]
    fn is_solution_of_trusts_nothing() {
        let puzzle = Grid::parse(LEETCODE).unwrap();
        let solution = Grid::parse(LEETCODE_SOLUTION).unwrap();
        assert!(solution.is_solution_of(&puzzle));
        assert!(solution.is_solution_of(&solution));
        assert!(!puzzle.is_solution_of(&puzzle));
        // A valid grid that disagrees with a given.
        let other = pattern(3);
        assert!(other.check().is_ok());
        assert!(!other.is_solution_of(&puzzle));
        assert!(other.is_solution_of(&Grid::empty(3).unwrap()));
        // Swapping two cells of a row keeps rows and the givens' count but
        // breaks columns.
        let mut swapped = solution.clone();
        swapped.set(0, 2, 9).unwrap();
        swapped.set(0, 6, 4).unwrap();
        assert!(!swapped.is_solution_of(&Grid::empty(3).unwrap()));
        // Rows and columns right, boxes wrong: a cyclic Latin square.
        let latin: Vec<u8> = (0..81).map(|i| ((i / 9 + i % 9) % 9 + 1) as u8).collect();
        let latin = Grid::from_cells(3, latin).unwrap();
        assert!(!latin.is_solution_of(&Grid::empty(3).unwrap()));
        // Sizes must match.
        assert!(!pattern(2).is_solution_of(&Grid::empty(3).unwrap()));
        for b in 2..=7 {
            assert!(pattern(b).is_solution_of(&Grid::empty(b).unwrap()));
        }
    }

    #[test]
    fn from_str_parses() {
        let grid: Grid = LEETCODE.parse().unwrap();
        assert_eq!(grid.to_string(), LEETCODE);
        assert!("12".parse::<Grid>().is_err());
    }
}
