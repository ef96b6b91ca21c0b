// The Go on three surfaces screen on the real backend: playing by click, keyboard and on a
// copy in the tiled view, refusals in words, the score after two passes, the editor →
// study → reload keeping the study's label, an analysis leaving the game unchanged, and
// documents copied and pasted back (a corrupt one refused, nothing changed).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shot, suiteBrowser } from './harness.mjs';

const MOBIUS = 'go-mobius-9x11-v1';
const KLEIN = 'go-klein-9x18-v1';
const GENUS2 = 'go-genus2-staircase-9x9-v1';
const NAMES = { [MOBIUS]: 'Möbius strip', [KLEIN]: 'Klein bottle', [GENUS2]: 'Genus-two surface' };

/** The backend's answer to a command, or a failed assertion with its error. */
async function backend(app, cmd, args) {
  const answer = await app.bridge.call(cmd, args === undefined ? {} : { args });
  assert.ok('ok' in answer, `${cmd} failed: ${JSON.stringify(answer.err)}`);
  return answer.ok;
}

/** Starts a new game on `surface` through the new-game dialog. */
async function newGame(page, surface, komi = '0.5') {
  await page.getByTestId('surface-new-game').click();
  const dialog = page.getByTestId('surface-new-game-dialog');
  await dialog.getByText(NAMES[surface], { exact: true }).click();
  await dialog.getByTestId('surface-komi').fill(komi);
  await dialog.getByTestId('surface-start-game').click();
  await page.locator(`[data-testid="surface-screen"][data-surface="${surface}"]`).waitFor();
  await page.getByTestId('surface-turn').filter({ hasText: 'Black to play' }).waitFor();
}

/** The stones the flat board shows, by point. */
async function stones(page) {
  return page.locator('.views svg.board [data-point]').evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-color'))));
}

async function place(page, point) {
  const before = await page.getByTestId('turn-record').locator('li').count();
  await page.locator(`.views svg.board [data-point="${point}"]`).click();
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="turn-record"] li').length === n, before + 1);
}

