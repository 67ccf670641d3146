//! `dlx generate`: make puzzles with one solution each, of any layout,
//! minimal or down to about a number of givens, symmetric, rated.
//!
//! Puzzle k (from 0) of seed S is made from the seeds derived from (S, k,
//! attempt), attempt 0 first and the next ones while a filter (--givens,
//! --difficulty, --min-score, --max-score, --min-er, --max-er) rejects the
//! puzzle made: the output depends on S alone, not on the number of
//! threads. Puzzles are made a chunk at a time on the rayon pool, each
//! worker with its own generator, and written in order.

use std::io::{self, BufWriter, Write};

use anyhow::{bail, Result};
use rayon::prelude::*;
use serde::Serialize;
use sudoku_dlx::{Difficulty, GenerateError, Generator, Grid, Layout, Rating, SeRating, Symmetry};

use super::flags::{layout, Format, LayoutArgs, RateArgs, Scale};
use super::output::{se_rating_words, tenths, RatingFields, SeRatingFields};
use crate::args::{Seed, Threads, TimeLimit};
use crate::interrupt;
use crate::terminal::{diagnose, Status};

/// `dlx generate`.
#[derive(Clone, Debug, clap::Args)]
#[command(after_long_help = AFTER_HELP)]
#[command(mut_arg("seed", |seed| seed.help(
    "The seed: the same seed (and options) gives the same puzzles, on every platform \
     and with any -j. Without it, a fresh seed is drawn and said on stderr")))]
#[command(mut_arg("time_limit", |arg| arg.help(
    "Stop after this time (seconds, or a number with s, m or h: 90, 1.5, 10m, 2h): \
     the puzzles finished before the first one cut short are written (the same as a \
     run without the limit begins with), and the run ends with status 3")))]
pub struct Args {
    /// The number of puzzles.
    #[arg(short = 'n', long, value_name = "N", default_value_t = 1)]
    count: u64,
    #[command(flatten)]
    seed: Seed,
    /// The symmetry of the givens' pattern: none, rotate180, rotate90,
    /// mirror (left-right), flip (top-bottom), diagonal, antidiagonal,
    /// dihedral (all eight). It is of the pattern only: on a jigsaw or
    /// with rules the layout itself need not be symmetric.
    #[arg(long, value_name = "NAME", default_value = "none", value_parser = parse_symmetry)]
    symmetry: Symmetry,
    /// Stop taking givens away at K givens or fewer (K - 1, K - 2, ...
    /// with a symmetry whose orbits hold several cells), instead of going
    /// on to a minimal puzzle. A puzzle that is minimal with more givens is
    /// made again from the next seed, up to --tries times.
    #[arg(long, value_name = "K")]
    givens: Option<usize>,
    /// Keep only puzzles of this class: forced, easy, medium, hard,
    /// extreme (see `dlx sudoku --rate`).
    #[arg(long, value_name = "CLASS", value_parser = parse_difficulty)]
    difficulty: Option<Difficulty>,
    /// Keep only puzzles of at least this score.
    #[arg(long, value_name = "X")]
    min_score: Option<f64>,
    /// Keep only puzzles of at most this score.
    #[arg(long, value_name = "X")]
    max_score: Option<f64>,
    #[command(flatten)]
    rate: RateArgs,
    /// Keep only puzzles of at least this ER, Sudoku Explainer's rating of
    /// the path `dlx sudoku --explain` takes (see `dlx sudoku --rate=se`);
    /// the output then carries ER/EP/ED.
    #[arg(long, value_name = "ER", value_parser = parse_er)]
    min_er: Option<f64>,
    /// Keep only puzzles of at most this ER (as --min-er).
    #[arg(long, value_name = "ER", value_parser = parse_er)]
    max_er: Option<f64>,
    /// Attempts per puzzle while a filter rejects them.
    #[arg(long, value_name = "T", default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    tries: u64,
    #[command(flatten)]
    layout: LayoutArgs,
    /// Output format: line (one puzzle per line), grid (drawn, then an
    /// empty line), json (one object per puzzle: index, seed, puzzle,
    /// layout, givens, minimal, and with a rating score, difficulty,
    /// nodes, forced_nodes, as `dlx sudoku --rate` gives them; with
    /// --rate=se, --min-er or --max-er er, ep, ed, hardest, steps, as `dlx
    /// sudoku --rate=se` gives them).
    #[arg(long, value_enum, default_value_t = Format::Line)]
    format: Format,
    /// Give each trial removal's search at most N nodes: a given whose
    /// search needs more stays, so the puzzle keeps one solution but may
    /// not be minimal (JSON says "minimal":false; stderr counts them).
    /// Bounds the time large layouts take: a minimal 25x25 puzzle does not
    /// come in ten minutes.
    #[arg(long, value_name = "N")]
    trial_nodes: Option<u64>,
    /// Killer puzzles made from cages alone: a solution grid cut into
    /// cages of at most K cells (5 without =K), each with its sum, and no
    /// givens. Each puzzle is written in the text form (`size`, `cage 15:
    /// r1c1 r1c2` lines, `givens`), then an empty line, which `dlx sudoku`
    /// reads back; JSON adds "constraints". A cell that no cage takes
    /// without a second solution is a cage of its own. Each merge is tested
    /// with at most --trial-nodes nodes (100,000 by default).
    #[arg(
        long,
        value_name = "K",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "5",
        value_parser = clap::value_parser!(u64).range(1..),
        conflicts_with_all = ["givens", "symmetry"]
    )]
    killer: Option<u64>,
    #[command(flatten)]
    time: TimeLimit,
    #[command(flatten)]
    threads: Threads,
}

