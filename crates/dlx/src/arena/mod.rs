//! The node arena of one problem: the nodes and their links, the items'
//! lengths, and how the branching item is found (TAOCP 7.2.2.1, algorithms
//! X and C).
//!
//! - [`storage`]: the nodes, in 8 or 16 bytes;
//! - [`links`]: cover and uncover, hide and unhide, purify and unpurify,
//!   under the link invariant that lets the hot loops skip bounds checks;
//!   and hiding a whole option and back, for an option excluded before the
//!   search;
//! - [`scan`]: the branching item, by a vector scan of every primary item's
//!   length or, for many primary items, by blocks of active items.
//!
//! # Layout
//!
//! As in Knuth's DLX1 and DLX2, every node lives in one array and refers to
//! the others by `u32` index:
//!
//! - node `x` for `1 <= x <= N` is the header of item `x` (the problem's item
//!   `x - 1`): the head of the circular up/down list of the item's options;
//! - then come the options, stored consecutively, each followed by a *spacer*
//!   node (there is one more spacer before the first option). Left and right
//!   within an option are implicit: the neighbours of node `p` are `p - 1` and
//!   `p + 1`, and a spacer sends a scan to the other end of its option
//!   (`up` is the first node of the option before it, `down` the last node of
//!   the option after it).
//!
//! A node holds `up`, `down`, `top` (the item of an option node; `-k` for
//! the spacer after the `k`-th option) and `first`, the first node of its
//! option. Knuth's item list is replaced by a flat array of lengths, with a
//! bit set while the item is covered ([`scan`]). Colors (0 for none, a
//! positive color, or -1 for a node already known to agree with a purified
//! item) sit in an array of their own, made only for problems that have
//! colors.
//!
//! Only this module writes the arena: the search changes it through cover,
//! commit and their inverses, a solver's exclusions through
//! [`Arena::hide_option`] and its inverse, and a reset brings it back to its
//! state with nothing selected or excluded through [`Arena::restore`].

#![allow(unsafe_code)]

pub(crate) mod links;
pub(crate) mod multi;
pub(crate) mod scan;
pub(crate) mod storage;

pub(crate) use multi::Move;
use scan::Length;
pub(crate) use scan::{branches_by_blocks, ActiveBlocks, Branching, FlatScan};
pub(crate) use storage::{Narrow, NarrowNode, Node, Storage};

#[cfg(test)]
use crate::problem::Entry;
use crate::problem::Problem;

/// The dancing-links structure of one problem.
#[derive(Clone, Debug)]
pub(crate) struct Arena<S: Storage = Vec<Node>, B: Branching = FlatScan> {
    nodes: S,
    /// The length of each item's list (index 1..=N), with [`Length::COVERED`] set
    /// while the item is covered; index 0 and N + 1 are unused.
    len: Vec<S::Len>,
    /// The number of primary items.
    primary: usize,
    /// The number of primary items not covered.
    active: usize,
    /// Whether some option gives a color to an item.
    colored: bool,
    /// The color of each node when the problem has colors (0 for none, -1
    /// for a node known to agree with its purified item); empty otherwise.
    colors: Vec<i32>,
    /// The first node of each option, by option index in the arena.
    option_start: Vec<u32>,
    /// Link removals so far, Knuth's `updates`.
    updates: u64,
    /// For a problem with multiplicities, the number of options each
    /// primary item may still take (Knuth's `bound`, index 1..=N), and the
    /// difference of its upper and lower bounds (his `slack`); empty
    /// otherwise (see [`multi`]).
    bound: Vec<i32>,
    slack: Vec<i32>,
    /// Whether every length and bound is below 2^15, so that the scores of
    /// Algorithm M compare in 64 bits (see `multi`).
    small_scores: bool,
    /// What finds the branching item.
    branching: B,
}

