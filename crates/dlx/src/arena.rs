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
//! `-k` for the spacer after the `k`-th option) and `first`, the first node
//! of its option. The hot loops (hide, unhide, commit) go round an option in
//! two runs of consecutive nodes, from the node after `p` to the spacer and
//! from `first` up to `p`: every address is known before any load returns,
//! so the loads of one option overlap. (An earlier `next` link per node made
//! each step wait for the load before it; the two runs took pentomino 3x20
//! from 0.85 to 0.67 of the DLX1 port's time in one interleaved run, and
//! 17-clue sudoku from 50.6k to 53.2k puzzles per second.) Colors (0
//! for none, a positive color, or -1 for a node already known to agree with
//! a purified item) sit in an array of their own, made only for problems
//! that have colors. Problems of at most 2^15 nodes (a 9x9 or 16x16 sudoku,
//! pentominoes, queens up to 60 or so) keep their nodes in 8 bytes
//! ([`NarrowNode`]): the arena of a 9x9 sudoku then fits a 48 KiB
//! first-level cache.
//!
//! # Choosing the branching item
//!
//! Knuth keeps the active items in a doubly linked list, and the branching
//! scan follows it. Here each item's length sits in one flat array (16-bit
//! in the 8-byte arena, 32-bit in the other), with a bit set while the item
//! is covered; the items never change order, so the leftmost item of the
//! least length is the one Knuth's scan finds, and node counts match
//! DLX1's. A count of the active primary items says when every one is
//! covered. The way the item is found ([`Branching`]) is chosen once, by the
//! number of primary items.
//!
//! Below 1,536 primary items, the [`FlatScan`] reads every primary item's
//! length: a pass over a contiguous array instead of a chain of dependent
//! loads. With AVX2 it is one pass that keeps each lane's first position of
//! its least length (a portable minimum and a search for its first position
//! otherwise). The one-pass scan took 17-clue sudoku from 53.2k to 58.8k
//! puzzles per second, and a hard sudoku from 0.31 to 0.28 of the DLX1
//! port's time, in one interleaved run: the two-pass scan mispredicted the
//! end of its search. What the scan costs now looks like waiting rather
//! than work: lengths of 8 bits, which halve the vector work, measured no
//! faster on sudoku (and were dropped), and the profile puts the scan's
//! samples on the instructions that consume its loads. Those loads overlap
//! the 16-bit length stores of the commit just before, which cannot be
//! forwarded to a wider load, so each waits for the stores to reach the
//! cache.
//!
//! From 1,536 primary items, [`ActiveBlocks`] make the choice cost grow with
//! the active items instead. A scan of every item at every node is
//! quadratic when the search covers a few items per level: a million items
//! with one option each took 81 s to their one solution (`dlx cover
//! --limit 1`), where the search now takes 0.02 s. The primary items are cut
//! into blocks of 64, and Knuth's doubly linked list holds the blocks that
//! have an active item. A count of the active primary items of each length,
//! kept where the lengths change, gives the least length before the walk,
//! which stops at the first block that holds an item of that length; a
//! block is read a vector at a time (covered items never match, for their
//! covered bit). Both parts are needed, as measured on 10^5 items with one
//! option each, and with two (the flat scan: 0.8 and 0.9 s):
//!
//! - the blocks alone, stopping only at a length 0: 0.80 and 0.86 s;
//! - and a count of the items of length 0, to stop at a length 1 when there
//!   is none: 3.4 ms, and still 0.86 s when every length is 2;
//! - and the counts of every length: 2.3 and 2.4 ms.
//!
//! The counts cost the hides and unhides two increments per node of a
//! primary item: the flat scan with them took 8 to 10% more time than
//! without on random problems of 4,000 primary items (see [`BLOCKS_FROM`]),
//! which is why small problems go without. A list of single items, as
//! Knuth's, walked as fast as the blocks on the problems above, but on the
//! random ones, where the item of the least length is often alone and far
//! down the list, it took 2.4 to 3.2 times the flat scan's time (1,500 to
//! 24,000 primary items): following a link per item waits on each load,
//! where the blocks read memory in order. The blocks took 0.34 of the flat
//! scan's time at 24,000 items and 0.60 at 4,000; on the empty 49 x 49
//! sudoku, 0.23.
//!
//! # Slab or Vec
//!
//! The storage of the nodes is a type parameter ([`Storage`]), implemented for
//! a plain `Vec<Node>`, for [`Narrow`] and for a `slab::Slab<Node>`. Each
//! index into a slab checks that the entry is occupied, a branch on every
//! link followed. The bench `arena/slab-vs-vec` measures the slab against the
//! `Vec` on the same searches (criterion medians on a 2-core machine, `cargo
//! bench -p dlx-benches --bench engine -- arena`): the slab took 1.3 to 1.4
//! times as long (queens-12: 49.8 ms against 37.9 ms; pentomino 3x20: 47.3
//! ms against 33.4 ms), far more than a few percent, so the solver compiles
//! the problem into a flat arena. The `Problem` keeps its options by id,
//! where stable keys let options be added and removed before solving.

#![allow(unsafe_code)]

use std::fmt;
use std::ops::{AddAssign, BitAnd, SubAssign};

#[cfg(test)]
use crate::problem::Entry;
use crate::problem::Problem;

/// A node of the arena; see the module docs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C)]
pub(crate) struct Node {
    pub(crate) up: u32,
    pub(crate) down: u32,
    pub(crate) top: i32,
    pub(crate) first: u32,
}

