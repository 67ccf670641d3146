//! Making puzzles: a random solution grid, then givens taken away while
//! the puzzle keeps exactly one solution.
//!
//! # How
//!
//! 1. **A solution grid.** A few givens (one per row of the grid, at
//!    random cells, random digits) are selected on the layout's solver and
//!    the engine completes them; a completion that does not come within a
//!    node limit is abandoned for fewer random givens, down to none.
//! 2. **Taking givens away.** The cells are grouped in orbits of the
//!    symmetry asked for (one cell each without symmetry) and the orbits
//!    are tried in a random order, each once. An orbit is taken away when
//!    the puzzle keeps its one solution S without it. With S known, that
//!    is not a count to two: the puzzle without cell c has another
//!    solution exactly when some solution puts another digit than S(c) in
//!    c (any other solution differs from S in the cells taken away, and in
//!    the other ones it would be a solution of the puzzle before). Three
//!    tests answer it, the cheap ones first:
//!    - **singles**: when the givens left force c by a naked or hidden
//!      single (c sees every other digit, or S(c) fits nowhere else in one
//!      of c's houses), no search is needed;
//!    - a **two-digit swap**: for a digit b other than a = S(c), the
//!      cells holding a or b in S that are linked to c through shared
//!      houses (each such cell, in each of its houses, to the one holding
//!      the other digit) form a closed set: swapping a and b over it keeps
//!      one of each in every house, so when the set holds no given it is
//!      another solution, and c must stay (layouts whose rules are all
//!      houses only: an anti-knight, anti-king or non-consecutive rule,
//!      a cage's sum or a thermometer's order can break under a swap);
//!    - otherwise **a search on the givens left**, the option "S(c) in c"
//!      excluded: any solution found means c must stay. The givens stay
//!      selected from one test to the next: they are selected at the start
//!      in the reverse of the order the orbits are tried, so that the cell
//!      to take away is on top, its selection released and the exclusion
//!      made and undone ([`dlx::Solver::unexclude`]) around the search.
//!      Orbits kept are selected again on top; when more than 8 lie above
//!      the next cell, the stack is built anew with the kept givens at the
//!      bottom. For an orbit of k cells, the i-th cell is tested with the
//!      cells before it held at S.
//!
//!    An orbit kept stays kept: taking more givens away never brings a
//!    single solution back, so once every orbit has been tried the puzzle
//!    is minimal (no orbit can be taken away).
//!
//! Measured on 9x9 without symmetry (500 puzzles, one core, release
//! profile, `measure_strategies`), per puzzle: counting to two after each
//! removal 677 µs; one search with S(c) in c excluded, on givens selected
//! again after a reset, 578 µs (0.85 of it); with the singles in front
//! 380 µs (0.56); with the givens kept selected 270 µs (0.40), built anew
//! when more than 8 kept ones pile up 233 µs (0.34); with the two-digit
//! swap in front 194 µs (0.29). The swap settles 9 of the 24 tests per
//! puzzle whose search would find another solution, each a walk of about
//! 60 nodes down to a full grid. All make the same puzzles.
//!
//! On 25x25 the searches that prove a given can go grow past 10^6 nodes
//! once about half the cells are empty (seed 1: 0.4 s per test at 313
//! givens, 6.4 s at 310), so a minimal 25x25 puzzle takes far longer than
//! ten minutes; stop at a number of givens instead.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use dlx::{Limits, Outcome, Solver};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::encode;
use crate::grid::Grid;
use crate::layout::Layout;
use crate::solve::bands::{Bands, Search};
use crate::symmetry::Symmetry;
use crate::variant::Variant;

mod killer;

/// Why no puzzle was made.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GenerateError {
    /// The layout has no solution grid at all: no puzzle of it has one
    /// solution.
    NoGrid(Layout),
    /// The cancel flag ([`Generator::cancel_flag`]) was set before the
    /// puzzle was done.
    Cancelled,
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::NoGrid(layout) => write!(f, "no grid of {layout} has a solution"),
            GenerateError::Cancelled => write!(f, "cancelled before the puzzle was made"),
        }
    }
}

impl std::error::Error for GenerateError {}

