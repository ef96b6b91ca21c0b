//! A line of Go on surfaces on the game host: the engine's `SurfaceGame` in one of two
//! save slots (the game, or the study/analysis), and what its screen shows of it.

use crate::error::{AppError, GameRejection};
use crate::host::session::GameSession;
use crate::host::{GameId, HostedGame};
use crate::save_slot::SaveStatus;
use canon_engine::game_api::RulesGame;
use canon_engine::go::Color;
use canon_engine::surfaces::records::{
    ANALYSIS_SCHEMA, GAME_SCHEMA, IMPORT_LIMIT, REPLAY_SCHEMA, STUDY_SCHEMA,
};
use canon_engine::surfaces::{
    Action, Origin, Outcome, Point, Rejection, Score, Surface, SurfaceGame,
};
use serde::{Deserialize, Serialize};
use std::marker::PhantomData;
use ts_rs::TS;

/// File name of the surfaces game in the app data directory.
pub const GAME_FILE_NAME: &str = "surface.json";
/// File name of the surfaces study or analysis in the app data directory.
pub const STUDY_FILE_NAME: &str = "surface-study.json";

/// Which line of the surfaces screen: the game (Play) or the study/analysis (Study).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum SurfaceLineId {
    /// The official game from the empty board.
    Game,
    /// The study (from a diagram) or the analysis (from a game's prefix).
    Study,
}

/// What a line is, by where its history starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum SurfaceLineKind {
    /// An official game.
    Game,
    /// A study from a diagram: earlier history unknown.
    Study,
    /// An analysis of a known game's prefix.
    Analysis,
}

impl SurfaceLineKind {
    /// The kind of `game`'s line.
    pub fn of(game: &SurfaceGame) -> SurfaceLineKind {
        match game.origin() {
            Origin::Game => SurfaceLineKind::Game,
            Origin::Study { .. } => SurfaceLineKind::Study,
            Origin::Analysis { .. } => SurfaceLineKind::Analysis,
        }
    }

    /// The `schema` of its documents.
    pub fn schema(self) -> &'static str {
        match self {
            SurfaceLineKind::Game => GAME_SCHEMA,
            SurfaceLineKind::Study => STUDY_SCHEMA,
            SurfaceLineKind::Analysis => ANALYSIS_SCHEMA,
        }
    }
}

/// A save slot of a surfaces line: its file and which lines it holds.
pub trait LineSlot: 'static {
    /// The line.
    const LINE: SurfaceLineId;
    /// Its name in messages.
    const NAME: &'static str;
    /// The `schema` of the document it usually holds.
    const DOCUMENT_KIND: &'static str;
    /// Its file in the app data directory.
    const SAVE_FILE: &'static str;
    /// Whether a line of `kind` belongs in this slot.
    fn holds(kind: SurfaceLineKind) -> bool;
}

/// The slot of the official game.
pub enum GameSlot {}

impl LineSlot for GameSlot {
    const LINE: SurfaceLineId = SurfaceLineId::Game;
    const NAME: &'static str = "Go on surfaces";
    const DOCUMENT_KIND: &'static str = GAME_SCHEMA;
    const SAVE_FILE: &'static str = GAME_FILE_NAME;
    fn holds(kind: SurfaceLineKind) -> bool {
        kind == SurfaceLineKind::Game
    }
}

/// The slot of the study or analysis.
pub enum StudySlot {}

impl LineSlot for StudySlot {
    const LINE: SurfaceLineId = SurfaceLineId::Study;
    const NAME: &'static str = "Go on surfaces study";
    const DOCUMENT_KIND: &'static str = STUDY_SCHEMA;
    const SAVE_FILE: &'static str = STUDY_FILE_NAME;
    fn holds(kind: SurfaceLineKind) -> bool {
        kind != SurfaceLineKind::Game
    }
}

/// The engine's line in slot `S`.
pub struct SurfaceLine<S> {
    game: SurfaceGame,
    slot: PhantomData<fn() -> S>,
}

impl<S> Clone for SurfaceLine<S> {
    fn clone(&self) -> Self {
        Self::new(self.game.clone())
    }
}

impl<S> SurfaceLine<S> {
    /// Wraps `game`.
    pub fn new(game: SurfaceGame) -> Self {
        Self {
            game,
            slot: PhantomData,
        }
    }

    /// The engine's line.
    pub fn game(&self) -> &SurfaceGame {
        &self.game
    }
}

/// Go on surfaces on the game host; the documents are the engine's records (a
/// `surface-go-replay` wrapper while the cursor is before the end).
impl<S: LineSlot> HostedGame for SurfaceLine<S> {
    type Action = Action;
    type View = canon_engine::surfaces::records::Snapshot;
    const NAME: &'static str = S::NAME;
    const DOCUMENT_KIND: &'static str = S::DOCUMENT_KIND;
    const SAVE_FILE: &'static str = S::SAVE_FILE;
    const DOCUMENT_LIMIT: usize = IMPORT_LIMIT;

