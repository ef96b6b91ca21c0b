//! The static evaluation of a board: current area with komi, material, and liberties
//! (chains in atari are likely lost by the side not to move). A heuristic in points, not
//! a solved value.

use crate::go::Color;
use crate::timego::HalfPoints;

/// The value of a decided game: far beyond any board's heuristic.
pub(crate) const DECIDED: f64 = 1_000.0;

/// Evaluates boards of one size and komi.
#[derive(Clone, Debug)]
pub(crate) struct Evaluator {
    points: usize,
    neighbors: Vec<u32>,
    komi: HalfPoints,
}

/// Area counts and chain facts of one board.
struct Survey {
    area: [i32; 2],
    stones: [i32; 2],
    /// Per color: stones in chains with one liberty, with two liberties, and liberties
    /// summed over chains (each capped at 4).
    atari: [i32; 2],
    shortage: [i32; 2],
    liberties: [i32; 2],
}

impl Evaluator {
    /// An evaluator for `size` × `size` boards (at most 5 × 5) with `komi`.
    pub(crate) fn new(size: u8, komi: HalfPoints) -> Evaluator {
        let size = size as usize;
        let points = size * size;
        let neighbors = (0..points)
            .map(|p| {
                let (row, column) = (p / size, p % size);
                let mut mask = 0u32;
                if row > 0 {
                    mask |= 1 << (p - size);
                }
                if row + 1 < size {
                    mask |= 1 << (p + size);
                }
                if column > 0 {
                    mask |= 1 << (p - 1);
                }
                if column + 1 < size {
                    mask |= 1 << (p + 1);
                }
                mask
            })
            .collect();
        Evaluator {
            points,
            neighbors,
            komi,
        }
    }

    /// Cell values of the board with exact key `key` (see `ProbeSummary::board_key`).
    pub(crate) fn cells_of_key(&self, key: u64) -> [u8; 32] {
        let mut cells = [0u8; 32];
        for (p, cell) in cells.iter_mut().enumerate().take(self.points) {
            *cell = ((key >> (2 * p)) & 3) as u8;
        }
        cells
    }

    fn masks(&self, cells: &[u8]) -> [u32; 3] {
        let mut masks = [0u32; 3];
        for (p, &cell) in cells.iter().enumerate().take(self.points) {
            masks[cell.min(2) as usize] |= 1 << p;
        }
        masks
    }

    /// Grows `seed` inside `within` to its connected component.
    fn component(&self, seed: u32, within: u32) -> u32 {
        let mut region = seed;
        loop {
            let mut grown = region;
            let mut rest = region;
            while rest != 0 {
                let p = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                grown |= self.neighbors[p] & within;
            }
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    fn around(&self, region: u32) -> u32 {
        let mut around = 0;
        let mut rest = region;
        while rest != 0 {
            let p = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            around |= self.neighbors[p];
        }
        around & !region
    }

    fn survey(&self, cells: &[u8]) -> Survey {
        let masks = self.masks(cells);
        let mut survey = Survey {
            area: [0; 2],
            stones: [masks[1].count_ones() as i32, masks[2].count_ones() as i32],
            atari: [0; 2],
            shortage: [0; 2],
            liberties: [0; 2],
        };
        survey.area = survey.stones;
        let mut empty = masks[0];
        while empty != 0 {
            let region = self.component(empty & empty.wrapping_neg(), masks[0]);
            empty &= !region;
            let around = self.around(region);
            match (around & masks[1] != 0, around & masks[2] != 0) {
                (true, false) => survey.area[0] += region.count_ones() as i32,
                (false, true) => survey.area[1] += region.count_ones() as i32,
                _ => {}
            }
        }
        for color in 0..2 {
            let mut stones = masks[color + 1];
            while stones != 0 {
                let chain = self.component(stones & stones.wrapping_neg(), masks[color + 1]);
                stones &= !chain;
                let liberties = (self.around(chain) & masks[0]).count_ones() as i32;
                let size = chain.count_ones() as i32;
                match liberties {
                    1 => survey.atari[color] += size,
                    2 => survey.shortage[color] += size,
                    _ => {}
                }
                survey.liberties[color] += liberties.min(4);
            }
        }
        survey
    }

    fn komi_for(&self, perspective: Color) -> f64 {
        match perspective {
            Color::White => self.komi.value(),
            Color::Black => -self.komi.value(),
        }
    }

    /// The heuristic value of `cells` for `perspective` when `to_move` moves next.
    pub(crate) fn evaluate(&self, cells: &[u8], perspective: Color, to_move: Color) -> f64 {
        let survey = self.survey(cells);
        let (me, them) = (perspective.index(), perspective.opposite().index());
        let area = (survey.area[me] - survey.area[them]) as f64 + self.komi_for(perspective);
        let material = (survey.stones[me] - survey.stones[them]) as f64;
        // A chain in atari is lost if its opponent moves next, only weakened otherwise.
        let (my_atari, their_atari) = if to_move == perspective {
            (0.3, 1.5)
        } else {
            (1.5, 0.3)
        };
        let tactics = their_atari * survey.atari[them] as f64 - my_atari * survey.atari[me] as f64
            + 0.15 * (survey.shortage[them] - survey.shortage[me]) as f64
            + 0.05 * (survey.liberties[me] - survey.liberties[them]) as f64;
        area + 0.5 * material + tactics
    }

    /// The heuristic value of the board with exact key `key`.
    pub(crate) fn evaluate_key(&self, key: u64, perspective: Color, to_move: Color) -> f64 {
        self.evaluate(&self.cells_of_key(key), perspective, to_move)
    }

    /// The final score margin of `cells` for `perspective` (area with komi).
    pub(crate) fn margin(&self, cells: &[u8], perspective: Color) -> f64 {
        let survey = self.survey(cells);
        let (me, them) = (perspective.index(), perspective.opposite().index());
        (survey.area[me] - survey.area[them]) as f64 + self.komi_for(perspective)
    }

    /// The value of a game that ends with `cells` on the board, for `perspective`.
    pub(crate) fn decided(&self, cells: &[u8], perspective: Color) -> f64 {
        let margin = self.margin(cells, perspective);
        if margin > 0.0 {
            DECIDED + margin
        } else if margin < 0.0 {
            -DECIDED + margin
        } else {
            0.0
        }
    }

    /// Number of points of the board.
    pub(crate) fn points(&self) -> usize {
        self.points
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn area_and_atari_follow_the_board() {
        let evaluator = Evaluator::new(3, HalfPoints(0));
        // Black wall on the middle column, White's stone at C3 in atari (its one liberty is
        // C2): the left column is Black's area, C1 and C2 are neutral.
        let cells = [0, 1, 0, 0, 1, 0, 0, 1, 2];
        assert_eq!(evaluator.margin(&cells, Color::Black), 6.0 - 1.0);
        assert_eq!(evaluator.margin(&cells, Color::White), -5.0);
        // The atari is worth more to Black when Black moves next and can capture.
        let black_next = evaluator.evaluate(&cells, Color::Black, Color::Black);
        let white_next = evaluator.evaluate(&cells, Color::Black, Color::White);
        assert!(black_next > white_next);
    }

    #[test]
    fn decided_games_outrank_every_heuristic() {
        let evaluator = Evaluator::new(2, HalfPoints(1));
        let cells = [1, 0, 0, 0];
        assert!(evaluator.decided(&cells, Color::Black) > DECIDED);
        assert!(evaluator.decided(&cells, Color::White) < -DECIDED);
    }
}
