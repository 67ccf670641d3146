//! What came of one puzzle: a [`Report`] for the writers, whose
//! [`Verdict`] also goes to stderr and the summary. The searches
//! (`solve`) and the making modes (`make`) make them.

use std::time::Duration;

use serde::{Serialize, Serializer};
use sudoku_dlx::{Candidates, Grid, Rating, SeRating, Step, SudokuSolver};

use super::flags::Mode;
use crate::interrupt;

/// A record's status, the same word in every format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// At least one solution (solve, --count, --all).
    Solved,
    /// Exactly one solution (--check).
    Unique,
    /// More than one solution (--check).
    Multiple,
    /// No solution; givens that repeat a digit in a house have none.
    None,
    /// Text that is no puzzle.
    Invalid,
    /// One solution, but no rating: the logical path of --rate=se stopped
    /// short of it (no technique, trial included, found a step).
    Unrated,
    /// Stopped by a signal before it was answered.
    Interrupted,
    /// Stopped by --max-nodes or --time-limit before it was answered.
    Stopped,
    /// Answered without a search (--canon, --transform).
    Ok,
}

impl Status {
    /// The word, as the text formats write it and JSON's `"status"` holds.
    pub fn word(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Unique => "unique",
            Status::Multiple => "multiple",
            Status::None => "none",
            Status::Invalid => "invalid",
            Status::Unrated => "unrated",
            Status::Interrupted => "interrupted",
            Status::Stopped => "stopped",
            Status::Ok => "ok",
        }
    }
}

/// What cut a puzzle's search short.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cut {
    /// A signal: the run ends.
    Signal,
    /// The time limit: the run ends.
    Time,
    /// The node limit (of each puzzle): this puzzle only.
    Nodes(u64),
}

impl Cut {
    /// What cut short a search that ended with `outcome`, if anything did;
    /// `max_nodes` is the node limit.
    pub fn of(outcome: dlx::Outcome, max_nodes: Option<u64>) -> Option<Cut> {
        match outcome {
            dlx::Outcome::Cancelled if interrupt::timed_out() => Some(Cut::Time),
            dlx::Outcome::Cancelled => Some(Cut::Signal),
            dlx::Outcome::NodeLimit => Some(Cut::Nodes(max_nodes.unwrap_or_default())),
            _ => None,
        }
    }

    /// Whether the run ends with it: the records after it are not written.
    pub fn ends_run(self) -> bool {
        !matches!(self, Cut::Nodes(_))
    }
}

/// What the search found, as the formats show it.
#[derive(Debug)]
pub enum Answer {
    /// Nothing beyond the status: text that is no puzzle, or no solution
    /// when one was asked for.
    Nothing,
    /// The solution found (solve mode).
    Solution(Grid),
    /// The solutions found (--all).
    Solutions(Vec<Grid>),
    /// The number of solutions counted (--count, --check).
    Count(u64),
    /// The rating of a puzzle with one solution (--rate).
    Rating(Rating),
    /// Sudoku Explainer's rating of a puzzle with one solution
    /// (--rate=se).
    SeRating(SeRating),
    /// An equivalent puzzle: the canonical form (--canon) or a random one
    /// (--transform).
    Form(Grid),
    /// The true candidates (--candidates).
    Candidates(Candidates),
    /// The logical steps taken (--explain) or the next one (--hint), and
    /// the grid they reach.
    Steps(Vec<Step>, Grid),
}

impl Answer {
    /// The answer of `mode` to a search that counted `found` solutions and
    /// kept none: no solution, givens that conflict, or a signal.
    pub fn counted(mode: Mode, found: u64) -> Answer {
        match mode {
            Mode::Solve => Answer::Nothing,
            Mode::All(_) => Answer::Solutions(Vec::new()),
            Mode::Count(_) | Mode::Check => Answer::Count(found),
            Mode::Rate(_)
            | Mode::Canon(_)
            | Mode::Transform(_)
            | Mode::Candidates(_)
            | Mode::Explain
            | Mode::Hint => Answer::Nothing,
        }
    }

    /// The number of solutions it holds or counts.
    pub fn found(&self) -> u64 {
        match self {
            Answer::Nothing => 0,
            Answer::Solution(_) => 1,
            Answer::Solutions(solutions) => solutions.len() as u64,
            Answer::Count(count) => *count,
            Answer::Rating(_) | Answer::SeRating(_) | Answer::Form(_) | Answer::Steps(..) => 1,
            // More than the cap: at least 2.
            Answer::Candidates(c) => c.solutions().unwrap_or(c.cap().max(1) + 1),
        }
    }
}

/// A message for stderr about a place in the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub line: usize,
    /// The column of the symbol to blame, if one is.
    pub column: Option<usize>,
    pub message: String,
}

