//! Sudoku of any box size, solved as exact cover with the [`dlx`] engine.
//!
//! A puzzle of box size `b` has side `n = b * b` (4x4, 9x9, 16x16, 25x25 and
//! up to 49x49). It becomes an exact-cover problem with `4 * n * n` items
//! (each cell filled once; each row, column and box holding each digit once)
//! and `n³` options (digit `d` in cell `(r, c)`), each covering four items:
//! 324 items and 729 options for 9x9. The matrix is built once per size;
//! each puzzle *selects* its givens' options, searches, and is reset, so a
//! batch of a million puzzles allocates nothing per puzzle in the search.
//!
//! # Example
//!
//! ```
//! use sudoku_dlx::Grid;
//!
//! let puzzle = Grid::parse(
//!     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
//! )?;
//! let solution = puzzle.solution()?; // the unique solution, or why not
//! assert!(solution.is_solution_of(&puzzle));
//! assert!(puzzle.is_uniquely_solvable()?);
//! println!("{}", solution.to_grid_string());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What is here
//!
//! - [`Grid`]: parse (one line or a drawn grid, any size, an [`Alphabet`] for
//!   the symbols), format, check the givens ([`Grid::check`] names the house
//!   and digit of a repeat), and the solving verbs: [`Grid::solve_one`],
//!   [`Grid::solution`], [`Grid::count_solutions_up_to`],
//!   [`Grid::is_uniquely_solvable`], [`Grid::solutions`].
//! - [`SudokuSolver`]: one prebuilt matrix for many puzzles of one size, with
//!   the search statistics of each (the search's nodes and updates, as the
//!   dlx engine counts them; the givens' selection is not counted), and
//!   [`GridSolutions`], the solutions found one at a time.
//! - [`Puzzles`]: a streaming reader of puzzle files (one puzzle per line, or
//!   grids over several lines, `#` comments), each [`Record`] with its line
//!   number, and errors that name line and column.
//! - The errors: [`ParseError`] (what, line and column in puzzle text),
//!   [`GridError`] (building a grid or a solver in code), [`AlphabetError`],
//!   and [`SolveError`] (why a puzzle has no single answer, with the
//!   [`Conflict`] of repeated givens as its source).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod alphabet;
mod encode;
mod error;
mod grid;
mod jigsaw;
mod layout;
mod read;
mod solve;
mod text;
mod variant;

pub use alphabet::{Alphabet, AlphabetError, AlphabetErrorKind};
pub use error::{
    Conflict, GridError, GridErrorKind, House, LayoutError, LayoutErrorKind, ParseError,
    ParseErrorKind,
};
pub use grid::Grid;
pub use layout::Layout;
pub use read::{Puzzles, ReadOptions, Record};
pub use solve::{GridSolutions, SolveError, SudokuSolver};
pub use variant::Variant;

// The types users share across threads (a solver per worker, grids and
// errors sent between them) are Send and Sync: the crate stops compiling
// if one stops being so.
const _: () = {
    const fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<Alphabet>();
    assert_send_sync::<AlphabetError>();
    assert_send_sync::<Conflict>();
    assert_send_sync::<Grid>();
    assert_send_sync::<GridError>();
    assert_send_sync::<GridSolutions<'static>>();
    assert_send_sync::<House>();
    assert_send_sync::<Layout>();
    assert_send_sync::<LayoutError>();
    assert_send_sync::<ParseError>();
    assert_send_sync::<Puzzles<std::io::BufReader<std::fs::File>>>();
    assert_send_sync::<ReadOptions>();
    assert_send_sync::<Record>();
    assert_send_sync::<SolveError>();
    assert_send_sync::<SudokuSolver>();
};

/// The README's examples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;
