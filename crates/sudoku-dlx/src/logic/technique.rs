//! The catalogue of techniques: the names players know them by and
//! their difficulties on Sudoku Explainer's scale, by which steps are
//! chosen easiest first.

use std::fmt;

use super::ChainKind;

/// A technique, with the names players know where the pattern is the
/// one they name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Technique {
    /// The last empty cell of a house: it takes the house's missing
    /// digit.
    FullHouse,
    /// A digit with one place left in a box (or jigsaw region).
    HiddenSingleBox,
    /// A digit with one place left in a row or column.
    HiddenSingleLine,
    /// A digit with one place left in another house (an extra house of
    /// a variant).
    HiddenSingle,
    /// A cell with one digit left.
    NakedSingle,
    /// An item of a constraint with one option left.
    Single,
    /// A box's digit confined to one row or column: the digit leaves the
    /// rest of that line.
    Pointing,
    /// A line's digit confined to one box: the digit leaves the rest of
    /// that box.
    Claiming,
    /// k cells of a house holding only k digits between them (pair,
    /// triple, quad).
    NakedSubset(usize),
    /// k digits of a house with only k cells between them.
    HiddenSubset(usize),
    /// A digit's places in k rows confined to k columns, or the other way
    /// round (X-wing, swordfish, jellyfish).
    Fish(usize),
    /// The set rule of k items in its general form (houses, regions and
    /// rules mixed).
    SetRule(usize),
    /// Pointing whose eliminations leave a digit one place in another
    /// box: the step places it.
    DirectPointing,
    /// Claiming whose eliminations leave a digit one place in another
    /// line: the step places it.
    DirectClaiming,
    /// A hidden pair or triple whose eliminations leave another digit
    /// one place in the house: the step places it.
    DirectHiddenSubset(usize),
    /// A killer cage's sum read as the combinations of distinct digits
    /// its cells' candidates allow: a candidate none of them uses goes.
    CageCombinations,
    /// The cells of a group of houses outside the cages inside it (the
    /// 45 rule), read as a cage: their sum is the houses' less the
    /// cages'.
    Innies,
    /// The cells outside a group of houses of the cages that cover it
    /// (the 45 rule), read as a cage: their sum is the cages' less the
    /// houses'.
    Outies,
    /// The cells of a group of houses outside every cage less the cells
    /// outside it of the cages that cross its border (the 45 rule), read
    /// as a sum of digits added and taken away.
    InniesOuties,
    /// A cell of two candidates x, y seeing cells xz and yz: z leaves
    /// what sees both.
    XyWing,
    /// A cell xyz seeing cells xz and yz: z leaves what sees all three.
    XyzWing,
    /// Four cells in two rows, columns and regions that would let two
    /// digits swap, of type 1, 2 or 4 (it assumes one solution).
    UniqueRectangle(u8),
    /// A unique rectangle of type 3: its two roof cells' extra digits
    /// and other cells of a house make a naked set of this many digits.
    UniqueRectangleSet(usize),
    /// A unique rectangle of type 3 with a hidden set: its two digits
    /// and this many less two others have no places in a house of its
    /// roof but one roof cell and as many other cells less one, which
    /// keep only those digits.
    UniqueRectangleHidden(usize),
    /// An even loop of six or more cells that would let two digits swap
    /// (it assumes one solution).
    UniqueLoop(usize),
    /// A unique loop of type 3, of this many cells: its two cells with
    /// extra digits and other cells of a house make a naked set of this
    /// many digits.
    UniqueLoopSet(usize, usize),
    /// A unique loop of type 3, of this many cells, with a hidden set of
    /// this many digits (as [`Technique::UniqueRectangleHidden`]).
    UniqueLoopHidden(usize, usize),
    /// Every open cell of two candidates but one: that one takes the
    /// digit that would otherwise leave two solutions (BUG+1).
    Bug,
    /// The candidates that stand between the grid and a bivalue universal
    /// grave are one digit in several cells: one of them holds it, so it
    /// leaves what sees them all (BUG type 2).
    BugType2,
    /// The cells that stand between the grid and a bivalue universal
    /// grave, all in one house, hold one of their extra digits: with
    /// other cells of the house, those digits make a naked set of this
    /// many digits (BUG type 3).
    BugType3(usize),
    /// Two cells stand between the grid and a bivalue universal grave,
    /// in one house, with a digit of their pairs in common: one holds
    /// it, the other an extra digit, so the other digit of each pair
    /// goes (BUG type 4).
    BugType4,
    /// Two cells whose pairs of digits would empty a cell of two
    /// candidates that sees both, or repeat a digit where they see each
    /// other: a digit in no pair left leaves its cell.
    AlignedPairExclusion,
    /// The same of three cells, the third seen by one of the others.
    AlignedTripletExclusion,
    /// A forcing chain or a loop of strong and weak links.
    Chain(ChainKind),
    /// An option of one digit whose assumption contradicts itself, with
    /// the state updated as options go.
    Nishio,
    /// What every option of a cell leads to (dynamic: with the state
    /// updated as options go).
    CellChains {
        /// Whether the state follows the chains.
        dynamic: bool,
    },
    /// What every place of a digit in a house (or every option of an
    /// item) leads to.
    HouseChains {
        /// Whether the state follows the chains.
        dynamic: bool,
    },
    /// An option whose assumption contradicts itself on chains of both
    /// kinds, with the state updated as options go.
    ContradictionChains,
    /// What an option on and the same option off both lead to.
    DoubleChains,
    /// Dynamic forcing chains whose propagation, when singles run out,
    /// also applies other rules to the state it reached: at level 1
    /// (9.0, "dynamic forcing chains (+)") pointing, claiming, naked and
    /// hidden pairs and X-wings; at level 2 (9.5) forcing chains too;
    /// at 3 (10.0) cell and house forcing chains; at 4 (10.5) dynamic
    /// forcing chains, at 5 (11.0) then dynamic forcing chains of level
    /// 2: forcing chains nested in others.
    NestedChains {
        /// What the chains conclude from.
        form: Forcing,
        /// The rules applied within, 1 to 5.
        level: u8,
    },
    /// A candidate whose assumption, followed by singles, intersections
    /// and the sums of cages and of the 45 rule, contradicts itself.
    CageForcing,
    /// The same through the puzzle's other rules too (thermometers,
    /// arrows, a variant's rule between cells...).
    RuleForcing,
    /// A candidate the search finds without solution: trial and error.
    Trial,
}

