//! The engine's words for refusals (illegal placements, diagrams, records) and the
//! inspection's two-eye certificate, as a screen shows them.

mod support;

use canon_engine::go::Color;
use canon_engine::surfaces::records::{import_diagram, import_game, import_study};
use canon_engine::surfaces::words::{placement_refusal, rejection_text, setup_text};
use canon_engine::surfaces::{
    inspect_board, refusal, Action, Rejection, SetupError, Surface, SurfaceGame,
};
use serde_json::json;
use support::{place, pt, rejected, setup};

fn refused(game: &mut SurfaceGame, label: &str) -> canon_engine::surfaces::Refusal {
    let rejection = rejected(game, label);
    let words = refusal(game, &rejection);
    assert_eq!(words.rejection, rejection);
    assert_eq!(
        placement_refusal(game, usize::from(pt(game.surface(), label))),
        Some(words.clone())
    );
    words
}

#[test]
fn an_occupied_point_is_named_as_on_the_board() {
    let mut game = SurfaceGame::new(Surface::Genus2, 1).unwrap();
    place(&mut game, "II:c7");
    let words = refused(&mut game, "II:c7");
    assert_eq!(words.point.as_deref(), Some("II:c7"));
    assert_eq!(words.earlier_move, None);
    assert_eq!(
        words.message,
        "II:c7 is occupied: a stone already stands there."
    );
}

#[test]
fn suicide_is_explained_with_captures_in_mind() {
    let s = Surface::Klein;
    let mut game = setup(
        s,
        &["d9", "f9", "e8", "e10"],
        &["a1", "a2", "a3"],
        Color::White,
    );
    let words = refused(&mut game, "e9");
    assert_eq!(words.point.as_deref(), Some("e9"));
    assert_eq!(
        words.message,
        "A stone at e9 would have no liberty, even after its captures: suicide is not allowed."
    );
}

/// Black c·5, d·6, d·4 and White e·6, e·4, f·5 around the ko points d·5 and e·5.
const KO_BLACK: [&str; 3] = ["c5", "d6", "d4"];
const KO_WHITE: [&str; 3] = ["e6", "e4", "f5"];

#[test]
fn superko_names_the_move_after_which_the_same_board_stood() {
    let s = Surface::Klein;
    let mut black = KO_BLACK.to_vec();
    black.push("a17");
    let mut white = KO_WHITE.to_vec();
    white.push("d5");
    let mut game = setup(s, &black, &white, Color::Black);
    let moves_before = game.actions().len();
    place(&mut game, "e5");
    let words = refused(&mut game, "d5");
    assert_eq!(words.earlier_move, Some(moves_before));
    assert_eq!(
        words.message,
        format!(
            "A stone at d5 would bring back the board as it was after move {moves_before}: \
             positional superko forbids repeating any earlier board."
        )
    );
}

#[test]
fn a_study_repeating_its_diagram_says_so() {
    let s = Surface::Klein;
    let mut board = vec![0u8; s.points()];
    for label in KO_BLACK {
        board[usize::from(pt(s, label))] = 1;
    }
    for label in KO_WHITE.iter().chain(&["d5"]) {
        board[usize::from(pt(s, label))] = 2;
    }
    let mut study = SurfaceGame::study(s, &board, Color::Black, 1).unwrap();
    place(&mut study, "e5");
    let words = refused(&mut study, "d5");
    assert_eq!(words.earlier_move, Some(0));
    assert!(
        words
            .message
            .contains("bring back the diagram this study started from"),
        "{}",
        words.message
    );
    for _ in 0..2 {
        study.apply(Action::Pass).unwrap();
    }
    let ended = refusal(&study, &Rejection::Ended);
    assert_eq!(ended.point, None);
    assert!(ended.message.starts_with("This study branch has ended"));
}

#[test]
fn off_board_and_ended_refusals() {
    let mut game = SurfaceGame::new(Surface::Mobius, 1).unwrap();
    let off = placement_refusal(&game, 99).unwrap();
    assert_eq!(off.point, None);
    assert_eq!(
        off.message,
        "There is no point 99 on the Möbius strip: it has 99 points."
    );
    assert_eq!(
        placement_refusal(&game, 40),
        None,
        "legal placements are not refused"
    );
    game.apply(Action::Pass).unwrap();
    game.apply(Action::Pass).unwrap();
    let ended = placement_refusal(&game, 40).unwrap();
    assert_eq!(
        ended.message,
        "The game has ended: no more moves can be played in this line."
    );
    assert_eq!(
        rejection_text(
            Surface::Klein,
            &Rejection::Superko {
                point: 0,
                earlier_index: 0,
                after_actions: 0
            }
        ),
        "A stone at a1 would bring back the board this line started from: positional superko \
         forbids repeating any earlier board."
    );
}

