//! The sums that houses and killer cages imply together: the 45 rule of
//! killer players, as constraints for the propagation only.
//!
//! The digits of a house sum to 1 + 2 + ... + n (45 on a 9x9), so the
//! cells of a group of houses sum to that times the houses. Take out the
//! cages with a sum that lie inside the group: the cells left (the
//! *innies*) sum to the rest. When cages with a sum cover the group and
//! reach out of it, the cells they hold outside (the *outies*) sum to
//! their sums less the group's. A sum over a few cells narrows their
//! digits as a cage does, at every node of the search, long before the
//! exact cover sees it.
//!
//! The groups are the houses one by one, two neighbouring boxes, and the
//! runs of neighbouring rows and of neighbouring columns. A derived sum
//! is kept when it holds at most `n` cells and is no cage of the layout
//! already; its cells are
//! distinct digits (a [`Constraint::Cage`]) when one house holds them all,
//! else any digits (a sum with repeats, as a [`Constraint::LittleKiller`]
//! reads). These constraints are never encoded nor checked: every
//! solution keeps them, so they take out only what no solution holds.

use std::collections::HashSet;
use std::fmt;
use std::ops::Range;

use super::{Cell, Constraint};
use crate::house::House;
use crate::layout::Layout;

/// A sum that a layout's houses and killer cages imply together (the 45
/// rule), as [`Layout::derived_sums`] finds it: the cells of a group of
/// houses left when the cages inside it are taken out (the innies), or
/// the cells outside it of the cages that cover it (the outies).
///
/// `Display` writes the constraint as the text form reads it, after the
/// group: `innies of row 1: cage 17: r1c8 r1c9`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DerivedSum {
    /// The group of houses, as players name it: `row 1`, `box 5`, `rows
    /// 1-3`, `columns 4-5`.
    pub group: String,
    /// Whether the cells lie outside the group (outies) rather than
    /// inside it (innies).
    pub outies: bool,
    /// The sum: a [`Constraint::Cage`] (distinct digits) when one house
    /// holds its cells, else a [`Constraint::LittleKiller`]'s sum over
    /// them (digits may repeat).
    pub constraint: Constraint,
}

impl DerivedSum {
    /// Where the cells lie, as players say it: `innies` or `outies`.
    pub fn side(&self) -> &'static str {
        if self.outies {
            "outies"
        } else {
            "innies"
        }
    }
}

impl fmt::Display for DerivedSum {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} of {}: {}", self.side(), self.group, self.constraint)
    }
}

/// The killer cages of `layout` with a sum: their cells (row-major
/// indices) and sums.
pub(crate) fn summed_cages(layout: &Layout) -> Vec<(Vec<usize>, u32)> {
    let n = layout.side();
    layout
        .constraints()
        .iter()
        .filter_map(|constraint| match constraint {
            Constraint::Cage {
                cells,
                sum: Some(sum),
            } => Some((cells.iter().map(|&(r, c)| r * n + c).collect(), *sum)),
            _ => None,
        })
        .collect()
}

/// The sums of cells `layout`'s houses and its cages with a sum imply
/// (see the module's docs), none when it has no cage with a sum.
pub(crate) fn derived_sums(layout: &Layout) -> Vec<DerivedSum> {
    let n = layout.side();
    let cages = summed_cages(layout);
    if cages.is_empty() {
        return Vec::new();
    }
    let mut seen: HashSet<Vec<usize>> = cages
        .iter()
        .map(|(cells, _)| sorted(cells.clone()))
        .collect();
    let house_sum = (n * (n + 1) / 2) as u64;
    let mut derived = Vec::new();
    let mut add = |group: &Group, outies: bool, cells: Vec<usize>, sum: u64| {
        let cells = sorted(cells);
        if cells.is_empty() || cells.len() > n || !seen.insert(cells.clone()) {
            return;
        }
        let Ok(sum) = u32::try_from(sum) else {
            return;
        };
        derived.push(DerivedSum {
            group: group.name(),
            outies,
            constraint: constraint(layout, &cells, sum),
        });
    };
    // Each cell's (and cage's) mark is the number of the last group that
    // set it (1 and up), so that no array is cleared between groups: in
    // the group, taken by a cage inside it, covered by a cage touching
    // it; the cages touching the group.
    let (mut in_group, mut taken, mut covered) = (vec![0; n * n], vec![0; n * n], vec![0; n * n]);
    let mut cages_of = vec![Vec::new(); n * n];
    for (k, (cells, _)) in cages.iter().enumerate() {
        cells.iter().for_each(|&c| cages_of[c].push(k));
    }
    let (mut touched, mut touching, mut outside) = (vec![0; cages.len()], Vec::new(), Vec::new());
    for (k, group) in groups(layout).into_iter().enumerate() {
        let mark = k + 1;
        touching.clear();
        for &c in &group.cells {
            in_group[c] = mark;
            for &cage in &cages_of[c] {
                if touched[cage] != mark {
                    touched[cage] = mark;
                    touching.push(cage);
                }
            }
        }
        // In the order of the layout, as overlapping cages are taken.
        touching.sort_unstable();
        // Innies: the group less the cages inside it, each cell once.
        let mut inside = 0u64;
        for (cells, sum) in touching.iter().map(|&cage| &cages[cage]) {
            if cells
                .iter()
                .all(|&c| in_group[c] == mark && taken[c] != mark)
            {
                cells.iter().for_each(|&c| taken[c] = mark);
                inside += u64::from(*sum);
            }
        }
        let total = house_sum * group.houses as u64;
        // With no cage inside, the innies are the group itself.
        if let Some(rest) = total.checked_sub(inside).filter(|_| inside > 0) {
            let cells = group.cells.iter().copied().filter(|&c| taken[c] != mark);
            add(&group, false, cells.collect(), rest);
        }
        // Outies: the cages that touch the group, when they cover it and
        // share no cell.
        let (mut sums, mut disjoint) = (0u64, true);
        outside.clear();
        for (cells, sum) in touching.iter().map(|&cage| &cages[cage]) {
            for &c in cells {
                disjoint &= covered[c] != mark;
                covered[c] = mark;
                if in_group[c] != mark {
                    outside.push(c);
                }
            }
            sums += u64::from(*sum);
        }
        let covers = group.cells.iter().all(|&c| covered[c] == mark);
        if disjoint && covers {
            if let Some(rest) = sums.checked_sub(total) {
                add(&group, true, outside.clone(), rest);
            }
        }
    }
    derived
}

