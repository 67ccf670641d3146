//! Jigsaw maps, read the plain way: rows of symbols, whitespace and
//! byte-order marks ignored, `#` starting a comment.

/// A map's rows that hold symbols: each row's 1-based line, and its symbols
/// with their 1-based columns (in characters).
pub fn rows(map: &str) -> Vec<(usize, Vec<(usize, char)>)> {
    let mut rows = Vec::new();
    for (k, line) in map.lines().enumerate() {
        let mut symbols = Vec::new();
        for (column, c) in line.chars().enumerate() {
            if c == '#' {
                break;
            }
            if !c.is_whitespace() && c != '\u{feff}' {
                symbols.push((column + 1, c));
            }
        }
        if !symbols.is_empty() {
            rows.push((k + 1, symbols));
        }
    }
    rows
}

/// The largest side of a sudoku.
pub const MAX_SIDE: usize = 49;

/// The regions of a good map: its side n and each cell's region, row by
/// row, regions numbered in the order the map first shows them. A map is
/// good when it has n rows of n symbols, n from 1 to [`MAX_SIDE`], and each
/// symbol marks n cells.
pub fn regions(map: &str) -> Option<(usize, Vec<usize>)> {
    let rows = rows(map);
    let n = rows.len();
    if !(1..=MAX_SIDE).contains(&n) || rows.iter().any(|(_, row)| row.len() != n) {
        return None;
    }
    let mut symbols: Vec<char> = Vec::new();
    let mut sizes: Vec<usize> = Vec::new();
    let mut region = Vec::with_capacity(n * n);
    for (_, row) in &rows {
        for &(_, symbol) in row {
            let k = symbols
                .iter()
                .position(|&s| s == symbol)
                .unwrap_or_else(|| {
                    symbols.push(symbol);
                    sizes.push(0);
                    symbols.len() - 1
                });
            sizes[k] += 1;
            region.push(k);
        }
    }
    sizes.iter().all(|&size| size == n).then_some((n, region))
}

/// Whether digits 1 to n fill a grid of side n, each once in every row,
/// column and region (`region` gives each cell's, row by row), by
/// backtracking cell after cell.
///
/// # Complexity
///
/// Exponential: meant for sides up to 5.
pub fn fillable(n: usize, region: &[usize]) -> bool {
    fn fill(n: usize, region: &[usize], grid: &mut Vec<usize>) -> bool {
        let cell = grid.len();
        if cell == n * n {
            return true;
        }
        for digit in 1..=n {
            let clash = (0..cell).any(|other| {
                grid[other] == digit
                    && (other / n == cell / n
                        || other % n == cell % n
                        || region[other] == region[cell])
            });
            if !clash {
                grid.push(digit);
                if fill(n, region, grid) {
                    return true;
                }
                grid.pop();
            }
        }
        false
    }
    fill(n, region, &mut Vec::with_capacity(n * n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_regions_in_order_of_first_appearance() {
        let map = "# 4x4\nBBAA\nB C A A\nBCDD  # comment\n\nCCDD\n";
        let region = vec![0, 0, 1, 1, 0, 2, 1, 1, 0, 2, 3, 3, 2, 2, 3, 3];
        assert_eq!(regions(map), Some((4, region)));
        assert_eq!(regions("AB\nAB\n"), Some((2, vec![0, 1, 0, 1])));
        assert_eq!(regions("AA\nAB\n"), None);
        assert_eq!(regions("AB\nAB\nAB\n"), None);
        assert_eq!(regions(""), None);
        assert_eq!(regions(&"A".repeat(50)), None);
    }

    #[test]
    fn fills_when_regions_allow() {
        let (n, region) = regions("AABB\nAABB\nCCDD\nCCDD").unwrap();
        assert!(fillable(n, &region));
        // Each 2x2 latin square repeats a digit on each diagonal.
        let (n, region) = regions("AB\nBA").unwrap();
        assert!(!fillable(n, &region));
    }
}
