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
    /// The record of the next element of the input: an f-puzzles JSON
    /// object, from its `{` to the `}` that closes it, or anything else a
    /// list holds (`5`, `null`, `"text"`, `[...]`), which is a record of
    /// its own saying it is no puzzle. Commas and the brackets of the
    /// outer list are skipped.
    pub(super) fn next_json(&mut self) -> Option<Record> {
        let mut text = String::new();
        // The element being read: whether it is an object, its nesting
        // of brackets and braces, and where in a string it is.
        let (mut object, mut depth, mut in_string, mut escaped) = (false, 0usize, false, false);
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
                if text.is_empty() {
                    match ch {
                        // Between elements.
                        ',' => continue,
                        _ if ch.is_whitespace() || ch == '\u{feff}' => continue,
                        '[' if self.lists == 0 => {
                            self.lists = 1;
                            continue;
                        }
                        ']' if self.lists > 0 => {
                            self.lists -= 1;
                            continue;
                        }
                        _ => {}
                    }
                    // An element starts.
                    object = ch == '{';
                    first = line.number;
                }
                let scalar = !object && depth == 0 && !in_string && !text.is_empty();
                if scalar && (ch == ',' || ch == ']' || ch.is_whitespace()) {
                    // The end of a number or a word: the delimiter is read
                    // again after this element.
                    rest = Some(i);
                    break;
                }
                text.push(ch);
                if in_string {
                    match ch {
                        _ if escaped => escaped = false,
                        '\\' => escaped = true,
                        '"' => in_string = false,
                        _ => {}
                    }
                } else {
                    match ch {
                        '"' => in_string = true,
                        '{' | '[' => depth += 1,
                        '}' | ']' => depth = depth.saturating_sub(1),
                        _ => {}
                    }
                }
                let closed = depth == 0 && !in_string && matches!(ch, '}' | ']' | '"');
                if closed {
                    rest = Some(i + ch.len_utf8());
                    break;
                }
            }
            // What follows the element on its line is read next.
            if let Some(end) = rest.filter(|&end| !line.text[end..].trim().is_empty()) {
                let mut more = line;
                more.text.drain(..end);
                self.carry = Some(more);
            }
            // A number or a word ends with its line too.
            let done = rest.is_some() || (!object && depth == 0 && !in_string);
            if done && !text.is_empty() {
                let result = if object {
                    fpuzzles_record(&text, first)
                } else {
                    Err(no_puzzle(&text, first))
                };
                return Some(Record::new(first, result));
            }
            if !text.is_empty() {
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

/// The error of an element of the input that is no JSON object: what it
/// is, cut short when long.
fn no_puzzle(text: &str, line: usize) -> ParseError {
    let text = text.trim();
    let shown = match text.char_indices().nth(40) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text.to_string(),
    };
    let what = if text.starts_with('[') {
        format!("a list ({shown})")
    } else {
        shown
    };
    let kind = ParseErrorKind::Text(format!("{what} is no f-puzzles object"));
    ParseError::new(kind, line, None)
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

    #[test]
    fn every_element_of_a_list_is_a_record() {
        let records = read("[{\"size\":4},5,null,{\"size\":4}]\n");
        let errors: Vec<_> = records.iter().map(|r| r.1.as_ref().err()).collect();
        assert_eq!(records.len(), 4, "{records:?}");
        assert!(records[0].1.is_ok() && records[3].1.is_ok());
        assert_eq!(errors[1].unwrap(), "line 1: 5 is no f-puzzles object");
        assert_eq!(errors[2].unwrap(), "line 1: null is no f-puzzles object");
        // Over lines, a string and a list among them, each at its line.
        let text = "[{\"size\": 4},\n\"a, b\",\n[1,\n2],\n{\"size\": 4}]\n";
        let records = read(text);
        assert_eq!(
            records.iter().map(|r| r.0).collect::<Vec<_>>(),
            [1, 2, 3, 5]
        );
        assert_eq!(
            records[1].1.as_ref().unwrap_err(),
            "line 2: \"a, b\" is no f-puzzles object"
        );
        assert_eq!(
            records[2].1.as_ref().unwrap_err(),
            "line 3: a list ([1,\n2]) is no f-puzzles object"
        );
    }
}
