//! Memoized counting against brute force and the plain count, and board
//! counts from the literature and from a transfer matrix written here.

#[allow(dead_code)] // not every helper is used here
mod common;

use dlx::{ErrorKind, Limits, Memo, Order, Outcome, Problem, Solver};
use proptest::prelude::*;

use common::{brute_force, build, held, Spec};

/// A small random exact cover problem with secondary items and colors,
/// with enough options on few items that subproblems repeat.
fn spec() -> impl Strategy<Value = Spec> {
    (1usize..=7, 0usize..=3).prop_flat_map(|(primary, secondary)| {
        let n = primary + secondary;
        let option =
            proptest::collection::btree_map(0..n, 0u32..=2, 1..=n.min(3)).prop_map(move |items| {
                items
                    .into_iter()
                    .map(|(item, color)| (item, if item < primary { 0 } else { color }))
                    .collect::<Vec<_>>()
            });
        proptest::collection::vec(option, 0..=14).prop_map(move |options| Spec {
            bounds: vec![(1, 1); primary],
            secondary,
            options,
        })
    })
}

/// The tables a count may run with: none, one that fills at once, and
/// one with room, in both orders.
fn memos() -> Vec<Memo> {
    let mut memos = Vec::new();
    for order in [Order::Fewest, Order::First] {
        for bytes in [0, 1, 1 << 24] {
            memos.push(Memo::new().order(order).max_bytes(bytes));
        }
    }
    memos
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    /// The memoized count is the number of solutions brute force finds,
    /// whatever the order and the table's room; with options selected and
    /// excluded too, a table kept from one count to the next.
    #[test]
    fn memoized_counts_match_brute_force(spec in spec(), pick in 0usize..64, drop in 0usize..64) {
        let (problem, options) = build(&spec);
        let all = brute_force(&spec, &options);
        for mut memo in memos() {
            let mut solver = Solver::new(&problem);
            prop_assert_eq!(solver.count_memo(&mut memo).unwrap(), all.len() as u128);
            prop_assert_eq!(solver.outcome(), Outcome::Complete);
            if options.is_empty() {
                continue;
            }
            // Exclude one option, then select another, counting with the
            // same table each time.
            let out = drop % options.len();
            solver.exclude(dlx::OptionId::from_index(out)).unwrap();
            let expected = held(&all, &[], &[out]);
            prop_assert_eq!(solver.count_memo(&mut memo).unwrap(), expected.len() as u128);
            let chosen = pick % options.len();
            if chosen != out && solver.select(dlx::OptionId::from_index(chosen)).is_ok() {
                let expected = held(&all, &[chosen], &[out]);
                prop_assert_eq!(solver.count_memo(&mut memo).unwrap(), expected.len() as u128);
            }
            solver.reset();
            prop_assert_eq!(solver.count_memo(&mut memo).unwrap(), all.len() as u128);
            // The arena is back as it was: the plain search agrees.
            prop_assert_eq!(u128::from(solver.count()), all.len() as u128);
        }
    }
}

