//! Crash-safe replacement of a file's contents.
//!
//! A save must never leave a truncated or half-written file behind, whenever the process
//! dies. The new contents go to a temporary file in the same directory, are flushed to
//! disk, and only then renamed over the old file; the rename is atomic on POSIX file
//! systems, so a reader sees either the old document or the new one, never a mix.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Replaces the contents of `path` with `bytes` atomically (temporary file, fsync, rename,
/// then fsync of the directory so the rename itself survives a power cut).
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = path
        .parent()
        .filter(|dir| !dir.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let temp = temp_path_for(path);
    let result = write_and_sync(&temp, bytes).and_then(|()| fs::rename(&temp, path));
    if result.is_err() {
        // Never leave a stray temporary file next to the real one after a failure.
        let _ = fs::remove_file(&temp);
        return result;
    }
    sync_dir(dir)
}

/// The temporary file used while replacing `path`: same directory, so the rename stays
/// on one file system. One fixed name per file: only the instance holding the lock
/// writes, and a temporary file left by a crash is simply overwritten by the next save
/// instead of piling up.
fn temp_path_for(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".to_owned());
    path.with_file_name(format!(".{name}.tmp"))
}

fn write_and_sync(temp: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .open(temp)?;
    if let Some(error) = fault::injected(temp) {
        return Err(error);
    }
    file.write_all(bytes)?;
    file.sync_all()
}

/// Injected write failures, for the tests of a full disk and of a read-only data
/// directory: the writer fails as the operating system would (after creating the
/// temporary file, like a disk that fills up mid-write), and cleans up the same way.
/// Tests run as root in CI, where `chmod` does not stop a write, and a tiny tmpfs or a
/// read-only bind mount cannot be mounted there.
#[doc(hidden)]
pub mod fault {
    use std::io;
    use std::path::{Path, PathBuf};
    use std::sync::Mutex;

    static FAILING: Mutex<Vec<(PathBuf, i32)>> = Mutex::new(Vec::new());

    /// From now on every atomic write into `dir` fails with the OS error `code` (such
    /// as 28, no space left on device, or 30, read-only file system).
    pub fn fail_writes_in(dir: &Path, code: i32) {
        let mut failing = FAILING
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        failing.retain(|(failing, _)| failing != dir);
        failing.push((dir.to_path_buf(), code));
    }

    /// Writes into `dir` work again.
    pub fn clear(dir: &Path) {
        FAILING
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .retain(|(failing, _)| failing != dir);
    }

    pub(super) fn injected(path: &Path) -> Option<io::Error> {
        let failing = FAILING
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        failing
            .iter()
            .find(|(dir, _)| path.parent() == Some(dir.as_path()))
            .map(|(_, code)| io::Error::from_raw_os_error(*code))
    }
}

#[cfg(unix)]
fn sync_dir(dir: &Path) -> io::Result<()> {
    File::open(dir)?.sync_all()
}

#[cfg(not(unix))]
fn sync_dir(_dir: &Path) -> io::Result<()> {
    // Windows cannot open a directory as a file; its rename is already durable enough.
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_dir::{names_in, TestDir};

    #[test]
    fn replaces_contents_and_leaves_no_temporary_file() {
        let dir = TestDir::new("atomic-replace");
        let path = dir.path().join("game.json");
        write_atomically(&path, b"first").unwrap();
        write_atomically(&path, b"second, longer").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"second, longer");
        let names = names_in(dir.path(), |_| true);
        assert_eq!(names, vec!["game.json"]);
    }

    #[test]
    fn failure_keeps_the_old_file_and_cleans_up() {
        let dir = TestDir::new("atomic-failure");
        let path = dir.path().join("game.json");
        write_atomically(&path, b"kept").unwrap();
        // A directory in the way of the rename makes the replacement fail.
        let blocked = dir.path().join("blocked");
        fs::create_dir(&blocked).unwrap();
        fs::write(blocked.join("inside"), b"x").unwrap();
        assert!(write_atomically(&blocked, b"new").is_err());
        assert_eq!(fs::read(&path).unwrap(), b"kept");
        assert!(!temp_path_for(&blocked).exists());
    }
}
