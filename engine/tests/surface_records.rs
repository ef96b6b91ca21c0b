//! The surfaces' documents: the specification's example, round trips of every schema, and
//! rejection of every kind of bad input with a message naming what is wrong.

mod support;

use canon_engine::go::Color;
use canon_engine::surfaces::records::{
    export, export_replay, import_analysis, import_any, import_diagram, import_game, import_replay,
    import_study, Diagram, Document, RecordError, IMPORT_LIMIT,
};
use canon_engine::surfaces::{Action, Surface, SurfaceGame};
use serde_json::{json, Value};
use support::{place, setup};

fn bytes(value: &Value) -> Vec<u8> {
    serde_json::to_vec(value).unwrap()
}

fn board_with(points: usize, stones: &[(usize, u8)]) -> Vec<u8> {
    let mut board = vec![0u8; points];
    for &(p, c) in stones {
        board[p] = c;
    }
    board
}

fn spec_example() -> Value {
    json!({
        "schema": "surface-go-game",
        "version": 1,
        "graph": "go-mobius-9x11-v1",
        "rules": "graph-area-no-suicide-psk-v1",
        "komiHalfPoints": 1,
        "actions": [{"type": "place", "at": 49}, {"type": "pass"}, {"type": "resign"}],
        "snapshot": {
            "board": board_with(99, &[(49, 1)]),
            "next": null,
            "passes": 1,
            "area": {"black": 99, "white": 0},
            // Black placed, White passed, so the resigning player to move is Black.
            "result": {"winner": "white", "reason": "resignation", "black": 99, "white": 0.5}
        }
    })
}

fn error_of(result: Result<SurfaceGame, RecordError>) -> String {
    result
        .expect_err("the document should be rejected")
        .to_string()
}

#[test]
fn the_specification_example_replays_to_its_snapshot() {
    let game = import_game(&bytes(&spec_example())).unwrap();
    assert_eq!(game.board()[49], 1);
    assert_eq!(game.next(), None);
    assert_eq!(game.passes(), 1);
    let exported = export(&game);
    assert_eq!(exported["snapshot"]["result"]["white"], json!(0.5));
    assert_eq!(exported["snapshot"]["result"]["whiteHalfPoints"], json!(1));
    assert_eq!(exported["snapshot"]["result"]["black"], json!(99));
    // The snapshot may be absent: then the record is only replayed.
    let mut bare = spec_example();
    bare.as_object_mut().unwrap().remove("snapshot");
    assert!(import_game(&bytes(&bare)).is_ok());
}

#[test]
fn every_schema_round_trips() {
    let s = Surface::Genus2;
    let mut game = setup(s, &["I:e5", "II:e5"], &["I:d5"], Color::White);
    place(&mut game, "II:a1");
    let game_doc = export(&game);
    let again = import_game(&bytes(&game_doc)).unwrap();
    assert_eq!(export(&again), game_doc);

    let mut study = SurfaceGame::study(s, game.board(), Color::Black, -7).unwrap();
    place(&mut study, "I:a1");
    study.apply(Action::Pass).unwrap();
    let study_doc = export(&study);
    assert_eq!(study_doc["schema"], "surface-go-study");
    let again = import_study(&bytes(&study_doc)).unwrap();
    assert_eq!(export(&again), study_doc);
    assert_eq!(again.label(), study.label());

    let mut analysis = game.analysis_at(2).unwrap();
    place(&mut analysis, "I:i9");
    let analysis_doc = export(&analysis);
    assert_eq!(analysis_doc["prefix"].as_array().unwrap().len(), 2);
    assert_eq!(analysis_doc["actions"].as_array().unwrap().len(), 1);
    let again = import_analysis(&bytes(&analysis_doc)).unwrap();
    assert_eq!(export(&again), analysis_doc);
    assert_eq!(again.history_len(), analysis.history_len());

    let diagram = Diagram::new(s, board_with(162, &[(0, 1), (1, 2)]), None, 3).unwrap();
    let diagram_doc = serde_json::to_value(diagram.to_record()).unwrap();
    let again = import_diagram(&bytes(&diagram_doc)).unwrap();
    assert_eq!(again, diagram);

    for line in [&game, &study, &analysis] {
        let wrapped = export_replay(line, 1);
        let (again, cursor) = import_replay(&bytes(&wrapped)).unwrap();
        assert_eq!(cursor, 1);
        assert_eq!(export(&again), export(line));
        assert!(matches!(
            import_any(&bytes(&wrapped)).unwrap(),
            Document::Replay { cursor: 1, .. }
        ));
    }
}

