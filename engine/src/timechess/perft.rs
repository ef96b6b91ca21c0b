//! Perft: the number of legal move sequences of a given length, the standard cross-check
//! of a move generator.

use super::game::Game;

impl Game {
    /// Counts the legal move sequences of exactly `depth` moves from this position. A
    /// finished game has none. The game is left as it was.
    pub fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if depth == 1 {
            return self.count_legal_moves();
        }
        let moves = self.legal_moves();
        let mut total = 0;
        for mv in moves {
            self.play_unsettled(mv);
            total += self.perft(depth - 1);
            self.undo();
        }
        total
    }

    /// Perft split by first move, as `(move, count)` in move order, for finding where two
    /// generators disagree.
    pub fn perft_divide(&mut self, depth: u32) -> Vec<(super::coord::Move, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        let moves = self.legal_moves();
        moves
            .into_iter()
            .map(|mv| {
                self.play_unsettled(mv);
                let count = self.perft(depth - 1);
                self.undo();
                (mv, count)
            })
            .collect()
    }
}
