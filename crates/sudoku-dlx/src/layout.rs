//! Layouts: the side of a sudoku, its regions (boxes or a jigsaw map), the
//! houses its variants add, and its rules between cells.
//!
//! A layout numbers its houses once for all: rows `0..n`, columns
//! `n..2n`, regions `2n..3n`, then the extra houses of its variants in the
//! order of [`Variant::ALL`] (diagonals, windows, disjoint groups). The
//! exact-cover encoding, [`Grid::check`](crate::Grid::check) and
//! [`Grid::is_solution_of`](crate::Grid::is_solution_of) all walk the houses
//! in that order.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, OnceLock};

use crate::constraint::{
    equations::Equation, extra_cell, extra_holds, innies::DerivedSum, Constraint,
};
use crate::error::{LayoutError, LayoutErrorKind};
use crate::house::House;
use crate::jigsaw;
use crate::side::{a_grid, auto_side_of_cells, is_auto_side, squarest_rows, MAX_SIDE};
use crate::variant::Variant;

/// The shape of a sudoku: its side n, its n regions of n cells (boxes of
/// R x C cells, or a jigsaw map), and the [`Variant`]s it adds (extra houses
/// and rules between cells).
///
/// A layout is built once and shared: it is a handle to immutable data, and
/// `clone` is cheap (a reference count). Every [`Grid`](crate::Grid) holds
/// its layout, and a [`SudokuSolver`](crate::SudokuSolver) solves the
/// puzzles of one layout. Layouts are equal when they describe the same
/// shape, however they were built.
///
/// # Example
///
/// ```
/// use sudoku_dlx::{Layout, Variant};
///
/// let classic = Layout::square(3)?;
/// assert_eq!(classic, Layout::default());
/// let six = Layout::squarest(6)?; // 2 rows high, 3 columns wide
/// assert_eq!(six.box_shape(), Some((2, 3)));
/// let x = Layout::square(3)?.with_variant(Variant::X)?;
/// assert_eq!(x.to_string(), "9x9 with 3x3 boxes, x");
/// # Ok::<(), sudoku_dlx::LayoutError>(())
/// ```
#[derive(Clone)]
pub struct Layout {
    inner: Arc<Inner>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Inner {
    /// n, in `1..=MAX_SIDE`.
    side: usize,
    regions: Regions,
    /// The variants, as bits of [`Variant::index`].
    variants: u8,
    /// The houses the variants add, in house order.
    extras: Box<[House]>,
    /// The constraints, in the order they were added.
    constraints: Box<[Constraint]>,
}

/// The n regions.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Regions {
    /// Boxes `rows` cells high and `cols` cells wide, `rows * cols = n`.
    Boxes { rows: usize, cols: usize },
    /// Regions of any shape.
    Jigsaw {
        /// The region of each cell, row-major.
        region: Box<[u8]>,
        /// The cells of each region in reading order, region after region.
        cells: Box<[u16]>,
        /// The symbol of each region in its map.
        symbols: Box<[char]>,
    },
}

impl Layout {
    /// The largest side: 49.
    pub const MAX_SIDE: usize = MAX_SIDE;

    /// The classic layout of square boxes of side `box_size`: 3 for 9x9.
    ///
    /// # Errors
    ///
    /// [`LayoutErrorKind::BoxShape`] unless `box_size` is in 1..=7.
    ///
    /// # Example
    ///
    /// ```
    /// let layout = sudoku_dlx::Layout::square(4)?;
    /// assert_eq!((layout.side(), layout.box_size()), (16, Some(4)));
    /// # Ok::<(), sudoku_dlx::LayoutError>(())
    /// ```
    pub fn square(box_size: usize) -> Result<Layout, LayoutError> {
        Layout::boxes(box_size, box_size)
    }

