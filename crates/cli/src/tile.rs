//! `dlx tile`: any pieces on any board, in the plane or in space, read in
//! Knuth's polyomino-dlx/polycube-dlx form or drawn as pictures.

use std::io::{self, Read, Write};
use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use dlx::puzzles::{Tiling, TilingErrorKind, Tilings};
use dlx::{OptionId, Problem};

use crate::interrupt;
use crate::runner::{self, Print, Run};
use crate::terminal::{diagnose, located, Status};

/// `dlx tile`.
#[derive(Clone, Debug, clap::Args)]
#[command(mut_arg("format", |format| format.long_help(FORMAT_HELP)))]
pub struct Args {
    /// The board and the pieces, in Knuth's form or drawn (stdin when
    /// absent or '-'); see the long help (--help) for both.
    file: Option<PathBuf>,
    /// Keep each piece as it is given: no turning (mirror images are
    /// still allowed where reflections are).
    #[arg(long)]
    no_rotate: bool,
    /// Never mirror a piece (pieces of the plane are turned over by
    /// default).
    #[arg(long, conflicts_with = "reflect")]
    no_reflect: bool,
    /// Allow mirror images of pieces in space (off by default there, as
    /// solid pieces cannot be mirrored; on in the plane).
    #[arg(long)]
    reflect: bool,
    /// Count each tiling once up to the symmetries of the problem (those
    /// of the board that map the set of pieces onto itself); refused,
    /// with the reason, when no piece can soundly be restricted.
    #[arg(long)]
    unique: bool,
    #[command(flatten)]
    run: Run,
}

/// The long help of `dlx tile`: both input forms, with examples.
pub const LONG_ABOUT: &str = "\
Tile a board with pieces, in the plane or in space: every way, or one
per class of symmetric tilings (--unique).

The input has one of two forms, told apart by its first line that is
neither blank nor a comment (comments start with '|'): a row of a
picture (only '.', '+', '#' and spaces) starts the drawn form,
anything else Knuth's form.

Knuth's form (the input of his polyomino-dlx and polycube-dlx): a line
of the board's cells, each a coordinate per dimension in the digits
0-9a-zA-Z, a digit or a set in brackets with ranges, then a line per
piece, its name and its cells in one orientation:

    | the twelve pentominoes in a 6x10 rectangle
    [0-5][0-9]
    F 01 02 10 11 21
    I 00 10 20 30 40
    ...

A board whose every cell has three coordinates ([0-2][0-2][0-2]) lies
in space. In the plane a cell may carry a suffix ([12]7! is 17! and
27!): suffixed cells are secondary (may stay empty), and a piece's
suffixed cells go onto the board's. 'N|NAME' or 'LO:HI|NAME' uses the
piece exactly N times or LO to HI times (the piece's item gets these
bounds, Knuth's multiplicities); 'N*NAME' exactly N times.

The drawn form: the board's picture, then the pieces, sections
separated by blank lines. In the board '.' is a cell, '+' a cell that
may stay empty, '#' or a space no cell; a board in space is drawn a
layer at a time, layers separated by a line of '-'. Pieces are drawn
with their names' characters, several to a section if you like; a line
such as '3*L 0:2|T' gives counts:

    ...
    ...
    .##
    ..#

    3*L
    L
    LL

Pieces of the plane are turned and turned over (8 orientations), those
in space turned (24); --no-rotate, --no-reflect and --reflect change
that. Each tiling is drawn as the board with each cell showing its
piece; in space the layers (first coordinate) stand side by side.";

const FORMAT_HELP: &str = crate::runner::format_help!(
    "each tiling drawn as the board, each cell the name of its piece\n\
('.' a cell left empty, layers of a board in space side by side);",
    "options gives the ids of the\n\
tiling's options (from 0, in the order the problem was built), texts\n\
gives those options in Knuth's format (\"L 00 10 11\": a piece and its\n\
cells)."
);

/// `dlx tile`: read the tiling, build its problem, run it.
pub fn run(args: Args) -> Result<Status> {
    let (name, mut input) = crate::args::open(args.file.as_deref().unwrap_or("-".as_ref()))?;
    let mut text = String::new();
    interrupt::reading(|| input.read_to_string(&mut text))
        .with_context(|| format!("cannot read {name}"))?;
    let mut tiling = match Tiling::parse(&text) {
        Ok(tiling) => tiling,
        // No fault of the text: it asks for more memory than there is.
        Err(e) if matches!(e.kind(), TilingErrorKind::Problem(_)) => {
            bail!("{}: {}", located(&name, e.line(), e.column()), e.kind())
        }
        Err(e) => {
            diagnose(format_args!(
                "{}: {}",
                located(&name, e.line(), e.column()),
                e.kind()
            ));
            return Ok(Status::Failed);
        }
    };
    if args.no_rotate {
        tiling = tiling.rotations(false);
    }
    if args.no_reflect {
        tiling = tiling.reflections(false);
    }
    if args.reflect {
        tiling = tiling.reflections(true);
    }
    // A memoized count fills the board slice by slice: the cells first,
    // along the board's longest side, branched on in that order.
    let mut run = args.run.clone();
    if run.memo {
        tiling = tiling.sweep(true);
        run.order.get_or_insert(runner::Order::First);
    }
    let tilings = if args.unique {
        Tilings::UpToSymmetry
    } else {
        Tilings::All
    };
    // Placing the pieces on a large board takes seconds: the time limit
    // and a signal stop it as they stop the search. The clock starts
    // here; the runner starts it again for the search, which the first
    // one still ends in time.
    tiling = tiling.cancel_flag(interrupt::flag());
    run.limits.time.start();
    let problem = match tiling.problem(tilings) {
        Ok(problem) => problem,
        Err(e) => match e.kind() {
            TilingErrorKind::Cancelled => return Ok(stopped(&name, &run)),
            TilingErrorKind::CannotBreakSymmetry(_) => {
                bail!(
                    "--unique: {}; without --unique every tiling is counted",
                    e.kind()
                )
            }
            TilingErrorKind::Problem(inner) => {
                bail!("cannot build the problem of {name}: {inner}")
            }
            kind => {
                diagnose(format_args!(
                    "{}: {kind}",
                    located(&name, e.line(), e.column())
                ));
                return Ok(Status::Failed);
            }
        },
    };
    runner::solve(&problem, &run, &Pictures { tiling })
}

/// What a run stopped while its problem was built says on stderr (no
/// search began: nothing is written to stdout), and its status: 3 for the
/// time limit, 130 for a signal.
fn stopped(name: &str, run: &Run) -> Status {
    if interrupt::timed_out() {
        diagnose(format_args!(
            "dlx: stopped by the time limit ({:.1} s) while building the problem of {name}: \
             nothing was searched",
            run.limits.time.seconds()
        ));
        Status::Stopped
    } else {
        diagnose(format_args!(
            "dlx: interrupted while building the problem of {name}: nothing was searched"
        ));
        Status::Interrupted
    }
}

/// Each tiling drawn as the board, each cell showing its piece; `dlx
/// pentomino` draws its tilings so too.
pub struct Pictures {
    pub tiling: Tiling,
}

impl Print for Pictures {
    fn text(
        &self,
        out: &mut dyn Write,
        problem: &Problem,
        solution: &[OptionId],
    ) -> io::Result<()> {
        write!(out, "{}", self.tiling.picture(problem, solution))
    }
}
