//! The TimeGo tutorial in the real app (release build, embedded UI, WebKitWebDriver under
//! Xvfb): every one of the seven exercises completed as a player does it, by pointer and
//! by keyboard, with each success state asserted (the engine's words, the board and the
//! marks); a hint, a missed goal with its reset, and refusals explained on the way; the
//! progress remembered after a restart; and the saved TimeGo game byte for byte the same
//! before and after, because the tutorial never reads or changes it.

use canon_e2e::*;
use fantoccini::Client;
use std::path::Path;
use std::time::{Duration, Instant};

// 4×4 points: `row * 4 + column` from A1 at the bottom left.
const A1: usize = 0;
const C1: usize = 2;
const D1: usize = 3;
const A2: usize = 4;
const B2: usize = 5;
const B3: usize = 9;
const D3: usize = 11;
const D4: usize = 15;

const LESSON_IDS: [&str; 7] = [
    "place-and-capture",
    "liberties-and-suicide",
    "repetition",
    "time-travel",
    "lock",
    "protected-past",
    "scoring",
];

/// Waits until the lesson screen shows lesson `id` in `status` (playing, missed, solved).
async fn wait_lesson(client: &Client, id: &str, status: &str) {
    wait_css(
        client,
        &format!("[data-testid=\"lesson-screen\"][data-lesson=\"{id}\"][data-status=\"{status}\"]"),
    )
    .await;
}

async fn click(client: &Client, test_id: &str) {
    click_when_free(client, &format!("[data-testid=\"{test_id}\"]")).await;
}

async fn text_of(client: &Client, test_id: &str) -> String {
    by_test_id(client, test_id).await.text().await.unwrap()
}

/// Waits for the success state of lesson `id` and returns its words.
async fn wait_solved(client: &Client, id: &str) -> String {
    wait_lesson(client, id, "solved").await;
    let solved = text_of(client, "lesson-solved").await;
    assert!(solved.contains("Solved"), "{solved}");
    assert_eq!(
        count(client, "[data-testid=\"lesson-refusal\"]").await,
        0,
        "no refusal stays on a solved lesson"
    );
    // Play stops once the goal is reached: the action buttons are gone.
    assert_eq!(count(client, "[data-testid=\"lesson-pass\"]").await, 0);
    solved
}

/// The completion mark of each lesson in the list, in order.
async fn completed_marks(client: &Client) -> Vec<bool> {
    by_test_id(client, "lesson-list").await;
    let mut marks = Vec::new();
    for index in 0..LESSON_IDS.len() {
        let mark = attr(
            client,
            &format!("[data-testid=\"lesson-{index}\"]"),
            "data-completed",
        )
        .await;
        marks.push(mark.as_deref() == Some("true"));
    }
    marks
}

/// Focuses the board point `point` and presses `keys` there, as a keyboard player does.
async fn keys_on_board(client: &Client, point: usize, keys: &[&str]) {
    use fantoccini::actions::{InputSource, KeyAction, KeyActions};
    let element = wait_css(client, &format!("svg.board [data-point=\"{point}\"]")).await;
    run_on(client, &element, "arguments[0].focus();", Vec::new()).await;
    let mut actions = KeyActions::new("keyboard".into());
    for key in keys {
        let key = key.chars().next().expect("a key");
        actions = actions
            .then(KeyAction::Down { value: key })
            .then(KeyAction::Up { value: key });
    }
    client
        .perform_actions(actions)
        .await
        .unwrap_or_else(|error| panic!("press {keys:?} on point {point}: {error:?}"));
    client.release_actions().await.expect("release the keys");
}

