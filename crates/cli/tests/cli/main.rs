//! The `dlx` binary, run as a user runs it.

mod collections;
mod cover;
mod explain;
mod formats;
mod help;
mod io;
mod large;
mod layouts;
mod making;
mod memo;
mod rate_se;
mod runs;
mod sudoku;
mod tile;
mod variants;

use assert_cmd::Command;

/// `dlx`, the binary under test.
pub fn dlx() -> Command {
    Command::cargo_bin("dlx").expect("the dlx binary is built")
}

/// Runs `dlx ARGS` and returns stdout, asserting success.
pub fn stdout(args: &[&str]) -> String {
    let output = dlx().args(args).output().unwrap();
    assert!(
        output.status.success(),
        "dlx {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// `dlx sudoku ARGS` with `input` on stdin: (exit code, stdout, stderr).
pub fn sudoku_stdin(args: &[&str], input: &str) -> (i32, String, String) {
    let output = dlx()
        .arg("sudoku")
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    (
        output.status.code().expect("dlx exited, not killed"),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// The number `dlx ARGS` prints, asserting success.
pub fn count(args: &[&str]) -> u64 {
    stdout(args).trim().parse().unwrap()
}

/// The path of a file in the repository's `fixtures/` folder.
pub fn fixture(path: &str) -> String {
    format!("{}/../../fixtures/{path}", env!("CARGO_MANIFEST_DIR"))
}

/// A 9x9 puzzle with one solution, and that solution.
pub const LEETCODE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
pub const LEETCODE_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
