//! The output records of `dlx sudoku`: one [`Writer`] per `--format`,
//! chosen once per run.

use std::io::{self, Write};

use sudoku_dlx::{Alphabet, AlphabetError, Candidates, Grid, Rating, SeRating};

use super::flags::Format;
use super::flags::Mode;
use super::report::{Report, Status, Verdict};
use super::solve::Search;

mod grid;
mod json;
pub use json::{RatingFields, SeRatingFields};
mod line;

/// Writes the records of one format.
pub trait Writer: Sync {
    /// Appends the record of one puzzle to `out`.
    fn record(&self, out: &mut String, file: &str, report: &Report);

    /// Writes the record of one `--all` puzzle to `out`, each solution as
    /// `search` finds it, and returns its verdict.
    ///
    /// # Errors
    ///
    /// A failed write, which ends the search.
    fn stream(&self, out: &mut dyn Write, file: &str, search: Search) -> io::Result<Verdict>;
}

/// The writer of `format`, for the records of `mode`.
pub fn writer(format: Format, mode: Mode, alphabet: Alphabet) -> Box<dyn Writer> {
    match format {
        Format::Line => Box::new(line::Line { mode, alphabet }),
        Format::Grid => Box::new(grid::Drawn {
            mode,
            alphabet,
            pencil: false,
        }),
        Format::Pencil => Box::new(grid::Drawn {
            mode,
            alphabet,
            pencil: true,
        }),
        Format::Json => Box::new(json::Json { mode, alphabet }),
    }
}

/// A grid's text, or (never expected: the alphabet read the puzzle, so it
/// writes the solution) the reason it has none.
fn text_or_error(text: Result<String, AlphabetError>) -> String {
    text.unwrap_or_else(|e| format!("({e})"))
}

/// The text of a count (--count) or of a status (--check, or a search
/// that kept no solution): `N`, `N interrupted`, or the word.
fn count_or_status(mode: Mode, count: u64, status: Status) -> String {
    match (mode, status) {
        (Mode::Count(_), Status::Interrupted | Status::Stopped) => {
            format!("{count} {}", status.word())
        }
        (Mode::Count(_), _) => count.to_string(),
        _ => status.word().to_string(),
    }
}

/// The text of the solutions of --all, each shown by `show` and ended by a
/// newline, with the end of the record.
fn solutions(out: &mut String, grids: &[Grid], status: Status, show: impl Fn(&Grid) -> String) {
    for grid in grids {
        out.push_str(&show(grid));
        out.push('\n');
    }
    end_of_solutions(out, status);
}

/// The end of a record of --all in text, after its solutions: the status
/// when it has no solution or was stopped, then an empty line.
fn end_of_solutions(out: &mut String, status: Status) {
    if matches!(status, Status::None | Status::Interrupted | Status::Stopped) {
        out.push_str(status.word());
        out.push('\n');
    }
    out.push('\n');
}

/// Writes the solutions of `search` in text as they are found, each shown
/// by `show` and ended by a newline, then the end of the record.
fn stream_text(
    out: &mut dyn Write,
    search: Search,
    show: impl Fn(&Grid) -> String,
) -> io::Result<Verdict> {
    let verdict = search.run(|grid| writeln!(out, "{}", show(grid)))?;
    let mut end = String::new();
    end_of_solutions(&mut end, verdict.status);
    out.write_all(end.as_bytes())?;
    Ok(verdict)
}

/// The solutions of each candidate of the cells with more than one, a
/// line per cell: `r1c3: 3 (2), 4 (10+)`, `+` at the cap.
fn candidate_counts(candidates: &Candidates) -> String {
    let n = candidates.layout().side();
    let mut out = String::new();
    for (r, c) in (0..n * n).map(|cell| (cell / n, cell % n)) {
        let digits: Vec<u8> = candidates.digits(r, c).collect();
        if digits.len() < 2 {
            continue;
        }
        let counts: Vec<String> = digits
            .iter()
            .map(|&d| {
                let count = candidates.count(r, c, d);
                let more = if count == candidates.cap() { "+" } else { "" };
                format!("{d} ({count}{more})")
            })
            .collect();
        out.push_str(&format!("r{}c{}: {}\n", r + 1, c + 1, counts.join(", ")));
    }
    out
}

/// The text of a rating: the score and the class, `52.25 medium`.
pub fn rating_text(rating: &Rating) -> String {
    format!("{:.2} {}", rating.score, rating.difficulty)
}

/// A figure of Sudoku Explainer's scale to one decimal, as it gives them:
/// the nearest double to the decimal, which JSON writes as `7.1`.
pub fn tenths(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// The words of Sudoku Explainer's rating:
/// `ER 7.1 EP 1.2 ED 1.2 (hardest: nishio)`.
pub fn se_rating_words(rating: &SeRating) -> String {
    let mut text = format!(
        "ER {:.1} EP {:.1} ED {:.1}",
        rating.er, rating.ep, rating.ed
    );
    if let Some(technique) = rating.hardest {
        text.push_str(&format!(" (hardest: {technique})"));
    }
    text
}

/// The text of --explain and --hint: each step on a line, then for
/// --explain the grid reached, shown by `show`; --hint with no step says
/// "solved" or "no step".
pub fn steps_text(
    out: &mut String,
    mode: Mode,
    steps: &[sudoku_dlx::Step],
    grid: &Grid,
    show: impl Fn(&Grid) -> String,
) {
    for step in steps {
        out.push_str(&step.to_string());
        out.push('\n');
    }
    if mode == Mode::Explain {
        out.push_str(&show(grid));
        out.push('\n');
    } else if steps.is_empty() {
        out.push_str(if grid.is_complete() {
            "solved\n"
        } else {
            "no step\n"
        });
    }
}
