//! One puzzle's search, in the mode asked, and its output record.

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::Value;
use sudoku_dlx::{Grid, Record, SolveError, SudokuSolver};

use super::output::{finish_json, header, text_or_error};
use super::{Format, Job, Mode};

/// The verdict on one puzzle, for the exit status and the summary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// At least one solution.
    Solved,
    /// No solution.
    None,
    /// Text that is no puzzle, or givens that repeat a digit in a house.
    Invalid,
    /// Stopped by a signal before it was answered.
    Interrupted,
}

/// One record's output, made by a worker and written in input order.
pub struct Done {
    /// Its text on stdout, every line ended.
    pub output: String,
    /// What went wrong, for stderr: (line, column, message).
    pub problem: Option<(usize, Option<usize>, String)>,
    pub verdict: Verdict,
    /// Its search statistics when --stats is on.
    pub stats: Option<PuzzleStats>,
}

/// The search statistics of one puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PuzzleStats {
    /// Search-tree nodes.
    pub nodes: u64,
    /// Link updates.
    pub updates: u64,
    /// The time of the search, not of the solver's setup.
    pub time: Duration,
}

impl PuzzleStats {
    /// The statistics of the search `solver` just made, which took `time`.
    pub fn of(solver: &SudokuSolver, time: Duration) -> PuzzleStats {
        let stats = solver.stats();
        PuzzleStats {
            nodes: stats.nodes,
            updates: stats.updates,
            time,
        }
    }

    /// The statistics of a puzzle answered before any search.
    pub fn no_search(time: Duration) -> PuzzleStats {
        PuzzleStats {
            time,
            ..PuzzleStats::default()
        }
    }
}

/// What the search said about one puzzle.
pub enum Answer {
    /// A solution (solve mode).
    Solution(Grid),
    /// The solutions found (--all), none when empty.
    Solutions(Vec<Grid>),
    /// The number of solutions counted (--count, --check).
    Count(u64),
    /// What a search stopped by a signal had found.
    Interrupted(Box<Answer>),
}

impl Answer {
    /// The number of solutions it holds or counts.
    fn found(&self) -> u64 {
        match self {
            Answer::Solution(_) => 1,
            Answer::Solutions(solutions) => solutions.len() as u64,
            Answer::Count(count) => *count,
            Answer::Interrupted(partial) => partial.found(),
        }
    }
}

/// The output of one record, made on a worker thread.
pub fn solve(record: &Record, name: &str, job: &Job) -> Done {
    let puzzle = match &record.result {
        Ok(puzzle) => puzzle,
        Err(e) => {
            // The line and column go before the message, as FILE:LINE:COLUMN.
            let problem = (e.line(), e.column(), e.kind().to_string());
            return invalid(record, name, job, None, problem, None);
        }
    };
    let (answer, stats) = SudokuSolver::with_thread_solver(puzzle.box_size(), |solver| {
        solver.set_cancel_flag(Some(Arc::clone(&job.cancel)));
        // Timed once the solver is built: the search, not its setup.
        let started = job.stats.then(Instant::now);
        let answer = match job.mode {
            Mode::Solve => solver
                .solve_one(puzzle)
                .map(|s| s.map_or(Answer::Count(0), Answer::Solution)),
            Mode::Count(limit) => solver
                .count_solutions_up_to(puzzle, limit)
                .map(Answer::Count),
            Mode::Check => solver.count_solutions_up_to(puzzle, 2).map(Answer::Count),
            Mode::All(limit) => solver.solutions(puzzle).map(|solutions| {
                let limit = usize::try_from(limit).unwrap_or(usize::MAX);
                Answer::Solutions(solutions.take(limit).collect())
            }),
        };
        // A stopped --all keeps the solutions it found.
        let answer = match answer {
            Ok(answer) if solver.outcome() == dlx::Outcome::Cancelled => {
                Ok(Answer::Interrupted(Box::new(answer)))
            }
            other => other,
        };
        let stats = started.map(|t| {
            let elapsed = t.elapsed();
            // A conflict is found before any search, and the solver's
            // stats are then still those of its previous puzzle.
            match answer {
                Err(SolveError::Conflict(_)) => PuzzleStats::no_search(elapsed),
                _ => PuzzleStats::of(solver, elapsed),
            }
        });
        (answer, stats)
    });
    finished(record, name, job, puzzle, answer, stats)
}

/// The output of a puzzle once its search is over.
pub fn finished(
    record: &Record,
    name: &str,
    job: &Job,
    puzzle: &Grid,
    answer: Result<Answer, SolveError>,
    stats: Option<PuzzleStats>,
) -> Done {
    match answer {
        Ok(answer) => answered(record, name, job, puzzle, answer, None, stats),
        // Givens that repeat a digit in a house: no solution, found before
        // any search, and the message names the house and the digit.
        Err(e @ SolveError::Conflict(_)) => {
            let none = match job.mode {
                Mode::All(_) => Answer::Solutions(Vec::new()),
                _ => Answer::Count(0),
            };
            answered(record, name, job, puzzle, none, Some(e.to_string()), stats)
        }
        Err(SolveError::Cancelled { found }) => {
            let partial = Answer::Interrupted(Box::new(Answer::Count(found)));
            answered(record, name, job, puzzle, partial, None, stats)
        }
        // No other error comes from a solver of the puzzle's size without
        // node limits; should one come, the record is reported, not lost.
        Err(e) => {
            let problem = (record.line, None, e.to_string());
            invalid(record, name, job, Some(puzzle), problem, stats)
        }
    }
}

