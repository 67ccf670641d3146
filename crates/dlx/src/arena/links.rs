//! Cover and uncover, hide and unhide, purify and unpurify: the hot loops
//! of the search (TAOCP 7.2.2.1, algorithms X and C); and, outside the
//! search, hiding a whole option and bringing it back (an option excluded
//! before the search).
//!
//! The hot loops (hide, unhide, commit) go round an option in two runs of
//! consecutive nodes, from the node after `p` to the spacer and from the
//! option's `first` node up to `p`: every address is known before any load
//! returns, so the loads of one option overlap. Measured against a `next`
//! link per node, which makes each step wait for the load before it, in
//! one interleaved run: pentomino 3x20 in 0.67 of the DLX1 port's time
//! against 0.85, and 53.2k 17-clue sudoku per second against 50.6k.
//!
//! Cover and uncover run their loops as many times as the item's length,
//! so that their exit waits for no load; problems without colors compile
//! without the color test (Knuth's DLX1 hide).

use super::scan::Length;
use super::{Arena, Branching, Node, Storage};

impl<S: Storage, B: Branching> Arena<S, B> {
    // The link invariant. Every `up` and `down` of a node, and every `top`
    // of an option node, is the index of a node of this arena (and every
    // such `top` indexes `len` too): `new` makes them so, and cover, hide,
    // purify, hide_option and their inverses only copy link values from
    // node to node, or write the index of a node they were given.
    // The hot loops below rely on it to skip bounds checks (measured with
    // callgrind on the 17-clue sudoku set: 21% fewer instructions).

    /// A copy of node `q`, which the search reached by following links.
    #[inline(always)]
    pub(super) fn node(&self, q: usize) -> Node {
        debug_assert!(q < self.nodes.count());
        // SAFETY: `q` came from a link (or is a node next to one inside an
        // option, before its spacer): by the link invariant it is in range.
        unsafe { self.nodes.get_unchecked(q) }
    }

    /// Sets `down` of node `q`, reached by following links.
    #[inline(always)]
    pub(super) fn set_down(&mut self, q: usize, down: u32) {
        debug_assert!(q < self.nodes.count());
        // SAFETY: the link invariant, as in `node`.
        unsafe { self.nodes.set_down(q, down) }
    }

    /// Sets `up` of node `q`, reached by following links.
    #[inline(always)]
    pub(super) fn set_up(&mut self, q: usize, up: u32) {
        debug_assert!(q < self.nodes.count());
        // SAFETY: the link invariant, as in `node`.
        unsafe { self.nodes.set_up(q, up) }
    }

    /// Adds `delta` to the length of item `x` (the `top` of an option node,
    /// or an item the search chose), or sets or clears its covered flag
    /// with `delta = ±COVERED`: an item is covered at most once at a time.
    #[inline(always)]
    pub(super) fn add_len(&mut self, x: usize, delta: S::Len) {
        debug_assert!(x < self.len.len());
        // SAFETY: `x` is the `top` of an option node: by the link invariant
        // an item, and `len` has an entry for every item.
        unsafe { *self.len.get_unchecked_mut(x) += delta }
    }

    /// The length of item `x`, not covered: the number of nodes in its list
    /// (every hide and unhide that unlinks or relinks a node changes it by
    /// one).
    #[inline(always)]
    pub(super) fn len_of(&self, x: usize) -> u32 {
        debug_assert!(x < self.len.len());
        // SAFETY: as in `add_len`.
        unsafe { *self.len.get_unchecked(x) }.to_u32()
    }

    /// Subtracts `delta` from the length of item `x`; see `add_len`.
    #[inline(always)]
    pub(super) fn sub_len(&mut self, x: usize, delta: S::Len) {
        debug_assert!(x < self.len.len());
        // SAFETY: as in `add_len`.
        unsafe { *self.len.get_unchecked_mut(x) -= delta }
    }

    /// The color of node `q` (0 when the problem has no colors).
    #[inline(always)]
    pub(crate) fn color(&self, q: usize) -> i32 {
        self.colors.get(q).copied().unwrap_or(0)
    }

    /// The color of node `q` of a problem with colors, reached by links.
    #[inline(always)]
    pub(super) fn color_at(&self, q: usize) -> i32 {
        debug_assert!(q < self.colors.len());
        // SAFETY: the link invariant, and `colors` has an entry for every
        // node when the problem has colors (the only case this is called).
        unsafe { *self.colors.get_unchecked(q) }
    }

