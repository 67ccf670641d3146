//! A second engine for small problems: the state of the search as flat
//! arrays, copied from level to level instead of unlinked and relinked.
//!
//! Dancing links make a level's changes cheap to undo, but every change is
//! a dependent load and two stores, and every one is undone on the way
//! back. When a problem has a few thousand options, the whole state of a
//! search is small: each item's number of options in play (16 bits, with a
//! bit set once the item is covered, as the linked arena's lengths) and
//! one bit per option in play (6x10 pentominoes: 72 lengths and 2,056
//! bits, 420 bytes). [`CompactSolver`] copies that state to the next level
//! and leaves the copy behind on backtrack: a level costs one copy and the
//! covers of its option, and nothing is undone.
//!
//! A cover works a word at a time. Each option has the set of the options
//! that share an item with it (itself included), each item the set of its
//! options: choosing an option clears, word by word, the options in play
//! of its set, and shortens the items of each one cleared. The branching
//! item is the one the linked engine chooses (the active primary item of
//! the fewest options, leftmost on ties, by the same scan), its options
//! are tried in the same order, and the figures are counted as Knuth
//! counts them: the same nodes, updates, solutions and deepest level as
//! the links on every problem it takes (checked against them on random
//! problems, with selections, exclusions, limits and the pieces of split
//! trees).
//!
//! With colors (Knuth's Algorithm C), an option conflicts with the
//! options of another color (or none) on a secondary item it colors, not
//! with those of its own: a choice commits its items one after another
//! from the branching item's right, as DLX2 does, covering those it gives
//! no color and purifying the others (their options of other colors
//! leave; those of the same color stay, and their node there is neither
//! unlinked nor counted again), so that the updates are DLX2's too.
//!
//! It takes problems without multiplicities, of at most [`MAX_OPTIONS`]
//! options and tables of at most [`MAX_TABLE_BYTES`];
//! [`CompactSolver::new`] returns `None` for the others. A
//! [`Solver`](crate::Solver) counts on it when the problem fits and it
//! pays, as measured (every solution, one thread, CPU time, the same nodes
//! and updates on both):
//!
//! | problem | options | words | lengths per word | links | compact |
//! |---|---:|---:|---:|---:|---:|
//! | pentominoes 6x10 | 2,056 | 33 | 5.2 | 2.87 s | 1.43 s |
//! | Langford 12 | 198 | 4 | 4.1 | 0.24 s | 0.17 s |
//! | 13-queens | 169 | 3 | 3.0 | 0.11 s | 0.09 s |
//! | MacMahon squares 4x6 (colors) | 1,008 | 16 | 4.1 | 12.97 s | 10.68 s |
//! | dominoes 8x8 | 112 | 2 | 1.75 | 1.29 s | 1.57 s |
//! | hard sudoku | 729 | 12 | 0.75 | 166 µs | 178 µs |
//!
//! "Lengths per word" is an item's average number of options over the
//! words of a set of options: where it is 2 or more the compact engine
//! counts in less time ([`CompactSolver::pays`]). A sudoku's short lists
//! leave it little to gain per word, and dominoes' tree of 50 million
//! small nodes, a quarter of them solutions, pays the copy at each.

use std::ops::ControlFlow;
use std::sync::atomic::Ordering;
use std::sync::Arc;

use crate::arena::{Branching, FlatScan};
use crate::error::{Error, ErrorKind};
use crate::names::NameList;
use crate::problem::{OptionId, Problem};
use crate::search::{Limits, Outcome, Stats};

/// The most options [`CompactSolver`] takes.
pub const MAX_OPTIONS: usize = 4096;

/// The most bytes of its tables (each option's conflicts and each item's
/// options, a bit per option) that [`CompactSolver`] takes.
pub const MAX_TABLE_BYTES: usize = 1 << 20;

