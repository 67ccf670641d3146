//! The console examples of the README and of `docs/`, run on the real `dlx`
//! binary as a reader types them, and their output compared with the page.
//!
//! Each ```` ```console ```` block is a test: `$ dlx ...` lines, then
//! `? 2` (or another status) when the command is to fail, then its output:
//! what it wrote to stdout, then what it wrote to stderr (`dlx` writes the
//! two from several threads, so a terminal may show them interleaved);
//! `[..]` stands for the part of a line that varies (a time) and `...`
//! for lines left out. The commands run in a folder of their own whose
//! `fixtures` is the repository's, so the paths of the pages resolve and
//! what an example writes lands outside the repository.
//!
//! Blocks marked ```` ```console,ignore ```` are the long examples (more
//! than about two seconds, or whose output depends on the time or on the
//! threads): trycmd skips them, and the ignored test below runs them
//! alone (`cargo test -p dlx-cli --test examples -- --ignored`).
//!
//! `TRYCMD=overwrite cargo test -p dlx-cli --test examples` writes the
//! output of every example into the pages (check the diff: it replaces
//! elisions too).

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("the repository root")
}

/// The pages whose console examples are tests: the README and `docs/*.md`.
fn pages() -> Vec<PathBuf> {
    let root = root();
    let mut pages = vec![root.join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/ is readable")
        .map(|entry| entry.expect("a docs/ entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    docs.sort();
    pages.extend(docs);
    pages
}

/// The folder the examples run in, made once per run of the tests: a new
/// folder whose `fixtures` is a link to the repository's, made the current
/// folder, where trycmd runs the commands of a page, and `bin/dlx` in it
/// the script [`write_ordered_dlx`] writes.
fn enter_scratch() -> &'static Path {
    static SCRATCH: OnceLock<PathBuf> = OnceLock::new();
    SCRATCH.get_or_init(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("examples");
        if dir.exists() {
            std::fs::remove_dir_all(&dir).expect("the last run's folder goes");
        }
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        std::os::unix::fs::symlink(root().join("fixtures"), dir.join("fixtures"))
            .expect("fixtures/ linked");
        write_ordered_dlx(&dir.join("bin/dlx"));
        std::env::set_current_dir(&dir).expect("the scratch folder is entered");
        dir
    })
}

/// Writes a script that runs `dlx` and writes its stderr after its
/// stdout, so that an example's output, the two streams as trycmd reads
/// them (as one), is the same from run to run.
fn write_ordered_dlx(script: &Path) {
    std::fs::create_dir_all(script.parent().expect("a folder")).expect("bin/");
    let dlx = trycmd::cargo::cargo_bin!("dlx");
    let text = format!(
        "#!/bin/sh\n\
         err=$(mktemp) || exit 125\n\
         '{}' \"$@\" 2>\"$err\"\n\
         status=$?\n\
         cat \"$err\" >&2\n\
         rm -f \"$err\"\n\
         exit $status\n",
        dlx.display()
    );
    std::fs::write(script, text).expect("the script is written");
    let mode = std::os::unix::fs::PermissionsExt::from_mode(0o755);
    std::fs::set_permissions(script, mode).expect("the script runs");
}

fn cases() -> trycmd::TestCases {
    let cases = trycmd::TestCases::new();
    cases
        .register_bin("dlx", enter_scratch().join("bin/dlx"))
        // The output the pages show is that of a pipe, without color.
        .env("NO_COLOR", "1")
        .timeout(std::time::Duration::from_secs(120));
    cases
}

#[test]
fn console_examples_of_the_readme_and_docs() {
    enter_scratch();
    let cases = cases();
    for page in pages() {
        cases.case(page);
    }
    cases.run();
}

#[test]
#[ignore = "long: the examples marked console,ignore (about a minute)"]
fn long_console_examples_of_the_readme_and_docs() {
    enter_scratch();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("long-examples");
    std::fs::create_dir_all(&dir).expect("a folder for the pages");
    let cases = cases();
    // A copy of each page with only its long examples left as tests.
    for page in pages() {
        let text = std::fs::read_to_string(&page).expect("a readable page");
        if !text.contains("\n```console,ignore\n") {
            continue;
        }
        let long = text
            .replace("```console\n", "```text\n")
            .replace("```console,ignore\n", "```console\n");
        let copy = dir.join(page.file_name().expect("a file name"));
        std::fs::write(&copy, long).expect("the copy is written");
        cases.case(copy);
    }
    cases.run();
}

/// The brief list of flags in `docs/cli.md` names every flag that
/// `dlx COMMAND -h` lists, so that a flag added to the command is added
/// to the list too.
#[test]
fn the_list_of_flags_names_every_flag() {
    let page = std::fs::read_to_string(root().join("docs/cli.md")).expect("docs/cli.md");
    let section = page
        .split("\n## Commands and flags\n")
        .nth(1)
        .expect("a section Commands and flags");
    let list = section
        .split("```text\n")
        .nth(1)
        .and_then(|rest| rest.split("\n```").next())
        .expect("the list, a text block");
    let named = |flag: &str| {
        list.match_indices(flag).any(|(at, _)| {
            let next = list[at + flag.len()..].chars().next();
            !next.is_some_and(|c| c.is_ascii_alphanumeric() || c == '-')
        })
    };
    let mut missing = Vec::new();
    for command in [
        "sudoku",
        "generate",
        "cover",
        "tile",
        "queens",
        "pentomino",
        "merge",
    ] {
        assert!(named(&format!("dlx {command}")), "dlx {command} is listed");
        let output = std::process::Command::new(trycmd::cargo::cargo_bin!("dlx"))
            .args([command, "-h"])
            .output()
            .expect("dlx runs");
        let help = String::from_utf8(output.stdout).expect("UTF-8 help");
        let flags = help
            .lines()
            .skip_while(|line| !line.starts_with("Options:"))
            .filter_map(|line| {
                // `  -j, --threads <N>  ...` or `      --count  ...`
                let line = line.trim_start();
                let line = match line.strip_prefix('-') {
                    Some(short) if !short.starts_with('-') => line.split_once(", ")?.1,
                    _ => line,
                };
                let flag = line.split([' ', '[', '=']).next()?;
                flag.starts_with("--").then(|| flag.to_string())
            });
        for flag in flags {
            if flag != "--help" && !named(&flag) {
                missing.push(format!("dlx {command} {flag}"));
            }
        }
    }
    assert!(missing.is_empty(), "not in docs/cli.md's list: {missing:?}");
}
