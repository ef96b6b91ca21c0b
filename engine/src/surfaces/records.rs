//! The surfaces' documents: `surface-go-game`, `surface-go-study`, `surface-go-analysis`,
//! `surface-go-diagram` and the `surface-go-replay` version 1 wrapper. Importers check the
//! size before parsing, reject unknown keys and other schemas, replay every action from the
//! start and compare the recomputed snapshot and cursor with the record.

use std::fmt;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::value::RawValue;
use serde_json::Value;

use crate::strict;

use super::game::{AnalysisError, Origin, SetupError, SurfaceGame};
use super::geometry::Surface;
use super::inspect::{inspect_board, Inspection};
use super::rules::{check_komi, Action, Area, EndReason, Outcome, Winner, RULES_ID};
use super::words;
use crate::go::{Board, BoardError, Color};

/// Documents larger than this many bytes are rejected before parsing.
pub const IMPORT_LIMIT: usize = 10_000_000;
/// Schema name of official games.
pub const GAME_SCHEMA: &str = "surface-go-game";
/// Schema name of studies.
pub const STUDY_SCHEMA: &str = "surface-go-study";
/// Schema name of analyses.
pub const ANALYSIS_SCHEMA: &str = "surface-go-analysis";
/// Schema name of editor diagrams.
pub const DIAGRAM_SCHEMA: &str = "surface-go-diagram";
/// Schema name of the review wrapper.
pub const REPLAY_SCHEMA: &str = "surface-go-replay";
/// The only version of every surfaces schema so far.
pub const VERSION: u32 = 1;

/// A score in half points, written as a JSON number (`99`, `0.5`, `-3.5`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "number"))]
pub struct HalfPoints(pub i32);

impl Serialize for HalfPoints {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.0 % 2 == 0 {
            serializer.serialize_i32(self.0 / 2)
        } else {
            serializer.serialize_f64(f64::from(self.0) / 2.0)
        }
    }
}

impl<'de> Deserialize<'de> for HalfPoints {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct HalfPointVisitor;
        impl Visitor<'_> for HalfPointVisitor {
            type Value = HalfPoints;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a number of points that is a multiple of 0.5")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<HalfPoints, E> {
                v.checked_mul(2)
                    .and_then(|h| i32::try_from(h).ok())
                    .map(HalfPoints)
                    .ok_or_else(|| E::custom(format!("{v} points is out of range")))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<HalfPoints, E> {
                i64::try_from(v)
                    .map_err(|_| E::custom(format!("{v} points is out of range")))
                    .and_then(|v| self.visit_i64(v))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<HalfPoints, E> {
                let doubled = v * 2.0;
                if doubled.is_finite() && doubled.fract() == 0.0 && doubled.abs() <= 1e6 {
                    Ok(HalfPoints(doubled as i32))
                } else {
                    Err(E::custom(format!("{v} is not a multiple of 0.5 points")))
                }
            }
        }
        deserializer.deserialize_any(HalfPointVisitor)
    }
}

/// The `result` of a snapshot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct ResultRecord {
    /// `black`, `white` or `draw`.
    #[serde(deserialize_with = "strict::name")]
    pub winner: Winner,
    /// `score` or `resignation`.
    #[serde(deserialize_with = "strict::name")]
    pub reason: EndReason,
    /// Black's area.
    pub black: HalfPoints,
    /// White's area plus komi.
    pub white: HalfPoints,
    /// Black's score in half points (written by this program; optional on import).
    #[serde(
        rename = "blackHalfPoints",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub black_half_points: Option<i32>,
    /// White's score in half points (written by this program; optional on import).
    #[serde(
        rename = "whiteHalfPoints",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub white_half_points: Option<i32>,
}

impl From<&Outcome> for ResultRecord {
    fn from(outcome: &Outcome) -> ResultRecord {
        ResultRecord {
            winner: outcome.winner,
            reason: outcome.reason,
            black: HalfPoints(outcome.score.black_half_points),
            white: HalfPoints(outcome.score.white_half_points),
            black_half_points: Some(outcome.score.black_half_points),
            white_half_points: Some(outcome.score.white_half_points),
        }
    }
}

