//! Time Chess on the game host: the engine's `Game` is the line the host saves, replays
//! and reviews; this module only turns the engine's answers into command replies, so the
//! screen renders and asks.
//!
//! The save (`chess.json`) is a plain `time-chess-game` document. That record has no
//! cursor, so a game reopened after a restart is viewed at its last move.
//!
//! `chess/computer.rs` is the computer opponent: its settings, its search as an engine
//! job, and the hint.

mod computer;

pub use computer::{
    chess_levels, chess_think_limits, ChessComputerJob, ChessComputerOutcome, ChessHint,
    ChessLevelInfo, ChessOpponentSettings, ChessSearch, OPPONENT_FILE_NAME,
};

use crate::error::{AppError, CommandResult};
use crate::host::session::{GameSession, ReviewTo};
use crate::host::HostedGame;
use crate::save_slot::SaveStatus;
use canon_engine::timechess::{
    Completion, Game, Move, Pos, ScreenView, Selection, MAX_RECORD_BYTES, SCHEMA,
};
use serde::{Deserialize, Serialize};
use std::path::Path;
use ts_rs::TS;

/// File name of the Time Chess save in the app data directory.
pub const SAVE_FILE_NAME: &str = "chess.json";

/// What the Time Chess screen shows: the engine's view at the viewed cursor and the line.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct ChessView {
    /// The engine's screen view of the position after the first `cursor` moves.
    pub screen: ScreenView,
    /// Every move of the line, including those after the cursor while reviewing.
    pub moves: Vec<Move>,
    /// Number of moves applied in the viewed position.
    pub cursor: usize,
    /// The viewed position's revision: a move is played only at this revision.
    pub revision: String,
    /// Whether this game reaches the disk.
    pub save: SaveStatus,
    /// Who the computer plays and at which level.
    pub opponent: ChessOpponentSettings,
    /// Whether it is the computer's turn: at the end of the line, in a game that goes on.
    pub computer_to_move: bool,
}

/// Arguments of `chess_select`.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ChessSelectArgs {
    /// The selected position, in notation (`e2t0`).
    pub from: Pos,
}

/// Arguments of `chess_play`.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ChessPlayArgs {
    /// The move, in notation (`e2t0e4t0`).
    pub mv: Move,
    /// `ChessView.revision` of the position the move was chosen in.
    pub revision: String,
    /// Must be true to play while reviewing an earlier position: the later moves are
    /// then replaced by this new line.
    #[serde(default)]
    pub replace_future: bool,
}

/// Arguments of `chess_play_typed`.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ChessTypedArgs {
    /// The typed move (`e2t0e4t0`; spaces and capitals allowed).
    pub text: String,
    /// `ChessView.revision` of the position the move was typed in.
    pub revision: String,
    /// As in `chess_play`.
    #[serde(default)]
    pub replace_future: bool,
}

/// Arguments of `chess_complete`.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ChessCompleteArgs {
    /// The text typed so far.
    pub prefix: String,
}

/// Arguments of `chess_import`.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ChessImportArgs {
    /// A complete `time-chess-game` document.
    pub text: String,
}

impl HostedGame for Game {
    type Action = Move;
    type View = ScreenView;
    const NAME: &'static str = "Time Chess";
    const DOCUMENT_KIND: &'static str = SCHEMA;
    const SAVE_FILE: &'static str = SAVE_FILE_NAME;
    const DOCUMENT_LIMIT: usize = MAX_RECORD_BYTES;

    fn from_record(bytes: &[u8]) -> Result<(Self, usize), String> {
        let game = Game::import(bytes).map_err(|error| error.to_string())?;
        let end = game.moves().count();
        Ok((game, end))
    }

    fn to_record(&self, _cursor: usize) -> Result<String, String> {
        Ok(self.to_record_json())
    }

    fn line_len(&self) -> usize {
        self.moves().count()
    }

    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    fn state_at(&self, cursor: usize) -> Result<Self, String> {
        Game::state_at(self, cursor)
            .ok_or_else(|| format!("the game has no position after {cursor} moves"))
    }

