//! The app's state without any webview: the instance role, settings and each game's
//! session. The Tauri commands and the IPC bridge both call these methods, so the UI
//! tests in Chromium run on exactly the code the desktop app runs.

use crate::chess::{ChessSession, ChessView};
use crate::error::{AppError, CommandResult};
use crate::host::job::Exclusive;
use crate::host::session::read_document;
use crate::host::{document_kind, largest_document_limit, GameId};
use crate::instance_lock::{self, InstanceRole};
use crate::save_slot::{InvalidFile, SaveStatus, OTHER_INSTANCE_MESSAGE};
use crate::settings::{Settings, SurfaceSettings};
use crate::settings_store::SettingsStore;
use crate::surface::{
    SurfaceEditorStartArgs, SurfaceEditorView, SurfaceImportArgs, SurfaceImported, SurfaceNewArgs,
    SurfaceSession, SurfaceView,
};
use crate::timego::{ImportArgs, TimeGoSession, TimeGoView};
use crate::tutorial::TutorialSession;
use serde::{Deserialize, Serialize};
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
    /// Whether each game reaches the disk.
    pub saves: GameSaves,
    /// Which games have a game under way (at least one move, not over).
    pub in_progress: GamesInProgress,
    /// Files of the app data directory other than the game saves (tutorial progress,
    /// opponent settings) that are kept untouched because they are invalid; each is set
    /// aside only when the player confirms (`app_set_aside_invalid`).
    pub invalid_files: Vec<InvalidFile>,
    /// A file the app was started with (opening a shared game), waiting for the player
    /// to open it in its game (`opened_file_game`) or to dismiss it.
    pub opened_file: Option<String>,
    /// The game of `opened_file` by its document kind (`None` when it is not a document
    /// of any game): which game's `…_import_opened_file` opens it.
    pub opened_file_game: Option<GameId>,
}

/// The save state of each game with a session.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct GameSaves {
    /// The TimeGo game.
    pub timego: SaveStatus,
    /// The Go on surfaces game (its study and diagram files are in `invalid_files` when
    /// they are kept as invalid).
    pub surface: SaveStatus,
    /// The Time Chess game.
    pub chess: SaveStatus,
}

/// For each game, whether a game is under way: the home screen says "Continue game".
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct GamesInProgress {
    /// TimeGo.
    pub timego: bool,
    /// Go on surfaces (its game, not a study or diagram).
    pub surface: bool,
    /// Time Chess.
    pub chess: bool,
}

/// Arguments of `app_set_aside_invalid`.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct SetAsideFileArgs {
    /// The file's name, as `AppStatus.invalid_files` gives it.
    pub name: String,
    /// Must be true: the player confirmed.
    pub confirm: bool,
}

/// The app's whole state.
pub struct AppCore {
    data_dir: PathBuf,
    role: InstanceRole,
    settings: Settings,
    settings_notice: Option<String>,
    settings_store: Box<dyn SettingsStore>,
    settings_invalid: Option<InvalidFile>,
    timego: TimeGoSession,
    surface: SurfaceSession,
    chess: ChessSession,
    tutorial: TutorialSession,
    opened_file: Option<PathBuf>,
    opened_file_game: Option<GameId>,
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
        let (settings, mut settings_notice, migrated) = match settings_store.load() {
            Ok(value) => Settings::from_stored_migrating(value),
            Err(reason) => (
                Settings::default(),
                Some(format!("saved settings ignored: {reason}")),
                false,
            ),
        };
        // Settings that could not be used are kept in their file, like every other file,
        // until the player sets it aside.
        let settings_invalid = settings_notice.as_ref().map(|notice| InvalidFile {
            name: settings_store.file_name(),
            file: data_dir
                .join(settings_store.file_name())
                .display()
                .to_string(),
            message: notice.clone(),
        });
        if migrated && role.may_save() {
            // The flat settings of an earlier version are stored per game, once.
            let stored = serde_json::to_value(&settings)
                .map_err(|error| error.to_string())
                .and_then(|value| settings_store.save(&value));
            if let Err(reason) = stored {
                settings_notice = Some(format!("settings could not be stored: {reason}"));
            }
        }
        let timego = TimeGoSession::open(data_dir, role.may_save(), &settings);
        let chess = ChessSession::open(data_dir, role.may_save());
        let tutorial = TutorialSession::open(data_dir, role.may_save());
        let surface = SurfaceSession::open(data_dir, role.may_save(), settings.surface.as_ref());
        Ok(Self {
            data_dir: data_dir.to_path_buf(),
            role,
            settings,
            settings_notice,
            settings_store,
            settings_invalid,
            timego,
            surface,
            chess,
            tutorial,
            opened_file: None,
            opened_file_game: None,
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
            saves: GameSaves {
                timego: self.timego.save_status().clone(),
                surface: self.surface.save_status().clone(),
                chess: self.chess.save_status().clone(),
            },
            in_progress: GamesInProgress {
                timego: self.timego.in_progress(),
                surface: self.surface.in_progress(),
                chess: self.chess.in_progress(),
            },
            invalid_files: self.invalid_files(),
            opened_file: self
                .opened_file
                .as_ref()
                .map(|path| path.display().to_string()),
            opened_file_game: self.opened_file.as_ref().and(self.opened_file_game),
        }
    }

