//! The exact-cover matrix of one layout and its plain search: a puzzle
//! loaded (its givens selected, the digits its pencilmarks rule out
//! excluded), searches bounded by a budget of nodes, the limits, the
//! statistics, and the grids of solutions.
//!
//! The deep search (`deep.rs`) and the verbs of
//! [`SudokuSolver`](crate::SudokuSolver) are written over it; it knows
//! nothing of them.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use dlx::{Limits, Solver, Stats};

use super::error::SolveError;
use crate::constraint::devices::ChainGraph;
use crate::encode;
use crate::grid::Grid;
use crate::layout::Layout;

/// The matrix of one layout, built once, and the puzzle loaded in it.
#[derive(Clone, Debug)]
pub(crate) struct Matrix {
    layout: Layout,
    /// The engine, holding the layout's problem: the loaded puzzle's
    /// givens are selected in it, and the searches run on it. Built when
    /// a search first needs it (see [`Links`]).
    pub(crate) solver: Links,
    stats: Stats,
    node_limit: Option<u64>,
    cancel: Option<Arc<AtomicBool>>,
    /// The propagator of the layout's constraints, when it has any, and
    /// whether the engine runs it (for hard puzzles only: on an easy one
    /// it costs more than the nodes it saves).
    /// Built when a puzzle first asks for it: `Some(None)` when no
    /// constraint can narrow a domain.
    rules: Option<Option<super::propagate::Rules>>,
    /// The propagator of a killer's rules for the search on its cells'
    /// digits, built without the problem (it reads no placements).
    killer: Option<Option<super::propagate::Rules>>,
    propagating: bool,
    /// The propagator's runs for the loaded puzzle, over all its searches.
    tally: std::sync::Arc<super::propagate::Tally>,
    /// When the propagator runs: as the searches ask, always or never.
    policy: Propagation,
}

/// When a [`SudokuSolver`](crate::SudokuSolver) propagates the layout's
/// constraints (cage sums, thermometers, whispers, dots and the like) on
/// the cells' digits at each node of its search, taking out the
/// placements they leave without support.
///
/// Propagation costs more than a node of exact cover and saves the most
/// on hard puzzles with sums and lines: by default
/// ([`Propagation::Auto`]) the solver runs it in the searches of puzzles
/// its probes find hard, and from the root of a killer's search (every
/// constraint a cage) that a short plain search does not settle, and
/// stops it when it takes out next to nothing.
/// The solutions are the same under every policy; the nodes and the time
/// differ.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Propagation {
    /// In the searches of hard puzzles and of killers, while it takes out
    /// placements.
    #[default]
    Auto,
    /// At every node of every search, probes included.
    Always,
    /// Never: exact cover alone.
    Never,
}

/// How a search of [`Matrix::bounded`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bounded {
    /// The tree was searched, or the search found what it looked for.
    Finished,
    /// It took the nodes it was given.
    OutOfBudget,
    /// It reached the solver's node limit.
    NodeLimit,
    /// The cancel flag was set.
    Cancelled,
}

/// The engine of a layout's exact cover, built when a search first needs
/// it: a killer searched on its cells' digits never does, and the
/// problem's build is most of the time of an easy killer's count (4.2 of
/// 8.8 million instructions on hs-08). It derefs to the [`Solver`]; the
/// limits set before the build are applied at it.
#[derive(Clone, Debug)]
pub(crate) struct Links {
    layout: Layout,
    limits: Limits,
    built: std::sync::OnceLock<Built>,
}

/// What [`Links`] builds.
#[derive(Clone, Debug)]
pub(crate) struct Built {
    solver: Solver,
    /// The placements the layout's constraints rule out, which are no
    /// options (empty when there are none).
    absent: Vec<bool>,
    /// The layout's problem, kept until the propagator is built from it
    /// when a constraint can narrow a domain (building it again costs as
    /// much as a hard puzzle's probes).
    problem: Option<Arc<(dlx::Problem, Vec<ChainGraph>)>>,
}

