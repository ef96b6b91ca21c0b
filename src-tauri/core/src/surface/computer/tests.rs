//! The surfaces' computer and readings: legal replies through the player's path,
//! Cancel and stale replies leaving the game alone, readings and their uncertainty,
//! and the opponent file.

use super::*;
use crate::host::session::ReviewTo;
use crate::surface::{SurfaceApplyArgs, SurfaceNewArgs, SurfacePlayer, SurfacePlayers};
use crate::surface::{SurfaceReviewArgs, GAME_FILE_NAME};
use crate::test_dir::TestDir;
use canon_engine::surfaces::Surface;

/// A session on `dir` whose searches stop only at their playout budget.
fn session(dir: &TestDir) -> SurfaceSession {
    let mut session = SurfaceSession::open(dir.path(), true, None);
    session.set_think(SurfaceThink::deterministic(7));
    session
}

fn players(black: SurfacePlayer, white: SurfacePlayer) -> Option<SurfacePlayers> {
    Some(SurfacePlayers { black, white })
}

/// A new game on `surface` where the computer plays White at `level`.
fn against_white(session: &mut SurfaceSession, surface: Surface, level: Level) {
    session
        .new_game(
            SurfaceNewArgs {
                surface,
                komi_half_points: None,
                players: players(SurfacePlayer::Person, SurfacePlayer::Computer),
                level: Some(level),
            },
            1,
        )
        .unwrap();
}

fn play(session: &mut SurfaceSession, at: u16) -> SurfaceView {
    let revision = session.view(SurfaceLineId::Game).unwrap().revision;
    session
        .apply(SurfaceApplyArgs {
            line: SurfaceLineId::Game,
            action: Action::Place { at },
            revision,
            replace_future: false,
        })
        .unwrap()
}

fn saved(dir: &TestDir) -> String {
    std::fs::read_to_string(dir.path().join(GAME_FILE_NAME)).unwrap()
}

#[test]
fn the_computer_answers_on_every_surface_through_the_players_path() {
    for surface in Surface::ALL {
        let dir = TestDir::new("surface-computer-answers");
        let mut session = session(&dir);
        against_white(&mut session, surface, Level::Gentle);
        let state = session.state();
        assert_eq!(state.players.white, SurfacePlayer::Computer);
        assert_eq!(state.opponent.computer, ComputerSide::White);
        assert!(!state.game.computer_to_move, "Black, a person, moves first");
        assert!(play(&mut session, 40).computer_to_move);
        let outcome = session
            .computer_move_blocking(SurfaceComputerArgs::default())
            .unwrap();
        let SurfaceComputerOutcome::Played {
            view,
            action,
            level,
            playouts,
            ..
        } = outcome
        else {
            panic!("{surface:?}: expected a move, got {outcome:?}");
        };
        assert_eq!((level, playouts), (Level::Gentle, Level::Gentle.playouts()));
        assert_eq!(view.actions, vec![Action::Place { at: 40 }, action]);
        assert_ne!(action, Action::Place { at: 40 });
        assert!(!session.state().game.computer_to_move);
        assert!(!session.computer_thinking());
        let reopened = SurfaceSession::open(dir.path(), true, None);
        let again = reopened.view(SurfaceLineId::Game).unwrap();
        assert_eq!(again.actions, view.actions, "the move was saved");
        assert_eq!(reopened.opponent().computer, ComputerSide::White);
    }
}

#[test]
fn a_seed_gives_the_same_reply() {
    let replies: Vec<Action> = (0..2)
        .map(|_| {
            let dir = TestDir::new("surface-computer-seed");
            let mut session = session(&dir);
            against_white(&mut session, Surface::Mobius, Level::Gentle);
            play(&mut session, 12);
            match session.computer_move_blocking(SurfaceComputerArgs::default()) {
                Ok(SurfaceComputerOutcome::Played { action, .. }) => action,
                other => panic!("{other:?}"),
            }
        })
        .collect();
    assert_eq!(replies[0], replies[1]);
}

