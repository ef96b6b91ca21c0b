//! A lesson being played: its game, the player's colour, whether the goal is reached, and
//! the marks and choices the lesson screen shows.

use super::goal::{Opponent, Rings};
use super::lessons::{Lesson, LESSONS, TUTORIAL_KOMI, TUTORIAL_SIZE};
use crate::go::{BoardLayout, Color, Point};
use crate::timego::{Action, Applied, Game, Placement, Rejection, Score};
use serde::Serialize;

/// Where a lesson stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum LessonStatus {
    /// The player is to act.
    Playing,
    /// The goal was reached.
    Solved,
    /// A legal action missed the goal; only Reset continues.
    Missed {
        /// Why the action does not count.
        reason: String,
    },
}

/// Why the lesson refused an action; nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TutorialError {
    /// There is no lesson with this index.
    #[error("there is no lesson {index}; the tutorial has {count}")]
    NoSuchLesson {
        /// The index asked for.
        index: usize,
        /// Number of lessons.
        count: usize,
    },
    /// The lesson is solved or missed: reset it (or go on) before acting again.
    #[error("this exercise is over; press Reset to try again")]
    Finished,
    /// The engine rejects the action.
    #[error("{0}")]
    Rejected(Rejection),
}

/// The marks of the page: rings highlight stones, dots mark empty liberties of the
/// lesson's groups, crosses mark placements the last time move cancelled.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Marks {
    /// Ringed stones.
    pub rings: Vec<Point>,
    /// Empty liberties of the relevant groups (from the Go core's chains).
    pub liberties: Vec<Point>,
    /// Points of placements cancelled by the last time move.
    pub crosses: Vec<Point>,
    /// Stones whose births are in the locked prefix (drawn as small squares).
    pub locked: Vec<Point>,
}

/// One arrival gap of a traveller and whether it is legal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ArrivalChoice {
    /// The gap: the traveller is inserted before the placement now at this index.
    pub target: usize,
    /// Why this arrival is illegal, in words; `None` if it is legal.
    pub refused: Option<String>,
}

/// A stone the player may move in time, with every permitted arrival.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TravelOption {
    /// Its current birth index.
    pub source: usize,
    /// Its point.
    pub point: Point,
    /// Arrival gaps, earliest first.
    pub arrivals: Vec<ArrivalChoice>,
}

/// Everything the lesson screen shows.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LessonView {
    /// Index of the lesson (0-based).
    pub index: usize,
    /// Number of lessons.
    pub count: usize,
    /// Stable identifier.
    pub id: String,
    /// Title.
    pub title: String,
    /// The idea the lesson introduces.
    pub idea: String,
    /// The task.
    pub task: String,
    /// Hints revealed so far.
    pub hints: Vec<String>,
    /// Number of hints the lesson has.
    pub hint_count: usize,
    /// Text shown once solved.
    pub success: String,
    /// Board size.
    pub size: u8,
    /// The present board, `0` empty, `1` black, `2` white.
    pub board: Vec<u8>,
    /// The player's colour.
    pub player: Color,
    /// Who is to move, `None` once the game ended.
    pub to_move: Option<Color>,
    /// The current placement order.
    pub placements: Vec<Placement>,
    /// Length of the locked prefix.
    pub locked: usize,
    /// Every actual action, the setup included.
    pub actions: Vec<Action>,
    /// Number of leading actions that set the position up.
    pub setup_actions: usize,
    /// Where the lesson stands.
    pub status: LessonStatus,
    /// Rings, liberty dots and crosses.
    pub marks: Marks,
    /// Stones the player may move in time now.
    pub travels: Vec<TravelOption>,
    /// Why Lock is illegal now, in words; `None` if legal.
    pub lock_refused: Option<String>,
    /// The score of the present board.
    pub score: Score,
    /// The point of the last placement, if the last action placed a stone.
    pub last_placement: Option<Point>,
    /// How the board is drawn: each point's position, name and neighbours.
    pub layout: BoardLayout,
}

/// A lesson in play.
#[derive(Clone, Debug)]
pub struct LessonRun {
    index: usize,
    lesson: &'static Lesson,
    start: Game,
    game: Game,
    player: Color,
    status: LessonStatus,
    crosses: Vec<Point>,
    hints_shown: usize,
}

impl LessonRun {
    /// Starts lesson `index` from its setup, which the engine replays like any record.
    pub fn start(index: usize) -> Result<LessonRun, TutorialError> {
        let lesson = LESSONS.get(index).ok_or(TutorialError::NoSuchLesson {
            index,
            count: LESSONS.len(),
        })?;
        let start = Game::replay(TUTORIAL_SIZE, TUTORIAL_KOMI, lesson.setup)
            .expect("every lesson setup is a legal line (checked by the tests)");
        let player = start
            .side_to_move()
            .expect("no lesson setup ends the game (checked by the tests)");
        Ok(LessonRun {
            index,
            lesson,
            game: start.clone(),
            start,
            player,
            status: LessonStatus::Playing,
            crosses: Vec::new(),
            hints_shown: 0,
        })
    }

    /// Index of the lesson.
    pub fn index(&self) -> usize {
        self.index
    }

