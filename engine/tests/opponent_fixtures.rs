//! The two survival fixtures of the seed's practice opponent, each a legal record from the
//! empty board on 4 × 4: one where only a time move saves a group, one where only Lock
//! preserves a winning past. The tests first prove each fixture has that property (by
//! trying every legal action and every legal reply), then check every level finds it.

use canon_engine::go::{Board, Color, Graph, Point};
use canon_engine::timego::opponent::{choose_action, Level, SearchLimits};
use canon_engine::timego::{Action, Game};

const TIME_DEFENSE: &str = include_str!("fixtures/opponent_time_defense.json");
const LOCK_DEFENSE: &str = include_str!("fixtures/opponent_lock_defense.json");

/// The Black group in atari on the top row and B3 (points 9, 12, 13, 14, 15).
const GROUP: [Point; 5] = [9, 12, 13, 14, 15];

fn load(record: &str) -> Game {
    let (game, cursor) = Game::from_record(record.as_bytes()).expect("fixture is a legal record");
    assert_eq!(cursor, game.actions().len());
    game
}

fn cells_of(key: u64, points: usize) -> Vec<u8> {
    (0..points).map(|p| ((key >> (2 * p)) & 3) as u8).collect()
}

fn intact(cells: &[u8], color: Color) -> bool {
    GROUP.iter().all(|&p| cells[p as usize] == color.cell())
}

/// True if after `action` the group stands and no legal reply removes any of its stones.
fn saves_group(game: &Game, action: Action) -> bool {
    let mut after = game.clone();
    after.apply(action).expect("a legal action");
    let points = after.board().len();
    intact(after.board(), Color::Black)
        && after.legal_actions().iter().all(|reply| {
            let summary = after.probe(reply).expect("listed replies are legal");
            intact(&cells_of(summary.board_key, points), Color::Black)
        })
}

/// White's area margin on a board (komi is 0 in the fixtures).
fn white_margin(cells: &[u8]) -> i32 {
    let graph = Graph::square(4);
    let (black, white) = Board::from_colors(&graph, cells).unwrap().area(&graph);
    white as i32 - black as i32
}

/// White's worst area margin after `action` and any legal Black reply.
fn worst_margin_after(game: &Game, action: Action) -> i32 {
    let mut after = game.clone();
    after.apply(action).expect("a legal action");
    after
        .legal_actions()
        .iter()
        .map(|reply| {
            let summary = after.probe(reply).expect("listed replies are legal");
            white_margin(&cells_of(summary.board_key, after.board().len()))
        })
        .min()
        .unwrap_or_else(|| white_margin(after.board()))
}

#[test]
fn time_fixture_only_a_time_move_saves_the_group() {
    let game = load(TIME_DEFENSE);
    assert_eq!(game.side_to_move(), Some(Color::Black));
    assert!(intact(game.board(), Color::Black));
    let legal = game.legal_actions();
    let (time, other): (Vec<Action>, Vec<Action>) = legal
        .iter()
        .partition(|action| matches!(action, Action::Time { .. }));
    assert!(other.len() >= 2, "pass and Lock at least: {other:?}");
    for action in other {
        assert!(
            !saves_group(&game, action),
            "{action:?} should not save the group"
        );
    }
    let savers: Vec<Action> = time
        .into_iter()
        .filter(|&action| saves_group(&game, action))
        .collect();
    assert!(!savers.is_empty());
    assert!(savers.len() < game.legal_actions().len() / 2, "{savers:?}");
}

#[test]
fn lock_fixture_only_lock_keeps_white_winning() {
    let game = load(LOCK_DEFENSE);
    assert_eq!(game.side_to_move(), Some(Color::White));
    assert!(white_margin(game.board()) > 0, "White is winning now");
    for action in game.legal_actions() {
        let worst = worst_margin_after(&game, action);
        if matches!(action, Action::Lock { .. }) {
            assert!(worst > 0, "after Lock White still wins: {worst}");
        } else {
            assert!(worst <= 0, "{action:?} lets Black reply to {worst}");
        }
    }
}

fn limits(level: Level, seed: u64) -> SearchLimits {
    // The levels' standard 900 ms, as a reproducible work budget; a generous deadline for
    // unoptimised test builds.
    SearchLimits::for_time_at(level, 900, seed, 120_000)
}

#[test]
fn every_level_finds_the_time_defense() {
    let game = load(TIME_DEFENSE);
    for level in Level::ALL {
        for seed in 0..2 {
            let reply = choose_action(&game, level, &limits(level, seed), &|| false).unwrap();
            assert!(
                matches!(reply.action, Action::Time { .. }) && saves_group(&game, reply.action),
                "{level:?} seed {seed} chose {:?}",
                reply.action
            );
        }
    }
}

#[test]
fn every_level_finds_the_lock_defense() {
    let game = load(LOCK_DEFENSE);
    for level in Level::ALL {
        for seed in 0..2 {
            let reply = choose_action(&game, level, &limits(level, seed), &|| false).unwrap();
            assert_eq!(
                reply.action,
                Action::Lock {
                    player: Color::White
                },
                "{level:?} seed {seed}"
            );
        }
    }
}
