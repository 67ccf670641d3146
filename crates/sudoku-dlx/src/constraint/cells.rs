//! The cells: odd and even cells, the rules of one cell's digit alone,
//! encoded by leaving out the placements they forbid (device: exclusion);
//! and minimum and maximum cells, whose digit is less (greater) than each
//! of its orthogonal neighbours', encoded by forbidden pairs with each.

use std::fmt;

use super::devices::Builder;
use super::{write_cells, Cell, Constraint, Family, Filled, Rules, Statement};
use crate::error::LayoutError;
use crate::fpuzzles::error::FpuzzlesError;
use crate::fpuzzles::fields::Fields;

/// The family of one cell's rules.
pub(super) struct Cells;

/// The one [`Cells`].
pub(super) const CELLS: Cells = Cells;

/// The cell of a parity rule, and whether it is odd.
fn parity(constraint: &Constraint) -> (Cell, bool) {
    match *constraint {
        Constraint::Odd(cell) => (cell, true),
        Constraint::Even(cell) => (cell, false),
        _ => unreachable!("{constraint:?} is no rule of a cell"),
    }
}

/// The cell of a rule of one cell.
fn cell_of(constraint: &Constraint) -> Cell {
    match *constraint {
        Constraint::Odd(cell)
        | Constraint::Even(cell)
        | Constraint::Minimum(cell)
        | Constraint::Maximum(cell) => cell,
        _ => unreachable!("{constraint:?} is no rule of a cell"),
    }
}

/// The orthogonal neighbours of `(r, c)` on a grid of side `n`.
fn neighbours((r, c): Cell, n: usize) -> impl Iterator<Item = Cell> {
    let steps = [(-1isize, 0isize), (1, 0), (0, -1), (0, 1)];
    steps.into_iter().filter_map(move |(dr, dc)| {
        let (r, c) = (r.checked_add_signed(dr)?, c.checked_add_signed(dc)?);
        (r < n && c < n).then_some((r, c))
    })
}

impl Family for Cells {
    fn keywords(&self) -> &'static [&'static str] {
        &["odd", "even", "minimum", "maximum"]
    }

    fn parse(&self, s: &Statement<'_>) -> Option<Result<Constraint, LayoutError>> {
        let kind = match s.keyword.as_str() {
            "odd" => Constraint::Odd,
            "even" => Constraint::Even,
            "minimum" => Constraint::Minimum,
            "maximum" => Constraint::Maximum,
            _ => return None,
        };
        let cell = s.cells().and_then(|cells| s.one(&cells));
        Some(cell.map(kind))
    }

    fn write(&self, constraint: &Constraint, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.name(constraint))?;
        write_cells(f, &[cell_of(constraint)])
    }

    fn name(&self, constraint: &Constraint) -> &'static str {
        match constraint {
            Constraint::Odd(_) => "odd",
            Constraint::Even(_) => "even",
            Constraint::Minimum(_) => "minimum",
            _ => "maximum",
        }
    }

    fn cells(&self, constraint: &Constraint, _n: usize) -> Vec<Cell> {
        vec![cell_of(constraint)]
    }

    fn validate(&self, _constraint: &Constraint, _n: usize) -> Result<(), String> {
        Ok(())
    }

    fn broken(&self, constraint: &Constraint, grid: &Filled<'_>) -> Option<[Cell; 2]> {
        let cell = cell_of(constraint);
        let d = grid.get(cell);
        if d == 0 {
            return None;
        }
        let least = matches!(constraint, Constraint::Minimum(_));
        if least || matches!(constraint, Constraint::Maximum(_)) {
            return neighbours(cell, grid.n).find_map(|q| {
                let e = grid.get(q);
                (e != 0 && if least { e <= d } else { e >= d }).then_some([cell, q])
            });
        }
        let odd = parity(constraint).1;
        ((d % 2 == 1) != odd).then_some([cell; 2])
    }

    fn encode(&self, constraint: &Constraint, b: &mut Builder<'_>) {
        if let Constraint::Minimum(cell) | Constraint::Maximum(cell) = *constraint {
            let least = matches!(constraint, Constraint::Minimum(_));
            let p = b.index(cell);
            for q in neighbours(cell, b.n) {
                let q = b.index(q);
                if least {
                    b.forbid(p, q, &|x, y| y <= x);
                } else {
                    b.forbid(p, q, &|x, y| y >= x);
                }
            }
            return;
        }
        let (cell, odd) = parity(constraint);
        let cell = b.index(cell);
        let first = if odd { 2 } else { 1 };
        for d in (first..=b.n).step_by(2) {
            b.exclude(cell, d as u32);
        }
    }
}

/// Reads f-puzzles key `key`, one of the cells' in [`FPUZZLES`](super::FPUZZLES),
/// into `out`.
pub(super) fn fpuzzles(
    key: &str,
    fields: &Fields<'_>,
    out: &mut Rules,
) -> Result<(), FpuzzlesError> {
    for (field, entry) in fields.objects(key)? {
        let cell = fields.cell(&field, entry.get("cell"))?;
        let constraint = match key {
            "odd" => Constraint::Odd(cell),
            "even" => Constraint::Even(cell),
            "minimum" => Constraint::Minimum(cell),
            _ => Constraint::Maximum(cell),
        };
        out.constraints.push((field, constraint));
    }
    Ok(())
}
