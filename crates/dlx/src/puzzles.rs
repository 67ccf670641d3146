//! Ready-made problems: N-queens and pentomino tilings, built as Knuth's
//! programs build them, and pictures decoded from their solutions.
//!
//! The examples and the `dlx` command line both build their problems here,
//! so there is one encoding of each puzzle. A picture is decoded from the
//! item names of a solution's options, never from option ids, so it is right
//! for any problem built by these functions, whatever order the solver
//! reports the options in.
//!
//! Why [`pentominoes`] with [`Tilings::UpToSymmetry`] counts each tiling
//! once up to the board's symmetries is argued in its docs.

// Building puzzles is not hot enough for unsafe code to ever pay.
#![forbid(unsafe_code)]

use std::fmt;

use crate::error::{Error, ErrorKind};
use crate::memory::{self, Shape};
use crate::problem::{node_count, OptionId, Problem, MAX_NODES};

/// The N-queens problem as Knuth's DLX1 states it: place `n` queens on an
/// `n` x `n` board, no two in a row, column or diagonal.
///
/// Primary items `r0..r{n-1}` (rows) and `c0..c{n-1}` (columns); secondary
/// items `a0..a{2n-2}` (the diagonals, `a{r+c}`) and `b0..b{2n-2}` (the
/// anti-diagonals, `b{r-c+n-1}`); one option `r{r} c{c} a{r+c} b{r-c+n-1}`
/// per square, row by row. For `n = 0` the problem has no items and one,
/// empty, solution.
///
/// # Panics
///
/// When [`try_queens`] gives an error: past the solver's 2^30 nodes (`n`
/// above 14653), or when the problem and its solver would need more memory
/// than the process can have (about 1.5 GB for `n = 3000`).
///
/// # Complexity
///
/// `n * n` options of 4 items each.
///
/// # Example
///
/// ```
/// use dlx::puzzles::{queens, queens_board};
/// use dlx::Solver;
///
/// let problem = queens(4);
/// let mut solver = Solver::new(&problem);
/// assert_eq!(solver.count(), 2);
/// let solution = solver.first().expect("4 queens fit");
/// assert_eq!(queens_board(&problem, 4, &solution), ".Q..\n...Q\nQ...\n..Q.\n");
/// ```
pub fn queens(n: usize) -> Problem {
    match try_queens(n) {
        Ok(problem) => problem,
        Err(e) => panic!("{n}-queens: {e}"),
    }
}

/// [`queens`], or an error when the problem is too large.
///
/// # Errors
///
/// Found before anything is built: [`ErrorKind::TooLarge`] when the problem
/// would exceed the solver's 2^30 nodes, and [`ErrorKind::OutOfMemory`] when
/// the problem and its solver together would need more memory than the
/// process can have (see [`Solver::try_new`](crate::Solver::try_new)); for
/// `n = 14653`, the largest board under the node limit, they need about
/// 33 GB.
///
/// # Example
///
/// ```
/// let problem = dlx::puzzles::try_queens(8)?;
/// assert_eq!(problem.option_count(), 64);
/// assert!(dlx::puzzles::try_queens(usize::MAX).is_err());
/// # Ok::<(), dlx::Error>(())
/// ```
pub fn try_queens(n: usize) -> Result<Problem, Error> {
    queens_within(n, memory::available())
}

