//! Go on three surfaces on the game host: the game and the study/analysis, each a
//! `GameSession` of the engine's `SurfaceGame` with its own save file, and the editor's
//! unfinished diagram. Every rule, score, label and record comes from the engine; this
//! module only routes, keeps and saves.

use crate::error::{AppError, CommandResult};
use crate::host::opponent::ComputerSide;
use crate::host::session::{GameSession, ReviewTo};
use crate::save_slot::{InvalidFile, SaveStatus};
use crate::settings::SurfaceSettings;
use canon_engine::go::{Chain, Color};
use canon_engine::surfaces::records::{self, Diagram, Document};
use canon_engine::surfaces::{Action, Inspection, PlacementExplanation, Surface, SurfaceGame};
use serde::{Deserialize, Serialize};
use std::path::Path;
use ts_rs::TS;

pub mod computer;
pub mod editor;
pub mod komi;
pub mod layout;
pub mod line;
mod symmetry;

pub use computer::{
    surface_levels, SurfaceComputerArgs, SurfaceComputerOutcome, SurfaceHint, SurfaceLevelInfo,
    SurfaceMoveJob, SurfaceOpponent, SurfaceReadArgs, SurfaceReadDepth, SurfaceReadJob,
    SurfaceReadOutcome, SurfaceReading, SurfaceThink,
};
pub use editor::{SurfaceEditArgs, SurfaceEditorView, DIAGRAM_FILE_NAME};
pub use komi::{surface_komi_choices, SurfaceKomiChoice};
pub use line::{
    SurfaceLineId, SurfaceLineKind, SurfaceView, GAME_FILE_NAME, STUDY_FILE_NAME, SURFACE_KINDS,
};
pub use symmetry::SurfaceSymmetry;

use computer::Computer;
use editor::Editor;
use line::{
    first_cursor, illegal, label, rejection_words, session_revision, view_of, GameSlot, LineSlot,
    StudySlot, SurfaceLine,
};

/// Everything the surfaces screen shows at once.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct SurfaceState {
    /// The game (Play).
    pub game: SurfaceView,
    /// The study or analysis (Study), if there is one.
    pub study: Option<SurfaceView>,
    /// The editor's diagram (Edit), if one is being edited.
    pub editor: Option<SurfaceEditorView>,
    /// Whether the study reaches the disk (also when there is no study: an invalid
    /// study file is kept and reported here).
    pub study_save: SaveStatus,
    /// The surfaces files kept untouched because they are invalid.
    pub invalid_files: Vec<InvalidFile>,
    /// Who plays which colour in the game.
    pub players: SurfacePlayers,
    /// The computer's side and level in the game.
    pub opponent: SurfaceOpponent,
}

/// Where an imported document went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum SurfacePart {
    /// The game.
    Game,
    /// The study or analysis.
    Study,
    /// The editor.
    Editor,
}

/// The answer to an import: where the document went, and the whole state.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct SurfaceImported {
    /// Where the document went.
    pub into: SurfacePart,
    /// The state after the import.
    pub state: SurfaceState,
}

/// Who plays a colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum SurfacePlayer {
    /// A person at this device.
    #[default]
    Person,
    /// The computer, at the level of the opponent settings.
    Computer,
}

/// Who plays which colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct SurfacePlayers {
    /// Who plays Black.
    pub black: SurfacePlayer,
    /// Who plays White.
    pub white: SurfacePlayer,
}

/// Arguments of `surface_new`.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct SurfaceNewArgs {
    /// The surface.
    pub surface: Surface,
    /// White's komi in half points; the settings' default (0.5 point) when absent.
    #[serde(default)]
    #[ts(optional, type = "number")]
    pub komi_half_points: Option<i64>,
    /// Who plays which colour (two people when absent); the computer plays one side at
    /// most.
    #[serde(default)]
    #[ts(optional)]
    pub players: Option<SurfacePlayers>,
    /// The computer's level (the last one chosen when absent).
    #[serde(default)]
    #[ts(optional)]
    pub level: Option<canon_engine::surfaces::search::Level>,
}

