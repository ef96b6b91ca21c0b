//! Judging whether a move leaves the mover's king safe without applying it, for moves
//! that end in the present or the future (most candidates of a move list).
//!
//! Such a move writes only the present layer: its start square empties and, within the
//! present, its destination fills, taking only the present instance of what stood there
//! (the present instance of a piece is the oldest of its lineage). The travellers due at
//! the end of the turn then appear on the present layer or are lost; their paths cross
//! only earlier layers, which the move leaves alone, so those paths are judged once per
//! position. What remains per move is a copy of the present layer's masks, edited for
//! the move and the arrivals, and the check test of `attack.rs` on it — the same answer
//! as applying the move and taking it back, which `timechess_fast_paths` compares.
//!
//! A capture whose victim shares a lineage with a traveller due this turn or the next
//! would change whether that traveller's departing instance still exists; that cannot
//! happen in play (a lineage in the present is not also in transit), but if it did the
//! move would simply be applied instead.

use super::attack::PastKings;
use super::coord::{Move, Pos, Square};
use super::game::{Game, Traveller};
use super::layer::{Layer, Masks};
use super::piece::{Color, Kind, Piece};
use super::turn::promoted;

/// Most travellers of each group a preview holds; with more, moves are applied instead.
const MAX_DUE: usize = 8;

/// What the travellers of the current turn and the next mean for candidate moves,
/// prepared once per position.
pub(super) struct Preview {
    /// Whether moves can be judged without applying them.
    usable: bool,
    /// Travellers due at the end of this turn, in departure order, with whether their
    /// paths (all in earlier layers) are clear.
    due_now: [(Traveller, bool); MAX_DUE],
    due_now_count: usize,
    /// Opposing travellers due at the end of the next turn that could take the king if it
    /// stood on their destination (a pawn only sideways) and whose paths below the present
    /// are clear, with the square their path crosses in the present layer (as a bit; 0 if
    /// none).
    due_next: [(Traveller, u64); MAX_DUE],
    due_next_count: usize,
    /// Lineages of all those travellers, as bits.
    lineages: u32,
    /// The mover's king instances below the present.
    past: PastKings,
}

/// The intermediate positions of a traveller's path as (turn, square). The move obeyed the
/// piece's movement when it was declared, so the path is the line of unit steps to the
/// destination; a knight's leap has none.
fn path(traveller: &Traveller) -> impl Iterator<Item = (u32, Square)> {
    let (from, to) = (traveller.from, traveller.to);
    let delta = (
        to.file as i32 - from.file as i32,
        to.rank as i32 - from.rank as i32,
        to.turn as i32 - from.turn as i32,
    );
    let steps = if traveller.piece.kind == Kind::Knight {
        0
    } else {
        delta.0.abs().max(delta.1.abs()).max(delta.2.abs())
    };
    let unit = (delta.0.signum(), delta.1.signum(), delta.2.signum());
    (1..steps.max(1)).map(move |k| {
        let file = from.file as i32 + k * unit.0;
        let rank = from.rank as i32 + k * unit.1;
        let turn = (from.turn as i32 + k * unit.2) as u32;
        (turn, (rank * 8 + file) as Square)
    })
}

/// Whether a traveller of `piece` appearing on a square holding `there` succeeds, as far
/// as the destination goes: never onto its own side, and a pawn captures sideways only
/// and steps straight only onto an empty square.
fn destination_accepts(traveller: &Traveller, there: Option<Piece>) -> bool {
    let piece = traveller.piece;
    match there {
        Some(other) if other.color == piece.color => false,
        _ if piece.kind == Kind::Pawn => {
            there.is_some() == (traveller.to.file != traveller.from.file)
        }
        _ => true,
    }
}

/// A traveller standing for "none" in the preview's fixed arrays.
const NOBODY: Traveller = Traveller {
    piece: Piece {
        lineage: 0,
        color: Color::White,
        kind: Kind::Pawn,
        age: 0,
        moved: false,
    },
    from: Pos {
        turn: 0,
        rank: 0,
        file: 0,
    },
    to: Pos {
        turn: 0,
        rank: 0,
        file: 0,
    },
};

/// The present layer as the move being judged and the turn's arrivals rewrite it: the
/// real layer underneath, its masks edited, and the rewritten squares.
struct Rewritten<'a> {
    layer: &'a Layer,
    masks: Masks,
    written: [(Square, Option<Piece>); MAX_DUE + 2],
    count: usize,
    /// Lineages whose capture would change the preview (see the module comment).
    guarded: u32,
}

impl Rewritten<'_> {
    /// The piece on `square` as rewritten.
    fn get(&self, square: Square) -> Option<Piece> {
        self.written[..self.count]
            .iter()
            .rev()
            .find(|(s, _)| *s == square)
            .map_or_else(|| self.layer.get(square), |(_, p)| *p)
    }

    /// Notes that `square` now holds `piece`, already in the masks.
    fn record(&mut self, square: Square, piece: Option<Piece>) {
        self.written[self.count] = (square, piece);
        self.count += 1;
    }

    /// Puts `piece` (or nothing) on `square` and returns what was there, or `None` when
    /// what was there belongs to a guarded lineage.
    fn set(&mut self, square: Square, piece: Option<Piece>) -> Option<Option<Piece>> {
        let bit = 1u64 << square;
        let before = self.get(square);
        if let Some(old) = before {
            if self.guarded & (1u32 << old.lineage) != 0 {
                return None;
            }
            self.masks.remove(bit, old.kind);
        }
        if let Some(new) = piece {
            self.masks.put(bit, new.color, new.kind);
        }
        self.written[self.count] = (square, piece);
        self.count += 1;
        Some(before)
    }
}

