//! Killer puzzles made from cages alone: a solution grid cut into cages,
//! each with its sum, and no givens.
//!
//! The cut starts from one cage per cell (a puzzle as fully given as can
//! be) and merges neighbouring cages in a random order: two cages merge
//! when their cells hold distinct digits of the solution, together no more
//! than the largest cage allowed, and the puzzle of the merged cages still
//! has one solution. A cell left alone once every merge was tried gets one
//! more chance, with cages one cell larger. The puzzle made is minimal in
//! that sense: no two neighbouring cages of it merge into a cage within
//! the bound and keep it unique.

use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::{GenerateError, Generator};
use crate::constraint::Constraint;
use crate::grid::Grid;
use crate::layout::Layout;
use crate::solve::{SolveError, SudokuSolver};

/// The most nodes of the search that tests a merge, unless
/// [`Generator::trial_nodes`] says otherwise: a merge whose test needs
/// more is not made, and the puzzle is not called minimal.
const TRIAL_NODES: u64 = 100_000;

impl Generator {
    /// The killer puzzle of the cut of `solution` that `rng` orders.
    pub(super) fn cut_into_cages(
        &mut self,
        rng: &mut ChaCha8Rng,
        solution: &[u8],
        largest: usize,
    ) -> Result<Grid, GenerateError> {
        let n = self.layout.side();
        // Each cell's cage, named by one of its cells.
        let mut cage: Vec<usize> = (0..n * n).collect();
        let mut pairs: Vec<(usize, usize)> = (0..n * n)
            .flat_map(|c| {
                let right = (c % n + 1 < n).then_some((c, c + 1));
                let down = (c + n < n * n).then_some((c, c + n));
                right.into_iter().chain(down)
            })
            .collect();
        pairs.shuffle(rng);
        // First every cell joins a cage, then cages merge; a cell no cage
        // of at most `largest` cells takes stays a cage of its own.
        for lone in [true, false] {
            let bound = largest;
            for &(a, b) in &pairs {
                if self.cancelled() {
                    return Err(GenerateError::Cancelled);
                }
                let (ca, cb) = (cage[a], cage[b]);
                if ca == cb {
                    continue;
                }
                let cells: Vec<usize> = (0..n * n)
                    .filter(|&c| cage[c] == ca || cage[c] == cb)
                    .collect();
                let alone = |k: usize| cage.iter().filter(|&&x| x == k).count() == 1;
                if cells.len() > bound || (lone && !alone(ca) && !alone(cb)) {
                    continue;
                }
                let mut seen = 0u64;
                if cells.iter().any(|&c| {
                    let bit = 1u64 << solution[c];
                    let again = seen & bit != 0;
                    seen |= bit;
                    again
                }) {
                    continue;
                }
                let before = cage.clone();
                for &c in &cells {
                    cage[c] = ca;
                }
                if !self.unique(&cage, solution)? {
                    cage = before;
                }
            }
        }
        // The cut was a layout when it was tested.
        let layout = self
            .cut(&cage, solution)
            .ok_or_else(|| GenerateError::NoGrid(self.layout.clone()))?;
        Ok(Grid::empty_in(&layout))
    }

    /// The layout of the cut `cage`: one summed cage per name (`None` if
    /// a cage is no constraint of the layout).
    fn cut(&self, cage: &[usize], solution: &[u8]) -> Option<Layout> {
        let n = self.layout.side();
        let mut layout = self.layout.clone();
        for name in 0..n * n {
            let cells: Vec<(usize, usize)> = (0..n * n)
                .filter(|&c| cage[c] == name)
                .map(|c| (c / n, c % n))
                .collect();
            if cells.is_empty() {
                continue;
            }
            let sum = cells
                .iter()
                .map(|&(r, c)| u32::from(solution[r * n + c]))
                .sum();
            let constraint = Constraint::Cage {
                cells,
                sum: Some(sum),
            };
            layout = layout.with_constraint(constraint).ok()?;
        }
        Some(layout)
    }

    /// Whether the puzzle of the cut `cage` has one solution.
    fn unique(&mut self, cage: &[usize], solution: &[u8]) -> Result<bool, GenerateError> {
        let Some(layout) = self.cut(cage, solution) else {
            return Ok(false);
        };
        let mut solver = SudokuSolver::for_layout(&layout);
        if let Some(flag) = &self.cancel {
            solver.set_cancel_flag(Some(std::sync::Arc::clone(flag)));
        }
        solver.set_node_limit(Some(self.trial_nodes.unwrap_or(TRIAL_NODES)));
        match solver.count_solutions_up_to(&Grid::empty_in(&layout), 2) {
            Ok(count) => Ok(count == 1),
            Err(SolveError::NodeLimit { .. }) => {
                self.minimal = false;
                Ok(false)
            }
            Err(_) => Err(GenerateError::Cancelled),
        }
    }
}