/// Arguments of `surface_apply`.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct SurfaceApplyArgs {
    /// The line played in.
    pub line: SurfaceLineId,
    /// Place, pass or resign (`{"type":"place","at":49}`).
    pub action: Action,
    /// The `revision` of the view the action was chosen in; a changed line refuses it.
    pub revision: String,
    /// Must be true to play while reviewing an earlier position (the later turns are
    /// then replaced).
    #[serde(default)]
    pub replace_future: bool,
}

/// Arguments of `surface_review`.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct SurfaceReviewArgs {
    /// The line.
    pub line: SurfaceLineId,
    /// Where to go.
    pub to: ReviewTo,
}

/// A point of a line's viewed board (`surface_chain`, `surface_explain`).
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct SurfacePointArgs {
    /// The line.
    pub line: SurfaceLineId,
    /// The point's canonical index.
    pub point: usize,
}

/// A line (`surface_inspect`, `surface_symmetries`).
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct SurfaceLineArgs {
    /// The line.
    pub line: SurfaceLineId,
}

/// Why a placement is illegal, from the engine.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct SurfaceExplanation {
    /// The engine's explanation: the rejection, or the captures, chain and liberties the
    /// placement would have.
    pub explanation: PlacementExplanation,
    /// The point's label.
    pub label: String,
    /// The rejection in words; `None` when the placement is legal.
    pub message: Option<String>,
}

/// Where the editor's diagram comes from.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum SurfaceEditorSource {
    /// An empty board of `surface` (the settings' komi).
    Empty {
        /// The surface.
        surface: Surface,
    },
    /// The viewed position of a line (its board, player to move and komi).
    Line {
        /// The line.
        line: SurfaceLineId,
    },
}

/// Arguments of `surface_editor_start`.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct SurfaceEditorStartArgs {
    /// Where the diagram comes from.
    pub from: SurfaceEditorSource,
    /// Must be true to replace an unfinished diagram.
    #[serde(default)]
    pub replace: bool,
}

/// Arguments of commands that may replace the study (`surface_begin_study`,
/// `surface_exchange_colours` of the game).
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct SurfaceReplaceArgs {
    /// Must be true to replace an existing study or analysis.
    #[serde(default)]
    pub replace: bool,
}

/// Arguments of `surface_analyse`.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct SurfaceAnalyseArgs {
    /// The analysis starts after this many actions of the game.
    pub from_move: usize,
    /// Must be true to replace an existing study or analysis.
    #[serde(default)]
    pub replace: bool,
}

/// Arguments of `surface_transform`.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct SurfaceTransformArgs {
    /// The line.
    pub line: SurfaceLineId,
    /// The symmetry's `index` in `surface_symmetries`.
    pub index: usize,
}

/// Arguments of `surface_exchange_colours`.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct SurfaceExchangeArgs {
    /// The line whose colours are exchanged; the result is always a study (White moves
    /// first in it), so it goes to the Study line.
    pub line: SurfaceLineId,
    /// Must be true to replace an existing study or analysis (of another line).
    #[serde(default)]
    pub replace: bool,
}

/// The five surfaces document kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum SurfaceDocumentKind {
    /// `surface-go-game`: the whole game.
    Game,
    /// `surface-go-study`: the whole study.
    Study,
    /// `surface-go-analysis`: the whole analysis.
    Analysis,
    /// `surface-go-diagram`: the editor's diagram.
    Diagram,
    /// `surface-go-replay`: a line with its viewed cursor.
    Replay,
}

/// Arguments of `surface_export`.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct SurfaceExportArgs {
    /// The document kind.
    pub kind: SurfaceDocumentKind,
    /// For `replay`: the line it wraps (the game when absent).
    #[serde(default)]
    #[ts(optional)]
    pub line: Option<SurfaceLineId>,
}

/// Arguments of `surface_import`.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct SurfaceImportArgs {
    /// A complete surfaces document of any of the five kinds.
    pub text: String,
}

/// Arguments of `surface_set_aside_invalid`.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct SurfaceSetAsideArgs {
    /// Which line's invalid save.
    pub line: SurfaceLineId,
    /// Must be true: the player confirmed.
    pub confirm: bool,
}

