//! Lines of a byte input, counted as `BufRead::read_line` meets them.

/// The number of lines: a line feed ends one, and bytes after the last line
/// feed make one more.
pub fn line_count(data: &[u8]) -> usize {
    let feeds = data.iter().filter(|&&b| b == b'\n').count();
    feeds + usize::from(!data.is_empty() && !data.ends_with(b"\n"))
}

/// Line `number` (from 1), without its line feed.
pub fn line(data: &[u8], number: usize) -> Option<&[u8]> {
    data.split(|&b| b == b'\n').nth(number.checked_sub(1)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_as_read_line() {
        assert_eq!(line_count(b""), 0);
        assert_eq!(line_count(b"\n"), 1);
        assert_eq!(line_count(b"a"), 1);
        assert_eq!(line_count(b"a\n\nb"), 3);
        assert_eq!(line(b"a\n\nb", 3), Some(&b"b"[..]));
        assert_eq!(line(b"a\n", 0), None);
    }
}
