//! Making puzzles against the public data sets in
//! `../shared/datasets/sudoku/`, when present (each test skips, saying so,
//! when they are absent): ratings order the sets by their known hardness,
//! and the 49,158 17-clue puzzles have distinct canonical forms.

use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use sudoku_dlx::{Grid, SudokuSolver};

/// The path of a data set, or `None` (after saying so) when it is absent.
fn dataset(name: &str) -> Option<PathBuf> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/datasets/sudoku")
        .join(name);
    if path.is_file() {
        Some(path)
    } else {
        // libtest captures the print macros, not the stderr handle.
        let _ = writeln!(
            std::io::stderr(),
            "skipped: no data set at {}",
            path.display()
        );
        None
    }
}

/// The first `max` puzzles of a data set.
fn puzzles(path: &Path, max: usize) -> Vec<Grid> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .take(max)
        .map(|l| Grid::parse(l).unwrap_or_else(|e| panic!("{}: {l}: {e}", path.display())))
        .collect()
}

#[test]
fn mean_scores_order_the_data_sets_by_hardness() {
    let names = [
        "puzzles1_unbiased_first1000.txt",
        "puzzles2_17_clue.txt",
        "puzzles3_magictour_top1465.txt",
        "puzzles6_forum_hardest_1106.txt",
    ];
    let mut solver = SudokuSolver::new(3).unwrap();
    let mut means = Vec::new();
    for name in names {
        let Some(path) = dataset(name) else { return };
        let sample = puzzles(&path, 300);
        let total: f64 = sample.iter().map(|p| solver.rate(p).unwrap().score).sum();
        let mean = total / sample.len() as f64;
        let _ = writeln!(std::io::stderr(), "{name}: mean score {mean:.2}");
        means.push(mean);
    }
    for pair in means.windows(2) {
        assert!(pair[0] < pair[1], "{means:?}");
    }
}

/// The canonical forms of all 49,158 puzzles: a few seconds in the test
/// profile (6.7 s measured on a loaded 2-core machine).
#[test]
fn every_17_clue_puzzle_has_its_own_canonical_form() {
    let Some(path) = dataset("puzzles2_17_clue.txt") else {
        return;
    };
    let all = puzzles(&path, usize::MAX);
    assert_eq!(all.len(), 49_158);
    let start = Instant::now();
    let forms: HashSet<String> = all
        .iter()
        .map(|p| p.canonical().unwrap().to_string())
        .collect();
    let _ = writeln!(
        std::io::stderr(),
        "{} canonical forms in {:.1} s",
        all.len(),
        start.elapsed().as_secs_f64()
    );
    assert_eq!(forms.len(), all.len());
}
