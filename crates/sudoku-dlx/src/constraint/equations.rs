//! Set equivalence: the sums with signs that rows, columns and killer
//! cages imply together, as constraints for the propagation only.
//!
//! A set of rows holds each digit once per row, and so does a set of
//! columns: the cells of the rows outside the columns hold the same
//! digits (and so the same sum) as the cells of the columns outside the
//! rows when there are as many of each, and the sums differ by a house's
//! for each row or column more. Cages with a sum then stand in for their
//! cells: a cage whose cells lie mostly on one side is taken out whole,
//! and its other cells change sides. What is left is an equation: the
//! cells of one side less those of the other sum to a number, the innies
//! and outies of killer players over any rows and columns.
//!
//! Its propagation reads bounds, counting the cells of a side that one
//! house holds as distinct digits: three cells of one column sum to 24 at
//! most, not 27. That is what settles "Solver needs SET" (a Latin square
//! of 3-cell cages, no givens) at the root: nine cells of three rows less
//! nine of three other rows sum to 54, the most the one side can and the
//! least the other can take, so each of the first is 7, 8 or 9 and each
//! of the others 1, 2 or 3. The search took more than 190 s on it without
//! them, 8 ms with them.
//!
//! Only Latin squares (regions that are rows or columns) get equations:
//! with boxes, the 45 rule of boxes and of runs of rows ([`innies`])
//! says most of it, and on tarek's killers the equations of rows and
//! columns saved at most a tenth of the nodes for two to three times the
//! time (tarek-39: 0.99 s to 3.2 s with two rows and two columns). They
//! are the ones that narrow a cell on an empty grid, from at most three
//! rows and three columns.
//!
//! On any layout, the 45 rule's groups of houses give equations too:
//! the cages more than half inside a group taken out whole, the group's
//! cells left (innies) less the cages' cells outside it (outies) sum to
//! a number ([`innies_less_outies`]). The search of killers propagates
//! them: they took the median nodes of tarek's killers from 700 to 400.
//!
//! [`innies`]: super::innies

use std::collections::HashSet;
use std::fmt;

use dlx::Contradiction;

use super::domains::Domains;
use super::innies::{summed_cages, DerivedSum};
use super::Cell;
use crate::layout::Layout;

/// The most rows (and the most columns) an equation is made of.
const MAX_LINES: usize = 3;

/// A sum with signs that the rows, columns and killer cages of a Latin
/// square imply together (set equivalence), as [`Layout::equations`]
/// finds it: the cells of `plus` less those of `minus` sum to `sum`.
///
/// `Display` writes it after the rows and columns it comes from:
/// `rows 1, 6, 7 less columns 3, 4, 9: r3c2+r3c5+...-r2c1-... = 54`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Equation {
    /// The group of houses whose innies less outies the equation is
    /// (`rows 1-3`, `box 5`), when it comes from one (the 45 rule's
    /// groups, with the cages more than half inside taken out whole);
    /// else the rows and columns say.
    pub group: Option<String>,
    /// The rows whose cells count, from 0.
    pub rows: Vec<usize>,
    /// The columns whose cells are taken away, from 0.
    pub columns: Vec<usize>,
    /// The cells added, row by row.
    pub plus: Vec<Cell>,
    /// The cells taken away, row by row.
    pub minus: Vec<Cell>,
    /// What the cells of `plus` less those of `minus` sum to.
    pub sum: i64,
    /// `plus` and `minus` in groups of distinct digits (one house holds
    /// each group), as the propagation reads them.
    groups: [Vec<Vec<Cell>>; 2],
}

