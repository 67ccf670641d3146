//! The f-puzzles data set (`shared/datasets/fpuzzles` beside the
//! workspace, 60 variant puzzles with the counts and solutions of two
//! independent solvers): every puzzle is read with all of its rules, and
//! solves to the reference count and solution. Skipped, saying so, when the
//! data set is absent.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use serde_json::Value;
use sudoku_dlx::{Constraint, Grid, Negative, SolveError, SudokuSolver, Variant};

/// One row of `index.tsv`.
struct Row {
    name: String,
    size: usize,
    /// The f-puzzles keys present, plus `givens` and `regions`.
    constraints: Vec<String>,
    /// 0, 1, or 2 for two or more.
    ref_count: u64,
    /// The digits row by row when the count is 1.
    ref_solution: String,
}

/// The data set's rows and the JSON of each, or `None` (said on stderr)
/// when the data set is absent.
fn dataset() -> Option<Vec<(Row, String)>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/datasets/fpuzzles");
    let Ok(index) = std::fs::read_to_string(dir.join("index.tsv")) else {
        // The stderr handle, which libtest does not capture (it captures
        // the print macros), so that a plain `cargo test` shows the skip.
        let _ = writeln!(
            std::io::stderr(),
            "skipped: no f-puzzles data set at {}",
            dir.display()
        );
        return None;
    };
    let mut lines = index.lines();
    let header: Vec<&str> = lines.next().expect("a header").split('\t').collect();
    let column = |name: &str| {
        header
            .iter()
            .position(|&h| h == name)
            .unwrap_or_else(|| panic!("index.tsv has no column {name}"))
    };
    let (name, size, constraints) = (column("name"), column("size"), column("constraints"));
    let (count, solution) = (column("ref_count"), column("ref_solution"));
    let rows: Vec<(Row, String)> = lines
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let row = Row {
                name: fields[name].to_string(),
                size: fields[size].parse().expect("a size"),
                constraints: fields[constraints]
                    .split(',')
                    .filter(|k| !k.is_empty())
                    .map(str::to_string)
                    .collect(),
                ref_count: fields[count].parse().expect("a count"),
                ref_solution: fields[solution].to_string(),
            };
            let path = dir.join(format!("{}.json", row.name));
            let json = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (row, json)
        })
        .collect();
    assert_eq!(rows.len(), 60, "the data set has 60 puzzles");
    Some(rows)
}

/// Lines of at least two cells: the ones that say something.
fn lines_of(entries: &[Value]) -> usize {
    entries
        .iter()
        .flat_map(|e| e["lines"].as_array().into_iter().flatten())
        .filter(|line| line.as_array().is_some_and(|cells| cells.len() >= 2))
        .count()
}

/// Entries with a clue: `value` neither absent nor empty.
fn valued(entries: &[Value]) -> usize {
    entries
        .iter()
        .filter(|e| match &e["value"] {
            Value::Null => false,
            Value::String(s) => !s.is_empty(),
            _ => true,
        })
        .count()
}

