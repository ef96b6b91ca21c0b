//! The practice opponent of the TimeGo game: who the computer plays and at which level,
//! stored beside the save, and the computer-move job.
//!
//! A computer move has three steps so that the app lock is never held while the engine
//! thinks: [`TimeGoSession::computer_start`] (under the lock) snapshots the viewed game,
//! its cursor and revision and hands out a [`ComputerJob`] with a fresh cancellation flag;
//! [`ComputerJob::run`] searches without the lock, checking the flag at every probe; and
//! [`TimeGoSession::computer_finish`] (under the lock again) plays the reply through the
//! same path as a person's action, but only if the game is still the one searched.
//! Every change of the position raises the running job's flag.

use super::{illegal, ApplyArgs, PreviewArgs, TimeGoSession, TimeGoView, TimePreview};
use crate::error::{AppError, CommandResult};
use crate::host;
use crate::host::job::{
    start_run_finish, EngineJob, FromUnplayed, Held, JobStop, Search, StopCheck, Unplayed,
};
pub use crate::host::opponent::{think_ms_from, ComputerSide, THINK_MS_VARIABLE};
use crate::save_slot::InvalidFile;
use canon_engine::timego::opponent::{
    self, Level, SearchLimits, SearchReply, SearchStats, SearchStop,
};
use canon_engine::timego::{Action, Game};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// File name of the opponent settings of the TimeGo game, beside its save.
pub const OPPONENT_FILE_NAME: &str = "timego-opponent.json";

/// How much later than the soft budget the hard deadline falls (the default limits' gap:
/// 900 ms soft, 2,500 ms hard).
pub const DEADLINE_MARGIN_MS: u64 = 1_600;

/// The opponent settings of one TimeGo game (also the arguments of `timego_opponent_set`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct OpponentSettings {
    /// Which side the computer plays.
    pub computer: ComputerSide,
    /// How hard it plays.
    pub level: Level,
}

/// One level as the new-game dialog lists it.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct LevelInfo {
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
pub fn levels() -> Vec<LevelInfo> {
    Level::ALL
        .into_iter()
        .map(|level| LevelInfo {
            level,
            name: level.name().to_owned(),
            summary: level.summary().to_owned(),
            default: level == Level::default(),
        })
        .collect()
}

/// The search limits for a soft think budget of `ms` milliseconds, the hard deadline
/// [`DEADLINE_MARGIN_MS`] later.
pub fn think_limits(ms: u64) -> SearchLimits {
    SearchLimits {
        soft_budget_ms: ms,
        hard_deadline_ms: ms.saturating_add(DEADLINE_MARGIN_MS),
        ..SearchLimits::default()
    }
}

/// The limits the value of [`THINK_MS_VARIABLE`] asks for: the default limits when it is
/// unset, an error in words when it is not a number of milliseconds from 1 to 600,000.
pub fn think_limits_from(value: Option<&str>) -> Result<SearchLimits, String> {
    Ok(think_ms_from(value)?.map_or_else(SearchLimits::default, think_limits))
}

/// Arguments of `timego_computer_move`.
#[derive(Debug, Clone, Default, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ComputerMoveArgs {
    /// Must be true for the computer to play while an earlier position is reviewed: its
    /// move then replaces the later turns, as a person's move would after confirmation.
    #[serde(default)]
    pub replace_future: bool,
}

/// How a computer move ended, with the view to show afterwards.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ComputerOutcome {
    /// The computer's action was played and saved.
    Played {
        /// The game after the action.
        view: TimeGoView,
        /// What the computer played.
        action: Action,
        /// For a time move: everything it did, as a preview shows it, so the UI can offer
        /// the replay and the comparison.
        time_move: Option<Box<TimePreview>>,
        /// The level that chose it.
        level: Level,
        /// What the search did.
        stats: SearchStats,
    },
    /// The search was cancelled; the game did not change.
    Cancelled {
        /// The unchanged game.
        view: TimeGoView,
    },
    /// The search passed its hard deadline without a reply; the game did not change.
    Deadline {
        /// The deadline in milliseconds.
        #[ts(type = "number")]
        deadline_ms: u64,
        /// The unchanged game.
        view: TimeGoView,
    },
    /// The position changed while the computer thought, so its reply was dropped.
    Discarded {
        /// Why, in words.
        message: String,
        /// The game as it is now.
        view: TimeGoView,
    },
    /// The search or the reply failed; the game did not change.
    Failed {
        /// Why, in words.
        message: String,
        /// The unchanged game.
        view: TimeGoView,
    },
}

