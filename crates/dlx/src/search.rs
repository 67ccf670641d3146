//! Algorithm X (and C, with colors) as an explicit-stack loop: the
//! [`Solver`], its [`Limits`], [`Stats`] and the [`Solutions`] iterator.

use std::fmt;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::arena::{self, ActiveBlocks, Arena, Branching, FlatScan, Narrow, Node, Storage};
use crate::error::{Error, ErrorKind};
use crate::names::NameList;
use crate::problem::{OptionId, Problem};

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
    pub fn new() -> Limits {
        Limits::default()
    }

    /// Stop after this many solutions.
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
    pub fn nodes(mut self, max: u64) -> Limits {
        self.nodes = Some(max);
        self
    }

    /// Stop as soon as another thread sets this flag (checked at every
    /// node).
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
/// cleared, counted as Knuth's programs count them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Search-tree nodes visited (entries to a new level, the root included).
    pub nodes: u64,
    /// Link removals: one per item taken out of the item list and one per
    /// node hidden from an item's list.
    pub updates: u64,
    /// Solutions found.
    pub solutions: u64,
    /// The deepest level reached (the number of options chosen by the search,
    /// not counting selected ones).
    pub max_level: usize,
    /// Nodes visited at each level, when asked for with
    /// [`Solver::profile_levels`].
    pub level_nodes: Option<Vec<u64>>,
}

impl Stats {
    /// Adds the figures of another search (of a piece of the same tree, say)
    /// to these: sums, and the deeper of the two deepest levels.
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

/// What `reset` copies back: the parts of the arena that selections and
/// searches change.
#[derive(Clone, Debug)]
struct Pristine<S: Storage, B: Branching> {
    nodes: S,
    len: Vec<S::Len>,
    colors: Vec<i32>,
    branching: B,
}

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
    /// The search tree is exhausted; nothing is applied.
    Done,
}

/// The search state of a [`Solver`], generic over the node storage and the
/// way the branching item is found.
#[derive(Clone)]
pub(crate) struct Engine<S: Storage, B: Branching = FlatScan> {
    arena: Arena<S, B>,
    shared: Arc<Shared>,
    limits: Limits,
    stats: Stats,
    outcome: Outcome,
    state: State,
    level: usize,
    /// The search stack: one entry per level.
    levels: Vec<Level>,
    /// The first node of each selected option, and the length of
    /// `item_log` before it was selected.
    selected: Vec<(u32, usize)>,
    /// What selections did to the items: 0 free, -1 covered, a color.
    item_state: Vec<i32>,
    item_log: Vec<(u32, i32)>,
    solution: Vec<OptionId>,
    /// Solutions found by the search under way.
    found: u64,
    profile: bool,
    /// The arena's links, lengths and colors with nothing selected, kept for small
    /// arenas so that `reset` can copy them back when that is cheaper than
    /// undoing the selections one by one.
    pristine: Option<Box<Pristine<S, B>>>,
    /// Updates made by the current selections.
    select_updates: u64,
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
    primary: usize,
}

/// The engine of a [`Solver`], with nodes of 8 bytes when the problem is
/// small enough and of 16 otherwise (see `arena::NarrowNode`), and with
/// `arena::ActiveBlocks` to find the branching item when it has many
/// primary items.
#[derive(Clone)]
pub(crate) enum Engines {
    Wide(Engine<Vec<Node>>),
    Narrow(Engine<Narrow>),
    WideBlocks(Engine<Vec<Node>, ActiveBlocks>),
    NarrowBlocks(Engine<Narrow, ActiveBlocks>),
}

impl Engines {
    fn new(problem: &Problem) -> Engines {
        let narrow = Narrow::fits(arena::node_count(problem), problem.option_count());
        match (narrow, arena::branches_by_blocks(problem.primary_count())) {
            (true, false) => Engines::Narrow(Engine::new(problem)),
            (false, false) => Engines::Wide(Engine::new(problem)),
            (true, true) => Engines::NarrowBlocks(Engine::new(problem)),
            (false, true) => Engines::WideBlocks(Engine::new(problem)),
        }
    }
}