#[test]
fn importers_reject_each_others_schemas_naming_both() {
    let s = Surface::Klein;
    let study = export(&SurfaceGame::study(s, &[0; 162], Color::White, 1).unwrap());
    let message = error_of(import_game(&bytes(&study)));
    assert!(
        message.contains("surface-go-study") && message.contains("surface-go-game"),
        "{message}"
    );
    let game = spec_example();
    let message = error_of(import_study(&bytes(&game)));
    assert!(
        message.contains("surface-go-game") && message.contains("surface-go-study"),
        "{message}"
    );
    let message = error_of(import_analysis(&bytes(&game)));
    assert!(message.contains("surface-go-analysis"), "{message}");
    let message = import_diagram(&bytes(&game)).unwrap_err().to_string();
    assert!(message.contains("surface-go-diagram"), "{message}");
    let message = import_replay(&bytes(&game)).unwrap_err().to_string();
    assert!(message.contains("surface-go-replay"), "{message}");
    let timego = json!({"schema": "time-go-game", "version": 1});
    let message = error_of(import_game(&bytes(&timego)));
    assert!(message.contains("time-go-game"), "{message}");
    // A diagram cannot be wrapped in a replay.
    let diagram = Diagram::new(s, vec![0; 162], Some(Color::Black), 1).unwrap();
    let wrapped = json!({"schema": "surface-go-replay", "version": 1, "cursor": 0,
        "document": serde_json::to_value(diagram.to_record()).unwrap()});
    let message = import_replay(&bytes(&wrapped)).unwrap_err().to_string();
    assert!(message.contains("surface-go-diagram"), "{message}");
}

fn with(mut value: Value, path: &[&str], new: Value) -> Value {
    let mut at = &mut value;
    for key in &path[..path.len() - 1] {
        at = match key.parse::<usize>() {
            Ok(index) => &mut at[index],
            Err(_) => &mut at[*key],
        };
    }
    let last = path[path.len() - 1];
    match last.parse::<usize>() {
        Ok(index) => at[index] = new,
        Err(_) => {
            at[last] = new;
        }
    }
    value
}

#[test]
fn malformed_documents_are_rejected_with_the_offending_key() {
    let base = spec_example();
    let cases: Vec<(Value, &str)> = vec![
        (with(base.clone(), &["colour"], json!(1)), "colour"),
        (
            with(base.clone(), &["snapshot", "extra"], json!(1)),
            "extra",
        ),
        (
            with(base.clone(), &["actions", "0", "player"], json!("black")),
            "player",
        ),
        (
            with(base.clone(), &["komiHalfPoints"], json!(1.0)),
            "komiHalfPoints",
        ),
        (
            with(base.clone(), &["actions", "0", "at"], json!(49.0)),
            "actions[0].at",
        ),
        (
            with(base.clone(), &["actions", "1", "at"], json!(3)),
            "pass action has no `at`",
        ),
        (
            with(base.clone(), &["actions", "0"], json!({"type": "place"})),
            "needs `at`",
        ),
        (
            with(base.clone(), &["actions", "0"], json!({"type": "jump"})),
            "jump",
        ),
        (
            with(base.clone(), &["graph"], json!("go-torus")),
            "go-torus",
        ),
        (with(base.clone(), &["version"], json!(2)), "version 2"),
        (
            with(base.clone(), &["rules"], json!("tromp-taylor")),
            "tromp-taylor",
        ),
        (with(base.clone(), &["komiHalfPoints"], json!(199)), "199"),
        (
            with(base.clone(), &["snapshot", "board", "3"], json!(7)),
            "board at point 3",
        ),
        (
            with(base.clone(), &["snapshot", "board", "3"], json!(300)),
            "board[3]",
        ),
        (
            with(base.clone(), &["actions", "0", "at"], json!(99)),
            "action 0",
        ),
    ];
    for (document, needle) in cases {
        let message = error_of(import_game(&bytes(&document)));
        assert!(
            message.contains(needle),
            "expected '{needle}' in: {message}"
        );
    }
    let mut missing = spec_example();
    missing["snapshot"].as_object_mut().unwrap().remove("next");
    assert!(error_of(import_game(&bytes(&missing))).contains("next"));
    assert!(error_of(import_game(b"not json")).contains("JSON"));
    assert!(error_of(import_game(b"[1, 2]")).contains("object"));
    assert!(error_of(import_game(b"{}")).contains("schema"));
}

