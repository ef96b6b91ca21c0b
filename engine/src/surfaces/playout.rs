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
        if let Some(placed) = try_place(graph, board, seen, p, color) {
            return Some(placed);
        }
    }
    None
}

/// Most reply candidates [`place_reply`] collects (more are dropped: a reply to one
/// move rarely has more than a handful).
const REPLIES: usize = 16;

/// The playout policy's reply to the opponent's placement on `last`, if it has one that
/// is playable: capture the chain of `last` if it is in atari; for each of `color`'s
/// chains next to `last` that is in atari, capture an opposing chain in atari touching
/// it, or extend on its liberty when that leaves the chain two liberties or more (not a
/// new atari). One candidate is tried after another in random order; each goes through
/// the same tests as [`place_random`] (legal, not an own eye, superko), and the first
/// that passes is placed and recorded in `seen`. `None` when no candidate passes: the
/// caller then plays [`place_random`].
///
/// Why: uniform playouts leave a chain in atari uncaptured or unsaved about as often as
/// not, so the search misreads every fight; answering the last move's atari is the
/// cheapest part of MoGo's playout policy and touches only the last move's neighbours.
#[inline]
pub fn place_reply(
    graph: &FastGraph,
    board: &mut FastBoard,
    seen: &mut PositionSet,
    color: Color,
    last: Point,
    rng: &mut SplitMix64,
) -> Option<(Point, u32)> {
    let own = color.cell();
    let opp = own ^ 3;
    if board.cell(last) != opp {
        return None;
    }
    let mut candidates = [0 as Point; REPLIES];
    let mut count = 0;
    let mut push = |p: Point| {
        if count < REPLIES {
            candidates[count] = p;
            count += 1;
        }
    };
    if let Some(liberty) = board.atari_liberty(last) {
        push(liberty);
    }
    for &q in graph.row(last) {
        if board.cell(q) != own {
            continue;
        }
        let Some(liberty) = board.atari_liberty(q) else {
            continue;
        };
        // Capture an opposing chain in atari that touches the chain in danger.
        let mut s = q;
        loop {
            for &r in graph.row(s) {
                if board.cell(r) == opp {
                    if let Some(capture) = board.atari_liberty(r) {
                        push(capture);
                    }
                }
            }
            s = board.next_in_chain(s);
            if s == q {
                break;
            }
        }
        if board.keeps_two_liberties(graph, liberty, color) {
            push(liberty);
        }
    }
    while count > 0 {
        let k = rng.below(count);
        let p = candidates[k];
        count -= 1;
        candidates[k] = candidates[count];
        if let Some(placed) = try_place(graph, board, seen, p, color) {
            return Some(placed);
        }
    }
    None
}

/// One move of the search's playouts: [`place_reply`] to the opponent's last placement
/// (`None` after a pass or at the start), else [`place_random`]. Same rules and the same
/// `seen` bookkeeping as [`place_random`]; deterministic for the generator's state.
#[inline]
pub fn place_policy(
    graph: &FastGraph,
    board: &mut FastBoard,
    seen: &mut PositionSet,
    color: Color,
    last: Option<Point>,
    rng: &mut SplitMix64,
) -> Option<(Point, u32)> {
    if let Some(last) = last {
        if let Some(reply) = place_reply(graph, board, seen, color, last, rng) {
            return Some(reply);
        }
    }
    place_random(graph, board, seen, color, rng)
}

