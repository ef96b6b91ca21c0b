// The name of every app command, in one list shared by the Tauri shell (its build script
// generates one `allow-<name>` permission per entry), the IPC bridge and the tests that
// check both answer to exactly these names. Included with `include!`, so no doc comments
// on the module itself.

/// Every command the webview may invoke.
pub const NAMES: &[&str] = &[
    "app_status",
    "settings_get",
    "settings_set",
    "timego_open",
    "timego_new",
    "timego_apply",
    "timego_review",
    "timego_arrivals",
    "timego_preview",
    "timego_legal",
    "timego_export",
    "timego_import",
    "timego_invalid_save",
    "timego_set_aside_invalid",
];
