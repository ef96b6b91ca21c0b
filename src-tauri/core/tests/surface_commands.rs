//! Go on surfaces through the command table, as the screen will call it: play with a
//! capture across a seam, superko, scoring, review and its confirmation, the editor and
//! studies, analysis, symmetry, documents of every kind, autosave across a restart and
//! the invalid-save policy.

use canon_app_core::commands::dispatch;
use canon_app_core::surface::{DIAGRAM_FILE_NAME, GAME_FILE_NAME, STUDY_FILE_NAME};
use canon_app_core::test_dir::{core_in, files_in, TestDir};
use canon_app_core::{AppCore, AppError};
use serde_json::{json, Value};

const STUDY_LABEL: &str = "Study: earlier history unknown; repetitions counted from this setup.";

fn call(core: &mut AppCore, cmd: &str, args: Value) -> Value {
    dispatch(core, cmd, json!({ "args": args }))
        .unwrap_or_else(|error| panic!("{cmd} {args}: {error:?}"))
}

fn refused(core: &mut AppCore, cmd: &str, args: Value) -> AppError {
    dispatch(core, cmd, json!({ "args": args })).expect_err(&format!("{cmd} {args} was accepted"))
}

fn open(core: &mut AppCore) -> Value {
    dispatch(core, "surface_open", json!({})).unwrap()
}

fn view(core: &mut AppCore, line: &str) -> Value {
    open(core)[line].clone()
}

fn apply_args(core: &mut AppCore, line: &str, action: Value, replace_future: bool) -> Value {
    let revision = view(core, line)["revision"].clone();
    json!({"line": line, "action": action, "revision": revision, "replace_future": replace_future})
}

/// Plays `action` in `line` at its current revision.
fn play(core: &mut AppCore, line: &str, action: Value) -> Value {
    let args = apply_args(core, line, action, false);
    call(core, "surface_apply", args)
}

/// `surface_apply` of `action` at the current revision, expected to be refused.
fn refused_apply(core: &mut AppCore, line: &str, action: Value, replace_future: bool) -> AppError {
    let args = apply_args(core, line, action, replace_future);
    refused(core, "surface_apply", args)
}

fn place(at: u16) -> Value {
    json!({"type": "place", "at": at})
}

fn new_game(core: &mut AppCore, surface: &str) -> Value {
    call(core, "surface_new", json!({"surface": surface}))
}

const KLEIN: &str = "go-klein-9x18-v1";
const MOBIUS: &str = "go-mobius-9x11-v1";

/// On Klein, a1 (0) touches a2 (9), b1 (1), a18 (153, across the top and bottom) and
/// i18 (161, across the side seam that reverses ranks).
#[test]
fn a_short_klein_game_captures_across_both_seams() {
    let dir = TestDir::new("surface-klein-capture");
    let mut core = core_in(&dir);
    let fresh = new_game(&mut core, KLEIN);
    assert_eq!(fresh["surface"], KLEIN);
    assert_eq!(fresh["komi_half_points"], 1);
    assert_eq!(fresh["board"].as_array().unwrap().len(), 162);
    assert_eq!(fresh["side_to_move"], "black");
    for at in [9, 0, 1, 40, 153, 41] {
        play(&mut core, "game", place(at));
    }
    let played = play(&mut core, "game", place(161));
    assert_eq!(played["board"][0], 0, "a1 was captured");
    assert_eq!(played["captures"], json!({"by_black": 1, "by_white": 0}));
    assert_eq!(
        played["last_move"],
        json!({"player": "black", "action": place(161), "label": "i18", "captured": [0]})
    );
    assert_eq!(
        (played["cursor"].as_u64(), played["line_length"].as_u64()),
        (Some(7), Some(7))
    );
    assert_eq!(played["side_to_move"], "white");
    assert_eq!(played["study_label"], Value::Null);
    // The chain on i18 has a1 as a liberty, across the side seam.
    let chain = call(
        &mut core,
        "surface_chain",
        json!({"line": "game", "point": 161}),
    );
    assert_eq!(chain["stones"], json!([161]));
    assert!(
        chain["liberties"].as_array().unwrap().contains(&json!(0)),
        "{chain}"
    );
    // White on a1 would have no liberty: the engine says so, in words with labels.
    let explained = call(
        &mut core,
        "surface_explain",
        json!({"line": "game", "point": 0}),
    );
    assert_eq!(explained["explanation"]["rejection"]["kind"], "suicide");
    assert_eq!(explained["label"], "a1");
    assert_eq!(
        explained["message"],
        "a stone at a1 would have no liberty: suicide is prohibited"
    );
    let error = refused_apply(&mut core, "game", place(0), false);
    assert!(
        matches!(&error, AppError::Illegal { message, .. } if message.contains("suicide")),
        "{error:?}"
    );
    let inspection = call(&mut core, "surface_inspect", json!({"line": "game"}));
    // Black a2, b1, a18 and i18 apart; White e5–f5 one chain.
    assert_eq!(inspection["groups"].as_array().unwrap().len(), 5);
    assert_eq!(inspection["certified"], json!([]));
    // Off the board and a stale revision are refused before the engine is asked.
    assert!(matches!(
        refused(
            &mut core,
            "surface_chain",
            json!({"line": "game", "point": 162})
        ),
        AppError::InvalidArgument { .. }
    ));
    let stale = json!({"line": "game", "action": place(80), "revision": "0@0"});
    let error = refused(&mut core, "surface_apply", stale);
    assert!(error.to_string().contains("revision"), "{error}");
    assert_eq!(view(&mut core, "game")["line_length"], 7);
}

