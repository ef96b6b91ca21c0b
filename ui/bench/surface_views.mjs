// Time from a click to the updated board in the flat, tiled and 3D views of the surfaces
// screen, at move 150 of a Klein bottle game, in headless Chromium on the real backend
// (the IPC bridge the UI tests use).
//
//   npm run build && node bench/surface_views.mjs [samples] [--views flat,tiled,space] [--trace] [--profile FILE] [--save-trace FILE] [--shots DIR] [--slowest N]
//   DIST=<folder under ui/> serves another build (a base to compare with).
//
// Flat and tiled: each sample clicks an empty legal point (in the tiled view a copy, drawn
// on the copies' canvas) and times, in the page, these phases:
//
//   click → call       the click's handlers until the page asks the backend (`surface_apply`)
//   call → answer      until the answer reaches the page: the harness's hop (page → Playwright
//                      `exposeFunction` → node → the bridge process → back), which the app does
//                      not have (it answers over Tauri's IPC); of it, `surface_apply` as node
//                      times it at the bridge (the backend's own work, writing the save included)
//   answer → DOM       until the clicked point's stone is in the DOM (a MutationObserver on its
//                      element's `data-color`, or on the copies' canvas's `data-cells`)
//   refresh wait       from then until the display's next frame begins (the timestamp of a
//                      `requestAnimationFrame` callback asked for then): a 60 Hz display shows
//                      a change at its next refresh, so this is waiting, not work
//   frame              from the frame's beginning (or the DOM update, if later) until a
//                      MessageChannel message posted in that callback arrives: the rest of the
//                      frame's main-thread work (other animation-frame callbacks, style,
//                      layout, paint, commit)
//   raster             the CPU time of the renderer's compositor and raster threads from that
//                      frame's beginning to the next click (a light Chromium trace, always
//                      recorded)
//
// and "click → updated board (work)" = click → call + `surface_apply` at the bridge +
// answer → DOM + frame + raster: everything but the refresh wait and the harness's hop;
// "the page" is work minus `surface_apply`. The raw wall times (click → frame done, the
// whole hop) are printed too, and what the click costs while the backend answers (not in
// work): the main thread's tasks ended before the answer arrived (the click's handlers, its
// own frame, which moves the keyboard focus to the point, and the harness's messages) and
// the compositor and raster threads before the stone's frame.
//
// `--trace` records a fuller Chromium trace and prints the CPU time (thread time, so less
// sensitive to other processes on the machine) per move of the renderer's main thread,
// split into script, style, layout and paint, and of the compositor and raster threads; the
// tracing itself slows the samples. `--profile FILE` writes a V8 CPU profile (Chrome's
// `.cpuprofile`) of the flat and tiled samples, `--save-trace FILE` the trace itself
// (FILE-flat.json, FILE-tiled.json; open them in Chrome's performance panel). `--views`
// runs only the named views (default all three). `--shots DIR` saves screenshots of the
// flat and tiled views at move 150 (light and dark, desktop and phone, and the tiled view
// with a copy pointed at) before the samples, to compare the look of two versions.
//
// The 3D view is still timed as before (click → the frame that draws the stone, by
// animation-frame polling; see bench/surface3d-click.mjs for its finished-frame timing).
import { launchBrowser, openApp, serveDist } from '../tests/ui/harness.mjs';
import { KLEIN, call, playTo, rng, visibleLegalPoint } from './klein-game.mjs';

const args = process.argv.slice(2);
const SAMPLES = Number(args.find((a) => /^\d+$/.test(a)) ?? 30);
const option = (name) => {
  const at = args.indexOf(name);
  return at < 0 ? undefined : args[at + 1];
};
const VIEWS = (option('--views') ?? 'space,flat,tiled').split(',');
const TRACE = args.includes('--trace');
const SHOTS = option('--shots');
const PROFILE = option('--profile');
const SAVE_TRACE = option('--save-trace');
const SLOWEST = Number(option('--slowest') ?? 0);

/** The value at quantile `q` of `values` (nearest rank). */
function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

function stats(values) {
  return `median ${quantile(values, 0.5).toFixed(1)} ms, p90 ${quantile(values, 0.9).toFixed(1)} ms, worst ${Math.max(...values).toFixed(1)} ms (${values.length} samples)`;
}


