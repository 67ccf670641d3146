//! `dlx sudoku`: solutions checked independently of the solver, one output
//! record per input puzzle, diagnostics, exit status, formats and threads.

use std::collections::HashSet;
use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, Command as StdCommand, Stdio};

use predicates::prelude::*;
use sudoku_dlx::{Alphabet, Grid, Puzzles, Record};

use crate::{dlx, fixture, sudoku_stdin, LEETCODE, LEETCODE_SOLUTION};

const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
const INKALA_SOLUTION: &str =
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452";

/// The output of `dlx sudoku ARGS`: (exit code, stdout, stderr).
/// Reads the rest of a spawned `dlx`'s stderr, then waits for it: its exit
/// code and what it wrote there.
fn finish(mut child: Child) -> (Option<i32>, String) {
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    (child.wait().unwrap().code(), stderr)
}

fn sudoku(args: &[&str]) -> (i32, String, String) {
    sudoku_stdin(args, "")
}

/// The records of a puzzle file, read with the library's reader.
fn records(path: &str) -> Vec<Record> {
    let file = std::fs::File::open(path).unwrap();
    Puzzles::new(BufReader::new(file))
        .collect::<Result<_, _>>()
        .unwrap()
}

/// Checks line-format solve output against the puzzles of `path`: one line
/// per record; `invalid` exactly for the records that do not parse, `none`
/// for those whose givens conflict; every other line `none` or a complete,
/// valid grid keeping the puzzle's givens, by [`Grid::is_solution_of`] (not
/// by the solver).
/// Returns the number of solved puzzles.
fn check_solutions(path: &str, stdout: &str) -> usize {
    let records = records(path);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), records.len(), "one line per record of {path}");
    let mut solved = 0;
    for (record, line) in records.iter().zip(&lines) {
        match &record.result {
            Ok(puzzle) if puzzle.check().is_err() => {
                assert_eq!(*line, "none", "{path}:{}", record.line);
            }
            Ok(puzzle) => {
                if *line == "none" {
                    continue;
                }
                let solution = Grid::parse(line).unwrap_or_else(|e| {
                    panic!("{path}:{}: output {line:?} is no grid: {e}", record.line)
                });
                assert!(
                    solution.is_solution_of(puzzle),
                    "{path}:{}: {line} does not solve {puzzle}",
                    record.line
                );
                solved += 1;
            }
            _ => assert_eq!(*line, "invalid", "{path}:{}", record.line),
        }
    }
    solved
}

#[test]
fn every_solution_printed_is_valid_and_keeps_its_givens() {
    for file in ["easy.txt", "4x4.txt", "16x16.txt", "25x25.txt", "grid.txt"] {
        let path = fixture(&format!("sudoku/{file}"));
        let (code, out, err) = sudoku(&[&path]);
        assert_eq!(code, 0, "{file}: {err}");
        assert_eq!(err, "");
        let solved = check_solutions(&path, &out);
        assert_eq!(solved, records(&path).len(), "{file}");
    }
}

#[test]
fn leetcode_and_inkala_solve_to_their_known_solutions() {
    let (code, out, _) = sudoku(&[&fixture("sudoku/easy.txt")]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 6);
    assert_eq!(&lines[..2], [LEETCODE_SOLUTION, INKALA_SOLUTION]);
    let (_, out, _) = sudoku_stdin(&[], &format!("{INKALA}\n"));
    assert_eq!(out, format!("{INKALA_SOLUTION}\n"));
}

#[test]
fn the_empty_4x4_grid_has_288_solutions() {
    let (code, out, _) = sudoku_stdin(&["--count"], "................\n");
    assert_eq!((code, out.as_str()), (0, "288\n"));
    let (_, out, _) = sudoku_stdin(&["--count", "--limit", "100", "-"], "................\n");
    assert_eq!(out, "100\n");
    let (_, out, _) = sudoku(&["--count", &fixture("sudoku/4x4.txt")]);
    assert_eq!(out, "1\n1\n1\n1\n288\n");
}

