//! Grids drawn over n lines, one row a line: where a grid ends, and how a
//! damaged one is read (a row cut, padded, missing or inserted, a break
//! between bands, a 16x16 or 36x36 grid told from 4x4 or 6x6 puzzles) so
//! that one fault costs one record and never takes a row of the next
//! puzzle. The rules are on [`Puzzles`].

use std::io::{self, BufRead};

use super::source::{Line, MAX_LINE_LEN};
use super::{is_ambiguous, Puzzles, Record};
use crate::alphabet::push_line_cells;
use crate::alphabet::{Alphabet, ZeroCensus};
use crate::error::{ParseError, ParseErrorKind};
use crate::grid::Grid;
use crate::layout::Layout;
use crate::text::line_cells;

/// How many whole grids drawn right after a grid split by a break between
/// bands are looked at to keep the break: a file of grids that never
/// repeats the damage of a grid missing rows within two grids reads
/// right, and the look-ahead stays under 3n lines.
pub(super) const GRIDS_AHEAD: usize = 2;

impl<R: BufRead> Puzzles<R> {
    /// The record of a drawn grid of `layout` whose first row is `first`.
    ///
    /// Consumes the grid's rows: n lines with cells, fewer when the grid
    /// ends early (the rule is on [`Puzzles`]); the lines after it are left
    /// to be read.
    pub(super) fn grid(&mut self, first: Line, layout: Layout) -> io::Result<Record> {
        let (n, band) = (layout.side(), layout.band_height());
        let start = first.number;
        let alphabet = &self.options.alphabet;
        let mut cells = Vec::with_capacity(n * n);
        // The first fault, in line order; later rows are read but not parsed.
        let mut error = alphabet.check_reads(n, start).err();
        let mut census = ZeroCensus::of(alphabet, n);
        let mut line = first;
        let mut rows = 0;
        // Rows of the wrong count, some of which may be lines inserted.
        let mut damaged = 0;
        loop {
            rows += 1;
            damaged += usize::from(!is_row(&line, n));
            if error.is_none() {
                error = self.row(&line, rows, n, &mut cells).err();
                if let Some(census) = &mut census {
                    census.note(&line.text, line.number);
                }
            }
            let last = line.number;
            self.source.recycle(line);
            if rows == n {
                self.take_rows_over(damaged, n);
                break;
            }
            match self.next_row(rows, n, band) {
                Some(next) => line = next,
                None => {
                    // Input that fails mid-grid gives the error, not a
                    // grid cut short.
                    if self.source.peek(0).is_none() {
                        if let Some(io_error) = self.source.error.take() {
                            return Err(io_error);
                        }
                    }
                    if error.is_none() {
                        let kind = ParseErrorKind::CutShort { rows, expected: n };
                        error = Some(ParseError::new(kind, last, None));
                    }
                    break;
                }
            }
        }
        if let (None, Some(census)) = (&error, &census) {
            error = census.resolve(&mut cells).err();
        }
        let result = match error {
            Some(error) => Err(error),
            None => self
                .options
                .with_variants(layout, start)
                .map(|layout| Grid::from_parsed(layout, cells)),
        };
        Ok(Record::new(start, result))
    }

    /// Takes the rows a complete grid of side `n` with `damaged` rows of the
    /// wrong count leaves over when some of those were lines inserted: up
    /// to `damaged` rows of n cells right after it, when no further row
    /// follows them.
    fn take_rows_over(&mut self, damaged: usize, n: usize) {
        let over = (0..=damaged)
            .take_while(|&ahead| {
                let line = self.source.peek(ahead);
                line.is_some_and(|line| !line.after_break && is_row(line, n))
            })
            .count();
        if over <= damaged {
            for _ in 0..over {
                if let Some(line) = self.source.next_content() {
                    self.source.recycle(line);
                }
            }
        }
    }

    /// Appends the digits of `line`, row `row` of a grid of side `n`, to
    /// `cells`.
    fn row(
        &self,
        line: &Line,
        row: usize,
        n: usize,
        cells: &mut Vec<u8>,
    ) -> Result<(), ParseError> {
        if line.too_long {
            let kind = ParseErrorKind::LineTooLong {
                limit: MAX_LINE_LEN,
            };
            Err(ParseError::new(kind, line.number, None))
        } else if line.cells != n {
            Err(row_length(row, line, n))
        } else {
            push_line_cells(&line.text, line.number, n, &self.options.alphabet, cells)
        }
    }

