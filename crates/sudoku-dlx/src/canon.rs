//! Canonical forms and random equivalent puzzles, for layouts of boxes
//! without variants.
//!
//! The transformations that keep every puzzle of R x C boxes valid are
//! the permutations of the bands (R rows each), of the rows within a
//! band, of the stacks (C columns each) and of the columns within a stack,
//! the relabellings of the digits, and for square boxes the transposition.
//! Two puzzles are **equivalent** when one of them becomes the other.
//!
//! A **canonical form** is one equivalent puzzle chosen by a rule, so
//! that equivalent puzzles have the same form, and only they do. The two
//! that puzzle collections use ([`Canon`]) read the cells row by row, an
//! empty cell as `0`, with the digits relabelled in order of first
//! appearance: **minlex** is the least such string (digits 1, 2, 3...),
//! **maxlex** the greatest (digits n, n - 1...).
//!
//! # How
//!
//! Maxlex is found as the least form in which a given comes before an
//! empty cell, labelled 1, 2, 3...; each label L is then written
//! n + 1 - L. So one search serves both: it looks for the least form, an
//! empty cell coming first (minlex) or last.
//!
//! The form is built a row at a time, for each transposition. Its first
//! row is the least image of a row: the stacks with the fewest givens
//! first and the empty cells first in each (minlex), or the stacks with
//! the most givens first and the givens first in each, the givens
//! labelled 1, 2, 3... in that order. Only the rows whose givens per stack make that row can come
//! first, and which of their columns goes where is left open: the columns
//! are fixed one position at a time as the second row is written, each
//! position keeping only the columns whose cell there is least. From the
//! third row on, every column is fixed, and of the rows a band allows
//! only those that write the least row are followed. Digits are relabelled
//! as they are met, in the order of first appearance, which is the least
//! relabelling of every ordering of cells. So the search follows only the
//! partial maps that tie with the least form so far: ties come from
//! symmetry, of which the interchangeable empty rows, columns, bands and
//! stacks are cut down to one of each. A puzzle that repeats a digit in a
//! row or column (it has no solution) takes a plainer search that follows
//! every ordering of the first row that ties.
//!
//! The 49,158 17-clue puzzles take 4 s in minlex on two cores of a busy
//! machine (release build, about 160 µs each); the 25x25 puzzle of 400 givens in `fixtures/` under a
//! millisecond. A grid with large symmetries and few givens, such as a
//! 25x25 puzzle of a handful, can still take long:
//! [`Grid::canonical_with`] takes a flag that stops it.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::grid::Grid;
use crate::layout::Layout;

mod plain;

/// Why a puzzle has no canonical form or transformation here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TransformError {
    kind: TransformErrorKind,
    layout: Layout,
}

/// The kinds of [`TransformError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TransformErrorKind {
    /// The layout is a jigsaw or has variants: no transformations here.
    Layout,
    /// The puzzle is written in pencilmarks, whose candidates a form of
    /// the givens would drop.
    Pencilmarks,
    /// The cancel flag was set before the canonical form was found.
    Cancelled,
}

impl TransformError {
    /// What went wrong.
    pub fn kind(&self) -> TransformErrorKind {
        self.kind
    }

    /// The puzzle's layout.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Whether the puzzle was refused for its pencilmarks, not its layout.
    pub fn is_pencilmarks(&self) -> bool {
        self.kind == TransformErrorKind::Pencilmarks
    }

    /// Whether the search was cancelled (see [`Grid::canonical_with`]).
    pub fn is_cancelled(&self) -> bool {
        self.kind == TransformErrorKind::Cancelled
    }
}

impl fmt::Display for TransformError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            TransformErrorKind::Pencilmarks => write!(
                f,
                "canonical forms and transformations take givens, not pencilmarks"
            ),
            TransformErrorKind::Layout => write!(
                f,
                "canonical forms and transformations need boxes without variants, not {}",
                self.layout
            ),
            TransformErrorKind::Cancelled => {
                write!(f, "the search for the canonical form was cancelled")
            }
        }
    }
}

impl std::error::Error for TransformError {}

/// Which canonical form: the two that puzzle collections key puzzles by.
///
/// Both read the cells row by row, an empty cell as `0`, and relabel the
/// digits in their order of first appearance.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Canon {
    /// The least string, digits relabelled 1, 2, 3...: empty cells come
    /// before every digit, so the form opens with as many empty cells as
    /// a transformation can bring to the front. The 17-clue list and most
    /// puzzle databases are written in it.
    #[default]
    Minlex,
    /// The greatest string, digits relabelled n, n - 1, n - 2...: givens
    /// come before empty cells, so the form of a 9x9 puzzle of many givens
    /// opens like `98.7`. Some lists of hard puzzles are written in it.
    Maxlex,
}

impl Canon {
    /// The form's name, as [`FromStr`](std::str::FromStr) reads it:
    /// `minlex` or `maxlex`.
    pub fn name(self) -> &'static str {
        match self {
            Canon::Minlex => "minlex",
            Canon::Maxlex => "maxlex",
        }
    }
}

impl fmt::Display for Canon {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Canon {
    type Err = CanonError;

