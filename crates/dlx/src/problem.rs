//! Problems: items, options and their validation.
//!
//! A [`Problem`] owns the items (primary ones first, then secondary ones), the
//! colors used by secondary items, and the options; the solver compiles the
//! options into a flat arena of its own (see the `arena` module for why).
//!
//! The layout is sized for problems read from large files. Item and color
//! names are stored once each (see `names.rs`). The entries of all options
//! lie in one vector, an option being a span of it found by its id, so an
//! option costs its entries (16 bytes each) and 8 bytes, not a heap block of
//! its own; removing an option leaves a hole that the next options do not
//! reuse until the holes outweigh the entries in use, when the entries are
//! moved down over them, so that an [`OptionId`] stays valid while other
//! options are added or removed. An option is checked as its entries are
//! appended, a repeated item found by a bit per item, in time linear in its
//! length.

use std::fmt;
use std::fmt::Write as _;

use bitvec::vec::BitVec;

use crate::error::{Error, ErrorKind};
use crate::footprint::Shape;
use crate::memory;
use crate::names::{NameList, Names};

/// The largest number of items plus option nodes a problem may hold: every
/// node of the solver's arena has a `u32` index, and every item's length
/// stays below the arena's covered flag (2^30).
pub(crate) const MAX_NODES: usize = (1 << 30) - 2;

/// The number of nodes in the solver's arena for a problem of `items`
/// items, `entries` option entries and `options` options: a header per
/// item, two list heads (the second is the spacer before the first
/// option), a node per entry and a spacer per option; `None` on overflow.
pub(crate) fn node_count(items: usize, entries: usize, options: usize) -> Option<usize> {
    items
        .checked_add(2)?
        .checked_add(entries)?
        .checked_add(options)
}

/// [`node_count`] of `problem`.
pub(crate) fn node_count_of(problem: &Problem) -> usize {
    node_count(
        problem.item_count(),
        problem.entry_count(),
        problem.option_count(),
    )
    .unwrap_or(usize::MAX)
}

/// Identifies an option of a [`Problem`].
///
/// Ids are handed out by [`Problem::add_option`]: `0, 1, 2, ...` in the order
/// options are added, as long as no option has been removed (a removed
/// option's id is reused by the next option added).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct OptionId(pub(crate) u32);

impl OptionId {
    /// No option: in a piece of a problem with multiplicities (see
    /// [`Split`](crate::Split)), a level at which the branching item took
    /// no further option (Knuth's null move in Algorithm M). No option of a
    /// problem has this id.
    pub const NULL: OptionId = OptionId(u32::MAX);

    /// The id as an index: `0` for the first option added, and so on.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The id with this index.
    pub fn from_index(index: usize) -> OptionId {
        OptionId(u32::try_from(index).unwrap_or(u32::MAX))
    }
}

impl fmt::Display for OptionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A color that a secondary item may take in an option (Knuth's XCC problems).
///
/// Options that give a secondary item the same color are compatible: both may
/// be in a solution. An option that names a secondary item without a color
/// excludes every other option naming that item. Colors are made by
/// [`Problem::color`] from a name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Color(pub(crate) u32);

impl Color {
    /// The color's index among the problem's colors, from 0.
    pub fn index(self) -> usize {
        self.0 as usize - 1
    }
}

/// One item of an option: the item's index and, for a secondary item, an
/// optional color.
///
/// Built from a bare index (`3`) or a pair (`(3, color)`), so
/// [`Problem::add_option`] takes either.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    /// The item's index: primary items first, then secondary ones.
    pub item: usize,
    /// The color given to a secondary item, if any.
    pub color: Option<Color>,
}

impl From<usize> for Entry {
    fn from(item: usize) -> Entry {
        Entry { item, color: None }
    }
}

impl From<&usize> for Entry {
    fn from(item: &usize) -> Entry {
        Entry::from(*item)
    }
}

impl From<(usize, Color)> for Entry {
    fn from((item, color): (usize, Color)) -> Entry {
        Entry {
            item,
            color: Some(color),
        }
    }
}

impl From<(usize, Option<Color>)> for Entry {
    fn from((item, color): (usize, Option<Color>)) -> Entry {
        Entry { item, color }
    }
}

/// An exact-cover problem: items and options.
///
/// Items are numbered from 0: the `primary` items first (each must be covered
/// exactly once), then the `secondary` ones (each covered at most once, or by
/// any number of options that agree on its color). Items may also be named and
/// looked up by name.
///
/// # Example
///
/// ```
/// use dlx::{Problem, Solver};
///
/// // Items a b c are primary; x is secondary.
/// let mut problem = Problem::with_names(["a", "b", "c"], ["x"])?;
/// problem.add_option_named(["a", "b"])?;
/// problem.add_option_named(["c", "x"])?;
/// problem.add_option_named(["a", "x"])?;
/// problem.add_option_named(["b", "c"])?;
/// assert_eq!(Solver::new(&problem).count(), 2);
/// # Ok::<(), dlx::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Problem {
    primary: usize,
    items: Names,
    colors: Names,
    options: Options,
    /// Each primary item's bounds `(lo, hi)`: it is covered at least `lo`
    /// and at most `hi` times. Empty while every item has `(1, 1)`.
    bounds: Vec<(u32, u32)>,
    /// The items of the option being added, to find a repeated one in
    /// constant time; empty between options.
    seen: ItemSet,
}

