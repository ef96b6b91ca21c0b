//! Which moves are legal: the movement of each piece with blocking through space-time
//! (A.3, A.3.1), the reasons a move is refused, check through every past instance of the
//! king (A.6), and the list of legal moves: each candidate is judged on the present layer's
//! masks edited for it (`judge.rs`) or, when it goes into the past, applied and taken back
//! in place.

use super::attack::{Attackers, PastKings};
use super::coord::{Move, Pos, Square, BOARD};
use super::game::{EndReason, Game, Outcome, Winner, MAX_MOVES};
use super::geometry::{
    directions, pawn_deltas, pawn_step, reach, shape, Delta, PawnStep, Shape, KNIGHT, MAX_SLIDE,
};
use super::judge::Preview;
use super::layer::Masks;
use super::piece::{Color, Kind, Piece};
use super::turn::{king_destroyed, king_lost};

/// Why a move was refused. The texts are what TCECP sends in `Illegal move (REASON)`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// The game has ended.
    #[error("The game is over")]
    GameOver,
    /// The move does not start in the present layer.
    #[error("Pieces can only be moved from the present, turn {0}")]
    NotPresent(u32),
    /// No piece stands where the move starts.
    #[error("There is no piece at {0}")]
    NoPiece(Pos),
    /// The piece belongs to the side not to move.
    #[error("It is {0}'s turn")]
    NotYourPiece(&'static str),
    /// The displacement is not one this kind of piece makes.
    #[error("A {0} cannot move that way")]
    NotAMove(&'static str),
    /// A pawn tried a double step after having moved.
    #[error("A pawn moves two places only on its first move")]
    DoubleAfterMoving,
    /// An intermediate position of the path is occupied.
    #[error("The path is blocked at {0}")]
    Blocked(Pos),
    /// The destination holds a piece of the mover's side.
    #[error("The destination holds your own piece")]
    OwnPiece,
    /// A pawn's straight move onto an occupied position.
    #[error("A pawn moves straight only onto an empty position")]
    PawnBlocked,
    /// A pawn's diagonal move with nothing to capture.
    #[error("A pawn moves diagonally only to capture")]
    PawnNothingToCapture,
    /// The move would leave the mover's king attackable, or destroy it.
    #[error("Move puts you in check")]
    Check,
}

/// How check detection finds the attackers of a king instance.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Detector {
    /// The attack masks of `attack.rs`: what the engine plays with.
    Masks,
    /// Looking outward from each king instance over every displacement of every kind: the
    /// engine's check test before the masks, kept as the reference the tests compare with.
    Scan,
}

fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Pawn => "pawn",
        Kind::Knight => "knight",
        Kind::Bishop => "bishop",
        Kind::Rook => "rook",
        Kind::Queen => "queen",
        Kind::King => "king",
    }
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The position `k` steps of `unit` away from `from`, if it lies on the board and at or
/// after turn 0.
fn step(from: Pos, unit: Delta, k: i32) -> Option<Pos> {
    let file = from.file as i32 + k * unit.0;
    let rank = from.rank as i32 + k * unit.1;
    let turn = from.turn as i64 + (k * unit.2) as i64;
    if !(0..BOARD).contains(&file) || !(0..BOARD).contains(&rank) || turn < 0 {
        return None;
    }
    Some(Pos {
        turn: turn as u32,
        rank: rank as u8,
        file: file as u8,
    })
}

impl Game {
    /// Checks a move without playing it: `Ok` exactly for the moves `legal_moves` lists.
    pub fn check_move(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.pseudo_legal(mv)?;
        if self.legal_after(mv) {
            Ok(())
        } else {
            Err(IllegalMove::Check)
        }
    }

