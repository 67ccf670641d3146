//! `dlx sudoku`: solve, count or check a stream of puzzles.
//!
//! The parts, one module each: [`read`] parses the input on a thread of its
//! own; [`schedule`] takes the records in chunks, solves each chunk on a
//! rayon pool of `-j` threads and writes the outputs in input order, or
//! streams the solutions of `--all` one puzzle at a time; [`solve`]
//! searches one puzzle in the mode asked; [`output`] writes the records in
//! the format asked, one writer per format. Memory stays flat however long
//! the input: one chunk of records and its outputs at a time.
//!
//! Ctrl-C or SIGTERM stops the searches in flight (see [`crate::interrupt`]):
//! the records before the first stopped one are written, then that one,
//! marked `interrupted` with what it had found, and the run ends with status
//! 130.
//!
//! Every record read, good or bad, yields exactly one output record, so that
//! outputs line up with inputs; what went wrong is said on stderr as
//! `FILE:LINE: message` (`FILE:LINE:COLUMN: message` when one symbol is to
//! blame).

use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use clap::ValueEnum;
use indicatif::ProgressBar;
use sudoku_dlx::{Alphabet, Layout, Puzzles, ReadOptions, Variant};

use crate::args::{SearchLimits, Seed, Threads};
use crate::interrupt;
use crate::terminal::{diagnose, located, Status};

pub mod generate;
mod make;
pub(crate) mod output;
mod read;
mod report;
mod schedule;
mod solve;

use output::Writer;
use schedule::{Input, Workers};

/// How records are written; the help of --format says more.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// One line per puzzle.
    #[default]
    Line,
    /// Solutions drawn as grids.
    Grid,
    /// JSON Lines, one object per puzzle.
    Json,
}

/// `dlx sudoku`.
#[derive(Clone, Debug, clap::Args)]
#[command(
    after_long_help = AFTER_HELP,
    group(clap::ArgGroup::new("enumerate").args(["count", "all"])),
    mut_arg("seed", |seed| seed.requires("transform")
        .help("The seed of --transform (default 0): the same seed, the same puzzles")),
    mut_arg("max_nodes", |arg| arg.help(
        "Stop each puzzle's search after N nodes (counted as --stats counts them): \
         the puzzle's record is 'stopped' (with --count 'K stopped', the solutions \
         found so far), the others go on, and the run ends with status 3")),
)]
pub struct Args {
    /// Files of puzzles (stdin when none is given, or for '-'): one puzzle
    /// per line, or grids drawn over several lines; '#' starts a comment.
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Print the number of solutions of each puzzle. Without --limit every
    /// solution is counted, which takes forever on a nearly empty 9x9 grid.
    #[arg(long, conflicts_with_all = ["all", "check"])]
    count: bool,
    /// Print every solution of each puzzle (at most K with --limit). Without
    /// --limit, solutions are printed as they are found, one puzzle at a
    /// time; with it, puzzles are solved in parallel.
    #[arg(long, conflicts_with = "check")]
    all: bool,
    /// Print whether each puzzle has a unique solution: unique, multiple or
    /// none.
    #[arg(long)]
    check: bool,
    /// With --count or --all: stop at K solutions per puzzle.
    #[arg(
        long,
        value_name = "K",
        value_parser = clap::value_parser!(u64).range(1..),
        requires = "enumerate"
    )]
    limit: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Line, long_help = FORMAT_HELP)]
    format: Format,
    /// Print nodes, updates and time per puzzle (to stderr, or in the JSON
    /// object), and a summary on stderr at the end. The figures are the
    /// search's once the givens are placed, counted as Knuth's DLX1 counts
    /// them: a node per entry to a level and one per solution (a full grid
    /// is 1 node, 0 updates), an update per cell or house covered and per
    /// candidate removed from one; placing the givens is not counted.
    #[arg(long)]
    stats: bool,
    #[command(flatten)]
    threads: Threads,
    /// The symbols of digits 1, 2, ... in order, for reading and writing,
    /// e.g. 0123456789ABCDEF for 16x16 ('.' is always an empty cell, and
    /// '0' too unless it is a symbol). Without it, a 16x16 puzzle is 1-9A-G
    /// with '0' empty, unless it holds '0' and '.' (or '_', '*') and no 'G':
    /// then 0-F with '.' empty; one with '0' and neither is invalid.
    #[arg(long, value_name = "SYMBOLS", value_parser = parse_alphabet)]
    alphabet: Option<Alphabet>,
    #[command(flatten)]
    layout: LayoutArgs,
    /// Rate each puzzle: a score from the engine's own search, 0 for a
    /// puzzle solved by forced moves alone (naked and hidden singles), else
    /// the mean search nodes beyond them over 4 fixed relabellings of the
    /// digits, and a class: forced, easy (below 30), medium (below 300),
    /// hard (below 3000), extreme. Only puzzles with one solution are rated:
    /// one with several gives 'multiple', and the run ends with status 1.
    #[arg(long, conflicts_with_all = ["count", "all", "check", "canon", "transform"])]
    rate: bool,
    /// Print each puzzle's canonical form: the least equivalent puzzle
    /// (bands, stacks, rows in bands, columns in stacks, transposition for
    /// square boxes, digits relabelled), a given before an empty cell and
    /// smaller digits first. Two puzzles are equivalent exactly when their
    /// forms are equal. Boxes without variants only.
    #[arg(long, conflicts_with_all = ["count", "all", "check", "transform"])]
    canon: bool,
    /// Print a random puzzle equivalent to each (as --canon transforms);
    /// --seed names it.
    #[arg(long, conflicts_with_all = ["count", "all", "check"])]
    transform: bool,
    #[command(flatten)]
    seed: Seed,
    #[command(flatten)]
    limits: SearchLimits,
    /// Write the puzzle's exact-cover problem in Knuth's DLX format
    /// instead of solving it, the givens applied (the options that
    /// contradict them left out), for `dlx cover`. Takes one puzzle.
    #[arg(long, value_name = "FORMAT", value_parser = ["dlx"])]
    emit: Option<String>,
}

