//! Candidate grids (pencilmarks) from arbitrary bytes (at most 8 KiB): a
//! grid drawn over n lines with a group of candidates per cell, as HoDoKu
//! and Simple Sudoku export it and as `Grid::to_candidate_grid` and
//! `Candidates` draw it, and 9x9 pencilmarks of 729 symbols a line, read
//! by `Puzzles` with the reader's checks (among them: a grid's candidate
//! grid and SudokuWiki board read back allowing the same digits in each
//! cell; 4x4 puzzles are counted by backtracking within each cell's
//! candidates).
//!
//! For the first few puzzles read with the squarest boxes: a 9x9 one
//! written as a 729-symbol line reads back allowing the same digits; a
//! 4x4 one has the true candidates (the digits some solution puts in each
//! cell, counted up to 4) that backtracking finds, and the drawing of
//! these candidates reads back as the puzzle of them.

#![no_main]

use std::cell::RefCell;

use dlx_fuzz::{records, sudoku};
use libfuzzer_sys::fuzz_target;
use sudoku_dlx::{Grid, Layout, Puzzles, SolveError, SudokuSolver};

/// The longest input: a 16x16 candidate grid takes about 5 KiB.
const MAX_LEN: usize = 8192;

/// Puzzles per input given the checks of this format.
const MAX_CHECKED: usize = 4;

/// The cap of the true candidates' counts.
const CAP: u64 = 4;

thread_local! {
    /// A 4x4 solver, its searches capped as the reader's checks cap theirs.
    static SOLVER: RefCell<SudokuSolver> = RefCell::new({
        let mut solver = SudokuSolver::new(2).expect("box size 2 is built");
        solver.set_node_limit(Some(records::NODE_LIMIT));
        solver
    });
}

fuzz_target!(|data: &[u8]| {
    if data.len() > MAX_LEN {
        return;
    }
    let read = records::check(data, Puzzles::new(data), true);
    let squarest = read
        .iter()
        .filter_map(|record| record.result.as_ref().ok())
        .filter(|grid| Layout::squarest(grid.side()).is_ok_and(|l| &l == grid.layout()));
    for puzzle in squarest.take(MAX_CHECKED) {
        match puzzle.side() {
            9 => check_pencilmarks(puzzle),
            4 => check_true_candidates(puzzle),
            _ => {}
        }
    }
});

/// The 729-symbol line of a 9x9 puzzle (each cell's nine places hold the
/// digit it allows, or `.`) reads back allowing the same digits.
fn check_pencilmarks(puzzle: &Grid) {
    let allowed = records::allowed(puzzle);
    let line: String = allowed
        .iter()
        .flat_map(|digits| {
            (1..=9u8).map(move |d| {
                if digits.contains(&d) {
                    char::from(b'0' + d)
                } else {
                    '.'
                }
            })
        })
        .collect();
    let read = records::read_one(&line);
    let read = read.result.unwrap_or_else(|e| panic!("{line}: {e}"));
    assert_eq!(records::allowed(&read), allowed, "{line}");
}

/// The true candidates of a 4x4 puzzle, counted up to [`CAP`], are those
/// of backtracking within each cell's candidates; drawn, they read back
/// as the puzzle of those candidates.
fn check_true_candidates(puzzle: &Grid) {
    let allowed = records::allowed(puzzle);
    let candidates = match SOLVER.with(|s| s.borrow_mut().true_candidates(puzzle, CAP)) {
        Ok(candidates) => candidates,
        Err(SolveError::Conflict(c)) => {
            assert_eq!(puzzle.check(), Err(c), "{puzzle}");
            return;
        }
        Err(SolveError::NodeLimit { .. }) => return,
        Err(e) => panic!("{puzzle}: {e}"),
    };
    let total = sudoku::count_completions_of(2, &allowed, u64::MAX);
    match candidates.solutions() {
        Some(solutions) => assert_eq!(solutions, total, "{puzzle}"),
        None => assert!(total > CAP, "{puzzle}: {total} solutions"),
    }
    for cell in 0..16 {
        for d in 1..=4u8 {
            let mut fixed = allowed.clone();
            fixed[cell].retain(|&k| k == d);
            let count = sudoku::count_completions_of(2, &fixed, CAP);
            assert_eq!(
                candidates.count(cell / 4, cell % 4, d),
                count,
                "{puzzle}: r{}c{} {d}",
                cell / 4 + 1,
                cell % 4 + 1
            );
        }
    }
    let Some(grid) = candidates.to_grid() else {
        assert_eq!(total, 0, "{puzzle}: no candidate grid");
        return;
    };
    let drawn = candidates.to_string();
    let read = records::read_one(&drawn);
    let read = read.result.unwrap_or_else(|e| panic!("{drawn}: {e}"));
    assert_eq!(records::allowed(&read), records::allowed(&grid), "{drawn}");
}