crate::unplayed_outcome!(ComputerOutcome, TimeGoView);

/// The snapshot a computer move searches: the viewed game, the level and the limits.
pub struct TimeGoSearch {
    game: Game,
    level: Level,
    limits: SearchLimits,
}

impl Search for TimeGoSearch {
    type Reply = SearchReply;
    type Stop = SearchStop;

    fn search(&self, check: &StopCheck) -> Result<SearchReply, SearchStop> {
        // The engine honours the hard deadline of its limits itself.
        opponent::choose_action(&self.game, self.level, &self.limits, &|| check.cancelled())
    }
}

impl From<SearchStop> for JobStop {
    fn from(stop: SearchStop) -> Self {
        match stop {
            SearchStop::Cancelled => JobStop::Cancelled,
            SearchStop::Deadline { deadline_ms } => JobStop::Deadline { deadline_ms },
            other @ (SearchStop::NoMove | SearchStop::BadRecord { .. }) => {
                JobStop::Failed(other.to_string())
            }
        }
    }
}

/// One computer move in progress: the snapshot it searches and its cancellation flag.
/// It owns a copy of the game, so it runs on any thread without the app lock.
pub type ComputerJob = EngineJob<TimeGoSearch>;

/// The session's computer: its settings (in their file beside the save) and limits.
pub(super) type Computer = host::opponent::Computer<OpponentSettings, SearchLimits>;

impl host::opponent::SettingsFile for OpponentSettings {
    const FILE_NAME: &'static str = OPPONENT_FILE_NAME;
}

impl host::opponent::HardDeadline for SearchLimits {
    fn hard_deadline_ms(&self) -> Option<u64> {
        Some(self.hard_deadline_ms)
    }
}

impl TimeGoSession {
    /// The opponent settings of the game.
    pub fn opponent(&self) -> OpponentSettings {
        self.computer.settings()
    }

