//! The Time Chess computer opponent on the host: who the computer plays and at which
//! level (in `chess-opponent.json` beside the save, through the host's [`host::opponent::OpponentFile`]),
//! its search as a host [`EngineJob`] and the hint.
//!
//! A computer move is the host's start → run → finish: [`ChessSession::computer_start`]
//! (under the app lock) snapshots the viewed game; the engine's
//! [`choose_move_within`] runs without the lock, polling the job's flag every few hundred
//! nodes and honouring the hard deadline; [`ChessSession::computer_finish`] (under the
//! lock again) plays the reply through the player's own path, only if the game is still
//! the searched one (the host revalidates the revision and cursor; a stale reply is
//! dropped).

use super::{ChessAnswer, ChessPlayArgs, ChessSession, ChessView};
use crate::error::{AppError, CommandResult};
use crate::host::job::{
    start_run_finish, EngineJob, FromUnplayed, Held, JobStop, Search, StopCheck, Unplayed,
};
use crate::host::{self, opponent::ComputerSide};
use crate::save_slot::InvalidFile;
use crate::timego::ComputerMoveArgs;
use canon_engine::timechess::{
    choose_move_within, Color, Game, Level, Move, Pos, SearchLimits, SearchReply, SearchStop,
};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// File name of the Time Chess opponent settings, beside its save.
pub const OPPONENT_FILE_NAME: &str = "chess-opponent.json";

/// The soft think budget of the hint and of the quickest level.
pub const DEFAULT_THINK_MS: u64 = 900;

/// Each level's soft think budget in the app unless `CRAB_CANON_THINK_MS` sets one for
/// all: long enough that the level's node budget, whose spacing `docs/strength.md`
/// measures, ends the search on a desktop (about 900,000 nodes a second) — with one budget
/// for all, Deep would stop where Steady does.
pub fn level_think_ms(level: Level) -> u64 {
    match level {
        Level::Quick => DEFAULT_THINK_MS,
        Level::Steady => 1_500,
        Level::Deep => 5_000,
    }
}

/// The limits of the computer's moves: each level its own, or one set for every level.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ChessThink {
    /// Each level thinks within [`level_think_ms`] (the app's default).
    PerLevel,
    /// Every level under these limits (`CRAB_CANON_THINK_MS`, tests).
    Fixed(SearchLimits),
}

impl ChessThink {
    /// The limits of a move at `level`.
    pub fn for_level(self, level: Level) -> SearchLimits {
        match self {
            ChessThink::PerLevel => chess_think_limits(level_think_ms(level)),
            ChessThink::Fixed(limits) => limits,
        }
    }
}

/// How much later than the soft budget the hard deadline falls (as TimeGo's: 900 ms soft,
/// 2,500 ms hard).
pub const DEADLINE_MARGIN_MS: u64 = 1_600;

/// The hint's own limits: the quick level, a hard deadline that keeps the lock short.
const HINT_DEADLINE_MS: u64 = 1_500;

/// The opponent settings of the Time Chess game (also the arguments of
/// `chess_opponent_set`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ChessOpponentSettings {
    /// Which side the computer plays (`white` moves first in chess).
    pub computer: ComputerSide,
    /// How hard it plays.
    pub level: Level,
}

/// One level as the new-game dialog lists it.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct ChessLevelInfo {
    /// The level.
    pub level: Level,
    /// Its name in documents and on the command line.
    pub name: String,
    /// One sentence saying how it plays (English; the UI has translations).
    pub summary: String,
    /// Whether it is the engine's default level.
    pub default: bool,
}

/// Every level of the engine, weakest first.
pub fn chess_levels() -> Vec<ChessLevelInfo> {
    Level::ALL
        .into_iter()
        .map(|level| ChessLevelInfo {
            level,
            name: level.name().to_owned(),
            summary: level.summary().to_owned(),
            default: level == Level::default(),
        })
        .collect()
}

/// The search limits for a soft think budget of `ms` milliseconds, the hard deadline
/// [`DEADLINE_MARGIN_MS`] later.
pub fn chess_think_limits(ms: u64) -> SearchLimits {
    SearchLimits::timed(ms, ms.saturating_add(DEADLINE_MARGIN_MS))
}

