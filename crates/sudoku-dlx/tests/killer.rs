//! Killer puzzles made from cages alone, checked by code of the test's own:
//! the cages cut the grid into connected pieces of distinct digits with
//! their sums, and on 4x4 a brute force over every grid finds exactly one
//! that keeps them, and at least two once any two neighbouring cages that
//! could merge are merged.

use sudoku_dlx::{Constraint, Generator, Grid, Layout};

/// Every 4x4 sudoku grid (288), row by row.
fn all_4x4() -> Vec<[u8; 16]> {
    fn fill(grid: &mut [u8; 16], at: usize, out: &mut Vec<[u8; 16]>) {
        if at == 16 {
            out.push(*grid);
            return;
        }
        let (r, c) = (at / 4, at % 4);
        for d in 1..=4 {
            let clash = (0..16).any(|k| {
                k < at
                    && grid[k] == d
                    && (k / 4 == r || k % 4 == c || (k / 8 == r / 2 && k % 4 / 2 == c / 2))
            });
            if !clash {
                grid[at] = d;
                fill(grid, at + 1, out);
            }
        }
        grid[at] = 0;
    }
    let mut out = Vec::new();
    fill(&mut [0; 16], 0, &mut out);
    out
}

/// The cages of a puzzle: cells (row-major indices) and sums.
fn cages(puzzle: &Grid) -> Vec<(Vec<usize>, u32)> {
    let n = puzzle.side();
    puzzle
        .layout()
        .constraints()
        .iter()
        .map(|c| match c {
            Constraint::Cage {
                cells,
                sum: Some(sum),
            } => (cells.iter().map(|&(r, c)| r * n + c).collect(), *sum),
            other => panic!("{other} is no summed cage"),
        })
        .collect()
}

/// Whether `grid` keeps every cage: distinct digits, the sum.
fn keeps(grid: &[u8], cages: &[(Vec<usize>, u32)]) -> bool {
    cages.iter().all(|(cells, sum)| {
        let digits: Vec<u8> = cells.iter().map(|&c| grid[c]).collect();
        let distinct = digits
            .iter()
            .enumerate()
            .all(|(i, d)| !digits[..i].contains(d));
        distinct && digits.iter().map(|&d| u32::from(d)).sum::<u32>() == *sum
    })
}

/// Whether the cells are connected by rows and columns.
fn connected(cells: &[usize], n: usize) -> bool {
    let mut reached = vec![cells[0]];
    let mut k = 0;
    while k < reached.len() {
        let a = reached[k];
        for &b in cells {
            let next = (a / n == b / n && a.abs_diff(b) == 1) || a.abs_diff(b) == n;
            if next && !reached.contains(&b) {
                reached.push(b);
            }
        }
        k += 1;
    }
    reached.len() == cells.len()
}

/// The cages cut the grid: each cell in one cage, each cage connected.
fn assert_cut(puzzle: &Grid, cages: &[(Vec<usize>, u32)], largest: usize) {
    let n = puzzle.side();
    assert_eq!(puzzle.givens(), 0);
    let mut seen = vec![0; n * n];
    for (cells, _) in cages {
        assert!(connected(cells, n), "{cells:?} is not connected");
        // No cage passes the bound, a cell alone included.
        assert!(cells.len() <= largest, "{cells:?}");
        for &c in cells {
            seen[c] += 1;
        }
    }
    assert!(seen.iter().all(|&k| k == 1), "every cell in one cage");
}

#[test]
fn killer_4x4_puzzles_have_one_grid_and_no_cage_can_merge() {
    let grids = all_4x4();
    assert_eq!(grids.len(), 288);
    let layout = Layout::square(2).unwrap();
    let largest = 3;
    let mut generator = Generator::new(&layout).killer(Some(largest));
    for seed in 0..20 {
        let puzzle = generator.generate(seed).unwrap();
        assert!(generator.is_minimal());
        let cages = cages(&puzzle);
        assert_cut(&puzzle, &cages, largest);
        let keeping: Vec<&[u8; 16]> = grids.iter().filter(|g| keeps(&g[..], &cages)).collect();
        assert_eq!(keeping.len(), 1, "seed {seed}: one grid keeps the cages");
        let solution = keeping[0];
        // No two neighbouring cages merge within the bound and keep a
        // single grid.
        for (i, (a, _)) in cages.iter().enumerate() {
            for (b, _) in &cages[i + 1..] {
                let touch = a.iter().any(|&x| {
                    b.iter()
                        .any(|&y| (x / 4 == y / 4 && x.abs_diff(y) == 1) || x.abs_diff(y) == 4)
                });
                let merged: Vec<usize> = a.iter().chain(b).copied().collect();
                let sum = merged.iter().map(|&c| u32::from(solution[c])).sum();
                let mut others: Vec<(Vec<usize>, u32)> = cages
                    .iter()
                    .filter(|(c, _)| c != a && c != b)
                    .cloned()
                    .collect();
                others.push((merged.clone(), sum));
                if !touch || merged.len() > largest || !keeps(&solution[..], &others) {
                    continue;
                }
                let count = grids.iter().filter(|g| keeps(&g[..], &others)).count();
                assert!(
                    count >= 2,
                    "seed {seed}: {a:?} and {b:?} merge with one grid"
                );
            }
        }
    }
}

#[test]
fn killer_9x9_puzzles_keep_their_solution_and_reproduce() {
    let layout = Layout::square(3).unwrap();
    let mut generator = Generator::new(&layout).killer(Some(5));
    for seed in 0..3 {
        let puzzle = generator.generate(seed).unwrap();
        let cages = cages(&puzzle);
        assert_cut(&puzzle, &cages, 5);
        let solution = puzzle.solution().unwrap();
        assert!(keeps(solution.cells(), &cages));
        assert!(cages.len() < 40, "{} cages", cages.len());
        assert_eq!(
            generator.generate(seed).unwrap(),
            puzzle,
            "a seed names a puzzle"
        );
    }
}
