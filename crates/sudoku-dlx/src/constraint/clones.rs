//! Clones: two shapes of cells that hold the same digits in the same
//! places, each cell tied to its twin (device: equality, a secondary item
//! per pair colored by the digit).

use std::fmt;

use dlx::Contradiction;

use super::devices::Builder;
use super::domains::Domains;
use super::{write_cells, Cell, Constraint, Family, Filled, Rules, Statement};
use crate::error::LayoutError;
use crate::fpuzzles::error::{bad, FpuzzlesError};
use crate::fpuzzles::fields::Fields;

/// The family of clones.
pub(super) struct Clones;

/// The one [`Clones`].
pub(super) const CLONES: Clones = Clones;

/// The two shapes of a clone.
fn shapes(constraint: &Constraint) -> (&[Cell], &[Cell]) {
    match constraint {
        Constraint::Clone { cells, clones } => (cells, clones),
        _ => unreachable!("{constraint:?} is no clone"),
    }
}

/// The pairs of a clone whose cells differ: the cells that must hold the
/// same digit.
fn twins(constraint: &Constraint) -> impl Iterator<Item = (Cell, Cell)> + '_ {
    let (cells, clones) = shapes(constraint);
    cells
        .iter()
        .copied()
        .zip(clones.iter().copied())
        .filter(|(p, q)| p != q)
}

impl Family for Clones {
    fn keywords(&self) -> &'static [&'static str] {
        &["clone"]
    }

    fn parse(&self, s: &Statement<'_>) -> Option<Result<Constraint, LayoutError>> {
        let parse = |s: &Statement<'_>| -> Result<Constraint, LayoutError> {
            s.max_args(0)?;
            let Some((cells, clones)) = s.tail.split_once('=') else {
                let reason = "a clone names its cells, =, then their clones in the same order";
                return Err(s.bad(reason.to_string()));
            };
            Ok(Constraint::Clone {
                cells: s.cells_of(cells.split_whitespace())?,
                clones: s.cells_of(clones.split_whitespace())?,
            })
        };
        (s.keyword == "clone").then(|| parse(s))
    }

    fn write(&self, constraint: &Constraint, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (cells, clones) = shapes(constraint);
        write!(f, "clone: ")?;
        write_cells(f, cells)?;
        write!(f, " = ")?;
        write_cells(f, clones)
    }

    fn name(&self, _constraint: &Constraint) -> &'static str {
        "clone"
    }

    /// The cells, then the clones that are not among them (shapes may
    /// overlap).
    fn cells(&self, constraint: &Constraint, _n: usize) -> Vec<Cell> {
        let (cells, clones) = shapes(constraint);
        let mut all = cells.to_vec();
        all.extend(clones.iter().filter(|c| !cells.contains(c)));
        all
    }

    fn validate(&self, constraint: &Constraint, _n: usize) -> Result<(), String> {
        let (cells, clones) = shapes(constraint);
        let distinct = |shape: &[Cell]| {
            let mut sorted = shape.to_vec();
            sorted.sort_unstable();
            sorted.windows(2).all(|w| w[0] != w[1])
        };
        if cells.len() != clones.len() {
            return Err(format!(
                "{} cells and {} clones: a clone has one cell for each",
                cells.len(),
                clones.len()
            ));
        }
        if !distinct(cells) || !distinct(clones) {
            return Err("a cell is named twice in one shape".to_string());
        }
        Ok(())
    }

    fn broken(&self, constraint: &Constraint, grid: &Filled<'_>) -> Option<[Cell; 2]> {
        twins(constraint).find_map(|(p, q)| {
            let (a, b) = (grid.get(p), grid.get(q));
            (a != 0 && b != 0 && a != b).then_some([p, q])
        })
    }

    fn encode(&self, constraint: &Constraint, b: &mut Builder<'_>) {
        for (p, q) in twins(constraint) {
            let (p, q) = (b.index(p), b.index(q));
            b.equal(p, q);
        }
    }

    fn propagates(&self, _constraint: &Constraint) -> bool {
        true
    }

    fn propagate(&self, constraint: &Constraint, d: &mut Domains) -> Result<(), Contradiction> {
        for (p, q) in twins(constraint) {
            let both = d.get(p) & d.get(q);
            d.restrict(p, both)?;
            d.restrict(q, both)?;
        }
        Ok(())
    }
}

/// Reads f-puzzles key `clone` (`cells` and `cloneCells`, one for one)
/// into `out`.
pub(super) fn fpuzzles(
    key: &str,
    fields: &Fields<'_>,
    out: &mut Rules,
) -> Result<(), FpuzzlesError> {
    for (field, entry) in fields.objects(key)? {
        let cells = fields.cells(&field, entry.get("cells"))?;
        let clones = fields.cells(&field, entry.get("cloneCells"))?;
        if cells.len() != clones.len() {
            let message = format!(
                "{} cells and {} cloneCells: a clone has one cell for each",
                cells.len(),
                clones.len()
            );
            return Err(bad(field, &message));
        }
        out.constraints
            .push((field, Constraint::Clone { cells, clones }));
    }
    Ok(())
}
