//! `dlx sudoku --rate=se` and `dlx generate --min-er/--max-er`: Sudoku
//! Explainer's ER/EP/ED, checked against the path `--explain` prints and,
//! when the data set is there, against Sudoku Explainer's own ratings.

use std::io::Write;

use serde_json::Value;

use crate::{dlx, LEETCODE};

/// `dlx ARGS` with `stdin`: (exit code, stdout, stderr).
fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let out = dlx().args(args).write_stdin(stdin).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// LeetCode's puzzle, of hidden singles in boxes alone, and one of top95
/// that needs more than singles.
const PUZZLES: &str = concat!(
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n",
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n",
);

/// The JSON records of `dlx sudoku ARGS` on `stdin`, asserting success.
fn records(args: &[&str], stdin: &str) -> Vec<Value> {
    let mut all = vec!["sudoku"];
    all.extend(args);
    all.extend(["--format", "json"]);
    let (code, out, err) = run(&all, stdin);
    assert_eq!(code, 0, "{err}");
    out.lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

/// A figure of the scale, as `--rate=se` writes it.
fn tenth(value: &Value) -> String {
    format!("{:.1}", value.as_f64().unwrap())
}

#[test]
fn the_rating_is_read_off_the_explained_path() {
    let rated = records(&["--rate=se"], PUZZLES);
    let explained = records(&["--explain"], PUZZLES);
    assert_eq!(rated.len(), 2);
    for (rating, path) in rated.iter().zip(&explained) {
        assert_eq!(rating["status"], "unique", "{rating}");
        let steps = path["steps"].as_array().unwrap();
        let difficulty = |s: &Value| s["difficulty"].as_f64().unwrap();
        // ER: the hardest step, the first of that difficulty named; EP:
        // the hardest up to the first that places a digit; ED: the first.
        let hardest = steps
            .iter()
            .reduce(|a, b| if difficulty(b) > difficulty(a) { b } else { a })
            .unwrap();
        let placing = steps
            .iter()
            .position(|s| !s["placements"].as_array().unwrap().is_empty())
            .unwrap();
        let ep = steps[..=placing].iter().map(difficulty).fold(0.0, f64::max);
        assert_eq!(rating["er"].as_f64(), Some(difficulty(hardest)), "{rating}");
        assert_eq!(rating["ep"].as_f64(), Some(ep), "{rating}");
        assert_eq!(rating["ed"].as_f64(), Some(difficulty(&steps[0])));
        assert_eq!(rating["hardest"], hardest["technique"]);
        assert_eq!(rating["steps"].as_u64(), Some(steps.len() as u64));
    }
    // Full houses and hidden singles in boxes and lines rate 1.0, 1.2
    // or 1.5 on the scale; LeetCode's path has nothing else.
    let singles = explained[0]["steps"].as_array().unwrap();
    assert!(singles.iter().all(|s| {
        let name = s["technique"].as_str().unwrap();
        name.starts_with("hidden single") || name == "full house"
    }));
    assert!(singles.iter().any(|s| s["technique"] == "full house"));
    assert!(["1.2", "1.5"].contains(&tenth(&rated[0]["er"]).as_str()));
    // The other needs more than a hidden single.
    assert!(rated[1]["er"].as_f64().unwrap() > 1.5, "{}", rated[1]);
    for r in &rated {
        let (er, ep, ed) = (r["er"].as_f64(), r["ep"].as_f64(), r["ed"].as_f64());
        assert!(ed <= ep && ep <= er, "{r}");
    }
}

#[test]
fn each_format_writes_the_same_rating() {
    let json = records(&["--rate=se"], PUZZLES);
    let (code, line, _) = run(&["sudoku", "--rate=se"], PUZZLES);
    assert_eq!(code, 0);
    let (code, grid, _) = run(&["sudoku", "--rate=se", "--format", "grid"], PUZZLES);
    assert_eq!(code, 0);
    let mut want_line = String::new();
    let mut want_grid = String::new();
    for r in &json {
        let (er, ep, ed) = (tenth(&r["er"]), tenth(&r["ep"]), tenth(&r["ed"]));
        want_line.push_str(&format!("{er}/{ep}/{ed}\n"));
        let hardest = r["hardest"].as_str().unwrap();
        want_grid.push_str(&format!("ER {er} EP {ep} ED {ed} (hardest: {hardest})\n\n"));
    }
    assert_eq!(line, want_line);
    assert_eq!(grid, want_grid);
    // The figures have one decimal in JSON too.
    let text = run(&["sudoku", "--rate=se", "--format", "json"], LEETCODE).1;
    for key in ["er", "ep", "ed"] {
        let at = text.find(&format!("\"{key}\":")).unwrap() + key.len() + 3;
        let figure: String = text[at..].chars().take_while(|&c| c != ',').collect();
        assert_eq!(
            figure.split_once('.').map(|(_, d)| d.len()),
            Some(1),
            "{text}"
        );
    }
    // Plain --rate is the search's score, as before.
    let (code, out, _) = run(&["sudoku", "--rate"], LEETCODE);
    assert_eq!((code, out.as_str()), (0, "0.00 forced\n"));
    let (_, out, _) = run(&["sudoku", "--rate=search"], LEETCODE);
    assert_eq!(out, "0.00 forced\n");
}

#[test]
fn only_a_puzzle_with_one_solution_is_rated() {
    let empty = ".".repeat(81);
    let input = format!("{empty}\n{LEETCODE}\n55{}\n", ".".repeat(79));
    let (code, out, err) = run(&["sudoku", "--rate=se"], &input);
    assert_eq!(code, 1, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_eq!((lines[0], lines[2]), ("multiple", "none"));
    assert!(lines[1].starts_with("1."), "{out}");
    assert!(err.contains("<stdin>:1: more than one solution"), "{err}");
    assert!(err.contains("<stdin>:3: no solution"), "{err}");

    let (_, out, _) = run(&["sudoku", "--rate=se", "--format", "json"], &input);
    let first: Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(first["status"], "multiple");
    assert!(first.get("er").is_none(), "{first}");
    assert!(first["error"].is_string());

    let (code, _, err) = run(
        &["sudoku", "--rate=se", "--stats"],
        &format!("{empty}\n{LEETCODE}\n"),
    );
    assert_eq!(code, 1);
    assert!(
        err.contains("1 solved") && err.contains("1 not rated"),
        "{err}"
    );
}

#[test]
fn a_scale_after_a_space_is_a_file_with_a_hint() {
    for scale in ["se", "search"] {
        let (code, _, err) = run(&["sudoku", "--rate", scale], LEETCODE);
        assert_eq!(code, 2);
        assert!(
            err.contains(&format!("(for --rate, write --rate={scale})")),
            "{err}"
        );
    }
    let (code, _, err) = run(&["sudoku", "--rate=explainer"], LEETCODE);
    assert_eq!(code, 2);
    assert!(err.contains("search") && err.contains("se"), "{err}");
}

#[test]
fn puzzles_solved_by_hidden_singles_rate_as_sudoku_explainer_rates_them() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/datasets/sudoku/se-rated-sample.tsv"
    );
    let Ok(text) = std::fs::read_to_string(path) else {
        // The stderr handle, which libtest does not capture.
        let _ = writeln!(std::io::stderr(), "skipped: {path} is absent");
        return;
    };
    // puzzle, ER, EP, ED, technique, source: the rows whose hardest step
    // is a hidden single, which new techniques leave as they are.
    let rows: Vec<Vec<&str>> = text
        .lines()
        .skip(1)
        .map(|line| line.split('\t').collect())
        .filter(|row: &Vec<&str>| row[1].parse::<f64>().is_ok_and(|er| er <= 1.5))
        .collect();
    assert!(!rows.is_empty(), "no hidden-single row in {path}");
    let input: String = rows.iter().map(|row| format!("{}\n", row[0])).collect();
    let (code, out, err) = run(&["sudoku", "--rate=se"], &input);
    assert_eq!(code, 0, "{err}");
    for (row, got) in rows.iter().zip(out.lines()) {
        assert_eq!(
            got,
            format!("{}/{}/{}", row[1], row[2], row[3]),
            "{}",
            row[0]
        );
    }
}

