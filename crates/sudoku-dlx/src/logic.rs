//! Solving as a player does: a step at a time, each one a deduction a
//! person can check, over the puzzle's own exact-cover problem.
//!
//! The state is the set of options still possible: the givens' options
//! selected, and the options a step ruled out removed. Every rule is
//! written once over items and options, so it works on every layout and
//! constraint the crate encodes:
//!
//! - a **single**: an item with one option left takes it (a naked single
//!   is a cell's item, a hidden single a house's digit);
//! - the **set rule**: k items that each need exactly one option, no
//!   option holding two of them, whose options all lie in k other items.
//!   The k options chosen for them fill those k items, so every other
//!   option of those items goes, and so does a base option that lies in
//!   two of them. Locked candidates (k = 1), naked and hidden subsets and
//!   fish (k = 2 to 4) are this rule;
//! - **nishio**: an option whose choice leads, by singles alone, to an
//!   item with no option left is ruled out;
//! - **trial**, the last resort, said as such: an option whose puzzle the
//!   search finds without solution is ruled out.
//!
//! Each [`Step`] says what it used (the items, by their names in the
//! problem: `r1c1` a cell, `r1=5` digit 5 in row 1, `b1=5` in box or
//! region 1, `c1=5` in column 1) and what it concludes. On a layout of
//! rows, columns and boxes, steps take the names players know.
//!
//! Only the colorless items of the problem take part: a rule reads the
//! items every option must fill once (primary) or may fill at most once
//! (secondary); the colored items of a constraint's options are left to
//! the search, which trial uses.

use std::collections::HashSet;
use std::fmt;
use std::sync::Arc;

use dlx::OptionId;

use crate::encode;
use crate::error::Conflict;
use crate::grid::Grid;
use crate::layout::Layout;

/// The largest k the set rule tries.
pub const MAX_SET: usize = 4;

/// How many base sets the set rule looks at per size before it gives up
/// on that size: a bound on the work of one step on the hardest puzzles.
const SET_BUDGET: usize = 20_000;

/// A technique, with the names players know where the pattern is the
/// one they name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Technique {
    /// A digit with one place left in a box (or jigsaw region).
    HiddenSingleBox,
    /// A digit with one place left in a row or column.
    HiddenSingleLine,
    /// A digit with one place left in another house (an extra house of
    /// a variant).
    HiddenSingle,
    /// A cell with one digit left.
    NakedSingle,
    /// An item of a constraint with one option left.
    Single,
    /// A box's digit confined to one row or column: the digit leaves the
    /// rest of that line.
    Pointing,
    /// A line's digit confined to one box: the digit leaves the rest of
    /// that box.
    Claiming,
    /// k cells of a house holding only k digits between them (pair,
    /// triple, quad).
    NakedSubset(usize),
    /// k digits of a house with only k cells between them.
    HiddenSubset(usize),
    /// A digit's places in k rows confined to k columns, or the other way
    /// round (X-wing, swordfish, jellyfish).
    Fish(usize),
    /// The set rule of k items in its general form (houses, regions and
    /// rules mixed).
    SetRule(usize),
    /// A candidate whose placement leads by singles to a contradiction.
    Nishio,
    /// A candidate the search finds without solution: trial and error.
    Trial,
}

impl Technique {
    /// The name players use: `hidden single`, `naked pair`, `X-wing`...
    pub fn name(self) -> String {
        let sized = |k: usize, words: [&str; 4]| words[k.clamp(1, 4) - 1].to_string();
        match self {
            Technique::HiddenSingleBox => "hidden single (box)".into(),
            Technique::HiddenSingleLine => "hidden single (line)".into(),
            Technique::HiddenSingle => "hidden single".into(),
            Technique::NakedSingle => "naked single".into(),
            Technique::Single => "single".into(),
            Technique::Pointing => "pointing".into(),
            Technique::Claiming => "claiming".into(),
            Technique::NakedSubset(k) => sized(
                k,
                ["naked single", "naked pair", "naked triple", "naked quad"],
            ),
            Technique::HiddenSubset(k) => sized(
                k,
                [
                    "hidden single",
                    "hidden pair",
                    "hidden triple",
                    "hidden quad",
                ],
            ),
            Technique::Fish(k) => sized(k, ["fish of 1", "X-wing", "swordfish", "jellyfish"]),
            Technique::SetRule(k) => format!("set of {k}"),
            Technique::Nishio => "nishio".into(),
            Technique::Trial => "trial".into(),
        }
    }

