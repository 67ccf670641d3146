//! Knuth's form of a tiling, the input of his polyomino-dlx and
//! polycube-dlx: a line of the board's cells, then a line per piece.

use std::collections::BTreeMap;
use std::mem::size_of;

use super::error::{TilingError, TilingErrorKind as Kind};
use super::geometry::{normalize, Cell};
use super::{Naming, Piece, Tiling};
use crate::error::Error;
use crate::memory;

/// The bytes a cell of the board takes while it is read: in the map that
/// gathers the cells, then in the sorted board.
const BOARD_CELL_BYTES: u64 = 64;

/// The bytes a cell of a piece takes: as read, then in each orientation
/// of its piece (8 in the plane, 48 in space at most), which are kept
/// twice while they are placed.
fn piece_cell_bytes(dimensions: usize) -> u64 {
    let orientations = if dimensions == 2 { 8 } else { 48 };
    (size_of::<Cell>() * (1 + 2 * orientations)) as u64
}

/// Knuth's radix-62 digit for `x` (`?` past 61, which no cell reaches).
pub(crate) fn encode(x: i32) -> char {
    match x {
        0..=9 => char::from(b'0' + x as u8),
        10..=35 => char::from(b'a' + (x - 10) as u8),
        36..=61 => char::from(b'A' + (x - 36) as u8),
        _ => '?',
    }
}

fn decode(c: char) -> Option<u32> {
    match c {
        '0'..='9' => Some(c as u32 - '0' as u32),
        'a'..='z' => Some(c as u32 - 'a' as u32 + 10),
        'A'..='Z' => Some(c as u32 - 'A' as u32 + 36),
        _ => None,
    }
}

/// A fault at a character offset of a token.
type Fault = (Kind, usize);

/// Reads one coordinate spec at `chars[i..]`: a digit, or digits and
/// ranges in brackets. Returns the set of values as bits, and the offset
/// after it.
fn coordinate(chars: &[char], i: usize, dimensions: usize) -> Result<(u64, usize), Fault> {
    let Some(&first) = chars.get(i) else {
        return Err((Kind::IncompleteCell { dimensions }, i));
    };
    if first != '[' {
        return match decode(first) {
            Some(x) => Ok((1 << x, i + 1)),
            None => Err((Kind::BadDigit(first), i)),
        };
    }
    let mut bits = 0u64;
    // The digit last read, and the start of a range after its '-'.
    let (mut last, mut from) = (None, None);
    let mut j = i + 1;
    loop {
        let Some(&c) = chars.get(j) else {
            return Err((Kind::NoClosingBracket, i));
        };
        match c {
            ']' => {
                if from.is_some() {
                    return Err((Kind::BadRange, j - 1));
                }
                return Ok((bits, j + 1));
            }
            '-' => {
                if last.is_none() || chars.get(j + 1) == Some(&']') {
                    return Err((Kind::BadRange, j));
                }
                from = last.take();
            }
            _ => {
                let x = decode(c).ok_or((Kind::BadDigit(c), j))?;
                match from.take() {
                    Some(low) if x < low => return Err((Kind::DecreasingRange, j)),
                    Some(low) => {
                        bits |= ((1u64 << (x + 1)) - 1) & !((1u64 << low) - 1);
                        last = None;
                    }
                    None => {
                        bits |= 1 << x;
                        last = Some(x);
                    }
                }
            }
        }
        j += 1;
    }
}

/// The cells of a token: `dimensions` coordinate specs, then (in the
/// plane) a suffix; the suffix's text is returned with them.
fn cells(token: &[char], dimensions: usize) -> Result<(Vec<[i32; 3]>, String), Fault> {
    let mut sets = [1u64; 3];
    let mut i = 0;
    for set in sets.iter_mut().take(dimensions) {
        let (bits, next) = coordinate(token, i, dimensions)?;
        *set = bits;
        i = next;
    }
    let suffix: String = token[i..].iter().collect();
    if dimensions == 3 && !suffix.is_empty() {
        return Err((Kind::MissingSpace, i));
    }
    if suffix.contains([':', '|']) {
        return Err((Kind::BadSuffix(suffix), i));
    }
    let values = |bits: u64| (0..62).filter(move |x| bits >> x & 1 == 1);
    let mut all = Vec::new();
    for x in values(sets[0]) {
        for y in values(sets[1]) {
            for z in values(sets[2]) {
                all.push([x, y, z]);
            }
        }
    }
    Ok((all, suffix))
}

/// The whitespace-separated tokens of a line, each with the 0-based
/// character column where it starts.
fn tokens(line: &str) -> Vec<(usize, Vec<char>)> {
    let mut all = Vec::new();
    let mut current: Option<(usize, Vec<char>)> = None;
    for (column, c) in line.chars().enumerate() {
        if c.is_whitespace() {
            all.extend(current.take());
        } else {
            current
                .get_or_insert_with(|| (column, Vec::new()))
                .1
                .push(c);
        }
    }
    all.extend(current);
    all
}

