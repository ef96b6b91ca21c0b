//! The app's configuration as each platform's build reads it: `tauri.conf.json` merged
//! with the `tauri.<platform>.conf.json` beside it (JSON Merge Patch), read here with
//! the same parser the Tauri CLI and `generate_context!` use. Only tests live here.

use std::path::Path;
use tauri_utils::config::parse::read_from;
use tauri_utils::config::Config;
use tauri_utils::platform::Target;

/// The identifier that names the app data directory on Linux, Windows and Android, where
/// players' games are already saved: it must not change, or their games would be left
/// behind in the old directory.
const SAVED_GAMES_IDENTIFIER: &str = "dev.crabcanon.app";

/// The merged configuration `target`'s build reads from `src-tauri/`.
fn config_for(target: Target) -> Config {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (merged, _paths) = read_from(target, dir)
        .unwrap_or_else(|e| panic!("{target}: the config is unreadable: {e}"));
    serde_json::from_value(merged)
        .unwrap_or_else(|e| panic!("{target}: the merged config is not a Tauri config: {e}"))
}

#[test]
fn apple_builds_get_an_identifier_without_the_bundle_extension() {
    // On macOS `tauri build` refuses an identifier ending in `.app` (the bundle extension;
    // Finder would also take the data directory for an application), and iOS is built there.
    for target in [Target::MacOS, Target::Ios] {
        let identifier = config_for(target).identifier;
        assert!(
            !identifier.to_ascii_lowercase().ends_with(".app"),
            "{target}: {identifier}"
        );
        assert_ne!(identifier, SAVED_GAMES_IDENTIFIER);
        let labels: Vec<&str> = identifier.split('.').collect();
        assert!(labels.len() >= 3, "{target}: reverse DNS, {identifier}");
        for label in labels {
            assert!(
                !label.is_empty() && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'),
                "{target}: {identifier}: Apple allows letters, digits, '-' and '.'"
            );
        }
    }
}

#[test]
fn platforms_with_saved_games_keep_their_data_directory() {
    for target in [Target::Linux, Target::Windows, Target::Android] {
        assert_eq!(
            config_for(target).identifier,
            SAVED_GAMES_IDENTIFIER,
            "{target}"
        );
    }
}

#[test]
fn only_the_identifier_differs_between_platforms() {
    let strip = |mut config: Config| {
        config.identifier.clear();
        serde_json::to_value(config).expect("a config serializes")
    };
    let linux = strip(config_for(Target::Linux));
    for target in [Target::MacOS, Target::Ios, Target::Windows, Target::Android] {
        assert_eq!(strip(config_for(target)), linux, "{target}");
    }
}