/// The type of an item's length: `i32`, or `i16` for the 8-byte arena (half
/// the vector work in the branching scan). Lengths are signed so that their
/// minimum vectorizes on any x86-64.
pub(crate) trait Length:
    Copy + Ord + Default + AddAssign + SubAssign + BitAnd<Output = Self> + Send + Sync + 'static
{
    /// A bit set while the item is covered: above every length and below
    /// the sign bit.
    const COVERED: Self;
    const ONE: Self;
    const ZERO: Self;
    fn to_u32(self) -> u32;
    /// The length `v`, which fits the type.
    fn from_u32(v: u32) -> Self;

    /// [`least`] with AVX2.
    ///
    /// # Safety
    ///
    /// The CPU must have AVX2.
    #[cfg(target_arch = "x86_64")]
    unsafe fn least_avx2(lens: &[Self]) -> (usize, Self);
}

impl Length for i32 {
    /// A problem has fewer than 2^30 nodes.
    const COVERED: i32 = 1 << 30;
    const ONE: i32 = 1;
    const ZERO: i32 = 0;
    fn to_u32(self) -> u32 {
        self as u32
    }
    fn from_u32(v: u32) -> i32 {
        v as i32
    }

    #[cfg(target_arch = "x86_64")]
    unsafe fn least_avx2(lens: &[i32]) -> (usize, i32) {
        // SAFETY: the caller promises AVX2.
        unsafe { least_i32_avx2(lens) }
    }
}

impl Length for i16 {
    /// A problem in the 8-byte arena has at most 2^15 nodes, so fewer than
    /// 2^14 options (each has a spacer), and no length reaches 2^14.
    const COVERED: i16 = 1 << 14;
    const ONE: i16 = 1;
    const ZERO: i16 = 0;
    fn to_u32(self) -> u32 {
        self as u32
    }
    fn from_u32(v: u32) -> i16 {
        v as i16
    }

    #[cfg(target_arch = "x86_64")]
    unsafe fn least_avx2(lens: &[i16]) -> (usize, i16) {
        // SAFETY: the caller promises AVX2.
        unsafe { least_i16_avx2(lens) }
    }
}

/// Where the nodes live: built once from a vector of nodes, then read and
/// relinked by index.
pub(crate) trait Storage: Clone {
    /// The type of the items' lengths.
    type Len: Length;

    fn from_nodes(nodes: Vec<Node>) -> Self;

    /// Whether a problem with this many nodes and options fits.
    fn fits(_nodes: usize, _options: usize) -> bool {
        true
    }

    /// The number of nodes.
    fn count(&self) -> usize;

    /// Node `i`; panics if there is none.
    fn get(&self, i: usize) -> Node;

    /// Node `i`, without a bounds check.
    ///
    /// # Safety
    ///
    /// `i < self.count()`.
    unsafe fn get_unchecked(&self, i: usize) -> Node;

    /// Sets `up` of node `i`, without a bounds check.
    ///
    /// # Safety
    ///
    /// `i < self.count()`, and `up` fits the storage (see `fits`).
    unsafe fn set_up(&mut self, i: usize, up: u32);

    /// Sets `down` of node `i`, without a bounds check.
    ///
    /// # Safety
    ///
    /// As for `set_up`.
    unsafe fn set_down(&mut self, i: usize, down: u32);
}

impl Storage for Vec<Node> {
    type Len = i32;

    fn from_nodes(nodes: Vec<Node>) -> Self {
        nodes
    }

    fn count(&self) -> usize {
        self.len()
    }

    fn get(&self, i: usize) -> Node {
        self[i]
    }

    unsafe fn get_unchecked(&self, i: usize) -> Node {
        // SAFETY: the caller promises `i < self.len()`.
        unsafe { *<[Node]>::get_unchecked(self, i) }
    }

    unsafe fn set_up(&mut self, i: usize, up: u32) {
        // SAFETY: the caller promises `i < self.len()`.
        unsafe { <[Node]>::get_unchecked_mut(self, i).up = up }
    }

    unsafe fn set_down(&mut self, i: usize, down: u32) {
        // SAFETY: the caller promises `i < self.len()`.
        unsafe { <[Node]>::get_unchecked_mut(self, i).down = down }
    }
}

/// A node in 8 bytes, for problems of at most 2^15 nodes: half the
/// memory of [`Node`], so that, for example, a 9x9 sudoku's arena (3,972
/// nodes) fits a 48 KiB first-level cache. Measured against 16-byte nodes in
/// one run: 17-clue sudoku counted to 2, 15% more puzzles per second;
/// 13-queens, 8% less time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C)]
pub(crate) struct NarrowNode {
    up: u16,
    down: u16,
    top: i16,
    first: u16,
}

/// The nodes of a small problem, 8 bytes each.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Narrow(Vec<NarrowNode>);

impl Clone for Narrow {
    fn clone(&self) -> Narrow {
        Narrow(self.0.clone())
    }

    /// Copies into the existing buffer (a reset copies a pristine arena
    /// back per puzzle).
    fn clone_from(&mut self, source: &Narrow) {
        self.0.clone_from(&source.0);
    }
}

impl Storage for Narrow {
    type Len = i16;

    fn from_nodes(nodes: Vec<Node>) -> Self {
        debug_assert!(Self::fits(nodes.len(), 0));
        Narrow(
            nodes
                .into_iter()
                .map(|n| NarrowNode {
                    up: n.up as u16,
                    down: n.down as u16,
                    top: n.top as i16,
                    first: n.first as u16,
                })
                .collect(),
        )
    }

