//! Rules that hold only because the puzzle has one solution: a pattern
//! that would let two digits swap (a deadly pattern) cannot be the
//! solution. They serve layouts of rows, columns and boxes or regions
//! without other rules, where swapping two digits in a rectangle over
//! two regions keeps every house, and only when the state knows the
//! puzzle has one solution ([`Logic::assume_unique`]).

use dlx::OptionId;

use super::{Kind, Logic, Step, Technique};
use crate::constraint::domains::digits;
use crate::encode;

/// The cells between the grid and a bivalue universal grave
/// ([`Logic::grave`]).
#[derive(Default)]
struct Grave {
    /// The cells, in the order found.
    cells: Vec<usize>,
    /// Each cell's extra digits (bit d for digit d).
    extra: Vec<u64>,
    /// The extra digits as options, in the order found.
    options: Vec<usize>,
}

/// Keeps `step` in `best` if it is easier than the step there.
fn keep_easier(best: &mut Option<Step>, step: Step) {
    if best
        .as_ref()
        .is_none_or(|b| step.difficulty() < b.difficulty())
    {
        *best = Some(step);
    }
}

/// The next set of as many bits as `set` (a nonzero mask), in
/// increasing order: sets of k things taken by increasing bit mask.
fn next_subset(set: u64) -> u64 {
    let low = set & set.wrapping_neg();
    let ripple = set + low;
    ripple | (((set ^ ripple) >> 2) / low)
}

/// The two digits of `pair` (bit d for d) as a step names them: `79`.
fn pair_name(pair: u64) -> String {
    digits(pair).map(|d| d.to_string()).collect()
}

/// Digits of `mask` (bit d for d) as a player writes a set: `{3,7}`.
fn digit_set(mask: u64) -> String {
    let names: Vec<String> = digits(mask).map(|d| d.to_string()).collect();
    format!("{{{}}}", names.join(","))
}

impl Logic {
    /// Whether the uniqueness rules may serve here.
    pub(super) fn uniqueness_serves(&self) -> bool {
        self.unique && self.uniqueness_applies()
    }

    /// Whether the uniqueness rules (unique rectangles and loops, BUG+1)
    /// can serve this puzzle's layout at all: rows, columns and boxes or
    /// regions alone, no variant and no constraint. Elsewhere
    /// [`Logic::assume_unique`] changes nothing, and the count that
    /// would justify it can be skipped.
    pub fn uniqueness_applies(&self) -> bool {
        let layout = &self.shape.layout;
        layout.variants().next().is_none() && layout.constraints().is_empty()
    }

    /// The digits still possible in `cell`, as a bit mask (bit d for d).
    pub(super) fn cell_mask(&self, cell: usize) -> u64 {
        (1..=self.n as u8)
            .filter(|&d| self.is_live(encode::option(self.n, cell, d).index()))
            .fold(0, |mask, d| mask | 1 << d)
    }

    pub(super) fn placement_option(&self, cell: usize, digit: u8) -> usize {
        encode::option(self.n, cell, digit).index()
    }