    /// The lesson's data.
    pub fn lesson(&self) -> &'static Lesson {
        self.lesson
    }

    /// The game as it stands.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The player's colour.
    pub fn player(&self) -> Color {
        self.player
    }

    /// Where the lesson stands.
    pub fn status(&self) -> &LessonStatus {
        &self.status
    }

    /// Back to the starting position; hints already shown stay shown.
    pub fn reset(&mut self) {
        self.game = self.start.clone();
        self.status = LessonStatus::Playing;
        self.crosses.clear();
    }

    /// Reveals one more hint, if any is left.
    pub fn reveal_hint(&mut self) {
        self.hints_shown = (self.hints_shown + 1).min(self.lesson.hints.len());
    }

    /// Plays the player's action: the engine decides legality (a rejection changes
    /// nothing), then the goal; the opponent answers as the lesson says.
    pub fn play(&mut self, action: Action) -> Result<&LessonStatus, TutorialError> {
        if self.status != LessonStatus::Playing {
            return Err(TutorialError::Finished);
        }
        let applied = self.game.apply(action).map_err(TutorialError::Rejected)?;
        self.crosses = cancelled_points(&applied);
        self.status = self.judge(&applied);
        Ok(&self.status)
    }

    fn judge(&mut self, applied: &Applied) -> LessonStatus {
        if self
            .lesson
            .goal
            .is_reached(&self.game, applied, self.player)
        {
            return LessonStatus::Solved;
        }
        let missed = LessonStatus::Missed {
            reason: self.lesson.miss.to_owned(),
        };
        match self.lesson.opponent {
            Opponent::None => missed,
            Opponent::Passes if self.game.is_ended() => missed,
            Opponent::Passes => {
                let reply = Action::Pass {
                    player: self.player.opposite(),
                };
                match self.game.apply(reply) {
                    Ok(_) => LessonStatus::Playing,
                    Err(rejection) => LessonStatus::Missed {
                        reason: rejection.message(TUTORIAL_SIZE),
                    },
                }
            }
        }
    }

    /// The marks for the present position.
    pub fn marks(&self) -> Marks {
        let board = self.game.board();
        let rings = match self.lesson.rings {
            Rings::Stones(points) => points
                .iter()
                .copied()
                .filter(|&p| board[p as usize] != 0)
                .collect(),
            Rings::Travellers if self.status == LessonStatus::Playing => self
                .game
                .travellers()
                .into_iter()
                .map(|birth| birth.placement.point)
                .collect(),
            Rings::Travellers => Vec::new(),
        };
        let mut rings = rings;
        rings.sort_unstable();
        let chronology = &self.game.position.chronology;
        let mut liberties: Vec<Point> = self
            .lesson
            .focus
            .iter()
            .flat_map(|&p| chronology.present().liberties(&chronology.graph, p))
            .collect();
        liberties.sort_unstable();
        liberties.dedup();
        let mut locked: Vec<Point> = self
            .game
            .births()
            .into_iter()
            .filter(|birth| birth.locked)
            .map(|birth| birth.placement.point)
            .collect();
        locked.sort_unstable();
        Marks {
            rings,
            liberties,
            crosses: self.crosses.clone(),
            locked,
        }
    }

    /// The time moves the player may choose now, each arrival with its legality.
    pub fn travels(&self) -> Vec<TravelOption> {
        if self.status != LessonStatus::Playing {
            return Vec::new();
        }
        self.game
            .travellers()
            .into_iter()
            .filter_map(|birth| {
                let arrivals = self.game.arrivals(birth.source).ok()?;
                Some(TravelOption {
                    source: birth.source,
                    point: birth.placement.point,
                    arrivals: arrivals
                        .into_iter()
                        .map(|arrival| ArrivalChoice {
                            target: arrival.target,
                            refused: arrival
                                .rejection
                                .map(|rejection| rejection.message(TUTORIAL_SIZE)),
                        })
                        .collect(),
                })
            })
            .collect()
    }

    /// Everything the lesson screen shows.
    pub fn view(&self) -> LessonView {
        let lesson = self.lesson;
        let lock_refused = self
            .game
            .probe(&Action::Lock {
                player: self.player,
            })
            .err()
            .map(|rejection| rejection.message(TUTORIAL_SIZE));
        let last_placement = match self.game.actions().last() {
            Some(Action::Place { point, .. }) => Some(*point),
            _ => None,
        };
        LessonView {
            index: self.index,
            count: LESSONS.len(),
            id: lesson.id.to_owned(),
            title: lesson.title.to_owned(),
            idea: lesson.idea.to_owned(),
            task: lesson.task.to_owned(),
            hints: lesson.hints[..self.hints_shown]
                .iter()
                .map(|&hint| hint.to_owned())
                .collect(),
            hint_count: lesson.hints.len(),
            success: lesson.success.to_owned(),
            size: self.game.size(),
            board: self.game.board().to_vec(),
            player: self.player,
            to_move: self.game.side_to_move(),
            placements: self.game.placements().to_vec(),
            locked: self.game.locked(),
            actions: self.game.actions().to_vec(),
            setup_actions: lesson.setup.len(),
            status: self.status.clone(),
            marks: self.marks(),
            travels: self.travels(),
            lock_refused,
            score: self.game.score(),
            last_placement,
            layout: crate::timego::game::square_layout(self.game.size()),
        }
    }
}

fn cancelled_points(applied: &Applied) -> Vec<Point> {
    applied.time.as_ref().map_or_else(Vec::new, |time| {
        time.cancelled
            .iter()
            .map(|cancelled| cancelled.placement.point)
            .collect()
    })
}
