//! Candidate grids (pencilmarks), read and written: the grid drawn over n
//! lines with a group of candidates per cell, as HoDoKu and Simple Sudoku
//! export it, the line of 729 symbols of 9x9 pencilmarks, and
//! SudokuWiki's 162-character board string (written here, read as one of
//! the community's lines).
//!
//! A puzzle of pencilmarks is a puzzle whose missing candidates are
//! options taken out of play. Read, a candidate grid whose every cell is a
//! single digit (a given) or every digit (an empty cell) is the puzzle of
//! those givens; any other is a pencilmark puzzle
//! ([`Grid::is_candidate`]). Written, a puzzle of givens shows each empty
//! cell with every digit, so that what is written reads back as the same
//! [`Grid`].

use std::fmt::Write as _;
use std::io::BufRead;

use super::source::Line;
use super::{Puzzles, Record};
use crate::alphabet::{Alphabet, AlphabetError, AlphabetErrorKind};
use crate::error::{ParseError, ParseErrorKind};
use crate::grid::Grid;
use crate::layout::Layout;
use crate::text::line_cells;

impl<R: BufRead> Puzzles<R> {
    /// The record of `line` when it holds 9x9 pencilmarks: 729 cells, 81
    /// groups of 9, each holding at place k the digit k or an empty
    /// symbol (`.`, `0`), with no layout given or a 9x9 one.
    pub(super) fn pencilmarks(&self, line: &Line) -> Option<Record> {
        const N: usize = 9;
        if line.cells != N * N * N {
            return None;
        }
        let layout = match &self.options.layout {
            Some(layout) if layout.side() == N => layout.clone(),
            Some(_) => return None,
            None => Layout::for_side(N)?,
        };
        let symbols: Vec<char> = line_cells(&line.text).map(|(_, symbol)| symbol).collect();
        let candidates = mark_groups(&symbols, N, &['.', '0'])?;
        let result = self.options.with_variants(layout, line.number);
        Some(Record::new(
            line.number,
            result.map(|layout| Grid::from_candidates(layout, candidates)),
        ))
    }

    /// The layout of the candidate grid whose first row is `first`, and
    /// how many of its rows the input holds: n groups of candidates
    /// (`1589`, a single digit for a solved cell, `.` for none) on each of
    /// n lines, some group of two or more, for a grid's width n
    /// ([`candidate_row`]).
    ///
    /// A grid cut short (by the end of the input, by a line that is no
    /// row of it, or by a break between bands after which the rest of the
    /// grid does not follow) is one with fewer rows: its record says so,
    /// and the lines after it are read afresh, so that a damaged grid
    /// never takes the rows of the grid after it.
    pub(super) fn candidate_grid_layout(&mut self, first: &Line) -> Option<(Layout, usize)> {
        let alphabet = &self.options.alphabet;
        let row = candidate_row(&first.text, alphabet)?;
        let n = row.len();
        if !self.options.is_width(n) || first.too_long {
            return None;
        }
        let layout = self.options.layout_of(n);
        let band = layout.band_height();
        // Some cell of several candidates, and some of fewer than all: a
        // line of rows of digits (a solution written in groups) has only
        // the first.
        let several = |row: &[u64]| row.iter().any(|m| m.count_ones() > 1);
        let partial = |row: &[u64]| row.iter().any(|m| m.count_ones() < n as u32);
        let (mut any_several, mut any_partial) = (several(&row), partial(&row));
        let mut rows = 1;
        while rows < n {
            let Some(row) = self.candidate_row_ahead(rows - 1, n) else {
                break;
            };
            let next = self.source.peek(rows - 1).expect("a row looked at");
            // A break within a band ends the grid; one between bands only
            // when the rest of the grid follows it, then the end or whole
            // grids, so that a grid missing rows is not completed by the
            // first rows of the next.
            if next.after_break
                && (rows % band != 0
                    || !self.candidate_rows_then_grids(rows - 1, rows + 1, n, band))
            {
                break;
            }
            any_several |= several(&row);
            any_partial |= partial(&row);
            rows += 1;
        }
        // A grid cut short is told by two rows or more of candidates.
        let cut = rows < n && (rows < 2 || !any_partial);
        (any_several && !cut).then_some((layout, rows))
    }

