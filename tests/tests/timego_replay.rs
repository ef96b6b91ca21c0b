//! Understanding a time move in the real app (release build, embedded UI, WebKitWebDriver):
//! a 4 × 4 line where White's A2 captured Black's A1 and Black later retook A1; Black's A2
//! travels before placement 4. The replay is stepped by hand with the words of every step
//! checked, and Compare shows the actual board beside the possible present, then a step's
//! original version beside its replayed board, each with the right stones.

use canon_e2e::*;
use fantoccini::{Client, Locator};

// 4×4 points: A1=0, B1=1, C1=2, A2=4, B2=5, A3=8, C3=10.
const A2: usize = 4;

/// Black A1, White B1, Black B2, White A2 (captures A1), Black A3, White C3, Black A1
/// (captures A2), White C1, Black A2; White then passes.
const LINE: [usize; 9] = [0, 1, 5, 4, 8, 10, 0, 2, 4];

/// The words of each replay step, arrival first.
const STEPS: [&str; 6] = [
    "Black A2 arrives before placement 4.",
    "Placement 4 (White A2) is cancelled: its point is occupied. 1 stone it captured originally stays on the board.",
    "Placement 5 (Black A3) replays as placement 5.",
    "Placement 6 (White C3) replays as placement 6.",
    "Placement 7 (Black A1) is cancelled: its point is occupied.",
    "Placement 8 (White C1) replays as placement 7.",
];

/// The WebDriver code of the Home key.
const HOME: &str = "\u{E011}";

/// A 4×4 board from (point, colour) pairs.
fn board(stones: &[(usize, u8)]) -> Vec<u8> {
    let mut cells = vec![0; 16];
    for &(point, color) in stones {
        cells[point] = color;
    }
    cells
}

/// The colour codes of the board inside the element with test id `id`.
async fn colors_in(client: &Client, id: &str) -> Vec<u8> {
    let css = format!("[data-testid=\"{id}\"] svg.board [data-point]");
    wait_css(client, &css).await;
    let mut colors = Vec::new();
    for point in client.find_all(Locator::Css(&css)).await.unwrap() {
        let color = point.attr("data-color").await.unwrap();
        colors.push(color.and_then(|c| c.parse().ok()).expect("data-color"));
    }
    colors
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replay_steps_are_explained_and_compared_with_their_original_versions() {
    let home = AppHome::new("replay");
    let client = TestApp::open(&home, "timego").await;
    start_new_game(&client, 4).await;
    for (k, &point) in LINE.iter().enumerate() {
        wait_turn(&client, if k % 2 == 0 { "Black" } else { "White" }).await;
        click_point(&client, point).await;
    }
    wait_turn(&client, "White").await;
    by_test_id(&client, "pass").await.click().await.unwrap();
    wait_turn(&client, "Black").await;
    let actual = board(&[(0, 1), (1, 2), (2, 2), (4, 1), (5, 1), (8, 1), (10, 2)]);
    assert_eq!(board_colors(&client).await, actual);

    // Time mode: Black's A2 (placement 9) arrives before placement 4.
    choose_time_mode(&client).await;
    wait_css(&client, &format!("[data-point=\"{A2}\"] circle.ring")).await;
    click_point(&client, A2).await;
    wait_text(&client, "arrival-value", |text| {
        text == "Before placement 8"
    })
    .await;
    by_test_id(&client, "exact-arrival")
        .await
        .select_by_value("3")
        .await
        .expect("choose the exact arrival");
    wait_text(&client, "arrival-value", |text| {
        text == "Before placement 4"
    })
    .await;
    by_test_id(&client, "preview-counts").await;

    // Compare: the actual board before travel beside the possible present (the same
    // coloring here: only the order changes, A1 is born at placement 1 again).
    by_test_id(&client, "compare-toggle")
        .await
        .click()
        .await
        .unwrap();
    by_test_id(&client, "compare").await;
    assert_eq!(colors_in(&client, "compare-earlier").await, actual);
    assert_eq!(colors_in(&client, "compare-later").await, actual);
    wait_text(&client, "compare-earlier", |text| {
        text.contains("Actual board before travel")
    })
    .await;
    wait_text(&client, "compare-later", |text| {
        text.contains("Possible present")
    })
    .await;

    // Watch replay; Home on the step slider goes to the arrival and pauses.
    by_test_id(&client, "watch-replay")
        .await
        .click()
        .await
        .unwrap();
    wait_css(&client, "input[type=\"range\"][aria-label=\"Replay step\"]")
        .await
        .send_keys(HOME)
        .await
        .expect("Home on the replay slider");
    wait_text(&client, "replay-step", |text| text == STEPS[0]).await;
    assert_eq!(count(&client, "button[aria-label=\"Pause\"]").await, 0);
    // The arrival compares the boards just before and after the insertion.
    assert_eq!(
        colors_in(&client, "compare-earlier").await,
        board(&[(0, 1), (1, 2), (5, 1)])
    );
    assert_eq!(
        colors_in(&client, "compare-later").await,
        board(&[(0, 1), (1, 2), (4, 1), (5, 1)])
    );
    for (i, words) in STEPS.iter().enumerate().skip(1) {
        click_when_free(&client, "button[aria-label=\"Next step\"]").await;
        wait_text(&client, "replay-step", |text| text == *words).await;
        if i == 1 {
            // Originally White's A2 had captured A1; replayed, A2 holds the traveller and A1 stands.
            assert_eq!(
                colors_in(&client, "compare-earlier").await,
                board(&[(1, 2), (4, 2), (5, 1)])
            );
            assert_eq!(
                colors_in(&client, "compare-later").await,
                board(&[(0, 1), (1, 2), (4, 1), (5, 1)])
            );
            assert_eq!(
                count(
                    &client,
                    "[data-testid=\"compare-later\"] [data-point=\"4\"] path.cross"
                )
                .await,
                1,
                "the cancelled placement is crossed"
            );
            assert_eq!(
                count(
                    &client,
                    "[data-testid=\"compare-earlier\"] [data-point=\"0\"] g.ghost"
                )
                .await,
                1,
                "the stone it captured originally is a ghost"
            );
            screenshot(&client, "e2e-replay-compare-step").await;
        }
    }
    // Result returns to the final outcome.
    click_when_free(&client, "button.result").await;
    by_test_id(&client, "watch-replay").await;
    assert_eq!(colors_in(&client, "compare-later").await, actual);

    client.close().await;
}
