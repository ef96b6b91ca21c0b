//! The Time Chess opponent against positions found by brute force in seeded random games
//! (`timechess_data/tactics.txt`, written by `examples/timechess_tactics.rs`). Every
//! property a line claims is proved again here by playing the engine's own moves, so the
//! file only says where to look: every level plays a mate in one (including mates from the
//! past and wins by the opposing king's journey failing, Lost in Time), no level makes a
//! move that loses at once or lets its king be mated in one when some move avoids it, and
//! the two stronger levels find a mate in two.

mod timechess_support;

use std::sync::atomic::AtomicBool;

use canon_engine::timechess::{
    choose_move, choose_move_within, random_playout, EndReason, Game, Level, Move, SearchLimits,
    SearchStop, SplitMix64, Winner,
};
use timechess_support::seeded_position;

/// Small enough for unoptimised test builds: the levels' guaranteed depths ignore it.
const TEST_NODES: u64 = 3_000;

#[derive(Clone)]
struct Case {
    kind: String,
    seed: u64,
    turns: usize,
    /// For a mate in one: `past` if every win is a checkmate from the past, `lost` if
    /// every win makes the opposing king Lost in Time.
    how: Option<String>,
}

fn cases(kind: &str) -> Vec<Case> {
    let found: Vec<Case> = include_str!("timechess_data/tactics.txt")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            Case {
                kind: fields[0].to_string(),
                seed: fields[1].parse().expect("seed"),
                turns: fields[2].parse().expect("turns"),
                how: fields
                    .get(3)
                    .filter(|f| !f.contains('/'))
                    .map(|f| f.to_string()),
            }
        })
        .filter(|case| case.kind == kind)
        .collect();
    assert!(!found.is_empty(), "no {kind} positions in tactics.txt");
    found
}

fn search(game: &Game, level: Level, seed: u64) -> Move {
    let limits = SearchLimits {
        seed,
        nodes: Some(TEST_NODES),
        ..SearchLimits::default()
    };
    choose_move(game, level, &limits, &AtomicBool::new(false))
        .expect("a move")
        .mv
}

/// Whether `mv` wins at once for the side to move: the opponent is checkmated, or its
/// king is lost in time or captured.
fn wins(game: &mut Game, mv: Move) -> bool {
    let mover = Winner::side(game.to_move());
    let won = game.play(mv).is_ok() && game.outcome().is_some_and(|o| o.winner == mover);
    game.undo();
    won
}

fn mate_in_one(game: &mut Game) -> bool {
    game.legal_moves().into_iter().any(|mv| wins(game, mv))
}

/// Whether `mv` loses at once (its own king lost in time) or lets the opponent win at
/// once.
fn allows_mate_in_one(game: &mut Game, mv: Move) -> bool {
    let mover = Winner::side(game.to_move());
    game.play(mv).expect("legal");
    let exposed = match game.outcome() {
        Some(outcome) => outcome.winner != mover && outcome.winner != Winner::Draw,
        None => mate_in_one(game),
    };
    game.undo();
    exposed
}

#[test]
fn every_level_plays_a_mate_in_one() {
    for case in cases("mate1") {
        let mut game = seeded_position(case.seed, case.turns);
        assert!(
            mate_in_one(&mut game),
            "seed {} turn {}",
            case.seed,
            case.turns
        );
        if let Some(how) = &case.how {
            for mv in game.legal_moves() {
                if wins(&mut game, mv) {
                    game.play(mv).unwrap();
                    let reason = game.outcome().unwrap().reason;
                    game.undo();
                    match how.as_str() {
                        "past" => {
                            assert!(mv.to.turn < game.now() && reason == EndReason::Checkmate)
                        }
                        "lost" => assert_eq!(reason, EndReason::KingLostInTime),
                        other => panic!("unknown tag {other}"),
                    }
                }
            }
        }
        for level in Level::ALL {
            let mv = search(&game, level, case.seed);
            assert!(
                wins(&mut game, mv),
                "{level:?} played {mv} at seed {} turn {} instead of mating",
                case.seed,
                case.turns
            );
        }
    }
}

#[test]
fn no_level_allows_a_mate_in_one_that_another_move_avoids() {
    for case in cases("avoid") {
        let mut game = seeded_position(case.seed, case.turns);
        let moves = game.legal_moves();
        assert!(
            moves.iter().any(|&mv| allows_mate_in_one(&mut game, mv)),
            "seed {} turn {}: no move allows a mate in one",
            case.seed,
            case.turns
        );
        for level in Level::ALL {
            let mv = search(&game, level, case.seed);
            assert!(moves.contains(&mv));
            assert!(
                !allows_mate_in_one(&mut game, mv),
                "{level:?} played {mv} at seed {} turn {}, allowing a mate in one",
                case.seed,
                case.turns
            );
        }
    }
}