    /// Reads `minlex` or `maxlex`, in any case.
    fn from_str(text: &str) -> Result<Canon, CanonError> {
        [Canon::Minlex, Canon::Maxlex]
            .into_iter()
            .find(|form| form.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| CanonError {
                name: text.to_owned(),
            })
    }
}

/// A name that is no [`Canon`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CanonError {
    name: String,
}

impl fmt::Display for CanonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown canonical form {:?}: minlex or maxlex",
            self.name
        )
    }
}

impl std::error::Error for CanonError {}

/// The shape of the transformations of a layout, and the order of the
/// form searched for.
#[derive(Clone, Copy, Debug)]
struct Shape {
    n: usize,
    /// Rows per band and columns per stack.
    rows: usize,
    cols: usize,
    /// Whether an empty cell comes before every label (minlex) or after
    /// (the least form that maxlex mirrors).
    empty_first: bool,
}

impl Shape {
    /// The value of an empty cell in a form: labels are 1..=n.
    fn empty(self) -> u8 {
        if self.empty_first {
            0
        } else {
            self.n as u8 + 1
        }
    }

    /// The values of the least image of a row with `givens` in each of
    /// its stacks: the stacks with the fewest givens first and the empty
    /// cells first in each when empties come first, the other way round
    /// otherwise; the givens labelled 1, 2, 3... in order.
    fn first_row_image(self, mut givens: Vec<usize>) -> Vec<u8> {
        if self.empty_first {
            givens.sort_unstable();
        } else {
            givens.sort_unstable_by(|a, b| b.cmp(a));
        }
        let mut label = 0;
        let mut image = Vec::with_capacity(self.n);
        for g in givens {
            for p in 0..self.cols {
                if self.given_at(p, g) {
                    label += 1;
                    image.push(label);
                } else {
                    image.push(self.empty());
                }
            }
        }
        image
    }

    /// Whether offset `p` of a stack of the least image of a row, with
    /// `givens` in that stack, is a given.
    fn given_at(self, p: usize, givens: usize) -> bool {
        if self.empty_first {
            p >= self.cols - givens
        } else {
            p < givens
        }
    }
}

impl Shape {
    /// The shape of `grid`'s transformations, if it has some here.
    fn of(grid: &Grid) -> Result<Shape, TransformError> {
        let layout = grid.layout();
        let error = |kind| TransformError {
            kind,
            layout: layout.clone(),
        };
        if grid.candidate_masks().is_some() {
            return Err(error(TransformErrorKind::Pencilmarks));
        }
        match layout.box_shape() {
            Some((rows, cols)) if layout.variants().next().is_none() => Ok(Shape {
                n: layout.side(),
                rows,
                cols,
                empty_first: true,
            }),
            _ => Err(error(TransformErrorKind::Layout)),
        }
    }
}

/// How many search steps pass between two reads of the cancel flag.
const CHECK_EVERY: u32 = 1024;

/// No column, position, stack or slot yet.
const OPEN: u8 = u8::MAX;

/// The part of the map from the grid to the form that the search has
/// fixed: which column sits at each position, which stack at each slot,
/// and the label of each digit. Copied whole to undo a choice: a few
/// hundred bytes, and no trail of changes to keep in step.
#[derive(Clone, Copy)]
struct Map {
    /// The column at each position of the form, and the position of each
    /// column of the grid, [`OPEN`] while not fixed.
    col_at: [u8; 64],
    pos_of: [u8; 64],
    /// The stack at each slot of the form, and the slot of each stack.
    stack_at: [u8; 64],
    slot_of: [u8; 64],
    /// The label of each digit, 0 while none.
    label: [u8; 64],
    /// The last label given.
    next: u8,
}

/// The row-by-row search for the least form of a grid, over the
/// orientations and first rows whose first row of the form is least.
///
/// The first row of the form is fixed before any column is: a row's
/// least image has its stacks by number of givens, most first, and in
/// each stack the givens first, labelled 1, 2, 3... in that order,
/// whatever the columns behind them. So the columns are fixed lazily,
/// one position at a time, as the second row is written: each position
/// takes the columns its slot allows whose cell gives the least value.
/// A digit of the first row met again before its column is placed takes
/// the first free position its column may take, the least label it can
/// have. That leaves ties only where the second row ties, not the
/// (5!)^6 orderings of a 25x25 first row. From the third row on, of the
/// rows a band allows only those that write the least row are followed:
/// following the others until a better form cuts them multiplies the
/// work at every row.
///
/// Rows (bands, stacks, columns) that are wholly empty are
/// interchangeable: only the first unused one of them is tried.
struct Search<'a> {
    shape: Shape,
    cancel: &'a AtomicBool,
    /// Set when the cancel flag was seen: every loop then returns.
    stopped: bool,
    steps: u32,
    /// The grid of this orientation, row-major, 0 for empty.
    grid: &'a [u8],
    /// Which rows, columns, bands and stacks hold no given.
    empty_row: Vec<bool>,
    empty_col: Vec<bool>,
    empty_band: Vec<bool>,
    empty_stack: Vec<bool>,
    /// The best form so far, as values: labels 1..=n, and
    /// [`Shape::empty`] for an empty cell.
    best: Vec<u8>,
    found: bool,
    /// Complete forms found, each better than or equal to the one before.
    completions: u64,
    /// The form being built.
    form: Vec<u8>,
    /// The grid row at the form's first row.
    first: usize,
    /// The givens of the first row in each stack, and in each slot of
    /// the form (the same counts, most first).
    stack_givens: Vec<usize>,
    slot_givens: Vec<usize>,
    /// The label of the first row's given at each position, 0 where the
    /// form's first row is empty.
    first_label: Vec<u8>,
    /// The column of each digit in the first row, [`OPEN`] if absent.
    first_col: [u8; 64],
    map: Map,
    /// The grid row at each row of the form, and what is used.
    rows: Vec<usize>,
    row_used: Vec<bool>,
    band_used: Vec<bool>,
}

