//! The seven exercises as data. Points are `row * 4 + column` from A1 at the bottom left:
//! A1 = 0, D1 = 3, A2 = 4, B2 = 5, D4 = 15. Every setup is an ordinary action list from
//! the empty board, replayed by the engine like any record; lesson texts are English only
//! (the page says so).

use super::goal::{Goal, Opponent, Rings};
use crate::go::{Color, Point};
use crate::timego::Action;

/// Board size of every exercise.
pub const TUTORIAL_SIZE: u8 = 4;
/// Komi of every exercise (the rules: "New games and the tutorial use zero komi").
pub const TUTORIAL_KOMI: f64 = 0.0;

/// One exercise: a starting position, a goal, its words and the marks it draws.
#[derive(Clone, Copy, Debug)]
pub struct Lesson {
    /// Stable identifier, used to remember progress.
    pub id: &'static str,
    /// Short title.
    pub title: &'static str,
    /// The idea the lesson introduces, in two or three sentences.
    pub idea: &'static str,
    /// The task shown under "Your task".
    pub task: &'static str,
    /// Hints, revealed one at a time.
    pub hints: &'static [&'static str],
    /// What the player sees when the goal is reached.
    pub success: &'static str,
    /// Why a legal action that misses the goal does not count.
    pub miss: &'static str,
    /// The actions from the empty board that reach the starting position.
    pub setup: &'static [Action],
    /// What the player must reach.
    pub goal: Goal,
    /// How the opponent answers.
    pub opponent: Opponent,
    /// Which stones are ringed.
    pub rings: Rings,
    /// Stones whose groups get dots on their empty liberties.
    pub focus: &'static [Point],
    /// One intended solution: the player's actions (opponent answers come from `opponent`).
    pub solution: &'static [Action],
}

const fn b(point: Point) -> Action {
    Action::Place {
        player: Color::Black,
        point,
    }
}

const fn w(point: Point) -> Action {
    Action::Place {
        player: Color::White,
        point,
    }
}

const fn pass(player: Color) -> Action {
    Action::Pass { player }
}

