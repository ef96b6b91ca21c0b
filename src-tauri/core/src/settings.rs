//! The player's settings: language, theme and motion for the app, and each game's own
//! (`timego`: defaults for new games). The flat settings of earlier versions are read and
//! migrated once ([`Settings::from_stored`]).
//!
//! Values are validated here whatever stores them: the app persists them with
//! `tauri-plugin-store`, the IPC bridge in a JSON file of the same shape.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Key under which the settings object is stored.
pub const SETTINGS_KEY: &str = "settings";

/// Colour scheme of the interface.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Theme {
    /// Follow the operating system.
    System,
    /// Light.
    Light,
    /// Dark.
    Dark,
}

/// Whether animations (such as the causal replay) play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Motion {
    /// Follow the operating system's reduced-motion preference.
    System,
    /// Always reduce motion.
    Reduce,
    /// Always animate.
    Full,
}

/// Every setting, complete; the UI sends the whole object back to change one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    /// BCP 47 language tag of the interface, such as `en` or `pt-BR`.
    pub language: String,
    /// Colour scheme.
    pub theme: Theme,
    /// Animation preference.
    pub motion: Motion,
    /// TimeGo's settings.
    pub timego: TimeGoSettings,
    /// Go on surfaces' settings; absent in files of earlier versions (then the defaults).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub surface: Option<SurfaceSettings>,
}

/// Go on surfaces' settings: what its new-game menu offers first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct SurfaceSettings {
    /// Komi offered first for new games, in half points (1: White receives 0.5 point).
    pub komi_half_points: i32,
    /// The surface of the last new game, offered first.
    pub last_surface: canon_engine::surfaces::Surface,
}

impl Default for SurfaceSettings {
    fn default() -> Self {
        Self {
            komi_half_points: canon_engine::surfaces::rules::DEFAULT_KOMI_HALF_POINTS,
            last_surface: canon_engine::surfaces::Surface::Klein,
        }
    }
}

/// TimeGo's settings: what its new-game menu offers first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct TimeGoSettings {
    /// Board size offered first in the new-game menu (4 or 5).
    pub default_board_size: u8,
    /// Komi offered first for new games: a multiple of 0.5, at most the board area.
    pub default_komi: f64,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            language: "en".to_owned(),
            theme: Theme::System,
            motion: Motion::System,
            timego: TimeGoSettings {
                default_board_size: 5,
                default_komi: 0.0,
            },
            surface: None,
        }
    }
}

/// The keys of TimeGo's settings, which earlier versions kept at the top level.
const FLAT_TIMEGO_KEYS: [&str; 2] = ["default_board_size", "default_komi"];

/// Moves the flat TimeGo keys of an earlier version's settings into `timego`; returns
/// whether anything moved. Every other key stays where it is (and is then checked).
fn migrate_flat(value: &mut serde_json::Value) -> bool {
    let Some(object) = value.as_object_mut() else {
        return false;
    };
    if object.contains_key("timego") {
        return false;
    }
    let mut timego = serde_json::Map::new();
    for key in FLAT_TIMEGO_KEYS {
        if let Some(field) = object.remove(key) {
            timego.insert(key.to_owned(), field);
        }
    }
    if timego.is_empty() {
        return false;
    }
    object.insert("timego".to_owned(), serde_json::Value::Object(timego));
    true
}

/// Board sizes of the new-game menu (the engine also accepts 2 and 3 for records).
pub const MENU_BOARD_SIZES: [u8; 2] = [4, 5];

impl Settings {
    /// Checks every field, naming the first one that is wrong.
    pub fn validate(&self) -> Result<(), String> {
        if !is_language_tag(&self.language) {
            return Err(format!(
                "language '{}' is not a language tag such as 'en' or 'pt-BR'",
                self.language
            ));
        }
        let timego = &self.timego;
        if !MENU_BOARD_SIZES.contains(&timego.default_board_size) {
            return Err(format!(
                "default board size {} is not offered; choose 4 or 5",
                timego.default_board_size
            ));
        }
        validate_komi(timego.default_komi, timego.default_board_size)
            .map_err(|reason| format!("default komi: {reason}"))?;
        if let Some(surface) = &self.surface {
            canon_engine::surfaces::rules::check_komi(
                surface.last_surface,
                i64::from(surface.komi_half_points),
            )
            .map_err(|error| format!("surface komi: {error}"))?;
        }
        Ok(())
    }

