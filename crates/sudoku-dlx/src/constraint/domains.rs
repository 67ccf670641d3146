//! Cell domains: the digits each cell may still hold at a node of the
//! search, as the rule families' propagation narrows them (see
//! [`Family::propagate`](super::Family::propagate)).

use dlx::Contradiction;

use super::Cell;

/// The digits each cell of a grid of side `n` may still hold, as masks:
/// bit d set for digit d (1..=n).
#[derive(Clone, Debug)]
pub(crate) struct Domains {
    n: usize,
    masks: Vec<u64>,
    /// Per digit d, `words` words from `d * words`: bit k set when cell k
    /// may hold d (the places of each digit, kept with the masks).
    places: Vec<u64>,
    words: usize,
    /// The cells narrowed since they were last drained, each once.
    dirty: Vec<u32>,
    is_dirty: Vec<bool>,
}

impl Domains {
    /// Every cell of a grid of side `n` with every digit.
    pub fn new(n: usize) -> Domains {
        Domains::keeping_places(n, true)
    }

    /// [`Domains::new`], keeping each digit's places ([`Domains::places`])
    /// only when `places` (they cost a little at every change).
    pub fn keeping_places(n: usize, places: bool) -> Domains {
        let words = if places { (n * n).div_ceil(64) } else { 0 };
        let mut domains = Domains {
            n,
            masks: Vec::new(),
            places: vec![0; (n + 1) * words],
            words,
            dirty: Vec::new(),
            is_dirty: vec![false; n * n],
        };
        domains.set_masks(&vec![Domains::all(n); n * n]);
        domains
    }

    /// Sets every cell's digits, row-major (as many masks as cells).
    pub fn set_masks(&mut self, masks: &[u64]) {
        self.masks.clear();
        self.masks.extend_from_slice(masks);
        self.places.fill(0);
        for (cell, &mask) in masks.iter().enumerate() {
            self.flip_places(cell, mask);
        }
    }

    /// Flips `cell` in the places of each digit of `digits`: in where it
    /// was out, out where it was in (nothing when places are not kept).
    fn flip_places(&mut self, cell: usize, digits: u64) {
        if self.words == 0 {
            return;
        }
        let (word, bit) = (cell / 64, 1u64 << (cell % 64));
        let mut m = digits & !1;
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            self.places[d * self.words + word] ^= bit;
        }
    }

    /// Sets every cell's digits and every digit's places to those of
    /// [`Domains::masks`] and [`Domains::all_places`] kept before.
    pub fn load(&mut self, masks: &[u64], places: &[u64]) {
        self.masks.copy_from_slice(masks);
        self.places.copy_from_slice(places);
    }

    /// Sets the digits of `cell` (more or fewer), without marking it.
    pub fn set(&mut self, cell: usize, mask: u64) {
        self.flip_places(cell, self.masks[cell] ^ mask);
        self.masks[cell] = mask;
    }

    /// The places of every digit, digit by digit (see [`Domains::places`]).
    pub fn all_places(&self) -> &[u64] {
        &self.places
    }

    /// The cells that may hold `digit`, as bits of row-major indices
    /// (one word per 64 cells); none unless the places are kept
    /// ([`Domains::keeping_places`]).
    pub fn places(&self, digit: u32) -> &[u64] {
        let at = digit as usize * self.words;
        &self.places[at..at + self.words]
    }

    /// The cells narrowed since the last call, each once.
    pub fn drain_dirty(&mut self) -> impl Iterator<Item = usize> + '_ {
        for &cell in &self.dirty {
            self.is_dirty[cell as usize] = false;
        }
        self.dirty.drain(..).map(|cell| cell as usize)
    }

    /// A cell narrowed since it was last drained or popped, if any.
    pub fn pop_dirty(&mut self) -> Option<usize> {
        let cell = self.dirty.pop()? as usize;
        self.is_dirty[cell] = false;
        Some(cell)
    }

    /// The mask of every digit of side `n`.
    pub fn all(n: usize) -> u64 {
        ((1u64 << n) - 1) << 1
    }

    /// The side.
    pub fn side(&self) -> usize {
        self.n
    }

    /// The masks, cell by cell, row-major.
    pub fn masks(&self) -> &[u64] {
        &self.masks
    }

    /// The digits `cell` may hold.
    pub fn get(&self, (r, c): Cell) -> u64 {
        self.masks[r * self.n + c]
    }

    /// The least digit `cell` may hold (0 for none).
    pub fn min(&self, cell: Cell) -> u32 {
        least_and_greatest(self.get(cell)).0
    }

    /// The greatest digit `cell` may hold (0 for none).
    pub fn max(&self, cell: Cell) -> u32 {
        least_and_greatest(self.get(cell)).1
    }

    /// Keeps the digits of `cell` that `allowed` holds.
    ///
    /// # Errors
    ///
    /// [`Contradiction`] when none is left.
    #[inline]
    pub fn restrict(&mut self, (r, c): Cell, allowed: u64) -> Result<(), Contradiction> {
        self.restrict_at(r * self.n + c, allowed)
    }

    /// [`Domains::restrict`] of the cell of row-major index `cell`.
    ///
    /// # Errors
    ///
    /// [`Contradiction`] when none is left.
    #[inline]
    pub fn restrict_at(&mut self, cell: usize, allowed: u64) -> Result<(), Contradiction> {
        let mask = self.masks[cell];
        // Most calls change nothing.
        if mask & !allowed == 0 {
            return if mask == 0 {
                Err(Contradiction)
            } else {
                Ok(())
            };
        }
        self.narrow(cell, mask & allowed)
    }

    /// Sets the digits of `cell` to `kept`, fewer than it has.
    fn narrow(&mut self, cell: usize, kept: u64) -> Result<(), Contradiction> {
        self.flip_places(cell, self.masks[cell] & !kept);
        self.masks[cell] = kept;
        if !self.is_dirty[cell] {
            self.is_dirty[cell] = true;
            self.dirty.push(cell as u32);
        }
        if kept == 0 {
            return Err(Contradiction);
        }
        Ok(())
    }

    /// Keeps the digits of `cell` from `low` to `high`.
    ///
    /// # Errors
    ///
    /// [`Contradiction`] when none is left.
    pub fn bound(&mut self, cell: Cell, low: i64, high: i64) -> Result<(), Contradiction> {
        let low = low.clamp(0, 63) as u32;
        let high = high.clamp(-1, 62);
        if high < 0 || (high as u32) < low {
            return self.restrict(cell, 0);
        }
        let mask = (u64::MAX >> (63 - high as u32)) & (u64::MAX << low);
        self.restrict(cell, mask)
    }
}

