//! The engine's data for the Time Chess screen: the view of a game (layers, braindead
//! pieces, ghosts, the last move's consequences, check across time, the timeline), on the
//! positions of `docs/rules/time-chess.md`, selection, typed entry and completion, and
//! properties over random games.

mod timechess_support;

use canon_engine::timechess::{
    random_playout, Color, Consequence, EndReason, EntryError, Game, Kind, MoveKind, NoDestination,
    Outcome, Pos, Refusal, ScreenView, SplitMix64, Travel, Winner,
};
use proptest::prelude::*;
use timechess_support::{mv, play_all, pos, seeded_position, setup};

fn random_game(seed: u64, turns: usize) -> Game {
    let mut game = Game::new();
    random_playout(&mut game, &mut SplitMix64::new(seed), turns);
    game
}

/// The view's piece at a position: (colour, kind, braindead).
fn shown(view: &ScreenView, at: &str) -> Option<(Color, Kind, bool)> {
    let at = pos(at);
    view.layers[at.turn as usize]
        .pieces
        .iter()
        .find(|p| p.at == at)
        .map(|p| (p.color, p.kind, p.braindead))
}

fn last_consequences(view: &ScreenView) -> Vec<Consequence> {
    view.last_move.as_ref().unwrap().consequences.clone()
}

#[test]
fn a_forward_traveller_is_a_ghost_until_it_arrives_and_captures() {
    let mut game = setup(&[("a1", 'K'), ("b1", 'N'), ("h8", 'k'), ("a3", 'b')]);
    play_all(&mut game, &["b1t0c1t2"]);
    let view = game.screen_view();
    let knight = Travel {
        color: Color::White,
        kind: Kind::Knight,
        from: pos("b1t0"),
        to: pos("c1t2"),
    };
    assert_eq!(view.ghosts, vec![knight]);
    let last = view.last_move.clone().unwrap();
    assert_eq!(last.move_kind, MoveKind::Forward);
    assert_eq!((last.color, last.kind), (Color::White, Kind::Knight));
    assert!(last.consequences.is_empty());
    assert_eq!(view.timeline[0].departures, vec![knight]);

    play_all(&mut game, &["a3t1c1t1", "a1t2a2t2"]);
    let view = game.screen_view();
    assert!(view.ghosts.is_empty());
    assert_eq!(
        last_consequences(&view),
        vec![
            Consequence::Arrived {
                from: pos("b1t0"),
                at: pos("c1t2"),
                color: Color::White,
                kind: Kind::Knight
            },
            Consequence::Captured {
                at: pos("c1t2"),
                color: Color::Black,
                kind: Kind::Bishop
            },
        ]
    );
    assert_eq!(view.timeline[2].arrivals, vec![knight]);
    assert_eq!(
        shown(&view, "c1t2"),
        Some((Color::White, Kind::Knight, false))
    );
    assert_eq!(view.present, 3);
    assert_eq!(view.to_move, Some(Color::Black));
}

#[test]
fn a_traveller_lost_in_time_is_reported_on_its_turn() {
    let mut game = setup(&[("a1", 'K'), ("b1", 'N'), ("d2", 'B'), ("h8", 'k')]);
    play_all(&mut game, &["b1t0c1t2", "h8t1g8t1", "d2t2c1t2"]);
    let view = game.screen_view();
    assert_eq!(
        last_consequences(&view),
        vec![Consequence::LostInTime {
            from: pos("b1t0"),
            at: pos("c1t2"),
            color: Color::White,
            kind: Kind::Knight
        }]
    );
    assert_eq!(view.timeline[2].lost_in_time.len(), 1);
    assert!(view.timeline[2].arrivals.is_empty());
}

