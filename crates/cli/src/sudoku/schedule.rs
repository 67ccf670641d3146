//! Scheduling: records taken from the read-ahead thread in chunks, each
//! chunk solved on the rayon pool and written in input order; `--all` with
//! many solutions streamed one puzzle at a time.

use std::io::{self, BufRead, Write};
use std::sync::Arc;
use std::time::Instant;

use anyhow::Result;
use indicatif::ProgressBar;
use rayon::prelude::*;
use serde_json::Value;
use sudoku_dlx::{Puzzles, Record, SolveError, SudokuSolver};

use super::output::{finish_json, header, text_or_error, Object};
use super::read::{read_ahead, Ready};
use super::solve::{
    answered, finished, interrupted_after, solve, word, Answer, Done, PuzzleStats, Verdict,
};
use super::{Format, Job, Mode, Summary};
use crate::located;

/// Records read, solved and written at a time: enough to keep every worker
/// busy and amortize the hand-over, small enough that memory stays flat.
pub const CHUNK: usize = 4096;

/// The most solutions per puzzle that `--all --limit K` holds in memory, so
/// that a chunk of puzzles is solved in parallel; above, solutions are
/// written as they are found, one puzzle at a time. A chunk then holds at
/// most 64Ki solutions (5 MB of 9x9 grids).
pub const ALL_HELD: u64 = 16;

/// One input being solved.
pub struct Input<'a> {
    /// Its name in messages and JSON.
    pub name: &'a str,
    pub job: &'a Job,
    pub pool: Option<&'a rayon::ThreadPool>,
    pub progress: &'a ProgressBar,
}

