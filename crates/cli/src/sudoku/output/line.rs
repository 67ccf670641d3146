//! `--format line`: one line per record, the solution, the count or the
//! status; with --all, each solution on a line of its own, then an empty
//! line.

use std::io::{self, Write};

use sudoku_dlx::{Alphabet, Grid};

use super::{count_or_status, solutions, stream_text, text_or_error, Writer};
use crate::sudoku::flags::Mode;
use crate::sudoku::report::{Answer, Report, Verdict};
use crate::sudoku::solve::Search;

pub struct Line {
    pub mode: Mode,
    pub alphabet: Alphabet,
}

impl Line {
    fn show(&self, grid: &Grid) -> String {
        text_or_error(grid.to_line_with(&self.alphabet))
    }
}

impl Writer for Line {
    fn record(&self, out: &mut String, _file: &str, report: &Report) {
        let status = report.verdict.status;
        match &report.answer {
            Answer::Nothing => {
                out.push_str(status.word());
                out.push('\n');
                // Every record of --all ends with an empty line.
                if matches!(self.mode, Mode::All(_)) {
                    out.push('\n');
                }
            }
            Answer::Solution(grid) => {
                out.push_str(&self.show(grid));
                out.push('\n');
            }
            Answer::Solutions(grids) => solutions(out, grids, status, |g| self.show(g)),
            Answer::Count(count) => {
                out.push_str(&count_or_status(self.mode, *count, status));
                out.push('\n');
            }
            Answer::Rating(rating) => {
                out.push_str(&super::rating_text(rating));
                out.push('\n');
            }
            // ER/EP/ED: `7.1/1.2/1.2`.
            Answer::SeRating(rating) => {
                out.push_str(&rating.to_string());
                out.push('\n');
            }
            Answer::Form(grid) => {
                out.push_str(&self.show(grid));
                out.push('\n');
            }
            // The steps, then the grid and an empty line (--explain).
            Answer::Steps(steps, grid) => {
                super::steps_text(out, self.mode, steps, grid, |g| self.show(g));
                if self.mode == Mode::Explain {
                    out.push('\n');
                }
            }
            // A pencilmark line: n symbols per cell, each candidate in its
            // place.
            Answer::Candidates(candidates) => {
                match candidates.to_grid() {
                    Some(grid) => out.push_str(&self.show(&grid)),
                    None => out.push_str(status.word()),
                }
                out.push('\n');
            }
        }
    }

    fn stream(&self, out: &mut dyn Write, _file: &str, search: Search) -> io::Result<Verdict> {
        stream_text(out, search, |grid| self.show(grid))
    }
}
