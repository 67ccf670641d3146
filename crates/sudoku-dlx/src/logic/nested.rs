//! Forcing chains nested in others, on Sudoku Explainer's scale from
//! 9.0 to 11.0: dynamic forcing chains whose propagation, each time the
//! singles run out, applies other rules to the state the branch reached,
//! and follows what they rule out.
//!
//! The rules of each level, in the order they are tried (the first that
//! rules anything out is applied, then the singles again):
//!
//! - level 1, **dynamic forcing chains (+)** (9.0): pointing and
//!   claiming, hidden pairs, naked pairs and X-wings;
//! - level 2 (9.5): those, then forcing chains and loops on the
//!   branch's links;
//! - level 3 (10.0): those, then cell and house forcing chains;
//! - level 4 (10.5): the level 1 rules, then dynamic forcing chains;
//! - level 5 (11.0): those, then dynamic forcing chains of level 2.
//!
//! A rule's conclusion in a branch follows from the options the branch
//! ruled out in what the rule read (a set's base items, for pointing
//! and claiming only their places outside the other house; the items of
//! a chain's strong links): those are its parents, and a conclusion with
//! none would hold without the branch, so it is not used. A nested
//! chain's own complexity adds to the chain that uses it, once, as
//! Sudoku Explainer counts it.

use dlx::OptionId;

use super::{Kind, Logic, Step};
use crate::constraint::equations::bits;
use crate::encode;

/// What a nested rule rules out in a branch, and why.
pub(super) struct Inference {
    /// The options ruled out.
    pub(super) removed: Vec<u32>,
    /// The options the branch ruled out that the rule read.
    pub(super) parents: Vec<u32>,
    /// The complexity of the rule's step: a nested chain's, 0 for a set.
    pub(super) complexity: usize,
}

/// A conclusion of a rule in a branch: the options it rules out, the
/// options whose absence it read (those the branch ruled out are its
/// parents), its complexity.
type Found = (Vec<u32>, Vec<u32>, usize);

/// The highest level of nesting.
const MAX_LEVEL: u8 = 5;

impl Logic {
    /// The easiest step of the nested forcing chains, level by level;
    /// where Sudoku Explainer's scale applies (rows, columns and boxes
    /// or regions alone, up to 9x9) and for a puzzle known to have one
    /// solution ([`Logic::assume_unique`]), as the uniqueness rules:
    /// where there are several, the path ends where no step is certain,
    /// and every level would be searched in vain first (minutes). On a
    /// variant's layout, its rule forcing chains and trial serve
    /// instead: nested chains through an anti-knight's or a
    /// non-consecutive's links take a minute a puzzle.
    pub(super) fn nested_chains(&self) -> Option<Step> {
        if !self.uniqueness_serves() || self.n > 9 {
            return None;
        }
        (1..=MAX_LEVEL).find_map(|level| {
            if self.is_cancelled() {
                None
            } else {
                self.multiple_chains(true, level)
            }
        })
    }

