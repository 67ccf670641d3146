//! Layouts as a user builds them: boxes of every shape, jigsaw maps, extra
//! houses and rules, each counted and solved by the engine and checked
//! against a model that shares nothing with the crate: its own houses made
//! from coordinates, its own rules, its own backtracking counter and its
//! own checker of solutions.

use std::collections::HashSet;

use sudoku_dlx::{
    Conflict, Grid, House, Layout, LayoutErrorKind, Puzzles, ReadOptions, SolveError, SudokuSolver,
    Variant,
};

/// A sudoku described from first principles: its houses as lists of
/// cells, and which rules hold between cells.
#[derive(Clone, Debug)]
struct Model {
    n: usize,
    houses: Vec<Vec<usize>>,
    knight: bool,
    king: bool,
    nonconsecutive: bool,
}

impl Model {
    /// Rows, columns, and the regions `region` gives each cell.
    fn new(n: usize, region: impl Fn(usize, usize) -> usize) -> Model {
        let mut houses = vec![Vec::new(); 3 * n];
        for r in 0..n {
            for c in 0..n {
                houses[r].push(r * n + c);
                houses[n + c].push(r * n + c);
                houses[2 * n + region(r, c)].push(r * n + c);
            }
        }
        Model {
            n,
            houses,
            knight: false,
            king: false,
            nonconsecutive: false,
        }
    }

    /// Boxes `rows` high and `cols` wide.
    fn boxes(rows: usize, cols: usize) -> Model {
        let n = rows * cols;
        Model::new(n, |r, c| (r / rows) * (n / cols) + c / cols)
    }

    /// Regions by the symbols of a map, one line per row.
    fn jigsaw(map: &str) -> Model {
        let rows: Vec<Vec<char>> = map
            .lines()
            .map(|l| l.chars().filter(|ch| !ch.is_whitespace()).collect())
            .filter(|row: &Vec<char>| !row.is_empty())
            .collect();
        let mut symbols: Vec<char> = rows.concat();
        symbols.sort_unstable();
        symbols.dedup();
        Model::new(rows.len(), |r, c| {
            symbols.iter().position(|&s| s == rows[r][c]).unwrap()
        })
    }

    fn diagonals(mut self) -> Model {
        let n = self.n;
        self.houses.push((0..n).map(|k| k * n + k).collect());
        self.houses
            .push((0..n).map(|k| k * n + n - 1 - k).collect());
        self
    }

    /// The four windows of 9x9: rows and columns 1-3 and 5-7 from 0.
    fn windows(mut self) -> Model {
        for top in [1, 5] {
            for left in [1, 5] {
                let cells = (0..9).map(|k| (top + k / 3) * 9 + left + k % 3).collect();
                self.houses.push(cells);
            }
        }
        self
    }

    /// The cells at the same place in every box `rows` x `cols`.
    fn disjoint(mut self, rows: usize, cols: usize) -> Model {
        let n = self.n;
        for place in 0..n {
            let cells = (0..n * n)
                .filter(|&cell| (cell / n % rows) * cols + cell % n % cols == place)
                .collect();
            self.houses.push(cells);
        }
        self
    }

    fn knight(mut self) -> Model {
        self.knight = true;
        self
    }

    fn king(mut self) -> Model {
        self.king = true;
        self
    }

    fn nonconsecutive(mut self) -> Model {
        self.nonconsecutive = true;
        self
    }

    /// Whether cells `p` and `q` (distinct) may not hold the same digit.
    fn peers(&self, p: usize, q: usize) -> bool {
        let n = self.n as isize;
        let (dr, dc) = (
            (p as isize / n - q as isize / n).abs(),
            (p as isize % n - q as isize % n).abs(),
        );
        self.houses.iter().any(|h| h.contains(&p) && h.contains(&q))
            || (self.knight && dr * dc == 2)
            || (self.king && dr <= 1 && dc <= 1)
    }

    /// Whether cells `p` and `q` are orthogonal neighbours.
    fn neighbours(&self, p: usize, q: usize) -> bool {
        let n = self.n as isize;
        let (dr, dc) = (
            (p as isize / n - q as isize / n).abs(),
            (p as isize % n - q as isize % n).abs(),
        );
        dr + dc == 1
    }

    /// The model's peers and neighbours listed once, to check and count.
    fn brute(&self) -> Brute {
        let cells = self.n * self.n;
        let peers = (0..cells)
            .map(|p| (0..cells).filter(|&q| q != p && self.peers(p, q)).collect())
            .collect();
        let neighbours = (0..cells)
            .map(|p| {
                (0..cells)
                    .filter(|&q| self.nonconsecutive && self.neighbours(p, q))
                    .collect()
            })
            .collect();
        Brute {
            n: self.n,
            houses: self.houses.clone(),
            peers,
            neighbours,
        }
    }

