//! The lines read in pairs, windows and segments: zipper lines, sum lines
//! (10-lines), entropic and modular lines, lockout lines and parity
//! lines, region sum lines.
//!
//! Each is a chain read along its cells in an order of its own (devices:
//! chains), whose states the exact cover sees in full: the centre's digit
//! or the pairs' sum and the pair's first digit (zippers, read from the
//! centre out in pairs), the partial sum of the segment (sum lines), the
//! classes of the last two digits (entropic: low, middle, high; modular:
//! the digit mod 3), the two ends (lockout, ends first), the first
//! segment's sum and the partial sum of the segment (region sum lines,
//! whose segments the layout's regions cut: devices' equal sums); parity
//! lines forbid pairs of one parity side by side.

use std::fmt;

use super::devices::{ends_first, Builder};
use super::{write_cells, Cell, Constraint, Family, Filled, Rules, Statement};
use crate::error::LayoutError;
use crate::read::strings::{Item, ItemError};

/// The family of the lines read in pairs, windows and segments.
pub(super) struct Segments;

/// The one [`Segments`].
pub(super) const SEGMENTS: Segments = Segments;

/// The keyword of each kind, as its line starts.
const KEYWORDS: [&str; 7] = [
    "zipper",
    "sum-line",
    "entropic",
    "modular",
    "lockout",
    "parity",
    "region-sum",
];

/// The line's cells.
fn line(constraint: &Constraint) -> &[Cell] {
    match constraint {
        Constraint::Zipper { cells }
        | Constraint::SumLine { cells, .. }
        | Constraint::Entropic { cells }
        | Constraint::Modular { cells }
        | Constraint::Lockout { cells, .. }
        | Constraint::Parity { cells }
        | Constraint::RegionSum { cells } => cells,
        _ => unreachable!("{constraint:?} is no line of segments"),
    }
}

/// The lengths of the segments of a region sum line whose cells lie in
/// the regions `regions`, in order: a segment ends where the next cell is
/// in another region.
fn segment_lengths(regions: &[usize]) -> Vec<usize> {
    let mut lengths = vec![1];
    for w in regions.windows(2) {
        if w[0] == w[1] {
            *lengths.last_mut().expect("one segment at least") += 1;
        } else {
            lengths.push(1);
        }
    }
    lengths
}

/// The class of digit `d` on a grid of side `n` that entropic (low,
/// middle, high thirds) and modular (`d` mod 3) lines read.
fn class(constraint: &Constraint, d: u32, n: usize) -> u32 {
    match constraint {
        Constraint::Entropic { .. } => (d - 1) * 3 / n as u32,
        _ => d % 3,
    }
}

