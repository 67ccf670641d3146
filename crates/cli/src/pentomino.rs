//! `dlx pentomino`: the twelve pentominoes on a board of 60 cells, the
//! built-in piece set of the tiling code (`dlx tile`).

use anyhow::{Context, Result};
use dlx::puzzles::{Board, Tiling, Tilings};

use crate::runner::{self, Run};
use crate::terminal::Status;

/// `dlx pentomino`.
#[derive(Clone, Debug, clap::Args)]
#[command(mut_arg("format", |format| format.long_help(FORMAT_HELP)))]
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

const FORMAT_HELP: &str = crate::runner::format_help!(
    "each tiling drawn as the board, each cell the letter of its\n\
piece;",
    "options gives the ids of the\n\
tiling's options (from 0, in the order the problem was built), texts\n\
gives those options in Knuth's format (\"X 0-2 1-1 1-2 1-3 2-2\": a\n\
piece and its cells, row-column)."
);

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
    let tiling = Tiling::pentominoes(&board);
    runner::solve(&problem, &args.run, &crate::tile::Pictures { tiling })
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
