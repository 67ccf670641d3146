//! Cells as code holds them, (row, column) from 0, and as players name
//! them, `r1c1` from 1.

use std::fmt;

/// A cell as (row, column), from 0.
pub type Cell = (usize, usize);

/// A cell named as players do: `r1c1`.
pub(crate) struct CellName(pub(crate) Cell);

impl fmt::Display for CellName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (row, col) = self.0;
        write!(f, "r{}c{}", row + 1, col + 1)
    }
}

/// Reads a cell name, `r1c1` in any case, into (row, col) from 0.
pub(crate) fn parse_cell(word: &str) -> Option<Cell> {
    let lower = word.to_ascii_lowercase();
    let rest = lower.strip_prefix('r')?;
    let (r, c) = rest.split_once('c')?;
    let (r, c): (usize, usize) = (r.parse().ok()?, c.parse().ok()?);
    (r >= 1 && c >= 1).then(|| (r - 1, c - 1))
}