/// [`try_queens`] with `available` bytes of memory.
fn queens_within(n: usize, available: Option<u64>) -> Result<Problem, Error> {
    if n == 0 {
        return Ok(Problem::new(0, 0));
    }
    // 6n - 2 items, n * n options of 4 entries.
    let nodes = n
        .checked_mul(n)
        .and_then(|squares| node_count(n.checked_mul(6)? - 2, squares.checked_mul(4)?, squares));
    if nodes.is_none_or(|nodes| nodes > MAX_NODES) {
        return Err(Error::new(ErrorKind::TooLarge));
    }
    let (nodes, squares, diagonals) = (nodes.unwrap_or(0), n * n, 2 * n - 1);
    // Names of one letter and up to as many digits as 2n - 2 has.
    let digits = (2 * n).to_string().len();
    let items = 2 * n + 2 * diagonals;
    let shape = Shape {
        items,
        primary: 2 * n,
        name_bytes: items * (1 + digits),
        options: squares,
        ids: squares,
        entries: 4 * squares,
        ..Shape::default()
    };
    let needed =
        memory::problem_bytes(&shape).saturating_add(memory::solver_bytes_for(&shape, nodes));
    memory::check_against(needed, available)?;
    let primary = (0..n)
        .map(|r| format!("r{r}"))
        .chain((0..n).map(|c| format!("c{c}")));
    let secondary = (0..diagonals)
        .map(|d| format!("a{d}"))
        .chain((0..diagonals).map(|d| format!("b{d}")));
    let mut problem = Problem::with_names(primary, secondary)?;
    problem.try_reserve(squares, 4 * squares)?;
    let (a, b) = (2 * n, 2 * n + diagonals);
    for r in 0..n {
        for c in 0..n {
            problem.add_option([r, n + c, a + r + c, b + r + n - 1 - c])?;
        }
    }
    Ok(problem)
}

/// Draws a solution of [`queens`]`(n)`: `n` lines of `n` characters, `Q` for
/// a queen and `.` for an empty square.
///
/// Each option's square is read from the names of its items (`r{r}` and
/// `c{c}`), so the options may come in any order; an option id the problem
/// does not have, or a square off the board, is left out.
///
/// # Complexity
///
/// Linear in the size of the picture, `n * (n + 1)` characters.
///
/// # Example
///
/// ```
/// use dlx::puzzles::{queens, queens_board};
/// use dlx::Solver;
/// let problem = queens(1);
/// let solution = Solver::new(&problem).first().expect("one queen fits");
/// assert_eq!(queens_board(&problem, 1, &solution), "Q\n");
/// ```
pub fn queens_board(problem: &Problem, n: usize, solution: &[OptionId]) -> String {
    let mut queens: Vec<(usize, usize)> = solution
        .iter()
        .filter_map(|&id| {
            let mut square = (None, None);
            for entry in problem.option(id)? {
                let name = problem.item_name(entry.item)?;
                if let Some(r) = numbered(name, 'r') {
                    square.0 = Some(r);
                } else if let Some(c) = numbered(name, 'c') {
                    square.1 = Some(c);
                }
            }
            match square {
                (Some(r), Some(c)) if r < n && c < n => Some((r, c)),
                _ => None,
            }
        })
        .collect();
    queens.sort_unstable();
    let mut picture = String::new();
    let mut next = queens.iter().peekable();
    for r in 0..n {
        let mut line = vec![b'.'; n];
        while let Some(&(_, c)) = next.next_if(|&&(row, _)| row == r) {
            line[c] = b'Q';
        }
        picture.extend(line.iter().map(|&b| char::from(b)));
        picture.push('\n');
    }
    picture
}

