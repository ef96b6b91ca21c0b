//! Selecting a piece on the screen: the legal moves starting on one position, grouped by
//! the layer they end in (past, present and future), or the reason there are none.

use serde::Serialize;

use super::coord::{Move, Pos, BOARD};
use super::game::Game;
use super::piece::{Color, Kind, Lineage};
use super::view::MoveKind;

/// What selecting a position offers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Selection {
    /// The selected position.
    pub from: Pos,
    /// The piece standing there, if any.
    pub piece: Option<SelectedPiece>,
    /// The legal destinations, one group per layer, by turn (each group by rank, file).
    pub layers: Vec<DestinationLayer>,
    /// Why there is no destination, `null` when there is at least one.
    pub reason: Option<NoDestination>,
}

/// The piece on a selected position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SelectedPiece {
    /// Its side.
    pub color: Color,
    /// Its kind.
    pub kind: Kind,
    /// Its lineage.
    pub lineage: Lineage,
}

/// The destinations of a selection in one layer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DestinationLayer {
    /// The layer's turn (above the present for moves into the future).
    pub turn: u32,
    /// The destinations in it.
    pub destinations: Vec<Destination>,
}

/// One legal destination.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Destination {
    /// The move that goes there.
    pub mv: Move,
    /// Where it ends.
    pub to: Pos,
    /// Which way it goes in time.
    pub move_kind: MoveKind,
    /// The opposing piece it would capture there now; `null` for an empty position and
    /// for the future, which is judged on arrival.
    pub captures: Option<Kind>,
}

/// Why a selected position offers no move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[serde(
    rename_all = "camelCase",
    rename_all_fields = "camelCase",
    tag = "reason"
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum NoDestination {
    /// The game has ended.
    #[error("The game is over")]
    GameOver,
    /// The position is off the board.
    #[error("There is no such square")]
    OffBoard,
    /// Only pieces in the present are commanded.
    #[error("Pieces can only be moved from the present, turn {present}")]
    NotPresent {
        /// The present's turn.
        present: u32,
    },
    /// No piece stands there.
    #[error("There is no piece there")]
    Empty,
    /// The piece belongs to the side not to move.
    #[error("It is {}'s turn", side_name(.to_move))]
    NotYourPiece {
        /// The side to move.
        to_move: Color,
    },
    /// Every move of the piece would leave its king to be taken, or it has none at all.
    #[error("This piece has no legal move")]
    NoLegalMove,
}

impl Game {
    /// The legal moves of the side to move starting on `from`, grouped by the layer they
    /// end in, or why there are none (judged on a copy of the game).
    pub fn selection(&self, from: Pos) -> Selection {
        let on_board = (0..BOARD).contains(&(from.file as i32))
            && (0..BOARD).contains(&(from.rank as i32))
            && from.turn <= self.now();
        let piece = if on_board { self.piece_at(from) } else { None };
        let mut selection = Selection {
            from,
            piece: piece.map(|p| SelectedPiece {
                color: p.color,
                kind: p.kind,
                lineage: p.lineage,
            }),
            layers: Vec::new(),
            reason: None,
        };
        let refusal = if self.outcome().is_some() {
            Some(NoDestination::GameOver)
        } else if from.file >= BOARD as u8 || from.rank >= BOARD as u8 {
            Some(NoDestination::OffBoard)
        } else if from.turn != self.now() {
            Some(NoDestination::NotPresent {
                present: self.now(),
            })
        } else {
            match piece {
                None => Some(NoDestination::Empty),
                Some(p) if p.color != self.to_move() => Some(NoDestination::NotYourPiece {
                    to_move: self.to_move(),
                }),
                Some(_) => None,
            }
        };
        if let Some(reason) = refusal {
            selection.reason = Some(reason);
            return selection;
        }
        let moves = self.clone().legal_moves_from(from);
        if moves.is_empty() {
            selection.reason = Some(NoDestination::NoLegalMove);
        }
        for mv in moves {
            let captures = self
                .piece_at(mv.to)
                .filter(|p| Some(p.color) != piece.map(|p| p.color))
                .map(|p| p.kind);
            let destination = Destination {
                mv,
                to: mv.to,
                move_kind: MoveKind::of(mv),
                captures,
            };
            match selection.layers.last_mut() {
                Some(layer) if layer.turn == mv.to.turn => layer.destinations.push(destination),
                _ => selection.layers.push(DestinationLayer {
                    turn: mv.to.turn,
                    destinations: vec![destination],
                }),
            }
        }
        selection
    }
}

/// `white` or `black`, as the engine's refusals say it.
fn side_name(color: &Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}