impl<'a> Search<'a> {
    /// A search of `grid` (one orientation) that starts from `best`, the
    /// least form of the orientations before, if any.
    fn new(shape: Shape, grid: &'a [u8], best: Option<Vec<u8>>, cancel: &'a AtomicBool) -> Self {
        let Shape { n, rows, cols, .. } = shape;
        let empty_row: Vec<bool> = (0..n)
            .map(|r| grid[r * n..(r + 1) * n].iter().all(|&d| d == 0))
            .collect();
        let empty_col: Vec<bool> = (0..n)
            .map(|c| (0..n).all(|r| grid[r * n + c] == 0))
            .collect();
        let empty_band = (0..n / rows)
            .map(|b| empty_row[b * rows..(b + 1) * rows].iter().all(|&e| e))
            .collect();
        let empty_stack = (0..n / cols)
            .map(|s| empty_col[s * cols..(s + 1) * cols].iter().all(|&e| e))
            .collect();
        Search {
            shape,
            cancel,
            stopped: false,
            steps: 0,
            grid,
            empty_row,
            empty_col,
            empty_band,
            empty_stack,
            found: best.is_some(),
            best: best.unwrap_or_else(|| vec![0; n * n]),
            completions: 0,
            form: vec![0; n * n],
            first: 0,
            stack_givens: vec![0; n / cols],
            slot_givens: vec![0; n / cols],
            first_label: vec![0; n],
            first_col: [OPEN; 64],
            map: Map {
                col_at: [OPEN; 64],
                pos_of: [OPEN; 64],
                stack_at: [OPEN; 64],
                slot_of: [OPEN; 64],
                label: [0; 64],
                next: 0,
            },
            rows: vec![0; n],
            row_used: vec![false; n],
            band_used: vec![false; n / rows],
        }
    }

    /// Whether to stop now: the cancel flag is read once every
    /// [`CHECK_EVERY`] steps, a load too cheap to matter at that rate.
    fn stop(&mut self) -> bool {
        self.steps = self.steps.wrapping_add(1);
        if self.steps.is_multiple_of(CHECK_EVERY) && self.cancel.load(Ordering::Relaxed) {
            self.stopped = true;
        }
        self.stopped
    }

    /// Searches the forms whose first row is grid row `r`.
    fn first_row(&mut self, r: usize) {
        let Shape { n, rows, cols, .. } = self.shape;
        self.first = r;
        self.stack_givens = first_row_givens(self.grid, self.shape, r);
        let image = self.shape.first_row_image(self.stack_givens.clone());
        let empty = self.shape.empty();
        let mut given = 0;
        for (t, slot) in image.chunks(cols).enumerate() {
            self.slot_givens[t] = slot.iter().filter(|&&v| v != empty).count();
        }
        for (j, &v) in image.iter().enumerate() {
            self.form[j] = v;
            self.first_label[j] = if v == empty { 0 } else { v };
            given = given.max(self.first_label[j]);
        }
        self.first_col = [OPEN; 64];
        for c in 0..n {
            let d = self.grid[r * n + c];
            if d != 0 {
                self.first_col[usize::from(d)] = c as u8;
            }
        }
        let saved = self.map;
        self.map.next = given;
        self.rows[0] = r;
        self.row_used[r] = true;
        self.band_used[r / rows] = true;
        // Every first row here writes the same cells: those of the best
        // form, if one was found.
        let tied = self.found;
        self.row(1, tied);
        self.band_used[r / rows] = false;
        self.row_used[r] = false;
        self.map = saved;
    }

    /// The rows that may take position `i` (1 or more) of the form.
    fn row_candidates(&self, i: usize) -> Vec<usize> {
        let rows = self.shape.rows;
        if i.is_multiple_of(rows) {
            let mut empty_band_seen = false;
            let mut candidates = Vec::new();
            for b in 0..self.shape.n / rows {
                if self.band_used[b] || (self.empty_band[b] && empty_band_seen) {
                    continue;
                }
                empty_band_seen |= self.empty_band[b];
                candidates.extend(self.rows_of_band(b));
            }
            candidates
        } else {
            self.rows_of_band(self.rows[i - 1] / rows)
        }
    }

    /// The unused rows of band `b`, of its empty rows only the first.
    fn rows_of_band(&self, b: usize) -> Vec<usize> {
        let rows = self.shape.rows;
        let mut empty_seen = false;
        let mut candidates = Vec::new();
        for r in b * rows..(b + 1) * rows {
            if self.row_used[r] || (self.empty_row[r] && empty_seen) {
                continue;
            }
            empty_seen |= self.empty_row[r];
            candidates.push(r);
        }
        candidates
    }

