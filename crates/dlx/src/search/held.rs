//! What the selections and exclusions hold: the stack of options fixed
//! or taken out of play before the search, and the levels of selected
//! pieces, undone last in, first out.

use super::{Compiled, Level, Outcome, Shared, State, Walk};
use crate::arena::{Arena, Branching, Move, Storage};
use crate::error::{Error, ErrorKind};
use crate::problem::OptionId;

/// Arenas of at most this many nodes keep a copy for `reset`.
pub(super) const PRISTINE_MAX_NODES: usize = 1 << 16;

/// A selected option.
///
/// Selections and exclusions change the arena in the order they are made,
/// and only that order, reversed, undoes them exactly: the two lists of the
/// [`Walk`] (`selected`, `excluded`) are one stack, interleaved as each
/// selection's `exclusions` says.
#[derive(Clone, Copy, Debug)]
pub(super) struct Selection {
    /// The option's first primary node, whose item was covered first.
    pub(super) lead: u32,
    /// The length of `item_log` before the option was selected.
    pub(super) log_len: usize,
    /// The number of exclusions made before the option was selected: those
    /// made after it are undone before it is, and made again after.
    pub(super) exclusions: usize,
    /// Whether the option is a level of the tree (a piece's).
    pub(super) level: bool,
}

/// An excluded option; see [`Solver::exclude`].
#[derive(Clone, Copy, Debug)]
pub(super) struct Exclusion {
    /// The option, by its index in the arena.
    pub(super) option: u32,
    /// Whether its nodes are hidden ([`Arena::hide_option`]): not when a
    /// selection made before it had already taken it out of play (it
    /// conflicts with that selection).
    pub(super) hidden: bool,
}

/// What the selections and exclusions made of an option.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Held {
    /// Neither selected nor excluded.
    #[default]
    Free,
    Selected,
    Excluded,
}

impl Walk {
    /// The arena index of option `id`.
    pub(super) fn option_index(shared: &Shared, id: OptionId) -> Result<usize, Error> {
        match shared.option_index.get(id.index()) {
            Some(&k) if k != u32::MAX => Ok(k as usize),
            _ => Err(Error::new(ErrorKind::UnknownOption(id.index()))),
        }
    }

    /// Whether an option whose node of item `x` has color `color` agrees
    /// with the selections there: the item is free, or purified to that
    /// color (a color of -1 marks a node that agrees with its purified
    /// item).
    pub(super) fn agrees(&self, x: usize, color: i32) -> bool {
        let state = self.item_state[x];
        state == 0 || (color != 0 && (color == -1 || state == color))
    }

    /// Keeps a copy of the arena for [`Walk::reset`] when it is small and
    /// nothing is held: called before the first selection or exclusion
    /// changes it.
    pub(super) fn keep_pristine<S: Storage, B: Branching>(&self, compiled: &mut Compiled<S, B>) {
        if self.selected.is_empty()
            && self.excluded.is_empty()
            && compiled.pristine.is_none()
            && compiled.arena.node_count() <= PRISTINE_MAX_NODES
        {
            compiled.pristine = Some(Box::new(compiled.arena.pristine()));
        }
    }

