//! Multiplicities: primary items covered between `lo` and `hi` times
//! (Knuth's MCC problems, TAOCP 7.2.2.1 Algorithm M, his program DLX3).
//!
//! Each primary item keeps Knuth's `bound`, the number of options it may
//! still take (`hi` at the start), and `slack`, `hi - lo`. An option
//! chosen for another item lowers the bound of its primary items by one,
//! and covers an item whose bound reaches 0. The branching item is chosen
//! by its *score* `len + s - bound + 1`, where `s` is the lesser of the
//! slack and the bound: the number of ways to go on from it, the null move
//! (taking no further option) counted when the lower bound is already met
//! (`s == bound`). The least score wins; on ties the lesser `s`, then the
//! longer list, then the leftmost item (Knuth's rule in DLX3).
//!
//! An item chosen with bound 1 and no slack is covered and branched on as
//! in Algorithm X. Otherwise the options of its list are *tweaked* in turn
//! from the top: the option tried is hidden and taken out of the item's
//! list before its other items are committed, and stays out of play while
//! the next ones are tried, so that a multiset of options is reached once
//! and not in every order. The level ends when fewer options are left than
//! the item still needs (`len <= bound - slack`), or with the null move
//! once the list is empty: the item leaves the active items and takes no
//! more. *Untweaking* puts the whole run of tweaked options back at once,
//! from the first one tweaked, whose links still lead to the others.
//!
//! An item whose score is 0 or less cannot be satisfied: the search backs
//! up from that node without covering it (no update), as DLX3 does.
//!
//! The scan of the scores reads every primary item (no vector scan), so
//! problems with multiplicities always use the flat arenas
//! ([`super::FlatScan`]); problems without them never come here.

use super::scan::Length;
use super::{Arena, Branching, Storage};

/// What the search does with the node it reached in the branching item's
/// list; see [`Arena::try_option`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Move {
    /// No more moves at this level: restore the item and back up.
    Backup,
    /// The option of the node is tweaked out: commit its other items.
    Option,
    /// The null move: the item takes no further option.
    Null,
}

impl<S: Storage, B: Branching> Arena<S, B> {
    /// Whether the problem has multiplicities (the arena keeps bounds).
    pub(crate) fn has_bounds(&self) -> bool {
        !self.bound.is_empty()
    }

    /// The active primary item of the least score, by Knuth's rule (see
    /// the module docs), and that score; `None` when every primary item is
    /// covered or inactive. A score of 0 or less means that the item can no
    /// longer be satisfied.
    ///
    /// # Complexity
    ///
    /// One pass over the primary items.
    pub(crate) fn choose_scored(&self) -> Option<(usize, i64)> {
        debug_assert!(!B::TRACKS, "multiplicities use the flat scan");
        if self.active == 0 {
            return None;
        }
        // Knuth's order as one number, compared without branches: the
        // score, then `s`, then the longer list; the leftmost item wins
        // ties. The scan took 63% of the instructions of 12-queens with
        // primary `0:1` diagonals as a chain of compares, and 73% of the
        // mispredictions. The number fits 64 bits when every length and
        // bound is below 2^15 (a score is then at most 2^15), 128 bits
        // otherwise (a score below 2^31, `s` and a length below 2^32).
        macro_rules! scan {
            ($key:ty, $shift:expr) => {{
                let p = self.primary;
                let items = (self.len[1..=p].iter())
                    .zip(&self.bound[1..=p])
                    .zip(&self.slack[1..=p]);
                let mut best = (<$key>::MAX, 0);
                for (k, ((&len, &bound), &slack)) in items.enumerate() {
                    if len & S::Len::COVERED != S::Len::ZERO {
                        continue;
                    }
                    let l = i64::from(len.to_u32());
                    let b = i64::from(bound);
                    let s = i64::from(slack).min(b);
                    let t = l + s - b + 1;
                    if t <= 0 {
                        // The node backs up whichever item cannot be
                        // satisfied.
                        return Some((k + 1, t));
                    }
                    let low = (1 << $shift) - 1 - l;
                    let key = (t as $key) << (2 * $shift) | (s as $key) << $shift | low as $key;
                    if key < best.0 {
                        best = (key, k + 1);
                    }
                }
                debug_assert!(best.1 != 0, "an active primary item");
                Some((best.1, (best.0 >> (2 * $shift)) as i64))
            }};
        }
        if self.small_scores {
            scan!(u64, 16)
        } else {
            scan!(u128, 32)
        }
    }