impl fmt::Display for Equation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines = |name: &str, lines: &[usize]| {
            let numbers: Vec<String> = lines.iter().map(|k| (k + 1).to_string()).collect();
            match numbers.len() {
                1 => format!("{name} {}", numbers[0]),
                _ => format!("{name}s {}", numbers.join(", ")),
            }
        };
        match (self.rows.is_empty(), self.columns.is_empty()) {
            _ if self.group.is_some() => write!(
                f,
                "innies less outies of {}: ",
                self.group.as_deref().unwrap_or("")
            )?,
            (false, false) => write!(
                f,
                "{} less {}: ",
                lines("row", &self.rows),
                lines("column", &self.columns)
            )?,
            (false, true) => write!(f, "{}: ", lines("row", &self.rows))?,
            _ => write!(f, "{}: ", lines("column", &self.columns))?,
        }
        for (k, &(r, c)) in self.plus.iter().enumerate() {
            let sign = if k == 0 { "" } else { "+" };
            write!(f, "{sign}r{}c{}", r + 1, c + 1)?;
        }
        for &(r, c) in &self.minus {
            write!(f, "-r{}c{}", r + 1, c + 1)?;
        }
        write!(f, " = {}", self.sum)
    }
}

impl Equation {
    /// Every cell, `plus` first.
    pub(crate) fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        self.plus.iter().chain(&self.minus).copied()
    }

    /// Narrows the cells to the digits that leave the equation able to
    /// hold, each group's least and greatest sum read as distinct digits.
    ///
    /// # Errors
    ///
    /// [`Contradiction`] when it cannot hold, or a cell is left no digit.
    pub(crate) fn propagate(&self, d: &mut Domains) -> Result<(), Contradiction> {
        let [plus, minus] = &self.groups;
        let n = d.side() as i64;
        // The least and greatest the left side can sum to, and each
        // group's, plus groups first.
        let (mut low, mut high) = (0i64, 0i64);
        let mut spans = [(0i64, 0i64); 2 * MAX_GROUPS];
        let sides = [(plus, 1i64), (minus, -1)];
        let mut g = 0;
        for &(groups, sign) in &sides {
            for group in groups.iter() {
                let (lo, hi) = group_bounds(group.iter().map(|&c| d.get(c)))?;
                if sign > 0 {
                    low += lo;
                    high += hi;
                } else {
                    low -= hi;
                    high -= lo;
                }
                if g < spans.len() {
                    spans[g] = (lo, hi);
                }
                g += 1;
            }
        }
        let c = self.sum;
        if c < low || c > high {
            return Err(Contradiction);
        }
        // A cell moves a group's sum by at most n: with that much slack
        // on both sides no digit goes.
        if high - c >= n && c - low >= n {
            return Ok(());
        }
        let mut g = 0;
        for &(groups, sign) in &sides {
            for group in groups.iter() {
                let (lo, hi) = match spans.get(g) {
                    Some(&span) => span,
                    None => group_bounds(group.iter().map(|&c| d.get(c)))?,
                };
                g += 1;
                // The rest of the equation, this group left out.
                let (rest_low, rest_high) = if sign > 0 {
                    (low - lo, high - hi)
                } else {
                    (low + hi, high + lo)
                };
                // The group sums to sign * (c - rest).
                let (sum_low, sum_high) = if sign > 0 {
                    (c - rest_high, c - rest_low)
                } else {
                    (rest_low - c, rest_high - c)
                };
                if sum_low <= lo && sum_high >= hi {
                    continue;
                }
                narrow_group(d, group, sum_low, sum_high)?;
            }
        }
        Ok(())
    }
}

/// The most cells of a group of an equation: a house's, on the grids
/// that have equations (at most 128 cells).
const GROUP_CELLS: usize = 11;

/// The most groups of an equation whose bounds are kept while it
/// propagates (more are read again).
const MAX_GROUPS: usize = 16;

