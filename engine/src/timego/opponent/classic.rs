//! Classic: the seed's opponent. Iteration one probes at most 192 root candidates and
//! evaluates each result; iteration two takes a six-action beam (the best Lock, time move
//! and pass keep a place when legal) and scans at most 96 replies after each. The second
//! iteration's choice is used only if every beam action finished its reply scan. All
//! probes count against the 1,200-probe cap and the soft budget; there is no cache.

use super::budget::Budget;
use super::candidates::{candidates, REPLY_CAP, ROOT_CAP};
use super::eval::Evaluator;
use super::rng::{self, Rng};
use super::{Found, SearchStop};
use crate::go::Color;
use crate::timego::{Action, Game, ProbeSummary};

/// Width of the root beam searched to two plies.
pub(crate) const BEAM: usize = 6;

/// Seeded tie-breaks stay far below any difference the evaluation makes.
const JITTER: f64 = 0.01;

#[derive(Clone, Copy)]
struct Scored {
    action: Action,
    value: f64,
    jitter: f64,
    ends_game: bool,
}

/// Chooses Classic's action for the player to move.
pub(super) fn search(game: &Game, budget: &mut Budget, seed: u64) -> Result<Found, SearchStop> {
    let me = game.side_to_move().ok_or(SearchStop::NoMove)?;
    let mut rng = rng::seeded(seed);
    let evaluator = Evaluator::new(game.size(), game.komi());
    let root = candidates(game, ROOT_CAP, ROOT_CAP, &mut rng);
    let root_candidates = root.len() as u32;

    let mut scored = Vec::with_capacity(root.len());
    for action in root {
        let Some(result) = budget.probe(game, &action)? else {
            break;
        };
        if let Ok(summary) = result {
            let jitter = JITTER * rng.unit();
            scored.push(Scored {
                action,
                value: value_after(&evaluator, &summary, me, me.opposite()) + jitter,
                jitter,
                ends_game: summary.ends_game,
            });
        }
    }
    let Some(first) = best(&scored) else {
        // Not even one root probe fitted in the budget: passing is always legal here.
        return Ok(Found {
            action: Action::Pass { player: me },
            value: evaluator.evaluate(game.board(), me, me),
            depth: 0,
            root_candidates,
        });
    };

    let mut deeper = Vec::with_capacity(BEAM);
    for candidate in beam(&scored) {
        match reply_scan(game, &candidate, me, &evaluator, budget, &mut rng)? {
            Some(value) => deeper.push(Scored {
                value: value + candidate.jitter,
                ..candidate
            }),
            None => {
                return Ok(Found {
                    action: first.action,
                    value: first.value,
                    depth: 1,
                    root_candidates,
                })
            }
        }
    }
    let second = best(&deeper).unwrap_or(first);
    Ok(Found {
        action: second.action,
        value: second.value,
        depth: 2,
        root_candidates,
    })
}

fn value_after(evaluator: &Evaluator, summary: &ProbeSummary, me: Color, to_move: Color) -> f64 {
    if summary.ends_game {
        evaluator.decided(&evaluator.cells_of_key(summary.board_key), me)
    } else {
        evaluator.evaluate_key(summary.board_key, me, to_move)
    }
}

fn best(scored: &[Scored]) -> Option<Scored> {
    scored
        .iter()
        .copied()
        .reduce(|a, b| if b.value > a.value { b } else { a })
}

fn kind(action: &Action) -> u8 {
    action.listing_order().0
}

/// The six best root actions, where the best time move, Lock and pass keep a place.
fn beam(scored: &[Scored]) -> Vec<Scored> {
    let mut order: Vec<Scored> = scored.to_vec();
    order.sort_by(|a, b| b.value.total_cmp(&a.value));
    let mut beam: Vec<Scored> = Vec::with_capacity(BEAM);
    for wanted in [1u8, 2, 3] {
        if let Some(found) = order.iter().find(|s| kind(&s.action) == wanted) {
            beam.push(*found);
        }
    }
    for candidate in &order {
        if beam.len() >= BEAM {
            break;
        }
        if !beam.iter().any(|b| b.action == candidate.action) {
            beam.push(*candidate);
        }
    }
    beam
}

/// The value of `candidate` after the opponent's best reply among at most 96, or `None`
/// if the budget ran out before the scan was complete.
fn reply_scan(
    game: &Game,
    candidate: &Scored,
    me: Color,
    evaluator: &Evaluator,
    budget: &mut Budget,
    rng: &mut Rng,
) -> Result<Option<f64>, SearchStop> {
    budget.node()?;
    if budget.spent() {
        return Ok(None);
    }
    if candidate.ends_game {
        return Ok(Some(candidate.value - candidate.jitter));
    }
    let mut after = game.clone();
    if after.apply(candidate.action).is_err() {
        // A probed action is accepted by the same code; an impossible disagreement only
        // removes the candidate from the second iteration.
        return Ok(Some(f64::NEG_INFINITY));
    }
    let mut worst = f64::INFINITY;
    for reply in candidates(&after, REPLY_CAP, REPLY_CAP, rng) {
        let Some(result) = budget.probe(&after, &reply)? else {
            return Ok(None);
        };
        if let Ok(summary) = result {
            worst = worst.min(value_after(evaluator, &summary, me, me));
        }
    }
    if worst == f64::INFINITY {
        worst = evaluator.evaluate(after.board(), me, me);
    }
    Ok(Some(worst))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scored(action: Action, value: f64) -> Scored {
        Scored {
            action,
            value,
            jitter: 0.0,
            ends_game: false,
        }
    }

    #[test]
    fn the_beam_keeps_a_place_for_time_lock_and_pass() {
        let player = Color::Black;
        let mut list: Vec<Scored> = (0..10)
            .map(|point| scored(Action::Place { player, point }, 10.0 + point as f64))
            .collect();
        list.push(scored(
            Action::Time {
                player,
                source: 3,
                target: 1,
            },
            -5.0,
        ));
        list.push(scored(
            Action::Time {
                player,
                source: 3,
                target: 0,
            },
            -2.0,
        ));
        list.push(scored(Action::Lock { player }, -9.0));
        list.push(scored(Action::Pass { player }, -8.0));
        let chosen = beam(&list);
        assert_eq!(chosen.len(), BEAM);
        let actions: Vec<Action> = chosen.iter().map(|s| s.action).collect();
        assert!(actions.contains(&Action::Time {
            player,
            source: 3,
            target: 0
        }));
        assert!(actions.contains(&Action::Lock { player }));
        assert!(actions.contains(&Action::Pass { player }));
        // The other three places go to the best placements.
        for point in [9, 8, 7] {
            assert!(actions.contains(&Action::Place { player, point }));
        }
        // Without time moves or Lock, their places go to placements.
        let places_only: Vec<Scored> = list
            .iter()
            .copied()
            .filter(|s| kind(&s.action) == 0)
            .collect();
        assert_eq!(beam(&places_only).len(), BEAM);
    }
}
