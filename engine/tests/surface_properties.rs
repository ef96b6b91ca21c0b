//! Properties over random games on the three surfaces: record round trips, listed-legal
//! equals accepted, symmetries map legal games to legal games, and the incremental chain
//! bookkeeping agrees with a recomputation.

use canon_engine::go::Color;
use canon_engine::surfaces::graphs::{automorphisms, graph};
use canon_engine::surfaces::records::{export, export_replay, import_any, Document};
use canon_engine::surfaces::symmetry::exchange_colors;
use canon_engine::surfaces::{Action, Origin, Surface, SurfaceGame};
use proptest::prelude::*;

/// A random line: each choice picks a pass (rarely), a resignation (very rarely) or one
/// of the currently legal placements.
fn random_line(surface: Surface, komi: i64, choices: &[u32]) -> SurfaceGame {
    let mut game = SurfaceGame::new(surface, komi).unwrap();
    for &choice in choices {
        if game.outcome().is_some() {
            break;
        }
        let legal = game.legal_placements();
        let action = if choice % 97 == 0 {
            Action::Resign
        } else if choice % 13 == 0 || legal.is_empty() {
            Action::Pass
        } else {
            Action::Place {
                at: legal[(choice as usize / 13) % legal.len()],
            }
        };
        game.apply(action).expect("chosen actions are legal");
    }
    game
}

