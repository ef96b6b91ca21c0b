//! The webview's capability grants exactly one `allow-<command>` per app command, so a
//! new command cannot be forgotten (it would be denied) nor a removed one left granted.

use canon_app_core::command_names::{FILE_DIALOG_NAMES, NAMES};
use std::collections::BTreeSet;
use std::path::Path;

#[test]
fn capability_grants_every_command_and_no_other_app_command() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../capabilities/default.json");
    let text = std::fs::read_to_string(&path).unwrap();
    let capability: serde_json::Value = serde_json::from_str(&text).unwrap();
    let granted: BTreeSet<String> = capability["permissions"]
        .as_array()
        .expect("a permissions array")
        .iter()
        .map(|permission| permission.as_str().expect("plain identifiers").to_owned())
        .filter(|permission| !permission.contains(':'))
        .collect();
    let expected: BTreeSet<String> = NAMES
        .iter()
        .chain(FILE_DIALOG_NAMES)
        .map(|name| format!("allow-{}", name.replace('_', "-")))
        .collect();
    assert_eq!(granted, expected);
}

#[test]
fn capability_grants_no_broad_plugin_or_core_sets() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../capabilities/default.json");
    let capability: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    for permission in capability["permissions"].as_array().unwrap() {
        let permission = permission.as_str().unwrap();
        assert!(
            !permission.ends_with(":default") && !permission.starts_with("core:"),
            "{permission} grants more than the UI uses"
        );
    }
}