describe('Go on three surfaces', () => {
  const suite = suiteBrowser();

  it('plays across a seam by keyboard, explains refusals and ends with the area score after two passes', async () => {
    const app = await suite.open({ viewport: { width: 1280, height: 800 }, hash: '#/surface' });
    const { page } = app;
    await page.getByTestId('surface-screen').waitFor();
    await newGame(page, MOBIUS);
    const layout = await backend(app, 'surface_layout', { surface: MOBIUS });

    // a1's western neighbour lies across the twisted seam: the arrow key goes there.
    const west = layout.points[0].neighbours.w;
    assert.ok(west !== null && west !== 0, 'a1 has a western neighbour across the seam');
    await page.locator('.views svg.board [data-point="0"]').focus();
    await page.keyboard.press('ArrowLeft');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-point')), String(west));
    await page.keyboard.press('Enter');
    await page.getByTestId('surface-turn').filter({ hasText: 'White to play' }).waitFor();
    assert.equal((await stones(page))[west], 1);

    // The bottom of the strip is a real edge: the step does nothing and says so.
    await page.locator('.views svg.board [data-point="0"]').focus();
    await page.keyboard.press('ArrowDown');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-point')), '0');
    await page.getByTestId('surface-hint').filter({ hasText: 'edge of the strip' }).waitFor();

    // Playing on a stone is refused in words, and nothing changes.
    const board = await stones(page);
    await page.locator(`.views svg.board [data-point="${west}"]`).click();
    await page.getByTestId('surface-notice').filter({ hasText: `${layout.points[west].name} is occupied` }).waitFor();
    assert.deepEqual(await stones(page), board);

    await page.getByTestId('surface-pass').click();
    await page.getByTestId('surface-turn').filter({ hasText: 'Black to play' }).waitFor();
    await page.getByTestId('surface-pass').click();
    await page.getByTestId('surface-result').waitFor();
    const game = await backend(app, 'surface_open');
    const { score } = game.game.outcome;
    assert.equal(game.game.outcome.reason, 'score');
    // One black stone owns the whole strip: 99 points against White's komi.
    assert.equal(score.area.black, 99);
    assert.match(await page.getByTestId('surface-result').innerText(), /Black wins by 98\.5/);
    await page.getByTestId('surface-turn').filter({ hasText: 'Game over' }).waitFor();
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it('captures across the Klein seam, refuses a superko repetition naming the earlier move, and plays on a tiled copy', async () => {
    const app = await suite.open({ viewport: { width: 1280, height: 800 }, hash: '#/surface' });
    const { page } = app;
    await page.getByTestId('surface-screen').waitFor();
    await newGame(page, KLEIN);
    const layout = await backend(app, 'surface_layout', { surface: KLEIN });
    const n = (p, d) => layout.points[p].neighbours[d];
    // A white stone on a1 whose western liberty lies across the seam: Black fills all four.
    const target = 0;
    const around = ['n', 'e', 's', 'w'].map((d) => n(target, d));
    assert.equal(new Set(around).size, 4, 'a1 has four distinct neighbours on the Klein bottle');
    const elsewhere = [80, 81];
    assert.ok(elsewhere.every((p) => !around.includes(p)));
    await place(page, around[0]); // Black
    await place(page, target); // White
    for (const [k, liberty] of around.slice(1).entries()) {
      await place(page, liberty); // Black
      if (k < 2) await place(page, elsewhere[k]); // White, away from a1
    }
    await page.getByTestId('surface-info').filter({ hasText: 'Black 1' }).waitFor();
    assert.equal((await stones(page))[target], 0);
    assert.match(await page.getByTestId('surface-info').innerText(), /Black 1, White 0/);

    // The tiled view: a tap on a dimmed copy plays on its real point.
    await page.getByRole('radio', { name: 'Tiled' }).check({ force: true });
    await page.locator('[data-view="tiled"]').waitFor();
    const tiling = await backend(app, 'surface_tiling', { surface: KLEIN });
    // A free point on the home chart's left column: its copy across the seam lies just
    // right of the home chart, in the border the view opens with.
    const free = 45;
    const home = tiling.copies.find((c) => c.home).area;
    const copies = tiling.real.flatMap((real, cell) => (real === free && !tiling.copies[tiling.copy[cell]].home ? [cell] : []));
    const distance = (cell) => {
      const { x, y } = tiling.layout.points[cell];
      return Math.hypot(x - (home.x + home.width / 2), y - (home.y + home.height / 2));
    };
    const copyCell = copies.sort((a, b) => distance(a) - distance(b))[0];
    assert.ok(copyCell !== undefined, 'the tiling shows a copy of the point');
    await page.locator(`.views svg.board [data-point="${copyCell}"]`).click();
    await page.getByTestId('surface-turn').filter({ hasText: 'Black to play' }).waitFor();
    const after = await backend(app, 'surface_open');
    assert.equal(after.game.board[free], 2, 'White played on the real point of the copy');
    await shot(page, 'surface-desktop-tiled-light');

    // A ko in the middle of the board: retaking at once would repeat the board after move
    // `repeated`, and the refusal names that move.
    await page.getByRole('radio', { name: 'Flat' }).check({ force: true });
    await page.locator('[data-view="flat"]').waitFor();
    const a = 76;
    const b = n(a, 'e');
    const [blackAround, whiteAround] = [[n(a, 'n'), n(a, 's'), n(a, 'w')], [n(b, 'n'), n(b, 's'), n(b, 'e')]];
    for (let k = 0; k < 3; k++) {
      await place(page, blackAround[k]);
      await place(page, whiteAround[k]);
    }
    await place(page, 150); // Black, elsewhere
    await place(page, a); // White, into the mouth
    const repeated = (await backend(app, 'surface_open')).game.line_length;
    await place(page, b); // Black takes the ko
    assert.equal((await stones(page))[a], 0);
    await page.locator(`.views svg.board [data-point="${a}"]`).click();
    await page
      .getByTestId('surface-notice')
      .filter({ hasText: `would repeat the whole board as it was after move ${repeated} (${layout.points[a].name})` })
      .waitFor();
    assert.equal((await stones(page))[b], 1, 'the refused retake changed nothing');
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it('edits a diagram, begins a study whose label survives a restart, and analyses without changing the game', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'surface-study-'));
    try {
      let app = await suite.open({ viewport: { width: 1280, height: 800 }, hash: '#/surface', dataDir });
      let { page } = app;
      await page.getByTestId('surface-screen').waitFor();
      await newGame(page, GENUS2);
      for (const p of [0, 40, 80]) await place(page, p);
      const game = (await backend(app, 'surface_open')).game;

      // Analysis from move 2: the branch opens in Study with the game's prefix; the game is unchanged.
      await page.getByTestId('surface-review-back').click();
      await page.getByTestId('analyse').filter({ hasText: 'move 2' }).click();
      await page.locator('[data-testid="surface-screen"][data-tab="study"]').waitFor();
      const analysed = await backend(app, 'surface_open');
      assert.equal(analysed.study.kind, 'analysis');
      assert.equal(analysed.study.first_cursor, 2);
      assert.deepEqual(analysed.game.actions, game.actions);

      // The editor: a chain without a liberty blocks the study, with the reason.
      await page.getByRole('radio', { name: 'Edit' }).check({ force: true });
      await page.getByTestId('surface-editor').waitFor();
      await page.getByTestId('surface-editor-empty').click();
      await page.getByTestId('surface-confirm-yes').click();
      await page.getByTestId('surface-editor-facts').filter({ hasText: '0 groups' }).waitFor();
      await page.locator('.views svg.board [data-point="0"]').click();
      await page.getByTestId('surface-editor-facts').filter({ hasText: '1 group' }).waitFor();
      await shot(page, 'surface-desktop-editor-light');
      await page.getByTestId('surface-begin-study').click();
      await page.getByTestId('surface-confirm-yes').click();
      await page.getByTestId('study-label').waitFor();
      const label = 'Study: earlier history unknown; repetitions counted from this setup.';
      assert.equal(await page.getByTestId('study-label').innerText(), label);
      assert.deepEqual(app.problems, []);
      await app.close();

      // The same data directory: the study and its label are back.
      app = await suite.open({ viewport: { width: 1280, height: 800 }, hash: '#/surface', dataDir });
      page = app.page;
      await page.getByTestId('surface-screen').waitFor();
      await page.getByRole('radio', { name: 'Study' }).check({ force: true });
      assert.equal(await page.getByTestId('study-label').innerText(), label);
      // The study is on the Möbius strip while the game is on genus two: its board is drawn too.
      await page.locator(`[data-testid="surface-screen"][data-surface="${MOBIUS}"]`).waitFor();
      await page.locator('.views svg.board [data-point="0"][data-color="1"]').waitFor({ timeout: 10000 });
      assert.deepEqual(app.problems, []);
      await app.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('copies a game as text and pastes it back, and refuses a corrupt document leaving everything unchanged', async () => {
    const app = await suite.open({ viewport: { width: 390, height: 844 }, colorScheme: 'dark', hash: '#/surface' });
    const { page } = app;
    await page.getByTestId('surface-screen').waitFor();
    await newGame(page, MOBIUS);
    for (const p of [4, 13]) await place(page, p);
    await shot(page, 'surface-phone-flat-dark');
    await page.getByRole('button', { name: 'Copy as text…' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="surface-export-text"]')?.value.includes('schema'));
    const text = await page.getByTestId('surface-export-text').inputValue();
    assert.match(text, /"schema": "surface-go-game"/);
    await page.getByTestId('surface-export-dialog').getByRole('button', { name: 'Close' }).click();
    const before = await backend(app, 'surface_open');

    await page.getByRole('button', { name: 'Paste text…' }).click();
    await page.getByTestId('surface-import-text').fill(text.replace('"actions"', '"actionz"'));
    await page.getByTestId('surface-import-submit').click();
    await page.getByTestId('surface-open-confirm-yes').click();
    await page.getByTestId('surface-rejection').waitFor();
    assert.ok((await page.getByTestId('surface-rejection').innerText()).length > 10);
    await page.getByTestId('surface-rejected-dialog').getByRole('button', { name: 'Close' }).click();
    assert.deepEqual((await backend(app, 'surface_open')).game, before.game);

    // A new game, then the copied text brings the old one back.
    await newGame(page, KLEIN);
    await page.getByRole('button', { name: 'Paste text…' }).click();
    await page.getByTestId('surface-import-text').fill(text);
    await page.getByTestId('surface-import-submit').click();
    await page.getByTestId('surface-file-status').filter({ hasText: 'Opened as the game.' }).waitFor();
    const back = await backend(app, 'surface_open');
    assert.deepEqual(back.game.actions, before.game.actions);
    assert.equal(back.game.surface, MOBIUS);
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it('opens a surfaces document given to the app at start in its own screen', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'surface-open-'));
    try {
      const maker = await suite.open({ hash: '#/surface' });
      await maker.page.getByTestId('surface-screen').waitFor();
      await backend(maker, 'surface_new', { surface: GENUS2 });
      const game = await backend(maker, 'surface_open');
      await backend(maker, 'surface_apply', { line: 'game', action: { type: 'place', at: 7 }, revision: game.game.revision });
      const text = await backend(maker, 'surface_export', { kind: 'game' });
      await maker.close();
      const file = join(dir, 'shared.surfacego.json');
      writeFileSync(file, text);

      const app = await suite.open({ bridgeArgs: ['--open', file] });
      const { page } = app;
      await page.locator(`[data-testid="surface-screen"][data-surface="${GENUS2}"]`).waitFor();
      await page.getByTestId('surface-file-status').filter({ hasText: 'Opened' }).waitFor();
      assert.match(page.url(), /#\/surface$/);
      assert.equal((await stones(page))[7], 1);
      assert.equal((await backend(app, 'app_status')).opened_file, null);
      assert.deepEqual(app.problems, []);
      await app.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
