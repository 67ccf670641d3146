//! `dlx generate` and the making modes of `dlx sudoku` (--rate, --canon,
//! --transform, --emit dlx), run as a user runs them; the puzzles made are
//! checked by the library's solver, not by the generator.

use serde_json::Value;
use sudoku_dlx::{Grid, Layout, Symmetry};

use crate::{dlx, fixture, LEETCODE};

/// `dlx ARGS` with `stdin`: (exit code, stdout, stderr).
fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let out = dlx().args(args).write_stdin(stdin).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn generated_puzzles_are_unique_and_the_same_for_a_seed_with_any_threads() {
    let (code, one, _) = run(&["generate", "-n", "12", "--seed", "99", "-j", "1"], "");
    assert_eq!(code, 0);
    let (_, two, _) = run(&["generate", "-n", "12", "--seed", "99", "-j", "2"], "");
    assert_eq!(one, two);
    let puzzles: Vec<&str> = one.lines().collect();
    assert_eq!(puzzles.len(), 12);
    for line in &puzzles {
        let puzzle = Grid::parse(line).unwrap();
        assert_eq!(puzzle.count_solutions_up_to(2).unwrap(), 1, "{line}");
    }
    let (_, other, _) = run(&["generate", "-n", "12", "--seed", "100"], "");
    assert_ne!(one, other);
}

#[test]
fn the_time_limit_writes_the_puzzles_finished_and_exits_3() {
    // Far more puzzles than a second makes: what is written is the start
    // of the run without the limit, and the run says it stopped.
    let (code, out, err) = run(
        &[
            "generate",
            "-n",
            "100000000",
            "--seed",
            "5",
            "--time-limit",
            "1",
        ],
        "",
    );
    assert_eq!(code, 3, "{err}");
    assert!(
        err.contains("stopped by the time limit (1.0 s) after"),
        "{err}"
    );
    let made = out.lines().count();
    assert!(made > 0 && made < 100_000_000, "{made}");
    let (_, whole, _) = run(&["generate", "-n", &made.to_string(), "--seed", "5"], "");
    assert_eq!(out, whole);
    // A minimal 25x25 puzzle takes minutes: none is written.
    let (code, out, err) = run(
        &[
            "generate",
            "--size",
            "25",
            "--seed",
            "3",
            "--time-limit",
            "0.5",
        ],
        "",
    );
    assert_eq!((code, out.as_str()), (3, ""), "{err}");
    assert!(err.contains("after 0 of 1 puzzles"), "{err}");
}

#[test]
fn a_node_limit_per_trial_makes_large_unique_puzzles_fast() {
    // 16x16 in the test profile: a minimal puzzle takes seconds, with
    // --trial-nodes a fraction of one. Each puzzle keeps one solution; the
    // JSON says it may not be minimal, and stderr how many are not.
    let args = ["generate", "--size", "16", "-n", "2", "--seed", "3"];
    let (code, out, err) = run(
        &[&args[..], &["--trial-nodes", "200", "--format", "json"]].concat(),
        "",
    );
    assert_eq!(code, 0, "{err}");
    let layout = Layout::square(4).unwrap();
    let mut not_minimal = 0;
    for line in out.lines() {
        let record: Value = serde_json::from_str(line).unwrap();
        let puzzle = Grid::parse_in(record["puzzle"].as_str().unwrap(), &layout).unwrap();
        assert_eq!(puzzle.count_solutions_up_to(2).unwrap(), 1, "{line}");
        not_minimal += u32::from(record["minimal"] == false);
    }
    assert!(not_minimal > 0, "{out}");
    assert!(
        err.contains(&format!("{not_minimal} of 2 puzzles not proved minimal")),
        "{err}"
    );
    // Without the limit the puzzles are minimal, and JSON says so.
    let (_, out, _) = run(
        &["generate", "-n", "2", "--seed", "3", "--format", "json"],
        "",
    );
    for line in out.lines() {
        let record: Value = serde_json::from_str(line).unwrap();
        assert_eq!(record["minimal"], true, "{line}");
    }
}

#[test]
fn a_run_without_a_seed_says_its_seed() {
    let (code, out, err) = run(&["generate", "-n", "2"], "");
    assert_eq!(code, 0);
    let seed = err
        .split_whitespace()
        .nth(3)
        .unwrap_or_else(|| panic!("{err}"));
    let (_, again, _) = run(&["generate", "-n", "2", "--seed", seed], "");
    assert_eq!(out, again);
}