#[test]
fn a_drawn_grid_and_its_line_give_the_same_output() {
    for format in ["line", "grid", "json"] {
        let (_, grid, _) = sudoku(&["--format", format, &fixture("sudoku/grid.txt")]);
        let (_, line, _) = sudoku_stdin(&["--format", format], &format!("{LEETCODE}\n"));
        let (_, easy, _) = sudoku(&["--format", format, &fixture("sudoku/easy.txt")]);
        if format == "json" {
            // Only file and line differ.
            let strip = |s: &str| {
                let mut v: serde_json::Value = serde_json::from_str(s).unwrap();
                v.as_object_mut().unwrap().remove("file");
                v.as_object_mut().unwrap().remove("line");
                v
            };
            assert_eq!(strip(&grid), strip(&line));
            assert_eq!(strip(&grid), strip(easy.lines().next().unwrap()));
        } else {
            assert_eq!(grid, line, "--format {format}");
            assert!(easy.starts_with(&grid), "--format {format}");
        }
    }
}

#[test]
fn grid_format_draws_each_solution_then_a_blank_line() {
    let (code, out, _) = sudoku(&["--format", "grid", &fixture("sudoku/easy.txt")]);
    assert_eq!(code, 0);
    let drawn: Vec<&str> = out.split_terminator("\n\n").collect();
    assert_eq!(drawn.len(), 6);
    let solution = Grid::parse(drawn[0]).unwrap();
    assert_eq!(solution.to_string(), LEETCODE_SOLUTION);
    assert!(drawn[0].starts_with("5 3 4 | 6 7 8 | 9 1 2\n"));
    for (text, puzzle) in drawn.iter().zip(records(&fixture("sudoku/easy.txt"))) {
        assert!(Grid::parse(text)
            .unwrap()
            .is_solution_of(puzzle.result.as_ref().unwrap()));
    }
}

#[test]
fn sixteen_and_twenty_five_solve() {
    for (file, side) in [("16x16.txt", 16), ("25x25.txt", 25)] {
        let path = fixture(&format!("sudoku/{file}"));
        let (code, out, err) = sudoku(&["--check", &path]);
        assert_eq!(code, 0, "{err}");
        assert!(out.lines().all(|l| l == "unique"), "{file}: {out}");
        let (_, out, _) = sudoku(&[&path]);
        assert!(out.lines().all(|l| l.len() == side * side));
        check_solutions(&path, &out);
    }
}

#[test]
fn each_bad_input_is_named_and_the_others_still_solve() {
    let path = fixture("sudoku/mixed-bad.txt");
    let (code, out, err) = sudoku(&[&path]);
    assert_eq!(code, 1, "{err}");
    let name = &path;
    for message in [
        format!("{name}:6: expected 81 cells, found 80\n"),
        format!("{name}:8:3: unexpected symbol 'a'\n"),
        format!("{name}:9: no solution: digit 5 repeated in row 1 (r1c1 and r1c3)\n"),
        format!("{name}:13:5: symbol '5' stands for 5, out of range for a 4x4 grid\n"),
        format!("{name}:20: grid row 5 has 8 cells, expected 9\n"),
        format!(
            "{name}:27:83: looks like a tdoku line (puzzle:count:solution) but its count \
             field \"one\" is not a number\n"
        ),
    ] {
        assert!(err.contains(&message), "missing {message:?} in\n{err}");
    }
    assert_eq!(err.lines().count(), 6, "{err}");
    // One record per puzzle, in order: the bad ones say so, the others solve.
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 12);
    let invalid: Vec<usize> = (0..12).filter(|&i| lines[i] == "invalid").collect();
    assert_eq!(invalid, [1, 3, 6, 7, 9]);
    // Givens that repeat a digit: no solution.
    assert_eq!(lines[4], "none");
    assert_eq!(check_solutions(&path, &out), 6);
    assert_eq!(lines[2], INKALA_SOLUTION);
    assert_eq!(lines[10], LEETCODE_SOLUTION);
}

