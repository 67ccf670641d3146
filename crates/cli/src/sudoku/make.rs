//! The modes of `dlx sudoku` that make rather than solve: --rate,
//! --canon, --transform, --explain and --hint.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

use sudoku_dlx::{Engine, Grid, Logic, SeRating, SolveError, SudokuSolver, TransformErrorKind};

use super::flags::{Mode, Scale};
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
        Mode::Rate(scale) => SudokuSolver::with_thread_solver_for(puzzle.layout(), |solver| {
            solver.set_cancel_flag(Some(Arc::clone(&job.cancel)));
            solver.set_node_limit(job.max_nodes);
            solver.set_engine(if job.stats {
                Engine::Links
            } else {
                Engine::Auto
            });
            let rated = match scale {
                Scale::Search => solver.rate(puzzle).map(Answer::Rating),
                Scale::Se => rate_se(solver, puzzle, &job.cancel).map(Answer::SeRating),
            };
            let stats = started.map(|t| PuzzleStats::of(solver, t.elapsed()));
            // The logical path stops between steps as the count does.
            let outcome = match rated {
                Err(SolveError::Cancelled { .. }) => dlx::Outcome::Cancelled,
                _ => solver.outcome(),
            };
            if let Some(cut) = Cut::of(outcome, job.max_nodes) {
                let verdict = Verdict::of_search(job.mode, line, 0, Some(cut), None, stats);
                return (
                    Answer::Nothing,
                    verdict.status,
                    verdict.diagnostic.map(|d| d.message),
                    stats,
                    Some(cut),
                );
            }
            let (answer, status, message) = rated_answer(rated);
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
                    // The uniqueness rules need a puzzle of one solution:
                    // the count, and the path, stop at the time limit or
                    // on a signal, as a search does. Where those rules do
                    // not apply (variants, constraints) the count waits
                    // until a path that stalls needs it to say why.
                    let count_now = || {
                        SudokuSolver::with_thread_solver_for(puzzle.layout(), |solver| {
                            solver.set_cancel_flag(Some(Arc::clone(&job.cancel)));
                            solver.set_node_limit(None);
                            solver.count_solutions_up_to(puzzle, 2)
                        })
                    };
                    let count = logic.uniqueness_applies().then(count_now);
                    let stopped = |steps, logic: &Logic| {
                        let stats = started.map(|t| PuzzleStats::no_search(t.elapsed()));
                        let cut = Cut::of(dlx::Outcome::Cancelled, job.max_nodes);
                        let verdict = Verdict::of_search(job.mode, line, 0, cut, None, stats);
                        Report {
                            line,
                            puzzle: Some(puzzle),
                            answer: Answer::Steps(steps, logic.grid()),
                            verdict,
                        }
                    };
                    if let Some(Err(SolveError::Cancelled { .. })) = count {
                        return Some(stopped(Vec::new(), &logic));
                    }
                    logic.assume_unique(count == Some(Ok(1)));
                    logic.set_cancel_flag(Some(Arc::clone(&job.cancel)));
                    let steps = if job.mode == Mode::Hint {
                        let step = logic.next_step();
                        if let Some(step) = &step {
                            logic.apply(step);
                        }
                        step.into_iter().collect()
                    } else {
                        logic.solve_all().0
                    };
                    if logic.is_cancelled() {
                        // The steps found so far, said to be so.
                        return Some(stopped(steps, &logic));
                    }
                    let stalled = job.mode == Mode::Explain || steps.is_empty();
                    // The count a path that stops short needs, made now
                    // when it was not before.
                    let short =
                        (stalled && !logic.is_solved()).then(|| count.unwrap_or_else(count_now));
                    if let Some(Err(SolveError::Cancelled { .. })) = short {
                        return Some(stopped(steps, &logic));
                    }
                    let answer = Answer::Steps(steps, logic.grid());
                    if let Some(count) = short {
                        // No technique, trial included, found a step: the
                        // puzzle has no solution or several (--hint says
                        // so as --explain does).
                        let (status, why) = match count {
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

/// The answer, status and message of a rating that ran to its end.
fn rated_answer(rated: Result<Answer, SolveError>) -> (Answer, Status, Option<String>) {
    match rated {
        Ok(Answer::SeRating(rating)) if !rating.solved => (
            Answer::Nothing,
            Status::Unrated,
            Some(format!(
                "one solution, but the logical path stops after {} steps, \
                 where no technique finds a step: not rated",
                rating.steps
            )),
        ),
        Ok(answer) => (answer, Status::Unique, None),
        Err(SolveError::MultipleSolutions) => (
            Answer::Nothing,
            Status::Multiple,
            Some("more than one solution: only a puzzle with one is rated".to_string()),
        ),
        Err(e) => (Answer::Nothing, Status::None, Some(e.to_string())),
    }
}

/// Sudoku Explainer's rating of `puzzle`, once `solver` has found that it
/// has one solution: the logical path is only a rating when it leads to
/// the one solution, and the count is what --max-nodes, --time-limit and
/// Ctrl-C stop.
fn rate_se(
    solver: &mut SudokuSolver,
    puzzle: &Grid,
    cancel: &Arc<AtomicBool>,
) -> Result<SeRating, SolveError> {
    match solver.count_solutions_up_to(puzzle, 2)? {
        0 => Err(SolveError::NoSolution),
        1 => {
            // The count just made is the one Grid::logic would make again.
            let mut logic = Logic::new(puzzle).map_err(SolveError::Conflict)?;
            logic.assume_unique(true);
            // The flag stops a step's search too, not only the path
            // between steps.
            logic.set_cancel_flag(Some(Arc::clone(cancel)));
            let (steps, _) = logic.solve_all();
            if logic.is_cancelled() {
                return Err(SolveError::Cancelled { found: 1 });
            }
            Ok(SeRating::of_path(&steps, logic.is_solved()))
        }
        _ => Err(SolveError::MultipleSolutions),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_that_stalls_is_no_rating() {
        // Trial, the last resort, always finds a step on a puzzle with one
        // solution, so no puzzle stalls; the report is checked here.
        let stalled = SeRating::of_path(&[], false);
        let (answer, status, message) = rated_answer(Ok(Answer::SeRating(stalled)));
        assert!(matches!(answer, Answer::Nothing));
        assert_eq!(status, Status::Unrated);
        assert!(message.is_some_and(|m| m.contains("not rated")));
        let solved = SeRating::of_path(&[], true);
        let (answer, status, _) = rated_answer(Ok(Answer::SeRating(solved)));
        assert!(matches!(answer, Answer::SeRating(_)));
        assert_eq!(status, Status::Unique);
    }
}