    /// Solutions of `cells` counted up to `max` by backtracking.
    fn count(&self, cells: &[u8], max: u64) -> u64 {
        self.brute().count(&mut cells.to_vec(), max)
    }
}

/// A model with each cell's peers (which may not share its digit) and
/// neighbours (which may not hold its digit plus or minus 1) listed.
struct Brute {
    n: usize,
    houses: Vec<Vec<usize>>,
    peers: Vec<Vec<usize>>,
    neighbours: Vec<Vec<usize>>,
}

impl Brute {
    /// Whether `cells` is a solution: every house holds every digit once,
    /// no two peers share a digit, no neighbours differ by 1.
    fn is_solution(&self, cells: &[u8]) -> bool {
        let digits: Vec<u8> = (1..=self.n as u8).collect();
        let houses = self.houses.iter().all(|house| {
            let mut held: Vec<u8> = house.iter().map(|&cell| cells[cell]).collect();
            held.sort_unstable();
            held == digits
        });
        houses
            && (0..cells.len()).all(|p| {
                self.peers[p].iter().all(|&q| cells[q] != cells[p])
                    && self.neighbours[p]
                        .iter()
                        .all(|&q| cells[q].abs_diff(cells[p]) != 1)
            })
    }

    /// The digits cell `cell` may take, as bits 1..=n.
    fn allowed(&self, cells: &[u8], cell: usize) -> u64 {
        let mut allowed = ((1u64 << self.n) - 1) << 1;
        for &q in &self.peers[cell] {
            allowed &= !(1 << cells[q]);
        }
        for &q in &self.neighbours[cell] {
            if cells[q] != 0 {
                allowed &= !(1 << (cells[q] - 1) | 1 << (cells[q] + 1));
            }
        }
        allowed
    }

    /// Solutions counted up to `max` by backtracking: the empty cell with
    /// the fewest digits allowed first.
    fn count(&self, cells: &mut Vec<u8>, max: u64) -> u64 {
        let best = (0..cells.len())
            .filter(|&cell| cells[cell] == 0)
            .map(|cell| (self.allowed(cells, cell), cell))
            .min_by_key(|(allowed, _)| allowed.count_ones());
        let Some((allowed, cell)) = best else {
            return 1;
        };
        let mut count = 0;
        for d in (1..=self.n as u8).filter(|&d| allowed & 1 << d != 0) {
            cells[cell] = d;
            count += self.count(cells, max - count);
            cells[cell] = 0;
            if count >= max {
                break;
            }
        }
        count
    }
}

/// A 4x4 jigsaw with regions of three shapes.
const JIGSAW_4: &str = "AABB\nACBB\nACDD\nCCDD";

/// A 6x6 jigsaw map.
const JIGSAW_6: &str = "\
AAABBB
ACABDB
CCADDB
CEEFDD
CEEFFD
CEEFFF";

/// A 9x9 jigsaw map.
const JIGSAW_9: &str = "\
AAABBBBCC
AAABBBCCC
AADBECCCC
ADDBEEEFF
DDDEEEFFF
DDGEEFFFF
DGGHHIIII
GGGHHHIII
GGGHHHHII";

/// The layout with these variants added.
fn with(layout: Layout, variants: &[Variant]) -> Layout {
    variants
        .iter()
        .fold(layout, |layout, &v| layout.with_variant(v).unwrap())
}

/// Every solution of `puzzle` found by the engine: counted, each distinct,
/// each checked by the model and by `Grid::is_solution_of`.
fn all_solutions(puzzle: &Grid, model: &Model) -> u64 {
    let brute = model.brute();
    let mut solver = SudokuSolver::for_layout(puzzle.layout());
    let solutions: Vec<Grid> = solver.solutions(puzzle).unwrap().collect();
    for solution in &solutions {
        assert!(brute.is_solution(solution.cells()), "{solution}");
        assert!(solution.is_solution_of(puzzle), "{solution}");
        assert!(solution
            .cells()
            .iter()
            .zip(puzzle.cells())
            .all(|(&s, &p)| p == 0 || p == s));
    }
    let distinct: HashSet<&Grid> = solutions.iter().collect();
    assert_eq!(distinct.len(), solutions.len());
    solutions.len() as u64
}

