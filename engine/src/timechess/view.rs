//! What a screen shows of a game, as plain data computed by the engine: every layer with
//! its pieces (lineage and braindead flag included), the travellers in transit ("ghosts"),
//! the last move with its consequences, check across time with each attacking line, the
//! outcome, and a per-turn timeline. The screen only renders it.

use serde::Serialize;

use super::coord::{Move, Pos};
use super::game::{Game, Outcome};
use super::history::history;
use super::piece::{Color, Kind, Lineage};

/// Everything a screen draws of one game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ScreenView {
    /// The index of the present layer (the number of moves played).
    pub present: u32,
    /// The side to move, `null` once the game has ended.
    pub to_move: Option<Color>,
    /// Every layer from turn 0 up to the present.
    pub layers: Vec<ScreenLayer>,
    /// The pieces in transit to the future, in order of arrival.
    pub ghosts: Vec<Travel>,
    /// The last move and what it did, `null` at the start.
    pub last_move: Option<MoveReport>,
    /// Check across time of the side to move (or of the mated side), `null` if none.
    pub check: Option<CheckView>,
    /// The result, `null` while the game goes on.
    pub outcome: Option<Outcome>,
    /// One entry per turn from 0 up to the present.
    pub timeline: Vec<TimelineTurn>,
}

/// One layer of the stack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ScreenLayer {
    /// Its turn number.
    pub turn: u32,
    /// The side whose move it was (or is, in the present).
    pub mover: Color,
    /// The move played at this turn, `null` for the present.
    pub played: Option<Move>,
    /// Its pieces, from a1 by rank then file.
    pub pieces: Vec<ScreenPiece>,
}

/// One piece instance in one layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ScreenPiece {
    /// Where it stands.
    pub at: Pos,
    /// Its side.
    pub color: Color,
    /// Its kind.
    pub kind: Kind,
    /// The in-game piece it is an instance of (same number in every layer).
    pub lineage: Lineage,
    /// A backward traveller sitting still between its landing and the present of its move.
    pub braindead: bool,
}

/// A piece travelling through time: where it left and where it lands or will land.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Travel {
    /// Its side.
    pub color: Color,
    /// Its kind.
    pub kind: Kind,
    /// Where it departed.
    pub from: Pos,
    /// Where it lands, or tries to appear.
    pub to: Pos,
}

/// Which way a move goes in time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum MoveKind {
    /// Within the present layer, as in chess.
    Ordinary,
    /// Into the future: the piece waits in the queue until its arrival turn.
    Forward,
    /// Into the past: the piece lands there and is braindead up to the present.
    Backward,
}

impl MoveKind {
    /// The kind of a move.
    pub fn of(mv: Move) -> MoveKind {
        use std::cmp::Ordering::*;
        match mv.to.turn.cmp(&mv.from.turn) {
            Equal => MoveKind::Ordinary,
            Greater => MoveKind::Forward,
            Less => MoveKind::Backward,
        }
    }
}

/// One played move and everything it brought about.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MoveReport {
    /// The turn it was played at.
    pub turn: u32,
    /// The move, in notation.
    pub mv: Move,
    /// The side that played it.
    pub color: Color,
    /// The kind of the piece that moved (before any promotion).
    pub kind: Kind,
    /// Which way it went in time.
    pub move_kind: MoveKind,
    /// What it did besides moving its piece, in the order it happened.
    pub consequences: Vec<Consequence>,
}

/// Something a move brought about.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(
    rename_all = "camelCase",
    rename_all_fields = "camelCase",
    tag = "type"
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Consequence {
    /// A piece was captured in the present (by the move or by an arrival).
    Captured {
        /// Where.
        at: Pos,
        /// Its side.
        color: Color,
        /// Its kind.
        kind: Kind,
    },
    /// A piece was captured in a past layer: its lineage is erased from there on.
    ErasedInPast {
        /// Where it was captured.
        at: Pos,
        /// Its side.
        color: Color,
        /// Its kind.
        kind: Kind,
        /// Every instance that vanished with it, from every layer.
        vanished: Vec<Pos>,
    },
    /// A braindead traveller met a piece that had entered its square and was destroyed.
    Steamrolled {
        /// Where it was destroyed.
        at: Pos,
        /// Its side.
        color: Color,
        /// Its kind.
        kind: Kind,
        /// The side of the piece that had entered the square.
        by_color: Color,
        /// The kind of the piece that had entered the square.
        by_kind: Kind,
    },
    /// A pawn reached the far rank and became a queen.
    Promoted {
        /// Where.
        at: Pos,
    },
    /// A forward traveller appeared at the end of the turn.
    Arrived {
        /// Where it departed.
        from: Pos,
        /// Where it appeared.
        at: Pos,
        /// Its side.
        color: Color,
        /// Its kind.
        kind: Kind,
    },
    /// A forward traveller's move had become illegal: it is gone for good.
    LostInTime {
        /// Where it departed.
        from: Pos,
        /// Where it would have appeared.
        at: Pos,
        /// Its side.
        color: Color,
        /// Its kind.
        kind: Kind,
    },
    /// The side to move after this move is in check.
    Check {
        /// The side in check.
        color: Color,
    },
    /// The move ended the game.
    GameOver {
        /// How.
        outcome: Outcome,
    },
}

