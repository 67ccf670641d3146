//! Puzzle files from arbitrary bytes: `sudoku_dlx::Puzzles` never panics,
//! yields its records in line order with lines that exist, and every grid it
//! reads is well formed; a few grids of 4x4 or 9x9 are solved, and the
//! answers checked (4x4 ones against a count by backtracking).
//!
//! The input is read twice: whole with the default options, and after its
//! first byte with the options that byte chooses (a box size, or none, and
//! the standard alphabet or a custom one). Variant puzzles (f-puzzles JSON
//! or links, the text form) are read back from their text form and solved
//! with a solver of their own layout.

#![no_main]

use std::cell::RefCell;

use dlx_fuzz::{sudoku, text};
use libfuzzer_sys::fuzz_target;
use sudoku_dlx::{Alphabet, Grid, Puzzles, ReadOptions, SolveError, SudokuSolver};

/// Nodes per search: a 9x9 puzzle that needs more is left unanswered.
/// Searches dominate the time per input, and 500 nodes take about a
/// millisecond under the sanitizer; the puzzles of the fixtures need under
/// 100.
const NODE_LIMIT: u64 = 500;

/// Grids solved per reading of the input: the rest are only checked for
/// their shape.
const MAX_SOLVED: usize = 4;

thread_local! {
    /// Solvers for box sizes 2 and 3, built once.
    static SOLVERS: RefCell<[SudokuSolver; 2]> = RefCell::new([2, 3].map(|b| {
        let mut solver = SudokuSolver::new(b).expect("box sizes 2 and 3 are built");
        solver.set_node_limit(Some(NODE_LIMIT));
        solver
    }));
}

fuzz_target!(|data: &[u8]| {
    check(data, Puzzles::new(data), true);
    if let Some((&first, rest)) = data.split_first() {
        let (options, standard) = options(first);
        check(rest, Puzzles::with_options(rest, options), standard);
    }
});

/// The options a byte chooses: box size `byte % 8` (none for 0; 1 is not a
/// box size), and with bit 3 a custom alphabet of hex digits.
fn options(byte: u8) -> (ReadOptions, bool) {
    let mut options = ReadOptions::new();
    let custom = byte & 8 != 0;
    if custom {
        let hex = Alphabet::custom("0123456789ABCDEF").expect("a valid alphabet");
        options = options.alphabet(hex);
    }
    let b = usize::from(byte % 8);
    if b != 0 {
        match options.clone().box_size(b) {
            Ok(sized) => options = sized,
            Err(e) => assert_eq!(b, 1, "box size {b}: {e}"),
        }
    }
    (options, !custom)
}

fn check(data: &[u8], puzzles: Puzzles<&[u8]>, standard: bool) {
    let lines = text::line_count(data);
    // f-puzzles objects may share a line (a list written on one line);
    // other records each start a line of their own.
    let json = String::from_utf8_lossy(data)
        .lines()
        .map(|line| line.trim_start_matches('\u{feff}').trim())
        .find(|line| !line.is_empty() && !line.starts_with('#'))
        .is_some_and(|line| {
            let list = line
                .strip_prefix('[')
                .is_some_and(|rest| rest.trim().is_empty() || rest.trim_start().starts_with('{'));
            line.starts_with('{') || list
        });
    let mut puzzles = puzzles;
    let mut last = 0;
    let mut solved = 0;
    for record in puzzles.by_ref() {
        let record = record.expect("reading a slice cannot fail");
        assert!(
            (record.line > last || json && record.line == last) && record.line <= lines,
            "record at line {} after one at line {last}, of {lines} lines",
            record.line
        );
        last = record.line;
        match &record.result {
            Ok(grid) => {
                check_grid(grid, standard);
                let b = grid.box_size();
                let plain = matches!(b, 2 | 3)
                    && grid.layout() == &sudoku_dlx::Layout::square(b).expect("a box size");
                if plain && solved < MAX_SOLVED {
                    solved += 1;
                    SOLVERS.with(|solvers| check_solution(&mut solvers.borrow_mut()[b - 2], grid));
                } else if !plain && grid.side() <= 9 && solved < MAX_SOLVED {
                    solved += 1;
                    check_variant(grid);
                }
            }
            Err(e) => assert!(
                (record.line..=lines).contains(&e.line()),
                "record at line {}: {e}",
                record.line
            ),
        }
    }
    assert!(puzzles.next().is_none(), "records after the end");
}

