//! The computer opponent and the analysis of Go on surfaces: who the computer plays and
//! at which level (stored beside the game's save), the computer-move job, and readings
//! (win rate, top candidates, ownership) of any position of a line.
//!
//! Both run on the host's cancellable engine job: [`SurfaceSession::computer_start`] or
//! [`SurfaceSession::read_start`] (under the app lock) snapshot the position; the search
//! runs without the lock, polling the job's flag before every playout; the finish (under
//! the lock again) plays the reply or hands out the reading only if the line, its cursor
//! and revision are still the searched ones. Every change of a line raises its running
//! job's flag, so a stale reply is never played.

use super::line::{label, SurfaceLine};
use super::{SurfaceLineId, SurfaceSession, SurfaceView};
use crate::error::{AppError, CommandResult};
use crate::host::job::{
    start_run_finish, EngineJob, FromUnplayed, Held, JobEnd, JobStop, Search, StopCheck, Unplayed,
};
use crate::host::session::GameSession;
use crate::host::{self, opponent::ComputerSide};
use canon_engine::go::Color;
use canon_engine::surfaces::search::{think, Analysis, Level, Root, Stopped, ThinkLimits};
use canon_engine::surfaces::{Action, SurfaceGame};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// File name of the surfaces game's opponent settings, beside its save.
pub const OPPONENT_FILE_NAME: &str = "surface-opponent.json";

/// The soft think budget of a computer move or a full reading unless the player's
/// machine is told otherwise (`CRAB_CANON_THINK_MS`): the same as TimeGo's.
pub const DEFAULT_THINK_MS: u64 = 900;

/// Playouts of a quick reading (one point of the win-rate graph).
pub const QUICK_PLAYOUTS: u32 = 1_500;
/// Playouts of a full reading (the hint and the ownership of the viewed position); the
/// soft think budget usually ends it sooner.
pub const FULL_PLAYOUTS: u32 = 20_000;
/// A reading from fewer playouts is shown as uncertain.
pub const CERTAIN_PLAYOUTS: u32 = 1_000;
/// A candidate with fewer visits is shown as uncertain.
pub const CERTAIN_VISITS: u32 = 100;
/// Candidates a reading lists.
pub const TOP_CANDIDATES: usize = 5;

/// The opponent settings of the surfaces game (also the arguments of
/// `surface_players_set`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct SurfaceOpponent {
    /// Which side the computer plays.
    pub computer: ComputerSide,
    /// How hard it plays.
    pub level: Level,
}

/// One level as the new-game dialog lists it.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct SurfaceLevelInfo {
    /// The level.
    pub level: Level,
    /// Its name in documents and on the command line.
    pub name: String,
    /// One sentence saying how it plays (English; the UI has translations).
    pub summary: String,
    /// Its playout budget.
    pub playouts: u32,
    /// Whether it is the default level.
    pub default: bool,
}

/// Every level of the engine, weakest first.
pub fn surface_levels() -> Vec<SurfaceLevelInfo> {
    Level::ALL
        .into_iter()
        .map(|level| SurfaceLevelInfo {
            level,
            name: level.name().to_owned(),
            summary: level.summary().to_owned(),
            playouts: level.playouts(),
            default: level == Level::default(),
        })
        .collect()
}

/// How long the computer and the analysis think.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SurfaceThink {
    /// Soft budget in milliseconds; `None` for deterministic searches (tests, matches)
    /// that stop only at their playout budget.
    pub soft_budget_ms: Option<u64>,
    /// Hard deadline in milliseconds: past it a search ends without a reply.
    pub hard_deadline_ms: u64,
    /// Seed of every search.
    pub seed: u64,
}

impl Default for SurfaceThink {
    fn default() -> Self {
        Self::budget(DEFAULT_THINK_MS)
    }
}

impl SurfaceThink {
    /// A soft budget of `ms` milliseconds, the hard deadline TimeGo's margin later.
    pub fn budget(ms: u64) -> Self {
        Self {
            soft_budget_ms: Some(ms),
            hard_deadline_ms: ms.saturating_add(crate::timego::DEADLINE_MARGIN_MS),
            seed: 1,
        }
    }

    /// Deterministic: only the playout budget ends a search (a generous hard deadline
    /// guards against a hung one).
    pub fn deterministic(seed: u64) -> Self {
        Self {
            soft_budget_ms: None,
            hard_deadline_ms: 600_000,
            seed,
        }
    }

    /// The playout budget of `level` under this think budget: the level's own at the
    /// default budget (and below it, where the clock stops the search first), scaled up
    /// with a longer budget so that `CRAB_CANON_THINK_MS` buys proportionally more work.
    pub fn playouts(self, level: Level) -> u32 {
        let scale = self
            .soft_budget_ms
            .map_or(1, |ms| (ms / DEFAULT_THINK_MS).max(1));
        level
            .playouts()
            .saturating_mul(u32::try_from(scale).unwrap_or(u32::MAX))
    }