    /// The difficulty of the technique, on Sudoku Explainer's scale for
    /// the techniques it names (1.2 for a hidden single in a box up to
    /// 5.4 for a hidden quad); the general set rule takes the value of a
    /// hidden subset of its size, nishio 7.5 and trial 10.0. Steps are
    /// chosen easiest first.
    pub fn difficulty(self) -> f64 {
        let by_size = |k: usize, values: [f64; 4]| values[k.clamp(1, 4) - 1];
        match self {
            Technique::HiddenSingleBox => 1.2,
            Technique::HiddenSingleLine | Technique::HiddenSingle | Technique::Single => 1.5,
            Technique::NakedSingle => 2.3,
            Technique::Pointing => 2.6,
            Technique::Claiming => 2.8,
            Technique::NakedSubset(k) => by_size(k, [2.3, 3.0, 3.6, 5.0]),
            Technique::Fish(k) => by_size(k, [2.6, 3.2, 3.8, 5.2]),
            Technique::HiddenSubset(k) | Technique::SetRule(k) => by_size(k, [2.8, 3.4, 4.0, 5.4]),
            Technique::Nishio => 7.5,
            Technique::Trial => 10.0,
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// One deduction: the technique, what it used and what it concludes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    technique: Technique,
    base: Vec<String>,
    cover: Vec<String>,
    placements: Vec<(usize, u8)>,
    eliminations: Vec<(usize, u8)>,
    /// The options selected and removed, placements or not.
    selected: Vec<u32>,
    removed: Vec<u32>,
    side: usize,
}

impl Step {
    /// The technique.
    pub fn technique(&self) -> Technique {
        self.technique
    }

    /// The step's difficulty on Sudoku Explainer's scale: its
    /// technique's, plus what the length of a chain adds.
    pub fn difficulty(&self) -> f64 {
        self.technique.difficulty()
    }

    /// The items the step reasons about, by their names in the problem:
    /// the item of a single, the base items of a set, the candidate
    /// assumed by nishio or trial (`r1c1=5`).
    pub fn base(&self) -> &[String] {
        &self.base
    }

    /// The items that cover the base items' options (the set rule), or
    /// the item left without options (nishio).
    pub fn cover(&self) -> &[String] {
        &self.cover
    }

    /// The digits placed, as (cell, digit): cells row-major from 0,
    /// digits from 1.
    pub fn placements(&self) -> &[(usize, u8)] {
        &self.placements
    }

    /// The candidates ruled out, as (cell, digit).
    pub fn eliminations(&self) -> &[(usize, u8)] {
        &self.eliminations
    }

    /// How many options of constraints (a cage's digit set, an arrow's
    /// digits) the step takes or rules out, beside its placements and
    /// eliminations.
    pub fn constraint_options(&self) -> usize {
        self.selected.len() + self.removed.len() - self.placements.len() - self.eliminations.len()
    }
}

/// `r1c1` for a cell of a grid of side `n`.
fn cell_name(n: usize, cell: usize) -> String {
    format!("r{}c{}", cell / n + 1, cell % n + 1)
}

impl fmt::Display for Step {
    /// One line: `naked pair: r1c2 r1c7 in r1=4 r1=9 => r1c3<>4 r1c3<>9`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.side;
        write!(f, "{}: {}", self.technique, self.base.join(" "))?;
        if !self.cover.is_empty() {
            let word = match self.technique {
                Technique::Nishio => "empties",
                _ => "in",
            };
            write!(f, " {word} {}", self.cover.join(" "))?;
        }
        f.write_str(" =>")?;
        for &(cell, digit) in &self.placements {
            write!(f, " {}={digit}", cell_name(n, cell))?;
        }
        for &(cell, digit) in &self.eliminations {
            write!(f, " {}<>{digit}", cell_name(n, cell))?;
        }
        let others = self.constraint_options();
        if others > 0 {
            write!(f, " ({others} options of constraints)")?;
        }
        Ok(())
    }
}

/// What an item of a sudoku's problem stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Cell,
    /// Digit d of a house: the family (0 rows, 1 columns, 2 boxes or
    /// regions, 3 extra houses), the house, the digit.
    House(u8, usize, u8),
    Other,
}

