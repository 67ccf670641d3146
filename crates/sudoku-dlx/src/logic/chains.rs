//! Chains: what follows from assuming one option true or false.
//!
//! A node is an option assumed on (chosen) or off (ruled out). An option
//! on puts off every option that shares an item with it (a weak link); an
//! option off puts on the other option of an item that must be filled
//! and has two left (a strong link). Links through a cell's item are
//! Y-links, links through any other item (a house's digit, a rule) are
//! X-links: a chain of X-links alone follows one digit.
//!
//! The rules, in Sudoku Explainer's order and on its scale:
//!
//! - **forcing chains and cycles**, following the links of the state as
//!   it is: an option whose assumption leads back to its own negation is
//!   decided (X-chains 6.6, chains of both kinds of link 7.0), and a loop
//!   of links rules out what sees both polarities of it (6.5 on one kind
//!   of link, 7.0 on both);
//! - **nishio** (7.5): an option of one digit whose assumption, with the
//!   state updated as options go (so that a digit's last place in a house
//!   follows), contradicts itself;
//! - **multiple forcing chains** (8.0): whatever every option of a cell,
//!   or every place of a digit in a house, implies;
//! - **dynamic forcing chains** (8.5): the same with the state updated as
//!   options go, on both kinds of link, and contradictions from either
//!   polarity.
//!
//! Each adds to its value by the length of its chains, as Sudoku
//! Explainer does ([`length_bonus`]): the number of nodes the conclusion
//! depends on, counted once each per branch.

use std::collections::HashMap;
use std::rc::Rc;

use super::nested::Inference;
use super::{Forcing, Kind, Logic, Step, Technique};
use crate::encode;

/// A link's kind allowed in a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Links {
    /// Through items other than cells only: one digit.
    X,
    /// Weak links of both kinds, strong links in cells only.
    Y,
    /// Both kinds.
    Xy,
}

impl Links {
    fn weak(self, cell: bool) -> bool {
        !cell || self != Links::X
    }

    fn strong(self, cell: bool) -> bool {
        match self {
            Links::X => !cell,
            Links::Y => cell,
            Links::Xy => true,
        }
    }
}

/// The shape of a chain or loop, named as players name it on a grid of
/// rows, columns and boxes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ChainKind {
    /// One digit, two strong links in parallel lines.
    Skyscraper,
    /// One digit, strong links in a row and a column.
    TwoStringKite,
    /// One digit, two strong links otherwise.
    TurbotFish,
    /// One digit, more strong links.
    XChain,
    /// Strong links all in cells of two candidates.
    XyChain,
    /// Two cells of the same two candidates joined by a house's strong
    /// link.
    WWing,
    /// An alternating inference chain of both kinds of link.
    Aic,
    /// A loop on one digit.
    XCycle,
    /// A loop whose strong links are all in cells.
    YCycle,
    /// A loop of both kinds of link.
    Cycle,
}

impl ChainKind {
    pub(super) fn name(self) -> &'static str {
        match self {
            ChainKind::Skyscraper => "skyscraper",
            ChainKind::TwoStringKite => "two-string kite",
            ChainKind::TurbotFish => "turbot fish",
            ChainKind::XChain => "X-chain",
            ChainKind::XyChain => "XY-chain",
            ChainKind::WWing => "W-wing",
            ChainKind::Aic => "AIC",
            ChainKind::XCycle => "X-cycle",
            ChainKind::YCycle => "Y-cycle",
            ChainKind::Cycle => "cycle",
        }
    }

    /// Sudoku Explainer's order among chains of one difficulty and
    /// complexity ([`Meet`]).
    fn sort_key(self) -> u8 {
        match self {
            ChainKind::Skyscraper
            | ChainKind::TwoStringKite
            | ChainKind::TurbotFish
            | ChainKind::XChain
            | ChainKind::XCycle => 2,
            ChainKind::YCycle => 3,
            ChainKind::XyChain | ChainKind::WWing | ChainKind::Aic | ChainKind::Cycle => 4,
        }
    }

    pub(super) fn difficulty(self) -> f64 {
        match self {
            ChainKind::Skyscraper
            | ChainKind::TwoStringKite
            | ChainKind::TurbotFish
            | ChainKind::XChain => 6.6,
            ChainKind::XCycle | ChainKind::YCycle => 6.5,
            ChainKind::XyChain | ChainKind::WWing | ChainKind::Aic | ChainKind::Cycle => 7.0,
        }
    }
}

/// How many nodes one rule's search reaches in a step before it stops
/// with what it found: a bound on a step's work on large grids (a 9x9
/// step stays far below it).
const CHAIN_BUDGET: usize = 5_000_000;

