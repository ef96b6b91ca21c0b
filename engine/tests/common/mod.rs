//! Random TimeGo lines for tests and benchmarks: a seeded policy that mostly places,
//! sometimes travels or locks, and never passes twice in a row, so lines reach any length
//! the limits allow.
#![allow(dead_code)]

pub mod imports;

use canon_engine::go::Point;
use canon_engine::timego::{Action, Game};

/// The shared generator: deterministic, so every failure is reproducible from its seed.
/// These lines reduce by modulo ([`SplitMix64::below_mod`]), as they always did.
pub use canon_engine::rng::SplitMix64 as Rng;

/// Percent chances of trying a placement, a time move and a Lock (the rest: pass).
#[derive(Clone, Copy)]
pub struct Policy {
    pub place: usize,
    pub time: usize,
    pub lock: usize,
}

/// Mostly placements, regular time moves, rare locks and passes.
pub const MIXED: Policy = Policy {
    place: 70,
    time: 22,
    lock: 3,
};

/// Placements and time moves only (Lock would soon freeze a small board's whole past).
pub const NO_LOCK: Policy = Policy {
    place: 75,
    time: 24,
    lock: 0,
};

/// A random action for the player to move (not necessarily legal).
pub fn random_action(game: &Game, rng: &mut Rng, policy: Policy) -> Action {
    let player = game.side_to_move().expect("game goes on");
    let points = game.board().len();
    let roll = rng.below_mod(100);
    if roll < policy.place {
        return Action::Place {
            player,
            point: rng.below_mod(points) as Point,
        };
    }
    if roll < policy.place + policy.time {
        let travellers = game.travellers();
        if travellers.is_empty() {
            return Action::Place {
                player,
                point: rng.below_mod(points) as Point,
            };
        }
        let source = travellers[rng.below_mod(travellers.len())].source;
        let target = game.locked() + rng.below_mod(source - game.locked());
        return Action::Time {
            player,
            source,
            target,
        };
    }
    if roll < policy.place + policy.time + policy.lock {
        return Action::Lock { player };
    }
    Action::Pass { player }
}

/// Plays up to `actions` random legal actions; a second consecutive pass is only played when
/// nothing else (allowed by the policy) is legal.
pub fn random_line(size: u8, seed: u64, actions: usize, policy: Policy) -> Game {
    let mut game = Game::new(size, 0.0).unwrap();
    let mut rng = Rng::new(seed);
    while game.actions().len() < actions && !game.is_ended() {
        let mut played = false;
        for _ in 0..24 {
            let action = random_action(&game, &mut rng, policy);
            if matches!(action, Action::Pass { .. }) && game.passes() == 1 {
                continue;
            }
            if game.apply(action).is_ok() {
                played = true;
                break;
            }
        }
        if !played {
            let legal = game.legal_actions();
            // A policy without Lock never locks, even when nothing else is legal.
            let choice = legal
                .iter()
                .find(|a| match a {
                    Action::Pass { .. } => false,
                    Action::Lock { .. } => policy.lock > 0,
                    _ => true,
                })
                .or(legal.last())
                .copied()
                .expect("pass is always legal while the game goes on");
            game.apply(choice).unwrap();
        }
    }
    game
}

/// Policies whose lines the benchmarks search for long placement histories.
pub const BENCH_POLICIES: [Policy; 4] = [
    Policy {
        place: 97,
        time: 3,
        lock: 0,
    },
    Policy {
        place: 85,
        time: 14,
        lock: 0,
    },
    NO_LOCK,
    MIXED,
];

/// The two benchmark positions among seeded 5 × 5 lines of 1,024 actions (taken one
/// action before the limit so a player is to move): the longest placement order, and the
/// longest unlocked suffix (the longest possible replays).
pub fn bench_positions() -> (Game, Game) {
    let mut longest: Option<Game> = None;
    let mut unlocked: Option<Game> = None;
    let suffix = |g: &Game| g.placements().len() - g.locked();
    for seed in 0..12 {
        for policy in BENCH_POLICIES {
            let line = random_line(5, seed, 1024, policy);
            if line.actions().len() < 1024 {
                continue;
            }
            let game = line.state_at(1023).unwrap();
            if longest
                .as_ref()
                .is_none_or(|b| game.placements().len() > b.placements().len())
            {
                longest = Some(game.clone());
            }
            if unlocked.as_ref().is_none_or(|b| suffix(&game) > suffix(b)) {
                unlocked = Some(game);
            }
        }
    }
    (
        longest.expect("a line reaches the limit"),
        unlocked.expect("a line reaches the limit"),
    )
}
