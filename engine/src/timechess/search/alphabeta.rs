//! Negamax alpha-beta with a capture quiescence, played on the engine's own `make`/`undo`
//! so that every rule (travel, arrivals, Lost in Time, erasure) is the engine's. Every
//! node first asks the engine how the game stands: a decided game or a side without a
//! legal move is scored exactly, mates by distance, which is what makes a completed
//! iteration of depth `d` find every mate in `(d + 1) / 2` moves.
//!
//! A transposition table keyed on [`Game::zobrist`] (the whole stack, the future queue,
//! the erasures, the turn and the result: everything that decides the game's future)
//! remembers each full-width node's best move and score bound. The best move is tried
//! first at the next visit (before the other moves are even ordered), which is most of
//! its worth: the stack records every turn, so two move orders rarely reach the same
//! state, but every iteration of the deepening revisits the previous one's nodes. A
//! bound searched at least as deep as asked ends the node at once.

use std::time::Instant;

use super::super::coord::Move;
use super::super::game::{Game, Outcome, Winner, MAX_MOVES};
use super::super::judge::Preview;
use super::super::piece::{Color, Kind};
use super::eval::{evaluate, value};
use super::table::{Bound, Table};

/// The score of mating at ply 0; a mate `n` plies from the root scores `MATE - n`.
pub(super) const MATE: i32 = 1_000_000;
/// Above every score.
pub(super) const INFINITY: i32 = MATE + 1;
/// Scores this close to `MATE` are mates.
pub(super) const MATE_BOUND: i32 = MATE - 10_000;

/// How many capture plies the quiescence search adds below the nominal depth.
const QUIESCENCE_PLIES: u32 = 4;
/// The cancellation flag is read once per this many nodes (a power of two).
const POLL_EVERY: u64 = 256;
/// Plies that keep killer moves.
const MAX_PLY: usize = 64;

/// One search's state: the game it plays on, its counters and its move-ordering memory.
pub(super) struct Searcher<'a> {
    pub game: Game,
    cancel: &'a dyn Fn() -> bool,
    /// After this instant no iteration beyond the guaranteed depth goes on.
    pub soft_deadline: Option<Instant>,
    /// After this instant the search stops whatever it is doing.
    pub hard_deadline: Option<Instant>,
    /// Nodes visited so far.
    pub nodes: u64,
    /// The node budget, enforced only while `enforce_budget` is set.
    pub budget: u64,
    /// False while the level's guaranteed depths run: only cancellation stops those.
    pub enforce_budget: bool,
    /// Set when the search must unwind now; scores computed after it are meaningless.
    pub stopped: bool,
    /// Why it stopped: the caller's flag.
    pub cancelled: bool,
    /// Why it stopped: the node budget or the soft time budget.
    pub exhausted: bool,
    /// Why it stopped: the hard deadline.
    pub past_deadline: bool,
    killers: Vec<[Option<Move>; 2]>,
    history: Box<[[i32; 64]; 64]>,
    table: Table,
}

impl<'a> Searcher<'a> {
    /// A searcher that plays on its own copy of `game`.
    pub fn new(game: Game, cancel: &'a dyn Fn() -> bool, budget: u64) -> Searcher<'a> {
        Searcher {
            game,
            cancel,
            soft_deadline: None,
            hard_deadline: None,
            past_deadline: false,
            nodes: 0,
            budget,
            enforce_budget: false,
            stopped: false,
            cancelled: false,
            exhausted: false,
            killers: vec![[None; 2]; MAX_PLY],
            history: Box::new([[0; 64]; 64]),
            table: Table::for_budget(budget),
        }
    }

    /// Counts a node and decides whether the search must stop.
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(POLL_EVERY) {
            self.poll();
            self.check_clock();
        }
        if self.enforce_budget && self.nodes >= self.budget {
            self.exhausted = true;
            self.stopped = true;
        }
        self.stopped
    }