    /// The row after the first `rows` of a grid of side `n` and bands of
    /// `band` rows, or `None` where the grid ends.
    fn next_row(&mut self, rows: usize, n: usize, band: usize) -> Option<Line> {
        if self.continues_grid(0, rows, n, band) {
            self.source.next_content()
        } else {
            None
        }
    }

    /// Whether the line with cells `ahead` lines on continues a grid of
    /// side `n` and bands of `band` rows whose `rows` rows so far end right
    /// before it (the rule is on [`Puzzles`]).
    pub(super) fn continues_grid(
        &mut self,
        ahead: usize,
        rows: usize,
        n: usize,
        band: usize,
    ) -> bool {
        let Some(next) = self.source.peek(ahead) else {
            return false;
        };
        if next.title {
            false
        } else if next.after_break {
            // A break between bands, when the rest of the grid is there,
            // and then the grid ends or whole grids follow: the rows after
            // the break are never the start of the next grid, nor a row
            // short, taking a row of it.
            rows.is_multiple_of(band) && self.rows_then_grids(ahead, rows + 1, n, band)
        } else if next.small {
            false
        } else if next.too_long || next.cells == n {
            true
        } else if self.options.whole_side(next.cells).is_some() {
            false
        } else {
            // A row cut to 4 cells or padded to 16 is damaged, unless the
            // line after it has as many cells: a 4x4 grid, or 4x4 puzzles,
            // right after a grid cut short.
            let cells = next.cells;
            let after = self.source.peek(ahead + 1);
            let same = after.is_some_and(|after| !after.after_break && after.cells == cells);
            !(same && self.options.starts_puzzle(cells))
        }
    }

    /// Whether the lines with cells from `from` lines ahead are rows `row`
    /// to n of a grid of side `n`, with breaks only where a band of `band`
    /// rows starts, and the line after them ends the grid.
    fn rows_ahead(&mut self, from: usize, row: usize, n: usize, band: usize) -> bool {
        self.rows_between(from, row, n, band) && ends_grid(self.source.peek(from + n + 1 - row), n)
    }

    /// Whether the lines with cells from `from` lines ahead are rows `row`
    /// to n of a grid of side `n`, with breaks only where a band of `band`
    /// rows starts.
    fn rows_between(&mut self, from: usize, row: usize, n: usize, band: usize) -> bool {
        (from..).zip(row..=n).all(|(ahead, row)| {
            self.source
                .peek(ahead)
                .is_some_and(|line| is_row(line, n) && (!line.after_break || (row - 1) % band == 0))
        })
    }

    /// Whether the lines with cells from `from` lines ahead are rows `row`
    /// to n of a grid of side `n`, breaks only between its bands, followed
    /// right away by whole grids (up to [`GRIDS_AHEAD`] are looked at) up
    /// to a line that ends one: the rest of the grid, then the next ones
    /// drawn with no break between them.
    fn rows_then_grids(&mut self, from: usize, row: usize, n: usize, band: usize) -> bool {
        if !self.rows_between(from, row, n, band) {
            return false;
        }
        let mut next = from + n + 1 - row;
        for _ in 0..GRIDS_AHEAD {
            if ends_grid(self.source.peek(next), n) {
                return true;
            }
            if !self.rows_between(next, 1, n, band) {
                return false;
            }
            next += n;
        }
        true
    }

