//! What a run does with its streams, signals and exit statuses: a full or
//! closed stderr, a closed stdout, Ctrl-C and SIGTERM, `--all` with a large
//! limit, a terminal, and the same statuses from every subcommand.

use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::thread;
use std::time::Duration;

use sudoku_dlx::Grid;

use crate::{fixture, LEETCODE, LEETCODE_SOLUTION};

const EMPTY_9X9: &str =
    ".................................................................................";

/// Whether `text` is a whole grid that breaks no rule: a solution.
fn solved(text: &str) -> bool {
    let grid = Grid::parse(text).unwrap();
    grid.is_complete() && grid.check().is_ok()
}

fn dlx_path() -> String {
    assert_cmd::cargo::cargo_bin("dlx").display().to_string()
}

/// `dlx ARGS` with stdin from `input`, stdout piped, stderr to `stderr`.
fn run_with_stderr(args: &[&str], input: &str, stderr: Stdio) -> (Option<i32>, String) {
    let mut child = Command::new(dlx_path())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    std::io::Write::write_all(&mut stdin, input.as_bytes()).unwrap();
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    (
        output.status.code(),
        String::from_utf8(output.stdout).unwrap(),
    )
}

/// Spawns `dlx ARGS` with stdin and stdout piped, `input` written to stdin,
/// which stays open unless `close` (as a terminal's would).
fn spawn(args: &[&str], input: &str, close: bool) -> (Child, BufReader<ChildStdout>) {
    let mut child = Command::new(dlx_path())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    std::io::Write::write_all(&mut stdin, input.as_bytes()).unwrap();
    if !close {
        child.stdin = Some(stdin);
    }
    let out = BufReader::new(child.stdout.take().unwrap());
    (child, out)
}

/// Sends `signal` (`-INT`, `-TERM`) to `child`.
fn send(signal: &str, child: &Child) {
    let status = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
}

