//! A second, trivial game on the game host: Nim (take 1 to 3 stones from one pile; who
//! takes the last stone wins). It proves that a game plugs in with its rules and record
//! alone: everything below it (line, cursor, review and its confirmation, autosave,
//! import/export, the invalid-save policy, the cancellable job) is the host's, and is
//! tested here through this game as it is through TimeGo.

use canon_app_core::host::job::{start_run_finish, Held, JobEnd, JobStop, Search, StopCheck};
use canon_app_core::host::session::GameSession;
use canon_app_core::host::HostedGame;
use canon_app_core::save_slot::SaveStatus;
use canon_app_core::test_dir::{paths_in, TestDir};
use canon_app_core::AppError;
use std::path::Path;
use std::sync::atomic::Ordering;
use std::sync::Mutex;

/// A Nim line: the starting pile and every take.
#[derive(Clone, Debug, PartialEq)]
struct Nim {
    pile: u32,
    takes: Vec<u32>,
}

impl Nim {
    fn left(&self) -> u32 {
        self.pile - self.takes.iter().sum::<u32>()
    }
}

#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct NimRecord {
    schema: String,
    pile: u32,
    takes: Vec<u32>,
    cursor: usize,
}

impl HostedGame for Nim {
    type Action = u32;
    type View = (u32, usize);
    const NAME: &'static str = "Nim";
    const DOCUMENT_KIND: &'static str = "nim-game";
    const SAVE_FILE: &'static str = "nim.json";
    const DOCUMENT_LIMIT: usize = 4_096;

    fn from_record(bytes: &[u8]) -> Result<(Self, usize), String> {
        let record: NimRecord = serde_json::from_slice(bytes).map_err(|e| e.to_string())?;
        if record.schema != Self::DOCUMENT_KIND {
            return Err(format!("schema {} is not nim-game", record.schema));
        }
        let mut game = Nim {
            pile: record.pile,
            takes: Vec::new(),
        };
        for (index, take) in record.takes.into_iter().enumerate() {
            game.apply_action(take)
                .map_err(|error| format!("take {index}: {error}"))?;
        }
        if record.cursor > game.takes.len() {
            return Err(format!("cursor {} is past the line", record.cursor));
        }
        Ok((game, record.cursor))
    }

    fn to_record(&self, cursor: usize) -> Result<String, String> {
        let record = NimRecord {
            schema: Self::DOCUMENT_KIND.to_owned(),
            pile: self.pile,
            takes: self.takes.clone(),
            cursor,
        };
        serde_json::to_string(&record).map_err(|e| e.to_string())
    }

    fn line_len(&self) -> usize {
        self.takes.len()
    }

    fn is_over(&self) -> bool {
        self.left() == 0
    }

    fn state_at(&self, cursor: usize) -> Result<Self, String> {
        match self.takes.get(..cursor) {
            Some(takes) => Ok(Nim {
                pile: self.pile,
                takes: takes.to_vec(),
            }),
            None => Err(format!("cursor {cursor} is past the line")),
        }
    }

    fn apply_action(&mut self, take: u32) -> Result<(), AppError> {
        if !(1..=3).contains(&take) || take > self.left() {
            return Err(AppError::invalid(format!(
                "cannot take {take} of {} stones",
                self.left()
            )));
        }
        self.takes.push(take);
        Ok(())
    }

    fn revision(&self) -> String {
        format!("{}:{:?}", self.pile, self.takes)
    }

    fn view(&self) -> Self::View {
        (self.left(), self.takes.len())
    }
}

/// The computer's search: the winning take, found by counting down `work` steps that
/// poll the stop check, so a test can make it long.
struct NimSearch {
    left: u32,
    work: u64,
}

enum NimStop {
    Cancelled,
    Deadline(u64),
}

impl From<NimStop> for JobStop {
    fn from(stop: NimStop) -> Self {
        match stop {
            NimStop::Cancelled => JobStop::Cancelled,
            NimStop::Deadline(deadline_ms) => JobStop::Deadline { deadline_ms },
        }
    }
}

impl Search for NimSearch {
    type Reply = u32;
    type Stop = NimStop;

    fn search(&self, check: &StopCheck) -> Result<u32, NimStop> {
        for _ in 0..self.work {
            if check.cancelled() {
                return Err(NimStop::Cancelled);
            }
            if check.past_deadline() {
                return Err(NimStop::Deadline(check.deadline_ms()));
            }
            std::thread::yield_now();
        }
        Ok(match self.left % 4 {
            0 => 1,
            winning => winning,
        })
    }
}

