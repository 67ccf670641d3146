//! `dlx sudoku` on variant puzzles: the project's text form, f-puzzles
//! JSON and links, from `fixtures/sudoku/variants/`. The answers the
//! fixtures state were worked out by `verify.py` there, which shares
//! nothing with dlx; the rest is checked against other outputs of the
//! run: candidates against the solutions `--all` lists, `--emit dlx`
//! against `dlx cover`, and solutions against a checker of cages here.

use std::collections::BTreeSet;

use serde_json::Value;

use crate::{dlx, fixture, sudoku_stdin as sudoku};

const KILLER: &str = "sudoku/variants/killer-4x4.txt";
const MIXED: &str = "sudoku/variants/mixed-6x6.txt";
const FPUZZLES: &str = "sudoku/variants/fpuzzles-4x4.json";
const LINKS: &str = "sudoku/variants/links.txt";
const STRINGS: &str = "sudoku/variants/strings.txt";

/// The solution of the first puzzle of `killer-4x4.txt`, of
/// `fpuzzles-4x4.json` and of the first link.
const FOUR: &str = "3142421313242431";
/// The solution of both puzzles of `mixed-6x6.txt` and of the second link.
const SIX: &str = "513246462315326154154623235461641532";

/// `dlx sudoku ARGS` on a fixture: (exit code, stdout, stderr).
fn on(args: &[&str], file: &str) -> (i32, String, String) {
    let mut all = args.to_vec();
    let path = fixture(file);
    all.push(&path);
    sudoku(&all, "")
}

