//! The rules of `docs/rules/time-chess.md`, one tactical position each. Every test would
//! fail under the other reading of the dissertation that the rules page rejects.

mod timechess_support;

use canon_engine::timechess::{
    Color, EndReason, Event, Game, IllegalMove, Kind, Outcome, Winner, MAX_MOVES,
};
use timechess_support::{mv, play_all, pos, setup};

fn kind_at(game: &Game, at: &str) -> Option<(Color, Kind)> {
    game.piece_at(pos(at)).map(|p| (p.color, p.kind))
}

fn lost(game: &Game) -> Vec<Kind> {
    game.last_events()
        .iter()
        .filter_map(|e| match *e {
            Event::LostInTime { kind, .. } => Some(kind),
            _ => None,
        })
        .collect()
}

#[test]
fn the_start_offers_chess_moves_and_moves_into_the_future_only() {
    let mut game = Game::new();
    let moves = game.legal_moves();
    assert_eq!(moves.len(), 127);
    assert_eq!(moves.iter().filter(|m| m.to.turn == 0).count(), 20);
    assert!(moves.iter().all(|m| m.to.turn <= 7));
    assert!(moves.contains(&mv("a1t0a1t7")));
    assert!(!moves.contains(&mv("a1t0a1t8")));
}

#[test]
fn a_piece_never_moves_straight_back_in_time_because_its_own_past_stands_there() {
    let mut game = setup(&[("e1", 'K'), ("a1", 'R'), ("e8", 'k')]);
    play_all(&mut game, &["e1t0d1t0", "e8t1d8t1"]);
    assert_eq!(game.play(mv("a1t2a1t1")), Err(IllegalMove::OwnPiece));
    assert_eq!(
        game.play(mv("a1t2a1t0")),
        Err(IllegalMove::Blocked(pos("a1t1")))
    );
}

#[test]
fn capture_in_the_past_erases_the_lineage_to_the_present_but_not_what_it_did() {
    let mut game = setup(&[
        ("a1", 'K'),
        ("d1", 'R'),
        ("c1", 'B'),
        ("h8", 'k'),
        ("f2", 'n'),
    ]);
    play_all(&mut game, &["a1t0a2t0", "f2t1d1t1"]);
    assert_eq!(kind_at(&game, "d1t2"), Some((Color::Black, Kind::Knight)));
    play_all(&mut game, &["c1t2d1t1"]);
    // The bishop sits braindead on d1 from turn 1 and stands there in the present.
    for at in ["d1t1", "d1t2", "d1t3"] {
        assert_eq!(
            kind_at(&game, at),
            Some((Color::White, Kind::Bishop)),
            "{at}"
        );
    }
    // The knight is gone from its capture on, but was at f2 before it moved.
    assert_eq!(kind_at(&game, "f2t0"), Some((Color::Black, Kind::Knight)));
    assert!((1..=3).all(|t| game
        .pieces(t)
        .unwrap()
        .iter()
        .all(|(_, p)| p.kind != Kind::Knight)));
    // The rook the knight took at turn 1 stays taken.
    assert!((1..=3).all(|t| game
        .pieces(t)
        .unwrap()
        .iter()
        .all(|(_, p)| p.kind != Kind::Rook)));
    assert_eq!(kind_at(&game, "d1t0"), Some((Color::White, Kind::Rook)));
}

#[test]
fn arrivals_come_after_the_arrival_turns_own_move() {
    // A white piece may move onto the arrival square during the arrival turn: the
    // arriving knight then finds its own piece and is Lost in Time.
    let mut game = setup(&[("a1", 'K'), ("b1", 'N'), ("d2", 'B'), ("h8", 'k')]);
    play_all(&mut game, &["b1t0c1t2", "h8t1g8t1", "d2t2c1t2"]);
    assert_eq!(lost(&game), vec![Kind::Knight]);
    assert_eq!(kind_at(&game, "c1t2"), Some((Color::White, Kind::Bishop)));
    assert!(game.future_queue().is_empty());

    // An opposing piece that moved onto it meanwhile is captured by the arrival.
    let mut game = setup(&[("a1", 'K'), ("b1", 'N'), ("h8", 'k'), ("a3", 'b')]);
    play_all(&mut game, &["b1t0c1t2", "a3t1c1t1", "a1t2a2t2"]);
    assert_eq!(kind_at(&game, "c1t2"), Some((Color::White, Kind::Knight)));
    assert!(game.last_events().iter().any(|e| matches!(
        e,
        Event::Captured {
            kind: Kind::Bishop,
            ..
        }
    )));
}

