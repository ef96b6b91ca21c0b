//! A game, study or analysis line on one surface: its start, every action, the current
//! board and the full repetition history. Every action is all-or-nothing: a rejected
//! action leaves the state exactly as it was.

use serde::Serialize;

use super::geometry::Surface;
use super::graphs::graph;
use super::inspect::{inspect_board, Inspection};
use super::line::{deref_to_line, Line};
pub use super::line::{Applied, PlacementExplanation, ReplayError};
use super::rules::{check_komi, Action, KomiError, Rejection};
use super::symmetry::{exchange_colors, Automorphism};
use super::Point;
use crate::go::{Board, BoardError, Color};

/// Where a line's history starts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Origin {
    /// An official game from the empty board, Black first.
    Game,
    /// A study from a validated diagram; earlier history unknown.
    Study {
        /// The starting diagram.
        setup: Vec<u8>,
        /// The player to move at the setup.
        first: Color,
    },
    /// Analysis of a known game: the first `prefix` actions are the game's validated
    /// prefix from the empty board, and its repetition history is kept.
    Analysis {
        /// Number of actions that belong to the game prefix.
        prefix: usize,
    },
}

/// The label every study carries, in records and on screen.
pub const STUDY_LABEL: &str =
    "Study: earlier history unknown; repetitions counted from this setup.";

/// Why a diagram cannot start a study.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SurfaceSetupError"))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SetupError {
    /// The board is not a coloring of this surface.
    #[error("{0}")]
    Board(#[cfg_attr(feature = "ts", ts(type = "unknown"))] BoardError),
    /// A chain has no liberty.
    #[error("the chain at {point} ({color}, {stones} stones) has no liberty; every chain needs one before a study starts")]
    NoLiberty {
        /// Smallest stone of the chain.
        point: Point,
        /// Its color.
        color: Color,
        /// Its stone count.
        stones: usize,
    },
    /// Komi out of range.
    #[error("{0}")]
    Komi(KomiError),
    /// No player to move was selected.
    #[error("select the player to move before starting a study")]
    NoNextPlayer,
}

/// A line of play on one surface: official game, study or analysis. The rules and the
/// position are its [`Line`], which it derefs to for reading; the surface adds its
/// origin, the study label, inspection, symmetries and the fingerprint.
#[derive(Clone, Debug)]
pub struct SurfaceGame {
    surface: Surface,
    origin: Origin,
    line: Line,
}

deref_to_line!(SurfaceGame);

impl SurfaceGame {
    /// A new official game on the empty board, Black to move.
    pub fn new(surface: Surface, komi_half_points: i64) -> Result<SurfaceGame, KomiError> {
        let komi = check_komi(surface, komi_half_points)?;
        let board = Board::new(graph(surface));
        Ok(SurfaceGame::starting(
            surface,
            komi,
            Origin::Game,
            board,
            Color::Black,
        ))
    }

    /// A study from a diagram whose every chain has a liberty, with `next` to move. Its
    /// history starts at the diagram: earlier history is unknown.
    pub fn study(
        surface: Surface,
        diagram: &[u8],
        next: Color,
        komi_half_points: i64,
    ) -> Result<SurfaceGame, SetupError> {
        let komi = check_komi(surface, komi_half_points).map_err(SetupError::Komi)?;
        let g = graph(surface);
        let board = Board::from_colors(g, diagram).map_err(SetupError::Board)?;
        if let Some(chain) = board.chains(g).into_iter().find(|c| c.liberties.is_empty()) {
            return Err(SetupError::NoLiberty {
                point: chain.stones[0],
                color: chain.color,
                stones: chain.stones.len(),
            });
        }
        let origin = Origin::Study {
            setup: diagram.to_vec(),
            first: next,
        };
        Ok(SurfaceGame::starting(surface, komi, origin, board, next))
    }

    /// An analysis continuing a known game after its validated prefix `prefix` (actions
    /// from the empty board). The prefix must leave the game unfinished.
    pub fn analysis(
        surface: Surface,
        komi_half_points: i64,
        prefix: &[Action],
    ) -> Result<SurfaceGame, AnalysisError> {
        let mut game = SurfaceGame::new(surface, komi_half_points).map_err(AnalysisError::Komi)?;
        game.replay(prefix).map_err(AnalysisError::Prefix)?;
        if game.outcome().is_some() {
            return Err(AnalysisError::PrefixEnded {
                actions: prefix.len(),
            });
        }
        game.origin = Origin::Analysis {
            prefix: prefix.len(),
        };
        Ok(game)
    }

    fn starting(
        surface: Surface,
        komi: i32,
        origin: Origin,
        board: Board,
        next: Color,
    ) -> SurfaceGame {
        SurfaceGame {
            surface,
            origin,
            line: Line::new(graph(surface), komi, board, next),
        }
    }

    /// Applies every action in order; on the first rejection returns its index in
    /// `actions` and leaves the actions before it applied.
    pub fn replay(&mut self, actions: &[Action]) -> Result<(), ReplayError> {
        self.line.replay(actions)
    }

    /// Applies `action` for the player to move. A rejection changes nothing.
    pub fn apply(&mut self, action: Action) -> Result<Applied, Rejection> {
        self.line.apply(action)
    }

