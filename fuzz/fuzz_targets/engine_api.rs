//! The `Problem` and `Solver` API on small random problems, checked against
//! every subset of the options.
//!
//! A problem of at most 6 primary and 6 secondary items and 3 colors is
//! built by adding and removing options (valid or not: each call must fail
//! exactly when the option is bad), written in Knuth's format and read back,
//! then searched every way the solver offers: all solutions, counts, the
//! first, a solution limit, a node limit, an early stop, a cancel flag,
//! options selected (valid, conflicting or unknown), paused searches
//! abandoned, options unselected and reset; and options excluded, between
//! selections, unselections and paused searches.

#![no_main]

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use dlx::{Color, Entry, ErrorKind, Limits, OptionId, Outcome, Problem, Solver};
use dlx_fuzz::cover::{self, Cover};
use dlx_fuzz::round_trip;
use libfuzzer_sys::arbitrary::{self, Arbitrary};
use libfuzzer_sys::fuzz_target;

const MAX_PRIMARY: u8 = 6;
const MAX_SECONDARY: u8 = 6;
const MAX_COLORS: u8 = 3;
/// Options in the problem at once: 2^10 subsets for the oracle.
const MAX_OPTIONS: usize = 10;
const MAX_OPS: usize = 16;
const MAX_ENTRIES: usize = 8;
const MAX_SELECTIONS: usize = 5;
const MAX_HOLD_STEPS: usize = 12;

#[derive(Arbitrary, Debug)]
struct Input {
    primary: u8,
    secondary: u8,
    colors: u8,
    ops: Vec<Op>,
    selections: Vec<u8>,
    solution_limit: u8,
    node_limit: u8,
    stop_after: u8,
    /// Calls of exclude, select, unselect and paused searches; see
    /// `check_exclusions`.
    holds: Vec<u8>,
}

#[derive(Arbitrary, Debug)]
enum Op {
    /// Add an option of these (item, color) codes; see `entry`.
    Add(Vec<(u8, u8)>),
    /// Remove the option with this id (modulo the ids handed out, plus one).
    Remove(u8),
}

fuzz_target!(|input: Input| {
    let (problem, cover) = build(&input);
    // Knuth's format has no way to write a problem without primary items:
    // its item line would start with `|`, or be blank, and read as a comment.
    if problem.primary_count() > 0 {
        round_trip::check(&problem);
    }
    check_verify(&problem, &cover);
    let all = cover.solutions();
    let mut solver = Solver::new(&problem);
    let order = check_all(&mut solver, &problem, &all);
    check_solution_limit(&mut solver, &order, input.solution_limit);
    check_node_limit(&mut solver, &order, input.node_limit);
    check_stops(&mut solver, &order, input.stop_after);
    check_pieces(&mut solver, &order, input.stop_after);
    check_selections(&mut solver, &problem, &cover, &all, &input.selections);
    check_exclusions(&mut solver, &problem, &cover, &all, &input.holds);
});

