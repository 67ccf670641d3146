//! The limits of a run (`--limit`, `--max-nodes`, `--time-limit`, a
//! signal) and how a stopped search is named.
//!
//! A search stopped by the node limit, the time limit or a signal has not
//! explored the whole tree: its count is a lower bound, never "no
//! solution". Reaching `--limit K` solutions is what was asked for.

use std::sync::{Condvar, Mutex};
use std::time::Duration;

use dlx::Outcome;

use crate::interrupt;

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

/// The heavier of two reasons to stop (none is lightest).
pub fn heavier(a: Option<Stop>, b: Option<Stop>) -> Option<Stop> {
    a.max(b)
}

/// The nodes a run may still visit (`--max-nodes`), shared by its
/// workers: each takes a slice before searching and gives back what it did
/// not use, so the run never visits more than the limit. A worker that
/// finds the budget empty while others hold slices waits for what they give
/// back: the limit is spent only when no node is left and none is lent, so a
/// limit the whole tree fits in never stops a run, whatever the threads.
#[derive(Debug)]
pub struct Budget {
    state: Option<Mutex<Purse>>,
    returned: Condvar,
}

/// The nodes not yet handed out, and those handed out and not yet
/// accounted for.
#[derive(Debug)]
struct Purse {
    left: u64,
    lent: u64,
}

impl Budget {
    /// A budget of `max` nodes, or an unlimited one.
    pub fn new(max: Option<u64>) -> Budget {
        Budget {
            state: max.map(|left| Mutex::new(Purse { left, lent: 0 })),
            returned: Condvar::new(),
        }
    }

    /// Takes up to `want` nodes, waiting while the budget is empty but
    /// other workers hold slices; 0 when the budget is spent. Each grant
    /// is settled with [`Budget::settle`].
    pub fn take(&self, want: u64) -> u64 {
        let Some(state) = &self.state else {
            return want;
        };
        let mut purse = state.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if purse.left > 0 || purse.lent == 0 || want == 0 {
                let grant = purse.left.min(want);
                purse.left -= grant;
                purse.lent += grant;
                return grant;
            }
            purse = self.returned.wait(purse).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// Settles a grant of `granted` nodes of which `used` were visited:
    /// the rest goes back to the budget.
    pub fn settle(&self, granted: u64, used: u64) {
        if let Some(state) = &self.state {
            let mut purse = state.lock().unwrap_or_else(|e| e.into_inner());
            purse.lent -= granted.min(purse.lent);
            purse.left += granted.saturating_sub(used);
            self.returned.notify_all();
        }
    }

    /// Spends `nodes` visited outside any slice (the walk that cut the
    /// tree into pieces).
    pub fn spend(&self, nodes: u64) {
        let grant = self.take(nodes);
        self.settle(grant, grant);
    }
}

/// A duration on the command line: seconds (`90`, `1.5`), or a number with
/// a unit `s`, `m` or `h` (`30s`, `10m`, `2h`).
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let bad = || format!("expected a time in seconds (or with s, m, h), found '{text}'");
    let trimmed = text.trim();
    let (number, unit) = match trimmed.char_indices().last() {
        Some((at, 's')) => (&trimmed[..at], 1.0),
        Some((at, 'm')) => (&trimmed[..at], 60.0),
        Some((at, 'h')) => (&trimmed[..at], 3600.0),
        _ => (trimmed, 1.0),
    };
    let value: f64 = number.trim().parse().map_err(|_| bad())?;
    if !(value.is_finite() && value > 0.0) {
        return Err(bad());
    }
    Duration::try_from_secs_f64(value * unit).map_err(|_| bad())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_is_never_overdrawn() {
        let budget = Budget::new(Some(10));
        assert_eq!(budget.take(4), 4);
        assert_eq!(budget.take(8), 6);
        budget.settle(4, 4);
        budget.settle(6, 3);
        assert_eq!(budget.take(5), 3);
        budget.settle(3, 3);
        assert_eq!(budget.take(1), 0);
        assert_eq!(Budget::new(None).take(7), 7);
    }

    #[test]
    fn a_worker_waits_for_the_nodes_another_gives_back() {
        let budget = Budget::new(Some(10));
        assert_eq!(budget.take(10), 10);
        std::thread::scope(|scope| {
            let waiter = scope.spawn(|| budget.take(10));
            std::thread::sleep(std::time::Duration::from_millis(20));
            budget.settle(10, 7);
            assert_eq!(waiter.join().unwrap(), 3);
        });
        budget.settle(3, 3);
        assert_eq!(budget.take(1), 0);
    }

    #[test]
    fn durations_take_units() {
        assert_eq!(parse_duration("90"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_duration("1.5"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_duration("10m"), Ok(Duration::from_secs(600)));
        assert_eq!(parse_duration("2h"), Ok(Duration::from_secs(7200)));
        assert_eq!(parse_duration("0.5s"), Ok(Duration::from_millis(500)));
        for bad in ["", "0", "-1", "x", "1d", "nan", "infs"] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
    }
}
