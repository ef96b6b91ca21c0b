//! Uniform random playouts to the end (two passes), eye-filling forbidden, full positional
//! superko: on the three surfaces, and on a plain 9×9 square graph side by side with the
//! `goban` crate running the same algorithm. Throughput is in placed stones (moves) per
//! second; each batch replays the same seeds, so its move count is fixed.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

use canon_engine::go::Graph;
use canon_engine::rng::SplitMix64;
use canon_engine::surfaces::graphs::graph;
use canon_engine::surfaces::playout::Playouts;
use canon_engine::surfaces::Surface;

const BATCH: u64 = 100;

fn batch(playouts: &mut Playouts) -> u64 {
    (0..BATCH)
        .map(|seed| playouts.run(&mut SplitMix64::new(seed)).placements)
        .sum()
}

fn bench_graph(c: &mut Criterion, name: &str, g: &Graph) {
    let mut playouts = Playouts::new(g).expect("degree at most four");
    let moves = batch(&mut playouts);
    eprintln!(
        "{name}: {BATCH} playouts, {moves} moves ({:.1} per playout)",
        moves as f64 / BATCH as f64
    );
    let mut group = c.benchmark_group("surface_playouts");
    group.throughput(Throughput::Elements(moves));
    group.bench_function(name, |b| b.iter(|| batch(&mut playouts)));
    group.finish();
}

fn surfaces(c: &mut Criterion) {
    for surface in [Surface::Klein, Surface::Genus2, Surface::Mobius] {
        bench_graph(c, surface.variant(), graph(surface));
    }
}

#[path = "support/goban_playout.rs"]
mod reference;

fn square_nine(c: &mut Criterion) {
    let g = Graph::square(9);
    bench_graph(c, "square9/canon", &g);
    let moves: u64 = (0..BATCH)
        .map(|seed| reference::playout(&mut SplitMix64::new(seed)))
        .sum();
    eprintln!(
        "square9/goban: {BATCH} playouts, {moves} moves ({:.1} per playout)",
        moves as f64 / BATCH as f64
    );
    let mut group = c.benchmark_group("surface_playouts");
    group.throughput(Throughput::Elements(moves));
    group.bench_function("square9/goban", |b| {
        b.iter(|| {
            (0..BATCH)
                .map(|seed| reference::playout(&mut SplitMix64::new(seed)))
                .sum::<u64>()
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = surfaces, square_nine
}
criterion_main!(benches);
