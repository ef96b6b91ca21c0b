//! Crab Canon's app logic without a webview.
//!
//! Every command is declared once, in the table of `command_table.rs`; [`commands`]
//! dispatches it for both the Tauri shell (`crab-canon`) and the `ipc-bridge` binary,
//! which answers the same commands as JSON lines so the UI's browser tests run on the
//! real rules and the real storage code. Every type crossing the bridge derives
//! `ts_rs::TS`; `tests/bindings.rs` writes them, and the typed client of the commands, to
//! `ui/src/lib/bindings/`.

// First, so its macros are in scope in every module below.
#[macro_use]
mod command_table;

pub mod app;
pub mod atomic_file;
pub mod bindings;
pub mod bridge;
pub mod command_names;
pub mod commands;
pub mod error;
pub mod host;
pub mod instance_lock;
pub mod sample;
pub mod save_slot;
pub mod settings;
pub mod settings_store;
pub mod surface_layout;
#[doc(hidden)]
pub mod test_dir;
pub mod timego;
pub mod tutorial;

pub use app::AppCore;
pub use error::{AppError, CommandResult, GameRejection};
