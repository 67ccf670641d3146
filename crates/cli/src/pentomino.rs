//! `dlx pentomino`: the twelve pentominoes on a board of 60 cells.

use anyhow::{Context, Result};
use dlx::puzzles::{Board, Tilings};

use crate::run::{self, Run};
use crate::Status;

/// `dlx pentomino`.
#[derive(Clone, Debug, clap::Args)]
pub struct Args {
    /// The board: RxC for a rectangle of 60 cells (6x10, 5x12, 4x15, 3x20),
    /// or 8x8-2x2 for the 8x8 square without its centre 2x2.
    #[arg(long, default_value = "6x10")]
    board: String,
    /// Count each tiling once up to the board's symmetries.
    #[arg(long)]
    unique: bool,
    #[command(flatten)]
    run: Run,
}

/// `dlx pentomino`.
pub fn run(args: Args) -> Result<Status> {
    let board = parse_board(&args.board)?;
    let problem = dlx::puzzles::pentominoes(
        &board,
        if args.unique {
            Tilings::UpToSymmetry
        } else {
            Tilings::All
        },
    )
    .with_context(|| format!("cannot tile the board {}", args.board))?;
    run::solve(&problem, &args.run, |out, problem, solution| {
        write!(
            out,
            "{}",
            dlx::puzzles::pentomino_picture(problem, &board, solution)
        )
    })
}

fn parse_board(text: &str) -> Result<Board> {
    if text == "8x8-2x2" {
        return Ok(Board::eight_by_eight_minus_centre());
    }
    let (rows, cols) = text
        .split_once(['x', 'X'])
        .and_then(|(r, c)| Some((r.trim().parse().ok()?, c.trim().parse().ok()?)))
        .with_context(|| format!("expected a board RxC or 8x8-2x2, found '{text}'"))?;
    Ok(Board::rectangle(rows, cols)?)
}
