// Time from a click to the updated board in the flat, tiled and 3D views of the surfaces
// screen, at move 150 of a Klein bottle game, in headless Chromium on the real backend
// (the IPC bridge the UI tests use). Each sample clicks an empty legal point and waits
// for that point's stone to be drawn and the next frame to be painted (in 3D: for its
// stone instance to be coloured and a frame drawn).
//
//   npm run build && node bench/surface_views.mjs [samples] [--views flat,tiled,space] [--trace] [--shots DIR]
//
// `--views` runs only the named views (default all three). `--trace` records a Chromium
// trace over each view's samples and prints the CPU time (thread time, so less sensitive
// to other processes on the machine) per move of the renderer's main thread, split into
// script, style and layout, paint and the rest, and of the raster threads. `--shots DIR`
// saves screenshots of the flat and tiled views at move 150 (light and dark, desktop and
// phone, and the tiled view with a copy pointed at) before the samples, to compare the
// look of two versions.
//
// Prints, per view, the median, the 90th percentile and the worst sample of the whole
// click → painted board, and of its screen part alone (from the backend's answer reaching
// the page to the painted board); the rest is the backend's `surface_apply` round trip
// through the bridge, which the app answers over Tauri's IPC instead.
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

function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return `median ${at(0.5).toFixed(1)} ms, p90 ${at(0.9).toFixed(1)} ms, worst ${sorted[sorted.length - 1].toFixed(1)} ms (${sorted.length} samples)`;
}


/**
 * CPU time per move from a trace: the renderer main thread's tasks (thread time), split by
 * the kind of work inside them, and the raster worker threads' tasks.
 */
function cpuPerMove(trace, moves) {
  const events = trace.traceEvents ?? trace;
  const names = new Map(events.filter((e) => e.ph === 'M' && e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args.name]));
  const thread = (e) => names.get(`${e.pid}:${e.tid}`) ?? '';
  // The page's renderer is the process whose main thread ran the most.
  const mains = events.filter((e) => e.ph === 'X' && e.name === 'RunTask' && thread(e) === 'CrRendererMain');
  const byPid = new Map();
  for (const e of mains) byPid.set(e.pid, (byPid.get(e.pid) ?? 0) + (e.tdur ?? e.dur ?? 0));
  const pid = [...byPid].sort((a, b) => b[1] - a[1])[0]?.[0];
  const sum = (filter) => events.filter((e) => e.ph === 'X' && e.pid === pid && filter(e)).reduce((t, e) => t + (e.tdur ?? e.dur ?? 0), 0) / 1000 / moves;
  const main = (e) => thread(e) === 'CrRendererMain';
  const kinds = {
    script: ['FunctionCall', 'EvaluateScript', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'RunMicrotasks', 'V8.Execute'],
    style: ['UpdateLayoutTree', 'RecalculateStyles'],
    layout: ['Layout', 'UpdateLayerTree'],
    paint: ['PrePaint', 'Paint', 'Layerize', 'PaintImage', 'CompositeLayers', 'Commit'],
  };
  // Top-level only: a script event inside another (a microtask inside a function call) counts once.
  const topLevel = (list) => {
    const found = events.filter((e) => e.ph === 'X' && e.pid === pid && main(e) && list.includes(e.name)).sort((x, y) => x.ts - y.ts || y.dur - x.dur);
    let end = -Infinity;
    let total = 0;
    for (const e of found) {
      if (e.ts < end) continue;
      end = e.ts + e.dur;
      total += e.tdur ?? e.dur ?? 0;
    }
    return total / 1000 / moves;
  };
  const out = { main: sum((e) => main(e) && e.name === 'RunTask') };
  for (const [kind, list] of Object.entries(kinds)) out[kind] = topLevel(list);
  out.raster = sum((e) => /Raster|Compositor/.test(thread(e)) && e.name === 'RunTask');
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

const server = await serveDist();
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

// Notes when the backend's answer to a move reaches the page.
await page.evaluate(() => {
  const forward = window.__bridgeInvoke;
  window.__bridgeInvoke = async (cmd, args) => {
    const answer = await forward(cmd, args);
    if (cmd === 'surface_apply') window.__answeredAt = performance.now();
    return answer;
  };
});

const results = {};
// The 3D view first: it clicks only points in sight, and they fill up as the game goes on.
const traces = {};
for (const view of ['space', 'flat', 'tiled'].filter((v) => VIEWS.includes(v))) {
  await page.getByRole('radio', { name: LABELS[view] }).check({ force: true });
  await page.locator(`[data-view="${view}"]`).waitFor();
  const tiling = await call(app, 'surface_tiling', { surface: KLEIN });
  const samples = [];
  if (TRACE) await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'] });
  if (view === 'space') {
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
    samples.push(
      await page.evaluate(
        async ({ cell, at }) => {
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
          const start = performance.now();
          target.dispatchEvent(new MouseEvent('click', init));
          await new Promise((done) => {
            const check = () => (shown() !== '0' ? done() : requestAnimationFrame(check));
            check();
          });
          await new Promise((done) => requestAnimationFrame(() => done()));
          const end = performance.now();
          return { total: end - start, screen: end - window.__answeredAt };
        },
        { cell, at },
      ),
    );
  }
  results[view] = samples;
  if (TRACE) traces[view] = cpuPerMove(JSON.parse(await browser.stopTracing()), samples.length);
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
console.log(`Klein bottle, click → updated board from move 150 to move ${moves}:`);
for (const [view, samples] of Object.entries(results)) {
  console.log(`  ${view.padEnd(6)} whole  ${stats(samples.map((s) => s.total))}`);
  console.log(`  ${view.padEnd(6)} screen ${stats(samples.map((s) => s.screen))}`);
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