impl Problem {
    /// A problem with `primary` primary items and `secondary` secondary items,
    /// named by their indices (`"0"`, `"1"`, ...), and no options yet.
    ///
    /// # Panics
    ///
    /// Past 2^32 - 1 items, whose names alone would take more than 60 GB.
    ///
    /// # Example
    ///
    /// ```
    /// let problem = dlx::Problem::new(4, 1);
    /// assert_eq!(problem.item_count(), 5);
    /// assert_eq!(problem.item_name(4), Some("4"));
    /// ```
    pub fn new(primary: usize, secondary: usize) -> Problem {
        let mut items = Names::default();
        let mut name = String::new();
        for i in 0..primary.saturating_add(secondary) {
            name.clear();
            let _ = write!(name, "{i}");
            let _ = items.insert(&name);
        }
        Problem::with_items(primary, items)
    }

    /// A problem whose items have the given names, primary ones then secondary
    /// ones.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::DuplicateItem`] if a name is given twice,
    /// [`ErrorKind::InvalidName`] if a name is empty or holds white space, `:`
    /// or `|` (so that every problem can be written in Knuth's text format),
    /// [`ErrorKind::TooLarge`] past 2^30 items, [`ErrorKind::OutOfMemory`]
    /// when the names cannot be stored.
    pub fn with_names<P, S, Q, T>(primary: P, secondary: S) -> Result<Problem, Error>
    where
        P: IntoIterator<Item = Q>,
        S: IntoIterator<Item = T>,
        Q: Into<String>,
        T: Into<String>,
    {
        let mut items = Names::default();
        for name in primary {
            add_item(&mut items, &name.into())?;
        }
        let primary_count = items.len();
        for name in secondary {
            add_item(&mut items, &name.into())?;
        }
        Ok(Problem::with_items(primary_count, items))
    }

    /// A problem with these items, the first `primary` of them primary, and
    /// no options yet.
    /// The item names, to read by index.
    pub(crate) fn item_names(&self) -> NameList {
        self.items.list()
    }

    pub(crate) fn with_items(primary: usize, items: Names) -> Problem {
        Problem {
            primary: primary.min(items.len()),
            seen: ItemSet::new(items.len()),
            items,
            colors: Names::default(),
            options: Options::new(),
            bounds: Vec::new(),
        }
    }

    /// The number of items, primary and secondary.
    pub fn item_count(&self) -> usize {
        self.items.len()
    }

    /// The number of primary items (items `0..primary_count()`).
    pub fn primary_count(&self) -> usize {
        self.primary
    }

    /// The number of secondary items (the items after the primary ones).
    pub fn secondary_count(&self) -> usize {
        self.items.len() - self.primary
    }

    /// Whether `item` is a primary item.
    pub fn is_primary(&self, item: usize) -> bool {
        item < self.primary
    }

    /// The number of options.
    pub fn option_count(&self) -> usize {
        self.options.count
    }

    /// Gives primary item `item` a multiplicity, as Knuth's `lo:hi|name`
    /// does: a solution covers it at least `lo` and at most `hi` times
    /// (`lo` may be 0). Every primary item has `(1, 1)` until given other
    /// bounds. A problem with some other bounds is solved by Algorithm M
    /// (TAOCP 7.2.2.1, Knuth's DLX3), whose statistics and branching are
    /// his (see [`Solver`](crate::Solver)); setting `(1, 1)` everywhere
    /// again gives back Algorithm X. The options stay sets: a solution
    /// holds each option at most once. The bounds hold for the solvers made
    /// after they are set.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::UnknownItem`] for an index out of range,
    /// [`ErrorKind::InvalidBounds`] for a secondary item, `lo > hi` or
    /// `hi == 0`; [`ErrorKind::OutOfMemory`] when the bounds cannot be stored.
    ///
    /// # Example
    ///
    /// ```
    /// let mut problem = dlx::Problem::new(2, 0);
    /// problem.set_bounds(1, 2, 3)?;
    /// assert_eq!(problem.bounds(1), (2, 3));
    /// assert_eq!(problem.bounds(0), (1, 1));
    /// assert!(problem.has_multiplicities());
    /// # Ok::<(), dlx::Error>(())
    /// ```
    pub fn set_bounds(&mut self, item: usize, lo: u32, hi: u32) -> Result<(), Error> {
        if item >= self.item_count() {
            return Err(Error::new(ErrorKind::UnknownItem(item.to_string())));
        }
        if !self.is_primary(item) || lo > hi || hi == 0 {
            let item = self.item_name(item).unwrap_or_default().to_string();
            return Err(Error::new(ErrorKind::InvalidBounds { item, lo, hi }));
        }
        if self.bounds.is_empty() {
            if (lo, hi) == (1, 1) {
                return Ok(());
            }
            memory::reserve(&mut self.bounds, self.primary)?;
            self.bounds.resize(self.primary, (1, 1));
        }
        self.bounds[item] = (lo, hi);
        Ok(())
    }

