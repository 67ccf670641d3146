//! The project's text form of a variant puzzle: a block of lines, one
//! statement a line, ended by a blank line or the end of the input.
//!
//! ```text
//! # Killer, 4x4: a comment runs to the end of its line
//! size 4
//! cage 3: r1c1 r1c2
//! thermo: r4c1 r3c1 r2c1
//! givens ...4............
//! ```
//!
//! The statements, in any order:
//!
//! - `size N`: the side (default: from the givens, else 9), with the
//!   squarest boxes; `boxes RxC` sets boxes R rows high and C wide;
//!   `regions` is followed by the jigsaw map, one line per row, a symbol
//!   per region (as `--regions` reads it);
//! - `variant NAME`: one of the variants (`x`, `hyper`, `disjoint`,
//!   `anti-knight`, `anti-king`, `non-consecutive`);
//! - `givens` and the puzzle's cells on the same line (one line of n*n
//!   cells) or on the n lines that follow (a drawn grid); or a line of
//!   n*n*n pencilmarks, each cell's n places holding its candidates (the
//!   digit k at place k, else `.`), as a pencilmark puzzle writes itself;
//! - a constraint, as [`Constraint`]'s text: `cage 15: r1c1 r1c2`, ...
//!
//! [`Puzzles`] reads the form a block at a time, when it is what the
//! input starts with; [`Grid::to_variant_text`] writes it.

use std::io::BufRead;

use super::pencilmarks::{grid_of_masks, mark_groups};
use super::{Puzzles, Record};
use crate::constraint::{is_keyword, Constraint};
use crate::error::{ParseError, ParseErrorKind};
use crate::grid::Grid;
use crate::layout::Layout;
use crate::variant::Variant;

/// The symbols of a jigsaw map's regions, in order.
const REGION_SYMBOLS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// The statements that are not constraints.
const DIRECTIVES: [&str; 5] = ["size", "boxes", "regions", "variant", "givens"];

impl<R: BufRead> Puzzles<R> {
    /// The record of the next block of the text form.
    pub(super) fn next_text(&mut self) -> Option<Record> {
        let mut block: Vec<(usize, String)> = Vec::new();
        while let Some(line) = self.raw_line() {
            let blank = line.text.split('#').next().unwrap_or("").trim().is_empty();
            if blank && line.text.trim().is_empty() && !block.is_empty() {
                break;
            }
            if blank && block.is_empty() {
                continue;
            }
            block.push((line.number, line.text));
        }
        let first = block.first()?.0;
        Some(Record::new(first, parse_block(&block)))
    }
}

/// Whether a line starts a variant puzzle's block: its first word is a
/// statement's, followed by a space, a colon or nothing.
pub(super) fn starts_block(line: &str) -> bool {
    let (word, after) = first_word(line.split('#').next().unwrap_or("").trim_start());
    let word = word.to_ascii_lowercase();
    !word.is_empty()
        && (DIRECTIVES.contains(&word.as_str())
            || is_keyword(&word) && (word.len() > 1 || after.starts_with(':')))
}

/// A statement's first word, up to white space or a colon, and what
/// follows it.
fn first_word(text: &str) -> (&str, &str) {
    text.split_at(
        text.find(|c: char| c.is_whitespace() || c == ':')
            .unwrap_or(text.len()),
    )
}

/// The statements of a block, each with the line it is on, read but not
/// yet checked against one another.
struct Statements {
    /// `size N`: the side.
    size: Option<(usize, usize)>,
    /// `boxes RxC`: the rows and columns of a box.
    boxes: Option<(usize, usize, usize)>,
    /// `regions`: the jigsaw map, at the line of its first row.
    regions: Option<(usize, String)>,
    /// `variant NAME`, in order.
    variants: Vec<(usize, Variant)>,
    /// The givens' text, with the line of each of its rows.
    givens: Option<(Vec<usize>, String)>,
    /// The constraints, in order.
    constraints: Vec<(usize, Constraint)>,
}

