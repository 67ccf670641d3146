//! The limits of a run (`--limit`, `--max-nodes`, `--time-limit`, a
//! signal) and how a stopped search is named.
//!
//! A search stopped by the node limit, the time limit or a signal has not
//! explored the whole tree: its count is a lower bound, never "no
//! solution". Reaching `--limit K` solutions is what was asked for.

use dlx::Outcome;

use crate::interrupt;
use crate::runner::record::Record;

/// Why a search ended before the whole tree was explored. Ordered by
/// weight: when the pieces of one run stop for different reasons, the
/// heaviest names the run's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Stop {
    /// `--limit K` solutions were found: a success.
    SolutionLimit,
    /// `--max-nodes` nodes were visited.
    NodeLimit,
    /// `--time-limit` passed.
    TimeLimit,
    /// A signal (Ctrl-C, SIGTERM) came.
    Interrupted,
}

impl Stop {
    /// The reason a search with this outcome stopped, if one did.
    pub fn of(outcome: Outcome) -> Option<Stop> {
        match outcome {
            Outcome::SolutionLimit | Outcome::Stopped => Some(Stop::SolutionLimit),
            Outcome::NodeLimit => Some(Stop::NodeLimit),
            Outcome::Cancelled if interrupt::timed_out() => Some(Stop::TimeLimit),
            Outcome::Cancelled => Some(Stop::Interrupted),
            _ => None,
        }
    }

    /// Its name in output, as JSON's `"stopped"` gives it.
    pub fn name(self) -> &'static str {
        match self {
            Stop::SolutionLimit => "solution limit",
            Stop::NodeLimit => "node limit",
            Stop::TimeLimit => "time limit",
            Stop::Interrupted => "interrupted",
        }
    }

    /// Whether the run stopped short of what was asked: all but the
    /// solution limit.
    pub fn is_short(self) -> bool {
        self != Stop::SolutionLimit
    }
}

impl Record {
    /// The record of a count that ended so. Here rather than in `record`,
    /// which knows nothing else of the runner: the fuzz targets read
    /// records without it.
    pub fn count(count: u128, stop: Option<Stop>) -> Record {
        Record {
            count,
            complete: stop.is_none(),
            interrupted: stop == Some(Stop::Interrupted),
            stopped: stop.filter(|s| s.is_short()).map(|s| s.name().to_string()),
            ..Record::default()
        }
    }
}

/// The heavier of two reasons to stop (none is lightest).
pub fn heavier(a: Option<Stop>, b: Option<Stop>) -> Option<Stop> {
    a.max(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_count_keeps_its_three_fields() {
        assert_eq!(
            Record::count(52, None).line(),
            "{\"count\":52,\"complete\":true,\"interrupted\":false}\n"
        );
        assert_eq!(
            Record::count(5, Some(Stop::NodeLimit)).line(),
            "{\"count\":5,\"complete\":false,\"interrupted\":false,\"stopped\":\"node limit\"}\n"
        );
    }
}
