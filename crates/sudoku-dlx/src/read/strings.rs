//! The constraint strings of the browser variant solver that shares
//! puzzles as `.Type~arg~arg` items (the Interactive Sudoku Solver), one
//! puzzle a line, or its links (`...?q=.Cage~15~R1C1~R1C2`).
//!
//! A string is a run of items, each a `.`, a type, and its arguments
//! after `~`: `.~R1C1_8~R2C3_3` gives digits (an empty type is a given;
//! `R4C7_2_4_6_8` leaves the cell those digits alone),
//! `.Cage~15~R1C1~R1C2` a killer cage, `.Thermo~R1C1~R1C2` a thermometer,
//! `.Skyscraper~R1~3~2` two skyscraper clues of row 1 (from the left and
//! from the right). Cells are `R` and `C` with one symbol each, `1`-`9`
//! then `A`-`G` for 10 to 16. White space is ignored, as the solver does.
//!
//! The grid's items are read first: `.Shape~6x6` (square grids, digits
//! 1 to n), `.NoBoxes`, `.Jigsaw~<n*n region symbols>` (its regions join
//! the boxes unless `.NoBoxes` is there too; a grid with neither boxes nor
//! regions is a Latin square). Every other type is read by its rule
//! family ([`STRINGS`]): a type the project has no rule for is an error
//! that names it, never dropped.
//!
//! A file is read as constraint strings when its first line with content
//! is one ([`is_strings_line`]); blank lines and `#` comments between
//! them are skipped. A bad line is an error record naming the column of
//! the item at fault (within the decoded string, for a link), and the
//! lines after it are read as ever.

use std::collections::BTreeMap;
use std::io::BufRead;

use super::pencilmarks::grid_of_masks;
use super::source::MAX_LINE_LEN;
use super::{Puzzles, Record};
use crate::constraint::{Cell, Constraint, Line, Rules, STRINGS};
use crate::error::{ParseError, ParseErrorKind};
use crate::fpuzzles::jigsaw_of;
use crate::grid::Grid;
use crate::layout::Layout;
use crate::variant::Variant;

/// The largest side the strings name cells of: one symbol of base 17.
const MAX_SIDE: usize = 16;

/// The solver's types this project has no rule for: read, they are an
/// error that says so, rather than an unknown type.
const UNSUPPORTED: [&str; 37] = [
    "Or",
    "And",
    "End",
    "Replicate",
    "Container",
    "Regex",
    "NFA",
    "ChaosConstruction",
    "ChaosArrow",
    "ChaosCount",
    "RegionSize",
    "RegionSameValues",
    "Doppelganger",
    "AntiTaxicab",
    "GlobalEntropy",
    "GlobalMod",
    "FullRankTies",
    "DutchFlatmates",
    "ValueIndexing",
    "RellikCage",
    "EqualityCage",
    "HiddenSkyscraper",
    "FullRank",
    "ContainAtLeast",
    "ContainExact",
    "LookAndSay",
    "ConnectedValues",
    "SameValues",
    "Binary",
    "BinaryX",
    "Pair",
    "PairX",
    "Indexing",
    "CountingCircles",
    "CountDistinct",
    "SearchPriority",
    "Var",
];

/// The types of the grid itself, read before the rules.
const GRID_TYPES: [&str; 3] = ["Shape", "NoBoxes", "Jigsaw"];

/// One item of a string: its type, its arguments, and where each is.
#[derive(Debug)]
pub(crate) struct Item<'a> {
    /// The type, as written (`Cage`); empty for givens.
    pub(crate) kind: &'a str,
    /// The arguments, each with its column (from 1).
    args: Vec<(&'a str, usize)>,
    /// The column (from 1) of the item's `.`.
    column: usize,
    /// The grid's side.
    pub(crate) n: usize,
}

/// What is wrong with an item: the message, and the column (from 1) of
/// the item or of its argument at fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ItemError {
    pub(crate) column: usize,
    pub(crate) message: String,
}

impl<'a> Item<'a> {
    /// How many arguments the item has.
    pub(crate) fn len(&self) -> usize {
        self.args.len()
    }

    /// An error at argument `k` (at the item itself past its arguments).
    pub(crate) fn error(&self, k: usize, message: impl Into<String>) -> ItemError {
        let column = self.args.get(k).map_or(self.column, |&(_, column)| column);
        let name = if self.kind.is_empty() {
            "given"
        } else {
            self.kind
        };
        ItemError {
            column,
            message: format!("{name}: {}", message.into()),
        }
    }