#[test]
fn superko_is_refused_in_the_engines_words_and_nothing_changes() {
    let dir = TestDir::new("surface-superko");
    let mut core = core_in(&dir);
    new_game(&mut core, KLEIN);
    // A ko around e5 (40): Black e6, d5, e4; White f6, g5, f4; White takes e5, Black f5
    // captures it, and White's retake would repeat the board after 8 actions.
    for at in [49, 50, 39, 42, 31, 32, 100, 40, 41] {
        play(&mut core, "game", place(at));
    }
    let before = files_in(dir.path());
    let args = apply_args(&mut core, "game", place(40), false);
    match refused(&mut core, "surface_apply", args) {
        AppError::Illegal {
            message, rejection, ..
        } => {
            assert_eq!(
                message,
                "placing at e5 repeats the board of the position after 8 actions (coloring number 8 of this history): positional superko"
            );
            let rejection = serde_json::to_value(rejection).unwrap();
            assert_eq!(rejection["kind"], "superko");
            assert_eq!(rejection["after_actions"], 8);
        }
        other => panic!("expected superko, got {other:?}"),
    }
    assert_eq!(files_in(dir.path()), before, "a refusal saves nothing");
    assert_eq!(view(&mut core, "game")["line_length"], 9);
    let explained = call(
        &mut core,
        "surface_explain",
        json!({"line": "game", "point": 40}),
    );
    assert_eq!(explained["explanation"]["rejection"]["kind"], "superko");
}

#[test]
fn two_passes_end_the_game_with_the_area_score() {
    let dir = TestDir::new("surface-passes");
    let mut core = core_in(&dir);
    let players = json!({"black": "person", "white": "person"});
    let args = json!({"surface": MOBIUS, "komi_half_points": 1, "players": players});
    call(&mut core, "surface_new", args);
    assert_eq!(open(&mut core)["players"], players);
    let error = refused(
        &mut core,
        "surface_new",
        json!({"surface": MOBIUS, "komi_half_points": 199}),
    );
    assert!(error.to_string().contains("komi 99.5"), "{error}");
    let under_way = |core: &mut AppCore| {
        dispatch(core, "app_status", json!({})).unwrap()["in_progress"].clone()
    };
    assert_eq!(under_way(&mut core)["surface"], false, "no move yet");
    play(&mut core, "game", place(49));
    assert_eq!(
        under_way(&mut core),
        json!({"timego": false, "surface": true, "chess": false})
    );
    let view = play(&mut core, "game", json!({"type": "pass"}));
    assert_eq!(view["passes"], 1);
    assert_eq!(view["score_if_both_finish_now"]["area"]["black"], 99);
    let view = play(&mut core, "game", json!({"type": "pass"}));
    assert_eq!(view["side_to_move"], Value::Null);
    assert_eq!(view["outcome"]["reason"], "score");
    assert_eq!(view["outcome"]["winner"], "black");
    assert_eq!(
        view["outcome"]["score"]["difference_half_points"],
        2 * 99 - 1
    );
    let error = refused_apply(&mut core, "game", json!({"type": "pass"}), false);
    assert!(error.to_string().contains("ended"), "{error}");
    assert_eq!(under_way(&mut core)["surface"], false, "the game is over");
}