impl<S: Storage, B: Branching> Arena<S, B> {
    /// Builds the arena of a problem; options keep the order of their ids.
    pub(crate) fn new(problem: &Problem) -> Arena<S, B> {
        let n = problem.item_count();
        let primary = problem.primary_count();
        let node_count = crate::problem::node_count_of(problem);
        let mut nodes = vec![Node::default(); n + 2];
        nodes.reserve(node_count - nodes.len());
        for (x, node) in nodes.iter_mut().enumerate().take(n + 1).skip(1) {
            node.up = x as u32;
            node.down = x as u32;
        }
        let mut len = vec![S::Len::ZERO; n + 2];
        // Index 0 and N + 1 stand for Knuth's list heads; they are never
        // chosen.
        len[0] = S::Len::COVERED;
        len[n + 1] = S::Len::COVERED;

        let colored = problem.color_count() > 0;
        let mut colors = if colored { vec![0; n + 2] } else { Vec::new() };
        let mut option_start = Vec::with_capacity(problem.option_count());
        // `nodes[n + 1]` is the spacer before the first option.
        let mut spacer = n + 1;
        for (k, (_, entries)) in problem.options().enumerate() {
            let first = nodes.len();
            option_start.push(first as u32);
            for entry in entries {
                let x = entry.item + 1;
                let p = nodes.len() as u32;
                let last = nodes[x].up;
                nodes.push(Node {
                    up: last,
                    down: x as u32,
                    top: x as i32,
                    first: first as u32,
                });
                if colored {
                    colors.push(entry.color.map_or(0, |c| c.0 as i32));
                }
                nodes[last as usize].down = p;
                nodes[x].up = p;
                len[x] += S::Len::ONE;
            }
            let last = nodes.len() - 1;
            nodes[spacer].down = last as u32;
            nodes.push(Node {
                up: first as u32,
                down: 0,
                top: -(k as i32 + 1),
                first: 0,
            });
            if colored {
                colors.push(0);
            }
            spacer = nodes.len() - 1;
        }
        let branching = B::new(&len, primary);
        let (bound, slack) = if problem.has_multiplicities() {
            // Both bounds are cut to i32::MAX, which keeps their meaning: a
            // problem has fewer than 2^30 options (`MAX_NODES`), so an item
            // takes no more and one that needs that many has no solution.
            // The slack is that of the cut bounds, so that a lower bound
            // past 2^31 is kept rather than cut away with the upper one.
            let cut = |b: u32| b.min(i32::MAX as u32) as i32;
            let bounds = || {
                (0..primary)
                    .map(|i| problem.bounds(i))
                    .map(|(lo, hi)| (cut(lo), cut(hi)))
            };
            (
                std::iter::once(0)
                    .chain(bounds().map(|(_, hi)| hi))
                    .collect(),
                std::iter::once(0)
                    .chain(bounds().map(|(lo, hi)| hi - lo))
                    .collect(),
            )
        } else {
            (Vec::new(), Vec::new())
        };
        let small_scores = nodes.len() < 1 << 15 && bound.iter().all(|&b| b < 1 << 15);
        Arena {
            small_scores,
            nodes: S::from_nodes(nodes),
            len,
            primary,
            active: primary,
            colored,
            colors,
            option_start,
            updates: 0,
            bound,
            slack,
            branching,
        }
    }

    /// The arena index of the option that node `p` belongs to.
    pub(crate) fn option_of(&self, mut p: usize) -> usize {
        while self.nodes.get(p).top > 0 {
            p += 1;
        }
        (-self.nodes.get(p).top) as usize - 1
    }

    /// The arena index of the option of every node (0 for the nodes of no
    /// option: the headers and spacers), for a lookup in one step where
    /// [`Arena::option_of`] walks to the spacer.
    pub(crate) fn node_options(&self) -> Vec<u32> {
        let mut table = vec![0; self.nodes.count()];
        for (k, &first) in self.option_start.iter().enumerate() {
            let mut p = first as usize;
            while self.nodes.get(p).top > 0 {
                table[p] = k as u32;
                p += 1;
            }
        }
        table
    }

    /// The first node of option `k` (by its index in the arena).
    pub(crate) fn option_start(&self, k: usize) -> usize {
        self.option_start[k] as usize
    }

    /// The items of the option whose first node is `first`, from left to
    /// right: each option node's index, item and color.
    pub(crate) fn option_nodes(
        &self,
        first: usize,
    ) -> impl Iterator<Item = (usize, usize, i32)> + '_ {
        (first..)
            .map(|p| (p, self.nodes.get(p).top))
            .take_while(|&(_, top)| top > 0)
            .map(|(p, top)| (p, top as usize, self.color(p)))
    }

    /// The item of option node `p`.
    pub(crate) fn item_of(&self, p: usize) -> usize {
        self.nodes.get(p).top as usize
    }

    /// The number of nodes.
    pub(crate) fn node_count(&self) -> usize {
        self.nodes.count()
    }

    /// Link removals so far, Knuth's `updates`.
    pub(crate) fn updates(&self) -> u64 {
        self.updates
    }

    /// Sets the count of link removals (to leave some out of the figures).
    pub(crate) fn set_updates(&mut self, updates: u64) {
        self.updates = updates;
    }

    /// A copy of what selections, exclusions and searches change: the
    /// links, lengths, colors and branching state.
    pub(crate) fn pristine(&self) -> Pristine<S, B> {
        Pristine {
            nodes: self.nodes.clone(),
            len: self.len.clone(),
            colors: self.colors.clone(),
            bound: self.bound.clone(),
            branching: self.branching.clone(),
        }
    }

    /// Brings the arena back to `pristine`, a copy taken with nothing
    /// covered: the copy keeps the link invariant, so the arena does.
    pub(crate) fn restore(&mut self, pristine: &Pristine<S, B>) {
        self.nodes.clone_from(&pristine.nodes);
        self.len.clone_from(&pristine.len);
        self.colors.clone_from(&pristine.colors);
        self.bound.clone_from(&pristine.bound);
        self.branching.clone_from(&pristine.branching);
        self.active = self.primary;
    }
}

