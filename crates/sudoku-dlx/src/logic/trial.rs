//! Trial and error, the last resort, said as such: a candidate whose
//! puzzle the search finds without solution is ruled out.

use dlx::OptionId;

use super::{cell_name, Logic, Step, Technique};
use crate::encode;
use crate::grid::Grid;
use crate::solve::SudokuSolver;

impl Logic {
    /// The live placements of the unfilled cells, cells with the fewest
    /// candidates first.
    pub(super) fn trial_order(&self) -> Vec<usize> {
        let n = self.n;
        let mut cells: Vec<usize> = (0..n * n).filter(|&c| self.placed[c] == 0).collect();
        cells.sort_by_key(|&c| self.count[c]);
        cells
            .into_iter()
            .flat_map(|cell| {
                (1..=n as u8)
                    .map(move |d| encode::option(n, cell, d).index())
                    .filter(|&o| self.is_live(o))
            })
            .collect()
    }

    /// Trial and error: the first candidate, cells of fewest candidates
    /// first, whose puzzle the search finds without solution.
    pub(super) fn trial(&self) -> Option<Step> {
        let n = self.n;
        let candidates = self.candidates();
        for option in self.trial_order() {
            let (cell, digit) = encode::placement(n, OptionId::from_index(option))?;
            let mut masks = candidates.candidate_masks()?.to_vec();
            masks[cell] = 1 << digit;
            let assumed = Grid::from_candidates(self.shape.layout.clone(), masks);
            let layout = &self.shape.layout;
            let count = SudokuSolver::with_thread_solver_for(layout, |solver| {
                // The searches stop when the path is stopped, and only then.
                solver.set_node_limit(None);
                solver.set_cancel_flag(self.cancel.clone());
                let count = solver.count_solutions_up_to(&assumed, 1);
                solver.set_cancel_flag(None);
                count
            });
            if count.ok()? == 0 {
                let base = vec![format!("{}={digit}", cell_name(n, cell))];
                return Some(self.step(
                    Technique::Trial,
                    base,
                    Vec::new(),
                    Vec::new(),
                    vec![option as u32],
                ));
            }
        }
        None
    }
}
