//! The ready-made puzzles against the counts known since Knuth, Scott and
//! the 1960s, each solution checked by `Problem::verify` and, independently,
//! on its picture.

use std::collections::{BTreeSet, HashSet};
use std::sync::Mutex;
use std::time::Instant;

use dlx::puzzles::{pentomino_picture, pentominoes, queens, queens_board, Board, Tilings};
use dlx::Solver;

/// The queens on a board drawn by `queens_board`, checked to attack none of
/// each other.
fn check_queens(picture: &str, n: usize) {
    let rows: Vec<&str> = picture.lines().collect();
    assert_eq!(rows.len(), n, "{picture}");
    let mut queens = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), n, "{picture}");
        for (c, square) in row.chars().enumerate() {
            match square {
                'Q' => queens.push((r as i64, c as i64)),
                '.' => {}
                other => panic!("unexpected {other:?} in\n{picture}"),
            }
        }
    }
    assert_eq!(queens.len(), n, "{picture}");
    for (i, &(r1, c1)) in queens.iter().enumerate() {
        for &(r2, c2) in &queens[i + 1..] {
            let attack = r1 == r2 || c1 == c2 || (r1 - r2).abs() == (c1 - c2).abs();
            assert!(!attack, "queens at {r1},{c1} and {r2},{c2}:\n{picture}");
        }
    }
}

#[test]
fn queens_up_to_10_every_solution_checked() {
    let known = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
    for (n, want) in (1..).zip(known) {
        let problem = queens(n);
        let mut solver = Solver::new(&problem);
        assert_eq!(solver.count(), want, "{n}-queens");
        let mut boards = HashSet::new();
        for solution in solver.solutions() {
            problem.verify(&solution).expect("a valid solution");
            let picture = queens_board(&problem, n, &solution);
            check_queens(&picture, n);
            boards.insert(picture);
        }
        assert_eq!(boards.len() as u64, want, "{n}-queens: distinct boards");
    }
    // The empty board has one solution, which places nothing.
    let mut empty = Solver::new(&queens(0));
    assert_eq!(empty.count(), 1);
}

#[cfg(feature = "parallel")]
#[test]
fn queens_11_and_12_in_parallel() {
    for (n, want) in [(11, 2680), (12, 14200)] {
        let start = Instant::now();
        let count = Solver::new(&queens(n)).par_count();
        assert_eq!(count.solutions, want, "{n}-queens");
        assert!(count.outcome.is_complete());
        eprintln!("{n}-queens: {} in {:.2?}", count.stats, start.elapsed());
    }
}

#[test]
fn queens_stats_are_repeatable() {
    let run = || {
        let mut solver = Solver::new(&queens(8));
        assert_eq!(solver.count(), 92);
        solver.stats()
    };
    let (first, second) = (run(), run());
    assert_eq!((first.nodes, first.updates), (second.nodes, second.updates));
    assert!(first.nodes > 0 && first.updates > 0);
    assert_eq!(first.solutions, 92);
    eprintln!("8-queens: {first}");
}

/// The letters of a picture, checked to tile exactly the board: every cell
/// a letter, every hole a space, each of the twelve letters on 5 cells.
fn check_tiling(picture: &str, board: &Board) {
    let rows: Vec<Vec<char>> = picture.lines().map(|l| l.chars().collect()).collect();
    assert_eq!(rows.len(), board.rows(), "{picture}");
    let mut letters = [0usize; 26];
    for (r, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), board.cols(), "{picture}");
        for (c, &symbol) in row.iter().enumerate() {
            if board.contains(r, c) {
                assert!(symbol.is_ascii_uppercase(), "cell {r},{c}:\n{picture}");
                letters[(symbol as u8 - b'A') as usize] += 1;
            } else {
                assert_eq!(symbol, ' ', "hole {r},{c}:\n{picture}");
            }
        }
    }
    for (k, &count) in letters.iter().enumerate() {
        let letter = (b'A' + k as u8) as char;
        let want = if "FILNPTUVWXYZ".contains(letter) {
            5
        } else {
            0
        };
        assert_eq!(count, want, "letter {letter}:\n{picture}");
    }
}

/// A motion of the square: (row, column, rows, columns) to (row, column).
type Motion = fn(usize, usize, usize, usize) -> (usize, usize);

