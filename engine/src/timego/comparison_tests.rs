//! The replay comparison and Inspect groups on tactical positions from the rules: a
//! captured stone restored, and a placement cancelled as occupied, suicide or superko.

use super::*;
use crate::go::{Chain, Color, Point};

fn at(size: usize, name: &str) -> Point {
    let column = (name.as_bytes()[0] - b'A') as usize;
    let row: usize = name[1..].parse::<usize>().unwrap() - 1;
    (row * size + column) as Point
}

fn points(size: usize, names: &[&str]) -> Vec<Point> {
    let mut points: Vec<Point> = names.iter().map(|n| at(size, n)).collect();
    points.sort_unstable();
    points
}

fn game_of(size: u8, moves: &[&str]) -> Game {
    let mut game = Game::new(size, 0.0).unwrap();
    for name in moves {
        let player = game.side_to_move().unwrap();
        let action = if *name == "pass" {
            Action::Pass { player }
        } else {
            Action::Place {
                player,
                point: at(size as usize, name),
            }
        };
        game.apply(action).unwrap_or_else(|r| panic!("{name}: {r}"));
    }
    game
}

fn chain(color: Color, size: usize, stones: &[&str], liberties: &[&str]) -> Chain {
    Chain {
        color,
        stones: points(size, stones),
        liberties: points(size, liberties),
    }
}

/// 3 × 3: Black's A1 is captured by White A2; Black later retakes A1 and connects at A2.
fn restoration_game() -> Game {
    game_of(
        3,
        &["A1", "B1", "B2", "A2", "A3", "C3", "A1", "C1", "A2", "pass"],
    )
}

#[test]
fn arrival_compares_the_groups_just_before_and_after_the_insertion() {
    let game = restoration_game();
    let comparison = game.compare_time(8, 3).unwrap();
    let arrival = &comparison.arrival;
    assert_eq!(arrival.before.board, game.chronological_board(3).unwrap());
    // Before: A2 is empty; Black's lone A1 and B2 touch it.
    assert_eq!(
        arrival.before.groups,
        vec![
            chain(Color::Black, 3, &["A1"], &["A2"]),
            chain(Color::Black, 3, &["B2"], &["A2", "B3", "C2"]),
        ]
    );
    // After: the traveller joins them into one group.
    assert_eq!(
        arrival.after.groups,
        vec![chain(
            Color::Black,
            3,
            &["A1", "A2", "B2"],
            &["A3", "B3", "C2"]
        )]
    );
    assert!(arrival.after.captured.is_empty());
}

#[test]
fn a_restored_stone_is_seen_captured_in_the_original_and_standing_in_the_replay() {
    let game = restoration_game();
    let consequences = game.preview_time(8, 3).unwrap();
    let comparison = game.compare_time(8, 3).unwrap();
    assert_eq!(comparison.steps.len(), consequences.steps.len());
    // Old placement 3 is White's A2, which captured A1; now A2 is occupied by the traveller.
    let step = &comparison.steps[0];
    assert_eq!((step.old_index, step.original_board), (3, 4));
    assert_eq!(step.original.board, game.chronological_board(4).unwrap());
    assert_eq!(step.original.captured, points(3, &["A1"]));
    assert_eq!(
        step.original.groups,
        vec![
            chain(Color::White, 3, &["A2"], &["A1", "A3"]),
            chain(Color::Black, 3, &["B2"], &["B3", "C2"]),
        ]
    );
    assert_eq!(step.replayed.board, consequences.steps[0].board);
    assert!(step.replayed.captured.is_empty());
    assert_eq!(
        step.replayed.groups,
        vec![chain(
            Color::Black,
            3,
            &["A1", "A2", "B2"],
            &["A3", "B3", "C2"]
        )]
    );
    assert_eq!(step.replayed.board[at(3, "A1") as usize], 1, "A1 is back");
    assert_eq!(step.restored, points(3, &["A1"]));
    // The engine names the colour of what was removed: White's A2 captured Black's A1.
    assert_eq!(step.original.captured_color, Some(Color::Black));
    assert_eq!(step.replayed.captured_color, None);
    assert_eq!(comparison.arrival.before.captured_color, None);
}

#[test]
fn every_step_pairs_the_old_board_after_that_placement_with_the_replayed_board() {
    let game = restoration_game();
    let consequences = game.preview_time(8, 3).unwrap();
    let comparison = game.compare_time(8, 3).unwrap();
    for (step, compared) in consequences.steps.iter().zip(&comparison.steps) {
        assert_eq!(compared.old_index, step.old_index);
        assert_eq!(compared.original_board, step.old_index + 1);
        assert_eq!(
            compared.original.board,
            game.chronological_board(step.old_index + 1).unwrap()
        );
        assert_eq!(compared.replayed.board, step.board);
        assert_eq!(compared.replayed.captured, step.captured);
        for focused in [&compared.original, &compared.replayed] {
            for group in &focused.groups {
                let looked_up = game
                    .group_at(&focused.board, group.stones[0] as usize)
                    .unwrap();
                assert_eq!(looked_up.as_ref(), Some(group), "Inspect agrees");
            }
        }
    }
}

