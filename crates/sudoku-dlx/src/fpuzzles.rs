//! Puzzles of the f-puzzles editor (and of SudokuPad's `fpuzzles` links):
//! their JSON, or the lz-string that `?load=` links carry, read into a
//! [`Grid`] whose [`Layout`] holds every rule of the puzzle.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::error::Error;
use std::fmt;

use serde_json::{Map, Value};

use crate::constraint::{Cell, Constraint, Line, Negative};
use crate::error::LayoutError;
use crate::grid::Grid;
use crate::layout::{Layout, MAX_SIDE};
use crate::variant::Variant;

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

/// The keys read, the constraints' in the order they are added to the
/// layout.
const READ: [&str; 25] = [
    "size",
    "grid",
    "diagonal+",
    "diagonal-",
    "antiknight",
    "antiking",
    "disjointgroups",
    "nonconsecutive",
    "negative",
    "killercage",
    "extraregion",
    "littlekillersum",
    "arrow",
    "thermometer",
    "difference",
    "ratio",
    "xv",
    "whispers",
    "renban",
    "palindrome",
    "betweenline",
    "odd",
    "even",
    "quadruple",
    "sandwichsum",
];

/// The keys of a cell that only draw: its colours and the player's pencil
/// marks.
const COSMETIC_CELL: [&str; 4] = ["c", "highlight", "centerPencilMarks", "cornerPencilMarks"];

/// The longest JSON a compressed string may unfold to, in UTF-16 units:
/// the JSON of a 49x49 puzzle takes well under a megabyte, and lz-string
/// unfolds k codes to up to about k²/2 units (and keeps as many in its
/// dictionary), so tens of kilobytes of link could ask for gigabytes.
const MAX_JSON: usize = 1 << 24;

/// lz-string's base64 symbols, value 0 first (`=` pads, its value 64).
const BASE64: &[u8; 65] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";

/// The symbols of a jigsaw map's regions, region 0 first: enough for 49.
const REGION_SYMBOLS: &[u8; 52] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// Reads an f-puzzles puzzle: its JSON, the compressed string of an
/// f-puzzles or SudokuPad `?load=` link (lz-string's `compressToBase64` of
/// the JSON), or the whole link. Whitespace around the text is ignored;
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
/// | `diagonal+`, `diagonal-` | both: [`Variant::X`]; one: a [`Constraint::Cage`] without sum on its n cells |
/// | `antiknight`, `antiking`, `disjointgroups` | [`Variant::AntiKnight`], [`Variant::AntiKing`], [`Variant::Disjoint`] |
/// | `nonconsecutive` | [`Negative::White`]: neighbours without a dot do not differ by 1 |
/// | `negative: ["ratio", "xv"]` | [`Negative::Black`], [`Negative::Xv`] |
/// | `killercage`, `extraregion` | [`Constraint::Cage`], with the sum of `value` when there is one |
/// | `littlekillersum` | [`Constraint::LittleKiller`] on its `cells`; skipped when `value` is empty |
/// | `arrow` | one [`Constraint::Arrow`] per line, the circle of 1 to 3 cells (a pill is a number) |
/// | `thermometer`, `whispers`, `renban`, `palindrome`, `betweenline` | one constraint per line; `whispers` with the gap of `value`, ceil(n/2) when absent |
/// | `difference`, `ratio` | [`Constraint::Difference`] (`value` or 1), [`Constraint::Ratio`] (`value` or 2) |
/// | `xv` | [`Constraint::Sum`] of 10 (`X`) or 5 (`V`) |
/// | `odd`, `even` | [`Constraint::Odd`], [`Constraint::Even`] |
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
/// text that is neither JSON nor a compressed puzzle, a rule this crate
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
/// let error = Grid::from_fpuzzles(r#"{"size": 4, "clone": [{"cells": ["R1C1"]}]}"#).unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "unsupported f-puzzles constraint \"clone\": solving without it would drop a rule of the puzzle"
/// );
/// # Ok::<(), sudoku_dlx::FpuzzlesError>(())
/// ```
pub fn from_fpuzzles(text: &str) -> Result<Grid, FpuzzlesError> {
    let (json, decompressed) = json_text(text)?;
    let puzzle: Value = serde_json::from_str(&json).map_err(|e| {
        let suffix = format!(" at line {} column {}", e.line(), e.column());
        let message = e.to_string();
        let message = message
            .strip_suffix(&suffix)
            .unwrap_or(&message)
            .to_string();
        FpuzzlesError::new(FpuzzlesErrorKind::Json {
            line: e.line(),
            column: e.column(),
            message,
            decompressed,
        })
    })?;
    read(&puzzle)
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

/// An error reading an f-puzzles puzzle: see [`FpuzzlesErrorKind`].
///
/// Messages name the key and the entry to blame, entries counted from 0 as
/// in the JSON: `killercage[3]: "R10C1" is off the 9x9 grid`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FpuzzlesError {
    kind: FpuzzlesErrorKind,
}