#[test]
fn every_mode_gives_one_record_per_puzzle() {
    let path = fixture("sudoku/mixed-bad.txt");
    let (code, out, _) = sudoku(&["--count", &path]);
    assert_eq!(code, 1);
    let expected = "1 invalid 1 invalid 0 1 invalid invalid 1 invalid 1 1";
    assert_eq!(
        out.split_whitespace().collect::<Vec<_>>().join(" "),
        expected
    );
    let (_, out, _) = sudoku(&["--check", &path]);
    assert_eq!(out.lines().count(), 12);
    assert_eq!(out.lines().filter(|&l| l == "unique").count(), 6);
    assert_eq!(out.lines().nth(4), Some("none"));
    let (_, out, _) = sudoku(&["--format", "grid", &path]);
    assert_eq!(out.split_terminator("\n\n").count(), 12);
    let (_, out, _) = sudoku(&["--format", "json", &path]);
    assert_eq!(out.lines().count(), 12);
    let (_, out, _) = sudoku(&["--all", &path]);
    assert_eq!(out.split_terminator("\n\n").count(), 12);
}

#[test]
fn no_solution_prints_none_and_says_so() {
    let path = fixture("sudoku/multi.txt");
    let (code, out, err) = sudoku(&[&path]);
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 6);
    assert_eq!(lines[5], "none");
    check_solutions(&path, &out);
    assert_eq!(err, format!("{path}:15: no solution\n"));
}

#[test]
fn check_and_count_on_puzzles_with_several_solutions() {
    let path = fixture("sudoku/multi.txt");
    let (code, out, _) = sudoku(&["--check", &path]);
    assert_eq!(code, 1, "the last puzzle has no solution");
    assert_eq!(
        out,
        "multiple\nmultiple\nmultiple\nmultiple\nmultiple\nnone\n"
    );
    let (_, out, _) = sudoku(&["--count", &path]);
    assert_eq!(out, "2\n4\n41\n375\n1406\n0\n");
    let (_, out, _) = sudoku(&["--count", "--limit", "50", &path]);
    assert_eq!(out, "2\n4\n41\n50\n50\n0\n");
    let (code, out, _) = sudoku(&["--check", &fixture("sudoku/easy.txt")]);
    assert_eq!((code, out), (0, "unique\n".repeat(6)));
}

#[test]
fn all_with_a_limit_prints_distinct_valid_solutions() {
    let puzzle = Grid::parse(
        ".3..7....6..195....98....6.8...6...34..8.3..17.......6.6....28....419..5....8..79",
    )
    .unwrap();
    let (code, out, _) = sudoku_stdin(&["--all", "--limit", "3"], &format!("{puzzle}\n"));
    assert_eq!(code, 0);
    assert!(out.ends_with("\n\n"), "the record ends with an empty line");
    let lines: Vec<&str> = out.lines().filter(|l| !l.is_empty()).collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines.iter().collect::<HashSet<_>>().len(), 3);
    for line in &lines {
        assert!(Grid::parse(line).unwrap().is_solution_of(&puzzle));
    }
    // Without a limit: all 4.
    let (_, out, _) = sudoku_stdin(&["--all"], &format!("{puzzle}\n{puzzle}\n"));
    let records: Vec<&str> = out.split_terminator("\n\n").collect();
    assert_eq!(records.len(), 2);
    assert!(records.iter().all(|r| r.lines().count() == 4));
    // The empty 4x4 grid: 288 distinct solutions.
    let (_, out, _) = sudoku_stdin(&["--all"], "................\n");
    let set: HashSet<&str> = out.lines().filter(|l| !l.is_empty()).collect();
    assert_eq!(set.len(), 288);
    let empty = Grid::empty(2).unwrap();
    assert!(set
        .iter()
        .all(|l| Grid::parse(l).unwrap().is_solution_of(&empty)));
}

