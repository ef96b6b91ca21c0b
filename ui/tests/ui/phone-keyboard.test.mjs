// Phone layout (390×844) with touch-sized targets and a records sheet, keyboard-only
// play, and the dark theme, all on the real backend.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { boardColors, shot, suiteBrowser, waitForTurn } from './harness.mjs';

const PHONE = { width: 390, height: 844 };

describe('TimeGo on a phone and by keyboard', () => {
  const suite = suiteBrowser();

  it('puts the board on top, actions in a bottom bar and records in a sheet', async () => {
    const app = await suite.open({ viewport: PHONE, hash: '#/timego' });
    const { page } = app;
    await waitForTurn(page, 'Black');
    const board = await page.locator('svg.board').boundingBox();
    assert.ok(board.width >= 360 && board.width <= 390, `board spans the width (${board.width}px)`);
    assert.ok(board.y < 160, 'board sits near the top');
    // Every point's touch target is at least 44 px square.
    const targets = await page.locator('svg.board rect.hit').evaluateAll((els) => els.map((el) => el.getBoundingClientRect()));
    for (const r of targets) assert.ok(r.width >= 44 && r.height >= 44, `target ${r.width}×${r.height}`);
    const bar = await page.locator('nav.bottombar').boundingBox();
    assert.ok(bar.y + bar.height <= PHONE.height + 1 && bar.y > board.y + board.height, 'bottom bar under the board, on screen');
    for (const id of ['pass', 'lock', 'open-records']) {
      const box = await page.getByTestId(id).boundingBox();
      assert.ok(box.height >= 44, `${id} is ${box.height}px high`);
      assert.ok(box.y >= bar.y, `${id} is in the bottom bar`);
    }
    await page.locator('svg.board [data-point="12"]').tap();
    await waitForTurn(page, 'White');
    await page.locator('svg.board [data-point="7"]').tap();
    await waitForTurn(page, 'Black');
    await shot(page, 'phone-timego-light');
    await page.getByTestId('open-records').tap();
    const sheet = page.getByTestId('records-sheet');
    await sheet.getByTestId('placement-order').waitFor();
    assert.equal(await sheet.locator('li.chip').count(), 2);
    assert.equal(await sheet.getByTestId('turn-record').locator('li').count(), 2);
    await shot(page, 'phone-timego-records');
    await sheet.getByRole('button', { name: 'Close' }).tap();
    await sheet.waitFor({ state: 'hidden' });
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it('previews a time move from the bottom bar in the dark theme', async () => {
    const app = await suite.open({ viewport: PHONE, colorScheme: 'dark', hash: '#/timego' });
    const { page } = app;
    await waitForTurn(page, 'Black');
    assert.equal(await page.locator('html').getAttribute('data-scheme'), 'dark');
    for (const [p, next] of [[6, 'White'], [18, 'Black'], [12, 'White'], [0, 'Black']]) {
      await page.locator(`svg.board [data-point="${p}"]`).tap();
      await waitForTurn(page, next);
    }
    await page.getByRole('radiogroup', { name: 'Mode' }).getByText('Time').tap();
    await page.locator('svg.board [data-point="12"]').tap();
    await page.getByTestId('preview-counts').waitFor();
    const play = await page.getByTestId('play-time').boundingBox();
    const bar = await page.locator('nav.bottombar').boundingBox();
    assert.ok(play.y >= bar.y && play.height >= 44, 'Play time move is in thumb reach');
    await shot(page, 'phone-timego-dark-preview');
    await page.getByTestId('play-time').tap();
    await waitForTurn(page, 'White');
    await shot(page, 'phone-timego-dark');
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it('plays by keyboard alone: arrows, Home/End, Enter, Space and Escape', async () => {
    const app = await suite.open({ viewport: { width: 1280, height: 800 }, hash: '#/timego' });
    const { page } = app;
    await waitForTurn(page, 'Black');
    // Tab until a board point has focus.
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => document.activeElement?.hasAttribute('data-point'))) break;
    }
    const focused = () => page.evaluate(() => Number(document.activeElement?.getAttribute('data-point')));
    assert.equal(await focused(), 0, 'focus enters the board at A1');
    await page.keyboard.press('End');
    assert.equal(await focused(), 24);
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowRight');
    assert.equal(await focused(), 6, 'up and right from A1 is B2');
    await page.keyboard.press('Enter');
    await waitForTurn(page, 'White');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press(' ');
    await waitForTurn(page, 'Black');
    const colors = await boardColors(page);
    assert.equal(colors[6], 1);
    assert.equal(colors[7], 2);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter'); // C3 for Black
    await waitForTurn(page, 'White');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter'); // D3 for White
    await waitForTurn(page, 'Black');
    await shot(page, 'desktop-keyboard-focus');

    // Switch to Time mode from the keyboard: Shift+Tab back to the mode control, arrow to Time.
    await page.locator('input[name="mode"][value="place"]').focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('[data-testid="timego-screen"]')?.getAttribute('data-mode') === 'time');
    await page.locator('svg.board [data-point="12"]').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('arrival-value').filter({ hasText: /Before placement/ }).waitFor();
    assert.match(await page.locator('svg.board').getAttribute('aria-label'), /Possible present|Current board/);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.querySelector('[data-testid="timego-screen"]')?.getAttribute('data-mode') === 'place');
    assert.equal(await page.getByTestId('time-panel').count(), 0);
    assert.match(await page.locator('svg.board').getAttribute('aria-label'), /^Current board/);

    // Inspect mode: choosing Black's B2 marks its group and its liberties with dots.
    await page.locator('input[name="mode"][value="place"]').focus();
    await page.keyboard.press('ArrowLeft'); // wraps to Inspect
    await page.waitForFunction(() => document.querySelector('[data-testid="timego-screen"]')?.getAttribute('data-mode') === 'inspect');
    await page.locator('svg.board [data-point="6"]').focus();
    await page.keyboard.press('Enter');
    const hint = page.getByTestId('hint');
    await hint.filter({ hasText: /^Group of 1 stone with 3 liberties\.$/ }).waitFor();
    const dots = await page.locator('svg.board circle.liberty').evaluateAll((els) =>
      els.map((el) => Number(el.closest('[data-point]').getAttribute('data-point'))).sort((a, b) => a - b),
    );
    assert.deepEqual(dots, [1, 5, 11], "B1, A2 and B3 are the liberties of B2; White C2 takes the fourth");
    assert.match(await page.locator('svg.board [data-point="5"]').getAttribute('aria-label'), /A2, empty, liberty/);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.querySelector('[data-testid="timego-screen"]')?.getAttribute('data-mode') === 'place');
    assert.deepEqual(app.problems, []);
    await app.close();
  });
});
