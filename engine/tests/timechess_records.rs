//! `time-chess-game` records: export, import with replay, and rejection of every kind of
//! bad document with its reason.

mod timechess_support;

use canon_engine::timechess::{Game, RecordError, MAX_RECORD_BYTES};
use serde_json::{json, Value};
use timechess_support::play_all;

fn sample() -> Game {
    let mut game = Game::new();
    play_all(&mut game, &["e2t0e4t0", "a7t1a7t3", "b1t2c3t2"]);
    game
}

fn import(value: &Value) -> Result<Game, RecordError> {
    Game::import(value.to_string().as_bytes())
}

#[test]
fn a_record_round_trips_with_its_checkpoint() {
    let game = sample();
    let value: Value = serde_json::from_str(&game.to_record_json()).unwrap();
    assert_eq!(value["schema"], "time-chess-game");
    assert_eq!(value["moves"], json!(["e2t0e4t0", "a7t1a7t3", "b1t2c3t2"]));
    assert_eq!(value["checkpoint"]["turn"], 3);
    assert_eq!(value["checkpoint"]["next"], "black");
    assert_eq!(
        value["checkpoint"]["futureQueue"],
        json!([{"from": "a7t1", "to": "a7t3", "color": "black", "kind": "pawn"}])
    );
    let back = import(&value).unwrap();
    assert_eq!(back.to_record_json(), game.to_record_json());
}

#[test]
fn the_checkpoint_is_optional_but_must_match_when_present() {
    let mut value: Value = serde_json::from_str(&sample().to_record_json()).unwrap();
    value.as_object_mut().unwrap().remove("checkpoint");
    assert!(import(&value).is_ok());
    let full: Value = serde_json::from_str(&sample().to_record_json()).unwrap();
    for (field, bad) in [
        ("turn", json!(4)),
        ("next", json!("white")),
        ("present", json!([])),
        ("futureQueue", json!([])),
        ("result", json!({"winner": "white", "reason": "checkmate"})),
    ] {
        let mut doc = full.clone();
        doc["checkpoint"][field] = bad;
        let error = import(&doc).unwrap_err();
        assert_eq!(
            error.to_string(),
            format!("the checkpoint's '{field}' does not match the replayed game")
        );
    }
}

#[test]
fn bad_documents_are_rejected_with_their_reason() {
    let good: Value = serde_json::from_str(&sample().to_record_json()).unwrap();
    let with = |key: &str, v: Value| {
        let mut doc = good.clone();
        doc[key] = v;
        doc
    };
    let cases: Vec<(Value, &str)> = vec![
        (
            with("schema", json!("time-go-game")),
            "this is a 'time-go-game' document",
        ),
        (with("version", json!(2)), "unsupported version 2"),
        (with("version", json!(1.0)), "malformed record"),
        (with("rules", json!("chess")), "unknown rules 'chess'"),
        (with("extra", json!(1)), "unknown field `extra`"),
        (
            with("moves", json!(["e2t0e4t0", "e7e5"])),
            "move 1: 'e7e5' is not a move",
        ),
        (
            with("moves", json!(["e2t0e5t0"])),
            "move 0 (e2t0e5t0): A pawn cannot move that way",
        ),
        (
            with("moves", json!(["e2t0e4t0", "e2t1e4t1"])),
            "move 1 (e2t1e4t1): There is no piece at e2t1",
        ),
        (
            with("moves", json!(vec!["a2t0a3t0"; 1025])),
            "more than the limit of 1024",
        ),
    ];
    for (doc, expected) in cases {
        let error = import(&doc).unwrap_err().to_string();
        assert!(
            error.contains(expected),
            "{error} should contain {expected}"
        );
    }
    let mut inner = good.clone();
    inner["checkpoint"]["colour"] = json!(1);
    assert!(import(&inner)
        .unwrap_err()
        .to_string()
        .contains("unknown field `colour`"));
    assert_eq!(
        Game::import(b"{not json")
            .unwrap_err()
            .to_string()
            .split(':')
            .next(),
        Some("malformed record")
    );
    let huge = vec![b' '; MAX_RECORD_BYTES + 1];
    assert_eq!(Game::import(&huge).unwrap_err(), RecordError::TooLarge);
}

#[test]
fn a_move_after_the_end_is_rejected() {
    // The white king steps into the future over its own pawn and is Lost in Time.
    let mut game = Game::new();
    play_all(&mut game, &["e1t0e2t1", "a7t1a6t1"]);
    assert!(game.outcome().is_some());
    let mut value: Value = serde_json::from_str(&game.to_record_json()).unwrap();
    assert_eq!(value["checkpoint"]["next"], Value::Null);
    assert_eq!(
        value["checkpoint"]["result"],
        json!({"winner": "black", "reason": "king-lost-in-time"})
    );
    value["moves"]
        .as_array_mut()
        .unwrap()
        .push(json!("a2t2a3t2"));
    value.as_object_mut().unwrap().remove("checkpoint");
    assert_eq!(
        import(&value).unwrap_err().to_string(),
        "move 2 (a2t2a3t2): The game is over"
    );
}