#[test]
fn json_lines_carry_the_fields() {
    let path = fixture("sudoku/mixed-bad.txt");
    let (_, out, _) = sudoku(&["--format", "json", "--stats", &path]);
    let objects: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is a JSON object"))
        .collect();
    assert_eq!(objects.len(), 12);
    let first = &objects[0];
    assert_eq!(first["file"], path.as_str());
    assert_eq!(first["line"], 3);
    assert_eq!(first["status"], "solved");
    let puzzle = Grid::parse(first["puzzle"].as_str().unwrap()).unwrap();
    let solution = Grid::parse(first["solution"].as_str().unwrap()).unwrap();
    assert!(solution.is_solution_of(&puzzle));
    assert!(first["stats"]["nodes"].as_u64().unwrap() > 0);
    assert!(first["stats"]["updates"].as_u64().unwrap() > 0);
    assert!(first["stats"]["micros"].is_u64());
    assert!(first.get("error").is_none());
    let bad = &objects[1];
    assert_eq!(bad["line"], 6);
    assert_eq!(bad["status"], "invalid");
    assert_eq!(bad["error"], "expected 81 cells, found 80");
    assert!(bad["puzzle"].is_null());
    assert!(bad.get("solution").is_none());
    let conflict = &objects[4];
    assert_eq!(conflict["line"], 9);
    assert_eq!(conflict["status"], "none");
    assert_eq!(
        conflict["error"],
        "no solution: digit 5 repeated in row 1 (r1c1 and r1c3)"
    );
    assert!(conflict["puzzle"].as_str().unwrap().starts_with("535.7"));
    let lines: Vec<u64> = objects
        .iter()
        .map(|o| o["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, [3, 6, 7, 8, 9, 10, 13, 15, 26, 27, 29, 40]);

    let (_, out, _) = sudoku(&["--format", "json", "--check", &fixture("sudoku/multi.txt")]);
    let objects: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(objects[0]["status"], "multiple");
    assert_eq!(objects[0]["count"], 2);
    assert!(objects[0].get("stats").is_none());
    assert_eq!(objects[5]["status"], "none");
    assert_eq!(objects[5]["count"], 0);
    assert_eq!(objects[5]["error"], "no solution");

    let (_, out, _) = sudoku(&["--format", "json", "--check", &fixture("sudoku/easy.txt")]);
    let first: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(first["status"], "unique");
    assert_eq!(first["count"], 1);

    let (_, out, _) = sudoku_stdin(
        &["--format", "json", "--all", "--limit", "2"],
        "................\n",
    );
    let object: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(object["file"], "<stdin>");
    assert_eq!(object["solutions"].as_array().unwrap().len(), 2);

    let (_, out, _) = sudoku_stdin(&["--format", "json", "--count"], "................\n");
    let object: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        (&object["status"], &object["count"]),
        (&"solved".into(), &288.into())
    );
}

#[test]
fn json_says_count_for_a_number_solutions_for_a_list_solution_for_one() {
    let empty = "................\n";
    let cases: [(&[&str], &str, [&str; 2]); 5] = [
        (&[], "solution", ["solutions", "count"]),
        (&["--count"], "count", ["solution", "solutions"]),
        (&["--check"], "count", ["solution", "solutions"]),
        (
            &["--all", "--limit", "3"],
            "solutions",
            ["solution", "count"],
        ),
        // Above 16 solutions, written as they are found.
        (
            &["--all", "--limit", "300"],
            "solutions",
            ["solution", "count"],
        ),
    ];
    for (args, key, absent) in cases {
        let mut all = vec!["--format", "json"];
        all.extend_from_slice(args);
        let (code, out, _) = sudoku_stdin(&all, empty);
        assert_eq!(code, 0, "{args:?}");
        let record: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        let value = &record[key];
        match key {
            "solution" => assert!(value.is_string(), "{out}"),
            "count" => assert!(value.is_u64(), "{out}"),
            _ => assert!(value.is_array(), "{out}"),
        }
        for other in absent {
            assert!(record.get(other).is_none(), "{args:?}: {out}");
        }
    }
    let (_, help, _) = sudoku(&["--help"]);
    for key in ["\"solution\"", "\"solutions\"", "\"count\"", "\"status\""] {
        assert!(help.contains(key), "{key} in\n{help}");
    }
}

#[test]
fn stats_per_puzzle_and_a_summary_on_stderr() {
    let path = fixture("sudoku/mixed-bad.txt");
    let (code, out, err) = sudoku(&["--stats", &path]);
    assert_eq!(code, 1);
    assert_eq!(out.lines().count(), 12);
    let stats: Vec<&str> = err.lines().filter(|l| l.contains(": nodes ")).collect();
    assert_eq!(stats.len(), 12, "{err}");
    assert!(stats[0].starts_with(&format!("{path}:3: nodes ")));
    assert!(stats[0].contains(", updates ") && stats[0].ends_with(" µs"));
    let summary = err.lines().last().unwrap();
    assert!(
        summary.starts_with("summary: 12 puzzles, 6 solved, 1 none, 5 invalid;"),
        "{summary}"
    );
    assert!(summary.contains(" puzzles/s"));
}

#[test]
fn a_missing_file_is_an_error_after_the_others_are_solved() {
    let missing = fixture("sudoku/no-such-file.txt");
    let easy = fixture("sudoku/easy.txt");
    let (code, out, err) = sudoku(&[&missing, &easy]);
    assert_eq!(code, 2);
    assert_eq!(out.lines().count(), 6, "the readable file is solved");
    assert!(
        err.contains(&format!("dlx: error: cannot read {missing}: ")),
        "{err}"
    );
    dlx()
        .args(["sudoku", &missing])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("cannot read"));
}

