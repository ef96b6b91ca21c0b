//! The tree: nodes in one arena, children contiguous, UCT over values blended with RAVE.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::{Analysis, Candidate, Limits, Report, Root, Stop, Stopped, ThinkLimits};
use crate::go::fast::{FastBoard, FastGraph, PositionSet, CAPACITY};
use crate::go::{Color, Point};
use crate::rng::SplitMix64;
use crate::surfaces::playout::place_random;
use crate::surfaces::rules::Action;

/// The child that stands for a pass.
const PASS: Point = Point::MAX;
/// A node is expanded once it has been visited this often (the root at once).
const EXPAND_AFTER: u32 = 4;
/// Virtual playouts behind an ordinary prior, and behind a tactical one (a capture or
/// saving a chain from atari), which random playouts alone value too little.
const PRIOR_WEIGHT: f32 = 10.0;
const TACTICAL_WEIGHT: f32 = 40.0;
/// RAVE equivalence: after about this many real visits RAVE and UCT weigh the same.
const RAVE_EQUIVALENCE: f32 = 500.0;
/// Exploration constant of the UCT term.
const EXPLORATION: f32 = 0.1;

#[derive(Clone, Copy, Debug)]
struct Node {
    point: Point,
    /// The player who made this node's move.
    mover: Color,
    first_child: u32,
    child_count: u32,
    visits: u32,
    /// Wins of `mover` (draws count half).
    wins: f32,
    prior_visits: f32,
    prior_wins: f32,
    rave_visits: f32,
    rave_wins: f32,
}

impl Node {
    fn new(point: Point, mover: Color, prior: f32) -> Node {
        let weight = if prior > 0.5 {
            TACTICAL_WEIGHT
        } else {
            PRIOR_WEIGHT
        };
        Node {
            point,
            mover,
            first_child: 0,
            child_count: 0,
            visits: 0,
            wins: 0.0,
            prior_visits: weight,
            prior_wins: prior * weight,
            rave_visits: 0.0,
            rave_wins: 0.0,
        }
    }

    fn value(&self, log_parent: f32) -> f32 {
        let n = self.visits as f32 + self.prior_visits;
        let mean = (self.wins + self.prior_wins) / n;
        let blended = if self.rave_visits > 0.0 {
            let beta = (RAVE_EQUIVALENCE / (3.0 * n + RAVE_EQUIVALENCE)).sqrt();
            (1.0 - beta) * mean + beta * self.rave_wins / self.rave_visits
        } else {
            mean
        };
        blended + EXPLORATION * (log_parent / n).sqrt()
    }
}

/// Share of a playout's value given by its area margin rather than by who won, in a
/// search whose position looked decided (see [`DECIDED`]).
const SCORE_WEIGHT: f32 = 0.1;
/// After this many playouts the search looks at the root's win rate once: if it is below
/// `DECIDED.0` or above `DECIDED.1`, the margin term is switched on for the rest. Balanced
/// positions keep the pure win/loss value, which reads close fights best; decided ones
/// get a value that still tells better moves from worse.
const SCORE_CHECK: u32 = 1_000;
const DECIDED: (f32, f32) = (0.15, 0.85);

/// Black's value of a finished playout: mostly the outcome (1 win, ½ draw, 0 loss), plus
/// `weight` (0 or [`SCORE_WEIGHT`]) of the margin scaled linearly from −1 to 1 over the board's points.
/// Why: with outcome alone, once every move wins (or loses) every playout the search has
/// nothing to prefer and plays almost at random; the margin term keeps a losing search
/// fighting for points (and a winning one from throwing them away) while it stays too
/// small to trade a win for points (a won playout is always worth more than a lost one).
fn score_value(outcome: f32, margin_half_points: i64, points: usize, weight: f32) -> f32 {
    let span = 2.0 * points.max(1) as f32;
    let scaled = (margin_half_points as f32 / span).clamp(-1.0, 1.0);
    (1.0 - weight) * outcome + weight * 0.5 * (1.0 + scaled)
}