/// A random exact cover problem too large for brute force: `primary`
/// items, some secondary ones with colors, short options near each other.
fn larger() -> impl Strategy<Value = Problem> {
    (8usize..=24, 0usize..=4).prop_flat_map(|(primary, secondary)| {
        let option = (
            0..primary,
            1usize..=3,
            proptest::option::of((0..secondary.max(1), 0u32..=2)),
        );
        proptest::collection::vec(option, primary..=3 * primary).prop_map(move |options| {
            let mut problem = Problem::new(primary, secondary);
            let colors = [
                problem.color("red").unwrap(),
                problem.color("blue").unwrap(),
            ];
            for (start, span, extra) in options {
                let mut entries: Vec<dlx::Entry> = (start..start + span)
                    .map(|i| dlx::Entry::from(i % primary))
                    .collect();
                entries.sort_by_key(|e| e.item);
                entries.dedup_by_key(|e| e.item);
                if let (Some((s, c)), true) = (extra, secondary > 0) {
                    let color = (c > 0).then(|| colors[c as usize - 1]);
                    entries.push(dlx::Entry::from((primary + s, color)));
                }
                problem.add_option(entries).unwrap();
            }
            problem
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// On problems past brute force, the memoized count is the plain
    /// count, and the pieces of a split counted with one table add up to
    /// it.
    #[test]
    fn memoized_counts_match_the_plain_search(problem in larger()) {
        let mut solver = Solver::new(&problem);
        let plain = u128::from(solver.count());
        for mut memo in memos() {
            prop_assert_eq!(solver.count_memo(&mut memo).unwrap(), plain);
            let split = solver.split(2);
            let mut total = 0;
            for piece in split.pieces() {
                solver.select_piece(piece).unwrap();
                total += solver.count_memo(&mut memo).unwrap();
                solver.reset();
            }
            prop_assert_eq!(total, plain);
        }
    }
}

/// The board of `rows` x `cols` cells, listed row by row, tiled by
/// dominoes.
fn dominoes(rows: usize, cols: usize) -> Problem {
    let mut problem = Problem::new(rows * cols, 0);
    for r in 0..rows {
        for c in 0..cols {
            let cell = r * cols + c;
            if c + 1 < cols {
                problem.add_option([cell, cell + 1]).unwrap();
            }
            if r + 1 < rows {
                problem.add_option([cell, cell + cols]).unwrap();
            }
        }
    }
    problem
}

/// The domino tilings of a `rows` x `cols` board by a transfer matrix over
/// its cells (the broken-profile method): the state is the set of cells of
/// the next `cols` that a vertical domino from above has filled.
fn transfer_matrix(rows: usize, cols: usize) -> u128 {
    let mut ways = vec![0u128; 1 << cols];
    ways[0] = 1;
    for cell in 0..rows * cols {
        let (r, c) = (cell / cols, cell % cols);
        let mut next = vec![0u128; 1 << cols];
        for (profile, &n) in ways.iter().enumerate().filter(|(_, &n)| n > 0) {
            // Bit 0 is this cell; the profile shifts by one per cell.
            if profile & 1 == 1 {
                next[profile >> 1] += n;
                continue;
            }
            // A vertical domino down from this cell.
            if r + 1 < rows {
                next[(profile >> 1) | 1 << (cols - 1)] += n;
            }
            // A horizontal one to the right, filling the next cell.
            if c + 1 < cols && profile & 2 == 0 {
                next[(profile >> 1) | 1] += n;
            }
        }
        ways = next;
    }
    ways[0]
}

fn count_first(problem: &Problem) -> (u128, Solver, Memo) {
    let mut memo = Memo::new().order(Order::First);
    let mut solver = Solver::new(problem);
    let count = solver.count_memo(&mut memo).unwrap();
    assert_eq!(solver.outcome(), Outcome::Complete);
    (count, solver, memo)
}

#[test]
fn the_transfer_matrix_counts_small_boards_as_the_plain_search_does() {
    for (rows, cols) in [(2, 2), (2, 3), (3, 4), (4, 4), (5, 6), (6, 6)] {
        let plain = Solver::new(&dominoes(rows, cols)).count();
        assert_eq!(
            transfer_matrix(rows, cols),
            u128::from(plain),
            "{rows}x{cols}"
        );
    }
}

#[test]
fn domino_tilings_of_square_boards() {
    // TAOCP 7.2.2.1 and OEIS A004003: 12,988,816 and
    // 53,060,477,521,960,000.
    let (count, solver, memo) = count_first(&dominoes(8, 8));
    assert_eq!(count, 12_988_816);
    assert!(solver.stats().nodes < 20_000, "{}", solver.stats());
    assert!(memo.stats().hits > 0);
    assert_eq!(count_first(&dominoes(12, 12)).0, 53_060_477_521_960_000);
}

#[test]
fn a_count_past_two_to_the_64_is_exact() {
    // 14x14 dominoes: more than 10^23 tilings.
    let (count, _, memo) = count_first(&dominoes(14, 14));
    assert!(count > u128::from(u64::MAX));
    assert_eq!(count, transfer_matrix(14, 14));
    let stats = memo.stats();
    assert!(stats.entries > 0 && stats.bytes > 0 && stats.clears == 0);
}

#[test]
fn trominoes_on_a_9x12_board() {
    // The L and I trominoes, any number of each, every orientation:
    // 20,574,308,184,277,971 tilings of 9 x 12 (Knuth, TAOCP 7.2.2.1).
    let (rows, cols) = (9, 12);
    let shapes: [&[(usize, usize)]; 6] = [
        &[(0, 0), (0, 1), (0, 2)],
        &[(0, 0), (1, 0), (2, 0)],
        &[(0, 0), (0, 1), (1, 0)],
        &[(0, 0), (0, 1), (1, 1)],
        &[(0, 0), (1, 0), (1, 1)],
        &[(0, 1), (1, 0), (1, 1)],
    ];
    // Cells listed column by column, along the short side.
    let mut problem = Problem::new(rows * cols, 0);
    for r in 0..rows {
        for c in 0..cols {
            for shape in shapes {
                let cells: Option<Vec<usize>> = shape
                    .iter()
                    .map(|&(dr, dc)| {
                        (r + dr < rows && c + dc < cols).then(|| (c + dc) * rows + r + dr)
                    })
                    .collect();
                if let Some(mut cells) = cells {
                    cells.sort_unstable();
                    problem.add_option(cells).unwrap();
                }
            }
        }
    }
    assert_eq!(count_first(&problem).0, 20_574_308_184_277_971);
}

#[test]
fn a_full_table_keeps_the_count_exact() {
    let problem = dominoes(6, 10);
    let plain = u128::from(Solver::new(&problem).count());
    let mut memo = Memo::new().order(Order::First).max_bytes(40_000);
    let mut solver = Solver::new(&problem);
    assert_eq!(solver.count_memo(&mut memo).unwrap(), plain);
    let stats = memo.stats();
    assert!(stats.clears > 0, "{stats:?}");
    assert!(stats.bytes <= 40_000, "{stats:?}");
}

#[test]
fn limits_stop_a_memoized_count_with_what_was_finished() {
    let problem = dominoes(8, 8);
    let mut solver = Solver::new(&problem);
    solver.set_limits(Limits::new().nodes(500));
    let mut memo = Memo::new().order(Order::First);
    let partial = solver.count_memo(&mut memo).unwrap();
    assert_eq!(solver.outcome(), Outcome::NodeLimit);
    assert!(partial < 12_988_816);
    assert_eq!(solver.stats().nodes, 500);
    // The arena is whole again: the same table finishes the count.
    solver.set_limits(Limits::new());
    solver.clear_stats();
    assert_eq!(solver.count_memo(&mut memo).unwrap(), 12_988_816);

    solver.set_limits(Limits::new().solutions(1000));
    assert_eq!(solver.count_memo(&mut Memo::new()).unwrap(), 1000);
    assert_eq!(solver.outcome(), Outcome::SolutionLimit);
}

#[test]
fn multiplicities_are_refused_by_name() {
    let mut problem = Problem::new(1, 0);
    problem.set_bounds(0, 1, 2).unwrap();
    problem.add_option([0usize]).unwrap();
    let error = Solver::new(&problem)
        .count_memo(&mut Memo::new())
        .unwrap_err();
    assert!(matches!(error.kind(), ErrorKind::Unsupported(_)), "{error}");
    assert!(error.to_string().contains("multiplicities"));
}

#[cfg(feature = "parallel")]
mod parallel {
    use std::ops::ControlFlow;
    use std::sync::Mutex;

    use super::*;

    fn pool(threads: usize) -> rayon::ThreadPool {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
    }

    /// The pieces of a split, counted by workers with a table each, add
    /// up to the count, as the reports of the pieces do; a node limit
    /// holds for the whole.
    #[test]
    fn pieces_counted_with_a_table_per_worker_add_up() {
        let problem = dominoes(12, 12);
        let mut solver = Solver::new(&problem);
        let split = solver.split(3);
        for threads in [1, 3] {
            pool(threads).install(|| {
                let reported = Mutex::new(0u128);
                let memo = Memo::new().order(Order::First);
                let count = solver
                    .par_count_pieces_memo(split.pieces().iter().map(Vec::as_slice), &memo, &|p| {
                        *reported.lock().unwrap() += p.solutions;
                        ControlFlow::Continue(())
                    })
                    .unwrap();
                assert_eq!(count.solutions, 53_060_477_521_960_000);
                assert_eq!(count.outcome, Outcome::Complete);
                assert_eq!(*reported.lock().unwrap(), count.solutions);
                assert!(count.memo.is_some_and(|m| m.entries > 0 && m.hits > 0));

                solver.set_limits(Limits::new().nodes(300));
                let stopped = solver
                    .par_count_pieces_memo(split.pieces().iter().map(Vec::as_slice), &memo, &|_| {
                        ControlFlow::Continue(())
                    })
                    .unwrap();
                assert_eq!(stopped.outcome, Outcome::NodeLimit, "{threads} threads");
                assert!(stopped.stats.nodes <= 300, "{}", stopped.stats);
                assert!(stopped.solutions < count.solutions);
                solver.set_limits(Limits::new());
            });
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(100))]

        #[test]
        fn parallel_memoized_counts_match_the_plain_search(problem in larger(), depth in 0usize..4) {
            let mut solver = Solver::new(&problem);
            let plain = u128::from(solver.count());
            let split = solver.split(depth);
            let memo = Memo::new().order(Order::First).max_bytes(1 << 20);
            let count = pool(2).install(|| {
                solver.par_count_pieces_memo(split.pieces().iter().map(Vec::as_slice), &memo, &|_| {
                    ControlFlow::Continue(())
                })
            }).unwrap();
            prop_assert_eq!(count.solutions, plain);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Without a table, the memoized search in the order of the fewest
    /// options is the plain search: the same nodes, updates, solutions and
    /// depth, so its figures mean what Knuth's do.
    #[test]
    fn without_a_table_the_figures_are_the_plain_search_s(problem in larger()) {
        let mut solver = Solver::new(&problem);
        let plain = solver.count();
        let stats = solver.stats();
        solver.clear_stats();
        let mut memo = Memo::new().max_bytes(0);
        prop_assert_eq!(solver.count_memo(&mut memo).unwrap(), u128::from(plain));
        prop_assert_eq!(solver.stats(), stats);
    }
}

/// A board of `rows` x `cols` cells in the drawn form, tiled by L and I
/// trominoes, any number of each.
fn trominoes_drawn(rows: usize, cols: usize) -> dlx::puzzles::Tiling {
    let board = vec![".".repeat(cols); rows].join("\n");
    let most = rows * cols / 3;
    let text = format!("{board}\n\n0:{most}|L 0:{most}|I\nL  I\nLL I\n   I\n");
    dlx::puzzles::Tiling::parse(&text).unwrap()
}

#[test]
fn a_swept_tiling_without_its_free_pieces_counts_the_same() {
    use dlx::puzzles::Tilings;
    // Small boards: the problem with the pieces' bounds (Algorithm M)
    // against the one without them, swept, by memoized search.
    for (rows, cols) in [(2, 3), (3, 3), (3, 4), (4, 6)] {
        let tiling = trominoes_drawn(rows, cols);
        let bounded = tiling.problem(Tilings::All).unwrap();
        assert!(bounded.has_multiplicities());
        let plain = Solver::new(&bounded).count();
        let free = tiling.sweep(true).problem(Tilings::All).unwrap();
        let free = free.without_free_items().expect("the pieces are free");
        assert!(!free.has_multiplicities());
        assert_eq!(free.item_count(), rows * cols);
        assert_eq!(count_first(&free).0, u128::from(plain), "{rows}x{cols}");
    }
    // 9 x 12, swept column by column: Knuth's count.
    let tiling = trominoes_drawn(9, 12).sweep(true);
    let free = tiling
        .problem(Tilings::All)
        .unwrap()
        .without_free_items()
        .unwrap();
    assert_eq!(free.item_name(1), Some("1-0"));
    assert_eq!(count_first(&free).0, 20_574_308_184_277_971);
}

#[test]
fn bounds_that_constrain_are_not_dropped() {
    let tiling =
        dlx::puzzles::Tiling::parse("...\n...\n\n0:1|L 0:2|I\nL  I\nLL I\n   I\n").unwrap();
    let problem = tiling.problem(dlx::puzzles::Tilings::All).unwrap();
    // L may be used once of two possible: it stays, and so do the bounds.
    let free = problem.without_free_items().unwrap();
    assert_eq!(free.item("L"), Some(0));
    assert!(free.item("I").is_none());
    assert!(free.has_multiplicities());
}
