//! Running the `canon` binary as a user would, for the command tests.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `canon ARGS` with `stdin` on its standard input and collects what it printed.
pub fn canon(args: &[&str], stdin: impl AsRef<[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_canon"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("canon starts");
    // The command may exit before reading everything (e.g. a usage error), so a broken
    // pipe here is not a failure of the test.
    let _ = child
        .stdin
        .take()
        .expect("piped stdin")
        .write_all(stdin.as_ref());
    child.wait_with_output().expect("canon finishes")
}

/// The JSON summary a match prints as its last line of standard output.
// Each test file is its own crate; only the match tests read a summary.
#[allow(dead_code)]
pub fn last_json_line(output: &Output) -> serde_json::Value {
    let text = String::from_utf8(output.stdout.clone()).expect("UTF-8 output");
    let line = text.lines().last().expect("a summary line");
    serde_json::from_str(line).expect("the summary is JSON")
}

/// The summary of a finished match of `games` games, checked as every match prints it: the
/// run succeeded, its wins and draws add up to `games`, and the 95% interval holds a's
/// score.
#[allow(dead_code)]
pub fn match_summary(output: &Output, games: u64) -> serde_json::Value {
    assert!(output.status.success(), "{output:?}");
    let summary = last_json_line(output);
    let count = |key: &str| summary[key].as_u64().unwrap();
    assert_eq!(count("games"), games);
    assert_eq!(count("a_wins") + count("b_wins") + count("draws"), games);
    let (low, score, high) = (
        summary["low"].as_f64().unwrap(),
        summary["a_score"].as_f64().unwrap(),
        summary["high"].as_f64().unwrap(),
    );
    assert!(
        0.0 <= low && low <= score && score <= high && high <= 1.0,
        "{summary}"
    );
    summary
}
