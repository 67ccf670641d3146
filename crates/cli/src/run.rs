//! The runner that `dlx cover`, `dlx queens` and `dlx pentomino` share:
//! it counts (in parallel with `-j`), prints solutions, runs one piece of a
//! split tree, records finished pieces in a checkpoint file, estimates the
//! size of the tree, writes the problem in Knuth's format, and reports
//! statistics, under the limits asked for.
//!
//! Ctrl-C or SIGTERM stops the search (see [`crate::interrupt`]): the
//! solutions printed so far stay whole, a count is printed with the word
//! `interrupted`, and the run ends with status 130. `--max-nodes` and
//! `--time-limit` stop it the same way, with `stopped (node limit)` or
//! `stopped (time limit)` and status 3: a stopped search is not "no
//! solution".

use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use clap::ValueEnum;
use dlx::{Limits, OptionId, Outcome, Problem, Solver, Split, Stats};
use serde::Serialize;

use crate::checkpoint::Checkpoint;
use crate::count::{self, Counting, Tally};
use crate::limits::{parse_duration, Budget, Stop};
use crate::record::{self, Record};
use crate::{diagnose, interrupt, Status};

/// The paragraphs of `--format`'s long help that every exact-cover command
/// shares (stopped searches, piece records, estimates), for `concat!`.
macro_rules! format_help_tail {
    () => {
        "

A search stopped by --max-nodes or --time-limit says so:
\"stopped\":\"node limit\" (or \"time limit\"; \"interrupted\" for a
signal), with complete false.
With --piece I/N the count is the record of a piece, for 'dlx merge':
it adds \"fingerprint\" (the SHA-256 of the problem as --emit dlx
writes it, in hex), \"depth\" (of the split), \"piece\" (I), \"pieces\"
(N), \"nodes\", \"updates\" (piece 1 counts those above the split
too, so that the pieces add up to the whole search) and \"max_level\"
(the deepest level reached, from the root).

--estimate: text, or one object {\"nodes\":X,\"nodes_log10\":X,
\"nodes_error\":X,\"solutions\":X,\"solutions_log10\":X,
\"probes_with_solutions\":N,\"seconds\":X,\"nodes_per_second\":X,
\"threads\":N,\"probes\":N,\"seed\":N,\"probe_seconds\":X,
\"searched\":N,\"complete\":BOOL}: figures past 1.8e308 are given as
1.8e308, with their exact log10; solutions and solutions_log10 are null
when no probe reached a solution; complete is true when the timed search
went through the whole tree (searched is then the exact node count)."
    };
}
pub(crate) use format_help_tail;

/// How solutions are printed; each command's help says more.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Solutions as text, separated by empty lines.
    #[default]
    Text,
    /// JSON Lines, one object a line.
    Json,
}

/// What `--emit` writes instead of solving.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Emit {
    /// The exact-cover problem in Knuth's DLX text format, as `dlx cover`
    /// reads it.
    Dlx,
}

