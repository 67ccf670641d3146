//! Published variant puzzles, one for each rule the constraint strings
//! name (`fixtures/sudoku/variants/published.txt`: each puzzle's title,
//! the rules it uses, its setter's page and its published solution in the
//! comments before it): each reads, has one solution, and it is the
//! published one, which the rules' own checker (`Grid::is_solution_of`,
//! sharing no code with the encodings) accepts.

use std::path::PathBuf;

use sudoku_dlx::{Grid, Puzzles};

/// A puzzle of the fixture: its title, its rules, its string and its
/// published solution.
struct Published {
    title: String,
    rules: String,
    string: String,
    solution: String,
}

fn published() -> Vec<Published> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/sudoku/variants/published.txt");
    let text = std::fs::read_to_string(&path).expect("the fixture is readable");
    let mut all = Vec::new();
    let (mut head, mut solution) = (String::new(), String::new());
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("# solution: ") {
            solution = rest.to_string();
        } else if line.starts_with("# source: ") || line.is_empty() {
        } else if let Some(rest) = line.strip_prefix("# ") {
            head = rest.to_string();
        } else {
            let (title, rules) = head.rsplit_once(": ").expect("a title: rules line");
            all.push(Published {
                title: title.to_string(),
                rules: rules.to_string(),
                string: line.to_string(),
                solution: std::mem::take(&mut solution),
            });
        }
    }
    all
}

#[test]
fn each_published_puzzle_solves_to_its_published_solution() {
    let all = published();
    assert_eq!(all.len(), 18);
    for p in &all {
        let name = format!("{} ({})", p.title, p.rules);
        let record = Puzzles::new(p.string.as_bytes())
            .next()
            .expect("a record")
            .expect("no I/O error");
        let puzzle = record.result.unwrap_or_else(|e| panic!("{name}: {e}"));
        let n = puzzle.side();
        let published = Grid::parse_in(&p.solution, &puzzle.layout().without_constraints())
            .unwrap_or_else(|e| panic!("{name}: the published solution: {e}"));
        let published =
            Grid::from_cells_in(puzzle.layout(), published.into_cells()).expect("the same side");
        assert_eq!(published.cells().len(), n * n);
        assert!(
            published.is_solution_of(&puzzle),
            "{name}: the checker refuses the published solution"
        );
        assert_eq!(puzzle.count_solutions_up_to(2), Ok(1), "{name}");
        let found = puzzle
            .solve_one()
            .expect("no node limit")
            .expect("a solution");
        assert_eq!(found, published, "{name}");
    }
}
