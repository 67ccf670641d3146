//! Sudoku by plain backtracking, cell after cell.

/// The number of ways to fill a grid of box size `b` (side `b * b`) so
/// that each cell holds one of the digits `allowed` lists for it (cells
/// row by row: a given lists its digit alone, an empty cell of a puzzle of
/// givens all n) and no digit repeats in a row, column or box, counting up
/// to `max`. Givens that repeat a digit, or a cell with no digit allowed,
/// give 0.
///
/// # Complexity
///
/// Exponential: meant for 4x4 grids.
pub fn count_completions_of(b: usize, allowed: &[Vec<u8>], max: u64) -> u64 {
    let n = b * b;
    assert_eq!(allowed.len(), n * n);
    let mut grid = vec![0; n * n];
    let mut count = 0;
    fill(&mut grid, allowed, b, max, &mut count);
    count
}

/// Whether `digit` may go in `cell` given the other cells.
fn fits(grid: &[u8], b: usize, cell: usize, digit: u8) -> bool {
    let n = b * b;
    let (row, col) = (cell / n, cell % n);
    let (top, left) = (row / b * b, col / b * b);
    (0..n).all(|k| {
        grid[row * n + k] != digit
            && grid[k * n + col] != digit
            && grid[(top + k / b) * n + left + k % b] != digit
    })
}

fn fill(grid: &mut [u8], allowed: &[Vec<u8>], b: usize, max: u64, count: &mut u64) {
    if *count >= max {
        return;
    }
    let Some(cell) = grid.iter().position(|&d| d == 0) else {
        *count += 1;
        return;
    };
    for &digit in &allowed[cell] {
        if fits(grid, b, cell, digit) {
            grid[cell] = digit;
            fill(grid, allowed, b, max, count);
            grid[cell] = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_4x4_grids() {
        let all = vec![vec![1, 2, 3, 4]; 16];
        assert_eq!(count_completions_of(2, &all, u64::MAX), 288);
        let mut repeated = all.clone();
        repeated[0] = vec![1];
        repeated[1] = vec![1];
        assert_eq!(count_completions_of(2, &repeated, u64::MAX), 0);
        // r1c1 without 1: a quarter of the grids put 1 there.
        let mut no_one = all.clone();
        no_one[0] = vec![2, 3, 4];
        assert_eq!(count_completions_of(2, &no_one, u64::MAX), 216);
        let mut none = all;
        none[5] = vec![];
        assert_eq!(count_completions_of(2, &none, u64::MAX), 0);
    }
}
