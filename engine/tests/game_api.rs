//! The shared vocabulary exercised generically: one test body, instantiated for every game.

use canon_engine::game_api::{document_kind, RulesGame};
use canon_engine::rng::SplitMix64;
use std::collections::HashSet;

/// Plays a seeded random walk of up to `steps` legal actions from `start` and checks what
/// every game promises: legal actions probe and apply alike, a stale action is judged the
/// same by probe and apply (and a rejection changes nothing), every change gives a new
/// revision, the state at each cursor is the line cut there, and a record round trip
/// gives the same game.
fn exercise<G: RulesGame>(start: G, seed: u64, steps: usize) {
    let mut rng = SplitMix64::new(seed);
    let mut game = start;
    let mut revisions = HashSet::from([game.revision()]);
    let mut views = vec![game.view()];
    let mut previous_legal: Vec<G::Action> = Vec::new();
    let mut rejections = 0;
    for _ in 0..steps {
        let legal = game.legal_actions();
        if legal.is_empty() {
            break;
        }
        assert!(game.side_to_move().is_some(), "a player is to move");
        // The action just played and one legal a turn ago: whatever the rules say now,
        // probe and apply agree.
        let mut stale_ones: Vec<G::Action> = game.line().last().cloned().into_iter().collect();
        if !previous_legal.is_empty() {
            stale_ones.push(previous_legal[rng.below(previous_legal.len())].clone());
        }
        for stale in stale_ones {
            let mut trial = game.clone();
            let probed = game.probe(&stale).err();
            let applied = trial.apply(stale.clone()).err();
            assert_eq!(probed, applied, "probe and apply disagree on {stale:?}");
            assert_eq!(probed.is_none(), legal.contains(&stale));
            if applied.is_some() {
                rejections += 1;
                assert_eq!(
                    trial.revision(),
                    game.revision(),
                    "a rejection changed nothing"
                );
                assert_eq!(trial.view(), game.view());
            }
        }
        let action = legal[rng.below(legal.len())].clone();
        assert!(game.probe(&action).is_ok(), "{action:?} is listed as legal");
        let count = game.action_count();
        game.apply(action.clone())
            .unwrap_or_else(|rejection| panic!("{action:?} is listed but {rejection}"));
        assert_eq!(game.action_count(), count + 1);
        assert_eq!(game.line().last(), Some(&action));
        assert!(
            revisions.insert(game.revision()),
            "a new revision after {action:?}"
        );
        views.push(game.view());
        previous_legal = legal;
    }
    assert!(game.action_count() > 0, "the walk played something");
    assert!(rejections > 0, "the walk met illegal actions too");
    if game.side_to_move().is_none() {
        assert!(
            game.legal_actions().is_empty(),
            "nothing is legal once ended"
        );
    }

    let end = game.action_count();
    for (cursor, view) in views.iter().enumerate() {
        let state = game
            .state_at(cursor)
            .expect("every cursor of the line has a state");
        assert_eq!(state.action_count(), cursor);
        assert_eq!(&state.view(), view, "the state at {cursor}");
        assert_eq!(game.view_at(cursor).as_ref(), Some(view));
    }
    assert!(game.state_at(end + 1).is_none(), "no state past the end");

    for cursor in [0, end / 2, end] {
        let text = game.export_record(cursor);
        let kind = document_kind(&text).expect("a record names its kind");
        assert!(
            G::DOCUMENT_KINDS.contains(&kind.as_str()),
            "{kind} is one of the game's kinds"
        );
        let (imported, at) = G::import_record(&text).expect("an exported record imports");
        assert_eq!(at, if G::RECORDS_CURSOR { cursor } else { end });
        assert_eq!(imported.line(), game.line());
        assert_eq!(imported.revision(), game.revision());
        assert_eq!(imported.view(), game.view());
        assert_eq!(
            imported.export_record(cursor),
            text,
            "export → import → export is stable"
        );
    }
    let mut foreign = game
        .export_record(end)
        .replacen(&kind_of(&game), "no-such-kind", 1);
    assert!(
        G::import_record(&foreign).is_err(),
        "another kind is refused"
    );
    foreign.truncate(foreign.len() / 2);
    assert!(
        G::import_record(&foreign).is_err(),
        "a cut document is refused"
    );
}

fn kind_of<G: RulesGame>(game: &G) -> String {
    document_kind(&game.export_record(game.action_count())).unwrap()
}

#[test]
fn timego_speaks_the_shared_vocabulary() {
    for seed in 1..=3 {
        exercise(canon_engine::timego::Game::new(5, 0.0).unwrap(), seed, 60);
    }
}

#[test]
fn the_surfaces_speak_the_shared_vocabulary() {
    use canon_engine::surfaces::{Surface, SurfaceGame};
    for (seed, surface) in [
        (1, Surface::Mobius),
        (2, Surface::Klein),
        (3, Surface::Genus2),
    ] {
        exercise(SurfaceGame::new(surface, 13).unwrap(), seed, 60);
    }
}

#[test]
fn a_surfaces_diagram_is_refused_as_a_line_and_routes_by_its_kind() {
    use canon_engine::surfaces::records::{Diagram, DIAGRAM_SCHEMA};
    use canon_engine::surfaces::{LineImportError, Surface, SurfaceGame};
    let game = SurfaceGame::new(Surface::Mobius, 13).unwrap();
    let diagram = Diagram::new(
        Surface::Mobius,
        game.board().to_vec(),
        Some(canon_engine::go::Color::Black),
        13,
    )
    .unwrap()
    .to_record();
    let text = serde_json::to_string(&diagram).unwrap();
    assert_eq!(document_kind(&text).as_deref(), Some(DIAGRAM_SCHEMA));
    assert!(!SurfaceGame::DOCUMENT_KINDS.contains(&DIAGRAM_SCHEMA));
    assert_eq!(
        SurfaceGame::import_record(&text).unwrap_err(),
        LineImportError::Diagram
    );
}

#[test]
fn time_chess_speaks_the_shared_vocabulary() {
    for seed in 1..=3 {
        exercise(canon_engine::timechess::Game::new(), seed, 40);
    }
}

#[test]
fn time_chess_judges_without_changing_the_game() {
    use canon_engine::timechess::Game;
    let mut game = Game::new();
    let before = game.clone();
    let legal = RulesGame::legal_actions(&game);
    assert_eq!(
        legal,
        game.legal_moves(),
        "the &self form lists what legal_moves lists"
    );
    assert_eq!(RulesGame::revision(&game), before.revision());
    assert_eq!(
        game.state_at(0).map(|g| g.checkpoint()),
        Some(before.checkpoint())
    );
}

#[test]
fn every_game_has_its_own_name_and_document_kinds() {
    use canon_engine::surfaces::SurfaceGame;
    use canon_engine::{timechess, timego};
    let games = [
        (timego::Game::GAME, timego::Game::DOCUMENT_KINDS),
        (SurfaceGame::GAME, SurfaceGame::DOCUMENT_KINDS),
        (timechess::Game::GAME, timechess::Game::DOCUMENT_KINDS),
    ];
    let mut names = HashSet::new();
    let mut kinds = HashSet::new();
    for (name, game_kinds) in games {
        assert!(names.insert(name), "{name} is named once");
        for kind in game_kinds {
            assert!(kinds.insert(*kind), "{kind} routes to one game only");
        }
    }
    assert_eq!(document_kind("{\"schema\": 3}"), None);
    assert_eq!(document_kind("not json"), None);
}
