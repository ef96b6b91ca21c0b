//! The opponent's entry point: legal replies, determinism for a seed and work budget,
//! cancellation, the hard deadline, finished games, records, Classic's caps and the
//! serialized shapes the app receives.

mod common;

use canon_engine::timego::opponent::{
    choose_action, choose_action_for_record, Level, SearchLimits, SearchStop,
};
use canon_engine::timego::{Action, Game};
use proptest::prelude::*;
use std::cell::Cell;

fn quick(level: Level, seed: u64) -> SearchLimits {
    SearchLimits::deterministic(
        match level {
            Level::Classic => 100_000,
            Level::Strong => 1_500,
        },
        seed,
        120_000,
    )
}

fn never() -> bool {
    false
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Every level replies with an action the engine accepts, in positions reached by
    /// seeded random play (time moves and Lock included) on every board size.
    #[test]
    fn replies_are_legal_and_reproducible(
        size in 2u8..=5,
        line_seed in 0u64..1_000,
        length in 0usize..40,
        seed in 0u64..1_000,
    ) {
        let game = common::random_line(size, line_seed, length, common::MIXED);
        prop_assume!(!game.is_ended());
        for level in Level::ALL {
            let reply = choose_action(&game, level, &quick(level, seed), &never).unwrap();
            prop_assert!(game.probe(&reply.action).is_ok(), "{level:?}: {:?}", reply.action);
            prop_assert_eq!(&reply.revision, &game.revision());
            prop_assert_eq!(reply.actions, game.actions().len());
            prop_assert_eq!(reply.level, level);
            let again = choose_action(&game, level, &quick(level, seed), &never).unwrap();
            prop_assert_eq!(again.action, reply.action);
            prop_assert_eq!(again.stats.probes, reply.stats.probes);
            prop_assert_eq!(again.stats.nodes, reply.stats.nodes);
        }
    }
}

#[test]
fn classic_keeps_the_seed_limits() {
    for seed in 0..6 {
        let game = common::random_line(5, seed, 120, common::NO_LOCK);
        if game.is_ended() {
            continue;
        }
        let limits = SearchLimits::deterministic(u64::MAX / 2, seed, 120_000);
        let reply = choose_action(&game, Level::Classic, &limits, &never).unwrap();
        assert!(reply.stats.probes <= 1_200, "{:?}", reply.stats);
        assert!(reply.stats.root_candidates <= 192, "{:?}", reply.stats);
        assert!(reply.stats.depth <= 2, "{:?}", reply.stats);
        assert!(reply.stats.nodes <= 6, "six-action beam: {:?}", reply.stats);
    }
}

#[test]
fn a_tight_budget_falls_back_to_the_last_complete_iteration() {
    let game = common::random_line(5, 3, 60, common::NO_LOCK);
    // Room for the root scan but not for six reply scans.
    let limits = SearchLimits::deterministic(60, 1, 120_000);
    let reply = choose_action(&game, Level::Classic, &limits, &never).unwrap();
    assert!(game.probe(&reply.action).is_ok());
    assert_eq!(reply.stats.depth, 1);
    assert!(reply.stats.budget_exhausted);
    assert!(reply.stats.probes <= 60);
}

#[test]
fn stronger_budgets_search_more() {
    let game = common::random_line(5, 8, 30, common::NO_LOCK);
    let small = choose_action(&game, Level::Strong, &quick(Level::Strong, 1), &never).unwrap();
    let large = SearchLimits::deterministic(6_000, 1, 120_000);
    let large = choose_action(&game, Level::Strong, &large, &never).unwrap();
    assert!(large.stats.nodes > small.stats.nodes);
    assert!((0.0..=1.0).contains(&large.value));
}

#[test]
fn different_seeds_are_allowed_to_differ_but_each_is_stable() {
    let game = Game::new(5, 0.0).unwrap();
    let replies: Vec<Action> = (0..4)
        .map(|seed| {
            choose_action(&game, Level::Strong, &quick(Level::Strong, seed), &never)
                .unwrap()
                .action
        })
        .collect();
    for (seed, action) in replies.iter().enumerate() {
        let again = choose_action(
            &game,
            Level::Strong,
            &quick(Level::Strong, seed as u64),
            &never,
        )
        .unwrap();
        assert_eq!(again.action, *action);
    }
}

#[test]
fn cancellation_stops_every_level_within_a_few_checks() {
    let game = common::random_line(5, 11, 80, common::MIXED);
    assert!(!game.is_ended());
    for level in Level::ALL {
        let calls = Cell::new(0u32);
        let cancel_after_ten = || {
            calls.set(calls.get() + 1);
            calls.get() > 10
        };
        let limits = SearchLimits::deterministic(u64::MAX / 2, 0, 120_000);
        let stop = choose_action(&game, level, &limits, &cancel_after_ten).unwrap_err();
        assert_eq!(stop, SearchStop::Cancelled, "{level:?}");
        assert_eq!(
            calls.get(),
            11,
            "{level:?} stops at the first check that sees the flag"
        );
        let stop = choose_action(&game, level, &limits, &|| true).unwrap_err();
        assert_eq!(stop, SearchStop::Cancelled);
    }
}

