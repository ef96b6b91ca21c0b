//! With the `ts` feature, the bridge types declare TypeScript shapes that match their
//! serde representation (checked on the ones whose shape is hand-written or tagged).
#![cfg(feature = "ts")]

use canon_engine::timego::{Action, GameResult, ProbeSummary, Rejection, TimeMoveConsequences};
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
