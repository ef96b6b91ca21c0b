//! The `time-chess-game` version 1 record: the moves in the dissertation's notation and a
//! checkpoint of the state after all of them. Import replays every move and rejects, naming
//! the move and the reason, any record that is malformed, illegal or inconsistent with its
//! checkpoint. The format is described in `docs/formats.md`.

use serde::{Deserialize, Serialize};

use super::coord::{Move, Pos};
use super::game::{Game, Outcome, MAX_MOVES};
use super::piece::{Color, Kind};
use crate::strict;

/// The record's `schema` value.
pub const SCHEMA: &str = "time-chess-game";
/// The record's `version` value.
pub const VERSION: u32 = 1;
/// The rule set the engine implements, as named in records.
pub const RULES: &str = "time-chess-v1";
/// Records larger than this many bytes are rejected before parsing.
pub const MAX_RECORD_BYTES: usize = 2 * 1024 * 1024;

/// A `time-chess-game` document.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GameRecord {
    /// Always `time-chess-game`.
    pub schema: String,
    /// Always 1.
    pub version: u32,
    /// Always `time-chess-v1`.
    pub rules: String,
    /// The moves in order, in notation such as `e2t0e4t0`.
    #[serde(deserialize_with = "move_list")]
    pub moves: Vec<String>,
    /// The state after all moves; optional on import, always written on export.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::optional_object"
    )]
    pub checkpoint: Option<Checkpoint>,
}

/// A piece standing in the present layer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlacedPiece {
    /// Its position.
    pub at: Pos,
    /// Its side.
    #[serde(deserialize_with = "strict::name")]
    pub color: Color,
    /// Its kind.
    #[serde(deserialize_with = "strict::name")]
    pub kind: Kind,
}

/// A piece in transit to the future.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct QueuedPiece {
    /// Where it departed.
    pub from: Pos,
    /// Where it will try to appear.
    pub to: Pos,
    /// Its side.
    #[serde(deserialize_with = "strict::name")]
    pub color: Color,
    /// Its kind.
    #[serde(deserialize_with = "strict::name")]
    pub kind: Kind,
}

/// The state after all moves of a record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
// TimeGo has a type of the same name in the app's TypeScript bindings.
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ChessCheckpoint"))]
pub struct Checkpoint {
    /// The current turn (the number of moves).
    pub turn: u32,
    /// The side to move, `null` once the game has ended.
    #[serde(deserialize_with = "strict::optional_name")]
    pub next: Option<Color>,
    /// The pieces of the present layer, from a1 upward by rank then file.
    #[serde(deserialize_with = "strict::objects")]
    pub present: Vec<PlacedPiece>,
    /// The pieces in transit, by arrival turn then departure.
    #[serde(deserialize_with = "strict::objects")]
    pub future_queue: Vec<QueuedPiece>,
    /// The result, `null` while the game goes on.
    #[serde(deserialize_with = "strict::optional_object")]
    pub result: Option<Outcome>,
}

/// The moves of a record; a list over the limit is counted, not stored.
fn move_list<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Vec<String>, D::Error> {
    strict::bounded(deserializer, MAX_MOVES, "moves")
}

/// Why a record was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// Over `MAX_RECORD_BYTES`.
    #[error("the record is larger than {MAX_RECORD_BYTES} bytes")]
    TooLarge,
    /// Not JSON of the record's shape.
    #[error("malformed record: {0}")]
    Malformed(String),
    /// Another schema.
    #[error("this is a '{0}' document, expected '{SCHEMA}'")]
    WrongSchema(String),
    /// Another version.
    #[error("unsupported version {0}, expected {VERSION}")]
    WrongVersion(u32),
    /// Another rule set.
    #[error("unknown rules '{0}', expected '{RULES}'")]
    WrongRules(String),
    /// More than `MAX_MOVES` moves.
    #[error("the record has {0} moves, more than the limit of {MAX_MOVES}")]
    TooManyMoves(usize),
    /// A move that is not notation.
    #[error("move {index}: {reason}")]
    BadNotation {
        /// 0-based index in `moves`.
        index: usize,
        /// What is wrong.
        reason: String,
    },
    /// A move the rules refuse.
    #[error("move {index} ({mv}): {reason}")]
    Illegal {
        /// 0-based index in `moves`.
        index: usize,
        /// The move.
        mv: String,
        /// The rules' reason.
        reason: String,
    },
    /// The checkpoint disagrees with the replayed game.
    #[error("the checkpoint's '{0}' does not match the replayed game")]
    CheckpointMismatch(&'static str),
}

