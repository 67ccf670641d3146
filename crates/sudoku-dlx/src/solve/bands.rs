//! The classic 9x9 layout's exact cover on bit planes: the options in
//! play held as one bit each, by digit and band, and covered a band at a
//! time.
//!
//! Sudoku's exact cover has 729 options (a digit in a cell) and 324 items
//! (each cell, and each digit of each row, column and box). A band is
//! three rows (27 cells); `cells[3d + b]` holds, one bit per cell of band
//! `b`, the options of digit `d + 1` still in play there, the chosen ones
//! included. Covering an option takes out the options it shares an item
//! with: its cell's other digits, and its digit in its row, box and
//! column.
//!
//! Propagation does the rest, as the linked search would by its choice of
//! the item with the fewest options, but a band at a time and without
//! branching:
//! - within a band, a digit takes one minirow (a row's three cells in a
//!   box) of each row and of each box: one of six ways. A table read by the
//!   band's minirows with candidates keeps the minirows some way takes
//!   (locked candidates, both ways round), and finds the band empty when
//!   none does;
//! - a box whose candidates of a digit lie in one column holds the digit
//!   of that column: the other two bands lose it there;
//! - a row of a band with one cell left for a digit places it there (a
//!   hidden single), and the cell's other digits go;
//! - a cell with one digit left places it (a naked single), and a cell
//!   with none ends the branch.
//!
//! When nothing more follows, the search branches on a cell of two
//! candidates (there almost always is one), or else on the open cell of
//! the fewest, trying its digits in order, each on a copy of the state
//! (a few hundred bytes): nothing is undone on the way back.
//!
//! A state with every cell placed is a solution: each row of a band holds
//! the digit once (its placed cell), hence each box once (the six ways),
//! and each column once (the other bands lost it).

use std::sync::atomic::{AtomicBool, Ordering};

/// The 27 cells of a band, one bit each: cell `9r + c` of the band is
/// its row `r`, column `c`.
const BAND: u32 = (1 << 27) - 1;

/// A row's nine cells.
const ROW: u32 = 0x1FF;

/// A column's three cells in a band.
const COLUMN: u32 = 1 | 1 << 9 | 1 << 18;