#[test]
fn review_keeps_the_line_and_playing_earlier_needs_the_replace_confirmation() {
    let dir = TestDir::new("surface-review");
    let mut core = core_in(&dir);
    new_game(&mut core, MOBIUS);
    for at in [10, 20, 30, 40] {
        play(&mut core, "game", place(at));
    }
    let review = |core: &mut AppCore, to: Value| {
        call(core, "surface_review", json!({"line": "game", "to": to}))["cursor"].clone()
    };
    assert_eq!(review(&mut core, json!({"kind": "first"})), 0);
    assert_eq!(review(&mut core, json!({"kind": "previous"})), 0);
    assert_eq!(review(&mut core, json!({"kind": "next"})), 1);
    assert_eq!(review(&mut core, json!({"kind": "last"})), 4);
    assert_eq!(review(&mut core, json!({"kind": "next"})), 4);
    assert_eq!(review(&mut core, json!({"kind": "jump", "cursor": 2})), 2);
    let reviewed = view(&mut core, "game");
    assert_eq!(
        (
            reviewed["line_length"].as_u64(),
            reviewed["actions"].as_array().unwrap().len()
        ),
        (Some(4), 4)
    );
    assert_eq!(reviewed["board"][30], 0, "the board at move 2");
    assert!(refused(
        &mut core,
        "surface_review",
        json!({"line": "game", "to": {"kind": "jump", "cursor": 5}})
    )
    .to_string()
    .contains("after 5 actions"));
    // The reviewed cursor is saved in a replay wrapper.
    let saved = std::fs::read_to_string(dir.path().join(GAME_FILE_NAME)).unwrap();
    assert!(
        saved.contains("surface-go-replay") && saved.contains("\"cursor\": 2"),
        "{saved}"
    );

    let error = refused_apply(&mut core, "game", place(50), false);
    assert!(
        matches!(&error, AppError::ConfirmationNeeded { message } if message.contains("2 later turns")),
        "{error:?}"
    );
    assert_eq!(view(&mut core, "game")["line_length"], 4);
    let args = apply_args(&mut core, "game", place(50), true);
    let replaced = call(&mut core, "surface_apply", args);
    assert_eq!(
        (
            replaced["cursor"].as_u64(),
            replaced["line_length"].as_u64()
        ),
        (Some(3), Some(3))
    );
}

