//! The JSON of a puzzle as serde_json's values, with one more rule than
//! serde_json keeps: no object names a key twice. serde_json keeps the
//! last of two, so that `"killercage"` given twice would drop the first
//! list's cages, and `"size":4,"size":9` solve a 9x9 grid.

use std::fmt;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

/// Reads `text` as JSON; a key named twice in an object is an error at
/// its second place.
pub(super) fn parse(text: &str) -> Result<Value, serde_json::Error> {
    serde_json::from_str::<Unique>(text).map(|unique| unique.0)
}

/// A JSON value whose objects name each key once.
struct Unique(Value);

impl<'de> Deserialize<'de> for Unique {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Unique, D::Error> {
        deserializer.deserialize_any(UniqueVisitor).map(Unique)
    }
}

/// Builds the [`Value`] of what it visits, refusing a repeated key.
struct UniqueVisitor;

impl<'de> Visitor<'de> for UniqueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, b: bool) -> Result<Value, E> {
        Ok(Value::Bool(b))
    }

    fn visit_i64<E>(self, k: i64) -> Result<Value, E> {
        Ok(Value::from(k))
    }

    fn visit_u64<E>(self, k: u64) -> Result<Value, E> {
        Ok(Value::from(k))
    }

    fn visit_f64<E>(self, x: f64) -> Result<Value, E> {
        Ok(Value::from(x))
    }

    fn visit_str<E>(self, s: &str) -> Result<Value, E> {
        Ok(Value::String(s.to_string()))
    }

    fn visit_string<E>(self, s: String) -> Result<Value, E> {
        Ok(Value::String(s))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut values = Vec::new();
        while let Some(Unique(value)) = seq.next_element()? {
            values.push(value);
        }
        Ok(Value::Array(values))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if object.contains_key(&key) {
                return Err(de::Error::custom(format!("key {key:?} given twice")));
            }
            let Unique(value) = map.next_value()?;
            object.insert(key, value);
        }
        Ok(Value::Object(object))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_as_serde_json_reads_them() {
        let text = r#"{"a": [1, -2, 3.5, "x", null, true, {"b": {}}], "c": "d"}"#;
        assert_eq!(
            parse(text).unwrap(),
            serde_json::from_str::<Value>(text).unwrap()
        );
    }

    #[test]
    fn a_key_given_twice_is_refused_where_it_comes_again() {
        let error = parse("{\"size\": 4,\n \"size\": 9}").unwrap_err();
        assert_eq!(
            (
                error.line(),
                error.to_string().contains("\"size\" given twice")
            ),
            (2, true)
        );
        // In an object at any depth.
        let nested = r#"{"killercage": [{"cells": ["R1C1"], "cells": ["R1C2"]}]}"#;
        assert!(parse(nested)
            .unwrap_err()
            .to_string()
            .contains("\"cells\" given twice"));
        // The same key in two objects is no repeat.
        assert!(parse(r#"[{"a": 1}, {"a": 2}]"#).is_ok());
    }
}
