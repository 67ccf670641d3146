//! Puzzles of the f-puzzles editor (and of SudokuPad's `fpuzzles` links):
//! their JSON, or the lz-string that `?load=` links carry, read into a
//! [`Grid`] whose [`Layout`] holds every rule of the puzzle.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::cell::Cell;
use crate::constraint::{Constraint, Rules, FPUZZLES};
use crate::error::LayoutError;
use crate::grid::Grid;
use crate::layout::Layout;
use crate::side::{a_grid, MAX_SIDE};

pub(crate) mod error;
pub(crate) mod fields;
mod json;
mod link;

pub(crate) use link::is_link;

use error::{bad, unsupported, FpuzzlesError, FpuzzlesErrorKind};
use fields::{integer, is_empty, kind_of, show, Fields};

/// The keys that only draw: text, colours, shapes, the editor's settings,
/// the setter's solution.
const COSMETIC: [&str; 11] = [
    "title",
    "author",
    "ruleset",
    "line",
    "text",
    "circle",
    "rectangle",
    "cage",
    "disabledlogic",
    "truecandidatesoptions",
    "solution",
];

/// The keys of a cell that only draw: its colours and the player's pencil
/// marks.
const COSMETIC_CELL: [&str; 4] = ["c", "highlight", "centerPencilMarks", "cornerPencilMarks"];

/// The symbols of a jigsaw map's regions, region 0 first: enough for 49.
pub(crate) const REGION_SYMBOLS: &[u8; 52] =
    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// The jigsaw of side `n` whose cell k (row-major) is in region
/// `region(k)`, from 0: its map drawn with [`REGION_SYMBOLS`] and read.
pub(crate) fn jigsaw_of(n: usize, region: &dyn Fn(usize) -> usize) -> Result<Layout, LayoutError> {
    let mut map = String::with_capacity(n * (n + 1));
    for r in 0..n {
        map.extend((0..n).map(|c| char::from(REGION_SYMBOLS[region(r * n + c)])));
        map.push('\n');
    }
    Layout::jigsaw(&map)
}

