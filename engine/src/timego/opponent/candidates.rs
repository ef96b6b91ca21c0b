//! Candidate actions of a position, in the seed's order of priority: every placement, Lock
//! and pass, then time moves that interleave the eligible living births, each birth's
//! nearby arrivals and the locked boundary first, the rest of a long history sampled.
//! Candidates are not yet probed: the search probes them and counts every probe.

use super::rng::Rng;
use crate::go::Point;
use crate::timego::{Action, Game};

/// Classic's cap on root candidates.
pub(crate) const ROOT_CAP: usize = 192;
/// Classic's cap on reply candidates.
pub(crate) const REPLY_CAP: usize = 96;

/// Arrivals nearest the departure that every traveller offers before sampling.
const NEARBY: usize = 4;
/// Arrivals at and just after the locked boundary offered before sampling.
const BOUNDARY: usize = 2;

/// At most `cap` candidate actions of the player to move, of which at most `time_cap` are
/// time moves (none once the game is over).
pub(crate) fn candidates(game: &Game, cap: usize, time_cap: usize, rng: &mut Rng) -> Vec<Action> {
    let Some(player) = game.side_to_move() else {
        return Vec::new();
    };
    let mut list: Vec<Action> = game
        .board()
        .iter()
        .enumerate()
        .filter(|(_, &cell)| cell == 0)
        .map(|(point, _)| Action::Place {
            player,
            point: point as Point,
        })
        .collect();
    if game.locked() < game.placements().len() {
        list.push(Action::Lock { player });
    }
    list.push(Action::Pass { player });
    list.truncate(cap);
    let room = (cap - list.len()).min(time_cap);
    list.extend(time_candidates(game, room, rng));
    list
}

/// At most `room` time moves, one arrival of each traveller per round.
pub(crate) fn time_candidates(game: &Game, room: usize, rng: &mut Rng) -> Vec<Action> {
    let Some(player) = game.side_to_move() else {
        return Vec::new();
    };
    let locked = game.locked();
    let mut queues: Vec<(usize, Vec<usize>)> = game
        .travellers()
        .into_iter()
        .rev()
        .map(|birth| (birth.source, arrival_order(birth.source, locked, rng)))
        .collect();
    let mut moves = Vec::new();
    let mut round = 0;
    while moves.len() < room {
        let mut offered = false;
        for (source, gaps) in &mut queues {
            if let Some(&target) = gaps.get(round) {
                offered = true;
                moves.push(Action::Time {
                    player,
                    source: *source,
                    target,
                });
                if moves.len() == room {
                    break;
                }
            }
        }
        if !offered {
            break;
        }
        round += 1;
    }
    moves
}

/// The arrival gaps `locked..source` of one traveller: nearby gaps and the boundary first
/// (alternating), then the others in a seeded random order.
fn arrival_order(source: usize, locked: usize, rng: &mut Rng) -> Vec<usize> {
    let mut order = Vec::with_capacity(source - locked);
    let taken = |gap: usize, order: &mut Vec<usize>| {
        if (locked..source).contains(&gap) && !order.contains(&gap) {
            order.push(gap);
        }
    };
    for k in 0..NEARBY.max(BOUNDARY) {
        if k < NEARBY && source > k {
            taken(source - 1 - k, &mut order);
        }
        if k < BOUNDARY {
            taken(locked + k, &mut order);
        }
    }
    let mut rest: Vec<usize> = (locked..source).filter(|g| !order.contains(g)).collect();
    rng.shuffle(&mut rest);
    order.extend(rest);
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrivals_put_nearby_gaps_and_the_boundary_first_and_cover_every_gap() {
        let mut rng = super::super::rng::seeded(7);
        let order = arrival_order(20, 3, &mut rng);
        assert_eq!(&order[..6], &[19, 3, 18, 4, 17, 16]);
        let mut all = order.clone();
        all.sort_unstable();
        assert_eq!(all, (3..20).collect::<Vec<_>>());
        assert_eq!(arrival_order(4, 3, &mut rng), vec![3]);
    }
}

#[cfg(test)]
mod listing_tests {
    use super::*;
    use crate::go::Color;

    fn place(player: Color, point: Point) -> Action {
        Action::Place { player, point }
    }

    #[test]
    fn candidates_list_placements_lock_pass_then_interleaved_time_moves() {
        let (b, w) = (Color::Black, Color::White);
        let mut game = Game::new(4, 0.0).unwrap();
        for action in [
            place(b, 0),
            place(w, 15),
            place(b, 5),
            place(w, 10),
            place(b, 3),
            place(w, 12),
        ] {
            game.apply(action).unwrap();
        }
        let mut rng = super::super::rng::seeded(1);
        let list = candidates(&game, ROOT_CAP, ROOT_CAP, &mut rng);
        let empties = game.board().iter().filter(|&&c| c == 0).count();
        assert!(list[..empties]
            .iter()
            .all(|a| matches!(a, Action::Place { .. })));
        assert_eq!(list[empties], Action::Lock { player: b });
        assert_eq!(list[empties + 1], Action::Pass { player: b });
        let times: Vec<(usize, usize)> = list[empties + 2..]
            .iter()
            .map(|a| match *a {
                Action::Time { source, target, .. } => (source, target),
                other => panic!("{other:?}"),
            })
            .collect();
        // Black's travellers are births 2 and 4; birth 0 has no earlier gap. The first
        // round offers each traveller its nearest gap, the second the locked boundary.
        assert_eq!(&times[..4], &[(4, 3), (2, 1), (4, 0), (2, 0)]);
        assert_eq!(
            times.len(),
            4 + 2,
            "every gap of both travellers: {times:?}"
        );
        // A small cap keeps every placement, Lock and pass, and samples time moves.
        let small = candidates(&game, empties + 3, ROOT_CAP, &mut rng);
        assert_eq!(small.len(), empties + 3);
        assert_eq!(
            small[empties + 2],
            Action::Time {
                player: b,
                source: 4,
                target: 3
            }
        );
    }
}
