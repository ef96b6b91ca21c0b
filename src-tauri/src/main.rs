//! Desktop entry point: everything lives in the library so mobile builds share it.

// No console window next to the app on Windows release builds.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() {
    crab_canon_lib::run();
}