/// The ratings `dlx sudoku --rate=se` gives the puzzles of `lines`, each
/// the puzzle then what `dlx generate` printed after it.
fn rerated(lines: &str) -> Vec<(String, String)> {
    let puzzles: String = lines
        .lines()
        .map(|l| format!("{}\n", l.split_whitespace().next().unwrap()))
        .collect();
    let (code, out, err) = run(&["sudoku", "--rate=se"], &puzzles);
    assert_eq!(code, 0, "{err}");
    lines
        .lines()
        .map(|l| l.split_once(' ').unwrap().1.to_string())
        .zip(out.lines().map(str::to_string))
        .collect()
}

/// The ER of `ER/EP/ED`.
fn er(triple: &str) -> f64 {
    triple.split('/').next().unwrap().parse().unwrap()
}

#[test]
fn generate_keeps_the_puzzles_of_the_er_range() {
    let (code, out, err) = run(
        &["generate", "-n", "2", "--seed", "1", "--max-er", "2.0"],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 2, "{out}");
    for (printed, rated) in rerated(&out) {
        assert!(er(&rated) <= 2.0, "{out}");
        assert_eq!(printed, rated);
    }
    let args = ["generate", "-n", "1", "--seed", "1", "--min-er", "3"];
    let (code, out, err) = run(&[&args[..], &["--format", "json"]].concat(), "");
    assert_eq!(code, 0, "{err}");
    let record: Value = serde_json::from_str(out.trim()).unwrap();
    let puzzle = record["puzzle"].as_str().unwrap();
    let (_, rated, _) = run(&["sudoku", "--rate=se"], puzzle);
    assert!(er(&rated) >= 3.0, "{rated}");
    assert_eq!(tenth(&record["er"]), format!("{:.1}", er(&rated)));
    // A range no puzzle reaches: the record says none, stderr why.
    let (code, out, err) = run(
        &["generate", "--seed", "1", "--max-er", "1.0", "--tries", "2"],
        "",
    );
    assert_eq!((code, out.as_str()), (1, "none\n"));
    assert!(
        err.contains("no puzzle in the ER range in 2 tries"),
        "{err}"
    );
}

