//! `dlx sudoku`: solve, count or check a stream of puzzles.
//!
//! The parts, one module each: [`read`] parses the input on a thread of its
//! own; [`schedule`] takes the records in chunks, solves each chunk on a
//! rayon pool of `-j` threads and writes the outputs in input order, or
//! streams the solutions of `--all` one puzzle at a time; [`solve`]
//! searches one puzzle in the mode asked; [`output`] writes the records in
//! the format asked, one writer per format. Memory stays flat however long
//! the input: one chunk of records and its outputs at a time.
//!
//! Ctrl-C or SIGTERM stops the searches in flight (see [`crate::interrupt`]):
//! the records before the first stopped one are written, then that one,
//! marked `interrupted` with what it had found, and the run ends with status
//! 130.
//!
//! Every record read, good or bad, yields exactly one output record, so that
//! outputs line up with inputs; what went wrong is said on stderr as
//! `FILE:LINE: message` (`FILE:LINE:COLUMN: message` when one symbol is to
//! blame).

use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use indicatif::ProgressBar;
use sudoku_dlx::{Puzzles, ReadOptions};

use crate::args::Threads;
use crate::interrupt;
use crate::terminal::{diagnose, located, Status};

mod flags;
pub mod generate;
mod job;
mod make;
pub(crate) mod output;
mod read;
mod report;
mod schedule;
mod solve;
mod stated;

pub use flags::Args;
use job::{Job, Summary};
use output::Writer;
use schedule::{Input, Workers};

/// `dlx sudoku`: solve every puzzle of every file, in order.
///
/// # Errors
///
/// A write to stdout that fails (a closed pipe included); a file that cannot
/// be read is reported at once, the others processed, and then an error.
pub fn run(args: Args) -> Result<Status> {
    let start = Instant::now();
    let alphabet = args.alphabet.clone().unwrap_or_default();
    let options = flags::read_options(&args.layout, alphabet.clone())?;
    let files = args.inputs();
    if args.emit.is_some() {
        return emit(&files, options, args.emit.as_deref() == Some("sums"));
    }
    let mode = args.mode();
    let job = Job {
        mode,
        format: args.format,
        stats: args.stats,
        cancel: interrupt::flag(),
        max_nodes: args.limits.max_nodes,
    };
    args.limits.time.start();
    let writer = output::writer(args.format, mode, alphabet);
    let (summary, unreadable) = solve_files(&files, &options, &job, &*writer, args.threads)?;
    if args.stats {
        summary.print(start.elapsed());
    }
    let seconds = args.limits.time.seconds();
    summary.status(seconds, args.limits.max_nodes, &unreadable, files.len())
}

/// Solves the puzzles of `files` in order, writing their records: the
/// totals, and the files that could not be read (each said on stderr).
///
/// # Errors
///
/// A write to stdout that fails.
fn solve_files(
    files: &[PathBuf],
    options: &ReadOptions,
    job: &Job,
    writer: &dyn Writer,
    threads: Threads,
) -> Result<(Summary, Vec<String>)> {
    threads.bound_global_pool();
    let workers = Mutex::new(Workers::new(threads));
    // No bar while puzzles are typed: it would share their lines.
    let typing = files.iter().any(|p| crate::args::is_stdin(p)) && io::stdin().is_terminal();
    if typing {
        // Else a run without a file waits on the terminal without a word.
        diagnose("dlx: reading standard input (Ctrl-D ends it)");
    }
    let progress = if typing {
        ProgressBar::hidden()
    } else {
        crate::terminal::progress_bar(None, "puzzles")
    };
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut summary = Summary::default();
    let mut unreadable = Vec::new();
    for path in files {
        let (name, reader) = match crate::args::open(path) {
            Ok(opened) => opened,
            Err(e) => {
                progress.suspend(|| diagnose(format_args!("dlx: error: {e:#}")));
                unreadable.push(path.display().to_string());
                continue;
            }
        };
        let file = Input {
            name: &name,
            job,
            writer,
            workers: &workers,
            progress: &progress,
        };
        let puzzles = Puzzles::with_options(reader, options.clone());
        if let Err(e) = file.run(puzzles, &mut out, &mut summary)? {
            progress.suspend(|| diagnose(format_args!("dlx: error: cannot read {name}: {e}")));
            unreadable.push(name);
        }
        if interrupt::interrupted() {
            break;
        }
    }
    out.flush()?;
    progress.finish_and_clear();
    Ok((summary, unreadable))
}

/// `--emit dlx`: writes the exact-cover problem of the one puzzle of
/// `files` in Knuth's format; `--emit sums` (`sums`): the sums the 45
/// rule derives, in the text form.
fn emit(files: &[PathBuf], options: ReadOptions, sums: bool) -> Result<Status> {
    let form = if sums { "sums" } else { "dlx" };
    let mut puzzles = Vec::new();
    for path in files {
        let (name, reader) = crate::args::open(path)?;
        for record in Puzzles::with_options(reader, options.clone()) {
            let record = record.with_context(|| format!("cannot read {name}"))?;
            match record.result {
                Ok(puzzle) => puzzles.push((name.clone(), record.line, puzzle)),
                Err(e) => bail!(
                    "{}: {}",
                    located(&name, Some(e.line()), e.column()),
                    e.kind()
                ),
            }
        }
    }
    let [(name, line, puzzle)] = <[_; 1]>::try_from(puzzles).map_err(|p: Vec<_>| {
        anyhow::anyhow!("--emit {form} takes one puzzle, found {}", p.len())
    })?;
    // Givens in conflict give a problem without solution, written all
    // the same: `dlx cover --count` says 0, as dlx sudoku does.
    let status = match puzzle.check() {
        Ok(()) => Status::Solved,
        Err(conflict) => {
            diagnose(format_args!(
                "{}: no solution: {conflict}",
                located(&name, Some(line), None)
            ));
            Status::Failed
        }
    };
    let mut out = BufWriter::new(io::stdout().lock());
    if sums {
        for sum in puzzle.layout().derived_sums() {
            writeln!(out, "# {} of {}\n{}", sum.side(), sum.group, sum.constraint)?;
        }
        // Sums with signs have no line in the text form.
        for equation in puzzle.layout().equations() {
            writeln!(out, "# {equation}")?;
        }
        out.flush()?;
        return Ok(status);
    }
    dlx::write(&puzzle.problem(), &mut out)?;
    out.flush()?;
    Ok(status)
}
