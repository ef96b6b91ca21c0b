//! Applying one move to the stack in place (Appendix A.4, A.5): the move itself, backward
//! travel with capture in the past and steamrollering, the departure of forward travellers,
//! and the arrivals due at the end of the turn. Every write is journalled so the move can
//! be taken back; legality testing applies and takes back candidates this way instead of
//! copying the game.

use super::coord::{Move, Pos, Square};
use super::game::{EndReason, Event, Game, Journal, Outcome, Played, Traveller, Winner};
use super::piece::{Color, Kind, Lineage, Piece};
use super::zobrist::{erased_key, layer_key, traveller_key};

impl Game {
    /// Writes one cell, journalling what was there.
    fn write(&mut self, turn: u32, square: Square, piece: Option<Piece>) {
        let old = self.set_hashed(turn, square, piece);
        self.journal.cells.push((turn, square, old));
    }

    /// Sets one cell and keeps the game's hash in step.
    fn set_hashed(&mut self, turn: u32, square: Square, piece: Option<Piece>) -> Option<Piece> {
        let layer = &mut self.layers[turn as usize];
        if turn as usize >= self.hashed_layers {
            return layer.set_unhashed(square, piece);
        }
        let before = layer.hash();
        let old = layer.set(square, piece);
        self.hash ^= layer_key(before, turn) ^ layer_key(layer.hash(), turn);
        old
    }

    /// Sets a lineage's erasure age and keeps the game's hash in step.
    fn set_killed(&mut self, lineage: Lineage, age: u16) {
        let slot = &mut self.killed_from[lineage as usize];
        self.hash ^= erased_key(lineage, *slot) ^ erased_key(lineage, age);
        *slot = age;
    }

    /// The earliest turn at which an instance of `victim`'s lineage can be of its age or
    /// older: from its start at turn 0 or from any landing in the past, the lineage ages
    /// at most one turn per layer (a forward journey ages it by one only).
    fn oldest_turn_of_age(&self, victim: Piece, at: u32) -> u32 {
        let mut oldest = at.min(u32::from(victim.age));
        for &(lineage, turn, age) in &self.reentries {
            if lineage == victim.lineage {
                let later = u32::from(victim.age.saturating_sub(age));
                oldest = oldest.min(turn + later);
            }
        }
        oldest
    }

    /// Records that `lineage` no longer exists from `age` on.
    fn kill(&mut self, lineage: Lineage, age: u16) {
        let current = self.killed_from[lineage as usize];
        if age < current {
            self.journal.killed.push((lineage, current));
            self.set_killed(lineage, age);
        }
    }

    /// Captures `victim` standing at `at`: every instance of its lineage of its age or
    /// older is removed from every layer (A.5.1, section 4.2.2.3); what those instances
    /// did stays done.
    fn capture(&mut self, victim: Piece, at: Pos) {
        if at.turn == self.now() {
            // The present instance of a piece is the oldest of its lineage: nothing else
            // is of its age or older.
            self.write(at.turn, at.square(), None);
        } else {
            let oldest = self.oldest_turn_of_age(victim, at.turn);
            debug_assert!(
                (0..oldest).all(|turn| self.instances_of_age(turn, victim) == 0),
                "an instance of {victim:?} at least as old stands before turn {oldest}"
            );
            for turn in oldest..self.layers.len() as u32 {
                let mut doomed = self.instances_of_age(turn, victim);
                while doomed != 0 {
                    let square = doomed.trailing_zeros() as Square;
                    doomed &= doomed - 1;
                    self.write(turn, square, None);
                }
            }
        }
        self.kill(victim.lineage, victim.age);
        self.journal.events.push(Event::Captured {
            at,
            color: victim.color,
            kind: victim.kind,
        });
    }

    /// The squares (as bits) of layer `turn` holding an instance of `victim`'s lineage of
    /// its age or older.
    fn instances_of_age(&self, turn: u32, victim: Piece) -> u64 {
        let mut found = 0u64;
        for (square, p) in self.layers[turn as usize].pieces() {
            if p.lineage == victim.lineage && p.age >= victim.age {
                found |= 1u64 << square;
            }
        }
        found
    }

    /// Applies a move already known to be pseudo-legal, then the arrivals of the turn.
    /// Leaves the journal in `self.journal`; `unmake` takes it all back.
    pub(super) fn make(&mut self, mv: Move) {
        self.open_journal();
        let now = self.now();
        let Some(piece) = self.layers[now as usize].get(mv.from.square()) else {
            return;
        };
        self.write(now, mv.from.square(), None);
        let moved = Piece {
            moved: true,
            ..piece
        };
        if mv.to.turn == now {
            if let Some(victim) = self.layers[now as usize].get(mv.to.square()) {
                self.capture(victim, mv.to);
            }
            self.write(now, mv.to.square(), Some(promoted(moved, mv.to)));
        } else if mv.to.turn < now {
            self.travel_back(moved, mv.to);
        } else {
            let traveller = Traveller {
                piece: moved,
                from: mv.from,
                to: mv.to,
            };
            self.hash ^= traveller_key(&traveller);
            self.queue.push(traveller);
            self.journal.pushed = true;
        }
        self.arrive(now);
    }