/// The checked state after all actions of a record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Snapshot {
    /// The board coloring, one integer per point.
    pub board: Vec<u8>,
    /// The player to move, `null` once ended.
    #[serde(deserialize_with = "strict::optional_name")]
    pub next: Option<Color>,
    /// Consecutive passes at the end.
    pub passes: u8,
    /// Area counts without komi.
    #[serde(deserialize_with = "strict::object")]
    pub area: Area,
    /// The result, `null` while play goes on.
    #[serde(deserialize_with = "strict::optional_object")]
    pub result: Option<ResultRecord>,
}

impl Snapshot {
    /// The snapshot of `line` after all its actions.
    pub fn of(line: &SurfaceGame) -> Snapshot {
        Snapshot {
            board: line.board().to_vec(),
            next: line.next(),
            passes: line.passes(),
            area: line.area(),
            result: line.outcome().map(ResultRecord::from),
        }
    }
}

/// A study's starting diagram and player to move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// The diagram.
    pub board: Vec<u8>,
    /// The player to move.
    #[serde(deserialize_with = "strict::name")]
    pub next: Color,
}

/// `surface-go-game` version 1.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SurfaceGameRecord"))]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// Always `surface-go-game`.
    pub schema: String,
    /// Always 1.
    pub version: u32,
    /// The graph identifier.
    #[serde(deserialize_with = "strict::name")]
    pub graph: Surface,
    /// Always `graph-area-no-suicide-psk-v1`.
    pub rules: String,
    /// White's komi in half points.
    #[serde(rename = "komiHalfPoints")]
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub komi_half_points: i64,
    /// Every action from the empty board, Black first.
    #[serde(deserialize_with = "strict::objects")]
    pub actions: Vec<Action>,
    /// The state after all actions (optional on import).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::optional_object"
    )]
    pub snapshot: Option<Snapshot>,
}

/// `surface-go-study` version 1.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct StudyRecord {
    /// Always `surface-go-study`.
    pub schema: String,
    /// Always 1.
    pub version: u32,
    /// The graph identifier.
    #[serde(deserialize_with = "strict::name")]
    pub graph: Surface,
    /// Always `graph-area-no-suicide-psk-v1`.
    pub rules: String,
    /// White's komi in half points.
    #[serde(rename = "komiHalfPoints")]
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub komi_half_points: i64,
    /// The starting diagram and player to move.
    #[serde(deserialize_with = "strict::object")]
    pub setup: Setup,
    /// Every action from the setup.
    #[serde(deserialize_with = "strict::objects")]
    pub actions: Vec<Action>,
    /// The state after all actions (optional on import).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::optional_object"
    )]
    pub snapshot: Option<Snapshot>,
}

/// `surface-go-analysis` version 1.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct AnalysisRecord {
    /// Always `surface-go-analysis`.
    pub schema: String,
    /// Always 1.
    pub version: u32,
    /// The graph identifier.
    #[serde(deserialize_with = "strict::name")]
    pub graph: Surface,
    /// Always `graph-area-no-suicide-psk-v1`.
    pub rules: String,
    /// White's komi in half points.
    #[serde(rename = "komiHalfPoints")]
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub komi_half_points: i64,
    /// The known game's actions from the empty board (unfinished).
    #[serde(deserialize_with = "strict::objects")]
    pub prefix: Vec<Action>,
    /// The analysis' own actions after the prefix.
    #[serde(deserialize_with = "strict::objects")]
    pub actions: Vec<Action>,
    /// The state after all actions (optional on import).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::optional_object"
    )]
    pub snapshot: Option<Snapshot>,
}

/// `surface-go-diagram` version 1: an editor diagram, possibly unfinished.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct DiagramRecord {
    /// Always `surface-go-diagram`.
    pub schema: String,
    /// Always 1.
    pub version: u32,
    /// The graph identifier.
    #[serde(deserialize_with = "strict::name")]
    pub graph: Surface,
    /// White's komi in half points for a study begun from it.
    #[serde(rename = "komiHalfPoints")]
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub komi_half_points: i64,
    /// The coloring (chains without liberties allowed).
    pub board: Vec<u8>,
    /// The selected player to move, or `null` if none is selected yet.
    #[serde(deserialize_with = "strict::optional_name")]
    pub next: Option<Color>,
}

/// `surface-go-replay` version 1: a record with the viewed cursor.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct ReplayRecord {
    /// Always `surface-go-replay`.
    pub schema: String,
    /// Always 1.
    pub version: u32,
    /// Number of the document's `actions` applied in the viewed position.
    pub cursor: usize,
    /// The wrapped game, study or analysis document.
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub document: Value,
}

