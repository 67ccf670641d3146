//! Runs that outgrow one machine, or one sitting: limits, --emit dlx,
//! cover --verify, piece records and `dlx merge`, checkpoints, --estimate.

use std::fs;
use std::process::{Command as Process, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use assert_cmd::cargo::CommandCargoExt;
use predicates::prelude::*;

use dlx_cli::record::Record;

use crate::{dlx, fixture, stdout};

/// The path of the dlx binary, for shell pipelines.
fn bin() -> String {
    Process::cargo_bin("dlx")
        .unwrap()
        .get_program()
        .to_string_lossy()
        .into_owned()
}

/// Runs a shell command line, asserting success; returns stdout.
fn sh(line: &str) -> String {
    let output = Process::new("sh").args(["-c", line]).output().unwrap();
    assert!(
        output.status.success(),
        "{line}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// The nodes of `dlx ARGS --count --stats`, from its stats line.
fn nodes(args: &[&str]) -> u64 {
    let output = dlx()
        .args(args)
        .args(["--count", "--stats"])
        .output()
        .unwrap();
    let err = String::from_utf8(output.stderr).unwrap();
    err.split("nodes: ")
        .nth(1)
        .and_then(|rest| rest.split(',').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no nodes in {err}"))
}

#[test]
fn emit_dlx_writes_a_problem_that_cover_counts_alike() {
    let exe = bin();
    for (command, want) in [
        ("queens 6", "4"),
        ("pentomino --board 3x20", "8"),
        (
            &format!("cover {}", fixture("exact-cover/langford-7.dlx")),
            "52",
        ),
        (&format!("cover {}", fixture("exact-cover/colors.dlx")), ""),
    ] {
        let direct = sh(&format!("{exe} {command} --count; true"));
        let emitted = sh(&format!(
            "{exe} {command} --emit dlx | {exe} cover --count; true"
        ));
        assert_eq!(emitted, direct, "{command}");
        if !want.is_empty() {
            assert_eq!(direct.trim(), want, "{command}");
        }
    }
    // The problem is written in Knuth's format, item line first.
    let text = stdout(&["queens", "4", "--emit", "dlx"]);
    assert!(text.lines().next().unwrap().contains('|'), "{text}");
    dlx()
        .args(["queens", "4", "--emit", "dlx", "--count"])
        .assert()
        .code(2);
}

#[test]
fn verify_passes_printed_solutions_and_names_bad_ones() {
    let langford = fixture("exact-cover/langford-7.dlx");
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.txt");
    fs::write(&good, stdout(&["cover", &langford])).unwrap();
    let good = good.to_str().unwrap();
    dlx()
        .args(["cover", &langford, "--verify", good])
        .assert()
        .success()
        .stdout("52 solutions checked: all valid\n");
    // Reordered items and options are the same options.
    let knuth = fixture("exact-cover/knuth.dlx");
    let shuffled = dir.path().join("shuffled.txt");
    fs::write(&shuffled, "g b\nf d a\n\ne c\n").unwrap();
    // Solution 1 lacks c e; solution 2 lacks the rest.
    dlx()
        .args(["cover", &knuth, "--verify", shuffled.to_str().unwrap()])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "shuffled.txt:1: solution 1: primary item 'c' not covered",
        ))
        .stdout("2 solutions checked: 2 invalid\n");
    let bad = dir.path().join("bad.txt");
    fs::write(
        &bad,
        "c e\na d f\nb g\n\nc e\na d g\na d f\nb g\n\nc e\na d z\n\nc e\nb d\n\na d f\nb g\nc e\n\nc e\na d f\nb g\n",
    )
    .unwrap();
    let out = dlx()
        .args(["cover", &knuth, "--verify", bad.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    for want in [
        "bad.txt:7: solution 2: item 'a' covered twice",
        "bad.txt:11: solution 3: unknown item 'z'",
        "bad.txt:14: solution 4: 'b d' is not an option of the problem",
        "bad.txt:16: solution 5: the same as solution 1",
        "bad.txt:20: solution 6: the same as solution 1",
    ] {
        assert!(err.contains(want), "{want}:\n{err}");
    }
    assert!(!err.contains("solution 1:"), "{err}");
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "6 solutions checked: 5 invalid\n"
    );
}

#[test]
fn the_node_limit_stops_the_search_and_says_so() {
    for threads in ["1", "2"] {
        let out = dlx()
            .args([
                "queens",
                "10",
                "--count",
                "--max-nodes",
                "1000",
                "-j",
                threads,
            ])
            .args(["--format", "json", "--stats"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(3), "-j {threads}");
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(json["complete"], false);
        assert_eq!(json["interrupted"], false);
        assert_eq!(json["stopped"], "node limit");
        assert!(json["count"].as_u64().unwrap() < 724);
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.contains("stopped by the node limit (1000 nodes)"),
            "{err}"
        );
        // The limit holds whatever the threads.
        let nodes: u64 = err
            .split("nodes: ")
            .nth(1)
            .unwrap()
            .split(',')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(nodes <= 1000, "{nodes} nodes with -j {threads}");
    }
    dlx()
        .args(["queens", "10", "--count", "--max-nodes", "1000", "-j", "1"])
        .assert()
        .code(3)
        .stdout(predicate::str::ends_with(" stopped (node limit)\n"));
    // Printing solutions stops too.
    let out = dlx()
        .args(["queens", "8", "--max-nodes", "200"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    // A limit the whole tree (1,199 nodes) fits in changes nothing, however
    // many threads share it; one node less stops the run.
    for threads in ["1", "2", "4", "8"] {
        dlx()
            .args([
                "queens",
                "8",
                "--count",
                "--max-nodes",
                "1199",
                "-j",
                threads,
            ])
            .assert()
            .success()
            .stdout("92\n");
        dlx()
            .args([
                "queens",
                "8",
                "--count",
                "--max-nodes",
                "1198",
                "-j",
                threads,
            ])
            .assert()
            .code(3);
    }
    // --limit K is a success.
    dlx()
        .args(["queens", "8", "--count", "--limit", "5", "-j", "2"])
        .assert()
        .success()
        .stdout("5\n");
}

#[test]
fn the_time_limit_stops_a_long_search_and_says_so() {
    for threads in ["1", "2"] {
        let started = Instant::now();
        let out = dlx()
            .args([
                "queens",
                "16",
                "--count",
                "--time-limit",
                "0.3",
                "-j",
                threads,
            ])
            .args(["--format", "json"])
            .output()
            .unwrap();
        assert!(started.elapsed() < Duration::from_secs(20));
        assert_eq!(out.status.code(), Some(3), "-j {threads}");
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(json["complete"], false);
        assert_eq!(json["interrupted"], false);
        assert_eq!(json["stopped"], "time limit");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains("stopped by the time limit"), "{err}");
    }
    dlx()
        .args(["queens", "8", "--count", "--time-limit", "0"])
        .assert()
        .code(2);
    let help = stdout(&["--help"]);
    assert!(
        help.contains("3 a search stopped by --max-nodes or --time-limit"),
        "{help}"
    );
}

/// Runs pieces 1..=n of pentomino 6x10 cut into `n` with `xargs -P 4`,
/// each writing its record to `dir/piece-I.jsonl`.
fn run_pieces(dir: &std::path::Path, n: usize) {
    let line = format!(
        "seq 1 {n} | xargs -P 4 -I @@ sh -c '{} pentomino --board 6x10 --count --format json -j 1 \
         --pieces {n} --piece @@/{n} > {dir}/piece-@@.jsonl 2> {dir}/piece-@@.err'",
        bin(),
        dir = dir.display()
    );
    let status = Process::new("sh").args(["-c", &line]).status().unwrap();
    if !status.success() {
        for i in 1..=n {
            let err = fs::read_to_string(dir.join(format!("piece-{i}.err"))).unwrap_or_default();
            eprintln!("piece {i}: {err}");
        }
        panic!("{line}: {status}");
    }
}

#[test]
fn pieces_run_concurrently_merge_to_the_whole_and_faults_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let n = 16;
    run_pieces(dir.path(), n);
    let files: Vec<String> = (1..=n)
        .map(|i| {
            dir.path()
                .join(format!("piece-{i}.jsonl"))
                .display()
                .to_string()
        })
        .collect();
    let args: Vec<&str> = files.iter().map(String::as_str).collect();
    dlx()
        .arg("merge")
        .args(&args)
        .assert()
        .success()
        .stdout("9356\n");
    // The figures add up to the serial search's.
    let merged = stdout(&[&["merge", "--format", "json"][..], &args].concat());
    let json: serde_json::Value = serde_json::from_str(&merged).unwrap();
    assert_eq!(json["count"], 9356);
    assert_eq!(json["pieces"], 16);
    assert_eq!(
        json["nodes"].as_u64().unwrap(),
        nodes(&["pentomino", "--board", "6x10", "-j", "1"])
    );
    // Through stdin too.
    let all: String = files
        .iter()
        .map(|f| fs::read_to_string(f).unwrap())
        .collect();
    dlx()
        .arg("merge")
        .write_stdin(all.clone())
        .assert()
        .success()
        .stdout("9356\n");

    // A missing piece.
    dlx()
        .arg("merge")
        .args(&args[..6])
        .args(&args[7..])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("piece 7/16 is missing"));
    // A doubled piece.
    dlx()
        .arg("merge")
        .args(&args)
        .arg(args[2])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(format!(
            "piece 3/16 appears twice ({}:1, {}:1)",
            args[2], args[2]
        )));
    // A piece of another problem, in the place of piece 5.
    let foreign = dir.path().join("foreign.jsonl");
    let other = stdout(&[
        "pentomino",
        "--board",
        "5x12",
        "--count",
        "--format",
        "json",
        "--pieces",
        "16",
        "--piece",
        "5/16",
    ]);
    fs::write(&foreign, other).unwrap();
    dlx()
        .arg("merge")
        .args(&args[..4])
        .arg(&foreign)
        .args(&args[5..])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(
            "foreign.jsonl:1: piece of another problem (fingerprint",
        ))
        .stderr(predicate::str::contains("piece 5/16 is missing"));
    // An incomplete piece: stopped by the node limit.
    let stopped = dir.path().join("stopped.jsonl");
    let out = dlx()
        .args([
            "pentomino",
            "--board",
            "6x10",
            "--count",
            "--format",
            "json",
            "-j",
            "1",
            "--pieces",
            "16",
            "--piece",
            "9/16",
            "--max-nodes",
            "1000",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    fs::write(&stopped, out.stdout).unwrap();
    dlx()
        .arg("merge")
        .args(&args[..8])
        .arg(&stopped)
        .args(&args[9..])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(
            "stopped.jsonl:1: piece 9/16 is incomplete (node limit)",
        ));
    // A bad line is named by file, line and column.
    let broken = format!("{}{{\"count\":3,\n", all);
    dlx()
        .arg("merge")
        .write_stdin(broken)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("<stdin>:17:"))
        .stderr(predicate::str::contains("not a piece record"));
}

