//! Time Chess in the real app (release build, embedded UI, WebKitWebDriver under Xvfb),
//! every move checked against the engine playing the same game: a pawn sent one turn
//! into the future by clicks in the 3D stack (where its test hook says the positions
//! are) arrives; a knight travels back to capture in the past, erasing the pawn's lineage
//! in every layer the stack draws; an illegal typed move is refused with the engine's
//! reason; the F, P and N layer filters and the S stereo modes by key and by button; a
//! king Lost in Time; a braindead traveller steamrollered; a check from a past layer
//! refusing a typed move; and a checkmate announced with its reason. Positions are set up
//! by pasting the engine's record of the moves before the one under test.

use canon_e2e::chess::*;
use canon_e2e::*;
use canon_engine::timechess::{random_playout, EndReason, Game, SplitMix64, Winner};
use fantoccini::Client;
use serde_json::Value;

/// The text of the element with test id `id`, waiting for it.
async fn text_of(client: &Client, id: &str) -> String {
    by_test_id(client, id)
        .await
        .text()
        .await
        .unwrap_or_else(|error| panic!("the text of {id}: {error}"))
}

/// The one consequence of `kind` (`"arrived"`, `"erasedInPast"`, …) of the last move.
fn consequence(mirror: &Mirror, kind: &str) -> Value {
    mirror
        .last_consequences()
        .into_iter()
        .find(|c| c["type"] == kind)
        .unwrap_or_else(|| panic!("the engine's last move has no {kind} consequence"))
}

/// Selects the e-pawn at turn 0 by a click in the 3D stack and waits for its destinations.
async fn select_e_pawn(client: &Client) {
    click_in_stack(client, "e2t0").await;
    wait_stack(client, "the pawn's destinations", |state| {
        state["destinations"]
            .as_array()
            .is_some_and(|d| d.iter().any(|mv| mv == "e2t0e2t1"))
    })
    .await;
}

/// A pawn into the future by clicks in the 3D stack that arrives, a capture in the past
/// erasing a lineage, and an illegal typed move refused.
async fn travels_both_ways(client: &Client, mirror: &mut Mirror) {
    // A selection and Escape first: the frame that takes the selection away again (drawn
    // only where it changed in the lean tier) must equal a full frame of the same scene.
    select_e_pawn(client).await;
    stack_frame_is_exact(client).await;
    // Turn 0 in the 3D stack: the e-pawn, then its destination one layer up (the stack
    // shows the future layers the selection reaches).
    select_e_pawn(client).await;
    let state = stack_state(client).await;
    assert!(state["top"].as_u64() > state["present"].as_u64());
    click_in_stack(client, "e2t1").await;
    wait_moves(client, 1).await;
    mirror.play("e2t0e2t1");
    assert_eq!(moves(client).await, mirror.moves());
    wait_announced(client, "travels forward to turn 1").await;
    assert_eq!(
        texts(client, "[data-testid=\"in-transit\"] li").await,
        ["♟ White pawn from e2 at turn 0 to e2 at turn 1"]
    );
    wait_stack(client, "the present at turn 1", |state| {
        state["present"] == 1
    })
    .await;

    // Turn 1 typed: at the end of the turn the pawn arrives.
    play_typed(client, mirror, "e7t1e5t1").await;
    let arrived = consequence(mirror, "arrived");
    assert_eq!(arrived["at"], "e2t1");
    wait_announced(client, "the White pawn arrives on e2 at turn 1").await;
    assert_eq!(count(client, "[data-testid=\"in-transit\"]").await, 0);
    assert!(move_item(client, 1)
        .await
        .contains("arrives on e2 at turn 1"));
    last_move_is_tinted(client).await;

    // Turns 2–4: the knight goes back in time to take the pawn at f5 of turn 3.
    for mv in ["g1t2f3t2", "f7t3f5t3", "f3t4f5t3"] {
        play_typed(client, mirror, mv).await;
    }
    let erased = consequence(mirror, "erasedInPast");
    let vanished = erased["vanished"].as_array().expect("vanished").len();
    assert!(vanished >= 2, "the lineage lost its later instances too");
    let said = wait_announced(client, "in the past").await;
    assert!(
        said.contains(&format!(
            "captures the Black pawn on f5 at turn 3 in the past, erasing its lineage ({vanished} instances vanished)"
        )),
        "{said}"
    );
    // The stack draws exactly the engine's layers: the pawn is gone from f5 in every
    // layer from turn 3, and the knight stands there braindead up to the present.
    wait_stack(client, "the present at turn 5", |state| {
        state["present"] == 5
    })
    .await;
    let drawn = stack_instances(client).await;
    assert_eq!(drawn, mirror.instances());
    assert!(!drawn
        .iter()
        .any(|(_, square, color, kind, _)| square == "f5" && color == "black" && kind == "pawn"));
    assert!(drawn.contains(&(3, "f5".into(), "white".into(), "knight".into(), true)));

    // An illegal typed move: refused with the engine's reason, nothing changes.
    let illegal = "a7t5a4t5";
    assert!(mirror.game.probe(&illegal.parse().unwrap()).is_err());
    type_move(client, illegal).await;
    let problem = wait_text(client, "typed-problem", |text| !text.is_empty()).await;
    assert_eq!(
        problem,
        "a7t5a4t5 is not allowed: a pawn does not move that way."
    );
    assert_eq!(moves(client).await, mirror.moves());
    screenshot(client, "e2e-chess-travels").await;
}

