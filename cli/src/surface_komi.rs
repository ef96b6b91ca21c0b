//! `canon surface komi`: a self-play study of the fair komi of a surface. One search
//! level plays itself (so both colours are played by the same player) at a study komi
//! `K` (default 0); each game is played out to two passes and its area margin
//! `B − W` (points, komi not included) recorded. The fair komi is the median margin,
//! rounded to the nearest half point, with the distribution-free order-statistic 95%
//! interval of the median (ranks from the binomial distribution with p = ½). Playing at
//! a study komi near the estimate keeps the games close, where a search that plays to
//! win rather than for points gives the most informative margins (docs/strength.md).
//! The last stdout line is a JSON summary.

use std::process::ExitCode;

use canon_engine::surfaces::search::Level;
use canon_engine::surfaces::{Surface, SurfaceGame};
use serde_json::json;

use crate::match_run::{self, GameLog, GameRecord, GameResult, RunFlags, Side};
use crate::match_score::MatchScore;
use crate::surface_play::play_out;

fn usage() -> String {
    format!(
        "usage: canon surface komi --surface ID --games N [--level L | --playouts N]
                          [--komi K] [--seed N] [--log FILE [--resume]] [--stop-after N]
                          [--jobs N]
Self-play at one level (default strong) on one surface at the study komi K (default 0):
every game is played out to two passes (one still running after 4 actions per point is
scored as it stands) and its area margin B - W recorded. The fair komi is the median
margin rounded to a multiple of 0.5; its 95% interval is the order-statistic interval of
the median (exact binomial ranks, at least 95% coverage; none below 6 games).
{}
Progress goes to stderr; the last stdout line is
{{\"surface\":…,\"games\":N,\"playouts\":…,\"study_komi\":K,\"margins\":[…],\"median\":…,
 \"fair_komi\":…,\"low\":…,\"high\":…,\"black_wins_at_study_komi\":…,
 \"black_score_at_study_komi\":…,\"black_low\":…,\"black_high\":…}}
over every logged game. Black's score at K (draws half) with its Wilson interval checks
K itself: a fair K gives about 50%. Re-run at the estimate when K was far from it
(docs/strength.md).",
        match_run::RUN_FLAGS
    )
}

struct Settings {
    surface: Surface,
    games: u32,
    playouts: u32,
    komi_half_points: i64,
    seed: u64,
    run: RunFlags,
}

fn parse(args: &[String]) -> Result<Settings, String> {
    let mut surface = None;
    let mut games = None;
    let mut settings = Settings {
        surface: Surface::Klein,
        games: 0,
        playouts: Level::Strong.playouts(),
        komi_half_points: 0,
        seed: 1,
        run: RunFlags::default(),
    };
    for (flag, value) in match_run::flags(args)? {
        if settings.run.read_flag(flag, value)? {
            continue;
        }
        match flag {
            "--surface" => surface = Some(match_run::surface(value)?),
            "--games" => games = Some(match_run::games(value)?),
            "--level" => settings.playouts = match_run::surface_level(value)?.playouts(),
            "--playouts" => {
                settings.playouts =
                    value
                        .parse::<u32>()
                        .ok()
                        .filter(|&n| n >= 1)
                        .ok_or_else(|| {
                            format!(
                                "--playouts must be a whole number from 1, not '{}'",
                                canon_engine::strict::excerpt(value)
                            )
                        })?
            }
            "--komi" => settings.komi_half_points = match_run::komi_half_points(value)?,
            "--seed" => settings.seed = match_run::seed(value)?,
            _ => return Err(match_run::unknown(flag)),
        }
    }
    settings.surface = surface.ok_or("--surface ID is required")?;
    settings.games = games.ok_or("--games N is required")?;
    settings.run.check()?;
    SurfaceGame::new(settings.surface, settings.komi_half_points)
        .map_err(|error| error.to_string())?;
    Ok(settings)
}

/// The fair-komi estimate of a sample of area margins: the median, the median rounded
/// to a multiple of ½, and the order-statistic 95% interval of the median (`None` when
/// the sample is too small for one).
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// The sample median of the margins.
    pub median: f64,
    /// The median rounded to the nearest multiple of ½ (halves away from zero).
    pub fair_komi: f64,
    /// The interval `(x_(l), x_(n+1-l))` with `l` the largest rank whose binomial tail
    /// `P(Bin(n, ½) ≤ l - 1)` is at most 2.5%.
    pub interval: Option<(f64, f64)>,
}

/// Estimates the fair komi from area margins `B − W` (in points).
pub fn estimate(margins: &[f64]) -> Option<Estimate> {
    if margins.is_empty() {
        return None;
    }
    let mut sorted = margins.to_vec();
    sorted.sort_by(f64::total_cmp);
    let n = sorted.len();
    let median = if n % 2 == 1 {
        sorted[n / 2]
    } else {
        (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0
    };
    let fair_komi = (median * 2.0).round() / 2.0;
    // P(Bin(n, ½) ≤ k) for k = 0, 1, …: the largest l with P(X ≤ l - 1) ≤ 0.025.
    let mut rank = 0;
    let mut cumulative = 0.0;
    let mut term = 0.5f64.powi(n as i32); // P(X = 0)
    for k in 0..n {
        cumulative += term;
        if cumulative > 0.025 {
            break;
        }
        rank = k + 1;
        term *= (n - k) as f64 / (k + 1) as f64;
    }
    let interval =
        (rank >= 1 && rank <= n + 1 - rank).then(|| (sorted[rank - 1], sorted[n - rank]));
    Some(Estimate {
        median,
        fair_komi,
        interval,
    })
}

/// Runs `canon surface komi …` with the arguments after `komi`.
pub fn run(args: &[String]) -> ExitCode {
    let settings = match match_run::settings_or_exit("surface komi", args, &usage(), parse) {
        Ok(settings) => settings,
        Err(code) => return code,
    };
    let identity = json!({
        "surface": settings.surface.id(),
        "playouts": settings.playouts,
        "study_komi": match_run::points(settings.komi_half_points),
        "seed": settings.seed,
    });
    let mut log = match GameLog::open_or_exit(&settings.run, "surface komi", identity) {
        Ok(log) => log,
        Err(code) => return code,
    };
    let played = log.play_all(
        settings.games,
        |game| Ok(play(&settings, game)),
        |log, record| {
            let so_far = estimate(&margins_of(&log.records())).expect("one margin at least");
            eprintln!(
                "game {}/{}: {} actions, area margin B-W {} | median {} so far",
                record.game + 1,
                settings.games,
                record.moves,
                record.margin.unwrap_or(0.0),
                so_far.median
            );
        },
    );
    if let Err(message) = played {
        eprintln!("canon surface komi: {message}");
        return ExitCode::FAILURE;
    }
    let records = log.records();
    let margins = margins_of(&records);
    let Some(estimate) = estimate(&margins) else {
        eprintln!("canon surface komi: no game logged yet");
        return ExitCode::FAILURE;
    };
    // Black is `a` in every game: its share at the study komi says whether that komi is
    // already fair.
    let black: MatchScore = match_run::score_of(&records);
    let (low, high) = match estimate.interval {
        Some((low, high)) => (low.to_string(), high.to_string()),
        None => ("null".into(), "null".into()),
    };
    println!(
        "{} at {} playouts per move, {} games at komi {}: fair komi {} (median margin {}; 95% interval of the median {}–{})",
        settings.surface.id(),
        settings.playouts,
        margins.len(),
        match_run::points(settings.komi_half_points),
        estimate.fair_komi,
        estimate.median,
        low,
        high
    );
    let list: Vec<String> = margins.iter().map(f64::to_string).collect();
    let (black_low, black_high) = black.interval();
    println!(
        "Black scores {:.1}% at komi {} (95% Wilson interval {:.1}%–{:.1}%)",
        100.0 * black.a_score(),
        match_run::points(settings.komi_half_points),
        100.0 * black_low,
        100.0 * black_high
    );
    println!(
        "{{\"surface\": \"{}\", \"games\": {}, \"playouts\": {}, \"study_komi\": {}, \"seed\": {}, \"margins\": [{}], \"median\": {}, \"fair_komi\": {}, \"low\": {low}, \"high\": {high}, \"black_wins_at_study_komi\": {}, \"white_wins_at_study_komi\": {}, \"black_score_at_study_komi\": {:.4}, \"black_low\": {black_low:.4}, \"black_high\": {black_high:.4}}}",
        settings.surface.id(),
        margins.len(),
        settings.playouts,
        match_run::points(settings.komi_half_points),
        settings.seed,
        list.join(", "),
        estimate.median,
        estimate.fair_komi,
        black.a_wins,
        black.b_wins,
        black.a_score(),
    );
    ExitCode::SUCCESS
}

/// The area margins of the logged games, in game order.
fn margins_of(records: &[GameRecord]) -> Vec<f64> {
    records.iter().filter_map(|record| record.margin).collect()
}

/// Plays one self-play game (`surface_play`) and returns its record: the area margin
/// `B − W` in points, the winner at the study komi and the length.
fn play(settings: &Settings, game: u32) -> GameRecord {
    let played = play_out(
        settings.surface,
        settings.komi_half_points,
        settings.seed,
        game,
        |_| settings.playouts,
    );
    let difference = 2.0 * played.margin - settings.komi_half_points as f64;
    GameRecord {
        game,
        black: Side::A,
        result: match difference {
            d if d > 0.0 => GameResult::Black,
            d if d < 0.0 => GameResult::White,
            _ => GameResult::Draw,
        },
        margin: Some(played.margin),
        moves: played.line.actions().len(),
        ending: played.ending.into(),
        detail: None,
        searched: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_median_is_rounded_to_half_points_and_the_interval_uses_binomial_ranks() {
        assert_eq!(estimate(&[]), None);
        let five = estimate(&[3.0, -1.0, 7.0, 2.0, 5.0]).unwrap();
        assert_eq!(five.median, 3.0);
        assert_eq!(five.fair_komi, 3.0);
        // P(Bin(5, ½) = 0) = 1/32 > 2.5%: five games give no 95% interval.
        assert_eq!(five.interval, None);
        let six = estimate(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]).unwrap();
        assert_eq!(six.median, 3.5);
        assert_eq!(six.fair_komi, 3.5);
        // 1/64 ≤ 2.5% < 7/64: the extremes.
        assert_eq!(six.interval, Some((1.0, 6.0)));
        // n = 10: P(X ≤ 1) = 11/1024 ≤ 2.5% < P(X ≤ 2) = 56/1024: ranks 2 and 9.
        let ten: Vec<f64> = (1..=10).map(f64::from).collect();
        assert_eq!(estimate(&ten).unwrap().interval, Some((2.0, 9.0)));
        // n = 100: the textbook ranks 40 and 61.
        let hundred: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(estimate(&hundred).unwrap().interval, Some((40.0, 61.0)));
        // Quarter points round to the nearest half point.
        assert_eq!(estimate(&[1.25, 1.25]).unwrap().fair_komi, 1.5);
        assert_eq!(estimate(&[0.75]).unwrap().fair_komi, 1.0);
    }
}
