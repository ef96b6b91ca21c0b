//! `canon go match`: our search against any GTP program on a square board. The program
//! is started afresh for each game and told its size and komi; colours alternate (we are Black in
//! the first game). Crab Canon is the referee: our rules decide legality, a move of the
//! opponent that they refuse (or an unreadable reply) loses the game and is reported, and
//! games are scored by our area scoring after two passes. Progress goes to stderr; the
//! last stdout line is a JSON summary with the 95% Wilson interval. With `--log` every
//! finished game is appended to a file and `--resume` continues it (`match_run`).

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
use crate::match_run::{self, GameLog, GameRecord, GameResult, RunFlags, Side};
use serde_json::json;

fn usage() -> String {
    format!(
        "usage: canon go match --opponent 'PROGRAM ARGS' --games N [--size N] [--komi K]
                      [--max-moves N] [--seconds S] [--level L] [--playouts N] [--seed N]
                      [--log FILE [--resume]] [--stop-after N] [--jobs N]
Plays our search against a GTP program (the command is split at spaces, no quoting),
started afresh for each game so that a game does not depend on the ones before it.
--size 2 to 22 (default 9); --komi a multiple of 0.5 (default 7); a game still running
after --max-moves actions (default 3 per point) is scored as it stands.
{FLAGS}
{}
Progress goes to stderr; the last stdout line is the JSON summary
{{\"games\":N,\"a_wins\":…,\"b_wins\":…,\"draws\":…,\"a_score\":…,\"low\":…,\"high\":…,…}}
over every logged game, where a is Crab Canon and b the opponent.",
        match_run::RUN_FLAGS
    )
}

struct Settings {
    opponent: String,
    games: u32,
    size: usize,
    komi_half_points: i64,
    max_moves: Option<usize>,
    thinking: Thinking,
    run: RunFlags,
}

fn parse(args: &[String]) -> Result<Settings, String> {
    let mut settings = Settings {
        opponent: String::new(),
        games: 0,
        size: 9,
        komi_half_points: 14,
        max_moves: None,
        thinking: Thinking::default(),
        run: RunFlags::default(),
    };
    let mut games = None;
    for (flag, value) in match_run::flags(args)? {
        if settings.thinking.read_flag(flag, value)? || settings.run.read_flag(flag, value)? {
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
        match flag {
            "--opponent" => settings.opponent = value.to_string(),
            "--games" => games = Some(match_run::games(value)?),
            "--size" => settings.size = whole(2, 22)?,
            "--max-moves" => settings.max_moves = Some(whole(1, 100_000)?),
            "--komi" => settings.komi_half_points = match_run::komi_half_points(value)?,
            _ => return Err(match_run::unknown(flag)),
        }
    }
    if settings.opponent.split_whitespace().next().is_none() {
        return Err("--opponent 'PROGRAM ARGS' is required".into());
    }
    settings.games = games.ok_or("--games N is required")?;
    settings.run.check()?;
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

/// One game's log line: who won from the ending, the margin when the board was scored.
fn record_of(
    game: u32,
    we_are_black: bool,
    ending: &Ending,
    line: &SquareGame,
    searched: (u64, u64),
) -> GameRecord {
    let ours = if we_are_black {
        Winner::Black
    } else {
        Winner::White
    };
    let result = |winner: Winner| match winner {
        Winner::Black => GameResult::Black,
        Winner::White => GameResult::White,
        Winner::Draw => GameResult::Draw,
    };
    let area = line.area();
    let board_margin = Some(f64::from(area.black) - f64::from(area.white));
    let (result, margin, ending, detail) = match ending {
        Ending::Played(winner, EndReason::Score) => (result(*winner), board_margin, "score", None),
        Ending::Played(winner, _) => (result(*winner), None, "resignation", None),
        Ending::MoveLimit(winner) => (result(*winner), board_margin, "move_limit", None),
        Ending::OpponentIllegal(why) => (result(ours), None, "opponent_illegal", Some(why)),
        Ending::Aborted(why) => (GameResult::None, None, "aborted", Some(why)),
    };
    GameRecord {
        game,
        black: if we_are_black { Side::A } else { Side::B },
        result,
        margin,
        moves: line.actions().len(),
        ending: ending.into(),
        detail: detail.cloned(),
        searched: Some(searched),
    }
}

/// The summary's counts beside the score, over the logged games.
fn extra_counts(records: &[GameRecord]) -> Vec<(&'static str, String)> {
    let count = |keep: &dyn Fn(&GameRecord) -> bool| records.iter().filter(|r| keep(r)).count();
    let won = |r: &GameRecord| r.a_won() == Some(Some(true));
    let (moves, playouts) = records
        .iter()
        .filter_map(|r| r.searched)
        .fold((0u64, 0u64), |(m, p), (rm, rp)| (m + rm, p + rp));
    vec![
        (
            "wins_as_black",
            count(&|r| won(r) && r.black == Side::A).to_string(),
        ),
        (
            "wins_as_white",
            count(&|r| won(r) && r.black == Side::B).to_string(),
        ),
        (
            "opponent_illegal",
            count(&|r| r.ending == "opponent_illegal").to_string(),
        ),
        // The opponent resigns only when we win by resignation.
        (
            "opponent_resigned",
            count(&|r| won(r) && r.ending == "resignation").to_string(),
        ),
        (
            "move_limit",
            count(&|r| r.ending == "move_limit").to_string(),
        ),
        ("aborted", count(&|r| r.ending == "aborted").to_string()),
        ("playouts_per_move", (playouts / moves.max(1)).to_string()),
    ]
}

/// Runs `canon go match …` with the arguments after `match`.
pub fn run(args: &[String]) -> ExitCode {
    let settings = match match_run::settings_or_exit("go match", args, &usage(), parse) {
        Ok(settings) => settings,
        Err(code) => return code,
    };
    // Everything that decides the games (with --seconds they also depend on the machine).
    let identity = json!({
        "opponent": settings.opponent,
        "size": settings.size,
        "komi": match_run::points(settings.komi_half_points),
        "max_moves": settings.max_moves,
        "playouts": settings.thinking.playouts,
        "seconds": settings.thinking.seconds,
        "seed": settings.thinking.seed,
    });
    let mut log = match GameLog::open_or_exit(&settings.run, "go match", identity) {
        Ok(log) => log,
        Err(code) => return code,
    };
    // A fresh opponent for every game: a program's earlier games can change its moves
    // (GNU Go's do, even with a fixed --seed), and a game should depend only on the
    // settings and its index, whatever the jobs and wherever a run was resumed.
    let played = log.play_all(
        settings.games,
        |game| {
            let mut opponent = Opponent::spawn(&settings.opponent)?;
            let we_are_black = game % 2 == 0;
            let (ending, line, searched) = play(&settings, &mut opponent, game, we_are_black)
                .map_err(|message| format!("game {}: {message}", game + 1))?;
            Ok(record_of(game, we_are_black, &ending, &line, searched))
        },
        |log, record| {
            let detail = match (&record.detail, record.ending.as_str()) {
                (Some(why), "opponent_illegal") => format!("opponent forfeits: {why}"),
                (Some(why), _) => format!("no result: {why}"),
                (None, ending) => ending.replace('_', " "),
            };
            let verdict = match record.result {
                GameResult::Black => "Black",
                GameResult::White => "White",
                GameResult::Draw => "Draw",
                GameResult::None => "-",
            };
            let records = log.records();
            let extra = extra_counts(&records);
            eprintln!(
                "game {}/{}: canon {} : {verdict} ({detail}) | {} | {} playouts per move so far",
                record.game + 1,
                settings.games,
                if record.black == Side::A {
                    "black"
                } else {
                    "white"
                },
                match_run::score_of(&records).progress(),
                extra.last().expect("playouts per move").1,
            );
        },
    );
    if let Err(message) = played {
        eprintln!("canon go match: {message}");
        return ExitCode::FAILURE;
    }
    let records = log.records();
    match_run::print_summary(
        &format!(
            "canon ({}) vs '{}' on {}x{}, komi {}, seed {}",
            settings.thinking.describe(),
            settings.opponent,
            settings.size,
            settings.size,
            match_run::points(settings.komi_half_points),
            settings.thinking.seed,
        ),
        &match_run::score_of(&records),
        &extra_counts(&records),
    );
    ExitCode::SUCCESS
}

fn color_word(color: Color) -> &'static str {
    match color {
        Color::Black => "b",
        Color::White => "w",
    }
}

/// Our searched moves and the playouts they used.
type Searched = (u64, u64);

/// Plays one game; returns how it ended, the final line and our search's work; `Err`
/// only when the opponent cannot be talked to at all.
fn play(
    settings: &Settings,
    opponent: &mut Opponent,
    game: u32,
    we_are_black: bool,
) -> Result<(Ending, SquareGame, Searched), String> {
    let size = settings.size;
    let mut line = SquareGame::new(size, settings.komi_half_points).expect("checked when parsing");
    let mut searched: Searched = (0, 0);
    opponent.setup(&format!("boardsize {size}"))?;
    opponent.setup("clear_board")?;
    opponent.setup(&format!("komi {}", settings.komi_half_points as f64 / 2.0))?;
    let limit = settings.max_moves.unwrap_or(3 * size * size);
    while let Some(color) = line.side_to_move() {
        if line.actions().len() >= limit {
            let score = line.score();
            return Ok((Ending::MoveLimit(score.leader), line, searched));
        }
        let ours = (color == Color::Black) == we_are_black;
        if ours {
            let action = match settings.thinking.think(&line, u64::from(game))? {
                Some(report) => {
                    searched.0 += 1;
                    searched.1 += u64::from(report.playouts);
                    report.best
                }
                None => Action::Pass,
            };
            line.apply(action)
                .map_err(|error| format!("our search chose an illegal move: {error}"))?;
            let vertex = vertex_name(action, size);
            if let Err(message) = opponent.send(&format!("play {} {vertex}", color_word(color)))? {
                let why = format!("the opponent refused our legal {vertex}: {message}");
                return Ok((Ending::Aborted(why), line, searched));
            }
        } else {
            let reply = opponent.send(&format!("genmove {}", color_word(color)))?;
            let text = match reply {
                Ok(text) => text,
                Err(message) => {
                    let why = format!("genmove failed: {}", excerpt(&message));
                    return Ok((Ending::OpponentIllegal(why), line, searched));
                }
            };
            let action = if text.eq_ignore_ascii_case("resign") {
                Action::Resign
            } else {
                match parse_vertex(&text, size) {
                    Ok(action) => action,
                    Err(_) => {
                        let why = format!("unreadable move '{}'", excerpt(&text));
                        return Ok((Ending::OpponentIllegal(why), line, searched));
                    }
                }
            };
            if let Err(rejection) = line.apply(action) {
                let why = format!("{} refused by our rules: {rejection}", excerpt(&text));
                return Ok((Ending::OpponentIllegal(why), line, searched));
            }
        }
    }
    let outcome = *line.outcome().expect("the loop ends with the game");
    if outcome.reason == EndReason::Score {
        eprintln!("  final {} by our area scoring", final_score(&line));
    }
    Ok((
        Ending::Played(outcome.winner, outcome.reason),
        line,
        searched,
    ))
}