/// After `e7t1e5t1`, the 2D board (the present) tints the last move's squares in
/// WebKitGTK's own picture: e5 and e7 against c5 and c3, all four dark, c5 and c3 empty
/// and unmarked. (A tint drawn as an inset shadow wider than the square showed in Chromium
/// only.)
async fn last_move_is_tinted(client: &Client) {
    let square = |name: &str| format!("[data-testid=\"chess-board\"] [data-square=\"{name}\"]");
    let deadline = std::time::Instant::now() + UI_TIMEOUT;
    loop {
        // A corner of each square: away from the piece and the board's coordinates.
        let mut patches = Vec::new();
        for name in ["e5", "c5", "e7", "c3"] {
            patches.push(patch_colour(client, &square(name), 3, 3, 4).await);
        }
        let apart = |a: [u32; 3], b: [u32; 3]| -> u32 {
            a.iter().zip(&b).map(|(x, y)| x.abs_diff(*y)).sum()
        };
        let (marked, plain) = ((patches[0], patches[2]), (patches[1], patches[3]));
        // The two unmarked squares look alike, so a difference is the tint's.
        assert!(
            apart(plain.0, plain.1) <= 6,
            "unmarked dark squares differ: {plain:?}"
        );
        if apart(marked.0, plain.0) >= 30 && apart(marked.1, plain.1) >= 30 {
            return;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the last move's squares are not tinted: e5 {:?} against c5 {:?}, e7 {:?} against c3 {:?}",
            marked.0,
            plain.0,
            marked.1,
            plain.1
        );
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
}

/// The layers shown after pressing `key` in the stack, waiting for the stack to take it.
/// Presses Escape in the stack (the selection goes) and compares the frame drawn for it with
/// a full frame of the same scene, pixel for pixel. In the lean tier (this webview's software
/// rasteriser) that frame may redraw only the changed layers on the kept drawing buffer, so
/// this checks that WebKitGTK keeps the buffer for the stack as its partial frames need.
async fn stack_frame_is_exact(client: &Client) {
    let answer = client
        .execute(
            &[
                FRAME_CHECK_JS,
                "const canvas = document.querySelector('.stack3d canvas'); \
             const gl = canvas.getContext('webgl2') || canvas.getContext('webgl'); \
             const frame = window.__stack.nextFrame(); \
             document.querySelector('.stack3d [role=\"application\"]').dispatchEvent( \
               new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })); \
             return frame.then(() => { \
               const state = window.__stack.state(); \
               const differing = differingBytes(gl, () => window.__stack.renderFull()); \
               return { tier: state.tier, kind: state.lastFrame, destinations: state.destinations.length, differing }; \
             });",
            ]
            .concat(),
            vec![],
        )
        .await
        .expect("compare the stack's frame with a full frame");
    let kind = answer["kind"].as_str().expect("a frame kind");
    let tier = answer["tier"].as_str().expect("a render tier");
    assert_eq!(answer["destinations"], 0, "Escape took the selection away");
    assert_eq!(
        answer["differing"].as_u64(),
        Some(0),
        "the stack's {kind} frame ({tier} tier) differs from a full frame"
    );
}

async fn after_key(client: &Client, key: char, expected: &[u64]) {
    focus_stack(client).await;
    press(client, key).await;
    let want: Vec<Value> = expected.iter().map(|&t| t.into()).collect();
    wait_stack(
        client,
        &format!("layers {expected:?} after {key}"),
        |state| state["visibleLayers"].as_array() == Some(&want),
    )
    .await;
}

/// The same with a click on the filter's button.
async fn after_button(client: &Client, filter: &str, expected: &[u64]) {
    click_stack_button(client, &format!("[data-filter=\"{filter}\"]")).await;
    let want: Vec<Value> = expected.iter().map(|&t| t.into()).collect();
    wait_stack(
        client,
        &format!("layers {expected:?} after the {filter} button"),
        |state| state["visibleLayers"].as_array() == Some(&want),
    )
    .await;
}

/// Waits until the stack's stereo mode, and the viewport's attribute, are `mode`.
async fn stereo_is(client: &Client, mode: &str) {
    wait_stack(client, &format!("stereo {mode}"), |state| {
        state["stereo"] == mode
    })
    .await;
    assert_eq!(
        attr(client, ".stack3d [role=\"application\"]", "data-stereo")
            .await
            .as_deref(),
        Some(mode)
    );
    assert_eq!(
        attr(
            client,
            &format!(".stack3d [data-stereo=\"{mode}\"]"),
            "aria-checked"
        )
        .await
        .as_deref(),
        Some("true")
    );
}

/// F, P and N hide the future, the past, all but now; S cycles stereo; the buttons too.
async fn filters_and_stereo(client: &Client) {
    // A black knight selected on the 2D board reaches into the future: future layers show.
    click_when_free(client, "[data-testid=\"chess-board\"] [data-square=\"g8\"]").await;
    let state = wait_stack(client, "future layers", |state| {
        state["top"].as_u64() > state["present"].as_u64()
    })
    .await;
    let (present, top) = (
        state["present"].as_u64().unwrap(),
        state["top"].as_u64().unwrap(),
    );
    let all: Vec<u64> = (0..=top).collect();
    let past_and_now: Vec<u64> = (0..=present).collect();
    let now_and_future: Vec<u64> = (present..=top).collect();
    assert_eq!(visible_layers(client).await, all);

    after_key(client, 'f', &past_and_now).await;
    assert_eq!(
        attr(client, ".stack3d [data-filter=\"F\"]", "aria-pressed")
            .await
            .as_deref(),
        Some("true")
    );
    after_button(client, "F", &all).await;
    after_key(client, 'p', &now_and_future).await;
    after_button(client, "P", &all).await;
    after_key(client, 'n', &[present]).await;
    assert_eq!(
        attr(client, ".stack3d [data-filter=\"N\"]", "aria-pressed")
            .await
            .as_deref(),
        Some("true")
    );
    after_button(client, "N", &all).await;
    after_button(client, "N", &[present]).await;
    after_key(client, 'n', &all).await;
    assert_eq!(
        attr(
            client,
            ".stack3d [role=\"application\"]",
            "data-visible-layers"
        )
        .await
        .as_deref(),
        Some(
            all.iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(" ")
                .as_str()
        )
    );

    stereo_is(client, "off").await;
    focus_stack(client).await;
    press(client, 's').await;
    stereo_is(client, "anaglyph").await;
    press(client, 's').await;
    stereo_is(client, "sideBySide").await;
    screenshot(client, "e2e-chess-stereo-side-by-side").await;
    press(client, 's').await;
    stereo_is(client, "off").await;
    click_stack_button(client, "[data-stereo=\"anaglyph\"]").await;
    stereo_is(client, "anaglyph").await;
    screenshot(client, "e2e-chess-stereo-anaglyph").await;
    click_stack_button(client, "[data-stereo=\"off\"]").await;
    stereo_is(client, "off").await;

    // Escape in the stack lets the knight go.
    focus_stack(client).await;
    press(client, fantoccini::key::Key::Escape.into()).await;
    wait_stack(client, "no selection", |state| {
        state["destinations"].as_array().is_some_and(Vec::is_empty)
    })
    .await;
}

/// The dissertation's example: the king steps into the future above its own pawn.
async fn lost_in_time(client: &Client) {
    new_game(client).await;
    let mut mirror = Mirror::new();
    play_typed(client, &mut mirror, "e1t0e2t1").await;
    play_typed(client, &mut mirror, "a7t1a6t1").await;
    let outcome = mirror.game.outcome().expect("the game is over");
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Winner::Black, EndReason::KingLostInTime)
    );
    let over = wait_text(client, "game-over", |text| !text.is_empty()).await;
    assert!(over.contains("King Lost in Time: Black wins."), "{over}");
    wait_announced(client, "the White king due on e2 at turn 1 is Lost in Time").await;
    assert_eq!(
        text_of(client, "turn").await,
        "King Lost in Time: Black wins."
    );
    assert!(!by_test_id(client, "typed-move")
        .await
        .is_enabled()
        .await
        .unwrap());
}

