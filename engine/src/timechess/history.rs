//! What each played move brought about, recovered by walking the game back move by move
//! and replaying each move in place in its parts: the move itself, then each traveller due
//! at the end of its turn on its own, so that every event is tied to the piece that caused
//! it. Everything is taken back again, so the walk costs what the journals hold, not a
//! copy of the stack per move.

use super::check_lines::check_lines;
use super::coord::{Move, Pos};
use super::game::{Event, Game, Journal, Traveller};
use super::piece::{Kind, Lineage};
use super::view::{CheckView, Consequence, MoveKind, MoveReport};

/// The facts of a whole game.
pub(super) struct History {
    /// One report per played move, in order.
    pub reports: Vec<MoveReport>,
    /// For each turn up to the present, whether its side to move was in check as it began.
    pub in_check: Vec<bool>,
    /// For each layer, the squares holding a braindead traveller (bit `square`).
    pub braindead: Vec<u64>,
    /// Check across time in the present.
    pub check: Option<CheckView>,
}

/// A backward travel whose braindead stretch is to be marked.
struct Landing {
    lineage: Lineage,
    /// Age of the instance where it landed.
    age: u16,
    to: Pos,
    /// The last layer it reached braindead.
    last: u32,
}

/// Walks the game back to its start and gathers what every move did.
pub(super) fn history(game: &Game) -> History {
    let played = game.played.len();
    let mut walk = game.clone();
    let mut reports = Vec::with_capacity(played);
    let mut in_check = vec![false; played + 1];
    let check = check_lines(&mut walk);
    in_check[played] = check.is_some();
    let mut landings = Vec::new();
    for index in (0..played).rev() {
        let outcome = walk.outcome();
        let mv = walk.undo().unwrap_or(game.played[index].0);
        in_check[index] = check_lines(&mut walk).is_some();
        let (mut report, landing) = replay(&mut walk, mv);
        if let Some(outcome) = outcome.filter(|_| walk.outcome().is_none()) {
            report.consequences.push(Consequence::GameOver { outcome });
        } else if in_check[index + 1] {
            report.consequences.push(Consequence::Check {
                color: walk.to_move().opponent(),
            });
        }
        reports.push(report);
        landings.extend(landing);
    }
    reports.reverse();
    let mut braindead = vec![0u64; game.layers.len()];
    for landing in landings {
        for turn in landing.to.turn..=landing.last {
            let age = landing.age + (turn - landing.to.turn) as u16;
            let square = landing.to.square();
            if game.layers[turn as usize]
                .get(square)
                .is_some_and(|p| p.lineage == landing.lineage && p.age == age)
            {
                braindead[turn as usize] |= 1u64 << square;
            }
        }
    }
    History {
        reports,
        in_check,
        braindead,
        check,
    }
}

/// Every position holding an instance of `lineage` of age `age` or older.
fn instances(game: &Game, lineage: Lineage, age: u16) -> Vec<Pos> {
    let mut out = Vec::new();
    for (turn, layer) in game.layers.iter().enumerate() {
        for (square, piece) in layer.pieces() {
            if piece.lineage == lineage && piece.age >= age {
                out.push(Pos::new(square, turn as u32));
            }
        }
    }
    out
}

