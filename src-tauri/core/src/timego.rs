//! The TimeGo game of the app: the engine's line of actions, the viewed cursor, and the
//! autosave of the complete `time-go-game` document after every change.

use crate::error::{AppError, CommandResult};
use crate::host::session::GameSession;
use crate::host::HostedGame;
use crate::save_slot::SaveStatus;
use crate::settings::Settings;
use canon_engine::go::Chain;
use canon_engine::timego::{
    Action, Game, GameView, Rejection, TimeMoveComparison, TimeMoveConsequences, DOCUMENT_LIMIT,
    MAX_SIZE, MIN_SIZE,
};
use serde::{Deserialize, Serialize};
use std::path::Path;
use ts_rs::TS;

mod computer;
#[cfg(test)]
mod test_support;

use computer::Computer;
pub use computer::{
    levels, think_limits, think_limits_from, ComputerJob, ComputerMoveArgs, ComputerOutcome,
    ComputerSide, LevelInfo, OpponentSettings, TimeGoSearch, DEADLINE_MARGIN_MS,
    OPPONENT_FILE_NAME, THINK_MS_VARIABLE,
};

/// File name of the TimeGo save in the app data directory.
pub const SAVE_FILE_NAME: &str = "timego.json";

/// An engine rejection with its sentence for players.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct Reason {
    /// The machine-readable reason.
    pub rejection: Rejection,
    /// The reason in words, naming points as the board shows them (A1 bottom left).
    pub message: String,
}

impl Reason {
    fn new(rejection: Rejection, size: u8) -> Self {
        let message = rejection.message(size);
        Self { rejection, message }
    }
}

/// What the TimeGo screen shows: the position at the viewed cursor and the whole line.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct TimeGoView {
    /// The engine's view of the position after the first `cursor` actions.
    pub position: GameView,
    /// Every actual action of the line, including those after the cursor while reviewing.
    pub turns: Vec<Action>,
    /// Number of actions applied in the viewed position.
    pub cursor: usize,
    /// Why Lock is illegal in the viewed position, in words; `None` when it is legal.
    pub lock_blocked: Option<Reason>,
    /// Whether this game reaches the disk.
    pub save: SaveStatus,
    /// Who the computer plays in this game, and at which level.
    pub opponent: OpponentSettings,
    /// Whether the computer is to move: the viewed position is the end of the line, the
    /// game goes on and the player to move is the computer's side.
    pub computer_to_move: bool,
}

/// Arguments of `timego_new`.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct NewGameArgs {
    /// Board size, 2 to 5 (the menu offers 4 and 5).
    pub size: u8,
    /// Komi added to White: a multiple of 0.5 at most the board area.
    pub komi: f64,
}

/// Arguments of `timego_apply`.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ApplyArgs {
    /// The action, in the record format (`{"player":"black","type":"place","point":12}`).
    pub action: Action,
    /// Must be true to play while reviewing an earlier position: the later turns are
    /// then replaced by this new line.
    #[serde(default)]
    pub replace_future: bool,
}

/// Arguments of `timego_review`.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ReviewArgs {
    /// Number of actions to view, `0..=` the number of actions.
    pub cursor: usize,
}

/// Arguments of `timego_arrivals`.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ArrivalsArgs {
    /// Current birth index (from 0) of the chosen traveller.
    pub source: usize,
}

/// Arguments of `timego_preview`.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct PreviewArgs {
    /// Current birth index (from 0) of the traveller.
    pub source: usize,
    /// Arrival gap (from 0): the traveller is inserted before the placement now there.
    pub target: usize,
}

/// Arguments of `timego_group`.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct GroupArgs {
    /// Any board of the game being looked at (the present, a replay step, a compared
    /// original): one cell per point, `0` empty, `1` black, `2` white.
    pub board: Vec<u8>,
    /// The point whose group is wanted (`row × size + column`, from 0 at A1).
    pub point: usize,
}

/// Arguments of `timego_import`.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ImportArgs {
    /// A complete `time-go-game` document.
    pub text: String,
}