impl Family for Segments {
    fn keywords(&self) -> &'static [&'static str] {
        &KEYWORDS
    }

    fn parse(&self, s: &Statement<'_>) -> Option<Result<Constraint, LayoutError>> {
        let parse = |s: &Statement<'_>| -> Result<Constraint, LayoutError> {
            let cells = s.cells()?;
            Ok(match s.keyword.as_str() {
                "sum-line" => {
                    s.max_args(1)?;
                    Constraint::SumLine {
                        sum: s.required(0)?,
                        cells,
                    }
                }
                "lockout" => {
                    s.max_args(1)?;
                    Constraint::Lockout {
                        gap: s.small(0, 4)?,
                        cells,
                    }
                }
                keyword => {
                    s.max_args(0)?;
                    match keyword {
                        "zipper" => Constraint::Zipper { cells },
                        "entropic" => Constraint::Entropic { cells },
                        "modular" => Constraint::Modular { cells },
                        "region-sum" => Constraint::RegionSum { cells },
                        _ => Constraint::Parity { cells },
                    }
                }
            })
        };
        KEYWORDS.contains(&s.keyword.as_str()).then(|| parse(s))
    }

    fn write(&self, constraint: &Constraint, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match constraint {
            Constraint::SumLine { sum, .. } => write!(f, "sum-line {sum}: ")?,
            Constraint::Lockout { gap, .. } => write!(f, "lockout {gap}: ")?,
            Constraint::Zipper { .. } => write!(f, "zipper: ")?,
            Constraint::Entropic { .. } => write!(f, "entropic: ")?,
            Constraint::Modular { .. } => write!(f, "modular: ")?,
            Constraint::RegionSum { .. } => write!(f, "region-sum: ")?,
            _ => write!(f, "parity: ")?,
        }
        write_cells(f, line(constraint))
    }

    fn name(&self, constraint: &Constraint) -> &'static str {
        match constraint {
            Constraint::Zipper { .. } => "zipper line",
            Constraint::SumLine { .. } => "sum line",
            Constraint::Entropic { .. } => "entropic line",
            Constraint::Modular { .. } => "modular line",
            Constraint::Lockout { .. } => "lockout line",
            Constraint::RegionSum { .. } => "region sum line",
            _ => "parity line",
        }
    }

    fn cells(&self, constraint: &Constraint, _n: usize) -> Vec<Cell> {
        line(constraint).to_vec()
    }

    fn validate(&self, constraint: &Constraint, n: usize) -> Result<(), String> {
        if line(constraint).len() < 2 {
            return Err("a line needs two cells or more".to_string());
        }
        match *constraint {
            Constraint::Entropic { .. } if !n.is_multiple_of(3) => Err(format!(
                "entropic lines need a side divisible by 3, not {n}"
            )),
            Constraint::Modular { .. } if n < 3 => {
                Err("modular lines need three digits or more".to_string())
            }
            Constraint::SumLine { sum: 0, .. } => Err("a segment cannot sum to 0".to_string()),
            Constraint::Lockout { gap: 0, .. } => Err("a gap of 0 locks nothing out".to_string()),
            _ => Ok(()),
        }
    }

    fn broken(&self, constraint: &Constraint, grid: &Filled<'_>) -> Option<[Cell; 2]> {
        let cells = line(constraint);
        let ends = [cells[0], cells[cells.len() - 1]];
        match constraint {
            Constraint::Entropic { .. } | Constraint::Modular { .. } => {
                let n = grid.n;
                grid.first_pair(cells, &|a, b, distance| {
                    distance > 2 || class(constraint, a, n) != class(constraint, b, n)
                })
            }
            Constraint::Parity { .. } => {
                grid.first_pair(cells, &|a, b, distance| distance > 1 || a % 2 != b % 2)
            }
            Constraint::Zipper { .. } => {
                if !grid.all_filled(cells) {
                    return None;
                }
                let m = cells.len();
                let target = if m % 2 == 1 {
                    grid.get(cells[m / 2])
                } else {
                    grid.get(cells[0]) + grid.get(cells[m - 1])
                };
                (0..m / 2).find_map(|i| {
                    let (p, q) = (cells[i], cells[m - 1 - i]);
                    (grid.get(p) + grid.get(q) != target).then_some([p, q])
                })
            }
            Constraint::SumLine { sum, .. } => {
                if !grid.all_filled(cells) {
                    return None;
                }
                let mut partial = 0;
                for &cell in cells {
                    partial += grid.get(cell);
                    if partial == *sum {
                        partial = 0;
                    } else if partial > *sum {
                        return Some(ends);
                    }
                }
                (partial != 0).then_some(ends)
            }
            Constraint::RegionSum { .. } => {
                if !grid.all_filled(cells) {
                    return None;
                }
                let regions: Vec<usize> = cells
                    .iter()
                    .map(|&(r, c)| grid.layout.region(r, c))
                    .collect();
                let mut start = 0;
                let mut first: Option<(Cell, u32)> = None;
                for length in segment_lengths(&regions) {
                    let segment = &cells[start..start + length];
                    let sum = grid.sum(segment);
                    match first {
                        None => first = Some((segment[0], sum)),
                        Some((cell, s)) if s != sum => return Some([cell, segment[0]]),
                        Some(_) => {}
                    }
                    start += length;
                }
                None
            }
            Constraint::Lockout { gap, .. } => {
                let (a, b) = (grid.get(ends[0]), grid.get(ends[1]));
                if a == 0 || b == 0 {
                    return None;
                }
                if a.abs_diff(b) < u32::from(*gap) {
                    return Some(ends);
                }
                let (lo, hi) = (a.min(b), a.max(b));
                cells[1..cells.len() - 1].iter().find_map(|&c| {
                    let d = grid.get(c);
                    (d != 0 && lo <= d && d <= hi).then_some([ends[0], c])
                })
            }
            _ => unreachable!("{constraint:?} is no line of segments"),
        }
    }

    fn encode(&self, constraint: &Constraint, b: &mut Builder<'_>) {
        let n = b.n;
        let cells = b.indices(line(constraint));
        let m = cells.len();
        match *constraint {
            Constraint::Parity { .. } => {
                for w in cells.windows(2) {
                    b.forbid(w[0], w[1], &|x, y| x % 2 == y % 2);
                }
            }
            Constraint::Entropic { .. } | Constraint::Modular { .. } => {
                // State: the classes of the last two digits, 3 for none.
                const NONE: u64 = 3;
                b.chain(
                    &cells,
                    NONE << 4 | NONE,
                    &|_, s, d| {
                        let c = u64::from(class(constraint, d, n));
                        let (last, before) = (s & 15, s >> 4);
                        (c != last && c != before).then_some(last << 4 | c)
                    },
                    &|_| true,
                );
            }
            Constraint::SumLine { sum, .. } => {
                // State: the sum of the segment read so far.
                let sum = u64::from(sum);
                b.chain(
                    &cells,
                    0,
                    &|_, s, d| {
                        let t = s + u64::from(d);
                        match t.cmp(&sum) {
                            std::cmp::Ordering::Less => Some(t),
                            std::cmp::Ordering::Equal => Some(0),
                            std::cmp::Ordering::Greater => None,
                        }
                    },
                    &|s| s == 0,
                );
            }
            Constraint::Zipper { .. } => {
                // Read from the centre out: the centre (odd length) or the
                // first pair (even) sets the pairs' sum, then each pair's
                // outer-first digit, whose partner completes the sum.
                let mut order = Vec::with_capacity(m);
                if m % 2 == 1 {
                    order.push(cells[m / 2]);
                }
                for i in (0..m / 2).rev() {
                    order.push(cells[i]);
                    order.push(cells[m - 1 - i]);
                }
                let odd = m % 2 == 1;
                // State: the sum (bits 0-7, 0 while unknown), the pending
                // first digit of a pair (bits 8-15).
                b.chain(
                    &order,
                    0,
                    &|k, s, d| {
                        let d = u64::from(d);
                        let (sum, first) = (s & 255, s >> 8);
                        let starts_pair = if odd { k % 2 == 1 } else { k % 2 == 0 };
                        if odd && k == 0 {
                            Some(d)
                        } else if starts_pair {
                            Some(d << 8 | sum)
                        } else if sum == 0 {
                            Some(first + d)
                        } else {
                            (first + d == sum).then_some(sum)
                        }
                    },
                    &|_| true,
                );
            }
            Constraint::RegionSum { .. } => {
                let regions: Vec<usize> = cells.iter().map(|&cell| b.region(cell)).collect();
                b.equal_sums(&cells, &segment_lengths(&regions));
            }
            Constraint::Lockout { gap, .. } => {
                // The ends first, then the inside, which keeps out of the
                // ends' range.
                let gap = u64::from(gap);
                b.chain(
                    &ends_first(&cells),
                    0,
                    &|k, s, d| {
                        let d = u64::from(d);
                        match k {
                            0 => Some(d),
                            1 => (s.abs_diff(d) >= gap).then_some(s << 8 | d),
                            _ => {
                                let (a, e) = (s >> 8, s & 255);
                                (d < a.min(e) || d > a.max(e)).then_some(s)
                            }
                        }
                    },
                    &|_| true,
                );
            }
            _ => unreachable!("{constraint:?} is no line of segments"),
        }
    }
}