    /// Whether the search branches on primary item `x` (bound `bound`,
    /// already lowered for the level) as Algorithm X does, by covering it.
    fn is_plain(&self, x: usize) -> bool {
        self.bound[x] == 0 && self.slack[x] == 0
    }

    /// Enters a level that branches on item `x`: lowers its bound, and
    /// covers it when it takes no more options after this level's (then,
    /// with no slack, the level branches as Algorithm X does). Returns the
    /// first node of the item's list, where the level's tweaks start.
    pub(crate) fn enter_item(&mut self, x: usize) -> usize {
        self.bound[x] -= 1;
        let first = self.down(x);
        if self.bound[x] == 0 {
            self.cover(x);
        }
        first
    }

    /// Decides the move for node `r` of the branching item `x`'s list (the
    /// item's header when the list is empty): Knuth's test of whether `r`
    /// is off limits, then the tweak of `r`'s option, or the item's removal
    /// from the active items for the null move.
    pub(crate) fn try_option(&mut self, x: usize, r: usize) -> Move {
        let bound = self.bound[x];
        if self.is_plain(x) {
            return if r == x { Move::Backup } else { Move::Option };
        }
        let len = i64::from(self.list_len(x));
        if len <= i64::from(bound) - i64::from(self.slack[x]) {
            return Move::Backup;
        }
        if r != x {
            let updates = if self.colored {
                self.tweak::<true>(r, bound != 0)
            } else {
                self.tweak::<false>(r, bound != 0)
            };
            self.updates += updates;
            return Move::Option;
        }
        if bound != 0 {
            self.set_active(x, false);
        }
        Move::Null
    }

    /// Undoes the null move of item `x` ([`Arena::try_option`]).
    pub(crate) fn undo_null(&mut self, x: usize) {
        if self.bound[x] != 0 {
            self.set_active(x, true);
        }
    }

    /// The number of nodes in item `x`'s list, covered or not.
    pub(crate) fn list_len(&self, x: usize) -> u32 {
        let mut len = self.len[x];
        if len & S::Len::COVERED != S::Len::ZERO {
            len -= S::Len::COVERED;
        }
        len.to_u32()
    }

    /// Takes primary item `x`, with an empty list, out of the active items
    /// or puts it back: as a cover would, with nothing to hide.
    fn set_active(&mut self, x: usize, on: bool) {
        debug_assert_eq!(self.list_len(x), 0);
        if on {
            self.sub_len(x, S::Len::COVERED);
            self.active += 1;
        } else {
            self.add_len(x, S::Len::COVERED);
            self.active -= 1;
        }
    }

    /// Ends a level that branched on item `x`, whose first node was
    /// `first`: uncovers the item or untweaks its options, and raises its
    /// bound back.
    pub(crate) fn leave_item(&mut self, x: usize, first: usize) {
        if self.is_plain(x) {
            self.uncover(x);
        } else if self.colored {
            self.untweak::<true>(x, first, self.bound[x] != 0);
        } else {
            self.untweak::<false>(x, first, self.bound[x] != 0);
        }
        self.bound[x] += 1;
    }

    /// Tweaks node `n`, the first of its item's list: takes it out of the
    /// list and, when `block`, hides its option from every other list (not
    /// when the item is covered: its options are hidden already). Returns
    /// the updates.
    fn tweak<const C: bool>(&mut self, n: usize, block: bool) -> u64 {
        let mut updates = if block { self.hide::<C>(n) } else { 0 };
        let node = self.node(n);
        updates += self.unlink::<C>(n, node);
        updates
    }

    /// Undoes the tweaks of item `x` since its first node was `first`
    /// (with `unblock` as their `block`), last in, first out with what came
    /// after: the tweaked nodes still link down to each other, to the node
    /// now first in the list, so relinking them is a walk down from
    /// `first` (Knuth's untweak). Without `unblock` the item is covered,
    /// and is uncovered last.
    fn untweak<const C: bool>(&mut self, x: usize, first: usize, unblock: bool) {
        let z = self.node(x).down as usize;
        self.set_down(x, first as u32);
        let (mut above, mut r, mut k) = (x, first, 0u32);
        while r != z {
            self.set_up(r, above as u32);
            k += 1;
            if unblock {
                self.unhide::<C>(r);
            }
            above = r;
            r = self.node(r).down as usize;
        }
        self.set_up(z, above as u32);
        self.add_len(x, S::Len::from_u32(k));
        if !unblock {
            self.uncover(x);
        }
    }

