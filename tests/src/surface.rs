//! Helpers for the Go on three surfaces screen: starting a game through the new-game
//! menu, playing on the board of the shown view, choosing tabs and views, reading the
//! board and the move list, and mirroring the game in the engine so every step can be
//! checked against the rules rather than against the screen itself.

use crate::{
    by_test_id, click_at, click_centre, count, run_on, wait_css, wait_gone, wait_text, UI_TIMEOUT,
};
use canon_engine::surfaces::{Action, Surface, SurfaceGame};
use fantoccini::{Client, Locator};
use std::time::{Duration, Instant};

/// The board of the shown view (the symmetry dialog draws boards of its own).
pub const VIEW_BOARD: &str = ".views svg.board";

/// The name of `surface` in the new-game menu.
pub fn surface_name(surface: Surface) -> &'static str {
    match surface {
        Surface::Mobius => "Möbius strip",
        Surface::Klein => "Klein bottle",
        Surface::Genus2 => "Genus-two surface",
    }
}

/// Opens the new-game menu, chooses `surface` and White's `komi`, starts, and waits for
/// the empty board with Black to play.
pub async fn new_game(client: &Client, surface: Surface, komi: &str) {
    open_surface_new_game(client, surface).await;
    let field = by_test_id(client, "surface-komi").await;
    field.clear().await.expect("clear the komi");
    field.send_keys(komi).await.expect("type the komi");
    start_surface_game(client, surface).await;
    wait_to_play(client, "Black").await;
}

/// Opens the new-game menu and chooses `surface` in it.
pub async fn open_surface_new_game(client: &Client, surface: Surface) {
    click_button(client, "surface-new-game").await;
    by_test_id(client, "surface-new-game-dialog").await;
    choose(client, "new-surface", surface_name(surface)).await;
}

/// Starts the game chosen in the open new-game dialog and waits for the empty board of
/// `surface`.
pub async fn start_surface_game(client: &Client, surface: Surface) {
    // Waits while the dialog still settles (the button can be covered or disabled for a
    // moment after a choice).
    click_button(client, "surface-start-game").await;
    wait_gone(client, "[data-testid=\"surface-new-game-dialog\"][open]").await;
    wait_css(
        client,
        &format!(
            "[data-testid=\"surface-screen\"][data-surface=\"{}\"]",
            surface.id()
        ),
    )
    .await;
    wait_moves(client, 0).await;
}

/// Chooses the option labelled `label` of the segmented control named `name`
/// (`surface-tab`, `surface-view`, `new-surface`), scrolled into view first as a person
/// would: in the new-game menu the lower controls sit below the dialog's fold, where
/// WebKitWebDriver refuses the click instead of scrolling the dialog's own overflow.
pub async fn choose(client: &Client, name: &str, label: &str) {
    let option = client
        .wait()
        .at_most(UI_TIMEOUT)
        .for_element(Locator::XPath(&format!(
            "//*[@role='radiogroup' and @data-name='{name}']//label[normalize-space(.)='{label}']"
        )))
        .await
        .unwrap_or_else(|error| panic!("no option {label:?} in {name}: {error}"));
    run_on(
        client,
        &option,
        "arguments[0].scrollIntoView({block: 'center'});",
        Vec::new(),
    )
    .await;
    option
        .click()
        .await
        .unwrap_or_else(|error| panic!("choose {label:?} in {name}: {error}"));
}

/// Shows the flat or tiled view (`"Flat"`, `"Tiled"`) and waits for it.
pub async fn show_view(client: &Client, label: &str) {
    choose(client, "surface-view", label).await;
    wait_css(
        client,
        &format!(".views[data-view=\"{}\"]", label.to_lowercase()),
    )
    .await;
}

/// Shows the tab labelled `label` (`"Play"`, `"Study"`, `"Analysis"`, `"Edit"`) and waits
/// for the screen to switch to `tab`.
pub async fn show_tab(client: &Client, label: &str, tab: &str) {
    choose(client, "surface-tab", label).await;
    wait_css(
        client,
        &format!("[data-testid=\"surface-screen\"][data-tab=\"{tab}\"]"),
    )
    .await;
}

/// Waits until the turn line says `player` ("Black" or "White") is to play.
pub async fn wait_to_play(client: &Client, player: &str) {
    let expected = format!("{player} to play");
    wait_text(client, "surface-turn", |text| text.contains(&expected)).await;
}

