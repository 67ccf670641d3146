//! Exact cover: `Problem`, `Solver`, `Solutions` and `Stats`.

use std::io::{BufReader, BufWriter, Write};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

use dlx::{Limits, Memo, OptionId, Order, Outcome};
use pyo3::exceptions::{PyIndexError, PyKeyError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::errors::{exception, OrRaise, ToPyErr};
use crate::run::{cancellable, deadline, expired};

/// Nodes searched with the GIL released between two looks at the signals
/// and the clock: a few milliseconds of search.
const SLICE: u64 = 1 << 18;

/// An exact-cover problem: primary items (each covered exactly once, or
/// between the bounds of its multiplicity), secondary items (at most once,
/// or by any options that agree on its color), and options, each a set of
/// items.
///
/// ``Problem(primary, secondary=())`` names the items; a primary name may
/// carry bounds as in Knuth's format, ``"2:3|seat"`` (covered 2 to 3
/// times) or ``"2|seat"`` (exactly twice). ``Problem.parse(text)`` and
/// ``Problem.read(path)`` read Knuth's DLX format, and ``str(problem)`` writes
/// it. Options are numbered from 0 in the order they are added.
#[pyclass(module = "dlx_cover", name = "Problem")]
#[derive(Clone)]
pub struct PyProblem {
    /// Shared with the solvers made from it; copied on change after that.
    pub(crate) inner: Arc<dlx::Problem>,
}

impl PyProblem {
    pub(crate) fn wrap(problem: dlx::Problem) -> PyProblem {
        PyProblem {
            inner: Arc::new(problem),
        }
    }
}

/// The names of an option's items, `item:color` for a colored one: the
/// words of its line in Knuth's format.
pub(crate) fn option_names(problem: &dlx::Problem, id: OptionId) -> Vec<String> {
    problem
        .option(id)
        .unwrap_or_default()
        .iter()
        .map(|entry| {
            let name = problem.item_name(entry.item).unwrap_or_default();
            match entry.color.and_then(|c| problem.color_name(c)) {
                Some(color) => format!("{name}:{color}"),
                None => name.to_string(),
            }
        })
        .collect()
}

/// A primary item's name and bounds, from `"lo:hi|name"`, `"n|name"` or
/// `"name"`.
fn bounded_name(spec: &str) -> PyResult<(&str, Option<(u32, u32)>)> {
    let Some((bounds, name)) = spec.split_once('|') else {
        return Ok((spec, None));
    };
    let number = |text: &str| {
        text.parse::<u32>().map_err(|_| {
            exception(
                "ProblemError",
                format!("invalid bounds '{bounds}' of item '{name}'"),
                None,
                None,
            )
        })
    };
    let (lo, hi) = match bounds.split_once(':') {
        Some((lo, hi)) => (number(lo)?, number(hi)?),
        None => {
            let n = number(bounds)?;
            (n, n)
        }
    };
    Ok((name, Some((lo, hi))))
}

/// The items of an option given as a string of words or a sequence of
/// strings.
fn option_words(items: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if items.is_instance_of::<PyString>() {
        let text: String = items.extract()?;
        return Ok(text.split_whitespace().map(str::to_string).collect());
    }
    items.extract::<Vec<String>>().map_err(|_| {
        PyTypeError::new_err("an option is a string of item names or a sequence of them")
    })
}

/// An option id of `problem`, checked.
fn option_id(problem: &dlx::Problem, index: usize) -> PyResult<OptionId> {
    let id = OptionId::from_index(index);
    match problem.option(id) {
        Some(_) => Ok(id),
        None => Err(PyIndexError::new_err(format!("no option {index}"))),
    }
}

#[pymethods]
impl PyProblem {
    #[new]
    #[pyo3(signature = (primary, secondary = Vec::new()))]
    fn new(primary: Vec<String>, secondary: Vec<String>) -> PyResult<PyProblem> {
        let mut names = Vec::with_capacity(primary.len());
        let mut bounds = Vec::new();
        for (k, spec) in primary.iter().enumerate() {
            let (name, b) = bounded_name(spec)?;
            names.push(name);
            if let Some((lo, hi)) = b {
                bounds.push((k, lo, hi));
            }
        }
        let mut problem = dlx::Problem::with_names(names, &secondary).or_raise()?;
        for (item, lo, hi) in bounds {
            problem.set_bounds(item, lo, hi).or_raise()?;
        }
        Ok(PyProblem::wrap(problem))
    }

    /// Reads a problem in Knuth's DLX format from a string.
    ///
    /// Raises ParseError with the line and column of the first fault.
    #[staticmethod]
    fn parse(text: &str) -> PyResult<PyProblem> {
        dlx::parse(text).map(PyProblem::wrap).or_raise()
    }

    /// Reads a problem in Knuth's DLX format from a file. With
    /// ``lenient=True``, an option without a primary item is skipped, as
    /// Knuth's programs do, instead of being an error.
    ///
    /// Raises ParseError (with ``filename``, ``line`` and ``column``) or
    /// OSError.
    #[staticmethod]
    #[pyo3(signature = (path, *, lenient = false))]
    fn read(py: Python<'_>, path: PathBuf, lenient: bool) -> PyResult<PyProblem> {
        let file = crate::errors::open(&path)?;
        let read = py.detach(|| {
            let reader = BufReader::new(file);
            if lenient {
                dlx::read_lenient(reader).map(|(problem, _)| problem)
            } else {
                dlx::read(reader)
            }
        });
        read.map(PyProblem::wrap).map_err(|e| {
            let err = e.to_py();
            let _ = err
                .value(py)
                .setattr("filename", path.to_string_lossy().as_ref());
            err
        })
    }

    /// Adds an option: its items as a string of names (``"a b x:red"``) or
    /// a sequence of names, a secondary item optionally with a color
    /// (``"x:red"``). Returns the option's index.
    ///
    /// Raises ProblemError for an unknown or repeated item, a color on a
    /// primary item, or an option without a primary item; the problem is
    /// then unchanged.
    fn add_option(&mut self, items: &Bound<'_, PyAny>) -> PyResult<usize> {
        let words = option_words(items)?;
        let problem = Arc::make_mut(&mut self.inner);
        problem
            .add_option_named(&words)
            .map(OptionId::index)
            .or_raise()
    }

    /// Adds every option of an iterable, as ``add_option`` does each.
    fn add_options(&mut self, options: &Bound<'_, PyAny>) -> PyResult<()> {
        for option in options.try_iter()? {
            self.add_option(&option?)?;
        }
        Ok(())
    }

    /// Sets the bounds of a primary item: covered at least ``lo`` and at
    /// most ``hi`` times (Knuth's ``lo:hi|item``).
    fn set_bounds(&mut self, item: &str, lo: u32, hi: u32) -> PyResult<()> {
        let index = self.item_index(item)?;
        Arc::make_mut(&mut self.inner)
            .set_bounds(index, lo, hi)
            .or_raise()
    }

    /// The bounds ``(lo, hi)`` of an item: ``(1, 1)`` for a plain primary
    /// item, ``(0, 1)`` for a secondary one.
    fn bounds(&self, item: &str) -> PyResult<(u32, u32)> {
        Ok(self.inner.bounds(self.item_index(item)?))
    }

    /// Whether some primary item has bounds other than (1, 1).
    #[getter]
    fn has_multiplicities(&self) -> bool {
        self.inner.has_multiplicities()
    }

    /// The primary items' names.
    #[getter]
    fn primary(&self) -> Vec<String> {
        (0..self.inner.primary_count())
            .map(|i| self.inner.item_name(i).unwrap_or_default().to_string())
            .collect()
    }

    /// The secondary items' names.
    #[getter]
    fn secondary(&self) -> Vec<String> {
        (self.inner.primary_count()..self.inner.item_count())
            .map(|i| self.inner.item_name(i).unwrap_or_default().to_string())
            .collect()
    }

    /// Every option, as the names of its items, in order.
    #[getter]
    fn options(&self) -> Vec<Vec<String>> {
        self.inner
            .options()
            .map(|(id, _)| option_names(&self.inner, id))
            .collect()
    }

    /// The names of the items of option ``index``.
    fn option(&self, index: usize) -> PyResult<Vec<String>> {
        let id = option_id(&self.inner, index)?;
        Ok(option_names(&self.inner, id))
    }

    /// The number of options.
    fn __len__(&self) -> usize {
        self.inner.option_count()
    }

    /// The problem in Knuth's DLX format.
    fn to_text(&self) -> String {
        let mut out = Vec::new();
        // Writing to a Vec cannot fail.
        let _ = dlx::write(&self.inner, &mut out);
        String::from_utf8_lossy(&out).into_owned()
    }

    /// Writes the problem to a file in Knuth's DLX format.
    fn write(&self, py: Python<'_>, path: PathBuf) -> PyResult<()> {
        let problem = Arc::clone(&self.inner);
        py.detach(|| {
            let mut out = BufWriter::new(std::fs::File::create(&path)?);
            dlx::write(&problem, &mut out)?;
            out.flush()
        })
        .or_raise()
    }

    /// Checks a claimed solution, a sequence of option indices.
    ///
    /// Raises ProblemError saying what is wrong: an item covered twice, a
    /// primary item not covered, an unknown option.
    fn verify(&self, solution: Vec<usize>) -> PyResult<()> {
        let ids: Vec<OptionId> = solution.into_iter().map(OptionId::from_index).collect();
        self.inner.verify(&ids).or_raise()
    }

    /// A solver of this problem (see ``Solver``).
    #[pyo3(signature = (*, limit = None, max_nodes = None, time_limit = None))]
    fn solver(
        &self,
        limit: Option<u64>,
        max_nodes: Option<u64>,
        time_limit: Option<f64>,
    ) -> PyResult<PySolver> {
        PySolver::with_limits(self, limit, max_nodes, time_limit)
    }

    /// The solutions, found lazily as the iterator is advanced: each a
    /// list of options, each option the list of its items' names, or with
    /// ``indices=True`` each a list of option indices. ``limit`` bounds the
    /// solutions, ``max_nodes`` the search tree's nodes, ``time_limit`` the
    /// seconds; the iterator's ``outcome`` says which ended it.
    #[pyo3(signature = (*, indices = false, limit = None, max_nodes = None, time_limit = None))]
    fn solutions(
        &self,
        py: Python<'_>,
        indices: bool,
        limit: Option<u64>,
        max_nodes: Option<u64>,
        time_limit: Option<f64>,
    ) -> PyResult<PySolutions> {
        let solver = Py::new(
            py,
            PySolver::with_limits(self, limit, max_nodes, time_limit)?,
        )?;
        PySolver::solutions(solver.bind(py).clone(), indices)
    }

    /// The number of solutions (at most ``limit``; ``max_nodes`` and
    /// ``time_limit`` stop the search early: use a ``Solver`` to learn
    /// whether they did).
    #[pyo3(signature = (*, limit = None, max_nodes = None, time_limit = None))]
    pub(crate) fn count(
        &self,
        py: Python<'_>,
        limit: Option<u64>,
        max_nodes: Option<u64>,
        time_limit: Option<f64>,
    ) -> PyResult<u64> {
        PySolver::with_limits(self, limit, max_nodes, time_limit)?.count(py)
    }

    /// The number of solutions by memoized search (Knuth's DLX6): see
    /// ``Solver.count_memo``.
    #[pyo3(signature = (*, order = "fewest", max_bytes = None, limit = None, max_nodes = None, time_limit = None))]
    fn count_memo(
        &self,
        py: Python<'_>,
        order: &str,
        max_bytes: Option<u64>,
        limit: Option<u64>,
        max_nodes: Option<u64>,
        time_limit: Option<f64>,
    ) -> PyResult<u128> {
        PySolver::with_limits(self, limit, max_nodes, time_limit)?.count_memo(py, order, max_bytes)
    }

    /// The first solution found, or None: as ``solutions`` gives them.
    #[pyo3(signature = (*, indices = false))]
    fn first(&self, py: Python<'_>, indices: bool) -> PyResult<Option<Py<PyAny>>> {
        PySolver::with_limits(self, None, None, None)?.first(py, indices)
    }

    fn __str__(&self) -> String {
        self.to_text()
    }

    fn __repr__(&self) -> String {
        let p = &self.inner;
        format!(
            "<Problem: {} primary and {} secondary items, {} options>",
            p.primary_count(),
            p.secondary_count(),
            p.option_count()
        )
    }
}

impl PyProblem {
    fn item_index(&self, name: &str) -> PyResult<usize> {
        self.inner
            .item(name)
            .ok_or_else(|| PyKeyError::new_err(format!("unknown item '{name}'")))
    }
}

/// The figures of a search, counted as Knuth's programs count them: nodes
/// of the search tree (each solution a node of its own), updates (link
/// removals), solutions, and the deepest level reached.
#[pyclass(module = "dlx_cover", name = "Stats", frozen, get_all)]
#[derive(Clone)]
pub struct PyStats {
    /// Search-tree nodes, the root and each solution included.
    nodes: u64,
    /// Link removals (Knuth's ``updates``).
    updates: u64,
    /// Solutions found.
    solutions: u64,
    /// The deepest level reached.
    max_level: usize,
}

impl From<&dlx::Stats> for PyStats {
    fn from(stats: &dlx::Stats) -> PyStats {
        PyStats {
            nodes: stats.nodes,
            updates: stats.updates,
            solutions: stats.solutions,
            max_level: stats.max_level,
        }
    }
}

#[pymethods]
impl PyStats {
    /// ``"S solutions, N nodes, U updates, max level L"``, as the ``dlx``
    /// command prints them.
    fn __str__(&self) -> String {
        format!(
            "{} solutions, {} nodes, {} updates, max level {}",
            self.solutions, self.nodes, self.updates, self.max_level
        )
    }

    fn __repr__(&self) -> String {
        format!(
            "Stats(nodes={}, updates={}, solutions={}, max_level={})",
            self.nodes, self.updates, self.solutions, self.max_level
        )
    }

    fn __eq__(&self, other: &PyStats) -> bool {
        (self.nodes, self.updates, self.solutions, self.max_level)
            == (other.nodes, other.updates, other.solutions, other.max_level)
    }
}

/// The name of how a search ended.
pub(crate) fn outcome_name(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::NotStarted => "not started",
        Outcome::Paused => "paused",
        Outcome::Complete => "complete",
        Outcome::SolutionLimit => "solution limit",
        Outcome::NodeLimit => "node limit",
        Outcome::Cancelled => "cancelled",
        _ => "stopped",
    }
}