/// The objects of JSON Lines output.
fn objects(out: &str) -> Vec<Value> {
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// The blocks of a text-form fixture, read here: (the line of its first
/// statement, its lines), blocks of comments alone left out.
fn blocks(file: &str) -> Vec<(usize, Vec<String>)> {
    let text = std::fs::read_to_string(fixture(file)).unwrap();
    let mut blocks = Vec::new();
    let mut block: Vec<(usize, String)> = Vec::new();
    for (i, line) in text.lines().chain([""]).enumerate() {
        if !line.trim().is_empty() {
            block.push((i + 1, line.to_string()));
            continue;
        }
        let statements: Vec<&(usize, String)> =
            block.iter().filter(|(_, l)| !l.starts_with('#')).collect();
        if let Some((first, _)) = statements.first() {
            let lines = statements.iter().map(|(_, l)| l.clone()).collect();
            blocks.push((*first, lines));
        }
        block.clear();
    }
    blocks
}

/// The constraint lines of a block: its statements that are neither the
/// layout nor the givens (on their line, or on the n rows after `givens`).
fn constraint_lines(block: &[String]) -> Vec<String> {
    let mut lines = Vec::new();
    let (mut side, mut rows) = (9, 0);
    for line in block {
        let (word, rest) = line.split_once([' ', ':']).unwrap_or((line, ""));
        if rows > 0 {
            rows -= 1;
        } else if word == "size" {
            side = rest.trim().parse().unwrap();
        } else if word == "boxes" {
            let (r, c) = rest.trim().split_once('x').unwrap();
            side = r.parse::<usize>().unwrap() * c.parse::<usize>().unwrap();
        } else if word == "givens" {
            rows = if rest.trim().is_empty() { side } else { 0 };
        } else {
            lines.push(line.clone());
        }
    }
    lines
}

/// A cell name `r1c2` as its index in a grid of side `n`.
fn cell(name: &str, n: usize) -> usize {
    let (r, c) = name.trim_start_matches('r').split_once('c').unwrap();
    (r.parse::<usize>().unwrap() - 1) * n + c.parse::<usize>().unwrap() - 1
}

/// Whether `solution` is a 4x4 sudoku grid that keeps the killer cages of
/// `block`: each row, column and box holds 1 to 4, each cage distinct
/// digits of its sum.
fn keeps_cages(solution: &str, block: &[String]) -> bool {
    let digits: Vec<u32> = solution.chars().map(|c| c.to_digit(10).unwrap()).collect();
    let houses = (0..4).flat_map(|k| {
        [
            (0..4).map(|i| k * 4 + i).collect::<Vec<_>>(),
            (0..4).map(|i| i * 4 + k).collect(),
            (0..4)
                .map(|i| (k / 2 * 2 + i / 2) * 4 + k % 2 * 2 + i % 2)
                .collect(),
        ]
    });
    let full = |cells: &[usize]| cells.iter().map(|&c| digits[c]).collect::<BTreeSet<_>>();
    let houses_hold_all = houses
        .into_iter()
        .all(|h| full(&h) == (1..=4).collect::<BTreeSet<_>>());
    let cages_hold = block
        .iter()
        .filter_map(|l| l.strip_prefix("cage "))
        .all(|cage| {
            let (sum, cells) = cage.split_once(':').unwrap();
            let cells: Vec<usize> = cells.split_whitespace().map(|c| cell(c, 4)).collect();
            full(&cells).len() == cells.len()
                && cells.iter().map(|&c| digits[c]).sum::<u32>() == sum.parse::<u32>().unwrap()
        });
    digits.len() == 16 && houses_hold_all && cages_hold
}

/// The records of `--all` in the line format: each a list of solutions,
/// or the word of a record without any.
fn all_records(out: &str) -> Vec<Vec<String>> {
    out.split_terminator("\n\n")
        .map(|record| record.lines().map(str::to_string).collect())
        .collect()
}

/// Per cell, the digits that some of `solutions` puts there, and how many
/// of them do, counted here.
fn tally(solutions: &[String], n: usize) -> Vec<Vec<(u8, u64)>> {
    (0..n * n)
        .map(|cell| {
            (1..=n as u8)
                .map(|d| {
                    let count = solutions
                        .iter()
                        .filter(|s| s.as_bytes()[cell] == b'0' + d)
                        .count();
                    (d, count as u64)
                })
                .filter(|&(_, count)| count > 0)
                .collect()
        })
        .collect()
}

/// The solutions `--all` lists for each block of `killer-4x4.txt`; empty
/// for those with none (or no puzzle).
fn killer_solutions() -> Vec<Vec<String>> {
    let (code, out, _) = on(&["--all"], KILLER);
    assert_eq!(code, 1);
    all_records(&out)
        .into_iter()
        .map(|r| r.into_iter().filter(|l| l.len() == 16).collect())
        .collect()
}

#[test]
fn each_form_solves_to_the_solution_its_fixture_states() {
    let (code, out, err) = on(&[], KILLER);
    assert_eq!(code, 1, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "one line per block: {out}");
    assert_eq!(lines[..3], [FOUR, "none", "invalid"]);
    let several = &blocks(KILLER)[3].1;
    assert!(
        keeps_cages(lines[3], several),
        "{} breaks {several:?}",
        lines[3]
    );
    assert!(keeps_cages(FOUR, &blocks(KILLER)[0].1));

    for (file, want) in [
        (MIXED, format!("{SIX}\n{SIX}\n")),
        (FPUZZLES, format!("{FOUR}\n")),
        (LINKS, format!("{FOUR}\n{SIX}\n")),
    ] {
        let (code, out, err) = on(&[], file);
        assert_eq!(
            (code, out.as_str(), err.as_str()),
            (0, want.as_str(), ""),
            "{file}"
        );
    }
}

/// The browser solver's constraint strings: a string, a link holding one
/// with `~` written `%7E`, and a rule with no encoding refused by name at
/// its column, the run going on.
#[test]
fn constraint_strings_and_their_links_solve() {
    let (code, out, err) = on(&[], STRINGS);
    assert_eq!(code, 1, "{err}");
    assert_eq!(out, format!("{SIX}\n{SIX}\ninvalid\n"));
    assert!(
        err.ends_with("strings.txt:13:11: FullRank: this rule is not supported\n"),
        "{err}"
    );
}

/// The links players paste: SudokuPad's forms of an f-puzzles puzzle read
/// as its f-puzzles link does; a SudokuPad link that needs its server is
/// one record saying so, and the run goes on.
#[test]
fn sudokupad_links_read_as_their_fpuzzles_links() {
    let text = std::fs::read_to_string(fixture(LINKS)).unwrap();
    // The first is a link, the second its compressed string alone.
    let payloads: Vec<&str> = text
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            line.split_once("load=")
                .map_or(line, |(_, payload)| payload)
        })
        .collect();
    let (four, six) = (payloads[0], payloads[1]);
    let input = format!(
        "https://sudokupad.app/fpuzzles{four}\nhttps://sudokupad.app/abc123\n\
         https://sudokupad.app/?puzzleid=fpuzzles{six}\n"
    );
    let (code, out, err) = sudoku(&[], &input);
    assert_eq!(out, format!("{FOUR}\ninvalid\n{SIX}\n"), "{err}");
    assert_eq!(code, 1);
    assert!(
        err.contains("<stdin>:2: SudokuPad puzzle id \"abc123\""),
        "{err}"
    );
}

