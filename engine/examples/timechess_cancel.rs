//! How long the Time Chess search takes to stop once cancelled (issue 15: within 50 ms),
//! and how long the hard deadline overruns: `cargo run --release -p canon-engine --example
//! timechess_cancel [RUNS]`. Each run searches a seeded random middlegame at the deepest
//! level with no node budget, raises the stop flag after 50–500 ms and measures the time
//! from the flag to the search's return. Figures go to docs/performance.md.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use canon_engine::timechess::{
    choose_move_within, random_playout, Game, Level, SearchLimits, SearchStop, SplitMix64,
};

fn middlegame(seed: u64) -> Game {
    let mut game = Game::new();
    random_playout(&mut game, &mut SplitMix64::new(seed), 12);
    game
}

fn main() {
    let runs: u64 = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(20);
    let unlimited = SearchLimits {
        nodes: Some(u64::MAX),
        ..SearchLimits::timed(600_000, 600_000)
    };
    let mut latencies = Vec::new();
    for run in 0..runs {
        let game = middlegame(run + 1);
        if game.outcome().is_some() {
            continue;
        }
        let flag = AtomicBool::new(false);
        let wait = Duration::from_millis(50 + 50 * (run % 10));
        let (result, raised, stopped) = std::thread::scope(|scope| {
            let raiser = scope.spawn(|| {
                std::thread::sleep(wait);
                let at = Instant::now();
                flag.store(true, Ordering::Relaxed);
                at
            });
            let stop = || flag.load(Ordering::Relaxed);
            let result = choose_move_within(&game, Level::Deep, &unlimited, &stop);
            let stopped = Instant::now();
            (result, raiser.join().expect("the raiser"), stopped)
        });
        if result == Err(SearchStop::Cancelled) {
            latencies.push(stopped.duration_since(raised).as_secs_f64() * 1000.0);
        }
    }
    latencies.sort_by(f64::total_cmp);
    let n = latencies.len();
    println!(
        "cancel latency over {n} searches: median {:.2} ms, max {:.2} ms",
        latencies[n / 2],
        latencies[n - 1]
    );
    // The hard deadline: how far past it the search returns.
    let mut overruns = Vec::new();
    for run in 0..runs.min(10) {
        let game = middlegame(run + 1);
        let limits = SearchLimits {
            nodes: Some(u64::MAX),
            ..SearchLimits::timed(100, 200)
        };
        let start = Instant::now();
        let _ = choose_move_within(&game, Level::Deep, &limits, &|| false);
        overruns.push(start.elapsed().as_secs_f64() * 1000.0 - 200.0);
    }
    overruns.sort_by(f64::total_cmp);
    println!(
        "soft 100 ms / hard 200 ms: returned at most {:.2} ms after the hard deadline (negative: before it)",
        overruns[overruns.len() - 1]
    );
}
