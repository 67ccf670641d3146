//! The sums: killer cages, little killers, arrows, sandwiches, between
//! lines and quadruples, the rules that count what a group of cells
//! holds.
//!
//! A cage with a sum holds one of the digit sets of its sum (devices:
//! digit sets, or distinct digits and a chain past [`MAX_SETS`] of them);
//! the others are chains read along their cells, whose states are the
//! partial sum (arrows, little killers), the phase and partial sum
//! (sandwiches: before, between, after the 1 and the n), the counts of the
//! listed digits (quadruples), and the two ends' digits (between lines,
//! read ends first).
//!
//! [`MAX_SETS`]: super::devices

use std::fmt;

use serde_json::{Map, Value};

use dlx::Contradiction;

use super::devices::{bits, digit_sets, ends_first, sets_between, Builder, Ref, MAX_TUPLES};
use super::domains::{bit, digits, sum_bounds, Domains};
use super::{ends, write_cells, Cell, Constraint, Family, Filled, Line, Rules, Statement};
use crate::error::LayoutError;
use crate::fpuzzles::error::{bad, unsupported, FpuzzlesError};
use crate::fpuzzles::fields::{cell_name, integer, number, show, Fields};
use crate::read::strings::{Item, ItemError};
use crate::side::a_grid;

/// The family of sums.
pub(super) struct Sums;

/// The one [`Sums`].
pub(super) const SUMS: Sums = Sums;

