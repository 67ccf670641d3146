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
//! - the **direct** forms of pointing, claiming and hidden subsets, which
//!   place the single their eliminations leave;
//! - **cage combinations** of killer cages, and of the **innies** and
//!   **outies** of groups of houses (the 45 rule), in module `cages`;
//! - **XY-** and **XYZ-wings**; **unique rectangles** and **BUG+1** when
//!   the puzzle is known to have one solution ([`Logic::assume_unique`]);
//! - **chains** (module `chains`): forcing chains and loops of strong and
//!   weak links between options, nishio, and multiple and dynamic forcing
//!   chains;
//! - **cage** and **rule forcing chains** (module `forcing`), for
//!   variants: a candidate assumed, followed by singles, box-line
//!   intersections, the sums' combinations and the other constraints'
//!   own propagation to a contradiction;
//! - **trial**, the last resort, said as such: an option whose puzzle the
//!   search finds without solution is ruled out.
//!
//! Rules are tried in Sudoku Explainer's order and rated on its scale,
//! so that a path gives that scale's ER, EP and ED ([`SeRating`]).
//!
//! Each [`Step`] says what it used (the items, by their names in the
//! problem: `r1c1` a cell, `r1=5` digit 5 in row 1, `b1=5` in box or
//! region 1, `c1=5` in column 1) and what it concludes. On a layout of
//! rows, columns and boxes, steps take the names players know.
//!
//! Only the colorless items of the problem take part: a rule reads the
//! items every option must fill once (primary) or may fill at most once
//! (secondary); the colored items of a constraint's options are left to
//! the search, which trial uses. In a killer (every constraint a cage
//! with a sum) the cages' own items are left out too: the cage rules
//! read the cages, so that every step speaks of cells, houses and cages.
//!
//! This module holds the state, [`Logic`]: the options still live, and
//! selecting, removing and applying them. Beside it, `technique` is the
//! catalogue of techniques, `step` the [`Step`] a rule returns, `order`
//! the order the rules are tried in and the path it gives, `rating` the
//! [`SeRating`] of a path; and each rule has a file of its own:
//! `singles` (with the direct steps), `sets`, `wings`, `unique`,
//! `cages`, `chains`, `forcing` and `trial`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use dlx::OptionId;

use crate::check::Conflict;
use crate::constraint::Constraint;
use crate::encode;
use crate::grid::Grid;
use crate::layout::Layout;

mod cages;
mod chains;
mod exclusion;
mod forcing;
mod nested;
mod order;
mod rating;
mod sets;
mod singles;
mod step;
mod technique;
mod trial;
mod unique;
mod wings;

pub use chains::{length_bonus, ChainKind};
pub use rating::SeRating;
pub use sets::MAX_SET;
pub use step::Step;
pub use technique::{Forcing, Technique};

