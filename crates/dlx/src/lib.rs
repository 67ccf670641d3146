//! Exact cover with Knuth's dancing links.
//!
//! An *exact cover* problem has a set of **items** and a set of **options**,
//! each option a subset of the items. A **solution** is a set of options that
//! covers every **primary** item exactly once and every **secondary** item at
//! most once. Secondary items may also carry a **color** in an option
//! (`item:color`): then any number of options may name the item as long as
//! they agree on its color (Knuth's XCC problems). A primary item may also
//! have a **multiplicity**: bounds `lo..=hi` on the number of options that
//! cover it (Knuth's MCC problems, `lo:hi|item` in his format). Sudoku,
//! N-queens, polyomino tilings and many scheduling puzzles are exact cover
//! problems.
//!
//! This crate solves them with Algorithm X (Algorithm C for colors,
//! Algorithm M for multiplicities) of TAOCP section 7.2.2.1, with *dancing links*: the options live in an arena of
//! nodes linked by `u32` indices, covering an item unlinks the options that
//! name it, and uncovering puts them back exactly, in reverse order. At each
//! level the search branches on the item with the fewest remaining options
//! (leftmost on ties), as Knuth's DLX1 does, and nodes and updates are
//! counted as his programs count them (each solution a node of the tree),
//! so the figures compare directly with DLX1's and DLX2's. Problems with
//! multiplicities branch by Knuth's rule for Algorithm M, and their figures
//! are DLX3's.
//!
//! # Example
//!
//! ```
//! use dlx::{Problem, Solver};
//!
//! // Knuth's example (TAOCP 7.2.2.1, (6)): seven primary items a..g.
//! let mut problem = Problem::with_names(["a", "b", "c", "d", "e", "f", "g"], [] as [&str; 0])?;
//! for option in [
//!     &["c", "e"][..],
//!     &["a", "d", "g"],
//!     &["b", "c", "f"],
//!     &["a", "d", "f"],
//!     &["b", "g"],
//!     &["d", "e", "g"],
//! ] {
//!     problem.add_option_named(option)?;
//! }
//! let mut solver = Solver::new(&problem);
//! let solution = solver.first().expect("one solution");
//! problem.verify(&solution).expect("a valid solution");
//! let mut rows: Vec<usize> = solution.iter().map(|id| id.index()).collect();
//! rows.sort();
//! assert_eq!(rows, [0, 3, 4]);
//! assert_eq!(solver.count(), 1);
//! println!("{}", solver.stats()); // solutions, nodes, updates, max level
//! # Ok::<(), dlx::Error>(())
//! ```
//!
//! With multiplicities: a committee of two or three from four people, at
//! least one of whom speaks French (Knuth's `2:3|seat 1:4|french`).
//!
//! ```
//! use dlx::{Problem, Solver};
//!
//! let mut problem = Problem::with_names(["seat", "french"], [] as [&str; 0])?;
//! problem.set_bounds(0, 2, 3)?;
//! problem.set_bounds(1, 1, 4)?;
//! problem.add_option_named(["seat", "french"])?; // Anne
//! problem.add_option_named(["seat"])?; // Bob
//! problem.add_option_named(["seat", "french"])?; // Chloé
//! problem.add_option_named(["seat"])?; // Dan
//! let mut solver = Solver::new(&problem);
//! // Every pair or triple but Bob and Dan: 5 pairs and 4 triples.
//! assert_eq!(solver.count(), 9);
//! for solution in solver.solutions() {
//!     problem.verify(&solution).expect("a valid committee");
//! }
//! # Ok::<(), dlx::Error>(())
//! ```
//!
//! # What is here
//!
//! - [`Problem`]: items by index or name, options validated as they are added
//!   ([`Problem::add_option`], [`Problem::add_option_named`]), colors,
//!   multiplicities ([`Problem::set_bounds`]), [`Problem::verify`] for any
//!   claimed solution.
//! - [`Solver`]: [`first`](Solver::first), [`count`](Solver::count),
//!   [`count_up_to`](Solver::count_up_to), [`for_each`](Solver::for_each) with
//!   an early stop, a lazy [`solutions`](Solver::solutions) iterator that can
//!   be paused and resumed, [`select`](Solver::select) options before the
//!   search or [`exclude`](Solver::exclude) them from it, and
//!   [`reset`](Solver::reset) them; [`Limits`] on solutions and
//!   nodes and a cancel flag, with the [`Outcome`] saying which stopped the
//!   search; [`Stats`] (nodes, updates, solutions, deepest level, nodes per
//!   level) and a [`progress`](Solver::progress) estimate.
//! - [`CompactSolver`]: a second engine for problems of a few thousand
//!   options, which copies the search state from level to level instead
//!   of dancing the links, with the same solutions and statistics; the
//!   [`Solver`]'s counts run on it where it pays (half the time on
//!   pentominoes), unless [`Solver::set_compact`] turns it off.
//! - Pieces: [`Solver::split`] cuts the search tree at a depth into
//!   independent pieces, which can be solved anywhere
//!   ([`Solver::select_piece`], [`Solver::count_piece`]), on many machines
//!   too ([`Split::piece`] picks the `i`-th of `n`); the figures of the
//!   pieces add up with the [`Split`]'s to those of the whole search.
//! - Parallel search (feature `parallel`, on by default):
//!   `Solver::par_count` and `Solver::par_for_each` solve the pieces on a
//!   rayon pool, each worker with its own copy of the arena, with the same
//!   count and statistics as the serial search; `Solver::par_count_pieces_with`
//!   reports each piece as it is done, and the solver's limits (solutions,
//!   nodes, the cancel flag) hold for the whole count.
//! - Knuth's text format: [`parse`], [`read`], [`read_lenient`] (skips
//!   options without a primary item, as Knuth's programs do), [`write()`],
//!   [`option_text`].
//! - [`puzzles`]: ready-made problems for the `dlx` command and the
//!   benchmarks: N-queens, and tilings of any board by any pieces in the
//!   plane or in space ([`puzzles::Tiling`], read in Knuth's
//!   polyomino-dlx form or drawn; the pentominoes built in), optionally
//!   up to the board's symmetries, with pictures of their solutions.
//!
//! The search is a loop over an explicit stack: no recursion, no allocation
//! while searching, and no panic on any input the API accepts.