/// The problem the input describes, and the same problem for the oracle,
/// kept by hand: each call to the `Problem` API is checked against it.
fn build(input: &Input) -> (Problem, Cover) {
    let primary = usize::from(input.primary % (MAX_PRIMARY + 1));
    let secondary = usize::from(input.secondary % (MAX_SECONDARY + 1));
    let items = primary + secondary;
    let mut problem = Problem::new(primary, secondary);
    let colors: Vec<Color> = (0..input.colors % (MAX_COLORS + 1))
        .map(|k| problem.color(&format!("c{k}")).expect("a valid color name"))
        .collect();
    for (k, color) in colors.iter().enumerate() {
        assert_eq!(color.index(), k);
    }
    // Colors of another problem, unknown to this one.
    let mut other = Problem::new(0, 0);
    let foreign: Vec<Color> = (0..=MAX_COLORS + 1)
        .map(|k| other.color(&format!("f{k}")).expect("a valid color name"))
        .filter(|c| c.index() >= colors.len())
        .collect();

    let mut options: BTreeMap<usize, Vec<cover::Entry>> = BTreeMap::new();
    // The number of ids handed out: a new option takes a free id below it,
    // or this one.
    let mut fresh = 0;
    for op in input.ops.iter().take(MAX_OPS) {
        match op {
            Op::Add(codes) if options.len() < MAX_OPTIONS => {
                let entries: Vec<Entry> = codes
                    .iter()
                    .take(MAX_ENTRIES)
                    .map(|&(item, color)| entry(items, &colors, &foreign, item, color))
                    .collect();
                let valid = is_valid(primary, items, colors.len(), &entries);
                let before = (problem.option_count(), problem.color_count());
                match problem.add_option(entries.iter().copied()) {
                    Ok(id) => {
                        assert!(valid, "accepted a bad option {entries:?}");
                        let id = id.index();
                        if (0..fresh).all(|k| options.contains_key(&k)) {
                            assert_eq!(id, fresh, "the next id");
                            fresh += 1;
                        } else {
                            assert!(id < fresh && !options.contains_key(&id), "id {id} reused");
                        }
                        let entries = entries
                            .iter()
                            .map(|e| (e.item, e.color.map(|c| c.index())))
                            .collect();
                        options.insert(id, entries);
                    }
                    Err(e) => {
                        assert!(!valid, "rejected a good option {entries:?}: {e}");
                        let after = (problem.option_count(), problem.color_count());
                        assert_eq!(before, after, "a rejected option changed the problem");
                    }
                }
            }
            Op::Add(_) => {}
            Op::Remove(raw) => {
                let id = usize::from(*raw) % (fresh + 1);
                let removed = problem.remove_option(OptionId::from_index(id));
                let removed = removed.map(|entries| {
                    entries
                        .iter()
                        .map(|e| (e.item, e.color.map(|c| c.index())))
                        .collect()
                });
                assert_eq!(removed, options.remove(&id), "removing option {id}");
            }
        }
    }
    let cover = Cover {
        primary,
        items,
        options: options.into_iter().collect(),
    };
    assert_eq!(
        Cover::of(&problem),
        cover,
        "the problem holds other options"
    );
    assert_eq!(problem.option_count(), cover.options.len());
    (problem, cover)
}

/// The entry of an (item, color) code: an item in range unless the code is
/// 255; no color for 5 codes in 8, one of the problem's colors for 2, and a
/// color of another problem for 1.
fn entry(items: usize, colors: &[Color], foreign: &[Color], item: u8, color: u8) -> Entry {
    let item = if item == u8::MAX {
        items
    } else {
        usize::from(item) % items.max(1)
    };
    let pick = |from: &[Color]| {
        from.get(usize::from(color >> 3) % from.len().max(1))
            .copied()
    };
    let color = match color % 8 {
        0..=4 => None,
        5 | 6 => pick(colors),
        _ => pick(foreign),
    };
    Entry { item, color }
}

/// Whether `Problem::add_option` must accept these entries.
fn is_valid(primary: usize, items: usize, colors: usize, entries: &[Entry]) -> bool {
    entries.iter().any(|e| e.item < primary)
        && entries.iter().enumerate().all(|(k, e)| {
            e.item < items
                && entries[..k].iter().all(|f| f.item != e.item)
                && e.color
                    .is_none_or(|c| e.item >= primary && c.index() < colors)
        })
}

/// `Problem::verify` accepts exactly the subsets that are solutions, in
/// any order.
fn check_verify(problem: &Problem, cover: &Cover) {
    let n = cover.options.len();
    for mask in 0u32..1 << n {
        let ids: Vec<usize> = (0..n)
            .filter(|k| mask & 1 << k != 0)
            .map(|k| cover.options[k].0)
            .collect();
        let expected = cover.is_solution(&ids);
        let mut solution: Vec<OptionId> = ids.iter().map(|&id| OptionId::from_index(id)).collect();
        assert_eq!(problem.verify(&solution).is_ok(), expected, "{ids:?}");
        solution.reverse();
        assert_eq!(
            problem.verify(&solution).is_ok(),
            expected,
            "{ids:?} reversed"
        );
    }
}