/// What does not change as a puzzle is solved: its problem's items and
/// options. Shared by the states that nishio tries.
#[derive(Debug)]
struct Shape {
    layout: Layout,
    names: Vec<String>,
    kinds: Vec<Kind>,
    /// Items that every solution fills exactly once.
    exact: Vec<bool>,
    /// The colorless items of each option; empty for an option the
    /// problem does not have.
    items: Vec<Vec<u32>>,
    /// The options of each item.
    options: Vec<Vec<u32>>,
}

/// The state of a puzzle being solved by logic: the options still
/// possible.
///
/// # Example
///
/// ```
/// use sudoku_dlx::{Grid, Logic, Technique};
///
/// let puzzle = Grid::parse(
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
/// )?;
/// let mut logic = Logic::new(&puzzle)?;
/// let step = logic.next_step().expect("a step");
/// assert_eq!(step.technique(), Technique::HiddenSingleBox);
/// logic.apply(&step);
/// let path = puzzle.explain()?;
/// assert!(path.iter().all(|s| s.technique().difficulty() < 2.5));
/// assert_eq!(Some(logic.solve_all().1), puzzle.solution().ok());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Logic {
    shape: Arc<Shape>,
    n: usize,
    live: Vec<bool>,
    /// Live options per item.
    count: Vec<u32>,
    covered: Vec<bool>,
    /// The digit placed in each cell, 0 while none.
    placed: Vec<u8>,
}

