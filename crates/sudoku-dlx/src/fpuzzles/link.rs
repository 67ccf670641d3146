//! The text of an f-puzzles puzzle: JSON, the compressed string of a
//! `?load=` link (lz-string's base64), or the whole link.

use std::borrow::Cow;

use super::error::{encoding, FpuzzlesError, FpuzzlesErrorKind};

/// The longest JSON a compressed string may unfold to, in UTF-16 units:
/// the JSON of a 49x49 puzzle takes well under a megabyte, and lz-string
/// unfolds k codes to up to about k²/2 units (and keeps as many in its
/// dictionary), so tens of kilobytes of link could ask for gigabytes.
const MAX_JSON: usize = 1 << 24;

/// lz-string's base64 symbols, value 0 first (`=` pads, its value 64).
const BASE64: &[u8; 65] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";

/// Whether `c` pads the text of a puzzle: white space or a byte-order
/// mark, dropped from either end.
pub(super) fn is_padding(c: char) -> bool {
    c.is_whitespace() || c == '\u{feff}'
}

/// The puzzle's JSON text (without the padding around `text`), and
/// whether it was decompressed.
pub(super) fn json_text(text: &str) -> Result<(Cow<'_, str>, bool), FpuzzlesError> {
    let text = text.trim_matches(is_padding);
    if text.starts_with('{') || text.starts_with('[') {
        return Ok((Cow::Borrowed(text), false));
    }
    if text.is_empty() {
        return Err(encoding("the text is empty"));
    }
    let compressed = base64_text(payload(text)?)?;
    let symbols: Vec<u8> = compressed
        .bytes()
        .map(|b| BASE64.iter().position(|&k| k == b).unwrap_or(0) as u8)
        .collect();
    if !lz_fits(&symbols, MAX_JSON) {
        return Err(encoding(format!(
            "it would decompress to more than {MAX_JSON} characters"
        )));
    }
    let wide = lz_str::decompress_from_base64(&compressed)
        .ok_or_else(|| encoding("it does not decompress as lz-string base64"))?;
    let json = String::from_utf16(&wide)
        .map_err(|_| encoding("it decompresses to no text (bad UTF-16)"))?;
    if !json.trim_start().starts_with('{') {
        return Err(encoding("it decompresses to no JSON object"));
    }
    Ok((Cow::Owned(json), true))
}

/// The prefixes of SudokuPad's puzzle ids that carry an f-puzzles
/// puzzle, longest first.
const SUDOKUPAD_FPUZZLES: [&str; 2] = ["fpuzzles", "fpuz"];

/// The prefixes of SudokuPad's puzzle ids in its own formats.
const SUDOKUPAD_OWN: [&str; 3] = ["scl", "ctc", "scf"];

/// Whether `text` is a link (or a SudokuPad puzzle id, or a compressed
/// string) that [`json_text`] reads, rather than a puzzle of another form.
pub(crate) fn is_link(text: &str) -> bool {
    text.starts_with("N4Ig")
        || query(text, "load=").is_some()
        || query(text, "puzzleid=").is_some()
        || sudokupad_path(text).is_some()
        || SUDOKUPAD_FPUZZLES.iter().any(|p| text.starts_with(p))
}

/// The compressed f-puzzles string `text` carries: what follows `load=`
/// in an f-puzzles or SudokuPad link; the payload of a SudokuPad puzzle
/// id of an f-puzzles puzzle (`fpuzzles...` or `fpuz...`, in the link's
/// path or its `puzzleid=`, or alone); else the text itself.
///
/// # Errors
///
/// A SudokuPad id of no f-puzzles puzzle: one of SudokuPad's own formats
/// (`scl`, `ctc`, `scf`: lines and text drawn on a grid, whose rules no
/// program reads), or a short id that only SudokuPad's server resolves.
fn payload(text: &str) -> Result<&str, FpuzzlesError> {
    if let Some(load) = query(text, "load=") {
        return Ok(load);
    }
    let Some(id) = query(text, "puzzleid=")
        .or_else(|| sudokupad_path(text))
        .or_else(|| {
            SUDOKUPAD_FPUZZLES
                .iter()
                .any(|p| text.starts_with(p))
                .then_some(text)
        })
    else {
        return Ok(text);
    };
    if let Some(rest) = SUDOKUPAD_FPUZZLES.iter().find_map(|p| id.strip_prefix(p)) {
        return Ok(rest);
    }
    let reason = match SUDOKUPAD_OWN.iter().find(|p| id.starts_with(*p)) {
        Some(own) => format!(
            "a SudokuPad puzzle in SudokuPad's own format ({own}...): its rules are lines \
             and text drawn on the grid, which no program reads; open it in SudokuPad, or \
             use the puzzle's f-puzzles link"
        ),
        None if id.is_empty() => "a SudokuPad link without a puzzle".to_string(),
        None => format!(
            "SudokuPad puzzle id {id:?} names a puzzle stored on SudokuPad's server, which \
             is not fetched here: open the link in SudokuPad and paste the puzzle's f-puzzles \
             link or JSON"
        ),
    };
    Err(FpuzzlesError::new(FpuzzlesErrorKind::Link { reason }))
}

/// What follows `key` (`load=`, `puzzleid=`) in a link, at its start or
/// after `?`, `&` or `#`, up to the next `&` or `#`.
fn query<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    let mut from = 0;
    while let Some(i) = text[from..].find(key) {
        let at = from + i;
        if at == 0 || matches!(text.as_bytes()[at - 1], b'?' | b'&' | b'#') {
            let rest = &text[at + key.len()..];
            return Some(&rest[..rest.find(['&', '#']).unwrap_or(rest.len())]);
        }
        from = at + 1;
    }
    None
}