impl FpuzzlesError {
    fn new(kind: FpuzzlesErrorKind) -> FpuzzlesError {
        FpuzzlesError { kind }
    }

    /// What is wrong.
    pub fn kind(&self) -> &FpuzzlesErrorKind {
        &self.kind
    }
}

/// The kinds of [`FpuzzlesError`]. A `field` is the JSON path of what is
/// to blame, entries counted from 0: `size`, `killercage[3]`,
/// `arrow[0].lines[1]`, `grid[2][5]` (the cell R3C6).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FpuzzlesErrorKind {
    /// Text that does not parse as JSON.
    Json {
        /// The line, from 1.
        line: usize,
        /// The column, from 1.
        column: usize,
        /// What serde_json says is wrong.
        message: String,
        /// Whether the JSON came out of a compressed string, whose lines
        /// and columns the text does not show.
        decompressed: bool,
    },
    /// Text that is neither JSON nor a compressed puzzle.
    Encoding {
        /// Why the text is no compressed puzzle.
        reason: String,
    },
    /// A rule that cannot be expressed here: a key that is no constraint
    /// this crate reads (`reason` is then `None`), or an entry of a known
    /// key that it cannot express.
    Unsupported {
        /// The key, or the entry.
        field: String,
        /// What of the entry is not supported.
        reason: Option<String>,
    },
    /// A value that makes no puzzle: a cell name that does not parse or
    /// is off the grid, a non-number where a number must be, a size
    /// outside 1..=49, a grid that is not n x n, ...
    BadValue {
        /// Where the value is.
        field: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A constraint or variant that the layout refuses (its
    /// [`LayoutError`] is the error's source).
    Layout {
        /// The entry that made it.
        field: String,
        /// Why the layout refuses it.
        error: LayoutError,
    },
}

impl fmt::Display for FpuzzlesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            FpuzzlesErrorKind::Json {
                line,
                column,
                message,
                decompressed,
            } => {
                let place = if *decompressed {
                    " decompressed from the link"
                } else {
                    ""
                };
                write!(
                    f,
                    "bad JSON{place} at line {line}, column {column}: {message}"
                )
            }
            FpuzzlesErrorKind::Encoding { reason } => write!(
                f,
                "neither f-puzzles JSON nor a compressed f-puzzles string: {reason}"
            ),
            FpuzzlesErrorKind::Unsupported {
                field,
                reason: None,
            } => write!(
                f,
                "unsupported f-puzzles constraint \"{field}\": solving without it would drop \
                 a rule of the puzzle"
            ),
            FpuzzlesErrorKind::Unsupported {
                field,
                reason: Some(reason),
            } => write!(f, "{field}: {reason}"),
            FpuzzlesErrorKind::BadValue { field, reason } => write!(f, "{field}: {reason}"),
            FpuzzlesErrorKind::Layout { field, error } => write!(f, "{field}: {error}"),
        }
    }
}

impl Error for FpuzzlesError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match &self.kind {
            FpuzzlesErrorKind::Layout { error, .. } => Some(error),
            _ => None,
        }
    }
}

fn bad(field: impl Into<String>, reason: impl Into<String>) -> FpuzzlesError {
    FpuzzlesError::new(FpuzzlesErrorKind::BadValue {
        field: field.into(),
        reason: reason.into(),
    })
}