impl<S: Storage, B: Branching> Arena<S, B> {
    /// The active primary item with the fewest options, leftmost on ties
    /// (Knuth's minimum-remaining-values rule, as in DLX1), and its length.
    /// `None` when no primary item is left.
    ///
    /// # Complexity
    ///
    /// That of [`Branching::choose`]: one pass over every primary item's
    /// length for the [`FlatScan`]; for [`ActiveBlocks`], a walk of the
    /// blocks with an active item up to the first with one of the least
    /// length. Inlined into the search loop, its hot caller, whatever
    /// else calls it (the probes of an estimate): a call costs 1% of a
    /// sudoku run.
    #[inline(always)]
    pub(crate) fn choose(&self) -> Option<(usize, u32)> {
        if self.active == 0 {
            return None;
        }
        let (item, len) = self.branching.choose(&self.len[..=self.primary]);
        // The hot loops index without bounds checks: an item out of range
        // from the vector scans would break the link invariant, so it is a
        // panic here (one compare per node) rather than undefined behavior.
        assert!(
            item.wrapping_sub(1) < self.primary,
            "branching item {item} out of range"
        );
        Some((item, len.to_u32()))
    }

    /// Whether every primary item is covered: a solution.
    #[inline]
    pub(crate) fn is_solved(&self) -> bool {
        self.active == 0
    }

    /// The node below node `p` in its item's list.
    #[inline]
    pub(crate) fn down(&self, p: usize) -> usize {
        self.nodes.get(p).down as usize
    }

    /// The first active primary item in the order of the item line, and
    /// its length: the branching item of a search whose frontier sweeps
    /// the items in order (see `search::memo`). `None` when no primary
    /// item is left.
    ///
    /// # Complexity
    ///
    /// A scan of the covered items before it.
    pub(crate) fn first_active(&self) -> Option<(usize, u32)> {
        if self.active == 0 {
            return None;
        }
        let lens = &self.len[1..=self.primary];
        let at = lens
            .iter()
            .position(|&l| l & S::Len::COVERED == S::Len::ZERO)?;
        Some((at + 1, lens[at].to_u32()))
    }

    /// Whether the problem has colors.
    pub(crate) fn is_colored(&self) -> bool {
        self.colored
    }

    /// The first node of the option of node `p`.
    pub(crate) fn first_of(&self, p: usize) -> usize {
        self.nodes.get(p).first as usize
    }

    /// Writes the state of the items into `out`: a bit per item, set while
    /// it is covered (item `x` at bit `x - 1`), then, for a problem with
    /// colors, the color each secondary item is purified to (`colors[x]`,
    /// 0 for none), two to a word. `out` holds [`Arena::state_words`]
    /// words.
    pub(crate) fn write_state(&self, colors: &[i32], out: &mut [u64]) {
        let items = self.len.len() - 2;
        let (bits, rest) = out.split_at_mut(items.div_ceil(64));
        for (word, lens) in bits.iter_mut().zip(self.len[1..=items].chunks(64)) {
            *word = lens.iter().enumerate().fold(0, |w, (i, &l)| {
                w | (u64::from(l & S::Len::COVERED != S::Len::ZERO) << i)
            });
        }
        if self.colored {
            let secondary = &colors[self.primary + 1..=items];
            for (word, pair) in rest.iter_mut().zip(secondary.chunks(2)) {
                let high = pair.get(1).map_or(0, |&c| u64::from(c as u32) << 32);
                *word = u64::from(pair[0] as u32) | high;
            }
        }
    }

    /// The number of words [`Arena::write_state`] writes.
    pub(crate) fn state_words(&self) -> usize {
        let items = self.len.len() - 2;
        let colors = if self.colored {
            (items - self.primary).div_ceil(2)
        } else {
            0
        };
        items.div_ceil(64) + colors
    }

    /// Whether item `x` (1-based) is in the list of active primary items.
    #[cfg(test)]
    pub(crate) fn is_active(&self, x: usize) -> bool {
        self.len[x] & S::Len::COVERED == S::Len::ZERO
    }

    /// Whether item `x` (1-based, primary or secondary) is not covered.
    pub(crate) fn is_uncovered(&self, x: usize) -> bool {
        self.len[x] & S::Len::COVERED == S::Len::ZERO
    }