    /// Argument `k`, which must be there.
    pub(crate) fn arg(&self, k: usize) -> Result<&'a str, ItemError> {
        match self.args.get(k) {
            Some(&(text, _)) => Ok(text),
            None => Err(self.error(k, format!("expected argument {}, found none", k + 1))),
        }
    }

    /// Argument `k` as a whole number.
    pub(crate) fn number(&self, k: usize) -> Result<u32, ItemError> {
        let text = self.arg(k)?;
        text.parse()
            .map_err(|_| self.error(k, format!("\"{text}\" is not a whole number")))
    }

    /// Argument `k` as a cell of the grid (`R1C1`).
    pub(crate) fn cell(&self, k: usize) -> Result<Cell, ItemError> {
        let text = self.arg(k)?;
        parse_cell(text, self.n).ok_or_else(|| {
            self.error(
                k,
                format!("\"{text}\" is not a cell of a {0}x{0} grid", self.n),
            )
        })
    }

    /// The arguments from `k` on as cells, at least one; a line drawn as
    /// a loop (a last argument `LOOP`) is refused.
    pub(crate) fn cells(&self, k: usize) -> Result<Vec<Cell>, ItemError> {
        if self.args.last().is_some_and(|&(text, _)| text == "LOOP") {
            let last = self.args.len() - 1;
            return Err(self.error(last, "a line drawn as a loop is not supported"));
        }
        if k >= self.args.len() {
            return Err(self.error(k, "expected cells, found none"));
        }
        (k..self.args.len()).map(|j| self.cell(j)).collect()
    }

    /// Argument `k` as a row (`R1`) or a column (`C1`) of the grid.
    pub(crate) fn line(&self, k: usize) -> Result<Line, ItemError> {
        let text = self.arg(k)?;
        let line = Line::parse(text).filter(|&line| match line {
            Line::Row(i) | Line::Column(i) => i < self.n,
        });
        line.ok_or_else(|| {
            self.error(
                k,
                format!("\"{text}\" is not a row or a column of the grid"),
            )
        })
    }

    /// Argument `k`, empty or a whole number.
    pub(crate) fn clue(&self, k: usize) -> Result<Option<u32>, ItemError> {
        match self.args.get(k) {
            None | Some(("", _)) => Ok(None),
            Some(_) => self.number(k).map(Some),
        }
    }
}

/// A cell named `R1C1`, one symbol of base 17 each (`1`-`9`, `A`-`G`),
/// on a grid of side `n`.
fn parse_cell(text: &str, n: usize) -> Option<Cell> {
    let bytes = text.as_bytes();
    if bytes.len() != 4
        || !bytes[0].eq_ignore_ascii_case(&b'R')
        || !bytes[2].eq_ignore_ascii_case(&b'C')
    {
        return None;
    }
    let index = |b: u8| {
        let k = (b as char).to_digit(17)? as usize;
        (1..=n).contains(&k).then(|| k - 1)
    };
    Some((index(bytes[1])?, index(bytes[3])?))
}

/// Whether `line` (a file's first line with content) is a constraint
/// string or a link holding one: an item of a known type (or a given)
/// first.
pub(super) fn is_strings_line(line: &str) -> bool {
    let text = query(line.trim()).unwrap_or_else(|| line.trim().to_string());
    let text: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if !text.starts_with('.') {
        return false;
    }
    // Empty items (`..`) are givens of no cell.
    let rest = text.trim_start_matches('.');
    let kind = rest.split(['.', '~']).next().unwrap_or("");
    let known = GRID_TYPES.contains(&kind)
        || STRINGS.iter().any(|&(k, _)| k == kind)
        || UNSUPPORTED.contains(&kind);
    known || rest.starts_with("~R") || rest.starts_with("~r")
}

