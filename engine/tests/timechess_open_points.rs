//! The three points the rules page left open (issue 16, item 9), as decided in
//! `docs/rules/time-chess.md` §7: (a) the check test applies even when the opponent's king
//! will be Lost in Time at the end of the mover's turn; (b) an ending the 1,024th move
//! brings about takes precedence over the move limit; (c) is pinned in
//! `engine/src/timechess/legality.rs` (it needs a constructed position).

mod timechess_support;

use canon_engine::timechess::{EndReason, Game, IllegalMove, Outcome, Winner, MAX_MOVES};
use timechess_support::{mv, play_all, setup};

/// The sequence: black's king leaves d7t5 for c7t6, where its own pawn stands, so
/// it will be Lost in Time at the end of white's turn 6.
fn king_bound_to_be_lost() -> Game {
    let mut game = Game::new();
    play_all(
        &mut game,
        &[
            "d2t0e2t1", "b8t1d8t2", "d1t2d7t2", "e8t3d7t3", "a1t4a1t7", "d7t5c7t6",
        ],
    );
    game
}

#[test]
fn the_check_test_applies_even_when_the_opponents_king_is_about_to_be_lost() {
    let mut game = king_bound_to_be_lost();
    assert_eq!(game.outcome(), None);
    // Exposing the white king is refused although black will have no turn to take it.
    assert_eq!(game.check_move(mv("e1t6d1t6")), Err(IllegalMove::Check));
    let before = game.to_record_json();
    assert_eq!(game.play(mv("e1t6d1t6")), Err(IllegalMove::Check));
    assert_eq!(
        game.to_record_json(),
        before,
        "a refused move changes nothing"
    );
    // Any legal move wins: the black king is Lost in Time at the end of the turn.
    game.play(mv("e1t6e1t7")).unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            winner: Winner::White,
            reason: EndReason::KingLostInTime
        })
    );
}

#[test]
fn an_ending_brought_by_the_last_move_takes_precedence_over_the_move_limit() {
    // White shuffles e1-e2, black h8-h7; a white rook stands on e3.
    let mut game = setup(&[("e1", 'K'), ("e3", 'R'), ("h8", 'k')]);
    for n in 0..MAX_MOVES as u32 - 2 {
        let text = match n % 4 {
            0 => format!("e1t{n}e2t{n}"),
            1 => format!("h8t{n}h7t{n}"),
            2 => format!("e2t{n}e1t{n}"),
            _ => format!("h7t{n}h8t{n}"),
        };
        game.play(mv(&text)).unwrap();
    }
    assert_eq!(game.outcome(), None);
    // Move 1,023: the white king steps onto e3 one turn ahead, where its own rook stands.
    game.play(mv("e2t1022e3t1023")).unwrap();
    assert_eq!(game.outcome(), None);
    // Move 1,024: at the end of this turn the king arrives and is Lost in Time. That
    // ending, not the move limit's draw, decides the game.
    game.play(mv("h7t1023h8t1023")).unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            winner: Winner::Black,
            reason: EndReason::KingLostInTime
        })
    );
}
