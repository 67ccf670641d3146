//! Algorithms X, C (colors) and M (multiplicities) as one explicit-stack
//! loop: the [`Solver`], its [`Limits`], [`Stats`] and the [`Solutions`]
//! iterator.
//!
//! The search state (the stack of levels, the selections, limits and
//! statistics) is written once; only the arena depends on the width of the
//! nodes and on the way the branching item is found, so the solver holds
//! one of four arenas and the loop is compiled for each. The same loop,
//! stopped at a depth, cuts the tree into pieces ([`Solver::split`]).
//!
//! The loop and its stack of levels are in `walk`; the selections and
//! exclusions it searches under, a stack of their own, in `held`; the
//! [`Limits`] and [`Outcome`] in `limits`, the [`Stats`] in `stats`. This
//! file holds the [`Solver`], which pairs the state with its arena.
//!
//! # Algorithm M
//!
//! A problem with multiplicities ([`Problem::set_bounds`]) runs the same
//! states compiled a second time (a const generic, chosen once per call of
//! the loop), so the loop of the other problems holds no test of bounds
//! and costs what it would without Algorithm M. The M loop follows Knuth's
//! DLX3 (see `arena::multi`):
//!
//! - the branching item is the active primary item of the least score
//!   `len + min(slack, bound) - bound + 1` (the number of ways to go on),
//!   ties to the lesser `min(slack, bound)`, then to the longer list, then
//!   to the leftmost; an item of score 0 or less ends the node at once;
//! - the options of the item are tried from the top of its list, each
//!   *tweaked* out of play before the next is tried, so that a multiset
//!   of options is reached once; when the item's lower bound is met the
//!   last move is the *null move*, which gives it no more options (in a
//!   piece it shows as [`OptionId::NULL`]);
//! - a **node** is every entry to a level, and every solution, as in X;
//!   an **update** is the removal of a node from an item's list, by a
//!   cover (one more for the item itself) or by a tweak; a node whose item
//!   has score 0 or less makes no update (X covers the item first, one
//!   update). So the figures are DLX3's: 4 solutions, 11 nodes and 14
//!   updates for Knuth's `2:3|x y | z`. Problems without multiplicities
//!   keep X's figures (DLX1's and DLX2's), which DLX3 matches but for
//!   those dead ends.
//!
//! With multiplicities a selected option uses up one of the count of each
//! of its primary items: selecting it conflicts only when an item would go
//! past its upper bound, a secondary item is taken, or colors clash.

use std::fmt;
use std::mem;
use std::ops::ControlFlow;
use std::sync::Arc;

use crate::arena::{
    branches_by_blocks, ActiveBlocks, Arena, Branching, FlatScan, Narrow, Node, Pristine, Storage,
};
use crate::compact::CompactSolver;
use crate::error::{Error, ErrorKind};
use crate::names::NameList;
use crate::problem::{node_count_of, OptionId, Problem};

mod held;
mod limits;
mod memo;
mod propagate;
mod stats;
mod walk;

use held::{Exclusion, Held, Selection};
pub use limits::{Limits, Outcome};
pub use memo::{Memo, MemoStats, Order};
pub use propagate::{Contradiction, Live, Propagator, PropagatorClone};
pub use stats::Stats;
pub(crate) use walk::Event;
use walk::{Level, State, Walk};

/// An arena and, when it is small, a copy of it with nothing selected or
/// excluded, for [`Solver::reset`].
#[derive(Clone)]
struct Compiled<S: Storage, B: Branching> {
    arena: Arena<S, B>,
    pristine: Option<Box<Pristine<S, B>>>,
}

impl<S: Storage, B: Branching> Compiled<S, B> {
    fn new(problem: &Problem) -> Compiled<S, B> {
        Compiled {
            arena: Arena::new(problem),
            pristine: None,
        }
    }
}

/// The arena of a [`Solver`]: nodes of 8 bytes when the problem is small
/// enough and of 16 otherwise (see `arena::storage`), and the branching item
/// found by a flat scan, or by blocks of active items when there are many
/// primary items (see `arena::scan`).
#[derive(Clone)]
enum Arenas {
    Narrow(Compiled<Narrow, FlatScan>),
    Wide(Compiled<Vec<Node>, FlatScan>),
    NarrowBlocks(Compiled<Narrow, ActiveBlocks>),
    WideBlocks(Compiled<Vec<Node>, ActiveBlocks>),
}

impl Arenas {
    fn new(problem: &Problem) -> Arenas {
        let narrow = Narrow::fits(node_count_of(problem), problem.option_count());
        // Multiplicities choose the branching item by a scan of their own
        // (see `arena::multi`), which the blocks would not serve.
        let blocks = branches_by_blocks(problem.primary_count()) && !problem.has_multiplicities();
        match (narrow, blocks) {
            (true, false) => Arenas::Narrow(Compiled::new(problem)),
            (false, false) => Arenas::Wide(Compiled::new(problem)),
            (true, true) => Arenas::NarrowBlocks(Compiled::new(problem)),
            (false, true) => Arenas::WideBlocks(Compiled::new(problem)),
        }
    }
}

/// Runs `$body` with `$c` bound to the solver's compiled arena, mutably:
/// the one place the arena's type is dispatched on.
macro_rules! with_arena {
    ($arenas:expr, $c:ident => $body:expr) => {
        match $arenas {
            Arenas::Narrow($c) => $body,
            Arenas::Wide($c) => $body,
            Arenas::NarrowBlocks($c) => $body,
            Arenas::WideBlocks($c) => $body,
        }
    };
}

/// What every copy of a solver shares.
#[derive(Debug)]
struct Shared {
    /// The item names, for the message of a conflict.
    names: NameList,
    /// The option id of each arena option.
    option_ids: Vec<OptionId>,
    /// The arena option of each option id (`u32::MAX` for none).
    option_index: Vec<u32>,
    items: usize,
    primary: usize,
    /// A number of its own (see `memo`): a table of counts knows whose
    /// states it holds.
    id: u64,
    /// The bytes of the solver, as the footprint estimates them: what a
    /// copy for another thread takes, at most.
    #[cfg_attr(not(feature = "parallel"), allow(dead_code))]
    bytes: u64,
}

