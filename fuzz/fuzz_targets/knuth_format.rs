//! Knuth's DLX text format from arbitrary bytes: `dlx::read` and
//! `dlx::read_lenient` never panic, agree with each other, place their
//! errors on the input, and read back what `dlx::write` writes; the small
//! problems they read are solved and checked against every subset of their
//! options.

#![no_main]

use dlx::{ErrorKind, Limits, Outcome, Problem, Solver};
use dlx_fuzz::cover::{self, Cover};
use dlx_fuzz::{round_trip, text};
use libfuzzer_sys::fuzz_target;

/// Problems up to this size are solved: 2^12 subsets for the oracle.
const MAX_OPTIONS: usize = 12;
const MAX_ITEMS: usize = 10;

/// Far more nodes than 12 options can need; a bound on the time all the same.
const NODE_LIMIT: u64 = 1 << 16;

fuzz_target!(|data: &[u8]| {
    let strict = dlx::read(data);
    let lenient = dlx::read_lenient(data);
    let lines = text::line_count(data);
    for error in strict
        .as_ref()
        .err()
        .into_iter()
        .chain(lenient.as_ref().err())
    {
        check_position(error, data, lines);
    }
    check_agreement(&strict, &lenient);
    if let Ok((problem, skipped)) = &lenient {
        let mut last = 0;
        let mut before = None;
        for skip in skipped {
            assert!(Some(skip.option) > before, "skipped options out of order");
            before = Some(skip.option);
            let warning = &skip.warning;
            assert_eq!(*warning.kind(), ErrorKind::NoPrimaryItem, "{warning}");
            check_position(warning, data, lines);
            assert!(warning.line() > Some(last), "warnings out of line order");
            last = warning.line().unwrap_or(0);
        }
        // A problem was read, so every line is UTF-8 but comments, which
        // may hold any bytes (read lossily here: a comment stays one); every
        // line that is neither blank nor a comment is the item line, an
        // option or a warning.
        // A byte-order mark at the start is no part of the first line.
        let text = String::from_utf8_lossy(data);
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
        let content = text
            .split('\n')
            .filter(|line| !line.trim().is_empty() && !line.trim_start().starts_with('|'))
            .count();
        assert_eq!(content, 1 + problem.option_count() + skipped.len());
        round_trip::check(problem);
        if problem.option_count() <= MAX_OPTIONS && problem.item_count() <= MAX_ITEMS {
            check_solutions(problem);
        }
    }
});

/// An error names a line of the input, and a column on it or just past it.
fn check_position(error: &dlx::Error, data: &[u8], lines: usize) {
    let line = error.line().expect("errors of text input have a line");
    assert!(
        (1..=lines.max(1)).contains(&line),
        "{error}: the input has {lines} lines"
    );
    let column = error.column().expect("errors of text input have a column");
    assert!(column >= 1, "{error}");
    if let Some(Ok(text)) = text::line(data, line).map(std::str::from_utf8) {
        let width = text.trim_end_matches('\r').chars().count();
        assert!(
            column <= width + 1,
            "{error}: the line has {width} characters"
        );
    }
}

/// `read_lenient` reads as `read` does, but for skipping options without a
/// primary item.
fn check_agreement(
    strict: &Result<Problem, dlx::Error>,
    lenient: &Result<(Problem, Vec<dlx::Skipped>), dlx::Error>,
) {
    match (strict, lenient) {
        (Ok(p), Ok((q, skipped))) => {
            assert!(skipped.is_empty(), "lenient skipped what strict read");
            assert_eq!(round_trip::shape(p), round_trip::shape(q));
        }
        (Ok(_), Err(e)) => panic!("only the lenient reader fails: {e}"),
        (Err(e), Ok((_, skipped))) => {
            assert_eq!(*e.kind(), ErrorKind::NoPrimaryItem, "{e}");
            assert_eq!(skipped.first().map(|s| &s.warning), Some(e));
        }
        (Err(e), Err(f)) if *e.kind() == ErrorKind::NoPrimaryItem => {
            assert!(f.line() > e.line(), "strict: {e}; lenient: {f}");
        }
        (Err(e), Err(f)) => assert_eq!(e, f),
    }
}

/// The solver finds exactly the subsets of options that are solutions, each
/// once, and counts them.
/// With multiplicities (`lo:hi|item`), which the exact-cover oracle does not
/// know, the solutions are checked to verify, each once, and to be as many
/// as counted; and the bounds to survive a round trip.
fn check_solutions(problem: &Problem) {
    if problem.has_multiplicities() {
        check_multiplicities(problem);
        return;
    }
    let expected = Cover::of(problem).solutions();
    let mut solver = Solver::new(problem);
    solver.set_limits(Limits::new().nodes(NODE_LIMIT));
    let count = solver.count();
    if solver.outcome() == Outcome::NodeLimit {
        return;
    }
    assert_eq!(solver.outcome(), Outcome::Complete);
    assert_eq!(count, expected.len() as u64, "count");
    let mut found = Vec::new();
    let mut solutions = solver.solutions();
    for solution in solutions.by_ref() {
        if let Err(e) = problem.verify(&solution) {
            panic!("solution {solution:?} does not verify: {e}");
        }
        found.push(cover::sorted(&solution));
    }
    assert_eq!(solutions.solver().outcome(), Outcome::Complete);
    found.sort();
    assert_eq!(found, expected, "solutions");
}

/// See [`check_solutions`].
fn check_multiplicities(problem: &Problem) {
    let mut written = Vec::new();
    dlx::write(problem, &mut written).expect("writing to a Vec");
    let again = dlx::read(&written[..]).expect("what write wrote reads back");
    for item in 0..problem.item_count() {
        assert_eq!(problem.bounds(item), again.bounds(item), "bounds read back");
    }
    let mut solver = Solver::new(problem);
    solver.set_limits(Limits::new().nodes(NODE_LIMIT));
    let count = solver.count();
    if solver.outcome() == Outcome::NodeLimit {
        return;
    }
    let mut found = Vec::new();
    for solution in solver.solutions() {
        if let Err(e) = problem.verify(&solution) {
            panic!("solution {solution:?} does not verify: {e}");
        }
        found.push(cover::sorted(&solution));
    }
    assert_eq!(found.len() as u64, count, "count");
    found.sort();
    found.dedup();
    assert_eq!(found.len() as u64, count, "each solution once");
}
