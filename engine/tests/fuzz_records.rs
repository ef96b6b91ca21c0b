//! The fuzz suite on stable Rust (issue 16): every fixture record of the three formats,
//! mutated byte-wise and structurally, is fed to its importer and to `import_any`, and what
//! `canon … check` prints is computed for what is accepted. Asserted for every input: no
//! panic, peak memory within 10 × the input plus a constant (counted by the allocator of
//! `alloc_counter`), a refusal that is short, names its problem in JSON words, and an
//! acceptance that exports a record which imports again to the same checkpoint. Bounded for
//! CI by fixed case counts; `cargo fuzz` targets in `fuzz/` run the same checks for as long
//! as wanted (`docs/reliability.md`). `--nocapture` prints the figures.

mod alloc_counter;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use alloc_counter::peak_of;
use canon_engine::go::Color;
use canon_engine::surfaces::records::{self, export, export_replay, Diagram, Document, Snapshot};
use canon_engine::surfaces::{Action, Surface, SurfaceGame};
use canon_engine::timechess;
use canon_engine::timego;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use serde_json::{json, Value};

/// The constant allowed on top of 10 × the input.
const CONSTANT: usize = 4 << 20;

/// The formats the fixtures belong to.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Format {
    TimeGo,
    Surface,
    Chess,
}

/// Every fixture record of the repository, and one exported document of each surfaces
/// schema (the surfaces have no fixture files).
fn fixtures() -> Vec<(Format, String, Vec<u8>)> {
    let mut list: Vec<(Format, String, Vec<u8>)> = vec![
        (
            Format::TimeGo,
            "converged_replay_meets_new_board",
            include_bytes!("fixtures/converged_replay_meets_new_board.json").to_vec(),
        ),
        (
            Format::TimeGo,
            "opponent_lock_defense",
            include_bytes!("fixtures/opponent_lock_defense.json").to_vec(),
        ),
        (
            Format::TimeGo,
            "opponent_time_defense",
            include_bytes!("fixtures/opponent_time_defense.json").to_vec(),
        ),
        (
            Format::TimeGo,
            "timego-1024-actions",
            include_bytes!("../../tests/fixtures/timego-1024-actions.timego.json").to_vec(),
        ),
        (
            Format::Chess,
            "checkmate_54",
            include_bytes!("timechess_data/checkmate_54.json").to_vec(),
        ),
        (
            Format::Chess,
            "mid_11_40",
            include_bytes!("timechess_data/mid_11_40.json").to_vec(),
        ),
        (
            Format::Chess,
            "mid_12_60",
            include_bytes!("timechess_data/mid_12_60.json").to_vec(),
        ),
        (
            Format::Chess,
            "mid_6_10",
            include_bytes!("timechess_data/mid_6_10.json").to_vec(),
        ),
        (
            Format::Chess,
            "mid_6_20",
            include_bytes!("timechess_data/mid_6_20.json").to_vec(),
        ),
        (
            Format::Chess,
            "checkmate_33",
            include_bytes!("../../cli/tests/tcecp_data/checkmate_33.json").to_vec(),
        ),
    ]
    .into_iter()
    .map(|(format, name, bytes)| (format, name.to_string(), bytes))
    .collect();
    let surface = Surface::from_id("go-mobius-9x11-v1").unwrap();
    let mut game = SurfaceGame::new(surface, 1).unwrap();
    for action in [
        Action::Place { at: 49 },
        Action::Place { at: 50 },
        Action::Place { at: 40 },
        Action::Pass,
        Action::Pass,
    ] {
        game.apply(action).unwrap();
    }
    let mut board = vec![0u8; 99];
    board[3] = 1;
    board[4] = 2;
    let mut study = SurfaceGame::study(surface, &board, Color::White, 1).unwrap();
    study.apply(Action::Place { at: 60 }).unwrap();
    let prefix = [Action::Place { at: 49 }, Action::Pass];
    let mut analysis = SurfaceGame::analysis(surface, 1, &prefix).unwrap();
    analysis.apply(Action::Place { at: 10 }).unwrap();
    let diagram = Diagram::new(surface, board, Some(Color::Black), 3).unwrap();
    for (name, value) in [
        ("surface-go-game", export(&game)),
        ("surface-go-study", export(&study)),
        ("surface-go-analysis", export(&analysis)),
        (
            "surface-go-diagram",
            serde_json::to_value(diagram.to_record()).unwrap(),
        ),
        ("surface-go-replay", export_replay(&game, 2)),
    ] {
        list.push((
            Format::Surface,
            name.into(),
            serde_json::to_vec_pretty(&value).unwrap(),
        ));
    }
    list
}

