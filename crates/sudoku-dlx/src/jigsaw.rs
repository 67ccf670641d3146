//! Jigsaw maps: n lines of n symbols, one symbol per region, read into the
//! region of each cell.

use crate::error::{LayoutError, LayoutErrorKind};
use crate::side::MAX_SIDE;

/// The regions of a jigsaw, as read from its map.
#[derive(Debug)]
pub(crate) struct Map {
    /// The side n.
    pub(crate) side: usize,
    /// The region of each cell, row-major, numbered by first appearance.
    pub(crate) region: Box<[u8]>,
    /// The symbol of each region.
    pub(crate) symbols: Box<[char]>,
}

/// A row of the map: its line, and its symbols with their columns.
struct Row {
    line: usize,
    symbols: Vec<(usize, char)>,
}

/// Reads a jigsaw map: lines of symbols, whitespace ignored, `#` starting a
/// comment to the end of its line, lines without symbols skipped. The first
/// row's number of symbols is the side n; there must be n rows of n
/// symbols, and each symbol must mark n cells.
///
/// Errors name the line and, where one symbol is to blame, its column (a
/// row too long: its first symbol too many; too short: the column after its
/// last; a region of the wrong size: its first cell).
pub(crate) fn parse(map: &str) -> Result<Map, LayoutError> {
    let rows: Vec<Row> = map
        .lines()
        .enumerate()
        .map(|(i, line)| Row {
            line: i + 1,
            symbols: line
                .chars()
                .enumerate()
                .take_while(|&(_, ch)| ch != '#')
                .filter(|&(_, ch)| !ch.is_whitespace() && ch != '\u{feff}')
                .map(|(i, ch)| (i + 1, ch))
                .collect(),
        })
        .filter(|row| !row.symbols.is_empty())
        .collect();
    let Some(first) = rows.first() else {
        return Err(LayoutError::new(LayoutErrorKind::EmptyMap));
    };
    let side = first.symbols.len();
    if side > MAX_SIDE {
        let column = first.symbols[MAX_SIDE].0;
        let kind = LayoutErrorKind::Side { side };
        return Err(LayoutError::at(kind, first.line, Some(column)));
    }
    for (i, row) in rows.iter().enumerate() {
        if i == side {
            let kind = LayoutErrorKind::MapRowCount {
                found: rows.len(),
                expected: side,
            };
            return Err(LayoutError::at(kind, row.line, None));
        }
        let found = row.symbols.len();
        if found != side {
            let column = match row.symbols.get(side) {
                Some(&(column, _)) => column,
                None => row.symbols[found - 1].0 + 1,
            };
            let kind = LayoutErrorKind::MapRowLength {
                row: i + 1,
                found,
                expected: side,
            };
            return Err(LayoutError::at(kind, row.line, Some(column)));
        }
    }
    if rows.len() < side {
        let kind = LayoutErrorKind::MapRowCount {
            found: rows.len(),
            expected: side,
        };
        let last = rows.last().map_or(first.line, |row| row.line);
        return Err(LayoutError::at(kind, last, None));
    }
    // Regions in the order the map first shows them, with their first cell
    // (line, column) and their size.
    let mut symbols: Vec<char> = Vec::new();
    let mut firsts: Vec<(usize, usize)> = Vec::new();
    let mut sizes: Vec<usize> = Vec::new();
    let mut region = Vec::with_capacity(side * side);
    for row in &rows {
        for &(column, symbol) in &row.symbols {
            let index = match symbols.iter().position(|&s| s == symbol) {
                Some(index) => index,
                None => {
                    symbols.push(symbol);
                    firsts.push((row.line, column));
                    sizes.push(0);
                    symbols.len() - 1
                }
            };
            sizes[index] += 1;
            region.push(index);
        }
    }
    // n*n cells in regions of n cells each make n regions: a region of
    // another size is the only fault left.
    if let Some(index) = sizes.iter().position(|&size| size != side) {
        let (line, column) = firsts[index];
        let kind = LayoutErrorKind::RegionSize {
            symbol: symbols[index],
            cells: sizes[index],
            expected: side,
        };
        return Err(LayoutError::at(kind, line, Some(column)));
    }
    debug_assert_eq!(symbols.len(), side);
    Ok(Map {
        side,
        // Fewer than MAX_SIDE regions, so each index fits a byte.
        region: region.into_iter().map(|r| r as u8).collect(),
        symbols: symbols.into_boxed_slice(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(map: &str) -> String {
        parse(map).unwrap_err().to_string()
    }

    #[test]
    fn a_map_reads_regions_in_order_of_first_appearance() {
        let map = parse("# a 4x4 jigsaw\nBBAA\nB C A A\nBCDD  # a comment\n\nCCDD\n").unwrap();
        assert_eq!(map.side, 4);
        assert_eq!(&*map.symbols, &['B', 'A', 'C', 'D']);
        assert_eq!(
            &*map.region,
            &[0, 0, 1, 1, 0, 2, 1, 1, 0, 2, 3, 3, 2, 2, 3, 3][..]
        );
    }

    #[test]
    fn map_errors_name_line_and_column() {
        assert_eq!(
            error("AABB\nAABBB\nCCDD\nCCDD"),
            "line 2, column 5: map row 2 has 5 symbols, expected 4 as the first row"
        );
        assert_eq!(
            error("AABB\nAAB\nCCDD\nCCDD"),
            "line 2, column 4: map row 2 has 3 symbols, expected 4 as the first row"
        );
        assert_eq!(
            error("AABB\nAABB\nCCDD"),
            "line 3: the map has 3 rows, expected 4 for rows of 4 symbols"
        );
        assert_eq!(
            error("AABB\nAABB\nCCDD\nCCDD\nCCDD"),
            "line 5: the map has 5 rows, expected 4 for rows of 4 symbols"
        );
        assert_eq!(
            error("AABB\nAABB\nCCDD\nCDDD"),
            "line 3, column 1: region C has 3 cells, expected 4"
        );
        assert_eq!(
            error("AABB\nAABB\nCCDD\nCCDE"),
            "line 3, column 3: region D has 3 cells, expected 4"
        );
        assert_eq!(error(" \n# nothing\n"), "the jigsaw map has no symbols");
        let wide = "A".repeat(50);
        assert_eq!(
            error(&wide),
            "line 1, column 50: a side of 50 is not supported, expected 1 to 49"
        );
    }
}