    /// The bounds of an item: `(1, 1)` for a primary item not given others
    /// by [`Problem::set_bounds`], `(0, 1)` for a secondary item.
    pub fn bounds(&self, item: usize) -> (u32, u32) {
        if !self.is_primary(item) {
            (0, 1)
        } else {
            self.bounds.get(item).copied().unwrap_or((1, 1))
        }
    }

    /// Whether some primary item has bounds other than `(1, 1)`.
    pub fn has_multiplicities(&self) -> bool {
        self.bounds.iter().any(|&b| b != (1, 1))
    }

    /// The problem without its *free* items: the primary items with bounds
    /// that no set of options breaks, a lower bound of 0 and an upper bound
    /// at least the number of their options that fit in one solution (a
    /// tiling's piece that may be used any number of times: `0:72|D` for
    /// dominoes on 144 cells). That number is taken as the least of the
    /// item's options, and of the primary items without bounds divided by
    /// the fewest of them in one of its options (each is covered once). The solutions are the same
    /// sets of options, in the same order; an option's id in the new
    /// problem is its place among the options. `None` when there is no
    /// free item, or when dropping them would leave an option without a
    /// primary item.
    ///
    /// A problem whose only multiplicities are free items is then an exact
    /// cover again, which [`Solver::count_memo`](crate::Solver::count_memo)
    /// counts.
    ///
    /// # Example
    ///
    /// ```
    /// // Any number of a's, each with b or c.
    /// let mut problem = dlx::Problem::with_names(["a", "b", "c"], [] as [&str; 0])?;
    /// problem.set_bounds(0, 0, 2)?;
    /// problem.add_option_named(["a", "b"])?;
    /// problem.add_option_named(["a", "c"])?;
    /// problem.add_option_named(["b", "c"])?;
    /// let free = problem.without_free_items().expect("a is free");
    /// assert_eq!(free.item_count(), 2);
    /// assert!(!free.has_multiplicities());
    /// let count = |p: &dlx::Problem| dlx::Solver::new(p).count();
    /// assert_eq!(count(&free), count(&problem));
    /// # Ok::<(), dlx::Error>(())
    /// ```
    pub fn without_free_items(&self) -> Option<Problem> {
        let exact = |e: &Entry| e.item < self.primary && self.bounds(e.item) == (1, 1);
        let exact_items = (0..self.primary)
            .filter(|&i| self.bounds(i) == (1, 1))
            .count();
        // Per item: its options, and the fewest exact items in one of them.
        let mut uses = vec![(0u64, usize::MAX); self.primary];
        for (_, entries) in self.options() {
            let covers = entries.iter().filter(|e| exact(e)).count();
            for entry in entries.iter().filter(|e| e.item < self.primary) {
                let (count, fewest) = &mut uses[entry.item];
                *count += 1;
                *fewest = (*fewest).min(covers);
            }
        }
        let free: Vec<bool> = (0..self.primary)
            .map(|i| {
                let (lo, hi) = self.bounds(i);
                let (count, fewest) = uses[i];
                let most = match fewest {
                    0 | usize::MAX => count,
                    fewest => count.min((exact_items / fewest) as u64),
                };
                lo == 0 && (1, 1) != (lo, hi) && u64::from(hi) >= most
            })
            .collect();
        if !free.contains(&true) {
            return None;
        }
        let names = |range: std::ops::Range<usize>| {
            range.filter_map(|i| self.item_name(i).map(str::to_string))
        };
        let kept = names(0..self.primary)
            .zip(&free)
            .filter(|(_, &f)| !f)
            .map(|(name, _)| name);
        let mut problem = Problem::with_names(kept, names(self.primary..self.item_count())).ok()?;
        // New index of each old item.
        let mut index = Vec::with_capacity(self.item_count());
        let mut next = 0;
        for i in 0..self.item_count() {
            let keep = !free.get(i).copied().unwrap_or(false);
            index.push(keep.then_some(next));
            next += usize::from(keep);
            if keep && i < self.primary && self.bounds(i) != (1, 1) {
                let (lo, hi) = self.bounds(i);
                problem.set_bounds(next - 1, lo, hi).ok()?;
            }
        }
        for c in 0..self.color_count() {
            problem.color(self.colors.name(c)?).ok()?;
        }
        for (_, entries) in self.options() {
            let kept = entries.iter().filter_map(|e| {
                index[e.item].map(|item| Entry {
                    item,
                    color: e.color,
                })
            });
            problem.add_option(kept).ok()?;
        }
        Some(problem)
    }

    /// The index of the item with this name.
    ///
    /// # Complexity
    ///
    /// Constant expected time (a hash of the name, one comparison or so).
    pub fn item(&self, name: &str) -> Option<usize> {
        self.items.find(name)
    }

    /// The name of an item.
    pub fn item_name(&self, item: usize) -> Option<&str> {
        self.items.name(item)
    }

    /// The color with this name, made on first use.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidName`] if the name is empty or holds white space,
    /// `:` or `|`; [`ErrorKind::OutOfMemory`] if there is no memory for it.
    pub fn color(&mut self, name: &str) -> Result<Color, Error> {
        if let Some(i) = self.colors.find(name) {
            return Ok(Color(i as u32 + 1));
        }
        if !is_valid_name(name) {
            return Err(Error::new(ErrorKind::InvalidName(name.to_string())));
        }
        self.colors.try_reserve(1, name.len())?;
        let i = self.colors.insert(name).unwrap_or_else(|i| i);
        Ok(Color(i as u32 + 1))
    }