/// The layout flags, shared by `dlx sudoku` and `dlx generate`.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct LayoutArgs {
    /// Puzzles N x N with the squarest boxes (6: 2x3, 8: 2x4, 9: 3x3, 12:
    /// 3x4, 15: 3x5, 16: 4x4...). In input, a line of N*N cells is then a
    /// puzzle and a line of N cells a grid row (it settles whether a line
    /// of 16 cells is a 4x4 puzzle or a row of a 16x16 grid). Without it,
    /// a puzzle read has the size its cells give, with the squarest boxes,
    /// and a puzzle made is 9x9.
    #[arg(long, value_name = "N", conflicts_with_all = ["boxes", "regions"])]
    size: Option<usize>,
    /// Boxes R rows high and C columns wide, for puzzles of side R*C (6x6
    /// puzzles usually have 2x3 boxes, and --size 6 picks them too).
    #[arg(long = "box", value_name = "RxC", value_parser = parse_box, conflicts_with = "regions")]
    boxes: Option<(usize, usize)>,
    /// Jigsaw sudoku: the regions, from a map of N lines of N symbols, one
    /// symbol per region of N cells (space-separated symbols are fine too).
    /// Every puzzle is N x N with these regions.
    #[arg(long, value_name = "FILE")]
    regions: Option<PathBuf>,
    /// Extra houses and rules, repeated or comma-separated: x (both main
    /// diagonals), hyper (four extra 3x3 windows, 9x9 only), disjoint (the
    /// cells at one place of every box), anti-knight and anti-king (no
    /// digit repeated a knight's or a king's move away), non-consecutive
    /// (no orthogonal neighbours with digits one apart). With no --size,
    /// --box or --regions, a puzzle read has the size its cells give, and
    /// a puzzle made is 9x9.
    #[arg(long, value_name = "NAME", value_delimiter = ',', value_parser = parse_variant)]
    variant: Vec<Variant>,
}

const AFTER_HELP: &str = "\
Output: exactly one record per puzzle read, in input order, even for a puzzle
that is invalid (text that is no puzzle: 'invalid') or has no solution
('none', givens that repeat a digit included), so that outputs line up with
inputs. What went wrong is said on stderr as FILE:LINE: message (or
FILE:LINE:COLUMN: message when one symbol is to blame), and processing goes
on. --format says what a record holds.

