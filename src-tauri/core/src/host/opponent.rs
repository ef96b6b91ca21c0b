//! What every game's computer opponent shares: which side the computer plays, and its
//! settings stored in their own file beside the game's save.
//!
//! A game keeps one [`OpponentFile`] of its own settings type (side, level, whatever else
//! it needs); the file is read only when the save was loaded (a fresh game starts with two
//! people), a file that cannot be read is kept aside for the player exactly like an
//! invalid save, and nothing is written by a secondary instance.

use crate::error::{AppError, CommandResult};
use crate::host::job::JobControl;
use crate::save_slot::{InvalidFile, SaveSlot, SaveStatus};
use canon_engine::go::Color;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::path::Path;
use ts_rs::TS;

/// Which side the computer plays (Black/White are the two sides of every game of the
/// app: Go's Black moves first, chess's White does).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ComputerSide {
    /// Two people play (or one person plays both sides).
    #[default]
    None,
    /// The computer plays Black.
    Black,
    /// The computer plays White.
    White,
}

impl ComputerSide {
    /// Whether the computer plays Go's `color`.
    pub fn plays(self, color: Color) -> bool {
        match color {
            Color::Black => self == ComputerSide::Black,
            Color::White => self == ComputerSide::White,
        }
    }
}

/// Environment variable giving the computer's soft think budget in milliseconds for every
/// game; tests use it to make a search last.
pub const THINK_MS_VARIABLE: &str = "CRAB_CANON_THINK_MS";

/// The think budget that the value of [`THINK_MS_VARIABLE`] asks for: `None` when it is
/// unset, an error in words when it is not a number of milliseconds from 1 to 600,000.
pub fn think_ms_from(value: Option<&str>) -> Result<Option<u64>, String> {
    let Some(value) = value else {
        return Ok(None);
    };
    match value.trim().parse::<u64>() {
        Ok(ms) if (1..=600_000).contains(&ms) => Ok(Some(ms)),
        _ => Err(format!(
            "{THINK_MS_VARIABLE}={value} is not a number of milliseconds from 1 to 600000"
        )),
    }
}

/// A game's computer: its settings, kept in their file beside the save, and the limits of
/// its next searches (the game's own limits type).
pub struct Computer<S, L> {
    /// The settings and their file.
    pub file: OpponentFile<S>,
    /// The limits of every later search.
    pub limits: L,
}

/// A game's computer settings type names the file beside the save that keeps them.
pub trait SettingsFile {
    /// The file's name in the app data directory.
    const FILE_NAME: &'static str;
}

/// What the host reads of a game's search limits: the hard deadline past which its jobs
/// end without a reply (`None`: the game's limits set none, the jobs keep theirs).
pub trait HardDeadline {
    /// The hard deadline in milliseconds.
    fn hard_deadline_ms(&self) -> Option<u64>;
}

impl<S: SettingsFile + Copy + Default + PartialEq + Serialize + DeserializeOwned, L>
    Computer<S, L>
{
    /// Reads the settings beside the save in `data_dir` (used only when `saved_game`, the
    /// game's save was loaded); later searches run under `limits`.
    pub fn open(data_dir: &Path, may_write: bool, saved_game: bool, limits: L) -> Self {
        Self {
            file: OpponentFile::open(data_dir, S::FILE_NAME, may_write, saved_game),
            limits,
        }
    }

    /// The settings.
    pub fn settings(&self) -> S {
        *self.file.settings()
    }

    /// Sets who the computer plays and how, stored beside the game; the running search
    /// of `jobs` is cancelled (it was started for the old settings).
    pub fn set_settings(&mut self, jobs: &mut JobControl, settings: S) -> CommandResult<()> {
        jobs.cancel();
        self.file.store(settings)
    }

    /// Replaces the limits of every later search, whose jobs (in each of `jobs`) end at
    /// their hard deadline.
    pub fn set_limits<'a>(&mut self, limits: L, jobs: impl IntoIterator<Item = &'a mut JobControl>)
    where
        L: HardDeadline,
    {
        if let Some(hard) = limits.hard_deadline_ms() {
            for control in jobs {
                control.set_deadline_ms(hard);
            }
        }
        self.limits = limits;
    }

    /// The settings file when it is kept aside as invalid.
    pub fn invalid_file(&self) -> Option<InvalidFile> {
        self.file.invalid_file()
    }

    /// Sets the invalid settings file aside (renamed, kept) so the settings are saved
    /// again; only on the player's confirmation, through `app_set_aside_invalid`.
    pub fn set_aside_invalid(&mut self) -> CommandResult<()> {
        self.file.set_aside_invalid()
    }
}

/// One game's opponent settings and the file that keeps them.
pub struct OpponentFile<S> {
    settings: S,
    file: SaveSlot,
}

