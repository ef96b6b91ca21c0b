//! `canon chess`: Time Chess records and measures without the app — checking a record,
//! listing legal moves, perft with its speed, and the dissertation's branching-factor
//! experiment over many random games.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use canon_engine::timechess::{
    random_playout, EndReason, Game, SplitMix64, Winner, MAX_RECORD_BYTES,
};
use serde_json::json;

use crate::input::read_limited;

const USAGE: &str = "usage: canon chess <subcommand>
  check FILE               replay a time-chess-game record (- for stdin), print its checkpoint
  legal FILE               print the sorted legal moves after all moves of the record
  moves FILE               print each move of the record with what it brought about, in English
  perft DEPTH [FILE]       count legal move sequences (from the start, or after the record)
  branching GAMES [SEED]   play GAMES random games and print branching-factor statistics
  match --a P --b P --games N [--seed N] [--nodes N] [--max-moves N]
                           levels (quick, steady, deep) or random against each other,
                           colours alternated; JSON summary last (docs/strength.md)";

/// Dispatches `canon chess …`.
pub fn run(args: &[String]) -> ExitCode {
    if args.first().map(String::as_str) == Some("match") {
        return crate::chess_match::run(&args[1..]);
    }
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    let result = match words.as_slice() {
        ["check", file] => load(file).map(|game| pretty(&game.checkpoint())),
        ["legal", file] => load(file).map(|mut game| {
            let mut moves: Vec<String> = game.legal_moves().iter().map(|m| m.to_string()).collect();
            moves.sort();
            json!(moves).to_string()
        }),
        ["moves", file] => load(file).map(|game| told(&game)),
        ["perft", depth] => perft(depth, None),
        ["perft", depth, file] => perft(depth, Some(file)),
        ["branching", games] => branching(games, "1"),
        ["branching", games, seed] => branching(games, seed),
        _ => {
            eprintln!("canon chess: bad arguments\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(text) => {
            // A closed pipe (`| head`) is the reader's choice, not an error to report.
            let _ = writeln!(std::io::stdout(), "{text}");
            ExitCode::SUCCESS
        }
        Err(Failure::Usage(message)) => {
            eprintln!("canon chess: {message}\n{USAGE}");
            ExitCode::from(2)
        }
        Err(Failure::Rejected(message)) => {
            eprintln!("canon chess: {message}");
            ExitCode::FAILURE
        }
    }
}

/// One line per move: its number, its notation and the engine's English sentence.
fn told(game: &Game) -> String {
    let lines: Vec<String> = game
        .move_reports()
        .iter()
        .enumerate()
        .map(|(index, report)| format!("{}. {}  {report}", index + 1, report.mv))
        .collect();
    lines.join("\n")
}

fn pretty<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string_pretty(value).unwrap_or_default()
}

/// Why a command failed: bad arguments (exit status 2) or a rejected input (1).
enum Failure {
    Usage(String),
    Rejected(String),
}

fn load(file: &str) -> Result<Game, Failure> {
    let bytes = read_limited(file, MAX_RECORD_BYTES).map_err(Failure::Rejected)?;
    Game::import(&bytes).map_err(|e| Failure::Rejected(format!("{file}: {e}")))
}

fn number<T>(text: &str, what: &str, max: T) -> Result<T, Failure>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy,
{
    match text.parse::<T>() {
        Ok(n) if n <= max => Ok(n),
        _ => Err(Failure::Usage(format!(
            "{what} must be a whole number up to {max}, not '{}'",
            canon_engine::strict::excerpt(text)
        ))),
    }
}

fn perft(depth: &str, file: Option<&&str>) -> Result<String, Failure> {
    let depth: u32 = number(depth, "DEPTH", 6)?;
    let mut game = match file {
        Some(file) => load(file)?,
        None => Game::new(),
    };
    let start = Instant::now();
    let nodes = game.perft(depth);
    let seconds = start.elapsed().as_secs_f64();
    Ok(json!({
        "turn": game.now(),
        "depth": depth,
        "nodes": nodes,
        "seconds": (seconds * 1000.0).round() / 1000.0,
        "nodesPerSecond": if seconds > 0.0 { (nodes as f64 / seconds).round() } else { 0.0 },
    })
    .to_string())
}