    /// Removes the option of node `p` from the lists of its other items.
    ///
    /// Goes round the option in two runs (see the module docs): right of
    /// `p` up to the spacer, then from the option's first node up to `p`.
    /// Nodes with color -1 stay: their item is
    /// purified and keeps them. `C` says whether the problem has colors;
    /// without them the color test is compiled out (Knuth's DLX1 hide).
    /// Returns the number of nodes hidden, for the caller to add to
    /// `updates` once (a counter in memory cost a store per hide).
    #[inline]
    #[must_use]
    pub(super) fn hide<const C: bool>(&mut self, p: usize) -> u64 {
        let first = self.node(p).first as usize;
        let mut updates = 0;
        let mut q = p + 1;
        loop {
            let node = self.node(q);
            if node.top <= 0 {
                break;
            }
            updates += self.unlink::<C>(q, node);
            q += 1;
        }
        for q in first..p {
            let node = self.node(q);
            updates += self.unlink::<C>(q, node);
        }
        updates
    }

    /// Takes option node `q` (`node` is a copy of it) out of its item's
    /// list, unless it has color -1; returns the updates, 1 or 0.
    #[inline(always)]
    pub(super) fn unlink<const C: bool>(&mut self, q: usize, node: Node) -> u64 {
        if C && self.color_at(q) < 0 {
            return 0;
        }
        self.set_down(node.up as usize, node.down);
        self.set_up(node.down as usize, node.up);
        let x = node.top as usize;
        if B::TRACKS && x <= self.primary {
            self.branching.shorten(self.len_of(x));
        }
        self.sub_len(x, S::Len::ONE);
        1
    }

    /// Undoes [`Arena::unlink`] of the same node.
    #[inline(always)]
    pub(super) fn relink<const C: bool>(&mut self, q: usize, node: Node) {
        if C && self.color_at(q) < 0 {
            return;
        }
        self.set_down(node.up as usize, q as u32);
        self.set_up(node.down as usize, q as u32);
        let x = node.top as usize;
        if B::TRACKS && x <= self.primary {
            self.branching.lengthen(self.len_of(x));
        }
        self.add_len(x, S::Len::ONE);
    }

    /// Undoes [`Arena::hide`] of the same node: relinks exactly the nodes it
    /// removed. Knuth relinks them in reverse order; any order restores the
    /// same links, since the nodes of one option lie in distinct item lists
    /// and each relink writes only the neighbours in its own list.
    #[inline]
    pub(super) fn unhide<const C: bool>(&mut self, p: usize) {
        let first = self.node(p).first as usize;
        let mut q = p + 1;
        loop {
            let node = self.node(q);
            if node.top <= 0 {
                break;
            }
            self.relink::<C>(q, node);
            q += 1;
        }
        for q in first..p {
            let node = self.node(q);
            self.relink::<C>(q, node);
        }
    }

    /// Takes every node of the option whose first node is `first` out of
    /// its item's list, so that no search can choose the option: unlike
    /// [`Arena::hide`], which leaves the node it starts from in the list of
    /// the item being covered, and the nodes of color -1, this unlinks them
    /// all, whatever their color. Returns the number of nodes unlinked, for
    /// the caller to count or not (excluding an option is not the search's
    /// work).
    ///
    /// Valid only when every node of the option is in its item's list and
    /// none of its items is covered: the option agrees with everything
    /// selected. Undone by [`Arena::unhide_option`], last in, first out.
    ///
    /// # Complexity
    ///
    /// Linear in the option's size.
    #[must_use]
    pub(crate) fn hide_option(&mut self, first: usize) -> u64 {
        let mut updates = 0;
        for q in first.. {
            let node = self.nodes.get(q);
            if node.top <= 0 {
                break;
            }
            debug_assert!(self.is_linked(q, node), "node {q} is out of its list");
            debug_assert!(
                self.len[node.top as usize] & S::Len::COVERED == S::Len::ZERO,
                "item {} is covered",
                node.top
            );
            updates += self.unlink::<false>(q, node);
        }
        updates
    }

    /// Undoes [`Arena::hide_option`] of the same option: relinks exactly the
    /// nodes it unlinked. Valid only when every change to the links made
    /// since has been undone (last in, first out): then each node's `up` and
    /// `down` still name its neighbours. The order does not matter, as in
    /// [`Arena::unhide`]: the nodes of one option lie in distinct lists.
    pub(crate) fn unhide_option(&mut self, first: usize) {
        for q in first.. {
            let node = self.nodes.get(q);
            if node.top <= 0 {
                break;
            }
            self.relink::<false>(q, node);
            debug_assert!(self.is_linked(q, node));
        }
    }

