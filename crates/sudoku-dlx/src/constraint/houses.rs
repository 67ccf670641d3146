//! Houses beyond rows, columns and regions: the variants' names, the
//! houses X, hyper and disjoint groups add and the cells of each, and the
//! f-puzzles keys of extra houses (`diagonal+`, `diagonal-`,
//! `disjointgroups`, `extraregion`).
//!
//! An extra house is encoded and checked as rows are (its n items "house h
//! holds digit d", [`Grid::check`](crate::Grid::check) walking its cells);
//! a region of f-puzzles that is no house of the layout is a cage without
//! sum (family of sums).

use std::str::FromStr;

use super::{Cell, Constraint, Rules};
use crate::error::{LayoutError, LayoutErrorKind};
use crate::fpuzzles::error::FpuzzlesError;
use crate::fpuzzles::fields::Fields;
use crate::house::House;
use crate::read::strings::{Item, ItemError};
use crate::variant::Variant;

/// Reads a variant's name, or one of its other names, in any case.
impl FromStr for Variant {
    type Err = LayoutError;

    fn from_str(name: &str) -> Result<Variant, LayoutError> {
        let key = name.trim().to_ascii_lowercase().replace('_', "-");
        let variant = match key.as_str() {
            "x" | "diagonal" | "diagonals" => Variant::X,
            "hyper" | "windoku" => Variant::Hyper,
            "disjoint" | "disjoint-groups" => Variant::Disjoint,
            "anti-knight" | "antiknight" => Variant::AntiKnight,
            "anti-king" | "antiking" => Variant::AntiKing,
            "non-consecutive" | "nonconsecutive" => Variant::NonConsecutive,
            _ => {
                return Err(LayoutError::new(LayoutErrorKind::UnknownVariant {
                    name: name.to_string(),
                }))
            }
        };
        Ok(variant)
    }
}

impl Variant {
    /// Why a layout of side `side` (of boxes `boxes` high and wide, `None`
    /// for a jigsaw) cannot take the variant.
    pub(crate) fn fits(
        self,
        side: usize,
        boxes: Option<(usize, usize)>,
    ) -> Result<(), LayoutError> {
        match self {
            Variant::Hyper if side != 9 => {
                Err(LayoutError::new(LayoutErrorKind::HyperSide { side }))
            }
            Variant::Disjoint if boxes.is_none() => {
                Err(LayoutError::new(LayoutErrorKind::DisjointJigsaw))
            }
            _ => Ok(()),
        }
    }

    /// The houses the variant adds to a grid of side `side`, in house
    /// order; none for a rule between cells.
    pub(crate) fn houses(self, side: usize) -> Vec<House> {
        match self {
            Variant::X => vec![House::Diagonal(0), House::Diagonal(1)],
            Variant::Hyper => (0..4).map(House::Window).collect(),
            Variant::Disjoint => (0..side).map(House::DisjointGroup).collect(),
            Variant::AntiKnight | Variant::AntiKing | Variant::NonConsecutive => Vec::new(),
        }
    }
}

/// The `k`-th cell (row-major index) of the extra house `house`, in
/// reading order, on a grid of side `n` with boxes `boxes` (rows, cols).
pub(crate) fn extra_cell(house: House, k: usize, n: usize, boxes: Option<(usize, usize)>) -> usize {
    match house {
        House::Diagonal(0) => k * n + k,
        House::Diagonal(_) => k * n + n - 1 - k,
        House::Window(w) => (1 + 4 * (w / 2) + k / 3) * n + 1 + 4 * (w % 2) + k % 3,
        House::DisjointGroup(g) => {
            let (rows, cols) = boxes.expect("disjoint groups need boxes");
            // The group's cell in box k.
            let stacks = n / cols;
            let (band, stack) = (k / stacks, k % stacks);
            (band * rows + g / cols) * n + stack * cols + g % cols
        }
        _ => unreachable!("{house} is no extra house"),
    }
}