/// Waits until the board's colours satisfy `check`.
async fn wait_colors(client: &Client, what: &str, check: impl Fn(&[u8]) -> bool) {
    let deadline = Instant::now() + UI_TIMEOUT;
    loop {
        let colors = board_colors(client).await;
        if colors.len() == 16 && check(&colors) {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "never seen: {what}; board {colors:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Waits until the autosave file exists and has stopped changing, and returns its bytes.
async fn settled_save(path: &Path) -> Vec<u8> {
    let deadline = Instant::now() + UI_TIMEOUT;
    let mut last: Option<Vec<u8>> = None;
    loop {
        let now = std::fs::read(path).ok();
        if let Some(bytes) = &now {
            if last.as_ref() == Some(bytes) {
                return bytes.clone();
            }
        }
        assert!(
            Instant::now() < deadline,
            "{} never settled (the TimeGo game was not autosaved)",
            path.display()
        );
        last = now;
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_exercise_completed_progress_remembered_saved_game_untouched() {
    let home = AppHome::new("tutorial");
    let save_path = home.app_data_dir().join("timego.json");
    let progress_path = home.app_data_dir().join("tutorial.json");
    // A saved TimeGo game in progress: a 4×4 game with Black's B1 and White's D4.
    let client = TestApp::open(&home, "timego").await;
    start_new_game(&client, 4).await;
    click_point(&client, 1).await;
    wait_turn(&client, "White").await;
    click_point(&client, D4).await;
    wait_turn(&client, "Black").await;
    let game_colors = board_colors(&client).await;
    let saved = settled_save(&save_path).await;

    // The TimeGo screen links to the tutorial; nothing is completed yet.
    click(&client, "timego-learn").await;
    by_test_id(&client, "tutorial-screen").await;
    assert_eq!(completed_marks(&client).await, [false; 7]);
    assert!(
        !progress_path.exists(),
        "no progress before a lesson is solved"
    );

    // 1. Place and capture: a hint, a legal miss, a reset, then the capture at B3.
    click(&client, "lesson-0").await;
    wait_lesson(&client, LESSON_IDS[0], "playing").await;
    assert_eq!(
        text_of(&client, "lesson-task").await,
        "Capture the white stone at B2."
    );
    assert_eq!(
        count(&client, &format!("[data-point=\"{B2}\"] circle.ring")).await,
        1,
        "the white stone to capture is ringed"
    );
    click(&client, "lesson-hint").await;
    wait_text(&client, "lesson-hints", |text| {
        text.contains("the only liberty White's stone at B2 has left")
    })
    .await;
    let start = board_colors(&client).await;
    click_point(&client, D1).await;
    wait_lesson(&client, LESSON_IDS[0], "missed").await;
    let missed = text_of(&client, "lesson-missed").await;
    assert!(missed.contains("still has a liberty"), "{missed}");
    assert_eq!(board_colors(&client).await[D1], 1, "the miss was played");
    click(&client, "lesson-reset").await;
    wait_lesson(&client, LESSON_IDS[0], "playing").await;
    assert_eq!(
        board_colors(&client).await,
        start,
        "reset restores the start"
    );
    click_point(&client, B3).await;
    let solved = wait_solved(&client, LESSON_IDS[0]).await;
    assert!(solved.contains("Captured!"), "{solved}");
    let colors = board_colors(&client).await;
    assert_eq!((colors[B2], colors[B3]), (0, 1), "B2 captured by B3");
    screenshot(&client, "e2e-tutorial-1-solved").await;
    click(&client, "lesson-next").await;

    // 2. Liberties and suicide: D4 is refused as suicide; A1 captures first.
    wait_lesson(&client, LESSON_IDS[1], "playing").await;
    let before = board_colors(&client).await;
    click_point(&client, D4).await;
    let refusal = wait_text(&client, "lesson-refusal", |text| !text.is_empty()).await;
    assert!(
        refusal.contains("D4") && refusal.contains("suicide"),
        "{refusal}"
    );
    assert_eq!(
        board_colors(&client).await,
        before,
        "a refusal changes nothing"
    );
    wait_lesson(&client, LESSON_IDS[1], "playing").await;
    click_point(&client, A1).await;
    let solved = wait_solved(&client, LESSON_IDS[1]).await;
    assert!(solved.contains("not suicide"), "{solved}");
    let colors = board_colors(&client).await;
    assert_eq!(
        (colors[A1], colors[1], colors[A2]),
        (1, 0, 0),
        "A1 stands, B1 and A2 captured"
    );
    click(&client, "lesson-next").await;

    // 3. The repetition rules: retaking at C1 is refused as superko; D3 captures D4.
    wait_lesson(&client, LESSON_IDS[2], "playing").await;
    click_point(&client, C1).await;
    let refusal = wait_text(&client, "lesson-refusal", |text| !text.is_empty()).await;
    assert!(
        refusal.contains("C1") && refusal.contains("superko"),
        "{refusal}"
    );
    assert_eq!(board_colors(&client).await[C1], 0);
    click_point(&client, D3).await;
    let solved = wait_solved(&client, LESSON_IDS[2]).await;
    assert!(
        solved.contains("would have repeated an earlier board"),
        "{solved}"
    );
    let colors = board_colors(&client).await;
    assert_eq!((colors[D3], colors[D4]), (1, 0), "D4 captured by D3");
    click(&client, "lesson-next").await;

    // 4. Time travel: choose Time, the ringed C1, arrival before placement 4.
    wait_lesson(&client, LESSON_IDS[3], "playing").await;
    assert_eq!(board_colors(&client).await[A1], 0, "A1 starts captured");
    click(&client, "lesson-mode-time").await;
    by_test_id(&client, "lesson-time").await;
    wait_css(&client, &format!("[data-point=\"{C1}\"] circle.ring")).await;
    click_point(&client, C1).await;
    wait_text(&client, "lesson-time", |text| text.contains("C1")).await;
    click(&client, "lesson-arrival-3").await;
    let solved = wait_solved(&client, LESSON_IDS[3]).await;
    assert!(solved.contains("Your stone at A1 is back"), "{solved}");
    let colors = board_colors(&client).await;
    assert_eq!(
        (colors[A1], colors[1], colors[C1]),
        (1, 0, 1),
        "A1 restored, White's B1 captured"
    );
    screenshot(&client, "e2e-tutorial-4-solved").await;
    click(&client, "lesson-next").await;

    // 5. Lock: the whole turn protects the past.
    wait_lesson(&client, LESSON_IDS[4], "playing").await;
    click(&client, "lesson-lock").await;
    let solved = wait_solved(&client, LESSON_IDS[4]).await;
    assert!(solved.contains("Locked."), "{solved}");
    assert_eq!(board_colors(&client).await[A1], 0, "A1 stays captured");
    click(&client, "lesson-next").await;

    // 6. The protected past: Black's D4 travels to the first unlocked gap and White's
    // D4 is cancelled, marked by a cross.
    wait_lesson(&client, LESSON_IDS[5], "playing").await;
    click(&client, "lesson-mode-time").await;
    wait_css(&client, &format!("[data-point=\"{D4}\"] circle.ring")).await;
    click_point(&client, D4).await;
    wait_text(&client, "lesson-time", |text| text.contains("D4")).await;
    click(&client, "lesson-arrival-4").await;
    let solved = wait_solved(&client, LESSON_IDS[5]).await;
    assert!(solved.contains("was cancelled"), "{solved}");
    assert_eq!(
        count(&client, &format!("[data-point=\"{D4}\"] path.cross")).await,
        1,
        "the cancelled placement is crossed"
    );
    assert_eq!(board_colors(&client).await[D4], 1);
    click(&client, "lesson-next").await;

    // 7. Scoring, by keyboard: from A1, up to A2 and Enter captures A1; White passes;
    // Black passes and the game ends with 11 to 5.
    wait_lesson(&client, LESSON_IDS[6], "playing").await;
    keys_on_board(&client, A1, &["\u{E013}", "\u{E007}"]).await; // ArrowUp, Enter
    wait_colors(&client, "A2 placed by keyboard captures A1", |colors| {
        colors[A1] == 0 && colors[A2] == 1
    })
    .await;
    // White's answer is a pass, listed after Black's A2 in the lesson's turns.
    wait_text(&client, "lesson-turns", |text| {
        text.lines()
            .last()
            .is_some_and(|line| line.contains("White") && line.contains("pass"))
    })
    .await;
    wait_lesson(&client, LESSON_IDS[6], "playing").await;
    click(&client, "lesson-pass").await;
    let solved = wait_solved(&client, LESSON_IDS[6]).await;
    assert!(solved.contains("11 points"), "{solved}");
    let score = text_of(&client, "lesson-score").await;
    assert!(
        score.contains("11") && score.contains('5'),
        "the area count shows 11 to 5: {score}"
    );
    screenshot(&client, "e2e-tutorial-7-solved").await;
    click(&client, "lesson-finish").await;

    assert_eq!(completed_marks(&client).await, [true; 7]);
    assert!(progress_path.exists(), "progress is kept in tutorial.json");
    assert_eq!(
        std::fs::read(&save_path).expect("the saved game is still there"),
        saved,
        "the tutorial changed the saved TimeGo game"
    );

    client.close().await;

    // Restart: the progress is remembered and the saved game is still the same.
    let client = TestApp::launch(&home, Launch::default()).await;
    click(&client, "home-learn").await;
    by_test_id(&client, "tutorial-screen").await;
    assert_eq!(completed_marks(&client).await, [true; 7]);
    click(&client, "lesson-3").await;
    wait_lesson(&client, LESSON_IDS[3], "playing").await;
    wait_text(&client, "lesson-number", |text| text.contains("Completed")).await;
    screenshot(&client, "e2e-tutorial-restored").await;
    assert_eq!(std::fs::read(&save_path).unwrap(), saved);

    // The TimeGo game comes back as it was left.
    click_when_free(&client, "nav a[href=\"#/\"]").await;
    open_timego(&client).await;
    wait_turn(&client, "Black").await;
    assert_eq!(board_colors(&client).await, game_colors);
    assert_eq!(std::fs::read(&save_path).unwrap(), saved);
    client.close().await;
}
