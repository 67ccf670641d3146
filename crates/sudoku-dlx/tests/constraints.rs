//! Variant constraints as a user adds them to a layout, each counted,
//! solved and checked by the crate and compared with a brute force that
//! shares nothing with it: its own enumeration of the grids of a layout of
//! boxes, its own reading of every constraint from the rules as players
//! state them, and its own checker of complete grids.
//!
//! Hand-written instances of each constraint come first, with the counts
//! that reasoning gives where it gives them (a pair of cells in one row
//! holds each of the 6 pairs of digits of a 4x4 in 48 of its 288 grids);
//! then seeded random layouts of 1 to 4 random constraints, where a
//! failure names its case and seed.

use std::collections::{BTreeSet, HashSet};

use sudoku_dlx::{
    Cell, Constraint, Grid, Layout, Line, Negative, Outside, Propagation, SolveError, SudokuSolver,
};

/// A layout of boxes `rows` high and `cols` wide, from first principles.
#[derive(Clone, Copy, Debug)]
struct Boxes {
    rows: usize,
    cols: usize,
}

/// The 4x4 grid of 2x2 boxes: 288 grids.
const FOUR: Boxes = Boxes { rows: 2, cols: 2 };
/// The 6x6 grid of boxes 2 rows high and 3 wide: 28,200,960 grids.
const SIX: Boxes = Boxes { rows: 2, cols: 3 };

impl Boxes {
    fn side(self) -> usize {
        self.rows * self.cols
    }

    /// The box of cell (r, c), boxes numbered in reading order.
    fn box_of(self, r: usize, c: usize) -> usize {
        r / self.rows * (self.side() / self.cols) + c / self.cols
    }

    /// The crate's layout of these boxes with `constraints`.
    fn layout(self, constraints: &[Constraint]) -> Layout {
        let boxes = Layout::boxes(self.rows, self.cols).unwrap();
        constraints.iter().fold(boxes, |layout, c| {
            layout
                .with_constraint(c.clone())
                .unwrap_or_else(|e| panic!("{c}: {e}"))
        })
    }
}

// ---------------------------------------------------------------------------
// The checker: each constraint read from its rule.

/// The cells whose digits decide `constraint` on a grid of side `n`.
fn reads(constraint: &Constraint, n: usize) -> Vec<Cell> {
    match constraint {
        Constraint::Cage { cells, .. }
        | Constraint::LittleKiller { cells, .. }
        | Constraint::Thermometer { cells }
        | Constraint::Whispers { cells, .. }
        | Constraint::Renban { cells }
        | Constraint::Palindrome { cells }
        | Constraint::Between { cells } => cells.clone(),
        Constraint::Arrow { circle, line } => [circle.as_slice(), line].concat(),
        Constraint::Difference { cells, .. }
        | Constraint::Ratio { cells, .. }
        | Constraint::Sum { cells, .. }
        | Constraint::Greater { cells } => cells.to_vec(),
        Constraint::Odd(cell) | Constraint::Even(cell) => vec![*cell],
        Constraint::Clone { cells, clones } => [cells.as_slice(), clones].concat(),
        Constraint::EqualSum { groups } => groups.concat(),
        Constraint::Zipper { cells }
        | Constraint::SumLine { cells, .. }
        | Constraint::Lunchbox { cells, .. }
        | Constraint::RegionSum { cells }
        | Constraint::Entropic { cells }
        | Constraint::Modular { cells }
        | Constraint::Lockout { cells, .. }
        | Constraint::Parity { cells }
        | Constraint::DoubleArrow { cells } => cells.clone(),
        Constraint::Minimum((r, c)) | Constraint::Maximum((r, c)) => {
            // The cell, then its orthogonal neighbours on the grid.
            let mut cells = vec![(*r, *c)];
            if *r > 0 {
                cells.push((r - 1, *c));
            }
            if *c > 0 {
                cells.push((*r, c - 1));
            }
            if r + 1 < n {
                cells.push((r + 1, *c));
            }
            if c + 1 < n {
                cells.push((*r, c + 1));
            }
            cells
        }
        Constraint::Quadruple { cell: (r, c), .. } => {
            vec![(*r, *c), (*r, c + 1), (r + 1, *c), (r + 1, c + 1)]
        }
        Constraint::Sandwich {
            line: Line::Row(r), ..
        } => (0..n).map(|c| (*r, c)).collect(),
        Constraint::Sandwich {
            line: Line::Column(c),
            ..
        } => (0..n).map(|r| (r, *c)).collect(),
        Constraint::Negative(_) => (0..n * n).map(|p| (p / n, p % n)).collect(),
        Constraint::Skyscraper { clue, .. }
        | Constraint::XSum { clue, .. }
        | Constraint::NumberedRoom { clue, .. } => {
            // The line, read from the clue's side.
            let (along, k, back) = match *clue {
                Outside::Left(r) => (true, r, false),
                Outside::Right(r) => (true, r, true),
                Outside::Top(c) => (false, c, false),
                Outside::Bottom(c) => (false, c, true),
            };
            let mut line: Vec<Cell> = (0..n)
                .map(|i| if along { (k, i) } else { (i, k) })
                .collect();
            if back {
                line.reverse();
            }
            line
        }
        other => panic!("the checker does not know {other}"),
    }
}

/// Whether `p` and `q` are the two cells of `pair`, in either order.
fn same_pair(pair: &[Cell; 2], p: Cell, q: Cell) -> bool {
    *pair == [p, q] || *pair == [q, p]
}

/// Whether a dot among `all_constraints` spares the neighbours `p` and `q`
/// from the negative constraint `kind`: any white or black dot for the
/// kropki kinds, an X or a V for XV.
fn spared(kind: Negative, p: Cell, q: Cell, all_constraints: &[Constraint]) -> bool {
    all_constraints.iter().any(|c| match (kind, c) {
        (
            Negative::White | Negative::Black,
            Constraint::Difference { cells, .. } | Constraint::Ratio { cells, .. },
        ) => same_pair(cells, p, q),
        (Negative::Xv, Constraint::Sum { cells, sum: 5 | 10 }) => same_pair(cells, p, q),
        _ => false,
    })
}

/// Whether the digits of `grid` (side `n`, reading order) keep
/// `constraint`, whose cells must all be filled; `all_constraints` are
/// the layout's, whose dots spare pairs from a negative constraint.
fn holds(constraint: &Constraint, grid: &[u8], n: usize, all_constraints: &[Constraint]) -> bool {
    let digit = |(r, c): Cell| u32::from(grid[r * n + c]);
    let digits = |cells: &[Cell]| cells.iter().map(|&c| digit(c)).collect::<Vec<u32>>();
    let distinct = |v: &[u32]| (0..v.len()).all(|i| (i + 1..v.len()).all(|j| v[i] != v[j]));
    match constraint {
        Constraint::Cage { cells, sum } => {
            let v = digits(cells);
            distinct(&v) && sum.is_none_or(|s| v.iter().sum::<u32>() == s)
        }
        Constraint::LittleKiller { cells, sum } => digits(cells).iter().sum::<u32>() == *sum,
        Constraint::Arrow { circle, line } => {
            let number = digits(circle).iter().fold(0, |number, d| 10 * number + d);
            digits(line).iter().sum::<u32>() == number
        }
        Constraint::Thermometer { cells } => digits(cells).windows(2).all(|w| w[0] < w[1]),
        Constraint::Difference { cells, difference } => {
            digit(cells[0]).abs_diff(digit(cells[1])) == u32::from(*difference)
        }
        Constraint::Ratio { cells, ratio } => {
            let (a, b, k) = (digit(cells[0]), digit(cells[1]), u32::from(*ratio));
            a == k * b || b == k * a
        }
        Constraint::Sum { cells, sum } => digit(cells[0]) + digit(cells[1]) == *sum,
        Constraint::Greater { cells } => digit(cells[0]) > digit(cells[1]),
        Constraint::DoubleArrow { cells } => {
            let v = digits(cells);
            v[1..v.len() - 1].iter().sum::<u32>() == v[0] + v[v.len() - 1]
        }
        Constraint::Whispers { cells, gap } => digits(cells)
            .windows(2)
            .all(|w| w[0].abs_diff(w[1]) >= u32::from(*gap)),
        Constraint::Renban { cells } => {
            let v = digits(cells);
            let (lo, hi) = (v.iter().min().unwrap(), v.iter().max().unwrap());
            distinct(&v) && (hi - lo) as usize == v.len() - 1
        }
        Constraint::Palindrome { cells } => {
            let v = digits(cells);
            v.iter().eq(v.iter().rev())
        }
        Constraint::Odd(cell) => digit(*cell) % 2 == 1,
        Constraint::Even(cell) => digit(*cell) % 2 == 0,
        Constraint::Quadruple { digits: listed, .. } => {
            let square = digits(&reads(constraint, n));
            listed.iter().all(|&d| {
                let wanted = listed.iter().filter(|&&e| e == d).count();
                square.iter().filter(|&&e| e == u32::from(d)).count() >= wanted
            })
        }
        Constraint::Sandwich { sum, .. } => {
            let v = digits(&reads(constraint, n));
            let one = v.iter().position(|&d| d == 1);
            let top = v.iter().position(|&d| d == n as u32);
            let (Some(one), Some(top)) = (one, top) else {
                return false;
            };
            v[one.min(top) + 1..one.max(top)].iter().sum::<u32>() == *sum
        }
        Constraint::Clone { cells, clones } => digits(cells) == digits(clones),
        Constraint::EqualSum { groups } => {
            let sums: Vec<u32> = groups.iter().map(|g| digits(g).iter().sum()).collect();
            sums.iter().all(|&s| s == sums[0])
        }
        Constraint::Zipper { cells } => {
            let v = digits(cells);
            let m = v.len();
            let target = if m % 2 == 1 {
                v[m / 2]
            } else {
                v[0] + v[m - 1]
            };
            (0..m / 2).all(|i| v[i] + v[m - 1 - i] == target)
        }
        Constraint::Lunchbox { cells, sum } => {
            let v = digits(cells);
            let low = (0..v.len()).min_by_key(|&k| v[k]).unwrap();
            let high = (0..v.len()).max_by_key(|&k| v[k]).unwrap();
            let (i, j) = (low.min(high), low.max(high));
            distinct(&v) && v[i + 1..j].iter().sum::<u32>() == *sum
        }
        Constraint::RegionSum { cells } => {
            // Cut where the line crosses into another box: every run the
            // same sum.
            let shape = if n == 4 { FOUR } else { SIX };
            let mut sums: Vec<u32> = Vec::new();
            for (i, &(r, c)) in cells.iter().enumerate() {
                let new = i == 0 || {
                    let (pr, pc) = cells[i - 1];
                    shape.box_of(pr, pc) != shape.box_of(r, c)
                };
                if new {
                    sums.push(0);
                }
                *sums.last_mut().unwrap() += digit((r, c));
            }
            sums.iter().all(|&s| s == sums[0])
        }
        Constraint::SumLine { cells, sum } => {
            // Some cut of the line into runs that each sum to `sum`.
            let v = digits(cells);
            let mut ends_here = vec![false; v.len() + 1];
            ends_here[0] = true;
            for j in 1..=v.len() {
                ends_here[j] = (0..j).any(|i| ends_here[i] && v[i..j].iter().sum::<u32>() == *sum);
            }
            ends_here[v.len()]
        }
        Constraint::Entropic { cells } | Constraint::Modular { cells } => {
            let entropic = matches!(constraint, Constraint::Entropic { .. });
            let group = |d: u32| {
                if entropic {
                    (d - 1) / (n as u32 / 3)
                } else {
                    d % 3
                }
            };
            let v = digits(cells);
            (0..v.len()).all(|i| (i + 1..v.len().min(i + 3)).all(|j| group(v[i]) != group(v[j])))
        }
        Constraint::Lockout { cells, gap } => {
            let v = digits(cells);
            let (a, b) = (v[0], v[v.len() - 1]);
            a.abs_diff(b) >= u32::from(*gap)
                && v[1..v.len() - 1]
                    .iter()
                    .all(|&d| d < a.min(b) || d > a.max(b))
        }
        Constraint::Parity { cells } => digits(cells).windows(2).all(|w| w[0] % 2 != w[1] % 2),
        Constraint::Minimum(_) => {
            let v = digits(&reads(constraint, n));
            v[1..].iter().all(|&d| d > v[0])
        }
        Constraint::Maximum(_) => {
            let v = digits(&reads(constraint, n));
            v[1..].iter().all(|&d| d < v[0])
        }
        Constraint::Skyscraper { count, .. } => {
            let v = digits(&reads(constraint, n));
            let seen = (0..v.len()).filter(|&i| v[..i].iter().all(|&d| d < v[i]));
            seen.count() == *count as usize
        }
        Constraint::XSum { sum, .. } => {
            let v = digits(&reads(constraint, n));
            v[..v[0] as usize].iter().sum::<u32>() == *sum
        }
        Constraint::NumberedRoom { digit, .. } => {
            let v = digits(&reads(constraint, n));
            v[v[0] as usize - 1] == u32::from(*digit)
        }
        Constraint::Between { cells } => {
            let v = digits(cells);
            let (a, b) = (v[0], v[v.len() - 1]);
            v[1..v.len() - 1]
                .iter()
                .all(|&d| a.min(b) < d && d < a.max(b))
        }
        Constraint::Negative(kind) => {
            let pairs = (0..n).flat_map(|r| {
                (0..n).flat_map(move |c| {
                    let right = (c + 1 < n).then_some(((r, c), (r, c + 1)));
                    let down = (r + 1 < n).then_some(((r, c), (r + 1, c)));
                    right.into_iter().chain(down)
                })
            });
            pairs.into_iter().all(|(p, q)| {
                let (a, b) = (digit(p), digit(q));
                let banned = match kind {
                    Negative::White => a.abs_diff(b) == 1,
                    Negative::Black => a == 2 * b || b == 2 * a,
                    Negative::Xv => a + b == 5 || a + b == 10,
                };
                !banned || spared(*kind, p, q, all_constraints)
            })
        }
        other => panic!("the checker does not know {other}"),
    }
}

