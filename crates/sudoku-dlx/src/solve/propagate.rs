//! The propagation of a layout's constraints inside the search: at each
//! node the cells' domains are read off the placements still in play,
//! every constraint narrows them in turn until none changes (each by its
//! family's reasoning: see [`Family::propagate`](crate::constraint)), and
//! the placements they leave out are taken out of play for the subtree.
//!
//! Exact cover alone sees placements: a cage's sum, a thermometer's order
//! or a dot's pair of digits rule out digits long before a choice
//! conflicts with them, which the search then stumbles on one node at a
//! time. Propagation only takes out placements no solution holds, so the
//! search finds the same solutions, in fewer nodes.
//!
//! The work at a node is kept to what its choice changed: the domains
//! after the propagation at each depth are kept, a node starts from its
//! parent's and reads again only the cells that share an item with the
//! chosen cell (the only ones whose placements the choice can take out),
//! and runs only the constraints over cells whose domains changed. The
//! root of each search reads every cell and runs every constraint.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use dlx::{Contradiction, Live, OptionId, Problem, Propagator};

use crate::constraint::devices::{digit_sets, ChainGraph};
use crate::constraint::domains::{digits, Domains};
use crate::constraint::equations::{self, Equation};
use crate::constraint::{innies, sums, Cell, Constraint};
use crate::encode;
use crate::layout::Layout;

/// For each cell, the cells it sees: those that share a house or a cage
/// with it, and so cannot hold its digit (as bits, `words` words a cell).
///
/// A digit a cage must hold (every set of its sum that fits the domains
/// has it) is in one of the cage's cells that may hold it; a cell that
/// sees all of those cannot hold it. When those cells share a house, the
/// rest of the house loses the digit; the cells of two houses see the
/// cells where they cross. On the "human-solvable" killers of
/// `shared/datasets/killers` this took a propagating search of hs-06 (a
/// killer-X of six-cell cages across houses, no givens) from the root
/// from 48,819 nodes to 341, where only the houses that hold a whole
/// cage lost its digits before.
#[derive(Clone, Debug, Default)]
struct Seen {
    words: usize,
    bits: Vec<u64>,
    /// The same, one `u128` a cell, for grids of at most 128 cells.
    small: Vec<u128>,
}

impl Seen {
    fn of(layout: &Layout) -> Seen {
        let n = layout.side();
        let cells = n * n;
        let words = cells.div_ceil(64);
        let mut seen = Seen {
            words,
            bits: vec![0; cells * words],
            small: Vec::new(),
        };
        let mut groups: Vec<Vec<usize>> = (0..layout.house_count())
            .map(|h| (0..n).map(|k| layout.house_cell(h, k)).collect())
            .collect();
        for constraint in layout.constraints() {
            if let Constraint::Cage { cells, .. } = constraint {
                groups.push(cells.iter().map(|&(r, c)| r * n + c).collect());
            }
        }
        for group in &groups {
            for &a in group {
                for &b in group {
                    if a != b {
                        seen.bits[a * words + b / 64] |= 1 << (b % 64);
                    }
                }
            }
        }
        if words <= 2 {
            seen.small = seen.bits.chunks(words).map(wide).collect();
        }
        seen
    }

    /// The cells of `cells` as bits of row-major indices.
    fn bits_of(&self, n: usize, cells: &[Cell]) -> Vec<u64> {
        let mut bits = vec![0; self.words];
        for &(r, c) in cells {
            let k = r * n + c;
            bits[k / 64] |= 1 << (k % 64);
        }
        bits
    }

    /// Takes `digit` out of the cells that see every cell of `group` (as
    /// bits) that may hold it.
    fn exclude(
        &self,
        domains: &mut Domains,
        group: &[u64],
        digit: u32,
    ) -> Result<(), Contradiction> {
        if !self.small.is_empty() {
            // A 9x9 grid: every set of cells in one integer.
            let places = wide(domains.places(digit));
            let mut holders = wide(group) & places;
            if holders == 0 {
                return Ok(());
            }
            let mut common = u128::MAX;
            while holders != 0 {
                common &= self.small[holders.trailing_zeros() as usize];
                holders &= holders - 1;
            }
            let mut targets = common & places;
            while targets != 0 {
                let cell = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                domains.restrict_at(cell, !(1u64 << digit))?;
            }
            return Ok(());
        }
        // A grid past 128 cells: `words` words a set of cells.
        let words = self.words;
        let mut scratch = vec![0u64; 2 * words];
        let (common, places) = scratch.split_at_mut(words);
        places.copy_from_slice(domains.places(digit));
        common.fill(u64::MAX);
        let mut any = false;
        for (w, (&g, &p)) in group.iter().zip(places.iter()).enumerate() {
            let mut holders = g & p;
            while holders != 0 {
                any = true;
                let cell = w * 64 + holders.trailing_zeros() as usize;
                holders &= holders - 1;
                let at = cell * words;
                for (o, b) in common.iter_mut().zip(&self.bits[at..at + words]) {
                    *o &= b;
                }
            }
        }
        if !any {
            return Ok(());
        }
        for (w, (&c, &p)) in common.iter().zip(places.iter()).enumerate() {
            let mut targets = c & p;
            while targets != 0 {
                let cell = w * 64 + targets.trailing_zeros() as usize;
                targets &= targets - 1;
                domains.restrict_at(cell, !(1u64 << digit))?;
            }
        }
        Ok(())
    }
}