    /// Node indices fit `u16`, and so do items and the spacers' `-k` in `i16`.
    fn fits(nodes: usize, options: usize) -> bool {
        nodes <= 1 << 15 && options < 1 << 15
    }

    fn count(&self) -> usize {
        self.0.len()
    }

    fn get(&self, i: usize) -> Node {
        widen(self.0[i])
    }

    unsafe fn get_unchecked(&self, i: usize) -> Node {
        // SAFETY: the caller promises `i < self.count()`.
        widen(unsafe { *self.0.get_unchecked(i) })
    }

    unsafe fn set_up(&mut self, i: usize, up: u32) {
        // SAFETY: the caller promises `i < self.count()`.
        unsafe { self.0.get_unchecked_mut(i).up = up as u16 }
    }

    unsafe fn set_down(&mut self, i: usize, down: u32) {
        // SAFETY: the caller promises `i < self.count()`.
        unsafe { self.0.get_unchecked_mut(i).down = down as u16 }
    }
}

#[inline(always)]
fn widen(n: NarrowNode) -> Node {
    Node {
        up: u32::from(n.up),
        down: u32::from(n.down),
        top: i32::from(n.top),
        first: u32::from(n.first),
    }
}

/// The number of nodes in the arena of `problem`: a header per item, the
/// two list heads, a node per entry and a spacer per option.
pub(crate) fn node_count(problem: &Problem) -> usize {
    problem.item_count() + 2 + problem.entry_count() + problem.option_count()
}

/// How the branching item is found (see the module docs). The arena
/// reports every cover of a primary item, and every change of an active
/// primary item's length, to the ways that track them; for the others those
/// calls compile to nothing.
pub(crate) trait Branching: Clone + fmt::Debug + Send + Sync + 'static {
    /// Whether the arena reports covers and lengths (`false` leaves the hot
    /// loops as they would be without the reports).
    const TRACKS: bool;

    /// The structure for primary items `1..=primary` with lengths `len`
    /// (indexed by item, index 0 unused).
    fn new<L: Length>(len: &[L], primary: usize) -> Self;

    /// The leftmost active primary item of the least length, and that
    /// length, when at least one primary item is active. `len` holds the
    /// lengths of items `0..=primary`, with [`Length::COVERED`] set on item 0
    /// and on the covered items.
    fn choose<L: Length>(&self, len: &[L]) -> (usize, L);

    /// Primary item `i`, of length `len`, is covered.
    fn cover(&mut self, i: usize, len: u32);

    /// Undoes [`Branching::cover`] of the same item; covers are undone
    /// last in, first out.
    fn uncover(&mut self, i: usize, len: u32);

    /// An active primary item of length `from` lost an option.
    fn shorten(&mut self, from: u32);

    /// An active primary item of length `from` got an option back.
    fn lengthen(&mut self, from: u32);
}

/// The branching scan of small problems: every primary item's length, in
/// one pass over the flat array (see the module docs).
#[derive(Clone, Copy, Debug)]
pub(crate) struct FlatScan {
    /// Whether the CPU has AVX2.
    avx2: bool,
}

impl Branching for FlatScan {
    const TRACKS: bool = false;

    fn new<L: Length>(_len: &[L], _primary: usize) -> FlatScan {
        FlatScan { avx2: has_avx2() }
    }

    #[inline(always)]
    fn choose<L: Length>(&self, len: &[L]) -> (usize, L) {
        let lens = &len[1..];
        let (at, min) = if self.avx2 && lens.len() >= VECTOR_SCAN {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `avx2` is set only when the CPU has AVX2 (see `new`).
            unsafe {
                debug_assert!(has_avx2());
                L::least_avx2(lens)
            }
            #[cfg(not(target_arch = "x86_64"))]
            least(lens)
        } else if lens.len() >= PORTABLE_SCAN {
            least(lens)
        } else {
            let mut best = (0, L::COVERED);
            for (k, &l) in lens.iter().enumerate() {
                if l < best.1 {
                    best = (k, l);
                }
            }
            best
        };
        (at + 1, min)
    }

    #[inline(always)]
    fn cover(&mut self, _i: usize, _len: u32) {}

    #[inline(always)]
    fn uncover(&mut self, _i: usize, _len: u32) {}

    #[inline(always)]
    fn shorten(&mut self, _from: u32) {}

    #[inline(always)]
    fn lengthen(&mut self, _from: u32) {}
}

/// The number of consecutive primary items in a block of [`ActiveBlocks`]:
/// 128 bytes of 16-bit lengths, 256 of 32-bit ones. Blocks of 32, 64, 128
/// and 256 items measured within 10% of each other on random problems of
/// 1,500 to 24,000 primary items; on a million items with one option each,
/// 256 took twice as long as 64.
const BLOCK: usize = 64;

/// The branching of problems with many primary items: Knuth's doubly linked
/// list of the active primary items, kept by blocks of [`BLOCK`]
/// consecutive items (a block is in the list while one of its items is
/// active), and the number of active primary items of each length, so that
/// the least length is known before the walk (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ActiveBlocks {
    /// The list: entry 0 is its head, entry `k + 1` block `k` (items
    /// `1 + k * BLOCK ..= (k + 1) * BLOCK`). A block leaves it when its last
    /// active item is covered and comes back when that item is uncovered:
    /// last in, first out, so a block's links still name its neighbours.
    links: Vec<Link>,
    /// The number of active items in each block.
    active: Vec<u32>,
    /// How many active primary items have each length, up to the longest
    /// primary item's length at the start: a length only grows back to what
    /// it was, so every active primary item's length indexes this.
    by_length: Vec<u32>,
    /// Whether the CPU has AVX2.
    avx2: bool,
}

