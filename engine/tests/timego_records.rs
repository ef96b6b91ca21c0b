//! The `time-go-game` version 1 record: the specification's example, round trips, and the
//! rejection of every kind of bad document with a message naming what is wrong.

mod common;

use canon_engine::timego::{Game, Rejection, ACTION_LIMIT, DOCUMENT_LIMIT};
use proptest::prelude::*;
use serde_json::{json, Value};

/// The example of `shared/spec/records-and-cli.md` (its checkpoint filled in from the rules).
fn spec_example() -> Value {
    json!({
        "schema": "time-go-game",
        "version": 1,
        "rules": "timego-shared-lock-v1",
        "size": 5,
        "komi": 0,
        "actions": [
            {"player": "black", "type": "place", "point": 12},
            {"player": "white", "type": "place", "point": 7},
            {"player": "black", "type": "place", "point": 13},
            {"player": "white", "type": "place", "point": 8},
            {"player": "black", "type": "time", "source": 2, "target": 1},
            {"player": "white", "type": "lock"},
            {"player": "black", "type": "pass"}
        ],
        "cursor": 7,
        "checkpoint": {
            "board": [0,0,0,0,0, 0,0,2,2,0, 0,0,1,1,0, 0,0,0,0,0, 0,0,0,0,0],
            "placements": [{"player": "black", "point": 12}, {"player": "black", "point": 13},
                           {"player": "white", "point": 7}, {"player": "white", "point": 8}],
            "locked": 4,
            "next": "white",
            "passes": 1,
            "area": {"black": 2, "white": 2},
            "result": null
        }
    })
}

fn import(value: &Value) -> Result<(Game, usize), String> {
    Game::from_record(value.to_string().as_bytes()).map_err(|error| error.to_string())
}

fn rejected(value: &Value) -> String {
    import(value).map(|_| ()).unwrap_err()
}

#[test]
fn the_specification_example_imports_and_its_checkpoint_matches() {
    let (game, cursor) = import(&spec_example()).unwrap();
    assert_eq!(cursor, 7);
    assert_eq!(game.actions().len(), 7);
    let exported: Value = serde_json::from_str(&game.to_json(7).unwrap()).unwrap();
    assert_eq!(
        exported,
        spec_example(),
        "export writes exactly the specified document"
    );
}

#[test]
fn export_then_import_round_trips_at_every_cursor() {
    let game = common::random_line(4, 11, 120, common::MIXED);
    for cursor in [0, 1, game.actions().len() / 2, game.actions().len()] {
        let text = game.to_json(cursor).unwrap();
        let (back, back_cursor) = Game::from_record(text.as_bytes()).unwrap();
        assert_eq!(back_cursor, cursor);
        assert_eq!(back.actions(), game.actions());
        assert_eq!(back.checkpoint(), game.checkpoint());
        assert_eq!(back.to_json(cursor).unwrap(), text);
    }
    assert!(game.to_json(game.actions().len() + 1).is_err());
}

#[test]
fn a_document_without_checkpoint_is_replayed_only() {
    let mut document = spec_example();
    document.as_object_mut().unwrap().remove("checkpoint");
    let (game, _) = import(&document).unwrap();
    assert_eq!(game.locked(), 4);
}

#[test]
fn size_limit_is_checked_before_parsing() {
    let mut text = spec_example().to_string();
    text.push_str(&" ".repeat(DOCUMENT_LIMIT));
    let error = Game::from_record(text.as_bytes()).unwrap_err().to_string();
    assert!(error.contains("more than the limit of 2097152"), "{error}");
}

/// A change to the example document.
type Edit = Box<dyn Fn(&mut Value)>;

