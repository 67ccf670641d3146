//! Knuth's estimate of the size of a search tree from random paths.
//!
//! A *probe* follows one random path from the root: at each node it
//! branches on the item the search would choose, notes the number `d` of
//! children there (the options of that item that remain), and goes on to
//! one of them at random, until it reaches a solution or a dead end. With
//! `d1, d2, ...` the numbers of children on the way down, the probe's
//! estimate of the number of nodes is `1 + d1 + d1*d2 + d1*d2*d3 + ...`, and
//! the product of all of them, when the path ends at a solution, is its
//! estimate of the number of solutions (0 at a dead end). Both estimates
//! are unbiased: their mean over every path, weighted by its probability,
//! is the true figure (Knuth, "Estimating the efficiency of backtrack
//! programs", 1975; TAOCP 7.2.2, (19)-(20)). Averages over many probes
//! converge to the truth, slowly where the tree is lopsided.
//!
//! Nodes are counted as [`Stats::nodes`](crate::Stats) counts them: each
//! entry to a level, the root included, and each solution.
//!
//! At each node a probe does what the search does there: it chooses the
//! branching item by the search's own rule (so the estimate follows the
//! search's tree), counts the item's children without entering them (its
//! options left; under Algorithm M its score, which counts the options the
//! search tries and the null move), and enters one of them as
//! [`Solver::select_piece`] does. So a level of a probe costs about a node
//! of the search, however many children the node has.
//!
//! The products of the `d`s overflow an `f64` on deep trees (those of 200
//! queens do), so each probe also keeps them as logarithms, and
//! the mean over the probes is taken on figures scaled by the largest: the
//! [`Estimate`] gives the plain mean where it fits in an `f64` and its
//! logarithm always.
//!
//! Probes watch the solver's [`Limits`](crate::Limits): each level of a
//! probe counts as a node against the node limit, and the cancel flag is
//! read at every level, so an estimate can be stopped like a search; it
//! then says so in its [`Estimate::outcome`].

use std::f64::consts::LN_10;

use rand::Rng;

use crate::search::{Branch, Outcome, Solver};

/// An estimate of the size of a search tree, from [`Solver::estimate`].
///
/// The figures are finite: a mean too large for an `f64` saturates at
/// [`f64::MAX`], and its logarithm (`nodes_log10`, `solutions_log10`) says
/// what it is.
#[derive(Clone, Debug, Default, PartialEq)]
#[non_exhaustive]
pub struct Estimate {
    /// The estimated number of nodes: the mean of the probes' estimates
    /// ([`f64::MAX`] when larger; 0 when no probe was averaged).
    pub nodes: f64,
    /// The base-10 logarithm of the estimated number of nodes, exact where
    /// `nodes` saturates (0 when no probe was averaged).
    pub nodes_log10: f64,
    /// The standard error of `nodes` (the standard deviation of the
    /// probes' estimates over the square root of their number): the
    /// estimate's own idea of its precision, too hopeful on trees whose
    /// bulk is reached by few paths. [`f64::MAX`] when larger.
    pub nodes_error: f64,
    /// `nodes_error` over `nodes`, computed without overflow: the
    /// precision as a fraction, meaningful where both saturate.
    pub nodes_relative_error: f64,
    /// The estimated number of solutions ([`f64::MAX`] when larger; 0 when
    /// no probe reached a solution).
    pub solutions: f64,
    /// The base-10 logarithm of the estimated number of solutions; `None`
    /// when no probe reached a solution (the estimate is then 0, which
    /// says little about a tree whose solutions are rare).
    pub solutions_log10: Option<f64>,
    /// The probes, of those averaged, that ended at a solution.
    pub probes_with_solutions: u64,
    /// The number of probes averaged: those asked for, unless a limit
    /// stopped the estimate (a probe cut short is not averaged).
    pub probes: u64,
    /// The nodes the probes visited (the one cut short too): the cost of
    /// the estimate, counted against the node limit.
    pub visited: u64,
    /// The link removals the probes made going down (as
    /// [`Stats::updates`](crate::Stats) counts them): the rest of the
    /// estimate's cost.
    pub updates: u64,
    /// [`Outcome::Complete`] when every probe asked for ran;
    /// [`Outcome::NodeLimit`] or [`Outcome::Cancelled`] when a limit of
    /// the solver stopped the estimate first.
    pub outcome: Outcome,
}