/// A scratch directory with the Nim save in it.
struct Dir(TestDir);

impl Dir {
    fn new(label: &str) -> Self {
        Self(TestDir::new(&format!("nim-{label}")))
    }
    fn path(&self) -> &Path {
        self.0.path()
    }
    fn saved(&self) -> String {
        std::fs::read_to_string(self.path().join(Nim::SAVE_FILE)).unwrap()
    }
}

fn open(dir: &Path, may_write: bool) -> GameSession<Nim> {
    GameSession::open(dir, may_write, || Nim {
        pile: 10,
        takes: Vec::new(),
    })
    .0
}

fn play(session: &mut GameSession<Nim>, takes: &[u32]) {
    for &take in takes {
        session.apply(take, false).unwrap();
    }
}

#[test]
fn every_take_is_autosaved_and_reloads_with_its_cursor() {
    let dir = Dir::new("autosave");
    let mut session = open(dir.path(), true);
    assert_eq!(session.save_status(), &SaveStatus::NothingToSave);
    play(&mut session, &[3, 2]);
    assert_eq!(session.save_status(), &SaveStatus::Saved);
    assert_eq!(dir.saved(), session.export().unwrap());
    let (reloaded, loaded) = GameSession::<Nim>::open(dir.path(), true, || unreachable!());
    assert!(loaded);
    assert_eq!(reloaded.viewed().view(), (5, 2));
    let refused = session.apply(4, false).unwrap_err();
    assert!(matches!(refused, AppError::InvalidArgument { .. }));
    assert_eq!(reloaded.line(), session.line(), "a refusal changes nothing");
}

#[test]
fn a_game_is_under_way_from_its_first_take_until_it_is_over() {
    let dir = Dir::new("under-way");
    let mut session = open(dir.path(), true);
    assert!(!session.in_progress(), "nothing taken yet");
    play(&mut session, &[3, 3]);
    assert!(session.in_progress());
    // Reviewing the start does not make the game less under way: its line goes on.
    session.review(0).unwrap();
    assert!(session.in_progress());
    session.review(2).unwrap();
    play(&mut session, &[3, 1]);
    assert!(!session.in_progress(), "the last stone is taken");
}

#[test]
fn review_needs_confirmation_to_replace_the_later_turns() {
    let dir = Dir::new("review");
    let mut session = open(dir.path(), true);
    play(&mut session, &[1, 2, 3]);
    session.review(1).unwrap();
    assert!(dir.saved().contains("\"cursor\":1"), "review is saved");
    let refused = session.apply(3, false).unwrap_err();
    assert!(
        matches!(&refused, AppError::ConfirmationNeeded { message } if message.contains("2 later turns")),
        "{refused:?}"
    );
    assert_eq!(session.line().takes, vec![1, 2, 3]);
    session.apply(3, true).unwrap();
    assert_eq!(session.line().takes, vec![1, 3]);
    assert_eq!(session.cursor(), 2);
    assert!(session.review(3).is_err());
}

#[test]
fn import_and_export_round_trip_and_a_bad_document_changes_nothing() {
    let dir = Dir::new("files");
    let mut session = open(dir.path(), true);
    play(&mut session, &[2, 2]);
    let exported = dir.path().join("shared.nim.json");
    session.export_to(&exported).unwrap();
    let before = dir.saved();
    for bad in [
        "",
        "{}",
        r#"{"schema":"nim-game","pile":3,"takes":[4],"cursor":1}"#,
    ] {
        let error = session.import(bad).unwrap_err();
        assert!(matches!(error, AppError::InvalidRecord { .. }), "{bad}");
    }
    let huge = dir.path().join("huge.json");
    std::fs::write(&huge, vec![b' '; Nim::DOCUMENT_LIMIT + 1]).unwrap();
    assert!(matches!(
        session.import_from(&huge),
        Err(AppError::InvalidRecord { .. })
    ));
    assert_eq!(dir.saved(), before);
    session.apply(1, false).unwrap();
    session.import_from(&exported).unwrap();
    assert_eq!(session.line().takes, vec![2, 2]);
    assert_eq!(dir.saved(), std::fs::read_to_string(&exported).unwrap());
}

