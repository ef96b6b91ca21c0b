//! Helpers shared by the tests of the TimeGo session and of its computer opponent.

use super::{ApplyArgs, NewGameArgs, TimeGoSession, SAVE_FILE_NAME};
use crate::settings::Settings;
use crate::test_dir::TestDir;
use canon_engine::go::Color;
use canon_engine::timego::Action;

/// A session on `dir` with the default settings.
pub(crate) fn session(dir: &TestDir, may_write: bool) -> TimeGoSession {
    TimeGoSession::open(dir.path(), may_write, &Settings::default())
}

/// The saved game's document.
pub(crate) fn saved(dir: &TestDir) -> String {
    std::fs::read_to_string(dir.path().join(SAVE_FILE_NAME)).unwrap()
}

/// Placing at `point` for `player`, not replacing later turns.
pub(crate) fn place(player: Color, point: u16) -> ApplyArgs {
    ApplyArgs {
        action: Action::Place { player, point },
        replace_future: false,
    }
}

/// Starts a new `size` × `size` game with `komi`, which must be accepted.
pub(crate) fn new_game(session: &mut TimeGoSession, size: u8, komi: f64) {
    session.new_game(NewGameArgs { size, komi }).unwrap();
}
