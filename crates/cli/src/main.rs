//! `dlx`: exact cover from the command line. Sudoku of any size (solved,
//! generated, rated, canonicalized), any problem in Knuth's DLX text
//! format, tilings of any board by any pieces in the plane or in space,
//! N-queens and pentominoes, all through the `dlx` engine.
//!
//! `main` parses the command line and hands the command to its module:
//! `sudoku/` (with `generate`), the exact-cover runner and its commands
//! (`cover`, `tile`, `queens`, `pentomino`, `merge`), `terminal` for the
//! exit statuses and what is said on stderr, `interrupt` for signals and
//! time limits, `args` for the flags the commands share.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use dlx_cli::{cover, interrupt, merge, pentomino, queens, sudoku, terminal, tile};

use terminal::EXIT_STATUS;

/// Exact cover with dancing links: sudoku, Knuth's DLX format, tilings,
/// N-queens, pentominoes.
#[derive(Debug, Parser)]
#[command(name = "dlx", version, about, long_about = None, after_help = EXIT_STATUS)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Solve, count or check sudoku puzzles of any size and layout, one per
    /// line or drawn as grids.
    Sudoku(sudoku::Args),
    /// Make sudoku puzzles with one solution each: minimal or down to a
    /// number of givens, symmetric, of any size and layout, rated, seeded.
    Generate(sudoku::generate::Args),
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
    /// Write the shell completions of dlx to stdout (bash, zsh, fish,
    /// elvish, powershell). For bash: dlx completions bash >
    /// ~/.local/share/bash-completion/completions/dlx
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Write the manual page of dlx, or of one of its commands (dlx man
    /// sudoku), to stdout in roff: dlx man > dlx.1; man ./dlx.1
    Man {
        /// The command whose page to write (sudoku, cover, ...).
        command: Option<String>,
    },
}

fn main() -> ExitCode {
    // The plain definition parses a good command line; help, versions and
    // usage errors are made again from the one with the table of exit
    // statuses, which only they show (building it costs start-up).
    let parsed = quick().map(Ok).unwrap_or_else(|| {
        Cli::try_parse().or_else(|_| {
            command()
                .try_get_matches()
                .and_then(|matches| Cli::from_arg_matches(&matches))
        })
    });
    let cli = match parsed {
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
    terminal::exit_code(match cli.command {
        Command::Sudoku(args) => sudoku::run(args),
        Command::Generate(args) => sudoku::generate::run(args),
        Command::Cover(args) => cover::run(args),
        Command::Tile(args) => tile::run(args),
        Command::Queens(args) => queens::run(args),
        Command::Pentomino(args) => pentomino::run(args),
        Command::Merge(args) => merge::run(args),
        Command::Completions { shell } => completions(shell),
        Command::Man { command } => man(command),
    })
}

/// The command line parsed with the definition of its command alone, when
/// it names one that solves and parses without a word to say: building
/// every command's definition took half of the instructions of a run on a
/// tiny problem. Anything else (help, versions, a usage error, the
/// completions and the manual) goes the full way, which says it as ever.
fn quick() -> Option<Cli> {
    fn parse<A: clap::Args>(name: &str, wrap: fn(A) -> Command) -> Option<Cli> {
        let mut definition = A::augment_args(clap::Command::new(name.to_string()));
        let parsed = definition
            .try_get_matches_from_mut(std::env::args_os().skip(1))
            .ok()
            .and_then(|matches| A::from_arg_matches(&matches).ok());
        // Dropping the definition costs as much again: the process ends soon.
        std::mem::forget(definition);
        parsed.map(|args| Cli {
            command: wrap(args),
        })
    }
    match std::env::args_os().nth(1)?.to_str()? {
        "sudoku" => parse("sudoku", Command::Sudoku),
        "generate" => parse("generate", Command::Generate),
        "cover" => parse("cover", Command::Cover),
        "tile" => parse("tile", Command::Tile),
        "queens" => parse("queens", Command::Queens),
        "pentomino" => parse("pentomino", Command::Pentomino),
        "merge" => parse("merge", Command::Merge),
        _ => None,
    }
}

/// The command line's definition, with the table of exit statuses at the
/// end of every command's long help: one table, written once.
fn command() -> clap::Command {
    let mut command = Cli::command();
    let names: Vec<String> = command
        .get_subcommands()
        .map(|sub| sub.get_name().to_string())
        .collect();
    for name in names {
        command = command.mut_subcommand(name, |sub| {
            let after = match sub.get_after_long_help() {
                Some(text) => format!("{text}\n\n{EXIT_STATUS}"),
                None => EXIT_STATUS.to_string(),
            };
            sub.after_long_help(after)
        });
    }
    command
}

/// `dlx completions SHELL`: made from the one definition of the flags.
fn completions(shell: clap_complete::Shell) -> anyhow::Result<terminal::Status> {
    let mut out = io::stdout().lock();
    clap_complete::generate(shell, &mut command(), "dlx", &mut out);
    out.flush()?;
    Ok(terminal::Status::Solved)
}

/// `dlx man [COMMAND]`: the manual page of dlx, or of one of its commands
/// (`dlx-sudoku(1)`, as git names its pages), from the one definition of
/// the flags.
fn man(name: Option<String>) -> anyhow::Result<terminal::Status> {
    let mut page = command();
    if let Some(name) = name {
        let Some(sub) = page.find_subcommand(&name) else {
            anyhow::bail!("no command '{name}': dlx --help lists them");
        };
        let title = format!("dlx-{name}");
        page = sub.clone().name(title.clone()).display_name(title);
    }
    let mut out = io::stdout().lock();
    clap_mangen::Man::new(page).render(&mut out)?;
    out.flush()?;
    Ok(terminal::Status::Solved)
}
