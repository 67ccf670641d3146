//! `dlx sudoku`: solve, count or check a stream of puzzles.
//!
//! Puzzles are read as a stream ([`sudoku_dlx::Puzzles`]) on a thread of
//! their own, and taken in chunks of the records ready, at most [`CHUNK`]:
//! a file is solved a full chunk at a time, and a slow producer (a terminal,
//! `tail -f`) gets each answer as soon as its puzzle is in. Each chunk is
//! solved on a rayon pool of `-j` threads (inline with `-j 1`), each worker
//! keeping one [`SudokuSolver`] per box size for the whole run, and its
//! outputs are written in input order.
//! Memory stays flat however long the input: one chunk of records and its
//! outputs at a time. `--all` with more than [`ALL_HELD`] solutions per
//! puzzle (or no limit) writes each solution as it is found, one puzzle at a
//! time, so that no puzzle's solutions are ever all held.
//!
//! Ctrl-C or SIGTERM stops the searches in flight (see [`crate::interrupt`]):
//! the records before the first stopped one are written, then that one,
//! marked `interrupted` with what it had found, and the run ends with status
//! 130.
//!
//! Every record read, good or bad, yields exactly one output record, so that
//! outputs line up with inputs; what went wrong is said on stderr as
//! `FILE:LINE: message` (`FILE:LINE:COLUMN:` when one symbol is to blame).

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::{mpsc, Arc};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use clap::ValueEnum;
use indicatif::ProgressBar;
use rayon::prelude::*;
use serde_json::Value;
use sudoku_dlx::{Alphabet, Grid, Puzzles, ReadOptions, Record, SolveError, SudokuSolver};

use crate::{diagnose, interrupt, located, Status};

/// Records read, solved and written at a time: enough to keep every worker
/// busy and amortize the hand-over, small enough that memory stays flat.
const CHUNK: usize = 4096;

/// The most solutions per puzzle that `--all --limit K` holds in memory, so
/// that a chunk of puzzles is solved in parallel; above, solutions are
/// written as they are found, one puzzle at a time. A chunk then holds at
/// most 64Ki solutions (5 MB of 9x9 grids).
const ALL_HELD: u64 = 16;

/// How records are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// One line per record: the solution, the count, or a word.
    #[default]
    Line,
    /// Each solution drawn as a grid, each record ended by a blank line.
    Grid,
    /// JSON Lines: one object per puzzle.
    Json,
}

/// `dlx sudoku`.
#[derive(Clone, Debug, clap::Args)]
#[command(
    after_long_help = AFTER_HELP,
    group(clap::ArgGroup::new("enumerate").args(["count", "all"]))
)]
pub struct Args {
    /// Files of puzzles (stdin when none is given, or for '-'): one puzzle
    /// per line, or grids drawn over several lines; '#' starts a comment.
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Print the number of solutions of each puzzle. Without --limit every
    /// solution is counted, which takes forever on a nearly empty 9x9 grid.
    #[arg(long, conflicts_with_all = ["all", "check"])]
    count: bool,
    /// Print every solution of each puzzle (at most K with --limit). Without
    /// --limit, solutions are printed as they are found, one puzzle at a
    /// time; with it, puzzles are solved in parallel.
    #[arg(long, conflicts_with = "check")]
    all: bool,
    /// Print whether each puzzle has a unique solution: unique, multiple or
    /// none.
    #[arg(long)]
    check: bool,
    /// With --count or --all: stop at K solutions per puzzle.
    #[arg(
        long,
        value_name = "K",
        value_parser = clap::value_parser!(u64).range(1..),
        requires = "enumerate"
    )]
    limit: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Line)]
    format: Format,
    /// Print nodes, updates and time per puzzle (to stderr, or in the JSON
    /// object), and a summary on stderr at the end.
    #[arg(long)]
    stats: bool,
    /// Worker threads (default: all cores); the output is in input order
    /// whatever the number.
    #[arg(short = 'j', long = "threads", value_name = "N")]
    threads: Option<usize>,
    /// The symbols of digits 1, 2, ... in order, for reading and writing,
    /// e.g. 0123456789ABCDEF for 16x16 ('.' is always an empty cell, and
    /// '0' too unless it is a symbol).
    #[arg(long, value_name = "SYMBOLS", value_parser = parse_alphabet)]
    alphabet: Option<Alphabet>,
    /// Read every puzzle as N x N (4, 9, 16, 25, 36 or 49): a line of N*N
    /// cells is a puzzle, a line of N cells a grid row. Settles whether a
    /// line of 16 cells is a 4x4 puzzle or a row of a 16x16 grid.
    #[arg(long, value_name = "N", value_parser = parse_size)]
    size: Option<usize>,
}

