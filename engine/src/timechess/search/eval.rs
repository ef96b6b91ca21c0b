//! The static evaluation: material on the present layer and in the future queue, plus the
//! spatial mobility of the pieces on the present layer. Cheap on purpose: the search's
//! strength against mates comes from exact terminal scores, not from this.

use super::super::attack::in_layer_reach;
use super::super::game::Game;
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
    let masks = layer.masks();
    let reach = in_layer_reach(kind, usize::from(square), masks.occupied);
    (reach & !masks.side(piece.color)).count_ones() as i32
}

#[cfg(test)]
mod tests {
    use super::super::super::game::Game;
    use super::super::super::geometry::{directions, KNIGHT};
    use super::*;

    /// Mobility by walking each displacement square by square, as the rules page states
    /// the moves: the reference the bit-mask version must equal.
    fn walked_mobility(layer: &Layer, square: u8, kind: Kind) -> i32 {
        let Some(piece) = layer.get(square) else {
            return 0;
        };
        let own =
            |f: i32, r: i32| layer.get((r * 8 + f) as u8).map(|p| p.color) == Some(piece.color);
        let taken = |f: i32, r: i32| layer.get((r * 8 + f) as u8).is_some();
        let (file, rank) = (i32::from(square % 8), i32::from(square / 8));
        let on_board = |f: i32, r: i32| (0..8).contains(&f) && (0..8).contains(&r);
        let mut count = 0;
        match kind {
            Kind::Pawn | Kind::King => {}
            Kind::Knight => {
                for &(dx, dy, dt) in &KNIGHT {
                    let (f, r) = (file + dx, rank + dy);
                    if dt == 0 && on_board(f, r) && !own(f, r) {
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
                        if !own(f, r) {
                            count += 1;
                        }
                        if taken(f, r) {
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

    /// Over random games (travel included, so layers fill and empty unevenly), every
    /// piece of the present layer has the walked mobility, for its own kind and for
    /// every other kind standing on its square.
    #[test]
    fn mobility_equals_the_walked_moves_over_random_games() {
        let mut rng = crate::rng::SplitMix64::new(23);
        let mut checked = 0;
        for _ in 0..12 {
            let mut game = Game::new();
            for _ in 0..80 {
                let present = &game.layers[game.now() as usize];
                for (square, _) in present.pieces() {
                    for kind in Kind::ALL {
                        assert_eq!(
                            mobility(present, square, kind),
                            walked_mobility(present, square, kind),
                            "{kind:?} on {square} at turn {}",
                            game.now()
                        );
                        checked += 1;
                    }
                }
                let legal = game.legal_moves();
                if legal.is_empty() {
                    break;
                }
                game.play(legal[rng.below(legal.len())])
                    .expect("listed as legal");
            }
        }
        assert!(checked > 10_000, "{checked}");
    }
}
