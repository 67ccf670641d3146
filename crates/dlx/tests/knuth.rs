//! The engine's figures against those Knuth's programs print (DLX1, DLX2
//! for colors, DLX3 for multiplicities): solutions, nodes (each solution is
//! a node, TAOCP 7.2.2 (4)) and updates, from one search and from the
//! pieces of a split, serial and parallel, which must agree with each
//! other.
//!
//! A few small problems are written here with their figures; the others of
//! `../shared/reference/knuth/` are read when present (its README's table
//! gives the figures).

use std::io::Write;
use std::path::Path;

use dlx::{Problem, Solver, Stats};

/// The figures a program of Knuth's prints: solutions, nodes, updates.
type Figures = (u64, u64, u64);

/// The example of dlx1.w (F and G secondary); DLX1 prints 1 solution, 6
/// nodes, 30 updates.
const TOY: &str = "\
| A simple example
A B C D E | F G
C E F
A D G
B C F
A D
B G
D E G
";

/// The color example of dlx2.w, with an option that has no primary item
/// (skipped, as DLX2 does); DLX2 prints 1 solution, 4 nodes, 14 updates.
const COLOR: &str = "\
| A simple example of color controls
A B C | X Y
A B X:0 Y:0
A C X:1 Y:1
X:0 Y:1
B X:1
C Y:1
";

/// A random problem with secondary items; DLX1 prints 8 solutions, 21
/// nodes, 85 updates.
const RAND01: &str = "\
p0 p1 p2 p3 p4 p5 p6 p7 p8 p9 p10 | q0
p4
p6 p7 p3 q0 p1
p9 p1 q0 p3
p6 p0
p5 p3
p6
p1 q0 p5
p0 p8 p6 p7
p10 q0 p1 p5
p0 p7
p8 p4 p2 p6 p9
p5 p9 p7 q0
p3 p0 p6 q0 p7 p9
q0 p8
p8
p0
p7
p4
p4 p5
p8 q0 p2
p6 q0 p1 p4 p0
p6 p9
p2
p8 p6
q0 p6
p3
q0 p1
p0 p2 p8
q0 p9 p0 p2 p8
p7 p1 q0
q0 p9
p5
";

/// A random problem with colors; DLX2 prints 7 solutions, 18 nodes, 178
/// updates.
const COLOR03: &str = "\
p0 p1 p2 p3 p4 p5 p6 p7 p8 p9 p10 | q0 q1 q2 q3 q4
q3:b p9 p7 p3 q4:b
p3 p0 p9 p10 p2
q3:b p8
p6 p3
q4 p10 p2
p3 q3:a
p3
p2 p4 p8 p3
p5 q0:a p2 p9 p10 p0 p6
p5 q3 p8 p0 p7 p3
p5 p0 p10
p2 q4:a
p4 q3:b q0:b p0
p8 q3:a
p5
q1:a p7
q1:b p3
p8
p0 q1:a p1 p2
q3:b q4:b q0 p2 q2 p10 p6
p2
p5 q3
q3 p10 p8 p4 q4 q2:b
p1 q3:b p6 p10 p7
p10 q4:a p6
p2 q4:a
p9 p7 p1 p10
p8 q4
";

/// The example of dlx3.w's documentation: item C must be covered two or
/// three times; its unique solution is `A C X:1 Y:1`, `B X:1`, `C Y:1`.
const MULTIPLE: &str = "\
| A simple example of color controls
A B 2:3|C | X Y
A B X:0 Y:0
A C X:1 Y:1
C X:0
B X:1
C Y:1
";

fn problem(text: &str) -> Problem {
    dlx::read_lenient(text.as_bytes())
        .expect("a valid problem")
        .0
}

