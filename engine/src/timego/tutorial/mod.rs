//! The TimeGo tutorial of `shared/seeds/001_6b11402c7b0f3b61.txt`: seven short 4 × 4
//! exercises, each a starting position given as a legal action list, a goal the engine
//! checks on the resulting game, hints, and the marks the page draws (rings, liberty dots,
//! crosses). Pure data and rules: the app keeps progress, never this module.

pub(crate) mod goal;
mod lessons;
mod run;

pub use goal::{Goal, Opponent, Rings};
pub use lessons::{lesson, Lesson, LESSONS, TUTORIAL_KOMI, TUTORIAL_SIZE};
pub use run::{
    ArrivalChoice, LessonRun, LessonStatus, LessonView, Marks, TravelOption, TutorialError,
};

#[cfg(test)]
mod tests;