/// Check across time: the king instances that can be taken and every line taking them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CheckView {
    /// The side in check.
    pub color: Color,
    /// The king instances attacked, by turn.
    pub kings: Vec<Pos>,
    /// Every attacking line.
    pub lines: Vec<AttackLine>,
    /// Every layer a line touches, ascending: the ones to mark.
    pub layers: Vec<u32>,
}

/// One way the king would be taken were its side allowed to pass.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AttackLine {
    /// Where the attacker stands: in the present, or a traveller's departure.
    pub attacker: Pos,
    /// The attacker's kind.
    pub kind: Kind,
    /// The king instance it reaches.
    pub king: Pos,
    /// The positions strictly between, each in its own layer (empty for a leap).
    pub path: Vec<Pos>,
    /// The capture the opponent could play at its next turn, `null` when the attacker is
    /// a traveller due to appear on the king.
    pub threat: Option<Move>,
}

/// What happened in and to one layer, for the timeline strip.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TimelineTurn {
    /// The turn.
    pub turn: u32,
    /// Travels through time made at this turn (forward and backward).
    pub departures: Vec<Travel>,
    /// Travels that ended in this layer: forward travellers that appeared at its end and
    /// backward travellers that landed in it.
    pub arrivals: Vec<Travel>,
    /// Forward travellers due at the end of this turn that were Lost in Time.
    pub lost_in_time: Vec<Travel>,
    /// Captures made in this layer by moves of later turns.
    pub captures_in_past: Vec<PastCapture>,
    /// Braindead travellers destroyed in this layer.
    pub steamrolled: Vec<Pos>,
    /// The side to move at this turn was in check when the turn began.
    pub check: bool,
}

/// A capture in a past layer, as the timeline shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PastCapture {
    /// Where.
    pub at: Pos,
    /// The captured piece's side.
    pub color: Color,
    /// The captured piece's kind.
    pub kind: Kind,
    /// The turn of the move that made it.
    pub by_turn: u32,
}

impl Game {
    /// The whole game as a screen shows it.
    pub fn screen_view(&self) -> ScreenView {
        let history = history(self);
        let now = self.now();
        let layers = (0..=now)
            .map(|turn| ScreenLayer {
                turn,
                mover: Color::to_move_at(turn),
                played: self.played.get(turn as usize).map(|(mv, _)| *mv),
                pieces: self.layers[turn as usize]
                    .pieces()
                    .map(|(square, piece)| ScreenPiece {
                        at: Pos::new(square, turn),
                        color: piece.color,
                        kind: piece.kind,
                        lineage: piece.lineage,
                        braindead: history.braindead[turn as usize] & (1u64 << square) != 0,
                    })
                    .collect(),
            })
            .collect();
        let ghosts = self
            .future_queue()
            .into_iter()
            .map(|t| Travel {
                color: t.piece.color,
                kind: t.piece.kind,
                from: t.from,
                to: t.to,
            })
            .collect();
        let timeline = timeline(now, &history.reports, &history.in_check);
        let last_move = history.reports.last().cloned();
        ScreenView {
            present: now,
            to_move: self.side_to_move(),
            layers,
            ghosts,
            last_move,
            check: history.check,
            outcome: self.outcome(),
            timeline,
        }
    }

    /// Every move played with what it brought about, in order (the move list).
    pub fn move_reports(&self) -> Vec<MoveReport> {
        history(self).reports
    }
}

/// Spreads the moves' travels and captures over the turns they touch.
fn timeline(now: u32, reports: &[MoveReport], in_check: &[bool]) -> Vec<TimelineTurn> {
    let mut turns: Vec<TimelineTurn> = (0..=now)
        .map(|turn| TimelineTurn {
            turn,
            departures: Vec::new(),
            arrivals: Vec::new(),
            lost_in_time: Vec::new(),
            captures_in_past: Vec::new(),
            steamrolled: Vec::new(),
            check: in_check[turn as usize],
        })
        .collect();
    for report in reports {
        let travel = Travel {
            color: report.color,
            kind: report.kind,
            from: report.mv.from,
            to: report.mv.to,
        };
        if report.move_kind != MoveKind::Ordinary {
            turns[report.turn as usize].departures.push(travel);
        }
        if report.move_kind == MoveKind::Backward {
            turns[report.mv.to.turn as usize].arrivals.push(travel);
        }
        for consequence in &report.consequences {
            match *consequence {
                Consequence::Arrived {
                    from,
                    at,
                    color,
                    kind,
                } => turns[at.turn as usize].arrivals.push(Travel {
                    color,
                    kind,
                    from,
                    to: at,
                }),
                Consequence::LostInTime {
                    from,
                    at,
                    color,
                    kind,
                } => turns[at.turn as usize].lost_in_time.push(Travel {
                    color,
                    kind,
                    from,
                    to: at,
                }),
                Consequence::ErasedInPast {
                    at, color, kind, ..
                } => turns[at.turn as usize].captures_in_past.push(PastCapture {
                    at,
                    color,
                    kind,
                    by_turn: report.turn,
                }),
                Consequence::Steamrolled { at, .. } => turns[at.turn as usize].steamrolled.push(at),
                _ => {}
            }
        }
    }
    turns
}