/// A covered item's length has this bit set (no length reaches it: a
/// problem has at most [`MAX_OPTIONS`] options here).
const COVERED: i16 = 1 << 14;

/// A secondary item given a color by a choice (purified, in Knuth's
/// word) has this bit set in its length: its options of that color stay
/// in play, and their node there is no longer unlinked nor counted when
/// they leave (Knuth's color -1). Only primary lengths are scanned.
const PURIFIED: i16 = 1 << 13;

/// One level of the search: the options of its item to
/// try, `tries[start..end]`, of which those from `next` are left.
#[derive(Clone, Copy, Debug, Default)]
struct Level {
    start: u32,
    next: u32,
    end: u32,
    /// The branching item.
    item: u32,
}

/// Where a paused or finished walk stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// No search under way: the next starts at the root.
    Fresh,
    /// The state of level `depth` is in its slot, to enter.
    Enter,
    /// Try the next option of level `depth`, or back up.
    Next,
    /// The walk is over.
    Done,
}

/// Exact cover by Algorithm X (Algorithm C with colors) for small problems,
/// with the options in play as a bit set copied from level to level (see
/// the module docs): the same solutions, in the same order, with the same
/// [`Stats`], as [`Solver`](crate::Solver).
///
/// # Example
///
/// ```
/// use dlx::{CompactSolver, Problem};
///
/// // Knuth's example (TAOCP 7.2.2.1, (6)).
/// let mut problem = Problem::with_names(["a", "b", "c", "d", "e", "f", "g"], [] as [&str; 0])?;
/// for option in [
///     &["c", "e"][..],
///     &["a", "d", "g"],
///     &["b", "c", "f"],
///     &["a", "d", "f"],
///     &["b", "g"],
///     &["d", "e", "g"],
/// ] {
///     problem.add_option_named(option)?;
/// }
/// let mut solver = CompactSolver::new(&problem).expect("a small problem");
/// let solution = solver.first().expect("one solution");
/// problem.verify(&solution)?;
/// assert_eq!(solver.count_up_to(2), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct CompactSolver {
    tables: Arc<Tables>,
    /// Slot 0 is the state after the selections and exclusions; level `d`
    /// of a search works in slot `d + 1`. Each slot has `len_stride`
    /// lengths and `words` words of options in play.
    lens: Vec<i16>,
    live: Vec<u64>,
    /// Per internal option: [`FREE`], [`SELECTED`] or [`EXCLUDED`].
    held: Vec<u8>,
    /// With colors: the color the selections gave each secondary item (0
    /// for none), for the agreement of the next selection.
    item_color: Vec<u32>,
    selected: Vec<u32>,
    excluded: Vec<u32>,
    /// The selected options that are levels of the tree (a piece's), for
    /// the depths in the statistics.
    above: usize,
    levels: Vec<Level>,
    tries: Vec<u32>,
    /// The option chosen at each level above the current one.
    path: Vec<u32>,
    solution: Vec<OptionId>,
    depth: usize,
    /// The depth of the last solution found: its options are
    /// `path[..found]`.
    found: usize,
    phase: Phase,
    scan: FlatScan,
    limits: Limits,
    stats: Stats,
    outcome: Outcome,
}

