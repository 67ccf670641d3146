//! The logic engine checked against the search: every placement of every
//! step is in the puzzle's one solution, every candidate ruled out is not,
//! and a path ends in the solution.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;
use std::time::Instant;

use sudoku_dlx::{ChainKind, Grid, Layout, Logic, Step, Technique, Variant};

mod common;
use common::dataset;

/// Checks each step of the path of `puzzle` against its solution, and
/// returns the path.
fn checked_path(puzzle: &Grid) -> Vec<Step> {
    let solution = puzzle.solution().unwrap();
    let mut logic = Logic::new(puzzle).unwrap();
    logic.assume_unique(puzzle.count_solutions_up_to(2).unwrap() == 1);
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

/// Every ninth puzzle of the forum's hardest 1106, which need forcing
/// chains nested in others: about half an hour.
#[test]
#[ignore]
fn paths_of_the_hardest_puzzles_end_in_their_solutions_without_trial() {
    let Some(path) = dataset("puzzles6_forum_hardest_1106.txt") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    for line in text.lines().skip(8).step_by(9) {
        let puzzle = Grid::parse(line).unwrap();
        let path = checked_path(&puzzle);
        assert!(
            path.iter().all(|s| s.technique() != Technique::Trial),
            "{line}"
        );
    }
}

/// Puzzles of the forum's hardest lists that dynamic forcing chains do
/// not finish: chains whose branches apply pairs and locked candidates
/// (9.0), then chains within them (9.5), then cell and house chains
/// (10.0), take them to the end, every step true of the solution and
/// none a trial, at the ER Sudoku Explainer 1.2.1's `serate` gives them.
///
/// Three rate 0.1 apart from serate unless a branch counts its chains as
/// Sudoku Explainer does: a chain in a branch takes out its source alone
/// (each other option it could take out is a chain of its own, counted
/// in the nested chain's complexity), and conclusions of one difficulty
/// and complexity apply in Sudoku Explainer's order. The last (serate
/// takes 5 minutes) rates 11.6 unless the 10.5 chains' branches apply
/// dynamic forcing chains without nested rules of their own, as Sudoku
/// Explainer's do.
#[test]
fn nested_forcing_chains_finish_what_dynamic_ones_cannot() {
    let cases = [
        (
            "1.......2....1..3...5..34....2..1..4....8.7..6..9.......1..5.4.8.....5..9...6....",
            1,
            10.0,
        ),
        (
            ".....5..3..9....4..81.4.......7.......4..2..68...14.3.......2...4...6..79...5..1.",
            2,
            10.6,
        ),
        (
            "..3.9....4...8..36..8...1...4..6..73...9..........2.....4.7..686........7.....5.4",
            2,
            10.4,
        ),
        (
            "...4.67....7..........7..512..8...9...1.4.6...9........3.......8....3..2..6.1.5..",
            3,
            10.9,
        ),
        (
            "..34..7...5...9.3.6..3.....2.....8...4..9..5.7.....6.......1..8.1.9...4...2..5...",
            3,
            11.1,
        ),
        (
            ".2.4..7...5...9.3.6...7......5..8.9.7...2.....4.6..3.......1..85......1...1...9.3",
            4,
            11.8,
        ),
    ];
    for (line, deepest, er) in cases {
        let puzzle = Grid::parse(line).unwrap();
        let path = checked_path(&puzzle);
        assert!(path.iter().all(|s| s.technique() != Technique::Trial));
        let level = |s: &Step| match s.technique() {
            Technique::NestedChains { level, .. } => level,
            _ => 0,
        };
        assert_eq!(path.iter().map(level).max(), Some(deepest), "{line}");
        let hardest = path.iter().map(|s| s.difficulty()).fold(0.0, f64::max);
        assert_eq!(hardest, er, "{line}");
    }
}

/// A nested chain's branches followed on several threads give the path
/// one thread gives, step for step.
#[cfg(feature = "parallel")]
#[test]
fn nested_chains_take_the_same_path_on_any_number_of_threads() {
    let line = "1.......2....1..3...5..34....2..1..4....8.7..6..9.......1..5.4.8.....5..9...6....";
    let puzzle = Grid::parse(line).unwrap();
    let path = |threads: usize| -> Vec<String> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| checked_path(&puzzle))
            .iter()
            .map(|s| format!("{s} ({})", s.difficulty()))
            .collect()
    };
    let one = path(1);
    assert!(
        one.iter().any(|s| s.contains("forcing chains (+")),
        "{one:?}"
    );
    assert_eq!(one, path(3));
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