/// Makes puzzles of one layout with one solution each: minimal, or down
/// to about a number of givens, with the givens' pattern keeping a
/// [`Symmetry`]. The puzzle of a seed is the same on every platform and
/// every run. The module docs of the source say how, with figures.
///
/// A generator holds the layout's exact-cover solver, built once: make one
/// per thread and many puzzles with each.
///
/// # Example
///
/// ```
/// use sudoku_dlx::{Generator, Layout, Symmetry};
///
/// let mut generator = Generator::new(&Layout::square(3)?).symmetry(Symmetry::Rotate180);
/// let puzzle = generator.generate(42)?;
/// assert!(puzzle.is_uniquely_solvable()?);
/// assert!(Symmetry::Rotate180.holds(&puzzle));
/// assert_eq!(generator.generate(42)?, puzzle, "a seed names a puzzle");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Generator {
    layout: Layout,
    symmetry: Symmetry,
    target: Option<usize>,
    solver: Solver,
    cells: Cells,
    /// The orbits of the symmetry, each a list of cells.
    orbits: Vec<Vec<usize>>,
    /// Another test of a removal than the product's, to measure against it.
    #[cfg(test)]
    strategy: Option<tests::Strategy>,
    /// The cells whose givens are selected on the solver, bottom to top;
    /// each holds its digit of the solution.
    stack: Vec<usize>,
    /// Whether each cell is on `stack`.
    on_stack: Vec<bool>,
    /// Each cell's orbit's place in the order the orbits are tried.
    rank: Vec<usize>,
    /// The place of the orbit being tried.
    next: usize,
    /// At most this many selections are released and made again for one
    /// test; more, and the stack is built anew (see [`Generator::sync`]).
    churn: usize,
    /// A flag another thread may set to stop the puzzle being made.
    cancel: Option<Arc<AtomicBool>>,
    /// The most nodes one removal's search may visit (`None`: no limit).
    trial_nodes: Option<u64>,
    /// Whether the last puzzle made tried every orbit, each trial to its
    /// end.
    minimal: bool,
    /// Killer puzzles: the most cells of a cage.
    killer: Option<usize>,
}

/// The most selections released and made again for one test before the
/// stack is built anew instead (see [`Generator::sync`]): measured best
/// on 9x9 among 1 to 24.
const RESTACK: usize = 8;

impl Generator {
    /// A generator of minimal puzzles of `layout` without symmetry.
    ///
    /// # Complexity
    ///
    /// Builds the layout's exact-cover solver: `n³` options.
    pub fn new(layout: &Layout) -> Generator {
        let problem = encode::problem(layout);
        let mut solver = Solver::new(&problem);
        // Each count would copy the givens into the compact engine, which
        // counts no faster on sudoku: 300 puzzles took 0.07 s with it
        // against 0.05 s.
        solver.set_compact(false);
        let mut generator = Generator {
            layout: layout.clone(),
            symmetry: Symmetry::None,
            target: None,
            solver,
            cells: Cells::of(layout),
            orbits: Vec::new(),
            #[cfg(test)]
            strategy: None,
            stack: Vec::new(),
            on_stack: vec![false; layout.side() * layout.side()],
            rank: vec![0; layout.side() * layout.side()],
            next: 0,
            churn: RESTACK,
            cancel: None,
            trial_nodes: None,
            minimal: false,
            killer: None,
        };
        generator.orbits = orbits(layout.side(), Symmetry::None);
        generator
    }

    /// The symmetry of the givens' pattern.
    #[must_use]
    pub fn symmetry(mut self, symmetry: Symmetry) -> Generator {
        self.symmetry = symmetry;
        self.orbits = orbits(self.layout.side(), symmetry);
        self
    }

    /// Stops taking givens away once the puzzle has at most `givens` of
    /// them (`None`: only when no orbit can go, a minimal puzzle). The
    /// puzzle made may keep more when it is minimal before: check
    /// [`Grid::givens`], and try other seeds.
    #[must_use]
    pub fn givens(mut self, givens: Option<usize>) -> Generator {
        self.target = givens;
        self
    }