/// What copies of a [`CompactSolver`] share: the lists of the problem.
#[derive(Debug)]
struct Tables {
    primary: usize,
    items: usize,
    names: NameList,
    /// Words of a set of options.
    words: usize,
    /// Per option, its items: `row[row_start[o]..row_start[o + 1]]`.
    row_start: Vec<u32>,
    row: Vec<u32>,
    /// Whether the problem has colors; then, per entry of `row`, its
    /// color (0 for none) and the set of the options of that color on
    /// that item (`words` words each in `paints`, `u32::MAX` for none).
    colored: bool,
    row_color: Vec<u32>,
    row_paint: Vec<u32>,
    paints: Vec<u64>,
    /// Per option, its items with the primary ones first (spans as
    /// `row`'s), and how many are primary: only primary lengths are
    /// read (the scan's), so only they are shortened; with colors a
    /// secondary item only tells whether it is purified.
    sorted: Vec<u32>,
    primaries: Vec<u32>,
    /// Per option, the options that share an item with it, itself
    /// included: `words` words each; none with colors, whose choices
    /// commit item by item.
    conflicts: Vec<u64>,
    /// Per item, its options: `words` words each.
    columns: Vec<u64>,
    /// The id of each internal option, and the internal index of each id.
    ids: Vec<OptionId>,
    index: Vec<u32>,
    /// Lengths per slot: one for the unused header position 0 (the scan's
    /// convention), then one per item, padded.
    len_stride: usize,
    /// The state with nothing selected or excluded.
    lens: Vec<i16>,
    live: Vec<u64>,
}

impl Tables {
    /// The items of internal option `k`.
    #[inline(always)]
    fn items_of(&self, k: usize) -> &[u32] {
        &self.row[self.entries_of(k)]
    }

    /// The entries of internal option `k` (indices into `row`).
    #[inline(always)]
    fn entries_of(&self, k: usize) -> std::ops::Range<usize> {
        self.row_start[k] as usize..self.row_start[k + 1] as usize
    }
}

/// Whether the compact engine counts faster than the links, as measured:
/// when an item's list holds at least twice as many options, on average,
/// as a set of options has words (see the module docs).
fn pays(items: usize, words: usize, entries: usize) -> bool {
    2 * words * items <= entries
}

/// An option neither selected nor excluded.
const FREE: u8 = 0;
/// A selected option.
const SELECTED: u8 = 1;
/// An excluded option.
const EXCLUDED: u8 = 2;

/// Takes the options of `set` (less those of `except`, when given) out of
/// one slot's state: clears their bits in `live` and shortens each of
/// their primary items (only primary lengths are read: the scan's); with
/// `tries`, lists them there. Returns the updates, as Knuth counts them:
/// each option's nodes but one (the one in the list the cover walked),
/// and with colors (`C`) none in a purified item, whose node stays (see
/// [`commit_colored`]).
#[inline(always)]
fn take_out<const C: bool>(
    lens: &mut [i16],
    live: &mut [u64],
    (set, except): (&[u64], Option<&[u64]>),
    tables: &Tables,
    mut tries: Option<&mut Vec<u32>>,
) -> u64 {
    let mut updates = 0u64;
    for (w, (l, &m)) in live.iter_mut().zip(set).enumerate() {
        let m = m & !except.map_or(0, |e| e[w]);
        let mut bits = *l & m;
        *l &= !m;
        while bits != 0 {
            let k = w * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if let Some(tries) = tries.as_deref_mut() {
                tries.push(k as u32);
            }
            let span = tables.entries_of(k);
            let (primary, secondary) = tables.sorted[span].split_at(tables.primaries[k] as usize);
            for &j in primary {
                lens[1 + j as usize] -= 1;
            }
            // The node in the list walked is not counted (an option has a
            // primary item: the count stays at zero or more).
            updates += primary.len() as u64 - 1;
            if C {
                for &j in secondary {
                    updates += u64::from(lens[1 + j as usize] & PURIFIED == 0);
                }
            } else {
                updates += secondary.len() as u64;
            }
        }
    }
    updates
}

