//! Small inputs that ask for much: a box of 62^3 cells in 15 bytes.
//! Under a cap on the address space nothing aborts.

use std::process::{Command as Process, Output};
use std::time::Duration;

use assert_cmd::cargo::CommandCargoExt;

/// The box of 62^3 cells and a piece of one cell, used once: 22 bytes.
#[cfg(target_os = "linux")]
const ONE_CELL: &str = "[0-Z][0-Z][0-Z]\nA 000\n";

/// Runs `dlx ARGS` on `input` with its address space capped at 1 GB
/// (`ulimit -v`): what a machine with little memory does.
#[cfg(target_os = "linux")]
fn capped(args: &[&str], input: &str) -> Output {
    let dlx = Process::cargo_bin("dlx").unwrap();
    assert_cmd::Command::new("sh")
        .args(["-c", "ulimit -v 1000000; exec \"$0\" \"$@\""])
        .arg(dlx.get_program())
        .args(args)
        .write_stdin(input)
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap()
}

/// Asserts that the run exited by itself, and returns its status.
fn exited(out: &Output) -> i32 {
    out.status.code().unwrap_or_else(|| {
        panic!(
            "killed by a signal: {}",
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

#[cfg(target_os = "linux")]
#[test]
fn a_memoized_count_takes_keys_as_deep_as_it_goes() {
    // A key of 3724 words per level of the 238,329 the problem could have
    // was 7.1 GB asked for at once: the count now goes two levels deep.
    let out = capped(&["tile", "--count", "--memo"], ONE_CELL);
    assert_eq!(exited(&out), 1, "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "0\n");
}