/// Narrows each cell of `group` (distinct digits) to the digits that let
/// the group sum to between `sum_low` and `sum_high`: the cell's digit
/// is the sum less what the other cells can take, read as distinct
/// digits of their union and within their own least and greatest.
fn narrow_group(
    d: &mut Domains,
    group: &[Cell],
    sum_low: i64,
    sum_high: i64,
) -> Result<(), Contradiction> {
    let k = group.len();
    let mut small = [0u64; GROUP_CELLS];
    // One house holds a group: past a house's cells (no grid of
    // equations has them), the group is left as it is, which is sound.
    let Some(masks) = small.get_mut(..k) else {
        return Ok(());
    };
    let (mut mins, mut maxes) = (0i64, 0i64);
    for (mask, &cell) in masks.iter_mut().zip(group) {
        *mask = d.get(cell);
        if *mask == 0 {
            return Err(Contradiction);
        }
        mins += i64::from(mask.trailing_zeros());
        maxes += i64::from(63 - mask.leading_zeros());
    }
    // after[i]: the union of the masks past i.
    let mut after = [0u64; GROUP_CELLS + 1];
    for i in (0..k).rev() {
        after[i] = after[i + 1] | masks[i];
    }
    let mut before = 0u64;
    let others = k as u32 - 1;
    for (i, &cell) in group.iter().enumerate() {
        let mask = masks[i];
        let union = before | after[i + 1];
        before |= mask;
        if union.count_ones() < others {
            return Err(Contradiction);
        }
        let (own_low, own_high) = (
            i64::from(mask.trailing_zeros()),
            i64::from(63 - mask.leading_zeros()),
        );
        let others_low = lowest(union, others).max(mins - own_low);
        let others_high = highest(union, others).min(maxes - own_high);
        d.bound(cell, sum_low - others_high, sum_high - others_low)?;
    }
    Ok(())
}

/// The sum of the `count` least digits of `mask`.
fn lowest(mut mask: u64, count: u32) -> i64 {
    let mut sum = 0;
    for _ in 0..count {
        sum += i64::from(mask.trailing_zeros());
        mask &= mask - 1;
    }
    sum
}

/// The sum of the `count` greatest digits of `mask`.
fn highest(mut mask: u64, count: u32) -> i64 {
    let mut sum = 0;
    for _ in 0..count {
        let top = 63 - mask.leading_zeros();
        sum += i64::from(top);
        mask &= !(1u64 << top);
    }
    sum
}

/// The least and greatest sum of distinct digits, one from each mask:
/// the smallest (largest) digits of their union, as many as the masks,
/// and no less (more) than each mask's own least (greatest) digits.
fn group_bounds(masks: impl Iterator<Item = u64>) -> Result<(i64, i64), Contradiction> {
    let (mut union, mut count, mut mins, mut maxes) = (0u64, 0u32, 0i64, 0i64);
    for mask in masks {
        if mask == 0 {
            return Err(Contradiction);
        }
        union |= mask;
        count += 1;
        mins += i64::from(mask.trailing_zeros());
        maxes += i64::from(63 - mask.leading_zeros());
    }
    if union.count_ones() < count {
        return Err(Contradiction);
    }
    let (mut low, mut high) = (0i64, 0i64);
    let (mut small, mut large) = (union, union);
    for _ in 0..count {
        low += i64::from(small.trailing_zeros());
        small &= small - 1;
        let top = 63 - large.leading_zeros();
        high += i64::from(top);
        large &= !(1u64 << top);
    }
    Ok((low.max(mins), high.min(maxes)))
}

/// The equations of `layout` (see the module's docs): with `mixed`, the
/// innies less outies of the 45 rule's groups ([`innies_less_outies`]);
/// then on Latin squares of at most 11x11, from every set of at most
/// [`MAX_LINES`] rows and of at most as many columns, with the cages with
/// a sum taken out, those of at most `2n` cells that are no cage or sum
/// the layout or the 45 rule (`derived`) states already and narrow a
/// cell on an empty grid. None without a cage with a sum.
pub(crate) fn equations(layout: &Layout, derived: &[DerivedSum], mixed: bool) -> Vec<Equation> {
    let n = layout.side();
    let cages: Vec<(Vec<usize>, u128, i64)> = summed_cages(layout)
        .into_iter()
        .map(|(cells, sum)| {
            let m = mask(&cells);
            (cells, m, i64::from(sum))
        })
        .collect();
    if cages.is_empty() || n * n > 128 {
        return Vec::new();
    }
    let houses = Houses::new(layout);
    let mut found = if mixed {
        innies_less_outies(layout, &houses, &cages)
    } else {
        Vec::new()
    };
    if houses.latin() {
        found.extend(latin_equations(layout, derived, &houses, &cages));
    }
    found
}

