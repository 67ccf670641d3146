//! The outside clues: skyscrapers, X-sums and numbered rooms, the rules
//! written beside a row or a column that read the line from the clue's
//! side.
//!
//! Each is a chain read along the line from the clue (devices): its
//! states are the greatest digit so far and the skyscrapers seen
//! (skyscrapers), the first digit and the partial sum (X-sums), the first
//! digit (numbered rooms). The exact cover then sees every digit a chain
//! allows, so no propagation is needed beside it.

use std::fmt;

use super::devices::Builder;
use super::{Cell, Constraint, Family, Filled, Line, Rules, Statement};
use crate::error::LayoutError;
use crate::read::strings::{Item, ItemError};

/// Where an outside clue stands, beside a row or a column (from 0): the
/// clue reads the line from its side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outside {
    /// Left of row `r`.
    Left(usize),
    /// Right of row `r`.
    Right(usize),
    /// Above column `c`.
    Top(usize),
    /// Below column `c`.
    Bottom(usize),
}

impl Outside {
    /// The line's cells on a grid of side `n`, from the clue's side.
    pub fn cells(self, n: usize) -> Vec<Cell> {
        let (line, from_end) = match self {
            Outside::Left(r) => (Line::Row(r), false),
            Outside::Right(r) => (Line::Row(r), true),
            Outside::Top(c) => (Line::Column(c), false),
            Outside::Bottom(c) => (Line::Column(c), true),
        };
        let mut cells = line.cells(n);
        if from_end {
            cells.reverse();
        }
        cells
    }

    /// Reads `r1 left`, `r1 right`, `c1 top` or `c1 bottom`.
    fn parse(text: &str) -> Option<Outside> {
        let mut words = text.split_whitespace();
        let (line, side) = (Line::parse(words.next()?)?, words.next()?);
        if words.next().is_some() {
            return None;
        }
        match (line, side.to_ascii_lowercase().as_str()) {
            (Line::Row(r), "left") => Some(Outside::Left(r)),
            (Line::Row(r), "right") => Some(Outside::Right(r)),
            (Line::Column(c), "top") => Some(Outside::Top(c)),
            (Line::Column(c), "bottom") => Some(Outside::Bottom(c)),
            _ => None,
        }
    }
}

impl fmt::Display for Outside {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Outside::Left(r) => write!(f, "r{} left", r + 1),
            Outside::Right(r) => write!(f, "r{} right", r + 1),
            Outside::Top(c) => write!(f, "c{} top", c + 1),
            Outside::Bottom(c) => write!(f, "c{} bottom", c + 1),
        }
    }
}

/// The family of outside clues.
pub(super) struct OutsideClues;

/// The one [`OutsideClues`].
pub(super) const OUTSIDE: OutsideClues = OutsideClues;

