//! The library as a user calls it: the solving verbs on fixture puzzles, the
//! errors that say why there is no single answer, the reader on every
//! format and on files with a damaged puzzle, and random puzzles checked
//! against a brute-force counter.

use std::collections::HashSet;
use std::fs::File;
use std::io::BufReader;

use proptest::prelude::*;
use sudoku_dlx::{
    Conflict, Engine, Grid, House, Layout, Puzzles, Record, SolveError, SudokuSolver,
};

const LEETCODE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const LEETCODE_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
const INKALA_SOLUTION: &str =
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452";

/// The path of a file in the repository's `fixtures/` folder.
fn fixture(path: &str) -> String {
    format!("{}/../../fixtures/{path}", env!("CARGO_MANIFEST_DIR"))
}

/// Every record of a fixture file.
fn records(path: &str) -> Vec<Record> {
    let file = File::open(fixture(&format!("sudoku/{path}"))).unwrap();
    Puzzles::new(BufReader::new(file))
        .collect::<Result<_, _>>()
        .unwrap()
}

/// The puzzles of a fixture file whose every record is good.
fn puzzles(path: &str) -> Vec<Grid> {
    records(path)
        .into_iter()
        .map(|r| r.result.unwrap_or_else(|e| panic!("{path}: {e}")))
        .collect()
}

#[test]
fn the_empty_4x4_grid_has_288_solutions() {
    let empty = Grid::empty(2).unwrap();
    assert_eq!(empty.count_solutions_up_to(1000), Ok(288));
    assert_eq!(empty.count_solutions_up_to(100), Ok(100));
    let mut solver = SudokuSolver::new(2).unwrap();
    assert_eq!(solver.count_solutions_up_to(&empty, u64::MAX), Ok(288));
    let all: Vec<Grid> = solver.solutions(&empty).unwrap().collect();
    assert_eq!(all.len(), 288);
    assert!(all.iter().all(|s| s.is_solution_of(&empty)));
    assert_eq!(all.iter().collect::<HashSet<_>>().len(), 288);
    assert_eq!(empty.solutions().unwrap().count(), 288);
    assert_eq!(empty.solutions().unwrap().take(5).count(), 5);
    assert_eq!(
        solver.count_solutions_up_to(&puzzles("4x4.txt")[4], 1000),
        Ok(288)
    );
}

#[test]
fn classic_puzzles_solve_to_verified_solutions() {
    let easy = puzzles("easy.txt");
    assert_eq!(easy.len(), 6);
    assert_eq!(easy[0].to_string(), LEETCODE);
    let mut solver = SudokuSolver::new(3).unwrap();
    for puzzle in &easy {
        let one = solver.solve_one(puzzle).unwrap().expect("solvable");
        assert!(one.is_solution_of(puzzle), "{puzzle}");
        assert!(solver.stats().nodes > 0);
        let unique = solver.solution(puzzle).unwrap();
        assert_eq!(unique, one);
        assert_eq!(puzzle.solution(), Ok(one));
        assert_eq!(puzzle.is_uniquely_solvable(), Ok(true));
    }
    assert_eq!(easy[0].solution().unwrap().to_string(), LEETCODE_SOLUTION);
    assert_eq!(easy[1].solution().unwrap().to_string(), INKALA_SOLUTION);
    for path in ["4x4.txt", "16x16.txt", "25x25.txt"] {
        let unique = puzzles(path).into_iter().filter(|p| p.givens() > 0);
        for puzzle in unique {
            let solution = puzzle.solution().unwrap_or_else(|e| panic!("{path}: {e}"));
            assert!(solution.is_solution_of(&puzzle), "{path}");
        }
    }
}

