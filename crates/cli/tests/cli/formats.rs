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

/// The first four puzzles of `easy.txt`, which the format fixtures hold.
fn easy() -> Vec<Grid> {
    let text = std::fs::read_to_string(fixture("sudoku/easy.txt")).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(4)
        .map(|l| Grid::parse(l).unwrap())
        .collect()
}

/// Asserts that `out` is one solution per puzzle of `puzzles`, in order.
fn assert_solutions(out: &[String], puzzles: &[&Grid]) {
    assert_eq!(out.len(), puzzles.len(), "{out:?}");
    for (line, puzzle) in out.iter().zip(puzzles) {
        assert_solves(line, puzzle);
    }
}

#[test]
fn simple_sudoku_ss_and_sadman_sdk_files() {
    let easy = easy();
    let three: Vec<&Grid> = easy.iter().take(3).collect();
    for file in ["sudoku/simple-sudoku.ss", "sudoku/sadman.sdk"] {
        let (code, out, err) = solve(&[], file);
        assert_solutions(&out, &three);
        assert_eq!((code, err.as_str()), (0, ""), "{file}");
    }
}

#[test]
fn csv_as_published_reads_the_first_field() {
    let easy = easy();
    let (code, out, err) = solve(&[], "sudoku/kaggle.csv");
    assert_solutions(&out, &easy.iter().collect::<Vec<_>>());
    assert_eq!((code, err.as_str()), (0, ""));
    // The second field is the published solution: the same.
    let text = std::fs::read_to_string(fixture("sudoku/kaggle.csv")).unwrap();
    let published: Vec<&str> = text.lines().skip(1).map(|l| &l[82..]).collect();
    assert_eq!(out, published);
}

#[test]
fn what_people_paste() {
    let easy = easy();
    let (code, out, err) = solve(&[], "sudoku/pasted.txt");
    assert_eq!(out.len(), 7, "{out:?}");
    let good = [&easy[0], &easy[1], &easy[2], &easy[3]];
    assert_solutions(&out[..4], &good);
    assert_eq!(out[4..6], ["invalid", "invalid"]);
    assert_solves(&out[6], &easy[1]);
    let errors: Vec<&str> = err.lines().collect();
    assert_eq!(errors.len(), 2, "{err}");
    assert!(errors[0].contains("pasted.txt:19:1: "), "{err}");
    assert!(
        errors[1].ends_with("pasted.txt:20:41: unexpected symbol '?'"),
        "{err}"
    );
    assert_eq!(code, 1);
}

#[test]
fn pencilmarks_restrict_the_cells_before_the_search() {
    let easy = easy();
    let (code, out, err) = solve(&[], "sudoku/pencilmarks.txt");
    assert_eq!(out.len(), 3, "{out:?}");
    // Made from a normal puzzle: the same solution as that puzzle's.
    assert_solves(&out[0], &easy[0]);
    assert_solves(&out[1], &easy[1]);
    // The known solution's digit ruled out in one cell: none.
    assert_eq!(out[2], "none");
    assert!(err.contains("pencilmarks.txt:6: no solution"), "{err}");
    assert_eq!(code, 1);
    let (_, out, _) = solve(&["--count"], "sudoku/pencilmarks.txt");
    assert_eq!(out, ["1", "1", "0"]);
    // JSON gives the puzzle's candidates, not 81 dots (a `0` read as `.`).
    let (_, out, _) = solve(&["--format", "json"], "sudoku/pencilmarks.txt");
    let text = std::fs::read_to_string(crate::fixture("sudoku/pencilmarks.txt")).unwrap();
    let marks: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    for (record, marks) in out.iter().zip(marks) {
        let record: serde_json::Value = serde_json::from_str(record).unwrap();
        let marks = marks.split_whitespace().next().unwrap().replace('0', ".");
        assert_eq!(record["puzzle"], marks.as_str());
    }
    // A canonical form of the givens alone would drop the candidates:
    // refused, not answered for another puzzle.
    let (code, out, err) = solve(&["--canon"], "sudoku/pencilmarks.txt");
    assert_eq!(code, 1);
    assert_eq!(out, ["invalid"; 3]);
    assert!(err.contains("take givens, not pencilmarks"), "{err}");
}