    /// Chooses the row of position `i` (1 or more). `tied` when the form
    /// so far must be compared with the best: one was found and the cells
    /// written so far equal its own.
    fn row(&mut self, i: usize, mut tied: bool) {
        let Shape { n, rows, .. } = self.shape;
        if i == n {
            self.best.copy_from_slice(&self.form);
            self.found = true;
            self.completions += 1;
            return;
        }
        let mut candidates = self.row_candidates(i);
        if i >= 2 {
            // Every column is fixed: only the rows that write the least
            // row can lead to the least form.
            let Some(least) = self.least_rows(i, &mut candidates) else {
                return;
            };
            if tied {
                let best = &self.best[i * n..(i + 1) * n];
                if least[..n] > *best {
                    return;
                }
                tied = least[..n] == *best;
            }
        }
        for r in candidates {
            if self.stop() {
                return;
            }
            let saved = self.map;
            self.rows[i] = r;
            self.row_used[r] = true;
            self.band_used[r / rows] = true;
            let done = self.completions;
            if i == 1 {
                // The columns are fixed as this row is written.
                self.cell(r, 0, tied);
            } else {
                self.write_row(i, r);
                self.row(i + 1, tied);
            }
            // A form found below extends the cells written so far.
            tied |= self.completions > done;
            if i.is_multiple_of(rows) {
                self.band_used[r / rows] = false;
            }
            self.row_used[r] = false;
            self.map = saved;
        }
    }

    /// Keeps of `candidates` for row `i` (2 or more) those that write the
    /// least row, and returns that row; `None` when cancelled.
    fn least_rows(&mut self, i: usize, candidates: &mut Vec<usize>) -> Option<[u8; 64]> {
        let n = self.shape.n;
        let mut least = [u8::MAX; 64];
        let mut kept = 0;
        for k in 0..candidates.len() {
            if self.stop() {
                return None;
            }
            let r = candidates[k];
            let saved = self.map;
            self.write_row(i, r);
            self.map = saved;
            let row = &self.form[i * n..(i + 1) * n];
            match row.cmp(&least[..n]) {
                std::cmp::Ordering::Less => {
                    least[..n].copy_from_slice(row);
                    candidates[0] = r;
                    kept = 1;
                }
                std::cmp::Ordering::Equal => {
                    candidates[kept] = r;
                    kept += 1;
                }
                std::cmp::Ordering::Greater => {}
            }
        }
        candidates.truncate(kept);
        Some(least)
    }

    /// Writes grid row `r` at row `i` (2 or more: every column is fixed)
    /// of the form, labelling its new digits.
    fn write_row(&mut self, i: usize, r: usize) {
        let n = self.shape.n;
        for j in 0..n {
            let c = usize::from(self.map.col_at[j]);
            let v = self.value(self.grid[r * n + c]);
            self.form[i * n + j] = v;
        }
    }

    /// Writes position `j` of the second row, grid row `r`, fixing its
    /// column if it is open; `tied` as for [`Search::row`].
    fn cell(&mut self, r: usize, j: usize, mut tied: bool) {
        let Shape { n, cols, .. } = self.shape;
        if j == n {
            self.row(2, tied);
            return;
        }
        let k = n + j;
        let fixed = self.map.col_at[j];
        if fixed != OPEN {
            let v = self.value(self.grid[r * n + usize::from(fixed)]);
            if tied && v > self.best[k] {
                return;
            }
            self.form[k] = v;
            self.cell(r, j + 1, tied && v == self.best[k]);
            return;
        }
        let (t, p) = (j / cols, j % cols);
        let given = self.shape.given_at(p, self.slot_givens[t]);
        let mut candidates = self.column_candidates(t, given);
        // Only the columns whose cell is least can lead to the least form.
        let mut values = Vec::with_capacity(candidates.len());
        for &(s, c) in &candidates {
            let saved = self.map;
            values.push(self.choose(r, t, j, s, c));
            self.map = saved;
        }
        let Some(&least) = values.iter().min() else {
            return;
        };
        if tied {
            if least > self.best[k] {
                return;
            }
            tied = least == self.best[k];
        }
        let mut values = values.into_iter();
        candidates.retain(|_| values.next() == Some(least));
        for (s, c) in candidates {
            if self.stop() {
                return;
            }
            let saved = self.map;
            self.form[k] = self.choose(r, t, j, s, c);
            let done = self.completions;
            self.cell(r, j + 1, tied);
            tied |= self.completions > done;
            self.map = saved;
        }
    }

    /// Puts column `c` of stack `s` at position `j` of slot `t`, and
    /// returns the value of its cell in grid row `r`, the second row.
    fn choose(&mut self, r: usize, t: usize, j: usize, s: usize, c: usize) -> u8 {
        if self.map.stack_at[t] == OPEN {
            self.map.stack_at[t] = s as u8;
            self.map.slot_of[s] = t as u8;
        }
        self.place(c, j);
        self.value(self.grid[r * self.shape.n + c])
    }

