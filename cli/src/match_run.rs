//! What the long match runners share (`surface match`, `surface komi`, `go match`,
//! `timego match`; `chess match` its start): reading their flags, the common values (games, komi, seed, levels,
//! surfaces), the game log that lets a match of hundreds of games run piecewise across
//! sessions (`--log FILE`, `--resume`, `--stop-after N`), the games played several at a
//! time (`--jobs N`, through [`crate::in_order`]), and the summary lines.
//!
//! The log is JSON lines: a first line naming the command and everything that decides
//! its games (`{"canon": …, "match": {…}}`), then one line per finished game
//! ([`GameRecord`]), each appended, flushed and synced as soon as the game ends. Every
//! game's searches are seeded from the match seed and the game's index, so the games a
//! resumed run plays are the ones an uninterrupted run would have played, and the summary
//! (computed over every logged game, in index order) is the same. For the same reason
//! games may be played on several threads at once: they are logged in index order, so
//! the log and the summary do not depend on `--jobs`.

use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use canon_engine::strict::excerpt;
use canon_engine::surfaces::search::Level;
use canon_engine::surfaces::Surface;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::in_order::play_in_order;
use crate::match_score::MatchScore;

/// The run flags as the usage texts describe them.
pub const RUN_FLAGS: &str =
    "--log FILE    append one JSON line per finished game to FILE (flushed at once)
--resume      continue the match logged in FILE: games already there are not played
              again; refused unless FILE belongs to the same command and settings
--stop-after N  play at most N new games in this run (the summary covers the log)
--jobs N      play N games at a time (1 to 256, default 1); games are logged in order,
              so the log and the summary are those of one job";

/// Flags that take no value.
const SWITCHES: [&str; 2] = ["--resume", "--clock"];

/// The flags of `args` in order, each with its value (`""` for a switch).
pub fn flags(args: &[String]) -> Result<Vec<(&str, &str)>, String> {
    let mut found = Vec::new();
    let mut rest = args.iter();
    while let Some(flag) = rest.next() {
        if SWITCHES.contains(&flag.as_str()) {
            found.push((flag.as_str(), ""));
            continue;
        }
        let value = rest
            .next()
            .ok_or_else(|| format!("{} needs a value", excerpt(flag)))?;
        found.push((flag.as_str(), value.as_str()));
    }
    Ok(found)
}

/// The settings of a run of `canon COMMAND` (`command` is e.g. `"surface match"`), or the
/// exit code that ends it at once: `--help` or `-h` prints `usage` (success), arguments
/// that `parse` refuses print the reason and `usage` (status 2).
pub fn settings_or_exit<S>(
    command: &str,
    args: &[String],
    usage: &str,
    parse: impl FnOnce(&[String]) -> Result<S, String>,
) -> Result<S, ExitCode> {
    if matches!(args, [flag] if flag == "--help" || flag == "-h") {
        println!("{usage}");
        return Err(ExitCode::SUCCESS);
    }
    parse(args).map_err(|message| {
        eprintln!("canon {command}: {message}\n{usage}");
        ExitCode::from(2)
    })
}

/// The refusal of a flag no runner knows.
pub fn unknown(flag: &str) -> String {
    format!("unknown option '{}'", excerpt(flag))
}

/// `--games`: 1 to 100,000.
pub fn games(value: &str) -> Result<u32, String> {
    value
        .parse::<u32>()
        .ok()
        .filter(|&n| (1..=100_000).contains(&n))
        .ok_or_else(|| format!("--games must be 1 to 100000, not '{}'", excerpt(value)))
}

/// `--komi` in half points: a multiple of 0.5.
pub fn komi_half_points(value: &str) -> Result<i64, String> {
    value
        .parse::<f64>()
        .ok()
        .map(|k| k * 2.0)
        .filter(|h| h.fract() == 0.0 && h.abs() < 1e6)
        .map(|h| h as i64)
        .ok_or_else(|| format!("--komi must be a multiple of 0.5, not '{}'", excerpt(value)))
}

/// `--seed`: a whole number.
pub fn seed(value: &str) -> Result<u64, String> {
    value
        .parse::<u64>()
        .map_err(|_| format!("--seed must be a whole number, not '{}'", excerpt(value)))
}

/// A level of the surfaces' search by name.
pub fn surface_level(value: &str) -> Result<Level, String> {
    Level::from_name(value).ok_or_else(|| {
        format!(
            "unknown level '{}'; levels are gentle, steady and strong",
            excerpt(value)
        )
    })
}

