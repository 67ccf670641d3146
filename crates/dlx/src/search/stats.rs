//! The figures of a search, counted as Knuth's programs count them.

use std::fmt;

/// Statistics of the searches since the solver was made or its stats were
/// cleared, counted as Knuth's programs count them (DLX1, DLX2, and DLX3
/// for problems with multiplicities: see the [`Solver`](crate::Solver)'s section on
/// them), so that figures compare directly.
///
/// Levels count options chosen by the search from the root of the tree:
/// options fixed with [`Solver::select`](crate::Solver::select) are not levels (a sudoku's givens),
/// while the options of a piece selected with [`Solver::select_piece`](crate::Solver::select_piece) are
/// (they were chosen by the search that cut the tree), so that the figures
/// of the pieces of a [`Split`](crate::Split) add up, with the split's own,
/// to those of the whole tree.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Stats {
    /// Search-tree nodes: every entry to a level, the root included, and
    /// every solution, which is a node of its own (TAOCP 7.2.2 (4)).
    pub nodes: u64,
    /// Link removals made by the search: one per item covered and one per
    /// node hidden from an item's list, or tweaked out of it under
    /// Algorithm M (Knuth's `updates`). The work of
    /// selecting and excluding options is not counted.
    pub updates: u64,
    /// Solutions found.
    pub solutions: u64,
    /// The deepest level reached: a solution of `k` options chosen by the
    /// search is a node at level `k`.
    pub max_level: usize,
    /// Nodes at each level, when asked for with [`Solver::profile_levels`](crate::Solver::profile_levels).
    pub level_nodes: Option<Vec<u64>>,
    /// Runs of the [`Propagator`](crate::Propagator), when there is one
    /// ([`Solver::set_propagator`](crate::Solver::set_propagator)): one at
    /// the root of each search and one after each choice.
    pub propagations: u64,
    /// Options the propagator took out of play (each counted each time).
    pub removed: u64,
}

impl Stats {
    /// Adds the figures of another search (of a piece of the same tree, say)
    /// to these: sums, and the deeper of the two deepest levels.
    ///
    /// # Example
    ///
    /// ```
    /// use dlx::Stats;
    /// let mut total = Stats::default();
    /// let mut piece = Stats::default();
    /// piece.nodes = 5;
    /// piece.max_level = 3;
    /// total.merge(&piece);
    /// total.merge(&piece);
    /// assert_eq!((total.nodes, total.max_level), (10, 3));
    /// ```
    pub fn merge(&mut self, other: &Stats) {
        self.nodes += other.nodes;
        self.updates += other.updates;
        self.solutions += other.solutions;
        self.propagations += other.propagations;
        self.removed += other.removed;
        self.max_level = self.max_level.max(other.max_level);
        if let Some(levels) = &other.level_nodes {
            let sum = self.level_nodes.get_or_insert_with(Vec::new);
            if sum.len() < levels.len() {
                sum.resize(levels.len(), 0);
            }
            for (total, n) in sum.iter_mut().zip(levels) {
                *total += n;
            }
        }
    }
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} solutions, {} nodes, {} updates, max level {}",
            self.solutions, self.nodes, self.updates, self.max_level
        )
    }
}