/** The trace's events, each thread's name, and the page's renderer process (the one whose main thread ran the most). */
function traceParts(trace) {
  const events = trace.traceEvents ?? trace;
  const names = new Map(events.filter((e) => e.ph === 'M' && e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args.name]));
  const thread = (e) => names.get(`${e.pid}:${e.tid}`) ?? '';
  const byPid = new Map();
  for (const e of events)
    if (e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && thread(e) === 'CrRendererMain') byPid.set(e.pid, (byPid.get(e.pid) ?? 0) + (e.tdur ?? e.dur ?? 0));
  const pid = [...byPid].sort((a, b) => b[1] - a[1])[0]?.[0];
  return { events: events.filter((e) => e.pid === pid), thread };
}

/** A task of the renderer's compositor thread, or a raster (tile) task of its worker threads. */
function isRaster(e, thread) {
  return e.ph === 'X' && ((thread(e) === 'Compositor' && e.name === 'ThreadControllerImpl::RunTask') || e.name === 'TaskGraphRunner::RunTask');
}

/**
 * From the trace, per sample (`samples[k].begins`, `.answered`: the beginning of the frame
 * that shows the stone and the answer's arrival, in the page's clock): the CPU time (ms) of
 * the compositor and raster threads from that frame's beginning to the next sample's click
 * (`raster`) and before it, from the click on (`rasterBefore`: mostly the click's own frame,
 * which moves the keyboard focus to the point); and the renderer main thread's tasks ended
 * before the answer arrived (`mainBefore`: the click's handlers, its own frame and the
 * harness's messages).
 */
