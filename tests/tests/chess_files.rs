//! Time Chess files in the real app (release build, embedded UI, WebKitWebDriver under
//! Xvfb): a game saved on its own comes back after the app restarts; the game exported
//! through the system's save dialog and opened again through the open dialog (both GTK
//! dialogs answered with `xdotool`), each file checked against the engine's reading of
//! it; a corrupt file refused with a message naming the move and the rule, changing
//! nothing on screen or on disk; and a `.timechess.json` file named on the command line
//! opening in the chess screen after asking.

use canon_e2e::chess::*;
use canon_e2e::*;
use canon_engine::timechess::Game;
use fantoccini::Client;
use std::path::Path;
use std::time::{Duration, Instant};

const SAVE_TITLE: &str = "Save Time Chess game";
const OPEN_TITLE: &str = "Open Time Chess game";

/// The moves of a Time Chess document, as the engine reads it.
fn record_moves(text: &str) -> Vec<String> {
    Game::import(text.as_bytes())
        .unwrap_or_else(|error| panic!("not a valid Time Chess record: {error}"))
        .moves()
        .map(|mv| mv.to_string())
        .collect()
}

/// Waits until the app's own save (`chess.json`) holds `expected`'s moves.
async fn wait_saved(home: &AppHome, expected: &Mirror) {
    let path = home.app_data_dir().join("chess.json");
    let deadline = Instant::now() + UI_TIMEOUT;
    loop {
        let saved = std::fs::read_to_string(&path)
            .ok()
            .and_then(|text| Game::import(text.as_bytes()).ok())
            .map(|game| game.moves().map(|mv| mv.to_string()).collect::<Vec<_>>());
        if saved.as_ref() == Some(&expected.moves()) {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "the save holds {saved:?}, expected {:?}",
            expected.moves()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Answers the GTK dialog titled `title` with `path` (on a blocking thread: `xdotool`
/// waits for the window).
async fn answer(title: &'static str, path: &Path) {
    answer_file_dialog_later(title, path, title == SAVE_TITLE).await;
}

/// Opens the open dialog (answering the replace question when the game has moves) and
/// answers it with `path`.
async fn open_file(client: &Client, path: &Path, replacing: bool) {
    click_when_free(client, "[data-testid=\"import-file\"]").await;
    if replacing {
        click_when_free(client, "[data-testid=\"import-replace-confirm\"]").await;
    }
    answer(OPEN_TITLE, path).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_survives_a_restart_round_trips_through_files_and_a_corrupt_one_changes_nothing() {
    let home = AppHome::new("chess-files");
    let dir = home.shared_files_dir();
    let client = TestApp::open(&home, "chess").await;
    wait_ready(&client).await;
    let mut mirror = Mirror::new();
    // A forward travel still in transit is part of what the save must bring back.
    for mv in ["e2t0e4t0", "a7t1a7t3", "b1t2c3t2"] {
        play_typed(&client, &mut mirror, mv).await;
    }
    wait_saved(&home, &mirror).await;
    client.close().await;

    // The same home: the game is back after a restart, ghost and all.
    let client = TestApp::open(&home, "chess").await;
    wait_ready(&client).await;
    wait_moves(&client, 3).await;
    assert_eq!(moves(&client).await, mirror.moves());
    assert_eq!(
        stack_instances(&client).await,
        mirror.instances(),
        "the stack draws the engine's layers"
    );
    by_test_id(&client, "in-transit").await;
    assert_eq!(
        texts(&client, "[data-testid=\"in-transit\"] li").await,
        ["♟ Black pawn from a7 at turn 1 to a7 at turn 3"]
    );
    // The restored game plays on.
    play_typed(&client, &mut mirror, "d7t3d5t3").await;

    // Export through the save dialog: the engine reads the file as this game.
    let game_file = dir.join("game.timechess.json");
    click_when_free(&client, "[data-testid=\"export-file\"]").await;
    answer(SAVE_TITLE, &game_file).await;
    let status = wait_text(&client, "file-status", |text| text.contains("saved")).await;
    assert!(
        status.contains(&format!("Game saved to {}.", game_file.display())),
        "{status}"
    );
    let exported = read_text(&game_file);
    assert_eq!(record_moves(&exported), mirror.moves());

    // A new game, then the open dialog brings the file back.
    new_game(&client).await;
    open_file(&client, &game_file, false).await;
    wait_moves(&client, 4).await;
    assert_eq!(moves(&client).await, mirror.moves());
    wait_text(&client, "file-status", |text| text.contains("Game opened.")).await;
    wait_saved(&home, &mirror).await;

    // A corrupt file (black's first move is now a pawn's three-rank step): refused,
    // naming the move and the rule; the screen and the save stay as they were.
    let corrupt = exported.replacen("\"a7t1a7t3\"", "\"a7t1a4t1\"", 1);
    assert_ne!(corrupt, exported);
    let engine_says = Game::import(corrupt.as_bytes())
        .expect_err("the engine refuses the corrupt record")
        .to_string();
    assert!(engine_says.contains("move 1"), "{engine_says}");
    let corrupt_file = dir.join("corrupt.timechess.json");
    std::fs::write(&corrupt_file, &corrupt).unwrap();
    let autosave = home.app_data_dir().join("chess.json");
    let before = read_text(&autosave);
    open_file(&client, &corrupt_file, true).await;
    let reason = wait_text(&client, "import-rejected", |text| !text.is_empty()).await;
    assert!(reason.contains(&engine_says), "{reason}");
    assert!(reason.contains("a7t1a4t1"), "{reason}");
    screenshot(&client, "e2e-chess-rejected").await;
    click_when_free(
        &client,
        "[data-testid=\"import-rejected-dialog\"] .btn.primary",
    )
    .await;
    wait_gone(&client, "[data-testid=\"import-rejected-dialog\"][open]").await;
    assert_eq!(moves(&client).await, mirror.moves());
    assert_eq!(
        read_text(&autosave),
        before,
        "the save on disk is untouched"
    );
    client.close().await;

    // A file named on the command line opens in the chess screen, after asking since a
    // game is in progress.
    let shared = Mirror::after(&["d2t0d4t0", "b8t1c6t1"]);
    let shared_file = dir.join("from-a-friend.timechess.json");
    std::fs::write(&shared_file, shared.record()).unwrap();
    let file_arg = shared_file.to_str().unwrap();
    let client = TestApp::launch(
        &home,
        Launch {
            args: &[file_arg],
            ..Launch::default()
        },
    )
    .await;
    by_test_id(&client, "chess-screen").await;
    click_when_free(&client, "[data-testid=\"import-replace-confirm\"]").await;
    wait_moves(&client, 2).await;
    assert_eq!(moves(&client).await, shared.moves());
    wait_text(&client, "file-status", |text| {
        text.contains(&format!("Opened {}.", shared_file.display()))
    })
    .await;
    wait_saved(&home, &shared).await;
    client.close().await;
}