#[test]
fn a_capture_in_the_past_names_every_vanished_instance_and_the_traveller_is_braindead() {
    let mut game = setup(&[
        ("a1", 'K'),
        ("d1", 'R'),
        ("c1", 'B'),
        ("h8", 'k'),
        ("f2", 'n'),
    ]);
    play_all(&mut game, &["a1t0a2t0", "f2t1d1t1", "c1t2d1t1"]);
    let view = game.screen_view();
    let last = view.last_move.clone().unwrap();
    assert_eq!(last.move_kind, MoveKind::Backward);
    assert_eq!(
        last.consequences,
        vec![Consequence::ErasedInPast {
            at: pos("d1t1"),
            color: Color::Black,
            kind: Kind::Knight,
            vanished: vec![pos("d1t1"), pos("d1t2")],
        }]
    );
    // Braindead from its landing up to the present of its move; live again above.
    assert_eq!(
        shown(&view, "d1t1"),
        Some((Color::White, Kind::Bishop, true))
    );
    assert_eq!(
        shown(&view, "d1t2"),
        Some((Color::White, Kind::Bishop, true))
    );
    assert_eq!(
        shown(&view, "d1t3"),
        Some((Color::White, Kind::Bishop, false))
    );
    // Its younger self in layer 1 is not braindead.
    assert_eq!(
        shown(&view, "c1t1"),
        Some((Color::White, Kind::Bishop, false))
    );
    // One lineage in every layer it stands in.
    let lineage = |at: &str| {
        let at = pos(at);
        view.layers[at.turn as usize]
            .pieces
            .iter()
            .find(|p| p.at == at)
            .unwrap()
            .lineage
    };
    assert_eq!(lineage("c1t0"), lineage("d1t3"));
    let capture = view.timeline[1].captures_in_past[0];
    assert_eq!((capture.at, capture.by_turn), (pos("d1t1"), 2));
    assert_eq!(view.timeline[2].departures.len(), 1);
    assert_eq!(view.timeline[1].arrivals[0].from, pos("c1t2"));
}