/// The number in an item name such as `r12`, after its one-letter prefix.
fn numbered(name: &str, prefix: char) -> Option<usize> {
    let digits = name.strip_prefix(prefix)?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

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
            PuzzleError::Problem(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for PuzzleError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
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

/// A board for pentominoes: a set of cells inside a rectangle of `rows` x
/// `cols`, the smallest that holds them (so a text's margins of holes are
/// dropped).
///
/// # Example
///
/// ```
/// use dlx::puzzles::Board;
/// let board = Board::parse("
///     ..##
///     ....
/// ")?;
/// assert_eq!((board.rows(), board.cols(), board.cell_count()), (2, 4, 6));
/// assert!(board.contains(1, 3) && !board.contains(0, 3));
/// assert_eq!(board, Board::parse("..  \n....")?);
/// # Ok::<(), dlx::puzzles::PuzzleError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    rows: usize,
    cols: usize,
    /// The cells in row-major order, or `None` for the whole rectangle (not
    /// listed, as it may be too large to list).
    cells: Option<Vec<(usize, usize)>>,
}

impl Board {
    /// The whole `rows` x `cols` rectangle.
    ///
    /// # Errors
    ///
    /// [`PuzzleError::BoardTooLarge`] when `rows * cols` overflows a `usize`.
    ///
    /// # Example
    ///
    /// ```
    /// let board = dlx::puzzles::Board::rectangle(6, 10)?;
    /// assert_eq!(board.cell_count(), 60);
    /// assert_eq!(board.symmetry_count(), 4);
    /// # Ok::<(), dlx::puzzles::PuzzleError>(())
    /// ```
    pub fn rectangle(rows: usize, cols: usize) -> Result<Board, PuzzleError> {
        match rows.checked_mul(cols) {
            Some(0) => Ok(Board::from_cells(Vec::new())),
            Some(_) => Ok(Board {
                rows,
                cols,
                cells: None,
            }),
            None => Err(PuzzleError::BoardTooLarge { rows, cols }),
        }
    }

    /// The 8 x 8 board without its centre 2 x 2 square (Dana Scott's
    /// problem of 1958: 520 tilings, 65 up to symmetry).
    ///
    /// # Example
    ///
    /// ```
    /// let board = dlx::puzzles::Board::eight_by_eight_minus_centre();
    /// assert_eq!(board.cell_count(), 60);
    /// assert!(!board.contains(3, 4));
    /// assert_eq!(board.symmetry_count(), 8);
    /// ```
    pub fn eight_by_eight_minus_centre() -> Board {
        let cells = (0..8)
            .flat_map(|r| (0..8).map(move |c| (r, c)))
            .filter(|&(r, c)| !((3..5).contains(&r) && (3..5).contains(&c)))
            .collect();
        Board::from_cells(cells)
    }

    /// Reads a board from lines of `.` (a cell) and `#` or space (a hole).
    /// Lines may differ in length (the missing end is holes), blank lines are
    /// rows of holes, and the margins of holes around the cells are dropped
    /// (so a text indented with spaces reads as it looks).
    ///
    /// # Errors
    ///
    /// [`PuzzleError::Symbol`] with the line and column of any other symbol.
    ///
    /// # Example
    ///
    /// ```
    /// let board = dlx::puzzles::Board::parse("...\n.#.\n...")?;
    /// assert_eq!(board.cell_count(), 8);
    /// assert!(dlx::puzzles::Board::parse("..x").is_err());
    /// # Ok::<(), dlx::puzzles::PuzzleError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Board, PuzzleError> {
        let mut cells = Vec::new();
        for (r, line) in text.lines().enumerate() {
            for (c, symbol) in line.chars().enumerate() {
                match symbol {
                    '.' => cells.push((r, c)),
                    '#' | ' ' => {}
                    _ => {
                        return Err(PuzzleError::Symbol {
                            symbol,
                            line: r + 1,
                            column: c + 1,
                        })
                    }
                }
            }
        }
        Ok(Board::from_cells(cells))
    }

    /// A board of these cells (row-major order), moved to the top left
    /// corner of the smallest rectangle that holds them.
    fn from_cells(mut cells: Vec<(usize, usize)>) -> Board {
        cells.sort_unstable();
        cells.dedup();
        let top = cells.first().map_or(0, |&(r, _)| r);
        let left = cells.iter().map(|&(_, c)| c).min().unwrap_or(0);
        for cell in &mut cells {
            *cell = (cell.0 - top, cell.1 - left);
        }
        let rows = cells.last().map_or(0, |&(r, _)| r + 1);
        let cols = cells.iter().map(|&(_, c)| c + 1).max().unwrap_or(0);
        // The whole rectangle is kept unlisted, so that equal boards compare
        // equal however they were made.
        let full = rows.checked_mul(cols) == Some(cells.len());
        Board {
            rows,
            cols,
            cells: (!full).then_some(cells),
        }
    }

    /// The number of rows of the rectangle around the cells.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns of the rectangle around the cells.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The number of cells.
    pub fn cell_count(&self) -> usize {
        match &self.cells {
            Some(cells) => cells.len(),
            None => self.rows * self.cols,
        }
    }

    /// Whether the cell at this 0-based row and column is on the board.
    pub fn contains(&self, row: usize, col: usize) -> bool {
        match &self.cells {
            Some(cells) => cells.binary_search(&(row, col)).is_ok(),
            None => row < self.rows && col < self.cols,
        }
    }

    /// The cells as (row, column) pairs, row by row.
    pub fn cells(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let cols = self.cols;
        let (whole, listed) = match &self.cells {
            Some(cells) => (0, &cells[..]),
            None => (self.rows, &[][..]),
        };
        (0..whole)
            .flat_map(move |r| (0..cols).map(move |c| (r, c)))
            .chain(listed.iter().copied())
    }

    /// How many of the 8 symmetries of the square (4 of a rectangle that is
    /// not square) map the board onto itself, the identity included.
    ///
    /// # Complexity
    ///
    /// Linear in the number of cells, for a board that is not a whole
    /// rectangle.
    pub fn symmetry_count(&self) -> usize {
        Symmetry::ALL
            .iter()
            .filter(|&&s| self.is_symmetric(s))
            .count()
    }

    fn is_symmetric(&self, symmetry: Symmetry) -> bool {
        if symmetry.swaps_axes() && self.rows != self.cols {
            return false;
        }
        match &self.cells {
            Some(cells) => cells.iter().all(|&(r, c)| {
                let (r, c) = symmetry.apply(r, c, self.rows, self.cols);
                self.contains(r, c)
            }),
            None => true,
        }
    }
}

