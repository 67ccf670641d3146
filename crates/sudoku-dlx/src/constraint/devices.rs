//! The exact-cover devices the rule families encode with, and the
//! [`Builder`] that gathers the items and options they make.
//!
//! Every rule is made of a few devices, each exact:
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
//! - **Cliques** (anti-king, non-consecutive): a secondary item taken by
//!   placements that pairwise exclude each other.
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

use super::{Cell, Constraint};

/// An item of the rules, numbered among their own: its place among all
/// items is set by the problem's builder (`encode.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ref {
    /// A primary item.
    Primary(u32),
    /// A secondary item, with a color from 1 (0 for none).
    Secondary(u32, u32),
}

/// The rules' share of a layout's problem: the items and options of its
/// variants' rules between cells, then of its constraints.
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
    /// The chains of the constraints that do not propagate by
    /// themselves, for the propagation.
    pub chains: Vec<ChainGraph>,
}

/// A chain's states and transitions, pruned to those on a path from the
/// start to an accepting end: what the propagation narrows domains by
/// (a digit stays in a cell while a path through it keeps every other
/// cell in its domain).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ChainGraph {
    /// The cells in the chain's order, row-major.
    pub cells: Vec<usize>,
    /// Per position, its transitions (state before, digit, state after),
    /// the states numbered within their layer.
    pub steps: Vec<Vec<Step>>,
    /// Where each layer's states start when all layers' are numbered in
    /// one run, `cells.len() + 2` entries: the last is the number of
    /// states.
    pub starts: Vec<usize>,
}

/// Sets of digits past this many make a summed cage a chain with distinct
/// digits instead (only on large grids: 126 at most on 9x9).
const MAX_SETS: usize = 5_000;

/// Assignments of a chain past this many keep it a chain; below, each is
/// an option of its own.
pub(crate) const MAX_TUPLES: u64 = 4_096;

/// A transition of a chain: from a state, a digit, to a state.
pub(crate) type Step = (u32, u8, u32);

/// The items and options made so far, and what the devices need to know
/// of the grid.
pub(crate) struct Builder<'a> {
    /// The side.
    pub n: usize,
    /// The houses holding each cell, in increasing order.
    houses: &'a [Vec<usize>],
    /// Every constraint of the layout, for those that depend on others
    /// (the negative constraints spare the dotted pairs).
    pub constraints: &'a [Constraint],
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
    /// The position among `constraints` of the constraint being encoded
    /// (`None` for the rules of variants).
    pub owner: Option<usize>,
    /// Whether items get names (for Knuth's format): formatting a name
    /// for each item costs more than the rest of a small layout's build.
    named: bool,
}

impl<'a> Builder<'a> {
    /// A builder of the rules of a grid of side `n`, whose cells are in
    /// the houses `houses[cell]`, among `constraints`; `colors` the colors
    /// it starts with; its items `named` or not.
    pub fn new(
        n: usize,
        houses: &'a [Vec<usize>],
        constraints: &'a [Constraint],
        colors: u32,
        named: bool,
    ) -> Builder<'a> {
        Builder {
            n,
            houses,
            constraints,
            extra: Extra {
                placement: vec![Vec::new(); n * n * n],
                excluded: vec![false; n * n * n],
                colors,
                ..Extra::default()
            },
            value: vec![None; n * n],
            forbidders: vec![None; n * n * n],
            tag: String::new(),
            serial: 0,
            owner: None,
            named,
        }
    }

    /// Names the items made from now on `tag` and a number from 1.
    pub fn tag(&mut self, tag: String) {
        self.tag = tag;
        self.serial = 0;
    }

    /// The items and options made.
    pub fn finish(self) -> Extra {
        self.extra
    }
}