fn unsupported(field: impl Into<String>, reason: Option<String>) -> FpuzzlesError {
    FpuzzlesError::new(FpuzzlesErrorKind::Unsupported {
        field: field.into(),
        reason,
    })
}

fn encoding(reason: impl Into<String>) -> FpuzzlesError {
    FpuzzlesError::new(FpuzzlesErrorKind::Encoding {
        reason: reason.into(),
    })
}

// ---------------------------------------------------------------------
// The text: JSON, a compressed string, or a link.

/// The puzzle's JSON text, and whether it was decompressed.
fn json_text(text: &str) -> Result<(Cow<'_, str>, bool), FpuzzlesError> {
    let text = text.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    if text.starts_with('{') || text.starts_with('[') {
        return Ok((Cow::Borrowed(text), false));
    }
    if text.is_empty() {
        return Err(encoding("the text is empty"));
    }
    let compressed = base64_text(link_payload(text).unwrap_or(text))?;
    let symbols: Vec<u8> = compressed
        .bytes()
        .map(|b| BASE64.iter().position(|&k| k == b).unwrap_or(0) as u8)
        .collect();
    if !lz_fits(&symbols, MAX_JSON) {
        return Err(encoding(format!(
            "it would decompress to more than {MAX_JSON} characters"
        )));
    }
    let wide = lz_str::decompress_from_base64(&compressed)
        .ok_or_else(|| encoding("it does not decompress as lz-string base64"))?;
    let json = String::from_utf16(&wide)
        .map_err(|_| encoding("it decompresses to no text (bad UTF-16)"))?;
    if !json.trim_start().starts_with('{') {
        return Err(encoding("it decompresses to no JSON object"));
    }
    Ok((Cow::Owned(json), true))
}

/// What follows `load=` in a link (at its start or after `?`, `&` or `#`)
/// up to the next `&` or `#`.
fn link_payload(text: &str) -> Option<&str> {
    let mut from = 0;
    while let Some(i) = text[from..].find("load=") {
        let at = from + i;
        if at == 0 || matches!(text.as_bytes()[at - 1], b'?' | b'&' | b'#') {
            let rest = &text[at + "load=".len()..];
            return Some(&rest[..rest.find(['&', '#']).unwrap_or(rest.len())]);
        }
        from = at + 1;
    }
    None
}

/// The compressed string in lz-string's base64 alphabet: `%XX` escapes
/// decoded, a space read as the `+` it stood for in a link, line breaks
/// dropped. lz-string itself skips other symbols silently, so they are
/// refused here.
fn base64_text(payload: &str) -> Result<String, FpuzzlesError> {
    let mut out = String::with_capacity(payload.len());
    let mut chars = payload.chars();
    while let Some(ch) = chars.next() {
        let ch = match ch {
            '%' => {
                let hex: String = chars.by_ref().take(2).collect();
                match u8::from_str_radix(&hex, 16) {
                    Ok(byte) if hex.len() == 2 => char::from(byte),
                    _ => return Err(encoding(format!("\"%{hex}\" is no escape"))),
                }
            }
            ' ' => '+',
            c if c.is_whitespace() => continue,
            c => c,
        };
        if !ch.is_ascii() || !BASE64.contains(&(ch as u8)) {
            return Err(encoding(format!("{ch:?} is not a base64 symbol")));
        }
        out.push(ch);
    }
    Ok(out)
}

