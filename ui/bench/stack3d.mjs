// Benchmark of the Time Chess 3D stack in headless Chromium (software WebGL), on the real
// backend through the UI tests' harness: (1) from a move played by clicking the scene at
// turn 59 to the finished frame of the 61-layer stack, timed in phases (see `phases.mjs`:
// input, the bridge's own time for `chess_play`, the page's JavaScript — Svelte, the stack
// model, `StackScene.update` —, the display refresh wait, the draw calls and a one-pixel
// read-back right after them), and (2) frame times while orbiting the stack with a
// right-drag. Needs `npx vite build --config vite.fixtures.config.ts` first.
//   CRAB_CANON_IPC_BRIDGE=…/ipc-bridge node bench/stack3d.mjs [runs]
// RENDER=full|lean forces a quality tier (default: the one the view picks on this machine);
// AIM=whole looks at the whole game (End) instead of the present before the move.
// Also reports the CPU time of Chromium's GPU process (SwiftShader) and renderer per move and
// per orbit frame, which hardly depends on the machine's load.
import { closeLeftoverApps, launchBrowser, openApp, serveDist } from '../tests/ui/harness.mjs';
import { chromiumCpu, cpuPerFrame } from './cpu.mjs';
import { instrument, phases, report } from './phases.mjs';

const PAGE = 'tests/ui/fixtures/chess3d.html';
const RUNS = Number(process.argv[2] ?? 5);
const QUERY = process.env.RENDER ? `?render=${process.env.RENDER}` : '';

/** 59 moves: a few journeys through time, then both knights shuffling (black to move). */
function line() {
  const moves = ['e2t0e4t0', 'g8t1g6t0', 'b1t2c1t4', 'e7t3e5t3', 'g1t4f3t4', 'b8t5c6t5'];
  const at = { white: ['f3', 'g1'], black: ['c6', 'b8'] };
  for (let t = moves.length; t < 59; t++) {
    const side = t % 2 === 0 ? 'white' : 'black';
    const [a, b] = at[side];
    moves.push(`${a}t${t}${b}t${t}`);
    at[side] = [b, a];
  }
  return moves;
}

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  return { mean: +mean.toFixed(2), median: +s[Math.floor(s.length / 2)].toFixed(2), p95: +s[Math.floor(s.length * 0.95)].toFixed(2), max: +s[s.length - 1].toFixed(2) };
};

const server = await serveDist(process.env.DIST ?? 'dist-fixtures', PAGE); // DIST: another build to compare
const browser = await launchBrowser();
const move = { update: [], render: [], renders: [], cpuGpu: [], cpuRenderer: [] };
const kinds = [];
const timed = [];
let tier;
let orbit;
try {
  for (let run = 0; run < RUNS; run++) {
    const app = await openApp(browser, server.url, { hash: `${PAGE}${QUERY}#moves=${line().join(',')}`, reducedMotion: 'reduce' });
    const { page } = app;
    await page.waitForFunction(() => window.__stack && window.__stack.state().renders > 0, null, { timeout: 60000 });
    if (process.env.AIM === 'whole') {
      // The camera on the whole game (End) instead of the present.
      await page.locator('.viewport').focus();
      await page.keyboard.press('End');
    }
    const timing = await instrument(app, 'chess_play');
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const target = async (pos) => page.evaluate((p) => window.__stack.target(p), pos);
    const from = await target('c6t59');
    await page.mouse.click(from.x, from.y);
    await page.waitForFunction(() => window.__stack.state().destinations.includes('c6t59b8t59'));
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const to = await target('b8t59');
    // From the click (pointerup) to the first frame drawn after the answer, read back at once.
    await page.evaluate(() => {
      const move = (window.__move = {});
      const canvas = document.querySelector('.viewport canvas');
      const gl = canvas.getContext('webgl2');
      canvas.addEventListener('pointerup', () => (move.clickAt = performance.now()), { capture: true, once: true });
      window.__moveDone = (async () => {
        for (;;) {
          const f = await window.__stack.nextFrame();
          if (move.answerAt === undefined || f.frameAt - f.render < move.answerAt) continue;
          gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
          const readAt = performance.now();
          if (window.__stack.state().present === 60) return { ...move, start: f.frameAt - f.render, end: f.frameAt, readAt, update: f.update, settledAt: f.settledAt, kind: window.__stack.state().lastFrame };
        }
      })();
    });
    const rendersBefore = await page.evaluate(() => window.__stack.state().renders);
    const cpuMove = chromiumCpu();
    await page.mouse.click(to.x, to.y);
    const marks = await page.evaluate(() => window.__moveDone);
    await page.waitForTimeout(100);
    const moved = cpuPerFrame(cpuMove, chromiumCpu(), 1);
    move.renders.push((await page.evaluate(() => window.__stack.state().renders)) - rendersBefore);
    move.cpuGpu.push(moved.gpu);
    move.cpuRenderer.push(moved.renderer);
    tier = await page.evaluate(() => window.__stack.state().tier);
    const t = { layers: await page.evaluate(() => window.__stack.state().visibleLayers.length) };
    timed.push(phases(marks, timing.lastBridge()));
    move.update.push(marks.update);
    kinds.push(marks.kind);
    move.render.push(marks.end - marks.start);
    if (run === RUNS - 1) {
      // Orbit: 120 frames of a right-drag, measuring the interval between animation frames.
      const box = await page.locator('.viewport canvas').boundingBox();
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      await page.mouse.move(x, y);
      await page.mouse.down({ button: 'right' });
      const before = await page.evaluate(() => window.__stack.state().renders);
      const cpuOrbit = chromiumCpu();
      const frames = await page.evaluate(
        ({ x, y }) =>
          new Promise((done) => {
            const canvas = document.querySelector('.viewport canvas');
            const times = [];
            const renders = [];
            let i = 0;
            const step = (now) => {
              times.push(now);
              renders.push(window.__stack.state().timing.render);
              if (i++ >= 120) return done({ times, renders });
              canvas.dispatchEvent(new PointerEvent('pointermove', { pointerId: 1, clientX: x + i * 4, clientY: y + Math.sin(i / 10) * 30, buttons: 2, bubbles: true }));
              requestAnimationFrame(step);
            };
            requestAnimationFrame(step);
          }),
        { x, y },
      );
      await page.mouse.up({ button: 'right' });
      const after = await page.evaluate(() => window.__stack.state().renders);
      const cpu = cpuPerFrame(cpuOrbit, chromiumCpu(), after - before);
      const intervals = frames.times.slice(1).map((t, k) => t - frames.times[k]);
      const p90 = [...intervals.slice(5)].sort((a, b) => a - b)[Math.floor(0.9 * (intervals.length - 5))];
      orbit = { layers: t.layers, frames: after - before, interval: { ...stats(intervals.slice(5)), p90: +p90.toFixed(2) }, render: stats(frames.renders.slice(5)), cpuPerFrame: cpu };
    }
    await app.close();
  }
} finally {
  await closeLeftoverApps();
  await browser.close();
  await server.close();
}
console.log(`Time Chess stack, the move of turn 59 → the finished frame of turn 60 [${tier}], ${timed.length} runs (ms):`);
report(timed);
console.log(`the move's frame: ${kinds.join(' ')}`);
console.log(JSON.stringify({ runs: RUNS, tier, move: Object.fromEntries(Object.entries(move).map(([k, v]) => [k, stats(v)])), orbit }, null, 2));
