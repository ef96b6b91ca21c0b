//! Round trips of app commands through the bridge's dispatcher (JSON request in, JSON
//! answer out: argument parsing, engine work, serialization) on a 5×5 TimeGo line of
//! 1,023 actions, the last position where a player is still to move. The webview's IPC
//! transport adds to this; docs/performance.md has both. Run:
//! `cargo bench -p canon-app-core --bench commands`.

use canon_app_core::bridge::answer_line;
use canon_app_core::sample::{core_with_game, long_position, longest_legal_time_move};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use std::time::Duration;

fn benches(c: &mut Criterion) {
    let game = long_position();
    let (mut core, dir) = core_with_game(&game, "bench");

    // The legal time move with the longest replay.
    let (traveller, earliest) = longest_legal_time_move(&game).expect("a legal time move");
    let preview = format!(
        r#"{{"id":1,"cmd":"timego_preview","args":{{"args":{{"source":{traveller},"target":{earliest}}}}}}}"#
    );
    let arrivals =
        format!(r#"{{"id":2,"cmd":"timego_arrivals","args":{{"args":{{"source":{traveller}}}}}}}"#);
    eprintln!(
        "line: {} actions, H = {} placements, locked {}, preview of {traveller} -> {earliest}",
        game.actions().len(),
        game.placements().len(),
        game.locked()
    );

    let mut group = c.benchmark_group("commands at 1,023 actions");
    group.measurement_time(Duration::from_secs(5));
    group.bench_function("timego_preview (longest replay)", |b| {
        b.iter(|| black_box(answer_line(&mut core, black_box(&preview))))
    });
    group.bench_function("timego_arrivals (every gap checked)", |b| {
        b.iter(|| black_box(answer_line(&mut core, black_box(&arrivals))))
    });
    group.bench_function("timego_open (whole view)", |b| {
        b.iter(|| black_box(answer_line(&mut core, r#"{"id":3,"cmd":"timego_open"}"#)))
    });
    group.bench_function("autosave (export + atomic write + fsync)", |b| {
        let path = dir.join("timego-bench.json");
        b.iter(|| {
            let text = game.to_json(game.actions().len()).unwrap();
            canon_app_core::atomic_file::write_atomically(&path, text.as_bytes()).unwrap()
        })
    });
    group.finish();
    drop(core);
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(commands, benches);
criterion_main!(commands);
