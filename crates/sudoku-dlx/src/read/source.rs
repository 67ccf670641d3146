//! The lines of the input that [`Puzzles`](super::Puzzles) reads: each
//! one bounded to [`MAX_LINE_LEN`] bytes, told as one of the community's
//! line formats where classic puzzles are read ([`super::community`]),
//! and the lines with cells read ahead kept to be taken in turn.

use std::collections::VecDeque;
use std::io::{self, BufRead};

use super::community::{self, Columns, Extra, Recognized};
use crate::text::{count_cells, is_rule, is_title};

/// Longest line kept, in bytes; the rest of a longer line is skipped.
/// One-line f-puzzles exports with pencil marks pass 64 KiB (a 25x25
/// grid of marks takes 120 KB): 1 MiB holds them, and the 147 lines read
/// ahead at most stay bounded.
pub(super) const MAX_LINE_LEN: usize = 1 << 20;

/// A line of input holding cells.
#[derive(Debug)]
pub(super) struct Line {
    /// Its number, from 1.
    pub(super) number: usize,
    /// Its text, without the line feed, cut at `MAX_LINE_LEN` bytes.
    pub(super) text: String,
    /// Number of cells on it.
    pub(super) cells: usize,
    /// Whether it was cut, with no `#` making the rest a comment.
    pub(super) too_long: bool,
    /// Whether it is already known to be a 4x4 or 6x6 puzzle, not a row of
    /// a 16x16 or 36x36 grid.
    pub(super) small: bool,
    /// Whether it is a title such as `Puzzle 1:`, which is no record and
    /// ends a grid.
    pub(super) title: bool,
    /// Whether a blank or comment line comes between it and the line with
    /// cells before it, which ends a grid (rules do not).
    pub(super) after_break: bool,
    /// What a line of one of the community's formats states beside its
    /// puzzle, whose text alone is left in `text`.
    pub(super) extra: Option<Box<Extra>>,
    /// Why a line that looks like one of the community's formats is not
    /// one, and the column to blame.
    pub(super) fault: Option<(String, Option<usize>)>,
}

/// The lines of the input, with lines put back to be read again.
#[derive(Debug)]
pub(super) struct Source<R> {
    pub(super) reader: R,
    /// Lines read so far.
    lines_read: usize,
    /// Lines with cells read ahead, to be taken first, in order. Holds
    /// fewer than 3n lines for grids of side n, 147 in all: the rest of a
    /// grid looked at before it is read, the line after it, and the grids
    /// right after a grid broken between bands (see `GRIDS_AHEAD` in
    /// [`drawn`](super::drawn)).
    pub(super) pending: VecDeque<Line>,
    /// A buffer kept from a line already used, to read the next into.
    spare: Vec<u8>,
    /// An I/O error met, to yield once the lines before it are used.
    pub(super) error: Option<io::Error>,
    /// Whether the reader is done with: end of input or an I/O error.
    finished: bool,
    /// Whether a blank or comment line was read since the last line with
    /// cells.
    broken: bool,
    /// Whether lines are told in the community's line formats (classic
    /// puzzles, not variant ones).
    pub(super) community: bool,
    /// Whether a line with content was read: a CSV header is the first.
    seen_content: bool,
    /// The columns of the CSV header read, if any.
    columns: Option<Columns>,
}

impl<R: BufRead> Source<R> {
    /// The lines of `reader`, none read yet.
    pub(super) fn new(reader: R) -> Source<R> {
        Source {
            reader,
            lines_read: 0,
            pending: VecDeque::new(),
            spare: Vec::new(),
            error: None,
            finished: false,
            broken: false,
            community: false,
            seen_content: false,
            columns: None,
        }
    }

    /// The next line, with cells or not, `None` at the end of input or on
    /// an I/O error, which is then in `self.error`.
    pub(super) fn next_line(&mut self) -> Option<Line> {
        if self.finished {
            return None;
        }
        match self.read_line() {
            Ok(Some(line)) => Some(line),
            Ok(None) => {
                self.finished = true;
                None
            }
            Err(error) => {
                self.error = Some(error);
                self.finished = true;
                None
            }
        }
    }