/// `sh -c SCRIPT` with `$DLX` the binary: (exit code, stdout, stderr).
fn shell(script: &str) -> (Option<i32>, String, String) {
    let output = Command::new("sh")
        .arg("-c")
        .arg(script)
        .env("DLX", dlx_path())
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// A file of `text` in a fresh temporary directory (kept for the test's life).
fn temp_file(name: &str, text: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    let path = path.display().to_string();
    (dir, path)
}

#[test]
fn a_full_stderr_loses_diagnostics_not_the_run() {
    // Every place that writes to stderr: per-puzzle stats and the summary,
    // a bad record, a file that cannot be read, a cover warning.
    let full = || Stdio::from(File::create("/dev/full").unwrap());
    let input = format!("{LEETCODE}\n{}\n", &LEETCODE[1..]);
    let (code, out) = run_with_stderr(&["sudoku", "--stats", "-"], &input, full());
    assert_eq!(code, Some(1), "an invalid record, not a panic (101)");
    assert_eq!(out, format!("{LEETCODE_SOLUTION}\ninvalid\n"));
    let (code, out) = run_with_stderr(&["sudoku", "no-such-file.txt", "-"], LEETCODE, full());
    assert_eq!(code, Some(2));
    assert_eq!(out, format!("{LEETCODE_SOLUTION}\n"));
    let (code, out) = run_with_stderr(&["cover", "--count", "-"], "a | x\nx\na\n", full());
    assert_eq!(code, Some(0));
    assert_eq!(out, "1\n");
    let (code, out) = run_with_stderr(&["queens", "6", "--count", "--stats"], "", full());
    assert_eq!(code, Some(0));
    assert_eq!(out, "4\n");
    // A closed stderr too.
    let (code, stdout, _) = shell(
        r#""$DLX" sudoku --stats - 2>&- <<EOF
53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
EOF"#,
    );
    assert_eq!(code, Some(0));
    assert_eq!(stdout, format!("{LEETCODE_SOLUTION}\n"));
}

#[test]
fn a_stdout_on_dev_null_succeeds_however_it_was_opened() {
    // Python's `subprocess.run(..., stdout=DEVNULL)` and many supervisors
    // open /dev/null read-write; a shell's `>/dev/null` write-only. Both
    // are an output thrown away on purpose, and the run is a success.
    let puzzles = fixture("sudoku/easy.txt");
    for redirect in [">/dev/null", "1<>/dev/null"] {
        let (code, _, stderr) = shell(&format!(r#""$DLX" sudoku {puzzles} {redirect}"#));
        assert_eq!(code, Some(0), "{redirect}: {stderr}");
        assert_eq!(stderr, "", "{redirect}");
        let (code, _, stderr) = shell(&format!(r#""$DLX" queens 6 --count {redirect}"#));
        assert_eq!(code, Some(0), "{redirect}: {stderr}");
    }
}

/// Spawns `dlx ARGS` with stdin from `input`, waits until it has run for a
/// while, and sends it `signal`: its exit code, stdout and stderr.
fn interrupted(args: &[&str], input: &str, signal: &str) -> (Option<i32>, String, String) {
    let (_dir, path) = temp_file("input.txt", input);
    let child = Command::new(dlx_path())
        .args(args)
        .arg(&path)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Long enough for the handler to be installed and a search to start.
    thread::sleep(Duration::from_millis(700));
    send(signal, &child);
    finish(child)
}

/// Waits for `child`: its exit code, stdout and stderr.
fn finish(child: Child) -> (Option<i32>, String, String) {
    let output = child.wait_with_output().unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn ctrl_c_prints_the_partial_count_and_exits_130() {
    // Two solved puzzles, then an empty grid whose count never ends.
    let input = format!("{LEETCODE}\n{LEETCODE}\n{EMPTY_9X9}\n{LEETCODE}\n");
    let args = ["sudoku", "--count", "--stats", "-j", "1"];
    let (code, stdout, stderr) = interrupted(&args, &input, "-INT");
    assert_eq!(code, Some(130), "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert_eq!(lines[..2], ["1", "1"]);
    let partial = lines[2].strip_suffix(" interrupted").expect(lines[2]);
    assert!(partial.parse::<u64>().unwrap() > 0);
    assert!(stderr.contains(":3: interrupted after"), "{stderr}");
    assert!(stderr.contains("summary: 3 puzzles"), "{stderr}");
    assert!(stderr.contains("1 interrupted"), "{stderr}");

    // SIGTERM, and JSON: every line a whole object, the last one marked.
    let args = ["sudoku", "--count", "--format", "json"];
    let (code, stdout, _) = interrupted(&args, &input, "-TERM");
    assert_eq!(code, Some(130));
    let objects: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(objects.len(), 3);
    assert_eq!(objects[2]["status"], "interrupted");
    assert!(objects[2]["count"].as_u64().unwrap() > 0);
}

#[test]
fn a_signal_delivered_twice_at_once_is_one_stop() {
    // GNU `timeout` and many supervisors send the signal to the process
    // and to its group: the two arrive together, and the record of the cut
    // puzzle is still written. A second signal a while later quits at once.
    let input = format!("{LEETCODE}\n{EMPTY_9X9}\n");
    for _ in 0..5 {
        let (_dir, path) = temp_file("input.txt", &input);
        let child = Command::new(dlx_path())
            .args(["sudoku", "--count", "-j", "1", &path])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        thread::sleep(Duration::from_millis(500));
        send("-INT", &child);
        send("-INT", &child);
        let (code, stdout, stderr) = finish(child);
        assert_eq!(code, Some(130), "{stderr}");
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), 2, "{stdout:?} {stderr}");
        assert!(lines[1].ends_with(" interrupted"), "{stdout:?}");
    }
}

#[test]
fn ctrl_c_ends_streamed_solutions_on_a_whole_record() {
    for format in ["json", "line"] {
        let args = ["sudoku", "--all", "--format", format];
        let (code, stdout, _) = interrupted(&args, EMPTY_9X9, "-INT");
        assert_eq!(code, Some(130));
        let lines: Vec<&str> = stdout.lines().collect();
        if format == "json" {
            assert_eq!(lines.len(), 1);
            let object: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
            assert_eq!(object["status"], "interrupted");
            let solutions = object["solutions"].as_array().unwrap();
            assert!(!solutions.is_empty());
            for solution in solutions {
                assert!(solved(solution.as_str().unwrap()));
            }
        } else {
            assert_eq!(lines[lines.len() - 2..], ["interrupted", ""]);
            for line in &lines[..lines.len() - 2] {
                assert!(solved(line), "{line}");
            }
        }
    }
}

#[test]
fn ctrl_c_stops_an_exact_cover_count_on_any_number_of_threads() {
    for threads in ["1", "2"] {
        let child = Command::new(dlx_path())
            .args(["queens", "18", "--count", "--stats", "-j", threads])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        thread::sleep(Duration::from_millis(700));
        send("-INT", &child);
        let (code, stdout, stderr) = finish(child);
        assert_eq!(code, Some(130), "{stderr}");
        let partial = stdout
            .trim_end()
            .strip_suffix(" interrupted")
            .expect(&stdout);
        assert!(partial.parse::<u64>().unwrap() > 0);
        assert!(stderr.contains("(cancelled)"), "{stderr}");
    }
}

#[test]
fn all_with_a_large_limit_streams_its_solutions() {
    // Ten million solutions of the empty grid: the first must come out long
    // before the search could have found them all (they were once all held
    // until the end).
    let args = ["sudoku", "--all", "--limit", "10000000", "-"];
    let (mut child, mut out) = spawn(&args, &format!("{EMPTY_9X9}\n"), true);
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    assert!(solved(first.trim_end()));
    assert!(
        child.try_wait().unwrap().is_none(),
        "still searching when the first solution is out"
    );
    child.kill().unwrap();
    child.wait().unwrap();
}

#[test]
fn all_with_a_limit_gives_that_many_solutions_either_way() {
    // Below and above the number held in memory per puzzle.
    let empty_4x4 = "................";
    for limit in [5usize, 100] {
        for format in ["line", "json"] {
            let input = format!("{empty_4x4}\n{LEETCODE}\n");
            let (code, stdout) = run_with_stderr(
                &[
                    "sudoku",
                    "--all",
                    "--limit",
                    &limit.to_string(),
                    "--format",
                    format,
                    "-",
                ],
                &input,
                Stdio::null(),
            );
            assert_eq!(code, Some(0));
            let (first, second): (Vec<String>, Vec<String>) = if format == "json" {
                let objects: Vec<serde_json::Value> = stdout
                    .lines()
                    .map(|l| serde_json::from_str(l).unwrap())
                    .collect();
                assert_eq!(objects.len(), 2, "{stdout}");
                let strings = |o: &serde_json::Value| {
                    assert_eq!(o["status"], "solved");
                    o["solutions"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|s| s.as_str().unwrap().to_string())
                        .collect()
                };
                (strings(&objects[0]), strings(&objects[1]))
            } else {
                let records: Vec<&str> = stdout.split("\n\n").collect();
                assert_eq!(records.len(), 3, "{stdout:?}");
                let lines = |r: &str| r.lines().map(str::to_string).collect();
                (lines(records[0]), lines(records[1]))
            };
            // The empty 4x4 grid has 288 solutions: `limit` distinct ones.
            assert_eq!(first.len(), limit.min(288));
            let distinct: std::collections::HashSet<&String> = first.iter().collect();
            assert_eq!(distinct.len(), first.len());
            for solution in &first {
                assert!(solved(solution));
            }
            assert_eq!(second, [LEETCODE_SOLUTION]);
        }
    }
}

#[test]
fn no_progress_bar_on_the_answers_of_a_terminal() {
    // Puzzles typed at a terminal: the answers are written there, and a
    // progress bar on stderr would share their lines. `script` gives the
    // command a terminal; the input stays open for more than the bar's tick.
    let (code, stdout, stderr) = shell(&format!(
        r#"command -v script >/dev/null || {{ echo skip; exit 0; }}
           (echo {LEETCODE}; sleep 1) | script -qec "$DLX sudoku" /dev/null"#
    ));
    assert_eq!(code, Some(0), "{stderr}");
    if stdout.trim() == "skip" {
        // The stderr handle, which libtest does not capture.
        let _ = writeln!(
            std::io::stderr(),
            "skipped: no `script` command to give dlx a terminal"
        );
        return;
    }
    assert!(stdout.contains(LEETCODE_SOLUTION), "{stdout:?}");
    assert!(
        !stdout.contains("puzzles"),
        "a progress bar was drawn: {stdout:?}"
    );
    // The terminal is told where the puzzles come from, not left waiting.
    assert!(
        stdout.contains("dlx: reading standard input (Ctrl-D ends it)"),
        "{stdout:?}"
    );
}

#[test]
fn every_subcommand_exits_with_the_same_statuses() {
    let bad_sudoku = format!("{}\n", &LEETCODE[1..]);
    let (_dir, bad_cover) = temp_file("bad.dlx", "a b\na c\n");
    // Invalid input: 1, and one record for the sudoku.
    let (code, stdout, _) = shell(&format!(r#"echo '{bad_sudoku}' | "$DLX" sudoku"#));
    assert_eq!((code, stdout.as_str()), (Some(1), "invalid\n"));
    let (code, _, stderr) = shell(&format!(r#""$DLX" cover {bad_cover}"#));
    assert_eq!(code, Some(1));
    assert!(stderr.contains("bad.dlx:2:3: unknown item 'c'"), "{stderr}");
    // A file that cannot be read: 2.
    for sub in ["sudoku", "cover"] {
        let (code, _, stderr) = shell(&format!(r#""$DLX" {sub} no-such-file"#));
        assert_eq!(code, Some(2), "{sub}");
        assert!(stderr.contains("cannot read no-such-file"), "{stderr}");
    }
    // --limit 0 is a usage error everywhere: 2.
    let good_cover = fixture("exact-cover/langford-7.dlx");
    for command in [
        format!("sudoku --count --limit 0 {}", fixture("sudoku/easy.txt")),
        format!("sudoku --all --limit 0 {}", fixture("sudoku/easy.txt")),
        format!("cover --limit 0 {good_cover}"),
        "queens 6 --limit 0".to_string(),
        "pentomino --count --limit 0".to_string(),
    ] {
        let (code, stdout, stderr) = shell(&format!(r#""$DLX" {command}"#));
        assert_eq!(code, Some(2), "{command}");
        assert_eq!(stdout, "");
        assert!(stderr.contains("--limit"), "{stderr}");
    }
}

#[test]
fn a_slow_producer_gets_each_answer_and_ctrl_c_ends_the_wait() {
    // The input stays open after one puzzle, as a terminal or `tail -f`
    // would: its answer must come out now, not when a chunk is full.
    let (mut child, mut out) = spawn(&["sudoku", "-"], &format!("{LEETCODE}\n"), false);
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    assert_eq!(first.trim_end(), LEETCODE_SOLUTION);
    // Blocked on its input, with nothing to finish: a signal ends it.
    send("-INT", &child);
    let mut waited = Duration::ZERO;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if waited > Duration::from_secs(10) {
            child.kill().unwrap();
            panic!("dlx still waits for input 10 s after Ctrl-C");
        }
        thread::sleep(Duration::from_millis(50));
        waited += Duration::from_millis(50);
    };
    assert_eq!(status.code(), Some(130));
    let mut rest = String::new();
    out.read_to_string(&mut rest).unwrap();
    assert_eq!(rest, "");
}

#[test]
fn a_problem_too_large_for_the_memory_is_refused_before_it_is_built() {
    // 3000-queens needs about 1.5 GB; under a 1 GB address-space limit it is
    // refused with the figures, status 2, instead of an abort.
    let (code, stdout, stderr) = shell(r#"ulimit -v 1000000 && exec "$DLX" queens 3000 --count"#);
    assert_eq!(code, Some(2), "{stderr}");
    assert_eq!(stdout, "");
    assert!(stderr.contains("needs about 1."), "{stderr}");
    assert!(stderr.contains("GB of memory, more than the"), "{stderr}");
}

#[test]
fn a_tiling_too_large_for_the_memory_is_refused_before_its_placements() {
    // 34 bytes: a 62x62x62 board and one 6x6x6 cube, whose placements
    // would take 2.3 GB; under a 1 GB limit, status 2 and the figures.
    let (_dir, bomb) = temp_file("bomb.txt", "[0-Z][0-Z][0-Z]\nX [0-5][0-5][0-5]\n");
    let (code, stdout, stderr) = shell(&format!(
        r#"ulimit -v 1000000 && exec "$DLX" tile {bomb} --count"#
    ));
    assert_eq!(code, Some(2), "{stderr}");
    assert_eq!(stdout, "");
    assert!(stderr.contains("MB of memory, more than the"), "{stderr}");
}

#[test]
fn a_signal_stops_a_puzzle_being_made() {
    // A minimal 25x25 puzzle takes minutes: SIGTERM stops it within its
    // searches, with status 130 and no puzzle (its tests were cut short).
    // A watchdog kills a run that ignores the signal.
    let started = std::time::Instant::now();
    let (code, stdout, stderr) = shell(
        r#""$DLX" generate --size 25 --seed 3 -j 1 & pid=$!
(sleep 30; kill -KILL $pid) >/dev/null 2>&1 &
sleep 2; kill -TERM $pid; wait $pid"#,
    );
    assert_eq!(code, Some(130), "{stderr}");
    assert!(stderr.contains("interrupted"), "{stderr}");
    assert!(!stdout.contains(|c: char| c.is_ascii_digit()), "{stdout}");
    assert!(started.elapsed().as_secs() < 30);
}
