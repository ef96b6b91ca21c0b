//! Tactical fixtures for every case the rules document lists, each reached by a legal
//! replay from the empty board.

mod support;

use canon_engine::go::Color;
use canon_engine::surfaces::records::{export, import_game};
use canon_engine::surfaces::{
    Action, EndReason, Origin, Rejection, Surface, SurfaceGame, Winner, STUDY_LABEL,
};
use support::{labels, place, points, pt, rejected, setup};

/// Surrounds a white stone at `target` with black stones at `walls`, the last one
/// placed by the capturing move, and checks that exactly `target` is captured.
fn capture_across(surface: Surface, target: &str, walls: &[&str]) {
    let (last, first) = walls.split_last().unwrap();
    let mut game = setup(surface, first, &[target], Color::Black);
    let mut expected_neighbors = points(surface, walls);
    expected_neighbors.dedup();
    assert_eq!(
        game.graph().neighbors(pt(surface, target)).len(),
        walls.len(),
        "{target} on {surface} has other neighbours than {walls:?}"
    );
    let mut actual: Vec<u16> = game.graph().neighbors(pt(surface, target)).to_vec();
    actual.sort_unstable();
    assert_eq!(actual, expected_neighbors, "neighbours of {target}");
    let applied = place(&mut game, last);
    assert_eq!(labels(surface, &applied.captured), vec![target.to_string()]);
    assert_eq!(game.board()[usize::from(pt(surface, target))], 0);
}

#[test]
fn captures_across_every_kind_of_adjacency() {
    // plain interior adjacency
    capture_across(Surface::Klein, "e9", &["d9", "f9", "e8", "e10"]);
    // Möbius: the side seam sends rank r to 12 - r; the boundary leaves three neighbours
    capture_across(Surface::Mobius, "i3", &["h3", "i2", "i4", "a9"]);
    capture_across(Surface::Mobius, "a1", &["b1", "a2", "i11"]);
    capture_across(Surface::Mobius, "e11", &["d11", "f11", "e10"]);
    // Klein: the side seam sends rank r to 19 - r; top and bottom wrap straight
    capture_across(Surface::Klein, "a5", &["b5", "a4", "a6", "i14"]);
    capture_across(Surface::Klein, "e18", &["d18", "f18", "e17", "e1"]);
    capture_across(Surface::Klein, "i18", &["h18", "i17", "i1", "a1"]);
    // Genus two: each chart wraps; staircase crossings northward and eastward
    capture_across(Surface::Genus2, "I:a1", &["I:b1", "I:a2", "I:i1", "I:a9"]);
    capture_across(Surface::Genus2, "I:a4", &["I:b4", "I:i4", "I:a3", "II:a4"]);
    capture_across(
        Surface::Genus2,
        "II:a3",
        &["II:b3", "II:i3", "II:a2", "I:a5"],
    );
    capture_across(Surface::Genus2, "I:d5", &["I:c5", "I:d6", "II:d3", "II:e4"]);
    capture_across(
        Surface::Genus2,
        "II:e5",
        &["II:e6", "I:e5", "II:d5", "I:f6"],
    );
    capture_across(Surface::Genus2, "I:e6", &["I:d6", "II:e4", "II:f5", "I:e7"]);
    capture_across(
        Surface::Genus2,
        "II:i5",
        &["II:h5", "II:a5", "II:i4", "I:i7"],
    );
}

#[test]
fn seam_connected_chain_is_one_chain_with_distinct_liberties() {
    let s = Surface::Mobius;
    // i3 and a9 touch across the twisted seam.
    let game = setup(s, &["i3", "a9"], &[], Color::White);
    let groups = game.groups();
    assert_eq!(groups.len(), 1);
    assert_eq!(groups[0].stones, points(s, &["i3", "a9"]));
    assert_eq!(
        groups[0].liberties,
        points(s, &["h3", "i2", "i4", "b9", "a8", "a10"])
    );
    // On the Klein bottle a chain can run round the whole width back onto itself.
    let k = Surface::Klein;
    let row: Vec<String> = ('a'..='i').map(|f| format!("{f}5")).collect();
    let row_refs: Vec<&str> = row.iter().map(String::as_str).collect();
    let game = setup(k, &row_refs, &[], Color::White);
    assert_eq!(game.groups().len(), 1);
    // i5 and a5 are not adjacent (i5 east is a14), so the row is a path, not a ring.
    assert!(!game.graph().neighbors(pt(k, "i5")).contains(&pt(k, "a5")));
}

