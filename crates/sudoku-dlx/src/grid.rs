//! Sudoku grids of any layout: cells, parsing, formatting and checks.
//!
//! A grid holds its [`Layout`] and n*n cells, stored row-major, each 0
//! (empty) or a digit 1..=n. Sides 1 to 49 are supported, with any layout.
//!
//! # Text formats
//!
//! [`Grid::parse`] reads the forms people write puzzles in:
//!
//! - one line of n*n symbols, such as the 81 characters of a 9x9 puzzle;
//! - a drawn grid of n lines, where `|`, `-`, `+` and whitespace are layout
//!   and ignored, so `5 3 . | . 7 . | . . .` is a row of nine cells.
//!
//! `#` starts a comment that runs to the end of its line. Without a layout,
//! the size is found from the number of cells, n*n for a side n from 4 to
//! 49 that has boxes (16, 36, 64, 81, 100, 144, ...), and the layout is the
//! squarest boxes of that side ([`Layout::squarest`]): 2x3 for 6x6, 3x4 for
//! 12x12, 3x3 for 9x9. [`Grid::parse_in`] reads a puzzle of a layout given.
//!
//! Symbols are read with an [`Alphabet`]; the standard one uses `1-9` for
//! digits 1 to 9, then `A-Z` for 10 to 35 (so `G` is 16 and `P` is 25), then
//! `a-z` for 36 to 61.

use std::fmt;
use std::str::FromStr;

use crate::alphabet::{push_line_cells, stray_symbol, Alphabet, AlphabetError, AlphabetErrorKind};
use crate::error::{GridError, GridErrorKind, ParseError};
use crate::layout::Layout;
use crate::side::{a_grid, MAX_BOX_SIZE, MIN_BOX_SIZE};
use crate::text::Shape;

/// A sudoku grid: its [`Layout`] (side n, regions, variants) and n*n cells,
/// row-major, each 0 for empty or a digit 1..=n.
///
/// A `Grid` holds any assignment of digits, valid or not; [`Grid::check`]
/// finds two givens in conflict, and [`Grid::is_solution_of`] checks a
/// solved grid against its puzzle. Grids are equal when their layouts and
/// cells are.
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
    layout: Layout,
    /// n*n cells, row-major, each in 0..=n.
    cells: Vec<u8>,
    /// Pencilmarks, when read: per cell, bit d set when digit d is a
    /// candidate. A cell with one candidate is no given.
    candidates: Option<Vec<u64>>,
}

impl Grid {
    /// Smallest box size [`Grid::empty`] and [`Grid::from_cells`] take: 2,
    /// a 4x4 grid.
    pub const MIN_BOX_SIZE: usize = MIN_BOX_SIZE;

    /// Largest box size [`Grid::empty`] and [`Grid::from_cells`] take: 7, a
    /// 49x49 grid.
    pub const MAX_BOX_SIZE: usize = MAX_BOX_SIZE;

