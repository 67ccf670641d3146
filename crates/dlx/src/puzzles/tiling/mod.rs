//! Tilings of any board by any pieces, in the plane and in space: the
//! problem Knuth's polyomino-dlx and polycube-dlx write, built here.

mod drawn;
mod error;
pub(crate) mod geometry;
mod knuth;
mod picture;
mod placements;
mod unique;

use std::collections::{BTreeSet, HashSet};
use std::mem::size_of;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

pub use error::{TilingError, TilingErrorKind};
use geometry::{extent, generators, orientations, Cell, Shape};
use placements::Placements;

use super::{Board, Tilings};
use crate::memory;
use crate::problem::{Entry, Problem, Span};

/// A tiling problem: a board of cells, in the plane or in space, and
/// pieces to place on it, each a number of times, turned as allowed.
///
/// Read one with [`Tiling::parse`] from either of two forms (see the
/// [module docs](crate::puzzles) for both, with examples), or take the
/// twelve pentominoes with [`Tiling::pentominoes`]; then build its
/// [`Problem`] with [`Tiling::problem`] and draw a solution with
/// [`Tiling::picture`].
///
/// Pieces in the plane may be turned and turned over (8 orientations);
/// pieces in space may be turned (24 orientations) but not mirrored, as
/// Knuth's programs place them: solid pieces cannot be mirrored. Change
/// either with [`Tiling::rotations`] and [`Tiling::reflections`].
///
/// # Example
///
/// ```
/// use dlx::puzzles::{Tiling, Tilings};
/// use dlx::Solver;
///
/// // Knuth's form: the board, then a piece a line, `3|L` for three Ls.
/// let tiling = Tiling::parse("[0-2][0-3]\n3|L 00 10 20 21\n")?;
/// assert_eq!((tiling.dimensions(), tiling.cell_count()), (2, 12));
/// let problem = tiling.problem(Tilings::All)?;
/// assert_eq!(problem.bounds(problem.item("L").unwrap()), (3, 3));
///
/// // The drawn form: the board, then the pieces as their letters.
/// let tiling = Tiling::parse("...\n.#.\n...\n\nVV  CCC\nV   C\n    C\n")?;
/// let problem = tiling.problem(Tilings::All)?;
/// let mut solver = Solver::new(&problem);
/// let solution = solver.first().expect("a tiling");
/// let picture = tiling.picture(&problem, &solution);
/// assert_eq!(picture.matches('V').count(), 3);
/// assert_eq!(picture.lines().nth(1).map(|row| &row[1..2]), Some(" "));
/// # Ok::<(), dlx::puzzles::TilingError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Tiling {
    dimensions: usize,
    /// The board's cells, sorted.
    board: Vec<Cell>,
    /// Whether each cell of the board may stay empty (a secondary item).
    optional: Vec<bool>,
    /// The suffixes of Knuth's form; 0 is none.
    suffixes: Vec<String>,
    pieces: Vec<Piece>,
    /// Each piece's typical cells, in the order of the text: a piece may
    /// have several lines, whose placements add up.
    shapes: Vec<(usize, Shape)>,
    naming: Naming,
    rotate: bool,
    reflect: bool,
    /// Whether the cells come in the order of a frontier that sweeps the
    /// board (see [`Tiling::sweep`]).
    sweep: bool,
    /// The flag that stops [`Tiling::problem`] (see [`Tiling::cancel_flag`]).
    cancel: Option<Arc<AtomicBool>>,
}

/// A piece: its name, how many times it is used, and where it was named.
#[derive(Clone, Debug)]
pub(crate) struct Piece {
    pub(crate) name: String,
    pub(crate) bounds: (u32, u32),
    pub(crate) at: Option<(usize, usize)>,
}