/// The limits `CRAB_CANON_THINK_MS` sets for every level: its time alone ends a search,
/// not the level's node budget, so that a test that wants a long search gets one however
/// fast the machine (Deep's two million nodes take about two seconds on a desktop).
pub fn fixed_think_limits(ms: u64) -> SearchLimits {
    SearchLimits {
        nodes: Some(u64::MAX),
        ..chess_think_limits(ms)
    }
}

/// How a computer move ended, with the view to show afterwards.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ChessComputerOutcome {
    /// The computer's move was played and saved.
    Played {
        /// The game after the move.
        view: ChessAnswer,
        /// What the computer played.
        mv: Move,
        /// The level that chose it.
        level: Level,
        /// `Some(n)`: the computer mates in `n` moves; `Some(-n)`: it is mated in `n`.
        mate: Option<i32>,
        /// Deepest search iteration completed, in plies.
        depth: u32,
    },
    /// The search was cancelled; the game did not change.
    Cancelled {
        /// The unchanged game.
        view: ChessAnswer,
    },
    /// The search passed its hard deadline without a reply; the game did not change.
    Deadline {
        /// The deadline in milliseconds.
        #[ts(type = "number")]
        deadline_ms: u64,
        /// The unchanged game.
        view: ChessAnswer,
    },
    /// The position changed while the computer thought, so its reply was dropped.
    Discarded {
        /// Why, in words.
        message: String,
        /// The game as it is now.
        view: ChessAnswer,
    },
    /// The search or the reply failed; the game did not change.
    Failed {
        /// Why, in words.
        message: String,
        /// The unchanged game.
        view: ChessAnswer,
    },
}

crate::unplayed_outcome!(ChessComputerOutcome, ChessAnswer);

/// The engine's move for the side to move in the viewed position, not played.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct ChessHint {
    /// The move, in notation.
    pub mv: Move,
    /// Where the moving piece stands.
    pub from: Pos,
    /// Where it goes (a travel's arrival is on an earlier layer).
    pub to: Pos,
    /// The revision of the position it was found in.
    pub revision: String,
    /// `Some(n)`: the side to move mates in `n` moves with it.
    pub mate: Option<i32>,
}

/// The snapshot a computer move searches: the viewed game, the level and the limits.
pub struct ChessSearch {
    game: Game,
    level: Level,
    limits: SearchLimits,
}

impl Search for ChessSearch {
    type Reply = SearchReply;
    type Stop = SearchStop;

    fn search(&self, check: &StopCheck) -> Result<SearchReply, SearchStop> {
        // The engine honours the hard deadline of its limits itself.
        choose_move_within(&self.game, self.level, &self.limits, &|| check.cancelled())
    }
}

impl From<SearchStop> for JobStop {
    fn from(stop: SearchStop) -> Self {
        match stop {
            SearchStop::Cancelled => JobStop::Cancelled,
            SearchStop::Deadline { deadline_ms } => JobStop::Deadline { deadline_ms },
            other @ SearchStop::NoMove => JobStop::Failed(other.to_string()),
        }
    }
}

/// One computer move in progress: its own copy of the game, so it runs on any thread
/// without the app lock.
pub type ChessComputerJob = EngineJob<ChessSearch>;

/// The session's computer: its settings (in their file beside the save) and limits.
pub(super) type Computer = host::opponent::Computer<ChessOpponentSettings, ChessThink>;

impl host::opponent::SettingsFile for ChessOpponentSettings {
    const FILE_NAME: &'static str = OPPONENT_FILE_NAME;
}

impl host::opponent::HardDeadline for ChessThink {
    fn hard_deadline_ms(&self) -> Option<u64> {
        match self {
            // Set per move, with the level's limits (`computer_start`).
            ChessThink::PerLevel => None,
            ChessThink::Fixed(limits) => limits.hard_deadline_ms,
        }
    }
}

impl Computer {
    /// Whether the computer plays `color`.
    pub(super) fn plays(&self, color: Color) -> bool {
        match color {
            Color::White => self.settings().computer == ComputerSide::White,
            Color::Black => self.settings().computer == ComputerSide::Black,
        }
    }
}

impl ChessSession {
    /// The opponent settings of the game.
    pub fn opponent(&self) -> ChessOpponentSettings {
        self.computer.settings()
    }

    /// Sets who the computer plays and its level, stored beside the game; a running
    /// search is cancelled (it was started for the old settings).
    pub fn set_opponent(&mut self, settings: ChessOpponentSettings) -> CommandResult<ChessView> {
        self.computer.set_settings(self.session.jobs(), settings)?;
        Ok(self.view())
    }

