//! The bounds of a search and how it ended.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Bounds on a search. A search stopped by one says so in its
/// [`Outcome`]: it is not the same as "no (more) solutions".
///
/// # Example
///
/// ```
/// use dlx::{Limits, Outcome, Problem, Solver};
/// let mut problem = Problem::new(1, 0);
/// problem.add_option([0usize])?;
/// problem.add_option([0usize])?;
/// let mut solver = Solver::new(&problem);
/// solver.set_limits(Limits::new().solutions(1));
/// assert_eq!(solver.count(), 1);
/// assert_eq!(solver.outcome(), Outcome::SolutionLimit);
/// # Ok::<(), dlx::Error>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub(crate) solutions: Option<u64>,
    pub(crate) nodes: Option<u64>,
    pub(crate) cancel: Option<Arc<AtomicBool>>,
}

impl Limits {
    /// No limits.
    #[must_use]
    pub fn new() -> Limits {
        Limits::default()
    }

    /// Stop after this many solutions.
    #[must_use]
    pub fn solutions(mut self, max: u64) -> Limits {
        self.solutions = Some(max);
        self
    }

    /// Stop before the solver's node count passes `max`. The count is the
    /// solver's [`Stats::nodes`](crate::Stats::nodes), kept from one search to the next until
    /// [`Solver::clear_stats`](crate::Solver::clear_stats): so a search resumed in slices (see
    /// [`Solver::next_solution`](crate::Solver::next_solution)) sets `max` to the count so far plus a
    /// slice each time, and a fresh search under a limit clears the stats
    /// first.
    #[must_use]
    pub fn nodes(mut self, max: u64) -> Limits {
        self.nodes = Some(max);
        self
    }

    /// Stop as soon as another thread sets this flag (checked at every
    /// node).
    #[must_use]
    pub fn cancel_flag(mut self, flag: Arc<AtomicBool>) -> Limits {
        self.cancel = Some(flag);
        self
    }

    /// The solution limit, if any.
    pub fn solution_limit(&self) -> Option<u64> {
        self.solutions
    }

    /// The node limit, if any.
    pub fn node_limit(&self) -> Option<u64> {
        self.nodes
    }

    /// Whether the cancel flag is set.
    pub(crate) fn is_cancelled(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
    }
}

/// How the last search ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Outcome {
    /// No search has run since the solver was made or reset.
    #[default]
    NotStarted,
    /// The search is paused after a solution and can resume.
    Paused,
    /// The whole tree was searched: every solution was found.
    Complete,
    /// The solution limit was reached.
    SolutionLimit,
    /// The node limit was reached.
    NodeLimit,
    /// The cancel flag was set.
    Cancelled,
    /// The caller's closure asked to stop.
    Stopped,
}

impl Outcome {
    /// Whether the search covered the whole tree.
    pub fn is_complete(self) -> bool {
        self == Outcome::Complete
    }

    /// Whether a limit (solutions, nodes or the cancel flag) stopped the
    /// search.
    pub fn is_limited(self) -> bool {
        matches!(
            self,
            Outcome::SolutionLimit | Outcome::NodeLimit | Outcome::Cancelled
        )
    }
}
