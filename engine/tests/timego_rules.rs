//! TimeGo rules through the public API: the actual-play repetition rule, passes and Lock,
//! scoring with komi, the action limit, review and branching.

mod common;

use canon_engine::go::Color;
use canon_engine::timego::{Action, Game, Rejection, Winner, ACTION_LIMIT};

fn next(game: &Game) -> Color {
    game.side_to_move().unwrap()
}

fn place(game: &mut Game, point: u16) {
    let player = next(game);
    game.apply(Action::Place { player, point }).unwrap();
}

fn time(game: &mut Game, source: usize, target: usize) -> Result<(), Rejection> {
    let player = next(game);
    game.apply(Action::Time {
        player,
        source,
        target,
    })
    .map(|_| ())
}

fn pass(game: &mut Game) -> bool {
    let player = next(game);
    game.apply(Action::Pass { player }).unwrap().ended
}

fn lock(game: &mut Game) -> Result<(), Rejection> {
    let player = next(game);
    game.apply(Action::Lock { player }).map(|_| ())
}

#[test]
fn a_repeated_board_with_a_new_order_is_legal_but_a_repeated_order_and_lock_is_not() {
    // Three independent stones on 4 × 4: A1 (black), D4 (white), B3 (black).
    let mut game = Game::new(4, 0.0).unwrap();
    place(&mut game, 0);
    place(&mut game, 15);
    place(&mut game, 9);
    let board = game.board().to_vec();
    // White moves D4 first: same board, new order -> legal.
    time(&mut game, 1, 0).unwrap();
    assert_eq!(game.board(), &board[..]);
    assert_eq!(game.placements()[0].point, 15);
    // Black moving A1 (now birth 1) before D4 restores the order reached after action 3.
    assert_eq!(
        time(&mut game, 1, 0),
        Err(Rejection::RepeatedHistory { earlier_action: 3 })
    );
    // Moving B3 instead gives a new order: legal, board again unchanged.
    time(&mut game, 2, 0).unwrap();
    assert_eq!(game.board(), &board[..]);
    assert_eq!(game.reached_pairs(), 6);
}

#[test]
fn the_same_order_with_a_different_lock_is_a_different_pair() {
    let mut game = Game::new(3, 0.0).unwrap();
    place(&mut game, 0);
    place(&mut game, 8);
    lock(&mut game).unwrap(); // (H, 2) differs from (H, 0) reached after action 2
    assert_eq!(game.locked(), 2);
    assert_eq!(
        lock(&mut game),
        Err(Rejection::FullyLocked { placements: 2 })
    );
}

#[test]
fn two_consecutive_passes_end_the_game_and_lock_resets_the_count() {
    let mut game = Game::new(4, 0.0).unwrap();
    place(&mut game, 5);
    assert!(!pass(&mut game));
    assert_eq!(game.passes(), 1);
    lock(&mut game).unwrap();
    assert_eq!(game.passes(), 0, "Lock is not a pass and resets the count");
    assert!(!pass(&mut game));
    place(&mut game, 10);
    assert_eq!(game.passes(), 0);
    assert!(!pass(&mut game));
    assert!(pass(&mut game), "second consecutive pass ends the game");
    assert!(game.is_ended());
    assert_eq!(game.side_to_move(), None);
    assert!(game.legal_actions().is_empty());
    assert_eq!(
        game.apply(Action::Pass {
            player: Color::Black
        }),
        Err(Rejection::GameEnded)
    );
    let checkpoint = game.checkpoint();
    assert_eq!(checkpoint.passes, 2);
    assert_eq!(checkpoint.next, None);
    assert!(checkpoint.result.is_some());
}

fn one_stone_game(komi: f64) -> Game {
    let mut game = Game::new(2, komi).unwrap();
    place(&mut game, 0);
    pass(&mut game);
    pass(&mut game);
    game
}

#[test]
fn area_scoring_adds_komi_to_white_and_equal_scores_draw() {
    let game = one_stone_game(0.0);
    let result = game.result().unwrap();
    assert_eq!((game.score().area.black, game.score().area.white), (4, 0));
    assert_eq!(result.winner, Winner::Black);
    let game = one_stone_game(4.0);
    assert_eq!(game.result().unwrap().winner, Winner::Draw);
    assert_eq!(game.result().unwrap().white.value(), 4.0);
    let game = one_stone_game(3.5);
    assert_eq!(game.result().unwrap().winner, Winner::Black);
    let game = one_stone_game(-1.5);
    assert_eq!(game.result().unwrap().white.value(), -1.5);
    assert!(Game::new(2, 0.25).is_err());
    assert!(
        Game::new(2, 4.5).is_err(),
        "|komi| may not exceed the board area"
    );
    assert!(Game::new(6, 0.0).is_err());
    assert!(Game::new(1, 0.0).is_err());
}

