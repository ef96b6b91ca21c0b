//! One surface game between two searches, as `surface match` and `surface komi` play it:
//! every move's search is seeded from the run's seed, the game's index and the move
//! number, so any game of a run can be played again on its own; the game is played out to
//! two passes, and one still running after four actions per point is ended by passes and
//! scored as it stands.

use std::sync::atomic::AtomicBool;

use canon_engine::go::zobrist::mix;
use canon_engine::go::Color;
use canon_engine::surfaces::search::{search, Limits, Root};
use canon_engine::surfaces::{Action, Surface, SurfaceGame};

/// A game played out to its end.
pub struct PlayedOut {
    /// The finished line.
    pub line: SurfaceGame,
    /// Black's area margin `B − W` in points, komi not included.
    pub margin: f64,
    /// `score`, or `move_limit` when the game was ended by the move limit.
    pub ending: &'static str,
}

/// Plays game `game` of a run seeded `seed` on `surface` at komi `komi_half_points`
/// (already checked), the side to move searching with `playouts(color)` playouts.
pub fn play_out(
    surface: Surface,
    komi_half_points: i64,
    seed: u64,
    game: u32,
    playouts: impl Fn(Color) -> u32,
) -> PlayedOut {
    let mut line = SurfaceGame::new(surface, komi_half_points).expect("komi checked when parsing");
    let limit = 4 * surface.points();
    let never = AtomicBool::new(false);
    while let Some(color) = line.side_to_move() {
        let action = if line.actions().len() >= limit {
            Action::Pass
        } else {
            let root = Root::from_game(&line).expect("an unfinished surface game");
            let seed = mix(seed ^ mix(u64::from(game) << 32 | line.actions().len() as u64));
            let limits = Limits {
                playouts: playouts(color),
                seed,
            };
            search(&root, limits, &never).best
        };
        line.apply(action)
            .expect("the search returns legal actions");
    }
    let area = line.area();
    let ending = if line.actions().len() > limit {
        "move_limit"
    } else {
        "score"
    };
    PlayedOut {
        margin: f64::from(area.black) - f64::from(area.white),
        line,
        ending,
    }
}
