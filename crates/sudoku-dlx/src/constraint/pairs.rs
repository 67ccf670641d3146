//! Dots and pairs: kropki dots, X and V, the negative rules, and the
//! variants that are rules between cells (anti-knight, anti-king,
//! non-consecutive): the rules that forbid some pairs of digits in two
//! cells.
//!
//! A global rule is a [`PairRule`]: the pairs of cells a move apart (a
//! knight's, a king's, an orthogonal step) and the digits it forbids in
//! them. Anti-knight, anti-king and non-consecutive hold over every such
//! pair; a negative constraint over those without a dot of its kind.
//!
//! # Encoding
//!
//! Every rule here forbids pairs of digits in two cells (device:
//! forbidden pairs), a dot or an X in its two cells, a global rule in each
//! pair of cells it names; pairs a house already excludes (two cells of
//! one house, same digit) need no item. Anti-knight makes one item per
//! pair of cells that share no house and digit, holding both placements:
//! knight moves make no triangles, so pairs are the largest cliques.
//! Non-consecutive and the negative white dot make the same items, one
//! rule: per pair of neighbours, one item per digit x of the first cell
//! holding x there and x - 1, x + 1 in the second.
//!
//! Anti-king is the exception: per 2x2 square of cells, per digit, one
//! item of its four placements, which covers both diagonal pairs of the
//! square at once (its orthogonal pairs share a row or column); squares
//! whose diagonal pairs both share a house (within one box) get none. On
//! 9x9, 28 squares of 64 cross a box's edge: 252 items, where one per
//! diagonal pair would take 504.

use std::collections::HashSet;
use std::fmt;

use dlx::Contradiction;

use super::devices::Builder;
use super::domains::{bit, pair_support, Domains};
use super::{write_cells, Cell, Constraint, Family, Filled, Negative, Rules, Statement};
use crate::error::LayoutError;
use crate::fpuzzles::error::{bad, unsupported, FpuzzlesError};
use crate::fpuzzles::fields::{show, small, Fields};
use crate::read::strings::{Item, ItemError};
use crate::variant::Variant;

/// The moves (rows down, columns right) from a cell to the cells after it
/// in reading order a chess knight's move away.
const KNIGHT: &[(usize, isize)] = &[(1, -2), (1, 2), (2, -1), (2, 1)];

/// The same for a king's move.
const KING: &[(usize, isize)] = &[(0, 1), (1, -1), (1, 0), (1, 1)];

/// The same for orthogonal neighbours.
const ORTHOGONAL: &[(usize, isize)] = &[(0, 1), (1, 0)];

/// A rule over every pair of cells one of `moves` apart: the digits it
/// forbids in them.
#[derive(Clone, Copy)]
pub(crate) struct PairRule {
    moves: &'static [(usize, isize)],
    relation: Relation,
}

/// The pairs of digits a [`PairRule`] forbids in two cells.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Relation {
    /// The same digit.
    Equal,
    /// Digits that differ by 1.
    Consecutive,
    /// One digit twice the other.
    Double,
    /// Digits summing to 5 or 10.
    FiveOrTen,
}

impl Relation {
    /// Whether the relation holds of digits `a` and `b`.
    fn holds(self, a: u32, b: u32) -> bool {
        match self {
            Relation::Equal => a == b,
            Relation::Consecutive => a.abs_diff(b) == 1,
            Relation::Double => a == 2 * b || b == 2 * a,
            Relation::FiveOrTen => a + b == 5 || a + b == 10,
        }
    }
}

impl PairRule {
    /// The pairs of cells (as indices, row-major, the first before the
    /// second in reading order) the rule relates on a grid of side `n`,
    /// in reading order of the first, then in the order of its moves.
    pub(crate) fn pairs(self, n: usize) -> impl Iterator<Item = (usize, usize)> {
        (0..n * n).flat_map(move |p| {
            let (r, c) = (p / n, p % n);
            self.moves.iter().filter_map(move |&(dr, dc)| {
                let (r2, c2) = (r + dr, c.checked_add_signed(dc)?);
                (r2 < n && c2 < n).then_some((p, r2 * n + c2))
            })
        })
    }

