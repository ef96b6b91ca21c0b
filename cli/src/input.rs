//! Reading a command's input file, where `-` means standard input.

use std::io::Read;

/// Reads `path` (or standard input for `-`), refusing more than `limit` bytes so an
/// oversized document is rejected before anyone parses it.
pub fn read_limited(path: &str, limit: usize) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    let read = if path == "-" {
        std::io::stdin()
            .lock()
            .take(limit as u64 + 1)
            .read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path)
            .map_err(|error| format!("cannot open {path}: {error}"))?
            .take(limit as u64 + 1)
            .read_to_end(&mut bytes)
    };
    read.map_err(|error| format!("cannot read {path}: {error}"))?;
    if bytes.len() > limit {
        return Err(format!(
            "{path} is larger than the limit of {limit} bytes; it was not parsed"
        ));
    }
    Ok(bytes)
}
