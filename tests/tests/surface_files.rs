//! Go on three surfaces documents in the real app (release build, embedded UI,
//! WebKitWebDriver under Xvfb): every document kind saved and opened again — the game
//! and an analysis through the system's file dialogs (answered with `xdotool`), a replay,
//! a study and a diagram copied as text and pasted back — each checked against the
//! engine's reading of the file; the game exported as SGF; a corrupt game file refused
//! with its reason, changing nothing on screen or on disk; and a `.surfacego.json` file
//! named on the command line opening in the surfaces screen after asking.

use canon_e2e::surface::*;
use canon_e2e::*;
use canon_engine::surfaces::records::{self, import_any, Document};
use canon_engine::surfaces::{Action, Surface, SurfaceGame, STUDY_LABEL};
use fantoccini::{Client, Locator};
use std::path::Path;

const SAVE_TITLE: &str = "Save Go on surfaces document";
const OPEN_TITLE: &str = "Open Go on surfaces document";
const SGF_TITLE: &str = "Export to SGF";

fn document(text: &str) -> Document {
    import_any(text.as_bytes()).unwrap_or_else(|error| panic!("not a valid document: {error}"))
}

fn schema(text: &str) -> String {
    let value: serde_json::Value = serde_json::from_str(text)
        .unwrap_or_else(|error| panic!("not JSON ({error}): {:?}", &text[..text.len().min(300)]));
    value["schema"].as_str().expect("a schema").to_owned()
}

/// The document of a line the app saved in its data directory.
fn saved(home: &AppHome, file: &str) -> Document {
    document(&read_text(&home.app_data_dir().join(file)))
}

/// Chooses the document kind `value` in the files panel.
async fn choose_kind(client: &Client, value: &str) {
    let select = by_test_id(client, "surface-file-kind").await;
    select
        .select_by_value(value)
        .await
        .unwrap_or_else(|error| panic!("choose {value}: {error}"));
    // WebKitWebDriver selects the option without always telling the page: say it, as
    // the browser does when a player picks an option.
    run_on(
        client,
        &select,
        "arguments[0].dispatchEvent(new Event('change', { bubbles: true }));",
        Vec::new(),
    )
    .await;
    let chosen = select.prop("value").await.unwrap();
    assert_eq!(chosen.as_deref(), Some(value));
}

/// Clicks `button` (which opens a native file dialog) and answers it with `path`.
async fn through_dialog(client: &Client, button: &str, title: &'static str, path: &Path) {
    through_file_dialog(client, button, title, path, title != OPEN_TITLE).await;
}

/// Saves the chosen kind to `path` through the save dialog and waits for the status.
async fn save_file(client: &Client, kind: &str, title: &'static str, path: &Path) -> String {
    choose_kind(client, kind).await;
    through_dialog(client, "export-file", title, path).await;
    let name = path.file_name().unwrap().to_str().unwrap().to_owned();
    wait_text(client, "surface-file-status", |text| {
        text.starts_with("Saved to") && text.contains(&name)
    })
    .await;
    read_text(path)
}