/// What every exact-cover command takes.
#[derive(Clone, Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("cut").args(["split_depth", "pieces"])))]
#[command(group(clap::ArgGroup::new("pieced").args(["piece", "checkpoint"]).multiple(true)))]
pub struct Run {
    /// Print the number of solutions only.
    #[arg(long)]
    count: bool,
    /// Stop after K solutions (K >= 1); reaching them is a success.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
    limit: Option<u64>,
    /// Stop the search after N nodes (counted as --stats counts them, over
    /// all threads): the count found so far is printed marked 'stopped
    /// (node limit)', and the run ends with status 3.
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    /// Stop the search after this time (seconds, or a number with s, m or
    /// h: 90, 1.5, 10m, 2h): the count found so far is printed marked
    /// 'stopped (time limit)', and the run ends with status 3.
    #[arg(long, value_name = "SECONDS", value_parser = parse_duration)]
    time_limit: Option<Duration>,
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
    /// which --piece runs some (the two go together), or which --checkpoint
    /// records as they are done.
    #[arg(long, value_name = "D", requires = "pieced")]
    split_depth: Option<usize>,
    /// Cut the search tree at the least depth that gives at least P
    /// subtrees (instead of --split-depth), for --piece or --checkpoint.
    #[arg(long, value_name = "P", requires = "pieced", value_parser = clap::value_parser!(u64).range(1..))]
    pieces: Option<u64>,
    /// Run only piece I of N (1 <= I <= N) of the tree cut at --split-depth
    /// (the two go together) or --pieces: subtrees I, I + N, I + 2N, ...
    /// The counts of pieces 1/N to N/N add up to the whole; with --count
    /// --format json, the count is a record 'dlx merge' adds up.
    #[arg(long, value_name = "I/N", value_parser = parse_piece, requires = "cut")]
    piece: Option<(usize, usize)>,
    /// With --count: cut the tree into pieces (at --split-depth, --pieces,
    /// or into 1000 or more), append each piece to FILE as it is done (a
    /// line of JSON), and skip the pieces FILE holds already: run the same
    /// command again after a crash or a kill, and the count goes on where
    /// it stopped, with the same total. A file of another problem or
    /// split is refused.
    #[arg(long, value_name = "FILE", requires = "count")]
    checkpoint: Option<PathBuf>,
    /// Estimate the size of the search tree (nodes, solutions) and the
    /// time of the search, from random paths down the tree (Knuth's
    /// estimate) and a short timed search, instead of solving.
    #[arg(long, conflicts_with_all = ["count", "checkpoint", "piece"])]
    estimate: bool,
    /// The number of random paths --estimate follows.
    #[arg(long, value_name = "N", default_value_t = 1000, requires = "estimate",
          value_parser = clap::value_parser!(u64).range(1..))]
    probes: u64,
    /// The seed of --estimate's random paths: the same seed, the same
    /// estimate.
    #[arg(long, value_name = "S", default_value_t = 0, requires = "estimate")]
    seed: u64,
    /// Write the problem instead of solving it: 'dlx' writes it in Knuth's
    /// DLX text format, which 'dlx cover' reads.
    #[arg(long, value_name = "FORMAT", value_enum,
          conflicts_with_all = ["count", "estimate", "checkpoint", "piece", "stats"])]
    emit: Option<Emit>,
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
    if run.emit.is_some() {
        let stdout = io::stdout();
        let mut out = BufWriter::new(stdout.lock());
        dlx::write(problem, &mut out)?;
        out.flush()?;
        return Ok(Status::Solved);
    }
    let started = Instant::now();
    let mut solver = Solver::try_new(problem).context("cannot solve the problem")?;
    solver.profile_levels(run.levels);
    let threads = crate::thread_count(run.threads);
    if run.estimate {
        let ask = crate::estimate::Ask {
            probes: run.probes,
            seed: run.seed,
            threads,
            json: run.format == Format::Json,
        };
        return crate::estimate::report(&mut solver, &ask);
    }
    if let Some(limit) = run.time_limit {
        interrupt::stop_after(limit);
    }
    let budget = Budget::new(run.max_nodes);
    let split = match (run.split_depth, run.pieces) {
        (Some(depth), _) => Some(solver.split(depth)),
        (None, Some(want)) => Some(split_into(&mut solver, want as usize)),
        (None, None) if run.checkpoint.is_some() => {
            Some(split_into(&mut solver, CHECKPOINT_PIECES))
        }
        (None, None) => None,
    };
    // The subtrees this run searches, by their index in the split: those of
    // its piece, or all of them.
    let mine: Vec<usize> = match (&split, run.piece) {
        (Some(split), Some((i, n))) => {
            let mine: Vec<usize> = (i - 1..split.len()).step_by(n).collect();
            diagnose(format_args!(
                "dlx: piece {i}/{n}: {} of the {} subtrees at depth {}",
                mine.len(),
                split.len(),
                split.depth()
            ));
            mine
        }
        (Some(split), None) => (0..split.len()).collect(),
        (None, _) => Vec::new(),
    };
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let (tally, stats) = if run.count {
        count(
            &mut solver,
            problem,
            split.as_ref(),
            &mine,
            run,
            &budget,
            threads,
        )?
    } else {
        if let Some(split) = split.as_ref().filter(|_| mine.first() == Some(&0)) {
            budget.spend(split.stats().nodes);
        }
        let pieces: Option<Vec<&[OptionId]>> = split
            .as_ref()
            .map(|split| mine.iter().map(|&k| split.pieces()[k].as_slice()).collect());
        let mut tally = serial(
            &mut solver,
            pieces.as_deref(),
            run,
            &budget,
            problem,
            &mut out,
            print,
        )?;
        // The figures of the walk that cut the tree (its nodes are those
        // above the pieces) go with the first subtree, so that the figures
        // of pieces 1/N to N/N add up to those of the whole search.
        if let Some(split) = split.as_ref().filter(|_| mine.first() == Some(&0)) {
            tally.stats.merge(split.stats());
        }
        let stats = tally.stats.clone();
        (tally, stats)
    };
    let solutions = tally.solutions;
    if run.count {
        match run.format {
            Format::Text => match tally.stop.filter(|s| s.is_short()) {
                None => writeln!(out, "{solutions}")?,
                Some(Stop::Interrupted) => writeln!(out, "{solutions} interrupted")?,
                Some(stop) => writeln!(out, "{solutions} stopped ({})", stop.name())?,
            },
            Format::Json => {
                let mut record = Record::count(solutions, tally.stop);
                if let (Some(split), Some(piece)) = (&split, run.piece) {
                    let fingerprint = record::fingerprint(problem);
                    record = record.piece(&fingerprint, split.depth(), piece, &stats);
                }
                out.write_all(record.line().as_bytes())?;
            }
        }
    }
    out.flush()?;
    if run.stats {
        print_stats(&stats, solutions, tally.stop, started.elapsed());
    }
    let found = format!(
        "{solutions} solution{}",
        if solutions == 1 { "" } else { "s" }
    );
    match tally.stop {
        Some(Stop::Interrupted) => {
            diagnose(format_args!("dlx: interrupted after {found}"));
            return Ok(Status::Interrupted);
        }
        Some(Stop::NodeLimit) => {
            diagnose(format_args!(
                "dlx: stopped by the node limit ({} nodes) after {found}: the search is not complete",
                run.max_nodes.unwrap_or_default()
            ));
            return Ok(Status::Stopped);
        }
        Some(Stop::TimeLimit) => {
            diagnose(format_args!(
                "dlx: stopped by the time limit ({:.1} s) after {found}: the search is not complete",
                run.time_limit.unwrap_or_default().as_secs_f64()
            ));
            return Ok(Status::Stopped);
        }
        Some(Stop::SolutionLimit) | None => {}
    }
    // A piece of a split tree may hold no solution: that is a result, not
    // a failure, when the whole problem is spread over several jobs.
    Ok(if solutions > 0 || run.piece.is_some() {
        Status::Solved
    } else {
        Status::Failed
    })
}