/// A surface by its graph id.
pub fn surface(value: &str) -> Result<Surface, String> {
    Surface::from_id(value).ok_or_else(|| format!("unknown surface '{}'", excerpt(value)))
}

/// Komi in half points as the summaries print it, in points.
pub fn points(half_points: i64) -> f64 {
    half_points as f64 / 2.0
}

/// Who played Black in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// The match's first player (`--a`, or Crab Canon against a GTP program; the one
    /// player of a self-play study).
    A,
    /// The second player.
    B,
}

/// Who won a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    /// Black won.
    Black,
    /// White won.
    White,
    /// Neither.
    Draw,
    /// The game has no result (it was aborted).
    None,
}

/// One finished game as its log line holds it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// The game's index in the match, from 0 (its seeds derive from it).
    pub game: u32,
    /// Who played Black.
    pub black: Side,
    /// Who won.
    pub result: GameResult,
    /// Black's area margin `B − W` in points, komi not included, when the game was
    /// scored on the board.
    pub margin: Option<f64>,
    /// Actions played (passes included).
    pub moves: usize,
    /// How the game ended (`score`, `resignation`, `move_limit`, `opponent_illegal`,
    /// `aborted`).
    pub ending: String,
    /// A word about the ending, when there is one (why a game was forfeited).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
    /// Moves our search chose and the playouts they used (`go match`), for the
    /// playouts-per-move figure.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub searched: Option<(u64, u64)>,
}

impl GameRecord {
    /// Whether `a` won: `Some(true)`, `Some(false)`, `None` for a draw, or no result.
    pub fn a_won(&self) -> Option<Option<bool>> {
        let a_black = self.black == Side::A;
        match self.result {
            GameResult::Black => Some(Some(a_black)),
            GameResult::White => Some(Some(!a_black)),
            GameResult::Draw => Some(None),
            GameResult::None => None,
        }
    }
}

/// The score of `a` over `records` (games without a result are left out).
pub fn score_of(records: &[GameRecord]) -> MatchScore {
    let mut score = MatchScore::default();
    for verdict in records.iter().filter_map(GameRecord::a_won) {
        score.record(verdict);
    }
    score
}

/// The first line of a log: the command and everything that decides its games.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Header {
    canon: String,
    #[serde(rename = "match")]
    settings: Value,
}

/// The flags of one run that do not decide its games: where they are logged, how many
/// are played now and how many at a time.
#[derive(Clone, Debug, PartialEq)]
pub struct RunFlags {
    /// `--log FILE`.
    pub path: Option<PathBuf>,
    /// `--resume`.
    pub resume: bool,
    /// `--stop-after N`.
    pub stop_after: Option<u32>,
    /// `--jobs N`: games played at a time.
    pub jobs: u32,
}

impl Default for RunFlags {
    fn default() -> RunFlags {
        RunFlags {
            path: None,
            resume: false,
            stop_after: None,
            jobs: 1,
        }
    }
}