const AFTER_HELP: &str = "\
Output: exactly one record per puzzle read, in input order, even for a puzzle
that is invalid (text that is no puzzle: 'invalid') or has no solution
('none', givens that repeat a digit included), so that outputs line up with
inputs. What went wrong is said on stderr as FILE:LINE: message (or
FILE:LINE:COLUMN: when one symbol is to blame), and processing goes on.

  line   the solution; with --count the count; with --check unique, multiple
         or none; with --all each solution on its own line, then an empty line
  grid   each solution drawn, followed by a blank line (--all: then one more
         blank line); words and counts as in line, followed by a blank line
  json   one object per puzzle: file, line, puzzle, status (solved, unique,
         multiple, none, invalid, interrupted), solution, solutions (--all),
         count (--count, --check), error, stats (--stats)

Ctrl-C (or SIGTERM) stops the searches under way: the puzzles answered so
far are written, then the one stopped, as 'interrupted' (with --count, the
solutions counted so far: 'N interrupted'); with --stats the summary follows.
A second Ctrl-C quits at once.

Exit status: 0 when every puzzle was solved, 1 when some puzzle had no
solution or was invalid, 2 for usage errors or a file that cannot be read
(the other files are still processed, and the error is said on stderr), 130
when interrupted.";

fn parse_alphabet(text: &str) -> Result<Alphabet, String> {
    Alphabet::custom(text).map_err(|e| e.to_string())
}

fn parse_size(text: &str) -> Result<usize, String> {
    let side: usize = text
        .parse()
        .map_err(|_| format!("expected a side of 4, 9, 16, 25, 36 or 49, found '{text}'"))?;
    (Grid::MIN_BOX_SIZE..=Grid::MAX_BOX_SIZE)
        .find(|b| b * b == side)
        .ok_or_else(|| format!("expected a side of 4, 9, 16, 25, 36 or 49, found {side}"))
}

/// What is asked of each puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// The first solution found.
    Solve,
    /// The number of solutions, up to the limit.
    Count(u64),
    /// Every solution, up to the limit.
    All(u64),
    /// Solutions counted up to 2.
    Check,
}

/// Everything a worker needs to turn a record into its output.
struct Job {
    mode: Mode,
    format: Format,
    stats: bool,
    alphabet: Alphabet,
    /// Set by Ctrl-C or SIGTERM; every search watches it.
    cancel: Arc<AtomicBool>,
}

/// The verdict on one puzzle, for the exit status and the summary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
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
struct Done {
    /// Its text on stdout, every line ended.
    output: String,
    /// What went wrong, for stderr: (line, column, message).
    problem: Option<(usize, Option<usize>, String)>,
    verdict: Verdict,
    /// (nodes, updates, time) when --stats is on.
    stats: Option<(u64, u64, Duration)>,
}

/// Totals for the summary.
#[derive(Debug, Default)]
struct Summary {
    puzzles: u64,
    solved: u64,
    none: u64,
    invalid: u64,
    interrupted: u64,
    nodes: u64,
    updates: u64,
    search: Duration,
}

