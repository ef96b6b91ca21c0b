// Time Chess in the app (dist/, not a fixture page) on the real backend: the home lists it,
// #/chess shows the 2D board with the 3D stack beside it (loaded in a chunk of its own),
// and one game takes a move clicked in the 3D scene (where its test hook `window.__stack`
// says a position appears), a move on the 2D board and a typed move, all read back from
// the engine; on a phone a toggle switches between the two views. A Time Chess file given
// at start (`--open`) opens in the chess screen. Screenshots go to tests/artifacts/.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shot, suiteBrowser } from './harness.mjs';

/** The backend's answer to a command, or a failed assertion with its error. */
async function backend(app, cmd, args) {
  const answer = await app.bridge.call(cmd, args === undefined ? {} : { args });
  assert.ok('ok' in answer, `${cmd} failed: ${JSON.stringify(answer.err)}`);
  return answer.ok;
}

/** Waits until the frames asked for so far are drawn (the stack renders on demand). */
const settled = (page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** Clicks where the stack's hook says `pos` can be picked. */
async function clickInStack(page, pos) {
  await settled(page);
  const at = await page.evaluate((p) => window.__stack.target(p), pos);
  assert.ok(at, `${pos} can be clicked in the stack`);
  await page.mouse.click(at.x, at.y);
}

/** Waits until the move list holds `count` moves. */
async function waitForMoves(page, count) {
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="move-list"] li').length === n, count);
}

