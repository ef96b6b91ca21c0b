//! The three formats' importers in one shape, for the tests that feed each of them the
//! same kinds of input and only look at acceptance and the refusal's words.

use canon_engine::surfaces::records::import_any;
use canon_engine::timechess;
use canon_engine::timego;

/// An importer: `Ok` when the record is accepted, else its refusal in words.
pub type Import = fn(&[u8]) -> Result<(), String>;

/// Forgets what was imported and keeps the refusal's words.
pub fn ok<T, E: ToString>(result: Result<T, E>) -> Result<(), String> {
    result.map(|_| ()).map_err(|error| error.to_string())
}

/// Imports a `time-go-game` record.
pub fn timego_import(bytes: &[u8]) -> Result<(), String> {
    ok(timego::Game::from_record(bytes))
}

/// Imports any Go-on-surfaces record.
pub fn surface_import(bytes: &[u8]) -> Result<(), String> {
    ok(import_any(bytes))
}

/// Imports a `time-chess-game` record.
pub fn chess_import(bytes: &[u8]) -> Result<(), String> {
    ok(timechess::Game::import(bytes))
}