/// The replay wrapper as read: the wrapped document is kept as its JSON text and imported
/// by its own importer.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawReplay<'a> {
    #[allow(dead_code)]
    schema: &'a RawValue,
    version: u32,
    cursor: usize,
    #[serde(borrow)]
    document: &'a RawValue,
}

/// An editor diagram: any coloring, a komi and perhaps a selected player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SurfaceDiagram"))]
pub struct Diagram {
    /// The surface.
    pub surface: Surface,
    /// The coloring.
    pub board: Vec<u8>,
    /// The selected player to move.
    pub next: Option<Color>,
    /// White's komi in half points.
    pub komi_half_points: i32,
}

impl Diagram {
    /// A diagram, checking the board's length and cell values and the komi.
    pub fn new(
        surface: Surface,
        board: Vec<u8>,
        next: Option<Color>,
        komi_half_points: i64,
    ) -> Result<Diagram, SetupError> {
        let komi = check_komi(surface, komi_half_points).map_err(SetupError::Komi)?;
        Board::from_colors(super::graphs::graph(surface), &board).map_err(SetupError::Board)?;
        Ok(Diagram {
            surface,
            board,
            next,
            komi_half_points: komi,
        })
    }

    /// Groups and chains without liberties.
    pub fn inspect(&self) -> Inspection {
        inspect_board(self.surface, &self.board).expect("a diagram's board was validated")
    }

    /// Begins a new study from this diagram (explicitly: its earlier history is unknown).
    pub fn begin_study(&self) -> Result<SurfaceGame, SetupError> {
        let next = self.next.ok_or(SetupError::NoNextPlayer)?;
        SurfaceGame::study(
            self.surface,
            &self.board,
            next,
            i64::from(self.komi_half_points),
        )
    }

    /// The `surface-go-diagram` document.
    pub fn to_record(&self) -> DiagramRecord {
        DiagramRecord {
            schema: DIAGRAM_SCHEMA.into(),
            version: VERSION,
            graph: self.surface,
            komi_half_points: i64::from(self.komi_half_points),
            board: self.board.clone(),
            next: self.next,
        }
    }
}

/// Why a document was rejected. Nothing is changed by a rejection.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// Over the import limit; not parsed.
    #[error("the document has {bytes} bytes, over the limit of {limit} bytes; it was not parsed")]
    TooLarge {
        /// Size of the document.
        bytes: usize,
        /// The limit.
        limit: usize,
    },
    /// Not JSON, not an object, a wrong type or an unknown key.
    #[error("{0}")]
    Malformed(String),
    /// A document of another schema.
    #[error("found a {found} document where a {expected} document was expected")]
    WrongSchema {
        /// The schema found (or a description when absent).
        found: String,
        /// The schema expected.
        expected: String,
    },
    /// A version this program does not read.
    #[error("{schema} version {version} is not supported (this program reads version {VERSION})")]
    Version {
        /// The schema.
        schema: String,
        /// The version found.
        version: u32,
    },
    /// Another rules identifier.
    #[error("rules '{0}' are not supported (expected {RULES_ID})")]
    Rules(String),
    /// Invalid setup, komi or diagram.
    #[error("{0}")]
    Setup(String),
    /// An illegal action.
    #[error("{0}")]
    Replay(String),
    /// The snapshot does not match the replayed state.
    #[error("snapshot mismatch: {0}")]
    Snapshot(String),
    /// The replay cursor is out of range.
    #[error("cursor {cursor} is beyond the {actions} actions of the wrapped document")]
    Cursor {
        /// The cursor.
        cursor: usize,
        /// Number of actions of the wrapped document.
        actions: usize,
    },
}

/// Any surfaces document, imported and validated.
#[derive(Clone, Debug)]
pub enum Document {
    /// An official game.
    Game(SurfaceGame),
    /// A study.
    Study(SurfaceGame),
    /// An analysis.
    Analysis(SurfaceGame),
    /// An editor diagram.
    Diagram(Diagram),
    /// A wrapped game, study or analysis with its cursor (counting the wrapped document's
    /// `actions`; for an analysis, those after the prefix).
    Replay {
        /// The complete wrapped line.
        line: SurfaceGame,
        /// The viewed cursor.
        cursor: usize,
    },
}

