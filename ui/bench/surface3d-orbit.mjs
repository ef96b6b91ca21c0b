// Frame time of the Go on three surfaces 3D view while the player orbits it, in the real
// screen (dist/, real backend through the test harness's ipc-bridge, headless Chromium at
// 1280x800). For each surface: a mid-game board (40 stones), then (1) 120 frames each drawn
// at a new orbit angle and finished on the GPU (`renderNow`, then reading one pixel back, which waits for the frame), per-frame times;
// (2) a real mouse drag of 120 steps, frames drawn per second of dragging.
// Also the CPU time per finished frame of Chromium's GPU process (where SwiftShader draws)
// and of the page's renderer process, which hardly depends on the machine's load.
// Run: cd ui && npx vite build && CRAB_CANON_IPC_BRIDGE=... node bench/surface3d-orbit.mjs
// RENDER=full|lean forces a quality tier (default: the one the view picks on this machine);
// ONLY=klein measures one surface.
import { launchBrowser, openApp, serveDist } from '../tests/ui/harness.mjs';
import { chromiumCpu, cpuPerFrame } from './cpu.mjs';

const ALL = { 'go-mobius-9x11-v1': 'Möbius strip', 'go-klein-9x18-v1': 'Klein bottle', 'go-genus2-staircase-9x9-v1': 'Genus-two surface' };
const SURFACES = Object.fromEntries(Object.entries(ALL).filter(([id]) => !process.env.ONLY || id.includes(process.env.ONLY)));
const QUERY = process.env.RENDER ? `?render=${process.env.RENDER}` : '';
const FRAMES = 120;

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

const server = await serveDist(process.env.DIST ?? 'dist'); // DIST: another build to compare
const browser = await launchBrowser();
try {
  for (const [surface, name] of Object.entries(SURFACES)) {
    const app = await openApp(browser, server.url, { viewport: { width: 1280, height: 800 }, hash: `${QUERY}#/surface` });
    const { page, bridge } = app;
    await page.getByTestId('surface-screen').waitFor();
    await bridge.call('surface_new', { args: { surface } });
    // 40 stones spread over the board, alternating colours (the engine checks each move).
    for (let k = 0, played = 0; played < 40 && k < 400; k += 1) {
      const game = (await bridge.call('surface_open', {})).ok.game;
      const at = (k * 37) % game.board.length;
      if (game.board[at] !== 0) continue;
      const answer = await bridge.call('surface_apply', { args: { line: 'game', action: { type: 'place', at }, revision: game.revision } });
      if ('ok' in answer) played += 1;
    }
    await page.reload();
    await page.getByTestId('surface-screen').waitFor();
    await page.getByRole('radio', { name: '3D' }).check({ force: true });
    await page.waitForFunction(() => window.__scene && window.__scene.frames() > 0);
    await page.waitForTimeout(300);

    // (1) Finished frames, the camera turned a little between each (as an orbit does).
    const box = await page.locator('.view3d canvas').boundingBox();
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const times = [];
    const tier = await page.evaluate(() => window.__scene.tier?.() ?? 'full');
    const cpuBefore = chromiumCpu();
    const framesBefore = await page.evaluate(() => window.__scene.frames());
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    for (let k = 0; k < FRAMES; k += 1) {
      await page.mouse.move(cx + 60 * Math.sin(k / 12), cy + 20 * Math.cos(k / 12));
      times.push(
        await page.evaluate(() => {
          const gl = document.querySelector('.view3d canvas').getContext('webgl2');
          const start = performance.now();
          window.__scene.renderNow();
          // Reading one pixel waits for the frame to be finished (gl.finish alone need not).
          gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
          return performance.now() - start;
        }),
      );
    }
    await page.mouse.up();
    // Each mouse step also asks for a frame of its own: CPU time is divided by all frames drawn.
    const cpu = cpuPerFrame(cpuBefore, chromiumCpu(), (await page.evaluate(() => window.__scene.frames())) - framesBefore);
    times.sort((a, b) => a - b);

    // (2) A plain drag: how many frames the view draws per second while it is being turned.
    const before = await page.evaluate(() => window.__scene.frames());
    const start = Date.now();
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx + 300, cy + 40, { steps: FRAMES });
    await page.mouse.up();
    await page.waitForTimeout(50);
    const seconds = (Date.now() - start) / 1000;
    const drawn = (await page.evaluate(() => window.__scene.frames())) - before;
    console.log(
      `${name.padEnd(18)} [${tier}] frame (render + readback): median ${quantile(times, 0.5).toFixed(1)} ms, p90 ${quantile(times, 0.9).toFixed(1)} ms, p95 ${quantile(times, 0.95).toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms; drag: ${drawn} frames in ${seconds.toFixed(2)} s = ${(drawn / seconds).toFixed(0)} frames/s; CPU per frame: GPU process ${cpu.gpu} ms, renderer ${cpu.renderer} ms`,
    );
    if (app.problems.length) console.log('  page problems:', app.problems);
    await app.close();
  }
} finally {
  await browser.close();
  await server.close();
}