#[test]
fn stdin_is_read_when_no_file_is_given_or_for_a_dash() {
    let input = format!("{LEETCODE}\n# a comment\n\n{INKALA}\n");
    let expected = format!("{LEETCODE_SOLUTION}\n{INKALA_SOLUTION}\n");
    let (code, out, _) = sudoku_stdin(&[], &input);
    assert_eq!((code, out.as_str()), (0, expected.as_str()));
    let easy = fixture("sudoku/easy.txt");
    let (_, out, _) = sudoku_stdin(&["-", &easy], &input);
    assert!(out.starts_with(&expected));
    assert_eq!(out.lines().count(), 8);
    let (code, _, err) = sudoku_stdin(&[], "12\n");
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "<stdin>:1: expected the cells of a grid (16 for 4x4, 36 for 6x6, 64 for 8x8, 81 for 9x9, ... 2401 for 49x49), found 2\n"
    );
}

#[test]
fn conflicting_flags_are_usage_errors() {
    for args in [
        &["--count", "--all"][..],
        &["--count", "--check"],
        &["--all", "--check"],
        &["--limit", "3"],
        &["--check", "--limit", "3"],
        &["--count", "--limit", "0"],
        &["--format", "xml"],
        &["--size", "7"],
        &["--box", "2x3", "--size", "6"],
        &["--alphabet", "1123"],
    ] {
        let mut all = vec!["sudoku"];
        all.extend_from_slice(args);
        dlx()
            .args(&all)
            .write_stdin("")
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains("Usage").or(predicate::str::contains("error")));
    }
    dlx()
        .args(["sudoku", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Exit status"));
}

#[test]
fn a_custom_alphabet_reads_and_writes_its_symbols() {
    let hex = Alphabet::custom("0123456789ABCDEF").unwrap();
    let path = fixture("sudoku/16x16.txt");
    let puzzles: Vec<Grid> = records(&path)
        .into_iter()
        .map(|r| r.result.unwrap())
        .collect();
    let input: String = puzzles
        .iter()
        .map(|p| format!("{}\n", p.to_line_with(&hex).unwrap()))
        .collect();
    let (code, out, err) = sudoku_stdin(&["--alphabet", "0123456789ABCDEF"], &input);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2);
    for (line, puzzle) in lines.iter().zip(&puzzles) {
        let solution = Grid::parse_with(line, &hex).unwrap();
        assert!(solution.is_solution_of(puzzle));
        assert!(line.contains('0'), "digit 1 is written 0");
    }
    let (_, out, _) = sudoku_stdin(&["--alphabet", "ABCD"], "A...............\n");
    let solution = Grid::parse_with(out.trim(), &Alphabet::custom("ABCD").unwrap()).unwrap();
    assert_eq!(solution.get(0, 0), 1);
    assert!(out.starts_with('A'));
}

#[test]
fn a_size_settles_what_a_line_is() {
    // Sixteen 4x4 puzzles in a row read as 4x4 puzzles by default, and as
    // one 16x16 grid (an unsolvable one) with --size 16.
    let line = "1...............\n".repeat(16);
    let (_, out, _) = sudoku_stdin(&["--count", "--limit", "1"], &line);
    assert_eq!(out, "1\n".repeat(16));
    let (code, out, err) = sudoku_stdin(&["--size", "16"], &line);
    assert_eq!((code, out.as_str()), (1, "none\n"));
    assert!(err.starts_with("<stdin>:1: no solution: digit 1 repeated in column 1"));
    let (code, out, err) = sudoku_stdin(&["--size", "4"], &format!("{LEETCODE}\n"));
    assert_eq!((code, out.as_str()), (1, "invalid\n"));
    assert_eq!(err, "<stdin>:1: expected 16 cells, found 81\n");
}