/// Runs `$body` with `$e` bound to the solver's engine, mutably.
macro_rules! engine_mut {
    ($solver:expr, $e:ident => $body:expr) => {
        match &mut $solver.engine {
            Engines::Wide($e) => $body,
            Engines::Narrow($e) => $body,
            Engines::WideBlocks($e) => $body,
            Engines::NarrowBlocks($e) => $body,
        }
    };
}

/// Runs `$body` with `$e` bound to the solver's engine.
macro_rules! engine_ref {
    ($solver:expr, $e:ident => $body:expr) => {
        match &$solver.engine {
            Engines::Wide($e) => $body,
            Engines::Narrow($e) => $body,
            Engines::WideBlocks($e) => $body,
            Engines::NarrowBlocks($e) => $body,
        }
    };
}

#[cfg(feature = "parallel")]
pub(crate) use engine_mut;

/// Solves one [`Problem`]: finds, counts or enumerates its solutions.
///
/// The solver copies the problem into its own arena, so it does not borrow
/// it. Options may be fixed with [`Solver::select`] before a search (a
/// sudoku's givens) and released with [`Solver::reset`], so one solver serves
/// many runs.
///
/// A solution is reported as the ids of its options: the selected ones first,
/// in the order they were selected, then those chosen by the search, from the
/// root of the tree down.
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
    pub(crate) engine: Engines,
}

impl Solver {
    /// A solver for `problem`, with no limits and no option selected.
    ///
    /// # Complexity
    ///
    /// Linear in the size of the problem (items plus option entries).
    pub fn new(problem: &Problem) -> Solver {
        Solver {
            engine: Engines::new(problem),
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
        engine_mut!(self, e => e.set_limits(limits))
    }

    /// The limits in force.
    pub fn limits(&self) -> &Limits {
        engine_ref!(self, e => e.limits())
    }

    /// Counts the nodes visited at each level in [`Stats::level_nodes`].
    pub fn profile_levels(&mut self, on: bool) {
        engine_mut!(self, e => e.profile_levels(on))
    }

    /// The statistics gathered so far.
    pub fn stats(&self) -> Stats {
        engine_ref!(self, e => e.stats())
    }

    /// Sets the statistics back to zero.
    pub fn clear_stats(&mut self) {
        engine_mut!(self, e => e.clear_stats())
    }

    /// How the last search ended.
    pub fn outcome(&self) -> Outcome {
        engine_ref!(self, e => e.outcome())
    }

    /// The number of primary items of the problem.
    pub fn primary_count(&self) -> usize {
        engine_ref!(self, e => e.primary_count())
    }

    /// Fixes an option before the search, as if the search had chosen it
    /// first: its items are covered (or, for colored secondary items,
    /// purified). Any search under way is abandoned.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Conflict`] when the option shares an item with an option
    /// already selected (or gives it another color), and
    /// [`ErrorKind::UnknownOption`] when the problem has no option with this
    /// id. Nothing changes on error.
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
        engine_mut!(self, e => e.select(id))
    }

    /// Releases the last option selected, if any.
    pub fn unselect(&mut self) -> Option<OptionId> {
        engine_mut!(self, e => e.unselect())
    }

    /// The options selected, in the order they were selected.
    pub fn selected(&self) -> impl Iterator<Item = OptionId> + '_ {
        engine_ref!(self, e => e.selected().collect::<Vec<_>>()).into_iter()
    }

    /// Abandons any search under way and releases every selected option,
    /// leaving the solver as new (limits and statistics are kept).
    pub fn reset(&mut self) {
        engine_mut!(self, e => e.reset())
    }

    /// Abandons the search under way, undoing its choices; the selected
    /// options stay.
    pub fn rewind(&mut self) {
        engine_mut!(self, e => e.rewind())
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
        engine_mut!(self, e => e.next_solution())
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
        engine_mut!(self, e => e.for_each(visit))
    }

    /// The first solution of a fresh search, if any.
    pub fn first(&mut self) -> Option<Vec<OptionId>> {
        engine_mut!(self, e => e.first())
    }

    /// Counts the solutions of a fresh search (all of them, unless a limit
    /// stops it: then [`Solver::outcome`] says so).
    ///
    /// # Complexity
    ///
    /// Exponential in general: exact cover is NP-complete.
    pub fn count(&mut self) -> u64 {
        engine_mut!(self, e => e.count())
    }

    /// Counts solutions, stopping at `max` (for example 2, to tell a unique
    /// solution from several).
    pub fn count_up_to(&mut self, max: u64) -> u64 {
        engine_mut!(self, e => e.count_up_to(max))
    }

    /// A lazy iterator over the solutions of a fresh search; it may be
    /// dropped at any time, and it stops where a limit stops the search.
    pub fn solutions(&mut self) -> Solutions<'_> {
        engine_mut!(self, e => e.restart());
        Solutions { solver: self }
    }

    /// An estimate of the fraction of the search tree already explored, from
    /// the positions of the current choices among their alternatives (as
    /// Knuth's programs estimate it).
    pub fn progress(&self) -> f64 {
        engine_ref!(self, e => e.progress())
    }
}

