//! Where settings persist. The app uses `tauri-plugin-store`; the IPC bridge and tests
//! use [`JsonFileSettings`], a file of the same shape (`{"settings": {...}}`).

use crate::atomic_file::write_atomically;
use crate::settings::SETTINGS_KEY;
use serde_json::{Map, Value};
use std::path::PathBuf;

/// A place that keeps the settings object between runs.
pub trait SettingsStore: Send {
    /// The stored settings value, if any.
    fn load(&self) -> Result<Option<Value>, String>;
    /// Stores `value` durably.
    fn save(&self, value: &Value) -> Result<(), String>;
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
    }
}
