//! A file the app writes in its data directory (a game's save, the tutorial progress, the
//! opponent settings), with the one policy that protects every such file.
//!
//! - Saves are atomic ([`crate::atomic_file`]).
//! - A secondary instance never writes ([`crate::instance_lock`]).
//! - A file that could not be read or validated is never overwritten silently: saving
//!   stays paused until the player explicitly chooses to start fresh, and even then the
//!   old file is kept under another name.

use crate::atomic_file::write_atomically;
use crate::error::{AppError, CommandResult};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::io;
use std::path::{Path, PathBuf};
use ts_rs::TS;

/// Whether a game's progress reaches the disk, as shown to the player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SaveStatus {
    /// Autosave is on; everything so far is on disk.
    Saved,
    /// Autosave is on and nothing has been played yet.
    NothingToSave,
    /// Another window of the app owns the save files; this one plays without saving.
    PausedOtherInstance {
        /// Why, in words.
        message: String,
    },
    /// The existing save file is unreadable or invalid and is kept untouched.
    PausedInvalidSave {
        /// What is wrong with the file, in words.
        message: String,
        /// Where the file is.
        file: String,
    },
    /// The last save failed (disk full, permissions...); the next action retries.
    Failed {
        /// The operating system's error, in words.
        message: String,
    },
}

/// A file of the app data directory that is kept aside because it is invalid, as the
/// player is told about it (with a way to set it aside).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct InvalidFile {
    /// Its file name in the app data directory (what `app_set_aside_invalid` takes).
    pub name: String,
    /// Its full path.
    pub file: String,
    /// What is wrong with it, in words.
    pub message: String,
}

/// What was found in a save file at start-up.
#[derive(Debug, PartialEq, Eq)]
pub enum Found {
    /// No file yet.
    Nothing,
    /// The file's text, to be validated by the game.
    Text(String),
    /// The file exists but cannot be read as UTF-8 text.
    Unreadable(String),
}

/// A game's save file and whether this process may write it.
#[derive(Debug)]
pub struct SaveSlot {
    path: PathBuf,
    may_write: bool,
    invalid: Option<String>,
    status: SaveStatus,
}

impl SaveSlot {
    /// A slot for `path`; `may_write` is false in a secondary instance.
    pub fn new(path: PathBuf, may_write: bool) -> Self {
        let status = if may_write {
            SaveStatus::NothingToSave
        } else {
            SaveStatus::PausedOtherInstance {
                message: OTHER_INSTANCE_MESSAGE.to_owned(),
            }
        };
        Self {
            path,
            may_write,
            invalid: None,
            status,
        }
    }

    /// The save file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Reads the file as it is now.
    pub fn read(&self) -> Found {
        match std::fs::read(&self.path) {
            Ok(bytes) => match String::from_utf8(bytes) {
                Ok(text) => Found::Text(text),
                Err(_) => Found::Unreadable("the file is not UTF-8 text".to_owned()),
            },
            Err(error) if error.kind() == io::ErrorKind::NotFound => Found::Nothing,
            Err(error) => Found::Unreadable(format!("the file cannot be read: {error}")),
        }
    }

    /// The file's bytes as they are now (an invalid file, to be exported as it is).
    pub fn read_bytes(&self) -> CommandResult<Vec<u8>> {
        std::fs::read(&self.path).map_err(|error| {
            AppError::storage(format!("cannot read {}: {error}", self.path.display()))
        })
    }

    /// Reads a small JSON file: `None` when there is none, the reason in words when it
    /// cannot be read or is not a `T`.
    pub fn read_json<T: DeserializeOwned>(&self) -> Result<Option<T>, String> {
        match self.read() {
            Found::Nothing => Ok(None),
            Found::Unreadable(reason) => Err(reason),
            Found::Text(text) => serde_json::from_str(&text)
                .map(Some)
                .map_err(|error| format!("the file is not valid: {error}")),
        }
    }