/// The number of pieces `--checkpoint` cuts the tree into at least, when
/// no depth is given: enough that a resumed run loses little, few enough
/// that the file stays small.
const CHECKPOINT_PIECES: usize = 1000;

/// The tree cut at the least depth that gives at least `want` subtrees (or
/// at the depth of the tree, when no depth does).
pub fn split_into(solver: &mut Solver, want: usize) -> Split {
    let mut depth = 0;
    loop {
        let split = solver.split(depth);
        if split.len() >= want || split.is_empty() || depth > solver.primary_count() {
            return split;
        }
        depth += 1;
    }
}

/// Counts the solutions of the subtrees `mine` of `split` (or of the whole
/// tree), on the run's threads, recording them in the checkpoint file if
/// there is one; returns the tally and the figures of the whole (with the
/// split's own when the first subtree is among those counted).
fn count(
    solver: &mut Solver,
    problem: &Problem,
    split: Option<&Split>,
    mine: &[usize],
    run: &Run,
    budget: &Budget,
    threads: usize,
) -> Result<(Tally, Stats)> {
    // Without a split, several threads need one; its subtrees are all
    // counted.
    let own;
    let (split, mine) = match split {
        Some(split) => (Some(split), mine.to_vec()),
        None if threads > 1 => {
            own = solver.split_for(threads);
            (Some(&own), (0..own.len()).collect())
        }
        None => (None, Vec::new()),
    };
    let mut total = Tally::default();
    let mut resumed = Vec::new();
    let checkpoint = match (&run.checkpoint, split) {
        (Some(path), Some(split)) => {
            let fingerprint = record::fingerprint(problem);
            let (checkpoint, done) = Checkpoint::open(path, &fingerprint, split)?;
            for (index, record) in done {
                if mine.contains(&index) {
                    total.solutions += record.count;
                    total.stats.nodes += record.nodes.unwrap_or_default();
                    total.stats.updates += record.updates.unwrap_or_default();
                    total.stats.max_level =
                        (total.stats.max_level).max(record.max_level.unwrap_or_default());
                    resumed.push(index);
                }
            }
            if !resumed.is_empty() {
                diagnose(format_args!(
                    "dlx: {}: {} of the {} subtrees done already, {} solutions",
                    path.display(),
                    resumed.len(),
                    mine.len(),
                    total.solutions
                ));
            }
            Some(checkpoint)
        }
        _ => None,
    };
    let whole: [(usize, &[OptionId]); 1] = [(0, &[])];
    let subtrees: Vec<(usize, &[OptionId])> = match split {
        Some(split) => mine
            .iter()
            .filter(|k| !resumed.contains(k))
            .map(|&k| (k, split.pieces()[k].as_slice()))
            .collect(),
        None => whole.to_vec(),
    };
    let above = split.filter(|_| mine.first() == Some(&0) && !resumed.contains(&0));
    // The walk above the split is part of the search: its nodes count
    // against --max-nodes.
    if let Some(split) = above {
        budget.spend(split.stats().nodes);
    }
    let failed_write = std::sync::Mutex::new(None);
    let done = |index: usize, tally: &Tally| {
        let (Some(checkpoint), Some(split)) = (&checkpoint, split) else {
            return;
        };
        if tally.stop.is_some() {
            return;
        }
        let mut stats = tally.stats.clone();
        if index == 0 {
            if let Some(above) = above {
                stats.merge(above.stats());
            }
        }
        if let Err(e) = checkpoint.append(index, tally.solutions, &stats, split) {
            failed_write
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .get_or_insert(e);
        }
    };
    let bar = crate::progress::bar(Some(subtrees.len() as u64), "subtrees");
    let counting = Counting {
        budget,
        limit: run.limit,
        done: &done,
        bar: &bar,
    };
    let counted = count::count(solver, &subtrees, threads, &counting)?;
    bar.finish_and_clear();
    if let Some(e) = failed_write.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    total.add(&counted);
    if let Some(split) = above {
        total.stats.merge(split.stats());
    }
    let stats = total.stats.clone();
    Ok((total, stats))
}

