//! Uniform random playouts on any graph of degree at most four, for benchmarks and the
//! search ([`super::search`]): each turn the player to move places on a uniformly chosen
//! legal point that does not fill one of its own eyes (an empty point whose neighbours
//! are all its own stones), or passes when there is none; two consecutive passes end the
//! playout. Full positional superko is enforced with a set of the 64-bit Zobrist hashes
//! of every coloring of the playout (and, for the search, of the game before it).
//!
//! Playouts run on [`FastBoard`] (pseudo-liberties, fixed-width neighbour rows, no
//! allocation in the loop); the tests replay every playout on the rules core
//! ([`crate::go::Board`]) and the surfaces' rules ([`super::SurfaceGame`]).

use super::Point;
use crate::go::fast::{FastBoard, FastGraph, FastGraphError, PositionSet};
use crate::go::{Color, Graph};
pub use crate::rng::SplitMix64;

/// The playouts' generator under its earlier name: the shared [`SplitMix64`], whose
/// multiply-shift [`SplitMix64::below`] is the reduction the playouts always used.
pub type SplitMix = SplitMix64;

/// What one playout did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayoutStats {
    /// Stones placed.
    pub placements: u64,
    /// Passes, including the final two.
    pub passes: u64,
    /// Area of the final board: (black, white).
    pub area: (u32, u32),
}

/// Tries the empty points of `board` in uniformly random order without repetition and
/// plays the first that is legal (not suicide, not a repetition of a coloring in `seen`)
/// and does not fill one of `color`'s own eyes; records its coloring in `seen`. Returns
/// the point and the number of stones it captured, `None` if there is none (a pass).
///
/// `seen` must hold the current coloring of `board`. A point no coloring in `seen` has a
/// stone on ([`PositionSet::is_fresh`]) cannot repeat one of them, so it needs no hash
/// before the placement, only the legality test without hashes (most placements);
/// every other legal candidate gets the hash of its coloring and the superko probe.
#[inline]
pub fn place_random(
    graph: &FastGraph,
    board: &mut FastBoard,
    seen: &mut PositionSet,
    color: Color,
    rng: &mut SplitMix64,
) -> Option<(Point, u32)> {
    let mut untried = board.empty_count();
    while untried > 0 {
        let k = rng.below(untried);
        untried -= 1;
        // Unconditional (a swap with itself is harmless): one branch less to mispredict.
        board.swap_empties(k, untried);
        let p = board.empty_at(untried);
        if board.fills_own_eye(graph, p, color) || !board.is_legal(graph, p, color) {
            continue;
        }
        if !seen.is_fresh(p) {
            match board.check(graph, p, color) {
                Some(hash) if !seen.contains(hash) => {}
                _ => continue,
            }
        }
        let captured = board.place(graph, p, color);
        let added = seen.insert_placed(board.hash(), p);
        debug_assert!(added, "a placement that passed the superko test");
        return Some((p, captured));
    }
    None
}

/// Reusable buffers for playouts on one graph.
pub struct Playouts {
    graph: FastGraph,
    empty_board: FastBoard,
    board: FastBoard,
    seen: PositionSet,
    stack: Vec<Point>,
    visited: Vec<bool>,
}

impl Playouts {
    /// Buffers for playouts on `graph`.
    pub fn new(graph: &Graph) -> Result<Playouts, FastGraphError> {
        let graph = FastGraph::new(graph)?;
        let board = FastBoard::new(&graph);
        Ok(Playouts {
            empty_board: board.clone(),
            board,
            graph,
            seen: PositionSet::new(),
            stack: Vec::new(),
            visited: Vec::new(),
        })
    }

    /// The cell values at the end of the last playout.
    pub fn colors(&self) -> &[u8] {
        self.board.colors()
    }

    /// Plays one random game from the empty board to two consecutive passes.
    pub fn run(&mut self, rng: &mut SplitMix64) -> PlayoutStats {
        self.run_recorded(rng, |_, _| {})
    }

    /// [`Playouts::run`], telling `record` each turn's placement (with its capture
    /// count) or pass (`None`).
    pub fn run_recorded(
        &mut self,
        rng: &mut SplitMix64,
        mut record: impl FnMut(Option<Point>, u32),
    ) -> PlayoutStats {
        self.board.copy_from(&self.empty_board);
        self.seen.clear();
        self.seen
            .insert_coloring(self.board.hash(), self.board.colors());
        let mut stats = PlayoutStats::default();
        let mut color = Color::Black;
        let mut consecutive_passes = 0;
        while consecutive_passes < 2 {
            match place_random(&self.graph, &mut self.board, &mut self.seen, color, rng) {
                Some((p, captured)) => {
                    record(Some(p), captured);
                    stats.placements += 1;
                    consecutive_passes = 0;
                }
                None => {
                    record(None, 0);
                    stats.passes += 1;
                    consecutive_passes += 1;
                }
            }
            color = color.opposite();
        }
        stats.area = self
            .board
            .area(&self.graph, &mut self.stack, &mut self.visited);
        stats
    }
}

