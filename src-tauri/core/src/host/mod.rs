//! The game host: what every game of the app shares, written once.
//!
//! A game plugs in by implementing [`HostedGame`] for its engine type (a module of its own
//! under `src/`, like `timego.rs`) and by one row of [`GAMES`]. It then gets a
//! [`session::GameSession`] (line, cursor, review, the replace confirmation, autosave,
//! import/export, the invalid-save policy) and cancellable engine jobs
//! ([`job::EngineJob`]). The trait is the core's own: it does not depend on the engine's
//! shared vocabulary, so each game implements it by delegating to its engine.

pub mod job;
pub mod opponent;
pub mod session;

use crate::error::AppError;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The games of the app.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
pub enum GameId {
    /// TimeGo.
    #[serde(rename = "timego")]
    TimeGo,
    /// Go on three surfaces.
    #[serde(rename = "surface")]
    Surface,
    /// Time Chess.
    #[serde(rename = "chess")]
    Chess,
}

/// One row per game: how a file is recognised and whether this version can open it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameEntry {
    /// Its documents larger than this many bytes are refused before they are parsed.
    pub document_limit: usize,
    /// The game.
    pub game: GameId,
    /// Its name in messages.
    pub name: &'static str,
    /// The `schema` values of its documents.
    pub document_kinds: &'static [&'static str],
    /// Whether this version has a screen (and a session) for it.
    pub playable: bool,
}

/// Every game, one row each.
pub const GAMES: &[GameEntry] = &[
    GameEntry {
        game: GameId::TimeGo,
        document_limit: canon_engine::timego::DOCUMENT_LIMIT,
        name: "TimeGo",
        document_kinds: &["time-go-game"],
        playable: true,
    },
    GameEntry {
        game: GameId::Surface,
        document_limit: canon_engine::surfaces::records::IMPORT_LIMIT,
        name: "Go on surfaces",
        document_kinds: &[
            "surface-go-game",
            "surface-go-study",
            "surface-go-analysis",
            "surface-go-diagram",
            "surface-go-replay",
        ],
        playable: true,
    },
    GameEntry {
        game: GameId::Chess,
        document_limit: canon_engine::timechess::MAX_RECORD_BYTES,
        name: "Time Chess",
        document_kinds: &["time-chess-game"],
        playable: true,
    },
];

impl GameId {
    /// This game's row of [`GAMES`].
    pub fn entry(self) -> &'static GameEntry {
        GAMES
            .iter()
            .find(|entry| entry.game == self)
            .expect("every game has a row")
    }

    /// The game's name in messages.
    pub fn name(self) -> &'static str {
        self.entry().name
    }

    /// The game's id, as its commands begin (`timego_open`) and as it is serialized.
    pub fn id(self) -> &'static str {
        match self {
            GameId::TimeGo => "timego",
            GameId::Surface => "surface",
            GameId::Chess => "chess",
        }
    }

    /// The game whose id is `id`.
    pub fn from_id(id: &str) -> Option<GameId> {
        GAMES
            .iter()
            .map(|entry| entry.game)
            .find(|game| game.id() == id)
    }

    /// Whether this version has a screen (and a session) for it.
    pub fn playable(self) -> bool {
        self.entry().playable
    }

    /// The game whose documents have the `schema` value `kind`.
    pub fn of_document_kind(kind: &str) -> Option<GameId> {
        GAMES
            .iter()
            .find(|entry| entry.document_kinds.contains(&kind))
            .map(|entry| entry.game)
    }
}

/// The ids of the games this version can play, in the order of [`GAMES`].
pub fn playable_ids() -> impl Iterator<Item = &'static str> {
    GAMES
        .iter()
        .filter(|entry| entry.playable)
        .map(|entry| entry.game.id())
}

/// The largest document any game accepts, the bound for reading a file before its game
/// is known.
pub fn largest_document_limit() -> usize {
    GAMES
        .iter()
        .map(|entry| entry.document_limit)
        .max()
        .unwrap_or(0)
}

