// The Time Chess computer opponent on the real backend: a new game against the computer
// (side, level with its summary), which replies by itself with a legal move; a long search
// cancelled from the shared computer panel, leaving the position unchanged with Retry and
// Continue by hand; the Hint (button and H key) drawn as an arrow on the 2D board and in the
// 3D stack (`window.__stack.state().hint`); the dialog and panel at phone size.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { shot, suiteBrowser } from './harness.mjs';

/** The backend's answer to a command, or a failed assertion with its error. */
async function backend(app, cmd, args) {
  const answer = await app.bridge.call(cmd, args === undefined ? {} : { args });
  assert.ok('ok' in answer, `${cmd} failed: ${JSON.stringify(answer.err)}`);
  return answer.ok;
}

/** Waits until the move list holds `count` moves. */
async function waitForMoves(page, count) {
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="move-list"] li').length === n, count, { timeout: 30000 });
}

/** Starts a game against the computer playing `side` at `level` through the new-game dialog. */
async function newGameAgainstComputer(page, side, level) {
  await page.getByTestId('new-game').click();
  const dialog = page.getByTestId('new-game-dialog');
  await dialog.getByRole('radiogroup', { name: 'Opponent' }).getByText('The computer').click();
  await dialog.getByRole('radiogroup', { name: 'Computer plays' }).getByText(side).click();
  const select = dialog.getByTestId('new-level');
  assert.equal(await select.locator('option').count(), 3, 'three levels from the engine');
  await select.selectOption(level);
  assert.ok((await dialog.getByTestId('level-summary').innerText()).length > 20, 'each level has its summary');
  await dialog.getByTestId('new-game-confirm').click();
}

describe('Time Chess against the computer', () => {
  const suite = suiteBrowser();
  const thinkBefore = process.env.CRAB_CANON_THINK_MS;
  after(() => {
    if (thinkBefore === undefined) delete process.env.CRAB_CANON_THINK_MS;
    else process.env.CRAB_CANON_THINK_MS = thinkBefore;
  });

  it('lets the computer reply with a legal move by itself', async () => {
    delete process.env.CRAB_CANON_THINK_MS;
    const app = await suite.open({ viewport: { width: 1280, height: 800 }, hash: '#/chess' });
    const { page } = app;
    await page.getByTestId('chess-board').waitFor();
    await newGameAgainstComputer(page, 'Black', 'quick');
    await page.getByTestId('computer-panel').waitFor();
    await page.getByTestId('typed-move').fill('e2t0e4t0');
    await page.getByTestId('typed-play').click();
    await waitForMoves(page, 2);
    await page.getByTestId('computer-thinking').waitFor({ state: 'detached' });
    const state = await backend(app, 'chess_open');
    assert.equal(state.moves[0], 'e2t0e4t0');
    assert.deepEqual(state.opponent, { computer: 'black', level: 'quick' });
    // The computer's move was Black's and the engine accepted it (it is in the saved line).
    assert.match(state.moves[1], /^[a-h][1-8]t1[a-h][1-8]t\d+$/);
    assert.equal(state.screen.toMove, 'white');
    assert.equal(await page.getByTestId('computer-problem').count(), 0);
    await shot(page, 'chess-opponent-replied');
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it('cancels a long search, leaving the game unchanged, and lets the person continue by hand', async () => {
    // A minute of thinking at the deepest level, so the cancel always finds the search running.
    process.env.CRAB_CANON_THINK_MS = '60000';
    const app = await suite.open({ viewport: { width: 1280, height: 800 }, hash: '#/chess' });
    const { page } = app;
    await page.getByTestId('chess-board').waitFor();
    await newGameAgainstComputer(page, 'White', 'deep');
    // White moves first: the computer starts at once.
    await page.getByTestId('computer-thinking').waitFor();
    await shot(page, 'chess-opponent-thinking');
    // While it thinks the board waits: White's pieces are the computer's, not the person's.
    await page.locator('[data-testid="chess-board"] [data-square="e2"]').click();
    await page.locator('[data-testid="chess-board"] [data-square="e4"]').click();
    assert.equal(await page.locator('[data-testid="chess-board"] .cell.selected, [data-testid="chess-board"] .cell.target').count(), 0, 'no piece selected');
    assert.ok(await page.getByTestId('typed-move').isDisabled(), 'typed entry waits');
    assert.equal(await page.getByTestId('computer-thinking').count(), 1, 'still thinking');
    assert.deepEqual((await backend(app, 'chess_open')).moves, [], 'nothing played for the computer');
    await page.getByTestId('computer-cancel').click();
    const problem = page.getByTestId('computer-problem');
    await problem.waitFor();
    assert.equal(await problem.getAttribute('data-kind'), 'cancelled');
    assert.deepEqual((await backend(app, 'chess_open')).moves, [], 'nothing was played');
    await page.getByTestId('computer-retry').waitFor();
    await page.getByTestId('computer-by-hand').click();
    await page.getByTestId('computer-by-hand-note').waitFor();
    await page.getByTestId('typed-move').fill('d2t0d4t0');
    await page.getByTestId('typed-play').click();
    await waitForMoves(page, 1);
    assert.equal(await page.getByTestId('computer-thinking').count(), 0, 'Black is a person: no search');
    assert.deepEqual((await backend(app, 'chess_open')).moves, ['d2t0d4t0']);
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it('shows the hint as an arrow on the board and in the stack, without playing it', async () => {
    delete process.env.CRAB_CANON_THINK_MS;
    const app = await suite.open({ viewport: { width: 1280, height: 800 }, hash: '#/chess' });
    const { page } = app;
    await page.getByTestId('chess-board').waitFor();
    await page.waitForFunction(() => window.__stack && window.__stack.state().renders >= 1, null, { timeout: 20000 });
    await page.getByTestId('hint-button').click();
    const arrow = page.getByTestId('hint-arrow');
    await arrow.waitFor();
    const text = await page.getByTestId('hint-text').innerText();
    const mv = /([a-h][1-8]t0[a-h][1-8]t\d+)/.exec(text)?.[1];
    assert.ok(mv, `the hint names a move: ${text}`);
    assert.equal(await arrow.getAttribute('data-from'), mv.slice(0, 2));
    // Drawn over the board itself (not beside it).
    const [over, board] = [await arrow.boundingBox(), await page.getByTestId('chess-board').boundingBox()];
    assert.ok(over && board && Math.abs(over.x - board.x) < 2 && Math.abs(over.width - board.width) < 2, 'the arrow covers the board');
    await page.waitForFunction((m) => window.__stack.state().hint === m, mv);
    assert.deepEqual((await backend(app, 'chess_open')).moves, [], 'the hint is not played');
    await shot(page, 'chess-opponent-hint');
    // H hides it, and shows it again.
    await page.keyboard.press('h');
    await arrow.waitFor({ state: 'detached' });
    await page.waitForFunction(() => window.__stack.state().hint === null);
    await page.keyboard.press('h');
    await arrow.waitFor();
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it('offers the opponent and shows the panel at phone size', async () => {
    delete process.env.CRAB_CANON_THINK_MS;
    const app = await suite.open({ viewport: { width: 390, height: 844 }, hash: '#/chess', colorScheme: 'dark' });
    const { page } = app;
    await page.getByTestId('chess-board').waitFor();
    await newGameAgainstComputer(page, 'Black', 'steady');
    await page.getByTestId('computer-panel').waitFor();
    await page.getByTestId('hint-button').waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `no horizontal overflow (${width})`);
    await shot(page, 'chess-opponent-phone-dark');
    assert.deepEqual(app.problems, []);
    await app.close();
  });
});