/// Solves one [`Problem`]: finds, counts or enumerates its solutions.
///
/// The solver copies the problem into its own arena, so it does not borrow
/// it. Options may be fixed with [`Solver::select`] before a search (a
/// sudoku's givens), or taken out of play with [`Solver::exclude`] (a
/// pencilmark sudoku's missing candidates), and released with
/// [`Solver::reset`], so one solver serves many runs.
///
/// A solution is reported as the ids of its options: the selected ones first,
/// in the order they were selected, then those chosen by the search, from the
/// root of the tree down.
///
/// # Multiplicities
///
/// A problem with bounds other than `(1, 1)` ([`Problem::set_bounds`]) is
/// searched by Algorithm M, as Knuth's DLX3 does: it branches on the active
/// primary item of the least score `len + min(slack, bound) - bound + 1`
/// (`bound` the options the item may still take, `slack` its `hi - lo`),
/// ties to the lesser `min(slack, bound)`, then the longer list, then the
/// leftmost. Its options are tried from the top of its list, each taken
/// out of play before the next (Knuth's tweak), so that each set of
/// options is found once, and once the lower bound is met the last move is
/// the null move, which gives the item no more options. Nodes are counted
/// as in X (every entry to a level, and every solution); updates are the
/// removals of a node from an item's list, by covers (one more for the
/// item itself) and tweaks, and a node whose item can no longer be
/// satisfied (score 0 or less) makes none. The figures are DLX3's: 4
/// solutions, 11 nodes and 14 updates for Knuth's `2:3|x y | z` with the
/// options `x y`, `x z`, `x`, `y`.
///
/// # Example
///
/// ```
/// use dlx::{Problem, Solver};
/// let mut problem = Problem::new(3, 0);
/// let a = problem.add_option([0usize, 1])?;
/// let b = problem.add_option([2usize])?;
/// let c = problem.add_option([1usize, 2])?;
/// let d = problem.add_option([0usize])?;
/// let mut solver = Solver::new(&problem);
/// let solutions: Vec<_> = solver.solutions().collect();
/// // Item 0 is branched on first: option a, then option d.
/// assert_eq!(solutions, [vec![a, b], vec![d, c]]);
/// # Ok::<(), dlx::Error>(())
/// ```
#[derive(Clone)]
pub struct Solver {
    arenas: Arenas,
    shared: Arc<Shared>,
    walk: Walk,
    /// The compact engine of a small problem (see `compact`), which counts
    /// in its place; `None` when the problem does not fit it.
    compact: Option<Box<CompactSolver>>,
    /// Whether counts take the compact engine when there is one.
    use_compact: bool,
}

impl Solver {
    /// A solver for `problem`, with no limits and no option selected.
    ///
    /// # Complexity
    ///
    /// Linear in the size of the problem (items plus option entries).
    pub fn new(problem: &Problem) -> Solver {
        let option_ids: Vec<OptionId> = problem.options().map(|(id, _)| id).collect();
        let ids = option_ids.iter().map(|id| id.index() + 1).max();
        let mut option_index = vec![u32::MAX; ids.unwrap_or(0)];
        for (k, id) in option_ids.iter().enumerate() {
            option_index[id.index()] = k as u32;
        }
        let options = option_ids.len();
        let primary = problem.primary_count();
        // A level per primary item at most, and the solution's below them.
        // With multiplicities, each level lowers an item's bound and either
        // chooses an option or makes an item inactive.
        let multiple = problem.has_multiplicities();
        let depth = if multiple {
            let bounds: usize = (0..primary).map(|i| problem.bounds(i).1 as usize).sum();
            bounds.min(options + primary) + 1
        } else {
            primary + 1
        };
        Solver {
            arenas: Arenas::new(problem),
            compact: CompactSolver::new_if_it_pays(problem).map(Box::new),
            use_compact: true,
            shared: Arc::new(Shared {
                names: problem.item_names(),
                option_ids,
                option_index,
                items: problem.item_count(),
                primary,
                id: memo::next_id(),
                bytes: crate::footprint::solver_bytes(problem),
            }),
            walk: Walk {
                limits: Limits::default(),
                stats: Stats::default(),
                outcome: Outcome::NotStarted,
                state: State::Fresh,
                level: 0,
                levels: vec![Level::default(); depth],
                reported: 0,
                selected: Vec::new(),
                excluded: Vec::new(),
                held: vec![Held::Free; options],
                above: 0,
                item_state: vec![0; problem.item_count() + 1],
                item_log: Vec::new(),
                solution: Vec::with_capacity(depth),
                found: 0,
                profile: false,
                held_updates: 0,
                stop: usize::MAX,
                tweaks: if multiple { vec![0; depth] } else { Vec::new() },
                floor: 0,
                propagator: None,
                trail: Vec::new(),
                marks: Vec::new(),
                node_option: Arc::from([]),
            },
        }
    }
    /// A solver for `problem`, after checking that it fits in the memory the
    /// process can have; [`Solver::new`] is the same without the check.
    ///
    /// The solver's size is estimated from the problem's (nodes of 8 or 16
    /// bytes, the item lengths and names, the option ids) and compared with
    /// the memory available: on Linux `MemAvailable`, or the room under the
    /// process's cgroup limit or address-space limit (`ulimit -v`) when
    /// less. Where that cannot be read there is no check.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfMemory`](crate::ErrorKind::OutOfMemory), with the bytes needed and available,
    /// before anything is allocated.
    ///
    /// # Example
    ///
    /// ```
    /// let problem = dlx::puzzles::queens(8);
    /// let mut solver = dlx::Solver::try_new(&problem)?;
    /// assert_eq!(solver.count(), 92);
    /// # Ok::<(), dlx::Error>(())
    /// ```
    pub fn try_new(problem: &Problem) -> Result<Solver, Error> {
        crate::memory::check(crate::footprint::solver_bytes(problem))?;
        Ok(Solver::new(problem))
    }
}

impl Solver {
    /// Sets the limits of the searches to come.
    pub fn set_limits(&mut self, limits: Limits) {
        self.walk.limits = limits;
    }