impl fmt::Display for Board {
    /// The board as [`Board::parse`] reads it: `.` for a cell, `#` for a
    /// hole.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.rows {
            for c in 0..self.cols {
                f.write_str(if self.contains(r, c) { "." } else { "#" })?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

/// One of the 8 symmetries of the square, acting on the cells of a `rows` x
/// `cols` rectangle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Symmetry {
    Identity,
    Rotate90,
    Rotate180,
    Rotate270,
    /// Top to bottom.
    FlipRows,
    /// Left to right.
    FlipCols,
    /// About the main diagonal.
    Transpose,
    /// About the other diagonal.
    AntiTranspose,
}

impl Symmetry {
    const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::FlipRows,
        Symmetry::FlipCols,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// The name of the secondary item that breaks this symmetry.
    fn item_name(self) -> &'static str {
        match self {
            Symmetry::Identity => "sym-identity",
            Symmetry::Rotate90 => "sym-rot90",
            Symmetry::Rotate180 => "sym-rot180",
            Symmetry::Rotate270 => "sym-rot270",
            Symmetry::FlipRows => "sym-flip-rows",
            Symmetry::FlipCols => "sym-flip-cols",
            Symmetry::Transpose => "sym-transpose",
            Symmetry::AntiTranspose => "sym-antitranspose",
        }
    }

    /// Whether it maps a `rows` x `cols` rectangle onto a `cols` x `rows`
    /// one (so onto itself only when it is square).
    fn swaps_axes(self) -> bool {
        matches!(
            self,
            Symmetry::Rotate90
                | Symmetry::Rotate270
                | Symmetry::Transpose
                | Symmetry::AntiTranspose
        )
    }

    /// The image of the cell (`r`, `c`) of a `rows` x `cols` rectangle, which
    /// must hold it.
    fn apply(self, r: usize, c: usize, rows: usize, cols: usize) -> (usize, usize) {
        let (last_row, last_col) = (rows - 1, cols - 1);
        match self {
            Symmetry::Identity => (r, c),
            Symmetry::Rotate90 => (c, last_row - r),
            Symmetry::Rotate180 => (last_row - r, last_col - c),
            Symmetry::Rotate270 => (last_col - c, r),
            Symmetry::FlipRows => (last_row - r, c),
            Symmetry::FlipCols => (r, last_col - c),
            Symmetry::Transpose => (c, r),
            Symmetry::AntiTranspose => (last_col - c, last_row - r),
        }
    }
}

