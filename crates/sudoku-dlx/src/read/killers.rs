//! The killer community's two line formats, one puzzle a line, as the
//! published killer lists use them:
//!
//! - the **short format**: 81 characters, one a cell, row by row. A cell
//!   holding a digit `0-9` or a letter (`A`-`Z` for 10 to 35, `a`-`j` for
//!   36 to 45; `0` for a cage without a sum, and alone for a cell in no
//!   cage) is its cage's sum cell; any other cell holds an arrow to a
//!   neighbour of its cage (`<` `>` `^` `v`, and the diagonals `` ` ``
//!   up-left, `'` up-right, `,` down-left, `.` down-right), and following
//!   the arrows from any cell reaches its cage's sum cell;
//! - the **long format** (SudoCue's): `3x3:`, then `d:` (both diagonals
//!   are houses too) or `:`, then `k:`, then one number a cell separated
//!   by `:`, row by row: the cage's sum times 256 plus the cage's id, or a
//!   number below 256 for a cell in no cage.
//!
//! Either way a killer's cages come in the order of their first cells
//! (row by row), so that a puzzle reads the same from both formats.
//!
//! A file is read as killer lines when its first line with content is one
//! ([`is_killer_line`]); blank lines and `#` comments between them are
//! skipped. A line that is not a good one is an `invalid` record naming
//! the column at fault, and the lines after it are read as ever.

use std::collections::BTreeMap;
use std::io::BufRead;

use super::{Puzzles, Record};
use crate::constraint::{Cell, Constraint};
use crate::error::{ParseError, ParseErrorKind};
use crate::grid::Grid;
use crate::layout::Layout;
use crate::variant::Variant;

/// The side of the short format's grid.
const SIDE: usize = 9;

/// The arrows of the short format and the step each takes, in rows and
/// columns.
const ARROWS: [(char, (isize, isize)); 8] = [
    ('<', (0, -1)),
    ('>', (0, 1)),
    ('^', (-1, 0)),
    ('v', (1, 0)),
    ('`', (-1, -1)),
    ('\'', (-1, 1)),
    (',', (1, -1)),
    ('.', (1, 1)),
];

impl<R: BufRead> Puzzles<R> {
    /// The record of the next killer line, `None` at the end of the input.
    pub(super) fn next_killer(&mut self) -> Option<Record> {
        loop {
            let line = self.raw_line()?;
            let text = line.text.split('#').next().unwrap_or("").trim();
            if text.is_empty() {
                self.source.recycle(line);
                continue;
            }
            // Columns count from the line's start, past leading blanks.
            let offset = line.text.len() - line.text.trim_start().len();
            let offset = line.text[..offset].chars().count();
            let result = parse(text)
                .and_then(|puzzle| build(puzzle).map_err(|e| (e, None)))
                .and_then(|layout| {
                    self.options
                        .with_variants(layout, line.number)
                        .map_err(|e| (e.to_string(), None))
                })
                .map(|layout| {
                    let n = layout.side();
                    Grid::from_parsed(layout, vec![0; n * n])
                })
                .map_err(|(message, column)| {
                    let column = column.map(|c| c + offset);
                    ParseError::new(ParseErrorKind::Text(message), line.number, column)
                });
            let record = Record::new(line.number, result);
            self.source.recycle(line);
            return Some(record);
        }
    }
}

/// Whether `line` (a file's first line with content) is a killer line:
/// 81 symbols of the short format, one of them an arrow but `.` (a
/// classic line's empty cell), or the long format's `RxC:` then `k:`
/// as its third field.
pub(super) fn is_killer_line(line: &str) -> bool {
    let text = line.split('#').next().unwrap_or("").trim();
    let short = text.chars().count() == SIDE * SIDE
        && text
            .chars()
            .all(|c| sum_of(c).is_some() || arrow(c).is_some())
        && text.chars().any(|c| c != '.' && arrow(c).is_some());
    let fields: Vec<&str> = text.splitn(4, ':').collect();
    let long = fields.len() == 4 && box_shape(fields[0]).is_some() && fields[2] == "k";
    short || long
}

/// A killer read from a line: its box shape, whether the diagonals are
/// houses, and its cages (cells as (row, column), and sum).
struct Killer {
    boxes: (usize, usize),
    diagonals: bool,
    cages: Vec<(Vec<Cell>, Option<u32>)>,
}

/// The error of a line: the message and the column (from 1, within the
/// trimmed text) at fault, if one is.
type Fault = (String, Option<usize>);