    /// Gives each removal's search at most `nodes` nodes (`None`: no
    /// limit). A given whose search needs more stays, as if another
    /// solution had been found: the puzzle still has exactly one solution,
    /// but may not be minimal, which [`Generator::is_minimal`] tells. This
    /// bounds the time a large layout takes (a minimal 25x25 puzzle does
    /// not come in ten minutes: past half the cells empty, one search can
    /// take millions of nodes).
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::{Generator, Layout};
    ///
    /// let mut generator = Generator::new(&Layout::square(4)?).trial_nodes(Some(1));
    /// let puzzle = generator.generate(3)?;
    /// assert!(puzzle.is_uniquely_solvable()?);
    /// // Every search that got past its first node gave up: givens stayed.
    /// assert!(!generator.is_minimal());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn trial_nodes(mut self, nodes: Option<u64>) -> Generator {
        self.trial_nodes = nodes;
        self
    }

    /// Makes killer puzzles instead: a solution grid cut into cages of at
    /// most `largest` cells (`None`: puzzles with givens), each with its
    /// sum, and no givens. The cut starts from a cage per cell and merges
    /// neighbouring cages in a random order while the puzzle keeps one
    /// solution; a cell no cage will take is a cage of its own. The
    /// symmetry and the number of givens do not apply.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::{Constraint, Generator, Layout};
    ///
    /// let mut generator = Generator::new(&Layout::square(2)?).killer(Some(3));
    /// let puzzle = generator.generate(7)?;
    /// assert_eq!(puzzle.givens(), 0);
    /// assert!(puzzle.is_uniquely_solvable()?);
    /// let cages = puzzle.layout().constraints();
    /// assert!(cages.iter().all(|c| matches!(c, Constraint::Cage { sum: Some(_), .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn killer(mut self, largest: Option<usize>) -> Generator {
        self.killer = largest.map(|k| k.max(1));
        self
    }

    /// Whether the last puzzle made is minimal: every orbit was tried
    /// (no [`Generator::givens`] target stopped it first) and every trial
    /// ran to its end (no [`Generator::trial_nodes`] limit cut one).
    pub fn is_minimal(&self) -> bool {
        self.minimal
    }

    /// A flag another thread can set to stop the puzzle being made (a
    /// large layout's searches can take long): [`Generator::generate`]
    /// then returns [`GenerateError::Cancelled`], never a puzzle whose
    /// tests were cut short.
    #[must_use]
    pub fn cancel_flag(mut self, flag: Arc<AtomicBool>) -> Generator {
        self.cancel = Some(flag);
        self.solver.set_limits(self.limits());
        self
    }

    /// No limit but the cancel flag.
    fn limits(&self) -> Limits {
        match &self.cancel {
            Some(flag) => Limits::new().cancel_flag(Arc::clone(flag)),
            None => Limits::new(),
        }
    }

    /// Whether the cancel flag is set.
    fn cancelled(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    /// The layout of the puzzles made.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The puzzle of `seed`: one solution, its givens keeping the symmetry,
    /// minimal unless a number of givens was asked for.
    ///
    /// # Errors
    ///
    /// [`GenerateError::NoGrid`] when the layout has no solution grid (a
    /// non-consecutive 4x4, say), [`GenerateError::Cancelled`] when the
    /// cancel flag was set.
    ///
    /// # Complexity
    ///
    /// For each cell c of an orbit that neither the singles nor the
    /// two-digit swap settle, one search with its digit S(c) excluded (a
    /// few dozen nodes on 9x9, past 10^6 on 25x25 with half the cells
    /// empty).
    pub fn generate(&mut self, seed: u64) -> Result<Grid, GenerateError> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let solution = self.fill(&mut rng)?;
        if let Some(largest) = self.killer {
            self.minimal = true;
            return self.cut_into_cages(&mut rng, &solution, largest);
        }
        self.cells.place(&solution);
        let mut cells = solution.clone();
        self.cells.load(&cells);
        let mut order: Vec<usize> = (0..self.orbits.len()).collect();
        order.shuffle(&mut rng);
        for (k, &o) in order.iter().enumerate() {
            for &c in &self.orbits[o] {
                self.rank[c] = k;
            }
        }
        self.next = 0;
        if !self.on_planes() {
            self.restack(&cells, &solution);
        }
        let mut givens = cells.len();
        self.minimal = true;
        for (k, o) in order.into_iter().enumerate() {
            if self.target.is_some_and(|t| givens <= t) || self.cancelled() {
                self.minimal = false;
                break;
            }
            self.next = k;
            let orbit = std::mem::take(&mut self.orbits[o]);
            for &c in &orbit {
                cells[c] = 0;
                self.cells.toggle(c, solution[c]);
            }
            if self.removable(&mut cells, &orbit, &solution) {
                givens -= orbit.len();
            } else {
                for &c in &orbit {
                    cells[c] = solution[c];
                    self.cells.toggle(c, solution[c]);
                }
            }
            self.orbits[o] = orbit;
        }
        self.release_stack();
        // A search the flag stopped found nothing, which would have taken
        // a given away without proof.
        if self.cancelled() {
            return Err(GenerateError::Cancelled);
        }
        Ok(Grid::from_parsed(self.layout.clone(), cells))
    }

    /// Selects the givens of `cells` (each holding its digit of
    /// `solution`) anew: first those of the orbits tried and kept, then
    /// the others in the reverse of the order they will be tried, so that
    /// the next orbit to try is on top.
    fn restack(&mut self, cells: &[u8], solution: &[u8]) {
        let n = self.layout.side();
        self.release_stack();
        let (next, rank) = (self.next, &self.rank);
        let mut givens: Vec<usize> = (0..cells.len()).filter(|&c| cells[c] != 0).collect();
        givens.sort_by_key(|&c| {
            if rank[c] < next {
                0
            } else {
                1 + rank.len() - rank[c]
            }
        });
        for c in givens {
            self.solver
                .select(encode::option(n, c, solution[c]))
                .expect("the givens of a solution agree");
            self.stack.push(c);
            self.on_stack[c] = true;
        }
    }

    /// Releases every selection and exclusion.
    fn release_stack(&mut self) {
        self.solver.reset();
        for c in self.stack.drain(..) {
            self.on_stack[c] = false;
        }
    }

    /// Makes the selections those of `cells` (each a given of `solution`
    /// or empty): releases the selections from the lowest empty cell up,
    /// then selects the givens not selected.
    fn sync(&mut self, cells: &[u8], solution: &[u8]) {
        let n = self.layout.side();
        let low = self
            .stack
            .iter()
            .position(|&c| cells[c] == 0)
            .unwrap_or(self.stack.len());
        // Orbits kept pile up above the ones still to try; when too many
        // lie above the cell, building the stack anew is cheaper.
        if self.stack.len() - low > self.churn {
            self.restack(cells, solution);
            return;
        }
        while self.stack.len() > low {
            self.solver.unselect();
            let c = self.stack.pop().expect("above the lowest");
            self.on_stack[c] = false;
        }
        for (c, &digit) in cells.iter().enumerate() {
            if digit != 0 && !self.on_stack[c] {
                self.solver
                    .select(encode::option(n, c, solution[c]))
                    .expect("the givens of a solution agree");
                self.stack.push(c);
                self.on_stack[c] = true;
            }
        }
    }

    /// Whether some solution of `cells` differs from `solution` in a cell
    /// of `orbit`, its cells tried in turn, the ones before each held at
    /// their digit: by the two-digit swap, else by one search with the
    /// cell's digit excluded, on a solver whose givens stay selected from
    /// one test to the next. The givens are selected in the reverse of the
    /// order the orbits are tried, so the cells to take away lie near the
    /// top of the selections, and only those above them are released and
    /// selected again ([`Generator::sync`]).
    fn has_other_stacked(&mut self, cells: &mut [u8], orbit: &[usize], solution: &[u8]) -> bool {
        let n = self.layout.side();
        let planes = self.on_planes();
        let mut other = false;
        for (i, &c) in orbit.iter().enumerate() {
            for &b in &orbit[..i] {
                cells[b] = solution[b];
            }
            if self.cells.swap_witness(cells, c, solution) {
                other = true;
                break;
            }
            if planes {
                if self.other_on_planes(cells, c, solution[c]) {
                    other = true;
                    break;
                }
                continue;
            }
            self.sync(cells, solution);
            // Its given released from the top, the option S(c) in c is
            // excluded for one search, then brought back.
            self.solver
                .exclude(encode::option(n, c, solution[c]))
                .expect("the option is not selected");
            if let Some(nodes) = self.trial_nodes {
                self.solver.clear_stats();
                self.solver.set_limits(self.limits().nodes(nodes));
            }
            let mut found = self.solver.count_up_to(1) > 0;
            if self.solver.outcome() == Outcome::NodeLimit {
                // Not proved either way: the given stays.
                found = true;
                self.minimal = false;
            }
            self.solver.unexclude();
            if found {
                other = true;
                break;
            }
        }
        for &b in orbit {
            cells[b] = 0;
        }
        other
    }

    /// Whether removals are tested on bit planes: classic puzzles without
    /// a node limit, faster than the links' selections kept from test to
    /// test (the stack of selections is then not kept).
    fn on_planes(&self) -> bool {
        self.layout.plain_square() == Some(3) && self.trial_nodes.is_none()
    }

    /// Whether a classic puzzle `cells` has a solution without `digit` in
    /// cell `c`: one search on bit planes (a cancelled search finds none,
    /// and the generator then stops).
    fn other_on_planes(&self, cells: &[u8], c: usize, digit: u8) -> bool {
        let Some(mut state) = Bands::new(cells, None) else {
            return false;
        };
        state.exclude(c, digit);
        let mut search = Search {
            limit: 1,
            found: 0,
            guesses: 0,
            cancel: self.cancel.as_deref(),
            cancelled: false,
            each: None,
        };
        state.search(&mut search);
        search.found > 0
    }

    /// A random solution grid.
    fn fill(&mut self, rng: &mut ChaCha8Rng) -> Result<Vec<u8>, GenerateError> {
        let n = self.layout.side();
        let cells = n * n;
        let mut order: Vec<usize> = (0..cells).collect();
        let mut random = n;
        loop {
            self.solver.reset();
            order.shuffle(rng);
            let mut placed = 0;
            for &cell in &order {
                if placed == random {
                    break;
                }
                let digit = rng.random_range(1..=n as u8);
                if self.solver.select(encode::option(n, cell, digit)).is_ok() {
                    placed += 1;
                }
            }
            // Without random givens the search is not stopped: it finds a
            // grid, or proves there is none.
            let limit = (random > 0).then(|| 64 * cells as u64 + 10_000);
            // The node limit counts from here, whatever came before.
            self.solver.clear_stats();
            let limits = self.limits();
            self.solver
                .set_limits(limit.map_or(limits.clone(), |m| limits.nodes(m)));
            let found = self.solver.first();
            self.solver.set_limits(self.limits());
            if self.cancelled() {
                return Err(GenerateError::Cancelled);
            }
            match found {
                Some(options) => {
                    let mut grid = vec![0; cells];
                    for (cell, digit) in options
                        .into_iter()
                        .filter_map(|id| encode::placement(n, id))
                    {
                        grid[cell] = digit;
                    }
                    return Ok(grid);
                }
                None if random == 0 => return Err(GenerateError::NoGrid(self.layout.clone())),
                None => random /= 2,
            }
        }
    }

    /// Whether the puzzle `cells` (the orbit's cells emptied) has no other
    /// solution than `solution`.
    fn removable(&mut self, cells: &mut [u8], orbit: &[usize], solution: &[u8]) -> bool {
        #[cfg(test)]
        if let Some(strategy) = self.strategy {
            return self.removable_by(strategy, cells, orbit, solution);
        }
        self.cells.forced(cells, orbit, solution) || !self.has_other_stacked(cells, orbit, solution)
    }
}