/// A group of houses the 45 rule reads: its cells (row-major indices),
/// how many houses it holds, and which it is.
pub(crate) struct Group {
    pub(crate) cells: Vec<usize>,
    pub(crate) houses: usize,
    kind: Kind,
}

/// Which group of houses: its name is written only for a sum it keeps.
#[derive(Clone, Copy)]
enum Kind {
    House(House),
    /// Boxes k and k + 1 (numbered from 1), side by side.
    BoxesAcross(usize),
    /// Boxes k and the one below it.
    BoxesDown(usize, usize),
    /// Rows or columns first to last (numbered from 1).
    Rows(usize, usize),
    Columns(usize, usize),
}

impl Group {
    /// The group's name, as players say it: `row 1`, `boxes 1-2`, `rows
    /// 1-3`, `columns 4-5`.
    pub(crate) fn name(&self) -> String {
        match self.kind {
            Kind::House(house) => house.to_string(),
            Kind::BoxesAcross(k) => format!("boxes {k}-{}", k + 1),
            Kind::BoxesDown(k, below) => format!("boxes {k} and {below}"),
            Kind::Rows(first, last) => format!("rows {first}-{last}"),
            Kind::Columns(first, last) => format!("columns {first}-{last}"),
        }
    }
}

/// The groups of houses the 45 rule reads: every house, every two
/// neighbouring boxes (side by side or one above the other), then every
/// run of 2 to n/2 neighbouring rows and of neighbouring columns.
///
/// Two boxes took tarek-41 from 5.1 million nodes to 1.0 million, and
/// the slowest killer of tarek's list from 4.5 s to under 1 s; four
/// boxes in a square added nothing.
pub(crate) fn groups(layout: &Layout) -> Vec<Group> {
    let n = layout.side();
    let mut groups = Vec::new();
    for h in 0..layout.house_count() {
        let mut cells: Vec<usize> = (0..n).map(|k| layout.house_cell(h, k)).collect();
        cells.sort_unstable();
        groups.push(Group {
            cells,
            houses: 1,
            kind: Kind::House(layout.house(h)),
        });
    }
    // The cells of rows `rows` and columns `cols`, least first.
    let block = |rows: Range<usize>, cols: Range<usize>| -> Vec<usize> {
        let mut cells = Vec::with_capacity(rows.len() * cols.len());
        for r in rows {
            cells.extend(cols.clone().map(|c| r * n + c));
        }
        cells
    };
    if let Some((height, width)) = layout.box_shape() {
        let (across, down) = (n / width, n / height);
        let boxes = |r: usize, c: usize, tall: usize, wide: usize| {
            block(
                r * height..(r + tall) * height,
                c * width..(c + wide) * width,
            )
        };
        for r in 0..down {
            for c in 0..across {
                let k = r * across + c + 1;
                if c + 1 < across {
                    groups.push(Group {
                        cells: boxes(r, c, 1, 2),
                        houses: 2,
                        kind: Kind::BoxesAcross(k),
                    });
                }
                if r + 1 < down {
                    groups.push(Group {
                        cells: boxes(r, c, 2, 1),
                        houses: 2,
                        kind: Kind::BoxesDown(k, k + across),
                    });
                }
            }
        }
    }
    for width in 2..=n / 2 {
        for first in 0..=n - width {
            let lines = first..first + width;
            groups.push(Group {
                cells: block(lines.clone(), 0..n),
                houses: width,
                kind: Kind::Rows(first + 1, first + width),
            });
            groups.push(Group {
                cells: block(0..n, lines),
                houses: width,
                kind: Kind::Columns(first + 1, first + width),
            });
        }
    }
    groups
}

