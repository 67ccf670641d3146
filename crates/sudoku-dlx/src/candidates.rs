//! True candidates: the digits each cell holds in at least one solution.

use std::collections::HashSet;
use std::fmt;

use crate::encode;
use crate::grid::Grid;
use crate::layout::Layout;
use crate::solve::{SolveError, SudokuSolver};

/// The true candidates of a puzzle: per cell, the digits it holds in at
/// least one solution, each with the number of solutions that put it
/// there, counted up to a cap (1 tells candidates alone).
///
/// `Display` draws the pencilmark grid: each cell's candidates in a
/// column as wide as the most any cell has, `.` for a cell with none.
///
/// # Example
///
/// ```
/// use sudoku_dlx::Grid;
///
/// let puzzle = Grid::parse("...4.3...2...4..")?; // three solutions
/// let candidates = puzzle.true_candidates(10)?;
/// assert_eq!(candidates.solutions(), Some(3));
/// assert_eq!(candidates.digits(0, 0).collect::<Vec<_>>(), [2]);
/// assert_eq!(candidates.digits(1, 2).collect::<Vec<_>>(), [1, 2]);
/// assert_eq!(candidates.count(1, 2, 1) + candidates.count(1, 2, 2), 3);
/// assert_eq!(
///     candidates.to_string(),
///     "2   1   | 3   4\n\
///      4   3   | 12  12\n\
///      --------+--------\n\
///      13  2   | 4   13\n\
///      13  4   | 12  123\n"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidates {
    layout: Layout,
    cap: u64,
    /// Per placement `cell * n + d - 1`: its solutions, at most `cap`.
    counts: Vec<u64>,
    /// The number of solutions, when they were all found (fewer than the
    /// cap).
    solutions: Option<u64>,
}

impl Candidates {
    /// The cap of the counts: a count of `cap` means `cap` or more.
    pub fn cap(&self) -> u64 {
        self.cap
    }

    /// The layout of the puzzle.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The number of the puzzle's solutions that hold `digit` at `row`,
    /// `col` (from 0), up to [`Candidates::cap`]; 0 for a digit out of
    /// range.
    pub fn count(&self, row: usize, col: usize, digit: u8) -> u64 {
        let n = self.layout.side();
        if row >= n || col >= n || digit == 0 || usize::from(digit) > n {
            return 0;
        }
        self.counts[(row * n + col) * n + usize::from(digit) - 1]
    }

    /// The digits of the cell at `row`, `col` (from 0) that some solution
    /// holds, in increasing order.
    pub fn digits(&self, row: usize, col: usize) -> impl Iterator<Item = u8> + '_ {
        let n = self.layout.side() as u8;
        (1..=n).filter(move |&d| self.count(row, col, d) > 0)
    }

    /// The number of solutions of the puzzle when there are no more than
    /// the cap, `None` when there are more.
    pub fn solutions(&self) -> Option<u64> {
        self.solutions
    }

    /// The candidates as a pencilmark puzzle of the layout: each cell's
    /// candidates, `None` when a cell has none (the puzzle has no
    /// solution).
    pub fn to_grid(&self) -> Option<Grid> {
        let n = self.layout.side();
        let masks: Vec<u64> = (0..n * n)
            .map(|cell| {
                (1..=n).fold(0u64, |m, d| {
                    m | u64::from(self.counts[cell * n + d - 1] > 0) << d
                })
            })
            .collect();
        masks
            .iter()
            .all(|&m| m != 0)
            .then(|| Grid::from_candidates(self.layout.clone(), masks))
    }
}

impl fmt::Display for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.layout.side();
        let symbol =
            |d: u8| char::from_digit(u32::from(d), 36).map_or('?', |c| c.to_ascii_uppercase());
        let cells: Vec<String> = (0..n * n)
            .map(|cell| {
                let text: String = self.digits(cell / n, cell % n).map(symbol).collect();
                if text.is_empty() {
                    ".".to_string()
                } else {
                    text
                }
            })
            .collect();
        let width = cells.iter().map(String::len).max().unwrap_or(1);
        let (band, stack) = self.layout.box_shape().unwrap_or((n, n));
        for r in 0..n {
            if r > 0 && r % band == 0 {
                let rule: Vec<String> = (0..n / stack)
                    .map(|_| "-".repeat(stack * (width + 1)))
                    .collect();
                let mut rule = rule.join("+-");
                rule.pop();
                writeln!(f, "{rule}")?;
            }
            let mut line = String::new();
            for c in 0..n {
                if c > 0 && c % stack == 0 {
                    line.push_str("| ");
                }
                line.push_str(&format!("{:<width$} ", cells[r * n + c]));
            }
            writeln!(f, "{}", line.trim_end())?;
        }
        Ok(())
    }
}