/// What Sudoku Explainer adds for a chain of `complexity` nodes: 0.1 for
/// each step of the lengths 4, 6, 8, 12, 16, 24, 32... that `complexity -
/// 2` passes.
pub fn length_bonus(complexity: usize) -> f64 {
    let length = complexity.saturating_sub(2);
    let (mut ceil, mut odd, mut added) = (4usize, false, 0.0);
    while length > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

fn node(option: usize, on: bool) -> u32 {
    (option * 2 + on as usize) as u32
}

fn conjugate(node: u32) -> u32 {
    node ^ 1
}

fn option_of(node: u32) -> usize {
    (node / 2) as usize
}

fn is_on(node: u32) -> bool {
    node & 1 == 1
}

/// The nodes one assumption leads to, each with the nodes it follows
/// from.
pub(super) struct Implications {
    seen: Vec<bool>,
    /// The parents of each node: `arena[start..start + len]`, the first
    /// the node it was reached from.
    span: Vec<(u32, u32)>,
    arena: Vec<u32>,
    /// The nodes in the order reached.
    order: Vec<u32>,
    /// The nodes still to follow, off nodes and on nodes. Which is
    /// followed first decides the parents each node is reached with.
    pending: [Vec<u32>; 2],
    /// How many of each of `pending` were followed.
    done: [usize; 2],
    /// How many links lead to each node along first parents.
    depth: Vec<u32>,
    /// The state as the propagation goes (dynamic searches).
    live: Vec<bool>,
    count: Vec<u32>,
    /// The item of the strong link that reached each on node; `NONE`
    /// for the source and off nodes.
    via: Vec<u32>,
    /// For an off node a nested rule reached, its index in `nests`;
    /// `NONE` for others.
    nest: Vec<u32>,
    /// The complexity of each nested rule's step this run used.
    nests: Vec<usize>,
    /// What the nested rules found in each state met so far, by its
    /// live options: the branches of a search often meet the same state
    /// (an option on, and the other option of its cell off).
    memo: HashMap<Vec<u64>, Rc<[Inference]>>,
    /// Two nodes of one option, both reached: the assumption is false.
    contradiction: Option<(u32, u32)>,
    /// The node whose link reaches the source's negation.
    closed: Option<u32>,
}

/// How a propagation runs.
#[derive(Clone, Copy)]
pub(super) struct Search {
    links: Links,
    dynamic: bool,
    /// Stop at the source's negation (forcing chains).
    forcing: bool,
    /// The most nodes a chain worth finding may have: nodes further
    /// from the source are not followed.
    limit: usize,
    /// Dynamic searches: the rules applied when singles run out
    /// ([`Logic::nested_inferences`]); 0 for none.
    level: u8,
}

/// No item, no nested rule.
const NONE: u32 = u32::MAX;

/// The most states whose nested rules' conclusions a search remembers.
const MEMO: usize = 1 << 14;

impl Implications {
    fn new(logic: &Logic) -> Implications {
        let options = logic.live.len();
        Implications {
            seen: vec![false; options * 2],
            span: vec![(0, 0); options * 2],
            arena: Vec::new(),
            order: Vec::new(),
            pending: [Vec::new(), Vec::new()],
            done: [0, 0],
            depth: vec![0; options * 2],
            via: vec![NONE; options * 2],
            nest: vec![NONE; options * 2],
            nests: Vec::new(),
            memo: HashMap::new(),
            live: logic.live.clone(),
            count: logic.count.clone(),
            contradiction: None,
            closed: None,
        }
    }

    fn reset(&mut self, logic: &Logic, dynamic: bool) {
        for &n in &self.order {
            self.seen[n as usize] = false;
            if dynamic && !is_on(n) {
                let o = option_of(n);
                if logic.live[o] && !self.live[o] {
                    self.live[o] = true;
                    for &i in &logic.shape.items[o] {
                        self.count[i as usize] += 1;
                    }
                }
            }
        }
        self.order.clear();
        self.pending[0].clear();
        self.pending[1].clear();
        self.done = [0, 0];
        self.arena.clear();
        self.nests.clear();
        self.contradiction = None;
        self.closed = None;
    }

    fn parents(&self, n: u32) -> &[u32] {
        let (start, len) = self.span[n as usize];
        &self.arena[start as usize..(start + len) as usize]
    }

    /// Reaches `n` from `parents`, by a strong link through item `via`
    /// or by nested rule `nest` (or `NONE`); false when the search should
    /// stop.
    fn reach(
        &mut self,
        n: u32,
        parents: &[u32],
        source: u32,
        search: Search,
        (via, nest): (u32, u32),
    ) -> bool {
        if n == conjugate(source) && search.forcing && !search.dynamic {
            self.closed = Some(parents[0]);
            return false;
        }
        if self.seen[n as usize] {
            return true;
        }
        let start = self.arena.len() as u32;
        self.arena.extend_from_slice(parents);
        self.span[n as usize] = (start, parents.len() as u32);
        self.depth[n as usize] = parents.first().map_or(0, |&p| self.depth[p as usize] + 1);
        self.via[n as usize] = via;
        self.nest[n as usize] = nest;
        self.seen[n as usize] = true;
        self.order.push(n);
        self.pending[is_on(n) as usize].push(n);
        if search.dynamic && self.seen[conjugate(n) as usize] {
            self.contradiction = Some((n, conjugate(n)));
            return false;
        }
        true
    }

    /// The chain from the source to `n` along first parents.
    fn chain(&self, mut n: u32) -> Vec<u32> {
        let mut chain = vec![n];
        while let Some(&p) = self.parents(n).first() {
            chain.push(p);
            n = p;
        }
        chain.reverse();
        chain
    }

    /// Follows the links from `source` (a node whose option is live),
    /// and at a level, the nested rules each time the links run out.
    fn run(&mut self, logic: &Logic, source: u32, search: Search) {
        self.reset(logic, search.dynamic);
        self.reach(source, &[], source, search, (NONE, NONE));
        while self.follow(logic, source, search)
            && search.level > 0
            && self.advance(logic, source, search)
        {}
    }

    /// Applies the nested rules of `search.level` to the state reached:
    /// true if they reached a node and the search goes on.
    fn advance(&mut self, logic: &Logic, source: u32, search: Search) -> bool {
        let mut key = vec![0u64; self.live.len().div_ceil(64)];
        for (o, _) in self.live.iter().enumerate().filter(|(_, &live)| live) {
            key[o / 64] |= 1 << (o % 64);
        }
        let found = match self.memo.get(&key) {
            Some(found) => Rc::clone(found),
            None => {
                let found: Rc<[Inference]> = logic
                    .nested_inferences(&self.live, &self.count, search.level)
                    .into();
                if self.memo.len() < MEMO {
                    self.memo.insert(key, Rc::clone(&found));
                }
                found
            }
        };
        let mut progress = false;
        for inference in found.iter() {
            let id = self.nests.len() as u32;
            self.nests.push(inference.complexity);
            let parents: Vec<u32> = inference
                .parents
                .iter()
                .map(|&p| node(p as usize, false))
                .collect();
            for &o in &inference.removed {
                let n = node(o as usize, false);
                if self.seen[n as usize] {
                    continue;
                }
                progress = true;
                if !self.reach(n, &parents, source, search, (NONE, id)) {
                    return false;
                }
            }
        }
        progress
    }

    /// Follows the links from the nodes still pending; false
    /// when the search stopped (a contradiction, or a forcing chain
    /// closed).
    fn follow(&mut self, logic: &Logic, source: u32, search: Search) -> bool {
        let shape = &logic.shape;
        let mut parents = Vec::new();
        loop {
            // Forcing chains go breadth first (nearer nodes first); the
            // others take on nodes first, as Sudoku Explainer does.
            let on = self.pending[1].get(self.done[1]);
            let off = self.pending[0].get(self.done[0]);
            let side = match (on, off) {
                (Some(&a), Some(&b))
                    if search.forcing && self.depth[b as usize] < self.depth[a as usize] =>
                {
                    0
                }
                (Some(_), _) => 1,
                (None, Some(_)) => 0,
                (None, None) => break,
            };
            let n = self.pending[side][self.done[side]];
            self.done[side] += 1;
            if self.depth[n as usize] as usize + 2 > search.limit {
                continue;
            }
            let o = option_of(n);
            if is_on(n) {
                for &item in &shape.link_items[o] {
                    let cell = shape.kinds[item as usize] == Kind::Cell;
                    if !search.links.weak(cell) {
                        continue;
                    }
                    for &q in &shape.options[item as usize] {
                        let q = q as usize;
                        let live = if search.dynamic {
                            self.live[q]
                        } else {
                            logic.live[q]
                        };
                        if q != o
                            && live
                            && !self.reach(node(q, false), &[n], source, search, (NONE, NONE))
                        {
                            return false;
                        }
                    }
                }
            } else {
                if search.dynamic && self.live[o] {
                    self.live[o] = false;
                    for &i in &shape.items[o] {
                        self.count[i as usize] -= 1;
                    }
                }
                for &item in &shape.link_items[o] {
                    let item = item as usize;
                    let cell = shape.kinds[item] == Kind::Cell;
                    if !shape.exact[item] || logic.covered[item] || !search.links.strong(cell) {
                        continue;
                    }
                    let (live, count): (&[bool], u32) = if search.dynamic {
                        (&self.live, self.count[item])
                    } else {
                        (&logic.live, logic.count[item] - 1)
                    };
                    if count != 1 {
                        continue;
                    }
                    let Some(q) = shape.options[item]
                        .iter()
                        .map(|&q| q as usize)
                        .find(|&q| q != o && live[q])
                    else {
                        continue;
                    };
                    parents.clear();
                    parents.push(n);
                    if search.dynamic {
                        // The item's other options ruled out on the way.
                        for &r in &shape.options[item] {
                            let r = r as usize;
                            if r != o && r != q && logic.live[r] && !self.live[r] {
                                parents.push(node(r, false));
                            }
                        }
                    }
                    if !self.reach(node(q, true), &parents, source, search, (item as u32, NONE)) {
                        return false;
                    }
                }
            }
        }
        true
    }
}

/// The parents of the nodes a propagation reached.
trait Parents {
    fn parents_of(&self, n: u32) -> &[u32];
    /// The item of the strong link that reached `n`, `NONE` if none.
    fn via_of(&self, n: u32) -> u32;
    /// The nested rule that reached `n` and its step's complexity.
    fn nest_of(&self, n: u32) -> Option<(u32, usize)>;
    /// Whether the branch reached `n` before it stopped: the node that
    /// met its own negation is not counted, as Sudoku Explainer stops
    /// before it records that node.
    fn holds(&self, n: u32) -> bool;
    /// The two nodes of one option the branch reached, if it did.
    fn contradiction(&self) -> Option<(u32, u32)>;
}

impl Parents for Implications {
    fn parents_of(&self, n: u32) -> &[u32] {
        self.parents(n)
    }

    fn via_of(&self, n: u32) -> u32 {
        self.via[n as usize]
    }

    fn nest_of(&self, n: u32) -> Option<(u32, usize)> {
        let id = self.nest[n as usize];
        (id != NONE).then(|| (id, self.nests[id as usize]))
    }

    fn holds(&self, n: u32) -> bool {
        self.seen[n as usize] && self.contradiction.is_none_or(|(a, _)| a != n)
    }

    fn contradiction(&self) -> Option<(u32, u32)> {
        self.contradiction
    }
}

/// What one assumption led to: the nodes in the order reached, each
/// with its parents, and where each node is in that order.
struct Branch {
    /// The place of each node in `order`, `NONE` for a node not reached.
    at: Vec<u32>,
    spans: Vec<(u32, u32)>,
    /// The strong link's item and the nested rule of each node.
    links: Vec<(u32, u32)>,
    nests: Vec<usize>,
    arena: Vec<u32>,
    order: Vec<u32>,
    contradiction: Option<(u32, u32)>,
}

impl Branch {
    fn of(implications: &Implications) -> Branch {
        let order = implications.order.clone();
        let mut at = vec![NONE; implications.seen.len()];
        let mut spans = Vec::with_capacity(order.len());
        let mut links = Vec::with_capacity(order.len());
        for (k, &n) in order.iter().enumerate() {
            at[n as usize] = k as u32;
            spans.push(implications.span[n as usize]);
            links.push((implications.via[n as usize], implications.nest[n as usize]));
        }
        Branch {
            at,
            spans,
            links,
            nests: implications.nests.clone(),
            arena: implications.arena.clone(),
            order,
            contradiction: implications.contradiction,
        }
    }

    /// The place of `n` in the order reached, if it was.
    fn place(&self, n: u32) -> Option<usize> {
        let k = self.at[n as usize];
        (k != NONE).then_some(k as usize)
    }
}

impl Parents for Branch {
    fn parents_of(&self, n: u32) -> &[u32] {
        match self.place(n) {
            Some(k) => {
                let (start, len) = self.spans[k];
                &self.arena[start as usize..(start + len) as usize]
            }
            None => &[],
        }
    }

    fn via_of(&self, n: u32) -> u32 {
        self.place(n).map_or(NONE, |k| self.links[k].0)
    }

    fn nest_of(&self, n: u32) -> Option<(u32, usize)> {
        let id = self.links[self.place(n)?].1;
        (id != NONE).then(|| (id, self.nests[id as usize]))
    }

    fn holds(&self, n: u32) -> bool {
        self.contradiction.is_none_or(|(a, _)| a != n) && self.place(n).is_some()
    }

    fn contradiction(&self) -> Option<(u32, u32)> {
        self.contradiction
    }
}

/// The complexity of a conclusion from the nodes `roots` of one
/// record: how many nodes each depends on, itself included, added up,
/// and the complexity of each nested rule's step among them all,
/// counted once, as Sudoku Explainer counts a nested chain's.
fn complexity(record: &impl Parents, roots: &[u32], mark: &mut [bool]) -> usize {
    let flat: usize = roots.iter().map(|&n| visit(record, &[n], mark).len()).sum();
    let mut nests: Vec<(u32, usize)> = visit(record, roots, mark)
        .iter()
        .filter_map(|&m| record.nest_of(m))
        .collect();
    nests.sort_unstable();
    nests.dedup();
    flat + nests.iter().map(|&(_, c)| c).sum::<usize>()
}

/// The nodes `roots` depend on, themselves included.
fn visit(record: &impl Parents, roots: &[u32], mark: &mut [bool]) -> Vec<u32> {
    let mut stack = roots.to_vec();
    let mut visited = Vec::new();
    while let Some(m) = stack.pop() {
        if mark[m as usize] {
            continue;
        }
        mark[m as usize] = true;
        visited.push(m);
        stack.extend_from_slice(record.parents_of(m));
    }
    for &m in &visited {
        mark[m as usize] = false;
    }
    visited
}

/// The items of the strong links the nodes `roots` depend on: what a
/// conclusion read of the state, for a nested chain's parents.
fn strong_items(record: &impl Parents, roots: &[u32], mark: &mut [bool]) -> Vec<u32> {
    let mut items: Vec<u32> = visit(record, roots, mark)
        .into_iter()
        .map(|m| record.via_of(m))
        .filter(|&item| item != NONE)
        .collect();
    items.sort_unstable();
    items.dedup();
    items
}

/// The buffers a loop search keeps from one source to the next
/// ([`Logic::cycle`]).
#[derive(Default)]
struct LoopScratch {
    /// Paths as (node, parent path index, links from the source).
    paths: Vec<(u32, u32, u32)>,
    /// The on nodes reached, by option.
    on_seen: Vec<bool>,
    /// The off nodes on the path being followed, by option.
    on_path: Vec<bool>,
    /// Which loop nodes see each option ([`Logic::cycle_removals`]).
    seen_by: Vec<u8>,
}

/// Which options a static chain or loop may start from
/// ([`Logic::closable`]), by option.
struct Closable {
    on: Vec<bool>,
    off: Vec<bool>,
    cycle: Vec<bool>,
}

/// A directed graph on vertices `0..v`: each vertex's edges as a bit
/// set of the vertices they lead to, `words` words a vertex.
struct Graph {
    words: usize,
    rows: Vec<u64>,
}

impl Graph {
    fn new(v: usize) -> Graph {
        let words = v.div_ceil(64);
        Graph {
            words,
            rows: vec![0; v * words],
        }
    }

    fn vertices(&self) -> usize {
        self.rows.len() / self.words.max(1)
    }

    fn row(&self, x: usize) -> &[u64] {
        &self.rows[x * self.words..(x + 1) * self.words]
    }

    fn row_mut(&mut self, x: usize) -> &mut [u64] {
        &mut self.rows[x * self.words..(x + 1) * self.words]
    }

    /// The first vertex from `from` on that an edge of `x` leads to.
    fn next_edge(&self, x: usize, from: usize) -> Option<usize> {
        let row = self.row(x);
        let mut w = from / 64;
        let mut bits = row.get(w)? & (!0u64 << (from % 64));
        loop {
            if bits != 0 {
                return Some(w * 64 + bits.trailing_zeros() as usize);
            }
            w += 1;
            bits = *row.get(w)?;
        }
    }

    /// The vertices the edges of `x` lead to.
    fn edges(&self, x: usize) -> impl Iterator<Item = usize> + '_ {
        self.row(x).iter().enumerate().flat_map(|(w, &word)| {
            let mut bits = word;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let b = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    w * 64 + b
                })
            })
        })
    }
}

