//! Reading files of puzzles as a stream of records, one per puzzle.
//!
//! [`Puzzles`] reads line by line from any [`BufRead`] and yields one
//! [`Record`] per puzzle, good or bad, in input order, so that a batch of a
//! million puzzles is read in constant memory and a bad puzzle costs only its
//! own record.
//!
//! The format is described on [`Puzzles`], where users of the crate find it.
//!
//! What an input holds is told once, from its first line with content
//! ([`Kind`]); each kind has its reader, one concept a file:
//!
//! - classic puzzles: [`classic`] tells what each line with cells begins
//!   and reads a puzzle on one line, [`drawn`] a grid drawn over n lines
//!   (damaged ones too), [`pencilmarks`] candidate grids and 729-symbol
//!   pencilmarks, [`community`] the lines of tdoku, HoDoKu, CSV files and
//!   SudokuWiki;
//! - f-puzzles JSON objects: [`json`];
//! - f-puzzles links, or their compressed strings, one a line: [`links`];
//! - the project's text form of variant puzzles: [`text_form`];
//! - killer lines, in the killer community's short and long formats:
//!   [`killers`];
//! - the constraint strings of a browser variant solver (`.Cage~15~R1C1`),
//!   or its links: [`strings`].
//!
//! All of them read the input's lines from [`source`].

mod classic;
mod community;
mod drawn;
mod json;
mod killers;
mod links;
mod pencilmarks;
mod source;
pub(crate) mod strings;
mod text_form;

use std::io::{self, BufRead};
use std::iter::FusedIterator;

use crate::alphabet::Alphabet;
use crate::error::{GridError, ParseError, ParseErrorKind};
use crate::grid::{square_layout, Grid};
use crate::layout::Layout;
use crate::side;
use crate::variant::Variant;
use source::{Line, Source};

/// How [`Puzzles`] reads: the alphabet, and optionally a layout for every
/// puzzle, or variants for the layout found from each.
///
/// # Example
///
/// ```
/// use sudoku_dlx::{Alphabet, Layout, ReadOptions, Variant};
///
/// let options = ReadOptions::new()
///     .alphabet(Alphabet::custom("0123456789ABCDEF")?)
///     .box_size(4)?;
/// let x = ReadOptions::new().layout(Layout::square(3)?.with_variant(Variant::X)?);
/// let x_of_any_size = ReadOptions::new().variants(vec![Variant::X]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReadOptions {
    alphabet: Alphabet,
    layout: Option<Layout>,
    variants: Vec<Variant>,
}

impl ReadOptions {
    /// The standard alphabet, and sizes found from each puzzle's cells.
    pub fn new() -> ReadOptions {
        ReadOptions::default()
    }

    /// Reads symbols with `alphabet`.
    #[must_use]
    pub fn alphabet(mut self, alphabet: Alphabet) -> ReadOptions {
        self.alphabet = alphabet;
        self
    }

    /// Reads every puzzle as square boxes of side `box_size` (side n =
    /// `box_size` squared): [`ReadOptions::layout`] of
    /// [`Layout::square`].
    ///
    /// # Errors
    ///
    /// [`GridErrorKind::BoxSize`](crate::GridErrorKind::BoxSize) unless
    /// `box_size` is in 2..=7.
    pub fn box_size(self, box_size: usize) -> Result<ReadOptions, GridError> {
        Ok(self.layout(square_layout(box_size)?))
    }

    /// Reads every puzzle as a puzzle of `layout`, of side n: a line of n*n
    /// cells is a puzzle, a line of n cells a grid row, and any other line
    /// an error, or a grid's damaged row. This settles whether 16 cells are
    /// a 4x4 puzzle or a row of a 16x16 grid, and gives puzzles a layout
    /// their text cannot tell (a jigsaw, variants, boxes other than the
    /// squarest).
    #[must_use]
    pub fn layout(mut self, layout: Layout) -> ReadOptions {
        self.layout = Some(layout);
        self
    }

