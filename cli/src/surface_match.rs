//! `canon surface match`: two search levels play a series of games on one surface with
//! colours alternated, and the score is reported with its 95% Wilson interval; the last
//! stdout line is a JSON summary.

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use canon_engine::go::zobrist::mix;
use canon_engine::go::Color;
use canon_engine::strict::excerpt;
use canon_engine::surfaces::search::{search, Level, Limits, Root};
use canon_engine::surfaces::{Action, Surface, SurfaceGame, Winner};

use crate::match_score::MatchScore;

const USAGE: &str = "usage: canon surface match --a LEVEL --b LEVEL --games N [--surface ID]
                           [--komi K] [--seed N]
LEVEL is gentle, steady or strong (200, 2000, 20000 playouts per move).
ID is go-mobius-9x11-v1, go-klein-9x18-v1 (default) or go-genus2-staircase-9x9-v1.
K is the komi in points, a multiple of 0.5 (default 0.5). Colours alternate (a is Black
in the first game). A game is played out to two passes; one still running after
4 actions per point is scored as it stands. Progress goes to stderr; the last stdout
line is {\"games\":N,\"a_wins\":…,\"b_wins\":…,\"draws\":…,\"a_score\":…,\"low\":…,\"high\":…}.";

struct Settings {
    a: Level,
    b: Level,
    games: u32,
    surface: Surface,
    komi_half_points: i64,
    seed: u64,
}

fn level(name: &str) -> Result<Level, String> {
    Level::from_name(name).ok_or_else(|| {
        format!(
            "unknown level '{}'; levels are gentle, steady and strong",
            excerpt(name)
        )
    })
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
    };
    let mut rest = args.iter();
    while let Some(flag) = rest.next() {
        let value = rest
            .next()
            .ok_or_else(|| format!("{} needs a value", excerpt(flag)))?
            .as_str();
        match flag.as_str() {
            "--a" => a = Some(level(value)?),
            "--b" => b = Some(level(value)?),
            "--games" => {
                games = Some(
                    value
                        .parse::<u32>()
                        .ok()
                        .filter(|&n| (1..=100_000).contains(&n))
                        .ok_or_else(|| {
                            format!("--games must be 1 to 100000, not '{}'", excerpt(value))
                        })?,
                )
            }
            "--surface" => {
                settings.surface = Surface::from_id(value)
                    .ok_or_else(|| format!("unknown surface '{}'", excerpt(value)))?
            }
            "--komi" => {
                let half = value
                    .parse::<f64>()
                    .ok()
                    .map(|k| k * 2.0)
                    .filter(|h| h.fract() == 0.0 && h.abs() < 1e6)
                    .ok_or_else(|| {
                        format!("--komi must be a multiple of 0.5, not '{}'", excerpt(value))
                    })?;
                settings.komi_half_points = half as i64;
            }
            "--seed" => {
                settings.seed = value.parse::<u64>().map_err(|_| {
                    format!("--seed must be a whole number, not '{}'", excerpt(value))
                })?
            }
            _ => return Err(format!("unknown option '{}'", excerpt(flag))),
        }
    }
    settings.a = a.ok_or("--a LEVEL is required")?;
    settings.b = b.ok_or("--b LEVEL is required")?;
    settings.games = games.ok_or("--games N is required")?;
    SurfaceGame::new(settings.surface, settings.komi_half_points)
        .map_err(|error| error.to_string())?;
    Ok(settings)
}

/// Runs `canon surface match …` with the arguments after `match`.
pub fn run(args: &[String]) -> ExitCode {
    if matches!(args, [flag] if flag == "--help" || flag == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let settings = match parse(args) {
        Ok(settings) => settings,
        Err(message) => {
            eprintln!("canon surface match: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut score = MatchScore::default();
    for game in 0..settings.games {
        let a_is_black = game % 2 == 0;
        let winner = play(&settings, game, a_is_black);
        score.record(match winner {
            Winner::Draw => None,
            Winner::Black => Some(a_is_black),
            Winner::White => Some(!a_is_black),
        });
        eprintln!(
            "game {}/{}: a={} {} vs b={}: {winner:?} | {}",
            game + 1,
            settings.games,
            settings.a.name(),
            if a_is_black { "(black)" } else { "(white)" },
            settings.b.name(),
            score.progress(),
        );
    }
    let (low, high) = score.interval();
    let MatchScore {
        a_wins,
        b_wins,
        draws,
    } = score;
    let score = score.a_score();
    println!(
        "{} (a) vs {} (b) on {}, komi {}, seed {}: a scores {:.1}% (95% Wilson interval {:.1}%–{:.1}%)",
        settings.a.name(),
        settings.b.name(),
        settings.surface.id(),
        settings.komi_half_points as f64 / 2.0,
        settings.seed,
        100.0 * score,
        100.0 * low,
        100.0 * high
    );
    println!(
        "{{\"games\": {}, \"a_wins\": {a_wins}, \"b_wins\": {b_wins}, \"draws\": {draws}, \"a_score\": {score:.4}, \"low\": {low:.4}, \"high\": {high:.4}}}",
        settings.games
    );
    ExitCode::SUCCESS
}

/// Plays one game; each move's search seed is derived from the match seed, the game and
/// the move number, so a match is reproducible.
fn play(settings: &Settings, game: u32, a_is_black: bool) -> Winner {
    let mut line = SurfaceGame::new(settings.surface, settings.komi_half_points)
        .expect("komi checked when parsing");
    let limit = 4 * settings.surface.points();
    let never = AtomicBool::new(false);
    while line.outcome().is_none() {
        let black_to_move = line.side_to_move() == Some(Color::Black);
        let level = if black_to_move == a_is_black {
            settings.a
        } else {
            settings.b
        };
        let action = if line.actions().len() >= limit {
            Action::Pass
        } else {
            let root = Root::from_game(&line).expect("an unfinished surface game");
            let seed =
                mix(settings.seed ^ mix(u64::from(game) << 32 | line.actions().len() as u64));
            search(
                &root,
                Limits {
                    playouts: level.playouts(),
                    seed,
                },
                &never,
            )
            .best
        };
        line.apply(action)
            .expect("the search returns legal actions");
    }
    line.outcome().expect("ended").winner
}
