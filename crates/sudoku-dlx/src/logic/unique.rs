//! Rules that hold only because the puzzle has one solution: a pattern
//! that would let two digits swap (a deadly pattern) cannot be the
//! solution. They serve layouts of rows, columns and boxes or regions
//! without other rules, where swapping two digits in a rectangle over
//! two regions keeps every house, and only when the state knows the
//! puzzle has one solution ([`Logic::assume_unique`]).

use dlx::OptionId;

use super::{Kind, Logic, Step, Technique};
use crate::encode;

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
    /// set's digits leave the rest of the house. The easiest found, as
    /// Sudoku Explainer takes it.
    pub(super) fn unique_rectangle_type_3(&self) -> Option<Step> {
        if !self.uniqueness_serves() {
            return None;
        }
        let mut best: Option<Step> = None;
        for step in self
            .rectangles()
            .filter_map(|cells| self.rectangle_set(cells))
        {
            if best
                .as_ref()
                .is_none_or(|b| step.difficulty() < b.difficulty())
            {
                best = Some(step);
            }
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
                let extra = (masks[roof[0]] | masks[roof[1]]) & !pair;
                if extra.count_ones() < 2 {
                    continue;
                }
                let shared: Vec<usize> = self
                    .houses_of(p)
                    .into_iter()
                    .filter(|h| self.houses_of(q).contains(h))
                    .collect();
                for h in shared {
                    let others: Vec<usize> = self
                        .house_cells(h)
                        .into_iter()
                        .filter(|&c| c != p && c != q && self.placed[c] == 0)
                        .collect();
                    let empty = others.len() + 2;
                    let mut chosen = Vec::new();
                    if let Some(step) =
                        self.naked_with_roof(cells, pair, extra, &others, empty, &mut chosen, 0)
                    {
                        if best
                            .as_ref()
                            .is_none_or(|b| step.difficulty() < b.difficulty())
                        {
                            best = Some(step);
                        }
                    }
                }
            }
        }
        best
    }

    /// The smallest naked set of a house made of the roof (its extra
    /// digits `extra`) and cells of `others` from `from` on, added to
    /// `chosen`, that takes a digit out of the rest of the house.
    #[allow(clippy::too_many_arguments)]
    fn naked_with_roof(
        &self,
        cells: [usize; 4],
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
                .flat_map(|&c| {
                    (1..=self.n as u8)
                        .filter(move |&d| digits >> d & 1 != 0)
                        .map(move |d| (c, d))
                })
                .map(|(c, d)| self.placement_option(c, d))
                .filter(|&o| self.is_live(o))
                .map(|o| o as u32)
                .collect();
            if removed.is_empty() {
                return None;
            }
            let n = self.n;
            let mut base: Vec<String> = cells.iter().map(|&c| super::cell_name(n, c)).collect();
            let named: Vec<u8> = (1..=n as u8).filter(|&d| pair >> d & 1 != 0).collect();
            base.push(format!("{}{}", named[0], named[1]));
            let cover = chosen.iter().map(|&c| super::cell_name(n, c)).collect();
            return Some(self.step(
                Technique::UniqueRectangleSet(degree),
                base,
                cover,
                Vec::new(),
                removed,
            ));
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

    /// A bivalue universal grave, type 1 (5.6): every open cell holds two
    /// digits but one, which holds three, and every house has each of its
    /// open digits twice but for one digit in that cell's houses, three
    /// times. Without that digit the grid would have two solutions, so
    /// the cell takes it.
    pub(super) fn bug(&self) -> Option<Step> {
        if !self.uniqueness_serves() {
            return None;
        }
        let n = self.n;
        let open: Vec<usize> = (0..n * n).filter(|&c| self.placed[c] == 0).collect();
        let mut three = None;
        for &cell in &open {
            match self.count[cell] {
                2 => {}
                3 if three.is_none() => three = Some(cell),
                _ => return None,
            }
        }
        let cell = three?;
        let mut digit = None;
        for d in 1..=n as u8 {
            let o = self.placement_option(cell, d);
            if !self.is_live(o) {
                continue;
            }
            let houses = self.shape.items[o]
                .iter()
                .filter(|&&i| matches!(self.shape.kinds[i as usize], Kind::House(..)));
            if houses.clone().all(|&i| self.count[i as usize] == 3) {
                if digit.is_some() {
                    return None;
                }
                digit = Some((d, o));
            }
        }
        let (_, option) = digit?;
        // Every other open house digit twice.
        let others_twice = (0..self.count.len()).all(|item| {
            !matches!(self.shape.kinds[item], Kind::House(..))
                || self.covered[item]
                || self.count[item] == 2
                || self.shape.items[option].contains(&(item as u32))
        });
        if !others_twice {
            return None;
        }
        Some(self.step(
            Technique::Bug,
            vec![super::cell_name(n, cell)],
            Vec::new(),
            vec![option as u32],
            Vec::new(),
        ))
    }

    /// A bivalue universal grave of type 2 (5.7), found as Sudoku
    /// Explainer finds the candidates of a grave: where a house holds a
    /// digit once or three times or more, the one place of it in a cell
    /// of three candidates or more is such a candidate. When taking them
    /// all out would leave every open cell two candidates and every house
    /// each open digit twice, and they are one digit in several cells,
    /// one of those cells holds it (else the grid would have two
    /// solutions or none): it leaves the cells that see them all.
    pub(super) fn bug_type_2(&self) -> Option<Step> {
        if !self.uniqueness_serves() {
            return None;
        }
        let n = self.n;
        let at = |o: usize| encode::placement(n, OptionId::from_index(o)).map_or(0, |(c, _)| c);
        let mut grave: Vec<usize> = Vec::new();
        for item in 0..self.count.len() {
            if self.covered[item] || !matches!(self.shape.kinds[item], Kind::House(..)) {
                continue;
            }
            if matches!(self.count[item], 0 | 2) {
                continue;
            }
            let mut wide = self.live_options(item).filter(|&o| self.count[at(o)] >= 3);
            match (wide.next(), wide.next()) {
                (None, _) => return None,
                (Some(o), None) if !grave.contains(&o) => grave.push(o),
                _ => {}
            }
        }
        // Without them: two candidates a cell, each open digit twice a
        // house.
        let out = |item: usize| {
            grave
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
        let digit = |o: usize| encode::placement(n, OptionId::from_index(o)).map(|(_, d)| d);
        let v = digit(*grave.first()?);
        if grave.len() < 2 || grave.iter().any(|&o| digit(o) != v) {
            return None;
        }
        let v = v?;
        let removed: Vec<u32> = (0..n * n)
            .map(|c| self.placement_option(c, v))
            .filter(|&o| {
                self.is_live(o) && !grave.contains(&o) && grave.iter().all(|&g| self.conflict(o, g))
            })
            .map(|o| o as u32)
            .collect();
        if removed.is_empty() {
            return None;
        }
        let mut base: Vec<String> = grave.iter().map(|&o| super::cell_name(n, at(o))).collect();
        base.push(format!("{v}"));
        Some(self.step(Technique::BugType2, base, Vec::new(), Vec::new(), removed))
    }

    /// A unique loop (4.6 for six cells, 4.7 for eight, 5.0 for more): an
    /// even loop of cells, each holding digits x and y, each next to the
    /// one before in a row, column or region, every house holding two of
    /// them or none. Two of x and y alternating around it would swap, so
    /// the cells holding more keep one of their other digits: type 1,
    /// one such cell loses x and y; type 2, their one other digit z is in
    /// one of them, so it leaves what sees them all; type 4, two such
    /// cells in a house where x has no other place: they hold x, so y
    /// leaves both.
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
                    );
                    if let Some(step) = found {
                        return Some(step);
                    }
                }
            }
        }
        None
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
    ) -> Option<Step> {
        if *budget == 0 || path.len() > 14 {
            return None;
        }
        *budget -= 1;
        let last = path[path.len() - 1];
        let shares = |a: usize, b: usize| houses[a].iter().any(|h| houses[b].contains(h));
        if path.len() >= 6 && path.len().is_multiple_of(2) && shares(last, path[0]) {
            if let Some(step) = self.loop_step(path, masks, pair) {
                return Some(step);
            }
        }
        for &next in cells {
            if path.contains(&next) || !shares(last, next) {
                continue;
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
            let step = self.grow_loop(cells, path, (masks, houses), pair, budget);
            path.pop();
            if step.is_some() {
                return step;
            }
        }
        None
    }

    /// The step a closed loop makes, if it is a deadly pattern with one
    /// of the two forms of extra digits.
    fn loop_step(&self, cells: &[usize], masks: &[u64], pair: u64) -> Option<Step> {
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
