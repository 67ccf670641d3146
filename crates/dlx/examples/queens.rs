//! N-queens through the engine: one board, then the number of solutions.
//!
//! ```text
//! cargo run --release -p dlx --example queens -- 8
//! ```

use std::process::ExitCode;

use dlx::{queens_board, try_queens, Solver};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n = match args.as_slice() {
        [] => 8,
        [n] => match n.parse::<usize>() {
            Ok(n) => n,
            Err(_) => return usage(&format!("'{n}' is not a board size")),
        },
        _ => return usage("expected one board size"),
    };
    let problem = match try_queens(n) {
        Ok(problem) => problem,
        Err(e) => return usage(&format!("{n}-queens: {e}")),
    };
    let mut solver = Solver::new(&problem);
    match solver.first() {
        Some(solution) => print!("{}", queens_board(n, &solution, &problem)),
        None => println!("no solution"),
    }
    println!("solutions: {}", count(&mut solver));
    ExitCode::SUCCESS
}

#[cfg(feature = "parallel")]
fn count(solver: &mut Solver) -> u64 {
    solver.par_count().solutions
}

#[cfg(not(feature = "parallel"))]
fn count(solver: &mut Solver) -> u64 {
    solver.count()
}

fn usage(message: &str) -> ExitCode {
    eprintln!("queens: {message}\nusage: queens [N]   (default 8)");
    ExitCode::from(2)
}
