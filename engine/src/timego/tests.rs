//! Tactical positions from the rules, each checked against what the rules say.

use super::chronology::key_of;
use super::*;
use crate::go::{Board, Color, Graph, Point};

fn at(game: &Game, name: &str) -> Point {
    let size = game.size() as usize;
    let column = (name.as_bytes()[0] - b'A') as usize;
    let row: usize = name[1..].parse::<usize>().unwrap() - 1;
    (row * size + column) as Point
}

fn player(game: &Game) -> Color {
    game.side_to_move().expect("game goes on")
}

fn place(game: &mut Game, name: &str) -> Result<Applied, Rejection> {
    let action = Action::Place {
        player: player(game),
        point: at(game, name),
    };
    game.apply(action)
}

fn play(game: &mut Game, names: &[&str]) {
    for name in names {
        if *name == "pass" {
            pass(game).unwrap();
        } else {
            place(game, name).unwrap_or_else(|r| panic!("{name}: {r}"));
        }
    }
}

fn time(game: &mut Game, source: usize, target: usize) -> Result<Applied, Rejection> {
    let action = Action::Time {
        player: player(game),
        source,
        target,
    };
    game.apply(action)
}

fn lock(game: &mut Game) -> Result<Applied, Rejection> {
    let action = Action::Lock {
        player: player(game),
    };
    game.apply(action)
}

fn pass(game: &mut Game) -> Result<Applied, Rejection> {
    let action = Action::Pass {
        player: player(game),
    };
    game.apply(action)
}

/// The present board as rows from the top, `X` black, `O` white.
fn diagram(game: &Game) -> Vec<String> {
    let size = game.size() as usize;
    (0..size)
        .rev()
        .map(|row| {
            (0..size)
                .map(|column| match game.board()[row * size + column] {
                    1 => 'X',
                    2 => 'O',
                    _ => '.',
                })
                .collect()
        })
        .collect()
}

fn order(game: &Game) -> Vec<String> {
    game.placements()
        .iter()
        .map(|p| {
            format!(
                "{}{}",
                if p.player == Color::Black { "B" } else { "W" },
                point_name(p.point, game.size())
            )
        })
        .collect()
}

/// The cached chronology equals a replay of `H` from the empty board, every board is
/// distinct, and the exact keys and births agree.
fn assert_chronology(game: &Game) {
    let graph = Graph::square(game.size());
    let mut board = Board::new(&graph);
    let mut seen = vec![board.colors().to_vec()];
    let chronology = &game.position.chronology;
    let mut captured = Vec::new();
    for (k, placement) in game.placements().iter().enumerate() {
        board
            .play(&graph, placement.point, placement.player, &mut captured)
            .unwrap();
        assert_eq!(game.chronological_board(k + 1).unwrap(), board.colors());
        assert_eq!(chronology.keys[k + 1], key_of(board.colors()));
        assert!(
            !seen.contains(&board.colors().to_vec()),
            "board {k} repeats"
        );
        seen.push(board.colors().to_vec());
    }
    assert_eq!(game.board(), board.colors());
}

#[test]
fn placements_capture_and_reject_occupied_suicide_and_off_board() {
    let mut game = Game::new(3, 0.0).unwrap();
    play(&mut game, &["A1", "B1", "C3"]);
    let applied = place(&mut game, "A2").unwrap();
    assert_eq!(applied.captured, vec![at(&game, "A1")]);
    assert_eq!(diagram(&game), ["..X", "O..", ".O."]);
    assert_eq!(
        place(&mut game, "A2"),
        Err(Rejection::Occupied { point: 3 })
    );
    assert_eq!(place(&mut game, "A1"), Err(Rejection::Suicide { point: 0 }));
    let black = player(&game);
    assert_eq!(
        game.apply(Action::Place {
            player: black,
            point: 9
        }),
        Err(Rejection::OffBoard { point: 9 })
    );
    assert_eq!(
        game.apply(Action::Place {
            player: black.opposite(),
            point: 4
        }),
        Err(Rejection::NotYourTurn {
            expected: Color::Black,
            found: Color::White
        })
    );
    assert_eq!(game.actions().len(), 4, "rejections change nothing");
    assert_chronology(&game);
}

