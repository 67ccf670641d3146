//! The extension module `dlx_cover._native`: the dlx exact-cover engine,
//! its sudoku front end and its ready-made puzzles, for Python.
//!
//! Each class wraps the Rust type of the same idea: `Problem`,
//! `Solver` and `Solutions` (cover.rs), sudoku's `Layout`, `Grid`,
//! `Generator` and the puzzle reader (sudoku.rs), tilings and N-queens
//! (tiling.rs). Searches release the GIL and stop on Ctrl-C (run.rs); the
//! engine's errors become the exceptions of `dlx_cover._errors`
//! (errors.rs).

#![forbid(unsafe_code)]

mod cover;
mod errors;
mod run;
mod sudoku;
mod tiling;

use pyo3::prelude::*;

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // The package's version is the crate's: pyproject.toml takes it too.
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<cover::PyProblem>()?;
    m.add_class::<cover::PySolver>()?;
    m.add_class::<cover::PySolutions>()?;
    m.add_class::<cover::PyStats>()?;
    m.add_class::<sudoku::PyLayout>()?;
    m.add_class::<sudoku::PyGrid>()?;
    m.add_class::<sudoku::PyGridSolutions>()?;
    m.add_class::<sudoku::PyCandidates>()?;
    m.add_class::<sudoku::PyRating>()?;
    m.add_class::<sudoku::PySeRating>()?;
    m.add_class::<sudoku::PyStep>()?;
    m.add_class::<sudoku::PyGenerator>()?;
    m.add_class::<sudoku::PyRecord>()?;
    m.add_class::<sudoku::PyPuzzles>()?;
    m.add_function(wrap_pyfunction!(sudoku::generate, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku::read_puzzles, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku::parse_puzzles, m)?)?;
    m.add_class::<tiling::PyTiling>()?;
    m.add_function(wrap_pyfunction!(tiling::queens, m)?)?;
    m.add_function(wrap_pyfunction!(tiling::queens_board, m)?)?;
    m.add_function(wrap_pyfunction!(tiling::pentominoes, m)?)?;
    Ok(())
}
