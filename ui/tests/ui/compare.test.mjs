// Understanding a time move on the real backend: Compare beside the board (stacked on a
// phone), the causal replay stepped with each step's words and its original version with
// the engine's groups and liberties, playback pausing on navigation, arrival changes and
// dialogs, and Inspect showing the liberties the engine computes.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { clickPoint, shot, suiteBrowser, waitForTurn } from './harness.mjs';

// 4×4 points: A1=0, B1=1, C1=2, A2=4, B2=5, C2=6, A3=8, B3=9, C3=10, A4=12.
const A1 = 0;
const A2 = 4;
const PHONE = { width: 390, height: 844 };

/**
 * Black's A1 is captured by White's A2, Black retakes A1 and connects at A2; White passes.
 * Moving Black's A2 (placement 9) before placement 4 cancels White's A2 and restores A1.
 */
const LINE = [
  ['black', 'place', 0],
  ['white', 'place', 1],
  ['black', 'place', 5],
  ['white', 'place', 4],
  ['black', 'place', 8],
  ['white', 'place', 10],
  ['black', 'place', 0],
  ['white', 'place', 2],
  ['black', 'place', 4],
  ['white', 'pass'],
];

const STEPS = [
  'Black A2 arrives before placement 4.',
  'Placement 4 (White A2) is cancelled: its point is occupied. 1 stone it captured originally stays on the board.',
  'Placement 5 (Black A3) replays as placement 5.',
  'Placement 6 (White C3) replays as placement 6.',
  'Placement 7 (Black A1) is cancelled: its point is occupied.',
  'Placement 8 (White C1) replays as placement 7.',
];

/** Plays LINE through the bridge, then reloads the page so it shows that game. */
async function setUp(app) {
  const { page, bridge } = app;
  await waitForTurn(page, 'Black');
  assert.ok('ok' in (await bridge.call('timego_new', { args: { size: 4, komi: 0 } })));
  for (const [player, type, point] of LINE) {
    const action = point === undefined ? { player, type } : { player, type, point };
    const answer = await bridge.call('timego_apply', { args: { action, replace_future: false } });
    assert.ok('ok' in answer, JSON.stringify(answer));
  }
  await page.reload();
  await waitForTurn(page, 'Black');
}

/** Chooses Black's A2 in Time mode and previews its arrival before placement 4. */
async function previewBeforePlacement4(page) {
  await page.getByRole('radiogroup', { name: 'Mode' }).getByText('Time').click();
  await clickPoint(page, A2);
  await page.getByTestId('arrival-value').filter({ hasText: 'Before placement 8' }).waitFor();
  await page.getByTestId('exact-arrival').selectOption('3');
  await page.getByTestId('arrival-value').filter({ hasText: 'Before placement 4' }).waitFor();
  await page.getByTestId('preview-counts').waitFor();
}

async function colorsIn(page, testId) {
  return page
    .getByTestId(testId)
    .locator('svg.board [data-point]')
    .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-color'))));
}

async function pointsWith(page, scope, css) {
  return page
    .locator(`${scope} svg.board [data-point]:has(${css})`)
    .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-point'))).sort((a, b) => a - b));
}

const playing = (page) => page.getByRole('button', { name: 'Pause' }).count();