    /// The opponent settings file when it is kept aside as invalid.
    pub fn invalid_opponent_file(&self) -> Option<InvalidFile> {
        self.computer.invalid_file()
    }

    /// Sets the invalid opponent settings file aside (renamed, kept), only on the
    /// player's confirmation through `app_set_aside_invalid`.
    pub fn set_aside_opponent_file(&mut self) -> CommandResult<()> {
        self.computer.set_aside_invalid()
    }

    /// Replaces the limits of every later computer move, at every level.
    pub fn set_think_limits(&mut self, limits: SearchLimits) {
        self.computer
            .set_limits(ChessThink::Fixed(limits), [self.session.jobs()]);
    }

    /// Whether the computer is to move: at the end of the line, in a game that goes on,
    /// on its side.
    pub(super) fn computer_to_move(&self) -> bool {
        let viewed = self.session.viewed();
        self.session.at_end() && viewed.outcome().is_none() && self.computer.plays(viewed.to_move())
    }

    /// Starts a computer move for the side to move in the viewed position: snapshots it
    /// and returns the job to run without the lock (a running job is cancelled first).
    /// While reviewing, refuses unless `replace_future`, exactly like a person's move.
    pub fn computer_start(&mut self, args: ComputerMoveArgs) -> CommandResult<ChessComputerJob> {
        self.session.check_replace(args.replace_future)?;
        if self.session.viewed().outcome().is_some() {
            return Err(AppError::invalid(
                "there is no move for the computer: the game has ended",
            ));
        }
        let level = self.computer.settings().level;
        let limits = self.computer.limits.for_level(level);
        if let Some(hard) = limits.hard_deadline_ms {
            self.session.jobs().set_deadline_ms(hard);
        }
        self.session
            .job_start(args.replace_future, |game| ChessSearch {
                game: game.clone(),
                level,
                limits,
            })
    }

    /// Cancels the running computer move, if any; returns whether one was running.
    pub fn computer_cancel(&mut self) -> bool {
        self.session.jobs().cancel()
    }

    /// Whether a computer move is running.
    pub fn computer_thinking(&self) -> bool {
        self.session.job_running()
    }

    /// Ends `job` with its search `result`: plays the reply only if the game is still the
    /// searched one and the engine still accepts the move; otherwise nothing changes.
    pub fn computer_finish(
        &mut self,
        job: ChessComputerJob,
        result: Result<SearchReply, SearchStop>,
    ) -> ChessComputerOutcome {
        let reply = match self.session.job_finish(&job, result).into_reply() {
            Ok(reply) => reply,
            Err(end) => return ChessComputerOutcome::unplayed(end, self.current_answer()),
        };
        if self.session.viewed().now() != reply.turn {
            return ChessComputerOutcome::unplayed(Unplayed::stale(), self.current_answer());
        }
        let revision = self.session.viewed().revision();
        match self.answer(|session| {
            session.play(ChessPlayArgs {
                mv: reply.mv,
                revision,
                replace_future: job.replace_future(),
            })
        }) {
            Ok(view) => ChessComputerOutcome::Played {
                view,
                mv: reply.mv,
                level: reply.level,
                mate: reply.mate,
                depth: reply.stats.depth,
            },
            Err(error) => ChessComputerOutcome::Failed {
                message: format!("The computer chose a move the rules refuse: {error}"),
                view: self.current_answer(),
            },
        }
    }

    /// The answer of the view as it is (its changed layers only).
    fn current_answer(&mut self) -> ChessAnswer {
        let view = self.view();
        self.answer_view(view, false)
    }

    /// The whole computer move in the caller's thread (tests, a caller that holds the
    /// session anyway): the same start → run → finish.
    pub fn computer_move_blocking(
        &mut self,
        args: ComputerMoveArgs,
    ) -> CommandResult<ChessComputerOutcome> {
        start_run_finish(
            &Held::new(self),
            |session: &mut ChessSession| session.computer_start(args),
            |session, job, result| session.computer_finish(job, result),
        )
    }