/// The orbits of `symmetry` on a grid of side `side`, each listed once, in
/// reading order of their first cells.
fn orbits(side: usize, symmetry: Symmetry) -> Vec<Vec<usize>> {
    let mut seen = vec![false; side * side];
    let mut orbits = Vec::new();
    for cell in 0..side * side {
        if seen[cell] {
            continue;
        }
        let orbit: Vec<usize> = symmetry
            .orbit(side, cell / side, cell % side)
            .into_iter()
            .map(|(r, c)| r * side + c)
            .collect();
        for &c in &orbit {
            seen[c] = true;
        }
        orbits.push(orbit);
    }
    orbits
}

/// What the singles test needs of a layout: each cell's houses and the
/// cells that see it.
#[derive(Clone, Debug)]
struct Cells {
    side: usize,
    /// The cells of each house.
    houses: Vec<Vec<usize>>,
    /// The houses of each cell.
    of_cell: Vec<Vec<usize>>,
    /// The cells outside a cell's houses that may not hold its digit:
    /// those an anti-knight or anti-king rule relates to it.
    peers: Vec<Vec<usize>>,
    /// The cells a non-consecutive rule relates to a cell.
    neighbours: Vec<Vec<usize>>,
    /// Whether every rule of the layout is a house (no anti-knight,
    /// anti-king or non-consecutive rule, no constraint): then two digits
    /// swapped over a closed set of cells make another solution (see
    /// [`Cells::swap_witness`]). A constraint can break under the swap as
    /// a rule between cells can: a cage holding one of the two digits
    /// changes its sum.
    houses_only: bool,
    /// The cell of each house holding each digit in the solution being
    /// made: `at[h * (side + 1) + d]`.
    at: Vec<usize>,
    /// The digits (bit d for digit d) the givens put in each house,
    /// kept with the givens ([`Cells::load`], [`Cells::toggle`]).
    placed: Vec<u64>,
    /// Scratch for [`Cells::swap_witness`]: whether a cell was reached.
    seen: Vec<bool>,
    /// Scratch for [`Cells::swap_witness`]: the cells still to visit.
    queue: Vec<usize>,
}

