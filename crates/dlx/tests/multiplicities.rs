//! Multiplicities (Knuth's MCC problems, Algorithm M) against a brute force
//! over every subset of options, on small random problems with bounds,
//! secondary items and colors: the same solutions, each verified; the same
//! counts and statistics by pieces and on a rayon pool; selections,
//! exclusions, pieces and resets; and Knuth's text format.

mod common;

use std::ops::ControlFlow;

use dlx::{Limits, OptionId, Outcome, Problem, Solver};
use proptest::prelude::*;

use common::{brute_force, build, fit, held, sorted, Spec};

/// A small random problem with bounds on its primary items.
fn spec() -> impl Strategy<Value = Spec> {
    let bound = (1u32..=3).prop_flat_map(|hi| (0..=hi, Just(hi)));
    (proptest::collection::vec(bound, 1..=4), 0usize..=2).prop_flat_map(|(bounds, secondary)| {
        let primary = bounds.len();
        let n = primary + secondary;
        let option =
            proptest::collection::btree_map(0..n, 0u32..=2, 1..=n.min(4)).prop_map(move |items| {
                items
                    .into_iter()
                    .map(|(item, color)| (item, if item < primary { 0 } else { color }))
                    .collect::<Vec<_>>()
            });
        proptest::collection::vec(option, 0..=10).prop_map(move |options| Spec {
            bounds: bounds.clone(),
            secondary,
            options,
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// The solutions are exactly the brute force's, each once and verified;
    /// the pieces of every split, and a rayon pool, give the serial count
    /// and statistics.
    #[test]
    fn matches_brute_force(spec in spec()) {
        let (problem, options) = build(&spec);
        let expected = brute_force(&spec, &options);
        let mut solver = Solver::new(&problem);
        solver.profile_levels(true);
        let found: Vec<Vec<OptionId>> = solver.solutions().collect();
        for solution in &found {
            prop_assert!(problem.verify(solution).is_ok(), "{:?}", problem.verify(solution));
        }
        prop_assert_eq!(sorted(found), expected.clone());
        let whole = solver.stats();
        prop_assert_eq!(whole.solutions, expected.len() as u64);
        let levels = whole.level_nodes.clone().unwrap();
        prop_assert_eq!(levels.iter().sum::<u64>(), whole.nodes);

        for depth in 0..4 {
            let split = solver.split(depth);
            let mut total = split.stats().clone();
            let mut count = 0;
            for piece in split.pieces() {
                solver.clear_stats();
                count += solver.count_piece(piece).unwrap();
                total.merge(&solver.stats());
            }
            prop_assert_eq!(count, expected.len() as u64);
            prop_assert_eq!(&total, &whole, "depth {}", depth);
        }
        #[cfg(feature = "parallel")]
        {
            solver.clear_stats();
            let counted = solver.par_count();
            prop_assert_eq!(counted.solutions, expected.len() as u128);
            prop_assert_eq!(counted.stats, whole);
        }
        solver.clear_stats();
        prop_assert_eq!(solver.count_up_to(1), expected.len().min(1) as u64);
        prop_assert_eq!(solver.first().is_some(), !expected.is_empty());

        // Knuth's text format gives back the same problem.
        let mut text = Vec::new();
        dlx::write(&problem, &mut text).unwrap();
        let again = dlx::read(&text[..]).unwrap();
        for item in 0..problem.item_count() {
            prop_assert_eq!(again.bounds(item), problem.bounds(item));
        }
        prop_assert_eq!(sorted(Solver::new(&again).solutions()), expected);
    }

    /// Selections and exclusions: a selection succeeds exactly when the
    /// options selected still fit (no item past its upper bound, colors
    /// agree), and the solutions are then the brute force's that hold every
    /// selected option and no excluded one; a piece selected on top, and
    /// released, changes nothing; reset gives the fresh count.
    #[test]
    fn selections_match_brute_force(
        spec in spec(),
        steps in proptest::collection::vec((any::<bool>(), 0usize..10), 1..8),
    ) {
        let (problem, options) = build(&spec);
        let all = brute_force(&spec, &options);
        let mut solver = Solver::new(&problem);
        let (mut selected, mut excluded) = (Vec::new(), Vec::new());
        for (select, k) in steps {
            if options.is_empty() {
                break;
            }
            let k = k % options.len();
            let id = OptionId::from_index(k);
            if select {
                let mask = selected.iter().fold(1u32 << k, |m, &s: &usize| m | 1 << s);
                let fits = fit(&spec, &options, mask)
                    && !selected.contains(&k)
                    && !excluded.contains(&k);
                prop_assert_eq!(solver.select(id).is_ok(), fits, "select {} after {:?}", k, selected);
                if fits {
                    selected.push(k);
                }
            } else if !selected.contains(&k) {
                solver.exclude(id).unwrap();
                if !excluded.contains(&k) {
                    excluded.push(k);
                }
            } else {
                prop_assert!(solver.exclude(id).is_err());
            }
            let expected = held(&all, &selected, &excluded);
            prop_assert_eq!(sorted(solver.solutions()), expected.clone());
            // Pause after a solution, then the pieces of a split, each
            // selected and released.
            solver.next_solution();
            let split = solver.split(2);
            let mut count = 0;
            for piece in split.pieces() {
                solver.select_piece(piece).unwrap();
                count += solver.count();
                for _ in piece {
                    prop_assert!(solver.unselect().is_some());
                }
            }
            prop_assert_eq!(count, expected.len() as u64);
            prop_assert_eq!(solver.count(), expected.len() as u64);
        }
        solver.reset();
        prop_assert_eq!(sorted(solver.solutions()), all);
    }
}

/// The example of dlx3.w's documentation, built in code: `A B 2:3|C | X Y`.
fn knuth() -> Problem {
    let mut problem = Problem::with_names(["A", "B", "C"], ["X", "Y"]).unwrap();
    problem.set_bounds(2, 2, 3).unwrap();
    for option in [
        &["A", "B", "X:0", "Y:0"][..],
        &["A", "C", "X:1", "Y:1"],
        &["C", "X:0"],
        &["B", "X:1"],
        &["C", "Y:1"],
    ] {
        problem.add_option_named(option.iter().copied()).unwrap();
    }
    problem
}

#[test]
fn knuths_example_has_one_solution() {
    let problem = knuth();
    let mut solver = Solver::new(&problem);
    let solutions: Vec<Vec<OptionId>> = solver.solutions().collect();
    assert_eq!(sorted(solutions), [vec![1, 3, 4]]);
    assert_eq!(solver.outcome(), Outcome::Complete);
}

#[test]
fn a_multiset_is_found_once_not_in_every_order() {
    // Item a takes two of four options: six pairs, not twelve orders.
    let mut problem = Problem::new(1, 0);
    problem.set_bounds(0, 2, 2).unwrap();
    for _ in 0..4 {
        problem.add_option([0usize]).unwrap();
    }
    let mut solver = Solver::new(&problem);
    assert_eq!(solver.count(), 6);
    // Between 0 and 4: every subset, the empty one too.
    problem.set_bounds(0, 0, 4).unwrap();
    let mut solver = Solver::new(&problem);
    assert_eq!(solver.count(), 16);
    let mut lens = Vec::new();
    solver.for_each(|s| {
        lens.push(s.len());
        ControlFlow::Continue(())
    });
    lens.sort();
    assert_eq!(lens, [0, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 4]);
}

#[test]
fn limits_stop_a_search_with_multiplicities() {
    let mut problem = Problem::new(1, 0);
    problem.set_bounds(0, 0, 6).unwrap();
    for _ in 0..6 {
        problem.add_option([0usize]).unwrap();
    }
    let mut solver = Solver::new(&problem);
    assert_eq!(solver.count(), 64);
    solver.set_limits(Limits::new().solutions(10));
    assert_eq!(solver.count(), 10);
    assert_eq!(solver.outcome(), Outcome::SolutionLimit);
    solver.clear_stats();
    solver.set_limits(Limits::new().nodes(5));
    solver.count();
    assert_eq!(solver.outcome(), Outcome::NodeLimit);
    assert_eq!(solver.stats().nodes, 5);
}

#[test]
fn a_piece_may_hold_a_null_move() {
    // Item a (0 to 2 times) first: its null move is a level of its own.
    let mut problem = Problem::new(2, 0);
    problem.set_bounds(0, 0, 2).unwrap();
    problem.add_option([0usize]).unwrap();
    problem.add_option([1usize]).unwrap();
    let mut solver = Solver::new(&problem);
    assert_eq!(solver.count(), 2);
    let split = solver.split(2);
    assert!(split.pieces().iter().any(|p| p.contains(&OptionId::NULL)));
    let mut total = 0;
    for piece in split.pieces() {
        total += solver.count_piece(piece).unwrap();
    }
    assert_eq!(total, 2);
    // A piece that does not fit is an error, and changes nothing.
    let bad = [OptionId::from_index(1), OptionId::NULL, OptionId::NULL];
    assert!(solver.count_piece(&bad).is_err());
    assert_eq!(solver.count(), 2);
}

/// Bounds of 2^15 and more take the wide comparison of scores: two queens
/// in each row and column of a 5x5 board, with diagonals bounded by their
/// length (no bound at all) or by 40,000 (none either), have the same
/// solutions, which brute force counts.
#[test]
fn bounds_past_two_to_the_15_choose_as_small_ones_do() {
    let n = 5;
    let count = |diagonal: u32| {
        let mut names: Vec<String> = (0..n).map(|i| format!("r{i}")).collect();
        names.extend((0..n).map(|i| format!("c{i}")));
        names.extend((0..2 * n - 1).map(|i| format!("a{i}")));
        names.extend((0..2 * n - 1).map(|i| format!("b{i}")));
        let mut problem = dlx::Problem::with_names(names, [] as [&str; 0]).unwrap();
        for i in 0..2 * n {
            problem.set_bounds(i, 2, 2).unwrap();
        }
        for i in 2 * n..problem.primary_count() {
            problem.set_bounds(i, 0, diagonal).unwrap();
        }
        for r in 0..n {
            for c in 0..n {
                let cell = [
                    format!("r{r}"),
                    format!("c{c}"),
                    format!("a{}", r + c),
                    format!("b{}", r + n - 1 - c),
                ];
                problem.add_option_named(cell).unwrap();
            }
        }
        dlx::Solver::new(&problem).count()
    };
    // Two cells in each row and column: every 0/1 matrix with row and
    // column sums 2, counted by brute force over the 10^5 choices of a
    // pair of cells per row.
    let mut brute = 0;
    let pairs: Vec<u32> = (0u32..32).filter(|m| m.count_ones() == 2).collect();
    let mut rows = vec![0u32; n];
    fn place(r: usize, n: usize, pairs: &[u32], rows: &mut Vec<u32>, brute: &mut u64) {
        if r == n {
            let ok = (0..n).all(|c| rows.iter().filter(|&&m| m >> c & 1 == 1).count() == 2);
            *brute += u64::from(ok);
            return;
        }
        for &m in pairs {
            rows[r] = m;
            place(r + 1, n, pairs, rows, brute);
        }
    }
    place(0, n, &pairs, &mut rows, &mut brute);
    assert_eq!(count(5), brute);
    assert_eq!(count(40_000), brute);
}

/// Bounds past 2^31 keep their lower bound: an item that needs 21 to
/// 3,222,222,221 options (or 3 to 2^32 - 1) among fewer has no solution,
/// not the empty one, and one that needs none past 2^31 keeps the null
/// move beside its one option.
#[test]
fn bounds_past_two_to_the_31_keep_the_lower_bound() {
    let solutions = |text: &str| {
        let problem = dlx::read(text.as_bytes()).unwrap();
        let mut solver = Solver::new(&problem);
        let found: Vec<Vec<OptionId>> = solver.solutions().collect();
        for solution in &found {
            problem.verify(solution).unwrap();
        }
        found.len()
    };
    assert_eq!(solutions("21:3222222221|a\n"), 0);
    assert_eq!(solutions("3:4294967295|a\na\na\n"), 0);
    assert_eq!(solutions("2:4294967295|a\na\na\n"), 1);
    assert_eq!(solutions("0:3222222221|a\na\n"), 2);
    assert_eq!(solutions("3000000000:4294967295|a\na\n"), 0);
}