#[test]
fn record_and_setup_errors_name_points_as_the_board_does() {
    let game = json!({
        "schema": "surface-go-game", "version": 1, "graph": "go-mobius-9x11-v1",
        "rules": "graph-area-no-suicide-psk-v1", "komiHalfPoints": 1,
        "actions": [{"type": "place", "at": 49}, {"type": "place", "at": 49}]
    });
    let message = import_game(game.to_string().as_bytes())
        .unwrap_err()
        .to_string();
    assert_eq!(
        message,
        "action 1: e6 is occupied: a stone already stands there."
    );

    let surface = Surface::Genus2;
    let neighbours = surface.adjacency()[81].clone();
    let mut board = vec![0u8; 162];
    board[81] = 1;
    for &n in &neighbours {
        board[usize::from(n)] = 2;
    }
    let study = json!({
        "schema": "surface-go-study", "version": 1, "graph": "go-genus2-staircase-9x9-v1",
        "rules": "graph-area-no-suicide-psk-v1", "komiHalfPoints": 1,
        "setup": {"board": board, "next": "white"}, "actions": []
    });
    let message = import_study(study.to_string().as_bytes())
        .unwrap_err()
        .to_string();
    assert_eq!(
        message,
        "setup: the black chain at II:a1 (1 stone) has no liberty; every chain needs one before a study starts"
    );

    let diagram = json!({
        "schema": "surface-go-diagram", "version": 1, "graph": "go-klein-9x18-v1",
        "komiHalfPoints": 1, "board": [0, 7], "next": null
    });
    let message = import_diagram(diagram.to_string().as_bytes())
        .unwrap_err()
        .to_string();
    assert_eq!(
        message,
        "board: expected 162 cells, one per point of the Klein bottle, found 2"
    );
    let diagram = json!({
        "schema": "surface-go-diagram", "version": 1, "graph": "go-mobius-9x11-v1",
        "komiHalfPoints": 1, "board": board_with_value(99, 10, 7), "next": null
    });
    let message = import_diagram(diagram.to_string().as_bytes())
        .unwrap_err()
        .to_string();
    assert_eq!(
        message,
        "board: b2 has value 7; cells are 0 (empty), 1 (black) or 2 (white)"
    );
    assert_eq!(
        setup_text(Surface::Klein, &SetupError::NoNextPlayer),
        "choose the player to move before starting a study"
    );
}

/// An empty board of `points` cells but for `value` at `point`.
fn board_with_value(points: usize, point: usize, value: u8) -> Vec<u8> {
    let mut cells = vec![0u8; points];
    cells[point] = value;
    cells
}

/// A board of `surface` with `black` and `white` stones.
fn board(surface: Surface, black: &[&str], white: &[&str]) -> Vec<u8> {
    let mut cells = vec![0u8; surface.points()];
    for label in black {
        cells[usize::from(pt(surface, label))] = 1;
    }
    for label in white {
        cells[usize::from(pt(surface, label))] = 2;
    }
    cells
}

#[test]
fn the_inspection_shows_eyes_false_eyes_and_the_two_eye_certificate() {
    let s = Surface::Klein;
    // One black chain around e9 and g9: two eyes, certified alive.
    let mut black = vec![
        "d8", "e8", "f8", "g8", "h8", "d10", "e10", "f10", "g10", "h10", "d9", "f9", "h9",
    ];
    // A black wall of two chains around c3 (d3 stands alone): a false-eye candidate.
    black.extend(["b2", "b3", "b4", "c2", "c4", "d3"]);
    // White around a16 on three sides; its fourth neighbour is i3, across the twisted
    // side seam, and empty: not an eye.
    let white = ["a15", "b16", "a17"];
    let cells = board(s, &black, &white);
    let inspection = inspect_board(s, &cells).unwrap();
    let chain_at = |label: &str| {
        inspection
            .groups
            .iter()
            .position(|c| c.stones.contains(&pt(s, label)))
            .unwrap()
    };
    let ring = chain_at("d9");
    assert_eq!(inspection.certified.len(), 1);
    assert_eq!(inspection.certified[0].chain, ring);
    assert_eq!(inspection.certified[0].eyes, vec![pt(s, "e9"), pt(s, "g9")]);
    let eye_at = |label: &str| {
        inspection
            .eyes
            .iter()
            .find(|e| e.point == pt(s, label))
            .unwrap_or_else(|| panic!("no eye at {label}"))
    };
    assert!(eye_at("e9").single_chain);
    let false_eye = eye_at("c3");
    assert!(!false_eye.single_chain);
    let mut wall = vec![chain_at("b3"), chain_at("d3")];
    wall.sort_unstable();
    assert_eq!(false_eye.wall, wall);
    assert_eq!(false_eye.color, Color::Black);
    assert!(inspection.eyes.iter().all(|e| e.point != pt(s, "a16")));
    // every chain shows its liberties
    for chain in &inspection.groups {
        assert!(!chain.liberties.is_empty());
    }
    assert!(inspection.stable);
}

#[test]
fn a_line_inspects_its_current_board() {
    let s = Surface::Mobius;
    // Black walls a1 (three neighbours at the edge: b1, a2 and i11 across the seam).
    let game = setup(s, &["b1", "a2", "i11"], &["e5", "e6", "e7"], Color::Black);
    let inspection = game.inspect();
    assert_eq!(inspection, inspect_board(s, game.board()).unwrap());
    let eye = inspection
        .eyes
        .iter()
        .find(|e| e.point == pt(s, "a1"))
        .unwrap();
    assert_eq!(eye.color, Color::Black);
    assert_eq!(eye.wall.len(), 3, "three separate stones: not one chain");
    assert!(!eye.single_chain);
    assert!(inspection.certified.is_empty());
}