#[test]
fn cancel_stops_a_long_search_and_leaves_the_game_unchanged() {
    let dir = TestDir::new("surface-computer-cancel");
    let mut session = session(&dir);
    against_white(&mut session, Surface::Klein, Level::Strong);
    play(&mut session, 30);
    // A minute of thinking with an endless budget: only the cancel ends it.
    session.set_think(SurfaceThink::budget(60_000));
    let before = (session.view(SurfaceLineId::Game).unwrap(), saved(&dir));
    let job = session
        .computer_start(SurfaceComputerArgs::default())
        .unwrap();
    let flag = job.cancel_flag();
    let search = std::thread::spawn(move || {
        let result = job.run();
        (job, result)
    });
    assert!(session.computer_cancel(), "a search was running");
    assert!(flag.load(std::sync::atomic::Ordering::Relaxed));
    let (job, result) = search.join().unwrap();
    assert_eq!(result.as_ref().err(), Some(&JobStop::Cancelled));
    let outcome = session.computer_finish(job, result);
    assert!(
        matches!(outcome, SurfaceComputerOutcome::Cancelled { ref view } if *view == before.0),
        "{outcome:?}"
    );
    assert_eq!(session.view(SurfaceLineId::Game).unwrap(), before.0);
    assert_eq!(saved(&dir), before.1);
    assert!(!session.computer_cancel(), "nothing runs any more");
}

#[test]
fn a_reply_after_a_persons_move_is_dropped_and_the_persons_move_stays() {
    let dir = TestDir::new("surface-computer-stale");
    let mut session = session(&dir);
    against_white(&mut session, Surface::Genus2, Level::Gentle);
    play(&mut session, 10);
    let job = session
        .computer_start(SurfaceComputerArgs::default())
        .unwrap();
    let result = job.run();
    assert!(result.is_ok(), "the search finished before the change");
    // The person plays White's move meanwhile.
    let now = play(&mut session, 20);
    let outcome = session.computer_finish(job, result);
    match outcome {
        SurfaceComputerOutcome::Discarded { message, view } => {
            assert!(message.contains("position changed"), "{message}");
            assert_eq!(view, now);
        }
        other => panic!("expected a dropped reply, got {other:?}"),
    }
    assert_eq!(
        session.view(SurfaceLineId::Game).unwrap().actions,
        vec![Action::Place { at: 10 }, Action::Place { at: 20 }]
    );
}

#[test]
fn a_reply_for_a_game_replaced_meanwhile_is_dropped() {
    let dir = TestDir::new("surface-computer-replaced");
    let mut session = session(&dir);
    against_white(&mut session, Surface::Mobius, Level::Gentle);
    let job = session
        .computer_start(SurfaceComputerArgs::default())
        .unwrap();
    let result = job.run();
    // Same cursor (0), another surface: only the revision tells them apart.
    against_white(&mut session, Surface::Klein, Level::Gentle);
    let outcome = session.computer_finish(job, result);
    assert!(
        matches!(outcome, SurfaceComputerOutcome::Discarded { ref view, .. } if view.surface == Surface::Klein && view.line_length == 0),
        "{outcome:?}"
    );
}

#[test]
fn an_ended_game_has_no_computer_move_and_no_reading() {
    let dir = TestDir::new("surface-computer-ended");
    let mut session = session(&dir);
    against_white(&mut session, Surface::Mobius, Level::Gentle);
    for _ in 0..2 {
        let revision = session.view(SurfaceLineId::Game).unwrap().revision;
        session
            .apply(SurfaceApplyArgs {
                line: SurfaceLineId::Game,
                action: Action::Pass,
                revision,
                replace_future: false,
            })
            .unwrap();
    }
    let error = session
        .computer_start(SurfaceComputerArgs::default())
        .err()
        .unwrap();
    assert!(error.to_string().contains("ended"), "{error}");
    let error = session
        .read_start(SurfaceReadArgs {
            line: SurfaceLineId::Game,
            cursor: None,
            depth: SurfaceReadDepth::Quick,
        })
        .err()
        .unwrap();
    assert!(error.to_string().contains("nothing to read"), "{error}");
    // The position before the passes can still be read.
    let outcome = session
        .read_blocking(SurfaceReadArgs {
            line: SurfaceLineId::Game,
            cursor: Some(0),
            depth: SurfaceReadDepth::Quick,
        })
        .unwrap();
    assert!(matches!(outcome, SurfaceReadOutcome::Read { ref reading } if reading.cursor == 0));
}

