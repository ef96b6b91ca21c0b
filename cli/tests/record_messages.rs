//! `canon … check` refuses hostile records with one short line a person can act on
//! (issue 16, item 6): never the input echoed whole, never a Rust type name.

mod common;

use common::canon;

fn refusal(args: &[&str], stdin: &[u8]) -> String {
    let output = canon(args, stdin);
    assert_eq!(output.status.code(), Some(1), "{args:?}");
    assert!(output.stdout.is_empty(), "{args:?} printed on stdout");
    String::from_utf8(output.stderr).unwrap()
}

fn assert_short(args: &[&str], message: &str) {
    assert!(
        message.chars().count() <= 400,
        "{args:?}: {} characters: {}…",
        message.chars().count(),
        message.chars().take(200).collect::<String>()
    );
    for word in ["struct ", "enum ", "Peek", "GameRecord", "RawDocument"] {
        assert!(!message.contains(word), "{args:?}: «{word}» in {message}");
    }
}

#[test]
fn a_huge_schema_or_key_is_not_echoed_whole() {
    let long = "s".repeat(2_000_000);
    for (args, document) in [
        (
            ["timego", "check", "-"],
            format!(r#"{{"schema":"{long}"}}"#),
        ),
        (["chess", "check", "-"], format!(r#"{{"schema":"{long}"}}"#)),
        (
            ["surface", "check", "-"],
            format!(r#"{{"schema":"{long}"}}"#),
        ),
        (
            ["timego", "check", "-"],
            format!(r#"{{"schema":"time-go-game","{long}":1}}"#),
        ),
        (
            ["chess", "check", "-"],
            format!(
                r#"{{"schema":"time-chess-game","version":1,"rules":"time-chess-v1","moves":["{long}"]}}"#
            ),
        ),
        (
            ["surface", "check", "-"],
            format!(
                r#"{{"schema":"surface-go-game","version":1,"graph":"go-mobius-9x11-v1","komiHalfPoints":1,"actions":[],"rules":"{long}"}}"#
            ),
        ),
    ] {
        let message = refusal(&args, document.as_bytes());
        assert_short(&args, &message);
        assert!(message.contains('…'), "{args:?}: {message}");
    }
}

#[test]
fn syntax_errors_and_arrays_are_named_as_such() {
    for args in [
        ["timego", "check", "-"],
        ["chess", "check", "-"],
        ["surface", "check", "-"],
    ] {
        let message = refusal(&args, b"{\"schema\": ");
        assert!(message.contains("not valid JSON"), "{args:?}: {message}");
        assert_short(&args, &message);
        let message = refusal(&args, b"[1, 2, 3]");
        assert!(
            message.contains("invalid type: array, expected a JSON object"),
            "{args:?}: {message}"
        );
        assert_short(&args, &message);
    }
}