/// Reads a killer line in either format.
fn parse(text: &str) -> Result<Killer, Fault> {
    if text.contains(':') {
        parse_long(text)
    } else {
        parse_short(text)
    }
}

/// The sum a short-format symbol gives its cage's sum cell.
fn sum_of(symbol: char) -> Option<u32> {
    match symbol {
        '0'..='9' => symbol.to_digit(10),
        'A'..='Z' => Some(symbol as u32 - 'A' as u32 + 10),
        'a'..='j' => Some(symbol as u32 - 'a' as u32 + 36),
        _ => None,
    }
}

/// The step of a short-format arrow.
fn arrow(symbol: char) -> Option<(isize, isize)> {
    ARROWS
        .iter()
        .find(|&&(a, _)| a == symbol)
        .map(|&(_, step)| step)
}

fn parse_short(text: &str) -> Result<Killer, Fault> {
    let symbols: Vec<char> = text.chars().collect();
    if symbols.len() != SIDE * SIDE {
        let message = format!(
            "a killer in the short format has 81 symbols, one a cell; found {}",
            symbols.len()
        );
        return Err((message, None));
    }
    // Each cell's next cell along its arrow, or its sum.
    let mut next = vec![usize::MAX; SIDE * SIDE];
    let mut sums = vec![None; SIDE * SIDE];
    for (cell, &symbol) in symbols.iter().enumerate() {
        let column = Some(cell + 1);
        if let Some(sum) = sum_of(symbol) {
            sums[cell] = Some(sum);
        } else if let Some((dr, dc)) = arrow(symbol) {
            let (r, c) = ((cell / SIDE) as isize + dr, (cell % SIDE) as isize + dc);
            if !(0..SIDE as isize).contains(&r) || !(0..SIDE as isize).contains(&c) {
                let message = format!(
                    "the arrow '{symbol}' of r{}c{} points off the grid",
                    cell / SIDE + 1,
                    cell % SIDE + 1
                );
                return Err((message, column));
            }
            next[cell] = r as usize * SIDE + c as usize;
        } else {
            let message = format!(
                "'{symbol}' is no symbol of the killer short format (a sum 0-9, A-Z, \
                 a-j, or an arrow < > ^ v ` ' , .)"
            );
            return Err((message, column));
        }
    }
    // Follow the arrows from each cell to its sum cell.
    let mut cages: BTreeMap<usize, Vec<Cell>> = BTreeMap::new();
    for start in 0..SIDE * SIDE {
        let mut cell = start;
        let mut steps = 0;
        while sums[cell].is_none() {
            cell = next[cell];
            steps += 1;
            if steps > SIDE * SIDE {
                let message = format!(
                    "the arrows from r{}c{} go round in a loop and reach no sum",
                    start / SIDE + 1,
                    start % SIDE + 1
                );
                return Err((message, Some(start + 1)));
            }
        }
        cages
            .entry(cell)
            .or_default()
            .push((start / SIDE, start % SIDE));
    }
    // Cages in the order of their first cells (the head may be another).
    let mut cages: Vec<(Vec<Cell>, Option<u32>)> = cages
        .into_iter()
        .map(|(head, cells)| {
            let sum = sums[head].expect("a cage's head has a sum");
            (cells, Some(sum).filter(|&s| s > 0))
        })
        // A `0` alone is a cell in no cage.
        .filter(|(cells, sum)| sum.is_some() || cells.len() > 1)
        .collect();
    cages.sort_unstable_by_key(|(cells, _)| cells[0]);
    Ok(Killer {
        boxes: (3, 3),
        diagonals: false,
        cages,
    })
}

/// The box shape of the long format's first field, `RxC`.
fn box_shape(field: &str) -> Option<(usize, usize)> {
    let (rows, cols) = field.split_once('x')?;
    let (rows, cols) = (rows.parse().ok()?, cols.parse().ok()?);
    (rows > 0 && cols > 0).then_some((rows, cols))
}