    /// Whether option node `q` (`node` is a copy of it) is in its item's
    /// list: its neighbours name it.
    pub(super) fn is_linked(&self, q: usize, node: Node) -> bool {
        self.nodes.get(node.up as usize).down as usize == q
            && self.nodes.get(node.down as usize).up as usize == q
    }

    /// Covers item `i`: marks it covered (Knuth's removal from the item list,
    /// counted as one update) and hides every option that names it.
    #[inline]
    pub(crate) fn cover(&mut self, i: usize) {
        self.updates += if self.colored {
            self.cover_with::<true>(i)
        } else {
            self.cover_with::<false>(i)
        };
    }

    /// [`Arena::cover`], for a problem with colors (`C`) or without;
    /// returns its updates.
    #[inline]
    #[must_use]
    pub(super) fn cover_with<const C: bool>(&mut self, i: usize) -> u64 {
        // The loop runs `len` times rather than until it is back at `i`:
        // its exit then waits for no load, so a mispredicted exit costs
        // less.
        let count = self.len_of(i);
        self.add_len(i, S::Len::COVERED);
        self.active -= usize::from(i <= self.primary);
        if B::TRACKS && i <= self.primary {
            self.branching.cover(i, count);
        }
        let mut updates = 1;
        let mut p = i;
        for _ in 0..count {
            p = self.node(p).down as usize;
            updates += self.hide::<C>(p);
        }
        debug_assert_eq!(self.node(p).down as usize, i);
        updates
    }

    /// Undoes [`Arena::cover`] of the same item; valid only when every cover
    /// since has been undone (last in, first out).
    #[inline]
    pub(crate) fn uncover(&mut self, i: usize) {
        if self.colored {
            self.uncover_with::<true>(i);
        } else {
            self.uncover_with::<false>(i);
        }
    }

    /// [`Arena::uncover`], for a problem with colors (`C`) or without.
    #[inline]
    pub(super) fn uncover_with<const C: bool>(&mut self, i: usize) {
        self.sub_len(i, S::Len::COVERED);
        // A covered item's list does not change: its length is still the
        // number of nodes in it.
        let count = self.len_of(i);
        let mut p = i;
        for _ in 0..count {
            p = self.node(p).up as usize;
            self.unhide::<C>(p);
        }
        debug_assert_eq!(self.node(p).up as usize, i);
        if B::TRACKS && i <= self.primary {
            self.branching.uncover(i, count);
        }
        self.active += usize::from(i <= self.primary);
    }

    /// Gives the secondary item of node `p` the color of `p`: hides the
    /// options that give it another color, and marks those that agree (all
    /// but `p` itself) with color -1 so that later hides leave them.
    /// Returns its updates.
    #[must_use]
    pub(super) fn purify(&mut self, p: usize) -> u64 {
        let top = self.nodes.get(p).top;
        let color = self.colors[p];
        let i = top as usize;
        let mut updates = 0;
        let mut q = self.nodes.get(i).down as usize;
        while q != i {
            if self.colors[q] == color {
                if q != p {
                    self.colors[q] = -1;
                }
            } else {
                updates += self.hide::<true>(q);
            }
            q = self.nodes.get(q).down as usize;
        }
        updates
    }

    /// Undoes [`Arena::purify`] of the same node.
    pub(super) fn unpurify(&mut self, p: usize) {
        let top = self.nodes.get(p).top;
        let color = self.colors[p];
        let i = top as usize;
        let mut q = self.nodes.get(i).up as usize;
        while q != i {
            if self.colors[q] < 0 {
                self.colors[q] = color;
            } else if q != p {
                self.unhide::<true>(q);
            }
            q = self.nodes.get(q).up as usize;
        }
    }

    /// Covers or purifies the item of node `p` (Knuth's `commit`); returns
    /// the updates.
    #[inline]
    #[must_use]
    pub(super) fn commit(&mut self, p: usize, color: i32, top: usize) -> u64 {
        if color == 0 {
            self.cover_with::<true>(top)
        } else if color > 0 {
            self.purify(p)
        } else {
            0
        }
    }

