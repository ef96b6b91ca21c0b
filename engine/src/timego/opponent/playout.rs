//! Light Go playouts from a present board: both sides place random stones that are neither
//! suicide nor a fill of their own single-point eye, capturing an opposing chain in atari
//! when they can, until two passes or a move cap. The history is ignored: the tree above
//! the playout handles time moves, Lock and the repetition rules; a playout only estimates
//! who owns the board.

use super::rng::Rng;
use crate::go::{Board, Color, Graph, Point};

/// Reusable playout buffers for one board size.
pub(crate) struct Playout {
    graph: Graph,
    board: Board,
    captured: Vec<Point>,
    empties: Vec<Point>,
}

impl Playout {
    /// Buffers for `size` × `size` boards.
    pub(crate) fn new(size: u8) -> Playout {
        let graph = Graph::square(size);
        let board = Board::new(&graph);
        Playout {
            graph,
            board,
            captured: Vec::new(),
            empties: Vec::new(),
        }
    }

    /// Plays one playout from `cells` with `to_move` first; returns Black's area minus
    /// White's (komi not included) and the number of stones placed.
    pub(crate) fn run(&mut self, cells: &[u8], to_move: Color, rng: &mut Rng) -> (i32, u32) {
        match Board::from_colors(&self.graph, cells) {
            Ok(board) => self.board = board,
            Err(_) => return (0, 0),
        }
        let points = self.graph.len();
        let cap = 3 * points as u32;
        let mut color = to_move;
        let mut passes = 0;
        let mut moves = 0;
        while passes < 2 && moves < cap {
            if self.play_one(color, rng) {
                passes = 0;
                moves += 1;
            } else {
                passes += 1;
            }
            color = color.opposite();
        }
        let (black, white) = self.board.area(&self.graph);
        (black as i32 - white as i32, moves)
    }

    /// Places one stone for `color`, preferring a capture; false if it must pass.
    fn play_one(&mut self, color: Color, rng: &mut Rng) -> bool {
        self.empties.clear();
        let cells = self.board.colors();
        self.empties.extend(
            cells
                .iter()
                .enumerate()
                .filter(|(_, &cell)| cell == 0)
                .map(|(p, _)| p as Point),
        );
        // A capture of a chain in atari first: the commonest decisive local move.
        if rng.below_mod(2) == 0 {
            for k in 0..self.empties.len() {
                let point = self.empties[k];
                let captures = self
                    .board
                    .check(&self.graph, point, color)
                    .map(|preview| preview.captures)
                    .unwrap_or(0);
                if captures > 0 {
                    self.captured.clear();
                    return self
                        .board
                        .play(&self.graph, point, color, &mut self.captured)
                        .is_ok();
                }
            }
        }
        while !self.empties.is_empty() {
            let k = rng.below_mod(self.empties.len());
            let point = self.empties.swap_remove(k);
            if self.fills_own_eye(point, color) {
                continue;
            }
            self.captured.clear();
            if self
                .board
                .play(&self.graph, point, color, &mut self.captured)
                .is_ok()
            {
                return true;
            }
        }
        false
    }

    fn fills_own_eye(&self, point: Point, color: Color) -> bool {
        self.graph
            .neighbors(point)
            .iter()
            .all(|&q| self.board.color_at(q) == Some(color) && self.board.liberty_count(q) > 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_playout_fills_the_board_up_to_eyes_and_scores_it() {
        let mut playout = Playout::new(4);
        let mut rng = super::super::rng::seeded(3);
        for _ in 0..20 {
            let (margin, moves) = playout.run(&[0; 16], Color::Black, &mut rng);
            assert!(moves > 0);
            assert!(margin.abs() <= 16);
            // Every empty point left is an eye: both sides passed or the cap was hit.
            let (black, white) = playout.board.area(&playout.graph);
            assert!(
                black + white >= 14 || moves == 48,
                "{black} {white} {moves}"
            );
        }
    }
}