const AFTER_HELP: &str = "\
Every puzzle has exactly one solution. Without --givens it is minimal: no
given (no orbit of givens under --symmetry) can be taken away without a
second solution. A puzzle no attempt could make (--givens below what the
attempts reached, a class they never hit) is a record of its own: 'none' in
line and grid formats, status \"none\" and the error in JSON, the reason on
stderr; the run then ends with status 1.

Time: a minimal 9x9 puzzle takes about 0.2 ms per core, a minimal 16x16
about 0.1 s; a minimal 25x25 takes far longer than ten minutes (proving
that a given can go becomes a search of millions of nodes once half the
cells are empty): there --trial-nodes 1000 makes a puzzle of about 280
givens, unique but maybe not minimal, in about 0.1 s.

Examples:
  dlx generate -n 10 --seed 7
  dlx generate --size 16 --symmetry rotate180 --format grid
  dlx generate --regions map.txt --variant x -n 5 --rate
  dlx generate -n 3 --difficulty medium --format json
  dlx generate -n 5 --min-er 3.0 --max-er 6.0
  dlx generate --size 25 --trial-nodes 1000
  dlx generate --killer -n 3 --rate";

fn parse_symmetry(text: &str) -> Result<Symmetry, String> {
    text.parse()
        .map_err(|e: sudoku_dlx::SymmetryError| e.to_string())
}

fn parse_difficulty(text: &str) -> Result<Difficulty, String> {
    text.parse()
}

fn parse_er(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(er) if er.is_finite() && er >= 0.0 => Ok(er),
        _ => Err(format!(
            "expected an ER, a number of 0 or more such as 7.1, found '{text}'"
        )),
    }
}

/// Puzzles made at a time.
const CHUNK: u64 = 256;

/// A puzzle made.
struct Puzzle {
    grid: Grid,
    /// The seed it was made from.
    seed: u64,
    rating: Option<Rating>,
    /// Sudoku Explainer's rating (--min-er, --max-er).
    se_rating: Option<SeRating>,
    /// Whether no given can go (see `Generator::is_minimal`).
    minimal: bool,
}

/// What came of one puzzle.
struct Made {
    index: u64,
    /// The puzzle, or why none.
    result: Result<Puzzle, String>,
    /// Whether a signal or the time limit stopped it: not a result.
    cut_short: bool,
}

#[derive(Serialize)]
struct Record<'a> {
    index: u64,
    status: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    puzzle: Option<String>,
    layout: String,
    /// A killer's constraints (its cages), as lines of the text form.
    #[serde(skip_serializing_if = "Option::is_none")]
    constraints: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    givens: Option<usize>,
    /// Whether no given can go (false with --givens, or when a trial
    /// passed --trial-nodes).
    #[serde(skip_serializing_if = "Option::is_none")]
    minimal: Option<bool>,
    #[serde(flatten)]
    rating: Option<RatingFields>,
    #[serde(flatten)]
    se_rating: Option<SeRatingFields>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
}

