// The board component on the three surfaces, from the real surface_layout and
// surface_tiling commands (no surfaces screen yet: the fixture page of dist-fixtures/, which
// the app's navigation cannot reach). Counts what is drawn, checks that a tap on a copy of the
// tiling reports the real point, that the arrow keys cross a seam, and saves screenshots.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { artifacts, suiteBrowser } from './harness.mjs';

const PAGE = 'tests/ui/fixtures/surfaces.html';
const SHOTS = join(artifacts, 'surfaces');
mkdirSync(SHOTS, { recursive: true });
const SURFACES = [
  { id: 'go-mobius-9x11-v1', name: 'mobius', points: 99 },
  { id: 'go-klein-9x18-v1', name: 'klein', points: 162 },
  { id: 'go-genus2-staircase-9x9-v1', name: 'genus2', points: 162 },
];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** Where the layout position `at` of the shown tiled board is on the screen. */
function cellOnScreen(page, at) {
  return page.evaluate(({ x, y }) => {
    const m = document.querySelector('[data-testid="tiled"] svg.board').getScreenCTM();
    const p = new DOMPoint(x, y).matrixTransform(m);
    return { x: p.x, y: p.y };
  }, at);
}

/** The copies the tiled board's canvas drew lit, in order. */
async function litCells(page) {
  const lit = await page.locator('[data-testid="tiled"] canvas.copies').getAttribute('data-lit');
  return lit ? lit.split(' ').map(Number).sort((a, b) => a - b) : [];
}

