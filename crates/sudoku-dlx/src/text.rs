//! The lexer of puzzle text, shared by [`Grid::parse`](crate::Grid::parse)
//! and the reader of puzzle files ([`Puzzles`](crate::Puzzles)): which
//! characters are cells, layout or comments, the cells of a line with their
//! columns, and how the cells of a text lie over its lines. What the
//! symbols of the cells stand for is the [`Alphabet`](crate::Alphabet)'s
//! to say.

use crate::error::{ParseError, ParseErrorKind};
use crate::side::{auto_side_of_cells, close_cell_count, is_auto_side};

/// Whether `ch` is layout rather than a cell: whitespace, the box drawing
/// characters `|`, `-`, `+`, or a byte order mark.
pub(crate) fn is_layout(ch: char) -> bool {
    ch.is_whitespace() || ch == '\u{feff}' || is_drawing(ch)
}

/// Whether `ch` is one of the box drawing characters `|`, `-`, `+`.
fn is_drawing(ch: char) -> bool {
    matches!(ch, '|' | '-' | '+')
}

/// Whether a line without cells draws part of a grid, such as
/// `------+-------+------`, SimpleSudoku's `*-----------*` and
/// `---!---!---`, or `=========`: it holds `|`, `-` or `+` before any
/// `#`, or is a [separator](is_separator). Any other line without cells
/// is blank, a comment, a CSV header or an `.sdk` section header.
pub(crate) fn is_rule(line: &str) -> bool {
    let text = before_comment(line);
    is_separator(text) || (!cell_text(line).0.is_empty() && text.chars().any(is_drawing))
}

/// `line` up to a `#` comment.
fn before_comment(line: &str) -> &str {
    line.find('#').map_or(line, |i| &line[..i])
}

/// Whether `text` is a separator line that holds symbols other than
/// layout: SimpleSudoku's `*-----------*` border and `---!---!---` rule,
/// or a rule of `===`. It holds only layout, `*`, `!` and `=`, and a `-`
/// or `===`. Elsewhere `*` is an empty cell, and `!` and `=` are no
/// symbols, so that a line of prose in a grid is a damaged row.
fn is_separator(text: &str) -> bool {
    // HoDoKu draws its borders with `.`, `:` and `'` at the corners
    // (`.---.---.`, `:---+---:`, `'---'---'`): with a run of `-`, those are
    // no cells either.
    let corners = text.contains("--");
    (text.contains('-') || text.contains("==="))
        && text.chars().all(|ch| {
            is_layout(ch)
                || matches!(ch, '*' | '!' | '=')
                || corners && matches!(ch, '.' | ':' | '\'')
        })
}

/// Whether the `-` of `line` are empty cells: the line, up to a comment,
/// is one word of symbols and `-` alone, some other symbol among them,
/// and counting the `-` makes a whole puzzle (81 cells, say). Elsewhere
/// `-` draws a grid.
fn dashes_are_cells(line: &str) -> bool {
    let word = before_comment(line).trim();
    word.contains('-')
        && word.chars().all(|ch| !is_layout(ch) || ch == '-')
        && word.chars().any(|ch| ch != '-')
        && auto_side_of_cells(word.chars().count()).is_some()
}

/// Whether `word` is a word of prose, no run of cells: two letters or
/// more, one of them beyond `G` (a digit of no grid under 16x16, whose rows
/// are the only lines with fewer than 16 cells).
fn is_word(word: &str) -> bool {
    word.len() >= 2
        && word.chars().all(|ch| ch.is_ascii_alphabetic() || ch == '_')
        && word
            .chars()
            .any(|ch| ch.to_ascii_lowercase() > 'g' && ch != '_')
}

/// The part of `line` that holds cells, and whether `,` and `;` separate
/// them there. Cut off: a `#` comment; with `,` or `;`, the fields after
/// the first (CSV as published: `puzzle,solution`), unless the first
/// holds one cell at most, when the fields are the cells (`5,3,0,...`);
/// after a first word that is a whole puzzle (16, 64, 81, ... cells), the
/// rest (a rating `ED=9.2`, a count). Nothing holds cells on an `.sdk`
/// section header (`[Puzzle]`), a [separator](is_separator), or a CSV header (a first
/// field that is a word: `quizzes,solutions`).
fn cell_text(line: &str) -> (&str, bool) {
    // Most lines are a puzzle of plain symbols: one pass over the bytes
    // says so, and that is all the reader needs to know of them.
    if line
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'*'))
    {
        return (line, false);
    }
    let text = before_comment(line);
    let trimmed = text.trim_start();
    if trimmed.starts_with('[') || is_separator(text) {
        return ("", false);
    }
    let count = |text: &str| text.chars().filter(|&ch| !is_layout(ch)).count();
    if let Some(i) = text.find([',', ';']) {
        let first = &text[..i];
        if count(first) <= 1 {
            return (text, true);
        }
        return (if is_word(first.trim()) { "" } else { first }, false);
    }
    let start = text.len() - trimmed.len();
    let end = trimmed.find(char::is_whitespace).unwrap_or(trimmed.len());
    let word = &trimmed[..end];
    if end < trimmed.len() && auto_side_of_cells(count(word)).is_some() {
        return (&text[..start + end], false);
    }
    (text, false)
}

