//! Making puzzles: generated puzzles checked by an independent counter
//! (unique, minimal, symmetric, the same for a seed), canonical forms of
//! transformed puzzles, and ratings of known puzzles.

#![allow(clippy::needless_range_loop)]

use sudoku_dlx::{
    Canon, Difficulty, Generator, Grid, Layout, Puzzles, SudokuSolver, Symmetry, Variant,
};

/// A plain backtracking counter, sharing nothing with the exact-cover
/// solver: the houses come from placing each digit on an empty grid and
/// reading which cells `Grid::check` says it conflicts with, the rules
/// likewise. Cells are filled in the order of fewest candidates.
struct Counter {
    n: usize,
    /// For each cell, the cells that may not hold its digit, and those
    /// that may not hold a digit one apart from it.
    same: Vec<Vec<usize>>,
    apart: Vec<Vec<usize>>,
    /// Rows, columns and regions, for branching on a house's digit.
    houses: Vec<Vec<usize>>,
}

impl Counter {
    fn new(layout: &Layout) -> Counter {
        let n = layout.side();
        let mut same = vec![Vec::new(); n * n];
        let mut apart = vec![Vec::new(); n * n];
        let at = |p: usize| (p / n, p % n);
        for p in 0..n * n {
            for q in 0..n * n {
                let ((r, c), (s, t)) = (at(p), at(q));
                if p != q && (r == s || c == t || layout.region(r, c) == layout.region(s, t)) {
                    same[p].push(q);
                }
            }
        }
        // Extra houses and rules: the pairs `Grid::check` finds in conflict.
        if layout.variants().next().is_some() {
            let empty = Grid::empty_in(layout);
            for p in 0..n * n {
                for q in 0..n * n {
                    if p == q {
                        continue;
                    }
                    let mut grid = empty.clone();
                    grid.set(p / n, p % n, 2).unwrap();
                    grid.set(q / n, q % n, 2).unwrap();
                    if !same[p].contains(&q) && grid.check().is_err() {
                        same[p].push(q);
                    }
                    grid.set(q / n, q % n, 3).unwrap();
                    if grid.check().is_err() {
                        apart[p].push(q);
                    }
                }
            }
        }
        let mut houses = vec![Vec::new(); 3 * n];
        for p in 0..n * n {
            let (r, c) = at(p);
            houses[r].push(p);
            houses[n + c].push(p);
            houses[2 * n + layout.region(r, c)].push(p);
        }
        Counter {
            n,
            same,
            apart,
            houses,
        }
    }

    fn candidates(&self, cells: &[u8], cell: usize) -> u64 {
        let mut mask = ((1u64 << self.n) - 1) << 1;
        for &p in &self.same[cell] {
            mask &= !(1u64 << cells[p]);
        }
        for &p in &self.apart[cell] {
            let d = cells[p];
            if d != 0 {
                mask &= !(1u64 << (d - 1) | 1u64 << (d + 1));
            }
        }
        mask & !1
    }

    /// Solutions of `cells`, counted up to `max`.
    fn count(&self, cells: &mut [u8], max: u64) -> u64 {
        let mut best: Option<(usize, u64)> = None;
        for cell in 0..cells.len() {
            if cells[cell] != 0 {
                continue;
            }
            let mask = self.candidates(cells, cell);
            if best.is_none_or(|(_, m)| mask.count_ones() < m.count_ones()) {
                best = Some((cell, mask));
                if mask.count_ones() <= 1 {
                    break;
                }
            }
        }
        let Some((cell, mask)) = best else { return 1 };
        // A digit with fewer places in a house than the cell has digits.
        let mut places: Option<(u8, Vec<usize>)> = None;
        if mask.count_ones() > 1 {
            let masks: Vec<u64> = (0..cells.len())
                .map(|e| {
                    if cells[e] == 0 {
                        self.candidates(cells, e)
                    } else {
                        0
                    }
                })
                .collect();
            'houses: for house in &self.houses {
                for d in 1..=self.n as u8 {
                    if house.iter().any(|&e| cells[e] == d) {
                        continue;
                    }
                    let at: Vec<usize> = house
                        .iter()
                        .copied()
                        .filter(|&e| masks[e] >> d & 1 == 1)
                        .collect();
                    let fewest = places
                        .as_ref()
                        .map_or(mask.count_ones() as usize, |p| p.1.len());
                    if at.len() < fewest {
                        let done = at.len() <= 1;
                        places = Some((d, at));
                        if done {
                            break 'houses;
                        }
                    }
                }
            }
        }
        let mut found = 0;
        if let Some((d, at)) = places {
            for e in at {
                cells[e] = d;
                found += self.count(cells, max - found);
                cells[e] = 0;
                if found >= max {
                    break;
                }
            }
            return found;
        }
        for d in 1..=self.n as u8 {
            if mask >> d & 1 == 1 {
                cells[cell] = d;
                found += self.count(cells, max - found);
                cells[cell] = 0;
                if found >= max {
                    break;
                }
            }
        }
        found
    }

    fn count_grid(&self, grid: &Grid, max: u64) -> u64 {
        if grid.check().is_err() {
            return 0;
        }
        self.count(&mut grid.cells().to_vec(), max)
    }
}