    fn from_record(bytes: &[u8]) -> Result<(Self, usize), String> {
        let text = std::str::from_utf8(bytes).map_err(|_| "the file is not UTF-8 text")?;
        let (game, cursor) = SurfaceGame::import_record(text).map_err(|e| e.to_string())?;
        let kind = SurfaceLineKind::of(&game);
        if !S::holds(kind) {
            return Err(format!(
                "it holds a {} line, which belongs elsewhere",
                kind.schema()
            ));
        }
        Ok((Self::new(game), cursor))
    }

    fn to_record(&self, cursor: usize) -> Result<String, String> {
        Ok(self.game.export_record(cursor))
    }

    fn line_len(&self) -> usize {
        self.game.actions().len()
    }

    fn is_over(&self) -> bool {
        self.game.outcome().is_some()
    }

    fn state_at(&self, cursor: usize) -> Result<Self, String> {
        self.game.state_at(cursor).map(Self::new).ok_or_else(|| {
            format!(
                "there is no position after {cursor} actions in this line (its review runs from {} to {})",
                first_cursor(&self.game),
                self.game.actions().len()
            )
        })
    }

    fn apply_action(&mut self, action: Action) -> Result<(), AppError> {
        let surface = self.game.surface();
        self.game
            .apply(action)
            .map(|_| ())
            .map_err(|rejection| illegal(rejection, surface))
    }

    fn revision(&self) -> String {
        self.game.revision()
    }

    fn view(&self) -> Self::View {
        RulesGame::view(&self.game)
    }
}

/// The first cursor of a line's review: an analysis starts after its game prefix.
pub fn first_cursor(game: &SurfaceGame) -> usize {
    match game.origin() {
        Origin::Analysis { prefix } => *prefix,
        _ => 0,
    }
}

/// The surface's name in messages.
pub fn surface_name(surface: Surface) -> &'static str {
    match surface {
        Surface::Mobius => "Möbius strip",
        Surface::Klein => "Klein bottle",
        Surface::Genus2 => "genus-two surface",
    }
}

/// A point's label as the board shows it (`e5`, `II:a1`), or its number off the board.
pub fn label(surface: Surface, point: usize) -> String {
    Point::try_from(point)
        .ok()
        .and_then(|point| surface.label(point))
        .unwrap_or_else(|| format!("point {point}"))
}

/// The engine's rejection in words, naming points as the board labels them.
pub fn rejection_words(rejection: &Rejection, surface: Surface) -> String {
    match *rejection {
        Rejection::OffBoard { point } => format!(
            "point {point} is not on the {} board",
            surface_name(surface)
        ),
        Rejection::Occupied { point } => {
            format!("{} is occupied", label(surface, point.into()))
        }
        Rejection::Suicide { point } => format!(
            "a stone at {} would have no liberty: suicide is prohibited",
            label(surface, point.into())
        ),
        Rejection::Superko {
            point,
            earlier_index,
            after_actions,
        } => format!(
            "placing at {} repeats the board of the position after {after_actions} action{} (coloring number {earlier_index} of this history): positional superko",
            label(surface, point.into()),
            if after_actions == 1 { "" } else { "s" }
        ),
        Rejection::Ended => "the game has ended".to_owned(),
    }
}

/// A surfaces rule refused an action: the rejection with its words.
pub fn illegal(rejection: Rejection, surface: Surface) -> AppError {
    AppError::Illegal {
        game: GameId::Surface,
        message: rejection_words(&rejection, surface),
        rejection: GameRejection::Surface(rejection),
    }
}

/// Stones each player has captured in the viewed position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
pub struct SurfaceCaptures {
    /// White stones Black has captured.
    pub by_black: usize,
    /// Black stones White has captured.
    pub by_white: usize,
}

/// The action that led to the viewed position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct SurfaceLastMove {
    /// Who played it.
    pub player: Color,
    /// The action.
    pub action: Action,
    /// The placed point's label (`e5`, `II:a1`); `None` for a pass or resignation.
    pub label: Option<String>,
    /// The stones it captured, ascending.
    pub captured: Vec<Point>,
}

