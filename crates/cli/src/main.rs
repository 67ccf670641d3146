//! `dlx`: exact cover from the command line. Sudoku of any size (solved,
//! generated, rated, canonicalized), any problem in Knuth's DLX text
//! format, tilings of any board by any pieces in the plane or in space,
//! N-queens and pentominoes, all through the `dlx` engine.
//!
//! Output goes to stdout, diagnostics to stderr. Exit status: 0 when every
//! input was solved, 1 when some input had no solution or was invalid (or
//! `cover --verify` found a bad solution, `merge` a missing or foreign
//! piece), 2 for usage errors, unreadable files, a closed or full stdout and
//! problems too large for the machine, 3 when `--max-nodes` or
//! `--time-limit` stopped a search before its end (what was found is
//! written, and is not "no solution"), 130 when interrupted (Ctrl-C or
//! SIGTERM). A closed
//! pipe (`dlx ... | head`) ends the program quietly with status 0. A closed
//! or full stderr loses the diagnostics, never the run.

use std::fmt::Display;
use std::io::{self, IsTerminal, Write};
#[cfg(target_os = "linux")]
use std::path::Path;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod checkpoint;
mod count;
mod cover;
mod estimate;
mod generate;
mod interrupt;
mod limits;
mod merge;
mod pentomino;
mod progress;
mod queens;
mod record;
mod run;
mod sudoku;
mod tile;
mod verify;

/// Exact cover with dancing links: sudoku, Knuth's DLX format, tilings,
/// N-queens, pentominoes.
#[derive(Debug, Parser)]
#[command(name = "dlx", version, about, long_about = None, after_help = EXIT_STATUS)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The exit statuses, in `dlx --help`.
const EXIT_STATUS: &str = "\
Exit status: 0 solved; 1 some input had no solution or was invalid (a bad
solution for cover --verify, a missing or foreign piece for merge); 2 usage
errors, unreadable files; 3 a search stopped by --max-nodes or --time-limit
before its end (not 'no solution'); 130 interrupted (Ctrl-C, SIGTERM).";

#[derive(Debug, Subcommand)]
enum Command {
    /// Solve, count or check sudoku puzzles of any size and layout, one per
    /// line or drawn as grids.
    Sudoku(sudoku::Args),
    /// Make sudoku puzzles with one solution each: minimal or down to a
    /// number of givens, symmetric, of any size and layout, rated, seeded.
    Generate(generate::Args),
    /// Solve an exact-cover problem written in Knuth's DLX text format.
    Cover(cover::Args),
    /// Tile a board with pieces, in the plane or in space, read in Knuth's
    /// polyomino-dlx form or drawn.
    #[command(long_about = tile::LONG_ABOUT)]
    Tile(tile::Args),
    /// Place N queens on an N x N board, none attacking another.
    Queens(queens::Args),
    /// Tile a board of 60 cells with the 12 pentominoes.
    Pentomino(pentomino::Args),
    /// Add up the counts of the pieces of a split search (--piece I/N
    /// --count --format json), each exactly once.
    Merge(merge::Args),
}

/// The exit status of a run that went to the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Every input was solved.
    Solved,
    /// Some input had no solution or was invalid.
    Failed,
    /// A signal stopped the run; what was done is written.
    Interrupted,
    /// A limit (`--max-nodes`, `--time-limit`) stopped a search before its
    /// end; what was found is written.
    Stopped,
}

/// The exit status of a run stopped by `--max-nodes` or `--time-limit`.
pub const STOPPED_STATUS: u8 = 3;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // Help and version go to stdout with status 0; usage errors to
            // stderr with status 2.
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    // Installed before any input is read: a signal then ends the run with
    // status 130 and what was done written.
    let _ = interrupt::flag();
    if let Err(e) = check_stdout() {
        diagnose(format_args!("dlx: error: cannot write the output: {e}"));
        return ExitCode::from(2);
    }
    let result = match cli.command {
        Command::Sudoku(args) => sudoku::run(args),
        Command::Generate(args) => generate::run(args),
        Command::Cover(args) => cover::run(args),
        Command::Tile(args) => tile::run(args),
        Command::Queens(args) => queens::run(args),
        Command::Pentomino(args) => pentomino::run(args),
        Command::Merge(args) => merge::run(args),
    };
    match result {
        Ok(Status::Solved) => ExitCode::SUCCESS,
        Ok(Status::Failed) => ExitCode::from(1),
        Ok(Status::Interrupted) => ExitCode::from(interrupt::EXIT_STATUS),
        Ok(Status::Stopped) => ExitCode::from(STOPPED_STATUS),
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            // The whole chain of causes, each after a colon.
            diagnose(format_args!("dlx: error: {e:#}"));
            ExitCode::from(2)
        }
    }
}

/// Writes one line to stderr. A closed or full stderr loses the line, and
/// nothing else: `eprintln!` would panic there.
pub fn diagnose(line: impl Display) {
    let _ = writeln!(io::stderr().lock(), "{line}");
}

/// `FILE:LINE:COLUMN`, the place of a diagnostic, as much of it as is known
/// (`FILE:LINE`, or `FILE`). Every diagnostic that points into a file
/// starts with it and a colon: the form compilers use, which editors jump to.
pub fn located(name: &str, line: Option<usize>, column: Option<usize>) -> String {
    match (line, column) {
        (Some(line), Some(column)) => format!("{name}:{line}:{column}"),
        (Some(line), None) => format!("{name}:{line}"),
        _ => name.to_string(),
    }
}

/// Fails when stdout was closed (`dlx ... >&-`): the output would be lost
/// and the run reported a success. Rust's runtime reopens a closed stdout on
/// `/dev/null` before `main`, read-write; a shell's `>/dev/null` opens it
/// write-only, so the access mode tells the two apart.
#[cfg(target_os = "linux")]
fn check_stdout() -> io::Result<()> {
    let on_null = std::fs::read_link("/proc/self/fd/1").is_ok_and(|p| p == Path::new("/dev/null"));
    let read_write = || {
        let info = std::fs::read_to_string("/proc/self/fdinfo/1").unwrap_or_default();
        info.lines()
            .find_map(|line| line.strip_prefix("flags:"))
            .and_then(|flags| u32::from_str_radix(flags.trim(), 8).ok())
            .is_some_and(|flags| flags & 0o3 == 0o2)
    };
    if on_null && read_write() {
        return Err(io::Error::other("stdout is closed"));
    }
    Ok(())
}

#[cfg(not(target_os = "linux"))]
fn check_stdout() -> io::Result<()> {
    Ok(())
}

/// Whether the error (or one of its causes) is a write to a closed pipe.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// Whether progress may be drawn: only when stderr is a terminal and stdout
/// is not, so that a bar never shares a line with the answers (a user
/// typing puzzles at a terminal reads the answers there).
pub fn progress_is_drawn() -> bool {
    io::stderr().is_terminal() && !io::stdout().is_terminal()
}

/// The number of worker threads: `requested`, or every core when 0 or absent.
pub fn thread_count(requested: Option<usize>) -> usize {
    match requested {
        Some(n) if n > 0 => n,
        _ => std::thread::available_parallelism().map_or(1, |n| n.get()),
    }
}
