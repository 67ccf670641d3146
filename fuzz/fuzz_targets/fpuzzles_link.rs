//! f-puzzles and SudokuPad links from arbitrary bytes. The first byte
//! chooses what the rest is:
//!
//! - with its top bit set, a link as it is (at most 512 bytes): a
//!   compressed string, a link with `?load=` or `?puzzleid=`, a SudokuPad
//!   path. `Grid::from_fpuzzles` never panics on it, nor does reading it
//!   as a file of links with `Puzzles` (the reader's checks); a puzzle
//!   read is well formed, reads back from its text form and up to 9x9 is
//!   solved (500 nodes at most), the solution checked.
//! - otherwise, f-puzzles JSON (at most 2 KiB), compressed with lz-string
//!   (the `lz-str` crate, as f-puzzles compresses it) into the link form
//!   that `byte % 6` chooses: the bare string, an f-puzzles `?load=`
//!   link, a SudokuPad path or `?puzzleid=`, the string with spaces for
//!   `+` (as a form gives it back), a link with `%XX` escapes. The link
//!   reads as the JSON does (the same puzzle, or an error for both), alone
//!   and as the one line of a file read by `Puzzles` (where a bare string,
//!   with `+` or with spaces, is a link only when it starts `N4Ig`).

#![no_main]

use dlx_fuzz::records;
use libfuzzer_sys::fuzz_target;
use sudoku_dlx::{Grid, Puzzles};

/// The longest link read as it is. lz-string unfolds k codes to up to
/// about k²/2 characters: 512 bytes of link unfold to at most a few
/// hundred thousand, a few milliseconds.
const MAX_LINK: usize = 512;

/// The longest JSON compressed into a link.
const MAX_JSON: usize = 2048;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    if first & 0x80 != 0 {
        if rest.len() <= MAX_LINK {
            raw(rest);
        }
    } else if rest.len() <= MAX_JSON {
        compressed(first % 6, &String::from_utf8_lossy(rest));
    }
});

/// A link as it is: read alone and as a file.
fn raw(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Ok(puzzle) = Grid::from_fpuzzles(&text) {
        records::check_grid(&puzzle, true);
        records::check_variant(&puzzle);
    }
    records::check(data, Puzzles::new(data), true);
}

/// `json` compressed into link form `form`: it reads as `json` does.
fn compressed(form: u8, json: &str) {
    let string = lz_str::compress_to_base64(json);
    let link = match form {
        0 => string.clone(),
        1 => format!("https://www.f-puzzles.com/?load={string}"),
        2 => format!("https://sudokupad.app/fpuzzles{string}"),
        3 => format!("https://sudokupad.app/?puzzleid=fpuz{string}"),
        4 => string.replace('+', " "),
        _ => format!(
            "https://f-puzzles.com/?load={}",
            string
                .replace('+', "%2B")
                .replace('/', "%2f")
                .replace('=', "%3D")
        ),
    };
    let expected = Grid::from_fpuzzles(json);
    let read = Grid::from_fpuzzles(&link);
    // The link holds the JSON exactly, white space and all: it reads as
    // the JSON does when that is an object, and is refused otherwise.
    if json.trim_start().starts_with('{') {
        assert_eq!(read.as_ref().ok(), expected.as_ref().ok(), "{link}\n{json}");
    } else {
        assert!(read.is_err(), "{link}\n{json}");
    }
    if let Ok(puzzle) = &read {
        records::check_grid(puzzle, true);
        records::check_variant(puzzle);
    }
    // A file of that one link: its one record is the same. A bare string
    // (with `+` or with spaces for it) is taken for a link when it starts
    // as the compressed `{"` does.
    let line = format!("{link}\n");
    if !matches!(form, 0 | 4) || string.starts_with("N4Ig") {
        let records = records::check(line.as_bytes(), Puzzles::new(line.as_bytes()), true);
        assert_eq!(records.len(), 1, "{link}");
        assert_eq!(
            records[0].result.as_ref().ok(),
            read.as_ref().ok(),
            "{link}"
        );
    }
}