/// Checks the puzzles of `seeds`: one solution each, minimal under the
/// symmetry (every orbit taken away leaves several), the symmetry kept.
///
/// Up to 9x9 the minimality is checked by the independent counter too;
/// beyond, where plain backtracking is slow on puzzles of few givens, by the
/// engine's count (not the generator's test).
fn check_generated(layout: &Layout, symmetry: Symmetry, seeds: std::ops::Range<u64>) {
    let counter = Counter::new(layout);
    let mut generator = Generator::new(layout).symmetry(symmetry);
    let n = layout.side();
    for seed in seeds {
        let puzzle = generator.generate(seed).unwrap();
        let at = format!("{layout}, {symmetry}, seed {seed}: {puzzle}");
        assert_eq!(puzzle.layout(), layout);
        assert_eq!(counter.count_grid(&puzzle, 2), 1, "{at}");
        assert!(symmetry.holds(&puzzle), "{at}");
        assert!(generator.is_minimal(), "{at}");
        let mut done = vec![false; n * n];
        for cell in 0..n * n {
            if puzzle.cells()[cell] == 0 || done[cell] {
                continue;
            }
            let mut fewer = puzzle.cells().to_vec();
            for (r, c) in symmetry.orbit(n, cell / n, cell % n) {
                done[r * n + c] = true;
                fewer[r * n + c] = 0;
            }
            let fewer = Grid::from_cells_in(layout, fewer).unwrap();
            let count = if n <= 9 {
                counter.count_grid(&fewer, 2)
            } else {
                fewer.count_solutions_up_to(2).unwrap()
            };
            assert_eq!(count, 2, "{at}: r{}c{} can go", cell / n + 1, cell % n + 1);
        }
    }
}

#[test]
fn generated_puzzles_are_unique_and_minimal_in_every_size() {
    check_generated(&Layout::square(2).unwrap(), Symmetry::None, 0..50);
    check_generated(&Layout::boxes(2, 3).unwrap(), Symmetry::None, 0..30);
    check_generated(&Layout::square(3).unwrap(), Symmetry::None, 0..30);
    check_generated(&Layout::boxes(3, 4).unwrap(), Symmetry::None, 0..3);
    check_generated(&Layout::square(4).unwrap(), Symmetry::None, 0..1);
}

#[test]
fn generated_puzzles_keep_their_symmetry() {
    let nine = Layout::square(3).unwrap();
    for symmetry in Symmetry::ALL {
        check_generated(&nine, symmetry, 0..5);
    }
    check_generated(&Layout::boxes(2, 3).unwrap(), Symmetry::Rotate90, 0..10);
}

#[test]
fn generated_puzzles_of_a_jigsaw_and_of_variants() {
    let jigsaw = Layout::jigsaw(
        "AAABBBBCC
         AAABBBCCC
         AADBECCCC
         ADDBEEEFF
         DDDEEEFFF
         DDGEEFFFF
         DGGHHIIII
         GGGHHHIII
         GGGHHHHII",
    )
    .unwrap();
    check_generated(&jigsaw, Symmetry::None, 0..5);
    check_generated(&jigsaw, Symmetry::Rotate180, 0..3);
    let x = Layout::square(3).unwrap().with_variant(Variant::X).unwrap();
    check_generated(&x, Symmetry::None, 0..5);
    let knight = Layout::square(3)
        .unwrap()
        .with_variant(Variant::AntiKnight)
        .unwrap();
    check_generated(&knight, Symmetry::Mirror, 0..3);
    let nc = Layout::boxes(2, 3)
        .unwrap()
        .with_variant(Variant::NonConsecutive)
        .unwrap();
    check_generated(&nc, Symmetry::None, 0..5);
}

