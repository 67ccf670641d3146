//! f-puzzles and SudokuPad `?load=` links, or their compressed strings
//! (`N4Ig...`), one a line: each line with content is a record, read by
//! [`from_fpuzzles`](crate::from_fpuzzles).

use std::io::BufRead;

use super::json::fpuzzles_record;
use super::source::MAX_LINE_LEN;
use super::{Puzzles, Record};
use crate::error::ParseErrorKind;

impl<R: BufRead> Puzzles<R> {
    /// The record of the next f-puzzles link or compressed string.
    pub(super) fn next_link(&mut self) -> Option<Record> {
        loop {
            let line = self.raw_line()?;
            let text = line.text.trim();
            if text.is_empty() || text.starts_with('#') {
                continue;
            }
            if line.too_long {
                let kind = ParseErrorKind::LineTooLong {
                    limit: MAX_LINE_LEN,
                };
                return Some(self.error_record(line, kind));
            }
            return Some(Record::new(line.number, fpuzzles_record(text, line.number)));
        }
    }
}