impl<S: Storage, B: Branching> Engine<S, B> {
    pub(crate) fn new(problem: &Problem) -> Engine<S, B> {
        let arena = Arena::<S, B>::new(problem);
        let option_ids: Vec<OptionId> = problem.options().map(|(id, _)| id).collect();
        let mut option_index = vec![
            u32::MAX;
            option_ids
                .iter()
                .map(|id| id.index() + 1)
                .max()
                .unwrap_or(0)
        ];
        for (k, id) in option_ids.iter().enumerate() {
            option_index[id.index()] = k as u32;
        }
        let primary = problem.primary_count();
        let depth = primary + 1;
        let names = problem.item_names();
        Engine {
            arena,
            shared: Arc::new(Shared {
                names,
                option_ids,
                option_index,
                primary,
            }),
            limits: Limits::default(),
            stats: Stats::default(),
            outcome: Outcome::NotStarted,
            state: State::Fresh,
            level: 0,
            levels: vec![Level::default(); depth],
            selected: Vec::new(),
            item_state: vec![0; problem.item_count() + 1],
            item_log: Vec::new(),
            solution: Vec::with_capacity(depth),
            found: 0,
            profile: false,
            pristine: None,
            select_updates: 0,
        }
    }

    /// See [`Solver::set_limits`].
    pub(crate) fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// See [`Solver::limits`].
    pub(crate) fn limits(&self) -> &Limits {
        &self.limits
    }

    /// See [`Solver::profile_levels`].
    pub(crate) fn profile_levels(&mut self, on: bool) {
        self.profile = on;
        if on && self.stats.level_nodes.is_none() {
            self.stats.level_nodes = Some(vec![0; self.levels.len()]);
        }
    }

    /// See [`Solver::stats`].
    pub(crate) fn stats(&self) -> Stats {
        let mut stats = self.stats.clone();
        stats.updates = self.arena.updates;
        stats
    }

    /// See [`Solver::clear_stats`].
    pub(crate) fn clear_stats(&mut self) {
        self.stats = Stats::default();
        self.arena.updates = 0;
        if self.profile {
            self.stats.level_nodes = Some(vec![0; self.levels.len()]);
        }
    }

    /// See [`Solver::outcome`].
    pub(crate) fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// See [`Solver::primary_count`].
    pub(crate) fn primary_count(&self) -> usize {
        self.shared.primary
    }

