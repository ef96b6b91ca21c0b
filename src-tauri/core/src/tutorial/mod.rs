//! The TimeGo tutorial of the app: one lesson in play, kept apart from the saved TimeGo
//! game (this module never opens `timego.json`), and the completed lessons remembered in
//! their own file `tutorial.json` in the app data directory.

use crate::atomic_file::write_atomically;
use crate::error::{AppError, CommandResult};
use canon_engine::timego::tutorial::{
    LessonRun, LessonView, TutorialError, LESSONS, TUTORIAL_SIZE,
};
use canon_engine::timego::Action;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
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
    path: PathBuf,
    may_write: bool,
    completed: Vec<String>,
    notice: Option<String>,
    run: Option<LessonRun>,
}

impl TutorialSession {
    /// Reads the progress in `data_dir`. An unreadable or invalid file is set aside as
    /// `tutorial.invalid-<unix time>.json` (never deleted) and progress starts empty, with
    /// a notice saying so; only a writing instance renames or writes anything.
    pub fn open(data_dir: &Path, may_write: bool) -> Self {
        let path = data_dir.join(PROGRESS_FILE_NAME);
        let mut session = Self {
            path,
            may_write,
            completed: Vec::new(),
            notice: None,
            run: None,
        };
        match read_progress(&session.path) {
            Ok(completed) => session.completed = completed,
            Err(reason) => session.set_aside(&reason),
        }
        session
    }

    fn set_aside(&mut self, reason: &str) {
        if !self.may_write {
            self.notice = Some(format!(
                "Saved tutorial progress cannot be used ({reason}); it is left untouched."
            ));
            return;
        }
        let stamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |elapsed| elapsed.as_secs());
        let kept = self
            .path
            .with_file_name(format!("tutorial.invalid-{stamp}.json"));
        self.notice = Some(match std::fs::rename(&self.path, &kept) {
            Ok(()) => format!(
                "Saved tutorial progress cannot be used ({reason}); it was kept as {} and progress starts again.",
                kept.display()
            ),
            Err(error) => {
                // Without the rename a later write would overwrite the file: do not write.
                self.may_write = false;
                format!(
                    "Saved tutorial progress cannot be used ({reason}) nor set aside ({error}); progress is not saved this time."
                )
            }
        });
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
        if !self.may_write {
            return;
        }
        let file = ProgressFile {
            completed: self.completed.clone(),
        };
        let written = serde_json::to_string_pretty(&file)
            .map_err(|error| error.to_string())
            .and_then(|text| {
                write_atomically(&self.path, text.as_bytes()).map_err(|error| error.to_string())
            });
        if let Err(reason) = written {
            self.notice = Some(format!("Tutorial progress could not be saved: {reason}."));
        }
    }
}

fn read_progress(path: &Path) -> Result<Vec<String>, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(error) => return Err(format!("cannot read {}: {error}", path.display())),
    };
    let file: ProgressFile = serde_json::from_str(&text)
        .map_err(|error| format!("{} is not tutorial progress: {error}", path.display()))?;
    let mut completed: Vec<String> = Vec::new();
    for id in file.completed {
        if !completed.contains(&id) {
            completed.push(id);
        }
    }
    Ok(completed)
}

fn no_lesson() -> AppError {
    AppError::invalid("no tutorial lesson is open; start one first")
}

fn tutorial_error(error: TutorialError) -> AppError {
    match error {
        TutorialError::Rejected(rejection) => AppError::Illegal {
            message: rejection.message(TUTORIAL_SIZE),
            rejection,
        },
        other => AppError::invalid(other.to_string()),
    }
}

#[cfg(test)]
mod tests;