/// The string of a link's `q=` parameter, percent-decoded; `None` when
/// the text is no link holding one.
fn query(text: &str) -> Option<String> {
    let start = text.find("?q=").or_else(|| text.find("&q="))? + 3;
    let value = &text[start..];
    let value = &value[..value.find(['&', '#']).unwrap_or(value.len())];
    let mut bytes = Vec::with_capacity(value.len());
    let mut rest = value.as_bytes();
    while let Some((&b, tail)) = rest.split_first() {
        let hex = |k: usize| tail.get(k).and_then(|&h| (h as char).to_digit(16));
        match (b, hex(0), hex(1)) {
            (b'%', Some(high), Some(low)) => {
                bytes.push((high * 16 + low) as u8);
                rest = &tail[2..];
            }
            (b'+', _, _) => {
                bytes.push(b' ');
                rest = tail;
            }
            _ => {
                bytes.push(b);
                rest = tail;
            }
        }
    }
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

impl<R: BufRead> Puzzles<R> {
    /// The record of the next constraint string.
    pub(super) fn next_string(&mut self) -> Option<Record> {
        loop {
            let line = self.raw_line()?;
            let text = line.text.trim();
            if text.is_empty() || text.starts_with('#') {
                self.source.recycle(line);
                continue;
            }
            if line.too_long {
                let kind = ParseErrorKind::LineTooLong {
                    limit: MAX_LINE_LEN,
                };
                return Some(self.error_record(line, kind));
            }
            // Columns count from the line's start, past leading blanks.
            let offset = line.text.len() - line.text.trim_start().len();
            let offset = line.text[..offset].chars().count();
            let (string, offset) = match query(text) {
                Some(string) => {
                    let start = text.find("q=").map_or(0, |k| text[..k + 2].chars().count());
                    (string, offset + start)
                }
                None => (text.to_string(), offset),
            };
            let result = read(&string)
                .and_then(|grid| {
                    let layout = grid.layout().clone();
                    self.options
                        .with_variants(layout, line.number)
                        .map(|layout| regrid(grid, layout))
                        .map_err(|e| ItemError {
                            column: 1,
                            message: e.to_string(),
                        })
                })
                .map_err(|e| {
                    let column = Some(e.column + offset);
                    ParseError::new(ParseErrorKind::Text(e.message), line.number, column)
                });
            let record = Record::new(line.number, result);
            self.source.recycle(line);
            return Some(record);
        }
    }
}

/// `grid`'s givens and candidates on `layout`, the same side.
fn regrid(grid: Grid, layout: Layout) -> Grid {
    match grid.candidate_masks() {
        Some(masks) => Grid::from_candidates(layout, masks.to_vec()),
        None => Grid::from_parsed(layout, grid.into_cells()),
    }
}

/// An item as split from its string: the column of its `.`, then its
/// type and arguments, each with its column.
type Split = (usize, Vec<(String, usize)>);

/// Splits a string into its items, white space dropped: each the type
/// and its arguments, with columns from 1.
fn items(text: &str) -> Result<Vec<Split>, ItemError> {
    let mut items: Vec<Split> = Vec::new();
    for (k, c) in text.chars().enumerate() {
        let column = k + 1;
        if c.is_whitespace() {
            continue;
        }
        match (c, items.last_mut()) {
            ('.', _) => items.push((column, vec![(String::new(), column + 1)])),
            (_, None) => {
                return Err(ItemError {
                    column,
                    message: "a constraint string starts with \".\"".to_string(),
                })
            }
            ('~', Some((_, parts))) => parts.push((String::new(), column + 1)),
            (c, Some((_, parts))) => parts.last_mut().expect("an item has its type").0.push(c),
        }
    }
    Ok(items)
}

/// The puzzle of a constraint string.
fn read(text: &str) -> Result<Grid, ItemError> {
    let items = items(text)?;
    let item = item_of;
    // The grid's items first: the side, then the regions.
    let mut n = 9;
    for raw in items.iter().filter(|(_, p)| p[0].0 == "Shape") {
        n = shape(&item(raw, n))?;
    }
    let mut boxes = true;
    let mut jigsaw = None;
    for raw in &items {
        let item = item(raw, n);
        match item.kind {
            "NoBoxes" => boxes = false,
            "Jigsaw" => jigsaw = Some(regions(&item)?),
            _ => {}
        }
    }
    let (mut layout, houses) = grid_layout(n, boxes, jigsaw)?;
    // The rules, each joining the layout where it was read.
    let mut givens: BTreeMap<Cell, (u64, usize)> = BTreeMap::new();
    let mut variants: Vec<(usize, Variant)> = Vec::new();
    let mut constraints: Vec<(usize, Constraint)> = houses
        .into_iter()
        .map(|cells| (1, Constraint::Cage { cells, sum: None }))
        .collect();
    for raw in &items {
        let item = item(raw, n);
        if item.kind.is_empty() {
            read_givens(&item, &mut givens)?;
            continue;
        }
        if GRID_TYPES.contains(&item.kind) {
            continue;
        }
        let Some(&(_, reader)) = STRINGS.iter().find(|&&(k, _)| k == item.kind) else {
            let message = if UNSUPPORTED.contains(&item.kind) {
                "this rule is not supported"
            } else {
                "unknown constraint type"
            };
            return Err(ItemError {
                column: item.column,
                message: format!("{}: {message}", item.kind),
            });
        };
        let mut rules = Rules::default();
        reader(&item, &mut rules)?;
        variants.extend(rules.variants.into_iter().map(|(_, v)| (item.column, v)));
        constraints.extend(rules.constraints.into_iter().map(|(_, c)| (item.column, c)));
    }
    let refused = |column: usize| {
        move |e: crate::LayoutError| ItemError {
            column,
            message: e.to_string(),
        }
    };
    for (column, variant) in variants {
        if !layout.has_variant(variant) {
            layout = layout.with_variant(variant).map_err(refused(column))?;
        }
    }
    for (column, constraint) in constraints {
        layout = layout
            .with_constraint(constraint)
            .map_err(refused(column))?;
    }
    let full = (1u64 << (n + 1)) - 2;
    let mut masks = vec![full; n * n];
    for (&(r, c), &(mask, _)) in &givens {
        masks[r * n + c] = mask;
    }
    Ok(grid_of_masks(layout, masks, None))
}

/// The item of a split item's parts, on a grid of side `n`.
fn item_of((column, parts): &Split, n: usize) -> Item<'_> {
    Item {
        kind: parts[0].0.as_str(),
        args: parts[1..].iter().map(|(t, c)| (t.as_str(), *c)).collect(),
        column: *column,
        n,
    }
}

