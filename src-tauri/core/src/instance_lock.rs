//! Detecting a second running instance through a lock file in the app data directory.
//!
//! The first instance holds an exclusive advisory lock on `instance.lock` for as long as
//! it runs; the operating system releases it when the process ends, even on a crash, so
//! a stale lock can never block saving forever. A later instance that cannot take the
//! lock becomes a secondary: it still plays, but it never writes the game files.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Name of the lock file inside the app data directory.
pub const LOCK_FILE_NAME: &str = "instance.lock";

/// What this process is allowed to do with the files in the app data directory.
#[derive(Debug)]
pub enum InstanceRole {
    /// This process holds the lock and owns the saves.
    Primary(InstanceLock),
    /// Another process holds the lock: saving is paused in this one.
    Secondary {
        /// The lock file another instance holds.
        lock_path: PathBuf,
    },
}

impl InstanceRole {
    /// Whether this process may write the game files.
    pub fn may_save(&self) -> bool {
        matches!(self, InstanceRole::Primary(_))
    }
}

/// The held lock; dropping it (or the process ending) releases it.
#[derive(Debug)]
pub struct InstanceLock {
    _file: File,
    path: PathBuf,
}

impl InstanceLock {
    /// The lock file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// Takes the instance lock in `dir` (created if missing), or reports that another
/// process holds it.
pub fn acquire(dir: &Path) -> io::Result<InstanceRole> {
    std::fs::create_dir_all(dir)?;
    let path = dir.join(LOCK_FILE_NAME);
    // Opened without truncation: the holder's process id in it must survive our attempt.
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)?;
    match file.try_lock() {
        Ok(()) => {
            // Informational only (the lock itself is what counts), so failures are ignored.
            let _ = file.set_len(0);
            let _ = writeln!(file, "{}", std::process::id());
            Ok(InstanceRole::Primary(InstanceLock { _file: file, path }))
        }
        Err(TryLockError::WouldBlock) => Ok(InstanceRole::Secondary { lock_path: path }),
        Err(TryLockError::Error(error)) => Err(error),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_dir::TestDir;

    #[test]
    fn second_acquirer_is_secondary_until_the_first_releases() {
        let dir = TestDir::new("lock");
        let first = acquire(dir.path()).unwrap();
        assert!(first.may_save());
        let second = acquire(dir.path()).unwrap();
        assert!(!second.may_save());
        match &second {
            InstanceRole::Secondary { lock_path } => {
                assert_eq!(lock_path, &dir.path().join(LOCK_FILE_NAME))
            }
            InstanceRole::Primary(_) => panic!("second acquirer must not own the saves"),
        }
        drop(first);
        assert!(acquire(dir.path()).unwrap().may_save());
    }

    #[test]
    fn secondary_leaves_the_holders_pid_in_place() {
        let dir = TestDir::new("lock-pid");
        let _first = acquire(dir.path()).unwrap();
        let _second = acquire(dir.path()).unwrap();
        let text = std::fs::read_to_string(dir.path().join(LOCK_FILE_NAME)).unwrap();
        assert_eq!(text.trim(), std::process::id().to_string());
    }
}
