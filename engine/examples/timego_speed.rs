//! Minimum and median wall times of the TimeGo benchmarks' key operations, for a busy
//! machine where criterion's means mostly measure other processes: the minimum of many
//! runs approximates an uncontended core.
//!
//! `cargo run --release -p canon-engine --example timego_speed`

#[path = "../tests/common/mod.rs"]
mod common;

use canon_engine::timego::{Action, Game};
use std::time::{Duration, Instant};

fn times(runs: usize, mut f: impl FnMut()) -> (Duration, Duration) {
    let mut samples: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .collect();
    samples.sort();
    (samples[0], samples[runs / 2])
}

fn time_probes(game: &Game) -> Vec<Action> {
    let player = game.side_to_move().unwrap();
    game.travellers()
        .iter()
        .flat_map(|b| {
            (game.locked()..b.source).map(move |target| Action::Time {
                player,
                source: b.source,
                target,
            })
        })
        .collect()
}

fn main() {
    let (longest, unlocked) = common::bench_positions();
    // `TIMEGO_SPEED_WORST=N`: only N rounds of the worst-case probes, for `perf stat`.
    if let Some(rounds) = std::env::var("TIMEGO_SPEED_WORST")
        .ok()
        .and_then(|n| n.parse::<usize>().ok())
    {
        let probes: Vec<Action> = time_probes(&unlocked)
            .into_iter()
            .filter(|a| matches!(a, Action::Time { target, .. } if *target == unlocked.locked()))
            .collect();
        let start = Instant::now();
        for _ in 0..rounds {
            for probe in &probes {
                std::hint::black_box(unlocked.probe(probe).is_ok());
            }
        }
        let rate = (rounds * probes.len()) as f64 / start.elapsed().as_secs_f64();
        println!("{} worst-case probes: {rate:.0}/s", rounds * probes.len());
        return;
    }
    for (name, game) in [
        ("longest H", &longest),
        ("longest unlocked suffix", &unlocked),
    ] {
        let probes = time_probes(game);
        let legal = probes.iter().filter(|a| game.probe(a).is_ok()).count();
        println!(
            "{name}: |H| = {}, locked {}, {} travellers, {} time probes ({legal} legal)",
            game.placements().len(),
            game.locked(),
            game.travellers().len(),
            probes.len()
        );
        let farthest: Vec<Action> = probes
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::Time { target, .. } if *target == game.locked()))
            .collect();
        for (label, set) in [("every gap", &probes), ("locked boundary only", &farthest)] {
            let (min, median) = times(300, || {
                std::hint::black_box(set.iter().filter(|a| game.probe(a).is_ok()).count());
            });
            let rate = |d: Duration| set.len() as f64 / d.as_secs_f64();
            println!(
                "  time-move probes, {label}: min {:.0}/s, median {:.0}/s",
                rate(min),
                rate(median)
            );
        }
    }
    // The record of the full line of the longest H (all 1,024 actions).
    let mut line = longest.clone();
    let player = line.side_to_move().unwrap();
    let last = line
        .legal_actions()
        .into_iter()
        .find(|a| !matches!(a, Action::Pass { .. }))
        .unwrap_or(Action::Pass { player });
    line.apply(last).unwrap();
    let record = line.to_json(line.actions().len()).unwrap();
    let (min, median) = times(100, || {
        std::hint::black_box(Game::from_record(record.as_bytes()).unwrap());
    });
    println!(
        "import of {} bytes, {} actions: min {:.2} ms, median {:.2} ms",
        record.len(),
        line.actions().len(),
        min.as_secs_f64() * 1e3,
        median.as_secs_f64() * 1e3
    );
}