/// An entry of [`ActiveBlocks::links`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Link {
    prev: u32,
    next: u32,
}

impl Branching for ActiveBlocks {
    const TRACKS: bool = true;

    fn new<L: Length>(len: &[L], primary: usize) -> ActiveBlocks {
        let blocks = primary.div_ceil(BLOCK);
        let last = blocks as u32;
        let links = (0..=last)
            .map(|k| Link {
                prev: if k == 0 { last } else { k - 1 },
                next: if k == last { 0 } else { k + 1 },
            })
            .collect();
        let active = (0..blocks)
            .map(|k| (primary - k * BLOCK).min(BLOCK) as u32)
            .collect();
        let lens = || len[1..=primary].iter().map(|l| l.to_u32() as usize);
        let mut by_length = vec![0; lens().max().map_or(1, |m| m + 1)];
        for l in lens() {
            by_length[l] += 1;
        }
        ActiveBlocks {
            links,
            active,
            by_length,
            avx2: has_avx2(),
        }
    }

    /// # Complexity
    ///
    /// The least length `m` is the first with an active item, found in
    /// `m + 1` steps (fewer than the cover of the chosen item takes). Then
    /// the walk visits the blocks that hold an active item, in order, up to
    /// the first that holds one of length `m`: at most one block per active
    /// item, each read a vector at a time.
    #[inline]
    fn choose<L: Length>(&self, len: &[L]) -> (usize, L) {
        let least = self.by_length.iter().position(|&count| count != 0);
        debug_assert!(least.is_some(), "a primary item is active");
        let want = L::from_u32(least.unwrap_or(0) as u32);
        let found = if self.avx2 {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `avx2` is set only when the CPU has AVX2 (see `new`).
            unsafe {
                debug_assert!(has_avx2());
                walk_avx2(&self.links, len, want)
            }
            #[cfg(not(target_arch = "x86_64"))]
            walk(&self.links, len, want)
        } else {
            walk(&self.links, len, want)
        };
        match found {
            Some(item) => (item, want),
            None => unreachable!("an active primary item has the least length"),
        }
    }

    #[inline]
    fn cover(&mut self, i: usize, len: u32) {
        let b = (i - 1) / BLOCK;
        self.active[b] -= 1;
        if self.active[b] == 0 {
            let Link { prev, next } = self.links[b + 1];
            self.links[prev as usize].next = next;
            self.links[next as usize].prev = prev;
        }
        self.by_length[len as usize] -= 1;
    }

    #[inline]
    fn uncover(&mut self, i: usize, len: u32) {
        let b = (i - 1) / BLOCK;
        if self.active[b] == 0 {
            let Link { prev, next } = self.links[b + 1];
            self.links[prev as usize].next = b as u32 + 1;
            self.links[next as usize].prev = b as u32 + 1;
        }
        self.active[b] += 1;
        self.by_length[len as usize] += 1;
    }

    // The two below run once per node hidden or unhidden from a primary
    // item's list. Without bounds checks they took 7% fewer instructions
    // and 5% less time on a random problem of 4,000 primary items.

    #[inline(always)]
    fn shorten(&mut self, from: u32) {
        let from = from as usize;
        debug_assert!((1..self.by_length.len()).contains(&from));
        // SAFETY: an active primary item's length indexes `by_length` (see
        // there), and one that loses an option had at least one.
        unsafe {
            *self.by_length.get_unchecked_mut(from) -= 1;
            *self.by_length.get_unchecked_mut(from - 1) += 1;
        }
    }

    #[inline(always)]
    fn lengthen(&mut self, from: u32) {
        let from = from as usize;
        debug_assert!(from + 1 < self.by_length.len());
        // SAFETY: the option given back was taken from this item, so its
        // length grows back to one it had: within `by_length` (see there).
        unsafe {
            *self.by_length.get_unchecked_mut(from) -= 1;
            *self.by_length.get_unchecked_mut(from + 1) += 1;
        }
    }
}

/// The first item of length `want` in the blocks of `links`, walked in
/// order; `len` holds the lengths of items `0..=primary`.
#[inline(always)]
fn walk<L: Length>(links: &[Link], len: &[L], want: L) -> Option<usize> {
    let mut b = links[0].next as usize;
    while b != 0 {
        let start = 1 + (b - 1) * BLOCK;
        let block = &len[start..len.len().min(start + BLOCK)];
        if let Some(k) = first_equal(block, want) {
            return Some(start + k);
        }
        b = links[b].next as usize;
    }
    None
}

/// [`walk`] compiled for AVX2, each block's compare twice as wide: 16%
/// less time on a random problem of 24,000 primary items, 7% on one of
/// 4,000 (the whole walk, since a block's compare in a function of its own
/// was a call per block, and slower).
///
/// # Safety
///
/// The CPU must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn walk_avx2<L: Length>(links: &[Link], len: &[L], want: L) -> Option<usize> {
    walk(links, len, want)
}