describe('Understanding a time move', () => {
  const suite = suiteBrowser();

  it('compares the actual board with the possible present, and each step with its original version', async () => {
    const app = await suite.open({ viewport: { width: 1280, height: 800 }, hash: '#/timego' });
    const { page, bridge } = app;
    await setUp(app);
    const actual = (await bridge.call('timego_open', {})).ok.position.checkpoint.board;
    await previewBeforePlacement4(page);
    const preview = (await bridge.call('timego_preview', { args: { source: 8, target: 3 } })).ok;

    await page.getByTestId('compare-toggle').click();
    await page.getByTestId('compare').waitFor();
    assert.deepEqual(await colorsIn(page, 'compare-earlier'), actual);
    assert.deepEqual(await colorsIn(page, 'compare-later'), preview.consequences.board_after);
    assert.match(await page.getByTestId('compare-earlier').innerText(), /Actual board before travel/);
    assert.match(await page.getByTestId('compare-later').innerText(), /Possible present/);
    // Side by side on the desktop.
    const left = await page.getByTestId('compare-earlier').boundingBox();
    const right = await page.getByTestId('compare-later').boundingBox();
    assert.ok(right.x >= left.x + left.width - 1 && Math.abs(right.y - left.y) < 2, 'boards side by side');
    // The restored stone has its diamond on the possible present; the cancelled placements their crosses.
    assert.deepEqual(await pointsWith(page, '[data-testid="compare-later"]', 'path.restored'), [A1]);
    await shot(page, 'desktop-compare-outcome');

    // Watch replay, then take the slider back to the arrival: manual navigation pauses.
    await page.getByTestId('watch-replay').click();
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    await page.getByRole('slider', { name: 'Replay step' }).fill('0');
    await page.getByTestId('replay-step').filter({ hasText: STEPS[0] }).waitFor();
    assert.equal(await playing(page), 0, 'the slider pauses playback');
    for (let i = 1; i < STEPS.length; i++) {
      await page.getByRole('button', { name: 'Next step' }).click();
      await page.getByTestId('replay-step').filter({ hasText: STEPS[i] }).waitFor();
      assert.equal(await playing(page), 0, 'manual navigation pauses');
      const frame = i - 1;
      const compared = preview.comparison.steps[frame];
      assert.deepEqual(await colorsIn(page, 'compare-earlier'), compared.original.board);
      assert.deepEqual(await colorsIn(page, 'compare-later'), compared.replayed.board);
      const libs = (side) => [...new Set(side.groups.flatMap((g) => g.liberties))].sort((a, b) => a - b);
      assert.deepEqual(await pointsWith(page, '[data-testid="compare-earlier"]', 'circle.liberty'), libs(compared.original));
      assert.deepEqual(await pointsWith(page, '[data-testid="compare-later"]', 'circle.liberty'), libs(compared.replayed));
      if (i === 1) {
        assert.match(await page.getByTestId('compare-earlier').innerText(), /Original: after placement 4 in the old order/);
        // White's A2 captured A1 originally (a faded ghost); now it is cancelled (a cross) and A1 stands restored.
        assert.deepEqual(await pointsWith(page, '[data-testid="compare-earlier"]', 'g.ghost'), [A1]);
        assert.deepEqual(await pointsWith(page, '[data-testid="compare-later"]', 'path.cross'), [A2]);
        assert.deepEqual(await pointsWith(page, '[data-testid="compare-later"]', 'path.restored'), [A1]);
        await shot(page, 'desktop-compare-step');
      }
    }
    // The arrival compares the boards just before and after the insertion.
    await page.getByRole('slider', { name: 'Replay step' }).fill('0');
    await page.getByTestId('replay-step').filter({ hasText: STEPS[0] }).waitFor();
    assert.deepEqual(await colorsIn(page, 'compare-earlier'), preview.consequences.arrival.board_before);
    assert.deepEqual(await colorsIn(page, 'compare-later'), preview.consequences.arrival.board_after);
    assert.match(await page.getByTestId('compare-earlier').innerText(), /Just before the arrival/);
    // Result returns to the final outcome.
    await page.getByRole('button', { name: 'Result' }).click();
    await page.getByTestId('watch-replay').waitFor();
    assert.deepEqual(await colorsIn(page, 'compare-later'), preview.consequences.board_after);
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it('pauses playback when a dialog opens or the arrival changes', async () => {
    const app = await suite.open({ viewport: { width: 1280, height: 800 }, hash: '#/timego' });
    const { page } = app;
    await setUp(app);
    await previewBeforePlacement4(page);

    await page.getByTestId('watch-replay').click();
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    await page.getByTestId('new-game').click();
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor({ state: 'attached' });
    const step = await page.getByTestId('replay-step').innerText();
    await page.getByTestId('new-game-dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.waitForTimeout(1500);
    assert.equal(await page.getByTestId('replay-step').innerText(), step, 'a paused replay stays on its step');
    assert.equal(await playing(page), 0);

    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    await page.getByTestId('exact-arrival').selectOption('7');
    await page.getByTestId('arrival-value').filter({ hasText: 'Before placement 8' }).waitFor();
    await page.getByTestId('watch-replay').waitFor();
    assert.equal(await playing(page), 0, 'changing the arrival stops the replay');
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it('shows the liberties the engine computes in Inspect mode', async () => {
    const app = await suite.open({ viewport: { width: 1280, height: 800 }, hash: '#/timego' });
    const { page, bridge } = app;
    await setUp(app);
    await page.getByRole('radiogroup', { name: 'Mode' }).getByText('Inspect').click();
    const board = (await bridge.call('timego_open', {})).ok.position.checkpoint.board;
    for (const point of [A1, 2]) {
      await clickPoint(page, point);
      const group = (await bridge.call('timego_group', { args: { board, point } })).ok;
      await page.getByTestId('hint').filter({ hasText: `with ${group.liberties.length}` }).waitFor();
      assert.deepEqual(await pointsWith(page, '', 'circle.liberty'), group.liberties);
      assert.deepEqual(await pointsWith(page, '', 'circle.group-halo'), group.stones);
    }
    // Black's corner group A1, A2, B2, A3 has the liberties C2, B3 and A4.
    await clickPoint(page, A1);
    await page.getByTestId('hint').filter({ hasText: 'Group of 4 stones with 3 liberties' }).waitFor();
    assert.deepEqual(await pointsWith(page, '', 'circle.liberty'), [6, 9, 12]);
    // An empty point has no group: the marks go away.
    await clickPoint(page, 15);
    await page.getByTestId('hint').filter({ hasText: 'Choose a stone' }).waitFor();
    assert.equal(await page.locator('svg.board circle.liberty').count(), 0);
    // A malformed request is refused by the engine in words.
    const bad = await bridge.call('timego_group', { args: { board: [0, 0], point: 0 } });
    assert.match(bad.err.message, /not a 4 × 4 coloring/);
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it('stacks the compared boards on a phone', async () => {
    const app = await suite.open({ viewport: PHONE, hash: '#/timego' });
    const { page } = app;
    await setUp(app);
    await previewBeforePlacement4(page);
    await page.getByTestId('compare-toggle').click();
    await page.getByTestId('compare').waitFor();
    const top = await page.getByTestId('compare-earlier').boundingBox();
    const bottom = await page.getByTestId('compare-later').boundingBox();
    assert.ok(bottom.y >= top.y + top.height - 1, 'the later board is under the earlier one');
    assert.ok(top.width >= 340 && bottom.width >= 340, `each board spans the width (${top.width}px)`);
    await shot(page, 'phone-compare');
    assert.deepEqual(app.problems, []);
    await app.close();
  });
});
