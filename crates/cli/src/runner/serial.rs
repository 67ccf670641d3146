//! The search that prints solutions: one thread, in the order of the
//! serial search, over the whole tree or the run's subtrees.

use std::io::{self, Write};
use std::sync::Arc;

use anyhow::{Context, Result};
use dlx::{Limits, OptionId, Outcome, Problem, Solver};
use serde::Serialize;

use super::count::Tally;
use super::limits::Stop;
use super::plan::Plan;
use super::{Format, Print, Run};
use crate::interrupt;

/// Nodes searched between two looks at the progress line.
const SLICE: u64 = 1 << 20;

/// Prints the solutions below the run's subtrees (or the whole tree) and
/// counts them, with a progress line on a terminal.
pub fn print(
    solver: &mut Solver,
    problem: &Problem,
    plan: &Plan,
    run: &Run,
    out: &mut dyn Write,
    print: &dyn Print,
) -> Result<Tally> {
    let bar = crate::terminal::progress_bar(None, "solutions");
    let limit = run.limit.unwrap_or(u64::MAX);
    // The walk that cut the tree is part of the search: its nodes count
    // against --max-nodes.
    let above = plan.above().map(|split| split.stats());
    let mut nodes_left = run
        .limits
        .max_nodes
        .map(|max| max.saturating_sub(above.map_or(0, |stats| stats.nodes)));
    let mut found = 0u64;
    let mut stop = None;
    let whole: [&[OptionId]; 1] = [&[]];
    let pieces = plan.pieces();
    let pieces = pieces.as_deref().unwrap_or(&whole);
    let cancel = interrupt::flag();
    'pieces: for (k, piece) in pieces.iter().enumerate() {
        if found >= limit {
            stop = Some(Stop::SolutionLimit);
            break;
        }
        // A piece's options are levels of the tree: the statistics count
        // its levels from the root.
        solver
            .select_piece(piece)
            .context("a piece does not fit the problem")?;
        solver.rewind();
        // In slices of nodes, so that the progress line moves even while
        // no solution turns up.
        loop {
            let grant = nodes_left.map_or(SLICE, |left| left.min(SLICE));
            if grant == 0 {
                stop = Some(Stop::NodeLimit);
                break 'pieces;
            }
            let nodes = solver.stats().nodes;
            solver.set_limits(
                Limits::new()
                    .nodes(nodes + grant)
                    .cancel_flag(Arc::clone(&cancel)),
            );
            let one = match solver.next_solution() {
                Some(solution) => {
                    found += 1;
                    write(run.format, found, solution, problem, out, print)?;
                    true
                }
                None => false,
            };
            if let Some(left) = &mut nodes_left {
                *left -= solver.stats().nodes - nodes;
            }
            if one {
                if found >= limit {
                    stop = Some(Stop::SolutionLimit);
                    break 'pieces;
                }
                if found.is_multiple_of(4096) {
                    bar.set_position(found);
                }
            } else if solver.outcome() == Outcome::NodeLimit {
                let done = (k as f64 + solver.progress()) / pieces.len() as f64;
                bar.set_position(found);
                bar.set_message(format!("({:.1}% of the tree)", 100.0 * done));
            } else {
                stop = Stop::of(solver.outcome());
                if stop.is_some() {
                    break 'pieces;
                }
                break;
            }
        }
        for _ in piece.iter() {
            solver.unselect();
        }
    }
    bar.finish_and_clear();
    let mut stats = solver.stats();
    if let Some(above) = above {
        stats.merge(above);
    }
    Ok(Tally {
        solutions: u128::from(found),
        stats,
        stop,
        memo: None,
    })
}

/// Prints the `found`-th solution.
fn write(
    format: Format,
    found: u64,
    solution: &[OptionId],
    problem: &Problem,
    out: &mut dyn Write,
    print: &dyn Print,
) -> io::Result<()> {
    match format {
        Format::Text => {
            if found > 1 {
                writeln!(out)?;
            }
            print.text(out, problem, solution)
        }
        Format::Json => {
            let record = SolutionRecord {
                options: solution.iter().map(|&id| print.number(id)).collect(),
                texts: solution
                    .iter()
                    .map(|&id| dlx::option_text(problem, id))
                    .collect(),
            };
            // A failed write stays an io::Error, so that a closed pipe is
            // known.
            serde_json::to_writer(&mut *out, &record)?;
            writeln!(out)
        }
    }
}

/// The JSON record of one solution: its options, and their texts as in
/// Knuth's format.
#[derive(Serialize)]
struct SolutionRecord {
    options: Vec<usize>,
    texts: Vec<String>,
}
