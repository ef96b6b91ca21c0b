//! A game, study or analysis line on one surface: its start, every action, the current
//! board and the full repetition history. Every action is all-or-nothing: a rejected
//! action leaves the state exactly as it was.

use std::collections::HashMap;

use serde::Serialize;

use super::geometry::Surface;
use super::graphs::graph;
use super::inspect::{inspect_board, Inspection};
use super::rules::{
    check_komi, Action, Area, EndReason, KomiError, Outcome, Rejection, Score, Winner,
};
use super::symmetry::{exchange_colors, Automorphism};
use super::Point;
use crate::go::{Board, BoardError, Chain, Color, Graph, PlaceError};

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

/// What an accepted action did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SurfaceApplied"))]
pub struct Applied {
    /// The action.
    pub action: Action,
    /// Stones removed by a placement, ascending.
    pub captured: Vec<Point>,
    /// The result, if the action ended the line.
    pub outcome: Option<Outcome>,
}

/// A placement explained without playing it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(rename = "SurfacePlacementExplanation")
)]
pub struct PlacementExplanation {
    /// The point asked about.
    pub point: usize,
    /// The player who would place.
    pub player: Option<Color>,
    /// Why it is illegal, or `None` if it is legal.
    pub rejection: Option<Rejection>,
    /// Opposing stones it would capture (ascending; empty when illegal).
    pub captures: Vec<Point>,
    /// The distinct liberties of the new stone's chain afterwards (empty when illegal).
    pub liberties: Vec<Point>,
    /// The stones of the new stone's chain afterwards (empty when illegal).
    pub chain: Vec<Point>,
}

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

/// Why replaying a list of actions failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[error("action {index}: {rejection}")]
pub struct ReplayError {
    /// Index of the offending action (from 0).
    pub index: usize,
    /// Why it was rejected.
    pub rejection: Rejection,
}

/// Every coloring that occurred in a line, flattened, with a hash index for fast lookup.
#[derive(Clone, Debug)]
struct History {
    points: usize,
    cells: Vec<u8>,
    after_actions: Vec<usize>,
    first_with_hash: HashMap<u64, usize>,
}

impl History {
    fn new(board: &Board) -> History {
        let mut history = History {
            points: board.len(),
            cells: Vec::new(),
            after_actions: Vec::new(),
            first_with_hash: HashMap::new(),
        };
        history.push(board, 0);
        history
    }

    fn len(&self) -> usize {
        self.after_actions.len()
    }

    fn coloring(&self, index: usize) -> &[u8] {
        &self.cells[index * self.points..(index + 1) * self.points]
    }

    fn push(&mut self, board: &Board, after_actions: usize) {
        let index = self.len();
        self.cells.extend_from_slice(board.colors());
        self.after_actions.push(after_actions);
        self.first_with_hash.entry(board.hash()).or_insert(index);
    }

    /// Index of an earlier coloring equal to `cells` (whose hash is `hash`), compared
    /// exactly; a hash collision falls back to a full scan.
    fn find(&self, hash: u64, cells: &[u8]) -> Option<usize> {
        let first = *self.first_with_hash.get(&hash)?;
        if self.coloring(first) == cells {
            return Some(first);
        }
        (0..self.len()).find(|&i| self.coloring(i) == cells)
    }

    fn may_contain(&self, hash: u64) -> bool {
        self.first_with_hash.contains_key(&hash)
    }
}