#[test]
fn the_empty_4x4_and_6x6_grids_have_the_known_counts() {
    let four = Grid::empty_in(&Layout::square(2).unwrap());
    assert_eq!(four.count_solutions_up_to(u64::MAX), Ok(288));
    assert_eq!(all_solutions(&four, &Model::boxes(2, 2)), 288);
    assert_eq!(Model::boxes(2, 2).count(four.cells(), u64::MAX), 288);

    // Every 6x6 grid is one with 1 to 6 across its first row, relabelled
    // in one of 6! ways: 28,200,960 = 720 x 39,168 (the count published
    // for 6x6 sudoku with 2x3 boxes). `the_empty_6x6_grid_counted_whole`
    // counts them all.
    for (rows, cols) in [(2, 3), (3, 2)] {
        let layout = Layout::boxes(rows, cols).unwrap();
        let mut first_row = Grid::empty_in(&layout);
        for c in 0..6 {
            first_row.set(0, c, c as u8 + 1).unwrap();
        }
        let mut solver = SudokuSolver::for_layout(&layout);
        let count = solver.count_solutions_up_to(&first_row, u64::MAX);
        assert_eq!(count, Ok(39_168), "{rows}x{cols}");
        let model = Model::boxes(rows, cols);
        assert_eq!(model.count(first_row.cells(), u64::MAX), 39_168);
        assert_eq!(count.unwrap() * 720, 28_200_960);
    }
}

#[test]
fn boxes_one_row_high_make_latin_squares() {
    // Boxes that are whole rows add nothing to rows and columns: the grids
    // are the Latin squares, 2, 12, 576 and 161,280 of sides 2 to 5.
    for (side, latin) in [(1, 1), (2, 2), (3, 12), (4, 576), (5, 161_280)] {
        let layout = Layout::boxes(1, side).unwrap();
        let empty = Grid::empty_in(&layout);
        assert_eq!(
            empty.count_solutions_up_to(u64::MAX),
            Ok(latin),
            "side {side}"
        );
        let model = Model::boxes(1, side);
        assert_eq!(model.count(empty.cells(), u64::MAX), latin);
    }
    assert_eq!(
        Layout::squarest(5).unwrap_err().kind(),
        &LayoutErrorKind::NoBoxes { side: 5 }
    );
}

#[test]
#[ignore = "long (30 s): run with cargo test -p sudoku-dlx --test layouts -- --ignored"]
fn the_empty_6x6_grid_counted_whole() {
    let empty = Grid::empty_in(&Layout::squarest(6).unwrap());
    assert_eq!(empty.count_solutions_up_to(u64::MAX), Ok(28_200_960));
}

/// A puzzle of side 6 with 1 to 6 across its first row.
const FIRST_ROW_6: &str = "123456..............................";

/// The small layouts of the tests: the layout, its model, the puzzle (its
/// one-line form, empty when `""`), and its number of solutions.
fn small_layouts() -> Vec<(Layout, Model, &'static str, u64)> {
    let four = || Layout::square(2).unwrap();
    let six = || Layout::boxes(2, 3).unwrap();
    let jigsaw4 = || Layout::jigsaw(JIGSAW_4).unwrap();
    let jigsaw6 = || Layout::jigsaw(JIGSAW_6).unwrap();
    vec![
        (
            with(four(), &[Variant::X]),
            Model::boxes(2, 2).diagonals(),
            "",
            48,
        ),
        (
            with(four(), &[Variant::AntiKing]),
            Model::boxes(2, 2).king(),
            "",
            0,
        ),
        (
            with(four(), &[Variant::AntiKnight]),
            Model::boxes(2, 2).knight(),
            "",
            24,
        ),
        (
            with(four(), &[Variant::NonConsecutive]),
            Model::boxes(2, 2).nonconsecutive(),
            "",
            0,
        ),
        (
            with(four(), &[Variant::Disjoint]),
            Model::boxes(2, 2).disjoint(2, 2),
            "",
            168,
        ),
        (
            with(four(), &[Variant::X, Variant::Disjoint]),
            Model::boxes(2, 2).diagonals().disjoint(2, 2),
            "",
            48,
        ),
        (jigsaw4(), Model::jigsaw(JIGSAW_4), "", 144),
        (
            with(jigsaw4(), &[Variant::X]),
            Model::jigsaw(JIGSAW_4).diagonals(),
            "",
            24,
        ),
        (
            with(six(), &[Variant::X]),
            Model::boxes(2, 3).diagonals(),
            "",
            8640,
        ),
        (
            with(six(), &[Variant::Disjoint]),
            Model::boxes(2, 3).disjoint(2, 3),
            FIRST_ROW_6,
            3888,
        ),
        (
            with(Layout::boxes(3, 2).unwrap(), &[Variant::Disjoint]),
            Model::boxes(3, 2).disjoint(3, 2),
            FIRST_ROW_6,
            3888,
        ),
        (
            with(six(), &[Variant::AntiKnight]),
            Model::boxes(2, 3).knight(),
            "",
            11_520,
        ),
        (
            with(six(), &[Variant::AntiKing]),
            Model::boxes(2, 3).king(),
            "",
            74_160,
        ),
        (
            with(Layout::boxes(3, 2).unwrap(), &[Variant::AntiKing]),
            Model::boxes(3, 2).king(),
            "",
            74_160,
        ),
        (
            with(six(), &[Variant::NonConsecutive]),
            Model::boxes(2, 3).nonconsecutive(),
            "",
            48,
        ),
        (jigsaw6(), Model::jigsaw(JIGSAW_6), "", 49_680),
        (
            with(six(), &[Variant::X, Variant::AntiKing]),
            Model::boxes(2, 3).diagonals().king(),
            "",
            0,
        ),
    ]
}

