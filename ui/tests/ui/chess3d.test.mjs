// The Time Chess 3D stack on the real backend (the fixture page of dist-fixtures/, which the
// app's navigation cannot reach, until the chess screen wires the component in). Moves are
// played by clicking where the scene's test hook (`window.__stack`) says a position
// appears; the assertions read the engine's view through the bridge and the hook's state,
// never pixels. Screenshots of the stack and of stereo go to tests/artifacts/screenshots/.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { artifacts, suiteBrowser } from './harness.mjs';

const PAGE = 'tests/ui/fixtures/chess3d.html';
const SHOTS = join(artifacts, 'screenshots');
mkdirSync(SHOTS, { recursive: true });
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
// e4, a black knight back to g6 at turn 0, a white knight forward to c1 at turn 4.
const LINE = ['e2t0e4t0', 'g8t1g6t0', 'b1t2c1t4'];

/** The hook's state once the stack has drawn at least `renders` frames. */
async function stack(page, renders = 1) {
  await page.waitForFunction((n) => window.__stack && window.__stack.state().renders >= n, renders, { timeout: 20000 });
  return page.evaluate(() => window.__stack.state());
}

/** Where a click picks a position (viewport pixels), asserting it is inside the canvas. */
/** Waits until the frames asked for so far are drawn (rendering is on demand, one per frame). */
const settled = (page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

async function where(page, pos) {
  const at = await page.evaluate((p) => window.__stack.target(p), pos);
  assert.ok(at, `${pos} can be clicked`);
  const box = await page.locator('.viewport canvas').boundingBox();
  assert.ok(at.x > box.x && at.x < box.x + box.width && at.y > box.y && at.y < box.y + box.height, `${pos} lies inside the canvas`);
  return at;
}

async function clickPos(page, pos) {
  await settled(page);
  const at = await where(page, pos);
  await page.mouse.click(at.x, at.y);
}

/** Clicks the piece on `from` (selection shown), then its destination `to`; waits for the move. */
async function playByClicks(page, from, to) {
  const before = Number(await page.getByTestId('played').textContent());
  await clickPos(page, from);
  await page.getByTestId('selected').filter({ hasText: from }).waitFor();
  await page.waitForFunction((mv) => window.__stack.state().destinations.includes(mv), from + to);
  await settled(page);
  await clickPos(page, to);
  await page.getByTestId('played').filter({ hasText: String(before + 1) }).waitFor();
}

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical violations on the page, as readable lines. */
async function audit(page) {
  await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/** Two touch pointers on the canvas moving apart (a pinch-out), as pointer events. */
async function pinchOut(page, x, y) {
  await page.evaluate(
    ({ x, y }) => {
      const canvas = document.querySelector('.viewport canvas');
      const fire = (type, id, px) =>
        canvas.dispatchEvent(new PointerEvent(type, { pointerId: id, pointerType: 'touch', clientX: px, clientY: y, isPrimary: id === 11, bubbles: true }));
      fire('pointerdown', 11, x - 20);
      fire('pointerdown', 12, x + 20);
      for (let i = 1; i <= 8; i++) {
        fire('pointermove', 11, x - 20 - i * 10);
        fire('pointermove', 12, x + 20 + i * 10);
      }
      fire('pointerup', 11, x - 100);
      fire('pointerup', 12, x + 100);
    },
    { x, y },
  );
}

const engineView = async (bridge) => (await bridge.call('chess_open')).ok;

describe('Time Chess 3D stack', () => {
  const suite = suiteBrowser({ folder: 'dist-fixtures', entry: PAGE });
  const open = (hash = '', options = {}) => suite.open({ hash: `${PAGE}#${hash}`, ...options });

  it('plays moves by clicking the scene: ordinary, back in time, and forward (a ghost)', async () => {
    const app = await open();
    const { page, bridge } = app;
    let state = await stack(page);
    assert.deepEqual(state.visibleLayers, [0]);
    assert.equal(state.pieces.length, 32);
    assert.equal(state.pieces.filter((p) => p.opacity === 1).length, 32);

    await playByClicks(page, 'e2t0', 'e4t0');
    let view = await engineView(bridge);
    assert.equal(view.screen.present, 1);
    assert.equal(view.screen.lastMove.mv, 'e2t0e4t0');

    // A black knight back to turn 0: its destination lies in the layer under the present.
    await playByClicks(page, 'g8t1', 'g6t0');
    view = await engineView(bridge);
    assert.equal(view.screen.lastMove.mv, 'g8t1g6t0');
    assert.equal(view.screen.lastMove.moveKind, 'backward');
    state = await stack(page);
    assert.deepEqual(state.visibleLayers, [0, 1, 2]);
    const knights = state.pieces.filter((p) => p.kind === 'knight' && p.color === 'black' && p.square === 'g6');
    assert.deepEqual(knights.map((k) => k.layer).sort(), [0, 1, 2], 'the knight stands on g6 from turn 0 up to the present');
    assert.ok(state.pieces.find((p) => p.layer === 0 && p.square === 'g6').opacity < 1, 'the past is faded');

    // A white knight forward to turn 4, a layer that does not exist yet.
    await playByClicks(page, 'b1t2', 'c1t4');
    view = await engineView(bridge);
    assert.equal(view.screen.lastMove.moveKind, 'forward');
    assert.deepEqual(view.screen.ghosts.map((g) => g.to), ['c1t4']);
    state = await stack(page);
    assert.equal(state.present, 3);
    assert.equal(state.top, 4);
    const ghost = state.pieces.find((p) => p.ghost);
    assert.deepEqual({ ...ghost, opacity: undefined }, { kind: 'knight', color: 'white', layer: 4, square: 'c1', opacity: undefined, ghost: true, braindead: false, inCheck: false });
    assert.ok(ghost.opacity < 1);
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it('keeps the camera while the new present is in view, and redraws a move only where it changed, exactly', async () => {
    // 20 turns: three journeys through time, then both knights shuffling (white to move).
    const line = ['e2t0e4t0', 'g8t1g6t0', 'b1t2c1t4', 'e7t3e5t3', 'g1t4f3t4', 'b8t5c6t5'];
    const knights = { white: ['f3', 'g1'], black: ['c6', 'b8'] };
    const next = (t) => {
      const side = t % 2 === 0 ? 'white' : 'black';
      const [a, b] = knights[side];
      knights[side] = [b, a];
      return [`${a}t${t}`, `${b}t${t}`];
    };
    for (let t = line.length; t < 20; t++) line.push(next(t).join(''));
    const app = await open(`moves=${line.join(',')}`, { reducedMotion: 'reduce' });
    const { page } = app;
    await stack(page);
    assert.equal((await stack(page)).tier, 'lean');
    /** The frame on the canvas, compared with a full frame of the same scene drawn at once. */
    const compare = () =>
      page.evaluate(() => {
        const gl = document.querySelector('.viewport canvas').getContext('webgl2');
        const read = () => {
          const pixels = new Uint8Array(gl.drawingBufferWidth * gl.drawingBufferHeight * 4);
          gl.readPixels(0, 0, gl.drawingBufferWidth, gl.drawingBufferHeight, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
          return pixels;
        };
        const kind = window.__stack.state().lastFrame;
        const drawn = read();
        window.__stack.renderFull();
        const full = read();
        let differing = 0;
        for (let i = 0; i < full.length; i += 1) if (drawn[i] !== full[i]) differing += 1;
        return { kind, differing };
      });
    const kinds = [];
    let kept = 0;
    let moved = 0;
    for (let t = 20; t < 26; t++) {
      const before = await stack(page);
      // Whether the layer of the coming present lies wholly inside the camera's view now.
      const willBeInView = await page.evaluate((turn) => window.__stack.inView(turn), t + 1);
      const [from, to] = next(t);
      await playByClicks(page, from, to);
      await page.waitForFunction((p) => window.__stack.state().present === p, t + 1);
      await settled(page);
      const after = await stack(page);
      const inView = await page.evaluate((turn) => window.__stack.inView(turn), t + 1);
      assert.ok(inView, `the present layer ${t + 1} is in view after the move`);
      if (JSON.stringify(after.orbit) === JSON.stringify(before.orbit)) kept += 1;
      else moved += 1;
      assert.equal(JSON.stringify(after.orbit) === JSON.stringify(before.orbit), willBeInView, `the camera moves only when layer ${t + 1} was out of view`);
      const { kind, differing } = await compare();
      assert.equal(differing, 0, `the ${kind} frame of turn ${t + 1} differs from a full frame in ${differing} bytes`);
      kinds.push(kind);
    }
    assert.ok(kept >= 1 && moved >= 1, `camera kept ${kept}, moved ${moved}`);
    // Aimed at the present, one layer's box covers about a third of the canvas and a move
    // changes several (the fade): those frames are full. Seen from afar, a selection changes
    // a few small layers: partial, and exact too.
    await page.locator('.viewport').focus();
    await page.keyboard.press('End');
    // Zoomed out by hand, the camera stays put (it is no longer aimed) while the rook's
    // destinations add small future layers at the top.
    for (let i = 0; i < 3; i++) await page.keyboard.press('-');
    await settled(page);
    const from = 'a1t26'; // a rook boxed in: only its own layer changes
    await clickPos(page, from);
    await page.getByTestId('selected').filter({ hasText: from }).waitFor();
    await settled(page);
    const selected = await compare();
    assert.equal(selected.kind, 'partial', `moves' frames: ${kinds.join(' ')}; destinations ${(await stack(page)).destinations}`);
    assert.equal(selected.differing, 0, `the partial frame of the selection differs from a full frame in ${selected.differing} bytes`);
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it('draws lean on this software rasteriser and full when asked; clicks play in both', async () => {
    for (const [query, tier] of [['', 'lean'], ['?render=full', 'full']]) {
      const app = await suite.open({ hash: `${PAGE}${query}#moves=${LINE.join(',')}` });
      const { page, bridge } = app;
      // The harness's Chromium has no GPU (SwiftShader): the stack must notice by itself.
      assert.equal((await stack(page)).tier, tier);
      await playByClicks(page, 'e7t3', 'e5t3');
      assert.equal((await engineView(bridge)).screen.lastMove.mv, 'e7t3e5t3');
      assert.deepEqual(app.problems, []);
      await app.close();
    }
  });

  it('selects only the side to move, deselects on a second click, and never plays on a drag', async () => {
    const app = await open(`moves=${LINE.slice(0, 2).join(',')}`);
    const { page, bridge } = app;
    await stack(page);
    // Black's pieces do nothing on white's turn.
    await clickPos(page, 'g6t2');
    await page.waitForTimeout(150);
    assert.equal(await page.getByTestId('selected').textContent(), '');
    await clickPos(page, 'b1t2');
    await page.getByTestId('selected').filter({ hasText: 'b1t2' }).waitFor();
    await clickPos(page, 'b1t2');
    await page.waitForFunction(() => document.querySelector('[data-testid="selected"]').textContent === '');
    assert.deepEqual((await page.evaluate(() => window.__stack.state())).destinations, []);

    await clickPos(page, 'b1t2');
    await page.waitForFunction(() => window.__stack.state().destinations.includes('b1t2c3t2'));
    const start = await where(page, 'c3t2');
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x + 90, start.y + 20, { steps: 8 });
    await page.mouse.up();
    await page.waitForTimeout(200);
    const moved = await page.evaluate(() => window.__stack.project('c3t2'));
    assert.ok(Math.hypot(moved.x - start.x, moved.y - start.y) > 10, 'the drag turned the stack');
    assert.equal((await engineView(bridge)).screen.present, 2, 'the drag played nothing');
    assert.equal(await page.getByTestId('played').textContent(), '0');
    // A right-button drag and the wheel move the camera too.
    await page.mouse.move(start.x, start.y);
    await page.mouse.down({ button: 'right' });
    await page.mouse.move(start.x - 60, start.y - 40, { steps: 6 });
    await page.mouse.up({ button: 'right' });
    await page.mouse.wheel(0, 300);
    await page.waitForTimeout(200);
    assert.equal((await engineView(bridge)).screen.present, 2);
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it('F, P and N filter the layers, S cycles stereo, and the buttons do the same', async () => {
    const app = await open(`moves=${LINE.join(',')}`);
    const { page } = app;
    await stack(page);
    const viewport = page.getByRole('application');
    const layers = async () => (await viewport.getAttribute('data-visible-layers')).split(' ').filter(Boolean).map(Number);
    assert.deepEqual(await layers(), [0, 1, 2, 3, 4]);
    await viewport.focus();
    await page.keyboard.press('f');
    assert.deepEqual(await layers(), [0, 1, 2, 3]);
    assert.equal((await page.evaluate(() => window.__stack.state())).pieces.some((p) => p.ghost), false, 'the future ghost is hidden');
    await page.keyboard.press('f');
    await page.keyboard.press('p');
    assert.deepEqual(await layers(), [3, 4]);
    await page.keyboard.press('p');
    await page.keyboard.press('n');
    assert.deepEqual(await layers(), [3]);
    assert.deepEqual((await page.evaluate(() => window.__stack.state())).visibleLayers, [3]);
    const squares = await page.evaluate(() => window.__stack.squares());
    assert.equal(squares.length, 64);
    assert.ok(squares.every((q) => q.layer === 3));
    // The arrow keys turn the camera.
    const before = await page.evaluate(() => window.__stack.project('a1t3'));
    await page.keyboard.press('ArrowLeft');
    await settled(page);
    const after = await page.evaluate(() => window.__stack.project('a1t3'));
    assert.ok(Math.hypot(after.x - before.x, after.y - before.y) > 5, 'ArrowLeft spun the stack');
    await page.keyboard.press('n');
    assert.deepEqual(await layers(), [0, 1, 2, 3, 4]);
    await page.locator('button[data-filter="P"]').click();
    assert.equal(await page.locator('button[data-filter="P"]').getAttribute('aria-pressed'), 'true');
    assert.deepEqual(await layers(), [3, 4]);
    await page.locator('button[data-filter="P"]').click();

    // The turn range: the lower thumb to 2 shows turns 2–4.
    await page.locator('input[data-range="lo"]').fill('2');
    assert.deepEqual(await layers(), [2, 3, 4]);
    await page.locator('input[data-range="lo"]').fill('0');

    await viewport.focus();
    for (const mode of ['anaglyph', 'sideBySide', 'off']) {
      await page.keyboard.press('s');
      assert.equal(await viewport.getAttribute('data-stereo'), mode);
      assert.equal((await page.evaluate(() => window.__stack.state())).stereo, mode);
    }
    await page.locator('button[data-stereo="anaglyph"]').click();
    assert.equal(await viewport.getAttribute('data-stereo'), 'anaglyph');
    assert.equal(await page.locator('button[data-stereo="anaglyph"]').getAttribute('aria-checked'), 'true');

    // The chosen layer's summary is spoken; Page Down chooses the layer below.
    const summary = page.getByTestId('stack-summary');
    assert.match(await summary.textContent(), /turn 3, the present/);
    await viewport.focus();
    await page.keyboard.press('PageDown');
    assert.match(await summary.textContent(), /turn 2, past/);
    assert.match(await summary.textContent(), /White: king e1/);
    assert.equal(await viewport.getAttribute('aria-describedby') !== null, true);
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it('shows check across time: the king in check and the layers its lines touch', async () => {
    const app = await open('shot&moves=e2t0e4t0,f7t1f6t1,d1t2h5t2');
    const { page, bridge } = app;
    const state = await stack(page);
    const check = (await engineView(bridge)).screen.check;
    assert.deepEqual(check.kings, ['e8t3']);
    assert.deepEqual(state.checkLayers, check.layers);
    const kings = state.pieces.filter((p) => p.inCheck);
    assert.deepEqual(kings.map((k) => `${k.square}t${k.layer}`), ['e8t3']);
    await settled(page);
    await page.screenshot({ path: join(SHOTS, 'chess3d-check-light-1280x800.png') });
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it('on a phone: taps select and play, a pinch zooms without playing, and axe finds nothing serious', async () => {
    const app = await open('', { viewport: PHONE });
    const { page, bridge } = app;
    await stack(page);
    const tap = async (pos) => {
      const at = await where(page, pos);
      await page.touchscreen.tap(at.x, at.y);
    };
    await tap('d2t0');
    await page.getByTestId('selected').filter({ hasText: 'd2t0' }).waitFor();
    await page.waitForFunction(() => window.__stack.state().destinations.includes('d2t0d4t0'));
    await tap('d4t0');
    await page.getByTestId('played').filter({ hasText: '1' }).waitFor();
    assert.equal((await engineView(bridge)).screen.lastMove.mv, 'd2t0d4t0');
    await settled(page);
    const spread = async () => {
      const [a, b] = await page.evaluate(() => [window.__stack.project('a1t1'), window.__stack.project('h8t1')]);
      return Math.hypot(a.x - b.x, a.y - b.y);
    };
    const before = await spread();
    const box = await page.locator('.viewport canvas').boundingBox();
    await pinchOut(page, box.x + box.width / 2, box.y + box.height / 2);
    await settled(page);
    assert.ok((await spread()) > before * 1.1, 'pinching out came closer');
    assert.equal((await engineView(bridge)).screen.present, 1, 'the pinch played nothing');
    assert.deepEqual(await audit(page), []);
    const viewport = page.getByRole('application');
    assert.ok((await viewport.getAttribute('aria-label')).length > 0);
    assert.match(await page.locator(`#${await viewport.getAttribute('aria-describedby')}`).textContent(), /F hides the future/);
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it('says so when there is no WebGL at all', async () => {
    const app = await suite.open({ hash: `${PAGE}#` });
    const { page } = app;
    // A fresh page whose canvases offer no WebGL context.
    await page.addInitScript(() => {
      const original = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (type, ...rest) {
        return String(type).startsWith('webgl') ? null : original.call(this, type, ...rest);
      };
    });
    await page.reload();
    await page.getByRole('status').filter({ hasText: 'needs WebGL' }).waitFor();
    assert.equal(await page.evaluate(() => window.__stack === undefined), true, 'no scene, no hook');
    await app.close();
  });

  it('says so when the graphics context is lost, and draws again when it returns', async () => {
    const app = await open();
    const { page } = app;
    await stack(page);
    await page.evaluate(() => {
      const canvas = document.querySelector('.viewport canvas');
      window.__lose = canvas.getContext('webgl2').getExtension('WEBGL_lose_context');
      window.__lose.loseContext();
    });
    await page.getByRole('status').filter({ hasText: 'lost its graphics context' }).waitFor();
    const before = (await page.evaluate(() => window.__stack.state())).renders;
    await page.evaluate(() => window.__lose.restoreContext());
    await page.getByRole('status').waitFor({ state: 'detached' });
    await stack(page, before + 1);
    await app.close();
  });

  for (const [size, viewport] of [
    ['1280x800', DESKTOP],
    ['390x844', PHONE],
  ]) {
    for (const scheme of ['light', 'dark']) {
      it(`screenshots of the stack and of stereo, ${scheme}, ${size}`, async () => {
        const app = await open(`shot&moves=${LINE.join(',')}`, { viewport, colorScheme: scheme });
        const { page } = app;
        await stack(page);
        // Show the destinations of a piece (in several layers).
        await clickPos(page, 'g6t3');
        await page.waitForFunction(() => window.__stack.state().destinations.length > 0);
        await settled(page);
        await page.screenshot({ path: join(SHOTS, `chess3d-stack-${scheme}-${size}.png`) });
        await page.getByRole('application').focus();
        await page.keyboard.press('s');
        await settled(page);
        await page.screenshot({ path: join(SHOTS, `chess3d-anaglyph-${scheme}-${size}.png`) });
        await page.keyboard.press('s');
        await settled(page);
        await page.screenshot({ path: join(SHOTS, `chess3d-side-by-side-${scheme}-${size}.png`) });
        assert.deepEqual(app.problems, []);
        await app.close();
      });
    }
  }
});