/// A deterministic stream of pseudo-random numbers (SplitMix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// A sudoku-preserving variant of a 9x9 puzzle: digits relabelled, bands
/// and the rows within them shuffled, stacks and columns too, maybe
/// transposed. The number of solutions is unchanged.
fn variant(puzzle: &Grid, rng: &mut Rng) -> Grid {
    let order = |rng: &mut Rng| {
        let mut bands = [0, 1, 2];
        rng.shuffle(&mut bands);
        let mut order = Vec::new();
        for band in bands {
            let mut rows = [0, 1, 2];
            rng.shuffle(&mut rows);
            order.extend(rows.iter().map(|r| band * 3 + r));
        }
        order
    };
    let (rows, cols) = (order(rng), order(rng));
    let mut digits: Vec<u8> = (1..=9).collect();
    rng.shuffle(&mut digits);
    let transpose = rng.below(2) == 1;
    let mut cells = vec![0; 81];
    for (r, &from_row) in rows.iter().enumerate() {
        for (c, &from_col) in cols.iter().enumerate() {
            let d = puzzle.get(from_row, from_col);
            let d = if d == 0 {
                0
            } else {
                digits[usize::from(d) - 1]
            };
            let (r, c) = if transpose { (c, r) } else { (r, c) };
            cells[r * 9 + c] = d;
        }
    }
    Grid::from_cells(3, cells).unwrap()
}

/// A temporary file, removed when dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str, text: &str) -> TempFile {
        let path = std::env::temp_dir().join(format!("dlx-{}-{name}", std::process::id()));
        std::fs::write(&path, text).unwrap();
        TempFile(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// `count` variants of the 9x9 fixture puzzles, one per line, with a bad
/// line every 97 lines and an unsolvable puzzle now and then.
fn batch(count: usize, seed: u64) -> String {
    let mut sources = Vec::new();
    for file in ["easy.txt", "multi.txt"] {
        for record in records(&fixture(&format!("sudoku/{file}"))) {
            sources.push(record.result.unwrap());
        }
    }
    let mut rng = Rng(seed);
    let mut text = String::new();
    for i in 0..count {
        if i % 97 == 50 {
            text.push_str(&LEETCODE[1..]);
        } else {
            let source = &sources[rng.below(sources.len())];
            text.push_str(&variant(source, &mut rng).to_string());
        }
        text.push('\n');
    }
    text
}

#[test]
fn threads_change_nothing_in_the_output() {
    let file = TempFile::new("batch.txt", &batch(600, 7));
    let one = sudoku(&["-j", "1", file.path()]);
    assert_eq!(one.0, 1, "the batch holds bad lines and unsolvable puzzles");
    assert_eq!(one.1.lines().count(), 600);
    assert!(check_solutions(file.path(), &one.1) > 500);
    for args in [&["-j", "2"][..], &["-j", "3"], &[]] {
        let mut all = args.to_vec();
        all.push(file.path());
        assert_eq!(sudoku(&all), one, "{args:?}");
    }
    let one = sudoku(&["-j", "1", "--count", "--format", "json", file.path()]);
    assert_eq!(
        sudoku(&["-j", "2", "--count", "--format", "json", file.path()]),
        one
    );

    let dataset = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/datasets/sudoku/puzzles1_unbiased_first1000.txt"
    );
    if !std::path::Path::new(dataset).exists() {
        // The stderr handle, which libtest does not capture.
        let _ = writeln!(
            std::io::stderr(),
            "skipped the data set part: {dataset} is absent"
        );
        return;
    }
    let one = sudoku(&["-j", "1", dataset]);
    assert_eq!(one.0, 0);
    assert_eq!(check_solutions(dataset, &one.1), 1000);
    assert_eq!(sudoku(&["-j", "2", dataset]), one);
}