/// The twelve pentominoes in Conway's letters, each as its cells (row,
/// column) in one orientation.
const PENTOMINOES: [(char, [(usize, usize); 5]); 12] = [
    ('F', [(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)]),
    ('I', [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]),
    ('L', [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)]),
    ('N', [(0, 0), (0, 1), (1, 1), (1, 2), (1, 3)]),
    ('P', [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)]),
    ('T', [(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)]),
    ('U', [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)]),
    ('V', [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)]),
    ('W', [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)]),
    ('X', [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)]),
    ('Y', [(0, 1), (1, 0), (1, 1), (2, 1), (3, 1)]),
    ('Z', [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)]),
];

/// The distinct orientations (rotations and reflections) of a piece, each
/// moved to the top left corner and sorted row-major.
fn orientations(cells: &[(usize, usize); 5]) -> Vec<[(usize, usize); 5]> {
    // Every cell of a pentomino lies in a 5 x 5 square.
    let mut shapes: Vec<[(usize, usize); 5]> = Symmetry::ALL
        .iter()
        .map(|&s| {
            let mut shape = cells.map(|(r, c)| s.apply(r, c, 5, 5));
            let top = shape.iter().map(|&(r, _)| r).min().unwrap_or(0);
            let left = shape.iter().map(|&(_, c)| c).min().unwrap_or(0);
            for cell in &mut shape {
                *cell = (cell.0 - top, cell.1 - left);
            }
            shape.sort_unstable();
            shape
        })
        .collect();
    shapes.sort_unstable();
    shapes.dedup();
    shapes
}

/// A placement: the indices of its cells among the board's cells, sorted.
/// Placements are ordered as these arrays are, lexicographically.
type Placement = [usize; 5];

/// Every placement of a piece on the board (given as its cells, row-major),
/// one per orientation and position.
fn placements(piece: &[(usize, usize); 5], cells: &[(usize, usize)]) -> Vec<Placement> {
    let index = |cell: (usize, usize)| cells.binary_search(&cell).ok();
    let mut all = Vec::new();
    for shape in orientations(piece) {
        // The shape's first cell (row 0) goes on each board cell in turn, so
        // each placement is made once.
        let anchor = shape[0].1;
        for &(r0, c0) in cells {
            let placed: Option<Vec<usize>> = shape
                .iter()
                .map(|&(r, c)| index((r0 + r, (c0 + c).checked_sub(anchor)?)))
                .collect();
            if let Some(placed) = placed {
                let mut placement = [0; 5];
                placement.copy_from_slice(&placed);
                placement.sort_unstable();
                all.push(placement);
            }
        }
    }
    all
}

/// Which tilings [`pentominoes`] asks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tilings {
    /// Every tiling: a rotated or reflected tiling is another one.
    #[default]
    All,
    /// One tiling of each class under the board's symmetries.
    UpToSymmetry,
}

