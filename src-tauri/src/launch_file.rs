//! The file named on the app's command line: how a desktop opens a shared game with
//! Crab Canon (the `.deb` desktop entry runs `crab-canon %F`) and how `crab-canon
//! game.timego.json` opens one from a terminal. The file is only remembered here; the
//! core recognises its game by its document kind (`AppStatus.opened_file_game`, from
//! `host::GameId::of_document_kind`: a TimeGo game, any of the five Go on surfaces
//! documents, or a Time Chess game), and the UI then opens it through that game's import
//! (`timego_import_opened_file`, `surface_import_opened_file`,
//! `chess_import_opened_file`: validation, and a question first when it would replace a
//! game in progress).

use std::ffi::OsString;
use std::path::PathBuf;

/// The first argument that names a file; options (`-…`, such as those a WebDriver or a
/// desktop may add) are ignored, and so is a `file://` URI's scheme.
pub fn from_args(args: impl IntoIterator<Item = OsString>) -> Option<PathBuf> {
    args.into_iter()
        .filter(|arg| !arg.to_string_lossy().starts_with('-'))
        .map(
            |arg| match arg.to_str().and_then(|s| s.strip_prefix("file://")) {
                Some(path) => PathBuf::from(path),
                None => PathBuf::from(arg),
            },
        )
        .next()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<OsString> {
        list.iter().map(OsString::from).collect()
    }

    #[test]
    fn the_first_non_option_argument_is_the_file() {
        assert_eq!(from_args(args(&[])), None);
        assert_eq!(from_args(args(&["--flag", "-x"])), None);
        assert_eq!(
            from_args(args(&["--automation", "/tmp/a.timego.json", "b.json"])),
            Some(PathBuf::from("/tmp/a.timego.json"))
        );
        assert_eq!(
            from_args(args(&["file:///home/me/game.timego.json"])),
            Some(PathBuf::from("/home/me/game.timego.json"))
        );
    }
}