    /// Plays a move if it is legal, and settles checkmate, stalemate and the move limit.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.check_move(mv)?;
        self.make(mv);
        self.commit(mv);
        self.settle_hash();
        self.settle();
        Ok(())
    }

    /// Plays a move known to be legal without settling checkmate or stalemate (for perft,
    /// which finds them anyway as nodes with no move) and without hashing the new layer
    /// (the search hashes it only where it needs the state's hash).
    pub(super) fn play_unsettled(&mut self, mv: Move) {
        self.make(mv);
        self.commit(mv);
    }

    /// Plays a move that obeys the movement rules without judging what it does to the
    /// mover's king, and returns what the turn did. For analysis and for the test suite's
    /// independent move generator, which judges check itself; games use `play`.
    pub fn play_without_king_safety(
        &mut self,
        mv: Move,
    ) -> Result<Vec<super::game::Event>, IllegalMove> {
        self.pseudo_legal(mv)?;
        self.make(mv);
        let events = self.journal.events.clone();
        self.commit(mv);
        self.settle_hash();
        Ok(events)
    }

    /// Settles a set-up position that may already be mate or stalemate.
    pub(super) fn settle_start(&mut self) {
        self.settle();
    }

    /// Settles the end of the game at the start of a turn.
    fn settle(&mut self) {
        if self.outcome.is_some() {
            return;
        }
        let side = self.to_move();
        if !self.has_legal_move() {
            let reason = if self.is_in_check() {
                EndReason::Checkmate
            } else {
                EndReason::Stalemate
            };
            let winner = match reason {
                EndReason::Checkmate => Winner::side(side.opponent()),
                _ => Winner::Draw,
            };
            self.outcome = Some(Outcome { winner, reason });
        } else if self.played.len() >= MAX_MOVES {
            self.outcome = Some(Outcome {
                winner: Winner::Draw,
                reason: EndReason::MoveLimit,
            });
        }
    }

    /// Whether the side to move is in check: were it allowed to pass, its king would be
    /// taken — by a traveller appearing on it at the end of this turn, by a move of the
    /// opponent at the next turn, or by an opposing traveller at the end of that one. This
    /// is the test every move must pass (`legal_after`) applied to a pass, as chess
    /// defines check. Arrivals are applied and taken back, hence `&mut`.
    pub fn is_in_check(&mut self) -> bool {
        self.is_in_check_with(Detector::Masks)
    }

    /// `is_in_check` judged with the reference check test (scanning every displacement
    /// instead of the attack masks), for the test suite's cross-check.
    #[doc(hidden)]
    pub fn is_in_check_by_scan(&mut self) -> bool {
        self.is_in_check_with(Detector::Scan)
    }

    fn is_in_check_with(&mut self, detector: Detector) -> bool {
        if self.outcome.is_some() {
            return false;
        }
        let side = self.to_move();
        self.make_pass();
        let events = &self.journal.events;
        let exposed = king_destroyed(events, side)
            || (!king_lost(events, side) && self.exposed_after_move_with(side, detector));
        self.unmake();
        exposed
    }

    /// Checks everything about a move except what it does to the mover's king.
    fn pseudo_legal(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.outcome.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let now = self.now();
        if mv.from.turn != now {
            return Err(IllegalMove::NotPresent(now));
        }
        let piece = self
            .piece_at(mv.from)
            .ok_or(IllegalMove::NoPiece(mv.from))?;
        let side = self.to_move();
        if piece.color != side {
            return Err(IllegalMove::NotYourPiece(color_name(side)));
        }
        let delta = (
            mv.to.file as i32 - mv.from.file as i32,
            mv.to.rank as i32 - mv.from.rank as i32,
            mv.to.turn as i64 - mv.from.turn as i64,
        );
        if delta.2.abs() > MAX_SLIDE as i64 {
            return Err(IllegalMove::NotAMove(kind_name(piece.kind)));
        }
        let delta = (delta.0, delta.1, delta.2 as i32);
        let path = shape(piece.kind, piece.color, delta);
        if path == Shape::Impossible {
            return Err(IllegalMove::NotAMove(kind_name(piece.kind)));
        }
        let pawn = if piece.kind == Kind::Pawn {
            pawn_step(piece.color, delta)
        } else {
            None
        };
        if pawn == Some(PawnStep::Double) && piece.moved {
            return Err(IllegalMove::DoubleAfterMoving);
        }
        if mv.to.turn > now {
            // Everything else about a move into the future is decided on arrival.
            return Ok(());
        }
        if let Shape::Slide { unit, steps } = path {
            for k in 1..steps {
                let at =
                    step(mv.from, unit, k).ok_or(IllegalMove::NotAMove(kind_name(piece.kind)))?;
                if self.piece_at(at).is_some() {
                    return Err(if pawn.is_some() {
                        IllegalMove::PawnBlocked
                    } else {
                        IllegalMove::Blocked(at)
                    });
                }
            }
        }
        let there = self.piece_at(mv.to);
        match (pawn, there) {
            (_, Some(other)) if other.color == side => Err(IllegalMove::OwnPiece),
            (Some(PawnStep::Capture), None) => Err(IllegalMove::PawnNothingToCapture),
            (Some(PawnStep::Advance | PawnStep::Double), Some(_)) => Err(IllegalMove::PawnBlocked),
            _ => Ok(()),
        }
    }

    /// Applies a pseudo-legal move in place, judges the mover's king, and takes it back.
    fn legal_after(&mut self, mv: Move) -> bool {
        let preview = self.preview();
        self.legal_after_with(mv, Detector::Masks, &preview)
    }

    /// `legal_after` with a choice of check test. With the attack masks, a move that the
    /// `preview` (prepared once per position) can judge without applying it is judged so.
    fn legal_after_with(&mut self, mv: Move, detector: Detector, preview: &Preview) -> bool {
        if detector == Detector::Masks {
            if let Some(legal) = self.judge_unplayed(mv, preview) {
                return legal;
            }
        }
        let side = self.to_move();
        self.make(mv);
        let events = &self.journal.events;
        let legal = if king_destroyed(events, side) {
            false
        } else if king_lost(events, side) {
            // The move stands and loses the game (A.4.2); it is not refused.
            true
        } else {
            !self.exposed_after_move_with(side, detector)
        };
        self.unmake();
        legal
    }

    /// Appends to `out` the pseudo-legal moves of the piece on `square` of the present.
    fn pseudo_moves_from(&self, square: Square, piece: Piece, out: &mut Vec<Move>) {
        let now = self.now();
        let from = Pos::new(square, now);
        let consider = |to: Pos, out: &mut Vec<Move>| -> bool {
            // Returns whether a slide may continue past `to`.
            if to.turn > now {
                out.push(Move { from, to });
                return true;
            }
            match self.piece_at(to) {
                None => {
                    out.push(Move { from, to });
                    true
                }
                Some(other) => {
                    if other.color != piece.color {
                        out.push(Move { from, to });
                    }
                    false
                }
            }
        };
        match piece.kind {
            Kind::Pawn => {
                for (delta, kind) in pawn_deltas(piece.color) {
                    let Some(to) = step(from, delta, 1) else {
                        continue;
                    };
                    let future = to.turn > now;
                    let ok = match kind {
                        PawnStep::Advance => future || self.piece_at(to).is_none(),
                        PawnStep::Double => {
                            !piece.moved
                                && (future
                                    || (self.piece_at(to).is_none()
                                        && step(from, (delta.0 / 2, delta.1 / 2, 0), 1)
                                            .is_some_and(|mid| self.piece_at(mid).is_none())))
                        }
                        PawnStep::Capture => {
                            future || self.piece_at(to).is_some_and(|p| p.color != piece.color)
                        }
                    };
                    if ok {
                        out.push(Move { from, to });
                    }
                }
            }
            Kind::Knight => {
                for &delta in &KNIGHT {
                    if let Some(to) = step(from, delta, 1) {
                        consider(to, out);
                    }
                }
            }
            _ => {
                for &unit in directions(piece.kind) {
                    for k in 1..=reach(piece.kind) {
                        let Some(to) = step(from, unit, k) else {
                            break;
                        };
                        if !consider(to, out) {
                            break;
                        }
                    }
                }
            }
        }
    }

    /// Every legal move of the side to move, in a fixed order (by starting square, then
    /// direction); empty once the game has ended.
    pub fn legal_moves(&mut self) -> Vec<Move> {
        self.legal_moves_with(Detector::Masks)
    }

    /// `legal_moves` judged with the reference check test (scanning every displacement
    /// instead of the attack masks), for the test suite's cross-check.
    #[doc(hidden)]
    pub fn legal_moves_by_scan(&mut self) -> Vec<Move> {
        self.legal_moves_with(Detector::Scan)
    }

    fn legal_moves_with(&mut self, detector: Detector) -> Vec<Move> {
        let mut legal = Vec::new();
        self.each_legal_move(detector, |mv| legal.push(mv));
        legal
    }

    /// How many legal moves the side to move has: `legal_moves().len()` without building
    /// the list (perft's last ply).
    pub(super) fn count_legal_moves(&mut self) -> u64 {
        let mut count = 0;
        self.each_legal_move(Detector::Masks, |_| count += 1);
        count
    }

    /// Calls `found` with every legal move, in `legal_moves` order.
    fn each_legal_move(&mut self, detector: Detector, mut found: impl FnMut(Move)) {
        if self.outcome.is_some() {
            return;
        }
        let mut candidates = Vec::with_capacity(256);
        let present = &self.layers[self.now() as usize];
        for (square, piece) in present.pieces_of(self.to_move()) {
            self.pseudo_moves_from(square, piece, &mut candidates);
        }
        let preview = self.preview();
        for mv in candidates {
            if self.legal_after_with(mv, detector, &preview) {
                found(mv);
            }
        }
    }

    /// The legal moves of the piece at `from`, sorted by destination (turn, rank, file).
    pub fn legal_moves_from(&mut self, from: Pos) -> Vec<Move> {
        if self.outcome.is_some() || from.turn != self.now() {
            return Vec::new();
        }
        let Some(piece) = self.piece_at(from) else {
            return Vec::new();
        };
        if piece.color != self.to_move() {
            return Vec::new();
        }
        let mut candidates = Vec::new();
        self.pseudo_moves_from(from.square(), piece, &mut candidates);
        let preview = self.preview();
        let mut legal: Vec<Move> = candidates
            .into_iter()
            .filter(|&mv| self.legal_after_with(mv, Detector::Masks, &preview))
            .collect();
        legal.sort_by_key(|mv| mv.to);
        legal
    }

    /// The moves the side to move may make before the test of what they do to its own
    /// king, in `legal_moves` order, and the preview that test needs: for a caller (the
    /// search's capture-only nodes) that tests only some of them.
    pub(super) fn candidate_moves(&self) -> (Vec<Move>, Preview) {
        let mut candidates = Vec::with_capacity(256);
        if self.outcome.is_none() {
            let present = &self.layers[self.now() as usize];
            for (square, piece) in present.pieces_of(self.to_move()) {
                self.pseudo_moves_from(square, piece, &mut candidates);
            }
        }
        (candidates, self.preview())
    }

    /// Whether a move of `candidate_moves` is legal, judged with the preview that came with
    /// it.
    pub(super) fn candidate_is_legal(&mut self, mv: Move, preview: &Preview) -> bool {
        self.legal_after_with(mv, Detector::Masks, preview)
    }

    /// Whether the side to move has any legal move; stops at the first one found.
    pub fn has_legal_move(&mut self) -> bool {
        if self.outcome.is_some() {
            return false;
        }
        let mut candidates = Vec::with_capacity(64);
        let now = self.now() as usize;
        // A copy of the side's mask, not a list of its pieces: judging a move needs the
        // game mutably, and listing first cost an allocation per node.
        let mut own = self.layers[now].masks().side(self.to_move());
        let preview = self.preview();
        while own != 0 {
            let square = own.trailing_zeros() as Square;
            own &= own - 1;
            let Some(piece) = self.layers[now].get(square) else {
                continue;
            };
            candidates.clear();
            self.pseudo_moves_from(square, piece, &mut candidates);
            for &mv in &candidates {
                if self.legal_after_with(mv, Detector::Masks, &preview) {
                    return true;
                }
            }
        }
        false
    }

    /// `attacked_with` the attack masks.
    #[cfg(test)]
    pub(super) fn attacked(&self, side: Color, present: u32) -> bool {
        self.attacked_with(side, present, Detector::Masks)
    }

    /// Whether `side`'s king can be taken by the opponent commanding the pieces of layer
    /// `present` (the present, or the turn after it, which reads as the present): some
    /// opposing piece there can move onto an instance of the king in that layer or any
    /// earlier one (A.6). No piece moves more than seven turns, so only the instances in
    /// the last eight layers matter.
    fn attacked_with(&self, side: Color, present: u32, detector: Detector) -> bool {
        match detector {
            Detector::Masks => {
                let top = *self.layer_or_present(present).masks();
                self.attacked_masks(side, present, &top)
            }
            Detector::Scan => {
                let oldest = present.saturating_sub(MAX_SLIDE as u32);
                (oldest..=present).any(|turn| {
                    self.layer_or_present(turn)
                        .king_squares(side)
                        .any(|square| {
                            let king = Pos::new(square, turn);
                            self.instance_attacked(king, present, side.opponent())
                        })
                })
            }
        }
    }

    /// `attacked_with` the attack masks, where every layer from the present on reads as
    /// `top` (the present layer's masks, or a copy edited for a move not applied).
    pub(super) fn attacked_masks(&self, side: Color, present: u32, top: &Masks) -> bool {
        self.attacked_masks_past(side, present, top, None)
    }

    /// `side`'s king instances two or more turns below layer `present`, which lie below
    /// the present whether `present` is the present or the turn after it.
    pub(super) fn past_kings(&self, side: Color, present: u32) -> PastKings {
        PastKings::new(present, |back| {
            self.layers[(present - back) as usize].of(side, Kind::King)
        })
    }

    /// `attacked_masks`, with the instances two or more turns below `present` gathered
    /// beforehand when many moves of one position are judged (`None`: look at each layer).
    pub(super) fn attacked_masks_past(
        &self,
        side: Color,
        present: u32,
        top: &Masks,
        past: Option<&PastKings>,
    ) -> bool {
        let now = self.now();
        let masks = |turn: u32| {
            if turn >= now {
                top
            } else {
                self.layers[turn as usize].masks()
            }
        };
        let attackers = Attackers::new(top, side.opponent());
        let occupied_below = |j: u32| masks(present - j).occupied;
        for back in 0..=present.min(1) {
            let mut kings = masks(present - back).of(side, Kind::King);
            while kings != 0 {
                let square = kings.trailing_zeros() as Square;
                kings &= kings - 1;
                if attackers.reach(square, back, &occupied_below) {
                    return true;
                }
            }
        }
        match past.and_then(|past| past.attacked(&attackers, occupied_below)) {
            Some(attacked) => attacked,
            // Not gathered, or too many instances to hold: look at every layer.
            None => (2..=present.min(MAX_SLIDE as u32)).any(|back| {
                let mut kings = masks(present - back).of(side, Kind::King);
                while kings != 0 {
                    let square = kings.trailing_zeros() as Square;
                    kings &= kings - 1;
                    if attackers.reach(square, back, &occupied_below) {
                        return true;
                    }
                }
                false
            }),
        }
    }

    /// Whether a piece of `attacker` in layer `present` can move onto `king`, looking
    /// outward from the king instance over every displacement (the reference for the
    /// attack masks of `attack.rs`): a piece reaching an instance `back` turns earlier
    /// must move exactly `back` turns back, which leaves a handful of squares to look at.
    fn instance_attacked(&self, king: Pos, present: u32, attacker: Color) -> bool {
        let top = self.layer_or_present(present);
        let back = (present - king.turn) as i32;
        let holds = |file: i32, rank: i32, kinds: &[Kind]| -> bool {
            (0..BOARD).contains(&file)
                && (0..BOARD).contains(&rank)
                && top
                    .get((rank * 8 + file) as Square)
                    .is_some_and(|p| p.color == attacker && kinds.contains(&p.kind))
        };
        let (kf, kr) = (king.file as i32, king.rank as i32);
        // An attacker at A reaches the king at A + delta, so it stands at king - delta.
        let leaps = KNIGHT
            .iter()
            .filter(|d| d.2 == -back)
            .any(|d| holds(kf - d.0, kr - d.1, &[Kind::Knight]));
        let steps = back <= 1
            && directions(Kind::King)
                .iter()
                .filter(|d| d.2 == -back)
                .any(|d| holds(kf - d.0, kr - d.1, &[Kind::King]));
        let pawns = back == 0
            && [-1, 1]
                .iter()
                .any(|dx| holds(kf - dx, kr - attacker.forward(), &[Kind::Pawn]));
        if leaps || steps || pawns {
            return true;
        }
        directions(Kind::Queen).iter().any(|&unit| {
            let straight = [unit.0, unit.1, unit.2].iter().filter(|&&c| c != 0).count() == 1;
            let kinds: &[Kind] = if straight {
                &[Kind::Rook, Kind::Queen]
            } else {
                &[Kind::Bishop, Kind::Queen]
            };
            if back == 0 {
                // Within the present layer: the first piece met walking outward.
                if unit.2 != 0 {
                    return false;
                }
                for k in 1..BOARD {
                    let (file, rank) = (kf - k * unit.0, kr - k * unit.1);
                    if !(0..BOARD).contains(&file) || !(0..BOARD).contains(&rank) {
                        return false;
                    }
                    if !top.is_empty((rank * 8 + file) as Square) {
                        return holds(file, rank, kinds);
                    }
                }
                false
            } else {
                // Into the past: exactly `back` steps, one turn back per step.
                if unit.2 != -1 || back > MAX_SLIDE {
                    return false;
                }
                let (file, rank) = (kf - back * unit.0, kr - back * unit.1);
                holds(file, rank, kinds)
                    && (1..back).all(|j| {
                        let square = ((rank + j * unit.1) * 8 + file + j * unit.0) as Square;
                        self.layer_or_present(present - j as u32).is_empty(square)
                    })
            }
        })
    }

    /// Whether an opposing traveller due at the end of `turn` would, as things stand,
    /// appear on `side`'s king and capture it.
    pub(super) fn arrival_threat(&self, side: Color, turn: u32) -> bool {
        self.queue.iter().any(|traveller| {
            traveller.piece.color != side
                && traveller.to.turn == turn
                && self
                    .layer_or_present(turn)
                    .get(traveller.to.square())
                    .is_some_and(|p| p.color == side && p.kind == Kind::King)
                && self.arrival_succeeds(traveller, turn)
        })
    }

    /// Whether `side`, having just moved, left its king to be taken before it moves again:
    /// by a move of the opponent, or by an opposing traveller due at the end of the
    /// opponent's turn.
    #[cfg(test)]
    fn exposed_after_move(&self, side: Color) -> bool {
        self.exposed_after_move_with(side, Detector::Masks)
    }

    fn exposed_after_move_with(&self, side: Color, detector: Detector) -> bool {
        let next = self.now() + 1;
        self.attacked_with(side, next, detector) || self.arrival_threat(side, next)
    }
}

