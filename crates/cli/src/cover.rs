//! `dlx cover`: a problem in Knuth's DLX text format, read and run.

use std::fs::File;
use std::io::{self, BufReader};
use std::path::PathBuf;

use anyhow::{bail, Context, Result};

use crate::run::{self, Run};
use crate::{diagnose, interrupt, located, Status};

/// `dlx cover`.
#[derive(Clone, Debug, clap::Args)]
pub struct Args {
    /// A problem in Knuth's DLX format (stdin when absent or '-'): a line of
    /// item names (primary, then '|' and secondary ones), then one option
    /// per line; secondary items may carry a color, `item:color`; lines that
    /// start with '|' are comments.
    file: Option<PathBuf>,
    #[command(flatten)]
    run: Run,
}

/// `dlx cover`: read the problem, then run it.
pub fn run(args: Args) -> Result<Status> {
    let (problem, name) = match &args.file {
        Some(path) if path.as_os_str() != "-" => {
            let file =
                File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
            let problem = interrupt::reading(|| dlx::read_lenient(BufReader::new(file)));
            (problem, path.display().to_string())
        }
        _ => (
            interrupt::reading(|| dlx::read_lenient(io::stdin().lock())),
            "<stdin>".to_string(),
        ),
    };
    let problem = match problem {
        Ok((problem, skipped)) => {
            // As Knuth's programs do: an option without a primary item can
            // never be chosen; say so and go on.
            for skip in skipped {
                let warning = &skip.warning;
                diagnose(format_args!(
                    "{}: warning: {}; option ignored",
                    located(&name, warning.line(), warning.column()),
                    warning.kind()
                ));
            }
            problem
        }
        // No fault of the text: the file cannot be read, or the problem is
        // too large for this machine.
        Err(e)
            if matches!(
                e.kind(),
                dlx::ErrorKind::Io(_) | dlx::ErrorKind::OutOfMemory { .. }
            ) =>
        {
            bail!("{}: {}", located(&name, e.line(), e.column()), e.kind())
        }
        // The text is no problem: an invalid input, status 1 as for sudoku.
        Err(e) => {
            diagnose(format_args!(
                "{}: {}",
                located(&name, e.line(), e.column()),
                e.kind()
            ));
            return Ok(Status::Failed);
        }
    };
    run::solve(&problem, &args.run, |out, problem, solution| {
        for &id in solution {
            writeln!(out, "{}", dlx::option_text(problem, id))?;
        }
        Ok(())
    })
}