/// The side of `.Shape~NxN`: square grids of digits 1 to n only.
fn shape(item: &Item<'_>) -> Result<usize, ItemError> {
    let dims = item.arg(0)?;
    let side = dims
        .split_once(['x', 'X'])
        .and_then(|(rows, cols)| Some((rows.parse::<usize>().ok()?, cols.parse::<usize>().ok()?)));
    let n = match side {
        Some((rows, cols)) if rows == cols && (1..=MAX_SIDE).contains(&rows) => rows,
        Some((rows, cols)) if rows != cols => {
            return Err(item.error(
                0,
                format!("a {rows}x{cols} grid: only square grids are supported"),
            ))
        }
        _ => {
            return Err(item.error(
                0,
                format!("\"{dims}\" is no grid of 1x1 to {MAX_SIDE}x{MAX_SIDE}"),
            ))
        }
    };
    if item.len() > 1 {
        let range = item.arg(1)?;
        let default = [n.to_string(), format!("1-{n}")];
        if !range.is_empty() && !default.contains(&range.to_string()) {
            return Err(item.error(
                1,
                format!("digits \"{range}\": only 1 to {n} are supported"),
            ));
        }
    }
    if item.len() > 2 && item.arg(2)? != "Sudoku" {
        return Err(item.error(2, "only sudoku grids are supported"));
    }
    Ok(n)
}

/// The regions of `.Jigsaw~<layout>` (a first argument before the layout,
/// the older form, is skipped): each cell's region, from 0, by first
/// appearance.
fn regions(item: &Item<'_>) -> Result<Vec<usize>, ItemError> {
    let k = item.len().saturating_sub(1);
    let map = item.arg(k)?;
    let n = item.n;
    if map.chars().count() != n * n {
        let found = map.chars().count();
        return Err(item.error(
            k,
            format!("expected {} region symbols, found {found}", n * n),
        ));
    }
    let mut seen: Vec<char> = Vec::new();
    let mut regions = Vec::with_capacity(n * n);
    for c in map.chars() {
        let id = seen.iter().position(|&s| s == c).unwrap_or_else(|| {
            seen.push(c);
            seen.len() - 1
        });
        regions.push(id);
    }
    for (id, &symbol) in seen.iter().enumerate() {
        let size = regions.iter().filter(|&&r| r == id).count();
        if size != n {
            return Err(item.error(k, format!("region \"{symbol}\" has {size} cells, not {n}")));
        }
    }
    Ok(regions)
}