    /// Applies what passing the turn would do, were passing allowed: only the arrivals
    /// at its end. Check is judged on this (see `is_in_check`); `unmake` takes it back.
    pub(super) fn make_pass(&mut self) {
        self.open_journal();
        self.arrive(self.now());
    }

    fn open_journal(&mut self) {
        self.journal.cells.clear();
        self.journal.killed.clear();
        self.journal.reentered = false;
        self.journal.events.clear();
        self.journal.pushed = false;
    }

    /// A backward traveller lands in the past, capturing what it lands on, and is copied
    /// up layer by layer while braindead until a piece that entered its square since
    /// destroys it or it reaches the present (A.5.2).
    fn travel_back(&mut self, piece: Piece, to: Pos) {
        let now = self.now();
        let square = to.square();
        if let Some(victim) = self.layers[to.turn as usize].get(square) {
            self.capture(victim, to);
        }
        let landed = piece.age + 1;
        self.reentries.push((piece.lineage, to.turn, landed));
        self.journal.reentered = true;
        for turn in to.turn..=now {
            let age = landed + (turn - to.turn) as u16;
            if turn > to.turn && !self.layers[turn as usize].is_empty(square) {
                self.kill(piece.lineage, age);
                self.journal.events.push(Event::Steamrolled {
                    at: Pos::new(square, turn),
                    color: piece.color,
                    kind: piece.kind,
                });
                return;
            }
            self.write(turn, square, Some(Piece { age, ..piece }));
        }
    }

    /// Places the travellers due at the end of turn `now`, in departure order, or loses
    /// them in time if their move has become illegal (A.4).
    fn arrive(&mut self, now: u32) {
        for index in 0..self.queue.len() {
            let traveller = self.queue[index];
            if traveller.to.turn != now {
                continue;
            }
            let piece = traveller.piece;
            if self.arrival_succeeds(&traveller, now) {
                let square = traveller.to.square();
                if let Some(victim) = self.layers[now as usize].get(square) {
                    self.capture(victim, traveller.to);
                }
                let arrived = Piece {
                    age: piece.age + 1,
                    ..piece
                };
                self.write(now, square, Some(arrived));
            } else {
                self.kill(piece.lineage, piece.age + 1);
                self.journal.events.push(Event::LostInTime {
                    at: traveller.to,
                    color: piece.color,
                    kind: piece.kind,
                });
            }
        }
    }

    /// Whether a traveller due at the end of turn `turn` would appear given the layers as
    /// they stand: its departing instance was never erased, every intermediate position of
    /// its path is empty, and its destination is acceptable for its kind. `turn` may be the
    /// turn after the present, whose layer reads as the present.
    pub(super) fn arrival_succeeds(&self, traveller: &Traveller, turn: u32) -> bool {
        let piece = traveller.piece;
        if self.killed_from[piece.lineage as usize] <= piece.age {
            return false;
        }
        let (from, to) = (traveller.from, traveller.to);
        let delta = (
            to.file as i32 - from.file as i32,
            to.rank as i32 - from.rank as i32,
            to.turn as i32 - from.turn as i32,
        );
        // The move obeyed the piece's movement when it was declared, so its path is the
        // straight line of unit steps to the destination (a knight's leap has none; every
        // other single step, pawns' included, has no intermediate position either).
        if piece.kind != Kind::Knight {
            let steps = delta.0.abs().max(delta.1.abs()).max(delta.2.abs());
            let unit = (delta.0.signum(), delta.1.signum(), delta.2.signum());
            for k in 1..steps {
                let file = from.file as i32 + k * unit.0;
                let rank = from.rank as i32 + k * unit.1;
                let t = (from.turn as i32 + k * unit.2) as u32;
                if !self
                    .layer_or_present(t)
                    .is_empty((rank * 8 + file) as Square)
                {
                    return false;
                }
            }
        }
        let there = self.layer_or_present(turn).get(to.square());
        match there {
            Some(other) if other.color == piece.color => false,
            // A pawn's step sideways is its capture; a straight one needs an empty square.
            _ if piece.kind == Kind::Pawn => there.is_some() == (delta.0 != 0),
            _ => true,
        }
    }

    /// Takes back everything the last `make` did.
    pub(super) fn unmake(&mut self) {
        let journal = std::mem::take(&mut self.journal);
        self.rewind(&journal);
        self.journal = journal;
    }

    fn rewind(&mut self, journal: &Journal) {
        for &(turn, square, old) in journal.cells.iter().rev() {
            self.set_hashed(turn, square, old);
        }
        for &(lineage, old) in journal.killed.iter().rev() {
            self.set_killed(lineage, old);
        }
        if journal.reentered {
            self.reentries.pop();
        }
        if journal.pushed {
            if let Some(traveller) = self.queue.pop() {
                self.hash ^= traveller_key(&traveller);
            }
        }
    }

