//! How our search thinks on square boards, shared by `canon go gtp` and `canon go match`:
//! a playout budget (a level or a number), an optional time limit that raises the
//! search's cancel flag at once when it runs out, and a seed.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use canon_engine::go::zobrist::mix;
use canon_engine::strict::excerpt;
use canon_engine::surfaces::search::{search, Level, Limits, Report};
use canon_engine::surfaces::square::SquareGame;
use canon_engine::surfaces::Action;

/// The thinking flags as the usage texts describe them.
pub const FLAGS: &str = "--seconds S   think at most S seconds per move (the search stops at once)
--level L     gentle, steady or strong (200, 2000, 20000 playouts per move)
--playouts N  at most N playouts per move
--seed N      the seed of every move's search (default 1)
Without --level or --playouts the budget is strong's, or unlimited with --seconds.";

/// A budget, an optional time limit and a seed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Thinking {
    /// Playouts per move, if limited.
    pub playouts: Option<u32>,
    /// Seconds per move, if limited.
    pub seconds: Option<f64>,
    /// The seed every move's search seed is derived from.
    pub seed: u64,
}

impl Default for Thinking {
    fn default() -> Thinking {
        Thinking {
            playouts: None,
            seconds: None,
            seed: 1,
        }
    }
}

impl Thinking {
    /// Reads one of the thinking flags; `Ok(false)` when `flag` is not one of them.
    pub fn read_flag(&mut self, flag: &str, value: &str) -> Result<bool, String> {
        match flag {
            "--seconds" => {
                let seconds = value
                    .parse::<f64>()
                    .ok()
                    .filter(|s| s.is_finite() && *s > 0.0 && *s <= 86_400.0)
                    .ok_or_else(|| {
                        format!(
                            "--seconds must be a number above 0 and at most 86400, not '{}'",
                            excerpt(value)
                        )
                    })?;
                self.seconds = Some(seconds);
            }
            "--level" => {
                let level = Level::from_name(value).ok_or_else(|| {
                    format!(
                        "unknown level '{}'; levels are gentle, steady and strong",
                        excerpt(value)
                    )
                })?;
                self.playouts = Some(level.playouts());
            }
            "--playouts" => {
                self.playouts = Some(value.parse::<u32>().ok().filter(|&n| n >= 1).ok_or_else(
                    || {
                        format!(
                            "--playouts must be a whole number from 1, not '{}'",
                            excerpt(value)
                        )
                    },
                )?)
            }
            "--seed" => {
                self.seed = value.parse::<u64>().map_err(|_| {
                    format!("--seed must be a whole number, not '{}'", excerpt(value))
                })?
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The playout budget of one move.
    pub fn budget(&self) -> u32 {
        match (self.playouts, self.seconds) {
            (Some(playouts), _) => playouts,
            (None, Some(_)) => u32::MAX,
            (None, None) => Level::Strong.playouts(),
        }
    }

    /// The budget in words for progress lines.
    pub fn describe(&self) -> String {
        match (self.playouts, self.seconds) {
            (Some(p), Some(s)) => format!("{p} playouts or {s} s per move"),
            (Some(p), None) => format!("{p} playouts per move"),
            (None, Some(s)) => format!("{s} s per move"),
            (None, None) => format!("{} playouts per move", Level::Strong.playouts()),
        }
    }

    /// Searches the position of `game` (which must be unfinished) with a seed derived
    /// from ours, `stream` (e.g. the game number) and the move number. A pass when no
    /// placement is legal; an error when the board is beyond the search.
    pub fn choose(&self, game: &SquareGame, stream: u64) -> Result<Action, String> {
        Ok(self.think(game, stream)?.map_or(Action::Pass, |r| r.best))
    }

    /// Like [`Thinking::choose`] with the search's report (`None` when only a pass is
    /// possible, which needs no search).
    pub fn think(&self, game: &SquareGame, stream: u64) -> Result<Option<Report>, String> {
        let root = game.root().map_err(|error| match error {
            canon_engine::surfaces::search::RootError::Graph(_) => format!(
                "the search supports boards up to 22x22, not {0}x{0}",
                game.size()
            ),
            other => other.to_string(),
        })?;
        if root.legal().is_empty() {
            return Ok(None);
        }
        let limits = Limits {
            playouts: self.budget(),
            seed: mix(self.seed ^ mix(stream << 32 | game.actions().len() as u64)),
        };
        let cancel = AtomicBool::new(false);
        let report = std::thread::scope(|scope| {
            let (done, finished) = mpsc::channel::<()>();
            if let Some(seconds) = self.seconds {
                let cancel = &cancel;
                // The timer ends as soon as the search does (the sender is dropped).
                scope.spawn(move || {
                    if let Err(RecvTimeoutError::Timeout) =
                        finished.recv_timeout(Duration::from_secs_f64(seconds))
                    {
                        cancel.store(true, Ordering::Relaxed);
                    }
                });
            }
            let report = search(&root, limits, &cancel);
            drop(done);
            report
        });
        Ok(Some(report))
    }
}
