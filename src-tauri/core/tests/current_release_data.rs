//! Saved data of the current release opens unchanged. `fixtures/release-0-data/` is an app
//! data directory written by the release before the game host (issue 11), through its own
//! `ipc-bridge` (the same core as the app; the script is `fixtures/release-0-data.sh`):
//! an invalid save set aside, then a 5×5 game of six placements reviewed at turn 4, the
//! computer playing White at the Classic level, two solved tutorial lessons and a flat
//! settings file. The app core is started on a copy and must find all of it, and every
//! file must still hold what it held (nothing rewritten by surprise).

use canon_app_core::test_dir::{core_at, paths_in, TestDir};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/release-0-data")
}

/// A copy of the fixture in a scratch directory (the core takes a lock and may write).
fn copy(label: &str) -> TestDir {
    let dir = TestDir::new(&format!("release-data-{label}"));
    for entry in std::fs::read_dir(fixture()).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), dir.path().join(entry.file_name())).unwrap();
    }
    dir
}

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The flat settings the release wrote, every field.
fn release_settings() -> Value {
    json!({
        "language": "pt-BR",
        "theme": "dark",
        "default_board_size": 4,
        "default_komi": -1.5,
        "motion": "reduce",
    })
}

#[test]
fn the_release_data_directory_opens_with_everything_in_it() {
    let scratch = copy("open");
    let dir = scratch.path();
    let game_before = std::fs::read_to_string(dir.join("timego.json")).unwrap();
    let tutorial_before = std::fs::read(dir.join("tutorial.json")).unwrap();
    let opponent_before = std::fs::read(dir.join("timego-opponent.json")).unwrap();
    let core = core_at(dir);
    let status = serde_json::to_value(core.status()).unwrap();
    assert_eq!(status["instance"]["kind"], "primary");
    assert_eq!(status["settings_notice"], Value::Null);

    let view = core.timego().view();
    assert_eq!(
        (view.position.size, view.turns.len(), view.cursor),
        (5, 6, 4)
    );
    assert_eq!(
        serde_json::to_value(view.position.komi).unwrap(),
        json!(0.5)
    );
    let opponent = serde_json::to_value(view.opponent).unwrap();
    assert_eq!(opponent, json!({"computer": "white", "level": "classic"}));
    assert_eq!(serde_json::to_value(&view.save).unwrap()["kind"], "saved");

    let lessons = core.tutorial().overview();
    assert_eq!(lessons.notice, None);
    let solved: Vec<usize> = lessons
        .lessons
        .iter()
        .filter(|lesson| lesson.completed)
        .map(|lesson| lesson.index)
        .collect();
    assert_eq!(solved, vec![0, 2]);

    let settings = serde_json::to_value(core.settings()).unwrap();
    for (key, value) in release_settings().as_object().unwrap() {
        assert_eq!(
            settings.pointer(&settings_path(key)),
            Some(value),
            "setting {key} is kept"
        );
    }

    // The save set aside by the release is still there, byte for byte.
    let kept: Vec<PathBuf> = paths_in(dir, |name| name.contains("timego.invalid-"));
    assert_eq!(kept.len(), 1);
    assert!(std::fs::read_to_string(&kept[0])
        .unwrap()
        .contains("\"player\":\"white\",\"type\":\"pass\""));
    // Opening rewrote nothing of the game, its opponent or the tutorial.
    assert_eq!(
        std::fs::read_to_string(dir.join("timego.json")).unwrap(),
        game_before
    );
    assert_eq!(
        std::fs::read(dir.join("tutorial.json")).unwrap(),
        tutorial_before
    );
    assert_eq!(
        std::fs::read(dir.join("timego-opponent.json")).unwrap(),
        opponent_before
    );
    assert_eq!(status["invalid_files"], json!([]));
    assert_eq!(status["saves"]["timego"]["kind"], "saved");
    drop(core);
}

/// Where a flat setting of the release lives in the settings of this version: TimeGo's
/// defaults moved under `timego` when settings became per game.
fn settings_path(key: &str) -> String {
    match key {
        "default_board_size" | "default_komi" => format!("/timego/{key}"),
        _ => format!("/{key}"),
    }
}

/// Checks that the settings file `stored` holds every setting of the release's file
/// (`place` says which file, for the message).
fn assert_release_settings_kept(stored: &Value, place: &str) {
    for (key, value) in release_settings().as_object().unwrap() {
        assert_eq!(
            stored["settings"].pointer(&settings_path(key)),
            Some(value),
            "setting {key} is kept in {place}"
        );
    }
}

#[test]
fn the_release_settings_file_is_migrated_once_losing_nothing() {
    let scratch = copy("migrate");
    let dir = scratch.path();
    let core = core_at(dir);
    drop(core);
    let stored = read_json(&dir.join("settings.json"));
    assert_release_settings_kept(&stored, "the migrated file");
    assert_eq!(stored["settings"].as_object().unwrap().len(), 4, "{stored}");
    let migrated = std::fs::read(dir.join("settings.json")).unwrap();
    let again = core_at(dir);
    assert_eq!(again.status().settings_notice, None);
    drop(again);
    assert_eq!(
        std::fs::read(dir.join("settings.json")).unwrap(),
        migrated,
        "migrated once: a second start writes nothing"
    );
}

#[test]
fn the_release_settings_file_loses_nothing_when_saved_again() {
    let scratch = copy("settings");
    let dir = scratch.path();
    let mut core = core_at(dir);
    let settings = core.settings();
    core.set_settings(settings).unwrap();
    let stored = read_json(&dir.join("settings.json"));
    assert_release_settings_kept(&stored, "the file");
    drop(core);
}
