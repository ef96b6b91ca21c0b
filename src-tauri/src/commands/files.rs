//! Commands that open the operating system's file dialogs from Rust, so the webview
//! never names a path to read or write: the `app` lines of the command table, one
//! function each with the line's name, argument and result types. Each returns the
//! chosen path, or `None` when the player cancelled the dialog. The dialogs themselves
//! are written once ([`save_dialog`], [`open_dialog`]); each game names its documents
//! ([`DocumentType`]) and what the core does with the chosen path.

use super::{core_state, lock};
use canon_app_core::chess::ChessAnswer;
use canon_app_core::surface::{
    SurfaceDocumentKind, SurfaceExportArgs, SurfaceImported, SurfaceLineArgs, SurfaceLineId,
};
use canon_app_core::timego::TimeGoView;
use canon_app_core::{AppCore, AppError, CommandResult};
use std::path::{Path, PathBuf};
use tauri::{AppHandle, Runtime};
use tauri_plugin_dialog::{DialogExt, FileDialogBuilder};

/// One game's documents as the file dialogs filter them.
struct DocumentType {
    /// The filter's name in the dialog.
    filter: &'static str,
    /// The double extension (`timego.json`). GTK filters are glob patterns, so it works
    /// there; the macOS and Windows pickers take one extension after the last dot, so
    /// they filter on `json`.
    extension: &'static str,
}

const TIMEGO: DocumentType = DocumentType {
    filter: "TimeGo game (.timego.json)",
    extension: "timego.json",
};

const SGF: DocumentType = DocumentType {
    filter: "Smart Game Format (.sgf)",
    extension: "sgf",
};

const SURFACE: DocumentType = DocumentType {
    filter: "Go on surfaces document (.surfacego.json)",
    extension: "surfacego.json",
};

const CHESS: DocumentType = DocumentType {
    filter: "Time Chess game (.timechess.json)",
    extension: "timechess.json",
};

impl DocumentType {
    fn dialog<R: Runtime>(&self, app: &AppHandle<R>, title: &str) -> FileDialogBuilder<R> {
        let extensions: &[&str] = if cfg!(target_os = "linux") {
            std::slice::from_ref(&self.extension)
        } else {
            &["json"]
        };
        app.dialog()
            .file()
            .set_title(title)
            .add_filter(self.filter, extensions)
    }
}

fn chosen(path: Option<tauri_plugin_dialog::FilePath>) -> CommandResult<Option<PathBuf>> {
    path.map(|path| {
        path.into_path().map_err(|error| {
            AppError::storage(format!("the chosen file is not a local path: {error}"))
        })
    })
    .transpose()
}

/// Asks where to save (suggesting `name(core)`), then lets the core write there.
fn save_dialog<R: Runtime>(
    app: &AppHandle<R>,
    document: &DocumentType,
    title: &str,
    name: impl FnOnce(&AppCore) -> String,
    write: impl FnOnce(&AppCore, &Path) -> CommandResult<()>,
) -> CommandResult<Option<String>> {
    let core = core_state(app)?;
    let suggested = name(&lock(&core));
    let dialog = document.dialog(app, title).set_file_name(suggested);
    let Some(path) = chosen(dialog.blocking_save_file())? else {
        return Ok(None);
    };
    write(&lock(&core), &path)?;
    Ok(Some(path.display().to_string()))
}

/// Asks which file to open, then lets the core read it; a rejected file changes nothing.
fn open_dialog<R: Runtime, T>(
    app: &AppHandle<R>,
    document: &DocumentType,
    title: &str,
    read: impl FnOnce(&mut AppCore, &Path) -> CommandResult<T>,
) -> CommandResult<Option<T>> {
    let core = core_state(app)?;
    // Files renamed or saved by another program may have lost the double extension.
    let dialog = document
        .dialog(app, title)
        .add_filter("JSON document", &["json"]);
    let Some(path) = chosen(dialog.blocking_pick_file())? else {
        return Ok(None);
    };
    let answer = read(&mut lock(&core), &path)?;
    Ok(Some(answer))
}

/// The suggested name of an exported TimeGo game: what it is, so a shared file explains
/// itself.
fn timego_name(core: &AppCore) -> String {
    let view = core.timego().view();
    let turns = view.turns.len();
    format!(
        "timego-{size}x{size}-{turns}-turn{s}.timego.json",
        size = view.position.size,
        s = if turns == 1 { "" } else { "s" }
    )
}

/// Saves the TimeGo game's document where the player chooses.
pub async fn timego_export_file<R: Runtime>(
    app: AppHandle<R>,
    (): (),
) -> CommandResult<Option<String>> {
    save_dialog(
        &app,
        &TIMEGO,
        "Save TimeGo game",
        timego_name,
        |core, path| core.timego().export_to(path),
    )
}

