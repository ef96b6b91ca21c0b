//! Typing a move: the dissertation's notation (`e2t0e4t0`) read with a reason for every
//! refusal — which part is not a square or a turn, or which rule forbids the move — and
//! completion of a partly typed move from the legal moves.

use serde::Serialize;

use super::coord::{Move, Pos, MAX_NOTATION_TURN};
use super::game::Game;
use super::legality::IllegalMove;
use super::piece::{Color, Kind};
use crate::strict::excerpt;

/// Why typed text is not a move that can be played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[serde(
    rename_all = "camelCase",
    rename_all_fields = "camelCase",
    tag = "error"
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum EntryError {
    /// Nothing was typed.
    #[error("Type a move like e2t0e4t0")]
    Empty,
    /// A position does not start with a file a–h and a rank 1–8.
    #[error("'{text}' does not start with a square (a1 to h8)")]
    BadSquare {
        /// The text from the start of that position.
        text: String,
    },
    /// A square is not followed by `t` and a turn number without leading zeros.
    #[error("'{text}' does not give a turn like t0 or t12")]
    BadTurn {
        /// The text from the start of that position.
        text: String,
    },
    /// The text is not exactly two positions.
    #[error("'{text}' is not two positions like e2t0e4t0")]
    BadMove {
        /// The whole text.
        text: String,
    },
    /// No legal move starts with the typed text.
    #[error("No legal move starts with '{text}'")]
    NoMatch {
        /// The typed text.
        text: String,
    },
    /// The game has ended.
    #[error("The game is over")]
    GameOver,
    /// A well-formed move that the rules refuse.
    #[error("{mv}: {message}")]
    Illegal {
        /// The move.
        mv: Move,
        /// The rule that forbids it.
        rule: Refusal,
        /// The engine's reason in English (TCECP's wording).
        message: String,
    },
}

/// The rule that refuses a move, as data ([`IllegalMove`] with its details typed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(
    rename_all = "camelCase",
    rename_all_fields = "camelCase",
    tag = "rule"
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Refusal {
    /// The game has ended.
    GameOver,
    /// Moves start in the present.
    NotPresent {
        /// The present's turn.
        present: u32,
    },
    /// No piece stands where the move starts.
    NoPiece {
        /// That position.
        at: Pos,
    },
    /// The piece belongs to the side not to move.
    NotYourPiece {
        /// The side to move.
        to_move: Color,
    },
    /// The piece does not move that way.
    NotAMove {
        /// Its kind.
        kind: Kind,
    },
    /// A pawn's double step after it has moved.
    DoubleAfterMoving,
    /// A position of the path is occupied.
    Blocked {
        /// The first occupied position.
        at: Pos,
    },
    /// The destination holds a piece of the mover's side.
    OwnPiece,
    /// A pawn's straight move onto an occupied position.
    PawnBlocked,
    /// A pawn's diagonal move with nothing to capture.
    PawnNothingToCapture,
    /// The move leaves the mover's king to be taken.
    Check,
}

/// What a partly typed move can become.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Completion {
    /// The text as read (spaces dropped, letters in lower case).
    pub prefix: String,
    /// Every legal move whose notation starts with it, sorted.
    pub moves: Vec<Move>,
    /// Their distinct starting positions, sorted.
    pub origins: Vec<Pos>,
    /// Their distinct destinations, sorted (by turn, rank, file).
    pub destinations: Vec<Pos>,
    /// Why no move matches, `null` when some do.
    pub problem: Option<EntryError>,
}

