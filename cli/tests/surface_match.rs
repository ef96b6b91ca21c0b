//! `canon surface match` as a user runs it: the last stdout line is the JSON summary with
//! its interval, matches are reproducible from their seed, bad arguments exit 2.

mod common;

use common::{canon, match_summary};

#[test]
fn a_match_alternates_colours_and_ends_with_the_json_summary() {
    let args = [
        "surface",
        "match",
        "--a",
        "gentle",
        "--b",
        "gentle",
        "--games",
        "2",
        "--surface",
        "go-mobius-9x11-v1",
        "--komi",
        "2.5",
        "--seed",
        "3",
    ];
    let output = canon(&args, "");
    match_summary(&output, 2);
    let stderr = String::from_utf8(output.stderr.clone()).unwrap();
    assert!(stderr.contains("game 1/2: a=gentle (black)"));
    assert!(stderr.contains("game 2/2: a=gentle (white)"));
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
            vec!["--a", "hard", "--b", "gentle", "--games", "2"],
            "unknown level",
        ),
        (
            vec!["--a", "gentle", "--b", "gentle"],
            "--games N is required",
        ),
        (
            vec![
                "--a", "gentle", "--b", "gentle", "--games", "2", "--komi", "0.3",
            ],
            "multiple of 0.5",
        ),
        (
            vec![
                "--a",
                "gentle",
                "--b",
                "gentle",
                "--games",
                "2",
                "--surface",
                "torus",
            ],
            "unknown surface",
        ),
    ] {
        let mut full = vec!["surface", "match"];
        full.extend(args);
        let output = canon(&full, "");
        assert_eq!(output.status.code(), Some(2));
        assert!(output.stdout.is_empty());
        assert!(
            String::from_utf8_lossy(&output.stderr).contains(message),
            "{message}"
        );
    }
}
