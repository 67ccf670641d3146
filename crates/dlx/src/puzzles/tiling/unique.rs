//! One tiling per class under the symmetries of the problem, by
//! restricting a piece's placements (TAOCP 7.2.2.1).
//!
//! The argument. Let G be the problem's symmetries: each g in G maps the
//! board onto itself (cells to fill to cells to fill, cells that may stay
//! empty to such cells, suffixes kept) and every piece's set of placements
//! onto that of a piece `sigma_g(p)` used as often (its mirror image, when
//! pieces cannot be mirrored). Then g maps tilings to tilings, and G acts
//! on the set of tilings.
//!
//! Take a piece p used exactly once with `sigma_g(p) = p` for every g.
//! Order placements by their ascending lists of cell indices, and keep
//! only the placements x of p that are least in their G-orbit. A tiling T
//! with p at x has the images g(T), with p at g(x); when no g but the
//! identity fixes x, the g(x) are |G| distinct placements, exactly one of
//! them least: exactly one tiling of the class of T survives.
//!
//! A kept x fixed by the symmetries H (besides the identity) needs a
//! second piece q: used exactly once, `sigma_h(q) = q` for h in H, and no
//! placement of q fixed by any h in H. Among the tilings of the class with
//! p at x, H moves q's placement y through |H| + 1 distinct placements;
//! a secondary item `sym-q-h` for each h in H, named by x's option and by
//! each option of q whose placement y has h(y) < y, keeps exactly the
//! tiling whose y is least in its H-orbit. Each such q may serve several
//! placements x: a tiling holds one placement of p, so its items never
//! clash.
//!
//! Pieces used more than once cannot be p or q (each of a piece's k
//! placements would need its own orbit), nor can pieces that a symmetry
//! swaps with another (mirror images): when no piece qualifies, the
//! problem is refused, never counted wrongly.

use std::collections::BTreeSet;
use std::mem::size_of;

use super::error::{TilingError, TilingErrorKind};
use super::geometry::{turn, Cell, Motion, Shape};
use super::{Placements, Tiling, CHECK_EVERY};

/// A symmetry of the problem.
pub(crate) struct Symmetry {
    /// The image of each cell of the board, by index.
    cells: Vec<u32>,
    /// The piece each piece's placements go to.
    pieces: Vec<usize>,
}

/// The symmetries of the problem, the identity first.
pub(crate) fn symmetries(tiling: &Tiling) -> Vec<Symmetry> {
    let board = tiling.board();
    let optional = tiling.optional();
    let pieces = tiling.pieces();
    let sets = tiling.orientation_sets();
    let least = |cells: &mut dyn Iterator<Item = [i32; 3]>| {
        cells.fold([i32::MAX; 3], |low, at| {
            [0, 1, 2].map(|i| low[i].min(at[i]))
        })
    };
    let corner = least(&mut board.iter().map(|c| c.at));
    let mut all = Vec::new();
    'motions: for motion in Motion::all(tiling.dimensions()) {
        let moved = least(&mut board.iter().map(|c| motion.apply(c.at)));
        let shift = [0, 1, 2].map(|i| corner[i] - moved[i]);
        let mut cells = Vec::with_capacity(board.len());
        for (k, cell) in board.iter().enumerate() {
            let at = motion.apply(cell.at);
            let image = Cell {
                at: [0, 1, 2].map(|i| at[i] + shift[i]),
                suffix: cell.suffix,
            };
            match board.binary_search(&image) {
                Ok(j) if optional[j] == optional[k] => cells.push(j as u32),
                _ => continue 'motions,
            }
        }
        let mut images = Vec::with_capacity(pieces.len());
        for (p, set) in sets.iter().enumerate() {
            let image: BTreeSet<Shape> = set.iter().map(|s| turn(s, motion)).collect();
            let like = |target: &BTreeSet<Shape>| -> Vec<usize> {
                (0..pieces.len())
                    .filter(|&q| sets[q] == *target && pieces[q].bounds == pieces[p].bounds)
                    .collect()
            };
            let (own, onto) = (like(set), like(&image));
            if own.len() != onto.len() {
                continue 'motions;
            }
            let rank = own.iter().position(|&q| q == p).unwrap_or_default();
            images.push(onto[rank]);
        }
        all.push(Symmetry {
            cells,
            pieces: images,
        });
    }
    all
}

/// What up to symmetry does to the options: placements dropped, and the
/// secondary items each placement's option also names. The default drops
/// none and adds none.
#[derive(Debug, Default)]
pub(crate) struct Breaking {
    /// Whether each placement is dropped; empty when none is.
    dropped: Vec<bool>,
    pub(crate) items: Vec<String>,
    /// The placements that name items, ascending, each with its items
    /// (indices into `items`) in the order they were given: few, the
    /// placements of one or two pieces.
    extra: Vec<(usize, Vec<usize>)>,
}

impl Breaking {
    /// Whether placement `k` is dropped.
    pub(crate) fn is_dropped(&self, k: usize) -> bool {
        self.dropped.get(k).copied().unwrap_or(false)
    }

    /// The items that placement `k` names besides its piece and cells.
    pub(crate) fn extra(&self, k: usize) -> &[usize] {
        match self.extra.binary_search_by_key(&k, |(j, _)| *j) {
            Ok(i) => &self.extra[i].1,
            Err(_) => &[],
        }
    }
}

/// The bytes that breaking the symmetry of `placements` placements takes
/// beyond the placements themselves: a flag and an index per placement,
/// and the image of each cell under each symmetry (48 at most).
pub(crate) fn bytes(tiling: &Tiling, placements: usize) -> u64 {
    let symmetries = if tiling.dimensions() == 2 { 8 } else { 48 };
    let images = tiling.cell_count() * symmetries * size_of::<u32>();
    (placements * (1 + size_of::<u32>()) + images) as u64
}