    /// Whether digits `a` and `b` in two cells the rule relates break it.
    pub(crate) fn forbids(self, a: u32, b: u32) -> bool {
        self.relation.holds(a, b)
    }

    /// The first pair of filled cells of `digits` (row-major, 0 for an
    /// empty cell, side `n`) that breaks the rule, leaving out the pairs
    /// `spared` names.
    pub(crate) fn first_broken(
        self,
        digits: &[u8],
        n: usize,
        spared: &dyn Fn(usize, usize) -> bool,
    ) -> Option<(usize, usize)> {
        self.pairs(n).find(|&(p, q)| {
            let (a, b) = (u32::from(digits[p]), u32::from(digits[q]));
            a != 0 && b != 0 && self.forbids(a, b) && !spared(p, q)
        })
    }
}

impl Variant {
    /// The rule between cells of a variant that is one
    /// ([`Variant::is_rule`]), `None` for extra houses.
    pub(crate) fn pair_rule(self) -> Option<PairRule> {
        let (moves, relation) = match self {
            Variant::AntiKnight => (KNIGHT, Relation::Equal),
            Variant::AntiKing => (KING, Relation::Equal),
            Variant::NonConsecutive => (ORTHOGONAL, Relation::Consecutive),
            Variant::X | Variant::Hyper | Variant::Disjoint => return None,
        };
        Some(PairRule { moves, relation })
    }
}

impl Negative {
    /// The rule over orthogonal neighbours, dotted or not.
    fn rule(self) -> PairRule {
        let relation = match self {
            Negative::White => Relation::Consecutive,
            Negative::Black => Relation::Double,
            Negative::Xv => Relation::FiveOrTen,
        };
        PairRule {
            moves: ORTHOGONAL,
            relation,
        }
    }

    /// The pairs of cells (indices, the first less) that carry a dot of
    /// this kind among `constraints`: those the rule spares.
    fn spared(self, constraints: &[Constraint], n: usize) -> HashSet<(usize, usize)> {
        constraints
            .iter()
            .filter_map(|c| c.dot_of(self))
            .map(|[p, q]| {
                let (p, q) = (p.0 * n + p.1, q.0 * n + q.1);
                (p.min(q), p.max(q))
            })
            .collect()
    }
}

impl Constraint {
    /// The two cells of a dot, an X or a V that a negative constraint of
    /// `kind` spares.
    fn dot_of(&self, kind: Negative) -> Option<[Cell; 2]> {
        match (self, kind) {
            (
                Constraint::Difference { cells, .. } | Constraint::Ratio { cells, .. },
                Negative::White | Negative::Black,
            ) => Some(*cells),
            (Constraint::Sum { cells, sum: 5 | 10 }, Negative::Xv) => Some(*cells),
            _ => None,
        }
    }
}

/// The family of dots and pairs.
pub(super) struct Pairs;

/// The one [`Pairs`].
pub(super) const PAIRS: Pairs = Pairs;