/// The ko of a 4 × 4 board: Black C2 takes, White cannot retake at once.
fn ko_game() -> Game {
    let mut game = Game::new(4, 0.0).unwrap();
    play(&mut game, &["B3", "C3", "A2", "B2", "B1", "D2", "D4", "C1"]);
    let applied = place(&mut game, "C2").unwrap();
    assert_eq!(applied.captured, vec![at(&game, "B2")]);
    game
}

#[test]
fn immediate_ko_retake_is_superko_naming_the_earlier_board() {
    let mut game = ko_game();
    let rejection = place(&mut game, "B2").unwrap_err();
    assert_eq!(
        rejection,
        Rejection::Superko {
            point: 5,
            earlier_board: 8
        }
    );
    assert_eq!(
        rejection.message(4),
        "A stone at B2 would recreate the board after placement 8 of the placement order (superko)."
    );
}

#[test]
fn an_arrival_recreating_a_board_of_the_prefix_is_superko() {
    // Black takes the ko, White plays elsewhere, Black plays elsewhere, White retakes
    // (legal: the extra stones make the board new), then White moves that retake's birth
    // back to just after Black's take: the arrival would recreate board 8.
    let mut game = ko_game();
    play(&mut game, &["A4", "A3", "B2"]);
    assert_eq!(order(&game)[11], "WB2");
    play(&mut game, &["D3"]);
    assert_eq!(
        time(&mut game, 11, 9).unwrap_err(),
        Rejection::ArrivalSuperko {
            point: 5,
            target: 9,
            earlier_board: 8
        }
    );
    // Arriving one gap later is legal: the board after A4 plus the retake is new.
    let applied = time(&mut game, 11, 10).unwrap();
    let consequences = applied.time.unwrap();
    assert_eq!(consequences.arrival.captured, vec![at(&game, "C2")]);
    assert!(consequences.cancelled.is_empty());
    assert_eq!(&order(&game)[9..], ["WA4", "WB2", "BA3", "BD3"]);
    assert_chronology(&game);
}

#[test]
fn a_placement_is_legal_when_its_board_was_shown_in_play_but_is_not_in_the_current_order() {
    let mut game = ko_game();
    let board_before_take = game.chronological_board(8).unwrap().to_vec();
    pass(&mut game).unwrap(); // White
                              // Black moves the take before White's C1: it now captures B2 on arrival, C1 replays,
                              // and the present board is unchanged, but no board of the new order has both White B2
                              // and White C1 without Black C2.
    let applied = time(&mut game, 8, 7).unwrap();
    assert!(applied.time.unwrap().board_unchanged);
    assert_eq!(&order(&game)[7..], ["BC2", "WC1"]);
    assert!((0..=9).all(|k| game.chronological_board(k).unwrap() != board_before_take));
    // White's retake recreates the board shown after action 8, and that is legal now.
    let applied = place(&mut game, "B2").unwrap();
    assert_eq!(applied.captured, vec![at(&game, "C2")]);
    assert_eq!(game.board(), &board_before_take[..]);
    assert_chronology(&game);
}

#[test]
fn a_replayed_placement_that_became_suicide_is_cancelled() {
    // White A1 was legal with A2 empty; Black's A2 then captured it. Moving A2 before A1
    // makes A1 a suicide in the replay, so it is cancelled and the board is unchanged.
    let mut game = Game::new(3, 0.0).unwrap();
    play(&mut game, &["B1", "A1", "A2", "C3"]);
    assert_eq!(diagram(&game), ["..O", "X..", ".X."]);
    let consequences = time(&mut game, 2, 1).unwrap().time.unwrap();
    assert_eq!(consequences.cancelled.len(), 1);
    assert_eq!(consequences.cancelled[0].old_index, 1);
    assert_eq!(consequences.cancelled[0].reason, Cancellation::Suicide);
    assert!(!consequences.cancelled[0].was_alive);
    assert!(consequences.board_unchanged);
    assert_eq!(order(&game), ["BB1", "BA2", "WC3"]);
    assert_chronology(&game);
}