#[test]
fn a_closed_pipe_ends_the_run_quietly() {
    // Large enough to fill any pipe buffer many times over.
    let file = TempFile::new("pipe.txt", &batch(30_000, 11));
    let bin = assert_cmd::cargo::cargo_bin("dlx");
    for threads in ["1", "2"] {
        let mut child = StdCommand::new(&bin)
            .args(["sudoku", "-j", threads, file.path()])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut first = String::new();
        stdout.read_line(&mut first).unwrap();
        assert_eq!(first.trim_end().len(), 81);
        drop(stdout);
        let (code, stderr) = finish(child);
        assert!(!stderr.contains("panicked"), "{stderr}");
        assert!(!stderr.contains("dlx: error"), "{stderr}");
        assert_eq!(code, Some(0), "-j {threads}: {stderr}");
    }
}

#[test]
fn all_without_a_limit_streams_every_solution() {
    let path = fixture("sudoku/multi.txt");
    let (code, out, _) = sudoku(&["--all", "--format", "json", &path]);
    assert_eq!(code, 1, "the last puzzle has no solution");
    let puzzles = records(&path);
    let mut counts = Vec::new();
    for (line, record) in out.lines().zip(&puzzles) {
        let object: serde_json::Value = serde_json::from_str(line).unwrap();
        let puzzle = record.result.as_ref().unwrap();
        let solutions: Vec<Grid> = object["solutions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| Grid::parse(s.as_str().unwrap()).unwrap())
            .collect();
        assert!(solutions.iter().all(|s| s.is_solution_of(puzzle)));
        assert_eq!(
            solutions.iter().collect::<HashSet<_>>().len(),
            solutions.len()
        );
        counts.push(solutions.len());
    }
    assert_eq!(counts, [2, 4, 41, 375, 1406, 0]);
    // The same records as with a limit that is never reached.
    let limited = sudoku(&["--all", "--limit", "100000", "--format", "json", &path]);
    assert_eq!(limited.1, out);
    let (_, line, _) = sudoku(&["--all", &path]);
    let (_, limited, _) = sudoku(&["--all", "--limit", "100000", &path]);
    assert_eq!(line, limited);

    // Every solution of the empty 9x9 grid: more than anyone can wait for,
    // printed as found, until the reader has had enough.
    let bin = assert_cmd::cargo::cargo_bin("dlx");
    let mut child = StdCommand::new(bin)
        .args(["sudoku", "--all"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let empty = ".".repeat(81);
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), empty.as_bytes()).unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let grid = Grid::empty(3).unwrap();
    let mut seen = HashSet::new();
    for _ in 0..1000 {
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        assert!(Grid::parse(line.trim()).unwrap().is_solution_of(&grid));
        seen.insert(line);
    }
    assert_eq!(seen.len(), 1000);
    drop(stdout);
    let (code, stderr) = finish(child);
    assert_eq!((code, stderr.as_str()), (Some(0), ""));
}

#[test]
fn a_grid_missing_a_row_costs_its_own_record_alone() {
    // The first 4x4 grid lost its last row: it is one invalid record, named
    // on its own lines, and the grid after the blank line is read intact.
    let input = "1 . | . .\n. . | . .\n. . | . .\n\n2 . | . .\n. . | 3 .\n. . | . .\n. . | . 4\n";
    let (code, stdout, stderr) = sudoku_stdin(&["--format", "json"], input);
    assert_eq!(code, 1);
    let records: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 2, "{stdout}");
    assert_eq!(records[0]["status"], "invalid");
    assert_eq!(records[0]["line"], 1);
    assert_eq!(records[1]["status"], "solved");
    assert_eq!(records[1]["line"], 5);
    let puzzle = Grid::parse(&["2...", "..3.", "....", "...4"].concat()).unwrap();
    let solution = Grid::parse(records[1]["solution"].as_str().unwrap()).unwrap();
    assert!(solution.is_solution_of(&puzzle));
    assert!(
        stderr.starts_with("<stdin>:3: grid cut short after 3 of 4 rows"),
        "{stderr}"
    );

    // Six 9x9 grids, the first missing a row: one invalid record, five
    // solved, each solution checked against its own puzzle.
    let puzzles: Vec<String> = BufReader::new(File::open(fixture("sudoku/easy.txt")).unwrap())
        .lines()
        .map(Result::unwrap)
        .filter(|l| !l.starts_with('#') && l.len() >= 81)
        .take(6)
        .collect();
    assert_eq!(puzzles.len(), 6);
    let mut text = String::new();
    for (k, puzzle) in puzzles.iter().enumerate() {
        let grid = Grid::parse(&puzzle[..81]).unwrap();
        let drawn = grid.to_grid_string();
        for (row, line) in drawn.lines().enumerate() {
            if k == 0 && row == 4 {
                continue;
            }
            text.push_str(line);
            text.push('\n');
        }
        text.push('\n');
    }
    let (code, stdout, _) = sudoku_stdin(&[], &text);
    assert_eq!(code, 1);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 6, "{stdout}");
    assert_eq!(lines[0], "invalid");
    for (line, puzzle) in lines[1..].iter().zip(&puzzles[1..]) {
        let puzzle = Grid::parse(&puzzle[..81]).unwrap();
        assert!(Grid::parse(line).unwrap().is_solution_of(&puzzle));
    }
}

