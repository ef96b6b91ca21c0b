use super::*;
use crate::go::Color;
use crate::timego::{Action, Game, Rejection};

const BLACK: Color = Color::Black;

fn place(point: u16) -> Action {
    Action::Place {
        player: BLACK,
        point,
    }
}

fn solve(index: usize) -> LessonRun {
    let mut run = LessonRun::start(index).unwrap();
    for &action in LESSONS[index].solution {
        run.play(action).unwrap();
    }
    run
}

#[test]
fn every_start_is_a_legal_open_position_of_the_tutorial_size() {
    assert_eq!(LESSONS.len(), 7);
    for (index, lesson) in LESSONS.iter().enumerate() {
        let game = Game::replay(TUTORIAL_SIZE, TUTORIAL_KOMI, lesson.setup)
            .unwrap_or_else(|error| panic!("lesson {index} setup: {error}"));
        assert!(!game.is_ended(), "lesson {index}");
        let run = LessonRun::start(index).unwrap();
        assert_eq!(run.game().board(), game.board());
        assert_eq!(*run.status(), LessonStatus::Playing);
        assert!(
            !lesson.hints.is_empty() && !lesson.task.is_empty(),
            "{index}"
        );
    }
    let ids: std::collections::HashSet<_> = LESSONS.iter().map(|l| l.id).collect();
    assert_eq!(ids.len(), LESSONS.len(), "lesson ids are distinct");
}

#[test]
fn the_intended_solution_of_every_lesson_succeeds() {
    for index in 0..LESSONS.len() {
        let run = solve(index);
        assert_eq!(*run.status(), LessonStatus::Solved, "lesson {index}");
        assert_eq!(run.view().status, LessonStatus::Solved);
    }
}

#[test]
fn every_other_legal_first_action_misses_or_is_not_the_single_solution() {
    // For the one-action lessons, exactly the intended action (or an equivalent one named
    // here) solves; every other legal action is a miss.
    let also_solving: [&[Action]; 7] = [
        &[],
        &[],
        &[],
        // Any earlier arrival of C1 captures White's B1 before A2 is placed.
        &[
            Action::Time {
                player: BLACK,
                source: 4,
                target: 0,
            },
            Action::Time {
                player: BLACK,
                source: 4,
                target: 1,
            },
            Action::Time {
                player: BLACK,
                source: 4,
                target: 2,
            },
        ],
        &[],
        &[],
        &[],
    ];
    for index in 0..LESSONS.len() {
        if LESSONS[index].opponent != Opponent::None {
            continue;
        }
        let start = LessonRun::start(index).unwrap();
        for action in start.game().legal_actions() {
            let mut run = start.clone();
            let status = run.play(action).unwrap().clone();
            let expected =
                LESSONS[index].solution.contains(&action) || also_solving[index].contains(&action);
            assert_eq!(
                status == LessonStatus::Solved,
                expected,
                "lesson {index}, action {action:?}: {status:?}"
            );
            if !expected {
                assert!(matches!(status, LessonStatus::Missed { .. }));
                assert_eq!(run.play(action), Err(TutorialError::Finished));
            }
        }
    }
}

#[test]
fn illegal_attempts_are_refused_in_the_engines_words_and_change_nothing() {
    let cases = [
        (1, place(15), "suicide"),
        (2, place(2), "superko"),
        (
            5,
            Action::Time {
                player: BLACK,
                source: 2,
                target: 0,
            },
            "locked",
        ),
        (0, place(5), "occupied"),
    ];
    for (index, action, word) in cases {
        let mut run = LessonRun::start(index).unwrap();
        let before = run.view();
        let Err(TutorialError::Rejected(rejection)) = run.play(action) else {
            panic!("lesson {index}: {action:?} should be rejected");
        };
        assert!(
            rejection.message(TUTORIAL_SIZE).contains(word),
            "{}",
            rejection.message(TUTORIAL_SIZE)
        );
        assert_eq!(run.view(), before, "lesson {index}");
    }
    let mut run = LessonRun::start(0).unwrap();
    let wrong_player = Action::Place {
        player: Color::White,
        point: 9,
    };
    assert!(matches!(
        run.play(wrong_player),
        Err(TutorialError::Rejected(Rejection::NotYourTurn { .. }))
    ));
    assert!(matches!(
        LessonRun::start(7),
        Err(TutorialError::NoSuchLesson { index: 7, count: 7 })
    ));
}

