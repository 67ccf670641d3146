//! Puzzle files from arbitrary bytes: `sudoku_dlx::Puzzles` never panics,
//! yields its records in line order with lines that exist, and every grid it
//! reads is well formed; a few grids of 4x4 or 9x9 are solved, and the
//! answers checked (4x4 ones against a count by backtracking): the checks
//! of `dlx_fuzz::records`, which the targets of single formats share.
//!
//! The input is read twice: whole with the default options, and after its
//! first byte with the options that byte chooses (a box size, or none, and
//! the standard alphabet or a custom one). Variant puzzles (f-puzzles JSON
//! or links, the text form) are read back from their text form and solved
//! with a solver of their own layout.

#![no_main]

use dlx_fuzz::records;
use libfuzzer_sys::fuzz_target;
use sudoku_dlx::{Alphabet, Puzzles, ReadOptions};

fuzz_target!(|data: &[u8]| {
    records::check(data, Puzzles::new(data), true);
    if let Some((&first, rest)) = data.split_first() {
        let (options, standard) = options(first);
        records::check(rest, Puzzles::with_options(rest, options), standard);
    }
});

/// The options a byte chooses: box size `byte % 8` (none for 0; 1 is not a
/// box size), and with bit 3 a custom alphabet of hex digits.
fn options(byte: u8) -> (ReadOptions, bool) {
    let mut options = ReadOptions::new();
    let custom = byte & 8 != 0;
    if custom {
        let hex = Alphabet::custom("0123456789ABCDEF").expect("a valid alphabet");
        options = options.alphabet(hex);
    }
    let b = usize::from(byte % 8);
    if b != 0 {
        match options.clone().box_size(b) {
            Ok(sized) => options = sized,
            Err(e) => assert_eq!(b, 1, "box size {b}: {e}"),
        }
    }
    (options, !custom)
}
