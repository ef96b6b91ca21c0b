//! `ipc-bridge`: answers the app's commands as JSON lines on stdin/stdout, for the UI
//! tests in headless Chromium (see `canon_app_core::bridge` for the protocol).
//!
//! Usage: `ipc-bridge [--data-dir DIR]`. Without `--data-dir` it works in a fresh
//! temporary directory that it removes when stdin closes.

use canon_app_core::bridge::answer_line;
use canon_app_core::settings_store::JsonFileSettings;
use canon_app_core::AppCore;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (data_dir, temporary) = match args.as_slice() {
        [] => {
            let dir =
                std::env::temp_dir().join(format!("crab-canon-bridge-{}", std::process::id()));
            (dir, true)
        }
        [flag, dir] if flag == "--data-dir" => (PathBuf::from(dir), false),
        _ => {
            eprintln!("usage: ipc-bridge [--data-dir DIR]");
            return ExitCode::from(2);
        }
    };
    let code = serve(&data_dir);
    if temporary {
        let _ = std::fs::remove_dir_all(&data_dir);
    }
    code
}

fn serve(data_dir: &std::path::Path) -> ExitCode {
    let store = Box::new(JsonFileSettings::new(data_dir.join("settings.json")));
    let mut core = match AppCore::open(data_dir, store) {
        Ok(core) => core,
        Err(error) => {
            eprintln!("ipc-bridge: {error}");
            return ExitCode::FAILURE;
        }
    };
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else {
            eprintln!("ipc-bridge: stdin is not UTF-8 text");
            return ExitCode::FAILURE;
        };
        if line.trim().is_empty() {
            continue;
        }
        let answer = answer_line(&mut core, &line);
        if writeln!(stdout, "{answer}")
            .and_then(|()| stdout.flush())
            .is_err()
        {
            // The test harness went away; nothing left to answer.
            return ExitCode::SUCCESS;
        }
    }
    ExitCode::SUCCESS
}