impl Links {
    fn new(layout: Layout) -> Links {
        Links {
            layout,
            limits: Limits::new(),
            built: std::sync::OnceLock::new(),
        }
    }

    /// The engine and what comes with it, built now if not yet.
    fn built(&self) -> &Built {
        self.built
            .get_or_init(|| Built::new(&self.layout, self.limits.clone()))
    }

    /// [`Links::built`], to change.
    fn built_mut(&mut self) -> &mut Built {
        self.built();
        self.built
            .get_mut()
            .expect("the engine was built on the line above")
    }

    /// Sets the engine's limits, now if it is built, else when it is.
    pub(crate) fn set_limits(&mut self, limits: Limits) {
        if let Some(built) = self.built.get_mut() {
            built.solver.set_limits(limits.clone());
        }
        self.limits = limits;
    }
}

impl Built {
    fn new(layout: &Layout, limits: Limits) -> Built {
        let (problem, chains) = encode::problem_and_chains(layout);
        let n = layout.side();
        let placements = n * n * n;
        // Only constraints take placements out of the problem.
        let absent = if layout.constraints().is_empty() {
            Vec::new()
        } else {
            (0..placements)
                .map(|k| problem.option(dlx::OptionId::from_index(k)).is_none())
                .collect()
        };
        let propagates = !chains.is_empty() || layout.constraints().iter().any(|c| c.propagates());
        let mut solver = Solver::new(&problem);
        // The compact engine counts no faster on sudoku's short item lists,
        // and each count would copy the givens into it: 17-clue puzzles
        // counted to 2 took 24% more time with it.
        solver.set_compact(false);
        solver.set_limits(limits);
        Built {
            solver,
            absent,
            problem: propagates.then(|| Arc::new((problem, chains))),
        }
    }
}

impl std::ops::Deref for Links {
    type Target = Solver;

    fn deref(&self) -> &Solver {
        &self.built().solver
    }
}

impl std::ops::DerefMut for Links {
    fn deref_mut(&mut self) -> &mut Solver {
        &mut self.built_mut().solver
    }
}

impl Matrix {
    /// The matrix of `layout`, no puzzle loaded; the engine is built
    /// when a search first needs it.
    pub(crate) fn new(layout: Layout) -> Matrix {
        Matrix {
            rules: None,
            killer: None,
            propagating: false,
            tally: std::sync::Arc::default(),
            policy: Propagation::Auto,
            solver: Links::new(layout.clone()),
            layout,
            stats: Stats::default(),
            node_limit: None,
            cancel: None,
        }
    }

    /// Runs the propagator of the layout's constraints at each node of
    /// the searches that follow, or stops running it. Either abandons the
    /// search under way; the puzzle stays loaded.
    /// Under [`Propagation::Always`] or [`Propagation::Never`] the policy
    /// decides, not `on`.
    pub(crate) fn propagate(&mut self, on: bool) {
        let on = match self.policy {
            Propagation::Auto => on,
            Propagation::Always => true,
            Propagation::Never => false,
        };
        if on == self.propagating {
            return;
        }
        let rules = if on {
            let may_idle = self.policy == Propagation::Auto;
            let tally = std::sync::Arc::clone(&self.tally);
            match self.rules() {
                Some(rules) => {
                    Some(Box::new(rules.fresh(may_idle, tally)) as Box<dyn dlx::Propagator>)
                }
                // No constraint to propagate: nothing to switch on.
                None => return,
            }
        } else {
            None
        };
        // A sudoku's problem has no multiplicities: the engine takes it.
        self.propagating = self.solver.set_propagator(rules).is_ok() && on;
    }

