//! Seeded random TimeGo lines, for benchmarks and measurements that need long games
//! (the engine decides every legality; this only chooses among its legal actions).

use crate::settings_store::JsonFileSettings;
use crate::timego::ImportArgs;
use crate::AppCore;
use canon_engine::rng::XorShift64;
use canon_engine::timego::{Action, Game, ACTION_LIMIT};
use std::path::PathBuf;

/// A seeded random 5×5 line of up to `length` actions: mostly placements, some time
/// moves, rare Locks and passes, never two consecutive passes (which would end it).
pub fn random_line(length: usize, seed: u64) -> Game {
    // xorshift64, the stream the committed 1,024-action fixture was made with.
    let mut rng = XorShift64::new(seed | 1);
    let mut next = move |bound: usize| rng.below_mod(bound);
    let mut game = Game::new(5, 0.0).expect("5×5 with zero komi is valid");
    while game.actions().len() < length {
        let legal = game.legal_actions();
        let last_was_pass = matches!(game.actions().last(), Some(Action::Pass { .. }));
        let of_kind = |wanted: fn(&Action) -> bool| -> Vec<Action> {
            legal.iter().copied().filter(&wanted).collect()
        };
        let places = of_kind(|action| matches!(action, Action::Place { .. }));
        let times = of_kind(|action| matches!(action, Action::Time { .. }));
        let roll = next(100);
        let pool = if roll < 80 && !places.is_empty() {
            places
        } else if roll < 97 && !times.is_empty() {
            times
        } else {
            legal
                .iter()
                .copied()
                .filter(|action| !(last_was_pass && matches!(action, Action::Pass { .. })))
                .collect()
        };
        if pool.is_empty() {
            break;
        }
        let action = pool[next(pool.len())];
        game.apply(action).expect("the engine listed it as legal");
    }
    game
}

/// Among a few seeds, the line of 1,023 actions (one short of the limit, so a player is
/// still to move) with the longest placement order.
pub fn long_position() -> Game {
    (1..=8)
        .map(|seed| random_line(ACTION_LIMIT - 1, seed))
        .filter(|game| game.actions().len() == ACTION_LIMIT - 1)
        .max_by_key(|game| game.placements().len())
        .expect("a seeded line reaches 1,023 actions")
}

/// The legal time move of `game` with the longest replay: the earliest arrival gap, and
/// among those the latest traveller. `None` when no time move is legal.
pub fn longest_legal_time_move(game: &Game) -> Option<(usize, usize)> {
    game.legal_actions()
        .into_iter()
        .filter_map(|action| match action {
            Action::Time { source, target, .. } => Some((source, target)),
            _ => None,
        })
        .min_by_key(|&(source, target)| (target, std::cmp::Reverse(source)))
}

/// An app core in a fresh data directory under the system's temporary folder (named after
/// `tag` and the process), whose TimeGo game is `game` at its last action; returns the
/// directory too, for the caller to remove.
pub fn core_with_game(game: &Game, tag: &str) -> (AppCore, PathBuf) {
    let dir = std::env::temp_dir().join(format!("crab-canon-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let settings = Box::new(JsonFileSettings::new(dir.join("s.json")));
    let mut core = AppCore::open(&dir, settings).expect("an app core in a fresh directory");
    let text = game
        .to_json(game.actions().len())
        .expect("a played game exports");
    core.timego_mut()
        .import(ImportArgs { text })
        .expect("an exported game imports");
    (core, dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_reproducible_and_never_end_by_passes() {
        let one = random_line(60, 3);
        assert_eq!(one.actions(), random_line(60, 3).actions());
        assert_eq!(one.actions().len(), 60);
        assert!(!one.is_ended());
        let replayed = Game::replay(5, 0.0, one.actions()).unwrap();
        assert_eq!(replayed.checkpoint(), one.checkpoint());
        if let Some((source, target)) = longest_legal_time_move(&one) {
            assert!(one.preview_time(source, target).is_ok());
        }
    }
}
