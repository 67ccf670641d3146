//! The items and options of a layout's [`Constraint`]s.
//!
//! Every constraint is made of a few devices, each exact:
//!
//! - **Exclusion**: a placement no solution can hold (an even digit in an
//!   odd cell, a 9 in a thermometer's bulb) is no option at all.
//! - **Forbidden pairs** of two cells p and q (dots, X and V, thermometers,
//!   whispers, the negative constraints): the pairs of digits (x, y) the
//!   constraint forbids are covered by bicliques X x Y of forbidden pairs,
//!   each a secondary item taken by the placements x in p and y in q, so
//!   that placing x in p hides every y of q at once. The bicliques are the
//!   rows of the table of forbidden pairs with equal rows merged, or its
//!   columns, whichever takes fewer entries; pairs of equal digits in
//!   cells that share a house are forbidden already and left out. A digit
//!   of p that every digit of q forbids is excluded.
//! - **Equality** (palindromes): one secondary item, colored by the digit,
//!   in both cells' placements.
//! - **Digit sets** (killer cages with a sum, renban): a primary item for
//!   the cage, one option per set of digits the cage may hold (at most 126
//!   on 9x9: a 9-cell cage has 362,880 orders but one set), and a primary
//!   item per digit d of any set, covered either by the placement of d in
//!   one of the cage's cells or by the option of a set without d. The
//!   cells then hold the chosen set, each digit once; no colors are
//!   needed, and digits of no set are excluded.
//! - **Distinct digits** (cages without a sum): per digit, a secondary item
//!   taken by its placements in the cage's cells.
//! - **Chains** (arrows, little killers, sandwiches, quadruples, between
//!   lines): a finite automaton read along the constraint's cells. Each
//!   cell on a chain has a secondary item colored by its digit, in its
//!   placements. Position k of the chain has a primary item and one option
//!   per transition (state s, digit d, state s'): the position's item, the
//!   cell's digit color d, and the secondary items between positions
//!   colored by the states. Only states that can be reached from the start
//!   and can reach an accepting state are kept, so every option can be
//!   part of a solution of the constraint alone; a digit no transition
//!   takes at a position is excluded from its cell. The states are the
//!   partial sum (arrows, little killers), the phase and partial sum
//!   (sandwich: before, between, after the 1 and the n), the counts of
//!   the listed digits (quadruple), and the two ends' digits (between
//!   lines, read ends first).
//!
//! A constraint no assignment can keep gets a primary item without
//! options: the problem has no solution, and says so at the root.

use crate::constraint::{Cell, Constraint, Negative};
use crate::layout::Layout;

/// An item of the constraints, numbered among their own: its place among
/// all items is set by [`super::problem`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ref {
    /// A primary item.
    Primary(u32),
    /// A secondary item, with a color from 1 (0 for none).
    Secondary(u32, u32),
}

/// The constraints' share of a layout's problem.
#[derive(Debug, Default)]
pub(crate) struct Extra {
    /// The names of the primary items, for Knuth's format.
    pub primary: Vec<String>,
    /// The names of the secondary items.
    pub secondary: Vec<String>,
    /// The entries each placement `cell * n + d` (d from 0) adds to its
    /// option.
    pub placement: Vec<Vec<Ref>>,
    /// The options of the constraints' own.
    pub options: Vec<Vec<Ref>>,
    /// The placements that are no option.
    pub excluded: Vec<bool>,
    /// The largest color used.
    pub colors: u32,
}

/// Sets of digits past this many make a summed cage a chain with distinct
/// digits instead (only on large grids: 126 at most on 9x9).
const MAX_SETS: usize = 5_000;

/// Assignments of a chain past this many keep it a chain; below, each is
/// an option of its own.
const MAX_TUPLES: u64 = 4_096;

