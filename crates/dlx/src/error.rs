//! The error type of building, reading, selecting and excluding.

use std::fmt;
use std::io;
use std::sync::Arc;

/// An error from building a [`Problem`](crate::Problem), reading one in
/// Knuth's format, or selecting or excluding an option: what went wrong and, for text
/// input, where (1-based line and column).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    line: Option<usize>,
    column: Option<usize>,
}

/// What went wrong; see [`Error::kind`].
///
/// Two kinds are equal when they say the same thing; two [`ErrorKind::Io`]
/// are equal when their `io::ErrorKind`s are.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum ErrorKind {
    /// An option names an item the problem does not have.
    UnknownItem(String),
    /// An option names this item twice.
    RepeatedItem(String),
    /// An option has no primary item.
    NoPrimaryItem,
    /// An option gives a color to this primary item.
    ColorOnPrimary(String),
    /// A color that the problem did not make.
    UnknownColor,
    /// The item line declares this name twice.
    DuplicateItem(String),
    /// A name that is empty or holds white space, `:` or `|`.
    InvalidName(String),
    /// The input has no item line.
    NoItems,
    /// The item line has a second `|`.
    SecondBar,
    /// The problem has more nodes than the arena can index (2^30).
    TooLarge,
    /// The option cannot be selected: it shares an item with an option
    /// already selected (named by its item).
    Conflict(String),
    /// The problem has no option with this id.
    UnknownOption(usize),
    /// Bounds that no count can meet, or given to an item that cannot have
    /// them (see [`Problem::set_bounds`](crate::Problem::set_bounds)): the
    /// item's name and the bounds asked.
    InvalidBounds {
        /// The item's name.
        item: String,
        /// The least number of times asked.
        lo: u32,
        /// The most number of times asked.
        hi: u32,
    },
    /// The option with this id cannot be selected: it is excluded (see
    /// [`Solver::exclude`](crate::Solver::exclude)).
    Excluded(usize),
    /// The option with this id cannot be excluded: it is selected.
    Selected(usize),
    /// Reading the input failed; [`Error::source`](std::error::Error::source)
    /// gives the I/O error.
    Io(Arc<io::Error>),
    /// The input has this byte, which is not UTF-8, outside a comment.
    InvalidUtf8(u8),
    /// A count passes 2^128 - 1, the most a count holds.
    CountOverflow,
    /// What was asked cannot be done for this problem: the message says
    /// what and why.
    Unsupported(&'static str),
    /// Building the problem or its solver needs more memory than can be had:
    /// about `needed` bytes, of which `available` (when known) could be used.
    OutOfMemory {
        /// The bytes the problem or solver needs, estimated before allocating.
        needed: u64,
        /// The bytes that could be had, when known.
        available: Option<u64>,
    },
}

impl Error {
    pub(crate) fn new(kind: ErrorKind) -> Error {
        Error {
            kind,
            line: None,
            column: None,
        }
    }

