//! Property tests over random TimeGo games against a naive reference written directly from
//! the rules text (flood fills, full replays from the empty board, linear repetition
//! searches): the engine accepts exactly the actions the reference accepts, with the same
//! reason for each rejection and the same resulting state; its legal listing is exactly
//! the accepted set; probes and previews agree with commits; records round-trip.

mod common;

use canon_engine::go::{Color, Graph, Point};
use canon_engine::timego::{Action, Game, Placement, Rejection};
use common::Rng;
use proptest::prelude::*;

fn chain(graph: &Graph, cells: &[u8], start: usize) -> Vec<usize> {
    let mut seen = vec![false; cells.len()];
    let mut stack = vec![start];
    let mut stones = Vec::new();
    seen[start] = true;
    while let Some(p) = stack.pop() {
        stones.push(p);
        for &q in graph.neighbors(p as Point) {
            let q = q as usize;
            if !seen[q] && cells[q] == cells[start] {
                seen[q] = true;
                stack.push(q);
            }
        }
    }
    stones
}

fn has_liberty(graph: &Graph, cells: &[u8], stones: &[usize]) -> bool {
    stones.iter().any(|&s| {
        graph
            .neighbors(s as Point)
            .iter()
            .any(|&q| cells[q as usize] == 0)
    })
}

/// Place, capture opposing chains without liberties, reject suicide.
fn naive_place(graph: &Graph, cells: &[u8], p: Placement) -> Result<Vec<u8>, &'static str> {
    let at = p.point as usize;
    if cells[at] != 0 {
        return Err("occupied");
    }
    let mut next = cells.to_vec();
    next[at] = p.player.cell();
    for &q in graph.neighbors(p.point) {
        let q = q as usize;
        if next[q] == p.player.opposite().cell() {
            let stones = chain(graph, &next, q);
            if !has_liberty(graph, &next, &stones) {
                stones.iter().for_each(|&s| next[s] = 0);
            }
        }
    }
    if !has_liberty(graph, &next, &chain(graph, &next, at)) {
        return Err("suicide");
    }
    Ok(next)
}

#[derive(Clone)]
struct Naive {
    graph: Graph,
    h: Vec<Placement>,
    m: usize,
    visited: Vec<(Vec<Placement>, usize)>,
    next: Color,
    passes: u8,
    ended: bool,
}

impl Naive {
    fn new(size: u8) -> Naive {
        Naive {
            graph: Graph::square(size),
            h: Vec::new(),
            m: 0,
            visited: vec![(Vec::new(), 0)],
            next: Color::Black,
            passes: 0,
            ended: false,
        }
    }

    fn boards(&self, h: &[Placement]) -> Vec<Vec<u8>> {
        let mut boards = vec![vec![0; self.graph.len()]];
        for &p in h {
            let next = naive_place(&self.graph, boards.last().unwrap(), p).expect("H replays");
            boards.push(next);
        }
        boards
    }

