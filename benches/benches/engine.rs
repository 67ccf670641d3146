//! The exact-cover engine against dlx 0.8.5 (a port of Knuth's DLX1), on the
//! same matrices: every solution of each instance, timed as a search from a
//! structure built beforehand (building is linear and not what is compared).
//! Throughput is solutions per second. `dlx-rs` is the solver as it counts
//! (on its compact engine when the problem fits it), `dlx-rs/links` the
//! same solver on its dancing links alone.
//!
//! `engine/macmahon-4x6` has colors (secondary items that options of the
//! same color share), which the DLX1 port does not take: this project's
//! two engines alone, beside each other (Knuth's DLX2 and SSXCC, built in
//! scratch, are compared in docs/performance.md).
//!
//! `engine/sparse-20000` is a problem of many primary items and little else:
//! 20,000 items, each with one option of its own. Its one solution takes
//! 20,000 nodes, and what each node costs is mostly finding the branching
//! item among the items still active.
//!
//! Run as a test (`cargo test --benches`, each benchmark once), the groups
//! take smaller instances of the same kinds: see [`testing`].
//!
//! The counts are checked, once, after each group: both engines must find the
//! published number of solutions. The timed closure only records the count of
//! its last run, so the check costs nothing extra and covers what a criterion
//! filter let run.

use std::cell::Cell;
use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{
    criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode, Throughput,
};
use dlx::{Problem, Solver};
use dlx_benches::{
    dominoes, knuth_count, macmahon_4x6, pentomino_3x20, pentomino_6x10, queens, sudoku_hard,
    testing, Instance,
};

/// Checks a count recorded by a timed closure, if that closure ran.
fn check(group: &str, id: &str, counted: &Cell<Option<u64>>, instance: &Instance) {
    if let Some(count) = counted.get() {
        assert_eq!(
            count, instance.solutions,
            "{group}/{id}: wrong number of solutions of {}",
            instance.name
        );
    }
}

/// One `engine/<instance>` group: this project and the baseline, the same
/// matrix, every solution.
fn engine_group(c: &mut Criterion, instance: &Instance, samples: usize, time: Duration) {
    let name = format!("engine/{}", instance.name);
    let mut group = c.benchmark_group(&name);
    group
        .sample_size(samples)
        .measurement_time(time)
        .warm_up_time(Duration::from_secs(1))
        // Searches of tens of milliseconds and more: the same few iterations
        // in each sample, rather than criterion's 1, 2, ..., n ramp.
        .sampling_mode(SamplingMode::Flat)
        .throughput(Throughput::Elements(instance.solutions));

    let ours = Cell::new(None);
    let mut solver = Solver::new(&instance.problem);
    group.bench_function(BenchmarkId::from_parameter("dlx-rs"), |b| {
        b.iter(|| {
            let count = black_box(&mut solver).count();
            ours.set(Some(count));
            count
        })
    });

    // The same solver on its dancing links alone, where the compact
    // engine would take the count (a problem small enough for it).
    let links = Cell::new(None);
    let mut linked = Solver::new(&instance.problem);
    linked.set_compact(false);
    group.bench_function(BenchmarkId::from_parameter("dlx-rs/links"), |b| {
        b.iter(|| {
            let count = black_box(&mut linked).count();
            links.set(Some(count));
            count
        })
    });

    let theirs = Cell::new(None);
    let mut knuth = instance.knuth.build();
    group.bench_function(BenchmarkId::from_parameter("dlx-0.8.5"), |b| {
        b.iter(|| {
            let count = knuth_count(black_box(&mut knuth));
            theirs.set(Some(count));
            count
        })
    });
    group.finish();

    check(&name, "dlx-rs", &ours, instance);
    check(&name, "dlx-rs/links", &links, instance);
    check(&name, "dlx-0.8.5", &theirs, instance);
}

/// The colored instance: the solver as it counts (the compact engine) and
/// on its links alone. As a test, TAOCP's small example (49) stands in
/// for MacMahon's squares (a minute a count there).
fn colored_group(c: &mut Criterion) {
    let (problem, solutions, name) = if testing() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/exact-cover/colors.dlx");
        let text = std::fs::read_to_string(&path).expect("the fixture is in the repository");
        let problem = dlx::parse(&text).expect("the fixture parses");
        (problem, 1, "engine/colors")
    } else {
        let (problem, solutions) = macmahon_4x6();
        (problem, solutions, "engine/macmahon-4x6")
    };
    let mut group = c.benchmark_group(name);
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(60))
        .warm_up_time(Duration::from_secs(1))
        .sampling_mode(SamplingMode::Flat)
        .throughput(Throughput::Elements(solutions));
    for (id, compact) in [("dlx-rs", true), ("dlx-rs/links", false)] {
        let counted = Cell::new(None);
        let mut solver = Solver::new(&problem);
        solver.set_compact(compact);
        group.bench_function(BenchmarkId::from_parameter(id), |b| {
            b.iter(|| {
                let count = black_box(&mut solver).count();
                counted.set(Some(count));
                count
            })
        });
        if let Some(count) = counted.get() {
            assert_eq!(count, solutions, "{name}/{id}: wrong number of solutions");
        }
    }
    group.finish();
}

/// 20,000 primary items, each the only item of one option: one solution.
fn sparse() -> Instance {
    let n = 20_000usize;
    let mut problem = Problem::new(n, 0);
    for item in 0..n {
        problem
            .add_option([item])
            .expect("an option of one primary item");
    }
    Instance::new("sparse-20000", problem, 1)
}

fn engine(c: &mut Criterion) {
    // Each search of the 6 x 10 board takes seconds: ten of them per engine
    // (as a test, the 3 x 20 board's, well under a second).
    let pentominoes = if testing() {
        pentomino_3x20()
    } else {
        pentomino_6x10()
    };
    engine_group(c, &pentominoes, 10, Duration::from_secs(10));
    engine_group(c, &queens(13), 10, Duration::from_secs(8));
    colored_group(c);
    engine_group(c, &sudoku_hard(), 50, Duration::from_secs(4));
    engine_group(c, &sparse(), 10, Duration::from_secs(4));
    // A quarter of the nodes are solutions: what a solution costs shows.
    // As a test, 6 x 6: 6,728 tilings.
    let dominoes = if testing() {
        Instance::new("dominoes-6x6", dominoes(6, 6), 6_728)
    } else {
        Instance::new("dominoes-8x8", dominoes(8, 8), 12_988_816)
    };
    engine_group(c, &dominoes, 10, Duration::from_secs(30));
}

criterion_group!(benches, engine);
criterion_main!(benches);