    /// Reads the caller's flag now, whatever the node count.
    pub fn poll(&mut self) -> bool {
        if (self.cancel)() {
            self.cancelled = true;
            self.stopped = true;
        }
        self.stopped
    }

    /// Reads the clock: past the hard deadline the search stops; past the soft budget it
    /// stops unless a guaranteed depth is running.
    pub fn check_clock(&mut self) -> bool {
        if self.hard_deadline.is_none() && self.soft_deadline.is_none() {
            return self.stopped;
        }
        let now = Instant::now();
        if self.hard_deadline.is_some_and(|hard| now >= hard) {
            self.past_deadline = true;
            self.stopped = true;
        }
        if self.enforce_budget && self.soft_deadline.is_some_and(|soft| now >= soft) {
            self.exhausted = true;
            self.stopped = true;
        }
        self.stopped
    }

    /// The value of the current position for the side to move, searched `depth` plies
    /// (then captures only) within the window `alpha..beta`; `ply` is the distance from
    /// the root.
    pub fn node(&mut self, depth: u32, ply: u32, mut alpha: i32, mut beta: i32) -> i32 {
        self.node_within(depth, QUIESCENCE_PLIES, ply, &mut alpha, &mut beta)
    }

    fn node_within(
        &mut self,
        depth: u32,
        quiet_left: u32,
        ply: u32,
        alpha: &mut i32,
        beta: &mut i32,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        let side = self.game.to_move();
        if let Some(outcome) = self.game.outcome() {
            return decided(outcome, side, ply);
        }
        // Only full-width nodes use the table: below them the quiescence's value also
        // depends on the capture plies left, which the key does not hold.
        let key = if depth > 0 {
            self.game.settle_hash();
            self.game.zobrist()
        } else {
            0
        };
        let mut hash_move = None;
        if depth > 0 {
            if let Some(entry) = self.table.probe(key) {
                hash_move = entry.mv;
                if u32::from(entry.depth) >= depth {
                    let score = from_table(entry.score, ply);
                    let usable = match entry.bound {
                        Bound::Exact => true,
                        Bound::Lower => score >= *beta,
                        Bound::Upper => score <= *alpha,
                    };
                    if usable {
                        return score;
                    }
                }
            }
        }
        if depth == 0 {
            // A capture-only node needs to know that some legal move exists (else it is
            // mate or stalemate) and, unless it stands pat, which captures are legal: not
            // the whole list of legal moves.
            let any_legal = self.game.has_legal_move();
            if let Some(score) = self.ended_or_narrowed(any_legal, ply, alpha, beta) {
                return score;
            }
            return self.quiesce(quiet_left, ply, *alpha, *beta);
        }
        // The candidates are judged for king safety only when their turn comes (a cutoff
        // leaves the rest unjudged); ordering a superset with a stable sort and skipping
        // the illegal ones searches the legal moves in exactly the order of ordering the
        // legal list.
        let (candidates, preview) = self.game.candidate_moves();
        let mut legality = Legality::new(candidates.len());
        let any_legal = (0..candidates.len())
            .any(|index| legality.judge(&mut self.game, &candidates, index, &preview));
        if let Some(score) = self.ended_or_narrowed(any_legal, ply, alpha, beta) {
            return score;
        }
        let window_low = *alpha;
        let mut best = (-INFINITY, None);
        // The hash move first, and only if it does not end the node are the others
        // ordered (ordering looks for checks by playing each move).
        let first = hash_move.filter(|mv| {
            candidates
                .iter()
                .position(|c| c == mv)
                .is_some_and(|index| legality.judge(&mut self.game, &candidates, index, &preview))
        });
        let mut cut = false;
        if let Some(mv) = first {
            cut = self.child(mv, depth, quiet_left, ply, alpha, beta, &mut best);
        }
        if !cut && !self.stopped {
            let ordered = self.order(candidates.iter().copied().enumerate(), ply, depth);
            for (index, mv) in ordered {
                if Some(mv) == first
                    || !legality.judge(&mut self.game, &candidates, index, &preview)
                {
                    continue;
                }
                if self.child(mv, depth, quiet_left, ply, alpha, beta, &mut best) {
                    break;
                }
            }
        }
        if self.stopped {
            return 0;
        }
        let (best, best_move) = best;
        let bound = if best >= *beta {
            Bound::Lower
        } else if best <= window_low {
            Bound::Upper
        } else {
            Bound::Exact
        };
        let mv = if bound == Bound::Upper {
            // Every move failed low: none is known best; keep the hash move if any.
            first
        } else {
            best_move
        };
        self.table
            .store(key, mv, to_table(best, ply), depth.min(255) as u8, bound);
        best
    }

