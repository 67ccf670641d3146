//! The symbols that stand for digits in puzzle text.

use std::error::Error;
use std::fmt;

use crate::error::{ParseError, ParseErrorKind};
use crate::side::a_grid;
use crate::text::{is_layout, line_cells};

/// Digit symbols of the standard alphabet, digit 1 first.
const STANDARD_SYMBOLS: &str = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// Number of digits the standard alphabet can write.
const STANDARD_LEN: usize = 61;

/// Largest side for which the standard alphabet reads letters without regard
/// to case: up to 35, `A-Z` suffice, so `a` may stand for `A`.
const CASE_BLIND_MAX_SIDE: usize = 35;

/// Longest custom alphabet: digits are stored as `u8`.
const MAX_ALPHABET_LEN: usize = 255;

/// The symbols that stand for digits in puzzle text.
///
/// The standard alphabet ([`Alphabet::standard`], also the `Default`) writes
/// digits `1-9`, then `A-Z` for 10 to 35, then `a-z` for 36 to 61. Reading:
///
/// - up to 9x9, `1-9` are digits and `.`, `0`, `_`, `*`, `x`, `X` empty;
/// - for 16x16 and 25x25, letters are read without regard to case (`g` is
///   `G`, 16), and `.`, `0`, `_`, `*` are empty (`X` is the digit 33, too
///   large for either);
/// - for 36x36 and 49x49, case matters: `A` is 10 and `a` is 36.
///
/// A custom alphabet ([`Alphabet::custom`]) lists the symbols of digits 1, 2,
/// ... in order, case included; `.` is empty, and so is `0` unless it is one
/// of the symbols.
///
/// # Example
///
/// ```
/// use sudoku_dlx::{Alphabet, Grid};
///
/// // A 16x16 puzzle written with 0-F for digits 1 to 16.
/// let hex = Alphabet::custom("0123456789ABCDEF")?;
/// let line = format!("0{}", ".".repeat(254) + "F");
/// let grid = Grid::parse_with(&line, &hex)?;
/// assert_eq!(grid.cells()[0], 1);
/// assert_eq!(grid.cells()[255], 16);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Alphabet {
    /// The symbols of digits 1, 2, ...; `None` for the standard alphabet.
    custom: Option<Box<[char]>>,
}

impl Alphabet {
    /// The standard alphabet: `1-9`, `A-Z`, `a-z`.
    pub fn standard() -> Alphabet {
        Alphabet { custom: None }
    }

    /// An alphabet whose `k`-th symbol (from 0) stands for digit `k + 1`.
    ///
    /// # Errors
    ///
    /// An [`AlphabetError`] when `symbols` is empty or longer than 255, or
    /// repeats a symbol, or holds one that has another meaning in puzzle
    /// text: whitespace, `|`, `-`, `+`, `#`, `.`, `,` or `;`.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::Alphabet;
    ///
    /// assert!(Alphabet::custom("0123456789ABCDEF").is_ok());
    /// assert!(Alphabet::custom("1231").is_err());
    /// assert!(Alphabet::custom("12.4").is_err());
    /// ```
    pub fn custom(symbols: &str) -> Result<Alphabet, AlphabetError> {
        let symbols: Box<[char]> = symbols.chars().collect();
        if symbols.is_empty() {
            return Err(AlphabetError::new(AlphabetErrorKind::Empty));
        }
        if symbols.len() > MAX_ALPHABET_LEN {
            return Err(AlphabetError::new(AlphabetErrorKind::TooLong {
                len: symbols.len(),
            }));
        }
        for (i, &symbol) in symbols.iter().enumerate() {
            if is_layout(symbol) || matches!(symbol, '#' | '.' | ',' | ';') {
                return Err(AlphabetError::new(AlphabetErrorKind::Reserved { symbol }));
            }
            if symbols[..i].contains(&symbol) {
                return Err(AlphabetError::new(AlphabetErrorKind::Repeated { symbol }));
            }
        }
        Ok(Alphabet {
            custom: Some(symbols),
        })
    }

    /// Number of digits the alphabet can write.
    pub(crate) fn len(&self) -> usize {
        self.custom.as_ref().map_or(STANDARD_LEN, |s| s.len())
    }

    /// Whether the alphabet has a symbol for every digit of side `side`.
    pub(crate) fn supports(&self, side: usize) -> bool {
        self.len() >= side
    }

