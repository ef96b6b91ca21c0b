//! A fixed run of 20,000 random playouts on the Klein bottle (seeds 0..20,000), the same
//! algorithm as the `surface_playouts` criterion bench, for profilers and CPU-time
//! counters: `cargo bench -p canon-engine --bench surface_playout_rate` prints the wall
//! rate; run the built binary under `perf stat -e task-clock` for the rate per CPU second
//! on a busy machine.

use canon_engine::rng::SplitMix64;
use canon_engine::surfaces::graphs::graph;
use canon_engine::surfaces::playout::Playouts;
use canon_engine::surfaces::Surface;

fn main() {
    // `cargo bench` passes `--bench`; a number anywhere on the line overrides the count.
    let count: u64 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(20_000);
    let mut playouts = Playouts::new(graph(Surface::Klein));
    let start = std::time::Instant::now();
    let mut moves = 0;
    for seed in 0..count {
        moves += playouts.run(&mut SplitMix64::new(seed)).placements;
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "klein: {count} playouts, {moves} moves in {seconds:.3} s wall: {:.0} playouts/s, {:.2} M moves/s",
        count as f64 / seconds,
        moves as f64 / seconds / 1e6
    );
}