/// The derived sums `sums` as equations (their cells on the plus side),
/// grouped in houses as an equation's cells are: its bounds then read
/// the digits of a house's cells as distinct.
pub(crate) fn of_sums(layout: &Layout, sums: &[DerivedSum]) -> Vec<Equation> {
    let n = layout.side();
    if sums.is_empty() || n * n > 128 {
        return Vec::new();
    }
    let houses = Houses::new(layout);
    sums.iter()
        .map(|derived| {
            let cells: Vec<usize> = derived
                .constraint
                .cells(n)
                .iter()
                .map(|&(r, c)| r * n + c)
                .collect();
            let sum = match derived.constraint {
                super::Constraint::Cage { sum: Some(sum), .. }
                | super::Constraint::LittleKiller { sum, .. } => i64::from(sum),
                _ => 0,
            };
            houses.equation(Some(derived.group.clone()), mask(&cells), 0, sum)
        })
        .collect()
}

/// The most cells of the smaller side of an innies-less-outies equation.
const SMALL_SIDE: u32 = 2;

/// The innies less the outies of each group of houses the 45 rule reads
/// ([`innies::groups`](super::innies::groups)): the cages with a sum
/// more than half inside the group are taken out whole; the group's
/// cells they leave (the innies) less their cells outside it (the
/// outies) sum to the group's houses' sum less the cages'. Kept when
/// both sides have cells (one side alone is a [`DerivedSum`]), one of
/// them at most [`SMALL_SIDE`], and at most `n` cells in all.
fn innies_less_outies(
    layout: &Layout,
    houses: &Houses,
    cages: &[(Vec<usize>, u128, i64)],
) -> Vec<Equation> {
    let n = layout.side();
    let house = (n * (n + 1) / 2) as i64;
    let mut seen = HashSet::new();
    let mut found = Vec::new();
    for houses_group in super::innies::groups(layout) {
        let group = mask(&houses_group.cells);
        let (mut pieces, mut constant) = (0u128, house * houses_group.houses as i64);
        for (cells, cage, sum) in cages {
            if 2 * (cage & group).count_ones() as usize > cells.len() {
                if pieces & cage != 0 {
                    // Cages that share cells: no sum of their cells.
                    constant = i64::MIN;
                    break;
                }
                pieces |= cage;
                constant -= sum;
            }
        }
        let (plus, minus) = (group & !pieces, pieces & !group);
        let (p, q) = (plus.count_ones(), minus.count_ones());
        if constant == i64::MIN
            || p == 0
            || q == 0
            || p.min(q) > SMALL_SIDE
            || (p + q) as usize > n
            || !seen.insert((plus, minus))
        {
            continue;
        }
        found.push(houses.equation(Some(houses_group.name()), plus, minus, constant));
    }
    found
}