#[test]
fn snapshot_discrepancies_are_named() {
    let base = spec_example();
    let cases: Vec<(Value, &str)> = vec![
        (
            with(base.clone(), &["snapshot", "board", "49"], json!(2)),
            "board at point 49",
        ),
        (
            with(base.clone(), &["snapshot", "next"], json!("white")),
            "next",
        ),
        (
            with(base.clone(), &["snapshot", "passes"], json!(0)),
            "passes",
        ),
        (
            with(base.clone(), &["snapshot", "area", "white"], json!(1)),
            "area",
        ),
        (
            with(base.clone(), &["snapshot", "result"], Value::Null),
            "result",
        ),
        (
            with(
                base.clone(),
                &["snapshot", "result", "winner"],
                json!("black"),
            ),
            "result",
        ),
        (
            with(base.clone(), &["snapshot", "result", "white"], json!(1)),
            "result",
        ),
        (
            with(
                base.clone(),
                &["snapshot", "result", "whiteHalfPoints"],
                json!(2),
            ),
            "result",
        ),
        (
            with(base.clone(), &["snapshot", "board"], json!([0, 1])),
            "board has 2 points",
        ),
    ];
    for (document, needle) in cases {
        let message = error_of(import_game(&bytes(&document)));
        assert!(message.contains("snapshot"), "{message}");
        assert!(
            message.contains(needle),
            "expected '{needle}' in: {message}"
        );
    }
}

#[test]
fn illegal_actions_are_rejected_with_their_index_and_reason() {
    let doc = json!({
        "schema": "surface-go-game", "version": 1, "graph": "go-klein-9x18-v1",
        "rules": "graph-area-no-suicide-psk-v1", "komiHalfPoints": 1,
        "actions": [{"type": "place", "at": 10}, {"type": "place", "at": 10}]
    });
    let message = error_of(import_game(&bytes(&doc)));
    assert!(
        message.contains("action 1") && message.contains("occupied"),
        "{message}"
    );
    let ended = with(
        doc.clone(),
        &["actions"],
        json!([{"type": "pass"}, {"type": "pass"}, {"type": "pass"}]),
    );
    let message = error_of(import_game(&bytes(&ended)));
    assert!(
        message.contains("action 2") && message.contains("ended"),
        "{message}"
    );
}

#[test]
fn oversized_documents_are_rejected_before_parsing() {
    let mut huge = vec![b' '; IMPORT_LIMIT + 1];
    huge[0] = b'{';
    for result in [
        import_game(&huge),
        import_study(&huge),
        import_analysis(&huge),
    ] {
        assert!(matches!(result, Err(RecordError::TooLarge { .. })));
    }
    assert!(matches!(
        import_diagram(&huge),
        Err(RecordError::TooLarge { .. })
    ));
    assert!(matches!(
        import_replay(&huge),
        Err(RecordError::TooLarge { .. })
    ));
    // Exactly at the limit the document is parsed (and here is simply not JSON).
    let at_limit = vec![b' '; IMPORT_LIMIT];
    assert!(matches!(
        import_game(&at_limit),
        Err(RecordError::Malformed(_))
    ));
}

