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
//! # Algorithm M
//!
//! A problem with multiplicities ([`Problem::set_bounds`]) runs the same
//! states compiled a second time (a const generic, chosen once per call of
//! the loop), so the loop of the other problems holds no test of bounds:
//! measured with callgrind on the CLI, 64.05M instructions before and 64.01M
//! after for `queens 11 --count`, 414.4M and 413.7M for 2,000 17-clue sudoku
//! counted to 2, 311.09M and 311.05M for pentomino 3x20. The M loop follows
//! Knuth's DLX3 (see `arena::multi`):
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
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::arena::{
    branches_by_blocks, ActiveBlocks, Arena, Branching, FlatScan, Move, Narrow, Node, Pristine,
    Storage,
};
use crate::error::{Error, ErrorKind};
use crate::names::NameList;
use crate::problem::{node_count_of, OptionId, Problem};

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
    solutions: Option<u64>,
    nodes: Option<u64>,
    cancel: Option<Arc<AtomicBool>>,
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
    /// solver's [`Stats::nodes`], kept from one search to the next until
    /// [`Solver::clear_stats`]: so a search resumed in slices (see
    /// [`Solver::next_solution`]) sets `max` to the count so far plus a
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

/// Statistics of the searches since the solver was made or its stats were
/// cleared, counted as Knuth's programs count them (DLX1, DLX2, and DLX3
/// for problems with multiplicities: see the [`Solver`]'s section on
/// them), so that figures compare directly.
///
/// Levels count options chosen by the search from the root of the tree:
/// options fixed with [`Solver::select`] are not levels (a sudoku's givens),
/// while the options of a piece selected with [`Solver::select_piece`] are
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
    /// Nodes at each level, when asked for with [`Solver::profile_levels`].
    pub level_nodes: Option<Vec<u64>>,
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

/// Arenas of at most this many nodes keep a copy for `reset`.
const PRISTINE_MAX_NODES: usize = 1 << 16;

/// One level of the search stack.
#[derive(Clone, Copy, Debug, Default)]
struct Level {
    /// The node tried.
    choice: u32,
    /// The item branched on.
    branch: u32,
    /// The length of that item's list when it was chosen, and the position
    /// of the current choice in it (for [`Solver::progress`]).
    len: u32,
    pos: u32,
}

/// Where the search loop is; see [`Solver::next_solution`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// No search under way.
    Fresh,
    /// Entering `level`: choices `0..level` are applied.
    Forward,
    /// Trying `choice[level]`: the branch item of `level` is covered, choices
    /// `0..level` are applied, `choice[level]` is not (it may be the header,
    /// meaning no option is left).
    Advance,
    /// `choice[level]` is applied and must be undone before the next.
    Recover,
    /// Choices `0..level` are applied and cover every primary item: a
    /// solution, the node at `level` that is yet to be counted.
    Solved,
    /// The search tree is exhausted; nothing is applied.
    Done,
}

/// Why the search loop returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Event {
    /// A solution, of the `reported` choices on the stack.
    Solution,
    /// A node at the depth the walk stops at, or a solution above it: a
    /// piece of the tree, of the `reported` choices on the stack.
    Piece,
    /// The end of the tree, or a limit (the outcome says which).
    End,
}

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
}

/// A selected option.
///
/// Selections and exclusions change the arena in the order they are made,
/// and only that order, reversed, undoes them exactly: the two lists of the
/// [`Walk`] (`selected`, `excluded`) are one stack, interleaved as each
/// selection's `exclusions` says.
#[derive(Clone, Copy, Debug)]
struct Selection {
    /// The option's first primary node, whose item was covered first.
    lead: u32,
    /// The length of `item_log` before the option was selected.
    log_len: usize,
    /// The number of exclusions made before the option was selected: those
    /// made after it are undone before it is, and made again after.
    exclusions: usize,
    /// Whether the option is a level of the tree (a piece's).
    level: bool,
}