/// What each vertex of a graph reaches by one link or more, by its
/// strongly connected component.
struct Reach {
    component: Vec<u32>,
    words: usize,
    /// Each component's set, `words` words each.
    sets: Vec<u64>,
}

impl Reach {
    fn set(&self, from: usize) -> &[u64] {
        let c = self.component[from] as usize;
        &self.sets[c * self.words..(c + 1) * self.words]
    }

    fn reaches(&self, from: usize, to: usize) -> bool {
        self.set(from)[to / 64] >> (to % 64) & 1 == 1
    }
}

/// The strongly connected components of `graph` (by Tarjan's algorithm,
/// iterative), and for each component the vertices its members reach
/// by one link or more.
fn reach_sets(graph: &Graph) -> Reach {
    let v = graph.vertices();
    let words = graph.words;
    let mut order = vec![u32::MAX; v];
    let mut low = vec![0u32; v];
    let mut on_stack = vec![false; v];
    let mut stack: Vec<u32> = Vec::new();
    let mut component = vec![u32::MAX; v];
    let mut sets: Vec<u64> = Vec::new();
    // The last component whose set took each component's in.
    let mut merged: Vec<u32> = Vec::new();
    let mut below: Vec<u32> = Vec::new();
    let mut counter = 0u32;
    // (vertex, the vertex from which to look for its next edge)
    let mut calls: Vec<(u32, usize)> = Vec::new();
    for root in 0..v {
        if order[root] != u32::MAX {
            continue;
        }
        calls.push((root as u32, 0));
        order[root] = counter;
        low[root] = counter;
        counter += 1;
        stack.push(root as u32);
        on_stack[root] = true;
        while let Some(&mut (x, ref mut next)) = calls.last_mut() {
            let x = x as usize;
            if let Some(y) = graph.next_edge(x, *next) {
                *next = y + 1;
                if order[y] == u32::MAX {
                    order[y] = counter;
                    low[y] = counter;
                    counter += 1;
                    stack.push(y as u32);
                    on_stack[y] = true;
                    calls.push((y as u32, 0));
                } else if on_stack[y] {
                    low[x] = low[x].min(order[y]);
                }
                continue;
            }
            calls.pop();
            if let Some(&(parent, _)) = calls.last() {
                let parent = parent as usize;
                low[parent] = low[parent].min(low[x]);
            }
            if low[x] != order[x] {
                continue;
            }
            // x roots a component: its members, the stack from x up,
            // leave the stack, and every component they reach is done.
            let c = merged.len() as u32;
            merged.push(u32::MAX);
            let at = stack
                .iter()
                .rposition(|&m| m as usize == x)
                .expect("the root is on the stack");
            for &m in &stack[at..] {
                on_stack[m as usize] = false;
                component[m as usize] = c;
            }
            let base = sets.len();
            sets.resize(base + words, 0);
            below.clear();
            for &m in &stack[at..] {
                let m = m as usize;
                for (w, r) in sets[base..].iter_mut().zip(graph.row(m)) {
                    *w |= r;
                }
                for y in graph.edges(m) {
                    let d = component[y];
                    if d != c && std::mem::replace(&mut merged[d as usize], c) != c {
                        below.push(d);
                    }
                }
            }
            let (done, set) = sets.split_at_mut(base);
            for &d in &below {
                let d = d as usize * words;
                for (w, r) in set.iter_mut().zip(&done[d..d + words]) {
                    *w |= r;
                }
            }
            if stack.len() - at > 1 {
                for &m in &stack[at..] {
                    set[m as usize / 64] |= 1 << (m % 64);
                }
            }
            stack.truncate(at);
        }
    }
    Reach {
        component,
        words,
        sets,
    }
}