#[test]
fn every_variant_counts_as_the_model_does() {
    for (layout, model, puzzle, expected) in small_layouts() {
        let puzzle = match puzzle {
            "" => Grid::empty_in(&layout),
            text => Grid::parse_in(text, &layout).unwrap(),
        };
        let brute = model.count(puzzle.cells(), u64::MAX);
        assert_eq!(brute, expected, "the model of {layout}");
        assert_eq!(
            puzzle.count_solutions_up_to(u64::MAX),
            Ok(expected),
            "{layout}"
        );
        assert_eq!(all_solutions(&puzzle, &model), expected, "{layout}");
    }
}

/// A small generator of pseudo-random numbers (xorshift), so that the
/// puzzles below are the same on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// `solution` with `givens` of its cells kept, the others emptied.
fn keep(solution: &Grid, givens: usize, rng: &mut Rng) -> Grid {
    let mut cells: Vec<usize> = (0..solution.cells().len()).collect();
    for i in (1..cells.len()).rev() {
        cells.swap(i, rng.below(i + 1));
    }
    let n = solution.side();
    let mut puzzle = solution.clone();
    for &cell in &cells[givens..] {
        puzzle.set(cell / n, cell % n, 0).unwrap();
    }
    puzzle
}

/// The 9x9 layouts of the tests, with their models.
fn nine_by_nine() -> Vec<(Layout, Model)> {
    let classic = || Layout::square(3).unwrap();
    let boxes = || Model::boxes(3, 3);
    let jigsaw = || Layout::jigsaw(JIGSAW_9).unwrap();
    vec![
        (with(classic(), &[Variant::X]), boxes().diagonals()),
        (with(classic(), &[Variant::Hyper]), boxes().windows()),
        (
            with(classic(), &[Variant::Disjoint]),
            boxes().disjoint(3, 3),
        ),
        (with(classic(), &[Variant::AntiKnight]), boxes().knight()),
        (with(classic(), &[Variant::AntiKing]), boxes().king()),
        (
            with(classic(), &[Variant::NonConsecutive]),
            boxes().nonconsecutive(),
        ),
        (
            with(classic(), &[Variant::X, Variant::Hyper]),
            boxes().diagonals().windows(),
        ),
        (
            with(classic(), &[Variant::AntiKnight, Variant::AntiKing]),
            boxes().knight().king(),
        ),
        (jigsaw(), Model::jigsaw(JIGSAW_9)),
        (
            with(jigsaw(), &[Variant::X]),
            Model::jigsaw(JIGSAW_9).diagonals(),
        ),
    ]
}

#[test]
fn nine_by_nine_variants_count_as_the_model_does() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for (layout, model) in nine_by_nine() {
        let brute = model.brute();
        let empty = Grid::empty_in(&layout);
        // Relabelling digits keeps houses and the same-digit rules: a grid
        // with 1 to 9 across its first row is no loss, and found at once
        // with anti-knight (the empty grid takes the engine a second).
        let start = if layout.has_variant(Variant::NonConsecutive) {
            empty.clone()
        } else {
            Grid::parse_in(&format!("123456789{}", ".".repeat(72)), &layout).unwrap()
        };
        let solution = start
            .solve_one()
            .unwrap()
            .expect("every layout here has grids");
        assert!(brute.is_solution(solution.cells()), "{layout}: {solution}");
        assert!(solution.is_solution_of(&empty) && solution.is_solution_of(&start));
        for givens in [45, 32, 24] {
            let puzzle = keep(&solution, givens, &mut rng);
            let count = puzzle.count_solutions_up_to(50).unwrap();
            let expected = brute.count(&mut puzzle.cells().to_vec(), 50);
            assert_eq!(count, expected, "{layout}: {puzzle}");
            assert!(count >= 1);
            if count < 50 {
                assert_eq!(all_solutions(&puzzle, &model), count);
            }
        }
    }
}

