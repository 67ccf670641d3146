//! Pentomino tilings of a rectangle: one tiling, then the number of them
//! (with `--unique`, up to the rectangle's symmetries).
//!
//! ```text
//! cargo run --release -p dlx --example pentomino -- 6 10 --unique
//! ```

use std::process::ExitCode;

use dlx::puzzles::{pentomino_picture, pentominoes, Board, Tilings};
use dlx::Solver;

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let tilings = if args.iter().any(|a| a == "--unique") {
        Tilings::UpToSymmetry
    } else {
        Tilings::All
    };
    args.retain(|a| a != "--unique");
    let (rows, cols) = match args.as_slice() {
        [] => (6, 10),
        [rows, cols] => match (rows.parse::<usize>(), cols.parse::<usize>()) {
            (Ok(rows), Ok(cols)) => (rows, cols),
            _ => return usage(&format!("'{rows} {cols}' is not a board size")),
        },
        _ => return usage("expected ROWS COLS"),
    };
    let built =
        Board::rectangle(rows, cols).and_then(|board| Ok((pentominoes(&board, tilings)?, board)));
    let (problem, board) = match built {
        Ok(built) => built,
        Err(e) => return usage(&format!("{rows}x{cols}: {e}")),
    };
    let mut solver = Solver::new(&problem);
    match solver.first() {
        Some(tiling) => print!("{}", pentomino_picture(&problem, &board, &tiling)),
        None => println!("no tiling"),
    }
    println!("solutions: {}", count(&mut solver));
    ExitCode::SUCCESS
}

#[cfg(feature = "parallel")]
fn count(solver: &mut Solver) -> u64 {
    u64::try_from(solver.par_count().solutions).expect("a plain count fits u64")
}

#[cfg(not(feature = "parallel"))]
fn count(solver: &mut Solver) -> u64 {
    solver.count()
}

fn usage(message: &str) -> ExitCode {
    eprintln!("pentomino: {message}\nusage: pentomino [ROWS COLS] [--unique]   (default 6 10)");
    ExitCode::from(2)
}
