//! The search loop and its state: the stack of levels, how the loop
//! enters, advances, recovers and reports, and how it backs out.

use std::sync::atomic::Ordering;

use super::propagate::{Contradiction, Live, Propagator};
use super::{Exclusion, Held, Limits, Outcome, Selection, Shared, Stats};
use crate::arena::{Arena, Branching, Move, Storage};
use crate::problem::OptionId;

/// One level of the search stack.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Level {
    /// The node tried.
    pub(super) choice: u32,
    /// The item branched on.
    pub(super) branch: u32,
    /// The length of that item's list when it was chosen, and the position
    /// of the current choice in it (for [`Solver::progress`]).
    pub(super) len: u32,
    pub(super) pos: u32,
}

/// Where the search loop is; see [`Solver::next_solution`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum State {
    /// No search under way.
    Fresh,
    /// Entering `level`: choices `0..level` are applied. After it the loop
    /// *advances*: the branch item of `level` is covered, choices
    /// `0..level` are applied, and `choice[level]` (which may be the
    /// header, meaning no option is left) is tried; the loop never stops
    /// there, so that is a place in the code and not a state.
    Forward,
    /// `choice[level]` is applied and must be undone before the next, then
    /// the loop advances.
    Recover,
    /// Choices `0..level` are applied and cover every primary item: a
    /// solution, the node at `level` that is yet to be counted.
    Solved,
    /// The search tree is exhausted; nothing is applied.
    Done,
}

/// Why the search loop returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Event {
    /// A solution, of the `reported` choices on the stack.
    Solution,
    /// A node at the depth the walk stops at, or a solution above it: a
    /// piece of the tree, of the `reported` choices on the stack.
    Piece,
    /// The end of the tree, or a limit (the outcome says which).
    End,
}

/// The search state of a [`Solver`]: everything but the arena.
#[derive(Clone)]
pub(super) struct Walk {
    pub(super) limits: Limits,
    pub(super) stats: Stats,
    pub(super) outcome: Outcome,
    pub(super) state: State,
    pub(super) level: usize,
    /// The search stack: one entry per level.
    pub(super) levels: Vec<Level>,
    /// The number of choices of the last solution or piece reported.
    pub(super) reported: usize,
    /// The selected options, in order.
    pub(super) selected: Vec<Selection>,
    /// The excluded options, in order.
    pub(super) excluded: Vec<Exclusion>,
    /// What selections and exclusions made of each option, by its index in
    /// the arena.
    pub(super) held: Vec<Held>,
    /// The selected options that are levels of the tree.
    pub(super) above: usize,
    /// What selections did to the items: 0 free, -1 covered, a color.
    pub(super) item_state: Vec<i32>,
    pub(super) item_log: Vec<(u32, i32)>,
    pub(super) solution: Vec<OptionId>,
    /// Solutions found by the search under way.
    pub(super) found: u64,
    pub(super) profile: bool,
    /// Updates made by selections and exclusions since none was held (not
    /// counted in the stats): what undoing them one by one costs, at most.
    pub(super) held_updates: u64,
    /// The depth at which the walk reports pieces instead of searching on;
    /// `usize::MAX` for a search.
    pub(super) stop: usize,
    /// For a problem with multiplicities, the first node of the branching
    /// item's list at each level, where its tweaks start (Knuth's
    /// `first_tweak`); empty otherwise.
    pub(super) tweaks: Vec<u32>,
    /// For a problem with multiplicities, the levels `0..floor` are those
    /// of the selected pieces ([`Solver::select_piece`]): the search below
    /// starts at `floor` and backs up no further. Always 0 otherwise.
    pub(super) floor: usize,
    /// The propagator run at each node, if any (see `propagate`).
    pub(super) propagator: Option<Box<dyn Propagator>>,
    /// The first nodes of the options the propagator took out, in the
    /// order it took them: those of the root first, then those of each
    /// level's choice.
    pub(super) trail: Vec<u32>,
    /// For each level, the length of `trail` before its choice's
    /// propagation; empty without a propagator.
    pub(super) marks: Vec<u32>,
    /// The arena option of each node, for the propagator's view; empty
    /// without a propagator.
    pub(super) node_option: std::sync::Arc<[u32]>,
}