    /// The candidates of the line `ahead` lines ahead, when it is a row of
    /// a candidate grid of width `n`.
    fn candidate_row_ahead(&mut self, ahead: usize, n: usize) -> Option<Vec<u64>> {
        let next = self.source.peek(ahead)?;
        if next.too_long || next.extra.is_some() || next.fault.is_some() {
            return None;
        }
        candidate_row(&next.text, &self.options.alphabet).filter(|row| row.len() == n)
    }

    /// Whether the lines from `from` lines ahead are rows `row` to n of a
    /// candidate grid of width `n`, breaks only between its bands, then
    /// the end of the grid or whole grids (up to [`GRIDS_AHEAD`]).
    ///
    /// [`GRIDS_AHEAD`]: super::drawn
    fn candidate_rows_then_grids(
        &mut self,
        from: usize,
        row: usize,
        n: usize,
        band: usize,
    ) -> bool {
        let rows_between = |reader: &mut Self, from: usize, row: usize| {
            (from..).zip(row..=n).all(|(ahead, row)| {
                let at_band = (row - 1) % band == 0;
                reader.candidate_row_ahead(ahead, n).is_some()
                    && reader
                        .source
                        .peek(ahead)
                        .is_some_and(|l| !l.after_break || at_band)
            })
        };
        if !rows_between(self, from, row) {
            return false;
        }
        let mut next = from + n + 1 - row;
        for _ in 0..super::drawn::GRIDS_AHEAD {
            let ends = match self.source.peek(next) {
                None => true,
                Some(line) => line.after_break || self.candidate_row_ahead(next, n).is_none(),
            };
            if ends {
                return true;
            }
            if !rows_between(self, next, 1) {
                return false;
            }
            next += n;
        }
        true
    }

    /// The record of the candidate grid of `layout` whose first row is
    /// `first` and which holds `rows` rows, found by
    /// [`Puzzles::candidate_grid_layout`]: a grid cut short when they are
    /// fewer than its side.
    pub(super) fn candidate_grid(&mut self, first: Line, layout: Layout, rows: usize) -> Record {
        let (n, start) = (layout.side(), first.number);
        let mut masks = Vec::with_capacity(n * n);
        let mut line = Some(first);
        let mut last = start;
        for k in 0..rows {
            let Some(row) = line.take() else { break };
            last = row.number;
            if let Some(row_masks) = candidate_row(&row.text, &self.options.alphabet) {
                masks.extend(row_masks);
            }
            self.source.recycle(row);
            if k + 1 < rows {
                line = self.source.next_content();
            }
        }
        if masks.len() != n * n {
            let kind = ParseErrorKind::CutShort {
                rows: masks.len() / n,
                expected: n,
            };
            return Record::new(start, Err(ParseError::new(kind, last, None)));
        }
        let result = self
            .options
            .with_variants(layout, start)
            .map(|layout| grid_of_masks(layout, masks, None));
        Record::new(start, result)
    }
}

/// The candidates of one row of a candidate grid: its groups, separated
/// by spaces or `|`, each the symbols of distinct digits of a grid as wide
/// as the row has groups, or a lone empty symbol (`.`, `0`) for a cell
/// with none. `None` when the line is no such row, or has fewer than 4
/// groups or more than [`Layout::MAX_SIDE`].
fn candidate_row(line: &str, alphabet: &Alphabet) -> Option<Vec<u64>> {
    let text = line.find('#').map_or(line, |i| &line[..i]);
    let groups = || {
        text.split(|ch: char| ch.is_whitespace() || ch == '|')
            .filter(|g| !g.is_empty())
    };
    let n = groups().count();
    if !(4..=Layout::MAX_SIDE).contains(&n) {
        return None;
    }
    groups()
        .map(|group| {
            let mut mask = 0u64;
            for symbol in group.chars() {
                match alphabet.digit(symbol, n) {
                    Ok(0) if group.chars().count() == 1 => return Some(0),
                    Ok(d) if d > 0 && mask >> d & 1 == 0 => mask |= 1 << d,
                    _ => return None,
                }
            }
            Some(mask)
        })
        .collect()
}