#[cfg(test)]
mod tests {
    use super::super::game::Game;
    use super::super::layer::Layer;
    use super::super::piece::{Color, Kind, Piece};
    use super::*;

    /// A hand-built stack as a game would have it: a piece ages one turn per layer (the
    /// capture of a past instance relies on it to know where older instances can be).
    fn aged_by_turn(mut layers: Vec<Layer>) -> Vec<Layer> {
        for (turn, layer) in layers.iter_mut().enumerate() {
            let pieces: Vec<(Square, Piece)> = layer.pieces().collect();
            for (square, piece) in pieces {
                layer.set(
                    square,
                    Some(Piece {
                        age: turn as u16,
                        ..piece
                    }),
                );
            }
        }
        layers
    }

    fn piece(lineage: u8, color: Color, kind: Kind) -> Option<Piece> {
        Some(Piece {
            lineage,
            color,
            kind,
            age: 0,
            moved: true,
        })
    }

    /// The attack masks answer exactly as the reference scan for every square of every
    /// layer within reach, on random stacks of random layers (positions no game needs to
    /// reach, so that rare geometry — sliders through many past layers, blocked or not —
    /// is covered densely).
    #[test]
    fn attack_masks_equal_the_reference_scan_on_random_stacks() {
        let kinds = Kind::ALL;
        let mut rng = crate::rng::SplitMix64::new(15);
        let mut attacked = 0;
        let mut sides_attacked = 0;
        for stack in 0..300 {
            let density = 2 + rng.below(8);
            // Kings anywhere in half the stacks (many instances per layer), one per side and
            // layer in the other half (as in play).
            let kings_anywhere = stack % 2 == 0;
            let layers: Vec<Layer> = (0..1 + rng.below(12))
                .map(|_| {
                    let mut layer = Layer::empty();
                    for square in 0..64 {
                        if rng.below(20) < density {
                            let color = if rng.below(2) == 0 {
                                Color::White
                            } else {
                                Color::Black
                            };
                            let kind = kinds[rng.below(if kings_anywhere { 6 } else { 5 })];
                            layer.set(square, piece(0, color, kind));
                        }
                    }
                    if !kings_anywhere {
                        for color in [Color::White, Color::Black] {
                            layer.set(rng.below(64) as u8, piece(0, color, Kind::King));
                        }
                    }
                    layer
                })
                .collect();
            let mut game = Game::new();
            game.layers = aged_by_turn(layers);
            let now = game.now();
            for present in [now, now + 1] {
                let top = game.layer_or_present(present).masks();
                for side in [Color::White, Color::Black] {
                    let masks = game.attacked_with(side, present, Detector::Masks);
                    assert_eq!(masks, game.attacked_with(side, present, Detector::Scan));
                    sides_attacked += masks as usize;
                }
                for attacker in [Color::White, Color::Black] {
                    for turn in present.saturating_sub(MAX_SLIDE as u32 + 1)..=present {
                        for square in 0..64 {
                            let masks =
                                Attackers::new(top, attacker).reach(square, present - turn, &|j| {
                                    game.layer_or_present(present - j).masks().occupied
                                });
                            let scan =
                                game.instance_attacked(Pos::new(square, turn), present, attacker);
                            assert_eq!(masks, scan, "{} by {attacker:?}", Pos::new(square, turn));
                            attacked += masks as usize;
                        }
                    }
                }
            }
        }
        assert!(attacked > 10_000, "attacks were found ({attacked})");
        assert!(
            sides_attacked > 100,
            "kings were attacked ({sides_attacked})"
        );
    }

