//! The line formats of the community's big collections, told line by
//! line: tdoku's `puzzle:count:solution`, HoDoKu's library lines, CSV
//! files whose header names the puzzle column, and SudokuWiki's board
//! strings (`bd=`, 81 or 162 characters).
//!
//! [`recognize`] finds which format a line is in, the part of it that
//! holds the puzzle, and what the line states beside it: a count, a
//! solution, candidates deleted. The reader then lexes the puzzle's part
//! as any other line, so that columns in errors stay the line's own, and
//! checks what the line states against the puzzle (in
//! [`classic`](super::classic)).

use std::ops::Range;

use crate::text::{count_cells, is_rule};

/// The formats told by [`recognize`], named in errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Format {
    /// tdoku's test files: `puzzle:count` or `puzzle:count:solution`.
    Tdoku,
    /// HoDoKu's library format: `:type:candidates:puzzle:deleted:...:`.
    Hodoku,
    /// A row of a CSV file whose header named the puzzle column.
    Csv,
    /// SudokuWiki's board string, alone or as a link's `bd=`.
    SudokuWiki,
}

impl Format {
    /// The format as errors name it.
    pub(super) fn name(self) -> &'static str {
        match self {
            Format::Tdoku => "a tdoku line (puzzle:count:solution)",
            Format::Hodoku => "a HoDoKu library line (:type:candidates:puzzle:deleted:...)",
            Format::Csv => "a CSV row",
            Format::SudokuWiki => "a SudokuWiki board string",
        }
    }
}

/// The columns of a CSV file, from its header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Columns {
    /// The separator: `,` or `;`.
    separator: char,
    /// The puzzle's column, from 0.
    puzzle: usize,
    /// The solution's column, from 0, when the header names one.
    solution: Option<usize>,
}

/// Names of a header's puzzle column, compared without case.
const PUZZLE_NAMES: [&str; 5] = ["puzzle", "puzzles", "quizzes", "quiz", "sudoku"];

/// Names of a header's solution column, compared without case.
const SOLUTION_NAMES: [&str; 2] = ["solution", "solutions"];

/// What a line of one of the formats holds beside its puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Extra {
    /// The format of the line.
    pub(super) format: Format,
    /// The number of solutions the line states.
    pub(super) count: Option<u64>,
    /// The text of a solution the line states, and its first column.
    pub(super) solution: Option<(String, usize)>,
    /// Candidates HoDoKu deleted: (digit, row, column), from 1, and the
    /// column of each on the line.
    pub(super) deleted: Vec<([usize; 3], usize)>,
    /// SudokuWiki's 162 characters: per cell, its candidates (bit d for
    /// digit d) and whether it is a clue.
    pub(super) packed: Option<Vec<(u64, bool)>>,
}

impl Extra {
    fn new(format: Format) -> Extra {
        Extra {
            format,
            count: None,
            solution: None,
            deleted: Vec::new(),
            packed: None,
        }
    }
}

/// What [`recognize`] finds on a line.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Recognized {
    /// None of the formats: the line is read as it is.
    Plain,
    /// A CSV header naming the puzzle column: the rows after it are read
    /// by it.
    Header(Columns),
    /// A puzzle in `line[range]`, with what the line states beside it
    /// (for SudokuWiki's 162 characters, the range is empty and the
    /// candidates are in the extra).
    Puzzle(Range<usize>, Box<Extra>),
    /// A line that looks like one of the formats but is not: why, and the
    /// column (from 1) to blame.
    Fault(String, Option<usize>),
}

/// Recognizes one of the formats on `line`: `columns` are those of a CSV
/// header read before, and `first` says the line is the first with content,
/// where a header may be.
pub(super) fn recognize(line: &str, columns: Option<&Columns>, first: bool) -> Recognized {
    let text = line.find('#').map_or(line, |i| &line[..i]);
    let trimmed = text.trim();
    // Rules such as HoDoKu's `:----+----:` hold no puzzle.
    let is_drawing = || is_rule(line) && count_cells(line) == 0;
    if trimmed.is_empty() {
        return Recognized::Plain;
    }
    if let Some(columns) = columns {
        return if is_drawing() {
            Recognized::Plain
        } else {
            csv_row(text, columns)
        };
    }
    if first {
        if let Some(columns) = header(text) {
            return Recognized::Header(columns);
        }
    }
    if trimmed.starts_with(':') {
        return if is_drawing() {
            Recognized::Plain
        } else {
            hodoku(text)
        };
    }
    if let Some(at) = text.find("bd=") {
        return sudokuwiki_link(text, at + 3);
    }
    if trimmed.len() == 162 && trimmed.bytes().all(is_base32) {
        let start = text.len() - text.trim_start().len();
        return sudokuwiki(text, start..start + 162);
    }
    if text.contains(':') {
        return tdoku(text);
    }
    Recognized::Plain
}