#[test]
fn layouts_sizes_and_symmetry() {
    let map = fixture("sudoku/jigsaw-regions.txt");
    let cases: Vec<(Vec<&str>, Layout)> = vec![
        (vec!["--size", "6"], Layout::boxes(2, 3).unwrap()),
        (vec!["--box", "3x2"], Layout::boxes(3, 2).unwrap()),
        (vec!["--size", "12"], Layout::boxes(3, 4).unwrap()),
        (
            vec!["--variant", "anti-king"],
            Layout::square(3)
                .unwrap()
                .with_variant(sudoku_dlx::Variant::AntiKing)
                .unwrap(),
        ),
    ];
    for (flags, layout) in cases {
        let mut args = vec![
            "generate",
            "-n",
            "3",
            "--seed",
            "4",
            "--symmetry",
            "rotate180",
        ];
        args.extend(&flags);
        let (code, out, err) = run(&args, "");
        assert_eq!(code, 0, "{flags:?}: {err}");
        for line in out.lines() {
            let puzzle = Grid::parse_in(line, &layout).unwrap();
            assert_eq!(puzzle.count_solutions_up_to(2).unwrap(), 1, "{line}");
            assert!(Symmetry::Rotate180.holds(&puzzle), "{line}");
        }
    }
    let (code, out, err) = run(&["generate", "--regions", &map, "--seed", "1"], "");
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&map).unwrap();
    let jigsaw = Layout::jigsaw(&text).unwrap();
    let puzzle = Grid::parse_in(out.trim(), &jigsaw).unwrap();
    assert_eq!(puzzle.count_solutions_up_to(2).unwrap(), 1);
}

#[test]
fn json_records_and_filters() {
    let (code, out, _) = run(
        &[
            "generate",
            "-n",
            "3",
            "--seed",
            "8",
            "--difficulty",
            "easy",
            "--format",
            "json",
        ],
        "",
    );
    assert_eq!(code, 0);
    for line in out.lines() {
        let record: Value = serde_json::from_str(line).unwrap();
        assert_eq!(record["status"], "unique");
        assert_eq!(record["difficulty"], "easy");
        let score = record["score"].as_f64().unwrap();
        assert!(score > 0.0 && score < 30.0, "{line}");
    }
    // A target no attempt reaches is said, and the run fails.
    let (code, out, err) = run(
        &["generate", "--seed", "1", "--givens", "17", "--tries", "3"],
        "",
    );
    assert_eq!((code, out.as_str()), (1, "none\n"));
    assert!(
        err.contains("no puzzle with at most 17 givens in 3 tries"),
        "{err}"
    );
    // Bad names are usage errors that list the good ones.
    let (code, _, err) = run(&["generate", "--symmetry", "spiral"], "");
    assert_eq!(code, 2);
    assert!(err.contains("rotate180"), "{err}");
}

#[test]
fn rate_canon_and_transform() {
    let (code, out, _) = run(&["sudoku", "--rate"], LEETCODE);
    assert_eq!((code, out.as_str()), (0, "0.00 forced\n"));
    let (_, out, _) = run(&["sudoku", "--rate", "--format", "json"], LEETCODE);
    let record: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(record["score"], 0.0);
    assert_eq!(record["difficulty"], "forced");
    // A puzzle with several solutions is not rated: its record says so,
    // the others are rated, and the run fails.
    let empty = ".".repeat(81);
    let (code, out, err) = run(&["sudoku", "--rate"], &format!("{empty}\n{LEETCODE}\n"));
    assert_eq!((code, out.as_str()), (1, "multiple\n0.00 forced\n"));
    assert!(err.contains("<stdin>:1: more than one solution"), "{err}");

    let (_, moved, _) = run(&["sudoku", "--transform", "--seed", "5"], LEETCODE);
    assert_ne!(moved.trim(), LEETCODE);
    let both = format!("{LEETCODE}\n{moved}");
    let (code, forms, _) = run(&["sudoku", "--canon"], &both);
    assert_eq!(code, 0);
    let forms: Vec<&str> = forms.lines().collect();
    assert_eq!(forms.len(), 2);
    assert_eq!(forms[0], forms[1]);
    assert!(forms[0].starts_with('.'), "minlex by default: {}", forms[0]);
    let (code, max, _) = run(&["sudoku", "--canon=maxlex"], &both);
    assert_eq!(code, 0);
    let max: Vec<&str> = max.lines().collect();
    assert_eq!(max.len(), 2);
    assert_eq!(max[0], max[1]);
    assert!(max[0].starts_with('9'), "{}", max[0]);
    let (_, again, _) = run(&["sudoku", "--canon=minlex"], &format!("{}\n", max[0]));
    assert_eq!(again.trim(), forms[0]);
    let (code, _, err) = run(&["sudoku", "--canon", "maxlex"], LEETCODE);
    assert_eq!(code, 2);
    assert!(err.contains("write --canon=maxlex"), "{err}");
    let (code, _, err) = run(&["sudoku", "--canon=least"], LEETCODE);
    assert_eq!(code, 2);
    assert!(err.contains("minlex") && err.contains("maxlex"), "{err}");

    let (code, out, err) = run(&["sudoku", "--canon", "--variant", "x"], LEETCODE);
    assert_eq!((code, out.as_str()), (1, "invalid\n"));
    assert!(err.contains("need boxes without variants"), "{err}");
}

