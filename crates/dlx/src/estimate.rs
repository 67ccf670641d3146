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
//! A probe asks the solver only what a user could: [`Solver::split`] at
//! depth 1 gives the children of the node the selected options lead to,
//! and [`Solver::select_piece`] goes down to one of them. So the estimate
//! follows whatever tree the search walks.

use rand::Rng;

use crate::search::Solver;

/// An estimate of the size of a search tree, from [`Solver::estimate`].
#[derive(Clone, Debug, Default, PartialEq)]
#[non_exhaustive]
pub struct Estimate {
    /// The estimated number of nodes: the mean of the probes' estimates.
    pub nodes: f64,
    /// The estimated number of solutions.
    pub solutions: f64,
    /// The standard error of `nodes` (the standard deviation of the
    /// probes' estimates over the square root of their number): the
    /// estimate's own idea of its precision, too hopeful on trees whose
    /// bulk is reached by few paths.
    pub nodes_error: f64,
    /// The number of probes averaged.
    pub probes: u64,
    /// The nodes the probes visited: the cost of the estimate.
    pub visited: u64,
}

/// What one probe saw: see [`Solver::probe`].
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[non_exhaustive]
pub struct Probe {
    /// The probe's estimate of the number of nodes.
    pub nodes: f64,
    /// The probe's estimate of the number of solutions: the product of the
    /// numbers of children on the way down when it ends at a solution, 0
    /// when it ends at a dead end.
    pub solutions: f64,
    /// The depth the path reached.
    pub depth: usize,
}

impl Solver {
    /// Follows one random path down the search tree below the selected
    /// options, choosing each child with equal probability from `rng`; see
    /// the [`Probe`] it returns. The solver is left as it was (its
    /// selections, exclusions, limits and statistics).
    ///
    /// # Complexity
    ///
    /// At each node on the path, the work of the search at that node and
    /// its children (a [`Solver::split`] at depth 1).
    pub fn probe<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Probe {
        let mut probe = Probe {
            nodes: 1.0,
            solutions: 0.0,
            depth: 0,
        };
        let mut weight = 1.0;
        loop {
            let split = self.split(1);
            let children = split.pieces();
            // A solution is reported as the one empty piece: no item is
            // left to branch on.
            if children.len() == 1 && children[0].is_empty() {
                probe.solutions = weight;
                break;
            }
            if children.is_empty() {
                break;
            }
            weight *= children.len() as f64;
            probe.nodes += weight;
            let child = &children[rng.random_range(0..children.len())];
            if self.select_piece(child).is_err() {
                // The children come from this solver's own split: they fit.
                break;
            }
            probe.depth += 1;
        }
        for _ in 0..probe.depth {
            self.unselect();
        }
        probe
    }

    /// Estimates the size of the search tree below the selected options
    /// from `probes` random paths (see [`Solver::probe`]), as Knuth does:
    /// the mean of their estimates. The solver is left as it was.
    ///
    /// # Complexity
    ///
    /// `probes` times the cost of a probe: for a tree of depth `h` whose
    /// nodes have about `d` children, about `probes * h * d` nodes' work,
    /// far less than the search of a large tree.
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
    /// assert_eq!(solver.count(), 92);
    /// assert_eq!(solver.stats().nodes, 1199);
    /// ```
    pub fn estimate<R: Rng + ?Sized>(&mut self, probes: u64, rng: &mut R) -> Estimate {
        let mut estimate = Estimate::default();
        // Welford's running mean and sum of squared deviations.
        let mut squares = 0.0;
        for k in 1..=probes {
            let probe = self.probe(rng);
            let delta = probe.nodes - estimate.nodes;
            estimate.nodes += delta / k as f64;
            squares += delta * (probe.nodes - estimate.nodes);
            estimate.solutions += (probe.solutions - estimate.solutions) / k as f64;
            estimate.visited += probe.depth as u64 + 1;
            estimate.probes = k;
        }
        if probes > 1 {
            estimate.nodes_error = (squares / (probes - 1) as f64 / probes as f64).sqrt();
        }
        estimate
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use crate::{Problem, Solver};

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
}
