//! The search of hard puzzles with constraints: probes at every node.
//!
//! Exact cover hides what a placement rules out, never a placement that has
//! lost all support. A probe finds those: the placement is selected and
//! searched for a few nodes, and a search that ends without a solution
//! refutes it, which takes it out of play.
//!
//! A puzzle that a plain search of [`PLAIN_NODES`] does not
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
//! returns, so the matrix is left as the node found it.
//!
//! The search is written over the [`Matrix`], handed to each call: its
//! own state ([`Deep`]) sits beside the matrix in
//! [`SudokuSolver`](crate::SudokuSolver), which calls it for the puzzles
//! it finds hard.

use std::collections::VecDeque;

use dlx::OptionId;

use super::error::SolveError;
use super::matrix::{Bounded, Matrix};

/// The nodes of a plain search to 2 solutions after which a puzzle with
/// constraints is probed.
const PLAIN_NODES: u64 = 1_000;

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

/// The nodes the deep search gives its searches: [`PLAIN_NODES`],
/// [`SPLIT_NODES`], [`PROBE_NODES`] and [`FIRST_PROBE_NODES`], made small
/// by the tests so that small puzzles split.
#[derive(Clone, Copy, Debug)]
struct Budgets {
    plain: u64,
    split: u64,
    probe: u64,
    first_probe: u64,
}

impl Default for Budgets {
    fn default() -> Budgets {
        Budgets {
            plain: PLAIN_NODES,
            split: SPLIT_NODES,
            probe: PROBE_NODES,
            first_probe: FIRST_PROBE_NODES,
        }
    }
}

