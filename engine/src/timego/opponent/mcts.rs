//! Strong: Monte Carlo tree search over the full action set — placements, time moves, Lock
//! and pass — with progressive widening in the order of a one-ply evaluation and Go
//! playouts on the present board at the leaves. Every node's position is reached by
//! applying its path to a copy of the searched game, so legality, replays and both
//! repetition rules are the engine's own at every depth. It caches nothing across
//! histories: a node is a path of actions, never a board.

use super::budget::Budget;
use super::candidates::candidates;
use super::eval::Evaluator;
use super::playout::Playout;
use super::rng::{self, Rng};
use super::{Found, SearchStop};
use crate::go::Color;
use crate::timego::{Action, Game};

/// Candidates considered at the root (all placements, Lock, pass and many time moves).
const ROOT_CAP: usize = 320;
/// Time moves considered below the root (each costs a replay to probe).
const TREE_TIME_CAP: usize = 12;
/// Tree size at which a long wall-clock budget stops searching (some 200 MB at most).
const MAX_NODES: usize = 200_000;
/// Exploration constant of UCB1 on results in [0, 1].
const EXPLORATION: f64 = 0.5;
/// Weight of the score margin next to the win/loss outcome of a playout.
const MARGIN_WEIGHT: f64 = 0.1;
/// Children allowed per square root of a node's visits (progressive widening).
const WIDENING: f64 = 1.5;
/// Weight of the static evaluation in a leaf's value (the rest is the playout); 0.5 won
/// 28 of 30 games against Classic where a pure playout won 15 of 20 (50 ms budgets).
const EVALUATION_WEIGHT: f64 = 0.5;
/// Points of evaluation that move the logistic leaf estimate from 50% to 73%.
const EVALUATION_SCALE: f64 = 3.0;
struct Node {
    action: Action,
    /// The player who took `action` (for the root: the opponent of the player to move).
    mover: Color,
    visits: u32,
    /// Sum of results for `mover`.
    total: f64,
    children: Vec<u32>,
    /// Legal actions not yet children, best one-ply value first.
    pending: Vec<Action>,
    taken: usize,
    expanded: bool,
}

impl Node {
    fn new(action: Action, mover: Color) -> Node {
        Node {
            action,
            mover,
            visits: 0,
            total: 0.0,
            children: Vec::new(),
            pending: Vec::new(),
            taken: 0,
            expanded: false,
        }
    }

    fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.5
        } else {
            self.total / self.visits as f64
        }
    }

    /// How many children a node visited `visits` times may have.
    fn width(&self) -> usize {
        2 + (WIDENING * (self.visits as f64).sqrt()) as usize
    }
}

struct Tree<'g> {
    root: &'g Game,
    nodes: Vec<Node>,
    evaluator: Evaluator,
    playout: Playout,
    rng: Rng,
    depth: u32,
}

/// Chooses the action of the player to move by a tree search.
pub(super) fn search(game: &Game, budget: &mut Budget, seed: u64) -> Result<Found, SearchStop> {
    let me = game.side_to_move().ok_or(SearchStop::NoMove)?;
    let mut tree = Tree {
        root: game,
        nodes: vec![Node::new(Action::Pass { player: me }, me.opposite())],
        evaluator: Evaluator::new(game.size(), game.komi()),
        playout: Playout::new(game.size()),
        rng: rng::seeded(seed),
        depth: 0,
    };
    tree.expand(0, game, ROOT_CAP, budget)?;
    let root_candidates = tree.nodes[0].pending.len() as u32;
    while !budget.spent() && tree.nodes.len() < MAX_NODES {
        budget.node()?;
        tree.iterate(budget)?;
    }
    let root = &tree.nodes[0];
    let best = root
        .children
        .iter()
        .map(|&c| &tree.nodes[c as usize])
        .reduce(|a, b| if b.visits > a.visits { b } else { a });
    let (action, value) = match best {
        Some(node) => (node.action, node.mean()),
        // No iteration fitted in the budget: the best action by one-ply value.
        None => (
            root.pending
                .first()
                .copied()
                .unwrap_or(Action::Pass { player: me }),
            0.5,
        ),
    };
    Ok(Found {
        action,
        value,
        depth: tree.depth,
        root_candidates,
    })
}