/// A conclusion found, and what it costs.
struct Found {
    difficulty: f64,
    complexity: usize,
    meet: Meet,
    step: Step,
}

/// Where Sudoku Explainer meets a conclusion, which orders those of one
/// difficulty and complexity: by its kind of hint (double forcing 1,
/// forcing chains and loops on one digit 2, on cells 3, on both 4, cell
/// forcing 5, house forcing 6, contradiction 7), then as its search
/// meets them (by source, and a source's on nodes before its off
/// nodes). A branch of a nested chain applies them in that order, and
/// the first to reach a node gives it its parents.
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord)]
struct Meet {
    kind: u8,
    at: (u32, u32, u32),
}

/// The conclusions a search keeps: the easiest, or in a branch of a
/// nested chain every one, as Sudoku Explainer applies them all.
struct Finds {
    best: Option<Found>,
    all: Option<Vec<Found>>,
    /// Where the next conclusion kept was met.
    meet: Meet,
}

impl Finds {
    fn new(all: bool) -> Finds {
        Finds {
            best: None,
            all: all.then(Vec::new),
            meet: Meet::default(),
        }
    }

    fn keep(&mut self, found: Found) {
        match &mut self.all {
            Some(all) => all.push(found),
            None => self.best = Some(found),
        }
    }

    /// The steps kept, easiest first.
    fn steps(self) -> Vec<Step> {
        let mut all: Vec<Found> = self.all.unwrap_or_default();
        all.extend(self.best);
        all.sort_by(|a, b| {
            a.difficulty
                .total_cmp(&b.difficulty)
                .then(a.complexity.cmp(&b.complexity))
                .then(a.meet.cmp(&b.meet))
        });
        all.into_iter().map(|f| f.step).collect()
    }
}

fn better(finds: &Finds, difficulty: f64, complexity: usize) -> bool {
    finds.all.is_some()
        || finds.best.as_ref().is_none_or(|b| {
            difficulty < b.difficulty - 1e-9
                || (difficulty < b.difficulty + 1e-9 && complexity < b.complexity)
        })
}

/// The most nodes a chain of base difficulty `base` may have and still
/// be easier than the best found.
fn limit(finds: &Finds, base: f64) -> usize {
    if finds.all.is_some() || finds.best.is_none() {
        return usize::MAX;
    }
    (1..1000)
        .take_while(|&c| better(finds, base + length_bonus(c), c))
        .last()
        .unwrap_or(0)
}

impl Logic {
    /// The options a chain may start from: live, of items not yet filled.
    fn chain_sources(&self) -> Vec<usize> {
        (0..self.live.len())
            .filter(|&o| {
                self.live[o]
                    && !self.shape.items[o].is_empty()
                    && self.shape.items[o]
                        .iter()
                        .all(|&i| !self.covered[i as usize])
            })
            .collect()
    }

    /// Which static forcing chains and loops on `links` can exist at
    /// all from `options` (the chain sources): for each, whether its
    /// assumption on and its assumption off can lead back to its
    /// negation, and whether a loop can pass through it on, along every
    /// link of that kind in the state as it is. The searches from the
    /// other sources are skipped; a step that finds nothing (most of
    /// them) then searches almost no chain. `None` past 4,096 live
    /// options, where the table would grow large: every search runs.
    ///
    /// The on nodes alone make the graph: on(x) leads to on(y) when an
    /// option q shares an item with x and y is the other option of an
    /// item q has two options in. Its edges are bit sets, each source's
    /// the union of its items' (what their options' partners are), and
    /// its components, each with what it reaches, come from Tarjan's
    /// algorithm in one pass.
    fn closable(&self, links: Links, options: &[usize]) -> Option<Closable> {
        if options.len() > 4096 {
            return None;
        }
        let shape = &self.shape;
        let none = u32::MAX;
        let mut index = vec![none; self.live.len()];
        for (k, &o) in options.iter().enumerate() {
            index[o] = k as u32;
        }
        // The strong partners of each live option: the other option of
        // each item it has two options in, listed option by option.
        let mut pairs: Vec<(u32, u32)> = Vec::new();
        for (i, list) in shape.options.iter().enumerate() {
            let strong = links.strong(shape.kinds[i] == Kind::Cell);
            if !strong || !shape.exact[i] || self.covered[i] || self.count[i] != 2 {
                continue;
            }
            let mut two = list.iter().copied().filter(|&q| self.live[q as usize]);
            if let (Some(a), Some(b)) = (two.next(), two.next()) {
                pairs.push((a, b));
                pairs.push((b, a));
            }
        }
        let mut start = vec![0u32; self.live.len() + 1];
        for &(a, _) in &pairs {
            start[a as usize + 1] += 1;
        }
        for k in 1..start.len() {
            start[k] += start[k - 1];
        }
        let mut fill = start.clone();
        let mut partner = vec![0u32; pairs.len()];
        for &(a, b) in &pairs {
            partner[fill[a as usize] as usize] = b;
            fill[a as usize] += 1;
        }
        let partners = |q: usize| {
            partner[start[q] as usize..start[q + 1] as usize]
                .iter()
                .map(|&b| b as usize)
        };
        let weak_items = |x: usize| {
            shape.items[x]
                .iter()
                .map(|&i| i as usize)
                .filter(move |&i| links.weak(shape.kinds[i] == Kind::Cell))
        };
        // Of each item whose options are weak neighbours: the sources
        // among its options, and those their strong partners are.
        let mut graph = Graph::new(options.len());
        let words = graph.words;
        let items = shape.options.len();
        let mut holds = vec![0u64; items * words];
        let mut leads = vec![0u64; items * words];
        for i in 0..items {
            if !links.weak(shape.kinds[i] == Kind::Cell) {
                continue;
            }
            for &q in &shape.options[i] {
                let q = q as usize;
                if !self.live[q] {
                    continue;
                }
                if index[q] != none {
                    let k = index[q] as usize;
                    holds[i * words + k / 64] |= 1 << (k % 64);
                }
                for y in partners(q) {
                    if index[y] != none {
                        let k = index[y] as usize;
                        leads[i * words + k / 64] |= 1 << (k % 64);
                    }
                }
            }
        }
        // on(x) leads to on(y) when y is the partner of a weak neighbour
        // q of x: of x's items' partners, those of x itself only through
        // another option.
        let weakly_linked =
            |x: usize, q: usize| weak_items(x).any(|i| shape.items[q].contains(&(i as u32)));
        for (k, &x) in options.iter().enumerate() {
            let row = graph.row_mut(k);
            for i in weak_items(x) {
                for (w, l) in row.iter_mut().zip(&leads[i * words..(i + 1) * words]) {
                    *w |= l;
                }
            }
            for y in partners(x) {
                if index[y] != none
                    && !partners(y).any(|q| q != x && self.live[q] && weakly_linked(x, q))
                {
                    let b = index[y] as usize;
                    row[b / 64] &= !(1 << (b % 64));
                }
            }
        }
        let reach = reach_sets(&graph);
        let mut on = vec![false; self.live.len()];
        let mut off = vec![false; self.live.len()];
        let mut cycle = vec![false; self.live.len()];
        let mut near = vec![0u64; words];
        for (k, &o) in options.iter().enumerate() {
            // A weak neighbour of o on: o off.
            near.fill(0);
            for i in weak_items(o) {
                for (w, h) in near.iter_mut().zip(&holds[i * words..(i + 1) * words]) {
                    *w |= h;
                }
            }
            near[k / 64] &= !(1 << (k % 64));
            on[o] = reach.set(k).iter().zip(&near).any(|(r, n)| r & n != 0);
            off[o] = partners(o).any(|y| index[y] != none && reach.reaches(index[y] as usize, k));
            cycle[o] = reach.reaches(k, k);
        }
        Some(Closable { on, off, cycle })
    }

