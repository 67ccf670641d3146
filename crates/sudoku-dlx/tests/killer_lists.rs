//! The published killer lists (`shared/datasets/killers` beside the
//! workspace: 51 killers with their solutions), read in the formats they
//! were published in, the short one and SudoCue's long one: each line
//! gives the cages (and diagonals) of the same puzzle in the project's
//! text form (`killers.txt`, written by the data set's makers), and
//! solves to the published solution. Skipped, saying so, when the data
//! set is absent.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::PathBuf;

use sudoku_dlx::{Constraint, Grid, Puzzles, SolveError, SudokuSolver, Variant};

/// One row of `index.tsv`: name, format, the line as published, the
/// count to 2 and the solution.
struct Row {
    name: String,
    format: String,
    puzzle: String,
    count: u64,
    solution: String,
}

/// The rows of the data set and the text of `killers.txt`, or `None`
/// (said on stderr) when it is absent.
fn dataset() -> Option<(Vec<Row>, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/datasets/killers");
    let (Ok(index), Ok(text)) = (
        std::fs::read_to_string(dir.join("index.tsv")),
        std::fs::read_to_string(dir.join("killers.txt")),
    ) else {
        // libtest captures the print macros, not the stderr handle.
        let _ = writeln!(
            std::io::stderr(),
            "skipped: no killer lists at {}",
            dir.display()
        );
        return None;
    };
    let rows = index
        .lines()
        .skip(1)
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            Row {
                name: f[0].to_string(),
                format: f[1].to_string(),
                puzzle: f[2].to_string(),
                count: f[3].parse().unwrap(),
                solution: f[4].to_string(),
            }
        })
        .collect();
    Some((rows, text))
}

/// A cage: its cells, sorted, and its sum.
type Cage = (Vec<(usize, usize)>, Option<u32>);

/// A killer's cages as a set of (cells sorted, sum), and whether its
/// diagonals are houses. A cage of one cell without a sum, which
/// `killers.txt` writes for a cell in no cage, is no cage.
fn shape(grid: &Grid) -> (BTreeSet<Cage>, bool) {
    let cages = grid
        .layout()
        .constraints()
        .iter()
        .map(|constraint| match constraint {
            Constraint::Cage { cells, sum } => {
                let mut cells = cells.clone();
                cells.sort_unstable();
                (cells, *sum)
            }
            other => panic!("a killer list holds cages only, found {other}"),
        })
        .filter(|(cells, sum)| sum.is_some() || cells.len() > 1)
        .collect();
    (cages, grid.layout().has_variant(Variant::X))
}

fn read_one(text: &str) -> Grid {
    let records: Vec<_> = Puzzles::new(text.as_bytes()).map(Result::unwrap).collect();
    assert_eq!(records.len(), 1, "{text}");
    records[0]
        .result
        .clone()
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Each line as published reads as the puzzle `killers.txt` holds, and
/// the whole of `index.tsv`'s puzzle column, read as one file, gives one
/// record a line.
#[test]
fn every_published_line_reads_as_its_puzzle() {
    let Some((rows, text)) = dataset() else {
        return;
    };
    let blocks: Vec<Grid> = Puzzles::new(text.as_bytes())
        .map(|r| r.unwrap().result.unwrap())
        .collect();
    assert_eq!(blocks.len(), rows.len());
    for (row, block) in rows.iter().zip(&blocks) {
        let grid = read_one(&row.puzzle);
        assert_eq!(shape(&grid), shape(block), "{}", row.name);
        // Written back in its format, it reads as the same puzzle.
        let written = match row.format.as_str() {
            "short" => grid.to_killer_short(),
            _ => grid.to_killer_long(),
        };
        let written = written.unwrap_or_else(|| panic!("{} is not written", row.name));
        assert_eq!(read_one(&written), grid, "{}", row.name);
        assert_eq!(
            grid.layout().has_variant(Variant::X),
            row.format == "long" && row.puzzle.starts_with("3x3:d:")
        );
    }
    assert!(rows.iter().any(|r| r.format == "short") && rows.iter().any(|r| r.format == "long"));
    // The short lines and the long lines, each as a file of their own.
    for format in ["short", "long"] {
        let file: String = rows
            .iter()
            .filter(|r| r.format == format)
            .map(|r| format!("# {}\n{}\n", r.name, r.puzzle))
            .collect();
        let records: Vec<_> = Puzzles::new(file.as_bytes()).map(Result::unwrap).collect();
        let expected = rows.iter().filter(|r| r.format == format).count();
        assert_eq!(records.len(), expected, "{format}");
        assert!(records.iter().all(|r| r.result.is_ok()), "{format}");
    }
}

/// The "human-solvable" killers (long format) count to their one
/// solution, the published one; every killer's first solution is the
/// published one.
#[test]
fn the_published_killers_solve_to_their_solutions() {
    let Some((rows, _)) = dataset() else {
        return;
    };
    for row in rows.iter().filter(|r| r.name.starts_with("hs-")) {
        let grid = read_one(&row.puzzle);
        assert_eq!(
            grid.count_solutions_up_to(2).unwrap(),
            row.count,
            "{}",
            row.name
        );
        let solution = grid.solve_one().unwrap().unwrap();
        assert_eq!(solution.to_string(), row.solution, "{}", row.name);
    }
}

/// A node limit holds on a killer's search on its digits: a limit of as
/// many nodes as the whole count took lets it finish, one fewer stops it
/// with the node limit named, never with a wrong count.
#[test]
fn a_node_limit_stops_a_killers_search_at_that_many_nodes() {
    let Some((rows, _)) = dataset() else {
        return;
    };
    let mut limited = 0;
    for row in rows.iter().filter(|r| r.name.starts_with("hs-")) {
        let grid = read_one(&row.puzzle);
        let mut solver = SudokuSolver::for_layout(grid.layout());
        assert_eq!(solver.count_solutions_up_to(&grid, 2), Ok(row.count));
        let nodes = solver.stats().nodes;
        solver.set_node_limit(Some(nodes));
        assert_eq!(
            solver.count_solutions_up_to(&grid, 2),
            Ok(row.count),
            "{}: {nodes} nodes",
            row.name
        );
        assert_eq!(solver.stats().nodes, nodes, "{}", row.name);
        if nodes > 1 {
            solver.set_node_limit(Some(nodes - 1));
            match solver.count_solutions_up_to(&grid, 2) {
                Err(SolveError::NodeLimit { found }) => assert!(found <= row.count),
                other => panic!("{}: {other:?} under {} nodes", row.name, nodes - 1),
            }
            assert!(solver.stats().nodes < nodes, "{}", row.name);
            limited += 1;
        }
    }
    assert!(limited > 0, "no killer of the list branches");
}

/// Every killer of the lists, the hard ones of tarek's list too, counted
/// to 2 (slow in a debug build: `cargo test --release -- --ignored`).
#[test]
#[ignore = "minutes in a debug build"]
fn every_published_killer_counts_to_its_solution() {
    let Some((rows, _)) = dataset() else {
        return;
    };
    for row in &rows {
        let grid = read_one(&row.puzzle);
        assert_eq!(
            grid.count_solutions_up_to(2).unwrap(),
            row.count,
            "{}",
            row.name
        );
        let solution = grid.solve_one().unwrap().unwrap();
        assert_eq!(solution.to_string(), row.solution, "{}", row.name);
    }
}
