//! The one error type every command returns, serialized for the UI as
//! `{"kind": "...", "message": "..."}` so it can always show words to the player.

use crate::host::GameId;
use serde::Serialize;
use ts_rs::TS;

/// An engine's typed rejection, one variant per game; serialized as the game's own
/// rejection (the game is named beside it in [`AppError::Illegal`]).
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(untagged)]
pub enum GameRejection {
    /// A TimeGo rule.
    TimeGo(canon_engine::timego::Rejection),
    /// A Go on surfaces rule refused an action.
    Surface(canon_engine::surfaces::Rejection),
    /// A Go on surfaces diagram cannot begin a study.
    SurfaceSetup(canon_engine::surfaces::SetupError),
    /// A Time Chess rule, or why typed text is not a move.
    Chess(canon_engine::timechess::EntryError),
}

/// Why a command did nothing. `message` is always a sentence a player can read.
#[derive(Debug, Clone, PartialEq, Serialize, TS, thiserror::Error)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum AppError {
    /// An argument is malformed or out of range; nothing changed.
    #[error("{message}")]
    InvalidArgument {
        /// What is wrong.
        message: String,
    },
    /// The rules forbid the action; nothing changed.
    #[error("{message}")]
    Illegal {
        /// Whose rules.
        game: GameId,
        /// The engine's reason, in words.
        message: String,
        /// The engine's reason, for a translated text.
        rejection: GameRejection,
    },
    /// The file is a game this version has no screen for yet; nothing changed.
    #[error("{message}")]
    NotPlayableYet {
        /// The file's game.
        game: GameId,
        /// What happened, in words.
        message: String,
    },
    /// An imported or saved record was rejected; nothing changed.
    #[error("{message}")]
    InvalidRecord {
        /// Which action or field is wrong, and why.
        message: String,
    },
    /// The action would discard later turns of the reviewed game; it needs confirmation.
    #[error("{message}")]
    ConfirmationNeeded {
        /// What would be lost.
        message: String,
    },
    /// Reading or writing a file failed.
    #[error("{message}")]
    Storage {
        /// The operating system's error, in words.
        message: String,
    },
    /// The bridge or the webview asked for a command that does not exist.
    #[error("{message}")]
    UnknownCommand {
        /// Which name.
        message: String,
    },
}

impl AppError {
    /// A malformed-argument error.
    pub fn invalid(message: impl Into<String>) -> Self {
        AppError::InvalidArgument {
            message: message.into(),
        }
    }

    /// A TimeGo rule refused the action: `message` says why in words.
    pub fn timego_illegal(rejection: canon_engine::timego::Rejection, message: String) -> Self {
        AppError::Illegal {
            game: GameId::TimeGo,
            message,
            rejection: GameRejection::TimeGo(rejection),
        }
    }

    /// Time Chess refused a move or typed text: the message says why in words.
    pub fn chess_illegal(error: canon_engine::timechess::EntryError) -> Self {
        AppError::Illegal {
            game: GameId::Chess,
            message: error.to_string(),
            rejection: GameRejection::Chess(error),
        }
    }

    /// A file-access error.
    pub fn storage(message: impl Into<String>) -> Self {
        AppError::Storage {
            message: message.into(),
        }
    }
}

/// Result of every command.
pub type CommandResult<T> = Result<T, AppError>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serializes_as_kind_and_message() {
        let error = AppError::invalid("size 7 is not 2, 3, 4 or 5");
        assert_eq!(
            serde_json::to_value(&error).unwrap(),
            serde_json::json!({"kind": "invalid_argument", "message": "size 7 is not 2, 3, 4 or 5"})
        );
        assert_eq!(error.to_string(), "size 7 is not 2, 3, 4 or 5");
    }

    #[test]
    fn an_illegal_action_names_its_game_and_keeps_the_engines_rejection() {
        let rejection = canon_engine::timego::Rejection::Occupied { point: 1 };
        let error = AppError::timego_illegal(rejection.clone(), "B1 is occupied".to_owned());
        let value = serde_json::to_value(&error).unwrap();
        assert_eq!(value["kind"], "illegal");
        assert_eq!(value["game"], "timego");
        assert_eq!(
            value["rejection"],
            serde_json::to_value(&rejection).unwrap()
        );
    }
}
