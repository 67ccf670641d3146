//! Helpers the engine's property tests share.

use dlx::OptionId;

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