fn branching(games: &str, seed: &str) -> Result<String, Failure> {
    let games: usize = number(games, "GAMES", 1_000_000)?;
    let seed: u64 = number(seed, "SEED", u64::MAX)?;
    if games == 0 {
        return Err(Failure::Usage("GAMES must be at least 1".to_string()));
    }
    let mut rng = SplitMix64::new(seed);
    let mut per_turn: Vec<usize> = Vec::new();
    // Sum and count of legal moves per block of ten turns, as the dissertation's figure 5.1.
    let mut blocks = vec![(0usize, 0usize); 20];
    let mut lengths: Vec<usize> = Vec::new();
    let mut game_means: Vec<f64> = Vec::new();
    let mut endings = std::collections::BTreeMap::<String, usize>::new();
    let start = Instant::now();
    for _ in 0..games {
        let mut game = Game::new();
        let playout = random_playout(&mut game, &mut rng, usize::MAX);
        lengths.push(playout.moves.len());
        if !playout.branching.is_empty() {
            game_means.push(
                playout.branching.iter().sum::<usize>() as f64 / playout.branching.len() as f64,
            );
        }
        per_turn.extend(&playout.branching);
        for (turn, &n) in playout.branching.iter().enumerate().take(blocks.len() * 10) {
            blocks[turn / 10].0 += n;
            blocks[turn / 10].1 += 1;
        }
        let ending = match playout.outcome {
            Some(o) => format!("{}-{}", winner(o.winner), reason(o.reason)),
            None => "unfinished".to_string(),
        };
        *endings.entry(ending).or_default() += 1;
    }
    let mean = per_turn.iter().sum::<usize>() as f64 / per_turn.len().max(1) as f64;
    let mut histogram = vec![0usize; 1 + per_turn.iter().max().copied().unwrap_or(0) / 10];
    for &n in &per_turn {
        histogram[n / 10] += 1;
    }
    lengths.sort_unstable();
    let mean_length = lengths.iter().sum::<usize>() as f64 / lengths.len() as f64;
    let percentile = |p: f64| lengths[((lengths.len() - 1) as f64 * p).round() as usize];
    let round = |x: f64| (x * 100.0).round() / 100.0;
    Ok(pretty(&json!({
        "games": games,
        "seed": seed,
        "turnsMeasured": per_turn.len(),
        "meanLegalMovesPerTurn": round(mean),
        "meanOfGameMeans": round(game_means.iter().sum::<f64>() / game_means.len().max(1) as f64),
        "legalMovesHistogramBy10": histogram,
        "meanLegalMovesByTurnBlock10": blocks
            .iter()
            .map(|&(sum, count)| round(sum as f64 / count.max(1) as f64))
            .collect::<Vec<_>>(),
        "gameLength": {
            "mean": round(mean_length),
            "min": lengths[0],
            "p10": percentile(0.1),
            "median": percentile(0.5),
            "p90": percentile(0.9),
            "max": lengths[lengths.len() - 1],
        },
        "endings": endings,
        "seconds": round(start.elapsed().as_secs_f64()),
    })))
}

fn winner(w: Winner) -> &'static str {
    match w {
        Winner::White => "white",
        Winner::Black => "black",
        Winner::Draw => "draw",
    }
}

fn reason(r: EndReason) -> &'static str {
    match r {
        EndReason::Checkmate => "checkmate",
        EndReason::Stalemate => "stalemate",
        EndReason::KingLostInTime => "king-lost-in-time",
        EndReason::KingCaptured => "king-captured",
        EndReason::MoveLimit => "move-limit",
    }
}