/// `dlx sudoku`: solve every puzzle of every file, in order.
///
/// # Errors
///
/// A write to stdout that fails (a closed pipe included); a file that cannot
/// be read is reported at once, the others processed, and then an error.
pub fn run(args: Args) -> Result<Status> {
    let start = Instant::now();
    let mode = match (args.count, args.all, args.check) {
        (true, _, _) => Mode::Count(args.limit.unwrap_or(u64::MAX)),
        (_, true, _) => Mode::All(args.limit.unwrap_or(u64::MAX)),
        (_, _, true) => Mode::Check,
        _ => Mode::Solve,
    };
    let alphabet = args.alphabet.unwrap_or_default();
    let mut options = ReadOptions::new().alphabet(alphabet.clone());
    if let Some(b) = args.size {
        options = options.box_size(b).context("bad --size")?;
    }
    let job = Job {
        mode,
        format: args.format,
        stats: args.stats,
        alphabet,
        cancel: interrupt::flag(),
    };
    let threads = crate::thread_count(args.threads);
    let pool = if threads > 1 {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("dlx-sudoku-{i}"))
            .build()
            .context("cannot start the worker threads")?;
        Some(pool)
    } else {
        None
    };

    let mut files = args.files;
    if files.is_empty() {
        files.push(PathBuf::from("-"));
    }
    // No bar while puzzles are typed: it would share their lines.
    let typing = files.iter().any(|p| p.as_os_str() == "-") && io::stdin().is_terminal();
    let progress = if typing {
        ProgressBar::hidden()
    } else {
        crate::progress::bar(None, "puzzles")
    };
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut summary = Summary::default();
    let mut unreadable = Vec::new();
    for path in &files {
        let (reader, name): (Box<dyn BufRead + Send>, String) = if path.as_os_str() == "-" {
            let stdin = BufReader::with_capacity(1 << 16, io::stdin());
            (Box::new(stdin), "<stdin>".to_string())
        } else {
            let name = path.display().to_string();
            match File::open(path) {
                Ok(file) => (Box::new(BufReader::with_capacity(1 << 16, file)), name),
                Err(e) => {
                    progress
                        .suspend(|| diagnose(format_args!("dlx: error: cannot read {name}: {e}")));
                    unreadable.push(name);
                    continue;
                }
            }
        };
        let file = Input {
            name: &name,
            job: &job,
            pool: pool.as_ref(),
            progress: &progress,
        };
        if let Err(e) = file.run(
            Puzzles::with_options(reader, options.clone()),
            &mut out,
            &mut summary,
        )? {
            progress.suspend(|| diagnose(format_args!("dlx: error: cannot read {name}: {e}")));
            unreadable.push(name);
        }
        if interrupt::interrupted() {
            break;
        }
    }
    out.flush()?;
    progress.finish_and_clear();
    if args.stats {
        print_summary(&summary, start.elapsed());
    }
    // A signal between two searches stops the next one; after the last,
    // there is nothing left to stop, but the run was still cut short.
    if summary.interrupted > 0 || interrupt::interrupted() {
        diagnose("dlx: interrupted");
        return Ok(Status::Interrupted);
    }
    if !unreadable.is_empty() {
        // Each was reported when met; this sets the exit status.
        bail!(
            "{} of {} inputs could not be read: {}",
            unreadable.len(),
            files.len(),
            unreadable.join(", ")
        );
    }
    Ok(if summary.none + summary.invalid == 0 {
        Status::Solved
    } else {
        Status::Failed
    })
}

/// One input being solved.
struct Input<'a> {
    /// Its name in messages and JSON.
    name: &'a str,
    job: &'a Job,
    pool: Option<&'a rayon::ThreadPool>,
    progress: &'a ProgressBar,
}

impl Input<'_> {
    /// Solves every record of `puzzles` and writes the outputs, in order.
    ///
    /// The outer error is a failed write (stop everything); the inner one a
    /// failed read (this input is cut short, the others go on).
    fn run<R: BufRead + Send + 'static>(
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
                    let stats = started.map(|t| (0, 0, t.elapsed()));
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
            let stats = started.map(|t| {
                let elapsed = t.elapsed();
                (solver.stats().nodes, solver.stats().updates, elapsed)
            });
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
            if let Some((nodes, updates, time)) = done.stats {
                summary.nodes += nodes;
                summary.updates += updates;
                summary.search += time;
                if !json {
                    diagnostics.push_str(&format!(
                        "{}:{}: nodes {nodes}, updates {updates}, {} µs\n",
                        self.name,
                        record.line,
                        time.as_micros()
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

/// The records of an input, read by a thread of their own.
struct ReadAhead(mpsc::Receiver<io::Result<Record>>);

/// What [`ReadAhead`] has for the solver.
enum Ready {
    /// The next record (or the read error that ends the input).
    Record(io::Result<Record>),
    /// None yet: the input is slow.
    NotYet,
    /// The input is over, or a signal came while waiting for it.
    End,
}

/// Starts reading `puzzles` on a thread of its own, at most a chunk ahead.
/// The thread is not joined: should a signal end the run while it is
/// blocked on a terminal, it ends with the process.
fn read_ahead<R: BufRead + Send + 'static>(puzzles: Puzzles<R>) -> ReadAhead {
    let (send, receive) = mpsc::sync_channel(CHUNK);
    let spawned = thread::Builder::new()
        .name("dlx-read".to_string())
        .spawn(move || {
            for record in puzzles {
                let last = record.is_err();
                if send.send(record).is_err() || last {
                    break;
                }
            }
        });
    if let Err(e) = spawned {
        // No thread: a read error for this input, not a panic.
        let (send, receive) = mpsc::sync_channel(1);
        let _ = send.send(Err(e));
        return ReadAhead(receive);
    }
    ReadAhead(receive)
}

impl ReadAhead {
    /// The next record, waiting for it, but not past a signal.
    fn wait(&self) -> Ready {
        loop {
            match self.0.recv_timeout(Duration::from_millis(50)) {
                Ok(record) => return Ready::Record(record),
                Err(mpsc::RecvTimeoutError::Disconnected) => return Ready::End,
                Err(mpsc::RecvTimeoutError::Timeout) if interrupt::interrupted() => {
                    return Ready::End
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
            }
        }
    }

    /// The next record if it is read already.
    fn ready(&self) -> Ready {
        match self.0.try_recv() {
            Ok(record) => Ready::Record(record),
            Err(mpsc::TryRecvError::Empty) => Ready::NotYet,
            Err(mpsc::TryRecvError::Disconnected) => Ready::End,
        }
    }
}

/// What the search said about one puzzle.
enum Answer {
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
fn solve(record: &Record, name: &str, job: &Job) -> Done {
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
                Err(SolveError::Conflict(_)) => (0, 0, elapsed),
                _ => (solver.stats().nodes, solver.stats().updates, elapsed),
            }
        });
        (answer, stats)
    });
    finished(record, name, job, puzzle, answer, stats)
}

