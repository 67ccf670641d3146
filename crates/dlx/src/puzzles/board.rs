//! Boards of the plane for pentominoes: a set of cells in a rectangle.

use std::fmt;

use super::PuzzleError;

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

#[cfg(test)]
mod tests {
    use super::*;

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
}