/// Copies the chosen kind as text (waiting for a document of `expected` schema: the
/// dialog may still show the previous copy) and closes the text's dialog.
async fn copy_text(client: &Client, kind: &str, expected: &str) -> String {
    choose_kind(client, kind).await;
    click_when_free(client, "[data-testid=\"export-record\"]").await;
    let field = by_test_id(client, "surface-export-text").await;
    let deadline = std::time::Instant::now() + UI_TIMEOUT;
    let text = loop {
        let text = field.prop("value").await.unwrap().unwrap_or_default();
        let found = serde_json::from_str::<serde_json::Value>(&text)
            .ok()
            .and_then(|value| value["schema"].as_str().map(str::to_owned));
        if found.as_deref() == Some(expected) {
            break text;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "no {expected} document to copy; the dialog shows {:?}",
            &text[..text.len().min(200)]
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    };
    close_dialog(client, "surface-export-dialog").await;
    text
}

async fn close_dialog(client: &Client, id: &str) {
    client
        .find(Locator::XPath(&format!(
            "//*[@data-testid='{id}']//button[normalize-space(.)='Close']"
        )))
        .await
        .unwrap_or_else(|error| panic!("no Close button in {id}: {error}"))
        .click()
        .await
        .unwrap();
    wait_gone(client, &format!("[data-testid=\"{id}\"][open]")).await;
}

/// Pastes `text` as a document; `confirm` answers the question asked when it replaces
/// something made.
async fn paste_text(client: &Client, text: &str, confirm: bool) {
    click_when_free(client, "[data-testid=\"import-record\"]").await;
    paste_into(client, "surface-import-text", text).await;
    click_button(client, "surface-import-submit").await;
    if confirm {
        click_button(client, "surface-open-confirm-yes").await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_document_kind_round_trips_and_a_corrupt_file_changes_nothing() {
    let home = AppHome::new("surface-files");
    let dir = home.shared_files_dir();
    let client = TestApp::open(&home, "surface").await;
    new_game(&client, Surface::Mobius, "0.5").await;
    let mut mirror = Mirror::new(Surface::Mobius, 1);
    for at in [4, 13, 22] {
        play(&client, &mut mirror, at).await;
    }
    let game_list = move_list(&client).await;

    // The game through the save dialog: the engine reads the file as this game.
    let game_file = dir.join("game.surfacego.json");
    let exported = save_file(&client, "game", SAVE_TITLE, &game_file).await;
    assert_eq!(schema(&exported), "surface-go-game");
    match document(&exported) {
        Document::Game(game) => assert_eq!(game.actions(), mirror.game.actions()),
        _ => panic!("the game file holds another kind"),
    }

    // SGF for ordinary Go programs.
    let sgf_file = dir.join("game.sgf");
    let sgf = save_file(&client, "game-sgf", SGF_TITLE, &sgf_file).await;
    assert!(sgf.starts_with("(;FF[4]GM[1]"), "{sgf}");
    assert!(sgf.contains("SZ["), "{sgf}");

    // A corrupt game file: its third move is on the first move's point. Refused with the
    // reason; the screen and the save stay as they were.
    let mut corrupt: serde_json::Value = serde_json::from_str(&exported).unwrap();
    corrupt["actions"][2]["at"] = corrupt["actions"][0]["at"].clone();
    let corrupt_file = dir.join("corrupt.surfacego.json");
    std::fs::write(&corrupt_file, corrupt.to_string()).unwrap();
    let autosave = home.app_data_dir().join("surface.json");
    let before = read_text(&autosave);
    click_when_free(&client, "[data-testid=\"import-file\"]").await;
    click_button(&client, "surface-open-confirm-yes").await;
    let path = corrupt_file.clone();
    tokio::task::spawn_blocking(move || answer_file_dialog(OPEN_TITLE, &path, false))
        .await
        .unwrap();
    let reason = wait_text(&client, "surface-rejection", |text| !text.is_empty()).await;
    assert!(reason.contains("occupied"), "{reason}");
    screenshot(&client, "e2e-surface-rejected").await;
    close_dialog(&client, "surface-rejected-dialog").await;
    assert_board(&client, &mirror).await;
    assert_eq!(move_list(&client).await, game_list);
    assert_eq!(
        read_text(&autosave),
        before,
        "the save on disk is untouched"
    );

    // A new game on another surface, then the saved file brings the game back.
    new_game(&client, Surface::Klein, "0.5").await;
    through_dialog(&client, "import-file", OPEN_TITLE, &game_file).await;
    wait_css(
        &client,
        "[data-testid=\"surface-screen\"][data-surface=\"go-mobius-9x11-v1\"]",
    )
    .await;
    wait_text(&client, "surface-file-status", |text| {
        text == "Opened as the game."
    })
    .await;
    wait_moves(&client, 3).await;
    assert_board(&client, &mirror).await;
    assert_eq!(move_list(&client).await, game_list);

    // A replay keeps the reviewed move: copied at move 2, pasted back at the latest move.
    click_button(&client, "surface-review-back").await;
    wait_text(&client, "review-banner", |text| {
        text.contains("Reviewing after move 2 of 3")
    })
    .await;
    let at_two = mirror.game.state_at(2).expect("move 2").board().to_vec();
    let replay = copy_text(&client, "game-replay", "surface-go-replay").await;
    assert_eq!(schema(&replay), "surface-go-replay");
    match document(&replay) {
        Document::Replay { line, cursor } => {
            assert_eq!((line.actions(), cursor), (mirror.game.actions(), 2));
        }
        _ => panic!("the replay text holds another kind"),
    }
    click_button(&client, "review-latest").await;
    wait_gone(&client, "[data-testid=\"review-banner\"]").await;
    paste_text(&client, &replay, true).await;
    wait_text(&client, "review-banner", |text| {
        text.contains("Reviewing after move 2 of 3")
    })
    .await;
    wait_board(&client, &at_two).await;

    // An analysis from move 2 through the dialogs: saved with one move of its own, then a
    // second move is undone by opening the file.
    wait_text(&client, "analyse", |text| text == "Analyse from move 2").await;
    click_button(&client, "analyse").await;
    wait_css(
        &client,
        "[data-testid=\"surface-screen\"][data-tab=\"study\"]",
    )
    .await;
    let mut analysis = Mirror {
        game: mirror.game.analysis_at(2).expect("an analysis from move 2"),
    };
    wait_moves(&client, 2).await;
    play(&client, &mut analysis, 30).await;
    let analysis_file = dir.join("analysis.surfacego.json");
    let exported = save_file(&client, "study", SAVE_TITLE, &analysis_file).await;
    assert_eq!(schema(&exported), "surface-go-analysis");
    let analysed: Vec<Action> = match document(&exported) {
        Document::Analysis(line) => line.actions().to_vec(),
        _ => panic!("the analysis file holds another kind"),
    };
    assert_eq!(analysed, analysis.game.actions());
    let after_save = analysis.board();
    play(&client, &mut analysis, 31).await;
    // Opening replaces the analysis: the app asks first, then shows the open dialog.
    click_when_free(&client, "[data-testid=\"import-file\"]").await;
    click_button(&client, "surface-open-confirm-yes").await;
    let path = analysis_file.clone();
    tokio::task::spawn_blocking(move || answer_file_dialog(OPEN_TITLE, &path, false))
        .await
        .unwrap();
    wait_moves(&client, 3).await;
    wait_board(&client, &after_save).await;
    match saved(&home, "surface-study.json") {
        Document::Analysis(line) => assert_eq!(line.actions(), analysed),
        Document::Replay { line, .. } => assert_eq!(line.actions(), analysed),
        _ => panic!("the study's save holds another kind"),
    }

    // A study as text: begun from the editor, one move, copied, a second move, pasted back.
    show_tab(&client, "Edit", "edit").await;
    by_test_id(&client, "surface-editor").await;
    click_button(&client, "surface-begin-study").await;
    click_button(&client, "surface-confirm-yes").await;
    wait_text(&client, "study-label", |text| text == STUDY_LABEL).await;
    wait_moves(&client, 0).await;
    let mut study = Mirror {
        game: match saved(&home, "surface-study.json") {
            Document::Study(line) => line,
            _ => panic!("the study's save holds another kind"),
        },
    };
    assert!(study.game.actions().is_empty());
    assert_board(&client, &study).await;
    play(&client, &mut study, 70).await;
    let study_text = copy_text(&client, "study", "surface-go-study").await;
    assert_eq!(schema(&study_text), "surface-go-study");
    match document(&study_text) {
        Document::Study(line) => {
            assert_eq!(line.actions(), study.game.actions());
            assert_eq!(line.label(), Some(STUDY_LABEL));
        }
        _ => panic!("the study text holds another kind"),
    }
    let after_copy = study.board();
    play(&client, &mut study, 71).await;
    paste_text(&client, &study_text, true).await;
    wait_moves(&client, 1).await;
    wait_board(&client, &after_copy).await;
    wait_text(&client, "study-label", |text| text == STUDY_LABEL).await;

    // A diagram as text: copied, changed by a stone, pasted back.
    show_tab(&client, "Edit", "edit").await;
    by_test_id(&client, "surface-editor").await;
    let diagram_board = view_colors(&client).await;
    let diagram = copy_text(&client, "diagram", "surface-go-diagram").await;
    assert_eq!(schema(&diagram), "surface-go-diagram");
    match document(&diagram) {
        Document::Diagram(d) => assert_eq!(d.to_record().board, diagram_board),
        _ => panic!("the diagram text holds another kind"),
    }
    let empty = (0..diagram_board.len())
        .find(|&p| diagram_board[p] == 0)
        .expect("an empty point");
    click_view_point(&client, empty).await;
    let deadline = std::time::Instant::now() + UI_TIMEOUT;
    while view_colors(&client).await == diagram_board {
        assert!(
            std::time::Instant::now() < deadline,
            "the edit did not show"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    paste_text(&client, &diagram, true).await;
    wait_text(&client, "surface-file-status", |text| {
        text == "Opened in the editor."
    })
    .await;
    wait_board(&client, &diagram_board).await;

    // The game was never touched by all this.
    show_tab(&client, "Play", "play").await;
    assert_eq!(move_list(&client).await, game_list);
    client.close().await;

    // A file named on the command line opens in the surfaces screen, after asking since a
    // game is in progress.
    let mut shared = SurfaceGame::new(Surface::Genus2, 13).unwrap();
    shared.apply(Action::Place { at: 7 }).unwrap();
    let shared_file = dir.join("from-a-friend.surfacego.json");
    std::fs::write(
        &shared_file,
        serde_json::to_string_pretty(&records::export(&shared)).unwrap(),
    )
    .unwrap();
    let file_arg = shared_file.to_str().unwrap();
    let client = TestApp::launch(
        &home,
        Launch {
            args: &[file_arg],
            ..Launch::default()
        },
    )
    .await;
    by_test_id(&client, "surface-screen").await;
    click_button(&client, "surface-open-confirm-yes").await;
    wait_css(
        &client,
        "[data-testid=\"surface-screen\"][data-surface=\"go-genus2-staircase-9x9-v1\"]",
    )
    .await;
    wait_text(&client, "surface-file-status", |text| {
        text.contains("from-a-friend.surfacego.json")
    })
    .await;
    wait_moves(&client, 1).await;
    assert_eq!(view_colors(&client).await[7], 1);
    // The opened game is the app's game now, saved for the next start.
    let deadline = std::time::Instant::now() + UI_TIMEOUT;
    loop {
        let (line, cursor) = match saved(&home, "surface.json") {
            Document::Game(game) => (game, 1),
            Document::Replay { line, cursor } => (line, cursor),
            _ => panic!("the game's save holds another kind"),
        };
        if (line.surface(), line.actions(), cursor) == (Surface::Genus2, shared.actions(), 1) {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the save holds {:?} at {cursor} on {:?}",
            line.actions(),
            line.surface()
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    client.close().await;
}
