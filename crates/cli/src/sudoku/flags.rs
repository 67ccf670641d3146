//! The flags of `dlx sudoku` (and the layout and rating flags `dlx
//! generate` shares), their help, and the layout and reading options they
//! ask for.

use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::ValueEnum;
use sudoku_dlx::{Alphabet, Canon, Layout, ReadOptions, Variant};

use crate::args::{SearchLimits, Seed, Threads};
use crate::terminal::located;

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
    /// Grids drawn as candidate grids (pencilmarks), as HoDoKu draws them.
    Pencil,
}

/// The scale of --rate.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Scale {
    /// The engine's own search: a score and a class.
    #[default]
    Search,
    /// Sudoku Explainer's ER/EP/ED, from the logical path.
    Se,
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
    /// The big collections' lines are read as they come: tdoku's
    /// puzzle:count[:solution] (a stated count that the search contradicts
    /// is said on stderr; a stated solution that is none makes the line
    /// invalid), HoDoKu's library lines (:0000:x:puzzle:deleted:::, the
    /// deleted candidates taken out), CSV with a header naming the puzzle
    /// column (id,puzzle,solution,... or quizzes,solutions), '-' for an
    /// empty cell. Pencilmarks too: 729-symbol lines, candidate grids drawn
    /// over n lines (HoDoKu, Simple Sudoku, --format pencil, --candidates
    /// --format grid) and SudokuWiki's boards (162 characters, or a link
    /// with bd=). Variant puzzles too, told from the first line: f-puzzles
    /// JSON, f-puzzles or SudokuPad links (one per line), killer lines
    /// (the killer lists' short or long format), constraint strings
    /// (`.Cage~15~R1C1~R1C2.~R3C3_8`, or links holding one after ?q=), or
    /// blocks of the text form (`size 9`, `cage 15: r1c1 r1c2`, ...,
    /// `givens ...`).
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Print the number of solutions of each puzzle. Without --limit every
    /// solution is counted, which takes forever on a nearly empty 9x9 grid.
    // --rate's conflicts are declared on the flags of `dlx sudoku`, as
    // the shared --rate cannot name them (`dlx generate` has none of them,
    // or has one with another meaning: its --count is the number of
    // puzzles).
    #[arg(long, conflicts_with_all = ["all", "check", "rate"])]
    pub count: bool,
    /// Print every solution of each puzzle (at most K with --limit). Without
    /// --limit, solutions are printed as they are found, one puzzle at a
    /// time; with it, puzzles are solved in parallel.
    #[arg(long, conflicts_with_all = ["check", "rate"])]
    pub all: bool,
    /// Print whether each puzzle has a unique solution: unique, multiple or
    /// none.
    #[arg(long, conflicts_with = "rate")]
    pub check: bool,
    /// Print each puzzle's true candidates: per cell, the digits some
    /// solution puts there (a pencilmark line; a pencilmark grid with
    /// --format grid). With =K, count for each digit the solutions that
    /// put it there, up to K (shown with --format grid and json).
    #[arg(
        long,
        value_name = "K",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "1",
        value_parser = clap::value_parser!(u64).range(1..),
        conflicts_with_all = ["count", "all", "check", "rate", "canon", "transform"]
    )]
    pub candidates: Option<u64>,
    /// With --count or --all: stop at K solutions per puzzle.
    #[arg(
        long,
        value_name = "K",
        value_parser = clap::value_parser!(u64).range(1..),
        requires = "enumerate"
    )]
    pub limit: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Line, long_help = FORMAT_HELP)]
    pub format: Format,
    /// Print nodes, updates and time per puzzle (to stderr, or in the JSON
    /// object), and a summary on stderr at the end. The figures are the
    /// search's once the givens are placed, counted as Knuth's DLX1 counts
    /// them: a node per entry to a level and one per solution (a full grid
    /// is 1 node, 0 updates), an update per cell or house covered and per
    /// candidate removed from one; placing the givens is not counted.
    #[arg(long)]
    pub stats: bool,
    #[command(flatten)]
    pub threads: Threads,
    /// The symbols of digits 1, 2, ... in order, for reading and writing,
    /// e.g. 0123456789ABCDEF for 16x16 ('.' is always an empty cell, and
    /// '0' too unless it is a symbol). Without it, a 16x16 puzzle is 1-9A-G
    /// with '0' empty, unless it holds '0' and '.' (or '_', '*') and no 'G':
    /// then 0-F with '.' empty; one with '0' and neither is invalid.
    #[arg(long, value_name = "SYMBOLS", value_parser = parse_alphabet)]
    pub alphabet: Option<Alphabet>,
    #[command(flatten)]
    pub layout: LayoutArgs,
    #[command(flatten)]
    pub rate: RateArgs,
    /// Print each puzzle's canonical form, the one puzzle collections key
    /// puzzles by. Of the equivalent puzzles (bands, stacks, rows in bands,
    /// columns in stacks, transposition for square boxes, digits
    /// relabelled by first appearance), minlex is the least string, an
    /// empty cell read as 0; maxlex (--canon=maxlex) the greatest, digits
    /// relabelled from the largest down. Two puzzles are equivalent
    /// exactly when their forms are equal. Boxes without variants only.
    #[arg(
        long,
        value_name = "FORM",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "minlex",
        value_parser = PossibleValuesParser::new(["minlex", "maxlex"]).try_map(|s| s.parse::<Canon>()),
        conflicts_with_all = ["count", "all", "check", "rate", "transform"]
    )]
    pub canon: Option<Canon>,
    /// Solve each puzzle as a player would and print the path: one step a
    /// line (the technique, the items it used, then the digits placed
    /// `r1c1=5` and the candidates ruled out `r1c1<>5`), then the grid
    /// reached. Techniques run easiest first: singles, locked candidates,
    /// naked and hidden subsets and fish (up to 4), nishio, and trial as
    /// the last resort, named as such. Any layout and constraint.
    #[arg(long, conflicts_with_all = ["count", "all", "check", "rate", "canon", "transform", "candidates", "hint"])]
    pub explain: bool,
    /// Print the easiest next step of each puzzle (a puzzle of givens, or
    /// a partly solved grid in pencilmarks, whose candidates are taken as
    /// they are), or 'solved'.
    #[arg(long, conflicts_with_all = ["count", "all", "check", "rate", "canon", "transform", "candidates"])]
    pub hint: bool,
    /// Print a random puzzle equivalent to each (as --canon transforms);
    /// --seed names it.
    #[arg(long, conflicts_with_all = ["count", "all", "check", "rate"])]
    pub transform: bool,
    #[command(flatten)]
    pub seed: Seed,
    #[command(flatten)]
    pub limits: SearchLimits,
    /// Write instead of solving: dlx, the puzzle's exact-cover problem in
    /// Knuth's DLX format, the givens applied (the options that
    /// contradict them left out), for `dlx cover`; sums, the sums the 45
    /// rule derives from its houses and killer cages, which the search
    /// propagates, in the text form (each after a comment naming the
    /// group), and the sums with signs houses and cages imply (innies
    /// less outies; on a Latin square, rows less columns), as comments.
    /// Takes one puzzle.
    #[arg(long, value_name = "FORMAT", value_parser = ["dlx", "sums"])]
    pub emit: Option<String>,
}

