//! `canon chess`: record checking, legal moves, perft and the branching experiment.

mod common;

use common::canon;

const RECORD: &str = include_str!("tcecp_data/checkmate_33.json");

#[test]
fn check_prints_the_recomputed_checkpoint_and_rejects_bad_records() {
    let out = canon(&["chess", "check", "-"], RECORD.as_bytes());
    assert!(out.status.success());
    let printed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let record: serde_json::Value = serde_json::from_str(RECORD).unwrap();
    assert_eq!(printed, record["checkpoint"]);

    let bad = RECORD.replacen("\"turn\": 33", "\"turn\": 32", 1);
    let out = canon(&["chess", "check", "-"], bad.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("the checkpoint's 'turn' does not match"));
    assert!(out.stdout.is_empty());

    let out = canon(&["chess", "check", "/nonexistent/file.json"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot open"));
}

#[test]
fn legal_lists_sorted_moves_and_nothing_after_the_end() {
    let out = canon(&["chess", "legal", "-"], RECORD.as_bytes());
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "[]");
    let start = r#"{"schema":"time-chess-game","version":1,"rules":"time-chess-v1","moves":[]}"#;
    let out = canon(&["chess", "legal", "-"], start.as_bytes());
    let moves: Vec<String> = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(moves.len(), 127);
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(moves, sorted);
}

#[test]
fn moves_tells_each_move_in_english() {
    let out = canon(&["chess", "moves", "-"], RECORD.as_bytes());
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 33);
    assert!(lines[0].starts_with("1. "), "{}", lines[0]);
    assert!(
        lines[32].starts_with("33. g1t32e1t30  White ")
            && lines[32].ends_with("Checkmate: white wins."),
        "{}",
        lines[32]
    );
    let out = canon(&["chess", "moves", "/nonexistent/file.json"], b"");
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn perft_counts_and_reports_its_speed() {
    let out = canon(&["chess", "perft", "2"], b"");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["nodes"], 16_383);
    assert!(report["nodesPerSecond"].as_f64().unwrap() > 0.0);
    let out = canon(&["chess", "perft", "nine"], b"");
    assert_eq!(
        out.status.code(),
        Some(2),
        "bad arguments are a usage error"
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("DEPTH must be a whole number up to 6"));
}

#[test]
fn branching_reports_statistics_of_random_games() {
    let out = canon(&["chess", "branching", "3", "7"], b"");
    assert!(out.status.success());
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["games"], 3);
    let mean = report["meanLegalMovesPerTurn"].as_f64().unwrap();
    assert!(mean > 1.0 && mean < 400.0);
    let again = canon(&["chess", "branching", "3", "7"], b"");
    let report2: serde_json::Value = serde_json::from_slice(&again.stdout).unwrap();
    assert_eq!(
        report["gameLength"], report2["gameLength"],
        "same seed, same games"
    );
}