/// The app's Go on surfaces: the game, the study or analysis, the editor.
pub struct SurfaceSession {
    game: GameSession<SurfaceLine<GameSlot>>,
    study: GameSession<SurfaceLine<StudySlot>>,
    // The study session always holds a line; until a study exists it is a placeholder
    // that is neither shown nor saved.
    has_study: bool,
    editor: Editor,
    computer: Computer,
}

impl SurfaceSession {
    /// Loads the saved game, study and diagram from `data_dir`; a new game on the
    /// settings' last surface when there is no game. Invalid files are kept.
    pub fn open(data_dir: &Path, may_write: bool, settings: Option<&SurfaceSettings>) -> Self {
        let defaults = settings.cloned().unwrap_or_default();
        let fresh = || {
            SurfaceLine::new(
                SurfaceGame::new(defaults.last_surface, i64::from(defaults.komi_half_points))
                    .or_else(|_| SurfaceGame::new(defaults.last_surface, 1))
                    .expect("half a point of komi is valid on every surface"),
            )
        };
        let (game, saved_game) = GameSession::open(data_dir, may_write, fresh);
        let placeholder = || {
            let points = defaults.last_surface.points();
            SurfaceLine::new(
                SurfaceGame::study(defaults.last_surface, &vec![0; points], Color::Black, 1)
                    .expect("an empty board is a valid study setup"),
            )
        };
        let (study, has_study) = GameSession::open(data_dir, may_write, placeholder);
        Self {
            game,
            study,
            has_study,
            editor: Editor::open(data_dir, may_write),
            computer: Computer::open(data_dir, may_write, saved_game, Default::default()),
        }
    }

    /// The save status of the game.
    pub fn save_status(&self) -> &SaveStatus {
        self.game.save_status()
    }

    /// Whether a game (not a study or diagram) is under way (the home screen offers to
    /// continue it).
    pub fn in_progress(&self) -> bool {
        self.game.in_progress()
    }

    /// Who plays which colour in the game.
    pub fn players(&self) -> SurfacePlayers {
        let side = self.computer.settings().computer;
        let player = |color| {
            if side.plays(color) {
                SurfacePlayer::Computer
            } else {
                SurfacePlayer::Person
            }
        };
        SurfacePlayers {
            black: player(Color::Black),
            white: player(Color::White),
        }
    }

    /// Everything the screen shows.
    pub fn state(&self) -> SurfaceState {
        SurfaceState {
            game: self.game_view(),
            study: self.has_study.then(|| view_of(&self.study)),
            editor: self.editor.view(),
            study_save: self.study.save_status().clone(),
            invalid_files: self.invalid_files(),
            players: self.players(),
            opponent: self.opponent(),
        }
    }

    /// The view of `line`.
    pub fn view(&self, line: SurfaceLineId) -> CommandResult<SurfaceView> {
        match line {
            SurfaceLineId::Game => Ok(self.game_view()),
            SurfaceLineId::Study => {
                self.study_exists()?;
                Ok(view_of(&self.study))
            }
        }
    }

    /// The game's view, saying whether it is the computer's turn.
    fn game_view(&self) -> SurfaceView {
        self.marked(view_of(&self.game))
    }

    /// `view` of the game with whether it is the computer's turn.
    fn marked(&self, mut view: SurfaceView) -> SurfaceView {
        view.computer_to_move = view.line == SurfaceLineId::Game && self.computer_to_move();
        view
    }

    fn study_exists(&self) -> CommandResult<()> {
        if self.has_study {
            Ok(())
        } else {
            Err(AppError::invalid(
                "there is no study yet: begin one from the editor or analyse the game",
            ))
        }
    }

    /// The viewed position of `line`.
    fn viewed(&self, line: SurfaceLineId) -> CommandResult<&SurfaceGame> {
        match line {
            SurfaceLineId::Game => Ok(self.game.viewed().game()),
            SurfaceLineId::Study => {
                self.study_exists()?;
                Ok(self.study.viewed().game())
            }
        }
    }

    /// The whole of `line`.
    fn whole(&self, line: SurfaceLineId) -> CommandResult<&SurfaceGame> {
        match line {
            SurfaceLineId::Game => Ok(self.game.line().game()),
            SurfaceLineId::Study => {
                self.study_exists()?;
                Ok(self.study.line().game())
            }
        }
    }