impl Logic {
    /// The state of `puzzle` with its givens placed (and for a puzzle in
    /// pencilmarks, only its candidates possible).
    ///
    /// # Errors
    ///
    /// The [`Conflict`] of givens that repeat a digit in a house or break
    /// a rule.
    pub fn new(puzzle: &Grid) -> Result<Logic, Conflict> {
        let problem = puzzle.to_problem()?;
        let n = puzzle.side();
        let item_count = problem.item_count();
        let houses_end = n * n + puzzle.layout().house_count() * n;
        let names = (0..item_count)
            .map(|i| problem.item_name(i).unwrap_or_default().to_string())
            .collect();
        let kinds = (0..item_count)
            .map(|i| {
                if i < n * n {
                    Kind::Cell
                } else if i < houses_end {
                    let h = (i - n * n) / n;
                    let family = (h / n).min(3) as u8;
                    let house = if family < 3 { h % n } else { h - 3 * n };
                    Kind::House(family, house, ((i - n * n) % n) as u8 + 1)
                } else {
                    Kind::Other
                }
            })
            .collect();
        let exact = (0..item_count)
            .map(|i| problem.is_primary(i) && problem.bounds(i) == (1, 1))
            .collect();
        let option_count = problem
            .options()
            .map(|(id, _)| id.index() + 1)
            .max()
            .unwrap_or(0);
        let mut items = vec![Vec::new(); option_count];
        let mut options = vec![Vec::new(); item_count];
        let mut live = vec![false; option_count];
        let mut count = vec![0u32; item_count];
        for (id, entries) in problem.options() {
            let o = id.index();
            live[o] = true;
            for entry in entries.iter().filter(|e| e.color.is_none()) {
                items[o].push(entry.item as u32);
                options[entry.item].push(o as u32);
                count[entry.item] += 1;
            }
        }
        let mut logic = Logic {
            shape: Arc::new(Shape {
                layout: puzzle.layout().clone(),
                names,
                kinds,
                exact,
                items,
                options,
            }),
            n,
            live,
            count,
            covered: vec![false; item_count],
            placed: vec![0; n * n],
        };
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            if digit != 0 {
                logic.select(encode::option(n, cell, digit).index());
            }
        }
        Ok(logic)
    }

    /// Whether every cell has its digit.
    pub fn is_solved(&self) -> bool {
        !self.placed.contains(&0)
    }

    /// The grid so far: the givens and the digits placed, as a puzzle of
    /// givens.
    pub fn grid(&self) -> Grid {
        Grid::from_parsed(self.shape.layout.clone(), self.placed.clone())
    }

    /// The candidates still possible, as a puzzle in pencilmarks (the
    /// digits placed are their cells' only candidates).
    pub fn candidates(&self) -> Grid {
        let n = self.n;
        let masks = (0..n * n)
            .map(|cell| {
                (1..=n as u8)
                    .filter(|&d| self.is_live(encode::option(n, cell, d).index()))
                    .fold(0u64, |mask, d| mask | 1 << d)
            })
            .collect();
        Grid::from_candidates(self.shape.layout.clone(), masks)
    }

    fn is_live(&self, option: usize) -> bool {
        self.live.get(option).copied().unwrap_or(false)
    }

    /// Takes `option`: fills its items and removes every option that
    /// shares one of them.
    fn select(&mut self, option: usize) {
        if let Some((cell, digit)) = encode::placement(self.n, OptionId::from_index(option)) {
            self.placed[cell] = digit;
        }
        for k in 0..self.shape.items[option].len() {
            let item = self.shape.items[option][k] as usize;
            self.covered[item] = true;
            for j in 0..self.shape.options[item].len() {
                let other = self.shape.options[item][j] as usize;
                if other != option && self.live[other] {
                    self.remove(other);
                }
            }
        }
    }

    fn remove(&mut self, option: usize) {
        if !self.live[option] {
            return;
        }
        self.live[option] = false;
        for &item in &self.shape.items[option] {
            self.count[item as usize] -= 1;
        }
    }

    /// Carries out a step found for this state (or one like it).
    pub fn apply(&mut self, step: &Step) {
        for &option in &step.removed {
            self.remove(option as usize);
        }
        for &option in &step.selected {
            if self.live[option as usize] && !self.shape.items[option as usize].is_empty() {
                self.select(option as usize);
            }
        }
    }

    /// An item that needs an option and has none left: the state has no
    /// solution.
    fn contradiction(&self) -> Option<usize> {
        (0..self.count.len())
            .find(|&i| self.shape.exact[i] && !self.covered[i] && self.count[i] == 0)
    }

    /// The live options of `item`.
    fn live_options(&self, item: usize) -> impl Iterator<Item = usize> + '_ {
        self.shape.options[item]
            .iter()
            .map(|&o| o as usize)
            .filter(|&o| self.live[o])
    }

    /// A step that selects `option` or removes `removed`.
    fn step(
        &self,
        technique: Technique,
        base: Vec<String>,
        cover: Vec<String>,
        selected: Vec<u32>,
        removed: Vec<u32>,
    ) -> Step {
        let n = self.n;
        let decode = |o: &u32| encode::placement(n, OptionId::from_index(*o as usize));
        Step {
            technique,
            base,
            cover,
            placements: selected.iter().filter_map(decode).collect(),
            eliminations: removed.iter().filter_map(decode).collect(),
            selected,
            removed,
            side: n,
        }
    }

    /// The easiest step from here, `None` when the puzzle is solved or no
    /// technique here finds one (several solutions, or none).
    pub fn next_step(&self) -> Option<Step> {
        if self.is_solved() || self.contradiction().is_some() {
            return None;
        }
        if let Some(step) = self.single() {
            return Some(step);
        }
        for k in 1..=MAX_SET {
            if let Some(step) = self.set_rule(k) {
                return Some(step);
            }
        }
        self.nishio().or_else(|| self.trial())
    }

    /// The easiest single: hidden singles in boxes, in lines, in other
    /// houses, naked singles, then the items of constraints.
    fn single(&self) -> Option<Step> {
        let mut best: Option<(f64, usize)> = None;
        for item in 0..self.count.len() {
            if !self.shape.exact[item] || self.covered[item] || self.count[item] != 1 {
                continue;
            }
            let difficulty = self.single_technique(item).difficulty();
            if best.is_none_or(|(d, _)| difficulty < d) {
                best = Some((difficulty, item));
            }
        }
        let (_, item) = best?;
        let option = self.live_options(item).next()?;
        let technique = self.single_technique(item);
        let base = vec![self.shape.names[item].clone()];
        Some(self.step(technique, base, Vec::new(), vec![option as u32], Vec::new()))
    }

    /// The name of a single on `item`.
    fn single_technique(&self, item: usize) -> Technique {
        match self.shape.kinds[item] {
            Kind::Cell => Technique::NakedSingle,
            Kind::House(2, ..) => Technique::HiddenSingleBox,
            Kind::House(0 | 1, ..) => Technique::HiddenSingleLine,
            Kind::House(..) => Technique::HiddenSingle,
            Kind::Other => Technique::Single,
        }
    }

    /// The easiest step of the set rule with `k` base items.
    fn set_rule(&self, k: usize) -> Option<Step> {
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
            budget: SET_BUDGET,
            best: None,
        };
        for first in 0..candidates.len() {
            search.add(first);
        }
        search.best.map(|(_, step)| step)
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

    /// Nishio: the first candidate, cells of fewest candidates first,
    /// whose placement leads by singles to an item without options.
    fn nishio(&self) -> Option<Step> {
        for option in self.trial_order() {
            let mut state = self.clone();
            state.select(option);
            let mut steps = 0;
            loop {
                if let Some(item) = state.contradiction() {
                    let (cell, digit) = encode::placement(self.n, OptionId::from_index(option))?;
                    let base = vec![format!("{}={digit}", cell_name(self.n, cell))];
                    let cover = vec![self.shape.names[item].clone()];
                    return Some(self.step(
                        Technique::Nishio,
                        base,
                        cover,
                        Vec::new(),
                        vec![option as u32],
                    ));
                }
                match state.single() {
                    Some(step) if steps < self.n * self.n => {
                        state.apply(&step);
                        steps += 1;
                    }
                    _ => break,
                }
            }
        }
        None
    }

    /// The live placements of the unfilled cells, cells with the fewest
    /// candidates first.
    fn trial_order(&self) -> Vec<usize> {
        let n = self.n;
        let mut cells: Vec<usize> = (0..n * n).filter(|&c| self.placed[c] == 0).collect();
        cells.sort_by_key(|&c| self.count[c]);
        cells
            .into_iter()
            .flat_map(|cell| {
                (1..=n as u8)
                    .map(move |d| encode::option(n, cell, d).index())
                    .filter(|&o| self.is_live(o))
            })
            .collect()
    }

    /// Trial and error: the first candidate, cells of fewest candidates
    /// first, whose puzzle the search finds without solution.
    fn trial(&self) -> Option<Step> {
        let n = self.n;
        let candidates = self.candidates();
        for option in self.trial_order() {
            let (cell, digit) = encode::placement(n, OptionId::from_index(option))?;
            let mut masks = candidates.candidate_masks()?.to_vec();
            masks[cell] = 1 << digit;
            let assumed = Grid::from_candidates(self.shape.layout.clone(), masks);
            if assumed.count_solutions_up_to(1).ok()? == 0 {
                let base = vec![format!("{}={digit}", cell_name(n, cell))];
                return Some(self.step(
                    Technique::Trial,
                    base,
                    Vec::new(),
                    Vec::new(),
                    vec![option as u32],
                ));
            }
        }
        None
    }

    /// Steps until the puzzle is solved or no step is found; returns them
    /// and the grid reached.
    pub fn solve_all(&mut self) -> (Vec<Step>, Grid) {
        let mut steps = Vec::new();
        while let Some(step) = self.next_step() {
            self.apply(&step);
            steps.push(step);
        }
        (steps, self.grid())
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
}