    fn limits(self, playouts: u32) -> ThinkLimits {
        ThinkLimits {
            playouts,
            seed: self.seed,
            soft_budget_ms: self.soft_budget_ms,
            hard_deadline_ms: Some(self.hard_deadline_ms),
        }
    }
}

/// The snapshot a job searches: a position and the limits.
pub struct SurfaceSearch {
    game: SurfaceGame,
    limits: ThinkLimits,
}

impl Search for SurfaceSearch {
    type Reply = Analysis;
    type Stop = JobStop;

    fn search(&self, check: &StopCheck) -> Result<Analysis, JobStop> {
        let root = Root::from_game(&self.game).map_err(|e| JobStop::Failed(e.to_string()))?;
        think(&root, &self.limits, TOP_CANDIDATES, &|| check.cancelled()).map_err(|stopped| {
            match stopped {
                Stopped::Cancelled => JobStop::Cancelled,
                Stopped::Deadline { deadline_ms } => JobStop::Deadline { deadline_ms },
            }
        })
    }
}

/// The snapshot of a reading: the search and which position of which line it reads.
pub struct SurfaceReadSearch {
    search: SurfaceSearch,
    line: SurfaceLineId,
    cursor: usize,
}

impl Search for SurfaceReadSearch {
    type Reply = Analysis;
    type Stop = JobStop;

    fn search(&self, check: &StopCheck) -> Result<Analysis, JobStop> {
        self.search.search(check)
    }
}

/// A computer move in progress on the game line.
pub type SurfaceMoveJob = EngineJob<SurfaceSearch>;

/// A reading in progress of one position of a line.
pub type SurfaceReadJob = EngineJob<SurfaceReadSearch>;

/// Arguments of `surface_computer_move`.
#[derive(Debug, Clone, Default, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct SurfaceComputerArgs {
    /// Must be true for the computer to play while an earlier position of the game is
    /// reviewed: its move then replaces the later turns.
    #[serde(default)]
    pub replace_future: bool,
}

/// How deeply a reading searches.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum SurfaceReadDepth {
    /// A point of the win-rate graph: [`QUICK_PLAYOUTS`].
    Quick,
    /// A hint or the ownership of the viewed position: up to [`FULL_PLAYOUTS`] within
    /// the think budget.
    #[default]
    Full,
}

/// Arguments of `surface_read`.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct SurfaceReadArgs {
    /// The line.
    pub line: SurfaceLineId,
    /// The position after this many actions of the line; the viewed one when absent.
    #[serde(default)]
    #[ts(optional)]
    pub cursor: Option<usize>,
    /// How deeply to search.
    #[serde(default)]
    pub depth: SurfaceReadDepth,
}

/// One candidate move of a reading.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct SurfaceHint {
    /// The placement or pass.
    pub action: Action,
    /// The point's label (`pass` for the pass).
    pub label: String,
    /// Playouts through it.
    pub visits: u32,
    /// The mover's share of wins through it; `None` without visits.
    pub win_rate: Option<f64>,
    /// Whether it has too few visits to be more than a guess.
    pub uncertain: bool,
}

/// What the search reads in one position: shown as uncertain when it rests on too few
/// playouts.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct SurfaceReading {
    /// The line read.
    pub line: SurfaceLineId,
    /// The position read: after this many actions of the line.
    pub cursor: usize,
    /// The player to move there.
    pub to_move: Color,
    /// The share of playouts the player to move wins; `None` without playouts.
    pub win_rate: Option<f64>,
    /// Black's share, so a graph over the moves reads one way.
    pub black_win_rate: Option<f64>,
    /// The most visited candidates, most visited first.
    pub candidates: Vec<SurfaceHint>,
    /// Per point (canonical index), −1 White's to 1 Black's at the end of the playouts.
    pub ownership: Vec<f32>,
    /// Playouts done.
    pub playouts: u32,
    /// Whether too few playouts were done for the values to be more than a guess.
    pub uncertain: bool,
}

/// How a reading ended.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SurfaceReadOutcome {
    /// The reading.
    Read {
        /// What the search read.
        reading: SurfaceReading,
    },
    /// Cancelled (another search began, or the line changed).
    Cancelled,
    /// The hard deadline passed without a reading.
    Deadline {
        /// The deadline in milliseconds.
        #[ts(type = "number")]
        deadline_ms: u64,
    },
    /// The line or its cursor changed meanwhile; the reading was dropped.
    Discarded {
        /// Why, in words.
        message: String,
    },
    /// The search failed.
    Failed {
        /// Why, in words.
        message: String,
    },
}

