//! The runner that `dlx cover`, `dlx queens` and `dlx pentomino` share:
//! it counts (in parallel with `-j`), prints solutions, runs one piece of a
//! split tree, and reports statistics.
//!
//! Ctrl-C or SIGTERM stops the search (see [`crate::interrupt`]): the
//! solutions printed so far stay whole, a count is printed with the word
//! `interrupted`, and the run ends with status 130.

use std::io::{self, BufWriter, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use clap::ValueEnum;
use dlx::{Limits, OptionId, Outcome, Problem, Solver, Stats};
use serde::Serialize;

use crate::{diagnose, interrupt, Status};

/// How solutions are printed; each command's help says more.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Solutions as text, separated by empty lines.
    #[default]
    Text,
    /// JSON Lines, one object a line.
    Json,
}

/// What every exact-cover command takes.
#[derive(Clone, Debug, clap::Args)]
pub struct Run {
    /// Print the number of solutions only.
    #[arg(long)]
    count: bool,
    /// Stop after K solutions (K >= 1).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
    limit: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Print solutions, nodes, updates, max level and time to stderr, as
    /// Knuth's DLX1 and DLX2 count them: a node per entry to a level, the
    /// root included, and one per solution; an update per item covered and
    /// per option hidden from an item's list. The same figures whatever -j;
    /// with --piece, piece 1 also counts the nodes above the split, so that
    /// the figures of pieces 1/N to N/N add up to the whole search's.
    #[arg(long)]
    stats: bool,
    /// With --stats, also print the number of nodes at each level.
    #[arg(long, requires = "stats")]
    levels: bool,
    /// Worker threads for counting (default: all cores). Solutions are
    /// printed by one thread, in the order of the serial search.
    #[arg(short = 'j', long = "threads", value_name = "N")]
    threads: Option<usize>,
    /// Cut the search tree this many levels below the root into pieces, of
    /// which --piece runs some (the two go together).
    #[arg(long, value_name = "D", requires = "piece")]
    split_depth: Option<usize>,
    /// Run only piece I of N (1 <= I <= N) of the tree cut at --split-depth
    /// (the two go together): pieces I, I + N, I + 2N, ... The counts of
    /// pieces 1/N to N/N add up to the whole.
    #[arg(long, value_name = "I/N", value_parser = parse_piece, requires = "split_depth")]
    piece: Option<(usize, usize)>,
}

fn parse_piece(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("expected I/N with 1 <= I <= N, found '{text}'");
    let (i, n) = text.split_once('/').ok_or_else(bad)?;
    let (i, n): (usize, usize) = (
        i.trim().parse().map_err(|_| bad())?,
        n.trim().parse().map_err(|_| bad())?,
    );
    if i == 0 || i > n {
        return Err(bad());
    }
    Ok((i, n))
}

/// How a command shows the solutions of its problem.
pub trait Print {
    /// Writes one solution as text: its option lines, or a picture.
    fn text(&self, out: &mut dyn Write, problem: &Problem, solution: &[OptionId])
        -> io::Result<()>;

    /// The number of an option in JSON: its id, from 0 in the order the
    /// options were added, unless the command numbers them otherwise.
    fn number(&self, option: OptionId) -> usize {
        option.index()
    }
}

/// Counts or prints the solutions of `problem` as `run` asks; `print` shows
/// each solution.
pub fn solve(problem: &Problem, run: &Run, print: &dyn Print) -> Result<Status> {
    let started = Instant::now();
    let mut solver = Solver::try_new(problem).context("cannot solve the problem")?;
    solver.profile_levels(run.levels);
    // The figures of the walk that cut the tree (its nodes are those above
    // the pieces) go with piece 1, so that the figures of pieces 1/N to
    // N/N add up to those of the whole search.
    let mut above = None;
    let pieces = match run.piece.zip(run.split_depth) {
        Some(((i, n), depth)) => {
            let split = solver.split(depth);
            let mine: Vec<Vec<OptionId>> = split.piece(i - 1, n).map(<[_]>::to_vec).collect();
            diagnose(format_args!(
                "dlx: piece {i}/{n}: {} of the {} subtrees at depth {}",
                mine.len(),
                split.len(),
                split.depth()
            ));
            if i == 1 {
                above = Some(split.stats().clone());
            }
            Some(mine)
        }
        None => None,
    };
    let threads = crate::thread_count(run.threads);
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let (solutions, mut stats, outcome) = if run.count && threads > 1 {
        parallel(&mut solver, pieces, threads, run.limit)?
    } else {
        serial(
            &mut solver,
            pieces.as_deref(),
            run,
            problem,
            &mut out,
            print,
        )?
    };
    if let Some(above) = &above {
        stats.merge(above);
    }
    let interrupted = outcome == Outcome::Cancelled;
    if run.count {
        match (run.format, interrupted) {
            (Format::Text, false) => writeln!(out, "{solutions}")?,
            (Format::Text, true) => writeln!(out, "{solutions} interrupted")?,
            (Format::Json, _) => write_json(
                &mut out,
                &CountRecord {
                    count: solutions,
                    complete: outcome.is_complete(),
                    interrupted,
                },
            )?,
        }
    }
    out.flush()?;
    if run.stats {
        print_stats(&stats, solutions, outcome, started.elapsed());
    }
    if interrupted {
        diagnose(format_args!(
            "dlx: interrupted after {solutions} solution{}",
            if solutions == 1 { "" } else { "s" }
        ));
        return Ok(Status::Interrupted);
    }
    // A piece of a split tree may hold no solution: that is a result, not
    // a failure, when the whole problem is spread over several jobs.
    Ok(if solutions > 0 || run.piece.is_some() {
        Status::Solved
    } else {
        Status::Failed
    })
}

