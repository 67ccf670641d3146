//! Killer cages as a player reads them: the combinations of digits a
//! cage's sum allows, and the 45 rule.
//!
//! A **cage combination** step takes a killer cage with a sum and lists
//! every way its cells can take distinct digits, each from its cell's
//! candidates, that add up to the sum: a candidate no way uses goes
//! (`cage combinations: r1c1+r1c2 = 3: {1,2} => r1c1<>3`). The same
//! reading serves the sums the houses and cages imply together
//! ([`Layout::derived_sums`](crate::Layout::derived_sums), the 45 rule):
//! the **innies** of a group of houses (its cells outside the cages that
//! lie inside it) and the **outies** (the cells outside it of the cages
//! that cover it), whose digits may repeat where no house holds two of
//! them (`innies: rows 1-3: r3c4+r3c5 = 11: {2,9} {3,8} => r3c4<>1`).
//!
//! Every way is a matching of cells to digits checked against the
//! candidates, so a step is true of every solution; cages are read
//! smallest first, the innies and outies after them.

use std::collections::HashMap;
use std::sync::Mutex;

use super::{cell_name, Logic, Step, Technique};
use crate::constraint::devices::digit_sets;
use crate::constraint::innies::{groups, summed_cages};
use crate::constraint::Constraint;
use crate::encode;
use crate::layout::Layout;

/// The most ways one sum is read in before it is left alone: a sum of
/// many cells and candidates is no step a player takes, and its reading
/// would cost more than every other rule.
const MAX_WAYS: usize = 20_000;

/// The most combinations a step lists; it says how many more there are.
const SHOWN: usize = 8;

/// A sum over cells that every solution keeps: a killer cage, or the
/// innies or outies of a group of houses.
#[derive(Clone, Debug)]
pub(super) struct SumGroup {
    technique: Technique,
    /// The group of houses of innies and outies (`rows 1-3`); empty for a
    /// cage.
    group: String,
    pub(super) cells: Vec<usize>,
    /// The sum of the cells' digits, those of `minus` taken away.
    sum: i32,
    /// The cells (by position) whose digits count negatively: the
    /// outies of an innies-and-outies difference.
    minus: u32,
    /// Per cell of the group, the cells of the group (by position) it
    /// shares a house or the cage with: their digits differ.
    differ: Vec<u32>,
    /// Whether all its digits differ.
    distinct: bool,
    /// For digits that all differ and all count positively, the sets of
    /// as many distinct digits with its sum (bit d for digit d), when
    /// there are not too many: what [`support`] reads.
    sets: Option<Vec<u64>>,
    /// Each house holding some of its cells: which of them (bits of their
    /// positions), and the house's other cells. What [`held_digits`]
    /// reads.
    houses: Vec<(u32, Vec<usize>)>,
    /// Per cell of the group, the cells that share a house with it, as
    /// bits of the grid's cells: what [`sum_removals`] reads.
    peers: Vec<Vec<u64>>,
}

impl SumGroup {
    /// Whether [`ways`] reads the group from its sets of digits, at a cost
    /// that does not grow with its cells' candidates.
    pub(super) fn by_sets(&self) -> bool {
        self.sets.is_some() && self.minus == 0 && self.cells.len() <= MAX_SET_CELLS
    }

    /// The sum as a player writes it: `r1c1+r1c2-r2c5 = 3`.
    pub(super) fn equation(&self, n: usize) -> String {
        let mut text = String::new();
        for sign in [0, 1] {
            for i in (0..self.cells.len()).filter(|&i| self.minus >> i & 1 == sign) {
                if sign == 1 {
                    text.push('-');
                } else if !text.is_empty() {
                    text.push('+');
                }
                text.push_str(&cell_name(n, self.cells[i]));
            }
        }
        format!("{text} = {}", self.sum)
    }
}

/// The most cells of the innies or outies the rule reads: a player adds
/// up a few cells, and a long sum of repeated digits has more ways than
/// it is worth.
const MAX_DERIVED_CELLS: usize = 5;

/// The cells of a killer cage the cage rules read: a cage of one is a
/// given (its cell's single says it).
pub(super) const CAGE_CELLS: std::ops::RangeInclusive<usize> = 2..=32;