    /// Switches the propagator on for the loaded puzzle when the layout is
    /// a killer (every constraint a cage, one with a sum at least) and
    /// the policy allows; returns whether it did. A killer that a plain
    /// search does not settle at once is searched with propagation from
    /// the root, and no probes: its cages, houses and the 45 rule's sums,
    /// propagated at every node, settle it in fewer nodes than the probes
    /// take alone (docs/encodings.md#propagation).
    pub(crate) fn propagate_from_root(&mut self) -> bool {
        if super::propagate::is_killer(&self.layout) {
            self.propagate(true);
        }
        self.propagating
    }

    /// A fresh copy of the propagator of a killer's rules, for a search
    /// on the domains alone; `None` when the layout is no killer or the
    /// policy is [`Propagation::Never`].
    pub(crate) fn killer_rules(&mut self) -> Option<super::propagate::Rules> {
        if self.policy == Propagation::Never || !super::propagate::is_killer(&self.layout) {
            return None;
        }
        let layout = &self.layout;
        self.killer
            .get_or_insert_with(|| super::propagate::Rules::of(layout, None, &[]))
            .as_ref()
            .map(|rules| rules.fresh(false, std::sync::Arc::default()))
    }

    /// The propagator of the layout's constraints, built the first time
    /// a puzzle asks for it; `None` when no constraint can narrow a
    /// domain.
    fn rules(&mut self) -> Option<&super::propagate::Rules> {
        let layout = &self.layout;
        let problem = &mut self.solver.built_mut().problem;
        self.rules
            .get_or_insert_with(|| {
                let problem = problem.take()?;
                super::propagate::Rules::of(layout, Some(&problem.0), &problem.1)
            })
            .as_ref()
    }

    /// Sets when the propagator runs, from the next search on.
    pub(crate) fn set_propagation(&mut self, policy: Propagation) {
        self.policy = policy;
        self.propagate(false);
    }

    /// Whether the engine runs the propagator (see [`Matrix::propagate`]).
    pub(crate) fn is_propagating(&self) -> bool {
        self.propagating
    }

    /// The layout of the puzzles this matrix takes.
    pub(crate) fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Stops each search after this many nodes; `None` for no limit.
    pub(crate) fn set_node_limit(&mut self, nodes: Option<u64>) {
        if nodes != self.node_limit {
            self.node_limit = nodes;
            self.apply_limits();
        }
    }

    /// The node limit of each search, if any.
    pub(crate) fn node_limit(&self) -> Option<u64> {
        self.node_limit
    }

    /// The flag that stops a search, if any.
    pub(crate) fn cancel_flag(&self) -> Option<Arc<AtomicBool>> {
        self.cancel.clone()
    }

    /// Stops each search as soon as `flag` is set; `None`: never.
    pub(crate) fn set_cancel_flag(&mut self, flag: Option<Arc<AtomicBool>>) {
        let same = match (&self.cancel, &flag) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        if !same {
            self.cancel = flag;
            self.apply_limits();
        }
    }

    fn apply_limits(&mut self) {
        let mut limits = Limits::new();
        if let Some(nodes) = self.node_limit {
            limits = limits.nodes(nodes);
        }
        if let Some(flag) = &self.cancel {
            limits = limits.cancel_flag(Arc::clone(flag));
        }
        self.solver.set_limits(limits);
    }

    /// The error of a search stopped by a limit after `found` solutions.
    pub(crate) fn stopped(&self, found: u64) -> Option<SolveError> {
        match self.solver.outcome() {
            dlx::Outcome::NodeLimit => Some(SolveError::NodeLimit { found }),
            dlx::Outcome::Cancelled => Some(SolveError::Cancelled { found }),
            _ => None,
        }
    }

    /// The statistics of the last puzzle's search, as of the last
    /// [`Matrix::finish`].
    pub(crate) fn stats(&self) -> &Stats {
        &self.stats
    }

