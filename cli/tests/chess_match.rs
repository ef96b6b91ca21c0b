//! `canon chess match` as a user runs it: colours alternate, the last stdout line is the
//! JSON summary with its interval, a match is reproducible from its seed, each pair of
//! games shares a random opening played once with each colour, several jobs give the very
//! result of one, bad arguments exit 2.

mod common;

use common::{canon, last_json_line as last_line, match_summary};

#[test]
fn a_match_alternates_colours_and_ends_with_the_json_summary() {
    let args = [
        "chess",
        "match",
        "--a",
        "quick",
        "--b",
        "random",
        "--games",
        "2",
        "--seed",
        "5",
        "--nodes",
        "500",
        "--max-moves",
        "40",
    ];
    let output = canon(&args, "");
    match_summary(&output, 2);
    let stderr = String::from_utf8(output.stderr.clone()).unwrap();
    assert!(stderr.contains("game 1/2: a=quick (white)"), "{stderr}");
    assert!(stderr.contains("game 2/2: a=quick (black)"), "{stderr}");
    assert_eq!(
        canon(&args, "").stdout,
        output.stdout,
        "same seed, same match"
    );
}

/// The per-game JSON lines of a match's `--log`.
fn log_lines(path: &std::path::Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .expect("the log was written")
        .lines()
        .skip(1)
        .map(|line| serde_json::from_str(line).expect("a JSON line per game"))
        .collect()
}

/// A short match of a cheap quick level against random play, with openings; each test
/// adds its own flags.
const SMALL_MATCH: &[&str] = &[
    "chess",
    "match",
    "--a",
    "quick:300:2",
    "--b",
    "random",
    "--games",
    "6",
    "--seed",
    "11",
    "--nodes",
    "300",
    "--max-moves",
    "30",
    "--opening-plies",
    "3",
];

