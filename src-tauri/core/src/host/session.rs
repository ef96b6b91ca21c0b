//! The session of any hosted game: its line of actions, the viewed cursor and game,
//! review and the replace confirmation, autosave of the complete document after every
//! change, import/export, the invalid-save policy, and the engine job it runs.

use super::job::{EngineJob, JobControl, JobEnd, JobStop, Search, STALE_MESSAGE};
use super::{unix_stamp, HostedGame};
use crate::error::{AppError, CommandResult};
use crate::save_slot::{SaveSlot, SaveStatus};
use serde::Deserialize;
use std::path::Path;
use ts_rs::TS;

/// Where a review command moves a line's cursor (every game's review buttons).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum ReviewTo {
    /// The first position of the line.
    First,
    /// One action back (stays at the first position).
    Previous,
    /// One action forward (stays at the end).
    Next,
    /// The end of the line.
    Last,
    /// After `cursor` actions.
    Jump {
        /// Number of actions.
        cursor: usize,
    },
}

/// One game of the app and its save file.
pub struct GameSession<G: HostedGame> {
    slot: SaveSlot,
    game: G,
    cursor: usize,
    viewed: G,
    jobs: JobControl,
}

impl<G: HostedGame> GameSession<G> {
    /// Loads the saved game from `data_dir`, or starts `fresh()` when there is none; an
    /// invalid save is kept and pauses saving. Also says whether the save was loaded.
    pub fn open(data_dir: &Path, may_write: bool, fresh: impl FnOnce() -> G) -> (Self, bool) {
        let name = G::NAME;
        let mut slot = SaveSlot::new(data_dir.join(G::SAVE_FILE), may_write);
        let loaded = slot.load(&format!("{name} game"), |text| {
            G::from_record(text.as_bytes())
        });
        let was_loaded = loaded.is_some();
        let (game, cursor) = loaded.unwrap_or_else(|| (fresh(), 0));
        let viewed = game.state_at(cursor).unwrap_or_else(|_| game.clone());
        let session = Self {
            slot,
            game,
            cursor,
            viewed,
            jobs: JobControl::default(),
        };
        (session, was_loaded)
    }

    /// The whole line.
    pub fn line(&self) -> &G {
        &self.game
    }

    /// The game at the viewed cursor.
    pub fn viewed(&self) -> &G {
        &self.viewed
    }

    /// Number of actions applied in the viewed position.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Whether a game is under way: at least one action played and the game not over.
    pub fn in_progress(&self) -> bool {
        self.game.line_len() > 0 && !self.game.is_over()
    }

    /// Whether the viewed position is the end of the line.
    pub fn at_end(&self) -> bool {
        self.cursor == self.game.line_len()
    }

    /// The save status.
    pub fn save_status(&self) -> &SaveStatus {
        self.slot.status()
    }

    /// Refuses to play while reviewing an earlier position unless `replace_future`.
    pub fn check_replace(&self, replace_future: bool) -> CommandResult<()> {
        let later = self.game.line_len() - self.cursor;
        if later > 0 && !replace_future {
            return Err(replace_confirmation(later));
        }
        Ok(())
    }

    /// Plays `action` in the viewed position (replacing the later turns, which needs
    /// `replace_future`); a refusal changes nothing.
    pub fn apply(&mut self, action: G::Action, replace_future: bool) -> CommandResult<()> {
        self.check_replace(replace_future)?;
        let mut game = self.viewed.clone();
        game.apply_action(action)?;
        let cursor = game.line_len();
        self.replace(game, cursor);
        Ok(())
    }

    /// Moves the cursor as `to` says, never before `first` (an analysis is reviewed from
    /// the end of the prefix it was opened with) nor past the end.
    pub fn review_to(&mut self, to: ReviewTo, first: usize) -> CommandResult<()> {
        let last = self.game.line_len();
        let cursor = match to {
            ReviewTo::First => first,
            ReviewTo::Previous => self.cursor.saturating_sub(1).max(first),
            ReviewTo::Next => (self.cursor + 1).min(last),
            ReviewTo::Last => last,
            ReviewTo::Jump { cursor } if (first..=last).contains(&cursor) => cursor,
            ReviewTo::Jump { cursor } => {
                return Err(AppError::invalid(format!(
                    "there is no position after {cursor} actions to review: \
                     this line has the positions after {first} to {last} actions"
                )))
            }
        };
        self.review(cursor)
    }

