//! Memoized counting: the number of solutions of every subproblem met is
//! remembered, keyed by the state of the items, and reused when the search
//! meets that state again (Knuth's DLX6, after Nishino, Yasuda, Minato and
//! Nagata, "Dancing with Decision Diagrams", AAAI 2017).
//!
//! # What the state is
//!
//! Below a node of Algorithm X (or C), the options still in play are those
//! whose items are all free: primary items not covered, secondary items
//! neither covered nor purified to another color. Options excluded before
//! the search are out of every subproblem alike. So the subproblem, and its
//! count, is fixed by which items are covered and which color each
//! secondary item is purified to: that is the key, a bit per item and, for
//! a problem with colors, a color per secondary item. Two nodes with the
//! same key have the same count, whichever choices led to them: the count
//! is exact by construction, whatever the table holds. A key covers what
//! the selections did too, so a table serves every piece of a split tree
//! ([`Solver::select_piece`](crate::Solver::select_piece)); a solver with other exclusions, or another
//! problem, empties it first.
//!
//! Algorithm M takes options out of play as it tries them (Knuth's tweaks),
//! which the items' state does not show: problems with multiplicities are
//! not memoized.
//!
//! # The table
//!
//! Keys sit one after another in one vector of words, the counts (`u128`)
//! in another, and a hash table of `u32` indices finds them, as
//! [`crate::names`] does for names: an entry of a 12x12 board costs
//! 3 words of key, 16 bytes of count and 5 to 10 bytes of table. The table
//! grows by doubling while the whole, old and new buffers together, stays
//! within [`Memo::max_bytes`] and the memory can be had (an allocation
//! that fails fills the table as the cap does). A full table drops its
//! older half: the states a search meets again are mostly those it met
//! lately (on a board, those near the frontier), and a table that kept its
//! first entries and took no more would leave a large count to the plain
//! search, which might not end in a lifetime. Either way the count is
//! exact; only its speed depends on what the table holds.
//!
//! Beside the table, each node of the path that will remember its count
//! keeps its key until its subtree is counted: a stack that grows with
//! the path, as deep as the count goes (a board's count, as many levels
//! as pieces), never the deepest path the problem could have. A key that
//! cannot be had leaves its node to the plain search.
//!
//! # Order
//!
//! A cache hits when different paths reach the same state. Branching on
//! the item of the fewest options (MRV) jumps about a board, and the
//! states it reaches rarely meet; branching on the first active item in
//! the order of the item line ([`Order::First`]) sweeps a frontier across
//! a board listed row by row, and the states below a frontier are few:
//! 12x12 dominoes take thousands of nodes that way. MRV is the better
//! choice where the items have no geometry.

use std::hash::BuildHasher;
use std::sync::atomic::{AtomicU64, Ordering};

use hashbrown::{DefaultHashBuilder, HashTable};

use super::{Outcome, Shared, Walk};
use crate::arena::{Arena, Branching, Storage};
use crate::error::{Error, ErrorKind};
use crate::memory;

/// Which active primary item a search branches on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Order {
    /// The item with the fewest options left, leftmost on ties (Knuth's
    /// minimum-remaining-values rule): the fewest nodes in general.
    #[default]
    Fewest,
    /// The first active item in the order of the item line: on a board
    /// whose cells are listed row by row, a frontier that sweeps it, which
    /// is what lets memoized counting reuse its counts.
    First,
}

/// The figures of a [`Memo`]'s table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct MemoStats {
    /// Subproblems whose count the table holds.
    pub entries: u64,
    /// Lookups made, one per node of two options or more.
    pub lookups: u64,
    /// Lookups answered by the table.
    pub hits: u64,
    /// The bytes the table takes.
    pub bytes: u64,
    /// How many times the table reached its cap ([`Memo::max_bytes`]) and
    /// dropped its older half to take new entries.
    pub clears: u64,
    /// Whether the cap is too small for any table: no entry was kept.
    pub none: bool,
}

impl MemoStats {
    /// Adds the figures of another table (of another worker).
    pub fn merge(&mut self, other: &MemoStats) {
        self.entries += other.entries;
        self.lookups += other.lookups;
        self.hits += other.hits;
        self.bytes += other.bytes;
        self.clears += other.clears;
        self.none |= other.none;
    }
}

