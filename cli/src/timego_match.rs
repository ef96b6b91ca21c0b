//! `canon timego match`: plays a series of games between two opponent levels (or a seeded
//! random player) and reports the score with a confidence interval.
//!
//! Games come in pairs that share a seeded random opening and swap colours, so neither
//! side profits from the first move or a lucky opening. By default every move gets a
//! deterministic work budget equivalent to `--budget-ms` at its level (probes plus nodes,
//! see `Level::work_per_ms`), so a match is reproducible from its seed; `--clock` uses the
//! wall clock instead. A game still running after `--max-actions` actions is adjudicated
//! by the area score of its present board (the engine itself never adjudicates).

use crate::match_run;
use crate::match_score::MatchScore;
use canon_engine::go::zobrist::mix;
use canon_engine::go::Color;
use canon_engine::rng::SplitMix64;
use canon_engine::strict::excerpt;
use canon_engine::timego::opponent::{choose_action, Level, SearchLimits};
use canon_engine::timego::{Action, Game, Winner};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage: canon timego match --a LEVEL --b LEVEL --games N [--size S] [--komi K]
                          [--budget-ms MS] [--seed N] [--max-actions N] [--opening N] [--clock]
LEVEL is classic, strong or random (a seeded uniformly random legal player).
Defaults: --size 5 --komi 0 --budget-ms 900 --seed 1 --max-actions 6*size*size --opening 2.
Colours alternate; each pair of games shares an opening of --opening random placements.
Progress goes to stderr; the last stdout line is
{\"games\":N,\"a_wins\":…,\"b_wins\":…,\"draws\":…,\"a_score\":…,\"low\":…,\"high\":…}.";

/// A player of a match.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Player {
    Random,
    Engine(Level),
}

impl Player {
    fn parse(name: &str) -> Result<Player, String> {
        if name == "random" {
            return Ok(Player::Random);
        }
        Level::from_name(name).map(Player::Engine).ok_or_else(|| {
            let names: Vec<&str> = Level::ALL.iter().map(|level| level.name()).collect();
            format!(
                "unknown level '{}'; levels are {} and random",
                excerpt(name),
                names.join(", ")
            )
        })
    }

    fn name(self) -> &'static str {
        match self {
            Player::Random => "random",
            Player::Engine(level) => level.name(),
        }
    }
}

/// The settings of a match.
#[derive(Clone, Debug)]
struct Settings {
    a: Player,
    b: Player,
    games: u32,
    size: u8,
    komi: f64,
    budget_ms: u64,
    seed: u64,
    max_actions: usize,
    opening: usize,
    clock: bool,
}

fn parse(args: &[String]) -> Result<Settings, String> {
    let mut settings = Settings {
        a: Player::Random,
        b: Player::Random,
        games: 0,
        size: 5,
        komi: 0.0,
        budget_ms: 900,
        seed: 1,
        max_actions: 0,
        opening: 2,
        clock: false,
    };
    let (mut a, mut b, mut games, mut max_actions) = (None, None, None, None);
    for (flag, value) in match_run::flags(args)? {
        let number = |what: &str| -> Result<u64, String> {
            value.parse::<u64>().map_err(|_| {
                format!(
                    "{what} must be a non-negative whole number, not '{}'",
                    excerpt(value)
                )
            })
        };
        match flag {
            "--clock" => settings.clock = true,
            "--a" => a = Some(Player::parse(value)?),
            "--b" => b = Some(Player::parse(value)?),
            "--games" => games = Some(number("--games")?),
            "--size" => {
                settings.size = u8::try_from(number("--size")?)
                    .ok()
                    .filter(|size| (2..=5).contains(size))
                    .ok_or_else(|| format!("--size must be 2 to 5, not '{}'", excerpt(value)))?
            }
            "--komi" => {
                settings.komi = value
                    .parse::<f64>()
                    .map_err(|_| format!("--komi must be a number, not '{}'", excerpt(value)))?
            }
            "--budget-ms" => settings.budget_ms = number("--budget-ms")?,
            "--seed" => settings.seed = match_run::seed(value)?,
            "--max-actions" => max_actions = Some(number("--max-actions")? as usize),
            "--opening" => settings.opening = number("--opening")? as usize,
            _ => return Err(match_run::unknown(flag)),
        }
    }
    settings.a = a.ok_or("--a LEVEL is required")?;
    settings.b = b.ok_or("--b LEVEL is required")?;
    settings.games = games
        .filter(|&games| games > 0 && games <= 1_000_000)
        .ok_or("--games N is required, 1 to 1000000")? as u32;
    if settings.budget_ms == 0 {
        return Err("--budget-ms must be at least 1".into());
    }
    let area = settings.size as usize * settings.size as usize;
    settings.max_actions = max_actions.unwrap_or(6 * area).clamp(1, 1024);
    Game::new(settings.size, settings.komi).map_err(|error| error.to_string())?;
    Ok(settings)
}

/// How one game ended, from Black's side.
struct Outcome {
    winner: Winner,
    black: f64,
    white: f64,
    actions: usize,
    adjudicated: bool,
}

/// Work done by one side over the match.
#[derive(Default)]
struct Tally {
    moves: u64,
    probes: u64,
    nodes: u64,
    millis: f64,
    failures: u64,
}

