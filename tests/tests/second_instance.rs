//! A second running instance says that saving is paused, stays playable, and never
//! overwrites the first instance's save, which goes on saving.

use canon_e2e::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn second_instance_pauses_saving_and_leaves_the_first_ones_file_alone() {
    let home = AppHome::new("second");
    let save = home.app_data_dir().join("timego.json");

    let first = TestApp::open(&home, "timego").await;
    wait_turn(&first, "Black").await;
    click_point(&first, 12).await;
    wait_turn(&first, "White").await;
    let first_save = std::fs::read_to_string(&save).expect("the first instance saved");

    let second = TestApp::open(&home, "timego").await;
    let banner = wait_text(&second, "save-status", |text| !text.is_empty()).await;
    assert!(banner.contains("Saving is paused"), "{banner}");
    // It shows the first instance's game and can play on without saving.
    wait_turn(&second, "White").await;
    assert_eq!(board_colors(&second).await[12], 1);
    click_point(&second, 0).await;
    wait_turn(&second, "Black").await;
    screenshot(&second, "e2e-second-instance").await;
    assert_eq!(std::fs::read_to_string(&save).unwrap(), first_save);

    // The first instance still owns the file and keeps saving.
    assert_eq!(count(&first, "[data-testid=\"save-status\"]").await, 0);
    click_point(&first, 6).await;
    wait_turn(&first, "Black").await;
    let updated = std::fs::read_to_string(&save).unwrap();
    assert_ne!(updated, first_save);
    assert!(updated.contains("\"point\": 6"), "{updated}");

    second.close().await;
    first.close().await;
}