/// The sums of `layout` a player reads: its killer cages with a sum of
/// [`CAGE_CELLS`] cells, smallest first, then the innies and outies of its groups of
/// houses of at most [`MAX_DERIVED_CELLS`] cells.
pub(super) fn sum_groups(layout: &Layout) -> Vec<SumGroup> {
    let n = layout.side();
    let index = |cells: &[(usize, usize)]| cells.iter().map(|&(r, c)| r * n + c).collect();
    let mut cages: Vec<SumGroup> = summed_cages(layout)
        .into_iter()
        .filter(|(cells, _)| CAGE_CELLS.contains(&cells.len()))
        .map(|(cells, sum)| {
            let technique = Technique::CageCombinations;
            group(layout, technique, String::new(), cells, sum as i32, true)
        })
        .collect();
    cages.sort_by_key(|g| g.cells.len());
    for derived in layout.derived_sums() {
        let (cells, sum, distinct) = match &derived.constraint {
            Constraint::Cage {
                cells,
                sum: Some(sum),
            } => (cells, *sum, true),
            Constraint::LittleKiller { cells, sum } => (cells, *sum, false),
            _ => continue,
        };
        if cells.len() > MAX_DERIVED_CELLS {
            continue;
        }
        let technique = if derived.outies {
            Technique::Outies
        } else {
            Technique::Innies
        };
        let cells = index(cells);
        cages.push(group(
            layout,
            technique,
            derived.group,
            cells,
            sum as i32,
            distinct,
        ));
    }
    cages.extend(differences(layout));
    cages
}

/// The innies and outies of a group of houses whose cages cross its
/// border, read together. The group's houses sum to the cages inside it,
/// the cells of the group in no cage (`U`), and the cells inside of the
/// cages that cross its border. Each crossing cage is either kept (its
/// cells inside count) or taken away (its sum less its cells outside
/// stands for them): the cells kept and `U` added, the cells outside of
/// the cages taken away subtracted, make the houses' sum less the sums
/// of the cages inside and of those taken away. Kept when both sides
/// have cells and there are at most [`MAX_DERIVED_CELLS`] in all.
fn differences(layout: &Layout) -> Vec<SumGroup> {
    /// The most cages crossing a group's border that are tried each way.
    const MAX_CROSSING: usize = 10;
    let n = layout.side();
    let cages = summed_cages(layout);
    let house_sum = (n * (n + 1) / 2) as i64;
    let mut seen = std::collections::HashSet::new();
    let mut found = Vec::new();
    for houses_group in groups(layout) {
        let (name, houses) = (houses_group.name(), houses_group.houses);
        let mut inside = vec![false; n * n];
        houses_group.cells.iter().for_each(|&c| inside[c] = true);
        let mut caged = vec![false; n * n];
        let mut total = house_sum * houses as i64;
        // Each crossing cage: its cells inside, its cells outside, its sum.
        let mut crossing: Vec<(Vec<usize>, Vec<usize>, i64)> = Vec::new();
        for (cells, sum) in &cages {
            let (cells_in, cells_out): (Vec<usize>, Vec<usize>) =
                cells.iter().partition(|&&c| inside[c]);
            if cells_in.is_empty() {
                continue;
            }
            cells.iter().for_each(|&c| caged[c] = true);
            if cells_out.is_empty() {
                total -= i64::from(*sum);
            } else {
                crossing.push((cells_in, cells_out, i64::from(*sum)));
            }
        }
        if crossing.is_empty() || crossing.len() > MAX_CROSSING {
            continue;
        }
        let free: Vec<usize> = (0..n * n).filter(|&c| inside[c] && !caged[c]).collect();
        for taken in 1..(1u32 << crossing.len()) {
            let mut plus = free.clone();
            let mut minus = Vec::new();
            let mut sum = total;
            for (k, (cells_in, cells_out, cage_sum)) in crossing.iter().enumerate() {
                if taken >> k & 1 == 1 {
                    minus.extend_from_slice(cells_out);
                    sum -= cage_sum;
                } else {
                    plus.extend_from_slice(cells_in);
                }
            }
            if plus.is_empty() || plus.len() + minus.len() > MAX_DERIVED_CELLS {
                continue;
            }
            plus.sort_unstable();
            minus.sort_unstable();
            if !seen.insert((plus.clone(), minus.clone())) {
                continue;
            }
            let Ok(sum) = i32::try_from(sum) else {
                continue;
            };
            let signs = ((1u32 << minus.len()) - 1) << plus.len();
            let mut cells = plus;
            cells.extend(minus);
            let technique = Technique::InniesOuties;
            let mut g = group(layout, technique, name.clone(), cells, sum, false);
            g.minus = signs;
            found.push(g);
        }
    }
    found.sort_by_key(|g| g.cells.len());
    found
}

