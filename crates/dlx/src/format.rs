//! Knuth's DLX text format: read a problem, write one.
//!
//! The format of Knuth's programs DLX1, DLX2 and DLX3 (TAOCP 7.2.2.1):
//!
//! ```text
//! | lines that start with '|' are comments
//! a 2:3|b c | x y    <- the items: primary ones, then '|', then secondary ones
//! a b x:red          <- one option per line: its items, separated by spaces;
//! b c                   a secondary item may carry a color, `item:color`
//! a c y
//! ```
//!
//! Blank lines are skipped. Names are any run of characters other than white
//! space, `:` and `|`. A primary item may be given bounds as DLX3 does:
//! `lo:hi|name` (covered at least `lo` and at most `hi` times, decimal, with
//! `lo <= hi` and `hi >= 1`), or `hi|name` for `hi:hi|name`; without them it
//! is covered exactly once (see [`Problem::set_bounds`]). Secondary items
//! take no bounds. A `|` between two names that is not such a prefix is the
//! bar between the primary and secondary items, as if written apart. The text is UTF-8, with a byte-order mark allowed
//! first; comments may hold any bytes.
//!
//! The reader holds one line at a time besides the problem it builds, and
//! checks each option in time linear in its length: a file whose item line
//! holds 10 million names (90 MB) is read in 3 s at a peak of 328 MB, an
//! option of a million items in 0.5 s.

use std::io::{self, BufRead, Write};

use crate::error::{Error, ErrorKind};
use crate::memory;
use crate::names::{self, Names};
use crate::problem::{is_valid_name, OptionId, Problem, MAX_NODES};

/// Reads a problem in Knuth's format from a string.
///
/// # Errors
///
/// An [`Error`] with the line and column of the first fault: no item line, a
/// name declared twice, bounds that no count meets or on a secondary item
/// ([`ErrorKind::InvalidBounds`], at the bounds), an unknown or repeated item in an option, a color on
/// a primary item, an option without a primary item, a byte that is not
/// UTF-8 outside a comment; or [`ErrorKind::OutOfMemory`] where the problem
/// outgrows the memory.
///
/// # Example
///
/// ```
/// let problem = dlx::parse("| a tiny problem\na b | x\na x:1\nb x:1\nb\n")?;
/// assert_eq!((problem.primary_count(), problem.option_count()), (2, 3));
/// assert_eq!(dlx::Solver::new(&problem).count(), 2);
///
/// let err = dlx::parse("a b\na c\n").unwrap_err();
/// assert_eq!((err.line(), err.column()), (Some(2), Some(3)));
/// assert_eq!(err.to_string(), "line 2, column 3: unknown item 'c'");
/// # Ok::<(), dlx::Error>(())
/// ```
pub fn parse(text: &str) -> Result<Problem, Error> {
    read(text.as_bytes())
}

/// Reads a problem in Knuth's format, line by line.
///
/// # Errors
///
/// As [`parse`], and [`ErrorKind::Io`] when reading fails.
pub fn read<R: BufRead>(reader: R) -> Result<Problem, Error> {
    read_with(reader, false).map(|(problem, _)| problem)
}

/// Reads a problem in Knuth's format as his programs do: an option without
/// a primary item can never be chosen, so it is skipped (DLX1 says "option
/// ignored") instead of being an error. Returns the problem and one
/// [`Skipped`] per option skipped: its place among the option lines and an
/// [`ErrorKind::NoPrimaryItem`] warning with its line. The ids of the
/// options kept count from 0 in the order of their lines.
///
/// # Errors
///
/// As [`read`], but for options without a primary item.
///
/// # Example
///
/// ```
/// let (problem, skipped) = dlx::read_lenient("a | x\nx\na x\n".as_bytes())?;
/// assert_eq!(problem.option_count(), 1);
/// assert_eq!(skipped[0].option, 0);
/// assert_eq!(
///     skipped[0].warning.to_string(),
///     "line 2, column 1: option has no primary item"
/// );
/// # Ok::<(), dlx::Error>(())
/// ```
pub fn read_lenient<R: BufRead>(reader: R) -> Result<(Problem, Vec<Skipped>), Error> {
    read_with(reader, true)
}

