//! Opponent speed: work (legality probes plus search nodes) per second of each level on
//! 5 × 5 positions of seeded random play at three history lengths, and how long a search
//! takes to stop once its cancellation flag is raised. Figures go to docs/performance.md.

#[path = "../tests/common/mod.rs"]
mod common;

use canon_engine::timego::opponent::{choose_action, Level, SearchLimits};
use canon_engine::timego::Game;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Positions after 10, 60 and 300 actions of seeded random play (placements, time moves).
fn positions() -> Vec<(String, Game)> {
    [10usize, 60, 300]
        .into_iter()
        .map(|length| {
            let game = common::random_line(5, 17, length, common::NO_LOCK);
            assert!(!game.is_ended());
            (
                format!("{length}_actions_h{}", game.placements().len()),
                game,
            )
        })
        .collect()
}

fn limits(level: Level) -> SearchLimits {
    let work = match level {
        // Classic stops at its own 1,200-probe cap.
        Level::Classic => u64::MAX / 2,
        Level::Strong => 20_000,
    };
    SearchLimits::deterministic(work, 1, 600_000)
}

fn work_per_second(c: &mut Criterion) {
    for level in Level::ALL {
        let mut group = c.benchmark_group(format!("opponent_{}", level.name()));
        group
            .sample_size(10)
            .measurement_time(Duration::from_secs(8));
        for (name, game) in positions() {
            let limits = limits(level);
            let reply = choose_action(&game, level, &limits, &|| false).unwrap();
            group.throughput(Throughput::Elements(reply.stats.probes + reply.stats.nodes));
            group.bench_function(name, |b| {
                b.iter(|| choose_action(black_box(&game), level, &limits, &|| false).unwrap())
            });
        }
        group.finish();
    }
}

/// Time from raising the flag (on another thread, 20 ms into an unbounded Strong search)
/// to the search returning. (Classic ends by itself within its probe cap sooner.)
fn cancellation_latency(c: &mut Criterion) {
    let mut group = c.benchmark_group("opponent_cancel_latency");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    let game = common::random_line(5, 17, 300, common::NO_LOCK);
    {
        let level = Level::Strong;
        group.bench_function(level.name(), |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    let flag = Arc::new(AtomicBool::new(false));
                    let raised = Arc::new(std::sync::Mutex::new(None::<Instant>));
                    let (setter, stamp) = (flag.clone(), raised.clone());
                    let thread = std::thread::spawn(move || {
                        std::thread::sleep(Duration::from_millis(20));
                        *stamp.lock().unwrap() = Some(Instant::now());
                        setter.store(true, Ordering::Relaxed);
                    });
                    let limits = SearchLimits::deterministic(u64::MAX / 2, 1, 600_000);
                    let result =
                        choose_action(&game, level, &limits, &|| flag.load(Ordering::Relaxed));
                    let stopped = Instant::now();
                    thread.join().unwrap();
                    assert!(result.is_err());
                    let raised = raised.lock().unwrap().expect("flag raised");
                    total += stopped.saturating_duration_since(raised);
                }
                total
            })
        });
    }
    group.finish();
}

criterion_group!(benches, work_per_second, cancellation_latency);
criterion_main!(benches);