/// A sum group, with which of its cells must differ: all of them in a
/// cage, those that share a house otherwise.
fn group(
    layout: &Layout,
    technique: Technique,
    group: String,
    cells: Vec<usize>,
    sum: i32,
    distinct: bool,
) -> SumGroup {
    let k = cells.len();
    let share = |a: usize, b: usize| {
        layout
            .cell_houses(a)
            .any(|h| layout.cell_houses(b).any(|g| g == h))
    };
    let differ = (0..k)
        .map(|i| {
            (0..k)
                .filter(|&j| j != i && (distinct || share(cells[i], cells[j])))
                .fold(0u32, |m, j| m | 1 << j)
        })
        .collect();
    let sets = distinct
        .then(|| u32::try_from(sum).ok())
        .flatten()
        .and_then(|sum| digit_sets(layout.side(), k, sum));
    let mut touched: Vec<usize> = cells.iter().flat_map(|&c| layout.cell_houses(c)).collect();
    touched.sort_unstable();
    touched.dedup();
    let houses = touched
        .into_iter()
        .map(|h| {
            let (mut places, mut others) = (0u32, Vec::new());
            for cell in (0..layout.side()).map(|j| layout.house_cell(h, j)) {
                match cells.iter().position(|&c| c == cell) {
                    Some(i) => places |= 1 << i,
                    None => others.push(cell),
                }
            }
            (places, others)
        })
        .collect();
    let n = layout.side();
    let peers = cells
        .iter()
        .map(|&c| {
            let mut bits = vec![0u64; (n * n).div_ceil(64)];
            for h in layout.cell_houses(c) {
                for cell in (0..n).map(|j| layout.house_cell(h, j)) {
                    bits[cell / 64] |= 1 << (cell % 64);
                }
            }
            bits
        })
        .collect();
    SumGroup {
        technique,
        group,
        cells,
        sum,
        minus: 0,
        differ,
        distinct,
        sets,
        houses,
        peers,
    }
}

/// The ways of one sum group: per cell, the digits some way gives it, and
/// the combinations (digits sorted) of the ways.
#[derive(Clone, Debug)]
pub(super) struct Ways {
    pub(super) support: Vec<u64>,
    combinations: Vec<Vec<u8>>,
    pub(super) count: usize,
    /// The digits every way holds (all digits when there is none).
    pub(super) required: u64,
}

/// The most sum readings a [`WaysMemo`] keeps: past it, they are
/// forgotten.
const MAX_REMEMBERED: usize = 1 << 16;

/// The ways of sum groups read so far, without their combinations, by
/// group, candidates and held digits: the steps of one path, and the
/// chains within a step, read the same sums in the same states again and
/// again.
#[derive(Debug, Default)]
pub(super) struct WaysMemo {
    read: Mutex<HashMap<Vec<u64>, Option<Ways>>>,
}

impl WaysMemo {
    /// [`ways`] of sum group `g` (`group`) without the combinations, as
    /// read before if it was.
    pub(super) fn ways(
        &self,
        g: usize,
        group: &SumGroup,
        masks: &[u64],
        held: &[(u64, u32)],
        limit: usize,
    ) -> Option<Ways> {
        let mut key = Vec::with_capacity(1 + masks.len() + 2 * held.len());
        key.push(g as u64);
        key.extend_from_slice(masks);
        key.extend(
            held.iter()
                .flat_map(|&(digits, places)| [digits, u64::from(places)]),
        );
        if let Some(known) = self
            .read
            .lock()
            .ok()
            .and_then(|read| read.get(&key).cloned())
        {
            return known;
        }
        let found = ways(group, masks, held, limit, false);
        if let Ok(mut read) = self.read.lock() {
            if read.len() >= MAX_REMEMBERED {
                read.clear();
            }
            read.insert(key, found.clone());
        }
        found
    }
}