/// The table of memoized counting: the count of each subproblem met, for
/// [`Solver::count_memo`](crate::Solver::count_memo), with the branching order and the cap on its
/// memory. One table serves many counts of one solver (the pieces of a
/// split tree); a count by a solver of another problem, or with other
/// exclusions, empties it first.
///
/// # Example
///
/// The 8x8 board has 12,988,816 domino tilings; the memoized count visits
/// a few thousand nodes where the plain one visits 50 million.
///
/// ```
/// use dlx::{Memo, Order, Problem, Solver};
/// let (rows, cols) = (8, 8);
/// let mut problem = Problem::new(rows * cols, 0);
/// for r in 0..rows {
///     for c in 0..cols {
///         let cell = r * cols + c;
///         if c + 1 < cols {
///             problem.add_option([cell, cell + 1])?;
///         }
///         if r + 1 < rows {
///             problem.add_option([cell, cell + cols])?;
///         }
///     }
/// }
/// let mut memo = Memo::new().order(Order::First);
/// let mut solver = Solver::new(&problem);
/// assert_eq!(solver.count_memo(&mut memo)?, 12_988_816);
/// assert!(solver.stats().nodes < 10_000);
/// # Ok::<(), dlx::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Memo {
    order: Order,
    max_bytes: u64,
    table: Table,
    lookups: u64,
    hits: u64,
    clears: u64,
    none: bool,
    /// The solver whose states the table holds ([`Shared::id`]) and its
    /// exclusions.
    owner: Option<(u64, Vec<u32>)>,
}

impl Default for Memo {
    fn default() -> Memo {
        Memo::new()
    }
}

impl Memo {
    /// An empty table, branching on the item of the fewest options, capped
    /// at half the memory available now (on Linux, `MemAvailable` or the
    /// room under the process's limits; 1 GiB where that cannot be read).
    pub fn new() -> Memo {
        let max_bytes = crate::memory::available().map_or(1 << 30, |bytes| bytes / 2);
        Memo {
            order: Order::Fewest,
            max_bytes,
            table: Table::default(),
            lookups: 0,
            hits: 0,
            clears: 0,
            none: false,
            owner: None,
        }
    }

    /// Branches on the item `order` gives.
    #[must_use]
    pub fn order(mut self, order: Order) -> Memo {
        self.order = order;
        self
    }

    /// Caps the table at `bytes` (0: no table, a plain count in the given
    /// order).
    #[must_use]
    pub fn max_bytes(mut self, bytes: u64) -> Memo {
        self.max_bytes = bytes;
        self
    }

    /// The branching order.
    pub fn branching(&self) -> Order {
        self.order
    }

    /// The cap on the table's bytes.
    pub fn byte_cap(&self) -> u64 {
        self.max_bytes
    }

    /// The table's figures: entries, lookups and hits since it was made
    /// or cleared, and its bytes.
    pub fn stats(&self) -> MemoStats {
        MemoStats {
            entries: self.table.len() as u64,
            lookups: self.lookups,
            hits: self.hits,
            bytes: self.table.bytes(),
            clears: self.clears,
            none: self.none,
        }
    }

    /// Empties the table and its figures.
    pub fn clear(&mut self) {
        self.table = Table::default();
        self.lookups = 0;
        self.hits = 0;
        self.clears = 0;
        self.none = false;
        self.owner = None;
    }

    /// The count of the state `key`, if the table holds it.
    fn lookup(&mut self, key: &[u64]) -> Option<u128> {
        self.lookups += 1;
        let found = self.table.get(key);
        self.hits += u64::from(found.is_some());
        found
    }

    /// Remembers the count of the state `key`; a full table drops its
    /// older half first, and a cap too small for any table keeps nothing.
    fn remember(&mut self, key: &[u64], count: u128) {
        if self.none {
            return;
        }
        if !self.table.room_for_one(self.max_bytes) {
            if self.table.len() == 0 {
                self.none = true;
                return;
            }
            self.table.keep_newer_half();
            self.clears += 1;
        }
        self.table.insert(key, count);
    }
}

