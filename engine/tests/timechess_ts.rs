//! With the `ts` feature, the Time Chess types an interface reads declare TypeScript
//! shapes that match their serde representation.
#![cfg(feature = "ts")]

use canon_engine::timechess::{Checkpoint, Event, GameRecord, Move, Outcome, Pos, QueuedPiece};
use ts_rs::TS;

#[test]
fn notation_types_are_strings_and_records_keep_their_json_names() {
    assert_eq!(Pos::inline(), "string");
    assert_eq!(Move::inline(), "string");
    let checkpoint = Checkpoint::decl();
    assert!(
        checkpoint.contains("futureQueue: Array<QueuedPiece>"),
        "{checkpoint}"
    );
    assert!(
        checkpoint.contains("result: Outcome | null"),
        "{checkpoint}"
    );
    let queued = QueuedPiece::decl();
    assert!(
        queued.contains("from: Pos") || queued.contains("from: string"),
        "{queued}"
    );
    let event = Event::decl();
    assert!(event.contains("\"type\": \"lostInTime\""), "{event}");
    let outcome = Outcome::decl();
    assert!(outcome.contains("winner: Winner"), "{outcome}");
    let record = GameRecord::decl();
    assert!(record.contains("moves: Array<string>"), "{record}");
}