    /// White to move at turn 2 with no piece in the present (its king only in the past):
    /// the side has no legal move, so the game ends, as checkmate when the king's past
    /// instance is attacked and as a drawn stalemate when it is not.
    fn no_move_position(queen_square: u8) -> Game {
        let mut past = Layer::empty();
        past.set(0, piece(4, Color::White, Kind::King));
        past.set(63, piece(28, Color::Black, Kind::King));
        past.set(queen_square, piece(27, Color::Black, Kind::Queen));
        let mut present = past.clone();
        present.set(0, None);
        let mut game = Game::new();
        game.layers = aged_by_turn(vec![past.clone(), past, present]);
        game.settle();
        game
    }

    #[test]
    fn no_legal_move_is_checkmate_in_check_and_a_drawn_stalemate_otherwise() {
        // From the turn after the present, a3 reaches a1 two turns back along (0, -2, -2).
        let mate = no_move_position(16);
        assert_eq!(
            mate.outcome(),
            Some(Outcome {
                winner: Winner::Black,
                reason: EndReason::Checkmate
            })
        );
        // d5 reaches nothing.
        let stalemate = no_move_position(35);
        assert_eq!(
            stalemate.outcome(),
            Some(Outcome {
                winner: Winner::Draw,
                reason: EndReason::Stalemate
            })
        );
    }

