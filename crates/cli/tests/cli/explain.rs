//! `dlx sudoku --explain` and `--hint`: every step agrees with the
//! solution the search finds, and the path reaches it.

use serde_json::Value;

use super::dlx;

fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let out = dlx().args(args).write_stdin(stdin).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Two puzzles: one of singles alone, and one of top95 that needs more.
const PUZZLES: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n\
4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";

/// Checks a step line (`technique: items => r1c1=5 r2c3<>4`) against the
/// solution: placements in it, eliminations not.
fn check_step(line: &str, solution: &[u8]) {
    let (_, conclusions) = line.split_once(" =>").expect("a step line");
    let mut concluded = 0;
    for word in conclusions.split_whitespace() {
        let (cell, digit, placed) = match word.split_once("<>") {
            Some((cell, digit)) => (cell, digit, false),
            None => match word.split_once('=') {
                Some((cell, digit)) => (cell, digit, true),
                None => continue,
            },
        };
        let (r, c) = cell[1..].split_once('c').unwrap();
        let k = (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1;
        let digit = digit.as_bytes()[0];
        assert_eq!(solution[k] == digit, placed, "{line}");
        concluded += 1;
    }
    assert!(concluded > 0, "{line}");
}

#[test]
fn explained_paths_agree_with_the_solutions() {
    let (code, solutions, _) = run(&["sudoku"], PUZZLES);
    assert_eq!(code, 0);
    let solutions: Vec<&str> = solutions.lines().collect();
    let (code, out, err) = run(&["sudoku", "--explain"], PUZZLES);
    assert_eq!(code, 0, "{err}");
    // Each record: its steps, the grid reached, an empty line.
    let records: Vec<&str> = out.split("\n\n").filter(|r| !r.is_empty()).collect();
    assert_eq!(records.len(), 2, "{out}");
    for (record, solution) in records.iter().zip(&solutions) {
        let lines: Vec<&str> = record.lines().collect();
        let (grid, steps) = lines.split_last().unwrap();
        assert_eq!(grid, solution);
        assert!(steps.len() > 10, "{record}");
        for step in steps {
            check_step(step, solution.as_bytes());
        }
    }
    // The second puzzle needs more than singles.
    assert!(
        records[1].lines().any(|l| !l.contains("single")),
        "{}",
        records[1]
    );
}

#[test]
fn hints_are_the_first_steps() {
    let (_, explained, _) = run(&["sudoku", "--explain"], PUZZLES);
    let (code, hints, _) = run(&["sudoku", "--hint"], PUZZLES);
    assert_eq!(code, 0);
    let firsts: Vec<&str> = explained
        .split("\n\n")
        .filter(|r| !r.is_empty())
        .map(|r| r.lines().next().unwrap())
        .collect();
    assert_eq!(hints.lines().collect::<Vec<_>>(), firsts);

    // A partly solved grid in pencilmarks: its candidates are taken as
    // they are, and a solved grid has no hint.
    let pencil = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/sudoku/pencilmarks.txt"
    ))
    .unwrap();
    let (code, out, err) = run(&["sudoku", "--hint"], &pencil);
    assert_eq!(code, 0, "{err}");
    assert!(out.lines().all(|l| l.contains(" => ")), "{out}");
    let (_, solution, _) = run(&["sudoku"], PUZZLES.lines().next().unwrap());
    let (code, out, _) = run(&["sudoku", "--hint"], &solution);
    assert_eq!((code, out.as_str()), (0, "solved\n"));
}

#[test]
fn json_steps_name_what_they_use() {
    let (code, out, _) = run(&["sudoku", "--explain", "--format", "json"], PUZZLES);
    assert_eq!(code, 0);
    let record: Value = serde_json::from_str(out.lines().nth(1).unwrap()).unwrap();
    let steps = record["steps"].as_array().unwrap();
    assert!(steps
        .iter()
        .all(|s| s["technique"].is_string() && s["base"].is_array()));
    assert!(steps
        .iter()
        .any(|s| s["cover"].as_array().is_some_and(|c| !c.is_empty())));
    assert_eq!(record["reached"].as_str().unwrap().len(), 81);
    // A chain says how many nodes its conclusion depends on (here in a
    // path that needs forcing chains); a single leaves the field out.
    let hard =
        "..9.....76..2..8.....3.59.....61..2..64......9..........1.4..8....5..4..8.3.....6\n";
    let (code, out, _) = run(&["sudoku", "--explain", "--format", "json"], hard);
    assert_eq!(code, 0);
    let record: Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    let steps = record["steps"].as_array().unwrap();
    assert!(steps
        .iter()
        .any(|s| s["complexity"].as_u64().is_some_and(|c| c > 0)));
    assert!(steps
        .iter()
        .filter(|s| s["technique"].as_str().unwrap().contains("single"))
        .all(|s| s.get("complexity").is_none()));
    let (_, out, _) = run(&["sudoku", "--hint", "--format", "json"], PUZZLES);
    let record: Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(record["hint"]["technique"], "hidden single (box)");
    assert!(record["hint"]["difficulty"].as_f64().unwrap() > 1.0);
}