/// Every solution, each once, whichever way they are asked for; returns
/// them in the order the search finds them.
fn check_all(solver: &mut Solver, problem: &Problem, all: &[Vec<usize>]) -> Vec<Vec<OptionId>> {
    let n = all.len() as u64;
    let order: Vec<Vec<OptionId>> = solver.solutions().collect();
    assert_eq!(solver.outcome(), Outcome::Complete);
    for solution in &order {
        if let Err(e) = problem.verify(solution) {
            panic!("{solution:?} does not verify: {e}");
        }
    }
    let mut found: Vec<Vec<usize>> = order.iter().map(|s| cover::sorted(s)).collect();
    found.sort();
    assert_eq!(found, all, "the solutions");
    assert_eq!(solver.stats().solutions, n);

    assert_eq!(solver.count(), n, "count");
    assert_eq!(solver.outcome(), Outcome::Complete);
    assert_eq!(solver.first().as_ref(), order.first(), "first");
    for max in [0, 1, n, n + 1] {
        assert_eq!(solver.count_up_to(max), n.min(max), "count_up_to({max})");
    }
    order
}

/// A solution limit of k gives the first k solutions of the search, and
/// says it stopped the search when there were more.
fn check_solution_limit(solver: &mut Solver, order: &[Vec<OptionId>], raw: u8) {
    let n = order.len() as u64;
    let k = u64::from(raw) % (n + 3);
    let kept = n.min(k) as usize;
    solver.set_limits(Limits::new().solutions(k));
    let expected_outcome = |outcome: Outcome| match n.cmp(&k) {
        std::cmp::Ordering::Less => outcome == Outcome::Complete,
        std::cmp::Ordering::Equal => matches!(outcome, Outcome::Complete | Outcome::SolutionLimit),
        std::cmp::Ordering::Greater => outcome == Outcome::SolutionLimit,
    };
    let got: Vec<Vec<OptionId>> = solver.solutions().collect();
    assert_eq!(got, order[..kept], "solutions with a limit of {k}");
    assert!(expected_outcome(solver.outcome()), "{:?}", solver.outcome());
    assert_eq!(solver.count(), kept as u64, "count with a limit of {k}");
    assert!(expected_outcome(solver.outcome()), "{:?}", solver.outcome());
    for max in [k / 2, k + 1] {
        assert_eq!(
            solver.count_up_to(max),
            n.min(k).min(max),
            "count_up_to({max})"
        );
        assert_eq!(solver.limits().solution_limit(), Some(k), "limit kept");
    }
    solver.set_limits(Limits::new());
}

/// A node limit caps `Stats::nodes`, the nodes visited since the stats were
/// cleared: a search it stops has found the solutions that an unlimited
/// search finds in those nodes, and raising it resumes the search where it
/// stopped (as the `dlx` command does, to report progress in slices).
fn check_node_limit(solver: &mut Solver, order: &[Vec<OptionId>], raw: u8) {
    solver.set_limits(Limits::new());
    solver.clear_stats();
    solver.count();
    let nodes = solver.stats().nodes;
    let limit = u64::from(raw >> 2) % (nodes + 2);
    solver.set_limits(Limits::new().nodes(limit));
    solver.clear_stats();
    let got: Vec<Vec<OptionId>> = solver.solutions().collect();
    let outcome = solver.outcome();
    if limit >= nodes {
        assert_eq!(outcome, Outcome::Complete, "{limit} of {nodes} nodes");
        assert_eq!(got, order);
    } else {
        assert_eq!(outcome, Outcome::NodeLimit, "{limit} of {nodes} nodes");
        assert!(order.starts_with(&got), "not the first solutions");
    }
    assert_eq!(solver.stats().nodes, limit.min(nodes), "nodes visited");

    let slice = u64::from(raw & 3) + 1;
    solver.clear_stats();
    solver.rewind();
    let mut got = Vec::new();
    // Each round visits a node or finds a solution, or the search is stuck.
    for _ in 0..=nodes + order.len() as u64 + 1 {
        solver.set_limits(Limits::new().nodes(solver.stats().nodes + slice));
        if let Some(solution) = solver.next_solution() {
            got.push(solution.to_vec());
        } else if solver.outcome() != Outcome::NodeLimit {
            break;
        }
    }
    assert_eq!(
        solver.outcome(),
        Outcome::Complete,
        "in slices of {slice} nodes"
    );
    assert_eq!(got, order, "in slices of {slice} nodes");
    assert_eq!(solver.stats().nodes, nodes, "in slices of {slice} nodes");
    solver.set_limits(Limits::new());
}

