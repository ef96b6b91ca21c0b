//! Every record of the three formats is a JSON object with exactly its keys: a duplicate key
//! or an array in place of any record, at any depth, is refused, and so is a checkpoint or
//! snapshot with a field missing (issue 16, items 4 and 5).

use canon_engine::go::Color;
use canon_engine::surfaces::records::{
    export, export_replay, import_analysis, import_any, import_diagram, import_game, import_replay,
    import_study, Diagram,
};
use canon_engine::surfaces::{Action, Surface, SurfaceGame};
mod common;

use canon_engine::timechess;
use canon_engine::timego;
use common::imports::{chess_import, ok, timego_import};
use serde_json::{json, Value};

/// One step into a document: an object key or an array index.
#[derive(Clone, Copy, Debug)]
enum Step {
    Key(&'static str),
    Index(usize),
}
use Step::{Index, Key};

fn at<'a>(value: &'a mut Value, path: &[Step]) -> &'a mut Value {
    path.iter().fold(value, |value, step| match *step {
        Key(key) => &mut value[key],
        Index(index) => &mut value[index],
    })
}

/// The document's text with the object at `path` written with its first key twice (same
/// value, so only duplicate detection can tell).
fn with_duplicate(document: &Value, path: &[Step]) -> (String, String) {
    let mut copy = document.clone();
    let target = at(&mut copy, path);
    let object = target
        .as_object()
        .expect("the path leads to an object")
        .clone();
    let (key, value) = object.iter().next().expect("a non-empty object");
    let (key, value) = (key.clone(), value.clone());
    let text = serde_json::to_string(&object).unwrap();
    let duplicated = format!(
        "{},{}:{}}}",
        &text[..text.len() - 1],
        serde_json::to_string(&key).unwrap(),
        value
    );
    *target = json!("@@here@@");
    let whole = serde_json::to_string(&copy)
        .unwrap()
        .replacen("\"@@here@@\"", &duplicated, 1);
    (whole, key)
}

/// The document with the object at `path` replaced by the array of its values.
fn with_array(document: &Value, path: &[Step]) -> String {
    let mut copy = document.clone();
    let target = at(&mut copy, path);
    let values: Vec<Value> = target
        .as_object()
        .expect("the path leads to an object")
        .values()
        .cloned()
        .collect();
    *target = Value::Array(values);
    serde_json::to_string(&copy).unwrap()
}

/// Checks that `import` accepts `document` and refuses each record at `paths` written with a
/// duplicate key or as an array.
fn assert_strict(
    name: &str,
    document: &Value,
    paths: &[&[Step]],
    import: &dyn Fn(&[u8]) -> Result<(), String>,
) {
    import(document.to_string().as_bytes())
        .unwrap_or_else(|error| panic!("{name}: the intact document is refused: {error}"));
    for path in paths {
        let (text, key) = with_duplicate(document, path);
        let error = import(text.as_bytes())
            .expect_err(&format!("{name} {path:?}: a duplicate `{key}` is accepted"));
        assert!(
            error.contains(&format!("duplicate field `{key}`")),
            "{name} {path:?}: {error}"
        );
        let text = with_array(document, path);
        let error = import(text.as_bytes()).expect_err(&format!(
            "{name} {path:?}: an array for the record is accepted"
        ));
        assert!(
            error.contains("invalid type: array, expected a JSON object"),
            "{name} {path:?}: {error}"
        );
    }
}

/// Checks that removing any one key of the checkpoint at `path` is refused, naming the key.
fn assert_complete(
    name: &str,
    document: &Value,
    path: &[Step],
    import: &dyn Fn(&[u8]) -> Result<(), String>,
) {
    let mut copy = document.clone();
    let keys: Vec<String> = at(&mut copy, path)
        .as_object()
        .unwrap()
        .keys()
        .cloned()
        .collect();
    for key in keys {
        let mut copy = document.clone();
        at(&mut copy, path).as_object_mut().unwrap().remove(&key);
        let error = import(copy.to_string().as_bytes())
            .expect_err(&format!("{name}: a checkpoint without `{key}` is accepted"));
        assert!(
            error.contains(&format!("missing field `{key}`")),
            "{name} without {key}: {error}"
        );
    }
}

/// A finished TimeGo game with every kind of action and a result.
fn timego_finished() -> Value {
    let document = json!({
        "schema": "time-go-game", "version": 1, "rules": "timego-shared-lock-v1",
        "size": 5, "komi": 0.5,
        "actions": [
            {"player": "black", "type": "place", "point": 12},
            {"player": "white", "type": "place", "point": 7},
            {"player": "black", "type": "place", "point": 13},
            {"player": "white", "type": "place", "point": 8},
            {"player": "black", "type": "time", "source": 2, "target": 1},
            {"player": "white", "type": "lock"},
            {"player": "black", "type": "pass"},
            {"player": "white", "type": "pass"}
        ],
        "cursor": 8
    });
    let (game, cursor) = timego::Game::from_record(document.to_string().as_bytes()).unwrap();
    let exported: Value = serde_json::from_str(&game.to_json(cursor).unwrap()).unwrap();
    assert!(!exported["checkpoint"]["result"].is_null());
    exported
}