#[test]
fn malformed_documents_are_rejected_with_their_reason() {
    let cases: Vec<(Edit, &str)> = vec![
        (Box::new(|d| d["schema"] = json!("surface-go-game")), "schema \"surface-go-game\"; expected \"time-go-game\""),
        (Box::new(|d| { d.as_object_mut().unwrap().remove("schema"); }), "missing field `schema`"),
        (Box::new(|d| d["version"] = json!(2)), "unsupported version 2"),
        (Box::new(|d| d["version"] = json!(1.0)), "invalid document"),
        (Box::new(|d| d["rules"] = json!("tromp-taylor")), "unsupported rules \"tromp-taylor\""),
        (Box::new(|d| d["size"] = json!(6)), "board size 6 is not supported"),
        (Box::new(|d| d["size"] = json!(5.0)), "invalid document"),
        (Box::new(|d| d["komi"] = json!(0.25)), "komi 0.25 must be a multiple of 0.5"),
        (Box::new(|d| d["komi"] = json!(25.5)), "komi 25.5 must be a multiple of 0.5 no larger than 25"),
        (Box::new(|d| d["comment"] = json!("hi")), "unknown field `comment`"),
        (Box::new(|d| d["cursor"] = json!(8)), "cursor 8 is beyond the 7 actions"),
        (Box::new(|d| d["actions"][2]["note"] = json!(1)), "action 2: malformed action: unknown field `note`"),
        (Box::new(|d| d["actions"][2]["source"] = json!(1)), "action 2: malformed action: a place action has only the fields"),
        (Box::new(|d| d["actions"][5]["point"] = json!(1)), "action 5: malformed action: lock and pass actions have only"),
        (Box::new(|d| { d["actions"][4].as_object_mut().unwrap().remove("target"); }), "action 4: malformed action: missing field `target`"),
        (Box::new(|d| d["actions"][2]["point"] = json!(13.0)), "action 2: malformed action: actions[2].point: invalid type: floating point"),
        (Box::new(|d| d["actions"][1]["type"] = json!("jump")), "action 1: malformed action: actions[1].type: unknown variant `jump`"),
        (Box::new(|d| { d["actions"][0].as_object_mut().unwrap().remove("player"); }), "action 0: malformed action: missing field `player`"),
        (Box::new(|d| d["actions"][3]["point"] = json!(7)), "action 3: illegal place by white: C2 is occupied."),
        (Box::new(|d| d["actions"][3]["player"] = json!("black")), "action 3: illegal place by black: It is white's turn, not black's."),
        (Box::new(|d| d["actions"][4]["target"] = json!(2)), "action 4: illegal time by black: Placement 3 can only move before placements 1 to 2, not before 3."),
        (Box::new(|d| d["actions"][1]["point"] = json!(25)), "action 1: illegal place by white: Point 25 is not on the board."),
        (Box::new(|d| d["checkpoint"]["locked"] = json!(3)), "checkpoint.locked does not match the replayed actions: the file has 3, the replay gives 4"),
        (Box::new(|d| d["checkpoint"]["board"][0] = json!(1)), "checkpoint.board does not match"),
        (Box::new(|d| d["checkpoint"]["next"] = json!(null)), "checkpoint.next does not match"),
        (Box::new(|d| d["checkpoint"]["extra"] = json!(0)), "invalid checkpoint: unknown field `extra`"),
        (Box::new(|d| d["checkpoint"]["area"]["black"] = json!(3)), "checkpoint.area does not match"),
        (Box::new(|d| d["checkpoint"]["result"] = json!({"winner": "draw", "black": 2, "white": 2})), "checkpoint.result does not match"),
    ];
    for (edit, expected) in cases {
        let mut document = spec_example();
        edit(&mut document);
        let error = rejected(&document);
        assert!(
            error.contains(expected),
            "expected «{expected}» in «{error}»"
        );
    }
}

#[test]
fn illegal_actions_carry_their_index_and_typed_rejection() {
    let mut document = spec_example();
    document["actions"][3]["point"] = json!(7);
    let error = Game::from_record(document.to_string().as_bytes()).unwrap_err();
    assert_eq!(error.action, Some(3));
    assert_eq!(error.rejection, Some(Rejection::Occupied { point: 7 }));
}

#[test]
fn syntax_errors_duplicates_and_non_objects_are_rejected() {
    for text in [
        "",
        "[]",
        "null",
        "{\"schema\": \"time-go-game\"",
        "{\"schema\": 3}",
        "\u{feff}{}",
    ] {
        assert!(Game::from_record(text.as_bytes()).is_err(), "{text:?}");
    }
    let text = spec_example()
        .to_string()
        .replacen("\"size\":5", "\"size\":5,\"size\":4", 1);
    let error = Game::from_record(text.as_bytes()).unwrap_err().to_string();
    assert!(error.contains("duplicate field `size`"), "{error}");
    assert!(Game::from_record(&[0xff, 0xfe, b'{', b'}'])
        .unwrap_err()
        .to_string()
        .contains("not UTF-8"));
}