#[test]
fn editor_to_study_to_export_and_import_keeps_the_study_label() {
    let dir = TestDir::new("surface-study");
    let mut core = core_in(&dir);
    let editor = call(
        &mut core,
        "surface_editor_start",
        json!({"from": {"kind": "empty", "surface": MOBIUS}}),
    );
    assert_eq!(editor["diagram"]["next"], "black");
    assert_eq!(editor["study_blocked"], Value::Null);
    // Mobius a1 (0) has three neighbours: b1 (1), a2 (9) and, across the flip, i1... the
    // engine knows; surround a white stone on a1 completely with black.
    call(
        &mut core,
        "surface_edit",
        json!({"kind": "white", "point": 0}),
    );
    let mut last = Value::Null;
    for neighbour in neighbours_of(&mut core, 0) {
        last = call(
            &mut core,
            "surface_edit",
            json!({"kind": "black", "point": neighbour}),
        );
    }
    assert_eq!(last["inspection"]["stable"], false);
    assert_eq!(last["study_blocked"]["kind"], "no_liberty", "{last}");
    assert_eq!(last["study_blocked"]["color"], "white", "{last}");
    assert_eq!(last["study_blocked"]["point"], 0, "{last}");
    let error = refused(&mut core, "surface_begin_study", json!({}));
    assert!(
        matches!(&error, AppError::Illegal { message, .. } if message.contains("has no liberty")),
        "{error:?}"
    );
    call(
        &mut core,
        "surface_edit",
        json!({"kind": "erase", "point": 0}),
    );
    let no_next = call(
        &mut core,
        "surface_edit",
        json!({"kind": "next", "player": null}),
    );
    assert_eq!(
        no_next["study_blocked"]["kind"], "no_next_player",
        "{no_next}"
    );
    assert!(refused(&mut core, "surface_begin_study", json!({}))
        .to_string()
        .contains("select the player to move"));
    call(
        &mut core,
        "surface_edit",
        json!({"kind": "next", "player": "white"}),
    );
    let study = call(&mut core, "surface_begin_study", json!({}));
    assert_eq!(study["kind"], "study");
    assert_eq!(study["study_label"], STUDY_LABEL);
    assert_eq!(study["side_to_move"], "white");
    play(&mut core, "study", place(50));

    // A second study needs the confirmation.
    let error = refused(&mut core, "surface_begin_study", json!({}));
    assert!(
        matches!(error, AppError::ConfirmationNeeded { .. }),
        "{error:?}"
    );

    let exported = call(&mut core, "surface_export", json!({"kind": "study"}));
    let text = exported.as_str().unwrap().to_owned();
    assert!(text.contains("surface-go-study"));
    let diagram = call(&mut core, "surface_export", json!({"kind": "diagram"}));
    assert!(diagram.as_str().unwrap().contains("surface-go-diagram"));
    assert!(
        refused(&mut core, "surface_export", json!({"kind": "analysis"}))
            .to_string()
            .contains("not a surface-go-analysis")
    );

    let other = TestDir::new("surface-study-import");
    let mut elsewhere = core_in(&other);
    let imported = call(&mut elsewhere, "surface_import", json!({"text": text}));
    assert_eq!(imported["into"], "study");
    let study = &imported["state"]["study"];
    assert_eq!(study["study_label"], STUDY_LABEL);
    assert_eq!(study["line_length"], 1);
    assert_eq!(
        imported["state"]["game"]["line_length"], 0,
        "the game is untouched"
    );
    let diagram = call(&mut elsewhere, "surface_import", json!({"text": diagram}));
    assert_eq!(diagram["into"], "editor");
    assert_eq!(diagram["state"]["editor"]["diagram"]["next"], "white");
}

/// The neighbours of `point` on the editor's surface, from the engine's inspection of a
/// lone stone (its liberties).
fn neighbours_of(core: &mut AppCore, point: u16) -> Vec<u16> {
    let editor = open(core)["editor"].clone();
    let groups = editor["inspection"]["groups"].as_array().unwrap().clone();
    let lone = groups
        .iter()
        .find(|chain| chain["stones"] == json!([point]))
        .expect("the lone stone's chain");
    lone["liberties"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_u64().unwrap() as u16)
        .collect()
}

#[test]
fn an_analysis_from_move_n_leaves_the_game_unchanged() {
    let dir = TestDir::new("surface-analysis");
    let mut core = core_in(&dir);
    new_game(&mut core, KLEIN);
    for at in [9, 0, 1, 40, 153] {
        play(&mut core, "game", place(at));
    }
    let game_before = call(&mut core, "surface_export", json!({"kind": "game"}));
    let saved_before = std::fs::read(dir.path().join(GAME_FILE_NAME)).unwrap();
    let analysis = call(&mut core, "surface_analyse", json!({"from_move": 2}));
    assert_eq!(analysis["kind"], "analysis");
    assert_eq!(
        (
            analysis["cursor"].as_u64(),
            analysis["first_cursor"].as_u64()
        ),
        (Some(2), Some(2))
    );
    assert_eq!(analysis["study_label"], Value::Null);
    play(&mut core, "study", place(100));
    assert_eq!(
        call(&mut core, "surface_export", json!({"kind": "game"})),
        game_before
    );
    assert_eq!(
        std::fs::read(dir.path().join(GAME_FILE_NAME)).unwrap(),
        saved_before
    );
    assert_eq!(view(&mut core, "game")["line_length"], 5);
    let document = call(&mut core, "surface_export", json!({"kind": "analysis"}));
    assert!(document.as_str().unwrap().contains("surface-go-analysis"));
    // Review of an analysis stops at its prefix.
    let first = call(
        &mut core,
        "surface_review",
        json!({"line": "study", "to": {"kind": "first"}}),
    );
    assert_eq!(first["cursor"], 2);
    // Another analysis replaces this one only when confirmed; past the end is refused.
    assert!(matches!(
        refused(&mut core, "surface_analyse", json!({"from_move": 3})),
        AppError::ConfirmationNeeded { .. }
    ));
    assert!(refused(
        &mut core,
        "surface_analyse",
        json!({"from_move": 6, "replace": true})
    )
    .to_string()
    .contains("5 actions"));
    let replay = call(
        &mut core,
        "surface_export",
        json!({"kind": "replay", "line": "study"}),
    );
    assert!(replay.as_str().unwrap().contains("surface-go-replay"));
}