/// One or two words of cells as one integer.
fn wide(words: &[u64]) -> u128 {
    words
        .iter()
        .rev()
        .fold(0u128, |acc, &w| acc << 64 | u128::from(w))
}

/// The propagator of a layout's constraints.
#[derive(Clone, Debug)]
pub(crate) struct Rules {
    n: usize,
    /// The constraints that can narrow a domain, and the sums the 45
    /// rule derives.
    constraints: Arc<[Rule]>,
    /// The cells each cell sees.
    seen: Arc<Seen>,
    /// The constraints of each cell, to run again when its domain narrows.
    watchers: Arc<[Vec<u32>]>,
    /// The cells whose placements share an item with a placement of each
    /// cell, of those some constraint watches: those a choice in the cell
    /// can take placements from that matter.
    peers: Arc<[Vec<u32>]>,
    /// The domains at the node (scratch, kept to allocate nothing per
    /// node).
    domains: Domains,
    /// The domains after the propagation at each depth of the search
    /// (`cells` masks per depth), and how many depths are good: the
    /// depths of the node's ancestors, as long as the search goes down
    /// from the root of the search.
    kept: Vec<u64>,
    /// The places of each digit at each depth, as `kept` (see
    /// [`Domains::all_places`]).
    kept_places: Vec<u64>,
    good: usize,
    /// The domains as read at the node, before the constraints narrowed
    /// them.
    read: Vec<u64>,
    /// The cells whose domains differ from the parent's or the read ones,
    /// each once.
    changed: Vec<u32>,
    is_changed: Vec<bool>,
    /// The constraints to run, and whether each is among them.
    queue: VecDeque<u32>,
    queued: Vec<bool>,
    /// A list of options read (scratch).
    options: Vec<OptionId>,
    /// The cells of each constraint.
    rule_cells: Arc<[Vec<u32>]>,
    /// Each cell's weight in the choice of the branching cell: one, one
    /// for each constraint over it, and one for each contradiction one of
    /// those found (see `choose`).
    weight: Vec<u32>,
    /// The runs for the puzzle so far, and those that took a placement
    /// out or found a contradiction, over every search of it.
    tally: Arc<Tally>,
    /// Whether the propagator stops itself when it is idle (see
    /// [`IDLE_RUNS`]), and whether it has.
    may_idle: bool,
    idle: bool,
}

/// The runs of the propagator for one puzzle, shared by the copies its
/// searches run (the probes' rounds switch it off and on, and each piece
/// of a split search has its own).
#[derive(Debug, Default)]
pub(crate) struct Tally {
    runs: AtomicU64,
    useful: AtomicU64,
}

/// The runs after which a propagator that is next to useless stops
/// itself for the rest of the search: its constraints are ones the exact
/// cover already sees well (a thermometer of two cells, say), and a run
/// costs more than a node.
const IDLE_RUNS: u64 = 256;

/// Fewer than one useful run in this many is next to useless.
const IDLE_RATIO: u64 = 16;

/// A rule the propagator runs: a constraint, or a killer cage (of the
/// layout or of the 45 rule) whose houses it also narrows.
#[derive(Clone, Debug)]
enum Rule {
    Constraint(Constraint),
    /// A cage with a sum: its cells keep the digits of the sets of its
    /// sum that fit their domains, and a digit every such set holds
    /// leaves each cell that sees all the cage's cells that may hold it
    /// (see [`Seen`]).
    Cage {
        cells: Vec<Cell>,
        /// The cells as bits (see [`Seen`]).
        bits: Vec<u64>,
        sum: u32,
        /// The sets of distinct digits of the cage's size with its sum
        /// (`None` past those counted), made once.
        sets: Option<Arc<[u64]>>,
    },
    /// A sum with signs that rows, columns and cages imply (set
    /// equivalence).
    Equation(Equation),
    /// A house of a killer: a digit one cell holds leaves the others, a
    /// digit one cell alone may hold is that cell's, and every digit
    /// must have a cell (singles, inside the propagation, where the
    /// cages read them at once).
    House(Vec<Cell>, Vec<u64>),
    /// A chain of the encoding: each cell keeps the digits of the paths
    /// from the start to an accepting end whose every digit is in its
    /// cell's domain (the support of a regular constraint).
    Chain(Arc<ChainGraph>),
}