/// Spawns `dlx ARGS`, a checkpointed count, and waits until `file` holds
/// `records` records: the running child.
fn count_until_recorded(
    args: &[&str],
    file: &std::path::Path,
    records: usize,
) -> std::process::Child {
    let child = Process::cargo_bin("dlx")
        .unwrap()
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while fs::read_to_string(file).map_or(0, |t| t.lines().count()) < records {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "no checkpoint lines"
        );
        thread::sleep(Duration::from_millis(5));
    }
    child
}

#[test]
fn a_killed_checkpointed_count_resumes_to_the_exact_total() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("count.ckpt");
    let path = file.to_str().unwrap();
    let args = [
        "pentomino",
        "--board",
        "6x10",
        "--count",
        "-j",
        "1",
        "--pieces",
        "400",
        "--checkpoint",
        path,
        "--stats",
    ];
    let mut child = count_until_recorded(&args, &file, 5);
    child.kill().unwrap();
    child.wait().unwrap();
    let done = fs::read_to_string(&file).unwrap().lines().count();
    // A line torn by the kill is dropped.
    let mut text = fs::read_to_string(&file).unwrap();
    text.push_str("{\"count\":12,\"compl");
    fs::write(&file, text).unwrap();
    let out = dlx().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "9356\n");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains(&format!("{done} of the")), "{err}");
    let nodes_after: u64 = err
        .split("nodes: ")
        .nth(1)
        .unwrap()
        .split(',')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(
        nodes_after,
        nodes(&["pentomino", "--board", "6x10", "-j", "1"])
    );
    // The finished file is a set of piece records: merge adds them up.
    dlx()
        .args(["merge", path])
        .assert()
        .success()
        .stdout("9356\n");
    // Every tiling places the 12 pieces, one per level: the deepest level
    // is 12, and the resumed run knows it from the records too.
    assert!(err.contains("max level: 12,"), "{err}");
    let again = dlx().args(args).output().unwrap();
    let err = String::from_utf8(again.stderr).unwrap();
    let (done, of) = err
        .split(": ")
        .nth(2)
        .and_then(|t| t.split_once(" of the "))
        .unwrap_or_else(|| panic!("{err}"));
    assert_eq!(done, of.split(' ').next().unwrap(), "{err}");
    assert!(err.contains("max level: 12,"), "{err}");
    // Run again, every piece is done; with -j 2 the same.
    dlx()
        .args(&args[..4])
        .args(["-j", "2", "--pieces", "400", "--checkpoint", path])
        .assert()
        .success()
        .stdout("9356\n");
    // Another problem, or another split, is refused.
    dlx()
        .args([
            "pentomino",
            "--board",
            "5x12",
            "--count",
            "--pieces",
            "400",
            "--checkpoint",
            path,
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("a checkpoint of another problem"));
    dlx()
        .args([
            "pentomino",
            "--board",
            "6x10",
            "--count",
            "--pieces",
            "20",
            "--checkpoint",
            path,
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("a checkpoint of another split"));
}

#[test]
fn a_checkpointed_parallel_count_is_exact() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("q.ckpt");
    let path = file.to_str().unwrap();
    dlx()
        .args([
            "queens",
            "11",
            "--count",
            "-j",
            "2",
            "--split-depth",
            "3",
            "--checkpoint",
            path,
        ])
        .assert()
        .success()
        .stdout("2680\n");
    let lines = fs::read_to_string(&file).unwrap().lines().count();
    assert!(lines > 100, "{lines} pieces");
    dlx()
        .args(["merge", path])
        .assert()
        .success()
        .stdout("2680\n");
}

