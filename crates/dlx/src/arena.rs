//! The node arena and its links: cover and uncover, hide and unhide, purify
//! and unpurify (TAOCP 7.2.2.1, algorithms X and C).
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
//! A [`Node`] is 16 bytes: `up`, `down`, `top` (the item of an option node;
//! `-k` for the spacer after the `k`-th option) and `color` (0 for none, a
//! positive color, or -1 for a node already known to agree with a purified
//! item). The items' doubly linked list and their lengths sit apart in
//! [`Item`]s (left, right, len: 12 bytes), so the scan for the item with the
//! fewest options touches one small array. Primary items form the list headed
//! by item 0; secondary items are linked in a list headed by item `N + 1`,
//! which the branching scan never visits.
//!
//! # Slab or Vec
//!
//! The storage of the nodes is a type parameter ([`Storage`]), implemented for
//! a plain `Vec<Node>` and for a `slab::Slab<Node>`. Each index into a slab
//! checks that the entry is occupied, a branch on every link followed. The
//! bench `arena/slab-vs-vec` measures both on the same searches; the figures
//! (criterion medians, 2-core machine, `cargo bench -p dlx-benches --bench
//! engine -- arena`) are in the README's Performance section, and
//! the solver uses `Vec`. The `Problem` keeps its options in a slab, where
//! stable keys let options be added and removed before solving.

use std::ops::{Index, IndexMut};

use slab::Slab;

use crate::problem::Problem;

/// A node of the arena; see the module docs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C)]
pub(crate) struct Node {
    pub(crate) up: u32,
    pub(crate) down: u32,
    pub(crate) top: i32,
    pub(crate) color: i32,
}

/// An item header's place in its list, and the length of its option list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Item {
    pub(crate) left: u32,
    pub(crate) right: u32,
    pub(crate) len: u32,
}

/// Where the nodes live: anything indexable by `usize`, built once from a
/// vector of nodes.
pub(crate) trait Storage: Index<usize, Output = Node> + IndexMut<usize> + Clone {
    fn from_nodes(nodes: Vec<Node>) -> Self;
}

impl Storage for Vec<Node> {
    fn from_nodes(nodes: Vec<Node>) -> Self {
        nodes
    }
}

impl Storage for Slab<Node> {
    fn from_nodes(nodes: Vec<Node>) -> Self {
        let mut slab = Slab::with_capacity(nodes.len());
        for node in nodes {
            slab.insert(node);
        }
        slab
    }
}

/// The dancing-links structure of one problem.
#[derive(Clone, Debug)]
pub(crate) struct Arena<S = Vec<Node>> {
    pub(crate) nodes: S,
    pub(crate) items: Vec<Item>,
    /// The number of items, `N`.
    pub(crate) item_count: usize,
    /// The first node of each option, by option index in the arena.
    pub(crate) option_start: Vec<u32>,
    /// Link removals so far, Knuth's `updates`.
    pub(crate) updates: u64,
}