/// Commits the items of option `k` from its entry after `skip` (an
/// index into its items; the branching item, covered already), round to
/// before it, as Knuth's commit: an item with no color is covered (its
/// options in play leave), an item with a color purified (its options of
/// other colors leave) unless it is already. Returns the updates.
fn commit_colored(lens: &mut [i16], live: &mut [u64], t: &Tables, k: usize, skip: usize) -> u64 {
    let ws = t.words;
    let entries = t.entries_of(k);
    let n = entries.len();
    let mut updates = 0;
    for step in 1..n {
        let e = entries.start + (skip + step) % n;
        let j = t.row[e] as usize;
        let column = &t.columns[j * ws..(j + 1) * ws];
        if t.row_color[e] == 0 {
            updates += 1 + take_out::<true>(lens, live, (column, None), t, None);
            lens[1 + j] = COVERED;
        } else if lens[1 + j] & PURIFIED == 0 {
            let paint = t.row_paint[e] as usize;
            let same = &t.paints[paint * ws..(paint + 1) * ws];
            updates += take_out::<true>(lens, live, (column, Some(same)), t, None);
            lens[1 + j] |= PURIFIED;
        }
    }
    updates
}

impl CompactSolver {
    /// The compact solver of `problem`, or `None` when the problem has
    /// multiplicities, more than [`MAX_OPTIONS`] options, or tables past
    /// [`MAX_TABLE_BYTES`].
    pub fn new(problem: &Problem) -> Option<CompactSolver> {
        if problem.has_multiplicities() {
            return None;
        }
        let items = problem.item_count();
        let options = problem.option_count();
        let words = options.div_ceil(64).max(1);
        if options > MAX_OPTIONS || (options + items) * words * 8 > MAX_TABLE_BYTES {
            return None;
        }
        let colored = problem.color_count() > 0;
        let mut columns = vec![0u64; items * words];
        let mut row_start = vec![0];
        let mut row = Vec::new();
        let mut row_color = Vec::new();
        let mut ids = Vec::with_capacity(options);
        for (k, (id, entries)) in problem.options().enumerate() {
            for entry in entries {
                columns[entry.item * words + k / 64] |= 1 << (k % 64);
                row.push(entry.item as u32);
                if colored {
                    row_color.push(entry.color.map_or(0, |c| c.0));
                }
            }
            row_start.push(row.len() as u32);
            ids.push(id);
        }
        let options = ids.len();
        // Per (item, color) met, the options of that color on that item.
        let mut paint_of = std::collections::HashMap::new();
        let mut paints = Vec::new();
        let mut row_paint = Vec::new();
        if colored {
            row_paint = vec![u32::MAX; row.len()];
            for k in 0..options {
                for e in row_start[k] as usize..row_start[k + 1] as usize {
                    if row_color[e] == 0 {
                        continue;
                    }
                    let next = paint_of.len() as u32;
                    let paint = *paint_of.entry((row[e], row_color[e])).or_insert(next);
                    if paint == next {
                        paints.resize(paints.len() + words, 0);
                        if (options + items + paint_of.len()) * words * 8 > MAX_TABLE_BYTES {
                            return None;
                        }
                    }
                    paints[paint as usize * words + k / 64] |= 1 << (k % 64);
                    row_paint[e] = paint;
                }
            }
        }
        let (mut sorted, mut primaries) = (Vec::with_capacity(row.len()), Vec::new());
        let primary = problem.primary_count() as u32;
        for k in 0..options {
            let span = &row[row_start[k] as usize..row_start[k + 1] as usize];
            sorted.extend(span.iter().filter(|&&j| j < primary));
            primaries.push((sorted.len() - row_start[k] as usize) as u32);
            sorted.extend(span.iter().filter(|&&j| j >= primary));
        }
        // A problem with colors commits item by item: no conflicts.
        let mut conflicts = vec![0u64; if colored { 0 } else { options * words }];
        for k in (0..options).filter(|_| !colored) {
            for &j in &row[row_start[k] as usize..row_start[k + 1] as usize] {
                let column = &columns[j as usize * words..(j as usize + 1) * words];
                for (c, &w) in conflicts[k * words..(k + 1) * words].iter_mut().zip(column) {
                    *c |= w;
                }
            }
        }
        let mut index = vec![u32::MAX; ids.iter().map(|id| id.index() + 1).max().unwrap_or(0)];
        for (k, id) in ids.iter().enumerate() {
            index[id.index()] = k as u32;
        }
        let len_stride = (items + 1).next_multiple_of(16);
        let mut lens = vec![COVERED; len_stride];
        for j in 0..items {
            let column = &columns[j * words..(j + 1) * words];
            lens[1 + j] = column.iter().map(|w| w.count_ones()).sum::<u32>() as i16;
        }
        let mut live = vec![0u64; words];
        for k in 0..options {
            live[k / 64] |= 1 << (k % 64);
        }
        let tables = Tables {
            primary: problem.primary_count(),
            items,
            names: problem.item_names(),
            words,
            row_start,
            row,
            colored,
            row_color,
            row_paint,
            paints,
            sorted,
            primaries,
            conflicts,
            columns,
            ids,
            index,
            len_stride,
            lens: lens.clone(),
            live: live.clone(),
        };
        Some(CompactSolver {
            tables: Arc::new(tables),
            lens,
            live,
            held: vec![FREE; options],
            item_color: if colored { vec![0; items] } else { Vec::new() },
            selected: Vec::new(),
            excluded: Vec::new(),
            above: 0,
            levels: Vec::new(),
            tries: Vec::new(),
            path: Vec::new(),
            solution: Vec::new(),
            depth: 0,
            found: 0,
            phase: Phase::Fresh,
            scan: FlatScan::new::<i16>(&[], 0),
            limits: Limits::new(),
            stats: Stats::default(),
            outcome: Outcome::NotStarted,
        })
    }

