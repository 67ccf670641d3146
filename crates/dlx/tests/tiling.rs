//! Tilings read by `Tiling::parse` against counts from the literature and
//! brute force, every solution checked on its picture by code that knows
//! nothing of the tiling module.

use std::collections::HashMap;
use std::sync::Mutex;

use dlx::puzzles::{Tiling, TilingErrorKind, Tilings};
use dlx::{OptionId, Problem, Solver};

fn fixture(path: &str) -> String {
    let path = format!("{}/../../fixtures/tile/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Calls `visit` for every solution; returns their number.
fn each_solution(problem: &Problem, visit: impl Fn(&[OptionId]) + Sync) -> u64 {
    #[cfg(feature = "parallel")]
    return u64::try_from(Solver::new(problem).par_for_each(visit).solutions).unwrap();
    #[cfg(not(feature = "parallel"))]
    {
        let mut count = 0;
        Solver::new(problem).for_each(|s| {
            visit(s);
            count += 1;
            std::ops::ControlFlow::Continue(())
        });
        count
    }
}

/// Checks a picture: the letters shown on each position, against the
/// board's mask (true a cell, false none) and each piece's number of
/// cells; returns the picture's letters.
fn check_picture(picture: &str, mask: &[Vec<bool>], sizes: &HashMap<char, usize>) {
    let rows: Vec<Vec<char>> = picture.lines().map(|l| l.chars().collect()).collect();
    assert_eq!(rows.len(), mask.len(), "{picture}");
    let mut seen: HashMap<char, usize> = HashMap::new();
    for (row, want) in rows.iter().zip(mask) {
        assert_eq!(row.len(), want.len(), "{picture}");
        for (&symbol, &cell) in row.iter().zip(want) {
            if cell {
                assert!(sizes.contains_key(&symbol), "{symbol:?} in\n{picture}");
                *seen.entry(symbol).or_default() += 1;
            } else {
                assert_eq!(symbol, ' ', "{picture}");
            }
        }
    }
    assert_eq!(&seen, sizes, "{picture}");
}

/// The mask of a picture of `layers` layers of `rows` x `cols` full boxes,
/// side by side two spaces apart.
fn boxes(layers: usize, rows: usize, cols: usize) -> Vec<Vec<bool>> {
    let mut row = Vec::new();
    for l in 0..layers {
        if l > 0 {
            row.extend([false, false]);
        }
        row.extend(std::iter::repeat_n(true, cols));
    }
    vec![row; rows]
}

fn count(tiling: &Tiling, tilings: Tilings) -> u64 {
    let problem = tiling.problem(tilings).unwrap();
    Solver::new(&problem).count()
}

#[test]
fn soma_cube_11520_and_240() {
    let sizes: HashMap<char, usize> = "VLTZABP"
        .chars()
        .map(|c| (c, if c == 'V' { 3 } else { 4 }))
        .collect();
    for file in ["soma.txt", "soma-drawn.txt"] {
        let tiling = Tiling::parse(&fixture(file)).unwrap();
        assert_eq!(tiling.dimensions(), 3);
        assert_eq!(tiling.symmetry_count(), 48, "{file}");
        for (tilings, want) in [(Tilings::All, 11520), (Tilings::UpToSymmetry, 240)] {
            let problem = tiling.problem(tilings).unwrap();
            let mask = boxes(3, 3, 3);
            let pictures = Mutex::new(Vec::new());
            let found = each_solution(&problem, |solution| {
                problem.verify(solution).expect("a valid tiling");
                let picture = tiling.picture(&problem, solution);
                check_picture(&picture, &mask, &sizes);
                pictures.lock().unwrap().push(picture);
            });
            assert_eq!(found, want, "{file} {tilings:?}");
            let mut pictures = pictures.into_inner().unwrap();
            pictures.sort();
            pictures.dedup();
            assert_eq!(pictures.len() as u64, want, "{file}: a tiling twice");
        }
    }
}

#[test]
fn pentominoes_in_a_2x5x6_box_2112_and_264() {
    let tiling = Tiling::parse(&fixture("pentomino-2x5x6.txt")).unwrap();
    assert_eq!(tiling.symmetry_count(), 8);
    let sizes: HashMap<char, usize> = "FILNPTUVWXYZ".chars().map(|c| (c, 5)).collect();
    let mask = boxes(2, 5, 6);
    for (tilings, want) in [(Tilings::UpToSymmetry, 264), (Tilings::All, 2112)] {
        let problem = tiling.problem(tilings).unwrap();
        let found = each_solution(&problem, |solution| {
            let picture = tiling.picture(&problem, solution);
            check_picture(&picture, &mask, &sizes);
        });
        assert_eq!(found, want, "{tilings:?}");
    }
}

#[test]
fn pentominoes_in_both_forms_match_the_built_in_set() {
    let knuth = Tiling::parse(&fixture("pentomino-6x10.txt")).unwrap();
    assert_eq!(knuth.problem(Tilings::All).unwrap().option_count(), 2056);
    let drawn = Tiling::parse(&fixture("pentomino-3x20.txt")).unwrap();
    assert_eq!(count(&drawn, Tilings::All), 8);
    assert_eq!(count(&drawn, Tilings::UpToSymmetry), 2);
    let sizes: HashMap<char, usize> = "FILNPTUVWXYZ".chars().map(|c| (c, 5)).collect();
    let problem = drawn.problem(Tilings::All).unwrap();
    let found = each_solution(&problem, |solution| {
        check_picture(&drawn.picture(&problem, solution), &boxes(1, 3, 20), &sizes);
    });
    assert_eq!(found, 8);
}

#[test]
fn knuths_options_in_knuths_order() {
    // What polyomino-dlx writes for this input, worked by hand from its
    // generators: the base placements 00 01 and 00 10, each shifted
    // lexicographically.
    let tiling = Tiling::parse("[01][01]\nD 00 01\n").unwrap();
    let mut out = Vec::new();
    dlx::write(&tiling.problem(Tilings::All).unwrap(), &mut out).unwrap();
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "00 01 10 11 D\nD 00 01\nD 10 11\nD 00 10\nD 01 11\n"
    );
    // Suffixed cells are secondary, and a piece's suffixed cells go onto
    // the board's: Knuth's example `00 01 00! 01!`.
    let tiling = Tiling::parse("[0-1][0-1] [0-1][0-1]!\nD 00 01 00! 01!\n").unwrap();
    let problem = tiling.problem(Tilings::All).unwrap();
    assert_eq!((problem.primary_count(), problem.secondary_count()), (5, 4));
    let texts: Vec<String> = problem
        .options()
        .map(|(id, _)| dlx::option_text(&problem, id))
        .collect();
    assert_eq!(texts[0], "D 00 00! 01 01!");
    assert_eq!(texts.len(), 4);
}

/// The number of tilings of `cells` (row, column) by the pieces, each
/// given as its orientations, used `uses` times each, by brute force:
/// fill the first empty cell every way.
fn brute_force(cells: &[(i32, i32)], pieces: &[Vec<Vec<(i32, i32)>>], uses: &mut [usize]) -> u64 {
    fn go(empty: &mut Vec<(i32, i32)>, pieces: &[Vec<Vec<(i32, i32)>>], uses: &mut [usize]) -> u64 {
        let Some(&first) = empty.iter().min() else {
            return u64::from(uses.iter().all(|&u| u == 0));
        };
        let mut total = 0;
        for (p, shapes) in pieces.iter().enumerate() {
            if uses[p] == 0 {
                continue;
            }
            for shape in shapes {
                // The shape's least cell goes on the first empty cell.
                let anchor = *shape.iter().min().unwrap();
                let placed: Vec<(i32, i32)> = shape
                    .iter()
                    .map(|&(r, c)| (r - anchor.0 + first.0, c - anchor.1 + first.1))
                    .collect();
                if placed.iter().all(|cell| empty.contains(cell)) {
                    empty.retain(|cell| !placed.contains(cell));
                    uses[p] -= 1;
                    total += go(empty, pieces, uses);
                    uses[p] += 1;
                    empty.extend(&placed);
                }
            }
        }
        total
    }
    go(&mut cells.to_vec(), pieces, uses)
}

/// A motion of the plane fixing the origin.
type Motion = fn(i32, i32) -> (i32, i32);

/// The 8 orientations of a shape of the plane, by hand.
fn turns(shape: &[(i32, i32)]) -> Vec<Vec<(i32, i32)>> {
    let mut all: Vec<Vec<(i32, i32)>> = Vec::new();
    let motions: [Motion; 8] = [
        |r, c| (r, c),
        |r, c| (c, -r),
        |r, c| (-r, -c),
        |r, c| (-c, r),
        |r, c| (r, -c),
        |r, c| (-r, c),
        |r, c| (c, r),
        |r, c| (-c, -r),
    ];
    for m in motions {
        let mut s: Vec<(i32, i32)> = shape.iter().map(|&(r, c)| m(r, c)).collect();
        let (r0, c0) = (
            s.iter().map(|x| x.0).min().unwrap(),
            s.iter().map(|x| x.1).min().unwrap(),
        );
        s = s.iter().map(|&(r, c)| (r - r0, c - c0)).collect();
        s.sort();
        if !all.contains(&s) {
            all.push(s);
        }
    }
    all
}

#[test]
fn a_board_with_a_hole_drawn_by_hand() {
    let text = "| a ring of 8 cells\n...\n.#.\n...\n\nVV CCC\nV  C\n   C\n";
    let tiling = Tiling::parse(text).unwrap();
    let problem = tiling.problem(Tilings::All).unwrap();
    let cells: Vec<(i32, i32)> = (0..3)
        .flat_map(|r| (0..3).map(move |c| (r, c)))
        .filter(|&cell| cell != (1, 1))
        .collect();
    let v = turns(&[(0, 0), (0, 1), (1, 0)]);
    let c = turns(&[(0, 0), (0, 1), (0, 2), (1, 0), (2, 0)]);
    let want = brute_force(&cells, &[v, c], &mut [1, 1]);
    assert!(want > 0);
    let sizes: HashMap<char, usize> = [('V', 3), ('C', 5)].into();
    let mask = vec![vec![true; 3], vec![true, false, true], vec![true; 3]];
    let found = each_solution(&problem, |solution| {
        problem.verify(solution).unwrap();
        check_picture(&tiling.picture(&problem, solution), &mask, &sizes);
    });
    assert_eq!(found, want);
    // Both pieces have a mirror axis, which the ring's diagonals keep:
    // no piece can tell the images apart, and up to symmetry is refused.
    let err = tiling.problem(Tilings::UpToSymmetry).unwrap_err();
    assert!(
        matches!(err.kind(), TilingErrorKind::CannotBreakSymmetry(_)),
        "{err}"
    );
}

#[test]
fn three_ls_drawn_by_hand() {
    let text = "...\n...\n.##\n..#\n\n3*L\nL\nLL\n";
    let tiling = Tiling::parse(text).unwrap();
    assert_eq!(tiling.piece_bounds("L"), Some((3, 3)));
    let problem = tiling.problem(Tilings::All).unwrap();
    let cells = [
        (0, 0),
        (0, 1),
        (0, 2),
        (1, 0),
        (1, 1),
        (1, 2),
        (2, 0),
        (3, 0),
        (3, 1),
    ];
    let l = turns(&[(0, 0), (1, 0), (1, 1)]);
    let want = brute_force(&cells, &[l], &mut [3]);
    assert!(want > 0);
    // The copies are numbered in the picture: L1, L2 and L3, three cells
    // each, on the board's cells (columns three characters apart).
    let found = each_solution(&problem, |solution| {
        problem.verify(solution).unwrap();
        let picture = tiling.picture(&problem, solution);
        let mut seen: HashMap<String, usize> = HashMap::new();
        for (r, line) in picture.lines().enumerate() {
            for (c, label) in line.chars().collect::<Vec<_>>().chunks(3).enumerate() {
                let label: String = label.iter().collect::<String>().trim().to_string();
                assert_eq!(
                    !label.is_empty(),
                    cells.contains(&(r as i32, c as i32)),
                    "{picture}"
                );
                if !label.is_empty() {
                    *seen.entry(label).or_default() += 1;
                }
            }
        }
        let want: HashMap<String, usize> = ["L1", "L2", "L3"].map(|l| (l.to_string(), 3)).into();
        assert_eq!(seen, want, "{picture}");
    });
    assert_eq!(found, want);
}

#[test]
fn dominoes_on_4x4_as_knuth_counts_them() {
    // Knuth's table: 36 tilings of the 4x4 square by dominoes.
    let tiling = Tiling::parse("[0-3][0-3]\n8|D 00 01\n").unwrap();
    assert_eq!(count(&tiling, Tilings::All), 36);
    let tiling = Tiling::parse("[0-3][0-3]\n8*D 00 01\n").unwrap();
    assert_eq!(count(&tiling, Tilings::All), 36);
}

#[test]
fn a_piece_that_may_be_used_up_to_twice() {
    // A 1x5 strip, an I-tromino once, monominoes 0 to 2 times: the
    // tromino in any of its 3 places, monominoes on the 2 cells left.
    let tiling = Tiling::parse("[0][0-4]\nI 00 01 02\n0:2|M 00\n").unwrap();
    assert_eq!(count(&tiling, Tilings::All), 3);
    // The same strip with at most one monomino cannot be filled.
    let tiling = Tiling::parse("[0][0-4]\nI 00 01 02\n0:1|M 00\n").unwrap();
    assert_eq!(count(&tiling, Tilings::All), 0);
}

#[test]
fn pieces_counted_with_bounds_build_bounds() {
    let tiling = Tiling::parse("[0-3][0-3]\n8|D 00 01\n").unwrap();
    let problem = tiling.problem(Tilings::All).unwrap();
    assert_eq!(problem.bounds(problem.item("D").unwrap()), (8, 8));
    let tiling = Tiling::parse("[0][0-3]\nI 00 01 02\n0:2|M 00\n").unwrap();
    let problem = tiling.problem(Tilings::All).unwrap();
    assert_eq!(problem.bounds(problem.item("M").unwrap()), (0, 2));
    // A piece used more than once cannot be restricted: up to symmetry
    // is refused, never miscounted.
    let tiling = Tiling::parse("[0-3][0-3]\n8|D 00 01\n").unwrap();
    let err = tiling.problem(Tilings::UpToSymmetry).unwrap_err();
    assert!(
        matches!(err.kind(), TilingErrorKind::CannotBreakSymmetry(_)),
        "{err}"
    );
}

#[test]
fn errors_name_line_and_column() {
    let at = |text: &str| {
        let err = Tiling::parse(text)
            .and_then(|t| t.problem(Tilings::All).map(|_| t))
            .unwrap_err();
        (err.line(), err.column(), err.kind().to_string())
    };
    let (line, column, message) = at("| x\n[0-3][3-1]\nD 00 01\n");
    assert_eq!((line, column), (Some(2), Some(9)), "{message}");
    assert_eq!(message, "a decreasing range");
    assert_eq!(at("[0-3][1-]\n").0, Some(1));
    assert_eq!(at("[0-3][0-3\nD 00\n").2, "'[' without its ']'");
    assert_eq!(
        at("[0-3][0-3]\nD 00 01!\n"),
        (
            Some(2),
            Some(6),
            "unknown cell '01!': no cell of the board has its suffix".to_string()
        )
    );
    assert_eq!(
        at("[0-1][0-1]\nI 00 01 02 03 04\n"),
        (
            Some(2),
            Some(1),
            "piece 'I' has 5 cells, more than the board's 4".to_string()
        )
    );
    assert_eq!(
        at("[0-1][0-1]\nI 00 01 02\n").2,
        "piece 'I' fits nowhere on the board"
    );
    assert_eq!(at("| nothing\n[]0\nD 00\n").2, "the board has no cell");
    assert_eq!(at("###\n\nL\n").2, "the board has no cell");
    assert_eq!(at("").2.split(':').next(), Some("no board"));
    assert_eq!(at("[0-3][0-3]\n0|D 00 01\n").1, Some(1));
    assert_eq!(
        at("[0-3][0-3]\n00 00 01\n").2,
        "the piece name '00' is a cell of the board"
    );
    assert_eq!(
        at("...\n.x.\n\nL\n"),
        (
            Some(2),
            Some(2),
            "unexpected 'x' in the board ('.' a cell, '+' a cell that may stay empty, \
             '#' or a space no cell, a line of '-' between layers)"
                .to_string()
        )
    );
    assert_eq!(at("...\n\nL\n\nL\n").0, Some(5));
    assert_eq!(
        at("...\n\nL\n-\nL\n").2,
        "piece 'L' does not lie in the 2 dimensions of the board"
    );
    assert_eq!(
        at("...\n\nL\n2*Q\n").2,
        "a count for 'Q', which is not drawn"
    );
    assert_eq!(
        at("[0-2][0-2][0-2]\nV 000 01\n").2,
        "a cell needs 3 coordinates"
    );
}

#[test]
fn optional_cells_may_stay_empty() {
    // A 1x3 strip whose last cell may stay empty, and a domino: one
    // tiling, which leaves the '+' empty.
    let tiling = Tiling::parse("..+\n\nDD\n").unwrap();
    let problem = tiling.problem(Tilings::All).unwrap();
    assert_eq!(problem.secondary_count(), 1);
    let pictures: Vec<String> = Solver::new(&problem)
        .solutions()
        .map(|s| tiling.picture(&problem, &s))
        .collect();
    assert_eq!(pictures, ["DD.\n"]);
}