/// A knight sent back to a square a black pawn entered one layer later is destroyed.
async fn steamroller(client: &Client) {
    let mut mirror = Mirror::after(&["g1t0f3t0", "d7t1d6t1", "f3t2e5t2", "d6t3d5t3"]);
    set_up(client, &mirror).await;
    play_typed(client, &mut mirror, "e5t4d5t2").await;
    let rolled = consequence(&mirror, "steamrolled");
    let at = rolled["at"].as_str().expect("where");
    let said = wait_announced(client, "steamrollered").await;
    assert!(
        said.contains(&format!(
            "the White knight on {} is steamrollered by the Black pawn",
            pos_words(at)
        )),
        "{said}"
    );
    assert!(!said.contains("braindead"), "{said}");
    wait_stack(client, "the present at turn 5", |state| {
        state["present"] == 5
    })
    .await;
    let drawn = stack_instances(client).await;
    assert_eq!(drawn, mirror.instances());
    // Braindead on d5 at turn 2, gone from there on: the pawn that entered stays.
    assert!(drawn.contains(&(2, "d5".into(), "white".into(), "knight".into(), true)));
    for layer in 3..=5 {
        assert!(drawn.contains(&(layer, "d5".into(), "black".into(), "pawn".into(), false)));
        assert!(!drawn.contains(&(layer, "d5".into(), "white".into(), "knight".into(), true)));
    }
    let item = move_item(client, 4).await;
    assert!(
        item.contains(&format!(
            "the White knight on {} is steamrollered by the Black pawn",
            pos_words(at)
        )),
        "{item}"
    );
}

