//! Rating: how hard a puzzle is, from the engine's own search.
//!
//! The search that proves a puzzle unique (all solutions, stopping at 2)
//! chooses at each node the item with the fewest options. When every item
//! it chooses has exactly one option, the search never branches: each
//! step is a naked single (a cell item with one option) or a hidden single
//! (a house-digit item with one option), and the puzzle is solved by
//! forced moves alone. Such a tree has one node per empty cell and one for
//! the solution; every other node is the price of a guess.
//!
//! The **score** is the mean number of those extra nodes (the nodes beyond
//! one per empty cell and one for the solution) over [`ORDERINGS`] fixed
//! relabellings of the digits: the first is the puzzle as it is, and
//! relabelling changes the engine's ties, not the puzzle. Layouts with the
//! non-consecutive rule, where digits cannot be relabelled, are searched
//! once. The score is 0 exactly for puzzles solved by forced moves; it is
//! deterministic (the same on every platform, rounded to two decimals).
//!
//! Mean scores over the shared data sets (the first 300 puzzles of each):
//! `puzzles1_unbiased` 32.1, `puzzles2_17_clue` 52.0,
//! `puzzles3_magictour_top1465` 1,261, `puzzles6_forum_hardest_1106`
//! 4,465. (The mean of the logarithm does not order the first two: the
//! 17-clue set has more puzzles of forced moves, 148 of 300 against 106,
//! and a longer tail.)

use std::fmt;
use std::str::FromStr;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::grid::Grid;
use crate::solve::{Engine, SolveError, SudokuSolver};
use crate::variant::Variant;

/// The number of digit relabellings a score is averaged over.
pub const ORDERINGS: usize = 4;

/// A difficulty class: a range of scores.
///
/// `Display` and `FromStr` use the lowercase names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Difficulty {
    /// Solved by forced moves alone (naked and hidden singles): score 0.
    Forced,
    /// Score above 0, below 30.
    Easy,
    /// Score 30 to below 300.
    Medium,
    /// Score 300 to below 3000.
    Hard,
    /// Score 3000 and above.
    Extreme,
}

impl Difficulty {
    /// Every class, easiest first.
    pub const ALL: [Difficulty; 5] = [
        Difficulty::Forced,
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Extreme,
    ];

    /// The class of a score.
    pub fn of_score(score: f64) -> Difficulty {
        match score {
            s if s <= 0.0 => Difficulty::Forced,
            s if s < 30.0 => Difficulty::Easy,
            s if s < 300.0 => Difficulty::Medium,
            s if s < 3000.0 => Difficulty::Hard,
            _ => Difficulty::Extreme,
        }
    }

    /// The scores of the class: from (inclusive) and below (exclusive;
    /// `f64::INFINITY` for the last). Forced is `0.0..0.0` taken as the
    /// score 0 alone.
    pub fn range(self) -> (f64, f64) {
        match self {
            Difficulty::Forced => (0.0, 0.0),
            Difficulty::Easy => (0.0, 30.0),
            Difficulty::Medium => (30.0, 300.0),
            Difficulty::Hard => (300.0, 3000.0),
            Difficulty::Extreme => (3000.0, f64::INFINITY),
        }
    }

    /// The class's name.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Forced => "forced",
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::Extreme => "extreme",
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Reads a class's name in any case.
impl FromStr for Difficulty {
    type Err = String;

    fn from_str(text: &str) -> Result<Difficulty, String> {
        let name = text.trim().to_ascii_lowercase();
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name() == name)
            .ok_or_else(|| {
                format!(
                    "unknown difficulty '{text}', expected forced, easy, medium, hard or extreme"
                )
            })
    }
}

/// How hard a puzzle is: see the module docs of the source for the rule.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Rating {
    /// The mean extra nodes of the searches: 0 for forced moves alone.
    pub score: f64,
    /// The class of the score.
    pub difficulty: Difficulty,
    /// The nodes of each ordering's search, the first the puzzle's own.
    pub nodes: Vec<u64>,
    /// The nodes a search of forced moves takes: the empty cells and the
    /// solution.
    pub forced_nodes: u64,
}

impl SudokuSolver {
    /// Rates a puzzle with one solution.
    ///
    /// # Errors
    ///
    /// [`SolveError::NoSolution`], [`SolveError::MultipleSolutions`] and the
    /// errors of [`SudokuSolver::count_solutions_up_to`].
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::{Difficulty, Grid, SudokuSolver};
    ///
    /// let mut solver = SudokuSolver::new(3)?;
    /// let easy = Grid::parse(
    ///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    /// )?;
    /// let rating = solver.rate(&easy)?;
    /// assert_eq!((rating.score, rating.difficulty), (0.0, Difficulty::Forced));
    /// let hard = Grid::parse(
    ///     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    /// )?;
    /// assert!(solver.rate(&hard)?.difficulty > Difficulty::Forced);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rate(&mut self, puzzle: &Grid) -> Result<Rating, SolveError> {
        let n = puzzle.side();
        let empty = puzzle.cells().iter().filter(|&&d| d == 0).count() as u64;
        let forced_nodes = empty + 1;
        let orderings = if puzzle.layout().has_variant(Variant::NonConsecutive) {
            1
        } else {
            ORDERINGS
        };
        let mut nodes = Vec::with_capacity(orderings);
        for k in 0..orderings {
            let relabelled;
            let grid = if k == 0 {
                puzzle
            } else {
                let mut map: Vec<u8> = (1..=n as u8).collect();
                map.shuffle(&mut ChaCha8Rng::seed_from_u64(k as u64));
                let cells = puzzle
                    .cells()
                    .iter()
                    .map(|&d| if d == 0 { 0 } else { map[usize::from(d) - 1] })
                    .collect();
                relabelled = Grid::from_parsed(puzzle.layout().clone(), cells);
                &relabelled
            };
            // The nodes are the links' (see the module's docs).
            let engine = self.engine();
            self.set_engine(Engine::Links);
            let count = self.count_solutions_up_to(grid, 2);
            self.set_engine(engine);
            match count? {
                0 => return Err(SolveError::NoSolution),
                1 => nodes.push(self.stats().nodes),
                _ => return Err(SolveError::MultipleSolutions),
            }
        }
        let extra: u64 = nodes.iter().map(|&m| m.saturating_sub(forced_nodes)).sum();
        // Two decimals: the same text on every platform.
        let score = (extra as f64 * 100.0 / orderings as f64).round() / 100.0;
        Ok(Rating {
            score,
            difficulty: Difficulty::of_score(score),
            nodes,
            forced_nodes,
        })
    }
}

impl Grid {
    /// Rates this puzzle with this thread's solver for its layout; see
    /// [`SudokuSolver::rate`].
    ///
    /// # Errors
    ///
    /// As [`SudokuSolver::rate`].
    pub fn rate(&self) -> Result<Rating, SolveError> {
        SudokuSolver::with_thread_solver_for(self.layout(), |s| s.rate(self))
    }
}