/// Reads an f-puzzles puzzle: its JSON, the compressed string of an
/// f-puzzles or SudokuPad `?load=` link (lz-string's `compressToBase64` of
/// the JSON), or the whole link, SudokuPad's links to an f-puzzles puzzle
/// included (`sudokupad.app/fpuzzles...`, `?puzzleid=fpuzzles...`, and
/// `fpuz` for `fpuzzles`). Whitespace around the text is ignored;
/// in a compressed string a space stands for `+` (as links read back from a
/// form give it) and `%2B`-style escapes are decoded.
///
/// An f-puzzles puzzle is one JSON object: `size` (9 when absent), `grid`
/// (`size` rows of `size` cell objects: `value` with `given: true` is a
/// given, `region` a jigsaw region), and one key per kind of constraint,
/// each an array of entries that name cells as `"R1C1"` (from 1; clues
/// outside the grid use row or column 0 and `size + 1`), with numbers often
/// written as strings (`"value": "15"`).
///
/// The grid's layout carries all the puzzle's rules, so that solving,
/// counting and checking keep them. Every rule is read or refused: a key
/// that is neither a constraint read here nor one of the keys that only
/// draw (`title`, `author`, `ruleset`, `line`, `text`, `circle`,
/// `rectangle`, `cage`, `disabledlogic`, `truecandidatesoptions`,
/// `solution`) is an error naming it, unless it is empty (`[]`, `false`,
/// `null`), and so is an entry of a known key that this crate cannot
/// express (a negative constraint other than `ratio` and `xv`, an arrow's
/// circle of 4 cells, candidates given in a cell). A puzzle is never solved
/// without one of its rules.
///
/// | f-puzzles | here |
/// |---|---|
/// | `size`, `grid[r][c].value` with `given: true` | the grid's side and givens (values without `given` are a solver's work, ignored) |
/// | `grid[r][c].region` | the regions: the squarest boxes when every cell has its default region, a jigsaw when there are n regions of n cells, else see below |
/// | `diagonal+`, `diagonal-` | both: [`Variant::X`](crate::Variant::X); one: a [`Constraint::Cage`] without sum on its n cells |
/// | `antiknight`, `antiking`, `disjointgroups` | [`Variant::AntiKnight`](crate::Variant::AntiKnight), [`Variant::AntiKing`](crate::Variant::AntiKing), [`Variant::Disjoint`](crate::Variant::Disjoint) |
/// | `nonconsecutive` | [`Negative::White`](crate::Negative::White): neighbours without a dot do not differ by 1 |
/// | `negative: ["ratio", "xv"]` | [`Negative::Black`](crate::Negative::Black), [`Negative::Xv`](crate::Negative::Xv) |
/// | `killercage`, `extraregion` | [`Constraint::Cage`], with the sum of `value` when there is one |
/// | `littlekillersum` | [`Constraint::LittleKiller`] on its `cells`; skipped when `value` is empty |
/// | `arrow` | one [`Constraint::Arrow`] per line, the circle of 1 to 3 cells (a pill is a number) |
/// | `thermometer`, `whispers`, `renban`, `palindrome`, `betweenline` | one constraint per line; `whispers` with the gap of `value`, ceil(n/2) when absent |
/// | `difference`, `ratio` | [`Constraint::Difference`] (`value` or 1), [`Constraint::Ratio`] (`value` or 2) |
/// | `xv` | [`Constraint::Sum`] of 10 (`X`) or 5 (`V`) |
/// | `odd`, `even` | [`Constraint::Odd`], [`Constraint::Even`] |
/// | `minimum`, `maximum` | [`Constraint::Minimum`], [`Constraint::Maximum`] |
/// | `clone` | [`Constraint::Clone`] of `cells` and `cloneCells` |
/// | `quadruple` | [`Constraint::Quadruple`] at the top-left of its 4 cells |
/// | `sandwichsum` | [`Constraint::Sandwich`] of the row (clue in column 0 or n+1) or column (row 0 or n+1); skipped when `value` is empty |
///
/// A line of one cell says nothing and is skipped.
///
/// Regions: a cell without
/// `region` has its default one, (r div h) * h + (c div w) from 0 with h the
/// largest divisor of n whose square is at most n and w = n / h (the boxes
/// of 3x3 cells on 9x9, rows on a prime side), sharing one numbering with
/// the explicit ones; a cell with `region` null or negative is in none.
/// f-puzzles asks every region of exactly n cells to hold each digit once,
/// and nothing of the others. When the regions are not n regions of n
/// cells, the layout is a Latin square (a jigsaw whose regions are its
/// rows, which adds nothing to the rows) and each region of n cells a
/// [`Constraint::Cage`] without sum: n distinct digits in n cells are each
/// digit once.
///
/// # Errors
///
/// An [`FpuzzlesError`] whose [kind](FpuzzlesError::kind) says what is
/// wrong and where: JSON that does not parse (with its line and column),
/// text that is neither JSON nor a compressed puzzle, a SudokuPad link
/// whose puzzle is not read here ([`FpuzzlesErrorKind::Link`]), a rule this crate
/// cannot express ([`FpuzzlesErrorKind::Unsupported`], naming the key), a
/// value that makes no puzzle (a cell off the grid, a non-number where a
/// number must be, a size outside 1..=49, ...), and a constraint the layout
/// refuses (a cell named twice on a line, a pill on a 16x16 grid, ...).
///
/// # Example
///
/// ```
/// use sudoku_dlx::{Constraint, Grid};
///
/// // A 4x4 with a given 1 in its top-left cell and a cage of 7 beside it.
/// let json = r#"{
///     "size": 4,
///     "grid": [
///         [{"value": 1, "given": true}, {}, {}, {}],
///         [{}, {}, {}, {}],
///         [{}, {}, {}, {}],
///         [{}, {}, {"value": 3}, {}]
///     ],
///     "killercage": [{"cells": ["R1C2", "R1C3"], "value": "7"}]
/// }"#;
/// let puzzle = Grid::from_fpuzzles(json)?;
/// assert_eq!((puzzle.side(), puzzle.givens(), puzzle.get(0, 0)), (4, 1, 1));
/// assert_eq!(
///     puzzle.layout().constraints(),
///     [Constraint::Cage { cells: vec![(0, 1), (0, 2)], sum: Some(7) }]
/// );
/// // An unknown rule is refused by name, never ignored.
/// let error = Grid::from_fpuzzles(r#"{"size": 4, "lockout": [{"cells": ["R1C1"]}]}"#).unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "unsupported f-puzzles constraint \"lockout\": solving without it would drop a rule of the puzzle"
/// );
/// # Ok::<(), sudoku_dlx::FpuzzlesError>(())
/// ```
pub fn from_fpuzzles(text: &str) -> Result<Grid, FpuzzlesError> {
    let (json, decompressed) = link::json_text(text)?;
    let puzzle = json::parse(&json).map_err(|e| {
        let suffix = format!(" at line {} column {}", e.line(), e.column());
        let message = e.to_string();
        let message = message
            .strip_suffix(&suffix)
            .unwrap_or(&message)
            .to_string();
        let (line, column) = if decompressed {
            place(&json, 0, &json, e.line(), e.column())
        } else {
            let start = text.len() - text.trim_start_matches(link::is_padding).len();
            place(text, start, &json, e.line(), e.column())
        };
        FpuzzlesError::new(FpuzzlesErrorKind::Json {
            line,
            column,
            message,
            decompressed,
        })
    })?;
    read(&puzzle)
}

/// Where serde_json places an error in `json` (a line from 1, a column in
/// bytes from 1, or 0 just past a line feed) as a line and a column in
/// characters of `whole`, which holds `json` from byte `start`: the
/// place a reader of the text counts to.
fn place(whole: &str, start: usize, json: &str, line: usize, column: usize) -> (usize, usize) {
    let line_start: usize = json
        .split('\n')
        .take(line.saturating_sub(1))
        .map(|l| l.len() + 1)
        .sum();
    let mut at = (line_start + column.saturating_sub(1)).min(json.len());
    while !json.is_char_boundary(at) {
        at -= 1;
    }
    let before = &whole[..start + at];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[line_start..].chars().count() + 1)
}

impl Grid {
    /// Reads an f-puzzles puzzle, its JSON or a compressed `?load=` string
    /// or link: [`from_fpuzzles`].
    ///
    /// # Errors
    ///
    /// As [`from_fpuzzles`].
    ///
    /// # Example
    ///
    /// ```
    /// let puzzle = sudoku_dlx::Grid::from_fpuzzles(r#"{"size": 6, "antiknight": true}"#)?;
    /// assert_eq!(puzzle.layout().to_string(), "6x6 with 2x3 boxes, anti-knight");
    /// # Ok::<(), sudoku_dlx::FpuzzlesError>(())
    /// ```
    pub fn from_fpuzzles(text: &str) -> Result<Grid, FpuzzlesError> {
        from_fpuzzles(text)
    }
}

