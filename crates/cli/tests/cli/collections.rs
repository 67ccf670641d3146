//! The line formats of the big public collections and the candidate grids
//! of the players' programs, read by `dlx sudoku` as a new user would try
//! them, and the candidate grids it writes read back.

use std::io::Write;
use std::path::Path;

use crate::{sudoku_stdin, LEETCODE, LEETCODE_SOLUTION};

/// tdoku's file of puzzles with their solution counts, when present.
fn counts_file() -> Option<String> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/datasets/sudoku/test_puzzles_with_counts.txt"
    );
    if Path::new(path).exists() {
        Some(path.to_string())
    } else {
        // The stderr handle, which libtest does not capture.
        let _ = writeln!(std::io::stderr(), "skipped: {path} is absent");
        None
    }
}

#[test]
fn tdokus_file_of_counts_reads_and_every_count_agrees() {
    let Some(path) = counts_file() else { return };
    let text = std::fs::read_to_string(&path).unwrap();
    let stated: Vec<u64> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split(':').nth(1).unwrap().parse().unwrap())
        .collect();
    assert_eq!(stated.len(), 43);
    let (code, out, err) = sudoku_stdin(&["--count"], &text);
    // Ten puzzles have no solution: status 1, each said on stderr.
    assert_eq!(code, 1, "{err}");
    let counts: Vec<u64> = out.lines().map(|l| l.parse().unwrap()).collect();
    assert_eq!(counts, stated);
    assert!(!err.contains("invalid") && !err.contains("states"), "{err}");
    assert_eq!(err.lines().count(), 10, "{err}");
    // --check agrees with every count too, up to 2.
    let (_, out, err) = sudoku_stdin(&["--check"], &text);
    assert_eq!(out.lines().count(), 43);
    assert!(!err.contains("states"), "{err}");
}

#[test]
fn a_stated_count_the_search_contradicts_is_said() {
    let input = format!("{LEETCODE}:2\n{LEETCODE}:1:{LEETCODE_SOLUTION}\n{LEETCODE}:5\n");
    let (code, out, err) = sudoku_stdin(&["--check"], &input);
    assert_eq!(code, 0);
    assert_eq!(out, "unique\nunique\nunique\n");
    assert_eq!(
        err,
        "<stdin>:1: the line states 2 solutions, found 1\n\
         <stdin>:3: the line states 5 solutions, found 1\n"
    );
    let (_, out, err) = sudoku_stdin(&["--count", "--format", "json"], &input);
    assert!(
        out.lines().next().unwrap().contains("states 2 solutions"),
        "{out}"
    );
    assert_eq!(err.lines().count(), 2);
}

#[test]
fn a_line_that_looks_like_a_format_says_which() {
    let wrong = LEETCODE_SOLUTION.replace("534", "354");
    let input = format!("{LEETCODE}:x\n{LEETCODE}:1:{wrong}\n{}:1\n", &LEETCODE[1..]);
    let (code, out, err) = sudoku_stdin(&[], &input);
    assert_eq!(code, 1);
    assert_eq!(out, "invalid\ninvalid\ninvalid\n");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(
        lines[0],
        "<stdin>:1:83: looks like a tdoku line (puzzle:count:solution) but its count \
         field \"x\" is not a number"
    );
    assert!(
        lines[1].starts_with("<stdin>:2:85: looks like a tdoku line")
            && lines[1].contains("r1c1 holds 3 where the puzzle gives 5"),
        "{err}"
    );
    assert_eq!(
        lines[2],
        "<stdin>:3: a tdoku line (puzzle:count:solution) whose puzzle has expected 81 \
         cells, found 80"
    );
}