/// The byte ranges of the fields of `text` split at `separator`.
fn fields(text: &str, separator: char) -> Vec<Range<usize>> {
    let mut ranges = Vec::new();
    let mut start = 0;
    for (i, ch) in text.char_indices() {
        if ch == separator {
            ranges.push(start..i);
            start = i + ch.len_utf8();
        }
    }
    ranges.push(start..text.len());
    ranges
}

/// `range` of `text` without the whitespace and quotes around it.
fn trim_range(text: &str, range: Range<usize>) -> Range<usize> {
    let field = &text[range.clone()];
    let inner = field.trim_matches(|ch: char| ch.is_whitespace() || ch == '"');
    let start = range.start
        + (field.len()
            - field
                .trim_start_matches(|ch: char| ch.is_whitespace() || ch == '"')
                .len());
    start..start + inner.len()
}

/// The column, from 1, of byte `at` of `text`.
fn column(text: &str, at: usize) -> usize {
    text[..at].chars().count() + 1
}

/// The columns named by a CSV header: a line with `,` or `;` one of whose
/// fields names the puzzle column.
fn header(text: &str) -> Option<Columns> {
    let separator = [',', ';'].into_iter().find(|&s| text.contains(s))?;
    let names: Vec<String> = fields(text, separator)
        .into_iter()
        .map(|range| text[trim_range(text, range)].to_ascii_lowercase())
        .collect();
    let find = |wanted: &[&str]| {
        names
            .iter()
            .position(|name| wanted.contains(&name.as_str()))
    };
    Some(Columns {
        separator,
        puzzle: find(&PUZZLE_NAMES)?,
        solution: find(&SOLUTION_NAMES),
    })
}

/// A row of a CSV file with a header (every line with content after it):
/// its puzzle column, and its solution column if the header names one. A
/// header repeated (files joined) names the columns again.
fn csv_row(text: &str, columns: &Columns) -> Recognized {
    if let Some(again) = header(text) {
        return Recognized::Header(again);
    }
    let ranges = fields(text, columns.separator);
    let Some(puzzle) = ranges.get(columns.puzzle) else {
        return Recognized::Fault(
            format!(
                "looks like {} but it has {} field{}, and the header puts the puzzle in field {}",
                Format::Csv.name(),
                ranges.len(),
                if ranges.len() == 1 { "" } else { "s" },
                columns.puzzle + 1
            ),
            None,
        );
    };
    let mut extra = Extra::new(Format::Csv);
    if let Some(range) = columns.solution.and_then(|k| ranges.get(k)) {
        let range = trim_range(text, range.clone());
        if !range.is_empty() {
            extra.solution = Some((text[range.clone()].to_string(), column(text, range.start)));
        }
    }
    Recognized::Puzzle(trim_range(text, puzzle.clone()), Box::new(extra))
}

/// A line of tdoku's form, `puzzle:count` or `puzzle:count:solution`,
/// when its first field holds a puzzle's worth of cells (16 or more: a
/// title such as `Puzzle 1:` is none).
fn tdoku(text: &str) -> Recognized {
    let ranges = fields(text, ':');
    if count_cells(&text[ranges[0].clone()]) < 16 {
        return Recognized::Plain;
    }
    let fault = |why: String, at: usize| {
        Recognized::Fault(
            format!("looks like {} but {why}", Format::Tdoku.name()),
            Some(column(text, at)),
        )
    };
    if ranges.len() > 3 {
        return fault(
            format!("it has {} fields, expected 2 or 3", ranges.len()),
            ranges[3].start - 1,
        );
    }
    let mut extra = Extra::new(Format::Tdoku);
    let count = trim_range(text, ranges[1].clone());
    match text[count.clone()].parse::<u64>() {
        Ok(n) => extra.count = Some(n),
        Err(_) if count.is_empty() => {
            return fault("its count field is empty".to_string(), ranges[1].start)
        }
        Err(_) => {
            return fault(
                format!("its count field {:?} is not a number", &text[count.clone()]),
                count.start,
            )
        }
    }
    if let Some(range) = ranges.get(2) {
        let range = trim_range(text, range.clone());
        if !range.is_empty() {
            extra.solution = Some((text[range.clone()].to_string(), column(text, range.start)));
        }
    }
    Recognized::Puzzle(trim_range(text, ranges[0].clone()), Box::new(extra))
}