/// A piece's name and count, from its first token: `NAME`, `N|NAME`,
/// `LO:HI|NAME` (polyomino-dlx's multiplicity) or `N*NAME`
/// (polycube-dlx's, `N` one of his digits or a decimal number).
pub(crate) fn name_and_count(token: &str) -> Result<(String, (u32, u32)), Kind> {
    let bad_count = || Kind::BadCount(token.to_string());
    let (name, bounds) = if let Some((count, name)) = token.split_once('|') {
        let number = |text: &str| -> Result<u32, Kind> {
            if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad_count());
            }
            text.parse().map_err(|_| bad_count())
        };
        let bounds = match count.split_once(':') {
            Some((lo, hi)) => (number(lo)?, number(hi)?),
            None => (number(count)?, number(count)?),
        };
        (name, bounds)
    } else if let Some((count, name)) = token.split_once('*') {
        let n = if !count.is_empty() && count.bytes().all(|b| b.is_ascii_digit()) {
            count.parse().map_err(|_| bad_count())?
        } else {
            let mut chars = count.chars();
            match (chars.next().and_then(decode), chars.next()) {
                (Some(n), None) => n,
                _ => return Err(bad_count()),
            }
        };
        (name, (n, n))
    } else {
        (token, (1, 1))
    };
    if name.is_empty() || name.contains(['|', ':', '*']) {
        return Err(Kind::BadPieceName(name.to_string()));
    }
    if bounds.0 > bounds.1 || bounds.1 == 0 {
        return Err(bad_count());
    }
    Ok((name.to_string(), bounds))
}

/// Reads Knuth's form. The board's line decides the dimensions: a box in
/// space when every cell on it is exactly three coordinate specs, a box in
/// the plane otherwise.
///
/// A few bytes name many cells (`[0-Z][0-Z][0-Z]` is 238,328 of them):
/// before the cells of each token are kept, the bytes the cells read so
/// far will take are checked against the memory available, and refused
/// with [`ErrorKind::OutOfMemory`](crate::ErrorKind::OutOfMemory) (in
/// [`Kind::Problem`], at the token) when they pass it.
pub(crate) fn parse(text: &str) -> Result<Tiling, TilingError> {
    parse_within(text, memory::check)
}