/// `for_each` stops when asked, and a cancel flag set before the search
/// stops it at its first node.
fn check_stops(solver: &mut Solver, order: &[Vec<OptionId>], raw: u8) {
    let n = order.len();
    let stop = usize::from(raw) % (n + 2);
    let mut seen = Vec::new();
    let outcome = solver.for_each(|solution| {
        seen.push(solution.to_vec());
        if seen.len() == stop {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    if (1..=n).contains(&stop) {
        assert_eq!(outcome, Outcome::Stopped);
    } else {
        assert_eq!(outcome, Outcome::Complete);
    }
    assert_eq!(seen, order[..seen.len()], "for_each");

    let flag = Arc::new(AtomicBool::new(true));
    solver.set_limits(Limits::new().cancel_flag(flag));
    let got: Vec<Vec<OptionId>> = solver.solutions().collect();
    match solver.outcome() {
        Outcome::Cancelled => assert!(got.is_empty()),
        // Only when no node is needed: no primary item to cover.
        Outcome::Complete => {
            assert_eq!(solver.primary_count(), 0);
            assert_eq!(got, order);
        }
        other => panic!("cancelled search ended {other:?}"),
    }
    solver.set_limits(Limits::new());
}

/// Whether option `id` can be selected after those in `chosen`: each of its
/// items is free, or has the same color in it as in every chosen option
/// that names it.
fn compatible(cover: &Cover, chosen: &[usize], id: usize) -> bool {
    let option = |id: usize| {
        let k = cover.options.binary_search_by_key(&id, |(id, _)| *id);
        &cover.options[k.expect("a chosen option")].1
    };
    option(id).iter().all(|&(item, color)| {
        chosen.iter().all(|&other| {
            option(other)
                .iter()
                .all(|&(i, c)| i != item || (color.is_some() && c == color))
        })
    })
}

/// Selections fail exactly when the option is unknown or conflicts, and
/// then change nothing; the solutions with options selected are those of
/// the oracle that hold them, the selected ones first; unselect and reset
/// undo the selections, also with a search under way.
fn check_selections(
    solver: &mut Solver,
    problem: &Problem,
    cover: &Cover,
    all: &[Vec<usize>],
    selections: &[u8],
) {
    let ids = cover.options.last().map_or(0, |(id, _)| id + 1);
    let mut chosen = Vec::new();
    for (k, &raw) in selections.iter().take(MAX_SELECTIONS).enumerate() {
        let id = usize::from(raw) % (ids + 2);
        let known = cover.options.iter().any(|(i, _)| *i == id);
        if k % 2 == 1 && solver.next_solution().is_some() {
            let progress = solver.progress();
            assert!((0.0..=1.0).contains(&progress), "progress {progress}");
        }
        match solver.select(OptionId::from_index(id)) {
            Ok(()) => {
                assert!(known && compatible(cover, &chosen, id), "selected {id}");
                chosen.push(id);
            }
            Err(e) => match e.kind() {
                ErrorKind::UnknownOption(_) => assert!(!known, "{id}: {e}"),
                ErrorKind::Conflict(_) => {
                    assert!(known && !compatible(cover, &chosen, id), "{id}: {e}");
                }
                _ => panic!("select({id}): {e}"),
            },
        }
        check_selected(solver, problem, all, &chosen, &[]);
    }
    let selected = chosen.clone();
    while !chosen.is_empty() {
        if chosen.len() % 2 == 0 {
            solver.next_solution();
        }
        let id = solver.unselect().map(OptionId::index);
        assert_eq!(id, chosen.pop(), "unselect");
        check_selected(solver, problem, all, &chosen, &[]);
    }
    assert_eq!(solver.unselect(), None);
    for &id in &selected {
        solver
            .select(OptionId::from_index(id))
            .expect("selected before");
    }
    solver.next_solution();
    solver.reset();
    assert_eq!(solver.selected().count(), 0, "reset");
    assert_eq!(solver.count(), all.len() as u64, "count after reset");
}

/// Options excluded, with selections, unselections and paused searches
/// between: exclude fails exactly for unknown and selected options, and
/// then changes nothing, and excluding an option again is a no-op; select
/// fails for excluded options too; unselect releases the last selection
/// and no exclusion, unexclude the last exclusion when no selection came
/// after it. After each call the solutions are those of the oracle
/// that hold every selected option and no excluded one, and the search is
/// that of the problem without the excluded options (the same solutions in
/// the same order, the same statistics). Reset releases everything.
fn check_exclusions(
    solver: &mut Solver,
    problem: &Problem,
    cover: &Cover,
    all: &[Vec<usize>],
    steps: &[u8],
) {
    solver.reset();
    let ids = cover.options.last().map_or(0, |(id, _)| id + 1);
    let mut chosen: Vec<usize> = Vec::new();
    let mut excluded: Vec<usize> = Vec::new();
    // For each selection, the number of exclusions made before it.
    let mut marks: Vec<usize> = Vec::new();
    for &raw in steps.iter().take(MAX_HOLD_STEPS) {
        let id = usize::from(raw >> 3) % (ids + 2);
        let known = cover.options.iter().any(|(i, _)| *i == id);
        match raw & 7 {
            0..=3 => match solver.exclude(OptionId::from_index(id)) {
                Ok(()) => {
                    assert!(known && !chosen.contains(&id), "excluded {id}");
                    if !excluded.contains(&id) {
                        excluded.push(id);
                    }
                }
                Err(e) => match e.kind() {
                    ErrorKind::UnknownOption(_) => assert!(!known, "{id}: {e}"),
                    ErrorKind::Selected(j) => assert!(*j == id && chosen.contains(&id), "{e}"),
                    _ => panic!("exclude({id}): {e}"),
                },
            },
            4 | 5 => match solver.select(OptionId::from_index(id)) {
                Ok(()) => {
                    assert!(known && !excluded.contains(&id), "selected {id}");
                    assert!(compatible(cover, &chosen, id), "selected {id}");
                    chosen.push(id);
                    marks.push(excluded.len());
                }
                Err(e) => match e.kind() {
                    ErrorKind::UnknownOption(_) => assert!(!known, "{id}: {e}"),
                    ErrorKind::Excluded(j) => assert!(*j == id && excluded.contains(&id), "{e}"),
                    ErrorKind::Conflict(_) => {
                        assert!(known && !excluded.contains(&id), "{id}: {e}");
                        assert!(!compatible(cover, &chosen, id), "{id}: {e}");
                    }
                    _ => panic!("select({id}): {e}"),
                },
            },
            6 if id % 2 == 0 => {
                let id = solver.unselect().map(OptionId::index);
                assert_eq!(id, chosen.pop(), "unselect");
                marks.pop();
            }
            6 => {
                let id = solver.unexclude().map(OptionId::index);
                let last = if excluded.len() > marks.last().copied().unwrap_or(0) {
                    excluded.pop()
                } else {
                    None
                };
                assert_eq!(id, last, "unexclude");
            }
            _ => {
                // A search left paused: the next call abandons it.
                solver.rewind();
                solver.next_solution();
                continue;
            }
        }
        check_selected(solver, problem, all, &chosen, &excluded);
        check_without(solver, problem, &chosen, &excluded);
    }
    solver.reset();
    assert_eq!(solver.selected().count(), 0, "reset");
    assert_eq!(solver.excluded().count(), 0, "reset");
    assert_eq!(solver.count(), all.len() as u64, "count after reset");
}

/// The search with options excluded is that of the problem without them.
fn check_without(solver: &mut Solver, problem: &Problem, chosen: &[usize], excluded: &[usize]) {
    let mut without = problem.clone();
    for &id in excluded {
        assert!(without.remove_option(OptionId::from_index(id)).is_some());
    }
    let mut other = Solver::new(&without);
    for &id in chosen {
        other
            .select(OptionId::from_index(id))
            .expect("selected in the solver");
    }
    solver.clear_stats();
    let got: Vec<Vec<OptionId>> = solver.solutions().collect();
    let expected: Vec<Vec<OptionId>> = other.solutions().collect();
    assert_eq!(got, expected, "excluded {excluded:?}, selected {chosen:?}");
    assert_eq!(solver.stats(), other.stats(), "excluded {excluded:?}");
}

fn check_selected(
    solver: &mut Solver,
    problem: &Problem,
    all: &[Vec<usize>],
    chosen: &[usize],
    excluded: &[usize],
) {
    let selected: Vec<usize> = solver.selected().map(OptionId::index).collect();
    assert_eq!(selected, chosen, "the selected options");
    let held: Vec<usize> = solver.excluded().map(OptionId::index).collect();
    assert_eq!(held, excluded, "the excluded options");
    let expected: Vec<&Vec<usize>> = all
        .iter()
        .filter(|s| chosen.iter().all(|id| s.contains(id)))
        .filter(|s| !excluded.iter().any(|id| s.contains(id)))
        .collect();
    let got: Vec<Vec<OptionId>> = solver.solutions().collect();
    assert_eq!(solver.outcome(), Outcome::Complete);
    let mut found = Vec::new();
    for solution in &got {
        let first: Vec<usize> = solution
            .iter()
            .take(chosen.len())
            .map(|id| id.index())
            .collect();
        assert_eq!(
            first, chosen,
            "{solution:?} starts with the selected options"
        );
        if let Err(e) = problem.verify(solution) {
            panic!("{solution:?} does not verify: {e}");
        }
        found.push(cover::sorted(solution));
    }
    found.sort();
    assert_eq!(
        found.iter().collect::<Vec<_>>(),
        expected,
        "selected {chosen:?}, excluded {excluded:?}"
    );
    assert_eq!(
        solver.count(),
        expected.len() as u64,
        "count, selected {chosen:?}, excluded {excluded:?}"
    );
}

/// The pieces of a split hold every solution once, in the serial order,
/// and their figures add up with the split's to the serial search's.
fn check_pieces(solver: &mut Solver, order: &[Vec<OptionId>], raw: u8) {
    let depth = usize::from(raw % 4);
    solver.set_limits(Limits::new());
    solver.clear_stats();
    solver.count();
    let whole = solver.stats();
    let split = solver.split(depth);
    let mut total = split.stats().clone();
    let mut found = Vec::new();
    for piece in split.pieces() {
        assert!(piece.len() <= depth, "a piece deeper than the split");
        solver.clear_stats();
        let outcome = solver
            .for_each_in_piece(piece, |solution| {
                found.push(solution.to_vec());
                std::ops::ControlFlow::Continue(())
            })
            .expect("a piece of this solver fits it");
        assert_eq!(outcome, Outcome::Complete);
        total.merge(&solver.stats());
    }
    assert_eq!(found, order, "the pieces' solutions at depth {depth}");
    assert_eq!(total, whole, "the pieces' figures at depth {depth}");
}
