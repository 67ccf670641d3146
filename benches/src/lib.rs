//! Shared inputs for the benchmarks: exact-cover instances built once and
//! handed, item for item and option for option, to this project's engine and
//! to the baseline (the `dlx` crate 0.8.5, a port of Knuth's DLX1, imported as
//! `dlx_knuth`), and the sudoku data sets of `shared/datasets/sudoku`.
//!
//! Both engines branch on the leftmost primary item with the fewest options
//! (DLX1's rule; `mrv_chooser(prefer_any(), no_tiebreak())` in dlx 0.8.5), so
//! on the same matrix they walk the same search tree and the timings compare
//! the cost of a node, not luck in the branching order.

use std::fs;
use std::path::{Path, PathBuf};

use dlx::puzzles::{Board, Tilings};
use dlx::{Problem, Solver};
use dlx_knuth::choose::{mrv_chooser, no_tiebreak, prefer_any};
use dlx_knuth::{OptOrder, Uint};

/// An exact-cover instance in the forms both engines take.
pub struct Instance {
    /// Short name, used as the criterion group suffix (`engine/<name>`).
    pub name: &'static str,
    /// The problem for this project's engine.
    pub problem: Problem,
    /// The same problem for dlx 0.8.5.
    pub knuth: KnuthMatrix,
    /// Its number of solutions, as published (Knuth, OEIS); both engines
    /// must find exactly this many.
    pub solutions: u64,
}

impl Instance {
    /// Wraps `problem`, deriving the baseline's matrix from it so that both
    /// engines get the same items and options in the same order.
    pub fn new(name: &'static str, problem: Problem, solutions: u64) -> Instance {
        let knuth = KnuthMatrix::from_problem(&problem);
        Instance {
            name,
            problem,
            knuth,
            solutions,
        }
    }
}

/// A problem as dlx 0.8.5's `x::make_problem` takes it: the numbers of
/// primary and secondary items, and each option as 0-based item indices
/// (primary items first, as in [`dlx::Problem`]).
#[derive(Clone, Debug)]
pub struct KnuthMatrix {
    /// Number of primary items.
    pub primary: Uint,
    /// Number of secondary items.
    pub secondary: Uint,
    /// The options, in the order of their [`dlx::OptionId`]s.
    pub options: Vec<Vec<Uint>>,
}

impl KnuthMatrix {
    /// The matrix of `problem`: the same items, and its options in id order,
    /// each with its items in the order they were given.
    ///
    /// # Panics
    ///
    /// When an option gives a secondary item a color: DLX1 (`dlx_knuth::x`)
    /// has no colors, and none of the instances here use them.
    pub fn from_problem(problem: &Problem) -> KnuthMatrix {
        let options = problem
            .options()
            .map(|(_, entries)| {
                entries
                    .iter()
                    .map(|entry| {
                        assert!(entry.color.is_none(), "dlx 0.8.5's DLX1 has no colors");
                        entry.item as Uint
                    })
                    .collect()
            })
            .collect();
        KnuthMatrix {
            primary: problem.primary_count() as Uint,
            secondary: problem.secondary_count() as Uint,
            options,
        }
    }

    /// Builds dlx 0.8.5's linked structure (options in the given order).
    pub fn build(&self) -> dlx_knuth::x::Problem {
        dlx_knuth::x::make_problem(self.primary, self.secondary, &self.options, OptOrder::Seq)
    }
}

/// Counts every solution with dlx 0.8.5. A complete search leaves the links as
/// it found them, so the same `problem` can be counted again.
pub fn knuth_count(problem: &mut dlx_knuth::x::Problem) -> u64 {
    let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
    let mut solver = dlx_knuth::Solver::new(problem);
    let mut count = 0;
    while solver.next_solution(&mut chooser) {
        count += 1;
    }
    count
}

/// Whether the bench runs as a test (`cargo test --benches`, where
/// criterion runs each benchmark once) rather than as a benchmark (`cargo
/// bench` passes `--bench`): then the benches take smaller instances, so
/// that the check that every bench runs and counts right stays a matter
/// of seconds.
pub fn testing() -> bool {
    !std::env::args().any(|arg| arg == "--bench")
}

/// Counts every solution with this project's engine.
pub fn dlx_count(problem: &Problem) -> u64 {
    Solver::new(problem).count()
}

/// Dominoes on a `rows` x `cols` board, the cells listed row by row: 8 x 8
/// has 12,988,816 tilings, a quarter of the plain search's 50 million
/// nodes being solutions.
pub fn dominoes(rows: usize, cols: usize) -> Problem {
    let mut problem = Problem::new(rows * cols, 0);
    for r in 0..rows {
        for c in 0..cols {
            let cell = r * cols + c;
            if c + 1 < cols {
                problem.add_option([cell, cell + 1]).expect("two cells");
            }
            if r + 1 < rows {
                problem.add_option([cell, cell + cols]).expect("two cells");
            }
        }
    }
    problem
}

