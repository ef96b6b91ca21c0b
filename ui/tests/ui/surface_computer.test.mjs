// The surfaces' computer opponent and analysis on the real backend: the computer answers
// by itself, a long search cancelled from the UI leaves the game unchanged with Retry and
// Continue by hand, and the analysis shows the win-rate graph, ownership on the flat and
// 3D views and the top candidates; also at phone size in the dark theme.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { shot, suiteBrowser } from './harness.mjs';

const MOBIUS = 'go-mobius-9x11-v1';
const GENUS2 = 'go-genus2-staircase-9x9-v1';
const NAMES = { [MOBIUS]: 'Möbius strip', [GENUS2]: 'Genus-two surface' };

/** Starts a game on `surface` against the computer playing `side` ('White' or 'Black') at `level`. */
async function newGameAgainst(page, surface, side, level = 'Gentle') {
  await page.getByTestId('surface-new-game').click();
  const dialog = page.getByTestId('surface-new-game-dialog');
  await dialog.getByText(NAMES[surface], { exact: true }).click();
  await dialog.getByText(`Computer plays ${side}`, { exact: true }).click();
  await dialog.getByText(level, { exact: true }).click();
  assert.ok((await dialog.getByTestId('surface-level-summary').innerText()).length > 20);
  await dialog.getByTestId('surface-start-game').click();
  await page.locator(`[data-testid="surface-screen"][data-surface="${surface}"]`).waitFor();
}

async function stones(page) {
  return page.locator('.views svg.board [data-point]').evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-color'))));
}

function turns(page) {
  return page.getByTestId('turn-record').locator('li').count();
}

async function waitTurns(page, n) {
  await page.waitForFunction((k) => document.querySelectorAll('[data-testid="turn-record"] li').length === k, n);
}

