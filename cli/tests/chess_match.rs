//! `canon chess match` as a user runs it: colours alternate, the last stdout line is the
//! JSON summary with its interval, a match is reproducible from its seed, bad arguments
//! exit 2.

mod common;

use common::{canon, last_json_line as last_line};

#[test]
fn a_match_alternates_colours_and_ends_with_the_json_summary() {
    let args = [
        "chess",
        "match",
        "--a",
        "quick",
        "--b",
        "random",
        "--games",
        "2",
        "--seed",
        "5",
        "--nodes",
        "500",
        "--max-moves",
        "40",
    ];
    let output = canon(&args, "");
    assert!(output.status.success(), "{output:?}");
    let summary = last_line(&output);
    let count = |key: &str| summary[key].as_u64().unwrap();
    assert_eq!(count("games"), 2);
    assert_eq!(count("a_wins") + count("b_wins") + count("draws"), 2);
    let (low, score, high) = (
        summary["low"].as_f64().unwrap(),
        summary["a_score"].as_f64().unwrap(),
        summary["high"].as_f64().unwrap(),
    );
    assert!(0.0 <= low && low <= score && score <= high && high <= 1.0);
    let stderr = String::from_utf8(output.stderr.clone()).unwrap();
    assert!(stderr.contains("game 1/2: a=quick (white)"), "{stderr}");
    assert!(stderr.contains("game 2/2: a=quick (black)"), "{stderr}");
    assert_eq!(
        canon(&args, "").stdout,
        output.stdout,
        "same seed, same match"
    );
}

#[test]
fn bad_arguments_are_refused_with_a_message() {
    for (args, message) in [
        (
            vec!["--a", "hard", "--b", "quick", "--games", "2"],
            "unknown player",
        ),
        (
            vec!["--a", "quick", "--b", "random"],
            "--games N is required",
        ),
        (
            vec!["--a", "quick", "--b", "random", "--games", "0"],
            "--games",
        ),
        (
            vec!["--a", "quick", "--games", "2", "--colour", "w"],
            "unknown option",
        ),
    ] {
        let mut full = vec!["chess", "match"];
        full.extend(args);
        let output = canon(&full, "");
        assert_eq!(output.status.code(), Some(2), "{full:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains(message), "{full:?}: {stderr}");
    }
}
