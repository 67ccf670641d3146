//! f-puzzles JSON from arbitrary bytes (at most 4 KiB): `Grid::from_fpuzzles`
//! never panics; a puzzle it reads is well formed, reads back from its text
//! form, and up to 9x9 is solved (500 nodes at most) and the solution
//! checked; a JSON error names a line and column of the text. The same
//! bytes read as a file by `Puzzles` (one object, a list of them, or
//! objects one after another) pass the reader's checks, and a file of one
//! object (and the commas after it, which the reader skips) gives one
//! record: the puzzle `from_fpuzzles` reads, or an error when it refuses
//! it.

#![no_main]

use dlx_fuzz::records;
use libfuzzer_sys::fuzz_target;
use sudoku_dlx::{FpuzzlesErrorKind, Grid, Puzzles};

/// The longest input: enough for a 9x9 puzzle with a dozen constraints;
/// larger ones only slow the search for new paths.
const MAX_LEN: usize = 4096;

fuzz_target!(|data: &[u8]| {
    if data.len() > MAX_LEN {
        return;
    }
    let text = String::from_utf8_lossy(data);
    let direct = Grid::from_fpuzzles(&text);
    match &direct {
        Ok(puzzle) => {
            records::check_grid(puzzle, true);
            records::check_variant(puzzle);
        }
        Err(e) => {
            // A JSON error names a line of the text and a column on it,
            // in characters, or just past its end.
            if let FpuzzlesErrorKind::Json {
                line,
                column,
                decompressed: false,
                ..
            } = e.kind()
            {
                let lines: Vec<&str> = text.split('\n').collect();
                assert!((1..=lines.len()).contains(line), "{e}");
                let width = lines[line - 1].chars().count();
                assert!((1..=width + 1).contains(column), "{e}");
            }
        }
    }
    let read = records::check(data, Puzzles::new(data), true);
    // One object alone: the file reader finds it alone, the same puzzle;
    // and one record of an object is the puzzle `from_fpuzzles` reads, or
    // an error when it refuses it.
    let object = trimmed(&text).starts_with('{');
    if object && direct.is_ok() {
        assert_eq!(read.len(), 1, "{text}");
    }
    if object && read.len() == 1 {
        // The reader skips the commas that separate objects, which
        // `from_fpuzzles` refuses after the object: the record is the
        // object without them.
        let alone = trimmed(&text)
            .trim_end_matches(|c: char| c == ',' || c.is_whitespace() || c == '\u{feff}');
        let expected = Grid::from_fpuzzles(alone);
        assert_eq!(
            read[0].result.as_ref().ok(),
            expected.as_ref().ok(),
            "{text}"
        );
    }
});

/// The text `Grid::from_fpuzzles` parses: without white space and
/// byte-order marks around it.
fn trimmed(text: &str) -> &str {
    text.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}')
}
