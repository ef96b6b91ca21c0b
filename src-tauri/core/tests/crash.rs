//! Persistence survives SIGKILL: a child `ipc-bridge` saves in a loop and is killed at
//! random moments, hundreds of times. After every kill the file on disk must be a
//! complete document equal to one of the saves the child could have made, and never an
//! older one than the child had already confirmed (nothing acknowledged is lost).

#![cfg(unix)]

use canon_app_core::bridge::answer_line;
use canon_app_core::settings_store::JsonFileSettings;
use canon_app_core::AppCore;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

const KILLS: usize = 300;

/// Deterministic pseudo-random numbers (xorshift64*); the seed is printed on failure.
struct Rng(u64);

impl Rng {
    fn below(&mut self, bound: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % bound
    }
}

fn scratch(label: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("crab-canon-crash-{label}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The request lines of one saving loop: `count` saves, each a different document.
fn settings_requests(count: usize) -> Vec<String> {
    (0..count)
        .map(|i| {
            let komi = (i % 51) as f64 * 0.5 - 12.5;
            let size = if i % 2 == 0 { 5 } else { 4 };
            let komi = if size == 4 { komi.clamp(-16.0, 16.0) } else { komi };
            format!(
                r#"{{"id":{i},"cmd":"settings_set","args":{{"args":{{"language":"en","theme":"dark","default_board_size":{size},"default_komi":{komi},"motion":"system"}}}}}}"#
            )
        })
        .collect()
}

/// Every file content the loop can leave behind, in order: computed by running the same
/// requests in this process and reading the file after each one.
fn expected_files(requests: &[String], file_name: &str) -> Vec<String> {
    let dir = scratch("expected");
    let store = Box::new(JsonFileSettings::new(dir.join("settings.json")));
    let mut core = AppCore::open(&dir, store).unwrap();
    let files = requests
        .iter()
        .map(|request| {
            let answer = answer_line(&mut core, request);
            assert!(answer.contains("\"ok\""), "{request} failed: {answer}");
            std::fs::read_to_string(dir.join(file_name)).unwrap()
        })
        .collect();
    drop(core);
    std::fs::remove_dir_all(&dir).unwrap();
    files
}

/// When to kill the child.
enum KillAt {
    /// This long after starting it (often before its first save).
    AfterStart(Duration),
    /// This long after its first confirmed save (in the middle of the saving loop).
    AfterFirstSave(Duration),
}

/// Starts the bridge on `dir`, streams `requests`, and SIGKILLs it at `kill_at`;
/// returns how many answers the child had confirmed before it died.
fn run_and_kill(dir: &Path, requests: &[String], kill_at: KillAt) -> usize {
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
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                assert!(line.contains("\"ok\""), "a save failed: {line}");
                if confirmed.fetch_add(1, Ordering::SeqCst) == 0 {
                    let _ = first_save.send(());
                }
            }
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
    }
    child.kill().expect("SIGKILL the child");
    child.wait().unwrap();
    writer.join().unwrap();
    reader.join().unwrap();
    confirmed.load(Ordering::SeqCst)
}

#[test]
fn settings_file_survives_sigkill_at_random_moments() {
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64
        | 1;
    let mut rng = Rng(seed);
    let requests = settings_requests(400);
    let expected = expected_files(&requests, "settings.json");
    let dir = scratch("loop");
    let mut killed_mid_stream = 0;
    for kill in 0..KILLS {
        let kill_at = if rng.below(5) == 0 {
            KillAt::AfterStart(Duration::from_micros(rng.below(5_000)))
        } else {
            KillAt::AfterFirstSave(Duration::from_micros(rng.below(20_000)))
        };
        let confirmed = run_and_kill(&dir, &requests, kill_at);
        let Ok(text) = std::fs::read_to_string(dir.join("settings.json")) else {
            assert_eq!(
                confirmed, 0,
                "seed {seed}, kill {kill}: confirmed saves were lost"
            );
            continue;
        };
        let index = expected
            .iter()
            .position(|file| *file == text)
            .unwrap_or_else(|| {
                panic!("seed {seed}, kill {kill}: the file is not one of the saves:\n{text}")
            });
        // Each run starts again from request 0, so the file holds the latest save of
        // this run if it saved at all, else the previous run's.
        if confirmed > 0 {
            assert!(
                index + 1 >= confirmed,
                "seed {seed}, kill {kill}: save {confirmed} was confirmed but the file holds save {}",
                index + 1
            );
        }
        if confirmed > 0 && confirmed < requests.len() {
            killed_mid_stream += 1;
        }
        let strays: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|name| name.ends_with(".tmp"))
            .collect();
        // A kill between creating the temporary file and the rename leaves it behind;
        // it has one fixed name, so the next save reuses it instead of piling up more.
        assert!(strays.len() <= 1, "temporary files pile up: {strays:?}");
    }
    assert!(
        killed_mid_stream > KILLS / 2,
        "seed {seed}: only {killed_mid_stream} of {KILLS} kills landed while saving; the test did not exercise the writer"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
