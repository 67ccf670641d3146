//! Memoized counting (`Solver::count_memo`): no other Rust crate
//! memoizes, and Knuth's DLX6 is measured beside it in docs/performance.md (built
//! outside the repository). The plain counts of the same problems, where
//! they end, are in the engine bench (`engine/dominoes-8x8`,
//! `engine/pentomino-6x10`). Each count is checked against the published
//! number once, after its group.

use std::cell::Cell;
use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode};
use dlx::{Memo, Order, Problem, Solver};
use dlx_benches::{dominoes, pentomino_6x10, trominoes_9x12};

/// One `memo/<name>` group: a memoized count in each order given; every
/// count must be `solutions`.
fn memo_group(c: &mut Criterion, name: &str, problem: &Problem, solutions: u128, orders: &[Order]) {
    let mut group = c.benchmark_group(format!("memo/{name}"));
    let slow = name.starts_with("pentomino");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(if slow { 50 } else { 5 }))
        .warm_up_time(Duration::from_secs(1))
        .sampling_mode(SamplingMode::Flat);
    let counted = Cell::new(None);
    let mut solver = Solver::new(problem);
    for &order in orders {
        let id = match order {
            Order::First => "memo-first",
            _ => "memo-fewest",
        };
        group.bench_function(BenchmarkId::from_parameter(id), |b| {
            b.iter(|| {
                // A fresh table each time: the count, not a lookup.
                let mut memo = Memo::new().order(order);
                let count = black_box(&mut solver).count_memo(&mut memo);
                counted.set(count.ok());
            })
        });
        if let Some(count) = counted.take() {
            assert_eq!(count, solutions, "memo/{name}/{id}");
        }
    }
    group.finish();
}

fn memo(c: &mut Criterion) {
    let both = [Order::First, Order::Fewest];
    memo_group(c, "dominoes-8x8", &dominoes(8, 8), 12_988_816, &both);
    let big = 53_060_477_521_960_000;
    memo_group(c, "dominoes-12x12", &dominoes(12, 12), big, &both);
    let trominoes = 20_574_308_184_277_971;
    memo_group(
        c,
        "trominoes-9x12",
        &trominoes_9x12(),
        trominoes,
        &[Order::First],
    );
    // Where the states rarely meet again: a table gains little.
    let pentominoes = pentomino_6x10();
    memo_group(
        c,
        "pentomino-6x10",
        &pentominoes.problem,
        9356,
        &[Order::Fewest],
    );
}

criterion_group!(benches, memo);
criterion_main!(benches);