#[test]
fn generate_rates_on_either_scale() {
    // --rate=se prints each puzzle's ER/EP/ED, the rating dlx sudoku
    // gives the same puzzle.
    let (code, out, err) = run(&["generate", "-n", "2", "--seed", "4", "--rate=se"], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 2, "{out}");
    for (printed, rated) in rerated(&out) {
        assert_eq!(printed, rated);
    }
    // Plain --rate is the search score, as before: the puzzle and its
    // score, no ER.
    let (code, out, err) = run(&["generate", "-n", "1", "--seed", "4", "--rate"], "");
    assert_eq!(code, 0, "{err}");
    let (puzzle, score) = out.trim().split_once(' ').unwrap();
    let (_, scored, _) = run(&["sudoku", "--rate"], puzzle);
    assert_eq!(score, scored.trim());
    assert!(!out.contains('/'), "{out}");
}

#[test]
fn generate_checks_its_er_bounds() {
    for bad in [
        &["--min-er", "abc"][..],
        &["--max-er", "nan"],
        &["--min-er=-1"],
    ] {
        let (code, out, err) = run(&[&["generate"][..], bad].concat(), "");
        assert_eq!((code, out.as_str()), (2, ""), "{bad:?}");
        assert!(err.contains("expected an ER"), "{bad:?}: {err}");
    }
    let (code, out, err) = run(&["generate", "--min-er", "5", "--max-er", "2"], "");
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("--min-er 5 is above --max-er 2"), "{err}");
}