/// 3 × 3: Black's A1 is captured by White A2; Black later retakes A1 and connects at A2.
fn restoration_game() -> Game {
    let mut game = Game::new(3, 0.0).unwrap();
    play(
        &mut game,
        &["A1", "B1", "B2", "A2", "A3", "C3", "A1", "C1", "A2", "pass"],
    );
    assert_eq!(game.side_to_move(), Some(Color::Black));
    assert_eq!(
        order(&game),
        ["BA1", "WB1", "BB2", "WA2", "BA3", "WC3", "BA1", "WC1", "BA2"]
    );
    assert_eq!(diagram(&game), ["X.O", "XX.", "XOO"]);
    game
}

#[test]
fn time_move_restores_a_captured_stone_and_cancels_occupied_placements_leaving_the_board_unchanged()
{
    let mut game = restoration_game();
    let before = game.board().to_vec();
    let preview = game.preview_time(8, 3).unwrap();
    let applied = time(&mut game, 8, 3).unwrap();
    let consequences = applied.time.unwrap();
    assert_eq!(preview, consequences, "preview equals commit");
    assert_eq!(
        order(&game),
        ["BA1", "WB1", "BB2", "BA2", "BA3", "WC3", "WC1"]
    );
    assert_eq!(game.board(), &before[..]);
    assert!(consequences.board_unchanged);
    assert_eq!(
        consequences.restored,
        vec![at(&game, "A1")],
        "A1 is born at 0 again"
    );
    assert!(consequences.captured.is_empty());
    let cancelled: Vec<(usize, Cancellation, bool)> = consequences
        .cancelled
        .iter()
        .map(|c| (c.old_index, c.reason, c.was_alive))
        .collect();
    assert_eq!(
        cancelled,
        vec![
            (3, Cancellation::Occupied, false),
            (6, Cancellation::Occupied, true)
        ]
    );
    assert!(!consequences.traveller_died);
    let steps: Vec<(usize, Option<usize>)> = consequences
        .steps
        .iter()
        .map(|s| (s.old_index, s.new_index))
        .collect();
    assert_eq!(
        steps,
        vec![
            (3, None),
            (4, Some(4)),
            (5, Some(5)),
            (6, None),
            (7, Some(6))
        ]
    );
    assert_eq!(
        game.births().iter().map(|b| b.source).collect::<Vec<_>>(),
        vec![0, 1, 2, 3, 4, 5, 6]
    );
    assert_chronology(&game);
}

#[test]
fn arrival_can_be_occupied_or_suicide() {
    let game = restoration_game();
    // Black A1 (birth 6) cannot arrive after placement 1: the first A1 still stands.
    assert_eq!(
        game.preview_time(6, 1).unwrap_err(),
        Rejection::ArrivalOccupied {
            point: 0,
            target: 1
        }
    );
    // After White's A2 captured it, A1 has only white neighbours with other liberties.
    assert_eq!(
        game.preview_time(6, 4).unwrap_err(),
        Rejection::ArrivalSuicide {
            point: 0,
            target: 4
        }
    );
    let arrivals = game.arrivals(6).unwrap();
    assert_eq!(arrivals.len(), 6);
    assert_eq!(
        arrivals[1].rejection,
        Some(Rejection::ArrivalOccupied {
            point: 0,
            target: 1
        })
    );
    for arrival in &arrivals {
        assert_eq!(
            arrival.rejection,
            game.preview_time(6, arrival.target).err()
        );
    }
}

