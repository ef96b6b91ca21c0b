//! TimeGo: Go on one square board whose placement history players can rewrite.
//!
//! The rules are those of `shared/seeds/000_58784a136c6a9723.txt`: Place, Time, Lock and
//! Pass; chronological positional superko within the reconstructed placement order `H`;
//! the actual-play repetition rule on (H, m) pairs; area scoring with komi. [`Game`] is
//! the entry point; records are `time-go-game` version 1.

mod api;
mod bit_replay;
mod bits;
mod chronology;
mod comparison;
mod consequences;
mod game;
mod inspect;
mod key_index;
mod legal;
mod position;
mod record;
mod rejection;
mod repetition;
mod replay;
mod types;

pub mod opponent;
pub mod tutorial;

pub use comparison::{ArrivalComparison, FocusedBoard, StepComparison, TimeMoveComparison};
pub use consequences::{ArrivalStep, CancelledPlacement, ReplayStep, TimeMoveConsequences};
pub use game::{Checkpoint, Game, GameView, ReplayError, SetupError};
pub use inspect::InspectError;
pub use legal::{Arrival, ArrivalRange, Birth};
pub use position::{Applied, ProbeSummary};
pub use record::{RecordError, TimeGoDocument, RULES, SCHEMA, VERSION};
pub use rejection::{Cancellation, Rejection};
pub use types::{
    point_name, Action, Area, GameResult, HalfPoints, Placement, Score, Winner, ACTION_LIMIT,
    DOCUMENT_LIMIT, MAX_SIZE, MIN_SIZE,
};

#[cfg(test)]
mod bit_tests;
#[cfg(test)]
mod comparison_tests;
#[cfg(test)]
mod tests;
