//! Crab Canon's app logic without a webview.
//!
//! The Tauri shell (`crab-canon`) wraps each method of [`app::AppCore`] in a thin
//! `#[tauri::command]`; the `ipc-bridge` binary answers the same commands as JSON lines
//! so the UI's browser tests run on the real rules and the real storage code. Every type
//! crossing the bridge derives `ts_rs::TS`; `tests/bindings.rs` writes them to
//! `ui/src/lib/bindings/`.

pub mod app;
pub mod atomic_file;
pub mod bindings;
pub mod bridge;
pub mod command_names;
pub mod error;
pub mod host;
pub mod instance_lock;
pub mod sample;
pub mod save_slot;
pub mod settings;
pub mod settings_store;
#[doc(hidden)]
pub mod test_dir;
pub mod timego;
pub mod tutorial;

pub use app::AppCore;
pub use error::{AppError, CommandResult, GameRejection};
