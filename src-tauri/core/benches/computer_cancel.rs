//! Cancel latency of a computer move: from raising the job's flag (what
//! `timego_computer_cancel`, any change of the position and closing the window do) to the
//! search thread returning, for every level, on the 5×5 line of 1,023 actions (the
//! largest position a player still moves in). The target is under 50 ms
//! (docs/performance.md). Run: `cargo bench -p canon-app-core --bench computer_cancel`.

use canon_app_core::sample::{core_with_game, long_position};
use canon_app_core::timego::{think_limits, ComputerMoveArgs, ComputerSide, OpponentSettings};
use canon_engine::timego::opponent::{Level, SearchStop};
use criterion::{criterion_group, criterion_main, Criterion};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// How long the search runs before the cancel, so it is deep in its work.
const THINK_BEFORE_CANCEL: Duration = Duration::from_millis(30);

fn benches(c: &mut Criterion) {
    let (mut core, dir) = core_with_game(&long_position(), "cancel");
    core.timego_mut().set_think_limits(think_limits(60_000));

    let mut group = c.benchmark_group("computer-cancel");
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(5));
    for level in Level::ALL {
        core.timego_mut()
            .set_opponent(OpponentSettings {
                computer: ComputerSide::None,
                level,
            })
            .unwrap();
        // Classic may finish its probes before the cancel: then it thinks for less time
        // before the next cancel, so every measured search is a cancelled one.
        let mut before_cancel = THINK_BEFORE_CANCEL;
        group.bench_function(level.name(), |b| {
            b.iter_custom(|iterations| {
                let mut total = Duration::ZERO;
                let mut measured = 0;
                while measured < iterations {
                    let job = core
                        .timego_mut()
                        .computer_start(ComputerMoveArgs::default())
                        .unwrap();
                    let flag = job.cancel_flag();
                    let search = std::thread::spawn(move || {
                        let result = job.run();
                        (Instant::now(), job, result)
                    });
                    std::thread::sleep(before_cancel);
                    let raised = Instant::now();
                    flag.store(true, Ordering::Relaxed);
                    let (returned, job, result) = search.join().unwrap();
                    let cancelled = result == Err(SearchStop::Cancelled);
                    core.timego_mut().computer_finish(job, result);
                    if cancelled {
                        total += returned.saturating_duration_since(raised);
                        measured += 1;
                    } else {
                        before_cancel /= 2;
                    }
                }
                total
            })
        });
    }
    group.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(computer_cancel, benches);
criterion_main!(computer_cancel);