    /// See [`Solver::select`] and [`Solver::select_piece`].
    pub(super) fn select<S: Storage, B: Branching>(
        &mut self,
        compiled: &mut Compiled<S, B>,
        shared: &Shared,
        id: OptionId,
        level: bool,
    ) -> Result<(), Error> {
        if compiled.arena.has_bounds() {
            if level {
                return self.replay(&mut compiled.arena, shared, id);
            }
            self.release_levels(&mut compiled.arena);
        }
        let k = Walk::option_index(shared, id)?;
        if self.held[k] == Held::Excluded {
            return Err(Error::new(ErrorKind::Excluded(id.index())));
        }
        self.rewind(&mut compiled.arena);
        let first = compiled.arena.option_start(k);
        if compiled.arena.has_bounds() {
            return self.select_bounded(compiled, shared, k);
        }
        // Check every item before changing anything.
        for (_, x, color) in compiled.arena.option_nodes(first) {
            if !self.agrees(x, color) {
                let name = shared.names.name(x - 1).unwrap_or_default().to_string();
                return Err(Error::new(ErrorKind::Conflict(name)));
            }
        }
        self.keep_pristine(compiled);
        let arena = &mut compiled.arena;
        let log_len = self.item_log.len();
        let mut lead = None;
        for (p, x, color) in arena.option_nodes(first) {
            let new = match color {
                0 => -1,
                -1 => self.item_state[x],
                color => color,
            };
            if self.item_state[x] != new {
                self.item_log.push((x as u32, self.item_state[x]));
                self.item_state[x] = new;
            }
            if lead.is_none() && x <= shared.primary {
                lead = Some(p);
            }
        }
        // As the search does: cover the option's first primary item, then
        // commit the others. The stats count the search, not this.
        let lead = lead.expect("every option has a primary item");
        let before = arena.updates();
        arena.cover(arena.item_of(lead));
        arena.commit_others(lead);
        self.held_updates += arena.updates() - before;
        arena.set_updates(before);
        self.selected.push(Selection {
            lead: lead as u32,
            log_len,
            exclusions: self.excluded.len(),
            level,
        });
        self.held[k] = Held::Selected;
        self.above += usize::from(level);
        Ok(())
    }

    /// [`Walk::select`] of option `k` of a problem with multiplicities:
    /// the option is hidden from every list (so that no search chooses it
    /// again) and each of its items committed, a primary item's bound
    /// lowered by one. It conflicts when it is out of play: an item of it
    /// takes no more options, or another selection hid it.
    pub(super) fn select_bounded<S: Storage, B: Branching>(
        &mut self,
        compiled: &mut Compiled<S, B>,
        shared: &Shared,
        k: usize,
    ) -> Result<(), Error> {
        let first = compiled.arena.option_start(k);
        if let Some(x) = compiled.arena.out_of_play(first) {
            let name = shared.names.name(x - 1).unwrap_or_default().to_string();
            return Err(Error::new(ErrorKind::Conflict(name)));
        }
        self.keep_pristine(compiled);
        let arena = &mut compiled.arena;
        let updates = arena.select_bounded(first);
        arena.set_updates(arena.updates() - updates);
        self.held_updates += updates;
        self.selected.push(Selection {
            lead: first as u32,
            log_len: self.item_log.len(),
            exclusions: self.excluded.len(),
            level: false,
        });
        self.held[k] = Held::Selected;
        Ok(())
    }

    /// See [`Solver::exclude`].
    pub(super) fn exclude<S: Storage, B: Branching>(
        &mut self,
        compiled: &mut Compiled<S, B>,
        shared: &Shared,
        id: OptionId,
    ) -> Result<(), Error> {
        let k = Walk::option_index(shared, id)?;
        match self.held[k] {
            Held::Free => {}
            Held::Excluded => return Ok(()),
            Held::Selected => return Err(Error::new(ErrorKind::Selected(id.index()))),
        }
        self.release_levels(&mut compiled.arena);
        self.keep_pristine(compiled);
        let hidden = self.hide_excluded(&mut compiled.arena, k);
        self.excluded.push(Exclusion {
            option: k as u32,
            hidden,
        });
        self.held[k] = Held::Excluded;
        Ok(())
    }

    /// See [`Solver::unexclude`].
    pub(super) fn unexclude<S: Storage, B: Branching>(
        &mut self,
        arena: &mut Arena<S, B>,
        shared: &Shared,
    ) -> Option<OptionId> {
        let from = self.selected.last().map_or(0, |s| s.exclusions);
        if self.excluded.len() <= from {
            return None;
        }
        self.release_levels(arena);
        let exclusion = self.excluded.pop()?;
        let k = exclusion.option as usize;
        if exclusion.hidden {
            arena.unhide_option(arena.option_start(k));
        }
        self.held[k] = Held::Free;
        if self.selected.is_empty() && self.excluded.is_empty() {
            self.held_updates = 0;
        }
        Some(shared.option_ids[k])
    }