    /// Adds `variants` to each puzzle's layout: with no layout given, to
    /// the one found from the puzzle's side, so that X puzzles of any size
    /// read in one file. A variant that a puzzle's layout cannot take
    /// (hyper on a grid other than 9x9) makes its record an error, naming
    /// the variant
    /// ([`ParseErrorKind::Variant`](crate::ParseErrorKind::Variant)).
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::{Puzzles, ReadOptions, Variant};
    ///
    /// let text = "1...............\n";
    /// let options = ReadOptions::new().variants(vec![Variant::X]);
    /// let records = Puzzles::with_options(text.as_bytes(), options)
    ///     .collect::<Result<Vec<_>, _>>()?;
    /// let puzzle = records[0].result.clone()?;
    /// assert_eq!(puzzle.side(), 4);
    /// assert!(puzzle.layout().has_variant(Variant::X));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn variants(mut self, variants: Vec<Variant>) -> ReadOptions {
        self.variants = variants;
        self
    }

    /// `layout`, of the record at `line`, with the variants added.
    fn with_variants(&self, layout: Layout, line: usize) -> Result<Layout, ParseError> {
        self.variants.iter().try_fold(layout, |layout, &variant| {
            layout
                .with_variant(variant)
                .map_err(|e| ParseError::new(ParseErrorKind::Variant(e.kind().clone()), line, None))
        })
    }

    /// The side of a whole puzzle of `count` cells on one line, when the
    /// line cannot as well be a grid's row (16 or 36 cells with no layout
    /// given).
    fn whole_side(&self, count: usize) -> Option<usize> {
        match &self.layout {
            Some(layout) => (count == layout.side() * layout.side()).then_some(layout.side()),
            None if is_ambiguous(count) => None,
            None => side::auto_side_of_cells(count),
        }
    }

    /// Whether a line of `width` cells can be a row of a grid.
    fn is_width(&self, width: usize) -> bool {
        match &self.layout {
            Some(layout) => width == layout.side(),
            None => side::is_auto_side(width),
        }
    }

    /// Whether a line of `count` cells can begin a puzzle by itself.
    fn starts_puzzle(&self, count: usize) -> bool {
        match &self.layout {
            Some(layout) => count == layout.side() * layout.side(),
            None => side::auto_side_of_cells(count).is_some() || side::is_auto_side(count),
        }
    }

    /// The layout of the puzzles of side `side`: the one given, or else the
    /// squarest boxes of that side, which [`ReadOptions::whole_side`] and
    /// [`ReadOptions::is_width`] have found to exist.
    fn layout_of(&self, side: usize) -> Layout {
        match &self.layout {
            Some(layout) => layout.clone(),
            None => Layout::for_side(side).expect("a side read without a layout has boxes"),
        }
    }
}

/// One puzzle read by [`Puzzles`]: where it starts, and the grid or why
/// there is none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The line, from 1, of the puzzle's first cell: its only line, or the
    /// first row of a drawn grid.
    pub line: usize,
    /// The puzzle, or what is wrong with it. The error's own line is where
    /// the fault is (a grid's bad row, say), counted from the start of the
    /// input: always one of this puzzle's lines, never the next puzzle's.
    pub result: Result<Grid, ParseError>,
    /// What the line states of its puzzle beside the puzzle itself, in
    /// the formats that say it (tdoku's count and solution, a CSV's
    /// solution column).
    pub stated: Stated,
}

impl Record {
    /// The record of the puzzle at `line`, stating nothing more.
    fn new(line: usize, result: Result<Grid, ParseError>) -> Record {
        Record {
            line,
            result,
            stated: Stated::default(),
        }
    }
}

/// What a line states of its puzzle beside it: tdoku's
/// `puzzle:count:solution` states the number of solutions and one of
/// them, a CSV file's `solution` column a solution.
///
/// A stated solution is checked when the line is read: one that is not a
/// solution of the puzzle (a cell empty or out of place, a given changed,
/// a digit repeated) makes the record an error that says which, since the
/// line then contradicts itself and the reader cannot tell which half is
/// wrong. A stated count is kept for the caller to compare with its own:
/// the reader does not search.
///
/// # Example
///
/// ```
/// use sudoku_dlx::Puzzles;
///
/// let text = "1.3...2.3.....4.:1:1234432134122143\n";
/// let record = Puzzles::new(text.as_bytes()).next().unwrap()?;
/// let puzzle = record.result?;
/// assert_eq!(record.stated.count, Some(1));
/// assert!(record.stated.solution.unwrap().is_solution_of(&puzzle));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Stated {
    /// The number of solutions the line states.
    pub count: Option<u64>,
    /// The solution the line states, checked to be one of the puzzle's.
    pub solution: Option<Grid>,
}

