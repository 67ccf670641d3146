//! `--format line`: one line per record, the solution, the count or the
//! status; with --all, each solution on a line of its own, then an empty
//! line.

use sudoku_dlx::{Alphabet, Candidates, Grid, SeRating};

use super::line_of;
use super::text::Style;

/// The style of one line per record.
pub struct Line {
    pub alphabet: Alphabet,
}

impl Style for Line {
    /// Records follow each other line after line.
    const END: &'static str = "";

    fn grid(&self, grid: &Grid) -> String {
        let mut text = line_of(grid, &self.alphabet);
        text.push('\n');
        text
    }

    /// ER/EP/ED: `7.1/1.2/1.2`.
    fn se_rating(&self, rating: &SeRating) -> String {
        rating.to_string()
    }

    /// A pencilmark line: n symbols per cell, each candidate in its place;
    /// none when a cell has no candidate left (a search cut short).
    fn candidates(&self, candidates: &Candidates) -> Option<String> {
        candidates.to_grid().map(|grid| self.grid(&grid))
    }
}