impl Rule {
    fn of(layout: &Layout, seen: &Seen, constraint: Constraint) -> Rule {
        let n = layout.side();
        let Constraint::Cage {
            cells,
            sum: Some(sum),
        } = &constraint
        else {
            return Rule::Constraint(constraint);
        };
        Rule::Cage {
            cells: cells.clone(),
            bits: seen.bits_of(n, cells),
            sum: *sum,
            sets: digit_sets(n, cells.len(), *sum).map(Arc::from),
        }
    }

    /// The cells whose digits the rule reads.
    fn cells(&self, n: usize) -> Vec<Cell> {
        match self {
            Rule::Constraint(constraint) => constraint.cells(n),
            Rule::Cage { cells, .. } => cells.clone(),
            Rule::Chain(chain) => chain.cells.iter().map(|&k| (k / n, k % n)).collect(),
            Rule::Equation(equation) => equation.cells().collect(),
            Rule::House(cells, _) => cells.clone(),
        }
    }

    fn propagate(&self, domains: &mut Domains, seen: &Seen) -> Result<(), Contradiction> {
        match self {
            Rule::Constraint(constraint) => constraint.propagate(domains),
            Rule::Chain(chain) => chain_support(chain, domains),
            Rule::Equation(equation) => equation.propagate(domains),
            Rule::House(cells, bits) => {
                let pairs = house_support(cells, domains)?;
                for digit in digits(pairs) {
                    seen.exclude(domains, bits, digit)?;
                }
                Ok(())
            }
            Rule::Cage {
                cells,
                bits,
                sum,
                sets,
            } => {
                let required = sums::cage_of_sets(domains, cells, *sum, sets.as_deref())?;
                for digit in digits(required) {
                    seen.exclude(domains, bits, digit)?;
                }
                Ok(())
            }
        }
    }
}

impl Rules {
    /// The propagator of `layout`'s constraints, whose problem is
    /// `problem` (`None` for a propagator that reads no placements: the
    /// search on a killer's digits); `None` when no constraint can
    /// narrow a domain.
    pub(crate) fn of(
        layout: &Layout,
        problem: Option<&Problem>,
        chains: &[ChainGraph],
    ) -> Option<Rules> {
        let n = layout.side();
        let seen = Seen::of(layout);
        let derived = innies::derived_sums(layout);
        let killer = is_killer(layout);
        let mut equations = equations::equations(layout, &derived, killer);
        // On a killer, the innies less outies of the 45 rule's groups, and
        // a derived sum over several houses as an equation (its bounds
        // read as distinct digits where the houses make them so): they
        // halve the nodes of the killer lists. Beside other rules they
        // cost more than they save (Y are we whispering: 23% more time).
        let (sums, spread): (Vec<_>, Vec<_>) = derived
            .into_iter()
            .partition(|d| !killer || matches!(d.constraint, Constraint::Cage { .. }));
        equations.extend(equations::of_sums(layout, &spread));
        let constraints: Vec<Rule> = layout
            .constraints()
            .iter()
            .filter(|constraint| constraint.propagates())
            .cloned()
            .chain(sums.into_iter().map(|d| d.constraint))
            .map(|constraint| Rule::of(layout, &seen, constraint))
            .chain(equations.into_iter().map(Rule::Equation))
            .chain(
                chains
                    .iter()
                    .map(|chain| Rule::Chain(Arc::new(chain.clone()))),
            )
            .chain(houses(layout, &seen))
            .collect();
        if constraints.is_empty() {
            return None;
        }
        let cells = n * n;
        let mut watchers = vec![Vec::new(); cells];
        let mut rule_cells = Vec::with_capacity(constraints.len());
        for (k, constraint) in constraints.iter().enumerate() {
            let mut mine = Vec::new();
            for (r, c) in constraint.cells(n) {
                let list: &mut Vec<u32> = &mut watchers[r * n + c];
                if list.last() != Some(&(k as u32)) {
                    list.push(k as u32);
                    mine.push((r * n + c) as u32);
                }
            }
            rule_cells.push(mine);
        }
        // A palindrome's cell stands for its mirror too: on the f-puzzles
        // with palindromes, weighing it twice takes Effluence from 777 to
        // 149 million instructions, and no puzzle past 1.5 times.
        let weighs = |k: &u32| match constraints[*k as usize] {
            Rule::Constraint(Constraint::Palindrome { .. }) => 2,
            _ => 1,
        };
        let weight = watchers
            .iter()
            .map(|w| 1 + w.iter().map(weighs).sum::<u32>())
            .collect();
        // Only the cages read the digits' places.
        let caged = constraints.iter().any(|r| matches!(r, Rule::Cage { .. }));
        Some(Rules {
            n,
            queue: VecDeque::with_capacity(constraints.len()),
            queued: vec![false; constraints.len()],
            constraints: constraints.into(),
            seen: Arc::new(seen),
            // Without the problem (the search on a killer's digits, which
            // reads no placements), no peers.
            peers: match problem {
                Some(problem) => peers(n, problem, &watchers).into(),
                None => vec![Vec::new(); cells].into(),
            },
            watchers: watchers.into(),
            domains: Domains::keeping_places(n, caged),
            kept: Vec::new(),
            kept_places: Vec::new(),
            good: 0,
            read: vec![0; cells],
            changed: Vec::new(),
            is_changed: vec![false; cells],
            options: Vec::with_capacity(n),
            rule_cells: rule_cells.into(),
            weight,
            tally: Arc::default(),
            may_idle: true,
            idle: false,
        })
    }