/// The keys and counts; see the module docs.
#[derive(Clone, Debug, Default)]
struct Table {
    /// The words of a key.
    width: usize,
    /// Every key, `width` words each, in the order they came.
    keys: Vec<u64>,
    counts: Vec<u128>,
    /// The index of each entry, hashed by its key.
    index: HashTable<u32>,
    hasher: DefaultHashBuilder,
}

impl Table {
    fn len(&self) -> usize {
        self.counts.len()
    }

    /// Drops the older half of the entries, keeping the memory for new
    /// ones.
    fn keep_newer_half(&mut self) {
        let old = self.counts.len() / 2;
        self.keys.drain(..old * self.width);
        self.counts.drain(..old);
        self.index.clear();
        let (keys, width, hasher) = (&self.keys, self.width, &self.hasher);
        for i in 0..self.counts.len() as u32 {
            let hash = hasher.hash_one(Table::key(keys, width, i));
            self.index
                .insert_unique(hash, i, |&j| hasher.hash_one(Table::key(keys, width, j)));
        }
    }

    fn key(keys: &[u64], width: usize, i: u32) -> &[u64] {
        &keys[i as usize * width..][..width]
    }

    fn get(&self, key: &[u64]) -> Option<u128> {
        let hash = self.hasher.hash_one(key);
        let (keys, width) = (&self.keys, self.width);
        self.index
            .find(hash, |&i| Table::key(keys, width, i) == key)
            .map(|&i| self.counts[i as usize])
    }

    /// Adds an entry the table does not hold, with room made for it.
    fn insert(&mut self, key: &[u64], count: u128) {
        debug_assert_eq!(key.len(), self.width);
        let hash = self.hasher.hash_one(key);
        let i = self.counts.len() as u32;
        self.keys.extend_from_slice(key);
        self.counts.push(count);
        let (keys, width, hasher) = (&self.keys, self.width, &self.hasher);
        self.index
            .insert_unique(hash, i, |&j| hasher.hash_one(Table::key(keys, width, j)));
    }

    /// Makes room for one more entry if its growth stays within `max`
    /// bytes (the old and the new buffers together, as while they are
    /// copied) and can be had; false when it would not, or cannot: memory
    /// the process cannot have fills the table as the cap does.
    fn room_for_one(&mut self, max: u64) -> bool {
        let len = self.counts.len();
        if len < self.counts.capacity()
            && len < self.index.capacity()
            && self.keys.len() + self.width <= self.keys.capacity()
        {
            return true;
        }
        let grown = (2 * len).max(1024);
        if grown > u32::MAX as usize || self.bytes() + bytes_of(grown, self.width) > max {
            return false;
        }
        let more = grown - len;
        let Some(words) = more.checked_mul(self.width) else {
            return false;
        };
        let Table {
            width,
            keys,
            counts,
            index,
            hasher,
        } = self;
        keys.try_reserve_exact(words).is_ok()
            && counts.try_reserve_exact(more).is_ok()
            && index
                .try_reserve(more, |&j| hasher.hash_one(Table::key(keys, *width, j)))
                .is_ok()
    }

    fn bytes(&self) -> u64 {
        let words = (self.keys.capacity() as u64) * 8;
        let counts = (self.counts.capacity() as u64) * 16;
        words + counts + crate::names::table_bytes(self.index.capacity())
    }
}

/// The bytes of a table of `entries` entries of `width` words.
fn bytes_of(entries: usize, width: usize) -> u64 {
    let entry = (width as u64) * 8 + 16;
    (entries as u64) * entry + crate::names::table_bytes(entries)
}

/// Grows the stack of keys to `len` words, doubling as `Vec` does; false
/// when the memory cannot be had.
fn grow(keys: &mut Vec<u64>, len: usize) -> bool {
    memory::reserve(keys, len - keys.len()).is_ok() && {
        keys.resize(len, 0);
        true
    }
}

/// A number for each solver made, shared by its clones: a table knows
/// whose states it holds.
pub(super) fn next_id() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// A node of the memoized search that branches: its item, the option
/// tried, and the solutions counted below the options tried before.
#[derive(Clone, Copy, Debug)]
struct Frame {
    item: u32,
    choice: u32,
    /// Whether its count goes into the table: not for a node of one
    /// option, which passes its child's count up unchanged.
    remember: bool,
    sum: u128,
}