    /// Replaces the game with a new one.
    pub fn new_game(
        &mut self,
        args: SurfaceNewArgs,
        default_komi: i32,
    ) -> CommandResult<SurfaceView> {
        let komi = args.komi_half_points.unwrap_or(i64::from(default_komi));
        let players = args.players.unwrap_or_default();
        let computer = match (players.black, players.white) {
            (SurfacePlayer::Computer, SurfacePlayer::Computer) => {
                return Err(AppError::invalid(
                    "the computer plays one side at most; a person plays the other",
                ))
            }
            (SurfacePlayer::Computer, _) => ComputerSide::Black,
            (_, SurfacePlayer::Computer) => ComputerSide::White,
            _ => ComputerSide::None,
        };
        let game = SurfaceGame::new(args.surface, komi)
            .map_err(|error| AppError::invalid(error.to_string()))?;
        self.game.replace(SurfaceLine::new(game), 0);
        let level = args.level.unwrap_or(self.computer.settings().level);
        // The game has started either way; a file that cannot be written only loses the
        // players after a restart.
        let _ = self
            .computer
            .file
            .store(SurfaceOpponent { computer, level });
        Ok(self.game_view())
    }

    /// Plays one action in the viewed position of a line, chosen at `revision`.
    pub fn apply(&mut self, args: SurfaceApplyArgs) -> CommandResult<SurfaceView> {
        match args.line {
            SurfaceLineId::Game => apply_in(&mut self.game, args).map(|view| self.marked(view)),
            SurfaceLineId::Study => {
                self.study_exists()?;
                apply_in(&mut self.study, args)
            }
        }
    }

    /// Moves a line's review cursor; the later turns are kept.
    pub fn review(&mut self, args: SurfaceReviewArgs) -> CommandResult<SurfaceView> {
        match args.line {
            SurfaceLineId::Game => review_in(&mut self.game, args.to).map(|view| self.marked(view)),
            SurfaceLineId::Study => {
                self.study_exists()?;
                review_in(&mut self.study, args.to)
            }
        }
    }

    /// The chain through a point of a line's viewed board, with its liberties (across
    /// every seam); `None` for an empty point.
    pub fn chain(&self, args: SurfacePointArgs) -> CommandResult<Option<Chain>> {
        let viewed = self.viewed(args.line)?;
        let point = on_board(viewed.surface(), args.point)?;
        Ok(viewed.go_board().chain_at(viewed.graph(), point))
    }

    /// Why a placement at a point of a line's viewed position is illegal (or what it
    /// would capture); nothing changes.
    pub fn explain(&self, args: SurfacePointArgs) -> CommandResult<SurfaceExplanation> {
        let viewed = self.viewed(args.line)?;
        let explanation = viewed.explain_placement(args.point);
        let surface = viewed.surface();
        Ok(SurfaceExplanation {
            message: explanation
                .rejection
                .as_ref()
                .map(|rejection| rejection_words(rejection, surface)),
            label: label(surface, args.point),
            explanation,
        })
    }

    /// The groups and two-eye certificates of a line's viewed board.
    pub fn inspect(&self, args: SurfaceLineArgs) -> CommandResult<Inspection> {
        let viewed = self.viewed(args.line)?;
        canon_engine::surfaces::inspect_board(viewed.surface(), viewed.board())
            .map_err(|error| AppError::invalid(error.to_string()))
    }

    /// Starts the editor on an empty board or on a line's viewed position.
    pub fn editor_start(
        &mut self,
        args: SurfaceEditorStartArgs,
        default_komi: i32,
    ) -> CommandResult<SurfaceEditorView> {
        let diagram = match args.from {
            SurfaceEditorSource::Empty { surface } => Diagram::new(
                surface,
                vec![0; surface.points()],
                Some(Color::Black),
                i64::from(default_komi),
            ),
            SurfaceEditorSource::Line { line } => {
                let viewed = self.viewed(line)?;
                Diagram::new(
                    viewed.surface(),
                    viewed.board().to_vec(),
                    viewed.side_to_move(),
                    i64::from(viewed.komi_half_points()),
                )
            }
        }
        .map_err(|error| AppError::invalid(error.to_string()))?;
        self.editor.start(diagram, args.replace)
    }