#[test]
fn study_and_diagram_setups_are_validated() {
    let s = Surface::Mobius;
    // a1 black surrounded by white a2, b1, i11: a chain without liberties.
    let dead = board_with(99, &[(0, 1), (9, 2), (1, 2), (98, 2)]);
    let study = json!({
        "schema": "surface-go-study", "version": 1, "graph": s.id(),
        "rules": "graph-area-no-suicide-psk-v1", "komiHalfPoints": 1,
        "setup": {"board": dead, "next": "white"}, "actions": []
    });
    let message = error_of(import_study(&bytes(&study)));
    assert!(
        message.contains("setup") && message.contains("no liberty"),
        "{message}"
    );
    let bad_cell = with(study.clone(), &["setup", "board", "5"], json!(3));
    assert!(error_of(import_study(&bytes(&bad_cell))).contains("value 3"));
    let short = with(study.clone(), &["setup", "board"], json!([0, 0]));
    assert!(error_of(import_study(&bytes(&short))).contains("expected 99 cells"));
    // The same unfinished board is a valid editor diagram, inspected without history.
    let diagram = json!({"schema": "surface-go-diagram", "version": 1, "graph": s.id(),
        "komiHalfPoints": 1, "board": dead, "next": null});
    let diagram = import_diagram(&bytes(&diagram)).unwrap();
    let inspection = diagram.inspect();
    assert!(!inspection.stable);
    assert_eq!(inspection.without_liberties.len(), 1);
    assert_eq!(
        inspection.groups[inspection.without_liberties[0]].stones,
        vec![0]
    );
    assert!(diagram.begin_study().is_err());
    let selected = Diagram {
        next: Some(Color::White),
        ..diagram
    };
    assert!(selected
        .begin_study()
        .unwrap_err()
        .to_string()
        .contains("no liberty"));
}

#[test]
fn analysis_prefix_and_replay_cursor_are_validated() {
    let analysis = json!({
        "schema": "surface-go-analysis", "version": 1, "graph": "go-klein-9x18-v1",
        "rules": "graph-area-no-suicide-psk-v1", "komiHalfPoints": 1,
        "prefix": [{"type": "place", "at": 3}, {"type": "place", "at": 3}],
        "actions": []
    });
    let message = error_of(import_analysis(&bytes(&analysis)));
    assert!(message.contains("prefix action 1"), "{message}");
    let ended = with(
        analysis.clone(),
        &["prefix"],
        json!([{"type": "pass"}, {"type": "pass"}]),
    );
    assert!(error_of(import_analysis(&bytes(&ended))).contains("ends the game"));
    let good = with(
        analysis.clone(),
        &["prefix"],
        json!([{"type": "place", "at": 3}]),
    );
    let good = with(good, &["actions"], json!([{"type": "place", "at": 4}]));
    assert!(import_analysis(&bytes(&good)).is_ok());
    let wrapped =
        json!({"schema": "surface-go-replay", "version": 1, "cursor": 2, "document": good});
    let message = import_replay(&bytes(&wrapped)).unwrap_err().to_string();
    assert!(message.contains("cursor 2"), "{message}");
    let wrapped = with(wrapped, &["cursor"], json!(1));
    assert_eq!(import_replay(&bytes(&wrapped)).unwrap().1, 1);
    let negative = with(wrapped.clone(), &["cursor"], json!(-1));
    assert!(import_replay(&bytes(&negative))
        .unwrap_err()
        .to_string()
        .contains("cursor"));
    let broken_inner = with(wrapped, &["document", "actions", "0", "at"], json!(3));
    assert!(import_replay(&bytes(&broken_inner))
        .unwrap_err()
        .to_string()
        .contains("occupied"));
}
