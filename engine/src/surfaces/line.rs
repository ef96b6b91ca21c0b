//! The rules `graph-area-no-suicide-psk-v1` on any Go graph, once: a line of play from a
//! starting board (board, player to move, passes, the full repetition history, the
//! result) with its actions and their legality. No suicide; positional superko over
//! every coloring of the line, compared in full; two consecutive passes end the line and
//! score it by area with half-point komi; resignation. Every action is all-or-nothing: a
//! rejected action leaves the line exactly as it was.
//!
//! [`super::SurfaceGame`] (a line on one of the three surfaces: game, study or analysis)
//! and [`super::square::SquareGame`] (a game on a plain square board) are a [`Line`]
//! plus what their boards add; both deref to it for reading.

use std::collections::HashMap;

use serde::Serialize;

use super::rules::{Action, Area, EndReason, Outcome, Rejection, Score, Winner};
use super::Point;
use crate::go::{Board, Chain, Color, Graph, PlaceError};

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

/// Makes a game that keeps its [`Line`] in a field `line` read as that line
/// (`Deref<Target = Line>`). There is no `DerefMut`: every change goes through the game's
/// own methods, so a surface game or a square game cannot be put out of step with itself.
macro_rules! deref_to_line {
    ($game:ty) => {
        impl std::ops::Deref for $game {
            type Target = $crate::surfaces::line::Line;

            fn deref(&self) -> &Self::Target {
                &self.line
            }
        }
    };
}
pub(super) use deref_to_line;

/// A line of play on one graph under the surfaces' rules: its start, every action, the
/// current board and the full repetition history.
#[derive(Clone, Debug)]
pub struct Line {
    graph: &'static Graph,
    komi_half_points: i32,
    start: Board,
    first: Color,
    actions: Vec<Action>,
    board: Board,
    next: Color,
    passes: u8,
    history: History,
    outcome: Option<Outcome>,
}

impl Line {
    /// A line with no actions from `start` (a board of `graph` whose every chain has a
    /// liberty, as the callers check), `first` to move and White's komi in half points.
    pub(super) fn new(
        graph: &'static Graph,
        komi_half_points: i32,
        start: Board,
        first: Color,
    ) -> Line {
        Line {
            graph,
            komi_half_points,
            history: History::new(&start),
            board: start.clone(),
            start,
            first,
            actions: Vec::new(),
            next: first,
            passes: 0,
            outcome: None,
        }
    }

    /// A fresh line with this line's graph, komi and start, and no actions.
    pub(super) fn restarted(&self) -> Line {
        Line::new(
            self.graph,
            self.komi_half_points,
            self.start.clone(),
            self.first,
        )
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

    /// The graph played on.
    pub fn graph(&self) -> &'static Graph {
        self.graph
    }

    /// White's komi in half points, fixed for the whole line.
    pub fn komi_half_points(&self) -> i32 {
        self.komi_half_points
    }

    /// Every action from the start of the line (for an analysis, the game prefix first).
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// The starting board of the line.
    pub fn start(&self) -> &[u8] {
        self.start.colors()
    }

    /// The starting board with its chains.
    pub(super) fn start_board(&self) -> &Board {
        &self.start
    }

    /// The player to move at the start of the line.
    pub fn first(&self) -> Color {
        self.first
    }

    /// The current board coloring (0 empty, 1 black, 2 white).
    pub fn board(&self) -> &[u8] {
        self.board.colors()
    }

    /// The current board with its chains.
    pub fn go_board(&self) -> &Board {
        &self.board
    }

    /// The player to move, `None` once the line has ended.
    pub fn side_to_move(&self) -> Option<Color> {
        self.outcome.is_none().then_some(self.next)
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
        Area::of(&self.board, self.graph)
    }

    /// The provisional area score: the result if both players finished now.
    pub fn score(&self) -> Score {
        Score::new(self.area(), self.komi_half_points)
    }

    /// Chains with their distinct liberties, ordered by smallest stone.
    pub fn groups(&self) -> Vec<Chain> {
        self.board.chains(self.graph)
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
    /// to `captured`), or why it is illegal (off board, occupied, suicide, or a repetition
    /// of an earlier coloring, compared in full). Does not change `self`.
    fn placed(&self, at: Point, captured: &mut Vec<Point>) -> Result<Board, Rejection> {
        let g = self.graph;
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
        let preview = self
            .board
            .check(self.graph, at, self.next)
            .map_err(rejection_of)?;
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
        (0..self.graph.len() as Point)
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

    /// Checks `action` exactly as [`Line::apply`] would, without changing the line.
    pub fn probe(&self, action: &Action) -> Result<(), Rejection> {
        match *action {
            Action::Place { at } => self.is_legal(at),
            Action::Pass | Action::Resign if self.outcome.is_some() => Err(Rejection::Ended),
            Action::Pass | Action::Resign => Ok(()),
        }
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
            Ok(at) if point < self.graph.len() => at,
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
                explanation.liberties = after.liberties(self.graph, at);
                explanation.chain = after.chain_stones(at);
            }
            Err(rejection) => explanation.rejection = Some(rejection),
        }
        explanation
    }
}

fn rejection_of(error: PlaceError) -> Rejection {
    match error {
        PlaceError::OffBoard { point } => Rejection::OffBoard { point },
        PlaceError::Occupied { point } => Rejection::Occupied { point },
        PlaceError::Suicide { point } => Rejection::Suicide { point },
    }
}
