//! XY- and XYZ-wings: a pivot cell and two pincer cells of two or three
//! candidates, one of which must hold a digit z, so z leaves every cell
//! that sees all three.

use dlx::OptionId;

use super::{Logic, Step, Technique};
use crate::encode;

impl Logic {
    /// An XY-wing (or with `xyz`, an XYZ-wing): a pivot cell of two
    /// (three) candidates, and two pincer cells of two, each seeing the
    /// pivot on one of its candidates, sharing a third digit z: z is in
    /// one pincer (or the pivot), so it leaves what sees them all.
    pub(super) fn wing(&self, xyz: bool) -> Option<Step> {
        let n = self.n;
        let shape = &self.shape;
        let digit = |o: usize| encode::placement(n, OptionId::from_index(o)).map(|(_, d)| d);
        let cells: Vec<usize> = (0..n * n)
            .filter(|&c| self.placed[c] == 0 && !self.covered[c])
            .collect();
        let pairs: Vec<(usize, [usize; 2])> = cells
            .iter()
            .filter(|&&c| self.count[c] == 2)
            .map(|&c| {
                let mut options = self.live_options(c);
                (
                    c,
                    [options.next().unwrap_or(0), options.next().unwrap_or(0)],
                )
            })
            .collect();
        let size = if xyz { 3 } else { 2 };
        for &pivot in cells.iter().filter(|&&c| self.count[c] == size) {
            let p: Vec<usize> = self.live_options(pivot).collect();
            // Pincers: a pair cell whose one option conflicts with a
            // pivot option of the same digit, its other option z.
            let mut pincers: Vec<(usize, usize, usize)> = Vec::new();
            for &(cell, options) in &pairs {
                if cell == pivot {
                    continue;
                }
                for (k, &o) in options.iter().enumerate() {
                    let z = options[1 - k];
                    for (j, &po) in p.iter().enumerate() {
                        if digit(o) == digit(po) && self.conflict(o, po) && digit(z) != digit(po) {
                            pincers.push((j, cell, z));
                        }
                    }
                }
            }
            for (a, &(ja, ca, za)) in pincers.iter().enumerate() {
                for &(jb, cb, zb) in &pincers[a + 1..] {
                    if ja == jb || ca == cb || digit(za) != digit(zb) {
                        continue;
                    }
                    let mut seen = vec![za, zb];
                    if xyz {
                        // The pivot's third option is z.
                        let Some(&pz) = p
                            .iter()
                            .enumerate()
                            .find(|&(j, _)| j != ja && j != jb)
                            .map(|(_, o)| o)
                        else {
                            continue;
                        };
                        if digit(pz) != digit(za) {
                            continue;
                        }
                        seen.push(pz);
                    } else if p.iter().any(|&o| digit(o) == digit(za)) {
                        continue;
                    }
                    let removed: Vec<u32> = shape.items[za]
                        .iter()
                        .flat_map(|&i| shape.options[i as usize].iter())
                        .map(|&q| q as usize)
                        .filter(|&q| self.live[q] && !seen.contains(&q))
                        .filter(|&q| seen.iter().all(|&z| self.conflict(q, z)))
                        .collect::<std::collections::BTreeSet<_>>()
                        .into_iter()
                        .map(|q| q as u32)
                        .collect();
                    if removed.is_empty() {
                        continue;
                    }
                    let technique = if xyz {
                        Technique::XyzWing
                    } else {
                        Technique::XyWing
                    };
                    let base = [pivot, ca, cb]
                        .iter()
                        .map(|&c| shape.names[c].clone())
                        .collect();
                    return Some(self.step(technique, base, Vec::new(), Vec::new(), removed));
                }
            }
        }
        None
    }
}