#[test]
fn stats_count_the_search_after_the_givens() {
    // A full grid: the search's root is its solution, one node, and
    // placing the givens is not counted.
    let (_, out, _) = sudoku_stdin(
        &["--format", "json", "--stats"],
        &format!("{LEETCODE_SOLUTION}\n"),
    );
    let record: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(record["stats"]["nodes"], 1);
    assert_eq!(record["stats"]["updates"], 0);
    // One empty cell: the root, where the cell's item is covered (1
    // update) and its one candidate hidden from its row, column and box
    // (3), whose items are then covered (3 more); then the solution, a
    // node of its own.
    let one_empty = format!(".{}\n", &LEETCODE_SOLUTION[1..]);
    let (_, out, _) = sudoku_stdin(&["--format", "json", "--stats"], &one_empty);
    let record: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(record["solution"], LEETCODE_SOLUTION);
    assert_eq!(record["stats"]["nodes"], 2);
    assert_eq!(record["stats"]["updates"], 7);
}

#[test]
fn the_node_limit_stops_one_puzzle_and_the_batch_goes_on() {
    // The empty grid's count does not end in 1,000 nodes; LeetCode's
    // puzzle needs 52. The stopped record says what it found, and is not
    // "none".
    let empty = ".".repeat(81);
    let input = format!("{empty}\n{LEETCODE}\n");
    let (code, out, err) = sudoku_stdin(&["--count", "--max-nodes", "1000"], &input);
    assert_eq!(code, 3, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    let found: u64 = lines[0].strip_suffix(" stopped").unwrap().parse().unwrap();
    assert!(found > 0, "{out}");
    assert_eq!(lines[1], "1");
    assert!(
        err.contains("<stdin>:1: stopped by the node limit (1000 nodes) after"),
        "{err}"
    );
    assert!(err.contains("1 puzzle stopped by the node limit"), "{err}");
    // In JSON, and in solve mode: the status is "stopped" and the error
    // says why; a limit the search fits in changes nothing.
    let (code, out, _) = sudoku_stdin(&["--max-nodes", "30", "--format", "json"], &input);
    assert_eq!(code, 3);
    for line in out.lines() {
        let json: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(json["status"], "stopped", "{line}");
        assert!(json["error"].as_str().unwrap().contains("node limit"));
    }
    let (code, out, _) = sudoku_stdin(&["--max-nodes", "52"], &format!("{LEETCODE}\n"));
    assert_eq!((code, out.trim()), (0, LEETCODE_SOLUTION));
}

#[test]
fn the_time_limit_writes_what_was_answered_and_stops() {
    // A puzzle, then the empty grid counted (it would run for ages), then a
    // puzzle never reached.
    let empty = ".".repeat(81);
    let input = format!("{LEETCODE}\n{empty}\n{LEETCODE}\n");
    for threads in ["1", "2"] {
        let started = std::time::Instant::now();
        let (code, out, err) =
            sudoku_stdin(&["--count", "--time-limit", "0.5", "-j", threads], &input);
        assert_eq!(code, 3, "{err}");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2, "{out}");
        assert_eq!(lines[0], "1");
        assert!(lines[1].ends_with(" stopped"), "{out}");
        assert!(
            err.contains("stopped by the time limit (0.5 s) after 1 puzzle\n"),
            "{err}"
        );
        assert!(started.elapsed().as_secs() < 20);
    }
}