impl<S: Clone + Default + PartialEq + Serialize + DeserializeOwned> OpponentFile<S> {
    /// Reads the settings from `file_name` in `data_dir`; they are used when `saved_game`
    /// (the game's save was loaded), otherwise nobody is the computer. A file that cannot
    /// be read is kept, reported, and not written until the player sets it aside.
    pub fn open(data_dir: &Path, file_name: &str, may_write: bool, saved_game: bool) -> Self {
        let mut file = SaveSlot::new(data_dir.join(file_name), may_write);
        let settings = match file.read_json::<S>() {
            Ok(Some(settings)) if saved_game => {
                file.mark_loaded();
                settings
            }
            Ok(_) => S::default(),
            Err(reason) => {
                file.mark_invalid(format!(
                    "The saved opponent settings cannot be used: {reason}."
                ));
                S::default()
            }
        };
        Self { settings, file }
    }

    /// The settings.
    pub fn settings(&self) -> &S {
        &self.settings
    }

    /// Replaces the settings and stores them (never in a secondary instance, nor over an
    /// invalid file kept for the player). They apply to this session even when the file
    /// cannot be written; the error says so.
    pub fn store(&mut self, settings: S) -> CommandResult<()> {
        if settings == self.settings {
            return Ok(());
        }
        self.settings = settings;
        self.write()
    }

    /// Back to two people (a new or imported game: the settings are not part of the
    /// game's document). The game is already replaced, so a file that cannot be written
    /// only brings the old side back after a restart.
    pub fn forget(&mut self) {
        let _ = self.store(S::default());
    }

    /// The file when it is kept aside as invalid.
    pub fn invalid_file(&self) -> Option<InvalidFile> {
        self.file.invalid_file()
    }

    /// Sets the invalid file aside (renamed, kept) and writes the settings in use again;
    /// only on the player's confirmation, through `app_set_aside_invalid`.
    pub fn set_aside_invalid(&mut self) -> CommandResult<()> {
        self.file
            .set_aside_invalid(crate::host::unix_stamp())
            .map_err(|error| AppError::storage(format!("cannot set the file aside: {error}")))?;
        self.write()
    }

    fn write(&mut self) -> CommandResult<()> {
        let text = serde_json::to_string_pretty(&self.settings)
            .map_err(|error| AppError::storage(error.to_string()))?;
        match self.file.save(&text) {
            SaveStatus::Failed { message } => Err(AppError::storage(message.clone())),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_dir::TestDir;

    #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
    struct Settings {
        computer: ComputerSide,
        level: u8,
    }

    const NAME: &str = "game-opponent.json";

    fn stored(side: ComputerSide) -> Settings {
        Settings {
            computer: side,
            level: 2,
        }
    }

    #[test]
    fn settings_come_back_only_with_their_saved_game() {
        let dir = TestDir::new("opponent-file-roundtrip");
        let mut file = OpponentFile::<Settings>::open(dir.path(), NAME, true, false);
        assert_eq!(file.settings(), &Settings::default());
        file.store(stored(ComputerSide::White)).unwrap();
        let reopened = OpponentFile::<Settings>::open(dir.path(), NAME, true, true);
        assert_eq!(reopened.settings(), &stored(ComputerSide::White));
        let without_save = OpponentFile::<Settings>::open(dir.path(), NAME, true, false);
        assert_eq!(without_save.settings(), &Settings::default());
    }

    #[test]
    fn an_unreadable_file_is_kept_until_set_aside() {
        let dir = TestDir::new("opponent-file-invalid");
        std::fs::write(dir.path().join(NAME), "{ not json").unwrap();
        let mut file = OpponentFile::<Settings>::open(dir.path(), NAME, true, true);
        assert_eq!(file.settings(), &Settings::default());
        assert!(file.invalid_file().is_some());
        // Applied to this session, but the kept file is not overwritten.
        let _ = file.store(stored(ComputerSide::Black));
        assert_eq!(file.settings(), &stored(ComputerSide::Black));
        assert_eq!(
            std::fs::read_to_string(dir.path().join(NAME)).unwrap(),
            "{ not json"
        );
        file.set_aside_invalid().unwrap();
        assert!(file.invalid_file().is_none());
        let reopened = OpponentFile::<Settings>::open(dir.path(), NAME, true, true);
        assert_eq!(reopened.settings(), &stored(ComputerSide::Black));
    }

    #[test]
    fn a_secondary_instance_never_writes() {
        let dir = TestDir::new("opponent-file-secondary");
        let mut file = OpponentFile::<Settings>::open(dir.path(), NAME, false, false);
        let _ = file.store(stored(ComputerSide::Black));
        assert_eq!(file.settings(), &stored(ComputerSide::Black));
        assert!(!dir.path().join(NAME).exists());
    }

    #[test]
    fn think_budget_is_read_in_milliseconds() {
        assert_eq!(think_ms_from(None), Ok(None));
        assert_eq!(think_ms_from(Some(" 1500 ")), Ok(Some(1500)));
        for bad in ["0", "600001", "fast", "-3", ""] {
            let error = think_ms_from(Some(bad)).unwrap_err();
            assert!(error.contains(THINK_MS_VARIABLE), "{error}");
        }
    }
}
