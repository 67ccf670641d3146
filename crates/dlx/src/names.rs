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
    pub(crate) fn reserve(&mut self, count: usize, bytes: usize) {
        self.text.reserve(bytes);
        self.ends.reserve(count);
        let (text, ends, hasher) = (&self.text, &self.ends, &self.hasher);
        self.table.reserve(count, |&i| {
            hasher.hash_one(name(text, ends, i as usize).unwrap_or_default())
        });
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
}

fn name<'a>(text: &'a str, ends: &[usize], i: usize) -> Option<&'a str> {
    let end = *ends.get(i)?;
    let start = if i == 0 { 0 } else { ends[i - 1] };
    text.get(start..end)
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
        names.reserve(1000, 4000);
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
    }
}
