//! `dlx`: exact cover from the command line. Sudoku of any size, any problem
//! in Knuth's DLX text format, N-queens and pentomino tilings, all through
//! the `dlx` engine.
//!
//! Output goes to stdout, diagnostics to stderr. Exit status: 0 when every
//! input was solved, 1 when some input had no solution or was invalid, 2 for
//! usage errors and unreadable files. A closed pipe (`dlx ... | head`) ends
//! the program quietly with status 0.

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod cover;
mod progress;
mod sudoku;

/// Exact cover with dancing links: sudoku, Knuth's DLX format, N-queens,
/// pentominoes.
#[derive(Debug, Parser)]
#[command(name = "dlx", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Solve, count or check sudoku puzzles (4x4 to 25x25 and more), one per
    /// line or drawn as grids.
    Sudoku(sudoku::Args),
    /// Solve an exact-cover problem written in Knuth's DLX text format.
    Cover(cover::CoverArgs),
    /// Place N queens on an N x N board, none attacking another.
    Queens(cover::QueensArgs),
    /// Tile a board of 60 cells with the 12 pentominoes.
    Pentomino(cover::PentominoArgs),
}

/// The exit status of a run that went to the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Every input was solved.
    Solved,
    /// Some input had no solution or was invalid.
    Failed,
}

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
    let result = match cli.command {
        Command::Sudoku(args) => sudoku::run(args),
        Command::Cover(args) => cover::run_cover(args),
        Command::Queens(args) => cover::run_queens(args),
        Command::Pentomino(args) => cover::run_pentomino(args),
    };
    match result {
        Ok(Status::Solved) => ExitCode::SUCCESS,
        Ok(Status::Failed) => ExitCode::from(1),
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            let mut message = format!("dlx: error: {e}");
            for cause in e.chain().skip(1) {
                message.push_str(&format!(": {cause}"));
            }
            let _ = writeln!(io::stderr(), "{message}");
            ExitCode::from(2)
        }
    }
}

/// Whether the error (or one of its causes) is a write to a closed pipe.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// Whether progress may be drawn: only when stderr is a terminal.
pub fn stderr_is_terminal() -> bool {
    io::stderr().is_terminal()
}

/// The number of worker threads: `requested`, or every core when 0 or absent.
pub fn thread_count(requested: Option<usize>) -> usize {
    match requested {
        Some(n) if n > 0 => n,
        _ => std::thread::available_parallelism().map_or(1, |n| n.get()),
    }
}
