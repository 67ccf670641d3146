//! Where the nodes live: 16-byte nodes, or 8-byte ones for small problems.
//!
//! A [`Node`] is 16 bytes (`u32` links). Problems of at most 2^15 nodes (a
//! 9x9 or 16x16 sudoku, pentominoes, queens up to 60 or so) keep their
//! nodes in 8 bytes ([`NarrowNode`]): the arena of a 9x9 sudoku (3,972
//! nodes) then fits a 48 KiB first-level cache. Measured against 16-byte
//! nodes in one run: 17-clue sudoku counted to 2, 15% more puzzles per
//! second; 13-queens, 8% less time.
//!
//! # Slab or Vec
//!
//! The nodes are a plain vector, indexed without bounds checks under the
//! link invariant (see [`super::links`]). A `slab::Slab<Node>` checks that
//! an entry is occupied at every index, a branch on every link followed:
//! it took 1.3 to 1.4 times as long on the same searches (criterion
//! medians on a 2-core machine: queens-12 49.8 ms against 37.9 ms,
//! pentomino 3x20 47.3 ms against 33.4 ms), far more than a few percent.
//! So the solver compiles the problem into a flat arena, and the `Problem`
//! keeps its options by stable id, where stable keys let options be added
//! and removed before solving.

use super::scan::Length;

/// A node of the arena; see the module docs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C)]
pub(crate) struct Node {
    pub(crate) up: u32,
    pub(crate) down: u32,
    pub(crate) top: i32,
    pub(crate) first: u32,
}

/// Where the nodes live: built once from a vector of nodes, then read and
/// relinked by index.
pub(crate) trait Storage: Clone {
    /// The type of the items' lengths.
    type Len: Length;

    fn from_nodes(nodes: Vec<Node>) -> Self;

    /// Whether a problem with this many nodes and options fits.
    fn fits(_nodes: usize, _options: usize) -> bool {
        true
    }

    /// The number of nodes.
    fn count(&self) -> usize;

    /// Node `i`; panics if there is none.
    fn get(&self, i: usize) -> Node;

    /// Node `i`, without a bounds check.
    ///
    /// # Safety
    ///
    /// `i < self.count()`.
    unsafe fn get_unchecked(&self, i: usize) -> Node;

    /// Sets `up` of node `i`, without a bounds check.
    ///
    /// # Safety
    ///
    /// `i < self.count()`, and `up` fits the storage (see `fits`).
    unsafe fn set_up(&mut self, i: usize, up: u32);

    /// Sets `down` of node `i`, without a bounds check.
    ///
    /// # Safety
    ///
    /// As for `set_up`.
    unsafe fn set_down(&mut self, i: usize, down: u32);
}

impl Storage for Vec<Node> {
    type Len = i32;

    fn from_nodes(nodes: Vec<Node>) -> Self {
        nodes
    }

    fn count(&self) -> usize {
        self.len()
    }

    fn get(&self, i: usize) -> Node {
        self[i]
    }

    unsafe fn get_unchecked(&self, i: usize) -> Node {
        // SAFETY: the caller promises `i < self.len()`.
        unsafe { *<[Node]>::get_unchecked(self, i) }
    }

    unsafe fn set_up(&mut self, i: usize, up: u32) {
        // SAFETY: the caller promises `i < self.len()`.
        unsafe { <[Node]>::get_unchecked_mut(self, i).up = up }
    }

    unsafe fn set_down(&mut self, i: usize, down: u32) {
        // SAFETY: the caller promises `i < self.len()`.
        unsafe { <[Node]>::get_unchecked_mut(self, i).down = down }
    }
}

/// A node in 8 bytes, for problems of at most 2^15 nodes: half the
/// memory of [`Node`] (see the module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C)]
pub(crate) struct NarrowNode {
    up: u16,
    down: u16,
    top: i16,
    first: u16,
}

/// The nodes of a small problem, 8 bytes each.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Narrow(Vec<NarrowNode>);

impl Clone for Narrow {
    fn clone(&self) -> Narrow {
        Narrow(self.0.clone())
    }

    /// Copies into the existing buffer (a reset copies a pristine arena
    /// back per puzzle).
    fn clone_from(&mut self, source: &Narrow) {
        self.0.clone_from(&source.0);
    }
}

impl Storage for Narrow {
    type Len = i16;

    fn from_nodes(nodes: Vec<Node>) -> Self {
        debug_assert!(Self::fits(nodes.len(), 0));
        Narrow(
            nodes
                .into_iter()
                .map(|n| NarrowNode {
                    up: n.up as u16,
                    down: n.down as u16,
                    top: n.top as i16,
                    first: n.first as u16,
                })
                .collect(),
        )
    }

    /// Node indices fit `u16`, and so do items and the spacers' `-k` in `i16`.
    fn fits(nodes: usize, options: usize) -> bool {
        nodes <= 1 << 15 && options < 1 << 15
    }

    fn count(&self) -> usize {
        self.0.len()
    }

    fn get(&self, i: usize) -> Node {
        widen(self.0[i])
    }

    unsafe fn get_unchecked(&self, i: usize) -> Node {
        // SAFETY: the caller promises `i < self.count()`.
        widen(unsafe { *self.0.get_unchecked(i) })
    }

    unsafe fn set_up(&mut self, i: usize, up: u32) {
        // SAFETY: the caller promises `i < self.count()`.
        unsafe { self.0.get_unchecked_mut(i).up = up as u16 }
    }

    unsafe fn set_down(&mut self, i: usize, down: u32) {
        // SAFETY: the caller promises `i < self.count()`.
        unsafe { self.0.get_unchecked_mut(i).down = down as u16 }
    }
}

#[inline(always)]
fn widen(n: NarrowNode) -> Node {
    Node {
        up: u32::from(n.up),
        down: u32::from(n.down),
        top: i32::from(n.top),
        first: u32::from(n.first),
    }
}