#[test]
fn a_forward_path_is_checked_on_arrival_through_layers_made_after_departure() {
    let mut game = setup(&[("e1", 'K'), ("a1", 'R'), ("e8", 'k'), ("b3", 'n')]);
    // At departure no layer of the path exists; the knight then stands on it.
    play_all(&mut game, &["a1t0a1t3", "b3t1a1t1", "e1t2e2t2"]);
    assert_eq!(game.future_queue().len(), 1);
    play_all(&mut game, &["a1t3b3t3"]);
    assert_eq!(lost(&game), vec![Kind::Rook]);
    assert_eq!(kind_at(&game, "a1t3"), None);
}

#[test]
fn a_forward_traveller_whose_departing_instance_is_captured_is_lost_in_time() {
    let mut game = setup(&[("a8", 'K'), ("b1", 'N'), ("h1", 'k'), ("d1", 'b')]);
    play_all(&mut game, &["a8t0a7t0", "h1t1h2t1", "b1t2c1t4"]);
    play_all(&mut game, &["d1t3b1t1"]);
    assert_eq!(game.future_queue().len(), 1, "lost only when it is due");
    play_all(&mut game, &["a7t4a8t4"]);
    assert_eq!(lost(&game), vec![Kind::Knight]);
    assert_eq!(kind_at(&game, "c1t4"), None);
}

#[test]
fn pawns_step_into_the_future_straight_onto_empty_squares_and_diagonally_to_capture() {
    // Straight: the square is taken meanwhile, so the pawn is lost, not capturing.
    let mut game = setup(&[("a1", 'K'), ("e2", 'P'), ("h8", 'k'), ("f4", 'n')]);
    play_all(&mut game, &["e2t0e2t1", "f4t1e2t1"]);
    assert_eq!(lost(&game), vec![Kind::Pawn]);
    assert_eq!(kind_at(&game, "e2t1"), Some((Color::Black, Kind::Knight)));

    // Diagonal: captures what moved there meanwhile ...
    let mut game = setup(&[("a1", 'K'), ("e2", 'P'), ("h8", 'k'), ("c4", 'n')]);
    play_all(&mut game, &["e2t0d2t1", "c4t1d2t1"]);
    assert_eq!(kind_at(&game, "d2t1"), Some((Color::White, Kind::Pawn)));
    // ... and is lost if nothing is there.
    let mut game = setup(&[("a1", 'K'), ("e2", 'P'), ("h8", 'k')]);
    play_all(&mut game, &["e2t0d2t1", "h8t1g8t1"]);
    assert_eq!(lost(&game), vec![Kind::Pawn]);
}

#[test]
fn pawns_double_step_in_rank_or_time_only_on_their_first_move_and_never_go_back() {
    let mut game = setup(&[("a1", 'K'), ("e2", 'P'), ("d2", 'P'), ("h8", 'k')]);
    assert!(game.check_move(mv("e2t0e2t2")).is_ok());
    play_all(&mut game, &["e2t0e3t0", "h8t1g8t1"]);
    assert_eq!(
        game.check_move(mv("e3t2e3t4")),
        Err(IllegalMove::DoubleAfterMoving)
    );
    assert_eq!(
        game.check_move(mv("e3t2e5t2")),
        Err(IllegalMove::DoubleAfterMoving)
    );
    assert_eq!(
        game.check_move(mv("e3t2e3t1")),
        Err(IllegalMove::NotAMove("pawn"))
    );
    assert_eq!(
        game.check_move(mv("e3t2d3t1")),
        Err(IllegalMove::NotAMove("pawn"))
    );
    // A pawn that stepped into the future has moved too.
    play_all(&mut game, &["d2t2d2t3", "g8t3h8t3"]);
    assert_eq!(kind_at(&game, "d2t4"), Some((Color::White, Kind::Pawn)));
    assert_eq!(
        game.check_move(mv("d2t4d4t4")),
        Err(IllegalMove::DoubleAfterMoving)
    );
}

#[test]
fn there_is_no_castling_and_no_en_passant() {
    let mut game = setup(&[
        ("e1", 'K'),
        ("h1", 'R'),
        ("e5", 'P'),
        ("e8", 'k'),
        ("d7", 'p'),
    ]);
    assert_eq!(
        game.check_move(mv("e1t0g1t0")),
        Err(IllegalMove::NotAMove("king"))
    );
    play_all(&mut game, &["e1t0f1t0", "d7t1d5t1"]);
    assert_eq!(
        game.check_move(mv("e5t2d6t2")),
        Err(IllegalMove::PawnNothingToCapture)
    );
}

