//! `canon go match`: our search against any GTP program on a square board. The program
//! is started once and told each game's size and komi; colours alternate (we are Black in
//! the first game). Crab Canon is the referee: our rules decide legality, a move of the
//! opponent that they refuse (or an unreadable reply) loses the game and is reported, and
//! games are scored by our area scoring after two passes. Progress goes to stderr; the
//! last stdout line is a JSON summary with the 95% Wilson interval.

use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use canon_engine::go::Color;
use canon_engine::strict::excerpt;
use canon_engine::surfaces::square::SquareGame;
use canon_engine::surfaces::{Action, EndReason, Winner};
use lineread::{Line, LineReader};

use crate::go_gtp::{final_score, parse_vertex, vertex_name};
use crate::go_think::{Thinking, FLAGS};
use crate::match_score::MatchScore;

fn usage() -> String {
    format!(
        "usage: canon go match --opponent 'PROGRAM ARGS' --games N [--size N] [--komi K]
                      [--max-moves N] [--seconds S] [--level L] [--playouts N] [--seed N]
Plays our search against a GTP program (the command is split at spaces, no quoting).
--size 2 to 22 (default 9); --komi a multiple of 0.5 (default 7); a game still running
after --max-moves actions (default 3 per point) is scored as it stands.
{FLAGS}
Progress goes to stderr; the last stdout line is the JSON summary
{{\"games\":N,\"a_wins\":…,\"b_wins\":…,\"draws\":…,\"a_score\":…,\"low\":…,\"high\":…,…}}
where a is Crab Canon and b the opponent."
    )
}

struct Settings {
    opponent: String,
    games: u32,
    size: usize,
    komi_half_points: i64,
    max_moves: Option<usize>,
    thinking: Thinking,
}

fn parse(args: &[String]) -> Result<Settings, String> {
    let mut settings = Settings {
        opponent: String::new(),
        games: 0,
        size: 9,
        komi_half_points: 14,
        max_moves: None,
        thinking: Thinking::default(),
    };
    let mut games = None;
    let mut rest = args.iter();
    while let Some(flag) = rest.next() {
        let value = rest
            .next()
            .ok_or_else(|| format!("{} needs a value", excerpt(flag)))?
            .as_str();
        if settings.thinking.read_flag(flag, value)? {
            continue;
        }
        let whole = |low: usize, high: usize| {
            value
                .parse::<usize>()
                .ok()
                .filter(|n| (low..=high).contains(n))
                .ok_or_else(|| {
                    format!(
                        "{flag} must be a whole number from {low} to {high}, not '{}'",
                        excerpt(value)
                    )
                })
        };
        match flag.as_str() {
            "--opponent" => settings.opponent = value.to_string(),
            "--games" => games = Some(whole(1, 100_000)? as u32),
            "--size" => settings.size = whole(2, 22)?,
            "--max-moves" => settings.max_moves = Some(whole(1, 100_000)?),
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
            _ => return Err(format!("unknown option '{}'", excerpt(flag))),
        }
    }
    if settings.opponent.split_whitespace().next().is_none() {
        return Err("--opponent 'PROGRAM ARGS' is required".into());
    }
    settings.games = games.ok_or("--games N is required")?;
    SquareGame::new(settings.size, settings.komi_half_points).map_err(|e| e.to_string())?;
    Ok(settings)
}

/// A GTP program on pipes.
struct Opponent {
    child: Child,
    input: ChildStdin,
    output: LineReader<BufReader<ChildStdout>>,
}

/// The longest reply line read from the opponent.
const MAX_REPLY_LINE: usize = 1 << 16;

impl Opponent {
    fn spawn(command: &str) -> Result<Opponent, String> {
        let mut words = command.split_whitespace();
        let program = words.next().expect("checked non-empty");
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|error| format!("cannot start '{}': {error}", excerpt(program)))?;
        let input = child.stdin.take().expect("piped");
        let output = LineReader::new(
            BufReader::new(child.stdout.take().expect("piped")),
            MAX_REPLY_LINE,
        );
        Ok(Opponent {
            child,
            input,
            output,
        })
    }

    /// Sends one command; `Ok(Ok(text))` for `=`, `Ok(Err(text))` for `?`, `Err` when the
    /// program is gone or answers outside the protocol.
    fn send(&mut self, command: &str) -> Result<Result<String, String>, String> {
        writeln!(self.input, "{command}")
            .and_then(|_| self.input.flush())
            .map_err(|error| format!("the opponent stopped reading ({error})"))?;
        let mut reply: Vec<String> = Vec::new();
        loop {
            let line = match self.output.next_line() {
                Ok(Some(Line::Complete(bytes))) => String::from_utf8_lossy(bytes).into_owned(),
                Ok(Some(Line::TooLong(_))) => {
                    return Err("the opponent sent an overlong line".into())
                }
                Ok(None) => return Err(format!("the opponent exited during '{command}'")),
                Err(error) => return Err(format!("cannot read the opponent: {error}")),
            };
            let line = line.trim_end_matches('\r').to_string();
            if line.trim().is_empty() {
                if reply.is_empty() {
                    continue;
                }
                break;
            }
            reply.push(line);
        }
        let first = reply[0].clone();
        // Past the '=' or '?' (any other first character is refused below).
        let body = first
            .get(1..)
            .unwrap_or("")
            .trim_start_matches(|c: char| c.is_ascii_digit());
        let text = std::iter::once(body.trim())
            .chain(reply[1..].iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join("\n");
        match first.chars().next() {
            Some('=') => Ok(Ok(text)),
            Some('?') => Ok(Err(text)),
            _ => Err(format!(
                "the opponent answered '{}' to '{command}', not a GTP response",
                excerpt(&first)
            )),
        }
    }

    /// Sends a setup command that must succeed.
    fn setup(&mut self, command: &str) -> Result<(), String> {
        self.send(command)?
            .map(|_| ())
            .map_err(|message| format!("the opponent refused '{command}': {message}"))
    }
}

impl Drop for Opponent {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit").and_then(|_| self.input.flush());
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(2) {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// How one game ended.
enum Ending {
    /// Scored or resigned under our rules.
    Played(Winner, EndReason),
    /// Scored as it stood at the move limit.
    MoveLimit(Winner),
    /// The opponent's move was refused by our rules, or its reply unreadable: it loses.
    OpponentIllegal(String),
    /// The opponent refused a move our rules allow: no result.
    Aborted(String),
}

/// Counts beside the score.
#[derive(Default)]
struct Tally {
    score: MatchScore,
    wins_as_black: u32,
    wins_as_white: u32,
    opponent_illegal: u32,
    opponent_resigned: u32,
    move_limit: u32,
    aborted: u32,
    /// Our searched moves and their playouts, for the playouts-per-move figure (with
    /// `--seconds` it shows how much the machine allowed).
    searched_moves: u64,
    playouts: u64,
}

/// Runs `canon go match …` with the arguments after `match`.
pub fn run(args: &[String]) -> ExitCode {
    if matches!(args, [flag] if flag == "--help" || flag == "-h") {
        println!("{}", usage());
        return ExitCode::SUCCESS;
    }
    let settings = match parse(args) {
        Ok(settings) => settings,
        Err(message) => {
            eprintln!("canon go match: {message}\n{}", usage());
            return ExitCode::from(2);
        }
    };
    let mut opponent = match Opponent::spawn(&settings.opponent) {
        Ok(opponent) => opponent,
        Err(message) => {
            eprintln!("canon go match: {message}");
            return ExitCode::FAILURE;
        }
    };
    let mut tally = Tally::default();
    for game in 0..settings.games {
        let we_are_black = game % 2 == 0;
        let ending = match play(&settings, &mut opponent, game, we_are_black, &mut tally) {
            Ok(ending) => ending,
            Err(message) => {
                eprintln!("canon go match: game {}: {message}", game + 1);
                return ExitCode::FAILURE;
            }
        };
        let ours = if we_are_black {
            Winner::Black
        } else {
            Winner::White
        };
        let (verdict, detail) = match &ending {
            Ending::Played(winner, reason) => {
                if *reason == EndReason::Resignation && *winner == ours {
                    tally.opponent_resigned += 1;
                }
                (Some(*winner), format!("{reason:?}"))
            }
            Ending::MoveLimit(winner) => {
                tally.move_limit += 1;
                (Some(*winner), "move limit".into())
            }
            Ending::OpponentIllegal(why) => {
                tally.opponent_illegal += 1;
                (Some(ours), format!("opponent forfeits: {why}"))
            }
            Ending::Aborted(why) => {
                tally.aborted += 1;
                (None, format!("no result: {why}"))
            }
        };
        if let Some(winner) = verdict {
            tally.score.record(match winner {
                Winner::Draw => None,
                w => Some(w == ours),
            });
            if winner == ours {
                if we_are_black {
                    tally.wins_as_black += 1;
                } else {
                    tally.wins_as_white += 1;
                }
            }
        }
        eprintln!(
            "game {}/{}: canon {} : {} ({detail}) | {} | {} playouts per move so far",
            game + 1,
            settings.games,
            if we_are_black { "black" } else { "white" },
            verdict.map_or("-".to_string(), |w| format!("{w:?}")),
            tally.score.progress(),
            tally.playouts / tally.searched_moves.max(1),
        );
    }
    let score = tally.score;
    let (low, high) = score.interval();
    println!(
        "canon ({}) vs '{}' on {}x{}, komi {}, seed {}: canon scores {:.1}% of {} games (95% Wilson interval {:.1}%–{:.1}%)",
        settings.thinking.describe(),
        settings.opponent,
        settings.size,
        settings.size,
        settings.komi_half_points as f64 / 2.0,
        settings.thinking.seed,
        100.0 * score.a_score(),
        score.games(),
        100.0 * low,
        100.0 * high
    );
    println!(
        "{{\"games\": {}, \"a_wins\": {}, \"b_wins\": {}, \"draws\": {}, \"a_score\": {:.4}, \"low\": {low:.4}, \"high\": {high:.4}, \"wins_as_black\": {}, \"wins_as_white\": {}, \"opponent_illegal\": {}, \"opponent_resigned\": {}, \"move_limit\": {}, \"aborted\": {}, \"playouts_per_move\": {}}}",
        score.games(),
        score.a_wins,
        score.b_wins,
        score.draws,
        score.a_score(),
        tally.wins_as_black,
        tally.wins_as_white,
        tally.opponent_illegal,
        tally.opponent_resigned,
        tally.move_limit,
        tally.aborted,
        tally.playouts / tally.searched_moves.max(1),
    );
    ExitCode::SUCCESS
}

fn color_word(color: Color) -> &'static str {
    match color {
        Color::Black => "b",
        Color::White => "w",
    }
}

/// Plays one game; `Err` only when the opponent cannot be talked to at all.
fn play(
    settings: &Settings,
    opponent: &mut Opponent,
    game: u32,
    we_are_black: bool,
    tally: &mut Tally,
) -> Result<Ending, String> {
    let size = settings.size;
    let mut line = SquareGame::new(size, settings.komi_half_points).expect("checked when parsing");
    opponent.setup(&format!("boardsize {size}"))?;
    opponent.setup("clear_board")?;
    opponent.setup(&format!("komi {}", settings.komi_half_points as f64 / 2.0))?;
    let limit = settings.max_moves.unwrap_or(3 * size * size);
    while let Some(color) = line.side_to_move() {
        if line.actions().len() >= limit {
            let score = line.score();
            return Ok(Ending::MoveLimit(score.leader));
        }
        let ours = (color == Color::Black) == we_are_black;
        if ours {
            let action = match settings.thinking.think(&line, u64::from(game))? {
                Some(report) => {
                    tally.searched_moves += 1;
                    tally.playouts += u64::from(report.playouts);
                    report.best
                }
                None => Action::Pass,
            };
            line.apply(action)
                .map_err(|error| format!("our search chose an illegal move: {error}"))?;
            let vertex = vertex_name(action, size);
            if let Err(message) = opponent.send(&format!("play {} {vertex}", color_word(color)))? {
                return Ok(Ending::Aborted(format!(
                    "the opponent refused our legal {vertex}: {message}"
                )));
            }
        } else {
            let reply = opponent.send(&format!("genmove {}", color_word(color)))?;
            let text = match reply {
                Ok(text) => text,
                Err(message) => {
                    return Ok(Ending::OpponentIllegal(format!(
                        "genmove failed: {}",
                        excerpt(&message)
                    )))
                }
            };
            let action = if text.eq_ignore_ascii_case("resign") {
                Action::Resign
            } else {
                match parse_vertex(&text, size) {
                    Ok(action) => action,
                    Err(_) => {
                        return Ok(Ending::OpponentIllegal(format!(
                            "unreadable move '{}'",
                            excerpt(&text)
                        )))
                    }
                }
            };
            if let Err(rejection) = line.apply(action) {
                return Ok(Ending::OpponentIllegal(format!(
                    "{} refused by our rules: {rejection}",
                    excerpt(&text)
                )));
            }
        }
    }
    let outcome = *line.outcome().expect("the loop ends with the game");
    if outcome.reason == EndReason::Score {
        eprintln!("  final {} by our area scoring", final_score(&line));
    }
    Ok(Ending::Played(outcome.winner, outcome.reason))
}