#[test]
fn departure_checks_name_each_reason() {
    let mut game = restoration_game();
    // Black to move.
    assert_eq!(
        game.preview_time(9, 0).unwrap_err(),
        Rejection::SourceOutOfRange {
            source: 9,
            placements: 9
        }
    );
    assert_eq!(
        game.preview_time(7, 0).unwrap_err(),
        Rejection::NotYourStone {
            source: 7,
            point: 2
        }
    );
    assert_eq!(
        game.preview_time(0, 0).unwrap_err(),
        Rejection::StoneNotAlive {
            source: 0,
            point: 0
        }
    );
    assert_eq!(
        game.preview_time(8, 8).unwrap_err(),
        Rejection::TargetOutOfRange {
            source: 8,
            target: 8,
            locked: 0
        }
    );
    lock(&mut game).unwrap(); // Black
    pass(&mut game).unwrap(); // White
    place(&mut game, "B3").unwrap(); // Black, birth 9
    place(&mut game, "C2").unwrap(); // White, birth 10, captures every black stone
    pass(&mut game).unwrap(); // Black
    assert_eq!(
        game.preview_time(7, 0).unwrap_err(),
        Rejection::BirthLocked {
            source: 7,
            locked: 9
        }
    );
    assert_eq!(
        game.preview_time(10, 8).unwrap_err(),
        Rejection::TargetOutOfRange {
            source: 10,
            target: 8,
            locked: 9
        }
    );
    // White's C2 captured the whole black group; moved before Black's B3 it arrives
    // legally, and the replayed B3 then captures it with its group: the traveller dies.
    assert_eq!(diagram(&game), ["..O", "..O", ".OO"]);
    let consequences = game.preview_time(10, 9).unwrap();
    assert!(consequences.traveller_died);
    assert_eq!(consequences.captured, vec![1, 2, 5, 8]);
    assert_eq!(consequences.restored, vec![0, 3, 4, 6, 7]);
    assert_eq!(consequences.board_after, vec![1, 0, 0, 1, 1, 0, 1, 1, 0]);
    assert_eq!(consequences.steps[0].captured, vec![1, 2, 5, 8]);
    assert_eq!(consequences.locked, 9);
    let applied = time(&mut game, 10, 9).unwrap();
    assert_eq!(applied.time, Some(consequences));
    assert_eq!(order(&game)[9..], ["WC2", "BB3"]);
    assert_chronology(&game);
}

#[test]
fn lock_protects_the_past_and_the_first_unlocked_birth_has_no_gap() {
    let mut game = Game::new(4, 0.0).unwrap();
    play(&mut game, &["A1", "D4"]);
    assert_eq!(lock(&mut game).map(|a| a.ended), Ok(false)); // Black locks 2
    assert_eq!(game.locked(), 2);
    assert_eq!(
        lock(&mut game),
        Err(Rejection::FullyLocked { placements: 2 })
    );
    place(&mut game, "B2").unwrap(); // White, birth 2
    place(&mut game, "C3").unwrap(); // Black, birth 3
    assert_eq!(
        game.preview_time(2, 1).unwrap_err(),
        Rejection::NoEarlierGap { source: 2 }
    );
    assert_eq!(
        game.arrivals(2).unwrap_err(),
        Rejection::NoEarlierGap { source: 2 }
    );
    assert!(game.travellers().is_empty());
}

#[test]
fn each_birth_carries_its_permitted_arrival_gaps() {
    let mut game = Game::new(4, 0.0).unwrap();
    play(&mut game, &["A1", "D4"]);
    lock(&mut game).unwrap(); // Black locks 2
    place(&mut game, "B2").unwrap(); // White, birth 2
    place(&mut game, "C3").unwrap(); // Black, birth 3
    let births = game.births();
    let gaps: Vec<_> = births
        .iter()
        .map(|b| (b.source, b.locked, b.arrivals))
        .collect();
    assert_eq!(
        gaps,
        vec![
            (0, true, None),
            (1, true, None),
            (2, false, None),
            (3, false, Some(ArrivalRange { first: 2, last: 2 })),
        ]
    );
    // The range is exactly the gaps the engine answers for.
    let targets: Vec<usize> = Game::new(4, 0.0)
        .map(|mut g| {
            play(&mut g, &["A1", "D4", "B2", "C3"]);
            // Black to move: its B2 (birth 2) may go before A1 or D4.
            let b2 = g.births()[2].arrivals.unwrap();
            assert_eq!((b2.first, b2.last), (0, 1));
            g.arrivals(2).unwrap().iter().map(|a| a.target).collect()
        })
        .unwrap();
    assert_eq!(targets, vec![0, 1]);
}

