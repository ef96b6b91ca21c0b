//! The TCECP extension `go [LEVEL]`: the engine's own move for the current position.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use canon_engine::timechess::{random_playout, Game, SplitMix64};

/// Sends `lines` to a fresh `canon tcecp` and returns its replies (one per line sent, blank
/// lines and `new` excepted), with what it wrote to standard error.
fn converse(lines: &[String]) -> (Vec<String>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_canon"))
        .arg("tcecp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("canon starts");
    let mut input = child.stdin.take().unwrap();
    let mut output = BufReader::new(child.stdout.take().unwrap());
    let mut replies = Vec::new();
    for line in lines {
        writeln!(input, "{line}").unwrap();
        input.flush().unwrap();
        let mut reply = String::new();
        output.read_line(&mut reply).unwrap();
        replies.push(reply.trim_end().to_string());
    }
    drop(input);
    let mut err = String::new();
    std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut err).unwrap();
    assert!(child.wait().unwrap().success());
    (replies, err)
}

/// The moves of the seeded random game of `seed` (see `timechess_data/tactics.txt` of the
/// engine's tests: after 6 moves of seed 1 the side to move mates in one).
fn seeded_moves(seed: u64, turns: usize) -> Vec<String> {
    let mut game = Game::new();
    random_playout(&mut game, &mut SplitMix64::new(seed), turns)
        .moves
        .iter()
        .map(|mv| mv.to_string())
        .collect()
}

#[test]
fn go_answers_a_move_the_engine_accepts_and_mates_when_it_can() {
    let mut lines = vec!["go 1".to_string(), "getState t".to_string()];
    let opening = seeded_moves(1, 6);
    lines.extend(opening.iter().cloned());
    lines.push("go".to_string());
    let (replies, err) = converse(&lines);
    let first = replies[0]
        .strip_prefix("bestmove ")
        .expect("a bestmove reply");
    assert_eq!(replies[1], "0", "go does not play the move");
    assert!(replies[2..2 + opening.len()].iter().all(|r| r == "Success"));
    let mate = replies[2 + opening.len()]
        .strip_prefix("bestmove ")
        .expect("a bestmove reply")
        .to_string();
    assert!(err.contains("mate in 1"), "{err}");

    // Both answers are accepted, and the second ends the game.
    let (replies, _) = converse(&[first.to_string()]);
    assert_eq!(replies, ["Success"]);
    let mut lines = opening.clone();
    lines.push(mate);
    lines.push("getState result".to_string());
    lines.push("go".to_string());
    let (replies, _) = converse(&lines);
    assert_eq!(replies[opening.len()], "Success");
    let result: serde_json::Value =
        serde_json::from_str(replies[opening.len() + 1].strip_prefix("result: ").unwrap()).unwrap();
    assert_eq!(result["winner"], "white");
    assert_eq!(
        replies[opening.len() + 2],
        "Error (there is no move to choose: the game has ended): go"
    );
}

#[test]
fn go_refuses_a_level_it_does_not_have() {
    let lines: Vec<String> = ["go 0", "go 4", "go x", "go 1 2", "getState t"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let (replies, _) = converse(&lines);
    assert_eq!(replies[0], "Error (go takes a level 1, 2 or 3): go 0");
    assert_eq!(replies[1], "Error (go takes a level 1, 2 or 3): go 4");
    assert_eq!(replies[2], "Error (go takes a level 1, 2 or 3): go x");
    assert_eq!(replies[3], "Error (unknown message): go 1 2");
    assert_eq!(replies[4], "0");
}