    /// Reads and validates the file with `parse`: `None` when there is none; a file that
    /// cannot be read or is not valid is marked invalid ("The saved {what} is invalid:
    /// …") and gives `None`; a valid one marks the slot as loaded.
    pub fn load<T>(
        &mut self,
        what: &str,
        parse: impl FnOnce(&str) -> Result<T, String>,
    ) -> Option<T> {
        match self.read() {
            Found::Nothing => None,
            Found::Unreadable(reason) => {
                self.mark_invalid(format!("The saved {what} cannot be read: {reason}."));
                None
            }
            Found::Text(text) => match parse(&text) {
                Ok(loaded) => {
                    self.mark_loaded();
                    Some(loaded)
                }
                Err(error) => {
                    self.mark_invalid(format!("The saved {what} is invalid: {error}."));
                    None
                }
            },
        }
    }

    /// The file as the player is told about it while it is kept aside as invalid.
    pub fn invalid_file(&self) -> Option<InvalidFile> {
        let message = self.invalid.clone()?;
        Some(InvalidFile {
            name: self
                .path
                .file_name()
                .map(|name| name.to_string_lossy().into_owned())
                .unwrap_or_default(),
            file: self.path.display().to_string(),
            message,
        })
    }

    /// Records that the file on disk is invalid for `reason`: from now on nothing is
    /// written until [`SaveSlot::set_aside_invalid`] is called on the player's request.
    pub fn mark_invalid(&mut self, reason: String) {
        self.status = if self.may_write {
            SaveStatus::PausedInvalidSave {
                message: reason.clone(),
                file: self.path.display().to_string(),
            }
        } else {
            self.status.clone()
        };
        self.invalid = Some(reason);
    }

    /// Records that the file on disk holds the game as loaded, so nothing is unsaved.
    pub fn mark_loaded(&mut self) {
        if self.may_write && self.invalid.is_none() {
            self.status = SaveStatus::Saved;
        }
    }

    /// Why the file on disk is invalid, if it is.
    pub fn invalid_reason(&self) -> Option<&str> {
        self.invalid.as_deref()
    }

    /// Renames the invalid file to a name of its own (kept, never deleted) so saving can
    /// resume; returns the new path. Only for the primary instance.
    pub fn set_aside_invalid(&mut self, stamp: u64) -> io::Result<PathBuf> {
        if !self.may_write {
            return Err(io::Error::new(
                io::ErrorKind::PermissionDenied,
                OTHER_INSTANCE_MESSAGE,
            ));
        }
        let kept = self.kept_path(stamp);
        if self.path.exists() {
            std::fs::rename(&self.path, &kept)?;
        }
        self.invalid = None;
        self.status = SaveStatus::NothingToSave;
        Ok(kept)
    }

    fn kept_path(&self, stamp: u64) -> PathBuf {
        let stem = self
            .path
            .file_stem()
            .map(|stem| stem.to_string_lossy().into_owned())
            .unwrap_or_else(|| "save".to_owned());
        let mut n = 0;
        loop {
            let suffix = if n == 0 {
                String::new()
            } else {
                format!("-{n}")
            };
            let candidate = self
                .path
                .with_file_name(format!("{stem}.invalid-{stamp}{suffix}.json"));
            if !candidate.exists() {
                return candidate;
            }
            n += 1;
        }
    }

    /// Writes `text` if this instance may and the old file is not an invalid one to
    /// keep; returns the resulting status either way.
    pub fn save(&mut self, text: &str) -> &SaveStatus {
        if self.may_write && self.invalid.is_none() {
            self.status = match write_atomically(&self.path, text.as_bytes()) {
                Ok(()) => SaveStatus::Saved,
                Err(error) => SaveStatus::Failed {
                    message: format!("could not save {}: {error}", self.path.display()),
                },
            };
        }
        &self.status
    }

    /// The current status.
    pub fn status(&self) -> &SaveStatus {
        &self.status
    }
}