describe('surface boards', () => {
  const suite = suiteBrowser({ folder: 'dist-fixtures', entry: PAGE });
  const open = (surface, view = 'both', options = {}) =>
    suite.open({ hash: `${PAGE}#surface=${surface}&view=${view}`, ...options });

  for (const surface of SURFACES) {
    it(`draws the ${surface.name} chart and tiling as the engine lays them out`, async () => {
      const app = await open(surface.id);
      const { page, bridge } = app;
      const chart = (await bridge.call('surface_layout', { args: { surface: surface.id } })).ok;
      const tiled = (await bridge.call('surface_tiling', { args: { surface: surface.id } })).ok;
      const onChart = page.getByTestId('chart');
      await onChart.locator('[data-point]').first().waitFor();
      assert.equal(await onChart.locator('[data-point]').count(), surface.points);
      assert.equal(chart.points.length, surface.points);
      assert.equal(await onChart.locator('.seam-side').count(), chart.seams.length);
      assert.ok(chart.seams.length > 0);
      const pieces = (chart.regions ?? []).reduce((n, r) => n + r.pieces.length, 0);
      assert.equal(await onChart.locator('polygon.region').count(), pieces);
      assert.equal(await onChart.locator('line.boundary').count(), chart.lines.filter((l) => l.kind === 'boundary').length);
      if (surface.name === 'genus2') assert.ok(pieces > 0, 'genus two shows its octagons');
      if (surface.name === 'mobius') assert.ok(await onChart.locator('line.boundary').count() > 0, 'the Möbius edge');
      // The tiling: the home chart's cells are elements, the copies are drawn on the canvas
      // (its record of what it drew has a colour for every cell).
      const onTiled = page.getByTestId('tiled');
      assert.equal(await onTiled.locator('[data-point]').count(), tiled.copy.filter((c) => tiled.copies[c].home).length);
      assert.equal(await onTiled.locator('[data-point].dim').count(), 0);
      assert.equal((await onTiled.locator('canvas.copies').getAttribute('data-cells')).length, tiled.real.length);
      assert.equal(await onTiled.locator('canvas.copies').getAttribute('aria-hidden'), 'true');
      assert.deepEqual(app.problems, []);
      await app.close();
    });
  }

  it('reports the real point when a copy of the tiling is tapped, and lights its copies', async () => {
    const surface = SURFACES[1];
    const app = await open(surface.id, 'tiled');
    const { page, bridge } = app;
    const tiled = (await bridge.call('surface_tiling', { args: { surface: surface.id } })).ok;
    // A cell of a copy away from home, in the view the tiling opens with, standing for a
    // point other than its own index.
    await page.locator('[data-testid="tiled"] [data-point]').first().waitFor();
    const [x, y, w, h] = (await page.locator('.tiled').getAttribute('data-view')).split(' ').map(Number);
    const unit = tiled.layout.unit;
    const inView = (k) => {
      const p = tiled.layout.points[k];
      return p.x > x + unit && p.x < x + w - unit && p.y > y + unit && p.y < y + h - unit;
    };
    const cell = tiled.real.findIndex((real, k) => !tiled.copies[tiled.copy[k]].home && real !== k && real > 10 && inView(k));
    assert.ok(cell >= 0);
    // The copy is drawn on the canvas: the pointer goes where the cell is drawn.
    const at = await cellOnScreen(page, tiled.layout.points[cell]);
    await page.mouse.move(at.x, at.y);
    const copies = tiled.real.flatMap((r, k) => (r === tiled.real[cell] ? [k] : []));
    const homes = copies.filter((k) => tiled.copies[tiled.copy[k]].home);
    // Every copy is lit: the home chart's element and the canvas's copies.
    assert.deepEqual(await litCells(page), copies.filter((k) => !homes.includes(k)).sort((a, b) => a - b));
    assert.equal(await page.locator('[data-testid="tiled"] .pt.lit').count(), homes.length);
    await page.mouse.click(at.x, at.y);
    assert.equal(await page.getByTestId('chosen').textContent(), `tiled ${tiled.real[cell]}`);
    // Leaving the board lights nothing.
    await page.mouse.move(1, 1);
    assert.deepEqual(await litCells(page), []);
    assert.equal(await page.locator('[data-testid="tiled"] .pt.lit').count(), 0);
    await app.close();
  });

  it('moves keyboard focus from the home chart onto a copy and plays there with Enter', async () => {
    const surface = SURFACES[1];
    const app = await open(surface.id, 'tiled');
    const { page, bridge } = app;
    const tiled = (await bridge.call('surface_tiling', { args: { surface: surface.id } })).ok;
    // A home cell whose right-hand neighbour belongs to a copy.
    const home = (k) => tiled.copies[tiled.copy[k]].home;
    const from = tiled.layout.points.findIndex((p, k) => home(k) && p.neighbours.e !== null && !home(p.neighbours.e));
    assert.ok(from >= 0);
    const to = tiled.layout.points[from].neighbours.e;
    await page.locator(`[data-testid="tiled"] [data-point="${from}"]`).focus();
    await page.keyboard.press('ArrowRight');
    const focused = page.locator(':focus');
    assert.equal(Number(await focused.getAttribute('data-point')), to);
    // The copy's element carries its words, and lights every copy of its point.
    assert.equal(await focused.getAttribute('aria-label'), tiled.layout.points[to].name);
    const copies = tiled.real.flatMap((r, k) => (r === tiled.real[to] && !home(k) ? [k] : []));
    assert.deepEqual(await litCells(page), copies.sort((a, b) => a - b));
    await page.keyboard.press('Enter');
    assert.equal(await page.getByTestId('chosen').textContent(), `tiled ${tiled.real[to]}`);
    // Back onto the home chart: the copy's element goes, focus stays on the board.
    await page.keyboard.press('ArrowLeft');
    assert.equal(Number(await page.locator(':focus').getAttribute('data-point')), from);
    assert.equal(await page.locator(`[data-testid="tiled"] [data-point="${to}"]`).count(), 0);
    await app.close();
  });

  it('pans on a drag without playing, and zooms with the wheel', async () => {
    const app = await open(SURFACES[0].id, 'tiled');
    const { page } = app;
    const frame = page.getByTestId('tiled');
    await frame.locator('[data-point]').first().waitFor();
    const before = await frame.locator('.tiled').getAttribute('data-view');
    const box = await frame.boundingBox();
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 60, y + 10, { steps: 6 });
    await page.mouse.up();
    const after = await frame.locator('.tiled').getAttribute('data-view');
    assert.notEqual(after, before);
    assert.equal(await page.getByTestId('chosen').textContent(), 'none');
    // The wheel zooms in about the pointer: the view box narrows.
    await page.mouse.wheel(0, -300);
    await page.waitForFunction(
      (was) => document.querySelector('.tiled')?.getAttribute('data-view') !== was,
      after,
    );
    const width = (view) => Number(view.split(' ')[2]);
    assert.ok(width(await frame.locator('.tiled').getAttribute('data-view')) < width(after));
    await app.close();
  });

  it('moves keyboard focus across a seam with the arrow keys', async () => {
    const surface = SURFACES[1];
    const app = await open(surface.id, 'chart');
    const { page, bridge } = app;
    const chart = (await bridge.call('surface_layout', { args: { surface: surface.id } })).ok;
    // A point whose right-hand neighbour is drawn far away: across the seam.
    const from = chart.points.findIndex((p) => p.neighbours.e !== null && Math.abs(chart.points[p.neighbours.e].x - p.x) > chart.unit);
    assert.ok(from >= 0);
    const point = page.locator(`[data-testid="chart"] [data-point="${from}"]`);
    await point.click();
    await page.keyboard.press('ArrowRight');
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-point'));
    assert.equal(Number(focused), chart.points[from].neighbours.e);
    await app.close();
  });

  it('saves screenshots of every chart and tiling, light and dark, desktop and phone', async () => {
    for (const surface of SURFACES) {
      for (const view of ['chart', 'tiled']) {
        for (const colorScheme of ['light', 'dark']) {
          for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
            const app = await open(surface.id, view, { viewport, colorScheme });
            await app.page.getByTestId(view).locator('[data-point]').first().waitFor();
            await app.page.waitForTimeout(100);
            await app.page.screenshot({ path: join(SHOTS, `${surface.name}-${view}-${colorScheme}-${size}.png`) });
            assert.deepEqual(app.problems, []);
            await app.close();
          }
        }
      }
    }
  });
});