/// Reads one block: `lines` are its lines with their numbers, comments
/// and blank lines included.
fn parse_block(lines: &[(usize, String)]) -> Result<Grid, ParseError> {
    statements(lines)?.puzzle()
}

/// The error of line `line` that `message` explains.
fn text_error(line: usize, message: String) -> ParseError {
    ParseError::new(ParseErrorKind::Text(message), line, None)
}

/// The statements of the block of `lines`, each parsed by itself.
fn statements(lines: &[(usize, String)]) -> Result<Statements, ParseError> {
    let mut size: Option<(usize, usize)> = None;
    let mut boxes: Option<(usize, usize, usize)> = None;
    let mut regions: Option<(usize, String)> = None;
    let mut variants: Vec<(usize, Variant)> = Vec::new();
    // The givens' text, with the line of each of its rows.
    let mut givens: Option<(Vec<usize>, String)> = None;
    let mut constraints: Vec<(usize, Constraint)> = Vec::new();
    let mut k = 0;
    while k < lines.len() {
        let (number, _) = lines[k];
        let text = content(&lines[k].1);
        if text.is_empty() {
            k += 1;
            continue;
        }
        let (word, after) = first_word(&text);
        let rest = after.trim_start_matches(':').trim();
        match word.to_ascii_lowercase().as_str() {
            "size" => {
                let n = rest
                    .parse::<usize>()
                    .map_err(|_| text_error(number, format!("size {rest:?} is no number")))?;
                size = Some((number, n));
            }
            "boxes" => {
                let shape = rest
                    .split_once(['x', 'X'])
                    .and_then(|(r, c)| Some((r.trim().parse().ok()?, c.trim().parse().ok()?)));
                let (r, c) = shape.ok_or_else(|| {
                    text_error(number, format!("boxes {rest:?}: expected RxC, such as 2x3"))
                })?;
                boxes = Some((number, r, c));
            }
            "regions" => {
                let side = size.map(|(_, n)| n).or(boxes.map(|(_, r, c)| r * c));
                // The map's first row tells the side when nothing else has.
                let mut rows = take_rows(lines, &mut k, 1);
                let Some((first, row)) = rows.pop() else {
                    return Err(text_error(number, "regions without a map".to_string()));
                };
                let width = row.split_whitespace().collect::<String>().chars().count();
                let n = side.unwrap_or(width);
                let mut map = vec![row];
                map.extend(take_rows(lines, &mut k, n - 1).into_iter().map(|(_, r)| r));
                regions = Some((first, map.join("\n")));
            }
            "variant" => {
                let variant: Variant = rest.parse().map_err(|e: crate::LayoutError| {
                    ParseError::new(ParseErrorKind::Variant(e.kind().clone()), number, None)
                })?;
                variants.push((number, variant));
            }
            "givens" => {
                if rest.is_empty() {
                    let n = size
                        .map(|(_, n)| n)
                        .or(boxes.map(|(_, r, c)| r * c))
                        .unwrap_or(9);
                    let rows = take_rows(lines, &mut k, n);
                    let (numbers, rows): (Vec<usize>, Vec<String>) = rows.into_iter().unzip();
                    let numbers = if numbers.is_empty() {
                        vec![number]
                    } else {
                        numbers
                    };
                    givens = Some((numbers, rows.join("\n")));
                } else {
                    givens = Some((vec![number], rest.to_string()));
                }
            }
            _ => {
                let constraint: Constraint = text.parse().map_err(|e: crate::LayoutError| {
                    ParseError::new(ParseErrorKind::Variant(e.kind().clone()), number, None)
                })?;
                constraints.push((number, constraint));
            }
        }
        k += 1;
    }
    Ok(Statements {
        size,
        boxes,
        regions,
        variants,
        givens,
        constraints,
    })
}

/// A line's statement: its text before any comment, trimmed.
fn content(line: &str) -> String {
    line.split('#').next().unwrap_or("").trim().to_string()
}

