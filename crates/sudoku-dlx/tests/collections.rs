//! tdoku's file of puzzles with their counts, read by [`Puzzles`] as it
//! comes (when the data sets are present): every line one record, its
//! stated count the solver's, its stated solution one of the puzzle's.

use std::io::Write;
use std::path::Path;

use sudoku_dlx::{Puzzles, SolveError, SudokuSolver};

#[test]
fn tdokus_lines_read_with_their_counts_and_solutions() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/datasets/sudoku/test_puzzles_with_counts.txt");
    let Ok(file) = std::fs::File::open(&path) else {
        // The stderr handle, which libtest does not capture.
        let _ = writeln!(std::io::stderr(), "skipped: {} is absent", path.display());
        return;
    };
    let mut solver = SudokuSolver::new(3).unwrap();
    let (mut records, mut solutions) = (0, 0);
    for record in Puzzles::new(std::io::BufReader::new(file)) {
        let record = record.unwrap();
        let at = format!("line {}", record.line);
        let puzzle = record.result.unwrap_or_else(|e| panic!("{at}: {e}"));
        let stated = record
            .stated
            .count
            .unwrap_or_else(|| panic!("{at}: no count"));
        let count = match solver.count_solutions_up_to(&puzzle, stated + 1) {
            Ok(count) => count,
            Err(SolveError::Conflict(_)) => 0,
            Err(e) => panic!("{at}: {e}"),
        };
        assert_eq!(count, stated, "{at}");
        if let Some(solution) = &record.stated.solution {
            assert!(solution.is_solution_of(&puzzle), "{at}");
            solutions += 1;
        }
        records += 1;
    }
    assert_eq!((records, solutions), (43, 18));
}
