//! `canon surface check|legal|graph` as a user runs it: output shapes, sorting, exit
//! codes, files and `-` for standard input.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn canon(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_canon"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The command may exit before reading everything (e.g. a usage error).
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait_with_output().unwrap()
}

fn json(output: &Output) -> serde_json::Value {
    serde_json::from_slice(&output.stdout).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

const GAME: &str = r#"{"schema":"surface-go-game","version":1,"graph":"go-mobius-9x11-v1",
"rules":"graph-area-no-suicide-psk-v1","komiHalfPoints":1,
"actions":[{"type":"place","at":49},{"type":"pass"},{"type":"place","at":50}]}"#;

#[test]
fn check_prints_the_recomputed_snapshot_in_record_key_order() {
    let output = canon(&["surface", "check", "-"], GAME);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = String::from_utf8(output.stdout.clone()).unwrap();
    assert!(text.starts_with(r#"{"board":["#), "{text}");
    let snapshot = json(&output);
    assert_eq!(snapshot["board"][49], 1);
    assert_eq!(snapshot["board"][50], 1);
    assert_eq!(snapshot["next"], "white");
    assert_eq!(snapshot["passes"], 0);
    assert_eq!(snapshot["area"]["black"], 99);
    assert!(snapshot["result"].is_null());
    // The printed snapshot, put back into the record, is accepted as matching.
    let mut record: serde_json::Value = serde_json::from_str(GAME).unwrap();
    record["snapshot"] = snapshot;
    let path = std::env::temp_dir().join(format!("surface-cli-{}.json", std::process::id()));
    std::fs::write(&path, record.to_string()).unwrap();
    let again = canon(&["surface", "check", path.to_str().unwrap()], "");
    assert!(again.status.success(), "{}", stderr(&again));
    record["snapshot"]["passes"] = serde_json::json!(1);
    std::fs::write(&path, record.to_string()).unwrap();
    let mismatch = canon(&["surface", "check", path.to_str().unwrap()], "");
    assert_eq!(mismatch.status.code(), Some(1));
    assert!(
        stderr(&mismatch).contains("passes"),
        "{}",
        stderr(&mismatch)
    );
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn legal_prints_sorted_points_and_nothing_after_the_end() {
    let output = canon(&["surface", "legal", "-"], GAME);
    assert!(output.status.success());
    let points: Vec<u16> = serde_json::from_value(json(&output)).unwrap();
    assert_eq!(points.len(), 97);
    assert!(points.windows(2).all(|w| w[0] < w[1]));
    assert!(!points.contains(&49) && !points.contains(&50));
    let ended = GAME.replace(r#"{"type":"place","at":50}"#, r#"{"type":"pass"}"#);
    let output = canon(&["surface", "legal", "-"], &ended);
    assert!(output.status.success());
    assert_eq!(json(&output), serde_json::json!([]));
}

#[test]
fn graph_prints_points_and_sorted_neighbour_lists() {
    for (id, points) in [
        ("go-mobius-9x11-v1", 99),
        ("go-klein-9x18-v1", 162),
        ("go-genus2-staircase-9x9-v1", 162),
    ] {
        let output = canon(&["surface", "graph", id], "");
        assert!(output.status.success());
        let graph = json(&output);
        assert_eq!(graph["points"], points);
        let lists: Vec<Vec<u16>> = serde_json::from_value(graph["neighbors"].clone()).unwrap();
        assert_eq!(lists.len(), points);
        for (p, list) in lists.iter().enumerate() {
            assert!(list.windows(2).all(|w| w[0] < w[1]));
            for &q in list {
                assert!(lists[usize::from(q)].contains(&(p as u16)));
            }
        }
    }
    let output = canon(&["surface", "graph", "go-torus"], "");
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("go-torus"));
}

#[test]
fn rejected_input_exits_with_one_and_a_reason() {
    let illegal = GAME.replace(r#""at":50"#, r#""at":49"#);
    let output = canon(&["surface", "check", "-"], &illegal);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("action 2"), "{}", stderr(&output));
    assert!(output.stdout.is_empty());
    let diagram = serde_json::json!({"schema": "surface-go-diagram", "version": 1,
        "graph": "go-mobius-9x11-v1", "komiHalfPoints": 1, "board": vec![0; 99], "next": "black"});
    let output = canon(&["surface", "legal", "-"], &diagram.to_string());
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("surface-go-diagram"),
        "{}",
        stderr(&output)
    );
    let output = canon(&["surface", "check", "/nonexistent/record.json"], "");
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("cannot open"));
    let oversized = " ".repeat(10_000_001);
    let output = canon(&["surface", "check", "-"], &oversized);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("limit"), "{}", stderr(&output));
    let output = canon(&["surface", "bogus"], "");
    assert_eq!(output.status.code(), Some(2));
}
