//! The twelve pentominoes: a built-in piece set of the tiling code.

use super::{Board, PuzzleError, Tiling, Tilings};
use crate::problem::{OptionId, Problem};

/// The twelve pentominoes in Conway's letters, each as its cells (row,
/// column) in one orientation.
pub(crate) const PENTOMINOES: [(char, [(usize, usize); 5]); 12] = [
    ('F', [(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)]),
    ('I', [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]),
    ('L', [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)]),
    ('N', [(0, 0), (0, 1), (1, 1), (1, 2), (1, 3)]),
    ('P', [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)]),
    ('T', [(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)]),
    ('U', [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)]),
    ('V', [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)]),
    ('W', [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)]),
    ('X', [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)]),
    ('Y', [(0, 1), (1, 0), (1, 1), (2, 1), (3, 1)]),
    ('Z', [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)]),
];

/// The pentomino problem on a board of 60 cells: tile it with the twelve
/// pentominoes, each used once, turned and flipped at will.
///
/// Primary items: the pieces' letters `F I L N P T U V W X Y Z`, then one
/// item per cell named `row-col` (0-based, `3-7`), row by row. One option per
/// placement of each distinct orientation of each piece, `piece cell cell
/// cell cell cell`.
///
/// Counts: 6x10 9356 (2339 up to symmetry), 5x12 4040 (1010), 4x15 1472
/// (368), 3x20 8 (2), 8x8 without its centre 520 (65).
///
/// # Up to symmetry
///
/// With [`Tilings::UpToSymmetry`], each tiling is counted once up to the
/// board's symmetries, as [`Tiling::problem`] does it: only the X
/// placements least in their orbit under the board's symmetries stay,
/// and where such a placement is fixed by a symmetry (on a square board,
/// X on a diagonal), the first piece without symmetry, F, tells the
/// images apart through secondary items `sym-F-K`.
///
/// # Errors
///
/// [`PuzzleError::CellCount`] when the board does not have 60 cells.
///
/// # Complexity
///
/// At most 63 orientations times 60 positions; the search is another matter
/// (the 6x10 board takes seconds).
///
/// # Example
///
/// ```
/// use dlx::puzzles::{pentominoes, pentomino_picture, Board, Tilings};
/// use dlx::Solver;
///
/// let board = Board::rectangle(3, 20)?;
/// let problem = pentominoes(&board, Tilings::UpToSymmetry)?;
/// let mut solver = Solver::new(&problem);
/// assert_eq!(solver.count(), 2);
/// let tiling = solver.first().expect("3x20 can be tiled");
/// let picture = pentomino_picture(&problem, &board, &tiling);
/// assert_eq!(picture.lines().count(), 3);
/// assert!(pentominoes(&Board::rectangle(8, 8)?, Tilings::All).is_err()); // 64 cells
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn pentominoes(board: &Board, tilings: Tilings) -> Result<Problem, PuzzleError> {
    let count = board.cell_count();
    if count != 60 {
        return Err(PuzzleError::CellCount(count));
    }
    Ok(Tiling::pentominoes(board).problem(tilings)?)
}

/// Draws a tiling found for [`pentominoes`]`(board, ..)`: one line per row
/// of the board, each cell as the letter of the piece on it, holes as
/// spaces (and a cell that no option covers as `.`).
///
/// Each option's piece and cells are read from the names of its items, so
/// the options may come in any order; an option id the problem does not
/// have, or a cell off the board, is left out.
///
/// # Complexity
///
/// Linear in the size of the picture, `rows * (cols + 1)` characters.
///
/// # Example
///
/// ```
/// use dlx::puzzles::{pentominoes, pentomino_picture, Board, Tilings};
/// use dlx::Solver;
/// let board = Board::eight_by_eight_minus_centre();
/// let problem = pentominoes(&board, Tilings::All)?;
/// let tiling = Solver::new(&problem).first().expect("a tiling");
/// let picture = pentomino_picture(&problem, &board, &tiling);
/// assert_eq!(picture.lines().nth(3).map(|row| &row[3..5]), Some("  "));
/// assert_eq!(picture.chars().filter(|c| c.is_ascii_uppercase()).count(), 60);
/// # Ok::<(), dlx::puzzles::PuzzleError>(())
/// ```
pub fn pentomino_picture(problem: &Problem, board: &Board, solution: &[OptionId]) -> String {
    Tiling::pentominoes(board).picture(problem, solution)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::tiling::geometry::{generators, normalize, orientations, Cell};

    #[test]
    fn pieces_have_63_orientations() {
        let turns = generators(2, true, true);
        let counts: Vec<(char, usize)> = PENTOMINOES
            .iter()
            .map(|(name, cells)| {
                let shape = cells
                    .iter()
                    .map(|&(r, c)| Cell {
                        at: [r as i32, c as i32, 0],
                        suffix: 0,
                    })
                    .collect();
                (*name, orientations(&normalize(shape), &turns).len())
            })
            .collect();
        let want = [
            ('F', 8),
            ('I', 2),
            ('L', 8),
            ('N', 8),
            ('P', 8),
            ('T', 4),
            ('U', 4),
            ('V', 4),
            ('W', 4),
            ('X', 1),
            ('Y', 8),
            ('Z', 4),
        ];
        assert_eq!(counts, want);
        assert_eq!(counts.iter().map(|c| c.1).sum::<usize>(), 63);
    }

    #[test]
    fn placements_on_6x10_match_knuth() {
        // TAOCP 7.2.2.1: 2056 options for the 6x10 rectangle, X in 32
        // positions.
        let board = Board::rectangle(6, 10).unwrap();
        let all = pentominoes(&board, Tilings::All).unwrap();
        assert_eq!(all.option_count(), 2056);
        let x = all.item("X").unwrap();
        let with_x = |p: &Problem| {
            p.options()
                .filter(|(_, entries)| entries[0].item == x)
                .count()
        };
        assert_eq!(with_x(&all), 32);
        // Up to symmetry, X has 8 places, none fixed by a symmetry of the
        // board (its centre is never on an axis of a 6x10 rectangle).
        let unique = pentominoes(&board, Tilings::UpToSymmetry).unwrap();
        assert_eq!(unique.option_count(), 2056 - 32 + 8);
        assert_eq!(with_x(&unique), 8);
        assert_eq!(unique.secondary_count(), 0);
    }

    #[test]
    fn items_are_pieces_then_cells() {
        let problem = pentominoes(&Board::rectangle(3, 20).unwrap(), Tilings::All).unwrap();
        let names: Vec<&str> = (0..14).map(|i| problem.item_name(i).unwrap()).collect();
        assert_eq!(names[..12].concat(), "FILNPTUVWXYZ");
        assert_eq!(names[12..], ["0-0", "0-1"]);
    }

    #[test]
    fn wrong_sizes_are_errors() {
        let err = pentominoes(&Board::rectangle(8, 8).unwrap(), Tilings::All).unwrap_err();
        assert_eq!(err, PuzzleError::CellCount(64));
        assert_eq!(
            err.to_string(),
            "the board has 64 cells; the twelve pentominoes cover 60"
        );
        assert!(Board::rectangle(usize::MAX, 2).is_err());
        let huge = Board::rectangle(usize::MAX, 1).unwrap();
        assert_eq!(
            pentominoes(&huge, Tilings::UpToSymmetry).unwrap_err(),
            PuzzleError::CellCount(usize::MAX)
        );
    }
}