#[test]
fn check_gives_one_record_per_block_and_names_the_bad_constraint() {
    let path = fixture(KILLER);
    let (code, out, err) = on(&["--check"], KILLER);
    assert_eq!(out, "unique\nnone\ninvalid\nmultiple\n");
    assert_eq!(code, 1, "a puzzle without solution and an invalid one");
    let text = std::fs::read_to_string(&path).unwrap();
    let bad = text
        .lines()
        .position(|l| l.starts_with("cage") && l.contains("r1c5"))
        .unwrap()
        + 1;
    let starts: Vec<usize> = blocks(KILLER).iter().map(|(line, _)| *line).collect();
    assert_eq!(
        err,
        format!(
            "{path}:{}: no solution\n\
             {path}:{bad}: constraint \"cage 5: r1c4 r1c5\": r1c5 is off the 4x4 grid\n",
            starts[1]
        )
    );

    // In JSON: the record's line is its block's first statement; the error
    // is what stderr says.
    let (_, out, _) = on(&["--check", "--format", "json"], KILLER);
    let records = objects(&out);
    let lines: Vec<u64> = records
        .iter()
        .map(|r| r["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, starts.iter().map(|&l| l as u64).collect::<Vec<_>>());
    let statuses: Vec<&str> = records
        .iter()
        .map(|r| r["status"].as_str().unwrap())
        .collect();
    assert_eq!(statuses, ["unique", "none", "invalid", "multiple"]);
    let counts: Vec<&Value> = records.iter().map(|r| &r["count"]).collect();
    assert_eq!(
        counts,
        [&Value::from(1), &0.into(), &Value::Null, &2.into()]
    );
    assert!(records[2]["puzzle"].is_null());
    assert_eq!(
        records[2]["error"],
        "constraint \"cage 5: r1c4 r1c5\": r1c5 is off the 4x4 grid"
    );

    for (file, want) in [
        (MIXED, "unique\nunique\n"),
        (FPUZZLES, "unique\n"),
        (LINKS, "unique\nunique\n"),
    ] {
        let (code, out, err) = on(&["--check"], file);
        assert_eq!((code, out.as_str(), err.as_str()), (0, want, ""), "{file}");
    }
}

#[test]
fn a_bad_statement_costs_its_block_alone() {
    // A cage of 3 on r1c1 and r1c2 holds 1 and 2: 2 of the 12 ordered
    // pairs of digits there, each in 288 / 12 = 24 grids.
    let input = "size 4\ncage 3: r1c1 r1c2\n\nsize 4\nkropki: r1c1 r1c2\n\nsize 4\n";
    let (code, out, err) = sudoku(&["--count"], input);
    assert_eq!(code, 1);
    assert_eq!(out, "48\ninvalid\n288\n");
    assert!(
        err.starts_with("<stdin>:5: unknown constraint \"kropki\""),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn count_and_all_agree_and_every_solution_keeps_the_cages() {
    let (code, out, _) = on(&["--count"], KILLER);
    assert_eq!((code, out.as_str()), (1, "1\n0\ninvalid\n12\n"));
    let (_, out, _) = on(&["--all"], KILLER);
    let records = all_records(&out);
    assert_eq!(records.len(), 4, "{out}");
    assert_eq!(records[0], [FOUR]);
    assert_eq!(records[1], ["none"]);
    assert_eq!(records[2], ["invalid"]);
    let block = &blocks(KILLER)[3].1;
    let distinct: BTreeSet<&String> = records[3].iter().collect();
    assert_eq!(distinct.len(), 12, "{out}");
    for solution in &records[3] {
        assert!(keeps_cages(solution, block), "{solution} breaks {block:?}");
    }
    let (_, out, _) = on(&["--count", "--limit", "5"], KILLER);
    assert_eq!(out, "1\n0\ninvalid\n5\n");
    for (file, first) in [(MIXED, SIX), (LINKS, FOUR)] {
        let (_, count, _) = on(&["--count"], file);
        assert_eq!(count, "1\n1\n", "{file}");
        let (_, all, _) = on(&["--all"], file);
        assert_eq!(all, format!("{first}\n\n{SIX}\n\n"), "{file}");
    }
}

#[test]
fn json_records_carry_the_layout_and_the_constraints() {
    let (_, out, _) = on(&["--format", "json"], MIXED);
    let records = objects(&out);
    assert_eq!(records.len(), 2);
    let blocks = blocks(MIXED);
    for (record, (line, block)) in records.iter().zip(&blocks) {
        assert_eq!(record["line"], *line as u64);
        assert_eq!(record["solution"], SIX);
        let constraints = constraint_lines(block);
        assert_eq!(
            record["constraints"],
            Value::from(constraints.clone()),
            "{block:?}"
        );
        assert_eq!(
            record["layout"],
            format!("6x6 with 2x3 boxes, {} constraints", constraints.len())
        );
    }
    assert_eq!(records[0]["puzzle"], ".".repeat(36));
    assert_eq!(records[1]["puzzle"], "....4....3.........5......546.6....2");

    // f-puzzles: a value without "given" is a solver's, not a given.
    let (_, out, _) = on(&["--format", "json"], FPUZZLES);
    let json = &objects(&out)[0];
    assert_eq!(json["puzzle"], "..4...1.........");
    assert_eq!(json["layout"], "4x4 with 2x2 boxes, 2 constraints");
    assert_eq!(
        json["constraints"],
        serde_json::json!(["cage 7: r1c1 r2c1", "thermo: r3c1 r3c2 r4c2"])
    );

    // Each mode keeps the field; a classic puzzle has none.
    for args in [
        &["--count"][..],
        &["--check"],
        &["--all", "--limit", "3"],
        &["--candidates"],
    ] {
        let mut all = vec!["--format", "json"];
        all.extend_from_slice(args);
        let (_, out, _) = on(&all, FPUZZLES);
        assert_eq!(
            objects(&out)[0]["constraints"],
            json["constraints"],
            "{args:?}"
        );
    }
    let (_, out, _) = sudoku(&["--format", "json"], "1...............\n");
    let classic = &objects(&out)[0];
    assert_eq!(classic["layout"], "4x4 with 2x2 boxes");
    assert!(classic.get("constraints").is_none(), "{out}");
}

#[test]
fn streamed_all_records_carry_the_constraints() {
    // Up to 16 solutions, --all keeps them and writes the record whole;
    // without --limit (or above 16) it writes them as they are found.
    let (_, kept, _) = on(&["--all", "--limit", "16", "--format", "json"], KILLER);
    let (_, streamed, _) = on(&["--all", "--format", "json"], KILLER);
    let (kept, streamed) = (objects(&kept), objects(&streamed));
    assert_eq!(kept.len(), 4);
    assert_eq!(
        kept[3]["constraints"],
        serde_json::json!(constraint_lines(&blocks(KILLER)[3].1))
    );
    for (a, b) in kept.iter().zip(&streamed) {
        assert_eq!(a["constraints"], b["constraints"], "{b}");
    }
}

#[test]
fn grid_format_draws_each_solution_over_its_rows() {
    // The rows and rules, then a line saying how many constraints the
    // drawing leaves out.
    let (code, out, _) = on(&["--format", "grid"], MIXED);
    assert_eq!(code, 0);
    let drawn: Vec<&str> = out.split_terminator("\n\n").collect();
    assert_eq!(drawn.len(), 2, "{out}");
    for (grid, (_, block)) in drawn.iter().zip(blocks(MIXED)) {
        let rows: Vec<&str> = grid.lines().collect();
        assert_eq!(rows.len(), 9, "6 rows, 2 rules and a note: {grid}");
        assert_eq!(rows[0], "5 1 3 | 2 4 6");
        assert_eq!(rows[2], "------+------");
        let digits: String = rows[..8]
            .concat()
            .chars()
            .filter(char::is_ascii_digit)
            .collect();
        assert_eq!(digits, SIX);
        let note = format!(
            "({} constraints, not drawn)",
            constraint_lines(&block).len()
        );
        assert_eq!(rows[8], note);
    }
    let (_, out, _) = on(&["--format", "grid"], KILLER);
    let drawn: Vec<&str> = out.split_terminator("\n\n").collect();
    assert_eq!(drawn.len(), 4, "{out}");
    assert_eq!(
        drawn[0],
        "3 1 | 4 2\n4 2 | 1 3\n----+----\n1 3 | 2 4\n2 4 | 3 1\n(7 constraints, not drawn)"
    );
    assert_eq!(drawn[1..3], ["none", "invalid"]);
    let (_, out, _) = sudoku(
        &["--format", "grid"],
        "size 4\ncage 10: r1c1 r1c2 r2c1 r2c2\ngivens 1.3.............\n",
    );
    assert!(out.ends_with("\n(1 constraint, not drawn)\n\n"), "{out}");
}

#[test]
fn stats_count_each_search_and_sum_them_up() {
    let path = fixture(KILLER);
    let (code, out, err) = on(&["--stats"], KILLER);
    assert_eq!(code, 1);
    assert_eq!(out.lines().count(), 4);
    let stats: Vec<&str> = err.lines().filter(|l| l.contains(": nodes ")).collect();
    assert_eq!(stats.len(), 4, "{err}");
    let starts: Vec<usize> = blocks(KILLER).iter().map(|(line, _)| *line).collect();
    for (line, start) in stats.iter().zip(starts) {
        assert!(
            line.starts_with(&format!("{path}:{start}: nodes ")),
            "{line}"
        );
    }
    let summary = err.lines().last().unwrap();
    assert!(
        summary.starts_with("summary: 4 puzzles, 2 solved, 1 none, 1 invalid;"),
        "{summary}"
    );
    let (_, out, _) = on(&["--stats", "--format", "json"], MIXED);
    for record in objects(&out) {
        assert!(record["stats"]["nodes"].as_u64().unwrap() > 0, "{record}");
        assert!(record["stats"]["updates"].as_u64().unwrap() > 0, "{record}");
    }
}

#[test]
fn candidates_are_the_digits_of_all_solutions() {
    let solutions = killer_solutions();
    let (code, out, _) = on(&["--candidates"], KILLER);
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert_eq!(lines[1..3], ["none", "invalid"]);
    for k in [0, 3] {
        // A pencilmark line: four places per cell, digit d at place d.
        let want: String = tally(&solutions[k], 4)
            .iter()
            .flat_map(|digits| {
                (1..=4u8).map(move |d| {
                    if digits.iter().any(|&(e, _)| e == d) {
                        char::from(b'0' + d)
                    } else {
                        '.'
                    }
                })
            })
            .collect();
        assert_eq!(lines[k], want, "block {}", k + 1);
    }

    // The pencilmark grid: each cell's candidates, in rows.
    let (_, out, _) = on(&["--candidates", "--format", "grid"], KILLER);
    let drawn: Vec<&str> = out.split_terminator("\n\n").collect();
    assert_eq!(drawn.len(), 4, "{out}");
    assert_eq!(drawn[1..3], ["none", "invalid"]);
    for k in [0, 3] {
        let cells: Vec<&str> = drawn[k]
            .split_whitespace()
            .filter(|w| w.chars().all(|c| c.is_ascii_digit()))
            .collect();
        let want: Vec<String> = tally(&solutions[k], 4)
            .iter()
            .map(|digits| digits.iter().map(|&(d, _)| char::from(b'0' + d)).collect())
            .collect();
        assert_eq!(cells, want, "block {}:\n{}", k + 1, drawn[k]);
    }

    // In JSON: the digits per cell, and the number of solutions when it is
    // within the cap (1).
    let (_, out, _) = on(&["--candidates", "--format", "json"], KILLER);
    let records = objects(&out);
    let statuses: Vec<&str> = records
        .iter()
        .map(|r| r["status"].as_str().unwrap())
        .collect();
    assert_eq!(statuses, ["unique", "none", "invalid", "multiple"]);
    assert_eq!(records[0]["count"], 1);
    assert_eq!(records[1]["count"], 0);
    assert!(
        records[3].get("count").is_none(),
        "12 solutions, above the cap"
    );
    assert!(records[3].get("counts").is_none(), "no counts without =K");
    for k in [0, 3] {
        let want: Vec<Vec<u8>> = tally(&solutions[k], 4)
            .iter()
            .map(|digits| digits.iter().map(|&(d, _)| d).collect())
            .collect();
        assert_eq!(
            records[k]["candidates"],
            serde_json::json!(want),
            "block {}",
            k + 1
        );
    }

    // A puzzle with one solution: its candidates are that solution.
    let (code, out, _) = on(&["--candidates", "--format", "json"], MIXED);
    assert_eq!(code, 0);
    for record in objects(&out) {
        let digits: Vec<Vec<u8>> = SIX.bytes().map(|b| vec![b - b'0']).collect();
        assert_eq!(record["candidates"], serde_json::json!(digits));
    }
}

#[test]
fn candidate_counts_are_the_solutions_with_each_digit_up_to_the_cap() {
    let solutions = killer_solutions();
    let several = tally(&solutions[3], 4);
    let (code, out, _) = on(&["--candidates=5", "--format", "json"], KILLER);
    assert_eq!(code, 1);
    let records = objects(&out);
    assert!(
        records[3].get("count").is_none(),
        "12 solutions, above the cap"
    );
    let want: Vec<Vec<u64>> = several
        .iter()
        .map(|digits| digits.iter().map(|&(_, count)| count.min(5)).collect())
        .collect();
    assert_eq!(records[3]["counts"], serde_json::json!(want));
    assert_eq!(records[0]["counts"], serde_json::json!(vec![[1]; 16]));
    // The fixture's claim: counts of 1, 2, 4, 5, 6, 8 and 12, so that the
    // cap of 5 cuts some of them and not others.
    let seen: BTreeSet<u64> = several.iter().flatten().map(|&(_, c)| c).collect();
    assert_eq!(seen, BTreeSet::from([1, 2, 4, 5, 6, 8, 12]));

    // Above the number of solutions, the counts are exact and the number
    // of solutions is known.
    let (_, out, _) = on(&["--candidates=20", "--format", "json"], KILLER);
    let record = &objects(&out)[3];
    assert_eq!(record["count"], 12);
    let exact: Vec<Vec<u64>> = several
        .iter()
        .map(|digits| digits.iter().map(|&(_, count)| count).collect())
        .collect();
    assert_eq!(record["counts"], serde_json::json!(exact));

    // The grid format lists the cells with more than one candidate, `+`
    // at the cap.
    let (_, out, _) = on(&["--candidates=5", "--format", "grid"], KILLER);
    let listing: Vec<&str> = out.lines().filter(|l| l.starts_with('r')).collect();
    let want: Vec<String> = several
        .iter()
        .enumerate()
        .filter(|(_, digits)| digits.len() > 1)
        .map(|(cell, digits)| {
            let counts: Vec<String> = digits
                .iter()
                .map(|&(d, count)| {
                    if count >= 5 {
                        format!("{d} (5+)")
                    } else {
                        format!("{d} ({count})")
                    }
                })
                .collect();
            format!("r{}c{}: {}", cell / 4 + 1, cell % 4 + 1, counts.join(", "))
        })
        .collect();
    assert_eq!(listing, want, "{out}");
}

/// `dlx sudoku --emit dlx` of `puzzle` through `dlx cover --count`, and
/// `dlx sudoku --count` of it: the two counts, and the problem.
fn emitted_and_direct_counts(puzzle: &str) -> (String, String, String) {
    let (code, problem, err) = sudoku(&["--emit", "dlx"], puzzle);
    assert_eq!(code, 0, "{err}");
    let output = dlx()
        .args(["cover", "--count"])
        .write_stdin(problem.as_str())
        .output()
        .unwrap();
    let cover = String::from_utf8(output.stdout).unwrap();
    let (_, direct, _) = sudoku(&["--count"], puzzle);
    (cover, direct, problem)
}

#[test]
fn an_emitted_problem_counts_alike_in_dlx_cover() {
    let several = blocks(KILLER)[3].1.join("\n");
    let (cover, direct, problem) = emitted_and_direct_counts(&several);
    assert_eq!(
        (cover.as_str(), direct.as_str()),
        ("12\n", "12\n"),
        "{problem}"
    );
    // A cage without a sum is a color per digit of its cells: here only
    // the odd cell cuts the 288 grids in half.
    let colored = "size 4\nodd: r1c1\nquadruple 1 2: r1c1\ncage: r1c1 r2c2\n";
    let (cover, direct, problem) = emitted_and_direct_counts(colored);
    assert_eq!((cover.as_str(), direct.as_str()), ("144\n", "144\n"));
    let items = problem.lines().next().unwrap();
    assert!(items.contains(" | "), "secondary items: {items}");
    assert!(
        problem.lines().skip(1).any(|o| o.contains(':')),
        "colors:\n{problem}"
    );
}

#[test]
fn every_variant_puzzle_can_be_emitted() {
    let mixed = blocks(MIXED)[0].1.join("\n");
    let killer = blocks(KILLER)[0].1.join("\n");
    let json = std::fs::read_to_string(fixture(FPUZZLES)).unwrap();
    for puzzle in [killer, mixed, json] {
        let (cover, direct, _) = emitted_and_direct_counts(&puzzle);
        assert_eq!(
            (cover.as_str(), direct.as_str()),
            ("1\n", "1\n"),
            "{puzzle}"
        );
    }
}

/// The puzzle of `fpuzzles-4x4.json` with `key` set to `value`.
fn fpuzzles_with(key: &str, value: Value) -> Value {
    let text = std::fs::read_to_string(fixture(FPUZZLES)).unwrap();
    let mut puzzle: Value = serde_json::from_str(&text).unwrap();
    puzzle[key] = value;
    puzzle
}

#[test]
fn an_unsupported_fpuzzles_rule_is_refused_by_name() {
    let clone = fpuzzles_with(
        "lockout",
        serde_json::json!([{"lines": [["R1C1", "R1C2"]], "value": "4"}]),
    );
    let (code, out, err) = sudoku(&[], &clone.to_string());
    assert_eq!((code, out.as_str()), (1, "invalid\n"));
    assert_eq!(
        err,
        "<stdin>:1: unsupported f-puzzles constraint \"lockout\": solving without it would \
         drop a rule of the puzzle\n"
    );
    // A cell's candidates limit its digits: refused too, by its path.
    let mut marks = fpuzzles_with("title", "marks".into());
    marks["grid"][2][2] = serde_json::json!({"givenPencilMarks": [1, 2]});
    let (_, _, err) = sudoku(&[], &marks.to_string());
    assert!(
        err.starts_with("<stdin>:1: grid[2][2].givenPencilMarks: "),
        "{err}"
    );

    // In a list, the refused puzzle costs its own record, on its own line.
    let good = fpuzzles_with("title", "good".into());
    let text = serde_json::to_string_pretty(&serde_json::json!([good, clone, good])).unwrap();
    let (code, out, err) = sudoku(&["--check", "--format", "json"], &text);
    assert_eq!(code, 1);
    let records = objects(&out);
    let statuses: Vec<&str> = records
        .iter()
        .map(|r| r["status"].as_str().unwrap())
        .collect();
    assert_eq!(statuses, ["unique", "invalid", "unique"]);
    let starts: Vec<u64> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| *l == "  {")
        .map(|(i, _)| i as u64 + 1)
        .collect();
    let lines: Vec<u64> = records
        .iter()
        .map(|r| r["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, starts);
    assert_eq!(
        err,
        format!("<stdin>:{}: unsupported f-puzzles constraint \"lockout\": solving without it would drop a rule of the puzzle\n", starts[1])
    );
}

#[test]
fn links_read_as_the_json_they_hold() {
    let text = std::fs::read_to_string(fixture(LINKS)).unwrap();
    let links: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .map(|(i, l)| (i + 1, l))
        .collect();
    assert_eq!(links.len(), 2);
    assert!(links[0]
        .1
        .starts_with("https://www.f-puzzles.com/?load=N4Ig"));
    let (_, out, _) = on(&["--format", "json"], LINKS);
    let records = objects(&out);
    let lines: Vec<u64> = records
        .iter()
        .map(|r| r["line"].as_u64().unwrap())
        .collect();
    assert_eq!(
        lines,
        links.iter().map(|&(l, _)| l as u64).collect::<Vec<_>>()
    );

    // The first link is fpuzzles-4x4.json; the second is the first puzzle
    // of mixed-6x6.txt, its constraints in f-puzzles' order.
    let (_, json, _) = on(&["--format", "json"], FPUZZLES);
    let strip = |mut v: Value| {
        v.as_object_mut().unwrap().remove("file");
        v.as_object_mut().unwrap().remove("line");
        v
    };
    assert_eq!(strip(records[0].clone()), strip(objects(&json)[0].clone()));
    let of = |v: &Value| -> BTreeSet<String> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap().to_string())
            .collect()
    };
    let (_, mixed, _) = on(&["--format", "json"], MIXED);
    assert_eq!(
        of(&records[1]["constraints"]),
        of(&objects(&mixed)[0]["constraints"])
    );
    assert_eq!(records[1]["solution"], SIX);

    // A link cut short costs its own record; the bare string, with spaces
    // around it, reads as the link.
    let link = links[0].1;
    let input = format!(
        "{link}\n{}\n  {}  \n",
        &link[..link.len() - 20],
        &link[link.find("load=").unwrap() + 5..]
    );
    let (code, out, err) = sudoku(&[], &input);
    assert_eq!(code, 1);
    assert_eq!(out, format!("{FOUR}\ninvalid\n{FOUR}\n"));
    assert!(
        err.starts_with("<stdin>:2: neither f-puzzles JSON nor a compressed f-puzzles string"),
        "{err}"
    );
}

#[test]
fn classic_files_still_read_as_classic_puzzles() {
    for (file, want) in [
        ("sudoku/4x4.txt", "unique\n".repeat(4) + "multiple\n"),
        ("sudoku/easy.txt", "unique\n".repeat(6)),
        ("sudoku/grid.txt", "unique\n".to_string()),
        ("sudoku/simple-sudoku.ss", "unique\n".repeat(3)),
        ("sudoku/kaggle.csv", "unique\n".repeat(4)),
        ("sudoku/6x6.txt", "unique\n".repeat(3)),
    ] {
        let (code, out, err) = on(&["--check"], file);
        assert_eq!(
            (code, out.as_str(), err.as_str()),
            (0, want.as_str(), ""),
            "{file}"
        );
    }
    // A title first, and bad lines among the puzzles.
    let (code, out, _) = on(&["--check"], "sudoku/pasted.txt");
    assert_eq!(code, 1);
    assert_eq!(out.lines().count(), 7, "{out}");
}

#[test]
fn an_sdk_file_is_not_taken_for_json() {
    let (code, out, err) = on(&["--check"], "sudoku/sadman.sdk");
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (0, "unique\nunique\nunique\n", "")
    );
}

#[test]
fn whispers_take_the_gap_of_the_grid_side() {
    // On 4x4 the gap is 2. r1c1 and r1c2 share a row and a box; each of
    // the 12 ordered pairs of distinct digits starts 288 / 12 = 24 grids,
    // and 6 pairs differ by 2 or more: 144 grids.
    let (_, out, _) = sudoku(
        &["--count", "--format", "json"],
        "size 4\nwhispers: r1c1 r1c2\n",
    );
    let record = &objects(&out)[0];
    assert_eq!(
        record["constraints"],
        serde_json::json!(["whispers 2: r1c1 r1c2"])
    );
    assert_eq!(record["count"], 144);
}