    /// The (stack, column) pairs that may take the open position at
    /// offset of slot `t` whose first-row cell is a given if `given`.
    fn column_candidates(&self, t: usize, given: bool) -> Vec<(usize, usize)> {
        let Shape { n, cols, .. } = self.shape;
        let stacks: Vec<usize> = match self.map.stack_at[t] {
            OPEN => {
                let mut empty_seen = false;
                let mut stacks = Vec::new();
                for s in 0..n / cols {
                    if self.map.slot_of[s] != OPEN
                        || self.stack_givens[s] != self.slot_givens[t]
                        || (self.empty_stack[s] && empty_seen)
                    {
                        continue;
                    }
                    empty_seen |= self.empty_stack[s];
                    stacks.push(s);
                }
                stacks
            }
            s => vec![usize::from(s)],
        };
        let mut candidates = Vec::new();
        for s in stacks {
            let mut empty_seen = false;
            for c in s * cols..(s + 1) * cols {
                let is_given = self.grid[self.first * n + c] != 0;
                if self.map.pos_of[c] != OPEN
                    || is_given != given
                    || (self.empty_col[c] && empty_seen)
                {
                    continue;
                }
                empty_seen |= self.empty_col[c];
                candidates.push((s, c));
            }
        }
        candidates
    }

    /// Puts column `c` at position `j`: its first-row digit, if any,
    /// takes the label of that position.
    fn place(&mut self, c: usize, j: usize) {
        self.map.col_at[j] = c as u8;
        self.map.pos_of[c] = j as u8;
        let d = self.grid[self.first * self.shape.n + c];
        if d != 0 {
            self.map.label[usize::from(d)] = self.first_label[j];
        }
    }

    /// The value of digit `d` in the form, labelling it when new. A digit
    /// of the first row whose column is open takes the first free
    /// position its column may have, which fixes that column: any other
    /// would give it a greater label, here, where the form decides.
    fn value(&mut self, d: u8) -> u8 {
        if d == 0 {
            return self.shape.empty();
        }
        let d = usize::from(d);
        if self.map.label[d] == 0 {
            let c = self.first_col[d];
            if c == OPEN || !self.place_first(usize::from(c)) {
                self.map.next += 1;
                self.map.label[d] = self.map.next;
            }
        }
        self.map.label[d]
    }

    /// Puts column `c`, a given of the first row, at the first free
    /// position it may take; false if there is none (never, for a grid
    /// whose rows repeat no digit).
    fn place_first(&mut self, c: usize) -> bool {
        let Shape { n, cols, .. } = self.shape;
        let s = c / cols;
        let t = match self.map.slot_of[s] {
            OPEN => {
                let Some(t) = (0..n / cols).find(|&t| {
                    self.map.stack_at[t] == OPEN && self.slot_givens[t] == self.stack_givens[s]
                }) else {
                    return false;
                };
                self.map.stack_at[t] = s as u8;
                self.map.slot_of[s] = t as u8;
                t
            }
            t => usize::from(t),
        };
        let givens = self.slot_givens[t];
        let first = if self.shape.empty_first {
            (t + 1) * cols - givens
        } else {
            t * cols
        };
        match (first..first + givens).find(|&j| self.map.col_at[j] == OPEN) {
            Some(j) => {
                self.place(c, j);
                true
            }
            None => false,
        }
    }
}

/// The givens of grid row `r` in each stack.
fn first_row_givens(grid: &[u8], shape: Shape, r: usize) -> Vec<usize> {
    let Shape { n, cols, .. } = shape;
    (0..n / cols)
        .map(|s| {
            grid[r * n + s * cols..r * n + (s + 1) * cols]
                .iter()
                .filter(|&&d| d != 0)
                .count()
        })
        .collect()
}

/// Whether some row or column of `cells` repeats a digit.
fn repeats(cells: &[u8], n: usize) -> bool {
    let mut rows = vec![0u64; n];
    let mut cols = vec![0u64; n];
    for (k, &d) in cells.iter().enumerate() {
        if d == 0 {
            continue;
        }
        let bit = 1u64 << d;
        let (r, c) = (k / n, k % n);
        if rows[r] & bit != 0 || cols[c] & bit != 0 {
            return true;
        }
        rows[r] |= bit;
        cols[c] |= bit;
    }
    false
}

/// The least form, as values (labels 1..=n, [`Shape::empty`] for an
/// empty cell), of the `orientations` of a grid of `shape` that repeats no
/// digit in a row or column; `None` when `cancel` was set.
fn least(shape: Shape, orientations: &[&[u8]], cancel: &AtomicBool) -> Option<Vec<u8>> {
    let n = shape.n;
    // The form's first row is the least image of a row, which depends
    // only on its givens per stack. Only the rows whose image is least
    // start a form.
    let key = |grid: &[u8], r: usize| shape.first_row_image(first_row_givens(grid, shape, r));
    let top = orientations
        .iter()
        .flat_map(|grid| (0..n).map(|r| key(grid, r)))
        .min()?;
    let mut best: Option<Vec<u8>> = None;
    for grid in orientations {
        let mut search = Search::new(shape, grid, best.take(), cancel);
        // Of the empty rows of a band, one stands for all, and so does one
        // empty row of an empty band for those of every empty band.
        let mut empty_seen = vec![false; n / shape.rows + 1];
        for r in 0..n {
            let band = r / shape.rows;
            let group = if search.empty_band[band] {
                n / shape.rows
            } else {
                band
            };
            if key(grid, r) != top || (search.empty_row[r] && empty_seen[group]) {
                continue;
            }
            empty_seen[group] |= search.empty_row[r];
            search.first_row(r);
            if search.stopped {
                return None;
            }
        }
        if search.found {
            best = Some(search.best);
        }
    }
    best
}

