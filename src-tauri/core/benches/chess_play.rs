//! Where `chess_play` spends its time at turn 60 of the 3D stack's benchmark line
//! (`ui/bench/stack3d.mjs`): the whole command through the bridge's dispatcher, and its
//! parts one by one (the session's game clones, the move, the screen's view, the answer
//! with the changed layers only and its JSON against the whole view's, the autosave's
//! document and atomic write). Medians of 200 rounds. Run:
//! `cargo bench -p canon-app-core --bench chess_play`.

use canon_app_core::bridge::answer_line;
use canon_app_core::chess::ChessPlayArgs;
use canon_app_core::settings_store::JsonFileSettings;
use canon_app_core::AppCore;
use canon_engine::timechess::{Game, Move};
use std::hint::black_box;
use std::time::Instant;

/// The benchmark line: three journeys through time, then both knights shuffling (59 moves).
fn line() -> Vec<String> {
    let mut moves: Vec<String> = [
        "e2t0e4t0", "g8t1g6t0", "b1t2c1t4", "e7t3e5t3", "g1t4f3t4", "b8t5c6t5",
    ]
    .iter()
    .map(|m| m.to_string())
    .collect();
    let mut white = ["f3", "g1"];
    let mut black = ["c6", "b8"];
    for t in moves.len()..59 {
        let side = if t % 2 == 0 { &mut white } else { &mut black };
        moves.push(format!("{}t{t}{}t{t}", side[0], side[1]));
        side.swap(0, 1);
    }
    moves
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(|a, b| a.total_cmp(b));
    xs[xs.len() / 2]
}

fn time<T>(rounds: usize, mut f: impl FnMut() -> T) -> f64 {
    let mut xs = Vec::with_capacity(rounds);
    for _ in 0..rounds {
        let t = Instant::now();
        black_box(f());
        xs.push(t.elapsed().as_secs_f64() * 1e3);
    }
    median(xs)
}

fn main() {
    let rounds = 200;
    let mut game = Game::new();
    for mv in line() {
        game.play(mv.parse::<Move>().expect("a move"))
            .expect("a legal move");
    }
    let last: Move = "c6t59b8t59".parse().expect("a move");
    let mut after = game.clone();
    after.play(last).expect("legal");

    let dir = std::env::temp_dir().join(format!("crab-canon-chess-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let settings = Box::new(JsonFileSettings::new(dir.join("s.json")));
    let mut core = AppCore::open(&dir, settings).expect("an app core");
    let text = game.to_record_json();
    let import =
        serde_json::json!({"id": 1, "cmd": "chess_import", "args": {"args": {"text": text}}})
            .to_string();
    assert!(answer_line(&mut core, &import).contains("\"ok\""));
    let open = answer_line(&mut core, r#"{"id":2,"cmd":"chess_open"}"#);
    let revision = serde_json::from_str::<serde_json::Value>(&open).expect("json")["ok"]
        ["revision"]
        .as_str()
        .expect("a revision")
        .to_string();
    let play = serde_json::json!({"id": 3, "cmd": "chess_play", "args": {"args": {"mv": "c6t59b8t59", "revision": revision, "replace_future": true}}}).to_string();
    let back = r#"{"id":4,"cmd":"chess_review","args":{"args":{"kind":"previous"}}}"#;

    // The whole command, as the bridge answers it (then back to turn 59 for the next round).
    let mut whole = Vec::new();
    let mut answer_bytes = 0;
    for _ in 0..rounds {
        let t = Instant::now();
        let answer = answer_line(&mut core, &play);
        whole.push(t.elapsed().as_secs_f64() * 1e3);
        assert!(
            answer.contains("\"ok\""),
            "{}",
            &answer[..answer.len().min(300)]
        );
        answer_bytes = answer.len();
        let _ = answer_line(&mut core, back);
    }
    println!(
        "chess_play at turn 59 → 60, whole command: {:.3} ms (answer {answer_bytes} bytes)",
        median(whole)
    );
    // What every command answered before answers carried only the changed layers: the
    // whole view, as `chess_open` still answers it.
    let open_bytes = answer_line(&mut core, r#"{"id":5,"cmd":"chess_open"}"#).len();
    println!("  a whole view's answer (chess_open): {open_bytes} bytes");
    // The session's play (revision check, move, autosave, view) without the bridge's JSON.
    let mut session_only = Vec::new();
    let mut to_text = Vec::new();
    let mut compare = Vec::new();
    let mut answer_text = Vec::new();
    let mut answer_value = Vec::new();
    let mut changed = 0;
    for _ in 0..rounds {
        let args: ChessPlayArgs = serde_json::from_value(
            serde_json::json!({"mv": "c6t59b8t59", "revision": revision, "replace_future": true}),
        )
        .expect("args");
        let t = Instant::now();
        let view = core.chess_mut().play(args).expect("a legal move");
        session_only.push(t.elapsed().as_secs_f64() * 1e3);
        let t = Instant::now();
        black_box(serde_json::to_string(&view).unwrap());
        to_text.push(t.elapsed().as_secs_f64() * 1e3);
        let t = Instant::now();
        let answer = core.chess_mut().answer_view(view, false);
        compare.push(t.elapsed().as_secs_f64() * 1e3);
        changed = answer.view.screen.layers.len();
        let t = Instant::now();
        black_box(serde_json::to_string(&answer).unwrap());
        answer_text.push(t.elapsed().as_secs_f64() * 1e3);
        let t = Instant::now();
        black_box(serde_json::to_value(&answer).unwrap().to_string());
        answer_value.push(t.elapsed().as_secs_f64() * 1e3);
        let _ = answer_line(&mut core, back);
    }
    println!(
        "  ChessSession::play (move, autosave, view): {:.3} ms",
        median(session_only)
    );
    println!(
        "  its whole ChessView → JSON text: {:.3} ms",
        median(to_text)
    );
    println!(
        "  its ChessAnswer (compare with the layers last sent, keep them): {:.3} ms; {changed} layers sent",
        median(compare)
    );
    println!(
        "  the ChessAnswer → JSON text: {:.3} ms; → Value → text (as the bridge and Tauri answer): {:.3} ms",
        median(answer_text),
        median(answer_value)
    );
    println!("  Game clone: {:.3} ms", time(rounds, || game.clone()));
    println!(
        "  play the move (on a clone): {:.3} ms",
        time(rounds, || {
            let mut g = game.clone();
            g.play(last).expect("legal");
            g
        })
    );
    println!(
        "  screen_view: {:.3} ms",
        time(rounds, || after.screen_view())
    );
    let view = after.screen_view();
    println!(
        "  screen view → JSON text: {:.3} ms",
        time(rounds, || serde_json::to_string(&view).unwrap())
    );
    println!(
        "  screen view → Value → text: {:.3} ms",
        time(rounds, || serde_json::to_value(&view).unwrap().to_string())
    );
    println!("  revision: {:.3} ms", time(rounds, || after.revision()));
    println!(
        "  record document: {:.3} ms",
        time(rounds, || after.to_record_json())
    );
    let doc = after.to_record_json();
    let path = dir.join("chess-bench.json");
    println!(
        "  atomic write + 2 fsyncs ({} bytes): {:.3} ms",
        doc.len(),
        time(rounds, || {
            canon_app_core::atomic_file::write_atomically(&path, doc.as_bytes()).unwrap()
        })
    );
    drop(core);
    let _ = std::fs::remove_dir_all(&dir);
}
