//! Problems: items, options and their validation.
//!
//! A [`Problem`] owns the items (primary ones first, then secondary ones), the
//! colors used by secondary items, and the options. Item and color names are
//! stored once each (see `names.rs`). Options live in a [`slab::Slab`], so an
//! [`OptionId`] stays valid while other options are added or removed; the
//! solver compiles the options into a flat arena of its own (see `arena.rs`
//! for why).

use std::fmt;
use std::fmt::Write as _;

use bitvec::vec::BitVec;
use slab::Slab;

use crate::error::{Error, ErrorKind};
use crate::names::Names;

/// The largest number of items plus option nodes a problem may hold: every
/// node of the solver's arena has a `u32` index, and every item's length
/// stays below the arena's covered flag (2^30).
pub(crate) const MAX_NODES: usize = (1 << 30) - 2;

/// Identifies an option of a [`Problem`].
///
/// Ids are handed out by [`Problem::add_option`]: `0, 1, 2, ...` in the order
/// options are added, as long as no option has been removed (a removed
/// option's id is reused by the next option added).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct OptionId(pub(crate) u32);

impl OptionId {
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
    options: Slab<Box<[Entry]>>,
    /// The number of entries of all options, to size the solver's arena.
    entries: usize,
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
    /// [`ErrorKind::TooLarge`] past 2^30 items.
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
    pub(crate) fn with_items(primary: usize, items: Names) -> Problem {
        Problem {
            primary: primary.min(items.len()),
            items,
            colors: Names::default(),
            options: Slab::new(),
            entries: 0,
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
        self.options.len()
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
    /// `:` or `|`.
    pub fn color(&mut self, name: &str) -> Result<Color, Error> {
        if let Some(i) = self.colors.find(name) {
            return Ok(Color(i as u32 + 1));
        }
        if !is_valid_name(name) {
            return Err(Error::new(ErrorKind::InvalidName(name.to_string())));
        }
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
    /// [`ErrorKind::UnknownColor`] for a color this problem did not make, and
    /// [`ErrorKind::TooLarge`] past 2^31 nodes.
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
        let entries: Vec<Entry> = items.into_iter().map(Into::into).collect();
        self.check_option(&entries)?;
        self.insert(entries)
    }

    /// Adds an option given by item names, each `name` or `name:color` (a
    /// color only on a secondary item); colors are made as needed.
    ///
    /// # Errors
    ///
    /// As [`Problem::add_option`], with [`ErrorKind::UnknownItem`] for a name
    /// the problem does not have.
    pub fn add_option_named<I, S>(&mut self, items: I) -> Result<OptionId, Error>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let mut entries = Vec::new();
        let mut colors = Vec::new();
        for spec in items {
            let spec = spec.as_ref();
            let (name, color) = match spec.split_once(':') {
                Some((name, color)) => (name, Some(color.to_string())),
                None => (spec, None),
            };
            let item = self
                .item(name)
                .ok_or_else(|| Error::new(ErrorKind::UnknownItem(name.to_string())))?;
            if let Some(color) = &color {
                if !is_valid_name(color) {
                    return Err(Error::new(ErrorKind::InvalidName(color.clone())));
                }
            }
            entries.push(Entry { item, color: None });
            colors.push(color);
        }
        self.check_option(&entries)?;
        for (entry, color) in entries.iter_mut().zip(colors) {
            if let Some(color) = color {
                if entry.item < self.primary {
                    let name = self.item_name(entry.item).unwrap_or_default();
                    return Err(Error::new(ErrorKind::ColorOnPrimary(name.to_string())));
                }
                entry.color = Some(self.color(&color)?);
            }
        }
        self.insert(entries)
    }

    fn check_option(&self, entries: &[Entry]) -> Result<(), Error> {
        let mut has_primary = false;
        for (k, entry) in entries.iter().enumerate() {
            let Some(name) = self.item_name(entry.item) else {
                return Err(Error::new(ErrorKind::UnknownItem(entry.item.to_string())));
            };
            if entries[..k].iter().any(|e| e.item == entry.item) {
                return Err(Error::new(ErrorKind::RepeatedItem(name.to_string())));
            }
            if let Some(color) = entry.color {
                if entry.item < self.primary {
                    return Err(Error::new(ErrorKind::ColorOnPrimary(name.to_string())));
                }
                if color.0 == 0 || color.0 as usize > self.colors.len() {
                    return Err(Error::new(ErrorKind::UnknownColor));
                }
            }
            has_primary |= entry.item < self.primary;
        }
        if !has_primary {
            return Err(Error::new(ErrorKind::NoPrimaryItem));
        }
        Ok(())
    }

    fn insert(&mut self, entries: Vec<Entry>) -> Result<OptionId, Error> {
        let nodes = self.item_count() + 2 + self.entries + self.options.len() + 1;
        if nodes + entries.len() + 1 > MAX_NODES || self.options.len() >= MAX_NODES {
            return Err(Error::new(ErrorKind::TooLarge));
        }
        self.entries += entries.len();
        let key = self.options.insert(entries.into_boxed_slice());
        Ok(OptionId(key as u32))
    }

    /// Removes an option, returning its entries, or `None` if there is no
    /// option with this id. Its id may be given to the next option added.
    pub fn remove_option(&mut self, id: OptionId) -> Option<Vec<Entry>> {
        let entries = self.options.try_remove(id.index())?;
        self.entries -= entries.len();
        Some(entries.into_vec())
    }

    /// The entries of an option, in the order they were given.
    pub fn option(&self, id: OptionId) -> Option<&[Entry]> {
        self.options.get(id.index()).map(|e| &e[..])
    }

    /// Every option with its id, in order of id.
    pub fn options(&self) -> impl Iterator<Item = (OptionId, &[Entry])> + '_ {
        self.options
            .iter()
            .map(|(key, entries)| (OptionId(key as u32), &entries[..]))
    }

    /// The total number of entries over all options.
    pub(crate) fn entry_count(&self) -> usize {
        self.entries
    }

    /// Checks a claimed solution: every option exists, no option is named
    /// twice, every primary item is covered exactly once, and every secondary
    /// item is either covered by one option without a color or given one and
    /// the same color by every option that names it.
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
        let mut used: BitVec = BitVec::repeat(false, self.options.capacity());
        for &id in solution {
            let entries = self.option(id).ok_or(VerifyError::UnknownOption(id))?;
            if used.replace(id.index(), true) {
                return Err(VerifyError::RepeatedOption(id));
            }
            for entry in entries {
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
    match items.insert(name) {
        Ok(_) => Ok(()),
        Err(_) => Err(Error::new(ErrorKind::DuplicateItem(name.to_string()))),
    }
}

/// Item and color names must survive a round trip through Knuth's format.
pub(crate) fn is_valid_name(name: &str) -> bool {
    !name.is_empty()
        && !name
            .chars()
            .any(|c| c.is_whitespace() || c == ':' || c == '|')
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
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VerifyError::UnknownOption(id) => write!(f, "no option has id {id}"),
            VerifyError::RepeatedOption(id) => write!(f, "option {id} is named twice"),
            VerifyError::Overlap(item) => write!(f, "item {item} is covered twice"),
            VerifyError::Uncovered(item) => write!(f, "primary item {item} is not covered"),
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
}