    /// The white king arrived on e5 at turn 1 (it was in transit during turn 0). At turn 2
    /// the black knight on f5 cannot reach e5 at turns 0-2 from turn 2, but after any white
    /// move it reaches e5t1 from turn 3 along (-1, 0, -2): white is in check, and with no
    /// legal move (the rook on f8 guards every capture of the knight) this is checkmate,
    /// not stalemate.
    #[test]
    fn check_is_judged_from_the_opponents_next_turn() {
        let mut before = Layer::empty();
        before.set(37, piece(29, Color::Black, Kind::Knight));
        before.set(63, piece(28, Color::Black, Kind::King));
        // Guards f5, so the king cannot take the knight there in the present or the past.
        before.set(61, piece(31, Color::Black, Kind::Rook));
        let mut arrived = before.clone();
        arrived.set(36, piece(4, Color::White, Kind::King));
        let mut game = Game::new();
        game.layers = aged_by_turn(vec![before, arrived.clone(), arrived]);
        assert!(!game.attacked(Color::White, 2));
        assert!(game.is_in_check());
        game.settle();
        assert_eq!(
            game.outcome(),
            Some(Outcome {
                winner: Winner::Black,
                reason: EndReason::Checkmate
            })
        );
    }

    /// A black knight left f6 at turn 1 for f4, due at the end of turn 2, white's turn.
    /// Once it has appeared it reaches the white king's instance f3t1 from turn 3 along
    /// (0, -1, -2), and nothing white does at turn 2 stops the arrival: check is judged
    /// after the arrivals a pass would bring, so this is checkmate, not stalemate.
    #[test]
    fn check_counts_the_arrivals_at_the_end_of_the_turn() {
        let knight = Piece {
            lineage: 30,
            color: Color::Black,
            kind: Kind::Knight,
            age: 1,
            moved: true,
        };
        let mut start = Layer::empty();
        start.set(21, piece(4, Color::White, Kind::King));
        start.set(63, piece(28, Color::Black, Kind::King));
        let first = start.clone();
        start.set(45, Some(knight));
        let mut game = Game::new();
        game.layers = aged_by_turn(vec![start, first.clone(), first.clone()]);
        game.queue.push(super::super::game::Traveller {
            piece: knight,
            from: Pos::new(45, 1),
            to: Pos::new(29, 2),
        });
        assert!(
            !game.exposed_after_move(Color::White),
            "not before the arrival"
        );
        assert!(game.is_in_check());
        game.settle();
        assert_eq!(
            game.outcome(),
            Some(Outcome {
                winner: Winner::Black,
                reason: EndReason::Checkmate
            })
        );
    }

