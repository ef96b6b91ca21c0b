//! `canon chess match`: two players — search levels or uniformly random play — play a
//! series of Time Chess games with colours alternated; the score is reported with its 95%
//! Wilson interval and the last stdout line is a JSON summary.
//!
//! Every search runs under a node budget, never a clock, so a match is the same on every
//! machine for the same seed. Each pair of games starts from its own opening of a few
//! random plies drawn from the seed, played once with each colour: with both sides
//! searching, games from the same position would repeat (the seed only breaks ties). A
//! game is a function of the settings and its number alone, so `--jobs` threads give the
//! very result of one.

use std::convert::Infallible;
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use canon_engine::strict::excerpt;
use canon_engine::timechess::{
    choose_move, Color, Game, Level, Move, SearchLimits, SplitMix64, Winner,
};

use crate::in_order::play_in_order;
use crate::match_run;
use crate::match_score::MatchScore;

const USAGE: &str = "usage: canon chess match --a PLAYER --b PLAYER --games N [--seed N]
                         [--nodes N] [--max-moves N] [--opening-plies K] [--jobs N]
                         [--log FILE [--resume]] [--records DIR]
PLAYER is quick, steady, deep (the opponent's levels, also 1, 2, 3) or random (a uniformly
random legal move); LEVEL:NODES[:DEPTH] replaces that player's node budget and deepest
iteration. --nodes replaces every level's node budget (deeper iterations stop there; each
level's guaranteed depth always completes). A game still running after
--max-moves moves (default 300) is a draw. Games 1 and 2, 3 and 4, … start from the same
opening of K random moves within the present (default 4, drawn from the seed; 0: the
starting position), a White in the first of each pair and Black in the second. --jobs
plays N games at a time (default 1; the result is the same). Progress goes to stderr in
game order, and with --log to FILE: a first line with the match's settings, then one JSON
line per game; --resume continues the match logged there. --records writes each game
played as a time-chess-game record, DIR/game-001.json and so on, that the app opens and
`canon chess moves` reads. The last stdout line is
{\"games\":N,\"a_wins\":…,\"b_wins\":…,\"draws\":…,\"a_score\":…,\"low\":…,\"high\":…}.";

/// One side of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Player {
    /// A level, with its own node budget and deepest iteration unless given.
    Search {
        level: Level,
        nodes: Option<u64>,
        depth: Option<u32>,
    },
    Random,
}