/// Places `color` at `p` if that is a playout move — legal, not filling one of the
/// mover's own eyes, a new coloring — and records the coloring in `seen`: the test every
/// playout candidate goes through, whichever way it was chosen.
#[inline(always)]
fn try_place(
    graph: &FastGraph,
    board: &mut FastBoard,
    seen: &mut PositionSet,
    p: Point,
    color: Color,
) -> Option<(Point, u32)> {
    if board.fills_own_eye(graph, p, color) || !board.is_legal(graph, p, color) {
        return None;
    }
    if !seen.is_fresh(p) {
        match board.check(graph, p, color) {
            Some(hash) if !seen.contains(hash) => {}
            _ => return None,
        }
    }
    let captured = board.place(graph, p, color);
    let added = seen.insert_placed(board.hash(), p);
    debug_assert!(added, "a placement that passed the superko test");
    Some((p, captured))
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
        record: impl FnMut(Option<Point>, u32),
    ) -> PlayoutStats {
        self.play::<false>(rng, record)
    }

    /// Plays one game from the empty board to two consecutive passes with the search's
    /// playout policy ([`place_policy`]) instead of the uniform choice.
    pub fn run_policy(&mut self, rng: &mut SplitMix64) -> PlayoutStats {
        self.play::<true>(rng, |_, _| {})
    }

    /// [`Playouts::run_policy`], telling `record` each turn as [`Playouts::run_recorded`].
    pub fn run_policy_recorded(
        &mut self,
        rng: &mut SplitMix64,
        record: impl FnMut(Option<Point>, u32),
    ) -> PlayoutStats {
        self.play::<true>(rng, record)
    }

    /// One playout; `POLICY` a constant so the uniform playouts keep their loop.
    fn play<const POLICY: bool>(
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
        let mut last = None;
        while consecutive_passes < 2 {
            let placed = if POLICY {
                place_policy(
                    &self.graph,
                    &mut self.board,
                    &mut self.seen,
                    color,
                    last,
                    rng,
                )
            } else {
                place_random(&self.graph, &mut self.board, &mut self.seen, color, rng)
            };
            last = placed.map(|(p, _)| p);
            match placed {
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

    fn replay_on_core(g: &Graph, seed: u64, policy: bool) {
        let mut playouts = Playouts::new(g).unwrap();
        let mut turns = Vec::new();
        let mut rng = SplitMix64::new(seed);
        let record = |p, c| turns.push((p, c));
        let stats = if policy {
            playouts.run_policy_recorded(&mut rng, record)
        } else {
            playouts.run_recorded(&mut rng, record)
        };
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
                replay_on_core(graph(surface), seed, false);
            }
            for size in [2, 3, 5, 9] {
                replay_on_core(&Graph::square(size), seed, false);
            }
        }

        /// The search's policy playouts obey the same rules: every placement legal, no
        /// own eye filled, no coloring repeated, a pass only when nothing is playable.
        #[test]
        fn policy_playouts_follow_the_core_rules_on_every_graph(seed in any::<u64>()) {
            for surface in Surface::ALL {
                replay_on_core(graph(surface), seed, true);
            }
            for size in [2, 3, 5, 9] {
                replay_on_core(&Graph::square(size), seed, true);
            }
        }

        /// In random positions of random playouts, the reply is always a legal placement
        /// that fills no own eye and repeats no coloring, and answers the last move:
        /// it captures the last move's chain or a chain next to one in atari, or extends
        /// a chain in atari next to the last move to two liberties or more.
        #[test]
        fn replies_are_legal_and_answer_the_last_move(seed in any::<u64>()) {
            for size in [5, 9] {
                check_replies(&Graph::square(size), seed);
            }
            for surface in Surface::ALL {
                check_replies(graph(surface), seed);
            }
        }

        #[test]
        fn playouts_are_games_of_the_surfaces_rules(seed in any::<u64>()) {
            for surface in Surface::ALL {
                replay_on_game(surface, seed);
            }
        }
    }

    /// Plays a uniform playout on the core board, and at every turn asks the policy for
    /// its reply to the last placement and checks it against the rules.
    fn check_replies(g: &Graph, seed: u64) {
        let fast_graph = FastGraph::new(g).unwrap();
        let mut board = Board::new(g);
        let mut seen = HashSet::from([board.hash()]);
        let mut rng = SplitMix64::new(seed);
        let mut color = Color::Black;
        let mut last = None;
        for _ in 0..3 * g.len() {
            if let Some(last) = last {
                let mut fast = FastBoard::from_board(&fast_graph, &board);
                let mut set = PositionSet::new();
                for &hash in &seen {
                    set.insert(hash);
                }
                let reply = place_reply(&fast_graph, &mut fast, &mut set, color, last, &mut rng);
                if let Some((p, captured)) = reply {
                    assert!(playable(g, &board, &seen, p, color), "{seed}: reply {p}");
                    let mut after = board.clone();
                    let mut taken = Vec::new();
                    after.play(g, p, color, &mut taken).unwrap();
                    assert_eq!(taken.len() as u32, captured);
                    assert_eq!(after.colors(), fast.colors());
                    let saves = g.neighbors(last).iter().any(|&q| {
                        board.color_at(q) == Some(color)
                            && board.liberty_count(q) == 1
                            && after.color_at(q) == Some(color)
                            && after.liberty_count(q) >= 2
                    });
                    assert!(
                        captured > 0 || saves,
                        "{seed}: reply {p} to {last} neither captures nor saves"
                    );
                }
            }
            let moves: Vec<Point> = (0..g.len() as Point)
                .filter(|&p| playable(g, &board, &seen, p, color))
                .collect();
            last = moves.get(rng.below(moves.len().max(1))).copied();
            if let Some(p) = last {
                board.play(g, p, color, &mut Vec::new()).unwrap();
                seen.insert(board.hash());
            }
            color = color.opposite();
        }
    }

    /// A 5×5 diagram, top row first: `X` Black, `O` White, `.` empty. Point = row from
    /// the bottom × 5 + column.
    fn diagram(rows: [&str; 5]) -> (Graph, FastGraph, FastBoard, PositionSet) {
        let g = Graph::square(5);
        let mut cells = vec![0u8; 25];
        for (r, row) in rows.iter().rev().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                cells[r * 5 + c] = match ch {
                    'X' => 1,
                    'O' => 2,
                    _ => 0,
                };
            }
        }
        let board = Board::from_colors(&g, &cells).unwrap();
        let fast_graph = FastGraph::new(&g).unwrap();
        let fast = FastBoard::from_board(&fast_graph, &board);
        let mut seen = PositionSet::new();
        seen.insert_coloring(fast.hash(), fast.colors());
        (g, fast_graph, fast, seen)
    }

    /// The reply of `color` to `last` in `rows` for seeds 0..32, all equal.
    fn reply(rows: [&str; 5], color: Color, last: Point) -> Option<(Point, u32)> {
        let (_, graph, board, seen) = diagram(rows);
        let replies: Vec<_> = (0..32)
            .map(|seed| {
                let (mut board, mut seen) = (board.clone(), seen.clone());
                place_reply(
                    &graph,
                    &mut board,
                    &mut seen,
                    color,
                    last,
                    &mut SplitMix64::new(seed),
                )
            })
            .collect();
        assert!(replies.windows(2).all(|w| w[0] == w[1]), "{replies:?}");
        replies[0]
    }

    #[test]
    fn the_reply_captures_a_last_move_left_in_atari() {
        // White's last stone at c3 (point 12) has one liberty, c4 (17).
        let rows = [".....", ".....", ".XOX.", "..X..", "....."];
        assert_eq!(reply(rows, Color::Black, 12), Some((17, 1)));
    }

    #[test]
    fn the_reply_extends_a_chain_the_last_move_put_in_atari() {
        // Black's d3 (13) leaves White's c3 (12) one liberty, c4 (17), with room beyond.
        let rows = [".....", ".....", ".XOX.", "..X..", "....."];
        assert_eq!(reply(rows, Color::White, 13), Some((17, 0)));
    }

    #[test]
    fn the_reply_does_not_extend_into_a_new_atari() {
        // Extending to c4 (17) would leave the two stones one liberty, c5 (22).
        let rows = [".....", ".X.X.", ".XOX.", "..X..", "....."];
        assert_eq!(reply(rows, Color::White, 13), None);
        // The policy then plays a random move, which is still a legal one.
        let (g, graph, mut board, mut seen) = diagram(rows);
        let (p, _) = place_policy(
            &graph,
            &mut board,
            &mut seen,
            Color::White,
            Some(13),
            &mut SplitMix64::new(1),
        )
        .unwrap();
        assert!(p < g.len() as Point);
    }

    #[test]
    fn the_reply_saves_a_chain_by_capturing_a_neighbour_in_atari() {
        // White's c3 (12) is in atari and cannot extend (c4 is surrounded), but Black's
        // c2 (7) touching it is in atari too: White captures it at c1 (2).
        let rows = ["..X..", ".X.X.", ".XOX.", ".OXO.", "....."];
        assert_eq!(reply(rows, Color::White, 13), Some((2, 1)));
    }

    #[test]
    fn no_reply_to_a_move_that_threatens_nothing() {
        let rows = [".....", ".....", "..X..", ".....", "....."];
        assert_eq!(reply(rows, Color::White, 12), None);
    }

    #[test]
    fn a_seed_gives_the_same_policy_playout() {
        let mut a = Playouts::new(graph(Surface::Genus2)).unwrap();
        let mut b = Playouts::new(graph(Surface::Genus2)).unwrap();
        for seed in 0..20 {
            assert_eq!(
                a.run_policy(&mut SplitMix64::new(seed)),
                b.run_policy(&mut SplitMix64::new(seed))
            );
            assert_eq!(a.colors(), b.colors());
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