impl Family for Pairs {
    fn keywords(&self) -> &'static [&'static str] {
        &["white", "black", "x", "v", "sum", "greater", "negative"]
    }

    fn parse(&self, s: &Statement<'_>) -> Option<Result<Constraint, LayoutError>> {
        let parse = |s: &Statement<'_>| -> Result<Constraint, LayoutError> {
            let cells = s.cells()?;
            Ok(match s.keyword.as_str() {
                "white" => {
                    s.max_args(1)?;
                    Constraint::Difference {
                        difference: s.small(0, 1)?,
                        cells: s.pair(&cells)?,
                    }
                }
                "black" => {
                    s.max_args(1)?;
                    Constraint::Ratio {
                        ratio: s.small(0, 2)?,
                        cells: s.pair(&cells)?,
                    }
                }
                "x" | "v" => {
                    s.max_args(0)?;
                    Constraint::Sum {
                        sum: if s.keyword == "x" { 10 } else { 5 },
                        cells: s.pair(&cells)?,
                    }
                }
                "sum" => {
                    s.max_args(1)?;
                    Constraint::Sum {
                        sum: s.required(0)?,
                        cells: s.pair(&cells)?,
                    }
                }
                "greater" => {
                    s.max_args(0)?;
                    Constraint::Greater {
                        cells: s.pair(&cells)?,
                    }
                }
                _ => Constraint::Negative(match s.args.as_slice() {
                    ["white"] => Negative::White,
                    ["black"] => Negative::Black,
                    ["xv"] => Negative::Xv,
                    _ => return Err(s.bad("negative takes white, black or xv".to_string())),
                }),
            })
        };
        self.keywords()
            .contains(&s.keyword.as_str())
            .then(|| parse(s))
    }

    fn write(&self, constraint: &Constraint, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match constraint {
            Constraint::Difference { difference: 1, .. } => write!(f, "white: ")?,
            Constraint::Difference { difference, .. } => write!(f, "white {difference}: ")?,
            Constraint::Ratio { ratio: 2, .. } => write!(f, "black: ")?,
            Constraint::Ratio { ratio, .. } => write!(f, "black {ratio}: ")?,
            Constraint::Sum { sum: 10, .. } => write!(f, "x: ")?,
            Constraint::Sum { sum: 5, .. } => write!(f, "v: ")?,
            Constraint::Sum { sum, .. } => write!(f, "sum {sum}: ")?,
            Constraint::Greater { .. } => write!(f, "greater: ")?,
            Constraint::Negative(_) => return f.write_str(self.name(constraint)),
            _ => unreachable!("{constraint:?} is no pair"),
        }
        write_cells(f, &self.cells(constraint, 0))
    }

    fn name(&self, constraint: &Constraint) -> &'static str {
        match constraint {
            Constraint::Difference { .. } => "white dot",
            Constraint::Ratio { .. } => "black dot",
            Constraint::Sum { sum: 10, .. } => "X",
            Constraint::Sum { sum: 5, .. } => "V",
            Constraint::Sum { .. } => "sum",
            Constraint::Greater { .. } => "greater than",
            Constraint::Negative(Negative::White) => "negative white",
            Constraint::Negative(Negative::Black) => "negative black",
            Constraint::Negative(Negative::Xv) => "negative xv",
            _ => unreachable!("{constraint:?} is no pair"),
        }
    }

    fn cells(&self, constraint: &Constraint, _n: usize) -> Vec<Cell> {
        match constraint {
            Constraint::Difference { cells, .. }
            | Constraint::Ratio { cells, .. }
            | Constraint::Sum { cells, .. }
            | Constraint::Greater { cells } => cells.to_vec(),
            Constraint::Negative(_) => Vec::new(),
            _ => unreachable!("{constraint:?} is no pair"),
        }
    }

    fn validate(&self, constraint: &Constraint, _n: usize) -> Result<(), String> {
        match constraint {
            Constraint::Difference { difference: 0, .. } => {
                Err("a difference of 0 is no dot".to_string())
            }
            Constraint::Ratio { ratio: 0, .. } => Err("a ratio of 0 is no dot".to_string()),
            _ => Ok(()),
        }
    }

    fn broken(&self, constraint: &Constraint, grid: &Filled<'_>) -> Option<[Cell; 2]> {
        match constraint {
            Constraint::Difference { cells, difference } => {
                grid.first_pair(cells, &|a, b, _| a.abs_diff(b) == u32::from(*difference))
            }
            Constraint::Ratio { cells, ratio } => {
                let k = u32::from(*ratio);
                grid.first_pair(cells, &|a, b, _| a == k * b || b == k * a)
            }
            Constraint::Sum { cells, sum } => grid.first_pair(cells, &|a, b, _| a + b == *sum),
            Constraint::Greater { cells } => grid.first_pair(cells, &|a, b, _| a > b),
            Constraint::Negative(kind) => {
                let n = grid.n;
                let spared = kind.spared(grid.constraints, n);
                let (p, q) = kind
                    .rule()
                    .first_broken(grid.digits, n, &|p, q| spared.contains(&(p, q)))?;
                Some([(p / n, p % n), (q / n, q % n)])
            }
            _ => unreachable!("{constraint:?} is no pair"),
        }
    }

    fn encode(&self, constraint: &Constraint, b: &mut Builder<'_>) {
        match constraint {
            Constraint::Difference { cells, difference } => {
                let k = u32::from(*difference);
                let [p, q] = [b.index(cells[0]), b.index(cells[1])];
                b.forbid(p, q, &|x, y| x.abs_diff(y) != k);
            }
            Constraint::Ratio { cells, ratio } => {
                let k = u32::from(*ratio);
                let [p, q] = [b.index(cells[0]), b.index(cells[1])];
                b.forbid(p, q, &|x, y| x != k * y && y != k * x);
            }
            Constraint::Sum { cells, sum } => {
                let [p, q] = [b.index(cells[0]), b.index(cells[1])];
                b.forbid(p, q, &|x, y| x + y != *sum);
            }
            Constraint::Greater { cells } => {
                let [p, q] = [b.index(cells[0]), b.index(cells[1])];
                b.forbid(p, q, &|x, y| x <= y);
            }
            Constraint::Negative(kind) => {
                let spared = kind.spared(b.constraints, b.n);
                forbid_pairs(kind.rule(), &spared, b);
            }
            _ => unreachable!("{constraint:?} is no pair"),
        }
    }

    fn propagates(&self, constraint: &Constraint) -> bool {
        matches!(
            constraint,
            Constraint::Difference { .. }
                | Constraint::Ratio { .. }
                | Constraint::Sum { .. }
                | Constraint::Greater { .. }
        )
    }

    fn propagate(&self, constraint: &Constraint, d: &mut Domains) -> Result<(), Contradiction> {
        match constraint {
            Constraint::Difference { cells, difference } => {
                // x keeps a partner y = x + k or x - k: the partner's
                // digits shifted both ways, one mask for all.
                let k = u32::from(*difference).min(63);
                let [p, q] = *cells;
                d.restrict(p, d.get(q) << k | d.get(q) >> k)?;
                d.restrict(q, d.get(p) << k | d.get(p) >> k)
            }
            Constraint::Ratio { cells, ratio } => {
                let k = u32::from(*ratio);
                pair_support(d, cells[0], cells[1], &|x| {
                    bit(x.saturating_mul(k))
                        | x.checked_div(k).filter(|&y| y * k == x).map_or(0, bit)
                })
            }
            Constraint::Sum { cells, sum } => pair_support(d, cells[0], cells[1], &|x| {
                sum.checked_sub(x).map_or(0, bit)
            }),
            Constraint::Greater { cells } => {
                // The first above the second's least, the second below
                // the first's greatest.
                let [p, q] = *cells;
                d.bound(p, i64::from(d.min(q)) + 1, 64)?;
                d.bound(q, 0, i64::from(d.max(p)) - 1)
            }
            _ => Ok(()),
        }
    }
}

