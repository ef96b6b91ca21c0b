//! `canon timego check|legal FILE`: replay a `time-go-game` record and print its recomputed
//! checkpoint or the legal actions of the player to move.

use crate::input::read_limited;
use canon_engine::timego::{Game, DOCUMENT_LIMIT};
use std::process::ExitCode;

const USAGE: &str =
    "usage: canon timego check FILE   print the recomputed checkpoint (exit 1 if rejected)
       canon timego legal FILE   print every legal action of the player to move
FILE is a time-go-game v1 document, or - for standard input.";

/// Runs `canon timego …` with the arguments after `timego`.
pub fn run(args: &[String]) -> ExitCode {
    let (command, path) = match args {
        [command, path] if command == "check" || command == "legal" => (command.as_str(), path),
        [help] if help == "help" || help == "--help" || help == "-h" => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        _ => {
            eprintln!("canon timego: expected `check FILE` or `legal FILE`\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let game = match read_limited(path, DOCUMENT_LIMIT)
        .and_then(|bytes| Game::from_record(&bytes).map_err(|error| error.to_string()))
    {
        Ok((game, _cursor)) => game,
        Err(message) => {
            eprintln!("canon timego {command}: {path}: {message}");
            return ExitCode::from(1);
        }
    };
    let output = if command == "check" {
        serde_json::to_string(&game.checkpoint())
    } else {
        serde_json::to_string(&game.legal_actions())
    };
    println!("{}", output.expect("engine values always serialize"));
    ExitCode::SUCCESS
}