#[test]
fn hodoku_library_lines_and_csv_with_a_header() {
    let library = format!(":0000:x:{}:113 213::\n", LEETCODE.replacen('5', "+5", 1));
    let (code, out, _) = sudoku_stdin(&[], &library);
    assert_eq!((code, out.trim()), (0, LEETCODE_SOLUTION));

    let csv = format!(
        "id,puzzle,solution,clues,difficulty\n1,{LEETCODE},{LEETCODE_SOLUTION},30,0\n\
         2,{},,30,0\n",
        LEETCODE.replace('.', "0")
    );
    let (code, out, err) = sudoku_stdin(&["--format", "json"], &csv);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(lines[0].contains("\"line\":2") && lines[1].contains("\"line\":3"));
    assert!(lines.iter().all(|l| l.contains(LEETCODE_SOLUTION)));
}

#[test]
fn dashes_for_empty_cells_make_one_puzzle() {
    let dashed = LEETCODE.replace('.', "-");
    let (code, out, _) = sudoku_stdin(&[], &format!("{dashed}\n"));
    assert_eq!(
        (code, out.as_str()),
        (0, format!("{LEETCODE_SOLUTION}\n").as_str())
    );
}

/// A candidate grid as HoDoKu exports one: LeetCode's puzzle with the
/// candidates its givens leave.
const HODOKU_GRID: &str = "\
.-------------------.----------------.-------------------.
| 5    3     124    | 26    7   2468 | 1489   1249  248  |
| 6    247   247    | 1     9   5    | 3478   234   2478 |
| 12   9     8      | 23    34  24   | 13457  6     247  |
:-------------------+----------------+-------------------:
| 8    125   1259   | 579   6   147  | 4579   2459  3    |
| 4    25    2569   | 8     5   3    | 579    259   1    |
| 7    15    1359   | 59    2   14   | 4589   459   6    |
:-------------------+----------------+-------------------:
| 139  6     134579 | 357   35  7    | 2      8     4    |
| 23   278   237    | 4     1   9    | 36     3     5    |
| 123  1245  12345  | 2356  8   26   | 1346   7     9    |
'-------------------'----------------'-------------------'
";

#[test]
fn candidate_grids_are_read_and_written_back() {
    let (code, out, _) = sudoku_stdin(&["--check"], HODOKU_GRID);
    assert_eq!((code, out.as_str()), (0, "unique\n"));
    // Written as a candidate grid, read back as the same puzzle.
    let (_, drawn, _) = sudoku_stdin(&["--transform", "--format", "pencil"], LEETCODE);
    assert!(drawn.starts_with(".---"), "{drawn}");
    let (_, line, _) = sudoku_stdin(&["--transform"], LEETCODE);
    let (_, from_drawn, _) = sudoku_stdin(&[], &drawn);
    let (_, from_line, _) = sudoku_stdin(&[], &line);
    assert_eq!(from_drawn, from_line);
    // True candidates, drawn either way, read back as puzzles with the
    // same solution.
    for format in ["grid", "pencil"] {
        let (_, drawn, _) = sudoku_stdin(&["--candidates", "--format", format], HODOKU_GRID);
        let (code, out, err) = sudoku_stdin(&[], &drawn);
        assert_eq!(
            (code, out.trim()),
            (0, LEETCODE_SOLUTION),
            "{format}: {err}"
        );
    }
}

#[test]
fn sudokuwiki_boards_and_links() {
    let board = "vu4804032o1508g080030k10o888882647046888g06828060k10029k260b90478go003g0g95090b0b6a2c00g0bcg038ga8g9ao1506601oh847063a2ag288gg8g0626c082c2k20b159818920k9ag9462044";
    let link = format!("https://www.sudokuwiki.org/sudoku.htm?bd={board}\n{board}\n");
    let (code, out, err) = sudoku_stdin(&["--check"], &link);
    assert_eq!((code, out.as_str()), (0, "unique\nunique\n"), "{err}");
    let zeros = LEETCODE.replace('.', "0");
    let short = format!("https://www.sudokuwiki.org/sudoku.htm?bd={zeros}\n");
    let (_, out, _) = sudoku_stdin(&[], &short);
    assert_eq!(out.trim(), LEETCODE_SOLUTION);
}