    /// Sets the [`Propagator`] of the searches to come (`None`: none, the
    /// default): run at the root of each search and after each choice, it
    /// takes out options the problem's own rules leave without support,
    /// and the search puts them back as it backs out (see the
    /// `Propagator` docs for its contract). Without one the search is
    /// Knuth's, at no cost; with one, [`Stats::propagations`] and
    /// [`Stats::removed`] count its runs and the options it took out, and
    /// [`Stats::updates`] its link removals too. Any search under way is
    /// abandoned.
    ///
    /// Memoized counts ([`Solver::count_memo`]) and estimates do not run
    /// it: they count the same solutions without its help.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Unsupported`](crate::ErrorKind::Unsupported) for a
    /// problem with multiplicities, whose Algorithm M the hook does not
    /// serve; nothing changes then.
    pub fn set_propagator(&mut self, propagator: Option<Box<dyn Propagator>>) -> Result<(), Error> {
        let bounded = with_arena!(&self.arenas, c => c.arena.has_bounds());
        if bounded && propagator.is_some() {
            return Err(Error::new(ErrorKind::Unsupported(
                "a propagator is not run by Algorithm M: the problem has multiplicities",
            )));
        }
        self.rewind();
        // The marks and the table of node options stay when a propagator
        // is taken off, for the next one set: a caller may switch it on
        // and off between searches at no cost.
        if propagator.is_some() && self.walk.node_option.is_empty() {
            self.walk.marks = vec![0; self.walk.levels.len()];
            self.walk.node_option = with_arena!(&self.arenas, c => c.arena.node_options()).into();
        }
        self.walk.propagator = propagator;
        Ok(())
    }

    /// The limits in force.
    pub fn limits(&self) -> &Limits {
        &self.walk.limits
    }

    /// Counts the nodes visited at each level in [`Stats::level_nodes`].
    pub fn profile_levels(&mut self, on: bool) {
        self.walk.profile = on;
        if on && self.walk.stats.level_nodes.is_none() {
            self.walk.stats.level_nodes = Some(vec![0; self.walk.levels.len()]);
        }
    }

    /// The statistics gathered so far.
    pub fn stats(&self) -> Stats {
        let mut stats = self.walk.stats.clone();
        stats.updates = with_arena!(&self.arenas, c => c.arena.updates());
        stats
    }

    /// The bytes a copy of this solver takes, at most (an estimate).
    #[cfg(feature = "parallel")]
    pub(crate) fn bytes(&self) -> u64 {
        self.shared.bytes
    }

    /// Sets the statistics back to zero.
    pub fn clear_stats(&mut self) {
        self.walk.stats = Stats::default();
        with_arena!(&mut self.arenas, c => c.arena.set_updates(0));
        if self.walk.profile {
            self.walk.stats.level_nodes = Some(vec![0; self.walk.levels.len()]);
        }
    }

    /// How the last search ended.
    pub fn outcome(&self) -> Outcome {
        self.walk.outcome
    }

    /// Whether counts ([`Solver::count`], [`Solver::count_up_to`] and the
    /// parallel counts) run on the compact engine when the problem fits it
    /// and it pays ([`CompactSolver::pays`]; on by default): a
    /// [`CompactSolver`] that copies a small problem's state from level to
    /// level instead of dancing the links, with the same count and the
    /// same [`Stats`]. Off, they run on the links; on, they still do under
    /// a [`Propagator`] or [`Solver::profile_levels`]. Each count copies
    /// the selections and exclusions into it: a caller that counts many
    /// times under many selections (a sudoku's givens) may do better on
    /// the links.
    ///
    /// # Example
    ///
    /// ```
    /// let problem = dlx::puzzles::queens(8);
    /// let mut solver = dlx::Solver::new(&problem);
    /// assert_eq!(solver.count(), 92);
    /// let compact = solver.stats();
    /// solver.set_compact(false);
    /// solver.clear_stats();
    /// assert_eq!(solver.count(), 92);
    /// assert_eq!(solver.stats(), compact);
    /// ```
    pub fn set_compact(&mut self, on: bool) {
        self.use_compact = on;
    }

    /// Puts back statistics, updates included.
    pub(crate) fn put_stats(&mut self, stats: Stats) {
        let updates = stats.updates;
        self.walk.stats = stats;
        with_arena!(&mut self.arenas, c => c.arena.set_updates(updates));
    }

    /// The compact engine, holding what this solver holds (its selections,
    /// pieces and exclusions, limits and statistics), for a count that it
    /// can take; `None` when it cannot.
    pub(crate) fn mirror(&mut self) -> Option<&mut CompactSolver> {
        if !self.use_compact || self.walk.propagator.is_some() || self.walk.profile {
            return None;
        }
        self.compact.as_ref()?;
        let stats = self.stats();
        let selected = with_arena!(&self.arenas, c => self
            .walk
            .selected
            .iter()
            .map(|s| (self.shared.option_ids[c.arena.option_of(s.lead as usize)], s.level))
            .collect::<Vec<_>>());
        let excluded: Vec<OptionId> = self.excluded().collect();
        let compact = self.compact.as_deref_mut()?;
        compact.reset();
        for (id, level) in selected {
            let held = if level {
                compact.select_level(id)
            } else {
                compact.select(id)
            };
            held.ok()?;
        }
        for id in excluded {
            compact.exclude(id).ok()?;
        }
        compact.set_limits(self.walk.limits.clone());
        compact.set_stats(stats);
        Some(compact)
    }

    /// The number of primary items of the problem.
    pub fn primary_count(&self) -> usize {
        self.shared.primary
    }

    /// Fixes an option before the search, as if the search had chosen it
    /// first: its items are covered (or, for colored secondary items,
    /// purified). Any search under way is abandoned.
    ///
    /// With multiplicities ([`Problem::set_bounds`]) the option uses up one
    /// of the count of each of its primary items, which is covered once its
    /// upper bound is reached; the option itself is out of play for the
    /// search. Selecting or excluding also releases the levels of pieces
    /// selected with [`Solver::select_piece`], which lie on top.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Conflict`](crate::ErrorKind::Conflict) when the option shares an item with an option
    /// already selected (or gives it another color; with multiplicities,
    /// when a primary item would go past its upper bound),
    /// [`ErrorKind::Excluded`](crate::ErrorKind::Excluded) when it is excluded ([`Solver::exclude`]),
    /// and [`ErrorKind::UnknownOption`](crate::ErrorKind::UnknownOption) when the problem has no option with
    /// this id. Nothing changes on error.
    ///
    /// # Example
    ///
    /// ```
    /// use dlx::{Problem, Solver};
    /// let mut problem = Problem::new(2, 0);
    /// let a = problem.add_option([0usize])?;
    /// let ab = problem.add_option([0usize, 1])?;
    /// let b = problem.add_option([1usize])?;
    /// let mut solver = Solver::new(&problem);
    /// solver.select(b)?;
    /// assert_eq!(solver.first(), Some(vec![b, a]));
    /// assert!(solver.select(ab).is_err());
    /// solver.reset();
    /// assert_eq!(solver.count(), 2);
    /// # Ok::<(), dlx::Error>(())
    /// ```
    pub fn select(&mut self, id: OptionId) -> Result<(), Error> {
        self.select_as(id, false)
    }

