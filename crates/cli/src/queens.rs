//! `dlx queens`: N queens on an N x N board through the engine.

use anyhow::{Context, Result};

use crate::run::{self, Run};
use crate::Status;

/// `dlx queens`.
#[derive(Clone, Debug, clap::Args)]
pub struct Args {
    /// The size of the board, N >= 1.
    #[arg(value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    n: usize,
    #[command(flatten)]
    run: Run,
}

/// `dlx queens N`.
pub fn run(args: Args) -> Result<Status> {
    let n = args.n;
    let problem = dlx::puzzles::try_queens(n).context("cannot build the problem")?;
    run::solve(&problem, &args.run, |out, problem, solution| {
        write!(out, "{}", dlx::puzzles::queens_board(problem, n, solution))
    })
}