    /// Boxes `rows` cells high and `cols` cells wide: side `rows * cols`.
    ///
    /// # Errors
    ///
    /// [`LayoutErrorKind::BoxShape`] for boxes of no cells or of more than
    /// [`Layout::MAX_SIDE`].
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::Layout;
    ///
    /// let wide = Layout::boxes(2, 3)?; // 6x6: two rows by three columns
    /// let tall = Layout::boxes(3, 2)?;
    /// assert_eq!(wide.side(), 6);
    /// assert_ne!(wide, tall);
    /// assert!(Layout::boxes(5, 10).is_err());
    /// # Ok::<(), sudoku_dlx::LayoutError>(())
    /// ```
    pub fn boxes(rows: usize, cols: usize) -> Result<Layout, LayoutError> {
        match rows.checked_mul(cols) {
            Some(side) if rows > 0 && cols > 0 && side <= MAX_SIDE => Ok(interned(rows, cols)),
            _ => Err(LayoutError::new(LayoutErrorKind::BoxShape { rows, cols })),
        }
    }

    /// The boxes closest to square for side `side`, no taller than wide:
    /// 6 gives 2x3, 8 gives 2x4, 12 gives 3x4, 9 gives 3x3. This is the
    /// layout puzzle text gets when none is given.
    ///
    /// # Errors
    ///
    /// [`LayoutErrorKind::Side`] unless `side` is in 1..=49, and
    /// [`LayoutErrorKind::NoBoxes`] for a prime side, whose only boxes would
    /// be rows.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::Layout;
    ///
    /// assert_eq!(Layout::squarest(12)?.box_shape(), Some((3, 4)));
    /// assert_eq!(Layout::squarest(16)?, Layout::square(4)?);
    /// assert_eq!(
    ///     Layout::squarest(7).unwrap_err().to_string(),
    ///     "a side of 7 has no boxes: 7 is prime"
    /// );
    /// # Ok::<(), sudoku_dlx::LayoutError>(())
    /// ```
    pub fn squarest(side: usize) -> Result<Layout, LayoutError> {
        if !(1..=MAX_SIDE).contains(&side) {
            return Err(LayoutError::new(LayoutErrorKind::Side { side }));
        }
        let rows = squarest_rows(side);
        if rows == 1 && side > 1 {
            return Err(LayoutError::new(LayoutErrorKind::NoBoxes { side }));
        }
        Ok(interned(rows, side / rows))
    }

    /// A jigsaw: regions of any shape, read from a map of n lines of n
    /// symbols, the same symbol for the cells of one region.
    ///
    /// Whitespace is ignored, `#` starts a comment to the end of its line,
    /// and lines without symbols are skipped. Any symbol but `#` may mark a
    /// region. Regions are numbered in the order the map first shows them,
    /// and named by their symbol ("region C"). A region need not be
    /// connected: the map is taken as it is, though puzzles with a region
    /// in pieces are rare and may be a typo in the map.
    ///
    /// # Errors
    ///
    /// A [`LayoutError`] with the line (and column, when one symbol is to
    /// blame) of the map: [`LayoutErrorKind::MapRowLength`] for a row of
    /// another length than the first, [`LayoutErrorKind::MapRowCount`] for
    /// another number of rows than the side, [`LayoutErrorKind::RegionSize`]
    /// for a region of another size than the side (at its first cell),
    /// [`LayoutErrorKind::EmptyMap`], and [`LayoutErrorKind::Side`] for rows
    /// longer than 49.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::Layout;
    ///
    /// let layout = Layout::jigsaw(
    ///     "AABB
    ///      ACBB
    ///      ACDD
    ///      CCDD",
    /// )?;
    /// assert_eq!((layout.side(), layout.region(1, 1)), (4, 2));
    /// let error = Layout::jigsaw("AABB\nACBB\nACDD\nCCCD").unwrap_err();
    /// assert_eq!(error.to_string(), "line 2, column 2: region C has 5 cells, expected 4");
    /// # Ok::<(), sudoku_dlx::LayoutError>(())
    /// ```
    pub fn jigsaw(map: &str) -> Result<Layout, LayoutError> {
        let map = jigsaw::parse(map)?;
        let n = map.side;
        let mut cells = vec![0u16; n * n];
        let mut filled = vec![0usize; n];
        for (cell, &region) in map.region.iter().enumerate() {
            let region = usize::from(region);
            // Cells are below 49 * 49, which fits 16 bits.
            cells[region * n + filled[region]] = cell as u16;
            filled[region] += 1;
        }
        let regions = Regions::Jigsaw {
            region: map.region,
            cells: cells.into_boxed_slice(),
            symbols: map.symbols,
        };
        Ok(Layout::build(n, regions, 0))
    }