impl Extra {
    /// The constraints of `layout`, encoded; empty when it has none.
    pub(crate) fn of(layout: &Layout) -> Extra {
        let n = layout.side();
        if layout.constraints().is_empty() {
            return Extra::default();
        }
        let mut b = Builder {
            layout,
            n,
            extra: Extra {
                placement: vec![Vec::new(); n * n * n],
                excluded: vec![false; n * n * n],
                colors: n as u32,
                ..Extra::default()
            },
            value: vec![None; n * n],
            forbidders: vec![None; n * n * n],
            tag: String::new(),
            serial: 0,
        };
        for (j, constraint) in layout.constraints().iter().enumerate() {
            b.tag = format!("q{}", j + 1);
            b.serial = 0;
            b.constraint(constraint);
        }
        b.extra
    }
}

/// A transition of a chain: from a state, a digit, to a state.
type Step = (u32, u8, u32);

struct Builder<'a> {
    layout: &'a Layout,
    n: usize,
    extra: Extra,
    /// Each cell's digit item, made when a chain first needs it.
    value: Vec<Option<u32>>,
    /// Each placement's item of [`Builder::forbidder`], made when first
    /// needed.
    forbidders: Vec<Option<u32>>,
    /// The name prefix of the items of the constraint being encoded.
    tag: String,
    /// The items named so far for that constraint.
    serial: usize,
}