/// A 9x9 puzzle in pencilmarks: every digit a candidate everywhere but
/// where `removed` (cell as (row, column) from 1, digit) says.
fn pencilmarks(removed: &[((usize, usize), u8)]) -> Grid {
    let mut line = String::new();
    for r in 1..=9 {
        for c in 1..=9 {
            for d in 1..=9u8 {
                let gone = removed.contains(&((r, c), d));
                line.push(if gone { '.' } else { char::from(b'0' + d) });
            }
        }
    }
    let record = sudoku_dlx::Puzzles::new(line.as_bytes())
        .next()
        .unwrap()
        .unwrap();
    record.result.unwrap()
}

/// The (cell from 0, digit) pairs of `cells` (row, column from 1) and
/// `digits`.
fn pairs(cells: &[(usize, usize)], digits: &[u8]) -> Vec<(usize, u8)> {
    let mut all: Vec<(usize, u8)> = cells
        .iter()
        .flat_map(|&(r, c)| digits.iter().map(move |&d| ((r - 1) * 9 + c - 1, d)))
        .collect();
    all.sort_unstable();
    all
}

/// Checks that the hint of `grid` is `technique` and rules out exactly
/// `eliminations`.
fn assert_hint(grid: &Grid, technique: Technique, eliminations: Vec<(usize, u8)>) {
    let step = grid.hint().unwrap().expect("a step");
    assert_eq!(step.technique(), technique, "{step}");
    let mut found = step.eliminations().to_vec();
    found.sort_unstable();
    assert_eq!(found, eliminations, "{step}");
    assert!(step.placements().is_empty(), "{step}");
}