impl RunFlags {
    /// Reads one of the run flags; `Ok(false)` when `flag` is not one of them.
    pub fn read_flag(&mut self, flag: &str, value: &str) -> Result<bool, String> {
        match flag {
            "--log" => self.path = Some(PathBuf::from(value)),
            "--resume" => self.resume = true,
            "--stop-after" => {
                self.stop_after = Some(value.parse::<u32>().ok().filter(|&n| n >= 1).ok_or_else(
                    || {
                        format!(
                            "--stop-after must be a whole number from 1, not '{}'",
                            excerpt(value)
                        )
                    },
                )?)
            }
            "--jobs" => {
                self.jobs = value
                    .parse::<u32>()
                    .ok()
                    .filter(|n| (1..=256).contains(n))
                    .ok_or_else(|| format!("--jobs must be 1 to 256, not '{}'", excerpt(value)))?
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// Refuses `--resume` without a log to resume.
    pub fn check(&self) -> Result<(), String> {
        if self.resume && self.path.is_none() {
            return Err("--resume needs --log FILE".into());
        }
        Ok(())
    }
}

/// The games of a match so far, and the file they are appended to.
pub struct GameLog {
    file: Option<File>,
    records: Vec<GameRecord>,
    stop_after: Option<u32>,
    jobs: u32,
    played: u32,
}

impl GameLog {
    /// Opens the log of `command` (e.g. `"surface match"`) whose games are decided by
    /// `settings`: a new file (refused when it already holds games, unless resuming), the
    /// games of an earlier run of the same command and settings with `--resume`, or none.
    pub fn open(flags: &RunFlags, command: &str, settings: Value) -> Result<GameLog, String> {
        let header = Header {
            canon: command.to_owned(),
            settings,
        };
        let mut log = GameLog {
            file: None,
            records: Vec::new(),
            stop_after: flags.stop_after,
            jobs: flags.jobs,
            played: 0,
        };
        let Some(path) = &flags.path else {
            return Ok(log);
        };
        let shown = path.display();
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)
            .map_err(|error| format!("cannot open the log {shown}: {error}"))?;
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes)
            .map_err(|error| format!("cannot read the log {shown}: {error}"))?;
        if bytes.is_empty() {
            let line = serde_json::to_string(&header).expect("a header serializes");
            append_line(&mut file, &line, path)?;
        } else {
            if !flags.resume {
                return Err(format!(
                    "the log {shown} already holds a match: add --resume to continue it, or name a new file"
                ));
            }
            let complete = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
            if complete < bytes.len() {
                // A line cut short by a killed run: the game it was writing is played again.
                eprintln!(
                    "{shown}: dropping an unfinished last line ({} bytes)",
                    bytes.len() - complete
                );
                file.set_len(complete as u64)
                    .map_err(|error| format!("cannot repair the log {shown}: {error}"))?;
            }
            log.records = read_games(&bytes[..complete], &header, path)?;
            eprintln!("{shown}: resuming after {} logged games", log.records.len());
        }
        log.file = Some(file);
        Ok(log)
    }

    /// [`GameLog::open`] for a run of `canon COMMAND`, or the exit code that ends the run
    /// once the reason is printed.
    pub fn open_or_exit(
        flags: &RunFlags,
        command: &str,
        settings: Value,
    ) -> Result<GameLog, ExitCode> {
        GameLog::open(flags, command, settings).map_err(|message| {
            eprintln!("canon {command}: {message}");
            ExitCode::FAILURE
        })
    }

    /// Whether game `index` is already logged.
    pub fn has(&self, index: u32) -> bool {
        self.records.iter().any(|record| record.game == index)
    }

    /// Records a finished game, appending it to the file at once.
    pub fn push(&mut self, record: GameRecord) -> Result<(), String> {
        if let Some(file) = &mut self.file {
            let line = serde_json::to_string(&record).expect("a record serializes");
            append_line(file, &line, Path::new("the log"))?;
        }
        self.records.push(record);
        self.played += 1;
        Ok(())
    }

    /// Plays the games of `0..games` this run should play, `--jobs` of them at a time,
    /// and logs each once every earlier one is logged, so the log is in game order
    /// whatever the jobs. `logged` sees the log and each game just logged (for progress
    /// lines). The first error ends the run once the games under way finish: games before
    /// it are logged, later ones are left for the next run.
    pub fn play_all(
        &mut self,
        games: u32,
        play: impl Fn(u32) -> Result<GameRecord, String> + Sync,
        mut logged: impl FnMut(&GameLog, &GameRecord),
    ) -> Result<(), String> {
        let allowed = self.stop_after.map_or(usize::MAX, |limit| {
            limit.saturating_sub(self.played) as usize
        });
        let todo: Vec<u32> = (0..games)
            .filter(|&game| !self.has(game))
            .take(allowed)
            .collect();
        let jobs = self.jobs;
        play_in_order(&todo, jobs, play, |_, record| {
            self.push(record.clone())?;
            logged(self, &record);
            Ok(())
        })
    }

    /// Every logged game, in index order.
    pub fn records(&self) -> Vec<GameRecord> {
        let mut records = self.records.clone();
        records.sort_by_key(|record| record.game);
        records
    }
}

fn append_line(file: &mut File, line: &str, path: &Path) -> Result<(), String> {
    file.write_all(format!("{line}\n").as_bytes())
        .and_then(|()| file.flush())
        .and_then(|()| file.sync_data())
        .map_err(|error| format!("cannot write to {}: {error}", path.display()))
}

/// The games of a log whose complete lines are `bytes`, after checking its header is
/// `expected`.
fn read_games(bytes: &[u8], expected: &Header, path: &Path) -> Result<Vec<GameRecord>, String> {
    let shown = path.display();
    let text = std::str::from_utf8(bytes).map_err(|_| format!("the log {shown} is not UTF-8"))?;
    let mut lines = text.lines();
    let first = lines.next().unwrap_or("");
    let header: Header = serde_json::from_str(first).map_err(|_| {
        format!(
            "{shown} is not a match log (its first line is '{}')",
            excerpt(first)
        )
    })?;
    if header.canon != expected.canon {
        return Err(format!(
            "the log {shown} belongs to 'canon {}', not 'canon {}': --resume continues only the same command",
            excerpt(&header.canon),
            expected.canon
        ));
    }
    if header.settings != expected.settings {
        let differences = differences(&header.settings, &expected.settings);
        return Err(format!(
            "the log {shown} belongs to another match ({}): --resume continues only the same settings",
            differences.join(", ")
        ));
    }
    let mut records: Vec<GameRecord> = Vec::new();
    for (number, line) in lines.enumerate() {
        let record: GameRecord = serde_json::from_str(line).map_err(|error| {
            format!(
                "{shown} line {}: not a game of this log ({error})",
                number + 2
            )
        })?;
        if records.iter().any(|seen| seen.game == record.game) {
            return Err(format!(
                "{shown} line {}: game {} is logged twice",
                number + 2,
                record.game
            ));
        }
        records.push(record);
    }
    Ok(records)
}

/// The settings that differ between a log and this run, as `key: logged there, here now`.
fn differences(logged: &Value, here: &Value) -> Vec<String> {
    let (Some(logged), Some(here)) = (logged.as_object(), here.as_object()) else {
        return vec!["other settings".into()];
    };
    let mut keys: Vec<&String> = logged.keys().chain(here.keys()).collect();
    keys.sort();
    keys.dedup();
    keys.into_iter()
        .filter(|key| logged.get(*key) != here.get(*key))
        .map(|key| {
            let show = |v: Option<&Value>| v.map_or("none".to_string(), Value::to_string);
            format!(
                "{key} {} there, {} here",
                show(logged.get(key)),
                show(here.get(key))
            )
        })
        .collect()
}

/// Prints the readable score line (`headline: a scores …`) and, last, the JSON summary
/// `{"games", "a_wins", "b_wins", "draws", "a_score", "low", "high", …extra}`; `extra`
/// holds further `"key": value` pairs already written as JSON.
pub fn print_summary(headline: &str, score: &MatchScore, extra: &[(&str, String)]) {
    let (low, high) = score.interval();
    println!(
        "{headline}: a scores {:.1}% of {} games (95% Wilson interval {:.1}%–{:.1}%)",
        100.0 * score.a_score(),
        score.games(),
        100.0 * low,
        100.0 * high
    );
    let mut json = format!(
        "{{\"games\": {}, \"a_wins\": {}, \"b_wins\": {}, \"draws\": {}, \"a_score\": {:.4}, \"low\": {low:.4}, \"high\": {high:.4}",
        score.games(),
        score.a_wins,
        score.b_wins,
        score.draws,
        score.a_score()
    );
    for (key, value) in extra {
        json.push_str(&format!(", \"{key}\": {value}"));
    }
    json.push('}');
    println!("{json}");
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn record(game: u32) -> GameRecord {
        GameRecord {
            game,
            black: if game.is_multiple_of(2) {
                Side::A
            } else {
                Side::B
            },
            result: GameResult::Black,
            margin: Some(3.0),
            moves: 40,
            ending: "score".into(),
            detail: None,
            searched: None,
        }
    }

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("canon-log-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir.join("match.jsonl")
    }

    #[test]
    fn a_resumed_log_holds_the_earlier_games_and_refuses_other_settings() {
        let path = scratch("resume");
        let flags = RunFlags {
            path: Some(path.clone()),
            ..RunFlags::default()
        };
        let settings = json!({"a": "strong", "seed": 1});
        let mut log = GameLog::open(&flags, "surface match", settings.clone()).unwrap();
        log.push(record(0)).unwrap();
        log.push(record(1)).unwrap();
        drop(log);
        // A run that was killed while writing its third line.
        let mut file = OpenOptions::new().append(true).open(&path).unwrap();
        file.write_all(b"{\"game\": 2, \"bla").unwrap();
        drop(file);

        let again = GameLog::open(&flags, "surface match", settings.clone());
        assert!(again.err().unwrap().contains("add --resume"));
        let resume = RunFlags {
            resume: true,
            ..flags.clone()
        };
        let log = GameLog::open(&resume, "surface match", settings.clone()).unwrap();
        assert_eq!(log.records(), vec![record(0), record(1)]);
        assert!(log.has(1) && !log.has(2));
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.ends_with("}\n"), "the torn line is gone: {text}");

        let other = GameLog::open(&resume, "surface match", json!({"a": "strong", "seed": 2}));
        let message = other.err().unwrap();
        assert!(message.contains("seed 1 there, 2 here"), "{message}");
        let command = GameLog::open(&resume, "surface komi", settings);
        assert!(command.err().unwrap().contains("'canon surface match'"));
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }

    /// Plays `games` games of `record` under `flags`, each job's games finishing in an
    /// order of their own (the later games sooner); returns the games in the order they
    /// were logged.
    fn play_all(flags: &RunFlags, games: u32) -> (GameLog, Vec<u32>) {
        let mut log = GameLog::open(flags, "surface match", json!({})).unwrap();
        let mut order = Vec::new();
        log.play_all(
            games,
            |game| {
                std::thread::sleep(std::time::Duration::from_millis(u64::from(
                    20 - game % 4 * 5,
                )));
                Ok(record(game))
            },
            |log, record| {
                assert_eq!(
                    log.records().last(),
                    Some(record),
                    "logged before it is shown"
                );
                order.push(record.game)
            },
        )
        .unwrap();
        (log, order)
    }

    #[test]
    fn stop_after_limits_the_new_games_of_a_run() {
        let flags = RunFlags {
            stop_after: Some(3),
            jobs: 2,
            ..RunFlags::default()
        };
        let (log, order) = play_all(&flags, 10);
        assert_eq!(order, vec![0, 1, 2]);
        assert_eq!(score_of(&log.records()).a_wins, 2);
    }

    #[test]
    fn several_jobs_log_the_games_in_order_as_one_job_does() {
        let path = scratch("jobs");
        let lines = |jobs: u32, name: &str| {
            let file = path.with_file_name(name);
            let flags = RunFlags {
                path: Some(file.clone()),
                jobs,
                ..RunFlags::default()
            };
            let (_, order) = play_all(&flags, 9);
            assert_eq!(order, (0..9).collect::<Vec<u32>>(), "{jobs} jobs");
            std::fs::read_to_string(file).unwrap()
        };
        assert_eq!(lines(4, "four.jsonl"), lines(1, "one.jsonl"));
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }

    #[test]
    fn the_first_failure_ends_the_run_after_the_games_before_it() {
        let flags = RunFlags {
            jobs: 3,
            ..RunFlags::default()
        };
        let mut log = GameLog::open(&flags, "go match", json!({})).unwrap();
        let failed = log.play_all(
            12,
            |game| match game {
                4 => Err("game 5: the opponent went away".to_string()),
                _ => Ok(record(game)),
            },
            |_, _| {},
        );
        assert_eq!(failed, Err("game 5: the opponent went away".to_string()));
        let games: Vec<u32> = log.records().iter().map(|r| r.game).collect();
        assert_eq!(
            games,
            vec![0, 1, 2, 3],
            "nothing after the failure is logged"
        );
    }

    #[test]
    fn flags_take_values_except_the_switches() {
        let args: Vec<String> = ["--games", "2", "--resume", "--log", "f"]
            .map(String::from)
            .to_vec();
        assert_eq!(
            flags(&args).unwrap(),
            vec![("--games", "2"), ("--resume", ""), ("--log", "f")]
        );
        let short: Vec<String> = vec!["--games".into()];
        assert!(flags(&short).unwrap_err().contains("needs a value"));
        assert_eq!(komi_half_points("-3.5"), Ok(-7));
        assert!(komi_half_points("0.3").is_err());
        assert!(games("0").is_err());
        let mut run = RunFlags::default();
        assert_eq!(run.jobs, 1);
        assert_eq!(run.read_flag("--jobs", "3"), Ok(true));
        assert_eq!(run.jobs, 3);
        for bad in ["0", "257", "two"] {
            let refusal = run.read_flag("--jobs", bad).unwrap_err();
            assert!(refusal.contains("--jobs must be 1 to 256"), "{refusal}");
        }
    }
}
