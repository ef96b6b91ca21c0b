//! A whole TimeGo game in the real app (release build, embedded UI, WebKitWebDriver):
//! placements, a capture, a refused placement with its reason, a time move chosen with
//! the arrival slider whose preview counts are checked before it is played, Lock, two
//! passes and the score; then the app restarts and the autosaved game is back.

use canon_e2e::*;

// 4×4 points: A1=0, B1=1, A2=4, D4=15.
const A1: usize = 0;
const B1: usize = 1;
const A2: usize = 4;
const D4: usize = 15;

async fn preview_count(client: &fantoccini::Client, name: &str) -> String {
    attr(
        client,
        &format!("[data-testid=\"preview-counts\"] [data-count=\"{name}\"]"),
        "data-value",
    )
    .await
    .unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn whole_game_then_restart_restores_the_autosave() {
    let home = AppHome::new("game");
    let client = TestApp::open(&home, "timego").await;
    start_new_game(&client, 4).await;
    wait_turn(&client, "Black").await;
    assert_eq!(count(&client, "svg.board [data-point]").await, 16);
    screenshot(&client, "e2e-new-game").await;

    click_point(&client, B1).await;
    wait_turn(&client, "White").await;
    click_point(&client, A1).await;
    wait_turn(&client, "Black").await;
    click_point(&client, A2).await; // captures White's A1
    wait_turn(&client, "White").await;
    let colors = board_colors(&client).await;
    assert_eq!(
        (colors[A1], colors[B1], colors[A2]),
        (0, 1, 1),
        "A1 was captured"
    );

    // A refused placement is explained in words and changes nothing.
    click_point(&client, B1).await;
    let notice = wait_text(&client, "notice", |text| !text.is_empty()).await;
    assert!(notice.to_lowercase().contains("occupied"), "{notice}");
    assert_eq!(board_colors(&client).await, colors);
    wait_turn(&client, "White").await;

    click_point(&client, D4).await;
    wait_turn(&client, "Black").await;

    // Time mode: choose A2 (placement 3); its nearest arrival is checked at once.
    choose_time_mode(&client).await;
    wait_css(&client, &format!("[data-point=\"{A2}\"] circle.ring")).await;
    click_point(&client, A2).await;
    wait_text(&client, "arrival-value", |text| {
        text == "Before placement 2"
    })
    .await;

    // Move the arrival slider one step earlier, before placement 1; the preview follows.
    let slider = wait_css(&client, "#arrival-slider").await;
    slider
        .send_keys(keys::LEFT)
        .await
        .expect("arrow key on the slider");
    wait_text(&client, "arrival-value", |text| {
        text == "Before placement 1"
    })
    .await;
    by_test_id(&client, "preview-counts").await;
    // Arriving first makes White's A1 a suicide in the replay: cancelled, marked by a cross.
    assert_eq!(preview_count(&client, "cancelled").await, "1");
    assert_eq!(preview_count(&client, "restored").await, "0");
    assert_eq!(preview_count(&client, "captured").await, "0");
    assert_eq!(
        count(&client, &format!("[data-point=\"{A1}\"] path.cross")).await,
        1
    );
    // The area panel keeps counting the actual board.
    assert_eq!(
        by_test_id(&client, "area-black")
            .await
            .text()
            .await
            .unwrap(),
        "3"
    );
    screenshot(&client, "e2e-time-preview").await;

    by_test_id(&client, "play-time")
        .await
        .click()
        .await
        .unwrap();
    wait_turn(&client, "White").await;
    wait_text(&client, "turn-record", |text| {
        text.contains("Black time 3 → 1")
    })
    .await;

    // Lock, then it is disabled with its reason.
    by_test_id(&client, "lock").await.click().await.unwrap();
    wait_turn(&client, "Black").await;
    assert!(!by_test_id(&client, "lock")
        .await
        .is_enabled()
        .await
        .unwrap());
    wait_text(&client, "lock-reason", |text| {
        text.contains("Lock is unavailable")
    })
    .await;

    // Two passes end the game: Black has B1, A2 and the corner A1; White has D4.
    by_test_id(&client, "pass").await.click().await.unwrap();
    wait_turn(&client, "White").await;
    by_test_id(&client, "pass").await.click().await.unwrap();
    by_test_id(&client, "game-over").await;
    let black = by_test_id(&client, "score-black")
        .await
        .text()
        .await
        .unwrap();
    let white = by_test_id(&client, "score-white")
        .await
        .text()
        .await
        .unwrap();
    assert_eq!((black.as_str(), white.as_str()), ("3", "1"));
    screenshot(&client, "e2e-game-over").await;
    let record = by_test_id(&client, "turn-record")
        .await
        .text()
        .await
        .unwrap();

    let saved = std::fs::read_to_string(home.app_data_dir().join("timego.json"))
        .expect("the game was autosaved");
    assert!(saved.contains("\"type\": \"lock\""), "{saved}");

    client.close().await;

    // Restart: the autosaved finished game comes back as it was.
    let client = TestApp::open(&home, "timego").await;
    by_test_id(&client, "game-over").await;
    assert_eq!(
        by_test_id(&client, "score-black")
            .await
            .text()
            .await
            .unwrap(),
        "3"
    );
    assert_eq!(
        by_test_id(&client, "score-white")
            .await
            .text()
            .await
            .unwrap(),
        "1"
    );
    assert_eq!(
        by_test_id(&client, "turn-record")
            .await
            .text()
            .await
            .unwrap(),
        record
    );
    let colors = board_colors(&client).await;
    assert_eq!(
        (colors[A1], colors[B1], colors[A2], colors[D4]),
        (0, 1, 1, 2)
    );
    screenshot(&client, "e2e-restored").await;
    client.close().await;
}