    /// The options placing the digits of `mask` (bit d for d) in `cell`.
    fn cell_options(&self, cell: usize, mask: u64) -> impl Iterator<Item = usize> + '_ {
        digits(mask).map(move |d| self.placement_option(cell, d as u8))
    }

    /// A type 3 step of the rectangle or loop `cells` of digits `pair`,
    /// named with the digits of its `set` when given, the set's cells
    /// besides the roof `cover`.
    fn roof_step(
        &self,
        technique: Technique,
        (cells, pair): (&[usize], u64),
        set: Option<u64>,
        cover: &[usize],
        removed: Vec<u32>,
    ) -> Step {
        let n = self.n;
        let mut base: Vec<String> = cells.iter().map(|&c| super::cell_name(n, c)).collect();
        base.push(pair_name(pair));
        base.extend(set.map(digit_set));
        let cover = cover.iter().map(|&c| super::cell_name(n, c)).collect();
        self.step(technique, base, cover, Vec::new(), removed)
    }

    /// Whether two options share an item (cannot both hold).
    pub(super) fn conflict(&self, a: usize, b: usize) -> bool {
        self.shape.items[a]
            .iter()
            .any(|i| self.shape.items[b].contains(i))
    }

    /// A unique rectangle (4.5): four cells in two rows, two columns and
    /// two regions, all holding digits x and y.
    ///
    /// - type 1: three hold only x and y, so the fourth is neither;
    /// - type 2: two in a line hold only x and y, the other two only x, y
    ///   and z, so z is in one of those and leaves what sees both;
    /// - type 4: as type 2 but the other two hold more, and x's only
    ///   places in a house are those two, so y leaves them.
    pub(super) fn unique_rectangle(&self) -> Option<Step> {
        if !self.uniqueness_serves() {
            return None;
        }
        self.rectangles().find_map(|cells| self.rectangle(cells))
    }

    /// The open cells of two rows and two columns that lie in two
    /// regions: the rectangles whose digits could swap.
    fn rectangles(&self) -> impl Iterator<Item = [usize; 4]> + '_ {
        let n = self.n;
        let layout = &self.shape.layout;
        let pairs = move || (0..n).flat_map(move |a| (a + 1..n).map(move |b| (a, b)));
        pairs()
            .flat_map(move |(r1, r2)| pairs().map(move |(c1, c2)| (r1, r2, c1, c2)))
            .map(move |(r1, r2, c1, c2)| [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2])
            .filter(move |cells| {
                if !cells.iter().all(|&c| self.placed[c] == 0) {
                    return false;
                }
                let mut regions = cells.map(|c| layout.region(c / n, c % n));
                regions.sort_unstable();
                regions.windows(2).filter(|w| w[0] != w[1]).count() == 1
            })
    }

    /// A unique rectangle of type 3 (4.5, and 0.1 for each digit of its
    /// set past the first): as type 2, but the roof cells hold two or
    /// more extra digits, which together with k - 1 other cells of a
    /// house of both make a naked set of k digits (the roof cells
    /// counting as one cell, one of them holding an extra digit): the
    /// set's digits leave the rest of the house. Or a hidden set (4.5,
    /// and 0.1 for each digit past the second): x, y and digits that are
    /// no roof cell's extra digit have no places in the house, one roof
    /// cell left out, but the other roof cell and as many other cells
    /// less one, which then keep only those digits. The easiest found,
    /// as Sudoku Explainer takes it.
    pub(super) fn unique_rectangle_type_3(&self) -> Option<Step> {
        if !self.uniqueness_serves() {
            return None;
        }
        let mut best: Option<Step> = None;
        for step in self
            .rectangles()
            .filter_map(|cells| self.rectangle_set(cells))
        {
            keep_easier(&mut best, step);
        }
        best
    }

    /// The cells of house `h` (as [`Logic::houses_of`] numbers them).
    fn house_cells(&self, h: usize) -> Vec<usize> {
        let n = self.n;
        match h / n {
            0 => (0..n).map(|c| h * n + c).collect(),
            1 => (0..n).map(|r| r * n + h - n).collect(),
            _ => (0..n * n)
                .filter(|&c| self.shape.layout.region(c / n, c % n) == h - 2 * n)
                .collect(),
        }
    }

    /// The easiest type 3 step of one rectangle, if any.
    fn rectangle_set(&self, cells: [usize; 4]) -> Option<Step> {
        let masks = cells.map(|c| self.cell_mask(c));
        let common = masks.iter().fold(u64::MAX, |m, &x| m & x);
        let mut best: Option<Step> = None;
        for x in (1..=self.n as u8).filter(|&d| common >> d & 1 != 0) {
            for y in (x + 1..=self.n as u8).filter(|&d| common >> d & 1 != 0) {
                let pair = 1u64 << x | 1 << y;
                let exact: Vec<usize> = (0..4).filter(|&k| masks[k] == pair).collect();
                // A floor of two cells in a line, a roof of two holding
                // two or more extra digits between them.
                if exact.len() != 2 || exact[0] + exact[1] == 3 {
                    continue;
                }
                let roof: Vec<usize> = (0..4).filter(|k| !exact.contains(k)).collect();
                let (p, q) = (cells[roof[0]], cells[roof[1]]);
                if let Some(step) = self.loop_set(&cells, pair, p, q) {
                    keep_easier(&mut best, step);
                }
            }
        }
        best
    }

    /// The smallest naked set of a house made of the roof (its extra
    /// digits `extra`) and cells of `others` from `from` on, added to
    /// `chosen`, that takes a digit out of the rest of the house. The
    /// roof is two cells of the rectangle or loop `cells`.
    #[allow(clippy::too_many_arguments)]
    fn naked_with_roof(
        &self,
        cells: &[usize],
        pair: u64,
        extra: u64,
        others: &[usize],
        empty: usize,
        chosen: &mut Vec<usize>,
        from: usize,
    ) -> Option<Step> {
        let digits = chosen.iter().fold(extra, |m, &c| m | self.cell_mask(c));
        let degree = chosen.len() + 1;
        if degree >= 2 && digits.count_ones() as usize == degree && 2 * degree <= empty {
            let removed: Vec<u32> = others
                .iter()
                .filter(|c| !chosen.contains(c))
                .flat_map(|&c| self.cell_options(c, digits))
                .filter(|&o| self.is_live(o))
                .map(|o| o as u32)
                .collect();
            if removed.is_empty() {
                return None;
            }
            let technique = match cells.len() {
                4 => Technique::UniqueRectangleSet(degree),
                len => Technique::UniqueLoopSet(len, degree),
            };
            return Some(self.roof_step(technique, (cells, pair), None, chosen, removed));
        }
        if degree >= 4 || digits.count_ones() as usize > 4 {
            return None;
        }
        for at in from..others.len() {
            chosen.push(others[at]);
            let step = self.naked_with_roof(cells, pair, extra, others, empty, chosen, at + 1);
            chosen.pop();
            if step.is_some() {
                return step;
            }
        }
        None
    }

    fn rectangle(&self, cells: [usize; 4]) -> Option<Step> {
        let masks = cells.map(|c| self.cell_mask(c));
        let common = masks.iter().fold(u64::MAX, |m, &x| m & x);
        let digits: Vec<u8> = (1..=self.n as u8)
            .filter(|&d| common & 1 << d != 0)
            .collect();
        let base = |extra: &[String]| {
            let mut base: Vec<String> =
                cells.iter().map(|&c| super::cell_name(self.n, c)).collect();
            base.extend_from_slice(extra);
            base
        };
        for (i, &x) in digits.iter().enumerate() {
            for &y in &digits[i + 1..] {
                let pair = 1u64 << x | 1 << y;
                let exact: Vec<usize> = (0..4).filter(|&k| masks[k] == pair).collect();
                let digits_named = vec![format!("{x}{y}")];
                if exact.len() == 3 {
                    let k = (0..4).find(|k| !exact.contains(k))?;
                    let removed = vec![
                        self.placement_option(cells[k], x) as u32,
                        self.placement_option(cells[k], y) as u32,
                    ];
                    return Some(self.step(
                        Technique::UniqueRectangle(1),
                        base(&digits_named),
                        Vec::new(),
                        Vec::new(),
                        removed,
                    ));
                }
                if exact.len() != 2 {
                    continue;
                }
                // The floor: two cells of a line (indices 0,1 / 2,3 share
                // a row, 0,2 / 1,3 a column); the roof the other two.
                let (a, b) = (exact[0], exact[1]);
                if a + b == 3 {
                    continue;
                }
                let roof: Vec<usize> = (0..4).filter(|k| !exact.contains(k)).collect();
                let (p, q) = (cells[roof[0]], cells[roof[1]]);
                let (mp, mq) = (masks[roof[0]], masks[roof[1]]);
                // Type 2: one extra digit z in both roof cells.
                if mp == mq && (mp & !pair).count_ones() == 1 {
                    let z = (mp & !pair).trailing_zeros() as u8;
                    let (zp, zq) = (self.placement_option(p, z), self.placement_option(q, z));
                    let removed: Vec<u32> = (0..self.n * self.n)
                        .filter(|&c| c != p && c != q)
                        .map(|c| self.placement_option(c, z))
                        .filter(|&o| {
                            self.is_live(o) && self.conflict(o, zp) && self.conflict(o, zq)
                        })
                        .map(|o| o as u32)
                        .collect();
                    if !removed.is_empty() {
                        return Some(self.step(
                            Technique::UniqueRectangle(2),
                            base(&digits_named),
                            Vec::new(),
                            Vec::new(),
                            removed,
                        ));
                    }
                }
                // Type 4: x only in the roof cells within a house of both.
                if let Some(removed) = self.type_4(p, q, x, y) {
                    return Some(self.step(
                        Technique::UniqueRectangle(4),
                        base(&digits_named),
                        Vec::new(),
                        Vec::new(),
                        removed,
                    ));
                }
            }
        }
        None
    }

    /// The cells between the grid and a bivalue universal grave, found
    /// as Sudoku Explainer finds them: where a house holds a digit once
    /// or three times or more, the one place of it in a cell of three
    /// candidates or more is an extra digit of that cell. Houses are read
    /// boxes (regions) first, then rows, then columns, each digit in
    /// order. `None` unless taking the extra digits out would leave
    /// every open cell two candidates and every house each open digit
    /// twice.
    fn grave(&self) -> Option<Grave> {
        let n = self.n;
        let at = |o: usize| encode::placement(n, OptionId::from_index(o)).map_or(0, |(c, _)| c);
        let mut houses: Vec<(u8, usize, u8, usize)> = (0..self.count.len())
            .filter(|&item| !self.covered[item])
            .filter_map(|item| match self.shape.kinds[item] {
                Kind::House(family, house, digit) => Some(((family + 1) % 3, house, digit, item)),
                _ => None,
            })
            .collect();
        houses.sort_unstable();
        let mut grave = Grave::default();
        for (.., item) in houses {
            if matches!(self.count[item], 0 | 2) {
                continue;
            }
            let mut wide = self.live_options(item).filter(|&o| self.count[at(o)] >= 3);
            match (wide.next(), wide.next()) {
                (None, _) => return None,
                (Some(o), None) if !grave.options.contains(&o) => {
                    grave.options.push(o);
                    let (cell, digit) = encode::placement(n, OptionId::from_index(o))?;
                    match grave.cells.iter().position(|&c| c == cell) {
                        Some(k) => grave.extra[k] |= 1 << digit,
                        None => {
                            grave.cells.push(cell);
                            grave.extra.push(1 << digit);
                        }
                    }
                }
                _ => {}
            }
        }
        // Without them: two candidates a cell, each open digit twice a
        // house.
        let out = |item: usize| {
            grave
                .options
                .iter()
                .filter(|&&o| self.shape.items[o].contains(&(item as u32)))
                .count() as u32
        };
        for item in 0..self.count.len() {
            if self.covered[item] {
                continue;
            }
            let left = self.count[item] - out(item);
            let fits = match self.shape.kinds[item] {
                Kind::Cell => left == 2,
                Kind::House(..) => matches!(left, 0 | 2),
                Kind::Other => true,
            };
            if !fits {
                return None;
            }
        }
        Some(grave)
    }

    /// A bivalue universal grave, tried in Sudoku Explainer's order: one
    /// cell, type 1 (BUG+1, 5.6), the cell keeps its extra digits (and
    /// takes the one it has); one extra digit, type 2, else type 4 for
    /// two cells; several extra digits, type 4 for two cells, else type
    /// 3. One of the cells holds an extra digit, else the grid would
    /// have two solutions or none.
    pub(super) fn bug(&self) -> Option<Step> {
        if !self.uniqueness_serves() {
            return None;
        }
        let grave = self.grave()?;
        if let &[cell] = &grave.cells[..] {
            // Type 1: the cell keeps its extra digits; one is placed.
            let extra = grave.extra[0];
            let base = vec![super::cell_name(self.n, cell)];
            if extra.count_ones() == 1 {
                let option = self.placement_option(cell, extra.trailing_zeros() as u8);
                let placed = vec![option as u32];
                return Some(self.step(Technique::Bug, base, Vec::new(), placed, Vec::new()));
            }
            let removed: Vec<u32> = self
                .cell_options(cell, self.cell_mask(cell) & !extra)
                .map(|o| o as u32)
                .collect();
            return (!removed.is_empty())
                .then(|| self.step(Technique::Bug, base, Vec::new(), Vec::new(), removed));
        }
        let all = grave.extra.iter().fold(0u64, |all, &m| all | m);
        if all.count_ones() == 1 {
            return self
                .bug_type_2(&grave, all)
                .or_else(|| self.bug_type_4(&grave, all));
        }
        self.bug_type_4(&grave, all)
            .or_else(|| self.bug_type_3(&grave, all))
    }

    /// BUG type 2 (5.7): the extra digits are one digit `all`, which
    /// leaves the cells that see every cell holding it.
    fn bug_type_2(&self, grave: &Grave, all: u64) -> Option<Step> {
        let v = all.trailing_zeros() as u8;
        let holders: Vec<usize> = grave
            .cells
            .iter()
            .map(|&c| self.placement_option(c, v))
            .collect();
        let removed: Vec<u32> = (0..self.n * self.n)
            .filter(|c| !grave.cells.contains(c))
            .map(|c| self.placement_option(c, v))
            .filter(|&o| self.is_live(o) && holders.iter().all(|&h| self.conflict(o, h)))
            .map(|o| o as u32)
            .collect();
        if removed.is_empty() {
            return None;
        }
        let mut base: Vec<String> = grave
            .cells
            .iter()
            .map(|&c| super::cell_name(self.n, c))
            .collect();
        base.push(format!("{v}"));
        Some(self.step(Technique::BugType2, base, Vec::new(), Vec::new(), removed))
    }

    /// BUG type 4 (5.7): two cells in a house whose pairs (their
    /// candidates less their extra digits) share one digit: that digit
    /// has no other place in the house, so one cell holds it and the
    /// other an extra digit, and each loses the other digit of its pair.
    fn bug_type_4(&self, grave: &Grave, all: u64) -> Option<Step> {
        let &[p, q] = &grave.cells[..] else {
            return None;
        };
        let common = self.cell_mask(p) & self.cell_mask(q) & !all;
        if common.count_ones() != 1 {
            return None;
        }
        let (hp, hq) = (self.houses_of(p), self.houses_of(q));
        if !(0..3).any(|k| hp[k] == hq[k]) {
            return None;
        }
        let value = common.trailing_zeros() as u8;
        let removed: Vec<u32> = [(p, grave.extra[0]), (q, grave.extra[1])]
            .into_iter()
            .flat_map(|(cell, extra)| {
                self.cell_options(cell, self.cell_mask(cell) & !extra & !common)
            })
            .map(|o| o as u32)
            .collect();
        if removed.is_empty() {
            return None;
        }
        let base = vec![
            super::cell_name(self.n, p),
            super::cell_name(self.n, q),
            format!("{value}"),
        ];
        Some(self.step(Technique::BugType4, base, Vec::new(), Vec::new(), removed))
    }

    /// BUG type 3 (5.8 for a pair, 0.1 more for each digit more): the
    /// cells all lie in one house, and with k - 1 other cells of it (of
    /// two candidates or more) their extra digits make k digits; the
    /// cells holding an extra digit count as one, so those k digits
    /// leave the rest of the house. Houses are tried box, row, column,
    /// each for k from 2 to 6, the other cells in Sudoku Explainer's
    /// order: those of the first cell's box, then of its row, then of
    /// its column, in each house's order.
    fn bug_type_3(&self, grave: &Grave, all: u64) -> Option<Step> {
        let n = self.n;
        let first = grave.cells[0];
        let sees_all = |c: usize| {
            let hc = self.houses_of(c);
            grave
                .cells
                .iter()
                .all(|&g| (0..3).any(|k| self.houses_of(g)[k] == hc[k]))
        };
        let mut peers: Vec<usize> = Vec::new();
        for k in [2, 0, 1] {
            for c in self.house_cells(self.houses_of(first)[k]) {
                if !peers.contains(&c) && !grave.cells.contains(&c) && sees_all(c) {
                    peers.push(c);
                }
            }
        }
        for k in [2, 0, 1] {
            let house = self.houses_of(first)[k];
            if grave.cells.iter().any(|&g| self.houses_of(g)[k] != house) {
                continue;
            }
            let others: Vec<usize> = peers
                .iter()
                .copied()
                .filter(|&c| self.houses_of(c)[k] == house)
                .collect();
            let masks: Vec<u64> = others.iter().map(|&c| self.cell_mask(c)).collect();
            for degree in 2..=6usize.min(others.len()) {
                // The sets of degree - 1 cells, by increasing bit mask.
                let mut set: u64 = (1 << (degree - 1)) - 1;
                while set < 1 << others.len() {
                    let chosen = (0..others.len()).filter(|&i| set >> i & 1 == 1);
                    let digits = chosen.clone().fold(0u64, |m, i| m | masks[i]);
                    let fits = chosen.clone().all(|i| masks[i].count_ones() >= 2)
                        && digits.count_ones() as usize == degree
                        && all & !digits == 0;
                    if fits {
                        let removed: Vec<u32> = (0..others.len())
                            .filter(|&i| set >> i & 1 == 0 && self.placed[others[i]] == 0)
                            .flat_map(|i| self.cell_options(others[i], digits))
                            .filter(|&o| self.is_live(o))
                            .map(|o| o as u32)
                            .collect();
                        if !removed.is_empty() {
                            let mut base: Vec<String> = grave
                                .cells
                                .iter()
                                .map(|&c| super::cell_name(n, c))
                                .collect();
                            base.push(digit_set(all));
                            let cover = chosen.map(|i| super::cell_name(n, others[i])).collect();
                            let technique = Technique::BugType3(degree);
                            return Some(self.step(technique, base, cover, Vec::new(), removed));
                        }
                    }
                    set = next_subset(set);
                }
            }
        }
        None
    }

    /// A unique loop (4.6 for six cells, 4.7 for eight, 5.0 for more): an
    /// even loop of cells, each holding digits x and y, each next to the
    /// one before in a row, column or region, every house holding two of
    /// them or none. Two of x and y alternating around it would swap, so
    /// the cells holding more keep one of their other digits: type 1,
    /// one such cell loses x and y; type 2, their one other digit z is in
    /// one of them, so it leaves what sees them all; type 4, two such
    /// cells in a house where x has no other place: they hold x, so y
    /// leaves both; type 3 (the loop's value, and 0.1 for each digit of
    /// its set past the first, or past the second for a hidden set), two
    /// such cells in a house with a naked or hidden set, as a
    /// rectangle's roof ([`Logic::unique_rectangle_type_3`]). A step of
    /// type 3 found before the first step of another type is taken if
    /// it is easier.
    pub(super) fn unique_loop(&self) -> Option<Step> {
        if !self.uniqueness_serves() {
            return None;
        }
        let n = self.n;
        let open: Vec<usize> = (0..n * n)
            .filter(|&c| self.placed[c] == 0 && self.count[c] >= 2)
            .collect();
        let masks: Vec<u64> = (0..n * n).map(|c| self.cell_mask(c)).collect();
        let houses: Vec<[usize; 3]> = (0..n * n).map(|c| self.houses_of(c)).collect();
        // The easiest step of type 3 found so far.
        let mut set: Option<Step> = None;
        for x in 1..=n as u8 {
            for y in x + 1..=n as u8 {
                let pair = 1u64 << x | 1 << y;
                let cells: Vec<usize> = open
                    .iter()
                    .copied()
                    .filter(|&c| masks[c] & pair == pair)
                    .collect();
                if cells.len() < 6 {
                    continue;
                }
                let mut budget = 3_000;
                for (at, &start) in cells.iter().enumerate() {
                    let mut path = vec![start];
                    let found = self.grow_loop(
                        &cells[at + 1..],
                        &mut path,
                        (&masks, &houses),
                        pair,
                        &mut budget,
                        &mut set,
                    );
                    if let Some(step) = found {
                        return match set {
                            Some(set) if set.difficulty() < step.difficulty() => Some(set),
                            _ => Some(step),
                        };
                    }
                }
            }
        }
        set
    }

    /// The houses of `cell`: row, column, region.
    pub(super) fn houses_of(&self, cell: usize) -> [usize; 3] {
        let n = self.n;
        let (r, c) = (cell / n, cell % n);
        [r, n + c, 2 * n + self.shape.layout.region(r, c)]
    }

    /// Grows `path` (from its first cell, through cells after it in
    /// `cells`) into a loop that makes a step.
    fn grow_loop(
        &self,
        cells: &[usize],
        path: &mut Vec<usize>,
        (masks, houses): (&[u64], &[[usize; 3]]),
        pair: u64,
        budget: &mut usize,
        set: &mut Option<Step>,
    ) -> Option<Step> {
        if *budget == 0 || path.len() > 14 {
            return None;
        }
        *budget -= 1;
        let last = path[path.len() - 1];
        let shares = |a: usize, b: usize| houses[a].iter().any(|h| houses[b].contains(h));
        if path.len() >= 6 && path.len().is_multiple_of(2) && shares(last, path[0]) {
            if let Some(step) = self.loop_step(path, masks, pair, set) {
                return Some(step);
            }
        }
        let extra = |c: usize| masks[c] & !pair;
        for &next in cells {
            if path.contains(&next) || !shares(last, next) {
                continue;
            }
            // Past two cells with extra digits, a loop makes a step only
            // when they all hold one same extra digit (type 2).
            if extra(next) != 0 {
                let (count, union) = path
                    .iter()
                    .map(|&c| extra(c))
                    .filter(|&e| e != 0)
                    .fold((1, extra(next)), |(k, u), e| (k + 1, u | e));
                if count > 2 && union.count_ones() > 1 {
                    continue;
                }
            }
            // A house may hold two cells of the loop, an odd step apart.
            let fits = houses[next].iter().all(|h| {
                let mut held = path
                    .iter()
                    .enumerate()
                    .filter(|(_, &c)| houses[c].contains(h));
                match (held.next(), held.next()) {
                    (None, _) => true,
                    (Some((at, _)), None) => (path.len() - at) % 2 == 1,
                    _ => false,
                }
            });
            if !fits {
                continue;
            }
            path.push(next);
            let step = self.grow_loop(cells, path, (masks, houses), pair, budget, set);
            path.pop();
            if step.is_some() {
                return step;
            }
        }
        None
    }

    /// The step a closed loop makes, if it is a deadly pattern with one
    /// of the forms of extra digits; a step of type 3 goes to `set` if it
    /// is easier than the one there.
    fn loop_step(
        &self,
        cells: &[usize],
        masks: &[u64],
        pair: u64,
        set: &mut Option<Step>,
    ) -> Option<Step> {
        // Every house holds two cells of the loop an odd distance apart
        // in it, or none, so that x and y alternate in every house.
        let mut held: std::collections::HashMap<usize, Vec<usize>> = Default::default();
        for (at, &cell) in cells.iter().enumerate() {
            for h in self.houses_of(cell) {
                held.entry(h).or_default().push(at);
            }
        }
        let alternates = held
            .values()
            .all(|ats| ats.len() == 2 && (ats[1] - ats[0]) % 2 == 1);
        if !alternates {
            return None;
        }
        let extra: Vec<usize> = cells
            .iter()
            .copied()
            .filter(|&c| masks[c] != pair)
            .collect();
        let digits: Vec<u8> = (1..=self.n as u8).filter(|&d| pair & 1 << d != 0).collect();
        let base = || {
            let mut base: Vec<String> =
                cells.iter().map(|&c| super::cell_name(self.n, c)).collect();
            base.push(format!("{}{}", digits[0], digits[1]));
            base
        };
        let technique = Technique::UniqueLoop(cells.len());
        if extra.len() == 1 {
            let removed = digits
                .iter()
                .map(|&d| self.placement_option(extra[0], d) as u32)
                .collect();
            return Some(self.step(technique, base(), Vec::new(), Vec::new(), removed));
        }
        let others = masks[extra[0]] & !pair;
        if others.count_ones() == 1 && extra.iter().all(|&c| masks[c] & !pair == others) {
            let z = others.trailing_zeros() as u8;
            let holders: Vec<usize> = extra.iter().map(|&c| self.placement_option(c, z)).collect();
            let removed: Vec<u32> = (0..self.n * self.n)
                .filter(|c| !cells.contains(c))
                .map(|c| self.placement_option(c, z))
                .filter(|&o| self.is_live(o) && holders.iter().all(|&h| self.conflict(o, h)))
                .map(|o| o as u32)
                .collect();
            if !removed.is_empty() {
                return Some(self.step(technique, base(), Vec::new(), Vec::new(), removed));
            }
        }
        if let &[p, q] = &extra[..] {
            if let Some(removed) = self.type_4(p, q, digits[0], digits[1]) {
                return Some(self.step(technique, base(), Vec::new(), Vec::new(), removed));
            }
            if let Some(step) = self.loop_set(cells, pair, p, q) {
                keep_easier(set, step);
            }
        }
        None
    }

    /// The type 3 step of a loop (or rectangle) `cells` of digits `pair`
    /// whose cells `p` and `q` hold two or more extra digits between
    /// them: with other cells of a house of both, those digits make a
    /// naked set; the easiest found.
    fn loop_set(&self, cells: &[usize], pair: u64, p: usize, q: usize) -> Option<Step> {
        let extra = (self.cell_mask(p) | self.cell_mask(q)) & !pair;
        if extra.count_ones() < 2 {
            return None;
        }
        let mut best: Option<Step> = None;
        let shared = self.houses_of(p);
        for h in shared.into_iter().filter(|h| self.houses_of(q).contains(h)) {
            let others: Vec<usize> = self
                .house_cells(h)
                .into_iter()
                .filter(|&c| c != p && c != q && self.placed[c] == 0)
                .collect();
            let empty = others.len() + 2;
            let mut chosen = Vec::new();
            let naked = self.naked_with_roof(cells, pair, extra, &others, empty, &mut chosen, 0);
            let hidden = self.hidden_with_roof(cells, pair, extra, p, &others);
            for step in naked.into_iter().chain(hidden) {
                keep_easier(&mut best, step);
            }
        }
        best
    }

    /// The smallest hidden set of a house of roof cell `p` and another
    /// (the house's other open cells `others`): the pair's two digits and
    /// k - 2 digits that neither roof cell holds as an extra digit, whose
    /// places in the house, the other roof cell left out, are `p` and
    /// k - 1 other cells.
    /// At most one roof cell holds a digit of the pair, so those k - 1
    /// cells hold k - 1 of the k digits and lose every other candidate.
    fn hidden_with_roof(
        &self,
        cells: &[usize],
        pair: u64,
        extra: u64,
        p: usize,
        others: &[usize],
    ) -> Option<Step> {
        let n = self.n;
        let empty = others.len() + 2;
        let free: Vec<u8> = (1..=n as u8)
            .filter(|&d| (pair | extra) >> d & 1 == 0)
            .collect();
        let masks: Vec<u64> = others.iter().map(|&c| self.cell_mask(c)).collect();
        let mask_p = self.cell_mask(p);
        let places = |digit: u8| -> u64 {
            let at_p = u64::from(mask_p >> digit & 1 == 1) << others.len();
            masks
                .iter()
                .enumerate()
                .filter(|&(_, &m)| m >> digit & 1 == 1)
                .fold(at_p, |m, (i, _)| m | 1 << i)
        };
        // From as many digits as the roof has extra digits, as Sudoku
        // Explainer tries them.
        for degree in (extra.count_ones() as usize).max(2)..=4 {
            if 2 * degree >= empty || degree - 2 > free.len() {
                break;
            }
            // The k - 2 digits besides the pair, by increasing bit mask.
            let mut set: u64 = (1 << (degree - 2)) - 1;
            while set < 1 << free.len() {
                let mut digits = pair;
                let mut union = 0u64;
                let mut each = true;
                for d in (1..=n as u8).filter(|&d| pair >> d & 1 == 1).chain(
                    (0..free.len())
                        .filter(|&i| set >> i & 1 == 1)
                        .map(|i| free[i]),
                ) {
                    digits |= 1 << d;
                    let at = places(d);
                    each &= at != 0;
                    union |= at;
                }
                if each && union.count_ones() as usize == degree && union >> others.len() == 1 {
                    let hidden: Vec<usize> = (0..others.len())
                        .filter(|&i| union >> i & 1 == 1)
                        .map(|i| others[i])
                        .collect();
                    let removed: Vec<u32> = hidden
                        .iter()
                        .flat_map(|&c| self.cell_options(c, self.cell_mask(c) & !digits))
                        .map(|o| o as u32)
                        .collect();
                    if !removed.is_empty() {
                        let technique = match cells.len() {
                            4 => Technique::UniqueRectangleHidden(degree),
                            len => Technique::UniqueLoopHidden(len, degree),
                        };
                        let set = (degree > 2).then_some(digits);
                        let roof = (cells, pair);
                        return Some(self.roof_step(technique, roof, set, &hidden, removed));
                    }
                }
                if set == 0 {
                    break;
                }
                set = next_subset(set);
            }
        }
        None
    }

    /// The type 4 step of a deadly pattern of digits `x` and `y` whose
    /// cells `p` and `q` hold more (a rectangle's roof, a loop's two
    /// cells with other digits): when one of the two digits has no other
    /// place in a house of both, one of them holds it and the other an
    /// extra digit, so the other of the two leaves both. The placements
    /// taken out, if any.
    fn type_4(&self, p: usize, q: usize, x: u8, y: u8) -> Option<Vec<u32>> {
        [(x, y), (y, x)].into_iter().find_map(|(keep, drop)| {
            let (kp, kq) = (
                self.placement_option(p, keep),
                self.placement_option(q, keep),
            );
            let locked = self.shape.items[kp].iter().any(|&item| {
                matches!(self.shape.kinds[item as usize], Kind::House(..))
                    && self.shape.items[kq].contains(&item)
                    && self.count[item as usize] == 2
            });
            locked.then(|| {
                vec![
                    self.placement_option(p, drop) as u32,
                    self.placement_option(q, drop) as u32,
                ]
            })
        })
    }
}