    /// Whether this engine counts faster than the links, as measured: when
    /// an item's list holds at least twice as many options, on average,
    /// as a set of options has words (see the module docs).
    pub fn pays(&self) -> bool {
        let t = &*self.tables;
        pays(t.items, t.words, t.row.len())
    }

    /// [`CompactSolver::new`] for a problem on which it pays
    /// ([`CompactSolver::pays`]), asked before its tables are built.
    pub(crate) fn new_if_it_pays(problem: &Problem) -> Option<CompactSolver> {
        let words = problem.option_count().div_ceil(64).max(1);
        if !pays(problem.item_count(), words, problem.entry_count()) {
            return None;
        }
        CompactSolver::new(problem)
    }

    /// Sets the limits of the searches to come (see [`Limits`]).
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// The limits of the searches.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The statistics of the searches since the solver was made or
    /// [`CompactSolver::clear_stats`], as [`Solver::stats`](crate::Solver::stats).
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// Sets the statistics back to zero.
    pub fn clear_stats(&mut self) {
        self.stats = Stats::default();
    }

    /// Puts back statistics (those of a [`Solver`](crate::Solver) whose
    /// search this one continues).
    pub(crate) fn set_stats(&mut self, stats: Stats) {
        self.stats = stats;
    }

    /// How the last search ended.
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// The internal index of an option id.
    fn internal(&self, id: OptionId) -> Result<usize, Error> {
        match self.tables.index.get(id.index()) {
            Some(&k) if k != u32::MAX => Ok(k as usize),
            _ => Err(Error::new(ErrorKind::UnknownOption(id.index()))),
        }
    }

    /// Fixes an option before the search, as
    /// [`Solver::select`](crate::Solver::select): its items are covered.
    /// Any search under way is abandoned.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Conflict`] when it shares an item with a selected
    /// option, [`ErrorKind::Excluded`] when it is excluded,
    /// [`ErrorKind::UnknownOption`]. Nothing changes on error.
    pub fn select(&mut self, id: OptionId) -> Result<(), Error> {
        let k = self.internal(id)?;
        if self.held[k] == EXCLUDED {
            return Err(Error::new(ErrorKind::Excluded(id.index())));
        }
        let t = &*self.tables;
        if t.colored {
            return self.select_colored(k);
        }
        let items = t.items_of(k);
        let (ls, ws) = (t.len_stride, t.words);
        if let Some(&j) = items
            .iter()
            .find(|&&j| self.lens[1 + j as usize] >= COVERED)
        {
            let name = t.names.name(j as usize).unwrap_or_default().to_string();
            return Err(Error::new(ErrorKind::Conflict(name)));
        }
        self.phase = Phase::Fresh;
        let lens = &mut self.lens[..ls];
        let live = &mut self.live[..ws];
        let conflicts = &t.conflicts[k * ws..(k + 1) * ws];
        take_out::<false>(lens, live, (conflicts, None), t, None);
        for &j in items {
            lens[1 + j as usize] = COVERED;
        }
        self.held[k] = SELECTED;
        self.selected.push(k as u32);
        Ok(())
    }

