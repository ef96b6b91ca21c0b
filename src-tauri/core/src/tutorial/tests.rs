use super::*;
use crate::test_dir::{core_in, TestDir};
use canon_engine::timego::tutorial::LessonStatus;

fn session(dir: &TestDir) -> TutorialSession {
    TutorialSession::open(dir.path(), true)
}

fn solve(session: &mut TutorialSession, index: usize) -> TutorialLesson {
    session.start(LessonArgs { index }).unwrap();
    let mut last = None;
    for &action in LESSONS[index].solution {
        last = Some(session.apply(TutorialActionArgs { action }).unwrap());
    }
    last.unwrap()
}

fn completed(session: &TutorialSession) -> Vec<bool> {
    session
        .overview()
        .lessons
        .iter()
        .map(|l| l.completed)
        .collect()
}

#[test]
fn progress_is_remembered_across_sessions() {
    let dir = TestDir::new("tutorial-progress");
    let mut first = session(&dir);
    assert_eq!(completed(&first), vec![false; 7]);
    let solved = solve(&mut first, 0);
    assert_eq!(solved.lesson.status, LessonStatus::Solved);
    assert!(solved.completed);
    solve(&mut first, 3);
    drop(first);
    let second = session(&dir);
    assert_eq!(
        completed(&second),
        vec![true, false, false, true, false, false, false]
    );
    assert_eq!(second.overview().notice, None);
}

#[test]
fn the_tutorial_never_touches_the_saved_game() {
    let dir = TestDir::new("tutorial-apart");
    let mut core = core_in(&dir);
    let before = core.timego().view();
    let saved = std::fs::read(dir.path().join(crate::timego::SAVE_FILE_NAME)).ok();
    for index in 0..LESSONS.len() {
        solve(core.tutorial_mut(), index);
        core.tutorial_mut().reset().unwrap();
    }
    assert_eq!(core.timego().view(), before);
    assert_eq!(
        std::fs::read(dir.path().join(crate::timego::SAVE_FILE_NAME)).ok(),
        saved
    );
    assert!(core
        .tutorial()
        .overview()
        .lessons
        .iter()
        .all(|l| l.completed));
}

#[test]
fn illegal_actions_are_explained_and_change_nothing() {
    let dir = TestDir::new("tutorial-illegal");
    let mut session = session(&dir);
    let start = session.start(LessonArgs { index: 1 }).unwrap();
    let suicide = Action::Place {
        player: canon_engine::go::Color::Black,
        point: 15,
    };
    match session.apply(TutorialActionArgs { action: suicide }) {
        Err(AppError::Illegal { message, .. }) => assert!(message.contains("D4"), "{message}"),
        other => panic!("expected an illegal-action error, got {other:?}"),
    }
    assert_eq!(session.current().unwrap(), start);
    assert!(!dir.path().join(PROGRESS_FILE_NAME).exists());
}

#[test]
fn commands_without_a_lesson_or_with_a_bad_index_are_refused() {
    let dir = TestDir::new("tutorial-none");
    let mut session = session(&dir);
    for result in [session.reset(), session.hint(), session.current()] {
        assert!(matches!(result, Err(AppError::InvalidArgument { .. })));
    }
    let error = session.start(LessonArgs { index: 7 }).unwrap_err();
    assert!(error.to_string().contains("no lesson 7"), "{error}");
}

#[test]
fn a_finished_lesson_needs_reset() {
    let dir = TestDir::new("tutorial-finished");
    let mut session = session(&dir);
    solve(&mut session, 0);
    let again = Action::Pass {
        player: canon_engine::go::Color::Black,
    };
    let error = session
        .apply(TutorialActionArgs { action: again })
        .unwrap_err();
    assert!(error.to_string().contains("Reset"), "{error}");
    let reset = session.reset().unwrap();
    assert_eq!(reset.lesson.status, LessonStatus::Playing);
    assert!(reset.completed, "progress stays after a reset");
}

#[test]
fn bad_progress_files_are_set_aside_with_a_reason() {
    for (label, text) in [
        ("not-json", "{not json"),
        ("wrong-shape", r#"{"completed": "all"}"#),
        ("unknown-field", r#"{"completed": [], "score": 3}"#),
    ] {
        let dir = TestDir::new(&format!("tutorial-bad-{label}"));
        let path = dir.path().join(PROGRESS_FILE_NAME);
        std::fs::write(&path, text).unwrap();
        let mut session = session(&dir);
        let notice = session.overview().notice.expect("a notice");
        assert!(notice.contains("cannot be used"), "{notice}");
        assert_eq!(completed(&session), vec![false; 7]);
        // Kept untouched, even when a lesson is solved, until the player sets it aside.
        solve(&mut session, 1);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text, "{label}");
        assert_eq!(
            session.invalid_file().map(|file| file.name),
            Some(PROGRESS_FILE_NAME.to_owned())
        );
        session.set_aside_invalid().unwrap();
        assert_eq!(session.invalid_file(), None);
        let kept = dir.names_starting_with("tutorial.invalid-");
        assert_eq!(kept.len(), 1, "{label}: {kept:?}");
        assert_eq!(
            std::fs::read_to_string(dir.path().join(&kept[0])).unwrap(),
            text
        );
        solve(&mut session, 2);
        assert!(
            completed(&TutorialSession::open(dir.path(), true))[2],
            "{label}"
        );
    }
}

#[test]
fn a_reading_only_instance_leaves_the_file_alone() {
    let dir = TestDir::new("tutorial-secondary");
    let path = dir.path().join(PROGRESS_FILE_NAME);
    std::fs::write(&path, "[]").unwrap();
    let mut session = TutorialSession::open(dir.path(), false);
    assert!(session.overview().notice.unwrap().contains("untouched"));
    solve(&mut session, 0);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "[]");
}

#[test]
fn unknown_lesson_ids_are_kept_and_duplicates_ignored() {
    let dir = TestDir::new("tutorial-unknown");
    let path = dir.path().join(PROGRESS_FILE_NAME);
    std::fs::write(
        &path,
        r#"{"completed": ["future-lesson", "scoring", "scoring"]}"#,
    )
    .unwrap();
    let mut session = session(&dir);
    assert_eq!(session.overview().notice, None);
    assert!(completed(&session)[6]);
    solve(&mut session, 0);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("future-lesson") && text.contains("place-and-capture"));
}