    /// Edits the diagram.
    pub fn edit(&mut self, args: SurfaceEditArgs) -> CommandResult<SurfaceEditorView> {
        self.editor.edit(args)
    }

    fn check_replace_study(&self, replace: bool) -> CommandResult<()> {
        if self.has_study && !replace {
            let view = view_of(&self.study);
            return Err(AppError::ConfirmationNeeded {
                message: format!(
                    "This replaces the current {} ({} turn{}). Export it first to keep it.",
                    match view.kind {
                        SurfaceLineKind::Analysis => "analysis",
                        _ => "study",
                    },
                    view.line_length,
                    if view.line_length == 1 { "" } else { "s" }
                ),
            });
        }
        Ok(())
    }

    fn put_study(&mut self, study: SurfaceGame, cursor: usize) -> SurfaceView {
        self.study.replace(SurfaceLine::new(study), cursor);
        self.has_study = true;
        view_of(&self.study)
    }

    /// Begins a new study from the editor's diagram (refused with the reason while a
    /// chain has no liberty or no player to move is chosen).
    pub fn begin_study(&mut self, args: SurfaceReplaceArgs) -> CommandResult<SurfaceView> {
        let study = self.editor.begin_study()?;
        self.check_replace_study(args.replace)?;
        Ok(self.put_study(study, 0))
    }

    /// Opens an analysis of the game after its first `from_move` actions in the Study
    /// line; the game itself does not change.
    pub fn analyse(&mut self, args: SurfaceAnalyseArgs) -> CommandResult<SurfaceView> {
        let game = self.game.line().game();
        let analysis = game.analysis_at(args.from_move).ok_or_else(|| {
            let length = game.actions().len();
            AppError::invalid(if args.from_move > length {
                format!("the game has {length} actions; an analysis cannot start after action {}", args.from_move)
            } else {
                format!("the game has ended after {} actions; an analysis starts from an unfinished position", args.from_move)
            })
        })?;
        self.check_replace_study(args.replace)?;
        let cursor = analysis.actions().len();
        Ok(self.put_study(analysis, cursor))
    }

    /// Every symmetry of a line's surface, with what it does.
    pub fn symmetries(&self, args: SurfaceLineArgs) -> CommandResult<Vec<SurfaceSymmetry>> {
        Ok(symmetry::list(self.whole(args.line)?.surface()))
    }

    /// Moves the whole state of a line (start, history, every placement) by one symmetry
    /// of its surface; the cursor stays.
    pub fn transform(&mut self, args: SurfaceTransformArgs) -> CommandResult<SurfaceView> {
        let line = self.whole(args.line)?;
        let automorphism = symmetry::get(line.surface(), args.index)?;
        let moved = line.transformed(automorphism);
        Ok(match args.line {
            SurfaceLineId::Game => {
                let view = replace_keeping_cursor(&mut self.game, moved);
                self.marked(view)
            }
            SurfaceLineId::Study => replace_keeping_cursor(&mut self.study, moved),
        })
    }

    /// Exchanges the colours of a line's whole state; the result is a study (White to
    /// move first), which goes to the Study line. Komi stays White's, as it was.
    pub fn exchange_colours(&mut self, args: SurfaceExchangeArgs) -> CommandResult<SurfaceView> {
        let (exchanged, cursor) = match args.line {
            SurfaceLineId::Game => {
                self.check_replace_study(args.replace)?;
                (
                    self.game.line().game().colors_exchanged(),
                    self.game.cursor(),
                )
            }
            SurfaceLineId::Study => {
                self.study_exists()?;
                (
                    self.study.line().game().colors_exchanged(),
                    self.study.cursor(),
                )
            }
        };
        Ok(self.put_study(exchanged, cursor))
    }