/// An excluded option; see [`Solver::exclude`].
#[derive(Clone, Copy, Debug)]
struct Exclusion {
    /// The option, by its index in the arena.
    option: u32,
    /// Whether its nodes are hidden ([`Arena::hide_option`]): not when a
    /// selection made before it had already taken it out of play (it
    /// conflicts with that selection).
    hidden: bool,
}

/// What the selections and exclusions made of an option.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Held {
    /// Neither selected nor excluded.
    #[default]
    Free,
    Selected,
    Excluded,
}

/// The search state of a [`Solver`]: everything but the arena.
#[derive(Clone)]
struct Walk {
    limits: Limits,
    stats: Stats,
    outcome: Outcome,
    state: State,
    level: usize,
    /// The search stack: one entry per level.
    levels: Vec<Level>,
    /// The number of choices of the last solution or piece reported.
    reported: usize,
    /// The selected options, in order.
    selected: Vec<Selection>,
    /// The excluded options, in order.
    excluded: Vec<Exclusion>,
    /// What selections and exclusions made of each option, by its index in
    /// the arena.
    held: Vec<Held>,
    /// The selected options that are levels of the tree.
    above: usize,
    /// What selections did to the items: 0 free, -1 covered, a color.
    item_state: Vec<i32>,
    item_log: Vec<(u32, i32)>,
    solution: Vec<OptionId>,
    /// Solutions found by the search under way.
    found: u64,
    profile: bool,
    /// Updates made by selections and exclusions since none was held (not
    /// counted in the stats): what undoing them one by one costs, at most.
    held_updates: u64,
    /// The depth at which the walk reports pieces instead of searching on;
    /// `usize::MAX` for a search.
    stop: usize,
    /// For a problem with multiplicities, the first node of the branching
    /// item's list at each level, where its tweaks start (Knuth's
    /// `first_tweak`); empty otherwise.
    tweaks: Vec<u32>,
    /// For a problem with multiplicities, the levels `0..floor` are those
    /// of the selected pieces ([`Solver::select_piece`]): the search below
    /// starts at `floor` and backs up no further. Always 0 otherwise.
    floor: usize,
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
            shared: Arc::new(Shared {
                names: problem.item_names(),
                option_ids,
                option_index,
                items: problem.item_count(),
                primary,
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
    /// [`ErrorKind::OutOfMemory`], with the bytes needed and available,
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
        crate::memory::check(crate::memory::solver_bytes(problem))?;
        Ok(Solver::new(problem))
    }
}

impl Solver {
    /// Sets the limits of the searches to come.
    pub fn set_limits(&mut self, limits: Limits) {
        self.walk.limits = limits;
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
    /// [`ErrorKind::Conflict`] when the option shares an item with an option
    /// already selected (or gives it another color; with multiplicities,
    /// when a primary item would go past its upper bound),
    /// [`ErrorKind::Excluded`] when it is excluded ([`Solver::exclude`]),
    /// and [`ErrorKind::UnknownOption`] when the problem has no option with
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
    /// [`ErrorKind::Selected`] when the option is selected, and
    /// [`ErrorKind::UnknownOption`] when the problem has no option with this
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
        let mut count = 0;
        while self.search() == Event::Solution {
            count += 1;
        }
        count
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

    /// Runs the search loop to the next event, filling the solution when it
    /// is one.
    fn search(&mut self) -> Event {
        with_arena!(&mut self.arenas, c => self.walk.search(&mut c.arena))
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

impl Walk {
    /// The search loop: runs until a solution (its options listed by
    /// [`Walk::fill_solution`] when asked for),
    /// a piece (when `stop` is a depth), or the end of the tree or a limit.
    /// Problems with multiplicities run Algorithm M, the others X (or C);
    /// the choice is made once per call.
    fn search<S: Storage, B: Branching>(&mut self, arena: &mut Arena<S, B>) -> Event {
        if arena.has_bounds() {
            self.search_with::<true, S, B>(arena)
        } else {
            self.search_with::<false, S, B>(arena)
        }
    }

    /// [`Walk::search`], for Algorithm M (`M`) or X. The two share the
    /// states and their order; M branches on the item of the least score
    /// and tweaks its options (see `arena::multi`), and a level of M may be
    /// a null move (its choice is the item's header).
    #[inline(always)]
    fn search_with<const M: bool, S: Storage, B: Branching>(
        &mut self,
        arena: &mut Arena<S, B>,
    ) -> Event {
        let pieces = self.stop != usize::MAX;
        if let (Some(max), false) = (self.limits.solutions, pieces) {
            let found = if self.state == State::Fresh {
                0
            } else {
                self.found
            };
            if found >= max {
                self.outcome = Outcome::SolutionLimit;
                return Event::End;
            }
        }
        let mut level = self.level;
        let mut state = self.state;
        let max_nodes = self.limits.nodes.unwrap_or(u64::MAX);
        let (stop, above) = (self.stop, self.above);
        // The levels of selected pieces, below which M does not back up.
        let floor = if M { self.floor } else { 0 };
        let event = loop {
            match state {
                State::Fresh => {
                    self.start_stats();
                    self.found = 0;
                    level = floor;
                    // Every primary item may be covered by the selection.
                    state = if arena.is_solved() {
                        State::Solved
                    } else {
                        State::Forward
                    };
                }
                State::Forward => {
                    if level - floor == stop {
                        break Event::Piece;
                    }
                    if let Some(outcome) = self.enter(above + level, max_nodes) {
                        self.outcome = outcome;
                        break Event::End;
                    }
                    if M {
                        let Some((item, score)) = arena.choose_scored() else {
                            unreachable!("a solution is reported before entering a level")
                        };
                        if score <= 0 {
                            // The item cannot be satisfied: back up from
                            // this node, as DLX3 does, without entering it.
                            if level == floor {
                                state = State::Done;
                                self.outcome = Outcome::Complete;
                                break Event::End;
                            }
                            level -= 1;
                            state = State::Recover;
                            continue;
                        }
                        let first = arena.enter_item(item);
                        self.tweaks[level] = first as u32;
                        self.levels[level] = Level {
                            choice: first as u32,
                            branch: item as u32,
                            len: score.min(i64::from(u32::MAX)) as u32,
                            pos: 0,
                        };
                    } else {
                        let Some((item, len)) = arena.choose() else {
                            unreachable!("a solution is reported before entering a level")
                        };
                        arena.cover(item);
                        self.levels[level] = Level {
                            choice: arena.down(item) as u32,
                            branch: item as u32,
                            len,
                            pos: 0,
                        };
                    }
                    state = State::Advance;
                }
                State::Advance => {
                    let r = self.levels[level].choice as usize;
                    let item = self.levels[level].branch as usize;
                    let back = if M {
                        match arena.try_option(item, r) {
                            Move::Backup => {
                                arena.leave_item(item, self.tweaks[level] as usize);
                                true
                            }
                            Move::Option => {
                                arena.commit_others_bounded(r);
                                false
                            }
                            Move::Null => false,
                        }
                    } else if r == item {
                        arena.uncover(r);
                        true
                    } else {
                        arena.commit_others(r);
                        false
                    };
                    if back {
                        if level == floor {
                            state = State::Done;
                            self.outcome = Outcome::Complete;
                            break Event::End;
                        }
                        level -= 1;
                        state = State::Recover;
                        continue;
                    }
                    level += 1;
                    state = if arena.is_solved() {
                        State::Solved
                    } else {
                        State::Forward
                    };
                }
                State::Recover => {
                    let r = self.levels[level].choice as usize;
                    if M {
                        let item = self.levels[level].branch as usize;
                        if r == item {
                            // The null move was the level's last.
                            arena.undo_null(item);
                            arena.leave_item(item, self.tweaks[level] as usize);
                            if level == floor {
                                state = State::Done;
                                self.outcome = Outcome::Complete;
                                break Event::End;
                            }
                            level -= 1;
                            continue;
                        }
                        arena.uncommit_others_bounded(r);
                    } else {
                        arena.uncommit_others(r);
                    }
                    self.levels[level].choice = arena.down(r) as u32;
                    self.levels[level].pos += 1;
                    state = State::Advance;
                }
                State::Solved => {
                    if pieces {
                        break Event::Piece;
                    }
                    // A solution is a node of the tree, as Knuth counts.
                    if let Some(outcome) = self.enter(above + level, max_nodes) {
                        self.outcome = outcome;
                        break Event::End;
                    }
                    break Event::Solution;
                }
                State::Done => {
                    self.outcome = Outcome::Complete;
                    break Event::End;
                }
            }
        };
        if event != Event::End {
            // Report the `level` choices on the stack, then back up: the
            // next call resumes after this node.
            self.reported = level;
            if level == floor {
                state = State::Done;
            } else {
                level -= 1;
                state = State::Recover;
            }
        }
        self.level = level;
        self.state = state;
        if event == Event::Solution {
            self.stats.solutions += 1;
            self.found += 1;
            self.outcome = Outcome::Paused;
        }
        event
    }

    /// Counts a node at `depth` (levels from the root of the tree: the
    /// search's own, below those of a selected piece), unless a limit stops
    /// the search first: then returns the outcome that says which.
    #[inline(always)]
    fn enter(&mut self, depth: usize, max_nodes: u64) -> Option<Outcome> {
        if self.stats.nodes >= max_nodes {
            return Some(Outcome::NodeLimit);
        }
        if let Some(flag) = &self.limits.cancel {
            if flag.load(Ordering::Relaxed) {
                return Some(Outcome::Cancelled);
            }
        }
        self.stats.nodes += 1;
        if let Some(profile) = &mut self.stats.level_nodes {
            profile[depth] += 1;
        }
        if depth > self.stats.max_level {
            self.stats.max_level = depth;
        }
        None
    }

    fn start_stats(&mut self) {
        if self.profile && self.stats.level_nodes.is_none() {
            self.stats.level_nodes = Some(vec![0; self.levels.len()]);
        }
    }

    /// The options of the solution just reported: the selected ones, then
    /// the search's choices.
    fn fill_solution<S: Storage, B: Branching>(&mut self, arena: &Arena<S, B>, shared: &Shared) {
        self.solution.clear();
        let selected = self.selected.iter().map(|s| s.lead);
        // A null move (its choice is the item's header) chose no option.
        let chosen = self.levels[..self.reported]
            .iter()
            .filter(|l| l.choice != l.branch)
            .map(|l| l.choice);
        for node in selected.chain(chosen) {
            let option = arena.option_of(node as usize);
            self.solution.push(shared.option_ids[option]);
        }
    }

    /// The arena index of option `id`.
    fn option_index(shared: &Shared, id: OptionId) -> Result<usize, Error> {
        match shared.option_index.get(id.index()) {
            Some(&k) if k != u32::MAX => Ok(k as usize),
            _ => Err(Error::new(ErrorKind::UnknownOption(id.index()))),
        }
    }

    /// Whether an option whose node of item `x` has color `color` agrees
    /// with the selections there: the item is free, or purified to that
    /// color (a color of -1 marks a node that agrees with its purified
    /// item).
    fn agrees(&self, x: usize, color: i32) -> bool {
        let state = self.item_state[x];
        state == 0 || (color != 0 && (color == -1 || state == color))
    }

    /// Keeps a copy of the arena for [`Walk::reset`] when it is small and
    /// nothing is held: called before the first selection or exclusion
    /// changes it.
    fn keep_pristine<S: Storage, B: Branching>(&self, compiled: &mut Compiled<S, B>) {
        if self.selected.is_empty()
            && self.excluded.is_empty()
            && compiled.pristine.is_none()
            && compiled.arena.node_count() <= PRISTINE_MAX_NODES
        {
            compiled.pristine = Some(Box::new(compiled.arena.pristine()));
        }
    }

    /// See [`Solver::select`] and [`Solver::select_piece`].
    fn select<S: Storage, B: Branching>(
        &mut self,
        compiled: &mut Compiled<S, B>,
        shared: &Shared,
        id: OptionId,
        level: bool,
    ) -> Result<(), Error> {
        if compiled.arena.has_bounds() {
            if level {
                return self.replay(&mut compiled.arena, shared, id);
            }
            self.release_levels(&mut compiled.arena);
        }
        let k = Walk::option_index(shared, id)?;
        if self.held[k] == Held::Excluded {
            return Err(Error::new(ErrorKind::Excluded(id.index())));
        }
        self.rewind(&mut compiled.arena);
        let first = compiled.arena.option_start(k);
        if compiled.arena.has_bounds() {
            return self.select_bounded(compiled, shared, k);
        }
        // Check every item before changing anything.
        for (_, x, color) in compiled.arena.option_nodes(first) {
            if !self.agrees(x, color) {
                let name = shared.names.name(x - 1).unwrap_or_default().to_string();
                return Err(Error::new(ErrorKind::Conflict(name)));
            }
        }
        self.keep_pristine(compiled);
        let arena = &mut compiled.arena;
        let log_len = self.item_log.len();
        let mut lead = None;
        for (p, x, color) in arena.option_nodes(first) {
            let new = match color {
                0 => -1,
                -1 => self.item_state[x],
                color => color,
            };
            if self.item_state[x] != new {
                self.item_log.push((x as u32, self.item_state[x]));
                self.item_state[x] = new;
            }
            if lead.is_none() && x <= shared.primary {
                lead = Some(p);
            }
        }
        // As the search does: cover the option's first primary item, then
        // commit the others. The stats count the search, not this.
        let lead = lead.expect("every option has a primary item");
        let before = arena.updates();
        arena.cover(arena.item_of(lead));
        arena.commit_others(lead);
        self.held_updates += arena.updates() - before;
        arena.set_updates(before);
        self.selected.push(Selection {
            lead: lead as u32,
            log_len,
            exclusions: self.excluded.len(),
            level,
        });
        self.held[k] = Held::Selected;
        self.above += usize::from(level);
        Ok(())
    }

    /// [`Walk::select`] of option `k` of a problem with multiplicities:
    /// the option is hidden from every list (so that no search chooses it
    /// again) and each of its items committed, a primary item's bound
    /// lowered by one. It conflicts when it is out of play: an item of it
    /// takes no more options, or another selection hid it.
    fn select_bounded<S: Storage, B: Branching>(
        &mut self,
        compiled: &mut Compiled<S, B>,
        shared: &Shared,
        k: usize,
    ) -> Result<(), Error> {
        let first = compiled.arena.option_start(k);
        if let Some(x) = compiled.arena.out_of_play(first) {
            let name = shared.names.name(x - 1).unwrap_or_default().to_string();
            return Err(Error::new(ErrorKind::Conflict(name)));
        }
        self.keep_pristine(compiled);
        let arena = &mut compiled.arena;
        let updates = arena.select_bounded(first);
        arena.set_updates(arena.updates() - updates);
        self.held_updates += updates;
        self.selected.push(Selection {
            lead: first as u32,
            log_len: self.item_log.len(),
            exclusions: self.excluded.len(),
            level: false,
        });
        self.held[k] = Held::Selected;
        Ok(())
    }

    /// See [`Solver::exclude`].
    fn exclude<S: Storage, B: Branching>(
        &mut self,
        compiled: &mut Compiled<S, B>,
        shared: &Shared,
        id: OptionId,
    ) -> Result<(), Error> {
        let k = Walk::option_index(shared, id)?;
        match self.held[k] {
            Held::Free => {}
            Held::Excluded => return Ok(()),
            Held::Selected => return Err(Error::new(ErrorKind::Selected(id.index()))),
        }
        self.release_levels(&mut compiled.arena);
        self.keep_pristine(compiled);
        let hidden = self.hide_excluded(&mut compiled.arena, k);
        self.excluded.push(Exclusion {
            option: k as u32,
            hidden,
        });
        self.held[k] = Held::Excluded;
        Ok(())
    }

    /// See [`Solver::unexclude`].
    fn unexclude<S: Storage, B: Branching>(
        &mut self,
        arena: &mut Arena<S, B>,
        shared: &Shared,
    ) -> Option<OptionId> {
        let from = self.selected.last().map_or(0, |s| s.exclusions);
        if self.excluded.len() <= from {
            return None;
        }
        self.release_levels(arena);
        let exclusion = self.excluded.pop()?;
        let k = exclusion.option as usize;
        if exclusion.hidden {
            arena.unhide_option(arena.option_start(k));
        }
        self.held[k] = Held::Free;
        if self.selected.is_empty() && self.excluded.is_empty() {
            self.held_updates = 0;
        }
        Some(shared.option_ids[k])
    }

    /// Hides option `k`, about to be excluded or excluded again, when it
    /// agrees with every selection. When it does not, a selection has
    /// already hidden it from every list but that of the item the
    /// selection covered or purified, which no search walks; hiding it
    /// again would break the links. Returns whether it hid the option.
    fn hide_excluded<S: Storage, B: Branching>(
        &mut self,
        arena: &mut Arena<S, B>,
        k: usize,
    ) -> bool {
        let first = arena.option_start(k);
        let agrees = if arena.has_bounds() {
            arena.out_of_play(first).is_none()
        } else {
            arena
                .option_nodes(first)
                .all(|(_, x, color)| self.agrees(x, color))
        };
        if !agrees {
            return false;
        }
        self.held_updates += arena.hide_option(first);
        true
    }

    /// Brings back the options of exclusions `from..`, in reverse order,
    /// leaving them in `excluded`: the first step of undoing what was done
    /// since exclusion `from`, last in, first out.
    fn unhide_exclusions<S: Storage, B: Branching>(&self, arena: &mut Arena<S, B>, from: usize) {
        for e in self.excluded[from..].iter().rev() {
            if e.hidden {
                arena.unhide_option(arena.option_start(e.option as usize));
            }
        }
    }

    /// See [`Solver::unselect`]: the exclusions made since the last
    /// selection are undone, then the selection, then the exclusions are
    /// made again, beneath the selections left.
    fn unselect<S: Storage, B: Branching>(
        &mut self,
        arena: &mut Arena<S, B>,
        shared: &Shared,
    ) -> Option<OptionId> {
        self.rewind(arena);
        if self.floor > 0 {
            self.floor -= 1;
            let l = self.floor;
            let level = self.levels[l];
            let id = if level.choice == level.branch {
                OptionId::NULL
            } else {
                shared.option_ids[arena.option_of(level.choice as usize)]
            };
            self.undo_level(arena, l);
            self.level = self.floor;
            return Some(id);
        }
        let from = self.selected.last()?.exclusions;
        self.unhide_exclusions(arena, from);
        let selection = self.selected.pop()?;
        let option = self.undo_selection(arena, selection);
        for e in from..self.excluded.len() {
            let k = self.excluded[e].option as usize;
            self.excluded[e].hidden = self.hide_excluded(arena, k);
        }
        if self.selected.is_empty() && self.excluded.is_empty() {
            self.held_updates = 0;
        }
        Some(shared.option_ids[option])
    }

    /// Undoes `selection`, just taken off the top of `selected`, when
    /// nothing made after it holds the arena (no search is under way and no
    /// exclusion made since has its option hidden); returns its option's
    /// arena index.
    fn undo_selection<S: Storage, B: Branching>(
        &mut self,
        arena: &mut Arena<S, B>,
        selection: Selection,
    ) -> usize {
        let Selection {
            lead,
            log_len,
            level,
            ..
        } = selection;
        self.above -= usize::from(level);
        let lead = lead as usize;
        if arena.has_bounds() {
            arena.unselect_bounded(lead);
        } else {
            arena.uncommit_others(lead);
            arena.uncover(arena.item_of(lead));
        }
        for (x, state) in self.item_log.drain(log_len..).rev() {
            self.item_state[x as usize] = state;
        }
        let option = arena.option_of(lead);
        self.held[option] = Held::Free;
        option
    }

    /// See [`Solver::reset`].
    fn reset<S: Storage, B: Branching>(&mut self, compiled: &mut Compiled<S, B>) {
        // Copying the arena back costs about a node's worth of memory
        // traffic per node; undoing the selections and exclusions costs
        // their updates (and the search's open path). The copy wins when
        // they made at least one update per four nodes, as a sudoku's givens
        // do.
        let arena = &mut compiled.arena;
        self.release_levels(arena);
        let copy = self.held_updates.saturating_mul(4) >= arena.node_count() as u64;
        let held = !(self.selected.is_empty() && self.excluded.is_empty());
        match &compiled.pristine {
            Some(pristine) if copy && held => {
                arena.restore(pristine);
                for &(x, _) in &self.item_log {
                    self.item_state[x as usize] = 0;
                }
                self.item_log.clear();
                for s in self.selected.drain(..) {
                    self.held[arena.option_of(s.lead as usize)] = Held::Free;
                }
                for e in self.excluded.drain(..) {
                    self.held[e.option as usize] = Held::Free;
                }
                self.above = 0;
                self.state = State::Fresh;
                self.level = 0;
            }
            _ => {
                // Last in, first out: the exclusions made since the last
                // selection, then the selection, and so on down.
                self.rewind(arena);
                loop {
                    let from = self.selected.last().map_or(0, |s| s.exclusions);
                    self.unhide_exclusions(arena, from);
                    for e in self.excluded.drain(from..) {
                        self.held[e.option as usize] = Held::Free;
                    }
                    let Some(selection) = self.selected.pop() else {
                        break;
                    };
                    self.undo_selection(arena, selection);
                }
            }
        }
        self.held_updates = 0;
        self.outcome = Outcome::NotStarted;
    }

    /// See [`Solver::rewind`].
    fn rewind<S: Storage, B: Branching>(&mut self, arena: &mut Arena<S, B>) {
        let bounded = arena.has_bounds();
        loop {
            match self.state {
                State::Fresh => return,
                State::Done => break,
                State::Forward | State::Solved => {
                    if self.level == self.floor {
                        break;
                    }
                    self.level -= 1;
                    self.state = State::Recover;
                }
                State::Recover if bounded => {
                    self.undo_level(arena, self.level);
                    self.state = State::Forward;
                }
                State::Recover => {
                    let level = self.levels[self.level];
                    arena.uncommit_others(level.choice as usize);
                    arena.uncover(level.branch as usize);
                    self.state = State::Forward;
                }
                State::Advance => {
                    let level = self.levels[self.level];
                    if bounded {
                        arena.leave_item(level.branch as usize, self.tweaks[self.level] as usize);
                    } else {
                        arena.uncover(level.branch as usize);
                    }
                    self.state = State::Forward;
                }
            }
        }
        self.state = State::Fresh;
        self.level = self.floor;
    }

    /// Undoes level `l` of Algorithm M, whose choice is applied: its
    /// option's commits (or its null move), then its item's tweaks and
    /// bound.
    fn undo_level<S: Storage, B: Branching>(&self, arena: &mut Arena<S, B>, l: usize) {
        let Level { choice, branch, .. } = self.levels[l];
        if choice == branch {
            arena.undo_null(branch as usize);
        } else {
            arena.uncommit_others_bounded(choice as usize);
        }
        arena.leave_item(branch as usize, self.tweaks[l] as usize);
    }

    /// Abandons the search under way and releases the levels of the
    /// selected pieces of a problem with multiplicities, last first.
    fn release_levels<S: Storage, B: Branching>(&mut self, arena: &mut Arena<S, B>) {
        self.rewind(arena);
        while self.floor > 0 {
            self.floor -= 1;
            self.undo_level(arena, self.floor);
        }
        self.level = 0;
    }

    /// Selects the next level of a piece of a problem with multiplicities
    /// (see [`Solver::select_piece`]): the search's own move at the level
    /// under the selected ones, replayed: the branching item is chosen and
    /// its options tweaked up to the piece's (or its null move made), so
    /// that the search below is the subtree of the whole tree's search.
    /// Nothing changes on error.
    fn replay<S: Storage, B: Branching>(
        &mut self,
        arena: &mut Arena<S, B>,
        shared: &Shared,
        id: OptionId,
    ) -> Result<(), Error> {
        let k = if id == OptionId::NULL {
            None
        } else {
            let k = Walk::option_index(shared, id)?;
            if self.held[k] == Held::Excluded {
                return Err(Error::new(ErrorKind::Excluded(id.index())));
            }
            Some(k)
        };
        self.rewind(arena);
        let conflict = |x: usize| {
            let name = shared.names.name(x - 1).unwrap_or_default().to_string();
            Error::new(ErrorKind::Conflict(name))
        };
        let Some((x, score)) = arena.choose_scored() else {
            // Every primary item is done: a piece does not go on below a
            // solution.
            let item = k.and_then(|k| arena.option_nodes(arena.option_start(k)).next());
            return Err(conflict(item.map_or(1, |(_, x, _)| x)));
        };
        let target = match k {
            None => x,
            Some(k) => match arena
                .option_nodes(arena.option_start(k))
                .find(|&(_, y, _)| y == x)
            {
                Some((p, _, _)) => p,
                None => return Err(conflict(x)),
            },
        };
        if score <= 0 {
            return Err(conflict(x));
        }
        let before = arena.updates();
        let first = arena.enter_item(x);
        let (mut r, mut pos) = (first, 0);
        let fits = loop {
            match arena.try_option(x, r) {
                Move::Backup => break false,
                Move::Option if r == target => {
                    arena.commit_others_bounded(r);
                    break true;
                }
                Move::Option => {
                    r = arena.down(r);
                    pos += 1;
                }
                Move::Null if target == x => break true,
                Move::Null => {
                    arena.undo_null(x);
                    break false;
                }
            }
        };
        if !fits {
            arena.leave_item(x, first);
            arena.set_updates(before);
            return Err(conflict(x));
        }
        self.held_updates += arena.updates() - before;
        arena.set_updates(before);
        let l = self.floor;
        self.levels[l] = Level {
            choice: r as u32,
            branch: x as u32,
            len: score.min(i64::from(u32::MAX)) as u32,
            pos,
        };
        self.tweaks[l] = first as u32;
        self.floor += 1;
        self.level = self.floor;
        Ok(())
    }

    /// See [`Solver::progress`].
    fn progress(&self) -> f64 {
        match self.state {
            State::Fresh => 0.0,
            State::Done => 1.0,
            _ => {
                let mut fraction = 0.0;
                let mut weight = 1.0;
                for l in 0..=self.level.min(self.levels.len() - 1) {
                    let len = self.levels[l].len.max(1) as f64;
                    weight /= len;
                    fraction += self.levels[l].pos as f64 * weight;
                }
                (fraction + weight / 2.0).min(1.0)
            }
        }
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
