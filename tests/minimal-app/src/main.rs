//! A window with one button, started like Crab Canon and measured with its probe.

#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

// The very file the app uses, so both are measured the same way.
#[path = "../../../src-tauri/src/startup_probe.rs"]
mod startup_probe;

fn main() {
    startup_probe::mark("main");
    let mut builder = tauri::Builder::default();
    if let Some(probe) = startup_probe::plugin() {
        builder = builder.plugin(probe);
    }
    builder
        .setup(|_| {
            startup_probe::mark("setup-start");
            startup_probe::mark("setup-end");
            Ok(())
        })
        .run(tauri::generate_context!())
        .expect("the minimal app could not start its window");
}
