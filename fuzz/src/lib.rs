//! Oracles and helpers shared by the fuzz targets of `dlx` and `sudoku-dlx`.
//!
//! Each oracle answers a question the targets also ask the libraries, by the
//! slowest obvious method and without the libraries' code, so that the two
//! answers cannot share a mistake.

#![forbid(unsafe_code)]

pub mod cover;
pub mod jigsaw;
pub mod records;
pub mod round_trip;
pub mod sudoku;
pub mod text;
pub mod tiling;
