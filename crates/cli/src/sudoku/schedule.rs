//! Scheduling: the records of an input are taken from the read-ahead
//! thread in chunks of those ready, at most [`CHUNK`], so that a file is
//! solved a full chunk at a time and a slow producer (a terminal, `tail -f`)
//! gets each answer as soon as its puzzle is in. Each chunk is solved on the
//! rayon pool (inline with `-j 1`), each worker keeping one [`SudokuSolver`]
//! per layout for the whole run, and its outputs are written in input
//! order. `--all` with more than [`ALL_HELD`] solutions per puzzle (or no
//! limit) writes each solution as it is found, one puzzle at a time, so
//! that no puzzle's solutions are ever all held.

use std::io::{self, BufRead, Write};
use std::sync::Mutex;

use anyhow::Result;
use indicatif::ProgressBar;
use rayon::prelude::*;
use sudoku_dlx::{Puzzles, Record, SudokuSolver};

use super::flags::Format;
use super::flags::Mode;
use super::job::{Job, Summary};
use super::output::Writer;
use super::read::{read_ahead, Ready, CHUNK};
use super::report::{Status, Verdict};
use super::solve::{solve, Search};
use crate::args::Threads;
use crate::terminal::located;

/// The most solutions per puzzle that `--all --limit K` holds in memory, so
/// that a chunk of puzzles is solved in parallel; above, solutions are
/// written as they are found, one puzzle at a time. A chunk then holds at
/// most 64Ki solutions (5 MB of 9x9 grids).
pub const ALL_HELD: u64 = 16;

/// One record's output, made by a worker and written in input order.
struct Done {
    /// Its text on stdout, every line ended (empty when it was streamed).
    output: String,
    verdict: Verdict,
}

/// The worker threads of a run: a pool started with as many threads as
/// the largest chunk so far can keep busy, up to `-j`, so that a short
/// input starts few threads whatever `-j` says.
pub struct Workers {
    threads: Threads,
    pool: Option<rayon::ThreadPool>,
    size: usize,
}

impl Workers {
    /// No thread yet; at most `threads` of them.
    pub fn new(threads: Threads) -> Workers {
        Workers {
            threads,
            pool: None,
            size: 1,
        }
    }

    /// The pool for a chunk of `work` records (grown if it can use more
    /// threads), or `None` to solve them inline. A pool that cannot be
    /// started leaves the one there was.
    fn for_chunk(&mut self, work: usize) -> Option<&rayon::ThreadPool> {
        let want = self.threads.count().min(work);
        if want > self.size {
            if let Ok(pool) = self.threads.pool(want, "sudoku") {
                self.pool = pool;
                self.size = want;
            }
        }
        self.pool.as_ref()
    }
}

/// One input being solved.
pub struct Input<'a> {
    /// Its name in messages and JSON.
    pub name: &'a str,
    pub job: &'a Job,
    /// The writer of the job's format.
    pub writer: &'a dyn Writer,
    pub workers: &'a Mutex<Workers>,
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
                        if summary.cut_short > 0 {
                            break;
                        }
                    }
                }
                _ => {
                    let done = self.solve(&records);
                    self.write(&records, &done, out, summary)?;
                }
            }
            if summary.cut_short > 0 {
                break;
            }
        }
        Ok(read_error.map_or(Ok(()), Err))
    }

    /// The outputs of a chunk of records, in order.
    fn solve(&self, records: &[Record]) -> Vec<Done> {
        let solve = |record: &Record| {
            let done = self.done(record);
            self.progress.inc(1);
            done
        };
        let mut workers = self.workers.lock().unwrap_or_else(|e| e.into_inner());
        match workers.for_chunk(records.len()) {
            Some(pool) => pool.install(|| records.par_iter().with_max_len(64).map(solve).collect()),
            None => records.iter().map(solve).collect(),
        }
    }

    /// The output of one record, made on a worker thread.
    fn done(&self, record: &Record) -> Done {
        let mut report = solve(record, self.job);
        super::stated::note(record, self.job.mode, &mut report);
        let mut output = String::new();
        self.writer.record(&mut output, self.name, &report);
        Done {
            output,
            verdict: report.verdict,
        }
    }

    /// Writes the record of `record` to `out`, its solutions (at most
    /// `limit`) as they are found, and returns what is left of its output.
    fn stream(&self, record: &Record, limit: u64, out: &mut impl Write) -> io::Result<Done> {
        let Ok(puzzle) = &record.result else {
            return Ok(self.done(record));
        };
        SudokuSolver::with_thread_solver_for(puzzle.layout(), |solver| {
            let search = Search {
                line: record.line,
                puzzle,
                solver,
                job: self.job,
                limit,
                progress: self.progress,
            };
            let verdict = self.writer.stream(out, self.name, search)?;
            Ok(Done {
                output: String::new(),
                verdict,
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
            let verdict = &done.verdict;
            summary.puzzles += 1;
            match verdict.status {
                // Not rated or explained: a rating or a path (a hint's
                // step too) needs one solution.
                Status::Multiple
                    if matches!(self.job.mode, Mode::Rate(_) | Mode::Explain | Mode::Hint) =>
                {
                    summary.unrated += 1
                }
                Status::Unrated => summary.unrated += 1,
                Status::Solved | Status::Unique | Status::Multiple | Status::Ok => {
                    summary.solved += 1
                }
                Status::None => summary.none += 1,
                Status::Invalid => summary.invalid += 1,
                Status::Interrupted | Status::Stopped => {}
            }
            if let Some(d) = &verdict.diagnostic {
                let at = located(self.name, Some(d.line), d.column);
                diagnostics.push_str(&format!("{at}: {}\n", d.message));
            }
            if let Some(stats) = verdict.stats {
                summary.nodes += stats.nodes;
                summary.updates += stats.updates;
                summary.search += stats.time;
                if !json {
                    let propagated = if stats.propagations > 0 {
                        format!(
                            ", propagations {}, placements taken out {}",
                            stats.propagations, stats.removed
                        )
                    } else {
                        String::new()
                    };
                    diagnostics.push_str(&format!(
                        "{}: nodes {}, updates {}{propagated}, {} µs\n",
                        located(self.name, Some(record.line), None),
                        stats.nodes,
                        stats.updates,
                        stats.time.as_micros()
                    ));
                }
            }
            // The output ends with the first record a signal or the time
            // limit stopped: the ones after it in the chunk were stopped
            // too, or never began. The node limit stops one record only.
            match verdict.cut {
                Some(cut) if cut.ends_run() => {
                    summary.cut_short += 1;
                    break;
                }
                Some(_) => summary.stopped += 1,
                None => {}
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
