//! The JSON-lines protocol of the `ipc-bridge` binary: one request per line,
//! `{"id": 1, "cmd": "name", "args": {...}}`, answered by `{"id": 1, "ok": value}` or
//! `{"id": 1, "err": {"kind": ..., "message": ...}}`. `args` is the object the UI passed
//! to `invoke`; commands with arguments take them under its key `args`, exactly as the
//! Tauri commands do. [`serve`] answers `timego_computer_move` from a thread of its own,
//! as the app does, so a `timego_computer_cancel` sent meanwhile is answered and stops
//! it; answers may therefore come out of order, matched by their `id`.
//!
//! Lines are read with a bound ([`REQUEST_LIMIT`]): a longer line, or one that is not
//! UTF-8, is answered with an error (its `id` when it can be read) and skipped, and no
//! error quotes more than [`EXCERPT_CHARS`] characters of the request.

use crate::app::{cancel_jobs, timego_computer_move, AppCore};
use crate::command_names::FILE_DIALOG_NAMES;
use crate::error::{AppError, CommandResult};
use crate::host::job::{Exclusive, Held};
use crate::timego::levels;
use crate::timego::ComputerMoveArgs;
use canon_engine::{surfaces, timechess, timego};
use lineread::{excerpt, shorten, Line, LineReader, EXCERPT_CHARS};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::cell::Cell;
use std::io::{self, BufRead, Write};
use std::sync::mpsc::Sender;
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

/// The arguments object of a command that takes arguments.
#[derive(Debug, Deserialize)]
struct Payload<T> {
    args: T,
}

/// Answers one request line; never panics, whatever the line holds.
pub fn answer_line(core: &mut AppCore, line: &str) -> String {
    let response = match serde_json::from_str::<Request>(line) {
        Ok(request) => match dispatch(core, &request.cmd, request.args) {
            Ok(value) => json!({"id": request.id, "ok": value}),
            Err(error) => json!({"id": request.id, "err": error}),
        },
        Err(error) => {
            let message = format!("malformed request line: {}", shortened(&error));
            json!({"id": request_id(line), "err": AppError::invalid(message)})
        }
    };
    response.to_string()
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

/// A parser's message quoting at most [`EXCERPT_CHARS`] characters of the
/// request: its words may quote a value whole (a 5 MB unknown field). The list of what
/// was expected (from the types, not the request) and the position are kept.
fn shortened(error: &serde_json::Error) -> String {
    let text = error.to_string();
    let position = format!(" at line {} column {}", error.line(), error.column());
    let (words, position) = match text.strip_suffix(&position) {
        Some(words) => (words, position.as_str()),
        None => (text.as_str(), ""),
    };
    let (quoted, expected) = words.split_at(words.rfind(", expected ").unwrap_or(words.len()));
    // The list is short for every type the bridge reads; a longer one is cut too.
    format!(
        "{}{}{position}",
        excerpt(quoted),
        shorten(expected, 2 * EXCERPT_CHARS)
    )
}

/// Runs command `cmd` with the invoke arguments `payload`.
pub fn dispatch(core: &mut AppCore, cmd: &str, payload: Value) -> CommandResult<Value> {
    match cmd {
        "app_status" => reply(core.status()),
        "settings_get" => reply(core.settings()),
        "settings_set" => reply(core.set_settings(args(cmd, payload)?)?),
        "timego_open" => reply(core.timego().view()),
        "timego_new" => reply(core.timego_mut().new_game(args(cmd, payload)?)?),
        "timego_apply" => reply(core.timego_mut().apply(args(cmd, payload)?)?),
        "timego_review" => reply(core.timego_mut().review(args(cmd, payload)?)?),
        "timego_arrivals" => reply(core.timego().arrivals(args(cmd, payload)?)?),
        "timego_preview" => reply(core.timego().preview(args(cmd, payload)?)?),
        "timego_group" => reply(core.timego().group(args(cmd, payload)?)?),
        "timego_legal" => reply(core.timego().legal()),
        "timego_export" => reply(core.timego().export()?),
        "timego_import" => reply(core.timego_mut().import(args(cmd, payload)?)?),
        "timego_invalid_save" => reply(core.timego().invalid_save()?),
        "timego_set_aside_invalid" => {
            reply(core.timego_mut().set_aside_invalid(args(cmd, payload)?)?)
        }
        "tutorial_lessons" => reply(core.tutorial().overview()),
        "tutorial_start" => reply(core.tutorial_mut().start(args(cmd, payload)?)?),
        "tutorial_current" => reply(core.tutorial().current()?),
        "tutorial_reset" => reply(core.tutorial_mut().reset()?),
        "tutorial_hint" => reply(core.tutorial_mut().hint()?),
        "tutorial_apply" => reply(core.tutorial_mut().apply(args(cmd, payload)?)?),
        "timego_import_opened_file" => reply(core.import_opened_file()?),
        "timego_dismiss_opened_file" => reply(core.dismiss_opened_file()),
        "timego_levels" => reply(levels()),
        "timego_opponent_set" => reply(core.timego_mut().set_opponent(args(cmd, payload)?)?),
        "timego_computer_move" => {
            reply(timego_computer_move(&Held::new(core), args(cmd, payload)?)?)
        }
        "timego_computer_cancel" => reply(core.timego_mut().computer_cancel()),
        "app_set_aside_invalid" => reply(core.set_aside_invalid_file(args(cmd, payload)?)?),
        _ if FILE_DIALOG_NAMES.contains(&cmd) => Err(AppError::UnknownCommand {
            message: format!(
                "{cmd} opens the operating system's file dialog, which only the app has; \
                 the bridge offers timego_export and timego_import instead"
            ),
        }),
        _ => Err(AppError::UnknownCommand {
            message: format!("there is no command named '{}'", excerpt(cmd)),
        }),
    }
}

/// The command whose search runs outside the lock.
const COMPUTER_MOVE: &str = "timego_computer_move";

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
            Ok(request) if request.cmd == COMPUTER_MOVE => {
                match args::<ComputerMoveArgs>(COMPUTER_MOVE, request.args) {
                    Ok(move_args) => {
                        let core = Arc::clone(&core);
                        let output = Arc::clone(&output);
                        let (started, start_done) = std::sync::mpsc::channel();
                        searches.push(std::thread::spawn(move || {
                            let core = StartSignal {
                                core: &core,
                                started: Cell::new(Some(started)),
                            };
                            let answer =
                                match timego_computer_move(&core, move_args).and_then(reply) {
                                    Ok(value) => json!({"id": request.id, "ok": value}),
                                    Err(error) => json!({"id": request.id, "err": error}),
                                };
                            // A harness that went away reads no answers; nothing to do.
                            let _ = write_line(&output, &answer.to_string());
                        }));
                        // The next line (a cancel above all) must find the job started.
                        let _ = start_done.recv();
                        continue;
                    }
                    Err(error) => json!({"id": request.id, "err": error}).to_string(),
                }
            }
            _ => answer_line(&mut locked(&core), line),
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

/// The core, telling the bridge's reading loop once the job's start step is done (so a
/// cancel read next finds the job running).
struct StartSignal<'a> {
    core: &'a Mutex<AppCore>,
    started: Cell<Option<Sender<()>>>,
}