    /// See [`Solver::select`].
    pub(crate) fn select(&mut self, id: OptionId) -> Result<(), Error> {
        let k = match self.shared.option_index.get(id.index()) {
            Some(&k) if k != u32::MAX => k as usize,
            _ => {
                return Err(Error::new(ErrorKind::UnknownOption(id.index())));
            }
        };
        self.rewind();
        let first = self.arena.option_start[k] as usize;
        // Check every item before changing anything.
        let mut p = first;
        while self.arena.nodes.get(p).top > 0 {
            let node = self.arena.nodes.get(p);
            let color = self.arena.color(p);
            let x = node.top as usize;
            let state = self.item_state[x];
            // A color of -1 marks a node that agrees with its purified item.
            let ok = state == 0 || (color != 0 && (color == -1 || state == color));
            if !ok {
                let name = self
                    .shared
                    .names
                    .name(x - 1)
                    .unwrap_or_default()
                    .to_string();
                return Err(Error::new(ErrorKind::Conflict(name)));
            }
            p += 1;
        }
        let log_len = self.item_log.len();
        let mut p = first;
        let mut lead = None;
        while self.arena.nodes.get(p).top > 0 {
            let x = self.arena.nodes.get(p).top as usize;
            let new = match self.arena.color(p) {
                0 => -1,
                -1 => self.item_state[x],
                color => color,
            };
            if self.item_state[x] != new {
                self.item_log.push((x as u32, self.item_state[x]));
                self.item_state[x] = new;
            }
            if lead.is_none() && x <= self.shared.primary {
                lead = Some(p);
            }
            p += 1;
        }
        if self.selected.is_empty()
            && self.pristine.is_none()
            && self.arena.nodes.count() <= PRISTINE_MAX_NODES
        {
            let arena = &self.arena;
            self.pristine = Some(Box::new(Pristine {
                nodes: arena.nodes.clone(),
                len: arena.len.clone(),
                colors: arena.colors.clone(),
                branching: arena.branching.clone(),
            }));
        }
        // As the search does: cover the option's first primary item, then
        // commit the others.
        let lead = lead.expect("every option has a primary item");
        let before = self.arena.updates;
        self.arena.cover(self.arena.nodes.get(lead).top as usize);
        self.arena.commit_others(lead);
        self.select_updates += self.arena.updates - before;
        self.selected.push((lead as u32, log_len));
        Ok(())
    }

    /// See [`Solver::unselect`].
    pub(crate) fn unselect(&mut self) -> Option<OptionId> {
        self.rewind();
        let (lead, log_len) = self.selected.pop()?;
        if self.selected.is_empty() {
            self.select_updates = 0;
        }
        let lead = lead as usize;
        self.arena.uncommit_others(lead);
        self.arena.uncover(self.arena.nodes.get(lead).top as usize);
        for (x, state) in self.item_log.drain(log_len..).rev() {
            self.item_state[x as usize] = state;
        }
        Some(self.shared.option_ids[self.arena.option_of(lead)])
    }

