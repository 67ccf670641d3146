//! `dlx merge`: the counts of the pieces of one split search added up,
//! when every piece is there exactly once, finished, unedited, and of the
//! same problem and split; otherwise what is wrong, and no total.

use std::collections::{BTreeMap, HashMap};
use std::io::{self, BufRead, Write};
use std::path::PathBuf;

use anyhow::{Context, Result};

use crate::runner::record::{short, Record, Unchecked};
use crate::runner::Format;
use crate::terminal::{diagnose, located, Status};

/// `dlx merge`.
#[derive(Clone, Debug, clap::Args)]
pub struct Args {
    /// Files of piece records, as `dlx ... --count --format json --piece
    /// I/N` prints them (or `--checkpoint` writes them), one JSON object a
    /// line; stdin when none or '-'.
    ///
    /// Each record carries a check of its fields ("check"): a record
    /// edited or damaged since dlx wrote it is named (FILE:LINE) and not
    /// added, and so is one without a check, written by a dlx older than
    /// the checks; then there is no total and the status is 1. Run that
    /// piece again (or merge records without checks with the dlx that
    /// wrote them).
    files: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text, long_help = FORMAT_HELP)]
    format: Format,
    /// Print the total nodes and updates of the pieces to stderr.
    #[arg(long)]
    stats: bool,
}

const FORMAT_HELP: &str = "\
Output format.

text: the total count alone.

