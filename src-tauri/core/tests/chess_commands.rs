//! Time Chess through the app's commands, as the screen will call them: travel both ways
//! in time, refusals that name the rule and change nothing, the revision a move is chosen
//! at, review and its replace confirmation, export/import and the autosave across a
//! restart of the core.

use canon_app_core::commands::dispatch;
use canon_app_core::test_dir::{core_in, files_in, TestDir};
use canon_app_core::{AppCore, AppError};
use serde_json::{json, Value};

fn run(core: &mut AppCore, cmd: &str, args: Value) -> Result<Value, AppError> {
    dispatch(core, cmd, json!({ "args": args }))
}

/// The whole view (`chess_open`, every layer) without the token naming its layers.
fn open(core: &mut AppCore) -> Value {
    let answer = dispatch(core, "chess_open", json!({})).unwrap();
    assert_eq!(
        answer["stack"]["kind"], "all",
        "chess_open sends every layer"
    );
    without_stack(answer)
}

fn without_stack(mut answer: Value) -> Value {
    answer.as_object_mut().unwrap().remove("stack");
    answer
}

/// Plays `moves` in order, each at the revision the screen was showing; the whole view
/// after them (the answers themselves carry only the layers that changed).
fn play(core: &mut AppCore, moves: &[&str]) -> Value {
    let mut view = open(core);
    for mv in moves {
        let revision = view["revision"].clone();
        view = run(
            core,
            "chess_play",
            json!({ "mv": mv, "revision": revision }),
        )
        .unwrap_or_else(|error| panic!("{mv}: {error}"));
    }
    open(core)
}

fn consequences(view: &Value) -> &Vec<Value> {
    view["screen"]["lastMove"]["consequences"]
        .as_array()
        .unwrap()
}

/// Runs `cmd`, expects a refusal, and checks that neither the view nor a file changed.
fn refused(dir: &TestDir, core: &mut AppCore, cmd: &str, args: Value) -> AppError {
    let (view, files) = (open(core), files_in(dir.path()));
    let error = run(core, cmd, args.clone()).expect_err(&format!("{cmd} {args} was accepted"));
    assert_eq!(open(core), view, "{cmd} {args} changed the game");
    assert_eq!(files_in(dir.path()), files, "{cmd} {args} wrote");
    error
}

#[test]
fn a_forward_traveller_waits_as_a_ghost_then_arrives() {
    let dir = TestDir::new("chess-forward");
    let mut core = core_in(&dir);
    let view = play(&mut core, &["a1t0a1t1"]);
    assert_eq!(view["screen"]["ghosts"].as_array().unwrap().len(), 1);
    assert_eq!(view["screen"]["lastMove"]["moveKind"], "forward");
    let view = play(&mut core, &["e7t1e5t1"]);
    assert!(view["screen"]["ghosts"].as_array().unwrap().is_empty());
    assert!(
        consequences(&view)
            .iter()
            .any(|c| c["type"] == "arrived" && c["at"] == "a1t1" && c["kind"] == "rook"),
        "{view}"
    );
}

#[test]
fn a_backward_capture_erases_the_captured_lineage() {
    let dir = TestDir::new("chess-backward");
    let mut core = core_in(&dir);
    play(&mut core, &["b1t0c3t0", "c7t1c5t1"]);
    let selection = run(&mut core, "chess_select", json!({ "from": "c3t2" })).unwrap();
    let offered = selection["layers"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|layer| layer["destinations"].as_array().unwrap())
        .find(|destination| destination["mv"] == "c3t2c5t1")
        .cloned()
        .expect("the knight may capture in the past");
    assert_eq!(offered["moveKind"], "backward");
    assert_eq!(offered["captures"], "pawn");
    let view = play(&mut core, &["c3t2c5t1"]);
    let erased = consequences(&view)
        .iter()
        .find(|c| c["type"] == "erasedInPast")
        .expect("a capture in the past");
    assert_eq!(
        (&erased["at"], &erased["kind"]),
        (&json!("c5t1"), &json!("pawn"))
    );
}