/// A hard sudoku (Arto Inkala's "AI Escargot") as exact cover in Knuth's
/// format: cells, rows, columns and boxes each hold each digit once; a
/// given cell has its digit's option alone.
fn escargot() -> String {
    let puzzle =
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";
    let mut text = String::new();
    for kind in ["p", "r", "c", "b"] {
        for a in 0..9 {
            for b in 0..9 {
                text.push_str(&format!("{kind}{a}{b} "));
            }
        }
    }
    text.push('\n');
    for (k, given) in puzzle.chars().enumerate() {
        let (r, c) = (k / 9, k % 9);
        for d in 1..=9u32 {
            if given.to_digit(10).is_some_and(|g| g != d) {
                continue;
            }
            let (b, e) = (3 * (r / 3) + c / 3, d - 1);
            text.push_str(&format!("p{r}{c} r{r}{e} c{c}{e} b{b}{e}\n"));
        }
    }
    text
}

/// The median of `--estimate`'s node estimates over seeds 1 to 5.
fn median_estimate(args: &[&str], stdin: Option<&str>) -> (f64, f64) {
    let mut estimates = Vec::new();
    let mut cost = 0.0;
    for seed in 1..=5 {
        let seed = seed.to_string();
        let mut command = dlx();
        command
            .args(args)
            .args(["--estimate", "--format", "json", "--seed", &seed]);
        if let Some(text) = stdin {
            command.write_stdin(text.to_string());
        }
        let out = command.output().unwrap();
        assert!(out.status.success());
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        estimates.push(json["nodes"].as_f64().unwrap());
        cost += json["probe_seconds"].as_f64().unwrap();
    }
    estimates.sort_by(f64::total_cmp);
    (estimates[2], cost / 5.0)
}

