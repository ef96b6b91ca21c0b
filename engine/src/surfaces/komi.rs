//! The fair komi of each surface as measured by self-play (`canon surface komi`), so the
//! new-game dialog can offer it beside the rules' 0.5 and say where it comes from. The
//! method, the commands, the sample sizes and their caveats are in `docs/strength.md`
//! ("Komi for each surface"): every value comes from the study at the strongest level.

use serde::Serialize;

use super::geometry::Surface;

/// A measured fair komi with the sample behind it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SurfaceMeasuredKomi"))]
#[serde(rename_all = "camelCase")]
pub struct MeasuredKomi {
    /// The fair komi in half points: the study komi of the round whose Black score held
    /// 50% in its 95% interval (the `strong` study), or the median area margin at komi 0
    /// rounded to a half point (the earlier `steady` samples).
    pub komi_half_points: i32,
    /// Self-play games in the sample.
    pub games: u32,
    /// Playouts per move of the search that played them.
    pub playouts: u32,
    /// The study komi the games were played at, in half points.
    pub study_komi_half_points: i32,
    /// Lower end of the 95% order-statistic interval of the median margin, half points.
    pub low_half_points: i32,
    /// Upper end of that interval, half points.
    pub high_half_points: i32,
    /// Black's score in the games at the study komi (a level game counting half), in
    /// hundredths of a percent: a fair komi holds 50% in its interval.
    pub black_score_per_10k: u32,
    /// Lower end of that score's 95% Wilson interval, hundredths of a percent.
    pub black_score_low_per_10k: u32,
    /// Upper end of that score's 95% Wilson interval, hundredths of a percent.
    pub black_score_high_per_10k: u32,
}

impl MeasuredKomi {
    /// The komi in points.
    pub fn komi(&self) -> f32 {
        self.komi_half_points as f32 / 2.0
    }

    /// The 95% interval in points.
    pub fn interval(&self) -> (f32, f32) {
        (
            self.low_half_points as f32 / 2.0,
            self.high_half_points as f32 / 2.0,
        )
    }
}

/// The measured fair komi of `surface` (docs/strength.md, "Komi for each surface"), or
/// `None` when it has not been measured.
pub fn measured_komi(surface: Surface) -> Option<MeasuredKomi> {
    MEASURED
        .iter()
        .find(|(measured, _)| *measured == surface)
        .map(|&(_, komi)| komi)
}

/// The table of docs/strength.md: for each surface the round of the `strong` study whose
/// Black score at its komi held 50% in its interval (the rules' 0.5 favoured Black on
/// every surface). The Möbius strip: round 3, at komi 3 (72 wins, 73 losses and 55 level
/// games). The Klein bottle: round 3, at komi 4 (69, 72 and 59). The genus-two surface:
/// round 2, at komi 4 (85, 63 and 52).
const MEASURED: [(Surface, MeasuredKomi); 3] = [
    (
        Surface::Mobius,
        MeasuredKomi {
            komi_half_points: 6,
            games: 200,
            playouts: 20_000,
            study_komi_half_points: 6,
            low_half_points: 6,
            high_half_points: 6,
            black_score_per_10k: 4_975,
            black_score_low_per_10k: 4_289,
            black_score_high_per_10k: 5_662,
        },
    ),
    (
        Surface::Klein,
        MeasuredKomi {
            komi_half_points: 8,
            games: 200,
            playouts: 20_000,
            study_komi_half_points: 8,
            low_half_points: 8,
            high_half_points: 8,
            black_score_per_10k: 4_925,
            black_score_low_per_10k: 4_240,
            black_score_high_per_10k: 5_613,
        },
    ),
    (
        Surface::Genus2,
        MeasuredKomi {
            komi_half_points: 8,
            games: 200,
            playouts: 20_000,
            study_komi_half_points: 8,
            low_half_points: 8,
            high_half_points: 8,
            black_score_per_10k: 5_550,
            black_score_low_per_10k: 4_857,
            black_score_high_per_10k: 6_222,
        },
    ),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::surfaces::rules::check_komi;
    use crate::wilson::wilson_interval;

    #[test]
    fn measured_komi_are_half_points_inside_their_interval_and_allowed_by_the_rules() {
        assert!(Surface::ALL.iter().any(|&s| measured_komi(s).is_some()));
        for surface in Surface::ALL {
            let Some(measured) = measured_komi(surface) else {
                continue;
            };
            assert_eq!((measured.komi() * 2.0).fract(), 0.0, "{surface:?}");
            assert_eq!(
                measured.komi() * 2.0,
                measured.komi_half_points as f32,
                "a multiple of 0.5"
            );
            let (low, high) = measured.interval();
            assert!(
                low <= measured.komi() && measured.komi() <= high,
                "{surface:?}"
            );
            assert!(measured.games >= 6, "an interval needs six games");
            if measured.komi_half_points == measured.study_komi_half_points {
                // A komi offered from the games played at it is one where Black held 50%.
                let held = measured.black_score_low_per_10k..=measured.black_score_high_per_10k;
                assert!(held.contains(&5_000), "{surface:?}");
            }
            assert!(check_komi(surface, i64::from(measured.komi_half_points)).is_ok());
        }
    }

    #[test]
    fn black_scores_count_half_games_and_carry_their_wilson_interval() {
        for surface in Surface::ALL {
            let Some(measured) = measured_komi(surface) else {
                continue;
            };
            // A score is a whole number of half games out of `games`.
            let half_games = u64::from(measured.black_score_per_10k) * u64::from(measured.games);
            assert_eq!(
                half_games % 5_000,
                0,
                "{surface:?}: not a count of half games"
            );
            let score = f64::from(measured.black_score_per_10k) / 10_000.0;
            let (low, high) = wilson_interval(score, f64::from(measured.games));
            assert_eq!(
                (
                    measured.black_score_low_per_10k,
                    measured.black_score_high_per_10k
                ),
                (
                    (low * 10_000.0).round() as u32,
                    (high * 10_000.0).round() as u32
                ),
                "{surface:?}"
            );
        }
    }
}
