//! The importers' messages are for people (issue 16, item 6): short excerpts of the input
//! only, no Rust type names, the field path of every type error, their own words for a
//! byte-order mark and a syntax error, and komi in the words of the rules.

mod common;

use common::imports::{chess_import, surface_import, timego_import, Import};
use serde_json::{json, Value};

fn timego_document() -> Value {
    json!({
        "schema": "time-go-game", "version": 1, "rules": "timego-shared-lock-v1",
        "size": 5, "komi": 0,
        "actions": [
            {"player": "black", "type": "place", "point": 12},
            {"player": "white", "type": "place", "point": 7},
            {"player": "black", "type": "place", "point": 13},
            {"player": "white", "type": "place", "point": 8}
        ],
        "cursor": 4
    })
}

fn surface_document() -> Value {
    json!({
        "schema": "surface-go-game", "version": 1, "graph": "go-mobius-9x11-v1",
        "rules": "graph-area-no-suicide-psk-v1", "komiHalfPoints": 1,
        "actions": [{"type": "place", "at": 49}, {"type": "pass"}]
    })
}

fn chess_document() -> Value {
    json!({
        "schema": "time-chess-game", "version": 1, "rules": "time-chess-v1",
        "moves": ["e2t0e4t0", "a7t1a7t3"]
    })
}

