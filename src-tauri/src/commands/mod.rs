//! Every command the webview can invoke, registered in one place. Each is a thin
//! wrapper over a method of [`AppCore`]; the IPC bridge calls the same methods.
//! Commands with arguments take one parameter `args` (`invoke(name, { args })`).

use canon_app_core::settings::Settings;
use canon_app_core::{AppCore, CommandResult};
use std::sync::{Mutex, MutexGuard};
use tauri::ipc::Invoke;
use tauri::{Runtime, State};

/// The state every command reaches.
type Core<'a> = State<'a, Mutex<AppCore>>;

/// Locks the state; a panic in another command must not make the app unusable.
fn lock<'a>(core: &'a Core<'_>) -> MutexGuard<'a, AppCore> {
    core.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The invoke handler with every command of `canon_app_core::command_names::NAMES`.
pub fn handler<R: Runtime>() -> impl Fn(Invoke<R>) -> bool + Send + Sync + 'static {
    tauri::generate_handler![app_status, settings_get, settings_set]
}

#[tauri::command]
fn app_status(core: Core<'_>) -> canon_app_core::app::AppStatus {
    lock(&core).status()
}

#[tauri::command]
fn settings_get(core: Core<'_>) -> Settings {
    lock(&core).settings()
}

#[tauri::command]
fn settings_set(core: Core<'_>, args: Settings) -> CommandResult<Settings> {
    lock(&core).set_settings(args)
}