/// What one probe saw: see [`Solver::probe`].
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[non_exhaustive]
pub struct Probe {
    /// The probe's estimate of the number of nodes ([`f64::MAX`] when
    /// larger).
    pub nodes: f64,
    /// The base-10 logarithm of `nodes`, exact where `nodes` saturates.
    pub nodes_log10: f64,
    /// The probe's estimate of the number of solutions: the product of the
    /// numbers of children on the way down when it ends at a solution, 0
    /// when it ends at a dead end ([`f64::MAX`] when larger).
    pub solutions: f64,
    /// The base-10 logarithm of `solutions`; `None` at a dead end.
    pub solutions_log10: Option<f64>,
    /// The depth the path reached.
    pub depth: usize,
    /// The nodes visited: the path's, `depth + 1`, unless a limit cut it
    /// short.
    pub visited: u64,
    /// The link removals made going down the path (as
    /// [`Stats::updates`](crate::Stats) counts them; not added to the
    /// solver's).
    pub updates: u64,
    /// [`Outcome::Complete`] when the path reached a solution or a dead
    /// end; [`Outcome::NodeLimit`] or [`Outcome::Cancelled`] when a limit
    /// of the solver cut it short (its figures are then those of the path
    /// so far, not an estimate).
    pub outcome: Outcome,
}

/// A probe, with the figures the mean of many is taken from.
struct Path {
    probe: Probe,
    /// The node estimate, `inf` when it overflows.
    nodes: f64,
    /// Its natural logarithm.
    ln_nodes: f64,
    /// The solution estimate, `inf` when it overflows.
    solutions: f64,
    /// Its natural logarithm; `None` at a dead end.
    ln_solutions: Option<f64>,
}

/// `ln(e^a + e^b)`, without overflow.
fn ln_add(a: f64, b: f64) -> f64 {
    let (high, low) = if a >= b { (a, b) } else { (b, a) };
    if low == f64::NEG_INFINITY {
        return high;
    }
    high + (low - high).exp().ln_1p()
}

/// `x`, or [`f64::MAX`] when it overflowed.
fn saturate(x: f64) -> f64 {
    if x.is_finite() {
        x
    } else {
        f64::MAX
    }
}

/// Welford's running mean and sum of squared deviations.
#[derive(Default)]
struct Mean {
    count: u64,
    mean: f64,
    squares: f64,
}

impl Mean {
    fn add(&mut self, x: f64) {
        self.count += 1;
        let delta = x - self.mean;
        self.mean += delta / self.count as f64;
        self.squares += delta * (x - self.mean);
    }

    /// The standard error of the mean, in the units of the figures.
    fn error(&self) -> f64 {
        if self.count < 2 {
            return 0.0;
        }
        (self.squares / (self.count - 1) as f64 / self.count as f64).sqrt()
    }

    /// Whether no sum overflowed.
    fn fits(&self) -> bool {
        self.mean.is_finite() && self.squares.is_finite()
    }
}

/// The mean of figures given by their natural logarithms (`None` for 0):
/// Welford's on the figures over `e^scale`, `scale` the logarithm of the
/// largest so far, so that nothing overflows; the sums are scaled down
/// when a larger figure comes.
#[derive(Default)]
struct LogMean {
    scaled: Mean,
    scale: Option<f64>,
}

impl LogMean {
    fn add(&mut self, ln: Option<f64>) {
        let x = match (ln, self.scale) {
            (None, _) => 0.0,
            (Some(l), Some(scale)) if l <= scale => (l - scale).exp(),
            (Some(l), scale) => {
                if let Some(scale) = scale {
                    let factor = (scale - l).exp();
                    self.scaled.mean *= factor;
                    self.scaled.squares *= factor * factor;
                }
                self.scale = Some(l);
                1.0
            }
        };
        self.scaled.add(x);
    }

    /// The logarithm of the mean; `None` when every figure was 0.
    fn ln_mean(&self) -> Option<f64> {
        Some(self.scale? + self.scaled.mean.ln())
    }

    /// The standard error of the mean, as a fraction of the mean.
    fn relative_error(&self) -> f64 {
        if self.scaled.mean > 0.0 {
            self.scaled.error() / self.scaled.mean
        } else {
            0.0
        }
    }