/// Imports `bytes` as `format` and, when accepted, does what `canon … check` does (prints
/// the recomputed checkpoint) and checks that the exported record imports again to the
/// same checkpoint. Returns the refusal message.
fn check(format: Format, bytes: &[u8]) -> Result<String, String> {
    match format {
        Format::TimeGo => {
            let (game, cursor) = timego::Game::from_record(bytes).map_err(|e| e.to_string())?;
            let printed = serde_json::to_string(&game.checkpoint()).unwrap();
            let again = timego::Game::from_record(game.to_json(cursor).unwrap().as_bytes())
                .expect("an accepted record exports a record that imports");
            assert_eq!(
                serde_json::to_string(&again.0.checkpoint()).unwrap(),
                printed
            );
            Ok(printed)
        }
        Format::Surface => {
            let document = records::import_any(bytes).map_err(|e| e.to_string())?;
            let line = match document {
                Document::Game(line) | Document::Study(line) | Document::Analysis(line) => line,
                Document::Replay { line, .. } => line,
                Document::Diagram(diagram) => {
                    let text = serde_json::to_vec(&diagram.to_record()).unwrap();
                    records::import_diagram(&text).expect("a diagram re-imports");
                    return Ok(String::new());
                }
            };
            let printed = serde_json::to_string(&Snapshot::of(&line)).unwrap();
            let text = serde_json::to_vec(&export(&line)).unwrap();
            let again = records::import_any(&text).expect("an accepted record re-imports");
            let (Document::Game(again) | Document::Study(again) | Document::Analysis(again)) =
                again
            else {
                panic!("export wrote another kind of document");
            };
            assert_eq!(
                serde_json::to_string(&Snapshot::of(&again)).unwrap(),
                printed
            );
            Ok(printed)
        }
        Format::Chess => {
            let game = timechess::Game::import(bytes).map_err(|e| e.to_string())?;
            let printed = serde_json::to_string(&game.checkpoint()).unwrap();
            let again = timechess::Game::import(game.to_record_json().as_bytes())
                .expect("an accepted record re-imports");
            assert_eq!(serde_json::to_string(&again.checkpoint()).unwrap(), printed);
            Ok(printed)
        }
    }
}

/// Words that give away Rust rather than JSON.
const RUST_WORDS: &[&str] = &[
    "struct ",
    "enum ",
    "Peek",
    "GameRecord",
    "RawDocument",
    "RawReplay",
    "usize",
    "Option<",
];

/// Counters for the figures in `docs/reliability.md`.
static INPUTS: AtomicUsize = AtomicUsize::new(0);
static ACCEPTED: AtomicUsize = AtomicUsize::new(0);
static LONGEST_MESSAGE: AtomicUsize = AtomicUsize::new(0);
/// Largest peak per format, in bytes, with the size of its input.
static PEAK: Mutex<[(usize, usize); 3]> = Mutex::new([(0, 0); 3]);

fn judge(format: Format, bytes: &[u8]) -> Result<(), TestCaseError> {
    INPUTS.fetch_add(1, Ordering::Relaxed);
    let (result, peak) = peak_of(|| check(format, bytes));
    {
        let mut peaks = PEAK.lock().unwrap();
        let slot = &mut peaks[format as usize];
        if peak > slot.0 {
            *slot = (peak, bytes.len());
        }
    }
    prop_assert!(
        peak <= 10 * bytes.len() + CONSTANT,
        "{format:?}: peak {peak} bytes for {} bytes",
        bytes.len()
    );
    match result {
        Ok(_) => {
            ACCEPTED.fetch_add(1, Ordering::Relaxed);
        }
        Err(message) => {
            let length = message.chars().count();
            LONGEST_MESSAGE.fetch_max(length, Ordering::Relaxed);
            prop_assert!(
                (8..=300).contains(&length),
                "{format:?}: a message of {length} characters: {}",
                message.chars().take(300).collect::<String>()
            );
            for word in RUST_WORDS {
                prop_assert!(
                    !message.contains(word),
                    "{format:?}: «{word}» in «{message}»"
                );
            }
        }
    }
    // Every surfaces document also goes through the importer that picks by schema, and
    // every document through the other formats' importers, which must refuse it cleanly.
    for other in [Format::TimeGo, Format::Surface, Format::Chess] {
        if other != format {
            let result = check(other, bytes);
            if let Err(message) = result {
                prop_assert!(message.chars().count() <= 300, "{other:?}: {message}");
            }
        }
    }
    Ok(())
}

/// One byte-wise change.
#[derive(Clone, Debug)]
enum ByteEdit {
    Set(prop::sample::Index, u8),
    Delete(prop::sample::Index),
    Insert(prop::sample::Index, u8),
    /// Copies a span to another place (duplicates keys, values, brackets).
    Copy(prop::sample::Index, prop::sample::Index, u8),
    Truncate(prop::sample::Index),
}

