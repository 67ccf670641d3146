//! The propagation hook: a caller's [`Propagator`], run at every node of
//! the search after its choice is applied, takes out the options it finds
//! without support (or finds the node has no solution), and the search
//! puts them back when it backs out of the node.
//!
//! Exact cover sees placements: an option leaves play only when it shares
//! an item with a choice. A problem whose rules say more (a sum over a
//! group of items, an order between two) has options that no solution can
//! hold long before the search stumbles on that; a propagator, which
//! knows the rules, takes them out at once. It must only take out options
//! that are in no solution of the node's subproblem, and report a
//! contradiction only where the subproblem has none: then the search
//! finds the same solutions, in the same order, and visits fewer nodes.
//!
//! A propagator may also name the item to branch on
//! ([`Propagator::choose`]): the rule knows where the problem is hard
//! (the items whose rules failed most often, say) better than the count
//! of options does. The solutions stay the same; their order and the
//! nodes change.
//!
//! # Example
//!
//! Three items that must each take one of the options `x=1`, `x=2`,
//! `x=3` (for x in a, b, c), with a rule exact cover cannot say: `a < b <
//! c`. The propagator takes out the values that break the order against
//! what is left of the neighbours' values.
//!
//! ```
//! use dlx::{Contradiction, Live, OptionId, Problem, Propagator, Solver};
//!
//! /// a < b < c, on items 0, 1, 2 whose options are the values 1..=3.
//! #[derive(Clone)]
//! struct Increasing {
//!     /// The value of each option.
//!     value: Vec<u32>,
//! }
//!
//! impl Propagator for Increasing {
//!     fn propagate(&mut self, live: &mut Live<'_>) -> Result<(), Contradiction> {
//!         loop {
//!             let mut out: Vec<OptionId> = Vec::new();
//!             let values = |live: &Live<'_>, item| -> Vec<(OptionId, u32)> {
//!                 live.options(item).map(|o| (o, self.value[o.index()])).collect()
//!             };
//!             for item in 0..2 {
//!                 let (this, next) = (values(live, item), values(live, item + 1));
//!                 let (Some(low), Some(high)) = (
//!                     this.iter().map(|v| v.1).min(),
//!                     next.iter().map(|v| v.1).max(),
//!                 ) else {
//!                     continue;
//!                 };
//!                 out.extend(this.iter().filter(|v| v.1 >= high).map(|v| v.0));
//!                 out.extend(next.iter().filter(|v| v.1 <= low).map(|v| v.0));
//!             }
//!             if out.is_empty() {
//!                 return Ok(());
//!             }
//!             for option in out {
//!                 live.remove(option);
//!             }
//!             if (0..3).any(|item| live.is_active(item) && live.len(item) == 0) {
//!                 return Err(Contradiction);
//!             }
//!         }
//!     }
//! }
//!
//! let mut problem = Problem::new(3, 0);
//! let mut value = Vec::new();
//! for item in 0..3usize {
//!     for v in 1..=3 {
//!         problem.add_option([item])?;
//!         value.push(v);
//!     }
//! }
//! let mut solver = Solver::new(&problem);
//! assert_eq!(solver.count(), 27);
//! solver.set_propagator(Some(Box::new(Increasing { value })))?;
//! solver.clear_stats();
//! assert_eq!(solver.count(), 1);
//! // The root's run leaves a single value an item (6 taken out): three
//! // levels, each a single choice, and the solution.
//! let stats = solver.stats();
//! assert_eq!((stats.nodes, stats.propagations, stats.removed), (4, 4, 6));
//! # Ok::<(), dlx::Error>(())
//! ```

use crate::arena::{Arena, Branching, Storage};
use crate::problem::OptionId;

use super::held::Selection;
use super::walk::Level;
use super::Shared;