/// Whether the extra house `house` holds the cell at `row`, `col`, on a
/// grid of side `n` with boxes `boxes`.
pub(crate) fn extra_holds(
    house: House,
    (row, col): Cell,
    n: usize,
    boxes: Option<(usize, usize)>,
) -> bool {
    match house {
        House::Diagonal(0) => row == col,
        House::Diagonal(_) => row + col == n - 1,
        House::Window(w) => {
            let (top, left) = (1 + 4 * (w / 2), 1 + 4 * (w % 2));
            (top..top + 3).contains(&row) && (left..left + 3).contains(&col)
        }
        House::DisjointGroup(g) => {
            let (rows, cols) = boxes.expect("disjoint groups need boxes");
            (row % rows) * cols + col % cols == g
        }
        _ => false,
    }
}

/// Reads f-puzzles key `key`, one of the houses' in
/// [`FPUZZLES`](super::FPUZZLES), into `out`.
pub(super) fn fpuzzles(
    key: &str,
    fields: &Fields<'_>,
    out: &mut Rules,
) -> Result<(), FpuzzlesError> {
    let n = fields.n;
    match key {
        // Both diagonals make X; one is a house of its own, a cage
        // without sum on its n cells.
        "diagonal+" => match (fields.flag("diagonal+")?, fields.flag("diagonal-")?) {
            (true, true) => out.variants.push((key.to_string(), Variant::X)),
            (true, false) => {
                let rising = (0..n).map(|i| (n - 1 - i, i)).collect();
                out.constraints.push((key.to_string(), house(rising)));
            }
            (false, true) => {
                let falling = (0..n).map(|i| (i, i)).collect();
                out.constraints
                    .push(("diagonal-".to_string(), house(falling)));
            }
            (false, false) => {}
        },
        // Read with "diagonal+".
        "diagonal-" => {}
        "disjointgroups" => {
            if fields.flag(key)? {
                out.variants.push((key.to_string(), Variant::Disjoint));
            }
        }
        "extraregion" => {
            for (field, entry) in fields.objects(key)? {
                let cells = fields.cells(&field, entry.get("cells"))?;
                out.constraints.push((field, house(cells)));
            }
        }
        _ => unreachable!("{key} is no f-puzzles key of the houses"),
    }
    Ok(())
}

/// Reads an item of the constraint strings of one of the houses' types
/// in [`STRINGS`](super::STRINGS) into `out`: `Diagonal~1` (rising, as
/// `/`) and `Diagonal~-1` (falling), `Windoku`, `DisjointSets`.
pub(super) fn strings(item: &Item<'_>, out: &mut Rules) -> Result<(), ItemError> {
    let n = item.n;
    match item.kind {
        "Diagonal" => {
            let cells = match item.arg(0)? {
                "1" => (0..n).map(|i| (n - 1 - i, i)).collect(),
                "-1" => (0..n).map(|i| (i, i)).collect(),
                other => {
                    return Err(item.error(0, format!("direction \"{other}\" is neither 1 nor -1")))
                }
            };
            out.constraints.push((item.kind.to_string(), house(cells)));
        }
        "Windoku" => out.variants.push((item.kind.to_string(), Variant::Hyper)),
        "DisjointSets" => out
            .variants
            .push((item.kind.to_string(), Variant::Disjoint)),
        _ => return Err(item.error(0, "no type of the houses")),
    }
    Ok(())
}

/// The no-repeat rule of a house that is not one of the layout's.
fn house(cells: Vec<Cell>) -> Constraint {
    Constraint::Cage { cells, sum: None }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        for variant in Variant::ALL {
            assert_eq!(variant.name().parse::<Variant>(), Ok(variant));
            assert_eq!(Variant::ALL[variant.index()], variant);
        }
        assert_eq!("Windoku".parse::<Variant>(), Ok(Variant::Hyper));
        assert_eq!(
            "non_consecutive".parse::<Variant>(),
            Ok(Variant::NonConsecutive)
        );
        assert_eq!(
            "knight".parse::<Variant>().unwrap_err().to_string(),
            "unknown variant \"knight\", expected one of x, hyper, disjoint, anti-knight, \
             anti-king, non-consecutive"
        );
    }
}