/// How cells are named, and in which order the items come.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Naming {
    /// Knuth's: a digit `0-9a-zA-Z` per coordinate and the suffix (`3b`,
    /// `012`, `17suf`); cells first, then pieces, then the suffixed cells.
    Knuth,
    /// `row-col` or `layer-row-col`, in decimal; pieces first, then cells.
    Dashed,
}

impl Tiling {
    pub(crate) fn new(
        dimensions: usize,
        board: Vec<(Cell, bool)>,
        suffixes: Vec<String>,
        pieces: Vec<Piece>,
        shapes: Vec<(usize, Shape)>,
        naming: Naming,
    ) -> Tiling {
        let mut board = board;
        board.sort_unstable();
        board.dedup_by_key(|(cell, _)| *cell);
        let (board, optional) = board.into_iter().unzip();
        Tiling {
            dimensions,
            board,
            optional,
            suffixes,
            pieces,
            shapes,
            naming,
            rotate: true,
            reflect: dimensions == 2,
            sweep: false,
            cancel: None,
        }
    }

    /// Reads a tiling in either form: Knuth's when the first line that is
    /// not a comment (`|`) nor blank gives cells (`[0-5][0-9]`), the drawn
    /// form when it is a row of the board's picture (only `.`, `+`, `#` and
    /// spaces).
    ///
    /// # Errors
    ///
    /// A [`TilingError`] with the line and column of the first fault; in
    /// Knuth's form, where a few characters name many cells,
    /// [`TilingErrorKind::Problem`] with
    /// [`ErrorKind::OutOfMemory`](crate::ErrorKind::OutOfMemory) at the
    /// token whose cells would pass the memory available.
    pub fn parse(text: &str) -> Result<Tiling, TilingError> {
        let first = text
            .lines()
            .map(|line| line.trim_start_matches('\u{feff}'))
            .find(|line| !line.trim().is_empty() && !line.starts_with('|'));
        match first {
            Some(line) if line.chars().all(|c| matches!(c, '.' | '+' | '#' | ' ')) => {
                drawn::parse(text)
            }
            _ => knuth::parse(text),
        }
    }

    /// Reads a tiling in Knuth's form, as polyomino-dlx and polycube-dlx
    /// read it.
    ///
    /// # Errors
    ///
    /// A [`TilingError`] with the line and column of the first fault, or
    /// [`TilingErrorKind::Problem`] with
    /// [`ErrorKind::OutOfMemory`](crate::ErrorKind::OutOfMemory) at the
    /// token whose cells would pass the memory available.
    pub fn parse_knuth(text: &str) -> Result<Tiling, TilingError> {
        knuth::parse(text)
    }

    /// Reads a tiling in the drawn form.
    ///
    /// # Errors
    ///
    /// A [`TilingError`] with the line and column of the first fault.
    pub fn parse_drawn(text: &str) -> Result<Tiling, TilingError> {
        drawn::parse(text)
    }