    /// The name of a color, or `None` for a color this problem did not make.
    pub fn color_name(&self, color: Color) -> Option<&str> {
        self.colors.name(color.index())
    }

    /// The number of colors made so far.
    pub fn color_count(&self) -> usize {
        self.colors.len()
    }

    /// Adds an option: a set of items, each a bare index or an
    /// `(index, color)` pair for a secondary item.
    ///
    /// # Errors
    ///
    /// The problem is left unchanged and the error names the fault:
    /// [`ErrorKind::UnknownItem`] for an index out of range,
    /// [`ErrorKind::RepeatedItem`] for an item named twice,
    /// [`ErrorKind::NoPrimaryItem`] for an option without a primary item,
    /// [`ErrorKind::ColorOnPrimary`] for a color given to a primary item,
    /// [`ErrorKind::UnknownColor`] for a color this problem did not make,
    /// [`ErrorKind::TooLarge`] past 2^30 nodes and
    /// [`ErrorKind::OutOfMemory`] when the entries cannot be stored.
    ///
    /// # Complexity
    ///
    /// Linear in the number of entries.
    ///
    /// # Example
    ///
    /// ```
    /// let mut problem = dlx::Problem::new(2, 1);
    /// let red = problem.color("red")?;
    /// let first = problem.add_option([0usize, 1])?;
    /// let second = problem.add_option([(0usize, None), (2, Some(red))])?;
    /// assert_eq!((first.index(), second.index()), (0, 1));
    /// assert!(problem.add_option([2usize]).is_err()); // no primary item
    /// # Ok::<(), dlx::Error>(())
    /// ```
    pub fn add_option<I>(&mut self, items: I) -> Result<OptionId, Error>
    where
        I: IntoIterator,
        I::Item: Into<Entry>,
    {
        let mut option = self.new_option();
        for entry in items {
            let entry = entry.into();
            option.push(entry.item, entry.color)?;
        }
        option.finish()
    }

    /// Adds an option given by item names, each `name` or `name:color` (a
    /// color only on a secondary item); colors are made as needed.
    ///
    /// # Errors
    ///
    /// As [`Problem::add_option`], with [`ErrorKind::UnknownItem`] for a name
    /// the problem does not have and [`ErrorKind::InvalidName`] for a color
    /// name that is empty or holds white space, `:` or `|`; the problem,
    /// colors included, is left unchanged.
    pub fn add_option_named<I, S>(&mut self, items: I) -> Result<OptionId, Error>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let mut option = self.new_option();
        for spec in items {
            let spec = spec.as_ref();
            let (name, color) = match spec.split_once(':') {
                Some((name, color)) => (name, Some(color)),
                None => (spec, None),
            };
            let item = option
                .item(name)
                .ok_or_else(|| Error::new(ErrorKind::UnknownItem(name.to_string())))?;
            option.push_named(item, color)?;
        }
        option.finish()
    }

    /// Starts adding an option; see [`NewOption`].
    #[inline]
    pub(crate) fn new_option(&mut self) -> NewOption<'_> {
        let start = self.options.begin();
        NewOption {
            start,
            colors: self.colors.len(),
            has_primary: false,
            finished: false,
            problem: self,
        }
    }

    /// Makes room for `options` more options of `entries` entries in all.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfMemory`] when the memory cannot be had.
    pub(crate) fn try_reserve(&mut self, options: usize, entries: usize) -> Result<(), Error> {
        memory::reserve(&mut self.options.spans, options)?;
        memory::reserve(&mut self.options.entries, entries)
    }

    /// Removes an option, returning its entries, or `None` if there is no
    /// option with this id. Its id may be given to the next option added.
    pub fn remove_option(&mut self, id: OptionId) -> Option<Vec<Entry>> {
        self.options.remove(id)
    }

    /// The entries of an option, in the order they were given.
    pub fn option(&self, id: OptionId) -> Option<&[Entry]> {
        self.options.get(id)
    }

    /// Every option with its id, in order of id.
    pub fn options(&self) -> impl Iterator<Item = (OptionId, &[Entry])> + '_ {
        self.options.iter()
    }

    /// The total number of entries over all options.
    pub(crate) fn entry_count(&self) -> usize {
        self.options.used
    }

    /// The sizes that decide the memory this problem and its solver take.
    pub(crate) fn shape(&self) -> Shape {
        Shape {
            items: self.items.len(),
            primary: self.primary,
            name_bytes: self.items.text_len(),
            colors: self.colors.len(),
            color_bytes: self.colors.text_len(),
            options: self.options.count,
            ids: self.options.spans.len(),
            entries: self.options.used,
        }
    }

    /// Checks a claimed solution: every option exists, no option is named
    /// twice, every primary item is covered exactly once (or, with bounds
    /// `(lo, hi)` from [`Problem::set_bounds`], between `lo` and `hi`
    /// times), and every secondary item is either covered by one option
    /// without a color or given one and the same color by every option
    /// that names it.
    ///
    /// # Errors
    ///
    /// A [`VerifyError`] naming the first fault found.
    ///
    /// # Complexity
    ///
    /// Linear in the size of the solution and the number of items.
    ///
    /// # Example
    ///
    /// ```
    /// use dlx::{Problem, Solver};
    /// let mut problem = Problem::new(2, 0);
    /// problem.add_option([0usize])?;
    /// problem.add_option([1usize])?;
    /// let solution = Solver::new(&problem).first().expect("a solution");
    /// assert!(problem.verify(&solution).is_ok());
    /// assert!(problem.verify(&solution[..1]).is_err());
    /// # Ok::<(), dlx::Error>(())
    /// ```
    pub fn verify(&self, solution: &[OptionId]) -> Result<(), VerifyError> {
        let name = |item: usize| self.item_name(item).unwrap_or_default().to_string();
        let mut covered: BitVec = BitVec::repeat(false, self.item_count());
        let mut colors: Vec<Option<Color>> = vec![None; self.item_count()];
        let mut used: BitVec = BitVec::repeat(false, self.options.spans.len());
        // How many options cover each primary item with bounds.
        let mut counts = vec![0u32; self.bounds.len()];
        for &id in solution {
            let entries = self.option(id).ok_or(VerifyError::UnknownOption(id))?;
            if used.replace(id.index(), true) {
                return Err(VerifyError::RepeatedOption(id));
            }
            for entry in entries {
                if self.bounds.get(entry.item).is_some_and(|&b| b != (1, 1)) {
                    counts[entry.item] += 1;
                    covered.set(entry.item, true);
                    continue;
                }
                let clash = match (covered[entry.item], entry.color) {
                    (false, color) => {
                        colors[entry.item] = color;
                        false
                    }
                    (true, None) => true,
                    (true, Some(c)) => colors[entry.item] != Some(c),
                };
                if clash {
                    return Err(VerifyError::Overlap(name(entry.item)));
                }
                covered.set(entry.item, true);
            }
        }
        for (item, (&count, &(lo, hi))) in counts.iter().zip(&self.bounds).enumerate() {
            if (lo, hi) == (1, 1) {
                continue;
            }
            if !(lo..=hi).contains(&count) {
                return Err(VerifyError::Multiplicity {
                    item: name(item),
                    count,
                    lo,
                    hi,
                });
            }
            // Its bounds are met, even by no option at all.
            covered.set(item, true);
        }
        match covered[..self.primary].first_zero() {
            Some(item) => Err(VerifyError::Uncovered(name(item))),
            None => Ok(()),
        }
    }
}