/// Reads f-puzzles key `key`, one of the dots and pairs' in [`FPUZZLES`](super::FPUZZLES),
/// into `out`.
pub(super) fn fpuzzles(
    key: &str,
    fields: &Fields<'_>,
    out: &mut Rules,
) -> Result<(), FpuzzlesError> {
    let variant = match key {
        "antiknight" => Some(Variant::AntiKnight),
        "antiking" => Some(Variant::AntiKing),
        _ => None,
    };
    if let Some(variant) = variant {
        if fields.flag(key)? {
            out.variants.push((key.to_string(), variant));
        }
        return Ok(());
    }
    match key {
        "nonconsecutive" => {
            if fields.flag(key)? {
                let constraint = Constraint::Negative(Negative::White);
                out.constraints.push((key.to_string(), constraint));
            }
        }
        "negative" => negative(fields, out)?,
        _ => {
            for (field, entry) in fields.objects(key)? {
                let value = entry.get("value");
                let constraint = match key {
                    "difference" => Constraint::Difference {
                        cells: fields.pair(&field, entry)?,
                        difference: small(&field, value)?.unwrap_or(1),
                    },
                    "ratio" => Constraint::Ratio {
                        cells: fields.pair(&field, entry)?,
                        ratio: small(&field, value)?.unwrap_or(2),
                    },
                    _ => {
                        let sum = xv(&field, value)?;
                        Constraint::Sum {
                            cells: fields.pair(&field, entry)?,
                            sum,
                        }
                    }
                };
                out.constraints.push((field, constraint));
            }
        }
    }
    Ok(())
}