/// Each named technique on a grid of pencilmarks made for it, every
/// candidate open but those the pattern needs gone: the hint is that
/// technique, and it rules out what the technique's definition does.
#[test]
fn named_techniques_on_pencilmarks_made_for_them() {
    let row = |r: usize, cols: &[usize]| cols.iter().map(|&c| (r, c)).collect::<Vec<_>>();
    let col = |c: usize, rows: &[usize]| rows.iter().map(|&r| (r, c)).collect::<Vec<_>>();
    let without = |cells: Vec<(usize, usize)>, digits: &[u8]| {
        cells
            .into_iter()
            .flat_map(|cell| digits.iter().map(move |&d| (cell, d)))
            .collect::<Vec<_>>()
    };
    let rest = |keep: &[usize]| (1..=9).filter(|c| !keep.contains(c)).collect::<Vec<_>>();

    // Pointing: box 1's 1s all in row 1; they leave the rest of row 1.
    let mut gone = without(row(2, &[1, 2, 3]), &[1]);
    gone.extend(without(row(3, &[1, 2, 3]), &[1]));
    let expected = pairs(&row(1, &[4, 5, 6, 7, 8, 9]), &[1]);
    assert_hint(&pencilmarks(&gone), Technique::Pointing, expected);

    // Claiming: row 1's 1s all in box 1; they leave the rest of box 1.
    let gone = without(row(1, &[4, 5, 6, 7, 8, 9]), &[1]);
    let mut expected = row(2, &[1, 2, 3]);
    expected.extend(row(3, &[1, 2, 3]));
    assert_hint(
        &pencilmarks(&gone),
        Technique::Claiming,
        pairs(&expected, &[1]),
    );

    // Naked pair: r1c1 and r1c5 hold only 1 and 2; those leave row 1.
    let gone = without(vec![(1, 1), (1, 5)], &[3, 4, 5, 6, 7, 8, 9]);
    let expected = pairs(&row(1, &rest(&[1, 5])), &[1, 2]);
    assert_hint(&pencilmarks(&gone), Technique::NakedSubset(2), expected);

    // Hidden pair: 1 and 2 of row 1 only in r1c1 and r1c5; the other
    // digits leave those cells.
    let gone = without(row(1, &rest(&[1, 5])), &[1, 2]);
    let expected = pairs(&[(1, 1), (1, 5)], &[3, 4, 5, 6, 7, 8, 9]);
    assert_hint(&pencilmarks(&gone), Technique::HiddenSubset(2), expected);

    // X-wing: the 1s of rows 1 and 5 only in columns 1 and 5; they leave
    // the rest of those columns.
    let mut gone = without(row(1, &rest(&[1, 5])), &[1]);
    gone.extend(without(row(5, &rest(&[1, 5])), &[1]));
    let mut expected = col(1, &rest(&[1, 5]));
    expected.extend(col(5, &rest(&[1, 5])));
    assert_hint(
        &pencilmarks(&gone),
        Technique::Fish(2),
        pairs(&expected, &[1]),
    );

    // Swordfish: the 1s of rows 1, 4, 7 only in columns 1, 4, 7.
    let mut gone = Vec::new();
    for r in [1, 4, 7] {
        gone.extend(without(row(r, &rest(&[1, 4, 7])), &[1]));
    }
    let mut expected = Vec::new();
    for c in [1, 4, 7] {
        expected.extend(col(c, &rest(&[1, 4, 7])));
    }
    assert_hint(
        &pencilmarks(&gone),
        Technique::Fish(3),
        pairs(&expected, &[1]),
    );

    // Naked triple: r1c1, r1c4, r1c7 hold only 1, 2, 3 between them.
    let gone = without(vec![(1, 1), (1, 4), (1, 7)], &[4, 5, 6, 7, 8, 9]);
    let expected = pairs(&row(1, &rest(&[1, 4, 7])), &[1, 2, 3]);
    assert_hint(&pencilmarks(&gone), Technique::NakedSubset(3), expected);

    // Hidden triple: 1, 2, 3 of row 1 only in r1c1, r1c4, r1c7.
    let gone = without(row(1, &rest(&[1, 4, 7])), &[1, 2, 3]);
    let expected = pairs(&row(1, &[1, 4, 7]), &[4, 5, 6, 7, 8, 9]);
    assert_hint(&pencilmarks(&gone), Technique::HiddenSubset(3), expected);

    // Naked quad: r1c1, r1c4, r1c7, r1c9 hold only 1, 2, 3, 4.
    let quad = [1, 4, 7, 9];
    let gone = without(row(1, &quad), &[5, 6, 7, 8, 9]);
    let expected = pairs(&row(1, &rest(&quad)), &[1, 2, 3, 4]);
    assert_hint(&pencilmarks(&gone), Technique::NakedSubset(4), expected);

    // Hidden quad: 1, 2, 3, 4 of row 1 only in those four cells.
    let gone = without(row(1, &rest(&quad)), &[1, 2, 3, 4]);
    let expected = pairs(&row(1, &quad), &[5, 6, 7, 8, 9]);
    assert_hint(&pencilmarks(&gone), Technique::HiddenSubset(4), expected);

    // Jellyfish: the 1s of rows 1, 3, 5, 7 only in columns 1, 3, 5, 7.
    let fish = [1, 3, 5, 7];
    let mut gone = Vec::new();
    for r in fish {
        gone.extend(without(row(r, &rest(&fish)), &[1]));
    }
    let mut expected = Vec::new();
    for c in fish {
        expected.extend(col(c, &rest(&fish)));
    }
    assert_hint(
        &pencilmarks(&gone),
        Technique::Fish(4),
        pairs(&expected, &[1]),
    );
}

