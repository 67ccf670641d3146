//! `dlx cover`: a problem in Knuth's DLX text format, read and run.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::{bail, Result};
use dlx::{OptionId, Problem};

use crate::interrupt;
use crate::runner::{self, Print, Run};
use crate::terminal::{diagnose, located, Status};

/// `dlx cover`.
#[derive(Clone, Debug, clap::Args)]
#[command(mut_arg("format", |format| format.long_help(FORMAT_HELP)))]
pub struct Args {
    /// A problem in Knuth's DLX format (stdin when absent or '-'): a line of
    /// item names (primary, then '|' and secondary ones), then one option
    /// per line; secondary items may carry a color, `item:color`; lines that
    /// start with '|' are comments.
    file: Option<PathBuf>,
    /// Check the solutions of file SOLUTIONS against the problem instead of
    /// solving it: blocks of option lines separated by blank lines, as
    /// 'dlx cover' prints them, each line an option of the problem by its
    /// items (in any order, with their colors). Each bad solution is named
    /// on stderr (SOLUTIONS:LINE: solution K: why); the status is 0 when
    /// all are valid, 1 otherwise.
    #[arg(long, value_name = "SOLUTIONS")]
    verify: Option<PathBuf>,
    #[command(flatten)]
    run: Run,
}

const FORMAT_HELP: &str = crate::runner::format_help!(
    "each solution as its option lines, as the input has them;",
    "options numbers the solution's\n\
options by their place among the option lines of the input, from 0,\n\
counting the options ignored for want of a primary item; texts gives\n\
those options as Knuth's format writes them."
);

/// `dlx cover`: read the problem, then run it.
pub fn run(args: Args) -> Result<Status> {
    let (name, input) = crate::args::open(args.file.as_deref().unwrap_or("-".as_ref()))?;
    let problem = interrupt::reading(|| dlx::read_lenient(input));
    let (problem, lines) = match problem {
        Ok((problem, skipped)) => {
            let lines = OptionLines::new(problem.option_count(), &skipped);
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
            (problem, lines)
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
    if let Some(path) = &args.verify {
        let (name, input) = crate::args::open(path)?;
        return crate::verify::run(&problem, &name, input);
    }
    runner::solve(&problem, &args.run, &lines)
}

/// Solutions shown as the input has them: each option as its line of
/// text, and numbered in JSON by its place among the option lines of the
/// input (from 0), the ones skipped for want of a primary item counted.
struct OptionLines {
    /// The place of each option kept, by id; empty when none was skipped,
    /// and places and ids are the same.
    places: Vec<usize>,
}

impl OptionLines {
    /// The places of the `kept` options read when the reader skipped
    /// `skipped`.
    fn new(kept: usize, skipped: &[dlx::Skipped]) -> OptionLines {
        if skipped.is_empty() {
            return OptionLines { places: Vec::new() };
        }
        let mut skipped: Vec<usize> = skipped.iter().map(|s| s.option).collect();
        skipped.sort_unstable();
        let mut next = skipped.iter().peekable();
        let places = (0..kept + skipped.len())
            .filter(|&place| next.next_if_eq(&&place).is_none())
            .collect();
        OptionLines { places }
    }
}

impl Print for OptionLines {
    fn text(
        &self,
        out: &mut dyn Write,
        problem: &Problem,
        solution: &[OptionId],
    ) -> io::Result<()> {
        for &id in solution {
            writeln!(out, "{}", dlx::option_text(problem, id))?;
        }
        Ok(())
    }

    fn number(&self, option: OptionId) -> usize {
        let id = option.index();
        self.places.get(id).copied().unwrap_or(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_numbered_by_their_place_among_the_option_lines() {
        // Option lines 0, 2 and 3 have no primary item.
        let text = "a b | x y\nx\na\nx\nx y\nb\na b\n";
        let (problem, skipped) = dlx::read_lenient(text.as_bytes()).unwrap();
        let lines = OptionLines::new(problem.option_count(), &skipped);
        let numbers: Vec<usize> = problem.options().map(|(id, _)| lines.number(id)).collect();
        assert_eq!(numbers, [1, 4, 5]);
        // None skipped: the ids.
        let (problem, skipped) = dlx::read_lenient("a b\na\nb\n".as_bytes()).unwrap();
        let lines = OptionLines::new(problem.option_count(), &skipped);
        let numbers: Vec<usize> = problem.options().map(|(id, _)| lines.number(id)).collect();
        assert_eq!(numbers, [0, 1]);
    }
}
