//! The search of hard puzzles with constraints: probes at every node.
//!
//! Exact cover hides what a placement rules out, never a placement that has
//! lost all support. A probe finds those: the placement is selected and
//! searched for a few nodes, and a search that ends without a solution
//! refutes it, which takes it out of play.
//!
//! A puzzle that a plain search of [`crate::solve::PLAIN_NODES`] does not
//! settle is searched here. At each node, rounds of probes alternate with
//! plain searches of about as many nodes as the last round took, while the
//! rounds refute something: at the root up to [`ROOT_ROUNDS`] rounds, whose
//! probes get [`FIRST_PROBE_NODES`] nodes, then twice as many each round up
//! to [`PROBE_NODES`] (most refutations take a node or two, and an easy
//! puzzle is done before the costly rounds); below the root one round of
//! [`PROBE_NODES`]. After the last round a plain search gets
//! [`SPLIT_NODES`]; when that does not finish, the node splits on the cell
//! with the fewest placements still in play, each selected in turn and
//! searched the same way. Every exclusion a node makes is undone before it
//! returns, so the solver is left as the node found it.

use dlx::OptionId;

use crate::solve::{Bounded, SolveError, SudokuSolver, PLAIN_NODES};

/// The nodes of a node's last plain search, before it splits.
const SPLIT_NODES: u64 = 20_000;

/// The most nodes of a probe, below the root and in the root's last rounds.
const PROBE_NODES: u64 = 24;

/// The nodes of a probe in the root's first round.
const FIRST_PROBE_NODES: u64 = 4;

/// The most rounds of probes at the root.
const ROOT_ROUNDS: usize = 4;

/// The most rounds of probes at a node below the root.
const CHILD_ROUNDS: usize = 1;

/// The probes of one node: the exclusions made, the rounds, and the
/// placements still in play.
#[derive(Clone, Debug)]
pub(crate) struct Probed {
    /// The options excluded.
    pub excluded: usize,
    /// Whether the node is the root.
    root: bool,
    /// The rounds made.
    rounds: usize,
    /// The placements the last round refuted.
    refuted: usize,
    /// The nodes the last round took.
    nodes: u64,
    /// Whether no search has followed the last round yet.
    fresh: bool,
    n: usize,
    /// Per placement `cell * n + d - 1`: in play after the last round.
    alive: Vec<bool>,
}

impl Probed {
    /// The probes of the root, none made yet.
    pub(crate) fn root(n: usize) -> Probed {
        Probed {
            root: true,
            ..Probed::child(n)
        }
    }

    /// The probes of a node below the root, none made yet.
    fn child(n: usize) -> Probed {
        Probed {
            excluded: 0,
            root: false,
            rounds: 0,
            refuted: 0,
            nodes: 0,
            fresh: false,
            n,
            alive: vec![false; n * n * n],
        }
    }

    /// The nodes each probe of the next round gets.
    fn probe_nodes(&self) -> u64 {
        if self.root {
            (FIRST_PROBE_NODES << self.rounds.min(8)).min(PROBE_NODES)
        } else {
            PROBE_NODES
        }
    }

    /// Whether the last round is the node's last.
    fn last_round(&self) -> bool {
        let most = if self.root { ROOT_ROUNDS } else { CHILD_ROUNDS };
        self.refuted == 0 || self.rounds >= most
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
    /// A round of probes: each placement in play is selected and searched
    /// for at most [`Probed::probe_nodes`] nodes; those refuted are
    /// excluded (undone with as many [`dlx::Solver::unexclude`] as
    /// `probed.excluded` grows), the others marked in play. The probes'
    /// nodes and updates count in the stats.
    pub(crate) fn probe_round(&mut self, probed: &mut Probed) -> Result<(), SolveError> {
        let n = probed.n;
        let start = self.solver.stats().nodes;
        let budget = probed.probe_nodes();
        probed.refuted = 0;
        probed.alive.fill(false);
        for k in 0..n * n * n {
            let option = OptionId::from_index(k);
            if self.is_absent(option) || self.solver.select(option).is_err() {
                continue;
            }
            let (found, ended) = self.bounded(budget, |s| s.solver.count_up_to(1));
            self.solver.unselect();
            match ended {
                Bounded::Cancelled => return Err(SolveError::Cancelled { found: 0 }),
                Bounded::Finished if found == 0 => {
                    if self.solver.exclude(option).is_err() {
                        break;
                    }
                    probed.excluded += 1;
                    probed.refuted += 1;
                }
                _ => probed.alive[k] = true,
            }
        }
        probed.rounds += 1;
        probed.nodes = self.solver.stats().nodes - start;
        probed.fresh = true;
        Ok(())
    }

    /// Counts the solutions of the loaded puzzle, up to `max`, keeping the
    /// first `keep` of them in `kept`: from the root's probes when the
    /// puzzle was just loaded, else as a node below it.
    pub(crate) fn deep(
        &mut self,
        max: u64,
        keep: usize,
        kept: &mut Vec<Vec<OptionId>>,
    ) -> Result<u64, SolveError> {
        let mut probed = self
            .root
            .take()
            .unwrap_or_else(|| Probed::child(self.layout().side()));
        let result = self.node(max, keep, kept, &mut probed);
        for _ in 0..probed.excluded {
            self.solver.unexclude();
        }
        result
    }

    /// One node of the deep search.
    fn node(
        &mut self,
        max: u64,
        keep: usize,
        kept: &mut Vec<Vec<OptionId>>,
        probed: &mut Probed,
    ) -> Result<u64, SolveError> {
        let room = keep.saturating_sub(kept.len());
        loop {
            // The root's first round was made when the puzzle was loaded.
            if !probed.fresh {
                self.probe_round(probed)?;
            }
            probed.fresh = false;
            let last = probed.last_round();
            let budget = if last {
                SPLIT_NODES
            } else {
                probed.nodes.max(PLAIN_NODES)
            };
            let mut here = Vec::new();
            let (found, ended) = self.bounded(budget, |s| {
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
            if last {
                break;
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
