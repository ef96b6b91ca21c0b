//! The shared Go core: boards on arbitrary graphs of points.
//!
//! Every Go variant of Crab Canon (TimeGo on square boards, Go on three surfaces) places
//! stones on a [`Graph`] and keeps a [`Board`] whose chains, distinct liberties and hash
//! are maintained incrementally. Repetition policies (superko, history sets) belong to
//! the game modules, not here.

mod area;
mod board;
mod color;
pub mod fast;
mod graph;
mod groups;
pub mod layout;
pub mod zobrist;

pub use area::Area;
pub use board::{Board, BoardError, Chain, PlaceError, PlacementPreview};
pub use color::{Color, Point};
pub use graph::{Graph, GraphError};
pub use layout::BoardLayout;

#[cfg(test)]
mod tests;
