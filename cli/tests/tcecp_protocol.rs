//! `canon tcecp` driven as a child process through pipes, as a GUI drives it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use serde_json::Value;

struct Engine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_canon"))
            .arg("tcecp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("canon starts");
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        Engine {
            child,
            input,
            output,
        }
    }

    /// Sends a line that expects a reply and returns the reply.
    fn ask(&mut self, line: &str) -> String {
        self.ask_bytes(line.as_bytes())
    }

    /// Sends a line of any bytes that expects a reply and returns the reply.
    fn ask_bytes(&mut self, line: &[u8]) -> String {
        self.input.write_all(line).unwrap();
        self.input.write_all(b"\n").unwrap();
        self.input.flush().unwrap();
        let mut reply = String::new();
        self.output.read_line(&mut reply).unwrap();
        assert!(
            reply.ends_with('\n'),
            "no reply to {}",
            String::from_utf8_lossy(line)
        );
        reply.trim_end().to_string()
    }

    /// Sends a line that expects no reply.
    fn tell(&mut self, line: &str) {
        writeln!(self.input, "{line}").unwrap();
    }

    /// The engine's peak resident memory so far (VmHWM), in KiB.
    fn peak_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
        line.split_whitespace().nth(1).unwrap().parse().unwrap()
    }

    /// Closes input and returns whatever else the engine wrote and its stderr.
    fn finish(mut self) -> (String, String, bool) {
        drop(self.input);
        let mut rest = String::new();
        std::io::Read::read_to_string(&mut self.output, &mut rest).unwrap();
        let mut err = String::new();
        std::io::Read::read_to_string(self.child.stderr.as_mut().unwrap(), &mut err).unwrap();
        let ok = self.child.wait().unwrap().success();
        (rest, err, ok)
    }
}

fn json_after<'a>(reply: &'a str, prefix: &str) -> Value {
    let body: &'a str = reply
        .strip_prefix(prefix)
        .unwrap_or_else(|| panic!("'{reply}' does not start with '{prefix}'"));
    serde_json::from_str(body).unwrap_or_else(|e| panic!("{body}: {e}"))
}

#[test]
fn the_messages_of_appendix_b_get_their_replies() {
    let mut engine = Engine::start();
    assert_eq!(engine.ask("ping 42"), "pong 42");
    assert_eq!(engine.ask("getState t"), "0");
    let moves = json_after(&engine.ask("b1t0"), "moves (b1t0): ");
    assert_eq!(moves.as_array().unwrap().len(), 7);
    assert!(moves.as_array().unwrap().contains(&Value::from("c3t0")));
    assert_eq!(engine.ask("a2t0a4t0"), "Success");
    assert_eq!(engine.ask("getState t"), "1");
    assert_eq!(
        engine.ask("a7t1a7t4"),
        "Illegal move (A pawn cannot move that way): a7t1a7t4"
    );
    assert_eq!(
        engine.ask("g8t1g8t3"),
        "Illegal move (A knight cannot move that way): g8t1g8t3"
    );
    assert_eq!(engine.ask("g8t1h8t3"), "Success");
    let queue = json_after(&engine.ask("getState futureQueue"), "futureQueue: ");
    assert_eq!(queue, serde_json::json!([["h8t3", "b", "n"]]));
    let layer = json_after(&engine.ask("getState 0"), "state (0): ");
    assert_eq!(layer.as_array().unwrap().len(), 32);
    assert!(layer
        .as_array()
        .unwrap()
        .contains(&serde_json::json!(["a4t0", "w", "p"])));
    let layer = json_after(&engine.ask("getState 2"), "state (2): ");
    assert_eq!(
        layer.as_array().unwrap().len(),
        31,
        "the knight is in transit"
    );
    assert_eq!(engine.ask("getState result"), "result: null");
    engine.tell("new");
    assert_eq!(engine.ask("getState t"), "0");
    let (rest, _, ok) = engine.finish();
    assert_eq!(rest, "", "nothing but replies on stdout");
    assert!(ok);
}

#[test]
fn malformed_lines_get_an_error_line_and_change_nothing() {
    let mut engine = Engine::start();
    for (line, reason) in [
        ("hello", "not a message, position or move"),
        ("i9t0", "not a message, position or move"),
        ("a2t0a4", "not a message, position or move"),
        ("ping", "ping takes one integer"),
        ("ping x", "ping takes one integer"),
        (
            "getState",
            "getState takes t, futureQueue, result, events or a turn number",
        ),
        (
            "getState 5",
            "turn 5 does not exist yet; the current turn is 0",
        ),
        ("a2t0 a4t0", "unknown message"),
    ] {
        assert_eq!(engine.ask(line), format!("Error ({reason}): {line}"));
    }
    // Well-formed positions without a movable piece get an empty list, not an error.
    assert_eq!(
        engine.ask("e7t0"),
        "moves (e7t0): []",
        "black piece at white's turn"
    );
    assert_eq!(engine.ask("e4t0"), "moves (e4t0): []", "empty square");
    assert_eq!(engine.ask("e2t5"), "moves (e2t5): []", "not the present");
    let long = "x".repeat(5000);
    assert!(engine
        .ask(&long)
        .starts_with("Error (line longer than 4096 bytes)"));
    assert_eq!(engine.ask("getState t"), "0");
    assert_eq!(engine.ask("ping 1"), "pong 1");
    let (_, _, ok) = engine.finish();
    assert!(ok);
}

