//! `canon go gtp` driven through its standard input and output as a GTP controller
//! would: the administrative commands, moves, the rules' refusals, undo, scoring, and
//! `canon go match` against the engine itself.

mod common;

use common::{canon, last_json_line, match_summary};

/// Sends `script` to `canon go gtp ARGS` and returns the responses (each without its
/// terminating blank line).
fn gtp(args: &[&str], script: &str) -> Vec<String> {
    let mut full = vec!["go", "gtp"];
    full.extend(args);
    let output = canon(&full, script);
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(
        text.ends_with("\n\n"),
        "every response ends with a blank line: {text:?}"
    );
    text.trim_end_matches('\n')
        .split("\n\n")
        .map(str::to_string)
        .collect()
}

#[test]
fn administrative_commands_answer_as_gtp_2_says() {
    let replies = gtp(
        &[],
        "protocol_version\n1 name\nversion\nknown_command genmove\nknown_command fly\n\
         # a comment line gets no reply\n\n7 list_commands\nfoo\n2 boardsize 26\nquit\nname\n",
    );
    assert_eq!(replies[0], "= 2");
    assert_eq!(replies[1], "=1 Crab Canon");
    assert!(replies[2].starts_with("= "));
    assert_eq!(replies[3], "= true");
    assert_eq!(replies[4], "= false");
    let listed: Vec<&str> = replies[5].lines().skip(1).collect();
    assert_eq!(replies[5].lines().next(), Some("=7"));
    for command in [
        "protocol_version",
        "boardsize",
        "clear_board",
        "komi",
        "play",
        "genmove",
        "reg_genmove",
        "undo",
        "showboard",
        "final_score",
        "quit",
    ] {
        assert!(listed.contains(&command), "{command} listed");
    }
    assert_eq!(replies[6], "? unknown command");
    assert_eq!(replies[7], "?2 unacceptable size");
    assert_eq!(replies[8], "=", "quit is answered");
    assert_eq!(replies.len(), 9, "nothing is read after quit");
}

#[test]
fn moves_captures_and_the_rules_refusals() {
    let replies = gtp(
        &[],
        "boardsize 5\nkomi 0.5\n\
         play b B1\nplay w B2\nplay b A2\nplay w pass\nplay b C2\nplay w pass\nplay b b3\n\
         play w B2\nplay b A1\nplay w B3\nplay b Z9\nplay b I3\nplay red C3\nkomi 0.3\n\
         showboard\nfinal_score\n",
    );
    for reply in &replies[..9] {
        assert_eq!(reply, "=", "{replies:?}");
    }
    // B2 was captured; White may not play into the hole (suicide).
    assert_eq!(replies[9], "? illegal move: B2 would be suicide");
    assert_eq!(replies[10], "? illegal move: white is to move");
    assert_eq!(replies[11], "? illegal move: B3 is occupied");
    assert_eq!(replies[12], "? invalid coordinate");
    assert_eq!(replies[13], "? invalid coordinate", "there is no column I");
    assert_eq!(replies[14], "? invalid color");
    assert!(replies[15].starts_with("? komi"));
    let board: Vec<&str> = replies[16].lines().collect();
    assert_eq!(board[0], "=");
    assert_eq!(board[1].trim(), "A B C D E");
    assert_eq!(board[4], " 3  . X . . . 3");
    assert_eq!(board[5], " 2  X . X . . 2");
    assert_eq!(board[6], " 1  . X . . . 1");
    // No white stone is left: every point is Black's by area, 25 - 0.5.
    assert_eq!(replies[17], "= B+24.5");
}

#[test]
fn positional_superko_refuses_the_ko_retake_and_undo_restores() {
    let replies = gtp(
        &[],
        "boardsize 4\nplay b B1\nplay w C1\nplay b A2\nplay w D2\nplay b B3\nplay w C3\n\
         play b C2\nplay w B2\nplay b C2\nundo\nundo\nplay b C2\nundo\nundo\nundo\n\
         clear_board\nundo\n",
    );
    assert!(replies[..9].iter().all(|r| r == "="), "{replies:?}");
    assert_eq!(
        replies[9],
        "? illegal move: C2 repeats the position after move 7 (positional superko)"
    );
    // Two undos take back White's B2 and Black's C2; Black may play C2 again.
    assert_eq!(replies[10], "=");
    assert_eq!(replies[11], "=");
    assert_eq!(replies[12], "=", "C2 is playable again after two undos");
    assert_eq!(replies[13..16], ["=", "=", "="]);
    assert_eq!(replies[16], "=");
    assert_eq!(replies[17], "? cannot undo");
}

#[test]
fn genmove_plays_a_legal_move_and_takes_a_capture() {
    // The white stone at C3 is in atari; its last liberty is C4.
    let script = "boardsize 5\nkomi 0\nplay b C2\nplay w C3\nplay b B3\nplay w E5\n\
                  play b D3\nplay w A5\nreg_genmove b\ngenmove b\nplay b C4\ngenmove w\n\
                  showboard\n";
    let replies = gtp(&["--playouts", "400", "--seed", "5"], script);
    assert_eq!(replies[8], "= C4");
    assert_eq!(replies[9], "= C4");
    assert_eq!(replies[10], "? illegal move: white is to move");
    let answer = replies[11].trim_start_matches("= ");
    assert!(
        answer == "pass" || answer.len() == 2,
        "a vertex or pass: {answer}"
    );
    assert!(replies[12].contains(" 3  . X . X . 3"), "{}", replies[12]);
    // The same seed gives the same game.
    assert_eq!(gtp(&["--playouts", "400", "--seed", "5"], script), replies);
}