impl Builder<'_> {
    fn constraint(&mut self, constraint: &Constraint) {
        let n = self.n;
        let at = |(r, c): Cell| r * n + c;
        let ats = |cells: &[Cell]| cells.iter().map(|&c| at(c)).collect::<Vec<usize>>();
        match constraint {
            Constraint::Cage { cells, sum: None } => self.distinct(&ats(cells)),
            Constraint::Cage {
                cells,
                sum: Some(sum),
            } => {
                let cells = ats(cells);
                match digit_sets(n, cells.len(), *sum) {
                    Some(sets) => self.sets(&cells, &sets),
                    None => {
                        self.distinct(&cells);
                        self.sum_chain(&cells, *sum);
                    }
                }
            }
            Constraint::Renban { cells } => {
                let m = cells.len();
                let sets: Vec<u64> = (1..=n.saturating_sub(m) + 1)
                    .filter(|_| m <= n)
                    .map(|low| ((1u64 << m) - 1) << low)
                    .collect();
                self.sets(&ats(cells), &sets);
            }
            Constraint::LittleKiller { cells, sum } => self.sum_chain(&ats(cells), *sum),
            Constraint::Arrow { circle, line } => self.arrow(&ats(circle), &ats(line)),
            Constraint::Thermometer { cells } => {
                let cells = ats(cells);
                for i in 0..cells.len() {
                    for j in i + 1..cells.len() {
                        let gap = (j - i) as u32;
                        self.forbid(cells[i], cells[j], &|x, y| y < x + gap);
                    }
                }
            }
            Constraint::Difference { cells, difference } => {
                let k = u32::from(*difference);
                self.forbid(at(cells[0]), at(cells[1]), &|x, y| x.abs_diff(y) != k);
            }
            Constraint::Ratio { cells, ratio } => {
                let k = u32::from(*ratio);
                self.forbid(at(cells[0]), at(cells[1]), &|x, y| x != k * y && y != k * x);
            }
            Constraint::Sum { cells, sum } => {
                self.forbid(at(cells[0]), at(cells[1]), &|x, y| x + y != *sum);
            }
            Constraint::Whispers { cells, gap } => {
                let gap = u32::from(*gap);
                for w in ats(cells).windows(2) {
                    self.forbid(w[0], w[1], &|x, y| x.abs_diff(y) < gap);
                }
            }
            Constraint::Palindrome { cells } => {
                let cells = ats(cells);
                let m = cells.len();
                for i in 0..m / 2 {
                    self.equal(cells[i], cells[m - 1 - i]);
                }
            }
            Constraint::Odd(cell) => {
                for d in (2..=n).step_by(2) {
                    self.exclude(at(*cell), d as u32);
                }
            }
            Constraint::Even(cell) => {
                for d in (1..=n).step_by(2) {
                    self.exclude(at(*cell), d as u32);
                }
            }
            Constraint::Quadruple { digits, .. } => {
                let cells = ats(&constraint.cells(n));
                self.quadruple(&cells, digits);
            }
            Constraint::Sandwich { line, sum } => {
                let cells = ats(&line.cells(n));
                self.sandwich(&cells, *sum);
            }
            Constraint::Between { cells } => {
                let cells = ats(cells);
                let m = cells.len();
                let mut order = vec![cells[0], cells[m - 1]];
                order.extend_from_slice(&cells[1..m - 1]);
                self.between(&order);
            }
            Constraint::Negative(kind) => self.negative(*kind),
        }
    }

    /// A new primary item.
    fn primary(&mut self, what: &str) -> u32 {
        let k = self.extra.primary.len() as u32;
        let name = self.name(what);
        self.extra.primary.push(name);
        k
    }

    /// A new item's name: the constraint's tag, what it is, and its
    /// number among the constraint's items (`q3f7`), so names never repeat.
    fn name(&mut self, what: &str) -> String {
        self.serial += 1;
        format!("{}{what}{}", self.tag, self.serial)
    }

    /// A new secondary item.
    fn secondary(&mut self, what: &str) -> u32 {
        let k = self.extra.secondary.len() as u32;
        let name = self.name(what);
        self.extra.secondary.push(name);
        k
    }

    /// The entries of placement `d` (from 1) in `cell`.
    fn entries(&mut self, cell: usize, d: u32) -> &mut Vec<Ref> {
        &mut self.extra.placement[cell * self.n + d as usize - 1]
    }

    fn exclude(&mut self, cell: usize, d: u32) {
        self.extra.excluded[cell * self.n + d as usize - 1] = true;
    }

    /// Makes the problem have no solution.
    fn impossible(&mut self) {
        self.primary("none");
    }

    /// Whether two cells share a house.
    fn share_house(&self, p: usize, q: usize) -> bool {
        super::share_house(self.layout, p, q)
    }

    /// The secondary item holding the digit of `cell` as its color.
    fn value(&mut self, cell: usize) -> u32 {
        if let Some(item) = self.value[cell] {
            return item;
        }
        let n = self.n;
        let k = self.extra.secondary.len() as u32;
        self.extra
            .secondary
            .push(format!("r{}c{}d", cell / n + 1, cell % n + 1));
        for d in 1..=n as u32 {
            self.entries(cell, d).push(Ref::Secondary(k, d));
        }
        self.value[cell] = Some(k);
        k
    }

    /// Forbids digit x in p beside digit y in q whenever `forbidden(x, y)`.
    fn forbid(&mut self, p: usize, q: usize, forbidden: &dyn Fn(u32, u32) -> bool) {
        let n = self.n;
        let share = self.share_house(p, q);
        let all = (1u64 << n) - 1;
        // rows[x - 1]: the digits of q that x in p forbids; cols likewise.
        let mut rows = vec![0u64; n];
        let mut cols = vec![0u64; n];
        for x in 1..=n as u32 {
            for y in 1..=n as u32 {
                if forbidden(x, y) && !(share && x == y) {
                    rows[x as usize - 1] |= 1 << (y - 1);
                    cols[y as usize - 1] |= 1 << (x - 1);
                }
            }
        }
        let same = |d: usize| if share { 1u64 << d } else { 0 };
        for d in 0..n {
            if rows[d] | same(d) == all {
                self.exclude(p, d as u32 + 1);
                rows[d] = 0;
            }
            if cols[d] | same(d) == all {
                self.exclude(q, d as u32 + 1);
                cols[d] = 0;
            }
        }
        // A digit excluded on one side need not be hidden by the other.
        for d in 0..n {
            if rows[d] == 0 {
                for col in cols.iter_mut() {
                    *col &= !(1 << d);
                }
            }
            if cols[d] == 0 {
                for row in rows.iter_mut() {
                    *row &= !(1 << d);
                }
            }
        }
        let by_rows = groups(&rows);
        let by_cols = groups(&cols);
        let (groups, first, second) = if cost(&by_rows) <= cost(&by_cols) {
            (by_rows, p, q)
        } else {
            (by_cols, q, p)
        };
        for (ones, others) in groups {
            let item = self.secondary("f");
            for d in bits(ones) {
                self.entries(first, d).push(Ref::Secondary(item, 0));
            }
            for d in bits(others) {
                self.entries(second, d).push(Ref::Secondary(item, 0));
            }
        }
    }

    /// Makes two cells hold the same digit.
    fn equal(&mut self, p: usize, q: usize) {
        let item = self.secondary("e");
        for d in 1..=self.n as u32 {
            self.entries(p, d).push(Ref::Secondary(item, d));
            self.entries(q, d).push(Ref::Secondary(item, d));
        }
    }

    /// Makes the cells hold distinct digits.
    fn distinct(&mut self, cells: &[usize]) {
        let in_house = |h: usize| {
            cells
                .iter()
                .all(|&c| (0..self.n).any(|k| self.layout.house_cell(h, k) == c))
        };
        if cells.len() < 2 || (0..self.layout.house_count()).any(in_house) {
            return;
        }
        for d in 1..=self.n as u32 {
            let item = self.secondary("u");
            for &cell in cells {
                self.entries(cell, d).push(Ref::Secondary(item, 0));
            }
        }
    }

    /// Makes the cells hold one of `sets` (masks of digits, bit d for
    /// digit d), each digit once.
    fn sets(&mut self, cells: &[usize], sets: &[u64]) {
        if sets.is_empty() {
            return self.impossible();
        }
        let union = sets.iter().fold(0, |u, &s| u | s);
        for &cell in cells {
            for d in 1..=self.n as u32 {
                if union >> d & 1 == 0 {
                    self.exclude(cell, d);
                }
            }
        }
        self.set_pairs(cells, sets);
        let cage = self.primary("");
        let mut digit = vec![0u32; self.n + 1];
        for d in bits(union >> 1) {
            digit[d as usize] = self.primary(&format!("={d}"));
            for &cell in cells {
                let item = digit[d as usize];
                self.entries(cell, d).push(Ref::Primary(item));
            }
        }
        for &set in sets {
            let mut option = vec![Ref::Primary(cage)];
            option.extend(bits((union & !set) >> 1).map(|d| Ref::Primary(digit[d as usize])));
            self.extra.options.push(option);
        }
    }

    /// A chain along `cells`: the automaton starts in state `start`, reads
    /// each cell's digit with `step` (position, state, digit) and must end
    /// in a state `accept` takes.
    fn chain(
        &mut self,
        cells: &[usize],
        start: u64,
        step: &dyn Fn(usize, u64, u32) -> Option<u64>,
        accept: &dyn Fn(u64) -> bool,
    ) {
        let m = cells.len();
        // layers[k]: the states before position k, in order of discovery.
        let mut layers: Vec<Vec<u64>> = vec![vec![start]];
        let mut steps: Vec<Vec<Step>> = Vec::with_capacity(m);
        for k in 0..m {
            let mut next: Vec<u64> = Vec::new();
            let mut index = std::collections::HashMap::new();
            let mut here = Vec::new();
            for (i, &s) in layers[k].iter().enumerate() {
                for d in 1..=self.n as u32 {
                    if let Some(t) = step(k, s, d) {
                        if k + 1 == m && !accept(t) {
                            continue;
                        }
                        let j = *index.entry(t).or_insert_with(|| {
                            next.push(t);
                            next.len() - 1
                        });
                        here.push((i as u32, d as u8, j as u32));
                    }
                }
            }
            layers.push(next);
            steps.push(here);
        }
        // Keep the states that reach the end. Every state was reached
        // from the start, so the steps into a live state stay and their
        // sources live too: no pass forward is needed.
        let mut alive: Vec<Vec<bool>> = layers.iter().map(|l| vec![false; l.len()]).collect();
        alive[m].fill(true);
        for k in (0..m).rev() {
            let (before, after) = alive.split_at_mut(k + 1);
            steps[k].retain(|&(_, _, j)| after[0][j as usize]);
            for &(i, _, _) in &steps[k] {
                before[k][i as usize] = true;
            }
        }
        if steps.iter().any(Vec::is_empty) {
            return self.impossible();
        }
        // Few enough assignments: one option each, which is stronger.
        if let Some(tuples) = self.enumerate(cells, &steps) {
            return self.tuples(cells, &tuples);
        }
        // Digits no transition takes are no options.
        for (k, &cell) in cells.iter().enumerate() {
            let taken = steps[k].iter().fold(0u64, |t, &(_, d, _)| t | 1 << d);
            for d in 1..=self.n as u32 {
                if taken >> d & 1 == 0 {
                    self.exclude(cell, d);
                }
            }
        }
        // Colors number the live states of a layer from 1.
        let mut color: Vec<Vec<u32>> = Vec::with_capacity(m + 1);
        for live in &alive {
            let mut next = 0;
            color.push(
                live.iter()
                    .map(|&a| {
                        next += u32::from(a);
                        next
                    })
                    .collect(),
            );
            self.extra.colors = self.extra.colors.max(next);
        }
        let links: Vec<u32> = (1..m).map(|k| self.secondary(&format!("s{k}"))).collect();
        for (k, &cell) in cells.iter().enumerate() {
            let position = self.primary(&format!("p{}", k + 1));
            let digit = self.value(cell);
            for &(i, d, j) in &steps[k] {
                let mut option = vec![Ref::Primary(position), Ref::Secondary(digit, u32::from(d))];
                if k > 0 {
                    option.push(Ref::Secondary(links[k - 1], color[k][i as usize]));
                }
                if k + 1 < m {
                    option.push(Ref::Secondary(links[k], color[k + 1][j as usize]));
                }
                self.extra.options.push(option);
            }
        }
    }

    /// The assignments of the chain's pruned `steps` to `cells` whose
    /// digits differ in cells that share a house, `None` past
    /// [`MAX_TUPLES`] of them before that filter.
    fn enumerate(&self, cells: &[usize], steps: &[Vec<Step>]) -> Option<Vec<Vec<u8>>> {
        let m = cells.len();
        // paths[k][i]: the paths from state i before position k to the end.
        let mut paths: Vec<Vec<u64>> = vec![Vec::new(); m + 1];
        let width = |k: usize| -> usize {
            steps.get(k).map_or(0, |s| {
                s.iter().map(|&(i, _, _)| i as usize + 1).max().unwrap_or(0)
            })
        };
        paths[m] = vec![
            1;
            steps[m - 1]
                .iter()
                .map(|&(_, _, j)| j as usize + 1)
                .max()
                .unwrap_or(0)
        ];
        for k in (0..m).rev() {
            let mut here = vec![0u64; width(k)];
            for &(i, _, j) in &steps[k] {
                here[i as usize] = here[i as usize].saturating_add(paths[k + 1][j as usize]);
            }
            paths[k] = here;
        }
        if paths[0].first().copied().unwrap_or(0) > MAX_TUPLES {
            return None;
        }
        let clash: Vec<Vec<bool>> = (0..m)
            .map(|a| {
                (0..m)
                    .map(|b| a != b && self.share_house(cells[a], cells[b]))
                    .collect()
            })
            .collect();
        let mut out = Vec::new();
        let mut digits = Vec::with_capacity(m);
        fn walk(
            k: usize,
            state: u32,
            steps: &[Vec<Step>],
            clash: &[Vec<bool>],
            digits: &mut Vec<u8>,
            out: &mut Vec<Vec<u8>>,
        ) {
            if k == steps.len() {
                out.push(digits.clone());
                return;
            }
            for &(i, d, j) in &steps[k] {
                if i != state || (0..k).any(|a| clash[a][k] && digits[a] == d) {
                    continue;
                }
                digits.push(d);
                walk(k + 1, j, steps, clash, digits, out);
                digits.pop();
            }
        }
        walk(0, 0, steps, &clash, &mut digits, &mut out);
        Some(out)
    }

    /// Makes `cells` hold one of `tuples`: one primary item, an option per
    /// tuple holding each cell's digit as its color; and per pair of
    /// cells, the pairs of digits no tuple holds forbidden outright, so
    /// that a placement hides at once what it rules out.
    fn tuples(&mut self, cells: &[usize], tuples: &[Vec<u8>]) {
        if tuples.is_empty() {
            return self.impossible();
        }
        let m = cells.len();
        for (k, &cell) in cells.iter().enumerate() {
            let taken = tuples.iter().fold(0u64, |t, tuple| t | 1 << tuple[k]);
            for d in 1..=self.n as u32 {
                if taken >> d & 1 == 0 {
                    self.exclude(cell, d);
                }
            }
        }
        let n = self.n;
        for a in 0..m {
            for b in a + 1..m {
                let mut allowed = vec![false; (n + 1) * (n + 1)];
                for tuple in tuples {
                    allowed[usize::from(tuple[a]) * (n + 1) + usize::from(tuple[b])] = true;
                }
                self.forbid(cells[a], cells[b], &|x, y| {
                    !allowed[x as usize * (n + 1) + y as usize]
                });
            }
        }
        if m < 2 {
            return;
        }
        let item = self.primary("t");
        let values: Vec<u32> = cells.iter().map(|&c| self.value(c)).collect();
        for tuple in tuples {
            let mut option = vec![Ref::Primary(item)];
            option.extend(
                values
                    .iter()
                    .zip(tuple)
                    .map(|(&v, &d)| Ref::Secondary(v, u32::from(d))),
            );
            self.extra.options.push(option);
        }
    }

    /// Forbids, per pair of cells, the digits no set of `sets` holds
    /// together (the cells hold distinct digits of one set).
    fn set_pairs(&mut self, cells: &[usize], sets: &[u64]) {
        for a in 0..cells.len() {
            for b in a + 1..cells.len() {
                self.forbid(cells[a], cells[b], &|x, y| {
                    x == y || !sets.iter().any(|&s| s >> x & 1 != 0 && s >> y & 1 != 0)
                });
            }
        }
    }

    /// The digits of `cells` sum to `sum`.
    fn sum_chain(&mut self, cells: &[usize], sum: u32) {
        let sum = u64::from(sum);
        self.chain(
            cells,
            0,
            &|_, s, d| Some(s + u64::from(d)).filter(|&t| t <= sum),
            &|s| s == sum,
        );
    }

    /// The digits of `line` sum to the number the circle's digits spell.
    fn arrow(&mut self, circle: &[usize], line: &[usize]) {
        let n = self.n as u64;
        let p = circle.len() as u32;
        // The largest number the circle can hold.
        let top = if p == 1 { n } else { 10u64.pow(p) - 1 };
        let m = line.len();
        let mut cells = line.to_vec();
        cells.extend_from_slice(circle);
        self.chain(
            &cells,
            0,
            &|k, s, d| {
                let d = u64::from(d);
                if k < m {
                    return Some(s + d).filter(|&t| t <= top);
                }
                // The circle's j-th digit from the left.
                let j = (k - m) as u32;
                let place = 10u64.pow(p - 1 - j);
                let want = if p == 1 { s } else { s / place % 10 };
                (want == d && (p == 1 || j > 0 || s >= place)).then_some(s)
            },
            &|_| true,
        );
    }

    fn quadruple(&mut self, cells: &[usize], digits: &[u8]) {
        // The distinct digits and how many of each are needed.
        let mut need: Vec<(u32, u64)> = Vec::new();
        for &d in digits {
            match need.last_mut() {
                Some((e, k)) if *e == u32::from(d) => *k += 1,
                _ => need.push((u32::from(d), 1)),
            }
        }
        // The state holds 3 bits of count per listed digit.
        let need2 = need.clone();
        self.chain(
            cells,
            0,
            &|_, s, d| {
                let Some(i) = need.iter().position(|&(e, _)| e == d) else {
                    return Some(s);
                };
                let count = (s >> (3 * i) & 7).min(need[i].1 - 1) + 1;
                Some(s & !(7 << (3 * i)) | count << (3 * i))
            },
            &|s| {
                need2
                    .iter()
                    .enumerate()
                    .all(|(i, &(_, k))| s >> (3 * i) & 7 >= k)
            },
        );
    }

    /// The secondary item of the placement of `d` in `cell` that options
    /// forbidding it take with color 2, the placement with color 1.
    fn forbidder(&mut self, cell: usize, d: u32) -> u32 {
        let n = self.n;
        let key = cell * n + d as usize - 1;
        if let Some(item) = self.forbidders[key] {
            return item;
        }
        let k = self.extra.secondary.len() as u32;
        self.extra
            .secondary
            .push(format!("r{}c{}x{d}", cell / n + 1, cell % n + 1));
        self.entries(cell, d).push(Ref::Secondary(k, 1));
        self.extra.colors = self.extra.colors.max(2);
        self.forbidders[key] = Some(k);
        k
    }

    /// The sandwich along `cells`: an option per position of the 1, of
    /// the n and set of digits between them, which forbids every other
    /// digit of the line's cells; a chain when there are too many.
    fn sandwich(&mut self, cells: &[usize], sum: u32) {
        let n = self.n;
        let mut choices: Vec<(usize, usize, u64)> = Vec::new();
        for one in 0..n {
            for top in (0..n).filter(|&t| t != one) {
                let inside = one.abs_diff(top) - 1;
                match sets_between(2, n as u32 - 1, inside, sum) {
                    Some(sets) => choices.extend(sets.into_iter().map(|s| (one, top, s))),
                    None => return self.sandwich_chain(cells, sum),
                }
                if choices.len() > MAX_TUPLES as usize {
                    return self.sandwich_chain(cells, sum);
                }
            }
        }
        if choices.is_empty() {
            return self.impossible();
        }
        let item = self.primary("w");
        let all = ((1u64 << n) - 1) << 1;
        for (one, top, set) in choices {
            let (lo, hi) = (one.min(top), one.max(top));
            let mut option = vec![Ref::Primary(item)];
            for (k, &cell) in cells.iter().enumerate() {
                let allowed = if k == one {
                    1 << 1
                } else if k == top {
                    1 << n
                } else if k > lo && k < hi {
                    set
                } else {
                    all & !set & !(1 << 1) & !(1 << n)
                };
                for d in bits((all & !allowed) >> 1) {
                    let x = self.forbidder(cell, d);
                    option.push(Ref::Secondary(x, 2));
                }
            }
            self.extra.options.push(option);
        }
    }

    fn sandwich_chain(&mut self, cells: &[usize], sum: u32) {
        let (n, sum) = (self.n as u32, u64::from(sum));
        // States: BEFORE, 1 + the partial sum between the crusts, AFTER.
        const BEFORE: u64 = 0;
        const AFTER: u64 = u64::MAX;
        self.chain(
            cells,
            BEFORE,
            &|_, s, d| {
                let crust = d == 1 || d == n;
                match s {
                    BEFORE if crust => Some(1),
                    BEFORE | AFTER => Some(s),
                    _ if crust => (s - 1 == sum).then_some(AFTER),
                    _ => Some(s + u64::from(d)).filter(|&t| t - 1 <= sum),
                }
            },
            &|s| s == AFTER,
        );
    }

    /// `cells` are the two ends first, then the inside.
    fn between(&mut self, cells: &[usize]) {
        self.chain(
            cells,
            0,
            &|k, s, d| {
                let d = u64::from(d);
                match k {
                    0 => Some(d),
                    1 => Some(s << 8 | d),
                    _ => {
                        let (a, b) = (s >> 8, s & 255);
                        (d > a.min(b) && d < a.max(b)).then_some(s)
                    }
                }
            },
            &|_| true,
        );
    }

    fn negative(&mut self, kind: Negative) {
        let n = self.n;
        let mut spared = std::collections::HashSet::new();
        for c in self.layout.constraints() {
            if let Some([p, q]) = c.dot_of(kind) {
                let (p, q) = (p.0 * n + p.1, q.0 * n + q.1);
                spared.insert((p.min(q), p.max(q)));
            }
        }
        for p in 0..n * n {
            let (r, c) = (p / n, p % n);
            for q in [(c + 1 < n).then_some(p + 1), (r + 1 < n).then_some(p + n)]
                .into_iter()
                .flatten()
            {
                if spared.contains(&(p, q)) {
                    continue;
                }
                match kind {
                    Negative::White => self.forbid(p, q, &|x, y| x.abs_diff(y) == 1),
                    Negative::Black => self.forbid(p, q, &|x, y| x == 2 * y || y == 2 * x),
                    Negative::Xv => self.forbid(p, q, &|x, y| x + y == 5 || x + y == 10),
                }
            }
        }
    }
}

