//! Go on three surfaces: the Möbius strip (9×11), the Klein bottle (9×18) and the
//! genus-two staircase surface (two 9×9 charts), rules `graph-area-no-suicide-psk-v1`.

pub mod geometry;
pub mod symmetry;
pub mod topology;

/// A playable point: its canonical index.
pub type Point = u16;

pub use geometry::{Coord, Crossing, Direction, Surface};