#[test]
fn an_illegal_move_is_refused_with_its_rule_and_changes_nothing() {
    let dir = TestDir::new("chess-illegal");
    let mut core = core_in(&dir);
    let revision = play(&mut core, &["e2t0e4t0"])["revision"].clone();
    let error = refused(
        &dir,
        &mut core,
        "chess_play",
        json!({ "mv": "d1t1d4t1", "revision": revision }),
    );
    let value = serde_json::to_value(&error).unwrap();
    assert_eq!(
        (&value["kind"], &value["game"]),
        (&json!("illegal"), &json!("chess"))
    );
    assert_eq!(
        value["rejection"]["rule"],
        json!({ "rule": "notYourPiece", "toMove": "black" })
    );
    assert_eq!(error.to_string(), "d1t1d4t1: It is black's turn");
    // Typed text goes through the same rules, and so does a typing mistake.
    let error = refused(
        &dir,
        &mut core,
        "chess_play_typed",
        json!({ "text": "E7T1 E4T1", "revision": revision }),
    );
    assert!(error.to_string().starts_with("e7t1e4t1: "), "{error}");
    let error = refused(
        &dir,
        &mut core,
        "chess_play_typed",
        json!({ "text": "e7t1x", "revision": revision }),
    );
    let value = serde_json::to_value(&error).unwrap();
    assert_eq!(
        value["rejection"],
        json!({ "error": "badSquare", "text": "x" })
    );
    let view = run(
        &mut core,
        "chess_play_typed",
        json!({ "text": "e7t1 e5t1", "revision": revision }),
    )
    .unwrap();
    assert_eq!(view["moves"], json!(["e2t0e4t0", "e7t1e5t1"]));
}

#[test]
fn completion_lists_the_engines_moves_for_a_prefix() {
    let dir = TestDir::new("chess-complete");
    let mut core = core_in(&dir);
    let completion = run(&mut core, "chess_complete", json!({ "prefix": "g1t0" })).unwrap();
    let moves = completion["moves"].as_array().unwrap();
    assert!(moves.contains(&json!("g1t0f3t0")), "{completion}");
    assert!(moves
        .iter()
        .all(|mv| mv.as_str().unwrap().starts_with("g1t0")));
    assert!(completion["problem"].is_null());
    let completion = run(&mut core, "chess_complete", json!({ "prefix": "z" })).unwrap();
    assert_eq!(completion["problem"]["error"], "badSquare");
}

#[test]
fn a_move_chosen_at_another_revision_is_refused() {
    let dir = TestDir::new("chess-stale");
    let mut core = core_in(&dir);
    let stale = open(&mut core)["revision"].clone();
    play(&mut core, &["e2t0e4t0"]);
    let error = refused(
        &dir,
        &mut core,
        "chess_play",
        json!({ "mv": "e7t1e5t1", "revision": stale }),
    );
    assert!(
        matches!(error, AppError::InvalidArgument { .. }),
        "{error:?}"
    );
    assert!(error.to_string().contains("position changed"), "{error}");
}

#[test]
fn playing_during_review_needs_confirmation_then_replaces_the_later_moves() {
    let dir = TestDir::new("chess-review");
    let mut core = core_in(&dir);
    play(&mut core, &["e2t0e4t0", "e7t1e5t1", "g1t2f3t2"]);
    let view = run(&mut core, "chess_review", json!({ "kind": "first" })).unwrap();
    assert_eq!(
        (view["cursor"].clone(), view["screen"]["present"].clone()),
        (json!(0), json!(0))
    );
    let view = run(&mut core, "chess_review", json!({ "kind": "next" })).unwrap();
    assert_eq!(view["cursor"], 1);
    assert_eq!(
        view["moves"].as_array().unwrap().len(),
        3,
        "later moves kept"
    );
    let revision = view["revision"].clone();
    let error = refused(
        &dir,
        &mut core,
        "chess_play",
        json!({ "mv": "d7t1d5t1", "revision": revision }),
    );
    assert!(
        matches!(error, AppError::ConfirmationNeeded { .. }),
        "{error:?}"
    );
    assert!(error.to_string().contains("2 later turns"), "{error}");
    let view = run(
        &mut core,
        "chess_play",
        json!({ "mv": "d7t1d5t1", "revision": revision, "replace_future": true }),
    )
    .unwrap();
    assert_eq!(view["moves"], json!(["e2t0e4t0", "d7t1d5t1"]));
    assert_eq!(view["cursor"], 2);
    let error = refused(
        &dir,
        &mut core,
        "chess_review",
        json!({ "kind": "jump", "cursor": 3 }),
    );
    assert!(
        matches!(error, AppError::InvalidArgument { .. }),
        "{error:?}"
    );
}

