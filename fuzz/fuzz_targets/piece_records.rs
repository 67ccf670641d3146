//! The lines `dlx merge` reads, from arbitrary bytes: `merge::entry` never
//! panics and names the line of each fault; `merge::total` gives a total
//! exactly when every piece 1..N is there once, complete, of one problem
//! and one split, and the sums fit in 64 bits (checked here from the
//! entries, in 128 bits), and then the right sums. Neither takes time or
//! memory by what a record says: a split into 2^64 - 1 pieces is a number.

#![no_main]

use std::collections::HashSet;
use std::io::BufRead;

use dlx_cli::merge::{self, Entry};
use libfuzzer_sys::fuzz_target;

/// Separates the inputs (files) in the fuzzer's bytes.
const FILE_END: u8 = 0;

/// The missing pieces `dlx merge` names one by one, and the line that
/// counts the rest.
const MISSING_LINES: usize = 10 + 1;

fuzz_target!(|data: &[u8]| {
    let mut entries = Vec::new();
    for (k, file) in data.split(|&b| b == FILE_END).enumerate() {
        let name = format!("in{k}");
        // As `dlx merge` reads: lines of UTF-8, each without its newline.
        for (n, line) in file.lines().enumerate() {
            let Ok(line) = line else {
                // `dlx merge` stops with "cannot read": no total.
                return;
            };
            let number = n + 1;
            match merge::entry(&name, number, &line) {
                Ok(None) => assert!(line.trim().is_empty(), "{line:?} skipped"),
                Ok(Some(entry)) => {
                    check_entry(&entry, &name, number);
                    entries.push(entry);
                }
                Err(fault) => {
                    assert!(!line.trim().is_empty(), "a blank line is no fault");
                    let at = format!("{name}:{number}:");
                    assert!(fault.starts_with(&at), "{fault:?} is not at {at}");
                }
            }
        }
    }
    check_total(&entries);
});

/// An entry is a piece record of its line, with its problem and split.
fn check_entry(entry: &Entry, name: &str, number: usize) {
    assert_eq!(entry.at, format!("{name}:{number}"));
    let record = &entry.record;
    assert_eq!(
        record.fingerprint.as_deref(),
        Some(entry.fingerprint.as_str())
    );
    assert_eq!(record.depth, Some(entry.depth));
    assert_eq!(record.piece, Some(entry.piece));
    assert_eq!(record.pieces, Some(entry.pieces));
    assert!(
        (1..=entry.pieces).contains(&entry.piece),
        "piece out of its split"
    );
    assert!(
        entry.fingerprint.len() == 64 && entry.fingerprint.bytes().all(|b| b.is_ascii_hexdigit())
    );
    assert!(!(record.complete && (record.interrupted || record.stopped.is_some())));
    // Each solution is a node, unless the count was memoized.
    assert!(
        record.memo
            || record
                .nodes
                .is_none_or(|nodes| record.count <= u128::from(nodes))
    );
}

/// A total exactly when the pieces make up one whole search, with the
/// sums of their figures; otherwise at least one fault, and no more than
/// one per entry and the missing pieces' lines.
fn check_total(entries: &[Entry]) {
    let total = merge::total(entries);
    let Some(first) = entries.first() else {
        assert_eq!(total, Err(vec![merge::NO_RECORDS.to_string()]));
        return;
    };
    let one_split = entries.iter().all(|e| {
        (&e.fingerprint, e.depth, e.pieces) == (&first.fingerprint, first.depth, first.pieces)
    });
    let numbers: HashSet<usize> = entries.iter().map(|e| e.piece).collect();
    // In range (checked by `check_entry`), distinct and as many as the
    // pieces: every piece once.
    let every_piece_once = numbers.len() == entries.len() && entries.len() == first.pieces;
    let complete = entries.iter().all(|e| e.record.complete);
    let sum =
        |figure: fn(&Entry) -> u64| -> u128 { entries.iter().map(|e| u128::from(figure(e))).sum() };
    // Counts add up to 2^128 - 1, the figures to 2^64 - 1.
    let count = (entries.iter()).try_fold(0u128, |sum, e| sum.checked_add(e.record.count));
    let nodes = sum(|e| e.record.nodes.unwrap_or_default());
    let updates = sum(|e| e.record.updates.unwrap_or_default());
    let fits = count.is_some() && [nodes, updates].iter().all(|&s| s <= u128::from(u64::MAX));
    match total {
        Ok(total) => {
            assert!(
                one_split && every_piece_once && complete && fits,
                "a total of a faulty set"
            );
            assert_eq!(Some(total.count), count);
            assert_eq!(total.nodes.map(u128::from), Some(nodes));
            assert_eq!(total.updates.map(u128::from), Some(updates));
            assert!(total.complete && !total.interrupted && total.stopped.is_none());
            assert_eq!(total.fingerprint.as_ref(), Some(&first.fingerprint));
            assert_eq!(total.depth, Some(first.depth));
            assert_eq!(total.pieces, Some(first.pieces));
            assert_eq!(total.piece, None);
        }
        Err(faults) => {
            assert!(
                !(one_split && every_piece_once && complete && fits),
                "no total of a whole search: {faults:?}"
            );
            assert!(!faults.is_empty(), "no total and no fault");
            assert!(faults.len() <= entries.len() + MISSING_LINES, "{faults:?}");
        }
    }
}