/// The forms of a multiple or dynamic forcing chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Forcing {
    /// What every option of a cell leads to.
    Cell,
    /// What every place of a digit in a house leads to.
    House,
    /// An option whose assumption contradicts itself.
    Contradiction,
    /// What an option on and the same option off both lead to.
    Double,
}

impl Forcing {
    fn name(self) -> &'static str {
        match self {
            Forcing::Cell => "cell",
            Forcing::House => "house",
            Forcing::Contradiction => "contradiction",
            Forcing::Double => "double",
        }
    }
}

impl Technique {
    /// The name players use: `hidden single`, `naked pair`, `X-wing`...
    pub fn name(self) -> String {
        let sized = |k: usize, words: [&str; 4]| words[k.clamp(1, 4) - 1].to_string();
        match self {
            Technique::FullHouse => "full house".into(),
            Technique::HiddenSingleBox => "hidden single (box)".into(),
            Technique::HiddenSingleLine => "hidden single (line)".into(),
            Technique::HiddenSingle => "hidden single".into(),
            Technique::NakedSingle => "naked single".into(),
            Technique::Single => "single".into(),
            Technique::Pointing => "pointing".into(),
            Technique::Claiming => "claiming".into(),
            Technique::NakedSubset(k) => sized(
                k,
                ["naked single", "naked pair", "naked triple", "naked quad"],
            ),
            Technique::HiddenSubset(k) => sized(
                k,
                [
                    "hidden single",
                    "hidden pair",
                    "hidden triple",
                    "hidden quad",
                ],
            ),
            Technique::Fish(k) => sized(k, ["fish of 1", "X-wing", "swordfish", "jellyfish"]),
            Technique::SetRule(k) => format!("set of {k}"),
            Technique::DirectPointing => "direct pointing".into(),
            Technique::DirectClaiming => "direct claiming".into(),
            Technique::DirectHiddenSubset(k) => {
                format!("direct {}", Technique::HiddenSubset(k).name())
            }
            Technique::CageCombinations => "cage combinations".into(),
            Technique::Innies => "innies".into(),
            Technique::Outies => "outies".into(),
            Technique::InniesOuties => "innies and outies".into(),
            Technique::XyWing => "XY-wing".into(),
            Technique::XyzWing => "XYZ-wing".into(),
            Technique::UniqueRectangle(kind) => format!("unique rectangle type {kind}"),
            Technique::UniqueRectangleSet(_) => "unique rectangle type 3".into(),
            Technique::UniqueRectangleHidden(_) => "unique rectangle type 3 (hidden set)".into(),
            Technique::UniqueLoop(cells) => format!("unique loop of {cells}"),
            Technique::UniqueLoopSet(cells, _) => format!("unique loop of {cells} type 3"),
            Technique::UniqueLoopHidden(cells, _) => {
                format!("unique loop of {cells} type 3 (hidden set)")
            }
            Technique::Bug => "BUG+1".into(),
            Technique::BugType2 => "BUG type 2".into(),
            Technique::BugType3(_) => "BUG type 3".into(),
            Technique::BugType4 => "BUG type 4".into(),
            Technique::AlignedPairExclusion => "aligned pair exclusion".into(),
            Technique::AlignedTripletExclusion => "aligned triplet exclusion".into(),
            Technique::Chain(chain) => chain.name().into(),
            Technique::Nishio => "nishio".into(),
            Technique::CellChains { dynamic } => {
                format!(
                    "{}cell forcing chains",
                    if dynamic { "dynamic " } else { "" }
                )
            }
            Technique::HouseChains { dynamic } => {
                format!(
                    "{}house forcing chains",
                    if dynamic { "dynamic " } else { "" }
                )
            }
            Technique::ContradictionChains => "contradiction forcing chains".into(),
            Technique::DoubleChains => "double forcing chains".into(),
            Technique::NestedChains { form, level } => {
                let dynamic = match form {
                    Forcing::Cell | Forcing::House => "dynamic ",
                    Forcing::Contradiction | Forcing::Double => "",
                };
                // Sudoku Explainer's names: what the branches apply.
                let within = match level {
                    0 | 1 => "",
                    2 => " forcing chains",
                    3 => " cell and house forcing chains",
                    4 => " dynamic forcing chains",
                    _ => " dynamic forcing chains (+ forcing chains)",
                };
                format!("{dynamic}{} forcing chains (+{within})", form.name())
            }
            Technique::CageForcing => "cage forcing chain".into(),
            Technique::RuleForcing => "rule forcing chain".into(),
            Technique::Trial => "trial".into(),
        }
    }