/// f-puzzles' `negative`: the kropki and XV negative constraints.
fn negative(fields: &Fields<'_>, out: &mut Rules) -> Result<(), FpuzzlesError> {
    let mut kinds = Vec::new();
    for (i, entry) in fields.entries("negative")?.iter().enumerate() {
        let kind = match entry.as_str() {
            Some("ratio") => Negative::Black,
            Some("xv") => Negative::Xv,
            _ => {
                return Err(unsupported(
                    format!("negative[{i}]"),
                    Some(format!(
                        "negative constraint {} is not supported, only \"ratio\" and \"xv\"",
                        show(entry)
                    )),
                ))
            }
        };
        if !kinds.contains(&kind) {
            kinds.push(kind);
            let field = format!("negative[{i}]");
            out.constraints.push((field, Constraint::Negative(kind)));
        }
    }
    Ok(())
}

/// The sum of an f-puzzles XV clue: 10 for `X`, 5 for `V`.
fn xv(field: &str, value: Option<&serde_json::Value>) -> Result<u32, FpuzzlesError> {
    use serde_json::Value;
    match value {
        Some(Value::String(v)) if v.eq_ignore_ascii_case("x") => Ok(10),
        Some(Value::String(v)) if v.eq_ignore_ascii_case("v") => Ok(5),
        Some(other) => Err(bad(
            field,
            format!("{} is neither \"X\" nor \"V\"", show(other)),
        )),
        None => Err(bad(field, "an XV clue without \"X\" or \"V\"")),
    }
}

/// Reads an item of the constraint strings of one of the pairs' types in
/// [`STRINGS`](super::STRINGS) into `out`: `WhiteDot`, `BlackDot`, `X`,
/// `V` and `GreaterThan` over cells (each pair of orthogonal neighbours
/// among them; for `GreaterThan` the earlier cell the greater), and the
/// rules over the grid `AntiKnight`, `AntiKing`, `AntiConsecutive`,
/// `StrictKropki` (the negative white and black dots) and `StrictXV`.
pub(super) fn strings(item: &Item<'_>, out: &mut Rules) -> Result<(), ItemError> {
    let name = item.kind.to_string();
    let variant = match item.kind {
        "AntiKnight" => Some(Variant::AntiKnight),
        "AntiKing" => Some(Variant::AntiKing),
        "AntiConsecutive" => Some(Variant::NonConsecutive),
        _ => None,
    };
    if let Some(variant) = variant {
        out.variants.push((name, variant));
        return Ok(());
    }
    let negatives: &[Negative] = match item.kind {
        "StrictKropki" => &[Negative::White, Negative::Black],
        "StrictXV" => &[Negative::Xv],
        _ => &[],
    };
    if !negatives.is_empty() {
        for &negative in negatives {
            out.constraints
                .push((name.clone(), Constraint::Negative(negative)));
        }
        return Ok(());
    }
    let cells = item.cells(0)?;
    let mut pairs = Vec::new();
    for (i, &a) in cells.iter().enumerate() {
        for &b in &cells[i + 1..] {
            if a.0.abs_diff(b.0) + a.1.abs_diff(b.1) == 1 {
                pairs.push([a, b]);
            }
        }
    }
    if pairs.is_empty() {
        return Err(item.error(0, "no two of the cells are orthogonal neighbours"));
    }
    for cells in pairs {
        let constraint = match item.kind {
            "WhiteDot" => Constraint::Difference {
                cells,
                difference: 1,
            },
            "BlackDot" => Constraint::Ratio { cells, ratio: 2 },
            "X" => Constraint::Sum { cells, sum: 10 },
            "V" => Constraint::Sum { cells, sum: 5 },
            "GreaterThan" => Constraint::Greater { cells },
            _ => return Err(item.error(0, "no type of the pairs")),
        };
        out.constraints.push((name.clone(), constraint));
    }
    Ok(())
}

