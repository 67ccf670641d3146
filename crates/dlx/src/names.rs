//! Names: the items' and colors' names, each stored once.
//!
//! A problem reads names by index (to write an option, to say which item is
//! repeated) and finds indices by name (to read an option). [`Names`] keeps
//! every name in one `String`, one after another, with the end of each in a
//! vector, and finds them through a hash table of `u32` indices that hashes
//! the name the index points to. A name then costs its bytes, 8 bytes for its
//! end and 5 to 10 bytes of table: a problem read from an item line of 10
//! million names of 8 characters takes 242 MB, where a `Vec<String>` and a
//! `HashMap<String, usize>` holding each name twice took 1.40 GB.

use std::fmt;
use std::hash::BuildHasher;

use hashbrown::hash_table::Entry;
use hashbrown::{DefaultHashBuilder, HashTable};

use crate::error::Error;
use crate::memory;

/// Distinct names, numbered from 0 in the order they were added.
#[derive(Clone, Default)]
pub(crate) struct Names {
    /// Every name, one after another.
    text: String,
    /// Where each name ends in `text`; it starts where the one before ends.
    ends: Vec<usize>,
    /// The index of each name, hashed by the name.
    table: HashTable<u32>,
    hasher: DefaultHashBuilder,
}

impl Names {
    /// The number of names.
    pub(crate) fn len(&self) -> usize {
        self.ends.len()
    }

    /// The bytes of all the names together.
    pub(crate) fn text_len(&self) -> usize {
        self.text.len()
    }

    /// Name `i`.
    pub(crate) fn name(&self, i: usize) -> Option<&str> {
        name(&self.text, &self.ends, i)
    }

    /// The index of `name`.
    pub(crate) fn find(&self, name: &str) -> Option<usize> {
        let hash = self.hasher.hash_one(name);
        let (text, ends) = (&self.text, &self.ends);
        self.table
            .find(hash, |&i| self::name(text, ends, i as usize) == Some(name))
            .map(|&i| i as usize)
    }

    /// Adds `name`, returning its index, or the index of the equal name
    /// already there.
    ///
    /// # Panics
    ///
    /// Past `u32::MAX` names. The reader and `Problem::with_names` stop at
    /// 2^30 items and colors are fewer than entries; `Problem::new` says so.
    pub(crate) fn insert(&mut self, name: &str) -> Result<usize, usize> {
        let hash = self.hasher.hash_one(name);
        let Names {
            text,
            ends,
            table,
            hasher,
        } = self;
        let entry = table.entry(
            hash,
            |&i| self::name(text, ends, i as usize) == Some(name),
            |&i| hasher.hash_one(self::name(text, ends, i as usize).unwrap_or_default()),
        );
        match entry {
            Entry::Occupied(entry) => Err(*entry.get() as usize),
            Entry::Vacant(entry) => {
                let i = ends.len();
                entry.insert(u32::try_from(i).expect("at most 2^32 - 1 names"));
                text.push_str(name);
                ends.push(text.len());
                Ok(i)
            }
        }
    }

    /// Makes room for `count` more names of `bytes` bytes in all, so that
    /// adding them allocates nothing.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfMemory`](crate::ErrorKind::OutOfMemory) when the
    /// memory cannot be had.
    pub(crate) fn try_reserve(&mut self, count: usize, bytes: usize) -> Result<(), Error> {
        memory::reserve_str(&mut self.text, bytes)?;
        memory::reserve(&mut self.ends, count)?;
        let (text, ends, hasher) = (&self.text, &self.ends, &self.hasher);
        self.table
            .try_reserve(count, |&i| {
                hasher.hash_one(name(text, ends, i as usize).unwrap_or_default())
            })
            .map_err(|_| {
                let total = self.table.len().saturating_add(count);
                memory::out_of_memory(table_bytes(total))
            })
    }