impl Builder<'_> {
    /// The index of `cell`, row-major.
    pub fn index(&self, (r, c): Cell) -> usize {
        r * self.n + c
    }

    /// The indices of `cells`, row-major.
    pub fn indices(&self, cells: &[Cell]) -> Vec<usize> {
        cells.iter().map(|&cell| self.index(cell)).collect()
    }

    /// A new primary item.
    pub fn primary(&mut self, what: &str) -> u32 {
        let k = self.extra.primary.len() as u32;
        let name = self.name(what);
        self.extra.primary.push(name);
        k
    }

    /// A new item's name: the constraint's tag, what it is, and its
    /// number among the constraint's items (`q3f7`), so names never repeat.
    fn name(&mut self, what: &str) -> String {
        self.serial += 1;
        let (tag, serial) = (&self.tag, self.serial);
        self.label(|| format!("{tag}{what}{serial}"))
    }

    /// `name()` when items are named, else an empty name.
    fn label(&self, name: impl FnOnce() -> String) -> String {
        if self.named {
            name()
        } else {
            String::new()
        }
    }

    /// A new secondary item.
    pub fn secondary(&mut self, what: &str) -> u32 {
        let k = self.extra.secondary.len() as u32;
        let name = self.name(what);
        self.extra.secondary.push(name);
        k
    }

    /// The entries of placement `d` (from 1) in `cell`.
    pub fn entries(&mut self, cell: usize, d: u32) -> &mut Vec<Ref> {
        &mut self.extra.placement[cell * self.n + d as usize - 1]
    }

    pub fn exclude(&mut self, cell: usize, d: u32) {
        self.extra.excluded[cell * self.n + d as usize - 1] = true;
    }

    /// Makes the problem have no solution.
    pub fn impossible(&mut self) {
        self.primary("none");
    }

    /// The region (box or jigsaw region) of `cell`, numbered as the
    /// layout's houses are.
    pub fn region(&self, cell: usize) -> usize {
        let n = self.n;
        self.houses[cell]
            .iter()
            .copied()
            .find(|h| (2 * n..3 * n).contains(h))
            .unwrap_or(cell / n)
    }

    /// Whether two cells share a house.
    pub fn share_house(&self, p: usize, q: usize) -> bool {
        let (a, b) = (&self.houses[p], &self.houses[q]);
        a.iter().any(|h| b.contains(h))
    }

    /// The secondary item holding the digit of `cell` as its color.
    pub fn value(&mut self, cell: usize) -> u32 {
        if let Some(item) = self.value[cell] {
            return item;
        }
        let n = self.n;
        let k = self.extra.secondary.len() as u32;
        let name = self.label(|| format!("r{}c{}d", cell / n + 1, cell % n + 1));
        self.extra.secondary.push(name);
        for d in 1..=n as u32 {
            self.entries(cell, d).push(Ref::Secondary(k, d));
        }
        self.value[cell] = Some(k);
        k
    }

    /// Forbids digit x in p beside digit y in q whenever `forbidden(x, y)`.
    pub fn forbid(&mut self, p: usize, q: usize, forbidden: &dyn Fn(u32, u32) -> bool) {
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

    /// Makes the placements `(cell, digit)` exclude each other: one
    /// secondary item that each takes.
    pub fn clique(&mut self, placements: &[(usize, u32)]) {
        let item = self.secondary("");
        for &(cell, d) in placements {
            self.entries(cell, d).push(Ref::Secondary(item, 0));
        }
    }

    /// An option of the rules' own, of items `refs`.
    pub fn option(&mut self, refs: Vec<Ref>) {
        self.extra.options.push(refs);
    }

    /// Makes two cells hold the same digit.
    pub fn equal(&mut self, p: usize, q: usize) {
        let item = self.secondary("e");
        for d in 1..=self.n as u32 {
            self.entries(p, d).push(Ref::Secondary(item, d));
            self.entries(q, d).push(Ref::Secondary(item, d));
        }
    }

    /// Makes the cells hold distinct digits.
    pub fn distinct(&mut self, cells: &[usize]) {
        // Cells of one house hold distinct digits already.
        let in_house = |h: &usize| cells.iter().all(|&c| self.houses[c].contains(h));
        if cells.len() < 2 || self.houses[cells[0]].iter().any(in_house) {
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
    pub fn sets(&mut self, cells: &[usize], sets: &[u64]) {
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
    pub fn chain(
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
        // The chains of constraints that propagate by themselves would
        // only repeat them, at a cost: the propagation takes the others'.
        if self
            .owner
            .is_some_and(|k| !self.constraints[k].propagates())
        {
            let mut starts = vec![0];
            for layer in &layers {
                starts.push(starts[starts.len() - 1] + layer.len());
            }
            self.extra.chains.push(ChainGraph {
                cells: cells.to_vec(),
                steps: steps.clone(),
                starts,
            });
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

    /// Segments of equal sums: `cells` read in order, cut into runs of
    /// `lengths` cells, every run with the sum of the first. A chain whose
    /// state is the first run's sum (bits 8 and up, 0 while the first run
    /// is read) and the partial sum of the run (bits 0-7).
    pub fn equal_sums(&mut self, cells: &[usize], lengths: &[usize]) {
        let m = cells.len();
        let mut starts = vec![false; m];
        let mut k = 0;
        for &length in lengths {
            if k < m {
                starts[k] = true;
            }
            k += length;
        }
        let single = lengths.len() == 1;
        self.chain(
            cells,
            0,
            &|k, s, d| {
                let d = u64::from(d);
                let (target, partial) = (s >> 8, s & 255);
                if k == 0 || !starts[k] {
                    return Some(target << 8 | (partial + d));
                }
                match target {
                    0 => Some(partial << 8 | d),
                    t if t == partial => Some(t << 8 | d),
                    _ => None,
                }
            },
            &|s| single || s >> 8 == s & 255,
        );
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
    pub fn tuples(&mut self, cells: &[usize], tuples: &[Vec<u8>]) {
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
    pub fn sum_chain(&mut self, cells: &[usize], sum: u32) {
        let sum = u64::from(sum);
        self.chain(
            cells,
            0,
            &|_, s, d| Some(s + u64::from(d)).filter(|&t| t <= sum),
            &|s| s == sum,
        );
    }

    /// The secondary item of the placement of `d` in `cell` that options
    /// forbidding it take with color 2, the placement with color 1.
    pub fn forbidder(&mut self, cell: usize, d: u32) -> u32 {
        let n = self.n;
        let key = cell * n + d as usize - 1;
        if let Some(item) = self.forbidders[key] {
            return item;
        }
        let k = self.extra.secondary.len() as u32;
        let name = self.label(|| format!("r{}c{}x{d}", cell / n + 1, cell % n + 1));
        self.extra.secondary.push(name);
        self.entries(cell, d).push(Ref::Secondary(k, 1));
        self.extra.colors = self.extra.colors.max(2);
        self.forbidders[key] = Some(k);
        k
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
pub(crate) fn bits(mask: u64) -> impl Iterator<Item = u32> {
    (0..64).filter(move |&b| mask >> b & 1 != 0).map(|b| b + 1)
}

/// The sets of `m` distinct digits of 1..=n summing to `sum`, as masks
/// (bit d for digit d); `None` past [`MAX_SETS`] of them.
pub(crate) fn digit_sets(n: usize, m: usize, sum: u32) -> Option<Vec<u64>> {
    sets_between(1, n as u32, m, sum)
}

/// The sets of `m` distinct digits of `low..=high` summing to `sum`, as
/// masks; `None` past [`MAX_SETS`] of them.
pub(crate) fn sets_between(low: u32, high: u32, m: usize, sum: u32) -> Option<Vec<u64>> {
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

/// A line's cells in the order the chains of its ends read them: the two
/// ends first, then the inside in order.
pub(crate) fn ends_first(cells: &[usize]) -> Vec<usize> {
    let m = cells.len();
    let mut order = vec![cells[0], cells[m - 1]];
    order.extend_from_slice(&cells[1..m - 1]);
    order
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