/// The JSON text of a document within the import limit (not parsed yet).
fn prepare(bytes: &[u8]) -> Result<&[u8], RecordError> {
    if bytes.len() > IMPORT_LIMIT {
        return Err(RecordError::TooLarge {
            bytes: bytes.len(),
            limit: IMPORT_LIMIT,
        });
    }
    strict::body(bytes).map_err(RecordError::Malformed)
}

/// The document's schema, read without building the rest of it.
fn schema_of(bytes: &[u8]) -> Result<String, RecordError> {
    match strict::peek_schema(bytes).map_err(RecordError::Malformed)? {
        Some(schema) => Ok(schema),
        None => Err(RecordError::Malformed("missing field `schema`".into())),
    }
}

fn expect_schema(bytes: &[u8], expected: &str) -> Result<(), RecordError> {
    let found = schema_of(bytes)?;
    if found != expected {
        return Err(RecordError::WrongSchema {
            found: strict::excerpt(&found),
            expected: expected.into(),
        });
    }
    Ok(())
}

fn typed<'de, T: Deserialize<'de>>(bytes: &'de [u8]) -> Result<T, RecordError> {
    strict::read(bytes).map_err(RecordError::Malformed)
}

fn check_header(schema: &str, version: u32, rules: Option<&str>) -> Result<(), RecordError> {
    if version != VERSION {
        return Err(RecordError::Version {
            schema: schema.into(),
            version,
        });
    }
    match rules {
        Some(rules) if rules != RULES_ID => Err(RecordError::Rules(strict::excerpt(rules))),
        _ => Ok(()),
    }
}

fn replay_actions(line: &mut SurfaceGame, actions: &[Action]) -> Result<(), RecordError> {
    line.replay(actions)
        .map_err(|error| RecordError::Replay(words::replay_text(line.surface(), &error)))
}

/// Compares a record's snapshot with the replayed one, naming the first differing field.
pub fn check_snapshot(recorded: &Snapshot, replayed: &Snapshot) -> Result<(), RecordError> {
    let mismatch = |text: String| Err(RecordError::Snapshot(text));
    if recorded.board.len() != replayed.board.len() {
        return mismatch(format!(
            "board has {} points, the graph has {}",
            recorded.board.len(),
            replayed.board.len()
        ));
    }
    if let Some(point) = (0..recorded.board.len()).find(|&p| recorded.board[p] != replayed.board[p])
    {
        return mismatch(format!(
            "board at point {point} is {} in the record but {} after replay",
            recorded.board[point], replayed.board[point]
        ));
    }
    if recorded.next != replayed.next {
        return mismatch(format!(
            "next is {} in the record but {} after replay",
            name(recorded.next),
            name(replayed.next)
        ));
    }
    if recorded.passes != replayed.passes {
        return mismatch(format!(
            "passes is {} in the record but {} after replay",
            recorded.passes, replayed.passes
        ));
    }
    if recorded.area != replayed.area {
        return mismatch(format!(
            "area is black {} white {} in the record but black {} white {} after replay",
            recorded.area.black, recorded.area.white, replayed.area.black, replayed.area.white
        ));
    }
    match (&recorded.result, &replayed.result) {
        (None, None) => Ok(()),
        (Some(_), None) => mismatch("result is given but the game has not ended".into()),
        (None, Some(_)) => mismatch("result is null but the game has ended".into()),
        (Some(a), Some(b)) => {
            let halves_match = a
                .black_half_points
                .is_none_or(|h| Some(h) == b.black_half_points)
                && a.white_half_points
                    .is_none_or(|h| Some(h) == b.white_half_points);
            if a.winner != b.winner
                || a.reason != b.reason
                || a.black != b.black
                || a.white != b.white
                || !halves_match
            {
                mismatch(format!(
                    "result is {} in the record but {} after replay",
                    serde_json::to_string(a).unwrap_or_default(),
                    serde_json::to_string(b).unwrap_or_default()
                ))
            } else {
                Ok(())
            }
        }
    }
}

fn name(color: Option<Color>) -> &'static str {
    color.map_or("null", Color::name)
}

fn verify(line: &SurfaceGame, snapshot: Option<&Snapshot>) -> Result<(), RecordError> {
    match snapshot {
        Some(recorded) => check_snapshot(recorded, &Snapshot::of(line)),
        None => Ok(()),
    }
}

