//! Commands that open the operating system's file dialogs from Rust, so the webview
//! never names a path to read or write. Each returns the chosen path, or `None` when the
//! player cancelled the dialog.

use super::{lock, Core};
use canon_app_core::timego::TimeGoView;
use canon_app_core::{AppError, CommandResult};
use std::path::PathBuf;
use tauri::AppHandle;
use tauri_plugin_dialog::{DialogExt, FileDialogBuilder};

fn json_dialog(app: &AppHandle, title: &str) -> FileDialogBuilder<tauri::Wry> {
    app.dialog()
        .file()
        .set_title(title)
        .add_filter("TimeGo game (JSON)", &["json"])
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
#[tauri::command]
pub async fn timego_export_file(app: AppHandle, core: Core<'_>) -> CommandResult<Option<String>> {
    let dialog = json_dialog(&app, "Save TimeGo game").set_file_name("timego-game.json");
    let Some(path) = chosen(dialog.blocking_save_file())? else {
        return Ok(None);
    };
    lock(&core).timego().export_to(&path)?;
    Ok(Some(path.display().to_string()))
}

/// Loads a TimeGo document the player chooses; a rejected file changes nothing.
#[tauri::command]
pub async fn timego_import_file(
    app: AppHandle,
    core: Core<'_>,
) -> CommandResult<Option<TimeGoView>> {
    let Some(path) = chosen(json_dialog(&app, "Open TimeGo game").blocking_pick_file())? else {
        return Ok(None);
    };
    lock(&core).timego_mut().import_from(&path).map(Some)
}

/// Saves a copy of the unreadable TimeGo save where the player chooses.
#[tauri::command]
pub async fn timego_export_invalid_file(
    app: AppHandle,
    core: Core<'_>,
) -> CommandResult<Option<String>> {
    let dialog = json_dialog(&app, "Save the unreadable TimeGo save")
        .set_file_name("timego-unreadable.json");
    let Some(path) = chosen(dialog.blocking_save_file())? else {
        return Ok(None);
    };
    lock(&core).timego().export_invalid_to(&path)?;
    Ok(Some(path.display().to_string()))
}