/// The candidates of cells written as pencilmarks of side `n`: n*n groups
/// of n symbols, at place k the digit k + 1 (in the standard alphabet) or
/// one of `empties`; per cell, bit d set for digit d. `None` for symbols
/// of another count or in another place.
pub(super) fn mark_groups(symbols: &[char], n: usize, empties: &[char]) -> Option<Vec<u64>> {
    let alphabet = Alphabet::standard();
    if symbols.len() != n * n * n {
        return None;
    }
    symbols
        .chunks(n)
        .map(|group| {
            group
                .iter()
                .enumerate()
                .try_fold(0u64, |mask, (k, &symbol)| {
                    let digit = k as u8 + 1;
                    if empties.contains(&symbol) {
                        Some(mask)
                    } else {
                        (symbol == alphabet.symbol(digit)).then_some(mask | 1 << digit)
                    }
                })
        })
        .collect()
}

/// The puzzle of `layout` whose cells have the candidates `masks` (bit d
/// for digit d): a puzzle of givens when every cell is a clue with one
/// candidate or a cell that is no clue with every candidate, a pencilmark
/// puzzle otherwise. `clues` says which cells are clues; without it, a
/// cell with one candidate is.
pub(super) fn grid_of_masks(layout: Layout, masks: Vec<u64>, clues: Option<&[bool]>) -> Grid {
    let n = layout.side();
    let full = ((1u64 << n) - 1) << 1;
    let clue = |cell: usize, mask: u64| clues.map_or(mask.count_ones() == 1, |c| c[cell]);
    let plain = masks.iter().enumerate().all(|(cell, &mask)| {
        if clue(cell, mask) {
            mask.count_ones() == 1
        } else {
            mask == full
        }
    });
    if plain {
        let cells = masks
            .iter()
            .map(|&mask| {
                if mask == full {
                    0
                } else {
                    mask.trailing_zeros() as u8
                }
            })
            .collect();
        Grid::from_parsed(layout, cells)
    } else {
        Grid::from_candidates(layout, masks)
    }
}

impl Grid {
    /// Per cell, its candidates as a set of bits (bit d for digit d): a
    /// given's digit alone, every digit of an empty cell, a pencilmark
    /// puzzle's candidates.
    fn masks(&self) -> Vec<u64> {
        let n = self.side();
        let full = ((1u64 << n) - 1) << 1;
        match self.candidate_masks() {
            Some(masks) => masks.to_vec(),
            None => self
                .cells()
                .iter()
                .map(|&d| if d == 0 { full } else { 1 << d })
                .collect(),
        }
    }

