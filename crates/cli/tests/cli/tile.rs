//! `dlx tile`: both input forms, counts from the literature, pictures
//! checked cell by cell, errors located.

use predicates::prelude::*;

use crate::{count, dlx, fixture, stdout};

fn tile(file: &str) -> String {
    fixture(&format!("tile/{file}"))
}

#[test]
fn pentominoes_in_knuths_form() {
    let file = tile("pentomino-6x10.txt");
    assert_eq!(count(&["tile", &file, "--count", "-j", "2"]), 9356);
}

#[test]
fn pentominoes_drawn() {
    let file = tile("pentomino-3x20.txt");
    assert_eq!(count(&["tile", &file, "--count"]), 8);
    assert_eq!(count(&["tile", &file, "--count", "--unique"]), 2);
    let file = tile("pentomino-5x12.txt");
    assert_eq!(
        count(&["tile", &file, "--count", "--unique", "-j", "2"]),
        1010
    );
}

#[test]
fn every_picture_is_a_tiling() {
    let out = stdout(&["tile", &tile("pentomino-3x20.txt")]);
    let tilings: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(tilings.len(), 8);
    for tiling in &tilings {
        let rows: Vec<&str> = tiling.lines().collect();
        assert_eq!(rows.len(), 3);
        assert!(rows.iter().all(|r| r.len() == 20), "{tiling}");
        for piece in "FILNPTUVWXYZ".chars() {
            assert_eq!(tiling.matches(piece).count(), 5, "{piece} in\n{tiling}");
            // The piece's cells are connected.
            let cells: Vec<(usize, usize)> = rows
                .iter()
                .enumerate()
                .flat_map(|(r, row)| {
                    row.char_indices()
                        .filter(move |&(_, c)| c == piece)
                        .map(move |(c, _)| (r, c))
                })
                .collect();
            let mut reached = vec![cells[0]];
            while let Some(&next) = cells.iter().find(|&&(r, c)| {
                !reached.contains(&(r, c))
                    && reached
                        .iter()
                        .any(|&(r2, c2)| r.abs_diff(r2) + c.abs_diff(c2) == 1)
            }) {
                reached.push(next);
            }
            assert_eq!(reached.len(), 5, "{piece} in\n{tiling}");
        }
    }
    // The Soma cube: three layers side by side.
    let out = stdout(&["tile", &tile("soma.txt"), "--unique", "--limit", "3"]);
    for tiling in out.split("\n\n") {
        let rows: Vec<&str> = tiling.lines().collect();
        assert_eq!(rows.len(), 3, "{tiling}");
        assert!(rows.iter().all(|r| r.len() == 13), "{tiling}");
        for piece in "VLTZABP".chars() {
            let want = if piece == 'V' { 3 } else { 4 };
            assert_eq!(tiling.matches(piece).count(), want, "{piece} in\n{tiling}");
        }
    }
}

#[test]
fn soma_cube_counts_from_stdin() {
    let text = std::fs::read_to_string(tile("soma-drawn.txt")).unwrap();
    for (args, want) in [
        (&["--count"][..], "11520\n"),
        (&["--count", "--unique"], "240\n"),
    ] {
        dlx()
            .arg("tile")
            .args(args)
            .write_stdin(text.clone())
            .assert()
            .success()
            .stdout(want);
    }
}

#[test]
fn turning_and_mirroring_switches() {
    // An L tetromino drawn foot up must cover a row of 3 above a row
    // that may stay empty: its long side on top, its foot below.
    let text = "...\n+++\n\nL\nLLL\n";
    let json = |args: &[&str]| -> usize {
        let out = dlx()
            .args(["tile", "--format", "json"])
            .args(args)
            .write_stdin(text)
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap().lines().count()
    };
    // The foot below left or right: two orientations, mirror images; a
    // half turn gives one of them; without turning, none.
    assert_eq!(json(&[]), 2);
    assert_eq!(json(&["--no-reflect"]), 1);
    assert_eq!(json(&["--no-rotate"]), 0);
}

#[test]
fn errors_are_located() {
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), "| a box\n[0-5][0-9\nX 01 10 11 12 21\n").unwrap();
    let name = file.path().display().to_string();
    dlx()
        .args(["tile", &name])
        .assert()
        .code(1)
        .stdout("")
        .stderr(format!("{name}:2:6: '[' without its ']'\n"));
    dlx()
        .args(["tile"])
        .write_stdin("[0-1][0-1]\nI 00 01 02 03 04\n")
        .assert()
        .code(1)
        .stderr("<stdin>:2:1: piece 'I' has 5 cells, more than the board's 4\n");
    dlx()
        .args(["tile", "--count", "--unique"])
        .write_stdin("[0-3][0-3]\n8|D 00 01\n")
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("cannot count up to symmetry"));
    dlx()
        .args(["tile", "--reflect", "--no-reflect"])
        .write_stdin("...\n\nL\n")
        .assert()
        .code(2);
}

#[test]
fn help_shows_both_forms() {
    let help = stdout(&["tile", "--help"]);
    for needle in ["[0-5][0-9]", "3*L", "LO:HI|NAME", "--unique", "--no-rotate"] {
        assert!(help.contains(needle), "{needle}: {help}");
    }
}

#[test]
fn a_piece_used_three_times() {
    // Three L-trominoes as one piece used 3 times, against three distinct
    // copies, whose tilings are 3! = 6 times as many.
    let counted = "...\n...\n.##\n..#\n\n3*L\nL\nLL\n";
    let copies = "...\n...\n.##\n..#\n\nA B C\nAABBCC\n";
    let run = |text: &str| -> u64 {
        let out = dlx()
            .args(["tile", "--count"])
            .write_stdin(text)
            .output()
            .unwrap();
        String::from_utf8(out.stdout)
            .unwrap()
            .trim()
            .parse()
            .unwrap()
    };
    let all = run(copies);
    assert!(all > 0);
    assert_eq!(run(counted) * 6, all);
}
