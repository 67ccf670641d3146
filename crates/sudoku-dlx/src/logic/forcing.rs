//! Forcing chains through a variant's rules: a candidate assumed, its
//! consequences followed by what a player applies on the way (naked and
//! hidden singles, a placed digit leaving the cells it rules out, a
//! digit's places in a box and a line, the combinations of the cages and
//! of the 45 rule's sums, and each other constraint's own reading of
//! the candidates, as the search's propagation narrows them), until the
//! grid contradicts itself: the candidate is ruled out. A chain that
//! reads sums alone is a **cage forcing chain**, as killer players use
//! them; one through other rules a **rule forcing chain**.
//!
//! The propagation works on the cells' candidates alone, and every rule
//! it applies holds in every solution, so a contradiction it finds is
//! one. The step lists the facts the contradiction depends on, each
//! after those it follows from, as the other forcing chains do, and the
//! rules it read as its cover.

use super::cages::{held_digits, sum_removals, SumGroup, Ways, WaysMemo};
use super::{cell_name, Logic, Step, Technique};
use crate::constraint::domains::Domains;
use crate::constraint::Constraint;
use crate::encode;
use crate::layout::Layout;

/// The most ways a sum is read in within a chain: larger sums are left
/// out of the propagation.
const CHAIN_WAYS: usize = 2_000;

/// The most digit choices (the product of its cells' candidate counts)
/// a sum may have to be read within a chain, unless it is read from its
/// sets of digits.
const CHAIN_WIDTH: u64 = 100;

/// No fact.
const NONE: u32 = u32::MAX;

/// What a propagation reads, computed once for a search.
#[derive(Debug)]
pub(super) struct Tables {
    n: usize,
    /// The cells of each house.
    houses: Vec<Vec<usize>>,
    /// The houses of each cell.
    cell_houses: Vec<Vec<usize>>,
    /// The sum groups holding each cell.
    cell_groups: Vec<Vec<usize>>,
    /// The placements each placement (`cell * (n + 1) + digit`) rules
    /// out in other cells: those sharing an item of the puzzle's problem
    /// with it (its houses' cells, and a variant's, as knight's moves).
    conflicts: Vec<Vec<u32>>,
    /// The puzzle's constraints other than the sums, each with its cells,
    /// read by their own propagation.
    rules: Vec<(Constraint, Vec<usize>)>,
    /// The rules holding each cell.
    cell_rules: Vec<Vec<usize>>,
    /// The ways of the sums read so far: the chains of one puzzle read
    /// the same sums in the same states again and again.
    read: WaysMemo,
}

impl Tables {
    fn new(logic: &Logic) -> Tables {
        let (layout, sums) = (&logic.shape.layout, &logic.shape.sums[..]);
        let n = layout.side();
        let houses: Vec<Vec<usize>> = (0..layout.house_count())
            .map(|h| (0..n).map(|k| layout.house_cell(h, k)).collect())
            .collect();
        let cell_houses = (0..n * n)
            .map(|c| layout.cell_houses(c).collect())
            .collect();
        let mut cell_groups = vec![Vec::new(); n * n];
        for (g, group) in sums.iter().enumerate() {
            for &c in &group.cells {
                cell_groups[c].push(g);
            }
        }
        let mut conflicts = vec![Vec::new(); n * n * (n + 1)];
        for cell in 0..n * n {
            for digit in 1..=n as u8 {
                let option = encode::option(n, cell, digit).index();
                let list = &mut conflicts[cell * (n + 1) + usize::from(digit)];
                for &item in logic.shape.items.get(option).into_iter().flatten() {
                    for &other in &logic.shape.options[item as usize] {
                        let other = dlx::OptionId::from_index(other as usize);
                        if let Some((c, d)) = encode::placement(n, other) {
                            if c != cell {
                                list.push((c * (n + 1) + usize::from(d)) as u32);
                            }
                        }
                    }
                }
                list.sort_unstable();
                list.dedup();
            }
        }
        let rules: Vec<(Constraint, Vec<usize>)> = layout
            .constraints()
            .iter()
            .filter(|c| c.propagates() && !matches!(c, Constraint::Cage { sum: Some(_), .. }))
            .map(|c| {
                let cells = c.cells(n).iter().map(|&(r, col)| r * n + col).collect();
                (c.clone(), cells)
            })
            .collect();
        let mut cell_rules = vec![Vec::new(); n * n];
        for (r, (_, cells)) in rules.iter().enumerate() {
            for &c in cells {
                if !cell_rules[c].contains(&r) {
                    cell_rules[c].push(r);
                }
            }
        }
        Tables {
            n,
            houses,
            cell_houses,
            cell_groups,
            conflicts,
            rules,
            cell_rules,
            read: WaysMemo::default(),
        }
    }