    /// This layout with `variant` added (no change if it has it already).
    ///
    /// Extra houses ([`Variant::X`], [`Variant::Hyper`],
    /// [`Variant::Disjoint`]) and rules ([`Variant::AntiKnight`],
    /// [`Variant::AntiKing`], [`Variant::NonConsecutive`]) combine freely;
    /// the order they are added in does not matter.
    ///
    /// # Errors
    ///
    /// [`LayoutErrorKind::HyperSide`] for hyper on a grid other than 9x9,
    /// and [`LayoutErrorKind::DisjointJigsaw`] for disjoint groups on a
    /// jigsaw.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::{Layout, Variant};
    ///
    /// let windoku_x = Layout::square(3)?
    ///     .with_variant(Variant::Hyper)?
    ///     .with_variant(Variant::X)?;
    /// assert!(windoku_x.has_variant(Variant::Hyper) && windoku_x.has_variant(Variant::X));
    /// assert!(Layout::square(4)?.with_variant(Variant::Hyper).is_err());
    /// # Ok::<(), sudoku_dlx::LayoutError>(())
    /// ```
    pub fn with_variant(self, variant: Variant) -> Result<Layout, LayoutError> {
        variant.fits(self.side(), self.box_shape())?;
        if self.has_variant(variant) {
            return Ok(self);
        }
        let inner = Arc::unwrap_or_clone(self.inner);
        let variants = inner.variants | 1 << variant.index();
        let constraints = inner.constraints;
        Ok(Layout::build(inner.side, inner.regions, variants)
            .with_constraints_unchecked(constraints))
    }