#[test]
fn symmetries_and_the_colour_exchange_move_the_whole_state() {
    let dir = TestDir::new("surface-symmetry");
    let mut core = core_in(&dir);
    new_game(&mut core, MOBIUS);
    play(&mut core, "game", place(0));
    let list = call(&mut core, "surface_symmetries", json!({"line": "game"}));
    let list = list.as_array().unwrap();
    assert!(list.len() >= 2, "{list:?}");
    assert_eq!(list[0]["identity"], true);
    let other = &list[1];
    assert!(
        other["description"].as_str().unwrap().starts_with("a1 → "),
        "{other}"
    );
    let moved = call(
        &mut core,
        "surface_transform",
        json!({"line": "game", "index": 1}),
    );
    let image = other["images"][0].as_u64().unwrap() as usize;
    assert_eq!(moved["board"][image], 1);
    assert_eq!(moved["line_length"], 1);
    assert!(refused(
        &mut core,
        "surface_transform",
        json!({"line": "game", "index": list.len()})
    )
    .to_string()
    .contains("no symmetry"));
    let exchanged = call(
        &mut core,
        "surface_exchange_colours",
        json!({"line": "game"}),
    );
    assert_eq!(exchanged["kind"], "study");
    assert_eq!(exchanged["board"][image], 2);
    assert_eq!(exchanged["study_label"], STUDY_LABEL);
    assert_eq!(
        view(&mut core, "game")["board"][image],
        1,
        "the game keeps its colours"
    );
}

#[test]
fn a_corrupt_or_oversized_import_is_refused_with_the_reason_and_nothing_changes() {
    let dir = TestDir::new("surface-corrupt");
    let mut core = core_in(&dir);
    new_game(&mut core, KLEIN);
    play(&mut core, "game", place(9));
    let document = call(&mut core, "surface_export", json!({"kind": "game"}));
    let document = document.as_str().unwrap();
    let before = files_in(dir.path());
    let state = open(&mut core);
    let corrupt = document.replace("\"at\": 9", "\"at\": 900");
    for (text, words) in [
        (
            corrupt.as_str(),
            "Expected a surface-go-game document, but action 0",
        ),
        (
            "{\"schema\": \"surface-go-study\"}",
            "Expected a surface-go-study document",
        ),
        (
            "[1, 2]",
            "Expected a Go on surfaces document (surface-go-game",
        ),
        (
            "{\"schema\": \"time-go-game\"}",
            "Expected a Go on surfaces document",
        ),
    ] {
        let error = refused(&mut core, "surface_import", json!({"text": text}));
        assert!(
            matches!(&error, AppError::InvalidRecord { message } if message.contains(words) && message.ends_with("Nothing was changed.")),
            "{text}: {error:?}"
        );
    }
    let huge = format!(
        "{{\"schema\":\"surface-go-game\",\"pad\":\"{}\"}}",
        " ".repeat(10_000_000)
    );
    let error = refused(&mut core, "surface_import", json!({"text": huge}));
    assert!(
        error.to_string().contains("at most 10000000 bytes"),
        "{error}"
    );
    assert_eq!(files_in(dir.path()), before);
    assert_eq!(open(&mut core), state);
}

