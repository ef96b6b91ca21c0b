//! A full disk and a read-only data directory: every file the app writes (the game, its
//! opponent settings, the tutorial progress, the settings) fails to save; the core says
//! so, play goes on, and nothing already saved is lost or damaged. Saving resumes once
//! the disk has room again.
//!
//! The full disk is an injected writer failure (`atomic_file::fault`, ENOSPC after the
//! temporary file is created). The read-only directory is a real `chmod 0555` when the
//! tests do not run as root; as root (CI) `chmod` stops nothing and no read-only bind
//! mount or tiny tmpfs can be mounted, so the same injected path is used with EROFS.

use canon_app_core::atomic_file::fault;
use canon_app_core::save_slot::SaveStatus;
use canon_app_core::settings::{Settings, Theme};
use canon_app_core::test_dir::{core_at, names_in, TestDir};
use canon_app_core::timego::{ApplyArgs, ComputerSide, NewGameArgs, OpponentSettings};
use canon_app_core::tutorial::{LessonArgs, TutorialActionArgs};
use canon_app_core::{AppCore, AppError};
use canon_engine::go::Color;
use canon_engine::timego::tutorial::LESSONS;
use canon_engine::timego::Action;
use std::path::Path;

const NO_SPACE: i32 = 28;
const READ_ONLY: i32 = 30;

fn place(core: &mut AppCore, player: Color, point: u16) -> SaveStatus {
    core.timego_mut()
        .apply(ApplyArgs {
            action: Action::Place { player, point },
            replace_future: false,
        })
        .unwrap()
        .save
}

fn solve(core: &mut AppCore, index: usize) -> Option<String> {
    core.tutorial_mut().start(LessonArgs { index }).unwrap();
    for &action in LESSONS[index].solution {
        core.tutorial_mut()
            .apply(TutorialActionArgs { action })
            .unwrap();
    }
    assert!(core.tutorial().current().unwrap().completed);
    core.tutorial().overview().notice
}

/// Every file of the directory with its contents (the lock file aside).
fn snapshot(dir: &Path) -> Vec<(String, Vec<u8>)> {
    names_in(dir, |name| name != "instance.lock")
        .into_iter()
        .map(|name| {
            let bytes = std::fs::read(dir.join(&name)).unwrap();
            (name, bytes)
        })
        .collect()
}

/// Saves everything once, then breaks the disk with `break_it`, and checks that every
/// save fails in words while play goes on and the files keep what they held; then
/// `repair` and saving resumes.
fn saving_fails_and_nothing_saved_is_lost(
    label: &str,
    break_it: impl FnOnce(&Path),
    repair: impl FnOnce(&Path),
    words: &str,
) {
    let dir = TestDir::new(label);
    let mut core = core_at(dir.path());
    core.timego_mut()
        .new_game(NewGameArgs { size: 5, komi: 0.5 })
        .unwrap();
    assert_eq!(place(&mut core, Color::Black, 12), SaveStatus::Saved);
    let white = OpponentSettings {
        computer: ComputerSide::White,
        level: Default::default(),
    };
    core.timego_mut().set_opponent(white).unwrap();
    assert_eq!(solve(&mut core, 0), None);
    let dark = Settings {
        theme: Theme::Dark,
        ..Settings::default()
    };
    core.set_settings(dark.clone()).unwrap();
    let saved = snapshot(dir.path());
    assert_eq!(saved.len(), 4, "{saved:?}");

    break_it(dir.path());
    match place(&mut core, Color::White, 7) {
        SaveStatus::Failed { message } => assert!(message.contains(words), "{message}"),
        other => panic!("expected a failed save, got {other:?}"),
    }
    assert!(matches!(
        core.status().saves.timego,
        SaveStatus::Failed { .. }
    ));
    // Play goes on: the next action is accepted and shown.
    assert!(matches!(
        place(&mut core, Color::Black, 13),
        SaveStatus::Failed { .. }
    ));
    assert_eq!(core.timego().view().turns.len(), 3);
    let opponent = core.timego_mut().set_opponent(OpponentSettings::default());
    assert!(
        matches!(&opponent, Err(AppError::Storage { message }) if message.contains(words)),
        "{opponent:?}"
    );
    assert_eq!(core.timego().opponent(), OpponentSettings::default());
    let notice = solve(&mut core, 1).expect("the tutorial says it could not save");
    assert!(notice.contains("could not be saved"), "{notice}");
    let light = Settings {
        theme: Theme::Light,
        ..Settings::default()
    };
    let settings = core.set_settings(light.clone());
    assert!(
        matches!(&settings, Err(AppError::Storage { message }) if message.contains(words)),
        "{settings:?}"
    );
    assert_eq!(
        core.settings(),
        dark,
        "settings that were not saved are not in use"
    );
    assert_eq!(
        snapshot(dir.path()),
        saved,
        "nothing saved was lost or changed"
    );

    repair(dir.path());
    assert_eq!(place(&mut core, Color::White, 8), SaveStatus::Saved);
    core.set_settings(light.clone()).unwrap();
    drop(core);
    let reopened = core_at(dir.path());
    assert_eq!(reopened.timego().view().turns.len(), 4);
    assert_eq!(reopened.settings(), light);
    let solved: Vec<bool> = reopened
        .tutorial()
        .overview()
        .lessons
        .iter()
        .map(|lesson| lesson.completed)
        .take(2)
        .collect();
    assert_eq!(
        solved,
        vec![true, false],
        "lesson 1 was solved while the disk was full"
    );
}

#[test]
fn a_full_disk_fails_every_save_in_words_and_loses_nothing() {
    saving_fails_and_nothing_saved_is_lost(
        "full-disk",
        |dir| fault::fail_writes_in(dir, NO_SPACE),
        fault::clear,
        "No space left on device",
    );
}

#[cfg(unix)]
fn chmod(dir: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(mode)).unwrap();
}

/// Whether `chmod 0555` really stops writes here (not as root).
#[cfg(unix)]
fn chmod_stops_writes() -> bool {
    let dir = TestDir::new("chmod-probe");
    chmod(dir.path(), 0o555);
    let stopped = std::fs::write(dir.path().join("probe"), b"x").is_err();
    chmod(dir.path(), 0o755);
    stopped
}

#[cfg(unix)]
#[test]
fn a_read_only_data_directory_fails_every_save_in_words_and_loses_nothing() {
    if chmod_stops_writes() {
        saving_fails_and_nothing_saved_is_lost(
            "read-only",
            |dir| chmod(dir, 0o555),
            |dir| chmod(dir, 0o755),
            "Permission denied",
        );
    } else {
        eprintln!("running as root: chmod stops nothing, so the read-only error is injected");
        saving_fails_and_nothing_saved_is_lost(
            "read-only",
            |dir| fault::fail_writes_in(dir, READ_ONLY),
            fault::clear,
            "Read-only file system",
        );
    }
}
