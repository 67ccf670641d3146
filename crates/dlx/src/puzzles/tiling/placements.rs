//! The placements of a tiling's pieces, listed flat: a few bytes of
//! index per cell, where a `Vec` of cells per placement took a heap block
//! each (5.2 million of them for a tetracube in a 62^3 box, 415 MB where
//! these take 124 MB).

use std::mem::size_of;

use crate::error::{Error, ErrorKind};
use crate::memory;

/// Every placement of every piece, in the order listed: placement `k` is
/// piece `piece[k]` on the board's cells `cells[ends[k - 1]..ends[k]]`
/// (from 0 for the first), by index, ascending.
#[derive(Clone, Debug, Default)]
pub(crate) struct Placements {
    piece: Vec<u32>,
    ends: Vec<u32>,
    cells: Vec<u32>,
}

impl Placements {
    /// The bytes a placement of `cells` cells takes in the list.
    pub(crate) const fn bytes(cells: usize) -> usize {
        2 * size_of::<u32>() + cells * size_of::<u32>()
    }

    /// Room for `placements` placements of `cells` cells in all, made
    /// before the first is listed: the list then never moves.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfMemory`] when the memory cannot be had.
    pub(crate) fn with_capacity(placements: usize, cells: usize) -> Result<Placements, Error> {
        let mut list = Placements::default();
        for (vec, len) in [
            (&mut list.piece, placements),
            (&mut list.ends, placements),
            (&mut list.cells, cells),
        ] {
            vec.try_reserve_exact(len)
                .map_err(|_| memory::out_of_memory((len as u64).saturating_mul(4)))?;
        }
        Ok(list)
    }

    /// Adds a placement of `piece` on `cells`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::TooLarge`] past 2^32 cells in all, which no problem
    /// holds (it has at most 2^30 nodes); [`ErrorKind::OutOfMemory`] when
    /// the list must grow past its capacity and cannot.
    pub(crate) fn push(
        &mut self,
        piece: usize,
        cells: impl IntoIterator<Item = usize>,
    ) -> Result<(), Error> {
        let start = self.cells.len();
        let pushed = self.push_cells(piece, cells);
        if pushed.is_err() {
            self.cells.truncate(start);
        }
        pushed
    }

    fn push_cells(
        &mut self,
        piece: usize,
        cells: impl IntoIterator<Item = usize>,
    ) -> Result<(), Error> {
        let too_large = |_| Error::new(ErrorKind::TooLarge);
        for cell in cells {
            memory::reserve(&mut self.cells, 1)?;
            self.cells.push(u32::try_from(cell).map_err(too_large)?);
        }
        let end = u32::try_from(self.cells.len()).map_err(too_large)?;
        let piece = u32::try_from(piece).map_err(too_large)?;
        memory::reserve(&mut self.piece, 1)?;
        memory::reserve(&mut self.ends, 1)?;
        self.piece.push(piece);
        self.ends.push(end);
        Ok(())
    }

    /// The number of placements.
    pub(crate) fn len(&self) -> usize {
        self.piece.len()
    }

    /// The piece of placement `k`.
    pub(crate) fn piece(&self, k: usize) -> usize {
        self.piece[k] as usize
    }

    /// The cells of placement `k`, ascending.
    pub(crate) fn cells(&self, k: usize) -> &[u32] {
        let start = k.checked_sub(1).map_or(0, |j| self.ends[j] as usize);
        &self.cells[start..self.ends[k] as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placements_keep_their_pieces_and_cells() {
        let mut list = Placements::with_capacity(2, 5).unwrap();
        list.push(1, [0, 2, 3]).unwrap();
        list.push(0, [4, 5]).unwrap();
        // Past the capacity the list grows.
        list.push(2, [7]).unwrap();
        assert_eq!(list.len(), 3);
        assert_eq!((list.piece(0), list.cells(0)), (1, &[0, 2, 3][..]));
        assert_eq!((list.piece(1), list.cells(1)), (0, &[4, 5][..]));
        assert_eq!((list.piece(2), list.cells(2)), (2, &[7][..]));
        // A cell past 2^32 is refused, and the list is left as it was.
        let err = list.push(0, [8, 1 << 32]).unwrap_err();
        assert_eq!(err.kind(), &ErrorKind::TooLarge);
        list.push(3, [9]).unwrap();
        assert_eq!(list.len(), 4);
        assert_eq!((list.piece(3), list.cells(3)), (3, &[9][..]));
        let huge = Placements::with_capacity(1, usize::MAX / 2).unwrap_err();
        assert!(matches!(huge.kind(), ErrorKind::OutOfMemory { .. }));
    }
}
