//! Houses: the sets of n cells that hold each digit once.

use std::fmt;

/// A house: n cells that hold each digit once. Numbered from 0: boxes row
/// by row, regions in the order a jigsaw map first shows them.
///
/// `Display` numbers from 1, as players do: `House::Row(2)` is "row 3", and
/// names a jigsaw region by its symbol in the map: "region C".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum House {
    /// Row `r`, from 0 at the top.
    Row(usize),
    /// Column `c`, from 0 at the left.
    Column(usize),
    /// Box `k` of a layout of boxes, from 0 at the top left, row by row.
    Box(usize),
    /// Region `index` of a jigsaw, drawn with `symbol` in its map.
    Region {
        /// The region, from 0, in the order the map first shows them.
        index: usize,
        /// The region's symbol in the map.
        symbol: char,
    },
    /// A main diagonal ([`Variant::X`](crate::Variant::X)): 0 from the top
    /// left to the bottom right, 1 from the top right to the bottom left.
    Diagonal(usize),
    /// One of the four extra windows of a 9x9 grid
    /// ([`Variant::Hyper`](crate::Variant::Hyper)), from 0 at the top
    /// left, row by row.
    Window(usize),
    /// The cells at position `k` of every box
    /// ([`Variant::Disjoint`](crate::Variant::Disjoint)), the positions
    /// counted from 0 at a box's top left, row by row.
    DisjointGroup(usize),
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            House::Row(r) => write!(f, "row {}", r + 1),
            House::Column(c) => write!(f, "column {}", c + 1),
            House::Box(k) => write!(f, "box {}", k + 1),
            House::Region { symbol, .. } => write!(f, "region {symbol}"),
            House::Diagonal(k) => write!(f, "diagonal {}", k + 1),
            House::Window(k) => write!(f, "window {}", k + 1),
            House::DisjointGroup(k) => write!(f, "disjoint group {}", k + 1),
        }
    }
}
