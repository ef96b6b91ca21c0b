//! The replayable TimeGo state after a sequence of actual actions: `H` and its chronology,
//! the locked prefix, the reached (H, m) pairs, turn, passes and the end of the game.
//! Every action is validated completely before anything changes.

use super::bit_replay::probe_time;
use super::bits::Square;
use super::chronology::{history_step, key_after, pair_hash, stone_bits, Chronology};
use super::consequences::{assemble, Recorder, TimeMoveConsequences};
use super::rejection::Rejection;
use super::repetition::Visited;
use super::replay::{replay_time, ReplaySink, Scratch, Silent};
use super::types::{Action, Area, HalfPoints, Placement, Score, ACTION_LIMIT};
use crate::go::{Color, Graph, PlaceError, Point};
use serde::Serialize;
use std::cell::RefCell;

thread_local! {
    // Probes reuse one set of replay buffers per thread instead of allocating.
    static SCRATCH: RefCell<Option<Scratch>> = const { RefCell::new(None) };
}

fn with_scratch<R>(f: impl FnOnce(&mut Scratch) -> R) -> R {
    SCRATCH.with(|cell| {
        let mut slot = cell.borrow_mut();
        f(slot.get_or_insert_with(Scratch::new))
    })
}

/// What a legal action would lead to, computed without cloning or changing the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ProbeSummary {
    /// Exact key of the resulting present board: two bits per point holding its cell value
    /// (see [`ProbeSummary::cell`]).
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    #[serde(serialize_with = "key_as_string")]
    pub board_key: u64,
    /// Length of the placement order afterwards.
    pub placements: usize,
    /// Locked prefix length afterwards.
    pub locked: usize,
    /// Stones captured (by the placement, or by the arrival and replay of a time move).
    pub captures: u32,
    /// Placements a time move would cancel.
    pub cancelled: u32,
    /// True if the action ends the game (a second consecutive pass).
    pub ends_game: bool,
}

fn key_as_string<S: serde::Serializer>(key: &u64, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&key.to_string())
}

impl ProbeSummary {
    /// The cell value (`0`, `1`, `2`) of `point` on the resulting board.
    pub fn cell(&self, point: Point) -> u8 {
        ((self.board_key >> (2 * point as u32)) & 3) as u8
    }
}

/// What an accepted action did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Applied {
    /// The action as recorded.
    pub action: Action,
    /// Stones a placement captured (time-move captures are in `time`).
    pub captured: Vec<Point>,
    /// The consequences of a time move.
    pub time: Option<TimeMoveConsequences>,
    /// True if this action ended the game.
    pub ended: bool,
}

/// The TimeGo state after some actual actions.
#[derive(Clone, Debug)]
pub(crate) struct Position {
    pub(crate) size: u8,
    /// Bit masks of the board's shape, for probing time moves on bit boards.
    pub(crate) square: Square,
    pub(crate) komi: HalfPoints,
    pub(crate) chronology: Chronology,
    pub(crate) locked: usize,
    pub(crate) visited: Visited,
    pub(crate) next: Color,
    pub(crate) passes: u8,
    pub(crate) ended: bool,
    pub(crate) actions: usize,
}

impl Position {
    /// The initial state: empty board and order, nothing locked, Black to move.
    pub(crate) fn new(size: u8, komi: HalfPoints) -> Position {
        let chronology = Chronology::new(Graph::square(size));
        let mut visited = Visited::default();
        visited.insert(pair_hash(chronology.history_hash(), 0), &[], 0, 0);
        Position {
            size,
            square: Square::new(size),
            komi,
            chronology,
            locked: 0,
            visited,
            next: Color::Black,
            passes: 0,
            ended: false,
            actions: 0,
        }
    }

    /// The area counts of the present board.
    pub(crate) fn area(&self) -> Area {
        Area::of(self.chronology.present(), &self.chronology.graph)
    }

    /// The score of the present board with komi.
    pub(crate) fn score(&self) -> Score {
        Score::new(self.area(), self.komi)
    }

    /// Rejections that apply to every action: game over, action limit, wrong player.
    pub(crate) fn check_turn(&self, player: Color) -> Result<(), Rejection> {
        if self.ended {
            return Err(Rejection::GameEnded);
        }
        if self.actions >= ACTION_LIMIT {
            return Err(Rejection::ActionLimit {
                limit: ACTION_LIMIT,
            });
        }
        if player != self.next {
            return Err(Rejection::NotYourTurn {
                expected: self.next,
                found: player,
            });
        }
        Ok(())
    }