    /// Whether `first`, a line of 16 or 36 cells with no layout given, is
    /// the first row of a 16x16 or 36x36 grid rather than a 4x4 or 6x6
    /// puzzle (the rule is on [`Puzzles`]). If not, the lines of as many
    /// cells looked at after it are marked as small puzzles once for all,
    /// so that none is taken for the start of a later wide grid.
    pub(super) fn starts_wide_grid(&mut self, first: &Line) -> bool {
        let n = first.cells;
        let (small, band) = (n.isqrt(), self.options.layout_of(n).band_height());
        let mut wide = usize::from(!fits_side(first, small, &self.options.alphabet));
        // The lines after `first` that would be the rest of the wide grid.
        let mut rest = 0;
        while rest + 1 < n && self.continues_grid(rest, rest + 1, n, band) {
            let line = &self.source.pending[rest];
            if line.cells == n && !fits_side(line, small, &self.options.alphabet) {
                wide += 1;
            }
            rest += 1;
        }
        if wide >= n / 2 {
            return true;
        }
        for line in self.source.pending.iter_mut().take(rest) {
            line.small = line.cells == n;
        }
        false
    }

    /// The layout of the grid whose first row is `first`, damaged: the
    /// next line has another count, a grid's width n, and it and the lines
    /// after it are the grid's other n - 1 rows, ended as [`Puzzles`] says
    /// (for 16 or 36 cells, wide enough to be a 16x16 or 36x36 grid).
    pub(super) fn damaged_first_row(&mut self, first: &Line) -> Option<Layout> {
        let next = self.source.peek(0)?;
        if next.after_break || next.cells == first.cells {
            return None;
        }
        let n = next.cells;
        if !self.options.is_width(n) {
            return None;
        }
        let layout = self.options.layout_of(n);
        if !self.rows_ahead(0, 2, n, layout.band_height()) {
            return None;
        }
        if self.options.layout.is_none() && is_ambiguous(n) {
            let alphabet = &self.options.alphabet;
            let rest = self.source.pending.iter().take(n - 1);
            let wide = rest
                .filter(|line| !fits_side(line, n.isqrt(), alphabet))
                .count();
            if wide < n / 2 {
                return None;
            }
        }
        Some(layout)
    }
}

/// Whether `line` can be a row of a grid of side `n`.
fn is_row(line: &Line, n: usize) -> bool {
    !line.too_long
        && line.cells == n
        && !line.small
        && !line.title
        && line.extra.is_none()
        && line.fault.is_none()
}

/// Whether `line`, the line with cells after the last row of a grid of
/// side `n`, leaves the grid complete: it is the end of input, comes after
/// a blank or comment line, or is no row of n cells.
fn ends_grid(line: Option<&Line>, n: usize) -> bool {
    line.is_none_or(|line| line.after_break || !is_row(line, n))
}

/// Whether every cell of `line` is empty or a digit of a grid of side
/// `side`.
fn fits_side(line: &Line, side: usize, alphabet: &Alphabet) -> bool {
    line_cells(&line.text).all(|(_, symbol)| alphabet.digit(symbol, side).is_ok())
}

/// The error for row `row` of a grid of side `n`, on `line`, of the wrong width.
fn row_length(row: usize, line: &Line, n: usize) -> ParseError {
    let kind = ParseErrorKind::RowLength {
        row,
        found: line.cells,
        expected: n,
    };
    ParseError::new(kind, line.number, None)
}

#[cfg(test)]
mod tests {
    use crate::grid::tests::{pattern, LEETCODE, LEETCODE_GRID};
    use crate::read::tests::{read, rows, summary, INKALA, INKALA_GRID, SEVENTEEN};
    use crate::text::count_cells;
    use crate::Grid;

    #[test]
    fn a_damaged_row_costs_one_record() {
        let damaged = LEETCODE_GRID.replace("4 . . | 8 . 3", "4 . . | 8 3");
        let text = format!("{damaged}{INKALA}\n");
        assert_eq!(
            summary(&read(&text)),
            vec![
                (
                    2,
                    Err("line 7: grid row 5 has 8 cells, expected 9".to_string())
                ),
                (13, Ok(INKALA.to_string())),
            ]
        );
        // A damaged row followed by a bad symbol: the first fault is named.
        let damaged = damaged.replace("2 8 .", "2 8 Q");
        assert_eq!(
            summary(&read(&damaged)),
            vec![(
                2,
                Err("line 7: grid row 5 has 8 cells, expected 9".to_string())
            )]
        );
        let bad = LEETCODE_GRID.replace("2 8 .", "2 8 Q");
        assert_eq!(
            summary(&read(&bad)),
            vec![(
                2,
                Err("line 10, column 21: unexpected symbol 'Q'".to_string())
            )]
        );
    }