/// The first of `constraints` that the complete `grid` breaks.
fn broken<'a>(grid: &[u8], n: usize, constraints: &'a [Constraint]) -> Option<&'a Constraint> {
    constraints.iter().find(|c| !holds(c, grid, n, constraints))
}

/// Whether `grid` is complete, keeps its rows, columns and boxes, and
/// keeps `givens`.
fn is_grid_of(shape: Boxes, grid: &[u8], givens: &[u8]) -> bool {
    let n = shape.side();
    if grid.len() != n * n || grid.iter().zip(givens).any(|(&d, &g)| g != 0 && g != d) {
        return false;
    }
    // Bit d of seen[h]: house h (rows, columns, boxes) holds digit d.
    let mut seen = vec![0u64; 3 * n];
    grid.iter().enumerate().all(|(p, &d)| {
        let (r, c) = (p / n, p % n);
        let houses = [r, n + c, 2 * n + shape.box_of(r, c)];
        (1..=n).contains(&usize::from(d))
            && houses.into_iter().all(|h| {
                let fresh = seen[h] >> d & 1 == 0;
                seen[h] |= 1 << d;
                fresh
            })
    })
}

// ---------------------------------------------------------------------------
// The brute force.

/// The state of a brute-force search: cells filled in reading order, each
/// with every digit its row, column and box allow.
struct Search<'a> {
    shape: Boxes,
    givens: &'a [u8],
    constraints: &'a [Constraint],
    /// due[p]: the constraints whose last cell read is p, checked as soon
    /// as p is filled.
    due: Vec<Vec<&'a Constraint>>,
    grid: Vec<u8>,
    /// Bit d of used[h]: house h (rows, columns, boxes) holds digit d.
    used: Vec<u64>,
    visit: &'a mut dyn FnMut(&[u8]) -> bool,
}

impl Search<'_> {
    /// Fills cell `p` and those after it; false once `visit` says stop.
    fn fill(&mut self, p: usize) -> bool {
        let n = self.shape.side();
        if p == n * n {
            return (self.visit)(&self.grid);
        }
        let (r, c) = (p / n, p % n);
        let houses = [r, n + c, 2 * n + self.shape.box_of(r, c)];
        let digits = match self.givens[p] {
            0 => 1..=n as u8,
            d => d..=d,
        };
        let mut go_on = true;
        for d in digits {
            if houses.iter().any(|&h| self.used[h] >> d & 1 == 1) {
                continue;
            }
            self.grid[p] = d;
            let (grid, all) = (&self.grid, self.constraints);
            if !self.due[p].iter().all(|k| holds(k, grid, n, all)) {
                continue;
            }
            for &h in &houses {
                self.used[h] |= 1 << d;
            }
            go_on = self.fill(p + 1);
            for &h in &houses {
                self.used[h] &= !(1 << d);
            }
            if !go_on {
                break;
            }
        }
        self.grid[p] = 0;
        go_on
    }
}

/// Shows `visit` every complete grid of `shape` that keeps `givens` (0 for
/// an empty cell) and `constraints`, in lexicographic order, until it
/// returns false.
fn brute_force(
    shape: Boxes,
    givens: &[u8],
    constraints: &[Constraint],
    visit: &mut dyn FnMut(&[u8]) -> bool,
) {
    let n = shape.side();
    assert_eq!(givens.len(), n * n);
    let mut due = vec![Vec::new(); n * n];
    for c in constraints {
        let last = reads(c, n).iter().map(|&(r, col)| r * n + col).max();
        due[last.expect("a constraint reads a cell")].push(c);
    }
    Search {
        shape,
        givens,
        constraints,
        due,
        grid: vec![0; n * n],
        used: vec![0; 3 * n],
        visit,
    }
    .fill(0);
}

/// Every solution of the puzzle, by brute force.
fn brute_solutions(shape: Boxes, givens: &[u8], constraints: &[Constraint]) -> BTreeSet<Vec<u8>> {
    let mut all = BTreeSet::new();
    brute_force(shape, givens, constraints, &mut |g| all.insert(g.to_vec()));
    all
}

/// A complete grid of `shape` keeping `givens` and its houses that breaks
/// one of `constraints`, if there is one.
fn breaking_grid(shape: Boxes, givens: &[u8], constraints: &[Constraint]) -> Option<Vec<u8>> {
    let mut found = None;
    brute_force(shape, givens, &[], &mut |g| {
        if broken(g, shape.side(), constraints).is_some() {
            found = Some(g.to_vec());
        }
        found.is_none()
    });
    found
}

// ---------------------------------------------------------------------------
// The crate against the brute force.

/// The grid of `layout` with `cells` set, 0 for an empty cell.
fn grid_in(layout: &Layout, cells: &[u8]) -> Grid {
    let n = layout.side();
    let mut grid = Grid::empty_in(layout);
    for (p, &d) in cells.iter().enumerate() {
        grid.set(p / n, p % n, d).unwrap();
    }
    grid
}

/// A grid's digits as one line, `.` for an empty cell.
fn text(cells: &[u8]) -> String {
    let symbol = |&d: &u8| if d == 0 { '.' } else { char::from(b'0' + d) };
    cells.iter().map(symbol).collect()
}

/// The puzzle as the messages name it.
fn describe(givens: &[u8], constraints: &[Constraint]) -> String {
    let lines: Vec<String> = constraints.iter().map(|c| c.to_string()).collect();
    format!("givens {} with [{}]", text(givens), lines.join("; "))
}

/// How many solutions the crate counts, 0 for givens it finds in conflict.
fn crate_count(puzzle: &Grid, max: u64, what: &str) -> u64 {
    match puzzle.count_solutions_up_to(max) {
        Ok(count) => count,
        Err(SolveError::Conflict(_)) => 0,
        Err(e) => panic!("{what}: counting: {e}"),
    }
}

/// The solutions the crate finds, none for givens it finds in conflict.
fn crate_solutions(puzzle: &Grid, what: &str) -> BTreeSet<Vec<u8>> {
    match puzzle.solutions() {
        Ok(solutions) => solutions.map(|s| s.cells().to_vec()).collect(),
        Err(SolveError::Conflict(_)) => BTreeSet::new(),
        Err(e) => panic!("{what}: solving: {e}"),
    }
}

/// The largest count the crate is asked for.
const MAX_COUNT: u64 = 10_000;

/// Solutions handed to `Grid::check` per puzzle; a few suffice, and a 6x6
/// puzzle may have thousands.
const CHECKED: usize = 40;

/// Compares the crate with the brute force on the puzzle of `shape` with
/// `givens` and `constraints`: (a) the count, (b) the solutions, each
/// checked by the checker here, (c) `Grid::check` on the givens, on
/// solutions and on a complete grid that keeps its houses but breaks a
/// constraint, (d) the solutions with the constraints propagated at every
/// node, and the count without propagation. Returns the number of
/// solutions.
fn agree(shape: Boxes, givens: &[u8], constraints: &[Constraint]) -> usize {
    agree_propagating(shape, givens, constraints).0
}