/// How a computer move ended, with the game to show afterwards.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SurfaceComputerOutcome {
    /// The computer's move was played and saved.
    Played {
        /// The game after the move.
        view: SurfaceView,
        /// What the computer played.
        action: Action,
        /// The level that chose it.
        level: Level,
        /// Its win rate for itself; `None` without playouts.
        win_rate: Option<f64>,
        /// Playouts done.
        playouts: u32,
    },
    /// The search was cancelled; the game did not change.
    Cancelled {
        /// The unchanged game.
        view: SurfaceView,
    },
    /// The search passed its hard deadline; the game did not change.
    Deadline {
        /// The deadline in milliseconds.
        #[ts(type = "number")]
        deadline_ms: u64,
        /// The unchanged game.
        view: SurfaceView,
    },
    /// The game changed while the computer thought, so its move was dropped.
    Discarded {
        /// Why, in words.
        message: String,
        /// The game as it is now.
        view: SurfaceView,
    },
    /// The search or the move failed; the game did not change.
    Failed {
        /// Why, in words.
        message: String,
        /// The unchanged game.
        view: SurfaceView,
    },
}

crate::unplayed_outcome!(SurfaceComputerOutcome, SurfaceView);

/// The session's computer: its settings (in their file beside the save) and limits.
pub(super) type Computer = host::opponent::Computer<SurfaceOpponent, SurfaceThink>;

impl host::opponent::SettingsFile for SurfaceOpponent {
    const FILE_NAME: &'static str = OPPONENT_FILE_NAME;
}

impl host::opponent::HardDeadline for SurfaceThink {
    fn hard_deadline_ms(&self) -> Option<u64> {
        Some(self.hard_deadline_ms)
    }
}

fn reading_of(
    line: SurfaceLineId,
    cursor: usize,
    game: &SurfaceGame,
    found: Analysis,
) -> SurfaceReading {
    let surface = game.surface();
    SurfaceReading {
        line,
        cursor,
        to_move: found.to_move,
        win_rate: found.win_rate,
        black_win_rate: found.black_win_rate,
        candidates: found
            .candidates
            .into_iter()
            .map(|candidate| SurfaceHint {
                label: match candidate.action {
                    Action::Place { at } => label(surface, at as usize),
                    _ => "pass".to_owned(),
                },
                action: candidate.action,
                visits: candidate.visits,
                win_rate: candidate.win_rate,
                uncertain: candidate.visits < CERTAIN_VISITS,
            })
            .collect(),
        ownership: found.ownership,
        uncertain: found.playouts < CERTAIN_PLAYOUTS,
        playouts: found.playouts,
    }
}

impl SurfaceSession {
    /// The opponent settings of the game.
    pub fn opponent(&self) -> SurfaceOpponent {
        self.computer.settings()
    }

    /// Sets who the computer plays and its level, stored with the game; a running
    /// computer move is cancelled (it was started for the old settings).
    pub fn set_players(&mut self, settings: SurfaceOpponent) -> CommandResult<super::SurfaceState> {
        self.computer.set_settings(self.game.jobs(), settings)?;
        Ok(self.state())
    }

    /// Sets how long every later search of either line thinks.
    pub fn set_think(&mut self, think: SurfaceThink) {
        self.computer
            .set_limits(think, [self.game.jobs(), self.study.jobs()]);
    }

    /// Whether it is the computer's turn in the game (viewed at its end).
    pub fn computer_to_move(&self) -> bool {
        let viewed = self.game.viewed().game();
        self.game.at_end()
            && viewed
                .side_to_move()
                .is_some_and(|color| self.computer.settings().computer.plays(color))
    }

    /// Whether a search of the game line is running.
    pub fn computer_thinking(&self) -> bool {
        self.game.job_running()
    }

    /// Starts a computer move for the player to move in the game's viewed position: the
    /// job to run without the lock. A running job of the game is cancelled first. While
    /// reviewing, refuses unless `replace_future`, exactly like a person's move.
    pub fn computer_start(&mut self, args: SurfaceComputerArgs) -> CommandResult<SurfaceMoveJob> {
        self.game.check_replace(args.replace_future)?;
        if self.game.viewed().game().side_to_move().is_none() {
            return Err(AppError::invalid(
                "there is no move for the computer: the game has ended",
            ));
        }
        let settings = self.computer.settings();
        let think = self.computer.limits;
        let limits = think.limits(think.playouts(settings.level));
        self.game
            .job_start(args.replace_future, |line| SurfaceSearch {
                game: line.game().clone(),
                limits,
            })
    }

    /// Cancels every running search of the surfaces (the Cancel button, leaving the
    /// screen, closing the window); returns whether one was running.
    pub fn computer_cancel(&mut self) -> bool {
        let game = self.game.jobs().cancel();
        let study = self.study.jobs().cancel();
        game || study
    }

