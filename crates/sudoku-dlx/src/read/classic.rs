//! Classic puzzles, of givens or pencilmarks: what each line with cells
//! begins, in the order of the rules on [`Puzzles`], the puzzle on one
//! line, and the lines of the community's formats with what they state
//! beside their puzzle. Grids drawn over several lines are read in
//! [`drawn`](super::drawn).

use std::io::{self, BufRead};

use super::community::{Extra, Format};
use super::pencilmarks::grid_of_masks;
use super::source::{Line, MAX_LINE_LEN};
use super::{is_ambiguous, Puzzles, Record, Stated};
use crate::alphabet::{push_line_cells, stray_symbol, ZeroCensus};
use crate::error::{ParseError, ParseErrorKind};
use crate::grid::Grid;
use crate::layout::Layout;
use crate::side::{self, close_cell_count};

impl<R: BufRead> Puzzles<R> {
    /// The record of the next classic puzzle, or the I/O error met once
    /// the lines before it are read. Titles are no records.
    pub(super) fn next_classic(&mut self) -> Option<io::Result<Record>> {
        loop {
            match self.source.next_content() {
                Some(line) if line.title => self.source.recycle(line),
                Some(line) => return Some(self.record(line)),
                None => return self.source.error.take().map(Err),
            }
        }
    }

    /// The record of the puzzle starting at `line`.
    fn record(&mut self, mut line: Line) -> io::Result<Record> {
        if line.too_long {
            let kind = ParseErrorKind::LineTooLong {
                limit: MAX_LINE_LEN,
            };
            return Ok(self.error_record(line, kind));
        }
        if let Some((message, column)) = line.fault.take() {
            let error = ParseError::new(ParseErrorKind::Text(message), line.number, column);
            self.source.recycle(line);
            return Ok(Record::new(error.line(), Err(error)));
        }
        if line.extra.is_some() {
            return Ok(self.community_line(line));
        }
        let count = line.cells;
        if let Some((layout, rows)) = self.candidate_grid_layout(&line) {
            return Ok(self.candidate_grid(line, layout, rows));
        }
        if let Some(record) = self.pencilmarks(&line) {
            self.source.recycle(line);
            return Ok(record);
        }
        if let Some(side) = self.options.whole_side(count) {
            let layout = self.options.layout_of(side);
            return Ok(self.one_line(line, layout));
        }
        let ambiguous = self.options.layout.is_none() && is_ambiguous(count);
        if ambiguous && !line.small && self.starts_wide_grid(&line) {
            let layout = self.options.layout_of(count);
            return self.grid(line, layout);
        }
        if let Some(layout) = self.damaged_first_row(&line) {
            return self.grid(line, layout);
        }
        if ambiguous {
            let layout = self.options.layout_of(count.isqrt());
            return Ok(self.one_line(line, layout));
        }
        let near = close_cell_count(count).filter(|_| self.options.layout.is_none());
        if self.options.is_width(count) {
            let layout = self.options.layout_of(count);
            if near.is_none() || self.continues_grid(0, 1, count, layout.band_height()) {
                return self.grid(line, layout);
            }
        }
        let expected = match &self.options.layout {
            Some(layout) => Some(layout.side() * layout.side()),
            None => close_cell_count(count),
        };
        Ok(self.count_error(line, expected))
    }

    /// The record of a whole puzzle of `layout` on one line.
    pub(super) fn one_line(&mut self, line: Line, layout: Layout) -> Record {
        let side = layout.side();
        let alphabet = &self.options.alphabet;
        let result = alphabet.check_reads(side, line.number).and_then(|()| {
            let mut cells = Vec::with_capacity(side * side);
            push_line_cells(&line.text, line.number, side, alphabet, &mut cells)?;
            if let Some(mut census) = ZeroCensus::of(alphabet, side) {
                census.note(&line.text, line.number);
                census.resolve(&mut cells)?;
            }
            let layout = self.options.with_variants(layout, line.number)?;
            Ok(Grid::from_parsed(layout, cells))
        });
        let record = Record::new(line.number, result);
        self.source.recycle(line);
        record
    }