#[test]
fn multi_solution_puzzles_count_as_their_comments_say() {
    let text = std::fs::read_to_string(fixture("sudoku/multi.txt")).unwrap();
    // Each puzzle follows a comment starting "# N solutions" or "# no solution".
    let mut expected = Vec::new();
    for line in text.lines().filter(|l| l.starts_with('#')) {
        let words: Vec<&str> = line[1..].split_whitespace().collect();
        match words.as_slice() {
            [n, "solutions", ..] | [n, "solutions:", ..] => expected.push(n.parse().unwrap()),
            ["no", "solution", ..] | ["no", "solution,", ..] => expected.push(0),
            _ => {}
        }
    }
    assert_eq!(expected, [2, 4, 41, 375, 1406, 0]);
    let puzzles = puzzles("multi.txt");
    let mut solver = SudokuSolver::new(3).unwrap();
    for (puzzle, &count) in puzzles.iter().zip(&expected) {
        assert_eq!(solver.count_solutions_up_to(puzzle, 10_000), Ok(count));
        assert_eq!(puzzle.count_solutions_up_to(2), Ok(count.min(2)));
        assert_eq!(puzzle.is_uniquely_solvable(), Ok(false));
    }
    // All 41 solutions of the third: distinct, valid.
    let all: Vec<Grid> = solver.solutions(&puzzles[2]).unwrap().collect();
    assert_eq!(all.len(), 41);
    assert_eq!(all.iter().collect::<HashSet<_>>().len(), 41);
    assert!(all.iter().all(|s| s.is_solution_of(&puzzles[2])));
}

#[test]
fn solution_says_why_there_is_no_single_answer() {
    let multi = puzzles("multi.txt");
    let mut solver = SudokuSolver::new(3).unwrap();
    assert_eq!(
        solver.solution(&multi[0]),
        Err(SolveError::MultipleSolutions)
    );
    assert_eq!(multi[0].solution(), Err(SolveError::MultipleSolutions));
    // Consistent givens (no digit repeats), yet no grid completes them.
    let stuck = &multi[5];
    assert_eq!(stuck.check(), Ok(()));
    assert_eq!(solver.solution(stuck), Err(SolveError::NoSolution));
    assert_eq!(solver.solve_one(stuck), Ok(None));
    assert_eq!(solver.count_solutions_up_to(stuck, 2), Ok(0));
    assert_eq!(solver.solutions(stuck).unwrap().count(), 0);
    assert!(solver.stats().nodes > 0, "only a search finds out");
    assert_eq!(
        SolveError::NoSolution.to_string(),
        "no solution",
        "the CLI prints this"
    );
    // The same solver goes on with other puzzles.
    let leetcode = Grid::parse(LEETCODE).unwrap();
    assert_eq!(
        solver.solution(&leetcode).unwrap().to_string(),
        LEETCODE_SOLUTION
    );
    assert!(matches!(
        SudokuSolver::new(2).unwrap().solution(&leetcode),
        Err(SolveError::SizeMismatch {
            expected: 2,
            found: 3
        })
    ));
}

#[test]
fn conflicting_givens_name_the_house_and_digit() {
    let bad = records("mixed-bad.txt");
    let conflicted = bad.iter().find(|r| r.line == 9).unwrap();
    let puzzle = conflicted.result.as_ref().unwrap();
    let conflict = match puzzle.solution() {
        Err(SolveError::Conflict(conflict)) => conflict,
        other => panic!("expected a conflict, got {other:?}"),
    };
    assert_eq!(
        conflict,
        Conflict::Repeat {
            house: House::Row(0),
            digit: 5,
            cells: [(0, 0), (0, 2)]
        }
    );
    assert_eq!(
        SolveError::Conflict(conflict).to_string(),
        "no solution: digit 5 repeated in row 1 (r1c1 and r1c3)"
    );
    // Every verb says so, before any search.
    let mut solver = SudokuSolver::new(3).unwrap();
    let is_conflict = |e: SolveError| matches!(e, SolveError::Conflict(c) if c == conflict);
    assert!(is_conflict(solver.solve_one(puzzle).unwrap_err()));
    assert!(is_conflict(
        solver.count_solutions_up_to(puzzle, 2).unwrap_err()
    ));
    assert!(is_conflict(solver.solutions(puzzle).unwrap_err()));
    assert!(is_conflict(puzzle.is_uniquely_solvable().unwrap_err()));

    // A column and a box.
    let mut column = Grid::parse(LEETCODE).unwrap();
    column.set(8, 0, 5).unwrap();
    match column.count_solutions_up_to(2) {
        Err(SolveError::Conflict(c)) => assert_eq!(
            c,
            Conflict::Repeat {
                house: House::Column(0),
                digit: 5,
                cells: [(0, 0), (8, 0)]
            }
        ),
        other => panic!("{other:?}"),
    }
    let mut bx = Grid::empty(2).unwrap();
    bx.set(0, 0, 3).unwrap();
    bx.set(1, 1, 3).unwrap();
    match bx.solve_one() {
        Err(SolveError::Conflict(c)) => assert!(matches!(
            c,
            Conflict::Repeat {
                house: House::Box(0),
                digit: 3,
                ..
            }
        )),
        other => panic!("{other:?}"),
    }
}