#[test]
fn an_exported_game_imports_to_the_same_game() {
    let dir = TestDir::new("chess-export");
    let mut core = core_in(&dir);
    let played = play(&mut core, &["b1t0c3t0", "c7t1c5t1", "c3t2c5t1"]);
    let text = dispatch(&mut core, "chess_export", json!({})).unwrap();
    dispatch(&mut core, "chess_new", json!({})).unwrap();
    assert_eq!(open(&mut core)["moves"], json!([]));
    let imported = run(&mut core, "chess_import", json!({ "text": text })).unwrap();
    assert_eq!(
        imported["stack"]["kind"], "all",
        "no layer of the new game is kept"
    );
    assert_eq!(without_stack(imported), played);
}

#[test]
fn a_corrupt_import_names_the_move_and_rule_and_changes_nothing() {
    let dir = TestDir::new("chess-corrupt");
    let mut core = core_in(&dir);
    play(&mut core, &["e2t0e4t0"]);
    let text = json!({
        "schema": "time-chess-game", "version": 1, "rules": "time-chess-v1",
        "moves": ["e2t0e4t0", "e7t1e4t1"],
    })
    .to_string();
    let error = refused(&dir, &mut core, "chess_import", json!({ "text": text }));
    assert!(matches!(error, AppError::InvalidRecord { .. }), "{error:?}");
    let words = error.to_string();
    assert!(words.contains("move 1 (e7t1e4t1)"), "{words}");
    assert!(words.contains("pawn"), "{words}");
    // Over the document limit: refused before it is read.
    let huge = " ".repeat(2 * 1024 * 1024 + 1);
    let error = refused(&dir, &mut core, "chess_import", json!({ "text": huge }));
    assert!(error.to_string().contains("more than the limit"), "{error}");
}

#[test]
fn the_autosave_survives_a_restart_of_the_core() {
    let dir = TestDir::new("chess-restart");
    let mut core = core_in(&dir);
    let played = play(&mut core, &["a1t0a1t1", "e7t1e5t1", "b1t2c3t2"]);
    assert_eq!(played["save"], json!({ "kind": "saved" }));
    drop(core);
    let mut reopened = core_in(&dir);
    assert_eq!(open(&mut reopened), played);
}

#[test]
fn an_invalid_save_is_kept_until_the_player_sets_it_aside() {
    let dir = TestDir::new("chess-invalid-save");
    let corrupt =
        r#"{"schema":"time-chess-game","version":1,"rules":"time-chess-v1","moves":["e2t0e5t0"]}"#;
    std::fs::write(dir.path().join("chess.json"), corrupt).unwrap();
    let mut core = core_in(&dir);
    let view = play(&mut core, &["e2t0e4t0"]);
    assert_eq!(view["save"]["kind"], "paused_invalid_save", "{view}");
    // The shell's status names it too, as for the other games.
    let status = dispatch(&mut core, "app_status", json!({})).unwrap();
    assert_eq!(status["saves"]["chess"]["kind"], "paused_invalid_save");
    let kept = std::fs::read_to_string(dir.path().join("chess.json")).unwrap();
    assert_eq!(kept, corrupt, "the invalid save is not overwritten");
    let text = dispatch(&mut core, "chess_invalid_save", json!({})).unwrap();
    assert_eq!(text, json!(corrupt));
    let error = refused(
        &dir,
        &mut core,
        "chess_set_aside_invalid",
        json!({ "confirm": false }),
    );
    assert!(
        matches!(error, AppError::ConfirmationNeeded { .. }),
        "{error:?}"
    );
    let view = run(
        &mut core,
        "chess_set_aside_invalid",
        json!({ "confirm": true }),
    )
    .unwrap();
    assert_eq!(view["save"]["kind"], "saved");
    let saved = std::fs::read_to_string(dir.path().join("chess.json")).unwrap();
    assert!(saved.contains("e2t0e4t0"), "{saved}");
}
