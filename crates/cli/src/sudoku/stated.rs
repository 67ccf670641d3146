//! What an input line states of its puzzle (tdoku's `puzzle:count`),
//! compared with what the search found.
//!
//! A stated count that the search contradicts is said on stderr (and in
//! JSON's `"error"`) as `FILE:LINE: the line states 3 solutions, found 2`;
//! the record itself is what the search found, and the exit status is not
//! changed: the file may be wrong, or the solver, and the user is told
//! which line to look at. A search counts up to a limit (2 for --check, 1
//! to solve, K with --limit), so a count is compared up to that limit:
//! `:5` agrees with `multiple`.

use sudoku_dlx::Record;

use super::flags::Mode;
use super::report::{Diagnostic, Report, Status};

/// Adds to `report` the disagreement between the count `record` states
/// and what the search in `mode` found, if there is one.
pub fn note(record: &Record, mode: Mode, report: &mut Report) {
    let Some(stated) = record.stated.count else {
        return;
    };
    let limit = match mode {
        Mode::Solve => 1,
        Mode::Check => 2,
        Mode::Count(limit) | Mode::All(limit) => limit,
        _ => return,
    };
    let verdict = &report.verdict;
    let searched = matches!(
        verdict.status,
        Status::Solved | Status::Unique | Status::Multiple | Status::None
    );
    if !searched || verdict.cut.is_some() {
        return;
    }
    let found = report.answer.found();
    if stated.min(limit) == found.min(limit) {
        return;
    }
    let s = if stated == 1 { "" } else { "s" };
    let more = if found >= limit { " or more" } else { "" };
    let message = format!("the line states {stated} solution{s}, found {found}{more}");
    let diagnostic = match &report.verdict.diagnostic {
        Some(d) => Diagnostic {
            message: format!("{}; {message}", d.message),
            ..d.clone()
        },
        None => Diagnostic {
            line: record.line,
            column: None,
            message,
        },
    };
    report.verdict.diagnostic = Some(diagnostic);
}