fn game_from_bytes(bytes: &[u8]) -> Result<SurfaceGame, RecordError> {
    expect_schema(bytes, GAME_SCHEMA)?;
    let record: GameRecord = typed(bytes)?;
    check_header(GAME_SCHEMA, record.version, Some(&record.rules))?;
    let mut line = SurfaceGame::new(record.graph, record.komi_half_points)
        .map_err(|error| RecordError::Setup(error.to_string()))?;
    replay_actions(&mut line, &record.actions)?;
    verify(&line, record.snapshot.as_ref())?;
    Ok(line)
}

fn study_from_bytes(bytes: &[u8]) -> Result<SurfaceGame, RecordError> {
    expect_schema(bytes, STUDY_SCHEMA)?;
    let record: StudyRecord = typed(bytes)?;
    check_header(STUDY_SCHEMA, record.version, Some(&record.rules))?;
    let mut line = SurfaceGame::study(
        record.graph,
        &record.setup.board,
        record.setup.next,
        record.komi_half_points,
    )
    .map_err(|error| {
        RecordError::Setup(format!(
            "setup: {}",
            words::setup_text(record.graph, &error)
        ))
    })?;
    replay_actions(&mut line, &record.actions)?;
    verify(&line, record.snapshot.as_ref())?;
    Ok(line)
}

fn analysis_from_bytes(bytes: &[u8]) -> Result<SurfaceGame, RecordError> {
    expect_schema(bytes, ANALYSIS_SCHEMA)?;
    let record: AnalysisRecord = typed(bytes)?;
    check_header(ANALYSIS_SCHEMA, record.version, Some(&record.rules))?;
    let mut line = SurfaceGame::analysis(record.graph, record.komi_half_points, &record.prefix)
        .map_err(|error| match error {
            AnalysisError::Prefix(replay) => RecordError::Replay(format!(
                "prefix {}",
                words::replay_text(record.graph, &replay)
            )),
            other => RecordError::Setup(words::analysis_text(record.graph, &other)),
        })?;
    replay_actions(&mut line, &record.actions)?;
    verify(&line, record.snapshot.as_ref())?;
    Ok(line)
}

fn diagram_from_bytes(bytes: &[u8]) -> Result<Diagram, RecordError> {
    expect_schema(bytes, DIAGRAM_SCHEMA)?;
    let record: DiagramRecord = typed(bytes)?;
    check_header(DIAGRAM_SCHEMA, record.version, None)?;
    Diagram::new(
        record.graph,
        record.board,
        record.next,
        record.komi_half_points,
    )
    .map_err(|error| {
        RecordError::Setup(format!(
            "board: {}",
            words::setup_text(record.graph, &error)
        ))
    })
}

fn replay_from_bytes(bytes: &[u8]) -> Result<(SurfaceGame, usize), RecordError> {
    expect_schema(bytes, REPLAY_SCHEMA)?;
    let record: RawReplay = typed(bytes)?;
    check_header(REPLAY_SCHEMA, record.version, None)?;
    let document = record.document.get().as_bytes();
    if !document.starts_with(b"{") {
        let found = match document.first() {
            Some(b'[') => "array",
            Some(b'"') => "string",
            Some(b'n') => "null",
            Some(b't' | b'f') => "boolean",
            _ => "number",
        };
        return Err(RecordError::Malformed(format!(
            "document: invalid type: {found}, expected a JSON object"
        )));
    }
    let inner = schema_of(document)?;
    let line = match inner.as_str() {
        GAME_SCHEMA => game_from_bytes(document)?,
        STUDY_SCHEMA => study_from_bytes(document)?,
        ANALYSIS_SCHEMA => analysis_from_bytes(document)?,
        _ => {
            return Err(RecordError::WrongSchema {
                found: strict::excerpt(&inner),
                expected: format!(
                    "{GAME_SCHEMA}, {STUDY_SCHEMA} or {ANALYSIS_SCHEMA} (inside {REPLAY_SCHEMA})"
                ),
            })
        }
    };
    let own_actions = own_actions(&line).len();
    if record.cursor > own_actions {
        return Err(RecordError::Cursor {
            cursor: record.cursor,
            actions: own_actions,
        });
    }
    Ok((line, record.cursor))
}