json: one object, the record of the whole search:
{\"count\":N,\"complete\":true,\"interrupted\":false,\"fingerprint\":HEX,
\"depth\":D,\"pieces\":N,\"nodes\":N,\"updates\":N}.

The input records are those of --piece I/N --count --format json:
{\"count\":N,\"complete\":BOOL,\"interrupted\":BOOL,\"fingerprint\":HEX,
\"depth\":D,\"piece\":I,\"pieces\":N,\"nodes\":N,\"updates\":N,
\"max_level\":L,\"check\":HEX}, with \"stopped\" when a limit stopped the
piece. \"check\" is the SHA-256 of a key and the record's other fields: it
tells a record edited since dlx wrote it (it is no signature). The total
is printed only when every piece 1..N is there exactly once, complete,
with its check, and of one problem (the SHA-256 of its text in Knuth's
format) and one split (depth and N); otherwise each fault is named on
stderr and the status is 1. A record without a check (written by an older
dlx) is refused too: run its piece again.";

/// A piece record and where it was read.
pub struct Entry {
    /// `FILE:LINE`.
    pub at: String,
    /// The record, free of contradictions.
    pub record: Record,
    /// The fingerprint of its problem.
    pub fingerprint: String,
    /// The depth its split cut the tree at.
    pub depth: usize,
    /// Which piece, from 1.
    pub piece: usize,
    /// Of how many.
    pub pieces: usize,
}

/// What is said when no line is a piece record.
pub const NO_RECORDS: &str = "dlx: merge: no piece records, no total";

/// `dlx merge`: reads the files, names the faults, prints the total.
pub fn run(args: Args) -> Result<Status> {
    let mut entries = Vec::new();
    let mut faults = 0usize;
    let files = if args.files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        args.files.clone()
    };
    for path in &files {
        let (name, reader) = crate::args::open(path)?;
        for (k, line) in reader.lines().enumerate() {
            let line = line.with_context(|| format!("cannot read {name}"))?;
            match entry(&name, k + 1, &line) {
                Ok(Some(entry)) => entries.push(entry),
                Ok(None) => {}
                Err(fault) => {
                    diagnose(fault);
                    faults += 1;
                }
            }
        }
    }
    if entries.is_empty() {
        diagnose(NO_RECORDS);
        return Ok(Status::Failed);
    }
    let total = total(&entries).map_err(|found| {
        faults += found.len();
        found.into_iter().for_each(diagnose);
    });
    let total = match total {
        Ok(total) if faults == 0 => total,
        _ => {
            diagnose(format_args!(
                "dlx: merge: {faults} fault{}, no total",
                if faults == 1 { "" } else { "s" }
            ));
            return Ok(Status::Failed);
        }
    };
    let mut out = io::stdout().lock();
    match args.format {
        Format::Text => writeln!(out, "{}", total.count)?,
        Format::Json => out.write_all(total.line().as_bytes())?,
    }
    out.flush()?;
    if args.stats {
        diagnose(format_args!(
            "solutions: {}, nodes: {}, updates: {} ({} pieces at depth {})",
            total.count,
            total.nodes.unwrap_or_default(),
            total.updates.unwrap_or_default(),
            total.pieces.unwrap_or_default(),
            total.depth.unwrap_or_default()
        ));
    }
    Ok(Status::Solved)
}

/// Line `number` of the input `name`: the piece record it holds, nothing
/// when it is blank, or the fault that makes it no piece record.
pub fn entry(name: &str, number: usize, line: &str) -> Result<Option<Entry>, String> {
    if line.trim().is_empty() {
        return Ok(None);
    }
    let record: Record = serde_json::from_str(line).map_err(|e| {
        format!(
            "{}: not a piece record: {e}",
            located(name, Some(number), Some(e.column()))
        )
    })?;
    let at = located(name, Some(number), None);
    if let Some(why) = record.contradiction() {
        return Err(format!("{at}: not a record dlx writes: {why}"));
    }
    let (Some(fingerprint), Some(depth), Some(piece), Some(pieces)) = (
        &record.fingerprint,
        record.depth,
        record.piece,
        record.pieces,
    ) else {
        return Err(format!(
            "{at}: not a piece record (no fingerprint, depth, piece or pieces: \
             run each piece with --piece I/N --count --format json)"
        ));
    };
    // Checked last: a record that is no piece record, or contradicts
    // itself, is named for that.
    match record.unchecked() {
        Some(Unchecked::Mismatch) => Err(format!(
            "{at}: piece {piece}/{pieces} was edited or damaged: its check does \
             not match its fields; run the piece again"
        )),
        Some(Unchecked::Missing) => Err(format!(
            "{at}: piece {piece}/{pieces} has no check: written by a dlx older than \
             the checks, or edited; run the piece again (or merge it with the dlx \
             that wrote it)"
        )),
        None => Ok(Some(Entry {
            at,
            fingerprint: fingerprint.clone(),
            depth,
            piece,
            pieces,
            record,
        })),
    }
}

/// The record of the whole search the pieces make up, when every piece
/// 1..N is there exactly once, complete, and of one problem and split;
/// otherwise the faults, in the order of the entries, then of the pieces.
///
/// # Complexity
///
/// O(n log n) in the number of entries, whatever the records say: a split
/// into 2^64 - 1 pieces is a number, never a table.
pub fn total(entries: &[Entry]) -> Result<Record, Vec<String>> {
    if entries.is_empty() {
        return Err(vec![NO_RECORDS.to_string()]);
    }
    let mut faults = Vec::new();
    // The problem and the split most records are of (the first on a tie):
    // the others are named as foreign.
    let fingerprint = most_common(entries.iter().map(|e| e.fingerprint.clone()));
    let (depth, pieces) = most_common(
        entries
            .iter()
            .filter(|e| e.fingerprint == fingerprint)
            .map(|e| (e.depth, e.pieces)),
    );
    // By piece number, never by an array of `pieces` places: the number
    // is read from the input, and may be anything.
    let mut places: BTreeMap<usize, Vec<&Entry>> = BTreeMap::new();
    for entry in entries {
        if entry.fingerprint != fingerprint {
            faults.push(format!(
                "{}: piece of another problem (fingerprint {}, not {})",
                entry.at,
                short(&entry.fingerprint),
                short(&fingerprint)
            ));
        } else if (entry.depth, entry.pieces) != (depth, pieces) {
            faults.push(format!(
                "{}: piece of another split (piece {}/{} at depth {}, not of {pieces} at depth {depth})",
                entry.at, entry.piece, entry.pieces, entry.depth
            ));
        } else {
            places.entry(entry.piece).or_default().push(entry);
        }
    }
    let mut total = Total::default();
    for (&piece, found) in &places {
        match found.as_slice() {
            [entry] if !entry.record.complete => faults.push(format!(
                "{}: piece {piece}/{pieces} is incomplete ({})",
                entry.at,
                entry
                    .record
                    .stopped
                    .as_deref()
                    .unwrap_or(if entry.record.interrupted {
                        "interrupted"
                    } else {
                        "solution limit"
                    })
            )),
            [entry] => {
                if let Err(what) = total.add(&entry.record) {
                    faults.push(format!(
                        "{}: the total {what} with piece {piece}/{pieces}",
                        entry.at
                    ));
                }
            }
            several => {
                let at: Vec<&str> = several.iter().map(|e| e.at.as_str()).collect();
                let times = match several.len() {
                    2 => "twice".to_string(),
                    n => format!("{n} times"),
                };
                faults.push(format!(
                    "dlx: merge: piece {piece}/{pieces} appears {times} ({})",
                    at.join(", ")
                ));
            }
        }
    }
    // The first few missing pieces by name, the rest counted: a record
    // may say its split has 2^63 pieces. Every piece placed is in 1..N,
    // which `Record::contradiction` checked.
    let missing = pieces - places.len();
    let named = (1..=pieces)
        .filter(|piece| !places.contains_key(piece))
        .take(MISSING_SHOWN);
    for piece in named {
        faults.push(format!("dlx: merge: piece {piece}/{pieces} is missing"));
    }
    if missing > MISSING_SHOWN {
        faults.push(format!(
            "dlx: merge: {} more pieces of {pieces} are missing",
            missing - MISSING_SHOWN
        ));
    }
    if !faults.is_empty() {
        return Err(faults);
    }
    Ok(Record {
        count: total.count,
        complete: true,
        fingerprint: Some(fingerprint),
        depth: Some(depth),
        pieces: Some(pieces),
        nodes: Some(total.nodes),
        updates: Some(total.updates),
        memo: total.memo,
        ..Record::default()
    })
}

/// The missing pieces named one by one; the others are counted.
const MISSING_SHOWN: usize = 10;

/// The sums of the pieces' figures.
#[derive(Default)]
struct Total {
    count: u128,
    nodes: u64,
    updates: u64,
    /// Whether some piece was counted by memoized search.
    memo: bool,
}

impl Total {
    /// Adds a piece's figures; which sum would pass what it holds (and
    /// nothing added) if one would: 2^128 - 1 for the count, 2^64 - 1 for
    /// the figures.
    fn add(&mut self, record: &Record) -> Result<(), &'static str> {
        let count = (self.count)
            .checked_add(record.count)
            .ok_or("count passes 2^128")?;
        let nodes = (self.nodes)
            .checked_add(record.nodes.unwrap_or_default())
            .ok_or("of nodes passes 2^64")?;
        let updates = (self.updates)
            .checked_add(record.updates.unwrap_or_default())
            .ok_or("of updates passes 2^64")?;
        *self = Total {
            count,
            nodes,
            updates,
            memo: self.memo || record.memo,
        };
        Ok(())
    }
}

