//! The line formats of the community's collections from arbitrary bytes
//! (at most 8 KiB): tdoku's `puzzle:count:solution`, HoDoKu's library
//! lines (`:type:candidates:puzzle:deleted:...`), CSV files whose header
//! names the puzzle column, SudokuWiki's board strings and `bd=` links,
//! read by `Puzzles` with the reader's checks. A solution a line states is
//! a solution of its puzzle (the reader checks it, and refuses the line
//! otherwise).
//!
//! For the first few puzzles read with the squarest boxes and no
//! pencilmarks, what the line states written back in tdoku's form and as
//! a CSV row reads back as the same puzzle stating the same; a 9x9
//! puzzle, pencilmarks or not, written as a HoDoKu line whose deleted
//! candidates are those it rules out reads back allowing the same digits.

#![no_main]

use dlx_fuzz::records;
use libfuzzer_sys::fuzz_target;
use sudoku_dlx::{Grid, Layout, Puzzles, Record};

/// The longest input.
const MAX_LEN: usize = 8192;

/// Puzzles per input written back in the formats.
const MAX_CHECKED: usize = 4;

fuzz_target!(|data: &[u8]| {
    if data.len() > MAX_LEN {
        return;
    }
    let read = records::check(data, Puzzles::new(data), true);
    for record in &read {
        if let (Ok(puzzle), Some(solution)) = (&record.result, &record.stated.solution) {
            assert!(solution.is_solution_of(puzzle), "{puzzle}: {solution}");
        }
    }
    let squarest = read.iter().filter(|record| {
        record.result.as_ref().is_ok_and(|grid| {
            Layout::squarest(grid.side()).is_ok_and(|l| &l == grid.layout())
        })
    });
    for record in squarest.take(MAX_CHECKED) {
        let puzzle = record.result.as_ref().expect("filtered");
        if !records::has_pencilmarks(puzzle) {
            check_tdoku(puzzle, record);
            check_csv(puzzle, record);
        }
        if puzzle.side() == 9 {
            check_hodoku(puzzle);
        }
    }
});

/// `puzzle:count:solution` (the count 1 when the record states none)
/// reads back as the same puzzle, count and solution.
fn check_tdoku(puzzle: &Grid, record: &Record) {
    let count = record.stated.count.unwrap_or(1);
    let mut line = format!("{puzzle}:{count}");
    if let Some(solution) = &record.stated.solution {
        line.push_str(&format!(":{solution}"));
    }
    let read = records::read_one(&line);
    assert_eq!(read.result.as_ref(), Ok(puzzle), "{line}");
    assert_eq!(read.stated.count, Some(count), "{line}");
    assert_eq!(read.stated.solution, record.stated.solution, "{line}");
}

/// A CSV file of a header and one row, the puzzle and its solution (an
/// empty field when the record states none), reads back as one record of
/// the same puzzle and solution.
fn check_csv(puzzle: &Grid, record: &Record) {
    let solution = record
        .stated
        .solution
        .as_ref()
        .map_or(String::new(), Grid::to_string);
    let text = format!("id,puzzle,solution\n7,{puzzle},{solution}\n");
    let read: Vec<Record> = Puzzles::new(text.as_bytes())
        .collect::<Result<_, _>>()
        .expect("reading a slice cannot fail");
    assert_eq!(read.len(), 1, "{text}");
    assert_eq!(read[0].line, 2, "{text}");
    assert_eq!(read[0].result.as_ref(), Ok(puzzle), "{text}");
    assert_eq!(read[0].stated.solution, record.stated.solution, "{text}");
}

/// A HoDoKu library line of the puzzle's givens, deleting from each empty
/// cell the digits it rules out, reads back allowing the same digits.
fn check_hodoku(puzzle: &Grid) {
    let allowed = records::allowed(puzzle);
    let givens: String = puzzle
        .cells()
        .iter()
        .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
        .collect();
    let mut deleted = Vec::new();
    for (cell, &d) in puzzle.cells().iter().enumerate() {
        if d == 0 {
            for k in (1..=9u8).filter(|k| !allowed[cell].contains(k)) {
                deleted.push(format!("{k}{}{}", cell / 9 + 1, cell % 9 + 1));
            }
        }
    }
    let line = format!(":0000:x:{givens}:{}::", deleted.join(" "));
    let read = records::read_one(&line);
    let read = read.result.unwrap_or_else(|e| panic!("{line}: {e}"));
    assert_eq!(records::allowed(&read), allowed, "{line}");
}