fn parse_long(text: &str) -> Result<Killer, Fault> {
    // Each field with the column it starts at, from 1.
    let mut fields = Vec::new();
    let mut column = 1;
    for field in text.split(':') {
        fields.push((field, column));
        column += field.chars().count() + 1;
    }
    let head = |k: usize| fields.get(k).copied().unwrap_or(("", column));
    let Some((rows, cols)) = box_shape(head(0).0) else {
        let message = "a killer in the long format starts with its boxes, as in 3x3:";
        return Err((message.to_string(), Some(1)));
    };
    let n = rows * cols;
    if n > Layout::MAX_SIDE {
        let message = format!("boxes {rows}x{cols} make a grid larger than the most, 49x49");
        return Err((message, Some(1)));
    }
    let diagonals = match head(1) {
        ("d", _) => true,
        ("", _) => false,
        (other, at) => {
            let message =
                format!("expected d: (diagonals) or : after the boxes, found \"{other}\"");
            return Err((message, Some(at)));
        }
    };
    if head(2).0 != "k" {
        let message = format!("expected k: (a killer), found \"{}\"", head(2).0);
        return Err((message, Some(head(2).1)));
    }
    let mut cells = &fields[3.min(fields.len())..];
    // A `:` may end the line.
    if cells.len() == n * n + 1 && cells[n * n].0.is_empty() {
        cells = &cells[..n * n];
    }
    if cells.len() != n * n {
        let message = format!(
            "a {n}x{n} killer in the long format has {} numbers after k:, one a cell; found {}",
            n * n,
            cells.len()
        );
        return Err((message, None));
    }
    // Cage id -> (sum, cells, column of its first cell).
    let mut cages: BTreeMap<u32, (u32, Vec<Cell>)> = BTreeMap::new();
    for (cell, &(field, at)) in cells.iter().enumerate() {
        let Ok(value) = field.parse::<u32>() else {
            let message = format!("\"{field}\" is not a number (a cage's sum * 256 + its id)");
            return Err((message, Some(at)));
        };
        if value < 256 {
            continue;
        }
        let (sum, id) = (value / 256, value % 256);
        let (first_sum, members) = cages.entry(id).or_insert((sum, Vec::new()));
        if *first_sum != sum {
            let message = format!(
                "r{}c{} gives cage {id} the sum {sum}, another of its cells {first_sum}",
                cell / n + 1,
                cell % n + 1
            );
            return Err((message, Some(at)));
        }
        members.push((cell / n, cell % n));
    }
    // Cages in the order of their first cells, as the short format's.
    let mut cages: Vec<(Vec<Cell>, Option<u32>)> = cages
        .into_values()
        .map(|(sum, cells)| (cells, Some(sum)))
        .collect();
    cages.sort_unstable_by_key(|(cells, _)| cells[0]);
    Ok(Killer {
        boxes: (rows, cols),
        diagonals,
        cages,
    })
}