    /// Releases the last puzzle and selects this one's givens.
    pub(crate) fn load(&mut self, puzzle: &Grid) -> Result<(), SolveError> {
        if puzzle.layout() != &self.layout {
            return Err(self.mismatch(puzzle.layout()));
        }
        self.propagate(false);
        self.tally = std::sync::Arc::default();
        self.solver.reset();
        self.solver.clear_stats();
        self.stats = Stats::default();
        let n = puzzle.side();
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            if digit != 0 && self.solver.select(encode::option(n, cell, digit)).is_err() {
                // Two givens share an item only when a digit repeats in a
                // house or they break a rule: only then is the grid
                // checked, for the message naming the house or rule (a
                // full check of every puzzle costs 3%).
                return Err(puzzle
                    .check()
                    .err()
                    .map_or(SolveError::NoSolution, SolveError::Conflict));
            }
        }
        // Pencilmarks: every digit that is no candidate is an option less.
        if let Some(candidates) = puzzle.candidate_masks() {
            for (cell, &mask) in candidates.iter().enumerate() {
                for digit in (1..=n as u8).filter(|&d| mask >> d & 1 == 0) {
                    let option = encode::option(n, cell, digit);
                    if self.is_absent(option) {
                        continue;
                    }
                    self.solver
                        .exclude(option)
                        .map_err(|_| SolveError::NoSolution)?;
                }
            }
        }
        Ok(())
    }

    /// Runs `search` with at most `nodes` more nodes (and never past the
    /// node limit), then abandons the search, so that the next starts
    /// afresh, and puts the limits back: what `search` returned, and how
    /// it ended.
    pub(crate) fn bounded<T>(
        &mut self,
        nodes: u64,
        search: impl FnOnce(&mut Matrix) -> T,
    ) -> (T, Bounded) {
        let limits = self.solver.limits().clone();
        let user = self.node_limit.unwrap_or(u64::MAX);
        let budget = self.solver.stats().nodes.saturating_add(nodes).min(user);
        self.solver.set_limits(limits.clone().nodes(budget));
        let value = search(self);
        let ended = match self.solver.outcome() {
            dlx::Outcome::Cancelled => Bounded::Cancelled,
            dlx::Outcome::NodeLimit if budget >= user => Bounded::NodeLimit,
            dlx::Outcome::NodeLimit => Bounded::OutOfBudget,
            _ => Bounded::Finished,
        };
        self.solver.rewind();
        self.solver.set_limits(limits);
        (value, ended)
    }

    /// Hands the next solutions of the search, up to `max`, to `each`;
    /// returns how many there were.
    pub(crate) fn each_solution(
        &mut self,
        max: u64,
        mut each: impl FnMut(&[dlx::OptionId]),
    ) -> u64 {
        let mut found = 0;
        while found < max {
            match self.solver.next_solution() {
                Some(options) => each(options),
                None => break,
            }
            found += 1;
        }
        found
    }

    /// The error for a puzzle of `layout`, not the matrix's.
    fn mismatch(&self, layout: &Layout) -> SolveError {
        match (self.layout.plain_square(), layout.plain_square()) {
            (Some(expected), Some(found)) => SolveError::SizeMismatch { expected, found },
            _ => SolveError::LayoutMismatch {
                expected: self.layout.clone(),
                found: layout.clone(),
            },
        }
    }

    /// The grid of a solution: its options fill every cell with 1..=n.
    pub(crate) fn decode(&self, options: &[dlx::OptionId]) -> Grid {
        let n = self.layout.side();
        let mut cells = vec![0; n * n];
        for (cell, digit) in options.iter().filter_map(|&id| encode::placement(n, id)) {
            cells[cell] = digit;
        }
        Grid::from_parsed(self.layout.clone(), cells)
    }

    /// Takes the engine's statistics as the puzzle's, once its search is
    /// done.
    pub(crate) fn finish(&mut self) {
        self.stats = self.solver.stats();
    }

    /// Whether a placement is no option: the layout's constraints rule it
    /// out.
    pub(crate) fn is_absent(&self, option: dlx::OptionId) -> bool {
        self.solver.built().absent.get(option.index()) == Some(&true)
    }
}
