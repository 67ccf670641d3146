//! What a run says to its terminal: the exit status, diagnostics on
//! stderr in the `FILE:LINE:COL: message` form, and the progress bar.
//!
//! Output goes to stdout, diagnostics to stderr. A closed pipe (`dlx ... |
//! head`) ends the program quietly with status 0; a closed or full stderr
//! loses the diagnostics, never the run. A stdout on `/dev/null` is an
//! output thrown away on purpose however it was opened (Python's
//! `subprocess.DEVNULL` opens it read-write), and a success.

use std::fmt::Display;
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::interrupt;

/// The exit statuses, the same for every command: in `dlx --help` and at
/// the end of each command's long help.
pub const EXIT_STATUS: &str = "\
Exit status: 0 solved; 1 some input had no solution or was invalid (a
puzzle with several solutions for sudoku --rate, a bad solution for cover
--verify, a missing, foreign or edited piece for merge); 2 usage errors,
unreadable files, a stdout that cannot be written, a problem too large for
the memory;
3 a search stopped by --max-nodes or --time-limit before its end (not 'no
solution'); 130 interrupted (Ctrl-C, SIGTERM).";

/// The exit status of a run that went to the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Every input was solved.
    Solved,
    /// Some input had no solution or was invalid.
    Failed,
    /// A signal stopped the run; what was done is written.
    Interrupted,
    /// A limit (`--max-nodes`, `--time-limit`) stopped a search before its
    /// end; what was found is written.
    Stopped,
}

/// The exit status of a run stopped by `--max-nodes` or `--time-limit`.
pub const STOPPED_STATUS: u8 = 3;

/// The exit code of a command's result: an error is reported here, with
/// its whole chain of causes, unless it is a write to a closed pipe (the
/// reader had what it wanted: a success).
pub fn exit_code(result: anyhow::Result<Status>) -> ExitCode {
    match result {
        Ok(Status::Solved) => ExitCode::SUCCESS,
        Ok(Status::Failed) => ExitCode::from(1),
        Ok(Status::Interrupted) => ExitCode::from(interrupt::EXIT_STATUS),
        Ok(Status::Stopped) => ExitCode::from(STOPPED_STATUS),
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            diagnose(format_args!("dlx: error: {e:#}"));
            ExitCode::from(2)
        }
    }
}

/// Whether the error (or one of its causes) is a write to a closed pipe.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// Writes one line to stderr. A closed or full stderr loses the line, and
/// nothing else: `eprintln!` would panic there.
pub fn diagnose(line: impl Display) {
    let _ = writeln!(io::stderr().lock(), "{line}");
}

/// `FILE:LINE:COLUMN`, the place of a diagnostic, as much of it as is known
/// (`FILE:LINE`, or `FILE`). Every diagnostic that points into a file
/// starts with it and a colon: the form compilers use, which editors jump to.
pub fn located(name: &str, line: Option<usize>, column: Option<usize>) -> String {
    match (line, column) {
        (Some(line), Some(column)) => format!("{name}:{line}:{column}"),
        (Some(line), None) => format!("{name}:{line}"),
        _ => name.to_string(),
    }
}

/// A progress bar over `total` steps (or a spinner when the total is
/// unknown), hidden unless stderr is a terminal and stdout is not, so that
/// a bar never shares a line with the answers (a user typing puzzles at a
/// terminal reads the answers there).
pub fn progress_bar(total: Option<u64>, what: &str) -> ProgressBar {
    if !io::stderr().is_terminal() || io::stdout().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = match total {
        Some(total) => ProgressBar::new(total).with_style(
            ProgressStyle::with_template(&format!(
                "{{spinner}} [{{elapsed_precise}}] {{wide_bar}} {{pos}}/{{len}} {what} {{msg}}"
            ))
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        ),
        None => ProgressBar::new_spinner().with_style(
            ProgressStyle::with_template(&format!(
                "{{spinner}} [{{elapsed_precise}}] {{pos}} {what} {{msg}}"
            ))
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        ),
    };
    bar.set_draw_target(ProgressDrawTarget::stderr_with_hz(4));
    bar.enable_steady_tick(Duration::from_millis(250));
    bar
}