/// The rows of a table of forbidden pairs grouped by equal rows: (the
/// digits of the rows, their common forbidden digits), as masks from bit 0.
fn groups(rows: &[u64]) -> Vec<(u64, u64)> {
    let mut groups: Vec<(u64, u64)> = Vec::new();
    for (x, &row) in rows.iter().enumerate() {
        if row == 0 {
            continue;
        }
        match groups.iter_mut().find(|g| g.1 == row) {
            Some(g) => g.0 |= 1 << x,
            None => groups.push((1 << x, row)),
        }
    }
    groups
}

/// The entries a grouping takes.
fn cost(groups: &[(u64, u64)]) -> u32 {
    groups
        .iter()
        .map(|&(a, b)| a.count_ones() + b.count_ones())
        .sum()
}

/// The digits (from 1) of a mask from bit 0.
fn bits(mask: u64) -> impl Iterator<Item = u32> {
    (0..64).filter(move |&b| mask >> b & 1 != 0).map(|b| b + 1)
}

/// The sets of `m` distinct digits of 1..=n summing to `sum`, as masks
/// (bit d for digit d); `None` past [`MAX_SETS`] of them.
fn digit_sets(n: usize, m: usize, sum: u32) -> Option<Vec<u64>> {
    sets_between(1, n as u32, m, sum)
}