/// Arguments of `timego_set_aside_invalid`.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ConfirmArgs {
    /// Must be true: the player confirmed.
    pub confirm: bool,
}

/// One permitted arrival gap of a traveller, legal or with its reason.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct ArrivalOption {
    /// The gap (the traveller's new birth index, from 0).
    pub target: usize,
    /// Why arriving there is illegal; `None` when it is legal.
    pub reason: Option<Reason>,
}

/// The possible present of a time move, computed by the code that commits it.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct TimePreview {
    /// Everything the time move would do.
    pub consequences: TimeMoveConsequences,
    /// For each cancelled placement, in the order of `consequences.cancelled`, why in words.
    pub cancelled_reasons: Vec<String>,
    /// The arrival and every replay step beside its original version, with the relevant
    /// groups and their empty liberties.
    pub comparison: TimeMoveComparison,
}

/// TimeGo on the game host: the engine's `Game` is the line the host saves and replays.
impl HostedGame for Game {
    type Action = Action;
    type View = GameView;
    const NAME: &'static str = "TimeGo";
    const DOCUMENT_KIND: &'static str = "time-go-game";
    const SAVE_FILE: &'static str = SAVE_FILE_NAME;
    const DOCUMENT_LIMIT: usize = DOCUMENT_LIMIT;

    fn from_record(bytes: &[u8]) -> Result<(Self, usize), String> {
        Game::from_record(bytes).map_err(|error| error.to_string())
    }

    fn to_record(&self, cursor: usize) -> Result<String, String> {
        self.to_json(cursor).map_err(|error| error.to_string())
    }

    fn line_len(&self) -> usize {
        self.actions().len()
    }

    fn is_over(&self) -> bool {
        self.result().is_some()
    }

    fn state_at(&self, cursor: usize) -> Result<Self, String> {
        Game::state_at(self, cursor).map_err(|error| error.to_string())
    }

    fn apply_action(&mut self, action: Action) -> Result<(), AppError> {
        let size = self.size();
        Game::apply(self, action)
            .map(|_| ())
            .map_err(|rejection| illegal(rejection, size))
    }

    fn revision(&self) -> String {
        Game::revision(self)
    }

    fn view(&self) -> GameView {
        Game::view(self)
    }
}

/// The app's TimeGo game: the host's session plus what only TimeGo has (arrivals,
/// preview, groups, the computer opponent).
pub struct TimeGoSession {
    session: GameSession<Game>,
    computer: Computer,
}

impl TimeGoSession {
    /// Loads the saved game from `data_dir`, or starts a new one with the settings'
    /// defaults when there is none. An invalid save is kept and pauses saving.
    pub fn open(data_dir: &Path, may_write: bool, settings: &Settings) -> Self {
        let (session, loaded) = GameSession::open(data_dir, may_write, || fresh_game(settings));
        let computer = Computer::open(data_dir, may_write, loaded, Default::default());
        Self { session, computer }
    }

    /// The save status.
    pub fn save_status(&self) -> &SaveStatus {
        self.session.save_status()
    }

    /// Whether a game is under way (the home screen offers to continue it).
    pub fn in_progress(&self) -> bool {
        self.session.in_progress()
    }

    /// The current view.
    pub fn view(&self) -> TimeGoView {
        let viewed = self.session.viewed();
        let position = viewed.view();
        let size = viewed.size();
        TimeGoView {
            lock_blocked: position
                .lock_rejection
                .clone()
                .map(|rejection| Reason::new(rejection, size)),
            position,
            turns: self.session.line().actions().to_vec(),
            cursor: self.session.cursor(),
            save: self.session.save_status().clone(),
            opponent: self.computer.settings(),
            computer_to_move: self.computer_to_move(),
        }
    }