/// Puzzles read one at a time from a [`BufRead`], in constant memory.
///
/// Yields one [`Record`] per puzzle, a parse error included, in input order,
/// so that outputs can line up with inputs and a bad puzzle costs only its
/// own record. An I/O error is yielded once, and ends the iteration.
///
/// # Format
///
/// Cells are counted on each line after dropping layout: whitespace, `|`,
/// `-` and `+`. `#` starts a comment that runs to the end of its line, so a
/// puzzle may carry a trailing comment. The files people have read too:
///
/// - with `,` or `;` on a line, its first field is the puzzle and the rest
///   is ignored (CSV as published: `puzzle,solution`), unless that field
///   holds one cell at most: then every field is a cell (`5,3,0,0,7,...`);
///   a line whose first field is a word (`quizzes,solutions`) is a header,
///   with no cells;
/// - after a first word that is a whole puzzle (16, 64, 81, ... cells), the
///   rest of the line is ignored: a rating (`ED=9.2`), a tab and a count;
/// - `[Puzzle]` and other `.sdk` section headers have no cells;
/// - `*-----------*` (SimpleSudoku's border), `---!---!---` and `=====`
///   rules are rules;
/// - a title, such as `Puzzle 1:` or `Grid 01` (a word of three letters
///   or more, one beyond `G`, a number, fewer than 16 cells), is no
///   record, and ends a grid; other prose in a grid is a damaged row.
///
/// A line without cells is a *rule* when it holds `|`, `-` or `+` before
/// any `#` (such as `------+-------+------`), and a *break* otherwise: a
/// blank line, a comment line or a header. Rules are skipped; breaks are
/// skipped too, but end a grid.
///
/// Without a layout ([`ReadOptions::layout`]), the sides read are those
/// from 4 to 49 that have boxes (4, 6, 8, 9, 10, 12, 14, 15, 16, ...; not
/// the primes), each with its squarest boxes ([`Layout::squarest`]: 2x3
/// for 6x6, 3x4 for 12x12). With a layout of side n, they are n alone.
///
/// A line with cells begins a record, the first of these that applies:
///
/// - **a whole puzzle** when it has n*n cells for a side n (64, 81, 100,
///   144, ... 2401), but for 16 and 36 cells with no layout given;
/// - **the first row of a 16x16 or 36x36 grid** when it has 16 or 36
///   cells and the rule for those (below) says so;
/// - **the damaged first row of a drawn grid** when the next line has
///   another count n, a grid's width, and it and the lines after it are
///   the other n - 1 rows of an n x n grid, with breaks only between bands
///   and no further row of n cells right after them (for n = 16 or 36 with
///   no layout given, n / 2 of them must hold a symbol beyond the digits of
///   a 4x4 or 6x6 grid, as below): the grid is one record, an error on
///   this line ("grid row 1 has 3 cells, expected 4");
/// - **a whole 4x4 or 6x6 puzzle** when it has 16 or 36 cells;
/// - **the first row of a drawn grid** when it has n cells for a side n,
///   unless no layout is given, the next line does not continue the grid
///   (below) and n is near a whole puzzle's count (15 cells, a 4x4 puzzle
///   missing one): it and the next lines with cells are the rows of an n x
///   n grid, up to n rows, unless the grid ends early (below);
/// - **an error** otherwise, a record for that line alone, whose message
///   names a symbol that fits no grid or else the count, with the nearest
///   size when it is close to one ("expected 81 cells, found 80").
///
/// A line of 16 cells is either a whole 4x4 puzzle or a row of a 16x16
/// grid, and a line of 36 cells a whole 6x6 puzzle or a row of a 36x36
/// grid. Unless a layout is given, the reader looks ahead at most n - 1
/// lines (15 or 35): the line begins the n x n grid when it and the lines
/// after it that would continue that grid (as below), n lines at most,
/// hold n / 2 lines of n cells with a symbol beyond the small grid's
/// digits (`5-9` and `A-G` for 16 cells, `7-9` and `A-Z` for 36, in the
/// standard alphabet); otherwise it and the other lines of n cells among
/// them are small puzzles. Real 16x16 and 36x36 puzzles put such digits on
/// nearly every row, so that such a grid missing a row or with a damaged
/// row still reads as one grid, and a file of 4x4 puzzles needs 8 bad
/// lines among 16 in a row to be misread.
///
/// A grid of side n with boxes R rows high ends before its n-th row:
///
/// - at the end of input;
/// - at a break, unless the break is between bands (after rows R, 2R,
///   ...; a jigsaw has no bands) and the lines after it are exactly the
///   rest of the grid: rows of n cells, breaks only between bands, after
///   which comes no further row of n cells, or whole grids of n rows (each
///   with breaks only between its bands) right after it up to such an end
///   (two are looked at). So a grid drawn with blank lines or comments
///   between its bands reads as one grid, even with the next grid right
///   after it, while a grid missing a row never reaches into the next one,
///   nor the rows after the break join rows of the next grid;
/// - at a line of another count that begins another puzzle: a whole
///   puzzle of 64 cells or more (or of the layout given), or a line whose
///   count could begin a puzzle when the next line has the same count,
///   such as a 4x4 grid, or 4x4 puzzles, right after the grid.
///
/// The line that ends a grid begins the next record. A grid that ends
/// early is one record, an error on its last row ("grid cut short after 4
/// of 9 rows"), and never takes rows from the puzzle after it. Any other
/// line of the wrong count within a grid, such as a row of a 9x9 grid cut
/// to 4 cells or padded to 16, is a damaged row: an error for the whole
/// grid ("grid row 5 has 8 cells, expected 9", on that row's line), and
/// the grid goes on to its last row, so that one typo costs one record.
/// A line inserted into a grid, a damaged row more, leaves rows over after
/// its n-th: as many rows of n cells as the grid has damaged rows, at most,
/// are its rows too when they follow it directly and no further row of n
/// cells follows them. The error of a record always names one of its own
/// lines.
///
/// A 16x16 puzzle read with the standard alphabet is written either
/// `1-9A-G` with `0` (or `.`) empty, or `0-F` for digits 1 to 16 with `.`
/// empty; the record's symbols decide. With a `G`, or without a `0`, it is
/// `1-9A-G`. With a `0` and no `G`, it is `0-F` when `.`, `_` or `*` marks
/// its empty cells, and otherwise an error naming the alphabet
/// ([`ParseErrorKind::AmbiguousZero`](crate::ParseErrorKind::AmbiguousZero)):
/// its `0`s could be empty cells or the digit 1, two different puzzles. A
/// custom alphabet ([`ReadOptions::alphabet`]) settles it. (A `0-F`
/// puzzle with no `0` given reads as `1-9A-G`: the same puzzle with its
/// digits renamed, whose solution is written `1-9A-G`.)
///
/// A line of 729 cells whose groups of 9 hold at place k the digit k or
/// `.` or `0` is 9x9 *pencilmarks* (with no layout given, or a 9x9 one):
/// each cell's candidates. Its grid has no givens, and its cells take only
/// their candidates ([`Grid::is_candidate`]).
///
/// # The collections' lines
///
/// Before the rules above, each line is told by its own shape, whatever
/// the lines around it. A line of one of these formats is one record, the
/// puzzle of its puzzle field alone (a whole puzzle, never a grid's row);
/// what it states beside the puzzle is in [`Record::stated`]:
///
/// - **tdoku's** `puzzle:count` and `puzzle:count:solution`, when the
///   first field holds 16 cells or more: the count is stated, and the
///   solution, which must be a solution of the puzzle (or the record is an
///   error saying where it is not: the line contradicts itself);
/// - **HoDoKu's library format**, a line starting with `:` with 6 or 7
///   `:` in all: `:type:candidates:puzzle:deleted:eliminations:cells:`.
///   The puzzle is its fourth field, `+` before a digit placed rather than
///   given (read as a given: the puzzle read is the state written). The
///   fifth lists deleted candidates as `drc` triples (`417`: digit 4 out
///   of r1c7), separated by spaces; they are taken out of play, making the
///   record a pencilmark puzzle ([`Grid::is_candidate`]). Deleting a
///   candidate of a filled cell is an error;
/// - **CSV with a header**: when the first line with content has `,` or
///   `;` and a field named `puzzle`, `puzzles`, `quizzes`, `quiz` or
///   `sudoku` (any case), every later line with content is a row
///   whose field in that column is the puzzle (quotes and spaces around it
///   dropped), one record per row on its own line, a row too short an
///   error; a column named
///   `solution` or `solutions` is a stated solution, checked as tdoku's.
///   A header naming no such column leaves the lines to the CSV rule
///   above (the first field);
/// - **SudokuWiki's boards**: 162 characters of base 32 (`0-9a-v`), alone
///   or after `bd=` in a link, two per cell holding (candidates << 1) + 1
///   for a clue, the candidates as bits (1 for digit 1, ..., 256 for 9); or
///   81 symbols after `bd=`. A 9x9 puzzle: of givens when every cell is a
///   clue with one candidate or no clue with all nine, of pencilmarks
///   otherwise ([`Grid::to_sudokuwiki`] writes it).
///
/// A line that starts like one of them but does not fit says which format
/// it looks like and why ("looks like a tdoku line (puzzle:count:solution)
/// but its count field "x" is not a number", with the column); a puzzle
/// field of the wrong count names the format too ("a CSV row whose puzzle
/// has expected 81 cells, found 80").
///
/// On a line that is one word of symbols and `-` whose length, `-`
/// counted, is a whole puzzle's (`----3-596...`, 81 characters), each `-`
/// is an empty cell; elsewhere `-` draws a grid.
///
/// # Candidate grids
///
/// A *candidate grid* is drawn over n lines of n groups of candidates
/// each, separated by spaces or `|`: a group holds the digits a cell may
/// take (`1589`), a single digit for a given or solved cell, `.` (or `0`)
/// for a cell with none; at least one group holds two digits or more. The
/// rules between its bands (`:----+----:`, `|----+----|`) and its borders
/// (HoDoKu's `.----.` and `'----'`, Simple Sudoku's `*----*`) are rules.
/// HoDoKu's and Simple Sudoku's exports read so, as do
/// [`Grid::to_candidate_grid`] and the drawing of
/// [`Candidates`](crate::Candidates). Like 729-symbol pencilmarks, the
/// grid is a puzzle whose missing candidates are taken out of play; when
/// every group is one digit or all n, it is the puzzle of those givens, so
/// that a puzzle written as a candidate grid reads back as the same
/// [`Grid`]. (Simple Sudoku's export of givens, then a candidate grid,
/// reads as two records; the marks HoDoKu puts on a step's cells, `*` and
/// `#`, are not read.)
///
/// Lines are read up to 1 MiB; a longer line is an error record, unless a
/// `#` within its first MiB makes the rest a comment. Bytes that are not
/// UTF-8 read as U+FFFD, a bad symbol unless in a comment.
///
/// # Example
///
/// ```
/// use sudoku_dlx::Puzzles;
///
/// let text = "\
/// 1.3...2.3.....4.  # a 4x4 puzzle on one line
/// 1.3...2.3.....4
/// 1 . | 3 .
/// . . | 2 .
/// ----+----
/// 3 . | . .
/// . . | 4 .
/// ";
/// let records = Puzzles::new(text.as_bytes()).collect::<Result<Vec<_>, _>>()?;
/// assert_eq!(records.len(), 3);
/// assert_eq!(records[0].line, 1);
/// let error = records[1].result.as_ref().unwrap_err();
/// assert_eq!(error.to_string(), "line 2: expected 16 cells, found 15");
/// assert_eq!(records[2].line, 3);
/// assert_eq!(records[0].result, records[2].result);
///
/// // A grid missing a row ends at the blank line after it.
/// let text = "1 . | 3 .\n. . | 2 .\n3 . | . .\n\n1.3...2.3.....4.\n";
/// let records = Puzzles::new(text.as_bytes()).collect::<Result<Vec<_>, _>>()?;
/// let error = records[0].result.as_ref().unwrap_err();
/// assert_eq!(error.to_string(), "line 3: grid cut short after 3 of 4 rows");
/// assert_eq!(records[1].line, 5);
/// assert!(records[1].result.is_ok());
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct Puzzles<R> {
    source: Source<R>,
    options: ReadOptions,
    /// What the input holds, told from its first lines.
    kind: Kind,
    /// The rest of a line after an f-puzzles object closed on it, to be
    /// read before the next line.
    carry: Option<Line>,
    /// The lists open around the f-puzzles objects read so far: their
    /// brackets are no elements.
    lists: usize,
}