/// The layout of the first puzzle of `text` (the text form), as
/// `dlx generate --constraints` takes it.
fn layout_of(text: &str) -> Layout {
    let record = Puzzles::new(text.as_bytes()).next().unwrap().unwrap();
    record.result.unwrap().layout().clone()
}

/// Checks the puzzles of `seeds` of a layout with constraints, which the
/// backtracking counter does not read, by the ordinary solver (its
/// matrix, propagation and searches, not the generator's tests): each
/// puzzle made has one solution, is said to be minimal, and loses it
/// when any one given goes. Returns the givens of each puzzle.
fn check_generated_with_constraints(layout: &Layout, seeds: std::ops::Range<u64>) -> Vec<usize> {
    assert!(!layout.constraints().is_empty());
    let mut solver = SudokuSolver::for_layout(layout);
    let mut generator = Generator::new(layout);
    let n = layout.side();
    let mut givens = Vec::new();
    for seed in seeds {
        let puzzle = generator.generate(seed).unwrap();
        let at = format!("{layout}, seed {seed}: {puzzle}");
        assert_eq!(puzzle.layout(), layout, "{at}");
        assert_eq!(solver.count_solutions_up_to(&puzzle, 2).unwrap(), 1, "{at}");
        assert!(generator.is_minimal(), "{at}");
        for cell in (0..n * n).filter(|&c| puzzle.cells()[c] != 0) {
            let mut fewer = puzzle.clone();
            fewer.set(cell / n, cell % n, 0).unwrap();
            let count = solver.count_solutions_up_to(&fewer, 2).unwrap();
            assert_eq!(count, 2, "{at}: r{}c{} can go", cell / n + 1, cell % n + 1);
        }
        givens.push(puzzle.givens());
    }
    givens
}

#[test]
fn generated_puzzles_of_a_cage_layout_are_unique_and_minimal() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/sudoku/variants/cages.txt"
    );
    let layout = layout_of(&std::fs::read_to_string(path).unwrap());
    assert_eq!(layout.constraints().len(), 8);
    check_generated_with_constraints(&layout, 0..3);
}

#[test]
fn generated_puzzles_of_a_killer_layout_need_no_givens() {
    // A killer made from cages alone has one solution without givens:
    // every given of a puzzle of its layout can go.
    let killer = Generator::new(&Layout::boxes(2, 3).unwrap())
        .killer(Some(5))
        .generate(7)
        .unwrap();
    let layout = killer.layout();
    assert_eq!(killer.count_solutions_up_to(2).unwrap(), 1);
    let givens = check_generated_with_constraints(layout, 0..5);
    assert_eq!(givens, [0; 5]);
}

#[test]
fn generated_puzzles_with_lines_dots_and_arrows_are_unique_and_minimal() {
    // Layouts with many grids, so that the puzzles need givens.
    let six = layout_of(
        "size 6
         thermo: r3c4 r2c4 r1c5 r1c6
         white: r5c6 r6c6
         black: r4c1 r5c1
         arrow r3c3: r4c2 r4c1
         v: r4c5 r4c6
         even: r6c2",
    );
    let nine = layout_of(
        "size 9
         thermo: r1c1 r2c2 r3c3 r4c4
         thermo: r9c1 r8c1 r7c1
         arrow r5c5: r5c6 r5c7 r6c8
         whispers: r2c7 r3c8 r4c9
         renban: r7c5 r8c5 r9c5
         palindrome: r6c1 r6c2 r7c3 r7c4
         x: r8c8 r8c9
         odd: r9c9
         little-killer 23: r1c9 r2c8 r3c7 r4c6",
    );
    for (layout, seeds) in [(six, 0..10), (nine, 0..3)] {
        assert_eq!(Grid::empty_in(&layout).count_solutions_up_to(2).unwrap(), 2);
        let givens = check_generated_with_constraints(&layout, seeds);
        assert!(givens.iter().all(|&g| g > 0), "{layout}: {givens:?}");
    }
}

