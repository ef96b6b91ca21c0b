//! `ipc-bridge`: answers the app's commands as JSON lines on stdin/stdout, for the UI
//! tests in headless Chromium (see `canon_app_core::bridge` for the protocol).
//!
//! Usage: `ipc-bridge [--data-dir DIR] [--open FILE]`. Without `--data-dir` it works in
//! a fresh temporary directory that it removes when stdin closes. `--open FILE` does
//! what the app does with a file named on its command line: it offers it for opening.
//! `CRAB_CANON_THINK_MS` sets the computer's think budget, as for the app.

use canon_app_core::bridge;
use canon_app_core::host::opponent::{think_ms_from, THINK_MS_VARIABLE};
use canon_app_core::settings_store::JsonFileSettings;
use canon_app_core::AppCore;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};

fn main() -> ExitCode {
    let Some(options) = Options::parse(std::env::args().skip(1)) else {
        eprintln!("usage: ipc-bridge [--data-dir DIR] [--open FILE]");
        return ExitCode::from(2);
    };
    let (data_dir, temporary) = match options.data_dir {
        Some(dir) => (dir, false),
        None => (
            std::env::temp_dir().join(format!("crab-canon-bridge-{}", std::process::id())),
            true,
        ),
    };
    let code = serve(&data_dir, options.open);
    if temporary {
        let _ = std::fs::remove_dir_all(&data_dir);
    }
    code
}

/// The command-line options; each may be given once.
struct Options {
    data_dir: Option<PathBuf>,
    open: Option<PathBuf>,
}

impl Options {
    fn parse(mut args: impl Iterator<Item = String>) -> Option<Self> {
        let mut options = Self {
            data_dir: None,
            open: None,
        };
        while let Some(flag) = args.next() {
            let slot = match flag.as_str() {
                "--data-dir" => &mut options.data_dir,
                "--open" => &mut options.open,
                _ => return None,
            };
            if slot.replace(PathBuf::from(args.next()?)).is_some() {
                return None;
            }
        }
        Some(options)
    }
}

fn serve(data_dir: &std::path::Path, open: Option<PathBuf>) -> ExitCode {
    let store = Box::new(JsonFileSettings::new(data_dir.join("settings.json")));
    let mut core = match AppCore::open(data_dir, store) {
        Ok(core) => core,
        Err(error) => {
            eprintln!("ipc-bridge: {error}");
            return ExitCode::FAILURE;
        }
    };
    if let Some(path) = open {
        core.set_opened_file(path);
    }
    match think_ms_from(std::env::var(THINK_MS_VARIABLE).ok().as_deref()) {
        Ok(think_ms) => core.set_think_ms(think_ms),
        Err(message) => {
            eprintln!("ipc-bridge: {message}");
            return ExitCode::from(2);
        }
    }
    let stdin = std::io::stdin().lock();
    match bridge::serve(Arc::new(Mutex::new(core)), stdin, std::io::stdout()) {
        Ok(()) => ExitCode::SUCCESS,
        // The test harness went away; nothing left to answer.
        Err(_) => ExitCode::SUCCESS,
    }
}