    /// Hides option `k`, about to be excluded or excluded again, when it
    /// agrees with every selection. When it does not, a selection has
    /// already hidden it from every list but that of the item the
    /// selection covered or purified, which no search walks; hiding it
    /// again would break the links. Returns whether it hid the option.
    pub(super) fn hide_excluded<S: Storage, B: Branching>(
        &mut self,
        arena: &mut Arena<S, B>,
        k: usize,
    ) -> bool {
        let first = arena.option_start(k);
        let agrees = if arena.has_bounds() {
            arena.out_of_play(first).is_none()
        } else {
            arena
                .option_nodes(first)
                .all(|(_, x, color)| self.agrees(x, color))
        };
        if !agrees {
            return false;
        }
        self.held_updates += arena.hide_option(first);
        true
    }

    /// Brings back the options of exclusions `from..`, in reverse order,
    /// leaving them in `excluded`: the first step of undoing what was done
    /// since exclusion `from`, last in, first out.
    pub(super) fn unhide_exclusions<S: Storage, B: Branching>(
        &self,
        arena: &mut Arena<S, B>,
        from: usize,
    ) {
        for e in self.excluded[from..].iter().rev() {
            if e.hidden {
                arena.unhide_option(arena.option_start(e.option as usize));
            }
        }
    }

    /// See [`Solver::unselect`]: the exclusions made since the last
    /// selection are undone, then the selection, then the exclusions are
    /// made again, beneath the selections left.
    pub(super) fn unselect<S: Storage, B: Branching>(
        &mut self,
        arena: &mut Arena<S, B>,
        shared: &Shared,
    ) -> Option<OptionId> {
        self.rewind(arena);
        if self.floor > 0 {
            self.floor -= 1;
            let l = self.floor;
            let level = self.levels[l];
            let id = if level.choice == level.branch {
                OptionId::NULL
            } else {
                shared.option_ids[arena.option_of(level.choice as usize)]
            };
            self.undo_level(arena, l);
            self.level = self.floor;
            return Some(id);
        }
        let from = self.selected.last()?.exclusions;
        self.unhide_exclusions(arena, from);
        let selection = self.selected.pop()?;
        let option = self.undo_selection(arena, selection);
        for e in from..self.excluded.len() {
            let k = self.excluded[e].option as usize;
            self.excluded[e].hidden = self.hide_excluded(arena, k);
        }
        if self.selected.is_empty() && self.excluded.is_empty() {
            self.held_updates = 0;
        }
        Some(shared.option_ids[option])
    }

    /// Undoes `selection`, just taken off the top of `selected`, when
    /// nothing made after it holds the arena (no search is under way and no
    /// exclusion made since has its option hidden); returns its option's
    /// arena index.
    pub(super) fn undo_selection<S: Storage, B: Branching>(
        &mut self,
        arena: &mut Arena<S, B>,
        selection: Selection,
    ) -> usize {
        let Selection {
            lead,
            log_len,
            level,
            ..
        } = selection;
        self.above -= usize::from(level);
        let lead = lead as usize;
        if arena.has_bounds() {
            arena.unselect_bounded(lead);
        } else {
            arena.uncommit_others(lead);
            arena.uncover(arena.item_of(lead));
        }
        for (x, state) in self.item_log.drain(log_len..).rev() {
            self.item_state[x as usize] = state;
        }
        let option = arena.option_of(lead);
        self.held[option] = Held::Free;
        option
    }