#[test]
fn every_format_of_a_fixture_reads_to_the_same_grid() {
    let leetcode = Grid::parse(LEETCODE).unwrap();
    let drawn = std::fs::read_to_string(fixture("sudoku/grid.txt")).unwrap();
    assert_eq!(Grid::parse(&drawn).unwrap(), leetcode);
    assert_eq!(puzzles("grid.txt"), std::slice::from_ref(&leetcode));
    assert_eq!(puzzles("easy.txt")[0], leetcode);
    let mixed = records("mixed-bad.txt");
    let drawn_in_batch = mixed.iter().find(|r| r.line == 29).unwrap();
    assert_eq!(drawn_in_batch.result.as_ref(), Ok(&leetcode));
    // Each puzzle of every fixture survives a trip through both written
    // forms, and through the reader in a file of mixed forms.
    for path in ["easy.txt", "4x4.txt", "16x16.txt", "25x25.txt", "multi.txt"] {
        let grids = puzzles(path);
        let mut text = String::new();
        for grid in &grids {
            assert_eq!(Grid::parse(&grid.to_string()).as_ref(), Ok(grid));
            assert_eq!(Grid::parse(&grid.to_grid_string()).as_ref(), Ok(grid));
            text.push_str(&format!("{grid}\n# drawn\n{}\n", grid.to_grid_string()));
        }
        let reread: Vec<Grid> = Puzzles::new(text.as_bytes())
            .map(|r| r.unwrap().result.unwrap())
            .collect();
        let twice: Vec<Grid> = grids.iter().flat_map(|g| [g.clone(), g.clone()]).collect();
        assert_eq!(reread, twice, "{path}");
    }
    // The 4x4 fixture is five 4x4 puzzles, not the start of a 16x16 grid.
    let small = puzzles("4x4.txt");
    assert_eq!(small.len(), 5);
    assert!(small.iter().all(|g| g.side() == 4));
    assert_eq!(puzzles("16x16.txt")[0].side(), 16);
    assert_eq!(puzzles("25x25.txt")[0].side(), 25);
}

#[test]
fn mixed_bad_gives_one_record_per_puzzle_in_order() {
    let records = records("mixed-bad.txt");
    let lines: Vec<usize> = records.iter().map(|r| r.line).collect();
    assert_eq!(lines, [3, 6, 7, 8, 9, 10, 13, 15, 26, 27, 29, 40]);
    let errors: Vec<String> = records
        .iter()
        .filter_map(|r| r.result.as_ref().err().map(|e| e.to_string()))
        .collect();
    assert_eq!(
        errors,
        [
            "line 6: expected 81 cells, found 80",
            "line 8, column 3: unexpected symbol 'a'",
            "line 13, column 5: symbol '5' stands for 5, out of range for a 4x4 grid",
            "line 20: grid row 5 has 8 cells, expected 9",
            "line 27, column 83: looks like a tdoku line (puzzle:count:solution) but its \
             count field \"one\" is not a number",
        ]
    );
    let solved = records
        .iter()
        .filter_map(|r| r.result.as_ref().ok())
        .filter(|p| p.solution().is_ok_and(|s| s.is_solution_of(p)))
        .count();
    assert_eq!(solved, 6);
}

