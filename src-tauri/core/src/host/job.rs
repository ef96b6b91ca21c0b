//! Cancellable engine jobs of any game: a search the app starts under its lock, runs
//! without it and finishes under it again.
//!
//! [`start_run_finish`] is the one sequence every caller uses (the Tauri command, the
//! bridge's thread and its plain dispatch): start (snapshot under the lock), run (search
//! without it, polling the cancellation flag and the hard deadline through a
//! [`StopCheck`]), finish (under the lock: [`super::session::GameSession::job_finish`]
//! revalidates the revision and cursor, and a stale reply is discarded).

use crate::error::CommandResult;
use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Why a search ended without a reply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JobStop {
    /// Its flag was raised.
    Cancelled,
    /// It passed its hard deadline.
    Deadline {
        /// The deadline in milliseconds.
        deadline_ms: u64,
    },
    /// It could not answer, with the reason in words.
    Failed(String),
}

/// What a search polls: whether it must stop.
pub struct StopCheck {
    cancelled: Arc<AtomicBool>,
    deadline: Instant,
    deadline_ms: u64,
}

impl StopCheck {
    /// Whether the job was cancelled.
    pub fn cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }

    /// Whether the hard deadline has passed.
    pub fn past_deadline(&self) -> bool {
        Instant::now() >= self.deadline
    }

    /// The hard deadline in milliseconds after the start of the search.
    pub fn deadline_ms(&self) -> u64 {
        self.deadline_ms
    }
}

/// The search of one job: a snapshot owned by the job, so it runs on any thread.
pub trait Search: Send + 'static {
    /// A successful answer.
    type Reply: Send;
    /// The game's own reasons to stop, read by the host as a [`JobStop`].
    type Stop: Send + Into<JobStop>;
    /// Searches; polls `check` often enough to stop within a moment of a cancel.
    fn search(&self, check: &StopCheck) -> Result<Self::Reply, Self::Stop>;
}

/// One job in progress: its snapshot, what it was started for, and its flag.
pub struct EngineJob<S: Search> {
    pub(super) id: u64,
    pub(super) search: S,
    pub(super) line_revision: String,
    pub(super) viewed_revision: String,
    pub(super) cursor: usize,
    pub(super) replace_future: bool,
    pub(super) cancelled: Arc<AtomicBool>,
    pub(super) deadline_ms: u64,
}

impl<S: Search> EngineJob<S> {
    /// This job's number, unique within its session.
    pub fn id(&self) -> u64 {
        self.id
    }

    /// The flag that stops this job's search; raising it is all a cancel does.
    pub fn cancel_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.cancelled)
    }

    /// The snapshot being searched.
    pub fn snapshot(&self) -> &S {
        &self.search
    }

    /// The hard deadline in milliseconds past which the job ends without a reply.
    pub fn deadline_ms(&self) -> u64 {
        self.deadline_ms
    }

    /// Whether the reply may replace later turns (the player approved it).
    pub fn replace_future(&self) -> bool {
        self.replace_future
    }

    /// Runs the search, without any lock; the hard deadline counts from now.
    pub fn run(&self) -> Result<S::Reply, S::Stop> {
        let check = StopCheck {
            cancelled: Arc::clone(&self.cancelled),
            deadline: Instant::now() + Duration::from_millis(self.deadline_ms),
            deadline_ms: self.deadline_ms,
        };
        self.search.search(&check)
    }
}

/// How a job ended, after revalidation; the game maps it to its own outcome.
#[derive(Debug, Clone, PartialEq)]
pub enum JobEnd<R> {
    /// A reply for the position as it still is: the game may play it.
    Reply(R),
    /// Cancelled, before or after the search ended.
    Cancelled,
    /// The hard deadline passed without a reply.
    Deadline {
        /// The deadline in milliseconds.
        deadline_ms: u64,
    },
    /// The search failed, with the reason in words.
    Failed(String),
    /// The position changed meanwhile; the reply was dropped, with the reason in words.
    Discarded(String),
}

impl<R> JobEnd<R> {
    /// The reply to play, or why there is none.
    pub fn into_reply(self) -> Result<R, Unplayed> {
        match self {
            JobEnd::Reply(reply) => Ok(reply),
            JobEnd::Cancelled => Err(Unplayed::Cancelled),
            JobEnd::Deadline { deadline_ms } => Err(Unplayed::Deadline { deadline_ms }),
            JobEnd::Failed(message) => Err(Unplayed::Failed(message)),
            JobEnd::Discarded(message) => Err(Unplayed::Discarded(message)),
        }
    }
}

/// Why a computer move was not played; every game's outcome has these four endings, each
/// with the unchanged game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unplayed {
    /// Cancelled, before or after the search ended.
    Cancelled,
    /// The hard deadline passed without a reply.
    Deadline {
        /// The deadline in milliseconds.
        deadline_ms: u64,
    },
    /// The search failed or chose a move the rules refuse, with the reason in words.
    Failed(String),
    /// The position changed meanwhile, with the reason in words.
    Discarded(String),
}

