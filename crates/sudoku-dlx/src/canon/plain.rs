//! The plain search for canonical forms: the first row's columns are
//! chosen one by one, every ordering that ties with the best form so far
//! is followed. It serves the puzzles that repeat a digit in a row or
//! column (which the row-by-row search of the parent module does not
//! take: it labels a first row's givens by position), and the tests as
//! the oracle of that search.

use std::sync::atomic::{AtomicBool, Ordering};

use super::{Shape, CHECK_EVERY};

/// The least form, as values (labels 1..=n, [`Shape::empty`] for an empty
/// cell), of the
/// `orientations` of a grid of `shape`; `None` when `cancel` was set.
pub(super) fn least(shape: Shape, orientations: &[&[u8]], cancel: &AtomicBool) -> Option<Vec<u8>> {
    let n = shape.n;
    let mut best: Option<Vec<u8>> = None;
    for grid in orientations {
        let mut search = Search {
            shape,
            cancel,
            stopped: false,
            steps: 0,
            grid,
            best: best.clone().unwrap_or_else(|| vec![0; n * n]),
            found: best.is_some(),
            rows: vec![0; n],
            cols: vec![0; n],
            row_used: vec![false; n],
            col_used: vec![false; n],
            band_used: vec![false; n / shape.rows],
            stack_used: vec![false; n / shape.cols],
            completions: 0,
            label: [0; 64],
            next: 0,
            form: vec![0; n * n],
        };
        search.first_row();
        if search.stopped {
            return None;
        }
        best = Some(search.best);
    }
    best
}

/// The search for the least form of one orientation of the grid.
struct Search<'a> {
    shape: Shape,
    cancel: &'a AtomicBool,
    /// Set when the cancel flag was seen: every loop then returns.
    stopped: bool,
    steps: u32,
    /// The grid, row-major, 0 for empty.
    grid: &'a [u8],
    /// The best form so far, as values.
    best: Vec<u8>,
    found: bool,
    /// The rows and columns chosen, by position.
    rows: Vec<usize>,
    cols: Vec<usize>,
    row_used: Vec<bool>,
    col_used: Vec<bool>,
    band_used: Vec<bool>,
    stack_used: Vec<bool>,
    /// Complete forms found, each better than or equal to the one before.
    completions: u64,
    /// The label of each digit, 0 while none.
    label: [u8; 64],
    next: u8,
    /// The form being built.
    form: Vec<u8>,
}

impl Search<'_> {
    /// Whether to stop now: the cancel flag is read once every
    /// [`CHECK_EVERY`] steps, a load too cheap to matter at that rate.
    fn stop(&mut self) -> bool {
        self.steps = self.steps.wrapping_add(1);
        if self.steps.is_multiple_of(CHECK_EVERY) && self.cancel.load(Ordering::Relaxed) {
            self.stopped = true;
        }
        self.stopped
    }

    /// The value of digit `d` in the form, labelling it when new.
    fn value(&mut self, d: u8) -> u8 {
        if d == 0 {
            return self.shape.empty();
        }
        let label = &mut self.label[usize::from(d)];
        if *label == 0 {
            self.next += 1;
            *label = self.next;
        }
        *label
    }

    /// Chooses the first row.
    fn first_row(&mut self) {
        // Rows with more givens first (fewer when empty cells come first):
        // the best form starts with one of them, and finding it early cuts
        // the others sooner.
        let n = self.shape.n;
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&r| {
            let givens = self.grid[r * n..(r + 1) * n]
                .iter()
                .filter(|&&d| d != 0)
                .count();
            if self.shape.empty_first {
                givens
            } else {
                n - givens
            }
        });
        for r in order {
            if self.stop() {
                return;
            }
            self.rows[0] = r;
            self.row_used[r] = true;
            self.band_used[r / self.shape.rows] = true;
            let tied = self.found;
            self.column(0, tied);
            self.band_used[r / self.shape.rows] = false;
            self.row_used[r] = false;
        }
    }

    /// Chooses the column of position `j` of the first row. `tied` when
    /// the form so far must be compared with the best: one was found and
    /// the cells written so far equal its own.
    fn column(&mut self, j: usize, mut tied: bool) {
        let Shape { n, cols, .. } = self.shape;
        if j == n {
            self.row(1, tied);
            return;
        }
        let candidates: Vec<usize> = if j.is_multiple_of(cols) {
            (0..n / cols)
                .filter(|&s| !self.stack_used[s])
                .flat_map(|s| s * cols..(s + 1) * cols)
                .collect()
        } else {
            let stack = self.cols[j - 1] / cols;
            (stack * cols..(stack + 1) * cols)
                .filter(|&c| !self.col_used[c])
                .collect()
        };
        let r = self.rows[0];
        // The cells the form wants first: given or empty.
        let mut candidates = candidates;
        candidates.sort_by_key(|&c| (self.grid[r * n + c] == 0) != self.shape.empty_first);
        for c in candidates {
            if self.stop() {
                return;
            }
            let (label, next) = (self.label, self.next);
            let v = self.value(self.grid[r * n + c]);
            if !(tied && v > self.best[j]) {
                self.form[j] = v;
                self.cols[j] = c;
                self.col_used[c] = true;
                self.stack_used[c / cols] = true;
                let done = self.completions;
                self.column(j + 1, tied && v == self.best[j]);
                // A form found below extends the cells written so far.
                tied |= self.completions > done;
                if j.is_multiple_of(cols) {
                    self.stack_used[c / cols] = false;
                }
                self.col_used[c] = false;
            }
            self.label = label;
            self.next = next;
        }
    }

    /// Chooses the row of position `i` (1 or more); `tied` as for
    /// [`Search::column`].
    fn row(&mut self, i: usize, mut tied: bool) {
        let Shape { n, rows, .. } = self.shape;
        if i == n {
            self.best.copy_from_slice(&self.form);
            self.found = true;
            self.completions += 1;
            return;
        }
        let candidates: Vec<usize> = if i.is_multiple_of(rows) {
            (0..n / rows)
                .filter(|&b| !self.band_used[b])
                .flat_map(|b| b * rows..(b + 1) * rows)
                .collect()
        } else {
            let band = self.rows[i - 1] / rows;
            (band * rows..(band + 1) * rows)
                .filter(|&r| !self.row_used[r])
                .collect()
        };
        for r in candidates {
            if self.stop() {
                return;
            }
            let (label, next) = (self.label, self.next);
            let mut still = tied;
            let mut cut = false;
            for j in 0..n {
                let v = self.value(self.grid[r * n + self.cols[j]]);
                self.form[i * n + j] = v;
                if still {
                    let b = self.best[i * n + j];
                    if v > b {
                        cut = true;
                        break;
                    }
                    still = v == b;
                }
            }
            if !cut {
                self.rows[i] = r;
                self.row_used[r] = true;
                self.band_used[r / rows] = true;
                let done = self.completions;
                self.row(i + 1, still);
                tied |= self.completions > done;
                if i.is_multiple_of(rows) {
                    self.band_used[r / rows] = false;
                }
                self.row_used[r] = false;
            }
            self.label = label;
            self.next = next;
        }
    }
}