    /// Checks an action completely and reports what it would lead to.
    pub(crate) fn probe(&self, action: &Action) -> Result<ProbeSummary, Rejection> {
        self.check_turn(action.player())?;
        let len = self.chronology.len();
        let summary = |board_key, placements, locked, captures, cancelled| ProbeSummary {
            board_key,
            placements,
            locked,
            captures,
            cancelled,
            ends_game: false,
        };
        match *action {
            Action::Place { player, point } => {
                let (key, captures) = self.probe_place(Placement { player, point })?;
                Ok(summary(key, len + 1, self.locked, captures, 0))
            }
            Action::Time {
                player,
                source,
                target,
            } => {
                self.check_time(player, source, target)?;
                with_scratch(|scratch| {
                    let replayed =
                        probe_time(&self.chronology, &self.square, source, target, scratch)?;
                    self.check_new_order(target, replayed.history, &scratch.suffix)?;
                    Ok(summary(
                        replayed.key,
                        target + scratch.suffix.len(),
                        self.locked,
                        replayed.captures,
                        replayed.cancelled,
                    ))
                })
            }
            Action::Lock { .. } => {
                self.check_lock()?;
                Ok(summary(self.chronology.present_key(), len, len, 0, 0))
            }
            Action::Pass { .. } => Ok(ProbeSummary {
                ends_game: self.passes == 1,
                ..summary(self.chronology.present_key(), len, self.locked, 0, 0)
            }),
        }
    }

    /// Legality of a placement: occupancy, suicide, chronological superko over the whole
    /// current chronology, then the (H, m) rule. Returns the new exact key and captures.
    fn probe_place(&self, placement: Placement) -> Result<(u64, u32), Rejection> {
        let point = placement.point;
        let chronology = &self.chronology;
        if point as usize >= chronology.graph.len() {
            return Err(Rejection::OffBoard {
                point: point as usize,
            });
        }
        let present = chronology.present();
        let preview = present
            .check(&chronology.graph, point, placement.player)
            .map_err(|error| match error {
                PlaceError::Suicide { .. } => Rejection::Suicide { point },
                _ => Rejection::Occupied { point },
            })?;
        let key = if preview.captures == 0 {
            chronology.present_key() | stone_bits(placement)
        } else {
            with_scratch(|scratch| {
                scratch.board.clone_from(present);
                let mut captured = Vec::with_capacity(preview.captures as usize);
                scratch
                    .board
                    .play(&chronology.graph, point, placement.player, &mut captured)
                    .expect("checked placement");
                key_after(chronology.present_key(), placement, &captured)
            })
        };
        if let Some(earlier_board) = chronology.board_within(key, chronology.len()) {
            return Err(Rejection::Superko {
                point,
                earlier_board,
            });
        }
        let history = history_step(chronology.history_hash(), placement);
        let pair = pair_hash(history, self.locked);
        if let Some(earlier_action) =
            self.visited
                .find(pair, &chronology.placements, &[placement], self.locked)
        {
            return Err(Rejection::RepeatedHistory { earlier_action });
        }
        Ok((key, preview.captures))
    }

    /// Legality of Lock: something unlocked and a new (H, m) pair.
    fn check_lock(&self) -> Result<(), Rejection> {
        let len = self.chronology.len();
        if len == 0 {
            return Err(Rejection::NothingPlaced);
        }
        if self.locked >= len {
            return Err(Rejection::FullyLocked { placements: len });
        }
        let pair = pair_hash(self.chronology.history_hash(), len);
        if let Some(earlier_action) = self
            .visited
            .find(pair, &self.chronology.placements, &[], len)
        {
            return Err(Rejection::RepeatedHistory { earlier_action });
        }
        Ok(())
    }

    /// Departure eligibility of the birth at `source` for `player`.
    pub(crate) fn check_traveller(&self, player: Color, source: usize) -> Result<(), Rejection> {
        let chronology = &self.chronology;
        let placements = chronology.len();
        if source >= placements {
            return Err(Rejection::SourceOutOfRange { source, placements });
        }
        let placement = chronology.placements[source];
        if placement.player != player {
            return Err(Rejection::NotYourStone {
                source,
                point: placement.point,
            });
        }
        if !chronology.is_alive(source) {
            return Err(Rejection::StoneNotAlive {
                source,
                point: placement.point,
            });
        }
        if source < self.locked {
            return Err(Rejection::BirthLocked {
                source,
                locked: self.locked,
            });
        }
        if source == 0 {
            return Err(Rejection::FirstPlacement { source });
        }
        if source == self.locked {
            return Err(Rejection::NoEarlierGap { source });
        }
        Ok(())
    }

    /// Departure eligibility and the range of the arrival gap.
    pub(crate) fn check_time(
        &self,
        player: Color,
        source: usize,
        target: usize,
    ) -> Result<(), Rejection> {
        self.check_traveller(player, source)?;
        if target < self.locked || target >= source {
            return Err(Rejection::TargetOutOfRange {
                source,
                target,
                locked: self.locked,
            });
        }
        Ok(())
    }

    /// The replay plus the (H, m) rule; the new suffix is left in `scratch`.
    fn replay_checked(
        &self,
        source: usize,
        target: usize,
        scratch: &mut Scratch,
        sink: &mut impl ReplaySink,
        keep_boards: bool,
    ) -> Result<super::replay::Replayed, Rejection> {
        let replayed = replay_time(&self.chronology, source, target, scratch, sink, keep_boards)?;
        self.check_new_order(target, replayed.history, &scratch.suffix)?;
        Ok(replayed)
    }