/// The pentomino problem on a board of 60 cells: tile it with the twelve
/// pentominoes, each used once, turned and flipped at will.
///
/// Primary items: the pieces' letters `F I L N P T U V W X Y Z`, then one
/// item per cell named `row-col` (0-based, `3-7`), row by row. One option per
/// placement of each distinct orientation of each piece, `piece cell cell
/// cell cell cell`.
///
/// Counts: 6x10 9356 (2339 up to symmetry), 5x12 4040 (1010), 4x15 1472
/// (368), 3x20 8 (2), 8x8 without its centre 520 (65).
///
/// # Up to symmetry
///
/// With [`Tilings::UpToSymmetry`], each tiling is counted once up to the board's symmetries,
/// with the device of TAOCP 7.2.2.1. Let G be the board's symmetry group
/// ([`Board::symmetry_count`]) and order placements by their sorted lists of
/// cell indices (row-major). Only the X placements that are the least of
/// their G-orbit stay. If a kept X placement x is fixed by the elements H_x
/// of G, every tiling with X at x has |H_x| images under H_x, all with X at
/// x; they are told apart by the P pentomino, which has no symmetry: for
/// each h in H_x other than the identity, a secondary item (`sym-rot180`,
/// `sym-flip-rows`, ...) is named by the option of x and by every option of
/// P whose placement p has h(p) < p. Then a tiling with X at x survives only
/// if its P placement is the least of its H_x-orbit: exactly one of each
/// orbit survives.
///
/// # Errors
///
/// [`PuzzleError::CellCount`] when the board does not have 60 cells.
///
/// # Complexity
///
/// At most 63 orientations times 60 positions; the search is another matter
/// (the 6x10 board takes seconds).
///
/// # Example
///
/// ```
/// use dlx::puzzles::{pentominoes, pentomino_picture, Board, Tilings};
/// use dlx::Solver;
///
/// let board = Board::rectangle(3, 20)?;
/// let problem = pentominoes(&board, Tilings::UpToSymmetry)?;
/// let mut solver = Solver::new(&problem);
/// assert_eq!(solver.count(), 2);
/// let tiling = solver.first().expect("3x20 can be tiled");
/// let picture = pentomino_picture(&problem, &board, &tiling);
/// assert_eq!(picture.lines().count(), 3);
/// assert!(pentominoes(&Board::rectangle(8, 8)?, Tilings::All).is_err()); // 64 cells
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn pentominoes(board: &Board, tilings: Tilings) -> Result<Problem, PuzzleError> {
    let unique = tilings == Tilings::UpToSymmetry;
    let count = board.cell_count();
    if count != 60 {
        return Err(PuzzleError::CellCount(count));
    }
    let cells: Vec<(usize, usize)> = board.cells().collect();
    let pieces = PENTOMINOES.len();
    let by_piece: Vec<Vec<Placement>> = PENTOMINOES
        .iter()
        .map(|(_, piece)| placements(piece, &cells))
        .collect();
    let x = piece_index('X');
    let p = piece_index('P');

    // Each symmetry of the board as a permutation of the cell indices.
    let group: Vec<(Symmetry, Vec<usize>)> = if unique {
        Symmetry::ALL[1..]
            .iter()
            .filter(|&&s| board.is_symmetric(s))
            .map(|&s| {
                let image = cells
                    .iter()
                    .map(|&(r, c)| {
                        let cell = s.apply(r, c, board.rows, board.cols);
                        cells.binary_search(&cell).unwrap_or_default()
                    })
                    .collect();
                (s, image)
            })
            .collect()
    } else {
        Vec::new()
    };
    let image = |permutation: &[usize], placement: &Placement| {
        let mut image = placement.map(|cell| permutation[cell]);
        image.sort_unstable();
        image
    };
    // The X placements kept (all of them when the group is left empty),
    // each with the symmetries that fix it.
    let kept_x: Vec<(Placement, Vec<usize>)> = by_piece[x]
        .iter()
        .filter(|&placement| group.iter().all(|(_, g)| *placement <= image(g, placement)))
        .map(|&placement| {
            let fixing = (0..group.len())
                .filter(|&k| image(&group[k].1, &placement) == placement)
                .collect();
            (placement, fixing)
        })
        .collect();
    // Only the symmetries that fix some kept X placement need an item.
    let mut breakers: Vec<usize> = kept_x.iter().flat_map(|(_, h)| h.clone()).collect();
    breakers.sort_unstable();
    breakers.dedup();

    let primary = PENTOMINOES
        .iter()
        .map(|(name, _)| name.to_string())
        .chain(cells.iter().map(|(r, c)| format!("{r}-{c}")));
    let secondary = breakers.iter().map(|&k| group[k].0.item_name());
    let mut problem = Problem::with_names(primary, secondary)?;
    let cell_item = |cell: usize| pieces + cell;
    let breaker_item = |k: usize| {
        let position = breakers.binary_search(&k).unwrap_or_default();
        pieces + cells.len() + position
    };
    for (piece, placements) in by_piece.iter().enumerate() {
        if piece == x {
            for (placement, fixing) in &kept_x {
                let items = placement.iter().map(|&cell| cell_item(cell));
                let breaks = fixing.iter().map(|&k| breaker_item(k));
                problem.add_option(std::iter::once(piece).chain(items).chain(breaks))?;
            }
            continue;
        }
        for placement in placements {
            let items = placement.iter().map(|&cell| cell_item(cell));
            let breaks = breakers
                .iter()
                .filter(|&&k| piece == p && image(&group[k].1, placement) < *placement)
                .map(|&k| breaker_item(k));
            problem.add_option(std::iter::once(piece).chain(items).chain(breaks))?;
        }
    }
    Ok(problem)
}