#[test]
fn neutral_regions_score_for_nobody() {
    let mut game = Game::new(3, 0.0).unwrap();
    place(&mut game, 0); // black A1
    place(&mut game, 8); // white C3
    pass(&mut game);
    pass(&mut game);
    // The seven empty points form one region touching both colours.
    assert_eq!((game.score().area.black, game.score().area.white), (1, 1));
    assert_eq!(game.result().unwrap().winner, Winner::Draw);
    let mut game = Game::new(3, 0.5).unwrap();
    place(&mut game, 0);
    place(&mut game, 8);
    pass(&mut game);
    pass(&mut game);
    assert_eq!(game.result().unwrap().winner, Winner::White);
}

#[test]
fn the_action_limit_stops_play_without_scoring() {
    let game = common::random_line(5, 2, ACTION_LIMIT, common::NO_LOCK);
    assert_eq!(game.actions().len(), ACTION_LIMIT);
    assert!(!game.is_ended());
    assert!(game.action_limit_reached());
    assert!(game.result().is_none());
    assert!(game.legal_actions().is_empty());
    let mut copy = game.clone();
    let player = copy.side_to_move().unwrap();
    assert_eq!(
        copy.apply(Action::Pass { player }),
        Err(Rejection::ActionLimit {
            limit: ACTION_LIMIT
        })
    );
    assert!(copy.travellers().is_empty());
    // The line is still exported whole.
    let (back, cursor) = Game::from_record(game.to_json(ACTION_LIMIT).unwrap().as_bytes()).unwrap();
    assert_eq!(cursor, ACTION_LIMIT);
    assert_eq!(back.checkpoint(), game.checkpoint());
}

#[test]
fn review_and_branching_use_only_the_prefix_repetition_records() {
    let mut game = Game::new(4, 0.0).unwrap();
    place(&mut game, 0);
    place(&mut game, 15);
    place(&mut game, 9);
    time(&mut game, 1, 0).unwrap(); // White: H = [D4, A1, B3]
                                    // In this line, Black cannot restore the order [A1, D4, B3] reached after action 3.
    assert!(time(&mut game, 1, 0).is_err());
    // Review at 3 and branch: the discarded time move's pair no longer counts, so White may
    // play it again, and in a branch at 2 ...
    let at3 = game.state_at(3).unwrap();
    assert_eq!(at3.actions().len(), 3);
    assert_eq!(at3.placements().len(), 3);
    assert!(game.state_at(6).is_err());
    let mut branch = game.clone();
    branch.branch_at(2).unwrap();
    assert_eq!(branch.actions().len(), 2);
    assert_eq!(branch.reached_pairs(), 3);
    place(&mut branch, 9);
    // ... the future pair (D4, A1, B3) was reached only in the discarded line.
    time(&mut branch, 1, 0).unwrap();
    assert_eq!(branch.placements(), game.placements());
    assert_ne!(branch.revision(), Game::new(4, 0.0).unwrap().revision());
    assert_eq!(
        branch.revision(),
        game.revision(),
        "same actions, same revision"
    );
    assert_ne!(game.state_at(3).unwrap().revision(), game.revision());
}

#[test]
fn the_view_gathers_what_a_screen_shows() {
    let mut game = Game::new(4, 0.0).unwrap();
    place(&mut game, 5);
    place(&mut game, 10);
    place(&mut game, 6);
    let view = game.view();
    assert_eq!(view.size, 4);
    assert_eq!(view.checkpoint, game.checkpoint());
    assert_eq!(view.actions, game.actions());
    assert_eq!(view.revision, game.revision());
    assert_eq!(view.lock_rejection, None);
    assert!(!view.action_limit_reached);
    // White to move: only White's B3 (birth 1) may travel.
    let movable: Vec<usize> = view
        .births
        .iter()
        .filter(|b| b.may_travel)
        .map(|b| b.source)
        .collect();
    assert_eq!(movable, vec![1]);
    assert_eq!(game.travellers().len(), 1);
    assert_eq!(game.arrivals(1).unwrap().len(), 1);
    lock(&mut game).unwrap();
    let view = game.view();
    assert_eq!(
        view.lock_rejection,
        Some(Rejection::FullyLocked { placements: 3 })
    );
    assert!(view.births.iter().all(|b| b.locked && !b.may_travel));
    let json = serde_json::to_value(&view).unwrap();
    assert_eq!(
        json["lock_rejection"],
        serde_json::json!({"kind": "fully_locked", "placements": 3})
    );
    assert_eq!(json["score"]["result"]["winner"], "black");
}