#[test]
fn a_huge_line_is_refused_with_flat_memory_and_the_next_line_is_answered() {
    let mut engine = Engine::start();
    assert_eq!(engine.ask("ping 1"), "pong 1");
    let before = engine.peak_kib();
    // 50 MB without a line break, as `canon tcecp < /dev/zero` would read.
    let chunk = vec![b'x'; 1 << 20];
    for _ in 0..50 {
        engine.input.write_all(&chunk).unwrap();
    }
    let reply = engine.ask("");
    let growth = engine.peak_kib().saturating_sub(before);
    assert!(growth < 4 * 1024, "peak memory grew by {growth} KiB");
    assert_eq!(
        reply,
        format!("Error (line longer than 4096 bytes): {}…", "x".repeat(80))
    );
    assert_eq!(engine.ask("ping 2"), "pong 2");
    let (_, _, ok) = engine.finish();
    assert!(ok);
}

#[test]
fn error_replies_quote_at_most_80_characters_of_the_line() {
    let mut engine = Engine::start();
    let long = format!("hello{}", "y".repeat(3000));
    let quoted = format!("hello{}…", "y".repeat(75));
    assert_eq!(
        engine.ask(&long),
        format!("Error (not a message, position or move): {quoted}")
    );
    let long = format!("ping {}", "9".repeat(3000));
    // The one-word path and the several-word path both shorten the quoted line.
    let quoted = format!("ping {}…", "9".repeat(75));
    assert_eq!(
        engine.ask(&long),
        format!("Error (ping takes one integer): {quoted}")
    );
    assert_eq!(
        engine.ask_bytes(b"\xff ping"),
        "Error (line is not UTF-8): \u{fffd} ping"
    );
    assert_eq!(engine.ask("ping 3"), "pong 3");
    let (_, _, ok) = engine.finish();
    assert!(ok);
}

#[test]
fn the_moves_reply_lists_exactly_what_the_engine_accepts() {
    let mut engine = Engine::start();
    for (from, to) in [
        ("e2t0", "e4t0"),
        ("e7t1", "e5t1"),
        ("d1t2", "h5t2"),
        ("b8t3", "c6t3"),
    ] {
        let offered = json_after(&engine.ask(from), &format!("moves ({from}): "));
        assert!(offered.as_array().unwrap().contains(&Value::from(to)));
        assert_eq!(engine.ask(&format!("{from}{to}")), "Success");
    }
    // Every offered move of every piece is accepted; every other square is refused.
    let layer = json_after(&engine.ask("getState 4"), "state (4): ");
    for piece in layer.as_array().unwrap().iter().filter(|p| p[1] == "w") {
        let from = piece[0].as_str().unwrap();
        let offered = json_after(&engine.ask(from), &format!("moves ({from}): "));
        for target in ["e5t4", "f7t4", "h5t2", "a3t5", "d8t3"] {
            let reply = engine.ask(&format!("{from}{target}"));
            let listed = offered.as_array().unwrap().contains(&Value::from(target));
            assert_eq!(reply == "Success", listed, "{from}{target}: {reply}");
            if reply == "Success" {
                engine.tell("new");
                for (f, t) in [
                    ("e2t0", "e4t0"),
                    ("e7t1", "e5t1"),
                    ("d1t2", "h5t2"),
                    ("b8t3", "c6t3"),
                ] {
                    assert_eq!(engine.ask(&format!("{f}{t}")), "Success");
                }
            }
        }
    }
}

#[test]
fn a_whole_game_to_checkmate_ends_with_a_result() {
    let record: Value = serde_json::from_str(include_str!("tcecp_data/checkmate_33.json")).unwrap();
    let mut engine = Engine::start();
    for (index, mv) in record["moves"].as_array().unwrap().iter().enumerate() {
        let mv = mv.as_str().unwrap();
        let from = &mv[..mv[3..].find(|c: char| c.is_ascii_lowercase()).unwrap() + 3];
        let offered = json_after(&engine.ask(from), &format!("moves ({from}): "));
        assert!(
            offered
                .as_array()
                .unwrap()
                .contains(&Value::from(&mv[from.len()..])),
            "move {index}"
        );
        assert_eq!(engine.ask(mv), "Success", "move {index}");
    }
    assert_eq!(
        engine.ask("getState result"),
        r#"result: {"winner":"white","reason":"checkmate"}"#
    );
    assert_eq!(engine.ask("getState t"), "33");
    assert!(engine
        .ask("a7t33a6t33")
        .starts_with("Illegal move (The game is over)"));
    let (_, err, ok) = engine.finish();
    assert!(err.contains("game over"), "diagnostics go to stderr: {err}");
    assert!(ok);
}

#[test]
fn a_king_lost_in_time_ends_the_game_for_its_owner() {
    let mut engine = Engine::start();
    let offered = json_after(&engine.ask("e1t0"), "moves (e1t0): ");
    assert!(offered.as_array().unwrap().contains(&Value::from("e2t1")));
    assert_eq!(engine.ask("e1t0e2t1"), "Success");
    assert_eq!(
        engine.ask("getState futureQueue"),
        r#"futureQueue: [["e2t1","w","k"]]"#
    );
    assert_eq!(engine.ask("a7t1a6t1"), "Success");
    assert_eq!(
        engine.ask("getState result"),
        r#"result: {"winner":"black","reason":"king-lost-in-time"}"#
    );
    assert_eq!(
        engine.ask("getState events"),
        r#"events: [{"type":"lostInTime","at":"e2t1","color":"white","kind":"king"}]"#
    );
    assert_eq!(engine.ask("a2t2"), "moves (a2t2): []");
    let (_, err, _) = engine.finish();
    assert!(err.contains("Lost in Time"), "{err}");
}
