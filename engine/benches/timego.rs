//! TimeGo speed: legality probes of time moves on the longest 5 × 5 placement history that
//! seeded random play reaches within 1,024 actions (see `common::bench_positions`),
//! placement probes, the full legal listing, previews and commits, and import of a
//! 1,024-action record. Figures go to docs/performance.md.

#[path = "../tests/common/mod.rs"]
mod common;

use canon_engine::timego::{Action, Game};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use std::hint::black_box;
use std::time::Duration;

fn time_moves(game: &Game, pick: impl Fn(usize, usize) -> Vec<usize>) -> Vec<Action> {
    let player = game.side_to_move().unwrap();
    game.travellers()
        .iter()
        .flat_map(|birth| {
            pick(game.locked(), birth.source)
                .into_iter()
                .map(move |target| Action::Time {
                    player,
                    source: birth.source,
                    target,
                })
        })
        .collect()
}

fn benches(c: &mut Criterion) {
    // Both positions coincide for the seeds used today; the bench reports the one with the
    // longest unlocked suffix, where replays are longest.
    let (_, game) = common::bench_positions();
    let mut line = game.clone();
    let player = line.side_to_move().unwrap();
    let last = line
        .legal_actions()
        .into_iter()
        .find(|a| !matches!(a, Action::Pass { .. }))
        .unwrap_or(Action::Pass { player });
    line.apply(last).unwrap();
    let all = time_moves(&game, |m, i| (m..i).collect());
    let nearest = time_moves(&game, |_, i| vec![i - 1]);
    let farthest = time_moves(&game, |m, _| vec![m]);
    let legal = all.iter().filter(|a| game.probe(a).is_ok()).count();
    eprintln!(
        "position: {} actions, |H| = {}, locked {}, {} travellers, {} time probes ({} legal)",
        game.actions().len(),
        game.placements().len(),
        game.locked(),
        game.travellers().len(),
        all.len(),
        legal
    );

    let mut group = c.benchmark_group("timego_probe");
    for (name, actions) in [
        ("time_all_gaps", &all),
        ("time_nearest_gap", &nearest),
        ("time_farthest_gap", &farthest),
    ] {
        group.throughput(Throughput::Elements(actions.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                actions
                    .iter()
                    .filter(|a| game.probe(black_box(a)).is_ok())
                    .count()
            })
        });
    }
    let player = game.side_to_move().unwrap();
    let places: Vec<Action> = (0..25)
        .map(|point| Action::Place { player, point })
        .collect();
    group.throughput(Throughput::Elements(places.len() as u64));
    group.bench_function("place_all_points", |b| {
        b.iter(|| {
            places
                .iter()
                .filter(|a| game.probe(black_box(a)).is_ok())
                .count()
        })
    });
    group.finish();

    let mut group = c.benchmark_group("timego_game");
    group.bench_function("legal_actions", |b| b.iter(|| game.legal_actions().len()));
    let record = line.to_json(line.actions().len()).unwrap();
    eprintln!("record: {} bytes", record.len());
    group.bench_function("import_1024_action_record", |b| {
        b.iter(|| Game::from_record(black_box(record.as_bytes())).unwrap())
    });
    group.bench_function("preview_time_nearest", |b| {
        let Action::Time { source, target, .. } = nearest[0] else {
            unreachable!()
        };
        b.iter(|| game.preview_time(source, target))
    });
    group.bench_function("commit_time_nearest", |b| {
        b.iter_batched(
            || game.clone(),
            // The game is returned so that dropping it is not timed.
            |mut copy| {
                let applied = copy.apply(nearest[0]);
                (copy, applied)
            },
            BatchSize::LargeInput,
        )
    });
    group.finish();
}

criterion_group! {
    name = timego;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = benches
}
criterion_main!(timego);
