//! Rules engines of Crab Canon.
//!
//! Every rule of every game lives in this crate and only here. It performs no I/O and is
//! deterministic: the same inputs always give the same outputs, so records replay exactly.

pub mod game_api;
pub mod go;
pub mod rng;
pub mod strict;
pub mod surfaces;
pub mod timechess;
pub mod timego;
pub mod wilson;