/// Cracking the Cryptic's "Miracle" sudoku (Mitchell Lee): anti-knight,
/// anti-king and non-consecutive, two givens, one solution.
const MIRACLE: &str =
    "483726159726159483159483726837261594261594837594837261372615948615948372948372615";

#[test]
fn the_miracle_sudoku_has_one_solution() {
    let layout = with(
        Layout::square(3).unwrap(),
        &[
            Variant::AntiKnight,
            Variant::AntiKing,
            Variant::NonConsecutive,
        ],
    );
    let mut puzzle = Grid::empty_in(&layout);
    puzzle.set(4, 2, 1).unwrap();
    puzzle.set(5, 6, 2).unwrap();
    let solution = puzzle.solution().unwrap();
    assert_eq!(solution.to_string(), MIRACLE);
    let model = Model::boxes(3, 3).knight().king().nonconsecutive();
    assert!(model.brute().is_solution(solution.cells()));
    assert_eq!(model.count(puzzle.cells(), 2), 1);
    // The same digits in the classic layout, or with one rule fewer, have
    // more solutions.
    for fewer in [
        with(
            Layout::square(3).unwrap(),
            &[Variant::AntiKnight, Variant::AntiKing],
        ),
        Layout::square(3).unwrap(),
    ] {
        let mut loose = Grid::empty_in(&fewer);
        loose.set(4, 2, 1).unwrap();
        loose.set(5, 6, 2).unwrap();
        assert_eq!(loose.count_solutions_up_to(2), Ok(2), "{fewer}");
    }
}

#[test]
fn a_valid_classic_grid_may_break_a_variant() {
    let classic = Grid::parse(MIRACLE).unwrap();
    assert!(classic.is_solution_of(&Grid::empty(3).unwrap()));
    for (variant, model) in [
        (Variant::X, Model::boxes(3, 3).diagonals()),
        (Variant::Hyper, Model::boxes(3, 3).windows()),
        (Variant::Disjoint, Model::boxes(3, 3).disjoint(3, 3)),
    ] {
        let layout = with(Layout::square(3).unwrap(), &[variant]);
        let grid = Grid::from_cells_in(&layout, classic.cells().to_vec()).unwrap();
        let valid = model.brute().is_solution(grid.cells());
        assert_eq!(
            grid.is_solution_of(&Grid::empty_in(&layout)),
            valid,
            "{variant}"
        );
        assert_eq!(grid.check().is_ok(), valid, "{variant}");
    }
    // The miracle's solution holds every rule, and no grid of another
    // layout is a solution of its puzzle.
    let rules = with(
        Layout::square(3).unwrap(),
        &[
            Variant::AntiKnight,
            Variant::AntiKing,
            Variant::NonConsecutive,
        ],
    );
    let miracle = Grid::parse_in(MIRACLE, &rules).unwrap();
    assert!(miracle.is_solution_of(&Grid::empty_in(&rules)));
    assert!(!classic.is_solution_of(&Grid::empty_in(&rules)));
    assert!(!miracle.is_solution_of(&Grid::empty(3).unwrap()));
}

/// A given: row, column (from 0) and digit.
type Given = (usize, usize, u8);