    /// A document of `kind` as text.
    pub fn export(&self, args: SurfaceExportArgs) -> CommandResult<String> {
        let of_kind = |line: SurfaceLineId, kind: SurfaceLineKind| -> CommandResult<String> {
            let whole = self.whole(line)?;
            if SurfaceLineKind::of(whole) != kind {
                return Err(AppError::invalid(format!(
                    "the {} line holds a {}, not a {}",
                    if line == SurfaceLineId::Game {
                        "game"
                    } else {
                        "study"
                    },
                    SurfaceLineKind::of(whole).schema(),
                    kind.schema()
                )));
            }
            Ok(pretty(&records::export(whole)))
        };
        match args.kind {
            SurfaceDocumentKind::Game => of_kind(SurfaceLineId::Game, SurfaceLineKind::Game),
            SurfaceDocumentKind::Study => of_kind(SurfaceLineId::Study, SurfaceLineKind::Study),
            SurfaceDocumentKind::Analysis => {
                of_kind(SurfaceLineId::Study, SurfaceLineKind::Analysis)
            }
            SurfaceDocumentKind::Diagram => self.editor.export(),
            SurfaceDocumentKind::Replay => {
                let line = args.line.unwrap_or(SurfaceLineId::Game);
                let whole = self.whole(line)?;
                let cursor = match line {
                    SurfaceLineId::Game => self.game.cursor(),
                    SurfaceLineId::Study => self.study.cursor(),
                };
                Ok(pretty(&records::export_replay(
                    whole,
                    cursor - first_cursor(whole),
                )))
            }
        }
    }

    /// A line as SGF (a rectangular `SZ`, moves in SGF coordinates, a root comment naming
    /// the surface and its gluing), so ordinary Go programs can at least replay the moves.
    pub fn export_sgf(&self, args: SurfaceLineArgs) -> CommandResult<String> {
        Ok(canon_engine::surfaces::sgf::export(self.whole(args.line)?))
    }

    /// Writes a line as SGF to `path` (chosen by the player in a file dialog).
    pub fn export_sgf_to(&self, args: SurfaceLineArgs, path: &Path) -> CommandResult<()> {
        let text = self.export_sgf(args)?;
        crate::host::session::write_chosen(path, text.as_bytes())
    }

    /// Imports a document of any of the five kinds into its place (a game into the game,
    /// a study or analysis into the study, a diagram into the editor, a replay wrapper by
    /// what it wraps); a rejected document changes nothing.
    pub fn import(&mut self, args: SurfaceImportArgs) -> CommandResult<SurfaceImported> {
        let document = read_document(&args.text)?;
        let into = match document {
            Document::Game(game) => self.put_line(game, None),
            Document::Study(line) | Document::Analysis(line) => self.put_line(line, None),
            Document::Replay { line, cursor } => {
                let cursor = cursor + first_cursor(&line);
                self.put_line(line, Some(cursor))
            }
            Document::Diagram(diagram) => {
                self.editor.put(diagram);
                SurfacePart::Editor
            }
        };
        Ok(SurfaceImported {
            into,
            state: self.state(),
        })
    }

    fn put_line(&mut self, line: SurfaceGame, cursor: Option<usize>) -> SurfacePart {
        let cursor = cursor.unwrap_or(line.actions().len());
        if SurfaceLineKind::of(&line) == SurfaceLineKind::Game {
            self.game.replace(SurfaceLine::new(line), cursor);
            // An imported game is two people's until the player says otherwise.
            self.computer.file.forget();
            SurfacePart::Game
        } else {
            self.put_study(line, cursor);
            SurfacePart::Study
        }
    }

    /// Imports the document in the file at `path`; a file over the 10 MB limit is
    /// refused before it is read whole.
    pub fn import_from(&mut self, path: &Path) -> CommandResult<SurfaceImported> {
        let text = crate::host::session::read_document(path, records::IMPORT_LIMIT)?;
        self.import(SurfaceImportArgs { text })
    }

    /// Writes a document of `kind` to `path` (chosen by the player in a file dialog).
    pub fn export_to(&self, args: SurfaceExportArgs, path: &Path) -> CommandResult<()> {
        let text = self.export(args)?;
        crate::host::session::write_chosen(path, text.as_bytes())
    }

    /// The text of a line's invalid save file kept on disk, for the player to export.
    pub fn invalid_save(&self, args: SurfaceLineArgs) -> CommandResult<Option<String>> {
        match args.line {
            SurfaceLineId::Game => self.game.invalid_save(),
            SurfaceLineId::Study => self.study.invalid_save(),
        }
    }

