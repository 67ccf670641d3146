//! `--checkpoint FILE`: the pieces of a count recorded as they are done,
//! so that a count killed part-way resumes where it stopped.
//!
//! Each line of the file is the [`Record`] of one subtree of the split, as
//! `--piece K/N --count --format json` would print it with N the number of
//! subtrees (subtree 1 also carries the figures of the walk above the
//! split, and with its check): so a finished checkpoint file is also input
//! for `dlx merge`, and a line edited since it was written is refused, on
//! a resume as by `dlx merge`.
//! Lines are written whole, one `write` each, as pieces finish; a last line
//! cut short by a kill is dropped when the file is opened again. A write
//! that fails (a full disk) takes back what it wrote of its line and stops
//! the count: the file then holds whole records only, and the same command
//! resumes from it once there is space. The file is locked while a count
//! runs, so that a second run on it is refused rather than both recording
//! every piece.

use std::collections::HashMap;
use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use anyhow::{anyhow, Context, Result};
use dlx::{Split, Stats};

use crate::runner::record::{short, Record, Unchecked};
use crate::terminal::located;

/// An open checkpoint file, appended to as pieces are done.
pub struct Checkpoint {
    path: PathBuf,
    /// The file, and its length in whole records.
    file: Mutex<(File, u64)>,
    fingerprint: String,
}

impl Checkpoint {
    /// Opens (or creates) the checkpoint file of the problem with this
    /// fingerprint cut as `split`, and returns it with the pieces it holds
    /// already (by index from 0, with their records).
    ///
    /// # Errors
    ///
    /// When the file cannot be read or written, holds a line that is no
    /// record (`FILE:LINE:COL`), a record of another problem or split, or a
    /// piece twice.
    pub fn open(
        path: &Path,
        fingerprint: &str,
        split: &Split,
    ) -> Result<(Checkpoint, Vec<(usize, Record)>)> {
        let name = path.display().to_string();
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)
            .with_context(|| format!("cannot open the checkpoint file {name}"))?;
        // Held until the file is closed, at the end of the run.
        file.try_lock().map_err(|e| match e {
            TryLockError::WouldBlock => {
                anyhow!("the checkpoint file {name} is in use by another run (it is locked)")
            }
            TryLockError::Error(e) => {
                anyhow!(e).context(format!("cannot lock the checkpoint file {name}"))
            }
        })?;
        let mut text = String::new();
        file.read_to_string(&mut text)
            .with_context(|| format!("cannot read the checkpoint file {name}"))?;
        let (done, keep) = scan(&name, &text, fingerprint, (split.depth(), split.len()))
            .map_err(|e| anyhow!(e))?;
        if keep < text.len() {
            // The last line, cut short by a kill: drop it.
            file.set_len(keep as u64)
                .with_context(|| format!("cannot write the checkpoint file {name}"))?;
            file.seek(SeekFrom::End(0))?;
        } else if !text.is_empty() && !text.ends_with('\n') {
            // A whole record whose newline was lost: complete the line.
            file.write_all(b"\n")?;
        }
        let length = file.seek(SeekFrom::End(0))?;
        let checkpoint = Checkpoint {
            path: path.to_path_buf(),
            file: Mutex::new((file, length)),
            fingerprint: fingerprint.to_string(),
        };
        Ok((checkpoint, done))
    }

    /// Appends the record of subtree `index` of `split` (found `count`
    /// solutions with these figures), in one write.
    ///
    /// # Errors
    ///
    /// When the file cannot be written: what was written of the line is
    /// taken back, so that the file holds whole records only.
    pub fn append(
        &self,
        index: usize,
        count: u128,
        memo: bool,
        stats: &Stats,
        split: &Split,
    ) -> Result<()> {
        let mut record = Record::count(count, None);
        record.memo = memo;
        let record = record.piece(
            &self.fingerprint,
            split.depth(),
            (index + 1, split.len()),
            stats,
        );
        let line = record.line();
        let mut guard = self.file.lock().unwrap_or_else(|e| e.into_inner());
        let (file, length) = &mut *guard;
        match file.write_all(line.as_bytes()).and_then(|()| file.flush()) {
            Ok(()) => {
                *length += line.len() as u64;
                Ok(())
            }
            Err(e) => {
                // Shrinking needs no space: the torn line goes.
                let _ = file.set_len(*length);
                Err(anyhow!(e).context(format!(
                    "cannot write the checkpoint file {}",
                    self.path.display()
                )))
            }
        }
    }
}