/// A search of one problem, with its limits and the figures of its last
/// search.
///
/// ``limit`` stops a search after that many solutions, ``max_nodes``
/// before its tree passes that many nodes, ``time_limit`` after that many
/// seconds; ``outcome`` says what ended the last search (``"complete"``,
/// ``"solution limit"``, ``"node limit"``, ``"time limit"``, or
/// ``"paused"`` while a ``solutions`` iterator is under way), and
/// ``stats`` gives its figures. The GIL is released while it searches, and
/// Ctrl-C stops it with KeyboardInterrupt.
#[pyclass(module = "dlx_cover", name = "Solver")]
pub struct PySolver {
    problem: Arc<dlx::Problem>,
    solver: dlx::Solver,
    limit: Option<u64>,
    max_nodes: Option<u64>,
    time_limit: Option<f64>,
    /// When the search under way must stop.
    deadline: Option<Instant>,
    /// Whether the time limit stopped the last search.
    timed_out: bool,
    /// Counts the searches started, so that an iterator of an older one
    /// knows it is over.
    generation: u64,
}

impl PySolver {
    /// A solver of `problem` with these limits.
    pub(crate) fn with_limits(
        problem: &PyProblem,
        limit: Option<u64>,
        max_nodes: Option<u64>,
        time_limit: Option<f64>,
    ) -> PyResult<PySolver> {
        deadline(time_limit)?;
        let solver = dlx::Solver::try_new(&problem.inner).or_raise()?;
        Ok(PySolver {
            problem: Arc::clone(&problem.inner),
            solver,
            limit,
            max_nodes,
            time_limit,
            deadline: None,
            timed_out: false,
            generation: 0,
        })
    }

