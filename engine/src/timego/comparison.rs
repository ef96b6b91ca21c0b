//! The replay comparison of a time move: for the arrival, the boards just before and after
//! the insertion; for every replayed or cancelled old placement, the board right after that
//! same placement in the old order (its original version) beside the board the replay
//! reached. Each board comes with the groups that matter for the event — the group of the
//! placed stone and every group touching its point — and their empty liberties.
//!
//! This reads the consequences and the old chronology after the replay; the replay loop
//! itself is untouched.

use super::consequences::TimeMoveConsequences;
use super::game::Game;
use super::rejection::Rejection;
use super::types::Placement;
use crate::go::{Board, Chain, Color, Graph, Point};
use serde::Serialize;

/// A board with the groups relevant to one event, each with its empty liberties.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FocusedBoard {
    /// Cell values (`0` empty, `1` black, `2` white).
    pub board: Vec<u8>,
    /// The group on the event's point (if a stone stands there), then every group touching
    /// that point, in ascending order of their smallest stone.
    pub groups: Vec<Chain>,
    /// Stones the event removed to reach this board, ascending.
    pub captured: Vec<Point>,
    /// The colour of the removed stones (the other side's of the event's placement);
    /// `None` when nothing was removed.
    pub captured_color: Option<Color>,
}

/// The arrival of the traveller: the board just before its insertion and just after.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ArrivalComparison {
    /// The board after the first `target` placements, with the groups around the arrival
    /// point.
    pub before: FocusedBoard,
    /// The board after the insertion, with the traveller's group and its neighbours.
    pub after: FocusedBoard,
}

/// One old placement replayed after the arrival, beside its original version.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StepComparison {
    /// Index of the placement in the old order.
    pub old_index: usize,
    /// Index of the original board in the old chronology: the board after the first
    /// `old_index + 1` old placements.
    pub original_board: usize,
    /// The board right after this placement in the old order.
    pub original: FocusedBoard,
    /// The board after this step of the replay (unchanged if it was cancelled).
    pub replayed: FocusedBoard,
    /// Stones the original version captured that still stand after this step: captures
    /// the time move reversed here, ascending.
    pub restored: Vec<Point>,
}

/// The whole comparison: the arrival, then one entry per replay step, in old order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TimeMoveComparison {
    /// The arrival compared just before and after the insertion.
    pub arrival: ArrivalComparison,
    /// Every replayed or cancelled old placement beside its original version, in the order
    /// of [`TimeMoveConsequences::steps`].
    pub steps: Vec<StepComparison>,
}

impl Game {
    /// The replay comparison of the time move `source -> target` by the player to move,
    /// with the same checks as [`Game::preview_time`]; the game does not change.
    pub fn compare_time(
        &self,
        source: usize,
        target: usize,
    ) -> Result<TimeMoveComparison, Rejection> {
        let consequences = self.preview_time(source, target)?;
        Ok(compare(self, &consequences))
    }
}

/// Pairs every step of `consequences` (a preview of `game`) with the old chronology.
fn compare(game: &Game, consequences: &TimeMoveConsequences) -> TimeMoveComparison {
    let chronology = &game.position.chronology;
    let graph = &chronology.graph;
    let traveller = consequences.traveller;
    let arrival = ArrivalComparison {
        before: focus(
            graph,
            &chronology.boards[consequences.target],
            traveller,
            Vec::new(),
        ),
        after: focus_cells(
            graph,
            &consequences.arrival.board_after,
            traveller,
            consequences.arrival.captured.clone(),
        ),
    };
    let steps = consequences
        .steps
        .iter()
        .map(|step| {
            let k = step.old_index;
            let (before, after) = (&chronology.boards[k], &chronology.boards[k + 1]);
            let original = focus(graph, after, step.placement, removed(before, after));
            let captured_cell = step.placement.player.opposite().cell();
            let restored = original
                .captured
                .iter()
                .copied()
                .filter(|&p| step.board[p as usize] == captured_cell)
                .collect();
            StepComparison {
                old_index: k,
                original_board: k + 1,
                original,
                replayed: focus_cells(graph, &step.board, step.placement, step.captured.clone()),
                restored,
            }
        })
        .collect();
    TimeMoveComparison { arrival, steps }
}

fn focus(graph: &Graph, board: &Board, event: Placement, captured: Vec<Point>) -> FocusedBoard {
    FocusedBoard {
        board: board.colors().to_vec(),
        groups: board.chains_around(graph, event.point),
        captured_color: removed_color(event, &captured),
        captured,
    }
}

fn focus_cells(
    graph: &Graph,
    cells: &[u8],
    event: Placement,
    captured: Vec<Point>,
) -> FocusedBoard {
    let point = event.point;
    // The replay's boards are legal colorings of this graph, so this always succeeds; an
    // impossible failure would show the board without groups rather than panic.
    let groups = Board::from_colors(graph, cells)
        .map(|board| board.chains_around(graph, point))
        .unwrap_or_default();
    FocusedBoard {
        board: cells.to_vec(),
        groups,
        captured_color: removed_color(event, &captured),
        captured,
    }
}

/// A placement captures only stones of the other colour.
fn removed_color(event: Placement, captured: &[Point]) -> Option<Color> {
    (!captured.is_empty()).then(|| event.player.opposite())
}

/// Points holding a stone on `before` and empty on `after`: what one placement captured.
fn removed(before: &Board, after: &Board) -> Vec<Point> {
    before
        .colors()
        .iter()
        .zip(after.colors())
        .enumerate()
        .filter(|(_, (&b, &a))| b != 0 && a == 0)
        .map(|(p, _)| p as Point)
        .collect()
}