    /// The new state, or the rejection kind as the engine names it.
    fn apply(&self, action: Action) -> Result<Naive, &'static str> {
        if self.ended {
            return Err("game_ended");
        }
        if action.player() != self.next {
            return Err("not_your_turn");
        }
        let mut next = self.clone();
        match action {
            Action::Place { player, point } => {
                if point as usize >= self.graph.len() {
                    return Err("off_board");
                }
                let boards = self.boards(&self.h);
                let placement = Placement { player, point };
                let board = naive_place(&self.graph, boards.last().unwrap(), placement)?;
                if boards.contains(&board) {
                    return Err("superko");
                }
                next.h.push(placement);
            }
            Action::Time {
                player,
                source,
                target,
            } => {
                let len = self.h.len();
                if source >= len {
                    return Err("source_out_of_range");
                }
                let traveller = self.h[source];
                if traveller.player != player {
                    return Err("not_your_stone");
                }
                let present = self.boards(&self.h).pop().unwrap();
                let later = self.h[source + 1..]
                    .iter()
                    .any(|p| p.point == traveller.point);
                if present[traveller.point as usize] != player.cell() || later {
                    return Err("stone_not_alive");
                }
                if source < self.m {
                    return Err("birth_locked");
                }
                if source == 0 {
                    return Err("first_placement");
                }
                if source == self.m {
                    return Err("no_earlier_gap");
                }
                if target < self.m || target >= source {
                    return Err("target_out_of_range");
                }
                let mut boards = self.boards(&self.h[..target]);
                let arrived = match naive_place(&self.graph, boards.last().unwrap(), traveller) {
                    Err("occupied") => return Err("arrival_occupied"),
                    Err(_) => return Err("arrival_suicide"),
                    Ok(board) => board,
                };
                if boards.contains(&arrived) {
                    return Err("arrival_superko");
                }
                boards.push(arrived);
                let mut h = self.h[..target].to_vec();
                h.push(traveller);
                for (k, &p) in self.h.iter().enumerate().skip(target) {
                    if k == source {
                        continue;
                    }
                    if let Ok(board) = naive_place(&self.graph, boards.last().unwrap(), p) {
                        if !boards.contains(&board) {
                            boards.push(board);
                            h.push(p);
                        }
                    }
                }
                next.h = h;
            }
            Action::Lock { .. } => {
                if self.h.is_empty() {
                    return Err("nothing_placed");
                }
                if self.m >= self.h.len() {
                    return Err("fully_locked");
                }
                next.m = self.h.len();
            }
            Action::Pass { .. } => {}
        }
        next.next = self.next.opposite();
        if matches!(action, Action::Pass { .. }) {
            next.passes += 1;
            next.ended = next.passes == 2;
        } else {
            if self.visited.contains(&(next.h.clone(), next.m)) {
                return Err("repeated_history");
            }
            next.passes = 0;
            next.visited.push((next.h.clone(), next.m));
        }
        Ok(next)
    }
}

fn kind(rejection: &Rejection) -> String {
    serde_json::to_value(rejection).unwrap()["kind"]
        .as_str()
        .unwrap()
        .to_string()
}

/// Every action worth asking about: all points (and one off the board), every time move
/// with a source up to one past the end and every target, Lock and pass, for both players.
fn candidates(game: &Game) -> Vec<Action> {
    let len = game.placements().len();
    let mut actions = Vec::new();
    for player in [Color::Black, Color::White] {
        for point in 0..=game.board().len() as Point {
            actions.push(Action::Place { player, point });
        }
        for source in 0..=len {
            for target in 0..len.max(1) {
                actions.push(Action::Time {
                    player,
                    source,
                    target,
                });
            }
        }
        actions.push(Action::Lock { player });
        actions.push(Action::Pass { player });
    }
    actions
}

fn assert_same_state(game: &Game, naive: &Naive) {
    assert_eq!(game.placements(), &naive.h[..]);
    assert_eq!(game.locked(), naive.m);
    assert_eq!(game.board(), &naive.boards(&naive.h).pop().unwrap()[..]);
    assert_eq!(game.passes(), naive.passes);
    assert_eq!(game.is_ended(), naive.ended);
    assert_eq!(game.reached_pairs(), naive.visited.len());
}

