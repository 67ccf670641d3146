//! A short tour of the `dlx` API for a program that embeds the engine.
//!
//! ```text
//! cargo run -p dlx --example embedding
//! ```

use dlx::{Limits, Outcome, Problem, Solver};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Items by name: primary ones must be covered exactly once; the secondary
    // item `x` at most once, or by any options that agree on its color.
    let mut problem = Problem::with_names(["a", "b", "c", "d"], ["x"])?;
    let ab = problem.add_option_named(["a", "b", "x:red"])?;
    problem.add_option_named(["c", "d", "x:red"])?;
    problem.add_option_named(["c", "x:blue"])?;
    problem.add_option_named(["d"])?;
    problem.add_option_named(["a", "c"])?;
    problem.add_option_named(["b", "d", "x"])?;

    // Counting and the first solution; every solution can be checked.
    let mut solver = Solver::new(&problem);
    println!("solutions: {}", solver.count());
    if let Some(first) = solver.first() {
        problem.verify(&first)?;
        let text: Vec<String> = first
            .iter()
            .map(|&id| dlx::option_text(&problem, id))
            .collect();
        println!("first: {}", text.join(" / "));
    }
    // The solutions one at a time, as option ids.
    for solution in solver.solutions() {
        let ids: Vec<usize> = solution.iter().map(|id| id.index()).collect();
        println!("solution: options {ids:?}");
    }

    // Fix an option before the search (a sudoku's givens), then release it.
    solver.select(ab)?;
    println!("with option {ab} selected, solutions: {}", solver.count());
    solver.reset();

    // Limits: a search stopped by one says so; it is not "no solution".
    let mut queens = Solver::new(&dlx::puzzles::queens(10));
    queens.set_limits(Limits::new().nodes(100));
    let found = queens.count();
    assert_eq!(queens.outcome(), Outcome::NodeLimit);
    println!(
        "10-queens, 100 nodes: {found} solutions so far, {:?}",
        queens.outcome()
    );
    queens.set_limits(Limits::new());
    queens.clear_stats();
    println!(
        "10-queens: {} solutions, {:?}",
        queens.count(),
        queens.outcome()
    );

    // Statistics counted as Knuth's programs count them.
    println!("stats: {}", queens.stats());
    Ok(())
}