    /// Keeps the first `len` names only.
    pub(crate) fn truncate(&mut self, len: usize) {
        for i in (len..self.len()).rev() {
            let hash = self.hasher.hash_one(self.name(i).unwrap_or_default());
            if let Ok(entry) = self.table.find_entry(hash, |&j| j as usize == i) {
                entry.remove();
            }
        }
        self.ends.truncate(len);
        self.text.truncate(self.ends.last().copied().unwrap_or(0));
    }

    /// The names in order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &str> + '_ {
        (0..self.len()).map(|i| self.name(i).unwrap_or_default())
    }

    /// The names without the table that finds them, for reading by index.
    pub(crate) fn list(&self) -> NameList {
        NameList {
            text: self.text.as_str().into(),
            ends: self.ends.as_slice().into(),
        }
    }
}

/// Names read by index only: the text and ends of [`Names`], a name costing
/// its bytes and 8 more.
#[derive(Clone, Debug, Default)]
pub(crate) struct NameList {
    text: Box<str>,
    ends: Box<[usize]>,
}

impl NameList {
    /// Name `i`.
    pub(crate) fn name(&self, i: usize) -> Option<&str> {
        name(&self.text, &self.ends, i)
    }
}

/// The bytes of a [`NameList`] of `count` names of `bytes` bytes in all.
pub(crate) fn list_bytes(count: usize, bytes: usize) -> u64 {
    (count as u64)
        .saturating_mul(std::mem::size_of::<usize>() as u64)
        .saturating_add(bytes as u64)
}

fn name<'a>(text: &'a str, ends: &[usize], i: usize) -> Option<&'a str> {
    let end = *ends.get(i)?;
    let start = if i == 0 { 0 } else { ends[i - 1] };
    text.get(start..end)
}

/// The bytes that `count` names of `bytes` bytes in all take: the text, the
/// ends and the table.
pub(crate) fn bytes(count: usize, bytes: usize) -> u64 {
    let ends = (count as u64).saturating_mul(std::mem::size_of::<usize>() as u64);
    (bytes as u64)
        .saturating_add(ends)
        .saturating_add(table_bytes(count))
}

/// The bytes of a hash table of `count` indices: hashbrown keeps at least
/// one bucket in eight free and rounds the buckets up to a power of two,
/// each bucket a `u32` and a control byte, with a group of 16 more control
/// bytes at the end.
pub(crate) fn table_bytes(count: usize) -> u64 {
    let buckets = if count < 8 {
        8
    } else {
        (count as u64)
            .saturating_mul(8)
            .div_ceil(7)
            .checked_next_power_of_two()
            .unwrap_or(u64::MAX)
    };
    buckets.saturating_mul(5).saturating_add(16)
}

impl fmt::Debug for Names {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_found_by_index_and_by_name() {
        let mut names = Names::default();
        assert_eq!(names.insert("a"), Ok(0));
        assert_eq!(names.insert("bc"), Ok(1));
        assert_eq!(names.insert("a"), Err(0));
        assert_eq!(names.insert(""), Ok(2));
        assert_eq!(
            (names.name(1), names.name(2), names.name(3)),
            (Some("bc"), Some(""), None)
        );
        assert_eq!((names.find("bc"), names.find("b")), (Some(1), None));
        names.truncate(1);
        assert_eq!(
            (names.len(), names.find("bc"), names.find("a")),
            (1, None, Some(0))
        );
        assert_eq!(names.insert("bc"), Ok(1));
        assert_eq!(names.iter().collect::<Vec<_>>(), ["a", "bc"]);
    }

    #[test]
    fn a_reservation_is_enough_for_what_it_names() {
        let mut names = Names::default();
        names.try_reserve(1000, 4000).unwrap();
        let (text, ends, buckets) = (
            names.text.capacity(),
            names.ends.capacity(),
            names.table.capacity(),
        );
        for i in 0..1000 {
            names.insert(&format!("n{i}")).unwrap();
        }
        assert_eq!(text, names.text.capacity());
        assert_eq!(ends, names.ends.capacity());
        assert_eq!(buckets, names.table.capacity());
        assert!(bytes(1000, 4000) >= names.table.allocation_size() as u64 + 4000 + 8000);
    }
}