/// A 25x25 puzzle of 30 givens: few givens and many symmetries, whose
/// canonical form takes far longer than a second.
const SPARSE_25: &str = "..............................................7.....8..O...............................................J....E..L...........................N......................P.......................................................................C.....................D....................................A.............6............................4......5...B.I...........P......................................................I...........................O.......................................................I....F...........C........................A...B........N...................8.......A....6....2...........D...................";

#[test]
fn the_time_limit_stops_a_canonical_form() {
    let started = std::time::Instant::now();
    let (code, out, err) = run(&["sudoku", "--canon", "--time-limit", "0.5"], SPARSE_25);
    assert!(started.elapsed().as_secs() < 30, "{err}");
    assert_eq!((code, out.as_str()), (3, "stopped\n"), "{err}");
    // A canonical form is no search: the message speaks of the form.
    assert!(
        err.contains("stopped by the time limit: the canonical form is not complete"),
        "{err}"
    );
    // The project's own 25x25 puzzle has its form at once.
    let puzzle = fixture("sudoku/25x25.txt");
    let (code, out, err) = run(&["sudoku", "--canon", "--time-limit", "30", &puzzle], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 1);
    assert_eq!(out.trim().len(), 625);
}

#[test]
fn an_emitted_problem_counts_the_same_in_dlx_cover() {
    let puzzle = "1.3.............";
    let (code, problem, _) = run(&["sudoku", "--emit", "dlx"], puzzle);
    assert_eq!(code, 0);
    let (_, count, _) = run(&["cover", "--count"], &problem);
    let (_, expected, _) = run(&["sudoku", "--count"], puzzle);
    assert_eq!(count.trim(), expected.trim());
    assert!(expected.trim().parse::<u64>().unwrap() > 1);
    let (code, _, err) = run(
        &["sudoku", "--emit", "dlx"],
        &format!("{LEETCODE}\n{LEETCODE}"),
    );
    assert_eq!(code, 2);
    assert!(err.contains("takes one puzzle, found 2"), "{err}");
    // Givens in conflict (a repeat, a rule, a cage) make a problem all the
    // same, one without solution: dlx cover counts 0, as dlx sudoku does.
    for puzzle in [
        "11..............",
        "size 4\nvariant anti-knight\ngivens 1.....1.........\n",
        "size 4\ncage 5: r1c1 r2c3\ngivens 1.....1.........\n",
    ] {
        let (code, problem, err) = run(&["sudoku", "--emit", "dlx"], puzzle);
        assert_eq!(code, 1, "{puzzle}");
        assert!(err.contains("no solution: "), "{err}");
        let (code, count, _) = run(&["cover", "--count"], &problem);
        assert_eq!((code, count.as_str()), (1, "0\n"), "{puzzle}");
    }
}