/// Whether `line` is a title, such as `Puzzle 1:` or `Grid 01`: a word of
/// three letters or more first ([`is_word`]), a number, and fewer than 16
/// cells. The reader skips titles, and a title ends a grid; other prose in
/// a grid is a damaged row.
pub(crate) fn is_title(line: &str) -> bool {
    // A puzzle's line starts with a symbol other than a letter, mostly.
    let starts_with_letter = line
        .trim_start()
        .as_bytes()
        .first()
        .is_some_and(u8::is_ascii_alphabetic);
    if !starts_with_letter {
        return false;
    }
    let text = before_comment(line);
    let word = text.split_whitespace().next().unwrap_or("");
    let word = word.strip_suffix(':').unwrap_or(word);
    word.len() >= 3
        && is_word(word)
        && text.contains(|ch: char| ch.is_ascii_digit())
        && count_cells(line) < 16
}

/// The cells of one line of text as (1-based column, symbol), in the part
/// of the line that holds cells ([`cell_text`]). Columns count
/// characters, layout included.
pub(crate) fn line_cells(line: &str) -> impl Iterator<Item = (usize, char)> + '_ {
    let (text, separated) = cell_text(line);
    // A `-` that is a cell reads as `.`, the empty cell of every alphabet.
    let dashes = !separated && text.contains('-') && dashes_are_cells(text);
    text.chars()
        .enumerate()
        .filter(move |&(_, ch)| {
            !((is_layout(ch) && !(dashes && ch == '-')) || separated && matches!(ch, ',' | ';'))
        })
        .map(move |(i, ch)| (i + 1, if ch == '-' { '.' } else { ch }))
}

/// Number of cells on one line of text.
pub(crate) fn count_cells(line: &str) -> usize {
    line_cells(line).count()
}

/// How the cells of a text are laid out over its lines, to find its size or
/// say why it has none.
pub(crate) struct Shape {
    /// Total number of cells.
    pub(crate) cells: usize,
    /// Number of lines holding cells.
    rows: usize,
    /// Cells on the first line holding any.
    width: usize,
    /// Line number of the first line holding cells (1 if none does).
    pub(crate) first_line: usize,
    /// Line number of the last line holding cells (1 if none does).
    last_line: usize,
    /// The first row whose width differs from the first's: (row, line, cells).
    odd_row: Option<(usize, usize, usize)>,
}

impl Shape {
    pub(crate) fn of(text: &str) -> Shape {
        let mut shape = Shape {
            cells: 0,
            rows: 0,
            width: 0,
            first_line: 1,
            last_line: 1,
            odd_row: None,
        };
        for (i, line) in text.lines().enumerate() {
            let count = count_cells(line);
            if count == 0 {
                continue;
            }
            shape.rows += 1;
            shape.cells += count;
            shape.last_line = i + 1;
            if shape.rows == 1 {
                shape.width = count;
                shape.first_line = i + 1;
            } else if count != shape.width && shape.odd_row.is_none() {
                shape.odd_row = Some((shape.rows, i + 1, count));
            }
        }
        shape
    }

    /// Why these cells make no grid of side `side` (of any side known
    /// from a cell count when `None`): a drawn grid with a row of the
    /// wrong width or too few rows, else the cell count.
    pub(crate) fn error(&self, side: Option<usize>) -> ParseError {
        let drawn = match side {
            Some(side) => self.width == side,
            None => is_auto_side(self.width),
        };
        if self.rows >= 2 && drawn {
            if let Some((row, line, found)) = self.odd_row {
                let kind = ParseErrorKind::RowLength {
                    row,
                    found,
                    expected: self.width,
                };
                return ParseError::new(kind, line, None);
            }
            if self.rows < self.width {
                let kind = ParseErrorKind::CutShort {
                    rows: self.rows,
                    expected: self.width,
                };
                return ParseError::new(kind, self.last_line, None);
            }
        }
        let kind = ParseErrorKind::CellCount {
            found: self.cells,
            expected: match side {
                Some(side) => Some(side * side),
                None => close_cell_count(self.cells),
            },
        };
        ParseError::new(kind, self.first_line, None)
    }
}

#[cfg(test)]
mod tests {
    use crate::error::ParseErrorKind;
    use crate::grid::tests::{LEETCODE, LEETCODE_GRID, LEETCODE_SOLUTION};
    use crate::grid::Grid;

    #[test]
    fn comments_and_windows_line_ends_are_ignored() {
        let text = format!("# first\r\n{}  # trailing\r\n# last\r\n", LEETCODE);
        assert_eq!(Grid::parse(&text).unwrap(), Grid::parse(LEETCODE).unwrap());
        let hashed = format!("{}#{}", LEETCODE, "1".repeat(9));
        assert_eq!(
            Grid::parse(&hashed).unwrap(),
            Grid::parse(LEETCODE).unwrap()
        );
    }

