//! Constraint strings from arbitrary bytes (at most 4 KiB): the browser
//! solver's `.Type~arg~arg` items and its links holding them after `?q=`,
//! read by `Puzzles` with the reader's checks.
//!
//! For the first few puzzles read, the text form written back reads back
//! as the same puzzle (and, up to 9x9, a solution found is one).

#![no_main]

use dlx_fuzz::records;
use libfuzzer_sys::fuzz_target;
use sudoku_dlx::Puzzles;

/// The longest input.
const MAX_LEN: usize = 4096;

/// Puzzles per input checked further.
const MAX_CHECKED: usize = 4;

fuzz_target!(|data: &[u8]| {
    if data.len() > MAX_LEN {
        return;
    }
    let read = records::check(data, Puzzles::new(data), true);
    let puzzles = read.iter().filter_map(|record| record.result.as_ref().ok());
    for puzzle in puzzles.take(MAX_CHECKED) {
        records::check_variant(puzzle);
    }
});