impl Unplayed {
    /// The reply was for a position that is no longer the game's.
    pub fn stale() -> Self {
        Unplayed::Discarded(STALE_MESSAGE.to_owned())
    }
}

/// A game's computer-move outcome built from an ending without a move and the game's
/// unchanged view.
pub trait FromUnplayed<V> {
    /// The outcome saying `end`, showing `view`.
    fn unplayed(end: Unplayed, view: V) -> Self;
}

/// Implements [`FromUnplayed`] for an outcome enum whose unplayed variants are named as in
/// [`Unplayed`] and carry the view (and the deadline or message) as named fields, the
/// shape every game's outcome shares so that the screens read them alike.
#[macro_export]
macro_rules! unplayed_outcome {
    ($outcome:ty, $view:ty) => {
        impl $crate::host::job::FromUnplayed<$view> for $outcome {
            fn unplayed(end: $crate::host::job::Unplayed, view: $view) -> Self {
                use $crate::host::job::Unplayed;
                match end {
                    Unplayed::Cancelled => Self::Cancelled { view },
                    Unplayed::Deadline { deadline_ms } => Self::Deadline { deadline_ms, view },
                    Unplayed::Failed(message) => Self::Failed { message, view },
                    Unplayed::Discarded(message) => Self::Discarded { message, view },
                }
            }
        }
    };
}

/// Said when a reply is dropped because the position changed.
pub const STALE_MESSAGE: &str =
    "The position changed while the computer was thinking, so its move was not played.";

/// A session's running job (at most one) and the next job's number.
#[derive(Debug)]
pub struct JobControl {
    next_id: u64,
    running: Option<(u64, Arc<AtomicBool>)>,
    deadline_ms: u64,
}

impl Default for JobControl {
    fn default() -> Self {
        Self {
            next_id: 0,
            running: None,
            deadline_ms: DEFAULT_DEADLINE_MS,
        }
    }
}

/// The hard deadline of a job unless the game sets another: 2,500 ms.
pub const DEFAULT_DEADLINE_MS: u64 = 2_500;

impl JobControl {
    /// Raises the running job's flag, if any; returns whether there was one.
    pub fn cancel(&mut self) -> bool {
        match self.running.take() {
            Some((_, flag)) => {
                flag.store(true, Ordering::Relaxed);
                true
            }
            None => false,
        }
    }

    /// Whether a job is running.
    pub fn running(&self) -> bool {
        self.running.is_some()
    }

    /// Sets the hard deadline of later jobs.
    pub fn set_deadline_ms(&mut self, deadline_ms: u64) {
        self.deadline_ms = deadline_ms;
    }

    /// Cancels the running job and registers a new one; returns its number and flag.
    pub(super) fn begin(&mut self) -> (u64, Arc<AtomicBool>, u64) {
        self.cancel();
        self.next_id += 1;
        let flag = Arc::new(AtomicBool::new(false));
        self.running = Some((self.next_id, Arc::clone(&flag)));
        (self.next_id, flag, self.deadline_ms)
    }

    /// Forgets job `id` if it is the running one.
    pub(super) fn end(&mut self, id: u64) {
        if self
            .running
            .as_ref()
            .is_some_and(|(running, _)| *running == id)
        {
            self.running = None;
        }
    }
}

/// Exclusive access to the state a job starts and finishes in: a `Mutex` (the app, the
/// bridge's threads) or a plain `&mut` ([`Held`], a caller that holds the state anyway).
pub trait Exclusive<T> {
    /// Runs `f` with the state; a lock is held only for the call.
    fn with<R>(&self, f: impl FnOnce(&mut T) -> R) -> R;
}

impl<T> Exclusive<T> for Mutex<T> {
    fn with<R>(&self, f: impl FnOnce(&mut T) -> R) -> R {
        // A panic in another thread must not make the app unusable.
        let mut guard = self.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        f(&mut guard)
    }
}

/// State the caller already holds exclusively; the search then runs in the caller's
/// thread, still between the two steps.
pub struct Held<'a, T>(RefCell<&'a mut T>);

impl<'a, T> Held<'a, T> {
    /// Wraps `state`.
    pub fn new(state: &'a mut T) -> Self {
        Self(RefCell::new(state))
    }
}

impl<T> Exclusive<T> for Held<'_, T> {
    fn with<R>(&self, f: impl FnOnce(&mut T) -> R) -> R {
        f(&mut self.0.borrow_mut())
    }
}

/// The one start → run → finish sequence: `start` under exclusive access, the search
/// without it, `finish` under exclusive access again.
pub fn start_run_finish<T, S: Search, O>(
    state: &impl Exclusive<T>,
    start: impl FnOnce(&mut T) -> CommandResult<EngineJob<S>>,
    finish: impl FnOnce(&mut T, EngineJob<S>, Result<S::Reply, S::Stop>) -> O,
) -> CommandResult<O> {
    let job = state.with(start)?;
    let result = job.run();
    Ok(state.with(|held| finish(held, job, result)))
}