Ctrl-C (or SIGTERM) stops the searches under way: the puzzles answered so
far are written, then the one stopped, as 'interrupted' (with --count, the
solutions counted so far: 'N interrupted'); with --stats the summary follows.
A second Ctrl-C quits at once. --time-limit stops the run the same way, the
record cut short marked 'stopped'. --max-nodes stops one puzzle's search
only: its record is 'stopped' (not 'none': the search did not finish), and
the run goes on.

A file that cannot be read is said on stderr and the other files are still
processed; the run then ends with status 2.";

const FORMAT_HELP: &str = "\
Output format.

line: one line per puzzle: the solution; with --rate the score and the
class ('52.25 medium'); with --canon or --transform the puzzle made;
with --count the count ('N
interrupted' when a signal stopped the search, 'N stopped' a limit); with --check unique,
multiple or none; with --all each solution on a line of its own,
then an empty line. A puzzle with no solution gives 'none', text
that is no puzzle 'invalid'.

grid: each solution drawn over its rows and followed by an empty
line (--all: then one more empty line); words and counts as in line,
followed by an empty line.

json: JSON Lines, one object per puzzle: \"file\", \"line\" (its first
line), \"puzzle\" (null for text that is no puzzle), \"status\" (solved,
unique, multiple, none, invalid, interrupted or stopped), then as the mode
asks \"solution\" (the one found), \"solutions\" (--all: the list of
those found) or \"count\" (--count, --check: the number of solutions
counted), and \"error\" (what went wrong, as said on stderr) and
\"stats\" ({\"nodes\":N,\"updates\":N,\"micros\":N}, with --stats) when
there are some. --rate adds \"score\", \"difficulty\", \"nodes\" (of
each search) and \"forced_nodes\" (status unique); --canon \"canonical\"
and --transform \"transformed\" (status ok). With --all and no --limit (or one above 16), the
solutions are written as they are found, and status, error and stats
follow them.";

fn parse_alphabet(text: &str) -> Result<Alphabet, String> {
    Alphabet::custom(text).map_err(|e| e.to_string())
}

fn parse_box(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("expected boxes RxC (rows x columns, such as 2x3), found '{text}'");
    let (rows, cols) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let rows = rows.trim().parse().map_err(|_| bad())?;
    let cols = cols.trim().parse().map_err(|_| bad())?;
    Ok((rows, cols))
}

fn parse_variant(text: &str) -> Result<Variant, String> {
    text.trim()
        .parse()
        .map_err(|e: sudoku_dlx::LayoutError| e.to_string())
}

/// The layout that --size, --box, --regions and --variant ask for, if any;
/// with variants alone, 9x9 with them (for `dlx generate`, which has no
/// puzzle to take a side from).
pub fn layout(args: &LayoutArgs) -> Result<Option<Layout>> {
    let base = base_layout(args)?;
    if args.variant.is_empty() {
        return Ok(base);
    }
    let base = match base {
        Some(layout) => layout,
        None => Layout::square(3).context("the 9x9 layout")?,
    };
    with_variants(base, &args.variant).map(Some)
}

/// The layout that --size, --box and --regions ask for, if any.
fn base_layout(args: &LayoutArgs) -> Result<Option<Layout>> {
    Ok(if let Some(side) = args.size {
        Some(Layout::squarest(side).context("bad --size")?)
    } else if let Some((rows, cols)) = args.boxes {
        Some(Layout::boxes(rows, cols).context("bad --box")?)
    } else if let Some(path) = &args.regions {
        let name = path.display().to_string();
        let map = std::fs::read_to_string(path).with_context(|| format!("cannot read {name}"))?;
        match Layout::jigsaw(&map) {
            Ok(layout) => Some(layout),
            Err(e) => bail!("{}: {}", located(&name, e.line(), e.column()), e.kind()),
        }
    } else {
        None
    })
}

/// `layout` with --variant's `variants` added.
fn with_variants(mut layout: Layout, variants: &[Variant]) -> Result<Layout> {
    for &variant in variants {
        layout = layout
            .with_variant(variant)
            .with_context(|| format!("bad --variant {variant}"))?;
    }
    Ok(layout)
}

