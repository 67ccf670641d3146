//! Where a run cuts the search tree, and which subtrees it searches:
//! `--split-depth`, `--pieces`, `--piece`, a checkpoint's pieces, or the
//! pieces that keep the threads of a count busy.

use dlx::{OptionId, Solver, Split};

use super::Run;
use crate::terminal::diagnose;

/// The number of pieces `--checkpoint` cuts the tree into at least, when
/// no depth is given: enough that a resumed run loses little, few enough
/// that the file stays small.
const CHECKPOINT_PIECES: usize = 1000;

/// The cut of a run.
pub struct Plan {
    /// The tree cut into subtrees, when the run cuts it.
    pub split: Option<Split>,
    /// The subtrees this run searches, by their index in the split: those
    /// of its piece, or all of them.
    pub mine: Vec<usize>,
}

impl Plan {
    /// The cut `run` asks for. A count on several threads is cut so that
    /// they share the subtrees; one thread counts the whole tree as one
    /// piece, and a run that prints solutions is cut only when asked. A
    /// memoized count is cut only when asked too: the threads' tables
    /// would share nothing, and one table meets every repeated state (9x12
    /// trominoes: 0.26 s on one thread, 1.13 s cut for two).
    pub fn new(solver: &mut Solver, run: &Run) -> Plan {
        let split = match (run.split_depth, run.pieces) {
            (Some(depth), _) => Some(solver.split(depth)),
            (None, Some(want)) => Some(split_into(solver, want)),
            (None, None) if run.checkpoint.is_some() => {
                Some(split_into(solver, CHECKPOINT_PIECES as u64))
            }
            (None, None) if run.count && !run.memo && run.threads.count() > 1 => {
                Some(solver.split_for(run.threads.count()))
            }
            (None, None) => None,
        };
        let mine: Vec<usize> = match (&split, run.piece) {
            (Some(split), Some((i, n))) => {
                let mine: Vec<usize> = (i - 1..split.len()).step_by(n).collect();
                diagnose(format_args!(
                    "dlx: piece {i}/{n}: {} of the {} subtrees at depth {}",
                    mine.len(),
                    split.len(),
                    split.depth()
                ));
                mine
            }
            (Some(split), None) => (0..split.len()).collect(),
            (None, _) => Vec::new(),
        };
        Plan { split, mine }
    }

    /// The split, when the run owns the walk that cut it: the nodes above
    /// the subtrees count with the first subtree (index 0), so that the
    /// figures of pieces 1/N to N/N add up to those of the whole search.
    pub fn above(&self) -> Option<&Split> {
        self.split
            .as_ref()
            .filter(|_| self.mine.first() == Some(&0))
    }

    /// The options of the subtrees this run searches, or `None` for the
    /// whole tree.
    pub fn pieces(&self) -> Option<Vec<&[OptionId]>> {
        let split = self.split.as_ref()?;
        Some(
            self.mine
                .iter()
                .map(|&k| split.pieces()[k].as_slice())
                .collect(),
        )
    }
}

/// The tree cut at the least depth that gives at least `want` subtrees (or
/// at the depth of the tree, when no depth does).
fn split_into(solver: &mut Solver, want: u64) -> Split {
    let want = usize::try_from(want).unwrap_or(usize::MAX);
    let mut depth = 0;
    loop {
        let split = solver.split(depth);
        if split.len() >= want || split.is_empty() || depth > solver.primary_count() {
            return split;
        }
        depth += 1;
    }
}
