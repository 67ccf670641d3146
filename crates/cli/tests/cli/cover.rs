//! `dlx cover`, `dlx queens` and `dlx pentomino`.

use predicates::prelude::*;

use crate::{count, dlx, fixture, stdout};

#[test]
fn cover_prints_the_option_lines_of_each_solution() {
    let out = stdout(&["cover", &fixture("exact-cover/knuth.dlx")]);
    let mut lines: Vec<&str> = out.lines().collect();
    lines.sort();
    assert_eq!(lines, ["a d f", "b g", "c e"]);
}

#[test]
fn cover_separates_solutions_with_a_blank_line_and_each_is_valid() {
    let path = fixture("exact-cover/langford-7.dlx");
    let out = stdout(&["cover", &path]);
    let solutions: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(solutions.len(), 52);
    for solution in solutions {
        // Every slot filled once, every digit placed once, at distance k+1.
        let mut slots = [0u32; 15];
        let mut digits = [0u32; 8];
        for line in solution.lines() {
            let words: Vec<&str> = line.split(' ').collect();
            let k: usize = words[0][1..].parse().unwrap();
            let a: usize = words[1][1..].parse().unwrap();
            let b: usize = words[2][1..].parse().unwrap();
            assert_eq!(b - a, k + 1, "{line}");
            digits[k] += 1;
            slots[a] += 1;
            slots[b] += 1;
        }
        assert!(digits[1..].iter().all(|&d| d == 1), "{solution}");
        assert!(slots[1..].iter().all(|&s| s == 1), "{solution}");
    }
}

#[test]
fn cover_counts_with_any_number_of_threads() {
    let path = fixture("exact-cover/langford-7.dlx");
    for j in ["1", "2", "3"] {
        assert_eq!(count(&["cover", "--count", "-j", j, &path]), 52);
    }
    assert_eq!(
        count(&["cover", "--count", "--limit", "5", "-j", "1", &path]),
        5
    );
    assert_eq!(
        count(&["cover", "--count", "--limit", "5", "-j", "2", &path]),
        5
    );
    assert_eq!(
        stdout(&["cover", "--limit", "2", &path])
            .split("\n\n")
            .count(),
        2
    );
}

#[test]
fn cover_reads_stdin_and_colors() {
    let text = std::fs::read_to_string(fixture("exact-cover/colors.dlx")).unwrap();
    let out = dlx()
        .args(["cover", "-"])
        .write_stdin(text)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let mut lines: Vec<String> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    lines.sort();
    assert_eq!(lines, ["p r x:A y", "q x:A"]);
}