/// The equations of rows less columns of a Latin square (see
/// [`equations`]).
fn latin_equations(
    layout: &Layout,
    derived: &[DerivedSum],
    houses: &Houses,
    cages: &[(Vec<usize>, u128, i64)],
) -> Vec<Equation> {
    let n = layout.side();
    let house = (n * (n + 1) / 2) as i64;
    let row = |r: usize| mask(&(0..n).map(|c| r * n + c).collect::<Vec<_>>());
    let col = |c: usize| mask(&(0..n).map(|r| r * n + c).collect::<Vec<_>>());
    // Sets of lines: which, their cells and how many.
    let sets = |line: &dyn Fn(usize) -> u128| -> Vec<(u32, u128, i64)> {
        (0u32..1 << n)
            .filter(|s| s.count_ones() as usize <= MAX_LINES.min(n / 2))
            .map(|s| {
                let cells = (0..n)
                    .filter(|&k| s >> k & 1 == 1)
                    .fold(0, |m, k| m | line(k));
                (s, cells, i64::from(s.count_ones()))
            })
            .collect()
    };
    let numbers = |s: u32| (0..n).filter(|&k| s >> k & 1 == 1).collect::<Vec<_>>();
    let (rows, cols) = (sets(&row), sets(&col));
    let index = |&(r, c): &Cell| r * n + c;
    let mut seen: HashSet<(u128, u128)> = derived
        .iter()
        .map(|d| {
            (
                mask(&d.constraint.cells(n).iter().map(index).collect::<Vec<_>>()),
                0,
            )
        })
        .collect();
    seen.extend(cages.iter().map(|&(_, m, _)| (m, 0)));
    let mut found = Vec::new();
    for &(row_set, r, nr) in &rows {
        for &(col_set, c, nc) in &cols {
            if nr + nc == 0 {
                continue;
            }
            let (mut plus, mut minus) = (r & !c, c & !r);
            let mut constant = house * (nr - nc);
            for (cells, cage, sum) in cages {
                let (cage, sum) = (*cage, *sum);
                if cage & (plus | minus) == 0 {
                    continue;
                }
                // Bit tests: cheaper than counting the bits of masks.
                let (mut p, mut q) = (0, 0);
                for &k in cells {
                    p += (plus >> k) as u32 & 1;
                    q += (minus >> k) as u32 & 1;
                }
                let z = cells.len() as u32 - p - q;
                if q == 0 && p > z {
                    minus |= cage & !plus;
                    plus &= !cage;
                    constant -= sum;
                } else if p == 0 && q > z {
                    plus |= cage & !minus;
                    minus &= !cage;
                    constant += sum;
                }
            }
            // The columns' cells added when no row is.
            if nr == 0 {
                (plus, minus, constant) = (minus, plus, -constant);
            }
            let size = (plus | minus).count_ones() as usize;
            // A whole house on one side adds its sum to a smaller
            // equation's: that one says it all.
            let whole = |side: u128| houses.cells.iter().any(|&h| h & !side == 0);
            if size == 0 || size > 2 * n || whole(plus) || whole(minus) {
                continue;
            }
            if !seen.insert((plus, minus)) {
                continue;
            }
            let (plus_groups, minus_groups) = (houses.groups(plus), houses.groups(minus));
            let side = |groups: &[u128]| {
                groups.iter().fold((0, 0), |(low, high), g| {
                    let (lo, hi) = span(n, g.count_ones() as usize);
                    (low + lo, high + hi)
                })
            };
            let ((plus_low, plus_high), (minus_low, minus_high)) =
                (side(&plus_groups), side(&minus_groups));
            let slack = (plus_high - minus_low - constant).min(constant - plus_low + minus_high);
            // A cell moves the sum by less than n: past that no cell narrows.
            if slack >= n as i64 {
                continue;
            }
            let cells_of = |groups: &[u128]| groups.iter().map(|&g| houses.cells_of(g)).collect();
            let equation = Equation {
                group: None,
                rows: numbers(row_set),
                columns: numbers(col_set),
                plus: houses.cells_of(plus),
                minus: houses.cells_of(minus),
                sum: constant,
                groups: [cells_of(&plus_groups), cells_of(&minus_groups)],
            };
            // Only the equations that narrow some cell on an empty grid.
            let mut empty = Domains::new(n);
            if equation.propagate(&mut empty).is_err() || empty.drain_dirty().next().is_some() {
                found.push(equation);
            }
        }
    }
    found
}

/// The cells of `cells` as a mask of row-major indices.
fn mask(cells: &[usize]) -> u128 {
    cells.iter().fold(0, |m, &c| m | 1 << c)
}

/// The houses' cells, to group the cells of an equation.
struct Houses {
    n: usize,
    /// Each house's cells.
    cells: Vec<u128>,
}

impl Houses {
    fn new(layout: &Layout) -> Houses {
        let n = layout.side();
        Houses {
            n,
            cells: (0..layout.house_count())
                .map(|h| (0..n).fold(0, |m, k| m | 1 << layout.house_cell(h, k)))
                .collect(),
        }
    }

    /// Whether the rows and columns are the only houses of `n` cells:
    /// each region is a row or a column (a Latin square, and perhaps
    /// extra houses).
    fn latin(&self) -> bool {
        let n = self.n;
        let lines: Vec<u128> = (0..2 * n).map(|h| self.cells[h]).collect();
        self.cells[2 * n..3 * n].iter().all(|r| lines.contains(r))
    }

