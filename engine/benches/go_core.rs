//! Speed of the shared Go core: random playouts on a 162-point graph of degree 4 (a
//! 9 × 18 torus, the size and degree of the Klein-bottle board of Go on three surfaces).

use canon_engine::go::{Board, Color, Graph, Point};
use canon_engine::rng::SplitMix64;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::time::Duration;

fn torus(width: usize, height: usize) -> Graph {
    let at = |x: usize, y: usize| (y * width + x) as Point;
    let lists = (0..width * height)
        .map(|p| {
            let (x, y) = (p % width, p / width);
            vec![
                at((x + 1) % width, y),
                at((x + width - 1) % width, y),
                at(x, (y + 1) % height),
                at(x, (y + height - 1) % height),
            ]
        })
        .collect();
    Graph::from_adjacency(lists).unwrap()
}

/// Plays `moves` random legal placements (alternating colors, restarting from an empty
/// board when a player finds no legal point among 16 tries); returns the number played.
fn playout(graph: &Graph, moves: usize, rng: &mut SplitMix64) -> usize {
    let mut board = Board::new(graph);
    let mut captured = Vec::with_capacity(graph.len());
    let mut color = Color::Black;
    let mut played = 0;
    while played < moves {
        let mut done = false;
        for _ in 0..16 {
            let point = rng.below_mod(graph.len()) as Point;
            captured.clear();
            if board.play(graph, point, color, &mut captured).is_ok() {
                played += 1;
                color = color.opposite();
                done = true;
                break;
            }
        }
        if !done {
            board = Board::new(graph);
        }
    }
    played
}

fn benches(c: &mut Criterion) {
    let graph = torus(9, 18);
    let mut group = c.benchmark_group("go_core");
    group.throughput(Throughput::Elements(10_000));
    let mut rng = SplitMix64::new(1);
    group.bench_function("random_playout_moves_162_points", |b| {
        b.iter(|| playout(&graph, 10_000, &mut rng))
    });
    group.finish();
}

criterion_group! {
    name = go_core;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = benches
}
criterion_main!(go_core);