/// Whether lz-string unfolds `symbols` (base64 values) to at most `limit`
/// UTF-16 units, or fails before: the steps of
/// [`lz_str::decompress_from_base64`] with the length of each dictionary
/// entry in place of the entry, so that a string that would unfold to
/// gigabytes is refused without allocating them (the crate has no limit).
fn lz_fits(symbols: &[u8], limit: usize) -> bool {
    /// The bits of the symbols, as lz-string reads them: 6 per symbol,
    /// high bit first; a number's bits low bit first.
    struct Bits<'a> {
        symbols: std::slice::Iter<'a, u8>,
        value: u8,
        position: u8,
    }

    impl Bits<'_> {
        fn bit(&mut self) -> Option<bool> {
            let bit = self.value & self.position != 0;
            self.position >>= 1;
            if self.position == 0 {
                self.position = 32;
                self.value = *self.symbols.next()?;
            }
            Some(bit)
        }

        fn read(&mut self, n: u32) -> Option<u64> {
            let mut value = 0;
            for k in 0..n {
                value |= u64::from(self.bit()?) << k;
            }
            Some(value)
        }
    }

    /// `None` when the stream ends or goes wrong (lz-string then fails or
    /// stops too), `Some(false)` when it passes the limit.
    fn walk(symbols: &[u8], limit: usize) -> Option<bool> {
        let mut iter = symbols.iter();
        let first = *iter.next()?;
        let mut bits = Bits {
            symbols: iter,
            value: first,
            position: 32,
        };
        match bits.read(2)? {
            0 => bits.read(8)?,
            1 => bits.read(16)?,
            _ => return None,
        };
        // The entries' lengths: codes 0 to 2 and the first character.
        let mut entries: Vec<usize> = vec![1; 4];
        let (mut w, mut total) = (1usize, 1usize);
        if total > limit {
            return Some(false);
        }
        let (mut width, mut enlarge_in) = (3u32, 4u64);
        loop {
            let mut code = bits.read(width)? as usize;
            match code {
                0 | 1 => {
                    bits.read(if code == 0 { 8 } else { 16 })?;
                    entries.push(1);
                    code = entries.len() - 1;
                    enlarge_in -= 1;
                }
                2 => return Some(true),
                _ => {}
            }
            if enlarge_in == 0 {
                enlarge_in = 1 << width;
                width += 1;
            }
            let entry = match entries.get(code) {
                Some(&len) => len,
                None if code == entries.len() => w + 1,
                None => return None,
            };
            total += entry;
            if total > limit {
                return Some(false);
            }
            entries.push(w + 1);
            enlarge_in -= 1;
            w = entry;
            if enlarge_in == 0 {
                enlarge_in = 1 << width;
                width += 1;
            }
        }
    }

    walk(symbols, limit).unwrap_or(true)
}

// ---------------------------------------------------------------------
// The puzzle.

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
        let known = READ.contains(&key.as_str()) || COSMETIC.contains(&key.as_str());
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
    let reader = Reader { puzzle, n };
    let GridCells { givens, regions } = reader.grid()?;
    let (mut layout, houses) = regions_layout(n, &regions)?;
    let mut constraints: Vec<(String, Constraint)> = houses
        .into_iter()
        .map(|cells| ("regions".to_string(), Constraint::Cage { cells, sum: None }))
        .collect();

    let variant = |layout: Layout, key: &str, variant: Variant| {
        layout.with_variant(variant).map_err(|error| {
            FpuzzlesError::new(FpuzzlesErrorKind::Layout {
                field: key.to_string(),
                error,
            })
        })
    };
    let rising: Vec<Cell> = (0..n).map(|i| (n - 1 - i, i)).collect();
    let falling: Vec<Cell> = (0..n).map(|i| (i, i)).collect();
    match (reader.flag("diagonal+")?, reader.flag("diagonal-")?) {
        (true, true) => layout = variant(layout, "diagonal+", Variant::X)?,
        (true, false) => constraints.push(("diagonal+".into(), diagonal(rising))),
        (false, true) => constraints.push(("diagonal-".into(), diagonal(falling))),
        (false, false) => {}
    }
    for (key, v) in [
        ("antiknight", Variant::AntiKnight),
        ("antiking", Variant::AntiKing),
        ("disjointgroups", Variant::Disjoint),
    ] {
        if reader.flag(key)? {
            layout = variant(layout, key, v)?;
        }
    }
    if reader.flag("nonconsecutive")? {
        constraints.push((
            "nonconsecutive".into(),
            Constraint::Negative(Negative::White),
        ));
    }
    reader.negative(&mut constraints)?;
    reader.entries_constraints(&mut constraints)?;

    for (field, constraint) in constraints {
        layout = layout
            .with_constraint(constraint)
            .map_err(|error| FpuzzlesError::new(FpuzzlesErrorKind::Layout { field, error }))?;
    }
    let mut grid = Grid::empty_in(&layout);
    for ((r, c), digit) in givens {
        grid.set(r, c, digit)
            .map_err(|e| bad(format!("grid[{r}][{c}]"), e.to_string()))?;
    }
    Ok(grid)
}

