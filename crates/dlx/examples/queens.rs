//! N-queens as exact cover, encoded here from scratch: the way to put any
//! problem of your own to the engine.
//!
//! Each square `(r, c)` is an option naming four items: its row `r{r}` and
//! column `c{c}`, which every solution covers exactly once (primary items),
//! and its two diagonals `a{r+c}` and `b{r-c+n-1}`, which at most one queen
//! may use (secondary items). The solver then finds the placements of `n`
//! queens none of which attacks another: one board is drawn, and the
//! solutions are counted.
//!
//! ```text
//! cargo run --release -p dlx --example queens -- 8
//! ```
//!
//! (`dlx::puzzles::queens` builds the same problem, for the `dlx` command.)

use std::process::ExitCode;

use dlx::{Error, OptionId, Problem, Solver};

/// The N-queens problem: `2n` primary items, then `2(2n - 1)` secondary
/// ones, and one option per square, row by row (option `r * n + c` is the
/// square `(r, c)`).
fn queens(n: usize) -> Result<Problem, Error> {
    let rows = (0..n).map(|r| format!("r{r}"));
    let cols = (0..n).map(|c| format!("c{c}"));
    let diagonals = 2 * n.max(1) - 1;
    let sums = (0..diagonals).map(|d| format!("a{d}"));
    let differences = (0..diagonals).map(|d| format!("b{d}"));
    let mut problem = Problem::with_names(rows.chain(cols), sums.chain(differences))?;
    for r in 0..n {
        for c in 0..n {
            // Items by index: rows 0..n, columns n..2n, then the diagonals.
            let (a, b) = (2 * n, 2 * n + diagonals);
            problem.add_option([r, n + c, a + r + c, b + r + n - 1 - c])?;
        }
    }
    Ok(problem)
}

/// Draws a solution: the options are squares numbered `r * n + c`.
fn board(n: usize, solution: &[OptionId]) -> String {
    let mut squares = vec![b'.'; n * n];
    for id in solution {
        squares[id.index()] = b'Q';
    }
    squares
        .chunks(n)
        .map(|row| String::from_utf8_lossy(row) + "\n")
        .collect()
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n = match args.as_slice() {
        [] => 8,
        [n] => match n.parse::<usize>() {
            Ok(n) if n > 0 => n,
            _ => return usage(&format!("'{n}' is not a board size")),
        },
        _ => return usage("expected one board size"),
    };
    let problem = match queens(n) {
        Ok(problem) => problem,
        Err(e) => return usage(&format!("{n}-queens: {e}")),
    };
    let mut solver = match Solver::try_new(&problem) {
        Ok(solver) => solver,
        Err(e) => return usage(&format!("{n}-queens: {e}")),
    };
    match solver.first() {
        Some(solution) => {
            problem
                .verify(&solution)
                .expect("the solver's solutions are valid");
            print!("{}", board(n, &solution));
        }
        None => println!("no solution"),
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
    eprintln!("queens: {message}\nusage: queens [N]   (default 8, N >= 1)");
    ExitCode::from(2)
}
