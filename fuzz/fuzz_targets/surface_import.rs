//! Import of arbitrary bytes as any surfaces document: no panic, and a refusal is short.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    if let Err(error) = canon_engine::surfaces::records::import_any(bytes) {
        assert!(error.to_string().chars().count() <= 300);
    }
});
