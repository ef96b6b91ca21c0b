// The Time Chess screen on the real backend, in Chromium, through its fixture page (the game
// is hidden from the app's menu until the lead shows it): a forward travel that arrives, a
// typed move found by completion, a backward travel capturing in the past chosen on another
// layer, a refused typed move with the engine's reason, review with the replace
// confirmation, export then import, and a corrupt import that changes nothing. Screenshots at
// desktop and phone sizes, light and dark, go to tests/artifacts/screenshots/.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { artifacts, suiteBrowser } from './harness.mjs';

const PAGE = 'tests/ui/fixtures/chess.html';
const SHOTS = join(artifacts, 'screenshots');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
mkdirSync(SHOTS, { recursive: true });

/** axe-core's serious and critical violations on the page, as readable lines. */
async function audit(page) {
  await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 4) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.join(', ')}`);
}

/** The moves of the list, in notation. */
function listed(page) {
  return page.getByTestId('move-list').locator('li .mv').allInnerTexts();
}

/** Waits until the move list holds `count` moves. */
async function waitForMoves(page, count) {
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid="move-list"] li').length === n,
    count,
  );
}

/** Types `text` into the move field and plays it. */
async function typeMove(page, text) {
  await page.getByTestId('typed-move').fill(text);
  await page.getByTestId('typed-play').click();
}

/** Plays the opening of the scenario: a forward travel that arrives, a typed move, a backward capture in the past. */
async function playScenario(page) {
  const announcer = page.getByTestId('announcer');
  const board = page.getByTestId('chess-board');
  await board.waitFor();

  // Turn 0: the e-pawn steps one turn into the future, chosen from the destination list.
  await board.locator('[data-square="e2"]').click();
  await page.getByTestId('destinations').locator('[data-move="e2t0e2t1"]').click();
  await waitForMoves(page, 1);
  await announcer.filter({ hasText: 'travels forward to turn 1' }).waitFor();
  assert.equal(await page.getByTestId('in-transit').locator('li').innerText(), '♟ White pawn from e2 at turn 0 to e2 at turn 1');
  assert.equal(await board.locator('[data-square="e2"]').getAttribute('data-piece'), null, 'the pawn left the board');

  // Turn 1: black's typed move; at the end of the turn the pawn arrives on e2.
  await typeMove(page, 'e7t1e5t1');
  await waitForMoves(page, 2);
  await announcer.filter({ hasText: 'White pawn arrives on e2 at turn 1' }).waitFor();
  assert.equal(await board.locator('[data-square="e2"]').getAttribute('data-piece'), 'white-pawn');
  assert.equal(await page.getByTestId('in-transit').count(), 0);
  const timelineOne = page.getByTestId('timeline').locator('[data-turn="1"]');
  assert.match(await timelineOne.textContent(), /1 arrival/);
  assert.match(await page.getByTestId('move-list').locator('li').nth(1).innerText(), /arrives on e2 at turn 1/);

  // Turn 2: typing an origin lists its destinations, as the engine completes them.
  await page.getByTestId('typed-move').fill('g1t2');
  await page.getByTestId('typed-offers').getByRole('button', { name: 'f3t2', exact: true }).click();
  assert.equal(await page.getByTestId('typed-move').inputValue(), 'g1t2f3t2');
  await page.getByTestId('typed-play').click();
  await waitForMoves(page, 3);

  // Turn 3.
  await typeMove(page, 'f7t3f5t3');
  await waitForMoves(page, 4);

  // Turn 4: the knight is selected in the present, its destination shown on layer 3 of the
  // timeline, and it goes back in time to take the pawn there.
  await board.locator('[data-square="f3"]').click();
  await page.getByTestId('destinations').filter({ hasText: 'White knight on f3t4' }).waitFor();
  const three = page.getByTestId('timeline').locator('[data-turn="3"]');
  assert.match(await three.textContent(), /destination/);
  await three.click();
  await page.getByTestId('chess-board').and(page.locator('[data-turn="3"]')).waitFor();
  const target = board.locator('[data-square="f5"]');
  assert.match(await target.getAttribute('aria-label'), /captures the pawn/);
  await target.click();
  await waitForMoves(page, 5);
  // After a move the board is back on the present.
  await page.getByTestId('layer-name').filter({ hasText: 'Turn 5 · present' }).waitFor();
  await announcer.filter({ hasText: 'captures the Black pawn on f5 at turn 3 in the past' }).waitFor();
  assert.deepEqual(await listed(page), ['e2t0e2t1', 'e7t1e5t1', 'g1t2f3t2', 'f7t3f5t3', 'f3t4f5t3']);
  assert.match(await page.getByTestId('timeline').locator('[data-turn="3"]').textContent(), /1 capture in the past/);
}

describe('Time Chess screen', () => {
  const suite = suiteBrowser({ folder: 'dist-fixtures', entry: PAGE });

  it('plays travels both ways, typed moves, and says why a typed move is refused', async () => {
    const app = await suite.open({ hash: PAGE });
    const { page, bridge } = app;
    await playScenario(page);
    const before = (await bridge.call('chess_open', {})).ok;
    assert.equal(before.moves.length, 5);

    await page.getByTestId('typed-move').fill('a7t5a4t5');
    await page.getByTestId('typed-play').click();
    const problem = page.getByTestId('typed-problem');
    await problem.waitFor();
    assert.equal(await problem.innerText(), 'a7t5a4t5 is not allowed: a pawn does not move that way.');
    assert.deepEqual((await bridge.call('chess_open', {})).ok.moves, before.moves, 'the refused move changed nothing');

    // The layer as text says the present and both sides' pieces.
    await page.getByTestId('layer-summary').locator('summary').click();
    assert.match(await page.getByTestId('layer-summary').innerText(), /Turn 5, the present: Black to move\./);
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it('reviews, asks before replacing later moves, and replays', async () => {
    const app = await suite.open({ hash: PAGE });
    const { page, bridge } = app;
    await playScenario(page);

    await page.getByTestId('move-list').locator('li').nth(1).getByRole('button').click();
    await page.getByTestId('review-banner').filter({ hasText: 'Reviewing after move 2 of 5' }).waitFor();
    assert.equal(await page.getByTestId('review-position').innerText(), '2 / 5');
    await page.getByTestId('review-back').click();
    await page.getByTestId('review-position').filter({ hasText: '1 / 5' }).waitFor();
    await page.getByTestId('review-forward').click();
    await page.getByTestId('review-position').filter({ hasText: '2 / 5' }).waitFor();

    // Playing here would drop moves 3 to 5: the session asks first; Keep changes nothing.
    const board = page.getByTestId('chess-board');
    await board.locator('[data-square="b1"]').click();
    await board.locator('[data-square="c3"]').click();
    const confirm = page.getByTestId('confirm-replace');
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Keep reviewing' }).click();
    assert.equal((await bridge.call('chess_open', {})).ok.moves.length, 5);
    // The knight stays selected: choosing its destination again asks again.
    await board.locator('[data-square="c3"]').click();
    await confirm.waitFor();
    await page.getByTestId('confirm-replace-play').click();
    await waitForMoves(page, 3);
    assert.deepEqual(await listed(page), ['e2t0e2t1', 'e7t1e5t1', 'b1t2c3t2']);
    assert.equal(await page.getByTestId('review-banner').count(), 0);

    // Replay from the start plays the moves one by one, and pauses at the end.
    await page.getByTestId('review-first').click();
    await page.getByTestId('review-position').filter({ hasText: '0 / 3' }).waitFor();
    await page.getByTestId('review-play').click();
    await page.getByTestId('review-position').filter({ hasText: '3 / 3' }).waitFor({ timeout: 8000 });
    await page.getByTestId('review-play').waitFor();
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it('exports and imports a game, and refuses a corrupt one leaving the game unchanged', async () => {
    const app = await suite.open({ hash: PAGE });
    const { page, bridge } = app;
    await playScenario(page);

    await page.getByTestId('export-record').click();
    await page.getByTestId('record-text-dialog').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="record-text"]')?.value.length > 0);
    const text = await page.getByTestId('record-text').inputValue();
    assert.match(text, /time-chess-game/);
    assert.equal(text, (await bridge.call('chess_export', {})).ok);
    await page.getByTestId('record-text-dialog').getByRole('button', { name: 'Close' }).click();

    await page.getByTestId('new-game').click();
    await page.getByTestId('new-game-confirm').click();
    await page.getByTestId('move-list').getByText('No moves yet.').waitFor();

    await page.getByTestId('import-record').click();
    await page.getByTestId('record-import-text').fill(text);
    await page.getByTestId('record-import-load').click();
    await waitForMoves(page, 5);
    assert.deepEqual(await listed(page), ['e2t0e2t1', 'e7t1e5t1', 'g1t2f3t2', 'f7t3f5t3', 'f3t4f5t3']);

    // A corrupt document (a move the rules refuse) is refused with the reason; nothing changes.
    const before = (await bridge.call('chess_open', {})).ok;
    const corrupt = text.replace('e7t1e5t1', 'e7t1e4t1');
    assert.notEqual(corrupt, text);
    await page.getByTestId('import-record').click();
    await page.getByTestId('import-replace-confirm').click();
    await page.getByTestId('record-import-text').fill(corrupt);
    await page.getByTestId('record-import-load').click();
    const problem = page.getByTestId('record-import-problem');
    await problem.waitFor();
    assert.ok((await problem.innerText()).length > 10);
    await page.getByTestId('record-import-dialog').getByRole('button', { name: 'Cancel' }).click();
    assert.deepEqual((await bridge.call('chess_open', {})).ok, before);
    assert.deepEqual(await listed(page), ['e2t0e2t1', 'e7t1e5t1', 'g1t2f3t2', 'f7t3f5t3', 'f3t4f5t3']);
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it('announces the end of the game with its reason: a king Lost in Time', async () => {
    const app = await suite.open({ hash: PAGE });
    const { page } = app;
    await page.getByTestId('chess-board').waitFor();
    // The dissertation's example: the king steps into the future above its own pawn.
    await typeMove(page, 'e1t0e2t1');
    await waitForMoves(page, 1);
    await typeMove(page, 'a7t1a6t1');
    await waitForMoves(page, 2);
    await page.getByTestId('game-over').filter({ hasText: 'King Lost in Time: Black wins.' }).waitFor();
    await page.getByTestId('announcer').filter({ hasText: 'the White king due on e2 at turn 1 is Lost in Time' }).waitFor();
    assert.match(await page.getByTestId('announcer').innerText(), /King Lost in Time: Black wins\.$/);
    assert.equal(await page.getByTestId('turn').innerText(), 'King Lost in Time: Black wins.');
    assert.equal(await page.getByTestId('typed-move').isDisabled(), true);
    // Choosing a piece now says why nothing moves.
    await page.getByTestId('chess-board').locator('[data-square="d2"]').click();
    await page.getByTestId('no-destination').filter({ hasText: 'The game is over.' }).waitFor();
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it('says in words that a braindead traveller was steamrollered', async () => {
    const app = await suite.open({ hash: PAGE });
    const { page, bridge } = app;
    await page.getByTestId('chess-board').waitFor();
    // The knight goes back to d5 at turn 2; the black pawn entered d5 at turn 3, so the
    // knight rising from its landing meets it there and is destroyed.
    const line = ['g1t0f3t0', 'd7t1d6t1', 'f3t2e5t2', 'd6t3d5t3', 'e5t4d5t2'];
    for (const [i, mv] of line.entries()) {
      await typeMove(page, mv);
      await waitForMoves(page, i + 1);
    }
    const announcer = page.getByTestId('announcer');
    await announcer.filter({ hasText: 'steamrollered' }).waitFor();
    assert.equal(
      await announcer.innerText(),
      'White knight from e5 at turn 4 to d5 at turn 2. travels back to turn 2. the White knight on d5 at turn 3 is steamrollered by the Black pawn. Black to move.',
    );
    const steamrolled = (await bridge.call('chess_open', {})).ok.screen.lastMove.consequences.find((c) => c.type === 'steamrolled');
    assert.equal(steamrolled.at, 'd5t3', 'the words name where the engine destroyed it');
    assert.match(await page.getByTestId('move-list').locator('li').nth(4).innerText(), /the White knight on d5 at turn 3 is steamrollered by the Black pawn/);
    assert.match(await page.getByTestId('timeline').locator('[data-turn="3"]').textContent(), /1 steamrollered/);
    // The knight is nowhere in the present: the pawn that entered stands on d5.
    assert.equal(await page.getByTestId('chess-board').locator('[data-square="d5"]').getAttribute('data-piece'), 'black-pawn');
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it('shows and says a check, with the line that attacks the king', async () => {
    const app = await suite.open({ hash: PAGE });
    const { page } = app;
    await page.getByTestId('chess-board').waitFor();
    for (const [i, mv] of ['e2t0e4t0', 'f7t1f6t1', 'd1t2h5t2'].entries()) {
      await typeMove(page, mv);
      await waitForMoves(page, i + 1);
    }
    await page.getByTestId('announcer').filter({ hasText: 'Black is in check' }).waitFor();
    assert.equal(await page.getByTestId('turn').innerText(), 'Black to move — in check');
    assert.equal(
      await page.getByTestId('check-lines').locator('li').innerText(),
      'the queen on h5 at turn 3 attacks the king on e8 at turn 3',
    );
    assert.match(await page.getByTestId('chess-board').locator('[data-square="e8"]').getAttribute('aria-label'), /in check/);
    assert.match(await page.getByTestId('move-list').locator('li').nth(2).innerText(), /Black is in check/);
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it('keeps an unreadable save, says so, shows its text, and starts fresh only when asked', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'crab-canon-chess-'));
    writeFileSync(join(dir, 'chess.json'), '{"schema":"time-chess-game","version":1,"moves":["e2t0e5t0"]');
    const app = await suite.open({ hash: PAGE, dataDir: dir });
    const { page } = app;
    const banner = page.getByTestId('save-status');
    await banner.filter({ hasText: 'The saved Time Chess game could not be read' }).waitFor();
    await banner.getByRole('button', { name: 'Copy as text…' }).click();
    await page.getByTestId('record-text-dialog').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="record-text"]')?.value.length > 0);
    assert.match(await page.getByTestId('record-text').inputValue(), /e2t0e5t0/);
    await page.getByTestId('record-text-dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('start-fresh').click();
    await page.getByTestId('start-fresh-confirm').click();
    await banner.waitFor({ state: 'detached' });
    assert.ok(readdirSync(dir).some((name) => name.startsWith('chess.invalid-')), 'the unreadable file is kept under a new name');
    assert.deepEqual(app.problems, []);
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('plays from the keyboard: arrows move the focus, Enter selects and plays', async () => {
    const app = await suite.open({ hash: PAGE });
    const { page } = app;
    const board = page.getByTestId('chess-board');
    await board.waitFor();
    await board.locator('[data-square="e2"]').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('destinations').waitFor();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-square')), 'e4');
    await page.keyboard.press('Enter');
    await waitForMoves(page, 1);
    assert.deepEqual(await listed(page), ['e2t0e4t0']);
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  for (const [name, viewport] of [
    ['1280x800', { width: 1280, height: 800 }],
    ['390x844', { width: 390, height: 844 }],
  ]) {
    for (const colorScheme of ['light', 'dark']) {
      it(`looks right at ${name} in the ${colorScheme} theme`, async () => {
        const app = await suite.open({ hash: PAGE, viewport, colorScheme });
        const { page } = app;
        await playScenario(page);
        await page.getByTestId('chess-board').locator('[data-square="g8"]').click();
        await page.getByTestId('destinations').filter({ hasText: 'Black knight' }).waitFor();
        await page.waitForTimeout(250);
        await page.screenshot({ path: join(SHOTS, `chess-${name}-${colorScheme}.png`), fullPage: viewport.width < 600 });
        // Nothing is wider than the phone's screen.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `the page is ${overflow}px wider than the viewport`);
        assert.deepEqual(await audit(page), []);
        // A past layer, with the braindead knight standing where it landed.
        await page.getByTestId('timeline').locator('[data-turn="4"]').click();
        await page.getByTestId('layer-name').filter({ hasText: 'Turn 4 · past layer' }).waitFor();
        assert.match(await page.getByTestId('chess-board').locator('[data-square="f5"]').getAttribute('aria-label'), /braindead/);
        await page.waitForTimeout(250);
        await page.screenshot({ path: join(SHOTS, `chess-${name}-${colorScheme}-past.png`), fullPage: viewport.width < 600 });
        assert.deepEqual(await audit(page), []);
        assert.deepEqual(app.problems, []);
        await app.close();
      });
    }
  }
});