#[test]
fn timego_records_are_objects_without_duplicate_keys() {
    let document = timego_finished();
    assert_strict(
        "time-go-game",
        &document,
        &[
            &[],
            &[Key("actions"), Index(0)],
            &[Key("actions"), Index(4)],
            &[Key("actions"), Index(5)],
            &[Key("checkpoint")],
            &[Key("checkpoint"), Key("placements"), Index(0)],
            &[Key("checkpoint"), Key("area")],
            &[Key("checkpoint"), Key("result")],
        ],
        &timego_import,
    );
}

#[test]
fn timego_checkpoints_must_be_complete() {
    let finished = timego_finished();
    assert_complete("finished", &finished, &[Key("checkpoint")], &timego_import);
    let mut going_on = finished.clone();
    going_on["actions"].as_array_mut().unwrap().pop();
    going_on["cursor"] = json!(7);
    going_on.as_object_mut().unwrap().remove("checkpoint");
    let (game, _) = timego::Game::from_record(going_on.to_string().as_bytes()).unwrap();
    let going_on: Value = serde_json::from_str(&game.to_json(7).unwrap()).unwrap();
    assert_complete("going on", &going_on, &[Key("checkpoint")], &timego_import);
}

fn surface() -> Surface {
    Surface::from_id("go-mobius-9x11-v1").unwrap()
}

/// A finished surfaces game (it has a result).
fn surface_game() -> SurfaceGame {
    let mut game = SurfaceGame::new(surface(), 1).unwrap();
    for action in [Action::Place { at: 49 }, Action::Pass, Action::Pass] {
        game.apply(action).unwrap();
    }
    game
}

#[test]
fn surface_records_are_objects_without_duplicate_keys() {
    let game = export(&surface_game());
    let snapshot_paths: [&[Step]; 4] = [
        &[Key("snapshot")],
        &[Key("snapshot"), Key("area")],
        &[Key("snapshot"), Key("result")],
        &[Key("actions"), Index(0)],
    ];
    let mut paths: Vec<&[Step]> = vec![&[]];
    paths.extend(snapshot_paths);
    assert_strict("surface-go-game", &game, &paths, &|b| ok(import_game(b)));
    assert_strict("import_any", &game, &paths, &|b| ok(import_any(b)));

    let mut board = vec![0u8; 99];
    board[3] = 1;
    let mut study = SurfaceGame::study(surface(), &board, Color::White, 1).unwrap();
    study.apply(Action::Place { at: 50 }).unwrap();
    let study = export(&study);
    assert_strict(
        "surface-go-study",
        &study,
        &[
            &[],
            &[Key("setup")],
            &[Key("snapshot")],
            &[Key("actions"), Index(0)],
        ],
        &|b| ok(import_study(b)),
    );

    let prefix = [Action::Place { at: 49 }, Action::Pass];
    let mut analysis = SurfaceGame::analysis(surface(), 1, &prefix).unwrap();
    analysis.apply(Action::Place { at: 10 }).unwrap();
    let analysis = export(&analysis);
    assert_strict(
        "surface-go-analysis",
        &analysis,
        &[
            &[],
            &[Key("prefix"), Index(0)],
            &[Key("prefix"), Index(1)],
            &[Key("actions"), Index(0)],
            &[Key("snapshot"), Key("area")],
        ],
        &|b| ok(import_analysis(b)),
    );

    let diagram = Diagram::new(surface(), board, None, 1).unwrap().to_record();
    let diagram = serde_json::to_value(diagram).unwrap();
    assert_strict("surface-go-diagram", &diagram, &[&[]], &|b| {
        ok(import_diagram(b))
    });

    let replay = export_replay(&surface_game(), 1);
    assert_strict(
        "surface-go-replay",
        &replay,
        &[
            &[],
            &[Key("document")],
            &[Key("document"), Key("snapshot"), Key("result")],
            &[Key("document"), Key("actions"), Index(1)],
        ],
        &|b| ok(import_replay(b)),
    );
}

#[test]
fn surface_snapshots_and_setups_must_be_complete() {
    let game = export(&surface_game());
    assert_complete("snapshot", &game, &[Key("snapshot")], &|b| {
        ok(import_game(b))
    });
    let study = export(&SurfaceGame::study(surface(), &[0; 99], Color::White, 1).unwrap());
    assert_complete("setup", &study, &[Key("setup")], &|b| ok(import_study(b)));
}

fn chess_game(moves: &[&str]) -> Value {
    let mut game = timechess::Game::new();
    for text in moves {
        game.play(text.parse().unwrap()).unwrap();
    }
    serde_json::from_str(&game.to_record_json()).unwrap()
}