    /// [`CompactSolver::select`] of internal option `k` of a problem with
    /// colors, as the links select it: its first primary item covered,
    /// then the others committed; it conflicts where a selection covered
    /// an item of it, or gave one another color.
    fn select_colored(&mut self, k: usize) -> Result<(), Error> {
        let tables = Arc::clone(&self.tables);
        let t = &*tables;
        let (ls, ws) = (t.len_stride, t.words);
        for e in t.entries_of(k) {
            let j = t.row[e] as usize;
            let given = self.item_color[j];
            let agrees = self.lens[1 + j] & COVERED == 0
                && (given == 0 || (t.row_color[e] != 0 && t.row_color[e] == given));
            if !agrees {
                let name = t.names.name(j).unwrap_or_default().to_string();
                return Err(Error::new(ErrorKind::Conflict(name)));
            }
        }
        self.phase = Phase::Fresh;
        let lead = t
            .items_of(k)
            .iter()
            .position(|&j| (j as usize) < t.primary)
            .expect("every option has a primary item");
        let lens = &mut self.lens[..ls];
        let live = &mut self.live[..ws];
        let j = t.items_of(k)[lead] as usize;
        let column = &t.columns[j * ws..(j + 1) * ws];
        take_out::<true>(lens, live, (column, None), t, None);
        lens[1 + j] = COVERED;
        commit_colored(lens, live, t, k, lead);
        for e in t.entries_of(k) {
            if t.row_color[e] != 0 {
                self.item_color[t.row[e] as usize] = t.row_color[e];
            }
        }
        self.held[k] = SELECTED;
        self.selected.push(k as u32);
        Ok(())
    }

    /// Selects an option as a level of the tree (a piece's, see
    /// [`Solver::select_piece`](crate::Solver::select_piece)): the depths
    /// of the statistics count from below it.
    pub(crate) fn select_level(&mut self, id: OptionId) -> Result<(), Error> {
        self.select(id)?;
        self.above += 1;
        Ok(())
    }

    /// Takes an option out of play for the searches to come, until
    /// [`CompactSolver::reset`], as [`Solver::exclude`](crate::Solver::exclude).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Selected`] when the option is selected,
    /// [`ErrorKind::UnknownOption`]. Nothing changes on error.
    pub fn exclude(&mut self, id: OptionId) -> Result<(), Error> {
        let k = self.internal(id)?;
        match self.held[k] {
            SELECTED => return Err(Error::new(ErrorKind::Selected(id.index()))),
            EXCLUDED => return Ok(()),
            _ => {}
        }
        self.phase = Phase::Fresh;
        self.held[k] = EXCLUDED;
        self.excluded.push(k as u32);
        let t = &*self.tables;
        let bit = 1u64 << (k % 64);
        if self.live[k / 64] & bit != 0 {
            self.live[k / 64] &= !bit;
            for &j in t.items_of(k) {
                self.lens[1 + j as usize] -= 1;
            }
        }
        Ok(())
    }