    /// The puzzle drawn as a candidate grid, as HoDoKu exports one: a
    /// group of candidates per cell (a given's digit alone, every digit
    /// of an empty cell, a pencilmark puzzle's candidates; `.` for a cell
    /// with none), columns as wide as their widest group, boxes set apart
    /// by `|` and by rules of `-` with `.`, `:` and `'` at the ends
    /// (`.---.`, `:---+---:`, `'---'`). [`Puzzles`](crate::Puzzles) reads
    /// it back as the same puzzle; so does HoDoKu.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::{Grid, Puzzles};
    ///
    /// let puzzle = Grid::parse("1.3...2.3.....4.")?;
    /// let drawn = puzzle.to_candidate_grid();
    /// assert_eq!(
    ///     drawn,
    ///     ".-----------.-----------.\n\
    ///      | 1    1234 | 3    1234 |\n\
    ///      | 1234 1234 | 2    1234 |\n\
    ///      :-----------+-----------:\n\
    ///      | 3    1234 | 1234 1234 |\n\
    ///      | 1234 1234 | 4    1234 |\n\
    ///      '-----------'-----------'\n"
    /// );
    /// let read = Puzzles::new(drawn.as_bytes()).next().unwrap()?.result?;
    /// assert_eq!(read, puzzle);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_candidate_grid(&self) -> String {
        // The standard alphabet writes every supported size.
        self.draw_candidates(&Alphabet::standard())
    }

    /// The candidate grid of [`Grid::to_candidate_grid`], with `alphabet`.
    ///
    /// # Errors
    ///
    /// [`AlphabetErrorKind::TooShort`] when the alphabet has fewer symbols
    /// than the grid has digits.
    pub fn to_candidate_grid_with(&self, alphabet: &Alphabet) -> Result<String, AlphabetError> {
        if !alphabet.supports(self.side()) {
            return Err(AlphabetError::new(AlphabetErrorKind::TooShort {
                symbols: alphabet.len(),
                side: self.side(),
            }));
        }
        Ok(self.draw_candidates(alphabet))
    }

    /// Draws the candidate grid; `alphabet` must support the grid's size.
    fn draw_candidates(&self, alphabet: &Alphabet) -> String {
        let n = self.side();
        let groups: Vec<String> = self
            .masks()
            .iter()
            .map(|&mask| {
                let group: String = (1..=n as u8)
                    .filter(|&d| mask >> d & 1 == 1)
                    .map(|d| alphabet.symbol(d))
                    .collect();
                if group.is_empty() {
                    ".".to_string()
                } else {
                    group
                }
            })
            .collect();
        let widths: Vec<usize> = (0..n)
            .map(|c| {
                (0..n)
                    .map(|r| groups[r * n + c].chars().count())
                    .max()
                    .unwrap_or(1)
            })
            .collect();
        // A jigsaw has no bands nor stacks: one of each, the whole grid.
        let (band, stack) = self.layout().box_shape().unwrap_or((n, n));
        let rule = |ends: char, middle: char| {
            let mut line = String::new();
            line.push(ends);
            for k in 0..n / stack {
                if k > 0 {
                    line.push(middle);
                }
                let width: usize = widths[k * stack..(k + 1) * stack]
                    .iter()
                    .map(|w| w + 1)
                    .sum();
                line.push_str(&"-".repeat(width + 1));
            }
            line.push(ends);
            line.push('\n');
            line
        };
        let mut out = rule('.', '.');
        for r in 0..n {
            if r > 0 && r % band == 0 {
                out.push_str(&rule(':', '+'));
            }
            for c in 0..n {
                if c % stack == 0 {
                    out.push_str("| ");
                }
                let _ = write!(out, "{:<width$} ", groups[r * n + c], width = widths[c]);
            }
            out.push_str("|\n");
        }
        out.push_str(&rule('\'', '\''));
        out
    }

    /// The puzzle as SudokuWiki's 162-character board string: per cell,
    /// its candidates as bits (1 for digit 1, ..., 256 for digit 9)
    /// shifted left by one, plus 1 for a given, written as two digits of
    /// base 32 (`0-9a-v`). `None` unless the grid is 9x9, and when a cell
    /// of a pencilmark puzzle has no candidate: `00` would say so, but
    /// neither SudokuWiki nor [`Puzzles`](crate::Puzzles) takes it. Any
    /// board written reads back as the same puzzle, alone on a line or
    /// after `bd=` in a link to SudokuWiki's solver.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::{Grid, Puzzles};
    ///
    /// let puzzle = Grid::parse(
    ///     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    /// )?;
    /// let board = puzzle.to_sudokuwiki().unwrap();
    /// assert_eq!(board.len(), 162);
    /// assert!(board.starts_with("81vu")); // 8, a given; then every digit
    /// let link = format!("https://www.sudokuwiki.org/sudoku.htm?bd={board}");
    /// let read = Puzzles::new(link.as_bytes()).next().unwrap()?.result?;
    /// assert_eq!(read, puzzle);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_sudokuwiki(&self) -> Option<String> {
        let masks = self.masks();
        if self.side() != 9 || masks.contains(&0) {
            return None;
        }
        let givens = self.candidate_masks().is_none();
        let digit = |v: u64| char::from_digit(v as u32, 32).unwrap_or('0');
        let board = masks
            .iter()
            .zip(self.cells())
            .flat_map(|(&mask, &d)| {
                let value = mask | u64::from(givens && d != 0);
                [digit(value / 32), digit(value % 32)]
            })
            .collect();
        Some(board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::tests::LEETCODE;
    use crate::read::tests::read;
    use crate::Puzzles;

    fn read_one(text: &str) -> Grid {
        let record = Puzzles::new(text.as_bytes()).next().unwrap().unwrap();
        record.result.unwrap_or_else(|e| panic!("{e}\n{text}"))
    }

    /// HoDoKu's export of a pencilmark grid (LeetCode's puzzle, its
    /// candidates after the givens' houses), in the shape its clipboard
    /// writes: columns as wide as their widest group and 2 more.
    const HODOKU: &str = "\
.-------------------.----------------.-------------------.
| 5    3     124    | 26    7   2468 | 1489   1249  248  |
| 6    247   247    | 1     9   5    | 3478   234   2478 |
| 12   9     8      | 23    34  24   | 13457  6     247  |
:-------------------+----------------+-------------------:
| 8    125   1259   | 579   6   147  | 4579   2459  3    |
| 4    25    2569   | 8     5   3    | 579    259   1    |
| 7    15    1359   | 59    2   14   | 4589   459   6    |
:-------------------+----------------+-------------------:
| 139  6     134579 | 357   35  7    | 2      8     4    |
| 23   278   237    | 4     1   9    | 36     3     5    |
| 123  1245  12345  | 2356  8   26   | 1346   7     9    |
'-------------------'----------------'-------------------'
";

    /// The same grid as Simple Sudoku exports it: every column as wide.
    const SIMPLE_SUDOKU: &str = "\
*-----------------------------------------------------------------------------*
| 5       3       124     | 26      7       2468    | 1489    1249    248     |
| 6       247     247     | 1       9       5       | 3478    234     2478    |
| 12      9       8       | 23      34      24      | 13457   6       247     |
|-------------------------+-------------------------+-------------------------|
| 8       125     1259    | 579     6       147     | 4579    2459    3       |
| 4       25      2569    | 8       5       3       | 579     259     1       |
| 7       15      1359    | 59      2       14      | 4589    459     6       |
|-------------------------+-------------------------+-------------------------|
| 139     6       134579  | 357     35      7       | 2       8       4       |
| 23      278     237     | 4       1       9       | 36      3       5       |
| 123     1245    12345   | 2356    8       26      | 1346    7       9       |
*-----------------------------------------------------------------------------*
";

    #[test]
    fn a_damaged_candidate_grid_is_one_record_and_spares_the_next() {
        use crate::read::tests::read_results;
        let lines: Vec<&str> = HODOKU.lines().collect();
        let intact = read_one(HODOKU);
        // Cut after 3 rows (a band) or 4 (within one), then a blank line,
        // then an intact grid; or cut by the end of the input. The error
        // is at the last row, the intact grid's record at its first.
        for (cut, rows, last) in [(5, 3, 4), (6, 4, 6)] {
            let text = format!("{}\n\n{HODOKU}", lines[..cut].join("\n"));
            let records = read_results(&text);
            assert_eq!(records.len(), 2, "{records:?}");
            let error = format!("line {last}: grid cut short after {rows} of 9 rows");
            assert_eq!(records[0], (2, Err(error)));
            assert_eq!(records[1], (cut + 3, Ok(intact.clone())));
        }
        let records = read_results(&lines[..6].join("\n"));
        assert_eq!(records.len(), 1);
        assert!(records[0]
            .1
            .as_ref()
            .unwrap_err()
            .ends_with("cut short after 4 of 9 rows"));
        // Solutions written in groups of a row's digits are no candidate
        // grid, whole or cut short.
        let grouped = "1234 3412 2143 4321\n1234 3412 2143 4321\n";
        let records = read_results(grouped);
        assert_eq!(records.len(), 2);
        assert!(records
            .iter()
            .all(|r| r.1.as_ref().is_ok_and(|g| g.is_complete())));
    }

    #[test]
    fn exporters_candidate_grids_read_as_pencilmarks() {
        let solution = Grid::parse(LEETCODE).unwrap().solution().unwrap();
        for (text, cell, candidates) in [
            (HODOKU, 2, vec![1, 2, 4]),
            (HODOKU, 56, vec![1, 3, 4, 5, 7, 9]),
            (SIMPLE_SUDOKU, 10, vec![2, 4, 7]),
            (SIMPLE_SUDOKU, 1, vec![3]),
        ] {
            let grid = read_one(text);
            assert_eq!(grid.side(), 9);
            assert_eq!(grid.givens(), 0);
            assert_eq!(grid.solution().unwrap(), solution);
            let found: Vec<u8> = (1..=9).filter(|&d| grid.is_candidate(cell, d)).collect();
            assert_eq!(found, candidates);
        }
    }

    #[test]
    fn a_candidate_grid_round_trips() {
        let puzzle = Grid::parse(LEETCODE).unwrap();
        assert_eq!(read_one(&puzzle.to_candidate_grid()), puzzle);
        let pencil = read_one(HODOKU);
        let drawn = pencil.to_candidate_grid();
        assert!(drawn.starts_with(".---"), "{drawn}");
        assert_eq!(read_one(&drawn), pencil);
        // The 729-character pencilmark line says the same.
        assert_eq!(read_one(&pencil.to_string()), pencil);
        // Candidates' own drawing reads back too.
        let candidates = puzzle.true_candidates(1).unwrap();
        let grid = read_one(&candidates.to_string());
        assert_eq!(grid.solution().unwrap(), puzzle.solution().unwrap());
    }

    #[test]
    fn sudokuwiki_round_trips_and_reads_its_example() {
        let puzzle = Grid::parse(LEETCODE).unwrap();
        let board = puzzle.to_sudokuwiki().unwrap();
        assert_eq!(read_one(&board), puzzle);
        let pencil = read_one(HODOKU);
        assert_eq!(read_one(&pencil.to_sudokuwiki().unwrap()), pencil);
        // The example of SudokuWiki's page on its strings.
        let example = "https://www.sudokuwiki.org/sudoku.htm?bd=vu4804032o1508g080030k10o888882647046888g06828060k10029k260b90478go003g0g95090b0b6a2c00g0bcg038ga8g9ao1506601oh847063a2ag288gg8g0626c082c2k20b159818920k9ag9462044";
        let grid = read_one(example);
        assert_eq!(grid.side(), 9);
        assert!(grid.candidate_masks().is_some());
        assert!(!grid.is_candidate(1, 1) && grid.is_candidate(1, 3) && grid.is_candidate(1, 7));
        assert!(grid.solution().is_ok());
        assert!(Grid::parse("1.3...2.3.....4.")
            .unwrap()
            .to_sudokuwiki()
            .is_none());
    }

    #[test]
    fn a_cell_without_candidates_has_no_sudokuwiki_board() {
        // HoDoKu's grid with r2c4 (a given 1) left without a candidate:
        // read from the 729-symbol line and from a candidate grid, it is a
        // puzzle with no solution. SudokuWiki's board has no way to say
        // "none" that its reader (and SudokuWiki) takes, so none is
        // written, rather than one that does not read back.
        let pencil = read_one(HODOKU);
        let mut line = pencil.to_string();
        line.replace_range(12 * 9..13 * 9, ".........");
        let empty = read_one(&line);
        assert!((1..=9).all(|d| !empty.is_candidate(12, d)));
        assert_eq!(empty.solution(), Err(crate::SolveError::NoSolution));
        assert_eq!(read_one(&empty.to_candidate_grid()), empty);
        assert_eq!(empty.to_sudokuwiki(), None);
        assert!(pencil.to_sudokuwiki().is_some());
    }

    #[test]
    fn pencilmarks_are_candidates_not_givens() {
        let puzzle = Grid::parse(LEETCODE).unwrap();
        let marks: String = puzzle
            .cells()
            .iter()
            .flat_map(|&given| {
                (1..=9u8).map(move |d| match given == 0 || given == d {
                    true => char::from(b'0' + d),
                    false => '.',
                })
            })
            .collect();
        let records = read(&format!("{marks}\n{LEETCODE}\n"));
        assert_eq!(records.len(), 2);
        let grid = records[0].result.clone().unwrap();
        assert_eq!(grid.givens(), 0);
        assert_eq!(grid.to_string(), marks);
        assert!(grid.is_candidate(0, 5) && !grid.is_candidate(0, 4));
        let solution = grid.solution().unwrap();
        assert!(solution.is_solution_of(&puzzle) && solution.is_solution_of(&grid));
        // One symbol out of place: not pencilmarks, a 27x27 puzzle's line.
        let moved = format!("2{}", &marks[1..]);
        assert!(read(&moved)[0].result.as_ref().unwrap().side() == 27);
    }
}
