//! `canon timego match` as a user runs it: the last stdout line is the JSON tally, the
//! human-readable lines before it carry the confidence interval, progress goes to stderr,
//! matches are reproducible from their seed, and bad arguments are refused with exit 2.

mod common;

use common::{canon, last_json_line as last_line};

#[test]
fn a_match_reports_every_game_and_ends_with_the_json_tally() {
    let args = [
        "timego",
        "match",
        "--a",
        "classic",
        "--b",
        "random",
        "--games",
        "4",
        "--size",
        "3",
        "--budget-ms",
        "5",
        "--seed",
        "9",
    ];
    let output = canon(&args, "");
    assert!(output.status.success(), "{output:?}");
    let tally = last_line(&output);
    let (a, b, draws) = (
        tally["a_wins"].as_u64().unwrap(),
        tally["b_wins"].as_u64().unwrap(),
        tally["draws"].as_u64().unwrap(),
    );
    assert_eq!(tally["games"], 4);
    assert_eq!(a + b + draws, 4);
    let text = String::from_utf8(output.stdout.clone()).unwrap();
    let last = text.lines().last().unwrap();
    assert!(last.starts_with("{\"games\": 4, \"a_wins\": "), "{last}");
    assert!(text.contains("95% Wilson interval"), "{text}");
    let progress = String::from_utf8(output.stderr.clone()).unwrap();
    assert_eq!(
        progress.lines().filter(|l| l.starts_with("game ")).count(),
        4
    );
    assert!(progress.contains("a=classic (black)") && progress.contains("a=classic (white)"));
    // Deterministic budgets make the match reproducible.
    let again = canon(&args, "");
    assert_eq!(again.stderr, output.stderr);
    assert_eq!(last_line(&again), tally);
}

#[test]
fn random_against_itself_on_the_smallest_board() {
    let output = canon(
        &[
            "timego",
            "match",
            "--a",
            "random",
            "--b",
            "random",
            "--games",
            "6",
            "--size",
            "2",
            "--komi",
            "0.5",
            "--max-actions",
            "30",
        ],
        "",
    );
    assert!(output.status.success(), "{output:?}");
    let tally = last_line(&output);
    assert_eq!(tally["games"], 6);
    // Half a point of komi rules out draws.
    assert_eq!(tally["draws"], 0);
}

#[test]
fn bad_arguments_are_refused_with_a_reason() {
    for (args, reason) in [
        (
            vec!["--a", "master", "--b", "random", "--games", "2"],
            "unknown level 'master'",
        ),
        (
            vec!["--b", "random", "--games", "2"],
            "--a LEVEL is required",
        ),
        (
            vec!["--a", "random", "--b", "random"],
            "--games N is required",
        ),
        (
            vec!["--a", "random", "--b", "random", "--games", "0"],
            "--games N is required",
        ),
        (
            vec![
                "--a", "random", "--b", "random", "--games", "2", "--size", "7",
            ],
            "--size must be 2 to 5",
        ),
        (
            vec![
                "--a", "random", "--b", "random", "--games", "2", "--komi", "0.3",
            ],
            "komi 0.3 is not allowed",
        ),
        (
            vec![
                "--a",
                "random",
                "--b",
                "random",
                "--games",
                "2",
                "--budget-ms",
                "x",
            ],
            "--budget-ms must be",
        ),
        (
            vec![
                "--a", "random", "--b", "random", "--games", "2", "--colour", "x",
            ],
            "unknown option '--colour'",
        ),
        (
            vec!["--a", "random", "--b", "random", "--games"],
            "--games needs a value",
        ),
    ] {
        let mut full = vec!["timego", "match"];
        full.extend(args);
        let output = canon(&full, "");
        assert_eq!(output.status.code(), Some(2), "{full:?}");
        let message = String::from_utf8(output.stderr).unwrap();
        assert!(message.contains(reason), "{full:?}: {message}");
        assert!(output.stdout.is_empty());
    }
}
