//! Every command the webview can invoke, registered in one place. Each is a thin
//! wrapper over a method of [`AppCore`]; the IPC bridge calls the same methods.
//! Commands with arguments take one parameter `args` (`invoke(name, { args })`).

mod files;

use canon_app_core::app::{AppStatus, SetAsideFileArgs};
use canon_app_core::settings::Settings;
use canon_app_core::timego::{
    levels, ApplyArgs, ArrivalOption, ArrivalsArgs, ComputerMoveArgs, ComputerOutcome, ConfirmArgs,
    GroupArgs, ImportArgs, LevelInfo, NewGameArgs, OpponentSettings, PreviewArgs, ReviewArgs,
    TimeGoView, TimePreview,
};
use canon_app_core::tutorial::{LessonArgs, TutorialActionArgs, TutorialLesson, TutorialOverview};
use canon_app_core::{AppCore, AppError, CommandResult};
use canon_engine::go::Chain;
use canon_engine::timego::Action;
use std::sync::{Arc, Mutex, MutexGuard};
use tauri::ipc::Invoke;
use tauri::State;

/// The app's core, shared with the blocking threads of engine jobs.
pub type SharedCore = Arc<Mutex<AppCore>>;

/// The state every command reaches.
type Core<'a> = State<'a, SharedCore>;

/// Locks the state; a panic in another command must not make the app unusable.
fn lock<'a>(core: &'a Core<'_>) -> MutexGuard<'a, AppCore> {
    core.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The invoke handler with every command of `canon_app_core::command_names` (`NAMES`
/// and `FILE_DIALOG_NAMES`).
pub fn handler() -> impl Fn(Invoke<tauri::Wry>) -> bool + Send + Sync + 'static {
    tauri::generate_handler![
        app_status,
        settings_get,
        settings_set,
        timego_open,
        timego_new,
        timego_apply,
        timego_review,
        timego_arrivals,
        timego_preview,
        timego_group,
        timego_legal,
        timego_export,
        timego_import,
        timego_invalid_save,
        timego_set_aside_invalid,
        tutorial_lessons,
        tutorial_start,
        tutorial_current,
        tutorial_reset,
        tutorial_hint,
        tutorial_apply,
        timego_import_opened_file,
        timego_dismiss_opened_file,
        timego_levels,
        timego_opponent_set,
        timego_computer_move,
        timego_computer_cancel,
        app_set_aside_invalid,
        files::timego_export_file,
        files::timego_import_file,
        files::timego_export_invalid_file,
    ]
}

#[tauri::command]
fn app_status(core: Core<'_>) -> AppStatus {
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

#[tauri::command]
fn timego_open(core: Core<'_>) -> TimeGoView {
    lock(&core).timego().view()
}

#[tauri::command]
fn timego_new(core: Core<'_>, args: NewGameArgs) -> CommandResult<TimeGoView> {
    lock(&core).timego_mut().new_game(args)
}

#[tauri::command]
fn timego_apply(core: Core<'_>, args: ApplyArgs) -> CommandResult<TimeGoView> {
    lock(&core).timego_mut().apply(args)
}

#[tauri::command]
fn timego_review(core: Core<'_>, args: ReviewArgs) -> CommandResult<TimeGoView> {
    lock(&core).timego_mut().review(args)
}

#[tauri::command]
fn timego_arrivals(core: Core<'_>, args: ArrivalsArgs) -> CommandResult<Vec<ArrivalOption>> {
    lock(&core).timego().arrivals(args)
}

#[tauri::command]
fn timego_preview(core: Core<'_>, args: PreviewArgs) -> CommandResult<TimePreview> {
    lock(&core).timego().preview(args)
}

#[tauri::command]
fn timego_group(core: Core<'_>, args: GroupArgs) -> CommandResult<Option<Chain>> {
    lock(&core).timego().group(args)
}

#[tauri::command]
fn timego_legal(core: Core<'_>) -> Vec<Action> {
    lock(&core).timego().legal()
}

#[tauri::command]
fn timego_export(core: Core<'_>) -> CommandResult<String> {
    lock(&core).timego().export()
}

#[tauri::command]
fn timego_import(core: Core<'_>, args: ImportArgs) -> CommandResult<TimeGoView> {
    lock(&core).timego_mut().import(args)
}

#[tauri::command]
fn timego_invalid_save(core: Core<'_>) -> CommandResult<Option<String>> {
    lock(&core).timego().invalid_save()
}

#[tauri::command]
fn timego_set_aside_invalid(core: Core<'_>, args: ConfirmArgs) -> CommandResult<TimeGoView> {
    lock(&core).timego_mut().set_aside_invalid(args)
}

#[tauri::command]
fn tutorial_lessons(core: Core<'_>) -> TutorialOverview {
    lock(&core).tutorial().overview()
}

#[tauri::command]
fn tutorial_start(core: Core<'_>, args: LessonArgs) -> CommandResult<TutorialLesson> {
    lock(&core).tutorial_mut().start(args)
}

#[tauri::command]
fn tutorial_current(core: Core<'_>) -> CommandResult<TutorialLesson> {
    lock(&core).tutorial().current()
}

#[tauri::command]
fn tutorial_reset(core: Core<'_>) -> CommandResult<TutorialLesson> {
    lock(&core).tutorial_mut().reset()
}

#[tauri::command]
fn tutorial_hint(core: Core<'_>) -> CommandResult<TutorialLesson> {
    lock(&core).tutorial_mut().hint()
}

#[tauri::command]
fn tutorial_apply(core: Core<'_>, args: TutorialActionArgs) -> CommandResult<TutorialLesson> {
    lock(&core).tutorial_mut().apply(args)
}

#[tauri::command]
fn timego_import_opened_file(core: Core<'_>) -> CommandResult<TimeGoView> {
    lock(&core).import_opened_file()
}

#[tauri::command]
fn timego_dismiss_opened_file(core: Core<'_>) -> AppStatus {
    lock(&core).dismiss_opened_file()
}

#[tauri::command]
fn timego_levels() -> Vec<LevelInfo> {
    levels()
}

#[tauri::command]
fn timego_opponent_set(core: Core<'_>, args: OpponentSettings) -> CommandResult<TimeGoView> {
    lock(&core).timego_mut().set_opponent(args)
}

/// Runs the one start → search → finish sequence of `canon_app_core::app` on a blocking
/// thread: the lock is held only to start and to finish, so the UI and
/// `timego_computer_cancel` are answered meanwhile.
#[tauri::command]
async fn timego_computer_move(
    core: Core<'_>,
    args: ComputerMoveArgs,
) -> CommandResult<ComputerOutcome> {
    let core = Arc::clone(&core);
    tauri::async_runtime::spawn_blocking(move || {
        canon_app_core::app::timego_computer_move(&*core, args)
    })
    .await
    .map_err(|error| AppError::invalid(format!("the computer's search stopped: {error}")))?
}

#[tauri::command]
fn timego_computer_cancel(core: Core<'_>) -> bool {
    lock(&core).timego_mut().computer_cancel()
}

#[tauri::command]
fn app_set_aside_invalid(core: Core<'_>, args: SetAsideFileArgs) -> CommandResult<AppStatus> {
    lock(&core).set_aside_invalid_file(args)
}
