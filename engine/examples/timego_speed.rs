//! Minimum and median wall times of the TimeGo benchmarks' key operations, for a busy
//! machine where criterion's means mostly measure other processes: the minimum of many
//! runs approximates an uncontended core.
//!
//! `cargo run --release -p canon-engine --example timego_speed`

#[path = "../tests/common/mod.rs"]
mod common;

use canon_engine::timego::{Action, Game, ACTION_LIMIT};
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

fn main() {
    let policy = common::Policy {
        place: 85,
        time: 14,
        lock: 0,
    };
    let mut line: Option<Game> = None;
    for seed in 0..24 {
        for p in [policy, common::NO_LOCK] {
            let game = common::random_line(5, seed, ACTION_LIMIT, p);
            if game.actions().len() == ACTION_LIMIT
                && line
                    .as_ref()
                    .is_none_or(|b| game.placements().len() > b.placements().len())
            {
                line = Some(game);
            }
        }
    }
    let line = line.expect("a line reaches the limit");
    let game = line.state_at(ACTION_LIMIT - 1).unwrap();
    let player = game.next_player().unwrap();
    let probes: Vec<Action> = game
        .travellers()
        .iter()
        .flat_map(|b| {
            (game.locked()..b.source).map(move |target| Action::Time {
                player,
                source: b.source,
                target,
            })
        })
        .collect();
    println!(
        "position: |H| = {}, locked {}, {} time probes",
        game.placements().len(),
        game.locked(),
        probes.len()
    );
    let (min, median) = times(300, || {
        std::hint::black_box(probes.iter().filter(|a| game.probe(a).is_ok()).count());
    });
    let rate = |d: Duration| probes.len() as f64 / d.as_secs_f64();
    println!(
        "time-move probes: min {:.0}/s, median {:.0}/s",
        rate(min),
        rate(median)
    );
    let record = line.to_json(ACTION_LIMIT).unwrap();
    let (min, median) = times(100, || {
        std::hint::black_box(Game::from_record(record.as_bytes()).unwrap());
    });
    println!(
        "import of {} bytes, 1,024 actions: min {:.2} ms, median {:.2} ms",
        record.len(),
        min.as_secs_f64() * 1e3,
        median.as_secs_f64() * 1e3
    );
}