    /// The cells of `set` in groups of distinct digits: the house that
    /// holds the most of them first, and so on, each cell left alone at
    /// the end.
    fn groups(&self, mut set: u128) -> Vec<u128> {
        let mut groups = Vec::new();
        loop {
            // The first house of the most cells of the set.
            let (best, most) = self
                .cells
                .iter()
                .enumerate()
                .map(|(h, &cells)| (h, (set & cells).count_ones()))
                .fold(
                    (0, 0),
                    |best, (h, k)| if k > best.1 { (h, k) } else { best },
                );
            if most < 2 {
                break;
            }
            let group = set & self.cells[best];
            groups.push(group);
            set &= !group;
        }
        groups.extend(bits(set).map(|cell| 1 << cell));
        groups
    }

    /// The equation whose cells of `plus` less those of `minus` sum to
    /// `sum`, its sides grouped in houses.
    fn equation(&self, group: Option<String>, plus: u128, minus: u128, sum: i64) -> Equation {
        let cells_of = |groups: Vec<u128>| groups.iter().map(|&g| self.cells_of(g)).collect();
        Equation {
            group,
            rows: Vec::new(),
            columns: Vec::new(),
            plus: self.cells_of(plus),
            minus: self.cells_of(minus),
            sum,
            groups: [cells_of(self.groups(plus)), cells_of(self.groups(minus))],
        }
    }

    /// The cells of `group` as (row, column).
    fn cells_of(&self, group: u128) -> Vec<Cell> {
        bits(group).map(|c| (c / self.n, c % self.n)).collect()
    }
}

/// The indices of the set bits of `mask`, least first.
pub(crate) fn bits(mut mask: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let k = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            k
        })
    })
}