#[test]
fn check_names_every_house_and_rule() {
    let classic = || Layout::square(3).unwrap();
    // (layout, givens as (row, col, digit), the conflict's message)
    let cases: Vec<(Layout, Vec<Given>, &str)> = vec![
        (
            with(classic(), &[Variant::X]),
            vec![(0, 0, 3), (8, 8, 3)],
            "digit 3 repeated in diagonal 1 (r1c1 and r9c9)",
        ),
        (
            with(classic(), &[Variant::X]),
            vec![(8, 0, 4), (0, 8, 4)],
            "digit 4 repeated in diagonal 2 (r1c9 and r9c1)",
        ),
        (
            with(classic(), &[Variant::Hyper]),
            vec![(5, 1, 7), (7, 3, 7)],
            "digit 7 repeated in window 3 (r6c2 and r8c4)",
        ),
        (
            with(classic(), &[Variant::Disjoint]),
            vec![(1, 0, 2), (4, 3, 2)],
            "digit 2 repeated in disjoint group 4 (r2c1 and r5c4)",
        ),
        (
            Layout::jigsaw(JIGSAW_4).unwrap(),
            vec![(1, 1, 1), (3, 0, 1)],
            "digit 1 repeated in region C (r2c2 and r4c1)",
        ),
        (
            with(Layout::boxes(2, 3).unwrap(), &[]),
            vec![(1, 0, 6), (0, 2, 6)],
            "digit 6 repeated in box 1 (r1c3 and r2c1)",
        ),
        (
            with(classic(), &[Variant::AntiKnight]),
            vec![(0, 2, 5), (1, 4, 5)],
            "anti-knight: r1c3 and r2c5 both hold 5",
        ),
        (
            with(classic(), &[Variant::AntiKing]),
            vec![(3, 3, 9), (2, 2, 9)],
            "anti-king: r3c3 and r4c4 both hold 9",
        ),
        (
            with(classic(), &[Variant::NonConsecutive]),
            vec![(0, 0, 4), (0, 1, 5)],
            "non-consecutive: r1c1 holds 4 and r1c2 holds 5",
        ),
        (
            with(classic(), &[Variant::NonConsecutive]),
            vec![(1, 0, 4), (0, 0, 5)],
            "non-consecutive: r1c1 holds 5 and r2c1 holds 4",
        ),
    ];
    for (layout, givens, message) in cases {
        let mut puzzle = Grid::empty_in(&layout);
        for &(r, c, d) in &givens {
            puzzle.set(r, c, d).unwrap();
        }
        let conflict = puzzle.check().unwrap_err();
        assert_eq!(conflict.to_string(), message);
        let mut solver = SudokuSolver::for_layout(&layout);
        assert_eq!(
            solver.count_solutions_up_to(&puzzle, 2),
            Err(SolveError::Conflict(conflict))
        );
        assert_eq!(solver.stats().nodes, 0, "found before any search");
        assert_eq!(puzzle.solution(), Err(SolveError::Conflict(conflict)));
        // Without the variant, the two givens stand.
        if layout.variants().next().is_some() {
            let plain = Grid::from_cells_in(&Layout::square(3).unwrap(), puzzle.cells().to_vec());
            assert_eq!(plain.unwrap().check(), Ok(()), "{message}");
        }
    }
    let knight = with(classic(), &[Variant::AntiKnight]);
    let mut puzzle = Grid::empty_in(&knight);
    puzzle.set(0, 2, 5).unwrap();
    puzzle.set(1, 4, 5).unwrap();
    let conflict = puzzle.check().unwrap_err();
    assert_eq!(conflict.rule(), Some(Variant::AntiKnight));
    assert_eq!(conflict.house(), None);
    assert!(matches!(
        conflict,
        Conflict::Rule {
            rule: Variant::AntiKnight,
            cells: [(0, 2), (1, 4)],
            digits: [5, 5],
        }
    ));
    let x = with(classic(), &[Variant::X]);
    let mut puzzle = Grid::empty_in(&x);
    puzzle.set(2, 2, 1).unwrap();
    puzzle.set(6, 6, 1).unwrap();
    assert_eq!(
        puzzle.check().unwrap_err().house(),
        Some(House::Diagonal(0))
    );
}

#[test]
fn a_puzzle_of_another_layout_is_refused() {
    let x = with(Layout::square(3).unwrap(), &[Variant::X]);
    let mut classic = SudokuSolver::new(3).unwrap();
    let error = classic.solve_one(&Grid::empty_in(&x)).unwrap_err();
    assert_eq!(
        error,
        SolveError::LayoutMismatch {
            expected: Layout::square(3).unwrap(),
            found: x.clone(),
        }
    );
    assert_eq!(
        error.to_string(),
        "a puzzle of 9x9 with 3x3 boxes, x given to a solver of 9x9 with 3x3 boxes"
    );
    let mut six = SudokuSolver::for_layout(&Layout::boxes(2, 3).unwrap());
    let tall = Grid::empty_in(&Layout::boxes(3, 2).unwrap());
    assert!(matches!(
        six.count_solutions_up_to(&tall, 1),
        Err(SolveError::LayoutMismatch { .. })
    ));
    // Square boxes without variants keep the error they always had.
    assert_eq!(
        classic.solve_one(&Grid::empty(2).unwrap()),
        Err(SolveError::SizeMismatch {
            expected: 3,
            found: 2
        })
    );
}