    /// Releases the last option selected, if any; the excluded options stay
    /// excluded, those excluded after it too. Any search under way is
    /// abandoned.
    ///
    /// # Complexity
    ///
    /// The updates of the selection, and those of the exclusions made after
    /// it, which are undone (last in, first out) and made again.
    pub fn unselect(&mut self) -> Option<OptionId> {
        let shared = &*self.shared;
        with_arena!(&mut self.arenas, c => self.walk.unselect(&mut c.arena, shared))
    }

    /// Takes an option out of play for the searches to come, until
    /// [`Solver::reset`]: no search chooses it, as if the problem did not
    /// have it (the search visits the same tree, with the same statistics,
    /// as the search of the problem without the option). This is how a
    /// pencilmark sudoku's missing candidates are given. Any search under
    /// way is abandoned; neither nodes nor updates are counted in the
    /// [`Stats`], as for selections.
    ///
    /// The excluded options are a set: excluding an option again changes
    /// nothing. An option that conflicts with a selected one may be
    /// excluded; it stays excluded when that option is released with
    /// [`Solver::unselect`]. A primary item whose every option is excluded
    /// leaves no solution.
    ///
    /// Selections and exclusions change the arena in the order they are
    /// made and are undone in the reverse order, so the links always come
    /// back exactly as they were; [`Solver::unselect`] undoes the
    /// exclusions made after the selection it releases, then makes them
    /// again.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Selected`](crate::ErrorKind::Selected) when the option is selected, and
    /// [`ErrorKind::UnknownOption`](crate::ErrorKind::UnknownOption) when the problem has no option with this
    /// id. Nothing changes on error.
    ///
    /// # Complexity
    ///
    /// Linear in the option's size.
    ///
    /// # Example
    ///
    /// ```
    /// use dlx::{ErrorKind, Problem, Solver};
    /// let mut problem = Problem::new(2, 0);
    /// let a = problem.add_option([0usize])?;
    /// let ab = problem.add_option([0usize, 1])?;
    /// let b = problem.add_option([1usize])?;
    /// let mut solver = Solver::new(&problem);
    /// assert_eq!(solver.count(), 2);
    ///
    /// solver.exclude(ab)?;
    /// assert_eq!(solver.solutions().collect::<Vec<_>>(), [vec![a, b]]);
    /// let err = solver.select(ab).unwrap_err();
    /// assert_eq!(err.kind(), &ErrorKind::Excluded(ab.index()));
    ///
    /// solver.select(b)?;
    /// assert_eq!(solver.exclude(b).unwrap_err().kind(), &ErrorKind::Selected(b.index()));
    /// solver.exclude(a)?;
    /// // Item 0 has no option left.
    /// assert_eq!(solver.count(), 0);
    /// solver.unselect();
    /// assert_eq!(solver.excluded().collect::<Vec<_>>(), [ab, a]);
    /// assert_eq!(solver.count(), 0);
    ///
    /// solver.reset();
    /// assert_eq!(solver.count(), 2);
    /// # Ok::<(), dlx::Error>(())
    /// ```
    pub fn exclude(&mut self, id: OptionId) -> Result<(), Error> {
        let shared = &*self.shared;
        with_arena!(&mut self.arenas, c => self.walk.exclude(c, shared, id))
    }

    /// Releases the last option excluded when no selection was made after
    /// it, and returns it: selections and exclusions are undone last in,
    /// first out, so a search can be tried with an option out of play and
    /// the solver brought back to where it was without a
    /// [`Solver::reset`]. `None`, changing nothing, when there is no such
    /// exclusion (release the selections made after it first, with
    /// [`Solver::unselect`]). Any search under way is abandoned.
    ///
    /// # Complexity
    ///
    /// Linear in the option's size.
    ///
    /// # Example
    ///
    /// ```
    /// use dlx::{Problem, Solver};
    /// let mut problem = Problem::new(2, 0);
    /// let a = problem.add_option([0usize])?;
    /// let ab = problem.add_option([0usize, 1])?;
    /// let b = problem.add_option([1usize])?;
    /// let mut solver = Solver::new(&problem);
    /// solver.exclude(a)?;
    /// solver.select(b)?;
    /// solver.exclude(ab)?;
    /// assert_eq!(solver.count(), 0);
    /// assert_eq!(solver.unexclude(), Some(ab));
    /// // The exclusion of a was made before the selection of b.
    /// assert_eq!(solver.unexclude(), None);
    /// solver.unselect();
    /// assert_eq!(solver.unexclude(), Some(a));
    /// assert_eq!(solver.count(), 2);
    /// # Ok::<(), dlx::Error>(())
    /// ```
    pub fn unexclude(&mut self) -> Option<OptionId> {
        let shared = &*self.shared;
        with_arena!(&mut self.arenas, c => self.walk.unexclude(&mut c.arena, shared))
    }