    /// The difficulty of the technique, on Sudoku Explainer's scale for
    /// the techniques it names (1.0 for a full house, 1.2 a hidden
    /// single in a box, 4.2 an
    /// XY-wing, 6.6 an X-chain, 7.0 a chain of both kinds of link, 7.5
    /// nishio, 8.0 multiple and 8.5 dynamic forcing chains); the general
    /// set rule takes the value of a hidden subset of its size, and trial
    /// 10.0. The killer rules, which that scale does not name, come
    /// after the singles: cage combinations 2.0, innies and outies 2.5. Chains add to it by their length ([`Step::difficulty`]).
    /// Steps are chosen easiest first.
    ///
    /// [`Step::difficulty`]: super::Step::difficulty
    pub fn difficulty(self) -> f64 {
        let by_size = |k: usize, values: [f64; 4]| values[k.clamp(1, 4) - 1];
        match self {
            Technique::FullHouse => 1.0,
            Technique::HiddenSingleBox => 1.2,
            Technique::HiddenSingleLine | Technique::HiddenSingle | Technique::Single => 1.5,
            Technique::NakedSingle => 2.3,
            Technique::Pointing => 2.6,
            Technique::Claiming => 2.8,
            Technique::NakedSubset(k) => by_size(k, [2.3, 3.0, 3.6, 5.0]),
            Technique::Fish(k) => by_size(k, [2.6, 3.2, 3.8, 5.2]),
            Technique::HiddenSubset(k) | Technique::SetRule(k) => by_size(k, [2.8, 3.4, 4.0, 5.4]),
            Technique::DirectPointing => 1.7,
            Technique::DirectClaiming => 1.9,
            Technique::DirectHiddenSubset(k) => by_size(k, [1.2, 2.0, 2.5, 2.5]),
            Technique::CageCombinations => 2.0,
            Technique::Innies | Technique::Outies | Technique::InniesOuties => 2.5,
            Technique::XyWing => 4.2,
            Technique::XyzWing => 4.4,
            Technique::UniqueRectangle(_) => 4.5,
            Technique::UniqueRectangleSet(k) => 4.4 + k as f64 * 0.1,
            Technique::UniqueRectangleHidden(k) => 4.5 + k.saturating_sub(2) as f64 * 0.1,
            Technique::UniqueLoop(cells) => match cells {
                0..=6 => 4.6,
                7..=8 => 4.7,
                _ => 5.0,
            },
            Technique::UniqueLoopSet(cells, k) => {
                Technique::UniqueLoop(cells).difficulty() + k.saturating_sub(1) as f64 * 0.1
            }
            Technique::UniqueLoopHidden(cells, k) => {
                Technique::UniqueLoop(cells).difficulty() + k.saturating_sub(2) as f64 * 0.1
            }
            Technique::Bug => 5.6,
            Technique::BugType2 | Technique::BugType4 => 5.7,
            Technique::BugType3(k) => 5.7 + k.saturating_sub(1) as f64 * 0.1,
            Technique::AlignedPairExclusion => 6.2,
            Technique::AlignedTripletExclusion => 7.5,
            Technique::Chain(chain) => chain.difficulty(),
            Technique::Nishio => 7.5,
            Technique::CellChains { dynamic } | Technique::HouseChains { dynamic } => {
                if dynamic {
                    8.5
                } else {
                    8.0
                }
            }
            Technique::ContradictionChains | Technique::DoubleChains => 8.5,
            Technique::NestedChains { level, .. } => 8.5 + 0.5 * f64::from(level),
            Technique::CageForcing | Technique::RuleForcing => 7.5,
            Technique::Trial => 10.0,
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}