#[test]
fn the_stronger_levels_find_a_mate_in_two() {
    for (case, level) in cases("mate2")
        .into_iter()
        .flat_map(|case| [Level::Steady, Level::Deep].map(|level| (case.clone(), level)))
    {
        let mut game = seeded_position(case.seed, case.turns);
        assert!(!mate_in_one(&mut game));
        let limits = SearchLimits {
            seed: case.seed,
            nodes: Some(TEST_NODES),
            ..SearchLimits::default()
        };
        let reply = choose_move(&game, level, &limits, &AtomicBool::new(false)).unwrap();
        assert_eq!(
            reply.mate,
            Some(2),
            "{level:?} at seed {} turn {}",
            case.seed,
            case.turns
        );
        // The proof: the opponent has replies, and each allows a mate in one.
        game.play(reply.mv).expect("legal");
        let replies = game.legal_moves();
        assert!(!replies.is_empty());
        for reply in replies {
            game.play(reply).expect("legal");
            assert!(mate_in_one(&mut game), "{reply} escapes");
            game.undo();
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_move_and_a_cancelled_search_still_answers() {
    let game = seeded_position(3, 10);
    let limits = SearchLimits {
        seed: 7,
        nodes: Some(TEST_NODES),
        ..SearchLimits::default()
    };
    let never = AtomicBool::new(false);
    let first = choose_move(&game, Level::Quick, &limits, &never).unwrap();
    let again = choose_move(&game, Level::Quick, &limits, &never).unwrap();
    assert_eq!(first, again);
    assert!(first.stats.depth >= Level::Quick.guaranteed_depth());

    let cancelled = choose_move(&game, Level::Deep, &limits, &AtomicBool::new(true)).unwrap();
    assert!(cancelled.stats.cancelled);
    assert!(game.clone().legal_moves().contains(&cancelled.mv));
}

#[test]
fn a_finished_game_has_no_move_to_choose() {
    let mut game = Game::new();
    random_playout(&mut game, &mut SplitMix64::new(1), 1_000);
    assert!(game.outcome().is_some());
    let result = choose_move(
        &game,
        Level::Quick,
        &SearchLimits::default(),
        &AtomicBool::new(false),
    );
    assert_eq!(result, Err(SearchStop::NoMove));
}

#[test]
fn raising_the_flag_during_a_search_stops_it_with_a_legal_move() {
    let game = seeded_position(3, 10);
    // No node budget: only the flag can end this search before depth 8.
    let limits = SearchLimits {
        seed: 0,
        nodes: Some(u64::MAX),
        ..SearchLimits::default()
    };
    let flag = AtomicBool::new(false);
    let reply = std::thread::scope(|scope| {
        scope.spawn(|| {
            std::thread::sleep(std::time::Duration::from_millis(300));
            flag.store(true, std::sync::atomic::Ordering::Relaxed);
        });
        choose_move(&game, Level::Deep, &limits, &flag).unwrap()
    });
    assert!(reply.stats.cancelled);
    assert!(reply.stats.depth < Level::Deep.max_depth());
    assert!(game.clone().legal_moves().contains(&reply.mv));
}

#[test]
fn the_apps_search_under_a_time_budget_still_plays_every_mate_in_one() {
    // A soft budget of 1 ms ends every deeper iteration at once; the guaranteed depth
    // still completes, so the mate is played.
    let limits = SearchLimits::timed(1, 600_000);
    for case in cases("mate1").into_iter().take(4) {
        let mut game = seeded_position(case.seed, case.turns);
        let reply = choose_move_within(&game, Level::Quick, &limits, &|| false).expect("a move");
        assert!(
            wins(&mut game, reply.mv),
            "seed {} turn {}: {} does not win",
            case.seed,
            case.turns,
            reply.mv
        );
    }
}

#[test]
fn the_apps_search_stops_without_a_reply_when_cancelled_or_past_its_deadline() {
    let game = seeded_position(3, 10);
    let limits = SearchLimits::timed(60_000, 120_000);
    assert_eq!(
        choose_move_within(&game, Level::Deep, &limits, &|| true),
        Err(SearchStop::Cancelled)
    );
    // Raised during the search (no node budget: only the flag ends it early).
    let flag = AtomicBool::new(false);
    let unlimited = SearchLimits {
        nodes: Some(u64::MAX),
        ..limits
    };
    let result = std::thread::scope(|scope| {
        scope.spawn(|| {
            std::thread::sleep(std::time::Duration::from_millis(200));
            flag.store(true, std::sync::atomic::Ordering::Relaxed);
        });
        choose_move_within(&game, Level::Deep, &unlimited, &|| {
            flag.load(std::sync::atomic::Ordering::Relaxed)
        })
    });
    assert_eq!(result, Err(SearchStop::Cancelled));
    // A deadline that has passed before the guaranteed depth is complete: no reply.
    assert_eq!(
        choose_move_within(&game, Level::Deep, &SearchLimits::timed(0, 0), &|| false),
        Err(SearchStop::Deadline { deadline_ms: 0 })
    );
}

#[test]
fn levels_have_names_summaries_and_a_serde_form() {
    for level in Level::ALL {
        assert_eq!(Level::from_name(level.name()), Some(level));
        assert_eq!(Level::from_name(&level.number().to_string()), Some(level));
        assert!(level.summary().ends_with('.'), "{}", level.summary());
        let json = serde_json::to_string(&level).unwrap();
        assert_eq!(json, format!("\"{}\"", level.name()));
        assert_eq!(serde_json::from_str::<Level>(&json).unwrap(), level);
    }
    assert_eq!(Level::from_name("hard"), None);
}