    /// The options selected, in the order they were selected.
    pub fn selected(&self) -> impl Iterator<Item = OptionId> + '_ {
        let arena =
            |s: &Selection| with_arena!(&self.arenas, c => c.arena.option_of(s.lead as usize));
        let pieces = self.walk.levels[..self.walk.floor]
            .iter()
            .filter(|l| l.choice != l.branch)
            .map(move |l| with_arena!(&self.arenas, c => self.level_option(&c.arena, l)));
        self.walk
            .selected
            .iter()
            .map(move |s| self.shared.option_ids[arena(s)])
            .chain(pieces)
    }

    /// The options excluded, in the order they were excluded.
    pub fn excluded(&self) -> impl Iterator<Item = OptionId> + '_ {
        self.walk
            .excluded
            .iter()
            .map(|e| self.shared.option_ids[e.option as usize])
    }

    /// Abandons any search under way and releases every selected option and
    /// every excluded one, leaving the solver as new (limits and statistics
    /// are kept).
    pub fn reset(&mut self) {
        with_arena!(&mut self.arenas, c => self.walk.reset(c));
    }

    /// Abandons the search under way, undoing its choices; the selected
    /// and excluded options stay.
    pub fn rewind(&mut self) {
        with_arena!(&mut self.arenas, c => self.walk.rewind(&mut c.arena));
    }

    /// Finds the next solution, resuming the search where the last call left
    /// it (or starting one), and returns its options; `None` when there are
    /// no more or a limit stopped the search ([`Solver::outcome`] tells
    /// which).
    ///
    /// # Example
    ///
    /// ```
    /// use dlx::{Outcome, Problem, Solver};
    /// let mut problem = Problem::new(1, 0);
    /// problem.add_option([0usize])?;
    /// problem.add_option([0usize])?;
    /// let mut solver = Solver::new(&problem);
    /// assert!(solver.next_solution().is_some());
    /// assert_eq!(solver.outcome(), Outcome::Paused);
    /// assert!(solver.next_solution().is_some());
    /// assert!(solver.next_solution().is_none());
    /// assert_eq!(solver.outcome(), Outcome::Complete);
    /// # Ok::<(), dlx::Error>(())
    /// ```
    pub fn next_solution(&mut self) -> Option<&[OptionId]> {
        match self.search() {
            Event::Solution => Some(self.reported_solution()),
            _ => None,
        }
    }

    /// The options of the solution just reported, listed now: a count
    /// never lists them.
    fn reported_solution(&mut self) -> &[OptionId] {
        let shared = &*self.shared;
        with_arena!(&self.arenas, c => self.walk.fill_solution(&c.arena, shared));
        &self.walk.solution
    }

    /// Visits every solution (from a fresh search) until `visit` breaks, the
    /// tree is exhausted or a limit stops the search.
    ///
    /// # Example
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use dlx::{Outcome, Problem, Solver};
    /// let mut problem = Problem::new(1, 0);
    /// for _ in 0..10 {
    ///     problem.add_option([0usize])?;
    /// }
    /// let mut seen = 0;
    /// let outcome = Solver::new(&problem).for_each(|_solution| {
    ///     seen += 1;
    ///     if seen == 3 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    /// });
    /// assert_eq!((seen, outcome), (3, Outcome::Stopped));
    /// # Ok::<(), dlx::Error>(())
    /// ```
    pub fn for_each<F>(&mut self, visit: F) -> Outcome
    where
        F: FnMut(&[OptionId]) -> ControlFlow<()>,
    {
        let mut visit = visit;
        self.restart();
        while self.search() == Event::Solution {
            if visit(self.reported_solution()).is_break() {
                self.walk.outcome = Outcome::Stopped;
                break;
            }
        }
        self.walk.outcome
    }

    /// The first solution of a fresh search, if any.
    pub fn first(&mut self) -> Option<Vec<OptionId>> {
        let mut first = None;
        self.for_each(|s| {
            first = Some(s.to_vec());
            ControlFlow::Break(())
        });
        first
    }

    /// Counts the solutions of a fresh search (all of them, unless a limit
    /// stops it: then [`Solver::outcome`] says so).
    ///
    /// # Complexity
    ///
    /// Exponential in general: exact cover is NP-complete.
    pub fn count(&mut self) -> u64 {
        self.restart();
        if let Some(compact) = self.mirror() {
            let count = compact.count_up_to(u64::MAX);
            let (stats, outcome) = (compact.stats().clone(), compact.outcome());
            self.put_stats(stats);
            self.walk.outcome = outcome;
            return count;
        }
        let mut count = 0;
        while self.search() == Event::Solution {
            count += 1;
        }
        count
    }

    /// Counts the solutions below the selections by memoized search: the
    /// count of each subproblem met is kept in `memo`'s table, keyed by the
    /// state of the items, and reused when the search meets that state
    /// again (Knuth's DLX6; see [`Memo`]). The count equals
    /// [`Solver::count`]'s, and may pass 2^64: 14x14 dominoes have more
    /// than 10^23 tilings.
    ///
    /// The search branches as [`Memo::order`] says. The statistics count
    /// a node per subproblem searched (a solution, a dead end, a node that
    /// branches); a subproblem answered by the table is no node, and a
    /// count of solutions the search did not reach one by one is not in
    /// [`Stats::solutions`], which counts the solution nodes reached.
    ///
    /// The node limit and the cancel flag stop the count: it is then what
    /// the subtrees finished before hold, and [`Solver::outcome`] says
    /// which limit stopped it. A solution limit `K` caps the count at `K`
    /// (with [`Outcome::SolutionLimit`] when it is reached): the search
    /// itself goes to the end.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::CountOverflow`](crate::ErrorKind::CountOverflow) when
    /// the count passes `u128::MAX`,
    /// [`ErrorKind::Unsupported`](crate::ErrorKind::Unsupported) for a
    /// problem with multiplicities (Algorithm M's tweaks take options out
    /// of play that the state of the items does not show), and
    /// [`ErrorKind::OutOfMemory`](crate::ErrorKind::OutOfMemory) when the
    /// stack of the search's path cannot grow.
    ///
    /// # Complexity
    ///
    /// The nodes of the search with repeated subproblems cut off, each
    /// costing a key of the items' state (a bit per item), its hash and a
    /// lookup; exponential in the width of the frontier on a board.
    pub fn count_memo(&mut self, memo: &mut Memo) -> Result<u128, Error> {
        self.count_memo_with(memo, &mut || 0)
    }

    /// [`Solver::count_memo`], asking `more` for more nodes when the node
    /// limit is reached (for a budget shared by workers).
    pub(crate) fn count_memo_with(
        &mut self,
        memo: &mut Memo,
        more: &mut dyn FnMut() -> u64,
    ) -> Result<u128, Error> {
        self.rewind();
        if with_arena!(&self.arenas, c => c.arena.has_bounds()) {
            return Err(Error::new(ErrorKind::Unsupported(
                "memoized counting does not take multiplicities",
            )));
        }
        let shared = &*self.shared;
        let count = with_arena!(&mut self.arenas, c => {
            self.walk.count_memo(&mut c.arena, shared, memo, more)
        })?;
        self.walk.state = State::Fresh;
        match self.walk.limits.solutions {
            Some(max) if self.walk.outcome.is_complete() && count >= u128::from(max) => {
                self.walk.outcome = Outcome::SolutionLimit;
                Ok(u128::from(max))
            }
            _ => Ok(count),
        }
    }

    /// Counts solutions, stopping at `max` (for example 2, to tell a unique
    /// solution from several).
    pub fn count_up_to(&mut self, max: u64) -> u64 {
        let saved = self.walk.limits.solutions;
        self.walk.limits.solutions = Some(saved.map_or(max, |s| s.min(max)));
        let count = self.count();
        self.walk.limits.solutions = saved;
        count
    }

    /// A lazy iterator over the solutions of a fresh search; it may be
    /// dropped at any time, and it stops where a limit stops the search.
    pub fn solutions(&mut self) -> Solutions<'_> {
        self.restart();
        Solutions { solver: self }
    }

    /// An estimate of the fraction of the search tree already explored, from
    /// the positions of the current choices among their alternatives (as
    /// Knuth's programs estimate it).
    pub fn progress(&self) -> f64 {
        self.walk.progress()
    }
}