/// Prior win rate of placing `color` on `p`: high for captures and for saving one of
/// its chains from atari, even otherwise.
fn prior(graph: &FastGraph, board: &FastBoard, p: Point, color: Color, hash: u64) -> f32 {
    if hash != board.hash() ^ graph.key(p, color) {
        return 0.9;
    }
    let own = color.cell();
    let saves = graph
        .row(p)
        .iter()
        .any(|&q| board.cell(q) == own && board.in_atari(q));
    if saves {
        0.8
    } else {
        0.5
    }
}

struct Search<'r> {
    root: &'r Root,
    nodes: Vec<Node>,
    board: FastBoard,
    seen: PositionSet,
    rng: SplitMix64,
    /// The line of the current iteration: (point, player), passes included as PASS.
    line: Vec<(Point, Color)>,
    path: Vec<u32>,
    played: [Box<[u32; CAPACITY]>; 2],
    stamp: u32,
    stack: Vec<Point>,
    visited: Vec<bool>,
    /// Per point, Black's final positions minus White's over the playouts (only when the
    /// caller asked for ownership).
    ownership: Option<Vec<i32>>,
    /// Weight of the margin in playout values: 0 until the position looks decided.
    score_weight: f32,
}

/// Searches `root` for at most `limits.playouts` playouts, or until `cancel` is raised
/// (polled before every playout).
pub fn search(root: &Root, limits: Limits, cancel: &AtomicBool) -> Report {
    let mut search = Search::new(root, limits.seed, false);
    let (done, stop) = search.run(limits.playouts, || {
        cancel.load(Ordering::Relaxed).then_some(Stop::Cancelled)
    });
    search.report(done, stop)
}

/// Searches `root` within `limits` for a player or an analysis: the best move, the root's
/// win rate, the `top` most visited candidates and the ownership of every point.
///
/// `stop` is polled before every playout (a playout takes well under a millisecond), so
/// a cancel ends the search at once with [`Stopped::Cancelled`]; so does the hard
/// deadline, with [`Stopped::Deadline`]. The soft budget only ends the search early with
/// the best move so far. Without a soft budget the search is deterministic for its seed.
pub fn think(
    root: &Root,
    limits: &ThinkLimits,
    top: usize,
    stop: &dyn Fn() -> bool,
) -> Result<Analysis, Stopped> {
    let start = Instant::now();
    let soft = limits.soft_budget_ms.map(Duration::from_millis);
    let hard = limits.hard_deadline_ms.map(Duration::from_millis);
    let mut search = Search::new(root, limits.seed, true);
    let mut halted = None;
    let (done, why) = search.run(limits.playouts, || {
        if stop() {
            halted = Some(Stopped::Cancelled);
            return Some(Stop::Cancelled);
        }
        if soft.is_none() && hard.is_none() {
            return None;
        }
        let elapsed = start.elapsed();
        if let (Some(hard), Some(ms)) = (hard, limits.hard_deadline_ms) {
            if elapsed >= hard {
                halted = Some(Stopped::Deadline { deadline_ms: ms });
                return Some(Stop::Cancelled);
            }
        }
        soft.is_some_and(|soft| elapsed >= soft)
            .then_some(Stop::Time)
    });
    if let Some(halted) = halted {
        return Err(halted);
    }
    Ok(search.analysis(done, why, top))
}