/// The least and greatest sum of `k` distinct digits from 1 to `n`.
fn span(n: usize, k: usize) -> (i64, i64) {
    let (n, k) = (n as i64, k as i64);
    (k * (k + 1) / 2, k * n - k * (k - 1) / 2)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// A Latin square of side `n` (rows as its regions) with `cages`.
    fn latin(n: usize, cages: &[String]) -> Layout {
        let map: Vec<String> = (0..n)
            .map(|r| char::from(b'A' + r as u8).to_string().repeat(n))
            .collect();
        cages
            .iter()
            .fold(Layout::jigsaw(&map.join("\n")).unwrap(), |layout, line| {
                layout.with_constraint(line.parse().unwrap()).unwrap()
            })
    }

    /// Runs `equations` on `d` until none narrows a cell.
    fn settle(equations: &[Equation], d: &mut Domains) -> Result<(), Contradiction> {
        loop {
            for equation in equations {
                equation.propagate(d)?;
            }
            if d.drain_dirty().count() == 0 {
                return Ok(());
            }
        }
    }

    #[test]
    fn distinct_digits_bound_a_group() {
        let all = Domains::all(9);
        assert_eq!(group_bounds([all; 3].into_iter()), Ok((6, 24)));
        // Two cells of {8, 9}: 17 both ways.
        assert_eq!(group_bounds([0b11 << 8; 2].into_iter()), Ok((17, 17)));
        assert!(group_bounds([0b1 << 8; 2].into_iter()).is_err());
    }

    /// "Solver needs SET" (TopAutism): a 9x9 Latin square whose 3x3 blocks
    /// each hold a cage of 12 and one of 18 in three cells. Rows 1, 6, 7
    /// less columns 3, 4, 9, the cages taken out, leave the third cells of
    /// nine 18-cages less those of nine 12-cages, summing to 54: the most
    /// and the least they can, on an empty grid.
    #[test]
    fn rows_less_columns_fix_the_cages_third_cells() {
        let cages = [
            "cage 12: r1c1 r1c2 r2c1",
            "cage 12: r1c7 r1c8 r2c7",
            "cage 12: r7c1 r7c2 r8c1",
            "cage 12: r7c7 r7c8 r8c7",
            "cage 18: r8c3 r9c2 r9c3",
            "cage 18: r2c3 r3c2 r3c3",
            "cage 18: r2c9 r3c8 r3c9",
            "cage 18: r8c9 r9c8 r9c9",
            "cage 18: r4c2 r4c3 r5c3",
            "cage 12: r5c1 r6c1 r6c2",
            "cage 18: r4c8 r4c9 r5c9",
            "cage 12: r5c7 r6c7 r6c8",
            "cage 18: r2c4 r3c4 r3c5",
            "cage 12: r1c5 r1c6 r2c6",
            "cage 18: r4c4 r4c5 r5c4",
            "cage 12: r5c6 r6c5 r6c6",
            "cage 12: r7c5 r7c6 r8c6",
            "cage 18: r8c4 r9c4 r9c5",
        ]
        .map(String::from);
        let equations = equations(&latin(9, &cages), &[], true);
        let mut d = Domains::new(9);
        settle(&equations, &mut d).unwrap();
        let digits = |cell| super::super::domains::digits(d.get(cell)).collect::<Vec<_>>();
        // The third cells of the 18-cages: rows 3, 4, 9, columns 2, 5, 8.
        for cell in [(2, 1), (3, 4), (8, 7)] {
            assert_eq!(digits(cell), [7, 8, 9], "r{}c{}", cell.0 + 1, cell.1 + 1);
        }
        // Those of the 12-cages: rows 2, 5, 8, columns 1, 6, 7.
        for cell in [(1, 0), (4, 5), (7, 6)] {
            assert_eq!(digits(cell), [1, 2, 3], "r{}c{}", cell.0 + 1, cell.1 + 1);
        }
        // A box's layout has no such equations: its boxes state sums of
        // their own.
        let boxed = cages.iter().fold(Layout::square(3).unwrap(), |l, line| {
            l.with_constraint(line.parse().unwrap()).unwrap()
        });
        assert!(super::equations(&boxed, &[], true).is_empty());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// On a Latin square of side 5 or 6 cut into cages of 1 to 4
        /// cells with the square's sums, every equation keeps the
        /// square's digit in every cell, whatever cells are already
        /// filled with theirs.
        #[test]
        fn equations_keep_every_solution(
            n in 5usize..=6,
            rows in Just((0..6).collect::<Vec<usize>>()).prop_shuffle(),
            cols in Just((0..6).collect::<Vec<usize>>()).prop_shuffle(),
            symbols in Just((0..6).collect::<Vec<usize>>()).prop_shuffle(),
            cuts in proptest::collection::vec(0usize..4, 36),
            filled in proptest::collection::vec(any::<bool>(), 36),
        ) {
            // A Latin square: (r + c) mod n, its rows, columns and digits
            // permuted.
            let below = |p: &[usize]| p.iter().copied().filter(|&k| k < n).collect::<Vec<_>>();
            let (rows, cols, symbols) = (below(&rows), below(&cols), below(&symbols));
            let digit = |r: usize, c: usize| symbols[(rows[r] + cols[c]) % n] as u8 + 1;
            // Cages along the rows, snaking, each of 1 to 4 cells.
            let order: Vec<Cell> = (0..n)
                .flat_map(|r| (0..n).map(move |k| (r, if r % 2 == 0 { k } else { n - 1 - k })))
                .collect();
            let mut cages = Vec::new();
            let mut at = 0;
            let mut k = 0;
            while at < order.len() {
                let len = (cuts[k % cuts.len()] + 1).min(order.len() - at);
                let cells = &order[at..at + len];
                let digits: Vec<u8> = cells.iter().map(|&(r, c)| digit(r, c)).collect();
                let distinct = digits.iter().collect::<HashSet<_>>().len() == digits.len();
                if len > 1 && distinct {
                    let sum: u32 = digits.iter().map(|&d| u32::from(d)).sum();
                    let names: Vec<String> =
                        cells.iter().map(|&(r, c)| format!("r{}c{}", r + 1, c + 1)).collect();
                    cages.push(format!("cage {sum}: {}", names.join(" ")));
                }
                at += len;
                k += 1;
            }
            let equations = equations(&latin(n, &cages), &[], true);
            let mut d = Domains::new(n);
            for r in 0..n {
                for c in 0..n {
                    if filled[r * n + c] {
                        d.restrict((r, c), 1 << digit(r, c)).unwrap();
                    }
                }
            }
            prop_assert!(settle(&equations, &mut d).is_ok(), "{cages:?}");
            for r in 0..n {
                for c in 0..n {
                    prop_assert!(
                        d.get((r, c)) >> digit(r, c) & 1 == 1,
                        "r{}c{} lost {} under {cages:?}",
                        r + 1,
                        c + 1,
                        digit(r, c)
                    );
                }
            }
        }
    }
}