    /// Checks that the alphabet can read a grid of side `side` whose text
    /// starts on line `line`: the one error for an alphabet too small,
    /// whether a grid is parsed alone or read from a file.
    pub(crate) fn check_reads(&self, side: usize, line: usize) -> Result<(), ParseError> {
        if self.supports(side) {
            return Ok(());
        }
        let kind = ParseErrorKind::AlphabetTooSmall {
            symbols: self.len(),
            side,
        };
        Err(ParseError::new(kind, line, None))
    }

    /// The digit `symbol` stands for in a grid of side `side`, 0 for empty.
    #[inline]
    pub(crate) fn digit(&self, symbol: char, side: usize) -> Result<u8, ParseErrorKind> {
        let digit = match &self.custom {
            None => {
                // Offsets within ASCII ranges, so the casts cannot truncate.
                let offset = |base: char| (u32::from(symbol) - u32::from(base)) as usize;
                match symbol {
                    '1'..='9' => offset('0'),
                    '.' | '0' | '_' | '*' => return Ok(0),
                    'x' | 'X' if side <= 9 => return Ok(0),
                    'A'..='Z' if side > 9 => offset('A') + 10,
                    'a'..='z' if side > CASE_BLIND_MAX_SIDE => offset('a') + 36,
                    'a'..='z' if side > 9 => offset('a') + 10,
                    _ => return Err(ParseErrorKind::BadSymbol { symbol }),
                }
            }
            Some(symbols) => match symbols.iter().position(|&s| s == symbol) {
                Some(i) => i + 1,
                None if symbol == '.' || symbol == '0' => return Ok(0),
                None => return Err(ParseErrorKind::BadSymbol { symbol }),
            },
        };
        match u8::try_from(digit) {
            Ok(d) if digit <= side => Ok(d),
            _ => Err(ParseErrorKind::SymbolOutOfRange {
                symbol,
                digit,
                side,
            }),
        }
    }

    /// The symbol of `digit`, `.` for 0; `digit` must be at most `len()`.
    pub(crate) fn symbol(&self, digit: u8) -> char {
        if digit == 0 {
            return '.';
        }
        let i = usize::from(digit) - 1;
        match &self.custom {
            None => STANDARD_SYMBOLS.as_bytes()[i] as char,
            Some(symbols) => symbols[i],
        }
    }
}

/// What a 16x16 record read with the standard alphabet holds that tells
/// its two usual alphabets apart: `1-9A-G` with `0` empty, and `0-F` for
/// digits 1 to 16 with `.` empty.
///
/// The rule, which [`Puzzles`](crate::Puzzles) documents: a record with a
/// `G` (or `g`), or without a `0`, is `1-9A-G`; one with a `0` and no `G`
/// is `0-F` when it holds another empty symbol (`.`, `_`, `*`), since no
/// one writes empty cells two ways, and is refused otherwise
/// ([`ParseErrorKind::AmbiguousZero`]): its `0`s could be empty cells or
/// the digit 1, two different puzzles.
#[derive(Debug, Default)]
pub(crate) struct ZeroCensus {
    /// Indices of the cells written `0`.
    zeros: Vec<usize>,
    /// Line and column of the first `0`.
    first_zero: Option<(usize, usize)>,
    /// Cells noted so far.
    cells: usize,
    /// Whether a `G` or `g` was seen.
    letter_g: bool,
    /// Whether `.`, `_` or `*` was seen.
    other_empty: bool,
}

impl ZeroCensus {
    /// A census for a record of side `side` read with `alphabet`, when the
    /// rule applies: the standard alphabet and side 16.
    pub(crate) fn of(alphabet: &Alphabet, side: usize) -> Option<ZeroCensus> {
        (alphabet.custom.is_none() && side == 16).then(ZeroCensus::default)
    }

    /// Notes the cells of `line`, line number `number`, the record's next.
    pub(crate) fn note(&mut self, line: &str, number: usize) {
        for (column, symbol) in line_cells(line) {
            match symbol {
                '0' => {
                    self.zeros.push(self.cells);
                    self.first_zero.get_or_insert((number, column));
                }
                'G' | 'g' => self.letter_g = true,
                '.' | '_' | '*' => self.other_empty = true,
                _ => {}
            }
            self.cells += 1;
        }
    }