/// A line of HoDoKu's library format: `:type:candidates:puzzle:deleted:
/// eliminations:cells:extra`, six or seven `:`. The puzzle is 81 symbols,
/// `+` before a digit placed rather than given; the deleted candidates are
/// `drc` triples (digit, row, column from 1) separated by spaces.
fn hodoku(text: &str) -> Recognized {
    let ranges = fields(text, ':');
    let colons = ranges.len() - 1;
    let name = Format::Hodoku.name();
    if colons < 3 {
        // A stray `:` at the start of a line is no library line.
        return Recognized::Plain;
    }
    if !(6..=7).contains(&colons) {
        return Recognized::Fault(
            format!("looks like {name} but it has {colons} ':', expected 6 or 7"),
            None,
        );
    }
    let mut extra = Extra::new(Format::Hodoku);
    let deleted = &ranges[4];
    let mut at = deleted.start;
    for word in text[deleted.clone()].split(' ') {
        if !word.is_empty() {
            let digits: Vec<usize> = word
                .bytes()
                .filter(|b| (b'1'..=b'9').contains(b))
                .map(|b| usize::from(b - b'0'))
                .collect();
            let [d, r, c] = digits[..] else {
                return Recognized::Fault(
                    format!(
                        "looks like {name} but its deleted candidate {word:?} is not a digit, \
                         a row and a column (such as 417: 4 deleted from r1c7)"
                    ),
                    Some(column(text, at)),
                );
            };
            if word.len() != 3 {
                return Recognized::Fault(
                    format!("looks like {name} but its deleted candidate {word:?} is not 3 digits"),
                    Some(column(text, at)),
                );
            }
            extra.deleted.push(([d, r, c], column(text, at)));
        }
        at += word.len() + 1;
    }
    Recognized::Puzzle(trim_range(text, ranges[3].clone()), Box::new(extra))
}

/// Whether `b` is a digit of base 32 as JavaScript writes it (`0-9a-v`),
/// either case.
fn is_base32(b: u8) -> bool {
    b.is_ascii_digit() || (b'a'..=b'v').contains(&b.to_ascii_lowercase())
}

/// A SudokuWiki link's board, from byte `start` of `text` (right after
/// `bd=`) to the next `&` or whitespace: 81 symbols (givens) or 162
/// characters (candidates).
fn sudokuwiki_link(text: &str, start: usize) -> Recognized {
    let end = text[start..]
        .find(|ch: char| ch == '&' || ch.is_whitespace())
        .map_or(text.len(), |i| start + i);
    match end - start {
        162 if text.as_bytes()[start..end].iter().all(|&b| is_base32(b)) => {
            sudokuwiki(text, start..end)
        }
        _ if count_cells(&text[start..end]) == 81 => {
            Recognized::Puzzle(start..end, Box::new(Extra::new(Format::SudokuWiki)))
        }
        len => Recognized::Fault(
            format!(
                "looks like {} but its board has {len} characters, expected 81 or 162",
                Format::SudokuWiki.name()
            ),
            Some(column(text, start)),
        ),
    }
}