    /// The ways of sum group `g` (`group`), its cells' candidates `masks`
    /// and its `held` digits, as [`ways`] reads them without their
    /// combinations, remembered.
    fn ways(&self, g: usize, group: &SumGroup, masks: &[u64], held: &[(u64, u32)]) -> Option<Ways> {
        self.read.ways(g, group, masks, held, CHAIN_WAYS)
    }
}

/// A digit placed in a cell or ruled out of it, with the facts it
/// follows from: `arena[start..end]`.
struct Fact {
    cell: usize,
    digit: u8,
    on: bool,
    parents: (u32, u32),
    /// The rule whose reading ruled it out: a sum group, or past them
    /// one of the other constraints; `NONE` for houses and singles.
    rule: u32,
}

/// Where a propagation found no way on.
#[derive(Clone, Copy)]
enum Clash {
    /// A cell with no candidate left.
    Cell(usize),
    /// A digit with no place left in a house.
    House(usize, u8),
    /// A sum group with no way left.
    Sum(usize),
    /// A constraint other than the sums left with no way.
    Rule(usize),
}

/// The state of one assumption followed.
struct Propagation<'a> {
    tables: &'a Tables,
    layout: &'a Layout,
    sums: &'a [SumGroup],
    masks: Vec<u64>,
    /// Cells whose digit is placed.
    fixed: Vec<bool>,
    facts: Vec<Fact>,
    arena: Vec<u32>,
    /// The fact about each (cell, digit), `NONE` while none.
    fact_at: Vec<u32>,
    /// Cells whose candidates changed, to be read.
    queue: Vec<usize>,
    dirty_house: Vec<bool>,
    dirty_group: Vec<bool>,
    dirty_rule: Vec<bool>,
    /// The domains a rule's propagation narrows, when there are rules.
    scratch: Option<Domains>,
    /// The contradiction, once one is found, and the facts it follows
    /// from.
    contradiction: Option<(Clash, Vec<u32>)>,
    /// The rule being read (as [`Fact::rule`]), `NONE` while none.
    reading: u32,
    /// Whether facts are recorded, with what they follow from: only to
    /// write the chain of an assumption known to fail.
    track: bool,
    /// The candidates ruled out so far.
    changes: usize,
}