    /// The shortest loop of links through option `o` on that takes an
    /// option out, as the nodes from `o` on back to it, and the options
    /// it takes out ([`Logic::cycle_removals`]). Every path to an
    /// off node is kept (a loop closes through an off node the first
    /// links already reach), but an on node is reached once. A shorter
    /// loop that takes nothing out does not end the search: a longer one
    /// through `o` may.
    fn cycle(
        &self,
        o: usize,
        links: Links,
        limit: usize,
        work: &mut usize,
        scratch: &mut LoopScratch,
    ) -> Option<(Vec<u32>, Vec<u32>)> {
        let found = self.cycle_with(o, links, limit, scratch);
        *work += scratch.paths.len();
        for &(n, _, _) in &scratch.paths {
            scratch.on_seen[option_of(n)] = false;
        }
        scratch.paths.clear();
        found
    }

    /// The search of [`Logic::cycle`] in `scratch`'s buffers, which
    /// `cycle` clears after it.
    fn cycle_with(
        &self,
        o: usize,
        links: Links,
        limit: usize,
        scratch: &mut LoopScratch,
    ) -> Option<(Vec<u32>, Vec<u32>)> {
        let shape = &self.shape;
        scratch.on_seen.resize(self.live.len(), false);
        scratch.on_path.resize(self.live.len(), false);
        scratch.seen_by.resize(self.live.len(), 0);
        let LoopScratch {
            paths,
            on_seen,
            on_path,
            seen_by,
        } = scratch;
        paths.push((node(o, true), u32::MAX, 0));
        on_seen[o] = true;
        // The off nodes on the path being followed from an on node.
        let mark = |paths: &[(u32, u32, u32)], on_path: &mut [bool], mut at: u32, value: bool| {
            while at != u32::MAX {
                let (n, parent, _) = paths[at as usize];
                if !is_on(n) {
                    on_path[option_of(n)] = value;
                }
                at = parent;
            }
        };
        let mut next = 0;
        while next < paths.len() {
            let (n, _, depth) = paths[next];
            let depth = depth as usize;
            let at = next as u32;
            next += 1;
            if depth + 1 > limit {
                continue;
            }
            let p = option_of(n);
            if is_on(n) {
                mark(paths, on_path, at, true);
                for &item in &shape.items[p] {
                    if !links.weak(shape.kinds[item as usize] == Kind::Cell) {
                        continue;
                    }
                    for &q in &shape.options[item as usize] {
                        let q = q as usize;
                        if q != p && self.live[q] && !on_path[q] {
                            paths.push((node(q, false), at, depth as u32 + 1));
                        }
                    }
                }
                mark(paths, on_path, at, false);
            } else {
                for &item in &shape.items[p] {
                    let item = item as usize;
                    let cell = shape.kinds[item] == Kind::Cell;
                    if !shape.exact[item]
                        || self.covered[item]
                        || self.count[item] != 2
                        || !links.strong(cell)
                    {
                        continue;
                    }
                    let Some(q) = self.live_options(item).find(|&q| q != p) else {
                        continue;
                    };
                    if q == o && depth >= 3 {
                        let mut chain = vec![node(o, true)];
                        let mut back = at;
                        while back != u32::MAX {
                            chain.push(paths[back as usize].0);
                            back = paths[back as usize].1;
                        }
                        chain.reverse();
                        let removed = self.cycle_removals(&chain, seen_by);
                        if !removed.is_empty() {
                            return Some((chain, removed));
                        }
                    }
                    if !on_seen[q] {
                        on_seen[q] = true;
                        paths.push((node(q, true), at, depth as u32 + 1));
                    }
                }
            }
            if paths.len() > 200_000 {
                break;
            }
        }
        None
    }

    /// The cell item of option `o`, if it has one.
    pub(super) fn cell_item(&self, o: usize) -> Option<usize> {
        self.shape.items[o]
            .iter()
            .map(|&i| i as usize)
            .find(|&i| self.shape.kinds[i] == Kind::Cell)
    }

    /// `r1c1=5` for a placement, the option's items otherwise; empty in
    /// a branch of a nested chain, whose steps are never shown.
    fn option_name(&self, o: usize) -> String {
        if self.inner {
            return String::new();
        }
        match encode::placement(self.n, dlx::OptionId::from_index(o)) {
            Some((cell, digit)) => format!("{}={digit}", super::cell_name(self.n, cell)),
            None => self.shape.items[o]
                .iter()
                .map(|&i| self.shape.names[i as usize].as_str())
                .collect::<Vec<_>>()
                .join("+"),
        }
    }

    fn node_name(&self, n: u32) -> String {
        let name = self.option_name(option_of(n));
        if is_on(n) {
            name
        } else {
            name.replacen('=', "<>", 1)
        }
    }

    /// The item two options share, a cell's first.
    fn shared_item(&self, a: usize, b: usize) -> Option<usize> {
        let mut shared = self.shape.items[a]
            .iter()
            .filter(|i| self.shape.items[b].contains(i))
            .map(|&i| i as usize);
        let first = shared.next()?;
        Some(
            std::iter::once(first)
                .chain(shared)
                .find(|&i| self.shape.kinds[i] == Kind::Cell)
                .unwrap_or(first),
        )
    }

    /// The shape of a chain of nodes: a forcing chain, or a loop.
    fn chain_shape(&self, chain: &[u32], cycle: bool) -> ChainKind {
        let mut weak_cells = false;
        let mut strong = Vec::new();
        for pair in chain.windows(2) {
            let (a, b) = (option_of(pair[0]), option_of(pair[1]));
            let item = self.shared_item(a, b);
            let kind = item.map(|i| self.shape.kinds[i]);
            if is_on(pair[0]) {
                weak_cells |= kind == Some(Kind::Cell);
            } else {
                strong.push(kind);
            }
        }
        let strong_cells = strong.iter().filter(|k| **k == Some(Kind::Cell)).count();
        if cycle {
            return if !weak_cells && strong_cells == 0 {
                ChainKind::XCycle
            } else if strong_cells == strong.len() {
                ChainKind::YCycle
            } else {
                ChainKind::Cycle
            };
        }
        if !weak_cells && strong_cells == 0 {
            let family = |k: &Option<Kind>| match k {
                Some(Kind::House(f, ..)) => Some(*f),
                _ => None,
            };
            return match strong.len() {
                2 => match (family(&strong[0]), family(&strong[1])) {
                    (Some(0), Some(0)) | (Some(1), Some(1)) => ChainKind::Skyscraper,
                    (Some(0), Some(1)) | (Some(1), Some(0)) => ChainKind::TwoStringKite,
                    _ => ChainKind::TurbotFish,
                },
                _ => ChainKind::XChain,
            };
        }
        if strong_cells == strong.len() {
            return ChainKind::XyChain;
        }
        let cells =
            |k: &[Option<Kind>]| k.iter().map(|k| *k == Some(Kind::Cell)).collect::<Vec<_>>();
        if cells(&strong) == [true, false, true] {
            return ChainKind::WWing;
        }
        ChainKind::Aic
    }

