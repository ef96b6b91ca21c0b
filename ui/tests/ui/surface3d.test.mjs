// The 3D view of the three surfaces on the real surface_layout command (the fixture page of
// dist-fixtures/; the surfaces screen is not wired yet). Clicks where the view says a point is
// drawn and checks the point it reports, checks a drag turns the view without choosing, that
// the arrow keys cross a seam to the engine's neighbour, and saves screenshots.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { artifacts, suiteBrowser } from './harness.mjs';

const PAGE = 'tests/ui/fixtures/surface3d.html';
const SHOTS = join(artifacts, 'screenshots');
mkdirSync(SHOTS, { recursive: true });
const SURFACES = [
  { id: 'go-mobius-9x11-v1', name: 'mobius', points: 99 },
  { id: 'go-klein-9x18-v1', name: 'klein', points: 162 },
  { id: 'go-genus2-staircase-9x9-v1', name: 'genus2', points: 162 },
];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** Waits for the scene and returns every point's screen position and visibility. */
async function projected(page) {
  await page.waitForFunction(() => window.__scene && window.__scene.frames() > 0);
  return page.evaluate(() => window.__scene.points());
}

describe('the 3D view of the surfaces', () => {
  const suite = suiteBrowser({ folder: 'dist-fixtures', entry: PAGE });
  const open = (surface, options = {}) => suite.open({ hash: `${PAGE}#surface=${surface}`, ...options });

  for (const surface of SURFACES) {
    it(`reports the ${surface.name} point drawn under a click, empty or not`, async () => {
      const app = await open(surface.id);
      const { page, bridge } = app;
      const layout = (await bridge.call('surface_layout', { args: { surface: surface.id } })).ok;
      const points = await projected(page);
      assert.equal(points.length, surface.points);
      assert.equal(layout.points.length, surface.points);
      const stones = await page.evaluate(() => window.__scene.stones());
      const visible = points.map((p, k) => ({ ...p, k })).filter((p) => p.visible);
      assert.ok(visible.length >= 20, `${visible.length} points visible`);
      // An empty point and a stone: both are chosen by a click where they are drawn.
      const empty = visible.find((p) => stones[p.k] === null);
      const stone = visible.find((p) => stones[p.k] !== null);
      // Hovering names the point under the pointer (the screen shows it and a preview stone).
      await page.mouse.move(empty.x, empty.y);
      await page.waitForFunction((name) => document.querySelector('[data-testid="hovered"]').textContent === name, layout.points[empty.k].name);
      for (const target of [empty, stone].filter(Boolean)) {
        await page.mouse.click(target.x, target.y);
        assert.equal(await page.getByTestId('chosen').textContent(), String(target.k));
      }
      assert.ok(empty, 'an empty point is visible');
      assert.ok(stones.some((c) => c === '#161616'), 'black stones are drawn black');
      assert.deepEqual(app.problems, []);
      await app.close();
    });
  }

  it('draws lean on this software rasteriser, full when asked, and picks the same points in both', async () => {
    for (const [query, tier] of [['', 'lean'], ['?render=full', 'full']]) {
      const app = await suite.open({ hash: `${PAGE}${query}#surface=${SURFACES[1].id}` });
      const { page } = app;
      const points = await projected(page);
      // The harness's Chromium has no GPU (SwiftShader): the view must notice by itself.
      assert.equal(await page.evaluate(() => window.__scene.tier()), tier);
      const stones = await page.evaluate(() => window.__scene.stones());
      const visible = points.map((p, k) => ({ ...p, k })).filter((p) => p.visible);
      const stone = visible.find((p) => stones[p.k] !== null);
      const empty = visible.find((p) => stones[p.k] === null);
      for (const target of [stone, empty]) {
        assert.ok(target, `${tier}: a stone and an empty point are in sight`);
        await page.mouse.click(target.x, target.y);
        assert.equal(await page.getByTestId('chosen').textContent(), String(target.k));
      }
      // After a drag the drawing buffer is back at full resolution (it may halve while turning).
      const canvas = page.locator('[data-testid="view3d"] canvas');
      const box = await canvas.boundingBox();
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 10, { steps: 12 });
      await page.mouse.up();
      await page.waitForFunction(() => {
        const c = document.querySelector('[data-testid="view3d"] canvas');
        return c.width === Math.round(c.clientWidth * Math.min(2, devicePixelRatio));
      });
      assert.deepEqual(app.problems, []);
      await app.close();
    }
  });

  it('after a click redraws only the changed points, and those frames equal full ones pixel for pixel', async () => {
    const app = await open(SURFACES[1].id);
    const { page } = app;
    const points = await projected(page);
    const visible = points.map((p, k) => ({ ...p, k })).filter((p) => p.visible);
    let partial = 0;
    const kinds = [];
    /** Runs `act`, waits for its frame, and compares that frame with a full one of the same scene. */
    const check = async (act) => {
      const frames = await page.evaluate(() => window.__scene.frames());
      await act();
      await page.waitForFunction((f) => window.__scene.frames() > f, frames);
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const { kind, differing, changed } = await page.evaluate(() => {
        const gl = document.querySelector('.view3d canvas').getContext('webgl2');
        const read = () => {
          const pixels = new Uint8Array(gl.drawingBufferWidth * gl.drawingBufferHeight * 4);
          gl.readPixels(0, 0, gl.drawingBufferWidth, gl.drawingBufferHeight, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
          return pixels;
        };
        const kind = window.__scene.lastFrame();
        const drawn = read();
        window.__scene.renderNow(); // a full frame of the same scene
        const full = read();
        let differing = 0;
        for (let i = 0; i < full.length; i += 1) if (drawn[i] !== full[i]) differing += 1;
        const previous = window.__lastPixels;
        window.__lastPixels = full;
        return { kind, differing, changed: !previous || full.some((v, i) => v !== previous[i]) };
      });
      assert.equal(differing, 0, `a ${kind} frame differs from the full frame in ${differing} bytes`);
      assert.ok(changed, 'the picture changed');
      kinds.push(kind);
      if (kind === 'partial') partial += 1;
    };
    // Hovering an empty point moves the hover stone; a click rings the point's neighbours (the
    // fixture's marks).
    const stones = await page.evaluate(() => window.__scene.stones());
    for (const target of visible.filter((p, i) => i % 9 === 4 && stones[p.k] === null).slice(0, 4)) {
      await check(() => page.mouse.move(target.x, target.y));
      await check(() => page.mouse.click(target.x, target.y));
    }
    // The harness's Chromium draws lean (software), where a click's frame is partial.
    assert.ok(partial >= 4, `frames: ${kinds.join(' ')}`);
    assert.equal(await page.evaluate(() => window.__scene.partialFrames()) >= partial, true);
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it('turns the view on a drag without choosing a point, and draws only on demand', async () => {
    const app = await open(SURFACES[0].id);
    const { page } = app;
    const before = await projected(page);
    const target = before.find((p) => p.visible);
    await page.waitForTimeout(300);
    const idle = await page.evaluate(() => window.__scene.frames());
    await page.waitForTimeout(300);
    assert.equal(await page.evaluate(() => window.__scene.frames()), idle, 'nothing is drawn while idle');
    await page.mouse.move(target.x, target.y);
    await page.mouse.down();
    await page.mouse.move(target.x + 80, target.y + 20, { steps: 8 });
    await page.mouse.up();
    assert.equal(await page.getByTestId('chosen').textContent(), 'none');
    const after = await page.evaluate(() => window.__scene.points());
    assert.ok(Math.hypot(after[0].x - before[0].x, after[0].y - before[0].y) > 5, 'the view turned');
    assert.ok((await page.evaluate(() => window.__scene.frames())) > idle);
    await app.close();
  });

  for (const surface of SURFACES) {
    it(`moves keyboard focus across a ${surface.name} seam to the engine's neighbour`, async () => {
      const app = await open(surface.id);
      const { page, bridge } = app;
      const layout = (await bridge.call('surface_layout', { args: { surface: surface.id } })).ok;
      await projected(page);
      // A point whose right-hand neighbour is drawn far away on the chart: across a seam.
      const from = layout.points.findIndex((p) => p.neighbours.e !== null && Math.abs(layout.points[p.neighbours.e].x - p.x) > layout.unit);
      assert.ok(from >= 0);
      const view = page.locator('.view3d');
      await view.focus();
      // Home goes to point 0; walk to `from` along the engine's own neighbours (north, then east).
      await page.keyboard.press('Home');
      const steps = [];
      let at = 0;
      while (at !== from && steps.length < 40) {
        const p = layout.points[at];
        const go = Math.round(p.y) !== Math.round(layout.points[from].y) ? 'ArrowUp' : 'ArrowRight';
        at = go === 'ArrowUp' ? p.neighbours.n : p.neighbours.e;
        steps.push(go);
      }
      for (const key of steps) await page.keyboard.press(key);
      assert.equal(Number(await view.getAttribute('data-focus')), from);
      await page.keyboard.press('ArrowRight');
      const across = layout.points[from].neighbours.e;
      assert.equal(Number(await view.getAttribute('data-focus')), across);
      // The view turns (at once: the tests run with reduced motion) to show the focus.
      await page.waitForFunction((p) => window.__scene.points()[p].visible, across);
      const spoken = await page.getByTestId('view3d-focus').textContent();
      assert.ok(spoken.startsWith(layout.points[across].name), spoken);
      await page.keyboard.press('Enter');
      assert.equal(await page.getByTestId('chosen').textContent(), String(across));
      assert.equal(await view.getAttribute('role'), 'application');
      assert.ok(await view.getAttribute('aria-describedby'));
      await app.close();
    });
  }

  it("tells the screen when an arrow key meets the Möbius strip's edge", async () => {
    const app = await open(SURFACES[0].id);
    const { page, bridge } = app;
    const layout = (await bridge.call('surface_layout', { args: { surface: SURFACES[0].id } })).ok;
    await projected(page);
    await page.locator('.view3d').focus();
    await page.keyboard.press('Home');
    assert.equal(layout.points[0].neighbours.s, null);
    await page.keyboard.press('ArrowDown');
    assert.equal(await page.getByTestId('edge').textContent(), layout.points[0].name);
    assert.equal(Number(await page.locator('.view3d').getAttribute('data-focus')), 0);
    await app.close();
  });

  it('says so when the graphics context is lost, and draws again when it is restored', async () => {
    const app = await open(SURFACES[2].id);
    const { page } = app;
    await projected(page);
    await page.evaluate(() => {
      const gl = document.querySelector('.view3d canvas').getContext('webgl2');
      window.__lose = gl.getExtension('WEBGL_lose_context');
      window.__lose.loseContext();
    });
    await page.locator('.view3d[data-state="lost"]').waitFor();
    assert.match(await page.getByRole('alert').textContent(), /lost its graphics context/);
    // The view builds a new scene on restore and hangs a new hook on the window.
    await page.evaluate(() => {
      window.__scene = null;
      window.__lose.restoreContext();
    });
    await page.locator('.view3d[data-state="none"]').waitFor();
    await page.waitForFunction(() => window.__scene && window.__scene.frames() > 0);
    const points = await page.evaluate(() => window.__scene.points());
    const target = points.findIndex((p) => p.visible);
    await page.mouse.click(points[target].x, points[target].y);
    assert.equal(await page.getByTestId('chosen').textContent(), String(target));
    await app.close();
  });

  it('explains that the flat views stay playable when there is no WebGL', async () => {
    const app = await open(SURFACES[0].id);
    const { page } = app;
    await page.addInitScript(() => {
      const original = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {
        return String(kind).startsWith('webgl') ? null : original.call(this, kind, ...rest);
      };
    });
    await page.reload();
    await page.locator('.view3d[data-state="missing"]').waitFor();
    assert.match(await page.getByRole('alert').textContent(), /flat views show the same board/);
    assert.equal(await page.locator('.view3d canvas').count(), 0);
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it('saves screenshots of every surface, light and dark, desktop and phone', async () => {
    for (const surface of SURFACES) {
      for (const colorScheme of ['light', 'dark']) {
        for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
          const app = await open(surface.id, { viewport, colorScheme });
          await projected(app.page);
          await app.page.waitForTimeout(150);
          await app.page.screenshot({ path: join(SHOTS, `surface3d-${surface.name}-${colorScheme}-${size}.png`) });
          assert.deepEqual(app.problems, []);
          await app.close();
        }
      }
    }
  });
});