/// What an input holds: classic puzzles, or variant puzzles in one of
/// their forms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Not told yet: nothing read so far.
    Unknown,
    /// Puzzles of givens or pencilmarks, one per line or drawn.
    Classic,
    /// f-puzzles JSON: one object, a list of them, or one per line.
    Json,
    /// f-puzzles links, or their compressed strings, one per line.
    Links,
    /// The project's text form, a block of lines per puzzle.
    Text,
    /// Killer lines, in the short or the long format, one a line.
    Killers,
    /// Constraint strings (`.Cage~15~R1C1~R1C2`) or their links, one a
    /// line.
    Strings,
}

impl<R: BufRead> Puzzles<R> {
    /// Reads puzzles from `reader` with the standard alphabet, finding each
    /// puzzle's size from its cells.
    pub fn new(reader: R) -> Puzzles<R> {
        Puzzles::with_options(reader, ReadOptions::default())
    }

    /// Reads puzzles from `reader` as `options` say.
    pub fn with_options(reader: R, options: ReadOptions) -> Puzzles<R> {
        Puzzles {
            source: Source::new(reader),
            options,
            kind: Kind::Unknown,
            carry: None,
            lists: 0,
        }
    }

    /// Tells what the input holds from its first line with content (in
    /// the first block read): `{` or `[` starts f-puzzles JSON, a line
    /// with `load=` or a compressed string (`N4Ig...`) f-puzzles links, a
    /// statement of the text form (`size`, `cage 15: ...`) variant
    /// puzzles in text, a killer line killers, an item of a constraint
    /// string (`.Cage~...`, `.~R1C1_8`) or its link constraint strings;
    /// anything else is classic puzzles.
    fn detect(&mut self) -> Kind {
        let Ok(start) = self.source.reader.fill_buf() else {
            return Kind::Classic;
        };
        let start = String::from_utf8_lossy(&start[..start.len().min(1 << 13)]).into_owned();
        for line in start.lines() {
            let text = line.trim_start_matches('\u{feff}').trim();
            if text.is_empty() || text.starts_with('#') {
                continue;
            }
            // `[Puzzle]` heads an .sdk file; `[` alone or before `{` opens
            // a list of f-puzzles objects.
            let list = text.strip_prefix('[').is_some_and(|rest| {
                rest.trim_start().is_empty() || rest.trim_start().starts_with('{')
            });
            if text.starts_with('{') || list {
                return Kind::Json;
            }
            if crate::fpuzzles::is_link(text) {
                return Kind::Links;
            }
            if text_form::starts_block(text) {
                return Kind::Text;
            }
            if killers::is_killer_line(text) {
                return Kind::Killers;
            }
            if strings::is_strings_line(text) {
                return Kind::Strings;
            }
            return Kind::Classic;
        }
        Kind::Classic
    }

