//! The logic engine checked against the search: every placement of every
//! step is in the puzzle's one solution, every candidate ruled out is not,
//! and a path ends in the solution.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use sudoku_dlx::{Grid, Layout, Logic, Step, Technique, Variant};

/// The path of a data set, or `None` (after saying so) when it is absent.
fn dataset(name: &str) -> Option<PathBuf> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/datasets/sudoku")
        .join(name);
    if path.is_file() {
        Some(path)
    } else {
        let _ = writeln!(
            std::io::stderr(),
            "skipped: no data set at {}",
            path.display()
        );
        None
    }
}

/// Checks each step of the path of `puzzle` against its solution, and
/// returns the path.
fn checked_path(puzzle: &Grid) -> Vec<Step> {
    let solution = puzzle.solution().unwrap();
    let mut logic = Logic::new(puzzle).unwrap();
    let mut steps = Vec::new();
    while let Some(step) = logic.next_step() {
        for &(cell, digit) in step.placements() {
            assert_eq!(solution.cells()[cell], digit, "{puzzle}: {step}");
        }
        for &(cell, digit) in step.eliminations() {
            assert_ne!(solution.cells()[cell], digit, "{puzzle}: {step}");
        }
        let concluded =
            step.placements().len() + step.eliminations().len() + step.constraint_options();
        assert!(concluded > 0, "{puzzle}: {step} concludes nothing");
        logic.apply(&step);
        steps.push(step);
    }
    assert!(logic.is_solved(), "{puzzle}: stuck");
    assert_eq!(logic.grid(), solution, "{puzzle}");
    steps
}

/// Checks the paths of the first `count` puzzles of a data set and
/// prints how often each technique served.
fn check_dataset(name: &str, count: usize) {
    let Some(path) = dataset(name) else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let start = Instant::now();
    let mut techniques: BTreeMap<String, usize> = BTreeMap::new();
    let mut done = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()).take(count) {
        let puzzle = Grid::parse(line).unwrap();
        for step in checked_path(&puzzle) {
            *techniques.entry(step.technique().name()).or_default() += 1;
        }
        done += 1;
    }
    let _ = writeln!(
        std::io::stderr(),
        "{name}: {done} paths in {:.2} s: {techniques:?}",
        start.elapsed().as_secs_f64()
    );
}

#[test]
fn paths_of_unbiased_puzzles_end_in_their_solutions() {
    check_dataset("puzzles1_unbiased_first1000.txt", 100);
}

#[test]
fn paths_of_hard_puzzles_end_in_their_solutions() {
    check_dataset("top95.txt", 4);
}

/// All 1,000 unbiased puzzles and all of top95: minutes.
#[test]
#[ignore]
fn paths_of_every_puzzle_of_two_data_sets() {
    check_dataset("puzzles1_unbiased_first1000.txt", 1000);
    check_dataset("top95.txt", 95);
}

/// The puzzles of a fixture file read in `layout`, each with the
/// solution written after it as a comment.
fn layout_fixture(file: &str, layout: &Layout) -> Vec<(Grid, String)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/sudoku/layouts")
        .join(file);
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (puzzle, solution) = l.split_once('#').unwrap();
            (
                Grid::parse_in(puzzle.trim(), layout).unwrap(),
                solution.trim().to_string(),
            )
        })
        .collect()
}

#[test]
fn the_rules_serve_every_layout() {
    let square = Layout::square(3).unwrap();
    let regions = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/sudoku/layouts/jigsaw.map"),
    )
    .unwrap();
    let layouts = [
        ("jigsaw.txt", Layout::jigsaw(&regions).unwrap()),
        ("x.txt", square.clone().with_variant(Variant::X).unwrap()),
        (
            "anti-knight.txt",
            square.clone().with_variant(Variant::AntiKnight).unwrap(),
        ),
        (
            "non-consecutive.txt",
            square
                .clone()
                .with_variant(Variant::NonConsecutive)
                .unwrap(),
        ),
        ("6x6.txt", Layout::boxes(2, 3).unwrap()),
        ("12x12.txt", Layout::boxes(3, 4).unwrap()),
    ];
    let mut techniques: BTreeMap<String, usize> = BTreeMap::new();
    for (file, layout) in layouts {
        let start = Instant::now();
        for (puzzle, solution) in layout_fixture(file, &layout).into_iter().take(1) {
            let path = checked_path(&puzzle);
            let mut logic = Logic::new(&puzzle).unwrap();
            for step in &path {
                logic.apply(step);
                *techniques.entry(step.technique().name()).or_default() += 1;
            }
            let written: String = logic
                .grid()
                .to_string()
                .chars()
                .filter(|c| !c.is_whitespace())
                .collect();
            assert_eq!(written, solution.replace(' ', ""), "{file}: {puzzle}");
        }
        let _ = writeln!(
            std::io::stderr(),
            "{file}: {:.2} s",
            start.elapsed().as_secs_f64()
        );
    }
    let _ = writeln!(std::io::stderr(), "layouts: {techniques:?}");
}

/// A killer cage's items are the problem's: the cage's digits are
/// singles of its own.
#[test]
fn the_rules_read_constraints() {
    let text = "size 4\ncage 7: r1c1 r2c1\ncage 5: r1c2 r1c3\ncage 5: r1c4 r2c4\ncage 3: r2c2 r2c3\ncage 3: r3c1 r4c1\ncage 9: r3c2 r3c3 r4c2\ncage 8: r3c4 r4c4 r4c3\n";
    let record = sudoku_dlx::Puzzles::new(text.as_bytes())
        .next()
        .unwrap()
        .unwrap();
    let puzzle = record.result.unwrap();
    let path = checked_path(&puzzle);
    assert!(!path.is_empty());
    assert!(
        path.iter().all(|s| s.technique() != Technique::Trial),
        "{path:?}"
    );
}
