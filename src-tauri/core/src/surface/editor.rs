//! The position editor's unfinished diagram: its own save slot (`surface-diagram.json`,
//! a `surface-go-diagram` document), edits checked by the engine, and what the editor
//! shows while editing (groups, chains without a liberty, the two-eye certificates).

use crate::error::{AppError, CommandResult};
use crate::host::unix_stamp;
use crate::save_slot::{InvalidFile, SaveSlot, SaveStatus};
use canon_engine::go::Color;
use canon_engine::surfaces::records::{import_diagram, Diagram};
use canon_engine::surfaces::{Inspection, SetupError, SurfaceGame};
use serde::{Deserialize, Serialize};
use std::path::Path;
use ts_rs::TS;

/// File name of the editor's unfinished diagram in the app data directory.
pub const DIAGRAM_FILE_NAME: &str = "surface-diagram.json";

/// One edit of the diagram.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum SurfaceEditArgs {
    /// Puts a black stone on `point` (replacing whatever stood there).
    Black {
        /// The point.
        point: usize,
    },
    /// Puts a white stone on `point`.
    White {
        /// The point.
        point: usize,
    },
    /// Empties `point`.
    Erase {
        /// The point.
        point: usize,
    },
    /// Chooses the player to move in a study begun from the diagram (`null`: none yet).
    Next {
        /// The player.
        player: Option<Color>,
    },
}

/// What the editor shows.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct SurfaceEditorView {
    /// The diagram being edited.
    pub diagram: Diagram,
    /// Its groups, the chains without a liberty and its area, from the engine.
    pub inspection: Inspection,
    /// Why a study cannot begin from it yet (the engine's typed reason, which the
    /// screen puts in the player's language); `None` when it can.
    pub study_blocked: Option<SetupError>,
    /// Whether the diagram reaches the disk.
    pub save: SaveStatus,
}

/// The editor: at most one diagram, saved after every edit.
pub struct Editor {
    slot: SaveSlot,
    diagram: Option<Diagram>,
}

impl Editor {
    /// Loads the unfinished diagram from `data_dir`; an invalid file is kept and pauses
    /// saving.
    pub fn open(data_dir: &Path, may_write: bool) -> Self {
        let mut slot = SaveSlot::new(data_dir.join(DIAGRAM_FILE_NAME), may_write);
        let diagram = slot.load("diagram", |text| {
            import_diagram(text.as_bytes()).map_err(|error| error.to_string())
        });
        Self { slot, diagram }
    }

    /// The diagram, if one is being edited.
    pub fn diagram(&self) -> Option<&Diagram> {
        self.diagram.as_ref()
    }

    /// The editor's view, if a diagram is being edited.
    pub fn view(&self) -> Option<SurfaceEditorView> {
        let diagram = self.diagram.clone()?;
        Some(SurfaceEditorView {
            inspection: diagram.inspect(),
            study_blocked: diagram.begin_study().err(),
            diagram,
            save: self.slot.status().clone(),
        })
    }

    fn current(&self) -> CommandResult<SurfaceEditorView> {
        self.view()
            .ok_or_else(|| AppError::invalid("no diagram is being edited; start the editor first"))
    }

    /// Starts editing `diagram`; an unfinished diagram is replaced only with `replace`.
    pub fn start(&mut self, diagram: Diagram, replace: bool) -> CommandResult<SurfaceEditorView> {
        if self.diagram.is_some() && !replace {
            return Err(AppError::ConfirmationNeeded {
                message: "Starting the editor again replaces the unfinished diagram. Export it first to keep it.".to_owned(),
            });
        }
        self.put(diagram);
        self.current()
    }

    /// Puts `diagram` in the editor and saves it.
    pub fn put(&mut self, diagram: Diagram) {
        let text = serde_json::to_string_pretty(&diagram.to_record())
            .expect("a diagram serializes to JSON");
        self.slot.save(&text);
        self.diagram = Some(diagram);
    }

    /// Applies one edit; a refused edit changes nothing.
    pub fn edit(&mut self, args: SurfaceEditArgs) -> CommandResult<SurfaceEditorView> {
        let diagram = self.diagram.clone().ok_or_else(|| {
            AppError::invalid("no diagram is being edited; start the editor first")
        })?;
        let (mut board, mut next) = (diagram.board.clone(), diagram.next);
        let mut set = |point: usize, cell: u8| -> CommandResult<()> {
            let slot = board.get_mut(point).ok_or_else(|| {
                AppError::invalid(format!(
                    "point {point} is not on this board of {} points",
                    diagram.board.len()
                ))
            })?;
            *slot = cell;
            Ok(())
        };
        match args {
            SurfaceEditArgs::Black { point } => set(point, 1)?,
            SurfaceEditArgs::White { point } => set(point, 2)?,
            SurfaceEditArgs::Erase { point } => set(point, 0)?,
            SurfaceEditArgs::Next { player } => next = player,
        }
        let edited = Diagram::new(
            diagram.surface,
            board,
            next,
            i64::from(diagram.komi_half_points),
        )
        .map_err(|error| AppError::invalid(error.to_string()))?;
        self.put(edited);
        self.current()
    }

    /// Begins a study from the diagram, or says why it cannot begin.
    pub fn begin_study(&self) -> CommandResult<SurfaceGame> {
        let diagram = self.diagram.as_ref().ok_or_else(|| {
            AppError::invalid("no diagram is being edited; start the editor first")
        })?;
        diagram.begin_study().map_err(|error| AppError::Illegal {
            game: crate::host::GameId::Surface,
            message: format!("The study cannot begin: {error}."),
            rejection: crate::error::GameRejection::SurfaceSetup(error),
        })
    }

    /// The `surface-go-diagram` document of the diagram.
    pub fn export(&self) -> CommandResult<String> {
        let diagram = self
            .diagram
            .as_ref()
            .ok_or_else(|| AppError::invalid("there is no diagram to export"))?;
        Ok(serde_json::to_string_pretty(&diagram.to_record()).expect("a diagram serializes"))
    }

    /// The diagram file as the player is told about it while it is kept as invalid.
    pub fn invalid_file(&self) -> Option<InvalidFile> {
        self.slot.invalid_file()
    }

    /// On confirmation (given by the caller), renames the invalid file aside and saves
    /// the diagram being edited, if any, in its place.
    pub fn set_aside_invalid(&mut self) -> CommandResult<()> {
        self.slot
            .set_aside_invalid(unix_stamp())
            .map_err(|error| AppError::storage(format!("cannot set the diagram aside: {error}")))?;
        if let Some(diagram) = self.diagram.take() {
            self.put(diagram);
        }
        Ok(())
    }
}