impl Game {
    /// The pieces of the layer of `turn` as an interface shows them (from a1 by rank, then
    /// file), or `None` for a layer that does not exist yet.
    pub fn layer_view(&self, turn: u32) -> Option<Vec<PlacedPiece>> {
        let pieces = self.pieces(turn)?;
        Some(
            pieces
                .into_iter()
                .map(|(at, piece)| PlacedPiece {
                    at,
                    color: piece.color,
                    kind: piece.kind,
                })
                .collect(),
        )
    }

    /// The pieces in transit as an interface shows them, in arrival order.
    pub fn future_queue_view(&self) -> Vec<QueuedPiece> {
        self.future_queue()
            .into_iter()
            .map(|t| QueuedPiece {
                from: t.from,
                to: t.to,
                color: t.piece.color,
                kind: t.piece.kind,
            })
            .collect()
    }

    /// The checkpoint of the current state.
    pub fn checkpoint(&self) -> Checkpoint {
        let now = self.now();
        let present = self.layer_view(now).unwrap_or_default();
        let future_queue = self.future_queue_view();
        Checkpoint {
            turn: now,
            next: self.outcome().is_none().then(|| self.to_move()),
            present,
            future_queue,
            result: self.outcome(),
        }
    }

    /// The record of this game with its checkpoint.
    pub fn to_record(&self) -> GameRecord {
        GameRecord {
            schema: SCHEMA.to_string(),
            version: VERSION,
            rules: RULES.to_string(),
            moves: self.moves().map(|mv| mv.to_string()).collect(),
            checkpoint: Some(self.checkpoint()),
        }
    }

    /// The record as pretty JSON.
    pub fn to_record_json(&self) -> String {
        serde_json::to_string_pretty(&self.to_record()).unwrap_or_default()
    }

    /// Replays a parsed record, checking its checkpoint if it has one.
    pub fn from_record(record: &GameRecord) -> Result<Game, RecordError> {
        if record.schema != SCHEMA {
            return Err(RecordError::WrongSchema(strict::excerpt(&record.schema)));
        }
        if record.version != VERSION {
            return Err(RecordError::WrongVersion(record.version));
        }
        if record.rules != RULES {
            return Err(RecordError::WrongRules(strict::excerpt(&record.rules)));
        }
        if record.moves.len() > MAX_MOVES {
            return Err(RecordError::TooManyMoves(record.moves.len()));
        }
        let mut game = Game::new();
        for (index, text) in record.moves.iter().enumerate() {
            let mv: Move = text.parse().map_err(|e: super::coord::NotationError| {
                RecordError::BadNotation {
                    index,
                    reason: e.to_string(),
                }
            })?;
            game.play(mv).map_err(|e| RecordError::Illegal {
                index,
                mv: text.clone(),
                reason: e.to_string(),
            })?;
        }
        if let Some(expected) = &record.checkpoint {
            let actual = game.checkpoint();
            let field = if expected.turn != actual.turn {
                Some("turn")
            } else if expected.next != actual.next {
                Some("next")
            } else if expected.present != actual.present {
                Some("present")
            } else if expected.future_queue != actual.future_queue {
                Some("futureQueue")
            } else if expected.result != actual.result {
                Some("result")
            } else {
                None
            };
            if let Some(field) = field {
                return Err(RecordError::CheckpointMismatch(field));
            }
        }
        Ok(game)
    }

    /// Parses and replays a record document.
    pub fn import(bytes: &[u8]) -> Result<Game, RecordError> {
        if bytes.len() > MAX_RECORD_BYTES {
            return Err(RecordError::TooLarge);
        }
        let bytes = strict::body(bytes).map_err(RecordError::Malformed)?;
        // Name a foreign schema before complaining about its fields; the peek skips every
        // other value, so no tree of the document is built.
        match strict::peek_schema(bytes).map_err(RecordError::Malformed)? {
            Some(schema) if schema != SCHEMA => {
                return Err(RecordError::WrongSchema(strict::excerpt(&schema)))
            }
            _ => {}
        }
        let record: GameRecord = strict::read(bytes).map_err(RecordError::Malformed)?;
        Game::from_record(&record)
    }
}
