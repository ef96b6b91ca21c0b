// The name of every app command, in one list shared by the Tauri shell (its build script
// generates one `allow-<name>` permission per entry), the IPC bridge and the tests that
// check both answer to exactly these names. Included with `include!`, so no doc comments
// on the module itself.

/// Every command of the app core: the app and the IPC bridge both answer these.
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
    "timego_group",
    "timego_legal",
    "timego_export",
    "timego_import",
    "timego_invalid_save",
    "timego_set_aside_invalid",
    "tutorial_lessons",
    "tutorial_start",
    "tutorial_current",
    "tutorial_reset",
    "tutorial_hint",
    "tutorial_apply",
    "timego_import_opened_file",
    "timego_dismiss_opened_file",
    "timego_levels",
    "timego_opponent_set",
    "timego_computer_move",
    "timego_computer_cancel",
    "app_set_aside_invalid",
];

/// Commands that open the operating system's file dialogs (so the webview never names a
/// path to read or write); only the app has them, the bridge refuses them by name.
pub const FILE_DIALOG_NAMES: &[&str] = &[
    "timego_export_file",
    "timego_import_file",
    "timego_export_invalid_file",
];