    /// Views the position after the first `cursor` actions; the later turns are kept.
    pub fn review(&mut self, cursor: usize) -> CommandResult<()> {
        let viewed = self.game.state_at(cursor).map_err(AppError::invalid)?;
        self.jobs.cancel();
        self.cursor = cursor;
        self.viewed = viewed;
        self.autosave();
        Ok(())
    }

    /// Replaces the line and cursor (a new game, an import, a played action) and saves.
    pub fn replace(&mut self, game: G, cursor: usize) {
        // Any change of the position makes a running job stale.
        self.jobs.cancel();
        self.viewed = if cursor == game.line_len() {
            game.clone()
        } else {
            game.state_at(cursor).unwrap_or_else(|_| game.clone())
        };
        self.game = game;
        self.cursor = cursor;
        self.autosave();
    }

    fn autosave(&mut self) {
        // The cursor never leaves the line, so the document can always be written.
        if let Ok(text) = self.game.to_record(self.cursor) {
            self.slot.save(&text);
        }
    }

    /// The complete document of the line with the viewed cursor.
    pub fn export(&self) -> CommandResult<String> {
        self.game.to_record(self.cursor).map_err(AppError::storage)
    }

    /// Replaces the game with an imported document; a rejected document changes nothing.
    pub fn import(&mut self, text: &str) -> CommandResult<()> {
        if text.len() > G::DOCUMENT_LIMIT {
            return Err(AppError::InvalidRecord {
                message: format!(
                    "the document has {} bytes, more than the limit of {}",
                    text.len(),
                    G::DOCUMENT_LIMIT
                ),
            });
        }
        let (game, cursor) = G::from_record(text.as_bytes())
            .map_err(|message| AppError::InvalidRecord { message })?;
        self.replace(game, cursor);
        Ok(())
    }

    /// Imports the document in the file at `path`; files over the limit are refused
    /// before they are read whole.
    pub fn import_from(&mut self, path: &Path) -> CommandResult<()> {
        let text = read_document(path, G::DOCUMENT_LIMIT)?;
        self.import(&text)
    }

    /// Writes the game's document to `path` (chosen by the player in a file dialog).
    pub fn export_to(&self, path: &Path) -> CommandResult<()> {
        let text = self.export()?;
        write_chosen(path, text.as_bytes())
    }

    fn no_invalid_save(&self, to: &str) -> AppError {
        AppError::invalid(format!("there is no invalid {} save to {to}", G::NAME))
    }

    /// The text of the invalid save file kept on disk, for the player to export.
    pub fn invalid_save(&self) -> CommandResult<Option<String>> {
        if self.slot.invalid_reason().is_none() {
            return Ok(None);
        }
        let bytes = self.slot.read_bytes()?;
        Ok(Some(String::from_utf8_lossy(&bytes).into_owned()))
    }

    /// Copies the kept invalid save, byte for byte, to `path`.
    pub fn export_invalid_to(&self, path: &Path) -> CommandResult<()> {
        if self.slot.invalid_reason().is_none() {
            return Err(self.no_invalid_save("export"));
        }
        write_chosen(path, &self.slot.read_bytes()?)
    }

    /// The save file as the player is told about it while it is kept as invalid.
    pub fn invalid_file(&self) -> Option<crate::save_slot::InvalidFile> {
        self.slot.invalid_file()
    }

    /// On the player's explicit confirmation, renames the invalid save aside (keeping it)
    /// and saves the current game in its place.
    pub fn set_aside_invalid(&mut self, confirm: bool) -> CommandResult<()> {
        self.set_aside_invalid_unsaved(confirm)?;
        self.autosave();
        Ok(())
    }