    fn invalid_files(&self) -> Vec<InvalidFile> {
        [
            self.settings_invalid.clone(),
            self.tutorial.invalid_file(),
            self.timego.invalid_opponent_file(),
            self.chess.invalid_opponent_file(),
        ]
        .into_iter()
        .flatten()
        .chain(self.surface.invalid_files())
        .collect()
    }

    /// On the player's confirmation, renames the invalid file `name` (one of
    /// `invalid_files`) aside, keeping it, so that file is written again.
    pub fn set_aside_invalid_file(&mut self, args: SetAsideFileArgs) -> CommandResult<AppStatus> {
        if !args.confirm {
            return Err(AppError::ConfirmationNeeded {
                message: format!(
                    "Setting {} aside keeps it under a new name and saves afresh; confirm to continue.",
                    args.name
                ),
            });
        }
        let invalid = |file: Option<InvalidFile>| file.is_some_and(|file| file.name == args.name);
        if invalid(self.settings_invalid.clone()) && self.role.may_save() {
            self.settings_store
                .set_aside(crate::host::unix_stamp())
                .map_err(AppError::storage)?;
            self.settings_invalid = None;
            self.set_settings(self.settings.clone())?;
        } else if invalid(self.tutorial.invalid_file()) {
            self.tutorial.set_aside_invalid()?;
        } else if invalid(self.timego.invalid_opponent_file()) {
            self.timego.set_aside_opponent_file()?;
        } else if invalid(self.chess.invalid_opponent_file()) {
            self.chess.set_aside_opponent_file()?;
        } else if self.surface.set_aside_invalid_file(&args.name)? {
            // Set aside by the surfaces session, which owns the file.
        } else {
            return Err(AppError::invalid(format!(
                "{} is not an invalid file kept in the app data directory",
                args.name
            )));
        }
        Ok(self.status())
    }

    /// The current settings.
    pub fn settings(&self) -> Settings {
        self.settings.clone()
    }

