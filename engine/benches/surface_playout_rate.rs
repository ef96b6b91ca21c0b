//! A fixed run of random playouts (seeds 0..count), the same algorithm as the
//! `surface_playouts` criterion bench, for profilers, instruction counters and CPU-time
//! counters: `cargo bench -p canon-engine --bench surface_playout_rate` prints the wall
//! rate of 20,000 Klein playouts; run the built binary as `… [count] [board]` under
//! `perf stat -e task-clock` or `valgrind --tool=callgrind`, where board is `klein`
//! (default), `square9` (this engine on plain 9×9) or `goban9` (the `goban` crate on 9×9,
//! the outside reference). The word `policy` anywhere on the line runs the search's
//! playout policy ([`Playouts::run_policy`]: reply to the last move's atari first) instead
//! of the uniform playouts; without it the figure stays the uniform algorithm's.

use canon_engine::go::Graph;
use canon_engine::rng::SplitMix64;
use canon_engine::surfaces::graphs::graph;
use canon_engine::surfaces::playout::Playouts;
use canon_engine::surfaces::Surface;

#[path = "support/goban_playout.rs"]
mod reference;

fn main() {
    // `cargo bench` passes `--bench`; a number anywhere on the line overrides the count.
    let args: Vec<String> = std::env::args().skip(1).collect();
    let count: u64 = args.iter().find_map(|a| a.parse().ok()).unwrap_or(20_000);
    let board = args
        .iter()
        .find(|a| matches!(a.as_str(), "klein" | "square9" | "goban9"))
        .map_or("klein", String::as_str);
    let policy = args.iter().any(|a| a == "policy");
    let start = std::time::Instant::now();
    let mut moves = 0;
    if board == "goban9" {
        for seed in 0..count {
            moves += reference::playout(&mut SplitMix64::new(seed));
        }
    } else {
        let square = Graph::square(9);
        let g = if board == "klein" {
            graph(Surface::Klein)
        } else {
            &square
        };
        let mut playouts = Playouts::new(g).expect("degree at most four");
        for seed in 0..count {
            let rng = &mut SplitMix64::new(seed);
            let stats = if policy {
                playouts.run_policy(rng)
            } else {
                playouts.run(rng)
            };
            moves += stats.placements;
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{board}{}: {count} playouts, {moves} moves in {seconds:.3} s wall: {:.0} playouts/s, {:.2} M moves/s",
        if policy { " (policy)" } else { "" },
        count as f64 / seconds,
        moves as f64 / seconds / 1e6
    );
}
