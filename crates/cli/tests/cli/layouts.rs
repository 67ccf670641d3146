//! Sudoku of every layout: each fixture of `fixtures/sudoku/layouts/` (made
//! by its own generator, with one solution each) solved by the CLI, and
//! every solution checked here against the layout's houses and rules, by
//! code that shares nothing with the solver.

use assert_cmd::Command;

use crate::fixture;

/// A layout as the test sees it: side, regions, extra houses, rules.
struct Layout {
    n: usize,
    houses: Vec<Vec<usize>>,
    knight: bool,
    king: bool,
    consecutive: bool,
}

impl Layout {
    fn new(n: usize, regions: Vec<Vec<usize>>) -> Layout {
        let mut houses: Vec<Vec<usize>> = (0..n)
            .map(|r| (0..n).map(|c| r * n + c).collect())
            .collect();
        houses.extend((0..n).map(|c| (0..n).map(|r| r * n + c).collect::<Vec<_>>()));
        houses.extend(regions);
        Layout {
            n,
            houses,
            knight: false,
            king: false,
            consecutive: false,
        }
    }

    /// Why `grid` (digits 1..=n, row-major) is not a solution, if it is not.
    fn fault(&self, grid: &[u8]) -> Option<String> {
        let n = self.n;
        if grid.len() != n * n || grid.iter().any(|&d| d == 0 || d as usize > n) {
            return Some("not a full grid".into());
        }
        for house in &self.houses {
            let mut digits: Vec<u8> = house.iter().map(|&a| grid[a]).collect();
            digits.sort_unstable();
            digits.dedup();
            if digits.len() != n {
                return Some(format!("a repeat in house {house:?}"));
            }
        }
        let mut moves = Vec::new();
        if self.knight {
            moves.extend([(1, 2), (2, 1), (1, -2), (2, -1)]);
        }
        if self.king {
            moves.extend([(1, 1), (1, -1), (0, 1), (1, 0)]);
        }
        for a in 0..n * n {
            let (r, c) = ((a / n) as isize, (a % n) as isize);
            let inside = |rr: isize, cc: isize| {
                (0..n as isize).contains(&rr) && (0..n as isize).contains(&cc)
            };
            for &(dr, dc) in &moves {
                let (rr, cc) = (r + dr, c + dc);
                if inside(rr, cc) && grid[a] == grid[rr as usize * n + cc as usize] {
                    return Some(format!(
                        "cells {a} and {} a move apart",
                        rr as usize * n + cc as usize
                    ));
                }
            }
            if self.consecutive {
                for (dr, dc) in [(0, 1), (1, 0)] {
                    let (rr, cc) = (r + dr, c + dc);
                    if inside(rr, cc) && grid[a].abs_diff(grid[rr as usize * n + cc as usize]) == 1
                    {
                        return Some(format!("consecutive digits beside cell {a}"));
                    }
                }
            }
        }
        None
    }
}

fn boxes(n: usize, rows: usize, cols: usize) -> Vec<Vec<usize>> {
    let mut regions = Vec::new();
    for br in (0..n).step_by(rows) {
        for bc in (0..n).step_by(cols) {
            regions.push(
                (0..rows)
                    .flat_map(|i| (0..cols).map(move |j| (br + i) * n + bc + j))
                    .collect(),
            );
        }
    }
    regions
}

fn digits(text: &str) -> Vec<u8> {
    text.chars()
        .map(|ch| match ch {
            '.' => 0,
            '1'..='9' => ch as u8 - b'0',
            'A'..='Z' => ch as u8 - b'A' + 10,
            _ => panic!("symbol {ch}"),
        })
        .collect()
}