impl Player {
    /// The name as it was given (`steady`, `steady:60000:4`, `random`).
    fn name(self) -> String {
        match self {
            Player::Search {
                level,
                nodes,
                depth,
            } => {
                let mut name = level.name().to_string();
                if nodes.is_some() || depth.is_some() {
                    name += &format!(":{}", nodes.unwrap_or(level.node_budget()));
                }
                if let Some(depth) = depth {
                    name += &format!(":{depth}");
                }
                name
            }
            Player::Random => "random".to_string(),
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
    opening_plies: usize,
    jobs: u32,
    log: Option<String>,
    resume: bool,
    /// Where each game played is written as a record; no part of the match's result.
    records: Option<std::path::PathBuf>,
}

impl Settings {
    /// Everything that decides the games, as the log's first line records it.
    fn header(&self) -> serde_json::Value {
        serde_json::json!({
            "canon": "chess match",
            "match": {
                "a": self.a.name(),
                "b": self.b.name(),
                "seed": self.seed,
                "nodes": self.nodes,
                "max_moves": self.max_moves,
                "opening_plies": self.opening_plies,
            },
        })
    }
}

/// How one game went.
struct Played {
    winner: Winner,
    /// How it ended: an `EndReason` name, or `max-moves`.
    reason: String,
    moves: usize,
    opening: Vec<Move>,
    /// The game as a `time-chess-game` record, for games played (not read from a log).
    record: Option<String>,
}

/// `random`, or `LEVEL[:NODES[:DEPTH]]` (a level with its node budget and deepest
/// iteration replaced, to try other levels against each other).
fn player(name: &str) -> Result<Player, String> {
    if name == "random" {
        return Ok(Player::Random);
    }
    let mut parts = name.split(':');
    let level = parts.next().and_then(Level::from_name).ok_or_else(|| {
        format!(
            "unknown player '{}'; players are quick, steady, deep (LEVEL[:NODES[:DEPTH]]) and random",
            excerpt(name)
        )
    })?;
    let nodes = parts
        .next()
        .map(|n| number("the player's NODES", n, 1, u64::MAX))
        .transpose()?;
    let depth = parts
        .next()
        .map(|n| number("the player's DEPTH", n, 1, 64))
        .transpose()?;
    if parts.next().is_some() {
        return Err(format!("too many ':' in player '{}'", excerpt(name)));
    }
    Ok(Player::Search {
        level,
        nodes,
        depth,
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
        opening_plies: 4,
        jobs: 1,
        log: None,
        resume: false,
        records: None,
    };
    let mut rest = args.iter();
    while let Some(flag) = rest.next() {
        if flag == "--resume" {
            settings.resume = true;
            continue;
        }
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
            "--opening-plies" => settings.opening_plies = number("--opening-plies", value, 0, 40)?,
            "--jobs" => settings.jobs = number("--jobs", value, 1, 256)?,
            "--log" => settings.log = Some(value.to_string()),
            "--records" => settings.records = Some(value.into()),
            _ => return Err(format!("unknown option '{}'", excerpt(flag))),
        }
    }
    settings.a = a.ok_or("--a PLAYER is required")?;
    settings.b = b.ok_or("--b PLAYER is required")?;
    settings.games = games.ok_or("--games N is required")?;
    if settings.resume && settings.log.is_none() {
        return Err("--resume needs --log FILE".into());
    }
    Ok(settings)
}

/// Runs `canon chess match …` with the arguments after `match`.
pub fn run(args: &[String]) -> ExitCode {
    let settings = match match_run::settings_or_exit("chess match", args, USAGE, parse) {
        Ok(settings) => settings,
        Err(code) => return code,
    };
    let (mut log, logged) = match open_log(&settings) {
        Ok(opened) => opened,
        Err(message) => {
            eprintln!("canon chess match: {message}");
            return ExitCode::from(2);
        }
    };
    if let Some(dir) = &settings.records {
        if let Err(error) = std::fs::create_dir_all(dir) {
            eprintln!(
                "canon chess match: cannot make the records folder {}: {error}",
                dir.display()
            );
            return ExitCode::from(2);
        }
    }
    let mut score = MatchScore::default();
    let start = logged.len() as u32;
    for (game, played) in logged.iter().enumerate() {
        report(&settings, game as u32, played, &mut score, None);
    }
    let todo: Vec<u32> = (start..settings.games).collect();
    let played_in_order = play_in_order(
        &todo,
        settings.jobs,
        |game| Ok::<Played, Infallible>(play(&settings, game)),
        |game, played| {
            report(&settings, game, &played, &mut score, log.as_mut());
            Ok(())
        },
    );
    let Ok(()) = played_in_order;
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

/// Opens the log: a new one starting with the header line (a missing or empty file), or
/// with `--resume` the existing one (refused unless its header is this match's) with its
/// games read back. A log that holds a match is never overwritten: without `--resume` it
/// is refused, as the other match runners' logs are.
fn open_log(settings: &Settings) -> Result<(Option<std::fs::File>, Vec<Played>), String> {
    let Some(path) = settings.log.as_deref() else {
        return Ok((None, Vec::new()));
    };
    let cannot = |error: std::io::Error| format!("cannot use the log {path}: {error}");
    let existing = match std::fs::read_to_string(path) {
        Ok(text) if !text.trim().is_empty() => Some(text),
        Ok(_) => None,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => None,
        Err(error) => return Err(cannot(error)),
    };
    if let Some(text) = existing {
        if !settings.resume {
            return Err(format!(
                "the log {path} already holds a match: add --resume to continue it, or name a new file"
            ));
        }
        let mut lines = text.lines();
        let header: Option<serde_json::Value> = lines
            .next()
            .and_then(|line| serde_json::from_str(line).ok());
        if header.as_ref() != Some(&settings.header()) {
            return Err(format!(
                "{path} is not the log of this match (its first line must be {})",
                settings.header()
            ));
        }
        let mut logged = Vec::new();
        for line in lines.filter(|line| !line.trim().is_empty()) {
            let played = logged_game(line, logged.len() as u32 + 1)
                .ok_or_else(|| format!("{path}: unreadable game line '{}'", excerpt(line)))?;
            logged.push(played);
        }
        if logged.len() > settings.games as usize {
            return Err(format!("{path} holds more than {} games", settings.games));
        }
        let file = std::fs::OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(cannot)?;
        return Ok((Some(file), logged));
    }
    let mut file = std::fs::File::create(path).map_err(cannot)?;
    writeln!(file, "{}", settings.header()).map_err(cannot)?;
    Ok((Some(file), Vec::new()))
}

/// One game of a log read back, if it is game number `number` and well formed.
fn logged_game(line: &str, number: u32) -> Option<Played> {
    let value: serde_json::Value = serde_json::from_str(line).ok()?;
    if value["game"].as_u64()? != u64::from(number) {
        return None;
    }
    let winner = match value["winner"].as_str()? {
        "white" => Winner::White,
        "black" => Winner::Black,
        "draw" => Winner::Draw,
        _ => return None,
    };
    let opening = value["opening"]
        .as_array()?
        .iter()
        .map(|mv| mv.as_str()?.parse::<Move>().ok())
        .collect::<Option<Vec<Move>>>()?;
    Some(Played {
        winner,
        reason: value["reason"].as_str()?.to_string(),
        moves: usize::try_from(value["moves"].as_u64()?).ok()?,
        opening,
        record: None,
    })
}

/// Counts one finished game and reports it (stderr, and the log if any).
fn report(
    settings: &Settings,
    game: u32,
    played: &Played,
    score: &mut MatchScore,
    log: Option<&mut std::fs::File>,
) {
    let a_is_white = game.is_multiple_of(2);
    let winner = played.winner;
    score.record(match winner {
        Winner::Draw => None,
        Winner::White => Some(a_is_white),
        Winner::Black => Some(!a_is_white),
    });
    eprintln!(
        "game {}/{}: a={} {} vs b={}: {winner:?} after {} moves | {}",
        game + 1,
        settings.games,
        settings.a.name(),
        if a_is_white { "(white)" } else { "(black)" },
        settings.b.name(),
        played.moves,
        score.progress(),
    );
    if let (Some(dir), Some(record)) = (&settings.records, &played.record) {
        let path = dir.join(format!("game-{:03}.json", game + 1));
        // Like the log, a record that cannot be written does not stop the match.
        if let Err(error) = std::fs::write(&path, record) {
            eprintln!(
                "canon chess match: cannot write {}: {error}",
                path.display()
            );
        }
    }
    if let Some(log) = log {
        let opening: Vec<String> = played.opening.iter().map(Move::to_string).collect();
        let line = serde_json::json!({
            "game": game + 1,
            "a": settings.a.name(),
            "b": settings.b.name(),
            "a_white": a_is_white,
            "opening": opening,
            "winner": format!("{winner:?}").to_lowercase(),
            "reason": played.reason,
            "moves": played.moves,
            "a_wins": score.a_wins,
            "b_wins": score.b_wins,
            "draws": score.draws,
        });
        // A log that cannot be written is not worth stopping the match for.
        let _ = writeln!(log, "{line}").and_then(|()| log.flush());
    }
}

/// The opening of the pair of games `pair`: `plies` random moves that stay in the present
/// (a traveller sent at random could doom its side), drawn again until the position
/// reached is still undecided with a legal move.
fn opening(settings: &Settings, pair: u32) -> (Game, Vec<Move>) {
    let mut rng = SplitMix64::new(settings.seed ^ 0x0BE4_1A6B_0000_0000 ^ u64::from(pair) << 20);
    loop {
        let mut line = Game::new();
        let mut moves = Vec::with_capacity(settings.opening_plies);
        while moves.len() < settings.opening_plies && line.outcome().is_none() {
            let legal = line.legal_moves();
            let now = line.now();
            let present: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|mv| mv.to.turn == now)
                .collect();
            let pool = if present.is_empty() { &legal } else { &present };
            if pool.is_empty() {
                break;
            }
            let mv = pool[rng.below(pool.len())];
            line.play(mv).expect("listed moves are legal");
            moves.push(mv);
        }
        if moves.len() == settings.opening_plies
            && line.outcome().is_none()
            && !line.legal_moves().is_empty()
        {
            return (line, moves);
        }
    }
}

/// Plays game `game` (a White in even games) from its pair's opening: the winner and the
/// number of moves, the opening's included. Each move's seed comes from the match seed,
/// the game and the move number, so a match is reproducible.
fn play(settings: &Settings, game: u32) -> Played {
    let a_is_white = game.is_multiple_of(2);
    let (mut line, opening) = opening(settings, game / 2);
    let never = AtomicBool::new(false);
    let mut moves = opening.len();
    let records = settings.records.is_some();
    let done = |winner: Winner, reason: serde_json::Value, moves: usize, line: &Game| Played {
        winner,
        reason: reason.as_str().unwrap_or_default().to_string(),
        moves,
        opening: opening.clone(),
        record: records.then(|| line.to_record_json()),
    };
    loop {
        if let Some(outcome) = line.outcome() {
            let reason = serde_json::to_value(outcome.reason).unwrap_or_default();
            return done(outcome.winner, reason, moves, &line);
        }
        let legal = line.legal_moves();
        if legal.is_empty() {
            // Checkmate (the side to move loses) or stalemate.
            let winner = match (line.is_in_check(), line.to_move()) {
                (false, _) => Winner::Draw,
                (true, Color::White) => Winner::Black,
                (true, Color::Black) => Winner::White,
            };
            let reason = if winner == Winner::Draw {
                "stalemate"
            } else {
                "checkmate"
            };
            return done(winner, reason.into(), moves, &line);
        }
        if moves >= settings.max_moves {
            return done(Winner::Draw, "max-moves".into(), moves, &line);
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
            Player::Search {
                level,
                nodes,
                depth,
            } => {
                let limits = SearchLimits {
                    seed,
                    nodes: nodes.or(settings.nodes),
                    depth,
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
