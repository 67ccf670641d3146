//! Tilings, read in either form: what a tiling, its problem, its solutions
//! and their pictures must satisfy, checked from the outside (item names,
//! the picture's text), shared by the targets of both forms.

use std::collections::{HashMap, HashSet};

use dlx::puzzles::{Tiling, TilingError, TilingErrorKind, Tilings};
use dlx::{Limits, OptionId, Outcome, Problem, Solver};

/// Longer inputs are not read: a board line of 15 bytes can hold 62^3
/// cells, and pieces' placements take time and memory in proportion.
pub const MAX_INPUT: usize = 512;

/// A board whose box (around its cells) has more positions is not built:
/// placing a piece tries every position of the box in each orientation.
pub const MAX_POSITIONS: usize = 2048;

/// Problems with more options are built but not solved.
pub const MAX_OPTIONS: usize = 1000;

/// Nodes per search: enough for the small tilings the fuzzer makes, and
/// searches of a few hundred options dominate the time per input.
pub const NODE_LIMIT: u64 = 250;

/// How cells are named: Knuth's form `3b`, `17!`, `012` (a digit per
/// coordinate, then the suffix), the drawn form `row-col`,
/// `layer-row-col`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    Knuth,
    Drawn,
}

/// Whether `Tiling::parse` reads `text` in the drawn form: its first line
/// that is neither blank nor a comment (`|`, after any byte-order marks)
/// holds only `.`, `+`, `#` and spaces.
pub fn looks_drawn(text: &str) -> bool {
    text.lines()
        .map(|line| line.trim_start_matches('\u{feff}'))
        .find(|line| !line.trim().is_empty() && !line.starts_with('|'))
        .is_some_and(|line| line.chars().all(|c| matches!(c, '.' | '+' | '#' | ' ')))
}

/// Checks a reading of `text` in `form`, and `Tiling::parse` against it
/// when `text` is in that form; builds the problem of a small tiling in
/// several ways and solves it under a node limit.
///
/// # Panics
///
/// When a property fails.
pub fn check(text: &str, form: Form, read: Result<Tiling, TilingError>) {
    if looks_drawn(text) == (form == Form::Drawn) {
        same_reading(&read, &Tiling::parse(text));
    }
    let tiling = match read {
        Ok(tiling) => tiling,
        Err(e) => {
            check_position(&e, text);
            return;
        }
    };
    let names: Vec<&str> = tiling.piece_names().collect();
    assert!(!names.is_empty(), "a tiling without pieces");
    assert_eq!(
        names.iter().collect::<HashSet<_>>().len(),
        names.len(),
        "a piece named twice: {names:?}"
    );
    for name in &names {
        let (lo, hi) = tiling.piece_bounds(name).expect("a piece has bounds");
        assert!(lo <= hi && hi >= 1, "piece {name}: bounds {lo}:{hi}");
    }
    assert!(matches!(tiling.dimensions(), 2 | 3));
    assert!(tiling.cell_count() >= 1, "an empty board is an error");

    // The board drawn empty: its box, before anything is placed in it.
    let empty = tiling.picture(&Problem::new(0, 0), &[]);
    let dots = empty.chars().filter(|&c| c == '.').count();
    assert!(dots <= tiling.cell_count(), "{dots} dots:\n{empty}");
    if form == Form::Drawn {
        // No suffixes: each cell has a position of its own.
        assert_eq!(dots, tiling.cell_count(), "{empty}");
    }
    if empty.chars().count() / label_width(&tiling) > MAX_POSITIONS {
        return;
    }

    let problem = match tiling.problem(Tilings::All) {
        Ok(problem) => problem,
        Err(e) => {
            check_position(&e, text);
            assert!(
                matches!(
                    e.kind(),
                    TilingErrorKind::PieceTooLarge { .. }
                        | TilingErrorKind::FitsNowhere(_)
                        | TilingErrorKind::NameIsACell(_)
                ),
                "{e}"
            );
            return;
        }
    };
    let board = Board::of(&tiling, &problem, form);
    check_options(&tiling, &problem, &board);
    if problem.option_count() > MAX_OPTIONS {
        return;
    }
    check_turns(&tiling, &problem);
    let all = solve(&problem, |solution| {
        board.check_picture(&tiling, &problem, solution);
    });
    check_up_to_symmetry(&tiling, &problem, all);
}

