//! Cells, shapes and the motions that turn them: the 8 symmetries of the
//! square and the 48 of the cube, as signed permutations of coordinates.

/// A cell: its coordinates (a plane's cells have a third coordinate of 0)
/// and its suffix, an index into the tiling's table of suffixes (0 for
/// none). Cells are ordered by coordinates, then suffix, as Knuth's
/// polyomino-dlx orders them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Cell {
    pub(crate) at: [i32; 3],
    pub(crate) suffix: u16,
}

/// A set of cells, sorted and moved so that its least coordinate on each
/// axis is 0.
pub(crate) type Shape = Vec<Cell>;

/// Sorts the cells, drops repeated ones and moves them to the origin.
pub(crate) fn normalize(mut cells: Vec<Cell>) -> Shape {
    let mut least = [i32::MAX; 3];
    for cell in &cells {
        for (axis, low) in least.iter_mut().enumerate() {
            *low = (*low).min(cell.at[axis]);
        }
    }
    for cell in &mut cells {
        for (axis, low) in least.iter().enumerate() {
            cell.at[axis] -= low;
        }
    }
    cells.sort_unstable();
    cells.dedup();
    cells
}

/// The greatest coordinate on each axis.
pub(crate) fn extent(cells: &[Cell]) -> [i32; 3] {
    let mut most = [0; 3];
    for cell in cells {
        for (axis, high) in most.iter_mut().enumerate() {
            *high = (*high).max(cell.at[axis]);
        }
    }
    most
}

/// A motion fixing the origin: coordinate `i` of the image is
/// `sign[i] * v[axis[i]]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Motion {
    axis: [usize; 3],
    sign: [i32; 3],
}

impl Motion {
    /// Knuth's quarter turn `(x, y) -> (y, -x)`, about the third axis.
    const QUARTER_TURN: Motion = Motion {
        axis: [1, 0, 2],
        sign: [1, -1, 1],
    };
    /// Knuth's reflection of polyomino-dlx, `(x, y) -> (y, x)`.
    const TRANSPOSE: Motion = Motion {
        axis: [1, 0, 2],
        sign: [1, 1, 1],
    };
    /// Knuth's third of a turn of polycube-dlx, `(x, y, z) -> (y, z, x)`.
    const CYCLE: Motion = Motion {
        axis: [1, 2, 0],
        sign: [1, 1, 1],
    };
    /// The mirror of the last axis of the dimension: the columns of a
    /// plane (`(x, y) -> (x, -y)`), the columns of each layer of a space.
    fn mirror(dimensions: usize) -> Motion {
        let mut sign = [1; 3];
        sign[dimensions - 1] = -1;
        Motion {
            axis: [0, 1, 2],
            sign,
        }
    }

    /// The image of a point.
    pub(crate) fn apply(self, v: [i32; 3]) -> [i32; 3] {
        [0, 1, 2].map(|i| self.sign[i] * v[self.axis[i]])
    }

    /// Whether the motion turns a shape into its mirror image.
    #[cfg(test)]
    pub(crate) fn is_reflection(self) -> bool {
        // The determinant: the signs times the parity of the permutation.
        let [a, b, c] = self.axis;
        let inversions = usize::from(a > b) + usize::from(a > c) + usize::from(b > c);
        let sign: i32 = self.sign.iter().product();
        (sign < 0) != (inversions % 2 == 1)
    }

    /// Every motion of the square (8, `dimensions == 2`) or of the cube
    /// (48), the identity first.
    pub(crate) fn all(dimensions: usize) -> Vec<Motion> {
        let perms = [
            [0, 1, 2],
            [1, 0, 2],
            [0, 2, 1],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ];
        let mut all = Vec::new();
        for axis in perms {
            for signs in 0..8 {
                let sign = [0, 1, 2].map(|i| if signs >> i & 1 == 1 { -1 } else { 1 });
                let motion = Motion { axis, sign };
                if dimensions == 2 && (axis[2] != 2 || sign[2] != 1) {
                    continue;
                }
                all.push(motion);
            }
        }
        all
    }
}