/// [`parse`], with `check` saying whether that many bytes can be had.
pub(crate) fn parse_within(
    text: &str,
    check: impl Fn(u64) -> Result<(), Error>,
) -> Result<Tiling, TilingError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(k, line)| (k + 1, line.trim_start_matches('\u{feff}')))
        .filter(|(_, line)| !line.starts_with('|') && !line.trim().is_empty());
    let (board_line, first) = lines
        .next()
        .ok_or_else(|| TilingError::new(Kind::NoBoard))?;
    let board_tokens = tokens(first);
    let in_space = !board_tokens.is_empty()
        && board_tokens
            .iter()
            .all(|(_, token)| cells(token, 3).is_ok());
    let dimensions = if in_space { 3 } else { 2 };
    let mut suffixes = vec![String::new()];
    let mut board = BTreeMap::new();
    let fault = |line: usize, column: usize, (kind, offset): Fault| {
        TilingError::at(kind, line, column + offset + 1)
    };
    // The cells of the board and of the pieces read so far.
    let mut piece_cells = 0u64;
    let afford = |board: usize, pieces: u64, line: usize, column: usize| {
        let needed = (board as u64)
            .saturating_mul(BOARD_CELL_BYTES)
            .saturating_add(pieces.saturating_mul(piece_cell_bytes(dimensions)));
        check(needed).map_err(|e| TilingError::at(Kind::Problem(e), line, column + 1))
    };
    for (column, token) in &board_tokens {
        let (all, suffix) = cells(token, dimensions).map_err(|f| fault(board_line, *column, f))?;
        afford(board.len() + all.len(), piece_cells, board_line, *column)?;
        let suffix = match suffixes.iter().position(|s| *s == suffix) {
            Some(k) => k,
            None => {
                suffixes.push(suffix);
                suffixes.len() - 1
            }
        };
        for at in all {
            let cell = Cell {
                at,
                suffix: u16::try_from(suffix).unwrap_or(u16::MAX),
            };
            board.insert(cell, suffix != 0);
        }
    }
    if board.is_empty() {
        return Err(TilingError::at(Kind::EmptyBoard, board_line, 1));
    }
    let mut pieces: Vec<Piece> = Vec::new();
    let mut shapes = Vec::new();
    for (line, text) in lines {
        let all = tokens(text);
        let Some(((name_column, name_token), cell_tokens)) = all.split_first() else {
            continue;
        };
        let name_token: String = name_token.iter().collect();
        let at = (line, name_column + 1);
        let (name, bounds) =
            name_and_count(&name_token).map_err(|kind| TilingError::at(kind, at.0, at.1))?;
        if cell_tokens.is_empty() {
            return Err(TilingError::at(Kind::EmptyPiece(name), at.0, at.1));
        }
        let mut shape = Vec::new();
        for (column, token) in cell_tokens {
            let (all, suffix) = cells(token, dimensions).map_err(|f| fault(line, *column, f))?;
            piece_cells = piece_cells.saturating_add(all.len() as u64);
            afford(board.len(), piece_cells, line, *column)?;
            let Some(suffix) = suffixes.iter().position(|s| *s == suffix) else {
                let text: String = token.iter().collect();
                return Err(TilingError::at(Kind::UnknownCell(text), line, column + 1));
            };
            shape.extend(all.into_iter().map(|at| Cell {
                at,
                suffix: u16::try_from(suffix).unwrap_or(u16::MAX),
            }));
        }
        if shape.is_empty() {
            return Err(TilingError::at(Kind::EmptyPiece(name), at.0, at.1));
        }
        let index = match pieces.iter().position(|p| p.name == name) {
            Some(k) if pieces[k].bounds != bounds => {
                return Err(TilingError::at(Kind::InconsistentCount(name), at.0, at.1));
            }
            Some(k) => k,
            None => {
                pieces.push(Piece {
                    name,
                    bounds,
                    at: Some(at),
                });
                pieces.len() - 1
            }
        };
        shapes.push((index, normalize(shape)));
    }
    if pieces.is_empty() {
        return Err(TilingError::on_line(Kind::NoPieces, Some(board_line)));
    }
    Ok(Tiling::new(
        dimensions,
        board.into_iter().collect(),
        suffixes,
        pieces,
        shapes,
        Naming::Knuth,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bits(spec: &str) -> Result<u64, Fault> {
        let chars: Vec<char> = spec.chars().collect();
        coordinate(&chars, 0, 2).map(|(bits, _)| bits)
    }

    #[test]
    fn knuths_ranges() {
        assert_eq!(bits("[7-z32-4A5-5]"), bits("[2-57-A]"));
        assert_eq!(bits("[0-2]"), Ok(0b111));
        assert_eq!(bits("[]"), Ok(0));
        assert_eq!(bits("b"), Ok(1 << 11));
        for bad in ["[-5]", "[1-]", "[1-2-3]", "[3--5]"] {
            assert_eq!(bits(bad).map_err(|f| f.0), Err(Kind::BadRange), "{bad}");
        }
        assert_eq!(bits("[3-2]").map_err(|f| f.0), Err(Kind::DecreasingRange));
        assert_eq!(bits("[12").map_err(|f| f.0), Err(Kind::NoClosingBracket));
        assert_eq!(bits("!").map_err(|f| f.0), Err(Kind::BadDigit('!')));
        assert_eq!(encode(61), 'Z');
        assert_eq!(decode('Z'), Some(61));
    }

    #[test]
    fn cells_past_the_memory_are_refused_as_they_are_read() {
        // 18 bytes a line: a piece as large as the 62^3 board, whose
        // cells and orientations take 370 MB.
        let lines = |n: usize| format!("[0-Z][0-Z][0-Z]\n{}", "A [0-Z][0-Z][0-Z]\n".repeat(n));
        let within = |bytes: u64| move |needed| memory::check_against(needed, Some(bytes));
        let cells = 62u64.pow(3);
        let err = parse_within(&lines(3), within(1 << 30)).unwrap_err();
        assert_eq!((err.line(), err.column()), (Some(4), Some(3)));
        let Kind::Problem(e) = err.kind() else {
            panic!("{err}")
        };
        let needed = cells * BOARD_CELL_BYTES + 3 * cells * piece_cell_bytes(3);
        assert_eq!(
            e.kind(),
            &crate::ErrorKind::OutOfMemory {
                needed,
                available: Some(1 << 30)
            }
        );
        // The board alone, or with one such line, fits.
        assert!(parse_within(&lines(1), within(1 << 30)).is_ok());
        let err = parse_within("[0-Z][0-Z][0-Z]\nA 000\n", within(1 << 20)).unwrap_err();
        assert_eq!((err.line(), err.column()), (Some(1), Some(1)));
    }

    #[test]
    fn counts() {
        let ok = |t: &str| name_and_count(t).unwrap();
        assert_eq!(ok("Z"), ("Z".to_string(), (1, 1)));
        assert_eq!(ok("12|Z"), ("Z".to_string(), (12, 12)));
        assert_eq!(ok("0:3|L"), ("L".to_string(), (0, 3)));
        assert_eq!(ok("4*Z"), ("Z".to_string(), (4, 4)));
        assert_eq!(ok("c*Z"), ("Z".to_string(), (12, 12)));
        for bad in ["3:2|L", "0|L", "|L", "x|L", "**L", "2*"] {
            assert!(name_and_count(bad).is_err(), "{bad}");
        }
    }
}