impl Family for Sums {
    fn keywords(&self) -> &'static [&'static str] {
        &[
            "cage",
            "little-killer",
            "arrow",
            "sandwich",
            "between",
            "double-arrow",
            "quadruple",
            "lunchbox",
            "equal-sum",
        ]
    }

    fn parse(&self, s: &Statement<'_>) -> Option<Result<Constraint, LayoutError>> {
        let parse = |s: &Statement<'_>| -> Result<Constraint, LayoutError> {
            if s.keyword == "equal-sum" {
                s.max_args(0)?;
                let groups = s
                    .tail
                    .split('|')
                    .map(|group| s.cells_of(group.split_whitespace()))
                    .collect::<Result<Vec<_>, _>>()?;
                return Ok(Constraint::EqualSum { groups });
            }
            if s.keyword == "sandwich" {
                s.max_args(1)?;
                let sum = s.required(0)?;
                let word = s.tail.trim().to_ascii_lowercase();
                let Some(line) = Line::parse(&word) else {
                    return Err(s.bad(format!("{word:?} is no row like r1 or column like c1")));
                };
                return Ok(Constraint::Sandwich { line, sum });
            }
            let cells = s.cells()?;
            Ok(match s.keyword.as_str() {
                "cage" | "killer" => {
                    s.max_args(1)?;
                    Constraint::Cage {
                        sum: s.number(0)?,
                        cells,
                    }
                }
                "little-killer" => {
                    s.max_args(1)?;
                    Constraint::LittleKiller {
                        sum: s.required(0)?,
                        cells,
                    }
                }
                "arrow" => Constraint::Arrow {
                    circle: s.cells_of(s.args.iter().copied())?,
                    line: cells,
                },
                "between" => {
                    s.max_args(0)?;
                    Constraint::Between { cells }
                }
                "double-arrow" => {
                    s.max_args(0)?;
                    Constraint::DoubleArrow { cells }
                }
                "lunchbox" => {
                    s.max_args(1)?;
                    Constraint::Lunchbox {
                        sum: s.required(0)?,
                        cells,
                    }
                }
                _ => {
                    let mut digits = (0..s.args.len())
                        .map(|k| s.small(k, 0))
                        .collect::<Result<Vec<u8>, _>>()?;
                    digits.sort_unstable();
                    Constraint::Quadruple {
                        cell: s.one(&cells)?,
                        digits,
                    }
                }
            })
        };
        matches!(
            s.keyword.as_str(),
            "cage"
                | "killer"
                | "little-killer"
                | "arrow"
                | "sandwich"
                | "between"
                | "double-arrow"
                | "quadruple"
                | "lunchbox"
                | "equal-sum"
        )
        .then(|| parse(s))
    }

    fn write(&self, constraint: &Constraint, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match constraint {
            Constraint::Cage { cells, sum } => {
                match sum {
                    Some(s) => write!(f, "cage {s}: ")?,
                    None => write!(f, "cage: ")?,
                }
                write_cells(f, cells)
            }
            Constraint::LittleKiller { cells, sum } => {
                write!(f, "little-killer {sum}: ")?;
                write_cells(f, cells)
            }
            Constraint::Arrow { circle, line } => {
                write!(f, "arrow ")?;
                write_cells(f, circle)?;
                write!(f, ": ")?;
                write_cells(f, line)
            }
            Constraint::Quadruple { cell, digits } => {
                write!(f, "quadruple")?;
                for d in digits {
                    write!(f, " {d}")?;
                }
                write!(f, ": ")?;
                write_cells(f, &[*cell])
            }
            Constraint::Sandwich { line, sum } => match line {
                Line::Row(r) => write!(f, "sandwich {sum}: r{}", r + 1),
                Line::Column(c) => write!(f, "sandwich {sum}: c{}", c + 1),
            },
            Constraint::Between { cells } => {
                write!(f, "between: ")?;
                write_cells(f, cells)
            }
            Constraint::DoubleArrow { cells } => {
                write!(f, "double-arrow: ")?;
                write_cells(f, cells)
            }
            Constraint::Lunchbox { cells, sum } => {
                write!(f, "lunchbox {sum}: ")?;
                write_cells(f, cells)
            }
            Constraint::EqualSum { groups } => {
                write!(f, "equal-sum: ")?;
                for (k, group) in groups.iter().enumerate() {
                    if k > 0 {
                        write!(f, " | ")?;
                    }
                    write_cells(f, group)?;
                }
                Ok(())
            }
            _ => unreachable!("{constraint:?} is no sum"),
        }
    }

    fn name(&self, constraint: &Constraint) -> &'static str {
        match constraint {
            Constraint::Cage { .. } => "killer cage",
            Constraint::LittleKiller { .. } => "little killer",
            Constraint::Arrow { .. } => "arrow",
            Constraint::Quadruple { .. } => "quadruple",
            Constraint::Sandwich { .. } => "sandwich",
            Constraint::Between { .. } => "between line",
            Constraint::DoubleArrow { .. } => "double arrow",
            Constraint::Lunchbox { .. } => "lunchbox",
            Constraint::EqualSum { .. } => "equal-sum cages",
            _ => unreachable!("{constraint:?} is no sum"),
        }
    }

    fn cells(&self, constraint: &Constraint, n: usize) -> Vec<Cell> {
        match constraint {
            Constraint::Cage { cells, .. }
            | Constraint::LittleKiller { cells, .. }
            | Constraint::Between { cells }
            | Constraint::DoubleArrow { cells }
            | Constraint::Lunchbox { cells, .. } => cells.clone(),
            Constraint::Arrow { circle, line } => circle.iter().chain(line).copied().collect(),
            Constraint::Quadruple { cell: (r, c), .. } => {
                vec![(*r, *c), (*r, c + 1), (r + 1, *c), (r + 1, c + 1)]
            }
            Constraint::Sandwich { line, .. } => line.cells(n),
            Constraint::EqualSum { groups } => groups.concat(),
            _ => unreachable!("{constraint:?} is no sum"),
        }
    }

    fn validate(&self, constraint: &Constraint, n: usize) -> Result<(), String> {
        match constraint {
            Constraint::DoubleArrow { cells } if cells.len() < 3 => {
                Err("a double arrow needs two circles and a cell between".to_string())
            }
            Constraint::Between { cells } if cells.len() < 2 => {
                Err("a line needs two cells or more".to_string())
            }
            Constraint::Arrow { circle, line } => {
                if circle.is_empty() || circle.len() > 3 {
                    return Err("a circle has 1 to 3 cells".to_string());
                }
                if circle.len() > 1 && n > 9 {
                    return Err(format!(
                        "a circle of {} cells is read as a decimal number, which needs digits \
                         up to 9, not {n}",
                        circle.len()
                    ));
                }
                if line.is_empty() {
                    return Err("an arrow needs a cell beside its circle".to_string());
                }
                Ok(())
            }
            Constraint::EqualSum { groups } if groups.len() < 2 => {
                Err("equal sums need two groups or more, separated by |".to_string())
            }
            Constraint::EqualSum { groups } if groups.iter().any(Vec::is_empty) => {
                Err("a group without cells".to_string())
            }
            Constraint::Lunchbox { cells, .. } if cells.len() < 2 => {
                Err("a lunchbox needs two cells or more".to_string())
            }
            Constraint::Lunchbox { cells, .. } if cells.len() > n => Err(format!(
                "a lunchbox of {} distinct digits on {}",
                cells.len(),
                a_grid(n)
            )),
            Constraint::Cage { cells, .. } if cells.len() > n => Err(format!(
                "a cage of {} distinct digits on {}",
                cells.len(),
                a_grid(n)
            )),
            Constraint::Quadruple { digits, .. } => {
                if digits.is_empty() || digits.len() > 4 {
                    return Err("a quadruple has 1 to 4 digits".to_string());
                }
                if let Some(d) = digits.iter().find(|&&d| d == 0 || usize::from(d) > n) {
                    return Err(format!("digit {d} is not in 1..={n}"));
                }
                if digits.windows(2).any(|w| w[0] > w[1]) {
                    return Err("the digits are not in increasing order".to_string());
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    fn broken(&self, constraint: &Constraint, grid: &Filled<'_>) -> Option<[Cell; 2]> {
        match constraint {
            Constraint::Cage { cells, sum } => {
                if let Some(pair) = grid.first_pair(cells, &|a, b, _| a != b) {
                    return Some(pair);
                }
                match sum {
                    Some(s) if grid.all_filled(cells) && grid.sum(cells) != *s => Some(ends(cells)),
                    _ => None,
                }
            }
            Constraint::LittleKiller { cells, sum } => {
                (grid.all_filled(cells) && grid.sum(cells) != *sum).then(|| ends(cells))
            }
            Constraint::Arrow { circle, line } => {
                let all: Vec<Cell> = circle.iter().chain(line).copied().collect();
                if !grid.all_filled(&all) {
                    return None;
                }
                let number = circle.iter().fold(0, |v, &c| v * 10 + grid.get(c));
                (number != grid.sum(line)).then(|| ends(&all))
            }
            Constraint::Quadruple { digits, .. } => {
                let cells = constraint.cells(grid.n);
                if !grid.all_filled(&cells) {
                    return None;
                }
                let missing = digits.iter().any(|&d| {
                    let want = digits.iter().filter(|&&e| e == d).count();
                    cells
                        .iter()
                        .filter(|&&c| grid.get(c) == u32::from(d))
                        .count()
                        < want
                });
                missing.then(|| ends(&cells))
            }
            Constraint::Sandwich { line, sum } => {
                let cells = line.cells(grid.n);
                if !grid.all_filled(&cells) {
                    return None;
                }
                let one = cells.iter().position(|&c| grid.get(c) == 1)?;
                let top = cells.iter().position(|&c| grid.get(c) == grid.n as u32)?;
                let (i, j) = (one.min(top), one.max(top));
                (grid.sum(&cells[i + 1..j]) != *sum).then_some([cells[i], cells[j]])
            }
            Constraint::EqualSum { groups } => {
                let all = groups.concat();
                if !grid.all_filled(&all) {
                    return None;
                }
                let first = grid.sum(&groups[0]);
                groups[1..]
                    .iter()
                    .find(|group| grid.sum(group) != first)
                    .map(|group| [groups[0][0], group[0]])
            }
            Constraint::Lunchbox { cells, sum } => {
                if let Some(pair) = grid.first_pair(cells, &|a, b, _| a != b) {
                    return Some(pair);
                }
                if !grid.all_filled(cells) {
                    return None;
                }
                let digits: Vec<u32> = cells.iter().map(|&c| grid.get(c)).collect();
                let low = (0..digits.len()).min_by_key(|&k| digits[k])?;
                let high = (0..digits.len()).max_by_key(|&k| digits[k])?;
                let (i, j) = (low.min(high), low.max(high));
                (grid.sum(&cells[i + 1..j]) != *sum).then_some([cells[i], cells[j]])
            }
            Constraint::DoubleArrow { cells } => {
                if !grid.all_filled(cells) {
                    return None;
                }
                let [p, q] = ends(cells);
                let inside = grid.sum(&cells[1..cells.len() - 1]);
                (inside != grid.get(p) + grid.get(q)).then_some([p, q])
            }
            Constraint::Between { cells } => {
                let [p, q] = ends(cells);
                let (a, b) = (grid.get(p), grid.get(q));
                if a == 0 || b == 0 {
                    return None;
                }
                let (lo, hi) = (a.min(b), a.max(b));
                cells[1..cells.len() - 1].iter().find_map(|&c| {
                    let d = grid.get(c);
                    (d != 0 && (d <= lo || d >= hi)).then_some([p, c])
                })
            }
            _ => unreachable!("{constraint:?} is no sum"),
        }
    }

    fn encode(&self, constraint: &Constraint, b: &mut Builder<'_>) {
        let n = b.n;
        match constraint {
            Constraint::Cage { cells, sum: None } => {
                let cells = b.indices(cells);
                b.distinct(&cells);
            }
            Constraint::Cage {
                cells,
                sum: Some(sum),
            } => {
                let cells = b.indices(cells);
                match digit_sets(n, cells.len(), *sum) {
                    Some(sets) => b.sets(&cells, &sets),
                    None => {
                        b.distinct(&cells);
                        b.sum_chain(&cells, *sum);
                    }
                }
            }
            Constraint::LittleKiller { cells, sum } => {
                let cells = b.indices(cells);
                b.sum_chain(&cells, *sum);
            }
            Constraint::Arrow { circle, line } => {
                let (circle, line) = (b.indices(circle), b.indices(line));
                arrow(b, &circle, &line);
            }
            Constraint::Quadruple { digits, .. } => {
                let cells = b.indices(&constraint.cells(n));
                quadruple(b, &cells, digits);
            }
            Constraint::Sandwich { line, sum } => {
                let cells = b.indices(&line.cells(n));
                sandwich(b, &cells, *sum);
            }
            Constraint::Between { cells } => between(b, &ends_first(&b.indices(cells))),
            Constraint::DoubleArrow { cells } => {
                double_arrow(b, &ends_first(&b.indices(cells)));
            }
            Constraint::Lunchbox { cells, sum } => {
                let cells = b.indices(cells);
                b.distinct(&cells);
                lunchbox(b, &cells, *sum);
            }
            Constraint::EqualSum { groups } => {
                let cells = b.indices(&groups.concat());
                let lengths: Vec<usize> = groups.iter().map(Vec::len).collect();
                b.equal_sums(&cells, &lengths);
            }
            _ => unreachable!("{constraint:?} is no sum"),
        }
    }

    fn propagates(&self, constraint: &Constraint) -> bool {
        matches!(
            constraint,
            Constraint::Cage { sum: Some(_), .. }
                | Constraint::LittleKiller { .. }
                | Constraint::Arrow { .. }
                | Constraint::Between { .. }
                | Constraint::Sandwich { .. }
        )
    }

    fn propagate(&self, constraint: &Constraint, d: &mut Domains) -> Result<(), Contradiction> {
        match constraint {
            Constraint::Cage {
                cells,
                sum: Some(sum),
            } => cage(d, cells, *sum).map(drop),
            Constraint::LittleKiller { cells, sum } => {
                sum_bounds(d, cells, i64::from(*sum), i64::from(*sum))
            }
            Constraint::Arrow { circle, line } => arrow_bounds(d, circle, line),
            Constraint::Between { cells } => between_bounds(d, cells),
            Constraint::Sandwich { line, sum } => sandwich_support(d, *line, *sum),
            _ => Ok(()),
        }
    }
}

/// The most digits strictly between 1 and n whose sets a sandwich's
/// propagation lists (2^10 subsets: grids up to 12x12).
const SANDWICH_DIGITS: usize = 10;

/// A sandwich's digits, read on domains: for each place of the 1 and of
/// the n, the cells between them take distinct digits of a set (from 2
/// to n - 1) with the sum, each cell one of the set's and the set within
/// theirs, and the cells outside neither 1 nor n. A digit goes from a
/// cell when no such reading gives it to that cell.
fn sandwich_support(d: &mut Domains, line: Line, sum: u32) -> Result<(), Contradiction> {
    let n = d.side();
    if n < 3 || n - 2 > SANDWICH_DIGITS {
        return Ok(());
    }
    let cell = |k: usize| match line {
        Line::Row(r) => (r, k),
        Line::Column(c) => (k, c),
    };
    let mut masks = [0u64; 64];
    for (k, mask) in masks.iter_mut().enumerate().take(n) {
        *mask = d.get(cell(k));
    }
    let (one, top) = (bit(1), bit(n as u32));
    let ends = one | top;
    // The sets of digits from 2 to n - 1 with the sum (on the stack: the
    // propagation runs at every node).
    let mut sets = [0u64; 1 << SANDWICH_DIGITS];
    let mut count = 0;
    for subset in 0u64..1 << (n - 2) {
        let set = subset << 2;
        if digits(set).sum::<u32>() == sum {
            sets[count] = set;
            count += 1;
        }
    }
    let mut support = [0u64; 64];
    for a in (0..n).filter(|&k| masks[k] & one != 0) {
        for b in (0..n).filter(|&k| k != a && masks[k] & top != 0) {
            let (lo, hi) = (a.min(b), a.max(b));
            let m = hi - lo - 1;
            let outside_ok = (0..n)
                .filter(|&k| k < lo || k > hi)
                .all(|k| masks[k] & !ends != 0);
            if !outside_ok {
                continue;
            }
            let between = lo + 1..hi;
            let union = between.clone().fold(0, |u, k| u | masks[k]);
            let mut inside = [0u64; 64];
            let mut any = false;
            for &set in &sets[..count] {
                if set.count_ones() as usize != m
                    || set & !union != 0
                    || between.clone().any(|k| masks[k] & set == 0)
                {
                    continue;
                }
                any = true;
                for k in between.clone() {
                    inside[k] |= masks[k] & set;
                }
            }
            if !any {
                continue;
            }
            support[a] |= one;
            support[b] |= top;
            for k in 0..n {
                if k < lo || k > hi {
                    support[k] |= masks[k] & !ends;
                } else if k != lo && k != hi {
                    support[k] |= inside[k];
                }
            }
        }
    }
    for (k, &allowed) in support.iter().enumerate().take(n) {
        d.restrict(cell(k), allowed)?;
    }
    Ok(())
}

/// Reads f-puzzles key `key`, one of the sums' in [`FPUZZLES`](super::FPUZZLES),
/// into `out`.
pub(super) fn fpuzzles(
    key: &str,
    fields: &Fields<'_>,
    out: &mut Rules,
) -> Result<(), FpuzzlesError> {
    for (field, entry) in fields.objects(key)? {
        let mut push = |constraint| out.constraints.push((field.clone(), constraint));
        match key {
            "killercage" => {
                let cells = fields.cells(&field, entry.get("cells"))?;
                let sum = number(&field, entry.get("value"))?;
                // f-puzzles writes a cage without a sum as "": a 0 is a
                // typo more likely than a cage no digits fill.
                if sum == Some(0) {
                    return Err(bad(field, "a cage sum of 0: \"\" is a cage without a sum"));
                }
                push(Constraint::Cage { cells, sum });
            }
            "littlekillersum" => {
                if let Some(sum) = number(&field, entry.get("value"))? {
                    push(Constraint::LittleKiller {
                        cells: fields.cells(&field, entry.get("cells"))?,
                        sum,
                    });
                }
            }
            "arrow" => {
                for constraint in arrows(fields, &field, entry)? {
                    push(constraint);
                }
            }
            "betweenline" => {
                for cells in fields.lines(&field, entry)? {
                    if cells.len() >= 2 {
                        push(Constraint::Between { cells });
                    }
                }
            }
            "quadruple" => push(quadruple_entry(fields, &field, entry)?),
            "sandwichsum" => {
                if let Some(sum) = number(&field, entry.get("value"))? {
                    push(Constraint::Sandwich {
                        line: sandwich_line(fields, &field, entry.get("cell"))?,
                        sum,
                    });
                }
            }
            _ => unreachable!("{key} is no f-puzzles key of the sums"),
        }
    }
    Ok(())
}

/// Reads an item of the constraint strings of one of the sums' types in
/// [`STRINGS`](super::STRINGS) into `out`: `Cage~15~cells` (a sum of 0
/// for none), `Sum~15~cells` (repeats allowed: a little-killer line),
/// `LittleKiller~15~R1C2` (the diagonal from that cell, as the clue
/// beside it points), `Arrow~circle~cells`, `PillArrow~2~cells` (the
/// first 2 or 3 cells the pill, read in reading order),
/// `DoubleArrow~cells`, `Sandwich~15~R1`, `Between~cells`,
/// `Quad~R1C1~1~2`, `Lunchbox~15~cells`, `EqualSum~cells~-~cells` (the
/// groups separated by `-`), `AllDifferent~cells` (a cage without a sum).
pub(super) fn strings(item: &Item<'_>, out: &mut Rules) -> Result<(), ItemError> {
    let constraint = match item.kind {
        "Cage" => {
            let sum = item.number(0)?;
            Constraint::Cage {
                cells: item.cells(1)?,
                sum: (sum != 0).then_some(sum),
            }
        }
        "AllDifferent" => Constraint::Cage {
            cells: item.cells(0)?,
            sum: None,
        },
        "Sum" => {
            if item.arg(0)?.contains('_') {
                return Err(item.error(0, "sums with coefficients are not supported"));
            }
            Constraint::LittleKiller {
                sum: item.number(0)?,
                cells: item.cells(1)?,
            }
        }
        "LittleKiller" => Constraint::LittleKiller {
            sum: item.number(0)?,
            cells: little_killer(item, 1)?,
        },
        "Arrow" => {
            let cells = item.cells(0)?;
            if cells.len() < 2 {
                return Err(item.error(1, "an arrow needs a circle and a cell on its line"));
            }
            Constraint::Arrow {
                circle: cells[..1].to_vec(),
                line: cells[1..].to_vec(),
            }
        }
        "PillArrow" => {
            let size = item.number(0)? as usize;
            let cells = item.cells(1)?;
            if !(2..=3).contains(&size) || cells.len() <= size {
                return Err(item.error(0, "a pill of 2 or 3 cells, then the arrow's"));
            }
            let mut circle = cells[..size].to_vec();
            circle.sort_unstable();
            let readable = circle.windows(2).all(|w| {
                let (a, b) = (w[0], w[1]);
                [(a.0, a.1 + 1), (a.0 + 1, a.1), (a.0 + 1, a.1 + 1)].contains(&b)
            });
            if !readable {
                return Err(item.error(
                    1,
                    "the pill's cells are not in a line read left to right, top to bottom",
                ));
            }
            Constraint::Arrow {
                circle,
                line: cells[size..].to_vec(),
            }
        }
        "DoubleArrow" => Constraint::DoubleArrow {
            cells: item.cells(0)?,
        },
        "Sandwich" => Constraint::Sandwich {
            sum: item.number(0)?,
            line: item.line(1)?,
        },
        "Between" => Constraint::Between {
            cells: item.cells(0)?,
        },
        "Lunchbox" => Constraint::Lunchbox {
            sum: item.number(0)?,
            cells: item.cells(1)?,
        },
        "EqualSum" => {
            let mut groups = vec![Vec::new()];
            for k in 0..item.len() {
                match item.arg(k)? {
                    "-" => groups.push(Vec::new()),
                    _ => groups.last_mut().expect("a group").push(item.cell(k)?),
                }
            }
            Constraint::EqualSum { groups }
        }
        "Quad" => {
            let cell = item.cell(0)?;
            let mut digits = Vec::new();
            for k in 1..item.len() {
                let digit = item.number(k)?;
                match u8::try_from(digit) {
                    Ok(d) if (1..=item.n).contains(&usize::from(d)) => digits.push(d),
                    _ => {
                        return Err(
                            item.error(k, format!("{digit} is no digit from 1 to {}", item.n))
                        )
                    }
                }
            }
            digits.sort_unstable();
            Constraint::Quadruple { cell, digits }
        }
        _ => return Err(item.error(0, "no type of the sums")),
    };
    out.constraints.push((item.kind.to_string(), constraint));
    Ok(())
}

/// The diagonal of a little killer clue named by its first cell
/// (argument `k`): from the left edge down and right, from the right edge
/// up and left, from the top edge down and left, from the bottom edge up
/// and right (the first of these that starts at the cell, as the browser
/// solver places its clues).
fn little_killer(item: &Item<'_>, k: usize) -> Result<Vec<Cell>, ItemError> {
    let (row, col) = item.cell(k)?;
    let last = item.n - 1;
    let step: (isize, isize) = if col == 0 && row < last {
        (1, 1)
    } else if col == last && (1..last).contains(&row) {
        (-1, -1)
    } else if row == 0 && col >= 1 {
        (1, -1)
    } else if row == last && (1..last).contains(&col) {
        (-1, 1)
    } else {
        return Err(item.error(k, "no little killer clue starts at this cell"));
    };
    let mut cells = Vec::new();
    let (mut r, mut c) = (row as isize, col as isize);
    while (0..=last as isize).contains(&r) && (0..=last as isize).contains(&c) {
        cells.push((r as usize, c as usize));
        r += step.0;
        c += step.1;
    }
    Ok(cells)
}

/// The arrows of an f-puzzles entry: one per line of two cells or more,
/// the circle of 1 to 3 cells.
fn arrows(
    fields: &Fields<'_>,
    field: &str,
    entry: &Map<String, Value>,
) -> Result<Vec<Constraint>, FpuzzlesError> {
    let circle = fields.cells(field, entry.get("cells"))?;
    if circle.is_empty() {
        return Err(bad(field, "an arrow without a circle"));
    }
    if circle.len() > 3 {
        return Err(unsupported(
            field,
            Some(format!(
                "a circle of {} cells is not supported, only 1 to 3 (a pill of 2 or 3 is read \
                 as a number)",
                circle.len()
            )),
        ));
    }
    let mut arrows = Vec::new();
    for (k, line) in fields.lines(field, entry)?.into_iter().enumerate() {
        if line.len() < 2 {
            continue;
        }
        if !circle.contains(&line[0]) {
            return Err(bad(
                format!("{field}.lines[{k}]"),
                format!(
                    "the line starts at {}, outside its circle",
                    cell_name(line[0])
                ),
            ));
        }
        // A line may leave a pill from its far cell.
        let line: Vec<Cell> = line
            .into_iter()
            .skip_while(|cell| circle.contains(cell))
            .collect();
        if !line.is_empty() {
            arrows.push(Constraint::Arrow {
                circle: circle.clone(),
                line,
            });
        }
    }
    Ok(arrows)
}

/// A quadruple of f-puzzles: its 4 cells, which must make a 2x2 square,
/// and digits.
fn quadruple_entry(
    fields: &Fields<'_>,
    field: &str,
    entry: &Map<String, Value>,
) -> Result<Constraint, FpuzzlesError> {
    let mut cells = fields.cells(field, entry.get("cells"))?;
    cells.sort_unstable();
    let cell = cells.first().copied().unwrap_or((0, 0));
    let (r, c) = cell;
    if cells != [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)] {
        return Err(bad(field, "the cells are not a square of 2x2 cells"));
    }
    let mut digits = match entry.get("values") {
        Some(Value::Array(values)) => values
            .iter()
            .map(|v| match integer(v) {
                Some(d) if (0..=255).contains(&d) => Ok(d as u8),
                _ => Err(bad(field, format!("{} is not a digit", show(v)))),
            })
            .collect::<Result<Vec<u8>, _>>()?,
        None => return Err(bad(field, "\"values\" is missing")),
        Some(other) => {
            return Err(bad(
                field,
                format!(
                    "expected an array of digits, found {}",
                    crate::fpuzzles::fields::kind_of(other)
                ),
            ))
        }
    };
    digits.sort_unstable();
    Ok(Constraint::Quadruple { cell, digits })
}

/// The row or column of a sandwich clue outside the grid: `RrC0` and
/// `RrC{n+1}` are row r, `R0Cc` and `R{n+1}Cc` column c.
fn sandwich_line(
    fields: &Fields<'_>,
    field: &str,
    value: Option<&Value>,
) -> Result<Line, FpuzzlesError> {
    let (r, c) = fields.name(field, value)?;
    let n = fields.n;
    let inside = |k: usize| (1..=n).contains(&k);
    let outside = |k: usize| k == 0 || k == n + 1;
    if inside(r) && outside(c) {
        Ok(Line::Row(r - 1))
    } else if outside(r) && inside(c) {
        Ok(Line::Column(c - 1))
    } else {
        let value = value.map_or_else(String::new, show);
        Err(bad(
            field,
            format!("{value} is no clue beside a row or above or below a column"),
        ))
    }
}

/// The digits of `line` sum to the number the circle's digits spell.
fn arrow(b: &mut Builder<'_>, circle: &[usize], line: &[usize]) {
    let n = b.n as u64;
    let p = circle.len() as u32;
    // The largest number the circle can hold.
    let top = if p == 1 { n } else { 10u64.pow(p) - 1 };
    let m = line.len();
    let mut cells = line.to_vec();
    cells.extend_from_slice(circle);
    b.chain(
        &cells,
        0,
        &|k, s, d| {
            let d = u64::from(d);
            if k < m {
                return Some(s + d).filter(|&t| t <= top);
            }
            // The circle's j-th digit from the left.
            let j = (k - m) as u32;
            let place = 10u64.pow(p - 1 - j);
            let want = if p == 1 { s } else { s / place % 10 };
            (want == d && (p == 1 || j > 0 || s >= place)).then_some(s)
        },
        &|_| true,
    );
}

/// Each of `digits` (in increasing order) stands in `cells` as often
/// as it is listed.
fn quadruple(b: &mut Builder<'_>, cells: &[usize], digits: &[u8]) {
    // The distinct digits and how many of each are needed.
    let mut need: Vec<(u32, u64)> = Vec::new();
    for &d in digits {
        match need.last_mut() {
            Some((e, k)) if *e == u32::from(d) => *k += 1,
            _ => need.push((u32::from(d), 1)),
        }
    }
    // The state holds 3 bits of count per listed digit.
    let need2 = need.clone();
    b.chain(
        cells,
        0,
        &|_, s, d| {
            let Some(i) = need.iter().position(|&(e, _)| e == d) else {
                return Some(s);
            };
            let count = (s >> (3 * i) & 7).min(need[i].1 - 1) + 1;
            Some(s & !(7 << (3 * i)) | count << (3 * i))
        },
        &|s| {
            need2
                .iter()
                .enumerate()
                .all(|(i, &(_, k))| s >> (3 * i) & 7 >= k)
        },
    );
}

/// The sandwich along `cells`: an option per position of the 1, of
/// the n and set of digits between them, which forbids every other
/// digit of the line's cells; a chain when there are too many.
fn sandwich(b: &mut Builder<'_>, cells: &[usize], sum: u32) {
    let n = b.n;
    let mut choices: Vec<(usize, usize, u64)> = Vec::new();
    for one in 0..n {
        for top in (0..n).filter(|&t| t != one) {
            let inside = one.abs_diff(top) - 1;
            match sets_between(2, n as u32 - 1, inside, sum) {
                Some(sets) => choices.extend(sets.into_iter().map(|s| (one, top, s))),
                None => return sandwich_chain(b, cells, sum),
            }
            if choices.len() > MAX_TUPLES as usize {
                return sandwich_chain(b, cells, sum);
            }
        }
    }
    if choices.is_empty() {
        return b.impossible();
    }
    let item = b.primary("w");
    let all = ((1u64 << n) - 1) << 1;
    for (one, top, set) in choices {
        let (lo, hi) = (one.min(top), one.max(top));
        let mut option = vec![Ref::Primary(item)];
        for (k, &cell) in cells.iter().enumerate() {
            let allowed = if k == one {
                1 << 1
            } else if k == top {
                1 << n
            } else if k > lo && k < hi {
                set
            } else {
                all & !set & !(1 << 1) & !(1 << n)
            };
            for d in bits((all & !allowed) >> 1) {
                let x = b.forbidder(cell, d);
                option.push(Ref::Secondary(x, 2));
            }
        }
        b.option(option);
    }
}

fn sandwich_chain(b: &mut Builder<'_>, cells: &[usize], sum: u32) {
    let (n, sum) = (b.n as u32, u64::from(sum));
    // States: BEFORE, 1 + the partial sum between the crusts, AFTER.
    const BEFORE: u64 = 0;
    const AFTER: u64 = u64::MAX;
    b.chain(
        cells,
        BEFORE,
        &|_, s, d| {
            let crust = d == 1 || d == n;
            match s {
                BEFORE if crust => Some(1),
                BEFORE | AFTER => Some(s),
                _ if crust => (s - 1 == sum).then_some(AFTER),
                _ => Some(s + u64::from(d)).filter(|&t| t - 1 <= sum),
            }
        },
        &|s| s == AFTER,
    );
}

/// `cells` are the two circles first, then the line between them, whose
/// digits sum to the circles' (state: the circles' sum, then it and the
/// partial sum).
/// A lunchbox: a chain read along the cells, its state the least and
/// the greatest digit so far, which of the two came later, the sum of the
/// digits between them, and the sum of the digits since the later one.
/// A new least (greatest) digit makes the digits since the greatest
/// (least) the ones between: the sum since the later one, or the sum
/// between plus the later one's digit plus the sum since, when the
/// other came later. Sums past the clue only ever grow into sums past it,
/// so they are all one state: the clue plus one.
fn lunchbox(b: &mut Builder<'_>, cells: &[usize], sum: u32) {
    // Fields: least (bits 0-7), greatest (8-15), the greatest came later
    // (bit 16), between (17-28), since (29-40).
    let over = u64::from(sum) + 1;
    let pack = |lo: u64, hi: u64, high_later: bool, between: u64, since: u64| {
        let (between, since) = (between.min(over), since.min(over));
        lo | hi << 8 | u64::from(high_later) << 16 | between << 17 | since << 29
    };
    let field = |s: u64, at: u32, bits: u32| s >> at & ((1 << bits) - 1);
    b.chain(
        cells,
        0,
        &|k, s, d| {
            let d = u64::from(d);
            if k == 0 {
                return Some(pack(d, d, false, 0, 0));
            }
            let (lo, hi) = (field(s, 0, 8), field(s, 8, 8));
            let high_later = field(s, 16, 1) == 1;
            let (between, since) = (field(s, 17, 12), field(s, 29, 12));
            if d == lo || d == hi {
                return None;
            }
            if d < lo {
                let inside = if lo == hi {
                    0
                } else if high_later {
                    since
                } else {
                    between + lo + since
                };
                Some(pack(d, hi, false, inside, 0))
            } else if d > hi {
                let inside = if lo == hi {
                    0
                } else if !high_later {
                    since
                } else {
                    between + hi + since
                };
                Some(pack(lo, d, true, inside, 0))
            } else {
                Some(pack(lo, hi, high_later, between, since + d))
            }
        },
        &|s| field(s, 17, 12) == u64::from(sum),
    );
}

fn double_arrow(b: &mut Builder<'_>, cells: &[usize]) {
    b.chain(
        cells,
        0,
        &|k, s, d| {
            let d = u64::from(d);
            match k {
                0 => Some(d),
                1 => Some((s + d) << 8),
                _ => {
                    let (target, partial) = (s >> 8, (s & 255) + d);
                    (partial <= target).then_some(target << 8 | partial)
                }
            }
        },
        &|s| s >> 8 == s & 255,
    );
}

/// `cells` are the two ends first, then the inside.
fn between(b: &mut Builder<'_>, cells: &[usize]) {
    b.chain(
        cells,
        0,
        &|k, s, d| {
            let d = u64::from(d);
            match k {
                0 => Some(d),
                1 => Some(s << 8 | d),
                _ => {
                    let (a, b) = (s >> 8, s & 255);
                    (d > a.min(b) && d < a.max(b)).then_some(s)
                }
            }
        },
        &|_| true,
    );
}

/// A cage of distinct digits summing to `sum`: its cells keep the digits
/// of the digit sets of the sum each of whose digits some cell may take
/// and that leave every cell a digit; a digit every such set holds, that
/// one cell alone may take, is that cell's. Past the sets counted (large
/// grids), the bounds of the sum. Returns the digits every such set holds
/// (none past the sets counted), which the cage's cells hold between
/// them.
///
/// The digit sets are made afresh: the search's propagator makes them
/// once per cage and calls [`cage_of_sets`].
pub(crate) fn cage(d: &mut Domains, cells: &[Cell], sum: u32) -> Result<u64, Contradiction> {
    let sets = digit_sets(d.side(), cells.len(), sum);
    cage_of_sets(d, cells, sum, sets.as_deref())
}

/// [`cage`] with the digit sets of its size and sum (`None` past those
/// counted) given.
pub(crate) fn cage_of_sets(
    d: &mut Domains,
    cells: &[Cell],
    sum: u32,
    sets: Option<&[u64]>,
) -> Result<u64, Contradiction> {
    let Some(sets) = sets.filter(|_| cells.len() <= 64) else {
        return sum_bounds(d, cells, i64::from(sum), i64::from(sum)).map(|()| 0);
    };
    // The cells' digits, on the stack for the cages players draw.
    let (mut small, mut large) = ([0u64; 16], Vec::new());
    let masks: &mut [u64] = if cells.len() <= small.len() {
        &mut small[..cells.len()]
    } else {
        large.resize(cells.len(), 0);
        &mut large
    };
    for (mask, &cell) in masks.iter_mut().zip(cells) {
        *mask = d.get(cell);
    }
    let union = masks.iter().fold(0, |u, &m| u | m);
    let (mut allowed, mut required) = (0u64, u64::MAX);
    for &set in sets.iter() {
        // Every digit of the set has a cell, every cell a digit.
        if union & set == set && masks.iter().all(|&m| m & set != 0) {
            allowed |= set;
            required &= set;
        }
    }
    if allowed == 0 {
        return Err(Contradiction);
    }
    for &cell in cells {
        d.restrict(cell, allowed)?;
    }
    for digit in super::domains::digits(required) {
        let mut holders = cells.iter().filter(|&&c| d.get(c) >> digit & 1 == 1);
        match (holders.next(), holders.next()) {
            (None, _) => return Err(Contradiction),
            (Some(&only), None) => d.restrict(only, 1 << digit)?,
            _ => {}
        }
    }
    Ok(required)
}

/// An arrow: the line's digits sum to the circle's number (a pill's
/// digits read as one).
fn arrow_bounds(d: &mut Domains, circle: &[Cell], line: &[Cell]) -> Result<(), Contradiction> {
    // The least and greatest number the circle can spell.
    let (mut low, mut high) = (0i64, 0i64);
    for &cell in circle {
        low = low * 10 + i64::from(d.min(cell));
        high = high * 10 + i64::from(d.max(cell));
    }
    sum_bounds(d, line, low, high)?;
    if let [cell] = *circle {
        let least: i64 = line.iter().map(|&c| i64::from(d.min(c))).sum();
        let most: i64 = line.iter().map(|&c| i64::from(d.max(c))).sum();
        d.bound(cell, least, most)?;
    }
    Ok(())
}

/// A between line: the digits inside lie strictly between those of the
/// two ends, one end below them and the other above.
fn between_bounds(d: &mut Domains, cells: &[Cell]) -> Result<(), Contradiction> {
    let [first, last] = ends(cells);
    let (a, b) = (d.get(first), d.get(last));
    let (low_a, high_a) = (d.min(first), d.max(first));
    let (low_b, high_b) = (d.min(last), d.max(last));
    // Digits above x, below y (as masks of digits from 1).
    let above = |x: u32| u64::MAX << (x + 1);
    let below = |y: u32| (1u64 << y) - 1;
    let inside = (above(low_a) & below(high_b)) | (above(low_b) & below(high_a));
    if a == 0 || b == 0 {
        return Err(Contradiction);
    }
    for &cell in &cells[1..cells.len() - 1] {
        d.restrict(cell, inside)?;
    }
    Ok(())
}