/// The `count` lines with content after line `k` of `lines`, with their
/// numbers, `k` moved to the last line looked at: the rows of a map or of
/// the givens.
fn take_rows(lines: &[(usize, String)], k: &mut usize, count: usize) -> Vec<(usize, String)> {
    let mut rows = Vec::new();
    while rows.len() < count && *k + 1 < lines.len() {
        *k += 1;
        let text = content(&lines[*k].1);
        // Rules between bands (`------+------`) are no rows.
        let rule = text.chars().all(|c| "-+=|*! ".contains(c));
        if !text.is_empty() && !rule {
            rows.push((lines[*k].0, text));
        }
    }
    rows
}

impl Statements {
    /// The puzzle the statements make: its layout, with the variants and
    /// constraints added, and its givens.
    fn puzzle(self) -> Result<Grid, ParseError> {
        let Statements {
            size,
            boxes,
            regions,
            variants,
            givens,
            constraints,
        } = self;
        let layout_error = |line: usize| {
            move |e: crate::LayoutError| {
                ParseError::new(ParseErrorKind::Variant(e.kind().clone()), line, None)
            }
        };
        let mut layout = match (&regions, boxes, size) {
            (Some((line, map)), _, _) => Layout::jigsaw(map).map_err(layout_error(*line))?,
            (None, Some((line, r, c)), _) => Layout::boxes(r, c).map_err(layout_error(line))?,
            (None, None, Some((line, n))) => Layout::squarest(n).map_err(layout_error(line))?,
            (None, None, None) => match &givens {
                Some((numbers, cells)) => Grid::parse(cells)
                    .map_err(|e| at_row(&e, numbers))?
                    .layout()
                    .clone(),
                None => Layout::default(),
            },
        };
        if let (Some((line, n)), true) = (size, regions.is_some() || boxes.is_some()) {
            if layout.side() != n {
                return Err(text_error(
                    line,
                    format!(
                        "size {n}, but the regions or boxes make {0}x{0}",
                        layout.side()
                    ),
                ));
            }
        }
        for (line, variant) in variants {
            layout = layout.with_variant(variant).map_err(layout_error(line))?;
        }
        for (line, constraint) in constraints {
            layout = layout
                .with_constraint(constraint)
                .map_err(layout_error(line))?;
        }
        match givens {
            Some((_, cells)) if pencilmarks(&cells, layout.side()).is_some() => {
                let masks = pencilmarks(&cells, layout.side()).unwrap_or_default();
                Ok(grid_of_masks(layout, masks, None))
            }
            Some((numbers, cells)) => {
                Grid::parse_in(&cells, &layout).map_err(|e| at_row(&e, &numbers))
            }
            None => Ok(Grid::empty_in(&layout)),
        }
    }
}

/// The candidates of the cells of a line of pencilmarks of side `n` (as
/// a pencilmark puzzle writes itself: the digit k at place k, else `.`);
/// `None` for any other text.
fn pencilmarks(text: &str, n: usize) -> Option<Vec<u64>> {
    let symbols: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    if n < 2 {
        return None;
    }
    mark_groups(&symbols, n, &['.'])
}

/// The symbol of jigsaw region `k` in its map, so that the map reads
/// back to the same layout.
fn region_symbol(layout: &Layout, k: usize) -> char {
    match layout.house(2 * layout.side() + k) {
        crate::House::Region { symbol, .. } => symbol,
        _ => REGION_SYMBOLS[k % REGION_SYMBOLS.len()] as char,
    }
}

/// An error in the givens' text, moved to the line its row is on.
fn at_row(error: &ParseError, numbers: &[usize]) -> ParseError {
    let row = error.line().clamp(1, numbers.len()) - 1;
    ParseError::new(error.kind().clone(), numbers[row], error.column())
}

