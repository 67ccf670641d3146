//! Sudoku solving against the `sudoku` crate 0.8 (a port of the JCZSolve
//! bitset solver), on the shared data sets: one `sudoku/<dataset>` group per
//! file, each iteration solving every puzzle of the set (the first solution,
//! or counting solutions up to 2), so throughput is puzzles per second.
//!
//! Data sets come from `shared/datasets/sudoku` beside the repository; an
//! absent file is skipped with a message, and without
//! `puzzles1_unbiased_first1000.txt` the group `sudoku/fixtures` takes
//! `fixtures/sudoku/easy.txt` instead. Large files are cut to their first
//! 2000 puzzles (`DLX_BENCH_PUZZLES` changes the cap), which are parsed before
//! any timing.
//!
//! Before timing a set, both solvers count every puzzle's solutions up to 2
//! and must agree, and where a puzzle has exactly one solution both first
//! solutions must be that grid.
//!
//! The `layouts/` groups time layouts no baseline crate solves: the
//! fixtures of `fixtures/sudoku/layouts/` (9x9 X-sudoku, 12x12 with 3x4
//! boxes, jigsaw), each puzzle checked first against the solution its
//! generator wrote beside it.

use std::hint::black_box;
use std::time::Duration;

use criterion::{
    criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode, Throughput,
};
use dlx_benches::{dataset, fixture_sample, fixtures_dir, puzzle_cap, stem};
use sudoku_dlx::{Grid, Layout, SolveError, SudokuSolver, Variant};

/// The data sets, in the order of the report.
const DATASETS: [&str; 5] = [
    "puzzles1_unbiased_first1000.txt",
    "puzzles2_17_clue.txt",
    "puzzles3_magictour_top1465.txt",
    "puzzles5_forum_hardest_1905_11+.txt",
    "puzzles6_forum_hardest_1106.txt",
];

/// A data set parsed for both solvers.
struct Puzzles {
    name: String,
    grids: Vec<Grid>,
    baseline: Vec<sudoku::Sudoku>,
}

impl Puzzles {
    fn parse(name: &str, lines: &[String]) -> Puzzles {
        let grids = lines
            .iter()
            .map(|line| Grid::parse(line).unwrap_or_else(|e| panic!("{name}: {line}: {e}")))
            .collect();
        let baseline = lines
            .iter()
            .map(|line| {
                sudoku::Sudoku::from_str_line(line)
                    .unwrap_or_else(|e| panic!("{name}: {line}: {e:?}"))
            })
            .collect();
        Puzzles {
            name: name.to_string(),
            grids,
            baseline,
        }
    }

    /// Asserts that both solvers count the same solutions (up to 2) for
    /// every puzzle, and find the same grid for a puzzle with one.
    fn check(&self, solver: &mut SudokuSolver) {
        for (grid, &theirs) in self.grids.iter().zip(&self.baseline) {
            let count = match solver.count_solutions_up_to(grid, 2) {
                Ok(count) => count,
                Err(SolveError::Conflict(_)) => 0,
                Err(e) => panic!("sudoku/{}: {grid}: {e}", self.name),
            };
            let expected = theirs.solutions_count_up_to(2) as u64;
            assert_eq!(count, expected, "sudoku/{}: count2 of {grid}", self.name);
            if count == 1 {
                let ours = solver
                    .solve_one(grid)
                    .expect("solvable")
                    .expect("one solution");
                let theirs = theirs.some_solution().expect("one solution");
                assert_eq!(
                    ours.to_string(),
                    theirs.to_str_line().to_string(),
                    "sudoku/{}: solution of {grid}",
                    self.name
                );
            }
        }
    }
}