/// Number of moves in the shown line's move list.
pub async fn moves(client: &Client) -> usize {
    count(client, "[data-testid=\"turn-record\"] li").await
}

/// Waits until the shown line's move list has `expected` moves.
pub async fn wait_moves(client: &Client, expected: usize) {
    let deadline = Instant::now() + UI_TIMEOUT;
    while moves(client).await != expected {
        assert!(
            Instant::now() < deadline,
            "the move list never had {expected} moves (it has {})",
            moves(client).await
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The text of the shown line's move list.
pub async fn move_list(client: &Client) -> String {
    by_test_id(client, "turn-record")
        .await
        .text()
        .await
        .expect("the move list's text")
}

/// Clicks point (or tiled cell) `point` of the shown view's board.
pub async fn click_view_point(client: &Client, point: usize) {
    click_centre(
        client,
        &format!("{VIEW_BOARD} [data-point=\"{point}\"] rect.hit"),
    )
    .await;
}

/// The colour code (0 empty, 1 black, 2 white) of every point (or tiled cell) of the
/// shown view's board.
pub async fn view_colors(client: &Client) -> Vec<u8> {
    let colors = client
        .execute(
            "return Array.from(document.querySelectorAll(arguments[0])) \
               .map((el) => Number(el.getAttribute('data-color')));",
            vec![format!("{VIEW_BOARD} [data-point]").into()],
        )
        .await
        .expect("read the board's colours");
    colors
        .as_array()
        .expect("an array of colours")
        .iter()
        .map(|c| c.as_u64().expect("a numeric data-color") as u8)
        .collect()
}

/// Clicks the tiled view where layout position (`x`, `y`) is drawn: the copies of the
/// chart are drawn on a canvas, not as elements, and the view maps a click to a cell by
/// position.
pub async fn click_tiled_at(client: &Client, x: f64, y: f64) {
    let at = client
        .execute(
            "const svg = document.querySelector(arguments[0]); \
             const p = new DOMPoint(arguments[1], arguments[2]).matrixTransform(svg.getScreenCTM()); \
             return [p.x, p.y];",
            vec![VIEW_BOARD.into(), x.into(), y.into()],
        )
        .await
        .expect("locate a cell of the tiled view");
    click_at(client, at[0].as_f64().unwrap(), at[1].as_f64().unwrap()).await;
}

/// The colour code of every cell of the shown tiled view, as its canvas of copies last
/// drew them (the canvas records the colour of every cell it was given, home cells too).
pub async fn tiled_colors(client: &Client) -> Vec<u8> {
    let text = client
        .execute(
            "return document.querySelector('.views canvas.copies')?.getAttribute('data-cells') ?? '';",
            vec![],
        )
        .await
        .expect("read the tiled view's canvas");
    text.as_str()
        .expect("a string of colours")
        .bytes()
        .map(|b| b - b'0')
        .collect()
}

/// Gives keyboard focus to point `point` of the shown view's board.
pub async fn focus_point(client: &Client, point: usize) {
    client
        .execute(
            "document.querySelector(arguments[0]).focus();",
            vec![format!("{VIEW_BOARD} [data-point=\"{point}\"]").into()],
        )
        .await
        .unwrap_or_else(|error| panic!("focus point {point}: {error:?}"));
}

/// The `data-point` of the element holding keyboard focus.
pub async fn focused_point(client: &Client) -> Option<usize> {
    client
        .execute(
            "return document.activeElement?.getAttribute('data-point') ?? null;",
            vec![],
        )
        .await
        .expect("read the focused element")
        .as_str()
        .and_then(|text| text.parse().ok())
}

/// The game as the engine plays it, next to the app: every move the test makes on screen
/// is applied here too, so the expected board, captures, repetitions and score come from
/// the rules.
pub struct Mirror {
    /// The engine's copy of the game.
    pub game: SurfaceGame,
}

impl Mirror {
    /// A new game on `surface` with White's komi in half points.
    pub fn new(surface: Surface, komi_half_points: i64) -> Self {
        Self {
            game: SurfaceGame::new(surface, komi_half_points).expect("a valid komi"),
        }
    }

    /// Plays `at` in the engine's copy; the test's sequence must be legal.
    pub fn place(&mut self, at: usize) {
        let at = u16::try_from(at).expect("a point index");
        self.game
            .apply(Action::Place { at })
            .unwrap_or_else(|error| panic!("the test plays an illegal move at {at}: {error:?}"));
    }

    /// Passes in the engine's copy.
    pub fn pass(&mut self) {
        self.game.apply(Action::Pass).expect("a pass");
    }

    /// The engine's board.
    pub fn board(&self) -> Vec<u8> {
        self.game.board().to_vec()
    }
}

/// Plays `at` on the shown flat board and in `mirror`, waits for the move to be applied,
/// and checks the whole board against the engine's.
pub async fn play(client: &Client, mirror: &mut Mirror, at: usize) {
    let before = moves(client).await;
    click_view_point(client, at).await;
    wait_moves(client, before + 1).await;
    mirror.place(at);
    assert_board(client, mirror).await;
}

/// Checks that the flat board shows the engine's board.
pub async fn assert_board(client: &Client, mirror: &Mirror) {
    wait_board(client, &mirror.board()).await;
}

/// Waits until the shown view's board is `board`.
pub async fn wait_board(client: &Client, board: &[u8]) {
    let deadline = Instant::now() + UI_TIMEOUT;
    loop {
        let shown = view_colors(client).await;
        if shown == board {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "the board shows {shown:?}, expected {board:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Clicks the button with test id `id` once it is enabled.
pub async fn click_button(client: &Client, id: &str) {
    let css = format!("[data-testid=\"{id}\"]:not([disabled])");
    crate::click_when_free(client, &css).await;
}

/// One point of the 3D view as the page's `window.__scene` hook reports it.
#[derive(Debug, Clone, Copy)]
pub struct ScenePoint {
    /// Position in CSS pixels relative to the viewport (where a pointer action goes).
    pub x: f64,
    /// See `x`.
    pub y: f64,
    /// Inside the canvas and the first thing a click there reaches.
    pub visible: bool,
}

/// Shows the 3D view and waits until it has drawn a frame (WebGL under Xvfb works: see
/// `shared/notes/3d-here.md`).
pub async fn show_space_view(client: &Client) {
    choose(client, "surface-view", "3D").await;
    wait_css(
        client,
        ".views[data-view=\"space\"] .view3d[data-state=\"none\"] canvas",
    )
    .await;
    let deadline = Instant::now() + UI_TIMEOUT;
    loop {
        let frames = client
            .execute(
                "return window.__scene ? window.__scene.frames() : 0;",
                vec![],
            )
            .await
            .expect("read the 3D view's frames");
        if frames.as_u64().unwrap_or(0) > 0 {
            return;
        }
        assert!(Instant::now() < deadline, "the 3D view never drew a frame");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Every point of the 3D view, where it is drawn now.
pub async fn scene_points(client: &Client) -> Vec<ScenePoint> {
    let points = client
        .execute("return window.__scene.points();", vec![])
        .await
        .expect("read the 3D view's points");
    points
        .as_array()
        .expect("an array of points")
        .iter()
        .map(|p| ScenePoint {
            x: p["x"].as_f64().expect("a numeric x"),
            y: p["y"].as_f64().expect("a numeric y"),
            visible: p["visible"].as_bool().expect("a visibility"),
        })
        .collect()
}

/// The colour code (0 empty, 1 black, 2 white) of every stone instance the 3D view draws,
/// read from the instances' colours (`#161616` black, `#f4f3ee` white, none when empty).
pub async fn scene_colors(client: &Client) -> Vec<u8> {
    let stones = client
        .execute("return window.__scene.stones();", vec![])
        .await
        .expect("read the 3D view's stones");
    stones
        .as_array()
        .expect("an array of stone colours")
        .iter()
        .map(|colour| match colour.as_str() {
            None => 0,
            Some("#161616") => 1,
            Some("#f4f3ee") => 2,
            Some(other) => panic!("a stone of an unknown colour {other}"),
        })
        .collect()
}

/// Waits until the 3D view's stone instances show `board`.
pub async fn wait_scene_board(client: &Client, board: &[u8]) {
    let deadline = Instant::now() + UI_TIMEOUT;
    loop {
        let shown = scene_colors(client).await;
        if shown == board {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "the 3D view shows {shown:?}, expected {board:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