/// The L and I trominoes, any number of each, on a board of 9 rows and 12
/// columns, swept column by column for a memoized count: 20,574,308,184,277,971
/// tilings (TAOCP 7.2.2.1).
pub fn trominoes_9x12() -> Problem {
    let board = ["............"; 9].join("\n");
    let text = format!("{board}\n\n0:36|L 0:36|I\nL  I\nLL I\n   I\n");
    let tiling = dlx::puzzles::Tiling::parse(&text).expect("a drawn tiling");
    let problem = tiling.sweep(true).problem(Tilings::All).expect("108 cells");
    problem.without_free_items().expect("both pieces are free")
}

/// Tiling the 6 x 10 rectangle with the twelve pentominoes, every tiling
/// (not up to symmetry): 9356 solutions, some seconds of search.
pub fn pentomino_6x10() -> Instance {
    let board = Board::rectangle(6, 10).expect("6 x 10 is a board");
    let problem = dlx::puzzles::pentominoes(&board, Tilings::All).expect("6 x 10 has 60 cells");
    Instance::new("pentomino-6x10", problem, 9356)
}

/// MacMahon's 24 three-colored squares in a 4 x 6 rectangle, border of one
/// color (`fixtures/exact-cover/macmahon-4x6.dlx`): a problem with colors,
/// which the DLX1 port does not take. 106,624 solutions, as Knuth's DLX2
/// and SSXCC count them on the same file.
pub fn macmahon_4x6() -> (Problem, u64) {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/exact-cover/macmahon-4x6.dlx");
    let text = fs::read_to_string(&path).expect("the fixture is in the repository");
    (dlx::parse(&text).expect("the fixture parses"), 106_624)
}

/// Tiling the 3 x 20 rectangle with the twelve pentominoes, every tiling: 8
/// solutions, a search of well under a second (where 6 x 10 takes seconds).
pub fn pentomino_3x20() -> Instance {
    let board = Board::rectangle(3, 20).expect("3 x 20 is a board");
    let problem = dlx::puzzles::pentominoes(&board, Tilings::All).expect("3 x 20 has 60 cells");
    Instance::new("pentomino-3x20", problem, 8)
}

/// N-queens as DLX1 states it: rows and columns primary, diagonals secondary
/// (in both engines). 13 queens: 73712 solutions; 12: 14200; 11: 2680.
///
/// # Panics
///
/// For any `n` but 11, 12 and 13.
pub fn queens(n: usize) -> Instance {
    let (name, solutions) = match n {
        11 => ("queens-11", 2680),
        12 => ("queens-12", 14200),
        13 => ("queens-13", 73712),
        _ => panic!("no benchmark instance for {n}-queens"),
    };
    Instance::new(name, dlx::puzzles::queens(n), solutions)
}

/// The hard sudoku of `engine/sudoku-hard`: Arto Inkala's puzzle of 2012.
///
/// Measured on [`sudoku_matrix`] with DLX1's branching, it takes 2740 search
/// nodes (one solution), more than any puzzle of `top95.txt` (the hardest
/// there, `...5.3.......6.7..5.8....1636..2.......4.1.......3...567....2.8..4.7.......2..5..`,
/// takes 2378) or of `hardest.txt`.
pub const HARD_SUDOKU: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

/// [`HARD_SUDOKU`] as a plain exact-cover matrix: see [`sudoku_matrix`].
pub fn sudoku_hard() -> Instance {
    Instance::new("sudoku-hard", sudoku_matrix(HARD_SUDOKU), 1)
}

/// A 9 x 9 puzzle (81 characters, `.` or `0` for an empty cell) as one
/// exact-cover matrix, with no option selected before the search: the 324
/// items of the standard encoding (cell, row-digit, column-digit, box-digit,
/// in `sudoku-dlx`'s order) and the 729 options "digit d in cell (r, c)",
/// less those that share an item with a given's option. The givens' options
/// stay, each then the only option of its items, so the exact covers of the
/// matrix are the puzzle's solutions.
///
/// # Panics
///
/// On a line that is not 81 cells of `1-9`, `.` or `0`.
pub fn sudoku_matrix(puzzle: &str) -> Problem {
    let cells: Vec<u8> = puzzle
        .bytes()
        .map(|b| match b {
            b'1'..=b'9' => b - b'0',
            b'.' | b'0' => 0,
            _ => panic!("not a sudoku cell: {:?}", b as char),
        })
        .collect();
    assert_eq!(cells.len(), 81, "a 9 x 9 sudoku has 81 cells");
    let items = |r: usize, c: usize, d: usize| {
        let k = (r / 3) * 3 + c / 3;
        [r * 9 + c, 81 + r * 9 + d, 162 + c * 9 + d, 243 + k * 9 + d]
    };
    let mut taken = [false; 324];
    for (cell, &digit) in cells.iter().enumerate() {
        if digit != 0 {
            for item in items(cell / 9, cell % 9, usize::from(digit) - 1) {
                taken[item] = true;
            }
        }
    }
    let mut problem = Problem::new(324, 0);
    for r in 0..9 {
        for c in 0..9 {
            for d in 0..9 {
                let option = items(r, c, d);
                let given = usize::from(cells[r * 9 + c]) == d + 1;
                if given || option.iter().all(|&item| !taken[item]) {
                    problem
                        .add_option(option)
                        .expect("a sudoku option has four distinct items");
                }
            }
        }
    }
    problem
}