/// The search statistics of one puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PuzzleStats {
    /// Search-tree nodes.
    pub nodes: u64,
    /// Link updates.
    pub updates: u64,
    /// Runs of the propagation of the constraints (hard variant puzzles
    /// only; left out of JSON when 0), and the placements it took out.
    #[serde(skip_serializing_if = "is_zero")]
    pub propagations: u64,
    #[serde(skip_serializing_if = "is_zero")]
    pub removed: u64,
    /// The time of the search, not of the solver's setup; whole
    /// microseconds in JSON.
    #[serde(rename = "micros", serialize_with = "micros")]
    pub time: Duration,
}

impl PuzzleStats {
    /// The statistics of the search `solver` just made, which took `time`.
    pub fn of(solver: &SudokuSolver, time: Duration) -> PuzzleStats {
        let stats = solver.stats();
        PuzzleStats {
            nodes: stats.nodes,
            updates: stats.updates,
            propagations: stats.propagations,
            removed: stats.removed,
            time,
        }
    }

    /// The statistics of a puzzle answered before any search.
    pub fn no_search(time: Duration) -> PuzzleStats {
        PuzzleStats {
            time,
            ..PuzzleStats::default()
        }
    }
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

fn micros<S: Serializer>(time: &Duration, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_u64(u64::try_from(time.as_micros()).unwrap_or(u64::MAX))
}

/// How a record ended, whatever its format: its status, what stderr says
/// of it, its statistics (with --stats), and what cut its search short.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub status: Status,
    pub diagnostic: Option<Diagnostic>,
    pub stats: Option<PuzzleStats>,
    pub cut: Option<Cut>,
}

impl Verdict {
    /// The verdict on a search in `mode` of the puzzle at `line` that found
    /// `found` solutions, or was `cut` short after them; `why_none` says
    /// why there are none when the search does not.
    pub fn of_search(
        mode: Mode,
        line: usize,
        found: u64,
        cut: Option<Cut>,
        why_none: Option<String>,
        stats: Option<PuzzleStats>,
    ) -> Verdict {
        let status = match (cut, mode, found) {
            (Some(Cut::Signal), _, _) => Status::Interrupted,
            (Some(_), _, _) => Status::Stopped,
            (_, _, 0) => Status::None,
            (_, Mode::Check | Mode::Candidates(_), 1) => Status::Unique,
            (_, Mode::Check | Mode::Candidates(_), _) => Status::Multiple,
            _ => Status::Solved,
        };
        let s = if found == 1 { "" } else { "s" };
        // What was not finished: a search's solutions, or what a making
        // mode makes.
        let unfinished = match mode {
            Mode::Rate(_) => Some("the rating"),
            Mode::Canon(_) => Some("the canonical form"),
            Mode::Transform(_) => Some("the transformed puzzle"),
            Mode::Explain | Mode::Hint => Some("the logical path"),
            _ => None,
        };
        let message = match (cut, unfinished) {
            (Some(Cut::Signal), Some(what)) => Some(format!("interrupted: {what} is not complete")),
            (Some(Cut::Signal), None) => Some(format!("interrupted after {found} solution{s}")),
            (Some(Cut::Time), Some(what)) => Some(format!(
                "stopped by the time limit: {what} is not complete"
            )),
            (Some(Cut::Time), None) => Some(format!(
                "stopped by the time limit after {found} solution{s}: the search is not complete"
            )),
            (Some(Cut::Nodes(max)), Some(what)) => Some(format!(
                "stopped by the node limit ({max} nodes): {what} is not complete"
            )),
            (Some(Cut::Nodes(max)), None) => Some(format!(
                "stopped by the node limit ({max} nodes) after {found} solution{s}: the search is not complete"
            )),
            (None, _) if status == Status::None => {
                Some(why_none.unwrap_or_else(|| "no solution".to_string()))
            }
            (None, _) => None,
        };
        Verdict {
            status,
            diagnostic: message.map(|message| Diagnostic {
                line,
                column: None,
                message,
            }),
            stats,
            cut,
        }
    }
}

/// One record and what came of it: what the writers write.
#[derive(Debug)]
pub struct Report<'a> {
    /// The record's first line.
    pub line: usize,
    /// The puzzle, unless the text is none.
    pub puzzle: Option<&'a Grid>,
    pub answer: Answer,
    pub verdict: Verdict,
}

impl<'a> Report<'a> {
    /// The report of a record that is no valid puzzle.
    pub fn invalid(
        line: usize,
        puzzle: Option<&'a Grid>,
        diagnostic: Diagnostic,
        stats: Option<PuzzleStats>,
    ) -> Report<'a> {
        Report {
            line,
            puzzle,
            answer: Answer::Nothing,
            verdict: Verdict {
                status: Status::Invalid,
                diagnostic: Some(diagnostic),
                stats,
                cut: None,
            },
        }
    }
}