/// `Tiling::parse` reads as the reader of the text's form does.
fn same_reading(read: &Result<Tiling, TilingError>, again: &Result<Tiling, TilingError>) {
    match (read, again) {
        (Ok(a), Ok(b)) => {
            assert_eq!(a.dimensions(), b.dimensions());
            assert_eq!(a.cell_count(), b.cell_count());
            assert!(a.piece_names().eq(b.piece_names()));
        }
        (Err(e), Err(f)) => assert_eq!(e, f),
        (a, b) => panic!("the form's reader: {a:?}; Tiling::parse: {b:?}"),
    }
}

/// An error that has a line names a line of the text, and a column on it
/// or just past its end; no error has a column without a line.
fn check_position(error: &TilingError, text: &str) {
    let Some(line) = error.line() else {
        assert_eq!(error.column(), None, "{error}");
        return;
    };
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        (1..=lines.len()).contains(&line),
        "{error}: the text has {} lines",
        lines.len()
    );
    if let Some(column) = error.column() {
        let width = lines[line - 1].chars().count();
        assert!(
            (1..=width + 1).contains(&column),
            "{error}: the line has {width} characters"
        );
    }
}

/// The board as the problem names it: each cell item's position in the
/// picture (layer, row, column), from the names alone.
struct Board {
    /// Position of each item that is a cell; `None` for pieces.
    place: Vec<Option<[usize; 3]>>,
    /// Whether each item is a piece.
    piece: Vec<bool>,
    low: [usize; 3],
    size: [usize; 3],
}

impl Board {
    fn of(tiling: &Tiling, problem: &Problem, form: Form) -> Board {
        let pieces: HashSet<&str> = tiling.piece_names().collect();
        let mut place = Vec::new();
        let mut piece = Vec::new();
        for item in 0..problem.item_count() {
            let name = problem.item_name(item).expect("an item has a name");
            let is_piece = pieces.contains(name);
            piece.push(is_piece);
            place.push((!is_piece).then(|| position(name, form, tiling.dimensions())));
        }
        assert_eq!(
            problem.item_count(),
            tiling.cell_count() + pieces.len(),
            "items: a cell each, a piece each"
        );
        let mut low = [usize::MAX; 3];
        let mut high = [0; 3];
        for at in place.iter().flatten() {
            for axis in 0..3 {
                low[axis] = low[axis].min(at[axis]);
                high[axis] = high[axis].max(at[axis] + 1);
            }
        }
        let size = [0, 1, 2].map(|axis| high[axis] - low[axis]);
        Board {
            place,
            piece,
            low,
            size,
        }
    }