#[test]
fn thread_solvers_are_kept_per_layout() {
    let x = with(Layout::square(2).unwrap(), &[Variant::X]);
    let plain = Grid::empty(2).unwrap();
    let diagonal = Grid::empty_in(&x);
    for _ in 0..3 {
        assert_eq!(plain.count_solutions_up_to(1000), Ok(288));
        assert_eq!(diagonal.count_solutions_up_to(1000), Ok(48));
    }
    // An equal layout built apart finds the same solver, and its settings.
    let again = with(Layout::square(2).unwrap(), &[Variant::X]);
    SudokuSolver::with_thread_solver_for(&again, |s| s.set_node_limit(Some(1)));
    assert_eq!(
        diagonal.count_solutions_up_to(1000),
        Err(SolveError::NodeLimit { found: 0 })
    );
    assert_eq!(plain.count_solutions_up_to(1000), Ok(288));
    SudokuSolver::with_thread_solver_for(&x, |s| s.set_node_limit(None));
    assert_eq!(diagonal.count_solutions_up_to(1000), Ok(48));
    // More layouts than a thread keeps: each still answers.
    let jigsaw = Layout::jigsaw(JIGSAW_4).unwrap();
    for round in 0..2 {
        for variant in Variant::ALL.into_iter().filter(|&v| v != Variant::Hyper) {
            for base in [Layout::square(2).unwrap(), Layout::boxes(1, 4).unwrap()] {
                let Ok(layout) = base.with_variant(variant) else {
                    continue;
                };
                let grid = Grid::empty_in(&layout);
                let solver_count = SudokuSolver::for_layout(&layout)
                    .count_solutions_up_to(&grid, u64::MAX)
                    .unwrap();
                assert_eq!(
                    grid.count_solutions_up_to(u64::MAX),
                    Ok(solver_count),
                    "{round}"
                );
            }
        }
        assert_eq!(Grid::empty_in(&jigsaw).count_solutions_up_to(1000), Ok(144));
    }
}