    /// On the player's confirmation, renames a line's invalid save aside (keeping it) and
    /// saves the line in its place (a study only once there is one).
    pub fn set_aside_invalid(&mut self, args: SurfaceSetAsideArgs) -> CommandResult<SurfaceState> {
        match args.line {
            SurfaceLineId::Game => self.game.set_aside_invalid(args.confirm)?,
            SurfaceLineId::Study if self.has_study => self.study.set_aside_invalid(args.confirm)?,
            SurfaceLineId::Study => self.study.set_aside_invalid_unsaved(args.confirm)?,
        }
        Ok(self.state())
    }

    /// The surfaces files kept because they are invalid (the study and the diagram; the
    /// game's is its save status).
    pub fn invalid_files(&self) -> Vec<InvalidFile> {
        [
            self.study.invalid_file(),
            self.editor.invalid_file(),
            self.computer.invalid_file(),
        ]
        .into_iter()
        .flatten()
        .collect()
    }

    /// Sets the invalid file `name` aside if it is one of the surfaces'; says whether it
    /// was.
    pub fn set_aside_invalid_file(&mut self, name: &str) -> CommandResult<bool> {
        let named = |file: Option<InvalidFile>| file.is_some_and(|file| file.name == name);
        if named(self.study.invalid_file()) {
            self.set_aside_invalid(SurfaceSetAsideArgs {
                line: SurfaceLineId::Study,
                confirm: true,
            })?;
        } else if named(self.editor.invalid_file()) {
            self.editor.set_aside_invalid()?;
        } else if named(self.computer.invalid_file()) {
            self.computer.set_aside_invalid()?;
        } else {
            return Ok(false);
        }
        Ok(true)
    }
}

fn pretty(value: &serde_json::Value) -> String {
    serde_json::to_string_pretty(value).expect("records serialize to JSON")
}

/// Reads any surfaces document: the size first, then the engine's full validation; the
/// rejection names the kind that was expected and what failed.
fn read_document(text: &str) -> CommandResult<Document> {
    let expected = match crate::host::document_kind(text) {
        Some(kind) if SURFACE_KINDS.contains(kind.as_str()) => format!("a {kind} document"),
        _ => format!("a Go on surfaces document ({SURFACE_KINDS})"),
    };
    if text.len() > records::IMPORT_LIMIT {
        return Err(AppError::InvalidRecord {
            message: format!(
                "Expected {expected} of at most {} bytes; this one has {} bytes and was not read. Nothing was changed.",
                records::IMPORT_LIMIT,
                text.len()
            ),
        });
    }
    records::import_any(text.as_bytes()).map_err(|error| AppError::InvalidRecord {
        message: format!("Expected {expected}, but {error}. Nothing was changed."),
    })
}

fn on_board(surface: Surface, point: usize) -> CommandResult<canon_engine::surfaces::Point> {
    canon_engine::surfaces::Point::try_from(point)
        .ok()
        .filter(|_| point < surface.points())
        .ok_or_else(|| {
            AppError::invalid(format!(
                "point {point} is not on the {} ({} points)",
                line::surface_name(surface),
                surface.points()
            ))
        })
}

fn apply_in<S: LineSlot>(
    session: &mut GameSession<SurfaceLine<S>>,
    args: SurfaceApplyArgs,
) -> CommandResult<SurfaceView> {
    let now = session_revision(session);
    if args.revision != now {
        return Err(AppError::invalid(format!(
            "the action was chosen at revision {}, but the line is now at revision {now}; nothing was played",
            args.revision
        )));
    }
    // The engine's rejection in words, before the replace confirmation is asked for.
    let viewed = session.viewed().game();
    viewed
        .probe(&args.action)
        .map_err(|rejection| illegal(rejection, viewed.surface()))?;
    session.apply(args.action, args.replace_future)?;
    Ok(view_of(session))
}

fn review_in<S: LineSlot>(
    session: &mut GameSession<SurfaceLine<S>>,
    to: ReviewTo,
) -> CommandResult<SurfaceView> {
    let first = first_cursor(session.line().game());
    session.review_to(to, first)?;
    Ok(view_of(session))
}

fn replace_keeping_cursor<S: LineSlot>(
    session: &mut GameSession<SurfaceLine<S>>,
    line: SurfaceGame,
) -> SurfaceView {
    let cursor = session.cursor();
    session.replace(SurfaceLine::new(line), cursor);
    view_of(session)
}
