//! The komi the new-game dialog offers for each surface: the rules' default and, where
//! the engine has one, the komi measured by self-play with the sample behind it
//! (`canon_engine::surfaces::measured_komi`, docs/strength.md "Komi for each surface").
//! The numbers are the engine's; the dialog only shows them.

use canon_engine::surfaces::rules::DEFAULT_KOMI_HALF_POINTS;
use canon_engine::surfaces::{measured_komi, MeasuredKomi, Surface};
use serde::Serialize;
use ts_rs::TS;

/// The komi choices of one surface.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
pub struct SurfaceKomiChoice {
    /// The surface.
    pub surface: Surface,
    /// The rules' komi in half points (White receives half a point).
    pub rules_komi_half_points: i32,
    /// The komi measured by self-play with its sample, or `None` when the surface has no
    /// measurement that its check did not refute.
    pub measured: Option<MeasuredKomi>,
}

/// The komi choices of every surface, in the engine's order of surfaces.
pub fn surface_komi_choices() -> Vec<SurfaceKomiChoice> {
    Surface::ALL
        .into_iter()
        .map(|surface| SurfaceKomiChoice {
            surface,
            rules_komi_half_points: DEFAULT_KOMI_HALF_POINTS,
            measured: measured_komi(surface),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_surface_has_the_rules_komi_and_the_engines_measurement_if_any() {
        let choices = surface_komi_choices();
        assert_eq!(
            choices.iter().map(|c| c.surface).collect::<Vec<_>>(),
            Surface::ALL.to_vec()
        );
        for choice in &choices {
            assert_eq!(choice.rules_komi_half_points, 1, "the rules' 0.5");
            assert_eq!(choice.measured, measured_komi(choice.surface));
        }
        let measured = |surface| {
            choices
                .iter()
                .find(|c| c.surface == surface)
                .and_then(|c| c.measured)
                .map(|m| (m.komi_half_points, m.games))
        };
        // docs/strength.md: Möbius 3, Klein 4 and genus two 4, each from a 200-game round
        // of the strong study played at that komi.
        assert_eq!(measured(Surface::Mobius), Some((6, 200)));
        assert_eq!(measured(Surface::Klein), Some((8, 200)));
        assert_eq!(measured(Surface::Genus2), Some((8, 200)));
    }

    #[test]
    fn the_choices_serialize_with_the_measurement_or_null() {
        // A surface with no measurement yet (every surface has one today) says so with null.
        let unmeasured = SurfaceKomiChoice {
            surface: Surface::Klein,
            rules_komi_half_points: DEFAULT_KOMI_HALF_POINTS,
            measured: None,
        };
        let json = serde_json::to_value(unmeasured).unwrap();
        assert_eq!(json["rules_komi_half_points"], 1);
        assert!(json["measured"].is_null());

        let json = serde_json::to_value(surface_komi_choices()).unwrap();
        let klein = json
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["surface"] == "go-klein-9x18-v1")
            .unwrap();
        assert_eq!(klein["rules_komi_half_points"], 1);
        assert_eq!(klein["measured"]["komiHalfPoints"], 8);
        assert_eq!(klein["measured"]["blackScorePer10k"], 4_925);
        let mobius = json
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["surface"] == "go-mobius-9x11-v1")
            .unwrap();
        assert_eq!(mobius["measured"]["komiHalfPoints"], 6);
        assert_eq!(mobius["measured"]["studyKomiHalfPoints"], 6);
        assert_eq!(mobius["measured"]["playouts"], 20_000);
        assert_eq!(mobius["measured"]["lowHalfPoints"], 6);
        assert_eq!(mobius["measured"]["highHalfPoints"], 6);
        assert_eq!(mobius["measured"]["blackScorePer10k"], 4_975);
        assert_eq!(mobius["measured"]["blackScoreLowPer10k"], 4_289);
        assert_eq!(mobius["measured"]["blackScoreHighPer10k"], 5_662);
    }
}