    /// See [`Solver::selected`].
    pub(crate) fn selected(&self) -> impl Iterator<Item = OptionId> + '_ {
        self.selected
            .iter()
            .map(|&(lead, _)| self.shared.option_ids[self.arena.option_of(lead as usize)])
    }

    /// See [`Solver::reset`].
    pub(crate) fn reset(&mut self) {
        // Copying the arena back costs about a node's worth of memory
        // traffic per node; undoing the selections costs their updates (and
        // the search's open path). The copy wins when the selections made at
        // least one update per four nodes, as a sudoku's givens do.
        let copy = self.select_updates.saturating_mul(4) >= self.arena.nodes.count() as u64;
        match &self.pristine {
            Some(pristine) if copy && !self.selected.is_empty() => {
                self.arena.nodes.clone_from(&pristine.nodes);
                self.arena.len.clone_from(&pristine.len);
                self.arena.colors.clone_from(&pristine.colors);
                self.arena.branching.clone_from(&pristine.branching);
                self.arena.active = self.arena.primary;
                for &(x, _) in &self.item_log {
                    self.item_state[x as usize] = 0;
                }
                self.item_log.clear();
                self.selected.clear();
                self.select_updates = 0;
                self.state = State::Fresh;
                self.level = 0;
            }
            _ => while self.unselect().is_some() {},
        }
        self.outcome = Outcome::NotStarted;
    }

    /// See [`Solver::rewind`].
    pub(crate) fn rewind(&mut self) {
        loop {
            match self.state {
                State::Fresh => return,
                State::Done => break,
                State::Forward => {
                    if self.level == 0 {
                        break;
                    }
                    self.level -= 1;
                    self.state = State::Recover;
                }
                State::Recover => {
                    self.arena
                        .uncommit_others(self.levels[self.level].choice as usize);
                    self.arena.uncover(self.levels[self.level].branch as usize);
                    self.state = State::Forward;
                }
                State::Advance => {
                    self.arena.uncover(self.levels[self.level].branch as usize);
                    self.state = State::Forward;
                }
            }
        }
        self.state = State::Fresh;
        self.level = 0;
    }

    /// See [`Solver::next_solution`].
    pub(crate) fn next_solution(&mut self) -> Option<&[OptionId]> {
        if self.search() {
            Some(&self.solution)
        } else {
            None
        }
    }

    /// The search loop: runs until a solution (true, with `self.solution`
    /// filled) or the end of the tree or a limit (false).
    fn search(&mut self) -> bool {
        if let Some(max) = self.limits.solutions {
            let found = if self.state == State::Fresh {
                0
            } else {
                self.found
            };
            if found >= max {
                self.outcome = Outcome::SolutionLimit;
                return false;
            }
        }
        let mut level = self.level;
        let mut state = self.state;
        let max_nodes = self.limits.nodes.unwrap_or(u64::MAX);
        let found = loop {
            match state {
                State::Fresh => {
                    self.start_stats();
                    self.found = 0;
                    level = 0;
                    if self.arena.is_solved() {
                        // Every primary item is covered by the selection.
                        state = State::Done;
                        break true;
                    }
                    state = State::Forward;
                }
                State::Forward => {
                    if self.stats.nodes >= max_nodes {
                        self.outcome = Outcome::NodeLimit;
                        break false;
                    }
                    if let Some(flag) = &self.limits.cancel {
                        if flag.load(Ordering::Relaxed) {
                            self.outcome = Outcome::Cancelled;
                            break false;
                        }
                    }
                    self.stats.nodes += 1;
                    if let Some(profile) = &mut self.stats.level_nodes {
                        profile[level] += 1;
                    }
                    if level > self.stats.max_level {
                        self.stats.max_level = level;
                    }
                    let Some((item, len)) = self.arena.choose() else {
                        unreachable!("a solution is reported before entering a level")
                    };
                    self.arena.cover(item);
                    self.levels[level].branch = item as u32;
                    self.levels[level].len = len;
                    self.levels[level].pos = 0;
                    self.levels[level].choice = self.arena.down(item) as u32;
                    state = State::Advance;
                }
                State::Advance => {
                    let r = self.levels[level].choice as usize;
                    if r == self.levels[level].branch as usize {
                        self.arena.uncover(r);
                        if level == 0 {
                            state = State::Done;
                            self.outcome = Outcome::Complete;
                            break false;
                        }
                        level -= 1;
                        state = State::Recover;
                        continue;
                    }
                    self.arena.commit_others(r);
                    if self.arena.is_solved() {
                        state = State::Recover;
                        break true;
                    }
                    level += 1;
                    state = State::Forward;
                }
                State::Recover => {
                    let r = self.levels[level].choice as usize;
                    self.arena.uncommit_others(r);
                    self.levels[level].choice = self.arena.down(r) as u32;
                    self.levels[level].pos += 1;
                    state = State::Advance;
                }
                State::Done => {
                    self.outcome = Outcome::Complete;
                    break false;
                }
            }
        };
        self.level = level;
        self.state = state;
        if found {
            self.stats.solutions += 1;
            self.found += 1;
            self.outcome = Outcome::Paused;
            self.fill_solution(level);
        }
        found
    }

    fn start_stats(&mut self) {
        if self.profile && self.stats.level_nodes.is_none() {
            self.stats.level_nodes = Some(vec![0; self.levels.len()]);
        }
    }

    fn fill_solution(&mut self, level: usize) {
        self.solution.clear();
        for i in 0..self.selected.len() {
            let option = self.arena.option_of(self.selected[i].0 as usize);
            self.solution.push(self.shared.option_ids[option]);
        }
        if self.state == State::Recover {
            for l in 0..=level {
                let option = self.arena.option_of(self.levels[l].choice as usize);
                self.solution.push(self.shared.option_ids[option]);
            }
        }
    }

    /// Abandons the search under way so that the next one starts afresh.
    fn restart(&mut self) {
        self.rewind();
        self.outcome = Outcome::NotStarted;
    }

    /// See [`Solver::for_each`].
    pub(crate) fn for_each<F>(&mut self, mut visit: F) -> Outcome
    where
        F: FnMut(&[OptionId]) -> ControlFlow<()>,
    {
        self.restart();
        while self.search() {
            if visit(&self.solution).is_break() {
                self.outcome = Outcome::Stopped;
                break;
            }
        }
        self.outcome
    }

    /// See [`Solver::first`].
    pub(crate) fn first(&mut self) -> Option<Vec<OptionId>> {
        let mut first = None;
        self.for_each(|s| {
            first = Some(s.to_vec());
            ControlFlow::Break(())
        });
        first
    }

    /// See [`Solver::count`].
    pub(crate) fn count(&mut self) -> u64 {
        let mut count = 0;
        self.for_each(|_| {
            count += 1;
            ControlFlow::Continue(())
        });
        count
    }

    /// See [`Solver::count_up_to`].
    pub(crate) fn count_up_to(&mut self, max: u64) -> u64 {
        let saved = self.limits.solutions;
        self.limits.solutions = Some(saved.map_or(max, |s| s.min(max)));
        let count = self.count();
        self.limits.solutions = saved;
        count
    }

    /// See [`Solver::progress`].
    pub(crate) fn progress(&self) -> f64 {
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

    #[cfg(feature = "parallel")]
    /// The current partial solution's options chosen by the search at levels
    /// `0..depth`, when it is that deep. Used to split the tree.
    pub(crate) fn choices(&self, depth: usize) -> impl Iterator<Item = OptionId> + '_ {
        self.levels[..depth]
            .iter()
            .map(|l| self.shared.option_ids[self.arena.option_of(l.choice as usize)])
    }

    #[cfg(feature = "parallel")]
    pub(crate) fn level(&self) -> usize {
        self.level
    }

    #[cfg(feature = "parallel")]
    /// Runs the search down to `depth` levels and calls `visit` at every node
    /// of that depth (and at every solution shallower) with the options that
    /// lead there; used to split the tree into independent pieces.
    pub(crate) fn visit_frontier<F>(&mut self, depth: usize, mut visit: F)
    where
        F: FnMut(&mut Self),
    {
        // A node limit of "depth" would not do: the frontier is a level, so
        // the loop below steps the state machine itself.
        self.restart();
        self.start_stats();
        if depth == 0 {
            visit(self);
            return;
        }
        if self.arena.is_solved() {
            self.level = 0;
            self.state = State::Done;
            visit(self);
            self.state = State::Fresh;
            return;
        }
        self.level = 0;
        self.state = State::Forward;
        loop {
            match self.state {
                State::Forward => {
                    if self.level == depth {
                        visit(self);
                        // Back up as if this node had no options.
                        self.level -= 1;
                        self.state = State::Recover;
                        continue;
                    }
                    let (item, len) = self.arena.choose().expect("primary items remain");
                    self.arena.cover(item);
                    self.levels[self.level].branch = item as u32;
                    self.levels[self.level].len = len;
                    self.levels[self.level].pos = 0;
                    self.levels[self.level].choice = self.arena.down(item) as u32;
                    self.state = State::Advance;
                }
                State::Advance => {
                    let l = self.level;
                    let r = self.levels[l].choice as usize;
                    if r == self.levels[l].branch as usize {
                        self.arena.uncover(r);
                        if l == 0 {
                            break;
                        }
                        self.level -= 1;
                        self.state = State::Recover;
                        continue;
                    }
                    self.arena.commit_others(r);
                    self.level += 1;
                    if self.arena.is_solved() {
                        visit(self);
                        self.level -= 1;
                        self.state = State::Recover;
                    } else {
                        self.state = State::Forward;
                    }
                }
                State::Recover => {
                    let l = self.level;
                    let r = self.levels[l].choice as usize;
                    self.arena.uncommit_others(r);
                    self.levels[l].choice = self.arena.down(r) as u32;
                    self.state = State::Advance;
                }
                State::Fresh | State::Done => unreachable!("the frontier loop starts forward"),
            }
        }
        self.state = State::Fresh;
        self.level = 0;
    }
}

impl fmt::Debug for Solver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        engine_ref!(self, e => f.debug_struct("Solver")
            .field("items", &e.arena.item_count)
            .field("options", &e.shared.option_ids.len())
            .field("selected", &e.selected.len())
            .field("outcome", &e.outcome)
            .field("stats", &e.stats())
            .finish())
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
        let solver = &mut *self.solver;
        if engine_mut!(solver, e => e.search()) {
            Some(engine_ref!(solver, e => e.solution.clone()))
        } else {
            None
        }
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
        [
            Engines::Narrow(Engine::new(problem)),
            Engines::Wide(Engine::new(problem)),
            Engines::NarrowBlocks(Engine::new(problem)),
            Engines::WideBlocks(Engine::new(problem)),
        ]
        .map(|engine| Solver { engine })
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
        seen
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
