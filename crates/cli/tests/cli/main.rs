//! The `dlx` binary, run as a user runs it.

mod cover;
mod io;
mod sudoku;

/// The path of a file in the repository's `fixtures/` folder.
pub fn fixture(path: &str) -> String {
    format!("{}/../../fixtures/{path}", env!("CARGO_MANIFEST_DIR"))
}
