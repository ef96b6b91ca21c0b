// The shell on the real backend: home lists only playable games, settings change the
// theme at once and are stored by the backend.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { shot, suiteBrowser } from './harness.mjs';

describe('app shell', () => {
  const suite = suiteBrowser();

  it('shows only games whose screen exists and opens TimeGo', async () => {
    const app = await suite.open({ viewport: { width: 1280, height: 800 } });
    const { page } = app;
    await page.getByRole('heading', { name: 'Crab Canon' }).waitFor();
    const games = await page.locator('[data-game]').evaluateAll((els) => els.map((el) => el.getAttribute('data-game')));
    assert.deepEqual(games, ['timego', 'surface', 'chess']);
    await shot(page, 'desktop-home-light');
    const calls = () => page.locator('[data-testid="home-cta"]').allInnerTexts();
    assert.deepEqual(await calls(), ['Play →', 'Play →', 'Play →']);
    await page.locator('[data-game="timego"]').click();
    await page.getByTestId('timego-screen').waitFor();
    assert.match(page.url(), /#\/timego$/);
    // One stone placed: back home, TimeGo's card offers to continue the game under way.
    await page.locator('svg.board [data-point="0"]').click();
    await page.locator('svg.board [data-point="0"][data-color="1"]').waitFor(); // 1: black
    await page.getByRole('navigation').getByRole('link', { name: 'Home' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="home-cta"]')?.textContent?.startsWith('Continue'));
    assert.deepEqual(await calls(), ['Continue game →', 'Play →', 'Play →']);
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it("loads a game screen's code only when that game is opened", async () => {
    const app = await suite.open({ viewport: { width: 1280, height: 800 } });
    const { page } = app;
    await page.getByRole('heading', { name: 'Crab Canon' }).waitFor();
    const scripts = () => page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.endsWith('.js')));
    const atHome = await scripts();
    assert.ok(atHome.length > 0, 'the home screen loads its own script');
    assert.deepEqual(atHome.filter((n) => /TimeGoScreen|SurfaceScreen|ChessApp|ChessScreen|Stack3D|TutorialScreen|three/i.test(n)), [], 'home fetched a game screen');
    await page.locator('[data-game="timego"]').click();
    await page.getByTestId('timego-screen').waitFor();
    assert.ok((await scripts()).some((n) => /\/TimeGoScreen-[^/]*\.js$/.test(n)), 'TimeGo came in a chunk of its own');
    assert.equal((await scripts()).filter((n) => /TutorialScreen/.test(n)).length, 0);
    await page.getByTestId('timego-learn').click();
    await page.getByTestId('tutorial-screen').waitFor();
    assert.match(page.url(), /#\/timego\/learn$/);
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it('switches to the dark theme at once and keeps it after a reload', async () => {
    const app = await suite.open({ viewport: { width: 1280, height: 800 }, hash: '#/settings' });
    const { page } = app;
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    assert.equal(await page.locator('html').getAttribute('data-scheme'), 'light');
    await page.getByRole('radiogroup', { name: 'Theme' }).getByText('Dark').click();
    await page.waitForFunction(() => document.documentElement.dataset.scheme === 'dark');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.equal(background, 'rgb(21, 23, 26)');
    await shot(page, 'desktop-settings-dark');
    await page.reload();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.scheme === 'dark');
    assert.equal(await page.getByRole('radio', { name: 'Dark' }).isChecked(), true);
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it('stores every board size and komi the settings offer', async () => {
    const app = await suite.open({ viewport: { width: 1280, height: 800 }, hash: '#/settings' });
    const { page, bridge } = app;
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    // The TimeGo-only settings sit in a region named after the game (the app has three).
    await page.getByRole('region', { name: 'TimeGo' }).getByRole('radiogroup', { name: 'Default board size' }).getByText('4 × 4').click();
    const options = await page.locator('#set-komi option').evaluateAll((els) => els.map((el) => el.getAttribute('value')));
    for (const komi of options) {
      await page.locator('#set-komi').selectOption(komi);
      await page.waitForTimeout(50);
      const stored = await bridge.call('settings_get', {});
      assert.equal(stored.ok.timego.default_komi, Number(komi));
    }
    const stored = await bridge.call('settings_get', {});
    assert.equal(stored.ok.timego.default_board_size, 4);
    assert.equal(await page.locator('.problem').count(), 0);
    await app.close();
  });
});