    /// Replaces the game with a new one of `size` and `komi`.
    pub fn new_game(&mut self, args: NewGameArgs) -> CommandResult<TimeGoView> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&args.size) {
            return Err(AppError::invalid(format!(
                "board size {} is not supported; sizes are {MIN_SIZE} to {MAX_SIZE}",
                args.size
            )));
        }
        crate::settings::validate_komi(args.komi, args.size)
            .map_err(|reason| AppError::invalid(format!("komi {reason}")))?;
        let game = Game::new(args.size, args.komi)
            .map_err(|error| AppError::invalid(error.to_string()))?;
        self.session.replace(game, 0);
        self.forget_opponent();
        Ok(self.view())
    }

    /// Plays one action in the viewed position. While reviewing an earlier position this
    /// needs `replace_future`, and then replaces the later turns.
    pub fn apply(&mut self, args: ApplyArgs) -> CommandResult<TimeGoView> {
        self.session.apply(args.action, args.replace_future)?;
        Ok(self.view())
    }

    /// Views the position after the first `cursor` actions; the later turns are kept.
    pub fn review(&mut self, args: ReviewArgs) -> CommandResult<TimeGoView> {
        self.session.review(args.cursor)?;
        Ok(self.view())
    }

    /// Every permitted arrival gap of the traveller at `source` in the viewed position.
    pub fn arrivals(&self, args: ArrivalsArgs) -> CommandResult<Vec<ArrivalOption>> {
        let viewed = self.session.viewed();
        let size = viewed.size();
        let arrivals = viewed
            .arrivals(args.source)
            .map_err(|rejection| illegal(rejection, size))?;
        Ok(arrivals
            .into_iter()
            .map(|arrival| ArrivalOption {
                target: arrival.target,
                reason: arrival
                    .rejection
                    .map(|rejection| Reason::new(rejection, size)),
            })
            .collect())
    }

    /// The possible present of the time move `source -> target` by the player to move;
    /// the game does not change.
    pub fn preview(&self, args: PreviewArgs) -> CommandResult<TimePreview> {
        let viewed = self.session.viewed();
        let consequences = viewed
            .preview_time(args.source, args.target)
            .map_err(|rejection| illegal(rejection, viewed.size()))?;
        let cancelled_reasons = consequences
            .cancelled
            .iter()
            .map(|cancelled| {
                format!(
                    "Placement {} was cancelled: {}.",
                    cancelled.old_index + 1,
                    cancelled.reason
                )
            })
            .collect();
        let comparison = viewed
            .compare_time(args.source, args.target)
            .map_err(|rejection| illegal(rejection, viewed.size()))?;
        Ok(TimePreview {
            consequences,
            cancelled_reasons,
            comparison,
        })
    }

    /// The group through `point` of `board` (a board of the viewed game) with its empty
    /// liberties, computed by the engine; `None` for an empty point.
    pub fn group(&self, args: GroupArgs) -> CommandResult<Option<Chain>> {
        self.session
            .viewed()
            .group_at(&args.board, args.point)
            .map_err(|error| AppError::invalid(error.to_string()))
    }

    /// Every legal action in the viewed position, sorted as the CLI's `legal` prints them.
    pub fn legal(&self) -> Vec<Action> {
        self.session.viewed().legal_actions()
    }

    /// The complete `time-go-game` document of the line with the viewed cursor.
    pub fn export(&self) -> CommandResult<String> {
        self.session.export()
    }

    /// Replaces the game with an imported document; a rejected document changes nothing.
    pub fn import(&mut self, args: ImportArgs) -> CommandResult<TimeGoView> {
        self.session.import(&args.text)?;
        self.forget_opponent();
        Ok(self.view())
    }

    /// The text of the invalid save file kept on disk, for the player to export.
    pub fn invalid_save(&self) -> CommandResult<Option<String>> {
        self.session.invalid_save()
    }

    /// On the player's explicit confirmation, renames the invalid save aside (keeping it)
    /// and saves the current game in its place.
    pub fn set_aside_invalid(&mut self, args: ConfirmArgs) -> CommandResult<TimeGoView> {
        self.session.set_aside_invalid(args.confirm)?;
        Ok(self.view())
    }

    /// Writes the game's document to `path` (chosen by the player in a file dialog).
    pub fn export_to(&self, path: &Path) -> CommandResult<()> {
        self.session.export_to(path)
    }

    /// Copies the kept invalid save, byte for byte, to `path`.
    pub fn export_invalid_to(&self, path: &Path) -> CommandResult<()> {
        self.session.export_invalid_to(path)
    }

    /// Imports the document in the file at `path`; files over the 2 MiB limit are
    /// refused before they are read whole.
    pub fn import_from(&mut self, path: &Path) -> CommandResult<TimeGoView> {
        self.session.import_from(path)?;
        self.forget_opponent();
        Ok(self.view())
    }

    /// A new or imported game starts with two people playing: its opponent settings (not
    /// part of the `time-go-game` document) are set afterwards by `timego_opponent_set`.
    fn forget_opponent(&mut self) {
        self.computer.file.forget();
    }
}

