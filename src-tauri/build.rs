//! Generates the Tauri context and one `allow-<command>` permission per app command, so
//! the capability file can grant the webview exactly the commands it uses. The names come
//! from the one command table of `canon-app-core` (`core/src/command_table.rs`).

fn main() {
    let names: Vec<&'static str> = canon_commands::NAMES
        .iter()
        .chain(canon_commands::FILE_DIALOG_NAMES)
        .copied()
        .collect();
    // The manifest wants a 'static list; a build script runs once, so leaking is harmless.
    let manifest = tauri_build::AppManifest::new().commands(Box::leak(names.into_boxed_slice()));
    tauri_build::try_build(tauri_build::Attributes::new().app_manifest(manifest))
        .expect("failed to run the Tauri build script");
}

/// The names of every app command, read from the core's command table; only the names
/// are used here (the types and handlers in the table are parsed, never resolved).
#[allow(dead_code)]
mod canon_commands {
    include!("core/src/command_table.rs");
    command_table!(define_command_names);
}
