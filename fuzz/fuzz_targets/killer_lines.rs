//! Killer lines from arbitrary bytes (at most 4 KiB), in the short format
//! of the published killer lists (81 symbols: sums and arrows) and in
//! SudoCue's long format (`3x3:d:k:` and a number a cell), read by
//! `Puzzles` with the reader's checks.
//!
//! For the first few killers read, the puzzle written back in each format
//! that can hold it (`Grid::to_killer_short`, `Grid::to_killer_long`)
//! reads back as the same puzzle (both formats give the cages in the
//! order of their first cells), and its text form does too (and, up to
//! 9x9, a solution found is one).

#![no_main]

use dlx_fuzz::records;
use libfuzzer_sys::fuzz_target;
use sudoku_dlx::Puzzles;

/// The longest input.
const MAX_LEN: usize = 4096;

/// Killers per input written back.
const MAX_CHECKED: usize = 4;

fuzz_target!(|data: &[u8]| {
    if data.len() > MAX_LEN {
        return;
    }
    let read = records::check(data, Puzzles::new(data), true);
    let killers = read.iter().filter_map(|record| record.result.as_ref().ok());
    for puzzle in killers.take(MAX_CHECKED) {
        for written in [puzzle.to_killer_short(), puzzle.to_killer_long()]
            .into_iter()
            .flatten()
        {
            let again = records::read_one(&written);
            assert_eq!(again.result.as_ref(), Ok(puzzle), "{written}");
        }
        records::check_variant(puzzle);
    }
});
