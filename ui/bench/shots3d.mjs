// The 3D views' pixels, a base build against this one, after the same moves: the real
// surfaces screen at move 150 of the seeded Klein bottle game after three moves and a hover
// (1280x800 and 390x844, light and dark), and the surfaces' fixture pages; prints how many
// pixels differ per picture and saves the PNGs under OUT.
//   cd ui && npx vite build && npx vite build --config vite.fixtures.config.ts
//   BASE=<folder under ui/ of the base's dist> BASE_FIXTURES=<its dist-fixtures> [OUT=/tmp/shots3d] \
//     CRAB_CANON_IPC_BRIDGE=<target>/release/ipc-bridge node bench/shots3d.mjs
import { launchBrowser, openApp, serveDist } from '../tests/ui/harness.mjs';
import { KLEIN, playTo, rng, visibleLegalPoint } from './klein-game.mjs';
import { createRequire } from 'node:module';
import { writeFileSync, mkdirSync } from 'node:fs';
// pngjs, as playwright-core bundles it (no other PNG decoder is installed).
const { PNG } = createRequire(import.meta.url)('../node_modules/playwright-core/lib/utilsBundle.js');
const OUT = process.env.OUT ?? '/tmp/shots3d';
mkdirSync(OUT, { recursive: true });
const BUILDS = { base: [process.env.BASE, process.env.BASE_FIXTURES], new: ['dist', 'dist-fixtures'] };
if (!process.env.BASE || !process.env.BASE_FIXTURES) throw new Error('set BASE and BASE_FIXTURES to the base builds (folders under ui/)');
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const browser = await launchBrowser();
const shots = {};
async function grab(page, selector, name, build) {
  await page.waitForTimeout(300);
  const png = await page.locator(selector).screenshot();
  writeFileSync(`${OUT}/${name}-${build}.png`, png);
  (shots[name] ??= {})[build] = PNG.sync.read(png);
}
for (const [build, [dist, fixtures]] of Object.entries(BUILDS)) {
  const server = await serveDist(dist);
  for (const [size, viewport] of Object.entries(SIZES)) {
    for (const colorScheme of ['light', 'dark']) {
      const app = await openApp(browser, server.url, { viewport, colorScheme, hash: '#/surface' });
      const { page } = app;
      await playTo(app, 150, rng(150));
      await page.reload();
      await page.locator(`[data-testid="surface-screen"][data-surface="${KLEIN}"]`).waitFor();
      await page.getByRole('radio', { name: '3D' }).check({ force: true });
      await page.waitForFunction(() => window.__scene && window.__scene.frames() > 0);
      await page.waitForTimeout(300);
      for (let k = 0; k < 3; k++) {
        const found = await visibleLegalPoint(app, page);
        if (!found) break;
        const before = await page.evaluate(() => window.__scene.frames());
        await page.mouse.click(found.at.x, found.at.y);
        await page.waitForFunction((f) => window.__scene.frames() > f, before);
        await page.waitForTimeout(400);
      }
      const hover = await visibleLegalPoint(app, page);
      if (hover) await page.mouse.move(hover.at.x, hover.at.y);
      await grab(page, '.view3d canvas', `klein150-${size}-${colorScheme}`, build);
      console.log(build, size, colorScheme, await page.evaluate(() => [window.__scene.lastFrame(), window.__scene.partialFrames()]), app.problems);
      await app.close();
    }
  }
  await server.close();
  const fx = await serveDist(fixtures, 'tests/ui/fixtures/surface3d.html');
  for (const surface of ['go-mobius-9x11-v1', 'go-klein-9x18-v1', 'go-genus2-staircase-9x9-v1']) {
    for (const [size, viewport] of Object.entries(SIZES)) {
      for (const colorScheme of ['light', 'dark']) {
        const app = await openApp(browser, fx.url, { viewport, colorScheme, hash: `tests/ui/fixtures/surface3d.html#surface=${surface}` });
        await app.page.waitForFunction(() => window.__scene && window.__scene.frames() > 0);
        await grab(app.page, '.view3d canvas', `fixture-${surface}-${size}-${colorScheme}`, build);
        await app.close();
      }
    }
  }
  await fx.close();
}
await browser.close();
for (const [name, { base, new: next }] of Object.entries(shots)) {
  let differing = 0;
  let max = 0;
  if (base.width !== next.width || base.height !== next.height) { console.log(name, 'sizes differ'); continue; }
  for (let i = 0; i < base.data.length; i += 4) {
    const d = Math.max(...[0, 1, 2].map((c) => Math.abs(base.data[i + c] - next.data[i + c])));
    if (d > 0) differing += 1;
    max = Math.max(max, d);
  }
  console.log(`${name.padEnd(52)} ${base.width}x${base.height} differing pixels ${differing} (max channel difference ${max})`);
}
