//! The TimeGo tutorial of the app: one lesson in play, kept apart from the saved TimeGo
//! game (this module never opens `timego.json`), and the completed lessons remembered in
//! their own file `tutorial.json` in the app data directory.

use crate::error::{AppError, CommandResult};
use crate::save_slot::{InvalidFile, SaveSlot, SaveStatus};
use canon_engine::timego::tutorial::{
    LessonRun, LessonView, TutorialError, LESSONS, TUTORIAL_SIZE,
};
use canon_engine::timego::Action;
use serde::{Deserialize, Serialize};
use std::path::Path;
use ts_rs::TS;

/// File name of the tutorial progress in the app data directory.
pub const PROGRESS_FILE_NAME: &str = "tutorial.json";

/// The progress file: `{"completed": ["place-and-capture", ...]}`. Identifiers this
/// version does not know are kept, so a newer version's progress survives.
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ProgressFile {
    completed: Vec<String>,
}

/// One lesson in the lesson list.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct LessonEntry {
    /// Index of the lesson (0-based).
    pub index: usize,
    /// Stable identifier.
    pub id: String,
    /// Title (English).
    pub title: String,
    /// The task (English).
    pub task: String,
    /// True once the player has solved it.
    pub completed: bool,
}

/// The lesson list with progress.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct TutorialOverview {
    /// Every lesson in order.
    pub lessons: Vec<LessonEntry>,
    /// Set when stored progress could not be used or saved, with the reason.
    pub notice: Option<String>,
}

/// A lesson as the lesson screen shows it.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct TutorialLesson {
    /// The engine's view of the lesson.
    pub lesson: LessonView,
    /// True if the player has solved this lesson before or now.
    pub completed: bool,
}

/// Arguments of `tutorial_start`.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct LessonArgs {
    /// Index of the lesson, `0` to `6`.
    pub index: usize,
}

/// Arguments of `tutorial_apply`.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct TutorialActionArgs {
    /// The action, in the record format (`{"player":"black","type":"place","point":9}`).
    pub action: Action,
}

/// The tutorial: progress and the lesson in play.
pub struct TutorialSession {
    file: SaveSlot,
    completed: Vec<String>,
    notice: Option<String>,
    run: Option<LessonRun>,
}

impl TutorialSession {
    /// Reads the progress in `data_dir`. An unreadable or invalid file is kept as it is
    /// and reported (progress starts empty and is not written over it) until the player
    /// sets it aside: the same policy as every file of the app.
    pub fn open(data_dir: &Path, may_write: bool) -> Self {
        let mut file = SaveSlot::new(data_dir.join(PROGRESS_FILE_NAME), may_write);
        let mut notice = None;
        let completed = match file.read_json::<ProgressFile>() {
            Ok(found) => {
                file.mark_loaded();
                unique(found.unwrap_or_default().completed)
            }
            Err(reason) => {
                notice = Some(if may_write {
                    format!(
                        "Saved tutorial progress cannot be used ({reason}); it is kept untouched, and new progress is saved only once you set it aside."
                    )
                } else {
                    format!(
                        "Saved tutorial progress cannot be used ({reason}); it is left untouched."
                    )
                });
                file.mark_invalid(reason);
                Vec::new()
            }
        };
        Self {
            file,
            completed,
            notice,
            run: None,
        }
    }

    /// The progress file when it is kept aside as invalid.
    pub fn invalid_file(&self) -> Option<InvalidFile> {
        self.file.invalid_file()
    }

    /// On the player's confirmation, renames the invalid progress file aside (kept as
    /// `tutorial.invalid-<unix time>.json`) and saves the progress made since.
    pub fn set_aside_invalid(&mut self) -> CommandResult<()> {
        let kept = self
            .file
            .set_aside_invalid(crate::host::unix_stamp())
            .map_err(|error| AppError::storage(format!("cannot set the file aside: {error}")))?;
        self.notice = Some(format!(
            "The unusable tutorial progress was kept as {}.",
            kept.display()
        ));
        self.save_progress();
        Ok(())
    }

    /// The lesson list with completed marks.
    pub fn overview(&self) -> TutorialOverview {
        TutorialOverview {
            lessons: LESSONS
                .iter()
                .enumerate()
                .map(|(index, lesson)| LessonEntry {
                    index,
                    id: lesson.id.to_owned(),
                    title: lesson.title.to_owned(),
                    task: lesson.task.to_owned(),
                    completed: self.is_completed(lesson.id),
                })
                .collect(),
            notice: self.notice.clone(),
        }
    }

    fn is_completed(&self, id: &str) -> bool {
        self.completed.iter().any(|done| done == id)
    }

    /// Starts (or restarts) lesson `index` from its starting position.
    pub fn start(&mut self, args: LessonArgs) -> CommandResult<TutorialLesson> {
        let run = LessonRun::start(args.index).map_err(tutorial_error)?;
        self.run = Some(run);
        self.current()
    }

    /// The lesson in play.
    pub fn current(&self) -> CommandResult<TutorialLesson> {
        let run = self.run.as_ref().ok_or_else(no_lesson)?;
        Ok(TutorialLesson {
            lesson: run.view(),
            completed: self.is_completed(run.lesson().id),
        })
    }

    /// Returns the lesson in play to its start.
    pub fn reset(&mut self) -> CommandResult<TutorialLesson> {
        self.run.as_mut().ok_or_else(no_lesson)?.reset();
        self.current()
    }

    /// Reveals the next hint of the lesson in play.
    pub fn hint(&mut self) -> CommandResult<TutorialLesson> {
        self.run.as_mut().ok_or_else(no_lesson)?.reveal_hint();
        self.current()
    }

    /// Plays the player's action in the lesson; solving it records the progress.
    pub fn apply(&mut self, args: TutorialActionArgs) -> CommandResult<TutorialLesson> {
        let run = self.run.as_mut().ok_or_else(no_lesson)?;
        let solved = run
            .play(args.action)
            .map_err(tutorial_error)?
            .eq(&canon_engine::timego::tutorial::LessonStatus::Solved);
        let id = run.lesson().id;
        if solved && !self.is_completed(id) {
            self.completed.push(id.to_owned());
            self.save_progress();
        }
        self.current()
    }

    fn save_progress(&mut self) {
        let file = ProgressFile {
            completed: self.completed.clone(),
        };
        let text = match serde_json::to_string_pretty(&file) {
            Ok(text) => text,
            Err(error) => {
                self.notice = Some(format!("Tutorial progress could not be saved: {error}."));
                return;
            }
        };
        if let SaveStatus::Failed { message } = self.file.save(&text) {
            self.notice = Some(format!("Tutorial progress could not be saved: {message}."));
        }
    }
}

/// `ids` without repeats, in their first order.
fn unique(ids: Vec<String>) -> Vec<String> {
    let mut completed: Vec<String> = Vec::new();
    for id in ids {
        if !completed.contains(&id) {
            completed.push(id);
        }
    }
    completed
}

fn no_lesson() -> AppError {
    AppError::invalid("no tutorial lesson is open; start one first")
}

fn tutorial_error(error: TutorialError) -> AppError {
    match error {
        TutorialError::Rejected(rejection) => {
            let message = rejection.message(TUTORIAL_SIZE);
            AppError::timego_illegal(rejection, message)
        }
        other => AppError::invalid(other.to_string()),
    }
}

#[cfg(test)]
mod tests;
