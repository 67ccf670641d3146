//! The set rule: k items that each need exactly one option, no option
//! holding two of them, whose options all lie in k other items. The k
//! options chosen for them fill those k items, so every other option of
//! those items goes, and so does a base option that lies in two of
//! them. Locked candidates (k = 1), naked and hidden subsets and fish
//! (k = 2 to 4) are this rule, and take those names when the items are
//! the ones players name.

use std::collections::HashSet;

use dlx::OptionId;

use super::{Kind, Logic, Step, Technique};
use crate::encode;

/// The largest k the set rule tries.
pub const MAX_SET: usize = 4;

/// How many base sets the set rule looks at per size before it gives up
/// on that size: a bound on the work of one step on the hardest puzzles.
const SET_BUDGET: usize = 20_000;

/// How many other base sets of more than one item the set rule looks at
/// once the sets players name gave nothing.
const MIXED_BUDGET: usize = 500;

impl Logic {
    /// The easiest step of the set rule with `k` base items.
    pub(super) fn set_rule(&self, k: usize) -> Option<Step> {
        self.set_search(k, false)
    }

    /// The set rule's search for `k` base items (only direct steps with
    /// `direct`): first the sets players name (cells or digits of one
    /// house, a digit's rows or columns), then any connected set, within
    /// a budget when k > 1.
    pub(super) fn set_search(&self, k: usize, direct: bool) -> Option<Step> {
        let candidates: Vec<usize> = (0..self.count.len())
            .filter(|&i| self.shape.exact[i] && !self.covered[i] && self.count[i] >= 2)
            .collect();
        let mut search = SetSearch {
            logic: self,
            k,
            candidates: &candidates,
            base: Vec::with_capacity(k),
            in_base: vec![false; self.count.len()],
            touched: vec![0; self.count.len()],
            options: Vec::new(),
            seen: HashSet::new(),
            budget: if k == 1 { SET_BUDGET } else { MIXED_BUDGET },
            best: None,
            direct,
        };
        if k > 1 {
            for group in self.set_groups() {
                search.pick(&group, 0, &mut Vec::new(), 0);
            }
            // Sudoku Explainer's scale, which rates the classic layouts,
            // has no set but those players name.
            if search.best.is_some() || direct || self.uniqueness_applies() {
                return search.best.map(|(_, step)| step);
            }
        }
        for first in 0..candidates.len() {
            search.add(first);
        }
        search.best.map(|(_, step)| step)
    }

    /// The groups whose sets players name, each item with the mask of
    /// what its options fill in the group's terms: the open cells of each
    /// house (their digits), the open digits of each house (their cells'
    /// places in the house), and each digit's open rows and open columns
    /// (their columns or rows). k items of a group whose masks make k
    /// bits between them are a naked or hidden subset or a fish.
    fn set_groups(&self) -> Vec<Vec<(usize, u128)>> {
        let n = self.n;
        if n > 120 {
            return Vec::new();
        }
        const ELSEWHERE: u128 = 1 << 127;
        let open = |i: usize| self.shape.exact[i] && !self.covered[i] && self.count[i] >= 2;
        let cell_of = |o: usize| encode::placement(n, OptionId::from_index(o)).map(|(c, _)| c);
        let mut houses: std::collections::BTreeMap<(u8, usize), Vec<(usize, u8)>> =
            std::collections::BTreeMap::new();
        let mut lines: std::collections::BTreeMap<(u8, u8), Vec<(usize, u128)>> =
            std::collections::BTreeMap::new();
        for item in (0..self.count.len()).filter(|&i| open(i)) {
            if let Kind::House(family, house, digit) = self.shape.kinds[item] {
                houses
                    .entry((family, house))
                    .or_default()
                    .push((item, digit));
                if family < 2 {
                    let mask = self.live_options(item).fold(0u128, |mask, o| {
                        mask | match cell_of(o) {
                            Some(cell) if family == 0 => 1 << (cell % n),
                            Some(cell) => 1 << (cell / n),
                            None => ELSEWHERE,
                        }
                    });
                    lines.entry((digit, family)).or_default().push((item, mask));
                }
            }
        }
        let mut groups = Vec::new();
        for digits in houses.into_values() {
            let mut cells: Vec<usize> = digits
                .iter()
                .flat_map(|&(item, _)| self.live_options(item).filter_map(cell_of))
                .filter(|&c| open(c))
                .collect();
            cells.sort_unstable();
            cells.dedup();
            let place = |o: usize| {
                cell_of(o)
                    .and_then(|c| cells.binary_search(&c).ok())
                    .map_or(ELSEWHERE, |at| 1 << at)
            };
            let cell_masks = cells
                .iter()
                .map(|&c| {
                    let mask = self.live_options(c).fold(0u128, |mask, o| {
                        let digit = encode::placement(n, OptionId::from_index(o)).map(|(_, d)| d);
                        mask | digit.map_or(ELSEWHERE, |d| 1 << (d - 1))
                    });
                    (c, mask)
                })
                .collect();
            let digit_masks = digits
                .iter()
                .map(|&(item, _)| (item, self.live_options(item).fold(0, |m, o| m | place(o))))
                .collect();
            groups.push(cell_masks);
            groups.push(digit_masks);
        }
        groups.extend(lines.into_values());
        groups
    }

