//! Writes the TypeScript bindings of every type crossing the IPC bridge, and the typed
//! client of the command table, to `ui/src/lib/bindings/`. scripts/test.sh runs this and
//! fails when git sees a change, so a binding or a client function that no longer matches
//! the Rust table fails CI.

use canon_app_core::bindings::export_all;
use canon_app_core::command_names::{FILE_DIALOG_NAMES, NAMES};
use canon_app_core::commands::{typescript_client, CLIENT_FILE_NAME};
use std::path::Path;

#[test]
fn typescript_bindings_are_regenerated() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../ui/src/lib/bindings");
    let written = export_all(&dir).expect("write the TypeScript bindings");
    for name in [
        "AppError",
        "AppStatus",
        "Settings",
        "SaveStatus",
        "commands",
    ] {
        assert!(
            written.iter().any(|file| file == &format!("{name}.ts")),
            "{name}.ts missing from {written:?}"
        );
    }
    let client = std::fs::read_to_string(dir.join(CLIENT_FILE_NAME)).unwrap();
    assert_eq!(client, typescript_client());
    // Every type the client imports was written beside it.
    for line in client
        .lines()
        .filter(|line| line.starts_with("import type"))
    {
        let module = line
            .rsplit_once("from './")
            .and_then(|(_, rest)| rest.strip_suffix("';"))
            .unwrap_or_else(|| panic!("unexpected import line {line}"));
        assert!(
            written.contains(&format!("{module}.ts")),
            "{line}: {module}.ts was not written"
        );
    }
}

#[test]
fn the_ui_calls_commands_only_through_the_generated_client() {
    let api = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../ui/src/lib/api.ts");
    let api = std::fs::read_to_string(api).unwrap();
    assert!(
        !api.contains("@tauri-apps/api/core"),
        "api.ts calls invoke itself instead of the generated client"
    );
    assert!(api.contains("from './bindings/commands'"));
    for name in NAMES.iter().chain(FILE_DIALOG_NAMES) {
        for quote in ['\'', '"', '`'] {
            let literal = format!("{quote}{name}{quote}");
            assert!(
                !api.contains(&literal),
                "api.ts names the command {literal} by hand"
            );
        }
    }
}
