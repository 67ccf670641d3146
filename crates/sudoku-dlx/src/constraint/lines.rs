//! The lines: thermometers, whispers, renban and palindromes, the rules
//! read along a line of cells.
//!
//! Thermometers and whispers forbid pairs of digits along the line
//! (devices: forbidden pairs), renban lines hold one of the runs of
//! consecutive digits (digit sets), and palindromes tie the cells that
//! mirror each other (equality).

use std::fmt;

use dlx::Contradiction;

use super::devices::Builder;
use super::domains::Domains;
use super::{write_cells, Cell, Constraint, Family, Filled, Rules, Statement};
use crate::error::LayoutError;
use crate::fpuzzles::error::FpuzzlesError;
use crate::fpuzzles::fields::{small, Fields};
use crate::read::strings::{Item, ItemError};

/// The family of lines.
pub(super) struct Lines;

/// The one [`Lines`].
pub(super) const LINES: Lines = Lines;

impl Constraint {
    /// German whispers with the usual gap of side `n`: ceil(n/2), 5 on
    /// 9x9 (4 on 8x8, 3 on 6x6).
    pub fn whispers(cells: Vec<Cell>, n: usize) -> Constraint {
        Constraint::Whispers {
            cells,
            gap: n.div_ceil(2).min(255) as u8,
        }
    }
}