function tracePerSample(trace, samples) {
  const { events, thread } = traceParts(trace);
  const marks = events.filter((e) => e.name === 'bench-sample').sort((x, y) => x.ts - y.ts);
  const raster = events.filter((e) => isRaster(e, thread));
  const main = events.filter((e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && thread(e) === 'CrRendererMain');
  const cpu = (list, from, to, whole = false) =>
    list.filter((e) => e.ts >= from && (whole ? e.ts + e.dur <= to : e.ts < to)).reduce((t, e) => t + (e.tdur ?? e.dur ?? 0), 0) / 1000;
  return marks.map((m, k) => {
    // The page's clock in the trace's: the mark carries both.
    const at = (time) => m.ts + (time - m.args.data.startTime) * 1000;
    const begins = at(samples[k].begins);
    const end = marks[k + 1]?.ts ?? Infinity;
    return { raster: cpu(raster, begins, end), rasterBefore: cpu(raster, m.ts, begins), mainBefore: cpu(main, m.ts, at(samples[k].answered), true) };
  });
}

/**
 * CPU time per move from a trace: the renderer main thread's tasks (thread time), split by
 * the kind of work inside them, and the compositor and raster threads' tasks.
 */
function cpuPerMove(trace, moves) {
  const { events, thread } = traceParts(trace);
  const sum = (filter) => events.filter((e) => e.ph === 'X' && filter(e)).reduce((t, e) => t + (e.tdur ?? e.dur ?? 0), 0) / 1000 / moves;
  const main = (e) => thread(e) === 'CrRendererMain';
  const kinds = {
    script: ['FunctionCall', 'EvaluateScript', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'RunMicrotasks', 'V8.Execute'],
    style: ['UpdateLayoutTree', 'RecalculateStyles'],
    layout: ['Layout', 'UpdateLayerTree'],
    paint: ['PrePaint', 'Paint', 'Layerize', 'PaintImage', 'CompositeLayers', 'Commit'],
  };
  // Top-level only: a script event inside another (a microtask inside a function call) counts once.
  const topLevel = (list) => {
    const found = events.filter((e) => e.ph === 'X' && main(e) && list.includes(e.name)).sort((x, y) => x.ts - y.ts || y.dur - x.dur);
    let end = -Infinity;
    let total = 0;
    for (const e of found) {
      if (e.ts < end) continue;
      end = e.ts + e.dur;
      total += e.tdur ?? e.dur ?? 0;
    }
    return total / 1000 / moves;
  };
  const out = { main: sum((e) => main(e) && e.name === 'ThreadControllerImpl::RunTask') };
  for (const [kind, list] of Object.entries(kinds)) out[kind] = topLevel(list);
  out.raster = sum((e) => isRaster(e, thread));
  return out;
}

const LABELS = { flat: 'Flat', tiled: 'Tiled', space: '3D' };



/** An empty point where the side to move may play. */
async function legalPoint(app, random) {
  const { game } = await call(app, 'surface_open');
  for (;;) {
    const empty = game.board.flatMap((c, p) => (c === 0 ? [p] : []));
    const point = empty[Math.floor(random() * empty.length)];
    if ((await call(app, 'surface_explain', { line: 'game', point })).message === null) return point;
  }
}

const server = await serveDist(process.env.DIST ?? 'dist'); // DIST: another build to compare
const browser = await launchBrowser();
const app = await openApp(browser, server.url, { viewport: { width: 1280, height: 800 }, hash: '#/surface' });
const { page } = app;
const random = rng(150);
await playTo(app, 150, random);
await page.reload();
await page.locator(`[data-testid="surface-screen"][data-surface="${KLEIN}"]`).waitFor();

if (SHOTS) {
  const { mkdirSync } = await import('node:fs');
  mkdirSync(SHOTS, { recursive: true });
  for (const view of ['flat', 'tiled']) {
    await page.getByRole('radio', { name: LABELS[view] }).check({ force: true });
    await page.locator(`[data-view="${view}"]`).waitFor();
    for (const [size, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
      await page.setViewportSize(viewport);
      for (const colorScheme of ['light', 'dark']) {
        await page.emulateMedia({ colorScheme });
        await page.waitForTimeout(400);
        await page.screenshot({ path: `${SHOTS}/${view}-${colorScheme}-${size}.png` });
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: 'light' });
    if (view === 'tiled') {
      // Pointing at a copy lights every copy of its point.
      const tiling = await call(app, 'surface_tiling', { surface: KLEIN });
      // The copy of point 40 nearest the home chart's middle (in sight).
      const home = tiling.copies.find((c) => c.home).area;
      const distance = (c) => Math.hypot(tiling.layout.points[c].x - home.x - home.width / 2, tiling.layout.points[c].y - home.y - home.height / 2);
      const cell = tiling.real.flatMap((r, c) => (r === 40 && !tiling.copies[tiling.copy[c]].home ? [c] : [])).sort((a, b) => distance(a) - distance(b))[0];
      const at = await page.evaluate(({ x, y }) => {
        const p = new DOMPoint(x, y).matrixTransform(document.querySelector('.views svg.board').getScreenCTM());
        return { x: p.x, y: p.y };
      }, tiling.layout.points[cell]);
      await page.mouse.move(at.x, at.y);
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${SHOTS}/tiled-pointed.png` });
      await page.mouse.move(1, 1);
    }
  }
}

// Notes when the page asks the backend for a move and when the answer reaches it.
await page.evaluate(() => {
  const forward = window.__bridgeInvoke;
  window.__bridgeInvoke = async (cmd, args) => {
    if (cmd === 'surface_apply') window.__calledAt = performance.now();
    const answer = await forward(cmd, args);
    if (cmd === 'surface_apply') window.__answeredAt = performance.now();
    return answer;
  };
});
// And how long the bridge took to answer it, as node sees it (the backend's own work).
let applyTime = NaN;
const bridgeCall = app.bridge.call.bind(app.bridge);
app.bridge.call = async (cmd, args) => {
  const start = performance.now();
  const answer = await bridgeCall(cmd, args);
  if (cmd === 'surface_apply') applyTime = performance.now() - start;
  return answer;
};

const results = {};
const traces = {};
const cdp = PROFILE ? await page.context().newCDPSession(page) : null;
const LIGHT = ['toplevel', 'blink.user_timing'];
const FULL = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'];
// The 3D view first: it clicks only points in sight, and they fill up as the game goes on.
for (const view of ['space', 'flat', 'tiled'].filter((v) => VIEWS.includes(v))) {
  await page.getByRole('radio', { name: LABELS[view] }).check({ force: true });
  await page.locator(`[data-view="${view}"]`).waitFor();
  const tiling = await call(app, 'surface_tiling', { surface: KLEIN });
  const samples = [];
  if (view === 'space') {
    if (TRACE) await browser.startTracing(page, { categories: [...LIGHT, ...FULL] });
    // The 3D view: a press and release on the canvas where the scene hook draws an empty
    // legal point; done when that point's stone instance has its colour and a frame is drawn.
    await page.waitForFunction(() => window.__scene && window.__scene.frames() > 0);
    await page.waitForTimeout(300);
    for (let k = 0; k < SAMPLES; k++) {
      const found = await visibleLegalPoint(app, page);
      if (found === null) break;
      const { point, at } = found;
      samples.push(
        await page.evaluate(async ({ point, x, y }) => {
          const canvas = document.querySelector('.view3d canvas');
          const frames = window.__scene.frames();
          const start = performance.now();
          const init = { bubbles: true, clientX: x, clientY: y, pointerId: 1, pointerType: 'mouse', button: 0, isPrimary: true };
          canvas.dispatchEvent(new PointerEvent('pointerdown', init));
          canvas.dispatchEvent(new PointerEvent('pointerup', init));
          await new Promise((done) => {
            const check = () => (window.__scene.stones()[point] !== null && window.__scene.frames() > frames ? done() : requestAnimationFrame(check));
            check();
          });
          const end = performance.now();
          return { total: end - start, screen: end - window.__answeredAt };
        }, { point, x: at.x, y: at.y }),
      );
    }
    results[view] = samples;
    if (TRACE) traces[view] = cpuPerMove(JSON.parse(await browser.stopTracing()), samples.length);
    continue;
  }
  // The light trace gives each sample's raster time; --trace adds the main thread's kinds of work.
  await browser.startTracing(page, { categories: TRACE ? [...LIGHT, ...FULL] : LIGHT });
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  for (let k = 0; k < SAMPLES; k++) {
    const point = await legalPoint(app, random);
    // In the tiled view, the copy of the point nearest the home chart's middle (in sight).
    const home = tiling.copies.find((c) => c.home).area;
    const distance = (c) => Math.hypot(tiling.layout.points[c].x - home.x - home.width / 2, tiling.layout.points[c].y - home.y - home.height / 2);
    const cell =
      view === 'flat'
        ? point
        : tiling.real.flatMap((r, c) => (r === point && !tiling.copies[tiling.copy[c]].home ? [c] : [])).sort((a, b) => distance(a) - distance(b))[0];
    const at = view === 'flat' ? null : tiling.layout.points[cell];
    applyTime = NaN;
    const times = await page.evaluate(
      ({ cell, at }) => {
        // The colour the board shows at `cell`: its element's, or (a tiled copy drawn on
        // the copies' canvas) the canvas's record of what it drew.
        const shown = () =>
          document.querySelector(`.views svg.board [data-point="${cell}"]`)?.getAttribute('data-color') ??
          document.querySelector('.views canvas.copies')?.getAttribute('data-cells')?.[cell];
        const svg = document.querySelector('.views svg.board');
        let target = document.querySelector(`.views svg.board [data-point="${cell}"]`);
        let init = { bubbles: true };
        if (at) {
          // A click where the cell is drawn, on whatever is there.
          const p = new DOMPoint(at.x, at.y).matrixTransform(svg.getScreenCTM());
          target = document.elementFromPoint(p.x, p.y);
          init = { bubbles: true, clientX: p.x, clientY: p.y };
        }
        window.__calledAt = window.__answeredAt = undefined;
        return new Promise((done) => {
          const t = {};
          // The stone is in the DOM: then the next frame's beginning (the animation frame's
          // timestamp) and the end of that frame's main-thread work (a message posted in
          // its callback runs after style, layout, paint and commit).
          const observer = new MutationObserver(() => {
            if ((shown() ?? '0') === '0') return;
            t.dom = performance.now();
            observer.disconnect();
            requestAnimationFrame((frame) => {
              t.frame = frame;
              const channel = new MessageChannel();
              channel.port1.onmessage = () => {
                t.done = performance.now();
                done({ ...t, called: window.__calledAt, answered: window.__answeredAt });
              };
              channel.port2.postMessage(null);
            });
          });
          observer.observe(document.querySelector('.views'), { subtree: true, childList: true, attributes: true, attributeFilter: ['data-color', 'data-cells'] });
          performance.mark('bench-sample');
          t.click = performance.now();
          target.dispatchEvent(new MouseEvent('click', init));
        });
      },
      { cell, at },
    );
    const begins = Math.max(times.frame, times.dom);
    samples.push({
      begins,
      answered: times.answered,
      toCall: times.called - times.click,
      hop: times.answered - times.called,
      apply: applyTime,
      toDom: times.dom - times.answered,
      wait: begins - times.dom,
      frame: times.done - begins,
      whole: times.done - times.click,
    });
  }
  if (cdp) {
    const { profile } = await cdp.send('Profiler.stop');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${PROFILE}-${view}.cpuprofile`, JSON.stringify(profile));
  }
  const text = await browser.stopTracing();
  if (SAVE_TRACE) (await import('node:fs')).writeFileSync(`${SAVE_TRACE}-${view}.json`, text);
  const trace = JSON.parse(text);
  const traced = tracePerSample(trace, samples);
  if (traced.length !== samples.length) throw new Error(`the trace has ${traced.length} sample marks for ${samples.length} samples`);
  samples.forEach((s, k) => {
    Object.assign(s, traced[k]);
    s.page = s.toCall + s.toDom + s.frame + s.raster;
    s.work = s.page + s.apply;
  });
  results[view] = samples;
  if (TRACE) traces[view] = cpuPerMove(trace, samples.length);
}

// The backend's share: the same kind of move answered by the bridge alone.
const backend = [];
for (let k = 0; k < SAMPLES; k++) {
  const point = await legalPoint(app, random);
  const { game } = await call(app, 'surface_open');
  const start = performance.now();
  await call(app, 'surface_apply', { line: 'game', action: { type: 'place', at: point }, revision: game.revision });
  backend.push(performance.now() - start);
}

const moves = (await call(app, 'surface_open')).game.line_length;
console.log(`Klein bottle, click → updated board from move 150 to move ${moves} (${SAMPLES} samples a view; ms):`);
const PHASES = [
  ['toCall', 'click → call (page script)'],
  ['hop', 'call → answer in the page (harness hop, raw)'],
  ['apply', '  of which surface_apply at the bridge'],
  ['toDom', 'answer → stone in the DOM'],
  ['wait', 'refresh wait (until the next frame; not work)'],
  ['frame', "the frame's main-thread work"],
  ['raster', "  then that frame's compositor and raster threads (trace)"],
  ['work', 'click → updated board (WORK; target < 16)'],
  ['page', '  of which the page (all but surface_apply)'],
  ['whole', 'raw wall: click → frame done'],
  ['mainBefore', 'main thread busy from the click to the answer (trace)'],
  ['rasterBefore', 'compositor and raster threads before the frame (trace)'],
];
const row = (label, values) =>
  `    ${label.padEnd(48)} median ${quantile(values, 0.5).toFixed(1).padStart(5)}  p90 ${quantile(values, 0.9).toFixed(1).padStart(5)}  worst ${Math.max(...values).toFixed(1).padStart(5)}`;
for (const [view, samples] of Object.entries(results)) {
  if (view === 'space') {
    console.log(`  ${view.padEnd(6)} whole  ${stats(samples.map((s) => s.total))}`);
    console.log(`  ${view.padEnd(6)} screen ${stats(samples.map((s) => s.screen))}`);
    continue;
  }
  console.log(`  ${view}:`);
  for (const [key, label] of PHASES) console.log(row(label, samples.map((s) => s[key])));
  // --slowest N: the N samples with the most work, phase by phase (what makes the tail).
  if (SLOWEST > 0) {
    const parts = ['toCall', 'apply', 'toDom', 'frame', 'raster', 'work'];
    console.log(`    slowest ${SLOWEST} by work: ${parts.join(' / ')}`);
    for (const s of [...samples].sort((a, b) => b.work - a.work).slice(0, SLOWEST)) console.log(`      ${parts.map((p) => s[p].toFixed(1)).join(' / ')}`);
  }
}
console.log(`  bridge ${stats(backend)} (surface_apply alone)`);
for (const [view, cpu] of Object.entries(traces)) {
  const parts = Object.entries(cpu)
    .map(([k, v]) => `${k} ${v.toFixed(1)}`)
    .join(', ');
  console.log(`  ${view.padEnd(6)} CPU per move (trace, ms): ${parts}`);
}
await app.close();
await browser.close();
await server.close();