/// The first position of `want` in `lens`, a block of [`ActiveBlocks`]
/// (shorter only at the end of the primary items). The whole block is
/// tested at once, a fold the compiler turns into vector compares with no
/// branch until the end; only the block that holds `want` is searched
/// further, 16 lengths at a time.
#[inline(always)]
fn first_equal<L: Length>(lens: &[L], want: L) -> Option<usize> {
    const LANES: usize = 16;
    let Ok(block) = <&[L; BLOCK]>::try_from(lens) else {
        return lens.iter().position(|&l| l == want);
    };
    if !block.iter().fold(false, |hit, &l| hit | (l == want)) {
        return None;
    }
    let mut at = 0;
    for chunk in block.chunks_exact(LANES) {
        if chunk.iter().fold(false, |hit, &l| hit | (l == want)) {
            break;
        }
        at += LANES;
    }
    block[at..].iter().position(|&l| l == want).map(|k| at + k)
}

/// The dancing-links structure of one problem.
#[derive(Clone, Debug)]
pub(crate) struct Arena<S: Storage = Vec<Node>, B: Branching = FlatScan> {
    pub(crate) nodes: S,
    /// The length of each item's list (index 1..=N), with [`Length::COVERED`] set
    /// while the item is covered; index 0 and N + 1 are unused.
    pub(crate) len: Vec<S::Len>,
    /// The number of items, `N`.
    pub(crate) item_count: usize,
    /// The number of primary items.
    pub(crate) primary: usize,
    /// The number of primary items not covered.
    pub(crate) active: usize,
    /// Whether some option gives a color to an item.
    colored: bool,
    /// The color of each node when the problem has colors (0 for none, -1
    /// for a node known to agree with its purified item); empty otherwise.
    pub(crate) colors: Vec<i32>,
    /// The first node of each option, by option index in the arena.
    pub(crate) option_start: Vec<u32>,
    /// Link removals so far, Knuth's `updates`.
    pub(crate) updates: u64,
    /// What finds the branching item.
    pub(crate) branching: B,
}