#[cfg(test)]
mod tests {
    //! Every playout replayed on the rules: the core board with a hash set (each
    //! placement legal, not an own-eye fill, new coloring, same captures; each pass
    //! forced), and on the surfaces the game itself (exact superko over full colorings).
    use std::collections::HashSet;

    use proptest::prelude::*;

    use super::*;
    use crate::go::Board;
    use crate::surfaces::graphs::graph;
    use crate::surfaces::rules::Action;
    use crate::surfaces::{Surface, SurfaceGame};

    fn own_eye(g: &Graph, board: &Board, p: Point, color: Color) -> bool {
        g.neighbors(p)
            .iter()
            .all(|&q| board.color_at(q) == Some(color))
    }

    fn playable(g: &Graph, board: &Board, seen: &HashSet<u64>, p: Point, color: Color) -> bool {
        board.color_at(p).is_none()
            && !own_eye(g, board, p, color)
            && board
                .check(g, p, color)
                .is_ok_and(|preview| !seen.contains(&preview.hash))
    }

    fn replay_on_core(g: &Graph, seed: u64) {
        let mut playouts = Playouts::new(g).unwrap();
        let mut turns = Vec::new();
        let stats = playouts.run_recorded(&mut SplitMix64::new(seed), |p, c| turns.push((p, c)));
        let mut board = Board::new(g);
        let mut seen = HashSet::from([board.hash()]);
        let mut color = Color::Black;
        let mut captured = Vec::new();
        for (i, &(turn, captures)) in turns.iter().enumerate() {
            match turn {
                Some(p) => {
                    assert!(playable(g, &board, &seen, p, color), "seed {seed} turn {i}");
                    captured.clear();
                    board.play(g, p, color, &mut captured).unwrap();
                    assert_eq!(captured.len() as u32, captures, "seed {seed} turn {i}");
                    assert!(seen.insert(board.hash()));
                }
                None => assert!(
                    (0..g.len() as Point).all(|p| !playable(g, &board, &seen, p, color)),
                    "seed {seed} turn {i}: passed with a legal move"
                ),
            }
            color = color.opposite();
        }
        assert_eq!(board.colors(), playouts.colors(), "seed {seed}");
        assert_eq!(board.area(g), stats.area, "seed {seed}");
    }

    fn replay_on_game(surface: Surface, seed: u64) {
        let mut playouts = Playouts::new(graph(surface)).unwrap();
        let mut turns = Vec::new();
        let stats = playouts.run_recorded(&mut SplitMix64::new(seed), |p, c| turns.push((p, c)));
        let mut game = SurfaceGame::new(surface, 1).unwrap();
        for (turn, captures) in turns {
            let action = match turn {
                Some(at) => Action::Place { at },
                None => Action::Pass,
            };
            let applied = game.apply(action).unwrap();
            assert_eq!(applied.captured.len() as u32, captures);
        }
        assert!(game.outcome().is_some(), "two passes end the game");
        assert_eq!(game.board(), playouts.colors());
        let area = game.area();
        assert_eq!((area.black, area.white), stats.area);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        #[test]
        fn playouts_follow_the_core_rules_on_every_graph(seed in any::<u64>()) {
            for surface in Surface::ALL {
                replay_on_core(graph(surface), seed);
            }
            for size in [2, 3, 5, 9] {
                replay_on_core(&Graph::square(size), seed);
            }
        }

        #[test]
        fn playouts_are_games_of_the_surfaces_rules(seed in any::<u64>()) {
            for surface in Surface::ALL {
                replay_on_game(surface, seed);
            }
        }
    }

    #[test]
    fn a_seed_gives_the_same_playout() {
        let mut a = Playouts::new(graph(Surface::Klein)).unwrap();
        let mut b = Playouts::new(graph(Surface::Klein)).unwrap();
        for seed in 0..20 {
            assert_eq!(
                a.run(&mut SplitMix64::new(seed)),
                b.run(&mut SplitMix64::new(seed))
            );
            assert_eq!(a.colors(), b.colors());
        }
    }

    #[test]
    fn graphs_beyond_the_fast_board_are_refused_with_the_reason() {
        let star = Graph::from_adjacency(vec![
            vec![1, 2, 3, 4, 5],
            vec![0],
            vec![0],
            vec![0],
            vec![0],
            vec![0],
        ])
        .unwrap();
        let error = Playouts::new(&star).err().unwrap();
        assert_eq!(
            error,
            FastGraphError::DegreeTooHigh {
                point: 0,
                degree: 5
            }
        );
        let error = Playouts::new(&Graph::square(23)).err().unwrap();
        assert_eq!(error, FastGraphError::TooManyPoints { points: 529 });
        assert!(Playouts::new(&Graph::square(22)).is_ok());
    }
}
