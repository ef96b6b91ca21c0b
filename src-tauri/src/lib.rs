//! The Tauri shell of Crab Canon: opens the app data directory, registers the plugins
//! and the commands, and starts the webview. All app logic lives in `canon-app-core`;
//! this crate only adapts it to Tauri (see `docs/architecture.md`).

mod commands;
mod launch_file;
#[cfg(test)]
mod platform_config;
mod startup_probe;

use canon_app_core::host::opponent::{think_ms_from, THINK_MS_VARIABLE};
use canon_app_core::settings_store::{JsonFileSettings, SETTINGS_FILE_NAME};
use canon_app_core::AppCore;
use std::sync::{Arc, Mutex};
use tauri::{Manager, WindowEvent};

/// Starts the app; the desktop `main` and the mobile entry point both call this.
#[cfg_attr(mobile, tauri::mobile_entry_point)]
pub fn run() {
    startup_probe::mark("main");
    prefer_shared_memory_rendering();
    let mut builder = tauri::Builder::default();
    if let Some(probe) = startup_probe::plugin() {
        builder = builder.plugin(probe);
    }
    builder
        .plugin(tauri_plugin_store::Builder::new().build())
        .plugin(tauri_plugin_dialog::init())
        .setup(|app| {
            startup_probe::mark("setup-start");
            let data_dir = app.path().app_data_dir()?;
            // Settings follow the policy of every file the app writes (atomic, an invalid
            // file kept and reported): the core's store, in the same file and shape that
            // tauri-plugin-store used.
            let settings = JsonFileSettings::new(data_dir.join(SETTINGS_FILE_NAME));
            let mut core = AppCore::open(&data_dir, Box::new(settings))?;
            if let Some(path) = launch_file::from_args(std::env::args_os().skip(1)) {
                core.set_opened_file(path);
            }
            let think = std::env::var(THINK_MS_VARIABLE).ok();
            core.set_think_ms(think_ms_from(think.as_deref())?);
            app.manage(Arc::new(Mutex::new(core)));
            startup_probe::mark("setup-end");
            Ok(())
        })
        .on_window_event(|window, event| {
            // A search must not outlive the window that asked for it.
            if matches!(
                event,
                WindowEvent::CloseRequested { .. } | WindowEvent::Destroyed
            ) {
                if let Some(core) = window.try_state::<commands::SharedCore>() {
                    canon_app_core::app::cancel_jobs(&**core);
                }
            }
        })
        .invoke_handler(commands::handler())
        .run(tauri::generate_context!())
        .expect("Crab Canon could not start its window");
}

/// Turns WebKitGTK's DMA-BUF renderer off unless the environment already chose (Linux
/// only): without a GPU it made the first frame of the home screen wait 0.4–3 s and later
/// frames seconds more (docs/performance.md, "Start-up"); compositing and WebGL stay on.
fn prefer_shared_memory_rendering() {
    #[cfg(target_os = "linux")]
    if std::env::var_os("WEBKIT_DISABLE_DMABUF_RENDERER").is_none() {
        // Still single-threaded here: no other thread can read the environment meanwhile.
        std::env::set_var("WEBKIT_DISABLE_DMABUF_RENDERER", "1");
    }
}