/// How many puzzles of a data set the benches take, at most: the first 2000
/// (`DLX_BENCH_PUZZLES` overrides), so that the large files (49158 17-clue
/// puzzles, 48766 of forum_hardest_1905_11+) keep a run to minutes.
pub fn puzzle_cap() -> usize {
    std::env::var("DLX_BENCH_PUZZLES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000)
}

/// `shared/datasets/sudoku`, beside the repository.
pub fn datasets_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/datasets/sudoku")
}

/// The repository's fixture puzzles, `fixtures/sudoku`.
pub fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/sudoku")
}

/// The first `cap` puzzles of the data set `name` (one 81-character puzzle a
/// line), or `None`, with a message saying the benchmark is skipped, when the
/// file is absent.
pub fn dataset(name: &str, cap: usize) -> Option<Vec<String>> {
    let path = datasets_dir().join(name);
    match fs::read_to_string(&path) {
        Ok(text) => Some(puzzle_lines(&text, cap)),
        Err(e) => {
            eprintln!("skipping sudoku/{}: {}: {e}", stem(name), path.display());
            None
        }
    }
}

/// The puzzles of `fixtures/sudoku/easy.txt`, a small sample that is always
/// there.
///
/// # Panics
///
/// When the fixture cannot be read.
pub fn fixture_sample() -> Vec<String> {
    let path = fixtures_dir().join("easy.txt");
    let text =
        fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    puzzle_lines(&text, usize::MAX)
}

/// The 81-character puzzles of `text`, at most `cap` of them: blank lines and
/// `#` comments are skipped, and anything after the 81st character (such as
/// the `:count:solution` of `test_puzzles_with_counts.txt`) is dropped.
pub fn puzzle_lines(text: &str, cap: usize) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| line.get(..81).unwrap_or(line).to_string())
        .take(cap)
        .collect()
}

/// A data set's file name without its `.txt`, as the group names use it.
pub fn stem(name: &str) -> &str {
    name.strip_suffix(".txt").unwrap_or(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_engines_agree_on_small_instances() {
        for n in 1..=8 {
            let problem = dlx::puzzles::queens(n);
            let mut knuth = KnuthMatrix::from_problem(&problem).build();
            assert_eq!(dlx_count(&problem), knuth_count(&mut knuth), "{n}-queens");
        }
        let expected = [1, 0, 0, 2, 10, 4, 40, 92];
        for (n, want) in (1..=8).zip(expected) {
            assert_eq!(dlx_count(&dlx::puzzles::queens(n)), want);
        }
    }

    /// The timings compare the cost of a node only if both engines visit the
    /// same nodes.
    #[test]
    fn both_engines_walk_the_same_tree() {
        for instance in [queens(11), sudoku_hard(), pentomino_3x20()] {
            let mut solver = Solver::new(&instance.problem);
            assert_eq!(solver.count(), instance.solutions, "{}", instance.name);
            let mut knuth = instance.knuth.build();
            let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
            let mut baseline = dlx_knuth::Solver::new(&mut knuth);
            while baseline.next_solution(&mut chooser) {}
            // The baseline's profile counts the levels entered; this engine
            // counts each solution as a node too, as Knuth does.
            let nodes: usize = baseline.get_profile().iter().sum();
            let want = nodes as u64 + instance.solutions;
            assert_eq!(solver.stats().nodes, want, "{}", instance.name);
        }
    }

    #[test]
    fn sudoku_matrix_keeps_givens_and_drops_their_rivals() {
        let problem = sudoku_matrix(HARD_SUDOKU);
        assert_eq!(problem.item_count(), 324);
        assert!(problem.option_count() < 729);
        assert_eq!(dlx_count(&problem), 1);
        let mut knuth = KnuthMatrix::from_problem(&problem).build();
        assert_eq!(knuth_count(&mut knuth), 1);
        // Counting twice finds the links restored.
        assert_eq!(knuth_count(&mut knuth), 1);
    }

    #[test]
    fn puzzle_lines_skip_comments_and_cap() {
        let text = "# note\n\n1........\n.2.......\n...3.....:1:x\n";
        assert_eq!(puzzle_lines(text, 2), ["1........", ".2......."]);
        assert_eq!(puzzle_lines(text, 9).len(), 3);
        assert!(!fixture_sample().is_empty());
    }
}