/// `--rate`, shared by `dlx sudoku` and `dlx generate`.
#[derive(Clone, Copy, Debug, Default, clap::Args)]
pub struct RateArgs {
    /// Rate each puzzle. search (the default): a score from the engine's
    /// own search, 0 for a puzzle solved by forced moves alone (naked and
    /// hidden singles), else the mean search nodes beyond them over 4 fixed
    /// relabellings of the digits, and a class: forced, easy (below 30),
    /// medium (below 300), hard (below 3000), extreme. se (--rate=se):
    /// Sudoku Explainer's ER/EP/ED of the path `dlx sudoku --explain`
    /// takes: the hardest step, the hardest up to the first digit placed,
    /// the first step. `dlx generate` writes the rating with each puzzle
    /// it makes. `dlx sudoku` rates only puzzles with one solution: one
    /// with several gives 'multiple' (and one whose path stops short of its
    /// solution, which trial as the last resort should prevent,
    /// 'unrated'), and the run ends with status 1.
    #[arg(
        id = "rate",
        long = "rate",
        value_name = "SCALE",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "search",
        value_enum
    )]
    pub scale: Option<Scale>,
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
    pub size: Option<usize>,
    /// Boxes R rows high and C columns wide, for puzzles of side R*C (6x6
    /// puzzles usually have 2x3 boxes, and --size 6 picks them too).
    #[arg(long = "box", value_name = "RxC", value_parser = parse_box, conflicts_with = "regions")]
    pub boxes: Option<(usize, usize)>,
    /// Jigsaw sudoku: the regions, from a map of N lines of N symbols, one
    /// symbol per region of N cells (space-separated symbols are fine too).
    /// Every puzzle is N x N with these regions.
    #[arg(long, value_name = "FILE")]
    pub regions: Option<PathBuf>,
    /// Extra houses and rules, repeated or comma-separated: x (both main
    /// diagonals), hyper (four extra 3x3 windows, 9x9 only), disjoint (the
    /// cells at one place of every box), anti-knight and anti-king (no
    /// digit repeated a knight's or a king's move away), non-consecutive
    /// (no orthogonal neighbours with digits one apart). With no --size,
    /// --box or --regions, a puzzle read has the size its cells give, and
    /// a puzzle made is 9x9.
    #[arg(long, value_name = "NAME", value_delimiter = ',', value_parser = parse_variant)]
    pub variant: Vec<Variant>,
    /// The layout of a variant puzzle, from FILE: the first puzzle of it
    /// (f-puzzles JSON or link, or the text form: `size`, `regions`,
    /// `variant` and constraint lines such as `cage 15: r1c1 r1c2`), its
    /// givens ignored. Every puzzle read is then of that layout (a file of
    /// givens for one killer layout, say), and a puzzle made keeps it.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["size", "boxes", "regions"])]
    pub constraints: Option<PathBuf>,
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
class ('52.25 medium'), with --rate=se ER/EP/ED ('7.1/1.2/1.2'); with
--canon or --transform the puzzle made; with --count the count ('N
interrupted' when a signal stopped the search, 'N stopped' a limit);
with --check unique, multiple or none; with --candidates the pencilmarks
(n symbols per cell, each candidate in its place); with --all each
solution on a line of its own, then an empty line. A puzzle with no
solution gives 'none', text that is no puzzle 'invalid'.

grid: each solution drawn over its rows and followed by an empty
line (--all: then one more empty line); words and counts as in line,
followed by an empty line; --rate=se writes 'ER 7.1 EP 1.2 ED 1.2
(hardest: nishio)'. The constraints of a variant puzzle (cages,
lines, dots) are not drawn: a line under the grid says how many there
are. --candidates draws the pencilmark grid, and with K > 1 lists the
solutions of each digit of the cells with several ('r1c3: 3 (2), 4 (5+)').

