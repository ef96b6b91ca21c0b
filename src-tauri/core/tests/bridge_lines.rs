//! The `ipc-bridge` process against hostile lines: a line far over the limit and a line
//! that is not UTF-8 are each answered with an error, the bridge carries on, and its peak
//! memory stays bounded by the line limit, not by the length of the line.

#![cfg(target_os = "linux")]

use canon_app_core::bridge::REQUEST_LIMIT;
use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

struct Bridge {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Bridge {
    fn start() -> Bridge {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ipc-bridge"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("ipc-bridge starts");
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        Bridge {
            child,
            input,
            output,
        }
    }

    /// Sends one line of any bytes and returns the answer.
    fn ask(&mut self, line: &[u8]) -> Value {
        self.input.write_all(line).unwrap();
        self.input.write_all(b"\n").unwrap();
        self.input.flush().unwrap();
        let mut answer = String::new();
        self.output.read_line(&mut answer).unwrap();
        serde_json::from_str(&answer).unwrap_or_else(|e| panic!("{answer}: {e}"))
    }

    /// The bridge's peak resident memory so far (VmHWM), in bytes.
    fn peak_bytes(&self) -> usize {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
        let kib: usize = line.split_whitespace().nth(1).unwrap().parse().unwrap();
        kib * 1024
    }
}

#[test]
fn a_huge_line_and_a_line_not_utf8_are_refused_and_the_bridge_carries_on() {
    let mut bridge = Bridge::start();
    assert_eq!(bridge.ask(br#"{"id":1,"cmd":"timego_legal"}"#)["id"], 1);
    let before = bridge.peak_bytes();

    // 100 MB in one line, five times the limit.
    bridge.input.write_all(br#"{"id":2,"cmd":""#).unwrap();
    let chunk = vec![b'x'; 1 << 20];
    for _ in 0..100 {
        bridge.input.write_all(&chunk).unwrap();
    }
    let refused = bridge.ask(br#""}"#);
    let growth = bridge.peak_bytes().saturating_sub(before);
    assert!(
        growth < REQUEST_LIMIT + (16 << 20),
        "peak memory grew by {growth} bytes for a line of 100 MB"
    );
    assert_eq!(refused["id"], 2, "{refused}");
    assert_eq!(refused["err"]["kind"], "invalid_argument");
    assert_eq!(
        refused["err"]["message"],
        format!("the request line is longer than {REQUEST_LIMIT} bytes; it was skipped")
    );

    let not_utf8 = bridge.ask(b"{\"id\":3,\"cmd\":\"\xff\"}");
    assert_eq!(not_utf8["id"], 3, "{not_utf8}");
    assert_eq!(not_utf8["err"]["kind"], "invalid_argument");

    let answer = bridge.ask(br#"{"id":4,"cmd":"app_status"}"#);
    assert_eq!(answer["id"], 4);
    assert_eq!(answer["ok"]["instance"]["kind"], "primary", "{answer}");

    drop(bridge.input);
    assert!(bridge.child.wait().unwrap().success());
}
