//! The flags of the exact-cover commands (`cover`, `tile`, `queens`,
//! `pentomino`), defined once and flattened into each, with the long help
//! of `--format` they share.

use std::path::PathBuf;

use clap::ValueEnum;

use crate::args::{parse_size, SearchLimits, Seed, Threads};

/// The long help of `--format` of an exact-cover command, written once:
/// `$text` says how the command draws a solution (the first lines of the
/// `text` paragraph), `$json` what the numbers and texts of its options
/// are (the middle of the `json` paragraph).
macro_rules! format_help {
    ($text:literal, $json:literal) => {
        concat!(
            "Output format.\n\ntext: ",
            $text,
            "\nsolutions separated by an empty line; with --count, the count alone\n\
             ('N interrupted' when a signal stopped the search, 'N stopped (node\n\
             limit)' when a limit did).\n\n\
             json: JSON Lines. One object per solution,\n\
             {\"options\":[...],\"texts\":[...]}: ",
            $json,
            "\nWith --count, one object,\n\
             {\"count\":N,\"complete\":BOOL,\"interrupted\":BOOL}: count is the number\n\
             of solutions found, complete whether the whole search space was\n\
             explored (all the pieces asked, with --piece), interrupted whether a\n\
             signal stopped the search.\n\n\
             A search stopped by --max-nodes or --time-limit says so:\n\
             \"stopped\":\"node limit\" (or \"time limit\"; \"interrupted\" for a\n\
             signal), with complete false.\n\
             With --piece I/N the count is the record of a piece, for 'dlx merge':\n\
             it adds \"fingerprint\" (the SHA-256 of the problem as --emit dlx\n\
             writes it, in hex), \"depth\" (of the split), \"piece\" (I), \"pieces\"\n\
             (N), \"nodes\", \"updates\" (piece 1 counts those above the split\n\
             too, so that the pieces add up to the whole search), \"max_level\"\n\
             (the deepest level reached, from the root) and \"check\" (the\n\
             SHA-256 of a key and the other fields, in hex: 'dlx merge' and a\n\
             resumed --checkpoint refuse a record whose fields were edited).\n\n\
             --estimate: text, or one object {\"nodes\":X,\"nodes_log10\":X,\n\
             \"nodes_error\":X,\"solutions\":X,\"solutions_log10\":X,\n\
             \"probes_with_solutions\":N,\"seconds\":X,\"nodes_per_second\":X,\n\
             \"threads\":N,\"probes\":N,\"seed\":N,\"probe_seconds\":X,\n\
             \"searched\":N,\"complete\":BOOL}: figures past 1.8e308 are given as\n\
             1.8e308, with their exact log10; solutions and solutions_log10 are null\n\
             when no probe reached a solution; complete is true when the timed search\n\
             went through the whole tree (searched is then the exact node count)."
        )
    };
}
pub(crate) use format_help;

/// How solutions are printed; each command's help says more.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Solutions as text, separated by empty lines.
    #[default]
    Text,
    /// JSON Lines, one object a line.
    Json,
}

/// Which item the search branches on (`--order`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Order {
    /// The item with the fewest options left (Knuth's MRV rule): the
    /// fewest nodes in general.
    Fewest,
    /// The first active item in the order of the problem's item line: on
    /// a board listed slice by slice, a frontier that sweeps it, which
    /// lets --memo reuse its counts.
    First,
}

impl From<Order> for dlx::Order {
    fn from(order: Order) -> dlx::Order {
        match order {
            Order::Fewest => dlx::Order::Fewest,
            Order::First => dlx::Order::First,
        }
    }
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
#[command(mut_arg("seed", |seed| seed.requires("estimate")
    .help("The seed of --estimate's random paths (default 0): the same seed, the same estimate")))]
#[command(mut_arg("max_nodes", |arg| arg.help(
    "Stop the search after N nodes (counted as --stats counts them, over all threads): \
     the count found so far is printed marked 'stopped (node limit)', and the run ends with status 3")))]