    /// Starts a fresh search: below the selected options, with zero
    /// figures and the time limit from now.
    pub(crate) fn begin(&mut self) -> PyResult<()> {
        self.solver.rewind();
        self.solver.clear_stats();
        self.deadline = deadline(self.time_limit)?;
        self.timed_out = false;
        self.generation += 1;
        Ok(())
    }

    /// Runs the search on in slices of [`SLICE`] nodes, the GIL released
    /// during each, until `step` returns a value (it runs the search within
    /// the slice's node limit), or the search ends or a limit stops it
    /// (`None`). Between slices, a pending signal raises its exception (the
    /// search stays paused) and the time limit is looked at.
    fn search<T: Send>(
        &mut self,
        py: Python<'_>,
        mut step: impl FnMut(&mut dlx::Solver) -> Option<T> + Send,
    ) -> PyResult<Option<T>> {
        if self.timed_out {
            return Ok(None);
        }
        let cap = self.max_nodes.unwrap_or(u64::MAX);
        loop {
            let end = self.solver.stats().nodes.saturating_add(SLICE).min(cap);
            let mut limits = Limits::new().nodes(end);
            if let Some(max) = self.limit {
                limits = limits.solutions(max);
            }
            self.solver.set_limits(limits);
            let solver = &mut self.solver;
            let step = &mut step;
            if let Some(value) = py.detach(move || step(solver)) {
                return Ok(Some(value));
            }
            if self.solver.outcome() != Outcome::NodeLimit || end >= cap {
                return Ok(None);
            }
            py.check_signals()?;
            if expired(self.deadline) {
                self.timed_out = true;
                return Ok(None);
            }
        }
    }