/// How `dlx sudoku` reads the puzzles: with the layout asked for, or with
/// variants alone, each puzzle's side read from it as without them.
fn read_options(args: &LayoutArgs, alphabet: Alphabet) -> Result<ReadOptions> {
    let options = ReadOptions::new().alphabet(alphabet);
    Ok(match base_layout(args)? {
        Some(base) => options.layout(with_variants(base, &args.variant)?),
        None => options.variants(args.variant.clone()),
    })
}

/// What is asked of each puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The first solution found.
    Solve,
    /// The number of solutions, up to the limit.
    Count(u64),
    /// Every solution, up to the limit.
    All(u64),
    /// Solutions counted up to 2.
    Check,
    /// A rating (--rate).
    Rate,
    /// The canonical form (--canon).
    Canon,
    /// A random equivalent puzzle, of this seed (--transform).
    Transform(u64),
}

/// Everything a worker needs to turn a record into its output.
pub struct Job {
    pub mode: Mode,
    pub format: Format,
    /// The writer of `format`.
    pub writer: Box<dyn Writer>,
    pub stats: bool,
    /// Set by Ctrl-C, SIGTERM or the time limit; every search watches it.
    pub cancel: Arc<AtomicBool>,
    /// The nodes each puzzle's search may visit.
    pub max_nodes: Option<u64>,
}

/// Totals for the summary.
#[derive(Debug, Default)]
pub struct Summary {
    pub puzzles: u64,
    pub solved: u64,
    pub none: u64,
    pub invalid: u64,
    /// Puzzles --rate could not rate (several solutions).
    pub unrated: u64,
    /// Records whose search a signal or the time limit cut short: the run
    /// ends with the first.
    pub cut_short: u64,
    /// Records whose search the node limit stopped.
    pub stopped: u64,
    pub nodes: u64,
    pub updates: u64,
    pub search: Duration,
}

/// `dlx sudoku`: solve every puzzle of every file, in order.
///
/// # Errors
///
/// A write to stdout that fails (a closed pipe included); a file that cannot
/// be read is reported at once, the others processed, and then an error.
pub fn run(args: Args) -> Result<Status> {
    let start = Instant::now();
    let mode = match (args.count, args.all, args.check) {
        (true, _, _) => Mode::Count(args.limit.unwrap_or(u64::MAX)),
        (_, true, _) => Mode::All(args.limit.unwrap_or(u64::MAX)),
        (_, _, true) => Mode::Check,
        _ if args.rate => Mode::Rate,
        _ if args.canon => Mode::Canon,
        _ if args.transform => Mode::Transform(args.seed.seed.unwrap_or(0)),
        _ => Mode::Solve,
    };
    let alphabet = args.alphabet.unwrap_or_default();
    let options = read_options(&args.layout, alphabet.clone())?;
    let job = Job {
        mode,
        format: args.format,
        writer: output::writer(args.format, mode, alphabet),
        stats: args.stats,
        cancel: interrupt::flag(),
        max_nodes: args.limits.max_nodes,
    };
    args.limits.time.start();
    let workers = Mutex::new(Workers::new(args.threads));

    let mut files = args.files;
    if files.is_empty() {
        files.push(PathBuf::from("-"));
    }
    if args.emit.is_some() {
        return emit(&files, options);
    }
    // No bar while puzzles are typed: it would share their lines.
    let typing = files.iter().any(|p| p.as_os_str() == "-") && io::stdin().is_terminal();
    let progress = if typing {
        ProgressBar::hidden()
    } else {
        crate::terminal::progress_bar(None, "puzzles")
    };
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut summary = Summary::default();
    let mut unreadable = Vec::new();
    for path in &files {
        let (name, reader) = match crate::args::open(path) {
            Ok(opened) => opened,
            Err(e) => {
                progress.suspend(|| diagnose(format_args!("dlx: error: {e:#}")));
                unreadable.push(path.display().to_string());
                continue;
            }
        };
        let file = Input {
            name: &name,
            job: &job,
            workers: &workers,
            progress: &progress,
        };
        if let Err(e) = file.run(
            Puzzles::with_options(reader, options.clone()),
            &mut out,
            &mut summary,
        )? {
            progress.suspend(|| diagnose(format_args!("dlx: error: cannot read {name}: {e}")));
            unreadable.push(name);
        }
        if interrupt::interrupted() {
            break;
        }
    }
    out.flush()?;
    progress.finish_and_clear();
    if args.stats {
        print_summary(&summary, start.elapsed());
    }
    // A signal between two searches stops the next one; after the last,
    // there is nothing left to stop, but the run was still cut short.
    if summary.cut_short > 0 || interrupt::interrupted() {
        if interrupt::timed_out() {
            let limit = args.limits.time.seconds();
            let answered = summary.puzzles - summary.cut_short;
            let s = if answered == 1 { "" } else { "s" };
            diagnose(format_args!(
                "dlx: stopped by the time limit ({limit:.1} s) after {answered} puzzle{s}"
            ));
            return Ok(Status::Stopped);
        }
        diagnose("dlx: interrupted");
        return Ok(Status::Interrupted);
    }
    if !unreadable.is_empty() {
        // Each was reported when met; this sets the exit status.
        bail!(
            "{} of {} inputs could not be read: {}",
            unreadable.len(),
            files.len(),
            unreadable.join(", ")
        );
    }
    if summary.stopped > 0 {
        let (s, whose) = if summary.stopped == 1 {
            ("", "its search is")
        } else {
            ("s", "their searches are")
        };
        diagnose(format_args!(
            "dlx: {} puzzle{s} stopped by the node limit ({} nodes): {whose} not complete",
            summary.stopped,
            args.limits.max_nodes.unwrap_or_default()
        ));
        return Ok(Status::Stopped);
    }
    Ok(if summary.none + summary.invalid + summary.unrated == 0 {
        Status::Solved
    } else {
        Status::Failed
    })
}