/// The node of the search tree that the selections lead to, as the search
/// would branch there; see [`Solver::branch`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Branch {
    /// Every primary item is covered: the node is a solution.
    Solved,
    /// The search branches on `item` into `children` nodes (none: the
    /// node is a dead end).
    Item {
        /// The branching item (1-based, as in the arena).
        item: usize,
        /// The number of children: the item's options left (for Algorithm
        /// M, the item's score: its options the search tries, and the null
        /// move when the item may take no more).
        children: u64,
    },
}

/// What the rest of the crate (the split into pieces, the estimate) asks of
/// the search.
impl Solver {
    /// How the search branches at the node the selections lead to (any
    /// search under way is abandoned first): the item it would choose and
    /// its number of children, found as the search finds them, without
    /// entering any child.
    ///
    /// # Complexity
    ///
    /// The choice of the branching item: what the search does at a node
    /// before it covers the item.
    pub(crate) fn branch(&mut self) -> Branch {
        self.rewind();
        with_arena!(&self.arenas, c => {
            let arena = &c.arena;
            if arena.is_solved() {
                Branch::Solved
            } else if arena.has_bounds() {
                match arena.choose_scored() {
                    None => Branch::Solved,
                    Some((item, score)) => Branch::Item {
                        item,
                        children: u64::try_from(score).unwrap_or(0),
                    },
                }
            } else {
                match arena.choose() {
                    None => Branch::Solved,
                    Some((item, len)) => Branch::Item {
                        item,
                        children: u64::from(len),
                    },
                }
            }
        })
    }

    /// The move of child `k` of a node that branches on `item` (see
    /// [`Solver::branch`]), as [`Solver::select_piece`] takes it: the
    /// option of the `k`-th node of the item's list, from the top, or
    /// [`OptionId::NULL`] for the null move of Algorithm M (the child
    /// after the last option).
    ///
    /// # Complexity
    ///
    /// A walk of `k` nodes down the item's list.
    pub(crate) fn child(&self, item: usize, k: u64) -> OptionId {
        with_arena!(&self.arenas, c => {
            let arena = &c.arena;
            let mut r = arena.down(item);
            for _ in 0..k {
                if r == item {
                    break;
                }
                r = arena.down(r);
            }
            if r == item {
                OptionId::NULL
            } else {
                self.shared.option_ids[arena.option_of(r)]
            }
        })
    }

    /// The updates made by the selections and exclusions held (not counted
    /// in the [`Stats`]): the work of taking the options out of play.
    pub(crate) fn held_updates(&self) -> u64 {
        self.walk.held_updates
    }

    /// Selects `id`, as a level of the tree when `level` (a piece's option).
    pub(crate) fn select_as(&mut self, id: OptionId, level: bool) -> Result<(), Error> {
        let shared = &*self.shared;
        with_arena!(&mut self.arenas, c => self.walk.select(c, shared, id, level))
    }

    /// Runs the search to the next solution without listing its options
    /// (a count does not need them); false at the end of the tree or at a
    /// limit. [`Solver::reported`] lists them.
    #[cfg(feature = "parallel")]
    pub(crate) fn next_found(&mut self) -> bool {
        self.search() == Event::Solution
    }

    /// The options of the solution [`Solver::next_found`] reached.
    #[cfg(feature = "parallel")]
    pub(crate) fn reported(&mut self) -> &[OptionId] {
        self.reported_solution()
    }

    /// Runs the search loop to the next event, filling the solution when it
    /// is one.
    fn search(&mut self) -> Event {
        let shared = &*self.shared;
        with_arena!(&mut self.arenas, c => self.walk.search(&mut c.arena, shared))
    }

    /// The option chosen at a level of the search: [`OptionId::NULL`] for
    /// a null move.
    fn level_option<S: Storage, B: Branching>(&self, arena: &Arena<S, B>, l: &Level) -> OptionId {
        if l.choice == l.branch {
            OptionId::NULL
        } else {
            self.shared.option_ids[arena.option_of(l.choice as usize)]
        }
    }

    /// Abandons the search under way so that the next one starts afresh.
    fn restart(&mut self) {
        self.rewind();
        self.walk.outcome = Outcome::NotStarted;
    }

    /// Walks the tree down to `depth` levels below the selected options and
    /// calls `piece` with the options chosen on the way to every node of
    /// that depth, and to every solution above it, in the order of the
    /// search. The walk's own figures (its nodes are those above the
    /// pieces) are returned, not added to the solver's; no limit applies.
    pub(crate) fn walk_pieces(
        &mut self,
        depth: usize,
        mut piece: impl FnMut(&[OptionId]),
    ) -> Stats {
        self.restart();
        let saved_limits = mem::take(&mut self.walk.limits);
        let saved_stats = mem::take(&mut self.walk.stats);
        let saved_updates = with_arena!(&mut self.arenas, c => {
            let updates = c.arena.updates();
            c.arena.set_updates(0);
            updates
        });
        // No path is longer than the tree is deep: a deeper cut is a cut at
        // the leaves, whatever depth is asked (usize::MAX would be no cut).
        let depth = depth.min(self.walk.levels.len());
        self.walk.stop = depth;
        let mut options = Vec::with_capacity(depth);
        while self.search() == Event::Piece {
            let choices = &self.walk.levels[self.walk.floor..self.walk.reported];
            options.clear();
            with_arena!(&self.arenas, c => options.extend(
                choices.iter().map(|l| self.level_option(&c.arena, l))
            ));
            piece(&options);
        }
        self.walk.stop = usize::MAX;
        let mut stats = mem::replace(&mut self.walk.stats, saved_stats);
        stats.updates = with_arena!(&mut self.arenas, c => {
            let updates = c.arena.updates();
            c.arena.set_updates(saved_updates);
            updates
        });
        self.walk.limits = saved_limits;
        self.restart();
        stats
    }
}