    #[test]
    fn a_grid_cut_short_by_a_puzzle_restarts_there() {
        let cut: String = LEETCODE_GRID
            .lines()
            .take(6)
            .map(|l| format!("{l}\n"))
            .collect();
        let text = format!("{cut}{INKALA}\n{LEETCODE}\n");
        assert_eq!(
            summary(&read(&text)),
            vec![
                (
                    2,
                    Err("line 6: grid cut short after 4 of 9 rows".to_string())
                ),
                (7, Ok(INKALA.to_string())),
                (8, Ok(LEETCODE.to_string())),
            ]
        );
        // Cut short by a 4x4 grid.
        let text = format!("{cut}1 . | 3 .\n. . | 2 .\n3 . | . .\n. . | 4 .\n");
        assert_eq!(
            summary(&read(&text)),
            vec![
                (
                    2,
                    Err("line 6: grid cut short after 4 of 9 rows".to_string())
                ),
                (7, Ok("1.3...2.3.....4.".to_string())),
            ]
        );
        // Cut short by 4x4 puzzles on one line each.
        let text = format!("{cut}1.3...2.3.....4.\n1.3...2.3.....4.\n");
        assert_eq!(
            summary(&read(&text)),
            vec![
                (
                    2,
                    Err("line 6: grid cut short after 4 of 9 rows".to_string())
                ),
                (7, Ok("1.3...2.3.....4.".to_string())),
                (8, Ok("1.3...2.3.....4.".to_string())),
            ]
        );
    }

    #[test]
    fn a_row_cut_or_padded_costs_one_record() {
        let (row5, row9) = ("4 . . | 8 . 3 | . . 1", ". . . | . 8 . | . 7 9");
        for (row, damaged, error) in [
            (
                row5,
                "4 . . | 8",
                "line 7: grid row 5 has 4 cells, expected 9",
            ),
            (
                row5,
                "4 . . | 8 . 3 | . . 1 | 2 3 4 | 5 6 7 8",
                "line 7: grid row 5 has 16 cells, expected 9",
            ),
            (
                row9,
                ". . . | .",
                "line 12: grid row 9 has 4 cells, expected 9",
            ),
            (
                row9,
                ". . . | . 8 . | . 7 9 | . . . | . . . .",
                "line 12: grid row 9 has 16 cells, expected 9",
            ),
        ] {
            let grid = LEETCODE_GRID.replace(row, damaged);
            // The next puzzle after a blank line, and right after the grid.
            for (gap, next) in [("\n", 14), ("", 13)] {
                let text = format!("{grid}{gap}{INKALA_GRID}");
                assert_eq!(
                    summary(&read(&text)),
                    vec![(2, Err(error.to_string())), (next, Ok(INKALA.to_string()))],
                    "{text}"
                );
            }
        }
        // A row of a 4x4 grid padded to 9 cells.
        let text = "1 . | 3 .\n. . | 2 . | 5 6 7 8 9\n3 . | . .\n. . | 4 .\n1.3...2.3.....4.\n";
        assert_eq!(
            summary(&read(text)),
            vec![
                (
                    1,
                    Err("line 2: grid row 2 has 9 cells, expected 4".to_string())
                ),
                (5, Ok("1.3...2.3.....4.".to_string())),
            ]
        );
    }

    #[test]
    fn a_line_inserted_into_a_grid_costs_one_record() {
        let grid = LEETCODE_GRID.replace(
            "4 . . | 8 . 3 | . . 1\n",
            "4 . . | 8 . 3 | . . 1\nthis is no row\n",
        );
        let error = "line 8: grid row 6 has 11 cells, expected 9";
        // The next puzzle after a blank line, or right after on one line.
        for (gap, next) in [("\n", 15), ("", 14)] {
            let text = format!("{grid}{gap}{INKALA}\n");
            assert_eq!(
                summary(&read(&text)),
                vec![(2, Err(error.to_string())), (next, Ok(INKALA.to_string()))]
            );
        }
        // In a 4x4 grid, at the end of input.
        let text = "1 . | 3 .\n??\n. . | 2 .\n3 . | . .\n. . | 4 .\n";
        assert_eq!(
            summary(&read(text)),
            vec![(
                1,
                Err("line 2: grid row 2 has 2 cells, expected 4".to_string())
            )]
        );
    }

