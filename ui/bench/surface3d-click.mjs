// Time from a click on the 3D view to the finished frame that shows the new stone, at move
// 150 of a Klein bottle game, in headless Chromium (software WebGL: SwiftShader) on the real
// backend through the UI tests' bridge; the 3D part of `surface_views.mjs`, timed in phases
// (see `phases.mjs`: input, the bridge's own time, the page's JavaScript, the display
// refresh wait, the draw calls and a one-pixel read-back right after them, which waits until
// the frame is really drawn), with the CPU time of Chromium's GPU process and renderer per
// move (load-robust, unlike wall-clock times).
//
//   cd ui && npm run build
//   CRAB_CANON_IPC_BRIDGE=<target>/release/ipc-bridge [RENDER=full|lean] node bench/surface3d-click.mjs [samples]
//
// Prints, per phase, the median, the 90th percentile and the worst sample; *work* is the
// sum of the phases that are work (not the refresh wait, not the harness's IPC hop), *wall*
// the click → finished frame as measured. Also the kind of each move's frame (`partial`:
// only the changed points' rectangles redrawn) and `surface_apply` alone through the bridge.
import { launchBrowser, openApp, serveDist } from '../tests/ui/harness.mjs';
import { KLEIN, call, playTo, rng, visibleLegalPoint } from './klein-game.mjs';
import { chromiumCpu, cpuPerFrame } from './cpu.mjs';
import { instrument, phases, report, stats } from './phases.mjs';

const SAMPLES = Number(process.argv[2] ?? 20);
const QUERY = process.env.RENDER ? `?render=${process.env.RENDER}` : '';

const server = await serveDist(process.env.DIST ?? 'dist'); // DIST: another build to compare
const browser = await launchBrowser();
const app = await openApp(browser, server.url, { viewport: { width: 1280, height: 800 }, hash: `${QUERY}#/surface` });
const { page } = app;
const random = rng(150);
await playTo(app, 150, random);
await page.reload();
await page.locator(`[data-testid="surface-screen"][data-surface="${KLEIN}"]`).waitFor();
const timing = await instrument(app, 'surface_apply');
await page.getByRole('radio', { name: '3D' }).check({ force: true });
await page.locator('[data-view="space"]').waitFor();
await page.waitForFunction(() => window.__scene && window.__scene.frames() > 0);
await page.waitForTimeout(300);
const tier = await page.evaluate(() => window.__scene.tier?.() ?? 'full');

const samples = [];
const kinds = [];
const cpu = [];
for (let k = 0; k < SAMPLES; k++) {
  const found = await visibleLegalPoint(app, page);
  if (found === null) break;
  const { point, at } = found;
  const framesBefore = await page.evaluate(() => window.__scene.frames());
  const before = chromiumCpu();
  const marks = await page.evaluate(
    async ({ point, x, y }) => {
      const canvas = document.querySelector('.view3d canvas');
      const gl = canvas.getContext('webgl2');
      const move = (window.__move = {});
      // The first frame that starts after the answer and shows the stone; a pixel read back
      // right after its draw calls waits until it is really drawn.
      const frame = (async () => {
        for (;;) {
          const f = await window.__scene.nextFrame();
          if (move.answerAt === undefined || f.start < move.answerAt) continue;
          gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
          const readAt = performance.now();
          if (window.__scene.stones()[point] !== null) return { ...f, readAt };
        }
      })();
      const init = { bubbles: true, clientX: x, clientY: y, pointerId: 1, pointerType: 'mouse', button: 0, isPrimary: true };
      move.clickAt = performance.now();
      canvas.dispatchEvent(new PointerEvent('pointerdown', init));
      canvas.dispatchEvent(new PointerEvent('pointerup', init));
      const f = await frame;
      return { ...move, start: f.start, end: f.end, readAt: f.readAt, kind: f.kind };
    },
    { point, x: at.x, y: at.y },
  );
  samples.push(phases(marks, timing.lastBridge()));
  kinds.push(marks.kind);
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

console.log(`Klein bottle at move 150, 3D view [${tier}], click → finished frame, ${samples.length} moves (ms):`);
report(samples);
console.log(`  the move's frame: ${kinds.join(' ')}; frames drawn per move: ${cpu.map((c) => c.frames).join(' ')}`);
console.log(`  CPU per move: GPU process ${stats(cpu.map((c) => c.gpu))}; renderer ${stats(cpu.map((c) => c.renderer))}`);
if (backend.length) console.log(`  surface_apply alone through the bridge (node side): ${stats(backend)}`);
if (app.problems.length) console.log('  page problems:', app.problems);
await app.close();
await browser.close();
await server.close();