    /// A record for a line whose cells make no puzzle: a stray symbol if
    /// there is one, else the count.
    pub(super) fn count_error(&mut self, line: Line, expected: Option<usize>) -> Record {
        match stray_symbol(&line.text, line.number, &self.options.alphabet) {
            Some(error) => {
                let record = Record::new(line.number, Err(error));
                self.source.recycle(line);
                record
            }
            None => {
                let kind = ParseErrorKind::CellCount {
                    found: line.cells,
                    expected,
                };
                self.error_record(line, kind)
            }
        }
    }
}

impl<R: BufRead> Puzzles<R> {
    /// The record of a line of one of the community's formats (told by
    /// [`recognize`]): its puzzle, one line's, and what the line states
    /// beside it.
    pub(super) fn community_line(&mut self, mut line: Line) -> Record {
        let Some(extra) = line.extra.take() else {
            return self.count_error(line, None);
        };
        let side = match &self.options.layout {
            Some(layout) => (line.cells == layout.side() * layout.side()).then_some(layout.side()),
            None => side::auto_side_of_cells(line.cells),
        };
        if let Some(cells) = &extra.packed {
            let record = Record::new(line.number, self.packed(cells, line.number));
            self.source.recycle(line);
            return record;
        }
        let Some(side) = side else {
            let expected = match &self.options.layout {
                Some(layout) => Some(layout.side() * layout.side()),
                None => close_cell_count(line.cells),
            };
            let mut record = self.count_error(line, expected);
            if let Err(error) = &mut record.result {
                let message = format!("{} whose puzzle has {}", extra.format.name(), error.kind());
                *error =
                    ParseError::new(ParseErrorKind::Text(message), error.line(), error.column());
            }
            return record;
        };
        let number = line.number;
        let layout = self.options.layout_of(side);
        let mut record = self.one_line(line, layout);
        if let Ok(grid) = &record.result {
            match self.apply(grid, &extra, number) {
                Ok((grid, stated)) => {
                    record.result = Ok(grid);
                    record.stated = stated;
                }
                Err(error) => record.result = Err(error),
            }
        }
        record
    }

    /// `puzzle`, read from line `number`, with what `extra` adds to it:
    /// HoDoKu's deleted candidates taken out, the solution stated checked.
    fn apply(
        &self,
        puzzle: &Grid,
        extra: &Extra,
        number: usize,
    ) -> Result<(Grid, Stated), ParseError> {
        let fault = |why: String, column: Option<usize>| {
            let message = format!("looks like {} but {why}", extra.format.name());
            ParseError::new(ParseErrorKind::Text(message), number, column)
        };
        let n = puzzle.side();
        let mut grid = puzzle.clone();
        if !extra.deleted.is_empty() {
            if n != 9 {
                return Err(fault(format!("its puzzle is {n}x{n}, not 9x9"), None));
            }
            let full = ((1u64 << n) - 1) << 1;
            let mut masks: Vec<u64> = puzzle
                .cells()
                .iter()
                .map(|&d| if d == 0 { full } else { 1 << d })
                .collect();
            for &([d, r, c], column) in &extra.deleted {
                let cell = (r - 1) * n + c - 1;
                let given = puzzle.cells()[cell];
                if given != 0 {
                    return Err(fault(
                        format!("it deletes candidate {d} of r{r}c{c}, which holds {given}"),
                        Some(column),
                    ));
                }
                masks[cell] &= !(1 << d);
            }
            grid = grid_of_masks(puzzle.layout().clone(), masks, None);
        }
        let mut stated = Stated {
            count: extra.count,
            solution: None,
        };
        if let Some((text, column)) = &extra.solution {
            let mut cells = Vec::with_capacity(n * n);
            let alphabet = &self.options.alphabet;
            push_line_cells(text, number, n, alphabet, &mut cells).map_err(|e| {
                let column = e.column().map(|c| c + column - 1);
                fault(format!("its solution has {}", e.kind()), column)
            })?;
            if cells.len() != n * n {
                let why = format!("its solution has {} cells, expected {}", cells.len(), n * n);
                return Err(fault(why, Some(*column)));
            }
            let solution = Grid::from_parsed(puzzle.layout().clone(), cells);
            if !solution.is_solution_of(&grid) {
                let why = why_not_solution(&solution, &grid);
                return Err(fault(
                    format!("its solution is not one of the puzzle: {why}"),
                    Some(*column),
                ));
            }
            stated.solution = Some(solution);
        }
        Ok((grid, stated))
    }

