//! Sudoku of any layout, solved as exact cover with the [`dlx`] engine.
//!
//! A [`Layout`] is the shape of a puzzle: its side n (4x4, 6x6, 9x9, 12x12,
//! ... up to 49x49), its n regions of n cells (boxes of R x C cells, or a
//! jigsaw map), and the [`Variant`]s it adds: extra houses (the X
//! diagonals, the hyper windows, disjoint groups) and rules between cells
//! (anti-knight, anti-king, non-consecutive). A puzzle becomes an
//! exact-cover problem with `n * n` cell items and `n` items per house
//! ("house h holds digit d"), primary, the rules' secondary items, and `n³`
//! options (digit d in cell (r, c)): 324 items and 729 options for the
//! classic 9x9, which has no secondary items. The matrix is built once per
//! layout; each puzzle *selects* its givens' options, searches, and is
//! reset, so a batch of a million puzzles allocates nothing per puzzle in
//! the search.
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
//! # Layouts
//!
//! A layout is built once and shared by the puzzles of a batch (cloning it
//! is cheap). Puzzle text without a layout is read as the squarest boxes of
//! its side ([`Layout::squarest`]); any other layout is given to
//! [`Grid::parse_in`], [`Grid::empty_in`] or [`ReadOptions::layout`].
//!
//! **Boxes** of R x C cells, R rows high and C columns wide: 6x6 puzzles
//! come with boxes of 2x3 cells, read from 36 symbols by themselves.
//!
//! ```
//! use sudoku_dlx::{Grid, Layout};
//!
//! let puzzle = Grid::parse("2...5..45.....4.......12...6.5..3...")?;
//! assert_eq!(puzzle.layout(), &Layout::boxes(2, 3)?);
//! assert_eq!(puzzle.solution()?.to_string(), "261354345126124563536412412635653241");
//! // Boxes three rows high and two wide must be asked for.
//! let tall = Grid::parse_in("2...5..45.....4.......12...6.5..3...", &Layout::boxes(3, 2)?)?;
//! assert!(tall.to_grid_string().starts_with("2 . | . . | 5 .\n"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Jigsaw**: regions of any shape, from a map of one symbol per region.
//!
//! ```
//! use sudoku_dlx::{Grid, Layout};
//!
//! let layout = Layout::jigsaw(
//!     "AAABBBBCC
//!      AAABBBCCC
//!      AADBECCCC
//!      ADDBEEEFF
//!      DDDEEEFFF
//!      DDGEEFFFF
//!      DGGHHIIII
//!      GGGHHHIII
//!      GGGHHHHII",
//! )?;
//! let puzzle = Grid::parse_in(
//!     ".7..........123......4.........1.....4..6...38....9.72...5...9.......6..9.38...2.",
//!     &layout,
//! )?;
//! let solution = puzzle.solution()?;
//! assert_eq!(solution.get(0, 0), 3);
//! assert!(solution.is_solution_of(&puzzle));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **X** ([`Variant::X`]): both main diagonals hold every digit once.
//!
//! ```
//! use sudoku_dlx::{Grid, Layout, Variant};
//!
//! let x = Layout::square(3)?.with_variant(Variant::X)?;
//! let puzzle = Grid::parse_in(
//!     "4...6...9....8.....69............8......5..7.......2.....9.8..5..1......8.27..9..",
//!     &x,
//! )?;
//! assert!(puzzle.is_uniquely_solvable()?);
//! // Without the diagonals, the same givens have many solutions.
//! assert_eq!(Grid::parse(&puzzle.to_string())?.count_solutions_up_to(2)?, 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Hyper** ([`Variant::Hyper`], windoku): four more windows of 3x3 cells
//! on a 9x9 grid.
//!
//! ```
//! use sudoku_dlx::{Grid, Layout, Variant};
//!
//! let windoku = Layout::square(3)?.with_variant(Variant::Hyper)?;
//! let puzzle = Grid::parse_in(
//!     "8.7.....6...1.....5...4...............5..9....9..2.....5......4..8.6..9...4...5..",
//!     &windoku,
//! )?;
//! assert_eq!(puzzle.givens(), 17);
//! assert!(puzzle.solution()?.to_string().starts_with("817952436"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Disjoint groups** ([`Variant::Disjoint`]): the cells at one place of
//! every box hold every digit once. Of the 288 4x4 grids, 168 keep them.
//!
//! ```
//! use sudoku_dlx::{Grid, Layout, Variant};
//!
//! let disjoint = Layout::square(2)?.with_variant(Variant::Disjoint)?;
//! assert_eq!(Grid::empty_in(&disjoint).count_solutions_up_to(1000)?, 168);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Anti-knight** ([`Variant::AntiKnight`]) and **anti-king**
//! ([`Variant::AntiKing`]): two cells a chess knight's or king's move
//! apart never hold the same digit. [`Grid::check`] names the rule and the
//! cells that break it.
//!
//! ```
//! use sudoku_dlx::{Grid, Layout, Variant};
//!
//! let knight = Layout::squarest(6)?.with_variant(Variant::AntiKnight)?;
//! assert_eq!(Grid::empty_in(&knight).count_solutions_up_to(100_000)?, 11_520);
//!
//! let king = Layout::square(3)?.with_variant(Variant::AntiKing)?;
//! let mut grid = Grid::empty_in(&king);
//! grid.set(2, 2, 9)?;
//! grid.set(3, 3, 9)?;
//! assert_eq!(grid.check().unwrap_err().to_string(), "anti-king: r3c3 and r4c4 both hold 9");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Non-consecutive** ([`Variant::NonConsecutive`]): orthogonal neighbours
//! never hold digits that differ by 1. With anti-knight and anti-king, it
//! makes the "Miracle" sudoku, which two givens settle.
//!
//! ```
//! use sudoku_dlx::{Grid, Layout, Variant};
//!
//! let miracle = Layout::square(3)?
//!     .with_variant(Variant::AntiKnight)?
//!     .with_variant(Variant::AntiKing)?
//!     .with_variant(Variant::NonConsecutive)?;
//! let mut puzzle = Grid::empty_in(&miracle);
//! puzzle.set(4, 2, 1)?;
//! puzzle.set(5, 6, 2)?;
//! assert_eq!(
//!     puzzle.solution()?.to_string(),
//!     "483726159726159483159483726837261594261594837594837261372615948615948372948372615"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Making puzzles
//!
//! A [`Generator`] makes puzzles with one solution of any layout, minimal
//! or down to a number of givens, their givens keeping a [`Symmetry`], the
//! same for a seed on every platform; [`Grid::rate`] scores a puzzle from
//! the engine's own search ([`Rating`], [`Difficulty`]: forced moves alone
//! score 0); [`Grid::canonical`] and [`Grid::transform`] give the
//! community's minlex form ([`Grid::canonical_in`] for maxlex, [`Canon`])
//! and a random equivalent puzzle of a layout of boxes; [`Grid::to_problem`]
//! is a puzzle's exact-cover problem, for [`dlx::write`].
//!
//! ```
//! use sudoku_dlx::{Difficulty, Generator, Layout, Symmetry};
//!
//! let mut generator = Generator::new(&Layout::boxes(2, 3)?).symmetry(Symmetry::Mirror);
//! let puzzle = generator.generate(3)?;
//! assert!(puzzle.is_uniquely_solvable()?);
//! assert!(puzzle.rate()?.difficulty >= Difficulty::Forced);
//! assert_eq!(puzzle.transform(9)?.canonical()?, puzzle.canonical()?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What is here
//!
//! - [`Layout`] and [`Variant`]: the shapes, built once; [`House`]: a row,
//!   column, box, region or extra house.
//! - [`Grid`]: cells of a layout. Parse (one line or a drawn grid, any
//!   size, an [`Alphabet`] for the symbols), format, check the givens
//!   ([`Grid::check`] names the house and digit of a repeat, or the rule
//!   and cells broken), and the solving verbs: [`Grid::solve_one`],
//!   [`Grid::solution`], [`Grid::count_solutions_up_to`],
//!   [`Grid::is_uniquely_solvable`], [`Grid::solutions`].
//! - [`SudokuSolver`]: one prebuilt matrix for many puzzles of one layout,
//!   with the search statistics of each (the search's nodes and updates, as
//!   the dlx engine counts them; the givens' selection is not counted), and
//!   [`GridSolutions`], the solutions found one at a time.
//! - Making puzzles: [`Generator`] and [`Symmetry`], [`Rating`] and
//!   [`Difficulty`], and the errors [`GenerateError`], [`SymmetryError`],
//!   [`TransformError`].
//! - [`Puzzles`]: a streaming reader of puzzle files (one puzzle per line,
//!   or grids over several lines, `#` comments), each [`Record`] with its
//!   line number, and errors that name line and column.
//! - [`Constraint`]: the rules of variant puzzles beyond houses (cages,
//!   lines, dots, parity, sandwiches, outside clues, ...), each read from
//!   the project's text form, from f-puzzles ([`from_fpuzzles`]) or from a
//!   browser solver's constraint strings ([`Puzzles`]), checked and
//!   encoded in the puzzle's own exact-cover problem.
//! - [`Logic`]: solving as a player does, a [`Step`] at a time, rated on
//!   Sudoku Explainer's scale ([`SeRating`]).
//! - The errors: [`ParseError`] (what, line and column in puzzle text),
//!   [`GridError`] (building a grid or a solver in code), [`LayoutError`]
//!   (a layout that cannot be, a jigsaw map's line and column),
//!   [`AlphabetError`], [`FpuzzlesError`], and [`SolveError`] (why a
//!   puzzle has no single answer, with the [`Conflict`] of the givens as
//!   its source).
//!
//! # Where a rule lives
//!
//! Rules come in families, one file each under `src/constraint/`: sums
//! (cages, little killers, arrows, double arrows, sandwiches, between
//! lines, quadruples, lunchboxes, equal sums), lines (thermometers,
//! whispers, renban, palindromes), pairs (kropki dots, X and V,
//! greater-than, the negative rules, and the variants' rules between
//! cells: anti-knight, anti-king, non-consecutive), cells (odd, even,
//! minimum, maximum), outside clues (skyscrapers, X-sums, numbered
//! rooms), segments (zipper, sum, entropic, modular, lockout, parity and
//! region sum lines), clones, and houses (the variants' names and extra
//! houses). A family's file is the one place its kinds are read (the
//! text form, f-puzzles keys and constraint strings' types), written,
//! validated against a layout, checked against a grid (sharing no code
//! with the encoding) and encoded, with the exact-cover devices of
//! `constraint/devices.rs`. Adding a rule:
//!
//! 1. its kind in [`Constraint`], and the kind's family in
//!    `Constraint::family`;
//! 2. in the family's file (or a new one, added to `FAMILIES`): its
//!    keyword and parsing, `Display`, name, cells, validation, check and
//!    encoding;
//! 3. its f-puzzles key, if it has one, in `FPUZZLES`, read by the
//!    family's `fpuzzles`, and its constraint strings' type, if they have
//!    one, in `STRINGS`, read by the family's `strings`;
//! 4. tests: the text round trip, a puzzle of known count, the check
//!    against the encoding on random grids (`tests/constraints.rs`), and
//!    its line in the table of docs/encodings.md.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod alphabet;
mod candidates;
mod canon;
mod cell;
mod check;
mod constraint;
mod encode;
mod error;
mod fpuzzles;
mod generate;
mod grid;
mod house;
mod jigsaw;
mod layout;
mod logic;
mod rate;
mod read;
mod side;
mod solve;
mod symmetry;
mod text;
mod variant;

