//! Finding the branching item: the active primary item of the fewest
//! options, leftmost on ties.
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
//! otherwise). Against a scan in two passes (the minimum, then its first
//! position), which mispredicts the end of its search, it gives 58.8k
//! 17-clue sudoku per second instead of 53.2k, and a hard sudoku in 0.28
//! of the DLX1 port's time instead of 0.31 (one interleaved run). What the
//! scan costs looks like waiting rather than work: lengths of 8 bits,
//! which would halve the vector work, measured no faster on sudoku, and
//! the profile puts the scan's
//! samples on the instructions that consume its loads. Those loads overlap
//! the 16-bit length stores of the commit just before, which cannot be
//! forwarded to a wider load, so each waits for the stores to reach the
//! cache.
//!
//! From 1,536 primary items, [`ActiveBlocks`] make the choice cost grow with
//! the active items instead. A scan of every item at every node is
//! quadratic when the search covers a few items per level: for a million
//! items with one option each (`dlx cover --limit 1`) it takes 81 s to
//! the one solution, the blocks 0.02 s of search. The primary items are cut
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

use std::fmt;
use std::ops::{AddAssign, BitAnd, SubAssign};

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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
/// items) takes 0.75 of the DLX1 port's time with them in the 8-byte arena
/// and 0.82 with the loop, and 191 ms against 207 ms in the 16-byte one,
/// in interleaved runs.
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
mod tests {
    use proptest::prelude::*;

    use super::super::tests::problems;
    use super::super::{Arena, Narrow, Node, Storage};
    use super::*;
    use crate::problem::Problem;

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