    /// The next line holding cells (or too long to tell), `None` at the end
    /// of input or on an I/O error, which is then in `self.error`.
    pub(super) fn next_content(&mut self) -> Option<Line> {
        self.pending.pop_front().or_else(|| self.read_content())
    }

    /// The line holding cells `ahead` lines after the next (0 for the next
    /// itself), left to be taken in turn; `None` past the end of input.
    pub(super) fn peek(&mut self, ahead: usize) -> Option<&Line> {
        while self.pending.len() <= ahead {
            let line = self.read_content()?;
            self.pending.push_back(line);
        }
        self.pending.get(ahead)
    }

    /// Reads up to the next line holding cells, noting on it whether a
    /// blank or comment line came before it.
    fn read_content(&mut self) -> Option<Line> {
        while let Some(mut line) = self.next_line() {
            if line.cells == 0 && !line.too_long && line.extra.is_none() && line.fault.is_none() {
                self.broken |= !is_rule(&line.text);
                self.recycle(line);
            } else {
                line.after_break = std::mem::take(&mut self.broken);
                return Some(line);
            }
        }
        None
    }

    /// Reads one line, keeping at most `MAX_LINE_LEN` bytes of it.
    fn read_line(&mut self) -> io::Result<Option<Line>> {
        let mut bytes = std::mem::take(&mut self.spare);
        bytes.clear();
        let mut too_long = false;
        let mut any = false;
        loop {
            let available = match self.reader.fill_buf() {
                Ok(available) => available,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            };
            if available.is_empty() {
                break;
            }
            any = true;
            let (len, used, ends) = match available.iter().position(|&byte| byte == b'\n') {
                Some(i) => (i, i + 1, true),
                None => (available.len(), available.len(), false),
            };
            let room = MAX_LINE_LEN - bytes.len();
            too_long |= len > room;
            bytes.extend_from_slice(&available[..len.min(room)]);
            self.reader.consume(used);
            if ends {
                break;
            }
        }
        if !any {
            self.spare = bytes;
            return Ok(None);
        }
        self.lines_read += 1;
        let mut text = match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(error) => String::from_utf8_lossy(error.as_bytes()).into_owned(),
        };
        let (mut extra, mut fault) = (None, None);
        if self.community && !too_long {
            let first = !self.seen_content;
            self.seen_content |= text.split('#').next().is_some_and(|t| !t.trim().is_empty());
            match community::recognize(&text, self.columns.as_ref(), first) {
                Recognized::Plain => {}
                Recognized::Header(columns) => {
                    self.columns = Some(columns);
                    text.clear();
                }
                Recognized::Puzzle(range, more) => {
                    text = keep_only(&text, range);
                    extra = Some(more);
                }
                Recognized::Fault(message, column) => fault = Some((message, column)),
            }
        }
        let packed = extra.as_ref().is_some_and(|e| e.packed.is_some());
        Ok(Some(Line {
            number: self.lines_read,
            cells: if packed { 81 } else { count_cells(&text) },
            too_long: too_long && !text.contains('#'),
            title: extra.is_none() && fault.is_none() && is_title(&text),
            text,
            small: false,
            after_break: false,
            extra,
            fault,
        }))
    }

    /// Keeps the buffer of a used line to read the next one into.
    pub(super) fn recycle(&mut self, line: Line) {
        if line.text.capacity() > self.spare.capacity() {
            self.spare = line.text.into_bytes();
        }
    }
}