describe('The surfaces computer and analysis', () => {
  const suite = suiteBrowser();
  const thinkBefore = process.env.CRAB_CANON_THINK_MS;
  after(() => {
    if (thinkBefore === undefined) delete process.env.CRAB_CANON_THINK_MS;
    else process.env.CRAB_CANON_THINK_MS = thinkBefore;
  });

  it('answers a move by itself, then analyses: graph, ownership on the flat and 3D views, candidates', async () => {
    delete process.env.CRAB_CANON_THINK_MS;
    const app = await suite.open({ viewport: { width: 1280, height: 800 }, hash: '#/surface' });
    const { page } = app;
    await page.getByTestId('surface-screen').waitFor();
    await newGameAgainst(page, MOBIUS, 'White');
    await page.locator('.views svg.board [data-point="40"]').click();
    // White's reply comes by itself.
    await waitTurns(page, 2);
    await page.getByTestId('surface-turn').filter({ hasText: 'Black to play' }).waitFor();
    await page.getByTestId('computer-thinking').waitFor({ state: 'detached' });
    const board = await stones(page);
    assert.equal(board[40], 1, "the person's stone stays");
    assert.equal(board.filter((c) => c === 2).length, 1, 'the computer placed one White stone');
    assert.equal(await page.getByTestId('computer-problem').count(), 0);

    // A hint by its key shows the top candidates with their visits on the board.
    await page.locator('body').press('h');
    await page.getByTestId('analysis-candidates').waitFor();
    await page.locator('.views svg.board circle.candidate').first().waitFor();
    assert.ok((await page.locator('.views svg.board text.candidate-visits').count()) >= 1);

    // The analysis of a game two people played: a black wall on rank 3, a white one on
    // rank 6, so the playouts agree on who owns the points beside them.
    await page.getByTestId('analysis-toggle').click();
    await page.getByTestId('surface-new-game').click();
    const dialog = page.getByTestId('surface-new-game-dialog');
    await dialog.getByText('Two people', { exact: true }).click();
    await dialog.getByTestId('surface-start-game').click();
    await waitTurns(page, 0);
    for (let file = 0; file < 9; file += 1) {
      for (const [rank, n] of [[3, 2 * file + 1], [6, 2 * file + 2]]) {
        await page.locator(`.views svg.board [data-point="${file + 9 * (rank - 1)}"]`).click();
        await waitTurns(page, n);
      }
    }
    assert.equal(await page.getByTestId('computer-thinking').count(), 0, 'two people: the computer never thinks');
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="winrate-graph"]')?.getAttribute('data-points')) === 19, null, { timeout: 120_000 });
    await page.locator('.views svg.board rect.own').first().waitFor();
    const graph = page.getByTestId('winrate-graph');
    for (const words of ['0%', '50%', '100%', 'Moves']) assert.ok((await graph.innerText()).includes(words), `axis label ${words}`);
    const winRate = (await page.getByTestId('analysis-winrate').innerText()).match(/Black to move wins \d+% of ([\d,]+) simulated games/);
    assert.ok(winRate, 'the win rate and its playouts are said');
    const playouts = Number(winRate[1].replaceAll(',', ''));
    assert.ok(playouts >= 1000, `${playouts} playouts: enough to be grouped`);
    assert.equal(winRate[1], playouts.toLocaleString('en'), 'the playouts are grouped by thousands as English writes them');
    const owned = await page.locator('.views svg.board rect.own').count();
    assert.ok(owned >= 9, `${owned} points painted as somebody's`);
    await shot(page, 'surface-analysis-flat');

    // Clicking the graph's first position views it.
    await graph.locator('svg').click({ position: { x: 36, y: 50 } });
    await page.getByTestId('surface-turn').filter({ hasText: 'Black to play' }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.views svg.board [data-point][data-color="1"]').length === 0);
    await page.getByTestId('review-latest').click();
    await page.waitForFunction(() => document.querySelectorAll('.views svg.board [data-point][data-color="1"]').length === 9);

    // The tiled view paints the same ownership, the 3D view too (read through its test hook).
    await page.getByRole('radio', { name: 'Tiled' }).check({ force: true });
    await page.locator('.views svg.board rect.own').first().waitFor();
    await page.getByRole('radio', { name: '3D' }).check({ force: true });
    await page.locator('.view3d').waitFor();
    await page.waitForFunction(() => window.__scene && window.__scene.frames() > 0);
    await page.waitForFunction(() => window.__scene.marks().some((m) => m.includes('black-area') || m.includes('white-area')));
    await shot(page, 'surface-analysis-3d');
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it('cancels a long search and leaves the game unchanged, offering Retry and Continue by hand', async () => {
    process.env.CRAB_CANON_THINK_MS = '60000';
    const app = await suite.open({ viewport: { width: 1280, height: 800 }, hash: '#/surface' });
    const { page } = app;
    await page.getByTestId('surface-screen').waitFor();
    await newGameAgainst(page, GENUS2, 'White', 'Strong');
    await page.locator('.views svg.board [data-point="30"]').click();
    await page.getByTestId('computer-thinking').waitFor();
    const before = await stones(page);
    await shot(page, 'surface-computer-thinking');
    // The board waits while the computer thinks.
    await page.locator('.views svg.board [data-point="50"]').click();
    assert.deepEqual(await stones(page), before);
    await page.getByTestId('computer-cancel').click();
    const problem = page.getByTestId('computer-problem');
    await problem.waitFor();
    assert.equal(await problem.getAttribute('data-kind'), 'cancelled');
    assert.deepEqual(await stones(page), before, 'nothing was played');
    assert.equal(await turns(page), 1);
    await page.getByTestId('computer-retry').waitFor();
    await page.getByTestId('computer-by-hand').click();
    await page.getByTestId('computer-by-hand-note').waitFor();
    await page.locator('.views svg.board [data-point="50"]').click();
    await waitTurns(page, 2);
    assert.equal((await stones(page))[50], 2, "the player made White's move by hand");
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it('fits a phone in the dark theme: the computer opens as Black and the analysis shows', async () => {
    delete process.env.CRAB_CANON_THINK_MS;
    const app = await suite.open({ viewport: { width: 390, height: 844 }, colorScheme: 'dark', hash: '#/surface' });
    const { page } = app;
    await page.getByTestId('surface-screen').waitFor();
    await newGameAgainst(page, MOBIUS, 'Black');
    // Black is the computer: it opens by itself.
    await waitTurns(page, 1);
    await page.getByTestId('surface-turn').filter({ hasText: 'White to play' }).waitFor();
    // The analysis switch looks on once pressed, not only to a screen reader.
    const toggle = page.getByTestId('analysis-toggle');
    const look = () => toggle.evaluate((b) => [getComputedStyle(b).backgroundColor, getComputedStyle(b).borderColor].join(' '));
    await page.mouse.move(0, 0);
    const off = await look();
    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    assert.notEqual(await look(), off, 'the pressed switch is drawn differently');
    await page.getByTestId('analysis-ownership-legend').waitFor();
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="winrate-graph"]')?.getAttribute('data-points')) === 2);
    await page.getByTestId('winrate-graph').scrollIntoViewIfNeeded();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no sideways scrolling (${overflow} px)`);
    await shot(page, 'surface-analysis-phone-dark');
    assert.deepEqual(app.problems, []);
    await app.close();
  });
});
