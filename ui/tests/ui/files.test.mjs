// TimeGo files on the real backend, in Chromium: a game file given at start-up (the
// bridge's `--open`, as the app's command line) opens at once on a fresh app, asks first
// over a game in progress, and a corrupted one is refused with the engine's reason while
// nothing changes; pasting over a game asks first; a game at the 1,024-action limit stops
// play with the reason but keeps review and the complete export. (The native file dialogs
// exist only in the app: the end-to-end tests drive them.)
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { boardColors, clickPoint, shot, suiteBrowser, uiRoot, waitForTurn } from './harness.mjs';

const AT_LIMIT = resolve(uiRoot, '..', 'tests', 'fixtures', 'timego-1024-actions.timego.json');

/** A 4×4 record of `points` placed alternately from Black, built by the backend itself. */
async function record(app, points) {
  await app.bridge.call('timego_new', { args: { size: 4, komi: 0 } });
  for (const [i, point] of points.entries()) {
    const answer = await app.bridge.call('timego_apply', {
      args: { action: { player: i % 2 ? 'white' : 'black', type: 'place', point } },
    });
    assert.ok('ok' in answer, JSON.stringify(answer));
  }
  return (await app.bridge.call('timego_export', {})).ok;
}

const CORRUPT =
  '{"schema":"time-go-game","version":1,"rules":"timego-shared-lock-v1","size":4,"komi":0,' +
  '"actions":[{"player":"black","type":"place","point":0},{"player":"black","type":"place","point":1}],"cursor":2}';

async function turnCount(page) {
  return page.getByTestId('turn-record').locator('li').count();
}