impl<'a> Propagation<'a> {
    fn new(logic: &'a Logic, tables: &'a Tables, base: &[u64], track: bool) -> Propagation<'a> {
        let n = tables.n;
        let masks = base.to_vec();
        let sums = &logic.shape.sums[..];
        Propagation {
            tables,
            layout: &logic.shape.layout,
            sums,
            queue: (0..n * n)
                .filter(|&c| logic.placed[c] == 0 && masks[c].count_ones() <= 1)
                .collect(),
            masks,
            fixed: logic.placed.iter().map(|&d| d != 0).collect(),
            facts: Vec::new(),
            arena: Vec::new(),
            fact_at: vec![NONE; n * n * (n + 1)],
            dirty_house: vec![false; tables.houses.len()],
            dirty_group: vec![false; sums.len()],
            dirty_rule: vec![false; tables.rules.len()],
            scratch: (!tables.rules.is_empty()).then(|| Domains::new(n)),
            contradiction: None,
            reading: NONE,
            track,
            changes: 0,
        }
    }

    fn fact(&mut self, cell: usize, digit: u8, on: bool, parents: &[u32]) -> u32 {
        if !self.track {
            return NONE;
        }
        let index = self.facts.len() as u32;
        let start = self.arena.len() as u32;
        self.arena.extend_from_slice(parents);
        self.facts.push(Fact {
            cell,
            digit,
            on,
            parents: (start, self.arena.len() as u32),
            rule: self.reading,
        });
        self.fact_at[cell * (self.tables.n + 1) + usize::from(digit)] = index;
        index
    }

    /// The facts about `cells` so far: a placed digit, or the digits
    /// ruled out.
    fn facts_of(&self, cells: &[usize]) -> Vec<u32> {
        if !self.track {
            return Vec::new();
        }
        let n = self.tables.n;
        let mut facts = Vec::new();
        for &cell in cells {
            let of_cell = (1..=n)
                .map(|d| self.fact_at[cell * (n + 1) + d])
                .filter(|&f| f != NONE);
            // A digit placed stands for the cell's other digits gone.
            match of_cell.clone().find(|&f| self.facts[f as usize].on) {
                Some(on) => facts.push(on),
                None => facts.extend(of_cell),
            }
        }
        facts
    }

    /// Rules `digit` out of `cell`.
    fn remove(&mut self, cell: usize, digit: u8, parents: &[u32]) {
        if self.masks[cell] >> digit & 1 == 0 {
            return;
        }
        self.masks[cell] &= !(1 << digit);
        self.changes += 1;
        self.fact(cell, digit, false, parents);
        self.touch(cell);
    }

    fn touch(&mut self, cell: usize) {
        self.queue.push(cell);
        for &h in &self.tables.cell_houses[cell] {
            self.dirty_house[h] = true;
        }
        for &g in &self.tables.cell_groups[cell] {
            self.dirty_group[g] = true;
        }
        for &r in &self.tables.cell_rules[cell] {
            self.dirty_rule[r] = true;
        }
    }

    /// Places `digit` in `cell`: its other candidates go, and so do the
    /// placements it rules out (the digit's other places in the cell's
    /// houses, and what a variant's rule adds).
    fn place(&mut self, cell: usize, digit: u8, parents: &[u32]) {
        if self.fixed[cell] {
            return;
        }
        self.fixed[cell] = true;
        let on = self.fact(cell, digit, true, parents);
        let n = self.tables.n as u8;
        for other in (1..=n).filter(|&d| d != digit) {
            self.remove(cell, other, &[on]);
        }
        let tables = self.tables;
        let stride = usize::from(n) + 1;
        for &other in &tables.conflicts[cell * stride + usize::from(digit)] {
            let other = other as usize;
            self.remove(other / stride, (other % stride) as u8, &[on]);
        }
        self.touch(cell);
    }

    fn contradict(&mut self, clash: Clash, parents: Vec<u32>) {
        if self.contradiction.is_none() {
            self.contradiction = Some((clash, parents));
        }
    }

    /// Follows the rules to a fixed point or a contradiction.
    fn run(&mut self) {
        let n = self.tables.n;
        loop {
            while let Some(cell) = self.queue.pop() {
                let mask = self.masks[cell];
                if mask == 0 {
                    let parents = self.facts_of(&[cell]);
                    return self.contradict(Clash::Cell(cell), parents);
                }
                if mask.count_ones() == 1 && !self.fixed[cell] {
                    let digit = mask.trailing_zeros() as u8;
                    let parents = self.facts_of(&[cell]);
                    self.place(cell, digit, &parents);
                }
            }
            for h in 0..self.dirty_house.len() {
                if !self.dirty_house[h] {
                    continue;
                }
                self.dirty_house[h] = false;
                for digit in 1..=n as u8 {
                    if self.read_house(h, digit) {
                        return;
                    }
                }
            }
            if !self.queue.is_empty() {
                continue;
            }
            let mut changed = false;
            for g in 0..self.dirty_group.len() {
                if !self.dirty_group[g] {
                    continue;
                }
                self.dirty_group[g] = false;
                changed |= self.read_sum(g);
                if self.contradiction.is_some() {
                    return;
                }
            }
            for r in 0..self.dirty_rule.len() {
                if !self.dirty_rule[r] {
                    continue;
                }
                self.dirty_rule[r] = false;
                changed |= self.read_rule(r);
                if self.contradiction.is_some() {
                    return;
                }
            }
            if !changed && self.queue.is_empty() {
                return;
            }
        }
    }

    /// Reads digit `digit` of house `h`: with no place left it is a
    /// contradiction (true), with one it is placed there, and with all
    /// its places in another house (a box and a line) it leaves that
    /// house's other cells.
    fn read_house(&mut self, h: usize, digit: u8) -> bool {
        let tables = self.tables;
        let n = tables.n;
        let house = &tables.houses[h];
        // The digit's places, as bits of their positions in the house.
        let places = house
            .iter()
            .enumerate()
            .filter(|&(_, &c)| self.masks[c] >> digit & 1 == 1)
            .fold(0u64, |m, (k, _)| m | 1 << k);
        let cells = || {
            (0..house.len())
                .filter(move |&k| places >> k & 1 == 1)
                .map(|k| house[k])
        };
        // What the digit's places follow from: its removal from the
        // house's other cells.
        let parents: Vec<u32> = if self.track {
            house
                .iter()
                .map(|&c| self.fact_at[c * (n + 1) + usize::from(digit)])
                .filter(|&f| f != NONE && !self.facts[f as usize].on)
                .collect()
        } else {
            Vec::new()
        };
        let Some(first) = cells().next() else {
            self.contradict(Clash::House(h, digit), parents);
            return true;
        };
        if places.count_ones() == 1 {
            self.place(first, digit, &parents);
            return false;
        }
        for &other in &tables.cell_houses[first] {
            if other != h && cells().all(|c| tables.cell_houses[c].contains(&other)) {
                for &cell in &tables.houses[other] {
                    if !cells().any(|c| c == cell) {
                        self.remove(cell, digit, &parents);
                    }
                }
            }
        }
        false
    }

    /// Reads sum group `g`: the candidates its ways leave out go, and a
    /// digit every way holds leaves the cells that see all its places in
    /// the group. Whether anything went.
    fn read_sum(&mut self, g: usize) -> bool {
        let sums = self.sums;
        let group = &sums[g];
        let masks: Vec<u64> = group.cells.iter().map(|&c| self.masks[c]).collect();
        let width = masks
            .iter()
            .fold(1u64, |w, m| w.saturating_mul(u64::from(m.count_ones())));
        if width > CHAIN_WIDTH && !group.by_sets() {
            return false;
        }
        let held = held_digits(group, &masks, |c| self.masks[c]);
        let Some(ways) = self.tables.ways(g, group, &masks, &held) else {
            return false;
        };
        let parents = self.facts_of(&group.cells);
        if ways.count == 0 {
            self.contradict(Clash::Sum(g), parents);
            return true;
        }
        let before = self.changes;
        let masks_now = &self.masks;
        let candidate = |cell: usize, digit: u8| masks_now[cell] >> digit & 1 == 1;
        self.reading = g as u32;
        for (cell, digit) in sum_removals(self.layout, group, &masks, &ways, candidate) {
            self.remove(cell, digit, &parents);
        }
        self.reading = NONE;
        self.changes > before
    }

    /// Reads constraint `r` of the rules by its own propagation on the
    /// candidates: what it narrows goes. Whether anything went.
    fn read_rule(&mut self, r: usize) -> bool {
        let tables = self.tables;
        let (constraint, cells) = &tables.rules[r];
        let Some(mut scratch) = self.scratch.take() else {
            return false;
        };
        scratch.set_masks(&self.masks);
        let parents = self.facts_of(cells);
        let narrowed = constraint.propagate(&mut scratch).is_ok();
        let after: Vec<u64> = cells.iter().map(|&c| scratch.masks()[c]).collect();
        self.scratch = Some(scratch);
        if !narrowed {
            self.contradict(Clash::Rule(r), parents);
            return true;
        }
        let before = self.changes;
        self.reading = (self.sums.len() + r) as u32;
        for (&cell, &mask) in cells.iter().zip(&after) {
            let gone = self.masks[cell] & !mask;
            for digit in (1..64u8).filter(|&d| gone >> d & 1 == 1) {
                self.remove(cell, digit, &parents);
            }
        }
        self.reading = NONE;
        self.changes > before
    }

    /// The name of rule `rule` (as [`Fact::rule`]) in a step.
    fn rule_name(&self, rule: usize) -> String {
        let n = self.tables.n;
        match self.sums.get(rule) {
            Some(group) => group.equation(n).replace(' ', ""),
            None => self.tables.rules[rule - self.sums.len()].0.to_string(),
        }
    }

    /// The step of a contradiction found: the facts it follows from, in
    /// the order found, each but the first after its parents (a digit
    /// placed stands for its cell's other candidates going), the
    /// contradiction last, and the sums read on the way as its cover.
    fn step(&self, logic: &Logic, option: usize) -> Step {
        let n = self.tables.n;
        let mut nodes = Vec::new();
        let mut rules: Vec<u32> = Vec::new();
        let mut use_rule = |rule: u32| {
            if !rules.contains(&rule) {
                rules.push(rule);
            }
        };
        for f in self.ancestors() {
            let fact = &self.facts[f as usize];
            let (start, end) = fact.parents;
            let implied = !fact.on
                && end == start + 1
                && self.facts[self.arena[start as usize] as usize].cell == fact.cell;
            if implied {
                continue;
            }
            if fact.rule != NONE {
                use_rule(fact.rule);
            }
            let sign = if fact.on { "=" } else { "<>" };
            nodes.push(format!("{}{sign}{}", cell_name(n, fact.cell), fact.digit));
        }
        let complexity = nodes.len();
        let clash = match self.contradiction {
            Some((Clash::Cell(cell), _)) => format!("{}: no digit", cell_name(n, cell)),
            Some((Clash::House(h, digit), _)) => {
                let item = n * n + h * n + usize::from(digit) - 1;
                format!("{}: no place", logic.shape.names[item])
            }
            Some((Clash::Sum(g), _)) => {
                use_rule(g as u32);
                format!("{}: no way", self.sums[g].equation(n))
            }
            Some((Clash::Rule(r), _)) => {
                let rule = self.sums.len() + r;
                use_rule(rule as u32);
                format!("{}: no way", self.rule_name(rule))
            }
            None => String::new(),
        };
        nodes.push(clash);
        // A chain through sums alone is a killer player's.
        let technique =
            if rules.iter().all(|&r| (r as usize) < self.sums.len()) && !self.sums.is_empty() {
                Technique::CageForcing
            } else {
                Technique::RuleForcing
            };
        let cover = rules.iter().map(|&r| self.rule_name(r as usize)).collect();
        let removed = vec![option as u32];
        let mut step = logic.step(technique, nodes, cover, Vec::new(), removed);
        step.complexity = complexity;
        step
    }

    /// The facts the contradiction follows from, in the order found.
    fn ancestors(&self) -> Vec<u32> {
        let mut mark = vec![false; self.facts.len()];
        let mut stack = self
            .contradiction
            .as_ref()
            .map(|(_, parents)| parents.clone())
            .unwrap_or_default();
        while let Some(f) = stack.pop() {
            if std::mem::replace(&mut mark[f as usize], true) {
                continue;
            }
            let (start, end) = self.facts[f as usize].parents;
            stack.extend_from_slice(&self.arena[start as usize..end as usize]);
        }
        (0..self.facts.len() as u32)
            .filter(|&f| mark[f as usize])
            .collect()
    }
}

