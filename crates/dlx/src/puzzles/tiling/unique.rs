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

use super::error::{TilingError, TilingErrorKind};
use super::geometry::{turn, Cell, Motion, Shape};
use super::{Placement, Tiling};

/// A symmetry of the problem.
pub(crate) struct Symmetry {
    /// The image of each cell of the board, by index.
    cells: Vec<usize>,
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
                Ok(j) if optional[j] == optional[k] => cells.push(j),
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
/// secondary items each placement's option also names.
pub(crate) struct Breaking {
    pub(crate) dropped: Vec<bool>,
    pub(crate) items: Vec<String>,
    pub(crate) extra: Vec<Vec<usize>>,
}

impl Breaking {
    pub(crate) fn none(placements: usize) -> Breaking {
        Breaking {
            dropped: vec![false; placements],
            items: Vec::new(),
            extra: vec![Vec::new(); placements],
        }
    }
}

fn image(symmetry: &Symmetry, cells: &[usize]) -> Vec<usize> {
    let mut image: Vec<usize> = cells.iter().map(|&c| symmetry.cells[c]).collect();
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
pub(crate) fn break_symmetry(
    tiling: &Tiling,
    placements: &[Placement],
) -> Result<Breaking, TilingError> {
    let group = symmetries(tiling);
    let mut breaking = Breaking::none(placements.len());
    if group.len() <= 1 {
        return Ok(breaking);
    }
    let others = &group[1..];
    let pieces = tiling.pieces();
    let mut by_piece = vec![Vec::new(); pieces.len()];
    for (k, placement) in placements.iter().enumerate() {
        by_piece[placement.piece].push(k);
    }
    let once = |p: usize| pieces[p].bounds == (1, 1);
    // fixes[q][h]: whether symmetry h fixes some placement of piece q.
    let fixes: Vec<Vec<bool>> = (0..pieces.len())
        .map(|q| {
            others
                .iter()
                .map(|h| {
                    by_piece[q]
                        .iter()
                        .any(|&k| image(h, &placements[k].cells) == placements[k].cells)
                })
                .collect()
        })
        .collect();
    let mut best: Option<Plan> = None;
    let mut stuck = None;
    for p in (0..pieces.len()).filter(|&p| once(p) && others.iter().all(|g| g.pieces[p] == p)) {
        let mut kept = Vec::new();
        let mut works = true;
        for &k in &by_piece[p] {
            let x = &placements[k].cells;
            let images: Vec<Vec<usize>> = others.iter().map(|g| image(g, x)).collect();
            if images.iter().any(|y| y < x) {
                continue;
            }
            let fixing: Vec<usize> = (0..others.len()).filter(|&h| images[h] == *x).collect();
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
    for &k in &by_piece[plan.p] {
        breaking.dropped[k] = true;
    }
    // The items sym-q-h, numbered as (q, h) pairs in order of first use.
    let mut pairs: Vec<(usize, usize)> = Vec::new();
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
                breaking.extra[*k].push(item);
            }
        }
    }
    for (item, &(q, h)) in pairs.iter().enumerate() {
        for &k in &by_piece[q] {
            let y = &placements[k].cells;
            if image(&others[h], y) < *y {
                breaking.extra[k].push(item);
            }
        }
    }
    breaking.items = pairs
        .iter()
        .map(|&(q, h)| format!("sym-{}-{}", pieces[q].name, h + 1))
        .collect();
    Ok(breaking)
}