#[test]
fn cover_json_gives_indices_and_texts() {
    let out = stdout(&[
        "cover",
        "--format",
        "json",
        &fixture("exact-cover/knuth.dlx"),
    ]);
    let value: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let mut ids: Vec<u64> = value["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    ids.sort();
    assert_eq!(ids, [0, 3, 4]);
    assert_eq!(value["texts"].as_array().unwrap().len(), 3);
}

#[test]
fn cover_json_numbers_options_by_their_lines_in_the_input() {
    // Option lines 0, 2 and 4 have no primary item and are ignored; the
    // others are numbered by their place all the same.
    let input = "| a comment\na b c | x y\nx\na b\ny\nc x\nx y\nc y\na\nb c\n";
    let lines: Vec<&str> = input
        .lines()
        .filter(|l| !l.starts_with('|'))
        .skip(1)
        .collect();
    let output = dlx()
        .args(["cover", "--format", "json", "-"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    let mut solutions = Vec::new();
    for record in stdout.lines() {
        let value: serde_json::Value = serde_json::from_str(record).unwrap();
        let options: Vec<usize> = value["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap() as usize)
            .collect();
        let texts = value["texts"].as_array().unwrap();
        for (&place, text) in options.iter().zip(texts) {
            assert_eq!(lines[place], text.as_str().unwrap(), "{record}");
        }
        let mut options = options;
        options.sort();
        solutions.push(options);
    }
    solutions.sort();
    assert_eq!(solutions, [vec![1, 3], vec![1, 5], vec![6, 7]]);
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.matches("option ignored").count(), 3, "{stderr}");
}

#[test]
fn a_count_in_json_is_one_record_with_count_complete_and_interrupted() {
    let langford = fixture("exact-cover/langford-7.dlx");
    for j in ["1", "2"] {
        let args = ["cover", "--count", "--format", "json", "-j", j, &langford];
        assert_eq!(
            stdout(&args),
            "{\"count\":52,\"complete\":true,\"interrupted\":false}\n"
        );
        let args = [
            "cover", "--count", "--limit", "5", "--format", "json", "-j", j,
        ];
        assert_eq!(
            stdout(&[&args[..], &[&langford]].concat()),
            "{\"count\":5,\"complete\":false,\"interrupted\":false}\n"
        );
    }
    assert_eq!(
        stdout(&["queens", "6", "--count", "--format", "json"]),
        "{\"count\":4,\"complete\":true,\"interrupted\":false}\n"
    );
    assert_eq!(
        stdout(&[
            "pentomino",
            "--board",
            "3x20",
            "--count",
            "--format",
            "json"
        ]),
        "{\"count\":8,\"complete\":true,\"interrupted\":false}\n"
    );
    for command in ["cover", "queens", "pentomino"] {
        let help = stdout(&[command, "--help"]);
        assert!(
            help.contains("{\"count\":N,\"complete\":BOOL,\"interrupted\":BOOL}"),
            "{command}: {help}"
        );
    }
    assert!(stdout(&["cover", "--help"]).contains("place among the option lines"));
}

#[test]
fn cover_parse_errors_name_line_and_column() {
    // FILE:LINE:COL: message, the whole of stderr.
    let path = fixture("exact-cover/bad-item.dlx");
    dlx()
        .args(["cover", &path])
        .assert()
        .code(1)
        .stdout("")
        .stderr(format!("{path}:5:4: unknown item 'd'\n"));
    dlx()
        .args(["cover", "no-such-file.dlx"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot read no-such-file.dlx"));
    // A read that fails on a line names it in the same form.
    let folder = fixture("exact-cover");
    dlx()
        .args(["cover", &folder])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::starts_with(format!(
            "dlx: error: {folder}:1:1: read error: "
        )));
}

#[test]
fn cover_stats_go_to_stderr() {
    dlx()
        .args(["cover", "--count", "--stats", "--levels", "-j", "1"])
        .arg(fixture("exact-cover/langford-7.dlx"))
        .assert()
        .success()
        .stdout("52\n")
        .stderr(predicate::str::contains("solutions: 52, nodes: "))
        .stderr(predicate::str::contains("level 0: 1 nodes"));
}

#[test]
fn no_solution_exits_with_status_1() {
    dlx()
        .args(["queens", "3", "--count"])
        .assert()
        .code(1)
        .stdout("0\n");
}

#[test]
fn pieces_add_up_to_the_whole() {
    let path = fixture("exact-cover/langford-7.dlx");
    for n in [1, 2, 3, 7] {
        for depth in ["1", "2"] {
            let total: u64 = (1..=n)
                .map(|i| {
                    let piece = format!("{i}/{n}");
                    count(&[
                        "cover",
                        "--count",
                        "--split-depth",
                        depth,
                        "--piece",
                        &piece,
                        &path,
                    ])
                })
                .sum();
            assert_eq!(total, 52, "{n} pieces at depth {depth}");
        }
    }
    let total: u64 = (1..=4)
        .map(|i| {
            let piece = format!("{i}/4");
            count(&[
                "queens",
                "8",
                "--count",
                "--split-depth",
                "3",
                "--piece",
                &piece,
            ])
        })
        .sum();
    assert_eq!(total, 92);
    dlx()
        .args(["queens", "8", "--piece", "5/4"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("expected I/N"));
}

#[test]
fn piece_and_split_depth_go_together() {
    for (args, missing) in [
        (
            ["queens", "8", "--count", "--piece", "1/2"],
            "--split-depth <D>",
        ),
        (
            ["queens", "8", "--count", "--split-depth", "2"],
            "--piece <I/N>",
        ),
    ] {
        dlx()
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(
                "required arguments were not provided",
            ))
            .stderr(predicate::str::contains(missing));
    }
    let help = stdout(&["cover", "--help"]);
    for flag in ["--split-depth <D>\n", "--piece <I/N>\n"] {
        let text = help
            .split(flag)
            .nth(1)
            .unwrap()
            .split("\n\n")
            .next()
            .unwrap();
        assert!(text.contains("the two go together"), "{flag}: {text}");
    }
}

#[test]
fn queens_wants_a_board_of_one_square_or_more() {
    for args in [&["queens", "0"][..], &["queens", "0", "--count"]] {
        dlx()
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(
                "invalid value '0' for '<N>': the board needs at least one square (N >= 1)",
            ));
    }
    dlx()
        .args(["queens", "eight"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("expected a board size N >= 1"));
    assert!(stdout(&["queens", "--help"]).contains("N >= 1"));
    assert_eq!(stdout(&["queens", "1"]), "Q\n");
}

#[test]
fn queens_counts_match_the_literature() {
    let known = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
    for (n, &want) in known.iter().enumerate() {
        let n = (n + 1).to_string();
        let args = ["queens", &n, "--count", "-j", "2"];
        let output = dlx().args(args).output().unwrap();
        let got: u64 = String::from_utf8(output.stdout)
            .unwrap()
            .trim()
            .parse()
            .unwrap();
        assert_eq!(got, want, "{n} queens");
    }
    assert_eq!(count(&["queens", "10", "--count", "-j", "1"]), 724);
}

#[test]
fn queens_boards_are_drawn_and_valid() {
    let out = stdout(&["queens", "6"]);
    let boards: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(boards.len(), 4);
    for board in boards {
        let queens: Vec<(usize, usize)> = board
            .lines()
            .enumerate()
            .flat_map(|(r, line)| line.match_indices('Q').map(move |(c, _)| (r, c)))
            .collect();
        assert_eq!(queens.len(), 6);
        for (i, &(r1, c1)) in queens.iter().enumerate() {
            for &(r2, c2) in &queens[i + 1..] {
                assert!(r1 != r2 && c1 != c2 && r1.abs_diff(r2) != c1.abs_diff(c2));
            }
        }
    }
}

#[test]
fn pentomino_counts_match_the_literature() {
    assert_eq!(count(&["pentomino", "--count", "-j", "2"]), 9356);
    assert_eq!(
        count(&["pentomino", "--count", "--unique", "-j", "1"]),
        2339
    );
    assert_eq!(count(&["pentomino", "--board", "5x12", "--count"]), 4040);
    assert_eq!(count(&["pentomino", "--board", "3x20", "--count"]), 8);
    assert_eq!(count(&["pentomino", "--board", "8x8-2x2", "--count"]), 520);
}

#[test]
fn pentomino_pictures_use_each_piece_once() {
    let out = stdout(&["pentomino", "--board", "3x20", "--unique"]);
    let tilings: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(tilings.len(), 2);
    for tiling in tilings {
        assert_eq!(tiling.lines().count(), 3);
        for piece in "FILNPTUVWXYZ".chars() {
            assert_eq!(tiling.matches(piece).count(), 5, "{piece} in\n{tiling}");
        }
    }
    dlx()
        .args(["pentomino", "--board", "8x8"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("64 cells"));
}

#[test]
fn options_without_a_primary_item_are_skipped_with_a_warning() {
    // As in Knuth's DLX1: such an option can never be chosen.
    dlx()
        .args(["cover", "--count", "-"])
        .write_stdin("a b | x\na x\nx\nb\n")
        .assert()
        .success()
        .stdout("1\n")
        .stderr(predicate::str::contains(
            "<stdin>:3:1: warning: option has no primary item; option ignored",
        ));
}

#[test]
fn cover_reads_a_byte_order_mark_and_any_bytes_in_comments() {
    let mut input = b"\xef\xbb\xbfa b\n| caf\xe9 in Latin-1\na\nb\n".to_vec();
    let output = dlx()
        .args(["cover", "--count", "-"])
        .write_stdin(input.clone())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(output.stdout, b"1\n");
    // Elsewhere a byte that is not UTF-8 is named where it is.
    input.extend_from_slice(b"a b\xff\n");
    dlx()
        .args(["cover", "--count", "-"])
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(
            "<stdin>:5:4: invalid UTF-8 byte 0xff",
        ));
}

/// The example of Knuth's dlx1.w, with F and G secondary: DLX1 prints 1
/// solution, 6 nodes and 30 updates.
const KNUTH_TOY: &str = "\
| A simple example
A B C D E | F G
C E F
A D G
B C F
A D
B G
D E G
";

/// The `--stats` line of `dlx ARGS` (with `input` on stdin), up to the time.
fn stats_line(args: &[&str], input: &str) -> String {
    let output = dlx().args(args).write_stdin(input).output().unwrap();
    assert!(output.status.success(), "dlx {args:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    let line = stderr
        .lines()
        .find(|l| l.starts_with("solutions: "))
        .unwrap_or_else(|| panic!("no stats in {stderr}"));
    line.split(", time:").next().unwrap().to_string()
}

#[test]
fn stats_are_dlx1s_whatever_the_number_of_threads() {
    // Langford pairs for n = 7, as Knuth's generator writes them: DLX1
    // prints 52 solutions, 607 nodes (each solution one of them) and 8339
    // updates.
    let langford = fixture("exact-cover/langford-7.dlx");
    for threads in ["1", "2", "3"] {
        assert_eq!(
            stats_line(
                &["cover", "--count", "--stats", "-j", threads, &langford],
                ""
            ),
            "solutions: 52, nodes: 607, updates: 8339, max level: 7",
            "-j {threads}"
        );
        assert_eq!(
            stats_line(&["cover", "--count", "--stats", "-j", threads], KNUTH_TOY),
            "solutions: 1, nodes: 6, updates: 30, max level: 3",
            "-j {threads}"
        );
    }
    // Printing the solutions searches the same tree.
    assert_eq!(
        stats_line(&["cover", "--stats", &langford], ""),
        "solutions: 52, nodes: 607, updates: 8339, max level: 7"
    );
}

#[test]
fn the_stats_of_pieces_add_up_to_the_whole() {
    let langford = fixture("exact-cover/langford-7.dlx");
    for threads in ["1", "2"] {
        let mut sums = [0u64; 3];
        let mut deepest = 0;
        for i in 1..=3 {
            let piece = format!("{i}/3");
            let args = [
                "cover",
                "--count",
                "--stats",
                "-j",
                threads,
                "--split-depth",
                "2",
                "--piece",
                &piece,
                &langford,
            ];
            let line = stats_line(&args, "");
            let figures: Vec<u64> = line
                .split(", ")
                .map(|field| field.rsplit(' ').next().unwrap().parse().unwrap())
                .collect();
            for (sum, figure) in sums.iter_mut().zip(&figures) {
                *sum += figure;
            }
            deepest = deepest.max(figures[3]);
        }
        assert_eq!(sums, [52, 607, 8339], "-j {threads}");
        assert_eq!(deepest, 7);
    }
}

#[test]
fn a_limit_equal_to_the_total_is_reported_alike_whatever_the_threads() {
    for (limit, complete) in [("724", false), ("725", true)] {
        for threads in ["1", "2"] {
            let out = stdout(&[
                "queens", "10", "--count", "--format", "json", "--limit", limit, "-j", threads,
            ]);
            let want = format!("{{\"count\":724,\"complete\":{complete},\"interrupted\":false}}\n");
            assert_eq!(out, want, "--limit {limit} -j {threads}");
        }
    }
}
