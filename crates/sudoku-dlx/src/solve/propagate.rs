//! The propagation of a layout's constraints inside the search: at each
//! node the cells' domains are read off the placements still in play,
//! every constraint narrows them in turn until none changes (each by its
//! family's reasoning: see [`Family::propagate`](crate::constraint)), and
//! the placements they leave out are taken out of play for the subtree.
//!
//! Exact cover alone sees placements: a cage's sum, a thermometer's order
//! or a dot's pair of digits rule out digits long before a choice
//! conflicts with them, which the search then stumbles on one node at a
//! time. Propagation only takes out placements no solution holds, so the
//! search finds the same solutions, in fewer nodes.

use std::collections::VecDeque;
use std::sync::Arc;

use dlx::{Contradiction, Live, Propagator};

use crate::constraint::domains::{digits, Domains};
use crate::constraint::Constraint;
use crate::encode;
use crate::layout::Layout;

/// The propagator of a layout's constraints.
#[derive(Clone, Debug)]
pub(crate) struct Rules {
    constraints: Arc<[Constraint]>,
    /// The constraints of each cell, to run again when its domain narrows.
    watchers: Arc<[Vec<u32>]>,
    /// The domains at the node, and as they were read (scratch, kept to
    /// allocate nothing per node).
    domains: Domains,
    read: Vec<u64>,
    /// The constraints to run, and whether each is among them.
    queue: VecDeque<u32>,
    queued: Vec<bool>,
    /// A list of options read (scratch).
    options: Vec<dlx::OptionId>,
}

impl Rules {
    /// The propagator of `layout`'s constraints; `None` when it has none.
    pub(crate) fn of(layout: &Layout) -> Option<Rules> {
        let constraints = layout.constraints();
        if constraints.is_empty() {
            return None;
        }
        let n = layout.side();
        let mut watchers = vec![Vec::new(); n * n];
        for (k, constraint) in constraints.iter().enumerate() {
            let cells = constraint.cells(n);
            // A rule of no cell of its own (a negative constraint) holds
            // over them all.
            let all: Vec<(usize, usize)> = (0..n * n).map(|c| (c / n, c % n)).collect();
            for (r, c) in if cells.is_empty() { all } else { cells } {
                watchers[r * n + c].push(k as u32);
            }
        }
        Some(Rules {
            constraints: constraints.into(),
            watchers: watchers.into(),
            domains: Domains::new(n),
            read: vec![0; n * n],
            queue: VecDeque::with_capacity(constraints.len()),
            queued: vec![false; constraints.len()],
            options: Vec::with_capacity(n),
        })
    }

    /// Runs the constraints to a fixed point: each once, then each again
    /// whose cells another narrowed. Domains only narrow, so this ends.
    fn fixed_point(&mut self) -> Result<(), Contradiction> {
        self.queue.clear();
        self.queue.extend(0..self.constraints.len() as u32);
        self.queued.fill(true);
        self.domains.drain_dirty().for_each(drop);
        while let Some(k) = self.queue.pop_front() {
            self.queued[k as usize] = false;
            self.constraints[k as usize].propagate(&mut self.domains)?;
            for cell in self.domains.drain_dirty() {
                for &j in &self.watchers[cell] {
                    if !self.queued[j as usize] {
                        self.queued[j as usize] = true;
                        self.queue.push_back(j);
                    }
                }
            }
        }
        Ok(())
    }
}

impl Propagator for Rules {
    fn propagate(&mut self, live: &mut Live<'_>) -> Result<(), Contradiction> {
        let n = self.domains.side();
        // The digits each cell may hold: a cell not yet filled, those of
        // its placements in play (option `cell * n + d - 1` is digit d);
        // a filled one, its digit.
        for (cell, mask) in self.read.iter_mut().enumerate() {
            *mask = 0;
            if live.is_active(cell) {
                live.options_into(cell, &mut self.options);
                for option in &self.options {
                    *mask |= 1 << (option.index() - cell * n + 1);
                }
            }
        }
        for option in live.path() {
            if let Some((cell, d)) = encode::placement(n, option) {
                self.read[cell] = 1 << d;
            }
        }
        if self.read.contains(&0) {
            return Err(Contradiction);
        }
        self.domains.masks_mut().copy_from_slice(&self.read);
        self.fixed_point()?;
        let domains = self.domains.masks_mut();
        for (cell, (&before, &after)) in self.read.iter().zip(domains.iter()).enumerate() {
            if before != after {
                for d in digits(before & !after) {
                    live.remove(encode::option(n, cell, d as u8));
                }
            }
        }
        Ok(())
    }
}
