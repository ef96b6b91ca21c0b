//! TimeGo files, review and branching in the real app (release build, embedded UI,
//! WebKitWebDriver under Xvfb): review with Ctrl+Z and Shift+Ctrl+Z and a branch that
//! needs confirmation; export through the native save dialog while reviewing, then import
//! through the native open dialog to an identical game; a corrupted file rejected with
//! its reason and nothing changed (on screen and on disk); a file named on the command
//! line opened after asking. The GTK file dialogs are answered with `xdotool`.

use canon_e2e::*;
use canon_engine::go::Color;
use canon_engine::timego::{Action, Game};
use fantoccini::Client;
use std::path::Path;

const SAVE_TITLE: &str = "Save TimeGo game";
const OPEN_TITLE: &str = "Open TimeGo game";

/// Plays placements alternately from Black, waiting for each to be applied.
async fn play(client: &Client, points: &[usize]) {
    for (index, &point) in points.iter().enumerate() {
        click_point(client, point).await;
        wait_turn(client, if index % 2 == 0 { "White" } else { "Black" }).await;
    }
}

async fn turn_count(client: &Client) -> usize {
    count(client, "[data-testid=\"turn-record\"] li").await
}

async fn wait_turn_count(client: &Client, expected: usize) {
    let deadline = std::time::Instant::now() + UI_TIMEOUT;
    while turn_count(client).await != expected {
        assert!(
            std::time::Instant::now() < deadline,
            "the turn record never had {expected} turns"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

/// Clicks `button` (which opens a native file dialog) and answers it with `path`.
async fn through_dialog(client: &Client, button: &str, title: &'static str, path: &Path) {
    through_file_dialog(client, button, title, path, title == SAVE_TITLE).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn review_then_a_confirmed_branch_replaces_only_the_later_turns() {
    let home = AppHome::new("review");
    let client = TestApp::open(&home, "timego").await;
    start_new_game(&client, 4).await;
    play(&client, &[5, 10, 6]).await;

    press_ctrl(&client, 'z', false).await;
    press_ctrl(&client, 'z', false).await;
    wait_text(&client, "review-banner", |text| {
        text.contains("Reviewing after turn 1 of 3")
    })
    .await;
    wait_turn(&client, "White").await;
    let colors = board_colors(&client).await;
    assert_eq!(colors.iter().filter(|&&c| c != 0).count(), 1);
    press_ctrl(&client, 'z', true).await;
    wait_text(&client, "review-banner", |text| {
        text.contains("Reviewing after turn 2 of 3")
    })
    .await;
    press_ctrl(&client, 'z', false).await;
    wait_text(&client, "review-banner", |text| {
        text.contains("Reviewing after turn 1 of 3")
    })
    .await;
    // Review never drops the future: the autosave still holds all three turns.
    let save = home.app_data_dir().join("timego.json");
    let (saved, cursor) = Game::from_record(read_text(&save).as_bytes()).unwrap();
    assert_eq!((saved.actions().len(), cursor), (3, 1));

    // Playing here asks first; keeping the review changes nothing.
    click_point(&client, 15).await;
    let question = wait_text(&client, "confirm-replace", |text| {
        text.contains("2 later turns")
    })
    .await;
    assert!(question.contains("Export"), "{question}");
    screenshot(&client, "e2e-branch-question").await;
    client
        .find(fantoccini::Locator::XPath(
            "//*[@data-testid='confirm-replace']//button[normalize-space(text())='Keep reviewing']",
        ))
        .await
        .expect("the keep button")
        .click()
        .await
        .unwrap();
    wait_gone(&client, "[data-testid=\"confirm-replace\"][open]").await;
    assert_eq!(turn_count(&client).await, 3);
    assert_eq!(board_colors(&client).await[15], 0);

    // Confirming replaces turns 2 and 3 by the new one; turn 1 stays.
    click_point(&client, 15).await;
    by_test_id(&client, "confirm-replace-play")
        .await
        .click()
        .await
        .unwrap();
    wait_turn(&client, "Black").await;
    wait_gone(&client, "[data-testid=\"review-banner\"]").await;
    wait_turn_count(&client, 2).await;
    let colors = board_colors(&client).await;
    assert_eq!((colors[5], colors[10], colors[6], colors[15]), (1, 0, 0, 2));
    let (saved, cursor) = Game::from_record(read_text(&save).as_bytes()).unwrap();
    assert_eq!(cursor, 2);
    assert_eq!(
        saved.actions(),
        &[
            Action::Place {
                player: Color::Black,
                point: 5
            },
            Action::Place {
                player: Color::White,
                point: 15
            }
        ]
    );
    client.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn export_while_reviewing_then_import_gives_the_identical_game() {
    let home = AppHome::new("roundtrip");
    let file = home.shared_files_dir().join("shared.timego.json");
    let client = TestApp::open(&home, "timego").await;
    start_new_game(&client, 4).await;
    play(&client, &[1, 0, 4]).await; // Black's A2 captures White's A1
    press_ctrl(&client, 'z', false).await;
    wait_text(&client, "review-banner", |text| {
        text.contains("Reviewing after turn 2 of 3")
    })
    .await;
    let reviewed_colors = board_colors(&client).await;
    let record = by_test_id(&client, "turn-record")
        .await
        .text()
        .await
        .unwrap();

    through_dialog(&client, "export-file", SAVE_TITLE, &file).await;
    let status = wait_text(&client, "file-status", |text| !text.is_empty()).await;
    assert!(status.contains("shared.timego.json"), "{status}");
    // The whole line with the viewed cursor, exactly what the autosave holds.
    let exported = read_text(&file);
    let (game, cursor) = Game::from_record(exported.as_bytes()).unwrap();
    assert_eq!((game.actions().len(), cursor), (3, 2));
    assert_eq!(
        exported,
        read_text(&home.app_data_dir().join("timego.json"))
    );

    start_new_game(&client, 5).await;
    assert_eq!(turn_count(&client).await, 0);
    // No turns to lose: the open dialog comes at once.
    through_dialog(&client, "import-file", OPEN_TITLE, &file).await;
    wait_css(&client, "svg.board[data-size=\"4\"]").await;
    wait_text(&client, "review-banner", |text| {
        text.contains("Reviewing after turn 2 of 3")
    })
    .await;
    assert_eq!(board_colors(&client).await, reviewed_colors);
    assert_eq!(
        by_test_id(&client, "turn-record")
            .await
            .text()
            .await
            .unwrap(),
        record
    );
    assert_eq!(
        read_text(&home.app_data_dir().join("timego.json")),
        exported
    );
    screenshot(&client, "e2e-imported").await;
    client.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_corrupted_file_is_refused_with_its_reason_and_changes_nothing() {
    let home = AppHome::new("corrupt");
    let file = home.shared_files_dir().join("corrupt.timego.json");
    // Black moves twice: the engine names action 1.
    std::fs::write(
        &file,
        r#"{"schema":"time-go-game","version":1,"rules":"timego-shared-lock-v1","size":4,"komi":0,"actions":[{"player":"black","type":"place","point":0},{"player":"black","type":"place","point":1}],"cursor":2}"#,
    )
    .unwrap();
    let client = TestApp::open(&home, "timego").await;
    play(&client, &[12]).await;
    let save = home.app_data_dir().join("timego.json");
    let before = read_text(&save);
    let colors = board_colors(&client).await;

    // The current game has a turn: opening a file asks first.
    by_test_id(&client, "import-file")
        .await
        .click()
        .await
        .unwrap();
    let question = wait_text(&client, "import-replace-dialog", |text| {
        text.contains("1 turn")
    })
    .await;
    assert!(question.contains("save it to a file first"), "{question}");
    by_test_id(&client, "import-replace-confirm")
        .await
        .click()
        .await
        .unwrap();
    let path = file.clone();
    tokio::task::spawn_blocking(move || answer_file_dialog(OPEN_TITLE, &path, false))
        .await
        .unwrap();
    let reason = wait_text(&client, "import-rejected", |text| !text.is_empty()).await;
    assert!(reason.contains("action 1"), "{reason}");
    screenshot(&client, "e2e-import-rejected").await;
    assert_eq!(board_colors(&client).await, colors);
    assert_eq!(turn_count(&client).await, 1);
    assert_eq!(read_text(&save), before, "the save on disk is untouched");
    client.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_file_named_on_the_command_line_opens_after_asking() {
    let home = AppHome::new("argv");
    let file = home.shared_files_dir().join("from-a-friend.timego.json");
    let mut shared = Game::new(4, 0.5).unwrap();
    for (player, point) in [(Color::Black, 5), (Color::White, 6), (Color::Black, 9)] {
        shared.apply(Action::Place { player, point }).unwrap();
    }
    std::fs::write(&file, shared.to_json(3).unwrap()).unwrap();
    let file_arg = file.to_str().unwrap();
    let with_file = Launch {
        args: &[file_arg],
        ..Launch::default()
    };

    // A fresh app opens the file at once, on the TimeGo screen.
    let client = TestApp::launch(&home, with_file).await;
    wait_css(&client, "svg.board[data-size=\"4\"]").await;
    wait_turn(&client, "White").await;
    assert_eq!(turn_count(&client).await, 3);
    let status = wait_text(&client, "file-status", |text| !text.is_empty()).await;
    assert!(status.contains("from-a-friend.timego.json"), "{status}");
    let save = home.app_data_dir().join("timego.json");
    assert_eq!(read_text(&save), read_text(&file));
    // Play on, so the next start has a game in progress.
    click_point(&client, 15).await;
    wait_turn(&client, "Black").await;
    client.close().await;

    // Over a game in progress it asks; cancelling keeps the game and its save.
    let before = read_text(&save);
    let client = TestApp::launch(&home, with_file).await;
    wait_text(&client, "import-replace-dialog", |text| {
        text.contains("from-a-friend.timego.json") && text.contains("4 turns")
    })
    .await;
    by_test_id(&client, "import-replace-cancel")
        .await
        .click()
        .await
        .unwrap();
    wait_gone(&client, "[data-testid=\"import-replace-dialog\"][open]").await;
    assert_eq!(turn_count(&client).await, 4);
    assert_eq!(read_text(&save), before);
    client.close().await;

    // Confirming replaces it.
    let client = TestApp::launch(&home, with_file).await;
    wait_text(&client, "import-replace-dialog", |text| {
        text.contains("4 turns")
    })
    .await;
    by_test_id(&client, "import-replace-confirm")
        .await
        .click()
        .await
        .unwrap();
    wait_turn_count(&client, 3).await;
    wait_turn(&client, "White").await;
    assert_eq!(read_text(&save), read_text(&file));
    client.close().await;
}