/// Adds an item name for [`Problem::with_names`].
fn add_item(items: &mut Names, name: &str) -> Result<(), Error> {
    if !is_valid_name(name) {
        return Err(Error::new(ErrorKind::InvalidName(name.to_string())));
    }
    if items.len() >= MAX_NODES {
        return Err(Error::new(ErrorKind::TooLarge));
    }
    items.try_reserve(1, name.len())?;
    match items.insert(name) {
        Ok(_) => Ok(()),
        Err(_) => Err(Error::new(ErrorKind::DuplicateItem(name.to_string()))),
    }
}

/// An option being added, entry by entry, each checked as it comes (by the
/// reader, which says where a fault is, and by [`Problem::add_option`]).
///
/// The entries go straight to the end of the problem's entries. Until
/// [`NewOption::finish`] succeeds they are not an option: an error, or
/// dropping the builder, takes them back, with the colors made for them, and
/// leaves the problem as it was.
pub(crate) struct NewOption<'a> {
    problem: &'a mut Problem,
    /// Where the option's entries start in the problem's entries.
    start: usize,
    /// The number of colors before the option.
    colors: usize,
    has_primary: bool,
    finished: bool,
}

// The functions that run per entry are inlined: 3000-queens (9 million
// options) was built in 0.70 s with them called, 0.55 s inlined, as with
// the boxed options before.
impl NewOption<'_> {
    /// The index of the item with this name.
    pub(crate) fn item(&self, name: &str) -> Option<usize> {
        self.problem.item(name)
    }

    /// Appends an entry.
    ///
    /// # Errors
    ///
    /// As [`Problem::add_option`], but for [`ErrorKind::NoPrimaryItem`].
    #[inline]
    pub(crate) fn push(&mut self, item: usize, color: Option<Color>) -> Result<(), Error> {
        self.check(item, color.is_some())?;
        if let Some(color) = color {
            if color.0 == 0 || color.index() >= self.problem.colors.len() {
                return Err(Error::new(ErrorKind::UnknownColor));
            }
        }
        self.append(Entry { item, color })
    }

    /// Appends an entry whose color is given by name, made if new.
    ///
    /// # Errors
    ///
    /// As [`NewOption::push`], and [`ErrorKind::InvalidName`] for the color.
    pub(crate) fn push_named(&mut self, item: usize, color: Option<&str>) -> Result<(), Error> {
        self.check(item, color.is_some())?;
        let color = match color {
            Some(name) => Some(self.problem.color(name)?),
            None => None,
        };
        self.append(Entry { item, color })
    }

    #[inline]
    fn check(&self, item: usize, colored: bool) -> Result<(), Error> {
        let problem = &*self.problem;
        let name = || problem.item_name(item).unwrap_or_default().to_string();
        if item >= problem.item_count() {
            return Err(Error::new(ErrorKind::UnknownItem(item.to_string())));
        }
        if problem.seen.contains(item) {
            return Err(Error::new(ErrorKind::RepeatedItem(name())));
        }
        if colored && problem.is_primary(item) {
            return Err(Error::new(ErrorKind::ColorOnPrimary(name())));
        }
        Ok(())
    }

    #[inline]
    fn append(&mut self, entry: Entry) -> Result<(), Error> {
        let Problem {
            items,
            options,
            seen,
            primary,
            ..
        } = &mut *self.problem;
        // The arena's nodes with this option and the entry being added.
        let pending = options.entries.len() - self.start + 1;
        let nodes = node_count(items.len(), options.used + pending, options.count + 1);
        if nodes.is_none_or(|nodes| nodes + 1 > MAX_NODES) {
            return Err(Error::new(ErrorKind::TooLarge));
        }
        memory::reserve(&mut options.entries, 1)?;
        options.entries.push(entry);
        seen.insert(entry.item);
        self.has_primary |= entry.item < *primary;
        Ok(())
    }

    /// Makes the entries appended an option.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::NoPrimaryItem`] for an option without a primary item;
    /// the problem is then left as it was.
    #[inline]
    pub(crate) fn finish(mut self) -> Result<OptionId, Error> {
        if !self.has_primary {
            return Err(Error::new(ErrorKind::NoPrimaryItem));
        }
        self.finished = true;
        let Problem { options, seen, .. } = &mut *self.problem;
        for entry in &options.entries[self.start..] {
            seen.remove(entry.item);
        }
        Ok(options.commit(self.start))
    }
}