fn bench_set(c: &mut Criterion, puzzles: &Puzzles) {
    let mut solver = SudokuSolver::new(3).expect("box size 3 is built");
    puzzles.check(&mut solver);

    let mut group = c.benchmark_group(format!("sudoku/{}", puzzles.name));
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_secs(1))
        .sampling_mode(SamplingMode::Flat)
        .throughput(Throughput::Elements(puzzles.grids.len() as u64));

    group.bench_function(BenchmarkId::from_parameter("dlx-rs/first"), |b| {
        b.iter(|| {
            for grid in &puzzles.grids {
                let _ = black_box(solver.solve_one(black_box(grid)));
            }
        })
    });
    group.bench_function(BenchmarkId::from_parameter("dlx-rs/count2"), |b| {
        b.iter(|| {
            for grid in &puzzles.grids {
                let _ = black_box(solver.count_solutions_up_to(black_box(grid), 2));
            }
        })
    });
    group.bench_function(BenchmarkId::from_parameter("sudoku-0.8/first"), |b| {
        b.iter(|| {
            for &puzzle in &puzzles.baseline {
                black_box(black_box(puzzle).some_solution());
            }
        })
    });
    group.bench_function(BenchmarkId::from_parameter("sudoku-0.8/count2"), |b| {
        b.iter(|| {
            for &puzzle in &puzzles.baseline {
                black_box(black_box(puzzle).solutions_count_up_to(2));
            }
        })
    });
    group.finish();
}

fn sudoku_sets(c: &mut Criterion) {
    let cap = puzzle_cap();
    for name in DATASETS {
        let lines = match dataset(name, cap) {
            Some(lines) => lines,
            None if name.starts_with("puzzles1_") => {
                eprintln!("taking fixtures/sudoku/easy.txt instead (group sudoku/fixtures)");
                let puzzles = Puzzles::parse("fixtures", &fixture_sample());
                bench_set(c, &puzzles);
                continue;
            }
            None => continue,
        };
        bench_set(c, &Puzzles::parse(stem(name), &lines));
    }
}

/// The puzzles of a layout fixture, each with its generator's solution.
fn layout_fixture(name: &str, layout: &Layout) -> Vec<(Grid, Grid)> {
    let path = fixtures_dir().join("layouts").join(format!("{name}.txt"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            let (puzzle, solution) = line.split_once("\t# ").expect("puzzle, tab, solution");
            let parse =
                |text| Grid::parse_in(text, layout).unwrap_or_else(|e| panic!("{name}: {e}"));
            (parse(puzzle), parse(solution))
        })
        .collect()
}

fn layouts(c: &mut Criterion) {
    let map = std::fs::read_to_string(fixtures_dir().join("layouts/jigsaw.map"))
        .expect("the jigsaw fixture's map");
    let cases = [
        (
            "x-9x9",
            "x",
            Layout::square(3).and_then(|l| l.with_variant(Variant::X)),
        ),
        ("boxes-12x12", "12x12", Layout::squarest(12)),
        ("jigsaw-9x9", "jigsaw", Layout::jigsaw(&map)),
    ];
    for (id, file, layout) in cases {
        let layout = layout.expect("a valid layout");
        let puzzles = layout_fixture(file, &layout);
        let mut solver = SudokuSolver::for_layout(&layout);
        for (puzzle, solution) in &puzzles {
            assert_eq!(solver.solution(puzzle).as_ref(), Ok(solution), "{id}");
        }
        let mut group = c.benchmark_group(format!("layouts/{id}"));
        group
            .sample_size(10)
            .measurement_time(Duration::from_secs(2))
            .warm_up_time(Duration::from_millis(500))
            .throughput(Throughput::Elements(puzzles.len() as u64));
        group.bench_function(BenchmarkId::from_parameter("dlx-rs/count2"), |b| {
            b.iter(|| {
                for (grid, _) in &puzzles {
                    let _ = black_box(solver.count_solutions_up_to(black_box(grid), 2));
                }
            })
        });
        group.finish();
    }
}

criterion_group!(benches, sudoku_sets, layouts);
criterion_main!(benches);