impl Tree<'_> {
    /// Probes the candidates of `game` (the position of node `index`) and orders the legal
    /// ones by one-ply value for the player to move.
    fn expand(
        &mut self,
        index: usize,
        game: &Game,
        time_cap: usize,
        budget: &mut Budget,
    ) -> Result<(), SearchStop> {
        self.nodes[index].expanded = true;
        let Some(player) = game.side_to_move() else {
            return Ok(());
        };
        let mut scored = Vec::new();
        for action in candidates(game, ROOT_CAP, time_cap, &mut self.rng) {
            let Some(result) = budget.probe(game, &action)? else {
                break;
            };
            if let Ok(summary) = result {
                let cells = self.evaluator.cells_of_key(summary.board_key);
                let value = if summary.ends_game {
                    self.evaluator.decided(&cells, player)
                } else {
                    self.evaluator.evaluate(&cells, player, player.opposite())
                };
                scored.push((action, value + 0.01 * self.rng.unit()));
            }
        }
        scored.sort_by(|a, b| b.1.total_cmp(&a.1));
        self.nodes[index].pending = scored.into_iter().map(|(action, _)| action).collect();
        Ok(())
    }

    /// One selection, expansion, playout and backup.
    fn iterate(&mut self, budget: &mut Budget) -> Result<(), SearchStop> {
        let mut game = self.root.clone();
        let mut path = vec![0usize];
        let mut index = 0usize;
        let black_result = loop {
            if let Some(result) = self.decided(&game) {
                break result;
            }
            if !self.nodes[index].expanded {
                self.expand(index, &game, TREE_TIME_CAP, budget)?;
            }
            let node = &self.nodes[index];
            let grow = node.taken < node.pending.len() && node.children.len() < node.width();
            if grow {
                let action = node.pending[node.taken];
                self.nodes[index].taken += 1;
                if game.apply(action).is_err() {
                    continue;
                }
                let child = self.nodes.len();
                self.nodes.push(Node::new(action, action.player()));
                self.nodes[index].children.push(child as u32);
                path.push(child);
                break match self.decided(&game) {
                    Some(result) => result,
                    None => self.rollout(&game),
                };
            }
            let Some(child) = self.select(index) else {
                // Nothing legal was found (budget ran out while expanding): judge the board.
                break self.rollout(&game);
            };
            if game.apply(self.nodes[child].action).is_err() {
                break self.rollout(&game);
            }
            path.push(child);
            index = child;
        };
        self.depth = self.depth.max(path.len() as u32 - 1);
        for &n in &path {
            let node = &mut self.nodes[n];
            node.visits += 1;
            node.total += for_mover(node.mover, black_result);
        }
        Ok(())
    }

    /// The child of `index` with the best upper confidence bound.
    fn select(&self, index: usize) -> Option<usize> {
        let node = &self.nodes[index];
        let log = (node.visits.max(1) as f64).ln();
        node.children
            .iter()
            .map(|&c| c as usize)
            .map(|c| {
                let child = &self.nodes[c];
                let bound = if child.visits == 0 {
                    f64::INFINITY
                } else {
                    child.mean() + EXPLORATION * (log / child.visits as f64).sqrt()
                };
                (c, bound)
            })
            .reduce(|a, b| if b.1 > a.1 { b } else { a })
            .map(|(c, _)| c)
    }

    /// Black's result of a game that cannot go on (ended, or at the action limit: scored
    /// as it stands).
    fn decided(&self, game: &Game) -> Option<f64> {
        (game.is_ended() || game.action_limit_reached())
            .then(|| self.result(self.evaluator.margin(game.board(), Color::Black)))
    }

    /// Black's result of a leaf: a playout from the present board of `game`, blended with
    /// the static evaluation, which halves the noise of a single playout.
    fn rollout(&mut self, game: &Game) -> f64 {
        let to_move = game.side_to_move().unwrap_or(Color::Black);
        let (area, _) = self.playout.run(game.board(), to_move, &mut self.rng);
        let played = self.result(area as f64 - game.komi().value());
        let guess = self.evaluator.evaluate(game.board(), Color::Black, to_move);
        let guessed = 1.0 / (1.0 + (-guess / EVALUATION_SCALE).exp());
        (1.0 - EVALUATION_WEIGHT) * played + EVALUATION_WEIGHT * guessed
    }

    /// A result in [0, 1] for Black from Black's final margin: mostly win/draw/loss, a
    /// little of the margin so that bigger wins and smaller losses are preferred.
    fn result(&self, margin: f64) -> f64 {
        let outcome = if margin > 0.0 {
            1.0
        } else if margin < 0.0 {
            0.0
        } else {
            0.5
        };
        let points = self.evaluator.points() as f64;
        let scaled = (0.5 + margin / (2.0 * points)).clamp(0.0, 1.0);
        (1.0 - MARGIN_WEIGHT) * outcome + MARGIN_WEIGHT * scaled
    }
}

/// A result for Black in [0, 1] seen from `mover`.
fn for_mover(mover: Color, black_result: f64) -> f64 {
    match mover {
        Color::Black => black_result,
        Color::White => 1.0 - black_result,
    }
}
