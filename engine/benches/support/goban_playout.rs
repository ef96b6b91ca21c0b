//! The same playout algorithm on the `goban` crate (Chinese rules: suicide and
//! superko illegal).
use canon_engine::rng::SplitMix64;
use goban::pieces::stones::Color;
use goban::rules::game::Game;
use goban::rules::{GobanSizes, Move, CHINESE};

fn fills_own_eye(game: &Game, (x, y): (u8, u8), color: Color) -> bool {
    let around = [
        (x.wrapping_sub(1), y),
        (x + 1, y),
        (x, y.wrapping_sub(1)),
        (x, y + 1),
    ];
    around
        .into_iter()
        .filter(|&(a, b)| a < 9 && b < 9)
        .all(|p| game.goban().get_color(p) == Some(color))
}

/// One playout; returns the number of stones placed.
pub fn playout(rng: &mut SplitMix64) -> u64 {
    let mut game = Game::new(GobanSizes::Nine, CHINESE);
    let mut placements = 0;
    while !game.is_over() {
        let color = game.turn();
        let mut empties = game.pseudo_legals_vec();
        let mut chosen = None;
        let mut untried = empties.len();
        while untried > 0 {
            let k = rng.below(untried);
            untried -= 1;
            empties.swap(k, untried);
            let p = empties[untried];
            if fills_own_eye(&game, p, color) {
                continue;
            }
            if game.check_point(p).is_none() {
                chosen = Some(p);
                break;
            }
        }
        match chosen {
            Some((x, y)) => {
                game.play(Move::Play(x, y));
                placements += 1;
            }
            None => {
                game.play(Move::Pass);
            }
        }
    }
    placements
}
