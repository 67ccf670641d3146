//! The cells: odd and even cells, the rules of one cell's digit alone,
//! encoded by leaving out the placements they forbid (device: exclusion).

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

impl Family for Cells {
    fn keywords(&self) -> &'static [&'static str] {
        &["odd", "even"]
    }

    fn parse(&self, s: &Statement<'_>) -> Option<Result<Constraint, LayoutError>> {
        let odd = match s.keyword.as_str() {
            "odd" => true,
            "even" => false,
            _ => return None,
        };
        let cell = s.cells().and_then(|cells| s.one(&cells));
        Some(cell.map(|cell| match odd {
            true => Constraint::Odd(cell),
            false => Constraint::Even(cell),
        }))
    }

    fn write(&self, constraint: &Constraint, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.name(constraint))?;
        write_cells(f, &[parity(constraint).0])
    }

    fn name(&self, constraint: &Constraint) -> &'static str {
        match parity(constraint).1 {
            true => "odd",
            false => "even",
        }
    }

    fn cells(&self, constraint: &Constraint, _n: usize) -> Vec<Cell> {
        vec![parity(constraint).0]
    }

    fn validate(&self, _constraint: &Constraint, _n: usize) -> Result<(), String> {
        Ok(())
    }

    fn broken(&self, constraint: &Constraint, grid: &Filled<'_>) -> Option<[Cell; 2]> {
        let (cell, odd) = parity(constraint);
        let d = grid.get(cell);
        (d != 0 && (d % 2 == 1) != odd).then_some([cell; 2])
    }

    fn encode(&self, constraint: &Constraint, b: &mut Builder<'_>) {
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
            _ => Constraint::Even(cell),
        };
        out.constraints.push((field, constraint));
    }
    Ok(())
}