/// The seven exercises, in order.
pub const LESSONS: [Lesson; 7] = [
    Lesson {
        id: "place-and-capture",
        title: "Place and capture",
        idea: "Black starts, and players take turns placing a stone on an empty intersection. \
               Stones of one colour that touch horizontally or vertically form a group; the \
               empty points next to it are its liberties. A group with no liberty left is \
               captured and removed.",
        task: "Capture the white stone at B2.",
        hints: &[
            "The dot shows the only liberty White's stone at B2 has left.",
            "Place a black stone on that liberty: B3.",
        ],
        success: "Captured! The white stone had no liberty left and was removed.",
        miss: "That placement is legal, but the white stone at B2 still has a liberty.",
        setup: &[b(4), w(5), b(6), w(15), b(1), w(12)],
        goal: Goal::Capture { points: &[5] },
        opponent: Opponent::None,
        rings: Rings::Stones(&[5]),
        focus: &[5],
        solution: &[b(9)],
    },
    Lesson {
        id: "liberties-and-suicide",
        title: "Liberties and suicide",
        idea: "A placement that leaves your own group without a liberty is suicide, and \
               suicide is illegal. Captures come first, though: a stone that takes the last \
               liberty of an opposing group removes it and so gains a liberty.",
        task: "Capture both white stones at A2 and B1. One empty point only looks like suicide.",
        hints: &[
            "D4 is suicide for Black: the white stones around it keep their other liberties.",
            "A1 touches only white stones, but it is the last liberty of both A2 and B1.",
            "Place at A1: the captures happen first, so your stone has liberties.",
        ],
        success: "Both white stones were captured first, so your stone at A1 has liberties: \
                  not suicide.",
        miss: "That placement is legal, but it captures neither white stone.",
        setup: &[
            b(2),
            w(1),
            b(5),
            w(4),
            b(8),
            w(14),
            pass(Color::Black),
            w(11),
        ],
        goal: Goal::Capture { points: &[4, 1] },
        opponent: Opponent::None,
        rings: Rings::Stones(&[4, 1]),
        focus: &[4, 1, 11, 14],
        solution: &[b(0)],
    },
    Lesson {
        id: "repetition",
        title: "The repetition rules",
        idea: "No placement may recreate an earlier complete board of the placement order, \
               including the empty board. White has just captured your stone at C1; taking \
               back at once would recreate the board after your own C1. A second rule forbids \
               any non-pass action that repeats a placement order and locked boundary \
               already reached in play.",
        task: "Retaking at C1 is forbidden now. Capture the white stone at D4 instead.",
        hints: &[
            "Try C1: the engine explains why it is refused.",
            "The white stone at D4 has one liberty, marked with a dot.",
            "Place at D3.",
        ],
        success: "Captured. Retaking at C1 would have repeated an earlier board, so you \
                  played elsewhere.",
        miss: "That placement is legal, but the white stone at D4 still stands.",
        setup: &[b(0), w(6), b(5), w(3), b(14), w(15), b(2), w(1)],
        goal: Goal::Capture { points: &[15] },
        opponent: Opponent::None,
        rings: Rings::Stones(&[1, 15]),
        focus: &[1, 15],
        solution: &[b(11)],
    },
    Lesson {
        id: "time-travel",
        title: "Time travel",
        idea: "Instead of placing, you may move the placement of one of your living stones \
               earlier in the placement order. The stone keeps its colour and intersection; \
               every later placement replays, and captures can turn out differently. Your \
               stone at A1 (placement 1) was captured by White's A2.",
        task: "Play a time move that brings back your captured stone at A1.",
        hints: &[
            "Ringed stones may travel. Choose Time, then a ringed stone.",
            "If your C1 had been there before White's A2, White's B1 would have had no \
             liberty.",
            "Move C1 to before placement 4 (White's A2).",
        ],
        success: "Your stone at A1 is back: with C1 earlier, White's B1 is captured before A2 \
                  is placed, so A1 keeps a liberty.",
        miss: "That action is legal, but your stone at A1 is still captured.",
        setup: &[b(0), w(1), b(5), w(4), b(2), w(15)],
        goal: Goal::RestoreByTime { point: 0 },
        opponent: Opponent::None,
        rings: Rings::Travellers,
        focus: &[1],
        solution: &[Action::Time {
            player: Color::Black,
            source: 4,
            target: 3,
        }],
    },
    Lesson {
        id: "lock",
        title: "Lock",
        idea: "Lock spends your whole turn protecting every current placement: neither player \
               may move them in time afterwards. You captured White's stone at A1, but White's \
               C1 could travel earlier and bring it back.",
        task: "Make sure no time move of White can bring back the stone at A1.",
        hints: &[
            "The ring marks White's stone that could travel.",
            "No placement stops that time move, but Lock protects the whole past.",
            "Choose Lock.",
        ],
        success: "Locked. White's C1 can no longer travel, so A1 stays captured. Lock protects \
                  placements, not stones: White may still attack B1 in the future.",
        miss: "That action is legal, but White's C1 can still travel and bring back A1.",
        setup: &[b(15), w(0), b(1), w(5), b(4), w(2)],
        goal: Goal::LockAgainstRestoring { point: 0 },
        opponent: Opponent::None,
        rings: Rings::Stones(&[2]),
        focus: &[1],
        solution: &[Action::Lock {
            player: Color::Black,
        }],
    },
    Lesson {
        id: "protected-past",
        title: "The protected past",
        idea: "The first four placements are locked. Your stone at A1 was captured in that \
               locked past and can never return. Later stones may travel only within the \
               unlocked part, and a placement that finds its point occupied during replay is \
               cancelled for good.",
        task: "With a time move inside the unlocked past, cancel White's placement at D4.",
        hints: &[
            "Locked stones (small squares) cannot travel; ringed stones can.",
            "Your D4 now stands where White once played. What if it had been there first?",
            "Move D4 to before placement 5, the first unlocked one.",
        ],
        success: "White's D4 found its point occupied and was cancelled: the cross marks it. \
                  The locked past stayed as it was.",
        miss: "That action is legal, but White's placement at D4 is still in the order.",
        setup: &[
            b(0),
            w(1),
            b(10),
            w(4),
            Action::Lock {
                player: Color::Black,
            },
            w(15),
            b(14),
            w(12),
            b(11),
            w(13),
            b(15),
            w(3),
        ],
        goal: Goal::CancelByTime { point: 15 },
        opponent: Opponent::None,
        rings: Rings::Travellers,
        focus: &[],
        solution: &[Action::Time {
            player: Color::Black,
            source: 9,
            target: 4,
        }],
    },
    Lesson {
        id: "scoring",
        title: "Scoring",
        idea: "Two consecutive passes end the game. Each surviving stone scores a point, and \
               each empty region scores for the one colour it touches; regions touching both \
               colours are neutral. Komi is zero. Dead stones are never removed \
               automatically: capture them before passing.",
        task: "End the game with at least 11 points for Black. White passes whenever you act.",
        hints: &[
            "White's A1 is still on the board, so the empty points beside it are neutral.",
            "Capture A1 by placing at A2, then pass.",
        ],
        success: "Game over: with A1 captured, the whole left side is Black's area: 11 points \
                  to White's 5.",
        miss: "The game has ended, but Black has fewer than 11 points: the white stone at A1 \
               made the empty points beside it neutral.",
        setup: &[
            b(13),
            w(14),
            b(9),
            w(10),
            b(6),
            w(7),
            b(3),
            w(0),
            b(1),
            pass(Color::White),
        ],
        goal: Goal::WinByArea { at_least: 11 },
        opponent: Opponent::Passes,
        rings: Rings::Stones(&[0]),
        focus: &[0],
        solution: &[
            b(4),
            Action::Pass {
                player: Color::Black,
            },
        ],
    },
];

/// The lesson at `index`, if there is one.
pub fn lesson(index: usize) -> Option<&'static Lesson> {
    LESSONS.get(index)
}