/// An option that [`read_lenient`] skipped.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Skipped {
    /// Its place among the option lines of the input, from 0 (skipped ones
    /// included), so that option numbers can refer to the text.
    pub option: usize,
    /// Why it was skipped, with its line and column.
    pub warning: Error,
}

fn read_with<R: BufRead>(mut reader: R, lenient: bool) -> Result<(Problem, Vec<Skipped>), Error> {
    let mut line = Vec::new();
    let mut number = 0;
    let mut problem = None;
    let mut skipped = Vec::new();
    let mut options = 0;
    while next_line(&mut reader, &mut line).map_err(|e| e.at(number + 1, 1))? {
        number += 1;
        let mut bytes = &line[..];
        while let [rest @ .., b'\n' | b'\r'] = bytes {
            bytes = rest;
        }
        if number == 1 {
            // A byte-order mark that an editor put first is not part of the
            // first name (nor counted in columns).
            bytes = bytes.strip_prefix(BOM).unwrap_or(bytes);
        }
        let Some(text) = line_text(bytes, number)? else {
            continue;
        };
        match &mut problem {
            None => {
                problem = Some(parse_items(text, number)?);
                // The item line can be the longest by far; its buffer is not
                // kept for the options.
                line = Vec::new();
            }
            Some(problem) => {
                match parse_option(problem, text, number) {
                    Ok(_) => {}
                    Err(e) if lenient && *e.kind() == ErrorKind::NoPrimaryItem => {
                        skipped.push(Skipped {
                            option: options,
                            warning: e,
                        });
                    }
                    Err(e) => return Err(e),
                }
                options += 1;
            }
        }
    }
    let problem = problem.ok_or_else(|| Error::new(ErrorKind::NoItems).at(number.max(1), 1))?;
    Ok((problem, skipped))
}

/// UTF-8's byte-order mark, U+FEFF.
const BOM: &[u8] = b"\xef\xbb\xbf";

/// Replaces `line` with the next line of the input, its `\n` included;
/// false at the end of the input. The line grows with `try_reserve`, so that
/// a line too long for the memory is an error rather than an abort.
fn next_line<R: BufRead>(reader: &mut R, line: &mut Vec<u8>) -> Result<bool, Error> {
    line.clear();
    loop {
        let buffer = match reader.fill_buf() {
            Ok(buffer) => buffer,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(Error::from(e)),
        };
        if buffer.is_empty() {
            return Ok(!line.is_empty());
        }
        let (chunk, end) = match buffer.iter().position(|&b| b == b'\n') {
            Some(i) => (&buffer[..=i], true),
            None => (buffer, false),
        };
        memory::reserve(line, chunk.len())?;
        line.extend_from_slice(chunk);
        let used = chunk.len();
        reader.consume(used);
        if end {
            return Ok(true);
        }
    }
}

/// The text of a line that holds items or an option; `None` for a blank
/// line or a comment, whose bytes need not be UTF-8.
///
/// # Errors
///
/// [`ErrorKind::InvalidUtf8`] at the first byte that is not UTF-8.
fn line_text(bytes: &[u8], line: usize) -> Result<Option<&str>, Error> {
    let (text, invalid) = match std::str::from_utf8(bytes) {
        Ok(text) => (text, None),
        Err(e) => {
            let valid = e.valid_up_to();
            // `valid` bytes are UTF-8 by the error's word.
            let text = std::str::from_utf8(&bytes[..valid]).unwrap_or_default();
            (text, Some(bytes[valid]))
        }
    };
    let start = text.trim_start();
    if start.starts_with('|') || (start.is_empty() && invalid.is_none()) {
        return Ok(None);
    }
    match invalid {
        None => Ok(Some(text)),
        Some(byte) => {
            let column = text.chars().count() + 1;
            Err(Error::new(ErrorKind::InvalidUtf8(byte)).at(line, column))
        }
    }
}

/// The tokens of a line with their 1-based character columns.
fn tokens(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut column = 0;
    let mut rest = text;
    std::iter::from_fn(move || {
        let start = rest.find(|c: char| !c.is_whitespace())?;
        column += rest[..start].chars().count();
        rest = &rest[start..];
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let token = &rest[..end];
        let at = column + 1;
        column += token.chars().count();
        rest = &rest[end..];
        Some((at, token))
    })
}