/// The grid, regions, variants and constraints of a parsed puzzle.
fn read(puzzle: &Value) -> Result<Grid, FpuzzlesError> {
    let Value::Object(puzzle) = puzzle else {
        return Err(bad(
            "puzzle",
            format!("expected a JSON object, found {}", kind_of(puzzle)),
        ));
    };
    // Every rule is known before anything is built: an unknown one is the
    // error that matters most.
    for (key, value) in puzzle {
        let known = ["size", "grid"].contains(&key.as_str())
            || FPUZZLES.iter().any(|&(k, _)| k == key)
            || COSMETIC.contains(&key.as_str());
        if !known && !is_empty(value) {
            return Err(unsupported(key.clone(), None));
        }
    }
    let n = match puzzle.get("size") {
        None | Some(Value::Null) => 9,
        Some(size) => match integer(size) {
            Some(n) if (1..=MAX_SIDE as i64).contains(&n) => n as usize,
            _ => {
                return Err(bad(
                    "size",
                    format!("{} is no side from 1 to {MAX_SIDE}", show(size)),
                ))
            }
        },
    };
    let fields = Fields { puzzle, n };
    let GridCells { givens, regions } = grid(&fields)?;
    let (mut layout, houses) = regions_layout(n, &regions)?;
    let mut rules = Rules {
        constraints: houses
            .into_iter()
            .map(|cells| ("regions".to_string(), Constraint::Cage { cells, sum: None }))
            .collect(),
        ..Rules::default()
    };
    let refused =
        |field: String| move |error| FpuzzlesError::new(FpuzzlesErrorKind::Layout { field, error });
    for (key, reader) in FPUZZLES {
        reader(key, &fields, &mut rules)?;
        // A variant joins the layout as it is read, so that one the
        // layout refuses is the error, before any rule read after it.
        for (field, variant) in rules.variants.drain(..) {
            layout = layout.with_variant(variant).map_err(refused(field))?;
        }
    }
    for (field, constraint) in rules.constraints {
        layout = layout.with_constraint(constraint).map_err(refused(field))?;
    }
    let mut grid = Grid::empty_in(&layout);
    for ((r, c), digit) in givens {
        grid.set(r, c, digit)
            .map_err(|e| bad(format!("grid[{r}][{c}]"), e.to_string()))?;
    }
    Ok(grid)
}

/// The layout of the regions of each cell (`None`: in no region), and the
/// regions of n cells it does not hold as regions, to be added as cages.
fn regions_layout(
    n: usize,
    regions: &[Option<u64>],
) -> Result<(Layout, Vec<Vec<Cell>>), FpuzzlesError> {
    let layout_error = |error| {
        FpuzzlesError::new(FpuzzlesErrorKind::Layout {
            field: "regions".to_string(),
            error,
        })
    };
    let by_default = (0..n * n).all(|k| regions[k] == Some(default_region(n, k / n, k % n)));
    if by_default && (n == 1 || box_height(n) > 1) {
        return Ok((Layout::squarest(n).map_err(layout_error)?, Vec::new()));
    }
    let mut cells: BTreeMap<u64, Vec<Cell>> = BTreeMap::new();
    for (k, region) in regions.iter().enumerate() {
        if let Some(id) = region {
            cells.entry(*id).or_default().push((k / n, k % n));
        }
    }
    let jigsaw = |region: &dyn Fn(usize) -> usize| jigsaw_of(n, region).map_err(layout_error);
    let exact = regions.iter().all(Option::is_some)
        && cells.len() == n
        && cells.values().all(|region| region.len() == n);
    if exact {
        let rank: BTreeMap<u64, usize> = cells.keys().enumerate().map(|(i, &id)| (id, i)).collect();
        let region = |k: usize| rank[&regions[k].expect("every cell has a region")];
        return Ok((jigsaw(&region)?, Vec::new()));
    }
    // A Latin square: each row its own region, which repeats the row's
    // rule and adds none. The regions of n cells become cages.
    let rows = jigsaw(&|k| k / n)?;
    let houses = cells
        .into_values()
        .filter(|region| region.len() == n)
        .collect();
    Ok((rows, houses))
}

/// The height of f-puzzles' default boxes: the largest divisor of n whose
/// square is at most n.
fn box_height(n: usize) -> usize {
    (1..=n)
        .filter(|&h| n.is_multiple_of(h) && h * h <= n)
        .max()
        .unwrap_or(1)
}

/// f-puzzles' default region of cell (r, c), from 0.
fn default_region(n: usize, r: usize, c: usize) -> u64 {
    let h = box_height(n);
    let w = n / h;
    ((r / h) * h + c / w) as u64
}

/// What the grid of a puzzle says.
struct GridCells {
    /// The givens, ((row, col), digit).
    givens: Vec<(Cell, u8)>,
    /// The region of each cell, row by row; `None` for none.
    regions: Vec<Option<u64>>,
}

