//! The propagation hook against brute force: a propagator that takes out
//! options no solution of the node holds (some of them, or all) and
//! reports the nodes without solution leaves the solutions as they are,
//! whatever else the solver does (selections, paused searches, splits on
//! many threads), and the arena comes back exactly as it was.

mod common;

use dlx::{Contradiction, Live, OptionId, Propagator, Solver};
use proptest::prelude::*;

use common::{brute_force, build, fit, held, sorted, Spec};

/// A small random problem: every primary item covered once, colors on
/// secondary items.
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
        proptest::collection::vec(option, 0..=11).prop_map(move |options| Spec {
            bounds: vec![(1, 1); primary],
            secondary,
            options,
        })
    })
}

/// The propagator that knows the answer: at each node it finds, by trying
/// every set of the options in play, those in some solution of the node,
/// then takes out the others, all of them or some (as `take` says, option
/// by option), and reports the nodes without solution (or not, as
/// `report` says).
#[derive(Clone)]
struct Oracle {
    spec: Spec,
    options: Vec<Vec<(usize, u32)>>,
    /// Bit k: take out the k-th option without support found, modulo 64.
    take: u64,
    report: bool,
    /// The items to branch on, one a node in turn (any number: some no
    /// item, some inactive), `None` to keep the search's.
    picks: Vec<Option<usize>>,
    next: usize,
}

impl Propagator for Oracle {
    fn propagate(&mut self, live: &mut Live<'_>) -> Result<(), Contradiction> {
        let ids = |k: usize| OptionId::from_index(k);
        // The options of the path to the node are out of play, each once.
        let path: Vec<OptionId> = live.path().collect();
        for (at, &o) in path.iter().enumerate() {
            assert!(!live.contains(o) && !path[..at].contains(&o), "{path:?}");
        }
        // The search's own choices end the path; the selections start it
        // (and so does a piece's prefix when a search is split).
        assert!(live.depth() <= path.len(), "{path:?}");
        let choice = path.last().filter(|_| live.depth() > 0);
        assert_eq!(live.choice().as_ref(), choice, "{path:?}");
        let in_play: Vec<usize> = (0..self.options.len())
            .filter(|&k| live.contains(ids(k)))
            .collect();
        let active: Vec<usize> = (0..self.spec.primary())
            .filter(|&i| live.is_active(i))
            .collect();
        let mut supported = vec![false; self.options.len()];
        let mut any = false;
        for subset in 0u32..1 << in_play.len() {
            let chosen: Vec<usize> = (0..in_play.len())
                .filter(|b| subset >> b & 1 == 1)
                .map(|b| in_play[b])
                .collect();
            let mask = chosen.iter().fold(0u32, |m, &k| m | 1 << k);
            let covers = active.iter().all(|&i| {
                chosen
                    .iter()
                    .filter(|&&k| self.options[k].iter().any(|&(x, _)| x == i))
                    .count()
                    == 1
            });
            if covers && fit(&self.spec, &self.options, mask) {
                any = true;
                for &k in &chosen {
                    supported[k] = true;
                }
            }
        }
        if !any && self.report {
            return Err(Contradiction);
        }
        let mut found = 0;
        for &k in &in_play {
            if !supported[k] {
                if self.take >> (found % 64) & 1 == 1 {
                    assert!(live.remove(ids(k)), "option {k} was in play");
                    assert!(!live.remove(ids(k)), "option {k} is out of play");
                }
                found += 1;
            }
        }
        Ok(())
    }

