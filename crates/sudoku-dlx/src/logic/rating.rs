//! A puzzle's rating on Sudoku Explainer's scale: ER, EP and ED, from
//! the path of steps the rules take.

use std::fmt;

use super::{Step, Technique};
use crate::check::Conflict;
use crate::grid::Grid;

/// A puzzle's difficulty on Sudoku Explainer's scale, from its step path
/// ([`Grid::rate_se`]).
#[derive(Clone, Debug, PartialEq)]
pub struct SeRating {
    /// ER: the difficulty of the hardest step of the path.
    pub er: f64,
    /// EP: the hardest step up to the first that places a digit.
    pub ep: f64,
    /// ED: the difficulty of the first step.
    pub ed: f64,
    /// The technique of the hardest step (the first of that difficulty).
    pub hardest: Option<Technique>,
    /// How many steps the path has.
    pub steps: usize,
    /// Whether the path reached the solution; false when no technique
    /// found a step (a puzzle with several solutions, or none).
    pub solved: bool,
}

impl SeRating {
    /// The rating of a path of steps, as Sudoku Explainer computes it.
    pub fn of_path(steps: &[Step], solved: bool) -> SeRating {
        let (mut er, mut ep, mut ed) = (0.0f64, None, None);
        let mut hardest = None;
        for step in steps {
            let difficulty = step.difficulty();
            if difficulty > er {
                er = difficulty;
                hardest = Some(step.technique);
            }
            ed.get_or_insert(er);
            if ep.is_none() && !step.placements.is_empty() {
                ep = Some(er);
            }
        }
        SeRating {
            er,
            ep: ep.unwrap_or(er),
            ed: ed.unwrap_or(er),
            hardest,
            steps: steps.len(),
            solved,
        }
    }
}

impl fmt::Display for SeRating {
    /// `ER/EP/ED`: `7.1/1.2/1.2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.1}/{:.1}/{:.1}", self.er, self.ep, self.ed)
    }
}

impl Grid {
    /// The puzzle's difficulty on Sudoku Explainer's scale (ER, EP, ED),
    /// from the path [`Grid::explain`] takes.
    ///
    /// # Errors
    ///
    /// As [`Grid::explain`].
    pub fn rate_se(&self) -> Result<SeRating, Conflict> {
        let mut logic = self.logic()?;
        let (steps, _) = logic.solve_all();
        Ok(SeRating::of_path(&steps, logic.is_solved()))
    }
}
