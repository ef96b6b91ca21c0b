//! With the `ts` feature, the Time Chess types an interface reads declare TypeScript
//! shapes that match their serde representation (Color and Winner under their app names
//! ChessColor and ChessWinner, beside TimeGo's own).
#![cfg(feature = "ts")]

use canon_engine::timechess::{
    AttackLine, Checkpoint, Completion, Consequence, Destination, EntryError, Event, GameRecord,
    Move, MoveReport, NoDestination, Outcome, Pos, QueuedPiece, Refusal, ScreenPiece, ScreenView,
    Selection, TimelineTurn,
};
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
    assert!(outcome.contains("winner: ChessWinner"), "{outcome}");
    let record = GameRecord::decl();
    assert!(record.contains("moves: Array<string>"), "{record}");
}

#[test]
fn the_screen_view_declares_its_camel_case_fields_and_tags() {
    let view = ScreenView::decl();
    for field in [
        "layers: Array<ScreenLayer>",
        "ghosts: Array<Travel>",
        "lastMove: MoveReport | null",
        "check: CheckView | null",
        "timeline: Array<TimelineTurn>",
        "toMove: ChessColor | null",
    ] {
        assert!(view.contains(field), "{field} in {view}");
    }
    let piece = ScreenPiece::decl();
    assert!(piece.contains("braindead: boolean"), "{piece}");
    assert!(piece.contains("lineage: number"), "{piece}");
    let consequence = Consequence::decl();
    for tag in [
        "erasedInPast",
        "lostInTime",
        "steamrolled",
        "arrived",
        "gameOver",
    ] {
        assert!(
            consequence.contains(&format!("\"type\": \"{tag}\"")),
            "{consequence}"
        );
    }
    assert!(consequence.contains("byKind: Kind"), "{consequence}");
    let report = MoveReport::decl();
    assert!(report.contains("moveKind: MoveKind"), "{report}");
    let line = AttackLine::decl();
    assert!(
        line.contains("threat: Move | null") || line.contains("threat: string | null"),
        "{line}"
    );
    let turn = TimelineTurn::decl();
    assert!(
        turn.contains("capturesInPast: Array<PastCapture>"),
        "{turn}"
    );
}

#[test]
fn a_selection_declares_its_layers_and_its_tagged_reason() {
    let selection = Selection::decl();
    assert!(
        selection.contains("layers: Array<DestinationLayer>"),
        "{selection}"
    );
    assert!(
        selection.contains("reason: NoDestination | null"),
        "{selection}"
    );
    let destination = Destination::decl();
    assert!(destination.contains("moveKind: MoveKind"), "{destination}");
    assert!(
        destination.contains("captures: Kind | null"),
        "{destination}"
    );
    let reason = NoDestination::decl();
    assert!(reason.contains("\"reason\": \"notYourPiece\""), "{reason}");
    assert!(reason.contains("toMove: ChessColor"), "{reason}");
}

#[test]
fn typed_entry_declares_its_errors_and_rules() {
    let error = EntryError::decl();
    assert!(error.contains("\"error\": \"badSquare\""), "{error}");
    assert!(error.contains("rule: Refusal"), "{error}");
    let refusal = Refusal::decl();
    assert!(refusal.contains("\"rule\": \"notAMove\""), "{refusal}");
    let completion = Completion::decl();
    assert!(
        completion.contains("problem: EntryError | null"),
        "{completion}"
    );
    assert!(
        completion.contains("moves: Array<Move>") || completion.contains("moves: Array<string>"),
        "{completion}"
    );
}