    /// Validates and applies `settings`; stores them unless another window owns the files
    /// or the settings file is invalid and kept (then they apply to this run only).
    pub fn set_settings(&mut self, settings: Settings) -> CommandResult<Settings> {
        settings.validate().map_err(AppError::invalid)?;
        if self.settings_invalid.is_some() {
            self.settings = settings;
            return Ok(self.settings.clone());
        }
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

    /// Sets the soft think budget of every game's computer (`None` keeps each game's
    /// default); the app and the bridge read it from `CRAB_CANON_THINK_MS` at start-up.
    pub fn set_think_ms(&mut self, think_ms: Option<u64>) {
        if let Some(ms) = think_ms {
            self.timego
                .set_think_limits(crate::timego::think_limits(ms));
            self.surface
                .set_think(crate::surface::SurfaceThink::budget(ms));
            self.chess
                .set_think_limits(crate::chess::fixed_think_limits(ms));
        }
    }

    /// Cancels every game's running engine job (the window is closing); returns whether
    /// one was running.
    pub fn cancel_jobs(&mut self) -> bool {
        // Every game's, whatever the first answers.
        let timego = self.timego.computer_cancel();
        let surface = self.surface.computer_cancel();
        let chess = self.chess.computer_cancel();
        timego || surface || chess
    }

    /// The TimeGo game.
    pub fn timego(&self) -> &TimeGoSession {
        &self.timego
    }

    /// The TimeGo game, to change it.
    pub fn timego_mut(&mut self) -> &mut TimeGoSession {
        &mut self.timego
    }

    /// The Time Chess game.
    pub fn chess(&self) -> &ChessSession {
        &self.chess
    }

    /// The Time Chess game, to change it.
    pub fn chess_mut(&mut self) -> &mut ChessSession {
        &mut self.chess
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
        // Read once here so the UI knows which game opens it; opening reads it again.
        self.opened_file_game = read_document(&path, largest_document_limit())
            .ok()
            .and_then(|text| document_kind(&text))
            .and_then(|kind| GameId::of_document_kind(&kind));
        self.opened_file = Some(path);
    }

    /// Opens the file the app was started with as a Go on surfaces document (any of the
    /// five kinds, each into its place), through the same validation as any import. The
    /// file is consumed either way; a rejected file changes nothing.
    pub fn surface_import_opened_file(&mut self) -> CommandResult<SurfaceImported> {
        let path = self
            .opened_file
            .take()
            .ok_or_else(|| AppError::invalid("the app was not started with a file to open"))?;
        self.surface.import_from(&path)
    }

    /// Opens the file the app was started with as a Time Chess game, through the same
    /// validation as any import. The file is consumed either way; a rejected file changes
    /// nothing.
    pub fn chess_import_opened_file(&mut self) -> CommandResult<ChessView> {
        let path = self
            .opened_file
            .take()
            .ok_or_else(|| AppError::invalid("the app was not started with a file to open"))?;
        self.chess.import_from(&path)
    }

    /// The Go on surfaces session.
    pub fn surface(&self) -> &SurfaceSession {
        &self.surface
    }

    /// The Go on surfaces session, to change it.
    pub fn surface_mut(&mut self) -> &mut SurfaceSession {
        &mut self.surface
    }

    fn surface_settings(&self) -> SurfaceSettings {
        self.settings.surface.clone().unwrap_or_default()
    }

    /// A new surfaces game (the settings' komi unless given); the surface becomes the
    /// settings' last surface.
    pub fn surface_new(&mut self, args: SurfaceNewArgs) -> CommandResult<SurfaceView> {
        let defaults = self.surface_settings();
        let surface = args.surface;
        let view = self.surface.new_game(args, defaults.komi_half_points)?;
        let remembered = self.settings.surface.as_ref().map(|s| s.last_surface);
        if remembered != Some(surface) {
            let mut settings = self.settings.clone();
            settings.surface = Some(SurfaceSettings {
                last_surface: surface,
                ..defaults
            });
            // The game has started either way; a default komi out of this surface's range
            // or a settings file that cannot be written only leaves the old last surface.
            let _ = self.set_settings(settings);
        }
        Ok(view)
    }

    /// Starts the surfaces editor (an empty board takes the settings' komi).
    pub fn surface_editor_start(
        &mut self,
        args: SurfaceEditorStartArgs,
    ) -> CommandResult<SurfaceEditorView> {
        let komi = self.surface_settings().komi_half_points;
        self.surface.editor_start(args, komi)
    }

    /// Imports a surfaces document of any kind.
    pub fn surface_import(&mut self, args: SurfaceImportArgs) -> CommandResult<SurfaceImported> {
        self.surface.import(args)
    }

    /// Opens the file the app was started with in its game, recognised by its document
    /// kind (`schema`), through the same validation as any import. The file is consumed
    /// either way; a rejected file, or one of a game this version cannot open yet, changes
    /// nothing.
    pub fn import_opened_file(&mut self) -> CommandResult<TimeGoView> {
        let path = self
            .opened_file
            .clone()
            .ok_or_else(|| AppError::invalid("the app was not started with a file to open"))?;
        let text = read_document(&path, largest_document_limit());
        let kind = text.as_deref().ok().and_then(document_kind);
        match kind.as_deref().map(GameId::of_document_kind) {
            // A document without a known kind gets the TimeGo importer's own words.
            None | Some(None) | Some(Some(GameId::TimeGo)) => {
                self.opened_file = None;
                self.timego.import(ImportArgs { text: text? })
            }
            // Another game's document stays offered to that game's screen.
            Some(Some(game)) if game.playable() => Err(AppError::invalid(format!(
                "{} is a {name} document ({kind}); it opens in {name}, not in TimeGo. Nothing was changed.",
                path.display(),
                name = game.name(),
                kind = kind.unwrap_or_default(),
            ))),
            Some(Some(game)) => {
                self.opened_file = None;
                Err(AppError::NotPlayableYet {
                    game,
                    message: format!(
                        "{} is a {name} game ({kind}); this version of Crab Canon cannot open {name} games yet. Nothing was changed.",
                        path.display(),
                        name = game.name(),
                        kind = kind.unwrap_or_default(),
                    ),
                })
            }
        }
    }

    /// Forgets the file the app was started with, leaving the current game as it is.
    pub fn dismiss_opened_file(&mut self) -> AppStatus {
        self.opened_file = None;
        self.opened_file_game = None;
        self.status()
    }
}

/// Cancels every running engine job (the window is closing or being left).
pub fn cancel_jobs(core: &impl Exclusive<AppCore>) {
    core.with(AppCore::cancel_jobs);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_dir::{core_at as core, names_in, TestDir};
    use crate::timego::{ApplyArgs, SAVE_FILE_NAME};
    use canon_engine::go::Color;
    use canon_engine::timego::Action;

    fn play(core: &mut AppCore, player: Color, point: u16) {
        core.timego_mut()
            .apply(ApplyArgs {
                action: Action::Place { player, point },
                replace_future: false,
            })
            .unwrap();
    }

    /// An app core on `dir/data` after Black's first move: the data directory, the core
    /// and the save it wrote.
    fn after_a_move(dir: &TestDir) -> (std::path::PathBuf, AppCore, String) {
        let data = dir.path().join("data");
        let mut app = core(&data);
        play(&mut app, Color::Black, 0);
        let before = std::fs::read_to_string(data.join(SAVE_FILE_NAME)).unwrap();
        (data, app, before)
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
    fn a_chess_file_is_left_for_the_chess_screen_which_opens_it() {
        let dir = TestDir::new("app-opened-chess");
        let (data, mut app, before) = after_a_move(&dir);
        // A real game of one move, exported by the chess session of another core.
        let other = TestDir::new("app-opened-chess-source");
        let mut source = core(other.path());
        let revision = source.chess().view().revision;
        let typed = source
            .chess_mut()
            .play_typed(crate::chess::ChessTypedArgs {
                text: "e2t0e4t0".to_owned(),
                revision,
                replace_future: false,
            })
            .unwrap();
        assert_eq!(typed.moves.len(), 1);
        let file = dir.path().join("game.timechess.json");
        std::fs::write(&file, source.chess().export().unwrap()).unwrap();
        app.set_opened_file(file.clone());
        match app.import_opened_file() {
            Err(AppError::InvalidArgument { message }) => {
                assert!(message.contains("it opens in Time Chess"), "{message}");
            }
            other => panic!("expected the file to be left to Time Chess, got {other:?}"),
        }
        let status = app.status();
        assert_eq!(status.opened_file, Some(file.display().to_string()));
        assert_eq!(status.opened_file_game, Some(GameId::Chess));
        assert_eq!(app.timego().view().turns.len(), 1);
        assert_eq!(
            std::fs::read_to_string(data.join(SAVE_FILE_NAME)).unwrap(),
            before
        );
        // The chess screen takes it: the game is the file's, and the file is consumed.
        assert_eq!(app.chess().view().moves.len(), 0);
        let view = app.chess_import_opened_file().unwrap();
        assert_eq!(view.moves.len(), 1);
        assert_eq!(app.status().opened_file, None);
        assert!(matches!(
            app.chess_import_opened_file(),
            Err(AppError::InvalidArgument { .. })
        ));
    }

    #[test]
    fn a_rejected_chess_file_is_consumed_and_changes_nothing() {
        let dir = TestDir::new("app-opened-chess-bad");
        let mut app = core(dir.path());
        let file = dir.path().join("bad.timechess.json");
        std::fs::write(&file, r#"{"schema":"time-chess-game","version":1}"#).unwrap();
        app.set_opened_file(file);
        assert_eq!(app.status().opened_file_game, Some(GameId::Chess));
        let before = app.chess().view();
        assert!(app.chess_import_opened_file().is_err());
        assert_eq!(app.status().opened_file, None);
        assert_eq!(app.chess().view().moves.len(), before.moves.len());
    }

    #[test]
    fn another_playable_games_file_is_left_for_its_own_screen() {
        let dir = TestDir::new("app-opened-surface");
        let (data, mut app, before) = after_a_move(&dir);
        let file = dir.path().join("study.surfacego.json");
        std::fs::write(&file, r#"{"schema":"surface-go-study","version":1}"#).unwrap();
        app.set_opened_file(file.clone());
        match app.import_opened_file() {
            Err(AppError::InvalidArgument { message }) => {
                assert!(message.contains("it opens in Go on surfaces"), "{message}");
            }
            other => panic!("expected the file to be left to Go on surfaces, got {other:?}"),
        }
        let status = app.status();
        assert_eq!(status.opened_file, Some(file.display().to_string()));
        assert_eq!(status.opened_file_game, Some(GameId::Surface));
        assert_eq!(app.timego().view().turns.len(), 1);
        assert_eq!(
            std::fs::read_to_string(data.join(SAVE_FILE_NAME)).unwrap(),
            before
        );
        // Its own screen takes it: this one is no valid study, so it is refused there,
        // consumed, and nothing changes.
        assert!(matches!(
            app.surface_import_opened_file(),
            Err(AppError::InvalidRecord { .. })
        ));
        assert_eq!(app.status().opened_file, None);
    }

    #[test]
    fn invalid_files_are_listed_and_set_aside_only_on_confirmation() {
        let dir = TestDir::new("app-invalid-files");
        std::fs::write(dir.path().join("tutorial.json"), "[]").unwrap();
        let mut app = core(dir.path());
        let status = app.status();
        assert_eq!(status.invalid_files.len(), 1);
        assert_eq!(status.invalid_files[0].name, "tutorial.json");
        let args = |name: &str, confirm| SetAsideFileArgs {
            name: name.to_owned(),
            confirm,
        };
        assert!(matches!(
            app.set_aside_invalid_file(args("tutorial.json", false)),
            Err(AppError::ConfirmationNeeded { .. })
        ));
        for other in ["settings.json", "timego.json", "../x"] {
            assert!(matches!(
                app.set_aside_invalid_file(args(other, true)),
                Err(AppError::InvalidArgument { .. })
            ));
        }
        assert_eq!(
            std::fs::read_to_string(dir.path().join("tutorial.json")).unwrap(),
            "[]"
        );
        let status = app
            .set_aside_invalid_file(args("tutorial.json", true))
            .unwrap();
        assert!(status.invalid_files.is_empty());
        let names = names_in(dir.path(), |_| true);
        assert!(names
            .iter()
            .any(|name| name.starts_with("tutorial.invalid-")));
    }

    #[test]
    fn an_invalid_chess_opponent_file_is_listed_and_set_aside_on_confirmation() {
        let dir = TestDir::new("app-invalid-chess-opponent");
        let name = crate::chess::OPPONENT_FILE_NAME;
        std::fs::write(dir.path().join(name), "{ not json").unwrap();
        let mut app = core(dir.path());
        let status = app.status();
        assert_eq!(
            status
                .invalid_files
                .iter()
                .map(|file| file.name.as_str())
                .collect::<Vec<_>>(),
            [name]
        );
        let status = app
            .set_aside_invalid_file(SetAsideFileArgs {
                name: name.to_owned(),
                confirm: true,
            })
            .unwrap();
        assert!(status.invalid_files.is_empty());
        assert!(names_in(dir.path(), |_| true)
            .iter()
            .any(|file| file.starts_with("chess-opponent.invalid-")));
    }

    #[test]
    fn an_invalid_settings_file_is_kept_until_set_aside() {
        let dir = TestDir::new("app-invalid-settings");
        let path = dir.path().join("settings.json");
        std::fs::write(&path, "{\"settings\": {\"language\": 3}}").unwrap();
        let mut app = core(dir.path());
        let status = app.status();
        assert!(status.settings_notice.is_some());
        assert_eq!(status.invalid_files[0].name, "settings.json");
        let dark = Settings {
            theme: crate::settings::Theme::Dark,
            ..Settings::default()
        };
        assert_eq!(app.set_settings(dark.clone()).unwrap(), dark, "in use");
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "{\"settings\": {\"language\": 3}}",
            "never overwritten silently"
        );
        let status = app
            .set_aside_invalid_file(SetAsideFileArgs {
                name: "settings.json".to_owned(),
                confirm: true,
            })
            .unwrap();
        assert!(status.invalid_files.is_empty());
        assert_eq!(status.settings_notice, None);
        assert_eq!(dir.names_starting_with("settings.invalid-").len(), 1);
        drop(app);
        assert_eq!(core(dir.path()).settings(), dark, "saved once set aside");
    }

    #[test]
    fn a_rejected_or_dismissed_start_up_file_changes_nothing() {
        let dir = TestDir::new("app-opened-bad");
        let (data, mut app, before) = after_a_move(&dir);
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