    fn choose(&mut self, live: &Live<'_>, best: usize) -> Option<usize> {
        assert!(live.is_active(best) && live.len(best) >= 2, "{best}");
        let pick = *self.picks.get(self.next % self.picks.len().max(1))?;
        self.next += 1;
        pick
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn a_sound_propagator_keeps_the_solutions(
        spec in spec(),
        take in any::<u64>(),
        report in any::<bool>(),
        picks in proptest::collection::vec(proptest::option::of(0usize..10), 0..=6),
    ) {
        let (problem, options) = build(&spec);
        let expected = brute_force(&spec, &options);
        let mut solver = Solver::new(&problem);
        let oracle = Oracle {
            spec: spec.clone(),
            options: options.clone(),
            take,
            report,
            picks: picks.clone(),
            next: 0,
        };
        solver.set_propagator(Some(Box::new(oracle))).unwrap();
        let found: Vec<Vec<OptionId>> = solver.solutions().collect();
        for solution in &found {
            prop_assert!(problem.verify(solution).is_ok());
        }
        prop_assert_eq!(sorted(found), expected.clone());
        prop_assert_eq!(solver.count(), expected.len() as u64);
        #[cfg(feature = "parallel")]
        prop_assert_eq!(u64::try_from(solver.par_count().solutions).unwrap(), expected.len() as u64);

        // Paused after its first solution, the search is abandoned when
        // the propagator goes: the arena is back as it was.
        solver.rewind();
        if !expected.is_empty() {
            prop_assert!(solver.next_solution().is_some());
        }
        solver.set_propagator(None).unwrap();
        prop_assert_eq!(solver.count(), expected.len() as u64);

        // Under a selection, the solutions that hold it.
        if let Some(first) = expected.first() {
            let oracle = Oracle {
            spec: spec.clone(),
            options: options.clone(),
            take,
            report,
            picks: picks.clone(),
            next: 0,
        };
            solver.set_propagator(Some(Box::new(oracle))).unwrap();
            solver.select(OptionId::from_index(first[0])).unwrap();
            let with = held(&expected, &first[..1], &[]);
            prop_assert_eq!(sorted(solver.solutions()), with);
            solver.reset();
            prop_assert_eq!(solver.count(), expected.len() as u64);
        }
    }
}

/// A propagator with nothing to take out changes no figure but its own:
/// the same nodes and updates as Knuth's search, one run per node entered
/// after a choice and one at the root.
#[test]
fn an_idle_propagator_changes_no_figure() {
    #[derive(Clone)]
    struct Idle;
    impl Propagator for Idle {
        fn propagate(&mut self, _live: &mut Live<'_>) -> Result<(), Contradiction> {
            Ok(())
        }
    }
    let problem = dlx::puzzles::queens(8);
    let mut plain = Solver::new(&problem);
    assert_eq!(plain.count(), 92);
    let mut idle = Solver::new(&problem);
    idle.set_propagator(Some(Box::new(Idle))).unwrap();
    assert_eq!(idle.count(), 92);
    let (a, b) = (plain.stats(), idle.stats());
    assert_eq!(
        (a.nodes, a.updates, a.solutions),
        (b.nodes, b.updates, b.solutions)
    );
    // Every node but the root is entered after a choice, and so is every
    // dead end the covers make; a solution is a node of its own.
    assert!(b.propagations >= a.nodes - a.solutions, "{b:?}");
    assert_eq!((a.propagations, b.removed), (0, 0));
}

/// A propagator that branches on the item of the most options makes
/// another tree with the same solutions; one that names no active item
/// leaves the search's choice, and its figures, as they are.
#[test]
fn a_propagator_may_choose_the_branching_item() {
    #[derive(Clone)]
    struct Widest;
    impl Propagator for Widest {
        fn propagate(&mut self, _live: &mut Live<'_>) -> Result<(), Contradiction> {
            Ok(())
        }
        fn choose(&mut self, live: &Live<'_>, _best: usize) -> Option<usize> {
            (0..16)
                .filter(|&i| live.is_active(i))
                .max_by_key(|&i| live.len(i))
        }
    }
    #[derive(Clone)]
    struct Nowhere;
    impl Propagator for Nowhere {
        fn propagate(&mut self, _live: &mut Live<'_>) -> Result<(), Contradiction> {
            Ok(())
        }
        fn choose(&mut self, _live: &Live<'_>, _best: usize) -> Option<usize> {
            Some(usize::MAX)
        }
    }
    let problem = dlx::puzzles::queens(8);
    let mut plain = Solver::new(&problem);
    let expected = sorted(plain.solutions());
    assert_eq!(expected.len(), 92);
    let mut widest = Solver::new(&problem);
    widest.set_propagator(Some(Box::new(Widest))).unwrap();
    assert_eq!(sorted(widest.solutions()), expected);
    assert!(
        widest.stats().nodes > plain.stats().nodes,
        "{:?}",
        widest.stats()
    );
    let mut nowhere = Solver::new(&problem);
    nowhere.set_propagator(Some(Box::new(Nowhere))).unwrap();
    assert_eq!(sorted(nowhere.solutions()), expected);
    let (a, b) = (plain.stats(), nowhere.stats());
    assert_eq!((a.nodes, a.updates), (b.nodes, b.updates));
}

/// Algorithm M does not run the hook: asking for it is an error.
#[test]
fn multiplicities_refuse_a_propagator() {
    #[derive(Clone)]
    struct Idle;
    impl Propagator for Idle {
        fn propagate(&mut self, _live: &mut Live<'_>) -> Result<(), Contradiction> {
            Ok(())
        }
    }
    let mut problem = dlx::Problem::new(1, 0);
    problem.set_bounds(0, 1, 2).unwrap();
    problem.add_option([0usize]).unwrap();
    let mut solver = Solver::new(&problem);
    let error = solver.set_propagator(Some(Box::new(Idle))).unwrap_err();
    assert!(
        matches!(error.kind(), dlx::ErrorKind::Unsupported(_)),
        "{error}"
    );
    assert!(solver.set_propagator(None).is_ok());
}

/// Without selections, a serial search's path is its choices: the depth
/// counts them and the last is the choice that made the node.
#[test]
fn depth_and_choice_follow_the_search() {
    #[derive(Clone)]
    struct Watch;
    impl Propagator for Watch {
        fn propagate(&mut self, live: &mut Live<'_>) -> Result<(), Contradiction> {
            let path: Vec<OptionId> = live.path().collect();
            assert_eq!(live.depth(), path.len());
            assert_eq!(live.choice(), path.last().copied());
            Ok(())
        }
    }
    let problem = dlx::puzzles::queens(6);
    let mut solver = Solver::new(&problem);
    solver.set_propagator(Some(Box::new(Watch))).unwrap();
    assert_eq!(solver.count(), 4);
    assert!(solver.stats().propagations > 0);
}