/// `--emit sums`: the 45 rule's sums, in the text form with the group
/// named, which every solution keeps: the puzzle with them added has the
/// same solutions.
#[test]
fn emitted_sums_keep_every_solution() {
    let puzzle = "size 4\ncage 3: r1c1 r1c2\ncage 6: r3c3 r3c4 r4c4\n";
    let (code, sums, err) = run(&["sudoku", "--emit", "sums"], puzzle);
    assert_eq!(code, 0, "{err}");
    // Row 1 holds 1 + 2 + 3 + 4 = 10, 3 of it in the first cage; box 4
    // less the second cage leaves r4c3.
    for sum in [
        "# innies of row 1\ncage 7: r1c3 r1c4\n",
        "# innies of box 4\ncage 4: r4c3\n",
    ] {
        assert!(sums.contains(sum), "{sums}");
    }
    let all = |text: &str| {
        let (code, out, err) = run(&["sudoku", "--all"], text);
        assert_eq!(code, 0, "{err}");
        let mut solutions: Vec<String> = out
            .lines()
            .filter(|l| !l.is_empty())
            .map(str::to_string)
            .collect();
        solutions.sort();
        solutions
    };
    let alone = all(puzzle);
    assert_eq!(alone.len(), 12);
    assert_eq!(all(&format!("{puzzle}{sums}")), alone);
    // Without a cage with a sum, nothing; two puzzles, an error.
    let (code, sums, _) = run(&["sudoku", "--emit", "sums"], "size 4\ncage: r1c1 r1c2\n");
    assert_eq!((code, sums.as_str()), (0, ""));
    let (code, _, err) = run(
        &["sudoku", "--emit", "sums"],
        &format!("{puzzle}\n{puzzle}"),
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("--emit sums takes one puzzle, found 2"),
        "{err}"
    );
}

/// `--emit sums` on a Latin square (its regions are its rows): the sums
/// with signs of rows less columns, as comments, which every solution
/// keeps.
#[test]
fn emitted_sums_of_a_latin_square_name_rows_less_columns() {
    let puzzle = "regions\nAAAA\nBBBB\nCCCC\nDDDD\ncage 7: r1c1 r1c2 r2c1\ncage 3: r1c4 r2c4\n";
    let (code, sums, err) = run(&["sudoku", "--emit", "sums"], puzzle);
    assert_eq!(code, 0, "{err}");
    // Rows 1-2 less column 3: the cages and r1c3, r2c3 on both sides
    // leave r2c2 on the rows' side, r3c3 and r4c3 on the column's.
    let equation = "# rows 1, 2 less column 3: r2c2-r3c3-r4c3 = 0\n";
    assert!(sums.contains(equation), "{sums}");
    let (code, out, err) = run(&["sudoku", "--all"], puzzle);
    assert_eq!(code, 0, "{err}");
    let solutions: Vec<&[u8]> = out
        .lines()
        .filter(|l| l.len() == 16)
        .map(str::as_bytes)
        .collect();
    assert!(solutions.len() > 1, "{out}");
    for s in solutions {
        let digit = |r: usize, c: usize| s[r * 4 + c] - b'0';
        assert_eq!(
            digit(1, 1),
            digit(2, 2) + digit(3, 2),
            "{}",
            String::from_utf8_lossy(s)
        );
    }
}

/// `dlx generate --killer`: puzzles of cages alone, written in the text
/// form that `dlx sudoku` reads back, each with one solution, the same for
/// a seed on any number of threads; JSON carries the cages.
#[test]
fn killer_puzzles_are_cages_alone_and_read_back_unique() {
    let args = ["generate", "--killer=4", "-n", "3", "--seed", "11"];
    let (code, one, err) = run(&[&args[..], &["-j", "1"]].concat(), "");
    assert_eq!(code, 0, "{err}");
    let (_, two, _) = run(&[&args[..], &["-j", "2"]].concat(), "");
    assert_eq!(one, two);
    let blocks: Vec<&str> = one.split("\n\n").filter(|b| !b.trim().is_empty()).collect();
    assert_eq!(blocks.len(), 3, "{one}");
    for block in &blocks {
        assert!(block.lines().any(|l| l.starts_with("cage ")), "{block}");
        let givens = block.lines().find(|l| l.starts_with("givens")).unwrap();
        assert!(
            !givens[6..].trim().chars().any(|c| c.is_ascii_digit()),
            "{givens}"
        );
    }
    let (code, checked, err) = run(&["sudoku", "--check", "--format", "json"], &one);
    assert_eq!(code, 0, "{err}");
    let records: Vec<Value> = checked
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 3);
    for record in &records {
        assert_eq!(record["status"], "unique", "{record}");
        assert!(record["constraints"].as_array().unwrap().len() > 5);
    }
    let (_, json, _) = run(&[&args[..], &["--format", "json"]].concat(), "");
    let first: Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    assert_eq!(first["givens"], 0);
    assert_eq!(first["constraints"], records[0]["constraints"]);
    let (code, _, err) = run(&["generate", "--killer", "--givens", "20"], "");
    assert_eq!(code, 2);
    assert!(err.contains("cannot be used with"), "{err}");
}