/// A name of the item line: its column, its text, whether it follows the
/// `|`, and the bounds written before it (`lo:hi|` or `hi|`) with their
/// column.
struct ItemName<'t> {
    column: usize,
    name: &'t str,
    secondary: bool,
    bounds: Option<(usize, u32, u32)>,
}

/// Reads `spec` as Knuth's bounds before an item name: `lo:hi` or `hi`,
/// decimal. `None` if it is not of that form; `Some(None)` if it is but a
/// number does not fit 32 bits.
fn bound_spec(spec: &str) -> Option<Option<(u32, u32)>> {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let (lo, hi) = spec.split_once(':').unwrap_or((spec, spec));
    if !digits(lo) || !digits(hi) {
        return None;
    }
    Some(lo.parse().ok().zip(hi.parse().ok()))
}

/// Calls `name` with each name of the item line, in order.
///
/// # Errors
///
/// The first error of `name`, [`ErrorKind::InvalidName`] for a name with a
/// `:` or a U+FEFF (or bounds whose numbers do not fit 32 bits),
/// [`ErrorKind::SecondBar`].
fn item_names<'t>(
    text: &'t str,
    line: usize,
    mut name: impl FnMut(ItemName<'t>) -> Result<(), Error>,
) -> Result<(), Error> {
    let mut bar = false;
    for (column, token) in tokens(text) {
        // Knuth writes `|` apart, but `a|b` and `a |b` mean the same; a
        // run of digits (`hi` or `lo:hi`) just before `|` and a name is
        // the name's bounds, as in Knuth's `2:3|x`.
        let mut parts = token.split('|').peekable();
        let mut column = column;
        let mut bounds = None;
        while let Some(part) = parts.next() {
            let next = parts.peek().copied().filter(|next| !next.is_empty());
            if let (Some(spec), Some(_), None) = (bound_spec(part), next, bounds) {
                let Some((lo, hi)) = spec else {
                    let kind = ErrorKind::InvalidName(part.to_string());
                    return Err(Error::new(kind).at(line, column));
                };
                bounds = Some((column, lo, hi));
                column += part.chars().count() + 1;
                continue;
            }
            if !part.is_empty() {
                if !is_valid_name(part) {
                    let kind = ErrorKind::InvalidName(part.to_string());
                    return Err(Error::new(kind).at(line, column));
                }
                name(ItemName {
                    column,
                    name: part,
                    secondary: bar,
                    bounds: bounds.take(),
                })?;
            }
            column += part.chars().count();
            if parts.peek().is_some() {
                if bar {
                    return Err(Error::new(ErrorKind::SecondBar).at(line, column));
                }
                bar = true;
                column += 1;
            }
        }
    }
    Ok(())
}

fn parse_items(text: &str, line: usize) -> Result<Problem, Error> {
    // Count first, so that the names are stored in room reserved once (a
    // buffer that doubles holds up to twice its contents, and both copies
    // while it moves); the first fault is found by the second pass.
    let (mut count, mut bytes) = (0, 0);
    let _ = item_names(text, line, |item| {
        count += 1;
        bytes += item.name.len();
        Ok(())
    });
    if count > MAX_NODES {
        return Err(Error::new(ErrorKind::TooLarge).at(line, 1));
    }
    let mut items = Names::default();
    memory::check(names::bytes(count, bytes))
        .and_then(|()| items.try_reserve(count, bytes))
        .map_err(|e| e.at(line, 1))?;
    let mut primary = 0;
    let mut bounds = Vec::new();
    item_names(text, line, |item| {
        if items.insert(item.name).is_err() {
            let kind = ErrorKind::DuplicateItem(item.name.to_string());
            return Err(Error::new(kind).at(line, item.column));
        }
        if let Some((column, lo, hi)) = item.bounds {
            if item.secondary || lo > hi || hi == 0 {
                let item = item.name.to_string();
                return Err(Error::new(ErrorKind::InvalidBounds { item, lo, hi }).at(line, column));
            }
            if (lo, hi) != (1, 1) {
                memory::reserve(&mut bounds, 1).map_err(|e| e.at(line, column))?;
                bounds.push((items.len() - 1, lo, hi, column));
            }
        }
        primary += usize::from(!item.secondary);
        Ok(())
    })?;
    let mut problem = Problem::with_items(primary, items);
    for (item, lo, hi, column) in bounds {
        problem
            .set_bounds(item, lo, hi)
            .map_err(|e| e.at(line, column))?;
    }
    Ok(problem)
}