    /// A fresh copy for a search of the puzzle whose runs `tally` counts,
    /// which stops itself when idle if `may_idle`.
    pub(crate) fn fresh(&self, may_idle: bool, tally: Arc<Tally>) -> Rules {
        let mut rules = self.clone();
        rules.may_idle = may_idle;
        rules.tally = tally;
        rules
    }

    /// The digits `cell` may hold at the node: those of its placements
    /// in play (option `cell * n + d - 1` is digit d). A filled cell has
    /// none: its digit is set by the caller.
    fn read_cell(&mut self, live: &Live<'_>, cell: usize) -> u64 {
        if !live.is_active(cell) {
            return 0;
        }
        live.options_into(cell, &mut self.options);
        let base = cell * self.n;
        self.options
            .iter()
            .fold(0, |mask, option| mask | 1 << (option.index() - base + 1))
    }

    /// Reads every cell's domain, as at the root of a search.
    fn read_all(&mut self, live: &Live<'_>) {
        for cell in 0..self.n * self.n {
            self.read[cell] = self.read_cell(live, cell);
        }
        for option in live.path() {
            if let Some((cell, d)) = encode::placement(self.n, option) {
                self.read[cell] = 1 << d;
            }
        }
        for cell in 0..self.n * self.n {
            self.mark(cell);
        }
    }

    /// Reads the domains of a node whose parent's are kept at `depth - 1`
    /// and whose choice filled `cell` with `digit`: the parent's, with
    /// the cell's peers read again. Marks the cells that changed.
    fn read_below(&mut self, live: &Live<'_>, depth: usize, (cell, digit): (usize, u8)) {
        let cells = self.n * self.n;
        let parent = (depth - 1) * cells;
        self.read
            .copy_from_slice(&self.kept[parent..parent + cells]);
        self.read[cell] = 1 << digit;
        self.mark(cell);
        let peers = Arc::clone(&self.peers);
        for &peer in &peers[cell] {
            let peer = peer as usize;
            // A filled cell keeps its digit.
            if !live.is_active(peer) {
                continue;
            }
            // The peer's placements in play are some of those the parent
            // kept (its propagation took the others out): as many means
            // the same, one fewer and the choice's digit gone means that
            // one; only else is the list walked.
            let kept = self.read[peer];
            let (len, had) = (live.len(peer) as u32, kept.count_ones());
            let mask = if len == had {
                kept
            } else if len + 1 == had
                && kept >> digit & 1 == 1
                && !live.contains(encode::option(self.n, peer, digit))
            {
                kept & !(1 << digit)
            } else {
                self.read_cell(live, peer)
            };
            if mask != self.read[peer] {
                self.read[peer] = mask;
                self.mark(peer);
            }
        }
    }

    /// Marks `cell` as changed at this node.
    fn mark(&mut self, cell: usize) {
        if !self.is_changed[cell] {
            self.is_changed[cell] = true;
            self.changed.push(cell as u32);
        }
    }

    /// Queues the constraints over `cell`.
    fn wake(&mut self, cell: usize) {
        for &k in &self.watchers[cell] {
            if !self.queued[k as usize] {
                self.queued[k as usize] = true;
                self.queue.push_back(k);
            }
        }
    }

    /// Runs the constraints over the changed cells to a fixed point: each
    /// once, then each again whose cells another narrowed. Domains only
    /// narrow, so this ends.
    fn fixed_point(&mut self) -> Result<(), Contradiction> {
        for i in 0..self.changed.len() {
            self.wake(self.changed[i] as usize);
        }
        self.domains.drain_dirty().for_each(drop);
        while let Some(k) = self.queue.pop_front() {
            self.queued[k as usize] = false;
            if let Err(contradiction) =
                self.constraints[k as usize].propagate(&mut self.domains, &self.seen)
            {
                for &cell in &self.rule_cells[k as usize] {
                    self.weight[cell as usize] += 1;
                }
                return Err(contradiction);
            }
            while let Some(cell) = self.domains.pop_dirty() {
                self.mark(cell);
                self.wake(cell);
            }
        }
        Ok(())
    }