/// SudokuWiki's 162 characters at `range` of `text`: per cell, two digits
/// of base 32 of (candidates << 1) + clue, the candidates a set of bits
/// (bit 0 for digit 1, ..., bit 8 for digit 9).
fn sudokuwiki(text: &str, range: Range<usize>) -> Recognized {
    let bytes = &text.as_bytes()[range.clone()];
    let mut cells = Vec::with_capacity(81);
    for (k, pair) in bytes.chunks(2).enumerate() {
        let value = |b: u8| char::from(b).to_digit(32);
        let at = range.start + 2 * k;
        let (Some(high), Some(low)) = (value(pair[0]), value(pair[1])) else {
            let bad = if value(pair[0]).is_none() { at } else { at + 1 };
            return Recognized::Fault(
                format!(
                    "looks like {} but {:?} is no digit of base 32 (0-9, a-v)",
                    Format::SudokuWiki.name(),
                    char::from(bytes[bad - range.start])
                ),
                Some(column(text, bad)),
            );
        };
        let n = u64::from(high * 32 + low);
        let candidates = (n >> 1) << 1;
        if candidates == 0 {
            return Recognized::Fault(
                format!(
                    "looks like {} but cell r{}c{} has no candidate",
                    Format::SudokuWiki.name(),
                    k / 9 + 1,
                    k % 9 + 1
                ),
                Some(column(text, at)),
            );
        }
        // Bit d for digit d, as the reader's masks have it.
        cells.push((candidates, n & 1 == 1));
    }
    let mut extra = Extra::new(Format::SudokuWiki);
    extra.packed = Some(cells);
    Recognized::Puzzle(range.start..range.start, Box::new(extra))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::tests::{LEETCODE, LEETCODE_SOLUTION};
    use crate::read::tests::{read, summary, INKALA};

    const P: &str =
        ".5..83.17...1..4..3.4..56.8....3...9.9.8245....6....7...9....5...729..861.36.72.4";

    #[test]
    fn tdoku_lines_give_the_puzzle_count_and_solution() {
        let line = format!("{P}:1:652483917");
        let Recognized::Puzzle(range, extra) = recognize(&line, None, true) else {
            panic!("not a puzzle");
        };
        assert_eq!(&line[range], P);
        assert_eq!(extra.count, Some(1));
        assert_eq!(extra.solution, Some(("652483917".to_string(), 85)));
        let Recognized::Fault(why, Some(83)) = recognize(&format!("{P}:x"), None, false) else {
            panic!("no fault");
        };
        assert!(why.contains("count field \"x\" is not a number"), "{why}");
        assert_eq!(recognize("Puzzle 1:", None, false), Recognized::Plain);
    }

    #[test]
    fn a_header_names_the_columns() {
        let columns = Columns {
            separator: ',',
            puzzle: 1,
            solution: Some(2),
        };
        let header_line = "id,puzzle,solution,clues,difficulty";
        assert_eq!(
            recognize(header_line, None, true),
            Recognized::Header(columns.clone())
        );
        // Only the first line with content may be a header.
        assert_eq!(recognize(header_line, None, false), Recognized::Plain);
        let row = format!("7,{P},,24,1.2");
        let Recognized::Puzzle(range, extra) = recognize(&row, Some(&columns), false) else {
            panic!("not a puzzle");
        };
        assert_eq!(&row[range], P);
        assert_eq!(extra.solution, None);
    }

    #[test]
    fn hodoku_library_lines_give_deleted_candidates() {
        let line = format!(":0000:x:{P}:417 427::");
        let Recognized::Puzzle(range, extra) = recognize(&line, None, true) else {
            panic!("not a puzzle");
        };
        assert_eq!(&line[range], P);
        let deleted: Vec<[usize; 3]> = extra.deleted.iter().map(|d| d.0).collect();
        assert_eq!(deleted, [[4, 1, 7], [4, 2, 7]]);
        assert!(matches!(
            recognize(&format!(":0000:x:{P}:41:"), None, true),
            Recognized::Fault(..)
        ));
    }

    #[test]
    fn sudokuwiki_strings_give_candidates_and_clues() {
        let line = format!("vu03{}", "vu".repeat(79));
        let Recognized::Puzzle(_, extra) = recognize(&line, None, true) else {
            panic!("not a puzzle");
        };
        let cells = extra.packed.unwrap();
        assert_eq!(cells[0], (0b11_1111_1110, false));
        assert_eq!(cells[1], (0b10, true));
    }

    #[test]
    fn tdoku_lines_state_a_count_and_a_solution() {
        let wrong = LEETCODE_SOLUTION.replacen('4', "1", 1);
        let text = format!(
            "{LEETCODE}:1:{LEETCODE_SOLUTION}\n{INKALA}:0\n{LEETCODE}:one\n\
             {LEETCODE}:1:{wrong}\n{}:1\n{LEETCODE}:1:{}\n",
            &LEETCODE[1..],
            &LEETCODE_SOLUTION[1..]
        );
        let records = read(&text);
        assert_eq!(
            summary(&records),
            vec![
                (1, Ok(LEETCODE.to_string())),
                (2, Ok(INKALA.to_string())),
                (
                    3,
                    Err(
                        "line 3, column 83: looks like a tdoku line (puzzle:count:solution) \
                         but its count field \"one\" is not a number"
                            .to_string()
                    )
                ),
                (
                    4,
                    Err(
                        "line 4, column 85: looks like a tdoku line (puzzle:count:solution) \
                         but its solution is not one of the puzzle: digit 1 repeated in row 1 \
                         (r1c3 and r1c8)"
                            .to_string()
                    )
                ),
                (
                    5,
                    Err(
                        "line 5: a tdoku line (puzzle:count:solution) whose puzzle has \
                         expected 81 cells, found 80"
                            .to_string()
                    )
                ),
                (
                    6,
                    Err(
                        "line 6, column 85: looks like a tdoku line (puzzle:count:solution) \
                         but its solution has 80 cells, expected 81"
                            .to_string()
                    )
                ),
            ]
        );
        assert_eq!(records[0].stated.count, Some(1));
        let solution = records[0].stated.solution.as_ref().unwrap();
        assert_eq!(solution.to_string(), LEETCODE_SOLUTION);
        assert_eq!(records[1].stated.count, Some(0));
        assert_eq!(records[1].stated.solution, None);
    }

    #[test]
    fn hodoku_library_lines_take_out_deleted_candidates() {
        // 1 and 2 of r1c3 and 2 of r1c4 deleted; `+` marks a digit
        // placed, read as a given.
        let placed = format!("{}+{}", &LEETCODE[..2], &LEETCODE[2..]);
        let text =
            format!(":0000:x:{placed}:113 213 214::\n:0000:x:{LEETCODE}:::\n:0100:1:{LEETCODE}\n");
        let records = read(&text);
        let pencil = records[0].result.as_ref().unwrap();
        assert!(!pencil.is_candidate(2, 1) && !pencil.is_candidate(2, 2));
        assert!(!pencil.is_candidate(3, 2) && pencil.is_candidate(3, 6));
        assert!(pencil.is_candidate(2, 4) && pencil.is_candidate(5, 2));
        assert_eq!(pencil.solution().unwrap().to_string(), LEETCODE_SOLUTION);
        assert_eq!(records[1].result.as_ref().unwrap().to_string(), LEETCODE);
        assert_eq!(
            records[2].result.as_ref().unwrap_err().to_string(),
            "line 3: looks like a HoDoKu library line (:type:candidates:puzzle:deleted:...) \
             but it has 3 ':', expected 6 or 7"
        );
        // A deleted candidate of a filled cell contradicts the line.
        let text = format!(":0000:x:{LEETCODE}:51 511::\n");
        assert!(read(&text)[0].result.is_err());
        let text = format!(":0000:x:{LEETCODE}:511::\n");
        assert_eq!(
            read(&text)[0].result.as_ref().unwrap_err().to_string(),
            "line 1, column 91: looks like a HoDoKu library line \
             (:type:candidates:puzzle:deleted:...) but it deletes candidate 5 of r1c1, \
             which holds 5"
        );
    }

    #[test]
    fn csv_rows_are_read_by_their_header() {
        let text = format!(
            "id,puzzle,solution,clues,difficulty\n1,{LEETCODE},{LEETCODE_SOLUTION},30,0.0\n\
             2,{INKALA},,21,8.5\n3\n4,{}\n",
            &LEETCODE[1..]
        );
        let records = read(&text);
        assert_eq!(
            records.iter().map(|r| r.line).collect::<Vec<_>>(),
            [2, 3, 4, 5]
        );
        assert_eq!(records[0].result.as_ref().unwrap().to_string(), LEETCODE);
        assert!(records[0].stated.solution.is_some());
        assert_eq!(records[1].result.as_ref().unwrap().to_string(), INKALA);
        assert_eq!(
            records[2].result.as_ref().unwrap_err().to_string(),
            "line 4: looks like a CSV row but it has 1 field, and the header puts the \
             puzzle in field 2"
        );
        assert_eq!(
            records[3].result.as_ref().unwrap_err().to_string(),
            "line 5: a CSV row whose puzzle has expected 81 cells, found 80"
        );
        // Kaggle's sets: quizzes,solutions with 0 for empty.
        let zeros = LEETCODE.replace('.', "0");
        let text = format!("quizzes,solutions\n{zeros},{LEETCODE_SOLUTION}\n");
        let records = read(&text);
        assert_eq!(records.len(), 1);
        assert_eq!(records[0].result.as_ref().unwrap().to_string(), LEETCODE);
    }
}
