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
//! The `variants/` groups time published variant puzzles of
//! `shared/datasets/fpuzzles` (killer, arrow, thermometer, kropki,
//! whispers and renban, and one without givens), each read from its
//! f-puzzles file and checked first against its reference solution; no
//! baseline crate solves them. Skipped with a message when the folder is
//! absent.
//!
//! The `killers/` groups time the killer lists of `shared/datasets/killers`
//! (tarek's 42, the 9 "human-solvable" ones), one benchmark a puzzle:
//! counted to 2 with the solver built once before timing, by the default
//! engine (the cells' digits) and by the links (`Engine::Links`,
//! propagating); both must find one solution first. Skipped with a
//! message when the folder is absent.
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
use dlx_benches::{dataset, datasets_dir, fixture_sample, fixtures_dir, puzzle_cap, stem};
use sudoku_dlx::{Engine, Grid, Layout, SolveError, SudokuSolver, Variant};

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

/// The variant puzzles timed, as `(group, file)`.
const VARIANTS: [(&str, &str); 6] = [
    ("killer", "js-october-10-2023-killer"),
    ("arrow", "js-november-13-2023-arrow"),
    ("thermo", "js-august-9-2023-thermo"),
    ("kropki", "js-august-15-2023-kropki-pairs"),
    ("renban-whispers", "js-sept-5-23-renban-whispers"),
    (
        "antiknight-thermo-no-givens",
        "js-antiknight-coloring-book-fuzz-on-the-lens",
    ),
];

fn variants(c: &mut Criterion) {
    let dir = datasets_dir().join("../fpuzzles");
    let Ok(index) = std::fs::read_to_string(dir.join("index.tsv")) else {
        eprintln!("variants: skipped, {} is absent", dir.display());
        return;
    };
    for (id, file) in VARIANTS {
        let Some(reference) = index
            .lines()
            .find(|line| line.split('\t').next() == Some(file))
            .and_then(|line| line.split('\t').nth(4))
        else {
            eprintln!("variants/{id}: skipped, {file} is not in the index");
            continue;
        };
        let text = std::fs::read_to_string(dir.join(format!("{file}.json")))
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        let puzzle = Grid::from_fpuzzles(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
        let mut solver = SudokuSolver::for_layout(puzzle.layout());
        let solution = solver.solution(&puzzle).map(|s| s.to_string());
        assert_eq!(solution.as_deref(), Ok(reference), "variants/{id}");
        let mut group = c.benchmark_group(format!("variants/{id}"));
        group
            .sample_size(10)
            .measurement_time(Duration::from_secs(2))
            .warm_up_time(Duration::from_millis(500))
            .throughput(Throughput::Elements(1));
        group.bench_function(BenchmarkId::from_parameter("dlx-rs/solve"), |b| {
            b.iter(|| black_box(solver.solve_one(black_box(&puzzle))))
        });
        group.bench_function(BenchmarkId::from_parameter("dlx-rs/count2"), |b| {
            b.iter(|| black_box(solver.count_solutions_up_to(black_box(&puzzle), 2)))
        });
        // The layout's solver built anew each time, as for a puzzle of a
        // file of different variant puzzles.
        group.bench_function(BenchmarkId::from_parameter("dlx-rs/build+count2"), |b| {
            b.iter(|| {
                let mut fresh = SudokuSolver::for_layout(puzzle.layout());
                black_box(fresh.count_solutions_up_to(black_box(&puzzle), 2))
            })
        });
        group.finish();
    }
}

/// The killer lists, as `(group, prefix of the puzzles' names)`.
const KILLERS: [(&str, &str); 2] = [("human-solvable", "hs-"), ("tarek", "tarek-")];

fn killers(c: &mut Criterion) {
    let path = datasets_dir().join("../killers/killers.txt");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("killers: skipped, {} is absent", path.display());
        return;
    };
    // Blocks of the text form, each after a `# name` line.
    let blocks: Vec<(&str, &str)> = text
        .split("\n\n")
        .filter_map(|block| {
            let block = block.trim();
            let name = block.lines().next()?.strip_prefix("# ")?;
            Some((name, block))
        })
        .collect();
    for (id, prefix) in KILLERS {
        let (mut names, mut puzzles): (Vec<&str>, Vec<(SudokuSolver, SudokuSolver, Grid)>) =
            (Vec::new(), Vec::new());
        for &(name, block) in blocks.iter().filter(|(name, _)| name.starts_with(prefix)) {
            let grid = sudoku_dlx::Puzzles::new(block.as_bytes())
                .next()
                .and_then(|record| record.ok())
                .and_then(|record| record.result.ok())
                .unwrap_or_else(|| panic!("killers/{id}: {name} does not read"));
            let mut auto = SudokuSolver::for_layout(grid.layout());
            let mut links = SudokuSolver::for_layout(grid.layout());
            links.set_engine(Engine::Links);
            for solver in [&mut auto, &mut links] {
                let count = solver.count_solutions_up_to(&grid, 2);
                assert_eq!(count, Ok(1), "killers/{id}: {name}");
            }
            names.push(name);
            puzzles.push((auto, links, grid));
        }
        // One benchmark a puzzle, so that the report gives each one's
        // time and the medians of the lists can be read off.
        let mut group = c.benchmark_group(format!("killers/{id}"));
        group
            .sample_size(10)
            .measurement_time(Duration::from_secs(1))
            .warm_up_time(Duration::from_millis(200))
            .sampling_mode(SamplingMode::Flat);
        for (name, (auto, links, grid)) in names.iter().zip(&mut puzzles) {
            group.bench_function(BenchmarkId::new("dlx-rs/count2", name), |b| {
                b.iter(|| black_box(auto.count_solutions_up_to(black_box(grid), 2)))
            });
            group.bench_function(BenchmarkId::new("dlx-rs-links/count2", name), |b| {
                b.iter(|| black_box(links.count_solutions_up_to(black_box(grid), 2)))
            });
        }
        group.finish();
    }
}

criterion_group!(benches, sudoku_sets, layouts, variants, killers);
criterion_main!(benches);