    /// The next solution of the search under way.
    pub(crate) fn next_solution(&mut self, py: Python<'_>) -> PyResult<Option<Vec<OptionId>>> {
        self.search(py, |solver| {
            solver.next_solution().map(<[OptionId]>::to_vec)
        })
    }

    /// A solution as Python sees it: option indices, or names.
    fn decode(&self, py: Python<'_>, solution: &[OptionId], indices: bool) -> PyResult<Py<PyAny>> {
        let value = if indices {
            let ids: Vec<usize> = solution.iter().map(|id| id.index()).collect();
            ids.into_pyobject(py)?.into_any()
        } else {
            let names: Vec<Vec<String>> = solution
                .iter()
                .map(|&id| option_names(&self.problem, id))
                .collect();
            names.into_pyobject(py)?.into_any()
        };
        Ok(value.unbind())
    }
}

#[pymethods]
impl PySolver {
    #[new]
    #[pyo3(signature = (problem, *, limit = None, max_nodes = None, time_limit = None))]
    fn py_new(
        problem: &PyProblem,
        limit: Option<u64>,
        max_nodes: Option<u64>,
        time_limit: Option<f64>,
    ) -> PyResult<PySolver> {
        PySolver::with_limits(problem, limit, max_nodes, time_limit)
    }