/// The no-repeat house of one diagonal.
fn diagonal(cells: Vec<Cell>) -> Constraint {
    Constraint::Cage { cells, sum: None }
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
    let jigsaw = |symbol_of: &dyn Fn(usize) -> u8| {
        let mut map = String::with_capacity(n * (n + 1));
        for r in 0..n {
            map.extend((0..n).map(|c| char::from(symbol_of(r * n + c))));
            map.push('\n');
        }
        Layout::jigsaw(&map).map_err(layout_error)
    };
    let exact = regions.iter().all(Option::is_some)
        && cells.len() == n
        && cells.values().all(|region| region.len() == n);
    if exact {
        let rank: BTreeMap<u64, usize> = cells.keys().enumerate().map(|(i, &id)| (id, i)).collect();
        let symbol_of = |k: usize| {
            let id = regions[k].expect("every cell has a region");
            REGION_SYMBOLS[rank[&id]]
        };
        return Ok((jigsaw(&symbol_of)?, Vec::new()));
    }
    // A Latin square: each row its own region, which repeats the row's
    // rule and adds none. The regions of n cells become cages.
    let rows = jigsaw(&|k| REGION_SYMBOLS[k / n])?;
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

/// Reads the fields of one puzzle of side `n`.
struct Reader<'a> {
    puzzle: &'a Map<String, Value>,
    n: usize,
}

