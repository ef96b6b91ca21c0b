// Time from a click to the updated board in the flat, tiled and 3D views of the surfaces
// screen, at move 150 of a Klein bottle game, in headless Chromium on the real backend
// (the IPC bridge the UI tests use). Each sample clicks an empty legal point and waits
// for that point's stone to be drawn and the next frame to be painted (in 3D: for its
// stone instance to be coloured and a frame drawn).
//
//   npm run build && node bench/surface_views.mjs [samples]
//
// Prints, per view, the median, the 90th percentile and the worst sample of the whole
// click → painted board, and of its screen part alone (from the backend's answer reaching
// the page to the painted board); the rest is the backend's `surface_apply` round trip
// through the bridge, which the app answers over Tauri's IPC instead.
import { launchBrowser, openApp, serveDist } from '../tests/ui/harness.mjs';

const SAMPLES = Number(process.argv[2] ?? 30);
const KLEIN = 'go-klein-9x18-v1';

function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return `median ${at(0.5).toFixed(1)} ms, p90 ${at(0.9).toFixed(1)} ms, worst ${sorted[sorted.length - 1].toFixed(1)} ms (${sorted.length} samples)`;
}

async function call(app, cmd, args) {
  const answer = await app.bridge.call(cmd, args === undefined ? {} : { args });
  if ('err' in answer) throw new Error(`${cmd}: ${JSON.stringify(answer.err)}`);
  return answer.ok;
}

/** A seeded generator, so every run plays the same game. */
function rng(seed) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

/** Plays legal random placements until `moves` actions are on the line. */
async function playTo(app, moves, random) {
  let view = await call(app, 'surface_new', { surface: KLEIN });
  while (view.line_length < moves) {
    const empty = view.board.flatMap((c, p) => (c === 0 ? [p] : []));
    const point = empty[Math.floor(random() * empty.length)];
    const explained = await call(app, 'surface_explain', { line: 'game', point });
    if (explained.message !== null) continue;
    view = await call(app, 'surface_apply', { line: 'game', action: { type: 'place', at: point }, revision: view.revision });
  }
  return view;
}

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
const LABELS = { flat: 'Flat', tiled: 'Tiled', space: '3D' };
// The 3D view first: it clicks only points in sight, and they fill up as the game goes on.
for (const view of ['space', 'flat', 'tiled']) {
  await page.getByRole('radio', { name: LABELS[view] }).check({ force: true });
  await page.locator(`[data-view="${view}"]`).waitFor();
  const tiling = await call(app, 'surface_tiling', { surface: KLEIN });
  const samples = [];
  if (view === 'space') {
    // The 3D view: a press and release on the canvas where the scene hook draws an empty
    // legal point; done when that point's stone instance has its colour and a frame is drawn.
    await page.waitForFunction(() => window.__scene && window.__scene.frames() > 0);
    await page.waitForTimeout(300);
    for (let k = 0; k < SAMPLES; k++) {
      const { game } = await call(app, 'surface_open');
      const points = await page.evaluate(() => window.__scene.points());
      let point = null;
      for (const [p, at] of points.entries()) {
        if (!at.visible || game.board[p] !== 0) continue;
        if ((await call(app, 'surface_explain', { line: 'game', point: p })).message === null) {
          point = p;
          break;
        }
      }
      if (point === null) break;
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
        }, { point, x: points[point].x, y: points[point].y }),
      );
    }
    results[view] = samples;
    continue;
  }
  for (let k = 0; k < SAMPLES; k++) {
    const point = await legalPoint(app, random);
    const cell = view === 'flat' ? point : tiling.real.findIndex((r, c) => r === point && !tiling.copies[tiling.copy[c]].home);
    samples.push(
      await page.evaluate(async (cell) => {
        const el = document.querySelector(`.views svg.board [data-point="${cell}"]`);
        const start = performance.now();
        el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
        await new Promise((done) => {
          const check = () => (document.querySelector(`.views svg.board [data-point="${cell}"]`)?.getAttribute('data-color') !== '0' ? done() : requestAnimationFrame(check));
          check();
        });
        await new Promise((done) => requestAnimationFrame(() => done()));
        const end = performance.now();
        return { total: end - start, screen: end - window.__answeredAt };
      }, cell),
    );
  }
  results[view] = samples;
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
await app.close();
await browser.close();
await server.close();