fn piece_index(letter: char) -> usize {
    PENTOMINOES
        .iter()
        .position(|&(name, _)| name == letter)
        .unwrap_or_default()
}

/// Draws a tiling found for [`pentominoes`]`(board, ..)`: one line per row
/// of the board, each cell as the letter of the piece on it, holes as
/// spaces (and a cell that no option covers as `.`).
///
/// Each option's piece and cells are read from the names of its items, so
/// the options may come in any order; an option id the problem does not
/// have, or a cell off the board, is left out.
///
/// # Complexity
///
/// Linear in the size of the picture, `rows * (cols + 1)` characters.
///
/// # Example
///
/// ```
/// use dlx::puzzles::{pentominoes, pentomino_picture, Board, Tilings};
/// use dlx::Solver;
/// let board = Board::eight_by_eight_minus_centre();
/// let problem = pentominoes(&board, Tilings::All)?;
/// let tiling = Solver::new(&problem).first().expect("a tiling");
/// let picture = pentomino_picture(&problem, &board, &tiling);
/// assert_eq!(picture.lines().nth(3).map(|row| &row[3..5]), Some("  "));
/// assert_eq!(picture.chars().filter(|c| c.is_ascii_uppercase()).count(), 60);
/// # Ok::<(), dlx::puzzles::PuzzleError>(())
/// ```
pub fn pentomino_picture(problem: &Problem, board: &Board, solution: &[OptionId]) -> String {
    let (rows, cols) = (board.rows(), board.cols());
    let mut picture: Vec<Vec<char>> = (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| if board.contains(r, c) { '.' } else { ' ' })
                .collect()
        })
        .collect();
    for &id in solution {
        let Some(entries) = problem.option(id) else {
            continue;
        };
        let names = || entries.iter().filter_map(|e| problem.item_name(e.item));
        let Some(letter) = names().find_map(|name| {
            let mut chars = name.chars();
            let letter = chars.next()?;
            let is_piece = chars.next().is_none() && PENTOMINOES.iter().any(|p| p.0 == letter);
            is_piece.then_some(letter)
        }) else {
            continue;
        };
        for name in names() {
            let Some((r, c)) = name.split_once('-') else {
                continue;
            };
            let (Ok(r), Ok(c)) = (r.parse::<usize>(), c.parse::<usize>()) else {
                continue;
            };
            if board.contains(r, c) {
                picture[r][c] = letter;
            }
        }
    }
    let mut text = String::with_capacity(rows * (cols + 1));
    for row in picture {
        text.extend(row);
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_have_63_orientations() {
        let counts: Vec<(char, usize)> = PENTOMINOES
            .iter()
            .map(|(name, cells)| (*name, orientations(cells).len()))
            .collect();
        let want = [
            ('F', 8),
            ('I', 2),
            ('L', 8),
            ('N', 8),
            ('P', 8),
            ('T', 4),
            ('U', 4),
            ('V', 4),
            ('W', 4),
            ('X', 1),
            ('Y', 8),
            ('Z', 4),
        ];
        assert_eq!(counts, want);
        assert_eq!(counts.iter().map(|c| c.1).sum::<usize>(), 63);
    }

    #[test]
    fn placements_on_6x10_match_knuth() {
        // TAOCP 7.2.2.1: 2056 options for the 6x10 rectangle, X in 32
        // positions.
        let board = Board::rectangle(6, 10).unwrap();
        assert_eq!(
            pentominoes(&board, Tilings::All).unwrap().option_count(),
            2056
        );
        let cells: Vec<_> = board.cells().collect();
        assert_eq!(
            placements(&PENTOMINOES[piece_index('X')].1, &cells).len(),
            32
        );
        // Up to symmetry, X has 8 places, none fixed by a symmetry of the
        // board (its centre is never on an axis of a 6x10 rectangle).
        let unique = pentominoes(&board, Tilings::UpToSymmetry).unwrap();
        assert_eq!(unique.option_count(), 2056 - 32 + 8);
        assert_eq!(unique.secondary_count(), 0);
    }

    #[test]
    fn symmetry_groups() {
        let count = |b: &Board| b.symmetry_count();
        assert_eq!(count(&Board::rectangle(6, 10).unwrap()), 4);
        assert_eq!(count(&Board::rectangle(5, 5).unwrap()), 8);
        assert_eq!(count(&Board::eight_by_eight_minus_centre()), 8);
        assert_eq!(count(&Board::parse("..\n.").unwrap()), 2);
        assert_eq!(count(&Board::parse("...\n.").unwrap()), 1);
        assert_eq!(count(&Board::rectangle(0, 7).unwrap()), 8);
    }

    #[test]
    fn parse_trims_margins_and_reports_symbols() {
        let board = Board::parse("\n  ##\n  #..\n  ...#\n\n").unwrap();
        assert_eq!((board.rows(), board.cols()), (2, 3));
        assert_eq!(board.to_string(), "#..\n...\n");
        assert_eq!(Board::parse(&board.to_string()).unwrap(), board);
        assert_eq!(
            Board::parse("...\n..o").unwrap_err(),
            PuzzleError::Symbol {
                symbol: 'o',
                line: 2,
                column: 3
            }
        );
        assert!(Board::parse(".\t.").is_err());
        assert_eq!(Board::parse("").unwrap().cell_count(), 0);
        assert_eq!(
            Board::parse("....\n....").unwrap(),
            Board::rectangle(2, 4).unwrap()
        );
    }

    #[test]
    fn wrong_sizes_are_errors() {
        let err = pentominoes(&Board::rectangle(8, 8).unwrap(), Tilings::All).unwrap_err();
        assert_eq!(err, PuzzleError::CellCount(64));
        assert_eq!(
            err.to_string(),
            "the board has 64 cells; the twelve pentominoes cover 60"
        );
        assert!(Board::rectangle(usize::MAX, 2).is_err());
        let huge = Board::rectangle(usize::MAX, 1).unwrap();
        assert_eq!(
            pentominoes(&huge, Tilings::UpToSymmetry).unwrap_err(),
            PuzzleError::CellCount(usize::MAX)
        );
        assert_eq!(
            try_queens(1 << 20).unwrap_err().kind(),
            &ErrorKind::TooLarge
        );
    }

    #[test]
    fn a_board_too_large_for_the_memory_is_refused_before_it_is_built() {
        let gb = 1 << 30;
        let started = std::time::Instant::now();
        let err = queens_within(14653, Some(23 * gb)).unwrap_err();
        let ErrorKind::OutOfMemory { needed, available } = *err.kind() else {
            panic!("{err}");
        };
        assert!((30 * gb..40 * gb).contains(&needed), "{err}");
        assert_eq!(available, Some(23 * gb));
        assert!(err.to_string().starts_with("needs about 3"), "{err}");
        assert!(started.elapsed().as_secs() < 1);
        // What fits is built.
        assert_eq!(queens_within(8, Some(gb)).unwrap().option_count(), 64);
        assert!(queens_within(100, Some(1 << 20)).is_err());
    }

    #[test]
    fn queens_items_are_knuths() {
        let problem = queens(3);
        assert_eq!(problem.primary_count(), 6);
        assert_eq!(problem.secondary_count(), 10);
        let names = |id: usize| -> Vec<&str> {
            problem
                .option(OptionId::from_index(id))
                .unwrap()
                .iter()
                .map(|e| problem.item_name(e.item).unwrap())
                .collect()
        };
        assert_eq!(names(0), ["r0", "c0", "a0", "b2"]);
        assert_eq!(names(5), ["r1", "c2", "a3", "b1"]);
        assert_eq!(queens(0).item_count(), 0);
    }

    #[test]
    fn pictures_ignore_foreign_options() {
        let problem = queens(2);
        let board = queens_board(
            &problem,
            2,
            &[OptionId::from_index(1), OptionId::from_index(99)],
        );
        assert_eq!(board, ".Q\n..\n");
        assert_eq!(
            queens_board(&problem, 3, &[OptionId::from_index(0)]),
            "Q..\n...\n...\n"
        );
    }
}
