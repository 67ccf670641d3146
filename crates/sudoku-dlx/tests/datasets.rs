//! The public data sets in `../shared/datasets/sudoku/`, when present: a fast
//! check of solution counts against a file that gives them, and (ignored by
//! default, long) every puzzle of every file solved, verified and checked
//! for uniqueness.
//!
//! Both skip, saying so, when the folder is absent.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use sudoku_dlx::{Grid, SolveError, SudokuSolver};

/// The file of puzzles with their solution counts (and some solutions).
const COUNTS: &str = "test_puzzles_with_counts.txt";

/// The file whose puzzles all have two solutions or more.
const SEVERAL: &str = "puzzles7_serg_benchmark.txt";

/// The data set folder, or `None` (after saying so) when it is absent.
fn datasets() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/datasets/sudoku");
    if dir.is_dir() {
        Some(dir)
    } else {
        // Written to the stderr handle, which libtest does not capture (it
        // captures only the print macros), so a plain `cargo test` shows it.
        let _ = writeln!(
            std::io::stderr(),
            "skipped: no data sets at {}",
            dir.display()
        );
        None
    }
}

/// Solutions of `puzzle` counted up to `max`, 0 when its givens conflict.
fn count(solver: &mut SudokuSolver, puzzle: &Grid, max: u64) -> u64 {
    match solver.count_solutions_up_to(puzzle, max) {
        Ok(count) => count,
        Err(SolveError::Conflict(_)) => 0,
        Err(e) => panic!("{puzzle}: {e}"),
    }
}

#[test]
fn counts_agree_with_the_file_of_counts() {
    let Some(dir) = datasets() else { return };
    let text = std::fs::read_to_string(dir.join(COUNTS)).unwrap();
    let mut solver = SudokuSolver::new(3).unwrap();
    let (mut none, mut unique, mut several, mut with_solution) = (0, 0, 0, 0);
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = format!("{COUNTS}:{}", i + 1);
        let mut fields = line.split(':');
        let puzzle = Grid::parse(fields.next().unwrap()).unwrap_or_else(|e| panic!("{at}: {e}"));
        let expected: u64 = fields.next().unwrap().parse().unwrap();
        let found = count(&mut solver, &puzzle, 2);
        assert_eq!(found, expected.min(2), "{at}: {puzzle}");
        match expected {
            0 => none += 1,
            1 => unique += 1,
            _ => several += 1,
        }
        // The full count, where it is small enough to be quick.
        if expected <= 1000 {
            assert_eq!(count(&mut solver, &puzzle, u64::MAX), expected, "{at}");
        }
        if let Some(given) = fields.next() {
            let given = Grid::parse(given).unwrap();
            assert!(given.is_solution_of(&puzzle), "{at}: the file's solution");
            if expected == 1 {
                assert_eq!(solver.solution(&puzzle), Ok(given), "{at}");
                with_solution += 1;
            }
        }
    }
    assert_eq!((none, unique, several), (10, 18, 15));
    eprintln!("{COUNTS}: 43 counts agree, {with_solution} solutions too");
}

/// The outcome of one file: puzzles, and the seconds it took.
fn solve_file(path: &Path, threads: usize) -> (usize, f64) {
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let several = name == SEVERAL;
    let text = std::fs::read_to_string(path).unwrap();
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .collect();
    let started = Instant::now();
    let size = lines.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        for part in lines.chunks(size) {
            let name = &name;
            scope.spawn(move || {
                let mut solver = SudokuSolver::new(3).unwrap();
                for &(i, line) in part {
                    let at = format!("{name}:{}", i + 1);
                    let puzzle = Grid::parse(line).unwrap_or_else(|e| panic!("{at}: {e}"));
                    // One search gives the first solution and tells unique
                    // from several.
                    let found: Vec<Grid> = solver
                        .solutions(&puzzle)
                        .unwrap_or_else(|e| panic!("{at}: {e}"))
                        .take(2)
                        .collect();
                    assert!(!found.is_empty(), "{at}: no solution found");
                    for solution in &found {
                        assert!(solution.is_solution_of(&puzzle), "{at}: {solution}");
                    }
                    if several {
                        assert_eq!(found.len(), 2, "{at}: expected several solutions");
                        assert_ne!(found[0], found[1], "{at}");
                    } else {
                        assert_eq!(found.len(), 1, "{at}: expected a unique solution");
                    }
                }
            });
        }
    });
    (lines.len(), started.elapsed().as_secs_f64())
}

#[test]
#[ignore = "long: run with cargo test -p sudoku-dlx --test datasets -- --ignored"]
fn every_puzzle_of_every_data_set_solves_and_checks() {
    let Some(dir) = datasets() else { return };
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| {
            path.extension().is_some_and(|e| e == "txt")
                && path.file_name().is_some_and(|name| name != COUNTS)
        })
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no *.txt in {}", dir.display());
    let threads = 2;
    let mut total = (0, 0.0);
    for path in &files {
        let (puzzles, seconds) = solve_file(path, threads);
        eprintln!(
            "{:<40} {puzzles:>7} puzzles {seconds:>8.2} s {:>9.0} puzzles/s ({threads} threads)",
            path.file_name().unwrap().to_string_lossy(),
            puzzles as f64 / seconds
        );
        total = (total.0 + puzzles, total.1 + seconds);
    }
    eprintln!("{:<40} {:>7} puzzles {:>8.2} s", "total", total.0, total.1);
}