#[test]
fn promotion_makes_a_queen_at_once_that_a_capture_of_the_pawn_in_the_past_erases() {
    let mut game = setup(&[("a1", 'K'), ("g7", 'P'), ("a8", 'k'), ("h7", 'n')]);
    play_all(&mut game, &["a1t0a2t0", "a8t1b8t1", "g7t2g8t2"]);
    assert_eq!(kind_at(&game, "g8t2"), Some((Color::White, Kind::Queen)));
    assert!(game.is_in_check(), "the new queen checks along rank 8");
    play_all(&mut game, &["h7t3g7t1"]);
    assert_eq!(kind_at(&game, "g8t2"), None);
    assert_eq!(kind_at(&game, "g8t4"), None);
    assert_eq!(kind_at(&game, "g7t0"), Some((Color::White, Kind::Pawn)));
    assert_eq!(kind_at(&game, "g7t4"), Some((Color::Black, Kind::Knight)));
}

#[test]
fn a_braindead_traveller_is_steamrollered_by_a_piece_that_entered_its_square() {
    let start = [("a1", 'K'), ("f1", 'B'), ("h8", 'k'), ("e3", 'n')];
    let mut game = setup(&start);
    play_all(&mut game, &["a1t0a2t0", "h8t1g8t1", "a2t2a1t2", "e3t3d1t3"]);
    play_all(&mut game, &["f1t4d1t2"]);
    assert_eq!(kind_at(&game, "d1t2"), Some((Color::White, Kind::Bishop)));
    assert_eq!(kind_at(&game, "d1t3"), Some((Color::Black, Kind::Knight)));
    assert_eq!(kind_at(&game, "d1t5"), Some((Color::Black, Kind::Knight)));
    assert!(game.last_events().iter().any(|e| matches!(
        e,
        Event::Steamrolled {
            kind: Kind::Bishop,
            ..
        }
    )));
    assert!((4..=5).all(|t| game
        .pieces(t)
        .unwrap()
        .iter()
        .all(|(_, p)| p.kind != Kind::Bishop)));

    // Without the knight's move the bishop survives to the present.
    let mut game = setup(&start);
    play_all(
        &mut game,
        &["a1t0a2t0", "h8t1g8t1", "a2t2a1t2", "e3t3c4t3", "f1t4d1t2"],
    );
    assert_eq!(kind_at(&game, "d1t5"), Some((Color::White, Kind::Bishop)));
}

#[test]
fn a_later_traveller_meeting_an_earlier_one_is_destroyed_by_its_arrival() {
    // The bishop lands on d1 at turn 2. Then the queen lands on d1 at turn 1 and, rising
    // braindead, meets the square the bishop entered at turn 2: the queen is destroyed.
    let mut game = setup(&[("a1", 'K'), ("f1", 'B'), ("d6", 'Q'), ("h8", 'k')]);
    play_all(
        &mut game,
        &["a1t0a2t0", "h8t1g8t1", "a2t2a1t2", "g8t3h8t3", "f1t4d1t2"],
    );
    play_all(&mut game, &["h8t5g8t5", "d6t6d1t1"]);
    assert_eq!(kind_at(&game, "d1t1"), Some((Color::White, Kind::Queen)));
    for at in ["d1t2", "d1t6", "d1t7"] {
        assert_eq!(
            kind_at(&game, at),
            Some((Color::White, Kind::Bishop)),
            "{at}"
        );
    }
    assert!(game.last_events().iter().any(|e| matches!(
        e,
        Event::Steamrolled {
            kind: Kind::Queen,
            ..
        }
    )));
    assert!(game
        .pieces(7)
        .unwrap()
        .iter()
        .all(|(_, p)| p.kind != Kind::Queen));
}

#[test]
fn check_through_a_past_instance_is_not_escaped_by_stepping_aside_or_into_the_future() {
    let mut game = setup(&[("e1", 'K'), ("f8", 'R'), ("h6", 'k'), ("g3", 'n')]);
    play_all(&mut game, &["f8t0f7t0", "g3t1f1t1"]);
    // The knight on f1 reaches e1 two turns back: (-1, 0, -2).
    assert!(game.is_in_check());
    assert_eq!(game.check_move(mv("e1t2e2t2")), Err(IllegalMove::Check));
    assert_eq!(game.check_move(mv("e1t2d2t2")), Err(IllegalMove::Check));
    assert_eq!(game.check_move(mv("e1t2e1t3")), Err(IllegalMove::Check));
    assert_eq!(game.play(mv("f7t2f1t2")), Ok(()));
}