/// Checks every candidate of the position against the reference and the engine's own
/// listing, probe and preview.
fn check_position(game: &Game, naive: &Naive) {
    let listed = game.legal_actions();
    let mut accepted = Vec::new();
    for action in candidates(game) {
        let expected = naive.apply(action);
        let probed = game.probe(&action);
        let mut copy = game.clone();
        let applied = copy.apply(action);
        assert_eq!(
            probed.is_ok(),
            applied.is_ok(),
            "probe and apply disagree on {action:?}"
        );
        match (&expected, &applied) {
            (Ok(next), Ok(done)) => {
                assert_same_state(&copy, next);
                accepted.push(action);
                if let Action::Time { source, target, .. } = action {
                    let preview = game.preview_time(source, target).unwrap();
                    assert_eq!(Some(preview), done.time, "preview equals commit");
                }
                let summary = probed.unwrap();
                assert_eq!(summary.placements, copy.placements().len());
                for (p, &cell) in copy.board().iter().enumerate() {
                    assert_eq!(summary.cell(p as Point), cell);
                }
            }
            (Err(reason), Err(rejection)) => {
                assert_eq!(*reason, kind(rejection), "reason for {action:?}");
                assert_eq!(probed.unwrap_err(), *rejection);
                assert_eq!(copy.actions(), game.actions(), "rejection changed nothing");
            }
            _ => panic!(
                "{action:?}: reference {:?}, engine {:?}",
                expected.is_ok(),
                applied.is_ok()
            ),
        }
    }
    accepted.sort_by_key(|a| a.listing_order());
    assert_eq!(
        listed, accepted,
        "legal listing is exactly the accepted set"
    );
    for birth in game.travellers() {
        let arrivals = game.arrivals(birth.source).unwrap();
        for arrival in arrivals {
            assert_eq!(
                arrival.rejection,
                game.preview_time(birth.source, arrival.target).err()
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn engine_matches_the_reference_on_random_games(
        size in 2u8..=4,
        seed in any::<u64>(),
        length in 1usize..22,
    ) {
        let mut game = Game::new(size, 0.0).unwrap();
        let mut naive = Naive::new(size);
        let mut rng = Rng::new(seed);
        check_position(&game, &naive);
        while game.actions().len() < length && !game.is_ended() {
            let action = common::random_action(&game, &mut rng, common::MIXED);
            let expected = naive.apply(action);
            match game.apply(action) {
                Ok(_) => {
                    naive = expected.expect("reference accepts what the engine accepts");
                    assert_same_state(&game, &naive);
                    check_position(&game, &naive);
                }
                Err(rejection) => {
                    let reason = kind(&rejection);
                    prop_assert_eq!(expected.err(), Some(reason.as_str()));
                }
            }
        }
    }

    #[test]
    fn records_round_trip_to_the_identical_state(
        size in 2u8..=5,
        seed in any::<u64>(),
        length in 0usize..160,
    ) {
        let game = common::random_line(size, seed, length, common::MIXED);
        let cursor = (seed as usize) % (game.actions().len() + 1);
        let text = game.to_json(cursor).unwrap();
        let (back, back_cursor) = Game::from_record(text.as_bytes()).unwrap();
        prop_assert_eq!(back_cursor, cursor);
        prop_assert_eq!(back.actions(), game.actions());
        prop_assert_eq!(back.checkpoint(), game.checkpoint());
        prop_assert_eq!(back.legal_actions(), game.legal_actions());
        prop_assert_eq!(back.revision(), game.revision());
        prop_assert_eq!(back.births(), game.births());
        for k in 0..=game.placements().len() {
            prop_assert_eq!(back.chronological_board(k), game.chronological_board(k));
        }
        // Replaying the action list alone reproduces the checkpoint.
        let replayed = Game::replay(size, 0.0, game.actions()).unwrap();
        prop_assert_eq!(replayed.checkpoint(), game.checkpoint());
        // The viewed prefix equals a replay of the first `cursor` actions.
        let prefix = Game::replay(size, 0.0, &game.actions()[..cursor]).unwrap();
        prop_assert_eq!(back.state_at(cursor).unwrap().checkpoint(), prefix.checkpoint());
    }
}

/// Every time move of long random games on tiny boards (where boards repeat often) agrees
/// with the reference; the seeds are fixed so that every kind of cancellation, a dying
/// traveller, a restored stone and an unchanged board all occur (asserted below).
#[test]
fn time_moves_match_the_reference_and_cover_every_consequence() {
    let mut seen = std::collections::BTreeMap::<&str, usize>::new();
    for seed in 0..40u64 {
        let size = 2 + (seed % 2) as u8;
        let mut game = Game::new(size, 0.0).unwrap();
        let mut naive = Naive::new(size);
        let mut rng = Rng::new(seed);
        while game.actions().len() < 60 && !game.is_ended() {
            let player = game.side_to_move().unwrap();
            for birth in game.travellers() {
                for target in game.locked()..birth.source {
                    let action = Action::Time {
                        player,
                        source: birth.source,
                        target,
                    };
                    let expected = naive.apply(action);
                    match game.preview_time(birth.source, target) {
                        Ok(consequences) => {
                            let next = expected
                                .unwrap_or_else(|r| panic!("{action:?}: reference says {r}"));
                            assert_eq!(consequences.placements, next.h);
                            // The probe (which may skip board work after convergence) agrees.
                            let summary = game.probe(&action).unwrap();
                            assert_eq!(summary.placements, next.h.len());
                            assert_eq!(summary.cancelled as usize, consequences.cancelled.len());
                            for (p, &cell) in consequences.board_after.iter().enumerate() {
                                assert_eq!(summary.cell(p as Point), cell);
                            }
                            for cancelled in &consequences.cancelled {
                                *seen
                                    .entry(match cancelled.reason {
                                        canon_engine::timego::Cancellation::Occupied => "occupied",
                                        canon_engine::timego::Cancellation::Suicide => "suicide",
                                        canon_engine::timego::Cancellation::Superko { .. } => {
                                            "superko"
                                        }
                                    })
                                    .or_default() += 1;
                            }
                            if consequences.traveller_died {
                                *seen.entry("traveller_died").or_default() += 1;
                            }
                            if !consequences.restored.is_empty() {
                                *seen.entry("restored").or_default() += 1;
                            }
                            if consequences.board_unchanged {
                                *seen.entry("board_unchanged").or_default() += 1;
                            }
                        }
                        Err(rejection) => assert_eq!(
                            expected.err(),
                            Some(kind(&rejection).as_str()),
                            "{action:?}"
                        ),
                    }
                }
            }
            let action = common::random_action(&game, &mut rng, common::MIXED);
            if game.apply(action).is_ok() {
                naive = naive.apply(action).unwrap();
            }
        }
    }
    for key in [
        "occupied",
        "suicide",
        "superko",
        "traveller_died",
        "restored",
        "board_unchanged",
    ] {
        assert!(
            seen.get(key).copied().unwrap_or(0) > 0,
            "{key} never occurred: {seen:?}"
        );
    }
}

/// A line found by searching random 3 × 3 games: Black's time move 27 -> 26 replays into the
/// old chronology's colorings after the traveller's old place, and a later old board then
/// equals a board that exists only in the new order, so that placement is cancelled. The
/// probe (which skips board work while aligned), the preview (which replays every step), the
/// quiet commit of a record import and the reference must all agree.
#[test]
fn a_converged_replay_still_cancels_a_repetition_of_a_new_board() {
    let text = include_str!("fixtures/converged_replay_meets_new_board.json");
    let (game, _) = Game::from_record(text.as_bytes()).unwrap();
    let action = Action::Time {
        player: Color::Black,
        source: 27,
        target: 26,
    };
    let mut naive = Naive::new(3);
    for &a in game.actions() {
        naive = naive.apply(a).unwrap();
    }
    let expected = naive.apply(action).unwrap();
    let preview = game.preview_time(27, 26).unwrap();
    assert_eq!(preview.placements, expected.h);
    assert!(preview
        .cancelled
        .iter()
        .any(|c| matches!(c.reason, canon_engine::timego::Cancellation::Superko { earlier_board } if earlier_board >= 27)));
    let summary = game.probe(&action).unwrap();
    assert_eq!(summary.placements, expected.h.len());
    assert_eq!(summary.cancelled as usize, preview.cancelled.len());
    let mut document: serde_json::Value = serde_json::from_str(text).unwrap();
    document["actions"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::to_value(action).unwrap());
    document["cursor"] = serde_json::json!(57);
    let (imported, _) = Game::from_record(document.to_string().as_bytes()).unwrap();
    let mut applied = game.clone();
    applied.apply(action).unwrap();
    assert_eq!(imported.checkpoint(), applied.checkpoint());
    assert_eq!(imported.placements(), &expected.h[..]);
    for k in 0..=expected.h.len() {
        assert_eq!(
            imported.chronological_board(k),
            applied.chronological_board(k)
        );
    }
}
