//! Jigsaw maps from arbitrary bytes: `Layout::jigsaw` never panics, accepts
//! exactly the maps of n rows of n symbols, each symbol marking n cells,
//! with the regions a plain reading gives, and places its errors on the
//! map; small jigsaws are filled by the solver, checked by backtracking.

#![no_main]

use dlx_fuzz::jigsaw;
use libfuzzer_sys::fuzz_target;
use sudoku_dlx::{Grid, Layout, LayoutError, LayoutErrorKind, SolveError, SudokuSolver, Variant};

/// Sides whose empty grid the solver fills; up to the smaller one, a
/// grid it calls unfillable is checked by backtracking.
const MAX_SOLVED: usize = 6;
const MAX_BACKTRACKED: usize = 5;

/// Nodes per search.
const NODE_LIMIT: u64 = 2000;

fuzz_target!(|data: &[u8]| {
    let map = String::from_utf8_lossy(data);
    let expected = jigsaw::regions(&map);
    match Layout::jigsaw(&map) {
        Ok(layout) => {
            let Some((n, region)) = expected else {
                panic!("accepted a bad map as {layout:?}");
            };
            check_layout(&layout, n, &region);
        }
        Err(e) => {
            assert!(expected.is_none(), "refused a good map: {e}");
            check_error(&e, &map);
        }
    }
});

/// The layout has side n, its regions are the map's, numbered in the order
/// the map first shows them, n cells each; it is a jigsaw without boxes
/// or variants; its empty grid, when small, is filled right.
fn check_layout(layout: &Layout, n: usize, region: &[usize]) {
    assert_eq!(layout.side(), n);
    assert!(layout.is_jigsaw() && layout.box_shape().is_none());
    assert_eq!(layout.variants().count(), 0);
    assert_eq!(layout.to_string(), format!("{n}x{n} jigsaw"));
    let mut sizes = vec![0; n];
    for row in 0..n {
        for col in 0..n {
            let r = layout.region(row, col);
            assert_eq!(r, region[row * n + col], "region of ({row}, {col})");
            sizes[r] += 1;
        }
    }
    assert!(
        sizes.iter().all(|&size| size == n),
        "region sizes {sizes:?}"
    );
    let disjoint = layout.clone().with_variant(Variant::Disjoint);
    assert_eq!(
        disjoint.map_err(|e| e.kind().clone()),
        Err(LayoutErrorKind::DisjointJigsaw)
    );
    if n <= MAX_SOLVED {
        check_filled(layout, n, region);
    }
}

/// The solver's filling of the empty grid has each digit once in every
/// row, column and region; it finds none only when backtracking finds none.
fn check_filled(layout: &Layout, n: usize, region: &[usize]) {
    let mut solver = SudokuSolver::for_layout(layout);
    solver.set_node_limit(Some(NODE_LIMIT));
    let empty = Grid::empty_in(layout);
    match solver.solve_one(&empty) {
        Ok(Some(grid)) => {
            assert!(grid.is_solution_of(&empty));
            let cells = grid.cells();
            // Rows, columns, regions.
            let houses: [&dyn Fn(usize) -> usize; 3] =
                [&|cell| cell / n, &|cell| cell % n, &|cell| region[cell]];
            for house in houses {
                let mut seen = vec![vec![false; n + 1]; n];
                for (cell, &digit) in cells.iter().enumerate() {
                    let digit = usize::from(digit);
                    assert!((1..=n).contains(&digit), "digit {digit}");
                    let h = house(cell);
                    assert!(!seen[h][digit], "digit {digit} twice:\n{grid:?}");
                    seen[h][digit] = true;
                }
            }
        }
        Ok(None) => {
            if n <= MAX_BACKTRACKED {
                assert!(!jigsaw::fillable(n, region), "a filling was missed");
            }
        }
        Err(SolveError::NodeLimit { .. }) => {}
        Err(e) => panic!("solving the empty grid: {e}"),
    }
}

/// An error names a line of the map and, when it has one, a column on it
/// or just past its last character; and says what a plain reading finds.
fn check_error(error: &LayoutError, map: &str) {
    let lines: Vec<&str> = map.lines().collect();
    let rows = jigsaw::rows(map);
    if let Some(line) = error.line() {
        assert!((1..=lines.len()).contains(&line), "{error}");
        if let Some(column) = error.column() {
            let width = lines[line - 1].chars().count();
            assert!(
                (1..=width + 1).contains(&column),
                "{error}: {width} characters"
            );
        }
    } else {
        assert_eq!(error.column(), None, "{error}");
    }
    let side = rows.first().map_or(0, |(_, row)| row.len());
    match *error.kind() {
        LayoutErrorKind::EmptyMap => assert!(rows.is_empty(), "{error}"),
        LayoutErrorKind::Side { side: s } => {
            assert!(s == side && s > jigsaw::MAX_SIDE, "{error}");
            assert_eq!(error.line(), Some(rows[0].0), "{error}");
        }
        LayoutErrorKind::MapRowLength {
            row,
            found,
            expected,
        } => {
            assert_eq!(expected, side, "{error}");
            let (line, symbols) = &rows[row - 1];
            assert!(symbols.len() == found && found != side, "{error}");
            assert_eq!(error.line(), Some(*line), "{error}");
        }
        LayoutErrorKind::MapRowCount { found, expected } => {
            assert!(
                found == rows.len() && expected == side && found != side,
                "{error}"
            );
        }
        LayoutErrorKind::RegionSize {
            symbol,
            cells,
            expected,
        } => {
            assert_eq!(expected, side, "{error}");
            // The symbol's cells, as (line, column).
            let marked: Vec<(Option<usize>, Option<usize>)> = rows
                .iter()
                .flat_map(|(line, row)| {
                    row.iter()
                        .filter(|&&(_, s)| s == symbol)
                        .map(move |&(column, _)| (Some(*line), Some(column)))
                })
                .collect();
            assert!(marked.len() == cells && cells != side, "{error}");
            assert_eq!((error.line(), error.column()), marked[0], "{error}");
        }
        ref kind => panic!("a jigsaw map cannot fail with {kind:?}"),
    }
}
