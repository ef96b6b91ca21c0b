//! The three playing graphs and their automorphism groups, built once and shared.

use std::sync::OnceLock;

use super::geometry::Surface;
use super::symmetry::{automorphisms as compute_automorphisms, Automorphism};
use crate::go::Graph;

static GRAPHS: [OnceLock<Graph>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
static GROUPS: [OnceLock<Vec<Automorphism>>; 3] =
    [OnceLock::new(), OnceLock::new(), OnceLock::new()];

fn slot(surface: Surface) -> usize {
    match surface {
        Surface::Mobius => 0,
        Surface::Klein => 1,
        Surface::Genus2 => 2,
    }
}

/// The cell-center graph of `surface`, validated by [`Graph::from_adjacency`].
pub fn graph(surface: Surface) -> &'static Graph {
    GRAPHS[slot(surface)].get_or_init(|| {
        Graph::from_adjacency(surface.adjacency())
            .unwrap_or_else(|error| panic!("the {surface:?} gluing table is not a graph: {error}"))
    })
}

/// Every automorphism of the graph of `surface`, computed by search; the identity first.
pub fn automorphisms(surface: Surface) -> &'static [Automorphism] {
    GROUPS[slot(surface)].get_or_init(|| compute_automorphisms(&surface.adjacency()))
}
