//! `dlx queens`: N queens on an N x N board through the engine.

use std::io::{self, Write};

use anyhow::{Context, Result};
use dlx::{OptionId, Problem};

use crate::runner::{self, Print, Run};
use crate::terminal::Status;

/// `dlx queens`.
#[derive(Clone, Debug, clap::Args)]
#[command(mut_arg("format", |format| format.long_help(FORMAT_HELP)))]
pub struct Args {
    /// The size of the board, N >= 1.
    #[arg(value_parser = parse_size)]
    n: usize,
    #[command(flatten)]
    run: Run,
}

const FORMAT_HELP: &str = crate::runner::format_help!(
    "each solution drawn as the board, a Q for each queen;",
    "options gives the ids of the\n\
solution's options (from 0, in the order the problem was built),\n\
texts gives those options in Knuth's format (\"r2 c0 a2 b5\": row,\n\
column and diagonals)."
);

/// `dlx queens N`.
pub fn run(args: Args) -> Result<Status> {
    let n = args.n;
    let problem = dlx::puzzles::try_queens(n).context("cannot build the problem")?;
    runner::solve(&problem, &args.run, &Boards { n })
}

/// Each solution drawn as a board, a `Q` for each queen.
struct Boards {
    n: usize,
}

impl Print for Boards {
    fn text(
        &self,
        out: &mut dyn Write,
        problem: &Problem,
        solution: &[OptionId],
    ) -> io::Result<()> {
        write!(
            out,
            "{}",
            dlx::puzzles::queens_board(problem, self.n, solution)
        )
    }
}

/// A board size: a whole number, at least 1.
fn parse_size(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(0) => Err("the board needs at least one square (N >= 1)".to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("expected a board size N >= 1, found '{text}'")),
    }
}
