//! The JSON-lines protocol of the `ipc-bridge` binary: one request per line,
//! `{"id": 1, "cmd": "name", "args": {...}}`, answered by `{"id": 1, "ok": value}` or
//! `{"id": 1, "err": {"kind": ..., "message": ...}}`. `args` is the object the UI passed
//! to `invoke`; commands with arguments take them under its key `args`, exactly as the
//! Tauri commands do; both go through the command table (`crate::commands`). [`serve`]
//! answers a `job` command (`timego_computer_move`) from a thread of its own, as the app
//! does, so a `timego_computer_cancel` sent meanwhile is answered and stops it; answers
//! may therefore come out of order, matched by their `id`.
//!
//! Lines are read with a bound ([`REQUEST_LIMIT`]): a longer line, or one that is not
//! UTF-8, is answered with an error (its `id` when it can be read) and skipped, and no
//! error quotes more than [`lineread::EXCERPT_CHARS`] characters of the request.

/// Runs command `cmd` with the invoke arguments `payload`: the table's dispatch, which
/// the app uses too.
pub use crate::commands::dispatch;
use crate::commands::{answer, Answer};

use crate::app::{cancel_jobs, AppCore};
use crate::commands::{self, shortened, Started};
use crate::error::{AppError, CommandResult};
use canon_engine::{surfaces, timechess, timego};
use lineread::{Line, LineReader};
use serde::Deserialize;
use serde_json::{json, Value};
use std::io::{self, BufRead, Write};
use std::sync::{Arc, Mutex, MutexGuard};

/// The largest document any format accepts (the surfaces' import limit today).
const LARGEST_DOCUMENT: usize = max(
    max(timego::DOCUMENT_LIMIT, timechess::MAX_RECORD_BYTES),
    surfaces::records::IMPORT_LIMIT,
);

/// The longest request line, in bytes: the largest legitimate request imports the largest
/// document as a JSON string, in which each byte takes at most two (a document that is
/// JSON has no raw control characters but `\n`, `\r` and `\t`), plus room for the rest.
pub const REQUEST_LIMIT: usize = 2 * LARGEST_DOCUMENT + 64 * 1024;

const fn max(a: usize, b: usize) -> usize {
    if a > b {
        a
    } else {
        b
    }
}

/// One request line.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Request {
    id: Value,
    cmd: String,
    #[serde(default)]
    args: Value,
}

/// Answers one request line; never panics, whatever the line holds.
pub fn answer_line(core: &mut AppCore, line: &str) -> String {
    match serde_json::from_str::<Request>(line) {
        Ok(request) => respond(request.id, answer(core, &request.cmd, request.args)),
        Err(error) => {
            let message = format!("malformed request line: {}", shortened(&error));
            respond(request_id(line), Err(AppError::invalid(message)))
        }
    }
}

/// The `id` of a request that is refused unread, or null.
fn request_id(line: &str) -> Value {
    serde_json::from_str::<Value>(line)
        .ok()
        .and_then(|value| value.get("id").cloned())
        .unwrap_or(Value::Null)
}