/// Counts on a pool of `threads` workers, over the given pieces or a split
/// of the whole tree (whose figures are then added to the pieces', so that
/// they are the serial search's); the progress bar moves as pieces are
/// done.
fn parallel(
    solver: &mut Solver,
    pieces: Option<Vec<Vec<OptionId>>>,
    threads: usize,
    limit: Option<u64>,
) -> Result<(u64, Stats, Outcome)> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .context("cannot start the worker threads")?;
    let (pieces, above) = match pieces {
        Some(pieces) => (pieces, Stats::default()),
        None => {
            let split = pool.install(|| solver.split_for(threads));
            (split.pieces().to_vec(), split.stats().clone())
        }
    };
    let bar = crate::progress::bar(Some(pieces.len() as u64), "subtrees");
    let mut limits = Limits::new().cancel_flag(interrupt::flag());
    if let Some(k) = limit {
        limits = limits.solutions(k);
    }
    solver.set_limits(limits);
    let found = AtomicU64::new(0);
    let done = |solutions: u64| {
        let found = found.fetch_add(solutions, Ordering::Relaxed) + solutions;
        bar.inc(1);
        bar.set_message(format!("{found} solutions"));
    };
    let counted = pool
        .install(|| solver.par_count_pieces_with(pieces.iter().map(Vec::as_slice), &done))
        .context("a piece does not fit the problem")?;
    let (solutions, mut stats, outcome) = (counted.solutions, counted.stats, counted.outcome);
    stats.merge(&above);
    bar.finish_and_clear();
    Ok((solutions, stats, outcome))
}

/// The serial search: prints (unless counting) and counts, with a progress
/// line on a terminal and the whole tree or the given pieces.
fn serial(
    solver: &mut Solver,
    pieces: Option<&[Vec<OptionId>]>,
    run: &Run,
    problem: &Problem,
    out: &mut dyn Write,
    print: &dyn Print,
) -> Result<(u64, Stats, Outcome)> {
    let bar = crate::progress::bar(None, "solutions");
    let limit = run.limit.unwrap_or(u64::MAX);
    let mut found = 0u64;
    let mut outcome = Outcome::Complete;
    let whole = [Vec::new()];
    let pieces = pieces.unwrap_or(&whole);
    let cancel = interrupt::flag();
    for (k, piece) in pieces.iter().enumerate() {
        if found >= limit {
            outcome = Outcome::SolutionLimit;
            break;
        }
        if outcome == Outcome::Cancelled {
            break;
        }
        // A piece's options are levels of the tree: the statistics count
        // its levels from the root.
        solver
            .select_piece(piece)
            .context("a piece does not fit the problem")?;
        // Search in slices of nodes, so that the progress line moves even
        // while no solution turns up.
        let slice = 1 << 20;
        solver.rewind();
        loop {
            let nodes = solver.stats().nodes + slice;
            solver.set_limits(Limits::new().nodes(nodes).cancel_flag(Arc::clone(&cancel)));
            if let Some(solution) = solver.next_solution() {
                found += 1;
                if !run.count {
                    emit(run.format, found, solution, problem, out, print)?;
                }
                if found >= limit {
                    outcome = Outcome::SolutionLimit;
                    break;
                }
                if found.is_multiple_of(4096) {
                    bar.set_position(found);
                }
            } else if solver.outcome() == Outcome::NodeLimit {
                let done = (k as f64 + solver.progress()) / pieces.len() as f64;
                bar.set_position(found);
                bar.set_message(format!("({:.1}% of the tree)", 100.0 * done));
            } else {
                if solver.outcome() == Outcome::Cancelled {
                    outcome = Outcome::Cancelled;
                }
                break;
            }
        }
        for _ in piece {
            solver.unselect();
        }
    }
    bar.finish_and_clear();
    Ok((found, solver.stats(), outcome))
}

/// Prints the `found`-th solution.
fn emit(
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
            write_json(out, &record)
        }
    }
}

/// The JSON record of a count.
#[derive(Serialize)]
struct CountRecord {
    count: u64,
    /// Whether the whole search space was explored (all of the pieces
    /// asked, with --piece).
    complete: bool,
    interrupted: bool,
}

/// The JSON record of one solution: its options, and their texts as in
/// Knuth's format.
#[derive(Serialize)]
struct SolutionRecord {
    options: Vec<usize>,
    texts: Vec<String>,
}

/// Writes `record` as one line of JSON.
fn write_json(out: &mut dyn Write, record: &impl Serialize) -> io::Result<()> {
    // A failed write stays an io::Error, so that a closed pipe is known.
    serde_json::to_writer(&mut *out, record)?;
    writeln!(out)
}

fn print_stats(stats: &Stats, solutions: u64, outcome: Outcome, elapsed: Duration) {
    let mut err = io::stderr().lock();
    let how = match outcome {
        Outcome::Complete => "complete",
        Outcome::SolutionLimit => "stopped at the solution limit",
        Outcome::NodeLimit => "stopped at the node limit",
        Outcome::Cancelled => "cancelled",
        _ => "stopped",
    };
    let _ = writeln!(
        err,
        "solutions: {solutions}, nodes: {}, updates: {}, max level: {}, time: {:.3} s ({how})",
        stats.nodes,
        stats.updates,
        stats.max_level,
        elapsed.as_secs_f64()
    );
    if let Some(levels) = &stats.level_nodes {
        for (level, nodes) in levels.iter().enumerate().filter(|(_, &n)| n > 0) {
            let _ = writeln!(err, "  level {level}: {nodes} nodes");
        }
    }
}