impl Walk {
    /// The search loop: runs until a solution (its options listed by
    /// [`Walk::fill_solution`] when asked for),
    /// a piece (when `stop` is a depth), or the end of the tree or a limit.
    /// Problems with multiplicities run Algorithm M, the others X (or C);
    /// the choice is made once per call.
    pub(super) fn search<S: Storage, B: Branching>(
        &mut self,
        arena: &mut Arena<S, B>,
        shared: &Shared,
    ) -> Event {
        // A propagator is refused with multiplicities (`set_propagator`).
        match (arena.has_bounds(), self.propagator.is_some()) {
            (true, _) => self.search_with::<true, false, S, B>(arena, shared),
            (false, true) => self.search_with::<false, true, S, B>(arena, shared),
            (false, false) => self.search_with::<false, false, S, B>(arena, shared),
        }
    }

    /// [`Walk::search`], for Algorithm M (`M`) or X. The two share the
    /// states and their order; M branches on the item of the least score
    /// and tweaks its options (see `arena::multi`), and a level of M may be
    /// a null move (its choice is the item's header). With `P` (X only)
    /// the propagator runs at the root and after each choice; its options
    /// taken out are put back before the choice is undone.
    #[inline(always)]
    pub(super) fn search_with<const M: bool, const P: bool, S: Storage, B: Branching>(
        &mut self,
        arena: &mut Arena<S, B>,
        shared: &Shared,
    ) -> Event {
        let pieces = self.stop != usize::MAX;
        if let (Some(max), false) = (self.limits.solutions, pieces) {
            let found = if self.state == State::Fresh {
                0
            } else {
                self.found
            };
            if found >= max {
                self.outcome = Outcome::SolutionLimit;
                return Event::End;
            }
        }
        let mut level = self.level;
        let mut state = self.state;
        let max_nodes = self.limits.nodes.unwrap_or(u64::MAX);
        let (stop, above) = (self.stop, self.above);
        // The levels of selected pieces, below which M does not back up.
        let floor = if M { self.floor } else { 0 };
        let event = 'walk: loop {
            match state {
                State::Fresh => {
                    self.start_stats();
                    self.found = 0;
                    level = floor;
                    if P && self.propagate(arena, shared, level).is_err() {
                        state = State::Done;
                        self.outcome = Outcome::Complete;
                        break 'walk Event::End;
                    }
                    // Every primary item may be covered by the selection.
                    state = if arena.is_solved() {
                        State::Solved
                    } else {
                        State::Forward
                    };
                }
                // The hot states go from one to the next by conditional
                // branches in this inner loop, not by the outer match: its
                // jump table cost an indirect branch per step, three per
                // node (most of the mispredicted indirect branches of 6x8
                // dominoes, in callgrind's branch simulation).
                State::Forward | State::Recover => loop {
                    if state == State::Recover {
                        let r = self.levels[level].choice as usize;
                        if M {
                            let item = self.levels[level].branch as usize;
                            if r == item {
                                // The null move was the level's last.
                                arena.undo_null(item);
                                arena.leave_item(item, self.tweaks[level] as usize);
                                if level == floor {
                                    state = State::Done;
                                    self.outcome = Outcome::Complete;
                                    break 'walk Event::End;
                                }
                                level -= 1;
                                continue;
                            }
                            arena.uncommit_others_bounded(r);
                        } else {
                            if P {
                                self.put_back(arena, self.marks[level]);
                            }
                            arena.uncommit_others(r);
                        }
                        self.levels[level].choice = arena.down(r) as u32;
                        self.levels[level].pos += 1;
                    } else if state == State::Forward {
                        if level - floor == stop {
                            break 'walk Event::Piece;
                        }
                        if let Some(outcome) = self.enter(above + level, max_nodes) {
                            self.outcome = outcome;
                            break 'walk Event::End;
                        }
                        if M {
                            let Some((item, score)) = arena.choose_scored() else {
                                unreachable!("a solution is reported before entering a level")
                            };
                            if score <= 0 {
                                // The item cannot be satisfied: back up from
                                // this node, as DLX3 does, without entering it.
                                if level == floor {
                                    state = State::Done;
                                    self.outcome = Outcome::Complete;
                                    break 'walk Event::End;
                                }
                                level -= 1;
                                state = State::Recover;
                                continue;
                            }
                            let first = arena.enter_item(item);
                            self.tweaks[level] = first as u32;
                            self.levels[level] = Level {
                                choice: first as u32,
                                branch: item as u32,
                                len: score.min(i64::from(u32::MAX)) as u32,
                                pos: 0,
                            };
                        } else {
                            let Some((mut item, mut len)) = arena.choose() else {
                                unreachable!("a solution is reported before entering a level")
                            };
                            if P && len > 1 {
                                if let Some(x) = self.choose(arena, shared, level, item) {
                                    (item, len) = (x, arena.list_len(x));
                                }
                            }
                            arena.cover(item);
                            self.levels[level] = Level {
                                choice: arena.down(item) as u32,
                                branch: item as u32,
                                len,
                                pos: 0,
                            };
                        }
                    }
                    // Advance (where Recover and Forward lead): try
                    // the level's choice.
                    let r = self.levels[level].choice as usize;
                    let item = self.levels[level].branch as usize;
                    let back = if M {
                        match arena.try_option(item, r) {
                            Move::Backup => {
                                arena.leave_item(item, self.tweaks[level] as usize);
                                true
                            }
                            Move::Option => {
                                arena.commit_others_bounded(r);
                                false
                            }
                            Move::Null => false,
                        }
                    } else if r == item {
                        arena.uncover(r);
                        true
                    } else {
                        arena.commit_others(r);
                        false
                    };
                    if back {
                        if level == floor {
                            state = State::Done;
                            self.outcome = Outcome::Complete;
                            break 'walk Event::End;
                        }
                        level -= 1;
                        state = State::Recover;
                        continue;
                    }
                    level += 1;
                    if P {
                        self.marks[level - 1] = self.trail.len() as u32;
                        if self.propagate(arena, shared, level).is_err() {
                            // No solution under this choice: the next one.
                            level -= 1;
                            state = State::Recover;
                            continue;
                        }
                    }
                    if arena.is_solved() {
                        state = State::Solved;
                        break;
                    }
                    state = State::Forward;
                },
                State::Solved => {
                    if pieces {
                        break Event::Piece;
                    }
                    // A solution is a node of the tree, as Knuth counts.
                    if let Some(outcome) = self.enter(above + level, max_nodes) {
                        self.outcome = outcome;
                        break Event::End;
                    }
                    break Event::Solution;
                }
                State::Done => {
                    self.outcome = Outcome::Complete;
                    break Event::End;
                }
            }
        };
        if event != Event::End {
            // Report the `level` choices on the stack, then back up: the
            // next call resumes after this node.
            self.reported = level;
            if level == floor {
                state = State::Done;
            } else {
                level -= 1;
                state = State::Recover;
            }
        }
        if P && state == State::Done {
            // Every level is undone: what is left is the root's.
            self.put_back(arena, 0);
        }
        self.level = level;
        self.state = state;
        if event == Event::Solution {
            self.stats.solutions += 1;
            self.found += 1;
            self.outcome = Outcome::Paused;
        }
        event
    }

    /// Runs the propagator on the node the arena is at, counting the run
    /// and the options it takes out.
    fn propagate<S: Storage, B: Branching>(
        &mut self,
        arena: &mut Arena<S, B>,
        shared: &Shared,
        level: usize,
    ) -> Result<(), Contradiction> {
        let Some(propagator) = self.propagator.as_mut() else {
            return Ok(());
        };
        let path = (&self.selected[..], &self.levels[..level]);
        let mut live = Live::new(arena, shared, &mut self.trail, path, &self.node_option);
        let result = propagator.propagate(&mut live);
        self.stats.removed += live.removed();
        self.stats.propagations += 1;
        result
    }

    /// The propagator's item (from 1) to branch on at the node the arena
    /// is at in place of `best` (from 1), when it names an active primary
    /// item.
    fn choose<S: Storage, B: Branching>(
        &mut self,
        arena: &mut Arena<S, B>,
        shared: &Shared,
        level: usize,
        best: usize,
    ) -> Option<usize> {
        let propagator = self.propagator.as_mut()?;
        let path = (&self.selected[..], &self.levels[..level]);
        let live = Live::new(arena, shared, &mut self.trail, path, &self.node_option);
        let item = propagator.choose(&live, best - 1)?;
        live.is_active(item).then(|| item + 1)
    }

    /// Puts back the options the propagator took out since the trail was
    /// `mark` long, last first (they were taken after every change to the
    /// links still in force, and come back before any is undone).
    pub(super) fn put_back<S: Storage, B: Branching>(
        &mut self,
        arena: &mut Arena<S, B>,
        mark: u32,
    ) {
        while self.trail.len() > mark as usize {
            let first = self.trail.pop().expect("the trail is longer than the mark");
            arena.unhide_option(first as usize);
        }
    }

    /// Counts a node at `depth` (levels from the root of the tree: the
    /// search's own, below those of a selected piece), unless a limit stops
    /// the search first: then returns the outcome that says which.
    #[inline(always)]
    pub(super) fn enter(&mut self, depth: usize, max_nodes: u64) -> Option<Outcome> {
        if self.stats.nodes >= max_nodes {
            return Some(Outcome::NodeLimit);
        }
        if let Some(flag) = &self.limits.cancel {
            if flag.load(Ordering::Relaxed) {
                return Some(Outcome::Cancelled);
            }
        }
        self.stats.nodes += 1;
        if let Some(profile) = &mut self.stats.level_nodes {
            profile[depth] += 1;
        }
        if depth > self.stats.max_level {
            self.stats.max_level = depth;
        }
        None
    }

    pub(super) fn start_stats(&mut self) {
        if self.profile && self.stats.level_nodes.is_none() {
            self.stats.level_nodes = Some(vec![0; self.levels.len()]);
        }
    }

    /// The options of the solution just reported: the selected ones, then
    /// the search's choices.
    pub(super) fn fill_solution<S: Storage, B: Branching>(
        &mut self,
        arena: &Arena<S, B>,
        shared: &Shared,
    ) {
        self.solution.clear();
        let selected = self.selected.iter().map(|s| s.lead);
        // A null move (its choice is the item's header) chose no option.
        let chosen = self.levels[..self.reported]
            .iter()
            .filter(|l| l.choice != l.branch)
            .map(|l| l.choice);
        for node in selected.chain(chosen) {
            let option = arena.option_of(node as usize);
            self.solution.push(shared.option_ids[option]);
        }
    }

    /// See [`Solver::rewind`].
    pub(super) fn rewind<S: Storage, B: Branching>(&mut self, arena: &mut Arena<S, B>) {
        let bounded = arena.has_bounds();
        loop {
            match self.state {
                State::Fresh => return,
                State::Done => break,
                State::Forward | State::Solved => {
                    if self.level == self.floor {
                        break;
                    }
                    self.level -= 1;
                    self.state = State::Recover;
                }
                State::Recover if bounded => {
                    self.undo_level(arena, self.level);
                    self.state = State::Forward;
                }
                State::Recover => {
                    let level = self.levels[self.level];
                    if let Some(&mark) = self.marks.get(self.level) {
                        self.put_back(arena, mark);
                    }
                    arena.uncommit_others(level.choice as usize);
                    arena.uncover(level.branch as usize);
                    self.state = State::Forward;
                }
            }
        }
        // The root's propagation, last.
        self.put_back(arena, 0);
        self.state = State::Fresh;
        self.level = self.floor;
    }

    /// Undoes level `l` of Algorithm M, whose choice is applied: its
    /// option's commits (or its null move), then its item's tweaks and
    /// bound.
    pub(super) fn undo_level<S: Storage, B: Branching>(&self, arena: &mut Arena<S, B>, l: usize) {
        let Level { choice, branch, .. } = self.levels[l];
        if choice == branch {
            arena.undo_null(branch as usize);
        } else {
            arena.uncommit_others_bounded(choice as usize);
        }
        arena.leave_item(branch as usize, self.tweaks[l] as usize);
    }

    /// See [`Solver::progress`].
    pub(super) fn progress(&self) -> f64 {
        match self.state {
            State::Fresh => 0.0,
            State::Done => 1.0,
            _ => {
                let mut fraction = 0.0;
                let mut weight = 1.0;
                for l in 0..=self.level.min(self.levels.len() - 1) {
                    let len = self.levels[l].len.max(1) as f64;
                    weight /= len;
                    fraction += self.levels[l].pos as f64 * weight;
                }
                (fraction + weight / 2.0).min(1.0)
            }
        }
    }
}