    /// An empty grid of square boxes of side `box_size` (side `box_size *
    /// box_size`): [`Grid::empty_in`] of [`Layout::square`].
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
        Ok(Grid::empty_in(&square_layout(box_size)?))
    }

    /// An empty grid of `layout`.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::{Grid, Layout};
    ///
    /// let grid = Grid::empty_in(&Layout::boxes(2, 3)?);
    /// assert_eq!(grid.side(), 6);
    /// assert_eq!(grid.count_solutions_up_to(10)?, 10);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn empty_in(layout: &Layout) -> Grid {
        let n = layout.side();
        Grid {
            layout: layout.clone(),
            cells: vec![0; n * n],
            candidates: None,
        }
    }

    /// A grid of square boxes of side `box_size` with the given cells,
    /// row-major, 0 for empty: [`Grid::from_cells_in`] of
    /// [`Layout::square`].
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
        Grid::from_cells_in(&square_layout(box_size)?, cells)
    }

    /// A grid of `layout` with the given cells, row-major, 0 for empty.
    ///
    /// # Errors
    ///
    /// [`GridErrorKind::CellCount`] unless there are n*n cells, and
    /// [`GridErrorKind::DigitOutOfRange`] for a cell above n.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::{Grid, Layout, Variant};
    ///
    /// let x = Layout::square(2)?.with_variant(Variant::X)?;
    /// let grid = Grid::from_cells_in(&x, vec![1, 2, 3, 4, 3, 4, 1, 2, 4, 3, 2, 1, 2, 1, 4, 3])?;
    /// assert!(grid.is_solution_of(&Grid::empty_in(&x)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_cells_in(layout: &Layout, cells: Vec<u8>) -> Result<Grid, GridError> {
        let side = layout.side();
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
            layout: layout.clone(),
            cells,
            candidates: None,
        })
    }

    /// A grid from cells already checked against `layout`.
    pub(crate) fn from_parsed(layout: Layout, cells: Vec<u8>) -> Grid {
        let side = layout.side();
        debug_assert_eq!(cells.len(), side * side);
        debug_assert!(cells.iter().all(|&d| usize::from(d) <= side));
        Grid {
            layout,
            cells,
            candidates: None,
        }
    }

    /// The same givens and candidates in `layout`, which the caller
    /// knows to have the same side.
    pub(crate) fn with_layout_unchecked(&self, layout: Layout) -> Grid {
        debug_assert_eq!(layout.side(), self.side());
        Grid {
            layout,
            cells: self.cells.clone(),
            candidates: self.candidates.clone(),
        }
    }

    /// A grid of no givens whose cells take only the digits of
    /// `candidates`: per cell, bit d set when digit d is a candidate.
    pub(crate) fn from_candidates(layout: Layout, candidates: Vec<u64>) -> Grid {
        let n = layout.side();
        debug_assert_eq!(candidates.len(), n * n);
        Grid {
            layout,
            cells: vec![0; n * n],
            candidates: Some(candidates),
        }
    }

    /// The candidates of a pencilmark puzzle: per cell, bit d set when
    /// digit d is a candidate; `None` for a puzzle of givens.
    pub(crate) fn candidate_masks(&self) -> Option<&[u64]> {
        self.candidates.as_deref()
    }

    /// Whether `digit` may go in cell `cell` (row-major, from 0): false
    /// only when the grid was read from pencilmarks that rule it out.
    pub fn is_candidate(&self, cell: usize, digit: u8) -> bool {
        self.candidates
            .as_ref()
            .is_none_or(|c| c.get(cell).is_some_and(|&m| m >> digit & 1 == 1))
    }

    /// Parses a puzzle written with the standard [`Alphabet`]: one line of
    /// n*n symbols, or a grid drawn over several lines.
    ///
    /// `|`, `-`, `+` and whitespace are ignored, `#` starts a comment to the
    /// end of the line, and the size follows from the number of cells: n*n
    /// for a side n from 4 to 49 that has boxes (16, 36, 64, 81, 100, 144,
    /// ..., 2401), with the squarest boxes of that side (2x3 for 6x6, 3x3
    /// for 9x9, 3x4 for 12x12; see [`Layout::squarest`]). Use
    /// [`Grid::parse_in`] for any other layout. For 9x9 and smaller, `.`,
    /// `0`, `_`, `*`, `x` and `X` are empty cells; from 10x10 on, `.`, `0`,
    /// `_` and `*` are (`X` is a digit there). Lines in errors count from 1
    /// at the start of `text`.
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
    /// use sudoku_dlx::{Grid, Layout};
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
    /// let six = Grid::parse("1.....2.....3.....4.....5.....6.....")?;
    /// assert_eq!(six.layout(), &Layout::boxes(2, 3)?);
    ///
    /// let error = Grid::parse("1.3...2.3.....4.5").unwrap_err();
    /// assert_eq!(error.to_string(), "line 1: expected 16 cells, found 17");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse(text: &str) -> Result<Grid, ParseError> {
        Grid::parse_with(text, &Alphabet::standard())
    }

    /// Parses a puzzle as [`Grid::parse`] does, reading symbols with
    /// `alphabet`.
    ///
    /// # Errors
    ///
    /// As [`Grid::parse`], and
    /// [`ParseErrorKind::AlphabetTooSmall`](crate::ParseErrorKind::AlphabetTooSmall)
    /// when the alphabet has fewer symbols than the grid has digits.
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
        parse_text(text, None, alphabet)
    }

    /// Parses a puzzle of `layout`, one line of n*n symbols or a grid
    /// drawn over n lines, as [`Grid::parse`] does.
    ///
    /// # Errors
    ///
    /// As [`Grid::parse`], the cell count being the layout's.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::{Grid, Layout, Variant};
    ///
    /// let x = Layout::square(3)?.with_variant(Variant::X)?;
    /// let puzzle = Grid::parse_in(&".".repeat(81), &x)?;
    /// assert_eq!(puzzle.layout(), &x);
    /// let tall = Layout::boxes(3, 2)?; // 6x6, boxes 3 rows high
    /// assert_eq!(Grid::parse_in(&".".repeat(36), &tall)?.layout(), &tall);
    /// assert!(Grid::parse_in(&".".repeat(16), &tall).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_in(text: &str, layout: &Layout) -> Result<Grid, ParseError> {
        parse_text(text, Some(layout), &Alphabet::standard())
    }

    /// Parses a puzzle of `layout` as [`Grid::parse_in`] does, reading
    /// symbols with `alphabet`.
    ///
    /// # Errors
    ///
    /// As [`Grid::parse_with`].
    pub fn parse_in_with(
        text: &str,
        layout: &Layout,
        alphabet: &Alphabet,
    ) -> Result<Grid, ParseError> {
        parse_text(text, Some(layout), alphabet)
    }

    /// The grid's layout.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The box size b when the boxes are b x b squares (3 for the classic
    /// 9x9, with variants or not), and 0 for other layouts (rectangular
    /// boxes, jigsaw), which [`Grid::layout`] describes.
    pub fn box_size(&self) -> usize {
        self.layout.box_size().unwrap_or(0)
    }

    /// The side n: the number of rows, of columns, of regions and of
    /// digits.
    pub fn side(&self) -> usize {
        self.layout.side()
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
        let n = self.side();
        assert!(
            row < n && col < n,
            "cell ({row}, {col}) is outside {}",
            a_grid(n)
        );
        self.cells[row * n + col]
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
        let side = self.side();
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

    /// The one-line form with `alphabet`: n*n symbols, `.` for empty; for a
    /// pencilmark puzzle, n symbols per cell, each candidate in its place
    /// and `.` elsewhere (the form it was read from).
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
        if let Some(candidates) = &self.candidates {
            let n = self.side();
            let line = candidates
                .iter()
                .flat_map(|&m| (1..=n as u8).map(move |d| (m >> d & 1 == 1).then_some(d)))
                .map(|d| alphabet.symbol(d.unwrap_or(0)))
                .collect();
            return Ok(line);
        }
        Ok(self.cells.iter().map(|&d| alphabet.symbol(d)).collect())
    }

    /// The grid drawn over n lines with the standard alphabet, symbols
    /// separated by spaces. Boxes of R x C cells are set apart by a `|`
    /// every C columns and by a line of `-` and `+` every R rows; a jigsaw's
    /// rows are drawn plain, without separators (its regions are the
    /// layout's, not the text's). Every line, the last included, ends with
    /// `\n`. [`Grid::parse`] reads it back (and [`Grid::parse_in`] with the
    /// layout, for a layout other than the squarest boxes).
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::Grid;
    ///
    /// let grid = Grid::parse("1.3...2.3.....4.")?;
    /// assert_eq!(grid.to_grid_string(), "1 . | 3 .\n. . | 2 .\n----+----\n3 . | . .\n. . | 4 .\n");
    /// let six = Grid::parse("1.....2.....3.....4.....5.....6.....")?;
    /// assert_eq!(
    ///     six.to_grid_string(),
    ///     "1 . . | . . .\n2 . . | . . .\n------+------\n3 . . | . . .\n\
    ///      4 . . | . . .\n------+------\n5 . . | . . .\n6 . . | . . .\n"
    /// );
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
        if alphabet.supports(self.side()) {
            Ok(())
        } else {
            Err(AlphabetError::new(AlphabetErrorKind::TooShort {
                symbols: alphabet.len(),
                side: self.side(),
            }))
        }
    }

    /// Draws the grid; `alphabet` must support its size.
    fn draw(&self, alphabet: &Alphabet) -> String {
        let n = self.side();
        // A jigsaw has no bands nor stacks: one of each, the whole grid.
        let (rows, cols) = self.layout.box_shape().unwrap_or((n, n));
        let stacks = n / cols;
        // Each box is 2C-1 characters wide; a separator takes a space on
        // each side of the `|`, drawn as `-` on both sides of the `+`.
        let mut rule = String::new();
        for k in 0..stacks {
            if k > 0 {
                rule.push('+');
            }
            let width = 2 * cols - 1 + usize::from(k > 0) + usize::from(k + 1 < stacks);
            rule.extend(std::iter::repeat_n('-', width));
        }
        let mut out = String::with_capacity((n + n / rows) * (2 * n + 2 * stacks));
        for r in 0..n {
            if r > 0 && r % rows == 0 {
                out.push_str(&rule);
                out.push('\n');
            }
            for c in 0..n {
                if c > 0 {
                    out.push_str(if c % cols == 0 { " | " } else { " " });
                }
                out.push(alphabet.symbol(self.cells[r * n + c]));
            }
            out.push('\n');
        }
        out
    }
}

