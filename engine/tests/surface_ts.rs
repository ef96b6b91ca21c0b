//! With the `ts` feature, the surfaces' bridge types declare TypeScript shapes that match
//! their serde representation.
#![cfg(feature = "ts")]

use canon_engine::surfaces::records::{HalfPoints, ResultRecord, Snapshot};
use canon_engine::surfaces::{Action, Direction, Origin, Rejection, Score, Surface};
use ts_rs::TS;

#[test]
fn surface_types_declare_their_serde_shapes() {
    let action = Action::decl();
    assert!(action.contains("\"type\": \"place\""), "{action}");
    assert!(action.contains("at: number"), "{action}");
    let rejection = Rejection::decl();
    assert!(rejection.contains("\"kind\": \"superko\""), "{rejection}");
    assert!(rejection.contains("earlier_index: number"), "{rejection}");
    let surface = Surface::decl();
    assert!(surface.contains("\"go-klein-9x18-v1\""), "{surface}");
    assert!(HalfPoints::decl().contains("number"));
    let result = ResultRecord::decl();
    assert!(result.contains("blackHalfPoints?: number"), "{result}");
    let snapshot = Snapshot::decl();
    assert!(snapshot.contains("next: Color | null"), "{snapshot}");
    assert!(Score::decl().contains("difference_half_points: number"));
    assert!(Origin::decl().contains("\"kind\": \"study\""));
    assert!(Direction::decl().contains("\"N\""));
}

#[test]
fn surface_drawings_declare_their_shapes() {
    use canon_engine::go::layout::{BoardLayout, LayoutSeam};
    use canon_engine::surfaces::layout::TiledLayout;
    let layout = BoardLayout::decl();
    assert!(layout.contains("seams?: Array<LayoutSeam>"), "{layout}");
    assert!(layout.contains("regions?: Array<LayoutRegion>"), "{layout}");
    assert!(LayoutSeam::decl().contains("flips: boolean"));
    let tiled = TiledLayout::decl();
    assert!(tiled.contains("real: Array<number>"), "{tiled}");
    assert!(tiled.contains("copies: Array<TileCopy>"), "{tiled}");
}

#[test]
fn surface_type_names_do_not_clash_with_the_other_games() {
    use canon_engine::surfaces::records::{Diagram, GameRecord};
    use canon_engine::surfaces::{
        Applied, Certificate, EndReason, Eye, Inspection, Outcome, Refusal, SetupError, Winner,
    };
    use canon_engine::{timechess, timego};
    let surface = [
        Action::name(),
        Applied::name(),
        Rejection::name(),
        SetupError::name(),
        Score::name(),
        Winner::name(),
        EndReason::name(),
        Outcome::name(),
        GameRecord::name(),
        Inspection::name(),
        Eye::name(),
        Certificate::name(),
        Refusal::name(),
        Snapshot::name(),
        Diagram::name(),
        Origin::name(),
    ];
    let others = [
        timego::Action::name(),
        timego::Applied::name(),
        timego::Rejection::name(),
        timego::SetupError::name(),
        timego::Score::name(),
        timego::Winner::name(),
        timego::GameResult::name(),
        timego::Checkpoint::name(),
        timechess::EndReason::name(),
        timechess::Outcome::name(),
        timechess::Winner::name(),
        timechess::GameRecord::name(),
    ];
    for name in &surface {
        assert!(!others.contains(name), "{name} is also another game's type");
    }
    assert_eq!(Rejection::name(), "SurfaceRejection");
    let inspection = Inspection::decl();
    assert!(
        inspection.contains("certified: Array<SurfaceEyeCertificate>"),
        "{inspection}"
    );
    assert!(Refusal::decl().contains("rejection: SurfaceRejection"));
}
