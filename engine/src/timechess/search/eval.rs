//! The static evaluation: material on the present layer and in the future queue, plus the
//! spatial mobility of the pieces on the present layer. Cheap on purpose: the search's
//! strength against mates comes from exact terminal scores, not from this.

use super::super::game::Game;
use super::super::geometry::{directions, KNIGHT};
use super::super::layer::Layer;
use super::super::piece::{Color, Kind};

/// Centipawn value of a piece of `kind`; the king is priceless, so it counts nothing.
pub(super) fn value(kind: Kind) -> i32 {
    match kind {
        Kind::Pawn => 100,
        Kind::Knight => 320,
        Kind::Bishop => 330,
        Kind::Rook => 500,
        Kind::Queen => 900,
        Kind::King => 0,
    }
}

/// Centipawns per square a piece reaches on the present layer.
const MOBILITY: i32 = 4;

/// A forward traveller may still be lost in time: it counts for less than a piece on the
/// board (in percent of its value).
const TRAVELLER_PERCENT: i32 = 80;

/// The position's value for the side to move, in centipawns.
pub(super) fn evaluate(game: &Game) -> i32 {
    let now = game.now();
    let present = &game.layers[now as usize];
    let mut white = 0;
    for (square, piece) in present.pieces() {
        let worth = value(piece.kind) + MOBILITY * mobility(present, square, piece.kind);
        white += sign(piece.color) * worth;
    }
    for traveller in &game.queue {
        white +=
            sign(traveller.piece.color) * value(traveller.piece.kind) * TRAVELLER_PERCENT / 100;
    }
    sign(game.to_move()) * white
}

fn sign(color: Color) -> i32 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// How many squares of its own layer the piece on `square` moves to or captures on,
/// ignoring time and king safety: the usual chess mobility, enough to prefer active
/// pieces.
fn mobility(layer: &Layer, square: u8, kind: Kind) -> i32 {
    let Some(piece) = layer.get(square) else {
        return 0;
    };
    let own = layer.masks().side(piece.color);
    let occupied = layer.masks().occupied;
    let (file, rank) = ((square % 8) as i32, (square / 8) as i32);
    let on_board = |f: i32, r: i32| (0..8).contains(&f) && (0..8).contains(&r);
    let mut count = 0;
    match kind {
        Kind::Pawn | Kind::King => {}
        Kind::Knight => {
            for &(dx, dy, dt) in &KNIGHT {
                let (f, r) = (file + dx, rank + dy);
                if dt == 0 && on_board(f, r) && own & (1u64 << (r * 8 + f)) == 0 {
                    count += 1;
                }
            }
        }
        _ => {
            for &(dx, dy, dt) in directions(kind) {
                if dt != 0 {
                    continue;
                }
                let (mut f, mut r) = (file + dx, rank + dy);
                while on_board(f, r) {
                    let bit = 1u64 << (r * 8 + f);
                    if own & bit == 0 {
                        count += 1;
                    }
                    if occupied & bit != 0 {
                        break;
                    }
                    f += dx;
                    r += dy;
                }
            }
        }
    }
    count
}