    fn apply_action(&mut self, mv: Move) -> Result<(), AppError> {
        // A refused move leaves the game as it was, so the refusal reads this position.
        self.play(mv)
            .map_err(|error| AppError::chess_illegal(self.refusal(mv, &error)))
    }

    fn revision(&self) -> String {
        // The engine's inherent fingerprint, which the trait method shadows here.
        Game::revision(self)
    }

    fn view(&self) -> ScreenView {
        self.screen_view()
    }
}

/// The app's Time Chess game: the host's session of the engine's game.
pub struct ChessSession {
    session: GameSession<Game>,
    computer: computer::Computer,
}

impl ChessSession {
    /// Loads `chess.json` from `data_dir`, or starts from the chess starting position;
    /// an invalid save is kept and pauses saving.
    pub fn open(data_dir: &Path, may_write: bool) -> Self {
        let (session, loaded) = GameSession::open(data_dir, may_write, Game::new);
        let computer =
            computer::Computer::open(data_dir, may_write, loaded, computer::ChessThink::PerLevel);
        Self { session, computer }
    }

    /// Whether the Time Chess game reaches the disk.
    pub fn save_status(&self) -> &SaveStatus {
        self.session.save_status()
    }

    /// Whether a game is under way (the home screen offers to continue it).
    pub fn in_progress(&self) -> bool {
        self.session.in_progress()
    }

    /// The screen's view of the viewed position and the line.
    pub fn view(&self) -> ChessView {
        let viewed = self.session.viewed();
        ChessView {
            screen: viewed.screen_view(),
            moves: self.session.line().moves().collect(),
            cursor: self.session.cursor(),
            revision: viewed.revision(),
            save: self.save_status().clone(),
            opponent: self.computer.settings(),
            computer_to_move: self.computer_to_move(),
        }
    }

    /// Starts a new game from the chess starting position, between two people (the UI
    /// sets the computer's side afterwards with `chess_opponent_set`).
    pub fn new_game(&mut self) -> ChessView {
        self.session.replace(Game::new(), 0);
        self.computer.file.forget();
        self.view()
    }

    /// What selecting `from` in the viewed position offers: its legal destinations by
    /// layer, or the engine's reason there are none.
    pub fn select(&self, args: ChessSelectArgs) -> Selection {
        self.session.viewed().selection(args.from)
    }

    /// The legal moves of the viewed position that start with the typed prefix.
    pub fn complete(&self, args: ChessCompleteArgs) -> Completion {
        self.session.viewed().complete(&args.prefix)
    }

    /// Plays a move chosen at `revision`; a stale revision, a needed confirmation or an
    /// illegal move is refused and changes nothing.
    pub fn play(&mut self, args: ChessPlayArgs) -> CommandResult<ChessView> {
        self.check_revision(&args.revision)?;
        self.session.apply(args.mv, args.replace_future)?;
        Ok(self.view())
    }

    /// Reads a typed move with the engine's entry rules, then plays it as `play` does.
    pub fn play_typed(&mut self, args: ChessTypedArgs) -> CommandResult<ChessView> {
        self.check_revision(&args.revision)?;
        let mv = self
            .session
            .viewed()
            .parse_entry(&args.text)
            .map_err(AppError::chess_illegal)?;
        self.play(ChessPlayArgs {
            mv,
            revision: args.revision,
            replace_future: args.replace_future,
        })
    }

    /// Moves the viewed cursor; the later moves are kept.
    pub fn review(&mut self, to: ReviewTo) -> CommandResult<ChessView> {
        self.session.review_to(to, 0)?;
        Ok(self.view())
    }

    /// The `time-chess-game` document of the whole line.
    pub fn export(&self) -> CommandResult<String> {
        self.session.export()
    }

    /// Replaces the game with an imported document (refused over the document limit
    /// before it is read); a rejected document changes nothing.
    pub fn import(&mut self, args: ChessImportArgs) -> CommandResult<ChessView> {
        self.session.import(&args.text)?;
        self.computer.file.forget();
        Ok(self.view())
    }