/// Shown in a second window: why it does not save.
pub const OTHER_INSTANCE_MESSAGE: &str = "Saving is paused in this window: another Crab Canon \
     window is open and owns the saved games. You can keep playing here; close the other \
     window and reopen this one to save.";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_dir::TestDir;

    /// A slot on a `timego.json` that holds `text`, owned by the first instance or not.
    fn slot_over(label: &str, text: &str, primary: bool) -> (TestDir, PathBuf, SaveSlot) {
        let dir = TestDir::new(label);
        let path = dir.path().join("timego.json");
        std::fs::write(&path, text).unwrap();
        let slot = SaveSlot::new(path.clone(), primary);
        (dir, path, slot)
    }

    #[test]
    fn saves_and_reads_back() {
        let dir = TestDir::new("slot");
        let mut slot = SaveSlot::new(dir.path().join("timego.json"), true);
        assert_eq!(slot.read(), Found::Nothing);
        assert_eq!(slot.status(), &SaveStatus::NothingToSave);
        assert_eq!(slot.save("{}"), &SaveStatus::Saved);
        assert_eq!(slot.read(), Found::Text("{}".to_owned()));
    }

    #[test]
    fn secondary_never_writes() {
        let (_dir, path, mut slot) = slot_over("slot-secondary", "first instance's game", false);
        assert!(matches!(
            slot.save("second instance's game"),
            SaveStatus::PausedOtherInstance { .. }
        ));
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "first instance's game"
        );
        assert!(slot.set_aside_invalid(1).is_err());
        assert!(path.exists());
    }

    #[test]
    fn invalid_file_is_kept_until_set_aside_and_then_kept_under_a_new_name() {
        let (dir, path, mut slot) = slot_over("slot-invalid", "{ not json", true);
        slot.mark_invalid("line 1: expected a key".to_owned());
        assert!(matches!(
            slot.save("new game"),
            SaveStatus::PausedInvalidSave { .. }
        ));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "{ not json");

        let kept = slot.set_aside_invalid(42).unwrap();
        assert_eq!(kept, dir.path().join("timego.invalid-42.json"));
        assert_eq!(std::fs::read_to_string(&kept).unwrap(), "{ not json");
        assert_eq!(slot.save("new game"), &SaveStatus::Saved);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new game");
    }

    #[test]
    fn setting_aside_twice_in_one_second_keeps_both_files() {
        let dir = TestDir::new("slot-twice");
        let path = dir.path().join("timego.json");
        let mut slot = SaveSlot::new(path.clone(), true);
        for content in ["bad one", "bad two"] {
            std::fs::write(&path, content).unwrap();
            slot.mark_invalid("bad".to_owned());
            slot.set_aside_invalid(7).unwrap();
        }
        let one = std::fs::read_to_string(dir.path().join("timego.invalid-7.json")).unwrap();
        let two = std::fs::read_to_string(dir.path().join("timego.invalid-7-1.json")).unwrap();
        assert_eq!((one.as_str(), two.as_str()), ("bad one", "bad two"));
    }

    #[test]
    fn unreadable_bytes_are_reported() {
        let dir = TestDir::new("slot-bytes");
        let path = dir.path().join("timego.json");
        std::fs::write(&path, [0xff, 0xfe, 0x00]).unwrap();
        let slot = SaveSlot::new(path, true);
        assert!(matches!(slot.read(), Found::Unreadable(reason) if reason.contains("UTF-8")));
    }

    #[test]
    fn write_failure_is_reported_and_retried() {
        let dir = TestDir::new("slot-fail");
        let mut slot = SaveSlot::new(dir.path().join("missing-dir").join("timego.json"), true);
        assert!(matches!(slot.save("x"), SaveStatus::Failed { .. }));
        std::fs::create_dir(dir.path().join("missing-dir")).unwrap();
        assert_eq!(slot.save("x"), &SaveStatus::Saved);
    }
}