/// A picture's least image under the board's symmetries (those of the 8
/// motions of the square that keep its shape of cells and holes).
fn canonical(picture: &str) -> String {
    let grid: Vec<Vec<char>> = picture.lines().map(|l| l.chars().collect()).collect();
    let (rows, cols) = (grid.len(), grid[0].len());
    let shape = |g: &Vec<Vec<char>>| -> Vec<Vec<bool>> {
        g.iter()
            .map(|r| r.iter().map(|&s| s != ' ').collect())
            .collect()
    };
    let motions: [Motion; 8] = [
        |r, c, _, _| (r, c),
        |r, c, rows, cols| (rows - 1 - r, cols - 1 - c),
        |r, c, rows, _| (rows - 1 - r, c),
        |r, c, _, cols| (r, cols - 1 - c),
        |r, c, _, _| (c, r),
        |r, c, rows, cols| (cols - 1 - c, rows - 1 - r),
        |r, c, rows, _| (c, rows - 1 - r),
        |r, c, _, cols| (cols - 1 - c, r),
    ];
    let motions = if rows == cols {
        &motions[..]
    } else {
        &motions[..4]
    };
    let mut images = Vec::new();
    for motion in motions {
        let mut image = grid.clone();
        for (r, row) in grid.iter().enumerate() {
            for (c, &symbol) in row.iter().enumerate() {
                let (r2, c2) = motion(r, c, rows, cols);
                image[r2][c2] = symbol;
            }
        }
        if shape(&image) == shape(&grid) {
            images.push(image);
        }
    }
    let least = images.into_iter().min().unwrap_or(grid);
    least
        .iter()
        .map(|r| r.iter().collect::<String>() + "\n")
        .collect()
}

/// Calls `visit` for every solution, on a rayon pool with the `parallel`
/// feature; returns their number.
#[cfg(feature = "parallel")]
fn each_solution(problem: &dlx::Problem, visit: impl Fn(&[dlx::OptionId]) + Sync) -> u64 {
    u64::try_from(Solver::new(problem).par_for_each(visit).solutions).unwrap()
}

/// Calls `visit` for every solution; returns their number.
#[cfg(not(feature = "parallel"))]
fn each_solution(problem: &dlx::Problem, visit: impl Fn(&[dlx::OptionId])) -> u64 {
    let mut count = 0;
    Solver::new(problem).for_each(|solution| {
        visit(solution);
        count += 1;
        std::ops::ControlFlow::Continue(())
    });
    count
}

/// Every tiling of the board, all of them and up to symmetry, found in
/// parallel, verified, drawn and checked; the tilings kept up to symmetry
/// are one of each class of all the tilings.
fn check_pentominoes(board: &Board, all: u64, unique: u64) {
    let start = Instant::now();
    let mut classes = Vec::new();
    for (tilings, want) in [(Tilings::All, all), (Tilings::UpToSymmetry, unique)] {
        let problem = pentominoes(board, tilings).expect("60 cells");
        let pictures = Mutex::new(Vec::new());
        let count = each_solution(&problem, |tiling| {
            problem.verify(tiling).expect("a valid tiling");
            let picture = pentomino_picture(&problem, board, tiling);
            check_tiling(&picture, board);
            pictures.lock().unwrap().push(picture);
        });
        assert_eq!(count, want, "{tilings:?}\n{board}");
        let pictures = pictures.into_inner().unwrap();
        let distinct: HashSet<&String> = pictures.iter().collect();
        assert_eq!(distinct.len(), pictures.len(), "a tiling found twice");
        let canonical: Vec<String> = pictures.iter().map(|p| canonical(p)).collect();
        let set: BTreeSet<&String> = canonical.iter().collect();
        if tilings == Tilings::UpToSymmetry {
            assert_eq!(set.len(), canonical.len(), "two tilings of one class");
        }
        classes.push(set.into_iter().cloned().collect::<BTreeSet<String>>());
    }
    assert_eq!(
        classes[0], classes[1],
        "classes of all tilings vs unique ones"
    );
    eprintln!(
        "{}x{} ({} cells): {all} tilings, {unique} up to symmetry, in {:.2?}",
        board.rows(),
        board.cols(),
        board.cell_count(),
        start.elapsed()
    );
}

#[test]
fn pentominoes_6x10() {
    check_pentominoes(&Board::rectangle(6, 10).unwrap(), 9356, 2339);
}

#[test]
fn pentominoes_5x12() {
    check_pentominoes(&Board::rectangle(5, 12).unwrap(), 4040, 1010);
}

#[test]
fn pentominoes_4x15() {
    check_pentominoes(&Board::rectangle(4, 15).unwrap(), 1472, 368);
}

#[test]
fn pentominoes_3x20() {
    check_pentominoes(&Board::rectangle(3, 20).unwrap(), 8, 2);
}

#[test]
fn pentominoes_8x8_minus_centre_serial_equals_parallel() {
    let board = Board::eight_by_eight_minus_centre();
    check_pentominoes(&board, 520, 65);
    for (tilings, want) in [(Tilings::All, 520), (Tilings::UpToSymmetry, 65)] {
        let problem = pentominoes(&board, tilings).unwrap();
        let mut solver = Solver::new(&problem);
        assert_eq!(solver.count(), want, "serial, {tilings:?}");
        #[cfg(feature = "parallel")]
        assert_eq!(
            solver.par_count().solutions,
            u128::from(want),
            "parallel, {tilings:?}"
        );
    }
}

#[test]
fn boards_of_another_size_are_refused() {
    for board in [
        Board::rectangle(8, 8).unwrap(),
        Board::rectangle(0, 0).unwrap(),
        Board::parse("....").unwrap(),
    ] {
        let err = pentominoes(&board, Tilings::All).unwrap_err();
        let cells = board.cell_count().to_string();
        assert!(err.to_string().contains(&cells), "{err}");
    }
}