    /// Forcing chains and cycles on the links of the state as it is
    /// (6.5 to 7.0 and more by length), the easiest first.
    pub(super) fn static_chains(&self) -> Option<Step> {
        self.static_finds(false).best.map(|f| f.step)
    }

    /// Every forcing chain and cycle (one of each kind per source), as a
    /// branch of a nested chain applies them.
    pub(super) fn static_chain_steps(&self) -> Vec<Step> {
        self.static_finds(true).steps()
    }

    fn static_finds(&self, all: bool) -> Finds {
        let mut best = Finds::new(all);
        let mut implications = Implications::new(self);
        let mut scratch = LoopScratch::default();
        let sources = self.chain_sources();
        let mut work = 0;
        // Every link of one digit, or of cells' strong links, is a link
        // of both kinds: where those find nothing from a source, neither
        // do the others. When every find is kept (no bound on the
        // length), they are searched first, and the others only from
        // the sources where they found something.
        let order = if all {
            [Links::Xy, Links::X, Links::Y]
        } else {
            [Links::X, Links::Y, Links::Xy]
        };
        let mut found = vec![!all; self.live.len()];
        for links in order {
            // When every find is kept, the later kinds search only from
            // the sources where both kinds found something.
            let closable = if all && links != Links::Xy {
                None
            } else {
                self.closable(links, &sources)
            };
            // Whether a chain from `o` on, from `o` off, and a loop
            // through `o` may close.
            let can = |o: usize| {
                closable
                    .as_ref()
                    .map_or([true; 3], |c| [c.on[o], c.off[o], c.cycle[o]])
            };
            for &o in &sources {
                if work > CHAIN_BUDGET || self.is_cancelled() {
                    return best;
                }
                if links == Links::Y && self.cell_item(o).is_none_or(|c| self.count[c] != 2) {
                    continue;
                }
                if links != Links::Xy && !found[o] {
                    continue;
                }
                let before = best.all.as_ref().map_or(0, Vec::len);
                let (cycle_base, chain_base) = match links {
                    Links::X => (6.5, 6.6),
                    Links::Y => (6.5, 7.0),
                    Links::Xy => (7.0, 7.0),
                };
                let [from_on, from_off, through] = can(o);
                best.meet.at = (o as u32, 0, 0);
                if through {
                    if let Some((chain, removed)) =
                        self.cycle(o, links, limit(&best, cycle_base), &mut work, &mut scratch)
                    {
                        self.consider_cycle(&mut best, &chain, removed);
                    }
                }
                if links != Links::Y {
                    let search = Search {
                        links,
                        dynamic: false,
                        forcing: true,
                        limit: limit(&best, chain_base),
                        level: 0,
                    };
                    for (on, may) in [(true, from_on), (false, from_off)] {
                        if !may {
                            continue;
                        }
                        implications.run(self, node(o, on), search);
                        work += implications.order.len();
                        best.meet.at = (o as u32, 1 + u32::from(!on), 0);
                        if let Some(p) = implications.closed {
                            // Back to its negation: o is off if on led
                            // there, on if off did.
                            let mut chain = implications.chain(p);
                            chain.push(node(o, !on));
                            let (selected, removed) = if on {
                                (Vec::new(), vec![o as u32])
                            } else {
                                (vec![o as u32], Vec::new())
                            };
                            self.consider_chain(&mut best, &chain, selected, removed);
                        }
                    }
                }
                if all && links == Links::Xy {
                    found[o] = best.all.as_ref().map_or(0, Vec::len) > before;
                }
            }
        }
        best
    }

    fn consider_chain(
        &self,
        best: &mut Finds,
        chain: &[u32],
        selected: Vec<u32>,
        removed: Vec<u32>,
    ) {
        let shape = self.chain_shape(chain, false);
        best.meet.kind = shape.sort_key();
        let complexity = chain.len();
        let difficulty = shape.difficulty() + length_bonus(complexity);
        if !better(best, difficulty, complexity) {
            return;
        }
        // In a branch of a nested chain, the chain takes out its source
        // alone, as Sudoku Explainer's does: the others it could take
        // out are its own chains' (each counted in the nested chain).
        let (base, removed) = if removed.is_empty() || self.inner {
            (chain, removed)
        } else {
            // on(o) -> off(a) -> ... -> on(b) -> off(o): a or b holds, so
            // whatever shares an item with both goes, o among them.
            let inner = &chain[1..chain.len() - 1];
            let (a, b) = (option_of(inner[0]), option_of(inner[inner.len() - 1]));
            let mut removed: Vec<u32> = self.shape.items[a]
                .iter()
                .flat_map(|&i| self.shape.options[i as usize].iter())
                .map(|&q| q as usize)
                .filter(|&q| q != a && q != b && self.live[q] && self.conflict(q, b))
                .map(|q| q as u32)
                .collect();
            removed.sort_unstable();
            removed.dedup();
            (inner, removed)
        };
        let names = base.iter().map(|&n| self.node_name(n)).collect();
        self.consider(
            best,
            Technique::Chain(shape),
            complexity,
            names,
            selected,
            removed,
            &|| self.chain_items(chain),
        );
    }

    /// A loop and the options it takes out ([`Logic::cycle_removals`]),
    /// kept as the step when it is easier than the best so far.
    fn consider_cycle(&self, best: &mut Finds, chain: &[u32], removed: Vec<u32>) {
        let shape = self.chain_shape(chain, true);
        best.meet.kind = shape.sort_key();
        let complexity = chain.len() - 1;
        let difficulty = shape.difficulty() + length_bonus(complexity);
        if !better(best, difficulty, complexity) {
            return;
        }
        let base = chain.iter().map(|&n| self.node_name(n)).collect();
        self.consider(
            best,
            Technique::Chain(shape),
            complexity,
            base,
            Vec::new(),
            removed,
            &|| self.chain_items(chain),
        );
    }

    /// The items of a chain's strong links (an option off, the next on):
    /// the exact items the two share with two options live.
    fn chain_items(&self, chain: &[u32]) -> Vec<u32> {
        let mut items: Vec<u32> = chain
            .windows(2)
            .filter(|pair| !is_on(pair[0]) && is_on(pair[1]))
            .filter_map(|pair| {
                let (p, q) = (option_of(pair[0]), option_of(pair[1]));
                self.shape.exact_items[q].iter().copied().find(|&i| {
                    self.count[i as usize] == 2 && self.shape.exact_items[p].contains(&i)
                })
            })
            .collect();
        items.sort_unstable();
        items.dedup();
        items
    }

    /// The options a loop takes out: every option outside it that a house
    /// (or a rule) shares with an option on in it and with an option off
    /// in it (one of the two directions around the loop holds).
    /// `seen_by` is zero for every option, and is left so.
    fn cycle_removals(&self, chain: &[u32], seen_by: &mut [u8]) -> Vec<u32> {
        let in_chain: Vec<usize> = chain.iter().map(|&n| option_of(n)).collect();
        let cells: Vec<usize> = in_chain.iter().filter_map(|&o| self.cell_item(o)).collect();
        let mut touched = Vec::new();
        for &n in &chain[1..] {
            let o = option_of(n);
            for &item in &self.shape.items[o] {
                if self.shape.kinds[item as usize] == Kind::Cell {
                    continue;
                }
                for &q in &self.shape.options[item as usize] {
                    if seen_by[q as usize] == 0 {
                        touched.push(q);
                    }
                    seen_by[q as usize] |= if is_on(n) { 1 } else { 2 };
                }
            }
        }
        let mut removed: Vec<u32> = touched
            .iter()
            .copied()
            .filter(|&q| {
                let q = q as usize;
                self.live[q]
                    && seen_by[q] == 3
                    && !in_chain.contains(&q)
                    && self.cell_item(q).is_none_or(|c| !cells.contains(&c))
            })
            .collect();
        for &q in &touched {
            seen_by[q as usize] = 0;
        }
        removed.sort_unstable();
        removed
    }