// The rules name cells as `super::cell_name`.
use step::cell_name;

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
    /// The exact items of each option (those of `items` that `exact`
    /// marks): the set rule's covers.
    exact_items: Vec<Vec<u32>>,
    /// The items of each option in the order chains follow their links:
    /// the cell, boxes, rows, columns, other houses, the rest. Sudoku
    /// Explainer's order, which decides the node another is first
    /// reached from, and so the chain's length.
    link_items: Vec<Vec<u32>>,
    /// The options of each item.
    options: Vec<Vec<u32>>,
    /// The killer cages with a sum and the sums the 45 rule derives,
    /// as the cage rule reads them.
    sums: Vec<cages::SumGroup>,
    /// The ways of `sums` the cage rule has read.
    sum_ways: cages::WaysMemo,
    /// What the forcing chains read, made on their first use.
    forcing: std::sync::OnceLock<forcing::Tables>,
    /// Each house's cells as bits (bit c for cell c), on grids of 128
    /// cells or fewer; empty on larger ones.
    house_masks: Vec<u128>,
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
    /// Whether the puzzle is known to have one solution, which the
    /// uniqueness rules assume.
    unique: bool,
    /// Whether this is the state of a branch of a nested forcing chain,
    /// whose steps record what they read ([`Step::reads`]).
    inner: bool,
    /// Set by another thread (a time limit, a signal) to stop the rules'
    /// searches: see [`Logic::set_cancel_flag`].
    cancel: Option<Arc<AtomicBool>>,
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
        let problem = if cages_only(puzzle.layout()) {
            // A killer's cages are read by the cage rules, as a player
            // reads them; their items in the exact cover (a cage's set of
            // digits, each digit of it) are left out, so that every step
            // speaks of cells, houses and cages.
            puzzle.check()?;
            puzzle
                .with_layout_unchecked(puzzle.layout().without_constraints())
                .problem()
        } else {
            puzzle.to_problem()?
        };
        let n = puzzle.side();
        let item_count = problem.item_count();
        let houses_end = n * n + puzzle.layout().house_count() * n;
        let names = (0..item_count)
            .map(|i| problem.item_name(i).unwrap_or_default().to_string())
            .collect();
        let kinds: Vec<Kind> = (0..item_count)
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
        let exact: Vec<bool> = (0..item_count)
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
        let exact_items = items
            .iter()
            .map(|list| {
                list.iter()
                    .copied()
                    .filter(|&i| exact[i as usize])
                    .collect()
            })
            .collect();
        let link_items = items
            .iter()
            .map(|list| {
                let mut list = list.clone();
                list.sort_by_key(|&i| match kinds[i as usize] {
                    Kind::Cell => 0,
                    Kind::House(2, ..) => 1,
                    Kind::House(family, ..) => 2 + family,
                    Kind::Other => 6,
                });
                list
            })
            .collect();
        let layout = puzzle.layout();
        let house_masks = if n * n <= 128 {
            (0..layout.house_count())
                .map(|h| (0..n).fold(0u128, |m, k| m | 1 << layout.house_cell(h, k)))
                .collect()
        } else {
            Vec::new()
        };
        let mut logic = Logic {
            shape: Arc::new(Shape {
                layout: puzzle.layout().clone(),
                names,
                kinds,
                exact,
                items,
                exact_items,
                link_items,
                options,
                sums: cages::sum_groups(puzzle.layout()),
                sum_ways: cages::WaysMemo::default(),
                forcing: std::sync::OnceLock::new(),
                house_masks,
            }),
            n,
            live,
            count,
            covered: vec![false; item_count],
            placed: vec![0; n * n],
            unique: false,
            inner: false,
            cancel: None,
        };
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            if digit != 0 {
                logic.select(encode::option(n, cell, digit).index());
            }
        }
        Ok(logic)
    }

    /// Lets the rules assume the puzzle has one solution: unique
    /// rectangles and BUG+1, on layouts of rows, columns and boxes or
    /// regions alone. Off by default; [`Grid::explain`], [`Grid::hint`]
    /// and [`Grid::rate_se`] turn it on for a puzzle with one solution.
    pub fn assume_unique(&mut self, unique: bool) {
        self.unique = unique;
    }

    /// A flag another thread may set to stop the search for a step: a
    /// rule's search (chains, sets, trial) then gives up, the step not
    /// found, and [`Logic::is_cancelled`] says so. `None` (the default)
    /// never stops.
    ///
    /// # Example
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use std::sync::Arc;
    /// use sudoku_dlx::{Grid, Logic};
    ///
    /// let puzzle = Grid::parse(
    ///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
    /// )?;
    /// let mut logic = Logic::new(&puzzle)?;
    /// logic.set_cancel_flag(Some(Arc::new(AtomicBool::new(true))));
    /// assert!(logic.next_step().is_none() && logic.is_cancelled());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_cancel_flag(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.cancel = flag;
    }

    /// Whether the cancel flag is set: a step not found, or a path that
    /// stops short, was stopped rather than stalled.
    pub fn is_cancelled(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
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
        let masks = (0..n * n).map(|cell| self.cell_mask(cell)).collect();
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
}

/// Whether every constraint of `layout` is a killer cage with a sum
/// that the cage rules read (of [`cages::CAGE_CELLS`] cells), and there
/// is one.
fn cages_only(layout: &Layout) -> bool {
    let constraints = layout.constraints();
    !constraints.is_empty()
        && constraints.iter().all(|c| {
            matches!(c, Constraint::Cage { cells, sum: Some(_) } if cages::CAGE_CELLS.contains(&cells.len()))
        })
}

impl Grid {
    /// The path of steps a player would take, easiest first, from this
    /// puzzle to its solution (see [`Logic`]); it ends early only when no
    /// technique finds a step (a puzzle with several solutions, or none).
    /// The solutions are counted first: the uniqueness rules serve only a
    /// puzzle with one.
    ///
    /// # Errors
    ///
    /// The [`Conflict`] of givens that repeat a digit in a house or break
    /// a rule.
    pub fn explain(&self) -> Result<Vec<Step>, Conflict> {
        Ok(self.logic()?.solve_all().0)
    }

    /// The logic state of this puzzle ([`Logic::new`]), with the
    /// uniqueness rules on when the puzzle has one solution (they are
    /// counted first, on the layouts where those rules apply: see
    /// [`Logic::uniqueness_applies`]): the state [`Grid::explain`],
    /// [`Grid::hint`] and [`Grid::rate_se`] start from.
    ///
    /// # Errors
    ///
    /// As [`Grid::explain`].
    pub fn logic(&self) -> Result<Logic, Conflict> {
        let mut logic = Logic::new(self)?;
        if logic.uniqueness_applies() {
            logic.assume_unique(self.count_solutions_up_to(2).is_ok_and(|count| count == 1));
        }
        Ok(logic)
    }

    /// The easiest next step, `None` when the puzzle is solved or no
    /// technique finds one. A puzzle in pencilmarks takes its candidates
    /// as they are.
    ///
    /// # Errors
    ///
    /// As [`Grid::explain`].
    pub fn hint(&self) -> Result<Option<Step>, Conflict> {
        Ok(self.logic()?.next_step())
    }
}