/// The givens and the region of each cell.
fn grid(fields: &Fields<'_>) -> Result<GridCells, FpuzzlesError> {
    let n = fields.n;
    let mut regions: Vec<Option<u64>> = (0..n * n)
        .map(|k| Some(default_region(n, k / n, k % n)))
        .collect();
    let mut givens = Vec::new();
    let rows = match fields.puzzle.get("grid") {
        None | Some(Value::Null) => return Ok(GridCells { givens, regions }),
        Some(Value::Array(rows)) => rows,
        Some(other) => {
            return Err(bad(
                "grid",
                format!("expected an array of rows, found {}", kind_of(other)),
            ))
        }
    };
    if rows.len() != n {
        return Err(bad(
            "grid",
            format!("{} rows, expected {n} for size {n}", rows.len()),
        ));
    }
    for (r, row) in rows.iter().enumerate() {
        let Value::Array(row) = row else {
            return Err(bad(
                format!("grid[{r}]"),
                format!("expected an array of cells, found {}", kind_of(row)),
            ));
        };
        if row.len() != n {
            return Err(bad(
                format!("grid[{r}]"),
                format!("{} cells, expected {n} for size {n}", row.len()),
            ));
        }
        for (c, cell) in row.iter().enumerate() {
            let field = format!("grid[{r}][{c}]");
            let cell = match cell {
                Value::Null => continue,
                Value::Object(cell) => cell,
                other => {
                    return Err(bad(
                        field,
                        format!("expected a cell object, found {}", kind_of(other)),
                    ))
                }
            };
            for (key, value) in cell {
                match key.as_str() {
                    "value" | "given" | "region" => {}
                    key if COSMETIC_CELL.contains(&key) || is_empty(value) => {}
                    "givenPencilMarks" | "candidates" => {
                        return Err(unsupported(
                            format!("{field}.{key}"),
                            Some(format!(
                                "candidates {} limit the digits of R{}C{}, which is not \
                                     supported",
                                show(value),
                                r + 1,
                                c + 1
                            )),
                        ))
                    }
                    key => return Err(unsupported(format!("{field}.{key}"), None)),
                }
            }
            match cell.get("region") {
                None => {}
                Some(Value::Null) => regions[r * n + c] = None,
                Some(region) => match integer(region) {
                    Some(id) => regions[r * n + c] = u64::try_from(id).ok(),
                    None => {
                        return Err(bad(
                            field,
                            format!("region {} is not a number", show(region)),
                        ))
                    }
                },
            }
            match cell.get("given") {
                None | Some(Value::Null | Value::Bool(_)) => {}
                Some(other) => {
                    return Err(bad(
                        field,
                        format!("\"given\": {} is neither true nor false", show(other)),
                    ))
                }
            }
            if cell.get("given") == Some(&Value::Bool(true)) {
                if let Some(value) = cell.get("value").filter(|v| !v.is_null()) {
                    match integer(value) {
                        Some(d) if (1..=n as i64).contains(&d) => {
                            givens.push(((r, c), d as u8));
                        }
                        _ => {
                            return Err(bad(
                                field,
                                format!("given {} is no digit of {}", show(value), a_grid(n)),
                            ))
                        }
                    }
                }
            }
        }
    }
    Ok(GridCells { givens, regions })
}

#[cfg(test)]
mod tests {
    use std::error::Error;

    use super::*;
    use crate::constraint::{Line, Negative};
    use crate::variant::Variant;

    /// A 9x9 puzzle of `fields` (JSON members, without braces) and no
    /// givens.
    fn nine(fields: &str) -> Result<Grid, FpuzzlesError> {
        from_fpuzzles(&format!("{{\"size\": 9, {fields}}}"))
    }

    fn constraints(fields: &str) -> Vec<Constraint> {
        nine(fields)
            .unwrap_or_else(|e| panic!("{fields}: {e}"))
            .layout()
            .constraints()
            .to_vec()
    }

    fn kind(result: Result<Grid, FpuzzlesError>) -> FpuzzlesErrorKind {
        result.expect_err("an error").kind().clone()
    }

    fn message(result: Result<Grid, FpuzzlesError>) -> String {
        result.expect_err("an error").to_string()
    }