/// The transpose of a square grid's cells.
fn transpose(cells: &[u8], n: usize) -> Vec<u8> {
    (0..n * n).map(|k| cells[(k % n) * n + k / n]).collect()
}

impl Grid {
    /// The canonical form of this puzzle, its minlex form (see [`Canon`]
    /// and the crate docs' "Making puzzles"). Two puzzles of one layout
    /// are equivalent exactly when their forms are equal.
    ///
    /// # Errors
    ///
    /// [`TransformError`] for a jigsaw, a layout with variants, or a
    /// puzzle in pencilmarks.
    ///
    /// # Complexity
    ///
    /// A search over the transformations that follows only those tying
    /// with the best form so far: about 100 µs for a 9x9 puzzle of few
    /// givens, under a millisecond for a 25x25 puzzle of 400 givens, but
    /// exponential in the worst case (a large grid of few givens with
    /// many symmetries); see [`Grid::canonical_with`] to bound it.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::Grid;
    ///
    /// let puzzle = Grid::parse(
    ///     "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....",
    /// )?;
    /// let form = puzzle.canonical()?;
    /// assert_eq!(
    ///     form.to_string(),
    ///     "........1.....2.3...4.5...6...3.6.....7..8..9.9.....8...9.4....4.6.8.7157.8.6.2..",
    /// );
    /// assert_eq!(puzzle.transform(7)?.canonical()?, form);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn canonical(&self) -> Result<Grid, TransformError> {
        self.canonical_in(Canon::Minlex)
    }

    /// The canonical form of this puzzle in `form`, minlex or maxlex.
    ///
    /// # Errors
    ///
    /// As [`Grid::canonical`].
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::{Canon, Grid};
    ///
    /// let puzzle = Grid::parse(
    ///     "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....",
    /// )?;
    /// let form = puzzle.canonical_in(Canon::Maxlex)?;
    /// assert!(form.to_string().starts_with("98765.4..3..94.5"));
    /// assert_eq!(form.canonical_in(Canon::Maxlex)?, form);
    /// assert_eq!(form.canonical()?, puzzle.canonical()?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn canonical_in(&self, form: Canon) -> Result<Grid, TransformError> {
        self.canonical_with(form, &AtomicBool::new(false))
    }

    /// The canonical form in `form`, as [`Grid::canonical_in`], searched
    /// until `cancel` is set: for a time limit or an interrupt, which may
    /// set it from another thread (an `Arc<AtomicBool>` derefs to the
    /// `&AtomicBool` taken here).
    ///
    /// # Errors
    ///
    /// As [`Grid::canonical`], and [`TransformErrorKind::Cancelled`] when
    /// `cancel` is seen set before the form is found. It is read every
    /// thousand steps of the search, well under a millisecond apart.
    ///
    /// # Example
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use sudoku_dlx::{Canon, Grid, TransformErrorKind};
    ///
    /// let puzzle = Grid::parse(
    ///     "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....",
    /// )?;
    /// let form = puzzle.canonical_with(Canon::Minlex, &AtomicBool::new(false))?;
    /// assert_eq!(form, puzzle.canonical()?);
    /// let stopped = puzzle
    ///     .canonical_with(Canon::Minlex, &AtomicBool::new(true))
    ///     .unwrap_err();
    /// assert_eq!(stopped.kind(), TransformErrorKind::Cancelled);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn canonical_with(&self, form: Canon, cancel: &AtomicBool) -> Result<Grid, TransformError> {
        let mut shape = Shape::of(self)?;
        // Maxlex is the least form with givens first and labels 1, 2,
        // 3..., each label L then written n + 1 - L: reversing the order
        // of every value turns the greatest string into the least.
        shape.empty_first = form == Canon::Minlex;
        let n = shape.n;
        let cancelled = || TransformError {
            kind: TransformErrorKind::Cancelled,
            layout: self.layout().clone(),
        };
        // A flag set before the call stops it even when the search would
        // be too short to read it.
        if cancel.load(Ordering::Relaxed) {
            return Err(cancelled());
        }
        let transposed;
        let mut orientations = vec![self.cells()];
        if shape.rows == shape.cols {
            transposed = transpose(self.cells(), n);
            orientations.push(&transposed);
        }
        let best = if repeats(self.cells(), n) {
            plain::least(shape, &orientations, cancel)
        } else {
            least(shape, &orientations, cancel)
        };
        let best = best.ok_or_else(cancelled)?;
        let empty = shape.empty();
        let cells = best
            .into_iter()
            .map(|v| match form {
                _ if v == empty => 0,
                Canon::Minlex => v,
                Canon::Maxlex => n as u8 + 1 - v,
            })
            .collect();
        Ok(Grid::from_parsed(self.layout().clone(), cells))
    }

    /// A random puzzle equivalent to this one, the one of `seed`: bands,
    /// rows within bands, stacks and columns within stacks shuffled,
    /// digits relabelled, and for square boxes transposed half of the
    /// time. The same seed gives the same puzzle on every platform.
    ///
    /// # Errors
    ///
    /// [`TransformError`] for a jigsaw, a layout with variants, or a
    /// puzzle in pencilmarks.
    pub fn transform(&self, seed: u64) -> Result<Grid, TransformError> {
        let Shape { n, rows, cols, .. } = Shape::of(self)?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let order = |rng: &mut ChaCha8Rng, size: usize, group: usize| {
            let mut groups: Vec<usize> = (0..n / size).collect();
            groups.shuffle(rng);
            let mut order = Vec::with_capacity(n);
            for g in groups {
                let mut within: Vec<usize> = (0..size).collect();
                within.shuffle(rng);
                order.extend(within.into_iter().map(|k| g * size + k));
            }
            debug_assert_eq!(order.len(), group);
            order
        };
        let row_order = order(&mut rng, rows, n);
        let col_order = order(&mut rng, cols, n);
        let mut digits: Vec<u8> = (1..=n as u8).collect();
        digits.shuffle(&mut rng);
        let flip = rows == cols && rng.random_bool(0.5);
        let src = self.cells();
        let mut cells: Vec<u8> = (0..n * n)
            .map(|k| {
                let d = src[row_order[k / n] * n + col_order[k % n]];
                if d == 0 {
                    0
                } else {
                    digits[usize::from(d) - 1]
                }
            })
            .collect();
        if flip {
            cells = transpose(&cells, n);
        }
        Ok(Grid::from_parsed(self.layout().clone(), cells))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use rand::Rng;

    /// Every ordering of `n` lines in groups of `size`: the groups
    /// permuted, then the lines within each.
    fn orders(n: usize, size: usize) -> Vec<Vec<usize>> {
        fn permutations(items: &[usize]) -> Vec<Vec<usize>> {
            if items.len() <= 1 {
                return vec![items.to_vec()];
            }
            let mut all = Vec::new();
            for (i, &first) in items.iter().enumerate() {
                let mut rest = items.to_vec();
                rest.remove(i);
                for mut tail in permutations(&rest) {
                    tail.insert(0, first);
                    all.push(tail);
                }
            }
            all
        }
        let within = permutations(&(0..size).collect::<Vec<_>>());
        let mut all = Vec::new();
        for groups in permutations(&(0..n / size).collect::<Vec<_>>()) {
            // One choice of order within each group, as digits in base
            // within.len().
            let choices = within.len().pow(groups.len() as u32);
            for mut code in 0..choices {
                let mut order = Vec::with_capacity(n);
                for &g in &groups {
                    order.extend(within[code % within.len()].iter().map(|k| g * size + k));
                    code /= within.len();
                }
                all.push(order);
            }
        }
        all
    }

    /// The form by definition: over every transformation, the image with
    /// 0 for an empty cell and digits relabelled by first appearance, 1,
    /// 2, 3... for the least (minlex), n, n - 1... for the greatest
    /// (maxlex).
    fn brute_force(grid: &Grid, form: Canon) -> Grid {
        let Shape { n, rows, cols, .. } = Shape::of(grid).unwrap();
        let mut orientations = vec![grid.cells().to_vec()];
        if rows == cols {
            orientations.push(transpose(grid.cells(), n));
        }
        let (row_orders, col_orders) = (orders(n, rows), orders(n, cols));
        let mut best: Option<Vec<u8>> = None;
        for cells in &orientations {
            for ro in &row_orders {
                for co in &col_orders {
                    let mut label = [0u8; 64];
                    let mut used = 0;
                    let image: Vec<u8> = (0..n * n)
                        .map(|k| match cells[ro[k / n] * n + co[k % n]] {
                            0 => 0,
                            d => {
                                let l = &mut label[usize::from(d)];
                                if *l == 0 {
                                    used += 1;
                                    *l = match form {
                                        Canon::Minlex => used,
                                        Canon::Maxlex => n as u8 + 1 - used,
                                    };
                                }
                                *l
                            }
                        })
                        .collect();
                    let better = match (&best, form) {
                        (None, _) => true,
                        (Some(b), Canon::Minlex) => image < *b,
                        (Some(b), Canon::Maxlex) => image > *b,
                    };
                    if better {
                        best = Some(image);
                    }
                }
            }
        }
        Grid::from_parsed(grid.layout().clone(), best.unwrap())
    }

    /// A search for the least form.
    type Least = fn(Shape, &[&[u8]], &AtomicBool) -> Option<Vec<u8>>;

    /// The form that `search` finds, as values.
    fn searched_form(grid: &Grid, form: Canon, search: Least) -> Vec<u8> {
        let mut shape = Shape::of(grid).unwrap();
        shape.empty_first = form == Canon::Minlex;
        let n = shape.n;
        let transposed = transpose(grid.cells(), n);
        let mut orientations = vec![grid.cells()];
        if shape.rows == shape.cols {
            orientations.push(&transposed);
        }
        search(shape, &orientations, &AtomicBool::new(false)).unwrap()
    }

    /// The form of the plain search, which takes every ordering of the
    /// first row that ties, as values.
    fn plain_form(grid: &Grid, form: Canon) -> Vec<u8> {
        searched_form(grid, form, plain::least)
    }

    /// The form of the row-by-row search, as values.
    fn row_form(grid: &Grid, form: Canon) -> Vec<u8> {
        searched_form(grid, form, least)
    }

    /// Random puzzles of `layout`: a random full grid with each cell kept
    /// with a probability from nearly none to all, and the empty grid.
    fn puzzles(layout: &Layout, count: u64) -> Vec<Grid> {
        let full = Grid::empty_in(layout).solve_one().unwrap().unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut puzzles = vec![Grid::empty_in(layout), full.clone()];
        for seed in 0..count {
            let keep = [0.05, 0.2, 0.4, 0.6, 0.8][seed as usize % 5];
            let moved = full.transform(seed).unwrap();
            let cells = moved
                .cells()
                .iter()
                .map(|&d| if rng.random_bool(keep) { d } else { 0 })
                .collect();
            puzzles.push(Grid::from_parsed(layout.clone(), cells));
        }
        puzzles
    }

    #[test]
    fn small_forms_are_the_least_of_every_transformation() {
        for (rows, cols, count) in [(2, 2, 200), (2, 3, 100), (3, 2, 100)] {
            let layout = Layout::boxes(rows, cols).unwrap();
            for puzzle in puzzles(&layout, count) {
                let form = brute_force(&puzzle, Canon::Minlex);
                assert_eq!(puzzle.canonical().unwrap(), form, "{puzzle}");
                for form in [Canon::Minlex, Canon::Maxlex] {
                    assert_eq!(plain_form(&puzzle, form), row_form(&puzzle, form));
                }
                let form = brute_force(&puzzle, Canon::Maxlex);
                assert_eq!(
                    puzzle.canonical_in(Canon::Maxlex).unwrap(),
                    form,
                    "{puzzle}"
                );
            }
        }
    }

    #[test]
    fn nine_by_nine_forms_agree_with_the_plain_search() {
        let layout = Layout::square(3).unwrap();
        for puzzle in puzzles(&layout, 300) {
            for form in [Canon::Minlex, Canon::Maxlex] {
                let row = row_form(&puzzle, form);
                assert_eq!(row, plain_form(&puzzle, form), "{puzzle} {form}");
            }
        }
    }

    /// Every one of the 3,359,232 transformations of a 9x9 puzzle, for a
    /// puzzle of a published maxlex list whose listed form is not its
    /// greatest string: a transformation writes it `98.76.5..7..4..98...`
    /// where the list has `98.76.5..7...8..9...`.
    #[test]
    fn nine_by_nine_forms_are_the_least_of_every_transformation() {
        let listed = Grid::parse(
            "98.76.5..7...8..9...5..9...59...6.7..7....3....48.....45...8.6..2....1......2...4",
        )
        .unwrap();
        for form in [Canon::Minlex, Canon::Maxlex] {
            assert_eq!(
                listed.canonical_in(form).unwrap(),
                brute_force(&listed, form),
                "{form}"
            );
        }
        let seventeen = Grid::parse(
            "................12..3..4...........5....4.36.78..1.........5..4.1...3....2.....8.",
        )
        .unwrap();
        assert_eq!(
            seventeen.canonical().unwrap(),
            brute_force(&seventeen, Canon::Minlex)
        );
        assert_eq!(
            listed.canonical_in(Canon::Maxlex).unwrap().to_string(),
            "98.76.5..7..4..98...4.....78..3...9..2..1.7.......4...3..5....9..5...8.......635."
        );
    }

    #[test]
    fn repeated_digits_take_the_plain_search() {
        // No solution, but a form all the same, the least image.
        let puzzle = Grid::parse("11..............").unwrap();
        for form in [Canon::Minlex, Canon::Maxlex] {
            assert_eq!(
                puzzle.canonical_in(form).unwrap(),
                brute_force(&puzzle, form)
            );
        }
        assert_eq!(puzzle.canonical().unwrap().to_string(), "..............11");
        assert_eq!(
            puzzle.canonical_in(Canon::Maxlex).unwrap().to_string(),
            "44.............."
        );
    }

    /// The puzzles of a fixture file, one per line.
    fn fixture(path: &str) -> Vec<Grid> {
        std::fs::read_to_string(path)
            .unwrap()
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| Grid::parse(l).unwrap())
            .collect()
    }

    /// A search that followed each tied ordering of the first row, (5!)^6
    /// of them for the 25x25 puzzle, ran for over ten minutes on these.
    #[test]
    fn large_puzzles_have_forms() {
        let mut puzzles = fixture(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../fixtures/sudoku/25x25.txt"
        ));
        puzzles.extend(fixture(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../fixtures/sudoku/16x16.txt"
        )));
        assert!(puzzles.len() >= 3);
        for puzzle in puzzles {
            for canon in [Canon::Minlex, Canon::Maxlex] {
                let form = puzzle.canonical_in(canon).unwrap();
                assert_eq!(form.givens(), puzzle.givens());
                assert_eq!(form.canonical_in(canon).unwrap(), form);
                let moved = puzzle.transform(5).unwrap();
                assert_eq!(moved.canonical_in(canon).unwrap(), form);
                let empty = Grid::empty_in(puzzle.layout());
                assert_eq!(empty.canonical_in(canon).unwrap(), empty);
            }
        }
    }

    #[test]
    fn a_set_cancel_flag_stops_the_search() {
        let puzzle = Grid::parse(
            "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....",
        )
        .unwrap();
        let error = puzzle
            .canonical_with(Canon::Maxlex, &AtomicBool::new(true))
            .unwrap_err();
        assert_eq!(error.kind(), TransformErrorKind::Cancelled);
        assert!(error.is_cancelled());
        assert_eq!(
            error.to_string(),
            "the search for the canonical form was cancelled"
        );
    }
}
