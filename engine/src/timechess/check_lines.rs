//! Check across time spelled out: the same test as [`Game::is_in_check`] (the king would
//! be taken were its side allowed to pass), but listing every attacking line instead of
//! stopping at the first, so a screen can draw each one on every layer it crosses.

use std::collections::BTreeSet;

use super::coord::{Move, Pos, Square};
use super::game::{Event, Game};
use super::geometry::{pawn_step, shape, PawnStep, Shape, MAX_SLIDE};
use super::piece::{Kind, Piece};
use super::turn::{king_destroyed, king_lost};
use super::view::{AttackLine, CheckView};

/// The check of the side whose turn the present is, or `None` if it is not in check.
/// Unlike `is_in_check` it answers after the game has ended too, so that a checkmate shows
/// its lines. Passing is applied and taken back in place, hence `&mut`.
pub(super) fn check_lines(game: &mut Game) -> Option<CheckView> {
    let side = game.to_move();
    let now = game.now();
    game.make_pass();
    let events = game.journal.events.clone();
    let mut lines = Vec::new();
    if king_destroyed(&events, side) {
        // A traveller appearing on the king at the end of this very turn.
        for event in &events {
            let Event::Captured {
                at,
                color,
                kind: Kind::King,
            } = *event
            else {
                continue;
            };
            if color != side {
                continue;
            }
            let takers = game
                .queue
                .iter()
                .filter(|t| t.to == at && t.piece.color != side);
            lines.extend(takers.map(|t| arrival_line(t.piece, t.from, at, now)));
        }
    } else if !king_lost(&events, side) {
        let next = now + 1;
        let attackers: Vec<(Square, Piece)> = game
            .layer_or_present(next)
            .pieces_of(side.opponent())
            .collect();
        for turn in next.saturating_sub(MAX_SLIDE as u32)..=next {
            let kings: Vec<Square> = game.layer_or_present(turn).king_squares(side).collect();
            for king in kings {
                let to = Pos::new(king, turn);
                for &(square, piece) in &attackers {
                    let from = Pos::new(square, next);
                    if let Some(path) = reaches(game, piece, from, to) {
                        lines.push(AttackLine {
                            attacker: Pos::new(square, now),
                            kind: piece.kind,
                            king: Pos::new(king, turn.min(now)),
                            path: path.into_iter().map(|p| clamp(p, now)).collect(),
                            threat: Some(Move { from, to }),
                        });
                    }
                }
            }
        }
        for traveller in &game.queue {
            let on_king = game
                .layer_or_present(next)
                .get(traveller.to.square())
                .is_some_and(|p| p.color == side && p.kind == Kind::King);
            if traveller.piece.color != side
                && traveller.to.turn == next
                && on_king
                && game.arrival_succeeds(traveller, next)
            {
                lines.push(arrival_line(
                    traveller.piece,
                    traveller.from,
                    traveller.to,
                    now,
                ));
            }
        }
    }
    game.unmake();
    if lines.is_empty() && !king_destroyed(&events, side) {
        return None;
    }
    let kings: BTreeSet<Pos> = lines.iter().map(|line| line.king).collect();
    let mut layers = BTreeSet::new();
    for line in &lines {
        let turns = line
            .path
            .iter()
            .chain([&line.attacker, &line.king])
            .map(|p| p.turn);
        let low = turns.clone().min().unwrap_or(now);
        let high = turns.max().unwrap_or(now);
        layers.extend(low..=high);
    }
    Some(CheckView {
        color: side,
        kings: kings.into_iter().collect(),
        lines,
        layers: layers.into_iter().collect(),
    })
}

/// A position of the turn after the present reads as the present, where a screen shows it.
fn clamp(pos: Pos, now: u32) -> Pos {
    Pos {
        turn: pos.turn.min(now),
        ..pos
    }
}

/// A traveller due to appear on the king.
fn arrival_line(piece: Piece, from: Pos, to: Pos, now: u32) -> AttackLine {
    AttackLine {
        attacker: from,
        kind: piece.kind,
        king: clamp(to, now),
        path: between(piece, from, to)
            .unwrap_or_default()
            .into_iter()
            .map(|p| clamp(p, now))
            .collect(),
        threat: None,
    }
}

/// The displacement from `from` to `to`.
fn delta(from: Pos, to: Pos) -> (i32, i32, i32) {
    (
        to.file as i32 - from.file as i32,
        to.rank as i32 - from.rank as i32,
        to.turn as i32 - from.turn as i32,
    )
}

/// The positions strictly between `from` and `to` on the piece's path, or `None` if the
/// piece cannot make that displacement.
fn between(piece: Piece, from: Pos, to: Pos) -> Option<Vec<Pos>> {
    match shape(piece.kind, piece.color, delta(from, to)) {
        Shape::Impossible => None,
        Shape::Leap => Some(Vec::new()),
        Shape::Slide { unit, steps } => Some(
            (1..steps)
                .map(|k| Pos {
                    file: (from.file as i32 + k * unit.0) as u8,
                    rank: (from.rank as i32 + k * unit.1) as u8,
                    turn: (from.turn as i32 + k * unit.2) as u32,
                })
                .collect(),
        ),
    }
}

/// Whether `piece` at `from` could capture on `to` (no later than `from`'s turn), and its
/// path: the movement allows it (a pawn only by its capture in the layer) and every
/// position between is empty.
fn reaches(game: &Game, piece: Piece, from: Pos, to: Pos) -> Option<Vec<Pos>> {
    if piece.kind == Kind::Pawn
        && (to.turn != from.turn
            || pawn_step(piece.color, delta(from, to)) != Some(PawnStep::Capture))
    {
        return None;
    }
    let path = between(piece, from, to)?;
    path.iter()
        .all(|p| game.layer_or_present(p.turn).is_empty(p.square()))
        .then_some(path)
}

#[cfg(test)]
mod tests {
    use super::super::playout::{random_playout, SplitMix64};
    use super::*;

    /// The lines are there exactly when the engine's own check test says check.
    #[test]
    fn lines_exist_exactly_in_check() {
        for seed in 0..24u64 {
            let mut game = Game::new();
            let mut rng = SplitMix64::new(seed);
            for _ in 0..50 {
                if game.outcome().is_some() {
                    break;
                }
                let lines = check_lines(&mut game);
                assert_eq!(lines.is_some(), game.is_in_check(), "seed {seed}");
                if let Some(view) = lines {
                    assert!(!view.lines.is_empty());
                    assert_eq!(view.color, game.to_move());
                }
                random_playout(&mut game, &mut rng, 1);
            }
        }
    }
}