/// Where the loop is.
#[derive(Clone, Copy, Debug)]
enum Step {
    /// At a node: the choices of every frame are applied.
    Enter,
    /// Trying the choice of the top frame, not applied yet.
    Advance,
    /// Back from a child of the top frame, with its count; the frame's
    /// choice is still applied.
    Return(u128),
}

impl Walk {
    /// The memoized count below the selections, on `arena`; see
    /// [`Solver::count_memo`](crate::Solver::count_memo). `more` is asked for more nodes when the
    /// node limit is reached (0: none). Returns the count, or what was
    /// counted before a limit stopped it (the outcome says which).
    pub(super) fn count_memo<S: Storage, B: Branching>(
        &mut self,
        arena: &mut Arena<S, B>,
        shared: &Shared,
        memo: &mut Memo,
        more: &mut dyn FnMut() -> u64,
    ) -> Result<u128, Error> {
        let owner = (shared.id, self.excluded.iter().map(|e| e.option).collect());
        if memo.owner.as_ref() != Some(&owner) || memo.table.width != arena.state_words() {
            memo.clear();
            memo.table.width = arena.state_words();
            memo.owner = Some(owner);
        }
        self.start_stats();
        let width = memo.table.width;
        let colored = arena.is_colored();
        let primary = shared.primary;
        // The color each secondary item is purified to, starting with what
        // the selections did.
        let mut colors: Vec<i32> = if colored {
            (self.item_state.iter().enumerate())
                .map(|(x, &s)| if x > primary { s.max(0) } else { 0 })
                .collect()
        } else {
            Vec::new()
        };
        // The frames and the keys of the path grow with it: a board's
        // count goes as deep as its pieces, and a key per level of the
        // deepest path a problem could have is gigabytes on a large one.
        let mut frames: Vec<Frame> = Vec::new();
        // The key of each frame that remembers its count, a slot of
        // `width` words each, the top frame's last.
        let mut keys: Vec<u64> = Vec::new();
        let mut slots = 0;
        let mut cap = self.limits.nodes.unwrap_or(u64::MAX);
        let use_table = memo.max_bytes > 0;
        let mut step = Step::Enter;
        let outcome = loop {
            match step {
                Step::Enter => {
                    let depth = self.above + frames.len();
                    let branch = if arena.is_solved() {
                        None
                    } else {
                        match memo.order {
                            Order::Fewest => arena.choose(),
                            Order::First => arena.first_active(),
                        }
                    };
                    let (item, len, remember) = match branch {
                        Some((item, len)) if len > 1 && use_table => {
                            // A slot that cannot be had leaves the node to
                            // the plain search: the count stays exact.
                            let end = (slots + 1) * width;
                            let remember = keys.len() >= end || grow(&mut keys, end);
                            if remember {
                                let key = &mut keys[slots * width..end];
                                arena.write_state(&colors, key);
                                if let Some(count) = memo.lookup(key) {
                                    step = Step::Return(count);
                                    continue;
                                }
                            }
                            (item, len, remember)
                        }
                        Some((item, len)) => (item, len, false),
                        None => (0, 0, false),
                    };
                    if let Some(outcome) = self.enter_memo(depth, &mut cap, more) {
                        break outcome;
                    }
                    if item == 0 {
                        self.stats.solutions += 1;
                        step = Step::Return(1);
                    } else if len == 0 {
                        // As Algorithm X does: the item is covered, and
                        // no option is left to try (one update).
                        arena.cover(item);
                        arena.uncover(item);
                        step = Step::Return(0);
                    } else {
                        if frames.len() == frames.capacity() {
                            if let Err(e) = memory::reserve(&mut frames, 1) {
                                self.unwind(arena, &mut frames, primary, &mut colors);
                                self.outcome = Outcome::Stopped;
                                return Err(e);
                            }
                        }
                        arena.cover(item);
                        frames.push(Frame {
                            item: item as u32,
                            choice: arena.down(item) as u32,
                            remember,
                            sum: 0,
                        });
                        slots += usize::from(remember);
                        step = Step::Advance;
                    }
                }
                Step::Advance => {
                    let Some(&Frame {
                        item,
                        choice,
                        remember,
                        sum,
                    }) = frames.last()
                    else {
                        unreachable!("a node was entered")
                    };
                    let (item, r) = (item as usize, choice as usize);
                    if r != item {
                        arena.commit_others(r);
                        if colored {
                            mark(arena, r, primary, &mut colors, true);
                        }
                        step = Step::Enter;
                        continue;
                    }
                    arena.uncover(item);
                    frames.pop();
                    if remember {
                        slots -= 1;
                        memo.remember(&keys[slots * width..][..width], sum);
                    }
                    step = Step::Return(sum);
                }
                Step::Return(count) => {
                    let Some(frame) = frames.last_mut() else {
                        break Outcome::Complete;
                    };
                    let r = frame.choice as usize;
                    if colored {
                        mark(arena, r, primary, &mut colors, false);
                    }
                    arena.uncommit_others(r);
                    frame.choice = arena.down(r) as u32;
                    let Some(sum) = frame.sum.checked_add(count) else {
                        let item = frame.item as usize;
                        arena.uncover(item);
                        frames.pop();
                        self.unwind(arena, &mut frames, primary, &mut colors);
                        self.outcome = Outcome::Stopped;
                        return Err(Error::new(ErrorKind::CountOverflow));
                    };
                    frame.sum = sum;
                    step = Step::Advance;
                }
            }
        };
        let counted = match step {
            Step::Return(count) if frames.is_empty() => count,
            _ => {
                // Stopped at a node: every frame's choice is applied, and
                // the counts of the subtrees finished are in their sums.
                let finished = (frames.iter()).try_fold(0u128, |total, f| total.checked_add(f.sum));
                self.unwind(arena, &mut frames, primary, &mut colors);
                self.outcome = outcome;
                finished.ok_or_else(|| Error::new(ErrorKind::CountOverflow))?
            }
        };
        self.outcome = outcome;
        Ok(counted)
    }