/// Replays `mv` on `game` (the state before it) in parts, reports what each part did and
/// takes everything back. Returns the report (without check or game over, which the caller
/// knows) and, for a backward travel, its braindead stretch.
fn replay(game: &mut Game, mv: Move) -> (MoveReport, Option<Landing>) {
    let now = game.now();
    let mover = game.piece_at(mv.from);
    let move_kind = MoveKind::of(mv);
    let mut report = MoveReport {
        turn: now,
        mv,
        color: mover.map_or(game.to_move(), |p| p.color),
        kind: mover.map_or(Kind::Pawn, |p| p.kind),
        move_kind,
        consequences: Vec::new(),
    };
    let Some(mover) = mover else {
        return (report, None);
    };
    // The instances a capture in the past erases, read before they are gone.
    let vanished = match game.piece_at(mv.to) {
        Some(victim) if move_kind == MoveKind::Backward => {
            instances(game, victim.lineage, victim.age)
        }
        _ => Vec::new(),
    };
    let queue = game.queue.clone();
    let due: Vec<Traveller> = queue.iter().filter(|t| t.to.turn == now).copied().collect();
    game.queue.retain(|t| t.to.turn != now);

    game.make(mv);
    let mut journals: Vec<Journal> = Vec::with_capacity(due.len() + 1);
    let mut landing = None;
    for event in game.journal.events.clone() {
        let consequence = match event {
            Event::Captured { at, color, kind } if at.turn < now => Consequence::ErasedInPast {
                at,
                color,
                kind,
                vanished: vanished.clone(),
            },
            Event::Captured { at, color, kind } => Consequence::Captured { at, color, kind },
            Event::Steamrolled { at, color, kind } => {
                let by = game.piece_at(at);
                landing = Some(at.turn - 1);
                Consequence::Steamrolled {
                    at,
                    color,
                    kind,
                    by_color: by.map_or(color.opponent(), |p| p.color),
                    by_kind: by.map_or(kind, |p| p.kind),
                }
            }
            Event::LostInTime { at, color, kind } => Consequence::LostInTime {
                from: mv.from,
                at,
                color,
                kind,
            },
        };
        report.consequences.push(consequence);
    }
    if move_kind == MoveKind::Ordinary
        && mover.kind == Kind::Pawn
        && game.piece_at(mv.to).is_some_and(|p| p.kind == Kind::Queen)
    {
        report
            .consequences
            .push(Consequence::Promoted { at: mv.to });
    }
    let landing = (move_kind == MoveKind::Backward).then(|| Landing {
        lineage: mover.lineage,
        age: mover.age + 1,
        to: mv.to,
        last: landing.unwrap_or(now),
    });
    journals.push(std::mem::take(&mut game.journal));

    for traveller in due {
        game.queue.push(traveller);
        game.make_pass();
        let events = &game.journal.events;
        let piece = traveller.piece;
        let lost = events.iter().any(|e| matches!(e, Event::LostInTime { .. }));
        if lost {
            report.consequences.push(Consequence::LostInTime {
                from: traveller.from,
                at: traveller.to,
                color: piece.color,
                kind: piece.kind,
            });
        } else {
            report.consequences.push(Consequence::Arrived {
                from: traveller.from,
                at: traveller.to,
                color: piece.color,
                kind: piece.kind,
            });
            for event in events {
                if let Event::Captured { at, color, kind } = *event {
                    report
                        .consequences
                        .push(Consequence::Captured { at, color, kind });
                }
            }
        }
        game.queue.pop();
        journals.push(std::mem::take(&mut game.journal));
    }

    for journal in journals.into_iter().rev() {
        game.journal = journal;
        game.unmake();
    }
    game.queue = queue;
    (report, landing)
}

#[cfg(test)]
mod tests {
    use super::super::playout::{random_playout, SplitMix64};
    use super::*;

    /// The parts replayed one by one bring about exactly the events the move recorded, and
    /// the walk leaves the game as it found it.
    #[test]
    fn the_replayed_parts_add_up_to_the_recorded_events() {
        for seed in 0..12u64 {
            let mut game = Game::new();
            random_playout(&mut game, &mut SplitMix64::new(seed), 60);
            let before = game.clone();
            let mut walk = game.clone();
            for index in (0..game.played.len()).rev() {
                let recorded = walk.last_events().to_vec();
                let mv = walk.undo().unwrap();
                let layers = walk.layers.clone();
                let queue = walk.queue.clone();
                let killed = walk.killed_from;
                game_events_match(&mut walk, mv, &recorded, index);
                assert_eq!(walk.layers, layers);
                assert_eq!(walk.queue, queue);
                assert_eq!(walk.killed_from, killed);
            }
            let again = history(&before);
            assert_eq!(again.reports.len(), before.played.len());
        }
    }

    fn game_events_match(walk: &mut Game, mv: Move, recorded: &[Event], index: usize) {
        let (report, _) = replay(walk, mv);
        let mut expected: Vec<(u8, Pos)> = recorded
            .iter()
            .map(|event| match *event {
                Event::Captured { at, .. } => (0, at),
                Event::Steamrolled { at, .. } => (1, at),
                Event::LostInTime { at, .. } => (2, at),
            })
            .collect();
        let mut found: Vec<(u8, Pos)> = report
            .consequences
            .iter()
            .filter_map(|c| match *c {
                Consequence::Captured { at, .. } | Consequence::ErasedInPast { at, .. } => {
                    Some((0, at))
                }
                Consequence::Steamrolled { at, .. } => Some((1, at)),
                Consequence::LostInTime { at, .. } => Some((2, at)),
                _ => None,
            })
            .collect();
        expected.sort();
        found.sort();
        assert_eq!(found, expected, "move {index} {mv}");
    }
}
