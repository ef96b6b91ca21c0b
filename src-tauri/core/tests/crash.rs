//! Persistence survives SIGKILL: a child `ipc-bridge` plays a seeded TimeGo game, one
//! action per request, so the TimeGo session autosaves the growing `time-go-game`
//! document after each one (the app's own save path: session, save slot, atomic writer),
//! and is killed at random moments, hundreds of times. After every kill the file on disk
//! must import through the engine, be byte for byte one of the documents the child could
//! have written, and never be older than a save the child had already confirmed (nothing
//! acknowledged is lost). The same holds for every other file the app writes: the
//! settings (as the bridge's `JsonFileSettings` writes them; the app's tauri-plugin-store
//! cannot run here), the opponent settings, the tutorial progress, and Go on surfaces'
//! game and editor diagram.

#![cfg(unix)]

use canon_app_core::bridge::answer_line;
use canon_app_core::sample::random_line;
use canon_app_core::test_dir::{core_at, names_in, TestDir};
use canon_app_core::timego::SAVE_FILE_NAME;
use canon_engine::rng::SplitMix64;
use canon_engine::timego::Game;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

const KILLS: usize = 300;
/// Length of the seeded game the children play, one saved action per request.
const ACTIONS: usize = 300;

/// Deterministic pseudo-random numbers (the shared generator); the seed is printed on
/// failure.
struct Rng(SplitMix64);

impl Rng {
    fn below(&mut self, bound: u64) -> u64 {
        self.0.below_mod(bound as usize) as u64
    }
}

/// The request lines of one saving loop: a new 5×5 game, then the actions of a seeded
/// random line one by one; every request saves a different, longer document.
fn game_requests(actions: usize) -> Vec<String> {
    let line = random_line(actions, 7);
    assert_eq!(
        line.actions().len(),
        actions,
        "the seeded line is long enough"
    );
    let new_game = r#"{"id":0,"cmd":"timego_new","args":{"args":{"size":5,"komi":0.5}}}"#;
    std::iter::once(new_game.to_owned())
        .chain(line.actions().iter().enumerate().map(|(i, action)| {
            serde_json::json!({
                "id": i + 1,
                "cmd": "timego_apply",
                "args": {"args": {"action": action}},
            })
            .to_string()
        }))
        .collect()
}

/// Every file content the loop can leave behind, in order: computed by running the same
/// requests in this process and reading the file after each one.
fn expected_files(requests: &[String], file_name: &str) -> Vec<String> {
    expected_contents(requests, file_name)
        .into_iter()
        .map(|text| text.expect("every request saves the game"))
        .collect()
}

/// The contents of `file_name` after each of `requests` (`None`: no file yet), run in
/// this process on a fresh data directory.
fn expected_contents(requests: &[String], file_name: &str) -> Vec<Option<String>> {
    let scratch = TestDir::new(&format!("crash-expected-{file_name}"));
    let dir = scratch.path();
    let mut core = core_at(dir);
    let files = requests
        .iter()
        .map(|request| {
            let answer = answer_line(&mut core, request);
            assert!(answer.contains("\"ok\""), "{request} failed: {answer}");
            std::fs::read_to_string(dir.join(file_name)).ok()
        })
        .collect();
    drop(core);
    files
}

/// A seed from the clock, printed with every failure.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64
        | 1
}

/// When to kill the child.
enum KillAt {
    /// This long after starting it (often before its first save).
    AfterStart(Duration),
    /// This long after its first confirmed save (in the middle of the saving loop).
    AfterFirstSave(Duration),
    /// Once every request is answered (to time the saving loop on this machine).
    OnceAllAnswered,
}

/// What the bridge did before it was killed.
struct Run {
    /// How many answers it had confirmed.
    confirmed: usize,
    /// From its first answer to its last confirmed one.
    answering: Duration,
}