    /// The logarithm of the standard error of the mean; `None` for 0.
    fn ln_error(&self) -> Option<f64> {
        let error = self.scaled.error();
        (error > 0.0).then(|| self.scale.unwrap_or(0.0) + error.ln())
    }
}

impl Solver {
    /// Follows one random path down the search tree below the selected
    /// options, choosing each child with equal probability from `rng`; see
    /// the [`Probe`] it returns. The solver is left as it was (its
    /// selections, exclusions, limits and statistics).
    ///
    /// The solver's [`Limits`](crate::Limits) apply: each node of the path
    /// counts against the node limit (on top of the solver's
    /// [`Stats::nodes`](crate::Stats)), and the cancel flag is read at
    /// each one; [`Probe::outcome`] says whether the path was cut short.
    ///
    /// # Complexity
    ///
    /// At each node on the path, what the search does at a node: the
    /// choice of the branching item, a walk down its list to the child
    /// drawn, and the updates of entering that child (under Algorithm M,
    /// also the tweaks of the options above it, as the search makes them).
    pub fn probe<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Probe {
        let budget = self.node_budget(0);
        self.walk_path(rng, budget).probe
    }

    /// The nodes a probe may visit under the node limit, once `spent` have
    /// been visited by the estimate's probes.
    fn node_budget(&self, spent: u64) -> u64 {
        match self.limits().node_limit() {
            None => u64::MAX,
            Some(max) => max.saturating_sub(self.stats().nodes.saturating_add(spent)),
        }
    }

    /// See [`Solver::probe`]: a path of at most `budget` nodes.
    fn walk_path<R: Rng + ?Sized>(&mut self, rng: &mut R, budget: u64) -> Path {
        let mut path = Path {
            probe: Probe {
                outcome: Outcome::Complete,
                ..Probe::default()
            },
            nodes: 0.0,
            ln_nodes: f64::NEG_INFINITY,
            solutions: 0.0,
            ln_solutions: None,
        };
        let (mut weight, mut ln_weight) = (1.0f64, 0.0f64);
        let held = self.held_updates();
        loop {
            if path.probe.visited >= budget {
                path.probe.outcome = Outcome::NodeLimit;
                break;
            }
            if self.limits().is_cancelled() {
                path.probe.outcome = Outcome::Cancelled;
                break;
            }
            path.probe.visited += 1;
            path.nodes += weight;
            path.ln_nodes = ln_add(path.ln_nodes, ln_weight);
            let (item, children) = match self.branch() {
                Branch::Solved => {
                    path.solutions = weight;
                    path.ln_solutions = Some(ln_weight);
                    break;
                }
                Branch::Item { children: 0, .. } => break,
                Branch::Item { item, children } => (item, children),
            };
            weight *= children as f64;
            ln_weight += (children as f64).ln();
            let child = self.child(item, rng.random_range(0..children));
            if self.select_as(child, true).is_err() {
                // The child is the search's own move here, so it fits; were
                // it not to, the path would end as at a dead end.
                break;
            }
            path.probe.depth += 1;
        }
        path.probe.updates = self.held_updates().saturating_sub(held);
        for _ in 0..path.probe.depth {
            self.unselect();
        }
        path.probe.nodes = saturate(path.nodes);
        path.probe.nodes_log10 = path.ln_nodes.max(0.0) / LN_10;
        path.probe.solutions = saturate(path.solutions);
        path.probe.solutions_log10 = path.ln_solutions.map(|ln| ln / LN_10);
        path
    }