impl<'r> Search<'r> {
    fn new(root: &'r Root, seed: u64, ownership: bool) -> Search<'r> {
        let mut search = Search {
            root,
            nodes: vec![Node::new(PASS, root.to_move.opposite(), 0.5)],
            board: root.board.clone(),
            seen: root.history.clone(),
            rng: SplitMix64::new(seed),
            line: Vec::new(),
            path: Vec::new(),
            played: [Box::new([0; CAPACITY]), Box::new([0; CAPACITY])],
            stamp: 0,
            stack: Vec::new(),
            visited: Vec::new(),
            ownership: ownership.then(|| vec![0; root.graph.len()]),
            score_weight: 0.0,
        };
        search.expand_root();
        search
    }

    /// Runs at most `playouts` iterations, asking `halt` before each whether to stop.
    fn run(&mut self, playouts: u32, mut halt: impl FnMut() -> Option<Stop>) -> (u32, Stop) {
        let mut done = 0;
        while done < playouts {
            if let Some(stop) = halt() {
                return (done, stop);
            }
            self.iterate();
            done += 1;
            if done == SCORE_CHECK {
                let root = &self.nodes[0];
                // The root's wins are its mover's; the player to move has the rest.
                let rate = 1.0 - root.wins / root.visits as f32;
                if rate < DECIDED.0 || rate > DECIDED.1 {
                    self.score_weight = SCORE_WEIGHT;
                }
            }
        }
        (done, Stop::Budget)
    }

    fn expand_root(&mut self) {
        let root = self.root;
        let color = root.to_move;
        let mut children = Vec::with_capacity(root.legal.len() + 1);
        for &p in &root.legal {
            if root.board.fills_own_eye(&root.graph, p, color) {
                continue;
            }
            let hash = root.board.check(&root.graph, p, color).unwrap_or(0);
            children.push(Node::new(
                p,
                color,
                prior(&root.graph, &root.board, p, color, hash),
            ));
        }
        children.push(Node::new(PASS, color, 0.1));
        self.attach(0, children);
    }

    fn attach(&mut self, parent: u32, children: Vec<Node>) {
        let first = self.nodes.len() as u32;
        self.nodes[parent as usize].first_child = first;
        self.nodes[parent as usize].child_count = children.len() as u32;
        self.nodes.extend(children);
    }

    /// Expands the node whose position is on `self.board` with `color` to move.
    fn expand(&mut self, node: u32, color: Color) {
        let graph = &self.root.graph;
        let mut children = Vec::with_capacity(self.board.empty_count() + 1);
        for &p in self.board.empties() {
            if self.board.fills_own_eye(graph, p, color) {
                continue;
            }
            let Some(hash) = self.board.check(graph, p, color) else {
                continue;
            };
            if self.seen.contains(hash) {
                continue;
            }
            children.push(Node::new(
                p,
                color,
                prior(graph, &self.board, p, color, hash),
            ));
        }
        // Candidates in point order, so the tree does not depend on the empty list's order.
        children.sort_unstable_by_key(|child| child.point);
        children.push(Node::new(PASS, color, 0.1));
        self.attach(node, children);
    }

    fn select(&self, node: u32) -> u32 {
        let parent = &self.nodes[node as usize];
        let log_parent = ((parent.visits + 1) as f32).ln();
        let first = parent.first_child;
        let mut best = first;
        let mut best_value = f32::NEG_INFINITY;
        for child in first..first + parent.child_count {
            let value = self.nodes[child as usize].value(log_parent);
            if value > best_value {
                best_value = value;
                best = child;
            }
        }
        best
    }

    fn iterate(&mut self) {
        let root = self.root;
        let graph = &root.graph;
        self.board.copy_from(&root.board);
        self.seen.truncate(root.history.len());
        self.line.clear();
        self.path.clear();
        self.path.push(0);
        let mut color = root.to_move;
        let mut passes = root.passes;
        let mut node = 0u32;
        // Descend while the node is expanded; expand a leaf visited often enough.
        while passes < 2 {
            let n = &self.nodes[node as usize];
            if n.child_count == 0 {
                if node != 0 && n.visits >= EXPAND_AFTER {
                    self.expand(node, color);
                } else {
                    break;
                }
            }
            node = self.select(node);
            let point = self.nodes[node as usize].point;
            if point == PASS {
                passes += 1;
            } else {
                let hash = self
                    .board
                    .check(graph, point, color)
                    .expect("tree moves were legal when expanded");
                self.board.place(graph, point, color);
                self.seen.insert_placed(hash, point);
                passes = 0;
            }
            self.line.push((point, color));
            self.path.push(node);
            color = color.opposite();
        }
        // Playout to two consecutive passes (capped, as superko alone bounds it only loosely).
        let limit = 3 * graph.len() + self.line.len();
        while passes < 2 && self.line.len() < limit {
            match place_random(graph, &mut self.board, &mut self.seen, color, &mut self.rng) {
                Some((p, _)) => {
                    self.line.push((p, color));
                    passes = 0;
                }
                None => {
                    self.line.push((PASS, color));
                    passes += 1;
                }
            }
            color = color.opposite();
        }
        let black = self.black_result();
        if self.ownership.is_some() {
            self.count_ownership();
        }
        self.back_up(black);
    }

    /// Adds the finished line's owners to the ownership sums: a stone's colour, or the
    /// colour of the only stones an empty region touches.
    fn count_ownership(&mut self) {
        let graph = &self.root.graph;
        let Some(sums) = self.ownership.as_mut() else {
            return;
        };
        let board = &self.board;
        self.visited.clear();
        self.visited.resize(graph.len(), false);
        for (p, sum) in sums.iter_mut().enumerate() {
            match board.cell(p as Point) {
                1 => *sum += 1,
                2 => *sum -= 1,
                _ => {}
            }
        }
        let mut region = Vec::new();
        for &start in board.empties() {
            if self.visited[start as usize] {
                continue;
            }
            self.visited[start as usize] = true;
            region.clear();
            self.stack.clear();
            self.stack.push(start);
            let mut touches = 0u8;
            while let Some(p) = self.stack.pop() {
                region.push(p);
                for &q in graph.row(p) {
                    if (q as usize) >= graph.len() {
                        continue;
                    }
                    match board.cell(q) {
                        0 if !self.visited[q as usize] => {
                            self.visited[q as usize] = true;
                            self.stack.push(q);
                        }
                        cell @ (1 | 2) => touches |= cell,
                        _ => {}
                    }
                }
            }
            let delta = match touches {
                1 => 1,
                2 => -1,
                _ => 0,
            };
            if delta != 0 {
                for &p in &region {
                    sums[p as usize] += delta;
                }
            }
        }
    }

    /// 1 if Black wins the finished line by area with komi, 0 if White does, ½ for a draw.
    fn black_result(&mut self) -> f32 {
        let (black, white) = self
            .board
            .area(&self.root.graph, &mut self.stack, &mut self.visited);
        let margin =
            2 * (i64::from(black) - i64::from(white)) - i64::from(self.root.komi_half_points);
        let outcome = match margin.signum() {
            1 => 1.0,
            -1 => 0.0,
            _ => 0.5,
        };
        score_value(outcome, margin, self.root.graph.len(), self.score_weight)
    }

    fn back_up(&mut self, black: f32) {
        let result = |color: Color| {
            if color == Color::Black {
                black
            } else {
                1.0 - black
            }
        };
        for &node in &self.path {
            let n = &mut self.nodes[node as usize];
            n.visits += 1;
            n.wins += result(n.mover);
        }
        // RAVE: walking the line backwards, `played` marks every point first played by
        // each colour from that move on; each node of the path credits its children whose
        // point its mover's opponent (the player to move there) played later in the line.
        self.stamp += 1;
        let stamp = self.stamp;
        let depth = self.path.len() - 1;
        for index in (0..self.line.len()).rev() {
            let (point, color) = self.line[index];
            if point != PASS {
                self.played[color.index()][point as usize & (CAPACITY - 1)] = stamp;
            }
            if index < depth {
                let node = self.nodes[self.path[index] as usize];
                let to_move = node.mover.opposite();
                let win = result(to_move);
                let marks = &self.played[to_move.index()];
                let first = node.first_child as usize;
                for child in &mut self.nodes[first..first + node.child_count as usize] {
                    if child.point != PASS && marks[child.point as usize & (CAPACITY - 1)] == stamp
                    {
                        child.rave_visits += 1.0;
                        child.rave_wins += win;
                    }
                }
            }
        }
    }

    fn report(&self, playouts: u32, stop: Stop) -> Report {
        let root = &self.nodes[0];
        let first = root.first_child as usize;
        let mut children: Vec<&Node> = self.nodes[first..first + root.child_count as usize]
            .iter()
            .collect();
        // Most visited first; ties (and a search cancelled before any playout) go to the
        // better prior, then to the lower point, so the order is deterministic.
        children.sort_by(|a, b| {
            b.visits
                .cmp(&a.visits)
                .then(b.prior_wins.total_cmp(&a.prior_wins))
                .then(a.point.cmp(&b.point))
        });
        let action = |point: Point| {
            if point == PASS {
                Action::Pass
            } else {
                Action::Place { at: point }
            }
        };
        let candidates: Vec<Candidate> = children
            .iter()
            .map(|child| Candidate {
                action: action(child.point),
                visits: child.visits,
                win_rate: (child.visits > 0)
                    .then(|| f64::from(child.wins) / f64::from(child.visits)),
            })
            .collect();
        Report {
            best: candidates[0].action,
            candidates,
            playouts,
            stop,
        }
    }

    fn analysis(&self, playouts: u32, stop: Stop, top: usize) -> Analysis {
        let report = self.report(playouts, stop);
        let root = &self.nodes[0];
        let to_move = self.root.to_move;
        // The root node's wins are its mover's, the player who moved into the root.
        let win_rate =
            (root.visits > 0).then(|| 1.0 - f64::from(root.wins) / f64::from(root.visits));
        let black_win_rate = win_rate.map(|rate| {
            if to_move == Color::Black {
                rate
            } else {
                1.0 - rate
            }
        });
        let ownership = match (&self.ownership, playouts) {
            (Some(sums), n) if n > 0 => sums
                .iter()
                .map(|&sum| (f64::from(sum) / f64::from(n)) as f32)
                .collect(),
            _ => vec![0.0; self.root.graph.len()],
        };
        Analysis {
            to_move,
            best: report.best,
            win_rate,
            black_win_rate,
            candidates: report.candidates.into_iter().take(top).collect(),
            ownership,
            playouts,
            stop,
        }
    }
}

#[cfg(test)]
mod score_tests {
    use super::score_value;

    #[test]
    fn a_win_by_the_least_beats_a_loss_by_the_least_and_margins_order_the_rest() {
        let points = 81;
        let w = super::SCORE_WEIGHT;
        let narrow_win = score_value(1.0, 1, points, w);
        let narrow_loss = score_value(0.0, -1, points, w);
        assert!(narrow_win > narrow_loss);
        // Even the smallest win is worth more than the largest loss's best case.
        assert!(score_value(1.0, -2 * 81, points, w) > score_value(0.0, 2 * 81, points, w));
        // Among losses (and among wins) a better margin is worth more.
        assert!(score_value(0.0, -20, points, w) > score_value(0.0, -160, points, w));
        assert!(score_value(1.0, 160, points, w) > score_value(1.0, 20, points, w));
        // Without the weight (balanced positions) the value is the outcome alone.
        for outcome in [0.0, 0.5, 1.0] {
            assert_eq!(score_value(outcome, 100, points, 0.0), outcome);
        }
        for margin in [-400, -1, 0, 1, 400] {
            for outcome in [0.0, 0.5, 1.0] {
                let value = score_value(outcome, margin, points, w);
                assert!((0.0..=1.0).contains(&value), "{value}");
            }
        }
    }
}
