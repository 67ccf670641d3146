//! Checking a grid against its layout: the givens in conflict
//! ([`Grid::check`], a [`Conflict`]) and a solution checked independently
//! of the solver that found it ([`Grid::is_solution_of`]).

use std::error::Error;
use std::fmt;

use crate::cell::CellName;
use crate::constraint::Filled;
use crate::grid::Grid;
use crate::house::House;
use crate::variant::Variant;

/// Two givens that cannot both stand, found by [`Grid::check`]: a digit
/// repeated in a house, or two cells that break a rule of the layout.
///
/// Cells are (row, col) from 0, in reading order. `Display` names cells as
/// players do, from 1: "digit 5 repeated in row 3 (r3c1 and r3c7)",
/// "anti-knight: r1c1 and r2c3 both hold 5", "non-consecutive: r1c1 holds 4
/// and r1c2 holds 5".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Conflict {
    /// A digit given twice in one house.
    Repeat {
        /// The house holding the digit twice.
        house: House,
        /// The repeated digit, 1..=n.
        digit: u8,
        /// The two cells holding it, in reading order within the house.
        cells: [(usize, usize); 2],
    },
    /// Two cells whose digits a rule forbids together.
    Rule {
        /// The rule: [`Variant::AntiKnight`], [`Variant::AntiKing`] or
        /// [`Variant::NonConsecutive`].
        rule: Variant,
        /// The two cells, in reading order.
        cells: [(usize, usize); 2],
        /// Their digits, in the same order.
        digits: [u8; 2],
    },
    /// Givens that break a constraint of the layout.
    Constraint {
        /// The constraint's name: [`Constraint::name`](crate::Constraint::name).
        name: &'static str,
        /// Its index in [`Layout::constraints`](crate::Layout::constraints).
        index: usize,
        /// Two of its cells that show it broken, in its order: the two
        /// cells of a pair that breaks it, or the first and last cell of
        /// a sum that is not right (the same cell twice for one cell).
        cells: [(usize, usize); 2],
        /// Their digits, in the same order.
        digits: [u8; 2],
    },
}

impl Conflict {
    /// The two cells in conflict, as (row, col) from 0.
    pub fn cells(&self) -> [(usize, usize); 2] {
        match *self {
            Conflict::Repeat { cells, .. }
            | Conflict::Rule { cells, .. }
            | Conflict::Constraint { cells, .. } => cells,
        }
    }

    /// The house of a repeated digit, `None` for a rule broken.
    pub fn house(&self) -> Option<House> {
        match *self {
            Conflict::Repeat { house, .. } => Some(house),
            Conflict::Rule { .. } | Conflict::Constraint { .. } => None,
        }
    }

    /// The rule broken, `None` for a repeated digit.
    pub fn rule(&self) -> Option<Variant> {
        match *self {
            Conflict::Rule { rule, .. } => Some(rule),
            Conflict::Repeat { .. } | Conflict::Constraint { .. } => None,
        }
    }
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.cells();
        let (a, b) = (CellName(a), CellName(b));
        match *self {
            Conflict::Repeat { house, digit, .. } => {
                write!(f, "digit {digit} repeated in {house} ({a} and {b})")
            }
            Conflict::Rule {
                rule,
                digits: [x, y],
                ..
            } if x == y => write!(f, "{rule}: {a} and {b} both hold {x}"),
            Conflict::Rule {
                rule,
                digits: [x, y],
                ..
            } => write!(f, "{rule}: {a} holds {x} and {b} holds {y}"),
            Conflict::Constraint {
                name,
                index,
                cells: [p, q],
                digits: [x, _],
            } if p == q => write!(f, "{name} (constraint {}): {a} holds {x}", index + 1),
            Conflict::Constraint {
                name,
                index,
                digits: [x, y],
                ..
            } => write!(
                f,
                "{name} (constraint {}) broken: {a} holds {x} and {b} holds {y}",
                index + 1
            ),
        }
    }
}

impl Error for Conflict {}