/// The wings and chains, each on pencilmarks made for it, every other
/// candidate open: the hint is that pattern, and it rules out what sees
/// both ends of its chain.
#[test]
fn wings_and_chains_on_pencilmarks_made_for_them() {
    let keep = |cell: (usize, usize), digits: &[u8]| {
        (1..=9u8)
            .filter(|d| !digits.contains(d))
            .map(|d| (cell, d))
            .collect::<Vec<_>>()
    };
    let only_in = |line: Vec<(usize, usize)>, places: &[(usize, usize)], digit: u8| {
        line.into_iter()
            .filter(|cell| !places.contains(cell))
            .map(|cell| (cell, digit))
            .collect::<Vec<_>>()
    };
    let row = |r: usize| (1..=9).map(|c| (r, c)).collect::<Vec<_>>();
    let col = |c: usize| (1..=9).map(|r| (r, c)).collect::<Vec<_>>();

    // XY-wing: pivot r1c1 {1,2}, pincers r1c5 {1,3} and r5c1 {2,3}: one
    // pincer is 3, so r5c5, which sees both, is not.
    let mut gone = keep((1, 1), &[1, 2]);
    gone.extend(keep((1, 5), &[1, 3]));
    gone.extend(keep((5, 1), &[2, 3]));
    assert_hint(
        &pencilmarks(&gone),
        Technique::XyWing,
        pairs(&[(5, 5)], &[3]),
    );

    // XYZ-wing: pivot r1c1 {1,2,3}, pincers r1c5 {1,3} and r2c2 {2,3}:
    // 3 is in one of the three, so r1c2 and r1c3, seeing all, lose it.
    let mut gone = keep((1, 1), &[1, 2, 3]);
    gone.extend(keep((1, 5), &[1, 3]));
    gone.extend(keep((2, 2), &[2, 3]));
    assert_hint(
        &pencilmarks(&gone),
        Technique::XyzWing,
        pairs(&[(1, 2), (1, 3)], &[3]),
    );

    // Skyscraper: the 1s of row 1 only in c1 and c5, of row 9 in c1 and
    // c6; one of r1c5 and r9c6 is 1, so what sees both is not.
    let mut gone = only_in(row(1), &[(1, 1), (1, 5)], 1);
    gone.extend(only_in(row(9), &[(9, 1), (9, 6)], 1));
    assert_hint(
        &pencilmarks(&gone),
        Technique::Chain(ChainKind::Skyscraper),
        pairs(&[(2, 6), (3, 6), (7, 5), (8, 5)], &[1]),
    );

    // Two-string kite: the 1s of row 1 only in c2 and c7, of column 1
    // only in r3 and r8; r1c2 and r3c1 share box 1, so one of r1c7 and
    // r8c1 is 1, and r8c7 is not.
    let mut gone = only_in(row(1), &[(1, 2), (1, 7)], 1);
    gone.extend(only_in(col(1), &[(3, 1), (8, 1)], 1));
    assert_hint(
        &pencilmarks(&gone),
        Technique::Chain(ChainKind::TwoStringKite),
        pairs(&[(8, 7)], &[1]),
    );

    // W-wing: r1c1 and r9c9 hold 1 and 2, and row 5's 2s are only in
    // r5c1 and r5c9, which see them: one of the two cells is 1.
    let mut gone = keep((1, 1), &[1, 2]);
    gone.extend(keep((9, 9), &[1, 2]));
    gone.extend(only_in(row(5), &[(5, 1), (5, 9)], 2));
    assert_hint(
        &pencilmarks(&gone),
        Technique::Chain(ChainKind::WWing),
        pairs(&[(1, 9), (9, 1)], &[1]),
    );

    // X-chain: the 1s of row 1 only in c2 and c5, of row 4 in c5 and c8,
    // of row 8 in c8 and c3: one of r1c2 and r8c3 is 1, and what sees
    // both is not.
    let mut gone = only_in(row(1), &[(1, 2), (1, 5)], 1);
    gone.extend(only_in(row(4), &[(4, 5), (4, 8)], 1));
    gone.extend(only_in(row(8), &[(8, 8), (8, 3)], 1));
    assert_hint(
        &pencilmarks(&gone),
        Technique::Chain(ChainKind::XChain),
        pairs(&[(2, 3), (3, 3), (7, 2), (9, 2)], &[1]),
    );

    // XY-chain: r1c1 {1,2}, r1c6 {2,3}, r5c6 {3,4}, r5c9 {4,1}: one end
    // is 1, so r1c9 and r5c1 are not.
    let mut gone = keep((1, 1), &[1, 2]);
    gone.extend(keep((1, 6), &[2, 3]));
    gone.extend(keep((5, 6), &[3, 4]));
    gone.extend(keep((5, 9), &[4, 1]));
    assert_hint(
        &pencilmarks(&gone),
        Technique::Chain(ChainKind::XyChain),
        pairs(&[(1, 9), (5, 1)], &[1]),
    );
}

