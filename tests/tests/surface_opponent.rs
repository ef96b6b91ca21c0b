//! The surfaces' computer opponent and analysis in the real app (release build, embedded
//! UI, WebKitWebDriver under Xvfb), in one start of the app: the computer answers a move by
//! itself on each surface, and its move is legal (the autosave is a valid game of two
//! moves); a long search cancelled mid-way leaves the game and its save unchanged; the
//! analysis of a game shows the win-rate graph over every position and the ownership of
//! points on the flat board and in the 3D view.
//!
//! The app reads `CRAB_CANON_THINK_MS`: a minute here, so the strongest level's search
//! (scaled with the budget) is always still running when Cancel is pressed.

use canon_e2e::surface::*;
use canon_e2e::*;
use canon_engine::surfaces::records::{import_any, Document};
use canon_engine::surfaces::Surface;
use fantoccini::Client;
use std::time::{Duration, Instant};

/// A point every surface has, away from its edges and seams.
const CENTRE: usize = 40;

/// Opens the new-game menu and starts a game on `surface` with the computer playing
/// `side` (`"White"`, `"Black"`) at `level`, or two people when `side` is `None`.
async fn new_game_against(client: &Client, surface: Surface, side: Option<&str>, level: &str) {
    open_surface_new_game(client, surface).await;
    match side {
        Some(side) => {
            choose(
                client,
                "new-surface-computer",
                &format!("Computer plays {side}"),
            )
            .await;
            choose(client, "new-surface-level", level).await;
            let summary = by_test_id(client, "surface-level-summary")
                .await
                .text()
                .await
                .unwrap();
            assert!(summary.len() > 20, "the level comes with its summary");
        }
        None => choose(client, "new-surface-computer", "Two people").await,
    }
    start_surface_game(client, surface).await;
}

/// The autosaved game, read by the engine (so its moves are the rules' legal ones).
fn saved_game(home: &AppHome) -> canon_engine::surfaces::SurfaceGame {
    let text = std::fs::read_to_string(home.app_data_dir().join("surface.json"))
        .expect("the game was autosaved");
    match import_any(text.as_bytes()).expect("the save is a valid surfaces document") {
        Document::Game(game) => game,
        other => panic!("the save holds {other:?}"),
    }
}

/// Waits until `script` (a JavaScript expression) is true in the page.
async fn wait_until(client: &Client, what: &str, script: &str) {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let done = client
            .execute(&format!("return !!({script});"), vec![])
            .await
            .unwrap_or_default();
        if done.as_bool() == Some(true) {
            return;
        }
        assert!(Instant::now() < deadline, "never: {what}");
        tokio::time::sleep(Duration::from_millis(150)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computer_answers_cancel_changes_nothing_and_the_analysis_shows() {
    let home = AppHome::new("surface-opponent");
    let client = TestApp::open_with(
        &home,
        "surface",
        Launch {
            env: &[("CRAB_CANON_THINK_MS", "60000")],
            ..Launch::default()
        },
    )
    .await;
    by_test_id(&client, "surface-screen").await;

    // The computer answers on each surface, by itself, with a legal move that is saved.
    for surface in Surface::ALL {
        new_game_against(&client, surface, Some("White"), "Gentle").await;
        wait_to_play(&client, "Black").await;
        click_view_point(&client, CENTRE).await;
        wait_moves(&client, 2).await;
        wait_to_play(&client, "Black").await;
        wait_gone(&client, "[data-testid=\"computer-thinking\"]").await;
        let colors = view_colors(&client).await;
        assert_eq!(colors[CENTRE], 1, "{surface:?}: the person's stone stays");
        assert_eq!(
            colors.iter().filter(|&&c| c == 2).count(),
            1,
            "{surface:?}: one White stone, the computer's"
        );
        let saved = saved_game(&home);
        assert_eq!(saved.surface(), surface);
        assert_eq!(
            saved.actions().len(),
            2,
            "{surface:?}: both moves were saved"
        );
    }
    screenshot(&client, "e2e-surface-computer-replied").await;

    // Cancel mid-search: the game and its save stay as they were.
    new_game_against(&client, Surface::Genus2, Some("White"), "Strong").await;
    click_view_point(&client, CENTRE).await;
    by_test_id(&client, "computer-thinking").await;
    let before = view_colors(&client).await;
    let saved_before = std::fs::read_to_string(home.app_data_dir().join("surface.json")).unwrap();
    screenshot(&client, "e2e-surface-computer-thinking").await;
    click_button(&client, "computer-cancel").await;
    wait_css(
        &client,
        "[data-testid=\"computer-problem\"][data-kind=\"cancelled\"]",
    )
    .await;
    assert_eq!(view_colors(&client).await, before, "nothing was played");
    assert_eq!(moves(&client).await, 1);
    wait_to_play(&client, "White").await;
    by_test_id(&client, "computer-retry").await;
    assert_eq!(
        std::fs::read_to_string(home.app_data_dir().join("surface.json")).unwrap(),
        saved_before,
        "the save is unchanged too"
    );

    // The analysis of a game two people played: a black wall on rank 3 and a white one on
    // rank 6 of the Möbius strip, so the playouts agree on who owns the points beside them.
    new_game_against(&client, Surface::Mobius, None, "").await;
    for file in 0..9 {
        for (rank, n) in [(3, 2 * file + 1), (6, 2 * file + 2)] {
            click_view_point(&client, file + 9 * (rank - 1)).await;
            wait_moves(&client, n).await;
        }
    }
    click_button(&client, "analysis-toggle").await;
    wait_until(
        &client,
        "a graph point for every position",
        "Number(document.querySelector('[data-testid=\"winrate-graph\"]')?.getAttribute('data-points')) === 19",
    )
    .await;
    wait_until(
        &client,
        "ownership painted on the flat board",
        "document.querySelectorAll('.views svg.board rect.own').length >= 9",
    )
    .await;
    let graph = by_test_id(&client, "winrate-graph")
        .await
        .text()
        .await
        .unwrap();
    for words in ["0%", "50%", "100%", "Moves"] {
        assert!(graph.contains(words), "axis label {words}: {graph}");
    }
    screenshot(&client, "e2e-surface-analysis-flat").await;
    choose(&client, "surface-view", "3D").await;
    wait_until(
        &client,
        "ownership painted in the 3D view",
        "window.__scene && window.__scene.marks().some((m) => m.includes('black-area') || m.includes('white-area'))",
    )
    .await;
    screenshot(&client, "e2e-surface-analysis-3d").await;
    client.close().await;
}
