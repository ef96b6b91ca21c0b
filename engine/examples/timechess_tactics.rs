//! Finds the positions of `tests/timechess_data/tactics.txt` by brute force over seeded
//! random games: positions where the side to move can mate in one, and positions where
//! some move lets the opponent mate in one while another avoids it, and positions where a
//! checking move mates in two. Each line is
//! `KIND SEED TURNS`, the position after the first `TURNS` moves of the random game of
//! `SEED` (as `random_playout` plays it); the tactics tests prove each property again.
//!
//! `cargo run -p canon-engine --example timechess_tactics -- LAST [FIRST]` (seeds FIRST..=LAST, FIRST
//! defaulting to 1).

use canon_engine::timechess::{random_playout, Game, SplitMix64, Winner};

/// Whether playing `mv` wins at once for the side to move (mate, or the other king lost
/// in time or captured).
fn wins(game: &mut Game, mv: canon_engine::timechess::Move) -> bool {
    let mover = Winner::side(game.to_move());
    let won = game.play(mv).is_ok() && game.outcome().is_some_and(|o| o.winner == mover);
    game.undo();
    won
}

fn mate_in_one(game: &mut Game) -> bool {
    game.legal_moves().into_iter().any(|mv| wins(game, mv))
}

/// `(allowing, avoiding)`: how many moves let the opponent win at once, and how many not.
fn exposure(game: &mut Game) -> (usize, usize) {
    let mut allowing = 0;
    let mut avoiding = 0;
    for mv in game.legal_moves() {
        game.play(mv).expect("legal");
        let exposed = game.outcome().is_none() && mate_in_one(game);
        game.undo();
        if exposed {
            allowing += 1;
        } else {
            avoiding += 1;
        }
    }
    (allowing, avoiding)
}

/// Whether `mv` mates in two: the opponent is left with replies, each allowing a mate in
/// one.
fn mates_in_two(game: &mut Game, mv: canon_engine::timechess::Move) -> bool {
    game.play(mv).expect("legal");
    let replies = game.legal_moves();
    let forced = !replies.is_empty()
        && replies.into_iter().all(|reply| {
            game.play(reply).expect("legal");
            let mated = game.outcome().is_none() && mate_in_one(game);
            game.undo();
            mated
        });
    game.undo();
    forced
}

/// Whether a checking move mates in two (only checks are tried, to keep the search
/// small; the tests accept any mate in two).
fn checking_mate_in_two(game: &mut Game) -> bool {
    game.legal_moves().into_iter().any(|mv| {
        game.play(mv).expect("legal");
        let check = game.outcome().is_none() && game.is_in_check();
        game.undo();
        check && mates_in_two(game, mv)
    })
}

fn main() {
    let seeds: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(20);
    let first: u64 = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    for seed in first..=seeds {
        let mut full = Game::new();
        let played = random_playout(&mut full, &mut SplitMix64::new(seed), 120).moves;
        let mut game = Game::new();
        for (turns, &mv) in played.iter().enumerate() {
            if mate_in_one(&mut game) {
                println!("mate1 {seed} {turns}");
            } else if checking_mate_in_two(&mut game) {
                println!("mate2 {seed} {turns}");
            }
            if turns % 4 == 0 || played.len() - turns < 6 {
                let (allowing, avoiding) = exposure(&mut game);
                if allowing > 0 && avoiding > 0 {
                    println!("avoid {seed} {turns} {allowing}/{}", allowing + avoiding);
                }
            }
            game.play(mv).expect("the playout's move");
        }
    }
}
