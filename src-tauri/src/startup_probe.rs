//! Start-up measurement for `docs/performance.md`, off unless `CRAB_CANON_STARTUP_PROBE`
//! is set. Its value is the CSS selector of the element that makes the first screen
//! interactive; the app then prints `startup-probe <phase> <epoch ms>` lines on stderr, a
//! final `startup-probe report <json>` with the page's own timings, and exits. The
//! `measure-start` binary of `tests/` reads these lines; the minimal Tauri app of
//! `tests/minimal-app` includes this same file, so both are measured the same way.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tauri::plugin::{Builder, TauriPlugin};
use tauri::webview::PageLoadEvent;
use tauri::{Manager, Runtime, Webview};

/// The environment variable that turns the probe on and names the awaited element.
pub const VARIABLE: &str = "CRAB_CANON_STARTUP_PROBE";

/// Runs in the page before its own scripts: a frame loop notes when the awaited element
/// first exists and when the frame after it starts (the element has been painted), then
/// leaves the page's navigation, paint, mark and resource timings in `__startupProbe`.
const PAGE_SCRIPT: &str = r#"(() => {
  if (window !== window.top) return;
  const selector = __SELECTOR__;
  const now = () => performance.timeOrigin + performance.now();
  const probe = { timeOrigin: performance.timeOrigin, initScript: now() };
  const entries = (type) => performance.getEntriesByType(type).map((e) => [e.name, e.startTime, e.duration]);
  const frame = () => {
    if (probe.found === undefined) {
      if (document.querySelector(selector)) probe.found = now();
    } else {
      probe.painted = now();
      const nav = performance.getEntriesByType('navigation')[0];
      probe.navigation = nav ? nav.toJSON() : null;
      probe.paint = entries('paint');
      probe.marks = entries('mark');
      probe.resources = entries('resource');
      window.__startupProbe = probe;
      return;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();"#;

/// Milliseconds since the Unix epoch, the clock the page's `performance.timeOrigin` uses.
fn epoch_ms() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|elapsed| elapsed.as_secs_f64() * 1000.0)
        .unwrap_or(0.0)
}

/// Whether the probe is on.
pub fn enabled() -> bool {
    std::env::var_os(VARIABLE).is_some()
}

/// Prints one phase's time when the probe is on.
pub fn mark(phase: &str) {
    if enabled() {
        eprintln!("startup-probe {phase} {:.1}", epoch_ms());
    }
}

/// The probe as a plugin, or `None` when it is off (the app then runs unchanged).
pub fn plugin<R: Runtime>() -> Option<TauriPlugin<R>> {
    let selector = std::env::var(VARIABLE).ok()?;
    let selector = serde_json::to_string(&selector).ok()?;
    let polling = Arc::new(AtomicBool::new(false));
    Some(
        Builder::new("startup-probe")
            .js_init_script(PAGE_SCRIPT.replace("__SELECTOR__", &selector))
            .on_webview_ready(|_| mark("webview-created"))
            .on_page_load(move |webview, payload| match payload.event() {
                PageLoadEvent::Started => {
                    mark("page-load-started");
                    if !polling.swap(true, Ordering::SeqCst) {
                        poll(webview.clone());
                    }
                }
                PageLoadEvent::Finished => mark("page-load-finished"),
            })
            .build(),
    )
}

/// Asks the page for its report every 20 ms (the figures are taken in the page, so the
/// polling interval does not enter them), prints it and ends the app.
fn poll<R: Runtime>(webview: Webview<R>) {
    let done = Arc::new(AtomicBool::new(false));
    std::thread::spawn(move || {
        while !done.load(Ordering::SeqCst) {
            let finished = done.clone();
            let app = webview.app_handle().clone();
            let asked = webview.eval_with_callback(
                "JSON.stringify(window.__startupProbe ?? null)",
                move |answer| {
                    // The answer is the JSON text of the string the script returned.
                    let report: Option<String> = serde_json::from_str(&answer).ok();
                    if let Some(report) = report.filter(|text| text != "null") {
                        if !finished.swap(true, Ordering::SeqCst) {
                            eprintln!("startup-probe report {report}");
                            app.exit(0);
                        }
                    }
                },
            );
            if asked.is_err() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    });
}