/// AICs, nishio and forcing chains on puzzles of the rated sample whose
/// hardest step Sudoku Explainer names so: the path takes that kind of
/// step, its hardest step has Sudoku Explainer's difficulty, and, as
/// every path, it ends in the solution.
#[test]
fn forcing_chains_on_puzzles_that_need_them() {
    let cases = [
        (
            "5...3...4..9.5.8.....1.7.....1...7.....896...8.4.1.9.6.3.2.9.1..6.....5.9...4...7",
            Technique::Chain(ChainKind::Aic),
            7.1,
        ),
        (
            "..3....49.5........89....5....5..6.1..7.6....2.5.1.43....9.21....2..1..4.3...6.82",
            Technique::Nishio,
            7.7,
        ),
        (
            "..3..594...........8.3.125.5.........349....1.71.........5.8.......3951.29...683.",
            Technique::CellChains { dynamic: false },
            8.3,
        ),
        (
            "6..3.2....4.....8..........7.26............543.........8.15........8.2........7..",
            Technique::HouseChains { dynamic: false },
            8.5,
        ),
        (
            "..9.....76..2..8.....3.59.....61..2..64......9..........1.4..8....5..4..8.3.....6",
            Technique::ContradictionChains,
            9.0,
        ),
        // Two where a house's digit whose first place is a cell of two
        // options offers a shorter chain that Sudoku Explainer does not
        // try.
        (
            "8....4..197.....8...438.9......4...26..2..8.3..5...6...............1..59..189..3.",
            Technique::CellChains { dynamic: false },
            8.5,
        ),
        (
            "23.....17.97...63.58.....943.......6.4..5..2...2.7.3....8.2.9.....891......5.4...",
            Technique::HouseChains { dynamic: false },
            8.6,
        ),
        // One whose shortest house chain has a place whose assumption
        // contradicts itself: what that branch reached before it stopped
        // counts.
        (
            "......5..87.5.4.9..3..9.....6..5...9.8....746.........4.1....2....4..1.7...8.....",
            Technique::HouseChains { dynamic: true },
            8.8,
        ),
        // Three of top95 whose chains' lengths depend on the order the
        // links are followed in.
        (
            ".237....68...6.59.9.....7......4.97.3.7.96..2.........5..47.........2....8.......",
            Technique::Nishio,
            7.7,
        ),
        (
            "38.6.......9.......2..3.51......5....3..1..6....4......17.5..8.......9.......7.32",
            Technique::CellChains { dynamic: true },
            8.8,
        ),
        (
            ".5..9....1.....6.....3.8.....8.4...9514.......3....2..........4.8...6..77..15..6.",
            Technique::ContradictionChains,
            9.1,
        ),
    ];
    for (line, technique, er) in cases {
        let puzzle = Grid::parse(line).unwrap();
        let path = checked_path(&puzzle);
        assert!(
            path.iter().any(|s| s.technique() == technique),
            "{line}: no {technique}"
        );
        let hardest = path.iter().map(|s| s.difficulty()).fold(0.0, f64::max);
        assert_eq!(hardest, er, "{line}");
        assert_eq!(puzzle.rate_se().unwrap().er, er, "{line}");
    }
}

/// Aligned exclusions on puzzles of the diabolical list whose
/// paths take them: every step true of the solution, and the pair's
/// eliminations in its own two cells.
#[test]
fn aligned_exclusions_on_puzzles_that_take_them() {
    let line = "8.53...9.....1......2...6.1.3...2..6.5.734.1.2..6...5.1.7...5......4.....2...39.4";
    let puzzle = Grid::parse(line).unwrap();
    let path = checked_path(&puzzle);
    let step = path
        .iter()
        .find(|s| s.technique() == Technique::AlignedPairExclusion)
        .unwrap_or_else(|| panic!("{line}: no aligned pair exclusion"));
    assert_eq!(step.difficulty(), 6.2);
    // Sudoku Explainer rates this one 6.6, a turbot fish after the
    // exclusion; a chain in its place rated 7.1.
    let turbot =
        "69...3..1....9.2.3.128..7..1.....4...6..1..7...5.....9..9..265.8.1.5....5..3...12";
    assert_eq!(Grid::parse(turbot).unwrap().rate_se().unwrap().er, 6.6);
    let text = step.to_string();
    for &(cell, _) in step.eliminations() {
        let name = format!("r{}c{}", cell / 9 + 1, cell % 9 + 1);
        assert!(text.contains(&format!("{name} ")), "{text}");
    }
    // A triplet (7.5), which Sudoku Explainer takes after its chains of
    // one kind: this puzzle of the diabolical list rated 8.3 without it.
    let line = "4...1...8..9...6....26.39...5.....4...4.3.7.....428....9.....2.24.8.1.961..952..7";
    let puzzle = Grid::parse(line).unwrap();
    let path = checked_path(&puzzle);
    assert!(
        path.iter()
            .any(|s| s.technique() == Technique::AlignedTripletExclusion),
        "{line}: no aligned triplet exclusion"
    );
    assert_eq!(puzzle.rate_se().unwrap().er, 7.5);
}

