// Time from a click on the 3D view to the finished frame that shows the new stone, at move
// 150 of a Klein bottle game, in headless Chromium (software WebGL: SwiftShader) on the real
// backend through the UI tests' bridge; the 3D part of `surface_views.mjs`, plus a one-pixel
// read-back after the frame (which waits until the frame is really drawn) and the CPU time
// of Chromium's GPU process and renderer per move (load-robust, unlike wall-clock times).
//
//   cd ui && npm run build
//   CRAB_CANON_IPC_BRIDGE=<target>/release/ipc-bridge [RENDER=full|lean] node bench/surface3d-click.mjs [samples]
//
// Prints the median, the 90th percentile and the worst sample of click → finished frame
// (*whole*), of its screen part alone (from the backend's answer reaching the page), and of
// the bridge's `surface_apply` round trip alone.
import { launchBrowser, openApp, serveDist } from '../tests/ui/harness.mjs';
import { KLEIN, call, playTo, rng, visibleLegalPoint } from './klein-game.mjs';
import { chromiumCpu, cpuPerFrame } from './cpu.mjs';

const SAMPLES = Number(process.argv[2] ?? 20);
const QUERY = process.env.RENDER ? `?render=${process.env.RENDER}` : '';

function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return `median ${at(0.5).toFixed(1)} ms, p90 ${at(0.9).toFixed(1)} ms, worst ${sorted[sorted.length - 1].toFixed(1)} ms (${sorted.length} samples)`;
}




const server = await serveDist(process.env.DIST ?? 'dist'); // DIST: another build to compare
const browser = await launchBrowser();
const app = await openApp(browser, server.url, { viewport: { width: 1280, height: 800 }, hash: `${QUERY}#/surface` });
const { page } = app;
const random = rng(150);
await playTo(app, 150, random);
await page.reload();
await page.locator(`[data-testid="surface-screen"][data-surface="${KLEIN}"]`).waitFor();
await page.evaluate(() => {
  const forward = window.__bridgeInvoke;
  window.__bridgeInvoke = async (cmd, args) => {
    const answer = await forward(cmd, args);
    if (cmd === 'surface_apply') window.__answeredAt = performance.now();
    return answer;
  };
});
await page.getByRole('radio', { name: '3D' }).check({ force: true });
await page.locator('[data-view="space"]').waitFor();
await page.waitForFunction(() => window.__scene && window.__scene.frames() > 0);
await page.waitForTimeout(300);
const tier = await page.evaluate(() => window.__scene.tier?.() ?? 'full');

const samples = [];
const cpu = [];
for (let k = 0; k < SAMPLES; k++) {
  const found = await visibleLegalPoint(app, page);
  if (found === null) break;
  const { point, at } = found;
  const framesBefore = await page.evaluate(() => window.__scene.frames());
  const before = chromiumCpu();
  samples.push(
    await page.evaluate(
      async ({ point, x, y }) => {
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
        // The frame is queued; reading a pixel back waits until it is drawn.
        const gl = canvas.getContext('webgl2');
        gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
        const end = performance.now();
        return { total: end - start, screen: end - window.__answeredAt };
      },
      { point, x: at.x, y: at.y },
    ),
  );
  // Frames the move caused (a focus or hover change may add one), and the CPU time they took.
  await page.waitForTimeout(100);
  const after = chromiumCpu();
  const drawn = (await page.evaluate(() => window.__scene.frames())) - framesBefore;
  cpu.push({ ...cpuPerFrame(before, after, 1), frames: drawn });
}

const backend = [];
for (let k = 0; k < 10; k++) {
  const { game } = await call(app, 'surface_open');
  const empty = game.board.flatMap((c, p) => (c === 0 ? [p] : []));
  let point;
  for (const p of empty) if ((await call(app, 'surface_explain', { line: 'game', point: p })).message === null) { point = p; break; }
  if (point === undefined) break;
  const start = performance.now();
  await call(app, 'surface_apply', { line: 'game', action: { type: 'place', at: point }, revision: game.revision });
  backend.push(performance.now() - start);
}

console.log(`Klein bottle at move 150, 3D view [${tier}], click → finished frame:`);
console.log(`  whole  ${stats(samples.map((s) => s.total))}`);
console.log(`  frames drawn per move: ${cpu.map((c) => c.frames).join(' ')}`);
console.log(`  screen ${stats(samples.map((s) => s.screen))}`);
console.log(`  CPU per move: GPU process ${stats(cpu.map((c) => c.gpu))}; renderer ${stats(cpu.map((c) => c.renderer))}`);
if (backend.length) console.log(`  bridge ${stats(backend)} (surface_apply alone)`);
if (app.problems.length) console.log('  page problems:', app.problems);
await app.close();
await browser.close();
await server.close();