#[test]
fn a_seed_names_one_puzzle_and_seeds_differ() {
    let layout = Layout::square(3).unwrap();
    let mut a = Generator::new(&layout);
    let mut b = Generator::new(&layout);
    let first: Vec<Grid> = (0..10).map(|s| a.generate(s).unwrap()).collect();
    // Another generator, seeds in another order: the same puzzles.
    for s in (0..10).rev() {
        assert_eq!(b.generate(s).unwrap(), first[s as usize]);
    }
    let mut distinct = first.clone();
    distinct.sort_by_key(|g| g.to_string());
    distinct.dedup();
    assert_eq!(distinct.len(), 10);
}

#[test]
fn a_number_of_givens_stops_early() {
    let layout = Layout::square(3).unwrap();
    let counter = Counter::new(&layout);
    let mut generator = Generator::new(&layout).givens(Some(40));
    for seed in 0..10 {
        let puzzle = generator.generate(seed).unwrap();
        assert_eq!(puzzle.givens(), 40, "{puzzle}");
        assert_eq!(counter.count_grid(&puzzle, 2), 1);
    }
    let mut generator = Generator::new(&layout).givens(Some(17));
    let puzzle = generator.generate(0).unwrap();
    assert!(puzzle.givens() > 17, "minimal before 17: {puzzle}");
}

#[test]
fn a_node_limit_per_trial_keeps_puzzles_unique_and_says_when_not_minimal() {
    let nine = Layout::square(3).unwrap();
    let counter = Counter::new(&nine);
    let mut plain = Generator::new(&nine);
    let mut roomy = Generator::new(&nine).trial_nodes(Some(1 << 40));
    let mut tight = Generator::new(&nine).trial_nodes(Some(20));
    let mut cut = 0;
    for seed in 0..20 {
        // A limit no search reaches changes nothing.
        let puzzle = plain.generate(seed).unwrap();
        assert_eq!(roomy.generate(seed).unwrap(), puzzle);
        assert!(roomy.is_minimal());
        // A search that would find another solution walks down to a full
        // grid, some 50 nodes: under 20, such givens stay.
        let kept = tight.generate(seed).unwrap();
        assert_eq!(counter.count_grid(&kept, 2), 1, "seed {seed}: {kept}");
        cut += u32::from(!tight.is_minimal());
    }
    assert!(cut > 0, "no trial passed 20 nodes");
    // A --givens target: not minimal either.
    let mut early = Generator::new(&nine).givens(Some(60));
    early.generate(1).unwrap();
    assert!(!early.is_minimal());
}

#[test]
fn large_puzzles_are_unique() {
    let layout = Layout::square(5).unwrap();
    let puzzle = Generator::new(&layout)
        .givens(Some(400))
        .generate(1)
        .unwrap();
    assert_eq!(puzzle.count_solutions_up_to(2).unwrap(), 1);
    let counter = Counter::new(&layout);
    assert_eq!(counter.count_grid(&puzzle, 2), 1);
}

const SEVENTEEN: &str =
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";

#[test]
fn canonical_forms_of_transformed_puzzles_agree() {
    for text in [
        SEVENTEEN,
        "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....",
        "1.3...2.3.....4.",
    ] {
        let puzzle = Grid::parse(text).unwrap();
        for canon in [Canon::Minlex, Canon::Maxlex] {
            let form = puzzle.canonical_in(canon).unwrap();
            assert_eq!(form.canonical_in(canon).unwrap(), form, "idempotent");
            assert_eq!(form.givens(), puzzle.givens());
            assert_eq!(
                form.count_solutions_up_to(100).unwrap(),
                puzzle.count_solutions_up_to(100).unwrap()
            );
            for seed in 0..100 {
                let moved = puzzle.transform(seed).unwrap();
                assert_eq!(moved.givens(), puzzle.givens());
                assert_eq!(moved.canonical_in(canon).unwrap(), form, "seed {seed}");
            }
        }
        // Minlex opens with the empty cells, maxlex with the givens.
        let (min, max) = (
            puzzle.canonical().unwrap().to_string(),
            puzzle.canonical_in(Canon::Maxlex).unwrap().to_string(),
        );
        assert!(min.starts_with('.'), "{min}");
        assert!(
            max.starts_with(if text.len() == 16 { '4' } else { '9' }),
            "{max}"
        );
        assert_eq!(
            puzzle.canonical().unwrap(),
            Grid::parse(&max).unwrap().canonical().unwrap()
        );
    }
}