    /// Ends a computer move: plays the reply only if the game is still the one searched
    /// and the engine still accepts the move; otherwise the game stays as it is.
    pub fn computer_finish(
        &mut self,
        job: SurfaceMoveJob,
        result: Result<Analysis, JobStop>,
    ) -> SurfaceComputerOutcome {
        let view = |session: &Self| session.game_view();
        let found = match self.game.job_finish(&job, result).into_reply() {
            Ok(found) => found,
            Err(end) => return SurfaceComputerOutcome::unplayed(end, view(self)),
        };
        if job.snapshot().game.revision() != self.game.viewed().game().revision() {
            return SurfaceComputerOutcome::unplayed(Unplayed::stale(), view(self));
        }
        let level = self.computer.settings().level;
        match self.game.apply(found.best, job.replace_future()) {
            Ok(()) => SurfaceComputerOutcome::Played {
                view: view(self),
                action: found.best,
                level,
                win_rate: found.win_rate,
                playouts: found.playouts,
            },
            Err(error) => SurfaceComputerOutcome::Failed {
                message: format!("The computer chose a move the rules refuse: {error}"),
                view: view(self),
            },
        }
    }

    /// Runs a whole computer move in the calling thread (start → run → finish).
    pub fn computer_move_blocking(
        &mut self,
        args: SurfaceComputerArgs,
    ) -> CommandResult<SurfaceComputerOutcome> {
        start_run_finish(
            &Held::new(self),
            |session: &mut SurfaceSession| session.computer_start(args),
            |session, job, result| session.computer_finish(job, result),
        )
    }

    /// Starts a reading of a position of a line (the viewed one unless `cursor`); the
    /// job to run without the lock. A running search of that line is cancelled first.
    pub fn read_start(&mut self, args: SurfaceReadArgs) -> CommandResult<SurfaceReadJob> {
        let think = self.computer.limits;
        let playouts = match args.depth {
            SurfaceReadDepth::Quick => QUICK_PLAYOUTS,
            SurfaceReadDepth::Full => FULL_PLAYOUTS,
        };
        let limits = think.limits(playouts);
        match args.line {
            SurfaceLineId::Game => read_in(&mut self.game, args, limits),
            SurfaceLineId::Study => {
                self.study_exists()?;
                read_in(&mut self.study, args, limits)
            }
        }
    }

    /// Ends a reading: handed out only if the line and its cursor are still the ones
    /// read from.
    pub fn read_finish(
        &mut self,
        job: SurfaceReadJob,
        result: Result<Analysis, JobStop>,
    ) -> SurfaceReadOutcome {
        let read = job.snapshot();
        let end = match read.line {
            SurfaceLineId::Game => self.game.job_finish(&job, result),
            SurfaceLineId::Study => self.study.job_finish(&job, result),
        };
        match end {
            JobEnd::Reply(found) => SurfaceReadOutcome::Read {
                reading: reading_of(read.line, read.cursor, &read.search.game, found),
            },
            JobEnd::Cancelled => SurfaceReadOutcome::Cancelled,
            JobEnd::Deadline { deadline_ms } => SurfaceReadOutcome::Deadline { deadline_ms },
            JobEnd::Failed(message) => SurfaceReadOutcome::Failed { message },
            JobEnd::Discarded(message) => SurfaceReadOutcome::Discarded { message },
        }
    }

    /// Runs a whole reading in the calling thread (start → run → finish).
    pub fn read_blocking(&mut self, args: SurfaceReadArgs) -> CommandResult<SurfaceReadOutcome> {
        start_run_finish(
            &Held::new(self),
            |session: &mut SurfaceSession| session.read_start(args),
            |session, job, result| session.read_finish(job, result),
        )
    }
}

fn read_in<S: super::line::LineSlot>(
    session: &mut GameSession<SurfaceLine<S>>,
    args: SurfaceReadArgs,
    limits: ThinkLimits,
) -> CommandResult<SurfaceReadJob> {
    let line = session.line().game();
    let cursor = args.cursor.unwrap_or(session.cursor());
    let first = super::line::first_cursor(line);
    let game = if cursor == session.cursor() {
        session.viewed().game().clone()
    } else {
        line.state_at(cursor)
            .filter(|_| cursor >= first)
            .ok_or_else(|| {
                AppError::invalid(format!(
                    "there is no position after {cursor} actions to read: this line has the positions after {first} to {} actions",
                    line.actions().len()
                ))
            })?
    };
    if game.side_to_move().is_none() {
        return Err(AppError::invalid(format!(
            "the position after {cursor} actions ends the line: there is nothing to read"
        )));
    }
    // A reading never plays, so it may run while an earlier position is reviewed.
    session.job_start(true, |_| SurfaceReadSearch {
        search: SurfaceSearch { game, limits },
        line: args.line,
        cursor,
    })
}

#[cfg(test)]
mod tests;
