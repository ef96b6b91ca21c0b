//! The moves and what they brought about, in English sentences: for the CLI, records and
//! tests. Screens translate the data ([`MoveReport`], [`Consequence`], [`Outcome`])
//! themselves; this is the one English rendering, so its wording lives in the engine.

use std::fmt;

use super::game::{EndReason, Outcome, Winner};
use super::piece::{Color, Kind};
use super::view::{Consequence, MoveKind, MoveReport};

/// `white` or `black`.
fn side(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// `White` or `Black`, to start a sentence.
fn side_title(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

fn kind(kind: Kind) -> &'static str {
    match kind {
        Kind::Pawn => "pawn",
        Kind::Knight => "knight",
        Kind::Bishop => "bishop",
        Kind::Rook => "rook",
        Kind::Queen => "queen",
        Kind::King => "king",
    }
}

/// "instance" or "instances".
fn instances(count: usize) -> &'static str {
    if count == 1 {
        "instance"
    } else {
        "instances"
    }
}

impl Outcome {
    /// The result in one English sentence, e.g. "Checkmate: black wins."
    pub fn english(&self) -> String {
        let wins = match self.winner {
            Winner::White => "white wins",
            Winner::Black => "black wins",
            Winner::Draw => "a draw",
        };
        let loser = match self.winner {
            Winner::White => "Black",
            Winner::Black => "White",
            Winner::Draw => "A",
        };
        match self.reason {
            EndReason::Checkmate => format!("Checkmate: {wins}."),
            EndReason::Stalemate => format!("Stalemate: {wins}."),
            EndReason::KingLostInTime => format!("{loser}'s king is Lost in Time: {wins}."),
            EndReason::KingCaptured => format!("{loser}'s king is captured: {wins}."),
            EndReason::MoveLimit => format!("The move limit is reached: {wins}."),
        }
    }
}

impl fmt::Display for Consequence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Consequence::Captured { at, color, kind: k } => {
                write!(f, "{} {} captured on {at}.", side_title(*color), kind(*k))
            }
            Consequence::ErasedInPast {
                at,
                color,
                kind: k,
                vanished,
            } => {
                let list: Vec<String> = vanished.iter().map(|p| p.to_string()).collect();
                write!(
                    f,
                    "{} {} captured in the past on {at}: its lineage is erased from there, {} {} vanish ({}).",
                    side_title(*color),
                    kind(*k),
                    vanished.len(),
                    instances(vanished.len()),
                    list.join(", ")
                )
            }
            Consequence::Steamrolled {
                at,
                color,
                kind: k,
                by_color,
                by_kind,
            } => write!(
                f,
                "{} {} steamrollered on {at} by the {} {} that entered its square.",
                side_title(*color),
                kind(*k),
                side(*by_color),
                kind(*by_kind)
            ),
            Consequence::Promoted { at } => write!(f, "The pawn on {at} becomes a queen."),
            Consequence::Arrived {
                from,
                at,
                color,
                kind: k,
            } => write!(
                f,
                "{} {} from {from} arrives on {at}.",
                side_title(*color),
                kind(*k)
            ),
            Consequence::LostInTime {
                from,
                at,
                color,
                kind: k,
            } => write!(
                f,
                "{} {} from {from} is Lost in Time: it cannot appear on {at}.",
                side_title(*color),
                kind(*k)
            ),
            Consequence::Check { color } => write!(f, "{} is in check.", side_title(*color)),
            Consequence::GameOver { outcome } => f.write_str(&outcome.english()),
        }
    }
}

impl fmt::Display for MoveReport {
    /// The move and every consequence, e.g. "White knight b1t0 leaves for c1t2, due at
    /// the end of turn 2."
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (who, what) = (side_title(self.color), kind(self.kind));
        let (from, to) = (self.mv.from, self.mv.to);
        match self.move_kind {
            MoveKind::Ordinary => write!(f, "{who} {what} {from} moves to {to}.")?,
            MoveKind::Forward => write!(
                f,
                "{who} {what} {from} leaves for {to}, due at the end of turn {}.",
                to.turn
            )?,
            MoveKind::Backward => write!(f, "{who} {what} {from} travels back to {to}.")?,
        }
        for consequence in &self.consequences {
            write!(f, " {consequence}")?;
        }
        Ok(())
    }
}
