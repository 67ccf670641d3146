//! `dlx cover --verify SOLUTIONS`: claimed solutions checked against the
//! problem.
//!
//! The solutions are blocks of option lines separated by blank lines, as
//! `dlx cover` prints them. Each line names an option by its items, in any
//! order, with their colors (`x:red`); it stands for the problem's option
//! with the same items and colors. A solution passes when its options
//! cover every primary item exactly once and no secondary item twice
//! (options that give a secondary item the same color may share it).

use std::collections::HashMap;
use std::io::{self, BufRead, Write};

use anyhow::{Context, Result};
use dlx::{OptionId, Problem, VerifyError};

use crate::terminal::{diagnose, located, Status};

/// An option by its items and their colors, sorted by item.
type Key = Vec<(usize, Option<String>)>;

/// The options of a problem by their items.
struct Options<'p> {
    problem: &'p Problem,
    by_key: HashMap<Key, OptionId>,
}

impl<'p> Options<'p> {
    fn new(problem: &'p Problem) -> Options<'p> {
        let mut by_key = HashMap::new();
        for (id, entries) in problem.options() {
            let mut key: Key = entries
                .iter()
                .map(|e| {
                    let color = e.color.and_then(|c| problem.color_name(c));
                    (e.item, color.map(str::to_string))
                })
                .collect();
            key.sort();
            by_key.entry(key).or_insert(id);
        }
        Options { problem, by_key }
    }

    /// The option a line names, or why there is none.
    fn find(&self, line: &str) -> Result<OptionId, String> {
        let mut key = Key::new();
        for word in line.split_whitespace() {
            let (name, color) = match word.split_once(':') {
                Some((name, color)) => (name, Some(color.to_string())),
                None => (word, None),
            };
            let item = self
                .problem
                .item(name)
                .ok_or_else(|| format!("unknown item '{name}'"))?;
            key.push((item, color));
        }
        key.sort();
        self.by_key
            .get(&key)
            .copied()
            .ok_or_else(|| format!("'{}' is not an option of the problem", line.trim()))
    }
}

/// A solution read: its options and the line of each.
struct Claim {
    number: usize,
    first_line: usize,
    options: Vec<(OptionId, usize)>,
    bad: bool,
}

/// Checks the solutions `reader` gives (named `name` in messages) against
/// `problem`: each bad one is named on stderr, a summary goes to stdout.
///
/// # Errors
///
/// When the solutions cannot be read or stdout cannot be written.
pub fn run(problem: &Problem, name: &str, reader: impl BufRead) -> Result<Status> {
    let options = Options::new(problem);
    let mut claims: Vec<Claim> = Vec::new();
    let mut open = false;
    for (k, line) in reader.lines().enumerate() {
        let line = line.with_context(|| format!("cannot read {name}"))?;
        let number = k + 1;
        if line.trim().is_empty() {
            open = false;
            continue;
        }
        if !open {
            claims.push(Claim {
                number: claims.len() + 1,
                first_line: number,
                options: Vec::new(),
                bad: false,
            });
            open = true;
        }
        let Some(claim) = claims.last_mut() else {
            continue;
        };
        match options.find(&line) {
            Ok(id) => claim.options.push((id, number)),
            Err(why) => {
                diagnose(format_args!(
                    "{}: solution {}: {why}",
                    located(name, Some(number), None),
                    claim.number
                ));
                claim.bad = true;
            }
        }
    }
    let mut seen: HashMap<Vec<OptionId>, usize> = HashMap::new();
    let mut bad = 0;
    for claim in &claims {
        if claim.bad {
            bad += 1;
            continue;
        }
        let ids: Vec<OptionId> = claim.options.iter().map(|&(id, _)| id).collect();
        if let Err(e) = problem.verify(&ids) {
            let (line, why) = explain(problem, claim, &e);
            diagnose(format_args!(
                "{}: solution {}: {why}",
                located(name, Some(line), None),
                claim.number
            ));
            bad += 1;
            continue;
        }
        let mut sorted = ids;
        sorted.sort();
        let first = *seen.entry(sorted).or_insert(claim.number);
        if first != claim.number {
            diagnose(format_args!(
                "{}: solution {}: the same as solution {first}",
                located(name, Some(claim.first_line), None),
                claim.number
            ));
            bad += 1;
        }
    }
    let mut out = io::stdout().lock();
    let solutions = claims.len();
    let plural = if solutions == 1 { "" } else { "s" };
    if bad == 0 {
        writeln!(out, "{solutions} solution{plural} checked: all valid")?;
    } else {
        writeln!(out, "{solutions} solution{plural} checked: {bad} invalid")?;
    }
    out.flush()?;
    Ok(if bad == 0 {
        Status::Solved
    } else {
        Status::Failed
    })
}

/// The line to blame for a failed check, and the words for it.
fn explain(problem: &Problem, claim: &Claim, error: &VerifyError) -> (usize, String) {
    match error {
        VerifyError::Overlap(item) => {
            // The line of the second option that names the item.
            let index = problem.item(item);
            let line = claim
                .options
                .iter()
                .filter(|(id, _)| {
                    problem
                        .option(*id)
                        .unwrap_or_default()
                        .iter()
                        .any(|e| Some(e.item) == index)
                })
                .nth(1)
                .map_or(claim.first_line, |&(_, line)| line);
            (line, format!("item '{item}' covered twice"))
        }
        VerifyError::Uncovered(item) => (
            claim.first_line,
            format!("primary item '{item}' not covered"),
        ),
        VerifyError::RepeatedOption(id) => {
            let lines: Vec<usize> = claim
                .options
                .iter()
                .filter(|(other, _)| other == id)
                .map(|&(_, line)| line)
                .collect();
            let line = lines.get(1).copied().unwrap_or(claim.first_line);
            (
                line,
                format!("option '{}' named twice", dlx::option_text(problem, *id)),
            )
        }
        other => (claim.first_line, other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_found_by_their_items_in_any_order_with_colors() {
        let problem = dlx::parse("a b | x\na x:red\nb x:blue\na b\n").unwrap();
        let options = Options::new(&problem);
        let ids: Vec<OptionId> = problem.options().map(|(id, _)| id).collect();
        assert_eq!(options.find("x:red a"), Ok(ids[0]));
        assert_eq!(options.find("b  x:blue"), Ok(ids[1]));
        assert_eq!(options.find("b a"), Ok(ids[2]));
        assert!(options
            .find("a x:blue")
            .unwrap_err()
            .contains("not an option"));
        assert!(options.find("a x").unwrap_err().contains("not an option"));
        assert_eq!(options.find("a q").unwrap_err(), "unknown item 'q'");
    }
}
