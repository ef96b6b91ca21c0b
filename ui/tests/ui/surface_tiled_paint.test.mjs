// The tiled view's copies canvas paints again only around the cells a move or a pointer
// changed (copies.ts, CopiesPainter): after such partial paintings the canvas must hold,
// byte for byte, what painting it whole gives. A Klein bottle game is played to move 120
// through the backend, then moves are played by clicking copies on the canvas (stones,
// the last-move mark moving, captures) and copies are pointed at (every copy lit and then
// unlit); the canvas's pixels are compared with the same canvas painted whole.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { suiteBrowser } from './harness.mjs';
import { KLEIN, call, playTo, rng } from '../../bench/klein-game.mjs';

/** The canvas's pixels now and after painting it whole: bytes differing, and how it had been painted. */
function compareWithWhole(page) {
  return page.evaluate(() => {
    const canvas = document.querySelector('.views canvas.copies');
    const ctx = canvas.getContext('2d');
    const painted = canvas.dataset.painted;
    const before = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    canvas.__copies.repaintWhole();
    const whole = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    let differing = 0;
    // The first differing bytes (x, y, channel, partial, whole), to tell what went wrong.
    const where = [];
    for (let k = 0; k < whole.length; k++) {
      if (before[k] === whole[k]) continue;
      differing++;
      if (where.length < 8) where.push([(k >> 2) % canvas.width, Math.floor((k >> 2) / canvas.width), k % 4, before[k], whole[k]]);
    }
    let inked = 0;
    for (let k = 3; k < whole.length; k += 4) if (whole[k] !== 0) inked++;
    return { painted, differing, inked, bytes: whole.length, where: JSON.stringify(where) };
  });
}

/** The canvas's pixels as a fingerprint (a sum over every byte, weighted by place). */
function fingerprint(page) {
  return page.evaluate(() => {
    const canvas = document.querySelector('.views canvas.copies');
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    let sum = 0;
    for (let k = 0; k < data.length; k++) sum = (sum + data[k] * ((k % 9973) + 1)) % 2147483647;
    return sum;
  });
}

/** Where the tiling's layout position (x, y) is on the screen. */
function onScreen(page, at) {
  return page.evaluate(({ x, y }) => {
    const p = new DOMPoint(x, y).matrixTransform(document.querySelector('.views svg.board').getScreenCTM());
    return { x: p.x, y: p.y };
  }, at);
}

