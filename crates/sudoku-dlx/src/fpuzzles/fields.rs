//! The fields of an f-puzzles puzzle as its rules read them: cells named
//! `R1C1`, numbers written as numbers or strings, entries, lines, flags,
//! each read or refused with the JSON path of what is to blame.

use serde_json::{Map, Value};

use super::error::{bad, FpuzzlesError};
use crate::cell::Cell;

/// An entry of a key: its field (`killercage[3]`) and its object.
pub(crate) type Entry<'a> = (String, &'a Map<String, Value>);

/// The fields of one puzzle of side `n`.
pub(crate) struct Fields<'a> {
    /// The puzzle's object.
    pub puzzle: &'a Map<String, Value>,
    /// The side.
    pub n: usize,
}

impl<'a> Fields<'a> {
    /// A flag: `true` adds the rule; `false`, `null` and absence do not.
    pub(crate) fn flag(&self, key: &str) -> Result<bool, FpuzzlesError> {
        match self.puzzle.get(key) {
            None | Some(Value::Null) => Ok(false),
            Some(Value::Bool(b)) => Ok(*b),
            Some(other) => Err(bad(
                key,
                format!("expected true or false, found {}", show(other)),
            )),
        }
    }

    /// The entries of a key: an array, or none when absent.
    pub(crate) fn entries(&self, key: &str) -> Result<&'a [Value], FpuzzlesError> {
        match self.puzzle.get(key) {
            None | Some(Value::Null) => Ok(&[]),
            Some(Value::Array(entries)) => Ok(entries),
            Some(other) => Err(bad(
                key,
                format!("expected an array, found {}", kind_of(other)),
            )),
        }
    }

    /// A cell of the grid, from its name `R1C1`.
    pub(crate) fn cell(&self, field: &str, value: Option<&Value>) -> Result<Cell, FpuzzlesError> {
        let (r, c) = self.name(field, value)?;
        let n = self.n;
        if !(1..=n).contains(&r) || !(1..=n).contains(&c) {
            let value = value.map_or_else(String::new, show);
            return Err(bad(field, format!("{value} is off the {n}x{n} grid")));
        }
        Ok((r - 1, c - 1))
    }

    /// A cell name `R1C1` as its row and column, from 1 (0 and n+1 for
    /// clues outside the grid).
    pub(crate) fn name(
        &self,
        field: &str,
        value: Option<&Value>,
    ) -> Result<(usize, usize), FpuzzlesError> {
        let Some(value) = value else {
            return Err(bad(field, "a cell is missing"));
        };
        let parsed = value.as_str().and_then(|s| {
            let s = s.trim().to_ascii_uppercase();
            let (r, c) = s.strip_prefix('R')?.split_once('C')?;
            let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
            if !digits(r) || !digits(c) {
                return None;
            }
            Some((r.parse().ok()?, c.parse().ok()?))
        });
        let n = self.n;
        match parsed {
            Some((r, c)) if r <= n + 1 && c <= n + 1 => Ok((r, c)),
            Some(_) => Err(bad(
                field,
                format!("{} is off the {n}x{n} grid", show(value)),
            )),
            None => Err(bad(
                field,
                format!("{} is no cell name like \"R1C1\"", show(value)),
            )),
        }
    }

    /// The cells of an array of names.
    pub(crate) fn cells(
        &self,
        field: &str,
        value: Option<&Value>,
    ) -> Result<Vec<Cell>, FpuzzlesError> {
        match value {
            Some(Value::Array(names)) => names.iter().map(|v| self.cell(field, Some(v))).collect(),
            None => Err(bad(field, "\"cells\" is missing")),
            Some(other) => Err(bad(
                field,
                format!("expected an array of cells, found {}", kind_of(other)),
            )),
        }
    }

    /// The two cells of a dot or an XV.
    pub(crate) fn pair(
        &self,
        field: &str,
        entry: &Map<String, Value>,
    ) -> Result<[Cell; 2], FpuzzlesError> {
        match *self.cells(field, entry.get("cells"))? {
            [a, b] => Ok([a, b]),
            ref cells => Err(bad(field, format!("{} cells, expected 2", cells.len()))),
        }
    }

    /// The lines of an entry: `lines`, an array of arrays of names.
    pub(crate) fn lines(
        &self,
        field: &str,
        entry: &Map<String, Value>,
    ) -> Result<Vec<Vec<Cell>>, FpuzzlesError> {
        let lines = match entry.get("lines") {
            Some(Value::Array(lines)) => lines,
            None => return Err(bad(field, "\"lines\" is missing")),
            Some(other) => {
                return Err(bad(
                    field,
                    format!("expected an array of lines, found {}", kind_of(other)),
                ))
            }
        };
        lines
            .iter()
            .enumerate()
            .map(|(k, line)| self.cells(&format!("{field}.lines[{k}]"), Some(line)))
            .collect()
    }

    /// The entries of `key`, each an object, with its field (`key[3]`).
    pub(crate) fn objects(&self, key: &str) -> Result<Vec<Entry<'a>>, FpuzzlesError> {
        self.entries(key)?
            .iter()
            .enumerate()
            .map(|(i, entry)| {
                let field = format!("{key}[{i}]");
                match entry {
                    Value::Object(entry) => Ok((field, entry)),
                    other => Err(bad(
                        field,
                        format!("expected an object, found {}", kind_of(other)),
                    )),
                }
            })
            .collect()
    }
}

/// A number of a constraint: a JSON number or a string of one (`"15"`);
/// `None` when absent, null or empty.
pub(crate) fn number(field: &str, value: Option<&Value>) -> Result<Option<u32>, FpuzzlesError> {
    match value {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(v) => match integer(v).and_then(|k| u32::try_from(k).ok()) {
            Some(k) => Ok(Some(k)),
            None => Err(bad(field, format!("{} is not a number", show(v)))),
        },
    }
}

/// A number of at most 255: a difference, ratio or gap.
pub(crate) fn small(field: &str, value: Option<&Value>) -> Result<Option<u8>, FpuzzlesError> {
    match number(field, value)? {
        None => Ok(None),
        Some(k) => u8::try_from(k)
            .map(Some)
            .map_err(|_| bad(field, format!("{k} is too large"))),
    }
}

/// An integer, written as a JSON number or a string.
pub(crate) fn integer(value: &Value) -> Option<i64> {
    match value {
        Value::Number(k) => k.as_i64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// Whether a value says nothing: `null`, `false`, `[]`, `{}`, `""`.
pub(crate) fn is_empty(value: &Value) -> bool {
    match value {
        Value::Null | Value::Bool(false) => true,
        Value::Array(a) => a.is_empty(),
        Value::Object(o) => o.is_empty(),
        Value::String(s) => s.is_empty(),
        _ => false,
    }
}

/// A value as JSON, cut short when long.
pub(crate) fn show(value: &Value) -> String {
    let text = value.to_string();
    match text.char_indices().nth(40) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text,
    }
}

/// What a value is, for messages.
pub(crate) fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// A cell as f-puzzles names it: `R1C1`.
pub(crate) fn cell_name((r, c): Cell) -> String {
    format!("R{}C{}", r + 1, c + 1)
}
