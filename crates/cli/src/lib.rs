//! The modules of the `dlx` command, built as a library so that the fuzz
//! targets (`fuzz/`) and tests can reach the readers of piece records:
//! [`merge::entry`] and [`merge::total`] (the lines `dlx merge` reads and
//! their sum), [`checkpoint::scan`] (a checkpoint file as a resume reads
//! it) and [`record::Record`]. It is not an API: nothing here is stable,
//! and its one other user is the binary, `main.rs`, which parses the
//! command line and hands each command to its module here.

pub mod cover;
pub mod interrupt;
pub mod merge;
pub mod pentomino;
pub mod queens;
pub mod sudoku;
pub mod terminal;
pub mod tile;

mod args;
mod runner;
mod verify;

pub use runner::{checkpoint, record};