impl Drop for NewOption<'_> {
    fn drop(&mut self) {
        if self.finished {
            return;
        }
        let Problem {
            options,
            seen,
            colors,
            ..
        } = &mut *self.problem;
        for entry in &options.entries[self.start..] {
            seen.remove(entry.item);
        }
        options.entries.truncate(self.start);
        colors.truncate(self.colors);
    }
}

/// A set of items, a bit each.
#[derive(Clone, Debug)]
struct ItemSet(Vec<u64>);

impl ItemSet {
    fn new(items: usize) -> ItemSet {
        ItemSet(vec![0; items.div_ceil(64)])
    }

    fn contains(&self, item: usize) -> bool {
        self.0[item / 64] & 1 << (item % 64) != 0
    }

    fn insert(&mut self, item: usize) {
        self.0[item / 64] |= 1 << (item % 64);
    }

    fn remove(&mut self, item: usize) {
        self.0[item / 64] &= !(1 << (item % 64));
    }
}

/// The options: their entries one after another, and the span of each id.
///
/// The vacant ids form a list through the spans, as in a `slab::Slab`; a
/// slab is not used here because it has no fallible `try_reserve` (a
/// problem too large must be an error, not an abort) and its entries take
/// 16 bytes to a span's 8.
#[derive(Clone, Debug)]
struct Options {
    /// The entries of every option, and the holes left by removed ones.
    entries: Vec<Entry>,
    /// The span of each option id, or the vacant id freed before it.
    spans: Vec<Span>,
    /// The vacant id freed last, the next to be handed out (or `NONE`).
    vacant: u32,
    /// The number of options.
    count: usize,
    /// The entries of the options (`entries` less the holes).
    used: usize,
}

/// Where the entries of an option id are, `entries[start..start + len]`;
/// for a vacant id `len` is `VACANT` and `start` the vacant id freed before
/// it (or `NONE`), so the vacant ids are handed out last freed first.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Span {
    start: u32,
    len: u32,
}

const VACANT: u32 = u32::MAX;
const NONE: u32 = u32::MAX;

impl Options {
    fn new() -> Options {
        Options {
            entries: Vec::new(),
            spans: Vec::new(),
            vacant: NONE,
            count: 0,
            used: 0,
        }
    }

    fn get(&self, id: OptionId) -> Option<&[Entry]> {
        let span = *self.spans.get(id.index())?;
        if span.len == VACANT {
            return None;
        }
        let start = span.start as usize;
        self.entries.get(start..start + span.len as usize)
    }

