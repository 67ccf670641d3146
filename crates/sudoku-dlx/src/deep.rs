//! The search of hard puzzles with constraints: probes at every node.
//!
//! Exact cover hides what a placement rules out, never a placement that has
//! lost all support; probes find those (see `SudokuSolver::probe`). A
//! puzzle that probes at the root leave hard is searched here: at each
//! node, rounds of probes, then a plain search of at most [`SPLIT_NODES`]
//! nodes; when that does not finish, the node splits on the cell with the
//! fewest placements still in play, each selected in turn and searched the
//! same way. Every exclusion a node makes is undone before it returns, so
//! the solver is left as the node found it.

use dlx::OptionId;

use crate::solve::{Bounded, SolveError, SudokuSolver};

/// The nodes of a node's plain search before it splits.
const SPLIT_NODES: u64 = 20_000;

/// What a round of probes leaves: the exclusions made, and the
/// placements still in play.
#[derive(Debug)]
pub(crate) struct Probed {
    /// The options excluded.
    pub excluded: usize,
    n: usize,
    /// Per placement `cell * n + d - 1`: in play after the last round.
    alive: Vec<bool>,
}

impl Probed {
    pub(crate) fn new(n: usize) -> Probed {
        Probed {
            excluded: 0,
            n,
            alive: vec![false; n * n * n],
        }
    }

    pub(crate) fn clear_alive(&mut self) {
        self.alive.fill(false);
    }

    pub(crate) fn alive(&mut self, placement: usize) {
        self.alive[placement] = true;
    }

    /// The placements in play of the cell with the fewest of them, at
    /// least 2; `None` when every cell has one or none.
    fn split(&self) -> Option<Vec<OptionId>> {
        let n = self.n;
        (0..n * n)
            .map(|cell| {
                (cell * n..(cell + 1) * n)
                    .filter(|&k| self.alive[k])
                    .map(OptionId::from_index)
                    .collect::<Vec<_>>()
            })
            .filter(|options| options.len() >= 2)
            .min_by_key(Vec::len)
    }
}

impl SudokuSolver {
    /// Counts the solutions of the loaded puzzle, up to `max`, keeping the
    /// first `keep` of them in `kept`.
    pub(crate) fn deep(
        &mut self,
        max: u64,
        keep: usize,
        kept: &mut Vec<Vec<OptionId>>,
    ) -> Result<u64, SolveError> {
        let probed = self.probe_rounds();
        let result = match &probed {
            Ok(probed) => self.node(max, keep, kept, probed),
            Err(e) => Err(e.clone()),
        };
        if let Ok(probed) = &probed {
            for _ in 0..probed.excluded {
                self.solver.unexclude();
            }
        }
        result
    }

    /// One node of the deep search, its probes made.
    fn node(
        &mut self,
        max: u64,
        keep: usize,
        kept: &mut Vec<Vec<OptionId>>,
        probed: &Probed,
    ) -> Result<u64, SolveError> {
        let room = keep.saturating_sub(kept.len());
        let mut here = Vec::new();
        let (found, ended) = self.bounded(SPLIT_NODES, |s| {
            s.each_solution(max, |options| {
                if here.len() < room {
                    here.push(options.to_vec());
                }
            })
        });
        match ended {
            Bounded::Cancelled => return Err(SolveError::Cancelled { found: 0 }),
            Bounded::NodeLimit => return Err(SolveError::NodeLimit { found: 0 }),
            Bounded::OutOfBudget => {}
            Bounded::Finished => {
                kept.extend(here);
                return Ok(found);
            }
        }
        let Some(options) = probed.split() else {
            // Nothing to split on: search on, to the end or the limit.
            let count = self.solver.count_up_to(max);
            return match self.stopped(count) {
                Some(e) => Err(e),
                None => Ok(count),
            };
        };
        let mut total = 0;
        for option in options {
            if total >= max {
                break;
            }
            if self.solver.select(option).is_err() {
                continue;
            }
            let below = self.deep(max - total, keep, kept);
            self.solver.unselect();
            total += below?;
        }
        Ok(total)
    }
}