    /// Undoes [`Arena::commit`] of the same node.
    #[inline]
    pub(super) fn uncommit(&mut self, p: usize, color: i32, top: usize) {
        if color == 0 {
            self.uncover_with::<true>(top);
        } else if color > 0 {
            self.unpurify(p);
        }
    }

    /// Commits the items of the option of node `r` other than `r`'s own,
    /// from left to right (wrapping around).
    #[inline]
    pub(crate) fn commit_others(&mut self, r: usize) {
        let first = self.node(r).first as usize;
        let mut updates = 0;
        let mut p = r + 1;
        loop {
            let Node { top, .. } = self.node(p);
            if top <= 0 {
                break;
            }
            updates += self.commit_node(p, top as usize);
            p += 1;
        }
        for p in first..r {
            let top = self.node(p).top as usize;
            updates += self.commit_node(p, top);
        }
        self.updates += updates;
    }

    /// Commits the item `top` of option node `p`; returns the updates.
    #[inline(always)]
    fn commit_node(&mut self, p: usize, top: usize) -> u64 {
        if self.colored {
            self.commit(p, self.color_at(p), top)
        } else {
            self.cover_with::<false>(top)
        }
    }

    /// Undoes [`Arena::commit_others`] of the same node, right to left.
    #[inline]
    pub(crate) fn uncommit_others(&mut self, r: usize) {
        let mut p = r - 1;
        while p != r {
            let Node { down, top, .. } = self.node(p);
            if top <= 0 {
                p = down as usize;
            } else {
                self.uncommit_node(p, top as usize);
                p -= 1;
            }
        }
    }

    /// Undoes [`Arena::commit_node`] of the same node.
    #[inline(always)]
    fn uncommit_node(&mut self, p: usize, top: usize) {
        if self.colored {
            self.uncommit(p, self.color_at(p), top);
        } else {
            self.uncover_with::<false>(top);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::sample;
    use super::super::{ActiveBlocks, Arena, Branching, FlatScan, Node, Storage};

    #[test]
    fn cover_and_purify_restore_exactly() {
        let mut arena: Arena = Arena::new(&sample());
        let before = (arena.nodes.clone(), arena.len.clone());
        arena.cover(1);
        let r = arena.option_start[0] as usize;
        arena.commit_others(r);
        assert!(!arena.is_active(2));
        assert_ne!(arena.nodes, before.0);
        arena.uncommit_others(r);
        arena.uncover(1);
        assert_eq!((arena.nodes.clone(), arena.len.clone()), before);
    }

    /// Hiding a whole option takes it out of every list, the first item's
    /// too, whatever its colors; unhiding it, after undoing what came since,
    /// gives back the same arena.
    fn hide_option_restores_exactly<S: Storage + PartialEq, B: Branching + PartialEq>() {
        let mut arena: Arena<S, B> = Arena::new(&sample());
        let pristine = arena.pristine();
        // Option 4 (a c): out of the lists of a and c, and back.
        let first = arena.option_start[4] as usize;
        assert_eq!(arena.hide_option(first), 2);
        assert_eq!(arena.choose(), Some((1, 2)));
        arena.unhide_option(first);
        assert!(arena.pristine() == pristine);

        // Option 0 (a b x:1) selected: cover a, commit b and purify x, which
        // marks option 3 (c x:1 y) with color -1 at x. Then option 3 hidden
        // on top, its -1 node too, and everything undone last in, first out.
        arena.cover(1);
        let r = arena.option_start[0] as usize;
        arena.commit_others(r);
        let selected = arena.pristine();
        let first = arena.option_start[3] as usize;
        assert_eq!(arena.color(first + 1), -1);
        assert_eq!(arena.hide_option(first), 3);
        // Item c has no option left.
        assert_eq!(arena.choose(), Some((3, 0)));
        arena.cover(3);
        arena.uncover(3);
        arena.unhide_option(first);
        assert!(arena.pristine() == selected);
        arena.uncommit_others(r);
        arena.uncover(1);
        assert!(arena.pristine() == pristine);
    }

    #[test]
    fn hide_option_restores_exactly_in_every_arena() {
        hide_option_restores_exactly::<Vec<Node>, FlatScan>();
        hide_option_restores_exactly::<super::super::Narrow, FlatScan>();
        hide_option_restores_exactly::<Vec<Node>, ActiveBlocks>();
        hide_option_restores_exactly::<super::super::Narrow, ActiveBlocks>();
    }
}