/// Loads a TimeGo document the player chooses; a rejected file changes nothing.
pub async fn timego_import_file<R: Runtime>(
    app: AppHandle<R>,
    (): (),
) -> CommandResult<Option<TimeGoView>> {
    open_dialog(&app, &TIMEGO, "Open TimeGo game", |core, path| {
        core.timego_mut().import_from(path)
    })
}

/// Saves a copy of the unreadable TimeGo save where the player chooses.
pub async fn timego_export_invalid_file<R: Runtime>(
    app: AppHandle<R>,
    (): (),
) -> CommandResult<Option<String>> {
    save_dialog(
        &app,
        &TIMEGO,
        "Save the unreadable TimeGo save",
        |_| "timego-unreadable.timego.json".to_owned(),
        |core, path| core.timego().export_invalid_to(path),
    )
}

/// The suggested name of an exported surfaces document: its kind, surface and length.
fn surface_name(core: &AppCore, args: &SurfaceExportArgs) -> String {
    let state = core.surface().state();
    let line = match (args.kind, &state.study) {
        (SurfaceDocumentKind::Game, _) | (SurfaceDocumentKind::Diagram, _) => &state.game,
        (SurfaceDocumentKind::Replay, _) if args.line.is_none() => &state.game,
        (_, Some(study)) => study,
        (_, None) => &state.game,
    };
    let kind = serde_json::to_value(args.kind)
        .ok()
        .and_then(|value| value.as_str().map(str::to_owned))
        .unwrap_or_default();
    let surface = match line.surface {
        canon_engine::surfaces::Surface::Mobius => "mobius",
        canon_engine::surfaces::Surface::Klein => "klein",
        canon_engine::surfaces::Surface::Genus2 => "genus2",
    };
    format!(
        "surface-{surface}-{kind}-{turns}-turns.surfacego.json",
        turns = line.line_length
    )
}

/// Saves a surfaces document of the asked kind where the player chooses.
pub async fn surface_export_file<R: Runtime>(
    app: AppHandle<R>,
    args: SurfaceExportArgs,
) -> CommandResult<Option<String>> {
    save_dialog(
        &app,
        &SURFACE,
        "Save Go on surfaces document",
        |core| surface_name(core, &args),
        |core, path| core.surface().export_to(args.clone(), path),
    )
}

/// Opens a surfaces document of any kind the player chooses, into its place; a rejected
/// file changes nothing.
pub async fn surface_import_file<R: Runtime>(
    app: AppHandle<R>,
    (): (),
) -> CommandResult<Option<SurfaceImported>> {
    open_dialog(
        &app,
        &SURFACE,
        "Open Go on surfaces document",
        |core, path| core.surface_mut().import_from(path),
    )
}

/// Saves a surfaces line as SGF where the player chooses, for ordinary Go programs.
pub async fn surface_export_sgf_file<R: Runtime>(
    app: AppHandle<R>,
    args: SurfaceLineArgs,
) -> CommandResult<Option<String>> {
    let kind = match args.line {
        SurfaceLineId::Game => SurfaceDocumentKind::Game,
        SurfaceLineId::Study => SurfaceDocumentKind::Study,
    };
    let document = SurfaceExportArgs {
        kind,
        line: Some(args.line),
    };
    save_dialog(
        &app,
        &SGF,
        "Export to SGF",
        |core| surface_name(core, &document).replace(".surfacego.json", ".sgf"),
        |core, path| core.surface().export_sgf_to(args.clone(), path),
    )
}
/// The suggested name of an exported Time Chess game: its length, so a shared file
/// explains itself.
fn chess_name(core: &AppCore) -> String {
    let moves = core.chess().view().moves.len();
    format!(
        "timechess-{moves}-move{s}.timechess.json",
        s = if moves == 1 { "" } else { "s" }
    )
}

/// Saves the Time Chess game's document where the player chooses.
pub async fn chess_export_file<R: Runtime>(
    app: AppHandle<R>,
    (): (),
) -> CommandResult<Option<String>> {
    save_dialog(
        &app,
        &CHESS,
        "Save Time Chess game",
        chess_name,
        |core, path| core.chess().export_to(path),
    )
}

/// Loads a Time Chess document the player chooses; a rejected file changes nothing.
pub async fn chess_import_file<R: Runtime>(
    app: AppHandle<R>,
    (): (),
) -> CommandResult<Option<ChessAnswer>> {
    open_dialog(&app, &CHESS, "Open Time Chess game", |core, path| {
        core.chess_mut().answer(|chess| chess.import_from(path))
    })
}