impl Cells {
    fn of(layout: &Layout) -> Cells {
        let n = layout.side();
        let houses: Vec<Vec<usize>> = (0..layout.house_count())
            .map(|h| (0..n).map(|k| layout.house_cell(h, k)).collect())
            .collect();
        let of_cell: Vec<Vec<usize>> = (0..n * n)
            .map(|cell| layout.cell_houses(cell).collect())
            .collect();
        let mut peers = vec![Vec::new(); n * n];
        let mut neighbours = vec![Vec::new(); n * n];
        for rule in layout.variants() {
            let Some(pairs) = rule.pair_rule() else {
                continue;
            };
            for (p, q) in pairs.pairs(n) {
                let list = if rule == Variant::NonConsecutive {
                    &mut neighbours
                } else {
                    &mut peers
                };
                list[p].push(q);
                list[q].push(p);
            }
        }
        for (cell, list) in peers.iter_mut().enumerate() {
            // A peer in one of the cell's houses is read through the house.
            list.retain(|&p| !of_cell[cell].iter().any(|h| houses[*h].contains(&p)));
        }
        for list in peers.iter_mut().chain(neighbours.iter_mut()) {
            list.sort_unstable();
            list.dedup();
        }
        let houses_only = layout.houses_only();
        let at = vec![0; houses.len() * (n + 1)];
        Cells {
            side: n,
            houses,
            of_cell,
            peers,
            neighbours,
            houses_only,
            at,
            placed: vec![0; layout.house_count()],
            seen: vec![false; n * n],
            queue: Vec::with_capacity(n * n),
        }
    }