#[test]
fn time_chess_records_are_objects_without_duplicate_keys() {
    // Black's pawn is in transit, so the queue has an entry.
    let going_on = chess_game(&["e2t0e4t0", "a7t1a7t3"]);
    assert_strict(
        "time-chess-game",
        &going_on,
        &[
            &[],
            &[Key("checkpoint")],
            &[Key("checkpoint"), Key("present"), Index(0)],
            &[Key("checkpoint"), Key("futureQueue"), Index(0)],
        ],
        &chess_import,
    );
    // The white king steps into the future over its own pawn and is Lost in Time.
    let ended = chess_game(&["e1t0e2t1", "a7t1a6t1"]);
    assert_strict(
        "time-chess-game (ended)",
        &ended,
        &[&[Key("checkpoint"), Key("result")]],
        &chess_import,
    );
    // A move is a string, never an array or object.
    for bad in [json!(["e2t0e4t0"]), json!({"from": "e2t0"})] {
        let mut document = going_on.clone();
        document["moves"][0] = bad;
        let error = chess_import(document.to_string().as_bytes()).unwrap_err();
        assert!(error.contains("moves[0]: invalid type"), "{error}");
    }
}

#[test]
fn time_chess_checkpoints_must_be_complete() {
    let going_on = chess_game(&["e2t0e4t0", "a7t1a7t3"]);
    assert_complete("going on", &going_on, &[Key("checkpoint")], &chess_import);
    let ended = chess_game(&["e1t0e2t1", "a7t1a6t1"]);
    assert_complete("ended", &ended, &[Key("checkpoint")], &chess_import);
}

/// A name (colour, action type, winner, reason, graph, piece kind) is a JSON string; an
/// object naming it, which serde would read as the same name, is refused.
#[test]
fn names_are_strings_never_objects() {
    let named = |value: &Value, path: &[Step]| {
        let mut copy = value.clone();
        let target = at(&mut copy, path);
        let name = target.as_str().expect("a name").to_string();
        *target = json!({ name: null });
        copy.to_string()
    };
    let timego = timego_finished();
    for path in [
        &[Key("actions"), Index(0), Key("player")][..],
        &[Key("actions"), Index(0), Key("type")],
        &[
            Key("checkpoint"),
            Key("placements"),
            Index(0),
            Key("player"),
        ],
        &[Key("checkpoint"), Key("result"), Key("winner")],
    ] {
        let error = timego_import(named(&timego, path).as_bytes()).unwrap_err();
        assert!(
            error.contains("invalid type: object, expected a string"),
            "{path:?}: {error}"
        );
    }
    let mut going_on = timego.clone();
    going_on["actions"].as_array_mut().unwrap().pop();
    going_on["cursor"] = json!(7);
    going_on.as_object_mut().unwrap().remove("checkpoint");
    let (game, _) = timego::Game::from_record(going_on.to_string().as_bytes()).unwrap();
    let going_on: Value = serde_json::from_str(&game.to_json(7).unwrap()).unwrap();
    let error =
        timego_import(named(&going_on, &[Key("checkpoint"), Key("next")]).as_bytes()).unwrap_err();
    assert!(
        error.contains("invalid type: object, expected a string"),
        "{error}"
    );

    let game = export(&surface_game());
    for path in [
        &[Key("graph")][..],
        &[Key("snapshot"), Key("result"), Key("winner")],
        &[Key("snapshot"), Key("result"), Key("reason")],
    ] {
        let error = ok(import_game(named(&game, path).as_bytes())).unwrap_err();
        assert!(
            error.contains("invalid type: object, expected a string"),
            "{path:?}: {error}"
        );
    }
    let study = export(&SurfaceGame::study(surface(), &[0; 99], Color::White, 1).unwrap());
    let error = ok(import_study(
        named(&study, &[Key("setup"), Key("next")]).as_bytes(),
    ))
    .unwrap_err();
    assert!(
        error.contains("invalid type: object, expected a string"),
        "{error}"
    );
    let error = ok(import_study(
        named(&study, &[Key("snapshot"), Key("next")]).as_bytes(),
    ))
    .unwrap_err();
    assert!(
        error.contains("invalid type: object, expected a string"),
        "{error}"
    );

    let going_on = chess_game(&["e2t0e4t0", "a7t1a7t3"]);
    for path in [
        &[Key("checkpoint"), Key("next")][..],
        &[Key("checkpoint"), Key("present"), Index(0), Key("color")],
        &[Key("checkpoint"), Key("present"), Index(0), Key("kind")],
        &[Key("checkpoint"), Key("futureQueue"), Index(0), Key("kind")],
    ] {
        let error = chess_import(named(&going_on, path).as_bytes()).unwrap_err();
        assert!(
            error.contains("invalid type: object, expected a string"),
            "{path:?}: {error}"
        );
    }
    let ended = chess_game(&["e1t0e2t1", "a7t1a6t1"]);
    let error =
        chess_import(named(&ended, &[Key("checkpoint"), Key("result"), Key("reason")]).as_bytes())
            .unwrap_err();
    assert!(
        error.contains("invalid type: object, expected a string"),
        "{error}"
    );
}
