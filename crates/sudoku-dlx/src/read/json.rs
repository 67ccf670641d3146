//! f-puzzles JSON in a stream: one object, a list of them, or objects one
//! after another, each over any number of lines. Each object is a record,
//! from its `{` to the `}` that closes it, read by
//! [`from_fpuzzles`](crate::from_fpuzzles).

use std::io::BufRead;

use super::source::MAX_LINE_LEN;
use super::{Puzzles, Record};
use crate::error::{ParseError, ParseErrorKind};
use crate::grid::Grid;

/// The most bytes of one f-puzzles JSON object.
const MAX_JSON_LEN: usize = 1 << 24;

impl<R: BufRead> Puzzles<R> {
    /// The record of one f-puzzles JSON object: from its `{` to the `}`
    /// that closes it. Commas and brackets between objects are skipped.
    pub(super) fn next_json(&mut self) -> Option<Record> {
        let mut text = String::new();
        let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
        let mut first = 0;
        while let Some(line) = self.raw_line() {
            if line.too_long {
                let kind = ParseErrorKind::LineTooLong {
                    limit: MAX_LINE_LEN,
                };
                return Some(self.error_record(line, kind));
            }
            let mut rest = None;
            for (i, ch) in line.text.char_indices() {
                if depth == 0 {
                    if ch == '{' {
                        depth = 1;
                        first = line.number;
                        text.push(ch);
                    }
                    continue;
                }
                text.push(ch);
                if in_string {
                    match ch {
                        _ if escaped => escaped = false,
                        '\\' => escaped = true,
                        '"' => in_string = false,
                        _ => {}
                    }
                    continue;
                }
                match ch {
                    '"' => in_string = true,
                    '{' | '[' => depth += 1,
                    '}' | ']' => depth -= 1,
                    _ => {}
                }
                if depth == 0 {
                    rest = Some(i + ch.len_utf8());
                    break;
                }
            }
            // What follows the object on its line is read next.
            if let Some(end) = rest.filter(|&end| !line.text[end..].trim().is_empty()) {
                let mut more = line;
                more.text.drain(..end);
                self.carry = Some(more);
            }
            if depth == 0 && !text.is_empty() {
                return Some(Record::new(first, fpuzzles_record(&text, first)));
            }
            if depth > 0 {
                text.push('\n');
            }
            if text.len() > MAX_JSON_LEN {
                let error = ParseErrorKind::Text(format!(
                    "an f-puzzles object of more than {MAX_JSON_LEN} bytes"
                ));
                return Some(Record::new(first, Err(ParseError::new(error, first, None))));
            }
        }
        (!text.is_empty()).then(|| {
            let kind = ParseErrorKind::Text("the f-puzzles object is cut short".to_string());
            Record::new(first, Err(ParseError::new(kind, first, None)))
        })
    }
}

/// The grid of an f-puzzles object or link that starts at `line`.
pub(super) fn fpuzzles_record(text: &str, line: usize) -> Result<Grid, ParseError> {
    crate::fpuzzles::from_fpuzzles(text)
        .map_err(|e| ParseError::new(ParseErrorKind::Text(e.to_string()), line, None))
}

#[cfg(test)]
mod tests {
    use crate::read::tests::read_results as read;

    #[test]
    fn json_objects_are_read_one_by_one_whatever_their_lines() {
        let one = r##"{"size":4,"grid":[[{"value":1,"given":true,"c":"#FF0000"},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"title":"a } in a string"}"##;
        let text = format!(
            "[\n{one},\n{}\n,{{\"size\": 4, \"chess\": true}}\n]\n",
            one.replace(',', ",\n")
        );
        let records = read(&text);
        assert_eq!(records.len(), 3);
        assert_eq!(records.iter().map(|r| r.0).collect::<Vec<_>>(), [2, 3, 23]);
        for (_, grid) in &records[..2] {
            assert_eq!(grid.as_ref().unwrap().get(0, 0), 1);
        }
        assert!(records[2].1.as_ref().unwrap_err().contains("chess"));
        // A list on one line: every object is read, each at that line.
        let records = read(&format!("[{one},{one}]\n"));
        assert_eq!(records.iter().map(|r| r.0).collect::<Vec<_>>(), [1, 1]);
        assert!(records.iter().all(|r| r.1.is_ok()));
        // Cut short: one record says so.
        let records = read("{\"size\": 4,\n");
        assert!(records[0].1.as_ref().unwrap_err().contains("cut short"));
    }
}
