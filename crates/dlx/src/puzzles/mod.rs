//! Ready-made problems: N-queens, and tilings of any board by any pieces
//! in the plane or in space (the twelve pentominoes built in), built as
//! Knuth's programs build them, and pictures decoded from their solutions.
//!
//! The examples and the `dlx` command line both build their problems here,
//! so there is one encoding of each puzzle. A picture is decoded from the
//! item names of a solution's options, never from option ids, so it is right
//! for any problem built by these functions, whatever order the solver
//! reports the options in.
//!
//! # Tilings
//!
//! A [`Tiling`] is a board and pieces; [`Tiling::parse`] reads it in
//! either of two forms, told apart by the first line that is neither blank
//! nor a comment (lines that start with `|` are comments in both): a row
//! of the board's picture (only `.`, `+`, `#` and spaces) starts the drawn
//! form, anything else Knuth's form.
//!
//! **Knuth's form** is the input of his programs polyomino-dlx and
//! polycube-dlx. The first line lists the board's cells, each a
//! coordinate per dimension in his digits `0-9a-zA-Z` (0 to 61), a digit
//! or a set in brackets with ranges: `[0-5][0-9]` is a 6x10 rectangle,
//! `[02]b` the two cells `0b` and `2b`, `[0-2][0-2][0-2]` a 3x3x3 cube.
//! Each further line is a piece: its name, then its cells in one
//! orientation, written the same way. A board whose every cell is three
//! coordinates lies in space; any other lies in the plane. In the plane a
//! cell may carry a suffix, `[12]7!` being the cells `17!` and `27!`:
//! suffixed cells are secondary items (covered at most once), and a
//! piece's suffixed cells go where the board has them (Knuth's
//! convention). A piece used more than once is written `N|NAME` or
//! `LO:HI|NAME` (polyomino-dlx's syntax, which DLX3 reads as bounds: the
//! piece is placed at least `LO` and at most `HI` times, `N|` meaning
//! exactly N), or `N*NAME` (polycube-dlx's: exactly N); these become the
//! bounds of the piece's item, [`Problem::set_bounds`]. Several lines may
//! give one piece: its placements add up. Cells are named as Knuth's
//! programs name them (`3b`, `012`, `17!`), and the problem is the one
//! they write, items and options in the same order.
//!
//! ```text
//! | the twelve pentominoes in a 6x10 rectangle
//! [0-5][0-9]
//! F 01 02 10 11 21
//! I 00 10 20 30 40
//! ...
//! ```
//!
//! **The drawn form** is pictures, sections separated by blank lines. The
//! first section is the board: `.` a cell to fill, `+` a cell that may stay
//! empty, `#` or a space no cell; a board in space is drawn a layer at a
//! time, the layers separated by a line of `-`. Every further section
//! draws pieces, each by its name's character (any but space, `.`, `|`,
//! `:`, `*` and `-`), several side by side if you like, `.` or a space
//! where a piece has no cell; a piece of a board in space may have layers
//! too. A line of counts such as `3*L` or `0:2|T` in a piece section says
//! how many times each of those pieces is used. Cells are named
//! `row-col` (`layer-row-col` in space), from the board's top left corner.
//!
//! ```text
//! | three L-trominoes on a board of 9 cells, holes drawn as #
//! ...
//! ...
//! .##
//! ..#
//!
//! 3*L
//! L
//! LL
//! ```
//!
//! Pieces of the plane are turned and turned over (8 orientations),
//! pieces in space turned (24) but not mirrored, as Knuth's programs do;
//! see [`Tiling::rotations`] and [`Tiling::reflections`].
//!
//! [`Tiling::problem`] builds the exact-cover problem, all tilings or one
//! per class of symmetric tilings ([`Tilings`]; the method and why it is
//! sound are in its docs); [`Tiling::picture`] draws a solution.

// Building puzzles is not hot enough for unsafe code to ever pay.
#![forbid(unsafe_code)]

mod board;
mod error;
mod pentomino;
mod queens;
mod tiling;

pub use board::Board;
pub use error::PuzzleError;
pub use pentomino::{pentomino_picture, pentominoes};
pub use queens::{queens, queens_board, try_queens};
pub use tiling::{Tiling, TilingError, TilingErrorKind};

#[cfg(doc)]
use crate::Problem;

/// Which tilings a problem asks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tilings {
    /// Every tiling: a rotated or reflected tiling is another one.
    #[default]
    All,
    /// One tiling of each class under the board's symmetries.
    UpToSymmetry,
}