    /// The next raw line, `None` at the end of the input (or at an I/O
    /// error, kept to be yielded).
    fn raw_line(&mut self) -> Option<Line> {
        if let Some(line) = self.carry.take() {
            return Some(line);
        }
        self.source.next_line()
    }

    /// A record for an error that is the line's alone.
    fn error_record(&mut self, line: Line, kind: ParseErrorKind) -> Record {
        let record = Record::new(line.number, Err(ParseError::new(kind, line.number, None)));
        self.source.recycle(line);
        record
    }
}

impl<R: BufRead> Iterator for Puzzles<R> {
    type Item = io::Result<Record>;

    fn next(&mut self) -> Option<io::Result<Record>> {
        if self.kind == Kind::Unknown {
            self.kind = self.detect();
            self.source.community = self.kind == Kind::Classic;
        }
        let record = match self.kind {
            Kind::Json => self.next_json(),
            Kind::Links => self.next_link(),
            Kind::Text => self.next_text(),
            Kind::Killers => self.next_killer(),
            Kind::Strings => self.next_string(),
            Kind::Classic | Kind::Unknown => return self.next_classic(),
        };
        match record {
            Some(record) => Some(Ok(record)),
            None => self.source.error.take().map(Err),
        }
    }
}

impl<R: BufRead> FusedIterator for Puzzles<R> {}