    /// Checks a solution's picture: every cell to fill is covered once, no
    /// cell twice; the picture is the board's box, with at each position
    /// the piece (numbered by its copy when it may be used more than once)
    /// of an option covering a cell there, `.` where none does, spaces
    /// where the board has no cell.
    fn check_picture(&self, tiling: &Tiling, problem: &Problem, solution: &[OptionId]) {
        let picture = tiling.picture(problem, solution);
        let label = |name: &str, copy: u32| label(tiling, name, copy);
        let width = label_width(tiling);
        let gap = usize::from(width > 1);

        // The labels of the pieces on each position, and the uses of each
        // cell.
        let mut uses = vec![0; problem.item_count()];
        let mut shown: HashMap<[usize; 3], HashSet<String>> = HashMap::new();
        let mut copies: HashMap<&str, u32> = HashMap::new();
        for &id in solution {
            let entries = problem.option(id).expect("an option of the problem");
            let name = problem.item_name(entries[0].item).expect("a piece");
            let copy = copies.entry(name).or_default();
            *copy += 1;
            for entry in &entries[1..] {
                uses[entry.item] += 1;
                let at = self.place[entry.item].expect("a cell");
                shown.entry(at).or_default().insert(label(name, *copy));
            }
        }
        for (item, &n) in uses.iter().enumerate() {
            if self.piece[item] {
                continue;
            }
            let name = problem.item_name(item).unwrap_or_default();
            if problem.is_primary(item) {
                assert_eq!(n, 1, "cell {name} covered {n} times");
            } else {
                assert!(n <= 1, "cell {name} covered {n} times");
            }
        }

        let cells: HashSet<[usize; 3]> = self.place.iter().flatten().copied().collect();
        let [layers, rows, cols] = self.size;
        let block = cols * width + cols.saturating_sub(1) * gap;
        let lines: Vec<Vec<char>> = picture
            .strip_suffix('\n')
            .unwrap_or_else(|| panic!("a picture ends its last line:\n{picture}"))
            .split('\n')
            .map(|line| line.chars().collect())
            .collect();
        assert_eq!(lines.len(), rows, "rows:\n{picture}");
        for (r, line) in lines.iter().enumerate() {
            assert_eq!(line.len(), layers * (block + 2) - 2, "row {r}:\n{picture}");
            for l in 0..layers {
                for c in 0..cols {
                    let start = l * (block + 2) + c * (width + gap);
                    let token: String = line[start..start + width].iter().collect();
                    let at = [l + self.low[0], r + self.low[1], c + self.low[2]];
                    let token = token.trim_end_matches(' ');
                    match shown.get(&at) {
                        Some(labels) => assert!(
                            labels.contains(token),
                            "{at:?} shows {token:?}, not one of {labels:?}:\n{picture}"
                        ),
                        None if cells.contains(&at) => {
                            assert_eq!(token, ".", "{at:?} is empty:\n{picture}")
                        }
                        None => assert_eq!(token, "", "{at:?} is no cell:\n{picture}"),
                    }
                }
            }
        }
    }
}

/// How a picture shows copy `copy` of piece `name`: by its name, and the
/// copy's number when the piece may be used more than once.
fn label(tiling: &Tiling, name: &str, copy: u32) -> String {
    let (_, hi) = tiling.piece_bounds(name).expect("a piece");
    if hi > 1 {
        format!("{name}{copy}")
    } else {
        name.to_string()
    }
}

/// The characters a picture gives each position: the longest label.
fn label_width(tiling: &Tiling) -> usize {
    tiling
        .piece_names()
        .map(|name| {
            let (_, hi) = tiling.piece_bounds(name).expect("a piece");
            label(tiling, name, hi).chars().count()
        })
        .max()
        .unwrap_or(1)
        .max(1)
}

/// The position in the picture (layer, row, column) of the cell named
/// `name`.
fn position(name: &str, form: Form, dimensions: usize) -> [usize; 3] {
    let at: Vec<usize> = match form {
        Form::Knuth => name.chars().take(dimensions).map(knuth_digit).collect(),
        Form::Drawn => name
            .split('-')
            .map(|x| x.parse().unwrap_or_else(|_| panic!("cell name {name:?}")))
            .collect(),
    };
    assert_eq!(at.len(), dimensions, "cell name {name:?}");
    match at[..] {
        [r, c] => [0, r, c],
        [l, r, c] => [l, r, c],
        _ => unreachable!(),
    }
}

/// Knuth's radix-62 digit: `0-9`, then `a-z`, then `A-Z`.
fn knuth_digit(c: char) -> usize {
    let from = |base: char, value: usize| value + (c as usize - base as usize);
    match c {
        '0'..='9' => from('0', 0),
        'a'..='z' => from('a', 10),
        'A'..='Z' => from('A', 36),
        _ => panic!("{c:?} is not a digit of a cell's name"),
    }
}

/// Each option is a piece, then one or more of the board's cells, each
/// once; each piece is a primary item with its bounds.
fn check_options(tiling: &Tiling, problem: &Problem, board: &Board) {
    for name in tiling.piece_names() {
        let item = problem.item(name).expect("a piece is an item");
        assert!(problem.is_primary(item), "piece {name} is primary");
        let (lo, hi) = tiling.piece_bounds(name).expect("a piece");
        assert_eq!(problem.bounds(item), (lo, hi), "piece {name}");
    }
    for (id, entries) in problem.options() {
        assert!(
            board.piece[entries[0].item],
            "option {id:?} starts with a piece"
        );
        assert!(entries.len() >= 2, "option {id:?} has cells");
        let mut cells = HashSet::new();
        for entry in &entries[1..] {
            assert!(!board.piece[entry.item], "option {id:?}: two pieces");
            assert!(cells.insert(entry.item), "option {id:?}: a cell twice");
            assert_eq!(entry.color, None);
        }
    }
}

