//! Commands that open the operating system's file dialogs from Rust, so the webview
//! never names a path to read or write: the `app` lines of the command table, one
//! function each with the line's name, argument and result types. Each returns the
//! chosen path, or `None` when the player cancelled the dialog.

use super::{core_state, lock};
use canon_app_core::timego::TimeGoView;
use canon_app_core::{AppCore, AppError, CommandResult};
use std::path::PathBuf;
use std::sync::Mutex;
use tauri::{AppHandle, Runtime};
use tauri_plugin_dialog::{DialogExt, FileDialogBuilder};

/// The extension filter of TimeGo games. GTK filters are glob patterns, so the double
/// extension works there (`*.timego.json`); the macOS and Windows pickers take one
/// extension after the last dot, so they filter on `json`.
#[cfg(target_os = "linux")]
const GAME_EXTENSIONS: &[&str] = &["timego.json"];
#[cfg(not(target_os = "linux"))]
const GAME_EXTENSIONS: &[&str] = &["json"];

fn json_dialog<R: Runtime>(app: &AppHandle<R>, title: &str) -> FileDialogBuilder<R> {
    app.dialog()
        .file()
        .set_title(title)
        .add_filter("TimeGo game (.timego.json)", GAME_EXTENSIONS)
}

/// The suggested name of an exported game: what it is, so a shared file explains itself.
fn suggested_name(core: &Mutex<AppCore>) -> String {
    let view = lock(core).timego().view();
    let turns = view.turns.len();
    format!(
        "timego-{size}x{size}-{turns}-turn{s}.timego.json",
        size = view.position.size,
        s = if turns == 1 { "" } else { "s" }
    )
}

fn chosen(path: Option<tauri_plugin_dialog::FilePath>) -> CommandResult<Option<PathBuf>> {
    path.map(|path| {
        path.into_path().map_err(|error| {
            AppError::storage(format!("the chosen file is not a local path: {error}"))
        })
    })
    .transpose()
}

/// Saves the TimeGo game's document where the player chooses.
pub async fn timego_export_file<R: Runtime>(
    app: AppHandle<R>,
    (): (),
) -> CommandResult<Option<String>> {
    let core = core_state(&app)?;
    let dialog = json_dialog(&app, "Save TimeGo game").set_file_name(suggested_name(&core));
    let Some(path) = chosen(dialog.blocking_save_file())? else {
        return Ok(None);
    };
    lock(&core).timego().export_to(&path)?;
    Ok(Some(path.display().to_string()))
}

/// Loads a TimeGo document the player chooses; a rejected file changes nothing.
pub async fn timego_import_file<R: Runtime>(
    app: AppHandle<R>,
    (): (),
) -> CommandResult<Option<TimeGoView>> {
    let core = core_state(&app)?;
    // Files renamed or saved by another program may have lost the double extension.
    let dialog = json_dialog(&app, "Open TimeGo game").add_filter("JSON document", &["json"]);
    let Some(path) = chosen(dialog.blocking_pick_file())? else {
        return Ok(None);
    };
    let view = lock(&core).timego_mut().import_from(&path)?;
    Ok(Some(view))
}

/// Saves a copy of the unreadable TimeGo save where the player chooses.
pub async fn timego_export_invalid_file<R: Runtime>(
    app: AppHandle<R>,
    (): (),
) -> CommandResult<Option<String>> {
    let core = core_state(&app)?;
    let dialog = json_dialog(&app, "Save the unreadable TimeGo save")
        .set_file_name("timego-unreadable.timego.json");
    let Some(path) = chosen(dialog.blocking_save_file())? else {
        return Ok(None);
    };
    lock(&core).timego().export_invalid_to(&path)?;
    Ok(Some(path.display().to_string()))
}