#[test]
fn a_time_limited_search_answers_and_the_game_ends_after_two_passes() {
    let replies = gtp(
        &["--seconds", "0.2"],
        "boardsize 5\ngenmove b\nclear_board\nboardsize 3\nkomi 0\nplay b B2\n\
         play w pass\nplay b pass\ngenmove w\nfinal_score\n",
    );
    assert!(replies[1].starts_with("= "), "{replies:?}");
    assert!(replies[2..8].iter().all(|r| r == "="), "{replies:?}");
    assert!(
        replies[8].starts_with("? the game has ended"),
        "{replies:?}"
    );
    assert_eq!(replies[9], "= B+9");
}

#[test]
fn bad_flags_are_refused_with_a_message() {
    for (args, message) in [
        (vec!["--level", "hard"], "unknown level"),
        (vec!["--seconds", "0"], "--seconds must be"),
        (vec!["--playouts"], "needs a value"),
        (vec!["--colour", "b"], "unknown option"),
    ] {
        let mut full = vec!["go", "gtp"];
        full.extend(args);
        let output = canon(&full, "");
        assert_eq!(output.status.code(), Some(2));
        assert!(
            String::from_utf8_lossy(&output.stderr).contains(message),
            "{message}"
        );
    }
}

#[test]
fn a_match_against_our_own_gtp_engine_reports_every_game() {
    let opponent = format!("{} go gtp --level gentle", env!("CARGO_BIN_EXE_canon"));
    let args = [
        "go",
        "match",
        "--opponent",
        &opponent,
        "--games",
        "2",
        "--size",
        "5",
        "--komi",
        "0.5",
        "--playouts",
        "100",
        "--seed",
        "9",
    ];
    let output = canon(&args, "");
    let summary = match_summary(&output, 2);
    let count = |key: &str| summary[key].as_u64().unwrap();
    assert_eq!(
        count("opponent_illegal"),
        0,
        "our own engine plays by our rules"
    );
    assert_eq!(count("aborted"), 0);
    // Without --seconds every search spends its whole budget.
    assert_eq!(count("playouts_per_move"), 100);
    assert_eq!(
        count("wins_as_black") + count("wins_as_white"),
        count("a_wins")
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("game 1/2: canon black"), "{stderr}");
    assert!(stderr.contains("game 2/2: canon white"), "{stderr}");
}

/// Runs `canon go match --opponent SCRIPT FLAGS…` against `body` written as an executable
/// shell script in a scratch folder of its own (removed afterwards).
fn match_against_script(name: &str, body: &str, flags: &[&str]) -> std::process::Output {
    let dir = std::env::temp_dir().join(format!("canon-go-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join(format!("{name}.sh"));
    std::fs::write(&script, format!("#!/bin/sh\n{body}")).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let opponent = script.to_string_lossy().to_string();
    let mut args = vec!["go", "match", "--opponent", &opponent];
    args.extend(flags);
    let output = canon(&args, "");
    let _ = std::fs::remove_dir_all(&dir);
    output
}

#[test]
fn every_game_gets_a_fresh_opponent() {
    // A program that passes and refuses a second game in the same process: a match that
    // reused it would stop at game 2 ("refused 'clear_board'").
    let output = match_against_script(
        "one-game",
        "games=0\nwhile read line; do\n  case \"$line\" in\n    quit*) printf '=\\n\\n'; exit 0;;\n    clear_board*) games=$((games + 1))\n      if [ $games -gt 1 ]; then printf '? a second game\\n\\n'; else printf '=\\n\\n'; fi;;\n    genmove*) printf '= pass\\n\\n';;\n    *) printf '=\\n\\n';;\n  esac\ndone\n",
        &["--games", "3", "--size", "3", "--komi", "0.5", "--playouts", "30"],
    );
    assert!(output.status.success(), "{output:?}");
    let summary = last_json_line(&output);
    assert_eq!(summary["games"].as_u64(), Some(3), "{summary}");
}

#[test]
fn an_opponent_that_breaks_the_rules_forfeits() {
    // A "program" that answers every command with `= A1`: its genmove repeats an occupied
    // point at once, which our rules refuse.
    let output = match_against_script(
        "always-a1",
        "while read line; do\n  case \"$line\" in quit*) printf '=\\n\\n'; exit 0;; esac\n  printf '= A1\\n\\n'\ndone\n",
        &["--games", "2", "--size", "5", "--playouts", "50"],
    );
    assert!(output.status.success(), "{output:?}");
    let summary = last_json_line(&output);
    // As White the opponent's first A1 is legal, its second is not; as Black (game 2)
    // likewise once A1 is taken. Either way it forfeits both games.
    assert_eq!(summary["a_wins"].as_u64(), Some(2));
    assert_eq!(summary["opponent_illegal"].as_u64(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("opponent forfeits"), "{stderr}");
}

#[test]
fn an_opponent_outside_the_protocol_stops_the_match_with_a_message() {
    let output = match_against_script(
        "garbage",
        "while read line; do printf '\\303\\251t\\303\\251\\n\\n'; done\n",
        &["--games", "1", "--size", "5"],
    );
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("not a GTP response"), "{stderr}");
}

#[test]
fn match_arguments_are_checked() {
    for (args, message) in [
        (vec!["--games", "2"], "--opponent"),
        (
            vec!["--opponent", "x", "--size", "23", "--games", "1"],
            "--size must be",
        ),
        (vec!["--opponent", "x"], "--games N is required"),
        (
            vec!["--opponent", "x", "--games", "1", "--komi", "7.2"],
            "multiple of 0.5",
        ),
    ] {
        let mut full = vec!["go", "match"];
        full.extend(args);
        let output = canon(&full, "");
        assert_eq!(output.status.code(), Some(2));
        assert!(
            String::from_utf8_lossy(&output.stderr).contains(message),
            "{message}"
        );
    }
}
