//! Go on three surfaces: the Möbius strip (9×11), the Klein bottle (9×18) and the
//! genus-two staircase surface (two 9×9 charts), rules `graph-area-no-suicide-psk-v1`.
//!
//! The boards are gluing tables ([`geometry`]) from which the graphs, the topology
//! ([`topology`]) and the symmetries ([`symmetry`]) are derived. Play happens on the shared
//! Go core ([`crate::go`]); this module adds the surfaces' rules, once, in [`line`](mod@line):
//! positional superko over the full history, passes, resignation, area scoring with
//! half-point komi. [`game`] makes lines on the surfaces (games, studies, analyses), with
//! editor diagrams and their record formats. [`square`] plays plain square boards on the
//! same [`Line`] (for measuring the search against GTP programs), and [`komi`] holds the
//! fair komi measured by self-play.

mod api;
pub mod game;
pub mod geometry;
pub mod graphs;
pub mod inspect;
pub mod komi;
pub mod layout;
pub mod line;
pub mod playout;
pub mod records;
pub mod rules;
pub mod search;
pub mod sgf;
pub mod square;
pub mod symmetry;
pub mod topology;
pub mod words;

pub use crate::go::Point;

pub use api::LineImportError;
pub use game::{
    AnalysisError, Applied, Origin, PlacementExplanation, ReplayError, SetupError, SurfaceGame,
    STUDY_LABEL,
};
pub use geometry::{Coord, Crossing, Direction, Surface};
pub use inspect::{inspect_board, Certificate, Eye, Inspection};
pub use komi::{measured_komi, MeasuredKomi};
pub use line::Line;
pub use rules::{Action, Area, EndReason, Outcome, Rejection, Score, Winner, RULES_ID};
pub use words::{refusal, Refusal};