    /// Reads stored settings, falling back to the defaults (with the reason) when the
    /// stored value is missing or invalid, so a bad settings file never stops the app.
    pub fn from_stored(value: Option<serde_json::Value>) -> (Settings, Option<String>) {
        let (settings, notice, _) = Self::from_stored_migrating(value);
        (settings, notice)
    }

    /// As [`Settings::from_stored`], and says whether the stored value had the flat form
    /// of earlier versions (TimeGo's keys at the top level) and was migrated: the caller
    /// then stores the migrated form once.
    pub fn from_stored_migrating(
        value: Option<serde_json::Value>,
    ) -> (Settings, Option<String>, bool) {
        let Some(mut value) = value else {
            return (Settings::default(), None, false);
        };
        let migrated = migrate_flat(&mut value);
        match serde_json::from_value::<Settings>(value) {
            Ok(settings) => match settings.validate() {
                Ok(()) => (settings, None, migrated),
                Err(reason) => (
                    Settings::default(),
                    Some(format!("saved settings ignored: {reason}")),
                    false,
                ),
            },
            Err(error) => (
                Settings::default(),
                Some(format!("saved settings ignored: {error}")),
                false,
            ),
        }
    }
}

/// Komi must be a finite multiple of 0.5 whose absolute value is at most the board area
/// (rules document, "Ending and score").
pub fn validate_komi(komi: f64, size: u8) -> Result<(), String> {
    let area = f64::from(size) * f64::from(size);
    if !komi.is_finite() || (komi * 2.0).fract() != 0.0 {
        return Err(format!("{komi} is not a multiple of 0.5"));
    }
    if komi.abs() > area {
        return Err(format!(
            "{komi} is larger than the board area {area} of a {size}×{size} board"
        ));
    }
    Ok(())
}