/// The probes of one node: the exclusions made, the rounds, and the
/// placements still in play.
#[derive(Clone, Debug)]
struct Probed {
    /// The options excluded.
    excluded: usize,
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
    fn root(n: usize) -> Probed {
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
    fn probe_nodes(&self, budgets: Budgets) -> u64 {
        if self.root {
            (budgets.first_probe << self.rounds.min(8)).min(budgets.probe)
        } else {
            budgets.probe
        }
    }

    /// Whether the last round is the node's last.
    fn last_round(&self) -> bool {
        let most = if self.root { ROOT_ROUNDS } else { CHILD_ROUNDS };
        self.refuted == 0 || self.rounds >= most
    }

    /// Undoes the node's exclusions, made after the selections it found;
    /// the root's refutations hold for every search of the puzzle loaded,
    /// and stay until the next is loaded.
    fn release(&self, matrix: &mut Matrix) {
        if !self.root {
            for _ in 0..self.excluded {
                matrix.solver.unexclude();
            }
        }
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

/// The deep search of the puzzle loaded in a [`Matrix`]: whether it is
/// hard, the root's probes, the lazy search of its solutions, and the
/// budgets of its searches. It lives beside the matrix, which it is
/// handed at each call.
#[derive(Clone, Debug, Default)]
pub(crate) struct Deep {
    /// Whether the puzzle loaded is searched here: it has constraints,
    /// and a plain search does not settle it quickly.
    hard: bool,
    /// The root's round of probes, made when the puzzle was loaded and
    /// taken up by the deep search.
    root: Option<Probed>,
    /// The lazy deep search of a hard puzzle's solutions, when listed.
    walk: Option<Walk>,
    /// The nodes of the deep search's searches.
    budgets: Budgets,
}

impl Deep {
    /// Forgets the puzzle loaded before, as the next is loaded.
    pub(crate) fn clear(&mut self) {
        self.hard = false;
        self.root = None;
        self.walk = None;
    }

    /// Whether the puzzle loaded is searched here.
    pub(crate) fn is_hard(&self) -> bool {
        self.hard
    }

    /// Whether the lazy search of [`Deep::start_walk`] hands out the
    /// loaded puzzle's solutions.
    pub(crate) fn is_walking(&self) -> bool {
        self.walk.is_some()
    }

    /// Probes a puzzle with constraints that a plain search of
    /// [`Budgets::plain`] does not settle (a killer's searches propagate
    /// from the root instead, with no probe: see
    /// [`Matrix::propagate_from_root`]): marks it hard, and makes the
    /// root's first round of probes, whose exclusions stay until the next
    /// puzzle is loaded. An easy puzzle is searched to 2 solutions in
    /// fewer nodes than the probes would take: then there is nothing to
    /// probe.
    pub(crate) fn probe(&mut self, matrix: &mut Matrix) -> Result<(), SolveError> {
        let (_, ended) = matrix.bounded(self.budgets.plain, |m| m.solver.count_up_to(2));
        if !matches!(ended, Bounded::OutOfBudget | Bounded::NodeLimit) {
            return Ok(());
        }
        // A killer propagates from the root instead.
        if matrix.propagate_from_root() {
            return Ok(());
        }
        self.hard = true;
        matrix.propagate(true);
        let mut probed = Probed::root(matrix.layout().side());
        self.probe_round(matrix, &mut probed)?;
        probed.excluded = 0;
        self.root = Some(probed);
        Ok(())
    }

    /// A round of probes: each placement in play is selected and searched
    /// for at most [`Probed::probe_nodes`] nodes; those refuted are
    /// excluded (undone with as many [`dlx::Solver::unexclude`] as
    /// `probed.excluded` grows), the others marked in play. The probes'
    /// nodes and updates count in the stats.
    fn probe_round(&self, matrix: &mut Matrix, probed: &mut Probed) -> Result<(), SolveError> {
        let n = probed.n;
        let start = matrix.solver.stats().nodes;
        let budget = probed.probe_nodes(self.budgets);
        // A probe is a few nodes: the propagation would cost more than the
        // nodes it saves there.
        let propagating = matrix.is_propagating();
        matrix.propagate(false);
        probed.refuted = 0;
        probed.alive.fill(false);
        for k in 0..n * n * n {
            let option = OptionId::from_index(k);
            if matrix.is_absent(option) || matrix.solver.select(option).is_err() {
                continue;
            }
            let (found, ended) = matrix.bounded(budget, |m| m.solver.count_up_to(1));
            matrix.solver.unselect();
            match ended {
                Bounded::Cancelled => {
                    matrix.propagate(propagating);
                    return Err(SolveError::Cancelled { found: 0 });
                }
                Bounded::Finished if found == 0 => {
                    if matrix.solver.exclude(option).is_err() {
                        break;
                    }
                    probed.excluded += 1;
                    probed.refuted += 1;
                }
                _ => probed.alive[k] = true,
            }
        }
        matrix.propagate(propagating);
        probed.rounds += 1;
        probed.nodes = matrix.solver.stats().nodes - start;
        probed.fresh = true;
        Ok(())
    }

    /// Hands the solutions of the loaded puzzle, which is hard, up to
    /// `max`, to `each`, and returns how many there were: a plain search
    /// of [`PLAIN_NODES`], then, when it does not finish, the deep search.
    pub(crate) fn solutions_up_to(
        &mut self,
        matrix: &mut Matrix,
        max: u64,
        mut each: impl FnMut(&[OptionId]),
    ) -> Result<u64, SolveError> {
        let mut list = Vec::new();
        let found = match bounded_search(matrix, self.budgets.plain, max, Some(&mut list))? {
            Some(found) => found,
            None => self.search(matrix, max, Some(&mut list))?,
        };
        list.iter().for_each(|options| each(options));
        Ok(found)
    }

    /// Counts the solutions of the loaded puzzle, up to `max`, listing
    /// them in `list` when given: from the root's probes when the puzzle
    /// was just loaded, else as a node below it, whose exclusions are
    /// undone when it returns.
    pub(crate) fn search(
        &mut self,
        matrix: &mut Matrix,
        max: u64,
        mut list: Option<&mut Vec<Vec<OptionId>>>,
    ) -> Result<u64, SolveError> {
        let mut probed = self
            .root
            .take()
            .unwrap_or_else(|| Probed::child(matrix.layout().side()));
        let result = match self.settle(matrix, &mut probed, max, list.as_deref_mut()) {
            Ok(Settled::Done(found)) => Ok(found),
            Ok(Settled::Split(options)) => self.split(matrix, max, list, options),
            Err(e) => Err(e),
        };
        probed.release(matrix);
        result
    }

    /// Searches each of `options` in turn, selected, until `max` solutions.
    fn split(
        &mut self,
        matrix: &mut Matrix,
        max: u64,
        mut list: Option<&mut Vec<Vec<OptionId>>>,
        options: Vec<OptionId>,
    ) -> Result<u64, SolveError> {
        let mut total = 0;
        for option in options {
            if total >= max {
                break;
            }
            if matrix.solver.select(option).is_err() {
                continue;
            }
            let below = self.search(matrix, max - total, list.as_deref_mut());
            matrix.solver.unselect();
            total += below?;
        }
        Ok(total)
    }

    /// Probes a node and searches it until a search finishes (up to `max`
    /// solutions, listed in `list` when given) or the node must split.
    fn settle(
        &self,
        matrix: &mut Matrix,
        probed: &mut Probed,
        max: u64,
        mut list: Option<&mut Vec<Vec<OptionId>>>,
    ) -> Result<Settled, SolveError> {
        loop {
            // The root's first round was made when the puzzle was loaded.
            if !probed.fresh {
                self.probe_round(matrix, probed)?;
            }
            probed.fresh = false;
            let last = probed.last_round();
            let budget = if last {
                self.budgets.split
            } else {
                probed.nodes.max(self.budgets.plain)
            };
            if let Some(found) = bounded_search(matrix, budget, max, list.as_deref_mut())? {
                return Ok(Settled::Done(found));
            }
            if last {
                break;
            }
        }
        if let Some(options) = probed.split() {
            return Ok(Settled::Split(options));
        }
        // Nothing to split on: search on, to the end or the limit.
        let found = matrix.each_solution(max, |options| {
            if let Some(list) = list.as_deref_mut() {
                list.push(options.to_vec());
            }
        });
        match matrix.stopped(found) {
            Some(e) => Err(e),
            None => Ok(Settled::Done(found)),
        }
    }

    /// Starts the lazy deep search of the loaded puzzle, which is hard:
    /// [`Deep::walk_next`] hands out its solutions. A limit that stops it
    /// ends the solutions ([`crate::SudokuSolver::outcome`] says so).
    pub(crate) fn start_walk(&mut self, matrix: &mut Matrix) {
        let n = matrix.layout().side();
        let probed = self.root.take().unwrap_or_else(|| Probed::root(n));
        let mut walk = Walk::default();
        if self.settle_into(matrix, &mut walk, probed).is_err() {
            walk.frames.clear();
        }
        self.walk = Some(walk);
    }

    /// Settles a node of the lazy search: its solutions are ready, or it
    /// is a frame to split.
    fn settle_into(
        &self,
        matrix: &mut Matrix,
        walk: &mut Walk,
        mut probed: Probed,
    ) -> Result<(), SolveError> {
        let mut list = Vec::new();
        match self.settle(matrix, &mut probed, u64::MAX, Some(&mut list))? {
            Settled::Done(_) => {
                walk.ready.extend(list);
                probed.release(matrix);
            }
            Settled::Split(options) => walk.frames.push(Frame {
                probed,
                options,
                next: 0,
                selected: false,
            }),
        }
        Ok(())
    }

    /// The next solution of the lazy deep search, if any.
    pub(crate) fn walk_next(&mut self, matrix: &mut Matrix) -> Option<Vec<OptionId>> {
        let mut walk = self.walk.take()?;
        let n = matrix.layout().side();
        let found = loop {
            if let Some(options) = walk.ready.pop_front() {
                break Some(options);
            }
            let Some(top) = walk.frames.last_mut() else {
                break None;
            };
            if top.selected {
                top.selected = false;
                matrix.solver.unselect();
            }
            let Some(&option) = top.options.get(top.next) else {
                if let Some(frame) = walk.frames.pop() {
                    frame.probed.release(matrix);
                }
                continue;
            };
            top.next += 1;
            if matrix.solver.select(option).is_err() {
                continue;
            }
            top.selected = true;
            if self
                .settle_into(matrix, &mut walk, Probed::child(n))
                .is_err()
            {
                // Stopped by a limit: the solutions end here.
                walk.frames.clear();
                walk.ready.clear();
            }
        };
        self.walk = Some(walk);
        found
    }
}

/// A plain search of at most `budget` nodes for up to `max` solutions:
/// their number when it finishes, `None` when it runs out of nodes. A
/// search that runs out is searched again below a split, so its
/// solutions go to `list` (when given) only once it finishes.
fn bounded_search(
    matrix: &mut Matrix,
    budget: u64,
    max: u64,
    list: Option<&mut Vec<Vec<OptionId>>>,
) -> Result<Option<u64>, SolveError> {
    let mut here = Vec::new();
    let listing = list.is_some();
    let (found, ended) = matrix.bounded(budget, |m| {
        m.each_solution(max, |options| {
            if listing {
                here.push(options.to_vec());
            }
        })
    });
    match ended {
        Bounded::Cancelled => Err(SolveError::Cancelled { found: 0 }),
        Bounded::NodeLimit => Err(SolveError::NodeLimit { found: 0 }),
        Bounded::OutOfBudget => Ok(None),
        Bounded::Finished => {
            if let Some(list) = list {
                list.extend(here);
            }
            Ok(Some(found))
        }
    }
}

/// How a node of the deep search settles.
enum Settled {
    /// A search finished, with this many solutions.
    Done(u64),
    /// The node splits on these placements.
    Split(Vec<OptionId>),
}

/// The lazy deep search of [`crate::GridSolutions`]: the nodes split on,
/// deepest last, and the solutions found but not handed out yet.
#[derive(Clone, Debug, Default)]
struct Walk {
    frames: Vec<Frame>,
    ready: VecDeque<Vec<OptionId>>,
}

/// A node of the lazy search that splits.
#[derive(Clone, Debug)]
struct Frame {
    probed: Probed,
    /// The placements it splits on, and the next to search.
    options: Vec<OptionId>,
    next: usize,
    /// Whether `options[next - 1]` is selected.
    selected: bool,
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::Budgets;
    use crate::{Constraint, Grid, Layout, SudokuSolver};

    /// A random walk of `len` cells from a random cell, by rows and
    /// columns, never twice the same cell.
    fn walk(rng: &mut ChaCha8Rng, n: usize, len: usize) -> Vec<(usize, usize)> {
        let mut cells = vec![(rng.random_range(0..n), rng.random_range(0..n))];
        while cells.len() < len {
            let (r, c) = *cells.last().unwrap();
            let next: Vec<_> = [(0, 1), (2, 1), (1, 0), (1, 2)]
                .iter()
                .map(|&(dr, dc)| ((r + dr).wrapping_sub(1), (c + dc).wrapping_sub(1)))
                .filter(|&(r, c)| r < n && c < n && !cells.contains(&(r, c)))
                .collect();
            if next.is_empty() {
                break;
            }
            cells.push(next[rng.random_range(0..next.len())]);
        }
        cells
    }

    fn named(cells: &[(usize, usize)]) -> String {
        let names: Vec<String> = cells
            .iter()
            .map(|(r, c)| format!("r{}c{}", r + 1, c + 1))
            .collect();
        names.join(" ")
    }

    /// A random puzzle of side `n` with a few constraints and givens.
    fn puzzle(rng: &mut ChaCha8Rng, layout: Layout) -> Grid {
        let n = layout.side();
        let mut layout = layout;
        for _ in 0..rng.random_range(1..=4) {
            let len = rng.random_range(2..=4);
            let cells = walk(rng, n, len);
            let text = match rng.random_range(0..6) {
                0 => format!("thermo: {}", named(&cells)),
                1 => format!("cage {}: {}", rng.random_range(3..=3 * n), named(&cells)),
                2 => format!("white: {}", named(&cells[..2])),
                3 => format!("whispers 2: {}", named(&cells)),
                4 => format!("renban: {}", named(&cells)),
                _ => format!("palindrome: {}", named(&cells)),
            };
            let constraint: Constraint = text.parse().unwrap();
            if let Ok(with) = layout.clone().with_constraint(constraint) {
                layout = with;
            }
        }
        let mut grid = Grid::empty_in(&layout);
        for _ in 0..rng.random_range(0..=n / 2) {
            let (r, c) = (rng.random_range(0..n), rng.random_range(0..n));
            let _ = grid.set(r, c, rng.random_range(1..=n as u8));
        }
        grid
    }

    /// With budgets so small that every node probes and splits, the deep
    /// search counts, lists and marks what the plain engine finds on the
    /// puzzle's own exact-cover problem: counts, the solutions each once,
    /// and true candidates as their union.
    #[test]
    fn the_deep_search_finds_what_the_engine_finds() {
        let mut rng = ChaCha8Rng::seed_from_u64(22);
        let tiny = Budgets {
            plain: 0,
            split: 4,
            probe: 3,
            first_probe: 1,
        };
        let mut checked = 0;
        for round in 0..120 {
            let layout = if round % 2 == 0 {
                Layout::square(2).unwrap()
            } else {
                Layout::boxes(2, 3).unwrap()
            };
            let grid = puzzle(&mut rng, layout);
            let Ok(problem) = grid.to_problem() else {
                continue;
            };
            let mut engine = dlx::Solver::new(&problem);
            engine.set_limits(dlx::Limits::new().solutions(200));
            let plain = engine.count();
            let mut solver = SudokuSolver::for_layout(grid.layout());
            solver.deep.budgets = tiny;
            let count = solver.count_solutions_up_to(&grid, 200).unwrap();
            assert_eq!(count, plain, "{}", grid.to_variant_text());
            if plain >= 200 {
                continue;
            }
            checked += 1;
            let listed: Vec<Grid> = solver.solutions(&grid).unwrap().collect();
            assert_eq!(listed.len() as u64, plain, "{}", grid.to_variant_text());
            let distinct: HashSet<String> = listed.iter().map(Grid::to_string).collect();
            assert_eq!(distinct.len(), listed.len());
            assert!(listed.iter().all(|s| s.is_solution_of(&grid)));
            let candidates = solver.true_candidates(&grid, 3).unwrap();
            let n = grid.side();
            for (r, c) in (0..n).flat_map(|r| (0..n).map(move |c| (r, c))) {
                for d in 1..=n as u8 {
                    let times = listed.iter().filter(|s| s.get(r, c) == d).count() as u64;
                    assert_eq!(candidates.count(r, c, d), times.min(3));
                }
            }
            let one = solver.solve_one(&grid).unwrap();
            assert_eq!(one.is_some(), plain > 0);
            match solver.solution(&grid) {
                Ok(s) => assert!(plain == 1 && listed[0] == s),
                Err(_) => assert_ne!(plain, 1),
            }
        }
        assert!(checked > 40, "{checked} puzzles checked in full");
    }
}