fn check_grid(grid: &Grid, standard: bool) {
    let n = grid.side();
    if let Some((rows, cols)) = grid.layout().box_shape() {
        assert_eq!(n, rows * cols);
    }
    assert_eq!(grid.cells().len(), n * n);
    assert!(grid.cells().iter().all(|&d| usize::from(d) <= n), "{grid}");
    // Pencilmarks write their candidates, n per cell, in the form the
    // reader takes and `Grid::parse` does not; a layout other than the
    // side's squarest boxes is not in the one-line form.
    let default = Grid::parse(&grid.to_string()).is_ok_and(|g| g.layout() == grid.layout());
    let plain = grid.to_string().chars().count() == n * n && default;
    if standard && plain {
        assert_eq!(Grid::parse(&grid.to_string()).as_ref(), Ok(grid));
        assert_eq!(Grid::parse(&grid.to_grid_string()).as_ref(), Ok(grid));
    }
    // Candidate grids and SudokuWiki's boards read back as the same
    // puzzle: each cell allows the same digits.
    let squarest = sudoku_dlx::Layout::squarest(n).is_ok_and(|l| &l == grid.layout());
    if standard && squarest {
        let mut written = vec![grid.to_candidate_grid()];
        written.extend(grid.to_sudokuwiki());
        for text in written {
            let read = Puzzles::new(text.as_bytes())
                .next()
                .expect("one record")
                .expect("reading a slice cannot fail");
            let read = read.result.unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(allowed(&read), allowed(grid), "{text}");
        }
    }
}

/// Per cell, the digits it may hold: a given's, or its candidates.
fn allowed(grid: &Grid) -> Vec<Vec<u8>> {
    let n = grid.side() as u8;
    (0..grid.cells().len())
        .map(|cell| match grid.cells()[cell] {
            0 => (1..=n).filter(|&d| grid.is_candidate(cell, d)).collect(),
            d => vec![d],
        })
        .collect()
}

/// A variant puzzle (a layout of its own) reads back from its text form,
/// and a solution found is one.
fn check_variant(puzzle: &Grid) {
    let text = puzzle.to_variant_text();
    let mut again = Puzzles::new(text.as_bytes());
    let read = again
        .next()
        .expect("one record")
        .expect("reading a slice cannot fail");
    assert_eq!(read.result.as_ref(), Ok(puzzle), "{text}");
    let mut solver = SudokuSolver::for_layout(puzzle.layout());
    solver.set_node_limit(Some(NODE_LIMIT));
    match solver.solve_one(puzzle) {
        Ok(Some(solution)) => assert!(solution.is_solution_of(puzzle), "{text} -> {solution}"),
        Ok(None) => {}
        Err(SolveError::Conflict(c)) => assert_eq!(puzzle.check(), Err(c)),
        Err(SolveError::NodeLimit { found }) => assert_eq!(found, 0, "{text}"),
        Err(e) => panic!("{text}: {e}"),
    }
}

/// A solution found completes the puzzle; "none" only for puzzles without
/// one, which a 4x4 count by backtracking confirms.
fn check_solution(solver: &mut SudokuSolver, puzzle: &Grid) {
    let answer = solver.solve_one(puzzle);
    let conflict = puzzle.check();
    match &answer {
        Ok(Some(solution)) => assert!(solution.is_solution_of(puzzle), "{puzzle} -> {solution}"),
        Ok(None) => assert!(conflict.is_ok(), "{puzzle}: a conflict but no error"),
        Err(SolveError::Conflict(c)) => assert_eq!(conflict.as_ref(), Err(c)),
        Err(SolveError::NodeLimit { found }) => assert_eq!(*found, 0, "{puzzle}"),
        Err(e) => panic!("{puzzle}: {e}"),
    }
    // The backtracking count knows givens only: a pencilmark puzzle (a
    // candidate grid) is checked by the solution found alone.
    let pencilmarks = (0..puzzle.cells().len())
        .any(|cell| (1..=puzzle.side() as u8).any(|d| !puzzle.is_candidate(cell, d)));
    if puzzle.box_size() == 2 && !pencilmarks {
        let count = sudoku::count_completions(2, puzzle.cells(), u64::MAX);
        if !matches!(answer, Err(SolveError::NodeLimit { .. })) {
            let solved = matches!(answer, Ok(Some(_)));
            assert_eq!(
                solved,
                count > 0,
                "{puzzle}: {count} solutions by backtracking"
            );
        }
        match solver.count_solutions_up_to(puzzle, u64::MAX) {
            Ok(n) => assert_eq!(n, count, "{puzzle}"),
            Err(SolveError::Conflict(_)) => assert_eq!(count, 0, "{puzzle}"),
            Err(SolveError::NodeLimit { found }) => assert!(found <= count, "{puzzle}"),
            Err(e) => panic!("{puzzle}: {e}"),
        }
    }
}