impl fmt::Debug for Solver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solver")
            .field("items", &self.shared.items)
            .field("options", &self.shared.option_ids.len())
            .field("selected", &self.walk.selected.len())
            .field("excluded", &self.walk.excluded.len())
            .field("outcome", &self.walk.outcome)
            .field("stats", &self.stats())
            .finish()
    }
}

/// The solutions of a [`Solver`], found one at a time as the iterator is
/// advanced; see [`Solver::solutions`].
#[derive(Debug)]
pub struct Solutions<'s> {
    solver: &'s mut Solver,
}

impl Iterator for Solutions<'_> {
    type Item = Vec<OptionId>;

    fn next(&mut self) -> Option<Vec<OptionId>> {
        self.solver.next_solution().map(<[OptionId]>::to_vec)
    }
}

impl Solutions<'_> {
    /// The solver behind the iterator: its stats, outcome and progress.
    pub fn solver(&self) -> &Solver {
        self.solver
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::arena::tests::problems;
    use crate::error::ErrorKind;

    /// Solvers of `problem` with both node widths and both ways of
    /// branching, whatever its size would choose.
    fn every_engine(problem: &Problem) -> [Solver; 4] {
        let solver = Solver::new(problem);
        [
            Arenas::Narrow(Compiled::new(problem)),
            Arenas::Wide(Compiled::new(problem)),
            Arenas::NarrowBlocks(Compiled::new(problem)),
            Arenas::WideBlocks(Compiled::new(problem)),
        ]
        .map(|arenas| Solver {
            arenas,
            ..solver.clone()
        })
    }

    /// What a user sees of the searches of a solver: solutions in the
    /// order found, statistics with the nodes of each level, outcomes, the
    /// pieces of a split and the counts below them, and counts and
    /// statistics after selecting a solution's options, unselecting one
    /// and resetting.
    fn observe(solver: &mut Solver) -> Vec<String> {
        let mut seen = Vec::new();
        solver.profile_levels(true);
        solver.set_limits(Limits::new().nodes(3000));
        let solutions: Vec<Vec<OptionId>> = solver.solutions().collect();
        seen.push(format!(
            "{solutions:?} {:?} {:?}",
            solver.outcome(),
            solver.stats()
        ));
        let complete = solver.outcome().is_complete();
        solver.clear_stats();
        let split = solver.split(2);
        seen.push(format!("{:?} {:?}", split.pieces(), solver.stats()));
        if complete {
            for piece in split.pieces() {
                seen.push(format!("{:?}", solver.count_piece(piece)));
            }
            #[cfg(feature = "parallel")]
            {
                // A fresh search under the node limit: the limit holds for
                // the whole parallel count, less the nodes counted so far.
                solver.clear_stats();
                let counted = solver.par_count();
                seen.push(format!("{counted:?}"));
            }
        }
        if let Some(solution) = solutions.first() {
            solver.clear_stats();
            for &id in solution {
                solver.select(id).unwrap();
            }
            seen.push(format!("{} {:?}", solver.count(), solver.stats()));
            seen.push(format!("{:?} {}", solver.unselect(), solver.count()));
            solver.reset();
            seen.push(format!("{} {:?}", solver.count(), solver.stats()));
        }
        // Every third option excluded: the search, a split and its pieces.
        solver.clear_stats();
        let ids = solver.shared.option_ids.clone();
        for &id in ids.iter().step_by(3) {
            solver.exclude(id).unwrap();
        }
        let solutions: Vec<Vec<OptionId>> = solver.solutions().collect();
        seen.push(format!(
            "{solutions:?} {:?} {:?}",
            solver.outcome(),
            solver.stats()
        ));
        if solver.outcome().is_complete() {
            let split = solver.split(2);
            for piece in split.pieces() {
                seen.push(format!("{piece:?} {:?}", solver.count_piece(piece)));
            }
        }
        solver.reset();
        seen
    }

    /// A step of [`held_arena_is_the_stack_made_afresh`]: select, exclude,
    /// unselect, reset (by copying the arena back or by undoing each
    /// selection and exclusion), or pause a search after some solutions.
    #[derive(Clone, Copy, Debug)]
    enum Step {
        Select(usize),
        Exclude(usize),
        Unselect,
        ResetByCopy,
        ResetByUndo,
        Pause(usize),
    }

    fn steps() -> impl Strategy<Value = Vec<Step>> {
        let step = prop_oneof![
            4 => (0usize..1000).prop_map(Step::Select),
            4 => (0usize..1000).prop_map(Step::Exclude),
            2 => Just(Step::Unselect),
            1 => Just(Step::ResetByCopy),
            1 => Just(Step::ResetByUndo),
            2 => (0usize..3).prop_map(Step::Pause),
        ];
        proptest::collection::vec(step, 1..=16)
    }

    /// What a solver holds as a stack: selections and exclusions in the
    /// order they act on the arena.
    #[derive(Clone, Copy, Debug, PartialEq)]
    enum Entry {
        Select(OptionId),
        Exclude(OptionId),
    }

    /// Whether two solvers of the same engine have the same arena (links,
    /// stale links of the nodes out of their lists, lengths, colors and
    /// branching state) and hold the same selections and exclusions.
    fn same_state(a: &Solver, b: &Solver) -> bool {
        let arenas = match (&a.arenas, &b.arenas) {
            (Arenas::Narrow(x), Arenas::Narrow(y)) => x.arena.pristine() == y.arena.pristine(),
            (Arenas::Wide(x), Arenas::Wide(y)) => x.arena.pristine() == y.arena.pristine(),
            (Arenas::NarrowBlocks(x), Arenas::NarrowBlocks(y)) => {
                x.arena.pristine() == y.arena.pristine()
            }
            (Arenas::WideBlocks(x), Arenas::WideBlocks(y)) => {
                x.arena.pristine() == y.arena.pristine()
            }
            _ => false,
        };
        let held = |s: &Solver| {
            format!(
                "{:?} {:?} {:?} {:?} {:?} {}",
                s.walk.selected,
                s.walk.excluded,
                s.walk.held,
                s.walk.item_state,
                s.walk.item_log,
                s.walk.above
            )
        };
        arenas && held(a) == held(b)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        /// Whatever the order of selections, exclusions, unselections,
        /// resets and paused searches, the solver is in the state that
        /// making its stack afresh gives, to the last stale link: unselect
        /// takes its selection out of the stack and leaves the exclusions,
        /// reset empties it. And it searches the same tree.
        #[test]
        fn held_arena_is_the_stack_made_afresh(problem in problems(), steps in steps()) {
            let options = problem.option_count();
            for (engine, mut solver) in every_engine(&problem).into_iter().enumerate() {
                solver.set_limits(Limits::new().nodes(400));
                let mut stack: Vec<Entry> = Vec::new();
                for &step in &steps {
                    // A search may be under way (paused, or stopped by the
                    // node limit): what fails without a conflict, and
                    // excluding an option again, leave it as it is.
                    let before = solver.clone();
                    let unchanged = |solver: &Solver| {
                        same_state(solver, &before)
                            && (solver.walk.state, solver.walk.level)
                                == (before.walk.state, before.walk.level)
                    };
                    match step {
                        Step::Select(k) => {
                            let id = OptionId::from_index(k % (options + 1));
                            match solver.select(id) {
                                Ok(()) => stack.push(Entry::Select(id)),
                                Err(e) if matches!(e.kind(), ErrorKind::Conflict(_)) => {}
                                Err(_) => prop_assert!(unchanged(&solver)),
                            }
                        }
                        Step::Exclude(k) => {
                            let id = OptionId::from_index(k % (options + 1));
                            let again = stack.contains(&Entry::Exclude(id));
                            match solver.exclude(id) {
                                Ok(()) if !again => stack.push(Entry::Exclude(id)),
                                _ => prop_assert!(unchanged(&solver)),
                            }
                        }
                        Step::Unselect => {
                            let last = stack.iter().rposition(|e| matches!(e, Entry::Select(_)));
                            let expected = last.map(|k| match stack.remove(k) {
                                Entry::Select(id) => id,
                                Entry::Exclude(_) => unreachable!(),
                            });
                            prop_assert_eq!(solver.unselect(), expected);
                        }
                        Step::ResetByCopy | Step::ResetByUndo => {
                            solver.walk.held_updates = match step {
                                Step::ResetByCopy => u64::MAX,
                                _ => 0,
                            };
                            solver.reset();
                            stack.clear();
                        }
                        Step::Pause(n) => {
                            solver.rewind();
                            for _ in 0..n {
                                solver.next_solution();
                            }
                            continue;
                        }
                    }
                    solver.rewind();
                    let mut afresh = every_engine(&problem)[engine].clone();
                    afresh.set_limits(Limits::new().nodes(400));
                    for &entry in &stack {
                        match entry {
                            Entry::Select(id) => afresh.select(id).unwrap(),
                            Entry::Exclude(id) => afresh.exclude(id).unwrap(),
                        }
                    }
                    prop_assert!(same_state(&solver, &afresh), "{:?} after {:?}", stack, step);
                    let selected: Vec<OptionId> = solver.selected().collect();
                    let excluded: Vec<OptionId> = solver.excluded().collect();
                    let held = |kind: fn(&Entry) -> Option<OptionId>| {
                        stack.iter().filter_map(kind).collect::<Vec<_>>()
                    };
                    prop_assert_eq!(
                        selected,
                        held(|e| match e { Entry::Select(id) => Some(*id), _ => None })
                    );
                    prop_assert_eq!(
                        excluded,
                        held(|e| match e { Entry::Exclude(id) => Some(*id), _ => None })
                    );
                    solver.clear_stats();
                    afresh.clear_stats();
                    let solutions: Vec<Vec<OptionId>> = solver.solutions().collect();
                    let expected: Vec<Vec<OptionId>> = afresh.solutions().collect();
                    prop_assert_eq!(solutions, expected);
                    prop_assert_eq!(solver.outcome(), afresh.outcome());
                    prop_assert_eq!(solver.stats(), afresh.stats());
                }
            }
        }
    }

    #[test]
    fn exclusions_fail_without_changing_anything() {
        let problem = crate::arena::tests::sample();
        let mut solver = Solver::new(&problem);
        let [a, b, c, d, e] = [0, 1, 2, 3, 4].map(OptionId::from_index);
        // Options a (a b x:1) and d (c x:1 y) make a solution, c (a x:2)
        // and b (b c y) the other.
        assert_eq!(solver.count(), 2);
        solver.exclude(e).unwrap();
        let unknown = solver.exclude(OptionId::from_index(5)).unwrap_err();
        assert_eq!(unknown.kind(), &ErrorKind::UnknownOption(5));
        solver.select(a).unwrap();
        solver.next_solution().unwrap();
        // A selected option cannot be excluded; an excluded one cannot be
        // selected; excluding an option twice changes nothing. None of them
        // abandons the search under way.
        let state = format!("{:?}", solver.walk.selected);
        assert_eq!(
            solver.exclude(a).unwrap_err().kind(),
            &ErrorKind::Selected(0)
        );
        assert_eq!(
            solver.select(e).unwrap_err().kind(),
            &ErrorKind::Excluded(4)
        );
        solver.exclude(e).unwrap();
        assert_eq!(solver.walk.state, State::Recover);
        assert_eq!(format!("{:?}", solver.walk.selected), state);
        assert_eq!(solver.excluded().collect::<Vec<_>>(), [e]);
        // Option c (a x:2) conflicts with a: excluding it is allowed, and it
        // stays excluded when a is released.
        solver.exclude(c).unwrap();
        assert!(!solver.walk.excluded[1].hidden);
        assert_eq!(solver.unselect(), Some(a));
        assert!(solver.walk.excluded[1].hidden);
        assert_eq!(solver.excluded().collect::<Vec<_>>(), [e, c]);
        solver.exclude(b).unwrap();
        assert_eq!(solver.first(), Some(vec![a, d]));
        solver.exclude(d).unwrap();
        assert_eq!(solver.count(), 0);
        solver.reset();
        assert_eq!(solver.excluded().count(), 0);
        assert_eq!(solver.count(), 2);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// The flat scan and the blocks, in arenas of either width, find
        /// the same solutions in the same order with the same statistics:
        /// they choose the same item at every node.
        #[test]
        fn every_engine_searches_the_same_tree(problem in problems()) {
            let [first, rest @ ..] = every_engine(&problem).map(|mut s| observe(&mut s));
            for other in rest {
                prop_assert_eq!(&other, &first);
            }
        }
    }
}
