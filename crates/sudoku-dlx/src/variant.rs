//! The variants a layout can add to the classic rules: extra houses, which
//! hold each digit once as rows do, and rules between cells, which forbid
//! some digits side by side.
//!
//! This is their vocabulary alone. What each does lives with its rule
//! family: its name read back and its houses in `constraint/houses.rs`,
//! its rule between cells checked and encoded in `constraint/pairs.rs`.

use std::fmt;

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
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