/// Starts the bridge on `dir`, streams `requests`, and SIGKILLs it at `kill_at`;
/// returns what the child had confirmed before it died.
fn run_and_kill(dir: &Path, requests: &[String], kill_at: KillAt) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ipc-bridge"))
        .args(["--data-dir", dir.to_str().unwrap()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start ipc-bridge");
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let confirmed = Arc::new(AtomicUsize::new(0));
    let (first_save, saved_once) = std::sync::mpsc::channel();
    let reader = {
        let confirmed = Arc::clone(&confirmed);
        std::thread::spawn(move || {
            let mut first = None;
            let mut answering = Duration::ZERO;
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                assert!(line.contains("\"ok\""), "a save failed: {line}");
                let first = *first.get_or_insert_with(Instant::now);
                answering = first.elapsed();
                if confirmed.fetch_add(1, Ordering::SeqCst) == 0 {
                    let _ = first_save.send(());
                }
            }
            answering
        })
    };
    let writer = {
        let requests = requests.to_vec();
        std::thread::spawn(move || {
            for request in requests {
                if writeln!(stdin, "{request}").is_err() {
                    break;
                }
            }
        })
    };
    match kill_at {
        KillAt::AfterStart(delay) => std::thread::sleep(delay),
        KillAt::AfterFirstSave(delay) => {
            saved_once
                .recv_timeout(Duration::from_secs(30))
                .expect("the bridge never answered");
            std::thread::sleep(delay);
        }
        KillAt::OnceAllAnswered => {
            let deadline = Instant::now() + Duration::from_secs(60);
            while confirmed.load(Ordering::SeqCst) < requests.len() {
                assert!(
                    Instant::now() < deadline,
                    "the bridge never answered everything"
                );
                std::thread::sleep(Duration::from_micros(200));
            }
        }
    }
    child.kill().expect("SIGKILL the child");
    child.wait().unwrap();
    writer.join().unwrap();
    let answering = reader.join().unwrap();
    Run {
        confirmed: confirmed.load(Ordering::SeqCst),
        answering,
    }
}

/// Which of `expected` the save file holds now; `None` when there is no file yet. Panics
/// if the file does not import or is not one of them.
fn saved_index(dir: &Path, expected: &[String], context: &str) -> Option<usize> {
    let text = std::fs::read_to_string(dir.join(SAVE_FILE_NAME)).ok()?;
    let (game, cursor) = Game::from_record(text.as_bytes()).unwrap_or_else(|error| {
        panic!("{context}: the saved game does not import: {error}\n{text}")
    });
    let index = expected
        .iter()
        .position(|file| *file == text)
        .unwrap_or_else(|| panic!("{context}: the file is not one of the saves:\n{text}"));
    // Save `index` is the game after its first `index` actions, viewed at the end.
    assert_eq!((game.actions().len(), cursor), (index, index), "{context}");
    Some(index)
}

#[test]
fn timego_save_survives_sigkill_at_random_moments() {
    let seed = clock_seed();
    let mut rng = Rng(SplitMix64::new(seed));
    let requests = game_requests(ACTIONS);
    let expected = expected_files(&requests, SAVE_FILE_NAME);
    let scratch = TestDir::new("crash-loop");
    let dir = scratch.path();
    let mut killed_mid_stream = 0;
    let mut longest = 0;
    let mut saved = None;
    for kill in 0..KILLS {
        let context = format!("seed {seed}, kill {kill}");
        // Each child loads the game the last one left and plays on from there, so the
        // saved game grows across kills; after the last action a new game starts.
        let start = match saved {
            Some(index) if index < ACTIONS => index + 1,
            _ => 0,
        };
        let kill_at = if rng.below(5) == 0 {
            KillAt::AfterStart(Duration::from_micros(rng.below(5_000)))
        } else {
            KillAt::AfterFirstSave(Duration::from_micros(rng.below(20_000)))
        };
        let confirmed = run_and_kill(dir, &requests[start..], kill_at).confirmed;
        let now = saved_index(dir, &expected, &context);
        if confirmed > 0 {
            // Request `start + k` leaves save `start + k`: the last confirmed one or a
            // later one is on disk.
            assert!(
                now.is_some_and(|index| index + 1 >= start + confirmed),
                "{context}: save {} was confirmed but the file holds {now:?}",
                start + confirmed - 1
            );
        } else if let Some(before) = saved {
            // Nothing confirmed: the old file, or a save the child made before dying.
            assert!(
                now.is_some_and(|index| index == before || index >= start),
                "{context}: the file held save {before} and now holds {now:?}"
            );
        }
        if confirmed > 0 && start + confirmed < requests.len() {
            killed_mid_stream += 1;
        }
        longest = longest.max(now.unwrap_or(0));
        saved = now;
        let strays = names_in(dir, |name| name.ends_with(".tmp"));
        // A kill between creating the temporary file and the rename leaves it behind;
        // it has one fixed name, so the next save reuses it instead of piling up more.
        assert!(strays.len() <= 1, "temporary files pile up: {strays:?}");
    }
    eprintln!(
        "seed {seed}: {KILLS} kills, {killed_mid_stream} while saving, longest saved game {longest} actions"
    );
    assert!(
        killed_mid_stream > KILLS / 2,
        "seed {seed}: only {killed_mid_stream} of {KILLS} kills landed while saving; the test did not exercise the writer"
    );
    assert!(
        longest >= ACTIONS / 2,
        "seed {seed}: the saved game never grew beyond {longest} actions"
    );
}