    /// Nishio (7.5 and more by length): an option of one digit whose
    /// assumption, either way, contradicts itself with the state updated
    /// as options go.
    pub(super) fn nishio_chains(&self) -> Option<Step> {
        let search = Search {
            links: Links::X,
            dynamic: true,
            forcing: false,
            limit: usize::MAX,
            level: 0,
        };
        let mut best = Finds::new(false);
        let mut implications = Implications::new(self);
        let mut mark = vec![false; self.live.len() * 2];
        let mut work = 0;
        for o in self.chain_sources() {
            for on in [true, false] {
                if work > CHAIN_BUDGET || self.is_cancelled() {
                    break;
                }
                implications.run(self, node(o, on), search);
                work += implications.order.len();
                if let Some((a, b)) = implications.contradiction {
                    let complexity = complexity(&implications, &[a, b], &mut mark);
                    let (selected, removed) = if on {
                        (Vec::new(), vec![o as u32])
                    } else {
                        (vec![o as u32], Vec::new())
                    };
                    let base = vec![self.node_name(node(o, on)), self.node_name(a)];
                    self.consider(
                        &mut best,
                        Technique::Nishio,
                        complexity,
                        base,
                        selected,
                        removed,
                        &Vec::new,
                    );
                }
            }
        }
        best.best.map(|f| f.step)
    }

    #[allow(clippy::too_many_arguments)]
    fn consider(
        &self,
        best: &mut Finds,
        technique: Technique,
        complexity: usize,
        base: Vec<String>,
        selected: Vec<u32>,
        removed: Vec<u32>,
        reads: &dyn Fn() -> Vec<u32>,
    ) {
        let difficulty = technique.difficulty() + length_bonus(complexity);
        if !better(best, difficulty, complexity) {
            return;
        }
        let mut step = self.step(technique, base, Vec::new(), selected, removed);
        step.complexity = complexity;
        if self.inner {
            step.reads = reads();
        }
        best.keep(Found {
            difficulty,
            complexity,
            meet: best.meet,
            step,
        });
    }

    /// Multiple forcing chains: what every option of a cell, or every
    /// place of a digit in a house, leads to (8.0 on the state as it is,
    /// 8.5 with the state updated as options go, which also finds an
    /// option whose assumption either way contradicts itself, and what
    /// both polarities of an option lead to). At a `level` (dynamic
    /// only), the propagation also applies that level's nested rules
    /// when singles run out ([`Logic::nested_inferences`]): 9.0 for
    /// level 1, and 0.5 more for each level up to 11.0.
    pub(super) fn multiple_chains(&self, dynamic: bool, level: u8) -> Option<Step> {
        self.multiple_finds(dynamic, level, false)?
            .best
            .map(|f| f.step)
    }

    /// Every conclusion of the multiple forcing chains, as a branch of a
    /// nested chain applies them.
    pub(super) fn multiple_chain_steps(&self, dynamic: bool, level: u8) -> Vec<Step> {
        self.multiple_finds(dynamic, level, true)
            .map(Finds::steps)
            .unwrap_or_default()
    }

    fn multiple_finds(&self, dynamic: bool, level: u8, all: bool) -> Option<Finds> {
        let search = Search {
            links: Links::Xy,
            dynamic,
            forcing: false,
            limit: usize::MAX,
            level,
        };
        let technique = |form: Forcing| match (form, level) {
            (_, 1..) => Technique::NestedChains { form, level },
            (Forcing::Cell, _) => Technique::CellChains { dynamic },
            (Forcing::House, _) => Technique::HouseChains { dynamic },
            (Forcing::Contradiction, _) => Technique::ContradictionChains,
            (Forcing::Double, _) => Technique::DoubleChains,
        };
        let mut best = Finds::new(all);
        let mut mark = vec![false; self.live.len() * 2];
        let sources = self.chain_sources();
        // What each option on leads to.
        let mut on: Vec<Option<Branch>> = (0..self.live.len()).map(|_| None).collect();
        let mut work = 0;
        if let Some((ons, offs)) = self.parallel_branches(&sources, search) {
            for (&o, from_on) in sources.iter().zip(ons) {
                if work > CHAIN_BUDGET || self.is_cancelled() {
                    return None;
                }
                work += from_on.order.len();
                on[o] = Some(from_on);
            }
            for (&o, off) in sources.iter().zip(&offs) {
                if self.is_cancelled() {
                    return None;
                }
                let from_on = on[o].as_ref().expect("propagated");
                self.double_finds(o, from_on, off, &technique, &mut mark, &mut best);
            }
        } else {
            let mut scratch = Implications::new(self);
            for &o in &sources {
                if work > CHAIN_BUDGET || self.is_cancelled() {
                    return None;
                }
                scratch.run(self, node(o, true), search);
                work += scratch.order.len();
                on[o] = Some(Branch::of(&scratch));
            }
            if dynamic {
                for &o in &sources {
                    if self.is_cancelled() {
                        return None;
                    }
                    scratch.run(self, node(o, false), search);
                    let from_on = on[o].as_ref().expect("propagated");
                    self.double_finds(o, from_on, &scratch, &technique, &mut mark, &mut best);
                }
            }
        }
        self.item_chains(&on, dynamic, &technique, &mut mark, &mut best);
        Some(best)
    }

    /// What the dynamic search concludes from option `o` of a source,
    /// given what it on (`from_on`) and off (`off`) leads to: that it is
    /// false or true when that side contradicts itself, and for a cell
    /// of three candidates or more, the nodes both sides reach.
    fn double_finds(
        &self,
        o: usize,
        from_on: &Branch,
        off: &impl Parents,
        technique: &dyn Fn(Forcing) -> Technique,
        mark: &mut [bool],
        best: &mut Finds,
    ) {
        self.contradiction_find(o, true, from_on, technique, mark, best);
        // As Sudoku Explainer does, the other side is followed even when
        // one side contradicts itself, and what both reached before they
        // stopped is compared: a conclusion of an assumption that cannot
        // hold holds all the same, and may be the shortest.
        self.contradiction_find(o, false, off, technique, mark, best);
        if self.cell_item(o).is_some_and(|c| self.count[c] >= 3) {
            for (k, &n) in from_on.order.iter().enumerate() {
                if off.holds(n) && from_on.holds(n) && n != node(o, true) {
                    let complexity = complexity(from_on, &[n], mark) + complexity(off, &[n], mark);
                    best.meet = Meet {
                        kind: 1,
                        at: (o as u32, u32::from(!is_on(n)), k as u32),
                    };
                    let reads = || {
                        let mut items = strong_items(from_on, &[n], &mut vec![false; mark.len()]);
                        items.extend(strong_items(off, &[n], &mut vec![false; mark.len()]));
                        items
                    };
                    self.consider_conclusion(
                        best,
                        technique(Forcing::Double),
                        complexity,
                        vec![self.option_name(o)],
                        n,
                        &reads,
                    );
                }
            }
        }
    }

