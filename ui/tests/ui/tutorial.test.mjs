// The tutorial's record of a lesson's turns on the real backend: it is the shared turn
// list (lib/game/TurnList), lists the setup and the player's turns as they are played,
// and scrolls its own list to the current turn without moving the page.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { suiteBrowser } from './harness.mjs';

// 4×4 points: `row * 4 + column` from A1 at the bottom left.
const D1 = 3;
const B3 = 9;

/** The texts of the lesson's turns, in order. */
function turnTexts(page) {
  return page.getByTestId('lesson-turns').locator('li').allInnerTexts();
}

/** Waits until the lesson's turn list has `n` turns. */
async function waitForTurns(page, n) {
  await page.waitForFunction((count) => document.querySelectorAll('[data-testid="lesson-turns"] li').length === count, n);
}

/** Where the page is scrolled to: the window and the app's scrolling main area. */
function pageScroll(page) {
  return page.evaluate(() => [window.scrollY, document.querySelector('main')?.scrollTop ?? 0]);
}

/**
 * Brings a board point into view, then clicks it with the pointer where it is (no more
 * scrolling on the way); resolves to the page's scroll position at the click.
 */
async function clickInPlace(page, point) {
  const target = page.locator(`svg.board [data-point="${point}"]`);
  await target.scrollIntoViewIfNeeded();
  const scrolled = await pageScroll(page);
  const box = await target.boundingBox();
  assert.ok(box, `point ${point} is on screen`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  return scrolled;
}

describe('tutorial turn record', () => {
  const suite = suiteBrowser();

  it("lists a lesson's turns as they are played, marking the current one, without scrolling the page", async () => {
    const app = await suite.open({ viewport: { width: 1280, height: 800 }, hash: '#/timego/learn' });
    const { page } = app;
    await page.getByTestId('lesson-0').click();
    const screen = page.locator('[data-testid="lesson-screen"][data-lesson="place-and-capture"]');
    await screen.and(page.locator('[data-status="playing"]')).waitFor();

    const record = page.getByTestId('lesson-turns');
    assert.equal(await record.getByRole('heading', { level: 3 }).textContent(), 'Actual turns');
    const setup = await turnTexts(page);
    assert.ok(setup.length > 0, 'the lesson starts from a set-up position');
    for (const text of setup) assert.match(text, /\(before the exercise\)/);
    // Listed only: the tutorial's turns are not buttons to review.
    assert.equal(await record.getByRole('button').count(), 0);

    const scrolled = await clickInPlace(page, D1);
    await screen.and(page.locator('[data-status="missed"]')).waitFor();
    await waitForTurns(page, setup.length + 1);
    const afterMiss = await turnTexts(page);
    assert.deepEqual(afterMiss.slice(0, setup.length), setup);
    assert.match(afterMiss.at(-1), /Black D1/);
    assert.doesNotMatch(afterMiss.at(-1), /before the exercise/);
    assert.match(await record.locator('li[aria-current="step"]').innerText(), /Black D1/);
    assert.deepEqual(await pageScroll(page), scrolled, 'the page stayed where it was');

    await page.getByTestId('lesson-reset').click();
    await screen.and(page.locator('[data-status="playing"]')).waitFor();
    await waitForTurns(page, setup.length);
    assert.deepEqual(await turnTexts(page), setup);

    await clickInPlace(page, B3);
    await screen.and(page.locator('[data-status="solved"]')).waitFor();
    await waitForTurns(page, setup.length + 1);
    assert.match((await turnTexts(page)).at(-1), /Black B3/);
    assert.match(await record.locator('li[aria-current="step"]').innerText(), /Black B3/);
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it('scrolls a long record to its last turn inside the list, not the page', async () => {
    const app = await suite.open({ viewport: { width: 1280, height: 800 }, hash: '#/timego/learn' });
    const { page } = app;
    await page.getByTestId('lesson-list').waitFor();
    // Opened by a click in the page, not by the pointer, which would first scroll to it.
    await page.getByTestId('lesson-6').evaluate((button) => button.click());
    await page.locator('[data-testid="lesson-screen"][data-lesson="scoring"]').waitFor();
    const list = page.getByTestId('lesson-turns').locator('ol');
    await list.locator('li[aria-current="step"]').waitFor();
    // The list scrolls to its current turn in the animation frame after the update.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const scrolled = await list.evaluate((ol) => ({
      overflows: ol.scrollHeight > ol.clientHeight,
      atEnd: ol.scrollTop + ol.clientHeight >= ol.scrollHeight - 1,
    }));
    assert.deepEqual(scrolled, { overflows: true, atEnd: true }, 'the list shows its current (last) turn');
    assert.deepEqual(await pageScroll(page), [0, 0], 'the page was not scrolled to the list');
    assert.deepEqual(app.problems, []);
    await app.close();
  });
});