#[test]
fn the_estimate_is_within_a_factor_of_two() {
    let sudoku = escargot();
    for (name, args, stdin) in [
        ("queens 12", &["queens", "12"][..], None),
        (
            "pentomino 6x10",
            &["pentomino", "--board", "6x10"][..],
            None,
        ),
        ("AI Escargot", &["cover"][..], Some(sudoku.as_str())),
    ] {
        let (estimate, cost) = median_estimate(args, stdin);
        let mut command = dlx();
        command.args(args).args(["--count", "--stats", "-j", "1"]);
        if let Some(text) = stdin {
            command.write_stdin(text.to_string());
        }
        let out = command.output().unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        let truth: f64 = err
            .split("nodes: ")
            .nth(1)
            .unwrap()
            .split(',')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let ratio = estimate / truth;
        eprintln!("{name}: {truth} nodes, estimated {estimate:.0} (x{ratio:.2}), probes {cost:.3} s; {err}");
        assert!(
            (0.5..=2.0).contains(&ratio),
            "{name}: {truth} nodes, estimated {estimate}"
        );
    }
    let text = stdout(&["queens", "13", "--estimate", "-j", "1"]);
    assert!(
        text.contains("nodes: about") && text.contains("time: about"),
        "{text}"
    );
}

#[test]
fn ctrl_c_is_told_apart_from_the_time_limit() {
    let child = Process::cargo_bin("dlx")
        .unwrap()
        .args([
            "queens",
            "17",
            "--count",
            "--format",
            "json",
            "--time-limit",
            "60",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    thread::sleep(Duration::from_millis(500));
    let sent = Process::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["interrupted"], true);
    assert_eq!(json["complete"], false);
    assert_eq!(json["stopped"], "interrupted");
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("interrupted after"));
}