impl Logic {
    /// The first sum group (cages smallest first, then innies and
    /// outies) whose ways leave out a candidate of one of its cells.
    pub(super) fn cage_step(&self) -> Option<Step> {
        self.shape
            .sums
            .iter()
            .enumerate()
            .find_map(|(g, group)| self.sum_step(g, group))
    }

    fn sum_step(&self, g: usize, group: &SumGroup) -> Option<Step> {
        let masks: Vec<u64> = group.cells.iter().map(|&c| self.cell_mask(c)).collect();
        let held = held_digits(group, &masks, |cell| self.cell_mask(cell));
        // A first reading without the combinations, which stops early,
        // tells whether the group has a step; only then are they listed.
        let quick = self
            .shape
            .sum_ways
            .ways(g, group, &masks, &held, MAX_WAYS)?;
        let removed = self.sum_removals(group, &masks, &quick);
        if removed.is_empty() {
            return None;
        }
        let ways = ways(group, &masks, &held, MAX_WAYS, true)?;
        let n = self.n;
        let mut base = Vec::new();
        if !group.group.is_empty() {
            base.push(format!("{}:", group.group));
        }
        base.push(format!("{}:", group.equation(n)));
        let plus = (0..group.cells.len())
            .filter(|&i| group.minus >> i & 1 == 0)
            .count();
        for combination in ways.combinations.iter().take(SHOWN) {
            let digits = |part: &[u8]| {
                let text: Vec<String> = part.iter().map(u8::to_string).collect();
                format!("{{{}}}", text.join(","))
            };
            let (plus, minus) = combination.split_at(plus);
            if minus.is_empty() {
                base.push(digits(plus));
            } else {
                base.push(format!("{}-{}", digits(plus), digits(minus)));
            }
        }
        if ways.combinations.len() > SHOWN {
            base.push(format!("(+{} more)", ways.combinations.len() - SHOWN));
        }
        if ways.count == 0 {
            base.push("no way".to_string());
        }
        Some(self.step(group.technique, base, Vec::new(), Vec::new(), removed))
    }
}

impl Logic {
    /// The candidates of `group` and of the cells that see it that its
    /// ways (read from `masks`) rule out, as options.
    fn sum_removals(&self, group: &SumGroup, masks: &[u64], ways: &Ways) -> Vec<u32> {
        let n = self.n;
        let option = |cell: usize, digit: u8| encode::option(n, cell, digit).index();
        let live = |cell: usize, digit: u8| self.is_live(option(cell, digit));
        sum_removals(&self.shape.layout, group, masks, ways, live)
            .into_iter()
            .map(|(cell, digit)| option(cell, digit) as u32)
            .collect()
    }
}