/// The request loop of one of the other files the app writes, and the file's contents
/// after each request (`None`: no file yet).
struct FileLoop {
    file: &'static str,
    requests: Vec<String>,
    expected: Vec<Option<String>>,
    /// Whether the harness removes the file before each child (the tutorial writes only
    /// newly solved lessons, so each child starts its progress over).
    fresh: bool,
}

impl FileLoop {
    fn new(file: &'static str, requests: Vec<String>, fresh: bool) -> Self {
        let expected = expected_contents(&requests, file);
        Self {
            file,
            requests,
            expected,
            fresh,
        }
    }
}

fn request(id: usize, cmd: &str, args: serde_json::Value) -> String {
    serde_json::json!({"id": id, "cmd": cmd, "args": {"args": args}}).to_string()
}

/// Settings that differ at every request (komi −25 to 25 by halves, three themes).
fn settings_loop() -> FileLoop {
    let themes = ["system", "light", "dark"];
    let requests = (0..150)
        .map(|i| {
            let settings = serde_json::json!({
                "language": "en",
                "theme": themes[i % 3],
                "timego": {
                    "default_board_size": 5,
                    "default_komi": (i % 101) as f64 * 0.5 - 25.0,
                },
                "motion": "system",
            });
            request(i, "settings_set", settings)
        })
        .collect();
    FileLoop::new("settings.json", requests, false)
}

/// The opponent settings going round every side and level (each differs from the last,
/// so each is written).
fn opponent_loop() -> FileLoop {
    let mut combos = Vec::new();
    for computer in ["white", "black", "none"] {
        for level in ["classic", "strong"] {
            combos.push(serde_json::json!({"computer": computer, "level": level}));
        }
    }
    let requests = (0..150)
        .map(|i| request(i, "timego_opponent_set", combos[i % combos.len()].clone()))
        .collect();
    FileLoop::new("timego-opponent.json", requests, false)
}

/// Every tutorial lesson solved in turn: the progress file grows by one lesson each time.
fn tutorial_loop() -> FileLoop {
    let mut requests = Vec::new();
    for (index, lesson) in canon_engine::timego::tutorial::LESSONS.iter().enumerate() {
        requests.push(request(
            requests.len(),
            "tutorial_start",
            serde_json::json!({ "index": index }),
        ));
        for action in lesson.solution {
            requests.push(request(
                requests.len(),
                "tutorial_apply",
                serde_json::json!({ "action": action }),
            ));
        }
    }
    FileLoop::new("tutorial.json", requests, true)
}