    /// Forgets the node's changes, whatever the propagation's end.
    fn clear(&mut self) {
        for &cell in &self.changed {
            self.is_changed[cell as usize] = false;
        }
        self.changed.clear();
        for &k in &self.queue {
            self.queued[k as usize] = false;
        }
        self.queue.clear();
        self.domains.drain_dirty().for_each(drop);
    }
}

/// The steps of a search on the domains alone (see [`super::killer`]):
/// the rules run on the masks, with no exact cover beneath them. The
/// propagator on the links keeps and reads its depths' domains with the
/// same `save` and `restore`.
impl Rules {
    /// Sets every cell's domain to `masks` and propagates every rule;
    /// `Err` when the rules find a contradiction.
    pub(super) fn start(&mut self, masks: &[u64]) -> Result<(), Contradiction> {
        self.domains.set_masks(masks);
        for cell in 0..self.n * self.n {
            self.mark(cell);
        }
        let result = self.fixed_point();
        self.clear();
        result
    }

    /// Puts `digit` in `cell` and propagates the rules over what changed.
    pub(super) fn place(&mut self, cell: usize, digit: u32) -> Result<(), Contradiction> {
        self.domains.set(cell, 1 << digit);
        self.mark(cell);
        let result = self.fixed_point();
        self.clear();
        result
    }

    /// The domains now.
    pub(super) fn masks(&self) -> &[u64] {
        self.domains.masks()
    }

    /// Keeps the domains as those of `depth`.
    pub(super) fn save(&mut self, depth: usize) {
        let cells = self.n * self.n;
        let stride = self.domains.all_places().len();
        let (at, places) = (depth * cells, depth * stride);
        if self.kept.len() < at + cells {
            self.kept.resize(at + cells, 0);
        }
        if self.kept_places.len() < places + stride {
            self.kept_places.resize(places + stride, 0);
        }
        self.kept[at..at + cells].copy_from_slice(self.domains.masks());
        self.kept_places[places..places + stride].copy_from_slice(self.domains.all_places());
    }

    /// Sets the domains back to those kept for `depth`.
    pub(super) fn restore(&mut self, depth: usize) {
        let cells = self.n * self.n;
        let stride = self.domains.all_places().len();
        let (at, places) = (depth * cells, depth * stride);
        self.domains.load(
            &self.kept[at..at + cells],
            &self.kept_places[places..places + stride],
        );
    }

    /// The open cell (more than one digit) of the fewest digits per
    /// weight, as [`Propagator::choose`] picks it; `None` when every cell
    /// holds one digit.
    pub(super) fn open_cell(&self) -> Option<usize> {
        let mut pick: Option<(usize, u64, u64)> = None;
        for (cell, &mask) in self.domains.masks().iter().enumerate() {
            let dom = u64::from(mask.count_ones());
            if dom < 2 {
                continue;
            }
            let w = u64::from(self.weight[cell]);
            if pick.is_none_or(|(_, d, v)| dom * v < d * w) {
                pick = Some((cell, dom, w));
            }
        }
        pick.map(|(cell, _, _)| cell)
    }
}

impl Propagator for Rules {
    fn propagate(&mut self, live: &mut Live<'_>) -> Result<(), Contradiction> {
        if self.idle {
            return Ok(());
        }
        let n = self.n;
        let depth = live.depth();
        let below = live
            .choice()
            .and_then(|choice| encode::placement(n, choice))
            .filter(|_| depth <= self.good && depth > 0);
        match below {
            Some(placement) => self.read_below(live, depth, placement),
            None => self.read_all(live),
        }
        let result = if self.changed.iter().any(|&c| self.read[c as usize] == 0) {
            Err(Contradiction)
        } else {
            if below.is_some() {
                // The parent's domains, with the cells read again.
                self.restore(depth - 1);
                for &cell in &self.changed {
                    self.domains.set(cell as usize, self.read[cell as usize]);
                }
            } else {
                self.domains.set_masks(&self.read);
            }
            self.fixed_point()
        };
        let mut useful = result.is_err();
        if result.is_ok() {
            let domains = self.domains.masks();
            for &cell in &self.changed {
                let cell = cell as usize;
                for d in digits(self.read[cell] & !domains[cell]) {
                    useful |= live.remove(encode::option(n, cell, d as u8));
                }
            }
            self.save(depth);
            self.good = depth + 1;
        } else {
            self.good = depth;
        }
        self.clear();
        let runs = self.tally.runs.fetch_add(1, Ordering::Relaxed) + 1;
        let useful = if useful {
            self.tally.useful.fetch_add(1, Ordering::Relaxed) + 1
        } else {
            self.tally.useful.load(Ordering::Relaxed)
        };
        if self.may_idle && runs >= IDLE_RUNS && useful * IDLE_RATIO < runs {
            self.idle = true;
        }
        result
    }