/// Checks that the grid holds every rule of the puzzle named in `keys` and
/// nothing more; the failures, if any.
fn check_rules(row: &Row, json: &Value, grid: &Grid) -> Vec<String> {
    let mut failures: Vec<String> = Vec::new();
    // (key, constraints found, expected)
    let mut counts: Vec<(&str, usize, usize)> = Vec::new();
    let layout = grid.layout();
    let n = row.size;
    if grid.side() != n {
        failures.push(format!("side {}, expected {n}", grid.side()));
    }
    let entries = |key: &str| json[key].as_array().cloned().unwrap_or_default();
    let count = |pred: &dyn Fn(&Constraint) -> bool| {
        layout.constraints().iter().filter(|c| pred(c)).count()
    };
    for key in &row.constraints {
        match key.as_str() {
            "givens" => {
                let cells = json["grid"].as_array().into_iter().flatten();
                let givens = cells
                    .flat_map(|r| r.as_array().into_iter().flatten())
                    .filter(|c| c["given"] == Value::Bool(true) && c["value"].is_number())
                    .count();
                if grid.givens() != givens || givens == 0 {
                    failures.push(format!("{} givens, expected {givens}", grid.givens()));
                }
            }
            "regions" => {
                // Every region of this set is one of 9 regions of 9 cells:
                // a jigsaw, whose regions are f-puzzles' ids one for one.
                if !layout.is_jigsaw() {
                    failures.push("regions: no jigsaw".to_string());
                    continue;
                }
                let h = (1..=n)
                    .filter(|&h| n.is_multiple_of(h) && h * h <= n)
                    .max()
                    .unwrap();
                let mut ids: BTreeMap<u64, usize> = BTreeMap::new();
                for r in 0..n {
                    for c in 0..n {
                        let id = json["grid"][r][c]["region"]
                            .as_u64()
                            .unwrap_or(((r / h) * h + c / (n / h)) as u64);
                        let region = layout.region(r, c);
                        if *ids.entry(id).or_insert(region) != region {
                            failures.push(format!(
                                "regions: R{}C{} is not in its region {id}",
                                r + 1,
                                c + 1
                            ));
                        }
                    }
                }
            }
            "antiknight" => {
                if !layout.has_variant(Variant::AntiKnight) {
                    failures.push("no anti-knight".to_string());
                }
            }
            "antiking" => {
                if !layout.has_variant(Variant::AntiKing) {
                    failures.push("no anti-king".to_string());
                }
            }
            "diagonal+" | "diagonal-" => {
                let both = json["diagonal+"] == Value::Bool(true)
                    && json["diagonal-"] == Value::Bool(true);
                if both && !layout.has_variant(Variant::X) {
                    failures.push("diagonals: no X".to_string());
                }
            }
            "nonconsecutive" => check(
                &mut counts,
                key,
                count(&|c| *c == Constraint::Negative(Negative::White)),
                1,
            ),
            "negative" => {
                let kinds = entries(key);
                for (kind, name) in [(Negative::Black, "ratio"), (Negative::Xv, "xv")] {
                    let listed = kinds.iter().any(|k| k == name);
                    check(
                        &mut counts,
                        key,
                        count(&|c| *c == Constraint::Negative(kind)),
                        usize::from(listed),
                    );
                }
            }
            "killercage" => check(
                &mut counts,
                key,
                count(&|c| matches!(c, Constraint::Cage { .. })),
                entries(key).len(),
            ),
            "littlekillersum" => check(
                &mut counts,
                key,
                count(&|c| matches!(c, Constraint::LittleKiller { .. })),
                valued(&entries(key)),
            ),
            "sandwichsum" => check(
                &mut counts,
                key,
                count(&|c| matches!(c, Constraint::Sandwich { .. })),
                valued(&entries(key)),
            ),
            "arrow" => check(
                &mut counts,
                key,
                count(&|c| matches!(c, Constraint::Arrow { .. })),
                lines_of(&entries(key)),
            ),
            "thermometer" => check(
                &mut counts,
                key,
                count(&|c| matches!(c, Constraint::Thermometer { .. })),
                lines_of(&entries(key)),
            ),
            "whispers" => check(
                &mut counts,
                key,
                count(&|c| matches!(c, Constraint::Whispers { gap: 5, .. })),
                lines_of(&entries(key)),
            ),
            "renban" => check(
                &mut counts,
                key,
                count(&|c| matches!(c, Constraint::Renban { .. })),
                lines_of(&entries(key)),
            ),
            "palindrome" => check(
                &mut counts,
                key,
                count(&|c| matches!(c, Constraint::Palindrome { .. })),
                lines_of(&entries(key)),
            ),
            "difference" => check(
                &mut counts,
                key,
                count(&|c| matches!(c, Constraint::Difference { difference: 1, .. })),
                entries(key).len(),
            ),
            "ratio" => check(
                &mut counts,
                key,
                count(&|c| matches!(c, Constraint::Ratio { ratio: 2, .. })),
                entries(key).len(),
            ),
            "xv" => check(
                &mut counts,
                key,
                count(&|c| matches!(c, Constraint::Sum { sum: 5 | 10, .. })),
                entries(key).len(),
            ),
            "odd" => check(
                &mut counts,
                key,
                count(&|c| matches!(c, Constraint::Odd(_))),
                entries(key).len(),
            ),
            "even" => check(
                &mut counts,
                key,
                count(&|c| matches!(c, Constraint::Even(_))),
                entries(key).len(),
            ),
            other => failures.push(format!("{other}: a key this test does not check")),
        }
    }
    for &(key, found, expected) in &counts {
        if found != expected {
            failures.push(format!("{key}: {found} constraints, expected {expected}"));
        }
    }
    let found = layout.constraints().len();
    let expected: usize = counts.iter().map(|&(_, _, expected)| expected).sum();
    if found != expected {
        failures.push(format!("{found} constraints in all, expected {expected}"));
    }
    failures
        .into_iter()
        .map(|failure| format!("{}: {failure}", row.name))
        .collect()
}