impl Logic {
    /// The propagation from assuming `option` (a placement), facts
    /// recorded when `track` says so.
    fn follow<'a>(
        &'a self,
        tables: &'a Tables,
        base: &[u64],
        option: usize,
        track: bool,
    ) -> Propagation<'a> {
        let mut propagation = Propagation::new(self, tables, base, track);
        if let Some((cell, digit)) = encode::placement(self.n, dlx::OptionId::from_index(option)) {
            propagation.place(cell, digit, &[]);
            propagation.run();
        }
        propagation
    }

    /// A forcing chain through the puzzle's rules: the first candidate,
    /// cells of fewest candidates first, whose assumption the propagation
    /// of singles, intersections, sums and the other constraints leads to
    /// a contradiction. Only for a puzzle with constraints or a variant's
    /// rule between cells: the classic rules keep Sudoku Explainer's.
    pub(super) fn forcing_chain(&self) -> Option<Step> {
        if self.shape.layout.houses_only() {
            return None;
        }
        let tables = self.shape.forcing.get_or_init(|| Tables::new(self));
        let base: Vec<u64> = (0..self.n * self.n).map(|c| self.cell_mask(c)).collect();
        let option = self
            .trial_order()
            .into_iter()
            .take_while(|_| !self.is_cancelled())
            .find(|&o| self.follow(tables, &base, o, false).contradiction.is_some())?;
        if self.is_cancelled() {
            return None;
        }
        // Again, writing down what follows from what.
        Some(self.follow(tables, &base, option, true).step(self, option))
    }
}