#[test]
fn a_placement_cancelled_as_occupied_by_a_living_stone_shows_the_occupying_group() {
    let game = restoration_game();
    let comparison = game.compare_time(8, 3).unwrap();
    // Old placement 6 is Black's second A1: A1 now still stands from birth 0.
    let step = comparison.steps.iter().find(|s| s.old_index == 6).unwrap();
    assert_eq!(
        step.replayed.groups[0],
        chain(Color::Black, 3, &["A1", "A2", "B2", "A3"], &["B3", "C2"])
    );
    // In the old order that placement retook A1 after White's A2 was captured.
    assert_eq!(step.original.board, game.chronological_board(7).unwrap());
    assert_eq!(step.original.groups[0].stones, points(3, &["A1"]));
    // It captured White's A2 then; Black's traveller stands there now, which is no restoration.
    assert_eq!(step.original.captured, points(3, &["A2"]));
    assert!(step.restored.is_empty());
}

#[test]
fn a_placement_cancelled_as_suicide_shows_the_groups_that_fill_its_liberties() {
    let game = game_of(3, &["B1", "A1", "A2", "C3"]);
    let consequences = game.preview_time(2, 1).unwrap();
    assert_eq!(consequences.steps[0].cancelled, Some(Cancellation::Suicide));
    let step = &game.compare_time(2, 1).unwrap().steps[0];
    assert_eq!(step.old_index, 1);
    // Originally White's A1 stood with one liberty, A2.
    assert_eq!(
        step.original.groups,
        vec![
            chain(Color::White, 3, &["A1"], &["A2"]),
            chain(Color::Black, 3, &["B1"], &["B2", "C1"]),
        ]
    );
    // Replayed, A1 stays empty between Black's B1 and A2, which hold its only neighbours.
    assert_eq!(step.replayed.board[at(3, "A1") as usize], 0);
    assert_eq!(
        step.replayed.groups,
        vec![
            chain(Color::Black, 3, &["B1"], &["A1", "B2", "C1"]),
            chain(Color::Black, 3, &["A2"], &["A1", "A3", "B2"]),
        ]
    );
}

#[test]
fn a_placement_cancelled_as_superko_shows_the_ko_and_what_it_originally_captured() {
    // The ko of the rules' examples: Black takes at C2, White plays A4, Black passes, White
    // retakes at B2, Black plays D3; moving A4 before the take makes the retake repeat.
    let game = game_of(
        4,
        &[
            "B3", "C3", "A2", "B2", "B1", "D2", "D4", "C1", "C2", "A4", "pass", "B2", "D3",
        ],
    );
    let consequences = game.preview_time(9, 8).unwrap();
    let comparison = game.compare_time(9, 8).unwrap();
    let index = consequences
        .steps
        .iter()
        .position(|s| matches!(s.cancelled, Some(Cancellation::Superko { .. })))
        .unwrap();
    let step = &comparison.steps[index];
    assert_eq!(step.old_index, 10);
    assert_eq!(step.original.captured, points(4, &["C2"]));
    assert_eq!(step.original.groups[0].stones, points(4, &["B2"]));
    assert_eq!(step.original.groups[0].color, Color::White);
    // Replayed, B2 stays empty and Black's C2 is in atari at B2: the ko.
    assert!(step.replayed.captured.is_empty());
    assert_eq!(step.restored, points(4, &["C2"]), "C2 survives");
    assert_eq!(step.replayed.board[at(4, "B2") as usize], 0);
    let c2 = step
        .replayed
        .groups
        .iter()
        .find(|g| g.stones == points(4, &["C2"]))
        .unwrap();
    assert_eq!(c2.liberties, points(4, &["B2"]));
}

#[test]
fn comparison_refuses_what_the_preview_refuses() {
    let game = restoration_game();
    assert_eq!(
        game.compare_time(8, 9).unwrap_err(),
        game.preview_time(8, 9).unwrap_err()
    );
}

#[test]
fn inspect_finds_a_group_and_its_distinct_liberties_on_any_board() {
    let game = restoration_game();
    // X.O / XX. / XOO (top row first).
    assert_eq!(
        game.group_at(game.board(), at(3, "A1") as usize).unwrap(),
        Some(chain(
            Color::Black,
            3,
            &["A1", "A2", "B2", "A3"],
            &["B3", "C2"]
        ))
    );
    assert_eq!(
        game.group_at(game.board(), at(3, "C1") as usize).unwrap(),
        Some(chain(Color::White, 3, &["B1", "C1"], &["C2"]))
    );
    assert_eq!(game.group_at(game.board(), at(3, "C2") as usize), Ok(None));
    // An earlier board of the order works the same way.
    let early = game.chronological_board(4).unwrap();
    assert_eq!(
        game.group_at(early, at(3, "A2") as usize).unwrap(),
        Some(chain(Color::White, 3, &["A2"], &["A1", "A3"]))
    );
}

#[test]
fn inspect_rejects_a_board_of_another_size_a_bad_cell_and_an_off_board_point() {
    let game = restoration_game();
    let short = game.group_at(&[0; 4], 0).unwrap_err();
    assert!(matches!(short, InspectError::Board { size: 3, .. }));
    assert_eq!(
        short.to_string(),
        "the board is not a 3 × 3 coloring: expected 9 cells, found 4"
    );
    let mut bad = game.board().to_vec();
    bad[2] = 3;
    assert!(game
        .group_at(&bad, 0)
        .unwrap_err()
        .to_string()
        .contains("cell 2 has value 3"));
    assert_eq!(
        game.group_at(game.board(), 9).unwrap_err(),
        InspectError::OffBoard { point: 9, last: 8 }
    );
}