/// The path of a file in the repository's `fixtures/sudoku/` folder.
fn fixture(name: &str) -> String {
    format!(
        "{}/../../fixtures/sudoku/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// The puzzles of a fixture file, read with `options`.
fn read_fixture(name: &str, options: ReadOptions) -> Vec<(usize, Grid)> {
    let text = std::fs::read_to_string(fixture(name)).unwrap();
    Puzzles::with_options(text.as_bytes(), options)
        .map(|record| {
            let record = record.unwrap();
            (record.line, record.result.unwrap())
        })
        .collect()
}

#[test]
fn six_and_twelve_read_with_the_squarest_boxes() {
    let six = read_fixture("6x6.txt", ReadOptions::new());
    assert_eq!(
        six.iter().map(|(line, _)| *line).collect::<Vec<_>>(),
        [3, 4, 6]
    );
    let twelve = read_fixture("12x12.txt", ReadOptions::new());
    assert_eq!(
        twelve.iter().map(|(line, _)| *line).collect::<Vec<_>>(),
        [3, 4]
    );
    for ((_, puzzle), model) in six
        .iter()
        .map(|p| (p, Model::boxes(2, 3)))
        .chain(twelve.iter().map(|p| (p, Model::boxes(3, 4))))
    {
        let n = model.n;
        assert_eq!(puzzle.side(), n);
        assert_eq!(puzzle.layout(), &Layout::squarest(n).unwrap());
        assert_eq!(puzzle.box_size(), 0, "no square boxes");
        let solution = puzzle.solution().unwrap();
        assert!(model.brute().is_solution(solution.cells()), "{puzzle}");
        assert_eq!(model.count(puzzle.cells(), 2), 1, "{puzzle}");
        // Both written forms read back alone and in a batch.
        for text in [puzzle.to_string(), puzzle.to_grid_string()] {
            assert_eq!(Grid::parse(&text).as_ref(), Ok(puzzle));
            let batch = format!("{text}\n{text}\n");
            let records: Vec<Grid> = Puzzles::new(batch.as_bytes())
                .map(|r| r.unwrap().result.unwrap())
                .collect();
            assert_eq!(records, [puzzle.clone(), puzzle.clone()]);
        }
    }
    // Boxes 3 rows high, 2 wide: the layout must be given.
    let tall = Layout::boxes(3, 2).unwrap();
    let (_, puzzle) = &six[0];
    let as_tall = Grid::parse_in(&puzzle.to_string(), &tall).unwrap();
    assert_eq!(as_tall.layout(), &tall);
    assert_eq!(
        as_tall.to_grid_string().lines().take(4).collect::<Vec<_>>(),
        [
            "2 . | . . | 5 .",
            ". 4 | 5 . | . .",
            ". . | 4 . | . .",
            "----+-----+----"
        ]
    );
    let read = read_fixture("6x6.txt", ReadOptions::new().layout(tall.clone()));
    assert!(read.iter().all(|(_, grid)| grid.layout() == &tall));
}

#[test]
fn many_6x6_puzzles_in_a_row_are_no_36x36_grid() {
    let six = read_fixture("6x6.txt", ReadOptions::new());
    let lines: Vec<String> = (0..40).map(|i| six[i % 2].1.to_string()).collect();
    let records: Vec<Grid> = Puzzles::new(lines.join("\n").as_bytes())
        .map(|r| r.unwrap().result.unwrap())
        .collect();
    assert_eq!(records.len(), 40);
    assert!(records.iter().all(|g| g.side() == 6));
}

#[test]
fn a_jigsaw_puzzle_reads_with_its_map() {
    let map = std::fs::read_to_string(fixture("jigsaw-regions.txt")).unwrap();
    let layout = Layout::jigsaw(&map).unwrap();
    assert_eq!(layout, Layout::jigsaw(JIGSAW_9).unwrap());
    let puzzles = read_fixture("jigsaw.txt", ReadOptions::new().layout(layout.clone()));
    assert_eq!(puzzles.len(), 1);
    let (line, puzzle) = &puzzles[0];
    assert_eq!((*line, puzzle.layout()), (2, &layout));
    let model = Model::jigsaw(JIGSAW_9);
    assert_eq!(model.count(puzzle.cells(), 2), 1);
    let solution = puzzle.solution().unwrap();
    assert!(model.brute().is_solution(solution.cells()));
    // Read without its map, the same text is a classic puzzle, with other
    // solutions.
    let classic = Grid::parse(&puzzle.to_string()).unwrap();
    assert_ne!(&classic, puzzle);
    assert!(!solution.is_solution_of(&classic));
    // A jigsaw is drawn without separators, and read back with its layout.
    let drawn = solution.to_grid_string();
    assert_eq!(drawn.lines().next(), Some("3 7 2 6 8 5 9 1 4"));
    assert!(!drawn.contains('|') && drawn.lines().count() == 9);
    assert_eq!(Grid::parse_in(&drawn, &layout).as_ref(), Ok(&solution));
}

#[test]
fn jigsaw_maps_say_what_is_wrong_and_where() {
    let error = |map: &str| {
        let e = Layout::jigsaw(map).unwrap_err();
        (e.kind().clone(), e.line(), e.column(), e.to_string())
    };
    // Line 3 is the second row: the first line is a comment.
    let (kind, line, column, message) = error("# four by four\nAABB\nACBBB\nACDD\nCCDD");
    assert_eq!(
        kind,
        LayoutErrorKind::MapRowLength {
            row: 2,
            found: 5,
            expected: 4
        }
    );
    assert_eq!((line, column), (Some(3), Some(5)));
    assert_eq!(
        message,
        "line 3, column 5: map row 2 has 5 symbols, expected 4 as the first row"
    );
    let (_, line, column, message) = error("A A B B\nA C B\nACDD\nCCDD");
    assert_eq!((line, column), (Some(2), Some(6)));
    assert_eq!(
        message,
        "line 2, column 6: map row 2 has 3 symbols, expected 4 as the first row"
    );
    let (kind, line, _, message) = error("AABB\nACBB\nACDD\n\nCCDD\nCCDD\n");
    assert_eq!(
        kind,
        LayoutErrorKind::MapRowCount {
            found: 5,
            expected: 4
        }
    );
    assert_eq!(line, Some(6));
    assert_eq!(
        message,
        "line 6: the map has 5 rows, expected 4 for rows of 4 symbols"
    );
    let (_, line, _, message) = error("AABB\nACBB\nACDD");
    assert_eq!(line, Some(3));
    assert_eq!(
        message,
        "line 3: the map has 3 rows, expected 4 for rows of 4 symbols"
    );
    let (kind, line, column, message) = error("AABB\nACBB\nACDD\nCCCD");
    assert_eq!(
        kind,
        LayoutErrorKind::RegionSize {
            symbol: 'C',
            cells: 5,
            expected: 4
        }
    );
    assert_eq!((line, column), (Some(2), Some(2)));
    assert_eq!(
        message,
        "line 2, column 2: region C has 5 cells, expected 4"
    );
    // Five symbols: a region too small, the first in reading order.
    let (_, line, column, message) = error("AABB\nACBB\nACDD\nCCDE");
    assert_eq!((line, column), (Some(3), Some(3)));
    assert_eq!(
        message,
        "line 3, column 3: region D has 3 cells, expected 4"
    );
    assert_eq!(
        error("\n  \n# only a comment\n").0,
        LayoutErrorKind::EmptyMap
    );
    // A region in two pieces is a region all the same, and regions may be
    // the columns.
    let columns = Layout::jigsaw(&"ABCDEFGHI\n".repeat(9)).unwrap();
    assert_eq!(columns.region(5, 2), 2);
    let split = Layout::jigsaw("ABBA\nABBA\nCDDC\nCDDC").unwrap();
    assert_eq!(split.region(0, 3), split.region(0, 0));
}