    /// What the nested rules of `level` rule out in the state `live`
    /// (with `count` live options per item) that a branch from this
    /// state reached: the conclusions of the first rule that has any
    /// with parents.
    pub(super) fn nested_inferences(
        &self,
        live: &[bool],
        count: &[u32],
        level: u8,
    ) -> Vec<Inference> {
        let state = self.branch(live, count);
        let from_steps = |steps: Vec<Step>| -> Vec<Found> {
            steps
                .into_iter()
                .map(|step| {
                    let removed = state.step_removals(&step);
                    (removed, self.options_of(&step.reads), step.complexity)
                })
                .collect()
        };
        let rules: Vec<Box<dyn Fn() -> Vec<Found> + '_>> = match level {
            0 => Vec::new(),
            1 => vec![
                Box::new(|| state.locked()),
                Box::new(|| state.hidden_pairs()),
                Box::new(|| state.naked_pairs()),
                Box::new(|| state.x_wings()),
            ],
            2 | 3 => {
                let mut rules: Vec<Box<dyn Fn() -> Vec<Found> + '_>> = vec![
                    Box::new(|| state.locked()),
                    Box::new(|| state.hidden_pairs()),
                    Box::new(|| state.naked_pairs()),
                    Box::new(|| state.x_wings()),
                    Box::new(|| from_steps(state.static_chain_steps())),
                ];
                if level == 3 {
                    rules.push(Box::new(|| {
                        from_steps(state.multiple_chain_steps(false, 0))
                    }));
                }
                rules
            }
            _ => {
                let mut rules: Vec<Box<dyn Fn() -> Vec<Found> + '_>> = vec![
                    Box::new(|| state.locked()),
                    Box::new(|| state.hidden_pairs()),
                    Box::new(|| state.naked_pairs()),
                    Box::new(|| state.x_wings()),
                    Box::new(|| from_steps(state.multiple_chain_steps(true, 0))),
                ];
                if level >= 5 {
                    rules.push(Box::new(|| {
                        from_steps(state.multiple_chain_steps(true, level - 3))
                    }));
                }
                rules
            }
        };
        for rule in rules {
            if self.is_cancelled() {
                break;
            }
            let inferences: Vec<Inference> = rule()
                .into_iter()
                .filter_map(|(removed, reads, complexity)| {
                    let mut parents: Vec<u32> = reads
                        .into_iter()
                        .filter(|&o| self.live[o as usize] && !live[o as usize])
                        .collect();
                    parents.sort_unstable();
                    parents.dedup();
                    (!parents.is_empty() && !removed.is_empty()).then_some(Inference {
                        removed,
                        parents,
                        complexity,
                    })
                })
                .collect();
            if !inferences.is_empty() {
                return inferences;
            }
        }
        Vec::new()
    }

    /// The state a branch reached, as a state of its own: a cell with
    /// one candidate left counts as filled.
    fn branch(&self, live: &[bool], count: &[u32]) -> Logic {
        let mut state = self.clone();
        state.live.copy_from_slice(live);
        state.count.copy_from_slice(count);
        for (covered, &count) in state.covered.iter_mut().zip(count).take(self.n * self.n) {
            *covered |= count <= 1;
        }
        state.unique = false;
        state.inner = true;
        state
    }

    /// What a step rules out: its eliminations, and for an option it
    /// places, the other candidates of its cell.
    fn step_removals(&self, step: &Step) -> Vec<u32> {
        let mut removed = step.removed.clone();
        for &o in &step.selected {
            let o = o as usize;
            let items = match self.cell_item(o) {
                Some(cell) => vec![cell as u32],
                None => self.shape.items[o].clone(),
            };
            for item in items {
                removed.extend(
                    self.live_options(item as usize)
                        .filter(|&q| q != o)
                        .map(|q| q as u32),
                );
            }
        }
        removed.sort_unstable();
        removed.dedup();
        removed
    }

    /// The options of `items`.
    fn options_of(&self, items: &[u32]) -> Vec<u32> {
        items
            .iter()
            .flat_map(|&i| self.shape.options[i as usize].iter().copied())
            .collect()
    }

    /// The cell and digit of option `o`.
    pub(super) fn cell_digit(&self, o: usize) -> Option<(usize, u8)> {
        encode::placement(self.n, OptionId::from_index(o))
    }

    /// Whether `item` is a house's digit still to place in two or more
    /// cells.
    fn open_house(&self, item: usize) -> bool {
        matches!(self.shape.kinds[item], Kind::House(..))
            && self.shape.exact[item]
            && !self.covered[item]
            && self.count[item] >= 2
    }

    /// Pointing and claiming: a house's digit whose places all lie in
    /// another house leaves the rest of it.
    ///
    /// In Sudoku Explainer's order, as the branch follows the first
    /// conclusions first: boxes onto columns, boxes onto rows, columns
    /// onto boxes, rows onto boxes (then extra houses), each digit by
    /// digit and house by house; a conclusion's cells as its Java hash
    /// map lists them ([`Logic::hash_order`]).
    fn locked(&self) -> Vec<Found> {
        const PAIRS: [(u8, u8); 10] = [
            (2, 1),
            (2, 0),
            (1, 2),
            (0, 2),
            (3, 0),
            (3, 1),
            (3, 2),
            (0, 3),
            (1, 3),
            (2, 3),
        ];
        let n = self.n;
        let shape = &self.shape;
        let masks = &shape.house_masks;
        // The cells where each digit is live.
        let mut cells = vec![0u128; n];
        for (o, _) in self
            .live
            .iter()
            .enumerate()
            .take(n * n * n)
            .filter(|(_, &l)| l)
        {
            cells[o % n] |= 1 << (o / n);
        }
        let options = |mask: u128, d: usize| bits(mask).map(move |c| (c * n + d) as u32);
        let mut found = Vec::new();
        for (base, cover_family) in PAIRS {
            for (d, &live) in cells.iter().enumerate() {
                for house in self.family(usize::from(base)) {
                    let item = n * n + house * n + d;
                    let places = live & masks[house];
                    if places == 0 || !self.open_house(item) {
                        continue;
                    }
                    let first = places.trailing_zeros() as usize * n + d;
                    for &cover in &shape.exact_items[first] {
                        let cover = cover as usize;
                        if cover == item
                            || !matches!(shape.kinds[cover], Kind::House(f, ..) if f == cover_family)
                        {
                            continue;
                        }
                        let other = masks[(cover - n * n) / n];
                        let outside = live & other & !masks[house];
                        if places & !other != 0 || outside == 0 {
                            continue;
                        }
                        let mut removed: Vec<u32> = options(outside, d).collect();
                        self.hash_order(&mut removed, |c| c);
                        // Its places the branch ruled out in the other
                        // house do not make the rule: those outside it do.
                        let reads = options(masks[house] & !other, d)
                            .filter(|&o| (o as usize) < self.live.len())
                            .collect();
                        found.push((removed, reads, 0));
                    }
                }
            }
        }
        found
    }

    /// The houses of a family: 0 rows, 1 columns, 2 boxes, 3 the others.
    fn family(&self, family: usize) -> std::ops::Range<usize> {
        match family {
            3 => 3 * self.n..self.shape.layout.house_count(),
            f => f * self.n..(f + 1) * self.n,
        }
    }

    /// The cells of `house` the state had no digit in before the
    /// branch: Sudoku Explainer looks for hidden and naked pairs only in
    /// houses with enough of them.
    fn empty_cells(&self, house: usize) -> usize {
        (0..self.n)
            .filter(|&k| self.placed[self.shape.layout.house_cell(house, k)] == 0)
            .count()
    }

    /// Options ruled out in the order Sudoku Explainer's Java hash map
    /// of cells lists them: by cell index modulo its table's size (16
    /// up to 12 cells, then doubled), then as `rank` orders the cells it
    /// inserted, then digit by digit.
    fn hash_order(&self, removed: &mut [u32], rank: impl Fn(usize) -> usize) {
        let cell = |o: u32| self.cell_digit(o as usize).unwrap_or((0, 0));
        let mut cells: Vec<usize> = removed.iter().map(|&o| cell(o).0).collect();
        cells.sort_unstable();
        cells.dedup();
        let mut table = 16;
        while cells.len() * 4 > table * 3 {
            table *= 2;
        }
        removed.sort_by_key(|&o| {
            let (c, d) = cell(o);
            (c % table, rank(c), d)
        });
    }

    /// Hidden pairs: two digits of a house with the same two places
    /// leave those cells' other candidates. In Sudoku Explainer's order:
    /// boxes, columns, rows, then other houses; digit pairs by their
    /// larger digit, then the smaller; houses of more than four cells
    /// empty before the branch.
    fn hidden_pairs(&self) -> Vec<Found> {
        let n = self.n;
        let mut found = Vec::new();
        for family in [2, 1, 0, 3] {
            for house in self.family(family) {
                if self.empty_cells(house) <= 4 {
                    continue;
                }
                let pairs: Vec<(usize, [usize; 2])> = (0..n)
                    .map(|d| n * n + house * n + d)
                    .filter(|&i| self.open_house(i) && self.count[i] == 2)
                    .filter_map(|i| {
                        let mut cells = self
                            .live_options(i)
                            .filter_map(|o| self.cell_digit(o).map(|(c, _)| c));
                        Some((i, [cells.next()?, cells.next()?]))
                    })
                    .collect();
                found.extend(self.same_places(&pairs, |cell| cell, |c| c));
            }
        }
        found
    }

    /// Of base items each with its two places (`bases`), two with the
    /// same places, the later of the two first: the items those places
    /// name (`cover`) lose their other options, listed by `rank`.
    fn same_places(
        &self,
        bases: &[(usize, [usize; 2])],
        cover: impl Fn(usize) -> usize,
        rank: impl Fn(usize) -> usize + Copy,
    ) -> Vec<Found> {
        let holds = |item: usize, o: usize| self.shape.options[item].contains(&(o as u32));
        let mut found = Vec::new();
        for (k, &(b, places)) in bases.iter().enumerate() {
            for &(a, other) in &bases[..k] {
                if other != places {
                    continue;
                }
                let mut removed: Vec<u32> = places
                    .iter()
                    .flat_map(|&p| self.live_options(cover(p)))
                    .filter(|&o| !holds(a, o) && !holds(b, o))
                    .map(|o| o as u32)
                    .collect();
                if !removed.is_empty() {
                    self.hash_order(&mut removed, rank);
                    found.push((removed, self.options_of(&[a as u32, b as u32]), 0));
                }
            }
        }
        found
    }

    /// Naked pairs: two cells of a house with the same two candidates
    /// leave those digits to them in the house. In Sudoku Explainer's
    /// order: boxes, columns, rows, then other houses; cell pairs by
    /// their later cell, then the earlier; houses of four cells or more
    /// empty before the branch.
    fn naked_pairs(&self) -> Vec<Found> {
        let n = self.n;
        let layout = &self.shape.layout;
        let mut found = Vec::new();
        for family in [2, 1, 0, 3] {
            for house in self.family(family) {
                if self.empty_cells(house) < 4 {
                    continue;
                }
                let pairs: Vec<usize> = (0..n)
                    .map(|k| layout.house_cell(house, k))
                    .filter(|&c| !self.covered[c] && self.count[c] == 2)
                    .collect();
                for (k, &b) in pairs.iter().enumerate() {
                    let digits = self.cell_mask(b);
                    for &a in &pairs[..k] {
                        if self.cell_mask(a) != digits {
                            continue;
                        }
                        let mut removed: Vec<u32> = (1..=n as u8)
                            .filter(|&d| digits >> d & 1 == 1)
                            .map(|d| n * n + house * n + usize::from(d) - 1)
                            .flat_map(|item| self.live_options(item))
                            .filter(|&o| self.cell_digit(o).is_some_and(|(c, _)| c != a && c != b))
                            .map(|o| o as u32)
                            .collect();
                        if !removed.is_empty() {
                            self.hash_order(&mut removed, |c| c);
                            found.push((removed, self.options_of(&[a as u32, b as u32]), 0));
                        }
                    }
                }
            }
        }
        found
    }

    /// X-wings: a digit with the same two places in two rows (columns)
    /// leaves the rest of those columns (rows). In Sudoku Explainer's
    /// order: columns first, pairs of lines by the later line, then
    /// digit by digit; digits placed at most n - 4 times before the
    /// branch.
    fn x_wings(&self) -> Vec<Found> {
        let n = self.n;
        let mut placed = vec![0usize; n + 1];
        for &d in &self.placed {
            placed[usize::from(d)] += 1;
        }
        let mut found = Vec::new();
        for (family, cross) in [(1, 0), (0, 1)] {
            let item = |family: usize, line: usize, d: usize| n * n + (family * n + line) * n + d;
            // A cover line's cells in the order they are listed: along
            // each cover line in turn.
            let rank = |c: usize| if cross == 0 { c } else { (c % n) * n + c / n };
            let places = |i: usize| -> Option<[usize; 2]> {
                if !self.open_house(i) || self.count[i] != 2 {
                    return None;
                }
                let mut places = self.live_options(i).filter_map(|o| {
                    let (c, _) = self.cell_digit(o)?;
                    Some(if family == 0 { c % n } else { c / n })
                });
                Some([places.next()?, places.next()?])
            };
            // Each line's digit's two places, if it has two.
            let two: Vec<Option<[usize; 2]>> = (0..n * n)
                .map(|k| places(item(family, k / n, k % n)))
                .collect();
            for second in 0..n {
                for first in 0..second {
                    for d in 0..n {
                        if placed[d + 1] + 4 > n {
                            continue;
                        }
                        let (a, b) = (item(family, first, d), item(family, second, d));
                        let (Some(pa), Some(pb)) = (two[first * n + d], two[second * n + d]) else {
                            continue;
                        };
                        if pa == pb {
                            let bases = [(a, pa), (b, pb)];
                            found.extend(self.same_places(&bases, |p| item(cross, p, d), rank));
                        }
                    }
                }
            }
        }
        found
    }
}
