//! Nodes and time the Time Chess opponent takes to complete each iteration depth on a few
//! positions (the start and the records of `tests/timechess_data/`): the measurement of
//! `docs/performance.md` ("The opponent's search") before and after a search change.
//!
//! `cargo run --release -p canon-engine --example timechess_depth [MAX_DEPTH] [NODE_CAP]`
//! (defaults 5 and 3,000,000): one line per position and depth, `-` where the node cap
//! ended the iteration first. Every search is deterministic (seed 0, node-bounded), so the
//! node counts are the same on every machine; the times are this machine's.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use canon_engine::timechess::{choose_move, Game, Level, SearchLimits};

fn load(name: &str) -> Game {
    let path = format!(
        "{}/tests/timechess_data/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    Game::import(&std::fs::read(&path).expect("example data")).expect("valid record")
}

fn main() {
    let mut args = std::env::args().skip(1);
    let max_depth: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(5);
    let cap: u64 = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(3_000_000);
    let positions = [
        ("start", Game::new()),
        ("mid_6_10", load("mid_6_10")),
        ("mid_6_20", load("mid_6_20")),
        ("mid_11_40", load("mid_11_40")),
        ("mid_12_60", load("mid_12_60")),
    ];
    let never = AtomicBool::new(false);
    println!("position\tdepth\tnodes\tms\tmove\tscore");
    let mut totals = vec![(0u64, 0f64, 0usize); max_depth as usize + 1];
    for (name, game) in &positions {
        for depth in 3..=max_depth {
            let limits = SearchLimits {
                seed: 0,
                nodes: Some(cap),
                depth: Some(depth),
                ..SearchLimits::default()
            };
            let start = Instant::now();
            let reply = choose_move(game, Level::Deep, &limits, &never).expect("a move");
            let ms = start.elapsed().as_secs_f64() * 1000.0;
            let done = reply.stats.depth >= depth || reply.mate.is_some();
            if done {
                let total = &mut totals[depth as usize];
                total.0 += reply.stats.nodes;
                total.1 += ms;
                total.2 += 1;
                println!(
                    "{name}\t{depth}\t{}\t{ms:.0}\t{}\t{}",
                    reply.stats.nodes, reply.mv, reply.score
                );
            } else {
                println!("{name}\t{depth}\t-\t{ms:.0}\t(cap of {cap} nodes)\t-");
                break;
            }
        }
    }
    for (depth, (nodes, ms, count)) in totals.iter().enumerate().skip(3) {
        println!("total depth {depth}: {nodes} nodes, {ms:.0} ms over {count} positions");
    }
}