/// Kills children writing `file_loop` at random moments; after each kill the file is
/// absent only if nothing was confirmed, is valid JSON, is byte for byte one of the
/// documents the loop writes, and is never older than the last confirmed answer.
fn survives_sigkill(file_loop: &FileLoop, kills: usize, rng: &mut Rng, seed: u64) {
    let scratch = TestDir::new(&format!("crash-loop-{}", file_loop.file));
    let dir = scratch.path();
    let path = dir.join(file_loop.file);
    // Kills after the first save are spread over the time this machine takes to answer the
    // whole loop now, so most land while it saves however fast or loaded the machine is:
    // the shortest of three runs, since one slowed by a busy moment (the other crash test
    // runs beside this one) would spread the kills past the loop's end.
    let window = (0..3)
        .map(|_| run_and_kill(dir, &file_loop.requests, KillAt::OnceAllAnswered).answering)
        .min()
        .expect("three runs");
    let window_us = (window.as_micros() as u64 * 9 / 10).max(1);
    // Every kill is checked; kills go on past `kills` (up to four times as many) until a
    // quarter of `kills` landed between the first and the last answer, so a loaded moment
    // costs more kills rather than a failure, and the file is always hit mid-stream.
    let wanted_mid_stream = kills / 4;
    let mut killed_mid_stream = 0;
    let mut kill = 0;
    while kill < kills || (killed_mid_stream < wanted_mid_stream && kill < kills * 4) {
        kill += 1;
        let context = format!("seed {seed}, {} kill {kill}", file_loop.file);
        if file_loop.fresh {
            let _ = std::fs::remove_file(&path);
        }
        let before = std::fs::read_to_string(&path).ok();
        let kill_at = if rng.below(5) == 0 {
            KillAt::AfterStart(Duration::from_micros(rng.below(5_000)))
        } else {
            KillAt::AfterFirstSave(Duration::from_micros(rng.below(window_us)))
        };
        let confirmed = run_and_kill(dir, &file_loop.requests, kill_at).confirmed;
        let now = std::fs::read_to_string(&path).ok();
        if let Some(text) = &now {
            serde_json::from_str::<serde_json::Value>(text)
                .unwrap_or_else(|error| panic!("{context}: not JSON ({error}):\n{text}"));
        }
        if confirmed > 0 {
            // The confirmed answer's file, or one a later request wrote.
            assert!(
                file_loop.expected[confirmed - 1..].contains(&now),
                "{context}: answer {confirmed} was confirmed but the file holds {now:?}"
            );
            if confirmed < file_loop.requests.len() {
                killed_mid_stream += 1;
            }
        } else {
            assert!(
                now == before || file_loop.expected.contains(&now),
                "{context}: the file holds {now:?}"
            );
        }
    }
    // A guard on the test itself: enough kills must land between the first and the last
    // answer. Short loops (a few milliseconds on a quiet machine) cannot be hit more often
    // than this reliably, kill latency being of the same order.
    assert!(
        killed_mid_stream >= wanted_mid_stream,
        "seed {seed}: only {killed_mid_stream} of {kill} kills of {} landed while saving",
        file_loop.file
    );
}

/// A Go on surfaces game on Klein: a new game, then 120 placements, each at the view's
/// revision (computed here, on a core of this process, before the children run).
fn surface_game_loop() -> FileLoop {
    let dir = TestDir::new("surface-requests");
    let mut core = core_at(dir.path());
    let mut requests = vec![request(
        0,
        "surface_new",
        serde_json::json!({"surface": "go-klein-9x18-v1"}),
    )];
    let mut answer: serde_json::Value =
        serde_json::from_str(&answer_line(&mut core, &requests[0])).unwrap();
    let mut candidate = 0;
    while requests.len() <= 120 {
        candidate = (candidate + 37) % 162;
        let legal = canon_app_core::commands::dispatch(
            &mut core,
            "surface_explain",
            serde_json::json!({"args": {"line": "game", "point": candidate}}),
        )
        .unwrap()["message"]
            .is_null();
        if !legal {
            continue;
        }
        let args = serde_json::json!({
            "line": "game",
            "action": {"type": "place", "at": candidate},
            "revision": answer["ok"]["revision"],
        });
        let line = request(requests.len(), "surface_apply", args);
        answer = serde_json::from_str(&answer_line(&mut core, &line)).unwrap();
        assert!(answer["ok"].is_object(), "{line}: {answer}");
        requests.push(line);
    }
    drop(core);
    drop(dir);
    FileLoop::new(canon_app_core::surface::GAME_FILE_NAME, requests, false)
}

/// The surfaces editor's diagram: started afresh, then 150 edits, each changing a point.
fn surface_diagram_loop() -> FileLoop {
    let start = serde_json::json!({"from": {"kind": "empty", "surface": "go-klein-9x18-v1"}, "replace": true});
    let requests = std::iter::once(request(0, "surface_editor_start", start))
        .chain((0..150).map(|point| {
            let kind = if point % 2 == 0 { "black" } else { "white" };
            request(
                point + 1,
                "surface_edit",
                serde_json::json!({"kind": kind, "point": point}),
            )
        }))
        .collect();
    FileLoop::new(canon_app_core::surface::DIAGRAM_FILE_NAME, requests, false)
}

#[test]
fn surface_game_and_diagram_files_survive_sigkill_at_random_moments() {
    let seed = clock_seed();
    let mut rng = Rng(SplitMix64::new(seed));
    for file_loop in [surface_game_loop(), surface_diagram_loop()] {
        survives_sigkill(&file_loop, 80, &mut rng, seed);
    }
}

#[test]
fn settings_opponent_and_tutorial_files_survive_sigkill_at_random_moments() {
    let seed = clock_seed();
    let mut rng = Rng(SplitMix64::new(seed));
    for file_loop in [settings_loop(), opponent_loop(), tutorial_loop()] {
        survives_sigkill(&file_loop, 80, &mut rng, seed);
    }
}