/// The sum `sum` over `cells` (row-major indices): distinct digits when
/// one house holds them all.
fn constraint(layout: &Layout, cells: &[usize], sum: u32) -> Constraint {
    let n = layout.side();
    let one_house = layout
        .cell_houses(cells[0])
        .any(|h| cells.iter().all(|&c| layout.cell_houses(c).any(|g| g == h)));
    let cells: Vec<Cell> = cells.iter().map(|&c| (c / n, c % n)).collect();
    if one_house {
        Constraint::Cage {
            cells,
            sum: Some(sum),
        }
    } else {
        Constraint::LittleKiller { cells, sum }
    }
}

fn sorted(mut cells: Vec<usize>) -> Vec<usize> {
    cells.sort_unstable();
    cells
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(lines: &[&str]) -> Layout {
        lines
            .iter()
            .fold(Layout::square(3).unwrap(), |layout, line| {
                layout.with_constraint(line.parse().unwrap()).unwrap()
            })
    }

    #[test]
    fn innies_of_a_row_and_outies_of_a_box() {
        // Two cages fill r1c1-r1c7; the cage 17: r1c8 r2c8 reaches out of
        // row 1.
        let derived = derived_sums(&layout(&[
            "cage 15: r1c1 r1c2 r1c3 r1c4",
            "cage 13: r1c5 r1c6 r1c7",
            "cage 17: r1c8 r2c8",
        ]));
        let texts: Vec<String> = derived.iter().map(|d| d.constraint.to_string()).collect();
        // Row 1: 45 - 15 - 13 = 17 in r1c8 r1c9, distinct.
        assert!(
            texts.contains(&"cage 17: r1c8 r1c9".to_string()),
            "{texts:?}"
        );
        // Rows 1-2 less the three cages: 90 - 45 = 45 over 9 cells of two
        // rows, repeats possible.
        assert!(
            texts
                .contains(&"little-killer 45: r1c9 r2c1 r2c2 r2c3 r2c4 r2c5 r2c6 r2c7 r2c9".into()),
            "{texts:?}"
        );
        assert!(derived
            .iter()
            .any(|d| d.to_string() == "innies of row 1: cage 17: r1c8 r1c9"));
        // No house is said again (box 1 holds no whole cage).
        assert!(
            !texts.iter().any(|t| t.starts_with("cage 45:")),
            "{texts:?}"
        );
    }

    #[test]
    fn outies_when_cages_cover_a_row() {
        // Three cages cover row 9 and reach into row 8 at r8c1 and r8c9.
        let derived = derived_sums(&layout(&[
            "cage 20: r9c1 r9c2 r9c3 r8c1",
            "cage 15: r9c4 r9c5 r9c6",
            "cage 19: r9c7 r9c8 r9c9 r8c9",
        ]));
        let texts: Vec<String> = derived.iter().map(|d| d.constraint.to_string()).collect();
        // 20 + 15 + 19 - 45 = 9 over r8c1 and r8c9, one row: distinct.
        assert!(derived
            .iter()
            .any(|d| d.to_string() == "outies of row 9: cage 9: r8c1 r8c9"));
        assert!(
            texts.contains(&"cage 9: r8c1 r8c9".to_string()),
            "{texts:?}"
        );
    }

    #[test]
    fn innies_of_two_boxes() {
        // Two cages fill rows 1 and 2 of boxes 1 and 2: 90 - 21 - 21 = 48
        // in r3c1-r3c6, which one row holds.
        let derived = derived_sums(&layout(&[
            "cage 21: r1c1 r1c2 r1c3 r1c4 r1c5 r1c6",
            "cage 21: r2c1 r2c2 r2c3 r2c4 r2c5 r2c6",
        ]));
        let texts: Vec<String> = derived.iter().map(ToString::to_string).collect();
        let expected = "innies of boxes 1-2: cage 48: r3c1 r3c2 r3c3 r3c4 r3c5 r3c6";
        assert!(texts.contains(&expected.to_string()), "{texts:?}");
        // Boxes 1 and 4, one above the other, hold neither cage whole.
        assert!(
            !texts
                .iter()
                .any(|t| t.starts_with("innies of boxes 1 and 4")),
            "{texts:?}"
        );
    }

    #[test]
    fn no_cage_with_a_sum_derives_nothing() {
        assert!(derived_sums(&layout(&["cage: r1c1 r1c2", "thermo: r2c1 r2c2"])).is_empty());
    }
}