/// A piece record of queens 6 cut into two pieces, with `edit` applied to
/// its JSON object, and its check made again: the record dlx would write
/// with those fields.
fn edited_record(edit: impl Fn(&mut serde_json::Value)) -> String {
    let out = stdout(&[
        "queens",
        "6",
        "--count",
        "--format",
        "json",
        "--split-depth",
        "1",
        "--piece",
        "1/2",
    ]);
    let mut record: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    edit(&mut record);
    sealed(&record.to_string())
}

/// The line of a piece record with its check made again from its fields.
fn sealed(line: &str) -> String {
    let mut record: Record = serde_json::from_str(line).unwrap();
    record.seal();
    record.line()
}

#[test]
fn merge_refuses_each_corrupted_record_by_name() {
    let huge = [
        serde_json::json!(1u64 << 63),
        serde_json::json!(1_000_000_000_000u64),
        serde_json::json!(u64::MAX),
    ];
    for pieces in huge {
        // Never an array of `pieces` places, never a loop over them all.
        let record = edited_record(|r| r["pieces"] = pieces.clone());
        let started = Instant::now();
        dlx()
            .arg("merge")
            .write_stdin(record)
            .timeout(Duration::from_secs(20))
            .assert()
            .code(1)
            .stdout("")
            .stderr(predicate::str::contains("piece 2/"))
            .stderr(predicate::str::contains("more pieces of"));
        assert!(started.elapsed() < Duration::from_secs(20));
    }
    // Two memoized pieces whose counts add up past 2^64: the sum is
    // exact; past 2^128 it is refused.
    let count = |count: u128, piece: u64| {
        let record = edited_record(|r| {
            r["piece"] = serde_json::json!(piece);
            r["memo"] = serde_json::json!(true);
            r["count"] = serde_json::json!(0);
        });
        sealed(&record.replace("\"count\":0", &format!("\"count\":{count}")))
    };
    let big = u128::from(u64::MAX) - 1;
    dlx()
        .arg("merge")
        .write_stdin(format!("{}{}", count(big, 1), count(5, 2)))
        .assert()
        .success()
        .stdout(format!("{}\n", big + 5));
    dlx()
        .arg("merge")
        .write_stdin(format!("{}{}", count(u128::MAX - 1, 1), count(5, 2)))
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(
            "<stdin>:2: the total count passes 2^128",
        ));
    // Records that contradict themselves.
    for (edit, why) in [
        (
            Box::new(|r: &mut serde_json::Value| r["stopped"] = "node limit".into())
                as Box<dyn Fn(&mut serde_json::Value)>,
            "says complete and also stopped (node limit)",
        ),
        (
            Box::new(|r: &mut serde_json::Value| r["count"] = 1_000_000.into()),
            "counts 1000000 solutions in",
        ),
        (
            Box::new(|r: &mut serde_json::Value| r["piece"] = 3.into()),
            "piece 3/2 does not exist",
        ),
    ] {
        dlx()
            .arg("merge")
            .write_stdin(edited_record(edit))
            .assert()
            .code(1)
            .stdout("")
            .stderr(predicate::str::contains(format!(
                "<stdin>:1: not a record dlx writes: {why}"
            )));
    }
}