    /// The (H, m) rule for the order made of the first `target` placements and `suffix`,
    /// whose rolling hash is `history`.
    fn check_new_order(
        &self,
        target: usize,
        history: u64,
        suffix: &[Placement],
    ) -> Result<(), Rejection> {
        let pair = pair_hash(history, self.locked);
        match self.visited.find(
            pair,
            &self.chronology.placements[..target],
            suffix,
            self.locked,
        ) {
            Some(earlier_action) => Err(Rejection::RepeatedHistory { earlier_action }),
            None => Ok(()),
        }
    }

    /// The time-move probe of the player to move replayed on bit boards (`on_graph`
    /// false, as [`Position::probe`] does) or on the graph board of the Go core (the
    /// reference): what the replay produced and the new order from the arrival gap on.
    #[cfg(test)]
    pub(crate) fn replay_time_move(
        &self,
        source: usize,
        target: usize,
        on_graph: bool,
    ) -> Result<(super::replay::Replayed, Vec<Placement>), Rejection> {
        self.check_turn(self.next)?;
        self.check_time(self.next, source, target)?;
        with_scratch(|scratch| {
            let replayed = if on_graph {
                self.replay_checked(source, target, scratch, &mut Silent, false)?
            } else {
                let replayed = probe_time(&self.chronology, &self.square, source, target, scratch)?;
                self.check_new_order(target, replayed.history, &scratch.suffix)?;
                replayed
            };
            Ok((replayed, scratch.suffix.clone()))
        })
    }

    /// The full consequences of a time move for the player to move, without changing
    /// anything.
    pub(crate) fn preview_time(
        &self,
        source: usize,
        target: usize,
    ) -> Result<TimeMoveConsequences, Rejection> {
        self.check_turn(self.next)?;
        self.check_time(self.next, source, target)?;
        with_scratch(|scratch| {
            let mut recorder = Recorder::default();
            self.replay_checked(source, target, scratch, &mut recorder, false)?;
            Ok(self.consequences(source, target, recorder, scratch))
        })
    }

    fn consequences(
        &self,
        source: usize,
        target: usize,
        recorder: Recorder,
        scratch: &Scratch,
    ) -> TimeMoveConsequences {
        let mut placements = self.chronology.placements[..target].to_vec();
        placements.extend_from_slice(&scratch.suffix);
        assemble(
            &self.chronology,
            source,
            target,
            self.locked,
            recorder,
            placements,
            scratch.board.colors().to_vec(),
        )
    }

    /// Checks and commits a time move with the boards of one replay; consequences are
    /// assembled only when `explain` asks for them (imports do not).
    fn commit_time(
        &mut self,
        source: usize,
        target: usize,
        explain: bool,
    ) -> Result<Option<TimeMoveConsequences>, Rejection> {
        self.check_time(self.next, source, target)?;
        with_scratch(|scratch| {
            let consequences = if explain {
                let mut recorder = Recorder::default();
                self.replay_checked(source, target, scratch, &mut recorder, true)?;
                Some(self.consequences(source, target, recorder, scratch))
            } else {
                self.replay_checked(source, target, scratch, &mut Silent, true)?;
                None
            };
            let Scratch {
                suffix,
                boards,
                keys,
                ..
            } = scratch;
            self.chronology.install(target, suffix, boards, keys);
            Ok(consequences)
        })
    }

    /// Applies an action after checking it completely; on rejection nothing changes. With
    /// `explain`, a time move reports its consequences.
    pub(crate) fn apply(&mut self, action: Action, explain: bool) -> Result<Applied, Rejection> {
        self.check_turn(action.player())?;
        let mut applied = Applied {
            action,
            captured: Vec::new(),
            time: None,
            ended: false,
        };
        match action {
            Action::Place { player, point } => {
                let placement = Placement { player, point };
                self.probe_place(placement)?;
                let chronology = &mut self.chronology;
                let mut board = chronology.take_spare();
                board.clone_from(chronology.present());
                board
                    .play(&chronology.graph, point, player, &mut applied.captured)
                    .expect("probed placement");
                let key = key_after(chronology.present_key(), placement, &applied.captured);
                applied.captured.sort_unstable();
                chronology.push(placement, board, key);
            }
            Action::Time { source, target, .. } => {
                applied.time = self.commit_time(source, target, explain)?;
            }
            Action::Lock { .. } => {
                self.check_lock()?;
                self.locked = self.chronology.len();
            }
            Action::Pass { .. } => {}
        }
        self.actions += 1;
        self.next = self.next.opposite();
        if matches!(action, Action::Pass { .. }) {
            self.passes += 1;
            if self.passes >= 2 {
                self.ended = true;
                applied.ended = true;
            }
        } else {
            self.passes = 0;
            let pair = pair_hash(self.chronology.history_hash(), self.locked);
            self.visited
                .insert(pair, &self.chronology.placements, self.locked, self.actions);
        }
        Ok(applied)
    }
}