    /// The twelve pentominoes, in Conway's letters `F I L N P T U V W X Y
    /// Z`, each used once, on the board; cells are named `row-col` and the
    /// pieces come first among the items.
    ///
    /// # Example
    ///
    /// ```
    /// use dlx::puzzles::{Board, Tiling, Tilings};
    /// let tiling = Tiling::pentominoes(&Board::rectangle(6, 10)?);
    /// assert_eq!(tiling.problem(Tilings::All)?.option_count(), 2056);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn pentominoes(board: &Board) -> Tiling {
        let cells = board.cells().map(|(r, c)| (planar(r, c), false)).collect();
        let mut pieces = Vec::new();
        let mut shapes = Vec::new();
        for (k, (letter, cells)) in super::pentomino::PENTOMINOES.iter().enumerate() {
            pieces.push(Piece {
                name: letter.to_string(),
                bounds: (1, 1),
                at: None,
            });
            let shape = cells.iter().map(|&(r, c)| planar(r, c)).collect();
            shapes.push((k, geometry::normalize(shape)));
        }
        Tiling::new(
            2,
            cells,
            vec![String::new()],
            pieces,
            shapes,
            Naming::Dashed,
        )
    }

    /// Whether pieces may be turned (on by default).
    #[must_use]
    pub fn rotations(mut self, on: bool) -> Tiling {
        self.rotate = on;
        self
    }

    /// Whether pieces may be mirrored: turned over in the plane (on by
    /// default there), reflected in space (off by default there).
    #[must_use]
    pub fn reflections(mut self, on: bool) -> Tiling {
        self.reflect = on;
        self
    }

    /// Lists the cells to fill first among the items, in the order of a
    /// frontier that sweeps the board along its longest side, a slice
    /// across the shorter sides at a time (a 9 x 12 board column by
    /// column), and the pieces after them (off by default: Knuth's
    /// order). Branching on the first active item
    /// ([`Order::First`](crate::Order::First)) then fills the board slice
    /// by slice, and a memoized count ([`Solver::count_memo`](crate::Solver::count_memo))
    /// meets few states: those of the cells near the frontier.
    #[must_use]
    pub fn sweep(mut self, on: bool) -> Tiling {
        self.sweep = on;
        self
    }

    /// Stops [`Tiling::problem`] once another thread sets `flag` (a signal
    /// handler, a timer): the build then fails with
    /// [`TilingErrorKind::Cancelled`]. A large board takes seconds to
    /// place its pieces on; the flag is checked every few thousand
    /// placements. The flag a search watches
    /// ([`Limits::cancel_flag`](crate::Limits::cancel_flag)) may be this
    /// one, so that one Ctrl-C or time limit stops the build and the
    /// search alike.
    ///
    /// # Example
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use std::sync::Arc;
    /// use dlx::puzzles::{Tiling, TilingErrorKind, Tilings};
    ///
    /// let stop = Arc::new(AtomicBool::new(true));
    /// let tiling = Tiling::parse("[0-5][0-9]\nL 00 10 20 21\n")?.cancel_flag(stop);
    /// let err = tiling.problem(Tilings::All).unwrap_err();
    /// assert_eq!(err.kind(), &TilingErrorKind::Cancelled);
    /// # Ok::<(), dlx::puzzles::TilingError>(())
    /// ```
    #[must_use]
    pub fn cancel_flag(mut self, flag: Arc<AtomicBool>) -> Tiling {
        self.cancel = Some(flag);
        self
    }

    /// Fails with [`TilingErrorKind::Cancelled`] once the cancel flag is
    /// set.
    pub(crate) fn check_cancelled(&self) -> Result<(), TilingError> {
        match &self.cancel {
            Some(flag) if flag.load(Ordering::Relaxed) => {
                Err(TilingError::new(TilingErrorKind::Cancelled))
            }
            _ => Ok(()),
        }
    }

    /// 2 for a board in the plane, 3 for one in space.
    pub fn dimensions(&self) -> usize {
        self.dimensions
    }

    /// The number of cells of the board, those that may stay empty
    /// included.
    pub fn cell_count(&self) -> usize {
        self.board.len()
    }

    /// The pieces' names, in the order they were first given.
    pub fn piece_names(&self) -> impl Iterator<Item = &str> + '_ {
        self.pieces.iter().map(|p| p.name.as_str())
    }

    /// How many times each piece is used, at least and at most, by name.
    pub fn piece_bounds(&self, name: &str) -> Option<(u32, u32)> {
        self.pieces
            .iter()
            .find(|p| p.name == name)
            .map(|p| p.bounds)
    }

    /// The number of symmetries of the problem: motions of the board onto
    /// itself that map every piece's placements onto those of a piece
    /// used as often (itself, or its mirror image when pieces cannot be
    /// mirrored), the identity included. [`Tilings::UpToSymmetry`] counts
    /// classes under this group.
    pub fn symmetry_count(&self) -> usize {
        unique::symmetries(self).len()
    }

    /// The exact-cover problem of the tiling.
    ///
    /// Items: a primary item per cell to fill and per piece (with its
    /// count as bounds, see [`Problem::set_bounds`]), a secondary item per
    /// cell that may stay empty; in Knuth's form in the order his programs
    /// give (cells, pieces, then suffixed cells), in the drawn form the
    /// pieces first. An option per placement: the piece, then its cells in
    /// order, in the order Knuth's programs write them.
    ///
    /// With [`Tilings::UpToSymmetry`], one tiling of each class under the
    /// problem's symmetries ([`Tiling::symmetry_count`]) is kept, by the
    /// method of TAOCP 7.2.2.1: one piece used once, mapped to itself by
    /// every symmetry, keeps only the least placement of each orbit; where
    /// a kept placement is fixed by symmetries H, a second such piece, no
    /// placement of which any symmetry of H fixes, keeps only placements
    /// least in their H-orbit, through secondary items `sym-PIECE-K`
    /// named by both. The search then meets each class exactly once.
    ///
    /// # Errors
    ///
    /// [`TilingErrorKind::PieceTooLarge`] and
    /// [`TilingErrorKind::FitsNowhere`] at the piece's line,
    /// [`TilingErrorKind::NameIsACell`], [`TilingErrorKind::Problem`] when
    /// the problem is too large (with
    /// [`ErrorKind::OutOfMemory`](crate::ErrorKind::OutOfMemory) and the
    /// bytes it needs, found before they are allocated, when it would not
    /// fit in the memory available), [`TilingErrorKind::Cancelled`] once
    /// the cancel flag is set ([`Tiling::cancel_flag`]), and with
    /// [`Tilings::UpToSymmetry`],
    /// [`TilingErrorKind::CannotBreakSymmetry`] saying why, when no piece
    /// can soundly be restricted (then count all tilings instead, and
    /// divide by nothing: classes may differ in size).
    ///
    /// # Complexity
    ///
    /// Placements: the orientations times the positions of each piece;
    /// up to symmetry, each placement's image under each symmetry.
    pub fn problem(&self, tilings: Tilings) -> Result<Problem, TilingError> {
        let placements = self.placements()?;
        let breaking = match tilings {
            Tilings::All => unique::Breaking::default(),
            Tilings::UpToSymmetry => {
                memory::check(unique::bytes(self, placements.len()))?;
                unique::break_symmetry(self, &placements)?
            }
        };
        let names: HashSet<&str> = self.pieces.iter().map(|p| p.name.as_str()).collect();
        let cells_named: HashSet<String> = (0..self.board.len())
            .map(|i| self.cell_name(i))
            .filter(|name| names.contains(name.as_str()))
            .collect();
        if let Some(piece) = self.pieces.iter().find(|p| cells_named.contains(&p.name)) {
            let kind = TilingErrorKind::NameIsACell(piece.name.clone());
            return Err(self.located(kind, piece));
        }
        let mut primary_cells: Vec<usize> = (0..self.board.len())
            .filter(|&i| !self.optional[i])
            .collect();
        if self.sweep {
            let axes = self.sweep_axes();
            primary_cells.sort_by_key(|&i| axes.map(|axis| self.board[i].at[axis]));
        }
        let secondary_cells: Vec<usize> = (0..self.board.len())
            .filter(|&i| self.optional[i])
            .collect();
        // The items: in Knuth's order (and a sweep's) the primary cells,
        // then the pieces; in the drawn form the pieces first. Then the
        // secondary cells and the items that break symmetry.
        let pieces_first = self.naming == Naming::Dashed && !self.sweep;
        let (first_piece, first_cell) = if pieces_first {
            (0, self.pieces.len())
        } else {
            (primary_cells.len(), 0)
        };
        let first_secondary = primary_cells.len() + self.pieces.len();
        let mut cell_item = vec![0; self.board.len()];
        for (j, &cell) in primary_cells.iter().enumerate() {
            cell_item[cell] = first_cell + j;
        }
        for (j, &cell) in secondary_cells.iter().enumerate() {
            cell_item[cell] = first_secondary + j;
        }
        let piece_names = self.pieces.iter().map(|p| p.name.clone());
        let cell_names =
            |cells: &[usize]| -> Vec<String> { cells.iter().map(|&i| self.cell_name(i)).collect() };
        let primary: Vec<String> = if pieces_first {
            piece_names.chain(cell_names(&primary_cells)).collect()
        } else {
            cell_names(&primary_cells)
                .into_iter()
                .chain(piece_names)
                .collect()
        };
        let secondary = cell_names(&secondary_cells)
            .into_iter()
            .chain(breaking.items.iter().cloned());
        let mut problem = Problem::with_names(primary, secondary)?;
        let first_breaker = problem.item_count() - breaking.items.len();
        for (k, piece) in self.pieces.iter().enumerate() {
            if piece.bounds != (1, 1) {
                problem.set_bounds(first_piece + k, piece.bounds.0, piece.bounds.1)?;
            }
        }
        // The options take exactly the room of the placements kept: the
        // entries never move.
        let kept = (0..placements.len()).filter(|&k| !breaking.is_dropped(k));
        let (options, entries) = kept.fold((0, 0), |(options, entries), k| {
            let cells = placements.cells(k).len() + breaking.extra(k).len();
            (options + 1, entries + 1 + cells)
        });
        problem.try_reserve(options, entries)?;
        for k in 0..placements.len() {
            if k % CHECK_EVERY == 0 {
                self.check_cancelled()?;
            }
            if breaking.is_dropped(k) {
                continue;
            }
            let items = std::iter::once(first_piece + placements.piece(k))
                .chain(
                    placements
                        .cells(k)
                        .iter()
                        .map(|&cell| cell_item[cell as usize]),
                )
                .chain(breaking.extra(k).iter().map(|&b| first_breaker + b));
            problem.add_option(items)?;
        }
        Ok(problem)
    }

    /// Every placement of every piece, in Knuth's order: the pieces' lines
    /// in order, each line's orientations as his programs find them, each
    /// orientation at every position in lexicographic order. A piece's
    /// orientation given by two of its lines is placed once.
    ///
    /// # Errors
    ///
    /// Besides the faults of the pieces, [`TilingErrorKind::Problem`] with
    /// [`ErrorKind::OutOfMemory`](crate::ErrorKind::OutOfMemory) when the
    /// placements and the options they become would not fit in the memory
    /// available ([`placement_bytes`]), found before any is listed, and
    /// [`TilingErrorKind::Cancelled`] once the cancel flag is set.
    pub(crate) fn placements(&self) -> Result<Placements, TilingError> {
        self.placements_within(memory::available())
    }

    /// [`Tiling::placements`] with `available` bytes of memory (`None`:
    /// unknown, no check).
    pub(crate) fn placements_within(
        &self,
        available: Option<u64>,
    ) -> Result<Placements, TilingError> {
        if self.board.is_empty() {
            return Err(TilingError::new(TilingErrorKind::EmptyBoard));
        }
        if self.pieces.is_empty() {
            return Err(TilingError::new(TilingErrorKind::NoPieces));
        }
        let turns = generators(self.dimensions, self.rotate, self.reflect);
        let mut low = [i32::MAX; 3];
        let mut high = [i32::MIN; 3];
        for cell in &self.board {
            for axis in 0..3 {
                low[axis] = low[axis].min(cell.at[axis]);
                high[axis] = high[axis].max(cell.at[axis]);
            }
        }
        // Every orientation first, and what placing them all may take:
        // the bound is checked before the first placement is listed, and
        // the list is made that large at once.
        let mut seen: Vec<BTreeSet<Shape>> = vec![BTreeSet::new(); self.pieces.len()];
        let mut placed = Vec::new();
        let (mut needed, mut most_placements, mut most_cells) = (0u64, 0u64, 0u64);
        for (piece, shape) in &self.shapes {
            self.check_cancelled()?;
            let info = &self.pieces[*piece];
            if shape.len() > self.board.len() {
                let kind = TilingErrorKind::PieceTooLarge {
                    piece: info.name.clone(),
                    cells: shape.len(),
                    board: self.board.len(),
                };
                return Err(self.located(kind, info));
            }
            for orientation in orientations(shape, &turns) {
                if !seen[*piece].insert(orientation.clone()) {
                    continue;
                }
                let most = extent(&orientation);
                // At most one placement per position in the board's box,
                // and per board cell under the orientation's first cell.
                let positions = (0..3)
                    .map(|axis| {
                        let span = i64::from(high[axis]) - i64::from(low[axis]);
                        u64::try_from(span - i64::from(most[axis]) + 1).unwrap_or(0)
                    })
                    .fold(1u64, u64::saturating_mul)
                    .min(self.board.len() as u64);
                let bytes = positions.saturating_mul(placement_bytes(orientation.len()));
                needed = needed.saturating_add(bytes);
                most_placements = most_placements.saturating_add(positions);
                let cells = positions.saturating_mul(orientation.len() as u64);
                most_cells = most_cells.saturating_add(cells);
                placed.push((*piece, orientation, most));
            }
        }
        memory::check_against(needed, available)?;
        let capacity = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
        let mut all = Placements::with_capacity(capacity(most_placements), capacity(most_cells))?;
        let mut fits = vec![false; self.pieces.len()];
        let mut cells = Vec::new();
        for (piece, orientation, most) in placed {
            let range = |axis: usize| low[axis]..=high[axis] - most[axis];
            for dx in range(0) {
                for dy in range(1) {
                    // A row of positions between two looks at the flag.
                    self.check_cancelled()?;
                    for dz in range(2) {
                        cells.clear();
                        let found = orientation.iter().all(|cell| {
                            let at = [cell.at[0] + dx, cell.at[1] + dy, cell.at[2] + dz];
                            let moved = Cell {
                                at,
                                suffix: cell.suffix,
                            };
                            let found = self.board.binary_search(&moved);
                            cells.extend(found.ok());
                            found.is_ok()
                        });
                        if found {
                            fits[piece] = true;
                            all.push(piece, cells.iter().copied())?;
                        }
                    }
                }
            }
        }
        for (piece, info) in self.pieces.iter().enumerate() {
            if !fits[piece] && info.bounds.0 > 0 {
                let kind = TilingErrorKind::FitsNowhere(info.name.clone());
                return Err(self.located(kind, info));
            }
        }
        Ok(all)
    }

    fn located(&self, kind: TilingErrorKind, piece: &Piece) -> TilingError {
        match piece.at {
            Some((line, column)) => TilingError::at(kind, line, column),
            None => TilingError::new(kind),
        }
    }

    /// The item name of board cell `i`.
    pub(crate) fn cell_name(&self, i: usize) -> String {
        let cell = &self.board[i];
        let at = &cell.at[..self.dimensions];
        match self.naming {
            Naming::Knuth => {
                let mut name: String = at.iter().map(|&x| knuth::encode(x)).collect();
                name.push_str(&self.suffixes[usize::from(cell.suffix)]);
                name
            }
            Naming::Dashed => at
                .iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join("-"),
        }
    }

    /// The axes in the order a sweep compares cells: that of the board's
    /// longest side first, the shortest last (the first on ties).
    fn sweep_axes(&self) -> [usize; 3] {
        let span = |axis: usize| {
            let along = self.board.iter().map(|c| c.at[axis]);
            along.clone().max().unwrap_or(0) - along.min().unwrap_or(0)
        };
        let mut axes = [0, 1, 2];
        axes.sort_by_key(|&axis| std::cmp::Reverse(span(axis)));
        axes
    }

    pub(crate) fn board(&self) -> &[Cell] {
        &self.board
    }

    pub(crate) fn optional(&self) -> &[bool] {
        &self.optional
    }

    pub(crate) fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// Every orientation of each piece, all its lines together.
    pub(crate) fn orientation_sets(&self) -> Vec<BTreeSet<Shape>> {
        let turns = generators(self.dimensions, self.rotate, self.reflect);
        let mut sets = vec![BTreeSet::new(); self.pieces.len()];
        for (piece, shape) in &self.shapes {
            sets[*piece].extend(orientations(shape, &turns));
        }
        sets
    }
}

