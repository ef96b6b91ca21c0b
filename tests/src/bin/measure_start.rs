//! Measures start-up phases of the built app and of the minimal Tauri app side by side,
//! without tauri-driver (not a test: it prints figures for docs/performance.md). Each
//! launch runs with `CRAB_CANON_STARTUP_PROBE` set (see `src-tauri/src/startup_probe.rs`),
//! in a fresh private home, and the two apps alternate so they share the machine's load:
//!
//! ```sh
//! CRAB_CANON_APP=$CARGO_TARGET_DIR/release/crab-canon \
//! CRAB_CANON_MINIMAL_APP=$CARGO_TARGET_DIR/release/crab-canon-minimal-app \
//!   xvfb-run -a -s '-screen 0 1280x1024x24' cargo run -p canon-e2e --bin measure-start -- 9
//! ```
//!
//! `CRAB_CANON_BEFORE_APP` adds an earlier build of the app as one more column. Every
//! figure is milliseconds from the moment the process was spawned. With
//! `MEASURE_START_WARM=1` each app keeps one home for all its runs after an untimed first
//! launch (a returning player's start: data, WebKit and font caches exist); otherwise
//! every run starts in an empty home (a first start).

use canon_e2e::{app_binary, AppHome};
use serde_json::Value;
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The probe's environment variable (the app's `startup_probe::VARIABLE`).
const PROBE: &str = "CRAB_CANON_STARTUP_PROBE";

/// Phases in the order they happen, as printed.
const PHASES: &[&str] = &[
    "main",
    "setup-start",
    "setup-end",
    "webview-created",
    "page-load-started",
    "navigation-start",
    "document-received",
    "scripts-received",
    "mark:crab-canon:scripts-run",
    "dom-content-loaded",
    "mark:crab-canon:settings",
    "mark:crab-canon:mounted",
    "first-contentful-paint",
    "element-found",
    "interactive",
    "next-frame",
    "page-load-finished",
];

fn main() {
    let runs: usize = std::env::args()
        .nth(1)
        .map(|text| text.parse().expect("the argument is the number of runs"))
        .unwrap_or(7);
    let mut apps: Vec<App> = vec![("crab-canon", app_binary(), "button[data-game]", &[])];
    if let Some(before) = std::env::var_os("CRAB_CANON_BEFORE_APP") {
        // An earlier build of the app, to compare before and after under the same load.
        apps.push((
            "crab-canon before",
            PathBuf::from(before),
            "button[data-game]",
            &[],
        ));
    }
    if let Some(minimal) = std::env::var_os("CRAB_CANON_MINIMAL_APP") {
        let minimal = PathBuf::from(minimal);
        apps.push(("minimal", minimal.clone(), "button", &[]));
        // What Crab Canon sets for itself when the environment does not say (lib.rs).
        apps.push((
            "minimal, DMA-BUF renderer off",
            minimal,
            "button",
            &[("WEBKIT_DISABLE_DMABUF_RENDERER", "1")],
        ));
    }
    let warm = std::env::var_os("MEASURE_START_WARM").is_some();
    let homes: Vec<AppHome> = apps
        .iter()
        .enumerate()
        .map(|(index, app)| {
            let home = AppHome::new(&format!("start-{index}"));
            if warm {
                launch(app, &home);
            }
            home
        })
        .collect();
    println!(
        "{} start, load average before: {}",
        if warm { "warm" } else { "first" },
        load_average()
    );
    let mut results: Vec<Vec<BTreeMap<String, f64>>> = vec![Vec::new(); apps.len()];
    for run in 0..runs {
        for (index, app) in apps.iter().enumerate() {
            let fresh;
            let home = if warm {
                &homes[index]
            } else {
                fresh = AppHome::new(&format!("start-{index}-{run}"));
                &fresh
            };
            let phases = launch(app, home);
            eprintln!(
                "{} run {run}: interactive {:.0} ms",
                app.0,
                phases.get("interactive").copied().unwrap_or(f64::NAN)
            );
            results[index].push(phases);
        }
    }
    println!("load average after: {}", load_average());
    print!("\n| phase (ms from spawn) |");
    for (label, _, _, _) in &apps {
        print!(" {label}: median (min–max) |");
    }
    print!("\n| --- |");
    for _ in &apps {
        print!(" ---: |");
    }
    println!();
    for phase in PHASES {
        let mut line = format!("| {phase} |");
        let mut any = false;
        for samples in &results {
            let mut values: Vec<f64> = samples
                .iter()
                .filter_map(|s| s.get(*phase))
                .copied()
                .collect();
            if values.is_empty() {
                line.push_str(" — |");
                continue;
            }
            any = true;
            values.sort_by(f64::total_cmp);
            line.push_str(&format!(
                " {:.0} ({:.0}–{:.0}) |",
                values[values.len() / 2],
                values[0],
                values[values.len() - 1]
            ));
        }
        if any {
            println!("{line}");
        }
    }
    for ((label, _, _, _), samples) in apps.iter().zip(&results) {
        let all: Vec<String> = samples
            .iter()
            .map(|s| format!("{:.0}", s.get("interactive").copied().unwrap_or(f64::NAN)))
            .collect();
        println!("{label}: interactive in each run: {}", all.join(", "));
    }
}