impl Grid {
    /// The puzzle in the project's text form: its layout's statements,
    /// its constraints, then its givens on one line. [`Puzzles`] reads it
    /// back (see "The text form" in docs/sudoku.md).
    ///
    /// [`Puzzles`]: crate::Puzzles
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::{Grid, Layout};
    ///
    /// let layout = Layout::square(2)?.with_constraint("cage 3: r1c1 r1c2".parse()?)?;
    /// let grid = Grid::empty_in(&layout);
    /// assert_eq!(grid.to_variant_text(), "size 4\ncage 3: r1c1 r1c2\ngivens ................\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_variant_text(&self) -> String {
        let layout = self.layout();
        let n = layout.side();
        let mut out = String::new();
        match layout.box_shape() {
            Some((r, c))
                if Layout::squarest(n).ok().and_then(|l| l.box_shape()) == Some((r, c)) =>
            {
                out.push_str(&format!("size {n}\n"));
            }
            Some((r, c)) => out.push_str(&format!("boxes {r}x{c}\n")),
            None => {
                out.push_str("regions\n");
                for r in 0..n {
                    let row: String = (0..n)
                        .map(|c| region_symbol(layout, layout.region(r, c)))
                        .collect();
                    out.push_str(&row);
                    out.push('\n');
                }
            }
        }
        for variant in layout.variants() {
            out.push_str(&format!("variant {variant}\n"));
        }
        for constraint in layout.constraints() {
            out.push_str(&format!("{constraint}\n"));
        }
        out.push_str(&format!("givens {self}\n"));
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::read::tests::read_results as read;
    use crate::{Constraint, Grid, Layout, ParseErrorKind, Puzzles, Variant};

    #[test]
    fn blocks_are_records_and_a_bad_one_costs_its_own() {
        let text = "\
# two killers and a broken one
size 4
cage 3: r1c1 r1c2
givens 1...............

cage 7: r1c1 r1c2   # 3 + 4
thermo: r4c1 r3c1 r2c1
givens
. . | . .
. . | . .
----+----
. . | . .
. . | . .

size 4
cage 3: r1c1 r9c9
";
        let records = read(text);
        assert_eq!(records.len(), 3);
        assert_eq!(records[0].0, 2);
        let first = records[0].1.as_ref().unwrap();
        assert_eq!(first.side(), 4);
        assert_eq!(first.get(0, 0), 1);
        assert_eq!(first.solve_one().unwrap().unwrap().get(0, 1), 2);
        let second = records[1].1.as_ref().unwrap();
        assert_eq!(second.layout().constraints().len(), 2);
        // No size: the drawn grid tells it.
        assert_eq!(second.side(), 4);
        assert_eq!(records[2].0, 15);
        assert_eq!(
            records[2].1.as_ref().unwrap_err(),
            "line 16: constraint \"cage 3: r1c1 r9c9\": r9c9 is off the 4x4 grid"
        );
    }

    #[test]
    fn the_text_form_reads_back() {
        let layout = Layout::boxes(2, 3)
            .unwrap()
            .with_variant(Variant::AntiKing)
            .unwrap()
            .with_constraint("arrow r1c1: r2c2 r3c3".parse().unwrap())
            .unwrap()
            .with_constraint(Constraint::Odd((5, 5)))
            .unwrap();
        let mut grid = Grid::empty_in(&layout);
        grid.set(0, 5, 3).unwrap();
        let text = grid.to_variant_text();
        let records = read(&text);
        assert_eq!(records.len(), 1);
        assert_eq!(records[0].1.as_ref().unwrap(), &grid, "{text}");
        let jigsaw = Layout::jigsaw("AAB\nABB\nCCC").unwrap_or_else(|_| Layout::default());
        let grid = Grid::empty_in(&jigsaw);
        assert_eq!(read(&grid.to_variant_text())[0].1.as_ref().unwrap(), &grid);
    }

    #[test]
    fn unknown_statements_name_the_line() {
        let records = read("size 4\ncage 3: r1c1 r1c2\nbanana: r1c1\n");
        let error = records[0].1.as_ref().unwrap_err();
        assert!(
            error.starts_with("line 3: unknown constraint \"banana\""),
            "{error}"
        );
        let mut puzzles = Puzzles::new("size 4\nvariant knight\n".as_bytes());
        let error = puzzles.next().unwrap().unwrap().result.unwrap_err();
        assert_eq!(error.line(), 2);
        assert!(matches!(error.kind(), ParseErrorKind::Variant(_)));
    }
}