impl Grid {
    /// The killer written in the short format of the killer lists (see
    /// [`Puzzles`]): 81 symbols, a cage's sum on its first cell (`0` for
    /// a cage without a sum, or a cell in no cage) and arrows leading
    /// every other cell of the cage to it. `None` for a puzzle the format
    /// cannot hold: one that is not a 9x9 of 3x3 boxes with cages alone
    /// (no givens, pencilmarks, variants or other constraints), whose
    /// cages do not overlap, each with a sum of 1 to 45 or none, its
    /// cells joined by steps of a king.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::{Grid, Layout};
    ///
    /// let layout = Layout::square(3)?.with_constraint("cage 17: r1c1 r1c2 r2c2".parse()?)?;
    /// let short = Grid::empty_in(&layout).to_killer_short().unwrap();
    /// // 17 is H; r1c2 points left to r1c1, r2c2 up-left.
    /// assert!(short.starts_with("H<00000000`0"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_killer_short(&self) -> Option<String> {
        if self.side() != SIDE || self.layout().box_shape() != Some((3, 3)) {
            return None;
        }
        let cages = self.killer_cages(false)?;
        let mut symbols = vec!['0'; SIDE * SIDE];
        for (cells, sum) in &cages {
            symbols[cells[0]] = match sum {
                None => '0',
                Some(s @ 1..=9) => char::from_digit(*s, 10)?,
                Some(s @ 10..=35) => char::from(b'A' + (s - 10) as u8),
                Some(s @ 36..=45) => char::from(b'a' + (s - 36) as u8),
                Some(_) => return None,
            };
            // Each other cell points to the cell it was reached from, in a
            // walk by king steps from the first.
            let mut reached = vec![cells[0]];
            let mut k = 0;
            while k < reached.len() {
                let from = reached[k];
                for &cell in cells {
                    if reached.contains(&cell) {
                        continue;
                    }
                    let (dr, dc) = (
                        (from / SIDE) as isize - (cell / SIDE) as isize,
                        (from % SIDE) as isize - (cell % SIDE) as isize,
                    );
                    if let Some(&(symbol, _)) = ARROWS.iter().find(|(_, step)| *step == (dr, dc)) {
                        symbols[cell] = symbol;
                        reached.push(cell);
                    }
                }
                k += 1;
            }
            if reached.len() != cells.len() {
                return None;
            }
        }
        Some(symbols.into_iter().collect())
    }

    /// The killer written in SudoCue's long format (see [`Puzzles`]):
    /// `3x3:`, `d:` when the diagonals are houses (else `:`), `k:`, then a
    /// number a cell, its cage's sum times 256 plus the cage's number
    /// (from 1), or 0 for a cell in no cage. `None` for a puzzle the
    /// format cannot hold: one not of boxes with cages alone (no givens,
    /// pencilmarks, variants but the diagonals, or other constraints),
    /// or with cages that overlap, have no sum, or are more than 255.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::{Grid, Layout};
    ///
    /// let layout = Layout::square(2)?.with_constraint("cage 3: r1c1 r1c2".parse()?)?;
    /// let long = Grid::empty_in(&layout).to_killer_long().unwrap();
    /// assert_eq!(long, "2x2::k:769:769:0:0:0:0:0:0:0:0:0:0:0:0:0:0:");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_killer_long(&self) -> Option<String> {
        let (rows, cols) = self.layout().box_shape()?;
        let cages = self.killer_cages(true)?;
        if cages.len() > 255 || cages.iter().any(|(_, sum)| sum.is_none()) {
            return None;
        }
        let mut values = vec![0u64; self.side() * self.side()];
        for (id, (cells, sum)) in cages.iter().enumerate() {
            let value = u64::from(sum.expect("every cage has a sum")) * 256 + id as u64 + 1;
            for &cell in cells {
                values[cell] = value;
            }
        }
        let diagonals = if self.layout().has_variant(Variant::X) {
            "d"
        } else {
            ""
        };
        let mut out = format!("{rows}x{cols}:{diagonals}:k:");
        for value in values {
            out.push_str(&value.to_string());
            out.push(':');
        }
        Some(out)
    }

    /// The cages of a killer as cells (row-major, first cell first) and
    /// sums, when the puzzle is cages alone on an empty grid of boxes
    /// (and the diagonals, if `diagonals` may be), none overlapping and
    /// none with a sum of 0.
    fn killer_cages(&self, diagonals: bool) -> Option<Vec<(Vec<usize>, Option<u32>)>> {
        let n = self.side();
        let layout = self.layout();
        let variants_ok = layout.variants().all(|v| diagonals && v == Variant::X);
        if self.givens() > 0 || self.candidate_masks().is_some() || !variants_ok {
            return None;
        }
        let mut taken = vec![false; n * n];
        let mut cages = Vec::new();
        for constraint in layout.constraints() {
            let Constraint::Cage { cells, sum } = constraint else {
                return None;
            };
            if *sum == Some(0) {
                return None;
            }
            let mut indices: Vec<usize> = cells.iter().map(|&(r, c)| r * n + c).collect();
            indices.sort_unstable();
            for &cell in &indices {
                if std::mem::replace(&mut taken[cell], true) {
                    return None;
                }
            }
            cages.push((indices, *sum));
        }
        Some(cages)
    }
}