#[test]
fn a_steamrollered_traveller_names_the_piece_that_entered() {
    let mut game = setup(&[("a1", 'K'), ("f1", 'B'), ("h8", 'k'), ("e3", 'n')]);
    play_all(
        &mut game,
        &["a1t0a2t0", "h8t1g8t1", "a2t2a1t2", "e3t3d1t3", "f1t4d1t2"],
    );
    let view = game.screen_view();
    assert_eq!(
        last_consequences(&view),
        vec![Consequence::Steamrolled {
            at: pos("d1t3"),
            color: Color::White,
            kind: Kind::Bishop,
            by_color: Color::Black,
            by_kind: Kind::Knight,
        }]
    );
    assert_eq!(
        shown(&view, "d1t2"),
        Some((Color::White, Kind::Bishop, true))
    );
    assert_eq!(
        shown(&view, "d1t3"),
        Some((Color::Black, Kind::Knight, false))
    );
    assert_eq!(view.timeline[3].steamrolled, vec![pos("d1t3")]);
    // The JSON the screen reads spells its fields in camelCase.
    let json = serde_json::to_string(&view).unwrap();
    assert!(
        json.contains(r#""type":"steamrolled","at":"d1t3""#),
        "{json}"
    );
    assert!(json.contains(r#""byKind":"knight""#), "{json}");
}

#[test]
fn check_from_the_past_shows_the_king_instance_and_the_line() {
    let mut game = setup(&[("e1", 'K'), ("f8", 'R'), ("h6", 'k'), ("g3", 'n')]);
    play_all(&mut game, &["f8t0f7t0", "g3t1f1t1"]);
    let view = game.screen_view();
    let check = view.check.clone().expect("white is in check");
    assert_eq!(check.color, Color::White);
    let line = check
        .lines
        .iter()
        .find(|line| line.king == pos("e1t1"))
        .expect("the knight reaches e1 two turns back");
    assert_eq!(line.attacker, pos("f1t2"));
    assert_eq!(line.kind, Kind::Knight);
    assert_eq!(line.threat, Some(mv("f1t3e1t1")));
    assert!(check.kings.contains(&pos("e1t1")));
    assert!(check.layers.contains(&1) && check.layers.contains(&2));
    assert_eq!(
        last_consequences(&view).last(),
        Some(&Consequence::Check {
            color: Color::White
        })
    );
    assert!(view.timeline[2].check);
    assert!(!view.timeline[1].check);
}

#[test]
fn a_traveller_due_on_the_king_is_an_attacking_line_without_a_move() {
    let mut game = setup(&[("a1", 'K'), ("h2", 'R'), ("e8", 'k'), ("b1", 'n')]);
    play_all(&mut game, &["h2t0h3t0", "b1t1a1t3"]);
    let check = game.screen_view().check.expect("check");
    let line = &check.lines[0];
    assert_eq!(
        (line.attacker, line.king, line.threat),
        (pos("b1t1"), pos("a1t2"), None)
    );
}

#[test]
fn a_king_lost_in_time_ends_the_game_with_its_reason() {
    let mut game = setup(&[("e1", 'K'), ("e2", 'P'), ("e8", 'k'), ("d4", 'n')]);
    play_all(&mut game, &["e1t0e2t1", "e8t1d8t1"]);
    let view = game.screen_view();
    let outcome = Outcome {
        winner: Winner::Black,
        reason: EndReason::KingLostInTime,
    };
    assert_eq!(view.outcome, Some(outcome));
    assert_eq!(view.to_move, None);
    let consequences = last_consequences(&view);
    assert!(matches!(
        consequences[0],
        Consequence::LostInTime {
            kind: Kind::King,
            ..
        }
    ));
    assert_eq!(
        consequences.last(),
        Some(&Consequence::GameOver { outcome })
    );
}

#[test]
fn a_checkmate_keeps_its_attacking_lines_on_view() {
    // The seeded random game 317 ends in black's checkmate at its 20th move.
    let game = seeded_position(317, 20);
    let view = game.screen_view();
    let outcome = view.outcome.expect("the game is over");
    assert_eq!(outcome.reason, EndReason::Checkmate);
    let check = view.check.clone().expect("the mated side is in check");
    assert_eq!(Winner::side(check.color.opponent()), outcome.winner);
    assert!(!check.lines.is_empty());
    assert_eq!(
        last_consequences(&view).last(),
        Some(&Consequence::GameOver { outcome })
    );
}

#[test]
fn the_start_has_one_layer_and_nothing_else() {
    let view = Game::new().screen_view();
    assert_eq!(view.layers.len(), 1);
    assert_eq!(view.layers[0].pieces.len(), 32);
    assert!(view.last_move.is_none() && view.check.is_none() && view.ghosts.is_empty());
    assert_eq!(view.timeline.len(), 1);
}

/// The English sentence of each move of a game, in order.
fn sentences(game: &Game) -> Vec<String> {
    game.move_reports().iter().map(|r| r.to_string()).collect()
}

#[test]
fn every_move_is_told_in_english() {
    let mut game = setup(&[("a1", 'K'), ("b1", 'N'), ("h8", 'k'), ("a3", 'b')]);
    play_all(&mut game, &["b1t0c1t2", "a3t1c1t1", "a1t2a2t2"]);
    assert_eq!(
        sentences(&game),
        [
            "White knight b1t0 leaves for c1t2, due at the end of turn 2.",
            "Black bishop a3t1 moves to c1t1.",
            "White king a1t2 moves to a2t2. White knight from b1t0 arrives on c1t2. \
             Black bishop captured on c1t2.",
        ]
    );

    let mut game = setup(&[("a1", 'K'), ("b1", 'N'), ("d2", 'B'), ("h8", 'k')]);
    play_all(&mut game, &["b1t0c1t2", "h8t1g8t1", "d2t2c1t2"]);
    assert_eq!(
        sentences(&game)[2],
        "White bishop d2t2 moves to c1t2. White knight from b1t0 is Lost in Time: it cannot \
         appear on c1t2."
    );

    let mut game = setup(&[
        ("a1", 'K'),
        ("d1", 'R'),
        ("c1", 'B'),
        ("h8", 'k'),
        ("f2", 'n'),
    ]);
    play_all(&mut game, &["a1t0a2t0", "f2t1d1t1", "c1t2d1t1"]);
    assert_eq!(
        sentences(&game)[1..],
        [
            "Black knight f2t1 moves to d1t1. White rook captured on d1t1.",
            "White bishop c1t2 travels back to d1t1. Black knight captured in the past on \
             d1t1: its lineage is erased from there, 2 instances vanish (d1t1, d1t2).",
        ]
    );

    let mut game = setup(&[("a1", 'K'), ("f1", 'B'), ("h8", 'k'), ("e3", 'n')]);
    play_all(
        &mut game,
        &["a1t0a2t0", "h8t1g8t1", "a2t2a1t2", "e3t3d1t3", "f1t4d1t2"],
    );
    assert_eq!(
        sentences(&game)[4],
        "White bishop f1t4 travels back to d1t2. White bishop steamrollered on d1t3 by the \
         black knight that entered its square."
    );

    let mut game = setup(&[("e1", 'K'), ("f8", 'R'), ("h6", 'k'), ("g3", 'n')]);
    play_all(&mut game, &["f8t0f7t0", "g3t1f1t1"]);
    assert_eq!(
        sentences(&game)[1],
        "Black knight g3t1 moves to f1t1. White is in check."
    );

    let mut game = setup(&[("e1", 'K'), ("e2", 'P'), ("e8", 'k'), ("d4", 'n')]);
    play_all(&mut game, &["e1t0e2t1", "e8t1d8t1"]);
    assert_eq!(
        sentences(&game)[1],
        "Black king e8t1 moves to d8t1. White king from e1t0 is Lost in Time: it cannot \
         appear on e2t1. White's king is Lost in Time: black wins."
    );

    let game = seeded_position(317, 20);
    assert!(sentences(&game)[19].ends_with("Checkmate: black wins."));
}

#[test]
fn promotion_is_told_and_outcomes_read_as_sentences() {
    let mut game = setup(&[("a1", 'K'), ("g7", 'P'), ("a8", 'k'), ("h7", 'n')]);
    play_all(&mut game, &["a1t0a2t0", "a8t1b8t1", "g7t2g8t2"]);
    assert!(
        sentences(&game)[2]
            .starts_with("White pawn g7t2 moves to g8t2. The pawn on g8t2 becomes a queen."),
        "{:?}",
        sentences(&game)
    );
    let draw = Outcome {
        winner: Winner::Draw,
        reason: EndReason::MoveLimit,
    };
    assert_eq!(draw.english(), "The move limit is reached: a draw.");
    let captured = Outcome {
        winner: Winner::White,
        reason: EndReason::KingCaptured,
    };
    assert_eq!(captured.english(), "Black's king is captured: white wins.");
}

/// The destinations of a selection, layer by layer, in notation.
fn destinations(game: &Game, at: &str) -> Vec<(u32, Vec<String>)> {
    game.selection(pos(at))
        .layers
        .iter()
        .map(|layer| {
            let to = layer.destinations.iter().map(|d| d.to.to_string());
            (layer.turn, to.collect())
        })
        .collect()
}

#[test]
fn selecting_a_piece_lists_its_destinations_layer_by_layer() {
    let game = Game::new();
    let strings = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(
        destinations(&game, "e2t0"),
        vec![
            (0, strings(&["e3t0", "e4t0"])),
            (1, strings(&["d2t1", "e2t1", "f2t1"])),
            (2, strings(&["e2t2"])),
        ]
    );
    let selection = game.selection(pos("e2t0"));
    assert_eq!(selection.reason, None);
    let piece = selection.piece.unwrap();
    assert_eq!((piece.color, piece.kind), (Color::White, Kind::Pawn));
    assert_eq!(selection.layers[1].destinations[1].mv, mv("e2t0e2t1"));
    assert_eq!(
        selection.layers[1].destinations[1].move_kind,
        MoveKind::Forward
    );

    // Into the past, with what the move captures there.
    let mut game = setup(&[
        ("a1", 'K'),
        ("d1", 'R'),
        ("c1", 'B'),
        ("h8", 'k'),
        ("f2", 'n'),
    ]);
    play_all(&mut game, &["a1t0a2t0", "f2t1d1t1"]);
    let selection = game.selection(pos("c1t2"));
    let back = selection
        .layers
        .iter()
        .flat_map(|layer| &layer.destinations)
        .find(|d| d.to == pos("d1t1"))
        .expect("the bishop reaches d1t1");
    assert_eq!(back.move_kind, MoveKind::Backward);
    assert_eq!(back.captures, Some(Kind::Knight));
}

#[test]
fn selecting_anything_else_gives_the_reason_and_no_destination() {
    let game = Game::new();
    let reason = |game: &Game, at: Pos| {
        let selection = game.selection(at);
        assert!(selection.layers.is_empty());
        selection.reason.expect("a reason")
    };
    assert_eq!(
        reason(&game, pos("e7t0")),
        NoDestination::NotYourPiece {
            to_move: Color::White
        }
    );
    assert_eq!(reason(&game, pos("e4t0")), NoDestination::Empty);
    assert_eq!(
        reason(&game, pos("e2t1")),
        NoDestination::NotPresent { present: 0 }
    );
    let off = Pos {
        turn: 0,
        rank: 1,
        file: 9,
    };
    assert_eq!(reason(&game, off), NoDestination::OffBoard);
    // In check from the past, a piece that cannot help has no legal move; the king and
    // the rook can take the knight, the king in the present or where it stood at turn 1.
    let mut check = setup(&[
        ("e1", 'K'),
        ("f8", 'R'),
        ("a2", 'P'),
        ("h6", 'k'),
        ("g3", 'n'),
    ]);
    play_all(&mut check, &["f8t0f7t0", "g3t1f1t1"]);
    assert_eq!(reason(&check, pos("a2t2")), NoDestination::NoLegalMove);
    assert_eq!(
        destinations(&check, "e1t2"),
        vec![(1, vec!["f1t1".to_string()]), (2, vec!["f1t2".to_string()])]
    );
    assert_eq!(
        destinations(&check, "f7t2"),
        vec![(2, vec!["f1t2".to_string()])]
    );
    let json = serde_json::to_string(&reason(&game, pos("e7t0"))).unwrap();
    assert_eq!(json, r#"{"reason":"notYourPiece","toMove":"white"}"#);
    assert_eq!(reason(&game, pos("e7t0")).to_string(), "It is white's turn");

    let mut over = setup(&[("e1", 'K'), ("e2", 'P'), ("e8", 'k'), ("d4", 'n')]);
    play_all(&mut over, &["e1t0e2t1", "e8t1d8t1"]);
    assert_eq!(reason(&over, pos("e2t2")), NoDestination::GameOver);
}

fn entry_error(game: &Game, text: &str) -> EntryError {
    game.parse_entry(text).expect_err(text)
}

#[test]
fn typed_moves_are_read_or_refused_with_the_part_or_the_rule_at_fault() {
    let game = Game::new();
    assert_eq!(game.parse_entry("e2t0e4t0"), Ok(mv("e2t0e4t0")));
    assert_eq!(game.parse_entry("  E2T0E4T0 "), Ok(mv("e2t0e4t0")));
    assert_eq!(game.parse_entry("e2t0 e4t0"), Ok(mv("e2t0e4t0")));
    assert_eq!(entry_error(&game, " "), EntryError::Empty);
    let text = |s: &str| s.to_string();
    assert_eq!(
        entry_error(&game, "i2t0e4t0"),
        EntryError::BadSquare {
            text: text("i2t0e4t0")
        }
    );
    assert_eq!(
        entry_error(&game, "e2t0e9t0"),
        EntryError::BadSquare { text: text("e9t0") }
    );
    assert_eq!(
        entry_error(&game, "e2e4"),
        EntryError::BadTurn { text: text("e2e4") }
    );
    assert_eq!(
        entry_error(&game, "e2t0e4"),
        EntryError::BadTurn { text: text("e4") }
    );
    assert_eq!(
        entry_error(&game, "e2t01e4t0"),
        EntryError::BadTurn {
            text: text("e2t01e4t0")
        }
    );
    assert_eq!(
        entry_error(&game, "e2t0"),
        EntryError::BadMove { text: text("e2t0") }
    );
    assert_eq!(
        entry_error(&game, "e2t0e4t0x"),
        EntryError::BadMove {
            text: text("e2t0e4t0x")
        }
    );
    let refused = entry_error(&game, "e2t0e5t0");
    assert_eq!(
        refused,
        EntryError::Illegal {
            mv: mv("e2t0e5t0"),
            rule: Refusal::NotAMove { kind: Kind::Pawn },
            message: text("A pawn cannot move that way"),
        }
    );
    assert_eq!(
        serde_json::to_string(&refused).unwrap(),
        r#"{"error":"illegal","mv":"e2t0e5t0","rule":{"rule":"notAMove","kind":"pawn"},"message":"A pawn cannot move that way"}"#
    );
    let rule = |game: &Game, text: &str| match entry_error(game, text) {
        EntryError::Illegal { rule, .. } => rule,
        other => panic!("{text}: {other:?}"),
    };
    assert_eq!(
        rule(&game, "e7t0e5t0"),
        Refusal::NotYourPiece {
            to_move: Color::White
        }
    );
    assert_eq!(
        rule(&game, "e4t0e5t0"),
        Refusal::NoPiece { at: pos("e4t0") }
    );
    assert_eq!(rule(&game, "e2t1e3t1"), Refusal::NotPresent { present: 0 });

    // Check from the past refuses a king step, with the engine's words.
    let mut check = setup(&[("e1", 'K'), ("f8", 'R'), ("h6", 'k'), ("g3", 'n')]);
    play_all(&mut check, &["f8t0f7t0", "g3t1f1t1"]);
    assert_eq!(
        entry_error(&check, "e1t2e2t2").to_string(),
        "e1t2e2t2: Move puts you in check"
    );
    assert_eq!(rule(&check, "e1t2e1t3"), Refusal::Check);

    let mut blocked = setup(&[("e1", 'K'), ("a1", 'R'), ("e8", 'k')]);
    play_all(&mut blocked, &["e1t0d1t0", "e8t1d8t1"]);
    assert_eq!(
        rule(&blocked, "a1t2a1t0"),
        Refusal::Blocked { at: pos("a1t1") }
    );
    assert_eq!(rule(&blocked, "a1t2a1t1"), Refusal::OwnPiece);
}

#[test]
fn completion_offers_the_legal_moves_that_start_with_the_typed_text() {
    let game = Game::new();
    let pawn = [
        "e2t0e3t0", "e2t0e4t0", "e2t0d2t1", "e2t0e2t1", "e2t0f2t1", "e2t0e2t2",
    ];
    let mut expected: Vec<_> = pawn.iter().map(|m| mv(m)).collect();
    expected.sort();
    for prefix in ["e2t0", "e2", "E2T", " e2t0"] {
        let completion = game.complete(prefix);
        assert_eq!(completion.moves, expected, "{prefix}");
        assert_eq!(completion.origins, vec![pos("e2t0")]);
        assert_eq!(completion.destinations.len(), 6);
        assert_eq!(completion.problem, None);
    }
    assert_eq!(
        game.complete("e2t0e2t").moves,
        vec![mv("e2t0e2t1"), mv("e2t0e2t2")]
    );
    let everything = game.complete("");
    assert_eq!(everything.moves.len(), 127);
    assert_eq!(everything.origins.len(), 16);
    let problem = |text: &str| game.complete(text).problem.expect(text);
    assert_eq!(problem("z"), EntryError::BadSquare { text: "z".into() });
    assert_eq!(problem("e2x"), EntryError::BadTurn { text: "e2x".into() });
    assert_eq!(problem("e4"), EntryError::NoMatch { text: "e4".into() });
    assert!(matches!(
        problem("e2t0e5t0"),
        EntryError::Illegal {
            rule: Refusal::NotAMove { kind: Kind::Pawn },
            ..
        }
    ));
    let mut over = setup(&[("e1", 'K'), ("e2", 'P'), ("e8", 'k'), ("d4", 'n')]);
    play_all(&mut over, &["e1t0e2t1", "e8t1d8t1"]);
    assert_eq!(over.complete("e").problem, Some(EntryError::GameOver));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn the_view_shows_every_layer_piece_and_traveller_of_the_game(seed in any::<u64>(), turns in 0usize..60) {
        let mut game = random_game(seed, turns);
        let view = game.screen_view();
        prop_assert_eq!(view.present, game.now());
        prop_assert_eq!(view.layers.len() as u32, game.now() + 1);
        for layer in &view.layers {
            let pieces = game.pieces(layer.turn).unwrap();
            prop_assert_eq!(layer.pieces.len(), pieces.len());
            for (shown, (at, piece)) in layer.pieces.iter().zip(&pieces) {
                prop_assert_eq!(shown.at, *at);
                prop_assert_eq!((shown.color, shown.kind, shown.lineage), (piece.color, piece.kind, piece.lineage));
            }
        }
        prop_assert_eq!(view.ghosts.len(), game.future_queue().len());
        prop_assert_eq!(view.outcome, game.outcome());
        let moves: Vec<_> = game.moves().collect();
        prop_assert_eq!(view.last_move.as_ref().map(|m| m.mv), moves.last().copied());
        if game.outcome().is_none() {
            prop_assert_eq!(view.check.is_some(), game.is_in_check());
        }
        // A braindead piece sits where a backward move landed, between its landing and the
        // turn of that move.
        let reports = game.move_reports();
        for layer in &view.layers {
            for piece in layer.pieces.iter().filter(|p| p.braindead) {
                prop_assert!(reports.iter().any(|r| r.move_kind == MoveKind::Backward
                    && r.mv.to.square() == piece.at.square()
                    && (r.mv.to.turn..=r.turn).contains(&piece.at.turn)), "{}", piece.at);
            }
        }
        // Every layer an attacking line touches is marked.
        if let Some(check) = &view.check {
            for line in &check.lines {
                prop_assert!(check.layers.contains(&line.king.turn) && check.layers.contains(&line.attacker.turn));
            }
        }
        // Nothing braindead in the present: a traveller that reached it is live again.
        prop_assert!(view.layers.last().unwrap().pieces.iter().all(|p| !p.braindead));
        // Every move has its sentence, which names its notation's two positions.
        for report in game.move_reports() {
            let text = report.to_string();
            prop_assert!(text.contains(&report.mv.from.to_string()) && text.contains(&report.mv.to.to_string()));
            let lost = report.consequences.iter().any(|c| matches!(c, Consequence::LostInTime { .. }));
            prop_assert_eq!(lost, text.contains("Lost in Time"));
        }
        // The destinations of every origin partition the legal moves exactly.
        let mut legal = game.legal_moves();
        legal.sort();
        let mut selected = Vec::new();
        for square in 0..64u8 {
            let selection = game.selection(Pos::new(square, game.now()));
            let moves: Vec<_> = selection.layers.iter().flat_map(|l| l.destinations.iter().map(|d| d.mv)).collect();
            prop_assert!(moves.iter().all(|m| m.from == Pos::new(square, game.now())));
            prop_assert_eq!(moves.is_empty(), selection.reason.is_some());
            prop_assert!(selection.layers.iter().all(|l| l.destinations.iter().all(|d| d.to.turn == l.turn)));
            selected.extend(moves);
        }
        selected.sort();
        prop_assert_eq!(selected, legal);
        // The timeline's checks agree with the engine at every turn.
        for (turn, entry) in view.timeline.iter().enumerate() {
            let mut earlier = game.state_at(turn).unwrap();
            if earlier.outcome().is_none() {
                prop_assert_eq!(entry.check, earlier.is_in_check(), "turn {}", turn);
            }
        }
    }

    #[test]
    fn typed_entry_round_trips_and_completion_finds_each_legal_move(seed in any::<u64>(), turns in 0usize..40, pick in any::<u64>()) {
        let mut game = random_game(seed, turns);
        let legal = game.legal_moves();
        for &m in &legal {
            prop_assert_eq!(game.parse_entry(&m.to_string()), Ok(m));
        }
        // Every prefix of a few moves' notation finds the move among legal moves only.
        let mut rng = SplitMix64::new(pick);
        for _ in 0..legal.len().min(4) {
            let m = legal[rng.below(legal.len())];
            let text = m.to_string();
            for end in 0..=text.len() {
                let completion = game.complete(&text[..end]);
                prop_assert!(completion.moves.contains(&m), "{} from {}", m, &text[..end]);
                prop_assert_eq!(completion.problem, None);
                for found in &completion.moves {
                    prop_assert!(legal.contains(found));
                    prop_assert!(found.to_string().starts_with(&text[..end]));
                }
            }
        }
    }

    #[test]
    fn any_text_is_read_or_refused_without_panicking(text in "[a-jt0-9 ]{0,14}|\\PC{0,12}") {
        let game = Game::new();
        if let Ok(m) = game.parse_entry(&text) {
            prop_assert!(game.legal_actions().contains(&m));
        }
        let completion = game.complete(&text);
        prop_assert_eq!(completion.moves.is_empty(), completion.problem.is_some());
    }
}