impl Game {
    /// Prepares the judging of candidate moves of the side to move in this position.
    pub(super) fn preview(&self) -> Preview {
        let now = self.now();
        let side = self.to_move();
        let mut preview = Preview {
            usable: true,
            due_now: [(NOBODY, false); MAX_DUE],
            due_now_count: 0,
            due_next: [(NOBODY, 0); MAX_DUE],
            due_next_count: 0,
            lineages: 0,
            past: self.past_kings(side, now + 1),
        };
        for traveller in &self.queue {
            let due = traveller.to.turn;
            if due == now {
                if preview.due_now_count == MAX_DUE {
                    preview.usable = false;
                    break;
                }
                let clear = path(traveller).all(|(turn, square)| {
                    turn < now && self.layers[turn as usize].is_empty(square)
                });
                preview.due_now[preview.due_now_count] = (*traveller, clear);
                preview.due_now_count += 1;
            } else if due == now + 1 && traveller.piece.color != side {
                if preview.due_next_count == MAX_DUE {
                    preview.usable = false;
                    break;
                }
                let mut clear = true;
                let mut crossing = 0u64;
                for (turn, square) in path(traveller) {
                    if turn >= now {
                        crossing |= 1u64 << square;
                    } else if !self.layers[turn as usize].is_empty(square) {
                        clear = false;
                    }
                }
                let takes_king =
                    traveller.piece.kind != Kind::Pawn || traveller.to.file != traveller.from.file;
                if clear && takes_king {
                    preview.due_next[preview.due_next_count] = (*traveller, crossing);
                    preview.due_next_count += 1;
                }
            } else {
                continue;
            }
            preview.lineages |= 1u32 << traveller.piece.lineage;
        }
        preview
    }

    /// Whether the pseudo-legal `mv` is legal (the test `legal_after` makes by applying
    /// it), judged without applying it; `None` when it has to be applied: it goes into the
    /// past, the preview is not usable, or a capture touches a traveller's lineage.
    pub(super) fn judge_unplayed(&self, mv: Move, preview: &Preview) -> Option<bool> {
        let now = self.now();
        if !preview.usable || mv.to.turn < now {
            return None;
        }
        let layer = &self.layers[now as usize];
        let piece = layer.get(mv.from.square())?;
        let side = piece.color;
        let mut top = *layer.masks();
        top.remove(1u64 << mv.from.square(), piece.kind);
        let mut placed = None;
        if mv.to.turn == now {
            let to = 1u64 << mv.to.square();
            if let Some(victim) = layer.get(mv.to.square()) {
                if preview.lineages & (1u32 << victim.lineage) != 0 {
                    return None;
                }
                top.remove(to, victim.kind);
            }
            let moved = Piece {
                moved: true,
                ..piece
            };
            let piece = promoted(moved, mv.to);
            top.put(to, piece.color, piece.kind);
            placed = Some((mv.to.square(), piece));
        }
        if preview.due_now_count > 0 {
            let mut present = Rewritten {
                layer,
                masks: top,
                written: [(0, None); MAX_DUE + 2],
                count: 0,
                guarded: preview.lineages,
            };
            present.record(mv.from.square(), None);
            if let Some((square, piece)) = placed {
                present.record(square, Some(piece));
            }
            let (mut destroyed, mut lost) = (false, false);
            for &(traveller, clear) in &preview.due_now[..preview.due_now_count] {
                let arriving = traveller.piece;
                let square = traveller.to.square();
                let alive = self.killed_from[arriving.lineage as usize] > arriving.age;
                if alive && clear && destination_accepts(&traveller, present.get(square)) {
                    let arrived = Piece {
                        age: arriving.age + 1,
                        ..arriving
                    };
                    let victim = present.set(square, Some(arrived))?;
                    destroyed |= victim.is_some_and(|v| v.color == side && v.kind == Kind::King);
                } else {
                    lost |= arriving.color == side && arriving.kind == Kind::King;
                }
            }
            if destroyed {
                return Some(false);
            }
            if lost {
                // The move stands and loses the game (A.4.2); it is not refused.
                return Some(true);
            }
            top = present.masks;
        }
        if self.attacked_masks_past(side, now + 1, &top, Some(&preview.past)) {
            return Some(false);
        }
        // An opposing traveller due at the end of the next turn appears on the king.
        let kings = top.of(side, Kind::King);
        let threat =
            preview.due_next[..preview.due_next_count]
                .iter()
                .any(|&(traveller, crossing)| {
                    let arriving = traveller.piece;
                    kings & (1u64 << traveller.to.square()) != 0
                        && top.occupied & crossing == 0
                        && self.killed_from[arriving.lineage as usize] > arriving.age
                });
        Some(!threat)
    }
}