#[test]
fn a_liberty_touched_several_times_counts_once() {
    let s = Surface::Klein;
    // c5 touches c4 from above and d5 from the side: one liberty.
    let game = setup(s, &["c4", "d4", "d5"], &[], Color::White);
    let chain = &game.groups()[0];
    assert_eq!(
        chain.liberties,
        points(s, &["c3", "b4", "c5", "d3", "e4", "d6", "e5"])
    );
    assert_eq!(game.go_board().liberty_count(pt(s, "c4")), 7);
    // Across the Möbius seam: a9 and i3 both touch nothing twice, but a chain i3-i4 and
    // a8-a9 (seam pairs i3~a9, i4~a8) shares each seam contact once.
    let m = Surface::Mobius;
    let game = setup(m, &["i3", "i4", "a9", "a8"], &[], Color::White);
    let chain = &game.groups()[0];
    assert_eq!(chain.stones.len(), 4);
    assert_eq!(
        chain.liberties,
        points(m, &["h3", "h4", "i2", "i5", "b8", "b9", "a7", "a10"])
    );
}

#[test]
fn simultaneous_capture_of_two_chains() {
    let s = Surface::Mobius;
    // White a1 and c1 each have b1 as their last liberty (a1 also touches i11 across
    // the seam, c1 touches d1 and c2).
    let mut game = setup(s, &["a2", "i11", "c2", "d1"], &["a1", "c1"], Color::Black);
    let applied = place(&mut game, "b1");
    assert_eq!(applied.captured, points(s, &["a1", "c1"]));
    assert_eq!(game.board()[usize::from(pt(s, "a1"))], 0);
    assert_eq!(game.board()[usize::from(pt(s, "c1"))], 0);
    assert_eq!(game.go_board().liberty_count(pt(s, "b1")), 3);
}

#[test]
fn suicide_is_rejected_and_changes_nothing() {
    let s = Surface::Mobius;
    let mut game = setup(s, &[], &["a2", "b1", "i11"], Color::Black);
    assert_eq!(
        rejected(&mut game, "a1"),
        Rejection::Suicide { point: pt(s, "a1") }
    );
    let explanation = game.explain_placement(usize::from(pt(s, "a1")));
    assert_eq!(
        explanation.rejection,
        Some(Rejection::Suicide { point: pt(s, "a1") })
    );
    assert!(!game.legal_placements().contains(&pt(s, "a1")));
    // Multi-stone suicide: filling the last liberty of one's own chain.
    let mut game = setup(
        s,
        &["e5"],
        &["d5", "f5", "e4", "d6", "f6", "e7"],
        Color::Black,
    );
    assert_eq!(
        rejected(&mut game, "e6"),
        Rejection::Suicide { point: pt(s, "e6") }
    );
}

#[test]
fn capture_makes_a_placement_without_empty_neighbours_legal() {
    let s = Surface::Mobius;
    // White b1 has only a1 left; a1's neighbours a2, b1, i11 are all white.
    let mut game = setup(s, &["c1", "b2"], &["a2", "b1", "i11"], Color::Black);
    let explanation = game.explain_placement(usize::from(pt(s, "a1")));
    assert_eq!(explanation.rejection, None);
    assert_eq!(explanation.captures, points(s, &["b1"]));
    assert_eq!(explanation.liberties, points(s, &["b1"]));
    let applied = place(&mut game, "a1");
    assert_eq!(applied.captured, points(s, &["b1"]));
}

/// Black ring around the eyes e5 and g5 on the Klein bottle.
const TWO_EYES: [&str; 13] = [
    "d4", "d5", "d6", "e4", "f4", "g4", "h4", "h5", "h6", "g6", "f6", "e6", "f5",
];

