//! The `time-go-game` version 1 record: export of the complete line with cursor and final
//! checkpoint, and a strict import that replays every action from the empty board.

use super::game::{Checkpoint, Game, SetupError};
use super::rejection::Rejection;
use super::types::{Action, HalfPoints, ACTION_LIMIT, DOCUMENT_LIMIT, MAX_SIZE, MIN_SIZE};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use crate::strict;

/// The record's schema name.
pub const SCHEMA: &str = "time-go-game";
/// The record version this engine reads and writes.
pub const VERSION: u64 = 1;
/// The rules identifier of this engine.
pub const RULES: &str = "timego-shared-lock-v1";

/// A `time-go-game` document as written by export.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TimeGoDocument {
    /// Always `time-go-game`.
    pub schema: String,
    /// Always 1.
    pub version: u64,
    /// Always `timego-shared-lock-v1`.
    pub rules: String,
    /// Board size, 2 to 5.
    pub size: u8,
    /// Komi added to White.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub komi: HalfPoints,
    /// Every actual action of the line, including any future beyond the cursor.
    pub actions: Vec<Action>,
    /// Number of actions applied in the viewed position.
    pub cursor: usize,
    /// The state after all actions.
    pub checkpoint: Checkpoint,
}

/// Why a document was rejected. `action` is the 0-based index of the offending action
/// when there is one; `rejection` the rule that action breaks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RecordError {
    /// Index of the offending action, if the problem is one action.
    pub action: Option<usize>,
    /// The broken rule, if an action is illegal.
    pub rejection: Option<Rejection>,
    /// A readable description.
    pub message: String,
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.action {
            Some(index) => write!(f, "action {index}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl RecordError {
    fn document(message: impl Into<String>) -> RecordError {
        RecordError {
            action: None,
            rejection: None,
            message: message.into(),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDocument<'a> {
    schema: String,
    version: u64,
    rules: String,
    size: u64,
    komi: serde_json::Number,
    #[serde(borrow, deserialize_with = "raw_actions")]
    actions: Vec<&'a RawValue>,
    cursor: u64,
    #[serde(default, borrow)]
    checkpoint: Option<&'a RawValue>,
}

/// The actions, each kept as its JSON text; a list over the limit is counted, not stored.
fn raw_actions<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Vec<&'de RawValue>, D::Error> {
    strict::bounded(deserializer, ACTION_LIMIT, "actions")
}

impl Game {
    /// The `time-go-game` document of the whole line viewed at `cursor`.
    pub fn to_record(&self, cursor: usize) -> Result<TimeGoDocument, SetupError> {
        if cursor > self.actions().len() {
            return Err(SetupError::BadCursor {
                cursor,
                actions: self.actions().len(),
            });
        }
        Ok(TimeGoDocument {
            schema: SCHEMA.into(),
            version: VERSION,
            rules: RULES.into(),
            size: self.size(),
            komi: self.komi(),
            actions: self.actions().to_vec(),
            cursor,
            checkpoint: self.checkpoint(),
        })
    }

    /// The document as pretty-printed JSON.
    pub fn to_json(&self, cursor: usize) -> Result<String, SetupError> {
        let document = self.to_record(cursor)?;
        Ok(serde_json::to_string_pretty(&document).expect("records always serialize"))
    }

    /// Imports a `time-go-game` document: size limit, strict JSON shape (unknown keys,
    /// floats for integers, wrong schema, version or rules are rejected), replay of every
    /// action with player and legality checks, then comparison with the checkpoint when
    /// one is present. Returns the game with all actions and the viewed cursor.
    pub fn from_record(bytes: &[u8]) -> Result<(Game, usize), RecordError> {
        if bytes.len() > DOCUMENT_LIMIT {
            return Err(RecordError::document(format!(
                "the document has {} bytes, more than the limit of {DOCUMENT_LIMIT}",
                bytes.len()
            )));
        }
        let bytes = strict::body(bytes).map_err(RecordError::document)?;
        // The schema is read first, skipping everything else, so that a document of
        // another kind is named as such rather than by its first odd field.
        match strict::peek_schema(bytes).map_err(RecordError::document)? {
            Some(schema) if schema == SCHEMA => {}
            Some(schema) => {
                return Err(RecordError::document(format!(
                    "the document has schema \"{}\"; expected \"{SCHEMA}\"",
                    strict::excerpt(&schema)
                )))
            }
            None => return Err(RecordError::document("missing field `schema`")),
        }
        let raw: RawDocument = strict::read(bytes).map_err(|error| {
            if error.starts_with("the document") {
                RecordError::document(error)
            } else {
                RecordError::document(format!("invalid document: {error}"))
            }
        })?;
        if raw.schema != SCHEMA {
            return Err(RecordError::document(format!(
                "the document has schema \"{}\"; expected \"{SCHEMA}\"",
                raw.schema
            )));
        }
        if raw.version != VERSION {
            return Err(RecordError::document(format!(
                "unsupported version {}; this reader supports version {VERSION}",
                raw.version
            )));
        }
        if raw.rules != RULES {
            return Err(RecordError::document(format!(
                "unsupported rules \"{}\"; expected \"{RULES}\"",
                strict::excerpt(&raw.rules)
            )));
        }
        let size = u8::try_from(raw.size)
            .ok()
            .filter(|size| (MIN_SIZE..=MAX_SIZE).contains(size))
            .ok_or_else(|| {
                RecordError::document(format!(
                    "board size {} is not supported; sizes are {MIN_SIZE} to {MAX_SIZE}",
                    raw.size
                ))
            })?;
        let area = size as u32 * size as u32;
        let komi_value = raw.komi.as_f64().unwrap_or(f64::NAN);
        let komi = HalfPoints::from_value(komi_value, area).ok_or_else(|| {
            // In the words of the rules: multiples of 0.5 whose absolute value does not
            // exceed the board area.
            RecordError::document(format!(
                "komi {} must be a multiple of 0.5 no larger than {area} in absolute value (the area of the {size}×{size} board)",
                strict::number(komi_value)
            ))
        })?;
        let cursor = usize::try_from(raw.cursor)
            .ok()
            .filter(|&cursor| cursor <= raw.actions.len())
            .ok_or_else(|| {
                RecordError::document(format!(
                    "cursor {} is beyond the {} actions of the record",
                    raw.cursor,
                    raw.actions.len()
                ))
            })?;
        let mut game = Game::new(size, komi.value())
            .map_err(|error| RecordError::document(error.to_string()))?;
        for (index, raw_action) in raw.actions.iter().enumerate() {
            let action: Action =
                strict::read_at(raw_action.get().as_bytes(), &format!("actions[{index}]"))
                    .map_err(|error| RecordError {
                        action: Some(index),
                        rejection: None,
                        message: format!("malformed action: {error}"),
                    })?;
            game.apply_quietly(action)
                .map_err(|rejection| RecordError {
                    action: Some(index),
                    message: format!(
                        "illegal {} by {}: {}",
                        action.type_name(),
                        action.player(),
                        rejection.message(size)
                    ),
                    rejection: Some(rejection),
                })?;
        }
        if let Some(raw_checkpoint) = raw.checkpoint {
            if raw_checkpoint.get() != "null" {
                let recorded: Checkpoint =
                    strict::read_at(raw_checkpoint.get().as_bytes(), "checkpoint").map_err(
                        |error| RecordError::document(format!("invalid checkpoint: {error}")),
                    )?;
                compare_checkpoint(&recorded, &game.checkpoint())?;
            }
        }
        Ok((game, cursor))
    }
}

/// Names the first field in which the recorded checkpoint differs from the replay.
fn compare_checkpoint(recorded: &Checkpoint, replayed: &Checkpoint) -> Result<(), RecordError> {
    let field = |name: &str, a: String, b: String| {
        RecordError::document(format!(
            "checkpoint.{name} does not match the replayed actions: the file has {}, the replay gives {}",
            strict::excerpt(&a),
            strict::excerpt(&b)
        ))
    };
    let json = |value: &dyn erased::Json| value.json();
    if recorded.board != replayed.board {
        return Err(field("board", json(&recorded.board), json(&replayed.board)));
    }
    if recorded.placements != replayed.placements {
        return Err(field(
            "placements",
            json(&recorded.placements),
            json(&replayed.placements),
        ));
    }
    if recorded.locked != replayed.locked {
        return Err(field(
            "locked",
            json(&recorded.locked),
            json(&replayed.locked),
        ));
    }
    if recorded.next != replayed.next {
        return Err(field("next", json(&recorded.next), json(&replayed.next)));
    }
    if recorded.passes != replayed.passes {
        return Err(field(
            "passes",
            json(&recorded.passes),
            json(&replayed.passes),
        ));
    }
    if recorded.area != replayed.area {
        return Err(field("area", json(&recorded.area), json(&replayed.area)));
    }
    if recorded.result != replayed.result {
        return Err(field(
            "result",
            json(&recorded.result),
            json(&replayed.result),
        ));
    }
    Ok(())
}

mod erased {
    /// Serializes any checkpoint field for an error message.
    pub(super) trait Json {
        fn json(&self) -> String;
    }

    impl<T: serde::Serialize> Json for T {
        fn json(&self) -> String {
            serde_json::to_string(self).unwrap_or_default()
        }
    }
}