#[test]
fn merge_and_a_resume_refuse_an_edited_record() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("pieces.jsonl");
    let path = file.to_str().unwrap();
    // Queens 10 in 4 pieces: 204, 204, 158 and 158 solutions.
    let pieces: String = (1..=4)
        .map(|i| {
            let piece = format!("{i}/4");
            let args = ["--format", "json", "--pieces", "4", "--piece", &piece];
            stdout(&[&["queens", "10", "--count"][..], &args].concat())
        })
        .collect();
    fs::write(&file, &pieces).unwrap();
    dlx()
        .args(["merge", path])
        .assert()
        .success()
        .stdout("724\n");
    // A count changed by hand, as plausible as the others: no total (it
    // was 571).
    let lines: Vec<&str> = pieces.lines().collect();
    assert!(lines[2].contains("\"count\":158,"), "{}", lines[2]);
    let edited = pieces.replacen("\"count\":158,", "\"count\":5,", 1);
    fs::write(&file, &edited).unwrap();
    dlx()
        .args(["merge", path])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(format!(
            "{path}:3: piece 3/4 was edited or damaged: its check does not match its fields"
        )))
        .stderr(predicate::str::contains("dlx: merge: 2 faults, no total"));
    // A record without its check, as older versions wrote them.
    let old: String = pieces
        .lines()
        .map(|line| {
            let mut record: serde_json::Value = serde_json::from_str(line).unwrap();
            record.as_object_mut().unwrap().remove("check");
            format!("{record}\n")
        })
        .collect();
    dlx()
        .arg("merge")
        .write_stdin(old)
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(
            "<stdin>:1: piece 1/4 has no check: written by a dlx older than the checks",
        ))
        .stderr(predicate::str::contains("run the piece again"))
        .stderr(predicate::str::contains("no total"));
    // A checkpoint line edited: the resume names it, and counts nothing.
    let checkpoint = dir.path().join("q.ckpt");
    let args = ["queens", "8", "--count", "--checkpoint"];
    let args = [&args[..], &[checkpoint.to_str().unwrap()]].concat();
    dlx().args(&args).assert().success().stdout("92\n");
    let text = fs::read_to_string(&checkpoint).unwrap();
    let line = text
        .lines()
        .position(|l| l.contains("\"count\":1,"))
        .unwrap();
    fs::write(
        &checkpoint,
        text.replacen("\"count\":1,", "\"count\":2,", 1),
    )
    .unwrap();
    dlx()
        .args(&args)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(format!(
            "q.ckpt:{}: a checkpoint record edited or damaged",
            line + 1
        )));
}

#[test]
fn a_checkpointed_count_keeps_its_limit_when_resumed() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("limit.ckpt");
    let path = file.to_str().unwrap();
    let args = [
        "queens",
        "10",
        "--count",
        "--limit",
        "300",
        "-j",
        "2",
        "--checkpoint",
        path,
    ];
    for _ in 0..3 {
        dlx().args(args).assert().success().stdout("300\n");
    }
    // Without the limit, the same file finishes the whole count.
    dlx()
        .args(&args[..3])
        .args(["--checkpoint", path])
        .assert()
        .success()
        .stdout("724\n");
}

#[test]
fn a_limit_holds_whatever_the_checkpoint_file_holds() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("full.ckpt");
    let path = file.to_str().unwrap();
    let queens = ["queens", "10", "--count"];
    // What a fresh run with --limit 100 says.
    let fresh = stdout(&[&queens[..], &["--limit", "100", "--format", "json"]].concat());
    assert_eq!(
        fresh,
        "{\"count\":100,\"complete\":false,\"interrupted\":false}\n"
    );
    // The file holds every piece, 724 solutions: a resume with --limit
    // 100 counts 100, cut by the limit, on any number of threads.
    let whole = [&queens[..], &["-j", "2", "--checkpoint", path]].concat();
    dlx().args(&whole).assert().success().stdout("724\n");
    for j in ["1", "2"] {
        let limited = [
            &queens[..],
            &["--limit", "100", "-j", j, "--checkpoint", path],
        ]
        .concat();
        dlx().args(&limited).assert().success().stdout("100\n");
        let json = stdout(&[&limited[..], &["--format", "json"]].concat());
        assert_eq!(json, fresh, "-j {j}");
    }
    // A file holding more than K but not every piece: K too.
    let text = fs::read_to_string(&file).unwrap();
    let mut sum = 0;
    let part: String = text
        .lines()
        .take_while(|line| {
            let record: serde_json::Value = serde_json::from_str(line).unwrap();
            sum += record["count"].as_u64().unwrap();
            sum < 300
        })
        .map(|line| format!("{line}\n"))
        .collect();
    assert!(part.lines().count() < text.lines().count());
    fs::write(&file, &part).unwrap();
    let limited = [&queens[..], &["--limit", "10", "--checkpoint", path]].concat();
    dlx().args(&limited).assert().success().stdout("10\n");
    // A piece's record keeps its limit too.
    let piece = [
        &queens[..],
        &["--limit", "5", "--format", "json", "--pieces", "1000"],
        &["--piece", "1/2", "--checkpoint", path],
    ]
    .concat();
    let record: serde_json::Value = serde_json::from_str(&stdout(&piece)).unwrap();
    assert_eq!(
        (&record["count"], &record["complete"], &record["piece"]),
        (&5.into(), &false.into(), &1.into()),
        "{record}"
    );
    // A memoized count counts its pieces whole, and records them all: the
    // same command run again keeps its limit.
    let memo = dir.path().join("memo.ckpt");
    let memo = [
        &queens[..],
        &[
            "--memo",
            "--limit",
            "100",
            "--checkpoint",
            memo.to_str().unwrap(),
        ],
    ]
    .concat();
    for _ in 0..2 {
        dlx().args(&memo).assert().success().stdout("100\n");
    }
}