/// The layout of a killer: its boxes, its diagonals and its cages.
fn build(killer: Killer) -> Result<Layout, String> {
    let (rows, cols) = killer.boxes;
    let mut layout = Layout::boxes(rows, cols).map_err(|e| e.to_string())?;
    if killer.diagonals {
        layout = layout.with_variant(Variant::X).map_err(|e| e.to_string())?;
    }
    for (cells, sum) in killer.cages {
        let constraint = Constraint::Cage { cells, sum };
        layout = layout
            .with_constraint(constraint)
            .map_err(|e| e.to_string())?;
    }
    Ok(layout)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::tests::read;

    /// tarek-01 of tarek's list, in the short format, and its solution.
    const TAREK: &str =
        "G<<L<K<L<^G>^>^E^^>^IJ<G^<G^>^^I^<>^HC<C^<B^N^^G^<>^>^^E^<DF<^PG^<>^^J<^^<H<<>^>^";
    const TAREK_SOLUTION: &str =
        "432851769786239415159467823263974581971583642548612397397148256614725938825396174";

    #[test]
    fn the_short_format_reads_the_cages() {
        assert!(is_killer_line(TAREK));
        let records = read(&format!("# tarek-01\n{TAREK}\n"));
        assert_eq!(records.len(), 1);
        assert_eq!(records[0].line, 2);
        let grid = records[0].result.as_ref().unwrap();
        let cages = grid.layout().constraints();
        assert_eq!(cages.len(), 24);
        // The first cage: G (16) at r1c1, and the arrows into it.
        assert_eq!(cages[0].to_string(), "cage 16: r1c1 r1c2 r1c3 r2c1");
        let solution = grid.solve_one().unwrap().unwrap();
        assert_eq!(solution.to_string(), TAREK_SOLUTION);
    }

    #[test]
    fn the_long_format_reads_the_cages_and_the_diagonals() {
        // A 4x4 killer with diagonals: the cages 3 (id 1) and 7 (id 2) in
        // row 1, the rest in no cage.
        let line = "2x2:d:k:769:769:1794:1794:0:0:0:0:0:0:0:0:0:0:0:0:";
        assert!(is_killer_line(line));
        let records = read(line);
        let grid = records[0].result.as_ref().unwrap();
        assert!(grid.layout().has_variant(Variant::X));
        let cages: Vec<String> = grid
            .layout()
            .constraints()
            .iter()
            .map(|c| c.to_string())
            .collect();
        assert_eq!(cages, ["cage 3: r1c1 r1c2", "cage 7: r1c3 r1c4"]);
    }

    #[test]
    fn a_bad_line_names_its_column_and_spares_the_next() {
        let mut loop_line: Vec<char> = TAREK.chars().collect();
        // r1c1 points right, r1c2 left: a loop with no sum.
        loop_line[0] = '>';
        loop_line[1] = '<';
        let off: String = std::iter::once('^').chain(TAREK.chars().skip(1)).collect();
        let stray: String = TAREK.chars().take(80).chain(std::iter::once('x')).collect();
        let text = format!(
            "{TAREK}\n{}\n{off}\n{stray}\n3x3::k:1:2\n{TAREK}\n",
            loop_line.iter().collect::<String>()
        );
        let records = read(&text);
        let errors: Vec<String> = records
            .iter()
            .map(|r| {
                r.result
                    .as_ref()
                    .map_or_else(|e| e.to_string(), |_| "ok".into())
            })
            .collect();
        assert_eq!(errors.len(), 6, "{errors:?}");
        assert_eq!(errors[0], "ok");
        assert!(
            errors[1].contains("line 2, column 1") && errors[1].contains("loop"),
            "{errors:?}"
        );
        assert!(
            errors[2].contains("column 1") && errors[2].contains("off the grid"),
            "{errors:?}"
        );
        assert!(
            errors[3].contains("column 81") && errors[3].contains("'x'"),
            "{errors:?}"
        );
        assert!(
            errors[4].contains("81 numbers") && errors[4].contains("found 2"),
            "{errors:?}"
        );
        assert_eq!(errors[5], "ok");
    }

    #[test]
    fn written_killers_read_back_as_the_same_puzzle() {
        let grid = read(TAREK)[0].result.clone().unwrap();
        let short = grid.to_killer_short().unwrap();
        assert_eq!(read(&short)[0].result.as_ref(), Ok(&grid));
        let long = grid.to_killer_long().unwrap();
        assert!(long.starts_with("3x3::k:4097:4097:4097:"), "{long}");
        assert_eq!(read(&long)[0].result.as_ref(), Ok(&grid));
        let line = "2x2:d:k:769:769:1794:1794:0:0:0:0:0:0:0:0:0:0:0:0:";
        let diagonal = read(line)[0].result.clone().unwrap();
        assert_eq!(diagonal.to_killer_long().unwrap(), line);
        // The short format has no diagonals, nor 4x4 grids.
        assert_eq!(diagonal.to_killer_short(), None);
        // Givens, and cages that no king's steps join, are not written.
        let with_given = read(&format!(
            "size 9\ncage 3: r1c1 r1c2\ngivens 1{}",
            ".".repeat(80)
        ));
        let with_given = with_given[0].result.as_ref().unwrap();
        assert_eq!(
            (with_given.to_killer_short(), with_given.to_killer_long()),
            (None, None)
        );
        let apart = read("size 9\ncage 4: r1c1 r1c3")[0].result.clone().unwrap();
        assert_eq!(apart.to_killer_short(), None);
        assert!(apart.to_killer_long().is_some());
    }

    #[test]
    fn a_classic_line_is_no_killer_line() {
        let classic =
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
        assert!(!is_killer_line(classic));
        assert!(!is_killer_line("size 9"));
    }
}