    /// Makes `mv` permanent: removes the arrived travellers, settles a game ended by a
    /// king lost in time or captured, and opens the next turn's layer. Checkmate and
    /// stalemate are settled by the caller, which may not need them (perft).
    pub(super) fn commit(&mut self, mv: Move) {
        let now = self.now();
        let journal = std::mem::take(&mut self.journal);
        let mut arrived = Vec::new();
        let mut index = 0;
        while index < self.queue.len() {
            if self.queue[index].to.turn == now {
                let traveller = self.queue.remove(index);
                self.hash ^= traveller_key(&traveller);
                arrived.push((index, traveller));
            } else {
                index += 1;
            }
        }
        let outcome_before = self.outcome;
        if self.outcome.is_none() {
            self.outcome = king_event_outcome(&journal.events);
        }
        let next = self.layers[now as usize].aged();
        self.layers.push(next);
        self.played.push((
            mv,
            Played {
                journal,
                arrived,
                outcome_before,
            },
        ));
    }

    /// Takes back the last committed move; returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let (mv, played) = self.played.pop()?;
        if let Some(layer) = self.layers.pop() {
            let turn = self.layers.len();
            if turn < self.hashed_layers {
                self.hash ^= layer_key(layer.hash(), turn as u32);
                self.hashed_layers = turn;
            }
        }
        for &(index, traveller) in played.arrived.iter().rev() {
            self.hash ^= traveller_key(&traveller);
            self.queue.insert(index, traveller);
        }
        self.rewind(&played.journal);
        self.outcome = played.outcome_before;
        Some(mv)
    }
}

/// The first king event of a turn decides the game: a king lost in time or captured
/// loses for its owner.
fn king_event_outcome(events: &[Event]) -> Option<Outcome> {
    events.iter().find_map(|event| {
        let (color, kind, reason) = match *event {
            Event::LostInTime { color, kind, .. } => (color, kind, EndReason::KingLostInTime),
            Event::Captured { color, kind, .. } => (color, kind, EndReason::KingCaptured),
            Event::Steamrolled { color, kind, .. } => (color, kind, EndReason::KingCaptured),
        };
        (kind == Kind::King).then_some(Outcome {
            winner: Winner::side(color.opponent()),
            reason,
        })
    })
}

/// A pawn that reaches the far rank becomes a queen at once, keeping its lineage.
pub(super) fn promoted(piece: Piece, at: Pos) -> Piece {
    let last = match piece.color {
        Color::White => 7,
        Color::Black => 0,
    };
    if piece.kind == Kind::Pawn && at.rank == last {
        Piece {
            kind: Kind::Queen,
            ..piece
        }
    } else {
        piece
    }
}

/// Whether the journal shows `color`'s king removed by the turn other than by being lost
/// in time (captured on arrival, or steamrollered as a braindead traveller).
pub(super) fn king_destroyed(events: &[Event], color: Color) -> bool {
    events.iter().any(|event| match *event {
        Event::Captured { color: c, kind, .. } | Event::Steamrolled { color: c, kind, .. } => {
            c == color && kind == Kind::King
        }
        Event::LostInTime { .. } => false,
    })
}

/// Whether the journal shows `color`'s king lost in time.
pub(super) fn king_lost(events: &[Event], color: Color) -> bool {
    events.iter().any(|event| {
        matches!(*event, Event::LostInTime { color: c, kind: Kind::King, .. } if c == color)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;

    /// Over random games that travel back often, every instance in every layer is a
    /// possible victim: no instance of its lineage at least as old stands before the turn
    /// `oldest_turn_of_age` gives, which is where a capture in the past starts looking.
    #[test]
    fn no_instance_as_old_as_a_victim_stands_before_the_capture_looks() {
        let mut rng = SplitMix64::new(23);
        let (mut reentries, mut victims) = (0, 0);
        for _ in 0..12 {
            let mut game = Game::new();
            for _ in 0..60 {
                let legal = game.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let back: Vec<Move> = legal
                    .iter()
                    .copied()
                    .filter(|mv| mv.to.turn < mv.from.turn)
                    .collect();
                // Half the moves travel back when they can, so lineages land in the past
                // again and again.
                let pool = if !back.is_empty() && rng.below(2) == 0 {
                    &back
                } else {
                    &legal
                };
                game.play(pool[rng.below(pool.len())])
                    .expect("listed as legal");
                for turn in 0..game.layers.len() as u32 {
                    for (square, victim) in game.layers[turn as usize].pieces() {
                        let oldest = game.oldest_turn_of_age(victim, turn);
                        assert!(oldest <= turn);
                        for earlier in 0..oldest {
                            assert_eq!(
                                game.instances_of_age(earlier, victim),
                                0,
                                "{victim:?} at {square}t{turn}: an instance as old at turn {earlier}, before {oldest}"
                            );
                        }
                        victims += 1;
                    }
                }
            }
            reentries += game.reentries.len();
        }
        assert!(reentries > 50 && victims > 5_000, "{reentries} {victims}");
    }
}