describe('TimeGo files', () => {
  const suite = suiteBrowser();
  let dir;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'crab-canon-files-'));
  });
  after(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('opens a file given at start-up at once, and asks first over a game in progress', async () => {
    // The shared file, written by a first app.
    const author = await suite.open({});
    const shared = join(dir, 'shared.timego.json');
    writeFileSync(shared, await record(author, [5, 6, 9]));
    await author.close();

    // A fresh app (no game yet) shows TimeGo and opens it without asking.
    const fresh = await suite.open({ bridgeArgs: ['--open', shared] });
    await fresh.page.getByTestId('file-status').filter({ hasText: 'shared.timego.json' }).waitFor();
    await waitForTurn(fresh.page, 'White');
    assert.equal(await turnCount(fresh.page), 3);
    assert.equal(await fresh.page.getByTestId('import-replace-dialog').isVisible(), false);
    assert.deepEqual(fresh.problems, []);
    await fresh.close();

    // With a saved game in progress it asks; Cancel keeps the game, the file is dismissed.
    const data = join(dir, 'data');
    const player = await suite.open({ dataDir: data, hash: '#/timego' });
    await waitForTurn(player.page, 'Black');
    await clickPoint(player.page, 0);
    await waitForTurn(player.page, 'White');
    await player.close();
    const saved = readFileSync(join(data, 'timego.json'), 'utf8');

    const asked = await suite.open({ dataDir: data, bridgeArgs: ['--open', shared] });
    const question = asked.page.getByTestId('import-replace-dialog');
    await question.waitFor();
    assert.match(await question.innerText(), /shared\.timego\.json.*\(1 turn\)/s);
    await shot(asked.page, 'desktop-timego-open-asks');
    await asked.page.getByTestId('import-replace-cancel').click();
    await question.waitFor({ state: 'hidden' });
    assert.equal(await turnCount(asked.page), 1);
    assert.equal(readFileSync(join(data, 'timego.json'), 'utf8'), saved);
    assert.equal((await asked.bridge.call('app_status', {})).ok.opened_file, null, 'dismissed');

    // "Replace it" opens the file; the save now holds it.
    await asked.close();
    const replaced = await suite.open({ dataDir: data, bridgeArgs: ['--open', shared] });
    await replaced.page.getByTestId('import-replace-confirm').click();
    // White was to move before the file replaced the game too: wait for its third turn.
    await replaced.page.getByTestId('turn-record').locator('li').nth(2).waitFor();
    await waitForTurn(replaced.page, 'White');
    assert.equal(await turnCount(replaced.page), 3);
    assert.equal(readFileSync(join(data, 'timego.json'), 'utf8'), readFileSync(shared, 'utf8'));
    assert.deepEqual([...asked.problems, ...replaced.problems], []);
    await replaced.close();
  });

  it('refuses a corrupted start-up file with the engine reason and changes nothing', async () => {
    const corrupt = join(dir, 'corrupt.timego.json');
    writeFileSync(corrupt, CORRUPT);
    const app = await suite.open({ bridgeArgs: ['--open', corrupt] });
    const reason = app.page.getByTestId('import-rejected');
    await reason.waitFor();
    assert.match(await reason.innerText(), /action 1/);
    await shot(app.page, 'desktop-timego-open-rejected');
    await app.page.getByTestId('import-rejected-dialog').getByRole('button', { name: 'Close' }).click();
    await waitForTurn(app.page, 'Black');
    assert.equal(await turnCount(app.page), 0);
    assert.equal(await app.page.locator('svg.board').getAttribute('data-size'), '5');
    await app.close();
  });

  it('asks before pasting over a game in progress', async () => {
    const app = await suite.open({ hash: '#/timego' });
    const { page } = app;
    const text = await record(app, [1, 2]);
    await app.bridge.call('timego_new', { args: { size: 5, komi: 0 } });
    await page.reload();
    await waitForTurn(page, 'Black');
    await clickPoint(page, 12);
    await waitForTurn(page, 'White');
    await page.getByTestId('import-record').click();
    const question = page.getByTestId('import-replace-dialog');
    await question.waitFor();
    await page.getByTestId('import-replace-cancel').click();
    await question.waitFor({ state: 'hidden' });
    assert.equal(await page.getByTestId('record-import-dialog').isVisible(), false);
    assert.equal(await turnCount(page), 1);

    await page.getByTestId('import-record').click();
    await page.getByTestId('import-replace-confirm').click();
    await page.getByTestId('record-import-text').fill(text);
    await page.getByTestId('record-import-dialog').getByRole('button', { name: 'Load game' }).click();
    await page.waitForFunction(() => document.querySelector('svg.board')?.getAttribute('data-size') === '4');
    assert.equal(await turnCount(page), 2);
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it('stops play at 1,024 actions with the reason, keeping review and the whole export', async () => {
    const app = await suite.open({ hash: '#/timego' });
    const { page } = app;
    await waitForTurn(page, 'Black');
    // Loaded through the backend (typing 100 kB into the paste box is slow), then shown.
    const loaded = await app.bridge.call('timego_import', { args: { text: readFileSync(AT_LIMIT, 'utf8') } });
    assert.ok('ok' in loaded, JSON.stringify(loaded.err));
    await page.reload();
    const hint = page.getByTestId('hint');
    await hint.filter({ hasText: '1,024 actions' }).waitFor();
    assert.match(await hint.innerText(), /not scored/);
    // The heading says play has stopped, not whose move it would be.
    const heading = await page.getByTestId('turn').innerText();
    assert.match(heading, /Play stopped at the action limit/);
    assert.doesNotMatch(heading, /to move/);
    assert.equal(await page.getByTestId('game-over').count(), 0, 'the limit does not end or score the game');
    assert.equal(await page.getByTestId('pass').count(), 0, 'no play controls');
    const before = await boardColors(page);
    const empty = before.indexOf(0);
    if (empty >= 0) await clickPoint(page, empty);
    assert.deepEqual(await boardColors(page), before, 'the board takes no placement');
    assert.equal(await turnCount(page), 1024);
    await shot(page, 'desktop-timego-limit');

    // Review still works, and the export holds all 1,024 actions with the viewed cursor.
    await page.keyboard.press('Control+z');
    await page.getByTestId('review-banner').filter({ hasText: /Reviewing after turn 1,?023 of 1,?024/ }).waitFor();
    const exported = JSON.parse((await app.bridge.call('timego_export', {})).ok);
    assert.equal(exported.actions.length, 1024);
    assert.equal(exported.cursor, 1023);
    assert.equal(exported.checkpoint.result, null);
    await page.getByTestId('export-record').click();
    const shown = page.getByTestId('record-text');
    await page.waitForFunction(() => (document.querySelector('[data-testid="record-text"]')?.value ?? '') !== '');
    assert.equal(JSON.parse(await shown.inputValue()).actions.length, 1024);
    assert.deepEqual(app.problems, []);
    await app.close();
  });
});