    /// Sets who the computer plays and its level, stored with the game; a running
    /// search is cancelled (it was started for the old settings).
    pub fn set_opponent(&mut self, settings: OpponentSettings) -> CommandResult<TimeGoView> {
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

    /// Replaces the limits of every later computer move (the default: 900 ms soft budget,
    /// 2,500 ms hard deadline).
    pub fn set_think_limits(&mut self, limits: SearchLimits) {
        self.computer.set_limits(limits, [self.session.jobs()]);
    }

    /// Starts a computer move for the player to move in the viewed position: snapshots
    /// it and returns the job to run without the lock. A running job is cancelled first.
    /// While reviewing, refuses unless `replace_future`, exactly like a person's move.
    pub fn computer_start(&mut self, args: ComputerMoveArgs) -> CommandResult<ComputerJob> {
        self.session.check_replace(args.replace_future)?;
        let viewed = self.session.viewed();
        if viewed.side_to_move().is_none() || viewed.action_limit_reached() {
            return Err(AppError::invalid(
                "there is no move for the computer: the game has ended or reached its action limit",
            ));
        }
        let (level, limits) = (self.computer.settings().level, self.computer.limits);
        self.session
            .job_start(args.replace_future, |game| TimeGoSearch {
                game: game.clone(),
                level,
                limits,
            })
    }

    /// Cancels the running computer move, if any (the explicit Cancel button, leaving the
    /// screen, closing the window); returns whether one was running.
    pub fn computer_cancel(&mut self) -> bool {
        self.session.jobs().cancel()
    }

    /// Ends `job` with its search `result`: plays the reply only if the game still has
    /// the searched revision and cursor and the engine still accepts the action;
    /// otherwise the game stays as it is.
    pub fn computer_finish(
        &mut self,
        job: ComputerJob,
        result: Result<SearchReply, SearchStop>,
    ) -> ComputerOutcome {
        let reply = match self.session.job_finish(&job, result).into_reply() {
            Ok(reply) => reply,
            Err(end) => return ComputerOutcome::unplayed(end, self.view()),
        };
        let viewed = self.session.viewed();
        if viewed.revision() != reply.revision {
            return ComputerOutcome::unplayed(Unplayed::stale(), self.view());
        }
        if let Err(rejection) = viewed.probe(&reply.action) {
            let error = illegal(rejection, viewed.size());
            return ComputerOutcome::Failed {
                message: format!("The computer chose an action the rules refuse: {error}"),
                view: self.view(),
            };
        }
        let time_move = match reply.action {
            Action::Time { source, target, .. } => {
                match self.preview(PreviewArgs { source, target }) {
                    Ok(preview) => Some(Box::new(preview)),
                    Err(error) => {
                        return ComputerOutcome::Failed {
                            message: error.to_string(),
                            view: self.view(),
                        }
                    }
                }
            }
            _ => None,
        };
        match self.apply(ApplyArgs {
            action: reply.action,
            replace_future: job.replace_future(),
        }) {
            Ok(view) => ComputerOutcome::Played {
                view,
                action: reply.action,
                time_move,
                level: reply.level,
                stats: reply.stats,
            },
            Err(error) => ComputerOutcome::Failed {
                message: error.to_string(),
                view: self.view(),
            },
        }
    }

    /// Runs a whole computer move in the calling thread, through the one start → run →
    /// finish sequence: for callers that hold the session anyway.
    pub fn computer_move_blocking(
        &mut self,
        args: ComputerMoveArgs,
    ) -> CommandResult<ComputerOutcome> {
        start_run_finish(
            &Held::new(self),
            |session: &mut TimeGoSession| session.computer_start(args),
            |session, job, result| session.computer_finish(job, result),
        )
    }

    /// Whether it is the computer's turn in the viewed position (at the end of the line).
    pub(super) fn computer_to_move(&self) -> bool {
        let viewed = self.session.viewed();
        self.session.at_end()
            && !viewed.action_limit_reached()
            && viewed
                .side_to_move()
                .is_some_and(|player| self.computer.settings().computer.plays(player))
    }

    /// Whether a computer move is running.
    pub fn computer_thinking(&self) -> bool {
        self.session.job_running()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_dir::TestDir;
    use crate::timego::test_support::{self, new_game, place, saved};
    use crate::timego::{ReviewArgs, SAVE_FILE_NAME};
    use canon_engine::go::Color;
    use std::sync::atomic::Ordering;

    /// A reproducible search: a fixed work budget and seed, with a generous deadline that
    /// only guards against a hung search.
    fn steady() -> SearchLimits {
        SearchLimits::deterministic(400, 7, 60_000)
    }

    /// A session on `dir` whose computer searches [`steady`]ly.
    fn session(dir: &TestDir, may_write: bool) -> TimeGoSession {
        let mut session = test_support::session(dir, may_write);
        session.set_think_limits(steady());
        session
    }

    /// A 4×4 game where Black and White have each placed one stone: Black to move.
    fn opening(session: &mut TimeGoSession) {
        new_game(session, 4, 0.5);
        session.apply(place(Color::Black, 5)).unwrap();
        session.apply(place(Color::White, 10)).unwrap();
    }

    /// A fresh directory with a writing session on [`opening`].
    fn opened(label: &str) -> (TestDir, TimeGoSession) {
        let dir = TestDir::new(label);
        let mut session = session(&dir, true);
        opening(&mut session);
        (dir, session)
    }

    fn every_level(session: &mut TimeGoSession, level: Level) {
        session
            .set_opponent(OpponentSettings {
                computer: ComputerSide::Black,
                level,
            })
            .unwrap();
    }

    #[test]
    fn the_reply_is_legal_and_played_through_the_players_path_with_autosave() {
        for level in Level::ALL {
            let (dir, mut session) = opened("computer-played");
            every_level(&mut session, level);
            assert!(session.view().computer_to_move, "Black is the computer");
            let legal = session.legal();
            let job = session.computer_start(ComputerMoveArgs::default()).unwrap();
            assert!(session.computer_thinking());
            let result = job.run();
            let outcome = session.computer_finish(job, result);
            let ComputerOutcome::Played {
                view,
                action,
                time_move,
                level: played_by,
                ..
            } = outcome
            else {
                panic!("{level:?}: expected a move, got {outcome:?}");
            };
            assert_eq!(played_by, level);
            assert!(legal.contains(&action), "{level:?}: {action:?} is legal");
            assert_eq!(view.turns.len(), 3);
            assert_eq!(view.turns[2], action);
            assert_eq!(view.cursor, 3);
            assert!(!view.computer_to_move, "White, a person, is to move");
            assert_eq!(
                time_move.is_some(),
                matches!(action, Action::Time { .. }),
                "a time move carries its consequences"
            );
            assert!(!session.computer_thinking());
            let (reloaded, cursor) = Game::from_record(saved(&dir).as_bytes()).unwrap();
            assert_eq!((reloaded.actions(), cursor), (view.turns.as_slice(), 3));
        }
    }

    #[test]
    fn a_reply_for_a_game_replaced_meanwhile_is_discarded() {
        let dir = TestDir::new("computer-stale-revision");
        let mut session = session(&dir, true);
        new_game(&mut session, 4, 0.5);
        let job = session.computer_start(ComputerMoveArgs::default()).unwrap();
        let flag = job.cancel_flag();
        let result = job.run();
        assert!(result.is_ok(), "the search finished before the change");
        // Same cursor (0), different game: only the revision tells them apart.
        new_game(&mut session, 5, 0.5);
        assert!(flag.load(Ordering::Relaxed), "the new game raised the flag");
        let before = saved(&dir);
        match session.computer_finish(job, result) {
            ComputerOutcome::Discarded { message, view } => {
                assert!(message.contains("position changed"), "{message}");
                assert_eq!((view.position.size, view.turns.len()), (5, 0));
            }
            other => panic!("expected a discarded reply, got {other:?}"),
        }
        assert_eq!(saved(&dir), before);
    }

    /// Runs a search on [`opened`]'s position, lets `meanwhile` change the session, then
    /// finishes the job: the directory, the save before the finish, and the outcome.
    fn finished_after(
        label: &str,
        meanwhile: impl FnOnce(&mut TimeGoSession),
    ) -> (TestDir, String, ComputerOutcome) {
        let (dir, mut session) = opened(label);
        let job = session.computer_start(ComputerMoveArgs::default()).unwrap();
        let result = job.run();
        meanwhile(&mut session);
        let before = saved(&dir);
        let outcome = session.computer_finish(job, result);
        (dir, before, outcome)
    }

    #[test]
    fn a_reply_for_another_cursor_is_discarded() {
        let (dir, before, outcome) = finished_after("computer-stale-cursor", |session| {
            session.review(ReviewArgs { cursor: 1 }).unwrap();
        });
        assert!(
            matches!(outcome, ComputerOutcome::Discarded { ref view, .. } if view.cursor == 1 && view.turns.len() == 2),
            "{outcome:?}"
        );
        assert_eq!(saved(&dir), before);
    }

    #[test]
    fn a_reply_after_a_persons_move_is_discarded_and_the_persons_move_stays() {
        let (_dir, _, outcome) = finished_after("computer-stale-move", |session| {
            session.apply(place(Color::Black, 0)).unwrap();
        });
        assert!(
            matches!(outcome, ComputerOutcome::Discarded { ref view, .. } if view.turns.len() == 3 && view.turns[2] == Action::Place { player: Color::Black, point: 0 }),
            "{outcome:?}"
        );
    }

    #[test]
    fn cancel_stops_a_long_search_and_leaves_the_game_unchanged() {
        let (dir, mut session) = opened("computer-cancel");
        // A minute of thinking: only the cancel can end it before the test times out.
        session.set_think_limits(think_limits(60_000));
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
        assert_eq!(
            outcome,
            ComputerOutcome::Cancelled {
                view: before.0.clone()
            }
        );
        assert_eq!((session.view(), saved(&dir)), before);
        assert!(!session.computer_cancel(), "nothing left to cancel");
    }

    #[test]
    fn a_reply_arriving_after_cancel_is_not_played() {
        let (_dir, mut session) = opened("computer-cancel-late");
        let job = session.computer_start(ComputerMoveArgs::default()).unwrap();
        let result = job.run();
        assert!(result.is_ok());
        session.computer_cancel();
        let outcome = session.computer_finish(job, result);
        assert!(
            matches!(outcome, ComputerOutcome::Cancelled { ref view } if view.turns.len() == 2)
        );
    }

    /// A reply as the engine would give it for the viewed position of `session`.
    fn reply_for(session: &TimeGoSession, action: Action) -> SearchReply {
        SearchReply {
            action,
            revision: session.session.viewed().revision(),
            actions: session.session.viewed().actions().len(),
            level: Level::default(),
            value: 0.5,
            stats: SearchStats::default(),
        }
    }

    #[test]
    fn a_computer_time_move_comes_with_its_consequences_and_comparison() {
        let (_dir, mut session) = opened("computer-time-move");
        session.apply(place(Color::Black, 9)).unwrap();
        session.apply(place(Color::White, 6)).unwrap();
        let time = session
            .legal()
            .into_iter()
            .find(|action| matches!(action, Action::Time { .. }))
            .expect("Black has a legal time move");
        let Action::Time { source, target, .. } = time else {
            unreachable!()
        };
        let expected = session.preview(PreviewArgs { source, target }).unwrap();
        let job = session.computer_start(ComputerMoveArgs::default()).unwrap();
        let reply = reply_for(&session, time);
        match session.computer_finish(job, Ok(reply)) {
            ComputerOutcome::Played {
                view, time_move, ..
            } => {
                let preview = time_move.expect("a time move carries its preview");
                assert_eq!(*preview, expected);
                assert_eq!(
                    view.position.checkpoint.board,
                    preview.consequences.board_after
                );
                assert_eq!(view.turns.last(), Some(&time));
            }
            other => panic!("expected a move, got {other:?}"),
        }
    }

    #[test]
    fn a_reply_the_engine_refuses_is_not_played() {
        let (dir, mut session) = opened("computer-refused");
        let before = (session.view(), saved(&dir));
        let job = session.computer_start(ComputerMoveArgs::default()).unwrap();
        // Point 5 holds Black's stone: the engine must refuse it again at the finish.
        let occupied = Action::Place {
            player: Color::Black,
            point: 5,
        };
        let reply = reply_for(&session, occupied);
        match session.computer_finish(job, Ok(reply)) {
            ComputerOutcome::Failed { message, view } => {
                assert!(message.contains("occupied"), "{message}");
                assert_eq!(view, before.0);
            }
            other => panic!("expected a failure, got {other:?}"),
        }
        assert_eq!((session.view(), saved(&dir)), before);
    }

    #[test]
    fn the_deadline_ends_the_search_without_a_move() {
        let (dir, mut session) = opened("computer-deadline");
        // A zero hard deadline has always passed at the search's first check.
        session.set_think_limits(SearchLimits::deterministic(1_000_000, 1, 0));
        let before = saved(&dir);
        let job = session.computer_start(ComputerMoveArgs::default()).unwrap();
        let result = job.run();
        let outcome = session.computer_finish(job, result);
        assert!(
            matches!(outcome, ComputerOutcome::Deadline { deadline_ms: 0, ref view } if view.turns.len() == 2),
            "{outcome:?}"
        );
        assert_eq!(saved(&dir), before);
    }

    #[test]
    fn while_reviewing_the_computer_replaces_the_future_only_when_approved() {
        let (_dir, mut session) = opened("computer-review");
        session.review(ReviewArgs { cursor: 1 }).unwrap();
        let refused = session.computer_start(ComputerMoveArgs::default());
        assert!(
            matches!(refused, Err(AppError::ConfirmationNeeded { ref message }) if message.contains("1 later turn")),
            "{:?}",
            refused.err()
        );
        assert!(!session.computer_thinking());
        let outcome = session
            .computer_move_blocking(ComputerMoveArgs {
                replace_future: true,
            })
            .unwrap();
        match outcome {
            ComputerOutcome::Played { view, action, .. } => {
                assert_eq!(action.player(), Color::White);
                assert_eq!((view.cursor, view.turns.len()), (2, 2));
                assert_eq!(view.turns[1], action);
            }
            other => panic!("expected a move, got {other:?}"),
        }
    }

    #[test]
    fn an_ended_game_has_no_computer_move() {
        let (_dir, mut session) = opened("computer-ended");
        session
            .apply(ApplyArgs {
                action: Action::Pass {
                    player: Color::Black,
                },
                replace_future: false,
            })
            .unwrap();
        session
            .apply(ApplyArgs {
                action: Action::Pass {
                    player: Color::White,
                },
                replace_future: false,
            })
            .unwrap();
        every_level(&mut session, Level::default());
        assert!(!session.view().computer_to_move);
        assert!(matches!(
            session.computer_start(ComputerMoveArgs::default()),
            Err(AppError::InvalidArgument { .. })
        ));
    }

    #[test]
    fn opponent_settings_are_kept_with_the_game_and_reset_by_a_new_one() {
        let dir = TestDir::new("computer-settings");
        let mut first = session(&dir, true);
        opening(&mut first);
        let strongest = *Level::ALL.last().unwrap();
        let settings = OpponentSettings {
            computer: ComputerSide::White,
            level: strongest,
        };
        let view = first.set_opponent(settings).unwrap();
        assert_eq!(view.opponent, settings);
        assert!(!view.computer_to_move, "Black, a person, is to move");
        let reopened = session(&dir, true);
        assert_eq!(reopened.opponent(), settings);

        // A second window sees them but never writes them.
        let mut second = session(&dir, false);
        assert_eq!(second.opponent(), settings);
        second.set_opponent(OpponentSettings::default()).unwrap();
        assert_eq!(session(&dir, true).opponent(), settings);

        new_game(&mut first, 5, 0.5);
        assert_eq!(first.opponent(), OpponentSettings::default());
        assert_eq!(session(&dir, true).opponent(), OpponentSettings::default());
    }

    #[test]
    fn settings_of_a_game_that_was_not_loaded_are_ignored() {
        let dir = TestDir::new("computer-settings-orphan");
        std::fs::write(
            dir.path().join(OPPONENT_FILE_NAME),
            r#"{"computer":"black","level":"classic"}"#,
        )
        .unwrap();
        assert_eq!(session(&dir, true).opponent(), OpponentSettings::default());
        std::fs::write(dir.path().join(SAVE_FILE_NAME), "not a game").unwrap();
        assert_eq!(session(&dir, true).opponent(), OpponentSettings::default());
    }

    #[test]
    fn a_corrupt_opponent_file_is_kept_reported_and_never_overwritten_silently() {
        let dir = TestDir::new("computer-settings-corrupt");
        let mut first = session(&dir, true);
        opening(&mut first);
        drop(first);
        let path = dir.path().join(OPPONENT_FILE_NAME);
        std::fs::write(&path, "{\"computer\": \"bla").unwrap();
        let mut player = session(&dir, true);
        assert_eq!(player.opponent(), OpponentSettings::default());
        let invalid = player.invalid_opponent_file().expect("reported");
        assert_eq!(invalid.name, OPPONENT_FILE_NAME);
        assert!(
            invalid.message.contains("cannot be used"),
            "{}",
            invalid.message
        );
        let white = OpponentSettings {
            computer: ComputerSide::White,
            level: Level::default(),
        };
        player.set_opponent(white).unwrap();
        new_game(&mut player, 4, 0.5);
        player.set_opponent(white).unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "{\"computer\": \"bla"
        );
        player.set_aside_opponent_file().unwrap();
        assert_eq!(player.invalid_opponent_file(), None);
        assert_eq!(
            session(&dir, true).opponent(),
            white,
            "saved once set aside"
        );
        let kept = dir.names_starting_with("timego-opponent.invalid-");
        assert_eq!(kept.len(), 1, "{kept:?}");
        assert_eq!(
            std::fs::read_to_string(dir.path().join(&kept[0])).unwrap(),
            "{\"computer\": \"bla"
        );
    }

    #[test]
    fn changing_the_opponent_cancels_a_running_search() {
        let (_dir, mut session) = opened("computer-settings-cancel");
        let job = session.computer_start(ComputerMoveArgs::default()).unwrap();
        session.set_opponent(OpponentSettings::default()).unwrap();
        assert_eq!(job.run(), Err(SearchStop::Cancelled));
    }

    #[test]
    fn levels_list_every_engine_level_with_its_summary() {
        let levels = levels();
        assert_eq!(levels.len(), Level::ALL.len());
        for (info, level) in levels.iter().zip(Level::ALL) {
            assert_eq!(info.level, level);
            assert_eq!(Level::from_name(&info.name), Some(level));
            assert_eq!(info.summary, level.summary());
        }
        assert_eq!(levels.iter().filter(|info| info.default).count(), 1);
    }

    #[test]
    fn the_think_budget_variable_is_read_in_milliseconds() {
        assert_eq!(think_limits_from(None), Ok(SearchLimits::default()));
        let limits = think_limits_from(Some("30000")).unwrap();
        assert_eq!(
            (limits.soft_budget_ms, limits.hard_deadline_ms),
            (30_000, 31_600)
        );
        for bad in ["", "0", "-5", "fast", "600001"] {
            let error = think_limits_from(Some(bad)).unwrap_err();
            assert!(error.contains(THINK_MS_VARIABLE), "{error}");
        }
    }
}