    /// The layout with one more [`Constraint`]: a killer cage, a line, a
    /// dot, ... (see [`Constraint`] for them all). The puzzles of the
    /// layout keep it as they keep its houses: solving, counting, checking
    /// and generating all take it into account.
    ///
    /// # Errors
    ///
    /// [`LayoutErrorKind::Constraint`] for a constraint that does not fit
    /// the grid: a cell off the grid or named twice, a line of one cell, a
    /// pill of several cells on a grid whose digits go past 9, ...
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::{Constraint, Grid, Layout};
    ///
    /// // A 4x4 with a cage of 3 in its first two cells: they hold 1 and 2.
    /// let layout = Layout::square(2)?.with_constraint("cage 3: r1c1 r1c2".parse()?)?;
    /// let count = Grid::empty_in(&layout).count_solutions_up_to(1000)?;
    /// assert_eq!(count, 288 / 6);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_constraint(self, constraint: Constraint) -> Result<Layout, LayoutError> {
        let constraint = constraint.for_side(self.side());
        constraint.validate(self.side())?;
        let mut constraints = self.inner.constraints.to_vec();
        constraints.push(constraint);
        Ok(self.with_constraints_unchecked(constraints.into_boxed_slice()))
    }

    /// The layout with these constraints in place of its own.
    fn with_constraints_unchecked(self, constraints: Box<[Constraint]>) -> Layout {
        let mut inner = Arc::unwrap_or_clone(self.inner);
        inner.constraints = constraints;
        Layout {
            inner: Arc::new(inner),
        }
    }

    /// The layout's constraints, in the order they were added.
    pub fn constraints(&self) -> &[Constraint] {
        &self.inner.constraints
    }

    /// The sums the 45 rule derives from the layout's houses and its
    /// killer cages with a sum: the innies and outies of each house and
    /// of each run of up to n/2 neighbouring rows or columns, of at most
    /// n cells, that are no cage already. The search propagates them (see
    /// docs/encodings.md); every solution keeps them.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::Layout;
    ///
    /// let layout = Layout::square(3)?
    ///     .with_constraint("cage 15: r1c1 r1c2 r1c3 r1c4".parse()?)?
    ///     .with_constraint("cage 13: r1c5 r1c6 r1c7".parse()?)?;
    /// let sums: Vec<String> = layout.derived_sums().iter().map(|s| s.to_string()).collect();
    /// assert_eq!(sums[0], "innies of row 1: cage 17: r1c8 r1c9");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn derived_sums(&self) -> Vec<DerivedSum> {
        crate::constraint::innies::derived_sums(self)
    }

    /// The sums with signs that the houses and killer cages imply
    /// together, beyond [`Layout::derived_sums`]. On any layout, the
    /// innies less outies of the 45 rule's groups of houses: the cages
    /// more than half inside a group stand in for their cells, and the
    /// group's cells left less the cages' cells outside it sum to a
    /// number (when one side has at most two cells, and both at most n).
    /// On a Latin square (regions that are rows or columns), the cells
    /// of some rows outside some columns hold the digits of the cells of
    /// the columns outside the rows, and cages stand in for their cells;
    /// those that narrow a cell on an empty grid. The search of a killer
    /// propagates them all, that of other puzzles those of Latin squares
    /// (see docs/encodings.md); every solution keeps them.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::Layout;
    ///
    /// // A Latin square: its regions are its rows.
    /// let layout = Layout::jigsaw("AAAA\nBBBB\nCCCC\nDDDD")?
    ///     .with_constraint("cage 7: r1c1 r1c2 r2c1".parse()?)?
    ///     .with_constraint("cage 3: r1c4 r2c4".parse()?)?;
    /// let equations: Vec<String> = layout.equations().iter().map(|e| e.to_string()).collect();
    /// // Rows 1-2 hold what column 3 holds, and more: r1c3 and r2c3 on both
    /// // sides, the cages' digits and r2c2 on the rows' side only.
    /// assert!(equations.contains(&"rows 1, 2 less column 3: r2c2-r3c3-r4c3 = 0".to_string()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn equations(&self) -> Vec<Equation> {
        crate::constraint::equations::equations(self, &self.derived_sums(), true)
    }

    /// The layout without its constraints: its regions and variants alone.
    pub fn without_constraints(&self) -> Layout {
        self.clone().with_constraints_unchecked(Box::default())
    }

    /// The layout of side `side` and these regions and variants.
    fn build(side: usize, regions: Regions, variants: u8) -> Layout {
        let extras: Vec<House> = Variant::ALL
            .into_iter()
            .filter(|v| variants & 1 << v.index() != 0)
            .flat_map(|v| v.houses(side))
            .collect();
        Layout {
            inner: Arc::new(Inner {
                side,
                regions,
                variants,
                extras: extras.into_boxed_slice(),
                constraints: Box::default(),
            }),
        }
    }

    /// The side n: the number of rows, of columns, of regions and of
    /// digits.
    pub fn side(&self) -> usize {
        self.inner.side
    }

    /// The boxes' height and width in cells, `None` for a jigsaw.
    pub fn box_shape(&self) -> Option<(usize, usize)> {
        match self.inner.regions {
            Regions::Boxes { rows, cols } => Some((rows, cols)),
            Regions::Jigsaw { .. } => None,
        }
    }

    /// The side b of square boxes (3 for the classic 9x9, variants or
    /// not), `None` for boxes of other shapes and for a jigsaw.
    pub fn box_size(&self) -> Option<usize> {
        match self.box_shape() {
            Some((rows, cols)) if rows == cols => Some(rows),
            _ => None,
        }
    }

    /// Whether the regions come from a jigsaw map.
    pub fn is_jigsaw(&self) -> bool {
        self.box_shape().is_none()
    }

    /// Whether the layout has `variant`.
    pub fn has_variant(&self, variant: Variant) -> bool {
        self.inner.variants & 1 << variant.index() != 0
    }

    /// The layout's variants, in the order of [`Variant::ALL`].
    pub fn variants(&self) -> impl Iterator<Item = Variant> + '_ {
        Variant::ALL
            .into_iter()
            .filter(|&variant| self.has_variant(variant))
    }

    /// The region of the cell at `row`, `col` (both from 0): boxes numbered
    /// row by row, jigsaw regions in the order their map first shows them.
    ///
    /// # Panics
    ///
    /// When `row` or `col` is not below the side.
    pub fn region(&self, row: usize, col: usize) -> usize {
        let n = self.side();
        assert!(
            row < n && col < n,
            "cell ({row}, {col}) is outside {}",
            a_grid(n)
        );
        match &self.inner.regions {
            Regions::Boxes { rows, cols } => (row / rows) * (n / cols) + col / cols,
            Regions::Jigsaw { region, .. } => usize::from(region[row * n + col]),
        }
    }

    /// The box size b when the layout is classic b x b boxes without
    /// variants: the layouts with a solver slot of their own per thread.
    pub(crate) fn plain_square(&self) -> Option<usize> {
        self.box_size()
            .filter(|_| self.inner.variants == 0 && self.inner.constraints.is_empty())
    }

    /// The height of a band, the rows a blank line may follow within a
    /// drawn grid: the boxes' height, the side for a jigsaw.
    pub(crate) fn band_height(&self) -> usize {
        self.box_shape().map_or(self.side(), |(rows, _)| rows)
    }

    /// The layout puzzle text of side `side` gets when none is given: the
    /// squarest boxes, for the sides of [`is_auto_side`].
    pub(crate) fn for_side(side: usize) -> Option<Layout> {
        is_auto_side(side).then(|| {
            let rows = squarest_rows(side);
            interned(rows, side / rows)
        })
    }

    /// [`Layout::for_side`] for a grid of `cells` cells.
    pub(crate) fn for_cells(cells: usize) -> Option<Layout> {
        auto_side_of_cells(cells).and_then(Layout::for_side)
    }

    /// Whether both layouts are the same object, the quick test before `==`.
    pub(crate) fn same(&self, other: &Layout) -> bool {
        Arc::ptr_eq(&self.inner, &other.inner)
    }

    /// The number of houses: 3n and the extra ones.
    pub(crate) fn house_count(&self) -> usize {
        3 * self.side() + self.inner.extras.len()
    }

    /// Whether every rule of the layout is a house: no variant's rule
    /// between cells (anti-knight, anti-king, non-consecutive) and no
    /// constraint. Then the exact-cover problem has items for cells and
    /// houses alone, and two digits swapped over cells of a solution that
    /// keep one of each in every house make another solution.
    pub(crate) fn houses_only(&self) -> bool {
        self.inner.constraints.is_empty() && self.variants().all(|v| !v.is_rule())
    }

    /// House `h`, in house order.
    pub(crate) fn house(&self, h: usize) -> House {
        let n = self.side();
        match &self.inner.regions {
            _ if h < n => House::Row(h),
            _ if h < 2 * n => House::Column(h - n),
            Regions::Boxes { .. } if h < 3 * n => House::Box(h - 2 * n),
            Regions::Jigsaw { symbols, .. } if h < 3 * n => House::Region {
                index: h - 2 * n,
                symbol: symbols[h - 2 * n],
            },
            _ => self.inner.extras[h - 3 * n],
        }
    }

    /// The `k`-th cell (row-major index) of house `h`, in reading order.
    pub(crate) fn house_cell(&self, h: usize, k: usize) -> usize {
        let n = self.side();
        if h < n {
            h * n + k
        } else if h < 2 * n {
            k * n + h - n
        } else if h < 3 * n {
            self.region_cell(h - 2 * n, k)
        } else {
            extra_cell(self.inner.extras[h - 3 * n], k, n, self.box_shape())
        }
    }

    /// The `k`-th cell of region `j`.
    fn region_cell(&self, j: usize, k: usize) -> usize {
        let n = self.side();
        match &self.inner.regions {
            Regions::Boxes { rows, cols } => {
                let stacks = n / cols;
                let (band, stack) = (j / stacks, j % stacks);
                (band * rows + k / cols) * n + stack * cols + k % cols
            }
            Regions::Jigsaw { cells, .. } => usize::from(cells[j * n + k]),
        }
    }

    /// The houses holding `cell`, in house order: its row, column and
    /// region, then the extra houses that hold it.
    pub(crate) fn cell_houses(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        let n = self.side();
        let (row, col) = (cell / n, cell % n);
        let region = self.region(row, col);
        [row, n + col, 2 * n + region].into_iter().chain(
            self.inner
                .extras
                .iter()
                .enumerate()
                .filter(move |&(_, &house)| extra_holds(house, (row, col), n, self.box_shape()))
                .map(move |(i, _)| 3 * n + i),
        )
    }
}