describe('the tiled view paints its copies partially', () => {
  const suite = suiteBrowser();

  it('holds, after moves, captures and lit copies painted partially, the same bytes as a whole painting', async () => {
    const app = await suite.open({ viewport: { width: 1280, height: 800 }, hash: '#/surface' });
    const { page } = app;
    const random = rng(7);
    await playTo(app, 120, random);
    await page.reload();
    await page.locator(`[data-testid="surface-screen"][data-surface="${KLEIN}"]`).waitFor();
    await page.getByRole('radio', { name: 'Tiled' }).check({ force: true });
    await page.locator('.views[data-view="tiled"] canvas.copies[data-painted]').waitFor();
    const tiling = await call(app, 'surface_tiling', { surface: KLEIN });
    const box = await page.locator('.views[data-view="tiled"] .tiled').boundingBox();
    // The copies of a real point that the view shows (well inside the box).
    const copiesInSight = async (real) => {
      const cells = tiling.real.flatMap((r, c) => (r === real && !tiling.copies[tiling.copy[c]].home ? [c] : []));
      const shown = [];
      for (const c of cells) {
        const at = await onScreen(page, tiling.layout.points[c]);
        if (at.x > box.x + 20 && at.x < box.x + box.width - 20 && at.y > box.y + 20 && at.y < box.y + box.height - 20) shown.push({ cell: c, at });
      }
      return shown;
    };

    assert.deepEqual((await compareWithWhole(page)).differing, 0, 'a whole painting equals itself');
    let captures = 0;
    let partials = 0;
    for (let move = 0; move < 16; move++) {
      const { game } = await call(app, 'surface_open');
      const stonesBefore = game.board.filter((c) => c !== 0).length;
      // A legal empty point with a copy in sight, chosen by the seeded generator.
      let target = null;
      for (let tries = 0; tries < 200 && target === null; tries++) {
        const empty = game.board.flatMap((c, p) => (c === 0 ? [p] : []));
        const point = empty[Math.floor(random() * empty.length)];
        if ((await call(app, 'surface_explain', { line: 'game', point })).message !== null) continue;
        const shown = await copiesInSight(point);
        if (shown.length > 0) target = { point, ...shown[0] };
      }
      assert.ok(target, 'a legal point with a copy in sight');
      const before = await fingerprint(page);
      const turns = await page.getByTestId('turn-record').locator('li').count();
      await page.mouse.click(target.at.x, target.at.y);
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid="turn-record"] li').length === n, turns + 1);
      await page.waitForFunction((cell) => document.querySelector('.views canvas.copies').dataset.cells[cell] !== '0', target.cell);
      const after = await call(app, 'surface_open');
      if (after.game.board.filter((c) => c !== 0).length <= stonesBefore) captures++;
      const result = await compareWithWhole(page);
      if (result.painted.startsWith('partial')) partials++;
      assert.notEqual(await fingerprint(page), before, 'the move changed the canvas (the comparison sees changes)');
      assert.equal(result.differing, 0, `move ${move} (${result.painted}): ${result.differing} of ${result.bytes} bytes differ from a whole painting, first ${result.where}`);
      assert.ok(result.inked > 1000, 'the canvas draws the copies');
      // Several moves painted partially one after another, then compared.
      if (move === 8) {
        for (let k = 0; k < 4; k++) {
          const { game: g } = await call(app, 'surface_open');
          const empty = g.board.flatMap((c, p) => (c === 0 ? [p] : []));
          let played = false;
          for (let tries = 0; tries < 200 && !played; tries++) {
            const point = empty[Math.floor(random() * empty.length)];
            if ((await call(app, 'surface_explain', { line: 'game', point })).message !== null) continue;
            const shown = await copiesInSight(point);
            if (shown.length === 0) continue;
            const n = await page.getByTestId('turn-record').locator('li').count();
            await page.mouse.click(shown[0].at.x, shown[0].at.y);
            await page.waitForFunction((count) => document.querySelectorAll('[data-testid="turn-record"] li').length === count, n + 1);
            await page.waitForFunction((cell) => document.querySelector('.views canvas.copies').dataset.cells[cell] !== '0', shown[0].cell);
            played = true;
          }
        }
        const result = await compareWithWhole(page);
        assert.equal(result.differing, 0, `after four partial paintings in a row (${result.painted}): ${result.differing} bytes differ`);
      }
    }
    assert.ok(partials >= 12, `most moves were painted partially (${partials} of 16)`);
    assert.ok(captures > 0, 'a move captured stones');

    // Pointing at a copy lights every copy of its point (their rings painted partially), and
    // leaving it unlights them.
    await page.mouse.move(1, 1);
    await page.waitForFunction(() => document.querySelector('.views canvas.copies').dataset.lit === '');
    const unlit = await compareWithWhole(page);
    assert.equal(unlit.differing, 0, `unlit copies (${unlit.painted}): ${unlit.differing} bytes differ`);
    const { game } = await call(app, 'surface_open');
    let pointed;
    for (let p = 0; p < game.board.length && !pointed; p++) if (game.board[p] !== 0) [pointed] = await copiesInSight(p);
    assert.ok(pointed, 'a stone with a copy in sight');
    await page.mouse.move(pointed.at.x, pointed.at.y);
    await page.waitForFunction(() => document.querySelector('.views canvas.copies').dataset.lit !== '');
    const lit = await compareWithWhole(page);
    assert.match(lit.painted, /^partial/);
    assert.equal(lit.differing, 0, `lit copies: ${lit.differing} bytes differ`);
    assert.deepEqual(app.problems, []);
    await app.close();
  });
});