/// The text of a request line, or the answer refusing it before it is parsed: over the
/// limit, or not UTF-8.
fn request_text(line: Line<'_>) -> Result<&str, String> {
    let (id, message) = match line {
        Line::TooLong(start) => {
            // Only the start was kept; the harness writes `{"id":N,` first.
            let head = String::from_utf8_lossy(&start[..start.len().min(64)]);
            let id = head
                .strip_prefix(r#"{"id":"#)
                .and_then(|rest| rest.split_once(','))
                .and_then(|(id, _)| serde_json::from_str(id).ok());
            let message =
                format!("the request line is longer than {REQUEST_LIMIT} bytes; it was skipped");
            (id.unwrap_or(Value::Null), message)
        }
        Line::Complete(bytes) => {
            let error = match std::str::from_utf8(bytes) {
                Ok(text) => return Ok(text),
                Err(error) => error,
            };
            let id = request_id(&String::from_utf8_lossy(bytes));
            // Columns count bytes from 1, like the JSON parser's positions.
            let column = error.valid_up_to() + 1;
            let message =
                format!("the request line is not UTF-8 text (a bad byte at column {column})");
            (id, message)
        }
    };
    Err(json!({"id": id, "err": AppError::invalid(message)}).to_string())
}

/// The answer line to request `id`: the command's answer is copied in as it was written.
fn respond(id: Value, result: CommandResult<Answer>) -> String {
    match result {
        Ok(answer) => format!("{{\"id\":{id},\"ok\":{}}}", answer.get()),
        Err(error) => json!({"id": id, "err": error}).to_string(),
    }
}

/// Answers every line of `input` on `output` until `input` closes, then cancels a
/// computer move still running and waits for its answer. A computer move searches on its
/// own thread without holding `core`, so later lines (a cancel above all) are answered
/// meanwhile; every other command is answered in order.
pub fn serve<W: Write + Send + 'static>(
    core: Arc<Mutex<AppCore>>,
    input: impl BufRead,
    output: W,
) -> io::Result<()> {
    let output = Arc::new(Mutex::new(output));
    let mut searches = Vec::new();
    let mut result = Ok(());
    let mut lines = LineReader::new(input, REQUEST_LIMIT);
    loop {
        let line = match lines.next_line() {
            Ok(Some(line)) => line,
            Ok(None) => break,
            Err(error) => {
                result = Err(error);
                break;
            }
        };
        let line = match request_text(line) {
            Ok(line) => line,
            Err(refusal) => {
                if let Err(error) = write_line(&output, &refusal) {
                    result = Err(error);
                    break;
                }
                continue;
            }
        };
        if line.trim().is_empty() {
            continue;
        }
        let answer = match serde_json::from_str::<Request>(line) {
            Ok(request) => {
                let started = commands::start(&mut locked(&core), &request.cmd, request.args);
                match started {
                    Ok(Started::Running(job)) => {
                        let core = Arc::clone(&core);
                        let output = Arc::clone(&output);
                        let id = request.id;
                        searches.push(std::thread::spawn(move || {
                            let finish = job.run();
                            let answer = respond(id, finish.finish(&mut locked(&core)));
                            // A harness that went away reads no answers; nothing to do.
                            let _ = write_line(&output, &answer);
                        }));
                        // The job was started under the lock above, so the next line (a
                        // cancel above all) finds it running.
                        continue;
                    }
                    Ok(Started::Done(value)) => respond(request.id, Ok(value)),
                    Err(error) => respond(request.id, Err(error)),
                }
            }
            Err(_) => answer_line(&mut locked(&core), line),
        };
        if let Err(error) = write_line(&output, &answer) {
            result = Err(error);
            break;
        }
    }
    cancel_jobs(&*core);
    for search in searches {
        // A search thread that panicked already lost its answer; the others finish.
        let _ = search.join();
    }
    result
}