    /// As [`GameSession::set_aside_invalid`], without saving the current game: for a
    /// session whose game is a placeholder that does not exist for the player yet.
    pub fn set_aside_invalid_unsaved(&mut self, confirm: bool) -> CommandResult<()> {
        if !confirm {
            return Err(AppError::ConfirmationNeeded {
                message: "Starting fresh sets the unreadable save aside under a new name; confirm to continue.".to_owned(),
            });
        }
        if self.slot.invalid_reason().is_none() {
            return Err(self.no_invalid_save("set aside"));
        }
        self.slot
            .set_aside_invalid(unix_stamp())
            .map_err(|error| AppError::storage(format!("cannot set the save aside: {error}")))?;
        Ok(())
    }

    /// The session's job control (its running job, the deadline of later ones).
    pub fn jobs(&mut self) -> &mut JobControl {
        &mut self.jobs
    }

    /// Whether a job is running.
    pub fn job_running(&self) -> bool {
        self.jobs.running()
    }

    /// Starts a job on the viewed position: refuses while reviewing unless
    /// `replace_future` (as a person's action would), cancels a running job, snapshots
    /// the revisions and the cursor and hands out the job with a fresh flag.
    pub fn job_start<S: Search>(
        &mut self,
        replace_future: bool,
        snapshot: impl FnOnce(&G) -> S,
    ) -> CommandResult<EngineJob<S>> {
        self.check_replace(replace_future)?;
        let (id, cancelled, deadline_ms) = self.jobs.begin();
        Ok(EngineJob {
            id,
            search: snapshot(&self.viewed),
            line_revision: self.game.revision(),
            viewed_revision: self.viewed.revision(),
            cursor: self.cursor,
            replace_future,
            cancelled,
            deadline_ms,
        })
    }

    /// Ends `job` with its search `result`: a reply is given back only if the line, the
    /// viewed game and the cursor are still the searched ones and the job was not
    /// cancelled meanwhile.
    pub fn job_finish<S: Search>(
        &mut self,
        job: &EngineJob<S>,
        result: Result<S::Reply, S::Stop>,
    ) -> JobEnd<S::Reply> {
        self.jobs.end(job.id);
        let reply = match result.map_err(Into::into) {
            Ok(reply) => reply,
            Err(JobStop::Cancelled) => return JobEnd::Cancelled,
            Err(JobStop::Deadline { deadline_ms }) => return JobEnd::Deadline { deadline_ms },
            Err(JobStop::Failed(message)) => return JobEnd::Failed(message),
        };
        if self.cursor != job.cursor
            || self.game.revision() != job.line_revision
            || self.viewed.revision() != job.viewed_revision
        {
            return JobEnd::Discarded(STALE_MESSAGE.to_owned());
        }
        if job.cancelled.load(std::sync::atomic::Ordering::Relaxed) {
            return JobEnd::Cancelled;
        }
        JobEnd::Reply(reply)
    }
}

/// Reads the file at `path` as a document of at most `limit` bytes, refusing a larger
/// one before reading it whole.
pub fn read_document(path: &Path, limit: usize) -> CommandResult<String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(limit as u64 + 1).read_to_end(&mut bytes))
        .map_err(|error| AppError::storage(format!("cannot read {}: {error}", path.display())))?;
    if bytes.len() > limit {
        return Err(AppError::InvalidRecord {
            message: format!(
                "{} has more than the limit of {limit} bytes",
                path.display()
            ),
        });
    }
    String::from_utf8(bytes).map_err(|_| AppError::InvalidRecord {
        message: format!("{} is not UTF-8 text", path.display()),
    })
}

/// Writes `bytes` to `path` (chosen by the player in a file dialog), atomically.
pub(crate) fn write_chosen(path: &Path, bytes: &[u8]) -> CommandResult<()> {
    crate::atomic_file::write_atomically(path, bytes)
        .map_err(|error| AppError::storage(format!("cannot write {}: {error}", path.display())))
}

/// The question asked before an action replaces `later` turns of the reviewed game.
pub fn replace_confirmation(later: usize) -> AppError {
    AppError::ConfirmationNeeded {
        message: format!(
            "You are reviewing an earlier position: playing here replaces the {later} later turn{} of this game. Export the game first to keep them.",
            if later == 1 { "" } else { "s" }
        ),
    }
}