    pub(crate) fn at(mut self, line: usize, column: usize) -> Error {
        self.line = Some(line);
        self.column = Some(column);
        self
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// The 1-based line of the input where it went wrong, for text input.
    pub fn line(&self) -> Option<usize> {
        self.line
    }

    /// The 1-based column (in characters) where it went wrong, for text input.
    pub fn column(&self) -> Option<usize> {
        self.column
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_located(f, self.line, self.column, &self.kind)
    }
}

/// Writes `message` after `line L, column C: ` (or `line L: `) when the
/// place is known: the `Display` of the crate's located errors.
pub(crate) fn write_located(
    f: &mut fmt::Formatter<'_>,
    line: Option<usize>,
    column: Option<usize>,
    message: &dyn fmt::Display,
) -> fmt::Result {
    match (line, column) {
        (Some(line), Some(column)) => write!(f, "line {line}, column {column}: ")?,
        (Some(line), None) => write!(f, "line {line}: ")?,
        _ => {}
    }
    message.fmt(f)
}

/// The message alone, without the line and column: for tools that print
/// `FILE:LINE:COLUMN: message`.
impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::UnknownItem(name) => write!(f, "unknown item '{name}'"),
            ErrorKind::RepeatedItem(name) => write!(f, "item '{name}' is repeated in the option"),
            ErrorKind::NoPrimaryItem => write!(f, "option has no primary item"),
            ErrorKind::ColorOnPrimary(name) => {
                write!(f, "primary item '{name}' cannot have a color")
            }
            ErrorKind::UnknownColor => write!(f, "color does not belong to this problem"),
            ErrorKind::DuplicateItem(name) => write!(f, "item '{name}' is declared twice"),
            ErrorKind::InvalidName(name) => write!(
                f,
                "invalid name '{name}' (names are non-empty, without spaces, ':', '|' or U+FEFF)"
            ),
            ErrorKind::NoItems => write!(f, "no item line (the first line that is not a comment)"),
            ErrorKind::SecondBar => write!(f, "a second '|' in the item line"),
            ErrorKind::TooLarge => write!(f, "problem too large (more than 2^30 nodes)"),
            ErrorKind::Conflict(name) => write!(
                f,
                "option conflicts with a selected option on item '{name}'"
            ),
            ErrorKind::UnknownOption(id) => write!(f, "no option has id {id}"),
            ErrorKind::InvalidBounds { item, lo, hi } => write!(
                f,
                "item '{item}' cannot be covered between {lo} and {hi} times \
                 (bounds are for primary items, with 0 <= lo <= hi and hi >= 1)"
            ),
            ErrorKind::Excluded(id) => write!(f, "option {id} is excluded and cannot be selected"),
            ErrorKind::Selected(id) => write!(f, "option {id} is selected and cannot be excluded"),
            ErrorKind::Io(error) => write!(f, "read error: {error}"),
            ErrorKind::InvalidUtf8(byte) => write!(f, "invalid UTF-8 byte 0x{byte:02x}"),
            ErrorKind::CountOverflow => write!(f, "the count passes 2^128 - 1"),
            ErrorKind::Unsupported(what) => f.write_str(what),
            ErrorKind::OutOfMemory { needed, available } => {
                write!(f, "needs about {} of memory", Bytes(*needed))?;
                match available {
                    Some(available) => write!(f, ", more than the {} available", Bytes(*available)),
                    None => write!(f, ", more than can be allocated"),
                }
            }
        }
    }
}

impl PartialEq for ErrorKind {
    fn eq(&self, other: &ErrorKind) -> bool {
        use ErrorKind::*;
        match (self, other) {
            (UnknownItem(a), UnknownItem(b))
            | (RepeatedItem(a), RepeatedItem(b))
            | (ColorOnPrimary(a), ColorOnPrimary(b))
            | (DuplicateItem(a), DuplicateItem(b))
            | (InvalidName(a), InvalidName(b))
            | (Conflict(a), Conflict(b)) => a == b,
            (NoPrimaryItem, NoPrimaryItem)
            | (UnknownColor, UnknownColor)
            | (NoItems, NoItems)
            | (SecondBar, SecondBar)
            | (TooLarge, TooLarge)
            | (CountOverflow, CountOverflow) => true,
            (Unsupported(a), Unsupported(b)) => a == b,
            (UnknownOption(a), UnknownOption(b))
            | (Excluded(a), Excluded(b))
            | (Selected(a), Selected(b)) => a == b,
            (
                InvalidBounds {
                    item: a,
                    lo: la,
                    hi: ha,
                },
                InvalidBounds {
                    item: b,
                    lo: lb,
                    hi: hb,
                },
            ) => (a, la, ha) == (b, lb, hb),
            (Io(a), Io(b)) => a.kind() == b.kind(),
            (InvalidUtf8(a), InvalidUtf8(b)) => a == b,
            (
                OutOfMemory { needed, available },
                OutOfMemory {
                    needed: n,
                    available: a,
                },
            ) => needed == n && available == a,
            _ => false,
        }
    }
}

impl Eq for ErrorKind {}

impl From<io::Error> for Error {
    fn from(error: io::Error) -> Error {
        Error::new(ErrorKind::Io(Arc::new(error)))
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ErrorKind::Io(error) => Some(&**error),
            _ => None,
        }
    }
}

/// A byte count for people: `1.5 GB`, `312 MB`, `40 KB`, `12 bytes`.
struct Bytes(u64);

impl fmt::Display for Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const UNITS: [(u64, &str); 4] = [
            (1 << 40, "TB"),
            (1 << 30, "GB"),
            (1 << 20, "MB"),
            (1 << 10, "KB"),
        ];
        for (size, unit) in UNITS {
            if self.0 >= size {
                return write!(f, "{:.1} {unit}", self.0 as f64 / size as f64);
            }
        }
        write!(f, "{} bytes", self.0)
    }
}
