//! The core's shared test helpers: unique scratch directories removed when dropped, an
//! app core on one, and the files a directory holds.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A fresh directory under the system temporary directory, deleted on drop.
pub struct TestDir {
    path: PathBuf,
}

impl TestDir {
    /// Creates an empty directory whose name starts with `label`.
    pub fn new(label: &str) -> Self {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let path = std::env::temp_dir().join(format!(
            "crab-canon-{label}-{}-{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("create test directory");
        Self { path }
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The names of the files in the directory that start with `prefix`, sorted.
    pub fn names_starting_with(&self, prefix: &str) -> Vec<String> {
        names_in(&self.path, |name| name.starts_with(prefix))
    }
}

impl Drop for TestDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// An app core on `dir`, its settings in `dir/settings.json` as the bridge keeps them.
pub fn core_in(dir: &TestDir) -> crate::AppCore {
    core_at(dir.path())
}

/// An app core on `dir` whose computer searches a small fixed budget with a fixed seed:
/// quick, and the same move every run.
pub fn core_thinking_steadily(dir: &TestDir) -> crate::AppCore {
    let mut core = core_in(dir);
    core.timego_mut().set_think_limits(
        canon_engine::timego::opponent::SearchLimits::deterministic(300, 3, 60_000),
    );
    core
}

/// An app core on the data directory `dir`, its settings in `dir/settings.json` as the
/// bridge and the shell keep them.
pub fn core_at(dir: &Path) -> crate::AppCore {
    let store = Box::new(crate::settings_store::JsonFileSettings::new(
        dir.join("settings.json"),
    ));
    crate::AppCore::open(dir, store).expect("open the app core")
}

/// The paths of the entries directly in `dir` whose file names satisfy `keep`, sorted.
pub fn paths_in(dir: &Path, keep: impl Fn(&str) -> bool) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("read the test directory")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| keep(&path.file_name().unwrap_or_default().to_string_lossy()))
        .collect();
    paths.sort();
    paths
}

/// The names of the entries directly in `dir` that satisfy `keep`, sorted.
pub fn names_in(dir: &Path, keep: impl Fn(&str) -> bool) -> Vec<String> {
    paths_in(dir, keep)
        .iter()
        .map(|path| {
            path.file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned()
        })
        .collect()
}

/// Every file under `dir` with its bytes, to show that a refused command wrote nothing.
pub fn files_in(dir: &Path) -> std::collections::BTreeMap<PathBuf, Vec<u8>> {
    let mut files = std::collections::BTreeMap::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(next) = pending.pop() {
        for entry in std::fs::read_dir(&next).expect("read the test directory") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                pending.push(path);
            } else {
                let bytes = std::fs::read(&path).expect("read a test file");
                files.insert(path, bytes);
            }
        }
    }
    files
}