fn fresh_game(settings: &Settings) -> Game {
    Game::new(
        settings.timego.default_board_size,
        settings.timego.default_komi,
    )
    .or_else(|_| Game::new(5, 0.0))
    .expect("a 5×5 game with zero komi is always valid")
}

fn illegal(rejection: Rejection, size: u8) -> AppError {
    let reason = Reason::new(rejection, size);
    AppError::timego_illegal(reason.rejection, reason.message)
}

#[cfg(test)]
mod tests {
    use super::test_support::{new_game, place, saved, session};
    use super::*;
    use crate::error::GameRejection;
    use crate::test_dir::{paths_in, TestDir};
    use canon_engine::go::Color;

    /// Black B1, White A1, Black A2 captures A1 on a 4×4 board.
    fn capture_line(session: &mut TimeGoSession) {
        new_game(session, 4, 0.0);
        for (player, point) in [(Color::Black, 1), (Color::White, 0), (Color::Black, 4)] {
            session.apply(place(player, point)).unwrap();
        }
    }

    /// A fresh directory with a writing session on [`capture_line`].
    fn captured(label: &str) -> (TestDir, TimeGoSession) {
        let dir = TestDir::new(label);
        let mut session = session(&dir, true);
        capture_line(&mut session);
        (dir, session)
    }

    #[test]
    fn starts_with_the_settings_defaults_and_saves_nothing_until_played() {
        let dir = TestDir::new("timego-fresh");
        let session = session(&dir, true);
        let view = session.view();
        assert_eq!((view.position.size, view.cursor), (5, 0));
        assert_eq!(view.save, SaveStatus::NothingToSave);
        assert!(!dir.path().join(SAVE_FILE_NAME).exists());
    }

    #[test]
    fn every_action_is_autosaved_and_reloads_identically() {
        let dir = TestDir::new("timego-autosave");
        let mut first = session(&dir, true);
        capture_line(&mut first);
        let view = first.view();
        assert_eq!(view.save, SaveStatus::Saved);
        assert_eq!(view.position.checkpoint.board[0], 0, "A1 was captured");
        assert_eq!(saved(&dir), first.export().unwrap());
        drop(first);
        let reloaded = session(&dir, true);
        assert_eq!(reloaded.view(), view);
    }

    #[test]
    fn bad_new_game_arguments_are_refused_and_change_nothing() {
        let (dir, mut session) = captured("timego-new-bad");
        let before = saved(&dir);
        for (size, komi, expected) in [
            (6, 0.0, "size 6"),
            (1, 0.0, "size 1"),
            (4, 0.25, "0.5"),
            (4, 17.0, "board area"),
        ] {
            let error = session.new_game(NewGameArgs { size, komi }).unwrap_err();
            assert!(matches!(error, AppError::InvalidArgument { .. }));
            assert!(error.to_string().contains(expected), "{error}");
        }
        assert_eq!(saved(&dir), before);
        assert_eq!(session.view().turns.len(), 3);
    }