/// The six ways a digit takes one minirow of each row and each box of a
/// band: row `r` takes its minirow in box `WAYS[w][r]`.
const WAYS: [[u32; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// For the nine cells of a row, the boxes (bit `k`: box `k` of the band)
/// where it has any.
static THIRDS: [u8; 512] = thirds();

/// For the minirows of a band that hold candidates (bit `3r + k`: row
/// `r`'s minirow in box `k`), the cells of the minirows some way takes;
/// none when no way is left.
static LOCKED: [u32; 512] = locked();

/// For the columns where a band holds a digit (bit `c`: column `c`), the
/// cells of each other band that keep it: all but the columns that are
/// alone in their box.
static OTHER_BANDS: [u32; 512] = other_bands();

/// For a cell of a band, the cells that keep its digit once it is placed:
/// all but its row and box, itself included.
static KEEP: [u32; 27] = keep();

const fn thirds() -> [u8; 512] {
    let mut table = [0; 512];
    let mut cells = 0;
    while cells < 512 {
        let mut k = 0;
        while k < 3 {
            if cells >> (3 * k) & 7 != 0 {
                table[cells] |= 1 << k;
            }
            k += 1;
        }
        cells += 1;
    }
    table
}

const fn locked() -> [u32; 512] {
    let mut table = [0; 512];
    let mut minirows = 0;
    while minirows < 512 {
        let mut w = 0;
        while w < 6 {
            let way = WAYS[w];
            let mut cells = 0;
            let mut r = 0;
            while r < 3 {
                let minirow = 3 * r + way[r] as usize;
                if minirows >> minirow & 1 == 0 {
                    cells = 0;
                    break;
                }
                cells |= 7 << (9 * r + 3 * way[r] as usize);
                r += 1;
            }
            table[minirows] |= cells;
            w += 1;
        }
        minirows += 1;
    }
    table
}

const fn other_bands() -> [u32; 512] {
    let mut table = [0; 512];
    let mut columns: u32 = 0;
    while columns < 512 {
        let mut kept = BAND;
        let mut k = 0;
        while k < 3 {
            let three: u32 = columns >> (3 * k) & 7;
            if three.count_ones() == 1 {
                kept &= !(COLUMN << (3 * k + three.trailing_zeros() as usize));
            }
            k += 1;
        }
        table[columns as usize] = kept;
        columns += 1;
    }
    table
}

const fn keep() -> [u32; 27] {
    let mut table = [0; 27];
    let mut i = 0;
    while i < 27 {
        let row = ROW << (9 * (i / 9));
        let bx = (7 << (3 * (i % 9 / 3))) * COLUMN;
        table[i] = (BAND & !(row | bx)) | 1 << i;
        i += 1;
    }
    table
}

/// The state of a search: the options in play, by digit and band.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bands {
    /// Bit `i` of `cells[3d + b]`: digit `d + 1` is in play, or placed, at
    /// cell `i` of band `b`.
    cells: [u32; 27],
    /// Each entry of `cells` as it was when its band was last read (a
    /// value no band has before the first reading).
    read: [u32; 27],
    /// The cells of each band whose digit is not placed yet.
    open: [u32; 3],
    /// The open cells of two candidates, as the last pass of singles
    /// found them.
    pairs: [u32; 3],
}

/// What a search hands each solution to: its 81 digits.
pub(crate) type EachSolution<'b> = &'b mut dyn FnMut(&[u8]);

/// A search's bounds and what it found.
pub(crate) struct Search<'a, 'b> {
    /// Stop at this many solutions.
    pub(crate) limit: u64,
    /// Solutions found.
    pub(crate) found: u64,
    /// Digits tried at branching cells.
    pub(crate) guesses: u64,
    /// Stop as soon as this is set.
    pub(crate) cancel: Option<&'a AtomicBool>,
    /// Whether the search stopped on `cancel`.
    pub(crate) cancelled: bool,
    /// Given each solution's 81 digits, when the caller wants them.
    pub(crate) each: Option<EachSolution<'b>>,
}

impl Search<'_, '_> {
    fn done(&self) -> bool {
        self.found >= self.limit || self.cancelled
    }
}

impl Bands {
    /// The state of a puzzle of 81 digits (0 for an empty cell), each
    /// cell keeping the digits of its mask in `candidates` (bit `d` for
    /// digit `d`) when there are pencilmarks; `None` when two givens share
    /// an item or a given is no candidate.
    pub(crate) fn new(digits: &[u8], candidates: Option<&[u64]>) -> Option<Bands> {
        let mut state = Bands {
            cells: [BAND; 27],
            read: [u32::MAX; 27],
            open: [BAND; 3],
            pairs: [0; 3],
        };
        for (cell, &digit) in digits.iter().enumerate() {
            if digit != 0 && !state.give(cell, usize::from(digit) - 1) {
                return None;
            }
        }
        if let Some(candidates) = candidates {
            for (cell, &mask) in candidates.iter().enumerate() {
                for digit in (1..=9).filter(|&d| mask >> d & 1 == 0) {
                    if digits[cell] == digit {
                        return None;
                    }
                    state.exclude(cell, digit);
                }
            }
        }
        Some(state)
    }

    /// Takes digit `digit` in `cell` out of play.
    pub(crate) fn exclude(&mut self, cell: usize, digit: u8) {
        self.cells[3 * usize::from(digit - 1) + cell / 27] &= !(1 << (cell % 27));
    }

    /// Places a given: digit `d + 1` at `cell`, if still in play.
    fn give(&mut self, cell: usize, d: usize) -> bool {
        let (b, i) = (cell / 27, cell % 27);
        let bit = 1 << i;
        let s = 3 * d + b;
        if self.cells[s] & bit == 0 {
            return false;
        }
        for t in 0..9 {
            self.cells[3 * t + b] &= !bit;
        }
        self.cells[s] |= bit;
        self.cells[s] &= KEEP[i];
        let column = BAND & !(COLUMN << (i % 9));
        self.cells[3 * d + (b + 1) % 3] &= column;
        self.cells[3 * d + (b + 2) % 3] &= column;
        self.open[b] &= !bit;
        true
    }

    /// Counts the solutions, handing each to the search, until its limit.
    pub(crate) fn search(mut self, search: &mut Search<'_, '_>) {
        // A limit of 0 counts nothing, as the links' does.
        if search.done() || !self.settle() {
            return;
        }
        if self.open == [0; 3] {
            self.solved(search);
            return;
        }
        self.branch(search);
    }

    fn solved(&self, search: &mut Search<'_, '_>) {
        search.found += 1;
        if let Some(each) = search.each.as_mut() {
            each(&self.digits());
        }
    }

    /// The digits of a state whose cells are all placed.
    fn digits(&self) -> [u8; 81] {
        let mut digits = [0; 81];
        for (s, &cells) in self.cells.iter().enumerate() {
            let (digit, base) = (s / 3 + 1, 27 * (s % 3));
            let mut left = cells;
            while left != 0 {
                digits[base + left.trailing_zeros() as usize] = digit as u8;
                left &= left - 1;
            }
        }
        digits
    }

    /// Propagates until nothing more follows; `false` on a contradiction.
    fn settle(&mut self) -> bool {
        loop {
            let mut changed = true;
            while changed {
                changed = false;
                for d in 0..9 {
                    for b in 0..3 {
                        if self.cells[3 * d + b] != self.read[3 * d + b] {
                            changed = true;
                            if !self.read_band(d, b) {
                                return false;
                            }
                        }
                    }
                }
            }
            if self.open == [0; 3] {
                return true;
            }
            match self.singles() {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    /// Reads digit `d + 1` in band `b`: its locked minirows, the columns
    /// it holds from the other bands, its rows of one cell; `false` when
    /// no way is left.
    #[inline(always)]
    fn read_band(&mut self, d: usize, b: usize) -> bool {
        let s = 3 * d + b;
        let cells = self.cells[s];
        let minirows = usize::from(THIRDS[(cells & ROW) as usize])
            | usize::from(THIRDS[(cells >> 9 & ROW) as usize]) << 3
            | usize::from(THIRDS[(cells >> 18) as usize]) << 6;
        let cells = cells & LOCKED[minirows];
        if cells == 0 {
            return false;
        }
        self.cells[s] = cells;
        self.read[s] = cells;
        let kept = OTHER_BANDS[((cells | cells >> 9 | cells >> 18) & ROW) as usize];
        self.cells[3 * d + (b + 1) % 3] &= kept;
        self.cells[3 * d + (b + 2) % 3] &= kept;
        // Each row has a cell (a way took a minirow of it), so taking one
        // from each row borrows nothing across rows: a row left empty had
        // one cell, and places the digit there.
        let rest = cells & cells.wrapping_sub(1 | 1 << 9 | 1 << 18);
        let single = |r: u32| u32::from(rest & ROW << (9 * r) == 0) * (ROW << (9 * r));
        let placed = cells & (single(0) | single(1) | single(2)) & self.open[b];
        if placed != 0 {
            self.open[b] &= !placed;
            for t in 0..9 {
                self.cells[3 * t + b] &= !placed;
            }
            self.cells[s] |= placed;
        }
        true
    }

    /// Places the open cells of one digit; `None` when a cell has none,
    /// `Some(true)` when it placed any. Notes the cells of two.
    fn singles(&mut self) -> Option<bool> {
        let mut placed = false;
        for b in 0..3 {
            let (mut one, mut two, mut three) = (0, 0, 0);
            for d in 0..9 {
                let cells = self.cells[3 * d + b];
                three |= two & cells;
                two |= one & cells;
                one |= cells;
            }
            if one != BAND {
                return None;
            }
            self.pairs[b] = two & !three;
            let mut singles = one & !two & self.open[b];
            while singles != 0 {
                let i = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                // A single placed before in this band may have taken the
                // cell's last digit.
                let s = (b..27).step_by(3).find(|&s| self.cells[s] >> i & 1 != 0)?;
                self.cells[s] &= KEEP[i];
                placed = true;
            }
        }
        Some(placed)
    }

    /// Branches on a cell of a settled, open state: each of its digits
    /// in turn, the last on this state itself.
    fn branch(mut self, search: &mut Search<'_, '_>) {
        let (b, i) = self.branching_cell();
        let bit = 1 << i;
        let mut digits = (0..9).fold(0u16, |m, d| {
            m | u16::from(self.cells[3 * d + b] & bit != 0) << d
        });
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            search.guesses += 1;
            if digits == 0 {
                self.cells[3 * d + b] &= KEEP[i];
                self.search(search);
                return;
            }
            if search.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
                search.cancelled = true;
                return;
            }
            let mut next = self;
            next.cells[3 * d + b] &= KEEP[i];
            next.search(search);
            if search.done() {
                return;
            }
            self.cells[3 * d + b] &= !bit;
        }
    }

    /// The first cell of two candidates, or else the open cell of the
    /// fewest (the first of them): its band and place in the band.
    fn branching_cell(&self) -> (usize, usize) {
        if let Some(b) = (0..3).find(|&b| self.pairs[b] != 0) {
            return (b, self.pairs[b].trailing_zeros() as usize);
        }
        let mut best = (usize::MAX, 0, 0);
        for b in 0..3 {
            let mut open = self.open[b];
            while open != 0 {
                let i = open.trailing_zeros() as usize;
                open &= open - 1;
                let count = (0..9)
                    .filter(|&d| self.cells[3 * d + b] >> i & 1 != 0)
                    .count();
                if count < best.0 {
                    best = (count, b, i);
                }
            }
        }
        (best.1, best.2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(puzzle: &str, limit: u64) -> (u64, Vec<Vec<u8>>) {
        let digits: Vec<u8> = puzzle
            .bytes()
            .map(|c| if c.is_ascii_digit() { c - b'0' } else { 0 })
            .collect();
        let mut grids = Vec::new();
        let mut keep = |g: &[u8]| grids.push(g.to_vec());
        let mut search = Search {
            limit,
            found: 0,
            guesses: 0,
            cancel: None,
            cancelled: false,
            each: Some(&mut keep),
        };
        if let Some(state) = Bands::new(&digits, None) {
            state.search(&mut search);
        }
        (search.found, grids)
    }

    #[test]
    fn tables() {
        // A band whose digit is anywhere keeps every cell.
        assert_eq!(LOCKED[511], BAND);
        // Row 0 only in box 0: rows 1 and 2 lose box 0.
        let minirows = 0b110_110_001;
        assert_eq!(LOCKED[minirows] & 7 << 9, 0);
        assert_eq!(LOCKED[minirows] & 7, 7);
        // No way when two rows hold box 0 alone.
        assert_eq!(LOCKED[0b111_001_001], 0);
        // A cell sees 14 cells of its band: 8 of its row, 6 more of its box.
        assert_eq!(KEEP[0].count_ones(), 27 - 14);
        assert_eq!(OTHER_BANDS[0b001_001_001], BAND & !(COLUMN * 0b001_001_001));
    }

    #[test]
    fn counts_a_known_puzzle() {
        let puzzle =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let (found, grids) = count(puzzle, 2);
        assert_eq!(found, 1);
        assert_eq!(
            grids[0]
                .iter()
                .map(|d| char::from(b'0' + d))
                .collect::<String>(),
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
        );
    }
}