#[test]
fn two_genuine_eyes_cannot_be_filled() {
    let s = Surface::Klein;
    let game = setup(s, &TWO_EYES, &[], Color::White);
    // White fills every outside liberty, Black passing.
    let outside: Vec<u16> = game.groups()[0]
        .liberties
        .iter()
        .copied()
        .filter(|&p| p != pt(s, "e5") && p != pt(s, "g5"))
        .collect();
    let white: Vec<String> = labels(s, &outside);
    let white_refs: Vec<&str> = white.iter().map(String::as_str).collect();
    let mut game = setup(s, &TWO_EYES, &white_refs, Color::White);
    let black = game
        .groups()
        .into_iter()
        .find(|c| c.color == Color::Black)
        .unwrap();
    assert_eq!(black.liberties, points(s, &["e5", "g5"]));
    for eye in ["e5", "g5"] {
        assert_eq!(
            rejected(&mut game, eye),
            Rejection::Suicide { point: pt(s, eye) }
        );
    }
    assert!(!game.legal_placements().contains(&pt(s, "e5")));
}

#[test]
fn a_false_eye_falls_when_its_separate_wall_stone_is_captured() {
    let s = Surface::Klein;
    // e5 is surrounded by black, but e4 is a separate stone whose last liberty is e5.
    let mut game = setup(
        s,
        &["d5", "f5", "e6", "d6", "f6", "e4"],
        &["d4", "f4", "e3"],
        Color::White,
    );
    let eye = game.explain_placement(usize::from(pt(s, "e5")));
    assert_eq!(eye.rejection, None, "the false eye is playable");
    assert_eq!(eye.captures, points(s, &["e4"]));
    let applied = place(&mut game, "e5");
    assert_eq!(applied.captured, points(s, &["e4"]));
}

/// Klein seki: Black fills ranks 1–9 except its eye e3 and the shared point e9; White
/// fills ranks 10–18 except its eye e15. Each chain has its own eye and shares e9.
fn seki() -> SurfaceGame {
    let s = Surface::Klein;
    let mut black = Vec::new();
    let mut white = Vec::new();
    // Fill outward from the eyes so each chain always touches its eye.
    let eye_b = pt(s, "e3");
    let eye_w = pt(s, "e15");
    let shared = pt(s, "e9");
    for (eye, rows, out) in [(eye_b, 0..9, &mut black), (eye_w, 9..18, &mut white)] {
        let g = canon_engine::surfaces::graphs::graph(s);
        let mut seen = [false; 162];
        let mut queue = std::collections::VecDeque::from([eye]);
        seen[usize::from(eye)] = true;
        while let Some(p) = queue.pop_front() {
            for &q in g.neighbors(p) {
                let y = usize::from(q) / 9;
                if !seen[usize::from(q)] && rows.contains(&y) && q != shared {
                    seen[usize::from(q)] = true;
                    out.push(s.label(q).unwrap());
                    queue.push_back(q);
                }
            }
        }
    }
    let b: Vec<&str> = black.iter().map(String::as_str).collect();
    let w: Vec<&str> = white.iter().map(String::as_str).collect();
    assert_eq!(b.len(), 79);
    assert_eq!(w.len(), 80);
    setup(s, &b, &w, Color::Black)
}

#[test]
fn seki_moves_into_shared_liberties_are_legal_but_losing() {
    let s = Surface::Klein;
    let game = seki();
    let groups = game.groups();
    assert_eq!(groups.len(), 2);
    assert_eq!(groups[0].liberties, points(s, &["e3", "e9"]));
    assert_eq!(groups[1].liberties, points(s, &["e9", "e15"]));
    // Black may play the shared liberty (not suicide: the own eye remains) ...
    let mut line = game.clone();
    place(&mut line, "e9");
    assert_eq!(line.go_board().liberty_count(pt(s, "e9")), 1);
    // ... and White then captures all 80 black stones by filling Black's eye.
    let applied = place(&mut line, "e3");
    assert_eq!(applied.captured.len(), 80);
    // Playing into the opponent's eye is suicide.
    let mut line = game.clone();
    assert_eq!(
        rejected(&mut line, "e15"),
        Rejection::Suicide {
            point: pt(s, "e15")
        }
    );
}