/// The seed of attempt `attempt` at puzzle `index` of seed `seed`:
/// splitmix64 steps over the three.
fn derive(seed: u64, index: u64, attempt: u64) -> u64 {
    let mut x = seed;
    for v in [index, attempt] {
        x = x.wrapping_add(0x9E37_79B9_7F4A_7C15).wrapping_add(v);
        x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        x ^= x >> 31;
    }
    x
}

/// The settings every worker shares.
struct Plan {
    seed: u64,
    givens: Option<usize>,
    range: Option<(f64, f64)>,
    forced_only: bool,
    rate: Option<Scale>,
    /// The ERs kept (--min-er, --max-er), bounds included.
    er_range: Option<(f64, f64)>,
    tries: u64,
}

impl Plan {
    /// What `args` ask of every puzzle: the seed (a fresh one, said on
    /// stderr, when none is given) and the filters.
    fn of(args: &Args) -> Plan {
        let seed = args.seed.seed.unwrap_or_else(|| {
            let seed = fresh_seed();
            diagnose(format_args!(
                "dlx generate: seed {seed} (--seed {seed} makes these puzzles again)"
            ));
            seed
        });
        let mut range = None;
        if let Some(d) = args.difficulty.filter(|&d| d != Difficulty::Forced) {
            let (lo, hi) = d.range();
            // Scores within a class: from its start to just below its end.
            range = Some((lo.max(f64::MIN_POSITIVE), hi - 0.005));
        }
        if args.min_score.is_some() || args.max_score.is_some() {
            let (lo, hi) = range.unwrap_or((f64::NEG_INFINITY, f64::INFINITY));
            range = Some((
                args.min_score.map_or(lo, |m| m.max(lo)),
                args.max_score.map_or(hi, |m| m.min(hi)),
            ));
        }
        Plan {
            seed,
            givens: args.givens,
            range,
            forced_only: args.difficulty == Some(Difficulty::Forced),
            rate: args.rate.scale,
            er_range: match (args.min_er, args.max_er) {
                (None, None) => None,
                (min, max) => Some((min.unwrap_or(0.0), max.unwrap_or(f64::INFINITY))),
            },
            tries: args.tries,
        }
    }

    /// Whether a score is kept.
    fn keeps(&self, score: f64) -> bool {
        if self.forced_only {
            return score == 0.0;
        }
        self.range.is_none_or(|(lo, hi)| score >= lo && score <= hi)
    }

    fn make(&self, generator: &mut Generator, index: u64) -> Made {
        let mut fewest = usize::MAX;
        let mut scores = (f64::INFINITY, f64::NEG_INFINITY);
        let mut ers = (f64::INFINITY, f64::NEG_INFINITY);
        for attempt in 0..self.tries {
            if interrupt::interrupted() {
                break;
            }
            let seed = derive(self.seed, index, attempt);
            let puzzle = match generator.generate(seed) {
                Ok(puzzle) => puzzle,
                Err(e) => {
                    return Made {
                        index,
                        result: Err(e.to_string()),
                        cut_short: matches!(e, GenerateError::Cancelled),
                    }
                }
            };
            fewest = fewest.min(puzzle.givens());
            if self.givens.is_some_and(|k| puzzle.givens() > k) {
                continue;
            }
            let failed = |e: String| Made {
                index,
                result: Err(e),
                cut_short: false,
            };
            let rating =
                if self.rate == Some(Scale::Search) || self.range.is_some() || self.forced_only {
                    match puzzle.rate() {
                        Ok(rating) => Some(rating),
                        Err(e) => return failed(e.to_string()),
                    }
                } else {
                    None
                };
            if let Some(rating) = &rating {
                scores = (scores.0.min(rating.score), scores.1.max(rating.score));
                if !self.keeps(rating.score) {
                    continue;
                }
            }
            let se_rating = if self.er_range.is_some() || self.rate == Some(Scale::Se) {
                match puzzle.rate_se() {
                    Ok(rating) => Some(rating),
                    Err(e) => return failed(e.to_string()),
                }
            } else {
                None
            };
            if let (Some((lo, hi)), Some(rating)) = (self.er_range, &se_rating) {
                // Compared as written, to one decimal: --max-er 2.0 keeps 2.0.
                let er = tenths(rating.er);
                ers = (ers.0.min(er), ers.1.max(er));
                // A path that stops short is no rating (trial, the last
                // resort, should see that none does).
                if !rating.solved || er < lo || er > hi {
                    continue;
                }
            }
            return Made {
                index,
                result: Ok(Puzzle {
                    grid: puzzle,
                    seed,
                    rating,
                    se_rating,
                    minimal: generator.is_minimal(),
                }),
                cut_short: false,
            };
        }
        let cut_short = interrupt::interrupted();
        let why = if cut_short {
            "interrupted".to_string()
        } else if let Some(k) = self.givens.filter(|&k| fewest > k) {
            format!(
                "no puzzle with at most {k} givens in {} tries: the fewest were {fewest}",
                self.tries
            )
        } else {
            // What each rating filter saw: the ERs are those of the
            // puzzles the score filter kept.
            let mut filters = Vec::new();
            if self.range.is_some() || self.forced_only {
                filters.push(("score", "the scores", spread(scores, 2)));
            }
            if self.er_range.is_some() {
                filters.push(("ER", "the ERs", spread(ers, 1)));
            }
            let names: Vec<&str> = filters.iter().map(|f| f.0).collect();
            let seen: Vec<String> = filters.iter().map(|f| format!("{} {}", f.1, f.2)).collect();
            let s = if filters.len() > 1 { "s" } else { "" };
            format!(
                "no puzzle in the {} range{s} in {} tries: {}",
                names.join(" and "),
                self.tries,
                seen.join(", ")
            )
        };
        Made {
            index,
            result: Err(why),
            cut_short,
        }
    }
}