#[test]
fn a_second_run_on_a_checkpoint_in_use_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("shared.ckpt");
    let path = file.to_str().unwrap();
    let args = [
        "pentomino",
        "--count",
        "-j",
        "1",
        "--pieces",
        "400",
        "--checkpoint",
        path,
    ];
    let mut first = count_until_recorded(&args, &file, 1);
    dlx()
        .args(args)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("is in use by another run"));
    first.kill().unwrap();
    first.wait().unwrap();
    // The lock goes with the process: the count resumes, exact.
    dlx().args(args).assert().success().stdout("9356\n");
    let text = fs::read_to_string(&file).unwrap();
    let mut pieces: Vec<u64> = text
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["piece"]
                .as_u64()
                .unwrap()
        })
        .collect();
    let all = pieces.len();
    pieces.sort_unstable();
    pieces.dedup();
    assert_eq!(pieces.len(), all, "a piece recorded twice");
}

#[test]
fn a_checkpoint_on_a_full_disk_stops_and_resumes_once_there_is_space() {
    // The file may grow to 8 KiB (`ulimit -f` counts 512-byte blocks), as
    // on a small disk that fills: writes past it fail (SIGXFSZ ignored, as
    // a full disk sends none).
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("full.ckpt");
    let path = file.to_str().unwrap();
    let command = format!("pentomino --board 5x12 --count -j 2 --pieces 400 --checkpoint {path}");
    let full = Process::new("sh")
        .args([
            "-c",
            &format!("trap '' XFSZ; ulimit -f 16; exec \"{}\" {command}", bin()),
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&full.stderr);
    assert_eq!(full.status.code(), Some(2), "{err}");
    assert_eq!(String::from_utf8_lossy(&full.stdout), "");
    assert!(err.contains("cannot write the checkpoint file"), "{err}");
    assert!(err.contains("resumes"), "{err}");
    // Whole records only, each parsed.
    let text = fs::read_to_string(&file).unwrap();
    assert!(text.ends_with('\n'));
    let recorded = text.lines().count();
    assert!(
        recorded > 0 && text.len() <= 8192,
        "{recorded} {}",
        text.len()
    );
    for line in text.lines() {
        serde_json::from_str::<serde_json::Value>(line).unwrap();
    }
    // Space again: the same command resumes from those records.
    let args: Vec<&str> = command.split(' ').collect();
    let out = dlx().args(&args).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "4040\n");
    assert!(err.contains(&format!("{recorded} of the")), "{err}");
}

#[test]
fn no_solution_is_said_when_nothing_is_printed() {
    dlx()
        .args(["queens", "2"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("dlx: no solution"));
    dlx()
        .arg("cover")
        .write_stdin("a b\na\n")
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("dlx: no solution"));
    dlx()
        .arg("tile")
        .write_stdin("[0-2][0-2]\nI 00 01\n")
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("dlx: no solution"));
    // The count says it: 0.
    dlx()
        .args(["queens", "3", "--count"])
        .assert()
        .code(1)
        .stdout("0\n");
}