    fn iter(&self) -> OptionsIter<'_> {
        OptionsIter {
            spans: self.spans.iter().enumerate(),
            entries: &self.entries,
            left: self.count,
        }
    }

    /// Where the entries of the next option start. When the holes left by
    /// removed options outweigh the entries in use, closes them first, so
    /// that the entries never take more than twice the room they need (and
    /// their positions stay below 2^32).
    fn begin(&mut self) -> usize {
        if self.entries.len() - self.used > self.used {
            self.close_holes();
        }
        self.entries.len()
    }

    /// Moves the options' entries down over the holes, in order of position.
    fn close_holes(&mut self) {
        let mut ids: Vec<u32> = (0..self.spans.len() as u32)
            .filter(|&id| self.spans[id as usize].len != VACANT)
            .collect();
        ids.sort_unstable_by_key(|&id| self.spans[id as usize].start);
        let mut to = 0;
        for id in ids {
            let span = &mut self.spans[id as usize];
            let (start, len) = (span.start as usize, span.len as usize);
            self.entries.copy_within(start..start + len, to);
            span.start = to as u32;
            to += len;
        }
        self.entries.truncate(to);
    }

    /// Makes `entries[start..]` an option, under the vacant id freed last
    /// if there is one.
    fn commit(&mut self, start: usize) -> OptionId {
        // `begin` and the node limit keep both below 2^32.
        let span = Span {
            start: start as u32,
            len: (self.entries.len() - start) as u32,
        };
        self.count += 1;
        self.used += span.len as usize;
        if self.vacant != NONE {
            let id = self.vacant;
            self.vacant = self.spans[id as usize].start;
            self.spans[id as usize] = span;
            return OptionId(id);
        }
        self.spans.push(span);
        OptionId(self.spans.len() as u32 - 1)
    }

    fn remove(&mut self, id: OptionId) -> Option<Vec<Entry>> {
        let entries = self.get(id)?.to_vec();
        let span = &mut self.spans[id.index()];
        if span.start as usize + entries.len() == self.entries.len() {
            self.entries.truncate(span.start as usize);
        }
        *span = Span {
            start: self.vacant,
            len: VACANT,
        };
        self.vacant = id.0;
        self.count -= 1;
        self.used -= entries.len();
        Some(entries)
    }
}

/// The options of a problem with their ids, in order of id.
struct OptionsIter<'a> {
    spans: std::iter::Enumerate<std::slice::Iter<'a, Span>>,
    entries: &'a [Entry],
    /// The options not yet seen, for an exact `size_hint`.
    left: usize,
}

impl<'a> Iterator for OptionsIter<'a> {
    type Item = (OptionId, &'a [Entry]);

    fn next(&mut self) -> Option<Self::Item> {
        for (id, span) in self.spans.by_ref() {
            if span.len != VACANT {
                self.left -= 1;
                let start = span.start as usize;
                let entries = &self.entries[start..start + span.len as usize];
                return Some((OptionId(id as u32), entries));
            }
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for OptionsIter<'_> {}

/// Item and color names must survive a round trip through Knuth's format:
/// no white space, `:` or `|`, and no U+FEFF, which the reader drops as a
/// byte-order mark when it starts the file (the first item's name would
/// lose it).
pub(crate) fn is_valid_name(name: &str) -> bool {
    !name.is_empty()
        && !name
            .chars()
            .any(|c| c.is_whitespace() || c == ':' || c == '|' || c == '\u{feff}')
}

/// Why a claimed solution is not one; see [`Problem::verify`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum VerifyError {
    /// The problem has no option with this id.
    UnknownOption(OptionId),
    /// The option is named twice.
    RepeatedOption(OptionId),
    /// This item is covered twice (or given two colors).
    Overlap(String),
    /// This primary item is not covered.
    Uncovered(String),
    /// This primary item, with bounds `lo..=hi` (see
    /// [`Problem::set_bounds`]), is covered `count` times.
    Multiplicity {
        /// The item's name.
        item: String,
        /// The number of options of the solution that cover it.
        count: u32,
        /// The least number of times it must be covered.
        lo: u32,
        /// The most number of times it may be covered.
        hi: u32,
    },
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VerifyError::UnknownOption(id) => write!(f, "no option has id {id}"),
            VerifyError::RepeatedOption(id) => write!(f, "option {id} is named twice"),
            VerifyError::Overlap(item) => write!(f, "item {item} is covered twice"),
            VerifyError::Uncovered(item) => write!(f, "primary item {item} is not covered"),
            VerifyError::Multiplicity {
                item,
                count,
                lo,
                hi,
            } => write!(
                f,
                "primary item {item} is covered {count} times, not between {lo} and {hi}"
            ),
        }
    }
}

impl std::error::Error for VerifyError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_bad_options_and_stays_unchanged() {
        let mut p = Problem::with_names(["a", "b"], ["x"]).unwrap();
        let err = |r: Result<OptionId, Error>| r.unwrap_err().kind().clone();
        assert_eq!(
            err(p.add_option([0usize, 7])),
            ErrorKind::UnknownItem("7".into())
        );
        assert_eq!(
            err(p.add_option([0usize, 0])),
            ErrorKind::RepeatedItem("a".into())
        );
        assert_eq!(err(p.add_option([2usize])), ErrorKind::NoPrimaryItem);
        assert_eq!(
            err(p.add_option(Vec::<usize>::new())),
            ErrorKind::NoPrimaryItem
        );
        assert_eq!(
            err(p.add_option_named(["a", "q"])),
            ErrorKind::UnknownItem("q".into())
        );
        assert_eq!(
            err(p.add_option_named(["a:red"])),
            ErrorKind::ColorOnPrimary("a".into())
        );
        assert_eq!(p.option_count(), 0);
        assert_eq!(p.color_count(), 0);
    }

    #[test]
    fn names_are_checked() {
        assert!(Problem::with_names(["a", "a"], Vec::<String>::new()).is_err());
        assert!(Problem::with_names(["a b"], Vec::<String>::new()).is_err());
        assert!(Problem::with_names(["a"], ["a:b"]).is_err());
        assert!(Problem::with_names(["a"], ["b"]).is_ok());
    }