pub use alphabet::{Alphabet, AlphabetError, AlphabetErrorKind};
pub use candidates::Candidates;
pub use canon::{Canon, CanonError, TransformError, TransformErrorKind};
pub use cell::Cell;
pub use check::Conflict;
pub use constraint::{
    equations::Equation, innies::DerivedSum, Constraint, Line, Negative, Outside,
};
pub use error::{
    GridError, GridErrorKind, LayoutError, LayoutErrorKind, ParseError, ParseErrorKind,
};
pub use fpuzzles::error::{FpuzzlesError, FpuzzlesErrorKind};
pub use fpuzzles::from_fpuzzles;
pub use generate::{GenerateError, Generator};
pub use grid::Grid;
pub use house::House;
pub use layout::Layout;
pub use logic::{length_bonus, ChainKind, Forcing, Logic, SeRating, Step, Technique, MAX_SET};
pub use rate::{Difficulty, Rating, ORDERINGS};
pub use read::{Puzzles, ReadOptions, Record, Stated};
pub use solve::{Engine, GridSolutions, Propagation, SolveError, SudokuSolver};
pub use symmetry::{Symmetry, SymmetryError};
pub use variant::Variant;

// The types users share across threads (a solver per worker, grids and
// errors sent between them) are Send and Sync: the crate stops compiling
// if one stops being so.
const _: () = {
    const fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<Alphabet>();
    assert_send_sync::<AlphabetError>();
    assert_send_sync::<Candidates>();
    assert_send_sync::<Conflict>();
    assert_send_sync::<Constraint>();
    assert_send_sync::<Grid>();
    assert_send_sync::<GridError>();
    assert_send_sync::<FpuzzlesError>();
    assert_send_sync::<GenerateError>();
    assert_send_sync::<Generator>();
    assert_send_sync::<Rating>();
    assert_send_sync::<TransformError>();
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
    assert_send_sync::<Variant>();
};

/// The README's examples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;

/// The examples of the library's page, `docs/library.md`, compiled and run
/// as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/library.md")]
pub struct LibraryPageDoctests;