/// The output of a puzzle once its search is over.
fn finished(
    record: &Record,
    name: &str,
    job: &Job,
    puzzle: &Grid,
    answer: Result<Answer, SolveError>,
    stats: Option<(u64, u64, Duration)>,
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
fn invalid(
    record: &Record,
    name: &str,
    job: &Job,
    puzzle: Option<&Grid>,
    problem: (usize, Option<usize>, String),
    stats: Option<(u64, u64, Duration)>,
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
fn word(mode: Mode, verdict: Verdict, found: u64) -> &'static str {
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
fn interrupted_after(found: u64) -> String {
    let s = if found == 1 { "" } else { "s" };
    format!("interrupted after {found} solution{s}")
}

/// The output of a puzzle the search answered, or stopped by a signal.
fn answered(
    record: &Record,
    name: &str,
    job: &Job,
    puzzle: &Grid,
    answer: Answer,
    why_none: Option<String>,
    stats: Option<(u64, u64, Duration)>,
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

/// A grid's text, or (never expected: the alphabet read the puzzle, so it
/// writes the solution) the reason it has none.
fn text_or_error(text: Result<String, sudoku_dlx::AlphabetError>) -> String {
    text.unwrap_or_else(|e| format!("({e})"))
}

/// A JSON object written field by field, so that its keys keep their order
/// (file and line first) whatever serde_json's map would do.
struct Object(String);

impl Object {
    /// Appends `"key":value`.
    fn field(&mut self, key: &str, value: Value) {
        self.0.push(if self.0.is_empty() { '{' } else { ',' });
        self.0.push_str(&Value::from(key).to_string());
        self.0.push(':');
        self.0.push_str(&value.to_string());
    }
}

/// The fields every JSON object starts with; the status among them unless
/// it is yet to be known (it then ends the object).
fn header(
    record: &Record,
    name: &str,
    job: &Job,
    puzzle: Option<&Grid>,
    status: Option<&str>,
) -> Object {
    let mut object = Object(String::with_capacity(256));
    object.field("file", Value::from(name));
    object.field("line", Value::from(record.line));
    let puzzle = puzzle.map_or(Value::Null, |p| {
        Value::from(text_or_error(p.to_line_with(&job.alphabet)))
    });
    object.field("puzzle", puzzle);
    if let Some(status) = status {
        object.field("status", Value::from(status));
    }
    object
}

/// The JSON line of an object, with the stats when asked for.
fn finish_json(mut object: Object, stats: Option<(u64, u64, Duration)>) -> String {
    if let Some((nodes, updates, time)) = stats {
        let micros = u64::try_from(time.as_micros()).unwrap_or(u64::MAX);
        // Integers only: written as they are, in this order.
        object.0.push_str(&format!(
            ",\"stats\":{{\"nodes\":{nodes},\"updates\":{updates},\"micros\":{micros}}}"
        ));
    }
    object.0.push_str("}\n");
    object.0
}

/// The summary of a run with --stats, on stderr.
fn print_summary(summary: &Summary, elapsed: Duration) {
    let seconds = elapsed.as_secs_f64();
    let rate = if seconds > 0.0 {
        summary.puzzles as f64 / seconds
    } else {
        0.0
    };
    let interrupted = if summary.interrupted > 0 {
        ", 1 interrupted"
    } else {
        ""
    };
    diagnose(format_args!(
        "summary: {} puzzles, {} solved, {} none, {} invalid{interrupted}; {:.3} s, \
         {:.0} puzzles/s; nodes {}, updates {}, search {:.3} s (all threads)",
        summary.puzzles,
        summary.solved,
        summary.none,
        summary.invalid,
        seconds,
        rate,
        summary.nodes,
        summary.updates,
        summary.search.as_secs_f64()
    ));
}