/// Adds the items of a variant's rule between cells: see the module's
/// docs.
pub(super) fn encode_rule(variant: Variant, b: &mut Builder<'_>) {
    if variant == Variant::AntiKing {
        return king_squares(b);
    }
    if let Some(rule) = variant.pair_rule() {
        forbid_pairs(rule, &HashSet::new(), b);
    }
}

/// Forbids the digits of `rule` in every pair of its cells but those
/// `spared` holds.
fn forbid_pairs(rule: PairRule, spared: &HashSet<(usize, usize)>, b: &mut Builder<'_>) {
    for (p, q) in rule.pairs(b.n) {
        if spared.contains(&(p, q)) {
            continue;
        }
        if rule.relation == Relation::Equal {
            // The table of forbidden pairs groups into one item per digit
            // (none in cells of one house): made without the table.
            if !b.share_house(p, q) {
                for d in 1..=b.n as u32 {
                    b.clique(&[(p, d), (q, d)]);
                }
            }
        } else {
            b.forbid(p, q, &|x, y| rule.forbids(x, y));
        }
    }
}

/// Anti-king as cliques of the four placements of a digit in a 2x2
/// square, which exclude both its diagonal pairs at once.
fn king_squares(b: &mut Builder<'_>) {
    let n = b.n;
    for r in 0..n.saturating_sub(1) {
        for c in 0..n - 1 {
            let (w, e) = (r * n + c, r * n + c + 1);
            let (sw, se) = (w + n, e + n);
            if b.share_house(w, se) && b.share_house(e, sw) {
                continue;
            }
            for d in 1..=n as u32 {
                b.clique(&[(w, d), (e, d), (sw, d), (se, d)]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_pairs_are_the_moves_within_the_grid() {
        let pairs = |v: Variant, n: usize| -> Vec<(usize, usize)> {
            v.pair_rule().map_or(Vec::new(), |r| r.pairs(n).collect())
        };
        // On 3x3, the centre is a king's move from every cell, a knight's
        // move from none.
        let king = pairs(Variant::AntiKing, 3);
        assert_eq!(king.len(), 2 * 3 * 2 + 2 * 2 * 2);
        assert_eq!(king.iter().filter(|&&(p, q)| p == 4 || q == 4).count(), 8);
        let knight = pairs(Variant::AntiKnight, 3);
        assert!(knight.iter().all(|&(p, q)| p != 4 && q != 4 && p < q));
        assert_eq!(knight.len(), 8);
        assert_eq!(pairs(Variant::NonConsecutive, 4).len(), 2 * 4 * 3);
        assert!(pairs(Variant::X, 9).is_empty());
    }

    #[test]
    fn a_negative_rule_spares_the_dotted_pairs() {
        let digits = [1, 2, 0, 3, 5, 0, 0, 0, 0];
        let white = Negative::White.rule();
        assert_eq!(white.first_broken(&digits, 3, &|_, _| false), Some((0, 1)));
        // Spared, no other neighbours differ by 1: r1c2 and r2c2 hold 2
        // and 5, r2c1 and r2c2 3 and 5, r1c1 and r2c1 1 and 3.
        assert_eq!(
            white.first_broken(&digits, 3, &|p, q| (p, q) == (0, 1)),
            None
        );
    }
}