/// The typed text as the notation spells it: spaces anywhere are dropped (people type
/// `e2t0 e4t0`) and letters are lower case.
fn normalise(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// Reads the position starting at byte `at` of `text`; `partial` accepts text that ends
/// before the position does. Returns the position (`None` if cut short) and where it ends.
fn scan_pos(text: &str, at: usize, partial: bool) -> Result<(Option<Pos>, usize), EntryError> {
    let bytes = &text.as_bytes()[at..];
    let rest = || excerpt(&text[at..]);
    // With `partial`, text ending before byte `len` of the position is a prefix of one.
    let cut = |len: usize| partial && bytes.len() <= len;
    let within =
        |i: usize, low: u8, high: u8| bytes.get(i).is_some_and(|b| (low..=high).contains(b));
    if cut(0) {
        return Ok((None, text.len()));
    }
    if !within(0, b'a', b'h') {
        return Err(EntryError::BadSquare { text: rest() });
    }
    if cut(1) {
        return Ok((None, text.len()));
    }
    if !within(1, b'1', b'8') {
        return Err(EntryError::BadSquare { text: rest() });
    }
    if cut(2) {
        return Ok((None, text.len()));
    }
    if bytes.get(2) != Some(&b't') {
        return Err(EntryError::BadTurn { text: rest() });
    }
    let digits = bytes[3..].iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 {
        return if cut(3) {
            Ok((None, text.len()))
        } else {
            Err(EntryError::BadTurn { text: rest() })
        };
    }
    let number = &text[at + 3..at + 3 + digits];
    if (digits > 1 && number.starts_with('0')) || digits > 7 {
        return Err(EntryError::BadTurn { text: rest() });
    }
    let turn: u32 = number
        .parse()
        .map_err(|_| EntryError::BadTurn { text: rest() })?;
    if turn > MAX_NOTATION_TURN {
        return Err(EntryError::BadTurn { text: rest() });
    }
    let pos = Pos {
        turn,
        rank: bytes[1] - b'1',
        file: bytes[0] - b'a',
    };
    Ok((Some(pos), at + 3 + digits))
}

/// Reads up to two positions; with `partial`, text cut short is fine.
fn scan(text: &str, partial: bool) -> Result<(Option<Pos>, Option<Pos>), EntryError> {
    let (from, end) = scan_pos(text, 0, partial)?;
    if from.is_none() || (partial && end == text.len()) {
        return Ok((from, None));
    }
    if end == text.len() {
        return Err(EntryError::BadMove {
            text: excerpt(text),
        });
    }
    let (to, end) = scan_pos(text, end, partial)?;
    if end != text.len() {
        return Err(EntryError::BadMove {
            text: excerpt(text),
        });
    }
    Ok((from, to))
}

impl Game {
    /// Reads a typed move and checks it as [`Game::play`] would, without playing it.
    pub fn parse_entry(&self, text: &str) -> Result<Move, EntryError> {
        let text = normalise(text);
        if text.is_empty() {
            return Err(EntryError::Empty);
        }
        let (Some(from), Some(to)) = scan(&text, false)? else {
            return Err(EntryError::BadMove {
                text: excerpt(&text),
            });
        };
        let mv = Move { from, to };
        self.probe(&mv).map_err(|error| self.refusal(mv, &error))?;
        Ok(mv)
    }

    /// The legal moves whose notation starts with `prefix` (`e1t0`: the moves of the
    /// piece there; `e1`: those of any piece on e1), their origins and destinations.
    pub fn complete(&self, prefix: &str) -> Completion {
        let prefix = normalise(prefix);
        let mut completion = Completion {
            prefix: prefix.clone(),
            moves: Vec::new(),
            origins: Vec::new(),
            destinations: Vec::new(),
            problem: None,
        };
        if self.outcome().is_some() {
            completion.problem = Some(EntryError::GameOver);
            return completion;
        }
        if let Err(error) = scan(&prefix, true) {
            completion.problem = Some(error);
            return completion;
        }
        let mut moves: Vec<Move> = self
            .legal_actions()
            .into_iter()
            .filter(|mv| mv.to_string().starts_with(&prefix))
            .collect();
        moves.sort();
        if moves.is_empty() {
            completion.problem = Some(match self.parse_entry(&prefix) {
                Err(error @ EntryError::Illegal { .. }) => error,
                _ => EntryError::NoMatch {
                    text: excerpt(&prefix),
                },
            });
        }
        let mut origins: Vec<Pos> = moves.iter().map(|mv| mv.from).collect();
        origins.dedup();
        let mut destinations: Vec<Pos> = moves.iter().map(|mv| mv.to).collect();
        destinations.sort();
        destinations.dedup();
        completion.moves = moves;
        completion.origins = origins;
        completion.destinations = destinations;
        completion
    }

    /// The typed refusal of `mv`, which the rules forbid in this position for `error` (as
    /// [`Game::play`] or [`Game::probe`] said), for hosts that play moves given as data.
    pub fn refusal(&self, mv: Move, error: &IllegalMove) -> EntryError {
        let rule = match *error {
            IllegalMove::GameOver => Refusal::GameOver,
            IllegalMove::NotPresent(present) => Refusal::NotPresent { present },
            IllegalMove::NoPiece(at) => Refusal::NoPiece { at },
            IllegalMove::NotYourPiece(_) => Refusal::NotYourPiece {
                to_move: self.to_move(),
            },
            IllegalMove::NotAMove(_) => Refusal::NotAMove {
                kind: self.piece_at(mv.from).map_or(Kind::Pawn, |p| p.kind),
            },
            IllegalMove::DoubleAfterMoving => Refusal::DoubleAfterMoving,
            IllegalMove::Blocked(at) => Refusal::Blocked { at },
            IllegalMove::OwnPiece => Refusal::OwnPiece,
            IllegalMove::PawnBlocked => Refusal::PawnBlocked,
            IllegalMove::PawnNothingToCapture => Refusal::PawnNothingToCapture,
            IllegalMove::Check => Refusal::Check,
        };
        EntryError::Illegal {
            mv,
            rule,
            message: error.to_string(),
        }
    }
}