    /// Releases every selection and exclusion; any search under way is
    /// abandoned.
    pub fn reset(&mut self) {
        let t = &*self.tables;
        self.lens[..t.len_stride].copy_from_slice(&t.lens);
        self.live[..t.words].copy_from_slice(&t.live);
        for &k in self.selected.iter().chain(&self.excluded) {
            self.held[k as usize] = FREE;
        }
        self.selected.clear();
        self.excluded.clear();
        self.item_color.fill(0);
        self.above = 0;
        self.phase = Phase::Fresh;
    }

    /// Counts the solutions of a fresh search, up to `max` (and the
    /// solution limit, if any).
    pub fn count_up_to(&mut self, max: u64) -> u64 {
        let max = self.limits.solutions.map_or(max, |s| s.min(max));
        self.phase = Phase::Fresh;
        let mut found = 0;
        while found < max && self.advance() {
            found += 1;
        }
        if found == max {
            self.outcome = Outcome::SolutionLimit;
        }
        self.phase = Phase::Fresh;
        found
    }

    /// The first solution of a fresh search: the selected options, then
    /// those the search chose.
    pub fn first(&mut self) -> Option<Vec<OptionId>> {
        self.phase = Phase::Fresh;
        let found = self.next_solution().map(<[OptionId]>::to_vec);
        self.phase = Phase::Fresh;
        found
    }

    /// The next solution of the search under way, or of a fresh one when
    /// none is: the selected options, then those the search chose. `None`
    /// when there are no more, or a limit stopped the search
    /// ([`CompactSolver::outcome`] says which).
    pub fn next_solution(&mut self) -> Option<&[OptionId]> {
        if !self.advance() {
            return None;
        }
        Some(self.reported())
    }

    /// Runs the search under way (or a fresh one) to its next solution
    /// without listing it: false at the end of the tree or at a limit.
    #[cfg(feature = "parallel")]
    pub(crate) fn next_found(&mut self) -> bool {
        self.advance()
    }

    /// The options of the last solution found.
    pub(crate) fn reported(&mut self) -> &[OptionId] {
        self.solution.clear();
        let chosen = self.path[..self.found].iter();
        for &k in self.selected.iter().chain(chosen) {
            self.solution.push(self.tables.ids[k as usize]);
        }
        &self.solution
    }

    /// Hands every solution of a fresh search to `visit` until it breaks
    /// or a limit stops the search, and says how the search ended.
    pub fn for_each<F>(&mut self, mut visit: F) -> Outcome
    where
        F: FnMut(&[OptionId]) -> ControlFlow<()>,
    {
        self.phase = Phase::Fresh;
        let mut found = 0;
        while let Some(solution) = self.next_solution() {
            found += 1;
            if visit(solution).is_break() {
                self.outcome = Outcome::Stopped;
                break;
            }
            if self.limits.solutions.is_some_and(|s| found >= s) {
                self.outcome = Outcome::SolutionLimit;
                break;
            }
        }
        self.phase = Phase::Fresh;
        self.outcome
    }

    /// Makes sure the slot of level `depth` exists, and its entries of
    /// the stacks.
    fn reserve(&mut self, depth: usize) {
        let (ls, ws) = (self.tables.len_stride, self.tables.words);
        let slots = depth + 2;
        if self.lens.len() < slots * ls {
            self.lens.resize(slots * ls, COVERED);
            self.live.resize(slots * ws, 0);
        }
        if self.levels.len() <= depth {
            self.levels.resize(depth + 1, Level::default());
            self.path.resize(depth + 1, 0);
        }
    }

