//! `--log FILE`, `--resume`, `--stop-after N` and `--jobs N` of `canon surface match`,
//! `canon surface komi` and `canon go match`: a match run in pieces, or several games at a
//! time, logs the same games and prints the same summary as one run straight through, and
//! a log of another match is refused.

mod common;

use std::path::{Path, PathBuf};

use common::canon;

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("canon-match-log-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs canon with `args` and `extra`, expecting success; returns stdout.
fn run_ok(args: &[&str], extra: &[&str]) -> String {
    let all: Vec<&str> = args.iter().chain(extra).copied().collect();
    let output = canon(&all, "");
    assert!(output.status.success(), "{all:?}: {output:?}");
    String::from_utf8(output.stdout).unwrap()
}

/// Plays `args` straight through with a log, in pieces (one game, then two more, then
/// the rest) with another and three games at a time with a third, and checks the logs
/// and summaries are the same.
fn pieces_equal_one_run(name: &str, args: &[&str], games: usize) {
    let dir = scratch(name);
    let whole = dir.join("whole.jsonl");
    let pieces = dir.join("pieces.jsonl");
    let jobs = dir.join("jobs.jsonl");
    let (whole_s, pieces_s) = (whole.to_str().unwrap(), pieces.to_str().unwrap());
    let straight = run_ok(args, &["--log", whole_s]);
    let at_once = run_ok(args, &["--log", jobs.to_str().unwrap(), "--jobs", "3"]);
    assert_eq!(at_once, straight, "three jobs, the same summary");
    let first = run_ok(args, &["--log", pieces_s, "--stop-after", "1"]);
    assert_ne!(first, straight, "one game is not the whole match");
    run_ok(args, &["--log", pieces_s, "--resume", "--stop-after", "2"]);
    let last = run_ok(args, &["--log", pieces_s, "--resume"]);
    assert_eq!(
        last, straight,
        "the resumed summary equals the uninterrupted one"
    );
    let lines = |path: &Path| -> Vec<String> {
        std::fs::read_to_string(path)
            .unwrap()
            .lines()
            .map(String::from)
            .collect()
    };
    assert_eq!(
        lines(&pieces),
        lines(&whole),
        "the same games, logged in order"
    );
    assert_eq!(
        lines(&jobs),
        lines(&whole),
        "three jobs log the same games in order"
    );
    assert_eq!(
        lines(&whole).len(),
        games + 1,
        "a header and one line per game"
    );
    // Every game is logged already: a further resume plays nothing and says the same.
    assert_eq!(run_ok(args, &["--log", pieces_s, "--resume"]), straight);
    assert_eq!(lines(&pieces).len(), games + 1);
    let _ = std::fs::remove_dir_all(dir);
}

const SURFACE_MATCH: [&str; 12] = [
    "surface",
    "match",
    "--a",
    "gentle",
    "--b",
    "gentle",
    "--games",
    "4",
    "--surface",
    "go-mobius-9x11-v1",
    "--seed",
    "5",
];

#[test]
fn a_surface_match_run_in_pieces_equals_one_run() {
    pieces_equal_one_run("surface-match", &SURFACE_MATCH, 4);
}

#[test]
fn a_komi_study_run_in_pieces_equals_one_run() {
    let args = [
        "surface",
        "komi",
        "--surface",
        "go-mobius-9x11-v1",
        "--games",
        "6",
        "--playouts",
        "20",
        "--seed",
        "4",
    ];
    pieces_equal_one_run("komi", &args, 6);
}

#[test]
fn a_go_match_run_in_pieces_equals_one_run() {
    let opponent = format!("{} go gtp --level gentle", env!("CARGO_BIN_EXE_canon"));
    let args = [
        "go",
        "match",
        "--opponent",
        &opponent,
        "--games",
        "4",
        "--size",
        "5",
        "--komi",
        "0.5",
        "--playouts",
        "100",
        "--seed",
        "9",
    ];
    pieces_equal_one_run("go-match", &args, 4);
}

#[test]
fn each_log_line_names_the_game_its_colours_result_margin_and_moves() {
    let dir = scratch("lines");
    let log = dir.join("m.jsonl");
    run_ok(&SURFACE_MATCH, &["--log", log.to_str().unwrap()]);
    let text = std::fs::read_to_string(&log).unwrap();
    let mut lines = text.lines();
    let header: serde_json::Value = serde_json::from_str(lines.next().unwrap()).unwrap();
    assert_eq!(header["canon"], "surface match");
    assert_eq!(header["match"]["seed"], 5);
    assert_eq!(header["match"]["surface"], "go-mobius-9x11-v1");
    for (index, line) in lines.enumerate() {
        let game: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(game["game"], index);
        assert_eq!(game["black"], if index % 2 == 0 { "a" } else { "b" });
        assert!(["black", "white", "draw"].contains(&game["result"].as_str().unwrap()));
        let margin = game["margin"].as_f64().unwrap();
        // Komi 0.5 decides ties: Black wins exactly when its area margin is positive.
        assert_eq!(game["result"] == "black", margin > 0.0, "{line}");
        assert!(game["moves"].as_u64().unwrap() >= 2);
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_log_of_another_match_or_command_is_refused_and_left_alone() {
    let dir = scratch("refuse");
    let log = dir.join("m.jsonl");
    let path = log.to_str().unwrap();
    run_ok(&SURFACE_MATCH, &["--log", path, "--stop-after", "1"]);
    let before = std::fs::read(&log).unwrap();

    // Another seed: refused, naming the difference.
    let mut other_seed = SURFACE_MATCH.to_vec();
    *other_seed.last_mut().unwrap() = "6";
    other_seed.extend(["--log", path, "--resume"]);
    let output = canon(&other_seed, "");
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("seed 5 there, 6 here"), "{stderr}");
    assert!(output.stdout.is_empty());

    // Another level, and another command on the same file.
    let mut other_level = SURFACE_MATCH.to_vec();
    other_level[5] = "steady";
    other_level.extend(["--log", path, "--resume"]);
    let stderr = String::from_utf8_lossy(&canon(&other_level, "").stderr).into_owned();
    assert!(
        stderr.contains("b \"gentle\" there, \"steady\" here"),
        "{stderr}"
    );
    let komi = [
        "surface",
        "komi",
        "--surface",
        "go-mobius-9x11-v1",
        "--games",
        "2",
        "--log",
        path,
        "--resume",
    ];
    let stderr = String::from_utf8_lossy(&canon(&komi, "").stderr).into_owned();
    assert!(
        stderr.contains("belongs to 'canon surface match'"),
        "{stderr}"
    );

    // The same match without --resume: refused rather than appended to or overwritten.
    let mut again = SURFACE_MATCH.to_vec();
    again.extend(["--log", path]);
    let output = canon(&again, "");
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("add --resume"));

    // --resume without a log is a usage error.
    let mut bare = SURFACE_MATCH.to_vec();
    bare.push("--resume");
    assert_eq!(canon(&bare, "").status.code(), Some(2));

    assert_eq!(std::fs::read(&log).unwrap(), before, "the log is untouched");
    let _ = std::fs::remove_dir_all(dir);
}
