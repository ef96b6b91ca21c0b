//! Playing against the computer in the real app (release build, embedded UI,
//! WebKitWebDriver): a new game against the computer, a search cancelled mid-way that
//! leaves the position as it was, then (after a restart with the normal think budget) the
//! computer's reply applied by itself, legal, and the game going on.
//!
//! The app reads `CRAB_CANON_THINK_MS` (the computer's soft think budget): the first run
//! sets a minute, so the cancel always finds the search running.

use canon_e2e::*;
use fantoccini::Client;

// 4×4 points: C2 = 6, B3 = 9, D4 = 15.
const C2: usize = 6;

async fn new_game_against_the_computer(client: &Client) {
    by_test_id(client, "new-game").await.click().await.unwrap();
    choose_in_new_game(client, "Board size", "4 × 4").await;
    choose_in_new_game(client, "Opponent", "Computer").await;
    choose_in_new_game(client, "Computer plays", "White").await;
    let summary = by_test_id(client, "level-summary")
        .await
        .text()
        .await
        .unwrap();
    assert!(summary.len() > 20, "the level comes with its summary");
    by_test_id(client, "start-game")
        .await
        .click()
        .await
        .unwrap();
    wait_css(client, "svg.board[data-size=\"4\"]").await;
    wait_gone(client, "[data-testid=\"new-game-dialog\"][open]").await;
}

/// Number of actions in the autosaved game.
fn saved_actions(home: &AppHome) -> usize {
    let text = std::fs::read_to_string(home.app_data_dir().join("timego.json"))
        .expect("the game was autosaved");
    let document: serde_json::Value = serde_json::from_str(&text).expect("a JSON document");
    document["actions"]
        .as_array()
        .expect("an action list")
        .len()
}

async fn turns(client: &Client) -> usize {
    count(client, "[data-testid=\"turn-record\"] li").await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cancel_leaves_the_position_then_the_computer_replies_legally() {
    let home = AppHome::new("opponent");
    let client = TestApp::open_with(
        &home,
        "timego",
        Launch {
            env: &[("CRAB_CANON_THINK_MS", "60000")],
            ..Launch::default()
        },
    )
    .await;
    new_game_against_the_computer(&client).await;
    let info = by_test_id(&client, "opponent-info")
        .await
        .text()
        .await
        .unwrap();
    assert!(info.contains("Computer: White"), "{info}");
    wait_turn(&client, "Black").await;
    click_point(&client, C2).await;
    by_test_id(&client, "computer-thinking").await;
    wait_turn(&client, "White").await;
    let before = board_colors(&client).await;
    assert_eq!(turns(&client).await, 1);
    screenshot(&client, "e2e-opponent-thinking").await;

    by_test_id(&client, "computer-cancel")
        .await
        .click()
        .await
        .unwrap();
    wait_css(
        &client,
        "[data-testid=\"computer-problem\"][data-kind=\"cancelled\"]",
    )
    .await;
    assert_eq!(board_colors(&client).await, before, "nothing was played");
    assert_eq!(turns(&client).await, 1);
    wait_turn(&client, "White").await;
    by_test_id(&client, "computer-retry").await;
    assert_eq!(saved_actions(&home), 1, "the save is unchanged too");
    screenshot(&client, "e2e-opponent-cancelled").await;
    client.close().await;

    // Restart with the normal budget: the opponent settings came back with the game, and
    // at the computer's turn it thinks and replies by itself.
    let client = TestApp::open(&home, "timego").await;
    wait_turn(&client, "Black").await;
    wait_gone(&client, "[data-testid=\"computer-thinking\"]").await;
    assert_eq!(turns(&client).await, 2, "one more action: the reply");
    let after = board_colors(&client).await;
    assert_eq!(after[C2], 1, "Black's stone stays");
    let record = by_test_id(&client, "turn-record")
        .await
        .text()
        .await
        .unwrap();
    assert!(record.contains("White"), "the reply is White's: {record}");

    // The game goes on: Black plays on a free point and the computer replies again.
    let free = (0..16)
        .find(|&point| after[point] == 0)
        .expect("a free point");
    click_point(&client, free).await;
    wait_css(&client, "[data-testid=\"turn-record\"] li:nth-child(4)").await;
    wait_turn(&client, "Black").await;
    assert_eq!(turns(&client).await, 4);
    assert_eq!(saved_actions(&home), 4, "every action was autosaved");
    screenshot(&client, "e2e-opponent-replied").await;
    client.close().await;
}