    /// Option `o` false (set `value`, on) or true (off) when what that
    /// assumption leads to (`record`) contradicts itself.
    fn contradiction_find(
        &self,
        o: usize,
        value: bool,
        record: &impl Parents,
        technique: &dyn Fn(Forcing) -> Technique,
        mark: &mut [bool],
        best: &mut Finds,
    ) {
        let Some((a, b)) = record.contradiction() else {
            return;
        };
        let complexity = complexity(record, &[a, b], mark);
        best.meet = Meet {
            kind: 7,
            at: (o as u32, u32::from(!value), 0),
        };
        let base = vec![self.node_name(node(o, value)), self.node_name(a)];
        let (selected, removed) = if value {
            (Vec::new(), vec![o as u32])
        } else {
            (vec![o as u32], Vec::new())
        };
        self.consider(
            best,
            technique(Forcing::Contradiction),
            complexity,
            base,
            selected,
            removed,
            &|| strong_items(record, &[a, b], &mut vec![false; mark.len()]),
        );
    }

    /// For a nested search (`search.level` above 0) on a pool of more
    /// than one thread: what each of `sources` on leads to, and for a
    /// dynamic search what each off leads to, in the order of `sources`.
    /// Each thread follows a share of them in a propagation of its own
    /// (with its own memory of the nested rules' findings), so the
    /// branches are those one propagation finds. `None` where the
    /// branches are followed one by one.
    #[cfg(feature = "parallel")]
    fn parallel_branches(
        &self,
        sources: &[usize],
        search: Search,
    ) -> Option<(Vec<Branch>, Vec<Branch>)> {
        use rayon::prelude::*;
        let threads = rayon::current_num_threads();
        if search.level == 0 || threads < 2 || sources.len() < 2 {
            return None;
        }
        // A few shares a thread, so that one slow share waits less.
        let share = sources.len().div_ceil(2 * threads);
        let parts: Vec<(Vec<Branch>, Vec<Branch>)> = sources
            .par_chunks(share)
            .map(|part| {
                let mut scratch = Implications::new(self);
                let mut run = |o: usize, value: bool| {
                    scratch.run(self, node(o, value), search);
                    Branch::of(&scratch)
                };
                let ons: Vec<Branch> = part.iter().map(|&o| run(o, true)).collect();
                let offs: Vec<Branch> = if search.dynamic {
                    part.iter().map(|&o| run(o, false)).collect()
                } else {
                    Vec::new()
                };
                (ons, offs)
            })
            .collect();
        let mut ons = Vec::with_capacity(sources.len());
        let mut offs = Vec::new();
        for (on, off) in parts {
            ons.extend(on);
            offs.extend(off);
        }
        Some((ons, offs))
    }

    #[cfg(not(feature = "parallel"))]
    fn parallel_branches(
        &self,
        _sources: &[usize],
        _search: Search,
    ) -> Option<(Vec<Branch>, Vec<Branch>)> {
        None
    }

    /// Cell and house forcing chains: a node that every live option of
    /// an item (a cell's, or a house's digit's) leads to, given `on`,
    /// what each option on leads to.
    fn item_chains(
        &self,
        on: &[Option<Branch>],
        dynamic: bool,
        technique: &dyn Fn(Forcing) -> Technique,
        mark: &mut [bool],
        best: &mut Finds,
    ) {
        for item in 0..self.count.len() {
            if !self.shape.exact[item] || self.covered[item] || self.count[item] < 2 {
                continue;
            }
            let cell = self.shape.kinds[item] == Kind::Cell;
            if cell && !dynamic && self.count[item] < 3 {
                continue;
            }
            // Sudoku Explainer meets a house's digit from the cells it
            // tries, the first of its places among them: on the state as
            // it is, cells of three options or more.
            if !cell
                && !dynamic
                && self
                    .live_options(item)
                    .next()
                    .and_then(|o| self.cell_item(o))
                    .is_some_and(|c| self.count[c] < 3)
            {
                continue;
            }
            let branches: Vec<&Branch> = self
                .live_options(item)
                .filter_map(|o| on[o].as_ref())
                .collect();
            // A branch that contradicts itself counts what it reached
            // before it stopped, as Sudoku Explainer counts it.
            if branches.len() < 2 {
                continue;
            }
            let technique = technique(if cell { Forcing::Cell } else { Forcing::House });
            // Sudoku Explainer meets a cell's conclusions with the cell,
            // a house's digit's with its first place, by digit, then in
            // boxes, rows and columns.
            let first = self.live_options(item).next().unwrap_or(0);
            let (place, digit) = self.cell_digit(first).unwrap_or((0, 0));
            let (kind, at) = match self.shape.kinds[item] {
                Kind::House(family, ..) => (6, u32::from(digit) * 4 + (u32::from(family) + 1) % 3),
                _ => (5, 0),
            };
            for (k, &n) in branches[0].order.iter().enumerate() {
                if branches.iter().all(|b| b.holds(n)) {
                    let complexity = branches.iter().map(|b| complexity(*b, &[n], mark)).sum();
                    best.meet = Meet {
                        kind,
                        at: (place as u32, at, u32::from(!is_on(n)) << 16 | k as u32),
                    };
                    let base = vec![self.shape.names[item].clone()];
                    // Within a nested chain, the item's options ruled out
                    // are parents too.
                    let reads = || {
                        let mut items = vec![item as u32];
                        for b in &branches {
                            items.extend(strong_items(*b, &[n], &mut vec![false; mark.len()]));
                        }
                        items
                    };
                    self.consider_conclusion(best, technique, complexity, base, n, &reads);
                }
            }
        }
    }

    /// A node every branch reaches, kept if it changes the state.
    fn consider_conclusion(
        &self,
        best: &mut Finds,
        technique: Technique,
        complexity: usize,
        mut base: Vec<String>,
        n: u32,
        reads: &dyn Fn() -> Vec<u32>,
    ) {
        let o = option_of(n);
        if !self.live[o]
            || self.shape.items[o]
                .iter()
                .any(|&i| self.covered[i as usize])
        {
            return;
        }
        base.push(self.node_name(n));
        let (selected, removed) = if is_on(n) {
            (vec![o as u32], Vec::new())
        } else {
            (Vec::new(), vec![o as u32])
        };
        self.consider(best, technique, complexity, base, selected, removed, reads);
    }
}

#[cfg(test)]
mod tests {
    use super::{length_bonus, reach_sets, Graph};
    use proptest::prelude::*;

    proptest! {
        /// The components' reach sets are what a search from each
        /// vertex reaches by one link or more.
        #[test]
        fn reach_sets_are_what_a_search_reaches(
            v in 1usize..90,
            links in proptest::collection::vec((0usize..90, 0usize..90), 0..200),
        ) {
            let mut edges = vec![Vec::new(); v];
            for (a, b) in links {
                edges[a % v].push((b % v) as u32);
            }
            let mut graph = Graph::new(v);
            for (x, list) in edges.iter().enumerate() {
                for &y in list {
                    graph.row_mut(x)[y as usize / 64] |= 1 << (y % 64);
                }
            }
            let reach = reach_sets(&graph);
            for from in 0..v {
                let mut seen = vec![false; v];
                let mut stack: Vec<usize> = edges[from].iter().map(|&y| y as usize).collect();
                while let Some(x) = stack.pop() {
                    if !std::mem::replace(&mut seen[x], true) {
                        stack.extend(edges[x].iter().map(|&y| y as usize));
                    }
                }
                for (to, &seen) in seen.iter().enumerate() {
                    prop_assert_eq!(reach.reaches(from, to), seen, "{} -> {}", from, to);
                }
            }
        }
    }

    #[test]
    fn length_bonus_steps_as_sudoku_explainer_does() {
        let bonus = |c| (length_bonus(c) * 10.0_f64).round() as u32;
        // complexity - 2 past 4, 6, 8, 12, 16, 24, 32 adds 0.1 each.
        let expected = [
            (4, 0),
            (6, 0),
            (7, 1),
            (8, 1),
            (9, 2),
            (10, 2),
            (11, 3),
            (14, 3),
            (15, 4),
            (18, 4),
            (19, 5),
            (26, 5),
            (27, 6),
            (34, 6),
            (35, 7),
        ];
        for (complexity, tenths) in expected {
            assert_eq!(bonus(complexity), tenths, "complexity {complexity}");
        }
    }
}
