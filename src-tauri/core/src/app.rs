//! The app's state without any webview: the instance role, settings and each game's
//! session. The Tauri commands and the IPC bridge both call these methods, so the UI
//! tests in Chromium run on exactly the code the desktop app runs.

use crate::error::{AppError, CommandResult};
use crate::instance_lock::{self, InstanceRole};
use crate::save_slot::{SaveStatus, OTHER_INSTANCE_MESSAGE};
use crate::settings::Settings;
use crate::settings_store::SettingsStore;
use crate::timego::{TimeGoSession, TimeGoView};
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
    /// A file the app was started with (opening a shared game), waiting for the player
    /// to open it as the TimeGo game or to dismiss it.
    pub opened_file: Option<String>,
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
    opened_file: Option<PathBuf>,
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
            opened_file: None,
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
            opened_file: self
                .opened_file
                .as_ref()
                .map(|path| path.display().to_string()),
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

    /// Remembers the file the app was started with, so the UI can offer to open it (after
    /// asking, when that would replace a game in progress).
    pub fn set_opened_file(&mut self, path: PathBuf) {
        self.opened_file = Some(path);
    }

    /// Imports the file the app was started with as the TimeGo game, through the same
    /// validation as any import; the file is consumed either way, and a rejected file
    /// changes nothing.
    pub fn import_opened_file(&mut self) -> CommandResult<TimeGoView> {
        let path = self
            .opened_file
            .take()
            .ok_or_else(|| AppError::invalid("the app was not started with a file to open"))?;
        self.timego.import_from(&path)
    }

    /// Forgets the file the app was started with, leaving the current game as it is.
    pub fn dismiss_opened_file(&mut self) -> AppStatus {
        self.opened_file = None;
        self.status()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings_store::JsonFileSettings;
    use crate::test_dir::TestDir;
    use crate::timego::{ApplyArgs, SAVE_FILE_NAME};
    use canon_engine::go::Color;
    use canon_engine::timego::Action;

    fn core(dir: &Path) -> AppCore {
        let store = Box::new(JsonFileSettings::new(dir.join("settings.json")));
        AppCore::open(dir, store).unwrap()
    }

    fn play(core: &mut AppCore, player: Color, point: u16) {
        core.timego_mut()
            .apply(ApplyArgs {
                action: Action::Place { player, point },
                replace_future: false,
            })
            .unwrap();
    }

    #[test]
    fn a_file_given_at_start_up_waits_then_opens_once() {
        let dir = TestDir::new("app-opened-file");
        let shared = dir.path().join("shared.timego.json");
        let data = dir.path().join("data");
        {
            let mut author = core(&dir.path().join("author"));
            play(&mut author, Color::Black, 12);
            play(&mut author, Color::White, 7);
            author.timego().export_to(&shared).unwrap();
        }
        let mut app = core(&data);
        play(&mut app, Color::Black, 0);
        app.set_opened_file(shared.clone());
        assert_eq!(
            app.status().opened_file.as_deref(),
            Some(shared.display().to_string().as_str())
        );
        assert_eq!(app.timego().view().turns.len(), 1, "nothing replaced yet");
        let view = app.import_opened_file().unwrap();
        assert_eq!(view.turns.len(), 2);
        assert_eq!(app.status().opened_file, None);
        assert_eq!(
            std::fs::read_to_string(data.join(SAVE_FILE_NAME)).unwrap(),
            std::fs::read_to_string(&shared).unwrap()
        );
        assert!(matches!(
            app.import_opened_file(),
            Err(AppError::InvalidArgument { .. })
        ));
    }

    #[test]
    fn a_rejected_or_dismissed_start_up_file_changes_nothing() {
        let dir = TestDir::new("app-opened-bad");
        let data = dir.path().join("data");
        let mut app = core(&data);
        play(&mut app, Color::Black, 0);
        let before = std::fs::read_to_string(data.join(SAVE_FILE_NAME)).unwrap();
        let corrupt = dir.path().join("corrupt.timego.json");
        std::fs::write(
            &corrupt,
            r#"{"schema":"time-go-game","version":1,"rules":"timego-shared-lock-v1","size":4,"komi":0,"actions":[{"player":"black","type":"place","point":0},{"player":"black","type":"place","point":1}],"cursor":2}"#,
        )
        .unwrap();
        app.set_opened_file(corrupt);
        match app.import_opened_file() {
            Err(AppError::InvalidRecord { message }) => {
                assert!(message.contains("action 1"), "{message}")
            }
            other => panic!("expected a rejected record, got {other:?}"),
        }
        assert_eq!(
            app.status().opened_file,
            None,
            "a rejected file is consumed"
        );
        assert_eq!(app.timego().view().turns.len(), 1);
        assert_eq!(
            std::fs::read_to_string(data.join(SAVE_FILE_NAME)).unwrap(),
            before
        );

        app.set_opened_file(dir.path().join("missing.timego.json"));
        let status = app.dismiss_opened_file();
        assert_eq!(status.opened_file, None);
        assert_eq!(app.timego().view().turns.len(), 1);
    }
}
