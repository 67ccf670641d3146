//! The steps that place a digit: singles, an item with one option left
//! taking it (a naked single is a cell's item, a hidden single a
//! house's digit), and the direct forms of pointing, claiming and hidden
//! subsets, which place the single their eliminations leave.

use super::{Kind, Logic, Step, Technique};

impl Logic {
    /// The easiest single: hidden singles in boxes, in lines, in other
    /// houses, naked singles, then the items of constraints.
    pub(super) fn single(&self) -> Option<Step> {
        let mut best: Option<(f64, usize)> = None;
        for item in 0..self.count.len() {
            if !self.shape.exact[item] || self.covered[item] || self.count[item] != 1 {
                continue;
            }
            let difficulty = self.single_technique(item).difficulty();
            if best.is_none_or(|(d, _)| difficulty < d) {
                best = Some((difficulty, item));
            }
        }
        let (_, item) = best?;
        let option = self.live_options(item).next()?;
        let technique = self.single_technique(item);
        let base = vec![self.shape.names[item].clone()];
        Some(self.step(technique, base, Vec::new(), vec![option as u32], Vec::new()))
    }

    /// The name of a single on `item`.
    fn single_technique(&self, item: usize) -> Technique {
        match self.shape.kinds[item] {
            Kind::House(_, _, digit) if self.last_empty_cell(item, digit) => Technique::FullHouse,
            Kind::Cell => Technique::NakedSingle,
            Kind::House(2, ..) => Technique::HiddenSingleBox,
            Kind::House(0 | 1, ..) => Technique::HiddenSingleLine,
            Kind::House(..) => Technique::HiddenSingle,
            Kind::Other => Technique::Single,
        }
    }

    /// Whether the house of `item`, digit `digit` of it, has no other
    /// digit left to place: its one empty cell is the single's.
    fn last_empty_cell(&self, item: usize, digit: u8) -> bool {
        let first = item - (digit as usize - 1);
        (first..first + self.n)
            .filter(|&i| i != item)
            .all(|i| self.covered[i])
    }

    /// The direct form of pointing and claiming (`k` = 1) or of a hidden
    /// pair or triple: one whose eliminations leave a digit a single
    /// place in a box (pointing), a line (claiming) or the subset's own
    /// house. The step places that digit, as Sudoku Explainer's does,
    /// and leaves the eliminations to be found again.
    pub(super) fn direct(&self, k: usize) -> Option<Step> {
        self.set_search(k, true)
    }

    /// The single a direct step's eliminations leave: an item of a house
    /// that `fits` with one option left that it did not have.
    pub(super) fn direct_single(
        &self,
        removed: &[u32],
        fits: &dyn Fn(Kind) -> bool,
    ) -> Option<(usize, usize)> {
        let mut lost: std::collections::HashMap<usize, u32> = std::collections::HashMap::new();
        for &o in removed {
            for &i in &self.shape.items[o as usize] {
                *lost.entry(i as usize).or_default() += 1;
            }
        }
        let mut found: Option<(usize, usize)> = None;
        for (&item, &gone) in &lost {
            if !self.shape.exact[item]
                || !fits(self.shape.kinds[item])
                || self.count[item] < 2
                || self.count[item] - gone != 1
            {
                continue;
            }
            let option = self
                .live_options(item)
                .find(|o| !removed.contains(&(*o as u32)))?;
            if found.is_none_or(|(i, _)| item < i) {
                found = Some((item, option));
            }
        }
        found
    }
}