#[test]
fn absurd_thread_counts_are_usage_errors_and_extra_threads_cost_nothing() {
    for command in ["sudoku", "cover", "generate", "queens"] {
        dlx()
            .args([command, "-j", "100000"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("--threads <N>"))
            .stderr(predicate::str::contains("not in 0..=1024"));
    }
    // 1024 threads asked, 5 puzzles: no more threads start than there is
    // work for, and the run ends at once.
    let started = Instant::now();
    dlx()
        .args(["sudoku", "-j", "1024", &fixture("sudoku/easy.txt")])
        .timeout(Duration::from_secs(60))
        .assert()
        .success();
    dlx()
        .args(["queens", "6", "--count", "-j", "1024"])
        .timeout(Duration::from_secs(60))
        .assert()
        .success()
        .stdout("4\n");
    assert!(started.elapsed() < Duration::from_secs(60));
    // A split deeper than the tree cuts at its leaves.
    let split = ["--split-depth", "4611686018427387904"];
    let one = stdout(&[
        "queens", "6", "--count", split[0], split[1], "--piece", "1/2",
    ]);
    let two = stdout(&[
        "queens", "6", "--count", split[0], split[1], "--piece", "2/2",
    ]);
    assert_eq!(
        one.trim().parse::<u64>().unwrap() + two.trim().parse::<u64>().unwrap(),
        4
    );
}

#[test]
fn threads_past_four_per_core_are_not_started_and_counts_stay() {
    let cores = thread::available_parallelism().map_or(1, |n| n.get());
    let most = 4 * cores;
    // The count and the figures of the search, whatever -j.
    let counted = |j: &str| {
        let out = dlx()
            .args(["queens", "9", "--count", "--stats", "-j", j])
            .output()
            .unwrap();
        assert!(out.status.success());
        let err = String::from_utf8(out.stderr).unwrap();
        let stats = err
            .lines()
            .find_map(|line| {
                line.split(", time")
                    .next()
                    .filter(|_| line.starts_with("solutions"))
            })
            .unwrap_or_else(|| panic!("{err}"))
            .to_string();
        (String::from_utf8(out.stdout).unwrap(), stats)
    };
    let one = counted("1");
    assert_eq!(one.0, "352\n");
    for j in ["2", "3", "64", "1024"] {
        assert_eq!(counted(j), one, "-j {j}");
    }
    if most >= 1024 {
        return;
    }
    // -j 1024 starts `most` threads: the estimate, which divides the time
    // by them, says how many, and stderr says why, once.
    let out = dlx()
        .args([
            "queens",
            "8",
            "--estimate",
            "--format",
            "json",
            "-j",
            "1024",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let estimate: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(estimate["threads"], most, "{estimate}");
    let note = format!("dlx: -j 1024 cut to {most} threads (4 per core, {cores} cores)");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.matches(&note).count(), 1, "{err}");
    // Once for a batch of puzzles too, and not at all within the cap.
    let easy = fixture("sudoku/easy.txt");
    let err = dlx()
        .args(["sudoku", "-j", "1024", &easy])
        .assert()
        .success()
        .get_output()
        .stderr
        .clone();
    assert_eq!(String::from_utf8(err).unwrap().matches(&note).count(), 1);
    dlx()
        .args(["queens", "8", "--count", "-j", &most.to_string()])
        .assert()
        .success()
        .stdout("92\n")
        .stderr("");
}

#[test]
fn an_estimate_stays_finite_and_obeys_signals_and_time_limits() {
    // 250 queens: products of 250 numbers up to 250 pass f64.
    let text = stdout(&["queens", "250", "--estimate", "--probes", "20"]);
    for bad in ["inf", "NaN"] {
        assert!(!text.contains(bad), "{bad} in {text}");
    }
    assert!(text.contains("nodes: about"), "{text}");
    let json = stdout(&[
        "queens",
        "250",
        "--estimate",
        "--probes",
        "20",
        "--format",
        "json",
    ]);
    let record: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert!(record["nodes_log10"].as_f64().unwrap() > 300.0, "{json}");
    // Many probes: a signal stops them, with nothing printed and 130.
    let child = Process::cargo_bin("dlx")
        .unwrap()
        .args(["queens", "30", "--estimate", "--probes", "1000000000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    thread::sleep(Duration::from_millis(700));
    let killed = Process::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
    // The time limit stops them too: status 3.
    let started = Instant::now();
    dlx()
        .args(["queens", "30", "--estimate", "--probes", "1000000000"])
        .args(["--time-limit", "0.5"])
        .timeout(Duration::from_secs(60))
        .assert()
        .code(3)
        .stdout("");
    assert!(started.elapsed() < Duration::from_secs(30));
}
