//! The modes of `dlx sudoku` that make rather than solve: --rate,
//! --canon and --transform.

use std::sync::Arc;
use std::time::Instant;

use sudoku_dlx::{Grid, Logic, SolveError, SudokuSolver, TransformErrorKind};

use super::flags::Mode;
use super::job::Job;
use super::report::{Answer, Cut, Diagnostic, PuzzleStats, Report, Status, Verdict};

/// The report on `puzzle` (at `line`) in a making mode, `None` in the
/// solving modes.
pub fn answer<'a>(line: usize, puzzle: &'a Grid, job: &Job) -> Option<Report<'a>> {
    let started = job.stats.then(Instant::now);
    let diagnostic = |message: String| Diagnostic {
        line,
        column: None,
        message,
    };
    let (answer, status, message, stats, cut) = match job.mode {
        Mode::Rate => SudokuSolver::with_thread_solver_for(puzzle.layout(), |solver| {
            solver.set_cancel_flag(Some(Arc::clone(&job.cancel)));
            solver.set_node_limit(job.max_nodes);
            let rated = solver.rate(puzzle);
            let stats = started.map(|t| PuzzleStats::of(solver, t.elapsed()));
            if let Some(cut) = Cut::of(solver.outcome(), job.max_nodes) {
                let verdict = Verdict::of_search(job.mode, line, 0, Some(cut), None, stats);
                return (
                    Answer::Nothing,
                    verdict.status,
                    verdict.diagnostic.map(|d| d.message),
                    stats,
                    Some(cut),
                );
            }
            let (answer, status, message) = match rated {
                Ok(rating) => (Answer::Rating(rating), Status::Unique, None),
                Err(SolveError::MultipleSolutions) => (
                    Answer::Nothing,
                    Status::Multiple,
                    Some("more than one solution: only a puzzle with one is rated".to_string()),
                ),
                Err(e) => (Answer::Nothing, Status::None, Some(e.to_string())),
            };
            (answer, status, message, stats, None)
        }),
        Mode::Canon(_) | Mode::Transform(_) => {
            let form = match job.mode {
                Mode::Canon(form) => puzzle.canonical_with(form, &job.cancel),
                Mode::Transform(seed) => puzzle.transform(seed),
                _ => return None,
            };
            let stats = started.map(|t| PuzzleStats::no_search(t.elapsed()));
            match form {
                Ok(grid) => (Answer::Form(grid), Status::Ok, None, stats, None),
                Err(e) if e.kind() == TransformErrorKind::Cancelled => {
                    // Stopped as a search is, by the time limit or a signal.
                    let cut = Cut::of(dlx::Outcome::Cancelled, job.max_nodes);
                    let verdict = Verdict::of_search(job.mode, line, 0, cut, None, stats);
                    (
                        Answer::Nothing,
                        verdict.status,
                        verdict.diagnostic.map(|d| d.message),
                        stats,
                        cut,
                    )
                }
                Err(e) => (
                    Answer::Nothing,
                    Status::Invalid,
                    Some(e.to_string()),
                    stats,
                    None,
                ),
            }
        }
        Mode::Explain | Mode::Hint => {
            let (answer, status, message) = match Logic::new(puzzle) {
                Err(conflict) => (Answer::Nothing, Status::None, Some(conflict.to_string())),
                Ok(mut logic) => {
                    let steps = if job.mode == Mode::Hint {
                        let step = logic.next_step();
                        if let Some(step) = &step {
                            logic.apply(step);
                        }
                        step.into_iter().collect()
                    } else {
                        logic.solve_all().0
                    };
                    let answer = Answer::Steps(steps, logic.grid());
                    if job.mode == Mode::Explain && !logic.is_solved() {
                        // No technique, trial included, found a step: the
                        // puzzle has no solution or several.
                        let (status, why) = match puzzle.count_solutions_up_to(2) {
                            Ok(0) => (Status::None, "no solution"),
                            _ => (Status::Multiple, "more than one solution"),
                        };
                        let message = format!("{why}: the path stops where no step is certain");
                        (answer, status, Some(message))
                    } else {
                        (answer, Status::Ok, None)
                    }
                }
            };
            let stats = started.map(|t| PuzzleStats::no_search(t.elapsed()));
            (answer, status, message, stats, None)
        }
        _ => return None,
    };
    Some(Report {
        line,
        puzzle: Some(puzzle),
        answer,
        verdict: Verdict {
            status,
            diagnostic: message.map(diagnostic),
            stats,
            cut,
        },
    })
}