    /// Counts the solutions of a fresh search (up to ``limit``).
    fn count(&mut self, py: Python<'_>) -> PyResult<u64> {
        self.begin()?;
        let mut count = 0u64;
        let counted = &mut count;
        self.search(py, move |solver| {
            while solver.next_solution().is_some() {
                *counted += 1;
            }
            None::<()>
        })?;
        Ok(count)
    }

    /// Counts the solutions by memoized search (Knuth's DLX6): the count
    /// of each subproblem is kept by the state of the items and reused
    /// when the search meets that state again, which can be exponentially
    /// faster on boards (tilings swept a column at a time). ``order`` is
    /// ``"fewest"`` (branch on the item of fewest options) or ``"first"``
    /// (the first active item: a frontier sweeping the board);
    /// ``max_bytes`` caps the table (the count stays exact). The count may
    /// pass 2**64. ``stats.solutions`` counts only the solutions the search
    /// reached one by one.
    ///
    /// Raises ProblemError for a problem with multiplicities.
    #[pyo3(signature = (*, order = "fewest", max_bytes = None))]
    fn count_memo(
        &mut self,
        py: Python<'_>,
        order: &str,
        max_bytes: Option<u64>,
    ) -> PyResult<u128> {
        let order = match order {
            "fewest" => Order::Fewest,
            "first" => Order::First,
            _ => {
                return Err(PyValueError::new_err(format!(
                    "order must be 'fewest' or 'first', not '{order}'"
                )))
            }
        };
        let mut memo = Memo::new().order(order);
        if let Some(bytes) = max_bytes {
            memo = memo.max_bytes(bytes);
        }
        self.begin()?;
        let cancel = Arc::new(AtomicBool::new(false));
        let mut limits = Limits::new().cancel_flag(Arc::clone(&cancel));
        if let Some(max) = self.limit {
            limits = limits.solutions(max);
        }
        if let Some(max) = self.max_nodes {
            limits = limits.nodes(max);
        }
        self.solver.set_limits(limits);
        let solver = &mut self.solver;
        let (count, timed_out) = cancellable(py, &cancel, self.deadline, move || {
            solver.count_memo(&mut memo)
        })?;
        self.timed_out = timed_out;
        count.or_raise()
    }

    /// The first solution of a fresh search, or None: option names, or
    /// option indices with ``indices=True``.
    #[pyo3(signature = (*, indices = false))]
    fn first(&mut self, py: Python<'_>, indices: bool) -> PyResult<Option<Py<PyAny>>> {
        self.begin()?;
        match self.next_solution(py)? {
            Some(solution) => Ok(Some(self.decode(py, &solution, indices)?)),
            None => Ok(None),
        }
    }