/// The output of a record that is no valid puzzle.
pub fn invalid(
    record: &Record,
    name: &str,
    job: &Job,
    puzzle: Option<&Grid>,
    problem: (usize, Option<usize>, String),
    stats: Option<PuzzleStats>,
) -> Done {
    let stats = job.stats.then(|| stats.unwrap_or_default());
    let output = match job.format {
        Format::Line => match job.mode {
            Mode::All(_) => "invalid\n\n".to_string(),
            _ => "invalid\n".to_string(),
        },
        Format::Grid => "invalid\n\n".to_string(),
        Format::Json => {
            let mut object = header(record, name, job, puzzle, Some("invalid"));
            object.field("error", Value::from(problem.2.as_str()));
            finish_json(object, stats)
        }
    };
    Done {
        output,
        problem: Some(problem),
        verdict: Verdict::Invalid,
        stats,
    }
}

/// The word of a record's status: solved, unique, multiple, none or
/// interrupted.
pub fn word(mode: Mode, verdict: Verdict, found: u64) -> &'static str {
    match (verdict, mode, found) {
        (Verdict::Interrupted, _, _) => "interrupted",
        (Verdict::Invalid, _, _) => "invalid",
        (_, Mode::Check, 1) => "unique",
        (_, _, 0) => "none",
        (_, Mode::Check, _) => "multiple",
        _ => "solved",
    }
}

/// The message of a search stopped by a signal.
pub fn interrupted_after(found: u64) -> String {
    let s = if found == 1 { "" } else { "s" };
    format!("interrupted after {found} solution{s}")
}

/// The output of a puzzle the search answered, or stopped by a signal.
pub fn answered(
    record: &Record,
    name: &str,
    job: &Job,
    puzzle: &Grid,
    answer: Answer,
    why_none: Option<String>,
    stats: Option<PuzzleStats>,
) -> Done {
    let found = answer.found();
    let (answer, verdict) = match answer {
        Answer::Interrupted(partial) => (*partial, Verdict::Interrupted),
        answer if found == 0 => (answer, Verdict::None),
        answer => (answer, Verdict::Solved),
    };
    let why = match verdict {
        Verdict::Interrupted => Some(interrupted_after(found)),
        Verdict::None => Some(why_none.unwrap_or_else(|| "no solution".to_string())),
        _ => None,
    };
    let problem = why.clone().map(|why| (record.line, None, why));
    let word = word(job.mode, verdict, found);
    let line = |grid: &Grid| text_or_error(grid.to_line_with(&job.alphabet));
    let drawn = |grid: &Grid| text_or_error(grid.to_grid_string_with(&job.alphabet));
    let output = match (job.format, &answer) {
        (Format::Json, _) => {
            let mut object = header(record, name, job, Some(puzzle), Some(word));
            match &answer {
                Answer::Solution(grid) => {
                    object.field("solution", Value::from(line(grid)));
                }
                Answer::Solutions(grids) => {
                    let all: Vec<Value> = grids.iter().map(|g| Value::from(line(g))).collect();
                    object.field("solutions", Value::from(all));
                }
                Answer::Count(_) if job.mode == Mode::Solve => {}
                Answer::Count(count) => {
                    object.field("count", Value::from(*count));
                }
                Answer::Interrupted(_) => {}
            }
            if let Some(why) = &why {
                object.field("error", Value::from(why.as_str()));
            }
            finish_json(object, stats)
        }
        (Format::Line, Answer::Solution(grid)) => format!("{}\n", line(grid)),
        (Format::Grid, Answer::Solution(grid)) => format!("{}\n", drawn(grid)),
        (format, Answer::Solutions(grids)) => {
            let show: &dyn Fn(&Grid) -> String = if format == Format::Line {
                &line
            } else {
                &drawn
            };
            let mut text = String::new();
            for grid in grids {
                text.push_str(&show(grid));
                text.push('\n');
            }
            if grids.is_empty() || verdict == Verdict::Interrupted {
                text.push_str(word);
                text.push('\n');
            }
            text.push('\n');
            text
        }
        (format, Answer::Count(count)) => {
            let end = if format == Format::Grid { "\n\n" } else { "\n" };
            match (job.mode, verdict) {
                (Mode::Count(_), Verdict::Interrupted) => format!("{count} {word}{end}"),
                (Mode::Count(_), _) => format!("{count}{end}"),
                _ => format!("{word}{end}"),
            }
        }
        // Never nested: a stopped search's answer is wrapped once.
        (_, Answer::Interrupted(_)) => format!("{word}\n"),
    };
    Done {
        output,
        problem,
        verdict,
        stats,
    }
}
