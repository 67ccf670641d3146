//! What `dlx sudoku` asks of each puzzle, what its workers share, and the
//! totals of a run: its summary and its exit status.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{bail, Result};

use super::flags::{Format, Mode};
use crate::interrupt;
use crate::terminal::{diagnose, Status};

/// Everything a worker needs to turn a record into its output.
pub struct Job {
    pub mode: Mode,
    pub format: Format,
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
    /// Puzzles --rate could not rate or --explain could not solve
    /// (several solutions, or a path of --rate=se that stalled).
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

impl Summary {
    /// The exit status of the run, and what stderr says of how it ended:
    /// cut short (a signal, the time limit of `seconds`), files that could
    /// not be read, puzzles stopped by the node limit of `max_nodes`.
    ///
    /// # Errors
    ///
    /// Some of the `inputs` files could not be read (each was reported
    /// when met): status 2.
    pub fn status(
        &self,
        seconds: f64,
        max_nodes: Option<u64>,
        unreadable: &[String],
        inputs: usize,
    ) -> Result<Status> {
        // A signal between two searches stops the next one; after the last,
        // there is nothing left to stop, but the run was still cut short.
        if self.cut_short > 0 || interrupt::interrupted() {
            if interrupt::timed_out() {
                let answered = self.puzzles - self.cut_short;
                let s = if answered == 1 { "" } else { "s" };
                diagnose(format_args!(
                    "dlx: stopped by the time limit ({seconds:.1} s) after {answered} puzzle{s}"
                ));
                return Ok(Status::Stopped);
            }
            diagnose("dlx: interrupted");
            return Ok(Status::Interrupted);
        }
        if !unreadable.is_empty() {
            bail!(
                "{} of {inputs} inputs could not be read: {}",
                unreadable.len(),
                unreadable.join(", ")
            );
        }
        if self.stopped > 0 {
            let (s, whose) = if self.stopped == 1 {
                ("", "its search is")
            } else {
                ("s", "their searches are")
            };
            diagnose(format_args!(
                "dlx: {} puzzle{s} stopped by the node limit ({} nodes): {whose} not complete",
                self.stopped,
                max_nodes.unwrap_or_default()
            ));
            return Ok(Status::Stopped);
        }
        Ok(if self.none + self.invalid + self.unrated == 0 {
            Status::Solved
        } else {
            Status::Failed
        })
    }

    /// The summary of a run with --stats, on stderr.
    pub fn print(&self, elapsed: Duration) {
        let summary = self;
        let seconds = elapsed.as_secs_f64();
        let rate = if seconds > 0.0 {
            summary.puzzles as f64 / seconds
        } else {
            0.0
        };
        let mut interrupted = String::new();
        if summary.unrated > 0 {
            interrupted.push_str(&format!(
                ", {} not rated or explained (several solutions, or a stalled path)",
                summary.unrated
            ));
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
}