    /// Names a set of `base` items covered by `cover` items after the
    /// pattern players know, if it is one.
    fn classify(&self, base: &[usize], cover: &[usize]) -> Technique {
        let k = base.len();
        let kinds = |items: &[usize]| {
            items
                .iter()
                .map(|&i| self.shape.kinds[i])
                .collect::<Vec<_>>()
        };
        let (b, c) = (kinds(base), kinds(cover));
        let same_digit = |kinds: &[Kind], family: &dyn Fn(u8) -> bool| -> Option<u8> {
            let mut digit = None;
            for kind in kinds {
                match *kind {
                    Kind::House(f, _, d) if family(f) && digit.is_none_or(|x| x == d) => {
                        digit = Some(d)
                    }
                    _ => return None,
                }
            }
            digit
        };
        let same_house = |kinds: &[Kind]| -> bool {
            let mut house = None;
            kinds.iter().all(|kind| match *kind {
                Kind::House(f, h, _) => {
                    let ok = house.is_none_or(|x| x == (f, h));
                    house = Some((f, h));
                    ok
                }
                _ => false,
            })
        };
        let all_cells = |kinds: &[Kind]| kinds.iter().all(|&kind| kind == Kind::Cell);
        if k == 1 {
            let digits = (same_digit(&b, &|f| f == 2), same_digit(&c, &|f| f < 2));
            if let (Some(x), Some(y)) = digits {
                if x == y {
                    return Technique::Pointing;
                }
            }
            let digits = (same_digit(&b, &|f| f < 2), same_digit(&c, &|f| f == 2));
            if let (Some(x), Some(y)) = digits {
                if x == y {
                    return Technique::Claiming;
                }
            }
        }
        if all_cells(&b) && same_house(&c) {
            return Technique::NakedSubset(k);
        }
        if all_cells(&c) && same_house(&b) {
            return Technique::HiddenSubset(k);
        }
        for (rows, cols) in [(0u8, 1u8), (1, 0)] {
            let base_digit = same_digit(&b, &|f| f == rows);
            let cover_digit = same_digit(&c, &|f| f == cols);
            if base_digit.is_some() && base_digit == cover_digit && k > 1 {
                return Technique::Fish(k);
            }
        }
        Technique::SetRule(k)
    }
}

/// The search for base sets of the set rule. A set whose base items
/// fall into groups that share no item is the union of smaller sets,
/// which remove the same options, so only connected sets are grown: the
/// first base item is the least, and each next one shares an item with
/// an option of those before. A set is dropped as soon as no k covers
/// can hold all its options.
struct SetSearch<'a> {
    logic: &'a Logic,
    k: usize,
    candidates: &'a [usize],
    base: Vec<usize>,
    in_base: Vec<bool>,
    /// How many base options hold each item.
    touched: Vec<u32>,
    /// The live options of the base items, as they were added.
    options: Vec<usize>,
    /// The base sets grown so far, sorted: one growth of each.
    seen: HashSet<Vec<usize>>,
    budget: usize,
    best: Option<(f64, Step)>,
    /// Only direct steps: pointing, claiming and hidden subsets that
    /// leave a single.
    direct: bool,
}