describe('Time Chess in the app', () => {
  const suite = suiteBrowser();

  it('plays a move in the 3D stack, one on the 2D board and a typed one', async () => {
    const app = await suite.open({ viewport: { width: 1280, height: 800 } });
    const { page } = app;
    await page.locator('[data-game="chess"]').click();
    await page.getByTestId('chess-screen').waitFor();
    assert.match(page.url(), /#\/chess$/);
    await page.waitForFunction(() => window.__stack && window.__stack.state().renders >= 1, null, { timeout: 20000 });
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.endsWith('.js')));
    assert.ok(scripts.some((n) => /\/Stack3D-[^/]*\.js$/.test(n)), 'the stack came in a chunk of its own');

    // Turn 0 in the stack: the e-pawn two squares forward.
    await clickInStack(page, 'e2t0');
    await page.waitForFunction(() => window.__stack.state().destinations.includes('e2t0e4t0'));
    await clickInStack(page, 'e4t0');
    await waitForMoves(page, 1);
    assert.deepEqual((await backend(app, 'chess_open')).moves, ['e2t0e4t0']);
    await page.waitForFunction(() => window.__stack.state().present === 1);

    // Turn 1 on the 2D board: the g-knight to f6.
    const board = page.getByTestId('chess-board');
    await board.locator('[data-square="g8"]').click();
    await page.waitForFunction(() => window.__stack.state().destinations.includes('g8t1f6t1'), null, { timeout: 10000 });
    await board.locator('[data-square="f6"]').click();
    await waitForMoves(page, 2);

    // Turn 2 typed.
    await page.getByTestId('typed-move').fill('d2t2d4t2');
    await page.getByTestId('typed-play').click();
    await waitForMoves(page, 3);
    assert.deepEqual((await backend(app, 'chess_open')).moves, ['e2t0e4t0', 'g8t1f6t1', 'd2t2d4t2']);
    await page.waitForFunction(() => window.__stack.state().present === 3);
    await shot(page, 'chess-app-desktop-light');

    // A layer chosen in the stack is the one the 2D board shows.
    await page.getByTestId('timeline').locator('[data-turn="1"]').click();
    await page.getByTestId('layer-name').filter({ hasText: '1' }).waitFor();
    await page.waitForFunction(() => window.__stack.state().focusTurn === 1);
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it('draws after travels both ways and a replaced future exactly what a reload draws', async () => {
    // The answers carry only the layers that changed (`lib/chessStack.ts` keeps the rest);
    // a reload starts from every layer. Both must draw the same stack, board and lists.
    const app = await suite.open({ viewport: { width: 1280, height: 800 }, hash: '#/chess' });
    const { page } = app;
    await page.getByTestId('chess-screen').waitFor();
    await page.waitForFunction(() => window.__stack && window.__stack.state().renders >= 1, null, { timeout: 20000 });
    // A pawn sent a turn ahead, then a knight back to turn 3 capturing there (it rewrites
    // layers 3 and 4), then a last move.
    const line = ['e2t0e2t1', 'e7t1e5t1', 'g1t2f3t2', 'f7t3f5t3', 'f3t4f5t3', 'd7t5d6t5'];
    for (const [i, mv] of line.entries()) {
      await page.getByTestId('typed-move').fill(mv);
      await page.getByTestId('typed-play').click();
      await waitForMoves(page, i + 1);
    }
    const drawn = async () => {
      await settled(page);
      return page.evaluate(() => {
        const s = window.__stack.state();
        const text = (id) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? null;
        return {
          stack: { present: s.present, top: s.top, visible: s.visibleLayers, check: s.checkLayers, pieces: s.pieces },
          board: [...document.querySelectorAll('[data-testid="chess-board"] [data-square]')].map((e) => `${e.dataset.square}:${e.dataset.piece ?? ''}`),
          // The moves (their notes of what happened are the session's memory of its own
          // answers, which a reload does not have).
          moves: [...document.querySelectorAll('[data-testid="move-list"] li .mv')].map((e) => e.textContent),
          timeline: text('timeline'),
          summary: text('layer-summary'),
        };
      });
    };
    /** What is drawn now, checked against what a reload (every layer afresh) draws. */
    const sameAfterReload = async (moves, present) => {
      await page.waitForFunction((n) => window.__stack.state().present === n, present);
      const kept = await drawn();
      await page.reload();
      await page.getByTestId('chess-screen').waitFor();
      await waitForMoves(page, moves);
      await page.waitForFunction((n) => window.__stack && window.__stack.state().present === n && window.__stack.state().renders >= 1, present, { timeout: 20000 });
      assert.deepEqual(await drawn(), kept);
      return kept;
    };
    const travelled = await sameAfterReload(6, 6);
    const at = (layer, square) => travelled.stack.pieces.filter((p) => p.layer === layer && p.square === square && !p.ghost).map((p) => `${p.color} ${p.kind}`);
    assert.deepEqual(at(1, 'e2'), ['white pawn'], 'the pawn arrived on e2 at turn 1');
    assert.deepEqual(at(3, 'f5'), ['white knight'], 'the knight took the pawn on f5 at turn 3');

    // Back before the capture in the past (its layers come back as they were), and a
    // different move there replaces the later ones.
    await page.getByTestId('review-back').click();
    await page.getByTestId('review-back').click();
    await page.getByTestId('review-position').filter({ hasText: '4 / 6' }).waitFor();
    await page.waitForFunction(() => window.__stack.state().present === 4);
    const board = page.getByTestId('chess-board');
    await board.locator('[data-square="a2"]').click();
    await board.locator('[data-square="a3"]').click();
    await page.getByTestId('confirm-replace').waitFor();
    await page.getByTestId('confirm-replace-play').click();
    await waitForMoves(page, 5);
    const replaced = await sameAfterReload(5, 5);
    assert.equal(replaced.moves.length, 5);
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it('switches between the 3D stack and the 2D board on a phone', async () => {
    const app = await suite.open({ viewport: { width: 390, height: 844 }, hash: '#/chess', colorScheme: 'dark' });
    const { page } = app;
    await page.getByTestId('chess-board').waitFor();
    assert.equal(await page.getByTestId('stack3d-slot').count(), 0, 'the board alone at first');
    await page.getByTestId('view-stack').click();
    await page.waitForFunction(() => window.__stack && window.__stack.state().renders >= 1, null, { timeout: 20000 });
    assert.equal(await page.getByTestId('chess-board').isVisible(), false);
    assert.equal(await page.getByTestId('view-stack').getAttribute('aria-pressed'), 'true');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `no horizontal overflow (${width})`);
    await shot(page, 'chess-app-phone-dark-stack');
    await page.getByTestId('view-board').click();
    await page.getByTestId('chess-board').waitFor();
    assert.equal(await page.getByTestId('stack3d-slot').count(), 0);
    await shot(page, 'chess-app-phone-dark-board');
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it('opens a Time Chess file given to the app at start in the chess screen', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chess-open-'));
    try {
      const maker = await suite.open({ hash: '#/chess' });
      await maker.page.getByTestId('chess-screen').waitFor();
      const fresh = await backend(maker, 'chess_new');
      await backend(maker, 'chess_play', { mv: 'e2t0e4t0', revision: fresh.revision, replace_future: false });
      const text = await backend(maker, 'chess_export');
      await maker.close();
      const file = join(dir, 'shared.timechess.json');
      writeFileSync(file, text);

      const app = await suite.open({ bridgeArgs: ['--open', file] });
      const { page } = app;
      await page.getByTestId('chess-screen').waitFor();
      assert.match(page.url(), /#\/chess$/);
      await waitForMoves(page, 1);
      await page.getByText(`Opened ${file}.`).waitFor();
      assert.deepEqual((await backend(app, 'chess_open')).moves, ['e2t0e4t0']);
      assert.equal((await backend(app, 'app_status')).opened_file, null);
      assert.deepEqual(app.problems, []);
      await app.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