impl Family for Lines {
    fn keywords(&self) -> &'static [&'static str] {
        &["thermo", "whispers", "renban", "palindrome"]
    }

    fn parse(&self, s: &Statement<'_>) -> Option<Result<Constraint, LayoutError>> {
        let parse = |s: &Statement<'_>| -> Result<Constraint, LayoutError> {
            let cells = s.cells()?;
            Ok(match s.keyword.as_str() {
                "dutch-whispers" => {
                    s.max_args(0)?;
                    Constraint::Whispers { gap: 4, cells }
                }
                "whispers" => {
                    s.max_args(1)?;
                    // Without a number, gap 0: the side's gap, set when
                    // the layout takes it. A gap written 0 is no whisper.
                    if s.number(0)? == Some(0) {
                        return Err(s.bad("a gap of 0 is no whisper".to_string()));
                    }
                    Constraint::Whispers {
                        gap: s.small(0, 0)?,
                        cells,
                    }
                }
                keyword => {
                    s.max_args(0)?;
                    match keyword {
                        "renban" => Constraint::Renban { cells },
                        "palindrome" => Constraint::Palindrome { cells },
                        _ => Constraint::Thermometer { cells },
                    }
                }
            })
        };
        matches!(
            s.keyword.as_str(),
            "thermo" | "thermometer" | "whispers" | "dutch-whispers" | "renban" | "palindrome"
        )
        .then(|| parse(s))
    }

    fn write(&self, constraint: &Constraint, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match constraint {
            // Gap 0 is the side's gap, not set yet: written without a
            // number, as it is read.
            Constraint::Whispers { gap: 0, .. } => write!(f, "whispers: ")?,
            Constraint::Whispers { gap, .. } => write!(f, "whispers {gap}: ")?,
            other => write!(f, "{}: ", self.keywords()[index(other)])?,
        }
        write_cells(f, &self.cells(constraint, 0))
    }

    fn name(&self, constraint: &Constraint) -> &'static str {
        ["thermometer", "whispers", "renban", "palindrome"][index(constraint)]
    }

    fn cells(&self, constraint: &Constraint, _n: usize) -> Vec<Cell> {
        match constraint {
            Constraint::Thermometer { cells }
            | Constraint::Whispers { cells, .. }
            | Constraint::Renban { cells }
            | Constraint::Palindrome { cells } => cells.clone(),
            _ => unreachable!("{constraint:?} is no line"),
        }
    }

    fn for_side(&self, constraint: Constraint, n: usize) -> Constraint {
        match constraint {
            Constraint::Whispers { cells, gap: 0 } => Constraint::whispers(cells, n),
            other => other,
        }
    }

    fn validate(&self, constraint: &Constraint, _n: usize) -> Result<(), String> {
        if self.cells(constraint, 0).len() < 2 {
            return Err("a line needs two cells or more".to_string());
        }
        match constraint {
            Constraint::Whispers { gap: 0, .. } => Err("a gap of 0 is no whisper".to_string()),
            _ => Ok(()),
        }
    }

    fn broken(&self, constraint: &Constraint, grid: &Filled<'_>) -> Option<[Cell; 2]> {
        match constraint {
            Constraint::Thermometer { cells } => {
                grid.first_pair(cells, &|a, b, gap| b >= a + gap as u32)
            }
            Constraint::Whispers { cells, gap } => {
                grid.first_pair(cells, &|a, b, d| d > 1 || a.abs_diff(b) >= u32::from(*gap))
            }
            Constraint::Renban { cells } => {
                if let Some(pair) = grid.first_pair(cells, &|a, b, _| a != b) {
                    return Some(pair);
                }
                let filled = cells.iter().map(|&c| grid.get(c)).filter(|&d| d != 0);
                let (lo, hi) = (filled.clone().min()?, filled.max()?);
                ((hi - lo) as usize >= cells.len()).then(|| super::ends(cells))
            }
            Constraint::Palindrome { cells } => {
                let m = cells.len();
                (0..m / 2).find_map(|i| {
                    let (p, q) = (cells[i], cells[m - 1 - i]);
                    let (a, b) = (grid.get(p), grid.get(q));
                    (a != 0 && b != 0 && a != b).then_some([p, q])
                })
            }
            _ => unreachable!("{constraint:?} is no line"),
        }
    }

    fn encode(&self, constraint: &Constraint, b: &mut Builder<'_>) {
        let cells = b.indices(&self.cells(constraint, b.n));
        let m = cells.len();
        match constraint {
            Constraint::Thermometer { .. } => {
                for i in 0..m {
                    for j in i + 1..m {
                        let gap = (j - i) as u32;
                        b.forbid(cells[i], cells[j], &|x, y| y < x + gap);
                    }
                }
            }
            Constraint::Whispers { gap, .. } => {
                let gap = u32::from(*gap);
                for w in cells.windows(2) {
                    b.forbid(w[0], w[1], &|x, y| x.abs_diff(y) < gap);
                }
            }
            Constraint::Renban { .. } => {
                let n = b.n;
                let sets: Vec<u64> = (1..=n.saturating_sub(m) + 1)
                    .filter(|_| m <= n)
                    .map(|low| ((1u64 << m) - 1) << low)
                    .collect();
                b.sets(&cells, &sets);
            }
            Constraint::Palindrome { .. } => {
                for i in 0..m / 2 {
                    b.equal(cells[i], cells[m - 1 - i]);
                }
            }
            _ => unreachable!("{constraint:?} is no line"),
        }
    }

    fn propagates(&self, constraint: &Constraint) -> bool {
        matches!(
            constraint,
            Constraint::Thermometer { .. }
                | Constraint::Whispers { .. }
                | Constraint::Renban { .. }
                | Constraint::Palindrome { .. }
        )
    }

    fn propagate(&self, constraint: &Constraint, d: &mut Domains) -> Result<(), Contradiction> {
        match constraint {
            Constraint::Thermometer { cells } => {
                // Each cell above the least its bulb side allows, below
                // the greatest its tip side allows.
                let mut low = 0;
                for &cell in cells {
                    d.bound(cell, low + 1, 64)?;
                    low = i64::from(d.min(cell));
                }
                let mut high = 64;
                for &cell in cells.iter().rev() {
                    d.bound(cell, 0, high - 1)?;
                    high = i64::from(d.max(cell));
                }
                Ok(())
            }
            Constraint::Whispers { cells, gap } => {
                let gap = u32::from(*gap);
                for w in cells.windows(2) {
                    whisper(d, w[0], w[1], gap)?;
                    whisper(d, w[1], w[0], gap)?;
                }
                Ok(())
            }
            Constraint::Renban { cells } => renban(d, cells),
            Constraint::Palindrome { cells } => {
                let m = cells.len();
                for i in 0..m / 2 {
                    let (p, q) = (cells[i], cells[m - 1 - i]);
                    let both = d.get(p) & d.get(q);
                    d.restrict(p, both)?;
                    d.restrict(q, both)?;
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }
}

/// Reads f-puzzles key `key`, one of the lines' in [`FPUZZLES`](super::FPUZZLES),
/// into `out`.
pub(super) fn fpuzzles(
    key: &str,
    fields: &Fields<'_>,
    out: &mut Rules,
) -> Result<(), FpuzzlesError> {
    for (field, entry) in fields.objects(key)? {
        let gap = match key {
            "whispers" => small(&field, entry.get("value"))?,
            _ => None,
        };
        for cells in fields.lines(&field, entry)? {
            // A line of one cell says nothing.
            if cells.len() < 2 {
                continue;
            }
            let constraint = match key {
                "thermometer" => Constraint::Thermometer { cells },
                "whispers" => match gap {
                    Some(gap) => Constraint::Whispers { cells, gap },
                    None => Constraint::whispers(cells, fields.n),
                },
                "renban" => Constraint::Renban { cells },
                "palindrome" => Constraint::Palindrome { cells },
                _ => unreachable!("{key} is no f-puzzles key of the lines"),
            };
            out.constraints.push((field.clone(), constraint));
        }
    }
    Ok(())
}

/// Keeps in `p` the digits at least `gap` away from a digit of `q`: those
/// from q's least digit plus the gap up, and those up to its greatest
/// less the gap.
fn whisper(d: &mut Domains, p: Cell, q: Cell, gap: u32) -> Result<(), Contradiction> {
    let (least, most) = (d.min(q), d.max(q));
    let above = u64::MAX.checked_shl(least + gap).unwrap_or(0);
    let below = most
        .checked_sub(gap)
        .map_or(0, |top| u64::MAX >> (63 - top.min(63)));
    d.restrict(p, above | below)
}

/// A renban line: its cells keep the digits of the runs of consecutive
/// digits each of whose digits some cell may take and that leave every
/// cell a digit.
fn renban(d: &mut Domains, cells: &[Cell]) -> Result<(), Contradiction> {
    let (m, n) = (cells.len(), d.side());
    if m > n {
        return Err(Contradiction);
    }
    let mut allowed = 0u64;
    for low in 1..=n - m + 1 {
        let run = ((1u64 << m) - 1) << low;
        let fits = cells.iter().all(|&c| d.get(c) & run != 0)
            && cells.iter().fold(0, |u, &c| u | d.get(c) & run) == run;
        if fits {
            allowed |= run;
        }
    }
    for &cell in cells {
        d.restrict(cell, allowed)?;
    }
    Ok(())
}

/// The place of a line's kind in [`Lines::keywords`].
fn index(constraint: &Constraint) -> usize {
    match constraint {
        Constraint::Thermometer { .. } => 0,
        Constraint::Whispers { .. } => 1,
        Constraint::Renban { .. } => 2,
        Constraint::Palindrome { .. } => 3,
        _ => unreachable!("{constraint:?} is no line"),
    }
}

/// Reads an item of the constraint strings of one of the lines' types in
/// [`STRINGS`](super::STRINGS) into `out`: `Thermo~cells`,
/// `Whisper~5~cells` (the difference may be left out: 5),
/// `Renban~cells`, `Palindrome~cells`.
pub(super) fn strings(item: &Item<'_>, out: &mut Rules) -> Result<(), ItemError> {
    let constraint = match item.kind {
        "Thermo" => Constraint::Thermometer {
            cells: item.cells(0)?,
        },
        "Whisper" => match item.arg(0)?.parse::<u32>() {
            Ok(gap) => Constraint::Whispers {
                gap: u8::try_from(gap)
                    .ok()
                    .filter(|&g| (1..=item.n).contains(&usize::from(g)))
                    .ok_or_else(|| {
                        item.error(
                            0,
                            format!("a difference of {gap} on a grid of side {}", item.n),
                        )
                    })?,
                cells: item.cells(1)?,
            },
            Err(_) => Constraint::Whispers {
                gap: 5,
                cells: item.cells(0)?,
            },
        },
        "Renban" => Constraint::Renban {
            cells: item.cells(0)?,
        },
        "Palindrome" => Constraint::Palindrome {
            cells: item.cells(0)?,
        },
        _ => return Err(item.error(0, "no type of the lines")),
    };
    out.constraints.push((item.kind.to_string(), constraint));
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::Constraint;

    #[test]
    fn a_whisper_gap_is_the_sides_or_one_written() {
        let line = |text: &str| text.parse::<Constraint>().map_err(|e| e.to_string());
        // No number: the side's gap, set when a layout takes the line.
        assert_eq!(
            line("whispers: r1c1 r1c2"),
            Ok(Constraint::Whispers {
                cells: vec![(0, 0), (0, 1)],
                gap: 0
            })
        );
        // Written back as it was read, without a number.
        for text in ["whispers: r1c1 r1c2", "whispers"] {
            let whispers = line(text).unwrap();
            assert_eq!(line(&whispers.to_string()), Ok(whispers), "{text}");
        }
        assert_eq!(
            line("whispers 0: r1c1 r1c2").unwrap_err(),
            "a gap of 0 is no whisper in \"whispers 0: r1c1 r1c2\""
        );
        // As a dot of difference 0 is no dot.
        assert!(line("white 0: r1c1 r1c2").is_ok());
        assert!(crate::Layout::square(3)
            .unwrap()
            .with_constraint("white 0: r1c1 r1c2".parse().unwrap())
            .is_err());
    }
}