/// The value that comes most often, the first of those on a tie.
fn most_common<T: Clone + Eq + std::hash::Hash>(values: impl Iterator<Item = T>) -> T {
    let mut counts: HashMap<T, (usize, usize)> = HashMap::new();
    for (k, value) in values.enumerate() {
        counts.entry(value).or_insert((0, k)).0 += 1;
    }
    counts
        .into_iter()
        .max_by_key(|(_, (n, first))| (*n, std::cmp::Reverse(*first)))
        .map(|(value, _)| value)
        .expect("called with at least one value")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The line of a sealed record of `piece` of `pieces`, found `count`
    /// solutions in as many nodes and 1 update.
    fn piece(piece: usize, pieces: usize, count: u64) -> String {
        let mut record: Record = serde_json::from_str(&format!(
            "{{\"count\":{count},\"complete\":true,\"interrupted\":false,\"fingerprint\":\"{}\",\
             \"depth\":2,\"piece\":{piece},\"pieces\":{pieces},\"nodes\":{count},\"updates\":1}}",
            "ab".repeat(32)
        ))
        .unwrap();
        record.seal();
        record.line()
    }

    fn entries(lines: &[String]) -> Vec<Entry> {
        let read = lines
            .iter()
            .enumerate()
            .map(|(k, line)| entry("in", k + 1, line));
        read.map(|e| e.unwrap().unwrap()).collect()
    }

    #[test]
    fn the_pieces_add_up_when_each_is_there_once() {
        let total = total(&entries(&[piece(2, 2, 5), piece(1, 2, 7)])).unwrap();
        assert_eq!(
            (total.count, total.nodes, total.updates),
            (12, Some(12), Some(2))
        );
        assert!(entry("in", 3, "  ").unwrap().is_none());
        assert_eq!(
            entry("in", 4, "{").err().as_deref(),
            Some("in:4:1: not a piece record: EOF while parsing an object at line 1 column 1")
        );
    }

    #[test]
    fn an_edited_record_or_one_without_a_check_is_refused() {
        let line = piece(2, 2, 158);
        let edited = line.replace("\"count\":158", "\"count\":5");
        assert_eq!(
            entry("in", 3, &edited).err().as_deref(),
            Some(
                "in:3: piece 2/2 was edited or damaged: its check does not match \
                 its fields; run the piece again"
            )
        );
        let mut old: Record = serde_json::from_str(&line).unwrap();
        old.check = None;
        let fault = entry("in", 1, &old.line()).err().unwrap();
        assert!(
            fault.starts_with("in:1: piece 2/2 has no check: written by a dlx older"),
            "{fault}"
        );
    }

    #[test]
    fn a_split_into_2_to_the_64_pieces_costs_its_lines_only() {
        let faults = total(&entries(&[
            piece(1, usize::MAX, 1),
            piece(1, usize::MAX, 1),
        ]));
        let faults = faults.unwrap_err();
        assert_eq!(faults.len(), 1 + 10 + 1);
        assert_eq!(
            faults[0],
            format!(
                "dlx: merge: piece 1/{} appears twice (in:1, in:2)",
                usize::MAX
            )
        );
        assert_eq!(
            faults[11],
            format!(
                "dlx: merge: {} more pieces of {} are missing",
                usize::MAX - 11,
                usize::MAX
            )
        );
    }
}
