//! With the `ts` feature, the bridge types declare TypeScript shapes that match their
//! serde representation (checked on the ones whose shape is hand-written or tagged).
#![cfg(feature = "ts")]

use canon_engine::timego::{
    Action, Applied, Arrival, GameResult, GameView, ProbeSummary, RecordError, Rejection,
    SetupError, TimeGoDocument, TimeMoveConsequences,
};
use ts_rs::TS;

#[test]
fn tagged_types_declare_their_tags() {
    let action = Action::decl();
    assert!(action.contains("\"type\": \"place\""), "{action}");
    assert!(action.contains("player: Color"), "{action}");
    let rejection = Rejection::decl();
    assert!(rejection.contains("\"kind\": \"superko\""), "{rejection}");
    assert!(rejection.contains("earlier_board: number"), "{rejection}");
    let result = GameResult::decl();
    assert!(result.contains("white: number"), "{result}");
    let probe = ProbeSummary::decl();
    assert!(probe.contains("board_key: string"), "{probe}");
    let consequences = TimeMoveConsequences::decl();
    assert!(
        consequences.contains("steps: Array<ReplayStep>"),
        "{consequences}"
    );
}

#[test]
fn every_bridge_type_declares_its_fields() {
    let view = GameView::decl();
    assert!(view.contains("komi: number"), "{view}");
    assert!(view.contains("lock_rejection: Rejection | null"), "{view}");
    let document = TimeGoDocument::decl();
    assert!(document.contains("actions: Array<Action>"), "{document}");
    assert!(document.contains("checkpoint: Checkpoint"), "{document}");
    let error = RecordError::decl();
    assert!(error.contains("action: number | null"), "{error}");
    let setup = SetupError::decl();
    assert!(setup.contains("\"kind\": \"bad_size\""), "{setup}");
    let applied = Applied::decl();
    assert!(
        applied.contains("time: TimeMoveConsequences | null"),
        "{applied}"
    );
    let arrival = Arrival::decl();
    assert!(arrival.contains("rejection: Rejection | null"), "{arrival}");
}