    /// Walks the tree to its next solution: `true` when one is found (the
    /// options of `path[..found]`), `false` when the tree is done or a
    /// limit stopped the walk (the outcome says which).
    fn advance(&mut self) -> bool {
        let max_nodes = self.limits.nodes.unwrap_or(u64::MAX);
        let (ls, ws) = (self.tables.len_stride, self.tables.words);
        if self.phase == Phase::Fresh {
            self.reserve(0);
            self.lens.copy_within(0..ls, ls);
            self.live.copy_within(0..ws, ws);
            self.tries.clear();
            self.depth = 0;
            self.phase = Phase::Enter;
        }
        // The tables, held apart from `self` while its state changes.
        let tables = Arc::clone(&self.tables);
        let t = &*tables;
        loop {
            match self.phase {
                Phase::Fresh => return false,
                Phase::Done => {
                    self.outcome = Outcome::Complete;
                    return false;
                }
                Phase::Enter => {
                    // A limit leaves the node to enter: the walk can resume
                    // under new limits.
                    if self.stats.nodes >= max_nodes {
                        self.outcome = Outcome::NodeLimit;
                        return false;
                    }
                    if let Some(flag) = &self.limits.cancel {
                        if flag.load(Ordering::Relaxed) {
                            self.outcome = Outcome::Cancelled;
                            return false;
                        }
                    }
                    let d = self.depth;
                    self.stats.nodes += 1;
                    self.stats.max_level = self.stats.max_level.max(self.above + d);
                    let slot = d + 1;
                    let lens = &mut self.lens[slot * ls..(slot + 1) * ls];
                    let live = &mut self.live[slot * ws..(slot + 1) * ws];
                    let (i, least) = self.scan.choose(&lens[..=t.primary]);
                    if least >= COVERED {
                        self.stats.solutions += 1;
                        self.found = d;
                        // The walk resumes with the next option of the
                        // level above (none at the root).
                        if d == 0 {
                            self.phase = Phase::Done;
                        } else {
                            self.depth = d - 1;
                            self.phase = Phase::Next;
                        }
                        return true;
                    }
                    let item = i - 1;
                    let start = self.tries.len() as u32;
                    let column = &t.columns[item * ws..(item + 1) * ws];
                    let tries = Some(&mut self.tries);
                    self.stats.updates += 1 + if t.colored {
                        take_out::<true>(lens, live, (column, None), t, tries)
                    } else {
                        take_out::<false>(lens, live, (column, None), t, tries)
                    };
                    lens[1 + item] = COVERED;
                    self.levels[d] = Level {
                        start,
                        next: start,
                        end: self.tries.len() as u32,
                        item: item as u32,
                    };
                    self.phase = Phase::Next;
                }
                Phase::Next => {
                    let d = self.depth;
                    let level = self.levels[d];
                    if level.next == level.end {
                        self.tries.truncate(level.start as usize);
                        if d == 0 {
                            self.phase = Phase::Done;
                        } else {
                            self.depth -= 1;
                        }
                        continue;
                    }
                    let k = self.tries[level.next as usize] as usize;
                    self.levels[d].next += 1;
                    self.reserve(d + 1);
                    let (slot, next) = (d + 1, d + 2);
                    self.lens.copy_within(slot * ls..(slot + 1) * ls, next * ls);
                    self.live.copy_within(slot * ws..(slot + 1) * ws, next * ws);
                    let lens = &mut self.lens[next * ls..(next + 1) * ls];
                    let live = &mut self.live[next * ws..(next + 1) * ws];
                    let items = t.items_of(k);
                    if t.colored {
                        // Knuth's commits, one item after another from the
                        // branching one's right.
                        let branch = level.item as usize;
                        let skip = items
                            .iter()
                            .position(|&j| j as usize == branch)
                            .expect("the option holds the branching item");
                        self.stats.updates += commit_colored(lens, live, t, k, skip);
                    } else {
                        let conflicts = &t.conflicts[k * ws..(k + 1) * ws];
                        // The branching item, covered at the level's entry,
                        // is not covered again.
                        self.stats.updates += items.len() as u64 - 1
                            + take_out::<false>(lens, live, (conflicts, None), t, None);
                        for &j in items {
                            lens[1 + j as usize] = COVERED;
                        }
                    }
                    self.path[d] = k as u32;
                    self.depth = d + 1;
                    self.phase = Phase::Enter;
                }
            }
        }
    }
}