/// Solves a fixture with `args` and checks each printed solution against
/// its puzzle, the layout, and the generator's solution.
fn check(name: &str, args: &[&str], layout: &Layout) {
    let path = fixture(&format!("sudoku/layouts/{name}.txt"));
    let text = std::fs::read_to_string(&path).unwrap();
    let puzzles: Vec<(&str, &str)> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let (puzzle, solution) = l.split_once("\t# ").expect("puzzle, tab, solution");
            (puzzle, solution)
        })
        .collect();
    assert!(!puzzles.is_empty());
    let output = Command::cargo_bin("dlx")
        .unwrap()
        .arg("sudoku")
        .args(args)
        .arg(&path)
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        output.status.success(),
        "{name}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), puzzles.len(), "{name}: one record per puzzle");
    for ((puzzle, expected), line) in puzzles.iter().zip(lines) {
        let (puzzle, solution) = (digits(puzzle), digits(line));
        if let Some(fault) = layout.fault(&solution) {
            panic!("{name}: {line} is no solution: {fault}");
        }
        for (a, &given) in puzzle.iter().enumerate() {
            assert!(
                given == 0 || given == solution[a],
                "{name}: {line} changes a given"
            );
        }
        assert_eq!(line, *expected, "{name}: the generator's solution");
    }
}

fn classic(extra: Vec<Vec<usize>>) -> Layout {
    let mut layout = Layout::new(9, boxes(9, 3, 3));
    layout.houses.extend(extra);
    layout
}

#[test]
fn rectangular_boxes() {
    check("6x6", &["--box", "2x3"], &Layout::new(6, boxes(6, 2, 3)));
    // --size picks the squarest boxes, and so does a line of 36 cells.
    check("6x6", &["--size", "6"], &Layout::new(6, boxes(6, 2, 3)));
    check("6x6", &[], &Layout::new(6, boxes(6, 2, 3)));
    check("8x8", &["--box", "2x4"], &Layout::new(8, boxes(8, 2, 4)));
    check("12x12", &[], &Layout::new(12, boxes(12, 3, 4)));
}

#[test]
fn extra_houses() {
    let diagonals = vec![
        (0..9).map(|i| i * 9 + i).collect(),
        (0..9).map(|i| i * 9 + 8 - i).collect(),
    ];
    check("x", &["--variant", "x"], &classic(diagonals));
    let windows = [1, 5]
        .iter()
        .flat_map(|&r| [1, 5].map(|c| (0..9).map(move |k| (r + k / 3) * 9 + c + k % 3).collect()))
        .collect();
    check("hyper", &["--variant", "hyper"], &classic(windows));
    let disjoint = (0..9)
        .map(|k| boxes(9, 3, 3).iter().map(|b| b[k]).collect())
        .collect();
    check("disjoint", &["--variant", "disjoint"], &classic(disjoint));
}

#[test]
fn rules_between_cells() {
    let mut knight = classic(Vec::new());
    knight.knight = true;
    check("anti-knight", &["--variant", "anti-knight"], &knight);
    let mut king = classic(Vec::new());
    king.king = true;
    check("anti-king", &["--variant", "anti-king"], &king);
    let mut consecutive = classic(Vec::new());
    consecutive.consecutive = true;
    check(
        "non-consecutive",
        &["--variant", "non-consecutive"],
        &consecutive,
    );
}

#[test]
fn jigsaw_regions_from_a_map() {
    let map_path = fixture("sudoku/layouts/jigsaw.map");
    let map = std::fs::read_to_string(&map_path).unwrap();
    let mut regions: std::collections::BTreeMap<char, Vec<usize>> = Default::default();
    for (r, row) in map.lines().enumerate() {
        for (c, symbol) in row.chars().enumerate() {
            regions.entry(symbol).or_default().push(r * 9 + c);
        }
    }
    assert_eq!(regions.len(), 9);
    let layout = Layout::new(9, regions.into_values().collect());
    check("jigsaw", &["--regions", &map_path], &layout);
}