    /// The puzzle of SudokuWiki's 162 characters read on line `number`:
    /// per cell its candidates and whether it is a clue.
    fn packed(&self, cells: &[(u64, bool)], number: usize) -> Result<Grid, ParseError> {
        let layout = match &self.options.layout {
            Some(layout) if layout.side() == 9 => layout.clone(),
            Some(layout) => {
                let n = layout.side();
                let message = format!(
                    "{} holds a 9x9 puzzle, not {n}x{n}",
                    Format::SudokuWiki.name()
                );
                return Err(ParseError::new(ParseErrorKind::Text(message), number, None));
            }
            None => Layout::for_side(9).expect("9x9 has boxes"),
        };
        let layout = self.options.with_variants(layout, number)?;
        let masks = cells.iter().map(|&(mask, _)| mask).collect();
        let clues: Vec<bool> = cells.iter().map(|&(_, clue)| clue).collect();
        Ok(grid_of_masks(layout, masks, Some(&clues)))
    }
}

/// Why `solution`, whose cells are all in 1..=n, is not a solution of
/// `puzzle`: the first cell that breaks a given or a candidate, or the
/// digit repeated.
fn why_not_solution(solution: &Grid, puzzle: &Grid) -> String {
    let n = puzzle.side();
    for (cell, (&s, &p)) in solution.cells().iter().zip(puzzle.cells()).enumerate() {
        let (r, c) = (cell / n + 1, cell % n + 1);
        if s == 0 {
            return format!("r{r}c{c} is empty");
        }
        if p != 0 && p != s {
            return format!("r{r}c{c} holds {s} where the puzzle gives {p}");
        }
        if !puzzle.is_candidate(cell, s) {
            return format!("r{r}c{c} holds {s}, not one of its candidates");
        }
    }
    match solution.check() {
        Err(conflict) => conflict.to_string(),
        Ok(()) => "it breaks a rule of the layout".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use crate::alphabet::Alphabet;
    use crate::grid::tests::{pattern, LEETCODE, LEETCODE_GRID};
    use crate::read::tests::{read, read_with, rows, summary, INKALA};
    use crate::{Grid, ReadOptions};

    #[test]
    fn one_puzzle_per_line_with_comments_and_blank_lines() {
        let text =
            format!("# header\n\n{LEETCODE}\n   \n{INKALA}   # the hardest, they say\n# end\n");
        let records = read(&text);
        assert_eq!(
            summary(&records),
            vec![(3, Ok(LEETCODE.to_string())), (5, Ok(INKALA.to_string()))]
        );
    }

    #[test]
    fn every_form_reads_to_the_same_grid() {
        let expected = Grid::parse(LEETCODE).unwrap();
        let spaced: String = LEETCODE.chars().map(|ch| format!("{ch} ")).collect();
        let text = format!(
            "{LEETCODE}\n{LEETCODE_GRID}\n{}\n{}{spaced}\n",
            rows(&expected, false),
            rows(&expected, true)
        );
        let records = read(&text);
        let lines: Vec<usize> = records.iter().map(|r| r.line).collect();
        assert_eq!(lines, vec![1, 3, 15, 25, 34]);
        for record in &records {
            assert_eq!(record.result.as_ref().unwrap(), &expected);
        }
    }

    #[test]
    fn an_error_in_the_middle_spares_the_other_puzzles() {
        let bad_symbol = LEETCODE.replacen('.', "a", 1);
        let text = format!(
            "{LEETCODE}\n{}\n{bad_symbol}\n{INKALA}\n{}\n{LEETCODE}\n",
            &LEETCODE[1..],
            "1".repeat(50)
        );
        assert_eq!(
            summary(&read(&text)),
            vec![
                (1, Ok(LEETCODE.to_string())),
                (2, Err("line 2: expected 81 cells, found 80".to_string())),
                (
                    3,
                    Err("line 3, column 3: unexpected symbol 'a'".to_string())
                ),
                (4, Ok(INKALA.to_string())),
                (
                    5,
                    Err(
                        "line 5: expected the cells of a grid (16 for 4x4, 36 for 6x6, 64 for 8x8, 81 for 9x9, ... 2401 for 49x49), found 50"
                            .to_string()
                    )
                ),
                (6, Ok(LEETCODE.to_string())),
            ]
        );
    }

    #[test]
    fn a_stray_symbol_is_named_on_a_line_of_no_format() {
        let text = format!("{LEETCODE}!1\n{LEETCODE}\n");
        assert_eq!(
            summary(&read(&text)),
            vec![
                (
                    1,
                    Err("line 1, column 82: unexpected symbol '!'".to_string())
                ),
                (2, Ok(LEETCODE.to_string())),
            ]
        );
    }

    #[test]
    fn dashes_are_empty_cells_of_a_whole_puzzle() {
        let dashed = LEETCODE.replace('.', "-");
        let records = read(&format!("{dashed}\n{dashed}  # a comment\n"));
        assert_eq!(records.len(), 2);
        for record in records {
            assert_eq!(record.result.unwrap().to_string(), LEETCODE);
        }
    }

    #[test]
    fn repeated_digits_are_left_to_check() {
        let repeated = format!("55{}", &LEETCODE[2..]);
        let records = read(&repeated);
        let grid = records[0].result.as_ref().unwrap();
        assert_eq!(
            grid.check().unwrap_err().to_string(),
            "digit 5 repeated in row 1 (r1c1 and r1c2)"
        );
    }

    #[test]
    fn small_and_large_sizes() {
        let small = "1.3...2.3.....4.";
        let drawn4 = "1 . | 3 .\n. . | 2 .\n----+----\n3 . | . .\n. . | 4 .\n";
        let big = pattern(5);
        let text = format!(
            "{small}\n{drawn4}{big}\n{}{}",
            rows(&big, true),
            big.to_grid_string()
        );
        let records = read(&text);
        assert_eq!(
            records.iter().map(|r| r.line).collect::<Vec<_>>(),
            vec![1, 2, 7, 8, 33]
        );
        let grids: Vec<Grid> = records.into_iter().map(|r| r.result.unwrap()).collect();
        assert_eq!(grids[0], grids[1]);
        assert_eq!(grids[0].side(), 4);
        assert_eq!(grids[2], big);
        assert_eq!(grids[3], big);
        assert_eq!(grids[4], big);
        for b in 6..=7 {
            let grid = pattern(b);
            let text = format!("{grid}\n{}", grid.to_grid_string());
            let records = read(&text);
            assert_eq!(records.len(), 2);
            assert_eq!(records[0].result.as_ref(), Ok(&grid));
            assert_eq!(records[1].result.as_ref(), Ok(&grid));
        }
    }

    #[test]
    fn sixteen_by_sixteen_in_0_to_f() {
        let hex = Alphabet::custom("0123456789ABCDEF").unwrap();
        let mut puzzle = pattern(4);
        for cell in [0, 17, 100, 255] {
            puzzle.set(cell / 16, cell % 16, 0).unwrap();
        }
        let line = puzzle.to_line_with(&hex).unwrap();
        let full = pattern(4).to_line_with(&hex).unwrap();
        let drawn = puzzle.to_grid_string_with(&hex).unwrap();
        let text = format!("{line}\n{full}\n{drawn}{}\n", pattern(4));
        assert_eq!(
            summary(&read(&text)),
            vec![
                (1, Ok(puzzle.to_string())),
                (
                    2,
                    Err(
                        "line 2, column 1: '0' is an empty cell of 1-9A-G or the digit 1 of 0-F, \
                         and this 16x16 puzzle has no 'G' to tell: give the alphabet \
                         (--alphabet 0123456789ABCDEF, or 123456789ABCDEFG)"
                            .to_string()
                    )
                ),
                (3, Ok(puzzle.to_string())),
                (22, Ok(pattern(4).to_string())),
            ]
        );
        // A `G` makes `0` empty; an alphabet settles the rest.
        let with_g = format!("0G{}", ".".repeat(254));
        let grid = read(&with_g)[0].result.clone().unwrap();
        assert_eq!(&grid.cells()[..2], &[0, 16]);
        let records = read_with(&format!("{full}\n"), ReadOptions::new().alphabet(hex));
        assert_eq!(records[0].result.as_ref(), Ok(&pattern(4)));
        let std16 = Alphabet::custom("123456789ABCDEFG").unwrap();
        let records = read_with(&format!("{full}\n"), ReadOptions::new().alphabet(std16));
        assert_eq!(records[0].result.as_ref().unwrap().givens(), 240);
    }
}
