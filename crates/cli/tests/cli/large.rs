//! Small inputs that ask for much: a box of 62^3 cells in 15 bytes.
//! Building their problems obeys the time limit and signals, sizes past
//! the memory are refused with the figure (status 2), and under a cap on
//! the address space they end with a status, not an abort.

use std::io::Write;
use std::process::{Command as Process, Output, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use assert_cmd::cargo::CommandCargoExt;

use crate::dlx;

/// A tetracube in the box of 62^3 cells, 34 bytes: 5.2 million placements,
/// seconds of work to place and gigabytes to search.
const TETRACUBE: &str = "[0-Z][0-Z][0-Z]\nA 000 001 012 123\n";

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

#[test]
fn the_time_limit_stops_the_placing_of_the_pieces() {
    for count in [&[][..], &["--count"]] {
        let started = Instant::now();
        let out = dlx()
            .args(["tile", "--time-limit", "0.5"])
            .args(count)
            .write_stdin(TETRACUBE)
            .timeout(Duration::from_secs(30))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(exited(&out), 3, "{err}");
        assert!(started.elapsed() < Duration::from_secs(5), "{err}");
        assert!(
            err.contains("stopped by the time limit (0.5 s) while building the problem of <stdin>"),
            "{err}"
        );
        assert_eq!(String::from_utf8_lossy(&out.stdout), "");
    }
}

#[cfg(unix)]
#[test]
fn a_signal_stops_the_placing_of_the_pieces() {
    let mut child = Process::cargo_bin("dlx")
        .unwrap()
        .arg("tile")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(TETRACUBE.as_bytes()).unwrap();
    drop(stdin);
    thread::sleep(Duration::from_millis(500));
    let sent = Instant::now();
    let killed = Process::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(sent.elapsed() < Duration::from_secs(3), "{err}");
    assert_eq!(exited(&out), 130, "{err}");
    assert!(
        err.contains("interrupted while building the problem of <stdin>"),
        "{err}"
    );
}

#[cfg(target_os = "linux")]
#[test]
fn under_a_memory_cap_a_tiling_is_refused_from_its_estimate() {
    // The tetracube's problem (460 MB) fits under 1 GB, its solver beside
    // it does not: refused with the figures before it is made.
    let out = capped(&["tile", "--count"], TETRACUBE);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(exited(&out), 2, "{err}");
    assert!(err.contains("needs about"), "{err}");
    assert!(err.contains("MB of memory, more than the"), "{err}");
    assert!(err.ends_with("available\n"), "{err}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
}

#[cfg(target_os = "linux")]
#[test]
fn under_a_memory_cap_cells_are_refused_as_they_are_read() {
    // 2,000 lines of a piece as large as the board: 36 KB whose cells
    // would take gigabytes as they are read.
    let lines = format!("[0-Z][0-Z][0-Z]\n{}", "A [0-Z][0-Z][0-Z]\n".repeat(2000));
    let out = capped(&["tile", "--count"], &lines);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(exited(&out), 2, "{err}");
    assert!(err.starts_with("dlx: error: <stdin>:"), "{err}");
    assert!(err.contains("needs about"), "{err}");
    assert!(err.contains("of memory, more than the"), "{err}");
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

#[cfg(target_os = "linux")]
#[test]
fn under_a_memory_cap_threads_share_what_fits() {
    // Queens 1500's solver takes hundreds of megabytes: a copy per
    // thread of two and the solver itself do not all fit under 1 GB. The
    // threads take the copies that fit (with none, the solver searches
    // alone), and the run ends on its time limit, not in an abort.
    let out = capped(
        &["queens", "1500", "--count", "-j", "2", "--time-limit", "1"],
        "",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(exited(&out), 3, "{err}");
    assert!(err.contains("stopped by the time limit"), "{err}");
}