/// With --variant alone, each puzzle's side comes from its cells, as
/// without it: a 4x4 X puzzle next to a 9x9 one.
#[test]
fn variants_alone_take_the_side_of_each_puzzle() {
    let text = std::fs::read_to_string(fixture("sudoku/layouts/x.txt")).unwrap();
    let (nine, nine_solution) = text
        .lines()
        .find(|l| !l.starts_with('#'))
        .and_then(|l| l.split_once("\t# "))
        .unwrap();
    let four = "1.3.............";
    let output = Command::cargo_bin("dlx")
        .unwrap()
        .args(["sudoku", "--variant", "x"])
        .write_stdin(format!("{four}\n{nine}\n"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    let mut small = Layout::new(4, boxes(4, 2, 2));
    small.houses.push((0..4).map(|i| i * 5).collect());
    small.houses.push((0..4).map(|i| i * 3 + 3).collect());
    let solution = digits(lines[0]);
    assert_eq!(small.fault(&solution), None, "{}", lines[0]);
    for (a, &given) in digits(four).iter().enumerate() {
        assert!(given == 0 || given == solution[a], "{}", lines[0]);
    }
    assert_eq!(lines[1], nine_solution);
    // Hyper fits 9x9 only: a 4x4 puzzle is invalid, and says why.
    Command::cargo_bin("dlx")
        .unwrap()
        .args(["sudoku", "--variant", "hyper"])
        .write_stdin(format!("{four}\n"))
        .assert()
        .code(1)
        .stdout("invalid\n")
        .stderr(predicates::str::contains("hyper needs a 9x9 grid, not 4x4"));
}

#[test]
fn givens_that_break_a_rule_are_none_with_the_rule_and_cells() {
    let mut cells = ['.'; 81];
    cells[2 * 9 + 2] = '1';
    cells[3 * 9 + 3] = '1';
    let puzzle: String = cells.iter().collect();
    Command::cargo_bin("dlx")
        .unwrap()
        .args(["sudoku", "--variant", "anti-king"])
        .write_stdin(format!("{puzzle}\n"))
        .assert()
        .code(1)
        .stdout("none\n")
        .stderr("<stdin>:1: no solution: anti-king: r3c3 and r4c4 both hold 1\n");
}

#[test]
fn json_says_which_layout() {
    let path = fixture("sudoku/layouts/x.txt");
    let output = Command::cargo_bin("dlx")
        .unwrap()
        .args(["sudoku", "--variant", "x", "--format", "json", &path])
        .output()
        .unwrap();
    let first = String::from_utf8(output.stdout).unwrap();
    let record: serde_json::Value = serde_json::from_str(first.lines().next().unwrap()).unwrap();
    assert_eq!(record["layout"], "9x9 with 3x3 boxes, x");
    assert_eq!(record["status"], "solved");
}

#[test]
fn bad_layouts_are_usage_errors_that_say_why() {
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("bad.map");
    std::fs::write(&map, "AAB\nABB\n").unwrap();
    let map = map.to_str().unwrap();
    Command::cargo_bin("dlx")
        .unwrap()
        .args(["sudoku", "--regions", map])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(predicates::str::contains(format!("{map}:2")));
    Command::cargo_bin("dlx")
        .unwrap()
        .args(["sudoku", "--box", "2x3", "--variant", "hyper"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(predicates::str::contains("hyper needs a 9x9 grid"));
    Command::cargo_bin("dlx")
        .unwrap()
        .args(["sudoku", "--variant", "sideways"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(predicates::str::contains("sideways"));
}

#[test]
fn every_mode_works_on_every_layout() {
    let map = fixture("sudoku/layouts/jigsaw.map");
    let cases: [(&str, Vec<&str>); 4] = [
        ("6x6", vec![]),
        ("12x12", vec![]),
        ("jigsaw", vec!["--regions", &map]),
        ("anti-knight", vec!["--variant", "anti-knight"]),
    ];
    for (name, layout) in cases {
        let path = fixture(&format!("sudoku/layouts/{name}.txt"));
        let puzzles = std::fs::read_to_string(&path)
            .unwrap()
            .lines()
            .filter(|l| !l.starts_with('#'))
            .count();
        let run = |mode: &[&str]| {
            let output = Command::cargo_bin("dlx")
                .unwrap()
                .arg("sudoku")
                .args(&layout)
                .args(mode)
                .arg(&path)
                .output()
                .unwrap();
            assert!(output.status.success(), "{name} {mode:?}");
            String::from_utf8(output.stdout).unwrap()
        };
        let expect = |word: &str| word.to_string() + "\n";
        assert_eq!(
            run(&["--check", "-j", "2"]),
            expect("unique").repeat(puzzles),
            "{name}"
        );
        assert_eq!(
            run(&["--count", "--limit", "5"]),
            expect("1").repeat(puzzles),
            "{name}"
        );
        let all = run(&["--all", "--limit", "3", "-j", "1"]);
        assert_eq!(
            all.lines().filter(|l| !l.is_empty()).count(),
            puzzles,
            "{name}"
        );
        let grids = run(&["--format", "grid", "--stats"]);
        assert!(!grids.is_empty(), "{name}");
    }
}