/// Issue #16: the reasons for an unavailable Lock or time move name the situation they
/// are given in — nothing placed yet, everything locked, the game over.
#[test]
fn lock_and_time_move_reasons_fit_the_start_the_middle_and_the_end() {
    let mut game = Game::new(4, 0.0).unwrap();
    // Start: nothing placed, so nothing to lock and no stone to move.
    assert_eq!(lock(&mut game), Err(Rejection::NothingPlaced));
    assert_eq!(game.view().lock_rejection, Some(Rejection::NothingPlaced));
    assert_eq!(game.time_rejection(), Some(Rejection::NoStoneOnBoard));
    place(&mut game, 0); // Black A1, placement 1
                         // White has no stone yet; Lock is legal for White.
    assert_eq!(game.time_rejection(), Some(Rejection::NoStoneOnBoard));
    assert_eq!(game.view().lock_rejection, None);
    place(&mut game, 15); // White D4, placement 2
                          // Black's only stone is the game's first placement: nothing comes before it.
    assert_eq!(
        game.time_rejection(),
        Some(Rejection::FirstPlacement { source: 0 })
    );
    assert_eq!(
        time(&mut game, 0, 0),
        Err(Rejection::FirstPlacement { source: 0 })
    );
    assert_eq!(
        game.arrivals(0),
        Err(Rejection::FirstPlacement { source: 0 })
    );
    lock(&mut game).unwrap(); // Black locks placements 1 and 2
                              // Middle: everything placed is locked.
    assert_eq!(
        game.view().lock_rejection,
        Some(Rejection::FullyLocked { placements: 2 })
    );
    assert_eq!(
        game.time_rejection(),
        Some(Rejection::AllStonesLocked { locked: 2 })
    );
    place(&mut game, 5); // White B2, placement 3
    place(&mut game, 10); // Black C3, placement 4
                          // White's only unlocked stone is first in the unlocked past.
    assert_eq!(
        game.time_rejection(),
        Some(Rejection::NoEarlierGap { source: 2 })
    );
    place(&mut game, 6); // White C2, placement 5: it may travel
    place(&mut game, 9); // Black B3
    assert_eq!(game.time_rejection(), None);
    // End: two passes.
    assert!(!pass(&mut game));
    assert!(pass(&mut game));
    let view = game.view();
    assert_eq!(view.lock_rejection, Some(Rejection::GameEnded));
    assert_eq!(view.time_rejection, Some(Rejection::GameEnded));
    let json = serde_json::to_value(&view).unwrap();
    assert_eq!(
        json["time_rejection"],
        serde_json::json!({"kind": "game_ended"})
    );
}

#[test]
fn counts_in_rejection_sentences_read_right_for_zero_and_one() {
    assert_eq!(
        Rejection::SourceOutOfRange {
            source: 2,
            placements: 0
        }
        .message(4),
        "There is no placement 3: nothing has been placed yet."
    );
    assert_eq!(
        Rejection::SourceOutOfRange {
            source: 2,
            placements: 1
        }
        .message(4),
        "There is no placement 3: the order has 1 placement."
    );
    assert_eq!(
        Rejection::BirthLocked {
            source: 0,
            locked: 1
        }
        .message(4),
        "Placement 1 is locked (the first placement is protected)."
    );
    assert_eq!(
        Rejection::BirthLocked {
            source: 0,
            locked: 4
        }
        .message(4),
        "Placement 1 is locked (the first 4 placements are protected)."
    );
    let one_gap = Rejection::TargetOutOfRange {
        source: 3,
        target: 0,
        locked: 2,
    };
    assert_eq!(
        one_gap.message(4),
        "Placement 4 can only move before placement 3, not before 1."
    );
    let gaps = Rejection::TargetOutOfRange {
        source: 5,
        target: 1,
        locked: 2,
    };
    assert_eq!(
        gaps.message(4),
        "Placement 6 can only move before placements 3 to 5, not before 2."
    );
}