/// Whether a line of `count` cells, with no layout given, can be both a
/// whole puzzle and a grid's row: 16 cells (4x4 or 16x16) and 36 (6x6 or
/// 36x36).
fn is_ambiguous(count: usize) -> bool {
    side::is_auto_side(count) && side::auto_side_of_cells(count).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::grid::tests::{pattern, LEETCODE};

    pub(super) const INKALA: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

    /// Inkala's puzzle drawn as a grid.
    pub(super) const INKALA_GRID: &str = "\
8 . . | . . . | . . .
. . 3 | 6 . . | . . .
. 7 . | . 9 . | 2 . .
------+-------+------
. 5 . | . . 7 | . . .
. . . | . 4 5 | 7 . .
. . . | 1 . . | . 3 .
------+-------+------
. . 1 | . . . | . 6 8
. . 8 | 5 . . | . 1 .
. 9 . | . . . | 4 . .
";

    /// Six 9x9 puzzles with 17 givens each, from the public collection of
    /// 17-clue puzzles.
    pub(super) const SEVENTEEN: [&str; 6] = [
        ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
        ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....",
        ".................1.....2.3......425...6.......17....8.....7...64...6....9..8...1.",
        ".................1.....2.3......45....1.6.....4......7....8.4....9...2..3.61...9.",
        ".................1.....2.3......45.6..3.......17...8.....16......8....4..6.5..2..",
        ".................1.....2.3.....1...4..3.5.....26....7.14...8...5........7....6.2.",
    ];

    pub(super) fn read(text: &str) -> Vec<Record> {
        read_with(text, ReadOptions::new())
    }

    pub(super) fn read_with(text: &str, options: ReadOptions) -> Vec<Record> {
        Puzzles::with_options(text.as_bytes(), options)
            .collect::<io::Result<_>>()
            .unwrap()
    }

    /// (line, Ok(one-line form) or Err(message)) of each record.
    pub(super) fn summary(records: &[Record]) -> Vec<(usize, Result<String, String>)> {
        records
            .iter()
            .map(|r| {
                let result = match &r.result {
                    Ok(grid) => Ok(grid.to_string()),
                    Err(error) => Err(error.to_string()),
                };
                (r.line, result)
            })
            .collect()
    }

    /// (line, Ok(grid) or Err(message)) of each record.
    pub(super) fn read_results(text: &str) -> Vec<(usize, Result<Grid, String>)> {
        Puzzles::new(text.as_bytes())
            .map(|r| {
                let r = r.unwrap();
                (r.line, r.result.map_err(|e| e.to_string()))
            })
            .collect()
    }

    /// `grid` drawn as n rows of symbols, without separators.
    pub(super) fn rows(grid: &Grid, spaced: bool) -> String {
        let line = grid.to_string();
        let chars: Vec<char> = line.chars().collect();
        let mut out = String::new();
        for row in chars.chunks(grid.side()) {
            let sep = if spaced { " " } else { "" };
            let row: Vec<String> = row.iter().map(char::to_string).collect();
            out.push_str(&row.join(sep));
            out.push('\n');
        }
        out
    }

    #[test]
    fn variants_join_the_layout_found_from_each_puzzle() {
        let text = format!("1.3.............\n{LEETCODE}\n");
        let options = ReadOptions::new().variants(vec![Variant::X]);
        let records = read_with(&text, options);
        let sides: Vec<usize> = records
            .iter()
            .map(|r| r.result.as_ref().unwrap().side())
            .collect();
        assert_eq!(sides, [4, 9]);
        let small = records[0].result.as_ref().unwrap();
        assert!(small.layout().has_variant(Variant::X));
        let solution = small.solve_one().unwrap().unwrap();
        let digits = |cells: &mut dyn Iterator<Item = usize>| {
            let mut digits: Vec<u8> = cells.map(|k| solution.cells()[k]).collect();
            digits.sort_unstable();
            digits
        };
        assert_eq!(digits(&mut (0..4).map(|i| i * 5)), [1, 2, 3, 4]);
        assert_eq!(digits(&mut (0..4).map(|i| i * 3 + 3)), [1, 2, 3, 4]);
        // Hyper fits 9x9 grids only: the 4x4 record is an error naming it,
        // the 9x9 one a hyper puzzle.
        let options = ReadOptions::new().variants(vec![Variant::Hyper]);
        let records = read_with(&text, options);
        assert_eq!(
            summary(&records)[0],
            (
                1,
                Err("line 1: hyper needs a 9x9 grid, not 4x4".to_string())
            )
        );
        let error = records[0].result.as_ref().unwrap_err();
        assert!(matches!(
            error.kind(),
            ParseErrorKind::Variant(crate::LayoutErrorKind::HyperSide { side: 4 })
        ));
        let nine = records[1].result.as_ref().unwrap();
        assert!(nine.layout().has_variant(Variant::Hyper));
    }

    #[test]
    fn a_size_option_settles_sixteen_cells() {
        let small = "1.3...2.3.....4.";
        let sixteen = (0..16).map(|_| small).collect::<Vec<_>>().join("\n");
        let wide = ReadOptions::new().box_size(4).unwrap();
        let records = read_with(&sixteen, wide.clone());
        assert_eq!(records.len(), 1);
        assert_eq!(records[0].result.as_ref().unwrap().side(), 16);
        let narrow = ReadOptions::new().box_size(2).unwrap();
        assert_eq!(read_with(&sixteen, narrow).len(), 16);
        // With a size, other counts are errors naming that size.
        let records = read_with(LEETCODE, wide);
        assert_eq!(
            records[0].result.as_ref().unwrap_err().to_string(),
            "line 1: expected 256 cells, found 81"
        );
        assert!(ReadOptions::new().box_size(8).is_err());
    }

    #[test]
    fn a_custom_alphabet() {
        let hex = Alphabet::custom("0123456789ABCDEF").unwrap();
        let big = pattern(4);
        let line = big.to_line_with(&hex).unwrap();
        let options = ReadOptions::new().alphabet(hex);
        let records = read_with(&format!("{line}\n"), options.clone());
        assert_eq!(records[0].result.as_ref(), Ok(&big));
        // Too few symbols for the grid.
        let nine = ReadOptions::new().alphabet(Alphabet::custom("123456789").unwrap());
        let records = read_with(&format!("{big}\n{}", big.to_grid_string()), nine);
        assert_eq!(records.len(), 2);
        for record in records {
            assert!(matches!(
                record.result.unwrap_err().kind(),
                ParseErrorKind::AlphabetTooSmall {
                    symbols: 9,
                    side: 16
                }
            ));
        }
    }

    #[test]
    fn classic_puzzles_are_not_taken_for_variants() {
        let records = read_results("# a comment\n1...\n..3.\n.4..\n...2\n");
        assert_eq!(records.len(), 1);
        assert_eq!(records[0].1.as_ref().unwrap().get(1, 2), 3);
    }
}