impl<'a> Reader<'a> {
    /// The givens and the region of each cell.
    fn grid(&self) -> Result<GridCells, FpuzzlesError> {
        let n = self.n;
        let mut regions: Vec<Option<u64>> = (0..n * n)
            .map(|k| Some(default_region(n, k / n, k % n)))
            .collect();
        let mut givens = Vec::new();
        let rows = match self.puzzle.get("grid") {
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
                if cell.get("given") == Some(&Value::Bool(true)) {
                    if let Some(value) = cell.get("value").filter(|v| !v.is_null()) {
                        match integer(value) {
                            Some(d) if (1..=n as i64).contains(&d) => {
                                givens.push(((r, c), d as u8));
                            }
                            _ => {
                                return Err(bad(
                                    field,
                                    format!("given {} is no digit of a {n}x{n} grid", show(value)),
                                ))
                            }
                        }
                    }
                }
            }
        }
        Ok(GridCells { givens, regions })
    }

    /// A flag: `true` adds the rule; `false`, `null` and absence do not.
    fn flag(&self, key: &str) -> Result<bool, FpuzzlesError> {
        match self.puzzle.get(key) {
            None | Some(Value::Null) => Ok(false),
            Some(Value::Bool(b)) => Ok(*b),
            Some(other) => Err(bad(
                key,
                format!("expected true or false, found {}", show(other)),
            )),
        }
    }

    /// The entries of a key: an array, or none when absent.
    fn entries(&self, key: &str) -> Result<&'a [Value], FpuzzlesError> {
        match self.puzzle.get(key) {
            None | Some(Value::Null) => Ok(&[]),
            Some(Value::Array(entries)) => Ok(entries),
            Some(other) => Err(bad(
                key,
                format!("expected an array, found {}", kind_of(other)),
            )),
        }
    }

    /// `negative`: the kropki and XV negative constraints.
    fn negative(&self, out: &mut Vec<(String, Constraint)>) -> Result<(), FpuzzlesError> {
        let mut kinds = Vec::new();
        for (i, entry) in self.entries("negative")?.iter().enumerate() {
            let kind = match entry.as_str() {
                Some("ratio") => Negative::Black,
                Some("xv") => Negative::Xv,
                _ => {
                    return Err(unsupported(
                        format!("negative[{i}]"),
                        Some(format!(
                            "negative constraint {} is not supported, only \"ratio\" and \"xv\"",
                            show(entry)
                        )),
                    ))
                }
            };
            if !kinds.contains(&kind) {
                kinds.push(kind);
                out.push((format!("negative[{i}]"), Constraint::Negative(kind)));
            }
        }
        Ok(())
    }

    /// The keys whose entries are constraints, in the order of [`READ`].
    fn entries_constraints(
        &self,
        out: &mut Vec<(String, Constraint)>,
    ) -> Result<(), FpuzzlesError> {
        let n = self.n;
        for key in READ.iter().copied().skip_while(|&k| k != "killercage") {
            for (i, entry) in self.entries(key)?.iter().enumerate() {
                let field = format!("{key}[{i}]");
                let Value::Object(entry) = entry else {
                    return Err(bad(
                        field,
                        format!("expected an object, found {}", kind_of(entry)),
                    ));
                };
                let mut push = |constraint| out.push((field.clone(), constraint));
                match key {
                    "killercage" => push(Constraint::Cage {
                        cells: self.cells(&field, entry.get("cells"))?,
                        sum: number(&field, entry.get("value"))?,
                    }),
                    "extraregion" => push(Constraint::Cage {
                        cells: self.cells(&field, entry.get("cells"))?,
                        sum: None,
                    }),
                    "littlekillersum" => {
                        if let Some(sum) = number(&field, entry.get("value"))? {
                            push(Constraint::LittleKiller {
                                cells: self.cells(&field, entry.get("cells"))?,
                                sum,
                            });
                        }
                    }
                    "arrow" => {
                        let circle = self.cells(&field, entry.get("cells"))?;
                        if circle.is_empty() {
                            return Err(bad(field, "an arrow without a circle"));
                        }
                        if circle.len() > 3 {
                            return Err(unsupported(
                                field,
                                Some(format!(
                                    "a circle of {} cells is not supported, only 1 to 3 (a pill \
                                     of 2 or 3 is read as a number)",
                                    circle.len()
                                )),
                            ));
                        }
                        for (k, line) in self.lines(&field, entry)?.into_iter().enumerate() {
                            if line.len() < 2 {
                                continue;
                            }
                            if !circle.contains(&line[0]) {
                                return Err(bad(
                                    format!("{field}.lines[{k}]"),
                                    format!(
                                        "the line starts at {}, outside its circle",
                                        name(line[0])
                                    ),
                                ));
                            }
                            // A line may leave a pill from its far cell.
                            let line: Vec<Cell> = line
                                .into_iter()
                                .skip_while(|cell| circle.contains(cell))
                                .collect();
                            if !line.is_empty() {
                                push(Constraint::Arrow {
                                    circle: circle.clone(),
                                    line,
                                });
                            }
                        }
                    }
                    "thermometer" | "whispers" | "renban" | "palindrome" | "betweenline" => {
                        let gap = match key {
                            "whispers" => small(&field, entry.get("value"))?,
                            _ => None,
                        };
                        for cells in self.lines(&field, entry)? {
                            if cells.len() < 2 {
                                continue;
                            }
                            push(match key {
                                "thermometer" => Constraint::Thermometer { cells },
                                "whispers" => match gap {
                                    Some(gap) => Constraint::Whispers { cells, gap },
                                    None => Constraint::whispers(cells, n),
                                },
                                "renban" => Constraint::Renban { cells },
                                "palindrome" => Constraint::Palindrome { cells },
                                _ => Constraint::Between { cells },
                            });
                        }
                    }
                    "difference" => push(Constraint::Difference {
                        cells: self.pair(&field, entry)?,
                        difference: small(&field, entry.get("value"))?.unwrap_or(1),
                    }),
                    "ratio" => push(Constraint::Ratio {
                        cells: self.pair(&field, entry)?,
                        ratio: small(&field, entry.get("value"))?.unwrap_or(2),
                    }),
                    "xv" => {
                        let sum = match entry.get("value") {
                            Some(Value::String(v)) if v.eq_ignore_ascii_case("x") => 10,
                            Some(Value::String(v)) if v.eq_ignore_ascii_case("v") => 5,
                            Some(other) => {
                                return Err(bad(
                                    field,
                                    format!("{} is neither \"X\" nor \"V\"", show(other)),
                                ))
                            }
                            None => return Err(bad(field, "an XV clue without \"X\" or \"V\"")),
                        };
                        push(Constraint::Sum {
                            cells: self.pair(&field, entry)?,
                            sum,
                        });
                    }
                    "odd" => push(Constraint::Odd(self.cell(&field, entry.get("cell"))?)),
                    "even" => push(Constraint::Even(self.cell(&field, entry.get("cell"))?)),
                    "quadruple" => push(self.quadruple(&field, entry)?),
                    "sandwichsum" => {
                        if let Some(sum) = number(&field, entry.get("value"))? {
                            push(Constraint::Sandwich {
                                line: self.sandwich_line(&field, entry.get("cell"))?,
                                sum,
                            });
                        }
                    }
                    _ => unreachable!("every key after killercage in READ is read here"),
                }
            }
        }
        Ok(())
    }

    /// A cell of the grid, from its name `R1C1`.
    fn cell(&self, field: &str, value: Option<&Value>) -> Result<Cell, FpuzzlesError> {
        let (r, c) = self.name(field, value)?;
        let n = self.n;
        if !(1..=n).contains(&r) || !(1..=n).contains(&c) {
            let value = value.map_or_else(String::new, show);
            return Err(bad(field, format!("{value} is off the {n}x{n} grid")));
        }
        Ok((r - 1, c - 1))
    }

    /// A cell name `R1C1` as its row and column, from 1 (0 and n+1 for
    /// clues outside the grid).
    fn name(&self, field: &str, value: Option<&Value>) -> Result<(usize, usize), FpuzzlesError> {
        let Some(value) = value else {
            return Err(bad(field, "a cell is missing"));
        };
        let parsed = value.as_str().and_then(|s| {
            let s = s.trim().to_ascii_uppercase();
            let (r, c) = s.strip_prefix('R')?.split_once('C')?;
            let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
            if !digits(r) || !digits(c) {
                return None;
            }
            Some((r.parse().ok()?, c.parse().ok()?))
        });
        let n = self.n;
        match parsed {
            Some((r, c)) if r <= n + 1 && c <= n + 1 => Ok((r, c)),
            Some(_) => Err(bad(
                field,
                format!("{} is off the {n}x{n} grid", show(value)),
            )),
            None => Err(bad(
                field,
                format!("{} is no cell name like \"R1C1\"", show(value)),
            )),
        }
    }

    /// The cells of an array of names.
    fn cells(&self, field: &str, value: Option<&Value>) -> Result<Vec<Cell>, FpuzzlesError> {
        match value {
            Some(Value::Array(names)) => names.iter().map(|v| self.cell(field, Some(v))).collect(),
            None => Err(bad(field, "\"cells\" is missing")),
            Some(other) => Err(bad(
                field,
                format!("expected an array of cells, found {}", kind_of(other)),
            )),
        }
    }

    /// The two cells of a dot or an XV.
    fn pair(&self, field: &str, entry: &Map<String, Value>) -> Result<[Cell; 2], FpuzzlesError> {
        match *self.cells(field, entry.get("cells"))? {
            [a, b] => Ok([a, b]),
            ref cells => Err(bad(field, format!("{} cells, expected 2", cells.len()))),
        }
    }

    /// The lines of an entry: `lines`, an array of arrays of names.
    fn lines(
        &self,
        field: &str,
        entry: &Map<String, Value>,
    ) -> Result<Vec<Vec<Cell>>, FpuzzlesError> {
        let lines = match entry.get("lines") {
            Some(Value::Array(lines)) => lines,
            None => return Err(bad(field, "\"lines\" is missing")),
            Some(other) => {
                return Err(bad(
                    field,
                    format!("expected an array of lines, found {}", kind_of(other)),
                ))
            }
        };
        lines
            .iter()
            .enumerate()
            .map(|(k, line)| self.cells(&format!("{field}.lines[{k}]"), Some(line)))
            .collect()
    }

    /// A quadruple: its 4 cells, which must make a 2x2 square, and digits.
    fn quadruple(
        &self,
        field: &str,
        entry: &Map<String, Value>,
    ) -> Result<Constraint, FpuzzlesError> {
        let mut cells = self.cells(field, entry.get("cells"))?;
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
                    format!("expected an array of digits, found {}", kind_of(other)),
                ))
            }
        };
        digits.sort_unstable();
        Ok(Constraint::Quadruple { cell, digits })
    }

    /// The row or column of a sandwich clue outside the grid: `RrC0` and
    /// `RrC{n+1}` are row r, `R0Cc` and `R{n+1}Cc` column c.
    fn sandwich_line(&self, field: &str, value: Option<&Value>) -> Result<Line, FpuzzlesError> {
        let (r, c) = self.name(field, value)?;
        let n = self.n;
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
}