fn surface() -> impl Strategy<Value = Surface> {
    prop_oneof![
        Just(Surface::Mobius),
        Just(Surface::Klein),
        Just(Surface::Genus2)
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn records_round_trip(s in surface(), komi in -20i64..20, choices in prop::collection::vec(any::<u32>(), 0..90), cursor in 0usize..100) {
        let game = random_line(s, komi, &choices);
        let document = export(&game);
        let bytes = serde_json::to_vec(&document).unwrap();
        let Document::Game(again) = import_any(&bytes).unwrap() else { panic!("not a game") };
        prop_assert_eq!(export(&again), document);
        prop_assert_eq!(again.history_len(), game.history_len());
        let wrapped = serde_json::to_vec(&export_replay(&game, cursor)).unwrap();
        let Document::Replay { line, cursor: back } = import_any(&wrapped).unwrap() else { panic!("not a replay") };
        prop_assert_eq!(back, cursor.min(game.actions().len()));
        prop_assert_eq!(export(&line), export(&game));
        // Every earlier cursor replays to a prefix state of the same line.
        let viewed = game.state_at(back).unwrap();
        prop_assert_eq!(viewed.actions(), &game.actions()[..back]);
    }

    #[test]
    fn studies_and_analyses_round_trip(s in surface(), choices in prop::collection::vec(any::<u32>(), 1..60), more in prop::collection::vec(any::<u32>(), 0..30), cut in any::<usize>(), white in any::<bool>()) {
        let game = random_line(s, 3, &choices);
        // An analysis from an unfinished point of the game, continued at random.
        let cursor = cut % (game.actions().len() + 1);
        if let Some(mut analysis) = game.analysis_at(cursor).filter(|a| a.outcome().is_none()) {
            for &choice in &more {
                if analysis.outcome().is_some() { break; }
                let legal = analysis.legal_placements();
                let action = if choice % 11 == 0 || legal.is_empty() { Action::Pass } else { Action::Place { at: legal[choice as usize % legal.len()] } };
                analysis.apply(action).unwrap();
            }
            let document = export(&analysis);
            let Document::Analysis(again) = import_any(&serde_json::to_vec(&document).unwrap()).unwrap() else { panic!("not an analysis") };
            prop_assert_eq!(export(&again), document);
            prop_assert_eq!(again.history_len(), analysis.history_len());
        }
        // A study from the game's current board.
        let next = if white { Color::White } else { Color::Black };
        let mut study = SurfaceGame::study(s, game.board(), next, -5).unwrap();
        for &choice in &more {
            if study.outcome().is_some() { break; }
            let legal = study.legal_placements();
            let action = if choice % 11 == 0 || legal.is_empty() { Action::Pass } else { Action::Place { at: legal[choice as usize % legal.len()] } };
            study.apply(action).unwrap();
        }
        let document = export(&study);
        let Document::Study(again) = import_any(&serde_json::to_vec(&document).unwrap()).unwrap() else { panic!("not a study") };
        prop_assert_eq!(export(&again), document);
    }

    #[test]
    fn importers_never_panic_on_arbitrary_or_mutated_input(bytes in prop::collection::vec(any::<u8>(), 0..200), s in surface(), choices in prop::collection::vec(any::<u32>(), 0..30), cut in any::<usize>(), byte in any::<u8>()) {
        let _ = import_any(&bytes);
        let mut document = serde_json::to_vec(&export(&random_line(s, 1, &choices))).unwrap();
        let at = cut % document.len();
        document[at] = byte;
        let _ = import_any(&document);
        document.truncate(at);
        // A strict prefix of a JSON object is never a document.
        prop_assert!(import_any(&document).is_err());
    }

    #[test]
    fn listed_placements_are_exactly_the_accepted_ones(s in surface(), choices in prop::collection::vec(any::<u32>(), 0..70)) {
        let game = random_line(s, 1, &choices);
        let listed = game.legal_placements();
        for p in 0..s.points() as u16 {
            let mut probe = game.clone();
            let accepted = probe.apply(Action::Place { at: p });
            prop_assert_eq!(listed.contains(&p), accepted.is_ok(), "point {}", p);
            prop_assert_eq!(game.explain_placement(usize::from(p)).rejection.is_none(), accepted.is_ok());
            if accepted.is_err() {
                prop_assert_eq!(probe.board(), game.board());
                prop_assert_eq!(probe.history_len(), game.history_len());
            }
        }
    }

    #[test]
    fn an_automorphism_maps_a_game_to_a_legal_game(s in surface(), pick in any::<usize>(), choices in prop::collection::vec(any::<u32>(), 0..90)) {
        let game = random_line(s, 1, &choices);
        let group = automorphisms(s);
        let symmetry = &group[pick % group.len()];
        let moved = game.transformed(symmetry);
        let expected = symmetry.apply_board(game.board());
        prop_assert_eq!(moved.board(), expected.as_slice());
        prop_assert_eq!(moved.history_len(), game.history_len());
        for k in 0..game.history_len() {
            let expected = symmetry.apply_board(game.history_coloring(k).unwrap());
            prop_assert_eq!(moved.history_coloring(k).unwrap(), expected.as_slice());
        }
        prop_assert_eq!(moved.side_to_move(), game.side_to_move());
        prop_assert_eq!(moved.passes(), game.passes());
        prop_assert_eq!(moved.outcome(), game.outcome());
        prop_assert_eq!(moved.origin(), &Origin::Game);
        // The moved game is itself a valid record.
        let bytes = serde_json::to_vec(&export(&moved)).unwrap();
        prop_assert!(import_any(&bytes).is_ok());
        // Legal placements move with the board.
        let mut mapped: Vec<u16> = game.legal_placements().iter().map(|&p| symmetry.apply(p)).collect();
        mapped.sort_unstable();
        prop_assert_eq!(moved.legal_placements(), mapped);
    }

    #[test]
    fn colour_exchange_maps_every_coloring_and_the_turn(s in surface(), choices in prop::collection::vec(any::<u32>(), 0..60)) {
        let game = random_line(s, 1, &choices);
        let exchanged = game.colors_exchanged();
        let expected = exchange_colors(game.board());
        prop_assert_eq!(exchanged.board(), expected.as_slice());
        prop_assert_eq!(exchanged.side_to_move(), game.side_to_move().map(Color::opposite));
        prop_assert_eq!(exchanged.first(), Color::White);
        prop_assert_eq!(exchanged.komi_half_points(), game.komi_half_points());
        for k in 0..game.history_len() {
            let expected = exchange_colors(game.history_coloring(k).unwrap());
            prop_assert_eq!(exchanged.history_coloring(k).unwrap(), expected.as_slice());
        }
        // The uncompensated margin is reversed.
        let (a, b) = (game.area(), exchanged.area());
        prop_assert_eq!((a.black, a.white), (b.white, b.black));
        prop_assert!(exchanged.label().is_some());
    }

    #[test]
    fn chains_and_liberties_match_a_recomputation(s in surface(), choices in prop::collection::vec(any::<u32>(), 0..120)) {
        let game = random_line(s, 1, &choices);
        let g = graph(s);
        let board = game.go_board();
        for chain in game.groups() {
            for &stone in &chain.stones {
                prop_assert_eq!(board.liberty_count(stone), chain.liberties.len());
            }
            // distinct liberties by brute force
            let mut libs: Vec<u16> = chain.stones.iter().flat_map(|&p| g.neighbors(p).iter().copied()).filter(|&q| game.board()[usize::from(q)] == 0).collect();
            libs.sort_unstable();
            libs.dedup();
            prop_assert_eq!(&libs, &chain.liberties);
            prop_assert!(!libs.is_empty(), "a chain without liberty survived");
        }
    }
}

#[test]
fn automorphism_groups_are_groups_containing_the_expected_symmetries() {
    for s in Surface::ALL {
        let adjacency = s.adjacency();
        let group = automorphisms(s);
        assert!(group[0].is_identity());
        for a in group {
            assert!(canon_engine::surfaces::symmetry::Automorphism::new(
                &adjacency,
                a.images().to_vec()
            )
            .is_some());
            assert!(group.contains(&a.inverse()));
            for b in group.iter().take(8) {
                assert!(group.contains(&a.after(b)), "not closed under composition");
            }
        }
    }
    let klein = automorphisms(Surface::Klein);
    let point = |x: usize, y: usize| (9 * y + x) as u16;
    // Klein: shifting ranks by nine, and reflecting ranks, are symmetries.
    let shift: Vec<u16> = (0..162).map(|p| point(p % 9, (p / 9 + 9) % 18)).collect();
    let reflect: Vec<u16> = (0..162).map(|p| point(p % 9, 17 - p / 9)).collect();
    for image in [shift, reflect] {
        assert!(klein.iter().any(|a| a.images() == image.as_slice()));
    }
    // Möbius: reflecting files, and reflecting ranks, are symmetries.
    let mobius = automorphisms(Surface::Mobius);
    let flip: Vec<u16> = (0..99).map(|p| point(8 - p % 9, p / 9)).collect();
    let turn: Vec<u16> = (0..99).map(|p| point(p % 9, 10 - p / 9)).collect();
    for image in [flip, turn] {
        assert!(mobius.iter().any(|a| a.images() == image.as_slice()));
    }
    // Genus two: exchanging the charts (raw coordinates kept) is a symmetry.
    let genus = automorphisms(Surface::Genus2);
    let swap: Vec<u16> = (0..162)
        .map(|p| {
            let (sheet, x, y) = (p / 81, p % 9, (p % 81) / 9);
            let raw = (y + sheet) % 9;
            let other = 1 - sheet;
            (81 * other + 9 * ((raw + 9 - other) % 9) + x) as u16
        })
        .collect();
    assert!(genus.iter().any(|a| a.images() == swap.as_slice()));
    assert!(genus.len() > 1);
}
