//! The app's state without any webview: the instance role, settings and each game's
//! session. The Tauri commands and the IPC bridge both call these methods, so the UI
//! tests in Chromium run on exactly the code the desktop app runs.

use crate::error::{AppError, CommandResult};
use crate::instance_lock::{self, InstanceRole};
use crate::save_slot::{SaveStatus, OTHER_INSTANCE_MESSAGE};
use crate::settings::Settings;
use crate::settings_store::SettingsStore;
use crate::timego::TimeGoSession;
use crate::tutorial::TutorialSession;
use serde::Serialize;
use std::path::{Path, PathBuf};
use ts_rs::TS;

/// Whether this window owns the save files.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum InstanceStatus {
    /// The first window: it saves.
    Primary,
    /// Another window owns the files: this one plays without saving.
    Secondary {
        /// Why saving is paused, in words.
        message: String,
    },
}

/// Everything the shell shows outside a game: who owns the saves, where they are, and
/// whether the settings could be read.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
// Field names are snake_case like every type of the engine.
pub struct AppStatus {
    /// This window's role.
    pub instance: InstanceStatus,
    /// The app data directory holding saves and settings.
    pub data_dir: String,
    /// Set when stored settings were ignored, with the reason.
    pub settings_notice: Option<String>,
    /// Whether the TimeGo game reaches the disk.
    pub timego_save: SaveStatus,
}

/// The app's whole state.
pub struct AppCore {
    data_dir: PathBuf,
    role: InstanceRole,
    settings: Settings,
    settings_notice: Option<String>,
    settings_store: Box<dyn SettingsStore>,
    timego: TimeGoSession,
    tutorial: TutorialSession,
}

impl AppCore {
    /// Opens the app data directory `data_dir` (created if missing): takes the instance
    /// lock if free, reads the settings and every game's save.
    pub fn open(data_dir: &Path, settings_store: Box<dyn SettingsStore>) -> CommandResult<Self> {
        let role = instance_lock::acquire(data_dir).map_err(|error| {
            AppError::storage(format!(
                "cannot use the app data directory {}: {error}",
                data_dir.display()
            ))
        })?;
        let (settings, settings_notice) = match settings_store.load() {
            Ok(value) => Settings::from_stored(value),
            Err(reason) => (
                Settings::default(),
                Some(format!("saved settings ignored: {reason}")),
            ),
        };
        let timego = TimeGoSession::open(data_dir, role.may_save(), &settings);
        let tutorial = TutorialSession::open(data_dir, role.may_save());
        Ok(Self {
            data_dir: data_dir.to_path_buf(),
            role,
            settings,
            settings_notice,
            settings_store,
            timego,
            tutorial,
        })
    }

    /// The shell's status.
    pub fn status(&self) -> AppStatus {
        let instance = match &self.role {
            InstanceRole::Primary(_) => InstanceStatus::Primary,
            InstanceRole::Secondary { .. } => InstanceStatus::Secondary {
                message: OTHER_INSTANCE_MESSAGE.to_owned(),
            },
        };
        AppStatus {
            instance,
            data_dir: self.data_dir.display().to_string(),
            settings_notice: self.settings_notice.clone(),
            timego_save: self.timego.save_status().clone(),
        }
    }

    /// The current settings.
    pub fn settings(&self) -> Settings {
        self.settings.clone()
    }

    /// Validates and applies `settings`; stores them unless another window owns the files.
    pub fn set_settings(&mut self, settings: Settings) -> CommandResult<Settings> {
        settings.validate().map_err(AppError::invalid)?;
        if self.role.may_save() {
            let value = serde_json::to_value(&settings)
                .map_err(|error| AppError::storage(error.to_string()))?;
            self.settings_store
                .save(&value)
                .map_err(AppError::storage)?;
        }
        self.settings = settings;
        self.settings_notice = None;
        Ok(self.settings.clone())
    }

    /// The TimeGo game.
    pub fn timego(&self) -> &TimeGoSession {
        &self.timego
    }

    /// The TimeGo game, to change it.
    pub fn timego_mut(&mut self) -> &mut TimeGoSession {
        &mut self.timego
    }

    /// The TimeGo tutorial (separate from the saved game).
    pub fn tutorial(&self) -> &TutorialSession {
        &self.tutorial
    }

    /// The TimeGo tutorial, to play in it.
    pub fn tutorial_mut(&mut self) -> &mut TutorialSession {
        &mut self.tutorial
    }
}
