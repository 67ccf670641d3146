//! The search of one puzzle in the mode asked (the making modes are
//! `make`'s), and the [`Report`] of what came of it.

use std::sync::Arc;
use std::time::Instant;

use indicatif::ProgressBar;
use sudoku_dlx::{Engine, Grid, Record, SolveError, SudokuSolver};

use super::flags::Mode;
use super::job::Job;
use super::report::{Answer, Cut, Diagnostic, PuzzleStats, Report, Verdict};

/// Searches the puzzle of `record` as `job` asks, on this thread's solver.
pub fn solve<'a>(record: &'a Record, job: &Job) -> Report<'a> {
    let puzzle = match &record.result {
        Ok(puzzle) => puzzle,
        Err(e) => {
            let diagnostic = Diagnostic {
                line: e.line(),
                column: e.column(),
                message: e.kind().to_string(),
            };
            let stats = job.stats.then(PuzzleStats::default);
            return Report::invalid(record.line, None, diagnostic, stats);
        }
    };
    if let Some(report) = super::make::answer(record.line, puzzle, job) {
        return report;
    }
    let (answer, cut, stats) = SudokuSolver::with_thread_solver_for(puzzle.layout(), |solver| {
        solver.set_cancel_flag(Some(Arc::clone(&job.cancel)));
        solver.set_node_limit(job.max_nodes);
        // Statistics are Knuth's figures, counted on the links.
        solver.set_engine(if job.stats {
            Engine::Links
        } else {
            Engine::Auto
        });
        // Timed once the solver is built: the search, not its setup.
        let started = job.stats.then(Instant::now);
        let answer = match job.mode {
            Mode::Solve => solver
                .solve_one(puzzle)
                .map(|s| s.map_or(Answer::Nothing, Answer::Solution)),
            Mode::Count(limit) => solver
                .count_solutions_up_to(puzzle, limit)
                .map(Answer::Count),
            Mode::Check => solver.count_solutions_up_to(puzzle, 2).map(Answer::Count),
            Mode::Candidates(cap) => solver.true_candidates(puzzle, cap).map(Answer::Candidates),
            Mode::All(limit) => solver.solutions(puzzle).map(|solutions| {
                let limit = usize::try_from(limit).unwrap_or(usize::MAX);
                Answer::Solutions(solutions.take(limit).collect())
            }),
            Mode::Rate(_) | Mode::Canon(_) | Mode::Transform(_) | Mode::Explain | Mode::Hint => {
                unreachable!("answered by make::answer")
            }
        };
        // A stopped --all keeps the solutions it found.
        let cut = Cut::of(solver.outcome(), job.max_nodes);
        let stats = started.map(|t| {
            let elapsed = t.elapsed();
            // A conflict is found before any search.
            match answer {
                Err(SolveError::Conflict(_)) => PuzzleStats::no_search(elapsed),
                _ => PuzzleStats::of(solver, elapsed),
            }
        });
        (answer, cut, stats)
    });
    finished(record.line, job, puzzle, answer, cut, stats)
}

/// The report on a puzzle once its search is over.
fn finished<'a>(
    line: usize,
    job: &Job,
    puzzle: &'a Grid,
    answer: Result<Answer, SolveError>,
    cut: Option<Cut>,
    stats: Option<PuzzleStats>,
) -> Report<'a> {
    let mode = job.mode;
    let (answer, verdict) = match answer {
        Ok(answer) => {
            let found = answer.found();
            let verdict = Verdict::of_search(mode, line, found, cut, None, stats);
            (answer, verdict)
        }
        // Givens that repeat a digit in a house: no solution, found before
        // any search, and the message names the house and the digit.
        Err(e @ SolveError::Conflict(_)) => {
            let why = Some(e.to_string());
            let verdict = Verdict::of_search(mode, line, 0, None, why, stats);
            (Answer::counted(mode, 0), verdict)
        }
        Err(SolveError::Cancelled { found } | SolveError::NodeLimit { found }) => {
            let cut = cut.or(Some(Cut::Signal));
            let verdict = Verdict::of_search(mode, line, found, cut, None, stats);
            (Answer::counted(mode, found), verdict)
        }
        // No other error comes from a solver of the puzzle's size; should
        // one come, the record is reported, not lost.
        Err(e) => {
            let diagnostic = Diagnostic {
                line,
                column: None,
                message: e.to_string(),
            };
            return Report::invalid(line, Some(puzzle), diagnostic, stats);
        }
    };
    Report {
        line,
        puzzle: Some(puzzle),
        answer,
        verdict,
    }
}

/// The search of one `--all` puzzle whose solutions are written as they
/// are found, so that they are never all held.
pub struct Search<'a> {
    /// The record's first line.
    pub line: usize,
    pub puzzle: &'a Grid,
    pub solver: &'a mut SudokuSolver,
    pub job: &'a Job,
    /// The most solutions to find.
    pub limit: u64,
    /// Where the number found so far is shown.
    pub progress: &'a ProgressBar,
}

impl Search<'_> {
    /// Runs the search, handing each solution to `each` as it is found, and
    /// returns the verdict (the solutions are not kept). An error of `each`
    /// (a failed write) ends the search and is returned.
    pub fn run<E>(self, mut each: impl FnMut(&Grid) -> Result<(), E>) -> Result<Verdict, E> {
        let Search {
            line,
            puzzle,
            solver,
            job,
            limit,
            progress,
        } = self;
        solver.set_cancel_flag(Some(Arc::clone(&job.cancel)));
        solver.set_node_limit(job.max_nodes);
        let started = job.stats.then(Instant::now);
        let solutions = match solver.solutions(puzzle) {
            Ok(solutions) => solutions,
            Err(e) => {
                let stats = started.map(|t| PuzzleStats::no_search(t.elapsed()));
                return Ok(finished(line, job, puzzle, Err(e), None, stats).verdict);
            }
        };
        let mut found = 0u64;
        for grid in solutions.take(usize::try_from(limit).unwrap_or(usize::MAX)) {
            each(&grid)?;
            found += 1;
            if found.is_multiple_of(1024) {
                progress.set_message(format!("({found} solutions of line {line})"));
            }
        }
        progress.set_message("");
        let stats = started.map(|t| PuzzleStats::of(solver, t.elapsed()));
        let cut = Cut::of(solver.outcome(), job.max_nodes);
        Ok(Verdict::of_search(job.mode, line, found, cut, None, stats))
    }
}
