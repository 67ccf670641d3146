//! What several test files share: finding a public data set.

use std::io::Write;
use std::path::{Path, PathBuf};

/// The path of a sudoku data set in `../shared/datasets/sudoku/`, or
/// `None` (after saying so) when it is absent.
pub fn dataset(name: &str) -> Option<PathBuf> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/datasets/sudoku")
        .join(name);
    if path.is_file() {
        Some(path)
    } else {
        // libtest captures the print macros, not the stderr handle.
        let _ = writeln!(
            std::io::stderr(),
            "skipped: no data set at {}",
            path.display()
        );
        None
    }
}