/// The actions a record lists under `actions` (for an analysis, those after the prefix).
pub fn own_actions(line: &SurfaceGame) -> &[Action] {
    match line.origin() {
        Origin::Analysis { prefix } => &line.actions()[*prefix..],
        _ => line.actions(),
    }
}

/// Imports a `surface-go-game` document.
pub fn import_game(bytes: &[u8]) -> Result<SurfaceGame, RecordError> {
    game_from_bytes(prepare(bytes)?)
}

/// Imports a `surface-go-study` document.
pub fn import_study(bytes: &[u8]) -> Result<SurfaceGame, RecordError> {
    study_from_bytes(prepare(bytes)?)
}

/// Imports a `surface-go-analysis` document.
pub fn import_analysis(bytes: &[u8]) -> Result<SurfaceGame, RecordError> {
    analysis_from_bytes(prepare(bytes)?)
}

/// Imports a `surface-go-diagram` document.
pub fn import_diagram(bytes: &[u8]) -> Result<Diagram, RecordError> {
    diagram_from_bytes(prepare(bytes)?)
}

/// Imports a `surface-go-replay` document: the wrapped line and its cursor.
pub fn import_replay(bytes: &[u8]) -> Result<(SurfaceGame, usize), RecordError> {
    replay_from_bytes(prepare(bytes)?)
}

/// Imports any surfaces document, choosing the importer by its schema.
pub fn import_any(bytes: &[u8]) -> Result<Document, RecordError> {
    let bytes = prepare(bytes)?;
    let schema = schema_of(bytes)?;
    Ok(match schema.as_str() {
        GAME_SCHEMA => Document::Game(game_from_bytes(bytes)?),
        STUDY_SCHEMA => Document::Study(study_from_bytes(bytes)?),
        ANALYSIS_SCHEMA => Document::Analysis(analysis_from_bytes(bytes)?),
        DIAGRAM_SCHEMA => Document::Diagram(diagram_from_bytes(bytes)?),
        REPLAY_SCHEMA => {
            let (line, cursor) = replay_from_bytes(bytes)?;
            Document::Replay { line, cursor }
        }
        _ => {
            return Err(RecordError::WrongSchema {
                found: strict::excerpt(&schema),
                expected: "surface-go-game, -study, -analysis, -diagram or -replay".into(),
            })
        }
    })
}

/// The record of a line in the schema its origin calls for, with its snapshot.
pub fn export(line: &SurfaceGame) -> Value {
    let snapshot = Some(Snapshot::of(line));
    let graph = line.surface();
    let komi_half_points = i64::from(line.komi_half_points());
    let value = match line.origin() {
        Origin::Game => serde_json::to_value(GameRecord {
            schema: GAME_SCHEMA.into(),
            version: VERSION,
            graph,
            rules: RULES_ID.into(),
            komi_half_points,
            actions: line.actions().to_vec(),
            snapshot,
        }),
        Origin::Study { setup, first } => serde_json::to_value(StudyRecord {
            schema: STUDY_SCHEMA.into(),
            version: VERSION,
            graph,
            rules: RULES_ID.into(),
            komi_half_points,
            setup: Setup {
                board: setup.clone(),
                next: *first,
            },
            actions: line.actions().to_vec(),
            snapshot,
        }),
        Origin::Analysis { prefix } => serde_json::to_value(AnalysisRecord {
            schema: ANALYSIS_SCHEMA.into(),
            version: VERSION,
            graph,
            rules: RULES_ID.into(),
            komi_half_points,
            prefix: line.actions()[..*prefix].to_vec(),
            actions: line.actions()[*prefix..].to_vec(),
            snapshot,
        }),
    };
    value.expect("records serialize to JSON")
}

/// The `surface-go-replay` wrapper of a line viewed at `cursor` (clamped to its actions).
pub fn export_replay(line: &SurfaceGame, cursor: usize) -> Value {
    let record = ReplayRecord {
        schema: REPLAY_SCHEMA.into(),
        version: VERSION,
        cursor: cursor.min(own_actions(line).len()),
        document: export(line),
    };
    serde_json::to_value(record).expect("records serialize to JSON")
}

/// Checks that `bytes` is a board of `surface` (length and cell values).
pub fn check_board(surface: Surface, board: &[u8]) -> Result<(), BoardError> {
    Board::from_colors(super::graphs::graph(surface), board).map(|_| ())
}