#[test]
fn a_path_stops_where_no_step_is_certain() {
    // An empty 4x4 grid: 288 solutions, no certain step.
    let two = "................\n";
    let (code, out, err) = run(&["sudoku", "--explain"], two);
    assert_eq!(code, 1, "{out}");
    assert!(err.contains("more than one solution"), "{err}");
    // --hint says so as --explain does.
    let (code, out, err) = run(&["sudoku", "--hint"], two);
    assert_eq!((code, out.as_str()), (1, "no step\n"));
    assert!(err.contains("more than one solution"), "{err}");
    let (code, _, err) = run(&["sudoku", "--explain"], &format!("55{}\n", ".".repeat(79)));
    assert_eq!(code, 1);
    assert!(err.contains("<stdin>:1"), "{err}");
    // A killer's path: its solutions are counted only once the path
    // stalls (no uniqueness rule serves a layout with cages), and said.
    let none = "size 4\ncage 3: r1c1 r1c2\ncage 3: r1c3 r1c4\n";
    let (code, _, err) = run(&["sudoku", "--explain"], none);
    assert_eq!(code, 1);
    assert!(
        err.contains("<stdin>:1: no solution: the path stops"),
        "{err}"
    );
    let several = "size 4\ncage 3: r1c1 r1c2\n";
    let (code, _, err) = run(&["sudoku", "--explain"], several);
    assert_eq!(code, 1);
    assert!(err.contains("<stdin>:1: more than one solution"), "{err}");
}

/// A puzzle with one solution lets the path use the rules that assume
/// one, as the library's `explain` and `--rate=se` do: this one needs a
/// unique rectangle.
#[test]
fn a_puzzle_with_one_solution_takes_uniqueness_steps() {
    let puzzle =
        "1...9...7..6...13...95..6...3..7...........9...1..54.8..5..4.8661...39......2....\n";
    let (code, solution, _) = run(&["sudoku"], puzzle);
    assert_eq!(code, 0);
    let (code, out, err) = run(&["sudoku", "--explain"], puzzle);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().filter(|l| !l.is_empty()).collect();
    let (grid, steps) = lines.split_last().unwrap();
    assert_eq!(*grid, solution.trim());
    assert!(
        steps.iter().any(|s| s.starts_with("unique rectangle")),
        "{out}"
    );
    for step in steps {
        check_step(step, solution.trim().as_bytes());
    }
}

/// The time limit stops a logical path, between its steps and within a
/// step's search, for `--explain` and `--rate=se` alike: the record says
/// so (with the steps found so far for --explain, and the grid they
/// reach) and the run ends with the status of a stopped search.
#[test]
fn the_time_limit_stops_a_path() {
    // Sudoku Explainer rates it 9.0: dynamic forcing chains, far longer
    // than a hundredth of a second.
    let puzzle =
        "..9.....76..2..8.....3.59.....61..2..64......9..........1.4..8....5..4..8.3.....6\n";
    let (code, out, err) = run(&["sudoku", "--rate=se", "--time-limit", "0.01"], puzzle);
    assert_eq!((code, out.as_str()), (3, "stopped\n"), "{err}");
    assert!(err.contains("stopped by the time limit"), "{err}");
    let (code, out, err) = run(&["sudoku", "--explain", "--time-limit", "0.01"], puzzle);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("the logical path is not complete"), "{err}");
    // The steps found so far, "stopped", then the grid they reach.
    let lines: Vec<&str> = out.lines().collect();
    let at = lines.iter().position(|&l| l == "stopped").expect(&out);
    assert_eq!(lines.len(), at + 3, "{out}");
    assert_eq!(lines[at + 2], "");
    let reached = sudoku_dlx::Grid::parse(lines[at + 1]).unwrap();
    let solution = sudoku_dlx::Grid::parse(puzzle).unwrap().solution().unwrap();
    for (cell, &digit) in reached.cells().iter().enumerate() {
        assert!(digit == 0 || digit == solution.cells()[cell], "{out}");
    }
}

/// An empty 25x25 grid has no logical step, and looking for one (trial
/// above all, a search per candidate) takes minutes: --hint and
/// --explain stop at the time limit all the same, in JSON too.
#[test]
fn the_time_limit_stops_the_search_for_a_step() {
    let empty = ".".repeat(625) + "\n";
    for mode in ["--hint", "--explain"] {
        let started = std::time::Instant::now();
        let (code, out, err) = run(&["sudoku", mode, "--time-limit", "1"], &empty);
        // Generous for a loaded machine: without the stop it runs for
        // minutes.
        assert!(started.elapsed().as_secs() < 20, "{mode}: {err}");
        assert_eq!(code, 3, "{mode}: {err}");
        assert!(out.starts_with("stopped\n"), "{mode}: {out}");
        assert!(err.contains("stopped by the time limit"), "{mode}: {err}");
    }
    let (code, out, err) = run(
        &["sudoku", "--hint", "--time-limit", "1", "--format", "json"],
        &empty,
    );
    assert_eq!(code, 3, "{err}");
    let record: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(record["status"], "stopped", "{out}");
}
