//! Aligned pair exclusion: two cells cannot take two digits that would
//! empty a cell of two candidates seeing both, nor the same digit when
//! they see each other; a digit of one cell that goes with no digit of
//! the other leaves it.

use super::{Logic, Step, Technique};

impl Logic {
    /// An aligned pair exclusion (6.2), as Sudoku Explainer finds it: two
    /// open cells, each seeing no naked single, that have two or more
    /// cells of two candidates (excluders) seeing both. A pair of digits
    /// for the two is excluded when both would be the same digit in
    /// cells that see each other, or when an excluder holds only those
    /// two digits; a digit of a cell in no pair left leaves the cell.
    /// Layouts of houses alone, as the uniqueness rules.
    pub(super) fn aligned_pair_exclusion(&self) -> Option<Step> {
        if !self.uniqueness_applies() {
            return None;
        }
        let n = self.n;
        let cells = n * n;
        let masks: Vec<u64> = (0..cells)
            .map(|c| {
                if self.placed[c] == 0 {
                    self.cell_mask(c)
                } else {
                    0
                }
            })
            .collect();
        let houses: Vec<[usize; 3]> = (0..cells).map(|c| self.houses_of(c)).collect();
        let sees = |a: usize, b: usize| a != b && houses[a].iter().any(|h| houses[b].contains(h));
        // Each base cell and the excluders it sees.
        let mut bases: Vec<(usize, Vec<usize>)> = Vec::new();
        for c in (0..cells).filter(|&c| masks[c].count_ones() >= 2) {
            let seen: Vec<usize> = (0..cells).filter(|&e| sees(c, e)).collect();
            if seen.iter().any(|&e| masks[e].count_ones() == 1) {
                continue;
            }
            let excluders: Vec<usize> = seen
                .into_iter()
                .filter(|&e| masks[e].count_ones() == 2)
                .collect();
            if !excluders.is_empty() {
                bases.push((c, excluders));
            }
        }
        for (i, (a, ea)) in bases.iter().enumerate() {
            for (b, eb) in &bases[i + 1..] {
                let common: Vec<u64> = ea
                    .iter()
                    .filter(|e| eb.contains(e))
                    .map(|&e| masks[e])
                    .collect();
                if common.len() < 2 {
                    continue;
                }
                let (ma, mb) = (masks[*a], masks[*b]);
                let (mut keep_a, mut keep_b) = (0u64, 0u64);
                for x in (1..=n).filter(|&x| ma >> x & 1 != 0) {
                    for y in (1..=n).filter(|&y| mb >> y & 1 != 0) {
                        let pair = 1u64 << x | 1 << y;
                        let excluded =
                            (x == y && sees(*a, *b)) || common.iter().any(|&m| m & !pair == 0);
                        if !excluded {
                            keep_a |= 1 << x;
                            keep_b |= 1 << y;
                        }
                    }
                }
                let mut removed: Vec<u32> = Vec::new();
                for (cell, mask, keep) in [(*a, ma, keep_a), (*b, mb, keep_b)] {
                    for d in (1..=n as u8).filter(|&d| (mask & !keep) >> d & 1 != 0) {
                        removed.push(self.placement_option(cell, d) as u32);
                    }
                }
                if removed.is_empty() {
                    continue;
                }
                let base = vec![super::cell_name(n, *a), super::cell_name(n, *b)];
                return Some(self.step(
                    Technique::AlignedPairExclusion,
                    base,
                    Vec::new(),
                    Vec::new(),
                    removed,
                ));
            }
        }
        None
    }
}