    #[test]
    fn a_damaged_first_row_starts_its_grid() {
        // A 4x4 grid, its first row cut to 3 cells or padded to 5.
        let rest = ". . | 2 .\n3 . | . .\n. . | 4 .\n";
        for (first, cells) in [("1 . | 3", 3), ("1 . | 3 . 4", 5)] {
            let text = format!("{first}\n{rest}\n1.3...2.3.....4.\n");
            let error = format!("line 1: grid row 1 has {cells} cells, expected 4");
            assert_eq!(
                summary(&read(&text)),
                vec![(1, Err(error)), (6, Ok("1.3...2.3.....4.".to_string()))]
            );
        }
        // A 9x9 grid, its first row cut to 4 cells, to 8, or padded to 16.
        let rest: String = LEETCODE_GRID
            .lines()
            .skip(2)
            .map(|l| format!("{l}\n"))
            .collect();
        for first in [
            "5 3 . | .",
            "5 3 . | . 7 . | . .",
            "5 3 . | . 7 . | . . . | 1 2 3 | 4 5 6 7",
        ] {
            let text = format!("{first}\n{rest}\n{INKALA_GRID}");
            let error = format!(
                "line 1: grid row 1 has {} cells, expected 9",
                count_cells(first)
            );
            assert_eq!(
                summary(&read(&text)),
                vec![(1, Err(error)), (13, Ok(INKALA.to_string()))]
            );
        }
        // A puzzle on one line, one cell short, right before a grid is no
        // row of that grid.
        let text = format!("{}\n{INKALA_GRID}", &LEETCODE[1..]);
        assert_eq!(
            summary(&read(&text)),
            vec![
                (1, Err("line 1: expected 81 cells, found 80".to_string())),
                (2, Ok(INKALA.to_string())),
            ]
        );
        // A 16x16 grid whose first row lost a cell.
        let big = pattern(4);
        let text = rows(&big, false)[1..].to_string();
        assert_eq!(
            summary(&read(&text)),
            vec![(
                1,
                Err("line 1: grid row 1 has 15 cells, expected 16".to_string())
            )]
        );
    }

    /// A 4x4 grid missing its last row ends at the blank line after it: it
    /// takes no row of the next grid, which reads whole.
    #[test]
    fn a_blank_line_ends_a_grid_missing_a_row() {
        let text =
            "1 . | . .\n. . | . .\n. . | . .\n\n2 . | . .\n. . | 3 .\n. . | . .\n. . | . 4\n";
        assert_eq!(
            summary(&read(text)),
            vec![
                (
                    1,
                    Err("line 3: grid cut short after 3 of 4 rows".to_string())
                ),
                (5, Ok("2.....3........4".to_string())),
            ]
        );
        // A comment line ends a grid as a blank line does.
        let text = text.replacen("\n\n", "\n# the next puzzle\n", 1);
        let records = read(&text);
        assert_eq!(records.len(), 2);
        assert!(records[1].result.is_ok());
    }

    #[test]
    fn a_grid_missing_a_row_spares_the_grids_after_it() {
        let grids: Vec<Grid> = SEVENTEEN.iter().map(|p| Grid::parse(p).unwrap()).collect();
        let mut drawn: Vec<String> = grids.iter().map(Grid::to_grid_string).collect();
        // Row 5 (the sixth line, after a rule) of the first grid deleted.
        drawn[0] = drawn[0]
            .lines()
            .enumerate()
            .filter(|&(i, _)| i != 5)
            .map(|(_, line)| format!("{line}\n"))
            .collect();
        let records = read(&drawn.join("\n"));
        assert_eq!(
            records.iter().map(|r| r.line).collect::<Vec<_>>(),
            vec![1, 12, 24, 36, 48, 60]
        );
        assert_eq!(
            records[0].result.as_ref().unwrap_err().to_string(),
            "line 10: grid cut short after 8 of 9 rows"
        );
        for (record, grid) in records[1..].iter().zip(&grids[1..]) {
            assert_eq!(record.result.as_ref(), Ok(grid));
        }
    }

