//! Making puzzles: minimal 9x9 puzzles without symmetry per second, this
//! project's generator beside the `sudoku` crate 0.8's
//! (`Sudoku::generate_with_symmetry(Symmetry::None)`: a random solved grid,
//! then each cell taken away in random order while a count up to 2 stays
//! at 1), and the time per minimal 16x16 puzzle, which that crate cannot
//! make. A minimal 25x25 puzzle is not timed: none came in ten minutes
//! (past half the cells empty, the search that proves a given can go takes
//! millions of nodes), so the group would not end; a 25x25 puzzle with
//! each trial's search limited to 1000 nodes (unique, maybe not minimal)
//! is timed instead.
//!
//! Before timing, the puzzles of both generators are checked: one
//! solution each, and minimal (every given taken away gives two or more
//! solutions), by the `sudoku` crate's solver for both.
//!
//! One iteration makes one puzzle; this project's seeds go up by one per
//! iteration, the baseline draws from its thread's random numbers.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use sudoku::{Sudoku, Symmetry as BaselineSymmetry};
use sudoku_dlx::{Generator, Layout};

/// Whether a 9x9 puzzle (81 bytes, 0 for empty) has one solution and loses
/// it with any given taken away, by the `sudoku` crate's solver.
fn unique_and_minimal(cells: &[u8]) -> bool {
    let count = |cells: &[u8]| {
        Sudoku::from_bytes_slice(cells)
            .map(|s| s.solutions_count_up_to(2))
            .unwrap_or(0)
    };
    if count(cells) != 1 {
        return false;
    }
    (0..81).filter(|&k| cells[k] != 0).all(|k| {
        let mut fewer = cells.to_vec();
        fewer[k] = 0;
        count(&fewer) >= 2
    })
}

fn generate(c: &mut Criterion) {
    let nine = Layout::square(3).unwrap();
    let mut ours = Generator::new(&nine);
    for seed in 0..50 {
        let puzzle = ours.generate(seed).unwrap();
        assert!(unique_and_minimal(puzzle.cells()), "ours: {puzzle}");
    }
    for _ in 0..50 {
        let puzzle = Sudoku::generate_with_symmetry(BaselineSymmetry::None);
        assert!(
            unique_and_minimal(&puzzle.to_bytes()),
            "sudoku-0.8: {}",
            puzzle.to_str_line()
        );
    }

    let mut group = c.benchmark_group("generate");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function(BenchmarkId::new("9x9-minimal", "dlx-rs"), |b| {
        b.iter(|| {
            seed += 1;
            black_box(ours.generate(seed).unwrap())
        })
    });
    group.bench_function(BenchmarkId::new("9x9-minimal", "sudoku-0.8"), |b| {
        b.iter(|| black_box(Sudoku::generate_with_symmetry(BaselineSymmetry::None)))
    });
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    let sixteen = Layout::square(4).unwrap();
    let mut generator = Generator::new(&sixteen);
    let mut seed = 0u64;
    group.bench_function(BenchmarkId::new("16x16-minimal", "dlx-rs"), |b| {
        b.iter(|| {
            seed += 1;
            black_box(generator.generate(seed).unwrap())
        })
    });
    // A minimal 25x25 puzzle does not come in ten minutes; with each
    // trial's search limited to 1000 nodes, a unique one (about 280
    // givens, maybe not minimal) comes in a fraction of a second.
    let twenty_five = Layout::square(5).unwrap();
    let mut generator = Generator::new(&twenty_five).trial_nodes(Some(1000));
    let mut seed = 0u64;
    group.bench_function(BenchmarkId::new("25x25-trial-nodes-1000", "dlx-rs"), |b| {
        b.iter(|| {
            seed += 1;
            black_box(generator.generate(seed).unwrap())
        })
    });
    group.finish();
}

criterion_group!(benches, generate);
criterion_main!(benches);
