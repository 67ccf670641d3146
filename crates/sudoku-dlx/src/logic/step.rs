//! A step: one deduction, with what it used and what it concludes, and
//! the line that says it.

use std::fmt;

use dlx::OptionId;

use super::{length_bonus, Logic, Technique};
use crate::encode;

/// One deduction: the technique, what it used and what it concludes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub(super) technique: Technique,
    base: Vec<String>,
    cover: Vec<String>,
    pub(super) placements: Vec<(usize, u8)>,
    pub(super) eliminations: Vec<(usize, u8)>,
    /// The options selected and removed, placements or not.
    pub(super) selected: Vec<u32>,
    pub(super) removed: Vec<u32>,
    side: usize,
    /// The nodes a chain's conclusion depends on; 0 for other steps.
    pub(super) complexity: usize,
    /// Within a branch of a nested forcing chain: the items whose
    /// options the step read (a set's base items, a chain's strong
    /// links), whose options the branch ruled out are the step's
    /// parents in it. Empty elsewhere.
    pub(super) reads: Vec<u32>,
}

impl Step {
    /// The technique.
    pub fn technique(&self) -> Technique {
        self.technique
    }

    /// The step's difficulty on Sudoku Explainer's scale: its
    /// technique's, plus what the length of a chain adds.
    pub fn difficulty(&self) -> f64 {
        // A step that is no chain has complexity 0, which adds nothing.
        let added = length_bonus(self.complexity);
        // One decimal, as the scale is written.
        ((self.technique.difficulty() + added) * 10.0).round() / 10.0
    }

    /// For a chain, how many nodes (options assumed on or off) its
    /// conclusion depends on, counted once per branch; 0 for other steps.
    pub fn complexity(&self) -> usize {
        self.complexity
    }

    /// The items the step reasons about, by their names in the problem:
    /// the item of a single, the base items of a set, the candidate
    /// assumed by nishio or trial (`r1c1=5`).
    pub fn base(&self) -> &[String] {
        &self.base
    }

    /// The items that cover the base items' options (the set rule), or
    /// the item left without options (nishio).
    pub fn cover(&self) -> &[String] {
        &self.cover
    }

    /// The digits placed, as (cell, digit): cells row-major from 0,
    /// digits from 1.
    pub fn placements(&self) -> &[(usize, u8)] {
        &self.placements
    }

    /// The candidates ruled out, as (cell, digit).
    pub fn eliminations(&self) -> &[(usize, u8)] {
        &self.eliminations
    }

    /// How many options of constraints (a cage's digit set, an arrow's
    /// digits) the step takes or rules out, beside its placements and
    /// eliminations.
    pub fn constraint_options(&self) -> usize {
        let n = self.side;
        self.selected
            .iter()
            .chain(&self.removed)
            .filter(|&&o| encode::placement(n, OptionId::from_index(o as usize)).is_none())
            .count()
    }
}

/// `r1c1` for a cell of a grid of side `n`.
pub(super) fn cell_name(n: usize, cell: usize) -> String {
    format!("r{}c{}", cell / n + 1, cell % n + 1)
}

impl fmt::Display for Step {
    /// One line: `naked pair: r1c2 r1c7 in r1=4 r1=9 => r1c3<>4 r1c3<>9`;
    /// a chain's nodes are joined by `->`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.side;
        let joint = if self.complexity > 0 { " -> " } else { " " };
        write!(f, "{}: {}", self.technique, self.base.join(joint))?;
        if !self.cover.is_empty() {
            write!(f, " in {}", self.cover.join(" "))?;
        }
        f.write_str(" =>")?;
        for &(cell, digit) in &self.placements {
            write!(f, " {}={digit}", cell_name(n, cell))?;
        }
        for &(cell, digit) in &self.eliminations {
            write!(f, " {}<>{digit}", cell_name(n, cell))?;
        }
        let others = self.constraint_options();
        if others > 0 {
            write!(f, " ({others} options of constraints)")?;
        }
        Ok(())
    }
}

impl Logic {
    /// A step that selects `option` or removes `removed`.
    pub(super) fn step(
        &self,
        technique: Technique,
        base: Vec<String>,
        cover: Vec<String>,
        selected: Vec<u32>,
        removed: Vec<u32>,
    ) -> Step {
        let n = self.n;
        let decode = |o: &u32| encode::placement(n, OptionId::from_index(*o as usize));
        Step {
            technique,
            base,
            cover,
            placements: selected.iter().filter_map(decode).collect(),
            eliminations: removed.iter().filter_map(decode).collect(),
            selected,
            removed,
            side: n,
            complexity: 0,
            reads: Vec::new(),
        }
    }
}