impl Input<'_> {
    /// Solves every record of `puzzles` and writes the outputs, in order.
    ///
    /// The outer error is a failed write (stop everything); the inner one a
    /// failed read (this input is cut short, the others go on).
    pub fn run<R: BufRead + Send + 'static>(
        &self,
        puzzles: Puzzles<R>,
        out: &mut impl Write,
        summary: &mut Summary,
    ) -> Result<Result<(), io::Error>> {
        let records_in = read_ahead(puzzles);
        let mut records = Vec::with_capacity(CHUNK);
        let mut read_error = None;
        let mut ended = false;
        while !ended {
            records.clear();
            // Wait for one record, then take those ready, up to a chunk.
            let mut next = records_in.wait();
            loop {
                match next {
                    Ready::Record(Ok(record)) => records.push(record),
                    Ready::Record(Err(e)) => {
                        read_error = Some(e);
                        ended = true;
                        break;
                    }
                    Ready::End => {
                        ended = true;
                        break;
                    }
                    Ready::NotYet => break,
                }
                if records.len() == CHUNK {
                    break;
                }
                next = records_in.ready();
            }
            if records.is_empty() {
                break;
            }
            match self.job.mode {
                Mode::All(limit) if limit > ALL_HELD => {
                    // Too many solutions to hold: each written as found,
                    // one puzzle at a time.
                    for record in &records {
                        let done = self.stream(record, limit, out)?;
                        self.progress.inc(1);
                        let (record, done) = (std::slice::from_ref(record), [done]);
                        self.write(record, &done, out, summary)?;
                        if summary.interrupted > 0 {
                            break;
                        }
                    }
                }
                _ => {
                    let done = self.solve(&records);
                    self.write(&records, &done, out, summary)?;
                }
            }
            if summary.interrupted > 0 {
                break;
            }
        }
        Ok(read_error.map_or(Ok(()), Err))
    }

    /// The outputs of a chunk of records, in order.
    fn solve(&self, records: &[Record]) -> Vec<Done> {
        let solve = |record: &Record| {
            let done = solve(record, self.name, self.job);
            self.progress.inc(1);
            done
        };
        match self.pool {
            Some(pool) => pool.install(|| records.par_iter().with_max_len(64).map(solve).collect()),
            None => records.iter().map(solve).collect(),
        }
    }

    /// Writes the solutions of `record`, at most `limit`, to `out` as they
    /// are found, and returns the end of its output record. In JSON the
    /// status comes after the solutions, the only time it is known.
    fn stream(&self, record: &Record, limit: u64, out: &mut impl Write) -> io::Result<Done> {
        let (job, name) = (self.job, self.name);
        let Ok(puzzle) = &record.result else {
            return Ok(solve(record, name, job));
        };
        SudokuSolver::with_thread_solver(puzzle.box_size(), |solver| {
            solver.set_cancel_flag(Some(Arc::clone(&job.cancel)));
            let started = job.stats.then(Instant::now);
            let mut solutions = match solver.solutions(puzzle) {
                Ok(solutions) => solutions.take(usize::try_from(limit).unwrap_or(usize::MAX)),
                Err(e) => {
                    let stats = started.map(|t| PuzzleStats::no_search(t.elapsed()));
                    let none = Answer::Solutions(Vec::new());
                    let why = Some(e.to_string());
                    return Ok(answered(record, name, job, puzzle, none, why, stats));
                }
            };
            let mut found = 0u64;
            if let Some(first) = solutions.next() {
                if job.format == Format::Json {
                    let mut head = header(record, name, job, Some(puzzle), None);
                    head.0.push_str(",\"solutions\":[");
                    out.write_all(head.0.as_bytes())?;
                }
                for grid in std::iter::once(first).chain(solutions.by_ref()) {
                    let text = match job.format {
                        Format::Line => {
                            format!("{}\n", text_or_error(grid.to_line_with(&job.alphabet)))
                        }
                        Format::Grid => format!(
                            "{}\n",
                            text_or_error(grid.to_grid_string_with(&job.alphabet))
                        ),
                        Format::Json => {
                            let comma = if found > 0 { "," } else { "" };
                            let line = text_or_error(grid.to_line_with(&job.alphabet));
                            format!("{comma}{}", Value::from(line))
                        }
                    };
                    out.write_all(text.as_bytes())?;
                    found += 1;
                    if found % 1024 == 0 {
                        self.progress
                            .set_message(format!("({found} solutions of line {})", record.line));
                    }
                }
            }
            self.progress.set_message("");
            let stats = started.map(|t| PuzzleStats::of(solver, t.elapsed()));
            let interrupted = solver.outcome() == dlx::Outcome::Cancelled;
            if found == 0 {
                let answer = if interrupted {
                    Err(SolveError::Cancelled { found })
                } else {
                    Ok(Answer::Solutions(Vec::new()))
                };
                return Ok(finished(record, name, job, puzzle, answer, stats));
            }
            let verdict = if interrupted {
                Verdict::Interrupted
            } else {
                Verdict::Solved
            };
            let output = match (job.format, interrupted) {
                (Format::Line | Format::Grid, false) => "\n".to_string(),
                (Format::Line | Format::Grid, true) => "interrupted\n\n".to_string(),
                (Format::Json, _) => {
                    let mut object = Object("]".to_string());
                    object.field("status", Value::from(word(job.mode, verdict, found)));
                    finish_json(object, stats)
                }
            };
            Ok(Done {
                output,
                problem: interrupted.then(|| (record.line, None, interrupted_after(found))),
                verdict,
                stats,
            })
        })
    }

    /// Writes a chunk's outputs to `out` and its diagnostics to stderr.
    fn write(
        &self,
        records: &[Record],
        done: &[Done],
        out: &mut impl Write,
        summary: &mut Summary,
    ) -> io::Result<()> {
        let json = self.job.format == Format::Json;
        let mut diagnostics = String::new();
        for (record, done) in records.iter().zip(done) {
            out.write_all(done.output.as_bytes())?;
            summary.puzzles += 1;
            match done.verdict {
                Verdict::Solved => summary.solved += 1,
                Verdict::None => summary.none += 1,
                Verdict::Invalid => summary.invalid += 1,
                Verdict::Interrupted => summary.interrupted += 1,
            }
            if let Some((line, column, message)) = &done.problem {
                let at = located(self.name, Some(*line), *column);
                diagnostics.push_str(&format!("{at}: {message}\n"));
            }
            if let Some(stats) = done.stats {
                summary.nodes += stats.nodes;
                summary.updates += stats.updates;
                summary.search += stats.time;
                if !json {
                    diagnostics.push_str(&format!(
                        "{}:{}: nodes {}, updates {}, {} µs\n",
                        self.name,
                        record.line,
                        stats.nodes,
                        stats.updates,
                        stats.time.as_micros()
                    ));
                }
            }
            // The output ends with the first record a signal stopped: the
            // ones after it in the chunk were stopped too, or never began.
            if done.verdict == Verdict::Interrupted {
                break;
            }
        }
        // Flushed a chunk at a time, so that a pipeline sees progress.
        out.flush()?;
        if !diagnostics.is_empty() {
            self.progress.suspend(|| {
                let _ = io::stderr().lock().write_all(diagnostics.as_bytes());
            });
        }
        Ok(())
    }
}
