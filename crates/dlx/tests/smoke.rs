use dlx::{Problem, Solver};
fn queens(n: usize) -> Problem {
    let mut names: Vec<String> = (0..n).map(|i| format!("r{i}")).collect();
    names.extend((0..n).map(|i| format!("c{i}")));
    let sec: Vec<String> = (0..2 * n - 1)
        .map(|i| format!("a{i}"))
        .chain((0..2 * n - 1).map(|i| format!("b{i}")))
        .collect();
    let mut p = Problem::with_names(names, sec).unwrap();
    for r in 0..n {
        for c in 0..n {
            p.add_option([r, n + c, 2 * n + r + c, 2 * n + 2 * n - 1 + (r + n - 1 - c)])
                .unwrap();
        }
    }
    p
}
#[test]
fn q() {
    for (n, want) in [
        (1, 1),
        (2, 0),
        (3, 0),
        (4, 2),
        (5, 10),
        (6, 4),
        (7, 40),
        (8, 92),
        (9, 352),
        (10, 724),
    ] {
        let p = queens(n);
        let mut s = Solver::new(&p);
        assert_eq!(s.count(), want, "n={n}");
        for sol in s.solutions() {
            p.verify(&sol).unwrap();
        }
        assert_eq!(s.par_count().solutions, want);
        eprintln!("{n}: {}", s.stats());
    }
}
