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

use super::{cell_name, Logic, Step, Technique};
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
    cells: Vec<usize>,
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
}

/// The most cells of the innies or outies the rule reads: a player adds
/// up a few cells, and a long sum of repeated digits has more ways than
/// it is worth.
const MAX_DERIVED_CELLS: usize = 5;

/// The sums of `layout` a player reads: its killer cages with a sum of
/// two cells or more (a cage of one is a given: its cell's single says
/// it), smallest first, then the innies and outies of its groups of
/// houses of at most [`MAX_DERIVED_CELLS`] cells.
pub(super) fn sum_groups(layout: &Layout) -> Vec<SumGroup> {
    let n = layout.side();
    let index = |cells: &[(usize, usize)]| cells.iter().map(|&(r, c)| r * n + c).collect();
    let mut cages: Vec<SumGroup> = summed_cages(layout)
        .into_iter()
        .filter(|(cells, _)| (2..=32).contains(&cells.len()))
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
    for (name, inside, houses) in groups(layout) {
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
    SumGroup {
        technique,
        group,
        cells,
        sum,
        minus: 0,
        differ,
        distinct,
    }
}

/// The ways of one sum group: per cell, the digits some way gives it, and
/// the combinations (digits sorted) of the ways.
struct Ways {
    support: Vec<u64>,
    combinations: Vec<Vec<u8>>,
    count: usize,
}

impl Logic {
    /// The first sum group (cages smallest first, then innies and
    /// outies) whose ways leave out a candidate of one of its cells.
    pub(super) fn cage_step(&self) -> Option<Step> {
        self.shape
            .sums
            .iter()
            .find_map(|group| self.sum_step(group))
    }

    fn sum_step(&self, group: &SumGroup) -> Option<Step> {
        let masks: Vec<u64> = group.cells.iter().map(|&c| self.cell_mask(c)).collect();
        let ways = ways(group, &masks, self.held_digits(group))?;
        let n = self.n;
        let mut removed = Vec::new();
        for (i, &cell) in group.cells.iter().enumerate() {
            let gone = masks[i] & !ways.support[i];
            for digit in (1..=n as u8).filter(|&d| gone >> d & 1 == 1) {
                removed.push(encode::option(n, cell, digit).index() as u32);
            }
        }
        // A digit every combination of distinct digits holds is in the
        // group: it leaves every cell that sees (shares a house with)
        // each cell of the group that may take it; where those share a
        // house, the rest of that house.
        let required = if group.distinct && ways.count > 0 {
            ways.combinations
                .iter()
                .map(|c| c.iter().fold(0u64, |m, &d| m | 1 << d))
                .fold(u64::MAX, |a, b| a & b)
        } else {
            0
        };
        for digit in (1..=n as u8).filter(|&d| required >> d & 1 == 1) {
            let holders: Vec<usize> = (0..group.cells.len())
                .filter(|&i| ways.support[i] >> digit & 1 == 1)
                .map(|i| group.cells[i])
                .collect();
            let Some((&first, rest)) = holders.split_first() else {
                continue;
            };
            let layout = &self.shape.layout;
            let sees = |a: usize, b: usize| {
                layout
                    .cell_houses(a)
                    .any(|h| layout.cell_houses(b).any(|g| g == h))
            };
            for h in layout.cell_houses(first) {
                for cell in (0..n).map(|k| layout.house_cell(h, k)) {
                    let option = encode::option(n, cell, digit).index() as u32;
                    if !group.cells.contains(&cell)
                        && self.is_live(option as usize)
                        && !removed.contains(&option)
                        && rest.iter().all(|&c| sees(cell, c))
                    {
                        removed.push(option);
                    }
                }
            }
        }
        if removed.is_empty() {
            return None;
        }
        let cells: Vec<String> = group.cells.iter().map(|&c| cell_name(n, c)).collect();
        let mut base = Vec::new();
        if !group.group.is_empty() {
            base.push(format!("{}:", group.group));
        }
        let plus: Vec<&str> = (0..cells.len())
            .filter(|&i| group.minus >> i & 1 == 0)
            .map(|i| cells[i].as_str())
            .collect();
        let minus: Vec<&str> = (0..cells.len())
            .filter(|&i| group.minus >> i & 1 == 1)
            .map(|i| cells[i].as_str())
            .collect();
        let mut terms = plus.join("+");
        for cell in &minus {
            terms.push('-');
            terms.push_str(cell);
        }
        base.push(format!("{terms} = {}:", group.sum));
        for combination in ways.combinations.iter().take(SHOWN) {
            let digits = |part: &[u8]| {
                let text: Vec<String> = part.iter().map(u8::to_string).collect();
                format!("{{{}}}", text.join(","))
            };
            let (plus, minus) = combination.split_at(plus.len());
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
    /// The digits the group must hold: those of a house whose every
    /// place in the house is a cell of the group.
    fn held_digits(&self, group: &SumGroup) -> u64 {
        let layout = &self.shape.layout;
        let mut houses: Vec<usize> = group
            .cells
            .iter()
            .flat_map(|&c| layout.cell_houses(c))
            .collect();
        houses.sort_unstable();
        houses.dedup();
        let mut held = 0u64;
        for h in houses {
            let (mut inside, mut outside) = (0u64, 0u64);
            for cell in (0..self.n).map(|k| layout.house_cell(h, k)) {
                let mask = self.cell_mask(cell);
                if group.cells.contains(&cell) {
                    inside |= mask;
                } else {
                    outside |= mask;
                }
            }
            held |= inside & !outside;
        }
        held
    }
}

/// Every way the group's cells take digits from `masks` (bit `d` for
/// digit `d`) that add up to its sum, differing where they must and
/// holding every digit of `held`; `None` when there are more than
/// [`MAX_WAYS`].
fn ways(group: &SumGroup, masks: &[u64], held: u64) -> Option<Ways> {
    let k = group.cells.len();
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
        let clash = (0..p).any(|q| group.differ[i] >> order[q] & 1 == 1 && digits[order[q]] == d);
        let after = total + sign(i) * i32::from(d);
        if clash || after + least[p + 1] > group.sum || after + most[p + 1] < group.sum {
            continue;
        }
        digits[i] = d;
        if p + 1 == k {
            let digits_in = digits.iter().fold(0u64, |m, &d| m | 1 << d);
            if digits_in & held != held {
                continue;
            }
            ways.count += 1;
            if ways.count > MAX_WAYS {
                return None;
            }
            for (q, &digit) in digits.iter().enumerate() {
                ways.support[q] |= 1 << digit;
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
        stack.push((p + 1, masks[order[p + 1]]));
    }
    ways.combinations.sort();
    Some(ways)
}