/// The `schema` of a document, read without building a tree of the whole document;
/// `None` when the text is not a JSON object with a string `schema`.
pub fn document_kind(text: &str) -> Option<String> {
    #[derive(Deserialize)]
    struct Peek {
        schema: Option<String>,
    }
    serde_json::from_str::<Peek>(text).ok()?.schema
}

/// What the host needs from a game's engine type: a line of actions that can be saved,
/// replayed to any cursor, extended by one action and fingerprinted.
pub trait HostedGame: Clone + Send + 'static {
    /// One action of the game, as the record writes it.
    type Action: Clone + Send;
    /// What the game's screen shows of a position (the engine's view).
    type View;

    /// The game's name in messages ("TimeGo").
    const NAME: &'static str;
    /// The `schema` value of its saved document.
    const DOCUMENT_KIND: &'static str;
    /// File name of its save in the app data directory.
    const SAVE_FILE: &'static str;
    /// Documents larger than this many bytes are refused before they are parsed.
    const DOCUMENT_LIMIT: usize;

    /// Reads a complete saved document: the whole line and its cursor.
    fn from_record(bytes: &[u8]) -> Result<(Self, usize), String>;
    /// The complete document of the line with `cursor`.
    fn to_record(&self, cursor: usize) -> Result<String, String>;
    /// Number of actions in the line.
    fn line_len(&self) -> usize;
    /// Whether the line's last position ends the game (nothing more can be played).
    fn is_over(&self) -> bool;
    /// The game after its first `cursor` actions.
    fn state_at(&self, cursor: usize) -> Result<Self, String>;
    /// Plays `action`, or refuses it with an error tagged by the game; a refusal changes
    /// nothing.
    fn apply_action(&mut self, action: Self::Action) -> Result<(), AppError>;
    /// A fingerprint of the line: equal revisions mean the same actions.
    fn revision(&self) -> String;
    /// The engine's view of this position.
    fn view(&self) -> Self::View;
}

/// Seconds since the Unix epoch, for the names of files set aside.
pub(crate) fn unix_stamp() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_document_kind_names_one_game() {
        assert_eq!(
            GameId::of_document_kind("time-go-game"),
            Some(GameId::TimeGo)
        );
        assert_eq!(
            GameId::of_document_kind("surface-go-study"),
            Some(GameId::Surface)
        );
        assert_eq!(
            GameId::of_document_kind("time-chess-game"),
            Some(GameId::Chess)
        );
        assert_eq!(GameId::of_document_kind("chess-pgn"), None);
        assert_eq!(
            document_kind(r#"{"version":1,"schema":"time-chess-game","moves":[[1]]}"#).as_deref(),
            Some("time-chess-game")
        );
        for not_a_kind in ["", "[1]", r#"{"schema":3}"#, "{"] {
            assert_eq!(document_kind(not_a_kind), None, "{not_a_kind}");
        }
        let kinds: Vec<_> = GAMES.iter().flat_map(|e| e.document_kinds).collect();
        let mut unique = kinds.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(kinds.len(), unique.len());
        assert_eq!(
            serde_json::to_value(GameId::TimeGo).unwrap(),
            serde_json::json!("timego")
        );
    }

    #[test]
    fn a_games_id_is_its_serialized_name_and_names_it_back() {
        for entry in GAMES {
            let id = entry.game.id();
            assert_eq!(
                serde_json::to_value(entry.game).unwrap(),
                serde_json::json!(id)
            );
            assert_eq!(GameId::from_id(id), Some(entry.game));
        }
        assert_eq!(GameId::from_id("poker"), None);
        assert_eq!(GameId::from_id("TimeGo"), None);
        assert_eq!(
            playable_ids().collect::<Vec<_>>(),
            ["timego", "surface", "chess"]
        );
    }
}
