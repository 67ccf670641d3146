//! A sudoku of any layout as an exact-cover problem.
//!
//! For a layout of side `n` with `H` houses (`3n` plus the extra houses of
//! its variants, numbered as the layout numbers them) the primary items
//! are:
//!
//! | family | item index | covered when |
//! |---|---|---|
//! | cell | `r * n + c` | cell (r, c) holds a digit |
//! | house | `n² + h * n + d` | house h holds digit d |
//!
//! so that rows come first (`n² + r * n + d`), then columns (`2n² + c * n +
//! d`), regions (`3n² + k * n + d`) and the extra houses: 324 items for the
//! classic 9x9. The rules of the layout follow as secondary items (below),
//! none when it has no rules, so that a layout pays only for what it has.
//!
//! There are `n³` options, "digit d in cell (r, c)", each covering its cell
//! item, the items of the houses holding the cell, in house order, and its
//! rules' secondary items. Option `(r * n + c) * n + d` is digit `d + 1` in
//! cell (r, c): the options are added in that order, so the option ids
//! decode back to the grid with a division.
//!
//! The order of the families sets the engine's tie-break (the leftmost item
//! of the fewest options), so it changes the search tree though not the
//! answers. Cells first, then rows, columns and boxes, made the fewest
//! nodes of the 11 orders tried, counting to 2 (each solution a node):
//! 117.4 per 17-clue puzzle and 5,151 per puzzle of the hardest 1106 list.
//! Orders with cells later made 121 to 151 and 7,459 to 8,254.
//!
//! # Rules
//!
//! The rules follow, made by their families (`constraint/`, whose docs
//! say how each is encoded): the secondary items of the variants' rules
//! between cells, then the primary and secondary items and the options
//! of the constraints. A layout without rules has none of them, so that
//! it pays only for what it has.

use dlx::{Entry, OptionId, Problem};

use crate::constraint::devices::{ChainGraph, Extra, Ref};
use crate::constraint::encode_rules;
use crate::layout::Layout;
use crate::variant::Variant;

/// The exact-cover problem of the sudoku of `layout`.
pub(crate) fn problem(layout: &Layout) -> Problem {
    build(layout, false).0
}

/// [`problem`], and the chains of the constraints that do not propagate
/// by themselves (see [`ChainGraph`]), for the propagation.
pub(crate) fn problem_and_chains(layout: &Layout) -> (Problem, Vec<ChainGraph>) {
    build(layout, false)
}

/// [`problem`] with its items named for people reading it in Knuth's
/// format: `r1c1` for a cell, `r1=5`, `c1=5` and `b1=5` for digit 5 in row,
/// column and box (or jigsaw region) 1, `h1=5` in the first extra house of
/// the variants, `k1`, `k2`, ... for the rules' secondary items, and the
/// constraints' items after them: `q3...` for the items of the third
/// constraint, `r1c1d` for the digit of cell r1c1 as a color.
pub(crate) fn named_problem(layout: &Layout) -> Problem {
    build(layout, true).0
}

fn build(layout: &Layout, named: bool) -> (Problem, Vec<ChainGraph>) {
    let n = layout.side();
    let houses_end = n * n + layout.house_count() * n;
    let variants: Vec<Variant> = layout.variants().collect();
    let extra = if layout.houses_only() {
        Extra::default()
    } else {
        let cell_houses: Vec<Vec<usize>> = (0..n * n)
            .map(|cell| layout.cell_houses(cell).collect())
            .collect();
        encode_rules(n, &cell_houses, &variants, layout.constraints(), named)
    };
    let primary = houses_end + extra.primary.len();
    let mut problem = if named {
        let mut names: Vec<String> = (0..n * n)
            .map(|cell| format!("r{}c{}", cell / n + 1, cell % n + 1))
            .collect();
        for h in 0..layout.house_count() {
            let (family, k) = match h / n {
                0 => ('r', h),
                1 => ('c', h - n),
                2 => ('b', h - 2 * n),
                _ => ('h', h - 3 * n),
            };
            names.extend((1..=n).map(|d| format!("{family}{}={d}", k + 1)));
        }
        names.extend(extra.primary.iter().cloned());
        Problem::with_names(names, extra.secondary.iter().cloned())
            .expect("the names are distinct and valid")
    } else {
        Problem::new(primary, extra.secondary.len())
    };
    let colors: Vec<dlx::Color> = (1..=extra.colors)
        .map(|k| {
            problem
                .color(&k.to_string())
                .expect("a number is a color name")
        })
        .collect();
    let entry = |r: &Ref| -> Entry {
        match *r {
            Ref::Primary(k) => Entry::from(houses_end + k as usize),
            Ref::Secondary(k, 0) => Entry::from(primary + k as usize),
            Ref::Secondary(k, c) => Entry::from((primary + k as usize, colors[c as usize - 1])),
        }
    };
    let mut items: Vec<Entry> = Vec::with_capacity(4 + layout.house_count());
    let mut houses = Vec::with_capacity(layout.house_count());
    for cell in 0..n * n {
        houses.clear();
        houses.extend(layout.cell_houses(cell));
        for d in 0..n {
            items.clear();
            items.push(Entry::from(cell));
            items.extend(houses.iter().map(|&h| Entry::from(n * n + h * n + d)));
            if let Some(refs) = extra.placement.get(cell * n + d) {
                items.extend(refs.iter().map(entry));
            }
            let id = problem
                .add_option(items.iter().copied())
                .expect("the items of a sudoku option are distinct and in range");
            debug_assert_eq!(id, option(n, cell, d as u8 + 1));
        }
    }
    for refs in &extra.options {
        problem
            .add_option(refs.iter().map(entry))
            .expect("the items of a constraint's option are distinct and in range");
    }
    for (k, _) in extra.excluded.iter().enumerate().filter(|(_, &x)| x) {
        problem.remove_option(OptionId::from_index(k));
    }
    (problem, extra.chains)
}