#[test]
fn autosave_survives_a_restart_of_the_core() {
    let dir = TestDir::new("surface-restart");
    let state = {
        let mut core = core_in(&dir);
        new_game(&mut core, KLEIN);
        for at in [9, 0, 1] {
            play(&mut core, "game", place(at));
        }
        call(
            &mut core,
            "surface_review",
            json!({"line": "game", "to": {"kind": "jump", "cursor": 2}}),
        );
        call(&mut core, "surface_analyse", json!({"from_move": 1}));
        play(&mut core, "study", place(5));
        call(
            &mut core,
            "surface_editor_start",
            json!({"from": {"kind": "line", "line": "study"}}),
        );
        call(
            &mut core,
            "surface_edit",
            json!({"kind": "white", "point": 70}),
        );
        open(&mut core)
    };
    for file in [GAME_FILE_NAME, STUDY_FILE_NAME, DIAGRAM_FILE_NAME] {
        assert!(dir.path().join(file).exists(), "{file}");
    }
    let mut again = core_in(&dir);
    assert_eq!(open(&mut again), state);
    assert_eq!(state["game"]["cursor"], 2);
    assert_eq!(state["study"]["kind"], "analysis");
    assert_eq!(state["editor"]["diagram"]["board"][70], 2);
    assert_eq!(state["game"]["save"]["kind"], "saved");
    // The last surface is remembered for the next new game.
    let settings = dispatch(&mut again, "settings_get", json!({})).unwrap();
    assert_eq!(settings["surface"]["last_surface"], KLEIN);
}

#[test]
fn invalid_saves_are_kept_reported_and_set_aside_only_on_confirmation() {
    let dir = TestDir::new("surface-invalid");
    let broken = r#"{"schema":"surface-go-game","version":1,"graph":"go-klein-9x18-v1","rules":"graph-area-no-suicide-psk-v1","komiHalfPoints":1,"actions":[{"type":"place","at":9},{"type":"place","at":9}]}"#;
    std::fs::write(dir.path().join(GAME_FILE_NAME), broken).unwrap();
    std::fs::write(dir.path().join(STUDY_FILE_NAME), "not json").unwrap();
    std::fs::write(dir.path().join(DIAGRAM_FILE_NAME), "{}").unwrap();
    let mut core = core_in(&dir);
    let status = dispatch(&mut core, "app_status", json!({})).unwrap();
    assert_eq!(status["saves"]["surface"]["kind"], "paused_invalid_save");
    assert!(status["saves"]["surface"]["message"]
        .as_str()
        .unwrap()
        .contains("action 1"));
    let names: Vec<&str> = status["invalid_files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|file| file["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, [STUDY_FILE_NAME, DIAGRAM_FILE_NAME]);
    assert_eq!(open(&mut core)["study"], Value::Null);

    new_game(&mut core, KLEIN);
    play(&mut core, "game", place(3));
    call(
        &mut core,
        "surface_editor_start",
        json!({"from": {"kind": "empty", "surface": KLEIN}}),
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join(GAME_FILE_NAME)).unwrap(),
        broken,
        "never overwritten silently"
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join(DIAGRAM_FILE_NAME)).unwrap(),
        "{}"
    );
    assert_eq!(
        call(&mut core, "surface_invalid_save", json!({"line": "game"})),
        broken
    );

    let error = refused(
        &mut core,
        "surface_set_aside_invalid",
        json!({"line": "game", "confirm": false}),
    );
    assert!(matches!(error, AppError::ConfirmationNeeded { .. }));
    assert_eq!(
        std::fs::read_to_string(dir.path().join(GAME_FILE_NAME)).unwrap(),
        broken
    );
    let state = call(
        &mut core,
        "surface_set_aside_invalid",
        json!({"line": "game", "confirm": true}),
    );
    assert_eq!(state["game"]["save"]["kind"], "saved");
    assert_eq!(dir.names_starting_with("surface.invalid-").len(), 1);
    assert!(std::fs::read_to_string(dir.path().join(GAME_FILE_NAME))
        .unwrap()
        .contains("\"at\": 3"));

    // The study's and the diagram's files through the app's list of invalid files.
    let status = call(
        &mut core,
        "app_set_aside_invalid",
        json!({"name": STUDY_FILE_NAME, "confirm": true}),
    );
    assert_eq!(status["invalid_files"].as_array().unwrap().len(), 1);
    assert!(
        !dir.path().join(STUDY_FILE_NAME).exists(),
        "no study yet, so nothing is saved"
    );
    let status = call(
        &mut core,
        "app_set_aside_invalid",
        json!({"name": DIAGRAM_FILE_NAME, "confirm": true}),
    );
    assert_eq!(status["invalid_files"], json!([]));
    assert!(std::fs::read_to_string(dir.path().join(DIAGRAM_FILE_NAME))
        .unwrap()
        .contains("surface-go-diagram"));
    assert_eq!(dir.names_starting_with("surface-study.invalid-").len(), 1);
    assert_eq!(dir.names_starting_with("surface-diagram.invalid-").len(), 1);
}