    /// The surface.
    pub fn surface(&self) -> Surface {
        self.surface
    }

    /// Where the history starts.
    pub fn origin(&self) -> &Origin {
        &self.origin
    }

    /// The label a study carries; `None` for official games and analyses.
    pub fn label(&self) -> Option<&'static str> {
        match self.origin {
            Origin::Study { .. } => Some(STUDY_LABEL),
            _ => None,
        }
    }

    /// The earlier name of [`Line::side_to_move`], kept so callers written before the
    /// shared vocabulary still compile.
    pub fn next(&self) -> Option<Color> {
        self.line.side_to_move()
    }

    /// The inspect mode's view of the current board: groups, eyes and the chains the
    /// two-eye certificate proves alive.
    pub fn inspect(&self) -> Inspection {
        inspect_board(self.surface, self.board())
            .expect("the board of a line is a coloring of its surface")
    }

    /// A fingerprint of the line (surface, komi, origin, start and every action; 16 hex
    /// digits) that changes whenever the line does, so stale replies can be recognised.
    pub fn revision(&self) -> String {
        let (origin, prefix) = match self.origin {
            Origin::Game => (0, 0),
            Origin::Study { .. } => (1, 0),
            Origin::Analysis { prefix } => (2, prefix as u64),
        };
        let setup = [
            self.surface as u64,
            self.komi_half_points() as i64 as u64,
            origin,
            prefix,
            self.line.start_board().hash(),
            self.first().index() as u64,
        ];
        let actions = self.actions().iter().map(|action| match *action {
            Action::Place { at } => u64::from(at),
            Action::Pass => 1 << 32,
            Action::Resign => 2 << 32,
        });
        crate::game_api::fingerprint(0x5355_5246, setup.into_iter().chain(actions))
    }

    /// The same line replayed from its start up to `cursor` actions (for an analysis,
    /// `cursor` counts from the start of the game prefix and must not cut into it).
    pub fn state_at(&self, cursor: usize) -> Option<SurfaceGame> {
        if cursor > self.actions().len() {
            return None;
        }
        if let Origin::Analysis { prefix } = self.origin {
            if cursor < prefix {
                return None;
            }
        }
        let mut line = self.line.restarted();
        line.replay(&self.actions()[..cursor]).ok()?;
        Some(SurfaceGame {
            surface: self.surface,
            origin: self.origin.clone(),
            line,
        })
    }

    /// An analysis branching from this game or analysis after `cursor` actions: the known
    /// prefix and its repetition history are kept. `None` if the position there has ended
    /// or `cursor` is out of range; studies have no known game prefix and give `None`.
    pub fn analysis_at(&self, cursor: usize) -> Option<SurfaceGame> {
        if matches!(self.origin, Origin::Study { .. }) || cursor > self.actions().len() {
            return None;
        }
        SurfaceGame::analysis(
            self.surface,
            i64::from(self.komi_half_points()),
            &self.actions()[..cursor],
        )
        .ok()
    }

    /// The whole state moved by one graph automorphism: start, every historical coloring,
    /// every placement. Passes, turn, komi and result are unchanged.
    pub fn transformed(&self, symmetry: &Automorphism) -> SurfaceGame {
        let actions: Vec<Action> = self
            .actions()
            .iter()
            .map(|&action| match action {
                Action::Place { at } => Action::Place {
                    at: symmetry.apply(at),
                },
                other => other,
            })
            .collect();
        let start = Board::from_colors(self.graph(), &symmetry.apply_board(self.start()))
            .expect("an automorphism keeps the board length");
        let origin = match &self.origin {
            Origin::Study { first, .. } => Origin::Study {
                setup: start.colors().to_vec(),
                first: *first,
            },
            other => other.clone(),
        };
        let mut line = SurfaceGame::starting(
            self.surface,
            self.komi_half_points(),
            origin,
            start,
            self.first(),
        );
        line.replay(&actions)
            .expect("an automorphism maps a legal line to a legal line");
        line
    }

    /// The colour exchange: every current and historical stone and the player to move
    /// change colour. The first player becomes White, so the result is a study from the
    /// exchanged start (for a game: the empty board, White first) keeping the whole
    /// repetition history. White's komi is kept as it is: it is not exchange-invariant.
    pub fn colors_exchanged(&self) -> SurfaceGame {
        let setup = exchange_colors(self.start());
        let mut line = SurfaceGame::study(
            self.surface,
            &setup,
            self.first().opposite(),
            i64::from(self.komi_half_points()),
        )
        .expect("the exchanged start of a valid line is a valid study setup");
        line.replay(self.actions())
            .expect("the colour exchange maps a legal line to a legal line");
        line
    }
}

/// Why an analysis prefix is not acceptable.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum AnalysisError {
    /// Komi out of range.
    #[error("{0}")]
    Komi(KomiError),
    /// The prefix is not a legal game from the empty board.
    #[error("game prefix {0}")]
    Prefix(ReplayError),
    /// The prefix ends the game; an analysis starts from an unfinished position.
    #[error("the game prefix of {actions} actions ends the game; an analysis starts from an unfinished position")]
    PrefixEnded {
        /// Length of the prefix.
        actions: usize,
    },
}