/// Reads an item of the constraint strings of one of the segments'
/// types in [`STRINGS`](super::STRINGS) into `out`: `Zipper~cells`,
/// `SumLine~10~cells`, `Modular~3~cells` (3 alone: the modular line),
/// `Entropic~cells`, `Lockout~4~cells`, `RegionSumLine~cells`.
pub(super) fn strings(item: &Item<'_>, out: &mut Rules) -> Result<(), ItemError> {
    let constraint = match item.kind {
        "Zipper" => Constraint::Zipper {
            cells: item.cells(0)?,
        },
        "SumLine" => Constraint::SumLine {
            sum: item.number(0)?,
            cells: item.cells(1)?,
        },
        "Modular" => {
            let modulus = item.number(0)?;
            if modulus != 3 {
                return Err(item.error(
                    0,
                    format!("mod {modulus}: only mod 3 (the modular line) is supported"),
                ));
            }
            Constraint::Modular {
                cells: item.cells(1)?,
            }
        }
        "Entropic" => Constraint::Entropic {
            cells: item.cells(0)?,
        },
        "RegionSumLine" => Constraint::RegionSum {
            cells: item.cells(0)?,
        },
        "Lockout" => {
            let gap = item.number(0)?;
            Constraint::Lockout {
                gap: u8::try_from(gap)
                    .ok()
                    .filter(|&g| usize::from(g) < item.n)
                    .ok_or_else(|| {
                        item.error(
                            0,
                            format!("a difference of {gap} on a grid of side {}", item.n),
                        )
                    })?,
                cells: item.cells(1)?,
            }
        }
        _ => return Err(item.error(0, "no type of the segments")),
    };
    out.constraints.push((item.kind.to_string(), constraint));
    Ok(())
}
