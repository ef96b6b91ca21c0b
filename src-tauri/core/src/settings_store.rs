//! Where settings persist: [`JsonFileSettings`], `settings.json` in the app data
//! directory as `{"settings": {...}}` (the shape tauri-plugin-store wrote in earlier
//! versions), for the app, the IPC bridge and the tests alike.

use crate::atomic_file::write_atomically;
use crate::save_slot::SaveSlot;
use crate::settings::SETTINGS_KEY;
use serde_json::{Map, Value};
use std::path::PathBuf;

/// File name of the settings in the app data directory.
pub const SETTINGS_FILE_NAME: &str = "settings.json";

/// A place that keeps the settings object between runs.
pub trait SettingsStore: Send {
    /// The stored settings value, if any.
    fn load(&self) -> Result<Option<Value>, String>;
    /// Stores `value` durably.
    fn save(&self, value: &Value) -> Result<(), String>;
    /// The name of the file holding the settings in the app data directory.
    fn file_name(&self) -> String;
    /// Renames an invalid settings file aside (kept, never deleted), on the player's
    /// confirmation; returns where it went.
    fn set_aside(&self, stamp: u64) -> Result<PathBuf, String>;
}

/// Settings in a JSON file `{"settings": {...}}`, written atomically.
pub struct JsonFileSettings {
    path: PathBuf,
}

impl JsonFileSettings {
    /// Settings kept in `path`.
    pub fn new(path: PathBuf) -> Self {
        Self { path }
    }
}

impl SettingsStore for JsonFileSettings {
    fn load(&self) -> Result<Option<Value>, String> {
        let text = match std::fs::read_to_string(&self.path) {
            Ok(text) => text,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(error) => return Err(format!("cannot read {}: {error}", self.path.display())),
        };
        let mut root: Map<String, Value> = serde_json::from_str(&text)
            .map_err(|error| format!("{} is not a JSON object: {error}", self.path.display()))?;
        Ok(root.remove(SETTINGS_KEY))
    }

    fn save(&self, value: &Value) -> Result<(), String> {
        let mut root = Map::new();
        root.insert(SETTINGS_KEY.to_owned(), value.clone());
        let text = serde_json::to_string_pretty(&Value::Object(root))
            .map_err(|error| error.to_string())?;
        write_atomically(&self.path, text.as_bytes())
            .map_err(|error| format!("cannot save {}: {error}", self.path.display()))
    }

    fn file_name(&self) -> String {
        self.path
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_default()
    }

    fn set_aside(&self, stamp: u64) -> Result<PathBuf, String> {
        // The same renaming as every other file kept aside.
        let mut slot = SaveSlot::new(self.path.clone(), true);
        slot.mark_invalid(String::new());
        slot.set_aside_invalid(stamp)
            .map_err(|error| format!("cannot set {} aside: {error}", self.path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_dir::TestDir;
    use serde_json::json;

    #[test]
    fn round_trips_and_reports_a_broken_file() {
        let dir = TestDir::new("settings-file");
        let store = JsonFileSettings::new(dir.path().join("settings.json"));
        assert_eq!(store.load(), Ok(None));
        store.save(&json!({"theme": "dark"})).unwrap();
        assert_eq!(store.load(), Ok(Some(json!({"theme": "dark"}))));
        std::fs::write(dir.path().join("settings.json"), "[1,2]").unwrap();
        assert!(store.load().unwrap_err().contains("not a JSON object"));
        let kept = store.set_aside(9).unwrap();
        assert_eq!(kept, dir.path().join("settings.invalid-9.json"));
        assert_eq!(std::fs::read_to_string(kept).unwrap(), "[1,2]");
        assert_eq!(store.load(), Ok(None));
    }
}