    /// The engine's move for the side to move in the viewed position, not played (the
    /// quick level, which never misses a mate in one); `None` when the game has ended.
    pub fn hint(&self) -> CommandResult<Option<ChessHint>> {
        let viewed = self.session.viewed();
        if viewed.outcome().is_some() {
            return Ok(None);
        }
        let limits = SearchLimits {
            hard_deadline_ms: Some(HINT_DEADLINE_MS),
            ..SearchLimits::default()
        };
        match choose_move_within(viewed, Level::Quick, &limits, &|| false) {
            Ok(reply) => Ok(Some(ChessHint {
                mv: reply.mv,
                from: reply.mv.from,
                to: reply.mv.to,
                revision: viewed.revision(),
                mate: reply.mate.filter(|n| *n > 0),
            })),
            Err(SearchStop::NoMove) => Ok(None),
            Err(stop) => Err(AppError::invalid(format!("no hint: {stop}"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::ScreenCopy;
    use crate::test_dir::TestDir;
    use std::sync::atomic::Ordering;

    fn session(dir: &TestDir) -> ChessSession {
        let mut session = ChessSession::open(dir.path(), true);
        // A deterministic, small search for unoptimised test builds.
        session.set_think_limits(SearchLimits {
            nodes: Some(2_000),
            hard_deadline_ms: Some(600_000),
            ..SearchLimits::default()
        });
        session
    }

    fn play(session: &mut ChessSession, notation: &str) -> ChessView {
        let revision = session.view().revision;
        session
            .play(ChessPlayArgs {
                mv: notation.parse().unwrap(),
                revision,
                replace_future: false,
            })
            .unwrap()
    }

    fn computer_plays(session: &mut ChessSession, computer: ComputerSide, level: Level) {
        session
            .set_opponent(ChessOpponentSettings { computer, level })
            .unwrap();
    }

    fn saved(dir: &TestDir) -> Option<String> {
        std::fs::read_to_string(dir.path().join(super::super::SAVE_FILE_NAME)).ok()
    }

    #[test]
    fn the_reply_is_legal_and_played_through_the_players_path() {
        for level in Level::ALL {
            let dir = TestDir::new("chess-computer-played");
            let mut session = session(&dir);
            play(&mut session, "e2t0e4t0");
            computer_plays(&mut session, ComputerSide::Black, level);
            assert!(session.view().computer_to_move);
            let legal = session.session.viewed().clone().legal_moves();
            let outcome = session
                .computer_move_blocking(ComputerMoveArgs::default())
                .unwrap();
            let ChessComputerOutcome::Played { view, mv, .. } = outcome else {
                panic!("{level:?}: expected a move, got {outcome:?}");
            };
            assert!(legal.contains(&mv), "{level:?}: {mv} is legal");
            assert_eq!(view.view.moves, vec!["e2t0e4t0".parse().unwrap(), mv]);
            assert!(!view.view.computer_to_move, "White, a person, is to move");
            assert!(saved(&dir).unwrap().contains(&mv.to_string()), "autosaved");
        }
    }

    #[test]
    fn cancel_stops_a_long_search_and_leaves_the_game_unchanged() {
        let dir = TestDir::new("chess-computer-cancel");
        let mut session = session(&dir);
        session.set_think_limits(chess_think_limits(60_000));
        computer_plays(&mut session, ComputerSide::White, Level::Deep);
        let before = (session.view(), saved(&dir));
        let job = session.computer_start(ComputerMoveArgs::default()).unwrap();
        let search = std::thread::spawn(move || {
            let result = job.run();
            (job, result)
        });
        assert!(session.computer_cancel(), "a search was running");
        let (job, result) = search.join().unwrap();
        assert_eq!(result, Err(SearchStop::Cancelled));
        let outcome = session.computer_finish(job, result);
        let ChessComputerOutcome::Cancelled { view } = outcome else {
            panic!("expected a cancelled search, got {outcome:?}");
        };
        assert_eq!(ScreenCopy::default().take(view), Ok(before.0.clone()));
        assert_eq!((session.view(), saved(&dir)), before);
    }

    #[test]
    fn a_stale_reply_is_discarded_and_the_persons_move_stays() {
        let dir = TestDir::new("chess-computer-stale");
        let mut session = session(&dir);
        computer_plays(&mut session, ComputerSide::White, Level::Quick);
        let job = session.computer_start(ComputerMoveArgs::default()).unwrap();
        let flag = job.cancel_flag();
        let result = job.run();
        assert!(result.is_ok(), "the search finished before the change");
        // The person makes White's move by hand meanwhile.
        play(&mut session, "d2t0d4t0");
        assert!(flag.load(Ordering::Relaxed), "the move raised the flag");
        match session.computer_finish(job, result) {
            ChessComputerOutcome::Discarded { message, view } => {
                assert!(message.contains("position changed"), "{message}");
                assert_eq!(view.view.moves, vec!["d2t0d4t0".parse().unwrap()]);
            }
            other => panic!("expected a discarded reply, got {other:?}"),
        }
    }

    #[test]
    fn a_deadline_that_passes_leaves_the_game_unchanged() {
        let dir = TestDir::new("chess-computer-deadline");
        let mut session = session(&dir);
        session.set_think_limits(SearchLimits::timed(0, 0));
        computer_plays(&mut session, ComputerSide::White, Level::Deep);
        let before = session.view();
        let outcome = session
            .computer_move_blocking(ComputerMoveArgs::default())
            .unwrap();
        let ChessComputerOutcome::Deadline {
            deadline_ms: 0,
            view,
        } = outcome
        else {
            panic!("expected the deadline, got {outcome:?}");
        };
        assert_eq!(ScreenCopy::default().take(view), Ok(before.clone()));
        assert_eq!(session.view(), before);
    }

    #[test]
    fn the_hint_is_a_legal_move_and_is_not_played() {
        let dir = TestDir::new("chess-hint");
        let mut session = session(&dir);
        play(&mut session, "e2t0e4t0");
        let before = session.view();
        let hint = session.hint().unwrap().expect("a hint");
        assert!(session
            .session
            .viewed()
            .clone()
            .legal_moves()
            .contains(&hint.mv));
        assert_eq!((hint.from, hint.to), (hint.mv.from, hint.mv.to));
        assert_eq!(hint.revision, before.revision);
        assert_eq!(session.view(), before);
    }

    #[test]
    fn settings_are_stored_beside_the_save_and_forgotten_by_a_new_game() {
        let dir = TestDir::new("chess-opponent-file");
        let mut session = session(&dir);
        play(&mut session, "e2t0e4t0");
        computer_plays(&mut session, ComputerSide::Black, Level::Deep);
        let reopened = ChessSession::open(dir.path(), true);
        assert_eq!(
            reopened.opponent(),
            ChessOpponentSettings {
                computer: ComputerSide::Black,
                level: Level::Deep
            }
        );
        let view = session.new_game();
        assert_eq!(view.opponent, ChessOpponentSettings::default());
    }

    #[test]
    fn each_level_thinks_within_its_own_budget_unless_one_is_set_for_all() {
        let dir = TestDir::new("chess-level-budgets");
        let mut session = ChessSession::open(dir.path(), true);
        let mut soft = Vec::new();
        for level in Level::ALL {
            computer_plays(&mut session, ComputerSide::White, level);
            let job = session.computer_start(ComputerMoveArgs::default()).unwrap();
            let limits = job.snapshot().limits;
            assert_eq!(limits.soft_budget_ms, Some(level_think_ms(level)));
            assert_eq!(
                limits.hard_deadline_ms,
                Some(level_think_ms(level) + DEADLINE_MARGIN_MS)
            );
            assert_eq!(
                job.deadline_ms(),
                level_think_ms(level) + DEADLINE_MARGIN_MS,
                "the job's own deadline"
            );
            session.computer_cancel();
            soft.push(level_think_ms(level));
        }
        assert!(
            soft.windows(2).all(|w| w[0] < w[1]),
            "a stronger level gets more time: {soft:?}"
        );
        // CRAB_CANON_THINK_MS: one budget for every level, which alone ends the search.
        session.set_think_limits(fixed_think_limits(300));
        computer_plays(&mut session, ComputerSide::White, Level::Deep);
        let job = session.computer_start(ComputerMoveArgs::default()).unwrap();
        assert_eq!(job.snapshot().limits.soft_budget_ms, Some(300));
        assert_eq!(
            job.snapshot().limits.nodes,
            Some(u64::MAX),
            "no node budget"
        );
        assert_eq!(job.deadline_ms(), 300 + DEADLINE_MARGIN_MS);
    }

    #[test]
    fn levels_are_listed_weakest_first_with_one_default() {
        let levels = chess_levels();
        assert_eq!(
            levels.iter().map(|l| l.name.as_str()).collect::<Vec<_>>(),
            ["quick", "steady", "deep"]
        );
        assert_eq!(levels.iter().filter(|l| l.default).count(), 1);
    }
}