/// Locks the core; a panic in a search thread must not stop the bridge.
fn locked(core: &Mutex<AppCore>) -> MutexGuard<'_, AppCore> {
    core.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn write_line<W: Write>(output: &Mutex<W>, line: &str) -> io::Result<()> {
    let mut output = output
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    writeln!(output, "{line}").and_then(|()| output.flush())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command_names::NAMES;
    use crate::test_dir::{core_in as core, core_thinking_steadily, TestDir};
    use lineread::excerpt;

    fn answer(core: &mut AppCore, line: &str) -> Value {
        serde_json::from_str(&answer_line(core, line)).unwrap()
    }

    #[test]
    fn every_listed_command_is_dispatched_and_nothing_else() {
        let dir = TestDir::new("bridge-names");
        let mut core = core(&dir);
        for name in NAMES {
            // Empty arguments may be refused, but never as an unknown command.
            if let Err(AppError::UnknownCommand { message }) = dispatch(&mut core, name, json!({}))
            {
                panic!("{name} is listed but not dispatched: {message}");
            }
        }
        assert!(matches!(
            dispatch(&mut core, "format_disk", json!({})),
            Err(AppError::UnknownCommand { .. })
        ));
    }

    #[test]
    fn answers_carry_the_request_id() {
        let dir = TestDir::new("bridge-id");
        let mut core = core(&dir);
        let reply = answer(&mut core, r#"{"id":7,"cmd":"settings_get","args":{}}"#);
        assert_eq!(reply["id"], 7);
        assert_eq!(reply["ok"]["language"], "en");
        let reply = answer(&mut core, r#"{"id":"a","cmd":"nope"}"#);
        assert_eq!(reply["id"], "a");
        assert_eq!(reply["err"]["kind"], "unknown_command");
    }

    #[test]
    fn malformed_lines_get_an_error_not_a_panic() {
        let dir = TestDir::new("bridge-malformed");
        let mut core = core(&dir);
        for line in ["", "{", "[]", "null", r#"{"id":3}"#, r#"{"id":3,"cmd":1}"#] {
            let reply = answer(&mut core, line);
            assert_eq!(reply["err"]["kind"], "invalid_argument", "{line}");
        }
        let reply = answer(&mut core, r#"{"id":3,"cmd":"app_status","extra":1}"#);
        assert_eq!(reply["id"], 3);
        assert!(reply["err"]["message"].as_str().unwrap().contains("extra"));
    }

    #[test]
    fn settings_set_validates_then_persists() {
        let dir = TestDir::new("bridge-settings");
        let mut core = core(&dir);
        let bad = r#"{"id":1,"cmd":"settings_set","args":{"args":{"language":"en","theme":"dark","timego":{"default_board_size":9,"default_komi":0},"motion":"system"}}}"#;
        let reply = answer(&mut core, bad);
        assert_eq!(reply["err"]["kind"], "invalid_argument");
        assert!(!dir.path().join("settings.json").exists());
        let good = bad.replace("\"default_board_size\":9", "\"default_board_size\":4");
        let reply = answer(&mut core, &good);
        assert_eq!(reply["ok"]["timego"]["default_board_size"], 4);
        drop(core);
        let mut reopened = self::core(&dir);
        let reply = answer(&mut reopened, r#"{"id":2,"cmd":"settings_get"}"#);
        assert_eq!(reply["ok"]["theme"], "dark");
    }

    /// An output the test reads after `serve` returns.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Shared {
        /// Every answer line written so far.
        fn answers(&self) -> Vec<Value> {
            let text = String::from_utf8(self.0.lock().unwrap().clone()).unwrap();
            text.lines()
                .map(|line| serde_json::from_str(line).unwrap())
                .collect()
        }
    }

    impl Write for Shared {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    fn serve_lines(core: AppCore, lines: &[&str]) -> Vec<Value> {
        serve_bytes(core, lines.join("\n").into_bytes())
    }

    fn serve_bytes(core: AppCore, input: Vec<u8>) -> Vec<Value> {
        let output = Shared::default();
        serve(
            Arc::new(Mutex::new(core)),
            io::Cursor::new(input),
            output.clone(),
        )
        .unwrap();
        output.answers()
    }

    #[test]
    fn a_line_that_is_not_utf8_is_answered_and_the_bridge_carries_on() {
        let dir = TestDir::new("bridge-not-utf8");
        let mut input = b"{\"id\":1,\"cmd\":\"\xff\"}\n".to_vec();
        input.extend_from_slice(b"\xfe\xfe\n{\"id\":2,\"cmd\":\"timego_legal\"}\n");
        let answers = serve_bytes(core(&dir), input);
        assert_eq!(answers.len(), 3, "{answers:?}");
        assert_eq!(answers[0]["id"], 1);
        assert_eq!(answers[0]["err"]["kind"], "invalid_argument");
        assert_eq!(
            answers[0]["err"]["message"],
            "the request line is not UTF-8 text (a bad byte at column 16)"
        );
        assert_eq!(answers[1]["id"], Value::Null);
        assert_eq!(answers[1]["err"]["kind"], "invalid_argument");
        assert_eq!(answers[2]["id"], 2);
        assert!(answers[2]["ok"].is_array(), "{}", answers[2]);
    }

    #[test]
    fn errors_quote_at_most_80_characters_of_the_request() {
        let dir = TestDir::new("bridge-echo");
        let mut core = core(&dir);
        let huge = "Z".repeat(5_000_000);
        let quoted = format!("{}…", "Z".repeat(80));
        for (line, kind) in [
            (format!(r#"{{"id":1,"cmd":"{huge}"}}"#), "unknown_command"),
            (
                format!(r#"{{"id":2,"cmd":"app_status","{huge}":1}}"#),
                "invalid_argument",
            ),
            (
                format!(
                    r#"{{"id":3,"cmd":"timego_apply","args":{{"args":{{"action":"{huge}"}}}}}}"#
                ),
                "invalid_argument",
            ),
            (format!(r#"{{"id":4,"cmd":{huge}}}"#), "invalid_argument"),
        ] {
            let reply = answer(&mut core, &line);
            let message = reply["err"]["message"].as_str().unwrap();
            assert_eq!(reply["err"]["kind"], kind, "{message}");
            assert!(message.chars().count() < 200, "{}", excerpt(message));
            let shown = message.matches('Z').count();
            assert!(shown <= 80, "{shown} characters of the input in {message}");
        }
        let reply = answer(&mut core, &format!(r#"{{"id":5,"cmd":"{huge}"}}"#));
        assert_eq!(
            reply["err"]["message"],
            format!("there is no command named '{quoted}'")
        );
    }

    #[test]
    fn a_cancel_is_answered_while_the_computer_thinks_and_stops_it() {
        let dir = TestDir::new("bridge-computer-cancel");
        let mut core = core(&dir);
        // A minute of thinking: the cancel finds it running unless the bridge blocked.
        core.timego_mut()
            .set_think_limits(crate::timego::think_limits(60_000));
        let answers = serve_lines(
            core,
            &[
                r#"{"id":1,"cmd":"timego_computer_move","args":{"args":{}}}"#,
                r#"{"id":2,"cmd":"timego_computer_cancel"}"#,
                r#"{"id":3,"cmd":"timego_open"}"#,
            ],
        );
        let by_id = |id: i64| {
            answers
                .iter()
                .find(|answer| answer["id"] == id)
                .unwrap_or_else(|| panic!("no answer {id} in {answers:?}"))
        };
        assert_eq!(by_id(2)["ok"], true, "the search was still running");
        assert_eq!(by_id(3)["ok"]["turns"], json!([]));
        assert_eq!(by_id(1)["ok"]["kind"], "cancelled");
        assert_eq!(by_id(1)["ok"]["view"]["turns"], json!([]));
    }

    /// Serves `lines` and keeps the input open until `expected` answers are out (closing
    /// it earlier would cancel the computer's search).
    fn serve_until_answered(core: AppCore, lines: &[&str], expected: usize) -> Vec<Value> {
        let output = Shared::default();
        let (reader, mut writer) = io::pipe().unwrap();
        let server = {
            let output = output.clone();
            std::thread::spawn(move || {
                serve(
                    Arc::new(Mutex::new(core)),
                    io::BufReader::new(reader),
                    output,
                )
            })
        };
        for line in lines {
            writeln!(writer, "{line}").unwrap();
        }
        while output
            .0
            .lock()
            .unwrap()
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            < expected
        {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        drop(writer);
        server.join().unwrap().unwrap();
        output.answers()
    }

    #[test]
    fn a_computer_move_is_answered_with_the_move_played() {
        let dir = TestDir::new("bridge-computer-move");
        let core = core_thinking_steadily(&dir);
        let answers = serve_until_answered(
            core,
            &[
                r#"{"id":1,"cmd":"timego_opponent_set","args":{"args":{"computer":"black","level":"classic"}}}"#,
                r#"{"id":2,"cmd":"timego_computer_move","args":{"args":{"replace_future":false}}}"#,
                r#"{"id":3,"cmd":"timego_computer_move","args":{"args":{"bogus":1}}}"#,
            ],
            3,
        );
        assert_eq!(answers[0]["ok"]["computer_to_move"], true);
        let bad = answers.iter().find(|answer| answer["id"] == 3).unwrap();
        assert_eq!(bad["err"]["kind"], "invalid_argument");
        let played = answers.iter().find(|answer| answer["id"] == 2).unwrap();
        assert_eq!(played["ok"]["kind"], "played", "{played}");
        assert_eq!(played["ok"]["view"]["turns"].as_array().unwrap().len(), 1);
        assert_eq!(played["ok"]["action"]["player"], "black");
        assert_eq!(played["ok"]["view"]["computer_to_move"], false);
    }

    #[test]
    fn a_second_core_on_the_same_directory_is_secondary_and_does_not_write() {
        let dir = TestDir::new("bridge-second");
        let mut first = core(&dir);
        let mut second = core(&dir);
        assert_eq!(
            answer(&mut first, r#"{"id":1,"cmd":"app_status"}"#)["ok"]["instance"]["kind"],
            "primary"
        );
        let status = answer(&mut second, r#"{"id":1,"cmd":"app_status"}"#);
        assert_eq!(status["ok"]["instance"]["kind"], "secondary");
        let set = r#"{"id":2,"cmd":"settings_set","args":{"args":{"language":"fr","theme":"light","timego":{"default_board_size":5,"default_komi":0.5},"motion":"reduce"}}}"#;
        assert_eq!(answer(&mut second, set)["ok"]["language"], "fr");
        assert!(!dir.path().join("settings.json").exists());
    }
}