    /// Searches the child after `mv` and folds its score into `best` and the window;
    /// true if the node is done (a cutoff, or the search stopped).
    #[allow(clippy::too_many_arguments)]
    fn child(
        &mut self,
        mv: Move,
        depth: u32,
        quiet_left: u32,
        ply: u32,
        alpha: &mut i32,
        beta: &mut i32,
        best: &mut (i32, Option<Move>),
    ) -> bool {
        self.game.play_unsettled(mv);
        let (mut a, mut b) = (-*beta, -*alpha);
        let score = -self.node_within(depth - 1, quiet_left, ply + 1, &mut a, &mut b);
        self.game.undo();
        if self.stopped {
            return true;
        }
        if score > best.0 {
            *best = (score, Some(mv));
        }
        *alpha = (*alpha).max(score);
        if *alpha >= *beta {
            self.remember_cutoff(mv, ply, depth);
            return true;
        }
        false
    }

    /// The score of a node with no legal move (mate or stalemate) or at the move limit, or
    /// of a window that a mate already found nearer the root leaves empty; otherwise the
    /// window narrowed to the mates still possible, and `None`.
    fn ended_or_narrowed(
        &mut self,
        any_legal: bool,
        ply: u32,
        alpha: &mut i32,
        beta: &mut i32,
    ) -> Option<i32> {
        if !any_legal {
            return Some(if self.game.is_in_check() {
                -(MATE - ply as i32)
            } else {
                0
            });
        }
        if self.game.played.len() >= MAX_MOVES {
            return Some(0);
        }
        // No line from here can beat a mate already found nearer the root.
        *alpha = (*alpha).max(-(MATE - ply as i32));
        *beta = (*beta).min(MATE - ply as i32 - 1);
        (*alpha >= *beta).then_some(*alpha)
    }