    /// Notes where each house holds each digit of `solution`.
    fn place(&mut self, solution: &[u8]) {
        let n = self.side;
        for (h, house) in self.houses.iter().enumerate() {
            for &cell in house {
                self.at[h * (n + 1) + usize::from(solution[cell])] = cell;
            }
        }
    }

    /// Notes the digits the givens of `cells` put in each house.
    fn load(&mut self, cells: &[u8]) {
        self.placed = self.placed_of(cells);
    }

    /// The digits the givens of `cells` put in each house, read afresh
    /// (what [`Cells::load`] and [`Cells::toggle`] keep).
    fn placed_of(&self, cells: &[u8]) -> Vec<u64> {
        let digits = |h: &Vec<usize>| h.iter().fold(0, |m, &c| m | 1u64 << cells[c]);
        self.houses.iter().map(|h| digits(h) & !1).collect()
    }

    /// Notes that `digit` is given in `cell` or no longer (the givens'
    /// change, made or undone).
    fn toggle(&mut self, cell: usize, digit: u8) {
        for &h in &self.of_cell[cell] {
            self.placed[h] ^= 1 << digit;
        }
    }

    /// Whether a solution of `cells` puts another digit than the
    /// solution's in the empty cell `c`, found without a search: for a
    /// digit `b` other than `a`, the solution's digit in `c`, the cells
    /// holding `a` or `b` that are linked to `c` through shared houses
    /// (each such cell, in each of its houses, to the cell holding the
    /// other digit) are a closed set: swapping `a` and `b` over it leaves
    /// every house with one of each, so when it holds no given it is
    /// another solution. [`Cells::place`] must have been given the
    /// solution. Always false on layouts with rules other than houses,
    /// constraints included.
    fn swap_witness(&mut self, cells: &[u8], c: usize, solution: &[u8]) -> bool {
        if !self.houses_only {
            return false;
        }
        let n = self.side;
        let a = solution[c];
        for b in 1..=n as u8 {
            if b == a {
                continue;
            }
            self.queue.clear();
            self.queue.push(c);
            self.seen[c] = true;
            let mut closed = true;
            let mut next = 0;
            while next < self.queue.len() {
                let x = self.queue[next];
                next += 1;
                let other = if solution[x] == a { b } else { a };
                for &h in &self.of_cell[x] {
                    let y = self.at[h * (n + 1) + usize::from(other)];
                    if self.seen[y] {
                        continue;
                    }
                    if cells[y] != 0 {
                        closed = false;
                        break;
                    }
                    self.seen[y] = true;
                    self.queue.push(y);
                }
                if !closed {
                    break;
                }
            }
            for &x in &self.queue {
                self.seen[x] = false;
            }
            if closed {
                return true;
            }
        }
        false
    }