    #[test]
    fn removal_keeps_other_ids() {
        let mut p = Problem::new(3, 0);
        let a = p.add_option([0usize]).unwrap();
        let b = p.add_option([1usize]).unwrap();
        assert_eq!(p.remove_option(a).unwrap()[0].item, 0);
        assert!(p.remove_option(a).is_none());
        assert_eq!(p.option(b).unwrap()[0].item, 1);
        assert_eq!(p.add_option([2usize]).unwrap(), a);
        assert_eq!(p.entry_count(), 2);
    }

    #[test]
    fn a_failed_option_makes_no_color() {
        let mut p = Problem::with_names(["a"], ["x", "y"]).unwrap();
        let err = p
            .add_option_named(["x:red", "a", "y:blue", "x"])
            .unwrap_err();
        assert_eq!(err.kind(), &ErrorKind::RepeatedItem("x".into()));
        assert_eq!((p.color_count(), p.option_count()), (0, 0));
        let id = p.add_option_named(["a", "x:green"]).unwrap();
        assert_eq!((id.index(), p.color_count()), (0, 1));
        assert_eq!(p.color_name(Color(1)), Some("green"));
    }

    #[test]
    fn ids_survive_many_removals() {
        let mut p = Problem::new(100, 0);
        let ids: Vec<OptionId> = (0..100)
            .map(|i| p.add_option([i, (i + 1) % 100]).unwrap())
            .collect();
        let removed: Vec<OptionId> = ids
            .iter()
            .copied()
            .filter(|id| id.index() % 4 != 0)
            .collect();
        for &id in &removed {
            p.remove_option(id).unwrap();
        }
        // Freed last, handed out first; the holes are closed on the way.
        for (k, &id) in removed.iter().rev().take(60).enumerate() {
            assert_eq!(p.add_option([k]).unwrap(), id);
            assert_eq!(p.option(id).unwrap(), [Entry::from(k)]);
        }
        for &id in ids.iter().filter(|id| id.index() % 4 == 0) {
            let item = id.index();
            assert_eq!(
                p.option(id).unwrap(),
                [Entry::from(item), Entry::from((item + 1) % 100)]
            );
        }
        assert_eq!(p.option_count(), 85);
        assert_eq!(p.entry_count(), 2 * 25 + 60);
        assert_eq!(p.options().size_hint(), (85, Some(85)));
        assert!(p.options.entries.len() <= 2 * p.entry_count() + 2);
    }

    #[test]
    fn verify_checks_colors() {
        let mut p = Problem::with_names(["a", "b", "c"], ["x"]).unwrap();
        let o1 = p.add_option_named(["a", "x:red"]).unwrap();
        let o2 = p.add_option_named(["b", "x:red"]).unwrap();
        let o3 = p.add_option_named(["c", "x:blue"]).unwrap();
        let o4 = p.add_option_named(["c"]).unwrap();
        let o5 = p.add_option_named(["c", "x"]).unwrap();
        assert_eq!(p.verify(&[o1, o2, o4]), Ok(()));
        assert_eq!(
            p.verify(&[o1, o2, o3]),
            Err(VerifyError::Overlap("x".into()))
        );
        assert_eq!(
            p.verify(&[o1, o2, o5]),
            Err(VerifyError::Overlap("x".into()))
        );
        assert_eq!(p.verify(&[o1, o2]), Err(VerifyError::Uncovered("c".into())));
        assert_eq!(p.verify(&[o1, o1]), Err(VerifyError::RepeatedOption(o1)));
        assert_eq!(
            p.verify(&[OptionId(99)]),
            Err(VerifyError::UnknownOption(OptionId(99)))
        );
    }

    #[test]
    fn verify_counts_items_with_bounds() {
        let mut p = Problem::with_names(["a", "b"], ["x"]).unwrap();
        p.set_bounds(0, 2, 3).unwrap();
        let a1 = p.add_option_named(["a"]).unwrap();
        let a2 = p.add_option_named(["a", "x"]).unwrap();
        let a3 = p.add_option_named(["a", "b"]).unwrap();
        let a4 = p.add_option_named(["a"]).unwrap();
        let b = p.add_option_named(["b"]).unwrap();
        assert_eq!(p.verify(&[a1, a2, b]), Ok(()));
        assert_eq!(p.verify(&[a1, a2, a3]), Ok(()));
        let few = p.verify(&[a1, b]).unwrap_err();
        assert_eq!(
            few,
            VerifyError::Multiplicity {
                item: "a".into(),
                count: 1,
                lo: 2,
                hi: 3
            }
        );
        assert_eq!(
            few.to_string(),
            "primary item a is covered 1 times, not between 2 and 3"
        );
        assert!(matches!(
            p.verify(&[a1, a2, a4, a3]),
            Err(VerifyError::Multiplicity { count: 4, .. })
        ));
        // Item b keeps (1, 1): twice is an overlap, never a count.
        assert_eq!(
            p.verify(&[a1, a3, b]),
            Err(VerifyError::Overlap("b".into()))
        );
        assert_eq!(p.verify(&[a1, a4]), Err(VerifyError::Uncovered("b".into())));
    }
}
