//! The order the rules are tried in, Sudoku Explainer's: the easiest
//! step from a state, and the path of such steps to the solution.

use std::sync::atomic::{AtomicBool, Ordering};

use super::{Logic, Step, Technique, MAX_SET};
use crate::grid::Grid;

impl Logic {
    /// The easiest step from here, `None` when the puzzle is solved, when
    /// no technique here finds one (several solutions, or none), or when
    /// the search is cancelled ([`Logic::set_cancel_flag`]).
    pub fn next_step(&self) -> Option<Step> {
        if self.is_solved() || self.contradiction().is_some() || self.is_cancelled() {
            return None;
        }
        // Sudoku Explainer's order: hidden singles, the direct forms of
        // pointing, claiming and hidden pairs, naked singles, direct
        // hidden triples, then the rules that only eliminate. Each rule
        // is tried only while the search is not cancelled.
        let go = || !self.is_cancelled();
        let single = self.single();
        // A constraint's item with one option left places no digit: a
        // killer player reads the cage's combinations first.
        let of_constraint = single
            .as_ref()
            .is_some_and(|s| s.technique() == Technique::Single && s.placements().is_empty());
        if of_constraint {
            if let Some(step) = self.cage_step() {
                return Some(step);
            }
        }
        if single.as_ref().is_some_and(|s| s.difficulty() < 1.7) {
            return single;
        }
        if let Some(step) = self.direct(1).or_else(|| self.direct(2)) {
            return Some(step);
        }
        if single.is_some() {
            return single;
        }
        // A killer player's reading of cages and of the 45 rule, before
        // the rules that work on the exact cover's items.
        if let Some(step) = self.cage_step() {
            return Some(step);
        }
        if let Some(step) = self.direct(3) {
            return Some(step);
        }
        for k in 1..MAX_SET {
            if let Some(step) = self.set_rule(k).filter(|_| go()) {
                return Some(step);
            }
        }
        let rules: [&dyn Fn() -> Option<Step>; 15] = [
            &|| self.wing(false),
            &|| self.wing(true),
            &|| self.unique_rectangle(),
            // The easier of a rectangle of type 3 and a loop (a loop
            // on a tie: its types come first).
            &|| match (self.unique_rectangle_type_3(), self.unique_loop()) {
                (Some(r), Some(l)) if r.difficulty() < l.difficulty() => Some(r),
                (r, l) => l.or(r),
            },
            &|| self.set_rule(MAX_SET),
            &|| self.bug(),
            &|| self.aligned_exclusion(2),
            &|| self.static_chains(),
            &|| self.aligned_exclusion(3),
            &|| self.nishio_chains(),
            &|| self.forcing_chain(),
            &|| self.multiple_chains(false, 0),
            &|| self.multiple_chains(true, 0),
            &|| self.nested_chains(),
            &|| self.trial(),
        ];
        // A step a rule found as it was cancelled may be one it would
        // have bettered: none is given.
        rules
            .iter()
            .take_while(|_| go())
            .find_map(|rule| rule())
            .filter(|_| go())
    }

    /// As [`Logic::solve_all`], but stops between steps once `cancel` is
    /// set (by a time limit or a signal, say): `None` then.
    pub fn solve_all_with(&mut self, cancel: &AtomicBool) -> Option<(Vec<Step>, Grid)> {
        let mut steps = Vec::new();
        loop {
            if cancel.load(Ordering::Relaxed) {
                return None;
            }
            let Some(step) = self.next_step() else {
                return Some((steps, self.grid()));
            };
            self.apply(&step);
            steps.push(step);
        }
    }

    /// Steps until the puzzle is solved or no step is found; returns them
    /// and the grid reached.
    pub fn solve_all(&mut self) -> (Vec<Step>, Grid) {
        let mut steps = Vec::new();
        while let Some(step) = self.next_step() {
            self.apply(&step);
            steps.push(step);
        }
        (steps, self.grid())
    }
}