/// The sets of `m` distinct digits of `low..=high` summing to `sum`, as
/// masks; `None` past [`MAX_SETS`] of them.
fn sets_between(low: u32, high: u32, m: usize, sum: u32) -> Option<Vec<u64>> {
    fn walk(low: u32, n: u32, left: usize, sum: u32, set: u64, out: &mut Vec<u64>) -> bool {
        if left == 0 {
            if sum == 0 {
                out.push(set);
            }
            return out.len() <= MAX_SETS;
        }
        for d in low..=n {
            // The least and most the other left - 1 digits can add.
            let k = left as u32 - 1;
            let least = d + k * (2 * d + k + 1) / 2;
            if least > sum {
                break;
            }
            let most = d + k * (2 * n - k + 1) / 2;
            if most < sum {
                continue;
            }
            if !walk(d + 1, n, left - 1, sum - d, set | 1 << d, out) {
                return false;
            }
        }
        true
    }
    let mut out = Vec::new();
    if m == 0 {
        return Some(if sum == 0 { vec![0] } else { out });
    }
    walk(low, high, m, sum, 0, &mut out).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_sets_are_those_of_the_sum() {
        let sets = digit_sets(9, 2, 10).unwrap();
        assert_eq!(sets.len(), 4); // 1+9 2+8 3+7 4+6
        assert_eq!(digit_sets(9, 9, 45).unwrap(), vec![0b11_1111_1110]);
        assert_eq!(digit_sets(9, 4, 20).unwrap().len(), 12);
        assert!(digit_sets(9, 3, 5).unwrap().is_empty());
        // The most any cage of 9x9 has: 12, for 4 cells summing to 20.
        let most = (1..=9)
            .flat_map(|m| (0..=45).map(move |s| digit_sets(9, m, s).unwrap().len()))
            .max();
        assert_eq!(most, Some(12));
    }
}