    /// Branches on the cell of the fewest digits per weight (dom/wdeg):
    /// a cell's weight grows with the constraints over it (a palindrome
    /// twice: its cells stand for their mirrors too) and with each
    /// contradiction one of them finds, so that the search turns to
    /// where the puzzle is hard. On the f-puzzles and the killer lists it
    /// visits fewer nodes than the item of the fewest options
    /// (docs/encodings.md#propagation).
    fn choose(&mut self, live: &Live<'_>, _best: usize) -> Option<usize> {
        if self.idle {
            return None;
        }
        // (cell, digits, weight) of the fewest digits per weight so far.
        let mut pick: Option<(usize, u64, u64)> = None;
        for cell in 0..self.n * self.n {
            if !live.is_active(cell) {
                continue;
            }
            let (dom, w) = (live.len(cell) as u64, u64::from(self.weight[cell]));
            if pick.is_none_or(|(_, d, v)| dom * v < d * w) {
                pick = Some((cell, dom, w));
            }
        }
        pick.map(|(cell, _, _)| cell)
    }
}

/// Whether every constraint of `layout` is a killer cage, one with a sum
/// at least: a killer, whose search propagates from the root (see
/// [`Matrix::propagate_from_root`](super::matrix::Matrix)).
pub(crate) fn is_killer(layout: &Layout) -> bool {
    let constraints = layout.constraints();
    let cage = |c: &Constraint| matches!(c, Constraint::Cage { .. });
    let summed = |c: &Constraint| matches!(c, Constraint::Cage { sum: Some(_), .. });
    constraints.iter().all(cage) && constraints.iter().any(summed)
}

/// The houses of a killer as rules (see [`Rule::House`]); none for other
/// layouts, whose searches propagate only past their probes.
fn houses(layout: &Layout, seen: &Seen) -> Vec<Rule> {
    if !is_killer(layout) {
        return Vec::new();
    }
    let n = layout.side();
    (0..layout.house_count())
        .map(|h| {
            let cells = (0..n).map(|k| layout.house_cell(h, k));
            let cells: Vec<Cell> = cells.map(|c| (c / n, c % n)).collect();
            let bits = seen.bits_of(n, &cells);
            Rule::House(cells, bits)
        })
        .collect()
}

/// Singles in a house (see [`Rule::House`]); returns the digits of two
/// places in the house, none of them filled.
fn house_support(cells: &[Cell], domains: &mut Domains) -> Result<u64, Contradiction> {
    // The digits of the cells of one digit, and of the others: once,
    // twice, thrice or more.
    let (mut fixed, mut open, mut once, mut twice) = (0u64, 0u64, 0u64, 0u64);
    let mut thrice = 0u64;
    for &c in cells {
        let m = domains.get(c);
        if m.is_power_of_two() {
            if fixed & m != 0 {
                return Err(Contradiction);
            }
            fixed |= m;
        } else {
            open |= m;
        }
        thrice |= twice & m;
        twice |= once & m;
        once |= m;
    }
    let pairs = twice & !thrice & !fixed;
    if once != Domains::all(domains.side()) {
        return Err(Contradiction);
    }
    let hidden = once & !twice & !fixed;
    // Most runs find nothing to do.
    if hidden == 0 && open & fixed == 0 {
        return Ok(pairs);
    }
    for &c in cells {
        let m = domains.get(c);
        if m.is_power_of_two() {
            continue;
        }
        let mine = m & hidden;
        if mine != 0 {
            if !mine.is_power_of_two() {
                return Err(Contradiction);
            }
            domains.restrict(c, mine)?;
        } else if m & fixed != 0 {
            domains.restrict(c, !fixed)?;
        }
    }
    Ok(pairs)
}

/// Narrows the cells of `chain` to the digits of its paths through the
/// domains: a pass forward marks the states reachable from the start, a
/// pass backward those that reach an accepting end (every state of the
/// last layer accepts), and a digit stays where a transition joins the
/// two.
fn chain_support(chain: &ChainGraph, domains: &mut Domains) -> Result<(), Contradiction> {
    let n = domains.side();
    let m = chain.cells.len();
    let start = &chain.starts;
    // Bit 0: reached from the start; bit 1: reaches the end.
    let mut marks = vec![0u8; start[m + 1]];
    marks[0] = 1;
    let masks: Vec<u64> = chain
        .cells
        .iter()
        .map(|&k| domains.get((k / n, k % n)))
        .collect();
    for k in 0..m {
        for &(i, d, j) in &chain.steps[k] {
            if marks[start[k] + i as usize] & 1 != 0 && masks[k] >> d & 1 != 0 {
                marks[start[k + 1] + j as usize] |= 1;
            }
        }
    }
    for mark in &mut marks[start[m]..start[m + 1]] {
        *mark |= *mark << 1;
    }
    for k in (0..m).rev() {
        let mut kept = 0u64;
        for &(i, d, j) in &chain.steps[k] {
            let (from, to) = (start[k] + i as usize, start[k + 1] + j as usize);
            if marks[from] & 1 != 0 && marks[to] & 2 != 0 && masks[k] >> d & 1 != 0 {
                marks[from] |= 2;
                kept |= 1 << d;
            }
        }
        let cell = chain.cells[k];
        domains.restrict((cell / n, cell % n), kept)?;
    }
    Ok(())
}