/// The least and greatest of some ratings, to `decimals` places: `were
/// 1.2 to 7.5`, or `were none` when no puzzle was rated.
fn spread((least, greatest): (f64, f64), decimals: usize) -> String {
    if least > greatest {
        return "were none".to_string();
    }
    format!("were {least:.decimals$} to {greatest:.decimals$}")
}

/// `dlx generate`.
///
/// # Errors
///
/// A bad layout, a failed write.
pub fn run(args: Args) -> Result<Status> {
    if let (Some(min), Some(max)) = (args.min_er, args.max_er) {
        if min > max {
            bail!("--min-er {min} is above --max-er {max}: no puzzle has both");
        }
    }
    let layout = layout(&args.layout)?.unwrap_or_default();
    let plan = Plan::of(&args);
    let generator = Generator::new(&layout)
        .symmetry(args.symmetry)
        .givens(args.givens)
        .trial_nodes(args.trial_nodes)
        .killer(
            args.killer
                .map(|k| usize::try_from(k).unwrap_or(usize::MAX)),
        )
        .cancel_flag(interrupt::flag());
    args.time.start();
    let tally = make_all(&args, &plan, &generator, &layout)?;
    if let (Some(nodes), 1..) = (args.trial_nodes, tally.not_minimal) {
        diagnose(format_args!(
            "dlx generate: {} of {} puzzles not proved minimal: a trial \
             passed --trial-nodes {nodes}, and its given stayed",
            tally.not_minimal, tally.written
        ));
    }
    if interrupt::interrupted() {
        let made = format!("{} of {} puzzles", tally.written, args.count);
        if interrupt::timed_out() {
            let limit = args.time.seconds();
            diagnose(format_args!(
                "dlx: stopped by the time limit ({limit:.1} s) after {made}"
            ));
            return Ok(Status::Stopped);
        }
        diagnose(format_args!("dlx: interrupted after {made}"));
        return Ok(Status::Interrupted);
    }
    Ok(if tally.failed {
        Status::Failed
    } else {
        Status::Solved
    })
}

/// What a run made.
#[derive(Default)]
struct Tally {
    /// Records written.
    written: u64,
    /// Records of puzzles not proved minimal (`--trial-nodes`).
    not_minimal: u64,
    /// Whether some puzzle could not be made.
    failed: bool,
}