impl Family for OutsideClues {
    fn keywords(&self) -> &'static [&'static str] {
        &["skyscraper", "x-sum", "numbered-room"]
    }

    fn parse(&self, s: &Statement<'_>) -> Option<Result<Constraint, LayoutError>> {
        let parse = |s: &Statement<'_>| -> Result<Constraint, LayoutError> {
            s.max_args(1)?;
            let value = s.required(0)?;
            let Some(clue) = Outside::parse(s.tail) else {
                let reason = format!(
                    "{:?} is no side of a line: r1 left, r1 right, c1 top or c1 bottom",
                    s.tail.trim()
                );
                return Err(s.bad(reason));
            };
            Ok(match s.keyword.as_str() {
                "skyscraper" => Constraint::Skyscraper { clue, count: value },
                "x-sum" => Constraint::XSum { clue, sum: value },
                _ => Constraint::NumberedRoom {
                    clue,
                    digit: u8::try_from(value)
                        .map_err(|_| s.bad(format!("{value} is no digit")))?,
                },
            })
        };
        matches!(s.keyword.as_str(), "skyscraper" | "x-sum" | "numbered-room").then(|| parse(s))
    }

    fn write(&self, constraint: &Constraint, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match constraint {
            Constraint::Skyscraper { clue, count } => write!(f, "skyscraper {count}: {clue}"),
            Constraint::XSum { clue, sum } => write!(f, "x-sum {sum}: {clue}"),
            Constraint::NumberedRoom { clue, digit } => write!(f, "numbered-room {digit}: {clue}"),
            _ => unreachable!("{constraint:?} is no outside clue"),
        }
    }

    fn name(&self, constraint: &Constraint) -> &'static str {
        match constraint {
            Constraint::Skyscraper { .. } => "skyscraper",
            Constraint::XSum { .. } => "X-sum",
            Constraint::NumberedRoom { .. } => "numbered room",
            _ => unreachable!("{constraint:?} is no outside clue"),
        }
    }

    fn cells(&self, constraint: &Constraint, n: usize) -> Vec<Cell> {
        clue(constraint).cells(n)
    }

    fn validate(&self, constraint: &Constraint, n: usize) -> Result<(), String> {
        let n32 = n as u32;
        match *constraint {
            Constraint::Skyscraper { count, .. } if !(1..=n32).contains(&count) => Err(format!(
                "{count} skyscrapers cannot be seen along a line of {n}: 1 to {n}"
            )),
            Constraint::XSum { sum, .. } if !(1..=n32 * (n32 + 1) / 2).contains(&sum) => {
                Err(format!("no first digits of a line of {n} sum to {sum}"))
            }
            Constraint::NumberedRoom { digit, .. } if !(1..=n).contains(&usize::from(digit)) => {
                Err(format!("{digit} is no digit of a {n}x{n} grid"))
            }
            _ => Ok(()),
        }
    }

    fn broken(&self, constraint: &Constraint, grid: &Filled<'_>) -> Option<[Cell; 2]> {
        let cells = clue(constraint).cells(grid.n);
        if !grid.all_filled(&cells) {
            return None;
        }
        let digits: Vec<u32> = cells.iter().map(|&c| grid.get(c)).collect();
        let x = digits[0] as usize;
        let kept = match *constraint {
            Constraint::Skyscraper { count, .. } => {
                let mut tallest = 0;
                let seen = digits
                    .iter()
                    .filter(|&&d| {
                        let taller = d > tallest;
                        tallest = tallest.max(d);
                        taller
                    })
                    .count();
                seen == count as usize
            }
            Constraint::XSum { sum, .. } => {
                x <= digits.len() && digits[..x].iter().sum::<u32>() == sum
            }
            Constraint::NumberedRoom { digit, .. } => {
                x >= 1 && x <= digits.len() && digits[x - 1] == u32::from(digit)
            }
            _ => unreachable!("{constraint:?} is no outside clue"),
        };
        (!kept).then(|| [cells[0], cells[cells.len() - 1]])
    }

    fn encode(&self, constraint: &Constraint, b: &mut Builder<'_>) {
        let cells = b.indices(&clue(constraint).cells(b.n));
        match *constraint {
            Constraint::Skyscraper { count, .. } => {
                // State: the tallest so far, and how many are seen (<< 8).
                let count = u64::from(count);
                b.chain(
                    &cells,
                    0,
                    &|_, s, d| {
                        let (tallest, seen) = (s & 255, s >> 8);
                        let d = u64::from(d);
                        if d > tallest {
                            (seen < count).then_some((seen + 1) << 8 | d)
                        } else {
                            Some(s)
                        }
                    },
                    &|s| s >> 8 == count,
                );
            }
            Constraint::XSum { sum, .. } => {
                // State: the first digit X (<< 16) and the sum of the
                // first digits read, up to X of them.
                let sum = u64::from(sum);
                b.chain(
                    &cells,
                    0,
                    &|k, s, d| {
                        let d = u64::from(d);
                        let (x, partial) = if k == 0 {
                            (d, 0)
                        } else {
                            (s >> 16, s & 0xffff)
                        };
                        let partial = if (k as u64) < x { partial + d } else { partial };
                        (partial <= sum).then_some(x << 16 | partial)
                    },
                    &|s| s & 0xffff == sum,
                );
            }
            Constraint::NumberedRoom { digit, .. } => {
                // State: the first digit X; the X-th digit must be `digit`.
                let digit = u64::from(digit);
                b.chain(
                    &cells,
                    0,
                    &|k, s, d| {
                        let d = u64::from(d);
                        let x = if k == 0 { d } else { s };
                        (k as u64 + 1 != x || d == digit).then_some(x)
                    },
                    &|_| true,
                );
            }
            _ => unreachable!("{constraint:?} is no outside clue"),
        }
    }
}

/// The side an outside clue stands on.
fn clue(constraint: &Constraint) -> Outside {
    match *constraint {
        Constraint::Skyscraper { clue, .. }
        | Constraint::XSum { clue, .. }
        | Constraint::NumberedRoom { clue, .. } => clue,
        _ => unreachable!("{constraint:?} is no outside clue"),
    }
}

/// Reads an item of the constraint strings of one of the outside clues'
/// types in [`STRINGS`](super::STRINGS) into `out`: `XSum~R1~a~b`,
/// `Skyscraper~C2~a~b`, `NumberedRoom~R3~a~b`, the clue `a` read from the
/// left (top) and `b` from the right (bottom), either empty for none.
pub(super) fn strings(item: &Item<'_>, out: &mut Rules) -> Result<(), ItemError> {
    let line = item.line(0)?;
    let sides = match line {
        Line::Row(r) => [Outside::Left(r), Outside::Right(r)],
        Line::Column(c) => [Outside::Top(c), Outside::Bottom(c)],
    };
    for (k, clue) in [1, 2].into_iter().zip(sides) {
        let Some(value) = item.clue(k)? else {
            continue;
        };
        let constraint = match item.kind {
            "XSum" => Constraint::XSum { clue, sum: value },
            "Skyscraper" => Constraint::Skyscraper { clue, count: value },
            "NumberedRoom" => Constraint::NumberedRoom {
                clue,
                digit: u8::try_from(value)
                    .ok()
                    .filter(|&d| (1..=item.n).contains(&usize::from(d)))
                    .ok_or_else(|| {
                        item.error(k, format!("{value} is no digit from 1 to {}", item.n))
                    })?,
            },
            _ => return Err(item.error(0, "no type of the outside clues")),
        };
        out.constraints.push((item.kind.to_string(), constraint));
    }
    Ok(())
}