#[test]
fn a_replayed_ko_retake_that_recreates_a_board_of_the_new_order_is_cancelled() {
    // Black takes the ko at C2; White plays A4 elsewhere; Black passes; White retakes at B2
    // (legal: A4 makes the board new); Black plays D3. White then moves A4 before the take:
    // the retake now directly follows the take and would recreate the arrival board.
    let mut game = ko_game();
    play(&mut game, &["A4", "pass", "B2", "D3"]);
    assert_eq!(&order(&game)[8..], ["BC2", "WA4", "WB2", "BD3"]);
    let applied = time(&mut game, 9, 8).unwrap();
    let consequences = applied.time.unwrap();
    assert_eq!(
        consequences.arrival.board_after,
        game.chronological_board(9).unwrap()
    );
    let steps: Vec<(usize, Option<usize>, Option<Cancellation>)> = consequences
        .steps
        .iter()
        .map(|s| (s.old_index, s.new_index, s.cancelled))
        .collect();
    assert_eq!(
        steps,
        vec![
            (8, Some(9), None),
            (10, None, Some(Cancellation::Superko { earlier_board: 9 })),
            (11, Some(10), None),
        ]
    );
    assert_eq!(consequences.steps[0].captured, vec![at(&game, "B2")]);
    assert_eq!(&order(&game)[8..], ["WA4", "BC2", "BD3"]);
    // The retake's stone disappears because its placement is cancelled, not captured.
    assert!(consequences.captured.is_empty());
    assert_eq!(consequences.cancelled.len(), 1);
    assert!(consequences.cancelled[0].was_alive);
    assert_eq!(consequences.restored, vec![at(&game, "C2")]);
    assert_chronology(&game);
}

#[test]
fn stones_captured_in_the_locked_past_never_return() {
    // Black A1 is captured by White A2, then Black locks. No later time move of either
    // player can change the first four placements or revive A1's birth.
    let mut game = Game::new(3, 0.0).unwrap();
    play(&mut game, &["A1", "B1", "B2", "A2"]);
    lock(&mut game).unwrap();
    play(&mut game, &["C3", "A3", "C1", "C2"]);
    let locked_prefix = game.placements()[..4].to_vec();
    let mut previews = 0;
    for round in 0..2 {
        for birth in game.travellers() {
            assert!(birth.source > 4);
            for target in 0..birth.source {
                let result = game.preview_time(birth.source, target);
                if target < 4 {
                    assert_eq!(
                        result.unwrap_err(),
                        Rejection::TargetOutOfRange {
                            source: birth.source,
                            target,
                            locked: 4
                        }
                    );
                } else if let Ok(consequences) = result {
                    previews += 1;
                    assert_eq!(consequences.placements[..4], locked_prefix[..]);
                    assert!(!consequences.restored.contains(&at(&game, "A1")));
                    assert_eq!(consequences.board_after[0], 0);
                }
            }
        }
        if round == 0 {
            pass(&mut game).unwrap();
        }
    }
    assert!(previews > 0, "some time moves were legal");
    for source in 0..4 {
        assert!(matches!(
            game.preview_time(source, 0),
            Err(Rejection::BirthLocked { .. }
                | Rejection::StoneNotAlive { .. }
                | Rejection::NotYourStone { .. })
        ));
    }
}
