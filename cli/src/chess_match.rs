//! `canon chess match`: two players — search levels or uniformly random play — play a
//! series of Time Chess games with colours alternated; the score is reported with its 95%
//! Wilson interval and the last stdout line is a JSON summary.
//!
//! Every search runs under a node budget, never a clock, so a match is the same on every
//! machine for the same seed.

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use canon_engine::strict::excerpt;
use canon_engine::timechess::{choose_move, Color, Game, Level, SearchLimits, SplitMix64, Winner};

use crate::match_score::MatchScore;

const USAGE: &str = "usage: canon chess match --a PLAYER --b PLAYER --games N [--seed N]
                         [--nodes N] [--max-moves N]
PLAYER is quick, steady, deep (the opponent's levels, also 1, 2, 3) or random (a uniformly
random legal move). --nodes replaces every level's node budget (deeper iterations stop
there; each level's guaranteed depth always completes). A game still running after
--max-moves moves (default 300) is a draw. Colours alternate (a is White in the first
game). Progress goes to stderr; the last stdout line is
{\"games\":N,\"a_wins\":…,\"b_wins\":…,\"draws\":…,\"a_score\":…,\"low\":…,\"high\":…}.";

/// One side of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Player {
    Search(Level),
    Random,
}

impl Player {
    fn name(self) -> &'static str {
        match self {
            Player::Search(level) => level.name(),
            Player::Random => "random",
        }
    }
}

struct Settings {
    a: Player,
    b: Player,
    games: u32,
    seed: u64,
    nodes: Option<u64>,
    max_moves: usize,
}

fn player(name: &str) -> Result<Player, String> {
    if name == "random" {
        return Ok(Player::Random);
    }
    Level::from_name(name).map(Player::Search).ok_or_else(|| {
        format!(
            "unknown player '{}'; players are quick, steady, deep and random",
            excerpt(name)
        )
    })
}

fn number<T: std::str::FromStr + PartialOrd>(
    flag: &str,
    value: &str,
    low: T,
    high: T,
) -> Result<T, String> {
    value
        .parse::<T>()
        .ok()
        .filter(|n| *n >= low && *n <= high)
        .ok_or_else(|| {
            format!(
                "{flag} takes a whole number in range, not '{}'",
                excerpt(value)
            )
        })
}

fn parse(args: &[String]) -> Result<Settings, String> {
    let (mut a, mut b, mut games) = (None, None, None);
    let mut settings = Settings {
        a: Player::Random,
        b: Player::Random,
        games: 0,
        seed: 1,
        nodes: None,
        max_moves: 300,
    };
    let mut rest = args.iter();
    while let Some(flag) = rest.next() {
        let value = rest
            .next()
            .ok_or_else(|| format!("{} needs a value", excerpt(flag)))?
            .as_str();
        match flag.as_str() {
            "--a" => a = Some(player(value)?),
            "--b" => b = Some(player(value)?),
            "--games" => games = Some(number("--games", value, 1, 100_000)?),
            "--seed" => settings.seed = number("--seed", value, 0, u64::MAX)?,
            "--nodes" => settings.nodes = Some(number("--nodes", value, 1, u64::MAX)?),
            "--max-moves" => settings.max_moves = number("--max-moves", value, 1, 1_024)?,
            _ => return Err(format!("unknown option '{}'", excerpt(flag))),
        }
    }
    settings.a = a.ok_or("--a PLAYER is required")?;
    settings.b = b.ok_or("--b PLAYER is required")?;
    settings.games = games.ok_or("--games N is required")?;
    Ok(settings)
}

/// Runs `canon chess match …` with the arguments after `match`.
pub fn run(args: &[String]) -> ExitCode {
    if matches!(args, [flag] if flag == "--help" || flag == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let settings = match parse(args) {
        Ok(settings) => settings,
        Err(message) => {
            eprintln!("canon chess match: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut score = MatchScore::default();
    for game in 0..settings.games {
        let a_is_white = game % 2 == 0;
        let (winner, moves) = play(&settings, game, a_is_white);
        score.record(match winner {
            Winner::Draw => None,
            Winner::White => Some(a_is_white),
            Winner::Black => Some(!a_is_white),
        });
        eprintln!(
            "game {}/{}: a={} {} vs b={}: {winner:?} after {moves} moves | {}",
            game + 1,
            settings.games,
            settings.a.name(),
            if a_is_white { "(white)" } else { "(black)" },
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
    let share = score.a_score();
    println!(
        "{} (a) vs {} (b), seed {}: a scores {:.1}% (95% Wilson interval {:.1}%–{:.1}%)",
        settings.a.name(),
        settings.b.name(),
        settings.seed,
        100.0 * share,
        100.0 * low,
        100.0 * high
    );
    println!(
        "{{\"games\": {}, \"a_wins\": {a_wins}, \"b_wins\": {b_wins}, \"draws\": {draws}, \"a_score\": {share:.4}, \"low\": {low:.4}, \"high\": {high:.4}}}",
        settings.games
    );
    ExitCode::SUCCESS
}

/// Plays one game: the winner and the number of moves. Each move's seed comes from the
/// match seed, the game and the move number, so a match is reproducible.
fn play(settings: &Settings, game: u32, a_is_white: bool) -> (Winner, usize) {
    let mut line = Game::new();
    let never = AtomicBool::new(false);
    let mut moves = 0;
    loop {
        if let Some(outcome) = line.outcome() {
            return (outcome.winner, moves);
        }
        let legal = line.legal_moves();
        if legal.is_empty() {
            // Checkmate (the side to move loses) or stalemate.
            let winner = match (line.is_in_check(), line.to_move()) {
                (false, _) => Winner::Draw,
                (true, Color::White) => Winner::Black,
                (true, Color::Black) => Winner::White,
            };
            return (winner, moves);
        }
        if moves >= settings.max_moves {
            return (Winner::Draw, moves);
        }
        let white = line.to_move() == Color::White;
        let player = if white == a_is_white {
            settings.a
        } else {
            settings.b
        };
        let seed =
            SplitMix64::new(settings.seed ^ (u64::from(game) << 32 | moves as u64)).next_u64();
        let mv = match player {
            Player::Random => legal[SplitMix64::new(seed).below(legal.len())],
            Player::Search(level) => {
                let limits = SearchLimits {
                    seed,
                    nodes: settings.nodes,
                    ..SearchLimits::default()
                };
                choose_move(&line, level, &limits, &never)
                    .expect("a position with legal moves has a reply")
                    .mv
            }
        };
        line.play(mv).expect("the players choose legal moves");
        moves += 1;
    }
}