#[test]
fn area_counts_an_exclusive_eye_beside_seki() {
    let mut game = seki();
    game.apply(Action::Pass).unwrap();
    let applied = game.apply(Action::Pass).unwrap();
    let outcome = applied.outcome.expect("two passes end the game");
    // Black: 79 stones + eye e3; White: 80 stones + eye e15; e9 touches both: neutral.
    assert_eq!(outcome.score.area.black, 80);
    assert_eq!(outcome.score.area.white, 81);
    assert_eq!(outcome.score.white_half_points, 2 * 81 + 1);
    assert_eq!(outcome.score.difference_half_points, 2 * (80 - 81) - 1);
    assert_eq!(outcome.winner, Winner::White);
    assert_eq!(outcome.reason, EndReason::Score);
    assert_eq!(game.side_to_move(), None);
}

#[test]
fn snapback_recapture_is_legal() {
    let s = Surface::Klein;
    let black = [
        "c4", "d3", "c5", "c6", "d7", "e7", "f7", "g6", "g5", "f4", "e3",
    ];
    let white = ["d4", "d5", "d6", "e6", "f6", "f5"];
    let mut game = setup(s, &black, &white, Color::Black);
    // The white chain has two liberties, e5 and e4.
    assert_eq!(
        game.go_board().liberties(game.graph(), pt(s, "d5")),
        points(s, &["e4", "e5"])
    );
    let throw_in = place(&mut game, "e5");
    assert!(throw_in.captured.is_empty());
    let capture = place(&mut game, "e4");
    assert_eq!(capture.captured, points(s, &["e5"]));
    // Immediate recapture at the same point gives a new coloring: legal.
    let snap = place(&mut game, "e5");
    assert_eq!(
        snap.captured,
        points(s, &["d4", "d5", "d6", "e6", "f6", "f5", "e4"])
    );
}

/// One ko shape at file offset `x`, rank offset `y` (1-based ranks): Black c·5, d·6,
/// d·4 and White e·6, e·4, f·5 around the ko points L = d·5 and R = e·5.
fn ko_shape(x: u8, y: u8) -> ([String; 3], [String; 3], String, String) {
    let f = |dx: u8, dy: u8| format!("{}{}", char::from(b'a' + x + dx), y + dy);
    (
        [f(0, 1), f(1, 2), f(1, 0)],
        [f(2, 2), f(2, 0), f(3, 1)],
        f(1, 1),
        f(2, 1),
    )
}

#[test]
fn ordinary_ko_retake_is_superko_until_the_board_changes() {
    let s = Surface::Klein;
    let (b, w, left, right) = ko_shape(2, 4);
    let mut black: Vec<&str> = b.iter().map(String::as_str).collect();
    let mut white: Vec<&str> = w.iter().map(String::as_str).collect();
    white.push(&left);
    black.push("a17");
    let mut game = setup(s, &black, &white, Color::Black);
    let before_take = game.history_len() - 1;
    let actions_before_take = game.actions().len();
    let take = place(&mut game, &right);
    assert_eq!(labels(s, &take.captured), vec![left.clone()]);
    assert_eq!(
        rejected(&mut game, &left),
        Rejection::Superko {
            point: pt(s, &left),
            earlier_index: before_take,
            after_actions: actions_before_take,
        }
    );
    // A ko threat elsewhere and its answer change the board: now the retake is legal.
    place(&mut game, "h12");
    place(&mut game, "h13");
    let retake = place(&mut game, &left);
    assert_eq!(labels(s, &retake.captured), vec![right.clone()]);
}

#[test]
fn triple_ko_cycle_is_cut_by_positional_superko() {
    let s = Surface::Klein;
    let shapes = [ko_shape(1, 1), ko_shape(1, 6), ko_shape(1, 11)];
    let mut black: Vec<String> = Vec::new();
    let mut white: Vec<String> = Vec::new();
    for (k, (b, w, left, right)) in shapes.iter().enumerate() {
        black.extend(b.iter().cloned());
        white.extend(w.iter().cloned());
        // Kos 1 and 3 start with a white stone on L, ko 2 with a black stone on R.
        if k == 1 {
            black.push(right.clone());
        } else {
            white.push(left.clone());
        }
    }
    let b: Vec<&str> = black.iter().map(String::as_str).collect();
    let w: Vec<&str> = white.iter().map(String::as_str).collect();
    let mut game = setup(s, &b, &w, Color::Black);
    let start = game.history_len() - 1;
    let start_board = game.board().to_vec();
    let (l1, r1) = (&shapes[0].2, &shapes[0].3);
    let (l2, r2) = (&shapes[1].2, &shapes[1].3);
    let (l3, r3) = (&shapes[2].2, &shapes[2].3);
    for (label, taken) in [(r1, l1), (l2, r2), (r3, l3), (l1, r1), (r2, l2)] {
        let applied = place(&mut game, label);
        assert_eq!(labels(s, &applied.captured), vec![taken.clone()]);
    }
    // The sixth ko capture would recreate the starting coloring of the cycle.
    match rejected(&mut game, l3) {
        Rejection::Superko { earlier_index, .. } => {
            assert_eq!(earlier_index, start);
            assert_eq!(
                game.history_coloring(start).unwrap(),
                start_board.as_slice()
            );
        }
        other => panic!("expected superko, got {other:?}"),
    }
}