fn parse_option(problem: &mut Problem, text: &str, line: usize) -> Result<OptionId, Error> {
    let mut option = problem.new_option();
    for (column, token) in tokens(text) {
        let (name, color) = match token.split_once(':') {
            Some((name, color)) => (name, Some(color)),
            None => (token, None),
        };
        let Some(item) = option.item(name) else {
            let kind = ErrorKind::UnknownItem(name.to_string());
            return Err(Error::new(kind).at(line, column));
        };
        option.push_named(item, color).map_err(|e| match e.kind() {
            // The color's own fault is at the color.
            ErrorKind::InvalidName(_) => e.at(line, column + name.chars().count() + 1),
            _ => e.at(line, column),
        })?;
    }
    option.finish().map_err(|e| e.at(line, 1))
}

/// Writes a problem in Knuth's format: the item line (with the bounds of
/// the primary items that have them other than `(1, 1)`, `hi|name` or
/// `lo:hi|name`), then one line per option, in order of id. [`read`] gives back the same problem, if it has a
/// primary item: without one the item line would start with `|`, which
/// Knuth's format reads as a comment.
///
/// # Errors
///
/// Any error of the writer.
///
/// # Example
///
/// ```
/// let text = "a b | x\na x:red\nb\n";
/// let problem = dlx::parse(text)?;
/// let mut out = Vec::new();
/// dlx::write(&problem, &mut out).unwrap();
/// assert_eq!(String::from_utf8(out).unwrap(), text);
/// # Ok::<(), dlx::Error>(())
/// ```
pub fn write<W: Write>(problem: &Problem, mut out: W) -> io::Result<()> {
    let primary = problem.primary_count();
    for item in 0..problem.item_count() {
        let name = problem.item_name(item).unwrap_or_default();
        if item == primary {
            write!(out, " | ")?;
        } else if item > 0 {
            write!(out, " ")?;
        }
        match problem.bounds(item) {
            (lo, hi) if item >= primary || (lo, hi) == (1, 1) => {}
            (lo, hi) if lo == hi => write!(out, "{hi}|")?,
            (lo, hi) => write!(out, "{lo}:{hi}|")?,
        }
        write!(out, "{name}")?;
    }
    writeln!(out)?;
    for (id, _) in problem.options() {
        writeln!(out, "{}", option_text(problem, id))?;
    }
    Ok(())
}

