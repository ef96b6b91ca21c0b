//! Settings persisted through `tauri-plugin-store` in `settings.json` of the app data
//! directory.

use canon_app_core::settings::SETTINGS_KEY;
use canon_app_core::settings_store::SettingsStore;
use serde_json::Value;
use std::sync::Arc;
use tauri::{AppHandle, Runtime};
use tauri_plugin_store::{Store, StoreExt};

/// File name of the settings store, relative to the app data directory.
const STORE_FILE: &str = "settings.json";

/// The plugin's store holding the settings object.
pub struct PluginSettings<R: Runtime> {
    store: Arc<Store<R>>,
}

impl<R: Runtime> PluginSettings<R> {
    /// Opens (or creates) the settings store.
    pub fn open(app: &AppHandle<R>) -> Result<Self, tauri_plugin_store::Error> {
        Ok(Self {
            store: app.store(STORE_FILE)?,
        })
    }
}

impl<R: Runtime> SettingsStore for PluginSettings<R> {
    fn load(&self) -> Result<Option<Value>, String> {
        Ok(self.store.get(SETTINGS_KEY))
    }

    fn save(&self, value: &Value) -> Result<(), String> {
        self.store.set(SETTINGS_KEY, value.clone());
        self.store
            .save()
            .map_err(|error| format!("cannot save the settings: {error}"))
    }
}
