//! The webview's capability grants exactly one `allow-<command>` per app command of the
//! command table and nothing else (no plugin, core or file-system permission), so a new
//! command cannot be forgotten (it would be denied), a removed one cannot stay granted,
//! and nothing beyond the app's own commands can be reached from the webview.

use canon_app_core::command_names::{FILE_DIALOG_NAMES, NAMES};
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::path::Path;

fn capability() -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../capabilities/default.json");
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

/// The permission of every command of the table.
fn expected() -> BTreeSet<String> {
    NAMES
        .iter()
        .chain(FILE_DIALOG_NAMES)
        .map(|name| format!("allow-{}", name.replace('_', "-")))
        .collect()
}

/// Checks that `capability` grants exactly `expected`, each once, as plain identifiers
/// (an object entry could widen a permission with scopes); says what is wrong otherwise.
fn grants_exactly(capability: &Value, expected: &BTreeSet<String>) -> Result<(), String> {
    let permissions = capability["permissions"]
        .as_array()
        .ok_or("the capability has no permissions array")?;
    let mut granted = BTreeSet::new();
    for permission in permissions {
        let permission = permission
            .as_str()
            .ok_or_else(|| format!("{permission} is not a plain permission identifier"))?;
        if !granted.insert(permission.to_owned()) {
            return Err(format!("{permission} is granted twice"));
        }
    }
    let extra: Vec<&String> = granted.difference(expected).collect();
    let missing: Vec<&String> = expected.difference(&granted).collect();
    if extra.is_empty() && missing.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "granted but not an app command: {extra:?}; app commands not granted: {missing:?}"
        ))
    }
}

#[test]
fn capability_grants_every_command_and_no_other_app_command() {
    let granted: BTreeSet<String> = capability()["permissions"]
        .as_array()
        .expect("a permissions array")
        .iter()
        .map(|permission| permission.as_str().expect("plain identifiers").to_owned())
        .filter(|permission| !permission.contains(':'))
        .collect();
    assert_eq!(granted, expected());
}

#[test]
fn capability_grants_exactly_the_app_commands_and_nothing_else() {
    assert_eq!(grants_exactly(&capability(), &expected()), Ok(()));
}

#[test]
fn the_exactness_check_refuses_any_other_grant() {
    let expected = expected();
    let with = |change: &dyn Fn(&mut Vec<Value>)| {
        let mut capability = capability();
        change(capability["permissions"].as_array_mut().unwrap());
        grants_exactly(&capability, &expected)
    };
    let error = with(&|permissions| permissions.push(json!("fs:allow-read-file"))).unwrap_err();
    assert!(error.contains("fs:allow-read-file"), "{error}");
    let error = with(&|permissions| permissions.push(json!("core:default"))).unwrap_err();
    assert!(error.contains("core:default"), "{error}");
    let error = with(&|permissions| permissions.push(json!("allow-format-disk"))).unwrap_err();
    assert!(error.contains("allow-format-disk"), "{error}");
    let error = with(&|permissions| {
        permissions
            .push(json!({"identifier": "fs:allow-read-file", "allow": [{"path": "$HOME/**"}]}))
    })
    .unwrap_err();
    assert!(error.contains("fs:allow-read-file"), "{error}");
    let error = with(&|permissions| {
        let first = permissions[0].clone();
        permissions.push(first);
    })
    .unwrap_err();
    assert!(error.contains("twice"), "{error}");
    let error =
        with(&|permissions| permissions.retain(|permission| permission != "allow-timego-apply"))
            .unwrap_err();
    assert!(error.contains("allow-timego-apply"), "{error}");
}

#[test]
fn capability_grants_no_broad_plugin_or_core_sets() {
    for permission in capability()["permissions"].as_array().unwrap() {
        let permission = permission.as_str().unwrap();
        assert!(
            !permission.ends_with(":default") && !permission.starts_with("core:"),
            "{permission} grants more than the UI uses"
        );
    }
}