/// [`agree`], and the placements the propagation of the constraints took
/// out under [`Propagation::Always`].
fn agree_propagating(shape: Boxes, givens: &[u8], constraints: &[Constraint]) -> (usize, u64) {
    let n = shape.side();
    let what = describe(givens, constraints);
    let layout = shape.layout(constraints);
    let puzzle = grid_in(&layout, givens);
    let expected = brute_solutions(shape, givens, constraints);
    let total = expected.len() as u64;

    let found = crate_solutions(&puzzle, &what);
    for s in &found {
        assert!(
            is_grid_of(shape, s, givens),
            "{what}: {} is no completion of the givens",
            text(s)
        );
        if let Some(c) = broken(s, n, constraints) {
            panic!("{what}: the solution {} breaks {c}", text(s));
        }
    }
    if found != expected {
        let missed: Vec<String> = expected
            .difference(&found)
            .take(3)
            .map(|s| text(s))
            .collect();
        let extra: Vec<String> = found
            .difference(&expected)
            .take(3)
            .map(|s| text(s))
            .collect();
        panic!(
            "{what}: the crate finds {} solutions, the brute force {}; missed {missed:?}..., \
             extra {extra:?}...",
            found.len(),
            expected.len()
        );
    }
    assert_eq!(
        crate_count(&puzzle, MAX_COUNT, &what),
        total.min(MAX_COUNT),
        "{what}: solutions counted"
    );
    // A killer is counted and solved on its cells' domains alone, the
    // solutions listed above on the links.
    match puzzle.solve_one() {
        Ok(Some(s)) => assert!(
            expected.contains(s.cells()),
            "{what}: solve_one gives {}, no solution",
            text(s.cells())
        ),
        Ok(None) | Err(SolveError::Conflict(_)) => {
            assert!(expected.is_empty(), "{what}: solve_one finds none")
        }
        Err(e) => panic!("{what}: solve_one: {e}"),
    }
    match (puzzle.solution(), expected.len()) {
        (Ok(s), 1) => assert!(expected.contains(s.cells()), "{what}: solution"),
        (Err(SolveError::NoSolution | SolveError::Conflict(_)), 0) => {}
        (Err(SolveError::MultipleSolutions), 2..) => {}
        (other, count) => panic!("{what}: solution() gives {other:?} for {count} solutions"),
    }
    let mut solver = SudokuSolver::for_layout(&layout);
    solver.set_propagation(Propagation::Never);
    let plain = match solver.count_solutions_up_to(&puzzle, MAX_COUNT) {
        Ok(count) => count,
        Err(SolveError::Conflict(_)) => 0,
        Err(e) => panic!("{what}: counting without propagation: {e}"),
    };
    assert_eq!(plain, total.min(MAX_COUNT), "{what}: without propagation");
    solver.set_propagation(Propagation::Always);
    let propagated = match solver.solutions(&puzzle) {
        Ok(solutions) => solutions.map(|s| s.cells().to_vec()).collect(),
        Err(SolveError::Conflict(_)) => BTreeSet::new(),
        Err(e) => panic!("{what}: solving with propagation: {e}"),
    };
    assert!(
        propagated == expected,
        "{what}: {} solutions with propagation, {} by brute force",
        propagated.len(),
        expected.len()
    );
    let removed = solver.stats().removed;

    if !expected.is_empty() {
        if let Err(e) = puzzle.check() {
            panic!("{what}: the givens of a solvable puzzle fail the check: {e}");
        }
    }
    for s in expected.iter().take(CHECKED) {
        if let Err(e) = grid_in(&layout, s).check() {
            panic!("{what}: the solution {} fails the check: {e}", text(s));
        }
    }
    let free = vec![0; n * n];
    let base = if n <= 4 { &free } else { givens };
    if let Some(bad) = breaking_grid(shape, base, constraints) {
        let c = broken(&bad, n, constraints).unwrap();
        assert!(
            grid_in(&layout, &bad).check().is_err(),
            "{what}: {} breaks {c} but passes the check",
            text(&bad)
        );
    }
    (expected.len(), removed)
}