/// A black knight reaches the white king's instance of an earlier layer: stepping aside
/// in the present cannot help, and a typed move that ignores it is refused.
async fn check_from_the_past(client: &Client) {
    let mut mirror = Mirror::after(&["e2t0e4t0", "b8t1c6t1", "a2t2a3t2", "c6t3d4t3", "a3t4a4t4"]);
    set_up(client, &mirror).await;
    play_typed(client, &mut mirror, "d4t5e2t5").await;
    let view = mirror.view();
    let lines = view["check"]["lines"]
        .as_array()
        .expect("white is in check");
    let present = view["present"].as_u64().unwrap();
    let line = lines
        .iter()
        .find(|line| {
            let king = line["king"].as_str().unwrap();
            king[3..].parse::<u64>().unwrap() < present
        })
        .expect("a line reaching a past instance of the king");
    wait_announced(client, "White is in check").await;
    assert_eq!(text_of(client, "turn").await, "White to move — in check");
    let shown = texts(client, "[data-testid=\"check-lines\"] li").await;
    assert!(
        shown.contains(&format!(
            "the knight on {} attacks the king on {}",
            pos_words(line["attacker"].as_str().unwrap()),
            pos_words(line["king"].as_str().unwrap())
        )),
        "{shown:?}"
    );

    let ignored = "a4t6a5t6";
    assert!(mirror.game.probe(&ignored.parse().unwrap()).is_err());
    type_move(client, ignored).await;
    let problem = wait_text(client, "typed-problem", |text| !text.is_empty()).await;
    assert_eq!(
        problem,
        "a4t6a5t6 is not allowed: it would leave the king in check across time."
    );
    assert_eq!(moves(client).await, mirror.moves());
    screenshot(client, "e2e-chess-check-from-the-past").await;
}

/// The documented random game 317 ends in black's checkmate at its 20th move: its first
/// 19 moves are pasted and the last is typed.
async fn checkmate(client: &Client) {
    let mut full = Game::new();
    random_playout(&mut full, &mut SplitMix64::new(317), 20);
    let outcome = full.outcome().expect("game 317 ends");
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Winner::Black, EndReason::Checkmate)
    );
    let line: Vec<String> = full.moves().map(|mv| mv.to_string()).collect();
    let (before, last) = line.split_at(line.len() - 1);
    let before: Vec<&str> = before.iter().map(String::as_str).collect();
    let mut mirror = Mirror::after(&before);
    set_up(client, &mirror).await;
    play_typed(client, &mut mirror, &last[0]).await;
    let over = wait_text(client, "game-over", |text| !text.is_empty()).await;
    assert!(over.contains("Checkmate: Black wins."), "{over}");
    let said = wait_announced(client, "Checkmate").await;
    assert!(said.ends_with("Checkmate: Black wins."), "{said}");
    assert_eq!(text_of(client, "turn").await, "Checkmate: Black wins.");
    assert!(move_item(client, line.len() - 1)
        .await
        .contains("Checkmate: Black wins."));
    // The stack keeps the mated king's instances marked in check.
    let state = stack_state(client).await;
    assert!(state["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .any(|piece| piece["kind"] == "king" && piece["inCheck"] == true));
    screenshot(client, "e2e-chess-checkmate").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn time_travel_check_and_the_endings_in_the_app() {
    let home = AppHome::new("chess-game");
    let client = TestApp::open(&home, "chess").await;
    wait_ready(&client).await;
    let mut mirror = Mirror::new();
    travels_both_ways(&client, &mut mirror).await;
    filters_and_stereo(&client).await;
    lost_in_time(&client).await;
    steamroller(&client).await;
    check_from_the_past(&client).await;
    checkmate(&client).await;
    client.close().await;
}
