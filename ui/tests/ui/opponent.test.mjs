// The practice opponent on the real backend: a new game against the computer, which
// replies by itself with a legal move, and a long search cancelled from the UI, leaving
// the position unchanged with Retry and Continue by hand offered.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { boardColors, clickPoint, shot, suiteBrowser, uiRoot, waitForTurn } from './harness.mjs';

/** Starts a 4×4 game against the computer playing `side` through the new-game menu. */
async function newGameAgainstComputer(page, side) {
  await page.getByTestId('new-game').click();
  const dialog = page.getByTestId('new-game-dialog');
  await dialog.getByText('4 × 4').click();
  await dialog.getByRole('radiogroup', { name: 'Opponent' }).getByText('Computer').click();
  await dialog.getByRole('radiogroup', { name: 'Computer plays' }).getByText(side).click();
  // The level list comes from the engine, each with its one-line summary.
  const levels = await dialog.getByTestId('new-level').locator('option').count();
  assert.ok(levels >= 2, `the engine offers ${levels} levels`);
  assert.ok((await dialog.getByTestId('level-summary').innerText()).length > 20);
  await dialog.getByTestId('start-game').click();
  await page.waitForFunction(() => document.querySelector('svg.board')?.getAttribute('data-size') === '4');
}

function turnCount(page) {
  return page.locator('[data-testid="turn-record"] li').count();
}

describe('TimeGo against the computer', () => {
  const suite = suiteBrowser();
  const thinkBefore = process.env.CRAB_CANON_THINK_MS;
  after(() => {
    if (thinkBefore === undefined) delete process.env.CRAB_CANON_THINK_MS;
    else process.env.CRAB_CANON_THINK_MS = thinkBefore;
  });

  it('lets the computer reply to a move by itself', async () => {
    delete process.env.CRAB_CANON_THINK_MS;
    const app = await suite.open({ viewport: { width: 1280, height: 800 }, hash: '#/timego' });
    const { page } = app;
    await waitForTurn(page, 'Black');
    await newGameAgainstComputer(page, 'White');
    assert.match(await page.getByTestId('opponent-info').innerText(), /Computer: White/);
    await clickPoint(page, 5);
    // White's reply comes by itself; then it is Black's turn again with two turns recorded.
    // (It is Black's turn before the click is answered too, so wait for the second turn first.)
    await page.locator('[data-testid="turn-record"] li').nth(1).waitFor();
    await waitForTurn(page, 'Black');
    await page.getByTestId('computer-thinking').waitFor({ state: 'detached' });
    assert.equal(await turnCount(page), 2);
    const colors = await boardColors(page);
    assert.equal(colors[5], 1, "the person's stone stays");
    assert.equal(await page.getByTestId('computer-problem').count(), 0);
    await shot(page, 'desktop-opponent-replied');
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it('cancels a long search and leaves the position unchanged', async () => {
    // A minute of thinking, so the cancel always finds the search running.
    process.env.CRAB_CANON_THINK_MS = '60000';
    const app = await suite.open({ viewport: { width: 1280, height: 800 }, hash: '#/timego' });
    const { page } = app;
    await waitForTurn(page, 'Black');
    await newGameAgainstComputer(page, 'White');
    await clickPoint(page, 6);
    const thinking = page.getByTestId('computer-thinking');
    await thinking.waitFor();
    assert.match(await page.getByTestId('hint').innerText(), /computer is choosing its move/);
    await shot(page, 'desktop-opponent-thinking');
    const before = await boardColors(page);
    // The board waits while the computer thinks.
    await clickPoint(page, 9);
    assert.deepEqual(await boardColors(page), before);
    await page.getByTestId('computer-cancel').click();
    const problem = page.getByTestId('computer-problem');
    await problem.waitFor();
    assert.equal(await problem.getAttribute('data-kind'), 'cancelled');
    assert.deepEqual(await boardColors(page), before, 'nothing was played');
    assert.equal(await turnCount(page), 1);
    await waitForTurn(page, 'White');
    await page.getByTestId('computer-retry').waitFor();
    // Continue by hand: the person makes White's move; the computer replies to Black's next one.
    await page.getByTestId('computer-by-hand').click();
    await page.getByTestId('computer-by-hand-note').waitFor();
    await clickPoint(page, 9);
    await waitForTurn(page, 'Black');
    assert.equal(await turnCount(page), 2);
    assert.equal(await page.getByTestId('computer-thinking').count(), 0, 'no search after a move by hand');
    assert.equal(await page.getByTestId('computer-by-hand-note').count(), 0);
    await shot(page, 'desktop-opponent-cancelled');
    assert.deepEqual(app.problems, []);
    await app.close();
  });
  it("shows the computer's time move with the same replay and compare tools a person gets", async () => {
    // The engine's survival fixture: Black's top group is lost unless a time move saves
    // it, and every level (here Classic, whose search is bounded by probes, not by the
    // clock) plays one.
    const fixture = readFileSync(join(uiRoot, '..', 'engine', 'tests', 'fixtures', 'opponent_time_defense.json'), 'utf8');
    const app = await suite.open({ viewport: { width: 1280, height: 800 }, hash: '#/timego' });
    const { page, bridge } = app;
    await page.locator('svg.board [data-point]').first().waitFor();
    assert.ok((await bridge.call('timego_import', { args: { text: fixture } })).ok);
    assert.ok((await bridge.call('timego_opponent_set', { args: { computer: 'black', level: 'classic' } })).ok);
    await page.reload();
    await page.getByTestId('computer-time-move').waitFor();
    assert.equal(await turnCount(page), 19);
    const counts = page.getByTestId('computer-time-counts');
    for (const name of ['restored', 'captured', 'cancelled']) {
      const value = await counts.locator(`[data-count="${name}"]`).getAttribute('data-value');
      assert.match(value ?? '', /^[0-9]+$/, `${name} count`);
    }
    await page.getByTestId('computer-time-show').click();
    await page.getByTestId('watch-replay').click();
    await page.getByTestId('replay-step').filter({ hasText: /./ }).waitFor();
    await page.getByTestId('compare-toggle').click();
    await page.getByTestId('compare').waitFor();
    await shot(page, 'desktop-opponent-time-move');
    await page.getByTestId('computer-time-back').click();
    await page.getByTestId('compare').waitFor({ state: 'detached' });
    await waitForTurn(page, 'White');
    assert.deepEqual(app.problems, []);
    await app.close();
  });
});