    /// The digits (bit d for digit d) the givens of `cells` leave to cell
    /// `cell`.
    fn candidates(&self, cells: &[u8], cell: usize) -> u64 {
        let mut mask = ((1u64 << self.side) - 1) << 1;
        for &h in &self.of_cell[cell] {
            mask &= !self.placed[h];
        }
        for &p in &self.peers[cell] {
            mask &= !(1u64 << cells[p]);
        }
        for &p in &self.neighbours[cell] {
            let d = cells[p];
            if d != 0 {
                mask &= !(1u64 << (d - 1) | 1u64 << (d + 1));
            }
        }
        // Bit 0 stands for an empty peer.
        mask & !1
    }

    /// Whether naked and hidden singles from the givens of `cells` fill
    /// every cell of `orbit` (emptied in `cells`, which comes back as it
    /// came).
    fn forced(&mut self, cells: &mut [u8], orbit: &[usize], solution: &[u8]) -> bool {
        debug_assert!(
            self.placed_of(cells) == self.placed,
            "the houses' digits are kept with the givens"
        );
        let mut open = orbit.len();
        let mut progress = true;
        while open > 0 && progress {
            progress = false;
            for &c in orbit {
                if cells[c] == 0 && self.single(cells, c, solution[c]) {
                    cells[c] = solution[c];
                    self.toggle(c, solution[c]);
                    open -= 1;
                    progress = true;
                }
            }
        }
        for &c in orbit {
            if cells[c] != 0 {
                cells[c] = 0;
                self.toggle(c, solution[c]);
            }
        }
        open == 0
    }

    /// Whether the givens of `cells` force `digit` into the empty cell `c`.
    fn single(&self, cells: &[u8], c: usize, digit: u8) -> bool {
        let bit = 1u64 << digit;
        if self.candidates(cells, c) == bit {
            return true;
        }
        self.of_cell[c].iter().any(|&h| {
            self.houses[h]
                .iter()
                .all(|&e| e == c || cells[e] != 0 || self.candidates(cells, e) & bit == 0)
        })
    }
}