    /// Writes the `time-chess-game` document of the whole line to `path` (a file dialog's
    /// choice).
    pub fn export_to(&self, path: &Path) -> CommandResult<()> {
        self.session.export_to(path)
    }

    /// Replaces the game with the document at `path` (a file dialog's choice); a rejected
    /// file changes nothing.
    pub fn import_from(&mut self, path: &Path) -> CommandResult<ChessView> {
        self.session.import_from(path)?;
        self.computer.file.forget();
        Ok(self.view())
    }

    /// The kept invalid save's text, for the player to export; `None` without one.
    pub fn invalid_save(&self) -> CommandResult<Option<String>> {
        self.session.invalid_save()
    }

    /// Sets the invalid save aside on the player's confirmation and saves this game.
    pub fn set_aside_invalid(&mut self, confirm: bool) -> CommandResult<ChessView> {
        self.session.set_aside_invalid(confirm)?;
        Ok(self.view())
    }

    fn check_revision(&self, revision: &str) -> CommandResult<()> {
        let current = self.session.viewed().revision();
        if revision == current {
            return Ok(());
        }
        Err(AppError::invalid(format!(
            "the position changed since this move was chosen (revision {}, now {current}); nothing was played",
            lineread::excerpt(revision)
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{error::GameRejection, test_dir::TestDir};

    fn play(session: &mut ChessSession, notation: &str) -> CommandResult<ChessView> {
        let revision = session.view().revision;
        session.play(ChessPlayArgs {
            mv: notation.parse().unwrap(),
            revision,
            replace_future: false,
        })
    }

    #[test]
    fn starts_at_the_starting_position_and_saves_only_once_played() {
        let dir = TestDir::new("chess-fresh");
        let mut session = ChessSession::open(dir.path(), true);
        let view = session.view();
        assert_eq!((view.cursor, view.screen.present), (0, 0));
        assert_eq!(view.save, SaveStatus::NothingToSave);
        assert!(!dir.path().join(SAVE_FILE_NAME).exists());
        play(&mut session, "e2t0e4t0").unwrap();
        let saved = std::fs::read_to_string(dir.path().join(SAVE_FILE_NAME)).unwrap();
        assert!(saved.contains("e2t0e4t0"));
        assert_eq!(session.save_status(), &SaveStatus::Saved);
    }

    #[test]
    fn a_refused_move_carries_the_engines_rule_and_changes_nothing() {
        let dir = TestDir::new("chess-refused");
        let mut session = ChessSession::open(dir.path(), true);
        let before = session.view();
        let error = play(&mut session, "e2t0e5t0").unwrap_err();
        let AppError::Illegal {
            rejection:
                GameRejection::Chess(canon_engine::timechess::EntryError::Illegal { rule, .. }),
            message,
            ..
        } = error
        else {
            panic!("not a Time Chess refusal: {error:?}");
        };
        assert_eq!(
            rule,
            canon_engine::timechess::Refusal::NotAMove {
                kind: canon_engine::timechess::Kind::Pawn
            }
        );
        assert!(message.starts_with("e2t0e5t0: "), "{message}");
        assert_eq!(session.view(), before);
    }

    #[test]
    fn review_steps_stay_on_the_line() {
        let dir = TestDir::new("chess-review");
        let mut session = ChessSession::open(dir.path(), false);
        play(&mut session, "e2t0e4t0").unwrap();
        play(&mut session, "e7t1e5t1").unwrap();
        let cursor = |session: &mut ChessSession, to| session.review(to).unwrap().cursor;
        assert_eq!(cursor(&mut session, ReviewTo::Next), 2);
        assert_eq!(cursor(&mut session, ReviewTo::Previous), 1);
        assert_eq!(cursor(&mut session, ReviewTo::First), 0);
        assert_eq!(cursor(&mut session, ReviewTo::Previous), 0);
        assert_eq!(cursor(&mut session, ReviewTo::Last), 2);
        assert_eq!(cursor(&mut session, ReviewTo::Jump { cursor: 1 }), 1);
        assert!(session.review(ReviewTo::Jump { cursor: 3 }).is_err());
        assert_eq!(session.view().cursor, 1);
    }
}
