//! The sides a grid can have: the largest, the box sizes of the
//! constructors that take one, and the sides puzzle text is read at
//! without a layout (those with boxes, from 4x4).
//!
//! This is the floor of the crate's model: it names no other module, so
//! errors, the lexer and layouts can all ask it.

/// The largest side: digits are bytes, the standard alphabet writes 61 of
/// them, and 49 = 7x7 is the largest square box the front end has always
/// supported (117,649 options for the engine).
pub(crate) const MAX_SIDE: usize = 49;

/// The smallest box size of the constructors that take one
/// ([`Grid::empty`](crate::Grid::empty), ...): 2, for 4x4.
pub(crate) const MIN_BOX_SIZE: usize = 2;

/// The largest box size of the constructors that take one: 7, for 49x49.
pub(crate) const MAX_BOX_SIZE: usize = 7;

/// The smallest side read from puzzle text without a layout: 4x4.
const MIN_AUTO_SIDE: usize = 4;

/// Whether puzzle text of side `side` is read without a layout: sides 4 to
/// 49 that have boxes (not the primes).
pub(crate) fn is_auto_side(side: usize) -> bool {
    side >= MIN_AUTO_SIDE && SQUAREST_ROWS.get(side).is_some_and(|&rows| rows > 1)
}

/// The side of [`is_auto_side`] of a grid of `cells` cells.
pub(crate) fn auto_side_of_cells(cells: usize) -> Option<usize> {
    AUTO_SIDE_OF_CELLS
        .get(cells)
        .and_then(|&side| (side != 0).then_some(usize::from(side)))
}

/// The cell counts of the sides of [`is_auto_side`], in order.
fn auto_cell_counts() -> impl Iterator<Item = usize> {
    (MIN_AUTO_SIDE..=MAX_SIDE)
        .filter(|&side| is_auto_side(side))
        .map(|side| side * side)
}

/// The whole-grid cell count near `found`, within a tenth of it, if any:
/// 80 cells is most likely a 9x9 puzzle with one cell missing.
pub(crate) fn close_cell_count(found: usize) -> Option<usize> {
    auto_cell_counts().find(|&count| found.abs_diff(count) <= (count / 10).max(1))
}

/// A grid of side `n` as messages name it: "a 9x9 grid", "an 8x8 grid",
/// "an 18x18 grid".
pub(crate) fn a_grid(n: usize) -> String {
    // The sides whose names start with a vowel: eight, eleven, eighteen.
    let article = if matches!(n, 8 | 11 | 18) { "an" } else { "a" };
    format!("{article} {n}x{n} grid")
}

/// The height of the squarest boxes of side `side` (at most
/// [`MAX_SIDE`]): its largest divisor no larger than its square root.
pub(crate) fn squarest_rows(side: usize) -> usize {
    usize::from(SQUAREST_ROWS[side])
}

/// [`squarest_rows`] of every side up to the largest, 0 for side 0: the
/// reader looks a side up for every puzzle.
const SQUAREST_ROWS: [u8; MAX_SIDE + 1] = {
    let mut rows = [0; MAX_SIDE + 1];
    let mut side = 1;
    while side <= MAX_SIDE {
        let mut k = 1;
        while k * k <= side {
            if side % k == 0 {
                rows[side] = k as u8;
            }
            k += 1;
        }
        side += 1;
    }
    rows
};

/// [`auto_side_of_cells`] of every count up to the largest grid's, 0 for
/// the counts of no side: the reader looks a count up for every line.
const AUTO_SIDE_OF_CELLS: [u8; MAX_SIDE * MAX_SIDE + 1] = {
    let mut sides = [0; MAX_SIDE * MAX_SIDE + 1];
    let mut side = MIN_AUTO_SIDE;
    while side <= MAX_SIDE {
        if SQUAREST_ROWS[side] > 1 {
            sides[side * side] = side as u8;
        }
        side += 1;
    }
    sides
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_read_without_a_layout_have_boxes() {
        let sides: Vec<usize> = (0..=MAX_SIDE).filter(|&s| is_auto_side(s)).collect();
        assert_eq!(sides[..6], [4, 6, 8, 9, 10, 12]);
        assert!(!sides.contains(&7) && !sides.contains(&47) && sides.contains(&49));
        assert_eq!(auto_side_of_cells(81), Some(9));
        assert_eq!(auto_side_of_cells(49), None);
        assert_eq!(close_cell_count(80), Some(81));
        assert_eq!(close_cell_count(50), None);
        assert_eq!(squarest_rows(12), 3);
        assert_eq!(
            (a_grid(9), a_grid(18)),
            ("a 9x9 grid".into(), "an 18x18 grid".into())
        );
    }
}