/// Reads the text of the checkpoint file `name` of the problem with this
/// fingerprint, split into `pieces` subtrees at `depth`: the pieces done
/// (by index from 0, with their records, in the order of the file), and
/// the length of the text to keep. That is the text but for a last line
/// cut short by a kill, which is dropped; a whole last record that lost
/// its newline is kept, to be completed.
///
/// # Errors
///
/// A line that is no record (`FILE:LINE:COL`), a record of another problem
/// or split, or of an unfinished piece, a record without its check or
/// whose check fails, or a piece twice (`FILE:LINE`).
pub fn scan(
    name: &str,
    text: &str,
    fingerprint: &str,
    (depth, pieces): (usize, usize),
) -> Result<(Vec<(usize, Record)>, usize), String> {
    let mut done: Vec<(usize, Record)> = Vec::new();
    // The line of each piece found, by piece number: a map, not a table of
    // `pieces` places, so that the space is that of the file.
    let mut seen: HashMap<usize, usize> = HashMap::new();
    let mut keep = 0;
    for (k, line) in text.split_inclusive('\n').enumerate() {
        let number = k + 1;
        let whole = line.ends_with('\n');
        let record: Record = match serde_json::from_str(line.trim_end()) {
            Ok(record) => record,
            // The last line, cut short by a kill.
            Err(_) if !whole => break,
            Err(e) => {
                return Err(format!(
                    "{}: not a checkpoint record: {e}",
                    located(name, Some(number), Some(e.column()))
                ))
            }
        };
        keep += line.len();
        let at = located(name, Some(number), None);
        if let Some(why) = record.contradiction() {
            return Err(format!("{at}: not a checkpoint record dlx writes: {why}"));
        }
        if record.fingerprint.as_deref() != Some(fingerprint) {
            return Err(format!(
                "{at}: a checkpoint of another problem (fingerprint {}), not of this one ({})",
                short(record.fingerprint.as_deref().unwrap_or("none")),
                short(fingerprint)
            ));
        }
        if record.depth != Some(depth) || record.pieces != Some(pieces) {
            return Err(format!(
                "{at}: a checkpoint of another split ({} subtrees at depth {}), not of this one ({pieces} subtrees at depth {depth})",
                record.pieces.unwrap_or_default(),
                record.depth.unwrap_or_default(),
            ));
        }
        match record.unchecked() {
            Some(Unchecked::Mismatch) => {
                return Err(format!(
                    "{at}: a checkpoint record edited or damaged (its check does not \
                     match its fields): take the line out, and its piece is counted again"
                ))
            }
            Some(Unchecked::Missing) => {
                return Err(format!(
                    "{at}: a checkpoint record without a check (written by a dlx older \
                     than the checks, or edited): finish the count with the dlx that \
                     began it, or remove the file to count again"
                ))
            }
            None => {}
        }
        let index = match record.piece {
            Some(piece) if (1..=pieces).contains(&piece) && record.complete => piece - 1,
            _ => return Err(format!("{at}: not the record of a finished piece")),
        };
        if let Some(first) = seen.insert(index, number) {
            return Err(format!(
                "{at}: piece {}/{pieces} is there already (line {first})",
                index + 1
            ));
        }
        done.push((index, record));
    }
    Ok((done, keep))
}

#[cfg(test)]
mod tests {
    use super::*;

    const FINGERPRINT: &str = "611ad8e26e36e4eaccce0870eab2346b47b2e0304e71380518f253f909a67993";

    /// The record of piece `piece` of 4 at depth 2, with its newline.
    fn line(piece: usize) -> String {
        let finished = Record {
            complete: true,
            ..Record::default()
        };
        let stats = Stats::default();
        finished.piece(FINGERPRINT, 2, (piece, 4), &stats).line()
    }

    #[test]
    fn a_torn_last_line_is_dropped_and_a_whole_one_kept() {
        let whole = format!("{}{}", line(1), line(3));
        let (done, keep) = scan("cp", &whole, FINGERPRINT, (2, 4)).unwrap();
        assert_eq!(done.iter().map(|(k, _)| *k).collect::<Vec<_>>(), [0, 2]);
        assert_eq!(keep, whole.len());
        let torn = format!("{}{}", line(1), &line(3)[..20]);
        let (done, keep) = scan("cp", &torn, FINGERPRINT, (2, 4)).unwrap();
        assert_eq!((done.len(), keep), (1, line(1).len()));
        let unended = whole.trim_end();
        let (done, keep) = scan("cp", unended, FINGERPRINT, (2, 4)).unwrap();
        assert_eq!((done.len(), keep), (2, unended.len()));
    }

    #[test]
    fn an_edited_line_or_one_without_a_check_is_refused() {
        let edited = format!(
            "{}{}",
            line(1),
            line(2).replace("\"nodes\":0", "\"nodes\":9")
        );
        let fault = scan("cp", &edited, FINGERPRINT, (2, 4)).unwrap_err();
        assert!(
            fault.starts_with("cp:2: a checkpoint record edited"),
            "{fault}"
        );
        let mut old: Record = serde_json::from_str(&line(3)).unwrap();
        old.check = None;
        let fault = scan("cp", &old.line(), FINGERPRINT, (2, 4)).unwrap_err();
        assert!(
            fault.starts_with("cp:1: a checkpoint record without a check"),
            "{fault}"
        );
    }

    #[test]
    fn a_piece_twice_or_of_another_split_is_refused() {
        let twice = format!("{}{}", line(2), line(2));
        assert_eq!(
            scan("cp", &twice, FINGERPRINT, (2, 4)),
            Err("cp:2: piece 2/4 is there already (line 1)".to_string())
        );
        assert_eq!(
            scan("cp", &line(2), FINGERPRINT, (3, 4)),
            Err(
                "cp:1: a checkpoint of another split (4 subtrees at depth 2), \
                 not of this one (4 subtrees at depth 3)"
                    .to_string()
            )
        );
    }
}