    /// Undoes the frames' choices and covers, top first.
    fn unwind<S: Storage, B: Branching>(
        &mut self,
        arena: &mut Arena<S, B>,
        frames: &mut Vec<Frame>,
        primary: usize,
        colors: &mut [i32],
    ) {
        while let Some(frame) = frames.pop() {
            let r = frame.choice as usize;
            if r != frame.item as usize {
                if arena.is_colored() {
                    mark(arena, r, primary, colors, false);
                }
                arena.uncommit_others(r);
            }
            arena.uncover(frame.item as usize);
        }
    }

    /// Counts a node at `depth`, asking `more` for nodes when the limit
    /// `cap` is reached; the outcome that stops the count, if any.
    fn enter_memo(
        &mut self,
        depth: usize,
        cap: &mut u64,
        more: &mut dyn FnMut() -> u64,
    ) -> Option<Outcome> {
        loop {
            match self.enter(depth, *cap) {
                Some(Outcome::NodeLimit) => match more() {
                    0 => return Some(Outcome::NodeLimit),
                    grant => *cap = cap.saturating_add(grant),
                },
                stop => return stop,
            }
        }
    }
}

/// Records (`on`) or forgets the colors that committing option node `r`
/// gives its secondary items; to be called after the commit and before
/// the uncommit, when each node's color says what the commit did (a node
/// of color -1 agreed with an item purified already, and changed nothing).
fn mark<S: Storage, B: Branching>(
    arena: &Arena<S, B>,
    r: usize,
    primary: usize,
    colors: &mut [i32],
    on: bool,
) {
    for (p, x, color) in arena.option_nodes(arena.first_of(r)) {
        if p != r && x > primary && color > 0 {
            colors[x] = if on { color } else { 0 };
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{Memo, Problem, Solver};

    #[test]
    fn the_path_takes_memory_as_deep_as_the_count_goes() {
        // 2^21 items of one option each: a count of one solution, 2^21
        // levels deep, of nodes that branch on one option and keep no key.
        // A key per level of the deepest path, a key being 2^15 words,
        // would be 512 GiB.
        let items = 1 << 21;
        let mut problem = Problem::new(items, 0);
        for item in 0..items {
            problem.add_option([item]).unwrap();
        }
        let mut solver = Solver::new(&problem);
        let mut memo = Memo::new();
        assert_eq!(solver.count_memo(&mut memo).unwrap(), 1);
        assert_eq!(memo.stats().lookups, 0);
    }
}