/// The classic 9x9 layout.
impl Default for Layout {
    fn default() -> Layout {
        interned(3, 3)
    }
}

/// The same shape: side, regions and variants.
impl PartialEq for Layout {
    fn eq(&self, other: &Layout) -> bool {
        self.same(other) || self.inner == other.inner
    }
}

impl Eq for Layout {}

impl Hash for Layout {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.inner.hash(state);
    }
}

impl fmt::Debug for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = f.debug_struct("Layout");
        s.field("side", &self.side());
        match &self.inner.regions {
            Regions::Boxes { rows, cols } => s.field("boxes", &(rows, cols)),
            Regions::Jigsaw { region, .. } => s.field("jigsaw", region),
        };
        s.field("variants", &self.variants().collect::<Vec<_>>());
        if !self.constraints().is_empty() {
            s.field("constraints", &self.constraints());
        }
        s.finish()
    }
}

/// "9x9 with 3x3 boxes", "6x6 with 2x3 boxes", "9x9 jigsaw", followed by
/// the variants: "9x9 with 3x3 boxes, x, anti-knight".
impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.side();
        match self.box_shape() {
            Some((rows, cols)) => write!(f, "{n}x{n} with {rows}x{cols} boxes")?,
            None => write!(f, "{n}x{n} jigsaw")?,
        }
        for variant in self.variants() {
            write!(f, ", {variant}")?;
        }
        match self.constraints().len() {
            0 => {}
            1 => write!(f, ", 1 constraint")?,
            k => write!(f, ", {k} constraints")?,
        }
        Ok(())
    }
}