/// A solved grid of boxes `rows` x `cols`, by the usual pattern: row `r` is
/// row 0 shifted by `cols * (r % rows) + r / rows`.
fn pattern_boxes(rows: usize, cols: usize) -> Grid {
    let n = rows * cols;
    let cells = (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            ((cols * (r % rows) + r / rows + c) % n + 1) as u8
        })
        .collect();
    Grid::from_cells_in(&Layout::boxes(rows, cols).unwrap(), cells).unwrap()
}

/// A random ordering of `0..size*count` that keeps `count` bands (blocks
/// of `size`) together.
fn band_order(size: usize, count: usize) -> impl Strategy<Value = Vec<usize>> {
    let bands = Just((0..count).collect::<Vec<_>>()).prop_shuffle();
    let within =
        proptest::collection::vec(Just((0..size).collect::<Vec<_>>()).prop_shuffle(), count);
    (bands, within).prop_map(move |(bands, within)| {
        bands
            .iter()
            .zip(&within)
            .flat_map(|(&band, rows)| rows.iter().map(move |&r| band * size + r))
            .collect()
    })
}

/// A random solved grid of boxes `rows` x `cols`: the pattern with its
/// digits relabelled, its bands, stacks, rows and columns shuffled, and
/// square boxes maybe transposed. Each of these keeps a grid solved.
fn solved_grid(rows: usize, cols: usize) -> impl Strategy<Value = Grid> {
    let n = rows * cols;
    let digits = Just((1..=n as u8).collect::<Vec<_>>()).prop_shuffle();
    let row_order = band_order(rows, cols);
    let col_order = band_order(cols, rows);
    (digits, row_order, col_order, any::<bool>()).prop_map(
        move |(digits, row_order, col_order, transpose)| {
            let base = pattern_boxes(rows, cols);
            let transpose = transpose && rows == cols;
            let mut cells = vec![0; n * n];
            for r in 0..n {
                for c in 0..n {
                    let d = digits[usize::from(base.get(row_order[r], col_order[c])) - 1];
                    let (r, c) = if transpose { (c, r) } else { (r, c) };
                    cells[r * n + c] = d;
                }
            }
            Grid::from_cells_in(base.layout(), cells).unwrap()
        },
    )
}

/// (solved grid, puzzle) of box size `b`: the grid with `removed` of its
/// cells emptied.
fn puzzle(
    b: usize,
    removed: std::ops::RangeInclusive<usize>,
) -> impl Strategy<Value = (Grid, Grid)> {
    puzzle_boxes(b, b, removed)
}

/// (solved grid, puzzle) of boxes `rows` x `cols`: the grid with
/// `removed` of its cells emptied.
fn puzzle_boxes(
    rows: usize,
    cols: usize,
    removed: std::ops::RangeInclusive<usize>,
) -> impl Strategy<Value = (Grid, Grid)> {
    let n = rows * cols;
    (
        solved_grid(rows, cols),
        proptest::sample::subsequence((0..n * n).collect::<Vec<_>>(), removed),
    )
        .prop_map(move |(solved, holes)| {
            let mut puzzle = solved.clone();
            for cell in holes {
                puzzle.set(cell / n, cell % n, 0).unwrap();
            }
            (solved, puzzle)
        })
}

