//! The bytes a problem and its solver take, estimated from their sizes
//! before they are built, for the guard of the `memory` module.
//!
//! The estimates follow the layouts of `Problem`, `Arena::new` and
//! `Solver::new` and count the bytes those touch: for 3000-queens,
//! 1.478e9 bytes estimated for the problem and its solver, 1.480e9
//! resident measured.

use std::mem::size_of;

use crate::arena::{Narrow, NarrowNode, Node, Storage};
use crate::names;
use crate::problem::{Entry, Problem, Span};

/// The sizes of a problem that decide the memory it and its solver take.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Shape {
    /// Items, primary and secondary.
    pub(crate) items: usize,
    /// Primary items.
    pub(crate) primary: usize,
    /// The bytes of all item names together.
    pub(crate) name_bytes: usize,
    /// Colors.
    pub(crate) colors: usize,
    /// The bytes of all color names together.
    pub(crate) color_bytes: usize,
    /// Options.
    pub(crate) options: usize,
    /// The ids handed out, removed options included.
    pub(crate) ids: usize,
    /// The entries of all options.
    pub(crate) entries: usize,
}

/// The bytes a problem of this shape takes: its names, the span of each
/// option id, the entries and the item set used to check each option.
pub(crate) fn problem_bytes(shape: &Shape) -> u64 {
    [
        names::bytes(shape.items, shape.name_bytes),
        names::bytes(shape.colors, shape.color_bytes),
        times(shape.ids, size_of::<Span>()),
        times(shape.entries, size_of::<Entry>()),
        shape.items.div_ceil(8) as u64,
    ]
    .into_iter()
    .fold(0, u64::saturating_add)
}

/// The bytes a solver for `problem` takes.
pub(crate) fn solver_bytes(problem: &Problem) -> u64 {
    solver_bytes_for(&problem.shape(), crate::problem::node_count_of(problem))
}

/// The bytes a solver takes for a problem of this shape whose arena has
/// `nodes` nodes: the arena (nodes of 8 bytes when they fit, else 16, the
/// item lengths, a color per node when there are colors, each option's
/// first node) and what the engine keeps beside it (a copy of the item
/// names, the option ids both ways, the search stack, the items' and the
/// options' states).
pub(crate) fn solver_bytes_for(shape: &Shape, nodes: usize) -> u64 {
    let (node, length) = if Narrow::fits(nodes, shape.options) {
        (
            size_of::<NarrowNode>(),
            size_of::<<Narrow as Storage>::Len>(),
        )
    } else {
        (size_of::<Node>(), size_of::<<Vec<Node> as Storage>::Len>())
    };
    let colors = if shape.colors > 0 { nodes } else { 0 };
    let names = names::list_bytes(shape.items, shape.name_bytes);
    // A search level is four `u32`; a solution holds an id per level.
    let levels = times(shape.primary + 1, 16 + 4);
    [
        times(nodes, node),
        times(shape.items + 2, length),
        times(colors, 4),
        times(shape.options, 4),
        names,
        times(shape.options, 4),
        times(shape.ids, 4),
        levels,
        times(shape.items + 1, 4),
        times(shape.options, 1),
    ]
    .into_iter()
    .fold(0, u64::saturating_add)
}

fn times(count: usize, size: usize) -> u64 {
    (count as u64).saturating_mul(size as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;
    use crate::memory::check_against;

    #[test]
    fn a_problem_larger_than_the_memory_is_refused_with_figures() {
        let mut problem = Problem::new(10, 0);
        for k in 0..100_000 {
            problem.add_option([k % 10]).unwrap();
        }
        let needed = solver_bytes(&problem);
        assert!(needed > 2_000_000, "{needed}");
        let err = check_against(needed, Some(1 << 20)).unwrap_err();
        assert_eq!(
            err.kind(),
            &ErrorKind::OutOfMemory {
                needed,
                available: Some(1 << 20)
            }
        );
        assert!(err.to_string().ends_with("more than the 1.0 MB available"));
        assert!(check_against(needed, Some(needed)).is_ok());
        assert!(check_against(needed, None).is_ok());
    }

    #[test]
    fn estimates_grow_with_the_problem() {
        let small = Shape {
            items: 4,
            primary: 4,
            name_bytes: 4,
            options: 1,
            ids: 1,
            entries: 4,
            ..Shape::default()
        };
        let large = Shape {
            options: 1 << 20,
            ids: 1 << 20,
            entries: 1 << 22,
            ..small
        };
        assert!(problem_bytes(&large) > 64 << 20);
        // 8-byte nodes for the small one, 16-byte ones for the large one.
        assert!(solver_bytes_for(&small, 11) < 1024);
        assert!(solver_bytes_for(&large, 5 << 20) > 80 << 20);
    }
}
