//! The checks every target of the puzzle reader shares: the records of an
//! input come in order and name its lines, every grid read is well formed
//! and reads back from what the crate writes, and a few puzzles are
//! solved, the answers checked.
//!
//! Searches are capped ([`NODE_LIMIT`] nodes, [`MAX_SOLVED`] puzzles per
//! reading), so that no input costs more than a few milliseconds of
//! search.

use std::cell::RefCell;

use sudoku_dlx::{Grid, Layout, Puzzles, Record, SolveError, SudokuSolver};

use crate::{sudoku, text};

/// Nodes per search: a 9x9 puzzle that needs more is left unanswered.
/// Searches dominate the time per input, and 500 nodes take about a
/// millisecond under the sanitizer; the puzzles of the fixtures need under
/// 100.
pub const NODE_LIMIT: u64 = 500;

/// Grids solved per reading of an input: the rest are only checked for
/// their shape.
pub const MAX_SOLVED: usize = 4;

/// The largest side of a variant puzzle that is solved: larger ones are
/// only read back.
const MAX_VARIANT_SIDE: usize = 9;

thread_local! {
    /// Solvers for box sizes 2 and 3, built once.
    static SOLVERS: RefCell<[SudokuSolver; 2]> = RefCell::new([2, 3].map(|b| {
        let mut solver = SudokuSolver::new(b).expect("box sizes 2 and 3 are built");
        solver.set_node_limit(Some(NODE_LIMIT));
        solver
    }));
}

/// Reads `puzzles` (of the bytes `data`) to the end and checks each record
/// (see the module's docs); `standard` says the alphabet is the standard
/// one, in which grids are written back. Returns the records, for checks
/// of a format's own.
///
/// # Panics
///
/// When a check fails.
pub fn check(data: &[u8], puzzles: Puzzles<&[u8]>, standard: bool) -> Vec<Record> {
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
    let mut records = Vec::new();
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
                let plain =
                    matches!(b, 2 | 3) && grid.layout() == &Layout::square(b).expect("a box size");
                if solved < MAX_SOLVED {
                    if plain {
                        solved += 1;
                        SOLVERS.with(|solvers| {
                            check_solution(&mut solvers.borrow_mut()[b - 2], grid);
                        });
                    } else if grid.side() <= MAX_VARIANT_SIDE {
                        solved += 1;
                        check_variant(grid);
                    }
                }
            }
            Err(e) => assert!(
                (record.line..=lines).contains(&e.line()),
                "record at line {}: {e}",
                record.line
            ),
        }
        records.push(record);
    }
    assert!(puzzles.next().is_none(), "records after the end");
    records
}

/// The first record of `text`, read with the default options.
///
/// # Panics
///
/// When `text` holds no record.
pub fn read_one(text: &str) -> Record {
    Puzzles::new(text.as_bytes())
        .next()
        .unwrap_or_else(|| panic!("no record in {text:?}"))
        .expect("reading a slice cannot fail")
}

/// A grid read is well formed: n*n digits of 0..=n, boxes that tile the
/// side; in the standard alphabet it reads back from its one-line and
/// drawn forms (when they hold all it says), and from its candidate grid
/// and SudokuWiki board as a puzzle allowing the same digits in each cell.
///
/// # Panics
///
/// When a check fails.
pub fn check_grid(grid: &Grid, standard: bool) {
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
    // puzzle: each cell allows the same digits. Candidate grids are 4
    // cells wide or more (docs/sudoku.md), so a 1x1 puzzle, which
    // f-puzzles may hold, has none.
    let squarest = n >= 4 && Layout::squarest(n).is_ok_and(|l| &l == grid.layout());
    if standard && squarest {
        let mut written = vec![grid.to_candidate_grid()];
        written.extend(grid.to_sudokuwiki());
        for text in written {
            let read = read_one(&text);
            let read = read.result.unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(allowed(&read), allowed(grid), "{text}");
        }
    }
}

/// Per cell, the digits it may hold: a given's, or its candidates.
pub fn allowed(grid: &Grid) -> Vec<Vec<u8>> {
    let n = grid.side() as u8;
    (0..grid.cells().len())
        .map(|cell| match grid.cells()[cell] {
            0 => (1..=n).filter(|&d| grid.is_candidate(cell, d)).collect(),
            d => vec![d],
        })
        .collect()
}

/// Whether some empty cell of `grid` rules a digit out: a puzzle of
/// pencilmarks rather than of givens alone.
pub fn has_pencilmarks(grid: &Grid) -> bool {
    let n = grid.side() as u8;
    (0..grid.cells().len()).any(|cell| (1..=n).any(|d| !grid.is_candidate(cell, d)))
}

/// A variant puzzle (a layout of its own) reads back from its text form,
/// and, up to 9x9, a solution found is one. (Its shape is
/// [`check_grid`]'s.)
///
/// # Panics
///
/// When a check fails.
pub fn check_variant(puzzle: &Grid) {
    let text = puzzle.to_variant_text();
    assert_eq!(read_one(&text).result.as_ref(), Ok(puzzle), "{text}");
    if puzzle.side() > MAX_VARIANT_SIDE {
        return;
    }
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
/// one. 4x4 answers and counts match a count by backtracking that keeps
/// to each cell's candidates.
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
    if puzzle.box_size() != 2 {
        return;
    }
    let count = sudoku::count_completions_of(2, &allowed(puzzle), u64::MAX);
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