impl Exclusive<AppCore> for StartSignal<'_> {
    fn with<R>(&self, f: impl FnOnce(&mut AppCore) -> R) -> R {
        let result = self.core.with(f);
        if let Some(started) = self.started.take() {
            let _ = started.send(());
        }
        result
    }
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

fn args<T: DeserializeOwned>(cmd: &str, payload: Value) -> CommandResult<T> {
    serde_json::from_value::<Payload<T>>(payload)
        .map(|payload| payload.args)
        .map_err(|error| {
            AppError::invalid(format!("bad arguments for {cmd}: {}", shortened(&error)))
        })
}

fn reply<T: Serialize>(value: T) -> CommandResult<Value> {
    serde_json::to_value(value).map_err(|error| AppError::storage(error.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command_names::NAMES;
    use crate::settings_store::JsonFileSettings;
    use crate::test_dir::TestDir;

    fn core(dir: &TestDir) -> AppCore {
        let store = Box::new(JsonFileSettings::new(dir.path().join("settings.json")));
        AppCore::open(dir.path(), store).unwrap()
    }

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
        let text = String::from_utf8(output.0.lock().unwrap().clone()).unwrap();
        text.lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect()
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
        let text = String::from_utf8(output.0.lock().unwrap().clone()).unwrap();
        text.lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect()
    }

    #[test]
    fn a_computer_move_is_answered_with_the_move_played() {
        let dir = TestDir::new("bridge-computer-move");
        let mut core = core(&dir);
        core.timego_mut().set_think_limits(
            canon_engine::timego::opponent::SearchLimits::deterministic(300, 3, 60_000),
        );
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