impl<S: Storage> Arena<S> {
    /// Builds the arena of a problem; options keep the order of their ids.
    pub(crate) fn new(problem: &Problem) -> Arena<S> {
        let n = problem.item_count();
        let primary = problem.primary_count();
        let node_count = n + 2 + problem.entry_count() + problem.option_count();
        let mut nodes = vec![Node::default(); n + 2];
        nodes.reserve(node_count - nodes.len());
        for (x, node) in nodes.iter_mut().enumerate().take(n + 1).skip(1) {
            node.up = x as u32;
            node.down = x as u32;
        }
        let mut items = vec![Item::default(); n + 2];
        // Two circular lists: primary items after root 0, secondary ones
        // after root N + 1.
        let link = |items: &mut Vec<Item>, root: usize, members: std::ops::Range<usize>| {
            let mut prev = root;
            for x in members {
                items[prev].right = x as u32;
                items[x].left = prev as u32;
                prev = x;
            }
            items[prev].right = root as u32;
            items[root].left = prev as u32;
        };
        link(&mut items, 0, 1..primary + 1);
        link(&mut items, n + 1, primary + 1..n + 1);

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
                    color: entry.color.map_or(0, |c| c.0 as i32),
                });
                nodes[last as usize].down = p;
                nodes[x].up = p;
                items[x].len += 1;
            }
            nodes[spacer].down = (nodes.len() - 1) as u32;
            nodes.push(Node {
                up: first as u32,
                down: 0,
                top: -(k as i32 + 1),
                color: 0,
            });
            spacer = nodes.len() - 1;
        }
        Arena {
            nodes: S::from_nodes(nodes),
            items,
            item_count: n,
            option_start,
            updates: 0,
        }
    }

    /// The root of the list of active primary items.
    pub(crate) const ROOT: usize = 0;

    /// The arena index of the option that node `p` belongs to.
    pub(crate) fn option_of(&self, mut p: usize) -> usize {
        while self.nodes[p].top > 0 {
            p += 1;
        }
        (-self.nodes[p].top) as usize - 1
    }

    /// Removes the option of node `p` from the lists of its other items.
    ///
    /// Nodes with color -1 stay: their item is purified and keeps them.
    #[inline]
    fn hide(&mut self, p: usize) {
        let mut q = p + 1;
        while q != p {
            let node = self.nodes[q];
            if node.top <= 0 {
                q = node.up as usize;
                continue;
            }
            if node.color >= 0 {
                self.nodes[node.up as usize].down = node.down;
                self.nodes[node.down as usize].up = node.up;
                self.items[node.top as usize].len -= 1;
                self.updates += 1;
            }
            q += 1;
        }
    }

    /// Undoes [`Arena::hide`] of the same node: relinks exactly the nodes it
    /// removed, in reverse order.
    #[inline]
    fn unhide(&mut self, p: usize) {
        let mut q = p - 1;
        while q != p {
            let node = self.nodes[q];
            if node.top <= 0 {
                q = node.down as usize;
                continue;
            }
            if node.color >= 0 {
                self.nodes[node.up as usize].down = q as u32;
                self.nodes[node.down as usize].up = q as u32;
                self.items[node.top as usize].len += 1;
            }
            q -= 1;
        }
    }

    /// Covers item `i`: takes it out of its item list and hides every option
    /// that names it.
    #[inline]
    pub(crate) fn cover(&mut self, i: usize) {
        let Item { left, right, .. } = self.items[i];
        self.items[left as usize].right = right;
        self.items[right as usize].left = left;
        self.updates += 1;
        let mut p = self.nodes[i].down as usize;
        while p != i {
            self.hide(p);
            p = self.nodes[p].down as usize;
        }
    }

    /// Undoes [`Arena::cover`] of the same item; valid only when every cover
    /// since has been undone (last in, first out).
    #[inline]
    pub(crate) fn uncover(&mut self, i: usize) {
        let mut p = self.nodes[i].up as usize;
        while p != i {
            self.unhide(p);
            p = self.nodes[p].up as usize;
        }
        let Item { left, right, .. } = self.items[i];
        self.items[left as usize].right = i as u32;
        self.items[right as usize].left = i as u32;
    }

    /// Gives the secondary item of node `p` the color of `p`: hides the
    /// options that give it another color, and marks those that agree (all
    /// but `p` itself) with color -1 so that later hides leave them.
    fn purify(&mut self, p: usize) {
        let Node { top, color, .. } = self.nodes[p];
        let i = top as usize;
        let mut q = self.nodes[i].down as usize;
        while q != i {
            if self.nodes[q].color == color {
                if q != p {
                    self.nodes[q].color = -1;
                }
            } else {
                self.hide(q);
            }
            q = self.nodes[q].down as usize;
        }
    }

    /// Undoes [`Arena::purify`] of the same node.
    fn unpurify(&mut self, p: usize) {
        let Node { top, color, .. } = self.nodes[p];
        let i = top as usize;
        let mut q = self.nodes[i].up as usize;
        while q != i {
            if self.nodes[q].color < 0 {
                self.nodes[q].color = color;
            } else if q != p {
                self.unhide(q);
            }
            q = self.nodes[q].up as usize;
        }
    }

    /// Covers or purifies the item of node `p` (Knuth's `commit`).
    #[inline]
    fn commit(&mut self, p: usize, color: i32, top: usize) {
        if color == 0 {
            self.cover(top);
        } else if color > 0 {
            self.purify(p);
        }
    }

    /// Undoes [`Arena::commit`] of the same node.
    #[inline]
    fn uncommit(&mut self, p: usize, color: i32, top: usize) {
        if color == 0 {
            self.uncover(top);
        } else if color > 0 {
            self.unpurify(p);
        }
    }

    /// Commits the items of the option of node `r` other than `r`'s own,
    /// from left to right (wrapping around).
    #[inline]
    pub(crate) fn commit_others(&mut self, r: usize) {
        let mut p = r + 1;
        while p != r {
            let Node { up, top, color, .. } = self.nodes[p];
            if top <= 0 {
                p = up as usize;
            } else {
                self.commit(p, color, top as usize);
                p += 1;
            }
        }
    }

    /// Undoes [`Arena::commit_others`] of the same node, right to left.
    #[inline]
    pub(crate) fn uncommit_others(&mut self, r: usize) {
        let mut p = r - 1;
        while p != r {
            let Node {
                down, top, color, ..
            } = self.nodes[p];
            if top <= 0 {
                p = down as usize;
            } else {
                self.uncommit(p, color, top as usize);
                p -= 1;
            }
        }
    }

    /// The active primary item with the fewest options, leftmost on ties
    /// (Knuth's minimum-remaining-values rule, as in DLX1), and its length.
    /// `None` when no primary item is left.
    #[inline]
    pub(crate) fn choose(&self) -> Option<(usize, u32)> {
        let mut p = self.items[Self::ROOT].right as usize;
        if p == Self::ROOT {
            return None;
        }
        let mut best = p;
        let mut min = u32::MAX;
        while p != Self::ROOT {
            let item = self.items[p];
            if item.len < min {
                best = p;
                min = item.len;
                if min == 0 {
                    break;
                }
            }
            p = item.right as usize;
        }
        Some((best, min))
    }

    /// The first node below header `i`.
    #[inline]
    pub(crate) fn down(&self, p: usize) -> usize {
        self.nodes[p].down as usize
    }

    /// Whether item `x` (1-based) is in the list of active primary items.
    #[cfg(test)]
    pub(crate) fn is_active(&self, x: usize) -> bool {
        self.items[self.items[x].left as usize].right as usize == x
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Problem {
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
        assert_eq!(arena.nodes.len(), 1 + 5 + 1 + 13 + 5);
        assert_eq!(arena.items[1].len, 3);
        assert_eq!(arena.items[4].len, 3);
        assert_eq!(arena.option_of(arena.option_start[3] as usize + 2), 3);
        assert_eq!(arena.choose(), Some((2, 2)));
    }

    #[test]
    fn cover_and_purify_restore_exactly() {
        let mut arena: Arena = Arena::new(&sample());
        let before = (arena.nodes.clone(), arena.items.clone());
        arena.cover(1);
        let r = arena.option_start[0] as usize;
        arena.commit_others(r);
        assert!(!arena.is_active(2));
        assert_ne!(arena.nodes, before.0);
        arena.uncommit_others(r);
        arena.uncover(1);
        assert_eq!((arena.nodes.clone(), arena.items.clone()), before);
    }

    #[test]
    fn slab_storage_builds_the_same_links() {
        let vec: Arena = Arena::new(&sample());
        let slab: Arena<Slab<Node>> = Arena::new(&sample());
        for p in 0..vec.nodes.len() {
            assert_eq!(vec.nodes[p], slab.nodes[p]);
        }
    }
}
