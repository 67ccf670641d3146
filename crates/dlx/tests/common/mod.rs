//! Helpers the engine's property tests share: small random problems and
//! the brute force that answers them from the definition.

use dlx::{Color, Entry, OptionId, Problem};

/// A small random problem: each primary item with bounds `(lo, hi)`
/// (`(1, 1)` for exact cover), then `secondary` items, and options as lists
/// of (item, color) with color 0 for none; colors only on secondary items.
#[derive(Clone, Debug)]
pub struct Spec {
    pub bounds: Vec<(u32, u32)>,
    pub secondary: usize,
    pub options: Vec<Vec<(usize, u32)>>,
}

impl Spec {
    pub fn primary(&self) -> usize {
        self.bounds.len()
    }
}

/// Builds the problem (bounds other than `(1, 1)` set, so that an exact
/// cover stays one), skipping options without a primary item (the problem
/// rejects them) and keeping the kept specs aligned with ids.
pub fn build(spec: &Spec) -> (Problem, Vec<Vec<(usize, u32)>>) {
    let mut problem = Problem::new(spec.primary(), spec.secondary);
    for (item, &(lo, hi)) in spec.bounds.iter().enumerate() {
        if (lo, hi) != (1, 1) {
            problem.set_bounds(item, lo, hi).unwrap();
        }
    }
    let colors: Vec<Color> = (1..=2)
        .map(|c| problem.color(&format!("c{c}")).unwrap())
        .collect();
    let mut kept = Vec::new();
    for option in &spec.options {
        let entries: Vec<Entry> = option
            .iter()
            .map(|&(item, c)| Entry::from((item, (c > 0).then(|| colors[c as usize - 1]))))
            .collect();
        match problem.add_option(entries) {
            Ok(id) => {
                assert_eq!(id.index(), kept.len());
                kept.push(option.clone());
            }
            Err(e) => {
                assert!(option.iter().all(|&(i, _)| i >= spec.primary()), "{e}");
            }
        }
    }
    (problem, kept)
}

/// Whether the options of `mask` can be in one solution, from the
/// definition: no primary item more than `hi` times, no secondary item
/// twice unless every use gives it one color.
pub fn fit(spec: &Spec, options: &[Vec<(usize, u32)>], mask: u32) -> bool {
    let n = spec.primary() + spec.secondary;
    let mut count = vec![0u32; n];
    let mut color = vec![None; n];
    for (_, option) in options
        .iter()
        .enumerate()
        .filter(|&(k, _)| mask >> k & 1 == 1)
    {
        for &(item, c) in option {
            count[item] += 1;
            if item < spec.primary() {
                if count[item] > spec.bounds[item].1 {
                    return false;
                }
            } else if *color[item].get_or_insert(c) != c || (c == 0 && count[item] > 1) {
                return false;
            }
        }
    }
    true
}

/// Whether the options of `mask` are a solution: they fit, and every
/// primary item is covered at least `lo` times.
fn is_solution(spec: &Spec, options: &[Vec<(usize, u32)>], mask: u32) -> bool {
    let mut count = vec![0u32; spec.primary()];
    for (_, option) in options
        .iter()
        .enumerate()
        .filter(|&(k, _)| mask >> k & 1 == 1)
    {
        for &(item, _) in option {
            if item < spec.primary() {
                count[item] += 1;
            }
        }
    }
    fit(spec, options, mask) && count.iter().zip(&spec.bounds).all(|(&c, &(lo, _))| c >= lo)
}

/// Every solution, as sorted option indices, in sorted order.
pub fn brute_force(spec: &Spec, options: &[Vec<(usize, u32)>]) -> Vec<Vec<usize>> {
    let mut all: Vec<Vec<usize>> = (0u32..1 << options.len())
        .filter(|&mask| is_solution(spec, options, mask))
        .map(|mask| (0..options.len()).filter(|k| mask >> k & 1 == 1).collect())
        .collect();
    all.sort();
    all
}

/// The solutions of `all` (from [`brute_force`]) that hold every selected
/// option and no excluded one, sorted.
pub fn held(all: &[Vec<usize>], selected: &[usize], excluded: &[usize]) -> Vec<Vec<usize>> {
    let mut held: Vec<Vec<usize>> = all
        .iter()
        .filter(|s| selected.iter().all(|k| s.contains(k)))
        .filter(|s| !excluded.iter().any(|k| s.contains(k)))
        .cloned()
        .collect();
    held.sort();
    held
}

/// Solutions as sorted option indices, in sorted order.
pub fn sorted(solutions: impl IntoIterator<Item = Vec<OptionId>>) -> Vec<Vec<usize>> {
    let mut all: Vec<Vec<usize>> = solutions
        .into_iter()
        .map(|s| {
            let mut s: Vec<usize> = s.iter().map(|id| id.index()).collect();
            s.sort();
            s
        })
        .collect();
    all.sort();
    all
}