#[test]
fn a_reading_gives_win_rate_top_candidates_and_ownership() {
    let dir = TestDir::new("surface-read");
    let mut session = session(&dir);
    against_white(&mut session, Surface::Mobius, Level::Gentle);
    play(&mut session, 40);
    let outcome = session
        .read_blocking(SurfaceReadArgs {
            line: SurfaceLineId::Game,
            cursor: None,
            depth: SurfaceReadDepth::Quick,
        })
        .unwrap();
    let SurfaceReadOutcome::Read { reading } = outcome else {
        panic!("{outcome:?}");
    };
    assert_eq!((reading.line, reading.cursor), (SurfaceLineId::Game, 1));
    assert_eq!(reading.to_move, Color::White);
    assert_eq!(reading.playouts, QUICK_PLAYOUTS);
    assert!(!reading.uncertain);
    assert_eq!(reading.candidates.len(), TOP_CANDIDATES);
    assert!(reading
        .candidates
        .iter()
        .all(|c| c.uncertain == (c.visits < CERTAIN_VISITS)));
    assert!(
        reading.candidates[0].label.len() >= 2,
        "{:?}",
        reading.candidates[0]
    );
    let (mine, black) = (reading.win_rate.unwrap(), reading.black_win_rate.unwrap());
    assert!((mine + black - 1.0).abs() < 1e-9);
    assert_eq!(reading.ownership.len(), Surface::Mobius.points());
    // Black's stone is Black's at the end of most playouts.
    assert!(reading.ownership[40] > 0.0, "{}", reading.ownership[40]);
    // Reading changes nothing.
    assert_eq!(session.view(SurfaceLineId::Game).unwrap().line_length, 1);
}

#[test]
fn a_reading_from_too_few_playouts_is_uncertain() {
    let dir = TestDir::new("surface-read-uncertain");
    let mut session = session(&dir);
    session.set_think(SurfaceThink {
        soft_budget_ms: Some(0),
        hard_deadline_ms: 600_000,
        seed: 1,
    });
    let outcome = session
        .read_blocking(SurfaceReadArgs {
            line: SurfaceLineId::Game,
            cursor: None,
            depth: SurfaceReadDepth::Full,
        })
        .unwrap();
    let SurfaceReadOutcome::Read { reading } = outcome else {
        panic!("{outcome:?}");
    };
    assert!(reading.uncertain, "{} playouts", reading.playouts);
    assert!(reading.candidates.iter().all(|c| c.uncertain));
}

#[test]
fn a_reading_while_reviewing_reads_any_position_and_a_moved_cursor_drops_it() {
    let dir = TestDir::new("surface-read-review");
    let mut session = session(&dir);
    against_white(&mut session, Surface::Genus2, Level::Gentle);
    play(&mut session, 5);
    play(&mut session, 9);
    session
        .review(SurfaceReviewArgs {
            line: SurfaceLineId::Game,
            to: ReviewTo::First,
        })
        .unwrap();
    let read = |cursor| SurfaceReadArgs {
        line: SurfaceLineId::Game,
        cursor: Some(cursor),
        depth: SurfaceReadDepth::Quick,
    };
    let outcome = session.read_blocking(read(1)).unwrap();
    assert!(
        matches!(outcome, SurfaceReadOutcome::Read { ref reading } if reading.cursor == 1 && reading.to_move == Color::White),
        "{outcome:?}"
    );
    let job = session.read_start(read(2)).unwrap();
    let result = job.run();
    session
        .review(SurfaceReviewArgs {
            line: SurfaceLineId::Game,
            to: ReviewTo::Last,
        })
        .unwrap();
    assert!(matches!(
        session.read_finish(job, result),
        SurfaceReadOutcome::Discarded { .. }
    ));
    assert!(session.read_start(read(3)).is_err(), "past the end");
    assert!(
        session
            .read_start(SurfaceReadArgs {
                line: SurfaceLineId::Study,
                cursor: None,
                depth: SurfaceReadDepth::Quick
            })
            .is_err(),
        "there is no study"
    );
}