    /// Estimates the size of the search tree below the selected options
    /// from `probes` random paths (see [`Solver::probe`]), as Knuth does:
    /// the mean of their estimates. The solver is left as it was.
    ///
    /// The solver's [`Limits`](crate::Limits) apply, as to one probe: the
    /// nodes of all the probes count against the node limit, and the
    /// cancel flag stops the estimate at the next node. The probes that
    /// ran to their end are averaged, and [`Estimate::outcome`] says
    /// whether they are all that were asked for.
    ///
    /// # Complexity
    ///
    /// `probes` times the cost of a probe: for a tree of depth `h`, about
    /// `probes * h` nodes' work, far less than the search of a large tree.
    ///
    /// # Example
    ///
    /// ```
    /// use rand::SeedableRng;
    /// let problem = dlx::puzzles::queens(8);
    /// let mut solver = dlx::Solver::new(&problem);
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let estimate = solver.estimate(2000, &mut rng);
    /// // 8 queens: 1199 nodes, 92 solutions.
    /// assert!(estimate.nodes > 600.0 && estimate.nodes < 2400.0);
    /// assert!(estimate.solutions > 46.0 && estimate.solutions < 184.0);
    /// assert!(estimate.outcome.is_complete());
    /// assert_eq!(solver.count(), 92);
    /// assert_eq!(solver.stats().nodes, 1199);
    /// ```
    pub fn estimate<R: Rng + ?Sized>(&mut self, probes: u64, rng: &mut R) -> Estimate {
        let mut estimate = Estimate {
            outcome: Outcome::Complete,
            ..Estimate::default()
        };
        // The plain means, exact while they fit, and the scaled ones.
        let (mut nodes, mut solutions) = (Mean::default(), Mean::default());
        let (mut ln_nodes, mut ln_solutions) = (LogMean::default(), LogMean::default());
        for _ in 0..probes {
            let budget = self.node_budget(estimate.visited);
            let path = self.walk_path(rng, budget);
            estimate.visited += path.probe.visited;
            estimate.updates += path.probe.updates;
            if path.probe.outcome != Outcome::Complete {
                // A path cut short is not a random path: it is left out.
                estimate.outcome = path.probe.outcome;
                break;
            }
            estimate.probes += 1;
            nodes.add(path.nodes);
            ln_nodes.add(Some(path.ln_nodes));
            solutions.add(path.solutions);
            ln_solutions.add(path.ln_solutions);
            estimate.probes_with_solutions += u64::from(path.ln_solutions.is_some());
        }
        if estimate.probes == 0 {
            return estimate;
        }
        if nodes.fits() {
            estimate.nodes = nodes.mean;
            estimate.nodes_log10 = nodes.mean.log10();
            estimate.nodes_error = nodes.error();
            estimate.nodes_relative_error = nodes.error() / nodes.mean;
        } else {
            let ln = ln_nodes.ln_mean().unwrap_or(0.0);
            estimate.nodes = saturate(ln.exp());
            estimate.nodes_log10 = ln / LN_10;
            estimate.nodes_error = ln_nodes.ln_error().map_or(0.0, |ln| saturate(ln.exp()));
            estimate.nodes_relative_error = ln_nodes.relative_error();
        }
        if estimate.probes_with_solutions > 0 {
            if solutions.fits() {
                estimate.solutions = solutions.mean;
                estimate.solutions_log10 = Some(solutions.mean.log10());
            } else if let Some(ln) = ln_solutions.ln_mean() {
                estimate.solutions = saturate(ln.exp());
                estimate.solutions_log10 = Some(ln / LN_10);
            }
        }
        estimate
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;

    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use crate::{Limits, Outcome, Problem, Solver};

    /// Items 0 and 1, three options each: every path has the same shape,
    /// so every probe gives the exact figures.
    #[test]
    fn a_uniform_tree_is_estimated_exactly() {
        let mut problem = Problem::new(2, 0);
        for _ in 0..3 {
            problem.add_option([0usize]).unwrap();
            problem.add_option([1usize]).unwrap();
        }
        let mut solver = Solver::new(&problem);
        assert_eq!(solver.count(), 9);
        let nodes = solver.stats().nodes;
        assert_eq!(nodes, 13);
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let estimate = solver.estimate(10, &mut rng);
        assert_eq!(estimate.nodes, 13.0);
        assert_eq!(estimate.solutions, 9.0);
        assert_eq!(estimate.nodes_error, 0.0);
        assert_eq!(estimate.probes, 10);
    }

    /// The mean over all paths, each weighted by its probability, is the
    /// true count: checked by averaging many probes on small trees.
    #[test]
    fn the_mean_of_many_probes_nears_the_true_figures() {
        for n in [5, 6, 8] {
            let problem = crate::puzzles::queens(n);
            let mut solver = Solver::new(&problem);
            let solutions = solver.count() as f64;
            let nodes = solver.stats().nodes as f64;
            solver.clear_stats();
            let mut rng = ChaCha8Rng::seed_from_u64(n as u64);
            let estimate = solver.estimate(20_000, &mut rng);
            assert!(
                (estimate.nodes / nodes - 1.0).abs() < 0.1,
                "{n} queens: {} nodes, estimated {}",
                nodes,
                estimate.nodes
            );
            assert!(
                (estimate.solutions / solutions - 1.0).abs() < 0.2,
                "{n} queens: {solutions} solutions, estimated {}",
                estimate.solutions
            );
            // The solver is as it was: no selection left, no figure changed.
            assert_eq!(solver.selected().count(), 0);
            assert_eq!(solver.stats().nodes, 0);
            assert_eq!(solver.count() as f64, solutions);
        }
    }

    #[test]
    fn no_solution_and_a_solved_root() {
        // Item 1 has no option: the root is a dead end.
        let mut problem = Problem::new(2, 0);
        problem.add_option([0usize]).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let estimate = Solver::new(&problem).estimate(3, &mut rng);
        assert_eq!((estimate.nodes, estimate.solutions), (1.0, 0.0));
        // Every item covered by the selection: the root is the solution.
        let mut problem = Problem::new(1, 0);
        let only = problem.add_option([0usize]).unwrap();
        let mut solver = Solver::new(&problem);
        solver.select(only).unwrap();
        let estimate = solver.estimate(3, &mut rng);
        assert_eq!((estimate.nodes, estimate.solutions), (1.0, 1.0));
    }
    /// Items 0..300, each with options of two items: the search's node
    /// costs about one cover, while the children of a node are hundreds.
    /// A probe enters one child a level: its work is that of its path,
    /// not of the children.
    #[test]
    fn a_probe_of_a_wide_problem_costs_its_path() {
        let (items, degree) = (300usize, 100usize);
        let mut problem = Problem::new(items, 0);
        for i in 0..items {
            for k in 1..=degree / 2 {
                problem.add_option([i, (i + k) % items]).unwrap();
            }
        }
        let mut solver = Solver::new(&problem);
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for _ in 0..20 {
            let probe = solver.probe(&mut rng);
            assert_eq!(probe.visited, probe.depth as u64 + 1);
            // Selecting an option of two items covers both: each cover
            // hides the other node of each option of the item, at most
            // `degree`, and the item itself.
            let per_level = 2 * (degree as u64 + 1);
            assert!(
                probe.updates <= per_level * probe.depth as u64,
                "{} updates over {} levels",
                probe.updates,
                probe.depth
            );
        }
        // Entering every child of the root alone costs more than a whole
        // probe may.
        let root = solver.split(1).stats().updates;
        assert!(root > 20 * 2 * (degree as u64 + 1), "{root}");
        assert_eq!(solver.stats().nodes, 0);
    }

    /// The probes of 200 queens multiply 200 numbers up to 200, and the
    /// squares of their estimates overflow an `f64`: the figures stay
    /// finite, and the logarithms agree with them.
    #[test]
    fn two_hundred_queens_have_finite_figures() {
        let problem = crate::puzzles::queens(200);
        let mut solver = Solver::new(&problem);
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let estimate = solver.estimate(50, &mut rng);
        assert_eq!(estimate.probes, 50);
        assert!(estimate.outcome.is_complete());
        for figure in [
            estimate.nodes,
            estimate.nodes_log10,
            estimate.nodes_error,
            estimate.nodes_relative_error,
            estimate.solutions,
        ] {
            assert!(figure.is_finite(), "{estimate:?}");
        }
        // More nodes than 200 queens have solutions (above 10^250, a
        // guess from the counts known up to 27 queens), fewer than the
        // 200^200 = 10^460 paths of 200 choices.
        let log = estimate.nodes_log10;
        assert!(log > 250.0 && log < 461.0, "{estimate:?}");
        assert!((estimate.nodes.log10() - log).abs() < 1e-6, "{estimate:?}");
        assert!(estimate.nodes_relative_error < 1.0, "{estimate:?}");
        let solutions = estimate
            .solutions_log10
            .expect("a probe reached a solution");
        assert!(solutions > 250.0 && solutions <= log, "{estimate:?}");
        assert!(estimate.probes_with_solutions > 0);
    }

    /// 200 items of 100 options each, every option one item: every path
    /// is the same, and the tree has `(100^201 - 1) / 99` nodes and
    /// `100^200` solutions, more than an `f64` holds.
    #[test]
    fn figures_past_f64_saturate_and_keep_their_logarithms() {
        let mut problem = Problem::new(200, 0);
        for item in 0..200usize {
            for _ in 0..100 {
                problem.add_option([item]).unwrap();
            }
        }
        let mut solver = Solver::new(&problem);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let estimate = solver.estimate(3, &mut rng);
        assert_eq!((estimate.nodes, estimate.solutions), (f64::MAX, f64::MAX));
        let nodes = 402.0 - 99f64.log10();
        assert!((estimate.nodes_log10 - nodes).abs() < 1e-9, "{estimate:?}");
        let solutions = estimate.solutions_log10.unwrap();
        assert!((solutions - 400.0).abs() < 1e-9, "{estimate:?}");
        assert!(estimate.nodes_relative_error.abs() < 1e-9, "{estimate:?}");
        assert!(estimate.nodes_error.is_finite());
        assert_eq!(estimate.probes_with_solutions, 3);
    }

    /// Where the figures fit, the logarithms agree with them.
    #[test]
    fn the_logarithms_agree_with_the_figures() {
        let problem = crate::puzzles::queens(8);
        let mut solver = Solver::new(&problem);
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let estimate = solver.estimate(500, &mut rng);
        assert!((estimate.nodes_log10 - estimate.nodes.log10()).abs() < 1e-9);
        let solutions = estimate
            .solutions_log10
            .expect("a probe reached a solution");
        assert!((solutions - estimate.solutions.log10()).abs() < 1e-9);
        let relative = estimate.nodes_error / estimate.nodes;
        assert!((estimate.nodes_relative_error - relative).abs() < 1e-9);
    }

    #[test]
    fn a_set_cancel_flag_stops_the_estimate_at_once() {
        let problem = crate::puzzles::queens(12);
        let mut solver = Solver::new(&problem);
        let flag = Arc::new(AtomicBool::new(true));
        solver.set_limits(Limits::new().cancel_flag(Arc::clone(&flag)));
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let estimate = solver.estimate(1000, &mut rng);
        assert_eq!(estimate.outcome, Outcome::Cancelled);
        assert_eq!((estimate.probes, estimate.visited), (0, 0));
        assert_eq!((estimate.nodes, estimate.solutions), (0.0, 0.0));
        assert_eq!(solver.probe(&mut rng).outcome, Outcome::Cancelled);
        // The flag down again, the estimate runs in full.
        flag.store(false, Ordering::Relaxed);
        let estimate = solver.estimate(10, &mut rng);
        assert_eq!((estimate.outcome, estimate.probes), (Outcome::Complete, 10));
    }

    #[test]
    fn a_node_limit_stops_the_estimate() {
        let problem = crate::puzzles::queens(12);
        let mut solver = Solver::new(&problem);
        solver.set_limits(Limits::new().nodes(100));
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let estimate = solver.estimate(1000, &mut rng);
        assert_eq!(estimate.outcome, Outcome::NodeLimit);
        assert_eq!(estimate.visited, 100);
        // Every path of 12 queens has at least 3 nodes and at most 13.
        assert!(estimate.probes > 100 / 13 - 1 && estimate.probes < 100 / 3);
        assert!(estimate.nodes > 0.0);
        // The solver is as it was.
        assert_eq!(solver.stats().nodes, 0);
        assert_eq!(solver.selected().count(), 0);
        solver.set_limits(Limits::new());
        assert_eq!(solver.count(), 14_200);
    }

    /// Under Algorithm M the children are those the search tries: with
    /// Knuth's `2:3|x y | z` every path of the tree is averaged into the
    /// true figures.
    #[test]
    fn probes_follow_the_tree_of_algorithm_m() {
        let mut problem = Problem::new(3, 0);
        problem.set_bounds(0, 2, 3).unwrap();
        problem.add_option([0usize, 1]).unwrap();
        problem.add_option([0usize, 2]).unwrap();
        problem.add_option([0usize]).unwrap();
        problem.add_option([1usize]).unwrap();
        let mut solver = Solver::new(&problem);
        let solutions = solver.count() as f64;
        let nodes = solver.stats().nodes as f64;
        solver.clear_stats();
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let estimate = solver.estimate(20_000, &mut rng);
        assert!((estimate.nodes / nodes - 1.0).abs() < 0.1, "{estimate:?}");
        assert!(
            (estimate.solutions / solutions - 1.0).abs() < 0.1,
            "{estimate:?}"
        );
        assert_eq!(solver.stats().nodes, 0);
        assert_eq!(solver.count() as f64, solutions);
    }
}