    /// Rereads `cells`, parsed as `1-9A-G`, as the rule says.
    ///
    /// # Errors
    ///
    /// [`ParseErrorKind::AmbiguousZero`] at the first `0` when the record
    /// could be either.
    pub(crate) fn resolve(&self, cells: &mut [u8]) -> Result<(), ParseError> {
        let Some((line, column)) = self.first_zero else {
            return Ok(());
        };
        if self.letter_g {
            return Ok(());
        }
        if !self.other_empty {
            let kind = ParseErrorKind::AmbiguousZero;
            return Err(ParseError::new(kind, line, Some(column)));
        }
        // Without a `G`, the digits read are 1 to 15: each is one more in
        // `0-F`, and `0` is 1.
        for cell in cells.iter_mut().filter(|cell| **cell != 0) {
            *cell += 1;
        }
        for &i in &self.zeros {
            cells[i] = 1;
        }
        Ok(())
    }
}

/// An error making a custom [`Alphabet`], or writing a grid with one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AlphabetError {
    kind: AlphabetErrorKind,
}

impl AlphabetError {
    pub(crate) fn new(kind: AlphabetErrorKind) -> AlphabetError {
        AlphabetError { kind }
    }

    /// What went wrong.
    pub fn kind(&self) -> &AlphabetErrorKind {
        &self.kind
    }
}

/// The kinds of [`AlphabetError`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum AlphabetErrorKind {
    /// No symbols.
    Empty,
    /// More than 255 symbols.
    TooLong {
        /// The number of symbols.
        len: usize,
    },
    /// A symbol with another meaning in puzzle text (layout, a comment, an
    /// empty cell).
    Reserved {
        /// The symbol.
        symbol: char,
    },
    /// A symbol listed twice.
    Repeated {
        /// The symbol.
        symbol: char,
    },
    /// Too few symbols for the digits of a grid being written.
    TooShort {
        /// The alphabet's number of symbols.
        symbols: usize,
        /// The grid's side n.
        side: usize,
    },
}

impl fmt::Display for AlphabetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            AlphabetErrorKind::Empty => write!(f, "the alphabet has no symbols"),
            AlphabetErrorKind::TooLong { len } => write!(
                f,
                "the alphabet has {len} symbols, more than {MAX_ALPHABET_LEN}"
            ),
            AlphabetErrorKind::Reserved { symbol } => {
                write!(f, "symbol {symbol:?} is reserved in puzzle text")
            }
            AlphabetErrorKind::Repeated { symbol } => {
                write!(f, "symbol {symbol:?} is listed twice")
            }
            AlphabetErrorKind::TooShort { symbols, side } => write!(
                f,
                "the alphabet has {symbols} symbols, too few for {}",
                a_grid(side)
            ),
        }
    }
}

impl Error for AlphabetError {}

/// Appends the digits of the cells on `line` (line number `line_number`) of
/// a grid of side `side` to `cells`.
///
/// On error, `cells` holds the digits before the bad symbol.
pub(crate) fn push_line_cells(
    line: &str,
    line_number: usize,
    side: usize,
    alphabet: &Alphabet,
    cells: &mut Vec<u8>,
) -> Result<(), ParseError> {
    for (column, symbol) in line_cells(line) {
        let digit = alphabet
            .digit(symbol, side)
            .map_err(|kind| ParseError::new(kind, line_number, Some(column)))?;
        cells.push(digit);
    }
    Ok(())
}