#[test]
fn reset_returns_to_the_start() {
    for index in 0..LESSONS.len() {
        let fresh = LessonRun::start(index).unwrap().view();
        let mut run = solve(index);
        run.reset();
        assert_eq!(run.view(), fresh, "lesson {index}");
    }
}

#[test]
fn capture_lessons_target_opponent_stones_present_at_the_start() {
    for (index, lesson) in LESSONS.iter().enumerate() {
        if let Goal::Capture { points } = lesson.goal {
            let run = LessonRun::start(index).unwrap();
            for &p in points {
                assert_eq!(
                    run.game().board()[p as usize],
                    run.player().opposite().cell(),
                    "lesson {index} point {p}"
                );
            }
        }
    }
}

#[test]
fn marks_follow_the_present_position() {
    // Lesson 1: B2 ringed, its single liberty B3 dotted.
    let marks = LessonRun::start(0).unwrap().marks();
    assert_eq!(marks.rings, vec![5]);
    assert_eq!(marks.liberties, vec![9]);
    assert!(marks.crosses.is_empty());
    // Lesson 4: the ringed stones are exactly Black's travellers, B2 and C1.
    let run = LessonRun::start(3).unwrap();
    assert_eq!(run.marks().rings, vec![2, 5]);
    let travellers: Vec<u16> = run.view().travels.iter().map(|t| t.point).collect();
    assert_eq!(travellers, vec![5, 2]);
    // Lesson 6: the time move cancels White's D4, which gets a cross; rings disappear.
    // B1 (White), C3 (Black) and A2 (White) stand with locked births; A1 was captured.
    assert_eq!(LessonRun::start(5).unwrap().marks().locked, vec![1, 4, 10]);
    let run = solve(5);
    assert_eq!(run.marks().crosses, vec![15]);
    assert!(run.marks().rings.is_empty());
    assert!(run.view().travels.is_empty());
}

#[test]
fn the_lock_lesson_threat_is_real_before_the_lock() {
    let run = LessonRun::start(4).unwrap();
    let mut after_pass = run.game().clone();
    after_pass.apply(Action::Pass { player: BLACK }).unwrap();
    assert!(goal::opponent_can_restore(&after_pass, 0, Color::White));
    let locked = solve(4);
    assert!(!goal::opponent_can_restore(locked.game(), 0, Color::White));
}

#[test]
fn the_time_travel_lesson_cannot_be_solved_by_placing_at_a1() {
    // Placing at A1 is legal (it captures B1) and puts a black stone there, but it is a
    // new placement, not the restored birth.
    let mut run = LessonRun::start(3).unwrap();
    let status = run.play(place(0)).unwrap();
    assert!(matches!(status, LessonStatus::Missed { .. }));
    assert_eq!(run.game().board()[0], BLACK.cell());
}

#[test]
fn scoring_passes_until_the_game_ends_and_needs_the_capture() {
    // White passed last in the setup, so passing at once ends the game in a 6 to 6 draw.
    let mut run = LessonRun::start(6).unwrap();
    let status = run.play(Action::Pass { player: BLACK }).unwrap().clone();
    assert!(matches!(status, LessonStatus::Missed { .. }));
    assert!(run.game().is_ended());
    assert_eq!(run.game().score().area.black, 6);
    assert_eq!(run.game().score().area.white, 6);
    // Filling Black's own area without capturing never reaches 11.
    let mut run = LessonRun::start(6).unwrap();
    for point in [2, 5, 8, 12] {
        assert_eq!(run.play(place(point)).unwrap(), &LessonStatus::Playing);
    }
    let status = run.play(Action::Pass { player: BLACK }).unwrap().clone();
    assert!(matches!(status, LessonStatus::Missed { .. }));
    let solved = solve(6);
    assert_eq!(solved.game().score().area.black, 11);
}

#[test]
fn hints_are_revealed_one_at_a_time_and_survive_reset() {
    let mut run = LessonRun::start(0).unwrap();
    assert!(run.view().hints.is_empty());
    run.reveal_hint();
    assert_eq!(run.view().hints, vec![LESSONS[0].hints[0].to_owned()]);
    for _ in 0..5 {
        run.reveal_hint();
    }
    assert_eq!(run.view().hints.len(), LESSONS[0].hints.len());
    run.reset();
    assert_eq!(run.view().hints.len(), LESSONS[0].hints.len());
}