/// A number of a constraint: a JSON number or a string of one (`"15"`);
/// `None` when absent, null or empty.
fn number(field: &str, value: Option<&Value>) -> Result<Option<u32>, FpuzzlesError> {
    match value {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(v) => match integer(v).and_then(|k| u32::try_from(k).ok()) {
            Some(k) => Ok(Some(k)),
            None => Err(bad(field, format!("{} is not a number", show(v)))),
        },
    }
}

/// A number of at most 255: a difference, ratio or gap.
fn small(field: &str, value: Option<&Value>) -> Result<Option<u8>, FpuzzlesError> {
    match number(field, value)? {
        None => Ok(None),
        Some(k) => u8::try_from(k)
            .map(Some)
            .map_err(|_| bad(field, format!("{k} is too large"))),
    }
}

/// An integer, written as a JSON number or a string.
fn integer(value: &Value) -> Option<i64> {
    match value {
        Value::Number(k) => k.as_i64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// Whether a value says nothing: `null`, `false`, `[]`, `{}`, `""`.
fn is_empty(value: &Value) -> bool {
    match value {
        Value::Null | Value::Bool(false) => true,
        Value::Array(a) => a.is_empty(),
        Value::Object(o) => o.is_empty(),
        Value::String(s) => s.is_empty(),
        _ => false,
    }
}

/// A value as JSON, cut short when long.
fn show(value: &Value) -> String {
    let text = value.to_string();
    match text.char_indices().nth(40) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text,
    }
}

/// What a value is, for messages.
fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// A cell as f-puzzles names it: `R1C1`.
fn name((r, c): Cell) -> String {
    format!("R{}C{}", r + 1, c + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

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
                r#""clone": [{"cells": ["R1C1"], "cloneCells": ["R9C9"]}]"#
            )),
            FpuzzlesErrorKind::Unsupported {
                field: "clone".into(),
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
        ] {
            assert_eq!(from_fpuzzles(&text).as_ref(), Ok(&expected), "{text}");
        }
    }

    #[test]
    fn lz_fits_measures_what_lz_string_unfolds() {
        let texts = [
            String::new(),
            "a".to_string(),
            "ab".repeat(1000),
            "a".repeat(100_000),
            "{\"size\": 9, \"title\": \"\u{e9}t\u{e9} \u{1F600}\"}".repeat(50),
        ];
        for text in &texts {
            let compressed = lz_str::compress_to_base64(text.as_str());
            let symbols: Vec<u8> = compressed
                .bytes()
                .map(|b| BASE64.iter().position(|&k| k == b).unwrap() as u8)
                .collect();
            let len = lz_str::decompress_from_base64(&compressed).unwrap().len();
            assert_eq!(len, text.encode_utf16().count());
            assert!(lz_fits(&symbols, len), "{} units", len);
            if len > 0 {
                assert!(!lz_fits(&symbols, len - 1), "{} units", len);
            }
        }
        // A run unfolds quadratically: a few hundred symbols, 20,000 units.
        let bomb = lz_str::compress_to_base64("a".repeat(20_000).as_str());
        assert!(bomb.len() < 400, "{}", bomb.len());
        let symbols: Vec<u8> = bomb
            .bytes()
            .map(|b| BASE64.iter().position(|&k| k == b).unwrap() as u8)
            .collect();
        assert!(!lz_fits(&symbols, 19_999));
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
