//! Pieces of the output records.

use serde_json::Value;
use sudoku_dlx::{Grid, Record};

use super::solve::PuzzleStats;
use super::Job;

/// A grid's text, or (never expected: the alphabet read the puzzle, so it
/// writes the solution) the reason it has none.
pub fn text_or_error(text: Result<String, sudoku_dlx::AlphabetError>) -> String {
    text.unwrap_or_else(|e| format!("({e})"))
}

/// A JSON object written field by field, so that its keys keep their order
/// (file and line first) whatever serde_json's map would do.
pub struct Object(pub String);

impl Object {
    /// Appends `"key":value`.
    pub fn field(&mut self, key: &str, value: Value) {
        self.0.push(if self.0.is_empty() { '{' } else { ',' });
        self.0.push_str(&Value::from(key).to_string());
        self.0.push(':');
        self.0.push_str(&value.to_string());
    }
}

/// The fields every JSON object starts with; the status among them unless
/// it is yet to be known (it then ends the object).
pub fn header(
    record: &Record,
    name: &str,
    job: &Job,
    puzzle: Option<&Grid>,
    status: Option<&str>,
) -> Object {
    let mut object = Object(String::with_capacity(256));
    object.field("file", Value::from(name));
    object.field("line", Value::from(record.line));
    let puzzle = puzzle.map_or(Value::Null, |p| {
        Value::from(text_or_error(p.to_line_with(&job.alphabet)))
    });
    object.field("puzzle", puzzle);
    if let Some(status) = status {
        object.field("status", Value::from(status));
    }
    object
}

/// The JSON line of an object, with the stats when asked for.
pub fn finish_json(mut object: Object, stats: Option<PuzzleStats>) -> String {
    if let Some(PuzzleStats {
        nodes,
        updates,
        time,
    }) = stats
    {
        let micros = u64::try_from(time.as_micros()).unwrap_or(u64::MAX);
        // Integers only: written as they are, in this order.
        object.0.push_str(&format!(
            ",\"stats\":{{\"nodes\":{nodes},\"updates\":{updates},\"micros\":{micros}}}"
        ));
    }
    object.0.push_str("}\n");
    object.0
}
