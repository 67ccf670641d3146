//! Sudoku by plain backtracking, cell after cell.

/// The number of ways to fill the empty cells (0) of a grid of box size `b`
/// (side `b * b`, cells row by row) so that no digit repeats in a row,
/// column or box, counting up to `max`. Givens that already repeat a digit
/// give 0.
///
/// # Complexity
///
/// Exponential: meant for 4x4 grids.
pub fn count_completions(b: usize, cells: &[u8], max: u64) -> u64 {
    let n = b * b;
    assert_eq!(cells.len(), n * n);
    let mut grid = cells.to_vec();
    for cell in 0..n * n {
        let digit = grid[cell];
        if digit != 0 {
            grid[cell] = 0;
            let fits = allowed(&grid, b, cell, digit);
            grid[cell] = digit;
            if !fits {
                return 0;
            }
        }
    }
    let mut count = 0;
    fill(&mut grid, b, max, &mut count);
    count
}

/// Whether `digit` may go in `cell` given the other cells.
fn allowed(grid: &[u8], b: usize, cell: usize, digit: u8) -> bool {
    let n = b * b;
    let (row, col) = (cell / n, cell % n);
    let (top, left) = (row / b * b, col / b * b);
    (0..n).all(|k| {
        grid[row * n + k] != digit
            && grid[k * n + col] != digit
            && grid[(top + k / b) * n + left + k % b] != digit
    })
}

fn fill(grid: &mut [u8], b: usize, max: u64, count: &mut u64) {
    if *count >= max {
        return;
    }
    let Some(cell) = grid.iter().position(|&d| d == 0) else {
        *count += 1;
        return;
    };
    for digit in 1..=(b * b) as u8 {
        if allowed(grid, b, cell, digit) {
            grid[cell] = digit;
            fill(grid, b, max, count);
            grid[cell] = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_4x4_grids() {
        assert_eq!(count_completions(2, &[0; 16], u64::MAX), 288);
        let mut repeated = [0; 16];
        repeated[0] = 1;
        repeated[1] = 1;
        assert_eq!(count_completions(2, &repeated, u64::MAX), 0);
    }
}
