//! The TypeScript bindings the UI imports: the types of the command table, the error
//! type, and the typed client of the commands.

use std::io;
use std::path::Path;
use ts_rs::TS;

/// Replaces every `.ts` file in `dir` with fresh bindings of the bridge's types (and the
/// types they use); returns the file names written, sorted. Old files are removed first
/// so a type that disappeared from Rust disappears from the UI too.
pub fn export_all(dir: &Path) -> io::Result<Vec<String>> {
    std::fs::create_dir_all(dir)?;
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.extension().is_some_and(|ext| ext == "ts") {
            std::fs::remove_file(path)?;
        }
    }
    let export = |result: Result<(), ts_rs::ExportError>| {
        result.map_err(|error| io::Error::other(error.to_string()))
    };
    // Not the result of a command: the rejection of every command.
    export(crate::AppError::export_all_to(dir))?;
    // Not a command's result either: the whole view the chess screen makes of each
    // `ChessAnswer` (whose type has the view's fields inlined).
    export(crate::chess::ChessView::export_all_to(dir))?;
    // Every argument and result type of the command table, and its typed client.
    crate::commands::export_bindings(dir)?;
    let mut names: Vec<String> = std::fs::read_dir(dir)?
        .map(|entry| entry.map(|entry| entry.file_name().to_string_lossy().into_owned()))
        .collect::<io::Result<_>>()?;
    names.sort();
    Ok(names)
}
