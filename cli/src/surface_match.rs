//! `canon surface match`: two search levels play a series of games on one surface with
//! colours alternated, and the score is reported with its 95% Wilson interval; the last
//! stdout line is a JSON summary. With `--log` every finished game is appended to a file
//! and `--resume` continues it (`match_run`).

use std::process::ExitCode;

use canon_engine::go::Color;
use canon_engine::surfaces::search::Level;
use canon_engine::surfaces::{Surface, SurfaceGame, Winner};
use serde_json::json;

use crate::match_run::{self, GameLog, GameRecord, GameResult, RunFlags, Side};
use crate::surface_play::play_out;

fn usage() -> String {
    format!(
        "usage: canon surface match --a LEVEL --b LEVEL --games N [--surface ID]
                           [--komi K] [--seed N] [--log FILE [--resume]] [--stop-after N]
                           [--jobs N]
LEVEL is gentle, steady or strong (200, 2000, 20000 playouts per move).
ID is go-mobius-9x11-v1, go-klein-9x18-v1 (default) or go-genus2-staircase-9x9-v1.
K is the komi in points, a multiple of 0.5 (default 0.5). Colours alternate (a is Black
in the first game). A game is played out to two passes; one still running after
4 actions per point is scored as it stands.
{}
Progress goes to stderr; the last stdout line is
{{\"games\":N,\"a_wins\":…,\"b_wins\":…,\"draws\":…,\"a_score\":…,\"low\":…,\"high\":…}}
over every logged game.",
        match_run::RUN_FLAGS
    )
}

struct Settings {
    a: Level,
    b: Level,
    games: u32,
    surface: Surface,
    komi_half_points: i64,
    seed: u64,
    run: RunFlags,
}

fn parse(args: &[String]) -> Result<Settings, String> {
    let (mut a, mut b, mut games) = (None, None, None);
    let mut settings = Settings {
        a: Level::Gentle,
        b: Level::Gentle,
        games: 0,
        surface: Surface::Klein,
        komi_half_points: 1,
        seed: 1,
        run: RunFlags::default(),
    };
    for (flag, value) in match_run::flags(args)? {
        if settings.run.read_flag(flag, value)? {
            continue;
        }
        match flag {
            "--a" => a = Some(match_run::surface_level(value)?),
            "--b" => b = Some(match_run::surface_level(value)?),
            "--games" => games = Some(match_run::games(value)?),
            "--surface" => settings.surface = match_run::surface(value)?,
            "--komi" => settings.komi_half_points = match_run::komi_half_points(value)?,
            "--seed" => settings.seed = match_run::seed(value)?,
            _ => return Err(match_run::unknown(flag)),
        }
    }
    settings.a = a.ok_or("--a LEVEL is required")?;
    settings.b = b.ok_or("--b LEVEL is required")?;
    settings.games = games.ok_or("--games N is required")?;
    settings.run.check()?;
    SurfaceGame::new(settings.surface, settings.komi_half_points)
        .map_err(|error| error.to_string())?;
    Ok(settings)
}

/// Runs `canon surface match …` with the arguments after `match`.
pub fn run(args: &[String]) -> ExitCode {
    let settings = match match_run::settings_or_exit("surface match", args, &usage(), parse) {
        Ok(settings) => settings,
        Err(code) => return code,
    };
    // Everything that decides the games; the number of games may grow between runs.
    let identity = json!({
        "a": settings.a.name(),
        "b": settings.b.name(),
        "a_playouts": settings.a.playouts(),
        "b_playouts": settings.b.playouts(),
        "surface": settings.surface.id(),
        "komi": match_run::points(settings.komi_half_points),
        "seed": settings.seed,
    });
    let mut log = match GameLog::open_or_exit(&settings.run, "surface match", identity) {
        Ok(log) => log,
        Err(code) => return code,
    };
    let played = log.play_all(
        settings.games,
        |game| Ok(play(&settings, game, game % 2 == 0)),
        |log, record| {
            eprintln!(
                "game {}/{}: a={} {} vs b={}: {:?} | {}",
                record.game + 1,
                settings.games,
                settings.a.name(),
                if record.black == Side::A {
                    "(black)"
                } else {
                    "(white)"
                },
                settings.b.name(),
                record.result,
                match_run::score_of(&log.records()).progress(),
            );
        },
    );
    if let Err(message) = played {
        eprintln!("canon surface match: {message}");
        return ExitCode::FAILURE;
    }
    let score = match_run::score_of(&log.records());
    match_run::print_summary(
        &format!(
            "{} (a) vs {} (b) on {}, komi {}, seed {}",
            settings.a.name(),
            settings.b.name(),
            settings.surface.id(),
            match_run::points(settings.komi_half_points),
            settings.seed,
        ),
        &score,
        &[],
    );
    ExitCode::SUCCESS
}

/// Plays one game (`surface_play`: each move's seed comes from the match seed, the game
/// and the move number, so a match is reproducible and any game can be played on its own).
fn play(settings: &Settings, game: u32, a_is_black: bool) -> GameRecord {
    let played = play_out(
        settings.surface,
        settings.komi_half_points,
        settings.seed,
        game,
        |color| {
            let level = if (color == Color::Black) == a_is_black {
                settings.a
            } else {
                settings.b
            };
            level.playouts()
        },
    );
    GameRecord {
        game,
        black: if a_is_black { Side::A } else { Side::B },
        result: match played.line.outcome().expect("ended").winner {
            Winner::Black => GameResult::Black,
            Winner::White => GameResult::White,
            Winner::Draw => GameResult::Draw,
        },
        margin: Some(played.margin),
        moves: played.line.actions().len(),
        ending: played.ending.into(),
        detail: None,
        searched: None,
    }
}