#[test]
fn an_opposing_traveller_due_on_the_king_next_turn_is_check() {
    let mut game = setup(&[("a1", 'K'), ("h2", 'R'), ("e8", 'k'), ("b1", 'n')]);
    play_all(&mut game, &["h2t0h3t0", "b1t1a1t3"]);
    assert!(game.is_in_check());
    assert_eq!(game.check_move(mv("h3t2h4t2")), Err(IllegalMove::Check));
    assert_eq!(game.play(mv("a1t2a2t2")), Ok(()));
}

#[test]
fn a_king_lost_in_time_loses_unless_the_square_is_cleared_in_time() {
    let start = [("e1", 'K'), ("e2", 'P'), ("e8", 'k'), ("d4", 'n')];
    let mut game = setup(&start);
    // The moves list offers the move: its fate is unknown when it is declared.
    assert!(game.legal_moves().contains(&mv("e1t0e2t1")));
    play_all(&mut game, &["e1t0e2t1", "e8t1d8t1"]);
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            winner: Winner::Black,
            reason: EndReason::KingLostInTime
        })
    );
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.play(mv("e2t2e3t2")), Err(IllegalMove::GameOver));

    let mut game = setup(&start);
    play_all(&mut game, &["e1t0e2t1", "d4t1e2t1"]);
    assert_eq!(game.outcome(), None);
    assert_eq!(kind_at(&game, "e2t1"), Some((Color::White, Kind::King)));
}

#[test]
fn a_king_uncovered_for_an_arrival_in_the_same_turn_is_captured_and_loses() {
    // The white bishop c1t0c3t2 is due on the black king at the end of turn 2; black's
    // knight blocks its path at c2t1, so black is not in check. White erases the knight
    // from its start (g3t2e3t0 takes it at e3t0), the path clears, the bishop arrives.
    let mut game = setup(&[
        ("a8", 'K'),
        ("c1", 'B'),
        ("g3", 'B'),
        ("c3", 'k'),
        ("e3", 'n'),
    ]);
    play_all(&mut game, &["c1t0c3t2", "e3t1c2t1"]);
    assert!(!game.is_in_check());
    play_all(&mut game, &["g3t2e3t0"]);
    assert_eq!(kind_at(&game, "c3t2"), Some((Color::White, Kind::Bishop)));
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            winner: Winner::White,
            reason: EndReason::KingCaptured
        })
    );
}

#[test]
fn the_game_is_drawn_after_the_move_limit() {
    let mut game = setup(&[("a1", 'K'), ("h8", 'k')]);
    let shuffle = ["a1", "a2", "h8", "h7"];
    for n in 0..MAX_MOVES as u32 {
        let (from, to) = match n % 4 {
            0 => (shuffle[0], shuffle[1]),
            1 => (shuffle[2], shuffle[3]),
            2 => (shuffle[1], shuffle[0]),
            _ => (shuffle[3], shuffle[2]),
        };
        assert_eq!(game.outcome(), None, "move {n}");
        game.play(mv(&format!("{from}t{n}{to}t{n}"))).unwrap();
    }
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            winner: Winner::Draw,
            reason: EndReason::MoveLimit
        })
    );
}

#[test]
fn a_refused_move_changes_nothing_and_says_why() {
    let mut game = Game::new();
    let before = game.to_record_json();
    let cases = [
        ("e2t1e4t1", IllegalMove::NotPresent(0)),
        ("e4t0e5t0", IllegalMove::NoPiece(pos("e4t0"))),
        ("e7t0e5t0", IllegalMove::NotYourPiece("white")),
        ("b1t0b3t0", IllegalMove::NotAMove("knight")),
        ("a1t0a3t0", IllegalMove::Blocked(pos("a2t0"))),
        ("d1t0d2t0", IllegalMove::OwnPiece),
        ("e2t0d3t0", IllegalMove::PawnNothingToCapture),
        ("a1t0a1t8", IllegalMove::NotAMove("rook")),
    ];
    for (text, reason) in cases {
        assert_eq!(game.play(mv(text)), Err(reason), "{text}");
    }
    assert_eq!(game.to_record_json(), before);
}