/// The rules that assume one solution, on puzzles of the rated sample
/// and of the diabolical list whose path Sudoku Explainer takes through
/// them: the path takes that step, ends in the solution, and where the
/// rating is given, it is Sudoku Explainer's (its `serate`, limited to
/// Sudoku Explainer 1.2.1's techniques).
#[test]
fn uniqueness_rules_on_puzzles_that_need_them() {
    let cases = [
        (
            "1...9...7..6...13...95..6...3..7...........9...1..54.8..5..4.8661...39......2....",
            Technique::UniqueRectangle(1),
            None,
        ),
        (
            ".2......6....41.....78....1......7....37.....6..412....1..74..5..8.5..7......39..",
            Technique::UniqueRectangle(4),
            None,
        ),
        (
            "7.3...8.4....5.....64...93.89.217.46............9.5.....9...5...41...72....5.3...",
            Technique::Bug,
            None,
        ),
        (
            "..37.648.4.......7.89.........3...45.6..78...3.......2....2...4.....1.3..1.83.29.",
            Technique::UniqueLoop(6),
            None,
        ),
        (
            ".6.5.49........1.29271..4..2...5.8.3...9.2...5.6.7...4..9..67214.2........12.7.4.",
            Technique::BugType2,
            Some("5.7/1.2/1.2"),
        ),
        // A rectangle of type 3 (a naked pair), then BUG+1.
        (
            "..3...2....8...7....73.69..87..4..61.5.....7.3..7.1..863..8..477.......5...5.3...",
            Technique::UniqueRectangleSet(2),
            Some("5.6/1.2/1.2"),
        ),
        // Two cells between the grid and the grave, in a row, sharing a
        // digit of their pairs: 6.7 by a chain before BUG type 4.
        (
            "347....696.......8..87..4.1....7.6.....5.3.....4.8....4.3..91..7.......556....942",
            Technique::BugType4,
            Some("5.7/1.2/1.2"),
        ),
        // BUG type 3 with a naked triple (7.1 before it) and with a
        // naked pair (6.7 before it).
        (
            "5.2...6.8..39.25............3.2.7.1..5.....2.4.......9.6.519.8..9.....6.3.1.8.9.2",
            Technique::BugType3(3),
            Some("5.9/1.2/1.2"),
        ),
        (
            "..49...5.2.9..57...8.....94.2..9...7...527...5...3..8.47.....3...37..9.1.5...14..",
            Technique::BugType3(2),
            Some("5.8/1.2/1.2"),
        ),
        // A loop of six of type 3, its extra cells' digits a naked pair
        // with a cell of their row.
        (
            ".2..8.7.945..7.....8...324..3...1..2.....46..2....7.8.561....3.......5......9...4",
            Technique::UniqueLoopSet(6, 2),
            Some("6.6/1.2/1.2"),
        ),
        // BUG+1 whose cell keeps two extra digits: 7.2 by a chain before.
        (
            ".3.5.4.9.7.......4.4..7..6..8.....5.5.43.68.93...5...2.........9..6.1..38.3...1.5",
            Technique::Bug,
            Some("5.6/1.2/1.2"),
        ),
        // A rectangle of type 3 with a hidden pair: 8.3 before it.
        (
            ".1....5....86..2.323...1.6...9.2..5....8.9....2..7.8...4.9...256.5..74....2....7.",
            Technique::UniqueRectangleHidden(2),
            Some("7.3/1.2/1.2"),
        ),
    ];
    for (line, technique, rating) in cases {
        let puzzle = Grid::parse(line).unwrap();
        let path = checked_path(&puzzle);
        assert!(
            path.iter().any(|s| s.technique() == technique),
            "{line}: no {technique} in {:?}",
            path.iter().map(|s| s.to_string()).collect::<Vec<_>>()
        );
        // Without one solution to assume, the rules stay out.
        let mut logic = Logic::new(&puzzle).unwrap();
        let (steps, _) = logic.solve_all();
        assert!(steps.iter().all(|s| s.technique() != technique), "{line}");
        if let Some(rating) = rating {
            assert_eq!(puzzle.rate_se().unwrap().to_string(), rating, "{line}");
        }
    }
}