#[test]
fn more_than_the_action_limit_is_rejected() {
    let mut document = spec_example();
    let actions: Vec<Value> = (0..=ACTION_LIMIT)
        .map(|i| json!({"player": if i % 2 == 0 { "black" } else { "white" }, "type": "pass"}))
        .collect();
    document["actions"] = Value::Array(actions);
    document.as_object_mut().unwrap().remove("checkpoint");
    document["cursor"] = json!(0);
    assert!(rejected(&document).contains("1025 actions, more than the limit of 1024"));
}

/// Arbitrary JSON values up to a small depth.
fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        (-100.0f64..100.0).prop_map(|f| json!(f)),
        "[a-z]{0,8}".prop_map(Value::String),
        prop::sample::select(vec![
            "time-go-game",
            "black",
            "white",
            "place",
            "time",
            "lock",
            "pass",
            "timego-shared-lock-v1"
        ])
        .prop_map(|s| Value::String(s.into())),
    ];
    leaf.prop_recursive(3, 24, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::btree_map(
                prop::sample::select(vec![
                    "schema",
                    "version",
                    "rules",
                    "size",
                    "komi",
                    "actions",
                    "cursor",
                    "checkpoint",
                    "player",
                    "type",
                    "point",
                    "source",
                    "target",
                    "board",
                    "x"
                ]),
                inner,
                0..8
            )
            .prop_map(|map| Value::Object(
                map.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
            )),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
        let _ = Game::from_record(&bytes);
    }

    #[test]
    fn arbitrary_json_never_panics(value in json_value()) {
        let _ = Game::from_record(value.to_string().as_bytes());
    }

    #[test]
    fn arbitrary_parts_in_a_valid_frame_never_panic(
        actions in prop::collection::vec(json_value(), 0..12),
        checkpoint in json_value(),
        komi in json_value(),
    ) {
        let mut document = spec_example();
        document["actions"] = Value::Array(actions);
        document["checkpoint"] = checkpoint;
        document["komi"] = komi;
        let _ = Game::from_record(document.to_string().as_bytes());
    }

    #[test]
    fn mutated_records_are_either_rejected_or_consistent(
        seed in any::<u64>(),
        cut in any::<prop::sample::Index>(),
        flips in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..4),
    ) {
        let game = common::random_line(3, seed, 40, common::MIXED);
        let mut bytes = game.to_json(game.actions().len()).unwrap().into_bytes();
        for (at, byte) in flips {
            let i = at.index(bytes.len());
            bytes[i] = byte;
        }
        let truncated = &bytes[..cut.index(bytes.len() + 1).max(1).min(bytes.len())];
        for candidate in [&bytes[..], truncated] {
            if let Ok((back, cursor)) = Game::from_record(candidate) {
                // Anything accepted replays to a state that exports and re-imports identically.
                let text = back.to_json(cursor).unwrap();
                let (again, _) = Game::from_record(text.as_bytes()).unwrap();
                prop_assert_eq!(again.checkpoint(), back.checkpoint());
            }
        }
    }
}

/// The JSON examples of `docs/formats.md` that are whole documents import, and the TimeGo
/// one is the specification's example exactly (the page once cut it off mid-document).
#[test]
fn the_documented_examples_import() {
    let page = include_str!("../../docs/formats.md");
    let blocks: Vec<&str> = page
        .split("```json\n")
        .skip(1)
        .map(|rest| rest.split("```").next().unwrap())
        .collect();
    let whole: Vec<Value> = blocks
        .iter()
        .filter(|block| !block.contains("..."))
        .filter_map(|block| serde_json::from_str::<Value>(block).ok())
        .collect();
    let timego: Vec<&Value> = whole
        .iter()
        .filter(|document| document["schema"] == "time-go-game")
        .collect();
    assert_eq!(
        timego,
        vec![&spec_example()],
        "the TimeGo example is whole and exact"
    );
    import(timego[0]).unwrap();
}
