//! The record of a count: one line of JSON. A piece of a split tree
//! (`--piece I/N`, and each line of a `--checkpoint` file) also says which
//! problem and which split it belongs to, so that `dlx merge` adds up only
//! pieces of one problem and one split, each exactly once, and carries a
//! check of its fields, so that a record edited since `dlx` wrote it is
//! refused rather than added.

use std::fmt::Write as _;

use dlx::{Problem, Stats};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The key of a piece record's check, hashed before its fields: it keeps
/// the check from being any other SHA-256 of the same text, and names the
/// form of the fields hashed (a new form takes a new key).
const CHECK_KEY: &[u8] = b"dlx piece record check 1\n";

/// A count, and for a piece, where it belongs.
///
/// `{"count":N,"complete":BOOL,"interrupted":BOOL}`, with
/// `"stopped":"node limit"` (or `"time limit"`, `"interrupted"`) when a
/// limit stopped the search, and `"memo":true` for a memoized count; a
/// piece adds `"fingerprint"`, `"depth"`, `"piece"`, `"pieces"`,
/// `"nodes"`, `"updates"`, `"max_level"` and `"check"`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// Solutions found: any number below 2^128, written in full.
    pub count: u128,
    /// Whether the whole search space asked for was explored.
    pub complete: bool,
    /// Whether a signal stopped the search.
    #[serde(default)]
    pub interrupted: bool,
    /// What stopped the search short, if anything did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
    /// Whether the count was memoized (`--memo`): its solutions were
    /// counted without a node each.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub memo: bool,
    /// The SHA-256 of the problem in Knuth's format, in hex.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fingerprint: Option<String>,
    /// The depth the tree was cut at.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<usize>,
    /// Which piece, from 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub piece: Option<usize>,
    /// Of how many.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pieces: Option<usize>,
    /// Search-tree nodes visited (piece 1 also counts those above the
    /// split), as `--stats` counts them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
    /// Updates made, as `--stats` counts them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub updates: Option<u64>,
    /// The deepest level reached, from the root of the whole tree.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_level: Option<usize>,
    /// The check of a piece record: the SHA-256, in hex, of a key and the
    /// record's other fields (the problem's fingerprint among them), as
    /// [`Record::seal`] makes it. It tells a record edited or damaged
    /// since `dlx` wrote it from one it wrote; it is no signature (the key
    /// is in the source), and does not stand against a forger.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check: Option<String>,
}

/// Why a piece record's check fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unchecked {
    /// The record has no check: a `dlx` older than the checks wrote it,
    /// or its check was taken out.
    Missing,
    /// The check is not that of the record's fields: they were edited, or
    /// damaged, since `dlx` wrote them.
    Mismatch,
}

impl Record {
    /// This count as piece `piece` of `pieces` of the tree of the problem
    /// with this fingerprint cut at `depth`, with its figures.
    pub fn piece(
        mut self,
        fingerprint: &str,
        depth: usize,
        (piece, pieces): (usize, usize),
        stats: &Stats,
    ) -> Record {
        self.fingerprint = Some(fingerprint.to_string());
        self.depth = Some(depth);
        self.piece = Some(piece);
        self.pieces = Some(pieces);
        self.nodes = Some(stats.nodes);
        self.updates = Some(stats.updates);
        self.max_level = Some(stats.max_level);
        self.seal();
        self
    }

    /// Makes the record's check from its fields as they are now: what
    /// [`Record::piece`] does last, and what any change to a piece record
    /// that `dlx` means to write must be followed by.
    pub fn seal(&mut self) {
        self.check = Some(self.digest());
    }

    /// Why the record's check fails, if it does: a piece record without a
    /// check, or whose fields are not those the check was made from.
    pub fn unchecked(&self) -> Option<Unchecked> {
        match &self.check {
            None => Some(Unchecked::Missing),
            Some(check) if *check != self.digest() => Some(Unchecked::Mismatch),
            Some(_) => None,
        }
    }

    /// The check of the record's fields: the SHA-256 of the key and of the
    /// record without its check as [`Record::line`] writes it. The line is
    /// made again from the fields read, so that the check holds whatever
    /// the spacing or the order of the fields in the file, and a field
    /// added later (absent from older records) changes nothing.
    fn digest(&self) -> String {
        let fields = Record {
            check: None,
            ..self.clone()
        };
        let mut hash = Sha256::new();
        hash.update(CHECK_KEY);
        hash.update(fields.line());
        hex(&hash.finalize())
    }