/// `text` with every character outside `range` made a space, so that the
/// puzzle's cells keep their columns.
fn keep_only(text: &str, range: std::ops::Range<usize>) -> String {
    text.char_indices()
        .map(|(i, ch)| if range.contains(&i) { ch } else { ' ' })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::io;

    use super::MAX_LINE_LEN;
    use crate::grid::tests::{LEETCODE, LEETCODE_GRID};
    use crate::read::tests::{read, summary, INKALA};
    use crate::{Puzzles, Record};

    #[test]
    fn windows_line_ends_and_a_missing_last_line_feed() {
        let text = format!("{LEETCODE}\r\n\r\n{}", LEETCODE_GRID.replace('\n', "\r\n"));
        let records = read(text.trim_end());
        assert_eq!(records.len(), 2);
        assert_eq!(records[0].result, records[1].result);
        assert!(read("").is_empty());
        assert!(read("\n\n# only comments\n").is_empty());
    }

    #[test]
    fn bytes_that_are_not_utf8_are_bad_symbols() {
        let mut bytes = LEETCODE.as_bytes().to_vec();
        bytes[4] = 0xff;
        bytes.extend_from_slice(b"\n# caf\xe9\n");
        bytes.extend_from_slice(INKALA.as_bytes());
        let records: Vec<Record> = Puzzles::new(&bytes[..]).collect::<io::Result<_>>().unwrap();
        assert_eq!(
            summary(&records),
            vec![
                (
                    1,
                    Err("line 1, column 5: unexpected symbol '\u{fffd}'".to_string())
                ),
                (3, Ok(INKALA.to_string())),
            ]
        );
    }

    #[test]
    fn long_lines_are_bounded() {
        let long = "1".repeat(MAX_LINE_LEN + 10);
        let comment = format!("{LEETCODE} # {long}");
        let text = format!("{long}\n{comment}\n# {long}\n{INKALA}\n");
        assert_eq!(
            summary(&read(&text)),
            vec![
                (1, Err("line 1: line longer than 1048576 bytes".to_string())),
                (2, Ok(LEETCODE.to_string())),
                (4, Ok(INKALA.to_string())),
            ]
        );
    }

    #[test]
    fn a_one_line_fpuzzles_export_with_pencil_marks_is_read() {
        // A 25x25 puzzle as a player saves it: every cell's centre and
        // corner marks, on one line past 64 KiB.
        let marks: Vec<String> = (1..=25).map(|d| d.to_string()).collect();
        let marks = marks.join(",");
        let cell = format!(
            r##"{{"centerPencilMarks":[{marks}],"cornerPencilMarks":[{marks}],"c":"#A0A0A0"}}"##
        );
        let row = format!("[{}]", vec![cell; 25].join(","));
        let line = format!(r#"{{"size":25,"grid":[{}]}}"#, vec![row; 25].join(","));
        assert!(line.len() > 1 << 16);
        let records = read(&line);
        assert_eq!(records.len(), 1);
        let grid = records[0].result.as_ref().unwrap();
        assert_eq!((grid.side(), grid.givens()), (25, 0));
    }

    /// Reads `data`, then fails.
    struct Failing<'a> {
        data: &'a [u8],
    }

    impl io::Read for Failing<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.data.is_empty() {
                return Err(io::Error::other("disk on fire"));
            }
            let n = buf.len().min(self.data.len());
            buf[..n].copy_from_slice(&self.data[..n]);
            self.data = &self.data[n..];
            Ok(n)
        }
    }

    #[test]
    fn an_io_error_is_yielded_once_and_ends_the_stream() {
        let text = format!("{LEETCODE}\n{INKALA}\n");
        let reader = io::BufReader::with_capacity(
            16,
            Failing {
                data: text.as_bytes(),
            },
        );
        let mut puzzles = Puzzles::new(reader);
        assert!(puzzles.next().unwrap().unwrap().result.is_ok());
        assert!(puzzles.next().unwrap().unwrap().result.is_ok());
        let error = puzzles.next().unwrap().unwrap_err();
        assert_eq!(error.to_string(), "disk on fire");
        assert!(puzzles.next().is_none());
        assert!(puzzles.next().is_none());
        // In the middle of a grid: the error, not a cut-short grid.
        let cut: String = LEETCODE_GRID
            .lines()
            .take(6)
            .map(|l| format!("{l}\n"))
            .collect();
        let reader = io::BufReader::new(Failing {
            data: cut.as_bytes(),
        });
        let mut puzzles = Puzzles::new(reader);
        assert!(puzzles.next().unwrap().is_err());
        assert!(puzzles.next().is_none());
    }

    #[test]
    fn lines_read_ahead_come_before_an_io_error() {
        let text = "1.3...2.3.....4.\n1.3...2.3.....4.\n";
        let reader = io::BufReader::new(Failing {
            data: text.as_bytes(),
        });
        let results: Vec<io::Result<Record>> = Puzzles::new(reader).collect();
        assert_eq!(results.len(), 3);
        assert!(results[0].as_ref().unwrap().result.is_ok());
        assert!(results[1].as_ref().unwrap().result.is_ok());
        assert!(results[2].is_err());
    }
}