/// A line of play on one surface: official game, study or analysis.
#[derive(Clone, Debug)]
pub struct SurfaceGame {
    surface: Surface,
    komi_half_points: i32,
    origin: Origin,
    start: Board,
    first: Color,
    actions: Vec<Action>,
    board: Board,
    next: Color,
    passes: u8,
    history: History,
    outcome: Option<Outcome>,
}

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
        if game.outcome.is_some() {
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
            komi_half_points: komi,
            origin,
            history: History::new(&board),
            start: board.clone(),
            first: next,
            actions: Vec::new(),
            board,
            next,
            passes: 0,
            outcome: None,
        }
    }

    /// Applies every action in order; on the first rejection returns its index in
    /// `actions` and leaves the actions before it applied.
    pub fn replay(&mut self, actions: &[Action]) -> Result<(), ReplayError> {
        for (index, &action) in actions.iter().enumerate() {
            self.apply(action)
                .map_err(|rejection| ReplayError { index, rejection })?;
        }
        Ok(())
    }

    /// The surface.
    pub fn surface(&self) -> Surface {
        self.surface
    }

    /// The graph played on.
    pub fn graph(&self) -> &'static Graph {
        graph(self.surface)
    }

    /// White's komi in half points, fixed for the whole line.
    pub fn komi_half_points(&self) -> i32 {
        self.komi_half_points
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

    /// Every action from the start of the line (for an analysis, the game prefix first).
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// The starting board of the line.
    pub fn start(&self) -> &[u8] {
        self.start.colors()
    }

    /// The player to move at the start of the line.
    pub fn first(&self) -> Color {
        self.first
    }

    /// The current board coloring.
    pub fn board(&self) -> &[u8] {
        self.board.colors()
    }

    /// The current board with its chains.
    pub fn go_board(&self) -> &Board {
        &self.board
    }

    /// The player to move, `None` once the line has ended.
    pub fn side_to_move(&self) -> Option<Color> {
        match self.outcome {
            Some(_) => None,
            None => Some(self.next),
        }
    }

    /// The earlier name of [`SurfaceGame::side_to_move`], kept so callers written before
    /// the shared vocabulary still compile.
    pub fn next(&self) -> Option<Color> {
        self.side_to_move()
    }

    /// Consecutive passes at the end of the line.
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// The terminal result, if the line has ended.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// Number of colorings in the repetition history (the start counts).
    pub fn history_len(&self) -> usize {
        self.history.len()
    }

    /// Coloring number `index` of the repetition history (0 is the start).
    pub fn history_coloring(&self, index: usize) -> Option<&[u8]> {
        (index < self.history.len()).then(|| self.history.coloring(index))
    }

    /// Area counts of the current board.
    pub fn area(&self) -> Area {
        Area::of(&self.board, self.graph())
    }

    /// The provisional area score: the result if both players finished now.
    pub fn score(&self) -> Score {
        Score::new(self.area(), self.komi_half_points)
    }

    /// Chains with their distinct liberties, ordered by smallest stone.
    pub fn groups(&self) -> Vec<Chain> {
        self.board.chains(self.graph())
    }

    /// The inspect mode's view of the current board: groups, eyes and the chains the
    /// two-eye certificate proves alive.
    pub fn inspect(&self) -> Inspection {
        inspect_board(self.surface, self.board.colors())
            .expect("the board of a line is a coloring of its surface")
    }

    /// Applies `action` for the player to move. A rejection changes nothing.
    pub fn apply(&mut self, action: Action) -> Result<Applied, Rejection> {
        if self.outcome.is_some() {
            return Err(Rejection::Ended);
        }
        let mut captured = Vec::new();
        match action {
            Action::Place { at } => {
                let after = self.placed(at, &mut captured)?;
                self.board = after;
                self.history.push(&self.board, self.actions.len() + 1);
                self.passes = 0;
                captured.sort_unstable();
            }
            Action::Pass => {
                self.passes += 1;
                if self.passes >= 2 {
                    let score = self.score();
                    self.outcome = Some(Outcome {
                        winner: score.leader,
                        reason: EndReason::Score,
                        score,
                    });
                }
            }
            Action::Resign => {
                self.outcome = Some(Outcome {
                    winner: Winner::from(self.next.opposite()),
                    reason: EndReason::Resignation,
                    score: self.score(),
                });
            }
        }
        self.actions.push(action);
        self.next = self.next.opposite();
        Ok(Applied {
            action,
            captured,
            outcome: self.outcome,
        })
    }

    /// The board after a legal placement at `at` by the player to move (captures appended
    /// to `captured`), or why it is illegal. Does not change `self`.
    fn placed(&self, at: Point, captured: &mut Vec<Point>) -> Result<Board, Rejection> {
        let g = self.graph();
        let preview = self.board.check(g, at, self.next).map_err(rejection_of)?;
        let mut after = self.board.clone();
        after
            .play(g, at, self.next, captured)
            .map_err(rejection_of)?;
        if self.history.may_contain(preview.hash) {
            if let Some(earlier) = self.history.find(preview.hash, after.colors()) {
                captured.clear();
                return Err(Rejection::Superko {
                    point: at,
                    earlier_index: earlier,
                    after_actions: self.history.after_actions[earlier],
                });
            }
        }
        Ok(after)
    }

    /// Is placing at `at` legal for the player to move?
    pub fn is_legal(&self, at: Point) -> Result<(), Rejection> {
        if self.outcome.is_some() {
            return Err(Rejection::Ended);
        }
        let g = self.graph();
        let preview = self.board.check(g, at, self.next).map_err(rejection_of)?;
        if self.history.may_contain(preview.hash) {
            self.placed(at, &mut Vec::new()).map(|_| ())
        } else {
            Ok(())
        }
    }

    /// Every point where the player to move may place, ascending (`[]` once ended).
    pub fn legal_placements(&self) -> Vec<Point> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        (0..self.surface.points() as Point)
            .filter(|&p| self.is_legal(p).is_ok())
            .collect()
    }

    /// Every legal action of the player to move: the legal placements ascending, then
    /// pass and resign (`[]` once ended).
    pub fn legal_actions(&self) -> Vec<Action> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let mut legal: Vec<Action> = self
            .legal_placements()
            .into_iter()
            .map(|at| Action::Place { at })
            .collect();
        legal.extend([Action::Pass, Action::Resign]);
        legal
    }

    /// Checks `action` exactly as [`SurfaceGame::apply`] would, without changing the line.
    pub fn probe(&self, action: &Action) -> Result<(), Rejection> {
        match *action {
            Action::Place { at } => self.is_legal(at),
            Action::Pass | Action::Resign if self.outcome.is_some() => Err(Rejection::Ended),
            Action::Pass | Action::Resign => Ok(()),
        }
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
            self.komi_half_points as i64 as u64,
            origin,
            prefix,
            self.start.hash(),
            self.first.index() as u64,
        ];
        let actions = self.actions.iter().map(|action| match *action {
            Action::Place { at } => u64::from(at),
            Action::Pass => 1 << 32,
            Action::Resign => 2 << 32,
        });
        crate::game_api::fingerprint(0x5355_5246, setup.into_iter().chain(actions))
    }

    /// Explains a placement at `point` by the player to move without playing it.
    pub fn explain_placement(&self, point: usize) -> PlacementExplanation {
        let mut explanation = PlacementExplanation {
            point,
            player: self.side_to_move(),
            rejection: None,
            captures: Vec::new(),
            liberties: Vec::new(),
            chain: Vec::new(),
        };
        let at = match Point::try_from(point) {
            Ok(at) if point < self.surface.points() => at,
            _ => {
                explanation.rejection = Some(Rejection::OffBoard { point });
                return explanation;
            }
        };
        if self.outcome.is_some() {
            explanation.rejection = Some(Rejection::Ended);
            return explanation;
        }
        let mut captured = Vec::new();
        match self.placed(at, &mut captured) {
            Ok(after) => {
                captured.sort_unstable();
                explanation.captures = captured;
                explanation.liberties = after.liberties(self.graph(), at);
                explanation.chain = after.chain_stones(at);
            }
            Err(rejection) => explanation.rejection = Some(rejection),
        }
        explanation
    }

    /// The same line replayed from its start up to `cursor` actions (for an analysis,
    /// `cursor` counts from the start of the game prefix and must not cut into it).
    pub fn state_at(&self, cursor: usize) -> Option<SurfaceGame> {
        if cursor > self.actions.len() {
            return None;
        }
        if let Origin::Analysis { prefix } = self.origin {
            if cursor < prefix {
                return None;
            }
        }
        let mut line = self.restarted();
        line.replay(&self.actions[..cursor]).ok()?;
        line.origin = self.origin.clone();
        Some(line)
    }

    /// A fresh line with this line's start, komi and origin, and no actions.
    fn restarted(&self) -> SurfaceGame {
        let origin = match self.origin {
            Origin::Analysis { .. } => Origin::Game,
            ref other => other.clone(),
        };
        SurfaceGame::starting(
            self.surface,
            self.komi_half_points,
            origin,
            self.start.clone(),
            self.first,
        )
    }

    /// An analysis branching from this game or analysis after `cursor` actions: the known
    /// prefix and its repetition history are kept. `None` if the position there has ended
    /// or `cursor` is out of range; studies have no known game prefix and give `None`.
    pub fn analysis_at(&self, cursor: usize) -> Option<SurfaceGame> {
        if matches!(self.origin, Origin::Study { .. }) || cursor > self.actions.len() {
            return None;
        }
        SurfaceGame::analysis(
            self.surface,
            i64::from(self.komi_half_points),
            &self.actions[..cursor],
        )
        .ok()
    }

    /// The whole state moved by one graph automorphism: start, every historical coloring,
    /// every placement. Passes, turn, komi and result are unchanged.
    pub fn transformed(&self, symmetry: &Automorphism) -> SurfaceGame {
        let actions: Vec<Action> = self
            .actions
            .iter()
            .map(|&action| match action {
                Action::Place { at } => Action::Place {
                    at: symmetry.apply(at),
                },
                other => other,
            })
            .collect();
        let start = Board::from_colors(self.graph(), &symmetry.apply_board(self.start.colors()))
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
            self.komi_half_points,
            origin,
            start,
            self.first,
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
        let setup = exchange_colors(self.start.colors());
        let mut line = SurfaceGame::study(
            self.surface,
            &setup,
            self.first.opposite(),
            i64::from(self.komi_half_points),
        )
        .expect("the exchanged start of a valid line is a valid study setup");
        line.replay(&self.actions)
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

fn rejection_of(error: PlaceError) -> Rejection {
    match error {
        PlaceError::OffBoard { point } => Rejection::OffBoard { point },
        PlaceError::Occupied { point } => Rejection::Occupied { point },
        PlaceError::Suicide { point } => Rejection::Suicide { point },
    }
}