/// The text of an option as it is written in Knuth's format: its items'
/// names (`item:color` for a colored one) separated by single spaces; empty
/// if there is no such option.
///
/// # Example
///
/// ```
/// let problem = dlx::parse("a b | x\nb   a x:red\n")?;
/// let id = problem.options().next().unwrap().0;
/// assert_eq!(dlx::option_text(&problem, id), "b a x:red");
/// # Ok::<(), dlx::Error>(())
/// ```
pub fn option_text(problem: &Problem, id: OptionId) -> String {
    let mut text = String::new();
    for entry in problem.option(id).unwrap_or_default() {
        if !text.is_empty() {
            text.push(' ');
        }
        text.push_str(problem.item_name(entry.item).unwrap_or_default());
        if let Some(color) = entry.color {
            text.push(':');
            text.push_str(problem.color_name(color).unwrap_or_default());
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> (usize, usize, String) {
        let e = parse(text).unwrap_err();
        (e.line().unwrap(), e.column().unwrap(), e.to_string())
    }

    #[test]
    fn errors_name_line_and_column() {
        assert_eq!(
            err("| only a comment\n").2,
            "line 1, column 1: no item line (the first line that is not a comment)"
        );
        assert_eq!(err("a b a\n").0, 1);
        assert_eq!(err("a b a\n").1, 5);
        assert_eq!(err("a | b | c\n").1, 7);
        assert_eq!(err("a b\n\na  a\n").0..err("a b\n\na  a\n").1, 3..4);
        assert_eq!(
            err("a b | x\na x:1\n  b a:1\n").2,
            "line 3, column 5: primary item 'a' cannot have a color"
        );
        assert_eq!(
            err("a | x\nx\n").2,
            "line 2, column 1: option has no primary item"
        );
        assert_eq!(err("a | x\na x:\n").1, 5);
        assert_eq!(err("a:b\n").1, 1);
    }

    #[test]
    fn bars_and_comments() {
        let p = parse("|c\n\n  | indented comment\na b|x y\n|c\na x\nb y\n").unwrap();
        assert_eq!((p.primary_count(), p.secondary_count()), (2, 2));
        assert_eq!(p.option_count(), 2);
        let p = parse("a b |\na\n").unwrap();
        assert_eq!(p.secondary_count(), 0);
    }

    #[test]
    fn round_trip() {
        let text = "p q r | s t\np s:1 t\nq r\nr s:2\np q r t:x\n";
        let p = parse(text).unwrap();
        let mut out = Vec::new();
        write(&p, &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), text);
        let item_line = |p: &Problem| {
            let mut out = Vec::new();
            write(p, &mut out).unwrap();
            String::from_utf8(out).unwrap()
        };
        assert_eq!(item_line(&parse("a b\n").unwrap()), "a b\n");
        assert_eq!(item_line(&Problem::new(0, 2)), " | 0 1\n");
    }

    #[test]
    fn bounds_are_read_and_written_as_knuth_writes_them() {
        let text = "a 2:3|b 2|c 0:1|d | x y\nb c\nb x\na c d\n";
        let p = parse(text).unwrap();
        assert_eq!(p.primary_count(), 4);
        let bounds: Vec<_> = (0..6).map(|i| p.bounds(i)).collect();
        assert_eq!(bounds, [(1, 1), (2, 3), (2, 2), (0, 1), (0, 1), (0, 1)]);
        let mut out = Vec::new();
        write(&p, &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), text);
        // `1|a` is `a`; `a|b` is still the bar; digits alone are a name.
        let p = parse("1|a 2 b|x\na 2 b\n").unwrap();
        assert_eq!((p.primary_count(), p.has_multiplicities()), (3, false));
        assert_eq!(p.item_name(1), Some("2"));
        // A name of digits keeps its bounds through a round trip.
        let p = parse("3|7 | 8\n7\n").unwrap();
        assert_eq!((p.item_name(0), p.bounds(0)), (Some("7"), (3, 3)));
        let mut out = Vec::new();
        write(&p, &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "3|7 | 8\n7\n");
    }

    #[test]
    fn bad_bounds_are_errors_at_their_column() {
        assert_eq!(
            err("a 3:2|b\n"),
            (
                1,
                3,
                "line 1, column 3: item 'b' cannot be covered between 3 and 2 times \
                 (bounds are for primary items, with 0 <= lo <= hi and hi >= 1)"
                    .to_string()
            )
        );
        assert_eq!(err("a b 0|c\n").1, 5);
        assert_eq!(err("a 0:0|c\n").1, 3);
        assert_eq!(err("a | 2|x\n").1, 5);
        assert!(err("a | 2|x\n").2.contains("item 'x'"));
        assert_eq!(err("a 99999999999|b\n").1, 3);
        // A lower bound without `|` is no bound, and `:` is no name.
        assert_eq!(err("a 2:b\n").1, 3);
        assert_eq!(err("a 2:3| b\n").1, 3);
    }

    #[test]
    fn columns_count_characters() {
        assert_eq!(err("é a\né b\n").1, 3);
    }

    /// The item line `i0 i1 ...` of `n` items, and an option naming them all.
    fn long_option(n: usize) -> String {
        let names: Vec<String> = (0..n).map(|k| format!("i{k}")).collect();
        let names = names.join(" ");
        format!("{names}\n{names}\n")
    }

    #[test]
    fn a_long_option_is_read_and_a_far_repeat_found() {
        let p = parse(&long_option(100_000)).unwrap();
        assert_eq!(p.option_count(), 1);
        let option = p.option(OptionId::from_index(0)).unwrap();
        assert_eq!((option.len(), option[99_999].item), (100_000, 99_999));

        // `i0` again after 10^4 items, at the column where it is written.
        let names: Vec<String> = (0..10_000).map(|k| format!("i{k}")).collect();
        let text = format!("{}\n{} i0 i1\n", names.join(" "), names.join(" "));
        let column = names.iter().map(|n| n.len() + 1).sum::<usize>() + 1;
        let e = parse(&text).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("line 2, column {column}: item 'i0' is repeated in the option")
        );
    }

    /// Reads an option of a million items: seconds where comparing each item
    /// with those before it took minutes.
    #[test]
    #[ignore = "reads 14 MB of text"]
    fn an_option_of_a_million_items_is_read() {
        let p = parse(&long_option(1_000_000)).unwrap();
        assert_eq!(p.entry_count(), 1_000_000);
    }

    #[test]
    fn a_byte_order_mark_is_not_part_of_the_first_name() {
        let p = parse("\u{feff}a b\na b\n").unwrap();
        assert_eq!((p.item_name(0), p.item("a")), (Some("a"), Some(0)));
        let p = parse("\u{feff}| comment\na\na\n").unwrap();
        assert_eq!(p.item_name(0), Some("a"));
        // Elsewhere it is no part of a name: the name could not be written
        // first on a line and read back.
        let (line, column, message) = err("| c\n\u{feff}y\ny\n");
        assert_eq!((line, column), (2, 1));
        assert!(message.contains("invalid name"), "{message}");
        // Columns are counted after the mark; elsewhere it is a character.
        assert_eq!(err("\u{feff}a a\n").1, 3);
        assert_eq!(
            err("a\n\u{feff}a\n").2,
            "line 2, column 1: unknown item '\u{feff}a'"
        );
    }

    #[test]
    fn bytes_that_are_not_utf8_are_errors_outside_comments() {
        let read = |bytes: &[u8]| super::read(bytes);
        let p = read(b"| caf\xe9\n  |\xff\xfe\na b\n|\xff\na\nb\n").unwrap();
        assert_eq!((p.item_count(), p.option_count()), (2, 2));
        let e = read(b"a b\nb\na \xff\n").unwrap_err();
        assert_eq!(e.to_string(), "line 3, column 3: invalid UTF-8 byte 0xff");
        assert_eq!(*e.kind(), ErrorKind::InvalidUtf8(0xff));
        let e = read(b"a \xc3\xa9 \xe2\x82\n").unwrap_err();
        assert_eq!(e.to_string(), "line 1, column 5: invalid UTF-8 byte 0xe2");
        assert_eq!(read(b"\xff | a\n").unwrap_err().column(), Some(1));
    }

    #[test]
    fn a_read_error_keeps_its_source() {
        /// A reader that fails after its first line.
        struct Failing(bool);
        impl io::Read for Failing {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                if std::mem::replace(&mut self.0, true) {
                    return Err(io::Error::new(io::ErrorKind::TimedOut, "the disk is gone"));
                }
                buf[..4].copy_from_slice(b"a b\n");
                Ok(4)
            }
        }
        let e = read(io::BufReader::new(Failing(false))).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::Io(_)));
        assert_eq!(e.line(), Some(2));
        let source = std::error::Error::source(&e).expect("the I/O error");
        let io = source.downcast_ref::<io::Error>().expect("an io::Error");
        assert_eq!(io.kind(), io::ErrorKind::TimedOut);
        assert_eq!(
            e.to_string(),
            "line 2, column 1: read error: the disk is gone"
        );
    }

    #[test]
    fn lines_end_with_any_newline() {
        let p = parse("a b\r\na\r\nb").unwrap();
        assert_eq!((p.item_count(), p.option_count()), (2, 2));
        assert_eq!(parse("a\r\r\n\r\na").unwrap().option_count(), 1);
    }

    #[test]
    fn a_failed_option_leaves_no_trace() {
        let (p, skipped) = read_lenient("a | x\nx:red\na x:blue\n".as_bytes()).unwrap();
        assert_eq!(skipped.len(), 1);
        assert_eq!(p.color_count(), 1);
        assert_eq!(option_text(&p, OptionId::from_index(0)), "a x:blue");
    }
}
