//! Listings for the interface and the opponent: living births, which may travel, the
//! arrival gaps of a traveller with their legality, and every legal action.

use super::position::Position;
use super::rejection::Rejection;
use super::types::{Action, Placement, ACTION_LIMIT};
use crate::go::Point;
use serde::Serialize;

/// A stone on the present board with its current birth index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Birth {
    /// Current birth index in `H` (0-based).
    pub source: usize,
    /// The stone's placement.
    pub placement: Placement,
    /// True if the birth is in the locked prefix.
    pub locked: bool,
    /// True if the player to move may choose it as a traveller now.
    pub may_travel: bool,
    /// The arrival gaps the rules permit for this stone, whoever is to move; `None` when
    /// there is none (a locked birth, or the first unlocked one).
    pub arrivals: Option<ArrivalRange>,
}

/// The gaps `first..=last` a traveller may be inserted at (a gap is its new birth index).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ArrivalRange {
    /// The earliest gap: the first unlocked placement.
    pub first: usize,
    /// The latest gap: just before the traveller's own birth.
    pub last: usize,
}

/// One permitted arrival gap of a traveller and whether arriving there is legal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Arrival {
    /// The gap (the traveller's new birth index).
    pub target: usize,
    /// Why the time move to this gap is illegal, `None` if it is legal.
    pub rejection: Option<Rejection>,
}

impl Position {
    /// Every living stone by birth index, ascending.
    pub(crate) fn births(&self) -> Vec<Birth> {
        let chronology = &self.chronology;
        let mut births: Vec<Birth> = (0..chronology.graph.len() as Point)
            .filter_map(|point| chronology.birth_at(point))
            .map(|source| Birth {
                source,
                placement: chronology.placements[source],
                locked: source < self.locked,
                may_travel: self.check_turn(self.next).is_ok()
                    && self.check_traveller(self.next, source).is_ok(),
                arrivals: {
                    let gaps = self.arrival_gaps(source);
                    (!gaps.is_empty()).then(|| ArrivalRange {
                        first: gaps.start,
                        last: gaps.end - 1,
                    })
                },
            })
            .collect();
        births.sort_unstable_by_key(|birth| birth.source);
        births
    }

    /// Why the player to move has no time move to choose from now: the game is over, no
    /// stone of theirs is on the board, all are locked, or the one unlocked is first in
    /// the unlocked past. `None` if some stone may travel (whether any arrival of it is
    /// legal is for [`Position::arrivals`] to say).
    pub(crate) fn time_rejection(&self) -> Option<Rejection> {
        if let Err(rejection) = self.check_turn(self.next) {
            return Some(rejection);
        }
        let mut own_stones = false;
        let mut refusal = None;
        for birth in self.births() {
            if birth.placement.player != self.next {
                continue;
            }
            own_stones = true;
            match self.check_traveller(self.next, birth.source) {
                Ok(()) => return None,
                Err(Rejection::BirthLocked { .. }) => {}
                Err(other) => refusal = Some(other),
            }
        }
        Some(match refusal {
            Some(refusal) => refusal,
            None if own_stones => Rejection::AllStonesLocked {
                locked: self.locked,
            },
            None => Rejection::NoStoneOnBoard,
        })
    }

    /// The gaps a traveller born at `source` may be inserted at: after the locked prefix
    /// and before its own birth.
    pub(crate) fn arrival_gaps(&self, source: usize) -> std::ops::Range<usize> {
        self.locked..source.max(self.locked)
    }

    /// The arrival gaps `locked..source` of the traveller at `source` for the player to
    /// move, each with its legality.
    pub(crate) fn arrivals(&self, source: usize) -> Result<Vec<Arrival>, Rejection> {
        self.check_turn(self.next)?;
        self.check_traveller(self.next, source)?;
        Ok(self
            .arrival_gaps(source)
            .map(|target| Arrival {
                target,
                rejection: self
                    .probe(&Action::Time {
                        player: self.next,
                        source,
                        target,
                    })
                    .err(),
            })
            .collect())
    }

    /// Every legal action of the player to move, in the order of `canon timego legal`.
    pub(crate) fn legal_actions(&self) -> Vec<Action> {
        let player = self.next;
        if self.ended || self.actions >= ACTION_LIMIT {
            return Vec::new();
        }
        let mut actions = Vec::new();
        for point in 0..self.chronology.graph.len() as Point {
            let action = Action::Place { player, point };
            if self.probe(&action).is_ok() {
                actions.push(action);
            }
        }
        for birth in self.births().into_iter().filter(|birth| birth.may_travel) {
            for target in self.arrival_gaps(birth.source) {
                let action = Action::Time {
                    player,
                    source: birth.source,
                    target,
                };
                if self.probe(&action).is_ok() {
                    actions.push(action);
                }
            }
        }
        for action in [Action::Lock { player }, Action::Pass { player }] {
            if self.probe(&action).is_ok() {
                actions.push(action);
            }
        }
        actions
    }
}
