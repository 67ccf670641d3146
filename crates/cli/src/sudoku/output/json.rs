//! `--format json`: JSON Lines, one object per record.

use std::cell::{Cell, RefCell};
use std::io::{self, Write};

use serde::ser::{Error as _, SerializeSeq};
use serde::{Serialize, Serializer};
use sudoku_dlx::{Alphabet, Grid, Rating, SeRating, Step};

use super::{line_of, tenths, Writer};
use crate::sudoku::flags::Mode;
use crate::sudoku::report::{Answer, PuzzleStats, Report, Status, Verdict};
use crate::sudoku::solve::Search;

pub struct Json {
    pub mode: Mode,
    pub alphabet: Alphabet,
}

impl Json {
    fn show(&self, grid: &Grid) -> String {
        line_of(grid, &self.alphabet)
    }
}

/// The fields of a rating in a JSON record, the same in `dlx sudoku
/// --rate` and `dlx generate --rate`.
#[derive(Serialize)]
pub struct RatingFields {
    score: f64,
    difficulty: String,
    nodes: Vec<u64>,
    forced_nodes: u64,
}

impl From<&Rating> for RatingFields {
    fn from(rating: &Rating) -> RatingFields {
        RatingFields {
            score: rating.score,
            difficulty: rating.difficulty.to_string(),
            nodes: rating.nodes.clone(),
            forced_nodes: rating.forced_nodes,
        }
    }
}

/// The fields of Sudoku Explainer's rating in a JSON record, the same in
/// `dlx sudoku --rate=se` and `dlx generate --min-er/--max-er`: ER, EP
/// and ED to one decimal, as Sudoku Explainer gives them.
#[derive(Serialize)]
pub struct SeRatingFields {
    er: f64,
    ep: f64,
    ed: f64,
    /// The technique of the hardest step, null for a path of no step.
    hardest: Option<String>,
    /// The number of steps of the path.
    steps: usize,
}

impl From<&SeRating> for SeRatingFields {
    fn from(rating: &SeRating) -> SeRatingFields {
        SeRatingFields {
            er: tenths(rating.er),
            ep: tenths(rating.ep),
            ed: tenths(rating.ed),
            hardest: rating.hardest.map(|t| t.name()),
            steps: rating.steps,
        }
    }
}

/// The record of one puzzle. `puzzle` is null for text that is no puzzle;
/// `solution`, `solutions` and `count` are there as the mode asks.
#[derive(Serialize)]
struct Record<'a> {
    file: &'a str,
    line: usize,
    puzzle: Option<String>,
    /// The puzzle's layout (`9x9 with 3x3 boxes, x`), when it is a puzzle.
    #[serde(skip_serializing_if = "Option::is_none")]
    layout: Option<String>,
    status: Status,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    count: Option<u64>,
    /// --candidates: per cell, row by row, the digits some solution puts
    /// there.
    #[serde(skip_serializing_if = "Option::is_none")]
    candidates: Option<Vec<Vec<u8>>>,
    /// --candidates=K with K > 1: per cell, the solutions of each of its
    /// candidates, up to K.
    #[serde(skip_serializing_if = "Option::is_none")]
    counts: Option<Vec<Vec<u64>>>,
    /// The constraints of a variant puzzle, as their lines of text.
    #[serde(skip_serializing_if = "Option::is_none")]
    constraints: Option<Vec<String>>,
    /// --rate: the score, its class and the nodes of each search.
    #[serde(flatten)]
    rating: Option<RatingFields>,
    /// --rate=se: ER, EP, ED, the hardest technique and the steps.
    #[serde(flatten)]
    se_rating: Option<SeRatingFields>,
    /// --canon and --transform: the equivalent puzzle.
    #[serde(skip_serializing_if = "Option::is_none")]
    canonical: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    transformed: Option<String>,
    /// --explain: the steps; --hint: the next step, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    steps: Option<Vec<StepFields>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hint: Option<StepFields>,
    /// --explain and --hint: the grid the steps reach.
    #[serde(skip_serializing_if = "Option::is_none")]
    reached: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stats: Option<PuzzleStats>,
}

/// A logical step: its technique, on Sudoku Explainer's scale, the items
/// it used and what it concludes (`r1c1=5` placed, `r1c1<>5` ruled out).
#[derive(Serialize)]
struct StepFields {
    technique: String,
    difficulty: f64,
    base: Vec<String>,
    cover: Vec<String>,
    placements: Vec<String>,
    eliminations: Vec<String>,
    #[serde(skip_serializing_if = "is_zero")]
    constraint_options: usize,
    /// For a chain, the nodes its conclusion depends on.
    #[serde(skip_serializing_if = "is_zero")]
    complexity: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl StepFields {
    fn of(step: &Step, n: usize) -> StepFields {
        let cell = |c: usize| format!("r{}c{}", c / n + 1, c % n + 1);
        StepFields {
            technique: step.technique().name(),
            difficulty: step.difficulty(),
            base: step.base().to_vec(),
            cover: step.cover().to_vec(),
            placements: step
                .placements()
                .iter()
                .map(|&(c, d)| format!("{}={d}", cell(c)))
                .collect(),
            eliminations: step
                .eliminations()
                .iter()
                .map(|&(c, d)| format!("{}<>{d}", cell(c)))
                .collect(),
            constraint_options: step.constraint_options(),
            complexity: step.complexity(),
        }
    }
}

/// The record of one puzzle of --all whose solutions are written as they
/// are found: its status, error and stats, known only then, follow them.
#[derive(Serialize)]
struct Streamed<'a> {
    file: &'a str,
    line: usize,
    puzzle: String,
    layout: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    constraints: Option<Vec<String>>,
    solutions: Solutions<'a>,
    #[serde(flatten)]
    end: End<'a>,
}

