//! The variants a layout can add to the classic rules: extra houses, which
//! hold each digit once as rows do, and rules between cells, which forbid
//! some digits side by side.

use std::fmt;
use std::str::FromStr;

use crate::error::{LayoutError, LayoutErrorKind};

/// A variant of the classic rules, added to a [`Layout`](crate::Layout) with
/// [`Layout::with_variant`](crate::Layout::with_variant).
///
/// The first three add houses, each holding every digit once as a row does;
/// the other three are rules between cells, which forbid digits rather than
/// require them.
///
/// `Display` and `FromStr` use the names `x`, `hyper`, `disjoint`,
/// `anti-knight`, `anti-king` and `non-consecutive` ([`Variant::name`]);
/// `FromStr` also takes `diagonal`, `windoku`, `antiknight`, `antiking`,
/// `nonconsecutive`, `_` for `-`, in any case.
///
/// # Example
///
/// ```
/// use sudoku_dlx::Variant;
///
/// let variant: Variant = "Anti-Knight".parse()?;
/// assert_eq!(variant, Variant::AntiKnight);
/// assert_eq!(variant.to_string(), "anti-knight");
/// assert!(variant.is_rule());
/// assert!(!Variant::X.is_rule());
/// # Ok::<(), sudoku_dlx::LayoutError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Variant {
    /// X-sudoku: both main diagonals are houses.
    X,
    /// Hyper (windoku), on 9x9 only: the four windows of 3x3 cells at rows
    /// and columns 2-4 and 6-8 (1-3 and 5-7 from 0) are houses.
    Hyper,
    /// Disjoint groups, with boxes only: the cells at the same position of
    /// every box form a house.
    Disjoint,
    /// Two cells a chess knight's move apart never hold the same digit.
    AntiKnight,
    /// Two cells a chess king's move apart (diagonal neighbours included)
    /// never hold the same digit.
    AntiKing,
    /// Two orthogonal neighbours never hold digits that differ by 1.
    NonConsecutive,
}

impl Variant {
    /// Every variant, in the order a layout adds their items.
    pub const ALL: [Variant; 6] = [
        Variant::X,
        Variant::Hyper,
        Variant::Disjoint,
        Variant::AntiKnight,
        Variant::AntiKing,
        Variant::NonConsecutive,
    ];

    /// The names of [`Variant::ALL`], in order.
    pub(crate) const NAMES: [&'static str; 6] = [
        "x",
        "hyper",
        "disjoint",
        "anti-knight",
        "anti-king",
        "non-consecutive",
    ];

    /// The variant's name: `x`, `hyper`, `disjoint`, `anti-knight`,
    /// `anti-king` or `non-consecutive`.
    pub fn name(self) -> &'static str {
        Variant::NAMES[self.index()]
    }

    /// Whether the variant is a rule between cells (anti-knight, anti-king,
    /// non-consecutive) rather than extra houses.
    pub fn is_rule(self) -> bool {
        matches!(
            self,
            Variant::AntiKnight | Variant::AntiKing | Variant::NonConsecutive
        )
    }

    /// The position of the variant in [`Variant::ALL`].
    pub(crate) fn index(self) -> usize {
        self as usize
    }

    /// For a rule, the moves (rows down, columns right) from a cell to the
    /// cells after it in reading order that the rule relates it to; empty
    /// for extra houses.
    pub(crate) fn moves(self) -> &'static [(usize, isize)] {
        match self {
            Variant::AntiKnight => &[(1, -2), (1, 2), (2, -1), (2, 1)],
            Variant::AntiKing => &[(0, 1), (1, -1), (1, 0), (1, 1)],
            Variant::NonConsecutive => &[(0, 1), (1, 0)],
            Variant::X | Variant::Hyper | Variant::Disjoint => &[],
        }
    }

    /// The pairs of cells (as indices, row-major, the first before the
    /// second in reading order) that this rule relates on a grid of side
    /// `side`, in reading order of the first, then in the order of
    /// [`Variant::moves`].
    pub(crate) fn pairs(self, side: usize) -> impl Iterator<Item = (usize, usize)> {
        let moves = self.moves();
        (0..side * side).flat_map(move |p| {
            let (r, c) = (p / side, p % side);
            moves.iter().filter_map(move |&(dr, dc)| {
                let (r2, c2) = (r + dr, c.checked_add_signed(dc)?);
                (r2 < side && c2 < side).then_some((p, r2 * side + c2))
            })
        })
    }

    /// Whether digits `a` and `b` in two cells this rule relates break it.
    pub(crate) fn forbids(self, a: u8, b: u8) -> bool {
        match self {
            Variant::NonConsecutive => a.abs_diff(b) == 1,
            _ => a == b,
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Reads a variant's name, or one of its other names, in any case.
impl FromStr for Variant {
    type Err = LayoutError;

    fn from_str(name: &str) -> Result<Variant, LayoutError> {
        let key = name.trim().to_ascii_lowercase().replace('_', "-");
        let variant = match key.as_str() {
            "x" | "diagonal" | "diagonals" => Variant::X,
            "hyper" | "windoku" => Variant::Hyper,
            "disjoint" | "disjoint-groups" => Variant::Disjoint,
            "anti-knight" | "antiknight" => Variant::AntiKnight,
            "anti-king" | "antiking" => Variant::AntiKing,
            "non-consecutive" | "nonconsecutive" => Variant::NonConsecutive,
            _ => {
                return Err(LayoutError::new(LayoutErrorKind::UnknownVariant {
                    name: name.to_string(),
                }))
            }
        };
        Ok(variant)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        for variant in Variant::ALL {
            assert_eq!(variant.name().parse::<Variant>(), Ok(variant));
            assert_eq!(Variant::ALL[variant.index()], variant);
        }
        assert_eq!("Windoku".parse::<Variant>(), Ok(Variant::Hyper));
        assert_eq!(
            "non_consecutive".parse::<Variant>(),
            Ok(Variant::NonConsecutive)
        );
        assert_eq!(
            "knight".parse::<Variant>().unwrap_err().to_string(),
            "unknown variant \"knight\", expected one of x, hyper, disjoint, anti-knight, \
             anti-king, non-consecutive"
        );
    }

    #[test]
    fn rule_pairs_are_the_moves_within_the_grid() {
        // On 3x3, the centre is a king's move from every cell, a knight's
        // move from none.
        let king: Vec<_> = Variant::AntiKing.pairs(3).collect();
        assert_eq!(king.len(), 2 * 3 * 2 + 2 * 2 * 2);
        assert_eq!(king.iter().filter(|&&(p, q)| p == 4 || q == 4).count(), 8);
        let knight: Vec<_> = Variant::AntiKnight.pairs(3).collect();
        assert!(knight.iter().all(|&(p, q)| p != 4 && q != 4 && p < q));
        assert_eq!(knight.len(), 8);
        assert_eq!(Variant::NonConsecutive.pairs(4).count(), 2 * 4 * 3);
        assert_eq!(Variant::X.pairs(9).count(), 0);
    }
}