    #[test]
    fn blank_lines_between_bands_keep_a_grid_whole() {
        let rule = "------+-------+------\n";
        let blank = LEETCODE_GRID.replace(rule, "\n");
        let commented = LEETCODE_GRID.replace(rule, "# the next band\n");
        // The last grid is followed by the end of input, the others by a
        // blank line and by a puzzle on one line.
        let text = format!("{blank}\n{commented}{INKALA}\n{blank}");
        assert_eq!(
            summary(&read(&text)),
            vec![
                (2, Ok(LEETCODE.to_string())),
                (15, Ok(LEETCODE.to_string())),
                (26, Ok(INKALA.to_string())),
                (28, Ok(LEETCODE.to_string())),
            ]
        );
        // A blank line within a band ends the grid.
        let split = LEETCODE_GRID.replace("| . . 3\n", "| . . 3\n\n");
        assert_eq!(
            summary(&read(&split)),
            vec![
                (
                    2,
                    Err("line 6: grid cut short after 4 of 9 rows".to_string())
                ),
                (
                    8,
                    Err("line 13: grid cut short after 5 of 9 rows".to_string())
                ),
            ]
        );
        // Two bands, then a whole grid: the grid's first band would complete
        // the two, but its fourth row shows it is a grid of its own.
        let two_bands: String = LEETCODE_GRID
            .lines()
            .take(8)
            .map(|l| format!("{l}\n"))
            .collect();
        let text = format!("{two_bands}\n{INKALA_GRID}");
        assert_eq!(
            summary(&read(&text)),
            vec![
                (
                    2,
                    Err("line 8: grid cut short after 6 of 9 rows".to_string())
                ),
                (10, Ok(INKALA.to_string())),
            ]
        );
    }

    /// Two grids back to back, the first broken between bands, are two
    /// records: the rows after the break were once read as a grid of
    /// their own with the first rows of the next, a puzzle in no file.
    #[test]
    fn a_grid_broken_between_bands_never_joins_the_next() {
        let rule = "------+-------+------\n";
        let first = LEETCODE_GRID.replacen(rule, "\n", 1);
        let firsts = [
            first.clone(),
            LEETCODE_GRID.replace(rule, "\n"),
            LEETCODE_GRID.replace(rule, &format!("{rule}\n")),
        ];
        let blank_inkala = INKALA_GRID.replace(rule, "\n");
        let seconds = [
            INKALA_GRID.to_string(),
            format!("\n{INKALA_GRID}"),
            blank_inkala.clone(),
            format!("\n{blank_inkala}"),
            rows(&Grid::parse(INKALA).unwrap(), true),
            format!("{INKALA}\n"),
        ];
        for first in &firsts {
            for second in &seconds {
                let text = format!("{first}{second}");
                let records = read(&text);
                let results: Vec<_> = records.iter().map(|r| r.result.clone()).collect();
                assert_eq!(
                    results,
                    vec![
                        Ok(Grid::parse(LEETCODE).unwrap()),
                        Ok(Grid::parse(INKALA).unwrap())
                    ],
                    "{text}"
                );
            }
        }
        // Three grids back to back: the break is kept when whole grids
        // follow the rest of the first.
        let text = format!("{first}{INKALA_GRID}{blank_inkala}");
        let grids: Vec<String> = summary(&read(&text))
            .into_iter()
            .map(|(_, r)| r.unwrap())
            .collect();
        assert_eq!(grids, [LEETCODE, INKALA, INKALA]);
        // A grid missing its last two rows, then a grid: the rest after
        // the break would take rows of the next grid, so the break ends it.
        let short: String = first.lines().take(10).map(|l| format!("{l}\n")).collect();
        let records = read(&format!("{short}{INKALA_GRID}"));
        assert_eq!(
            summary(&records)[0],
            (
                2,
                Err("line 4: grid cut short after 3 of 9 rows".to_string())
            )
        );
    }

    #[test]
    fn a_grid_cut_short_by_the_end_of_input() {
        let cut: String = LEETCODE_GRID
            .lines()
            .take(6)
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(
            summary(&read(&format!("{cut}\n# the end\n"))),
            vec![(
                2,
                Err("line 6: grid cut short after 4 of 9 rows".to_string())
            )]
        );
    }

