//! The search of killers on the cells' domains alone.
//!
//! A killer (every constraint a cage) is settled by its rules' reasoning
//! far more than by the exact cover's: its cages' digit sets, the 45
//! rule's sums and the houses' singles, propagated at every node
//! ([`Rules`]), leave the search a few hundred nodes where the links take
//! thousands. Here they run on the domains with no links beneath: a node
//! keeps its domains as a copy, and each digit of the branching cell is
//! tried from that copy. Nothing is undone, and no placement is read back
//! from the links or taken out of them.
//!
//! The rules only take out digits no solution holds, so the search finds
//! every solution; a cell of one digit each is a grid that the caller
//! checks against the puzzle before it counts.

use std::sync::atomic::{AtomicBool, Ordering};

use super::propagate::Rules;
use crate::constraint::domains::digits;

/// A search's bounds and what it found.
pub(crate) struct Search<'a> {
    /// Stop at this many solutions.
    pub(crate) limit: u64,
    /// Solutions found.
    pub(crate) found: u64,
    /// Digits tried at branching cells.
    pub(crate) guesses: u64,
    /// Stop before the node past this many (the root and each digit
    /// tried are nodes, as the links count them); `u64::MAX` for no limit.
    pub(crate) max_nodes: u64,
    /// Whether the search stopped on `max_nodes`.
    pub(crate) limited: bool,
    /// Stop as soon as this is set.
    pub(crate) cancel: Option<&'a AtomicBool>,
    /// Whether the search stopped on `cancel`.
    pub(crate) cancelled: bool,
    /// Given the digits of a grid whose every cell holds one, row-major:
    /// whether it is a solution (it then counts).
    pub(crate) accept: &'a mut dyn FnMut(&[u8]) -> bool,
    /// The digits of a grid (scratch).
    digits: Vec<u8>,
}

impl<'a> Search<'a> {
    /// A search for up to `limit` solutions, each judged by `accept`.
    pub(crate) fn new(
        limit: u64,
        cancel: Option<&'a AtomicBool>,
        accept: &'a mut dyn FnMut(&[u8]) -> bool,
    ) -> Search<'a> {
        Search {
            limit,
            found: 0,
            guesses: 0,
            max_nodes: u64::MAX,
            limited: false,
            cancel,
            cancelled: false,
            accept,
            digits: Vec::new(),
        }
    }

    fn done(&self) -> bool {
        self.found >= self.limit || self.cancelled || self.limited
    }

    /// Searches from the domains `masks` (bit d for digit d).
    pub(crate) fn run(&mut self, rules: &mut Rules, masks: &[u64]) {
        if self.max_nodes == 0 {
            self.limited = true;
        } else if self.limit > 0 && rules.start(masks).is_ok() {
            self.node(rules, 0);
        }
    }

    fn node(&mut self, rules: &mut Rules, depth: usize) {
        if self.cancel.is_some_and(|flag| flag.load(Ordering::Relaxed)) {
            self.cancelled = true;
            return;
        }
        let Some(cell) = rules.open_cell() else {
            self.digits.clear();
            self.digits
                .extend(rules.masks().iter().map(|&m| m.trailing_zeros() as u8));
            if (self.accept)(&self.digits) {
                self.found += 1;
            }
            return;
        };
        let mask = rules.masks()[cell];
        rules.save(depth);
        for (k, digit) in digits(mask).enumerate() {
            if self.done() {
                return;
            }
            if k > 0 {
                rules.restore(depth);
            }
            if 1 + self.guesses >= self.max_nodes {
                self.limited = true;
                return;
            }
            self.guesses += 1;
            if rules.place(cell, digit).is_ok() {
                self.node(rules, depth + 1);
            }
        }
    }
}
