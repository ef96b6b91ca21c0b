//! The one invoke handler of the webview. Every command comes from the core's command
//! table (`canon_app_core::command_table!`): sync and job commands are dispatched by the
//! core (`canon_app_core::commands`), exactly as the IPC bridge dispatches them; the
//! app-only commands (native file dialogs) are the functions of [`files`], one per `app`
//! line of the table, bound here by the table so none can be missing. Tauri checks the
//! capability (`allow-<name>`) before this handler runs, as for `generate_handler!`.
//! Commands with arguments take one parameter `args` (`invoke(name, { args })`).

mod files;

use canon_app_core::chess::ChessAnswer;
use canon_app_core::commands::{self, Started};
use canon_app_core::surface::{SurfaceExportArgs, SurfaceImported, SurfaceLineArgs};
use canon_app_core::timego::TimeGoView;
use canon_app_core::{AppCore, AppError, CommandResult};
use serde::Serialize;
use serde_json::Value;
use std::future::Future;
use std::sync::{Arc, Mutex, MutexGuard};
use tauri::ipc::{Invoke, InvokeBody, InvokeResolver};
use tauri::{AppHandle, Manager, Runtime, State};

/// The app's core, shared with the blocking threads of engine jobs.
pub type SharedCore = Arc<Mutex<AppCore>>;

/// Locks the state; a panic in another command must not make the app unusable.
fn lock(core: &Mutex<AppCore>) -> MutexGuard<'_, AppCore> {
    core.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The app core that `run()` manages; a command arriving before that is refused, not a
/// panic.
fn core_state<R: Runtime>(app: &AppHandle<R>) -> CommandResult<State<'_, SharedCore>> {
    app.try_state::<SharedCore>()
        .ok_or_else(|| AppError::storage("the app is still starting; try again"))
}

/// The invoke handler of every command of the table.
pub fn handler<R: Runtime>() -> impl Fn(Invoke<R>) -> bool + Send + Sync + 'static {
    |invoke: Invoke<R>| {
        let Invoke {
            message, resolver, ..
        } = invoke;
        let name = message.command().to_owned();
        let app = message.webview().app_handle().clone();
        let payload = match message.payload() {
            InvokeBody::Json(value) => value.clone(),
            InvokeBody::Raw(_) => {
                resolver.reject(AppError::invalid(format!(
                    "bad arguments for {name}: expected a JSON object, not raw bytes"
                )));
                return true;
            }
        };
        let command = match commands::find(&name) {
            Ok(command) => command,
            Err(error) => {
                resolver.reject(error);
                return true;
            }
        };
        match command.kind {
            commands::Kind::App => run_app_only(&name, app, payload, resolver),
            commands::Kind::Sync | commands::Kind::Job => run(&name, app, payload, resolver),
        }
        true
    }
}

/// A sync command is answered here, under the lock, as a plain `#[tauri::command]` was;
/// a job runs on a blocking thread without the lock (so the UI and a cancel are answered
/// meanwhile), then finishes under the lock again.
fn run<R: Runtime>(name: &str, app: AppHandle<R>, payload: Value, resolver: InvokeResolver<R>) {
    let started = core_state(&app).and_then(|core| {
        let mut core = lock(&core);
        commands::start(&mut core, name, payload)
    });
    match started {
        Ok(Started::Done(value)) => resolver.resolve(value),
        Ok(Started::Running(job)) => respond_later(resolver, async move {
            let finish = tauri::async_runtime::spawn_blocking(move || job.run())
                .await
                .map_err(|error| {
                    AppError::invalid(format!("the computer's search stopped: {error}"))
                })?;
            let core = core_state(&app)?;
            let answer = finish.finish(&mut lock(&core));
            answer
        }),
        Err(error) => resolver.reject(error),
    }
}

/// Answers from a task of the async runtime, so the webview's thread is never blocked.
fn respond_later<R: Runtime, T: Serialize + Send + 'static>(
    resolver: InvokeResolver<R>,
    task: impl Future<Output = CommandResult<T>> + Send + 'static,
) {
    tauri::async_runtime::spawn(async move {
        match task.await {
            Ok(value) => resolver.resolve(value),
            Err(error) => resolver.reject(error),
        }
    });
}

/// Binds each `app` line of the table to the function of the same name in [`files`],
/// with the line's argument and result types: a line without its function, or a function
/// of another type, does not compile.
macro_rules! app_only_commands {
    (
        sync { $($sync:tt)* }
        job { $($job:tt)* }
        app { $( $app:ident : $args:ty => $result:ty ; )* }
    ) => {
        /// Runs the app-only command `name` on the async runtime (a file dialog blocks).
        fn run_app_only<R: Runtime>(
            name: &str,
            app: AppHandle<R>,
            payload: Value,
            resolver: InvokeResolver<R>,
        ) {
            match name {
                $(stringify!($app) => {
                    let args = match commands::decode::<$args>(name, payload) {
                        Ok(args) => args,
                        Err(error) => return resolver.reject(error),
                    };
                    respond_later::<R, $result>(resolver, files::$app(app, args));
                })*
                _ => resolver.reject(AppError::UnknownCommand {
                    message: format!("there is no app-only command named '{name}'"),
                }),
            }
        }
    };
}

canon_app_core::command_table!(app_only_commands);