/// Making puzzles from a grid.
impl Grid {
    /// A minimal puzzle of `layout` without symmetry, the one of `seed`:
    /// [`Generator::generate`] with this thread's generator of no options.
    ///
    /// # Errors
    ///
    /// [`GenerateError::NoGrid`] when the layout has no solution grid.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::{Grid, Layout};
    ///
    /// let puzzle = Grid::generate(&Layout::boxes(2, 3)?, 7)?;
    /// assert_eq!(puzzle.count_solutions_up_to(2)?, 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn generate(layout: &Layout, seed: u64) -> Result<Grid, GenerateError> {
        Generator::new(layout).generate(seed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tests of a removal that came before the product's, kept to
    /// measure it against them (the figures of the module docs).
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub(super) enum Strategy {
        /// Count the solutions of the puzzle without the orbit up to 2.
        CountToTwo,
        /// One search per cell of the orbit with S there excluded, the
        /// givens selected anew for each.
        Exclude,
        /// Singles first, then [`Strategy::Exclude`].
        SinglesThenExclude,
    }

    impl Generator {
        /// [`Generator::removable`] by `strategy`.
        pub(super) fn removable_by(
            &mut self,
            strategy: Strategy,
            cells: &mut [u8],
            orbit: &[usize],
            solution: &[u8],
        ) -> bool {
            match strategy {
                Strategy::CountToTwo => self.count(cells) == 1,
                Strategy::Exclude => !self.has_other(cells, orbit, solution),
                Strategy::SinglesThenExclude => {
                    self.cells.forced(cells, orbit, solution)
                        || !self.has_other(cells, orbit, solution)
                }
            }
        }

        /// Selects the givens of `cells`, and nothing else.
        fn load(&mut self, cells: &[u8]) {
            let n = self.layout.side();
            self.release_stack();
            for (cell, &digit) in cells.iter().enumerate() {
                if digit != 0 {
                    self.solver
                        .select(encode::option(n, cell, digit))
                        .expect("the givens of a solution agree");
                }
            }
        }

        /// The solutions of `cells`, counted up to 2.
        fn count(&mut self, cells: &[u8]) -> u64 {
            self.load(cells);
            self.solver.count_up_to(2)
        }

        /// Whether some solution of `cells` differs from `solution` in a
        /// cell of `orbit`, one search per cell on givens selected anew.
        fn has_other(&mut self, cells: &mut [u8], orbit: &[usize], solution: &[u8]) -> bool {
            let n = self.layout.side();
            let mut other = false;
            for (i, &c) in orbit.iter().enumerate() {
                // The cells before c in the orbit hold their digit of S.
                for &b in &orbit[..i] {
                    cells[b] = solution[b];
                }
                self.load(cells);
                self.solver
                    .exclude(encode::option(n, c, solution[c]))
                    .expect("the option is not selected");
                if self.solver.count_up_to(1) > 0 {
                    other = true;
                    break;
                }
            }
            for &b in orbit {
                cells[b] = 0;
            }
            other
        }
    }

    #[test]
    fn orbits_cover_the_grid_once() {
        for symmetry in Symmetry::ALL {
            for n in [4, 9, 16] {
                let orbits = orbits(n, symmetry);
                let mut all: Vec<usize> = orbits.iter().flatten().copied().collect();
                all.sort_unstable();
                assert_eq!(all, (0..n * n).collect::<Vec<_>>(), "{symmetry} {n}");
            }
        }
        assert_eq!(orbits(9, Symmetry::Rotate180).len(), 41);
        assert_eq!(orbits(9, Symmetry::Rotate90).len(), 21);
    }

    #[test]
    fn the_strategies_make_the_same_puzzles() {
        let layout = Layout::square(3).unwrap();
        for strategy in [
            Strategy::CountToTwo,
            Strategy::Exclude,
            Strategy::SinglesThenExclude,
        ] {
            let mut a = Generator::new(&layout);
            let mut b = Generator::new(&layout);
            b.strategy = Some(strategy);
            for seed in 0..20 {
                assert_eq!(a.generate(seed), b.generate(seed), "{strategy:?} {seed}");
            }
        }
    }

    /// The figures of the module docs: run with `--ignored --nocapture`.
    #[test]
    #[ignore]
    fn measure_strategies() {
        let layout = Layout::square(3).unwrap();
        let mut base = None;
        // None: the product's stacked searches.
        for (strategy, churn, swaps) in [
            (Some(Strategy::CountToTwo), RESTACK, false),
            (Some(Strategy::Exclude), RESTACK, false),
            (Some(Strategy::SinglesThenExclude), RESTACK, false),
            (None, usize::MAX, false),
            (None, RESTACK, false),
            (None, RESTACK, true),
        ] {
            let mut generator = Generator::new(&layout);
            generator.strategy = strategy;
            generator.churn = churn;
            generator.cells.houses_only = swaps;
            let start = std::time::Instant::now();
            let mut givens = 0;
            for seed in 0..500 {
                givens += generator.generate(seed).unwrap().givens();
            }
            let t = start.elapsed().as_secs_f64();
            let base = *base.get_or_insert(t);
            println!(
                "{strategy:?} (restack above {}, swaps {swaps}): {:.1} us per puzzle, {:.2} of counting, {:.2} givens",
                if churn == usize::MAX {
                    "never".to_string()
                } else {
                    churn.to_string()
                },
                t / 500.0 * 1e6,
                t / base,
                givens as f64 / 500.0
            );
        }
    }
}
