//! Aligned pair and triplet exclusion: two (three) cells cannot take
//! digits that would empty a cell of two (or three) candidates seeing
//! them all, nor the same digit where two of them see each other; a
//! digit of one cell that goes with no digits of the others leaves it.

use super::{Logic, Step, Technique};
use crate::constraint::domains::digits;

impl Logic {
    /// An aligned exclusion of `degree` cells (2: 6.2, 3: 7.5), as Sudoku
    /// Explainer finds it. Base cells are open cells of two candidates or
    /// more that see no naked single; a base cell's excluders are the
    /// cells it sees of 2 to `degree` candidates. For two base cells, and
    /// for a triplet a third that is an excluder of one of them, with two
    /// or more excluders in common: a choice of a digit for each is
    /// excluded when two that see each other take the same digit, or
    /// when an excluder holds no digit but the choice's; a digit of a
    /// cell in no choice left leaves the cell. Layouts of houses alone,
    /// as the uniqueness rules.
    pub(super) fn aligned_exclusion(&self, degree: usize) -> Option<Step> {
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
        // Each base cell's excluders, by cell (empty for no base cell).
        let mut excluders: Vec<Vec<usize>> = vec![Vec::new(); cells];
        let mut bases: Vec<usize> = Vec::new();
        for c in (0..cells).filter(|&c| masks[c].count_ones() >= 2) {
            let seen: Vec<usize> = (0..cells).filter(|&e| sees(c, e)).collect();
            if seen.iter().any(|&e| masks[e].count_ones() == 1) {
                continue;
            }
            let of_c: Vec<usize> = seen
                .into_iter()
                .filter(|&e| (2..=degree as u32).contains(&masks[e].count_ones()))
                .collect();
            if !of_c.is_empty() {
                excluders[c] = of_c;
                bases.push(c);
            }
        }
        let is_base = |c: usize| !excluders[c].is_empty();
        for (i, &a) in bases.iter().enumerate() {
            for &b in &bases[i + 1..] {
                // The excluders common to all lie among those of a and b.
                let shared = excluders[a]
                    .iter()
                    .filter(|e| excluders[b].contains(e))
                    .count();
                if shared < 2 {
                    continue;
                }
                let tails: Vec<usize> = if degree == 2 {
                    vec![usize::MAX]
                } else {
                    let mut twin: Vec<usize> = excluders[a]
                        .iter()
                        .chain(&excluders[b])
                        .copied()
                        .filter(|&t| t != a && t != b && is_base(t))
                        .collect();
                    twin.sort_unstable();
                    twin.dedup();
                    twin
                };
                for t in tails {
                    let set: Vec<usize> = if t == usize::MAX {
                        vec![a, b]
                    } else {
                        vec![a, b, t]
                    };
                    if let Some(step) = self.excluded(&set, &masks, &excluders, &sees) {
                        return Some(step);
                    }
                }
            }
        }
        None
    }

    /// The step of one set of base cells, if its choices rule a digit out.
    fn excluded(
        &self,
        set: &[usize],
        masks: &[u64],
        excluders: &[Vec<usize>],
        sees: &dyn Fn(usize, usize) -> bool,
    ) -> Option<Step> {
        let n = self.n;
        let common: Vec<u64> = excluders[set[0]]
            .iter()
            .filter(|e| set[1..].iter().all(|&c| excluders[c].contains(e)))
            .map(|&e| masks[e])
            .collect();
        if common.len() < 2 {
            return None;
        }
        let mut keep = vec![0u64; set.len()];
        let mut choice = vec![0u32; set.len()];
        // Every choice of a digit per cell, by a counter over the cells.
        let lists: Vec<Vec<u32>> = set.iter().map(|&c| digits(masks[c]).collect()).collect();
        let mut at = vec![0usize; set.len()];
        loop {
            for (k, list) in lists.iter().enumerate() {
                choice[k] = list[at[k]];
            }
            let repeats = (0..set.len()).any(|x| {
                (x + 1..set.len()).any(|y| choice[x] == choice[y] && sees(set[x], set[y]))
            });
            let chosen = choice.iter().fold(0u64, |m, &d| m | 1 << d);
            if !repeats && !common.iter().any(|&m| m & !chosen == 0) {
                for (k, &d) in choice.iter().enumerate() {
                    keep[k] |= 1 << d;
                }
            }
            // The next choice, the first cell's digit turning fastest.
            let mut k = 0;
            while k < set.len() {
                at[k] += 1;
                if at[k] < lists[k].len() {
                    break;
                }
                at[k] = 0;
                k += 1;
            }
            if k == set.len() {
                break;
            }
        }
        let mut removed: Vec<u32> = Vec::new();
        for (k, &cell) in set.iter().enumerate() {
            for d in digits(masks[cell] & !keep[k]) {
                removed.push(self.placement_option(cell, d as u8) as u32);
            }
        }
        if removed.is_empty() {
            return None;
        }
        let technique = if set.len() == 2 {
            Technique::AlignedPairExclusion
        } else {
            Technique::AlignedTripletExclusion
        };
        let base = set.iter().map(|&c| super::cell_name(n, c)).collect();
        Some(self.step(technique, base, Vec::new(), Vec::new(), removed))
    }
}