#[test]
fn pairs_share_an_opening_and_jobs_give_the_same_match() {
    let dir = std::env::temp_dir().join(format!("canon-chess-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = |jobs: &str, log: &std::path::Path| {
        let log = log.to_str().unwrap();
        let args = [SMALL_MATCH, &["--jobs", jobs, "--log", log]].concat();
        let output = canon(&args, "");
        assert!(output.status.success(), "{output:?}");
        output
    };
    let (one_log, three_log) = (dir.join("one.jsonl"), dir.join("three.jsonl"));
    let one = run("1", &one_log);
    let three = run("3", &three_log);
    assert_eq!(one.stdout, three.stdout, "three jobs, the same match");
    assert_eq!(one.stderr, three.stderr, "reported in game order");
    let (one_games, three_games) = (log_lines(&one_log), log_lines(&three_log));
    assert_eq!(one_games, three_games);
    assert_eq!(one_games.len(), 6);
    let summary = last_line(&one);
    let last = &one_games[5];
    for key in ["a_wins", "b_wins", "draws"] {
        assert_eq!(
            last[key], summary[key],
            "the log's tally ends at the summary's"
        );
    }
    for (index, game) in one_games.iter().enumerate() {
        assert_eq!(game["game"].as_u64(), Some(index as u64 + 1));
        assert_eq!(game["a"].as_str(), Some("quick:300:2"));
        assert_eq!(game["a_white"].as_bool(), Some(index % 2 == 0));
        let opening = game["opening"].as_array().unwrap();
        assert_eq!(opening.len(), 3);
        for mv in opening {
            // Opening moves stay in the present: from and to name the same turn
            // ("b2t0b4t0" splits into "", "2", "0", "4", "0").
            let text = mv.as_str().unwrap();
            let parts: Vec<&str> = text.split(|c: char| c.is_ascii_lowercase()).collect();
            assert_eq!(parts.len(), 5, "{text}");
            assert_eq!(parts[2], parts[4], "{text}");
        }
        assert!(game["moves"].as_u64().unwrap() >= 3);
        let reason = game["reason"].as_str().unwrap();
        assert!(
            [
                "checkmate",
                "stalemate",
                "king-lost-in-time",
                "king-captured",
                "move-limit",
                "max-moves"
            ]
            .contains(&reason),
            "{reason}"
        );
    }
    for pair in one_games.chunks(2) {
        assert_eq!(
            pair[0]["opening"], pair[1]["opening"],
            "a pair shares its opening"
        );
    }
    assert!(
        one_games[0]["opening"] != one_games[2]["opening"]
            || one_games[2]["opening"] != one_games[4]["opening"],
        "pairs start from different openings"
    );
    // A match cut short and resumed from its log is the match played at once.
    let text = std::fs::read_to_string(&one_log).unwrap();
    let kept: Vec<&str> = text.lines().take(1 + 3).collect();
    let cut = dir.join("cut.jsonl");
    std::fs::write(&cut, kept.join("\n") + "\n").unwrap();
    let resumed = canon(
        &[SMALL_MATCH, &["--log", cut.to_str().unwrap(), "--resume"]].concat(),
        "",
    );
    assert!(resumed.status.success(), "{resumed:?}");
    assert_eq!(resumed.stdout, one.stdout);
    assert_eq!(resumed.stderr, one.stderr);
    assert_eq!(std::fs::read_to_string(&cut).unwrap(), text);
    // Another match's log is refused.
    let other = canon(
        &[
            "chess",
            "match",
            "--a",
            "quick",
            "--b",
            "random",
            "--games",
            "6",
            "--log",
            cut.to_str().unwrap(),
            "--resume",
        ],
        "",
    );
    assert_eq!(other.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&other.stderr).contains("not the log of this match"));
    // The same match again without --resume: refused, the log left as it was.
    let again = canon(
        &[SMALL_MATCH, &["--log", cut.to_str().unwrap()]].concat(),
        "",
    );
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("add --resume"));
    assert_eq!(std::fs::read_to_string(&cut).unwrap(), text);
    // --resume on a log that does not exist yet starts it: the match played at once.
    let fresh = dir.join("fresh.jsonl");
    let started = canon(
        &[SMALL_MATCH, &["--log", fresh.to_str().unwrap(), "--resume"]].concat(),
        "",
    );
    assert!(started.status.success(), "{started:?}");
    assert_eq!(started.stdout, one.stdout);
    assert_eq!(std::fs::read_to_string(&fresh).unwrap(), text);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn records_hold_every_game_played_and_replay_to_its_logged_end() {
    let dir = std::env::temp_dir().join(format!("canon-chess-records-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let (log, records) = (dir.join("match.jsonl"), dir.join("games"));
    std::fs::create_dir_all(&dir).unwrap();
    let flags = [
        "--log",
        log.to_str().unwrap(),
        "--resume",
        "--records",
        records.to_str().unwrap(),
    ];
    let output = canon(&[SMALL_MATCH, &flags].concat(), "");
    assert!(output.status.success(), "{output:?}");
    let games = log_lines(&log);
    for (index, game) in games.iter().enumerate() {
        let path = records.join(format!("game-{:03}.json", index + 1));
        let text = std::fs::read_to_string(&path).expect("a record per game");
        let record: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(record["schema"], "time-chess-game");
        let moves = record["moves"].as_array().unwrap();
        assert_eq!(
            moves.len() as u64,
            game["moves"].as_u64().unwrap(),
            "{path:?}"
        );
        assert_eq!(moves[..3], game["opening"].as_array().unwrap()[..]);
        // The engine replays it: every move legal, the checkpoint consistent.
        let checked = canon(&["chess", "check", path.to_str().unwrap()], "");
        assert!(checked.status.success(), "{path:?}: {checked:?}");
        // It ends where the log says: no legal move after a mate or stalemate, the game
        // still open after the move cap, a decided result otherwise.
        let legal = canon(&["chess", "legal", path.to_str().unwrap()], "");
        let legal: Vec<String> = serde_json::from_slice(&legal.stdout).expect("a move list");
        let checkpoint: serde_json::Value =
            serde_json::from_slice(&checked.stdout).expect("the checkpoint as JSON");
        match game["reason"].as_str().unwrap() {
            "checkmate" | "stalemate" => assert!(legal.is_empty(), "{path:?}: {legal:?}"),
            "max-moves" => {
                assert!(!legal.is_empty(), "{path:?}");
                assert!(checkpoint["result"].is_null(), "{path:?}: {checkpoint}");
            }
            reason => assert_eq!(checkpoint["result"]["reason"], reason, "{path:?}"),
        }
    }
    // Resumed games come from the log, not from play: only the games played get records.
    std::fs::remove_dir_all(&records).unwrap();
    let text = std::fs::read_to_string(&log).unwrap();
    let kept: Vec<&str> = text.lines().take(1 + 4).collect();
    std::fs::write(&log, kept.join("\n") + "\n").unwrap();
    let resumed = canon(&[SMALL_MATCH, &flags].concat(), "");
    assert_eq!(
        resumed.stdout, output.stdout,
        "records change nothing in the match"
    );
    let mut written: Vec<String> = std::fs::read_dir(&records)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    written.sort();
    assert_eq!(written, ["game-005.json", "game-006.json"]);
    // A records folder that cannot be made is refused before any game is played.
    let blocked = dir.join("a-file");
    std::fs::write(&blocked, "not a folder").unwrap();
    let refused = canon(
        &[
            SMALL_MATCH,
            &["--records", blocked.join("games").to_str().unwrap()],
        ]
        .concat(),
        "",
    );
    assert_eq!(refused.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(
        stderr.contains("cannot make the records folder"),
        "{stderr}"
    );
    assert!(!stderr.contains("game 1/"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_arguments_are_refused_with_a_message() {
    for (args, message) in [
        (
            vec!["--a", "hard", "--b", "quick", "--games", "2"],
            "unknown player",
        ),
        (
            vec!["--a", "quick", "--b", "random"],
            "--games N is required",
        ),
        (
            vec!["--a", "quick", "--b", "random", "--games", "0"],
            "--games",
        ),
        (
            vec!["--a", "quick", "--games", "2", "--colour", "w"],
            "unknown option",
        ),
        (
            vec![
                "--a", "quick", "--b", "random", "--games", "2", "--jobs", "0",
            ],
            "--jobs",
        ),
        (
            vec!["--a", "steady:0", "--b", "random", "--games", "2"],
            "NODES",
        ),
        (
            vec!["--a", "steady:100:3:2", "--b", "random", "--games", "2"],
            "too many",
        ),
        (
            vec![
                "--a",
                "quick",
                "--b",
                "random",
                "--games",
                "2",
                "--opening-plies",
                "x",
            ],
            "--opening-plies",
        ),
    ] {
        let mut full = vec!["chess", "match"];
        full.extend(args);
        let output = canon(&full, "");
        assert_eq!(output.status.code(), Some(2), "{full:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains(message), "{full:?}: {stderr}");
    }
}