    #[test]
    fn illegal_actions_come_back_in_words_and_change_nothing() {
        let (dir, mut session) = captured("timego-illegal");
        let before = saved(&dir);
        let occupied = session.apply(place(Color::White, 1)).unwrap_err();
        match &occupied {
            AppError::Illegal {
                message,
                rejection: GameRejection::TimeGo(rejection),
                ..
            } => {
                assert!(matches!(rejection, Rejection::Occupied { point: 1 }));
                assert!(message.contains("B1"), "{message}");
            }
            other => panic!("expected an illegal action, got {other:?}"),
        }
        let wrong_player = session.apply(place(Color::Black, 10)).unwrap_err();
        assert!(matches!(
            wrong_player,
            AppError::Illegal {
                rejection: GameRejection::TimeGo(Rejection::NotYourTurn { .. }),
                ..
            }
        ));
        assert_eq!(saved(&dir), before);
        assert_eq!(session.view().turns.len(), 3);
    }

    #[test]
    fn playing_from_an_earlier_cursor_needs_confirmation_then_replaces_the_future() {
        let (dir, mut session) = captured("timego-review");
        let view = session.review(ReviewArgs { cursor: 1 }).unwrap();
        assert_eq!((view.cursor, view.turns.len()), (1, 3));
        assert_eq!(view.position.checkpoint.placements.len(), 1);
        assert!(saved(&dir).contains("\"cursor\": 1"));

        let refused = session.apply(place(Color::White, 15)).unwrap_err();
        assert!(
            matches!(refused, AppError::ConfirmationNeeded { ref message } if message.contains("2 later turns"))
        );
        assert_eq!(session.view().turns.len(), 3);

        let mut replace = place(Color::White, 15);
        replace.replace_future = true;
        let view = session.apply(replace).unwrap();
        assert_eq!((view.cursor, view.turns.len()), (2, 2));
        let (reloaded, cursor) = Game::from_record(saved(&dir).as_bytes()).unwrap();
        assert_eq!((reloaded.actions().len(), cursor), (2, 2));
        assert!(session.review(ReviewArgs { cursor: 3 }).is_err());
    }

    #[test]
    fn preview_shows_what_the_commit_does_and_changes_nothing() {
        let dir = TestDir::new("timego-preview");
        let mut session = session(&dir, true);
        new_game(&mut session, 4, 0.0);
        for (player, point) in [
            (Color::Black, 5),
            (Color::White, 6),
            (Color::Black, 9),
            (Color::White, 10),
        ] {
            session.apply(place(player, point)).unwrap();
        }
        let time_moves: Vec<(usize, usize)> = session
            .legal()
            .into_iter()
            .filter_map(|action| match action {
                Action::Time { source, target, .. } => Some((source, target)),
                _ => None,
            })
            .collect();
        assert!(!time_moves.is_empty(), "Black can move a birth earlier");
        let before = saved(&dir);
        for (source, target) in time_moves {
            let preview = session.preview(PreviewArgs { source, target }).unwrap();
            assert_eq!(saved(&dir), before, "a preview never saves");
            let arrivals = session.arrivals(ArrivalsArgs { source }).unwrap();
            assert!(arrivals
                .iter()
                .any(|a| a.target == target && a.reason.is_none()));
            let mut trial = TimeGoSession::open(dir.path(), false, &Settings::default());
            let view = trial
                .apply(ApplyArgs {
                    action: Action::Time {
                        player: Color::Black,
                        source,
                        target,
                    },
                    replace_future: false,
                })
                .unwrap();
            assert_eq!(
                view.position.checkpoint.board,
                preview.consequences.board_after
            );
            assert_eq!(
                view.position.checkpoint.placements,
                preview.consequences.placements
            );
        }
    }

    #[test]
    fn a_time_move_that_is_illegal_is_explained() {
        let (_dir, session) = captured("timego-time-illegal");
        // White to move; placement 0 is Black's stone at B1.
        let error = session
            .preview(PreviewArgs {
                source: 0,
                target: 0,
            })
            .unwrap_err();
        assert!(matches!(error, AppError::Illegal { .. }), "{error:?}");
        assert!(!error.to_string().is_empty());
        assert!(session.arrivals(ArrivalsArgs { source: 99 }).is_err());
    }