    /// A position without a legal move reached by the 1,024th move: checkmate (or
    /// stalemate) is what the last move brought about, so it decides the game rather than
    /// the move limit (rules page §7, open point b).
    #[test]
    fn checkmate_and_stalemate_at_the_move_limit_take_precedence() {
        for (queen_square, reason) in [(16, EndReason::Checkmate), (35, EndReason::Stalemate)] {
            let mut past = Layer::empty();
            past.set(0, piece(4, Color::White, Kind::King));
            past.set(63, piece(28, Color::Black, Kind::King));
            past.set(queen_square, piece(27, Color::Black, Kind::Queen));
            let mut present = past.clone();
            present.set(0, None);
            let mut game = Game::new();
            game.layers = aged_by_turn(vec![past.clone(), past, present]);
            let filler = (
                "a1t0a2t0".parse().unwrap(),
                super::super::game::Played {
                    journal: Default::default(),
                    arrived: Vec::new(),
                    outcome_before: None,
                },
            );
            game.played = vec![filler; MAX_MOVES];
            game.settle();
            assert_eq!(game.outcome().map(|outcome| outcome.reason), Some(reason));
        }
        // With a legal move left, the limit draws.
        let mut game = Game::new();
        game.played = vec![
            (
                "a1t0a2t0".parse().unwrap(),
                super::super::game::Played {
                    journal: Default::default(),
                    arrived: Vec::new(),
                    outcome_before: None,
                },
            );
            MAX_MOVES
        ];
        game.settle();
        assert_eq!(
            game.outcome(),
            Some(Outcome {
                winner: Winner::Draw,
                reason: EndReason::MoveLimit
            })
        );
    }