/// A unique loop of type 4: two cells of the loop with other digits,
/// in a house where one of the loop's digits has no other place, lose
/// the loop's other digit (a puzzle of the diabolical list). The cells
/// it takes a digit out of are cells of the loop, and the path ends in
/// the solution.
#[test]
fn a_unique_loop_of_type_4_takes_the_other_digit_out_of_two_cells() {
    let line = ".8..3..6...15864.....1.2......2.7...4.2...3.97...4...8.4.....1.....5.....5.614.9.";
    let puzzle = Grid::parse(line).unwrap();
    let path = checked_path(&puzzle);
    let type_4 = path.iter().find(|s| {
        let gone = s.eliminations();
        s.technique() == Technique::UniqueLoop(6)
            && gone.len() == 2
            && gone[0].1 == gone[1].1
            && gone.iter().all(|&(cell, _)| {
                let name = format!("r{}c{}", cell / 9 + 1, cell % 9 + 1);
                s.base().contains(&name)
            })
    });
    let steps: Vec<String> = path.iter().map(|s| s.to_string()).collect();
    assert!(type_4.is_some(), "{line}: {steps:?}");
}

/// The first step of a killer in the text form.
fn killer_logic(text: &str) -> Logic {
    let record = sudoku_dlx::Puzzles::new(text.as_bytes())
        .next()
        .unwrap()
        .unwrap();
    Logic::new(&record.result.unwrap()).unwrap()
}

/// A cage's combinations rule out the digits none of them uses, and the
/// digits every one of them holds leave the houses the cage lies in.
#[test]
fn cage_combinations_as_a_killer_player_reads_them() {
    let logic = killer_logic("size 9\ncage 3: r1c1 r1c2\n");
    let step = logic.next_step().expect("a step");
    assert_eq!(step.technique(), Technique::CageCombinations);
    assert!(
        step.to_string()
            .starts_with("cage combinations: r1c1+r1c2 = 3: {1,2} =>"),
        "{step}"
    );
    // The cage's cells lose every other digit, 1 and 2 leave the rest of
    // row 1 and of box 1, and nothing else goes.
    let out = step.eliminations();
    for cell in [0, 1] {
        assert!((3..=9).all(|d| out.contains(&(cell, d))), "{step}");
    }
    for cell in [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 18, 19, 20] {
        assert!(
            out.contains(&(cell, 1)) && out.contains(&(cell, 2)),
            "{step}"
        );
    }
    assert_eq!(out.len(), 2 * 7 + 2 * 13, "{step}");
}

/// A digit a cage must hold leaves the cells that see every cell that
/// may take it, though no house holds them all.
#[test]
fn a_cage_digit_leaves_the_cells_that_see_its_places() {
    let logic = killer_logic("size 9\ncage 3: r1c1 r2c4\n");
    let step = logic.next_step().expect("a step");
    assert_eq!(step.technique(), Technique::CageCombinations, "{step}");
    // 1 and 2 are at r1c1 and r2c4 (rows 1 and 2, boxes 1 and 2), which
    // lose every other digit: r1c4 to r1c6 see both (row 1, box 2), and
    // so do r2c1 to r2c3.
    let mut out = step.eliminations().to_vec();
    out.sort_unstable();
    let mut expected: Vec<(usize, u8)> = [3, 4, 5, 9, 10, 11]
        .iter()
        .flat_map(|&cell| [(cell, 1), (cell, 2)])
        .chain(
            [0, 12]
                .iter()
                .flat_map(|&cell| (3..=9).map(move |d| (cell, d))),
        )
        .collect();
    expected.sort_unstable();
    assert_eq!(out, expected, "{step}");
}

/// The 45 rule: the cells of a row outside its cages sum to 45 less
/// the cages, read as a cage of their own.
#[test]
fn innies_of_a_row() {
    let mut logic = killer_logic("size 9\ncage 6: r1c1 r1c2 r1c3\ncage 30: r1c4 r1c5 r1c6 r1c7\n");
    let mut innies = None;
    for _ in 0..10 {
        let step = logic.next_step().expect("a step");
        if step.technique() == Technique::Innies {
            innies = Some(step);
            break;
        }
        logic.apply(&step);
    }
    let step = innies.expect("an innies step");
    // 45 - 6 - 30 = 9 over two cells that differ (one row holds them).
    assert!(step.to_string().contains("row 1: r1c8+r1c9 = 9:"), "{step}");
    // The earlier cages leave 4 and 5 there, which leave the rest of box 3.
    assert!(step.eliminations().contains(&(15, 4)), "{step}");
}