/// The layout of a grid of side `n`, and the houses it holds as cages:
/// the jigsaw's regions and the boxes, either alone or both (the boxes
/// then as cages), or a Latin square with neither.
fn grid_layout(
    n: usize,
    boxes: bool,
    jigsaw: Option<Vec<usize>>,
) -> Result<(Layout, Vec<Vec<Cell>>), ItemError> {
    let refused = |e: crate::LayoutError| ItemError {
        column: 1,
        message: e.to_string(),
    };
    let map = |region: &dyn Fn(usize) -> usize| jigsaw_of(n, region).map_err(refused);
    let squarest = Layout::squarest(n).ok().filter(|_| boxes);
    match (jigsaw, squarest) {
        (None, Some(layout)) => Ok((layout, Vec::new())),
        (None, None) => Ok((map(&|k| k / n)?, Vec::new())),
        (Some(regions), None) => Ok((map(&|k| regions[k])?, Vec::new())),
        (Some(regions), Some(layout)) => {
            let mut houses = vec![Vec::new(); n];
            for r in 0..n {
                for c in 0..n {
                    houses[layout.region(r, c)].push((r, c));
                }
            }
            Ok((map(&|k| regions[k])?, houses))
        }
    }
}

/// Reads the givens of `.~R1C1_8~R2C3_1_2`: each cell's digits as a
/// mask (bit d for digit d), an item naming a cell again keeping the
/// digits both allow.
fn read_givens(
    item: &Item<'_>,
    givens: &mut BTreeMap<Cell, (u64, usize)>,
) -> Result<(), ItemError> {
    for k in 0..item.len() {
        let text = item.arg(k)?;
        let mut parts = text.split('_');
        let cell = parts.next().unwrap_or("");
        let cell = parse_cell(cell, item.n).ok_or_else(|| {
            item.error(
                k,
                format!("\"{cell}\" is not a cell of a {0}x{0} grid", item.n),
            )
        })?;
        let mut mask = 0u64;
        for digit in parts {
            match digit.parse::<usize>() {
                Ok(d) if (1..=item.n).contains(&d) && digit == d.to_string() => mask |= 1 << d,
                _ => {
                    return Err(
                        item.error(k, format!("\"{digit}\" is no digit from 1 to {}", item.n))
                    )
                }
            }
        }
        if mask == 0 {
            return Err(item.error(k, format!("\"{text}\" gives its cell no digit")));
        }
        let (ref mut kept, _) = *givens.entry(cell).or_insert((mask, item.column));
        *kept &= mask;
        if *kept == 0 {
            return Err(item.error(k, format!("\"{text}\" leaves its cell no digit")));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(text: &str) -> Grid {
        read(text).unwrap_or_else(|e| panic!("{text}: {e:?}"))
    }

    fn error(text: &str) -> (usize, String) {
        let e = read(text).unwrap_err();
        (e.column, e.message)
    }

    #[test]
    fn givens_shape_and_candidates() {
        let puzzle = grid(".Shape~4x4.~R1C1_1~R2C3_3");
        assert_eq!(puzzle.to_string(), "1.....3.........");
        // A cell named again keeps the digits both give.
        let marks = grid(".Shape~4x4.~R1C1_1_2_3.~R1C1_2_3_4");
        assert!(marks.is_candidate(0, 2) && marks.is_candidate(0, 3));
        assert!(!marks.is_candidate(0, 1) && !marks.is_candidate(0, 4));
        // Its text form writes the candidates, and reads back.
        let text = marks.to_variant_text();
        let again = crate::Puzzles::new(text.as_bytes())
            .next()
            .unwrap()
            .unwrap();
        assert_eq!(again.result.as_ref(), Ok(&marks), "{text}");
        assert!(marks.is_candidate(1, 4));
        assert_eq!(
            error(".Shape~4x4.~R1C1_5"),
            (13, "given: \"5\" is no digit from 1 to 4".to_string())
        );
    }

    /// The constraints a string's layout holds, in their text form.
    fn rules(text: &str) -> Vec<String> {
        grid(text)
            .layout()
            .constraints()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn each_family_reads_its_types() {
        assert_eq!(
            rules(
                ".Cage~10~R1C1~R1C2.Cage~0~R2C1~R2C2.Sum~20~R3C1~R3C2~R3C3.AllDifferent~R9C1~R9C5"
            ),
            [
                "cage 10: r1c1 r1c2",
                "cage: r2c1 r2c2",
                "little-killer 20: r3c1 r3c2 r3c3",
                "cage: r9c1 r9c5"
            ]
        );
        assert_eq!(
            rules(".Arrow~R1C1~R1C2~R1C3.PillArrow~2~R2C2~R2C1~R3C1.DoubleArrow~R4C1~R4C2~R4C3"),
            [
                "arrow r1c1: r1c2 r1c3",
                "arrow r2c1 r2c2: r3c1",
                "double-arrow: r4c1 r4c2 r4c3"
            ]
        );
        assert_eq!(
            rules(".Whisper~R1C1~R1C2.Whisper~3~R2C1~R2C2.Thermo~R3C1~R3C2.GreaterThan~R5C5~R5C4~R6C4"),
            [
                "whispers 5: r1c1 r1c2",
                "whispers 3: r2c1 r2c2",
                "thermo: r3c1 r3c2",
                "greater: r5c5 r5c4",
                "greater: r5c4 r6c4"
            ]
        );
        // A dot over three cells is one dot per pair of neighbours.
        assert_eq!(
            rules(".WhiteDot~R1C1~R1C2~R2C2.X~R3C3~R3C4.V~R4C4~R5C4.BlackDot~R6C6~R6C7"),
            [
                "white: r1c1 r1c2",
                "white: r1c2 r2c2",
                "x: r3c3 r3c4",
                "v: r4c4 r5c4",
                "black: r6c6 r6c7"
            ]
        );
        assert_eq!(
            rules(".Skyscraper~R1~3~2.XSum~C2~~15.NumberedRoom~R4~7~.Sandwich~0~C3"),
            [
                "skyscraper 3: r1 left",
                "skyscraper 2: r1 right",
                "x-sum 15: c2 bottom",
                "numbered-room 7: r4 left",
                "sandwich 0: c3"
            ]
        );
        assert_eq!(
            rules(".SumLine~10~R1C1~R1C2~R1C3.Lockout~4~R2C1~R2C2~R2C3.Modular~3~R3C1~R3C2.Entropic~R4C1~R4C2.Zipper~R5C1~R5C2~R5C3"),
            [
                "sum-line 10: r1c1 r1c2 r1c3",
                "lockout 4: r2c1 r2c2 r2c3",
                "modular: r3c1 r3c2",
                "entropic: r4c1 r4c2",
                "zipper: r5c1 r5c2 r5c3"
            ]
        );
        assert_eq!(
            rules(".Quad~R1C1~3~1.Between~R1C5~R1C6~R1C7.Renban~R9C1~R9C2.Palindrome~R8C1~R8C2"),
            [
                "quadruple 1 3: r1c1",
                "between: r1c5 r1c6 r1c7",
                "renban: r9c1 r9c2",
                "palindrome: r8c1 r8c2"
            ]
        );
    }

    #[test]
    fn lunchboxes_region_sums_and_equal_sums() {
        assert_eq!(
            rules(".Lunchbox~5~R1C1~R1C2~R1C3.RegionSumLine~R1C3~R1C4.EqualSum~R5C5~R5C6~-~R7C7"),
            [
                "lunchbox 5: r1c1 r1c2 r1c3",
                "region-sum: r1c3 r1c4",
                "equal-sum: r5c5 r5c6 | r7c7"
            ]
        );
        // Groups that share a cell are refused by the layout.
        let (column, message) = error(".EqualSum~R1C1~-~R1C1~R1C2");
        assert_eq!(column, 1);
        assert!(message.contains("named twice"), "{message}");
    }

    #[test]
    fn little_killers_start_where_their_clue_points() {
        let diagonal = |cell: &str| match &grid(&format!(".LittleKiller~5~{cell}"))
            .layout()
            .constraints()[0]
        {
            Constraint::LittleKiller { cells, .. } => cells.clone(),
            other => panic!("{other}"),
        };
        // From the top edge down and left, the left edge down and right,
        // the right edge up and left, the bottom edge up and right.
        assert_eq!(diagonal("R1C2"), [(0, 1), (1, 0)]);
        assert_eq!(diagonal("R1C1"), (0..9).map(|i| (i, i)).collect::<Vec<_>>());
        assert_eq!(diagonal("R8C1"), [(7, 0), (8, 1)]);
        assert_eq!(
            diagonal("R8C9"),
            (0..8).map(|i| (7 - i, 8 - i)).collect::<Vec<_>>()
        );
        assert_eq!(diagonal("R9C5"), [(8, 4), (7, 5), (6, 6), (5, 7), (4, 8)]);
        assert_eq!(
            error(".LittleKiller~5~R5C5"),
            (
                17,
                "LittleKiller: no little killer clue starts at this cell".to_string()
            )
        );
    }

    #[test]
    fn grids_and_houses() {
        let grid_of = |text: &str| grid(text).layout().to_string();
        assert_eq!(grid_of(".Shape~6x6"), "6x6 with 2x3 boxes");
        assert_eq!(
            grid_of(".AntiKnight.Windoku.Diagonal~1"),
            "9x9 with 3x3 boxes, hyper, anti-knight, 1 constraint"
        );
        assert!(grid(".NoBoxes.Shape~4x4").layout().is_jigsaw());
        let jigsaw = grid(".Shape~4x4.Jigsaw~AABBAABBCCDDCCDD.NoBoxes");
        assert_eq!(jigsaw.layout().region(1, 1), 0);
        assert!(jigsaw.layout().constraints().is_empty());
        // Regions beside the boxes: the boxes become cages.
        let both = grid(".Shape~4x4.Jigsaw~AAAABBBBCCCCDDDD");
        assert_eq!(both.layout().constraints().len(), 4);
        assert_eq!(
            grid(".Shape~4x4.Diagonal~-1").layout().constraints()[0].to_string(),
            "cage: r1c1 r2c2 r3c3 r4c4"
        );
        assert!(grid(".StrictKropki").layout().constraints().len() == 2);
    }

    #[test]
    fn errors_name_the_item_and_its_column() {
        assert_eq!(
            error(".Cage~3~R1C1.HiddenSkyscraper~R1~5~"),
            (
                13,
                "HiddenSkyscraper: this rule is not supported".to_string()
            )
        );
        assert_eq!(
            error(".Cage~3~R1C1.Fog~1"),
            (13, "Fog: unknown constraint type".to_string())
        );
        assert_eq!(
            error(".Thermo~R1C1~R1CX"),
            (
                14,
                "Thermo: \"R1CX\" is not a cell of a 9x9 grid".to_string()
            )
        );
        assert_eq!(
            error(".SumLine~10~R1C1~R1C2~LOOP"),
            (
                23,
                "SumLine: a line drawn as a loop is not supported".to_string()
            )
        );
        assert_eq!(
            error(".Shape~6x8"),
            (
                8,
                "Shape: a 6x8 grid: only square grids are supported".to_string()
            )
        );
        assert_eq!(
            error(".Shape~9x9~0-8"),
            (
                12,
                "Shape: digits \"0-8\": only 1 to 9 are supported".to_string()
            )
        );
        assert_eq!(
            error(".Modular~4~R1C1~R1C2"),
            (
                10,
                "Modular: mod 4: only mod 3 (the modular line) is supported".to_string()
            )
        );
        assert_eq!(
            error(".Sum~6_=_1_2~R1C1~R1C2"),
            (
                6,
                "Sum: sums with coefficients are not supported".to_string()
            )
        );
        assert_eq!(
            error("Cage~3~R1C1"),
            (1, "a constraint string starts with \".\"".to_string())
        );
        // The layout's refusal is placed at the item.
        assert_eq!(error(".Shape~4x4.Windoku").0, 11);
    }

    #[test]
    fn links_decode() {
        assert_eq!(
            query("https://example.org/?q=.Cage%7E3%7ER1C1~R1C2&x=1").as_deref(),
            Some(".Cage~3~R1C1~R1C2")
        );
        assert!(is_strings_line("https://example.org/?q=.~R1C1_8"));
        assert!(is_strings_line(".Cage~3~R1C1~R1C2"));
        assert!(is_strings_line(".AntiKnight.~R1C1_2"));
        assert!(!is_strings_line(
            ".AB..........................................................................."
        ));
        assert!(!is_strings_line("..3.4.........."));
    }
}