    #[test]
    fn a_secondary_instance_plays_but_never_writes_the_first_instances_file() {
        let dir = TestDir::new("timego-secondary");
        let mut first = session(&dir, true);
        capture_line(&mut first);
        let before = saved(&dir);
        let mut second = session(&dir, false);
        assert_eq!(
            second.view().turns.len(),
            3,
            "the second window sees the saved game"
        );
        let view = second.apply(place(Color::White, 15)).unwrap();
        assert!(matches!(view.save, SaveStatus::PausedOtherInstance { .. }));
        new_game(&mut second, 5, 0.5);
        assert_eq!(saved(&dir), before);
    }

    #[test]
    fn an_invalid_save_is_kept_reported_and_set_aside_only_on_confirmation() {
        let dir = TestDir::new("timego-invalid");
        let path = dir.path().join(SAVE_FILE_NAME);
        let broken = r#"{"schema":"time-go-game","version":1,"rules":"timego-shared-lock-v1","size":4,"komi":0,"actions":[{"player":"white","type":"pass"}],"cursor":1}"#;
        std::fs::write(&path, broken).unwrap();
        let mut session = session(&dir, true);
        let view = session.view();
        match &view.save {
            SaveStatus::PausedInvalidSave { message, .. } => {
                assert!(message.contains("action 0"), "{message}")
            }
            other => panic!("expected a paused save, got {other:?}"),
        }
        assert_eq!(session.invalid_save().unwrap().as_deref(), Some(broken));
        session.apply(place(Color::Black, 0)).unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            broken,
            "never overwritten silently"
        );

