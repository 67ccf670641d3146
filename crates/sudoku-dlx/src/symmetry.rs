//! The symmetries of a puzzle's pattern of givens, which [`Generator`]
//! keeps.
//!
//! A [`Symmetry`] is of the givens' pattern only: a cell is given exactly
//! when its images are. It need not map the layout to itself (a jigsaw's
//! regions, an anti-knight rule): the pattern is still symmetric, the
//! digits are whatever the solution holds.
//!
//! [`Generator`]: crate::Generator

use std::fmt;
use std::str::FromStr;

use crate::grid::Grid;
use crate::side::a_grid;

/// A symmetry of the givens' pattern: a cell is given exactly when its
/// images are.
///
/// `Display` and `FromStr` use the names `none`, `rotate180`, `rotate90`,
/// `mirror`, `flip`, `diagonal`, `antidiagonal` and `dihedral`.
///
/// # Example
///
/// ```
/// use sudoku_dlx::Symmetry;
///
/// let symmetry: Symmetry = "rotate180".parse()?;
/// assert_eq!(symmetry, Symmetry::Rotate180);
/// // The cells given together with r1c2 on a 9x9 grid.
/// assert_eq!(symmetry.orbit(9, 0, 1), [(0, 1), (8, 7)]);
/// assert_eq!(Symmetry::Rotate90.orbit(9, 0, 1).len(), 4);
/// assert!("spiral".parse::<Symmetry>().is_err());
/// # Ok::<(), sudoku_dlx::SymmetryError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Symmetry {
    /// Any pattern.
    #[default]
    None,
    /// Half turn about the centre: (r, c) with (n-1-r, n-1-c).
    Rotate180,
    /// Quarter turns about the centre: the four images of a cell.
    Rotate90,
    /// Left to right: (r, c) with (r, n-1-c).
    Mirror,
    /// Top to bottom: (r, c) with (n-1-r, c).
    Flip,
    /// About the main diagonal: (r, c) with (c, r).
    Diagonal,
    /// About the anti-diagonal: (r, c) with (n-1-c, n-1-r).
    AntiDiagonal,
    /// All eight symmetries of the square at once.
    Dihedral,
}

impl Symmetry {
    /// Every symmetry, in the order of the names.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::None,
        Symmetry::Rotate180,
        Symmetry::Rotate90,
        Symmetry::Mirror,
        Symmetry::Flip,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
        Symmetry::Dihedral,
    ];

    /// The symmetry's name, as `FromStr` reads it.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotate180 => "rotate180",
            Symmetry::Rotate90 => "rotate90",
            Symmetry::Mirror => "mirror",
            Symmetry::Flip => "flip",
            Symmetry::Diagonal => "diagonal",
            Symmetry::AntiDiagonal => "antidiagonal",
            Symmetry::Dihedral => "dihedral",
        }
    }

    /// The maps that generate the symmetry's group.
    fn generators(self) -> &'static [CellMap] {
        fn half(n: usize, r: usize, c: usize) -> (usize, usize) {
            (n - 1 - r, n - 1 - c)
        }
        fn quarter(n: usize, r: usize, c: usize) -> (usize, usize) {
            (c, n - 1 - r)
        }
        fn mirror(n: usize, r: usize, c: usize) -> (usize, usize) {
            (r, n - 1 - c)
        }
        fn flip(n: usize, r: usize, c: usize) -> (usize, usize) {
            (n - 1 - r, c)
        }
        fn diagonal(_: usize, r: usize, c: usize) -> (usize, usize) {
            (c, r)
        }
        fn anti(n: usize, r: usize, c: usize) -> (usize, usize) {
            (n - 1 - c, n - 1 - r)
        }
        match self {
            Symmetry::None => &[],
            Symmetry::Rotate180 => &[half],
            Symmetry::Rotate90 => &[quarter],
            Symmetry::Mirror => &[mirror],
            Symmetry::Flip => &[flip],
            Symmetry::Diagonal => &[diagonal],
            Symmetry::AntiDiagonal => &[anti],
            Symmetry::Dihedral => &[quarter, mirror],
        }
    }

    /// The cells given together with (`row`, `col`) on a grid of side
    /// `side`, that cell first, then in the order the symmetry's maps reach
    /// them.
    ///
    /// # Panics
    ///
    /// When `row` or `col` is not below `side`.
    pub fn orbit(self, side: usize, row: usize, col: usize) -> Vec<(usize, usize)> {
        assert!(
            row < side && col < side,
            "cell ({row}, {col}) is outside {}",
            a_grid(side)
        );
        let mut orbit = vec![(row, col)];
        let mut k = 0;
        while k < orbit.len() {
            let (r, c) = orbit[k];
            for map in self.generators() {
                let image = map(side, r, c);
                if !orbit.contains(&image) {
                    orbit.push(image);
                }
            }
            k += 1;
        }
        orbit
    }

    /// Whether the givens of `grid` keep this symmetry.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::{Grid, Symmetry};
    /// let grid = Grid::parse("1..............4")?;
    /// assert!(Symmetry::Rotate180.holds(&grid));
    /// assert!(!Symmetry::Mirror.holds(&grid));
    /// # Ok::<(), sudoku_dlx::ParseError>(())
    /// ```
    pub fn holds(self, grid: &Grid) -> bool {
        let n = grid.side();
        (0..n * n).all(|cell| {
            let given = grid.cells()[cell] != 0;
            self.orbit(n, cell / n, cell % n)
                .iter()
                .all(|&(r, c)| (grid.cells()[r * n + c] != 0) == given)
        })
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no [`Symmetry`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymmetryError {
    name: String,
}

impl fmt::Display for SymmetryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Symmetry::ALL.iter().map(|s| s.name()).collect();
        write!(
            f,
            "unknown symmetry '{}', expected one of {}",
            self.name,
            names.join(", ")
        )
    }
}

impl std::error::Error for SymmetryError {}

/// Reads a symmetry's name in any case; `180` and `90` are rotations.
impl FromStr for Symmetry {
    type Err = SymmetryError;

    fn from_str(text: &str) -> Result<Symmetry, SymmetryError> {
        let name = text.trim().to_ascii_lowercase().replace(['-', '_'], "");
        let symmetry = match name.as_str() {
            "180" | "rotate180" => Symmetry::Rotate180,
            "90" | "rotate90" => Symmetry::Rotate90,
            "antidiagonal" => Symmetry::AntiDiagonal,
            _ => Symmetry::ALL
                .into_iter()
                .find(|s| s.name() == name)
                .ok_or_else(|| SymmetryError {
                    name: text.to_string(),
                })?,
        };
        Ok(symmetry)
    }
}

/// A map of the cells of a grid: (side, row, column) to (row, column).
type CellMap = fn(usize, usize, usize) -> (usize, usize);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        for symmetry in Symmetry::ALL {
            assert_eq!(symmetry.to_string().parse::<Symmetry>(), Ok(symmetry));
        }
        assert_eq!(
            "Anti-Diagonal".parse::<Symmetry>(),
            Ok(Symmetry::AntiDiagonal)
        );
    }
}