/// A rule the search cannot see, run at every node to take out the options
/// without support: see the module docs (`dlx::Propagator` in the crate's
/// root).
///
/// Implement it for a type that is `Clone` (a search on many threads gives
/// each a copy): [`PropagatorClone`] comes with it.
pub trait Propagator: PropagatorClone + Send + Sync {
    /// Takes out with [`Live::remove`] the options of the node's
    /// subproblem that no solution of it holds, as many as the rule finds
    /// cheaply; or returns [`Contradiction`] when the subproblem has no
    /// solution.
    ///
    /// Called at the root of each search (after the selections) and after
    /// each choice, with the options in play at that node. What it takes
    /// out stays out in the subtree below, and comes back when the search
    /// backs out of the node.
    ///
    /// # Errors
    ///
    /// [`Contradiction`] when the node's subproblem has no solution: the
    /// search backs out of it at once, as from a dead end.
    fn propagate(&mut self, live: &mut Live<'_>) -> Result<(), Contradiction>;

    /// The item to branch on at this node in place of `best`, the search's
    /// own choice (the active primary item with the fewest options in
    /// play, at least two); `None` keeps `best`.
    ///
    /// Called after [`Propagator::propagate`] at each node where the
    /// search branches; a node with an item of one option or none takes
    /// that item without asking. A rule that knows where the problem is
    /// hard (the constraints that failed most, say) may branch there. An
    /// item that is not an active primary one is ignored. The choice
    /// changes the order of the solutions and the number of nodes, never
    /// the solutions found. By default, `None`.
    fn choose(&mut self, live: &Live<'_>, best: usize) -> Option<usize> {
        let _ = (live, best);
        None
    }
}

/// A copy of a boxed [`Propagator`], for copies of the solver. Every
/// `Clone` propagator has it.
pub trait PropagatorClone {
    /// A copy of this propagator, boxed.
    fn clone_box(&self) -> Box<dyn Propagator>;
}

impl<T: Propagator + Clone + 'static> PropagatorClone for T {
    fn clone_box(&self) -> Box<dyn Propagator> {
        Box::new(self.clone())
    }
}

impl Clone for Box<dyn Propagator> {
    fn clone(&self) -> Box<dyn Propagator> {
        self.clone_box()
    }
}

/// What a [`Propagator`] returns when the node it is run at has no
/// solution.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Contradiction;

/// The options in play at a node, as a [`Propagator`] sees them: the items
/// still to cover and their options, and the taking out of options.
///
/// Items are numbered as [`Problem`](crate::Problem) numbers them, from 0,
/// primary first.
pub struct Live<'a> {
    arena: &'a mut dyn Links,
    shared: &'a Shared,
    trail: &'a mut Vec<u32>,
    /// The options selected, and the levels chosen above this node.
    selected: &'a [Selection],
    levels: &'a [Level],
    /// The arena option of each node.
    node_option: &'a [u32],
    removed: u64,
}

