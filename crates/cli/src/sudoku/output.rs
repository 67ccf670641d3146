//! The output records of `dlx sudoku`, in a [`Writer`] chosen once per
//! run by `--format`: JSON's, or the text formats' one walk over the
//! answer, each drawn in its own style.

use std::io::{self, Write};

use sudoku_dlx::{Alphabet, AlphabetError, Grid, Rating, SeRating};

use super::flags::Format;
use super::flags::Mode;
use super::report::{Report, Verdict};
use super::solve::Search;

mod grid;
mod json;
pub use json::{RatingFields, SeRatingFields};
mod line;
mod text;
use text::Text;

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
        Format::Line => Box::new(Text {
            mode,
            style: line::Line { alphabet },
        }),
        Format::Grid | Format::Pencil => Box::new(Text {
            mode,
            style: grid::Drawn {
                alphabet,
                pencil: format == Format::Pencil,
            },
        }),
        Format::Json => Box::new(json::Json { mode, alphabet }),
    }
}

/// A grid's text, or (never expected: the alphabet read the puzzle, so it
/// writes the solution) the reason it has none.
fn text_or_error(text: Result<String, AlphabetError>) -> String {
    text.unwrap_or_else(|e| format!("({e})"))
}

/// A grid on one line, as `--format line` and JSON write it.
fn line_of(grid: &Grid, alphabet: &Alphabet) -> String {
    text_or_error(grid.to_line_with(alphabet))
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
