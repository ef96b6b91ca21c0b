//! The engine's words for every refusal a player meets: illegal placements, diagrams that
//! cannot start a study, records that do not replay. Points are named as on the board
//! (`e5`, `I:a1`), moves are counted from 1, and the screen gets the same facts as data
//! ([`Refusal`]) so it can say them in any language.

use serde::Serialize;

use super::game::{AnalysisError, Origin, ReplayError, SetupError, SurfaceGame};
use super::geometry::Surface;
use super::rules::Rejection;
use super::Point;
use crate::go::BoardError;

/// What players call the surface.
pub fn surface_name(surface: Surface) -> &'static str {
    match surface {
        Surface::Mobius => "Möbius strip",
        Surface::Klein => "Klein bottle",
        Surface::Genus2 => "genus-two surface",
    }
}

/// The board name of `point` (`e5`, `I:a1`), or `point N` when it is not on the board.
pub fn point_name(surface: Surface, point: usize) -> String {
    Point::try_from(point)
        .ok()
        .and_then(|p| surface.label(p))
        .unwrap_or_else(|| format!("point {point}"))
}

/// The point a rejection is about, if it names one.
fn rejected_point(rejection: &Rejection) -> Option<usize> {
    match *rejection {
        Rejection::OffBoard { point } => Some(point),
        Rejection::Occupied { point }
        | Rejection::Suicide { point }
        | Rejection::Superko { point, .. } => Some(usize::from(point)),
        Rejection::Ended => None,
    }
}

/// Why a placement or action was refused, in a sentence, without knowing the line (a
/// superko against the starting board says "the board this line started from").
pub fn rejection_text(surface: Surface, rejection: &Rejection) -> String {
    words(
        surface,
        rejection,
        "the board this line started from",
        "The game has ended",
    )
}

fn words(surface: Surface, rejection: &Rejection, start: &str, ended: &str) -> String {
    let name = |point: usize| point_name(surface, point);
    match *rejection {
        Rejection::OffBoard { point } => format!(
            "There is no point {point} on the {}: it has {} points.",
            surface_name(surface),
            surface.points()
        ),
        Rejection::Occupied { point } => {
            format!("{} is occupied: a stone already stands there.", name(point.into()))
        }
        Rejection::Suicide { point } => format!(
            "A stone at {} would have no liberty, even after its captures: suicide is not allowed.",
            name(point.into())
        ),
        Rejection::Superko {
            point,
            after_actions: 0,
            ..
        } => format!(
            "A stone at {} would bring back {start}: positional superko forbids repeating any earlier board.",
            name(point.into())
        ),
        Rejection::Superko {
            point,
            after_actions,
            ..
        } => format!(
            "A stone at {} would bring back the board as it was after move {after_actions}: \
             positional superko forbids repeating any earlier board.",
            name(point.into())
        ),
        Rejection::Ended => format!("{ended}: no more moves can be played in this line."),
    }
}

/// A refusal as the screen shows it: the engine's reason, the facts a translation needs,
/// and the English sentence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Refusal {
    /// The engine's reason.
    pub rejection: Rejection,
    /// The board name of the point refused, when it is on the board.
    pub point: Option<String>,
    /// For positional superko: the move after which the same board stood (0: the start).
    pub earlier_move: Option<usize>,
    /// The sentence in English.
    pub message: String,
}

/// The refusal of `rejection` in `line`, worded for the line's kind (game, study or
/// analysis) so a repetition of the start and the end of a branch say what they are.
pub fn refusal(line: &SurfaceGame, rejection: &Rejection) -> Refusal {
    let surface = line.surface();
    let (start, ended) = match line.origin() {
        Origin::Game => (
            "the empty board the game started from",
            "The game has ended",
        ),
        Origin::Study { .. } => (
            "the diagram this study started from",
            "This study branch has ended",
        ),
        Origin::Analysis { .. } => (
            "the empty board the game started from",
            "This analysis branch has ended",
        ),
    };
    let point = rejected_point(rejection)
        .and_then(|p| Point::try_from(p).ok())
        .and_then(|p| surface.label(p));
    let earlier_move = match *rejection {
        Rejection::Superko { after_actions, .. } => Some(after_actions),
        _ => None,
    };
    Refusal {
        rejection: rejection.clone(),
        point,
        earlier_move,
        message: words(surface, rejection, start, ended),
    }
}

/// Why placing at `point` is refused in `line` now, or `None` if it is legal.
pub fn placement_refusal(line: &SurfaceGame, point: usize) -> Option<Refusal> {
    let explanation = line.explain_placement(point);
    explanation
        .rejection
        .map(|rejection| refusal(line, &rejection))
}

/// A refused action of a record: `action K: <reason>`, K counted from 0 as the formats
/// count actions.
pub fn replay_text(surface: Surface, error: &ReplayError) -> String {
    format!(
        "action {}: {}",
        error.index,
        rejection_text(surface, &error.rejection)
    )
}

/// Why a board is not a coloring of `surface`, in a sentence.
pub fn board_text(surface: Surface, error: &BoardError) -> String {
    match *error {
        BoardError::WrongLength { expected, found } => format!(
            "expected {expected} cells, one per point of the {}, found {found}",
            surface_name(surface)
        ),
        BoardError::BadCell { point, value } => format!(
            "{} has value {value}; cells are 0 (empty), 1 (black) or 2 (white)",
            point_name(surface, point)
        ),
    }
}

/// Why a diagram cannot start a study (or a game its komi), in a sentence.
pub fn setup_text(surface: Surface, error: &SetupError) -> String {
    match error {
        SetupError::Board(board) => board_text(surface, board),
        SetupError::NoLiberty {
            point,
            color,
            stones,
        } => {
            let stones = match stones {
                1 => "1 stone".to_owned(),
                n => format!("{n} stones"),
            };
            format!(
                "the {color} chain at {} ({stones}) has no liberty; every chain needs one before a study starts",
                point_name(surface, usize::from(*point))
            )
        }
        SetupError::Komi(komi) => komi.to_string(),
        SetupError::NoNextPlayer => "choose the player to move before starting a study".to_owned(),
    }
}

/// Why an analysis cannot start from a game prefix, in a sentence.
pub fn analysis_text(surface: Surface, error: &AnalysisError) -> String {
    match error {
        AnalysisError::Komi(komi) => komi.to_string(),
        AnalysisError::Prefix(replay) => format!("game prefix {}", replay_text(surface, replay)),
        AnalysisError::PrefixEnded { .. } => error.to_string(),
    }
}