pub struct Run {
    /// Print the number of solutions only.
    #[arg(long)]
    pub count: bool,
    /// Stop after K solutions (K >= 1); reaching them is a success.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,
    /// With --count: count by memoized search (Knuth's DLX6): the count of
    /// each subproblem met is kept, keyed by which items are covered (and
    /// the colors of the secondary ones), and reused when the search meets
    /// it again. Exact, and of any size below 2^128. It pays where many
    /// paths lead to the same state: boards tiled by small pieces (8x8
    /// dominoes: 2,387 nodes instead of 50 million), with --order first and
    /// the cells listed slice by slice ('dlx tile --memo' does both). It
    /// does not where every state is met once (the pentominoes), and it
    /// does not take multiplicities, but for pieces that may be used any
    /// number of times (a lower bound of 0), whose items are dropped.
    /// It runs on one thread unless the tree is cut (--pieces,
    /// --split-depth, --checkpoint): then each thread keeps a table of its
    /// own for the subtrees it counts. --stats adds the tables' entries,
    /// hits and bytes.
    #[arg(long, requires = "count")]
    pub memo: bool,
    /// With --count, which item to branch on: 'fewest' options (the
    /// default, and the fewest nodes in general), or the 'first' in the
    /// order of the item line, for --memo on boards ('dlx tile --memo'
    /// takes it by itself).
    #[arg(long, value_enum, value_name = "ORDER", requires = "count")]
    pub order: Option<Order>,
    /// With --memo: the most memory the table of counts takes (500M, 2G;
    /// default: half of the memory available). A full table takes no more
    /// entries; the count stays exact, only slower. With -j the threads
    /// share it, a table each.
    #[arg(long, value_name = "SIZE", requires = "memo", value_parser = parse_size)]
    pub memo_size: Option<u64>,
    #[command(flatten)]
    pub limits: SearchLimits,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Print solutions, nodes, updates, max level and time to stderr, as
    /// Knuth's DLX1 and DLX2 count them: a node per entry to a level, the
    /// root included, and one per solution; an update per item covered and
    /// per option hidden from an item's list. The same figures whatever -j;
    /// with --piece, piece 1 also counts the nodes above the split, so that
    /// the figures of pieces 1/N to N/N add up to the whole search's.
    #[arg(long)]
    pub stats: bool,
    /// With --stats, also print the number of nodes at each level.
    #[arg(long, requires = "stats")]
    pub levels: bool,
    #[command(flatten)]
    pub threads: Threads,
    /// Cut the search tree this many levels below the root into pieces, of
    /// which --piece runs some (the two go together), or which --checkpoint
    /// records as they are done.
    #[arg(long, value_name = "D", requires = "pieced")]
    pub split_depth: Option<usize>,
    /// Cut the search tree at the least depth that gives at least P
    /// subtrees (instead of --split-depth), for --piece or --checkpoint.
    #[arg(long, value_name = "P", requires = "pieced", value_parser = clap::value_parser!(u64).range(1..))]
    pub pieces: Option<u64>,
    /// Run only piece I of N (1 <= I <= N) of the tree cut at --split-depth
    /// (the two go together) or --pieces: subtrees I, I + N, I + 2N, ...
    /// The counts of pieces 1/N to N/N add up to the whole; with --count
    /// --format json, the count is a record 'dlx merge' adds up.
    #[arg(long, value_name = "I/N", value_parser = parse_piece, requires = "cut")]
    pub piece: Option<(usize, usize)>,
    /// With --count: cut the tree into pieces (at --split-depth, --pieces,
    /// or into 1000 or more), append each piece to FILE as it is done (a
    /// line of JSON), and skip the pieces FILE holds already: run the same
    /// command again after a crash or a kill, and the count goes on where
    /// it stopped, with the same total. A file of another problem or
    /// split is refused, and so is a record edited since it was written
    /// (its check fails) or without a check (written by an older dlx).
    #[arg(long, value_name = "FILE", requires = "count")]
    pub checkpoint: Option<PathBuf>,
    /// Estimate the size of the search tree (nodes, solutions) and the
    /// time of the search, from random paths down the tree (Knuth's
    /// estimate) and a short timed search, instead of solving.
    #[arg(long, conflicts_with_all = ["count", "checkpoint", "piece"])]
    pub estimate: bool,
    /// The number of random paths --estimate follows.
    #[arg(long, value_name = "N", default_value_t = 1000, requires = "estimate",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub probes: u64,
    #[command(flatten)]
    pub seed: Seed,
    /// Write the problem instead of solving it: 'dlx' writes it in Knuth's
    /// DLX text format, which 'dlx cover' reads.
    #[arg(long, value_name = "FORMAT", value_enum,
          conflicts_with_all = ["count", "estimate", "checkpoint", "piece", "stats"])]
    pub emit: Option<Emit>,
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
