// A TimeGo game on the real backend at desktop size: placements, a capture, a refused
// placement explained in words, a time move previewed and played, Lock and its disabled
// reason, two passes and the final score.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { boardColors, clickPoint, shot, suiteBrowser, waitForTurn } from './harness.mjs';

// 4×4 points: A1=0, B1=1, C1=2, D1=3, A2=4, ..., D4=15.
const A1 = 0;
const B1 = 1;
const A2 = 4;
const D4 = 15;

/** Starts a new game of `size` through the new-game menu. */
async function newGame(page, size) {
  await page.getByTestId('new-game').click();
  const dialog = page.getByTestId('new-game-dialog');
  await dialog.getByText(`${size} × ${size}`).click();
  await dialog.getByTestId('start-game').click();
  await page.waitForFunction((n) => document.querySelector('svg.board')?.getAttribute('data-size') === String(n), size);
}

describe('TimeGo on the desktop', () => {
  const suite = suiteBrowser();

  it('plays a whole game with a capture, a time move, Lock, a refusal and the score', async () => {
    const app = await suite.open({ viewport: { width: 1280, height: 800 }, hash: '#/timego' });
    const { page } = app;
    await waitForTurn(page, 'Black');
    await newGame(page, 4);
    assert.equal(await page.locator('svg.board [data-point]').count(), 16);
    await shot(page, 'desktop-timego-new');
    // At the start the reasons speak of the empty board, not of locked placements.
    assert.equal(
      await page.getByTestId('lock-reason').innerText(),
      'Lock is unavailable. Nothing has been placed yet; Lock protects placements, so it needs at least one.',
    );
    await page.getByRole('radiogroup', { name: 'Mode' }).getByText('Time').click();
    assert.match(await page.getByTestId('time-panel').innerText(), /No stone of yours can travel now\. You have no stone on the board\./);
    await page.getByRole('radiogroup', { name: 'Mode' }).getByText('Place').click();

    await clickPoint(page, B1);
    await waitForTurn(page, 'White');
    await clickPoint(page, A1);
    await waitForTurn(page, 'Black');
    await clickPoint(page, A2); // captures the white stone on A1
    await waitForTurn(page, 'White');
    let colors = await boardColors(page);
    assert.equal(colors[A1], 0, 'A1 was captured');
    assert.equal(colors[B1], 1);
    assert.equal(colors[A2], 1);
    // The last move carries its mark and says so to screen readers.
    assert.match(await page.locator(`[data-point="${A2}"]`).getAttribute('aria-label'), /A2, black stone, born at placement 3.*last move/);

    // A refused placement is explained next to the board and changes nothing.
    await clickPoint(page, B1);
    const notice = page.getByTestId('notice');
    await notice.waitFor();
    assert.match(await notice.innerText(), /occupied/i);
    assert.deepEqual(await boardColors(page), colors);
    await waitForTurn(page, 'White');

    await clickPoint(page, D4);
    await waitForTurn(page, 'Black');
    const order = page.getByTestId('placement-order');
    assert.equal(await order.locator('li.chip').count(), 4);

    // Time mode rings black's movable stones; choosing A2 previews its nearest arrival at once.
    await page.getByRole('radiogroup', { name: 'Mode' }).getByText('Time').click();
    await page.locator(`[data-point="${A2}"] circle.ring`).waitFor();
    await clickPoint(page, A2);
    const counts = page.getByTestId('preview-counts');
    await counts.waitFor();
    assert.equal(await page.getByTestId('arrival-value').innerText(), 'Before placement 2');
    // Arriving before White's A1 makes that placement suicide: it is cancelled, nothing else changes.
    assert.equal(await counts.locator('[data-count="cancelled"]').getAttribute('data-value'), '1');
    assert.equal(await counts.locator('[data-count="restored"]').getAttribute('data-value'), '0');
    assert.equal(await counts.locator('[data-count="captured"]').getAttribute('data-value'), '0');
    assert.equal(await page.locator(`[data-point="${A1}"] path.cross`).count(), 1, 'a cross marks the cancelled placement');
    assert.equal(await order.locator('li.chip.cancelled').count(), 1);
    // The area panel still counts the actual board.
    assert.equal(await page.getByTestId('area-black').innerText(), '3');
    await shot(page, 'desktop-timego-time-preview');

    // Escape returns to the actual board; choosing again and playing commits the move.
    await page.keyboard.press('Escape');
    await page.getByTestId('preview-counts').waitFor({ state: 'detached' });
    assert.equal(await page.locator('svg.board path.cross').count(), 0);
    await page.getByRole('radiogroup', { name: 'Mode' }).getByText('Time').click();
    await clickPoint(page, A2);
    await page.getByTestId('preview-counts').waitFor();
    await page.getByTestId('play-time').click();
    await waitForTurn(page, 'White');
    assert.equal(await order.locator('li.chip').count(), 3, 'the cancelled placement left the order');
    assert.match(await page.getByTestId('turn-record').innerText(), /Black time 3 → 2/);

    // Lock is legal now; once everything is locked it is disabled with the reason.
    await page.getByTestId('lock').click();
    await waitForTurn(page, 'Black');
    assert.equal(await page.getByTestId('lock').isDisabled(), true);
    assert.match(await page.getByTestId('lock-reason').innerText(), /Lock is unavailable\. .+/);
    assert.match(await page.getByTestId('lock-reason').innerText(), /Every placement is already locked/);
    assert.equal(await order.locator('li.chip.locked').count(), 3);
    await shot(page, 'desktop-timego-locked');

    // Two passes end the game with the area score: Black 2 stones + A1, White 1 stone.
    await page.getByTestId('pass').click();
    await waitForTurn(page, 'White');
    await page.getByTestId('pass').click();
    const over = page.getByTestId('game-over');
    await over.waitFor();
    assert.equal(await page.getByTestId('score-black').innerText(), '3');
    assert.equal(await page.getByTestId('score-white').innerText(), '1');
    assert.match(await over.innerText(), /Black wins by 2/);
    await shot(page, 'desktop-timego-game-over');
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it('shows every arrival the slider reaches exactly as the engine previews it', async () => {
    const app = await suite.open({ viewport: { width: 1280, height: 800 }, hash: '#/timego' });
    const { page, bridge } = app;
    await waitForTurn(page, 'Black');
    await newGame(page, 5);
    // Five placements so Black's last stone (placement 5) has four earlier gaps.
    for (const p of [6, 7, 12, 13, 18]) await clickPoint(page, p).then(() => page.waitForTimeout(80));
    await waitForTurn(page, 'White');
    await clickPoint(page, 0);
    await waitForTurn(page, 'Black');
    await page.getByRole('radiogroup', { name: 'Mode' }).getByText('Time').click();
    await clickPoint(page, 18);
    await page.getByTestId('arrival-value').filter({ hasText: /Before placement/ }).waitFor();
    const slider = page.locator('#arrival-slider');
    for (const gap of [3, 2, 1, 0]) {
      if (gap < 3) {
        await slider.focus();
        await page.keyboard.press('ArrowLeft');
      }
      await page.getByTestId('arrival-value').filter({ hasText: `Before placement ${gap + 1}` }).waitFor();
      const answer = await bridge.call('timego_preview', { args: { source: 4, target: gap } });
      if ('ok' in answer) {
        const counts = page.getByTestId('preview-counts');
        await counts.waitFor();
        const c = answer.ok.consequences;
        assert.equal(await counts.locator('[data-count="cancelled"]').getAttribute('data-value'), String(c.cancelled.length));
        assert.equal(await counts.locator('[data-count="restored"]').getAttribute('data-value'), String(c.restored.length));
        assert.equal(await counts.locator('[data-count="captured"]').getAttribute('data-value'), String(c.captured.length));
        assert.deepEqual(await boardColors(page), c.board_after);
      } else {
        const problem = page.getByTestId('arrival-problem');
        await problem.waitFor();
        assert.match(await problem.innerText(), /This arrival is not allowed\. .+/);
      }
    }
    await shot(page, 'desktop-timego-slider');
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it('reviews earlier turns with Ctrl+Z and asks before replacing the later ones', async () => {
    const app = await suite.open({ viewport: { width: 1280, height: 800 }, hash: '#/timego' });
    const { page } = app;
    await waitForTurn(page, 'Black');
    await newGame(page, 4);
    for (const [p, next] of [[5, 'White'], [10, 'Black'], [6, 'White']]) {
      await clickPoint(page, p);
      await waitForTurn(page, next);
    }
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    const banner = page.getByTestId('review-banner');
    await banner.filter({ hasText: 'Reviewing after turn 1 of 3' }).waitFor();
    await waitForTurn(page, 'White');
    assert.deepEqual((await boardColors(page)).filter((c) => c !== 0), [1]);
    await page.keyboard.press('Control+Shift+z');
    await banner.filter({ hasText: 'Reviewing after turn 2 of 3' }).waitFor();
    await page.keyboard.press('Control+z');
    await banner.filter({ hasText: 'Reviewing after turn 1 of 3' }).waitFor();
    await shot(page, 'desktop-timego-review');

    // Playing here would discard turns 2 and 3: the backend's question is shown, declining changes nothing.
    await clickPoint(page, 15);
    const confirm = page.getByTestId('confirm-replace');
    await confirm.waitFor();
    assert.match(await confirm.innerText(), /2 later turns/);
    await confirm.getByRole('button', { name: 'Keep reviewing' }).click();
    await confirm.waitFor({ state: 'hidden' });
    assert.equal(await page.getByTestId('turn-record').locator('li').count(), 3);
    await clickPoint(page, 15);
    await confirm.waitFor();
    await page.getByTestId('confirm-replace-play').click();
    await waitForTurn(page, 'Black');
    await banner.waitFor({ state: 'detached' });
    assert.equal(await page.getByTestId('turn-record').locator('li').count(), 2);
    assert.equal((await boardColors(page))[15], 2);
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it('exports the record as text and loads it back, refusing a bad document with its reason', async () => {
    const app = await suite.open({ viewport: { width: 1280, height: 800 }, hash: '#/timego' });
    const { page } = app;
    await waitForTurn(page, 'Black');
    await newGame(page, 4);
    for (const [p, next] of [[5, 'White'], [10, 'Black']]) {
      await clickPoint(page, p);
      await waitForTurn(page, next);
    }
    await page.getByTestId('export-record').click();
    // The record arrives from the backend after the dialog opens: wait for it.
    const recordText = page.getByTestId('record-text');
    let text = await recordText.inputValue();
    for (let tries = 0; text === '' && tries < 100; tries += 1) {
      await page.waitForTimeout(50);
      text = await recordText.inputValue();
    }
    const document = JSON.parse(text);
    assert.equal(document.schema, 'time-go-game');
    assert.equal(document.actions.length, 2);
    await page.getByTestId('record-text-dialog').getByRole('button', { name: 'Close' }).click();

    await newGame(page, 5);
    assert.equal(await page.getByTestId('turn-record').locator('li').count(), 0);
    await page.getByTestId('import-record').click();
    const dialog = page.getByTestId('record-import-dialog');
    await page.getByTestId('record-import-text').fill(text.replace('"size": 4', '"size": 9'));
    await dialog.getByRole('button', { name: 'Load game' }).click();
    const problem = page.getByTestId('record-import-problem');
    await problem.waitFor();
    assert.ok((await problem.innerText()).length > 0);
    assert.equal(await page.locator('svg.board').getAttribute('data-size'), '5', 'a refused document changes nothing');
    await page.getByTestId('record-import-text').fill(text);
    await dialog.getByRole('button', { name: 'Load game' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForFunction(() => document.querySelector('svg.board')?.getAttribute('data-size') === '4');
    assert.equal(await page.getByTestId('turn-record').locator('li').count(), 2);
    assert.deepEqual(app.problems, []);
    await app.close();
  });
});
