//! `--format grid`: each solution drawn over its rows and followed by an
//! empty line; a count or a status on a line followed by an empty line;
//! with --all, one more empty line ends the record. `--format pencil` is
//! the same with every grid drawn as a candidate grid.

use std::io::{self, Write};

use sudoku_dlx::{Alphabet, Grid};

use super::{count_or_status, solutions, stream_text, text_or_error, Writer};
use crate::sudoku::flags::Mode;
use crate::sudoku::report::{Answer, Report, Verdict};
use crate::sudoku::solve::Search;

/// The writer of drawn grids.
pub struct Drawn {
    pub mode: Mode,
    pub alphabet: Alphabet,
    /// Whether grids are drawn as candidate grids (--format pencil).
    pub pencil: bool,
}

impl Drawn {
    /// The grid drawn, every row ended by a newline; a line more says
    /// how many constraints of a variant puzzle are not drawn.
    fn show(&self, grid: &Grid) -> String {
        let mut text = text_or_error(match self.pencil {
            true => grid.to_candidate_grid_with(&self.alphabet),
            false => grid.to_grid_string_with(&self.alphabet),
        });
        match grid.layout().constraints().len() {
            0 => {}
            1 => text.push_str("(1 constraint, not drawn)\n"),
            k => text.push_str(&format!("({k} constraints, not drawn)\n")),
        }
        text
    }
}

impl Writer for Drawn {
    fn record(&self, out: &mut String, _file: &str, report: &Report) {
        let status = report.verdict.status;
        match &report.answer {
            Answer::Nothing => {
                out.push_str(status.word());
                out.push_str("\n\n");
            }
            Answer::Solution(grid) => {
                out.push_str(&self.show(grid));
                out.push('\n');
            }
            Answer::Solutions(grids) => solutions(out, grids, status, |g| self.show(g)),
            Answer::Count(count) => {
                out.push_str(&count_or_status(self.mode, *count, status));
                out.push_str("\n\n");
            }
            Answer::Rating(rating) => {
                out.push_str(&super::rating_text(rating));
                out.push_str("\n\n");
            }
            Answer::SeRating(rating) => {
                out.push_str(&super::se_rating_words(rating));
                out.push_str("\n\n");
            }
            Answer::Form(grid) => {
                out.push_str(&self.show(grid));
                out.push('\n');
            }
            Answer::Steps(steps, grid) => {
                super::steps_text(out, self.mode, steps, grid, |g| self.show(g));
                out.push('\n');
            }
            Answer::Candidates(candidates) if candidates.solutions() == Some(0) => {
                out.push_str(status.word());
                out.push_str("\n\n");
            }
            Answer::Candidates(candidates) if self.pencil => {
                match candidates.to_grid() {
                    Some(grid) => out.push_str(&self.show(&grid)),
                    None => out.push_str(&candidates.to_string()),
                }
                if candidates.cap() > 1 {
                    out.push_str(&super::candidate_counts(candidates));
                }
                out.push('\n');
            }
            Answer::Candidates(candidates) => {
                out.push_str(&candidates.to_string());
                if candidates.cap() > 1 {
                    out.push_str(&super::candidate_counts(candidates));
                }
                out.push('\n');
            }
        }
    }

    fn stream(&self, out: &mut dyn Write, _file: &str, search: Search) -> io::Result<Verdict> {
        stream_text(out, search, |grid| self.show(grid))
    }
}
