//! N-queens, as Knuth's DLX1 states it.

use crate::error::{Error, ErrorKind};
use crate::footprint::{self, Shape};
use crate::memory;
use crate::problem::{node_count, OptionId, Problem, MAX_NODES};

/// The N-queens problem as Knuth's DLX1 states it: place `n` queens on an
/// `n` x `n` board, no two in a row, column or diagonal.
///
/// Primary items `r0..r{n-1}` (rows) and `c0..c{n-1}` (columns); secondary
/// items `a0..a{2n-2}` (the diagonals, `a{r+c}`) and `b0..b{2n-2}` (the
/// anti-diagonals, `b{r-c+n-1}`); one option `r{r} c{c} a{r+c} b{r-c+n-1}`
/// per square, row by row. For `n = 0` the problem has no items and one,
/// empty, solution.
///
/// # Panics
///
/// When [`try_queens`] gives an error: past the solver's 2^30 nodes (`n`
/// above 14653), or when the problem and its solver would need more memory
/// than the process can have (about 1.5 GB for `n = 3000`).
///
/// # Complexity
///
/// `n * n` options of 4 items each.
///
/// # Example
///
/// ```
/// use dlx::puzzles::{queens, queens_board};
/// use dlx::Solver;
///
/// let problem = queens(4);
/// let mut solver = Solver::new(&problem);
/// assert_eq!(solver.count(), 2);
/// let solution = solver.first().expect("4 queens fit");
/// assert_eq!(queens_board(&problem, 4, &solution), ".Q..\n...Q\nQ...\n..Q.\n");
/// ```
pub fn queens(n: usize) -> Problem {
    match try_queens(n) {
        Ok(problem) => problem,
        Err(e) => panic!("{n}-queens: {e}"),
    }
}

/// [`queens`], or an error when the problem is too large.
///
/// # Errors
///
/// Found before anything is built: [`ErrorKind::TooLarge`] when the problem
/// would exceed the solver's 2^30 nodes, and [`ErrorKind::OutOfMemory`] when
/// the problem and its solver together would need more memory than the
/// process can have (see [`Solver::try_new`](crate::Solver::try_new)); for
/// `n = 14653`, the largest board under the node limit, they need about
/// 33 GB.
///
/// # Example
///
/// ```
/// let problem = dlx::puzzles::try_queens(8)?;
/// assert_eq!(problem.option_count(), 64);
/// assert!(dlx::puzzles::try_queens(usize::MAX).is_err());
/// # Ok::<(), dlx::Error>(())
/// ```
pub fn try_queens(n: usize) -> Result<Problem, Error> {
    queens_within(n, memory::available())
}

/// [`try_queens`] with `available` bytes of memory.
fn queens_within(n: usize, available: Option<u64>) -> Result<Problem, Error> {
    if n == 0 {
        return Ok(Problem::new(0, 0));
    }
    // 6n - 2 items, n * n options of 4 entries.
    let nodes = n
        .checked_mul(n)
        .and_then(|squares| node_count(n.checked_mul(6)? - 2, squares.checked_mul(4)?, squares));
    if nodes.is_none_or(|nodes| nodes > MAX_NODES) {
        return Err(Error::new(ErrorKind::TooLarge));
    }
    let (nodes, squares, diagonals) = (nodes.unwrap_or(0), n * n, 2 * n - 1);
    // Names of one letter and up to as many digits as 2n - 2 has.
    let digits = (2 * n).to_string().len();
    let items = 2 * n + 2 * diagonals;
    let shape = Shape {
        items,
        primary: 2 * n,
        name_bytes: items * (1 + digits),
        options: squares,
        ids: squares,
        entries: 4 * squares,
        ..Shape::default()
    };
    let needed =
        footprint::problem_bytes(&shape).saturating_add(footprint::solver_bytes_for(&shape, nodes));
    memory::check_against(needed, available)?;
    let primary = (0..n)
        .map(|r| format!("r{r}"))
        .chain((0..n).map(|c| format!("c{c}")));
    let secondary = (0..diagonals)
        .map(|d| format!("a{d}"))
        .chain((0..diagonals).map(|d| format!("b{d}")));
    let mut problem = Problem::with_names(primary, secondary)?;
    problem.try_reserve(squares, 4 * squares)?;
    let (a, b) = (2 * n, 2 * n + diagonals);
    for r in 0..n {
        for c in 0..n {
            problem.add_option([r, n + c, a + r + c, b + r + n - 1 - c])?;
        }
    }
    Ok(problem)
}