    /// Commits item `top` of node `p` of a chosen option: lowers a primary
    /// item's bound and covers it at 0; covers or purifies a secondary
    /// item. Returns the updates.
    #[inline]
    fn commit_bounded<const C: bool>(&mut self, p: usize, top: usize) -> u64 {
        if top <= self.primary {
            self.bound[top] -= 1;
            if self.bound[top] == 0 {
                self.cover_with::<C>(top)
            } else {
                0
            }
        } else if C {
            self.commit(p, self.color_at(p), top)
        } else {
            self.cover_with::<false>(top)
        }
    }

    /// Undoes [`Arena::commit_bounded`] of the same node.
    #[inline]
    fn uncommit_bounded<const C: bool>(&mut self, p: usize, top: usize) {
        if top <= self.primary {
            if self.bound[top] == 0 {
                self.uncover_with::<C>(top);
            }
            self.bound[top] += 1;
        } else if C {
            self.uncommit(p, self.color_at(p), top);
        } else {
            self.uncover_with::<false>(top);
        }
    }

    /// Commits the items of the option of node `r` other than `r`'s own,
    /// from left to right (wrapping around), with bounds.
    pub(crate) fn commit_others_bounded(&mut self, r: usize) {
        if self.colored {
            self.commit_others_with::<true>(r);
        } else {
            self.commit_others_with::<false>(r);
        }
    }

    fn commit_others_with<const C: bool>(&mut self, r: usize) {
        let first = self.node(r).first as usize;
        let mut updates = 0;
        let mut p = r + 1;
        while self.node(p).top > 0 {
            updates += self.commit_bounded::<C>(p, self.node(p).top as usize);
            p += 1;
        }
        for p in first..r {
            updates += self.commit_bounded::<C>(p, self.node(p).top as usize);
        }
        self.updates += updates;
    }

    /// Undoes [`Arena::commit_others_bounded`] of the same node, right to
    /// left.
    pub(crate) fn uncommit_others_bounded(&mut self, r: usize) {
        if self.colored {
            self.uncommit_others_with::<true>(r);
        } else {
            self.uncommit_others_with::<false>(r);
        }
    }

    fn uncommit_others_with<const C: bool>(&mut self, r: usize) {
        let mut p = r - 1;
        while p != r {
            let node = self.node(p);
            if node.top <= 0 {
                p = node.down as usize;
            } else {
                self.uncommit_bounded::<C>(p, node.top as usize);
                p -= 1;
            }
        }
    }

    /// Why the option whose first node is `first` cannot be chosen, if it
    /// cannot: the first of its items that is covered (or out of the
    /// active items), else the first whose node is out of its list (the
    /// option is hidden); `None` when the option is in play.
    pub(crate) fn out_of_play(&self, first: usize) -> Option<usize> {
        let covered = |x: usize| self.len[x] & S::Len::COVERED != S::Len::ZERO;
        let nodes = || self.option_nodes(first);
        nodes()
            .find(|&(_, x, _)| covered(x))
            .or_else(|| nodes().find(|&(q, _, _)| !self.is_linked(q, self.nodes.get(q))))
            .map(|(_, x, _)| x)
    }

    /// Selects the option whose first node is `first`, in play (see
    /// [`Arena::out_of_play`]): hides it from every list, so that it is not
    /// chosen again, then commits every one of its items with bounds.
    /// Returns the updates.
    pub(crate) fn select_bounded(&mut self, first: usize) -> u64 {
        debug_assert!(self.out_of_play(first).is_none());
        let before = self.updates;
        self.updates += self.hide_option(first);
        let mut p = first;
        while self.node(p).top > 0 {
            let top = self.node(p).top as usize;
            self.updates += if self.colored {
                self.commit_bounded::<true>(p, top)
            } else {
                self.commit_bounded::<false>(p, top)
            };
            p += 1;
        }
        self.updates - before
    }

    /// Undoes [`Arena::select_bounded`] of the same option.
    pub(crate) fn unselect_bounded(&mut self, first: usize) {
        let mut p = first;
        while self.node(p + 1).top > 0 {
            p += 1;
        }
        loop {
            let top = self.node(p).top as usize;
            if self.colored {
                self.uncommit_bounded::<true>(p, top);
            } else {
                self.uncommit_bounded::<false>(p, top);
            }
            if p == first {
                break;
            }
            p -= 1;
        }
        self.unhide_option(first);
    }
}
