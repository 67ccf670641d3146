//! Exact cover by trying every subset of the options.

/// One entry of an option: an item (primary items first) and, for a
/// secondary item, an optional color.
pub type Entry = (usize, Option<usize>);

/// A small exact-cover problem, as plain numbers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cover {
    /// Items `0..primary` are primary, items `primary..items` secondary.
    pub primary: usize,
    /// The number of items.
    pub items: usize,
    /// The options with their ids, in increasing order of id.
    pub options: Vec<(usize, Vec<Entry>)>,
}

/// The most options [`Cover::solutions`] takes: 2^16 subsets.
pub const MAX_OPTIONS: usize = 16;

impl Cover {
    /// The problem's items and options, colors by their index.
    pub fn of(problem: &dlx::Problem) -> Cover {
        let options = problem
            .options()
            .map(|(id, entries)| {
                let entries = entries
                    .iter()
                    .map(|e| (e.item, e.color.map(|c| c.index())))
                    .collect();
                (id.index(), entries)
            })
            .collect();
        Cover {
            primary: problem.primary_count(),
            items: problem.item_count(),
            options,
        }
    }

    /// Whether the options with these ids make a solution: every primary
    /// item in exactly one of them, every secondary item in at most one, or
    /// in several that all give it one and the same color (TAOCP 7.2.2.1,
    /// Algorithm C). Unknown or repeated ids make no solution.
    pub fn is_solution(&self, ids: &[usize]) -> bool {
        let mut chosen = Vec::with_capacity(ids.len());
        for &id in ids {
            match self.options.binary_search_by_key(&id, |(id, _)| *id) {
                Ok(k) if !chosen.contains(&k) => chosen.push(k),
                _ => return false,
            }
        }
        self.covers(chosen.into_iter())
    }

    /// Whether the options at these positions of `self.options` make a
    /// solution; see [`Cover::is_solution`].
    fn covers(&self, chosen: impl Iterator<Item = usize>) -> bool {
        let mut uses = vec![0usize; self.items];
        // The color every use so far agreed on: `Some(None)` once an
        // uncolored use or two different colors are seen.
        let mut color: Vec<Option<Option<usize>>> = vec![None; self.items];
        for k in chosen {
            for &(item, c) in &self.options[k].1 {
                uses[item] += 1;
                color[item] = match (color[item], c) {
                    (None, c) => Some(c),
                    (Some(Some(a)), Some(b)) if a == b => Some(Some(a)),
                    _ => Some(None),
                };
            }
        }
        (0..self.items).all(|item| {
            if item < self.primary {
                uses[item] == 1
            } else {
                uses[item] <= 1 || matches!(color[item], Some(Some(_)))
            }
        })
    }

    /// Every solution, each as its option ids in increasing order, in
    /// increasing order.
    ///
    /// # Panics
    ///
    /// With more than [`MAX_OPTIONS`] options.
    pub fn solutions(&self) -> Vec<Vec<usize>> {
        let n = self.options.len();
        assert!(
            n <= MAX_OPTIONS,
            "{n} options are too many to try every subset"
        );
        let mut solutions: Vec<Vec<usize>> = (0u32..1 << n)
            .filter(|&mask| self.covers((0..n).filter(|k| mask & 1 << k != 0)))
            .map(|mask| {
                (0..n)
                    .filter(|k| mask & 1 << k != 0)
                    .map(|k| self.options[k].0)
                    .collect()
            })
            .collect();
        solutions.sort();
        solutions
    }
}

/// The ids of a solution in increasing order, as [`Cover::solutions`] gives
/// them.
pub fn sorted(solution: &[dlx::OptionId]) -> Vec<usize> {
    let mut ids: Vec<usize> = solution.iter().map(|id| id.index()).collect();
    ids.sort_unstable();
    ids
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colors_may_be_shared_only_when_they_agree() {
        // Primary 0 1 2, secondary 3.
        let cover = Cover {
            primary: 3,
            items: 4,
            options: vec![
                (0, vec![(0, None), (3, Some(0))]),
                (1, vec![(1, None), (3, Some(0))]),
                (2, vec![(2, None), (3, Some(1))]),
                (3, vec![(2, None), (3, None)]),
                (4, vec![(2, None)]),
            ],
        };
        assert_eq!(cover.solutions(), [vec![0, 1, 4]]);
        assert!(!cover.is_solution(&[0, 1, 2]));
        assert!(!cover.is_solution(&[0, 1, 3]));
        assert!(!cover.is_solution(&[0, 0, 1, 4]));
        assert!(!cover.is_solution(&[0, 1, 9]));
    }

    #[test]
    fn no_primary_items_is_solved_by_nothing() {
        let cover = Cover {
            primary: 0,
            items: 2,
            options: vec![],
        };
        assert_eq!(cover.solutions(), [Vec::<usize>::new()]);
    }
}