    /// Captures and promotions only, standing pat on the static evaluation.
    fn quiesce(&mut self, left: u32, ply: u32, mut alpha: i32, beta: i32) -> i32 {
        let stand = evaluate(&self.game);
        if stand >= beta || left == 0 {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let mut noisy = self.legal_noisy();
        noisy.sort_by_key(|entry| std::cmp::Reverse(entry.0));
        for (_, mv) in noisy {
            self.game.play_unsettled(mv);
            let (mut a, mut b) = (-beta, -alpha);
            let score = -self.node_within(0, left - 1, ply + 1, &mut a, &mut b);
            self.game.undo();
            if self.stopped {
                return 0;
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// The legal captures and promotions with their ordering keys, in `legal_moves` order
    /// (which the stable sort of `quiesce` keeps among equal keys); only they are judged
    /// for king safety.
    fn legal_noisy(&mut self) -> Vec<(i32, Move)> {
        let (candidates, preview) = self.game.candidate_moves();
        let mut noisy = Vec::new();
        for mv in candidates {
            let key = self.capture_key(mv);
            if key > 0 && self.game.candidate_is_legal(mv, &preview) {
                noisy.push((key, mv));
            }
        }
        noisy
    }

    /// Most valuable victim first, least valuable attacker first among equals; promotions
    /// next; 0 for a quiet move.
    fn capture_key(&self, mv: Move) -> i32 {
        if mv.to.turn > self.game.now() {
            // Into the future: it captures or promotes only on arrival, not now.
            return 0;
        }
        let Some(mover) = self.game.piece_at(mv.from) else {
            return 0;
        };
        if let Some(victim) = self.game.piece_at(mv.to) {
            if victim.color != mover.color {
                let worth = if victim.kind == Kind::King {
                    2_000
                } else {
                    value(victim.kind)
                };
                return 100_000 + 10 * worth - value(mover.kind) / 10;
            }
        }
        let last = match mover.color {
            Color::White => 7,
            Color::Black => 0,
        };
        if mover.kind == Kind::Pawn && mv.to.rank == last && mv.to.turn <= self.game.now() {
            return 90_000;
        }
        0
    }

    /// The moves in search order: captures and promotions, checks (where the subtree is
    /// big enough to pay for finding them), killers, travels, then by history; each
    /// keeps the tag it came with.
    pub fn order<T>(
        &mut self,
        moves: impl Iterator<Item = (T, Move)>,
        ply: u32,
        depth: u32,
    ) -> Vec<(T, Move)> {
        let killers = self.killers.get(ply as usize).copied().unwrap_or_default();
        let mut keyed: Vec<(i32, T, Move)> = moves
            .map(|(tag, mv)| {
                let capture = self.capture_key(mv);
                let key = if capture > 0 {
                    capture
                } else if depth >= 2 && self.gives_check(mv) {
                    80_000
                } else if killers[0] == Some(mv) {
                    70_000
                } else if killers[1] == Some(mv) {
                    69_000
                } else {
                    let travel = if mv.to.turn != mv.from.turn { 1_000 } else { 0 };
                    travel + self.history[mv.from.square() as usize][mv.to.square() as usize]
                };
                (key, tag, mv)
            })
            .collect();
        keyed.sort_by_key(|entry| std::cmp::Reverse(entry.0));
        keyed.into_iter().map(|(_, tag, mv)| (tag, mv)).collect()
    }

    fn gives_check(&mut self, mv: Move) -> bool {
        self.game.play_unsettled(mv);
        let check = self.game.outcome().is_none() && self.game.is_in_check();
        self.game.undo();
        check
    }

    fn remember_cutoff(&mut self, mv: Move, ply: u32, depth: u32) {
        if self.capture_key(mv) > 0 {
            return;
        }
        if let Some(slot) = self.killers.get_mut(ply as usize) {
            if slot[0] != Some(mv) {
                slot[1] = slot[0];
                slot[0] = Some(mv);
            }
        }
        let entry = &mut self.history[mv.from.square() as usize][mv.to.square() as usize];
        *entry = (*entry + (depth * depth) as i32).min(50_000);
    }
}

/// What is known of each candidate's legality at a node: each is judged at most once.
struct Legality {
    known: Vec<Option<bool>>,
}

impl Legality {
    fn new(candidates: usize) -> Legality {
        Legality {
            known: vec![None; candidates],
        }
    }

    /// Whether `candidates[index]` is legal, judged now if it was not yet.
    fn judge(
        &mut self,
        game: &mut Game,
        candidates: &[Move],
        index: usize,
        preview: &Preview,
    ) -> bool {
        *self.known[index]
            .get_or_insert_with(|| game.candidate_is_legal(candidates[index], preview))
    }
}

/// A score as the table keeps it: a mate counted from the node, not from the root.
fn to_table(score: i32, ply: u32) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A score from the table, its mates counted from the root again.
fn from_table(score: i32, ply: u32) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// The exact score of a decided game for `side`, the side to move, at `ply`.
fn decided(outcome: Outcome, side: Color, ply: u32) -> i32 {
    match outcome.winner {
        Winner::Draw => 0,
        winner if winner == Winner::side(side) => MATE - ply as i32,
        _ => -(MATE - ply as i32),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Calls `visit` with each position of `games` seeded random games of at most `plies`
    /// moves (travel included) and its legal moves; the last position of a game that
    /// ended has none.
    fn random_positions(
        seed: u64,
        games: usize,
        plies: usize,
        mut visit: impl FnMut(&Game, &[Move]),
    ) {
        let mut rng = crate::rng::SplitMix64::new(seed);
        for _ in 0..games {
            let mut game = Game::new();
            for _ in 0..plies {
                let legal = game.legal_moves();
                visit(&game, &legal);
                if legal.is_empty() {
                    break;
                }
                game.play(legal[rng.below(legal.len())])
                    .expect("listed as legal");
            }
        }
    }

    /// Over random games, a capture-only node finds exactly what the full legal list
    /// gives: whether any move is legal, and the legal captures and promotions in the
    /// same order with the same keys.
    #[test]
    fn capture_only_nodes_see_what_the_full_legal_list_shows() {
        let never = || false;
        let (mut positions, mut with_captures) = (0, 0);
        random_positions(15, 16, 90, |game, legal| {
            let mut searcher = Searcher::new(game.clone(), &never, 0);
            assert_eq!(searcher.game.has_legal_move(), !legal.is_empty());
            let expected: Vec<(i32, Move)> = legal
                .iter()
                .map(|&mv| (searcher.capture_key(mv), mv))
                .filter(|&(key, _)| key > 0)
                .collect();
            assert_eq!(searcher.legal_noisy(), expected);
            positions += 1;
            with_captures += usize::from(!expected.is_empty());
        });
        assert!(
            positions > 200 && with_captures > 50,
            "{positions} {with_captures}"
        );
    }

    /// Over random games, ordering every candidate and skipping the illegal ones, as a
    /// full-width node does, gives the legal moves in exactly the order of ordering the
    /// legal list, with and without the search for checks.
    #[test]
    fn ordering_candidates_and_skipping_illegal_ones_is_ordering_the_legal_moves() {
        let never = || false;
        let (mut positions, mut with_illegal) = (0, 0);
        random_positions(41, 12, 80, |game, legal| {
            let Some(&last) = legal.last() else {
                return;
            };
            let mut searcher = Searcher::new(game.clone(), &never, 0);
            searcher.history[12][28] = 40;
            searcher.killers[1] = [Some(last), None];
            let (candidates, preview) = searcher.game.candidate_moves();
            let mut legality = Legality::new(candidates.len());
            for depth in [1, 2] {
                let expected: Vec<Move> = searcher
                    .order(legal.iter().map(|&mv| ((), mv)), 1, depth)
                    .into_iter()
                    .map(|(_, mv)| mv)
                    .collect();
                let skipped: Vec<Move> = searcher
                    .order(candidates.iter().copied().enumerate(), 1, depth)
                    .into_iter()
                    .filter(|&(index, _)| {
                        legality.judge(&mut searcher.game, &candidates, index, &preview)
                    })
                    .map(|(_, mv)| mv)
                    .collect();
                assert_eq!(skipped, expected);
            }
            positions += 1;
            with_illegal += usize::from(candidates.len() > legal.len());
        });
        assert!(
            positions > 200 && with_illegal > 20,
            "{positions} {with_illegal}"
        );
    }

    #[test]
    fn mates_are_stored_from_the_node_and_read_back_from_the_root() {
        // A mate 3 plies below a node at ply 5 scores MATE - 8 from the root; the table
        // keeps MATE - 3, which a visit of the same state at ply 7 reads as MATE - 10.
        assert_eq!(to_table(MATE - 8, 5), MATE - 3);
        assert_eq!(from_table(MATE - 3, 7), MATE - 10);
        assert_eq!(to_table(-(MATE - 8), 5), -(MATE - 3));
        assert_eq!(from_table(-(MATE - 3), 7), -(MATE - 10));
        for score in [0, 250, -250, MATE_BOUND - 1] {
            assert_eq!(from_table(to_table(score, 9), 9), score);
            assert_eq!(to_table(score, 9), score, "not a mate: stored as it is");
        }
    }
}