    #[test]
    fn sixteen_cells_start_a_16x16_grid_when_16_rows_follow() {
        let big = pattern(4);
        let mut puzzle = big.clone();
        puzzle.set(3, 3, 0).unwrap();
        for text in [
            rows(&puzzle, false),
            rows(&puzzle, true),
            puzzle.to_grid_string(),
        ] {
            let text = format!("# a 16x16 grid\n{text}{}\n", puzzle);
            let records = read(&text);
            assert_eq!(records.len(), 2, "{text}");
            assert_eq!(records[0].line, 2);
            assert_eq!(records[0].result.as_ref(), Ok(&puzzle));
            assert_eq!(records[1].result.as_ref(), Ok(&puzzle));
        }
    }

    #[test]
    fn sixteen_cells_are_a_4x4_puzzle_otherwise() {
        // Twenty 4x4 puzzles in a row, the empty one among them.
        let small = ["1.3...2.3.....4.", "................", "12343412214343.2"];
        let lines: Vec<&str> = (0..20).map(|i| small[i % 3]).collect();
        let text = lines.join("\n");
        let records = read(&text);
        assert_eq!(records.len(), 20);
        for (i, record) in records.iter().enumerate() {
            assert_eq!(record.line, i + 1);
            assert_eq!(record.result.as_ref().unwrap().to_string(), small[i % 3]);
        }
        // Two 4x4 puzzles before a 16x16 line puzzle.
        let text = format!("{}\n{}\n{}\n", small[0], small[1], pattern(4));
        let records = read(&text);
        assert_eq!(records.len(), 3);
        assert_eq!(records[2].result.as_ref().unwrap().side(), 16);
        // Bad 4x4 lines stay one record each, the good ones are read.
        let text = format!("{}\n12345...........\n{}\n", small[0], small[2]);
        assert_eq!(
            summary(&read(&text)),
            vec![
                (1, Ok(small[0].to_string())),
                (
                    2,
                    Err(
                        "line 2, column 5: symbol '5' stands for 5, out of range for a 4x4 grid"
                            .to_string()
                    )
                ),
                (3, Ok(small[2].to_string())),
            ]
        );
    }

    #[test]
    fn a_damaged_16x16_grid_is_one_record() {
        let drawn = pattern(4).to_grid_string();
        // Row 5, on the sixth line after a rule: deleted, cut to 15 cells, to 9.
        let row5 = drawn.lines().nth(5).unwrap();
        for (damaged, error) in [
            (None, "line 18: grid cut short after 15 of 16 rows"),
            (
                Some(&row5[..row5.len() - 2]),
                "line 6: grid row 5 has 15 cells, expected 16",
            ),
            (
                Some("1 2 3 | 4 5 6 | 7 8 9"),
                "line 6: grid row 5 has 9 cells, expected 16",
            ),
        ] {
            let mut text = String::new();
            for (i, line) in drawn.lines().enumerate() {
                if let Some(line) = if i == 5 { damaged } else { Some(line) } {
                    text.push_str(&format!("{line}\n"));
                }
            }
            let after = text.lines().count() + 2;
            text.push_str(&format!("\n{INKALA}\n1.3...2.3.....4.\n"));
            assert_eq!(
                summary(&read(&text)),
                vec![
                    (1, Err(error.to_string())),
                    (after, Ok(INKALA.to_string())),
                    (after + 1, Ok("1.3...2.3.....4.".to_string())),
                ],
                "{text}"
            );
        }
    }

    #[test]
    fn a_16x16_grid_then_4x4_puzzles() {
        let big = pattern(4);
        let text = format!("{}1.3...2.3.....4.\n1.3...2.3.....4.\n", rows(&big, false));
        let records = read(&text);
        assert_eq!(
            records.iter().map(|r| r.line).collect::<Vec<_>>(),
            vec![1, 17, 18]
        );
        assert_eq!(records[0].result.as_ref(), Ok(&big));
        assert_eq!(records[2].result.as_ref().unwrap().side(), 4);
    }
}
