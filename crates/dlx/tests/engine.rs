//! The engine against brute force, limits, select/exclude/reset and
//! statistics.

mod common;

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use dlx::{Limits, OptionId, Outcome, Problem, Solver};
use proptest::prelude::*;

use common::{brute_force, build, fit, held, sorted, Spec};

/// Counts every solution on a rayon pool, or serially without the
/// `parallel` feature (the count must be the same).
fn par_count(solver: &mut Solver) -> u64 {
    #[cfg(feature = "parallel")]
    return u64::try_from(solver.par_count().solutions).unwrap();
    #[cfg(not(feature = "parallel"))]
    return solver.count();
}

/// A small random exact cover problem: every primary item covered once.
fn spec() -> impl Strategy<Value = Spec> {
    (1usize..=5, 0usize..=3).prop_flat_map(|(primary, secondary)| {
        let n = primary + secondary;
        let option =
            proptest::collection::btree_map(0..n, 0u32..=2, 1..=n.min(4)).prop_map(move |items| {
                items
                    .into_iter()
                    .map(|(item, color)| (item, if item < primary { 0 } else { color }))
                    .collect::<Vec<_>>()
            });
        proptest::collection::vec(option, 0..=12).prop_map(move |options| Spec {
            bounds: vec![(1, 1); primary],
            secondary,
            options,
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// Every solution verifies, and the solutions are exactly those of a
    /// brute force over all subsets of options.
    #[test]
    fn matches_brute_force(spec in spec()) {
        let (problem, options) = build(&spec);
        let expected = brute_force(&spec, &options);
        let mut solver = Solver::new(&problem);
        let found: Vec<Vec<OptionId>> = solver.solutions().collect();
        for solution in &found {
            prop_assert!(problem.verify(solution).is_ok());
        }
        prop_assert_eq!(sorted(found), expected.clone());
        prop_assert_eq!(solver.count(), expected.len() as u64);
        prop_assert_eq!(par_count(&mut solver), expected.len() as u64);

        // Selecting the options of a solution leaves exactly that solution.
        if let Some(first) = expected.first() {
            for &k in first {
                solver.select(OptionId::from_index(k)).unwrap();
            }
            prop_assert_eq!(solver.count(), 1);
            solver.reset();
            prop_assert_eq!(solver.count(), expected.len() as u64);
        }

        // The pieces of every split add up to the whole.
        for depth in 0..3 {
            let split = solver.split(depth);
            let total: u64 = split.pieces().iter().map(|p| solver.count_piece(p).unwrap()).sum();
            prop_assert_eq!(total, expected.len() as u64);
        }

        // Knuth's text format gives back the same problem.
        let mut text = Vec::new();
        dlx::write(&problem, &mut text).unwrap();
        let again = dlx::read(&text[..]).unwrap();
        prop_assert_eq!(sorted(Solver::new(&again).solutions()), expected);
    }
}

/// A step of a random sequence of calls: select or exclude the option of
/// this index (modulo the options, plus one unknown), unselect, reset, or
/// start a search and leave it paused after some solutions.
#[derive(Clone, Copy, Debug)]
enum Step {
    Select(usize),
    Exclude(usize),
    Unselect,
    Unexclude,
    Reset,
    Pause(usize),
}

fn steps(max: usize) -> impl Strategy<Value = Vec<Step>> {
    let step = prop_oneof![
        4 => (0usize..16).prop_map(Step::Select),
        4 => (0usize..16).prop_map(Step::Exclude),
        2 => Just(Step::Unselect),
        2 => Just(Step::Unexclude),
        1 => Just(Step::Reset),
        2 => (0usize..3).prop_map(Step::Pause),
    ];
    proptest::collection::vec(step, 0..=max)
}

/// Selections and exclusions as a user sees them: the options selected, in
/// order, and those excluded, in order.
#[derive(Debug, Default)]
struct Held {
    selected: Vec<usize>,
    excluded: Vec<usize>,
    /// For each selection, the number of exclusions made before it.
    marks: Vec<usize>,
}

impl Held {
    /// Calls select or exclude as `step` says and checks that it succeeds or
    /// fails as it must: unknown options, excluded ones for select, selected
    /// ones for exclude, and conflicts with the selection are errors, and
    /// excluding an option again is a no-op.
    fn apply(
        &mut self,
        solver: &mut Solver,
        spec: &Spec,
        options: &[Vec<(usize, u32)>],
        step: Step,
    ) -> Result<(), TestCaseError> {
        let known = |k: usize| (k < options.len()).then_some(k);
        match step {
            Step::Select(raw) => {
                let k = raw % (options.len() + 1);
                let mask = self.selected.iter().fold(0u32, |m, &j| m | 1 << j);
                match solver.select(OptionId::from_index(k)) {
                    Ok(()) => {
                        prop_assert!(known(k).is_some() && !self.excluded.contains(&k));
                        prop_assert!(fit(spec, options, mask | 1 << k));
                        self.selected.push(k);
                        self.marks.push(self.excluded.len());
                    }
                    Err(e) => match e.kind() {
                        dlx::ErrorKind::UnknownOption(_) => prop_assert!(known(k).is_none()),
                        dlx::ErrorKind::Excluded(j) => {
                            prop_assert_eq!(*j, k);
                            prop_assert!(self.excluded.contains(&k));
                        }
                        dlx::ErrorKind::Conflict(_) => {
                            prop_assert!(known(k).is_some() && !self.excluded.contains(&k));
                            prop_assert!(
                                self.selected.contains(&k) || !fit(spec, options, mask | 1 << k)
                            );
                        }
                        _ => prop_assert!(false, "select({}): {}", k, e),
                    },
                }
            }
            Step::Exclude(raw) => {
                let k = raw % (options.len() + 1);
                match solver.exclude(OptionId::from_index(k)) {
                    Ok(()) => {
                        prop_assert!(known(k).is_some() && !self.selected.contains(&k));
                        if !self.excluded.contains(&k) {
                            self.excluded.push(k);
                        }
                    }
                    Err(e) => match e.kind() {
                        dlx::ErrorKind::UnknownOption(_) => prop_assert!(known(k).is_none()),
                        dlx::ErrorKind::Selected(j) => {
                            prop_assert_eq!(*j, k);
                            prop_assert!(self.selected.contains(&k));
                        }
                        _ => prop_assert!(false, "exclude({}): {}", k, e),
                    },
                }
            }
            Step::Unselect => {
                let expected = self.selected.pop().map(OptionId::from_index);
                self.marks.pop();
                prop_assert_eq!(solver.unselect(), expected);
            }
            Step::Unexclude => {
                // Only an exclusion made after the last selection.
                let expected = if self.excluded.len() > self.marks.last().copied().unwrap_or(0) {
                    self.excluded.pop().map(OptionId::from_index)
                } else {
                    None
                };
                prop_assert_eq!(solver.unexclude(), expected);
            }
            Step::Reset => {
                solver.reset();
                *self = Held::default();
            }
            Step::Pause(n) => {
                solver.rewind();
                for _ in 0..n {
                    solver.next_solution();
                }
            }
        }
        Ok(())
    }

    /// The solver holds these options and finds the solutions of `all`
    /// that hold every selected one and no excluded one, each verified and
    /// starting with the selected ones; every way of asking agrees.
    fn check(
        &self,
        solver: &mut Solver,
        problem: &Problem,
        all: &[Vec<usize>],
    ) -> Result<(), TestCaseError> {
        let ids = |s: &[usize]| {
            s.iter()
                .map(|&k| OptionId::from_index(k))
                .collect::<Vec<_>>()
        };
        prop_assert_eq!(solver.selected().collect::<Vec<_>>(), ids(&self.selected));
        prop_assert_eq!(solver.excluded().collect::<Vec<_>>(), ids(&self.excluded));
        let expected = held(all, &self.selected, &self.excluded);
        let found: Vec<Vec<OptionId>> = solver.solutions().collect();
        prop_assert_eq!(solver.outcome(), Outcome::Complete);
        for solution in &found {
            prop_assert!(problem.verify(solution).is_ok());
            prop_assert_eq!(&solution[..self.selected.len()], &ids(&self.selected)[..]);
        }
        prop_assert_eq!(sorted(found.clone()), expected.clone());
        let mut visited = Vec::new();
        solver.for_each(|s| {
            visited.push(s.to_vec());
            ControlFlow::Continue(())
        });
        prop_assert_eq!(&visited, &found);
        prop_assert_eq!(solver.first(), found.first().cloned());
        prop_assert_eq!(solver.count(), expected.len() as u64);
        prop_assert_eq!(solver.count_up_to(1), expected.len().min(1) as u64);
        Ok(())
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// With options selected and excluded, in any order, the solutions are
    /// the brute force's that hold every selected option and no excluded
    /// one; the search is that of the problem without the excluded options
    /// (the same solutions in the same order, the same statistics), and so
    /// are the pieces of its splits, serial or parallel. After a reset the
    /// solver searches the whole problem as a fresh one does.
    #[test]
    fn exclusions_match_brute_force(spec in spec(), steps in steps(10)) {
        let (problem, options) = build(&spec);
        let all = brute_force(&spec, &options);
        let mut solver = Solver::new(&problem);
        let mut held = Held::default();
        for &step in steps.iter().filter(|s| matches!(s, Step::Select(_) | Step::Exclude(_))) {
            held.apply(&mut solver, &spec, &options, step)?;
        }
        held.check(&mut solver, &problem, &all)?;
        let expected = self::held(&all, &held.selected, &held.excluded).len() as u64;
        prop_assert_eq!(par_count(&mut solver), expected);

        // The problem without the excluded options, the same selected.
        let mut without = problem.clone();
        for &k in &held.excluded {
            without.remove_option(OptionId::from_index(k)).unwrap();
        }
        let mut other = Solver::new(&without);
        for &k in &held.selected {
            other.select(OptionId::from_index(k)).unwrap();
        }
        solver.clear_stats();
        prop_assert_eq!(
            solver.solutions().collect::<Vec<_>>(),
            other.solutions().collect::<Vec<_>>()
        );
        prop_assert_eq!(solver.stats(), other.stats());

        // Pieces cut with the options held respect them.
        for depth in 0..3 {
            let split = solver.split(depth);
            let mut total = 0;
            for piece in split.pieces() {
                prop_assert!(piece.iter().all(|id| !held.excluded.contains(&id.index())));
                total += solver.count_piece(piece).unwrap();
            }
            prop_assert_eq!(total, expected);
            #[cfg(feature = "parallel")]
            {
                let pieces = split.pieces().iter().map(Vec::as_slice);
                prop_assert_eq!(solver.par_count_pieces(pieces).unwrap().solutions, u128::from(expected));
            }
        }

        solver.reset();
        let mut fresh = Solver::new(&problem);
        solver.clear_stats();
        prop_assert_eq!(solver.count(), fresh.count());
        prop_assert_eq!(solver.stats(), fresh.stats());
        prop_assert_eq!(
            solver.solutions().collect::<Vec<_>>(),
            fresh.solutions().collect::<Vec<_>>()
        );
        prop_assert!(solver.excluded().next().is_none());
    }

    /// Any interleaving of select, exclude, unselect, unexclude, reset and
    /// paused searches: after each call, the solver holds what the calls
    /// say (unselect releases the last selection and no exclusion,
    /// unexclude the last exclusion when no selection came after it; reset
    /// releases everything) and finds the brute force's solutions that
    /// hold it.
    #[test]
    fn interleavings_match_brute_force(spec in spec(), steps in steps(24)) {
        let (problem, options) = build(&spec);
        let all = brute_force(&spec, &options);
        let mut solver = Solver::new(&problem);
        let mut held = Held::default();
        for &step in &steps {
            held.apply(&mut solver, &spec, &options, step)?;
            if !matches!(step, Step::Pause(_)) {
                held.check(&mut solver, &problem, &all)?;
            }
        }
        solver.reset();
        prop_assert_eq!(solver.count(), all.len() as u64);
    }
}

#[test]
fn an_item_whose_options_are_all_excluded_has_no_solution() {
    let problem = sudoku4();
    let mut solver = Solver::new(&problem);
    // The four digits of the top-left cell.
    for k in 0..4 {
        solver.exclude(OptionId::from_index(k)).unwrap();
    }
    solver.clear_stats();
    assert_eq!(solver.count(), 0);
    assert_eq!(solver.outcome(), Outcome::Complete);
    // The root, where the cell's item is chosen for its length 0.
    assert_eq!(solver.stats().nodes, 1);
    assert_eq!(par_count(&mut solver), 0);
    solver.reset();
    assert_eq!(solver.count(), 288);
}

#[test]
fn a_pencilmark_sudoku_is_solved_by_givens_and_exclusions() {
    let problem = sudoku4();
    let mut solver = Solver::new(&problem);
    let grids: Vec<Vec<OptionId>> = solver.solutions().collect();
    let option = |r: usize, c: usize, d: usize| OptionId::from_index((r * 4 + c) * 4 + d);
    for round in 0..3 {
        // A given 1 in the top-left cell; 2 a candidate only in the last
        // cell of the last row, and 3 not one in the cell above it. The
        // second round excludes first, the third gives the exclusions in
        // reverse order.
        let mut excluded: Vec<OptionId> = (0..3).map(|c| option(3, c, 1)).collect();
        excluded.push(option(2, 3, 2));
        if round == 2 {
            excluded.reverse();
        }
        if round == 0 {
            solver.select(option(0, 0, 0)).unwrap();
        }
        for &id in &excluded {
            solver.exclude(id).unwrap();
        }
        if round > 0 {
            solver.select(option(0, 0, 0)).unwrap();
        }
        let expected = grids
            .iter()
            .filter(|g| g.contains(&option(0, 0, 0)))
            .filter(|g| !g.iter().any(|id| excluded.contains(id)))
            .count() as u64;
        assert!(expected > 0 && expected < 72);
        assert_eq!(solver.count(), expected);
        assert_eq!(par_count(&mut solver), expected);
        // Workers and pieces see the exclusions.
        let split = solver.split(2);
        let total: u64 = split
            .pieces()
            .iter()
            .map(|p| solver.count_piece(p).unwrap())
            .sum();
        assert_eq!(total, expected);
        // The given can go; the exclusions stay until reset.
        assert_eq!(solver.unselect(), Some(option(0, 0, 0)));
        assert_eq!(solver.excluded().count(), 4);
        solver.reset();
        assert_eq!(solver.count(), 288);
    }
}

/// Knuth's example (6) of TAOCP 7.2.2.1.
fn knuth() -> Problem {
    dlx::parse("| TAOCP 7.2.2.1 (6)\na b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n")
        .unwrap()
}

#[test]
fn knuths_example_has_one_solution() {
    let problem = knuth();
    let mut solver = Solver::new(&problem);
    let solution = solver.first().unwrap();
    assert_eq!(sorted([solution]), [vec![0, 3, 4]]);
    assert_eq!(solver.count(), 1);
    assert_eq!(solver.outcome(), Outcome::Complete);
}

/// The 4x4 sudoku grid as exact cover: 64 items, 64 options.
fn sudoku4() -> Problem {
    let mut problem = Problem::new(64, 0);
    for r in 0..4 {
        for c in 0..4 {
            for d in 0..4 {
                let b = (r / 2) * 2 + c / 2;
                problem
                    .add_option([r * 4 + c, 16 + r * 4 + d, 32 + c * 4 + d, 48 + b * 4 + d])
                    .unwrap();
            }
        }
    }
    problem
}

#[test]
fn four_by_four_sudoku_grids() {
    let problem = sudoku4();
    let mut solver = Solver::new(&problem);
    let mut grids = std::collections::HashSet::new();
    for solution in solver.solutions() {
        problem.verify(&solution).unwrap();
        let mut grid = [0u8; 16];
        for id in solution {
            let k = id.index();
            grid[k / 4] = (k % 4) as u8 + 1;
        }
        grids.insert(grid);
    }
    assert_eq!(grids.len(), 288);
    assert_eq!(solver.count(), 288);
    assert_eq!(par_count(&mut solver), 288);
}

#[test]
fn reset_gives_a_fresh_solvers_count() {
    let problem = sudoku4();
    let mut solver = Solver::new(&problem);
    // A given 1 in the top-left cell: a quarter of the grids.
    solver.select(OptionId::from_index(0)).unwrap();
    assert_eq!(solver.count(), 72);
    // A 1 in the next cell of that row conflicts.
    let err = solver.select(OptionId::from_index(4)).unwrap_err();
    assert!(matches!(err.kind(), dlx::ErrorKind::Conflict(_)), "{err}");
    assert_eq!(solver.count(), 72);
    solver.select(OptionId::from_index(5)).unwrap();
    assert_eq!(solver.count(), 24);
    assert_eq!(solver.unselect(), Some(OptionId::from_index(5)));
    assert_eq!(solver.count(), 72);
    solver.reset();
    assert_eq!(solver.count(), Solver::new(&problem).count());
    assert!(solver.selected().next().is_none());

    // Selecting a whole grid (enough updates that reset copies the arena
    // back instead of undoing each selection), then resetting, in a loop.
    let grids: Vec<Vec<OptionId>> = solver.solutions().take(20).collect();
    for grid in &grids {
        for &id in grid {
            solver.select(id).unwrap();
        }
        assert_eq!(solver.count(), 1);
        assert_eq!(solver.first().as_ref(), Some(grid));
        solver.reset();
        assert_eq!(solver.count(), 288);
        solver.select(grid[0]).unwrap();
        assert_eq!(solver.count(), 72);
        solver.reset();
    }
}

#[test]
fn a_search_can_pause_and_resume() {
    let problem = sudoku4();
    let mut solver = Solver::new(&problem);
    let all: Vec<Vec<OptionId>> = solver.solutions().collect();
    assert!(solver.next_solution().is_none());
    solver.rewind();
    let mut again = Vec::new();
    while let Some(s) = solver.next_solution() {
        again.push(s.to_vec());
        if again.len() == 100 {
            assert_eq!(solver.outcome(), Outcome::Paused);
            // Asking for a count in the middle starts afresh...
            assert_eq!(Solver::new(&problem).count(), 288);
        }
    }
    assert_eq!(again, all);
    assert_eq!(solver.outcome(), Outcome::Complete);
}

#[test]
fn limits_say_what_stopped_the_search() {
    let problem = sudoku4();
    let mut solver = Solver::new(&problem);
    solver.set_limits(Limits::new().nodes(50));
    let count = solver.count();
    assert!(count < 288);
    assert_eq!(solver.outcome(), Outcome::NodeLimit);
    assert!(solver.outcome().is_limited());
    assert_eq!(solver.stats().nodes, 50);

    solver.set_limits(Limits::new().solutions(10));
    assert_eq!(solver.count(), 10);
    assert_eq!(solver.outcome(), Outcome::SolutionLimit);
    assert_eq!(solver.solutions().count(), 10);
    assert_eq!(par_count(&mut solver), 10);

    let flag = Arc::new(AtomicBool::new(false));
    solver.set_limits(Limits::new().cancel_flag(flag.clone()));
    let mut seen = 0;
    let outcome = solver.for_each(|_| {
        seen += 1;
        if seen == 5 {
            flag.store(true, Ordering::Relaxed);
        }
        ControlFlow::Continue(())
    });
    assert_eq!((seen, outcome), (5, Outcome::Cancelled));

    solver.set_limits(Limits::new());
    assert_eq!(solver.count_up_to(2), 2);
    assert_eq!(solver.outcome(), Outcome::SolutionLimit);
    assert_eq!(solver.count(), 288);
    assert!(solver.outcome().is_complete());
}

#[test]
fn a_cancel_flag_set_from_another_thread_stops_the_search() {
    // 64 independent items with 2 options each: 2^64 solutions.
    let mut problem = Problem::new(64, 0);
    for i in 0..64usize {
        problem.add_option([i]).unwrap();
        problem.add_option([i]).unwrap();
    }
    let flag = Arc::new(AtomicBool::new(false));
    let mut solver = Solver::new(&problem);
    solver.set_limits(Limits::new().cancel_flag(flag.clone()));
    let setter = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(50));
        flag.store(true, Ordering::Relaxed);
    });
    let count = solver.count();
    setter.join().unwrap();
    assert!(count > 0);
    assert_eq!(solver.outcome(), Outcome::Cancelled);
}

#[test]
fn stats_are_deterministic_and_profiled() {
    let problem = sudoku4();
    let run = || {
        let mut solver = Solver::new(&problem);
        solver.profile_levels(true);
        solver.count();
        solver.stats()
    };
    let (a, b) = (run(), run());
    assert_eq!(a, b);
    assert_eq!(a.solutions, 288);
    let levels = a.level_nodes.clone().unwrap();
    assert_eq!(levels.iter().sum::<u64>(), a.nodes);
    assert_eq!(levels[0], 1);
    // 16 cells, each chosen once on the way to a solution: a solution is a
    // node at level 16, as Knuth counts.
    assert_eq!(a.max_level, 16);
    assert_eq!(levels[16], a.solutions);
    assert!(a.updates > a.nodes);
}

#[test]
fn a_problem_without_primary_items_has_one_empty_solution() {
    let problem = Problem::new(0, 2);
    let mut solver = Solver::new(&problem);
    assert_eq!(solver.first(), Some(vec![]));
    assert_eq!(solver.count(), 1);
}

#[test]
fn an_item_without_options_means_no_solution() {
    let mut problem = Problem::new(2, 0);
    problem.add_option([0usize]).unwrap();
    let mut solver = Solver::new(&problem);
    assert_eq!(solver.count(), 0);
    assert_eq!(solver.outcome(), Outcome::Complete);
    assert_eq!(solver.stats().nodes, 1);
}

#[test]
fn colors_let_options_share_a_secondary_item() {
    // Knuth's XCC example (TAOCP 7.2.2.1 (49)).
    let problem = dlx::parse("p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n").unwrap();
    let mut solver = Solver::new(&problem);
    let solutions: Vec<_> = solver.solutions().collect();
    assert_eq!(sorted(solutions.clone()), [vec![1, 3]]);
    for s in &solutions {
        problem.verify(s).unwrap();
    }
}

#[test]
fn selecting_a_colored_option_purifies_its_item() {
    let problem = dlx::parse("a b c | x\na x:red\nb x:red\nb x:blue\nc x:blue\nc\n").unwrap();
    let mut solver = Solver::new(&problem);
    assert_eq!(sorted(solver.solutions()), [vec![0, 1, 4]]);
    solver.select(OptionId::from_index(0)).unwrap();
    assert!(solver.select(OptionId::from_index(3)).is_err());
    assert_eq!(solver.count(), 1);
    solver.select(OptionId::from_index(1)).unwrap();
    assert_eq!(solver.first().unwrap().len(), 3);
    solver.reset();
    assert_eq!(solver.count(), 1);
}

#[test]
fn large_problems_use_wide_nodes_and_count_the_same() {
    // 8-queens (92 solutions) beside an item z with k options, each with
    // its own secondary item: 92k solutions. k = 12,000 takes the problem
    // past the 2^15 nodes of the compact arena; its 17 primary items take
    // the branching scan through the vector path.
    let count = |k: usize| {
        let queens = dlx::puzzles::queens(8);
        let names = |range: std::ops::Range<usize>| {
            range
                .map(|i| queens.item_name(i).unwrap().to_string())
                .collect::<Vec<_>>()
        };
        let primary = names(0..queens.primary_count())
            .into_iter()
            .chain(["z".to_string()]);
        let secondary = names(queens.primary_count()..queens.item_count())
            .into_iter()
            .chain((0..k).map(|i| format!("s{i}")));
        let mut problem = Problem::with_names(primary, secondary).unwrap();
        for (_, entries) in queens.options() {
            let items: Vec<String> = entries
                .iter()
                .map(|e| queens.item_name(e.item).unwrap().to_string())
                .collect();
            problem.add_option_named(&items).unwrap();
        }
        for i in 0..k {
            problem
                .add_option_named(["z".to_string(), format!("s{i}")])
                .unwrap();
        }
        let mut solver = Solver::new(&problem);
        (solver.count(), par_count(&mut solver))
    };
    assert_eq!(count(10), (920, 920));
    assert_eq!(count(12_000), (1_104_000, 1_104_000));
}

#[test]
fn huge_sparse_problems_are_solved_in_time_linear_in_their_size() {
    // 200,000 primary items, each in `copies` options of `width`
    // consecutive items: every item's length is `copies`, so the least
    // length is 1 or 2 at every node. A scan of every primary item at every
    // node would read 2 * 10^10 lengths (15 s for the first of these in a
    // release build).
    let n = 200_000;
    for (copies, width) in [(1, 1), (2, 1), (1, 3)] {
        let mut problem = Problem::new(n, 0);
        for start in (0..n).step_by(width) {
            for _ in 0..copies {
                problem.add_option(start..(start + width).min(n)).unwrap();
            }
        }
        let mut solver = Solver::new(&problem);
        let solution = solver.first().unwrap();
        problem.verify(&solution).unwrap();
        assert_eq!(solution.len(), n.div_ceil(width));
        // A node per option chosen, and one for the solution.
        assert_eq!(solver.stats().nodes, n.div_ceil(width) as u64 + 1);
    }
}

#[test]
fn pieces_that_do_not_fit_are_an_error_not_a_panic() {
    let problem = sudoku4();
    let mut solver = Solver::new(&problem);
    // Two 1s in the first row: no split of this solver makes that piece.
    let bad = [OptionId::from_index(0), OptionId::from_index(4)];
    #[cfg(feature = "parallel")]
    assert!(solver.par_count_pieces([&bad[..]]).is_err());
    assert!(solver.count_piece(&bad).is_err());
    let unknown = [OptionId::from_index(10_000)];
    assert!(solver.count_piece(&unknown).is_err());
    #[cfg(feature = "parallel")]
    assert!(solver.par_count_pieces([&unknown[..]]).is_err());
    // The solver is unharmed.
    assert_eq!(solver.count(), 288);
    let split = solver.split(2);
    let mut total = 0;
    for piece in split.pieces() {
        total += solver.count_piece(piece).unwrap();
    }
    assert_eq!(total, 288);
    #[cfg(feature = "parallel")]
    {
        let counted = solver
            .par_count_pieces(split.pieces().iter().map(Vec::as_slice))
            .unwrap();
        assert_eq!(counted.solutions, 288);
    }
}

#[test]
fn a_solver_checked_for_memory_solves_as_one_built_without() {
    for problem in [knuth(), sudoku4(), dlx::puzzles::queens(6)] {
        let mut checked = Solver::try_new(&problem).unwrap();
        let mut plain = Solver::new(&problem);
        assert_eq!(checked.count(), plain.count());
        assert_eq!(checked.stats(), plain.stats());
        assert_eq!(checked.first(), plain.first());
    }
}

#[test]
fn a_split_deeper_than_the_tree_gives_its_leaves() {
    // A depth past the tree (as a command line may ask) cuts at the
    // leaves: each piece a solution, nothing allocated by the depth.
    let problem = dlx::puzzles::queens(6);
    let mut solver = Solver::new(&problem);
    for depth in [7, 100, 1 << 62, usize::MAX] {
        let split = solver.split(depth);
        assert_eq!(split.len(), 4, "depth {depth}");
        for piece in split.pieces() {
            problem.verify(piece).unwrap();
        }
    }
}
