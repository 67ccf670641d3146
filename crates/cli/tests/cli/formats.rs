//! `dlx sudoku` on the files people have: each puzzle gives exactly one
//! output record, in order, and nothing else does; solutions are checked
//! with `Grid::is_solution_of` against puzzles read independently of the
//! reader under test.

use assert_cmd::Command;
use sudoku_dlx::{Alphabet, Grid};

use crate::fixture;

/// `dlx sudoku ARGS FILE` on a fixture: (exit code, stdout lines, stderr).
fn solve(args: &[&str], file: &str) -> (i32, Vec<String>, String) {
    let output = Command::cargo_bin("dlx")
        .unwrap()
        .arg("sudoku")
        .args(args)
        .arg(fixture(file))
        .output()
        .unwrap();
    (
        output.status.code().unwrap(),
        String::from_utf8(output.stdout)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// Asserts that `line` is a solution of `puzzle` (one line, standard
/// alphabet) and returns it.
fn assert_solves(line: &str, puzzle: &Grid) -> Grid {
    let solution = Grid::parse(line).unwrap();
    assert!(
        solution.is_solution_of(puzzle),
        "{line} does not solve {puzzle}"
    );
    solution
}

#[test]
fn a_16x16_in_0_to_f_is_read_as_0_to_f_or_refused() {
    let hex = Alphabet::custom("0123456789ABCDEF").unwrap();
    let text = std::fs::read_to_string(fixture("sudoku/16x16-hex.txt")).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    let puzzle = Grid::parse_with(lines[0], &hex).unwrap();
    let known = Grid::parse_with(lines[1], &hex).unwrap();
    let (code, out, err) = solve(&[], "sudoku/16x16-hex.txt");
    assert_eq!(out.len(), 2, "{out:?}");
    assert_eq!(assert_solves(&out[0], &puzzle), known);
    assert_eq!(out[1], "invalid");
    assert!(err.contains(":7:10: '0' is an empty cell"), "{err}");
    assert!(err.contains("--alphabet"), "{err}");
    assert_eq!(code, 1);
    // With the alphabet given, both are read as 0-F and written so.
    let (code, out, _) = solve(&["--alphabet", "0123456789ABCDEF"], "sudoku/16x16-hex.txt");
    assert_eq!(out, [lines[1], lines[1]]);
    assert_eq!(code, 0);
}