#[test]
fn canonical_forms_of_rectangular_boxes_and_full_grids() {
    let six = Layout::boxes(2, 3).unwrap();
    let mut generator = Generator::new(&six);
    for seed in 0..10 {
        let puzzle = generator.generate(seed).unwrap();
        let form = puzzle.canonical().unwrap();
        for t in 0..20 {
            assert_eq!(puzzle.transform(t).unwrap().canonical().unwrap(), form);
        }
    }
    let full = Grid::parse(SEVENTEEN).unwrap().solution().unwrap();
    let form = full.canonical().unwrap();
    assert_eq!(full.transform(3).unwrap().canonical().unwrap(), form);
    // A grid's form starts 123456789: its first row relabelled.
    assert!(form.to_string().starts_with("123456789"), "{form}");
}

#[test]
fn different_puzzles_have_different_forms() {
    let a = Grid::parse(SEVENTEEN).unwrap();
    let b = Grid::parse(
        ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....",
    )
    .unwrap();
    assert_ne!(a.canonical().unwrap(), b.canonical().unwrap());
}

#[test]
fn other_layouts_have_no_canonical_form() {
    let x = Layout::square(3).unwrap().with_variant(Variant::X).unwrap();
    let error = Grid::empty_in(&x).canonical().unwrap_err();
    assert_eq!(
        error.to_string(),
        "canonical forms and transformations need boxes without variants, not 9x9 with 3x3 boxes, x"
    );
    assert!(Grid::empty_in(&x).transform(1).is_err());
}

#[test]
fn forced_puzzles_rate_zero_and_guesses_more() {
    let easy = Grid::parse(
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    )
    .unwrap();
    let rating = easy.rate().unwrap();
    assert_eq!(rating.score, 0.0);
    assert_eq!(rating.difficulty, Difficulty::Forced);
    // Counted by hand: one node per empty cell and one for the solution.
    assert_eq!(rating.nodes, vec![52; 4]);
    let hard = Grid::parse(SEVENTEEN).unwrap();
    assert!(hard.rate().unwrap().score > 0.0);
    assert_eq!(hard.rate().unwrap(), hard.rate().unwrap(), "deterministic");
    assert!(Grid::empty(2).unwrap().rate().is_err());
}

#[test]
fn the_exact_cover_problem_counts_the_same() {
    let layout = Layout::boxes(2, 3)
        .unwrap()
        .with_variant(Variant::AntiKing)
        .unwrap();
    let mut generator = Generator::new(&layout).givens(Some(12));
    let mut puzzle = generator.generate(4).unwrap();
    let n = layout.side();
    // Fewer givens: several solutions to count.
    for cell in 0..n * n {
        if puzzle.cells()[cell] != 0 && puzzle.givens() > 6 {
            puzzle.set(cell / n, cell % n, 0).unwrap();
        }
    }
    let problem = puzzle.to_problem().unwrap();
    let count = dlx::Solver::new(&problem).count();
    assert_eq!(count, Counter::new(&layout).count_grid(&puzzle, u64::MAX));
    assert!(count > 1);
    // The items are named for people: cells, then digits in rows,
    // columns and boxes, then the rule's secondary items.
    let name = |k: usize| problem.item_name(k).unwrap().to_string();
    assert_eq!(name(0), "r1c1");
    assert_eq!(name(n * n - 1), "r6c6");
    assert_eq!(name(n * n), "r1=1");
    assert_eq!(name(n * n + n * n + 2), "c1=3");
    assert_eq!(name(4 * n * n - 1), "b6=6");
    assert_eq!(name(problem.primary_count()), "k1");
    let x = Layout::square(3).unwrap().with_variant(Variant::X).unwrap();
    let problem = Grid::empty_in(&x).to_problem().unwrap();
    assert_eq!(problem.item_name(81 + 27 * 9).unwrap(), "h1=1");
}
