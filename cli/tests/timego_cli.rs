//! `canon timego check|legal` as a user runs it: output shapes, sorting, exit codes, `-`.

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
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(output: &Output) -> serde_json::Value {
    serde_json::from_slice(&output.stdout).unwrap()
}

const EXAMPLE: &str = r#"{"schema":"time-go-game","version":1,"rules":"timego-shared-lock-v1","size":5,"komi":0,
"actions":[{"player":"black","type":"place","point":12},{"player":"white","type":"place","point":7},
{"player":"black","type":"place","point":13},{"player":"white","type":"place","point":8},
{"player":"black","type":"time","source":2,"target":1},{"player":"white","type":"lock"},
{"player":"black","type":"pass"}],"cursor":7}"#;

#[test]
fn check_prints_the_recomputed_checkpoint() {
    let output = canon(&["timego", "check", "-"], EXAMPLE);
    assert_eq!(output.status.code(), Some(0));
    let checkpoint = stdout(&output);
    assert_eq!(checkpoint["locked"], 4);
    assert_eq!(checkpoint["next"], "white");
    assert_eq!(checkpoint["passes"], 1);
    assert_eq!(
        checkpoint["area"],
        serde_json::json!({"black": 2, "white": 2})
    );
    assert_eq!(checkpoint["result"], serde_json::Value::Null);
    assert_eq!(
        checkpoint["placements"][1],
        serde_json::json!({"player": "black", "point": 13})
    );
}

#[test]
fn check_reads_files_and_rejects_with_exit_1_and_the_reason() {
    let dir = std::env::temp_dir().join(format!("canon-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.json");
    std::fs::write(&good, EXAMPLE).unwrap();
    let output = canon(&["timego", "check", good.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(0));
    let bad = dir.join("bad.json");
    std::fs::write(&bad, EXAMPLE.replace("\"point\":8", "\"point\":7")).unwrap();
    let output = canon(&["timego", "check", bad.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(
        message.contains("action 3: illegal place by white: C2 is occupied."),
        "{message}"
    );
    let output = canon(
        &[
            "timego",
            "check",
            dir.join("missing.json").to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(1));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn legal_lists_sorted_actions_with_players() {
    // 2 x 2: Black A1 and B1, White B2. White to move.
    let doc = r#"{"schema":"time-go-game","version":1,"rules":"timego-shared-lock-v1","size":2,"komi":0,
"actions":[{"player":"black","type":"place","point":0},{"player":"white","type":"place","point":3},
{"player":"black","type":"place","point":1}],"cursor":3}"#;
    let output = canon(&["timego", "legal", "-"], doc);
    assert_eq!(output.status.code(), Some(0));
    // A2 fills Black's last liberty and captures both stones; White's B2 (birth 1) may
    // travel to gap 0; then Lock and pass.
    let actions = stdout(&output);
    assert_eq!(
        actions,
        serde_json::json!([
            {"player": "white", "type": "place", "point": 2},
            {"player": "white", "type": "time", "source": 1, "target": 0},
            {"player": "white", "type": "lock"},
            {"player": "white", "type": "pass"}
        ])
    );
}

#[test]
fn legal_of_an_ended_game_is_empty_and_usage_errors_exit_2() {
    let doc = r#"{"schema":"time-go-game","version":1,"rules":"timego-shared-lock-v1","size":3,"komi":0,
"actions":[{"player":"black","type":"pass"},{"player":"white","type":"pass"}],"cursor":2}"#;
    let output = canon(&["timego", "legal", "-"], doc);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output), serde_json::json!([]));
    let output = canon(&["timego", "check", "-"], doc);
    assert_eq!(
        stdout(&output)["result"],
        serde_json::json!({"winner": "draw", "black": 0, "white": 0})
    );
    assert_eq!(canon(&["timego"], "").status.code(), Some(2));
    assert_eq!(
        canon(&["timego", "explode", "-"], "").status.code(),
        Some(2)
    );
    assert_eq!(canon(&["nonsense"], "").status.code(), Some(2));
}