impl Grid {
    /// Checks the givens against every house and rule of the layout: no
    /// digit twice in a row, a column, a region or an extra house, and no
    /// two cells breaking a rule.
    ///
    /// Houses are searched first, in the layout's order (rows, columns,
    /// regions, then the extra houses), each in reading order; then the
    /// rules, each pair of cells in reading order. The first conflict found
    /// is reported. Empty cells are ignored, so this checks a puzzle's
    /// givens; it does not tell whether the puzzle has a solution.
    ///
    /// # Errors
    ///
    /// A [`Conflict`] naming the house and the digit, or the rule and the
    /// digits, and the two cells.
    ///
    /// # Complexity
    ///
    /// O(n*n) time for every family of houses or rule, O(n) extra space.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::{Conflict, Grid, House, Layout, Variant};
    ///
    /// let grid = Grid::parse("1..1............")?;
    /// let conflict = grid.check().unwrap_err();
    /// assert!(matches!(conflict, Conflict::Repeat { house: House::Row(0), digit: 1, .. }));
    /// assert_eq!(conflict.to_string(), "digit 1 repeated in row 1 (r1c1 and r1c4)");
    ///
    /// let knight = Layout::square(3)?.with_variant(Variant::AntiKnight)?;
    /// let mut grid = Grid::empty_in(&knight);
    /// grid.set(0, 2, 5)?;
    /// grid.set(1, 4, 5)?;
    /// let conflict = grid.check().unwrap_err();
    /// assert_eq!(conflict.to_string(), "anti-knight: r1c3 and r2c5 both hold 5");
    /// assert_eq!(conflict.cells(), [(0, 2), (1, 4)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check(&self) -> Result<(), Conflict> {
        let layout = self.layout();
        let n = layout.side();
        let at = |cell: usize| (cell / n, cell % n);
        // seen[d] is 1 + the position in the house where d was first met,
        // 0 while it has not been.
        let mut seen = vec![0usize; n + 1];
        for h in 0..layout.house_count() {
            seen.fill(0);
            for k in 0..n {
                let cell = layout.house_cell(h, k);
                let digit = self.cells()[cell];
                if digit == 0 {
                    continue;
                }
                let slot = &mut seen[usize::from(digit)];
                if *slot != 0 {
                    let first = layout.house_cell(h, *slot - 1);
                    return Err(Conflict::Repeat {
                        house: layout.house(h),
                        digit,
                        cells: [at(first), at(cell)],
                    });
                }
                *slot = k + 1;
            }
        }
        for rule in layout.variants() {
            let Some(pairs) = rule.pair_rule() else {
                continue;
            };
            if let Some((p, q)) = pairs.first_broken(self.cells(), n, &|_, _| false) {
                return Err(Conflict::Rule {
                    rule,
                    cells: [at(p), at(q)],
                    digits: [self.cells()[p], self.cells()[q]],
                });
            }
        }
        if let Some((index, cells)) = self.broken_constraint() {
            let constraint = &layout.constraints()[index];
            return Err(Conflict::Constraint {
                name: constraint.name(),
                index,
                cells,
                digits: cells.map(|(r, c)| self.cells()[r * n + c]),
            });
        }
        Ok(())
    }

    /// Whether `self` is a solution of `puzzle`: the same layout, complete,
    /// every house of the layout holding each digit once, no rule of the
    /// layout broken, and every given of `puzzle` in place.
    ///
    /// This is an independent checker for solvers: it relies on nothing but
    /// the cells of both grids and the layout's houses and rules.
    ///
    /// # Complexity
    ///
    /// O(n*n) time for every family of houses or rule, no allocation.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::Grid;
    ///
    /// let puzzle = Grid::parse("1.3...2.3.....4.")?;
    /// let solution = Grid::parse("1234432134122143")?;
    /// assert!(solution.is_solution_of(&puzzle));
    /// assert!(!puzzle.is_solution_of(&puzzle));
    /// # Ok::<(), sudoku_dlx::ParseError>(())
    /// ```
    pub fn is_solution_of(&self, puzzle: &Grid) -> bool {
        let layout = self.layout();
        let n = layout.side();
        if puzzle.layout() != layout
            || n > 63
            || self.cells().len() != n * n
            || puzzle.cells().len() != n * n
        {
            return false;
        }
        let agrees = self
            .cells()
            .iter()
            .zip(puzzle.cells())
            .all(|(&s, &p)| (1..=n).contains(&usize::from(s)) && (p == 0 || p == s))
            && (0..n * n).all(|cell| puzzle.is_candidate(cell, self.cells()[cell]));
        if !agrees {
            return false;
        }
        // Every house has n cells, all digits in 1..=n: they are all there
        // exactly when they are distinct.
        let all = (1u64 << n) - 1;
        let houses = (0..layout.house_count()).all(|h| {
            (0..n).fold(0u64, |seen, k| {
                seen | 1u64 << (self.cells()[layout.house_cell(h, k)] - 1)
            }) == all
        });
        houses
            && layout.variants().all(|rule| {
                rule.pair_rule().is_none_or(|pairs| {
                    pairs.first_broken(self.cells(), n, &|_, _| false).is_none()
                })
            })
            && self.broken_constraint().is_none()
    }

    /// The first constraint of the layout the filled cells break, with
    /// its index and the two cells that show it.
    fn broken_constraint(&self) -> Option<(usize, [(usize, usize); 2])> {
        let constraints = self.layout().constraints();
        let grid = Filled {
            digits: self.cells(),
            n: self.side(),
            layout: self.layout(),
            constraints,
        };
        constraints
            .iter()
            .enumerate()
            .find_map(|(k, constraint)| constraint.broken(&grid).map(|cells| (k, cells)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::tests::{pattern, LEETCODE, LEETCODE_SOLUTION};

    #[test]
    fn check_finds_repeats_in_each_house() {
        assert_eq!(Grid::parse(LEETCODE).unwrap().check(), Ok(()));
        for b in 2..=7 {
            assert_eq!(pattern(b).check(), Ok(()));
        }
        let mut row = Grid::parse(LEETCODE).unwrap();
        row.set(2, 6, 9).unwrap();
        let conflict = row.check().unwrap_err();
        assert_eq!(
            conflict,
            Conflict::Repeat {
                house: House::Row(2),
                digit: 9,
                cells: [(2, 1), (2, 6)]
            }
        );
        assert_eq!(
            conflict.to_string(),
            "digit 9 repeated in row 3 (r3c2 and r3c7)"
        );
        let mut column = Grid::empty(3).unwrap();
        column.set(1, 4, 7).unwrap();
        column.set(8, 4, 7).unwrap();
        assert_eq!(
            column.check().unwrap_err().to_string(),
            "digit 7 repeated in column 5 (r2c5 and r9c5)"
        );
        let mut bx = Grid::empty(3).unwrap();
        bx.set(3, 5, 2).unwrap();
        bx.set(5, 3, 2).unwrap();
        assert_eq!(
            bx.check().unwrap_err().to_string(),
            "digit 2 repeated in box 5 (r4c6 and r6c4)"
        );
    }

    #[test]
    fn is_solution_of_trusts_nothing() {
        let puzzle = Grid::parse(LEETCODE).unwrap();
        let solution = Grid::parse(LEETCODE_SOLUTION).unwrap();
        assert!(solution.is_solution_of(&puzzle));
        assert!(solution.is_solution_of(&solution));
        assert!(!puzzle.is_solution_of(&puzzle));
        // A valid grid that disagrees with a given.
        let other = pattern(3);
        assert!(other.check().is_ok());
        assert!(!other.is_solution_of(&puzzle));
        assert!(other.is_solution_of(&Grid::empty(3).unwrap()));
        // Swapping two cells of a row keeps rows and the givens' count but
        // breaks columns.
        let mut swapped = solution.clone();
        swapped.set(0, 2, 9).unwrap();
        swapped.set(0, 6, 4).unwrap();
        assert!(!swapped.is_solution_of(&Grid::empty(3).unwrap()));
        // Rows and columns right, boxes wrong: a cyclic Latin square.
        let latin: Vec<u8> = (0..81).map(|i| ((i / 9 + i % 9) % 9 + 1) as u8).collect();
        let latin = Grid::from_cells(3, latin).unwrap();
        assert!(!latin.is_solution_of(&Grid::empty(3).unwrap()));
        // Sizes must match.
        assert!(!pattern(2).is_solution_of(&Grid::empty(3).unwrap()));
        for b in 2..=7 {
            assert!(pattern(b).is_solution_of(&Grid::empty(b).unwrap()));
        }
    }
}