    /// White to move at turn 2. A white knight that left h7 at turn 0 is due on h8, the
    /// black king, at the end of this turn; a black knight that left a3 at turn 1 is due on
    /// a1, the white king, after it (arrivals come in departure order). A move that leaves
    /// the white king on a1 is refused even though white's own arrival takes the black king
    /// first: legality judges only what a move does to the mover's king (rules page §7,
    /// open point c). Stepping aside is legal, and the first arrival wins the game.
    #[test]
    fn a_move_whose_turn_captures_both_kings_is_refused() {
        let white_knight = Piece {
            lineage: 1,
            color: Color::White,
            kind: Kind::Knight,
            age: 0,
            moved: true,
        };
        let black_knight = Piece {
            lineage: 25,
            color: Color::Black,
            kind: Kind::Knight,
            age: 1,
            moved: true,
        };
        let mut layer = Layer::empty();
        layer.set(0, piece(4, Color::White, Kind::King));
        layer.set(27, piece(0, Color::White, Kind::Rook));
        layer.set(63, piece(28, Color::Black, Kind::King));
        let mut first = layer.clone();
        first.set(55, Some(white_knight));
        let mut second = layer.clone();
        second.set(16, Some(black_knight));
        let mut game = Game::new();
        game.layers = aged_by_turn(vec![first, second, layer]);
        game.queue = vec![
            super::super::game::Traveller {
                piece: white_knight,
                from: Pos::new(55, 0),
                to: Pos::new(63, 2),
            },
            super::super::game::Traveller {
                piece: black_knight,
                from: Pos::new(16, 1),
                to: Pos::new(0, 2),
            },
        ];
        assert_eq!(
            game.check_move("d4t2d5t2".parse().unwrap()),
            Err(IllegalMove::Check)
        );
        game.play("a1t2b1t2".parse().unwrap()).unwrap();
        assert_eq!(
            game.outcome(),
            Some(Outcome {
                winner: Winner::White,
                reason: EndReason::KingCaptured
            })
        );
    }
}