/// The first symbol on `line` that no grid size accepts, as an error: when a
/// line's cells make no grid, a stray symbol (such as the `:` of
/// `puzzle:count`) says more than the count.
pub(crate) fn stray_symbol(
    line: &str,
    line_number: usize,
    alphabet: &Alphabet,
) -> Option<ParseError> {
    line_cells(line).find_map(|(column, symbol)| {
        let stray = |side| {
            matches!(
                alphabet.digit(symbol, side),
                Err(ParseErrorKind::BadSymbol { .. })
            )
        };
        // Side 9 has the most empty symbols, side 49 the most digits.
        (stray(9) && stray(49)).then(|| {
            ParseError::new(
                ParseErrorKind::BadSymbol { symbol },
                line_number,
                Some(column),
            )
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::error::ParseErrorKind;
    use crate::grid::tests::pattern;
    use crate::grid::Grid;

    fn kind(text: &str) -> ParseErrorKind {
        Grid::parse(text).unwrap_err().kind().clone()
    }

    #[test]
    fn every_empty_symbol_reads_as_empty_up_to_9x9() {
        let text = format!(".0_*xX{}", ".".repeat(75));
        assert_eq!(Grid::parse(&text).unwrap().givens(), 0);
        let small = Grid::parse("x1x2....3...4...").unwrap();
        assert_eq!(small.givens(), 4);
    }

    #[test]
    fn big_grids_read_letters_in_either_case() {
        let upper = format!("ABCDEFG{}", ".".repeat(249));
        let lower = format!("abcdefg{}", ".".repeat(249));
        let a = Grid::parse(&upper).unwrap();
        assert_eq!(a, Grid::parse(&lower).unwrap());
        assert_eq!(&a.cells()[..7], &[10, 11, 12, 13, 14, 15, 16]);
        for empty in ['.', '0', '_', '*'] {
            let text = format!("{empty}{}", ".".repeat(255));
            assert_eq!(Grid::parse(&text).unwrap().givens(), 0);
        }
    }

    #[test]
    fn x_is_a_digit_from_16x16_on() {
        let text = format!("x{}", ".".repeat(255));
        let error = Grid::parse(&text).unwrap_err();
        assert_eq!(
            *error.kind(),
            ParseErrorKind::SymbolOutOfRange {
                symbol: 'x',
                digit: 33,
                side: 16
            }
        );
        assert_eq!(error.column(), Some(1));
        let big = format!("X{}", ".".repeat(1295));
        assert_eq!(Grid::parse(&big).unwrap().cells()[0], 33);
    }

    #[test]
    fn case_matters_from_36x36_on() {
        let text = format!("Aa{}", ".".repeat(1294));
        let grid = Grid::parse(&text).unwrap();
        assert_eq!(&grid.cells()[..2], &[10, 36]);
        let text = format!("b{}", ".".repeat(1295));
        assert_eq!(
            kind(&text),
            ParseErrorKind::SymbolOutOfRange {
                symbol: 'b',
                digit: 37,
                side: 36
            }
        );
    }

    #[test]
    fn sixteen_by_sixteen_displays_with_letters() {
        let grid = pattern(4);
        assert!(grid.to_string().starts_with("123456789ABCDEFG"));
        assert!(pattern(5)
            .to_string()
            .starts_with("123456789ABCDEFGHIJKLMNOP"));
    }

    #[test]
    fn custom_alphabets() {
        let hex = Alphabet::custom("0123456789ABCDEF").unwrap();
        let mut grid = pattern(4);
        grid.set(0, 0, 0).unwrap();
        let line = grid.to_line_with(&hex).unwrap();
        assert!(line.starts_with(".123456789ABCDEF"));
        assert_eq!(Grid::parse_with(&line, &hex).unwrap(), grid);
        let drawn = grid.to_grid_string_with(&hex).unwrap();
        assert_eq!(Grid::parse_with(&drawn, &hex).unwrap(), grid);
        // Lower case is not upper case in a custom alphabet.
        let lower = line.to_lowercase();
        assert!(matches!(
            Grid::parse_with(&lower, &hex).unwrap_err().kind(),
            ParseErrorKind::BadSymbol { .. }
        ));
        // `0` is empty unless it is a symbol.
        let letters = Alphabet::custom("abcd").unwrap();
        let grid = Grid::parse_with("a0.b............", &letters).unwrap();
        assert_eq!(&grid.cells()[..4], &[1, 0, 0, 2]);
        assert_eq!(grid.to_line_with(&letters).unwrap(), "a..b............");
    }

    #[test]
    fn alphabet_errors() {
        let err = |s: &str| Alphabet::custom(s).unwrap_err().kind;
        assert_eq!(err(""), AlphabetErrorKind::Empty);
        assert_eq!(err("12 3"), AlphabetErrorKind::Reserved { symbol: ' ' });
        for symbol in ['|', '-', '+', '#', '.', ',', ';'] {
            let s = format!("1{symbol}");
            assert_eq!(err(&s), AlphabetErrorKind::Reserved { symbol });
        }
        assert_eq!(err("1231"), AlphabetErrorKind::Repeated { symbol: '1' });
        let long: String = (0..300u32)
            .filter_map(|i| char::from_u32(0x100 + i))
            .collect();
        assert_eq!(err(&long), AlphabetErrorKind::TooLong { len: 300 });
        let short = Alphabet::custom("123456789").unwrap();
        let error = pattern(4).to_line_with(&short).unwrap_err();
        assert_eq!(
            error.to_string(),
            "the alphabet has 9 symbols, too few for a 16x16 grid"
        );
        assert!(pattern(4).to_grid_string_with(&short).is_err());
        let text = ".".repeat(256);
        let error = Grid::parse_with(&text, &short).unwrap_err();
        assert_eq!(
            *error.kind(),
            ParseErrorKind::AlphabetTooSmall {
                symbols: 9,
                side: 16
            }
        );
    }
}
