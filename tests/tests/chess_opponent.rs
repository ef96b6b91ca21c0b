//! The Time Chess computer opponent in the real app (release build, embedded UI,
//! WebKitWebDriver), in one app start: a saved game where the computer is to move with a
//! mate in one (a position of the engine's tactics records, `mate1 1 6`: the first six moves
//! of the seeded random game 1) is finished by the computer at once; a new game against
//! the deepest level cancelled mid-search leaves the game unchanged; a new game against
//! the quick level gets a legal reply by itself; the hint shows an arrow.
//!
//! `CRAB_CANON_THINK_MS=60000` gives every search a minute, so the cancel always finds the
//! deep search running (the quick level's node budget ends its search long before).

use canon_e2e::*;
use canon_engine::timechess::{random_playout, Color, Game, SplitMix64, Winner};
use fantoccini::Client;

/// The tactics record `mate1 1 6`: the side to move wins at once.
fn mate_in_one() -> Game {
    let mut game = Game::new();
    random_playout(&mut game, &mut SplitMix64::new(1), 6);
    game
}

fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The autosaved game, read back by the engine (which checks every move is legal).
fn saved_game(home: &AppHome) -> Game {
    let text = std::fs::read_to_string(home.app_data_dir().join("chess.json"))
        .expect("the game was autosaved");
    Game::import(text.as_bytes()).expect("the saved game is a legal Time Chess game")
}

async fn moves_listed(client: &Client) -> usize {
    count(client, "[data-testid=\"move-list\"] li").await
}

async fn new_game_against_the_computer(client: &Client, side: &str, level: &str) {
    by_test_id(client, "new-game").await.click().await.unwrap();
    choose_in_new_game(client, "Opponent", "The computer").await;
    choose_in_new_game(client, "Computer plays", side).await;
    by_test_id(client, "new-level")
        .await
        .select_by_value(level)
        .await
        .unwrap();
    by_test_id(client, "new-game-confirm")
        .await
        .click()
        .await
        .unwrap();
    wait_gone(client, "[data-testid=\"new-game-dialog\"][open]").await;
}

async fn type_move(client: &Client, mv: &str) {
    let field = by_test_id(client, "typed-move").await;
    field.send_keys(mv).await.unwrap();
    by_test_id(client, "typed-play")
        .await
        .click()
        .await
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computer_mates_replies_legally_and_stops_when_cancelled() {
    let home = AppHome::new("chess-opponent");
    let data = home.app_data_dir();
    std::fs::create_dir_all(&data).unwrap();
    let position = mate_in_one();
    let computer = position.to_move();
    std::fs::write(data.join("chess.json"), position.to_record_json()).unwrap();
    std::fs::write(
        data.join("chess-opponent.json"),
        format!(
            "{{\"computer\": \"{}\", \"level\": \"quick\"}}",
            side_name(computer)
        ),
    )
    .unwrap();
    let client = TestApp::open_with(
        &home,
        "chess",
        Launch {
            env: &[("CRAB_CANON_THINK_MS", "60000")],
            ..Launch::default()
        },
    )
    .await;

    // The computer is to move in the saved game and takes the mate offered to it.
    by_test_id(&client, "game-over").await;
    let finished = saved_game(&home);
    assert_eq!(finished.moves().count(), 7, "one move: the computer's");
    let outcome = finished.outcome().expect("the game ended");
    let expected = match computer {
        Color::White => Winner::White,
        Color::Black => Winner::Black,
    };
    assert_eq!(outcome.winner, expected, "{outcome:?}");
    screenshot(&client, "e2e-chess-opponent-mated").await;

    // The deepest level with a minute to think: Cancel leaves the new game as it was.
    new_game_against_the_computer(&client, "White", "deep").await;
    by_test_id(&client, "computer-thinking").await;
    screenshot(&client, "e2e-chess-opponent-thinking").await;
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
    assert_eq!(moves_listed(&client).await, 0, "nothing was played");
    by_test_id(&client, "computer-retry").await;
    wait_text(&client, "turn", |text| text.contains("White")).await;

    // The quick level as Black replies to White's move by itself, legally.
    new_game_against_the_computer(&client, "Black", "quick").await;
    type_move(&client, "e2t0e4t0").await;
    wait_css(&client, "[data-testid=\"move-list\"] li:nth-child(2)").await;
    wait_gone(&client, "[data-testid=\"computer-thinking\"]").await;
    let game = saved_game(&home);
    let moves: Vec<String> = game.moves().map(|mv| mv.to_string()).collect();
    assert_eq!(moves.len(), 2, "{moves:?}");
    assert_eq!(moves[0], "e2t0e4t0");
    assert_eq!(game.to_move(), Color::White, "the person is to move again");

    // The hint: the engine's move as an arrow on the board, not played.
    by_test_id(&client, "hint-button")
        .await
        .click()
        .await
        .unwrap();
    by_test_id(&client, "hint-arrow").await;
    let text = by_test_id(&client, "hint-text").await.text().await.unwrap();
    assert!(text.contains("t2"), "a move of turn 2: {text}");
    assert_eq!(moves_listed(&client).await, 2, "the hint is not played");
    screenshot(&client, "e2e-chess-opponent-hint").await;
    client.close().await;
}