        let refused = session.set_aside_invalid(ConfirmArgs { confirm: false });
        assert!(matches!(refused, Err(AppError::ConfirmationNeeded { .. })));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), broken);

        let view = session
            .set_aside_invalid(ConfirmArgs { confirm: true })
            .unwrap();
        assert_eq!(view.save, SaveStatus::Saved);
        let kept = paths_in(dir.path(), |name| name.contains(".invalid-"));
        assert_eq!(kept.len(), 1);
        assert_eq!(std::fs::read_to_string(&kept[0]).unwrap(), broken);
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            session.export().unwrap()
        );
        assert!(session.invalid_save().unwrap().is_none());
    }

    #[test]
    fn files_chosen_in_dialogs_round_trip_and_oversized_ones_are_refused() {
        let (dir, mut session) = captured("timego-files");
        let exported = dir.path().join("exported.json");
        session.export_to(&exported).unwrap();
        assert_eq!(
            std::fs::read_to_string(&exported).unwrap(),
            session.export().unwrap()
        );
        new_game(&mut session, 5, 0.0);
        let view = session.import_from(&exported).unwrap();
        assert_eq!(view.turns.len(), 3);

        let huge = dir.path().join("huge.json");
        std::fs::write(&huge, vec![b' '; DOCUMENT_LIMIT + 1]).unwrap();
        assert!(matches!(
            session.import_from(&huge),
            Err(AppError::InvalidRecord { .. })
        ));
        let missing = session
            .import_from(&dir.path().join("missing.json"))
            .unwrap_err();
        assert!(matches!(missing, AppError::Storage { .. }));
        assert!(session
            .export_invalid_to(&dir.path().join("x.json"))
            .is_err());
        assert_eq!(session.view().turns.len(), 3);
    }

    /// A 5×5 line of exactly 1,024 actions (the application's limit), shared with the UI
    /// tests: the seeded random line `sample::random_line` plays with seed 7, exported.
    const AT_LIMIT: &str = include_str!("../../../tests/fixtures/timego-1024-actions.timego.json");

    #[test]
    fn at_the_action_limit_play_stops_but_review_and_export_keep_everything() {
        use canon_engine::timego::ACTION_LIMIT;
        let dir = TestDir::new("timego-limit");
        let mut session = session(&dir, true);
        let view = session
            .import(ImportArgs {
                text: AT_LIMIT.to_owned(),
            })
            .unwrap();
        assert_eq!(view.turns.len(), ACTION_LIMIT);
        assert!(view.position.action_limit_reached);
        assert_eq!(view.position.checkpoint.result, None, "never scored");
        let next = view.position.checkpoint.next.expect("not ended");
        assert!(session.legal().is_empty());
        let before = saved(&dir);
        let refused = session
            .apply(ApplyArgs {
                action: Action::Pass { player: next },
                replace_future: false,
            })
            .unwrap_err();
        assert!(
            matches!(
                refused,
                AppError::Illegal {
                    rejection: GameRejection::TimeGo(Rejection::ActionLimit { limit: 1024 }),
                    ..
                }
            ),
            "{refused:?}"
        );
        assert_eq!(saved(&dir), before, "a refusal changes nothing");

        // Review goes on, and the export keeps the whole line with the viewed cursor.
        let view = session.review(ReviewArgs { cursor: 10 }).unwrap();
        assert_eq!((view.cursor, view.turns.len()), (10, ACTION_LIMIT));
        assert!(!view.position.action_limit_reached);
        let (exported, cursor) = Game::from_record(session.export().unwrap().as_bytes()).unwrap();
        assert_eq!((exported.actions().len(), cursor), (ACTION_LIMIT, 10));
        assert_eq!(exported.actions(), view.turns.as_slice());
    }

    #[test]
    fn the_invalid_save_exports_byte_for_byte() {
        let dir = TestDir::new("timego-invalid-export");
        std::fs::write(dir.path().join(SAVE_FILE_NAME), [0xff, b'{', 0x00]).unwrap();
        let session = session(&dir, true);
        let copy = dir.path().join("copy.json");
        session.export_invalid_to(&copy).unwrap();
        assert_eq!(std::fs::read(&copy).unwrap(), vec![0xff, b'{', 0x00]);
    }

    #[test]
    fn import_replaces_the_game_only_when_the_document_is_valid() {
        let (dir, mut session) = captured("timego-import");
        let document = session.export().unwrap();
        let before = saved(&dir);
        for bad in [
            "",
            "{}",
            "[1]",
            &document.replace("\"size\": 4", "\"size\": 9"),
        ] {
            let error = session
                .import(ImportArgs {
                    text: bad.to_owned(),
                })
                .unwrap_err();
            assert!(
                matches!(error, AppError::InvalidRecord { .. }),
                "{bad}: {error:?}"
            );
        }
        let huge = " ".repeat(DOCUMENT_LIMIT + 1);
        assert!(session.import(ImportArgs { text: huge }).is_err());
        assert_eq!(saved(&dir), before);

        new_game(&mut session, 5, 0.0);
        let view = session
            .import(ImportArgs {
                text: document.clone(),
            })
            .unwrap();
        assert_eq!((view.position.size, view.turns.len()), (4, 3));
        assert_eq!(saved(&dir), document);
    }

    #[test]
    fn group_reads_any_board_of_the_game_and_refuses_a_wrong_one_in_words() {
        let (dir, session) = captured("timego-group");
        let before = saved(&dir);
        let board = session.view().position.checkpoint.board;
        // Black B1 and A2 stand apart after capturing A1 (4×4: B1 = 1, A2 = 4).
        let b1 = session
            .group(GroupArgs {
                board: board.clone(),
                point: 1,
            })
            .unwrap()
            .unwrap();
        assert_eq!((b1.stones, b1.liberties), (vec![1], vec![0, 2, 5]));
        assert_eq!(session.group(GroupArgs { board, point: 0 }).unwrap(), None);
        // A board of the past: White's A1 before the capture, in atari at A2.
        let mut past = vec![0u8; 16];
        past[1] = 1;
        past[0] = 2;
        let a1 = session
            .group(GroupArgs {
                board: past,
                point: 0,
            })
            .unwrap()
            .unwrap();
        assert_eq!((a1.color, a1.liberties), (Color::White, vec![4]));
        for (board, point, words) in [
            (vec![0u8; 25], 0, "not a 4 × 4 coloring"),
            (vec![7u8; 16], 0, "cell 0 has value 7"),
            (vec![0u8; 16], 16, "point 16 is not on the board"),
        ] {
            let error = session.group(GroupArgs { board, point }).unwrap_err();
            assert!(
                matches!(&error, AppError::InvalidArgument { message } if message.contains(words)),
                "{error:?}"
            );
        }
        assert_eq!(saved(&dir), before, "looking changes nothing");
    }
}