#[test]
fn history_dependent_legality_survives_save_and_load() {
    let s = Surface::Klein;
    let (b, w, left, right) = ko_shape(2, 4);
    let mut black: Vec<&str> = b.iter().map(String::as_str).collect();
    let mut white: Vec<&str> = w.iter().map(String::as_str).collect();
    white.push(&left);
    black.push("a17");
    let mut game = setup(s, &black, &white, Color::Black);
    place(&mut game, &right);
    let saved = serde_json::to_vec(&export(&game)).unwrap();
    let mut loaded = import_game(&saved).unwrap();
    assert!(matches!(
        rejected(&mut loaded, &left),
        Rejection::Superko { .. }
    ));
    assert!(!loaded.legal_placements().contains(&pt(s, &left)));
    // The same visible board and player as a study: no known history, so legal.
    let mut study = SurfaceGame::study(s, game.board(), Color::White, 1).unwrap();
    assert_eq!(study.label(), Some(STUDY_LABEL));
    assert!(matches!(study.origin(), Origin::Study { .. }));
    assert!(study.legal_placements().contains(&pt(s, &left)));
    place(&mut study, &left);
}

#[test]
fn passes_end_the_game_and_keep_board_and_history() {
    let s = Surface::Mobius;
    let mut game = SurfaceGame::new(s, 1).unwrap();
    game.apply(Action::Pass).unwrap();
    assert_eq!(game.passes(), 1);
    assert_eq!(game.side_to_move(), Some(Color::White));
    assert_eq!(game.history_len(), 1);
    place(&mut game, "e5");
    assert_eq!(game.passes(), 0);
    game.apply(Action::Pass).unwrap();
    let ended = game.apply(Action::Pass).unwrap();
    let outcome = ended.outcome.unwrap();
    assert_eq!(outcome.reason, EndReason::Score);
    // One white stone on the Möbius strip owns the whole board.
    assert_eq!(outcome.score.area.white, 99);
    assert_eq!(outcome.winner, Winner::White);
    assert_eq!(game.side_to_move(), None);
    assert_eq!(game.apply(Action::Pass), Err(Rejection::Ended));
    assert_eq!(game.apply(Action::Resign), Err(Rejection::Ended));
    assert_eq!(rejected(&mut game, "a1"), Rejection::Ended);
    assert!(game.legal_placements().is_empty());
}

#[test]
fn two_opening_passes_give_white_the_default_half_point() {
    for s in Surface::ALL {
        let mut game = SurfaceGame::new(s, 1).unwrap();
        game.apply(Action::Pass).unwrap();
        let outcome = game.apply(Action::Pass).unwrap().outcome.unwrap();
        assert_eq!(outcome.score.area.black, 0);
        assert_eq!(outcome.score.area.white, 0);
        assert_eq!(outcome.score.difference_half_points, -1);
        assert_eq!(outcome.winner, Winner::White);
        let mut draw = SurfaceGame::new(s, 0).unwrap();
        draw.apply(Action::Pass).unwrap();
        assert_eq!(
            draw.apply(Action::Pass).unwrap().outcome.unwrap().winner,
            Winner::Draw
        );
    }
}