#[test]
fn the_hard_deadline_ends_the_search_without_a_reply() {
    let game = common::random_line(4, 2, 20, common::MIXED);
    let limits = SearchLimits {
        soft_budget_ms: 900,
        hard_deadline_ms: 0,
        seed: 0,
        work_budget: None,
    };
    for level in Level::ALL {
        assert_eq!(
            choose_action(&game, level, &limits, &never),
            Err(SearchStop::Deadline { deadline_ms: 0 })
        );
    }
}

#[test]
fn wall_clock_budgets_reply_in_time() {
    let game = common::random_line(5, 4, 50, common::MIXED);
    let limits = SearchLimits {
        soft_budget_ms: 30,
        hard_deadline_ms: 60_000,
        seed: 0,
        work_budget: None,
    };
    for level in Level::ALL {
        let reply = choose_action(&game, level, &limits, &never).unwrap();
        assert!(game.probe(&reply.action).is_ok());
    }
}

#[test]
fn finished_games_have_no_move() {
    let mut game = Game::new(3, 0.0).unwrap();
    let pass = |player| Action::Pass { player };
    game.apply(pass(canon_engine::go::Color::Black)).unwrap();
    game.apply(pass(canon_engine::go::Color::White)).unwrap();
    for level in Level::ALL {
        assert_eq!(
            choose_action(&game, level, &quick(level, 0), &never),
            Err(SearchStop::NoMove)
        );
    }
}

#[test]
fn records_are_searched_at_their_cursor_and_bad_ones_rejected() {
    let game = common::random_line(4, 5, 24, common::MIXED);
    let record = game.to_json(10).unwrap();
    let at_cursor = game.state_at(10).unwrap();
    for level in Level::ALL {
        let from_record =
            choose_action_for_record(record.as_bytes(), level, &quick(level, 3), &never).unwrap();
        let direct = choose_action(&at_cursor, level, &quick(level, 3), &never).unwrap();
        assert_eq!(from_record.action, direct.action);
        assert_eq!(from_record.revision, at_cursor.revision());
        assert_eq!(from_record.actions, 10);
    }
    let stop = choose_action_for_record(
        b"{\"schema\":1}",
        Level::Classic,
        &quick(Level::Classic, 0),
        &never,
    )
    .unwrap_err();
    assert!(matches!(stop, SearchStop::BadRecord { .. }), "{stop:?}");
    assert!(stop.to_string().starts_with("the game record is invalid"));
}

#[test]
fn levels_and_stops_serialize_for_the_app() {
    assert_eq!(
        serde_json::to_string(&Level::Classic).unwrap(),
        "\"classic\""
    );
    assert_eq!(
        serde_json::to_string(&Level::default()).unwrap(),
        "\"strong\""
    );
    assert_eq!(Level::ALL, [Level::Classic, Level::Strong]);
    for level in Level::ALL {
        assert_eq!(Level::from_name(level.name()), Some(level));
        assert_eq!(
            serde_json::to_string(&level).unwrap(),
            format!("\"{}\"", level.name())
        );
        assert!(!level.summary().is_empty());
    }
    assert_eq!(Level::from_name("Strong"), None);
    assert_eq!(Level::from_name("master"), None);
    assert_eq!(
        serde_json::to_string(&SearchStop::Deadline { deadline_ms: 2500 }).unwrap(),
        r#"{"kind":"deadline","deadline_ms":2500}"#
    );
    let limits: SearchLimits = serde_json::from_str(
        r#"{"soft_budget_ms":900,"hard_deadline_ms":2500,"seed":7,"work_budget":null}"#,
    )
    .unwrap();
    assert_eq!(
        limits,
        SearchLimits {
            seed: 7,
            ..SearchLimits::default()
        }
    );
    let game = Game::new(4, 0.0).unwrap();
    let reply = choose_action(&game, Level::Classic, &quick(Level::Classic, 0), &never).unwrap();
    let json = serde_json::to_value(&reply).unwrap();
    assert_eq!(json["level"], "classic");
    assert_eq!(json["action"]["player"], "black");
    assert!(json["stats"]["probes"].as_u64().unwrap() > 0);
}

/// With the `ts` feature the app's TypeScript types follow the serde shapes.
#[cfg(feature = "ts")]
#[test]
fn typescript_shapes_match_serde() {
    use canon_engine::timego::opponent::{SearchReply, SearchStats};
    use ts_rs::TS;
    let level = Level::decl();
    assert!(
        level.contains("\"classic\"") && level.contains("\"strong\""),
        "{level}"
    );
    let stop = SearchStop::decl();
    assert!(stop.contains("\"kind\": \"deadline\""), "{stop}");
    assert!(stop.contains("deadline_ms: number"), "{stop}");
    let limits = SearchLimits::decl();
    assert!(limits.contains("work_budget: number | null"), "{limits}");
    let reply = SearchReply::decl();
    assert!(
        reply.contains("stats: SearchStats") && reply.contains("action: Action"),
        "{reply}"
    );
    let stats = SearchStats::decl();
    assert!(stats.contains("elapsed_ms: number"), "{stats}");
}