/// The bytes a placement of `cells` cells takes, listed and then made an
/// option of the problem: its cells, and the option's entries (the piece
/// and the cells) and span.
fn placement_bytes(cells: usize) -> u64 {
    let option = (cells + 1) * size_of::<Entry>() + size_of::<Span>();
    (Placements::bytes(cells) + option) as u64
}

/// Placements listed or made options between two looks at the cancel
/// flag: a millisecond's work at most.
const CHECK_EVERY: usize = 4096;

/// The cell at row `r`, column `c` of the plane.
fn planar(r: usize, c: usize) -> Cell {
    let coordinate = |x: usize| i32::try_from(x).unwrap_or(i32::MAX);
    Cell {
        at: [coordinate(r), coordinate(c), 0],
        suffix: 0,
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;
    use crate::ErrorKind;

    /// 34 bytes: a 62x62x62 box and a 6x6x6 cube, whose 57^3 placements
    /// of 216 cells would take gigabytes once made options.
    const BOMB: &str = "[0-Z][0-Z][0-Z]\nX [0-5][0-5][0-5]\n";

    #[test]
    fn the_cancel_flag_stops_the_build_within_a_fraction_of_a_second() {
        // A tetracube in a 62^3 box: 5 million placements, seconds of work.
        let flag = Arc::new(AtomicBool::new(false));
        let tiling = Tiling::parse("[0-Z][0-Z][0-Z]\nA 000 001 012 123\n")
            .unwrap()
            .cancel_flag(Arc::clone(&flag));
        let setter = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(100));
            flag.store(true, Ordering::Relaxed);
            Instant::now()
        });
        for tilings in [Tilings::All, Tilings::UpToSymmetry] {
            let err = tiling.problem(tilings).unwrap_err();
            assert_eq!(err.kind(), &TilingErrorKind::Cancelled);
        }
        let set = setter.join().unwrap();
        assert!(
            set.elapsed() < Duration::from_secs(1),
            "{:?}",
            set.elapsed()
        );
        assert_eq!(
            TilingError::new(TilingErrorKind::Cancelled).to_string(),
            "building the problem was cancelled"
        );
    }

    #[test]
    fn placements_too_large_for_memory_are_refused_before_listing() {
        let tiling = Tiling::parse(BOMB).unwrap();
        assert_eq!(BOMB.len(), 34);
        let available = 100 << 20;
        let started = Instant::now();
        let err = tiling.placements_within(Some(available)).unwrap_err();
        // Listing them takes seconds: the refusal comes before.
        assert!(started.elapsed() < Duration::from_secs(5));
        let TilingErrorKind::Problem(e) = err.kind() else {
            panic!("{err}")
        };
        let ErrorKind::OutOfMemory { needed, .. } = *e.kind() else {
            panic!("{err}")
        };
        assert_eq!(needed, 57u64.pow(3) * placement_bytes(216));
        assert!(err.to_string().starts_with("needs about"), "{err}");
        // A small tiling goes through under the same bound, and with
        // nothing known of the memory there is no check.
        let small = Tiling::parse("[0-5][0-5][0-5]\nX [0-1][0-1][0-1]\n").unwrap();
        assert_eq!(small.placements_within(Some(available)).unwrap().len(), 125);
        assert_eq!(small.placements_within(None).unwrap().len(), 125);
    }
}