#[test]
fn komi_range_is_the_point_count_either_way() {
    assert!(SurfaceGame::new(Surface::Mobius, 198).is_ok());
    assert!(SurfaceGame::new(Surface::Mobius, -198).is_ok());
    assert!(SurfaceGame::new(Surface::Mobius, 199).is_err());
    assert!(SurfaceGame::new(Surface::Klein, 324).is_ok());
    assert!(SurfaceGame::new(Surface::Genus2, -325).is_err());
    // Black wins by exactly the komi margin: 2(A_B - A_W) - komi.
    let mut game = SurfaceGame::new(Surface::Mobius, -3).unwrap();
    game.apply(Action::Pass).unwrap();
    let outcome = game.apply(Action::Pass).unwrap().outcome.unwrap();
    assert_eq!(outcome.score.difference_half_points, 3);
    assert_eq!(outcome.winner, Winner::Black);
}

#[test]
fn resignation_loses_for_the_player_to_move_and_keeps_the_board() {
    let s = Surface::Genus2;
    let mut game = SurfaceGame::new(s, 1).unwrap();
    place(&mut game, "I:e5");
    let board = game.board().to_vec();
    let outcome = game.apply(Action::Resign).unwrap().outcome.unwrap();
    assert_eq!(outcome.winner, Winner::Black);
    assert_eq!(outcome.reason, EndReason::Resignation);
    assert_eq!(outcome.score.area.black, 162);
    assert_eq!(game.board(), board.as_slice());
    assert_eq!(game.passes(), 0);
}

#[test]
fn occupied_and_off_board_placements_are_rejected() {
    let s = Surface::Mobius;
    let mut game = setup(s, &["e5"], &[], Color::White);
    assert_eq!(
        rejected(&mut game, "e5"),
        Rejection::Occupied { point: pt(s, "e5") }
    );
    assert_eq!(
        game.apply(Action::Place { at: 99 }),
        Err(Rejection::OffBoard { point: 99 })
    );
    assert_eq!(
        game.explain_placement(1000).rejection,
        Some(Rejection::OffBoard { point: 1000 })
    );
}

/// Rings of black stones around each octagon of the genus-two board: the octagon is not
/// a point, so the ring encloses nothing, and filling its outside liberties captures it.
#[test]
fn rings_around_both_octagonal_faces_enclose_no_point() {
    let s = Surface::Genus2;
    let octagons = [
        [
            "I:a4", "I:i4", "I:i5", "I:a5", "II:a3", "II:i3", "II:i4", "II:a4",
        ],
        [
            "I:a6", "I:i6", "II:i6", "II:a6", "II:a5", "II:i5", "I:i7", "I:a7",
        ],
    ];
    let faces = canon_engine::surfaces::topology::cell_graph_faces(s).unwrap();
    for ring in octagons {
        let ring_points = points(s, &ring);
        let face = faces
            .iter()
            .find(|f| {
                let mut sorted = (*f).clone();
                sorted.sort_unstable();
                sorted == ring_points
            })
            .expect("the ring is an octagonal face");
        assert_eq!(face.len(), 8);
        let game = setup(s, &ring, &[], Color::White);
        let groups = game.groups();
        assert_eq!(groups.len(), 1, "the eight stones form one chain");
        assert_eq!(groups[0].stones, ring_points);
        // Each ring stone has exactly two ring neighbours; the other two are outside.
        let mut outside: Vec<u16> = Vec::new();
        for &p in &ring_points {
            let around = game.graph().neighbors(p);
            let inner = around.iter().filter(|q| ring_points.contains(q)).count();
            assert_eq!(inner, 2);
            outside.extend(around.iter().filter(|q| !ring_points.contains(q)));
        }
        outside.sort_unstable();
        outside.dedup();
        assert_eq!(groups[0].liberties, outside);
        // White fills every outside liberty; the last one captures the whole ring.
        let white = labels(s, &outside);
        let (last, first) = white.split_last().unwrap();
        let first: Vec<&str> = first.iter().map(String::as_str).collect();
        let mut game = setup(s, &ring, &first, Color::White);
        let applied = place(&mut game, last);
        assert_eq!(applied.captured, ring_points);
    }
}

#[test]
fn listed_placements_are_exactly_the_accepted_ones_in_a_fixture() {
    let s = Surface::Klein;
    let game = seki();
    let listed = game.legal_placements();
    for p in 0..162u16 {
        let mut probe = game.clone();
        let accepted = probe.apply(Action::Place { at: p }).is_ok();
        assert_eq!(listed.contains(&p), accepted, "{}", s.label(p).unwrap());
    }
    assert_eq!(listed, points(s, &["e3", "e9"]));
}