fn byte_edit() -> impl Strategy<Value = ByteEdit> {
    let interesting =
        prop::sample::select(b"{}[]\",:0123456789-.eE \\ntfu\xEF\xBB\xBF\xFF".to_vec());
    prop_oneof![
        (
            any::<prop::sample::Index>(),
            prop_oneof![any::<u8>(), interesting.clone()]
        )
            .prop_map(|(i, b)| ByteEdit::Set(i, b)),
        any::<prop::sample::Index>().prop_map(ByteEdit::Delete),
        (any::<prop::sample::Index>(), interesting).prop_map(|(i, b)| ByteEdit::Insert(i, b)),
        (
            any::<prop::sample::Index>(),
            any::<prop::sample::Index>(),
            1u8..64
        )
            .prop_map(|(a, b, n)| ByteEdit::Copy(a, b, n)),
        any::<prop::sample::Index>().prop_map(ByteEdit::Truncate),
    ]
}

fn apply_bytes(mut bytes: Vec<u8>, edits: &[ByteEdit]) -> Vec<u8> {
    for edit in edits {
        if bytes.is_empty() {
            break;
        }
        match edit {
            ByteEdit::Set(at, value) => {
                let at = at.index(bytes.len());
                bytes[at] = *value;
            }
            ByteEdit::Delete(at) => {
                bytes.remove(at.index(bytes.len()));
            }
            ByteEdit::Insert(at, value) => bytes.insert(at.index(bytes.len() + 1), *value),
            ByteEdit::Copy(from, to, length) => {
                let from = from.index(bytes.len());
                let end = (from + *length as usize).min(bytes.len());
                let span = bytes[from..end].to_vec();
                let to = to.index(bytes.len() + 1);
                bytes.splice(to..to, span);
            }
            ByteEdit::Truncate(at) => bytes.truncate(at.index(bytes.len())),
        }
    }
    bytes
}

/// One structural change at a node of the document.
#[derive(Clone, Debug)]
enum TreeEdit {
    /// Replaces the node by another JSON value.
    Replace(prop::sample::Index, Value),
    /// Removes the node from its object or array.
    Remove(prop::sample::Index),
    /// Writes an object node's first key twice.
    DuplicateKey(prop::sample::Index),
    /// Replaces an object by the array of its values, or wraps the node in an array.
    Arrayify(prop::sample::Index),
    /// Adds an unknown key to an object.
    Unknown(prop::sample::Index),
    /// Nests the node 1 to 200 arrays deep.
    Nest(prop::sample::Index, u8),
}

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        prop_oneof![Just(0.5f64), Just(-1.5), Just(1e300), Just(2.0)].prop_map(|f| json!(f)),
        prop_oneof![Just(u64::MAX), Just(256u64), Just(1024), Just(1025)].prop_map(|n| json!(n)),
        "[a-z0-9\\-]{0,12}".prop_map(Value::String),
        prop::sample::select(vec![
            "time-go-game",
            "surface-go-game",
            "surface-go-study",
            "surface-go-replay",
            "time-chess-game",
            "black",
            "white",
            "draw",
            "place",
            "pass",
            "time",
            "lock",
            "resign",
            "e2t0e4t0",
            "a1t0",
            "pawn",
            "king",
            "go-klein-9x18-v1",
        ])
        .prop_map(|s| Value::String(s.into())),
    ];
    leaf.prop_recursive(3, 16, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map("[a-z]{1,6}", inner, 0..3)
                .prop_map(|map| Value::Object(map.into_iter().collect())),
        ]
    })
}

fn tree_edit() -> impl Strategy<Value = TreeEdit> {
    let at = any::<prop::sample::Index>();
    prop_oneof![
        3 => (at.clone(), json_value()).prop_map(|(i, v)| TreeEdit::Replace(i, v)),
        2 => at.clone().prop_map(TreeEdit::Remove),
        2 => at.clone().prop_map(TreeEdit::DuplicateKey),
        2 => at.clone().prop_map(TreeEdit::Arrayify),
        1 => at.clone().prop_map(TreeEdit::Unknown),
        1 => (at, 1u8..200).prop_map(|(i, n)| TreeEdit::Nest(i, n)),
    ]
}

/// Paths of every node, as JSON pointers.
fn pointers(value: &Value, here: String, out: &mut Vec<String>) {
    out.push(here.clone());
    match value {
        Value::Object(map) => {
            for (key, child) in map {
                pointers(
                    child,
                    format!("{here}/{}", key.replace('~', "~0").replace('/', "~1")),
                    out,
                );
            }
        }
        Value::Array(items) => {
            for (index, child) in items.iter().enumerate() {
                pointers(child, format!("{here}/{index}"), out);
            }
        }
        _ => {}
    }
}