#![deny(unsafe_code)]
#![warn(missing_docs)]

mod arena;
mod compact;
mod error;
mod estimate;
mod footprint;
mod format;
mod memory;
mod names;
#[cfg(feature = "parallel")]
mod parallel;
mod problem;
pub mod puzzles;
mod search;
mod split;

pub use compact::{CompactSolver, MAX_OPTIONS, MAX_TABLE_BYTES};
pub use error::{Error, ErrorKind};
pub use estimate::{Estimate, Probe};
pub use format::{option_text, parse, read, read_lenient, write, Skipped};
#[cfg(feature = "parallel")]
pub use parallel::{ParCount, PieceCount};
pub use problem::{Color, Entry, OptionId, Problem, VerifyError};
pub use search::{
    Contradiction, Limits, Live, Memo, MemoStats, Order, Outcome, Propagator, PropagatorClone,
    Solutions, Solver, Stats,
};
pub use split::Split;

/// The types users share across threads are `Send` and `Sync`: checked
/// when the crate compiles.
const _: () = {
    const fn send_sync<T: Send + Sync>() {}
    send_sync::<Problem>();
    send_sync::<Solver>();
    send_sync::<CompactSolver>();
    send_sync::<Solutions<'_>>();
    send_sync::<Split>();
    send_sync::<Stats>();
    send_sync::<Limits>();
    send_sync::<Memo>();
    send_sync::<Error>();
    send_sync::<Skipped>();
    send_sync::<puzzles::Board>();
    send_sync::<puzzles::PuzzleError>();
    send_sync::<puzzles::Tiling>();
    send_sync::<puzzles::TilingError>();
    #[cfg(feature = "parallel")]
    send_sync::<ParCount>();
    #[cfg(feature = "parallel")]
    send_sync::<PieceCount>();
};