    /// What makes the record contradict itself, if anything: a count that
    /// says it is complete and stopped, more solutions than nodes (each
    /// solution is a node, unless the count was memoized), a piece outside
    /// its split. Such a record was
    /// not written by `dlx`, or was damaged since.
    pub fn contradiction(&self) -> Option<String> {
        if self.complete && (self.interrupted || self.stopped.is_some()) {
            let why = self.stopped.as_deref().unwrap_or("interrupted");
            return Some(format!("says complete and also stopped ({why})"));
        }
        let fewer = |nodes: u64| !self.memo && self.count > u128::from(nodes);
        if let Some(nodes) = self.nodes.filter(|&nodes| fewer(nodes)) {
            return Some(format!(
                "counts {} solutions in {nodes} nodes (each solution is a node)",
                self.count
            ));
        }
        match (self.piece, self.pieces) {
            (_, Some(0)) => return Some("a split into 0 pieces".to_string()),
            (Some(piece), Some(pieces)) if piece == 0 || piece > pieces => {
                return Some(format!("piece {piece}/{pieces} does not exist"))
            }
            _ => {}
        }
        match &self.fingerprint {
            Some(f) if f.len() != 64 || !f.bytes().all(|b| b.is_ascii_hexdigit()) => {
                Some("the fingerprint is not a SHA-256 in hex".to_string())
            }
            _ => None,
        }
    }

    /// The record as one line of JSON, with its newline.
    pub fn line(&self) -> String {
        let mut line = serde_json::to_string(self).unwrap_or_default();
        line.push('\n');
        line
    }
}

/// The fingerprint of a problem: the SHA-256 of its text in Knuth's format
/// as [`dlx::write`] writes it, in hex. Two problems with the same items and
/// options in the same order have the same fingerprint, however their
/// files were spaced or commented.
pub fn fingerprint(problem: &Problem) -> String {
    let mut text = Vec::new();
    // Writing to memory fails only when memory does.
    let _ = dlx::write(problem, &mut text);
    hex(&Sha256::digest(&text))
}

/// Bytes in lowercase hex.
fn hex(bytes: &[u8]) -> String {
    let mut hex = String::with_capacity(2 * bytes.len());
    for byte in bytes {
        let _ = write!(hex, "{byte:02x}");
    }
    hex
}

/// A fingerprint shortened for messages.
pub fn short(fingerprint: &str) -> &str {
    fingerprint.get(..16).unwrap_or(fingerprint)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fingerprint_is_that_of_the_normalized_text() {
        let a = dlx::parse("a b\n| a comment\na   b\n").unwrap();
        let b = dlx::parse("a b\na b\n").unwrap();
        let c = dlx::parse("a b\nb a\n").unwrap();
        assert_eq!(fingerprint(&a), fingerprint(&b));
        assert_ne!(fingerprint(&a), fingerprint(&c));
        // The SHA-256 of "a b\na b\n", as sha256sum gives it.
        assert_eq!(
            fingerprint(&b),
            "e330bd6988e1446386018792ea920a7d9e9c40426fba5335b361fb7a6be4e41b"
        );
    }

    #[test]
    fn a_piece_record_is_sealed_and_an_edit_breaks_its_check() {
        let finished = Record {
            count: 158,
            complete: true,
            ..Record::default()
        };
        let mut stats = Stats::default();
        stats.nodes = 1000;
        let piece = finished.piece(&"ab".repeat(32), 2, (3, 4), &stats);
        assert_eq!(piece.unchecked(), None);
        // Read back from its line, however spaced.
        let line = piece.line().replace(',', ", ");
        let read: Record = serde_json::from_str(&line).unwrap();
        assert_eq!((read.unchecked(), &read), (None, &piece));
        // Each field is in the check, the fingerprint too.
        let edits: [&dyn Fn(&mut Record); 7] = [
            &|r| r.count = 5,
            &|r| r.nodes = Some(999),
            &|r| r.piece = Some(2),
            &|r| r.pieces = Some(3),
            &|r| r.depth = Some(1),
            &|r| r.memo = true,
            &|r| r.fingerprint = Some("cd".repeat(32)),
        ];
        for edit in edits {
            let mut edited = piece.clone();
            edit(&mut edited);
            assert_eq!(edited.unchecked(), Some(Unchecked::Mismatch), "{edited:?}");
            edited.seal();
            assert_eq!(edited.unchecked(), None);
        }
        let mut old = piece;
        old.check = None;
        assert_eq!(old.unchecked(), Some(Unchecked::Missing));
        assert!(!old.line().contains("check"));
    }

    #[test]
    fn contradictions_are_named() {
        let finished = Record {
            count: 3,
            complete: true,
            ..Record::default()
        };
        let piece = finished.piece(&"ab".repeat(32), 2, (1, 4), &Stats::default());
        assert_eq!(
            piece.contradiction().as_deref(),
            Some("counts 3 solutions in 0 nodes (each solution is a node)")
        );
        let mut good = piece.clone();
        good.nodes = Some(10);
        assert_eq!(good.contradiction(), None);
        let mut stopped = good.clone();
        stopped.stopped = Some("node limit".to_string());
        assert!(stopped
            .contradiction()
            .unwrap()
            .contains("complete and also stopped"));
        let mut outside = good.clone();
        outside.piece = Some(5);
        assert_eq!(
            outside.contradiction().as_deref(),
            Some("piece 5/4 does not exist")
        );
        let mut short = good;
        short.fingerprint = Some("abc".to_string());
        assert!(short.contradiction().unwrap().contains("fingerprint"));
    }
}