/// Every step of the human-solvable killers of the published lists is
/// true of the solution, the killer rules take part, and the cage forcing
/// chains leave trial to one of them at most (the X-sudoku killer hs-09
/// when this was written; five took trial steps before the chains).
#[test]
fn killer_rules_on_the_human_solvable_killers() {
    let with_trial = check_killers("hs-");
    assert!(
        with_trial <= 1,
        "{with_trial} human-solvable killers take trial steps"
    );
}

/// Every step of every killer of the published lists is true of the
/// solution (a minute in a release build).
#[test]
#[ignore]
fn killer_rules_on_every_published_killer() {
    check_killers("");
}

/// Checks the paths of the published killers whose names start with
/// `prefix`, and that the killer rules take part; returns how many of
/// them take trial steps.
fn check_killers(prefix: &str) -> usize {
    let Some(path) = dataset("../killers/index.tsv") else {
        return 0;
    };
    let mut with_trial = 0;
    let index = std::fs::read_to_string(path).unwrap();
    let mut killer_steps = 0;
    let mut differences = 0;
    for row in index.lines().skip(1).filter(|l| l.starts_with(prefix)) {
        let fields: Vec<&str> = row.split('\t').collect();
        let record = sudoku_dlx::Puzzles::new(fields[2].as_bytes())
            .next()
            .unwrap()
            .unwrap();
        let puzzle = record.result.unwrap();
        assert_eq!(puzzle.solution().unwrap().to_string(), fields[4]);
        let path = checked_path(&puzzle);
        with_trial += usize::from(path.iter().any(|s| s.technique() == Technique::Trial));
        differences += path
            .iter()
            .filter(|s| s.technique() == Technique::InniesOuties)
            .count();
        killer_steps += path
            .iter()
            .filter(|s| {
                matches!(
                    s.technique(),
                    Technique::CageCombinations
                        | Technique::Innies
                        | Technique::Outies
                        | Technique::InniesOuties
                )
            })
            .count();
    }
    assert!(killer_steps > 0);
    // Every one of the human-solvable killers reads innies and outies
    // together at least once (1 to 22 times each when this was written).
    assert!(differences > 0);
    with_trial
}

/// Every step of the paths of some puzzles of the f-puzzles set whose
/// paths take rule forcing chains (thermometers, arrows, whispers, an
/// anti-knight coloring book) is true of the solution.
#[test]
fn forcing_chains_through_the_rules_of_published_variants() {
    let forcing = check_fpuzzles(&[
        "js-elbow-road",
        "js-the-octagon",
        "js-boxless-antiknight-coloring-book-the-flag",
    ]);
    // None when the data set is absent (said so, and skipped).
    assert!(forcing.is_none_or(|f| f > 0));
}

/// Every step of the path of every puzzle of the f-puzzles set with one
/// solution is true of it (a minute in a release build).
#[test]
#[ignore]
fn paths_of_every_published_variant() {
    check_fpuzzles(&[]);
}

/// Checks the paths of the f-puzzles set's puzzles named in `names`
/// (all when empty) that have one solution; returns how many forcing
/// chains through the rules they took, `None` without the data set.
fn check_fpuzzles(names: &[&str]) -> Option<usize> {
    let index = dataset("../fpuzzles/index.tsv")?;
    let dir = index.parent().unwrap().to_path_buf();
    let mut forcing = 0;
    let text = std::fs::read_to_string(&index).unwrap();
    let header: Vec<&str> = text.lines().next().unwrap().split('\t').collect();
    let column = |name: &str| header.iter().position(|&h| h == name).unwrap();
    let (name, count) = (column("name"), column("ref_count"));
    for row in text.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let fields: Vec<&str> = row.split('\t').collect();
        if fields[count] != "1" || !(names.is_empty() || names.contains(&fields[name])) {
            continue;
        }
        let json = std::fs::read_to_string(dir.join(format!("{}.json", fields[name]))).unwrap();
        let puzzle = Grid::from_fpuzzles(&json).unwrap();
        forcing += checked_path(&puzzle)
            .iter()
            .filter(|s| s.technique() == Technique::RuleForcing)
            .count();
    }
    Some(forcing)
}