fn image(symmetry: &Symmetry, cells: &[u32]) -> Vec<u32> {
    let mut image: Vec<u32> = cells.iter().map(|&c| symmetry.cells[c as usize]).collect();
    image.sort_unstable();
    image
}

/// A restriction that works: piece p, its kept placements, and for each
/// kept placement fixed by symmetries, the piece q that breaks them.
struct Plan {
    p: usize,
    kept: Vec<(usize, Vec<usize>, Option<usize>)>,
}

/// Restricts one piece's placements (and where needed a second piece's)
/// so that each class of tilings is found once; see the module docs.
///
/// # Errors
///
/// [`TilingErrorKind::CannotBreakSymmetry`] when no piece will do, and
/// [`TilingErrorKind::Cancelled`] once the cancel flag is set.
pub(crate) fn break_symmetry(
    tiling: &Tiling,
    placements: &Placements,
) -> Result<Breaking, TilingError> {
    let group = symmetries(tiling);
    let mut breaking = Breaking::default();
    if group.len() <= 1 {
        return Ok(breaking);
    }
    let others = &group[1..];
    let pieces = tiling.pieces();
    let mut by_piece: Vec<Vec<u32>> = vec![Vec::new(); pieces.len()];
    for k in 0..placements.len() {
        by_piece[placements.piece(k)].push(k as u32);
    }
    let once = |p: usize| pieces[p].bounds == (1, 1);
    // fixes[q][h]: whether symmetry h fixes some placement of piece q.
    let mut fixes: Vec<Vec<bool>> = Vec::with_capacity(pieces.len());
    for placed in &by_piece {
        let mut row = Vec::with_capacity(others.len());
        for h in others {
            let mut fixed = false;
            for (i, &k) in placed.iter().enumerate() {
                if i % CHECK_EVERY == 0 {
                    tiling.check_cancelled()?;
                }
                let cells = placements.cells(k as usize);
                if image(h, cells) == cells {
                    fixed = true;
                    break;
                }
            }
            row.push(fixed);
        }
        fixes.push(row);
    }
    let mut best: Option<Plan> = None;
    let mut stuck = None;
    for p in (0..pieces.len()).filter(|&p| once(p) && others.iter().all(|g| g.pieces[p] == p)) {
        let mut kept = Vec::new();
        let mut works = true;
        for (i, &k) in by_piece[p].iter().enumerate() {
            if i % CHECK_EVERY == 0 {
                tiling.check_cancelled()?;
            }
            let k = k as usize;
            let x = placements.cells(k);
            let images: Vec<Vec<u32>> = others.iter().map(|g| image(g, x)).collect();
            if images.iter().any(|y| y.as_slice() < x) {
                continue;
            }
            let fixing: Vec<usize> = (0..others.len()).filter(|&h| images[h] == x).collect();
            let breaker = if fixing.is_empty() {
                None
            } else {
                let q = (0..pieces.len()).find(|&q| {
                    q != p
                        && once(q)
                        && fixing
                            .iter()
                            .all(|&h| others[h].pieces[q] == q && !fixes[q][h])
                });
                if q.is_none() {
                    works = false;
                    stuck = Some(p);
                    break;
                }
                q
            };
            kept.push((k, fixing, breaker));
        }
        if works && best.as_ref().is_none_or(|b| kept.len() < b.kept.len()) {
            best = Some(Plan { p, kept });
        }
    }
    let Some(plan) = best else {
        let count = group.len();
        let why = match stuck {
            None => format!(
                "no piece used exactly once is mapped onto itself by all {count} \
                 symmetries of the problem"
            ),
            Some(p) => format!(
                "piece '{}' has placements fixed by some of the {count} symmetries, \
                 and no other piece used exactly once can tell their images apart",
                pieces[p].name
            ),
        };
        return Err(TilingError::new(TilingErrorKind::CannotBreakSymmetry(why)));
    };
    breaking.dropped = vec![false; placements.len()];
    for &k in &by_piece[plan.p] {
        breaking.dropped[k as usize] = true;
    }
    // The items sym-q-h, numbered as (q, h) pairs in order of first use,
    // and the items of each placement, in the order given.
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut extra: Vec<(usize, usize)> = Vec::new();
    for (k, fixing, breaker) in &plan.kept {
        breaking.dropped[*k] = false;
        if let Some(q) = *breaker {
            for &h in fixing {
                let item = match pairs.iter().position(|&pair| pair == (q, h)) {
                    Some(i) => i,
                    None => {
                        pairs.push((q, h));
                        pairs.len() - 1
                    }
                };
                extra.push((*k, item));
            }
        }
    }
    for (item, &(q, h)) in pairs.iter().enumerate() {
        for (i, &k) in by_piece[q].iter().enumerate() {
            if i % CHECK_EVERY == 0 {
                tiling.check_cancelled()?;
            }
            let y = placements.cells(k as usize);
            if image(&others[h], y).as_slice() < y {
                extra.push((k as usize, item));
            }
        }
    }
    // A stable sort keeps each placement's items in the order given.
    extra.sort_by_key(|&(k, _)| k);
    for (k, item) in extra {
        match breaking.extra.last_mut() {
            Some((last, items)) if *last == k => items.push(item),
            _ => breaking.extra.push((k, vec![item])),
        }
    }
    breaking.items = pairs
        .iter()
        .map(|&(q, h)| format!("sym-{}-{}", pieces[q].name, h + 1))
        .collect();
    Ok(breaking)
}
