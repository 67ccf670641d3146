//! `--format grid`: each solution drawn over its rows and followed by an
//! empty line; a count or a status on a line followed by an empty line;
//! with --all, one more empty line ends the record. `--format pencil` is
//! the same with every grid drawn as a candidate grid.

use sudoku_dlx::{Alphabet, Candidates, Grid, SeRating};

use super::text::Style;
use super::{se_rating_words, text_or_error};

/// The style of drawn grids.
pub struct Drawn {
    pub alphabet: Alphabet,
    /// Whether grids are drawn as candidate grids (--format pencil).
    pub pencil: bool,
}

impl Style for Drawn {
    /// An empty line sets each drawn grid apart from the next.
    const END: &'static str = "\n";

    /// The grid drawn, every row ended by a newline; a line more says
    /// how many constraints of a variant puzzle are not drawn.
    fn grid(&self, grid: &Grid) -> String {
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

    /// `ER 7.1 EP 1.2 ED 1.2 (hardest: nishio)`.
    fn se_rating(&self, rating: &SeRating) -> String {
        se_rating_words(rating)
    }

    /// The pencilmark grid (a candidate grid with --format pencil, when
    /// every cell has a candidate), and with a cap above 1 the solutions
    /// of each candidate.
    fn candidates(&self, candidates: &Candidates) -> Option<String> {
        let mut text = match candidates.to_grid() {
            Some(grid) if self.pencil => self.grid(&grid),
            _ => candidates.to_string(),
        };
        if candidates.cap() > 1 {
            text.push_str(&candidate_counts(candidates));
        }
        Some(text)
    }
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