    #[test]
    fn cell_count_errors_name_the_near_size() {
        let error = Grid::parse(&LEETCODE[1..]).unwrap_err();
        assert_eq!(error.to_string(), "line 1: expected 81 cells, found 80");
        assert_eq!(error.column(), None);
        let error = Grid::parse(&"1".repeat(50)).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 1: expected the cells of a grid (16 for 4x4, 36 for 6x6, 64 for 8x8, 81 for 9x9, ... 2401 for 49x49), found 50"
        );
        let error = Grid::parse("\n# nothing\n\n").unwrap_err();
        assert_eq!(
            *error.kind(),
            ParseErrorKind::CellCount {
                found: 0,
                expected: None
            }
        );
        let text = format!("# comment\n\n{}", &LEETCODE[1..]);
        let error = Grid::parse(&text).unwrap_err();
        assert_eq!(error.line(), 3);
        assert_eq!(
            *error.kind(),
            ParseErrorKind::CellCount {
                found: 80,
                expected: Some(81)
            }
        );
    }

    #[test]
    fn a_stray_symbol_is_named_before_the_count() {
        let annotated = format!("{LEETCODE}:1:{LEETCODE_SOLUTION}");
        let error = Grid::parse(&annotated).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 1, column 82: unexpected symbol ':'"
        );
        // Letters are digits of larger grids: the count is named.
        let error = Grid::parse(&format!("{}A", &LEETCODE[2..])).unwrap_err();
        assert_eq!(error.to_string(), "line 1: expected 81 cells, found 80");
    }

    #[test]
    fn symbol_errors_carry_line_and_column() {
        let text = LEETCODE_GRID.replace("4 . . | 8", "4 . . | q");
        let error = Grid::parse(&text).unwrap_err();
        assert_eq!(*error.kind(), ParseErrorKind::BadSymbol { symbol: 'q' });
        assert_eq!((error.line(), error.column()), (7, Some(9)));
        assert_eq!(error.to_string(), "line 7, column 9: unexpected symbol 'q'");
        let error = Grid::parse("12.5............").unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 1, column 4: symbol '5' stands for 5, out of range for a 4x4 grid"
        );
        let error = Grid::parse(&format!("{}A", &LEETCODE[1..])).unwrap_err();
        assert_eq!(*error.kind(), ParseErrorKind::BadSymbol { symbol: 'A' });
        assert_eq!(error.column(), Some(81));
    }

    #[test]
    fn the_cells_of_the_files_people_have() {
        let cells = |line: &str| {
            super::line_cells(line)
                .map(|(_, ch)| ch)
                .collect::<String>()
        };
        let leetcode = Grid::parse(LEETCODE).unwrap();
        // CSV: the first field, or fields of one cell each; a header has none.
        let zeros = LEETCODE.replace('.', "0");
        assert_eq!(cells(&format!("{zeros},{LEETCODE_SOLUTION}")), zeros);
        assert_eq!(cells(&format!("{LEETCODE};1;easy")), LEETCODE);
        let fields: Vec<String> = zeros.chars().map(String::from).collect();
        assert_eq!(cells(&fields.join(", ")), zeros);
        assert_eq!(Grid::parse(&fields.join(";")).unwrap(), leetcode);
        for header in ["quizzes,solutions", "puzzle;solution", "id,puzzle,rating"] {
            assert_eq!(cells(header), "");
            assert!(!super::is_rule(header));
        }
        // A rating or count after a whole puzzle.
        assert_eq!(cells(&format!("{LEETCODE} ED=9.2")), LEETCODE);
        assert_eq!(cells(&format!("{LEETCODE}\t23")), LEETCODE);
        // Separators, borders and section headers.
        for rule in [
            "*-----------*",
            "---!---!---",
            "======+=======+======",
            "|---+---+---|",
        ] {
            assert_eq!(cells(rule), "");
            assert!(super::is_rule(rule), "{rule}");
        }
        assert_eq!(cells("[Puzzle]"), "");
        assert!(!super::is_rule("[Puzzle]"));
        assert_eq!(cells("|1.3|*.5|...|"), "1.3*.5...");
        // Titles, which the reader skips; prose without a number is none.
        assert!(super::is_title("Puzzle 1:"));
        assert!(super::is_title("Grid 01"));
        assert!(!super::is_title("this is no row"));
        assert!(!super::is_title("1 2 3 4 5 6 7 8 9"));
        assert!(!super::is_title(LEETCODE));
    }

    #[test]
    fn drawn_grid_errors_name_the_row() {
        let text = LEETCODE_GRID.replace("4 . . | 8 . 3", "4 . . | 8 3");
        let error = Grid::parse(&text).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 7: grid row 5 has 8 cells, expected 9"
        );
        let text: String = LEETCODE_GRID
            .lines()
            .take(8)
            .map(|l| format!("{l}\n"))
            .collect();
        let error = Grid::parse(&text).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 8: grid cut short after 6 of 9 rows"
        );
    }
}