/// A small BCP 47 subset: a 2–3 letter language, optionally a 4-letter script and a
/// 2-letter or 3-digit region (`en`, `pt-BR`, `zh-Hant-TW`).
fn is_language_tag(tag: &str) -> bool {
    let mut parts = tag.split('-');
    let Some(language) = parts.next() else {
        return false;
    };
    if !(2..=3).contains(&language.len()) || !language.bytes().all(|b| b.is_ascii_lowercase()) {
        return false;
    }
    let rest: Vec<&str> = parts.collect();
    let (script, region) = match rest.as_slice() {
        [] => (None, None),
        [one] if one.len() == 4 => (Some(*one), None),
        [one] => (None, Some(*one)),
        [script, region] => (Some(*script), Some(*region)),
        _ => return false,
    };
    let script_ok = script.is_none_or(|s| {
        s.len() == 4
            && s.as_bytes()[0].is_ascii_uppercase()
            && s.bytes().skip(1).all(|b| b.is_ascii_lowercase())
    });
    let region_ok = region.is_none_or(|r| {
        (r.len() == 2 && r.bytes().all(|b| b.is_ascii_uppercase()))
            || (r.len() == 3 && r.bytes().all(|b| b.is_ascii_digit()))
    });
    script_ok && region_ok
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn defaults_are_valid_and_follow_the_rules_document() {
        let settings = Settings::default();
        assert_eq!(settings.validate(), Ok(()));
        assert_eq!(settings.language, "en");
        assert_eq!(settings.timego.default_komi, 0.0);
    }

    #[test]
    fn rejects_each_bad_field_with_its_name() {
        let bad = [
            (json!({"language": "english"}), "language"),
            (json!({"language": "en-us"}), "language"),
            (json!({"default_board_size": 3}), "board size"),
            (json!({"default_komi": 0.25}), "multiple of 0.5"),
            (json!({"default_komi": 25.5}), "board area"),
            (json!({"default_komi": -26.0}), "board area"),
        ];
        for (patch, expected) in bad {
            let mut value = serde_json::to_value(Settings::default()).unwrap();
            for (key, field) in patch.as_object().unwrap() {
                // TimeGo's keys live under `timego` since settings are per game.
                match FLAT_TIMEGO_KEYS.contains(&key.as_str()) {
                    true => value["timego"][key] = field.clone(),
                    false => value[key] = field.clone(),
                }
            }
            let settings: Settings = serde_json::from_value(value).unwrap();
            let error = settings.validate().unwrap_err();
            assert!(
                error.contains(expected),
                "{error} should mention {expected}"
            );
        }
    }

    #[test]
    fn accepts_tags_and_komi_in_range() {
        for tag in ["en", "fr", "pt-BR", "zh-Hant", "zh-Hant-TW", "es-419"] {
            assert!(is_language_tag(tag), "{tag}");
        }
        for komi in [-25.0, -0.5, 0.0, 6.5, 25.0] {
            assert_eq!(validate_komi(komi, 5), Ok(()), "{komi}");
        }
        assert!(validate_komi(f64::NAN, 5).is_err());
        assert!(validate_komi(16.5, 4).is_err());
    }

    #[test]
    fn stored_settings_fall_back_to_defaults_with_a_reason() {
        assert_eq!(Settings::from_stored(None), (Settings::default(), None));
        let (settings, notice) = Settings::from_stored(Some(json!({"language": 3})));
        assert_eq!(settings, Settings::default());
        assert!(notice.unwrap().contains("ignored"));
        let unknown = json!({"language": "en", "theme": "dark", "default_board_size": 4,
            "default_komi": 0.5, "motion": "reduce", "colour": "red"});
        assert!(Settings::from_stored(Some(unknown))
            .1
            .unwrap()
            .contains("colour"));
        let good = json!({"language": "fr", "theme": "dark", "default_board_size": 4,
            "default_komi": 0.5, "motion": "reduce"});
        let (settings, notice) = Settings::from_stored(Some(good));
        assert_eq!(notice, None);
        assert_eq!(settings.theme, Theme::Dark);
        assert_eq!(settings.motion, Motion::Reduce);
    }

    #[test]
    fn the_flat_settings_of_earlier_versions_are_migrated_losing_nothing() {
        let flat = json!({"language": "pt-BR", "theme": "dark", "default_board_size": 4,
            "default_komi": -1.5, "motion": "reduce"});
        let (settings, notice, migrated) = Settings::from_stored_migrating(Some(flat.clone()));
        assert!(migrated);
        assert_eq!(notice, None);
        let stored = serde_json::to_value(&settings).unwrap();
        assert_eq!(
            stored,
            json!({"language": "pt-BR", "theme": "dark", "motion": "reduce",
                "timego": {"default_board_size": 4, "default_komi": -1.5}})
        );
        for (key, value) in flat.as_object().unwrap() {
            let path = if FLAT_TIMEGO_KEYS.contains(&key.as_str()) {
                format!("/timego/{key}")
            } else {
                format!("/{key}")
            };
            assert_eq!(stored.pointer(&path), Some(value), "{key}");
        }
        // The migrated form is read as it is, once and for all.
        let (again, _, migrated) = Settings::from_stored_migrating(Some(stored));
        assert!(!migrated);
        assert_eq!(again, settings);
        // An unknown flat key is still refused, never silently dropped by the migration.
        let extra = json!({"language": "en", "theme": "dark", "default_board_size": 4,
            "default_komi": 0.5, "motion": "reduce", "colour": "red"});
        let (_, notice, migrated) = Settings::from_stored_migrating(Some(extra));
        assert!(notice.unwrap().contains("colour"));
        assert!(!migrated);
    }
}