/// Draws a solution of [`queens`]`(n)`: `n` lines of `n` characters, `Q` for
/// a queen and `.` for an empty square.
///
/// Each option's square is read from the names of its items (`r{r}` and
/// `c{c}`), so the options may come in any order; an option id the problem
/// does not have, or a square off the board, is left out.
///
/// # Complexity
///
/// Linear in the size of the picture, `n * (n + 1)` characters.
///
/// # Example
///
/// ```
/// use dlx::puzzles::{queens, queens_board};
/// use dlx::Solver;
/// let problem = queens(1);
/// let solution = Solver::new(&problem).first().expect("one queen fits");
/// assert_eq!(queens_board(&problem, 1, &solution), "Q\n");
/// ```
pub fn queens_board(problem: &Problem, n: usize, solution: &[OptionId]) -> String {
    let mut queens: Vec<(usize, usize)> = solution
        .iter()
        .filter_map(|&id| {
            let mut square = (None, None);
            for entry in problem.option(id)? {
                let name = problem.item_name(entry.item)?;
                if let Some(r) = numbered(name, 'r') {
                    square.0 = Some(r);
                } else if let Some(c) = numbered(name, 'c') {
                    square.1 = Some(c);
                }
            }
            match square {
                (Some(r), Some(c)) if r < n && c < n => Some((r, c)),
                _ => None,
            }
        })
        .collect();
    queens.sort_unstable();
    let mut picture = String::new();
    let mut next = queens.iter().peekable();
    for r in 0..n {
        let mut line = vec![b'.'; n];
        while let Some(&(_, c)) = next.next_if(|&&(row, _)| row == r) {
            line[c] = b'Q';
        }
        picture.extend(line.iter().map(|&b| char::from(b)));
        picture.push('\n');
    }
    picture
}

/// The number in an item name such as `r12`, after its one-letter prefix.
fn numbered(name: &str, prefix: char) -> Option<usize> {
    let digits = name.strip_prefix(prefix)?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_too_large_for_the_memory_is_refused_before_it_is_built() {
        let gb = 1 << 30;
        let started = std::time::Instant::now();
        let err = queens_within(14653, Some(23 * gb)).unwrap_err();
        let ErrorKind::OutOfMemory { needed, available } = *err.kind() else {
            panic!("{err}");
        };
        assert!((30 * gb..40 * gb).contains(&needed), "{err}");
        assert_eq!(available, Some(23 * gb));
        assert!(err.to_string().starts_with("needs about 3"), "{err}");
        assert!(started.elapsed().as_secs() < 1);
        // What fits is built.
        assert_eq!(queens_within(8, Some(gb)).unwrap().option_count(), 64);
        assert!(queens_within(100, Some(1 << 20)).is_err());
    }

    #[test]
    fn too_many_queens_are_refused() {
        assert_eq!(
            try_queens(1 << 20).unwrap_err().kind(),
            &ErrorKind::TooLarge
        );
    }

    #[test]
    fn queens_items_are_knuths() {
        let problem = queens(3);
        assert_eq!(problem.primary_count(), 6);
        assert_eq!(problem.secondary_count(), 10);
        let names = |id: usize| -> Vec<&str> {
            problem
                .option(OptionId::from_index(id))
                .unwrap()
                .iter()
                .map(|e| problem.item_name(e.item).unwrap())
                .collect()
        };
        assert_eq!(names(0), ["r0", "c0", "a0", "b2"]);
        assert_eq!(names(5), ["r1", "c2", "a3", "b1"]);
        assert_eq!(queens(0).item_count(), 0);
    }

    #[test]
    fn pictures_ignore_foreign_options() {
        let problem = queens(2);
        let board = queens_board(
            &problem,
            2,
            &[OptionId::from_index(1), OptionId::from_index(99)],
        );
        assert_eq!(board, ".Q\n..\n");
        assert_eq!(
            queens_board(&problem, 3, &[OptionId::from_index(0)]),
            "Q..\n...\n...\n"
        );
    }
}