/// The puzzle id in the path of a SudokuPad link (`sudokupad.app/ID`, or
/// its older home `crackingthecryptic.com/sudoku/ID`), up to a `?` or `#`.
fn sudokupad_path(text: &str) -> Option<&str> {
    let rest = ["sudokupad.app/", "crackingthecryptic.com/sudoku/"]
        .iter()
        .find_map(|host| text.find(host).map(|at| &text[at + host.len()..]))?;
    Some(&rest[..rest.find(['?', '#']).unwrap_or(rest.len())])
}

/// The compressed string in lz-string's base64 alphabet: `%XX` escapes
/// decoded, a space read as the `+` it stood for in a link, line breaks
/// dropped. lz-string itself skips other symbols silently, so they are
/// refused here.
fn base64_text(payload: &str) -> Result<String, FpuzzlesError> {
    let mut out = String::with_capacity(payload.len());
    let mut chars = payload.chars();
    while let Some(ch) = chars.next() {
        let ch = match ch {
            '%' => {
                let hex: String = chars.by_ref().take(2).collect();
                match u8::from_str_radix(&hex, 16) {
                    Ok(byte) if hex.len() == 2 => char::from(byte),
                    _ => return Err(encoding(format!("\"%{hex}\" is no escape"))),
                }
            }
            ' ' => '+',
            c if c.is_whitespace() => continue,
            c => c,
        };
        if !ch.is_ascii() || !BASE64.contains(&(ch as u8)) {
            return Err(encoding(format!("{ch:?} is not a base64 symbol")));
        }
        out.push(ch);
    }
    Ok(out)
}

/// Whether lz-string unfolds `symbols` (base64 values) to at most `limit`
/// UTF-16 units, or fails before: the steps of
/// [`lz_str::decompress_from_base64`] with the length of each dictionary
/// entry in place of the entry, so that a string that would unfold to
/// gigabytes is refused without allocating them (the crate has no limit).
fn lz_fits(symbols: &[u8], limit: usize) -> bool {
    /// The bits of the symbols, as lz-string reads them: 6 per symbol,
    /// high bit first; a number's bits low bit first.
    struct Bits<'a> {
        symbols: std::slice::Iter<'a, u8>,
        value: u8,
        position: u8,
    }

    impl Bits<'_> {
        fn bit(&mut self) -> Option<bool> {
            let bit = self.value & self.position != 0;
            self.position >>= 1;
            if self.position == 0 {
                self.position = 32;
                self.value = *self.symbols.next()?;
            }
            Some(bit)
        }

        fn read(&mut self, n: u32) -> Option<u64> {
            let mut value = 0;
            for k in 0..n {
                value |= u64::from(self.bit()?) << k;
            }
            Some(value)
        }
    }

    /// `None` when the stream ends or goes wrong (lz-string then fails or
    /// stops too), `Some(false)` when it passes the limit.
    fn walk(symbols: &[u8], limit: usize) -> Option<bool> {
        let mut iter = symbols.iter();
        let first = *iter.next()?;
        let mut bits = Bits {
            symbols: iter,
            value: first,
            position: 32,
        };
        match bits.read(2)? {
            0 => bits.read(8)?,
            1 => bits.read(16)?,
            _ => return None,
        };
        // The entries' lengths: codes 0 to 2 and the first character.
        let mut entries: Vec<usize> = vec![1; 4];
        let (mut w, mut total) = (1usize, 1usize);
        if total > limit {
            return Some(false);
        }
        let (mut width, mut enlarge_in) = (3u32, 4u64);
        loop {
            let mut code = bits.read(width)? as usize;
            match code {
                0 | 1 => {
                    bits.read(if code == 0 { 8 } else { 16 })?;
                    entries.push(1);
                    code = entries.len() - 1;
                    enlarge_in -= 1;
                }
                2 => return Some(true),
                _ => {}
            }
            if enlarge_in == 0 {
                enlarge_in = 1 << width;
                width += 1;
            }
            let entry = match entries.get(code) {
                Some(&len) => len,
                None if code == entries.len() => w + 1,
                None => return None,
            };
            total += entry;
            if total > limit {
                return Some(false);
            }
            entries.push(w + 1);
            enlarge_in -= 1;
            w = entry;
            if enlarge_in == 0 {
                enlarge_in = 1 << width;
                width += 1;
            }
        }
    }

    walk(symbols, limit).unwrap_or(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lz_fits_measures_what_lz_string_unfolds() {
        let texts = [
            String::new(),
            "a".to_string(),
            "ab".repeat(1000),
            "a".repeat(100_000),
            "{\"size\": 9, \"title\": \"\u{e9}t\u{e9} \u{1F600}\"}".repeat(50),
        ];
        for text in &texts {
            let compressed = lz_str::compress_to_base64(text.as_str());
            let symbols: Vec<u8> = compressed
                .bytes()
                .map(|b| BASE64.iter().position(|&k| k == b).unwrap() as u8)
                .collect();
            let len = lz_str::decompress_from_base64(&compressed).unwrap().len();
            assert_eq!(len, text.encode_utf16().count());
            assert!(lz_fits(&symbols, len), "{} units", len);
            if len > 0 {
                assert!(!lz_fits(&symbols, len - 1), "{} units", len);
            }
        }
        // A run unfolds quadratically: a few hundred symbols, 20,000 units.
        let bomb = lz_str::compress_to_base64("a".repeat(20_000).as_str());
        assert!(bomb.len() < 400, "{}", bomb.len());
        let symbols: Vec<u8> = bomb
            .bytes()
            .map(|b| BASE64.iter().position(|&k| k == b).unwrap() as u8)
            .collect();
        assert!(!lz_fits(&symbols, 19_999));
    }
}