/// The candidates, as (cell, digit), that the ways of `group` (read from
/// its cells' `masks`) rule out: those of its cells no way gives them,
/// and a digit every way of distinct digits holds, in every cell outside
/// the group that sees (shares a house with) each cell of the group that
/// may take it (where those share a house, the rest of that house).
/// `candidate` tells whether a cell outside the group may take a digit.
pub(super) fn sum_removals(
    layout: &Layout,
    group: &SumGroup,
    masks: &[u64],
    ways: &Ways,
    candidate: impl Fn(usize, u8) -> bool,
) -> Vec<(usize, u8)> {
    // The digits of a mask, lowest first.
    let digits = |mut mask: u64| {
        std::iter::from_fn(move || {
            let digit = mask.trailing_zeros() as u8;
            mask &= mask.wrapping_sub(1);
            (digit < 64).then_some(digit)
        })
    };
    let mut removed = Vec::new();
    for (i, &cell) in group.cells.iter().enumerate() {
        let gone = masks[i] & !ways.support[i] & !1;
        removed.extend(digits(gone).map(|d| (cell, d)));
    }
    if !group.distinct || ways.count == 0 {
        return removed;
    }
    let n = layout.side();
    let mut seen = Vec::new();
    for digit in digits(ways.required & !1) {
        let mut holders = (0..group.cells.len()).filter(|&i| ways.support[i] >> digit & 1 == 1);
        let Some(first) = holders.next() else {
            continue;
        };
        // The cells that see every holder: their houses' cells.
        seen.clone_from(&group.peers[first]);
        for i in holders {
            for (bits, peers) in seen.iter_mut().zip(&group.peers[i]) {
                *bits &= peers;
            }
        }
        for h in layout.cell_houses(group.cells[first]) {
            for cell in (0..n).map(|k| layout.house_cell(h, k)) {
                if seen[cell / 64] >> (cell % 64) & 1 == 1
                    && !group.cells.contains(&cell)
                    && candidate(cell, digit)
                    && !removed.contains(&(cell, digit))
                {
                    removed.push((cell, digit));
                }
            }
        }
    }
    removed
}

/// The digits `group` must hold, its cells' candidates `masks` and every
/// cell's read by `mask`: per house, those whose every place in the
/// house is a cell of the group, with the group's cells (as bits of
/// their positions) in that house, one of which holds each of them.
pub(super) fn held_digits(
    group: &SumGroup,
    masks: &[u64],
    mask: impl Fn(usize) -> u64,
) -> Vec<(u64, u32)> {
    group
        .houses
        .iter()
        .filter_map(|(places, others)| {
            let inside = (0..masks.len())
                .filter(|&i| places >> i & 1 == 1)
                .fold(0u64, |m, i| m | masks[i]);
            let outside = others.iter().fold(0u64, |m, &c| m | mask(c));
            let digits = inside & !outside;
            (digits != 0).then_some((digits, *places))
        })
        .collect()
}

/// The most cells whose assignments [`support`] tracks (2^k subsets).
const MAX_SET_CELLS: usize = 10;

/// What [`ways`] finds without its combinations, read from the sets of
/// digits of a group whose digits all differ and count positively: for
/// each set that holds the group's held digits, which cell may take
/// which of its digits in an assignment of each cell to one of them, by
/// the assignments of the cells before a cell and after it (a subset of
/// the set each). `count` is the number of sets with an assignment.
/// `masks` have the held digits out of the cells outside their house.
fn support(group: &SumGroup, sets: &[u64], masks: &[u64], held_all: u64) -> Ways {
    let k = group.cells.len();
    let union = masks.iter().fold(0u64, |u, &m| u | m);
    let full = (1usize << k) - 1;
    let mut ways = Ways {
        support: vec![0; k],
        combinations: Vec::new(),
        count: 0,
        required: u64::MAX,
    };
    // before[i] holds u (bit u of a bit set) when the cells before i can
    // take the digits u (of the set, by their rank in it); after[i] when
    // the cells from i on can.
    type Subsets = [u64; (1 << MAX_SET_CELLS) / 64];
    let mut before = [[0u64; (1 << MAX_SET_CELLS) / 64]; MAX_SET_CELLS + 1];
    let mut after = before;
    let has = |level: &Subsets, u: usize| level[u / 64] >> (u % 64) & 1 == 1;
    let put = |level: &mut Subsets, u: usize| level[u / 64] |= 1 << (u % 64);
    // Every u of `from`, each with every free rank of `ranks` added, into
    // `to`.
    let spread = |from: &Subsets, to: &mut Subsets, ranks: usize| {
        for (w, &word) in from.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let u = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let mut free = ranks & !u;
                while free != 0 {
                    put(to, u | free & free.wrapping_neg());
                    free &= free - 1;
                }
            }
        }
    };
    let mut digits = [0u8; 64];
    for &set in sets {
        if set & !union != 0 || set & held_all != held_all {
            continue;
        }
        for (rank, d) in (1..64u8).filter(|&d| set >> d & 1 == 1).enumerate() {
            digits[rank] = d;
        }
        // Each cell's candidates as ranks in the set.
        let mut ranks = [0usize; MAX_SET_CELLS];
        for (i, &m) in masks.iter().enumerate() {
            ranks[i] = (0..k)
                .filter(|&j| m >> digits[j] & 1 == 1)
                .fold(0, |r, j| r | 1 << j);
        }
        if ranks[..k].contains(&0) {
            continue;
        }
        before[..=k].iter_mut().for_each(|level| level.fill(0));
        put(&mut before[0], 0);
        for i in 0..k {
            let (done, next) = before.split_at_mut(i + 1);
            spread(&done[i], &mut next[0], ranks[i]);
        }
        if !has(&before[k], full) {
            continue;
        }
        after[..=k].iter_mut().for_each(|level| level.fill(0));
        put(&mut after[k], 0);
        for i in (0..k).rev() {
            let (head, tail) = after.split_at_mut(i + 1);
            spread(&tail[0], &mut head[i], ranks[i]);
        }
        ways.count += 1;
        ways.required &= set;
        for i in 0..k {
            for (w, &word) in before[i].iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let u = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let mut free = ranks[i] & !u;
                    while free != 0 {
                        let j = free.trailing_zeros() as usize;
                        free &= free - 1;
                        if has(&after[i + 1], full & !u & !(1 << j)) {
                            ways.support[i] |= 1 << digits[j];
                        }
                    }
                }
            }
        }
    }
    ways
}

