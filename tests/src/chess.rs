//! Helpers for the Time Chess screen: waiting for the screen and its 3D stack, playing a
//! move typed in the entry box or clicked in the 3D stack (where the stack's test hook,
//! `window.__stack`, says a position is on screen), pasting a record to set up a game,
//! reading the move list, the announcer and the stack's state, and mirroring the game in
//! the engine so that every step is checked against the rules rather than the screen.

use crate::{
    by_test_id, click_at, click_when_free, count, paste_into, wait_gone, wait_text, UI_TIMEOUT,
};
use canon_engine::timechess::{Game, Move};
use fantoccini::Client;
use serde_json::Value;
use std::time::{Duration, Instant};

/// The move list's items, in order.
const MOVE_ITEMS: &str = "[data-testid=\"move-list\"] li";

/// Waits for the chess screen and for its 3D stack to have drawn a frame (the stack's
/// code is loaded after the screen shows, and its hook exists only while it is mounted).
pub async fn wait_ready(client: &Client) {
    by_test_id(client, "chess-screen").await;
    wait_js(
        client,
        "return !!(window.__stack && window.__stack.state().renders >= 1);",
        "the 3D stack drew its first frame",
    )
    .await;
}

/// Waits until the script `js` (a function body) returns `true`; `what` names the wait.
pub async fn wait_js(client: &Client, js: &str, what: &str) {
    let deadline = Instant::now() + UI_TIMEOUT;
    loop {
        let done = client
            .execute(js, vec![])
            .await
            .map(|value| value == Value::Bool(true))
            .unwrap_or(false);
        if done {
            return;
        }
        assert!(Instant::now() < deadline, "never true: {what}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The moves of the list, in notation.
pub async fn moves(client: &Client) -> Vec<String> {
    let list = client
        .execute(
            "return Array.from(document.querySelectorAll(arguments[0])) \
               .map((li) => li.querySelector('.mv')?.textContent.trim() ?? '');",
            vec![MOVE_ITEMS.into()],
        )
        .await
        .expect("read the move list");
    list.as_array()
        .expect("an array of moves")
        .iter()
        .map(|mv| mv.as_str().expect("a move's text").to_owned())
        .collect()
}

/// Waits until the move list holds `expected` moves.
pub async fn wait_moves(client: &Client, expected: usize) {
    let deadline = Instant::now() + UI_TIMEOUT;
    loop {
        let shown = count(client, MOVE_ITEMS).await;
        if shown == expected {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "the move list never had {expected} moves (it has {shown})"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The text of the `index`-th item (0-based) of the move list: its number, move and outcome.
pub async fn move_item(client: &Client, index: usize) -> String {
    let text = client
        .execute(
            "return document.querySelectorAll(arguments[0])[arguments[1]]?.textContent ?? '';",
            vec![MOVE_ITEMS.into(), index.into()],
        )
        .await
        .expect("read a move of the list");
    text.as_str().unwrap_or_default().to_owned()
}

/// Types `text` into the typed-entry box (replacing what is there) and presses Play.
pub async fn type_move(client: &Client, text: &str) {
    let field = by_test_id(client, "typed-move").await;
    field.clear().await.expect("clear the typed move");
    field.send_keys(text).await.expect("type the move");
    click_when_free(client, "[data-testid=\"typed-play\"]:not([disabled])").await;
}

/// Waits until the screen reader's live region has said something containing `part`,
/// returning the whole sentence. (The region is visually hidden, so WebDriver's element
/// text, which is what is rendered, is empty: its text content is what is read aloud.)
pub async fn wait_announced(client: &Client, part: &str) -> String {
    let deadline = Instant::now() + UI_TIMEOUT;
    let mut last = String::new();
    loop {
        let said = client
            .execute(
                "return document.querySelector('[data-testid=\"announcer\"]')?.textContent ?? '';",
                vec![],
            )
            .await
            .expect("read the announcer");
        let said = said.as_str().unwrap_or_default().trim().to_owned();
        if said.contains(part) {
            return said;
        }
        assert!(
            Instant::now() < deadline,
            "the announcer never said {part:?}; last said: {last:?}"
        );
        last = said;
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The 3D stack's state, as its test hook tells it (`window.__stack.state()`).
pub async fn stack_state(client: &Client) -> Value {
    client
        .execute("return window.__stack.state();", vec![])
        .await
        .expect("read the stack's state")
}

/// The layers the stack shows.
pub async fn visible_layers(client: &Client) -> Vec<u64> {
    stack_state(client).await["visibleLayers"]
        .as_array()
        .expect("visible layers")
        .iter()
        .map(|turn| turn.as_u64().expect("a turn"))
        .collect()
}

/// Waits until the stack's state satisfies `check`, returning it.
pub async fn wait_stack(client: &Client, what: &str, check: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + UI_TIMEOUT;
    loop {
        let state = stack_state(client).await;
        if check(&state) {
            return state;
        }
        assert!(
            Instant::now() < deadline,
            "the stack never showed {what}; its state: visible {}, stereo {}, present {}, destinations {}",
            state["visibleLayers"],
            state["stereo"],
            state["present"],
            state["destinations"]
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Clicks `pos` (`e2t0`) in the 3D stack: waits for the stack to stop drawing, asks the hook where a click picks that position, and clicks there with the pointer.
pub async fn click_in_stack(client: &Client, pos: &str) {
    wait_still(client).await;
    let at = client
        .execute(
            "return window.__stack.target(arguments[0]);",
            vec![pos.into()],
        )
        .await
        .expect("ask the stack where a position is");
    let (x, y) = match (at["x"].as_f64(), at["y"].as_f64()) {
        (Some(x), Some(y)) => (x.round(), y.round()),
        _ => panic!("{pos} cannot be clicked in the stack: the hook answered {at}"),
    };
    click_at(client, x, y).await;
}

/// Gives keyboard focus to the 3D stack's viewport, where its keys (F, P, N, S…) work.
pub async fn focus_stack(client: &Client) {
    client
        .execute(
            "document.querySelector('.stack3d [role=\"application\"]').focus();",
            vec![],
        )
        .await
        .expect("focus the stack");
}

/// Clicks the stack's toolbar button matching `css` (`[data-filter="F"]`, `[data-stereo="off"]`).
pub async fn click_stack_button(client: &Client, css: &str) {
    click_when_free(client, &format!(".stack3d .toolbar {css}")).await;
}

/// Starts a new game (confirming when the current one has moves) and waits for the empty
/// move list.
pub async fn new_game(client: &Client) {
    click_when_free(client, "[data-testid=\"new-game\"]").await;
    if count(client, MOVE_ITEMS).await > 0 {
        click_when_free(client, "[data-testid=\"new-game-confirm\"]").await;
    }
    wait_moves(client, 0).await;
    wait_text(client, "turn", |text| text == "White to move").await;
}

/// Pastes `record` through Paste text…, answering the replace question when the current
/// game has moves, and waits for the dialog to close.
pub async fn paste_record(client: &Client, record: &str) {
    let replacing = count(client, MOVE_ITEMS).await > 0;
    click_when_free(client, "[data-testid=\"import-record\"]").await;
    if replacing {
        click_when_free(client, "[data-testid=\"import-replace-confirm\"]").await;
    }
    by_test_id(client, "record-import-dialog").await;
    paste_into(client, "record-import-text", record).await;
    click_when_free(
        client,
        "[data-testid=\"record-import-load\"]:not([disabled])",
    )
    .await;
    wait_gone(client, "[data-testid=\"record-import-dialog\"][open]").await;
}

/// The game as the engine plays it, next to the app.
#[derive(Default)]
pub struct Mirror {
    /// The engine's copy of the game.
    pub game: Game,
}

impl Mirror {
    /// A game from the starting position.
    pub fn new() -> Self {
        Self::default()
    }

    /// A game after `moves`, each of which must be legal.
    pub fn after(moves: &[&str]) -> Self {
        let mut mirror = Self::new();
        for mv in moves {
            mirror.play(mv);
        }
        mirror
    }

    /// Plays `mv` in the engine's copy; the test's sequence must be legal.
    pub fn play(&mut self, mv: &str) {
        let parsed: Move = mv
            .parse()
            .unwrap_or_else(|error| panic!("{mv} is not a move: {error}"));
        self.game.play(parsed).unwrap_or_else(|error| {
            panic!("the test plays {mv}, which the engine refuses: {error}")
        });
    }

    /// The engine's moves in notation.
    pub fn moves(&self) -> Vec<String> {
        self.game.moves().map(|mv| mv.to_string()).collect()
    }

    /// The engine's record of the game, as the app exports it.
    pub fn record(&self) -> String {
        self.game.to_record_json()
    }
}

/// Types `mv`, waits for it to be played, plays it in `mirror` and checks that the move
/// list is the engine's.
pub async fn play_typed(client: &Client, mirror: &mut Mirror, mv: &str) {
    let before = mirror.game.moves().count();
    type_move(client, mv).await;
    wait_moves(client, before + 1).await;
    mirror.play(mv);
    assert_eq!(moves(client).await, mirror.moves());
}

/// Pastes the record of `mirror`'s game and waits until the app shows its moves.
pub async fn set_up(client: &Client, mirror: &Mirror) {
    paste_record(client, &mirror.record()).await;
    wait_moves(client, mirror.game.moves().count()).await;
    assert_eq!(moves(client).await, mirror.moves());
}

impl Mirror {
    /// The engine's view of the game for a screen (layers, consequences, check), as JSON.
    pub fn view(&self) -> Value {
        serde_json::to_value(self.game.screen_view()).expect("the view as JSON")
    }

    /// The consequences of the last move, as JSON.
    pub fn last_consequences(&self) -> Vec<Value> {
        self.view()["lastMove"]["consequences"]
            .as_array()
            .expect("a last move with consequences")
            .clone()
    }

    /// Every instance of every layer from turn 0 to the present, as `(layer, square,
    /// color, kind, braindead)`, sorted.
    pub fn instances(&self) -> Vec<(u64, String, String, String, bool)> {
        let view = self.view();
        let mut out = Vec::new();
        for layer in view["layers"].as_array().expect("layers") {
            for piece in layer["pieces"].as_array().expect("pieces") {
                let at = piece["at"].as_str().expect("a position");
                out.push((
                    layer["turn"].as_u64().expect("a turn"),
                    at[..2].to_owned(),
                    piece["color"].as_str().expect("a colour").to_owned(),
                    piece["kind"].as_str().expect("a kind").to_owned(),
                    piece["braindead"].as_bool().expect("braindead"),
                ));
            }
        }
        out.sort();
        out
    }
}

/// Every piece instance the 3D stack draws in the layers from 0 to the present (not the
/// ghosts of travellers), in the form of [`Mirror::instances`].
pub async fn stack_instances(client: &Client) -> Vec<(u64, String, String, String, bool)> {
    let state = stack_state(client).await;
    let present = state["present"].as_u64().expect("the present");
    let mut out: Vec<_> = state["pieces"]
        .as_array()
        .expect("the drawn pieces")
        .iter()
        .filter(|piece| !piece["ghost"].as_bool().unwrap_or(false))
        .filter(|piece| piece["layer"].as_u64().expect("a layer") <= present)
        .map(|piece| {
            (
                piece["layer"].as_u64().expect("a layer"),
                piece["square"].as_str().expect("a square").to_owned(),
                piece["color"].as_str().expect("a colour").to_owned(),
                piece["kind"].as_str().expect("a kind").to_owned(),
                piece["braindead"].as_bool().expect("braindead"),
            )
        })
        .collect();
    out.sort();
    out
}

/// Waits until the stack has stopped drawing (a camera glide ends; the stack renders on
/// demand), so that where the hook says a position is stays true for a click.
pub async fn wait_still(client: &Client) {
    let deadline = Instant::now() + UI_TIMEOUT;
    let mut last = stack_state(client).await["renders"].as_u64();
    loop {
        tokio::time::sleep(Duration::from_millis(300)).await;
        let now = stack_state(client).await["renders"].as_u64();
        if now == last {
            return;
        }
        assert!(Instant::now() < deadline, "the stack never stopped drawing");
        last = now;
    }
}

/// A position as the screen reads it: `e2t7` → "e2 at turn 7".
pub fn pos_words(pos: &str) -> String {
    let (square, turn) = pos.split_at(2);
    format!("{square} at turn {}", &turn[1..])
}

/// The text content of every element matching `css`, trimmed, in document order (what a
/// screen reader reads, whatever the styling does to the rendered text).
pub async fn texts(client: &Client, css: &str) -> Vec<String> {
    let list = client
        .execute(
            "return Array.from(document.querySelectorAll(arguments[0])) \
               .map((el) => el.textContent.trim().replace(/\\s+/g, ' '));",
            vec![css.into()],
        )
        .await
        .unwrap_or_else(|error| panic!("read {css}: {error:?}"));
    list.as_array()
        .expect("an array of texts")
        .iter()
        .map(|text| text.as_str().unwrap_or_default().to_owned())
        .collect()
}