impl<S: Storage, B: Branching> Arena<S, B> {
    /// Builds the arena of a problem; options keep the order of their ids.
    pub(crate) fn new(problem: &Problem) -> Arena<S, B> {
        let n = problem.item_count();
        let primary = problem.primary_count();
        let node_count = node_count(problem);
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
        Arena {
            nodes: S::from_nodes(nodes),
            len,
            item_count: n,
            primary,
            active: primary,
            colored,
            colors,
            option_start,
            updates: 0,
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

    // The link invariant. Every `up` and `down` of a node, and every `top`
    // of an option node, is the index of a node of this arena (and every
    // such `top` indexes `len` too): `new` makes them so, and cover, hide,
    // purify and their inverses only copy link values from node to node.
    // The hot loops below rely on it to skip bounds checks (measured with
    // callgrind on the 17-clue sudoku set: 21% fewer instructions).

    /// A copy of node `q`, which the search reached by following links.
    #[inline(always)]
    fn node(&self, q: usize) -> Node {
        debug_assert!(q < self.nodes.count());
        // SAFETY: `q` came from a link (or is a node next to one inside an
        // option, before its spacer): by the link invariant it is in range.
        unsafe { self.nodes.get_unchecked(q) }
    }

    /// Sets `down` of node `q`, reached by following links.
    #[inline(always)]
    fn set_down(&mut self, q: usize, down: u32) {
        debug_assert!(q < self.nodes.count());
        // SAFETY: the link invariant, as in `node`.
        unsafe { self.nodes.set_down(q, down) }
    }

    /// Sets `up` of node `q`, reached by following links.
    #[inline(always)]
    fn set_up(&mut self, q: usize, up: u32) {
        debug_assert!(q < self.nodes.count());
        // SAFETY: the link invariant, as in `node`.
        unsafe { self.nodes.set_up(q, up) }
    }

    /// Adds `delta` to the length of item `x` (the `top` of an option node,
    /// or an item the search chose), or sets or clears its covered flag
    /// with `delta = ±COVERED`: an item is covered at most once at a time.
    #[inline(always)]
    fn add_len(&mut self, x: usize, delta: S::Len) {
        debug_assert!(x < self.len.len());
        // SAFETY: `x` is the `top` of an option node: by the link invariant
        // an item, and `len` has an entry for every item.
        unsafe { *self.len.get_unchecked_mut(x) += delta }
    }

    /// The length of item `x`, not covered: the number of nodes in its list
    /// (every hide and unhide that unlinks or relinks a node changes it by
    /// one).
    #[inline(always)]
    fn len_of(&self, x: usize) -> u32 {
        debug_assert!(x < self.len.len());
        // SAFETY: as in `add_len`.
        unsafe { *self.len.get_unchecked(x) }.to_u32()
    }

    /// Subtracts `delta` from the length of item `x`; see `add_len`.
    #[inline(always)]
    fn sub_len(&mut self, x: usize, delta: S::Len) {
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
    fn color_at(&self, q: usize) -> i32 {
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
    fn hide<const C: bool>(&mut self, p: usize) -> u64 {
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
    fn unlink<const C: bool>(&mut self, q: usize, node: Node) -> u64 {
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
    fn relink<const C: bool>(&mut self, q: usize, node: Node) {
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
    fn unhide<const C: bool>(&mut self, p: usize) {
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
    fn cover_with<const C: bool>(&mut self, i: usize) -> u64 {
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
    fn uncover_with<const C: bool>(&mut self, i: usize) {
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
    fn purify(&mut self, p: usize) -> u64 {
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
    fn unpurify(&mut self, p: usize) {
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
    fn commit(&mut self, p: usize, color: i32, top: usize) -> u64 {
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
    fn uncommit(&mut self, p: usize, color: i32, top: usize) {
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

    /// The active primary item with the fewest options, leftmost on ties
    /// (Knuth's minimum-remaining-values rule, as in DLX1), and its length.
    /// `None` when no primary item is left.
    ///
    /// # Complexity
    ///
    /// That of [`Branching::choose`]: one pass over every primary item's
    /// length for the [`FlatScan`]; for [`ActiveBlocks`], a walk of the
    /// blocks with an active item up to the first with one of the least
    /// length.
    #[inline]
    pub(crate) fn choose(&self) -> Option<(usize, u32)> {
        if self.active == 0 {
            return None;
        }
        let (item, len) = self.branching.choose(&self.len[..=self.primary]);
        Some((item, len.to_u32()))
    }

    /// Whether every primary item is covered: a solution.
    #[inline]
    pub(crate) fn is_solved(&self) -> bool {
        self.active == 0
    }

    /// The first node below header `i`.
    #[inline]
    pub(crate) fn down(&self, p: usize) -> usize {
        self.nodes.get(p).down as usize
    }

    /// Whether item `x` (1-based) is in the list of active primary items.
    #[cfg(test)]
    pub(crate) fn is_active(&self, x: usize) -> bool {
        self.len[x] & S::Len::COVERED == S::Len::ZERO
    }
}

/// From this many primary items the branching item is found with
/// [`ActiveBlocks`] rather than the [`FlatScan`]. On random problems (`n`
/// primary items, `3n` options of three random items and the `n / 3` of a
/// planted solution; 200,000 nodes of search) the blocks took 1.11
/// times the flat scan's time at 750 items, 1.08 at 1,000, 1.01 at 1,500,
/// 0.94 at 2,000 and 0.70 at 3,000 (the first four in the 8-byte arena, the
/// last in the 16-byte one); on the empty 16 x 16 sudoku (1,024 items),
/// 1.04; on the 25 x 25 (2,500), 0.47.
const BLOCKS_FROM: usize = 1536;

/// Whether a problem with `primary` primary items finds its branching items
/// with [`ActiveBlocks`].
pub(crate) fn branches_by_blocks(primary: usize) -> bool {
    primary >= BLOCKS_FROM
}

/// From this many primary items the branching scan is the one-pass AVX2
/// scan ([`least_i16_avx2`], [`least_i32_avx2`]), when the CPU has AVX2;
/// below, a plain loop. The one-pass scans win from 16 items: 13-queens (26
/// items) went from 0.82 to 0.75 of the DLX1 port's time in the 8-byte
/// arena, and from 207 to 191 ms in the 16-byte one, in interleaved runs.
const VECTOR_SCAN: usize = 16;

/// From this many primary items, on a CPU without AVX2, the branching scan
/// is the portable two-pass [`least`]; below, a plain loop. The two-pass
/// scan lost to the loop below 64 items (13-queens, 26 items: 10% fewer
/// instructions, 5% more time).
const PORTABLE_SCAN: usize = 64;

/// The first position of the least length, and that length, without
/// AVX2 (the scans with it are [`least_i16_avx2`] and [`least_i32_avx2`]).
///
/// The minimum is a fold written as a select, which the compiler vectorizes
/// on any x86-64 (SSE2); then chunks of eight are compared with it to find
/// the first that holds it. (Eight accumulator lanes written out by hand
/// compiled to shuffles that cost 40% of the search on sudoku; one pass that
/// stops at a 0 cost 8% more instructions than two.)
#[inline(always)]
fn least<L: Length>(lens: &[L]) -> (usize, L) {
    const LANES: usize = 8;
    let min = lens
        .iter()
        .fold(L::COVERED, |m, &l| if l < m { l } else { m });
    let mut at = 0;
    for chunk in lens.chunks_exact(LANES) {
        if chunk.iter().fold(false, |hit, &l| hit | (l == min)) {
            break;
        }
        at += LANES;
    }
    at += lens[at..].iter().position(|&l| l == min).unwrap_or(0);
    (at, min)
}

/// The loop of the one-pass AVX2 scans: for lanes of type `$ty`, `$lanes`
/// to a vector, each lane's least length and the first position holding
/// it, as `(least, first)` vectors. `$iota` holds the lane numbers; the
/// intrinsics are those of the lane width. Every load reads `$lanes`
/// lengths inside `$lens`: the last ends at its end, overlapping the one
/// before when the count is not a multiple of `$lanes`, and each lane still
/// sees its positions in increasing order, so it keeps the first of its
/// least length. Expands inside an `unsafe` block of a function with AVX2
/// enabled, for `$lens.len() >= $lanes`.
#[cfg(target_arch = "x86_64")]
macro_rules! lane_scan {
    (
        $lens:expr, $iota:expr, $ty:ty, $lanes:expr,
        $set1:ident, $cmpgt:ident, $min:ident, $add:ident
    ) => {{
        let n = $lens.len();
        let mut least = $set1(<$ty>::MAX);
        let mut first = _mm256_setzero_si256();
        let step = $set1($lanes);
        let mut here = $iota;
        let mut start = 0;
        while start + $lanes <= n {
            let v = _mm256_loadu_si256($lens.as_ptr().add(start).cast());
            let less = $cmpgt(least, v);
            least = $min(least, v);
            first = _mm256_blendv_epi8(first, here, less);
            here = $add(here, step);
            start += $lanes;
        }
        if start < n {
            let last = n - $lanes;
            let v = _mm256_loadu_si256($lens.as_ptr().add(last).cast());
            let less = $cmpgt(least, v);
            least = $min(least, v);
            let here = $add($iota, $set1(last as $ty));
            first = _mm256_blendv_epi8(first, here, less);
        }
        (least, first)
    }};
}

/// [`least`] for the 16-bit lengths of the 8-byte arena, in one pass of
/// AVX2: each of 16 lanes keeps its least length and the first position
/// that holds it (a strict compare, so the leftmost wins), and the lanes are
/// reduced at the end. No branch depends on the data, where the two passes
/// of [`least`] end each search for the position with a mispredicted exit.
///
/// # Safety
///
/// The CPU must have AVX2, and `16 <= lens.len() < 2^15`; every length is
/// nonnegative (a length, or one with [`Length::COVERED`] set).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn least_i16_avx2(lens: &[i16]) -> (usize, i16) {
    use std::arch::x86_64::*;
    let n = lens.len();
    debug_assert!((16..1 << 15).contains(&n));
    // SAFETY: AVX2 is enabled; every load reads 16 lengths inside `lens`
    // (the last one ends at `n`, overlapping the one before when `n` is
    // not a multiple of 16).
    unsafe {
        let iota = _mm256_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        let (least, first) = lane_scan!(
            lens,
            iota,
            i16,
            16,
            _mm256_set1_epi16,
            _mm256_cmpgt_epi16,
            _mm256_min_epi16,
            _mm256_add_epi16
        );
        // Lengths are nonnegative: unsigned minima are signed minima.
        let half = _mm_min_epu16(
            _mm256_castsi256_si128(least),
            _mm256_extracti128_si256::<1>(least),
        );
        let min = _mm_extract_epi16::<0>(_mm_minpos_epu16(half)) as i16;
        // Lanes without the minimum offer position 0xFFFF.
        let holds = _mm256_cmpeq_epi16(least, _mm256_set1_epi16(min));
        let offered = _mm256_or_si256(first, _mm256_andnot_si256(holds, _mm256_set1_epi16(-1)));
        let half = _mm_min_epu16(
            _mm256_castsi256_si128(offered),
            _mm256_extracti128_si256::<1>(offered),
        );
        let at = _mm_extract_epi16::<0>(_mm_minpos_epu16(half)) as usize;
        (at, min)
    }
}

/// [`least_i16_avx2`] for the 32-bit lengths of the 16-byte arena: eight
/// lanes.
///
/// # Safety
///
/// The CPU must have AVX2, and `8 <= lens.len() < 2^31`; every length is
/// nonnegative.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn least_i32_avx2(lens: &[i32]) -> (usize, i32) {
    use std::arch::x86_64::*;
    /// The least of eight lanes.
    #[inline(always)]
    unsafe fn fold(v: __m256i) -> i32 {
        // SAFETY: called from `least_i32_avx2`, with AVX2.
        unsafe {
            let h = _mm_min_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
            let h = _mm_min_epi32(h, _mm_shuffle_epi32::<0b01_00_11_10>(h));
            let h = _mm_min_epi32(h, _mm_shuffle_epi32::<0b10_11_00_01>(h));
            _mm_cvtsi128_si32(h)
        }
    }
    let n = lens.len();
    debug_assert!(n >= 8 && i32::try_from(n).is_ok());
    // SAFETY: AVX2 is enabled; every load reads 8 lengths inside `lens`, as
    // in `least_i16_avx2`.
    unsafe {
        let iota = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
        let (least, first) = lane_scan!(
            lens,
            iota,
            i32,
            8,
            _mm256_set1_epi32,
            _mm256_cmpgt_epi32,
            _mm256_min_epi32,
            _mm256_add_epi32
        );
        let min = fold(least);
        // Lanes without the minimum offer the largest position.
        let holds = _mm256_cmpeq_epi32(least, _mm256_set1_epi32(min));
        let offered = _mm256_blendv_epi8(_mm256_set1_epi32(i32::MAX), first, holds);
        (fold(offered) as usize, min)
    }
}

/// Whether this CPU has AVX2, for the branching scan.
fn has_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
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
        assert_eq!(arena.nodes.count(), 1 + 5 + 1 + 13 + 5);
        assert_eq!(arena.len[1], 3);
        assert_eq!(arena.len[4], 3);
        assert_eq!(arena.option_of(arena.option_start[3] as usize + 2), 3);
        assert_eq!(arena.choose(), Some((2, 2)));
    }

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

    /// The leftmost least length, the plain way.
    fn leftmost_least<L: Length>(lens: &[L]) -> (usize, L) {
        let mut best = (0, L::COVERED);
        for (k, &l) in lens.iter().enumerate() {
            if l < best.1 {
                best = (k, l);
            }
        }
        best
    }

    #[test]
    fn vector_scans_find_the_leftmost_least() {
        // Lengths from a small range, so that ties are common, some
        // covered; every size from 16 to 200 (the AVX2 scan's last load
        // overlaps the one before it unless the size is a multiple of 16).
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |m: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % m
        };
        for n in 16..=200 {
            for _ in 0..20 {
                let top = 1 + next(12);
                let lens16: Vec<i16> = (0..n)
                    .map(|_| match next(top + 2) {
                        0 => i16::COVERED + next(5) as i16,
                        v => v as i16 - 1,
                    })
                    .collect();
                let lens32: Vec<i32> = lens16.iter().map(|&l| i32::from(l)).collect();
                let expected = leftmost_least(&lens16);
                assert_eq!(least(&lens16), expected, "{lens16:?}");
                let (at, min) = least(&lens32);
                assert_eq!((at, min as i16), expected);
                #[cfg(target_arch = "x86_64")]
                if has_avx2() {
                    // SAFETY: the CPU has AVX2.
                    assert_eq!(unsafe { i16::least_avx2(&lens16) }, expected, "{lens16:?}");
                    // SAFETY: as above.
                    let (at, min) = unsafe { i32::least_avx2(&lens32) };
                    assert_eq!((at, min as i16), expected);
                }
            }
        }
    }

    #[test]
    fn every_storage_builds_the_same_links() {
        let vec: Arena = Arena::new(&sample());
        let narrow: Arena<Narrow> = Arena::new(&sample());
        for p in 0..vec.nodes.count() {
            assert_eq!(vec.nodes[p], narrow.nodes.get(p));
        }
    }

    /// Checks the blocks against the lengths: the number of active items of
    /// each length and in each block, and the list of the blocks that hold
    /// one, in order both ways.
    fn check_blocks<S: Storage>(arena: &Arena<S, ActiveBlocks>) {
        let blocks = &arena.branching;
        let active = |x: &usize| arena.len[*x] & S::Len::COVERED == S::Len::ZERO;
        let mut by_length = vec![0; blocks.by_length.len()];
        for x in (1..=arena.primary).filter(active) {
            by_length[arena.len[x].to_u32() as usize] += 1;
        }
        assert_eq!(by_length, blocks.by_length);
        let items: Vec<usize> = (1..=arena.primary).collect();
        let counts: Vec<u32> = items
            .chunks(BLOCK)
            .map(|block| block.iter().filter(|x| active(x)).count() as u32)
            .collect();
        assert_eq!(counts, blocks.active);
        let mut listed = vec![0];
        let mut b = blocks.links[0].next as usize;
        while b != 0 {
            listed.push(b);
            b = blocks.links[b].next as usize;
        }
        let expected: Vec<usize> = std::iter::once(0)
            .chain((1..=counts.len()).filter(|&b| counts[b - 1] > 0))
            .collect();
        assert_eq!(listed, expected);
        for pair in listed
            .windows(2)
            .chain([[*listed.last().unwrap(), 0].as_slice()])
        {
            assert_eq!(blocks.links[pair[1]].prev as usize, pair[0]);
        }
    }

    /// Searches the three arenas of one problem side by side, at most
    /// `budget` nodes, checking at every node that the flat scan and the
    /// blocks of both widths choose the same item.
    fn lockstep(
        flat: &mut Arena,
        narrow: &mut Arena<Narrow, ActiveBlocks>,
        wide: &mut Arena<Vec<Node>, ActiveBlocks>,
        budget: &mut u32,
    ) {
        check_blocks(narrow);
        check_blocks(wide);
        let choice = flat.choose();
        assert_eq!(narrow.choose(), choice);
        assert_eq!(wide.choose(), choice);
        let Some((i, _)) = choice else { return };
        if *budget == 0 {
            return;
        }
        *budget -= 1;
        flat.cover(i);
        narrow.cover(i);
        wide.cover(i);
        let mut r = flat.down(i);
        while r != i {
            flat.commit_others(r);
            narrow.commit_others(r);
            wide.commit_others(r);
            lockstep(flat, narrow, wide, budget);
            flat.uncommit_others(r);
            narrow.uncommit_others(r);
            wide.uncommit_others(r);
            r = flat.down(r);
        }
        flat.uncover(i);
        narrow.uncover(i);
        wide.uncover(i);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// At every node of a search the blocks choose the flat scan's item,
        /// and the search leaves them as it found them.
        #[test]
        fn active_blocks_choose_as_the_flat_scan(problem in problems()) {
            let mut flat: Arena = Arena::new(&problem);
            let mut narrow: Arena<Narrow, ActiveBlocks> = Arena::new(&problem);
            let mut wide: Arena<Vec<Node>, ActiveBlocks> = Arena::new(&problem);
            let fresh = wide.branching.clone();
            let mut budget = 3000;
            lockstep(&mut flat, &mut narrow, &mut wide, &mut budget);
            prop_assert_eq!(narrow.updates, flat.updates);
            prop_assert_eq!(wide.updates, flat.updates);
            prop_assert_eq!(&narrow.branching, &fresh);
            prop_assert_eq!(&wide.branching, &fresh);
        }
    }

    #[test]
    fn blocks_leave_the_list_with_their_last_active_item() {
        // 130 items, one option each: blocks of 64, 64 and 2.
        let mut problem = Problem::new(130, 0);
        for i in 0..130usize {
            problem.add_option([i]).unwrap();
        }
        let mut arena: Arena<Vec<Node>, ActiveBlocks> = Arena::new(&problem);
        for i in 1..=64 {
            assert_eq!(arena.choose(), Some((i, 1)));
            arena.cover(i);
        }
        check_blocks(&arena);
        assert_eq!(arena.branching.links[0].next, 2);
        arena.cover(130);
        arena.cover(129);
        check_blocks(&arena);
        assert_eq!(arena.branching.links[0].prev, 2);
        assert_eq!(arena.choose(), Some((65, 1)));
        arena.uncover(129);
        arena.uncover(130);
        for i in (1..=64).rev() {
            arena.uncover(i);
        }
        check_blocks(&arena);
        assert_eq!(arena.branching, ActiveBlocks::new(&arena.len, 130));
    }
}
