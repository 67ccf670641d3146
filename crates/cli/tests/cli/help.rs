//! What is made from the one definition of the flags: the shell
//! completions, the manual pages, and the help the commands share.

use predicates::prelude::*;

use crate::{dlx, stdout};

#[test]
fn completions_name_every_command_and_shared_flag() {
    let bash = stdout(&["completions", "bash"]);
    for word in [
        "sudoku",
        "generate",
        "cover",
        "tile",
        "queens",
        "pentomino",
        "merge",
        "--threads",
        "--time-limit",
        "--max-nodes",
        "--checkpoint",
        "--variant",
    ] {
        assert!(
            bash.contains(word),
            "{word} missing from the bash completions"
        );
    }
    assert!(bash.contains("complete -F"), "not a bash completion script");
    // Each shell gets a script of its own form.
    assert!(stdout(&["completions", "zsh"]).starts_with("#compdef dlx"));
    assert!(stdout(&["completions", "fish"]).contains("complete -c dlx"));
    dlx()
        .args(["completions", "tcsh"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("invalid value 'tcsh'"));
}

#[test]
fn man_pages_hold_the_commands_and_their_flags() {
    let page = stdout(&["man"]);
    assert!(page.starts_with(".ie \\n(.g"), "{}", &page[..80]);
    assert!(page.contains(".TH dlx 1"), "no title");
    for command in ["sudoku", "generate", "cover", "merge", "completions"] {
        assert!(page.contains(command), "{command} missing from dlx(1)");
    }
    let sudoku = stdout(&["man", "sudoku"]);
    assert!(sudoku.contains(".TH dlx-sudoku 1"), "no title");
    for flag in ["\\-\\-variant", "\\-\\-threads", "\\-\\-time\\-limit"] {
        assert!(sudoku.contains(flag), "{flag} missing from dlx-sudoku(1)");
    }
    dlx()
        .args(["man", "sodoku"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no command 'sodoku'"));
}

#[test]
fn every_command_shows_the_one_exit_status_table() {
    let table = "3 a search stopped by --max-nodes or --time-limit";
    for command in [
        &["--help"][..],
        &["sudoku", "--help"],
        &["cover", "--help"],
        &["generate", "--help"],
        &["merge", "--help"],
    ] {
        let help = stdout(command);
        assert!(help.contains(table), "{command:?}:\n{help}");
        assert_eq!(help.matches("Exit status").count(), 1, "{command:?}");
    }
}