/// An app to measure: label, binary, selector of its first interactive element, and extra
/// environment variables.
type App = (
    &'static str,
    PathBuf,
    &'static str,
    &'static [(&'static str, &'static str)],
);

/// Starts the app once and returns each phase's time in ms after the spawn.
fn launch(app: &App, home: &AppHome) -> BTreeMap<String, f64> {
    let (label, binary, selector, env) = app;
    let mut command = Command::new(binary);
    command
        .envs(env.iter().copied())
        .env(PROBE, selector)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    home.apply_to(&mut command);
    let spawned = epoch_ms();
    let mut child = command.spawn().expect("start the app");
    let stderr = child.stderr.take().expect("the app's stderr");
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if sender.send(line).is_err() {
                return;
            }
        }
    });
    let mut phases = BTreeMap::new();
    let mut report = None;
    while report.is_none() {
        let line = receiver
            .recv_timeout(Duration::from_secs(60))
            .unwrap_or_else(|_| panic!("{label} did not report within 60 s"));
        let Some(rest) = line.strip_prefix("startup-probe ") else {
            continue;
        };
        let (phase, value) = rest.split_once(' ').expect("a probe line has two fields");
        if phase == "report" {
            report = Some(serde_json::from_str::<Value>(value).expect("the report is JSON"));
        } else {
            phases.insert(
                phase.to_string(),
                value.parse::<f64>().expect("a time") - spawned,
            );
        }
    }
    let _ = child.wait();
    let report = report.expect("a report");
    let origin = report["timeOrigin"].as_f64().expect("timeOrigin");
    let at = |offset: f64| origin + offset - spawned;
    phases.insert("navigation-start".into(), at(0.0));
    let navigation = &report["navigation"];
    if let Some(end) = navigation["responseEnd"].as_f64() {
        phases.insert("document-received".into(), at(end));
    }
    if let Some(end) = navigation["domContentLoadedEventEnd"].as_f64() {
        phases.insert("dom-content-loaded".into(), at(end));
    }
    let scripts = entries(&report["resources"])
        .filter(|(name, _, _)| name.ends_with(".js"))
        .map(|(_, start, duration)| start + duration)
        .fold(None, |latest: Option<f64>, end| {
            Some(latest.map_or(end, |l| l.max(end)))
        });
    if let Some(end) = scripts {
        phases.insert("scripts-received".into(), at(end));
    }
    for (name, start, _) in entries(&report["marks"]) {
        phases.insert(format!("mark:{name}"), at(start));
    }
    for (name, start, _) in entries(&report["paint"]) {
        phases.insert(name, at(start));
    }
    for (key, phase) in [("found", "element-found"), ("painted", "next-frame")] {
        if let Some(time) = report[key].as_f64() {
            phases.insert(phase.into(), time - spawned);
        }
    }
    // Interactive: the first frame painted with the element in it (the element exists and a
    // contentful frame has been painted). The start of the frame after it is printed too,
    // but under software compositing on a loaded machine WebKit may delay it by seconds.
    let found = phases.get("element-found").copied();
    let painted = phases.get("first-contentful-paint").copied();
    if let (Some(found), Some(painted)) = (found, painted) {
        phases.insert("interactive".into(), found.max(painted));
    }
    phases
}

/// `[name, startTime, duration]` triples of a performance entry list.
fn entries(list: &Value) -> impl Iterator<Item = (String, f64, f64)> + '_ {
    list.as_array().into_iter().flatten().filter_map(|entry| {
        Some((
            entry[0].as_str()?.to_string(),
            entry[1].as_f64()?,
            entry[2].as_f64()?,
        ))
    })
}

fn epoch_ms() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|elapsed| elapsed.as_secs_f64() * 1000.0)
        .unwrap_or(0.0)
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|text| {
            text.split_whitespace()
                .take(3)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_default()
}