const MARK: &str = "@@fuzz-mark@@";

/// Applies one structural edit; returns the text (edits such as duplicate keys cannot be
/// represented by a `Value`).
fn apply_tree(mut document: Value, edit: &TreeEdit) -> String {
    let mut all = Vec::new();
    pointers(&document, String::new(), &mut all);
    let pick = |index: &prop::sample::Index| all[index.index(all.len())].clone();
    let mut splice = None;
    match edit {
        TreeEdit::Replace(at, value) => {
            *document.pointer_mut(&pick(at)).unwrap() = value.clone();
        }
        TreeEdit::Remove(at) => {
            let pointer = pick(at);
            if let Some((parent, key)) = pointer.rsplit_once('/') {
                match document.pointer_mut(parent).unwrap() {
                    Value::Object(map) => {
                        map.remove(&key.replace("~1", "/").replace("~0", "~"));
                    }
                    Value::Array(items) => {
                        let index: usize = key.parse().unwrap();
                        items.remove(index);
                    }
                    _ => {}
                }
            }
        }
        TreeEdit::DuplicateKey(at) => {
            let node = document.pointer_mut(&pick(at)).unwrap();
            if let Some((key, value)) = node.as_object().and_then(|m| m.iter().next()) {
                let text = serde_json::to_string(node).unwrap();
                let extra = format!(",{}:{}}}", serde_json::to_string(key).unwrap(), value);
                splice = Some(format!("{}{extra}", &text[..text.len() - 1]));
                *node = json!(MARK);
            }
        }
        TreeEdit::Arrayify(at) => {
            let node = document.pointer_mut(&pick(at)).unwrap();
            *node = match node.take() {
                Value::Object(map) => Value::Array(map.into_iter().map(|(_, v)| v).collect()),
                other => Value::Array(vec![other]),
            };
        }
        TreeEdit::Unknown(at) => {
            if let Some(map) = document.pointer_mut(&pick(at)).unwrap().as_object_mut() {
                map.insert("comment".into(), json!("fuzz"));
            }
        }
        TreeEdit::Nest(at, depth) => {
            let node = document.pointer_mut(&pick(at)).unwrap();
            let mut value = node.take();
            for _ in 0..*depth {
                value = Value::Array(vec![value]);
            }
            *node = value;
        }
    }
    let text = serde_json::to_string(&document).unwrap();
    match splice {
        Some(object) => text.replacen(&format!("\"{MARK}\""), &object, 1),
        None => text,
    }
}

#[test]
fn mutated_fixture_records_are_refused_cleanly_or_accepted_whole() {
    let fixtures = fixtures();
    // 500 cases of each kind by default (a few seconds); CANON_FUZZ_CASES=N for long runs.
    let cases = std::env::var("CANON_FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(500);
    let config = Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner = TestRunner::new(config.clone());
    let which = 0..fixtures.len();
    runner
        .run(
            &(which.clone(), prop::collection::vec(byte_edit(), 1..6)),
            |(index, edits)| {
                let (format, _, bytes) = &fixtures[index];
                judge(*format, &apply_bytes(bytes.clone(), &edits))
            },
        )
        .unwrap();
    let byte_inputs = INPUTS.load(Ordering::Relaxed);
    let mut runner = TestRunner::new(config);
    runner
        .run(
            &(which, prop::collection::vec(tree_edit(), 1..4)),
            |(index, edits)| {
                let (format, _, bytes) = &fixtures[index];
                let mut text = String::from_utf8(bytes.clone()).unwrap();
                for edit in &edits {
                    // An edit that broke the JSON ends the chain; the broken text is judged.
                    let Ok(document) = serde_json::from_str::<Value>(&text) else {
                        break;
                    };
                    text = apply_tree(document, edit);
                }
                judge(*format, text.as_bytes())
            },
        )
        .unwrap();
    println!(
        "fuzz: {} inputs ({byte_inputs} byte-wise, {} structural), {} accepted, 0 panics, longest message {} characters",
        INPUTS.load(Ordering::Relaxed),
        INPUTS.load(Ordering::Relaxed) - byte_inputs,
        ACCEPTED.load(Ordering::Relaxed),
        LONGEST_MESSAGE.load(Ordering::Relaxed)
    );
    let peaks = PEAK.lock().unwrap();
    for (slot, name) in ["time-go-game", "surface", "time-chess-game"]
        .iter()
        .enumerate()
    {
        println!(
            "fuzz: {name}: largest peak {} bytes (import, check and re-import of {} bytes)",
            peaks[slot].0, peaks[slot].1
        );
    }
}