/// What the surfaces screen shows of one line at its viewed cursor.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct SurfaceView {
    /// Which line.
    pub line: SurfaceLineId,
    /// Game, study or analysis.
    pub kind: SurfaceLineKind,
    /// The surface.
    pub surface: Surface,
    /// White's komi in half points, fixed for the line.
    pub komi_half_points: i32,
    /// One cell per point: `0` empty, `1` black, `2` white.
    pub board: Vec<u8>,
    /// The player to move; `None` once the line has ended.
    pub side_to_move: Option<Color>,
    /// Consecutive passes at the viewed position.
    pub passes: u8,
    /// Stones captured so far by each player.
    pub captures: SurfaceCaptures,
    /// The action that led here; `None` at the start.
    pub last_move: Option<SurfaceLastMove>,
    /// The area score of this board if both players finish now (no dead-stone removal;
    /// not a prediction).
    pub score_if_both_finish_now: Score,
    /// Exactly `Study: earlier history unknown; repetitions counted from this setup.`
    /// for a study; `None` otherwise.
    pub study_label: Option<String>,
    /// The result once the line has ended.
    pub outcome: Option<Outcome>,
    /// Number of actions applied in the viewed position.
    pub cursor: usize,
    /// Number of actions in the whole line.
    pub line_length: usize,
    /// The first cursor review may show (an analysis's game prefix).
    pub first_cursor: usize,
    /// Every action of the line, including those after the cursor while reviewing.
    pub actions: Vec<Action>,
    /// The line's revision at this cursor; `surface_apply` must name it.
    pub revision: String,
    /// Whether this line reaches the disk.
    pub save: SaveStatus,
    /// Whether it is the computer's turn: the game line viewed at its end, the computer
    /// playing the side to move.
    pub computer_to_move: bool,
}

/// The revision `surface_apply` checks: the line's fingerprint and the viewed cursor.
pub fn session_revision<S: LineSlot>(session: &GameSession<SurfaceLine<S>>) -> String {
    format!("{}@{}", session.line().revision(), session.cursor())
}

/// The view of `session`'s line at its cursor.
pub fn view_of<S: LineSlot>(session: &GameSession<SurfaceLine<S>>) -> SurfaceView {
    let line = session.line().game();
    let viewed = session.viewed().game();
    SurfaceView {
        line: S::LINE,
        kind: SurfaceLineKind::of(line),
        surface: line.surface(),
        komi_half_points: line.komi_half_points(),
        board: viewed.board().to_vec(),
        side_to_move: viewed.side_to_move(),
        passes: viewed.passes(),
        captures: captures(viewed),
        last_move: last_move(viewed),
        score_if_both_finish_now: viewed.score(),
        study_label: line.label().map(str::to_owned),
        outcome: viewed.outcome().copied(),
        cursor: session.cursor(),
        line_length: line.actions().len(),
        first_cursor: first_cursor(line),
        actions: line.actions().to_vec(),
        revision: session_revision(session),
        save: session.save_status().clone(),
        computer_to_move: false,
    }
}

/// The player of action `index` (players alternate from the line's first player).
fn player_of(game: &SurfaceGame, index: usize) -> Color {
    if index.is_multiple_of(2) {
        game.first()
    } else {
        game.first().opposite()
    }
}

/// Stones only leave the board by capture (suicide is illegal), so each colour's
/// captured stones are its starting and placed stones minus those still standing.
fn captures(game: &SurfaceGame) -> SurfaceCaptures {
    let count = |board: &[u8], color: Color| {
        board
            .iter()
            .filter(|&&cell| usize::from(cell) == color.index() + 1)
            .count()
    };
    let placed = |color: Color| {
        game.actions()
            .iter()
            .enumerate()
            .filter(|(index, action)| {
                matches!(action, Action::Place { .. }) && player_of(game, *index) == color
            })
            .count()
    };
    let lost = |color: Color| {
        (count(game.start(), color) + placed(color)).saturating_sub(count(game.board(), color))
    };
    SurfaceCaptures {
        by_black: lost(Color::White),
        by_white: lost(Color::Black),
    }
}

fn last_move(game: &SurfaceGame) -> Option<SurfaceLastMove> {
    let index = game.actions().len().checked_sub(1)?;
    let action = game.actions()[index];
    let (label, captured) = match action {
        Action::Place { at } => {
            // The history holds the board after every placement: the one before is the
            // board this placement started from.
            let before = game.history_coloring(game.history_len().checked_sub(2)?)?;
            let captured = (0..before.len())
                .filter(|&p| before[p] != 0 && game.board()[p] == 0)
                .map(|p| p as Point)
                .collect();
            (game.surface().label(at), captured)
        }
        Action::Pass | Action::Resign => (None, Vec::new()),
    };
    Some(SurfaceLastMove {
        player: player_of(game, index),
        action,
        label,
        captured,
    })
}

/// The `schema` values a surfaces import accepts, for messages.
pub const SURFACE_KINDS: &str =
    "surface-go-game, surface-go-study, surface-go-analysis, surface-go-diagram or surface-go-replay";

/// The replay wrapper's `schema`.
pub const REPLAY_KIND: &str = REPLAY_SCHEMA;