    #[test]
    fn givens_only_with_given_true() {
        let json = r#"{"size": 4, "grid": [
            [{"value": 1, "given": true}, {"value": 2}, {}, {}],
            [{}, {}, {"value": "4", "given": true}, {}],
            [{}, {}, {}, {"given": true}],
            [{}, {}, {}, {"value": 3, "given": false, "centerPencilMarks": [1, 2]}]]}"#;
        let grid = from_fpuzzles(json).unwrap();
        assert_eq!(grid.to_string(), "1.....4.........");
        assert_eq!(grid.layout(), &Layout::square(2).unwrap());
        assert_eq!(Grid::from_fpuzzles(json), Ok(grid));
    }

    #[test]
    fn nothing_is_dropped_without_a_word() {
        // serde_json keeps the last of two keys: here, the 9x9 grid.
        assert_eq!(
            message(from_fpuzzles(r#"{"size": 4, "size": 9}"#)),
            "bad JSON at line 1, column 18: key \"size\" given twice"
        );
        let twice = r#"{"killercage": [{"cells": ["R1C1", "R1C2"], "value": "3"}],
            "killercage": [{"cells": ["R9C9"]}]}"#;
        assert!(message(from_fpuzzles(twice)).contains("key \"killercage\" given twice"));
        // "" is a cage without a sum; a sum of 0 is a typo, said so.
        assert_eq!(
            message(nine(
                r#""killercage": [{"cells": ["R1C1", "R1C2"], "value": "0"}]"#
            )),
            "killercage[0]: a cage sum of 0: \"\" is a cage without a sum"
        );
        for given in ["\"yes\"", "1", "\"true\""] {
            let json = format!(
                r#"{{"size": 4, "grid": [[{{"value": 1, "given": {given}}}, {{}}, {{}}, {{}}],
                [{{}}, {{}}, {{}}, {{}}], [{{}}, {{}}, {{}}, {{}}], [{{}}, {{}}, {{}}, {{}}]]}}"#
            );
            assert_eq!(
                message(from_fpuzzles(&json)),
                format!("grid[0][0]: \"given\": {given} is neither true nor false")
            );
        }
    }

    #[test]
    fn size_defaults_to_nine_and_is_checked() {
        assert_eq!(from_fpuzzles("{}").unwrap().side(), 9);
        assert_eq!(from_fpuzzles(r#"{"size": "6"}"#).unwrap().side(), 6);
        assert_eq!(
            message(from_fpuzzles(r#"{"size": 50}"#)),
            "size: 50 is no side from 1 to 49"
        );
        assert_eq!(
            message(from_fpuzzles(r#"{"size": 4, "grid": [[{}]]}"#)),
            "grid: 1 rows, expected 4 for size 4"
        );
        assert_eq!(
            message(from_fpuzzles(
                r#"{"size": 4, "grid": [[{"value": 5, "given": true}, {}, {}, {}], [], [], []]}"#
            )),
            "grid[0][0]: given 5 is no digit of a 4x4 grid"
        );
    }

    #[test]
    fn each_field_maps_to_its_constraint() {
        let cases: Vec<(&str, Vec<Constraint>)> = vec![
            (
                r#""killercage": [{"cells": ["R1C1", "R1C2"], "value": "15"}, {"cells": ["R2C1"]}, {"cells": ["R3C1"], "value": ""}]"#,
                vec![
                    Constraint::Cage {
                        cells: vec![(0, 0), (0, 1)],
                        sum: Some(15),
                    },
                    Constraint::Cage {
                        cells: vec![(1, 0)],
                        sum: None,
                    },
                    Constraint::Cage {
                        cells: vec![(2, 0)],
                        sum: None,
                    },
                ],
            ),
            (
                r#""extraregion": [{"cells": ["R1C1", "R2C2"]}]"#,
                vec![Constraint::Cage {
                    cells: vec![(0, 0), (1, 1)],
                    sum: None,
                }],
            ),
            (
                r#""littlekillersum": [{"cell": "R0C4", "cells": ["R1C3", "R2C2", "R3C1"], "direction": "DL", "value": "17"}, {"cell": "R0C5", "cells": ["R1C4"], "value": ""}]"#,
                vec![Constraint::LittleKiller {
                    cells: vec![(0, 2), (1, 1), (2, 0)],
                    sum: 17,
                }],
            ),
            (
                r#""arrow": [{"cells": ["R1C1"], "lines": [["R1C1", "R1C2", "R1C3"], ["R1C1", "R2C1"], ["R1C1"]]}, {"cells": ["R5C5", "R5C6"], "lines": [["R5C6", "R5C7"]]}]"#,
                vec![
                    Constraint::Arrow {
                        circle: vec![(0, 0)],
                        line: vec![(0, 1), (0, 2)],
                    },
                    Constraint::Arrow {
                        circle: vec![(0, 0)],
                        line: vec![(1, 0)],
                    },
                    Constraint::Arrow {
                        circle: vec![(4, 4), (4, 5)],
                        line: vec![(4, 6)],
                    },
                ],
            ),
            (
                r#""thermometer": [{"lines": [["R9C1", "R8C1", "R7C1"], ["R9C1", "R9C2"]]}]"#,
                vec![
                    Constraint::Thermometer {
                        cells: vec![(8, 0), (7, 0), (6, 0)],
                    },
                    Constraint::Thermometer {
                        cells: vec![(8, 0), (8, 1)],
                    },
                ],
            ),
            (
                r#""difference": [{"cells": ["R1C7", "R1C6"]}, {"cells": ["R2C1", "R2C2"], "value": "3"}]"#,
                vec![
                    Constraint::Difference {
                        cells: [(0, 6), (0, 5)],
                        difference: 1,
                    },
                    Constraint::Difference {
                        cells: [(1, 0), (1, 1)],
                        difference: 3,
                    },
                ],
            ),
            (
                r#""ratio": [{"cells": ["R1C2", "R1C3"]}, {"cells": ["R2C2", "R2C3"], "value": 3}]"#,
                vec![
                    Constraint::Ratio {
                        cells: [(0, 1), (0, 2)],
                        ratio: 2,
                    },
                    Constraint::Ratio {
                        cells: [(1, 1), (1, 2)],
                        ratio: 3,
                    },
                ],
            ),
            (
                r#""xv": [{"cells": ["R1C1", "R1C2"], "value": "X"}, {"cells": ["R2C1", "R3C1"], "value": "v"}]"#,
                vec![
                    Constraint::Sum {
                        cells: [(0, 0), (0, 1)],
                        sum: 10,
                    },
                    Constraint::Sum {
                        cells: [(1, 0), (2, 0)],
                        sum: 5,
                    },
                ],
            ),
            (
                r#""whispers": [{"lines": [["R1C1", "R1C2"]]}, {"lines": [["R2C1", "R2C2"]], "value": "4"}]"#,
                vec![
                    Constraint::Whispers {
                        cells: vec![(0, 0), (0, 1)],
                        gap: 5,
                    },
                    Constraint::Whispers {
                        cells: vec![(1, 0), (1, 1)],
                        gap: 4,
                    },
                ],
            ),
            (
                r#""renban": [{"lines": [["R1C1", "R1C2", "R1C3"]]}], "palindrome": [{"lines": [["R2C1", "R2C2"]]}], "betweenline": [{"lines": [["R3C1", "R3C2", "R3C3"]]}]"#,
                vec![
                    Constraint::Renban {
                        cells: vec![(0, 0), (0, 1), (0, 2)],
                    },
                    Constraint::Palindrome {
                        cells: vec![(1, 0), (1, 1)],
                    },
                    Constraint::Between {
                        cells: vec![(2, 0), (2, 1), (2, 2)],
                    },
                ],
            ),
            (
                r#""odd": [{"cell": "R4C4"}], "even": [{"cell": "r8c8"}]"#,
                vec![Constraint::Odd((3, 3)), Constraint::Even((7, 7))],
            ),
            (
                r#""minimum": [{"cell": "R1C1"}], "maximum": [{"cell": "R5C5"}]"#,
                vec![Constraint::Minimum((0, 0)), Constraint::Maximum((4, 4))],
            ),
            (
                r#""clone": [{"cells": ["R1C1", "R1C2"], "cloneCells": ["R9C8", "R9C9"]}]"#,
                vec![Constraint::Clone {
                    cells: vec![(0, 0), (0, 1)],
                    clones: vec![(8, 7), (8, 8)],
                }],
            ),
            (
                r#""quadruple": [{"cells": ["R2C3", "R2C2", "R3C2", "R3C3"], "values": [9, 1, "2"]}]"#,
                vec![Constraint::Quadruple {
                    cell: (1, 1),
                    digits: vec![1, 2, 9],
                }],
            ),
            (
                r#""sandwichsum": [{"cell": "R0C1", "value": "8"}, {"cell": "R3C0", "value": 0}, {"cell": "R10C2", "value": "5"}, {"cell": "R4C10", "value": "35"}, {"cell": "R0C3", "value": ""}]"#,
                vec![
                    Constraint::Sandwich {
                        line: Line::Column(0),
                        sum: 8,
                    },
                    Constraint::Sandwich {
                        line: Line::Row(2),
                        sum: 0,
                    },
                    Constraint::Sandwich {
                        line: Line::Column(1),
                        sum: 5,
                    },
                    Constraint::Sandwich {
                        line: Line::Row(3),
                        sum: 35,
                    },
                ],
            ),
            (
                r#""nonconsecutive": true, "negative": ["ratio", "xv", "ratio"]"#,
                vec![
                    Constraint::Negative(Negative::White),
                    Constraint::Negative(Negative::Black),
                    Constraint::Negative(Negative::Xv),
                ],
            ),
            (
                r#""diagonal+": true"#,
                vec![Constraint::Cage {
                    cells: (0..9).map(|i| (8 - i, i)).collect(),
                    sum: None,
                }],
            ),
            (
                r#""diagonal-": true, "diagonal+": false"#,
                vec![Constraint::Cage {
                    cells: (0..9).map(|i| (i, i)).collect(),
                    sum: None,
                }],
            ),
        ];
        for (fields, expected) in cases {
            assert_eq!(constraints(fields), expected, "{fields}");
        }
    }

    #[test]
    fn flags_map_to_variants() {
        let grid = nine(
            r#""diagonal+": true, "diagonal-": true, "antiknight": true, "antiking": false,
               "disjointgroups": true, "nonconsecutive": false"#,
        )
        .unwrap();
        let layout = grid.layout();
        let variants: Vec<Variant> = layout.variants().collect();
        assert_eq!(
            variants,
            [Variant::X, Variant::Disjoint, Variant::AntiKnight]
        );
        assert!(layout.constraints().is_empty());
        assert_eq!(
            message(nine(r#""antiking": "yes""#)),
            "antiking: expected true or false, found \"yes\""
        );
    }

    #[test]
    fn cosmetic_keys_and_empty_unknown_keys_add_nothing() {
        let grid = nine(
            r#""title": "t", "author": "a", "ruleset": "r", "line": [{"lines": [["R1C1", "R1C2"]]}],
               "text": [], "circle": [{"cells": ["R1C1"]}], "rectangle": [], "cage": [{"cells": ["R1C1"], "value": "5"}],
               "disabledlogic": ["x"], "truecandidatesoptions": ["colored"], "solution": [1, 2],
               "clone": [], "minimum": null, "thermometer": []"#,
        )
        .unwrap();
        assert_eq!(grid.layout(), &Layout::square(3).unwrap());
    }

    #[test]
    fn unknown_fields_are_refused_by_name() {
        assert_eq!(
            kind(nine(
                r#""lockout": [{"lines": [["R1C1", "R1C2"]], "value": "4"}]"#
            )),
            FpuzzlesErrorKind::Unsupported {
                field: "lockout".into(),
                reason: None
            }
        );
        assert_eq!(
            message(nine(
                r#""sumdot(intersection)": [{"cells": ["R1C1", "R1C2"], "value": "3"}]"#
            )),
            "unsupported f-puzzles constraint \"sumdot(intersection)\": solving without it would \
             drop a rule of the puzzle"
        );
        assert_eq!(
            kind(from_fpuzzles(
                r#"{"size": 4, "grid": [[{"givenPencilMarks": [1, 2]}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {"mystery": 1}]]}"#
            )),
            FpuzzlesErrorKind::Unsupported {
                field: "grid[0][0].givenPencilMarks".into(),
                reason: Some(
                    "candidates [1,2] limit the digits of R1C1, which is not supported".into()
                ),
            }
        );
        assert_eq!(
            message(from_fpuzzles(
                r#"{"size": 4, "grid": [[{"givenPencilMarks": null}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {"mystery": 1}]]}"#
            )),
            "unsupported f-puzzles constraint \"grid[3][3].mystery\": solving without it would \
             drop a rule of the puzzle"
        );
    }

    #[test]
    fn unsupported_values_are_refused() {
        assert_eq!(
            message(nine(r#""negative": ["ratio", "sum"]"#)),
            "negative[1]: negative constraint \"sum\" is not supported, only \"ratio\" and \"xv\""
        );
        assert!(matches!(
            kind(nine(r#""arrow": [{"cells": ["R1C1", "R1C2", "R1C3", "R1C4"], "lines": [["R1C4", "R2C4"]]}]"#)),
            FpuzzlesErrorKind::Unsupported { field, .. } if field == "arrow[0]"
        ));
    }

    #[test]
    fn bad_values_name_the_entry() {
        let cages = r#""killercage": [{"cells": ["R1C1"]}, {"cells": ["R1C2"]}, {"cells": ["R1C3"]}, {"cells": ["R10C1"], "value": "3"}]"#;
        assert_eq!(
            message(nine(cages)),
            "killercage[3]: \"R10C1\" is off the 9x9 grid"
        );
        assert_eq!(
            message(nine(r#""odd": [{"cell": "R0C1"}]"#)),
            "odd[0]: \"R0C1\" is off the 9x9 grid"
        );
        assert_eq!(
            message(nine(r#""thermometer": [{"lines": [["R1C1", "X2"]]}]"#)),
            "thermometer[0].lines[0]: \"X2\" is no cell name like \"R1C1\""
        );
        assert_eq!(
            message(nine(
                r#""killercage": [{"cells": ["R1C1"], "value": "ten"}]"#
            )),
            "killercage[0]: \"ten\" is not a number"
        );
        assert_eq!(
            message(nine(r#""sandwichsum": [{"cell": "R1C1", "value": "3"}]"#)),
            "sandwichsum[0]: \"R1C1\" is no clue beside a row or above or below a column"
        );
        assert_eq!(
            message(nine(
                r#""arrow": [{"cells": ["R1C1"], "lines": [["R2C2", "R2C3"]]}]"#
            )),
            "arrow[0].lines[0]: the line starts at R2C2, outside its circle"
        );
        assert_eq!(
            message(nine(
                r#""quadruple": [{"cells": ["R1C1", "R1C2", "R2C1", "R3C3"], "values": [1]}]"#
            )),
            "quadruple[0]: the cells are not a square of 2x2 cells"
        );
        assert_eq!(
            message(nine(r#""difference": [{"cells": ["R1C1"]}]"#)),
            "difference[0]: 1 cells, expected 2"
        );
        assert_eq!(
            message(nine(r#""xv": [{"cells": ["R1C1", "R1C2"], "value": "W"}]"#)),
            "xv[0]: \"W\" is neither \"X\" nor \"V\""
        );
        assert_eq!(
            message(nine(r#""killercage": {}"#)),
            "killercage: expected an array, found an object"
        );
    }

    #[test]
    fn layout_errors_name_the_entry() {
        let error = nine(r#""thermometer": [{"lines": [["R1C1", "R1C2", "R1C1"]]}]"#).unwrap_err();
        assert!(matches!(
            error.kind(),
            FpuzzlesErrorKind::Layout { field, .. } if field == "thermometer[0]"
        ));
        assert!(error
            .to_string()
            .starts_with("thermometer[0]: constraint \"thermo: r1c1 r1c2 r1c1\""));
        assert!(error.source().is_some());
    }

    #[test]
    fn bad_json_is_placed_in_characters_of_the_whole_text() {
        let place = |text: &str| match from_fpuzzles(text).unwrap_err().kind() {
            FpuzzlesErrorKind::Json { line, column, .. } => (*line, *column),
            other => panic!("{other:?}"),
        };
        // The brace after "é" (two bytes), or after "\u{fffd}" (three: a
        // byte that is no UTF-8 reads as it), is the 15th character.
        assert_eq!(place("{\"title\": \"é\",}"), (1, 15));
        let lossy = String::from_utf8_lossy(b"{\"title\": \"\xa2\",}");
        assert_eq!(place(&lossy), (1, 15));
        // Lines and a byte-order mark before the object count.
        assert_eq!(place("\n\n  {\"size\": 4,}"), (3, 14));
        assert_eq!(place("\u{feff}{\"size\": 4,\n,}"), (2, 1));
        // Cut short: at the last character, as serde_json says.
        assert_eq!(place("{\"size\": 4,\n"), (1, 11));
    }

    #[test]
    fn bad_json_has_line_and_column() {
        let error = from_fpuzzles("{\"size\": 9,\n  \"grid\": [}").unwrap_err();
        match error.kind() {
            FpuzzlesErrorKind::Json {
                line,
                column,
                decompressed,
                ..
            } => {
                assert_eq!((*line, *column, *decompressed), (2, 12, false));
            }
            other => panic!("{other:?}"),
        }
        assert!(error
            .to_string()
            .starts_with("bad JSON at line 2, column 12: "));
        assert_eq!(
            message(from_fpuzzles("[1, 2]")),
            "puzzle: expected a JSON object, found an array"
        );
    }

    #[test]
    fn text_that_is_no_puzzle_is_refused() {
        for text in [
            "",
            "   ",
            "hello world",
            "N4Ig!",
            "https://f-puzzles.com/?load=%ZZ",
        ] {
            assert!(
                matches!(
                    kind(from_fpuzzles(text)),
                    FpuzzlesErrorKind::Encoding { .. }
                ),
                "{text:?}"
            );
        }
        let not_json = lz_str::compress_to_base64("size 9");
        assert_eq!(
            message(from_fpuzzles(&not_json)),
            "neither f-puzzles JSON nor a compressed f-puzzles string: it decompresses to no \
             JSON object"
        );
        let bad_json = lz_str::compress_to_base64("{\"size\": }");
        assert!(message(from_fpuzzles(&bad_json))
            .starts_with("bad JSON decompressed from the link at line 1, column 10: "));
    }

    #[test]
    fn compressed_strings_and_links_read_as_their_json() {
        let base = r#"{"size":6,"grid":[[{"value":3,"given":true},{},{},{},{},{}],[{},{},{},{},{},{}],[{},{},{},{},{},{}],[{},{},{},{},{},{}],[{},{},{},{},{},{}],[{},{},{},{},{},{}]],"antiknight":true,"killercage":[{"cells":["R2C2","R2C3"],"value":"11"}],"title":"#;
        // A title that makes the compressed string hold both '+' and '/',
        // the symbols links mangle.
        let (json, compressed) = (0..1000)
            .map(|k| {
                // Characters of many 1 bits make the 6-bit symbols 62 and 63.
                let title = format!("\u{ff}~{k}\u{7ff}?");
                let json = format!("{base}\"{title}\"}}");
                let compressed = lz_str::compress_to_base64(json.as_str());
                (json, compressed)
            })
            .find(|(_, c)| c.contains('+') && c.contains('/'))
            .expect("a title among 1000");
        let expected = from_fpuzzles(&json).unwrap();
        assert_eq!(expected.layout().constraints().len(), 1);
        let spaced = compressed.replace('+', " ");
        let escaped = compressed
            .replace('+', "%2B")
            .replace('/', "%2F")
            .replace('=', "%3D");
        let wrapped: String = compressed
            .as_bytes()
            .chunks(20)
            .map(|chunk| std::str::from_utf8(chunk).unwrap())
            .collect::<Vec<_>>()
            .join("\n");
        for text in [
            compressed.clone(),
            format!("  {compressed}\n"),
            format!("https://f-puzzles.com/?load={compressed}"),
            format!("https://f-puzzles.com/?load={spaced}&solve=true"),
            format!("https://f-puzzles.com/?x=1&load={escaped}#top"),
            format!("load={compressed}"),
            wrapped,
            // SudokuPad's forms of an f-puzzles puzzle.
            format!("https://sudokupad.app/fpuzzles{compressed}"),
            format!("https://sudokupad.app/fpuz{escaped}?setting-nogrid=1"),
            format!("https://sudokupad.app/?puzzleid=fpuzzles{escaped}"),
            format!("https://app.crackingthecryptic.com/sudoku/fpuzzles{compressed}"),
            format!("fpuzzles{compressed}"),
        ] {
            assert_eq!(from_fpuzzles(&text).as_ref(), Ok(&expected), "{text}");
        }
        // Those that need the network, or carry only drawings, say so.
        for (text, says) in [
            ("https://sudokupad.app/abc123", "SudokuPad's server"),
            (
                "https://sudokupad.app/?puzzleid=author-title",
                "SudokuPad's server",
            ),
            (
                "https://sudokupad.app/sclN4IgzglgXgpiBcB",
                "SudokuPad's own format (scl...)",
            ),
            (
                "https://sudokupad.app/ctcN4IgzglgXgpiBcB",
                "SudokuPad's own format (ctc...)",
            ),
            ("https://sudokupad.app/", "without a puzzle"),
        ] {
            let error = from_fpuzzles(text).unwrap_err();
            assert!(
                matches!(error.kind(), FpuzzlesErrorKind::Link { .. }),
                "{text}"
            );
            assert!(error.to_string().contains(says), "{text}: {error}");
        }
    }

    #[test]
    fn regions_make_boxes_a_jigsaw_or_cages() {
        // Every cell in its default box: the boxes themselves.
        let boxes = r#"{"size": 4, "grid": [[{"region": 0}, {}, {"region": 1}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {"region": 3}]]}"#;
        assert_eq!(
            from_fpuzzles(boxes).unwrap().layout(),
            &Layout::square(2).unwrap()
        );
        // Only the cells that differ listed: R1C2 and R2C3 swap boxes 0 and 1.
        let jigsaw = r#"{"size": 4, "grid": [[{}, {"region": 1}, {}, {}], [{}, {}, {"region": 0}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]]}"#;
        let layout = from_fpuzzles(jigsaw).unwrap().layout().clone();
        assert_eq!(layout, Layout::jigsaw("ABBB\nAAAB\nCCDD\nCCDD").unwrap());
        // Rows as regions (boxless) on 7x7, whose default regions are rows.
        let seven = from_fpuzzles(r#"{"size": 7}"#).unwrap();
        assert!(seven.layout().is_jigsaw() && seven.layout().region(3, 6) == 3);
        // Cells in no region: a Latin square, the one region of 4 a cage.
        let partial = r#"{"size": 4, "grid": [[{"region": null}, {"region": -1}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]]}"#;
        let layout = from_fpuzzles(partial).unwrap().layout().clone();
        assert_eq!(
            layout.without_constraints(),
            Layout::jigsaw("AAAA\nBBBB\nCCCC\nDDDD").unwrap()
        );
        assert_eq!(
            layout.constraints(),
            [
                Constraint::Cage {
                    cells: vec![(0, 2), (0, 3), (1, 2), (1, 3)],
                    sum: None
                },
                Constraint::Cage {
                    cells: vec![(2, 0), (2, 1), (3, 0), (3, 1)],
                    sum: None
                },
                Constraint::Cage {
                    cells: vec![(2, 2), (2, 3), (3, 2), (3, 3)],
                    sum: None
                },
            ]
        );
        assert_eq!(
            message(from_fpuzzles(
                r#"{"size": 4, "grid": [[{"region": "x"}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]]}"#
            )),
            "grid[0][0]: region \"x\" is not a number"
        );
    }

    #[test]
    fn errors_are_shareable_values() {
        fn shareable<T: Send + Sync + Clone + std::fmt::Debug + PartialEq + Error>() {}
        shareable::<FpuzzlesError>();
    }
}
