//! The records of the text formats (`--format line`, `grid` and `pencil`):
//! one walk over the [`Answer`] for all of them, and a [`Style`] for what
//! each does its own way, so that a new kind of answer is one arm here.

use std::io::{self, Write};

use sudoku_dlx::{Candidates, Grid, SeRating, Step};

use super::{rating_text, Writer};
use crate::sudoku::flags::Mode;
use crate::sudoku::report::{Answer, Report, Status, Verdict};
use crate::sudoku::solve::Search;

/// What a text format does its own way. Counts, statuses and ratings on
/// the engine's scale are the same words in every text format.
pub trait Style: Sync {
    /// What follows the last line of a record, and of each solution of
    /// --all: nothing, or an empty line.
    const END: &'static str;

    /// A grid's text, every line of it ended by a newline.
    fn grid(&self, grid: &Grid) -> String;

    /// Sudoku Explainer's rating, one line without its newline.
    fn se_rating(&self, rating: &SeRating) -> String;

    /// The true candidates of a puzzle that has a solution (or whose
    /// search was cut short), every line ended by a newline; `None` when
    /// the style has no text for them, and the record is then the status.
    fn candidates(&self, candidates: &Candidates) -> Option<String>;
}

/// The writer of a text format: the records of `mode` in `style`.
pub struct Text<S> {
    pub mode: Mode,
    pub style: S,
}

impl<S: Style> Text<S> {
    /// A record of one line, `text`.
    fn line(out: &mut String, text: &str) {
        out.push_str(text);
        out.push('\n');
        out.push_str(S::END);
    }

    /// A record of the lines of `text`, each already ended by a newline.
    fn lines(out: &mut String, text: &str) {
        out.push_str(text);
        out.push_str(S::END);
    }

    /// The record of --explain and --hint: each step on a line, then for
    /// --explain the grid reached and an empty line; --hint with no step
    /// says "solved" or "no step". A path stopped by the time limit or a
    /// signal says so after its steps.
    fn steps(&self, out: &mut String, steps: &[Step], grid: &Grid, status: Status) {
        for step in steps {
            out.push_str(&step.to_string());
            out.push('\n');
        }
        let cut = matches!(status, Status::Interrupted | Status::Stopped);
        if cut {
            out.push_str(status.word());
            out.push('\n');
        }
        if self.mode == Mode::Explain {
            out.push_str(&self.style.grid(grid));
            out.push('\n');
        } else if steps.is_empty() && !cut {
            out.push_str(if grid.is_complete() {
                "solved\n"
            } else {
                "no step\n"
            });
        }
        out.push_str(S::END);
    }

    /// The text of a count (--count) or of a status (--check, or a search
    /// that kept no solution): `N`, `N interrupted`, or the word.
    fn count(&self, count: u64, status: Status) -> String {
        match (self.mode, status) {
            (Mode::Count(_), Status::Interrupted | Status::Stopped) => {
                format!("{count} {}", status.word())
            }
            (Mode::Count(_), _) => count.to_string(),
            _ => status.word().to_string(),
        }
    }
}

impl<S: Style> Writer for Text<S> {
    fn record(&self, out: &mut String, _file: &str, report: &Report) {
        let status = report.verdict.status;
        let style = &self.style;
        match &report.answer {
            // Every record of --all ends with an empty line.
            Answer::Nothing if matches!(self.mode, Mode::All(_)) => {
                out.push_str(status.word());
                out.push_str("\n\n");
            }
            Answer::Nothing => Self::line(out, status.word()),
            Answer::Solution(grid) | Answer::Form(grid) => Self::lines(out, &style.grid(grid)),
            Answer::Solutions(grids) => {
                for grid in grids {
                    Self::lines(out, &style.grid(grid));
                }
                end_of_solutions(out, status);
            }
            Answer::Count(count) => Self::line(out, &self.count(*count, status)),
            Answer::Rating(rating) => Self::line(out, &rating_text(rating)),
            Answer::SeRating(rating) => Self::line(out, &style.se_rating(rating)),
            Answer::Steps(steps, grid) => self.steps(out, steps, grid, status),
            // No solution: no candidate in some cell, nothing to show.
            Answer::Candidates(candidates) if candidates.solutions() == Some(0) => {
                Self::line(out, status.word());
            }
            Answer::Candidates(candidates) => match style.candidates(candidates) {
                Some(text) => Self::lines(out, &text),
                None => Self::line(out, status.word()),
            },
        }
    }

    fn stream(&self, out: &mut dyn Write, _file: &str, search: Search) -> io::Result<Verdict> {
        let verdict = search.run(|grid| write!(out, "{}{}", self.style.grid(grid), S::END))?;
        let mut end = String::new();
        end_of_solutions(&mut end, verdict.status);
        out.write_all(end.as_bytes())?;
        Ok(verdict)
    }
}

/// The end of a record of --all, after its solutions: the status when it
/// has no solution or was stopped, then an empty line.
fn end_of_solutions(out: &mut String, status: Status) {
    if matches!(status, Status::None | Status::Interrupted | Status::Stopped) {
        out.push_str(status.word());
        out.push('\n');
    }
    out.push('\n');
}