/// The motions that turn a piece: all of them, the rotations only, a
/// mirror only, or none, as Knuth's generators give them.
pub(crate) fn generators(dimensions: usize, rotate: bool, reflect: bool) -> Vec<Motion> {
    match (dimensions, rotate, reflect) {
        (2, true, true) => vec![Motion::QUARTER_TURN, Motion::TRANSPOSE],
        (2, true, false) => vec![Motion::QUARTER_TURN],
        (_, true, true) => vec![
            Motion::QUARTER_TURN,
            Motion::CYCLE,
            Motion::mirror(dimensions),
        ],
        (_, true, false) => vec![Motion::QUARTER_TURN, Motion::CYCLE],
        (_, false, true) => vec![Motion::mirror(dimensions)],
        (_, false, false) => Vec::new(),
    }
}

/// The distinct orientations of a shape under the group the generators
/// make, found breadth first from the shape as Knuth's programs find their
/// base placements, so that options come in his order.
pub(crate) fn orientations(shape: &[Cell], generators: &[Motion]) -> Vec<Shape> {
    let mut found = vec![normalize(shape.to_vec())];
    let mut next = 0;
    while next < found.len() {
        for &motion in generators {
            let image = turn(&found[next], motion);
            if !found.contains(&image) {
                found.push(image);
            }
        }
        next += 1;
    }
    found
}

/// A shape's image under a motion, normalized.
pub(crate) fn turn(shape: &[Cell], motion: Motion) -> Shape {
    normalize(
        shape
            .iter()
            .map(|cell| Cell {
                at: motion.apply(cell.at),
                suffix: cell.suffix,
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(list: &[[i32; 3]]) -> Shape {
        list.iter().map(|&at| Cell { at, suffix: 0 }).collect()
    }

    #[test]
    fn groups_have_their_orders() {
        assert_eq!(Motion::all(2).len(), 8);
        assert_eq!(Motion::all(3).len(), 48);
        let reflections = Motion::all(3).iter().filter(|m| m.is_reflection()).count();
        assert_eq!(reflections, 24);
        assert_eq!(
            Motion::all(2).iter().filter(|m| m.is_reflection()).count(),
            4
        );
        assert!(!Motion::QUARTER_TURN.is_reflection());
        assert!(!Motion::CYCLE.is_reflection());
        assert!(Motion::TRANSPOSE.is_reflection());
    }

    #[test]
    fn a_chiral_tetracube_has_24_rotations_and_48_motions() {
        // Soma's piece A: no symmetry at all.
        let a = cells(&[[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 1, 1]]);
        assert_eq!(orientations(&a, &generators(3, true, false)).len(), 12);
        let skew = cells(&[[0, 0, 0], [1, 0, 0], [2, 0, 0], [2, 1, 0], [2, 1, 1]]);
        assert_eq!(orientations(&skew, &generators(3, true, false)).len(), 24);
        assert_eq!(orientations(&skew, &generators(3, true, true)).len(), 48);
        assert_eq!(orientations(&skew, &generators(3, false, true)).len(), 2);
        assert_eq!(orientations(&skew, &generators(3, false, false)).len(), 1);
        // The L tetromino: 8 in the plane, 4 without turning it over.
        let l = cells(&[[0, 0, 0], [1, 0, 0], [2, 0, 0], [2, 1, 0]]);
        assert_eq!(orientations(&l, &generators(2, true, true)).len(), 8);
        assert_eq!(orientations(&l, &generators(2, true, false)).len(), 4);
        // In space, the flat L has 24 positions and is its own mirror.
        assert_eq!(orientations(&l, &generators(3, true, false)).len(), 24);
        assert_eq!(orientations(&l, &generators(3, true, true)).len(), 24);
    }
}
