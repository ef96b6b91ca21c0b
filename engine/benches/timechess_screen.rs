//! Time Chess screen data: the whole view of a game (layers, braindead flags, the last
//! move's consequences, check lines, timeline), the move list's reports, a selection and
//! completion of typed text, on the turn-60 record of `tests/timechess_data/` and a
//! seeded 300-move game (the first seed whose random game lasts that long). Run: `cargo bench -p canon-engine --bench timechess_screen`.

use canon_engine::timechess::{random_playout, Game, SplitMix64};
use criterion::{criterion_group, criterion_main, Criterion};

fn load(name: &str) -> Game {
    let path = format!(
        "{}/tests/timechess_data/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    Game::import(&std::fs::read(&path).expect("bench data")).expect("valid record")
}

fn screen(c: &mut Criterion) {
    let mut group = c.benchmark_group("timechess-screen");
    let sixty = load("mid_12_60");
    group.bench_function("turn 60: screen view", |b| b.iter(|| sixty.screen_view()));
    group.bench_function("turn 60: move reports", |b| {
        b.iter(|| sixty.move_reports().len())
    });
    let origin = sixty
        .pieces(sixty.now())
        .expect("present")
        .into_iter()
        .find(|(_, piece)| piece.color == sixty.to_move())
        .expect("a piece of the side to move")
        .0;
    group.bench_function("turn 60: selection of one piece", |b| {
        b.iter(|| sixty.selection(origin))
    });
    group.bench_function("turn 60: completion of an empty prefix", |b| {
        b.iter(|| sixty.complete("").moves.len())
    });
    // The first seeded random game that lasts 300 moves.
    let long = (0..1000)
        .map(|seed| {
            let mut game = Game::new();
            random_playout(&mut game, &mut SplitMix64::new(seed), 300);
            game
        })
        .find(|game| game.now() == 300)
        .expect("a long game");
    let turn = long.now();
    group.bench_function(format!("turn {turn}: screen view"), |b| {
        b.iter(|| long.screen_view())
    });
    group.finish();
}

criterion_group!(benches, screen);
criterion_main!(benches);