/// Runs `canon timego match …` with the arguments after `match`.
pub fn run(args: &[String]) -> ExitCode {
    if matches!(args, [help] if help == "help" || help == "--help" || help == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let settings = match parse(args) {
        Ok(settings) => settings,
        Err(message) => {
            eprintln!("canon timego match: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut score = MatchScore::default();
    let mut adjudicated = 0u32;
    let mut tallies = [Tally::default(), Tally::default()];
    let mut actions = 0usize;
    let started = Instant::now();
    for game in 0..settings.games {
        let a_is_black = game % 2 == 0;
        let outcome = play_game(&settings, game, a_is_black, &mut tallies);
        actions += outcome.actions;
        adjudicated += outcome.adjudicated as u32;
        let verdict = score.record(match outcome.winner {
            Winner::Draw => None,
            Winner::Black => Some(a_is_black),
            Winner::White => Some(!a_is_black),
        });
        eprintln!(
            "game {}/{}: a={} {} vs b={}: {verdict} {}-{} in {} actions{} | {}",
            game + 1,
            settings.games,
            settings.a.name(),
            if a_is_black { "(black)" } else { "(white)" },
            settings.b.name(),
            outcome.black,
            outcome.white,
            outcome.actions,
            if outcome.adjudicated {
                " (adjudicated)"
            } else {
                ""
            },
            score.progress(),
        );
    }
    let games = settings.games;
    println!(
        "{} games adjudicated by area after {} actions; {:.1} actions per game; {:.1} s in all",
        adjudicated,
        settings.max_actions,
        actions as f64 / games as f64,
        started.elapsed().as_secs_f64()
    );
    for (side, tally) in ["a", "b"].iter().zip(&tallies) {
        if tally.moves > 0 {
            let moves = tally.moves as f64;
            println!(
                "{side}: {} searched moves, {:.0} probes and {:.0} nodes per move, {:.1} ms per move, {} failed searches",
                tally.moves,
                tally.probes as f64 / moves,
                tally.nodes as f64 / moves,
                tally.millis / moves,
                tally.failures
            );
        }
    }
    match_run::print_summary(
        &format!(
            "{} (a) vs {} (b): {games} games on {s}x{s}, komi {}, {} ms per move ({}), seed {}",
            settings.a.name(),
            settings.b.name(),
            settings.komi,
            settings.budget_ms,
            if settings.clock {
                "wall clock"
            } else {
                "deterministic work budget"
            },
            settings.seed,
            s = settings.size,
        ),
        &score,
        &[],
    );
    ExitCode::SUCCESS
}

fn play_game(
    settings: &Settings,
    game: u32,
    a_is_black: bool,
    tallies: &mut [Tally; 2],
) -> Outcome {
    let mut state = Game::new(settings.size, settings.komi).expect("settings were validated");
    // Both games of a pair share the opening seed.
    let pair_seed = mix(settings.seed ^ mix(game as u64 / 2 + 1));
    // The remixed stream keeps the openings of the recorded matches in docs/strength.md.
    let mut rng = SplitMix64::new(pair_seed);
    let mut next = |n: usize| (rng.next_remixed() % n.max(1) as u64) as usize;
    while state.actions().len() < settings.opening && !state.is_ended() {
        let places: Vec<Action> = state
            .legal_actions()
            .into_iter()
            .filter(|action| matches!(action, Action::Place { .. }))
            .collect();
        if places.is_empty() {
            break;
        }
        state
            .apply(places[next(places.len())])
            .expect("listed as legal");
    }
    while !state.is_ended() && state.actions().len() < settings.max_actions {
        let Some(color) = state.side_to_move() else {
            break;
        };
        let a_to_move = (color == Color::Black) == a_is_black;
        let (player, side) = if a_to_move {
            (settings.a, 0)
        } else {
            (settings.b, 1)
        };
        let move_seed =
            mix(settings.seed ^ mix((game as u64) << 20 | state.actions().len() as u64));
        let action = match player {
            Player::Random => {
                let legal = state.legal_actions();
                if legal.is_empty() {
                    break;
                }
                legal[(move_seed % legal.len() as u64) as usize]
            }
            Player::Engine(level) => search(settings, level, move_seed, &state, &mut tallies[side]),
        };
        if state.apply(action).is_err() {
            tallies[side].failures += 1;
            if state.apply(Action::Pass { player: color }).is_err() {
                break;
            }
        }
    }
    let score = state.score();
    Outcome {
        winner: score.result.winner,
        black: score.result.black.value(),
        white: score.result.white.value(),
        actions: state.actions().len(),
        adjudicated: !state.is_ended(),
    }
}

/// The engine's move; a failed search (deadline) passes and is counted.
fn search(settings: &Settings, level: Level, seed: u64, state: &Game, tally: &mut Tally) -> Action {
    let hard = (settings.budget_ms * 10).max(10_000);
    let limits = if settings.clock {
        SearchLimits {
            soft_budget_ms: settings.budget_ms,
            hard_deadline_ms: settings.budget_ms.max(2_500),
            seed,
            work_budget: None,
        }
    } else {
        SearchLimits::for_time_at(level, settings.budget_ms, seed, hard)
    };
    let player = state.side_to_move().expect("the game goes on");
    match choose_action(state, level, &limits, &|| false) {
        Ok(reply) => {
            tally.moves += 1;
            tally.probes += reply.stats.probes;
            tally.nodes += reply.stats.nodes;
            tally.millis += reply.stats.elapsed_ms;
            reply.action
        }
        Err(stop) => {
            eprintln!("{} failed to move: {stop}", level.name());
            tally.failures += 1;
            Action::Pass { player }
        }
    }
}