/// Keeps in two cells the digits with a partner in the other: arc
/// consistency on a symmetric rule of two cells, `partners(x)` the mask of
/// the digits that may sit beside x.
///
/// # Errors
///
/// [`Contradiction`] when a cell is left no digit.
pub(crate) fn pair_support(
    domains: &mut Domains,
    p: Cell,
    q: Cell,
    partners: &dyn Fn(u32) -> u64,
) -> Result<(), Contradiction> {
    let keep = |mine: u64, theirs: u64| {
        digits(mine)
            .filter(|&x| partners(x) & theirs != 0)
            .fold(0u64, |m, x| m | 1 << x)
    };
    let (dp, dq) = (domains.get(p), domains.get(q));
    domains.restrict(p, keep(dp, dq))?;
    let dp = domains.get(p);
    domains.restrict(q, keep(dq, dp))
}

/// The mask of digit `d`; empty for a digit no mask holds.
pub(crate) fn bit(d: u32) -> u64 {
    if d < 64 {
        1 << d
    } else {
        0
    }
}

/// Keeps in `cells` (digits may repeat) the digits that leave their sum
/// able to reach `low..=high`.
///
/// # Errors
///
/// [`Contradiction`] when the sum cannot, or a cell is left no digit.
pub(crate) fn sum_bounds(
    domains: &mut Domains,
    cells: &[Cell],
    low: i64,
    high: i64,
) -> Result<(), Contradiction> {
    // Each mask read once per pass (these sums run at most nodes of a
    // killer's search).
    let span = |mask: u64| {
        let (lo, hi) = least_and_greatest(mask);
        (i64::from(lo), i64::from(hi))
    };
    let (least, most) = cells.iter().fold((0, 0), |(least, most), &c| {
        let (lo, hi) = span(domains.get(c));
        (least + lo, most + hi)
    });
    if least > high || most < low {
        return Err(Contradiction);
    }
    for &cell in cells {
        let (lo, hi) = span(domains.get(cell));
        let (from, to) = (low - (most - hi), high - (least - lo));
        // Most cells keep their bounds: no mask to make for them.
        if from > lo || to < hi {
            domains.bound(cell, from, to)?;
        }
    }
    Ok(())
}

/// The least and greatest digit of a mask (0 for none).
fn least_and_greatest(mask: u64) -> (u32, u32) {
    let least = if mask == 0 { 0 } else { mask.trailing_zeros() };
    (least, 63 - mask.leading_zeros().min(63))
}

/// The digits (from 1) of a mask, least first.
pub(crate) fn digits(mut mask: u64) -> impl Iterator<Item = u32> {
    mask &= !1;
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let d = mask.trailing_zeros();
            mask &= mask - 1;
            d
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_keep_the_digits_between() {
        let mut domains = Domains::new(9);
        assert_eq!(domains.get((0, 0)), 0b11_1111_1110);
        domains.bound((0, 0), 3, 5).unwrap();
        assert_eq!(digits(domains.get((0, 0))).collect::<Vec<_>>(), [3, 4, 5]);
        assert_eq!((domains.min((0, 0)), domains.max((0, 0))), (3, 5));
        assert_eq!(domains.drain_dirty().collect::<Vec<_>>(), [0]);
        assert_eq!(domains.drain_dirty().count(), 0);
        assert_eq!(domains.bound((0, 0), 6, 9), Err(Contradiction));
        assert!(domains.bound((1, 1), -4, 0).is_err());
        domains.bound((2, 2), 1, 99).unwrap();
        assert_eq!(domains.get((2, 2)), Domains::all(9));
    }
}
