//! Time Chess speed: perft, and deciding checkmate or stalemate after a move (the
//! dissertation's engine lagged there), and the opponent's search. Positions are the records of
//! `tests/timechess_data/`. Run: `cargo bench -p canon-engine --bench timechess`.

use std::sync::atomic::AtomicBool;

use canon_engine::timechess::{choose_move, Game, Level, SearchLimits};
use criterion::{criterion_group, criterion_main, Criterion};

fn load(name: &str) -> Game {
    let path = format!(
        "{}/tests/timechess_data/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    Game::import(&std::fs::read(&path).expect("bench data")).expect("valid record")
}

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("timechess-perft");
    group.sample_size(10);
    let mut start = Game::new();
    group.bench_function("start depth 2 (16383 nodes)", |b| b.iter(|| start.perft(2)));
    let mut mid = load("mid_11_40");
    group.bench_function("turn 40 depth 2 (5278 nodes)", |b| b.iter(|| mid.perft(2)));
    group.finish();
}

fn decide(c: &mut Criterion) {
    let mut group = c.benchmark_group("timechess-decide");
    // A real checkmate: the last move of the game is played and the engine must find that
    // the side to move has no legal move (every candidate tried) and is in check.
    let mut mate = load("checkmate_54");
    let last = mate.undo().expect("a move to replay");
    group.bench_function(
        "checkmate at turn 54: play the mating move and decide",
        |b| {
            b.iter(|| {
                mate.play(last).expect("legal");
                assert!(mate.outcome().is_some());
                mate.undo();
            })
        },
    );
    // Turn 60 of a random game: the decision after a move (some legal move exists?) and,
    // as the worst case a mate would cost, the complete list of legal moves.
    let mut sixty = load("mid_12_60");
    group.bench_function("turn 60: has a legal move and in check", |b| {
        b.iter(|| (sixty.has_legal_move(), sixty.is_in_check()))
    });
    group.bench_function(
        "turn 60: every legal move (worst case of a decision)",
        |b| b.iter(|| sixty.legal_moves().len()),
    );
    group.finish();
}

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("timechess-search");
    group.sample_size(10);
    let mid = load("mid_11_40");
    let never = AtomicBool::new(false);
    for level in [Level::Quick, Level::Steady] {
        let limits = SearchLimits {
            seed: 0,
            nodes: Some(level.node_budget()),
            ..SearchLimits::default()
        };
        // The node count is the same at every run (the search is deterministic), so the
        // time per iteration gives nodes per second.
        let nodes = choose_move(&mid, level, &limits, &never)
            .expect("a move")
            .stats
            .nodes;
        group.bench_function(
            format!("turn 40 level {} ({nodes} nodes)", level.number()),
            |b| b.iter(|| choose_move(&mid, level, &limits, &never).expect("a move")),
        );
    }
    group.finish();
}

criterion_group!(benches, perft, decide, search);
criterion_main!(benches);