impl SetSearch<'_> {
    /// Adds candidate `index` to the base, if it may join it, and grows
    /// the set from there.
    fn add(&mut self, index: usize) {
        if self.budget == 0 {
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
        let mark = self.options.len();
        for o in logic.live_options(item) {
            self.options.push(o);
            for i in items(o) {
                self.touched[i] += 1;
            }
        }
        self.in_base[item] = true;
        self.base.push(item);
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
        self.base.pop();
        self.in_base[item] = false;
        for &o in &self.options[mark..] {
            for i in items(o) {
                self.touched[i] -= 1;
            }
        }
        self.options.truncate(mark);
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
        let unhit = self.options[from..].iter().position(|&o| {
            !logic.shape.items[o]
                .iter()
                .any(|i| chosen.contains(&(*i as usize)))
        });
        let Some(offset) = unhit else {
            return found(chosen);
        };
        if chosen.len() == self.k {
            return false;
        }
        let option = self.options[from + offset];
        for &item in &logic.shape.items[option] {
            let item = item as usize;
            // Covers are items every solution fills: an item of a rule
            // (at most once) would serve too, but multiplies the search.
            if self.in_base[item] || !logic.shape.exact[item] {
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
            let technique = logic.classify(&self.base, &cover);
            let difficulty = technique.difficulty();
            if self.best.as_ref().is_some_and(|(d, _)| *d <= difficulty) {
                continue;
            }
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
            for &c in &cover {
                for o in logic.live_options(c) {
                    if !self.options.contains(&o) && !removed.contains(&(o as u32)) {
                        removed.push(o as u32);
                    }
                }
            }
            if removed.is_empty() {
                continue;
            }
            removed.sort_unstable();
            let names = |items: &[usize]| {
                items
                    .iter()
                    .map(|&i| logic.shape.names[i].clone())
                    .collect()
            };
            let step = logic.step(
                technique,
                names(&self.base),
                names(&cover),
                Vec::new(),
                removed,
            );
            self.best = Some((difficulty, step));
        }
    }
}

impl Grid {
    /// The path of steps a player would take, easiest first, from this
    /// puzzle to its solution (see [`Logic`]); it ends early only when no
    /// technique finds a step (a puzzle with several solutions, or none).
    ///
    /// # Errors
    ///
    /// The [`Conflict`] of givens that repeat a digit in a house or break
    /// a rule.
    pub fn explain(&self) -> Result<Vec<Step>, Conflict> {
        Ok(Logic::new(self)?.solve_all().0)
    }

    /// The easiest next step, `None` when the puzzle is solved or no
    /// technique finds one. A puzzle in pencilmarks takes its candidates
    /// as they are.
    ///
    /// # Errors
    ///
    /// As [`Grid::explain`].
    pub fn hint(&self) -> Result<Option<Step>, Conflict> {
        Ok(Logic::new(self)?.next_step())
    }

    /// The puzzle's difficulty on Sudoku Explainer's scale (ER, EP, ED),
    /// from the path [`Grid::explain`] takes.
    ///
    /// # Errors
    ///
    /// As [`Grid::explain`].
    pub fn rate_se(&self) -> Result<SeRating, Conflict> {
        let mut logic = Logic::new(self)?;
        let (steps, _) = logic.solve_all();
        Ok(SeRating::of_path(&steps, logic.is_solved()))
    }
}

/// A puzzle's difficulty on Sudoku Explainer's scale, from its step path
/// ([`Grid::rate_se`]).
#[derive(Clone, Debug, PartialEq)]
pub struct SeRating {
    /// ER: the difficulty of the hardest step of the path.
    pub er: f64,
    /// EP: the hardest step up to the first that places a digit.
    pub ep: f64,
    /// ED: the difficulty of the first step.
    pub ed: f64,
    /// The technique of the hardest step (the first of that difficulty).
    pub hardest: Option<Technique>,
    /// How many steps the path has.
    pub steps: usize,
    /// Whether the path reached the solution; false when no technique
    /// found a step (a puzzle with several solutions, or none).
    pub solved: bool,
}

impl SeRating {
    /// The rating of a path of steps, as Sudoku Explainer computes it.
    pub fn of_path(steps: &[Step], solved: bool) -> SeRating {
        let (mut er, mut ep, mut ed) = (0.0f64, None, None);
        let mut hardest = None;
        for step in steps {
            let difficulty = step.difficulty();
            if difficulty > er {
                er = difficulty;
                hardest = Some(step.technique);
            }
            ed.get_or_insert(er);
            if ep.is_none() && !step.placements.is_empty() {
                ep = Some(er);
            }
        }
        SeRating {
            er,
            ep: ep.unwrap_or(er),
            ed: ed.unwrap_or(er),
            hardest,
            steps: steps.len(),
            solved,
        }
    }
}

impl fmt::Display for SeRating {
    /// `ER/EP/ED`: `7.1/1.2/1.2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.1}/{:.1}/{:.1}", self.er, self.ep, self.ed)
    }
}
