//! Ratings on Sudoku Explainer's scale beside Sudoku Explainer's own, on
//! the rated sample of the shared data sets.

mod common;

use std::time::Instant;

use sudoku_dlx::Grid;

struct Rated {
    puzzle: Grid,
    er: f64,
    ep: f64,
    ed: f64,
    technique: String,
}

fn sample() -> Option<Vec<Rated>> {
    let path = common::dataset("se-rated-sample.tsv")?;
    let text = std::fs::read_to_string(path).expect("readable");
    let rows = text
        .lines()
        .skip(1)
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            Rated {
                puzzle: Grid::parse(f[0]).expect("a puzzle"),
                er: f[1].parse().expect("ER"),
                ep: f[2].parse().expect("EP"),
                ed: f[3].parse().expect("ED"),
                technique: f[4].to_string(),
            }
        })
        .collect();
    Some(rows)
}

/// Ranks, ties sharing their mean rank.
fn ranks(values: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    let mut ranks = vec![0.0; values.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && values[order[j + 1]] == values[order[i]] {
            j += 1;
        }
        for &k in &order[i..=j] {
            ranks[k] = (i + j) as f64 / 2.0 + 1.0;
        }
        i = j + 1;
    }
    ranks
}

fn spearman(a: &[f64], b: &[f64]) -> f64 {
    let (ra, rb) = (ranks(a), ranks(b));
    let n = a.len() as f64;
    let mean = (n + 1.0) / 2.0;
    let cov: f64 = ra
        .iter()
        .zip(&rb)
        .map(|(x, y)| (x - mean) * (y - mean))
        .sum();
    let var = |r: &[f64]| r.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>();
    cov / (var(&ra) * var(&rb)).sqrt()
}

#[test]
fn ratings_follow_sudoku_explainer_on_its_rated_sample() {
    let Some(sample) = sample() else { return };
    let start = Instant::now();
    let mut ours = Vec::new();
    for rated in &sample {
        let rating = rated.puzzle.rate_se().expect("valid");
        assert!(rating.solved, "{}", rated.puzzle);
        assert!(rating.ed <= rating.ep && rating.ep <= rating.er, "{rating}");
        eprintln!(
            "{:.1} {:.1}  {:<28} {:<30} {}",
            rated.er,
            rating.er,
            rated.technique,
            rating.hardest.map(|t| t.name()).unwrap_or_default(),
            rated.puzzle
        );
        ours.push(rating);
    }
    eprintln!("{} puzzles in {:?}", sample.len(), start.elapsed());
    let theirs: Vec<f64> = sample.iter().map(|r| r.er).collect();
    let mine: Vec<f64> = ours.iter().map(|r| r.er).collect();
    let close = |limit: f64| {
        theirs
            .iter()
            .zip(&mine)
            .filter(|(a, b)| (*a - *b).abs() <= limit + 1e-9)
            .count()
    };
    let same = close(0.0);
    let near = close(0.5);
    let rho = spearman(&theirs, &mine);
    eprintln!(
        "ER same {same}, within 0.5 {near}, of {}; Spearman {rho:.3}",
        sample.len()
    );
    let ep_same = sample
        .iter()
        .zip(&ours)
        .filter(|(r, o)| (r.ep - o.ep).abs() < 1e-9)
        .count();
    let ed_same = sample
        .iter()
        .zip(&ours)
        .filter(|(r, o)| (r.ed - o.ed).abs() < 1e-9)
        .count();
    eprintln!("EP same {ep_same}, ED same {ed_same}");
    eprintln!("band | puzzles | same ER | within 0.5");
    for band in 1..10 {
        let rows: Vec<(f64, f64)> = theirs
            .iter()
            .zip(&mine)
            .filter(|(t, _)| t.floor() as i32 == band)
            .map(|(t, m)| (*t, *m))
            .collect();
        if rows.is_empty() {
            continue;
        }
        let same = rows.iter().filter(|(t, m)| (t - m).abs() < 1e-9).count();
        let near = rows
            .iter()
            .filter(|(t, m)| (t - m).abs() <= 0.5 + 1e-9)
            .count();
        eprintln!("{band}.x | {} | {same} | {near}", rows.len());
    }
    // What a user of the scale would notice: ratings that stop matching
    // the puzzle banks'. The sample matched 97 of 100 exactly when this
    // was written, 99 once a loop that takes nothing out no longer hid a
    // longer one through the same option that does.
    assert!(same >= 97, "ER the same for only {same} puzzles");
    assert!(near >= 97, "ER within 0.5 for only {near} puzzles");
    assert!(rho >= 0.98, "rank correlation {rho:.3}");
    assert!(ep_same >= 97 && ed_same >= 97, "EP {ep_same}, ED {ed_same}");
}

/// top95 beside serate's ratings of it (the fixture `top95-serate.txt`):
/// most of its puzzles need forcing chains (7.x to 9.x), whose lengths
/// decide the rating to the tenth, so every link's order and every
/// chain's count shows here.
#[test]
fn ratings_equal_serate_on_top95() {
    let Some(path) = common::dataset("top95.txt") else {
        return;
    };
    let puzzles = std::fs::read_to_string(path).expect("readable");
    let fixture = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/sudoku/top95-serate.txt");
    let expected = std::fs::read_to_string(fixture).expect("the fixture");
    let expected: Vec<&str> = expected.lines().filter(|l| !l.starts_with('#')).collect();
    let lines: Vec<&str> = puzzles.lines().collect();
    assert_eq!(lines.len(), expected.len());
    let start = Instant::now();
    let mut differ = Vec::new();
    for (k, (line, serate)) in lines.iter().zip(&expected).enumerate() {
        let rating = Grid::parse(line).unwrap().rate_se().unwrap();
        let ours = format!("{:.1}/{:.1}/{:.1}", rating.er, rating.ep, rating.ed);
        if ours != *serate {
            differ.push(format!("line {}: {ours}, serate {serate}", k + 1));
        }
    }
    eprintln!(
        "top95: {} of {} as serate rates them, in {:.1?}",
        lines.len() - differ.len(),
        lines.len(),
        start.elapsed()
    );
    assert!(differ.is_empty(), "{differ:#?}");
}

/// On the classic layout the path takes only the sets players name
/// (subsets, fish, pointing and claiming), as Sudoku Explainer does: this
/// puzzle of the unbiased list rated 7.1 by a set of four that mixes
/// cells and a row's digits, where Sudoku Explainer needs cell forcing
/// chains (8.3).
#[test]
fn classic_paths_take_no_set_players_do_not_name() {
    let line = "....5..7......72.3..9...5..8...7.....6.....8....23...4.1...9.......15.32.98.6..4.";
    let puzzle = Grid::parse(line).unwrap();
    let path = puzzle.explain().unwrap();
    assert!(
        path.iter()
            .all(|s| !matches!(s.technique(), sudoku_dlx::Technique::SetRule(_))),
        "{line}"
    );
    assert_eq!(puzzle.rate_se().unwrap().to_string(), "8.3/1.2/1.2");
}
