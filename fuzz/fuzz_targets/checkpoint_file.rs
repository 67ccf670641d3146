//! A checkpoint file as a resume reads it, from arbitrary text:
//! `checkpoint::scan` never panics; what it keeps is whole lines, each a
//! record of a finished piece of this problem and split, the pieces
//! distinct and in range; what it drops is one last line without its
//! newline that is no record; a refusal names a line of the file.

#![no_main]

use std::collections::HashSet;

use dlx_cli::checkpoint;
use dlx_cli::record::Record;
use libfuzzer_sys::fuzz_target;

/// The problem and split of the seeds: `dlx queens 8 --count --split-depth
/// 2 --checkpoint FILE`.
const FINGERPRINT: &str = "611ad8e26e36e4eaccce0870eab2346b47b2e0304e71380518f253f909a67993";
const DEPTH: usize = 2;
const PIECES: usize = 42;

const NAME: &str = "checkpoint";

fuzz_target!(|data: &[u8]| {
    // A resume reads the file as UTF-8 (or stops with "cannot read").
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match checkpoint::scan(NAME, text, FINGERPRINT, (DEPTH, PIECES)) {
        Ok((done, keep)) => check_kept(text, &done, keep),
        Err(e) => {
            let lines = text.split_inclusive('\n').count();
            let line: usize = e
                .strip_prefix(&format!("{NAME}:"))
                .and_then(|rest| rest.split(':').next())
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("{e:?} names no line"));
            assert!((1..=lines).contains(&line), "{e:?}: {lines} lines");
        }
    }
});

/// What is kept is whole records of distinct finished pieces of this
/// problem and split; what is dropped, one torn last line.
fn check_kept(text: &str, done: &[(usize, Record)], keep: usize) {
    assert!(keep <= text.len() && text.is_char_boundary(keep));
    let (kept, dropped) = text.split_at(keep);
    assert!(kept.is_empty() || kept.ends_with('\n') || dropped.is_empty());
    if !dropped.is_empty() {
        assert!(!dropped.contains('\n'), "a whole line dropped: {dropped:?}");
        assert!(
            serde_json::from_str::<Record>(dropped.trim_end()).is_err(),
            "a whole record dropped: {dropped:?}"
        );
    }
    let lines: Vec<&str> = kept.split_inclusive('\n').collect();
    assert_eq!(lines.len(), done.len(), "one piece a line kept");
    let mut seen = HashSet::new();
    for (line, (index, record)) in lines.iter().zip(done) {
        let read: Record = serde_json::from_str(line.trim_end()).expect("a kept line is a record");
        assert_eq!(&read, record);
        assert!(*index < PIECES, "piece {index} out of range");
        assert!(seen.insert(*index), "piece {index} twice");
        assert_eq!(record.piece, Some(index + 1));
        assert_eq!(record.pieces, Some(PIECES));
        assert_eq!(record.depth, Some(DEPTH));
        assert_eq!(record.fingerprint.as_deref(), Some(FINGERPRINT));
        assert!(record.complete && record.contradiction().is_none());
    }
}