    /// See [`Solver::reset`].
    pub(super) fn reset<S: Storage, B: Branching>(&mut self, compiled: &mut Compiled<S, B>) {
        // Copying the arena back costs about a node's worth of memory
        // traffic per node; undoing the selections and exclusions costs
        // their updates (and the search's open path). The copy wins when
        // they made at least one update per four nodes, as a sudoku's givens
        // do.
        let arena = &mut compiled.arena;
        self.release_levels(arena);
        let copy = self.held_updates.saturating_mul(4) >= arena.node_count() as u64;
        let held = !(self.selected.is_empty() && self.excluded.is_empty());
        match &compiled.pristine {
            Some(pristine) if copy && held => {
                arena.restore(pristine);
                for &(x, _) in &self.item_log {
                    self.item_state[x as usize] = 0;
                }
                self.item_log.clear();
                for s in self.selected.drain(..) {
                    self.held[arena.option_of(s.lead as usize)] = Held::Free;
                }
                for e in self.excluded.drain(..) {
                    self.held[e.option as usize] = Held::Free;
                }
                self.above = 0;
                self.state = State::Fresh;
                self.level = 0;
            }
            _ => {
                // Last in, first out: the exclusions made since the last
                // selection, then the selection, and so on down.
                self.rewind(arena);
                loop {
                    let from = self.selected.last().map_or(0, |s| s.exclusions);
                    self.unhide_exclusions(arena, from);
                    for e in self.excluded.drain(from..) {
                        self.held[e.option as usize] = Held::Free;
                    }
                    let Some(selection) = self.selected.pop() else {
                        break;
                    };
                    self.undo_selection(arena, selection);
                }
            }
        }
        self.held_updates = 0;
        self.outcome = Outcome::NotStarted;
    }

    /// Abandons the search under way and releases the levels of the
    /// selected pieces of a problem with multiplicities, last first.
    pub(super) fn release_levels<S: Storage, B: Branching>(&mut self, arena: &mut Arena<S, B>) {
        self.rewind(arena);
        while self.floor > 0 {
            self.floor -= 1;
            self.undo_level(arena, self.floor);
        }
        self.level = 0;
    }

    /// Selects the next level of a piece of a problem with multiplicities
    /// (see [`Solver::select_piece`]): the search's own move at the level
    /// under the selected ones, replayed: the branching item is chosen and
    /// its options tweaked up to the piece's (or its null move made), so
    /// that the search below is the subtree of the whole tree's search.
    /// Nothing changes on error.
    pub(super) fn replay<S: Storage, B: Branching>(
        &mut self,
        arena: &mut Arena<S, B>,
        shared: &Shared,
        id: OptionId,
    ) -> Result<(), Error> {
        let k = if id == OptionId::NULL {
            None
        } else {
            let k = Walk::option_index(shared, id)?;
            if self.held[k] == Held::Excluded {
                return Err(Error::new(ErrorKind::Excluded(id.index())));
            }
            Some(k)
        };
        self.rewind(arena);
        let conflict = |x: usize| {
            let name = shared.names.name(x - 1).unwrap_or_default().to_string();
            Error::new(ErrorKind::Conflict(name))
        };
        let Some((x, score)) = arena.choose_scored() else {
            // Every primary item is done: a piece does not go on below a
            // solution.
            let item = k.and_then(|k| arena.option_nodes(arena.option_start(k)).next());
            return Err(conflict(item.map_or(1, |(_, x, _)| x)));
        };
        let target = match k {
            None => x,
            Some(k) => match arena
                .option_nodes(arena.option_start(k))
                .find(|&(_, y, _)| y == x)
            {
                Some((p, _, _)) => p,
                None => return Err(conflict(x)),
            },
        };
        if score <= 0 {
            return Err(conflict(x));
        }
        let before = arena.updates();
        let first = arena.enter_item(x);
        let (mut r, mut pos) = (first, 0);
        let fits = loop {
            match arena.try_option(x, r) {
                Move::Backup => break false,
                Move::Option if r == target => {
                    arena.commit_others_bounded(r);
                    break true;
                }
                Move::Option => {
                    r = arena.down(r);
                    pos += 1;
                }
                Move::Null if target == x => break true,
                Move::Null => {
                    arena.undo_null(x);
                    break false;
                }
            }
        };
        if !fits {
            arena.leave_item(x, first);
            arena.set_updates(before);
            return Err(conflict(x));
        }
        self.held_updates += arena.updates() - before;
        arena.set_updates(before);
        let l = self.floor;
        self.levels[l] = Level {
            choice: r as u32,
            branch: x as u32,
            len: score.min(i64::from(u32::MAX)) as u32,
            pos,
        };
        self.tweaks[l] = first as u32;
        self.floor += 1;
        self.level = self.floor;
        Ok(())
    }
}