/// Solutions of `grid` counted up to `max` by plain backtracking: the first
/// empty cell, each digit its row, column and box allow. Shares nothing
/// with the solver.
fn brute_force_count(grid: &mut Vec<u8>, b: usize, max: u64) -> u64 {
    let n = b * b;
    let Some(cell) = grid.iter().position(|&d| d == 0) else {
        return 1;
    };
    let (r, c) = (cell / n, cell % n);
    let (br, bc) = (r / b * b, c / b * b);
    let mut count = 0;
    for digit in 1..=n as u8 {
        let clash = (0..n).any(|k| {
            grid[r * n + k] == digit
                || grid[k * n + c] == digit
                || grid[(br + k / b) * n + bc + k % b] == digit
        });
        if clash {
            continue;
        }
        grid[cell] = digit;
        count += brute_force_count(grid, b, max - count);
        grid[cell] = 0;
        if count >= max {
            break;
        }
    }
    count
}

/// The solver's answers on `puzzle`, made from `solved`, against the brute
/// force when `brute` is set.
fn check_random_puzzle(solved: &Grid, puzzle: &Grid, brute: bool) -> Result<(), TestCaseError> {
    prop_assert!(solved.is_solution_of(puzzle), "the generator is wrong");
    let b = puzzle.box_size();
    let mut solver = SudokuSolver::new(b).unwrap();
    let one = solver.solve_one(puzzle).unwrap();
    let one = one.expect("a puzzle made from a solved grid has a solution");
    prop_assert!(
        one.is_solution_of(puzzle),
        "{} does not solve {}",
        one,
        puzzle
    );
    let count = solver.count_solutions_up_to(puzzle, 2).unwrap();
    prop_assert!((1..=2).contains(&count));
    // Classic puzzles are searched on bit planes: the links agree.
    let mut links = SudokuSolver::new(b).unwrap();
    links.set_engine(Engine::Links);
    prop_assert_eq!(
        links.count_solutions_up_to(puzzle, 3),
        solver.count_solutions_up_to(puzzle, 3),
        "puzzle {}",
        puzzle
    );
    if brute {
        let expected = brute_force_count(&mut puzzle.cells().to_vec(), b, 2);
        prop_assert_eq!(count, expected, "puzzle {}", puzzle);
    }
    match solver.solution(puzzle) {
        Ok(unique) => {
            prop_assert_eq!(count, 1);
            prop_assert_eq!(
                &unique,
                solved,
                "a unique solution is the grid it came from"
            );
        }
        Err(SolveError::MultipleSolutions) => prop_assert_eq!(count, 2),
        Err(e) => prop_assert!(false, "unexpected {e}"),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_4x4_puzzles_agree_with_brute_force((solved, puzzle) in puzzle(2, 0..=16)) {
        check_random_puzzle(&solved, &puzzle, true)?;
        // Small enough to count every solution both ways.
        let all = solver_count_all(&puzzle);
        prop_assert_eq!(all, brute_force_count(&mut puzzle.cells().to_vec(), 2, u64::MAX));
    }

    #[test]
    fn random_9x9_puzzles_with_many_givens_agree_with_brute_force(
        (solved, puzzle) in puzzle(3, 0..=41),
    ) {
        check_random_puzzle(&solved, &puzzle, true)?;
    }

    #[test]
    fn random_9x9_puzzles_with_few_givens_solve((solved, puzzle) in puzzle(3, 40..=64)) {
        check_random_puzzle(&solved, &puzzle, false)?;
    }

    #[test]
    fn both_engines_agree_on_random_puzzles_with_a_digit_changed(
        (_, puzzle) in puzzle(3, 30..=60),
        cell in 0..81usize,
        digit in 1..=9u8,
    ) {
        // A digit written over a cell: often no solution, or a conflict.
        let mut puzzle = puzzle;
        puzzle.set(cell / 9, cell % 9, digit).unwrap();
        let mut planes = SudokuSolver::new(3).unwrap();
        let mut links = SudokuSolver::new(3).unwrap();
        links.set_engine(Engine::Links);
        for max in [0, 3] {
            prop_assert_eq!(
                planes.count_solutions_up_to(&puzzle, max),
                links.count_solutions_up_to(&puzzle, max),
                "puzzle {} up to {}",
                puzzle,
                max
            );
        }
        let one = planes.solve_one(&puzzle);
        prop_assert_eq!(one.is_ok(), links.solve_one(&puzzle).is_ok());
        if let Ok(Some(one)) = one {
            prop_assert!(one.is_solution_of(&puzzle));
        }
        prop_assert_eq!(planes.solution(&puzzle), links.solution(&puzzle));
    }
}

/// How a puzzle is written in a generated file.
#[derive(Clone, Copy, Debug)]
enum Form {
    /// One line of n*n cells.
    Line,
    /// n lines of n cells, without spaces.
    Rows,
    /// n lines of cells apart by spaces, boxes apart by `|` and bands by
    /// rules.
    Boxes,
}

/// A kind of damage done to one puzzle of a generated file.
#[derive(Clone, Copy, Debug)]
enum Harm {
    DeleteRow,
    CutRow,
    PadRow,
    InsertLine,
}

/// The damage done to one puzzle: the kind, which row, by how much, and
/// the line inserted.
#[derive(Clone, Debug)]
struct Damage {
    harm: Harm,
    row: prop::sample::Index,
    amount: prop::sample::Index,
    garbage: String,
}

/// The lines of `puzzle` written in `form`: the cells of each, `None` for
/// a rule.
fn lines_of(puzzle: &Grid, form: Form) -> Vec<Option<Vec<char>>> {
    let (rows, n) = (puzzle.layout().box_shape().unwrap().0, puzzle.side());
    let cells: Vec<char> = puzzle.to_string().chars().collect();
    match form {
        Form::Line => vec![Some(cells)],
        Form::Rows | Form::Boxes => {
            let mut lines = Vec::new();
            for (r, row) in cells.chunks(n).enumerate() {
                if matches!(form, Form::Boxes) && r > 0 && r % rows == 0 {
                    lines.push(None);
                }
                lines.push(Some(row.to_vec()));
            }
            lines
        }
    }
}

/// One line written in `form`, for boxes `cols` wide.
fn render(line: &Option<Vec<char>>, cols: usize, form: Form) -> String {
    let Some(cells) = line else {
        return "-".repeat(4 * cols);
    };
    let mut out = String::new();
    for (i, &symbol) in cells.iter().enumerate() {
        if i > 0 && matches!(form, Form::Boxes) {
            out.push_str(if i % cols == 0 { " | " } else { " " });
        }
        out.push(symbol);
    }
    out
}

/// Does `damage` to `lines`, the lines of a puzzle of side `n`. A puzzle on
/// one line has its line cut for a row deleted, padded for a line inserted.
fn harm(lines: &mut Vec<Option<Vec<char>>>, damage: &Damage, n: usize) {
    let rows: Vec<usize> = (0..lines.len()).filter(|&i| lines[i].is_some()).collect();
    let harm = match (damage.harm, rows.len()) {
        (Harm::DeleteRow, 1) => Harm::CutRow,
        (Harm::InsertLine, 1) => Harm::PadRow,
        (harm, _) => harm,
    };
    let row = rows[damage.row.index(rows.len())];
    let cells = lines[row].as_mut().unwrap();
    let count = cells.len();
    match harm {
        Harm::DeleteRow => {
            lines.remove(row);
        }
        Harm::CutRow => cells.truncate(1 + damage.amount.index(count - 1)),
        Harm::PadRow => cells.extend(std::iter::repeat_n('.', 1 + damage.amount.index(count))),
        Harm::InsertLine => {
            // Between two rows, and no row itself: a symbol more than a
            // row has (a line of `=` or `!` alone would be a rule line).
            let mut garbage: Vec<char> = damage.garbage.chars().collect();
            if garbage.len() == n {
                garbage.push('?');
            }
            let after = rows[damage.row.index(rows.len() - 1)];
            lines.insert(after + 1, Some(garbage));
        }
    }
}

/// A puzzle of box size 2, 3 or 4, with enough givens for a 16x16 grid to
/// tell itself from 4x4 puzzles, or of boxes 2x3 or 3x4 (6x6, 12x12).
fn any_puzzle() -> impl Strategy<Value = Grid> {
    prop_oneof![
        puzzle(2, 0..=16),
        puzzle(3, 0..=81),
        puzzle(4, 0..=128),
        puzzle_boxes(2, 3, 0..=36),
        puzzle_boxes(3, 4, 0..=144),
    ]
    .prop_map(|(_, puzzle)| puzzle)
}

/// One of the forms.
fn any_form() -> impl Strategy<Value = Form> {
    prop_oneof![Just(Form::Line), Just(Form::Rows), Just(Form::Boxes)]
}

/// Any damage, with a line of garbage to insert.
fn any_damage() -> impl Strategy<Value = Damage> {
    let harm = prop_oneof![
        Just(Harm::DeleteRow),
        Just(Harm::CutRow),
        Just(Harm::PadRow),
        Just(Harm::InsertLine)
    ];
    (
        harm,
        any::<prop::sample::Index>(),
        any::<prop::sample::Index>(),
        "[a-z:?&%@][a-z:=!?&%@]{0,29}",
    )
        .prop_map(|(harm, row, amount, garbage)| Damage {
            harm,
            row,
            amount,
            garbage,
        })
}

/// Every solution of a 4x4 puzzle, counted by the solver's iterator.
fn solver_count_all(puzzle: &Grid) -> u64 {
    let mut solver = SudokuSolver::new(2).unwrap();
    let solutions: Vec<Grid> = solver.solutions(puzzle).unwrap().collect();
    assert!(solutions.iter().all(|s| s.is_solution_of(puzzle)));
    assert_eq!(
        solutions.iter().collect::<HashSet<_>>().len(),
        solutions.len()
    );
    solutions.len() as u64
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// A file of puzzles in every form, apart by blank or comment lines,
    /// one of them damaged: one record per puzzle, the others read back
    /// whole, and every record's line and error on its own lines.
    #[test]
    fn one_damaged_puzzle_costs_its_own_record_alone(
        puzzles in proptest::collection::vec((any_puzzle(), any_form(), any::<bool>()), 2..=5),
        victim in any::<prop::sample::Index>(),
        damage in any_damage(),
    ) {
        let victim = victim.index(puzzles.len());
        let mut text = String::new();
        // The first and last line of each puzzle.
        let mut spans = Vec::new();
        let mut line = 0;
        for (i, (puzzle, form, blank)) in puzzles.iter().enumerate() {
            if i > 0 {
                text.push_str(if *blank { "\n" } else { "# the next puzzle\n" });
                line += 1;
            }
            let mut lines = lines_of(puzzle, *form);
            if i == victim {
                harm(&mut lines, &damage, puzzle.side());
            }
            for l in &lines {
                let cols = puzzle.layout().box_shape().unwrap().1;
                text.push_str(&render(l, cols, *form));
                text.push('\n');
            }
            spans.push((line + 1, line + lines.len()));
            line += lines.len();
        }
        let records: Vec<Record> = Puzzles::new(text.as_bytes())
            .collect::<Result<_, _>>()
            .unwrap();
        prop_assert_eq!(records.len(), puzzles.len(), "{}", text);
        for (i, (record, &(first, last))) in records.iter().zip(&spans).enumerate() {
            prop_assert_eq!(record.line, first, "{}", text);
            if i != victim {
                prop_assert_eq!(record.result.as_ref(), Ok(&puzzles[i].0), "{}", text);
                continue;
            }
            let drawn = !matches!(puzzles[i].1, Form::Line);
            match &record.result {
                Err(error) => prop_assert!(
                    (first..=last).contains(&error.line()),
                    "{} on lines {}-{}:\n{}",
                    error,
                    first,
                    last,
                    text
                ),
                Ok(grid) => prop_assert!(!drawn, "a damaged grid read as {}:\n{}", grid, text),
            }
        }
    }
}