impl SudokuSolver {
    /// The true candidates of `puzzle`: per cell, the digits that appear
    /// in at least one solution, each with its number of solutions up to
    /// `cap` (at least 1).
    ///
    /// The puzzle's solutions are listed first, up to `cap + 1` of them:
    /// when there are no more, they are all (a puzzle with one solution
    /// takes one search to 2). Otherwise each solution found counts for
    /// all of its placements at once, and only the placements still under
    /// the cap need a search of their own (with the placement selected, up
    /// to `cap` solutions): with a cap of 1, at most `n² (n - 1)`
    /// searches, each of which stops at its first solution or proves there
    /// is none.
    ///
    /// # Errors
    ///
    /// [`SolveError::Conflict`] for givens that conflict,
    /// [`SolveError::SizeMismatch`], [`SolveError::LayoutMismatch`],
    /// [`SolveError::NodeLimit`] and [`SolveError::Cancelled`] (the node
    /// limit holds for each search). A puzzle without solution has no
    /// candidates: every count is 0.
    pub fn true_candidates(&mut self, puzzle: &Grid, cap: u64) -> Result<Candidates, SolveError> {
        let cap = cap.max(1);
        let n = puzzle.side();
        let layout = puzzle.layout().clone();
        let mut found = Candidates {
            layout,
            cap,
            counts: vec![0; n * n * n],
            solutions: Some(0),
        };
        match self.load(puzzle) {
            Err(SolveError::NoSolution) => return Ok(found),
            other => other?,
        }
        let mut seen: HashSet<Vec<u8>> = HashSet::new();
        let mut record = |options: &[dlx::OptionId], counts: &mut [u64]| {
            let mut cells = vec![0u8; n * n];
            for (cell, digit) in options.iter().filter_map(|&id| encode::placement(n, id)) {
                cells[cell] = digit;
            }
            if seen.insert(cells.clone()) {
                for (cell, &d) in cells.iter().enumerate() {
                    let count = &mut counts[cell * n + usize::from(d) - 1];
                    *count = (*count + 1).min(cap);
                }
            }
        };
        // The puzzle's own solutions first: when there are no more than
        // the cap, they are all there is.
        let all = match self.solutions_up_to(cap + 1, |options| record(options, &mut found.counts))
        {
            Ok(all) => all,
            Err(stopped) => {
                self.matrix.finish();
                return Err(stopped);
            }
        };
        if all <= cap {
            found.solutions = Some(all);
            self.matrix.finish();
            return Ok(found);
        }
        found.solutions = None;
        for k in 0..n * n * n {
            if found.counts[k] >= cap {
                continue;
            }
            let option = dlx::OptionId::from_index(k);
            if self.matrix.is_absent(option) || self.matrix.solver.select(option).is_err() {
                continue;
            }
            let searched = self.solutions_up_to(cap, |options| record(options, &mut found.counts));
            self.matrix.solver.unselect();
            match searched {
                Err(stopped) => {
                    self.matrix.finish();
                    return Err(stopped);
                }
                // In no solution: out of play for the searches to come.
                Ok(0) => {
                    let _ = self.matrix.solver.exclude(option);
                }
                Ok(_) => {}
            }
        }
        self.matrix.finish();
        Ok(found)
    }
}

impl Grid {
    /// The true candidates of the puzzle, each digit's count capped at
    /// `cap`: [`SudokuSolver::true_candidates`] with this thread's solver
    /// for the grid's layout.
    ///
    /// # Errors
    ///
    /// As [`SudokuSolver::true_candidates`].
    pub fn true_candidates(&self, cap: u64) -> Result<Candidates, SolveError> {
        self.with_solver(|solver| solver.true_candidates(self, cap))
    }
}