/// The serial search: prints the solutions and counts them, with a
/// progress line on a terminal, over the whole tree or the given pieces.
fn serial(
    solver: &mut Solver,
    pieces: Option<&[&[OptionId]]>,
    run: &Run,
    budget: &Budget,
    problem: &Problem,
    out: &mut dyn Write,
    print: &dyn Print,
) -> Result<Tally> {
    let bar = crate::progress::bar(None, "solutions");
    let limit = run.limit.unwrap_or(u64::MAX);
    let mut found = 0u64;
    let mut stop = None;
    let whole: [&[OptionId]; 1] = [&[]];
    let pieces = pieces.unwrap_or(&whole);
    let cancel = interrupt::flag();
    for (k, piece) in pieces.iter().enumerate() {
        if found >= limit {
            stop = Some(Stop::SolutionLimit);
        }
        if stop.is_some() {
            break;
        }
        // A piece's options are levels of the tree: the statistics count
        // its levels from the root.
        solver
            .select_piece(piece)
            .context("a piece does not fit the problem")?;
        // Search in slices of nodes, so that the progress line moves even
        // while no solution turns up, and the node limit holds.
        let slice = 1 << 20;
        solver.rewind();
        loop {
            let grant = budget.take(slice);
            if grant == 0 {
                stop = Some(Stop::NodeLimit);
                break;
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
                    emit(run.format, found, solution, problem, out, print)?;
                    true
                }
                None => false,
            };
            budget.settle(grant, solver.stats().nodes - nodes);
            if one {
                if found >= limit {
                    stop = Some(Stop::SolutionLimit);
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
                stop = Stop::of(solver.outcome());
                break;
            }
        }
        for _ in piece.iter() {
            solver.unselect();
        }
    }
    bar.finish_and_clear();
    Ok(Tally {
        solutions: found,
        stats: solver.stats(),
        stop,
    })
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

fn print_stats(stats: &Stats, solutions: u64, stop: Option<Stop>, elapsed: Duration) {
    let mut err = io::stderr().lock();
    let how = match stop {
        None => "complete",
        Some(Stop::SolutionLimit) => "stopped at the solution limit",
        Some(Stop::NodeLimit) => "stopped at the node limit",
        Some(Stop::TimeLimit) => "stopped at the time limit",
        Some(Stop::Interrupted) => "cancelled",
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