pencil: as grid, but each grid drawn as a candidate grid (a group of
candidates per cell, a given's digit alone, every digit of an empty
cell) in HoDoKu's shape, which HoDoKu and dlx read back as the same
puzzle; with --candidates, the true candidates so drawn.

json: JSON Lines, one object per puzzle: \"file\", \"line\" (its first
line), \"puzzle\" (null for text that is no puzzle), \"status\" (solved,
unique, multiple, none, invalid, unrated, interrupted or stopped), then
as the mode asks \"solution\" (the one found), \"solutions\" (--all: the
list of those found) or \"count\" (--count, --check: the number of
solutions counted), and \"error\" (what went wrong, as said on stderr)
and \"stats\" ({\"nodes\":N,\"updates\":N,\"micros\":N}, with --stats)
when there are some. --rate adds \"score\", \"difficulty\", \"nodes\"
(of each search) and \"forced_nodes\" (status unique); --rate=se \"er\",
\"ep\", \"ed\", \"hardest\" (the technique of the hardest step, or null)
and \"steps\" (the number of steps of the path); --canon \"canonical\"
and --transform \"transformed\" (status ok); --candidates \"candidates\"
(per cell, row by row, its digits), \"count\" (the solutions, when no
more than K) and with K > 1 \"counts\" (per cell, the solutions of each
digit, up to K); --explain \"steps\" and --hint \"hint\" (each step's
\"technique\", \"difficulty\", \"base\" and \"cover\" items,
\"placements\" and \"eliminations\") and \"reached\" (the grid the steps
reach); a variant puzzle's record has \"constraints\" (their lines of
text). With --all and no --limit (or one above 16), the solutions are
written as they are found, and status, error and stats follow them.";

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
    } else if let Some(path) = &args.constraints {
        Some(constraints_layout(path)?)
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

/// The layout of the first puzzle of `path` (--constraints).
fn constraints_layout(path: &std::path::Path) -> Result<Layout> {
    let name = path.display().to_string();
    let file = std::fs::File::open(path).with_context(|| format!("cannot read {name}"))?;
    let mut puzzles = sudoku_dlx::Puzzles::new(std::io::BufReader::new(file));
    let record = match puzzles.next() {
        Some(record) => record.with_context(|| format!("cannot read {name}"))?,
        None => bail!("{name}: no puzzle to take the layout of"),
    };
    match record.result {
        Ok(grid) => Ok(grid.layout().clone()),
        Err(e) => bail!(
            "{}: {}",
            located(&name, Some(e.line()), e.column()),
            e.kind()
        ),
    }
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
pub fn read_options(args: &LayoutArgs, alphabet: Alphabet) -> Result<ReadOptions> {
    let options = ReadOptions::new().alphabet(alphabet);
    Ok(match base_layout(args)? {
        Some(base) => options.layout(with_variants(base, &args.variant)?),
        None => options.variants(args.variant.clone()),
    })
}

impl Args {
    /// What is asked of each puzzle.
    pub fn mode(&self) -> Mode {
        match (self.count, self.all, self.check) {
            (true, _, _) => Mode::Count(self.limit.unwrap_or(u64::MAX)),
            (_, true, _) => Mode::All(self.limit.unwrap_or(u64::MAX)),
            (_, _, true) => Mode::Check,
            _ if self.candidates.is_some() => Mode::Candidates(self.candidates.unwrap_or(1)),
            _ if self.rate.scale.is_some() => Mode::Rate(self.rate.scale.unwrap_or_default()),
            _ if self.explain => Mode::Explain,
            _ if self.hint => Mode::Hint,
            _ if self.canon.is_some() => Mode::Canon(self.canon.unwrap_or_default()),
            _ if self.transform => Mode::Transform(self.seed.seed.unwrap_or(0)),
            _ => Mode::Solve,
        }
    }

    /// The files named, or stdin (`-`) when none is.
    pub fn inputs(&self) -> Vec<PathBuf> {
        if self.files.is_empty() {
            vec![PathBuf::from("-")]
        } else {
            self.files.clone()
        }
    }
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
    /// True candidates, each digit's solutions counted up to the cap.
    Candidates(u64),
    /// A rating on this scale (--rate).
    Rate(Scale),
    /// The canonical form (--canon).
    Canon(Canon),
    /// The path of logical steps (--explain).
    Explain,
    /// The next logical step (--hint).
    Hint,
    /// A random equivalent puzzle, of this seed (--transform).
    Transform(u64),
}