/// The options of a problem as the item names they hold.
fn option_names(problem: &Problem) -> HashMap<Vec<&str>, OptionId> {
    problem
        .options()
        .map(|(id, entries)| {
            let names = entries
                .iter()
                .map(|e| problem.item_name(e.item).expect("an item"))
                .collect();
            (names, id)
        })
        .collect()
}

/// Turning pieces fewer ways only drops placements, more ways only adds
/// them: without turns nor mirror images, the options are some of the
/// problem's; with mirror images, the problem's options are among them.
fn check_turns(tiling: &Tiling, problem: &Problem) {
    let options = option_names(problem);
    let fixed = tiling.clone().rotations(false).reflections(false);
    match fixed.problem(Tilings::All) {
        Ok(fixed) => {
            for names in option_names(&fixed).keys() {
                assert!(options.contains_key(names), "{names:?}: not turned");
            }
        }
        Err(e) => assert!(matches!(e.kind(), TilingErrorKind::FitsNowhere(_)), "{e}"),
    }
    let mirrored = tiling
        .clone()
        .reflections(true)
        .problem(Tilings::All)
        .expect("mirror images add placements");
    let more = option_names(&mirrored);
    for names in options.keys() {
        assert!(more.contains_key(names), "{names:?}: mirror images lose it");
    }
}

/// Solves under the node limit, checking each solution with
/// `Problem::verify` and `visit`: the number of solutions, when the search
/// completes.
fn solve(problem: &Problem, mut visit: impl FnMut(&[OptionId])) -> Option<u64> {
    let mut solver = Solver::new(problem);
    solver.set_limits(Limits::new().nodes(NODE_LIMIT));
    let mut found = 0;
    let mut solutions = solver.solutions();
    for solution in solutions.by_ref() {
        if let Err(e) = problem.verify(&solution) {
            panic!("solution {solution:?} does not verify: {e}");
        }
        visit(&solution);
        found += 1;
    }
    match solutions.solver().outcome() {
        Outcome::Complete => Some(found),
        Outcome::NodeLimit => None,
        outcome => panic!("a search under a node limit ends {outcome:?}"),
    }
}

/// Up to symmetry, the problem is the problem's options, some dropped,
/// with secondary items that keep one tiling of each class: a solution
/// without them is a tiling, and there are between all/|G| and all classes
/// when `all` tilings were counted.
fn check_up_to_symmetry(tiling: &Tiling, problem: &Problem, all: Option<u64>) {
    let unique = match tiling.problem(Tilings::UpToSymmetry) {
        Ok(unique) => unique,
        Err(e) => {
            assert!(
                matches!(e.kind(), TilingErrorKind::CannotBreakSymmetry(_)),
                "{e}"
            );
            return;
        }
    };
    let options = option_names(problem);
    let items: HashSet<&str> = (0..problem.item_count())
        .filter_map(|item| problem.item_name(item))
        .collect();
    let classes = solve(&unique, |solution| {
        let tiling: Vec<OptionId> = solution
            .iter()
            .map(|&id| {
                let names: Vec<&str> = unique
                    .option(id)
                    .expect("an option")
                    .iter()
                    .map(|e| unique.item_name(e.item).expect("an item"))
                    .filter(|name| items.contains(name))
                    .collect();
                *options
                    .get(&names)
                    .unwrap_or_else(|| panic!("{names:?} is no placement"))
            })
            .collect();
        if let Err(e) = problem.verify(&tiling) {
            panic!("a tiling up to symmetry is no tiling: {e}");
        }
    });
    if let (Some(all), Some(classes)) = (all, classes) {
        let group = tiling.symmetry_count() as u64;
        assert!(
            classes <= all && all <= classes * group,
            "{classes} classes of {all} tilings, {group} symmetries"
        );
    }
}