#[test]
fn players_are_kept_with_the_game_and_the_computer_plays_one_side_at_most() {
    let dir = TestDir::new("surface-players");
    let mut session = session(&dir);
    let error = session
        .new_game(
            SurfaceNewArgs {
                surface: Surface::Mobius,
                komi_half_points: None,
                players: players(SurfacePlayer::Computer, SurfacePlayer::Computer),
                level: None,
            },
            1,
        )
        .err()
        .unwrap();
    assert!(error.to_string().contains("one side"), "{error}");
    // The settings come back only with their saved game.
    play(&mut session, 3);
    let state = session
        .set_players(SurfaceOpponent {
            computer: ComputerSide::Black,
            level: Level::Strong,
        })
        .unwrap();
    assert_eq!(state.players.black, SurfacePlayer::Computer);
    assert!(!state.game.computer_to_move, "White, a person, is to move");
    let reopened = SurfaceSession::open(dir.path(), true, None);
    assert_eq!(
        reopened.opponent(),
        SurfaceOpponent {
            computer: ComputerSide::Black,
            level: Level::Strong
        }
    );
    // A new game for two people forgets the computer's side but keeps its level.
    session
        .new_game(
            SurfaceNewArgs {
                surface: Surface::Klein,
                komi_half_points: None,
                players: None,
                level: None,
            },
            1,
        )
        .unwrap();
    assert_eq!(
        session.opponent(),
        SurfaceOpponent {
            computer: ComputerSide::None,
            level: Level::Strong
        }
    );
}

#[test]
fn a_corrupt_opponent_file_is_kept_reported_and_set_aside_on_request() {
    let dir = TestDir::new("surface-opponent-invalid");
    {
        let mut session = session(&dir);
        against_white(&mut session, Surface::Mobius, Level::Gentle);
    }
    std::fs::write(dir.path().join(OPPONENT_FILE_NAME), "{ not json").unwrap();
    let mut session = SurfaceSession::open(dir.path(), true, None);
    assert_eq!(session.opponent(), SurfaceOpponent::default());
    let invalid = session.invalid_files();
    assert!(
        invalid.iter().any(|file| file.name == OPPONENT_FILE_NAME),
        "{invalid:?}"
    );
    assert!(session.set_aside_invalid_file(OPPONENT_FILE_NAME).unwrap());
    assert!(session.invalid_files().is_empty());
}

#[test]
fn levels_list_every_engine_level_with_its_summary() {
    let levels = surface_levels();
    assert_eq!(
        levels.iter().map(|info| info.level).collect::<Vec<_>>(),
        Level::ALL.to_vec()
    );
    assert_eq!(levels.iter().filter(|info| info.default).count(), 1);
    assert!(levels.iter().all(|info| !info.summary.is_empty()));
}

#[test]
fn a_longer_think_budget_buys_proportionally_more_playouts() {
    for level in Level::ALL {
        assert_eq!(SurfaceThink::default().playouts(level), level.playouts());
        assert_eq!(SurfaceThink::budget(100).playouts(level), level.playouts());
        assert_eq!(
            SurfaceThink::deterministic(1).playouts(level),
            level.playouts()
        );
        assert_eq!(
            SurfaceThink::budget(60_000).playouts(level),
            level.playouts() * 66
        );
    }
}