    /// The solutions of a fresh search, found lazily as the iterator is
    /// advanced (see ``Problem.solutions``). Starting another search on
    /// this solver ends the iterator.
    #[pyo3(signature = (*, indices = false))]
    fn solutions(slf: Bound<'_, PySolver>, indices: bool) -> PyResult<PySolutions> {
        let generation = {
            let mut solver = slf.borrow_mut();
            solver.begin()?;
            solver.generation
        };
        Ok(PySolutions {
            solver: slf.unbind(),
            generation,
            indices,
            done: false,
        })
    }

    /// Fixes option ``index`` before the searches, as if chosen first (a
    /// sudoku's givens).
    ///
    /// Raises ProblemError when it shares an item with an option already
    /// selected, or is excluded.
    fn select(&mut self, index: usize) -> PyResult<()> {
        let id = option_id(&self.problem, index)?;
        self.solver.select(id).or_raise()
    }

    /// Takes option ``index`` out of the searches.
    fn exclude(&mut self, index: usize) -> PyResult<()> {
        let id = option_id(&self.problem, index)?;
        self.solver.exclude(id).or_raise()
    }

    /// Releases every selected and excluded option.
    fn reset(&mut self) {
        self.solver.reset();
        self.generation += 1;
    }

    /// The options selected, as indices.
    #[getter]
    fn selected(&self) -> Vec<usize> {
        self.solver.selected().map(OptionId::index).collect()
    }

    /// The figures of the last search.
    #[getter]
    fn stats(&self) -> PyStats {
        PyStats::from(&self.solver.stats())
    }

    /// What ended the last search: ``"complete"``, ``"solution limit"``,
    /// ``"node limit"``, ``"time limit"``; ``"paused"`` between two
    /// solutions of an iterator, ``"not started"`` before any.
    #[getter]
    fn outcome(&self) -> &'static str {
        if self.timed_out {
            "time limit"
        } else {
            outcome_name(self.solver.outcome())
        }
    }

    /// Whether the last search went through the whole tree.
    #[getter]
    fn is_complete(&self) -> bool {
        !self.timed_out && self.solver.outcome().is_complete()
    }

    /// The solution limit.
    #[getter]
    fn limit(&self) -> Option<u64> {
        self.limit
    }

    /// The node limit.
    #[getter]
    fn max_nodes(&self) -> Option<u64> {
        self.max_nodes
    }

    /// The time limit, in seconds.
    #[getter]
    fn time_limit(&self) -> Option<f64> {
        self.time_limit
    }

    fn __repr__(&self) -> String {
        format!(
            "<Solver of {} options: {}, {}>",
            self.problem.option_count(),
            self.outcome(),
            PyStats::from(&self.solver.stats()).__str__()
        )
    }
}

/// The solutions of a search, found one at a time as the iterator is
/// advanced (with the GIL released while it searches). ``stats`` and
/// ``outcome`` are the solver's.
#[pyclass(module = "dlx_cover", name = "Solutions")]
pub struct PySolutions {
    solver: Py<PySolver>,
    generation: u64,
    indices: bool,
    done: bool,
}

#[pymethods]
impl PySolutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        if self.done {
            return Ok(None);
        }
        let mut solver = self
            .solver
            .bind(py)
            .try_borrow_mut()
            .map_err(|_| PyRuntimeError::new_err("the solver is busy with another call"))?;
        if solver.generation != self.generation {
            self.done = true;
            return Err(PyRuntimeError::new_err(
                "the solver started another search: this iterator is over",
            ));
        }
        match solver.next_solution(py)? {
            Some(solution) => Ok(Some(solver.decode(py, &solution, self.indices)?)),
            None => {
                self.done = true;
                Ok(None)
            }
        }
    }

    /// The solver that searches.
    #[getter]
    fn solver(&self, py: Python<'_>) -> Py<PySolver> {
        self.solver.clone_ref(py)
    }

    /// The figures of the search so far.
    #[getter]
    fn stats(&self, py: Python<'_>) -> PyStats {
        self.solver.borrow(py).stats()
    }

    /// How the search stands: ``"paused"`` between solutions, then what
    /// ended it.
    #[getter]
    fn outcome(&self, py: Python<'_>) -> &'static str {
        self.solver.borrow(py).outcome()
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!("<Solutions: {}>", self.solver.borrow(py).outcome())
    }
}
