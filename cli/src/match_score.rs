//! The running score of a match between two players, `a` and `b`, and its 95% interval:
//! shared by every game's match runner.

use canon_engine::wilson::wilson_interval;

/// Wins of each side and draws so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchScore {
    /// Games `a` won.
    pub a_wins: u32,
    /// Games `b` won.
    pub b_wins: u32,
    /// Drawn games.
    pub draws: u32,
}

impl MatchScore {
    /// Counts one game (`Some(true)` when `a` won, `Some(false)` when `b` did, `None` for a
    /// draw) and names its verdict for the progress line.
    pub fn record(&mut self, a_won: Option<bool>) -> &'static str {
        match a_won {
            Some(true) => {
                self.a_wins += 1;
                "a wins"
            }
            Some(false) => {
                self.b_wins += 1;
                "b wins"
            }
            None => {
                self.draws += 1;
                "draw"
            }
        }
    }

    /// Games counted.
    pub fn games(&self) -> u32 {
        self.a_wins + self.b_wins + self.draws
    }

    /// `a`'s share of the points, a draw counting half.
    pub fn a_score(&self) -> f64 {
        (f64::from(self.a_wins) + f64::from(self.draws) / 2.0) / f64::from(self.games().max(1))
    }

    /// The 95% Wilson score interval of [`MatchScore::a_score`].
    pub fn interval(&self) -> (f64, f64) {
        wilson_interval(self.a_score(), f64::from(self.games().max(1)))
    }

    /// The tally as the progress lines end: `a 3 b 1 draws 0`.
    pub fn progress(&self) -> String {
        format!("a {} b {} draws {}", self.a_wins, self.b_wins, self.draws)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_interval_holds_the_score_and_narrows_with_more_games() {
        let mut few = MatchScore::default();
        for a_won in [Some(true), Some(true), Some(false), None] {
            few.record(a_won);
        }
        assert_eq!(few.games(), 4);
        assert!((few.a_score() - 0.625).abs() < 1e-12);
        let (low, high) = few.interval();
        assert!(low < 0.625 && 0.625 < high);
        let many = MatchScore {
            a_wins: 100,
            b_wins: 40,
            draws: 20,
        };
        let (many_low, many_high) = many.interval();
        assert!(many_high - many_low < high - low);
        // 50 wins of 50 still leaves room below 100%: the Wilson interval, not the naive one.
        let sweep = MatchScore {
            a_wins: 50,
            ..MatchScore::default()
        };
        let (sweep_low, sweep_high) = sweep.interval();
        assert!(sweep_low > 0.9 && sweep_low < 1.0 && (sweep_high - 1.0).abs() < 1e-9);
    }
}