/// Parses `text` as a grid of `layout`, or of the layout its cell count
/// gives when `None`.
fn parse_text(
    text: &str,
    layout: Option<&Layout>,
    alphabet: &Alphabet,
) -> Result<Grid, ParseError> {
    let shape = Shape::of(text);
    let found = match layout {
        Some(layout) if shape.cells == layout.side() * layout.side() => Some(layout.clone()),
        Some(_) => None,
        None => Layout::for_cells(shape.cells),
    };
    let Some(layout) = found else {
        let stray = text
            .lines()
            .enumerate()
            .find_map(|(i, line)| stray_symbol(line, i + 1, alphabet));
        return Err(stray.unwrap_or_else(|| shape.error(layout.map(Layout::side))));
    };
    let side = layout.side();
    alphabet.check_reads(side, shape.first_line)?;
    let mut cells = Vec::with_capacity(shape.cells);
    for (i, line) in text.lines().enumerate() {
        push_line_cells(line, i + 1, side, alphabet, &mut cells)?;
    }
    Ok(Grid::from_parsed(layout, cells))
}

/// The layout of square boxes of side `box_size`, for the constructors
/// that take a box size: 2 to 7.
pub(crate) fn square_layout(box_size: usize) -> Result<Layout, GridError> {
    if (Grid::MIN_BOX_SIZE..=Grid::MAX_BOX_SIZE).contains(&box_size) {
        Ok(Layout::square(box_size).expect("box sizes 2 to 7 make layouts"))
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
        // The standard alphabet has a symbol for every digit of a grid.
        let line = self.to_line_with(&Alphabet::standard()).unwrap_or_default();
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

    /// A solved grid of boxes `rows` x `cols` by the usual pattern.
    fn pattern_boxes(rows: usize, cols: usize) -> Grid {
        let n = rows * cols;
        let cells = (0..n * n)
            .map(|i| ((cols * (i / n % rows) + i / n / rows + i % n) % n + 1) as u8)
            .collect();
        Grid::from_cells_in(&Layout::boxes(rows, cols).unwrap(), cells).unwrap()
    }

    #[test]
    fn every_box_shape_round_trips_with_its_layout() {
        for n in 1..=Layout::MAX_SIDE {
            for rows in (1..=n).filter(|rows| n.is_multiple_of(*rows)) {
                let mut grid = pattern_boxes(rows, n / rows);
                assert!(grid.is_solution_of(&Grid::empty_in(grid.layout())));
                assert_eq!(grid.check(), Ok(()));
                grid.set(n - 1, 0, 0).unwrap();
                let layout = grid.layout().clone();
                for text in [grid.to_string(), grid.to_grid_string()] {
                    assert_eq!(Grid::parse_in(&text, &layout).as_ref(), Ok(&grid));
                    // Read without a layout: the squarest boxes, when the
                    // side has some.
                    let read = Grid::parse(&text).ok();
                    let squarest = Layout::for_side(n);
                    assert_eq!(read.as_ref().map(Grid::layout), squarest.as_ref());
                }
            }
        }
        // Boxes 2 rows high and 3 wide: a `|` every 3 columns, a rule every
        // 2 rows.
        let six = pattern_boxes(2, 3).to_grid_string();
        let lines: Vec<&str> = six.lines().collect();
        assert_eq!(lines[0], "1 2 3 | 4 5 6");
        assert_eq!(lines[2], "------+------");
        assert_eq!(lines.len(), 8);
        let tall = pattern_boxes(3, 2).to_grid_string();
        assert_eq!(tall.lines().next(), Some("1 2 | 3 4 | 5 6"));
        assert_eq!(tall.lines().nth(3), Some("----+-----+----"));
    }

    #[test]
    fn a_jigsaw_is_drawn_in_plain_rows() {
        let layout = Layout::jigsaw("AABB\nACBB\nACDD\nCCDD").unwrap();
        let grid = Grid::parse_in("1.3...2.3.....4.", &layout).unwrap();
        assert_eq!(
            grid.to_grid_string(),
            "1 . 3 .\n. . 2 .\n3 . . .\n. . 4 .\n"
        );
        assert_eq!(format!("{grid}"), "1.3...2.3.....4.");
        assert_eq!(Grid::parse_in(&grid.to_grid_string(), &layout), Ok(grid));
    }

    #[test]
    fn parse_in_names_the_layouts_size() {
        let tall = Layout::boxes(3, 2).unwrap();
        let error = Grid::parse_in(&".".repeat(35), &tall).unwrap_err();
        assert_eq!(error.to_string(), "line 1: expected 36 cells, found 35");
        let error = Grid::parse_in("1 2 3 4 5 6\n1 2 3\n", &tall).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 2: grid row 2 has 3 cells, expected 6"
        );
        let error = Grid::parse_in("......\n......\n", &tall).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 2: grid cut short after 2 of 6 rows"
        );
        let error = Grid::parse_in(&".".repeat(16), &tall).unwrap_err();
        assert_eq!(error.to_string(), "line 1: expected 36 cells, found 16");
        // Without a layout, 36 cells are 6x6 with 2x3 boxes.
        let six = Grid::parse(&".".repeat(36)).unwrap();
        assert_eq!(six.layout(), &Layout::boxes(2, 3).unwrap());
        assert_eq!((six.side(), six.box_size()), (6, 0));
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
    fn grid_errors() {
        let kind = |r: Result<Grid, GridError>| r.unwrap_err().kind().clone();
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
    fn from_str_parses() {
        let grid: Grid = LEETCODE.parse().unwrap();
        assert_eq!(grid.to_string(), LEETCODE);
        assert!("12".parse::<Grid>().is_err());
    }
}
