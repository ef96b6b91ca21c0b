//! Go on three surfaces in the real app (release build, embedded UI, WebKitWebDriver
//! under Xvfb), one game on each surface, every move checked against the engine playing
//! the same game: on the Möbius strip a stone placed by keyboard across the twisted seam,
//! the strip's edge told in words, an occupied point refused, and two passes ending the
//! game with the area score; on the Klein bottle a capture across the seam, a placement on
//! a dimmed copy of the tiled view landing on its real point, and a ko retake refused by
//! positional superko naming the earlier move; on the genus-two surface the first stone
//! placed by clicking the 3D view's canvas where the scene hook says the point is drawn, a
//! scored game, an analysis from move 2 that leaves the game's moves as they were, the
//! editor beginning a study whose label survives a restart of the app.

use canon_e2e::surface::*;
use canon_e2e::*;
use canon_engine::go::Color;
use canon_engine::surfaces::layout::{chart, tiled};
use canon_engine::surfaces::records::{import_any, Document};
use canon_engine::surfaces::{Action, Direction, Surface, Winner, STUDY_LABEL};
use fantoccini::key::Key;
use fantoccini::Client;

/// A score in half points as the screen writes it: "3", "98.5".
fn points(half_points: i32) -> String {
    if half_points % 2 == 0 {
        (half_points / 2).to_string()
    } else {
        format!("{:.1}", f64::from(half_points) / 2.0)
    }
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// The neighbour of `point` that way on the flat chart (where its arrow key leads).
fn neighbour(surface: Surface, point: usize, direction: Direction) -> usize {
    let layout = chart(surface);
    let n = &layout.points[point].neighbours;
    let to = match direction {
        Direction::N => n.n,
        Direction::E => n.e,
        Direction::S => n.s,
        Direction::W => n.w,
    };
    usize::from(to.unwrap_or_else(|| panic!("{point} has no neighbour {direction:?}")))
}

fn name(surface: Surface, point: usize) -> String {
    chart(surface).points[point].name.clone()
}

/// Two passes end the game; the result and both totals are the engine's.
async fn two_passes(client: &Client, mirror: &mut Mirror) {
    for _ in 0..2 {
        let before = moves(client).await;
        click_button(client, "surface-pass").await;
        wait_moves(client, before + 1).await;
        mirror.pass();
        if let Some(next) = mirror.game.side_to_move() {
            wait_to_play(client, color_name(next)).await;
        }
    }
    let outcome = *mirror.game.outcome().expect("two passes end the game");
    let score = outcome.score;
    let winner = match outcome.winner {
        Winner::Black => "Black",
        Winner::White => "White",
        Winner::Draw => panic!("the test's games are not drawn"),
    };
    let expected = format!(
        "{winner} wins by {} (two passes).",
        points(score.difference_half_points.abs())
    );
    let result = wait_text(client, "surface-result", |text| !text.is_empty()).await;
    assert_eq!(result, expected);
    wait_text(client, "surface-turn", |text| text.contains("Game over")).await;
    assert_eq!(
        by_test_id(client, "surface-black-total")
            .await
            .text()
            .await
            .unwrap(),
        points(score.black_half_points)
    );
    assert_eq!(
        by_test_id(client, "surface-white-total")
            .await
            .text()
            .await
            .unwrap(),
        points(score.white_half_points)
    );
}

/// The actions of the game the app saved (its autosave holds the game or a replay of it).
fn saved_game_actions(home: &AppHome) -> Vec<Action> {
    let path = home.app_data_dir().join("surface.json");
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    match import_any(&bytes).expect("the autosave is a valid document") {
        Document::Game(game) => game.actions().to_vec(),
        Document::Replay { line, .. } => line.actions().to_vec(),
        _ => panic!("the game's autosave holds another kind of document"),
    }
}

/// Möbius: keyboard across the seam, the edge in words, an occupied point, two passes.
async fn mobius_game(client: &Client) {
    let surface = Surface::Mobius;
    new_game(client, surface, "0.5").await;
    let mut mirror = Mirror::new(surface, 1);

    // a1's western neighbour lies across the twisted seam: the arrow key goes there and
    // Enter plays it.
    let west = neighbour(surface, 0, Direction::W);
    assert_ne!(west, 0);
    focus_point(client, 0).await;
    press(client, Key::Left.into()).await;
    assert_eq!(focused_point(client).await, Some(west));
    press(client, Key::Enter.into()).await;
    wait_to_play(client, "White").await;
    mirror.place(west);
    assert_board(client, &mirror).await;

    // The bottom of the strip is a real edge: the step goes nowhere and says why.
    focus_point(client, 0).await;
    press(client, Key::Down.into()).await;
    assert_eq!(focused_point(client).await, Some(0));
    wait_text(client, "surface-hint", |text| {
        text.contains("is on the edge of the strip")
    })
    .await;

    // Playing on a stone is refused in words; nothing changes.
    click_view_point(client, west).await;
    let notice = wait_text(client, "surface-notice", |text| !text.is_empty()).await;
    assert_eq!(notice, format!("{} is occupied.", name(surface, west)));
    assert_board(client, &mirror).await;
    wait_to_play(client, "White").await;

    for at in [50, 60, 40] {
        play(client, &mut mirror, at).await;
    }
    screenshot(client, "e2e-surface-mobius-flat").await;
    two_passes(client, &mut mirror).await;
    screenshot(client, "e2e-surface-mobius-scored").await;
}

/// Klein: a capture across the seam, a stone placed on a tiled copy, a superko refusal.
async fn klein_game(client: &Client) {
    let surface = Surface::Klein;
    new_game(client, surface, "0.5").await;
    let mut mirror = Mirror::new(surface, 1);

    // A white stone on a1 whose western liberty lies across the seam: Black fills all four.
    let target = 0;
    let around = [Direction::N, Direction::E, Direction::S, Direction::W]
        .map(|direction| neighbour(surface, target, direction));
    let elsewhere = [80, 81];
    play(client, &mut mirror, around[0]).await;
    play(client, &mut mirror, target).await;
    for (k, &liberty) in around[1..].iter().enumerate() {
        play(client, &mut mirror, liberty).await;
        if k < 2 {
            play(client, &mut mirror, elsewhere[k]).await;
        }
    }
    assert_eq!(mirror.board()[target], 0, "the engine captured a1");
    wait_text(client, "surface-info", |text| {
        text.contains("captured: Black 1, White 0")
    })
    .await;

    // The tiled view: a click on a dimmed copy plays on the copy's real point.
    show_view(client, "Tiled").await;
    let tiling = tiled(surface);
    // A free point on the home chart's left column: its nearest copy lies across the seam
    // just right of the home chart, in the border the tiled view opens with.
    let free = 45;
    let home = tiling
        .copies
        .iter()
        .find(|copy| copy.home)
        .expect("a home chart")
        .area;
    let (cx, cy) = (
        f64::from(home.x) + f64::from(home.width) / 2.0,
        f64::from(home.y) + f64::from(home.height) / 2.0,
    );
    let distance = |cell: usize| {
        let point = &tiling.layout.points[cell];
        (f64::from(point.x) - cx).hypot(f64::from(point.y) - cy)
    };
    let cell = (0..tiling.real.len())
        .filter(|&cell| {
            usize::from(tiling.real[cell]) == free
                && !tiling.copies[usize::from(tiling.copy[cell])].home
        })
        .min_by(|&a, &b| distance(a).total_cmp(&distance(b)))
        .expect("the tiling shows a copy of the point");
    let at = &tiling.layout.points[cell];
    click_tiled_at(client, f64::from(at.x), f64::from(at.y)).await;
    wait_to_play(client, "Black").await;
    mirror.place(free);
    // The home chart's cells are elements, and so is the copy just clicked, which now
    // holds the roving focus; every cell's colour is on the copies' canvas.
    let home_cells = (0..tiling.real.len())
        .filter(|&cell| tiling.copies[usize::from(tiling.copy[cell])].home)
        .count();
    assert_eq!(view_colors(client).await.len(), home_cells + 1);
    let cells = tiled_colors(client).await;
    assert_eq!(cells.len(), tiling.real.len());
    for (k, &real) in tiling.real.iter().enumerate() {
        assert_eq!(
            cells[k],
            mirror.board()[usize::from(real)],
            "cell {k} shows its real point {real}"
        );
    }
    copies_paint_is_exact(client).await;
    screenshot(client, "e2e-surface-klein-tiled").await;
    show_view(client, "Flat").await;
    assert_board(client, &mirror).await;
    assert_eq!(mirror.board()[free], 2, "White played on the real point");

    // A ko: retaking at once would repeat the board after White's move into the mouth,
    // and the refusal names that move.
    let a = 76;
    let b = neighbour(surface, a, Direction::E);
    let black_around = [Direction::N, Direction::S, Direction::W].map(|d| neighbour(surface, a, d));
    let white_around = [Direction::N, Direction::S, Direction::E].map(|d| neighbour(surface, b, d));
    for k in 0..3 {
        play(client, &mut mirror, black_around[k]).await;
        play(client, &mut mirror, white_around[k]).await;
    }
    play(client, &mut mirror, 150).await;
    play(client, &mut mirror, a).await; // White, into the mouth
    let repeated = mirror.game.actions().len();
    play(client, &mut mirror, b).await; // Black takes the ko
    assert_eq!(mirror.board()[a], 0);
    let board = mirror.board();
    click_view_point(client, a).await;
    let notice = wait_text(client, "surface-notice", |text| text.contains("superko")).await;
    let a_name = name(surface, a);
    assert_eq!(
        notice,
        format!(
            "Playing {a_name} would repeat the whole board as it was after move {repeated} ({a_name}): positional superko."
        )
    );
    assert!(mirror.game.is_legal(a as u16).is_err());
    assert_eq!(
        view_colors(client).await,
        board,
        "the refusal changed nothing"
    );
    wait_to_play(client, "White").await;

    // White resigns.
    let before = moves(client).await;
    click_button(client, "surface-resign").await;
    wait_moves(client, before + 1).await;
    let result = wait_text(client, "surface-result", |text| !text.is_empty()).await;
    assert_eq!(result, "Black wins by resignation.");
}

/// Shows the 3D view, clicks its canvas where the scene hook draws an empty point (the one
/// nearest the canvas's centre, none of `avoid`), and checks that exactly that point was
/// played: in the stone instances of the 3D view and, back in the flat view, on the board.
async fn space_click(client: &Client, mirror: &mut Mirror, avoid: &[usize]) {
    show_space_view(client).await;
    let centre = client
        .execute(
            "const r = document.querySelector('.view3d canvas').getBoundingClientRect(); \
             return [r.left + r.width / 2, r.top + r.height / 2];",
            vec![],
        )
        .await
        .expect("the canvas's box");
    let (cx, cy) = (centre[0].as_f64().unwrap(), centre[1].as_f64().unwrap());
    let board = mirror.board();
    let target = scene_points(client)
        .await
        .iter()
        .enumerate()
        .filter(|&(k, p)| p.visible && board[k] == 0 && !avoid.contains(&k))
        .min_by(|(_, a), (_, b)| {
            (a.x - cx)
                .hypot(a.y - cy)
                .total_cmp(&(b.x - cx).hypot(b.y - cy))
        })
        .map(|(k, _)| k)
        .expect("an empty point is in sight");
    // The view may refit once the hint under it changes: ask where the point is just before.
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let at = scene_points(client).await[target];
    assert!(at.visible, "point {target} is still in sight");
    let before = moves(client).await;
    click_at(client, at.x, at.y).await;
    wait_moves(client, before + 1).await;
    mirror.place(target);
    assert_eq!(mirror.board()[target], 1, "Black played the clicked point");
    wait_scene_board(client, &mirror.board()).await;
    partial_frame_is_exact(client).await;
    screenshot(client, "e2e-surface-genus2-3d").await;
    show_view(client, "Flat").await;
    assert_board(client, mirror).await;
}

/// The tiled view's copies canvas after the move on a copy, painted again only around the
/// copies that changed, holds byte for byte what painting it whole gives, in this webview too.
async fn copies_paint_is_exact(client: &Client) {
    let answer = client
        .execute(
            "const canvas = document.querySelector('.views canvas.copies'); \
             const ctx = canvas.getContext('2d', { willReadFrequently: true }); \
             const read = () => ctx.getImageData(0, 0, canvas.width, canvas.height).data; \
             const partials = canvas.__copies.partials; \
             const drawn = read(); \
             canvas.__copies.repaintWhole(); \
             const whole = read(); \
             let differing = 0; \
             for (let i = 0; i < whole.length; i += 1) if (drawn[i] !== whole[i]) differing += 1; \
             let inked = 0; \
             for (let i = 3; i < whole.length; i += 4) if (whole[i] !== 0) inked += 1; \
             return { partials, differing, inked };",
            vec![],
        )
        .await
        .expect("compare the copies canvas with a whole painting");
    assert!(
        answer["partials"].as_u64().unwrap_or(0) > 0,
        "the move on a copy paints the canvas partially"
    );
    assert!(
        answer["inked"].as_u64().unwrap_or(0) > 1000,
        "the canvas draws the copies"
    );
    assert_eq!(
        answer["differing"].as_u64(),
        Some(0),
        "the partially painted copies canvas differs from a whole painting"
    );
}

/// Moves the pointer (a synthetic pointer event) over another empty point in sight, so the
/// hover stone moves, and compares the frame drawn for it with a full frame of the same
/// scene, pixel for pixel. In the lean tier (this webview's software rasteriser) that frame
/// redraws only the changed points' rectangles on the kept drawing buffer, so this checks
/// that WebKitGTK keeps the buffer as the partial frames need.
async fn partial_frame_is_exact(client: &Client) {
    let answer = client
        .execute(
            &[
                FRAME_CHECK_JS,
                "const canvas = document.querySelector('.view3d canvas'); \
             const gl = canvas.getContext('webgl2') || canvas.getContext('webgl'); \
             const points = window.__scene.points(); \
             const stones = window.__scene.stones(); \
             const k = points.findIndex((p, i) => p.visible && stones[i] === null); \
             const frame = window.__scene.nextFrame(); \
             canvas.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, clientX: points[k].x, \
               clientY: points[k].y, pointerType: 'mouse', pointerId: 1, isPrimary: true })); \
             return frame.then(() => { \
               const kind = window.__scene.lastFrame(); \
               const differing = differingBytes(gl, () => window.__scene.renderNow()); \
               return { tier: window.__scene.tier(), kind, differing }; \
             });",
            ]
            .concat(),
            vec![],
        )
        .await
        .expect("compare the hover frame with a full frame");
    let tier = answer["tier"].as_str().expect("a render tier");
    let kind = answer["kind"].as_str().expect("a frame kind");
    if tier == "lean" {
        assert_eq!(
            kind, "partial",
            "a hover stone's frame is partial in the lean tier"
        );
    }
    assert_eq!(
        answer["differing"].as_u64(),
        Some(0),
        "the {kind} frame ({tier} tier) differs from a full frame"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_on_each_surface_then_a_study_that_survives_a_restart() {
    let home = AppHome::new("surface-game");
    let client = TestApp::open(&home, "surface").await;
    mobius_game(&client).await;
    klein_game(&client).await;

    // Genus two: the first stone placed by clicking the 3D view's canvas, then a scored game.
    let surface = Surface::Genus2;
    new_game(&client, surface, "6.5").await;
    let mut mirror = Mirror::new(surface, 13);
    let later = [0, 40, 80, 121, 100];
    space_click(&client, &mut mirror, &later).await;
    for at in later {
        play(&client, &mut mirror, at).await;
    }
    two_passes(&client, &mut mirror).await;
    let list = move_list(&client).await;
    let actions = saved_game_actions(&home);
    assert_eq!(actions, mirror.game.actions());

    // An analysis from move 2 opens in its own tab; the game keeps all its moves.
    let total = mirror.game.actions().len();
    for cursor in (2..total).rev() {
        click_button(&client, "surface-review-back").await;
        wait_text(&client, "surface-review", |text| {
            text.contains(&format!("Move {cursor} of {total}"))
        })
        .await;
    }
    wait_text(&client, "analyse", |text| text == "Analyse from move 2").await;
    click_button(&client, "analyse").await;
    wait_css(
        &client,
        "[data-testid=\"surface-screen\"][data-tab=\"study\"]",
    )
    .await;
    choose(&client, "surface-tab", "Analysis").await;
    show_tab(&client, "Play", "play").await;
    assert_eq!(
        move_list(&client).await,
        list,
        "the game's moves are unchanged"
    );
    assert_eq!(saved_game_actions(&home), actions);

    // The editor from an empty board: one stone, then Begin new study replaces the analysis.
    show_tab(&client, "Edit", "edit").await;
    by_test_id(&client, "surface-editor").await;
    click_button(&client, "surface-editor-empty").await;
    click_button(&client, "surface-confirm-yes").await;
    wait_text(&client, "surface-editor-facts", |text| {
        text.contains("0 groups")
    })
    .await;
    click_view_point(&client, 0).await;
    wait_text(&client, "surface-editor-facts", |text| {
        text.contains("1 group")
    })
    .await;
    screenshot(&client, "e2e-surface-editor").await;
    click_button(&client, "surface-begin-study").await;
    click_button(&client, "surface-confirm-yes").await;
    let label = wait_text(&client, "study-label", |text| !text.is_empty()).await;
    assert_eq!(
        label,
        "Study: earlier history unknown; repetitions counted from this setup."
    );
    assert_eq!(label, STUDY_LABEL);
    client.close().await;

    // The same home: the study and its label are back after a restart.
    let client = TestApp::open(&home, "surface").await;
    show_tab(&client, "Study", "study").await;
    let label = wait_text(&client, "study-label", |text| !text.is_empty()).await;
    assert_eq!(label, STUDY_LABEL);
    // The study is on the Möbius strip (the editor's empty board), the game on genus two.
    wait_css(
        &client,
        "[data-testid=\"surface-screen\"][data-surface=\"go-mobius-9x11-v1\"]",
    )
    .await;
    let mut setup = vec![0; Surface::Mobius.points()];
    setup[0] = 1;
    wait_board(&client, &setup).await;
    screenshot(&client, "e2e-surface-study-restored").await;
    show_tab(&client, "Play", "play").await;
    assert_eq!(move_list(&client).await, list, "the game is back too");
    client.close().await;
}
