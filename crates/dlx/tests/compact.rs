//! The compact engine against the linked one: on random problems, with
//! and without colors, the same solutions in the same order, the same
//! statistics (Knuth's nodes and updates), the same answers to
//! selections, exclusions and limits.

use std::ops::ControlFlow;

use dlx::{CompactSolver, Entry, Limits, OptionId, Outcome, Problem, Solver};
use proptest::prelude::*;

/// A random problem: primary and secondary item counts, and options as
/// sets of items; with `colors`, a secondary item of an option has one of
/// two colors or none (each a third of the time).
fn problem_with(colors: bool) -> impl Strategy<Value = Problem> {
    (1usize..=7, 0usize..=3).prop_flat_map(move |(primary, secondary)| {
        let n = primary + secondary;
        let option = proptest::collection::btree_map(0..n, 0u32..3, 1..=n.min(4));
        proptest::collection::vec(option, 0..=24).prop_map(move |options| {
            let mut problem = Problem::new(primary, secondary);
            let palette = if colors {
                vec![
                    problem.color("red").unwrap(),
                    problem.color("green").unwrap(),
                ]
            } else {
                Vec::new()
            };
            for items in options {
                let entries: Vec<Entry> = items
                    .into_iter()
                    .map(|(item, c)| match c {
                        1 | 2 if colors && item >= primary => {
                            Entry::from((item, palette[c as usize - 1]))
                        }
                        _ => Entry::from(item),
                    })
                    .collect();
                // Options without a primary item are refused: skip them.
                let _ = problem.add_option(entries);
            }
            problem
        })
    })
}

/// A random problem, with colors half the time.
fn problem() -> impl Strategy<Value = Problem> {
    prop_oneof![problem_with(false), problem_with(true)]
}

/// Every solution of a fresh search, in order.
fn solutions_linked(solver: &mut Solver) -> Vec<Vec<OptionId>> {
    solver.solutions().collect()
}

fn solutions_compact(solver: &mut CompactSolver) -> Vec<Vec<OptionId>> {
    let mut all = Vec::new();
    solver.for_each(|s| {
        all.push(s.to_vec());
        ControlFlow::Continue(())
    });
    all
}

/// The count of each piece and the figures of all, on the parallel
/// count's path when there is one.
#[cfg(feature = "parallel")]
fn count_pieces(solver: &mut Solver, pieces: &[&[OptionId]]) -> (u128, dlx::Stats) {
    let counted = solver.par_count_pieces(pieces.iter().copied()).unwrap();
    (counted.solutions, counted.stats)
}

/// The count of each piece and the figures of all, one after another.
#[cfg(not(feature = "parallel"))]
fn count_pieces(solver: &mut Solver, pieces: &[&[OptionId]]) -> (u128, dlx::Stats) {
    let mut total = (0, dlx::Stats::default());
    for piece in pieces {
        solver.clear_stats();
        total.0 += u128::from(solver.count_piece(piece).unwrap());
        total.1.merge(&solver.stats());
    }
    total
}

