//! Go on three surfaces in the shared vocabulary: a line (game, study or analysis) with
//! its records; the `surface-go-replay` wrapper carries a viewed cursor.

use super::game::{Applied, Origin, SurfaceGame};
use super::line::Line;
use super::records::{
    self, RecordError, Snapshot, ANALYSIS_SCHEMA, DIAGRAM_SCHEMA, GAME_SCHEMA, REPLAY_SCHEMA,
    STUDY_SCHEMA,
};
use super::rules::{Action, Rejection};
use crate::game_api::RulesGame;
use crate::go::Color;

/// Why a document does not import as a line of play.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineImportError {
    /// The document is not valid (as the records report it).
    #[error(transparent)]
    Record(#[from] RecordError),
    /// A valid editor diagram, which is a position to start a study from, not a line.
    #[error("a {DIAGRAM_SCHEMA} document is a diagram, not a line of play; begin a study from it")]
    Diagram,
}

/// The cursor of a line counted from its start, from one counted after an analysis's
/// game prefix (as the replay wrapper records it).
fn prefix_of(line: &SurfaceGame) -> usize {
    match line.origin() {
        Origin::Analysis { prefix } => *prefix,
        Origin::Game | Origin::Study { .. } => 0,
    }
}

impl RulesGame for SurfaceGame {
    type Side = Color;
    type Action = Action;
    type Applied = Applied;
    type Probe = ();
    type Rejection = Rejection;
    type View = Snapshot;
    type RecordError = LineImportError;

    const GAME: &'static str = "surface";
    const DOCUMENT_KINDS: &'static [&'static str] =
        &[GAME_SCHEMA, STUDY_SCHEMA, ANALYSIS_SCHEMA, REPLAY_SCHEMA];
    const RECORDS_CURSOR: bool = true;

    fn side_to_move(&self) -> Option<Color> {
        Line::side_to_move(self)
    }

    fn legal_actions(&self) -> Vec<Action> {
        Line::legal_actions(self)
    }

    fn probe(&self, action: &Action) -> Result<(), Rejection> {
        Line::probe(self, action)
    }

    fn apply(&mut self, action: Action) -> Result<Applied, Rejection> {
        SurfaceGame::apply(self, action)
    }

    fn line(&self) -> Vec<Action> {
        self.actions().to_vec()
    }

    fn action_count(&self) -> usize {
        self.actions().len()
    }

    fn state_at(&self, cursor: usize) -> Option<SurfaceGame> {
        SurfaceGame::state_at(self, cursor)
    }

    fn view(&self) -> Snapshot {
        Snapshot::of(self)
    }

    fn revision(&self) -> String {
        SurfaceGame::revision(self)
    }

    fn import_record(text: &str) -> Result<(SurfaceGame, usize), LineImportError> {
        match records::import_any(text.as_bytes())? {
            records::Document::Game(line)
            | records::Document::Study(line)
            | records::Document::Analysis(line) => {
                let end = line.actions().len();
                Ok((line, end))
            }
            records::Document::Replay { line, cursor } => {
                let cursor = cursor + prefix_of(&line);
                Ok((line, cursor))
            }
            records::Document::Diagram(_) => Err(LineImportError::Diagram),
        }
    }

    fn export_record(&self, cursor: usize) -> String {
        let document = if cursor >= self.actions().len() {
            records::export(self)
        } else {
            records::export_replay(self, cursor.saturating_sub(prefix_of(self)))
        };
        serde_json::to_string_pretty(&document).expect("records serialize to JSON")
    }
}