/// The option "digit `digit` (1-based) in cell `cell`" of a sudoku of side `n`.
pub(crate) fn option(n: usize, cell: usize, digit: u8) -> OptionId {
    OptionId::from_index(cell * n + digit as usize - 1)
}

/// The cell and digit (1-based) of an option.
pub(crate) fn decode(n: usize, option: OptionId) -> (usize, u8) {
    let k = option.index();
    (k / n, (k % n) as u8 + 1)
}

/// The cell and digit of a placement, `None` for an option of a
/// constraint's own.
pub(crate) fn placement(n: usize, option: OptionId) -> Option<(usize, u8)> {
    (option.index() < n * n * n).then(|| decode(n, option))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The encoding of square boxes before layouts, kept to show that the
    /// classic problem has not changed: the same items and options, in the
    /// same order, so the same search.
    fn classic(box_size: usize) -> Problem {
        let n = box_size * box_size;
        let mut problem = Problem::new(4 * n * n, 0);
        for r in 0..n {
            for c in 0..n {
                let k = (r / box_size) * box_size + c / box_size;
                for d in 0..n {
                    let items = [
                        r * n + c,
                        n * n + r * n + d,
                        2 * n * n + c * n + d,
                        3 * n * n + k * n + d,
                    ];
                    problem.add_option(items).unwrap();
                }
            }
        }
        problem
    }

    /// Every option's items, in order.
    fn options(problem: &Problem) -> Vec<Vec<usize>> {
        problem
            .options()
            .map(|(_, entries)| entries.iter().map(|e| e.item).collect())
            .collect()
    }

    #[test]
    fn square_boxes_encode_as_before_layouts() {
        for b in 2..=7 {
            let new = problem(&Layout::square(b).unwrap());
            let old = classic(b);
            assert_eq!(new.item_count(), old.item_count(), "box size {b}");
            assert_eq!(new.primary_count(), old.primary_count());
            assert_eq!(options(&new), options(&old), "box size {b}");
        }
    }

    #[test]
    fn nine_by_nine_has_324_items_and_729_options() {
        let p = problem(&Layout::default());
        assert_eq!((p.item_count(), p.option_count()), (324, 729));
        assert!(p.options().all(|(_, entries)| entries.len() == 4));
        // Digit 5 in row 2, column 7 covers cell, row, column and box items.
        let id = option(9, 2 * 9 + 7, 5);
        let items: Vec<usize> = p.option(id).unwrap().iter().map(|e| e.item).collect();
        assert_eq!(items, [25, 81 + 18 + 4, 162 + 63 + 4, 243 + 2 * 9 + 4]);
        assert_eq!(decode(9, id), (25, 5));
    }

    #[test]
    fn variants_add_items_where_the_docs_say() {
        let with = |v: Variant| {
            let p = problem(&Layout::default().with_variant(v).unwrap());
            (p.primary_count(), p.secondary_count())
        };
        assert_eq!(with(Variant::X), (324 + 18, 0));
        assert_eq!(with(Variant::Hyper), (324 + 36, 0));
        assert_eq!(with(Variant::Disjoint), (324 + 81, 0));
        assert_eq!(with(Variant::AntiKing), (324, 28 * 9));
        // Per pair of neighbours, an item per digit of the first cell.
        assert_eq!(with(Variant::NonConsecutive), (324, 2 * 9 * 8 * 9));
        // Of the 2 * 8 * 7 * 2 knight pairs, those within a box need no item:
        // 8 per box.
        assert_eq!(with(Variant::AntiKnight), (324, (224 - 72) * 9));
        // Rectangular boxes: 6x6 with 2x3.
        let p = problem(&Layout::squarest(6).unwrap());
        assert_eq!((p.item_count(), p.option_count()), (144, 216));
    }
}