/// Every way the group's cells take digits from `masks` (bit `d` for
/// digit `d`) that add up to its sum, differing where they must and
/// holding each digit of `held` in one of the cells it names, with their
/// combinations when `list` says so; `None` when there are more than
/// `limit`. Without `list`,
/// the reading stops once more ways would change neither the support
/// nor the digits every way holds: `count` is then a lower bound.
pub(super) fn ways(
    group: &SumGroup,
    masks: &[u64],
    held: &[(u64, u32)],
    limit: usize,
    list: bool,
) -> Option<Ways> {
    let k = group.cells.len();
    let held_all = held.iter().fold(0u64, |all, &(digits, _)| all | digits);
    // Digits that differ hold a digit held in a house in that house's
    // cells alone.
    let mut masks = masks.to_vec();
    if group.distinct {
        for &(digits, places) in held {
            for (i, mask) in masks.iter_mut().enumerate() {
                if places >> i & 1 == 0 {
                    *mask &= !digits;
                }
            }
        }
    }
    if !list && group.by_sets() {
        let sets = group.sets.as_deref().unwrap_or_default();
        return Some(support(group, sets, &masks, held_all));
    }
    let holds = |digits: &[u8]| {
        held.iter().all(|&(wanted, places)| {
            (1..64u8)
                .filter(|&d| wanted >> d & 1 == 1)
                .all(|d| (0..k).any(|q| places >> q & 1 == 1 && digits[q] == d))
        })
    };
    // Cells with the fewest candidates first.
    let mut order: Vec<usize> = (0..k).collect();
    order.sort_by_key(|&i| masks[i].count_ones());
    // The sign of each cell's digit in the sum.
    let sign = |i: usize| if group.minus >> i & 1 == 1 { -1 } else { 1 };
    // The least and the most the cells from each position on can add.
    let low = |m: u64| m.trailing_zeros() as i32;
    let high = |m: u64| 63 - m.leading_zeros() as i32;
    let mut least = vec![0i32; k + 1];
    let mut most = vec![0i32; k + 1];
    for p in (0..k).rev() {
        let m = masks[order[p]];
        if m == 0 {
            return Some(Ways {
                support: vec![0; k],
                combinations: Vec::new(),
                count: 0,
                required: u64::MAX,
            });
        }
        let (lo, hi) = if sign(order[p]) > 0 {
            (low(m), high(m))
        } else {
            (-high(m), -low(m))
        };
        least[p] = least[p + 1] + lo;
        most[p] = most[p + 1] + hi;
    }
    let mut ways = Ways {
        support: vec![0; k],
        combinations: Vec::new(),
        count: 0,
        required: u64::MAX,
    };
    let mut digits = vec![0u8; k];
    let mut seen = std::collections::HashSet::new();
    let mut stack: Vec<(usize, u64)> = vec![(0, masks[order[0]])];
    let mut total = 0i32;
    // Depth-first over the positions of `order`: each entry holds the
    // digits still to try at its position.
    while let Some(&mut (p, ref mut left)) = stack.last_mut() {
        if *left == 0 {
            stack.pop();
            if let Some(&(q, _)) = stack.last() {
                total -= sign(order[q]) * i32::from(digits[order[q]]);
            }
            continue;
        }
        let d = left.trailing_zeros() as u8;
        *left &= *left - 1;
        let i = order[p];
        let after = total + sign(i) * i32::from(d);
        if after + least[p + 1] > group.sum || after + most[p + 1] < group.sum {
            continue;
        }
        digits[i] = d;
        if p + 1 == k {
            if !holds(&digits) {
                continue;
            }
            let digits_in = digits.iter().fold(0u64, |m, &d| m | 1 << d);
            ways.count += 1;
            if ways.count > limit {
                return None;
            }
            ways.required &= digits_in;
            for (q, &digit) in digits.iter().enumerate() {
                ways.support[q] |= 1 << digit;
            }
            if !list {
                // Once every candidate has a way and no digit beyond
                // those held is in all of them, more ways change nothing.
                if ways.required & !held_all == 0 && (0..k).all(|q| ways.support[q] == masks[q]) {
                    break;
                }
                continue;
            }
            // The digits added, sorted, then those taken away, sorted.
            let mut combination: Vec<u8> = (0..k)
                .filter(|&q| group.minus >> q & 1 == 0)
                .map(|q| digits[q])
                .collect();
            combination.sort_unstable();
            let mut taken: Vec<u8> = (0..k)
                .filter(|&q| group.minus >> q & 1 == 1)
                .map(|q| digits[q])
                .collect();
            taken.sort_unstable();
            combination.extend(taken);
            if seen.insert(combination.clone()) {
                ways.combinations.push(combination);
            }
            continue;
        }
        total = after;
        // The next cell's candidates, less the digits of the cells
        // before it that it must differ from.
        let next = order[p + 1];
        let taken = (0..=p)
            .filter(|&q| group.differ[next] >> order[q] & 1 == 1)
            .fold(0u64, |m, q| m | 1 << digits[order[q]]);
        stack.push((p + 1, masks[next] & !taken));
    }
    ways.combinations.sort();
    Some(ways)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A cage of `k` cells of row 1 (and of row 2 past 9 cells).
    fn cage(k: usize, sum: i32) -> SumGroup {
        let layout = Layout::default();
        let cells = (0..k).collect();
        group(
            &layout,
            Technique::CageCombinations,
            String::new(),
            cells,
            sum,
            true,
        )
    }

    proptest! {
        /// The reading from sets of digits finds what the enumeration of
        /// every way finds: the support of each cell, the digits every
        /// way holds, and whether there is a way.
        #[test]
        fn sets_read_as_the_ways_do(
            k in 2usize..=6,
            sum in 3i32..=39,
            masks in proptest::collection::vec(1u64..1 << 9, 6),
            held in proptest::option::of((1u64..1 << 9, 1u32..1 << 6)),
        ) {
            let group = cage(k, sum);
            let masks: Vec<u64> = masks[..k].iter().map(|m| m << 1).collect();
            let held: Vec<(u64, u32)> = held
                .map(|(digits, places)| (digits << 1 & masks.iter().fold(0, |u, m| u | m), places & ((1 << k) - 1)))
                .filter(|&(digits, places)| digits != 0 && places != 0)
                .into_iter()
                .collect();
            prop_assume!(group.by_sets());
            let every = ways(&group, &masks, &held, usize::MAX, true).unwrap();
            let quick = ways(&group, &masks, &held, usize::MAX, false).unwrap();
            prop_assert_eq!(every.count == 0, quick.count == 0);
            prop_assert_eq!(&every.support, &quick.support);
            if every.count > 0 {
                prop_assert_eq!(every.required, quick.required);
            }
        }
    }
}