/// Parses constraint lines, for the hand-written cases.
fn parse(lines: &[&str]) -> Vec<Constraint> {
    lines
        .iter()
        .map(|l| l.parse().unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

/// [`agree`] on the empty 4x4 grid with these constraint lines.
fn four(lines: &[&str]) -> usize {
    agree(FOUR, &[0; 16], &parse(lines))
}

/// [`agree`] on a 4x4 puzzle, `givens` as one line with `.` for empty.
fn four_with(givens: &str, lines: &[&str]) -> usize {
    agree(FOUR, &digits(givens), &parse(lines))
}

/// The digits of one line of puzzle text, 0 for `.`.
fn digits(line: &str) -> Vec<u8> {
    line.bytes()
        .map(|b| if b == b'.' { 0 } else { b - b'0' })
        .collect()
}

// ---------------------------------------------------------------------------
// The brute force and the checker on their own.

/// A 4x4 grid to read rules on:
///
/// ```text
/// 1 2 | 3 4
/// 3 4 | 1 2
/// ----+----
/// 2 1 | 4 3
/// 4 3 | 2 1
/// ```
const G4: &str = "1234341221434321";

#[test]
fn the_brute_force_finds_the_known_grids() {
    assert_eq!(brute_solutions(FOUR, &[0; 16], &[]).len(), 288);
    assert!(brute_solutions(FOUR, &[0; 16], &[]).contains(&digits(G4)));
    assert!(brute_solutions(FOUR, &[0; 16], &[])
        .iter()
        .all(|g| is_grid_of(FOUR, g, &[0; 16])));
    // 6x6 puzzles with enough givens, without constraints, which the crate
    // solves already.
    for kept in [12, 10, 8] {
        let givens = keep(&digits(S6), kept, &mut Rng::new(kept as u64));
        let brute = brute_solutions(SIX, &givens, &[]);
        let count = Grid::from_cells_in(&SIX.layout(&[]), givens.clone())
            .unwrap()
            .count_solutions_up_to(MAX_COUNT)
            .unwrap();
        assert_eq!(brute.len() as u64, count, "{}", text(&givens));
        assert!(brute.contains(&digits(S6)));
    }
}

#[test]
fn the_checker_reads_each_rule_as_players_state_it() {
    let g = digits(G4);
    let keeps = |line: &str| {
        let c: Constraint = line.parse().unwrap();
        holds(&c, &g, 4, std::slice::from_ref(&c))
    };
    for line in [
        "cage 3: r1c1 r1c2",
        "cage: r1c1 r2c1 r3c1",
        "cage 10: r1c1 r1c2 r2c1 r2c2",
        "little-killer 8: r2c2 r3c3",
        "little-killer 10: r1c4 r2c3 r3c2 r4c1",
        "arrow r2c2: r1c1 r2c1",
        "arrow r1c1 r1c2: r2c3 r2c4 r3c4 r3c3 r4c3",
        "thermo: r4c4 r4c3 r3c3",
        "white: r1c1 r1c2",
        "white 3: r2c3 r3c3",
        "black: r1c2 r2c2",
        "black 3: r1c1 r2c1",
        "black 4: r3c3 r2c3",
        "v: r1c2 r1c3",
        "sum 7: r1c3 r1c4",
        "whispers 2: r1c1 r2c1 r3c2",
        "renban: r1c4 r2c4 r3c4",
        "palindrome: r1c1 r2c2 r3c3 r4c4",
        "odd: r1c1",
        "even: r1c2",
        "quadruple 1 4: r2c2",
        "quadruple 1 1 4 4: r2c2",
        "sandwich 5: r1",
        "sandwich 0: r2",
        "sandwich 0: c2",
        "sandwich 5: c4",
        "between: r1c1 r1c2 r1c3 r1c4",
        "between: r4c1 r4c2 r4c3 r4c4",
        "between: r1c1 r1c2",
    ] {
        assert!(keeps(line), "{line}");
    }
    for line in [
        "cage 4: r1c1 r1c2",
        "cage: r1c1 r1c2 r1c3 r2c3",
        "little-killer 7: r2c2 r3c3",
        "arrow r2c2: r1c1 r1c2",
        // 12 is no 21: a pill reads in order.
        "arrow r1c2 r1c1: r2c3 r2c4 r3c4 r3c3 r4c3",
        "thermo: r1c4 r2c4",
        "thermo: r1c1 r2c2 r3c1",
        "white: r1c1 r2c1",
        "white 2: r1c1 r1c2",
        "black: r1c1 r2c1",
        "black 3: r1c1 r1c2",
        "x: r1c3 r1c4",
        "v: r1c1 r1c2",
        "whispers 2: r1c1 r1c2",
        "whispers 3: r1c2 r2c3",
        "renban: r1c1 r1c2 r2c3",
        "renban: r1c1 r1c2 r2c2",
        "palindrome: r1c1 r1c2",
        "odd: r1c2",
        "even: r1c1",
        "quadruple 2: r2c2",
        "quadruple 1 1 1: r2c2",
        "sandwich 0: r1",
        "sandwich 3: c1",
        "between: r1c1 r2c2 r1c2 r2c1",
        "between: r1c2 r1c1 r2c1",
    ] {
        assert!(!keeps(line), "{line}");
    }

    // Negative constraints: G4's r1c1 and r1c2 hold 1 and 2, which differ
    // by 1, one twice the other; r1c2 and r1c3 hold 2 and 3, summing to 5.
    for kind in ["negative white", "negative black", "negative xv"] {
        assert!(!keeps(kind), "{kind}");
    }
    // With a dot on every pair they ban, the grid keeps them.
    for kind in [Negative::White, Negative::Black, Negative::Xv] {
        let mut all = dots_for(&g, 4, kind, &mut Rng::new(7));
        all.push(Constraint::Negative(kind));
        assert!(all.iter().all(|c| holds(c, &g, 4, &all)), "{kind:?}");
        // Without the first dot, that pair breaks it again.
        all.remove(0);
        assert!(!holds(all.last().unwrap(), &g, 4, &all), "{kind:?}");
    }
    // Any kropki dot spares a pair from both kropki negatives, whatever
    // its number; an X or V spares from XV, another sum does not.
    let pair = [(0, 0), (0, 1)];
    for (dot, white, black, xv) in [
        ("white 3: r1c2 r1c1", true, true, false),
        ("black 4: r1c1 r1c2", true, true, false),
        ("v: r1c1 r1c2", false, false, true),
        ("x: r1c2 r1c1", false, false, true),
        ("sum 3: r1c1 r1c2", false, false, false),
        ("white: r1c1 r2c1", false, false, false),
    ] {
        let all = parse(&[dot]);
        assert_eq!(
            spared(Negative::White, pair[0], pair[1], &all),
            white,
            "{dot}"
        );
        assert_eq!(
            spared(Negative::Black, pair[1], pair[0], &all),
            black,
            "{dot}"
        );
        assert_eq!(spared(Negative::Xv, pair[0], pair[1], &all), xv, "{dot}");
    }
}

// ---------------------------------------------------------------------------
// Each constraint on 4x4, by hand.

/// Two cells of one row, column or box hold each of the 6 pairs of digits
/// in 288 / 6 of the grids (digits relabelled map grids to grids); a cell
/// holds each digit in 288 / 4.
const PER_PAIR: usize = 48;

#[test]
fn killer_cages() {
    assert_eq!(four(&["cage 3: r1c1 r1c2"]), PER_PAIR);
    assert_eq!(four(&["cage 5: r1c1 r2c1"]), 2 * PER_PAIR);
    assert_eq!(four(&["cage 10: r1c1 r1c2 r1c3 r1c4"]), 288);
    assert_eq!(four(&["cage 10: r2c3 r2c4 r1c3 r1c4"]), 288);
    assert_eq!(four(&["cage 9: r1c1 r1c2 r2c1 r2c2"]), 0);
    assert_eq!(four(&["cage: r1c1 r1c2 r2c1"]), 288);
    // r1c2 and r2c3 share no house: the cage keeps them apart.
    let apart = four(&["cage: r1c2 r2c2 r2c3"]);
    assert!(0 < apart && apart < 288);
    // 1 + 2 + 1 without the cage, never with it.
    assert_eq!(four(&["cage 4: r1c2 r2c2 r2c3"]), 0);
    assert!(four(&["cage 6: r1c2 r2c2 r2c3"]) > 0);
    four(&["cage 7: r1c2 r2c2 r2c3"]);
    four(&["cage: r1c2 r2c2 r2c3 r3c3"]);
    four(&["cage 10: r2c2 r2c3 r3c2 r3c3"]);
    four(&["cage 6: r2c2 r2c3 r3c3", "cage 3: r3c1 r4c1"]);
    four_with("1...............", &["cage 5: r2c2 r2c3"]);
    // Distinct digits in two cells summing to 2 or 8, three to 11: none.
    assert_eq!(four(&["cage 2: r2c2 r3c2"]), 0);
    assert_eq!(four(&["cage 8: r2c2 r2c3"]), 0);
    assert_eq!(four(&["cage 11: r1c2 r2c2 r2c3"]), 0);
}

#[test]
fn little_killers() {
    // In one box, the two cells differ.
    assert_eq!(four(&["little-killer 3: r1c1 r2c2"]), PER_PAIR);
    assert_eq!(four(&["little-killer 2: r1c1 r2c2"]), 0);
    // Across boxes, digits may repeat: 1 + 1.
    assert!(four(&["little-killer 2: r1c2 r2c3"]) > 0);
    assert!(four(&["little-killer 8: r2c2 r3c3"]) > 0);
    four(&["little-killer 10: r1c1 r2c2 r3c3 r4c4"]);
    four(&["little-killer 4: r1c1 r2c2 r3c3 r4c4"]);
    four(&["little-killer 9: r1c3 r2c2 r3c1"]);
    four(&["little-killer 3: r4c1"]);
    assert_eq!(four(&["little-killer 17: r1c1 r2c2 r3c3 r4c4"]), 0);
}

#[test]
fn arrows() {
    // A circle in the row or box of its one-cell arrow cannot match it.
    assert_eq!(four(&["arrow r1c1: r1c2"]), 0);
    assert_eq!(four(&["arrow r1c1: r2c2"]), 0);
    assert!(four(&["arrow r1c2: r2c3"]) > 0);
    // a = b + c for distinct a, b, c: 3 = 1 + 2, 4 = 1 + 3, in 4 of the 24
    // orders of three cells of a row.
    assert_eq!(four(&["arrow r1c1: r1c2 r1c3"]), 288 * 4 / 24);
    // Repeats allowed along the arrow: 2 = 1 + 1.
    four(&["arrow r2c2: r3c3 r4c4"]);
    four(&["arrow r1c1: r2c2 r3c3 r4c4"]);
    four(&["arrow r1c4: r2c3 r3c2 r4c1"]);
    four(&["arrow r1c1: r2c1 r3c1", "arrow r4c4: r3c4 r2c4"]);
    assert_eq!(four(&["arrow r1c1: r2c2 r3c3 r4c4 r4c3"]), 0);
    four_with("..3.............", &["arrow r1c3: r2c2 r3c1"]);
}

#[test]
fn pill_arrows_read_their_cells_as_a_number() {
    // The pill r1c1 r1c2 of a 4x4 reads 12 to 43; this line of 5 cells,
    // three in column 3 and two in column 2, sums to 16 at most, so the
    // pill is 12, 13 or 14: r1c1 holds 1.
    let pill = "arrow r1c1 r1c2: r2c3 r3c3 r4c2 r4c3 r3c2";
    let count = four(&[pill]);
    assert!(count > 0);
    let c = parse(&[pill]);
    let solutions = brute_solutions(FOUR, &[0; 16], &c);
    assert!(solutions.iter().all(|s| s[0] == 1));
    assert!(solutions.iter().any(|s| s[1] == 2));
    // With 1 and 2 given, the pill reads 12, not 21 nor 3.
    let twelve = four_with("12..............", &[pill]);
    assert!(twelve > 0);
    assert_eq!(
        four_with(
            "12..............",
            &["arrow r1c2 r1c1: r2c3 r3c3 r4c2 r4c3 r3c2"]
        ),
        0
    );
    assert_eq!(four_with("21..............", &[pill]), 0);
    // 12 along four cells of one column and one more.
    four_with(
        "12..............",
        &["arrow r1c1 r1c2: r2c3 r3c3 r4c3 r4c4"],
    );
    four(&["arrow r1c1 r1c2: r2c2 r3c2 r4c2 r4c3 r4c4 r3c4"]);
    four(&["arrow r2c2 r3c2: r2c1 r1c1 r1c2 r1c3 r2c3 r3c3 r4c3"]);
    // Box 1 and the rest of the pill's box: the pill would be 1y with y
    // the sum of the two other digits of its box, or past 21: never.
    assert_eq!(four(&["arrow r3c1 r4c1: r2c1 r1c1 r1c2 r2c2 r3c2 r4c2"]), 0);
    // Three cells read at least 123.
    assert_eq!(
        four(&["arrow r1c1 r1c2 r1c3: r2c3 r2c2 r2c1 r3c1 r3c2 r3c3 r3c4 r4c4 r4c3"]),
        0
    );
}

#[test]
fn thermometers() {
    assert_eq!(four(&["thermo: r1c1 r1c2 r1c3 r1c4"]), 288 / 24);
    assert_eq!(four(&["thermo: r1c1 r1c2"]), 288 / 2);
    assert_eq!(four(&["thermo: r1c1 r2c1 r3c1 r4c1 r4c2"]), 0);
    four(&["thermo: r1c1 r2c2 r3c3 r4c4"]);
    four(&["thermo: r4c1 r3c2 r2c3 r1c4"]);
    four(&["thermo: r1c1 r2c2 r3c3", "thermo: r3c1 r2c2 r1c3"]);
    // Not increasing both ways.
    assert_eq!(four(&["thermo: r1c1 r1c2", "thermo: r1c2 r1c1"]), 0);
}

#[test]
fn kropki_dots() {
    // Pairs differing by 1: 12, 23, 34; by 2: 13, 24; by 3: 14.
    assert_eq!(four(&["white: r1c1 r1c2"]), 3 * PER_PAIR);
    assert_eq!(four(&["white 2: r1c1 r2c1"]), 2 * PER_PAIR);
    assert_eq!(four(&["white 3: r2c1 r1c1"]), PER_PAIR);
    assert_eq!(four(&["white 4: r1c1 r1c2"]), 0);
    // One twice the other: 12, 24; three times: 13; four: 14.
    assert_eq!(four(&["black: r1c1 r1c2"]), 2 * PER_PAIR);
    assert_eq!(four(&["black 3: r1c1 r1c2"]), PER_PAIR);
    assert_eq!(four(&["black 4: r1c2 r1c1"]), PER_PAIR);
    assert_eq!(four(&["black 5: r1c2 r1c1"]), 0);
    // Neighbours share a row or a column.
    assert_eq!(four(&["black 1: r1c2 r1c1"]), 0);
    four(&["white: r1c1 r1c2", "white: r1c2 r2c2", "black: r2c2 r2c1"]);
    four(&["white: r2c2 r2c3", "black: r3c2 r3c3", "white 2: r2c2 r3c2"]);
    four_with(
        "...4............",
        &["white: r1c3 r1c4", "black: r1c2 r1c3"],
    );
}

#[test]
fn sums_x_and_v() {
    // 5 = 1 + 4 = 2 + 3; 7 = 3 + 4; 10 is out of reach.
    assert_eq!(four(&["v: r1c1 r1c2"]), 2 * PER_PAIR);
    assert_eq!(four(&["sum 7: r1c1 r2c1"]), PER_PAIR);
    assert_eq!(four(&["sum 3: r2c1 r1c1"]), PER_PAIR);
    assert_eq!(four(&["x: r1c1 r1c2"]), 0);
    assert_eq!(four(&["sum 2: r1c1 r1c2"]), 0);
    four(&["v: r1c2 r1c3", "v: r2c2 r2c3", "sum 6: r1c2 r2c2"]);
    four(&["sum 4: r2c2 r2c3", "sum 6: r3c2 r3c3"]);
}

#[test]
fn whispers() {
    // The gap of a 4x4 is 2: 13, 14, 24 of the 6 pairs.
    let line = Constraint::whispers(vec![(0, 0), (0, 1)], 4);
    assert_eq!(
        line,
        Constraint::Whispers {
            cells: vec![(0, 0), (0, 1)],
            gap: 2
        }
    );
    assert_eq!(agree(FOUR, &[0; 16], &[line]), 3 * PER_PAIR);
    assert_eq!(four(&["whispers 3: r1c1 r1c2"]), PER_PAIR);
    assert_eq!(four(&["whispers 4: r1c1 r1c2"]), 0);
    assert_eq!(four(&["whispers 1: r1c1 r1c2 r2c2 r2c1"]), 288);
    four(&["whispers 2: r1c1 r2c2 r3c3 r4c4"]);
    four(&["whispers 2: r1c1 r1c2 r1c3"]);
    four(&["whispers 2: r2c2 r2c3 r3c3 r3c2 r4c1"]);
    // 2 and 3 have no neighbour 3 apart.
    four(&["whispers 3: r1c1 r2c2 r3c3"]);
}

#[test]
fn renban() {
    // Three digits of 1..4 in a run: 123, 234, of the 4 sets.
    assert_eq!(four(&["renban: r1c1 r1c2 r1c3"]), 288 / 2);
    assert_eq!(four(&["renban: r1c1 r1c2 r2c1 r2c2"]), 288);
    assert_eq!(four(&["renban: r1c1 r1c2"]), 3 * PER_PAIR);
    assert_eq!(four(&["renban: r1c1 r1c2 r1c3 r2c3 r3c3"]), 0);
    four(&["renban: r1c1 r2c2 r3c3"]);
    four(&["renban: r2c1 r2c2 r2c3", "renban: r3c2 r3c3"]);
    // Distinct even across boxes.
    four(&["renban: r1c2 r2c3"]);
}

#[test]
fn palindromes() {
    // The ends share a box.
    assert_eq!(four(&["palindrome: r1c1 r1c2 r2c1"]), 0);
    assert!(four(&["palindrome: r1c2 r2c3"]) > 0);
    four(&["palindrome: r1c1 r2c2 r3c3 r4c4"]);
    four(&["palindrome: r1c1 r2c2 r3c3"]);
    four(&["palindrome: r1c2 r2c3 r3c4 r4c3 r3c2 r2c1"]);
    four(&["palindrome: r1c1 r1c2 r2c3 r3c3 r4c4"]);
}

#[test]
fn parity() {
    assert_eq!(four(&["odd: r1c1"]), 288 / 2);
    assert_eq!(four(&["even: r4c3"]), 288 / 2);
    // Both odd digits in two cells of a row, both even in a box.
    assert_eq!(four(&["odd: r1c1", "odd: r1c4"]), PER_PAIR);
    assert_eq!(four(&["even: r1c1", "even: r2c2"]), PER_PAIR);
    assert_eq!(four(&["odd: r1c1", "odd: r1c2", "odd: r1c3"]), 0);
    assert_eq!(four(&["odd: r1c1", "even: r1c1"]), 0);
    four(&["odd: r1c1", "odd: r2c3", "even: r3c2", "even: r4c4"]);
}

#[test]
fn quadruples() {
    // A box holds every digit once.
    assert_eq!(four(&["quadruple 1 2 3 4: r1c1"]), 288);
    assert_eq!(four(&["quadruple 1 1: r3c3"]), 0);
    four(&["quadruple 1 2 3 4: r2c2"]);
    four(&["quadruple 1: r2c2"]);
    // A centre square spans four boxes: a digit may be there twice.
    assert!(four(&["quadruple 1 1: r2c2"]) > 0);
    four(&["quadruple 1 1 4 4: r2c2"]);
    four(&["quadruple 2 3: r1c2", "quadruple 4: r3c1"]);
    assert_eq!(four(&["quadruple 1 1 1: r2c2"]), 0);
}

#[test]
fn equal_sum_cages() {
    // Two cells of a row against the other two: 1+4 | 2+3 both ways, 8
    // of the 24 orders.
    assert_eq!(four(&["equal-sum: r1c1 r1c2 | r1c3 r1c4"]), 288 * 8 / 24);
    // One cell against a pair: the pair sums to the cell's digit.
    four(&["equal-sum: r1c1 | r2c3 r2c4"]);
    four(&["equal-sum: r1c1 r2c2 | r3c3 r4c4 | r1c4"]);
    assert_eq!(four(&["equal-sum: r1c1 | r1c2"]), 0);
    let line = "equal-sum: r1c1 r1c2 | r3c3";
    assert_eq!(line.parse::<Constraint>().unwrap().to_string(), line);
    // One group, or a cell in two, is refused by the layout.
    let four = Layout::square(2).unwrap();
    for bad in ["equal-sum: r1c1 r1c2", "equal-sum: r1c1 r1c2 | r1c2 r2c2"] {
        assert!(
            four.clone().with_constraint(bad.parse().unwrap()).is_err(),
            "{bad}"
        );
    }
}

#[test]
fn lunchboxes() {
    // 1 and 4 side by side in a row of four: 12 of the 24 orders; at its
    // ends, 2 + 3 between them: 4 of the 24.
    assert_eq!(four(&["lunchbox 0: r1c1 r1c2 r1c3 r1c4"]), 288 * 12 / 24);
    assert_eq!(four(&["lunchbox 5: r1c1 r1c2 r1c3 r1c4"]), 288 * 4 / 24);
    // Distinct digits even across boxes.
    four(&["lunchbox 0: r1c2 r2c3"]);
    four(&["lunchbox 3: r1c1 r2c2 r3c3 r4c4"]);
    four(&["lunchbox 2: r2c1 r2c2 r3c2 r3c3"]);
    assert_eq!(four(&["lunchbox 9: r1c1 r2c2 r3c3"]), 0);
    let line = "lunchbox 4: r1c1 r1c2 r1c3";
    assert_eq!(line.parse::<Constraint>().unwrap().to_string(), line);
}

#[test]
fn sandwiches() {
    // Where 1 and 4 sit in a row of four: neighbours in 12 of the 24
    // orders (sum 0), one cell apart holding 2 or 3 in 4 each, at the
    // ends in 4 (sum 5).
    assert_eq!(four(&["sandwich 0: r1"]), 288 / 2);
    assert_eq!(four(&["sandwich 2: r1"]), 288 / 6);
    assert_eq!(four(&["sandwich 3: c2"]), 288 / 6);
    assert_eq!(four(&["sandwich 5: c4"]), 288 / 6);
    assert_eq!(four(&["sandwich 1: r3"]), 0);
    assert_eq!(four(&["sandwich 4: c1"]), 0);
    four(&["sandwich 5: r1", "sandwich 5: c1"]);
    four(&["sandwich 0: r2", "sandwich 2: c3", "sandwich 3: r4"]);
}

#[test]
fn minimum_and_maximum_cells() {
    // A corner's two neighbours share its box: of the 24 orders of the
    // box, a 1 in the corner keeps 6, a 2 keeps the 2 with 3 and 4 beside
    // it, a 3 none.
    assert_eq!(four(&["minimum: r1c1"]), 288 * 8 / 24);
    // A 4 is above any neighbours (72 grids), a 3 above some.
    assert!(four(&["maximum: r2c2"]) > 288 / 4);
    assert_eq!(four(&["minimum: r2c2", "maximum: r2c2"]), 0);
    four(&["minimum: r2c2", "maximum: r2c3", "minimum: r3c3"]);
    four_with("1...............", &["maximum: r1c1"]);
    for line in ["minimum: r2c2", "maximum: r9c9"] {
        assert_eq!(line.parse::<Constraint>().unwrap().to_string(), line);
    }
}

#[test]
fn greater_than() {
    // Half the grids have r1c1 above r1c2, and a chain of three signs
    // along a row leaves one order of four.
    assert_eq!(four(&["greater: r1c1 r1c2"]), 288 / 2);
    assert_eq!(
        four(&[
            "greater: r1c1 r1c2",
            "greater: r1c2 r1c3",
            "greater: r1c3 r1c4"
        ]),
        288 / 24
    );
    four(&["greater: r1c1 r2c3", "greater: r2c3 r4c1"]);
    assert_eq!(four(&["greater: r1c1 r1c2", "greater: r1c2 r1c1"]), 0);
    let line = "greater: r1c1 r1c2";
    assert_eq!(line.parse::<Constraint>().unwrap().to_string(), line);
}

#[test]
fn double_arrows() {
    // Ends 1 and 2 around a 3, or 1 and 3 around a 4, along a row: 4 of
    // the 24 orders of three cells (the fourth digit then fixed).
    assert_eq!(four(&["double-arrow: r1c1 r1c2 r1c3"]), 288 * 4 / 24);
    // Repeats along the line across boxes: 1 + 1 between 1 and 1 is no
    // line (the ends share a row), but 2 = 1 + 1 is.
    four(&["double-arrow: r1c1 r2c2 r3c3 r4c4"]);
    four(&["double-arrow: r1c2 r2c3 r3c2"]);
    // A whole row: the ends 1 and 4, or 2 and 3, either way round, and
    // the other two inside: 8 of the 24 orders.
    assert_eq!(four(&["double-arrow: r1c1 r1c2 r1c3 r1c4"]), 288 * 8 / 24);
    let line = "double-arrow: r1c1 r1c2 r1c3";
    assert_eq!(line.parse::<Constraint>().unwrap().to_string(), line);
    assert!("double-arrow: r1c1 r1c2".parse::<Constraint>().is_ok());
}

#[test]
fn clones() {
    // Two cells of one box in row 1 cloned to the two of the next box in
    // row 2: the rows' other digits then fill the rest, half the grids.
    assert_eq!(four(&["clone: r1c1 r1c2 = r2c3 r2c4"]), 288 / 2);
    // A cell and a clone in one row: no grid.
    assert_eq!(four(&["clone: r1c1 = r1c2"]), 0);
    four(&["clone: r1c1 r2c1 = r3c2 r4c2"]);
    four(&["clone: r1c1 r1c2 = r1c2 r2c3"]);
    four(&["clone: r1c2 = r3c1", "clone: r2c4 = r4c3"]);
    let line = "clone: r1c1 r1c2 = r9c8 r9c9";
    assert_eq!(line.parse::<Constraint>().unwrap().to_string(), line);
    assert!("clone: r1c1 r1c2 r9c9".parse::<Constraint>().is_err());
}

#[test]
fn lines_of_pairs_windows_and_segments() {
    // Three cells of a row: r1c2 = r1c1 + r1c3 in 4 of the 24 orders.
    assert_eq!(four(&["zipper: r1c1 r1c2 r1c3"]), 288 * 4 / 24);
    four(&["zipper: r1c1 r1c2 r2c3 r2c4"]);
    four(&["zipper: r1c1 r2c2 r3c3 r4c4 r4c3"]);
    // Segments of 5 in a row of four: 1+4 | 2+3 or 4+1 | 3+2 and so on,
    // 8 of the 24 orders.
    assert_eq!(four(&["sum-line 5: r1c1 r1c2 r1c3 r1c4"]), 288 * 8 / 24);
    four(&["sum-line 3: r1c1 r2c2 r3c3"]);
    assert_eq!(four(&["sum-line 10: r1c1 r1c2 r1c3 r1c4"]), 288);
    // Digits mod 3 in three cells of a row: one of each of 0 (3), 1 (1,
    // 4) and 2 (2): 3 at r1c?, 2 too, then 1 or 4: half the orders.
    assert_eq!(four(&["modular: r1c1 r1c2 r1c3"]), 288 / 2);
    four(&["modular: r1c1 r2c2 r3c3 r4c4"]);
    four(&["lockout 2: r1c1 r2c2 r3c3"]);
    assert_eq!(four(&["lockout 4: r1c1 r4c4"]), 0);
    four(&["lockout: r1c1 r2c1 r2c2"]);
    // Odd and even alternate along a row of four: 8 of the 24 orders.
    assert_eq!(four(&["parity: r1c1 r1c2 r1c3 r1c4"]), 288 * 8 / 24);
    four(&["parity: r1c1 r2c2 r3c3"]);
    assert_eq!(four(&["dutch-whispers: r1c1 r1c2"]), 0);
    // A row of four crosses two boxes: its halves sum alike when they
    // split 1+4 | 2+3, 8 of the 24 orders. Within one box: no rule.
    assert_eq!(four(&["region-sum: r1c1 r1c2 r1c3 r1c4"]), 288 * 8 / 24);
    assert_eq!(four(&["region-sum: r1c2 r2c2 r2c1"]), 288);
    four(&["region-sum: r1c2 r2c2 r3c2"]);
    four(&["region-sum: r2c2 r2c3 r3c3 r3c2"]);
    for line in [
        "zipper: r1c1 r1c2 r1c3",
        "sum-line 10: r1c1 r1c2",
        "entropic: r1c1 r1c2 r1c3",
        "modular: r1c1 r1c2 r1c3",
        "lockout 5: r1c1 r1c2 r1c3",
        "parity: r1c1 r1c2",
        "region-sum: r1c1 r1c2",
    ] {
        assert_eq!(line.parse::<Constraint>().unwrap().to_string(), line);
    }
    assert_eq!(
        "dutch-whispers: r1c1 r1c2"
            .parse::<Constraint>()
            .unwrap()
            .to_string(),
        "whispers 4: r1c1 r1c2"
    );
}

#[test]
fn entropic_lines_on_six_by_six() {
    // Thirds of 1-6: {1, 2}, {3, 4}, {5, 6}.
    let lines = parse(&["entropic: r1c1 r1c2 r1c3 r1c4"]);
    agree(SIX, &digits("12...............................6.."), &lines);
}

#[test]
fn outside_clues() {
    // Skyscrapers: 1 2 3 4 alone shows four, a 4 first shows one (6 of
    // the 24 orders of a row).
    assert_eq!(four(&["skyscraper 4: r1 left"]), 288 / 24);
    assert_eq!(four(&["skyscraper 1: c3 bottom"]), 288 / 4);
    // Two seen from the right: the last digit is 3 (then 4 anywhere: 6),
    // or the 4 stands second from the right (2 orders above a lower last,
    // less those counted: 11 of 24 in all).
    assert_eq!(four(&["skyscraper 2: r2 right"]), 288 * 11 / 24);
    four(&["skyscraper 2: r1 left", "skyscraper 3: c1 top"]);
    four(&[
        "skyscraper 2: r4 right",
        "skyscraper 2: c4 bottom",
        "skyscraper 3: r1 left",
    ]);
    // X-sums: a 2 then a 1 make 3 (2 of 24 orders); the four digits make
    // 10 after a 4 (6 orders).
    assert_eq!(four(&["x-sum 3: r1 left"]), 288 * 2 / 24);
    assert_eq!(four(&["x-sum 10: c2 top"]), 288 * 6 / 24);
    assert_eq!(four(&["x-sum 2: r3 right"]), 0);
    four(&["x-sum 6: r1 left", "x-sum 7: c1 top"]);
    // Numbered rooms: the 3 second after a 2, or last after a 4; a 1
    // first, or in the place the first digit names (12 of 24 orders).
    assert_eq!(four(&["numbered-room 3: c2 bottom"]), 288 * 4 / 24);
    assert_eq!(four(&["numbered-room 1: r1 left"]), 288 * 12 / 24);
    four(&["numbered-room 4: r2 right", "numbered-room 2: c3 top"]);
    // The text reads back, and the side is never guessed.
    for line in [
        "skyscraper 3: r1 left",
        "x-sum 15: c9 bottom",
        "numbered-room 7: r4 right",
    ] {
        assert_eq!(line.parse::<Constraint>().unwrap().to_string(), line);
    }
    assert!("skyscraper 3: r1".parse::<Constraint>().is_err());
    assert!("skyscraper 3: r1 top".parse::<Constraint>().is_err());
}

#[test]
fn between_lines() {
    // The middle of three distinct digits lies between the ends in 8 of
    // the 24 orders of three cells of a row.
    assert_eq!(four(&["between: r1c1 r1c2 r1c3"]), 288 / 3);
    assert_eq!(four(&["between: r1c1 r1c2"]), 288);
    // Four digits 1..4 with two strictly inside: 1 and 4 at the ends.
    assert_eq!(four(&["between: r1c1 r1c2 r1c3 r1c4"]), 288 / 6);
    four(&["between: r1c1 r2c2 r3c3"]);
    // Ends across boxes may be equal, leaving nothing between.
    four(&["between: r1c2 r2c2 r2c3"]);
    four(&["between: r1c1 r2c2 r3c2 r4c1"]);
    assert_eq!(four(&["between: r1c1 r1c2 r2c2 r2c1 r3c1"]), 0);
}

#[test]
fn negative_constraints_spare_dotted_pairs() {
    for kind in ["negative white", "negative black", "negative xv"] {
        four(&[kind]);
        four(&[kind, "white: r1c1 r1c2"]);
        four(&[kind, "black: r2c2 r2c3", "v: r3c3 r4c3"]);
    }
    four(&["negative white", "negative black"]);
    four(&["negative white", "negative xv", "sum 3: r1c1 r1c2"]);
    // Every dot of a grid, and the negative: the grid among the solutions.
    let g = digits(G4);
    for kind in [Negative::White, Negative::Black, Negative::Xv] {
        for seed in 1..4 {
            let mut all = dots_for(&g, 4, kind, &mut Rng::new(seed));
            all.push(Constraint::Negative(kind));
            assert!(agree(FOUR, &[0; 16], &all) > 0);
            assert!(brute_solutions(FOUR, &[0; 16], &all).contains(&g));
        }
    }
}

#[test]
fn impossible_constraints_leave_no_solution() {
    for lines in [
        &["cage 11: r1c1 r1c2 r1c3"][..],
        &["cage 5: r1c2 r2c2 r2c3"],
        &["little-killer 1: r1c1 r2c2"],
        &["arrow r1c1: r1c2 r1c3 r1c4"],
        &["arrow r1c1 r1c2: r2c1 r2c2"],
        &["thermo: r1c1 r1c2 r1c3 r1c4 r2c4"],
        &["white 4: r1c1 r2c1"],
        &["black 5: r1c1 r2c1"],
        &["x: r1c1 r2c1"],
        &["whispers 4: r1c1 r2c1"],
        &["renban: r1c1 r1c2 r1c3 r1c4 r2c4"],
        &["palindrome: r1c1 r1c2"],
        &["odd: r1c1", "odd: r1c2", "odd: r2c1"],
        &["even: r1c1", "even: r1c2", "even: r2c1"],
        &["quadruple 2 2: r1c1"],
        &["sandwich 6: r1"],
        // 1 and 4 at the ends of row 1, r1c1 inside a line.
        &["between: r1c1 r1c2 r1c3 r1c4", "between: r2c1 r1c1 r2c2"],
        &["thermo: r1c1 r1c2", "sum 7: r1c1 r1c2", "odd: r1c2"],
        // 1 and 4 at both ends of row 1, and at the top of column 2.
        &["sandwich 5: r1", "sandwich 5: c2"],
    ] {
        assert_eq!(four(lines), 0, "{lines:?}");
    }
    // A given that breaks a constraint.
    assert_eq!(four_with("2...............", &["odd: r1c1"]), 0);
    assert_eq!(four_with("12..............", &["black 3: r1c1 r1c2"]), 0);
    assert_eq!(four_with("12..............", &["negative white"]), 0);
}

// ---------------------------------------------------------------------------
// 6x6 with givens.

/// A 6x6 grid of boxes 2 high and 3 wide:
///
/// ```text
/// 2 6 1 | 3 5 4
/// 3 4 5 | 1 2 6
/// ------+------
/// 1 2 4 | 5 6 3
/// 5 3 6 | 4 1 2
/// ------+------
/// 4 1 2 | 6 3 5
/// 6 5 3 | 2 4 1
/// ```
const S6: &str = "261354345126124563536412412635653241";

/// The constraints that S6 keeps, one or more of each kind.
const S6_KEEPS: [&str; 22] = [
    "cage 8: r1c1 r1c2",
    "cage: r2c1 r3c1 r3c2",
    "little-killer 15: r1c4 r2c3 r3c2 r4c1",
    "arrow r1c2: r2c1 r3c1 r3c2",
    "arrow r4c5 r4c6: r5c5 r5c6 r6c5",
    "thermo: r3c1 r3c2 r2c2 r2c3",
    "white: r1c1 r2c1",
    "white 3: r5c1 r5c2",
    "black: r3c1 r3c2",
    "black 3: r1c2 r1c1",
    "v: r1c1 r2c1",
    "x: r4c3 r4c4",
    "whispers 3: r1c2 r1c3 r2c2",
    "renban: r3c3 r3c4 r3c5",
    "palindrome: r1c3 r1c4 r2c4",
    "odd: r1c4",
    "even: r1c2",
    "quadruple 1 1 3: r1c3",
    "sandwich 0: r1",
    "sandwich 9: c1",
    "between: r3c1 r4c2 r4c3",
    "sandwich 2: r2",
];

/// `solution` with `count` cells kept, chosen by `rng`, the others 0.
fn keep(solution: &[u8], count: usize, rng: &mut Rng) -> Vec<u8> {
    let mut order: Vec<usize> = (0..solution.len()).collect();
    rng.shuffle(&mut order);
    let mut givens = vec![0; solution.len()];
    for &p in &order[..count] {
        givens[p] = solution[p];
    }
    givens
}

#[test]
fn six_by_six_with_givens() {
    let s = digits(S6);
    for line in S6_KEEPS {
        let c = parse(&[line]);
        assert!(holds(&c[0], &s, 6, &c), "{line}");
    }
    let mut rng = Rng::new(66);
    for (k, line) in S6_KEEPS.iter().enumerate() {
        let givens = keep(&s, 12, &mut rng);
        let other = S6_KEEPS[(k * 7 + 3) % S6_KEEPS.len()];
        assert!(agree(SIX, &givens, &parse(&[line])) > 0, "{line}");
        assert!(agree(SIX, &givens, &parse(&[line, other])) > 0, "{line}");
    }
    // Constraints S6 breaks, on givens that leave room.
    for line in [
        "cage 9: r1c1 r1c2",
        "thermo: r1c1 r1c2 r1c3",
        "arrow r1c2 r1c3: r2c3 r3c3 r4c3",
        "white: r1c2 r1c3",
        "renban: r1c1 r1c2 r1c3",
        "sandwich 9: r1",
        "whispers 3: r1c1 r2c1",
    ] {
        agree(SIX, &keep(&s, 14, &mut rng), &parse(&[line]));
    }
    // Negatives with the dots of S6.
    for kind in [Negative::White, Negative::Black, Negative::Xv] {
        let mut all = dots_for(&s, 6, kind, &mut rng);
        all.push(Constraint::Negative(kind));
        assert!(agree(SIX, &keep(&s, 10, &mut rng), &all) > 0, "{kind:?}");
    }
    // A pill of 6x6: 12 to 65.
    agree(
        SIX,
        &keep(&s, 10, &mut rng),
        &parse(&["arrow r1c5 r1c6: r2c6 r3c6 r4c6"]),
    );
    assert_eq!(
        agree(
            SIX,
            &keep(&s, 14, &mut rng),
            &parse(&["thermo: r1c1 r1c2 r1c3 r1c4 r1c5 r1c6 r2c6"])
        ),
        0
    );
}

// ---------------------------------------------------------------------------
// Random layouts.

/// Xorshift64: the tests' random numbers, the same on every platform.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        // Splitmix64 of the seed: neighbouring seeds start far apart.
        let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        Rng((z ^ (z >> 31)) | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in 0..k.
    fn below(&mut self, k: usize) -> usize {
        (self.next() % k as u64) as usize
    }

    /// A number in lo..=hi.
    fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }

    /// True once in `k` times.
    fn one_in(&mut self, k: usize) -> bool {
        self.below(k) == 0
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// The cells next to `cell` on a grid of side `n`: orthogonal ones, and
/// diagonal ones when `diagonal`.
fn neighbours((r, c): Cell, n: usize, diagonal: bool) -> Vec<Cell> {
    let mut all = Vec::new();
    for (dr, dc) in [
        (-1, 0),
        (1, 0),
        (0, -1),
        (0, 1),
        (-1, -1),
        (-1, 1),
        (1, -1),
        (1, 1),
    ] {
        if !diagonal && dr != 0 && dc != 0 {
            continue;
        }
        let (nr, nc) = (r as isize + dr, c as isize + dc);
        if (0..n as isize).contains(&nr) && (0..n as isize).contains(&nc) {
            all.push((nr as usize, nc as usize));
        }
    }
    all
}

fn random_cell(rng: &mut Rng, n: usize) -> Cell {
    (rng.below(n), rng.below(n))
}

/// Extends `path` (not empty) by up to `more` cells, each a neighbour of
/// the last not yet on it; shorter when it gets stuck.
fn extend(rng: &mut Rng, n: usize, path: &mut Vec<Cell>, more: usize, diagonal: bool) {
    for _ in 0..more {
        let last = *path.last().unwrap();
        let free: Vec<Cell> = neighbours(last, n, diagonal)
            .into_iter()
            .filter(|c| !path.contains(c))
            .collect();
        if free.is_empty() {
            return;
        }
        path.push(rng.pick(&free));
    }
}

/// A line of `lo..=hi` cells, a walk by orthogonal and diagonal steps that
/// never meets itself.
fn random_line(rng: &mut Rng, n: usize, lo: usize, hi: usize) -> Vec<Cell> {
    let len = rng.range(lo, hi);
    loop {
        let mut line = vec![random_cell(rng, n)];
        extend(rng, n, &mut line, len - 1, true);
        if line.len() >= lo {
            return line;
        }
    }
}

/// `size` cells connected by orthogonal steps.
fn random_region(rng: &mut Rng, n: usize, size: usize) -> Vec<Cell> {
    let mut region = vec![random_cell(rng, n)];
    while region.len() < size {
        let grow: Vec<Cell> = region
            .iter()
            .flat_map(|&c| neighbours(c, n, false))
            .filter(|c| !region.contains(c))
            .collect();
        region.push(rng.pick(&grow));
    }
    region
}

/// Up to `most` cells along a diagonal, from a random cell.
fn random_diagonal(rng: &mut Rng, n: usize, most: usize) -> Vec<Cell> {
    let (dr, dc): (isize, isize) = rng.pick(&[(-1, -1), (-1, 1), (1, -1), (1, 1)]);
    let (r, c) = random_cell(rng, n);
    let on_grid =
        |&(r, c): &(isize, isize)| (0..n as isize).contains(&r) && (0..n as isize).contains(&c);
    (0..rng.range(1, most) as isize)
        .map(|k| (r as isize + k * dr, c as isize + k * dc))
        .take_while(on_grid)
        .map(|(r, c)| (r as usize, c as usize))
        .collect()
}

/// Two orthogonal neighbours, in random order.
fn random_pair(rng: &mut Rng, n: usize) -> [Cell; 2] {
    let p = random_cell(rng, n);
    [p, rng.pick(&neighbours(p, n, false))]
}

/// A number of `lo..=hi` widened by one each way, so that some draws are
/// out of reach.
fn near(rng: &mut Rng, lo: usize, hi: usize) -> u32 {
    rng.range(lo.saturating_sub(1), hi + 1) as u32
}

/// Equal-sum cages: two or three groups of 1 to 3 cells, no cell in two.
fn random_equal_sum(rng: &mut Rng, n: usize) -> Constraint {
    let mut groups: Vec<Vec<Cell>> = Vec::new();
    let mut used: Vec<Cell> = Vec::new();
    for _ in 0..rng.range(2, 3) {
        let size = rng.range(1, 3);
        let mut group = Vec::new();
        while group.len() < size {
            let cell = random_cell(rng, n);
            if !used.contains(&cell) {
                used.push(cell);
                group.push(cell);
            }
        }
        groups.push(group);
    }
    Constraint::EqualSum { groups }
}

/// A random constraint that fits a grid of side `n`.
fn random_constraint(rng: &mut Rng, n: usize) -> Constraint {
    let top = |k: usize| (n + 1 - k..=n).sum::<usize>();
    match rng.below(35) {
        0 | 1 => {
            let size = rng.range(1, n.min(5));
            let cells = random_region(rng, n, size);
            let sum = (!rng.one_in(5)).then(|| near(rng, size * (size + 1) / 2, top(size)));
            Constraint::Cage { cells, sum }
        }
        2 => {
            let cells = random_diagonal(rng, n, n);
            let sum = near(rng, cells.len(), n * cells.len());
            Constraint::LittleKiller { cells, sum }
        }
        3 | 4 => {
            let (size, length) = match rng.below(20) {
                0 => (3, rng.range(2, 6)),
                1..=4 => (2, rng.range(2, 8)),
                _ => (1, rng.range(1, 3)),
            };
            loop {
                let mut circle = vec![random_cell(rng, n)];
                extend(rng, n, &mut circle, size - 1, false);
                let mut path = circle.clone();
                let diagonal = !rng.one_in(3);
                extend(rng, n, &mut path, length, diagonal);
                if circle.len() == size && path.len() > size {
                    let line = path.split_off(size);
                    break Constraint::Arrow { circle, line };
                }
            }
        }
        5 => {
            let most = if rng.one_in(8) { n + 1 } else { n.min(4) };
            Constraint::Thermometer {
                cells: random_line(rng, n, 2, most),
            }
        }
        6 => Constraint::Difference {
            cells: random_pair(rng, n),
            difference: if rng.one_in(2) {
                1
            } else {
                rng.range(1, n) as u8
            },
        },
        7 => Constraint::Ratio {
            cells: random_pair(rng, n),
            ratio: rng.pick(&[2, 2, 2, 3, 4, 1, 5]),
        },
        8 => {
            let sum = match rng.below(3) {
                0 => 5,
                1 => 10,
                _ => rng.range(2, 2 * n) as u32,
            };
            Constraint::Sum {
                cells: random_pair(rng, n),
                sum,
            }
        }
        9 => {
            let cells = random_line(rng, n, 2, 5);
            if rng.one_in(3) {
                Constraint::Whispers {
                    cells,
                    gap: rng.range(1, n) as u8,
                }
            } else {
                Constraint::whispers(cells, n)
            }
        }
        10 => Constraint::Renban {
            cells: random_line(rng, n, 2, n + 1),
        },
        11 => Constraint::Palindrome {
            cells: random_line(rng, n, 2, 6),
        },
        12 => Constraint::Odd(random_cell(rng, n)),
        13 => Constraint::Even(random_cell(rng, n)),
        14 => {
            let mut digits: Vec<u8> = (0..rng.range(1, 4))
                .map(|_| rng.range(1, n) as u8)
                .collect();
            digits.sort_unstable();
            Constraint::Quadruple {
                cell: (rng.below(n - 1), rng.below(n - 1)),
                digits,
            }
        }
        15 | 16 => {
            let k = rng.below(n);
            let line = if rng.one_in(2) {
                Line::Row(k)
            } else {
                Line::Column(k)
            };
            let sum = rng.range(0, top(n - 2) + 1) as u32;
            Constraint::Sandwich { line, sum }
        }
        17 => Constraint::Between {
            cells: random_line(rng, n, 2, 5),
        },
        34 => random_equal_sum(rng, n),
        33 => {
            let cells = random_line(rng, n, 2, 5.min(n));
            let sum = near(rng, 0, top(cells.len().saturating_sub(2)));
            Constraint::Lunchbox { cells, sum }
        }
        32 => Constraint::DoubleArrow {
            cells: random_line(rng, n, 3, 5),
        },
        31 => Constraint::Greater {
            cells: random_pair(rng, n),
        },
        25..=30 => {
            let cells = random_line(rng, n, 2, 5);
            match rng.below(7) {
                0 => Constraint::Zipper { cells },
                5 => Constraint::RegionSum { cells },
                1 => {
                    let sum = rng.range(n / 2 + 1, 2 * n) as u32;
                    Constraint::SumLine { cells, sum }
                }
                2 if n.is_multiple_of(3) => Constraint::Entropic { cells },
                2 | 3 => Constraint::Modular { cells },
                4 => Constraint::Lockout {
                    cells,
                    gap: rng.range(1, n / 2) as u8,
                },
                _ => Constraint::Parity { cells },
            }
        }
        24 => {
            let m = rng.range(1, 3);
            let shape = |rng: &mut Rng| {
                let mut cells: Vec<Cell> = Vec::new();
                while cells.len() < m {
                    let cell = random_cell(rng, n);
                    if !cells.contains(&cell) {
                        cells.push(cell);
                    }
                }
                cells
            };
            let cells = shape(rng);
            let clones = shape(rng);
            Constraint::Clone { cells, clones }
        }
        22 => Constraint::Minimum(random_cell(rng, n)),
        23 => Constraint::Maximum(random_cell(rng, n)),
        19..=21 => {
            let k = rng.below(n);
            let clue = rng.pick(&[
                Outside::Left(k),
                Outside::Right(k),
                Outside::Top(k),
                Outside::Bottom(k),
            ]);
            match rng.below(3) {
                0 => Constraint::Skyscraper {
                    clue,
                    count: rng.range(1, n) as u32,
                },
                1 => {
                    // X, then X - 1 other digits: a sum a line may have.
                    let x = rng.range(1, n);
                    let mut others: Vec<usize> = (1..=n).filter(|&d| d != x).collect();
                    rng.shuffle(&mut others);
                    let sum = x + others[..x - 1].iter().sum::<usize>();
                    Constraint::XSum {
                        clue,
                        sum: sum as u32,
                    }
                }
                _ => Constraint::NumberedRoom {
                    clue,
                    digit: rng.range(1, n) as u8,
                },
            }
        }
        _ => Constraint::Negative(rng.pick(&[Negative::White, Negative::Black, Negative::Xv])),
    }
}

/// A dot on every pair of orthogonal neighbours of `grid` that the
/// negative constraint `kind` bans, one the grid keeps, cells in random
/// order: a white or black dot of any number for the kropki kinds, an X or
/// V for XV.
fn dots_for(grid: &[u8], n: usize, kind: Negative, rng: &mut Rng) -> Vec<Constraint> {
    let mut dots = Vec::new();
    for p in 0..n * n {
        let (r, c) = (p / n, p % n);
        for q in [(r, c + 1), (r + 1, c)] {
            if q.0 >= n || q.1 >= n {
                continue;
            }
            let (a, b) = (grid[p], grid[q.0 * n + q.1]);
            let banned = match kind {
                Negative::White => a.abs_diff(b) == 1,
                Negative::Black => a == 2 * b || b == 2 * a,
                Negative::Xv => a + b == 5 || a + b == 10,
            };
            if !banned {
                continue;
            }
            let mut cells = [(r, c), q];
            rng.shuffle(&mut cells);
            let (lo, hi) = (a.min(b), a.max(b));
            let dot = match kind {
                Negative::Xv => Constraint::Sum {
                    cells,
                    sum: u32::from(a + b),
                },
                _ if hi % lo == 0 && rng.one_in(2) => Constraint::Ratio {
                    cells,
                    ratio: hi / lo,
                },
                _ => Constraint::Difference {
                    cells,
                    difference: hi - lo,
                },
            };
            dots.push(dot);
        }
    }
    dots
}

/// Up to `count` random constraints of side `n`; with `keep`, only ones
/// that `grid` keeps (as far as 100 draws find them).
fn random_constraints(
    rng: &mut Rng,
    n: usize,
    count: usize,
    keep: Option<&[u8]>,
) -> Vec<Constraint> {
    (0..count)
        .map(|_| {
            let mut c = random_constraint(rng, n);
            if let Some(grid) = keep {
                // Some kinds seldom hold by chance (palindromes, equal
                // sums): other draws of the same kind first.
                for _ in 0..200 {
                    if holds(&c, grid, n, std::slice::from_ref(&c)) {
                        break;
                    }
                    let d = random_constraint(rng, n);
                    if std::mem::discriminant(&d) == std::mem::discriminant(&c) {
                        c = d;
                    }
                }
                for _ in 0..100 {
                    if holds(&c, grid, n, std::slice::from_ref(&c)) {
                        break;
                    }
                    c = random_constraint(rng, n);
                }
            }
            c
        })
        .collect()
}

/// A random puzzle on the complete `grid` of side `n`: `givens` of its
/// cells, and 1 to 4 random constraints (half of the time ones the grid
/// keeps, so that the puzzle has a solution), or a negative constraint
/// with the dots of the grid.
fn random_puzzle(
    rng: &mut Rng,
    n: usize,
    grid: &[u8],
    givens: usize,
) -> (Vec<u8>, Vec<Constraint>) {
    let kept = rng.one_in(2).then_some(grid);
    let constraints = if rng.one_in(8) {
        let kind = rng.pick(&[Negative::White, Negative::Black, Negative::Xv]);
        let mut all = dots_for(grid, n, kind, rng);
        all.push(Constraint::Negative(kind));
        let more = rng.below(2);
        all.extend(random_constraints(rng, n, more, kept));
        rng.shuffle(&mut all);
        all
    } else {
        let count = rng.range(1, 4);
        random_constraints(rng, n, count, kept)
    };
    (keep(grid, givens, rng), constraints)
}

/// Compares the crate with the brute force on `cases` random puzzles of
/// `shape`, each on a complete grid that `grid` draws, with `lo..=hi`
/// givens. Every kind of constraint must turn up in puzzles with
/// solutions and in puzzles without.
fn random_cases(
    shape: Boxes,
    seed: u64,
    cases: usize,
    (lo, hi): (usize, usize),
    grid: &dyn Fn(&mut Rng) -> Vec<u8>,
) {
    let n = shape.side();
    let mut rng = Rng::new(seed);
    let mut kinds = [HashSet::new(), HashSet::new()];
    let mut removed = 0;
    for case in 0..cases {
        let complete = grid(&mut rng);
        assert!(is_grid_of(shape, &complete, &vec![0; n * n]));
        let givens = rng.range(lo, hi);
        let (givens, constraints) = random_puzzle(&mut rng, n, &complete, givens);
        let (count, taken) =
            std::panic::catch_unwind(|| agree_propagating(shape, &givens, &constraints))
                .unwrap_or_else(|_| panic!("random {n}x{n} case {case} of seed {seed}"));
        removed += taken;
        // A kind is its keyword; the negative rules are one kind, and so
        // are X, V and other sums of two.
        let kind = |c: &Constraint| {
            let text = c.to_string();
            let word = text.split([' ', ':']).next().unwrap_or("").to_string();
            match c {
                Constraint::Negative(_) => "negative".to_string(),
                Constraint::Sum { .. } => "x, v or sum".to_string(),
                _ => word,
            }
        };
        kinds[usize::from(count > 0)].extend(constraints.iter().map(kind));
    }
    // The propagation was tried, not idle.
    assert!(removed > 0, "placements taken out by the propagation");
    let [impossible, solvable] = kinds;
    let mut all: Vec<&String> = solvable.union(&impossible).collect();
    all.sort();
    assert_eq!(
        (solvable.len(), impossible.len()),
        (kinds_on(n), kinds_on(n)),
        "kinds of constraint in solvable and impossible puzzles; all seen: {all:?}; \
         solvable: {solvable:?}"
    );
}

/// The kinds of constraint, as `random_constraint` draws them.
const KINDS: usize = 33;

/// The kinds `random_constraint` draws on a grid of side `n`: entropic
/// lines only where the side splits in thirds.
fn kinds_on(n: usize) -> usize {
    if n.is_multiple_of(3) {
        KINDS
    } else {
        KINDS - 1
    }
}

#[test]
fn random_4x4_layouts_agree_with_the_brute_force() {
    let grids: Vec<Vec<u8>> = brute_solutions(FOUR, &[0; 16], &[]).into_iter().collect();
    random_cases(FOUR, 1, 500, (0, 4), &|rng| {
        grids[rng.below(grids.len())].clone()
    });
}

#[test]
fn random_6x6_layouts_with_givens_agree_with_the_brute_force() {
    random_cases(SIX, 6, 250, (10, 16), &random_grid6);
}

#[test]
#[ignore = "long (20 s): run with cargo test -p sudoku-dlx --test constraints -- --ignored"]
fn many_random_layouts_agree_with_the_brute_force() {
    let grids: Vec<Vec<u8>> = brute_solutions(FOUR, &[0; 16], &[]).into_iter().collect();
    for seed in 100..110 {
        random_cases(FOUR, seed, 1000, (0, 4), &|rng| {
            grids[rng.below(grids.len())].clone()
        });
        random_cases(SIX, seed, 1500, (8, 16), &random_grid6);
    }
}

/// A killer on the complete `grid` of side `n`: cages of 1 to 4
/// neighbouring cells with distinct digits cover the grid, most with the
/// sum of their digits, some without a sum, and now and then one sum off
/// by one (a puzzle that may have no solution).
fn random_killer(rng: &mut Rng, n: usize, grid: &[u8]) -> Vec<Constraint> {
    let mut free = vec![true; n * n];
    let mut cages = Vec::new();
    while let Some(start) = (0..n * n).find(|&c| free[c]) {
        free[start] = false;
        let mut cells = vec![(start / n, start % n)];
        let size = rng.range(1, 4);
        while cells.len() < size {
            let grow: Vec<Cell> = cells
                .iter()
                .flat_map(|&c| neighbours(c, n, false))
                .filter(|&(r, c)| free[r * n + c])
                .filter(|&(r, c)| {
                    cells
                        .iter()
                        .all(|&(s, t)| grid[s * n + t] != grid[r * n + c])
                })
                .collect();
            if grow.is_empty() {
                break;
            }
            let (r, c) = rng.pick(&grow);
            free[r * n + c] = false;
            cells.push((r, c));
        }
        let digits: u32 = cells.iter().map(|&(r, c)| u32::from(grid[r * n + c])).sum();
        let sum = match rng.below(12) {
            0 | 1 => None,
            2 => Some(digits + 1),
            _ => Some(digits),
        };
        rng.shuffle(&mut cells);
        cages.push(Constraint::Cage { cells, sum });
    }
    cages
}

/// Killers with the propagation of their cages and of the sums houses
/// and cages imply together (the 45 rule), against the brute force.
#[test]
fn random_killers_agree_with_the_brute_force() {
    let grids: Vec<Vec<u8>> = brute_solutions(FOUR, &[0; 16], &[]).into_iter().collect();
    let mut rng = Rng::new(45);
    let mut removed = 0;
    let mut solvable = 0;
    for case in 0..300 {
        let (shape, grid, givens) = if case % 3 == 2 {
            (SIX, random_grid6(&mut rng), rng.range(8, 14))
        } else {
            (FOUR, grids[rng.below(grids.len())].clone(), rng.range(0, 2))
        };
        let n = shape.side();
        let cages = random_killer(&mut rng, n, &grid);
        let givens = keep(&grid, givens, &mut rng);
        let (count, taken) = std::panic::catch_unwind(|| agree_propagating(shape, &givens, &cages))
            .unwrap_or_else(|_| panic!("random {n}x{n} killer, case {case}"));
        removed += taken;
        solvable += usize::from(count > 0);
    }
    assert!(removed > 0, "placements taken out by the propagation");
    assert!(
        (100..300).contains(&solvable),
        "{solvable} killers with solutions"
    );
}

/// S6 with its digits relabelled, its bands, stacks, and rows and columns
/// within them shuffled: a random grid of 6x6.
fn random_grid6(rng: &mut Rng) -> Vec<u8> {
    let s = digits(S6);
    let mut relabel: Vec<u8> = (1..=6).collect();
    rng.shuffle(&mut relabel);
    let mut bands = [0, 1, 2];
    rng.shuffle(&mut bands);
    let rows: Vec<usize> = bands
        .iter()
        .flat_map(|&b| {
            let mut pair = [2 * b, 2 * b + 1];
            rng.shuffle(&mut pair);
            pair
        })
        .collect();
    let mut stacks = [0, 1];
    rng.shuffle(&mut stacks);
    let cols: Vec<usize> = stacks
        .iter()
        .flat_map(|&k| {
            let mut three = [3 * k, 3 * k + 1, 3 * k + 2];
            rng.shuffle(&mut three);
            three
        })
        .collect();
    let mut grid = vec![0; 36];
    for r in 0..6 {
        for c in 0..6 {
            grid[r * 6 + c] = relabel[usize::from(s[rows[r] * 6 + cols[c]]) - 1];
        }
    }
    grid
}

#[test]
fn constraint_text_round_trips() {
    let mut rng = Rng::new(42);
    for _ in 0..2000 {
        let n = rng.pick(&[4, 6, 9, 12, 16, 25]);
        let c = random_constraint(&mut rng, n);
        let line = c.to_string();
        assert_eq!(line.parse::<Constraint>().as_ref(), Ok(&c), "{line}");
    }
    // Numbers far from any grid's, cells past r9c9.
    for c in [
        Constraint::Cage {
            cells: vec![(0, 0), (10, 11)],
            sum: Some(u32::MAX),
        },
        Constraint::Cage {
            cells: vec![(48, 48)],
            sum: None,
        },
        Constraint::LittleKiller {
            cells: vec![(3, 0)],
            sum: 0,
        },
        Constraint::Arrow {
            circle: vec![(0, 0), (0, 1), (0, 2)],
            line: vec![(1, 2)],
        },
        Constraint::Difference {
            cells: [(1, 0), (0, 0)],
            difference: 255,
        },
        Constraint::Ratio {
            cells: [(0, 0), (0, 1)],
            ratio: 1,
        },
        Constraint::Sum {
            cells: [(0, 0), (0, 1)],
            sum: 0,
        },
        Constraint::Whispers {
            cells: vec![(0, 0), (1, 1)],
            gap: 5,
        },
        Constraint::Whispers {
            cells: vec![(0, 0), (1, 1)],
            gap: 1,
        },
        Constraint::Quadruple {
            cell: (7, 7),
            digits: vec![9, 9, 9, 9],
        },
        Constraint::Sandwich {
            line: Line::Column(24),
            sum: 0,
        },
        Constraint::Negative(Negative::Xv),
    ] {
        let line = c.to_string();
        assert_eq!(line.parse::<Constraint>().as_ref(), Ok(&c), "{line}");
    }
}