impl<'a> Live<'a> {
    pub(super) fn new(
        arena: &'a mut dyn Links,
        shared: &'a Shared,
        trail: &'a mut Vec<u32>,
        (selected, levels): (&'a [Selection], &'a [Level]),
        node_option: &'a [u32],
    ) -> Live<'a> {
        Live {
            arena,
            shared,
            trail,
            selected,
            levels,
            node_option,
            removed: 0,
        }
    }

    /// The option of node `p`.
    fn option_at(&self, p: usize) -> OptionId {
        self.shared.option_ids[self.node_option[p] as usize]
    }

    /// The options that made this node: those selected, in order, then
    /// the choices of the search from the root down.
    pub fn path(&self) -> impl Iterator<Item = OptionId> + use<'_, 'a> {
        let selected = self.selected.iter().map(|s| s.lead as usize);
        let chosen = self.levels.iter().map(|l| l.choice as usize);
        selected.chain(chosen).map(|node| self.option_at(node))
    }

    /// The choices of the search above this node: 0 at the root of a
    /// search (where only selections made it, or the prefix of a piece
    /// of a split search), one more at each level.
    pub fn depth(&self) -> usize {
        self.levels.len()
    }

    /// The option the search chose to make this node, the last of
    /// [`Live::path`]; `None` at the root of a search.
    pub fn choice(&self) -> Option<OptionId> {
        let level = self.levels.last()?;
        Some(self.option_at(level.choice as usize))
    }

    /// The options taken out by this call.
    pub(super) fn removed(&self) -> u64 {
        self.removed
    }

    /// Whether primary item `item` still needs an option: no choice and no
    /// selection has covered it.
    pub fn is_active(&self, item: usize) -> bool {
        item < self.shared.primary && self.arena.active(item + 1)
    }

    /// Item `item` as the arena numbers it, from 1; `None` for no item.
    fn item(&self, item: usize) -> Option<usize> {
        (item < self.shared.items).then_some(item + 1)
    }

    /// The number of options in the list of item `item`: for an active
    /// primary item, or a secondary item no choice has taken, its options
    /// still in play; 0 for no such item.
    pub fn len(&self, item: usize) -> usize {
        self.item(item).map_or(0, |x| self.arena.length(x) as usize)
    }

    /// Whether item `item` has no option in its list (see [`Live::len`]);
    /// `true` for no such item.
    pub fn is_empty(&self, item: usize) -> bool {
        self.len(item) == 0
    }

    /// The options in the list of item `item`, from the top: for an active
    /// primary item, or a secondary item no choice has taken, its options
    /// still in play; none for no such item.
    pub fn options(&self, item: usize) -> impl Iterator<Item = OptionId> + use<'_, 'a> {
        let header = self.item(item);
        let mut p = header.unwrap_or(0);
        std::iter::from_fn(move || {
            let header = header?;
            p = self.arena.below(p);
            (p != header).then(|| self.option_at(p))
        })
    }

    /// Fills `out` with the options of [`Live::options`], as one walk of
    /// the list: the way to read many lists at every node.
    pub fn options_into(&self, item: usize, out: &mut Vec<OptionId>) {
        out.clear();
        if let Some(x) = self.item(item) {
            let ids = &self.shared.option_ids[..];
            self.arena.list(x, self.node_option, ids, out);
        }
    }

    /// Whether `option` is in play at this node: in the lists of all its
    /// items, none of them covered.
    pub fn contains(&self, option: OptionId) -> bool {
        self.first_node(option)
            .is_some_and(|first| self.arena.is_live(first))
    }

    /// Takes `option` out of play for this node's subtree; `false` (and no
    /// change) when it was not in play.
    ///
    /// # Complexity
    ///
    /// Linear in the option's size.
    pub fn remove(&mut self, option: OptionId) -> bool {
        let Some(first) = self.first_node(option) else {
            return false;
        };
        if !self.arena.is_live(first) {
            return false;
        }
        self.arena.take_out(first);
        self.trail.push(first as u32);
        self.removed += 1;
        true
    }

    /// The first node of `option` in the arena, `None` for an option the
    /// problem does not have.
    fn first_node(&self, option: OptionId) -> Option<usize> {
        let k = *self.shared.option_index.get(option.index())?;
        (k != u32::MAX).then(|| self.arena.start(k as usize))
    }
}

/// The arena as [`Live`] reads and changes it: one type whatever the
/// arena's storage and branching, so that [`Propagator::propagate`] is
/// not generic.
pub(super) trait Links {
    /// Whether primary item `x` (from 1) is not covered.
    fn active(&self, x: usize) -> bool;
    /// The number of nodes in the list of item `x` (from 1).
    fn length(&self, x: usize) -> u32;
    /// The node below `p` in its list.
    fn below(&self, p: usize) -> usize;
    /// Pushes onto `out` the option of each node of the list of item `x`,
    /// from the top, as `ids[node_option[node]]`: one call per list, the
    /// walk itself not dynamic.
    fn list(&self, x: usize, node_option: &[u32], ids: &[OptionId], out: &mut Vec<OptionId>);
    /// The first node of the option of arena index `k`.
    fn start(&self, k: usize) -> usize;
    /// Whether the option whose first node is `first` is in play.
    fn is_live(&self, first: usize) -> bool;
    /// Takes the option whose first node is `first` out of every list.
    fn take_out(&mut self, first: usize);
}

impl<S: Storage, B: Branching> Links for Arena<S, B> {
    fn active(&self, x: usize) -> bool {
        self.is_uncovered(x)
    }

    fn length(&self, x: usize) -> u32 {
        self.list_len(x)
    }

    fn below(&self, p: usize) -> usize {
        self.down(p)
    }

    fn list(&self, x: usize, node_option: &[u32], ids: &[OptionId], out: &mut Vec<OptionId>) {
        out.reserve(self.list_len(x) as usize);
        let mut p = self.down(x);
        while p != x {
            out.push(ids[node_option[p] as usize]);
            p = self.down(p);
        }
    }

    fn start(&self, k: usize) -> usize {
        self.option_start(k)
    }

    fn is_live(&self, first: usize) -> bool {
        self.option_in_play(first)
    }

    fn take_out(&mut self, first: usize) {
        let updates = self.hide_option(first);
        self.set_updates(self.updates() + updates);
    }
}