    /// Whether the option whose first node is `first` is in play: each of
    /// its nodes in its item's list, and none of its items covered. An
    /// option a choice conflicts with has a node out of a list (hidden),
    /// or one in the list of the item the choice covered.
    ///
    /// Without multiplicities its first node of a primary item tells: a
    /// hidden option keeps in its list only its node of the item covered
    /// (and, with colors, those of purified items, all secondary), one
    /// taken out or excluded keeps none, and a chosen one's items are
    /// covered. A propagator asks this of many options at every node.
    pub(crate) fn option_in_play(&self, first: usize) -> bool {
        let every = || {
            self.option_nodes(first).all(|(q, x, _)| {
                self.len[x] & S::Len::COVERED == S::Len::ZERO
                    && self.is_linked(q, self.nodes.get(q))
            })
        };
        if self.has_bounds() {
            return every();
        }
        let mut q = first;
        loop {
            let node = self.nodes.get(q);
            if node.top <= 0 {
                // No primary item: not an option of a problem.
                return every();
            }
            if node.top as usize <= self.primary {
                let live = self.len[node.top as usize] & S::Len::COVERED == S::Len::ZERO
                    && self.is_linked(q, node);
                debug_assert_eq!(live, every(), "option at node {first}");
                return live;
            }
            q += 1;
        }
    }
}

/// What [`Arena::restore`] copies back: the parts of the arena that
/// selections, exclusions and searches change.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Pristine<S: Storage, B: Branching> {
    nodes: S,
    len: Vec<S::Len>,
    colors: Vec<i32>,
    bound: Vec<i32>,
    branching: B,
}

#[cfg(test)]
pub(crate) mod tests {
    use std::collections::BTreeSet;

    use proptest::prelude::*;

    use super::*;

    /// Random problems for comparing the ways of branching: up to 150
    /// primary items (three blocks of [`ActiveBlocks`], the last one
    /// short), and at each primary item up to three options of one to three
    /// consecutive primary items (around the end too), some with a
    /// secondary item, colored or not. Lengths are small, so ties are
    /// common and the least length is often 0 or 1.
    pub(crate) fn problems() -> impl Strategy<Value = Problem> {
        (1usize..=150, 0usize..=3).prop_flat_map(|(primary, secondary)| {
            let option = (
                1usize..=3,
                proptest::option::of((0..secondary.max(1), 0u32..=2)),
            );
            let at_item = proptest::collection::vec(option, 1..=3);
            proptest::collection::vec(at_item, primary).prop_map(move |starts| {
                let mut problem = Problem::new(primary, secondary);
                let colors = [
                    problem.color("red").unwrap(),
                    problem.color("blue").unwrap(),
                ];
                for (start, options) in starts.into_iter().enumerate() {
                    for (span, extra) in options {
                        let items: BTreeSet<usize> =
                            (start..start + span).map(|i| i % primary).collect();
                        let mut entries: Vec<Entry> = items.into_iter().map(Entry::from).collect();
                        if let (Some((s, c)), true) = (extra, secondary > 0) {
                            let color = (c > 0).then(|| colors[c as usize - 1]);
                            entries.push(Entry::from((primary + s, color)));
                        }
                        problem.add_option(entries).unwrap();
                    }
                }
                problem
            })
        })
    }

    pub(crate) fn sample() -> Problem {
        let mut p = Problem::with_names(["a", "b", "c"], ["x", "y"]).unwrap();
        p.add_option_named(["a", "b", "x:1"]).unwrap();
        p.add_option_named(["b", "c", "y"]).unwrap();
        p.add_option_named(["a", "x:2"]).unwrap();
        p.add_option_named(["c", "x:1", "y"]).unwrap();
        p.add_option_named(["a", "c"]).unwrap();
        p
    }

    #[test]
    fn layout_matches_knuth() {
        let arena: Arena = Arena::new(&sample());
        // 5 items, 2 roots, 13 entries, 5 options (one spacer after each) and
        // the spacer before the first.
        assert_eq!(arena.nodes.count(), 1 + 5 + 1 + 13 + 5);
        assert_eq!(arena.len[1], 3);
        assert_eq!(arena.len[4], 3);
        assert_eq!(arena.option_of(arena.option_start[3] as usize + 2), 3);
        assert_eq!(arena.choose(), Some((2, 2)));
    }

    #[test]
    fn every_storage_builds_the_same_links() {
        let vec: Arena = Arena::new(&sample());
        let narrow: Arena<Narrow> = Arena::new(&sample());
        for p in 0..vec.nodes.count() {
            assert_eq!(vec.nodes[p], narrow.nodes.get(p));
        }
    }
}
