//! Writes the TypeScript bindings of every type crossing the IPC bridge to
//! `ui/src/lib/bindings/`. scripts/test.sh runs this and fails when git sees a change,
//! so a binding that no longer matches the Rust types fails CI.

use canon_app_core::bindings::export_all;
use std::path::Path;

#[test]
fn typescript_bindings_are_regenerated() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../ui/src/lib/bindings");
    let written = export_all(&dir).expect("write the TypeScript bindings");
    for name in ["AppError", "AppStatus", "Settings", "SaveStatus"] {
        assert!(
            written.iter().any(|file| file == &format!("{name}.ts")),
            "{name}.ts missing from {written:?}"
        );
    }
}
