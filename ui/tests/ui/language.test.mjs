// The language menu on the real backend: a choice applies at once to every screen, is
// stored by the backend and survives a reload; point labels and announcements follow it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { shot, suiteBrowser } from './harness.mjs';

/** Places a stone by clicking and waits until the board shows it. */
async function place(page, point, color) {
  await page.locator(`svg.board [data-point="${point}"]`).click();
  await page.locator(`svg.board [data-point="${point}"][data-color="${color}"]`).waitFor();
}

describe('interface language', () => {
  const suite = suiteBrowser();

  it('switches every screen to Japanese at once and keeps it after a reload', async () => {
    const app = await suite.open({ hash: '#/settings' });
    const { page, bridge } = app;
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    const offered = await page.locator('#set-language option').evaluateAll((els) => els.map((el) => el.getAttribute('value')));
    assert.deepEqual(offered, ['en', 'ja', 'zh', 'ko']);
    await page.locator('#set-language').selectOption('ja');
    // No reload: the heading, the navigation and <html lang> change immediately.
    await page.getByRole('heading', { name: '設定' }).waitFor();
    assert.equal(await page.locator('html').getAttribute('lang'), 'ja');
    assert.equal(await page.getByRole('navigation').getByRole('link', { name: 'ホーム' }).count(), 1);
    assert.equal((await bridge.call('settings_get', {})).ok.language, 'ja');
    // The CJK font stack is chosen for the language.
    assert.match(await page.evaluate(() => getComputedStyle(document.body).fontFamily), /^"Noto Sans CJK JP"/);

    await page.goto(`${suite.url}#/timego`);
    await page.getByTestId('turn').filter({ hasText: '黒の番' }).waitFor();
    assert.match(await page.getByTestId('rules-language-note').innerText(), /英語/);
    await page.reload();
    await page.getByTestId('turn').filter({ hasText: '黒の番' }).waitFor();
    const body = await page.locator('body').innerText();
    assert.doesNotMatch(body, /\b(timego|app|common|settings)\.[a-zA-Z]+/, 'no message key is shown');
    await shot(page, 'desktop-timego-ja');

    await page.goto(`${suite.url}#/settings`);
    await page.locator('#set-language').selectOption('en');
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    assert.equal(await page.locator('html').getAttribute('lang'), 'en');
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it('labels points from engine data and announces each turn, in the chosen language', async () => {
    const app = await suite.open({ hash: '#/timego' });
    const { page } = app;
    await page.getByTestId('turn').filter({ hasText: 'Black to move' }).waitFor();
    await page.getByTestId('new-game').click();
    await page.getByTestId('new-game-dialog').locator('label:has(input[name="new-size"][value="5"])').click();
    await page.getByTestId('start-game').click();
    for (const [p, color] of [[6, 1], [18, 2], [12, 1], [0, 2]]) await place(page, p, color);
    // C3 is Black's third placement and may travel: said in Place mode too, without a ring.
    assert.equal(
      await page.locator('svg.board [data-point="12"]').getAttribute('aria-label'),
      'C3, black stone, born at placement 3, can travel',
    );
    const announcer = page.getByTestId('announcer');
    await announcer.filter({ hasText: 'White A1. Black to move.' }).waitFor();
    assert.equal(await announcer.getAttribute('aria-live'), 'polite');

    await page.goto(`${suite.url}#/settings`);
    await page.locator('#set-language').selectOption('ko');
    await page.goto(`${suite.url}#/timego`);
    await page.getByTestId('turn').filter({ hasText: '흑 차례' }).waitFor();
    assert.equal(await page.locator('svg.board [data-point="12"]').getAttribute('aria-label'), 'C3, 흑 돌, 착수 3에서 탄생, 시간 이동 가능');
    await page.getByTestId('pass').click();
    await announcer.filter({ hasText: '흑 패스. 백 차례입니다.' }).waitFor();
    assert.deepEqual(app.problems, []);
    await app.close();
  });
});
