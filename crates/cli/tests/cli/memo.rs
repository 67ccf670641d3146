//! `--memo` and `--order`: memoized counts of any size, with pieces,
//! checkpoints, limits and statistics.

use predicates::prelude::*;

use super::{count, dlx, fixture, stdout};

/// 9x12 trominoes (TAOCP 7.2.2.1) and 14x14 dominoes (OEIS A004003).
const TROMINOES: u128 = 20_574_308_184_277_971;
const DOMINOES_14: u128 = 112_202_208_776_036_178_000_000;

fn memo_count(args: &[&str]) -> u128 {
    stdout(args).trim().parse().unwrap()
}

#[test]
fn tile_memo_counts_boards_past_two_to_the_64() {
    let trominoes = fixture("tile/trominoes-9x12.txt");
    assert_eq!(
        memo_count(&["tile", &trominoes, "--count", "--memo"]),
        TROMINOES
    );
    let dominoes = fixture("tile/dominoes-14x14.txt");
    let json = stdout(&["tile", &dominoes, "--count", "--memo", "--format", "json"]);
    let record: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(record["memo"], true);
    assert_eq!(record["complete"], true);
    // The number in full, never rounded to a float.
    assert!(
        json.contains(&format!("\"count\":{DOMINOES_14},")),
        "{json}"
    );
}

#[test]
fn memoized_and_plain_counts_agree_on_every_command() {
    // The first item's order is for boards: on the pentominoes it
    // branches on a piece's hundreds of placements first, which takes
    // long, so they are counted in the order of the fewest options only.
    let fewest: &[&[&str]] = &[&["--memo"], &["--memo", "--order", "fewest"]];
    let both: &[&[&str]] = &[
        &["--memo"],
        &["--order", "first"],
        &["--memo", "--order", "first"],
    ];
    for (args, extras) in [
        (vec!["queens", "8", "--count"], both),
        (vec!["pentomino", "--board", "3x20", "--count"], fewest),
        (
            vec!["cover", &fixture("exact-cover/langford-7.dlx"), "--count"],
            both,
        ),
        (
            vec!["cover", &fixture("exact-cover/colors.dlx"), "--count"],
            both,
        ),
        (
            vec!["tile", &fixture("tile/pentomino-3x20.txt"), "--count"],
            fewest,
        ),
    ] {
        let plain = count(&args);
        for extra in extras {
            let with: Vec<&str> = args.iter().copied().chain(extra.iter().copied()).collect();
            assert_eq!(count(&with), plain, "{with:?}");
        }
    }
}

#[test]
fn memoized_pieces_merge_to_the_whole_and_a_checkpoint_resumes() {
    let dominoes = fixture("tile/dominoes-14x14.txt");
    let dir = tempfile::tempdir().unwrap();
    let mut records = String::new();
    for piece in ["1/3", "2/3", "3/3"] {
        records += &stdout(&[
            "tile", &dominoes, "--count", "--memo", "--format", "json", "--pieces", "4", "--piece",
            piece,
        ]);
    }
    let pieces = dir.path().join("pieces.jsonl");
    std::fs::write(&pieces, &records).unwrap();
    assert_eq!(
        memo_count(&["merge", pieces.to_str().unwrap()]),
        DOMINOES_14
    );

    // A checkpoint with a few pieces taken out is finished by the same
    // command, to the same total.
    let checkpoint = dir.path().join("check.jsonl");
    let path = checkpoint.to_str().unwrap();
    let trominoes = fixture("tile/trominoes-9x12.txt");
    let args = [
        "tile",
        &trominoes,
        "--count",
        "--memo",
        "--checkpoint",
        path,
        "--pieces",
        "30",
    ];
    assert_eq!(memo_count(&args), TROMINOES);
    let text = std::fs::read_to_string(&checkpoint).unwrap();
    assert!(text.lines().all(|l| l.contains("\"memo\":true")));
    let kept: Vec<&str> = text.lines().take(text.lines().count() / 2).collect();
    std::fs::write(&checkpoint, kept.join("\n") + "\n").unwrap();
    dlx()
        .args(args)
        .assert()
        .success()
        .stdout(format!("{TROMINOES}\n"))
        .stderr(predicate::str::contains("subtrees done already"));
}

#[test]
fn a_stopped_memoized_count_says_so_and_stats_show_the_table() {
    let trominoes = fixture("tile/trominoes-9x12.txt");
    let out = dlx()
        .args([
            "tile",
            &trominoes,
            "--count",
            "--memo",
            "--max-nodes",
            "1000",
        ])
        .assert()
        .code(3)
        .get_output()
        .clone();
    let text = String::from_utf8(out.stdout).unwrap();
    let (found, rest) = text.trim().split_once(' ').unwrap();
    assert!(found.parse::<u128>().unwrap() < TROMINOES);
    assert_eq!(rest, "stopped (node limit)");

    dlx()
        .args(["tile", &trominoes, "--count", "--memo", "--stats"])
        .assert()
        .success()
        .stderr(
            predicate::str::is_match(
                r"memo: [1-9]\d* entries, [1-9]\d* hits of \d+ lookups, \d+ bytes\n",
            )
            .unwrap(),
        );
    // A cap the table reaches at once: still exact (the plain count of
    // 6x8 dominoes, 167,089), and said.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("dominoes.txt");
    std::fs::write(&file, format!("{}\n0:24|D\nDD\n", "........\n".repeat(6))).unwrap();
    let file = file.to_str().unwrap();
    let plain = count(&["tile", file, "--count"]);
    dlx()
        .args([
            "tile",
            file,
            "--count",
            "--memo",
            "--stats",
            "--memo-size",
            "30K",
        ])
        .assert()
        .success()
        .stdout(format!("{plain}\n"))
        .stderr(predicate::str::contains("holds no table: a plain count"));
    // A cap the table reaches: its older half dropped, the count of 10x10
    // dominoes (OEIS A004003: 258,584,046,368) still comes, exact.
    let file = dir.path().join("dominoes-10.txt");
    std::fs::write(
        &file,
        format!("{}\n0:50|D\nDD\n", "..........\n".repeat(10)),
    )
    .unwrap();
    dlx()
        .args([
            "tile",
            file.to_str().unwrap(),
            "--count",
            "--memo",
            "--stats",
            "--memo-size",
            "300K",
        ])
        .assert()
        .success()
        .stdout("258584046368\n")
        .stderr(predicate::str::is_match(r"full \d+ times: the older half dropped").unwrap());
}

#[test]
fn memo_refuses_what_it_cannot_count_by_name() {
    // Two L trominoes exactly: a bound that constrains.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("two.txt");
    std::fs::write(&file, "...\n...\n\n2*L\nL\nLL\n").unwrap();
    dlx()
        .args(["tile", file.to_str().unwrap(), "--count", "--memo"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "--memo does not take multiplicities: item 'L' has bounds 2:2",
        ));
    // Flags that need --count or --memo.
    for args in [
        &["queens", "6", "--memo"][..],
        &["queens", "6", "--order", "first"],
        &["queens", "6", "--count", "--memo-size", "1G"],
        &["queens", "6", "--count", "--memo", "--memo-size", "lots"],
    ] {
        dlx().args(args).assert().code(2).stdout("");
    }
}