/// Notes that `found` constraints came of `key`, where `expected` should.
fn check<'a>(
    counts: &mut Vec<(&'a str, usize, usize)>,
    key: &'a str,
    found: usize,
    expected: usize,
) {
    counts.push((key, found, expected));
}

/// Each puzzle is read with every rule its row lists, and no more, and the
/// reference solution keeps them all.
#[test]
fn every_puzzle_is_read_with_all_its_rules() {
    let Some(rows) = dataset() else { return };
    let mut failures = Vec::new();
    for (row, text) in &rows {
        let json: Value = serde_json::from_str(text).expect("the data set's JSON parses");
        match Grid::from_fpuzzles(text) {
            Ok(grid) => {
                failures.extend(check_rules(row, &json, &grid));
                // The reference solution keeps every rule read, whatever
                // the search makes of the puzzle.
                if row.ref_count == 1 {
                    let digits = row.ref_solution.bytes().map(|b| b - b'0').collect();
                    let solution = Grid::from_cells_in(grid.layout(), digits)
                        .expect("the reference solution fits the grid");
                    if !solution.is_solution_of(&grid) {
                        let why = solution.check().err().map(|c| c.to_string());
                        failures.push(format!(
                            "{}: the reference solution breaks a rule: {why:?}",
                            row.name
                        ));
                    }
                }
            }
            Err(e) => failures.push(format!("{}: {e}", row.name)),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Each puzzle has the reference count of solutions (up to 2) and, when
/// it has one, the reference solution; the puzzles are shared among
/// threads. Each search may take [`NODE_LIMIT`] nodes: a puzzle past it
/// fails.
#[test]
fn every_puzzle_solves_to_its_reference() {
    let Some(rows) = dataset() else { return };
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism().map_or(2, |k| k.get());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                while let Some((row, text)) = rows.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let start = Instant::now();
                    if let Err(why) = solve(row, text) {
                        failures
                            .lock()
                            .unwrap()
                            .push(format!("{}: {why}", row.name));
                    }
                    let elapsed = start.elapsed();
                    if elapsed.as_secs_f64() > 1.0 {
                        let seconds = elapsed.as_secs_f64();
                        let _ = writeln!(std::io::stderr(), "{}: {seconds:.1} s", row.name);
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The search nodes a puzzle may take (probes included): most puzzles of
/// the set count to two within 200,000, a few need 1 to 2 million.
const NODE_LIMIT: u64 = 2_500_000;

/// Solves one puzzle: its count up to 2, its solution when it has one, and
/// every solution found checked against the puzzle.
fn solve(row: &Row, text: &str) -> Result<(), String> {
    let grid = Grid::from_fpuzzles(text).map_err(|e| e.to_string())?;
    let mut solver = SudokuSolver::for_layout(grid.layout());
    solver.set_node_limit(Some(NODE_LIMIT));
    let count = match solver.count_solutions_up_to(&grid, 2) {
        Ok(count) => count,
        // Givens that break a rule: no solution.
        Err(SolveError::Conflict(_)) => 0,
        Err(SolveError::NodeLimit { .. }) => return Err("past the node limit".into()),
        Err(e) => return Err(format!("counting: {e}")),
    };
    if count != row.ref_count {
        return Err(format!("{count} solutions, expected {}", row.ref_count));
    }
    // One more search: the solution, or the first two.
    let solutions: Vec<Grid> = match count {
        0 => Vec::new(),
        1 => vec![solver.solution(&grid).map_err(|e| e.to_string())?],
        _ => solver
            .solutions(&grid)
            .map_err(|e| e.to_string())?
            .take(2)
            .collect(),
    };
    if solutions.len() as u64 != count {
        return Err(format!(
            "{} solutions listed, {count} counted",
            solutions.len()
        ));
    }
    if let Some(bad) = solutions.iter().find(|s| !s.is_solution_of(&grid)) {
        return Err(format!("{bad} is no solution of the puzzle"));
    }
    if let [solution] = solutions.as_slice() {
        let solution = solution.to_string();
        if solution != row.ref_solution {
            return Err(format!(
                "solution {solution}, expected {}",
                row.ref_solution
            ));
        }
    }
    Ok(())
}

/// A puzzle of several solutions that the deep search (probes at every
/// node) counts: the same count as the plain engine on the puzzle's
/// exact-cover problem, and as the solutions listed one by one.
#[test]
fn the_deep_search_counts_what_the_engine_counts() {
    let Some(rows) = dataset() else { return };
    let name = "derived-oct10-killer-unsummed-cages";
    let Some((_, text)) = rows.iter().find(|(row, _)| row.name == name) else {
        panic!("{name} is in the index");
    };
    let grid = Grid::from_fpuzzles(text).unwrap();
    let plain = dlx::Solver::new(&grid.to_problem().unwrap()).count();
    let mut solver = SudokuSolver::for_layout(grid.layout());
    assert_eq!(solver.count_solutions_up_to(&grid, 1000), Ok(plain));
    assert_eq!(solver.count_solutions_up_to(&grid, 3), Ok(3.min(plain)));
    let listed: Vec<Grid> = solver.solutions(&grid).unwrap().collect();
    assert_eq!(listed.len() as u64, plain);
    assert!(listed.iter().all(|s| s.is_solution_of(&grid)));
    // As many distinct solutions as there are: every one, once.
    let distinct: std::collections::HashSet<String> = listed.iter().map(Grid::to_string).collect();
    assert_eq!(distinct.len(), listed.len());
    // True candidates (each digit counted up to 2): the union of the
    // solutions listed, each digit as often as they put it there.
    let candidates = solver.true_candidates(&grid, 2).unwrap();
    let n = grid.side();
    for (row, col) in (0..n).flat_map(|r| (0..n).map(move |c| (r, c))) {
        for digit in 1..=n as u8 {
            let times = listed.iter().filter(|s| s.get(row, col) == digit).count() as u64;
            assert_eq!(
                candidates.count(row, col, digit),
                times.min(2),
                "r{}c{} {digit}",
                row + 1,
                col + 1
            );
        }
    }
    // A node limit ends the solutions early, and says so.
    solver.set_node_limit(Some(2_000));
    let cut = solver.solutions(&grid).unwrap().count() as u64;
    assert!(cut < plain, "{cut} of {plain} solutions within 2,000 nodes");
    assert_eq!(solver.outcome(), dlx::Outcome::NodeLimit);
    solver.set_node_limit(None);
    assert_eq!(solver.solution(&grid), Err(SolveError::MultipleSolutions));
    let first = solver.solve_one(&grid).unwrap().unwrap();
    assert!(listed.contains(&first));
}