/// The figures both count the same way.
fn figures(stats: &dlx::Stats) -> (u64, u64, u64, usize) {
    (stats.nodes, stats.updates, stats.solutions, stats.max_level)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn the_same_walk_as_the_linked_engine(problem in problem()) {
        let mut linked = Solver::new(&problem);
        linked.set_compact(false);
        let mut compact = CompactSolver::new(&problem).expect("a small problem");
        let expected = solutions_linked(&mut linked);
        prop_assert_eq!(solutions_compact(&mut compact), expected.clone());
        prop_assert_eq!(figures(compact.stats()), figures(&linked.stats()));
        for solution in &expected {
            prop_assert!(problem.verify(solution).is_ok());
        }
        linked.clear_stats();
        compact.clear_stats();
        prop_assert_eq!(compact.count_up_to(2), linked.count_up_to(2));
        prop_assert_eq!(figures(compact.stats()), figures(&linked.stats()));
        prop_assert_eq!(compact.first(), linked.first());
    }

    #[test]
    fn selections_and_exclusions_as_the_linked_engine(
        problem in problem(),
        held in proptest::collection::vec((any::<bool>(), 0usize..24), 0..4),
    ) {
        let mut linked = Solver::new(&problem);
        linked.set_compact(false);
        let mut compact = CompactSolver::new(&problem).expect("a small problem");
        for round in 0..2 {
            for &(select, k) in &held {
                let id = OptionId::from_index(k);
                let (ours, theirs) = if select {
                    (compact.select(id), linked.select(id))
                } else {
                    (compact.exclude(id), linked.exclude(id))
                };
                prop_assert_eq!(
                    ours.map_err(|e| e.kind().clone()),
                    theirs.map_err(|e| e.kind().clone()),
                    "round {}", round
                );
            }
            linked.clear_stats();
            compact.clear_stats();
            prop_assert_eq!(solutions_compact(&mut compact), solutions_linked(&mut linked));
            prop_assert_eq!(figures(compact.stats()), figures(&linked.stats()));
            compact.reset();
            linked.reset();
        }
    }

    #[test]
    fn node_limits_stop_where_the_linked_engine_stops(problem in problem(), nodes in 0u64..12) {
        let mut linked = Solver::new(&problem);
        linked.set_compact(false);
        let mut compact = CompactSolver::new(&problem).expect("a small problem");
        linked.set_limits(Limits::new().nodes(nodes));
        compact.set_limits(Limits::new().nodes(nodes));
        prop_assert_eq!(compact.count_up_to(u64::MAX), linked.count_up_to(u64::MAX));
        prop_assert_eq!(compact.outcome(), linked.outcome());
        prop_assert_eq!(figures(compact.stats()), figures(&linked.stats()));
    }

    /// The solver's own counts, which take the compact engine, against
    /// the same counts on the links: serial and on the pieces of a split,
    /// under selections, exclusions and limits.
    #[test]
    fn the_solvers_counts_are_the_same_on_either_engine(
        problem in problem(),
        held in proptest::collection::vec((any::<bool>(), 0usize..24), 0..3),
        depth in 0usize..3,
        solutions in proptest::option::of(1u64..4),
        nodes in proptest::option::of(0u64..40),
    ) {
        let mut on = Solver::new(&problem);
        let mut off = Solver::new(&problem);
        off.set_compact(false);
        let mut limits = Limits::new();
        if let Some(s) = solutions {
            limits = limits.solutions(s);
        }
        if let Some(n) = nodes {
            limits = limits.nodes(n);
        }
        for solver in [&mut on, &mut off] {
            for &(select, k) in &held {
                let id = OptionId::from_index(k);
                let _ = if select { solver.select(id) } else { solver.exclude(id) };
            }
            solver.set_limits(limits.clone());
        }
        prop_assert_eq!(on.count(), off.count());
        prop_assert_eq!(on.outcome(), off.outcome());
        prop_assert_eq!(on.stats(), off.stats());
        prop_assert_eq!(on.count_up_to(2), off.count_up_to(2));
        prop_assert_eq!(on.stats(), off.stats());
        on.set_limits(Limits::new());
        off.set_limits(Limits::new());
        on.clear_stats();
        off.clear_stats();
        let split = off.split(depth);
        let pieces: Vec<&[OptionId]> = split.pieces().iter().map(Vec::as_slice).collect();
        prop_assert_eq!(count_pieces(&mut on, &pieces), count_pieces(&mut off, &pieces));
    }
}

#[test]
fn multiplicities_are_left_to_the_linked_engine() {
    let mut problem = Problem::new(1, 0);
    problem.set_bounds(0, 1, 2).unwrap();
    problem.add_option([0usize]).unwrap();
    assert!(CompactSolver::new(&problem).is_none());
}

#[test]
fn sudoku_sized_problems_fit_and_tilings_of_thousands_of_options_do_not() {
    // Knuth's sudoku matrix: 324 items, 729 options.
    let mut sudoku = Problem::new(324, 0);
    for r in 0..9 {
        for c in 0..9 {
            for d in 0..9 {
                let b = r / 3 * 3 + c / 3;
                sudoku
                    .add_option([r * 9 + c, 81 + r * 9 + d, 162 + c * 9 + d, 243 + b * 9 + d])
                    .unwrap();
            }
        }
    }
    let mut compact = CompactSolver::new(&sudoku).expect("sudoku fits");
    compact.set_limits(Limits::new().solutions(3));
    assert_eq!(compact.count_up_to(u64::MAX), 3);
    assert_eq!(compact.outcome(), Outcome::SolutionLimit);
    let mut wide = Problem::new(1, 0);
    for _ in 0..40_000 {
        wide.add_option([0usize]).unwrap();
    }
    assert!(CompactSolver::new(&wide).is_none());
}

#[cfg(feature = "parallel")]
#[test]
fn a_count_in_many_slices_of_nodes_is_the_count_on_the_links() {
    // Past one slice of the parallel count's node budget (65,536 nodes):
    // the compact search resumes where each slice stopped it.
    let problem = dlx::puzzles::queens(11);
    let mut on = Solver::new(&problem);
    let mut off = Solver::new(&problem);
    off.set_compact(false);
    let whole: Vec<&[OptionId]> = vec![&[]];
    let (a, b) = (
        on.par_count_pieces(whole.clone()).unwrap(),
        off.par_count_pieces(whole).unwrap(),
    );
    assert_eq!(a.solutions, 2680);
    assert!(a.stats.nodes > 65_536, "{}", a.stats.nodes);
    assert_eq!(a, b);
}