/// Makes the puzzles a chunk at a time on the run's threads and writes
/// them in order, stopping before the first one cut short.
///
/// # Errors
///
/// Threads that cannot be started, a failed write.
fn make_all(args: &Args, plan: &Plan, generator: &Generator, layout: &Layout) -> Result<Tally> {
    let pool = args.threads.pool(
        usize::try_from(args.count).unwrap_or(usize::MAX),
        "generate",
    )?;
    let mut alone = generator.clone();
    let progress = crate::terminal::progress_bar(Some(args.count), "puzzles");
    let mut out = BufWriter::new(io::stdout().lock());
    let mut tally = Tally::default();
    let mut start = 0;
    'chunks: while start < args.count && !interrupt::interrupted() {
        let end = (start + CHUNK).min(args.count);
        let make = |g: &mut Generator, index| {
            let made = plan.make(g, index);
            progress.inc(1);
            made
        };
        let made: Vec<Made> = match &pool {
            Some(pool) => pool.install(|| {
                let indices: Vec<u64> = (start..end).collect();
                indices
                    .into_par_iter()
                    .with_max_len(1)
                    .map_init(|| generator.clone(), make)
                    .collect()
            }),
            None => (start..end).map(|index| make(&mut alone, index)).collect(),
        };
        for m in &made {
            // The output stops before the first puzzle cut short.
            if m.cut_short {
                break 'chunks;
            }
            tally.written += 1;
            tally.failed |= m.result.is_err();
            tally.not_minimal += u64::from(m.result.as_ref().is_ok_and(|p| !p.minimal));
            write(&mut out, args.format, layout, m)?;
            if let Err(why) = &m.result {
                progress
                    .suspend(|| diagnose(format_args!("dlx generate: puzzle {}: {why}", m.index)));
            }
        }
        out.flush()?;
        start = end;
    }
    out.flush()?;
    progress.finish_and_clear();
    Ok(tally)
}

/// A seed from the clock and the process.
fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    derive(nanos, u64::from(std::process::id()), 0) % 1_000_000_000_000
}

/// A puzzle's ratings as comment lines, so that the output reads back as
/// puzzles.
fn rating_comments(out: &mut impl Write, made: &Puzzle) -> io::Result<()> {
    if let Some(r) = &made.rating {
        writeln!(out, "# score {:.2} {}", r.score, r.difficulty)?;
    }
    if let Some(r) = &made.se_rating {
        writeln!(out, "# {}", se_rating_words(r))?;
    }
    Ok(())
}

/// Writes the record of one puzzle.
fn write(out: &mut impl Write, format: Format, layout: &Layout, made: &Made) -> io::Result<()> {
    // A killer's cages are its own: the text form carries them.
    let own = |m: &Puzzle| m.grid.layout().constraints().len() > layout.constraints().len();
    match (format, &made.result) {
        (Format::Line | Format::Grid | Format::Pencil, Ok(made)) if own(made) => {
            rating_comments(out, made)?;
            writeln!(out, "{}", made.grid.to_variant_text())
        }
        (Format::Line, Ok(made)) => {
            write!(out, "{}", made.grid)?;
            if let Some(r) = &made.rating {
                write!(out, " {:.2} {}", r.score, r.difficulty)?;
            }
            if let Some(r) = &made.se_rating {
                write!(out, " {r}")?;
            }
            writeln!(out)
        }
        (Format::Grid | Format::Pencil, Ok(made)) => {
            rating_comments(out, made)?;
            match format {
                Format::Pencil => writeln!(out, "{}", made.grid.to_candidate_grid()),
                _ => writeln!(out, "{}", made.grid.to_grid_string()),
            }
        }
        (Format::Line, Err(_)) => writeln!(out, "none"),
        (Format::Grid | Format::Pencil, Err(_)) => writeln!(out, "none\n"),
        (Format::Json, result) => {
            let (ok, err) = match result {
                Ok(made) => (Some(made), None),
                Err(why) => (None, Some(why.as_str())),
            };
            let record = Record {
                index: made.index,
                status: if ok.is_some() { "unique" } else { "none" },
                seed: ok.map(|m| m.seed),
                puzzle: ok.map(|m| m.grid.to_string()),
                layout: layout.to_string(),
                constraints: ok.filter(|m| own(m)).map(|m| {
                    let constraints = m.grid.layout().constraints();
                    constraints.iter().map(ToString::to_string).collect()
                }),
                givens: ok.map(|m| m.grid.givens()),
                minimal: ok.map(|m| m.minimal),
                rating: ok.and_then(|m| m.rating.as_ref()).map(RatingFields::from),
                se_rating: ok
                    .and_then(|m| m.se_rating.as_ref())
                    .map(SeRatingFields::from),
                error: err,
            };
            serde_json::to_writer(&mut *out, &record)?;
            writeln!(out)
        }
    }
}