#[test]
fn a_surfaces_file_given_at_start_up_is_recognised_and_opened_into_its_place() {
    let dir = TestDir::new("surface-opened-file");
    let shared = dir.path().join("shared.surfacego.json");
    {
        let author = TestDir::new("surface-opened-file-author");
        let mut core = core_in(&author);
        new_game(&mut core, MOBIUS);
        play(&mut core, "game", place(4));
        call(&mut core, "surface_analyse", json!({"from_move": 1}));
        let document = call(
            &mut core,
            "surface_export",
            json!({"kind": "replay", "line": "study"}),
        );
        std::fs::write(&shared, document.as_str().unwrap()).unwrap();
    }
    let data = dir.path().join("data");
    let mut core = canon_app_core::AppCore::open(
        &data,
        Box::new(canon_app_core::settings_store::JsonFileSettings::new(
            data.join("settings.json"),
        )),
    )
    .unwrap();
    core.set_opened_file(shared.clone());
    let status = dispatch(&mut core, "app_status", json!({})).unwrap();
    assert_eq!(status["opened_file_game"], "surface");
    let imported = dispatch(&mut core, "surface_import_opened_file", json!({})).unwrap();
    assert_eq!(imported["into"], "study");
    assert_eq!(imported["state"]["study"]["kind"], "analysis");
    assert_eq!(imported["state"]["study"]["first_cursor"], 1);
    let status = dispatch(&mut core, "app_status", json!({})).unwrap();
    assert_eq!(
        (
            status["opened_file"].clone(),
            status["opened_file_game"].clone()
        ),
        (Value::Null, Value::Null)
    );

    // A file over the 10 MB limit is refused before it is read whole; nothing changes.
    let huge = dir.path().join("huge.surfacego.json");
    std::fs::write(&huge, vec![b' '; 10_000_001]).unwrap();
    let state = open(&mut core);
    let error = core.surface_mut().import_from(&huge).unwrap_err();
    assert!(matches!(error, AppError::InvalidRecord { .. }), "{error:?}");
    assert_eq!(open(&mut core), state);
}

#[test]
fn the_komi_choices_are_the_rules_and_the_engines_measurement_and_a_game_starts_with_one() {
    let dir = TestDir::new("surface-komi-choices");
    let mut core = core_in(&dir);
    let choices = dispatch(&mut core, "surface_komi_choices", json!({})).unwrap();
    let choices = choices.as_array().unwrap();
    assert_eq!(choices.len(), 3, "one per surface");
    for choice in choices {
        let surface: canon_engine::surfaces::Surface =
            serde_json::from_value(choice["surface"].clone()).unwrap();
        assert_eq!(
            choice["rules_komi_half_points"],
            canon_engine::surfaces::rules::DEFAULT_KOMI_HALF_POINTS
        );
        match canon_engine::surfaces::measured_komi(surface) {
            Some(measured) => {
                assert_eq!(
                    choice["measured"]["komiHalfPoints"],
                    measured.komi_half_points
                );
                assert_eq!(choice["measured"]["games"], measured.games);
            }
            None => assert!(choice["measured"].is_null(), "{choice}"),
        }
    }
    // The measured komi is a komi the rules accept for a new game.
    let mobius = choices.iter().find(|c| c["surface"] == MOBIUS).unwrap();
    let half = mobius["measured"]["komiHalfPoints"].clone();
    let view = call(
        &mut core,
        "surface_new",
        json!({"surface": MOBIUS, "komi_half_points": half}),
    );
    assert_eq!(view["komi_half_points"], half);
}