/// The figures of one search of `problem`, checked to be those of the
/// pieces of its splits at depths 0 to 4 (serially, and on a rayon pool)
/// added to the split's own.
fn figures(problem: &Problem) -> Figures {
    let mut solver = Solver::new(problem);
    solver.profile_levels(true);
    let count = solver.count();
    let whole = solver.stats();
    assert_eq!(whole.solutions, count);
    let levels = whole.level_nodes.as_ref().expect("profiled");
    assert_eq!(levels.iter().sum::<u64>(), whole.nodes, "{whole:?}");
    for depth in 0..=4 {
        let split = solver.split(depth);
        let mut total = split.stats().clone();
        for piece in split.pieces() {
            solver.clear_stats();
            solver.count_piece(piece).expect("a piece of this solver");
            total.merge(&solver.stats());
        }
        assert_eq!(total, whole, "the pieces at depth {depth}");
    }
    #[cfg(feature = "parallel")]
    for threads in [1, 2, 3] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a pool");
        let counted = pool.install(|| solver.par_count());
        assert_eq!(counted.solutions, u128::from(count));
        assert_eq!(counted.stats, whole, "{threads} threads");
    }
    (count, whole.nodes, whole.updates)
}

#[test]
fn figures_are_dlx1s_and_dlx2s() {
    for (name, text, knuth) in [
        ("toy", TOY, (1, 6, 30)),
        ("color", COLOR, (1, 4, 14)),
        ("rand01", RAND01, (8, 21, 85)),
        ("color03", COLOR03, (7, 18, 178)),
    ] {
        assert_eq!(figures(&problem(text)), knuth, "{name}");
    }
}

#[test]
fn knuths_multiplicity_example_has_its_one_solution() {
    let problem = problem(MULTIPLE);
    assert_eq!(problem.bounds(2), (2, 3));
    let mut solver = Solver::new(&problem);
    let solutions: Vec<Vec<String>> = solver
        .solutions()
        .map(|s| s.iter().map(|&id| dlx::option_text(&problem, id)).collect())
        .collect();
    assert_eq!(solutions.len(), 1);
    let mut options = solutions[0].clone();
    options.sort();
    assert_eq!(options, ["A C X:1 Y:1", "B X:1", "C Y:1"]);
    figures(&problem);
}

#[test]
fn a_solution_is_a_node_at_the_level_of_its_last_option() {
    // Two solutions of one option each: the root, then a node per
    // solution at level 1.
    let problem = problem("a\na\na\n");
    let mut solver = Solver::new(&problem);
    solver.profile_levels(true);
    assert_eq!(solver.count(), 2);
    let stats = solver.stats();
    assert_eq!(stats.nodes, 3);
    assert_eq!(stats.max_level, 1);
    assert_eq!(stats.level_nodes, Some(vec![1, 2]));
    // With the option selected, the solution is the root itself, and the
    // selection's own updates are not the search's.
    let mut solver = Solver::new(&problem);
    solver.select(dlx::OptionId::from_index(0)).unwrap();
    assert_eq!(solver.count(), 1);
    let mut want = Stats::default();
    want.nodes = 1;
    want.solutions = 1;
    assert_eq!(solver.stats(), want);
}

/// One row of the reference's table: file, program, solutions, nodes,
/// updates.
fn rows(readme: &str) -> Vec<(String, String, Figures)> {
    readme
        .lines()
        .filter_map(|line| {
            let line = line.replace("\\|", "");
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            let file = cells.get(1)?.strip_suffix(".dlx")?;
            let number = |k: usize| cells.get(k)?.parse::<u64>().ok();
            let figures = (number(4)?, number(5)?, number(6)?);
            Some((file.to_string(), cells.get(3)?.to_string(), figures))
        })
        .collect()
}

#[test]
fn figures_match_the_reference_problems() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/reference/knuth");
    let mut err = std::io::stderr();
    let Ok(readme) = std::fs::read_to_string(dir.join("README.md")) else {
        // Written to the handle, not with eprintln!, so that the skip shows
        // in a plain `cargo test`.
        let _ = writeln!(err, "skipped: no reference problems at {}", dir.display());
        return;
    };
    let rows = rows(&readme);
    assert!(rows.len() >= 10, "the README's table: {rows:?}");
    let mut checked = 0;
    for (file, program, knuth) in rows {
        let text = std::fs::read_to_string(dir.join(format!("{file}.dlx"))).expect("readable");
        let problem = problem(&text);
        assert_eq!(figures(&problem), knuth, "{file}.dlx ({program})");
        checked += 1;
    }
    let _ = writeln!(
        err,
        "{checked} reference problems agree with DLX1, DLX2 and DLX3"
    );
}