/// The layout of boxes `rows` x `cols` without variants, built once per
/// process: puzzles read without a layout share it, and comparing it is
/// comparing two pointers.
fn interned(rows: usize, cols: usize) -> Layout {
    static BOXES: [OnceLock<Layout>; MAX_SIDE * MAX_SIDE] =
        [const { OnceLock::new() }; MAX_SIDE * MAX_SIDE];
    debug_assert!(rows >= 1 && cols >= 1 && rows * cols <= MAX_SIDE);
    BOXES[(rows - 1) * MAX_SIDE + cols - 1]
        .get_or_init(|| Layout::build(rows * cols, Regions::Boxes { rows, cols }, 0))
        .clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cells of every house, as (row, col), in house order.
    fn houses(layout: &Layout) -> Vec<(House, Vec<(usize, usize)>)> {
        let n = layout.side();
        (0..layout.house_count())
            .map(|h| {
                let cells = (0..n)
                    .map(|k| layout.house_cell(h, k))
                    .map(|cell| (cell / n, cell % n))
                    .collect();
                (layout.house(h), cells)
            })
            .collect()
    }

    #[test]
    fn squarest_boxes() {
        let shape = |n| Layout::squarest(n).map(|l| l.box_shape().unwrap());
        for (n, expected) in [
            (1, (1, 1)),
            (4, (2, 2)),
            (6, (2, 3)),
            (8, (2, 4)),
            (9, (3, 3)),
            (10, (2, 5)),
            (12, (3, 4)),
            (15, (3, 5)),
            (20, (4, 5)),
            (36, (6, 6)),
            (48, (6, 8)),
            (49, (7, 7)),
        ] {
            assert_eq!(shape(n), Ok(expected), "side {n}");
        }
        for prime in [2, 3, 5, 7, 11, 13, 47] {
            assert_eq!(
                shape(prime).unwrap_err().kind(),
                &LayoutErrorKind::NoBoxes { side: prime }
            );
        }
        for side in [0, 50, usize::MAX] {
            assert_eq!(
                shape(side).unwrap_err().kind(),
                &LayoutErrorKind::Side { side }
            );
        }
    }

    #[test]
    fn box_layouts_are_built_once() {
        assert!(Layout::square(3).unwrap().same(&Layout::default()));
        assert!(Layout::squarest(6)
            .unwrap()
            .same(&Layout::boxes(2, 3).unwrap()));
        let x = Layout::default().with_variant(Variant::X).unwrap();
        assert!(!x.same(&Layout::default()));
        assert_ne!(x, Layout::default());
        let again = Layout::square(3).unwrap().with_variant(Variant::X).unwrap();
        assert_eq!(x, again);
        for (rows, cols) in [(0, 3), (3, 0), (5, 10), (usize::MAX, 2)] {
            assert_eq!(
                Layout::boxes(rows, cols).unwrap_err().kind(),
                &LayoutErrorKind::BoxShape { rows, cols }
            );
        }
        assert_eq!(
            Layout::square(8).unwrap_err().to_string(),
            "boxes of 8x8 cells are not supported, expected 1 to 49 cells"
        );
    }

    #[test]
    fn houses_of_rectangular_boxes() {
        let layout = Layout::boxes(2, 3).unwrap();
        let all = houses(&layout);
        assert_eq!(all.len(), 18);
        assert_eq!(all[12].0, House::Box(0));
        assert_eq!(all[12].1, [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]);
        assert_eq!(all[13].1, [(0, 3), (0, 4), (0, 5), (1, 3), (1, 4), (1, 5)]);
        assert_eq!(all[17].1[5], (5, 5));
        assert_eq!(layout.region(5, 2), 4);
        // Every cell is in one row, one column and one box.
        for cell in 0..36 {
            let holding: Vec<usize> = layout.cell_houses(cell).collect();
            let expected: Vec<usize> = (0..18)
                .filter(|&h| (0..6).any(|k| layout.house_cell(h, k) == cell))
                .collect();
            assert_eq!(holding, expected, "cell {cell}");
        }
    }

    #[test]
    fn extra_houses_hold_their_cells() {
        let layout = Layout::square(3)
            .unwrap()
            .with_variant(Variant::Disjoint)
            .unwrap()
            .with_variant(Variant::Hyper)
            .unwrap()
            .with_variant(Variant::X)
            .unwrap();
        let all = houses(&layout);
        assert_eq!(all.len(), 27 + 2 + 4 + 9);
        assert_eq!(all[27].0, House::Diagonal(0));
        assert_eq!(all[28].1[0], (0, 8));
        assert_eq!(all[29].0, House::Window(0));
        assert_eq!(all[29].1[..4], [(1, 1), (1, 2), (1, 3), (2, 1)]);
        assert_eq!(all[32].1[8], (7, 7));
        assert_eq!(all[33].0, House::DisjointGroup(0));
        assert_eq!(all[33].1[..4], [(0, 0), (0, 3), (0, 6), (3, 0)]);
        assert_eq!(all[41].1[8], (8, 8));
        for cell in 0..81 {
            let holding: Vec<usize> = layout.cell_houses(cell).collect();
            let expected: Vec<usize> = (0..all.len())
                .filter(|&h| all[h].1.contains(&(cell / 9, cell % 9)))
                .collect();
            assert_eq!(holding, expected, "cell {cell}");
        }
        // The centre is on both diagonals and in no window.
        assert_eq!(layout.cell_houses(40).count(), 3 + 2 + 1);
    }

    #[test]
    fn jigsaw_regions_are_houses() {
        let layout = Layout::jigsaw("AABB\nACBB\nACDD\nCCDD").unwrap();
        assert!(layout.is_jigsaw());
        assert_eq!(layout.box_shape(), None);
        assert_eq!(layout.to_string(), "4x4 jigsaw");
        let all = houses(&layout);
        assert_eq!(
            all[10],
            (
                House::Region {
                    index: 2,
                    symbol: 'C'
                },
                vec![(1, 1), (2, 1), (3, 0), (3, 1)]
            )
        );
        assert_eq!(all[11].1, [(2, 2), (2, 3), (3, 2), (3, 3)]);
        assert_eq!(
            Layout::jigsaw("AABB\nACBB\nACDD\nCCDD").unwrap(),
            layout,
            "equal, though built twice"
        );
        assert_eq!(
            layout.clone().with_variant(Variant::Disjoint),
            Err(LayoutError::new(LayoutErrorKind::DisjointJigsaw))
        );
        assert!(layout.with_variant(Variant::X).is_ok());
    }

    #[test]
    fn variants_are_kept_in_one_order() {
        let a = Layout::square(3)
            .unwrap()
            .with_variant(Variant::AntiKing)
            .unwrap()
            .with_variant(Variant::X)
            .unwrap();
        let b = Layout::square(3)
            .unwrap()
            .with_variant(Variant::X)
            .unwrap()
            .with_variant(Variant::AntiKing)
            .unwrap()
            .with_variant(Variant::X)
            .unwrap();
        assert_eq!(a, b);
        assert_eq!(b.to_string(), "9x9 with 3x3 boxes, x, anti-king");
        assert_eq!(
            Layout::boxes(2, 3)
                .unwrap()
                .with_variant(Variant::Hyper)
                .unwrap_err()
                .to_string(),
            "hyper needs a 9x9 grid, not 6x6"
        );
    }
}