/// The solutions of a streamed record: writing them runs the search, which
/// leaves its verdict for [`End`].
struct Solutions<'a> {
    search: Cell<Option<Search<'a>>>,
    json: &'a Json,
    verdict: &'a RefCell<Option<Verdict>>,
}

impl Serialize for Solutions<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let search = self
            .search
            .take()
            .ok_or_else(|| S::Error::custom("the solutions of a search are written once"))?;
        let mut list = serializer.serialize_seq(None)?;
        let verdict = search.run(|grid| list.serialize_element(&self.json.show(grid)))?;
        self.verdict.replace(Some(verdict));
        list.end()
    }
}

/// The fields after the solutions of a streamed record.
struct End<'a>(&'a RefCell<Option<Verdict>>);

impl Serialize for End<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let verdict = self.0.borrow();
        let tail = verdict.as_ref().map(|verdict| Tail {
            status: verdict.status,
            error: verdict.diagnostic.as_ref().map(|d| d.message.as_str()),
            stats: verdict.stats,
        });
        tail.serialize(serializer)
    }
}

#[derive(Serialize)]
struct Tail<'a> {
    status: Status,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stats: Option<PuzzleStats>,
}

/// The lines of a variant puzzle's constraints, `None` for a puzzle
/// without.
fn constraint_lines(puzzle: &Grid) -> Option<Vec<String>> {
    let constraints = puzzle.layout().constraints();
    (!constraints.is_empty()).then(|| constraints.iter().map(ToString::to_string).collect())
}

impl Writer for Json {
    fn record(&self, out: &mut String, file: &str, report: &Report) {
        let (mut solution, mut solutions, mut count) = (None, None, None);
        let (mut rating, mut se_rating) = (None, None);
        let (mut canonical, mut transformed) = (None, None);
        let (mut candidates, mut counts) = (None, None);
        let (mut steps, mut hint, mut reached) = (None, None, None);
        match &report.answer {
            Answer::Steps(list, grid) => {
                let n = grid.side();
                let fields = list.iter().map(|s| StepFields::of(s, n));
                if self.mode == Mode::Hint {
                    hint = fields.into_iter().next();
                } else {
                    steps = Some(fields.collect());
                }
                reached = Some(self.show(grid));
            }
            Answer::Nothing => {}
            Answer::Solution(grid) => solution = Some(self.show(grid)),
            Answer::Solutions(grids) => {
                solutions = Some(grids.iter().map(|g| self.show(g)).collect())
            }
            Answer::Count(n) => count = Some(*n),
            Answer::Rating(r) => rating = Some(RatingFields::from(r)),
            Answer::SeRating(r) => se_rating = Some(SeRatingFields::from(r)),
            Answer::Form(grid) if matches!(self.mode, Mode::Canon(_)) => {
                canonical = Some(self.show(grid))
            }
            Answer::Form(grid) => transformed = Some(self.show(grid)),
            Answer::Candidates(c) => {
                let n = c.layout().side();
                let cells = (0..n * n).map(|cell| (cell / n, cell % n));
                let digits: Vec<Vec<u8>> = cells
                    .clone()
                    .map(|(r, k)| c.digits(r, k).collect())
                    .collect();
                if c.cap() > 1 {
                    counts = Some(
                        cells
                            .zip(&digits)
                            .map(|((r, k), ds)| ds.iter().map(|&d| c.count(r, k, d)).collect())
                            .collect(),
                    );
                }
                candidates = Some(digits);
                count = c.solutions();
            }
        }
        let constraints = report.puzzle.and_then(constraint_lines);
        let verdict = &report.verdict;
        let record = Record {
            file,
            line: report.line,
            puzzle: report.puzzle.map(|p| self.show(p)),
            layout: report.puzzle.map(|p| p.layout().to_string()),
            status: verdict.status,
            solution,
            solutions,
            count,
            candidates,
            counts,
            constraints,
            rating,
            se_rating,
            canonical,
            transformed,
            steps,
            hint,
            reached,
            error: verdict.diagnostic.as_ref().map(|d| d.message.as_str()),
            stats: verdict.stats,
        };
        // Strings and numbers only: serializing them cannot fail.
        let json = serde_json::to_string(&record).expect("a record serializes");
        out.push_str(&json);
        out.push('\n');
    }

    fn stream(&self, out: &mut dyn Write, file: &str, search: Search) -> io::Result<Verdict> {
        let verdict = RefCell::new(None);
        let record = Streamed {
            file,
            line: search.line,
            puzzle: self.show(search.puzzle),
            layout: search.puzzle.layout().to_string(),
            constraints: constraint_lines(search.puzzle),
            solutions: Solutions {
                search: Cell::new(Some(search)),
                json: self,
                verdict: &verdict,
            },
            end: End(&verdict),
        };
        // A failed write stays an io::Error, so that a closed pipe is known.
        serde_json::to_writer(&mut *out, &record)?;
        out.write_all(b"\n")?;
        drop(record);
        verdict
            .into_inner()
            .ok_or_else(|| io::Error::other("the search of a streamed record did not run"))
    }
}