impl SetSearch<'_> {
    /// Adds candidate `index` to the base, if it may join it, and grows
    /// the set from there.
    fn add(&mut self, index: usize) {
        if self.budget == 0 || self.logic.is_cancelled() {
            return;
        }
        self.budget -= 1;
        let item = self.candidates[index];
        let logic = self.logic;
        let items = |o: usize| logic.shape.items[o].iter().map(|&i| i as usize);
        // No option may hold two base items, and a base item after the
        // first shares an item with the options before.
        if self.in_base[item]
            || logic
                .live_options(item)
                .any(|o| items(o).any(|i| self.in_base[i]))
            || (!self.base.is_empty()
                && !logic
                    .live_options(item)
                    .any(|o| items(o).any(|i| self.touched[i] > 0)))
        {
            return;
        }
        if self.base.len() >= 2 {
            let mut key = self.base.clone();
            key.push(item);
            key.sort_unstable();
            if !self.seen.insert(key) {
                return;
            }
        }
        let mark = self.push(item);
        let mut chosen = Vec::new();
        if self.hit(0, &mut chosen, &mut |_| true) {
            if self.base.len() == self.k {
                self.covers();
            } else {
                let first = self.candidates.binary_search(&self.base[0]).unwrap_or(0);
                for next in first + 1..self.candidates.len() {
                    self.add(next);
                }
            }
        }
        self.pop(mark);
    }

    /// Puts `item` in the base; returns where its options start.
    fn push(&mut self, item: usize) -> usize {
        let logic = self.logic;
        let mark = self.options.len();
        for o in logic.live_options(item) {
            self.options.push(o);
            for &i in &logic.shape.items[o] {
                self.touched[i as usize] += 1;
            }
        }
        self.in_base[item] = true;
        self.base.push(item);
        mark
    }

    /// Takes the last item out of the base.
    fn pop(&mut self, mark: usize) {
        let logic = self.logic;
        if let Some(item) = self.base.pop() {
            self.in_base[item] = false;
        }
        for &o in &self.options[mark..] {
            for &i in &logic.shape.items[o] {
                self.touched[i as usize] -= 1;
            }
        }
        self.options.truncate(mark);
    }

    /// Every set of k items of `group` from index `from` on whose masks
    /// make k bits between them (with `union` so far): the items of a
    /// group share no option.
    fn pick(&mut self, group: &[(usize, u128)], from: usize, chosen: &mut Vec<usize>, union: u128) {
        if chosen.len() == self.k {
            if union.count_ones() as usize == self.k {
                let marks: Vec<usize> = chosen.iter().map(|&item| self.push(item)).collect();
                self.covers();
                for &mark in marks.iter().rev() {
                    self.pop(mark);
                }
            }
            return;
        }
        for (at, &(item, mask)) in group.iter().enumerate().skip(from) {
            let union = union | mask;
            if union.count_ones() as usize > self.k {
                continue;
            }
            chosen.push(item);
            self.pick(group, at + 1, chosen, union);
            chosen.pop();
        }
    }

    /// Calls `found` with each set of at most k items outside the base
    /// that holds every base option (from option `from` on, with
    /// `chosen` so far); true as soon as `found` returns true.
    fn hit(
        &self,
        from: usize,
        chosen: &mut Vec<usize>,
        found: &mut dyn FnMut(&[usize]) -> bool,
    ) -> bool {
        let logic = self.logic;
        // Only exact items are chosen.
        let unhit = self.options[from..].iter().position(|&o| {
            !logic.shape.exact_items[o]
                .iter()
                .any(|i| chosen.contains(&(*i as usize)))
        });
        let Some(offset) = unhit else {
            return found(chosen);
        };
        if chosen.len() == self.k || self.apart(from + offset, chosen) > self.k - chosen.len() {
            return false;
        }
        let option = self.options[from + offset];
        // Covers are items every solution fills: an item of a rule (at
        // most once) would serve too, but multiplies the search.
        for &item in &logic.shape.exact_items[option] {
            let item = item as usize;
            if self.in_base[item] {
                continue;
            }
            chosen.push(item);
            let done = self.hit(from + offset + 1, chosen, found);
            chosen.pop();
            if done {
                return true;
            }
        }
        false
    }

    /// A lower bound on the covers still needed for the base options from
    /// `from` on, with `chosen` so far: how many of those not yet held
    /// share no item outside the base with one another, taken greedily
    /// (each needs a cover of its own). It stops past `self.k`.
    fn apart(&self, from: usize, chosen: &[usize]) -> usize {
        let logic = self.logic;
        let mut taken = [0u32; 4 * MAX_SET + 8];
        let (mut len, mut count) = (0, 0);
        for &o in &self.options[from..] {
            let items = &logic.shape.exact_items[o];
            if items.iter().any(|&i| chosen.contains(&(i as usize))) {
                continue;
            }
            let free = items.iter().filter(|&&i| !self.in_base[i as usize]);
            if free.clone().any(|i| taken[..len].contains(i)) {
                continue;
            }
            count += 1;
            if count > self.k {
                break;
            }
            for &i in free {
                if len == taken.len() {
                    return count;
                }
                taken[len] = i;
                len += 1;
            }
        }
        count
    }

    /// Every cover of the full base set, each kept as a step if it
    /// removes an option and is easier than the best so far.
    fn covers(&mut self) {
        let mut covers: Vec<Vec<usize>> = Vec::new();
        let mut chosen = Vec::new();
        self.hit(0, &mut chosen, &mut |cover| {
            if cover.len() == self.k {
                let mut cover = cover.to_vec();
                cover.sort_unstable();
                if !covers.contains(&cover) {
                    covers.push(cover);
                }
            }
            false
        });
        let logic = self.logic;
        for cover in covers {
            let mut technique = logic.classify(&self.base, &cover);
            if self.direct {
                technique = match technique {
                    Technique::Pointing => Technique::DirectPointing,
                    Technique::Claiming => Technique::DirectClaiming,
                    Technique::HiddenSubset(k) if k > 1 => Technique::DirectHiddenSubset(k),
                    _ => continue,
                };
            }
            let difficulty = technique.difficulty();
            if self.best.as_ref().is_some_and(|(d, _)| *d <= difficulty) {
                continue;
            }
            let removed = self.removed_by(&cover);
            if removed.is_empty() {
                continue;
            }
            let step = if self.direct {
                let Some(step) = self.direct_step(technique, &cover, removed) else {
                    continue;
                };
                step
            } else {
                logic.step(
                    technique,
                    self.names(&self.base),
                    self.names(&cover),
                    Vec::new(),
                    removed,
                )
            };
            self.best = Some((difficulty, step));
        }
    }

    /// The options the base set with `cover` removes, sorted: each base
    /// option that lies in two cover items, and every other option of
    /// the cover items.
    fn removed_by(&self, cover: &[usize]) -> Vec<u32> {
        let logic = self.logic;
        let mut removed: Vec<u32> = Vec::new();
        for &o in &self.options {
            let hits = logic.shape.items[o]
                .iter()
                .filter(|&&i| cover.contains(&(i as usize)))
                .count();
            if hits > 1 {
                removed.push(o as u32);
            }
        }
        for &c in cover {
            for o in logic.live_options(c) {
                if !self.options.contains(&o) && !removed.contains(&(o as u32)) {
                    removed.push(o as u32);
                }
            }
        }
        removed.sort_unstable();
        removed
    }

    /// The direct step of `technique` for `cover`, if the options it
    /// removes leave a single where the technique places one: a digit's
    /// last place in a box (pointing), in a line (claiming) or in the
    /// subset's own house (a hidden subset).
    fn direct_step(
        &self,
        technique: Technique,
        cover: &[usize],
        removed: Vec<u32>,
    ) -> Option<Step> {
        let logic = self.logic;
        let base = logic.shape.kinds[self.base[0]];
        let fits = |kind: Kind| match (technique, base, kind) {
            (Technique::DirectPointing, _, Kind::House(f, ..)) => f == 2,
            (Technique::DirectClaiming, Kind::House(b, ..), Kind::House(f, ..)) => f == b,
            (_, Kind::House(b, h, _), Kind::House(f, g, d)) => {
                (f, g) == (b, h)
                    && !self
                        .base
                        .iter()
                        .any(|&i| logic.shape.kinds[i] == Kind::House(b, h, d))
            }
            _ => false,
        };
        let (_, single) = logic.direct_single(&removed, &fits)?;
        let mut step = logic.step(
            technique,
            self.names(&self.base),
            self.names(cover),
            vec![single as u32],
            removed,
        );
        // The step places the single, as Sudoku Explainer's does;
        // the eliminations that lead to it are not carried out,
        // so they are not listed as its conclusions either.
        step.removed.clear();
        step.eliminations.clear();
        Some(step)
    }

    /// The names of `items` in the problem.
    fn names(&self, items: &[usize]) -> Vec<String> {
        items
            .iter()
            .map(|&i| self.logic.shape.names[i].clone())
            .collect()
    }
}