/// The summary of a run with --stats, on stderr.
fn print_summary(summary: &Summary, elapsed: Duration) {
    let seconds = elapsed.as_secs_f64();
    let rate = if seconds > 0.0 {
        summary.puzzles as f64 / seconds
    } else {
        0.0
    };
    let mut interrupted = String::new();
    if summary.unrated > 0 {
        interrupted.push_str(&format!(", {} not rated", summary.unrated));
    }
    if summary.stopped > 0 {
        interrupted.push_str(&format!(", {} stopped", summary.stopped));
    }
    if summary.cut_short > 0 {
        interrupted.push_str(if interrupt::timed_out() {
            ", 1 stopped by the time limit"
        } else {
            ", 1 interrupted"
        });
    }
    diagnose(format_args!(
        "summary: {} puzzles, {} solved, {} none, {} invalid{interrupted}; {:.3} s, \
         {:.0} puzzles/s; nodes {}, updates {}, search {:.3} s (all threads)",
        summary.puzzles,
        summary.solved,
        summary.none,
        summary.invalid,
        seconds,
        rate,
        summary.nodes,
        summary.updates,
        summary.search.as_secs_f64()
    ));
}

/// `--emit dlx`: writes the exact-cover problem of the one puzzle of
/// `files` in Knuth's format.
fn emit(files: &[PathBuf], options: ReadOptions) -> Result<Status> {
    let mut puzzles = Vec::new();
    for path in files {
        let (name, reader) = crate::args::open(path)?;
        for record in Puzzles::with_options(reader, options.clone()) {
            let record = record.with_context(|| format!("cannot read {name}"))?;
            match record.result {
                Ok(puzzle) => puzzles.push((name.clone(), record.line, puzzle)),
                Err(e) => bail!(
                    "{}: {}",
                    located(&name, Some(e.line()), e.column()),
                    e.kind()
                ),
            }
        }
    }
    let [(name, line, puzzle)] = <[_; 1]>::try_from(puzzles)
        .map_err(|p: Vec<_>| anyhow::anyhow!("--emit dlx takes one puzzle, found {}", p.len()))?;
    let problem = match puzzle.to_problem() {
        Ok(problem) => problem,
        Err(conflict) => {
            diagnose(format_args!(
                "{}: no solution: {conflict}",
                located(&name, Some(line), None)
            ));
            return Ok(Status::Failed);
        }
    };
    let mut out = BufWriter::new(io::stdout().lock());
    dlx::write(&problem, &mut out)?;
    out.flush()?;
    Ok(Status::Solved)
}