/// The cells whose placements share an item with a placement of each
/// cell, that cell left out, and that some constraint watches: a cell
/// no constraint reads needs no domain.
fn peers(n: usize, problem: &Problem, watchers: &[Vec<u32>]) -> Vec<Vec<u32>> {
    let cells = n * n;
    // The cells whose placements hold each item, each once, as one flat
    // list with a start per item: a list per item, grown as it filled,
    // was most of the propagator's build on a 9x9 grid (its allocations).
    let items = problem.item_count();
    let placements = || {
        problem
            .options()
            .filter_map(|(option, entries)| Some((encode::placement(n, option)?.0, entries)))
    };
    let mut last = vec![usize::MAX; items];
    let mut start = vec![0usize; items + 1];
    for (cell, entries) in placements() {
        for entry in entries {
            if last[entry.item] != cell {
                last[entry.item] = cell;
                start[entry.item + 1] += 1;
            }
        }
    }
    for k in 0..items {
        start[k + 1] += start[k];
    }
    let mut holders = vec![0u32; start[items]];
    let mut next = start.clone();
    last.fill(usize::MAX);
    for (cell, entries) in placements() {
        for entry in entries {
            if last[entry.item] != cell {
                last[entry.item] = cell;
                holders[next[entry.item]] = cell as u32;
                next[entry.item] += 1;
            }
        }
    }
    // A house's items, one per digit, hold the same cells: each list is
    // walked once per cell, by the first of a run of equal lists.
    let mut list = (0..items).collect::<Vec<usize>>();
    for k in 1..items {
        if holders[start[k - 1]..start[k]] == holders[start[k]..start[k + 1]] {
            list[k] = list[k - 1];
        }
    }
    let mut walked = vec![usize::MAX; items];
    // The placements of a cell come one after another.
    let mut peers = vec![Vec::new(); cells];
    let mut seen = vec![usize::MAX; cells];
    let mut mine = Vec::with_capacity(cells);
    let mut at = usize::MAX;
    for (cell, entries) in placements() {
        if cell != at {
            if at != usize::MAX {
                peers[at] = mine.clone();
            }
            mine.clear();
            at = cell;
        }
        for entry in entries {
            if std::mem::replace(&mut walked[list[entry.item]], cell) == cell {
                continue;
            }
            for &peer in &holders[start[entry.item]..start[entry.item + 1]] {
                let p = peer as usize;
                if p != cell && seen[p] != cell && !watchers[p].is_empty() {
                    seen[p] = cell;
                    mine.push(peer);
                }
            }
        }
    }
    if at != usize::MAX {
        peers[at] = mine;
    }
    peers
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The chains of a 4x4 layout with `constraint`.
    fn chains(constraint: &str) -> Vec<ChainGraph> {
        let layout = Layout::square(2)
            .unwrap()
            .with_constraint(constraint.parse().unwrap())
            .unwrap();
        encode::problem_and_chains(&layout).1
    }

    #[test]
    fn a_chain_keeps_the_digits_of_its_paths_through_the_domains() {
        // Segments of 5 on three cells of digits 1-4: all three sum to 5.
        let chains = chains("sum-line 5: r1c1 r1c2 r1c3");
        assert_eq!(chains.len(), 1);
        let mut domains = Domains::new(4);
        chain_support(&chains[0], &mut domains).unwrap();
        assert_eq!(domains.get((0, 0)), 0b1110, "1, 2 or 3");
        domains.restrict((0, 0), 1 << 3).unwrap();
        chain_support(&chains[0], &mut domains).unwrap();
        assert_eq!((domains.get((0, 1)), domains.get((0, 2))), (0b10, 0b10));
        domains.restrict((0, 2), 1 << 2).unwrap_err();
        assert!(chain_support(&chains[0], &mut domains).is_err());
    }

    /// The rules of a killer of 9x9 with `cages`.
    fn killer(cages: &[&str]) -> (Layout, Rules) {
        killer_of(3, cages)
    }

    /// The rule of the cage of sum `sum` among `rules`.
    fn cage_rule(rules: &Rules, sum: u32) -> &Rule {
        rules
            .constraints
            .iter()
            .find(|rule| matches!(rule, Rule::Cage { sum: s, .. } if *s == sum))
            .expect("a cage of that sum")
    }

    /// The rules of a killer of boxes `b` by `b` with `cages`.
    fn killer_of(b: usize, cages: &[&str]) -> (Layout, Rules) {
        let mut layout = Layout::square(b).unwrap();
        for cage in cages {
            layout = layout.with_constraint(cage.parse().unwrap()).unwrap();
        }
        let (problem, chains) = encode::problem_and_chains(&layout);
        let rules = Rules::of(&layout, Some(&problem), &chains).unwrap();
        (layout, rules)
    }

    #[test]
    fn a_digit_a_cage_must_hold_leaves_the_cells_that_see_where_it_can_be() {
        // A cage of 6 on three cells is {1, 2, 3}, each digit required.
        let (_, rules) = killer(&["cage 6: r1c1 r1c2 r2c3"]);
        let cage = cage_rule(&rules, 6);
        let mut d = Domains::new(9);
        d.restrict((0, 0), !(1 << 1)).unwrap();
        cage.propagate(&mut d, &rules.seen).unwrap();
        // The 1 is at r1c2 or r2c3, not in one line: the rest of box 1
        // sees both and loses it; r1c6 sees only r1c2 and keeps it.
        let rest_of_box = [(0, 2), (1, 0), (1, 1), (2, 0), (2, 1), (2, 2)];
        for cell in rest_of_box {
            assert_eq!(d.get(cell) >> 1 & 1, 0, "{cell:?} keeps 1");
            assert_eq!(d.get(cell) >> 2 & 1, 0, "{cell:?} keeps 2");
        }
        for cell in [(0, 5), (1, 5), (3, 2)] {
            assert_eq!(d.get(cell) & 0b1110, 0b1110, "{cell:?} lost a digit");
        }
        // The cells themselves keep the cage's digits.
        assert_eq!(d.get((0, 1)), 0b1110);
        assert_eq!(d.get((0, 0)), 0b1100);
    }

    #[test]
    fn the_exclusion_reads_grids_past_128_cells_too() {
        // 16x16: four words of cells, not one integer. {1, 2} at r1c1
        // (box 1) and r2c5 (box 2): row 1 of box 2 and row 2 of box 1
        // see both cells.
        let (_, rules) = killer_of(4, &["cage 3: r1c1 r2c5"]);
        assert!(rules.seen.small.is_empty());
        let cage = cage_rule(&rules, 3);
        let mut d = Domains::new(16);
        cage.propagate(&mut d, &rules.seen).unwrap();
        let both = [
            (0, 4),
            (0, 5),
            (0, 6),
            (0, 7),
            (1, 0),
            (1, 1),
            (1, 2),
            (1, 3),
        ];
        for cell in both {
            assert_eq!(d.get(cell) & 0b110, 0, "{cell:?} keeps 1 or 2");
        }
        for cell in [(0, 8), (1, 8), (2, 0), (15, 15)] {
            assert_eq!(d.get(cell) & 0b110, 0b110, "{cell:?} lost 1 or 2");
        }
        assert_eq!(d.get((0, 0)), 0b110);
    }

    #[test]
    fn a_killer_house_places_its_singles_inside_the_propagation() {
        let (layout, rules) = killer(&["cage 3: r1c1 r1c2"]);
        // Rows, columns, boxes: 27 house rules, only on killers.
        let count = rules
            .constraints
            .iter()
            .filter(|rule| matches!(rule, Rule::House(..)))
            .count();
        assert_eq!(count, 27);
        let row: Vec<Cell> = (0..9).map(|c| (0, c)).collect();
        let mut d = Domains::new(9);
        // r1c1 is 4; 7 has no cell but r1c9.
        d.restrict((0, 0), 1 << 4).unwrap();
        for c in 1..8 {
            d.restrict((0, c), !(1 << 7)).unwrap();
        }
        house_support(&row, &mut d).unwrap();
        assert_eq!(d.get((0, 8)), 1 << 7);
        assert!((1..9).all(|c| d.get((0, c)) >> 4 & 1 == 0));
        // A digit no cell may hold is a contradiction.
        for c in 1..9 {
            d.restrict((0, c), !(1 << 9)).ok();
        }
        assert!(house_support(&row, &mut d).is_err());
        let thermo = layout
            .with_constraint("thermo: r5c5 r5c6".parse().unwrap())
            .unwrap();
        assert!(houses(&thermo, &Seen::of(&thermo)).is_empty());
    }

    #[test]
    fn chains_of_constraints_that_propagate_themselves_are_left_out() {
        let layout = Layout::square(2).unwrap();
        let with = |line: &str| {
            layout
                .clone()
                .with_constraint(line.parse().unwrap())
                .unwrap()
        };
        let rules = |layout: &Layout| {
            let (problem, chains) = encode::problem_and_chains(layout);
            Rules::of(layout, Some(&problem), &chains).map_or(0, |r| r.constraints.len())
        };
        // A skyscraper propagates through its chain alone.
        assert_eq!(rules(&with("skyscraper 2: r1 left")), 1);
        // A little killer is a chain too, but propagates itself: its
        // chain is not kept, and it is one rule.
        let killer = with("little-killer 5: r1c2 r2c1");
        assert!(encode::problem_and_chains(&killer).1.is_empty());
        assert_eq!(rules(&killer), 1);
    }
}