#[test]
fn an_invalid_save_is_kept_and_set_aside_only_on_confirmation() {
    let dir = Dir::new("invalid");
    let path = dir.path().join(Nim::SAVE_FILE);
    std::fs::write(&path, "{ broken").unwrap();
    let (mut session, loaded) = GameSession::<Nim>::open(dir.path(), true, || Nim {
        pile: 7,
        takes: Vec::new(),
    });
    assert!(!loaded);
    assert!(
        matches!(session.save_status(), SaveStatus::PausedInvalidSave { message, .. } if message.contains("Nim"))
    );
    play(&mut session, &[1]);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "{ broken");
    assert_eq!(session.invalid_save().unwrap().as_deref(), Some("{ broken"));
    assert!(matches!(
        session.set_aside_invalid(false),
        Err(AppError::ConfirmationNeeded { .. })
    ));
    session.set_aside_invalid(true).unwrap();
    assert_eq!(session.save_status(), &SaveStatus::Saved);
    assert_eq!(dir.saved(), session.export().unwrap());
    let kept = paths_in(dir.path(), |name| name.contains("nim.invalid-"));
    assert_eq!(kept.len(), 1);
    assert_eq!(std::fs::read_to_string(&kept[0]).unwrap(), "{ broken");
}

fn job(
    session: &mut GameSession<Nim>,
    work: u64,
) -> canon_app_core::host::job::EngineJob<NimSearch> {
    session
        .job_start(false, |game| NimSearch {
            left: game.left(),
            work,
        })
        .unwrap()
}

#[test]
fn a_job_reply_is_given_for_the_position_searched() {
    let dir = Dir::new("job");
    let mut session = open(dir.path(), true);
    play(&mut session, &[1]);
    let state = Mutex::new(session);
    let end = start_run_finish(
        &state,
        |session: &mut GameSession<Nim>| Ok(job(session, 10)),
        |session, job, result| session.job_finish(&job, result),
    )
    .unwrap();
    assert_eq!(
        end,
        JobEnd::Reply(1),
        "9 left: take 1 leaves a multiple of 4"
    );
    let mut session = state.into_inner().unwrap();
    let held = Held::new(&mut session);
    let end = start_run_finish(
        &held,
        |session: &mut GameSession<Nim>| Ok(job(session, 10)),
        |session, job, result| session.job_finish(&job, result),
    )
    .unwrap();
    assert_eq!(end, JobEnd::Reply(1));
}

#[test]
fn a_cancelled_job_stops_and_changes_nothing() {
    let dir = Dir::new("job-cancel");
    let mut session = open(dir.path(), true);
    play(&mut session, &[2]);
    let job = job(&mut session, u64::MAX);
    let search = std::thread::spawn(move || {
        let result = job.run();
        (job, result)
    });
    assert!(session.jobs().cancel(), "a job was running");
    let (job, result) = search.join().unwrap();
    assert!(matches!(result, Err(NimStop::Cancelled)));
    assert_eq!(session.job_finish(&job, result), JobEnd::Cancelled);
    assert_eq!(session.line().takes, vec![2]);
    assert!(!session.job_running());
}

#[test]
fn the_hard_deadline_ends_a_job_without_a_reply() {
    let dir = Dir::new("job-deadline");
    let mut session = open(dir.path(), true);
    session.jobs().set_deadline_ms(0);
    let job = job(&mut session, u64::MAX);
    let result = job.run();
    assert_eq!(
        session.job_finish(&job, result),
        JobEnd::Deadline { deadline_ms: 0 }
    );
}

#[test]
fn a_reply_for_a_changed_position_is_discarded() {
    let dir = Dir::new("job-stale");
    let mut session = open(dir.path(), true);
    play(&mut session, &[1, 1]);
    let stale = job(&mut session, 1);
    let result = stale.run();
    assert!(!stale.cancel_flag().load(Ordering::Relaxed));
    session.review(1).unwrap();
    assert!(
        stale.cancel_flag().load(Ordering::Relaxed),
        "review cancels"
    );
    assert!(matches!(
        session.job_finish(&stale, result),
        JobEnd::Discarded(_)
    ));
    // Same cursor, another line: only the revision tells them apart.
    session.review(2).unwrap();
    let stale = job(&mut session, 1);
    let result = stale.run();
    session
        .import(
            &Nim {
                pile: 12,
                takes: vec![3, 3],
            }
            .to_record(2)
            .unwrap(),
        )
        .unwrap();
    assert!(matches!(
        session.job_finish(&stale, result),
        JobEnd::Discarded(_)
    ));
    assert_eq!(session.line().pile, 12);
}