/// The three formats: name, a valid document, its importer, a size that fits its limit.
fn formats() -> [(&'static str, Value, Import, usize); 3] {
    [
        ("timego", timego_document(), timego_import, 2_000_000),
        ("surface", surface_document(), surface_import, 9_000_000),
        ("chess", chess_document(), chess_import, 2_000_000),
    ]
}

fn refused(import: Import, document: &Value) -> String {
    import(document.to_string().as_bytes()).expect_err("the document should be refused")
}

/// Words that give away Rust rather than JSON.
const RUST_WORDS: &[&str] = &[
    "struct ", "enum ", "Peek", "Record", "Document", "u8", "u16", "u32", "u64", "usize", "i32",
    "i64", "f64", "Option", "sequence", "map,",
];

fn assert_readable(name: &str, message: &str) {
    assert!(
        message.chars().count() <= 300,
        "{name}: a message of {} characters: {}…",
        message.chars().count(),
        message.chars().take(200).collect::<String>()
    );
    for word in RUST_WORDS {
        assert!(!message.contains(word), "{name}: «{word}» in «{message}»");
    }
}

#[test]
fn long_input_is_never_echoed_whole() {
    for (name, document, import, size) in formats() {
        let long = "x".repeat(size);
        for key in ["schema", "rules", "version"] {
            let mut bad = document.clone();
            bad[key] = json!(long);
            let message = refused(import, &bad);
            assert_readable(name, &message);
            assert!(message.contains('…'), "{name} {key}: {message}");
        }
        let mut bad = document.clone();
        bad[long.as_str()] = json!(1);
        let message = refused(import, &bad);
        assert_readable(name, &message);
        assert!(message.contains("unknown field"), "{name}: {message}");
    }
    let mut bad = chess_document();
    bad["moves"][1] = json!("e".repeat(1_000_000));
    let message = refused(chess_import, &bad);
    assert_readable("chess move", &message);
    assert!(message.starts_with("move 1: 'eeee"), "{message}");
    let mut bad = timego_document();
    bad["actions"][1]["type"] = json!("p".repeat(1_000_000));
    let message = refused(timego_import, &bad);
    assert_readable("timego action", &message);
    assert!(message.contains("unknown variant"), "{message}");
}

#[test]
fn type_errors_name_their_field_path_in_json_words() {
    let cases: [(Import, Value, &str); 8] = [
        (
            timego_import,
            {
                let mut d = timego_document();
                d["actions"][3]["point"] = json!("C2");
                d
            },
            "actions[3].point: invalid type: string \"C2\", expected an integer from 0 to 65535",
        ),
        (
            timego_import,
            {
                let mut d = timego_document();
                d["cursor"] = json!(-1);
                d
            },
            "cursor: invalid value: integer `-1`, expected a non-negative integer",
        ),
        (
            timego_import,
            {
                let mut d = timego_document();
                d["actions"][2]["player"] = json!(1);
                d
            },
            "actions[2].player: invalid type: integer `1`, expected a string",
        ),
        (
            surface_import,
            {
                let mut d = surface_document();
                d["actions"][1] = json!({"type": "place", "at": [1]});
                d
            },
            "actions[1].at: invalid type: array",
        ),
        (
            surface_import,
            {
                let mut d = surface_document();
                d["komiHalfPoints"] = json!("one");
                d
            },
            "komiHalfPoints: invalid type: string \"one\", expected an integer",
        ),
        (
            chess_import,
            {
                let mut d = chess_document();
                d["moves"][1] = json!(7);
                d
            },
            "moves[1]: invalid type: integer `7`, expected a string",
        ),
        (
            chess_import,
            {
                let mut d = chess_document();
                d["checkpoint"] = json!({"turn": "two", "next": null, "present": [], "futureQueue": [], "result": null});
                d
            },
            "checkpoint.turn: invalid type: string \"two\", expected a non-negative integer",
        ),
        (
            chess_import,
            {
                let mut d = chess_document();
                d["checkpoint"] = json!({"turn": 2, "next": "red", "present": [], "futureQueue": [], "result": null});
                d
            },
            "checkpoint.next: unknown variant `red`, expected `white` or `black`",
        ),
    ];
    for (import, document, expected) in cases {
        let message = refused(import, &document);
        assert!(
            message.contains(expected),
            "expected «{expected}» in «{message}»"
        );
        assert_readable(expected, &message);
    }
    // An array for the whole document is named as such, without a Rust type.
    for (name, _, import, _) in formats() {
        let message = import(b"[1, 2]").unwrap_err();
        assert!(
            message.contains("invalid type: array, expected a JSON object"),
            "{name}: {message}"
        );
        assert_readable(name, &message);
    }
}

#[test]
fn a_utf8_byte_order_mark_is_accepted_and_utf16_is_named() {
    for (name, document, import, _) in formats() {
        let mut bytes = b"\xEF\xBB\xBF".to_vec();
        bytes.extend(document.to_string().bytes());
        import(&bytes).unwrap_or_else(|error| panic!("{name}: {error}"));
        let utf16: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain(document.to_string().bytes().flat_map(|b| [b, 0]))
            .collect();
        let message = import(&utf16).unwrap_err();
        assert!(message.contains("UTF-16"), "{name}: {message}");
    }
}

#[test]
fn syntax_errors_say_so() {
    for (name, document, import, _) in formats() {
        let text = document.to_string();
        for broken in [
            text[..text.len() - 1].to_string(),
            text.replacen(',', ",,", 1),
            format!("{text} {{}}"),
            text.replacen(':', " ", 1),
        ] {
            let message = import(broken.as_bytes()).unwrap_err();
            assert!(message.contains("not valid JSON"), "{name}: {message}");
            assert!(!message.contains("not a JSON object"), "{name}: {message}");
            assert_readable(name, &message);
        }
    }
}

#[test]
fn komi_messages_use_the_words_of_the_rules() {
    let mut document = timego_document();
    document["komi"] = json!(-25.5);
    let message = refused(timego_import, &document);
    assert!(
        message.contains(
            "komi -25.5 must be a multiple of 0.5 no larger than 25 in absolute value (the area of the 5×5 board)"
        ),
        "{message}"
    );
    document["komi"] = json!(1e300);
    let message = refused(timego_import, &document);
    assert!(message.starts_with("komi 1e300 must be"), "{message}");
    let mut document = surface_document();
    document["komiHalfPoints"] = json!(-199);
    let message = refused(surface_import, &document);
    assert!(
        message.contains("komi -99.5 (komiHalfPoints -199) is not allowed: komi runs from minus to plus the board's point count, 99 points"),
        "{message}"
    );
}
