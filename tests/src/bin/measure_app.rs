//! Measures the built app for docs/performance.md (not a test: it asserts nothing about
//! speed, it prints figures). Run under Xvfb with the release build:
//!
//! `CRAB_CANON_APP=$CARGO_TARGET_DIR/release/crab-canon xvfb-run -a cargo run --release -p canon-e2e --bin measure-app`
//!
//! Prints: binary size; app start to the first interactive screen and to an interactive
//! TimeGo board (median of 5 launches through tauri-driver); resident memory of the app and
//! its WebKit processes after 100 actions played through the UI; and the round trip of the
//! `timego_preview` command through the webview's IPC on a 1,023-action line.

use canon_app_core::sample::{long_position, longest_legal_time_move};
use canon_e2e::*;
use canon_engine::timego::{Action, Game};
use std::path::Path;
use std::time::{Duration, Instant};

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let app = app_binary();
    let size = std::fs::metadata(&app).expect("app binary").len();
    println!(
        "binary: {} ({:.1} MiB)",
        app.display(),
        size as f64 / 1048576.0
    );

    let mut to_home = Vec::new();
    let mut to_board = Vec::new();
    for _ in 0..5 {
        let home = AppHome::new("measure-start");
        let driver = Driver::start(&home);
        let started = Instant::now();
        let client = driver.launch(&app).await;
        wait_css(&client, "button[data-game=\"timego\"]").await;
        to_home.push(started.elapsed());
        open_timego(&client).await;
        wait_css(&client, "svg.board [data-point]").await;
        to_board.push(started.elapsed());
        client.close().await.expect("close");
    }
    println!(
        "start to interactive home screen: median {:?} of {:?}",
        median(&mut to_home),
        to_home
    );
    println!(
        "start to interactive TimeGo board: median {:?} of {:?}",
        median(&mut to_board),
        to_board
    );

    let home = AppHome::new("measure-memory");
    let driver = Driver::start(&home);
    let client = driver.launch(&app).await;
    open_timego(&client).await;
    wait_turn(&client, "Black").await;
    let memory_before = app_memory_kib(&app);
    play_through_ui(&client, 100).await;
    tokio::time::sleep(Duration::from_secs(1)).await;
    let memory_after = app_memory_kib(&app);
    println!(
        "resident memory (app + WebKit processes): {} MiB at start, {} MiB after 100 actions",
        memory_before / 1024,
        memory_after / 1024
    );

    let line = long_position();
    let document = line.to_json(line.actions().len()).unwrap();
    let (traveller, target) = longest_legal_time_move(&line).expect("a legal time move");
    let script = r#"
        const [doc, source, target, done] = arguments;
        const invoke = window.__TAURI_INTERNALS__.invoke;
        (async () => {
          await invoke('timego_import', { args: { text: doc } });
          const runs = [];
          for (let i = 0; i < 40; i++) {
            const t0 = performance.now();
            await invoke('timego_preview', { args: { source, target } });
            runs.push(performance.now() - t0);
          }
          runs.sort((a, b) => a - b);
          done({ median: runs[20], max: runs[39] });
        })().catch((e) => done({ error: String(e && e.message || e) }));
    "#;
    let result = client
        .execute_async(
            script,
            vec![document.into(), traveller.into(), target.into()],
        )
        .await
        .expect("run the IPC timing in the webview");
    println!(
        "timego_preview round trip through the webview IPC at {} actions (H = {}, {} -> {}): {result}",
        line.actions().len(),
        line.placements().len(),
        traveller,
        target
    );
    client.close().await.expect("close");
}

fn median(samples: &mut [Duration]) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

/// Plays `count` actions through the board and buttons, choosing among the engine's legal
/// placements, Locks and passes (never two passes in a row) with a fixed seed.
async fn play_through_ui(client: &fantoccini::Client, count: usize) {
    let mut game = Game::new(5, 0.0).unwrap();
    // xorshift64, so the measured line stays the one docs/performance.md was made with.
    let mut rng = canon_engine::rng::XorShift64::new(0x9e37_79b9);
    for _ in 0..count {
        let state = rng.next_u64();
        let last_was_pass = matches!(game.actions().last(), Some(Action::Pass { .. }));
        let legal = game.legal_actions();
        let places: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|action| matches!(action, Action::Place { .. }))
            .collect();
        let others: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|action| match action {
                Action::Lock { .. } => true,
                Action::Pass { .. } => !last_was_pass,
                Action::Place { .. } | Action::Time { .. } => false,
            })
            .collect();
        let options = if !places.is_empty() && (!state.is_multiple_of(8) || others.is_empty()) {
            places
        } else {
            others
        };
        assert!(
            !options.is_empty(),
            "no placement, Lock or single pass is legal"
        );
        let action = options[(state >> 8) as usize % options.len()];
        let mover = if game.side_to_move() == Some(canon_engine::go::Color::Black) {
            "White"
        } else {
            "Black"
        };
        match action {
            Action::Place { point, .. } => click_point(client, point as usize).await,
            Action::Lock { .. } => by_test_id(client, "lock").await.click().await.unwrap(),
            Action::Pass { .. } => by_test_id(client, "pass").await.click().await.unwrap(),
            Action::Time { .. } => unreachable!("filtered out"),
        }
        game.apply(action).unwrap();
        wait_turn(client, mover).await;
    }
}

/// Resident memory in KiB of the app's process and all its descendants (the WebKit web
/// and network processes).
fn app_memory_kib(app: &Path) -> u64 {
    let app = app.canonicalize().unwrap();
    let processes: Vec<(u32, u32, u64, bool)> = std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|entry| entry.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter_map(|pid| {
            let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
            let field = |name: &str| {
                status
                    .lines()
                    .find(|line| line.starts_with(name))
                    .and_then(|line| line.split_whitespace().nth(1))
                    .and_then(|value| value.parse::<u64>().ok())
            };
            let is_app = std::fs::read_link(format!("/proc/{pid}/exe")).ok() == Some(app.clone());
            Some((
                pid,
                field("PPid:")? as u32,
                field("VmRSS:").unwrap_or(0),
                is_app,
            ))
        })
        .collect();
    let mut family: Vec<u32> = processes.iter().filter(|p| p.3).map(|p| p.0).collect();
    let mut grew = true;
    while grew {
        grew = false;
        for &(pid, parent, _, _) in &processes {
            if family.contains(&parent) && !family.contains(&pid) {
                family.push(pid);
                grew = true;
            }
        }
    }
    processes
        .iter()
        .filter(|p| family.contains(&p.0))
        .map(|p| p.2)
        .sum()
}
