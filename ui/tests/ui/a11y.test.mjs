// Accessibility audit and screenshots of every screen and state, on the real backend:
// axe-core runs in Chromium on each state (light and dark, phone and desktop, every
// language) and any serious or critical violation fails the test. Screenshots go to
// tests/artifacts/screenshots/ (git-ignored), including simulated colour-blind views.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { artifacts, openApp, suiteBrowser } from './harness.mjs';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const SHOTS = join(artifacts, 'screenshots');
mkdirSync(SHOTS, { recursive: true });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const HTML_LANG = { en: 'en', ja: 'ja', zh: 'zh-Hans', ko: 'ko' };
// 5×5 points: A1=0 … E1=4, A2=5, B2=6, …, C3=12, D4=18.
const BLACK = 1;
const WHITE = 2;

/** Runs axe-core on the page; returns the serious and critical violations as readable lines. */
async function audit(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ')}`),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.slice(0, 4).join('\n    ')}`);
}

/**
 * Tabs through the page (at most `limit` stops, stopping when focus wraps) and returns the
 * focused elements that show no visible focus indicator: an outline of at least 2 px on
 * the element (on the label of a segmented radio), or the board point's focus ring.
 */
async function invisibleFocus(page, limit = 60) {
  const missing = [];
  const seen = new Set();
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      const outlined = (e) => {
        const cs = e && getComputedStyle(e);
        return !!cs && cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2;
      };
      let visible;
      if (el.matches('[data-point]')) visible = getComputedStyle(el.querySelector('.focus-ring')).opacity === '1';
      else if (el.matches('input[type="radio"]')) visible = outlined(el.closest('label'));
      else visible = outlined(el);
      const id = el.getAttribute('data-testid') ?? el.getAttribute('data-point') ?? el.getAttribute('href') ?? el.getAttribute('name') ?? '';
      return { key: `${el.tagName.toLowerCase()}[${id}] ${(el.textContent ?? '').trim().slice(0, 30)}`, visible };
    });
    if (!stop) continue;
    if (seen.has(stop.key)) break;
    seen.add(stop.key);
    if (!stop.visible) missing.push(stop.key);
  }
  return { missing, stops: seen.size };
}

/** Sets the stored language through the backend, then reloads so the app starts in it. */
async function useLanguage(app, language) {
  const current = await app.bridge.call('settings_get', {});
  const stored = await app.bridge.call('settings_set', { args: { ...current.ok, language } });
  assert.ok('ok' in stored, JSON.stringify(stored));
  await app.page.reload();
  await app.page.waitForFunction((lang) => document.documentElement.lang === lang, HTML_LANG[language]);
}

/** Places a stone by clicking and waits until the board shows it. */
async function place(page, point, color) {
  await page.locator(`svg.board [data-point="${point}"]`).click();
  await page.locator(`svg.board [data-point="${point}"][data-color="${color}"]`).waitFor();
}

/** Chooses a mode of the TimeGo screen whatever the interface language. */
async function mode(page, value) {
  await page.locator(`label:has(input[name="mode"][value="${value}"])`).click();
  await page.waitForFunction((m) => document.querySelector('[data-testid="timego-screen"]')?.dataset.mode === m, value);
}

/**
 * Walks through every screen and state at one language, scheme and size; audits and
 * photographs each. Returns the violations found, prefixed with the state's name.
 */
async function tour(browser, baseUrl, { language, scheme, viewport }) {
  const phone = viewport.width < 600;
  const tag = `${language}-${phone ? 'phone' : 'desktop'}-${scheme}`;
  const app = await openApp(browser, baseUrl, { viewport, colorScheme: scheme });
  const { page } = app;
  const found = [];
  let step = 0;
  const check = async (state) => {
    await page.waitForTimeout(150);
    step += 1;
    await page.screenshot({ path: join(SHOTS, `${tag}-${String(step).padStart(2, '0')}-${state}.png`) });
    for (const v of await audit(page)) found.push(`[${tag} ${state}] ${v}`);
  };

  await page.locator('[data-game="timego"]').waitFor();
  if (language !== 'en') await useLanguage(app, language);
  await page.locator('[data-game="timego"]').waitFor();
  await check('home');

  await page.goto(`${baseUrl}#/settings`);
  await page.locator('#set-language').waitFor();
  await check('settings');

  await page.goto(`${baseUrl}#/timego-learn`);
  await page.getByTestId('lesson-list').waitFor();
  await check('tutorial-lessons');
  await page.getByTestId('lesson-0').click();
  await page.getByTestId('lesson-screen').locator('svg.board [data-point]').first().waitFor();
  await check('tutorial-lesson');
  await page.getByTestId('lesson-hint').click();
  await page.getByTestId('lesson-hints').waitFor();
  await check('tutorial-hint');

  await page.goto(`${baseUrl}#/timego`);
  await page.locator('svg.board [data-point]').first().waitFor();
  await page.getByTestId('new-game').click();
  const dialog = page.getByTestId('new-game-dialog');
  await dialog.locator('label:has(input[name="new-size"][value="5"])').click();
  await check('new-game-dialog');
  await dialog.getByTestId('start-game').click();
  await page.waitForFunction(() => document.querySelector('svg.board')?.getAttribute('data-size') === '5');
  await check('timego-start');

  for (const [p, color] of [[6, BLACK], [18, WHITE], [12, BLACK], [0, WHITE]]) await place(page, p, color);
  await check('timego-place');

  await page.locator('svg.board [data-point="6"]').click();
  await page.getByTestId('notice').waitFor();
  await check('timego-rejected');

  await mode(page, 'time');
  await page.locator('svg.board [data-point="12"] circle.ring').waitFor();
  await check('timego-time');
  await page.locator('svg.board [data-point="12"]').click();
  await page.getByTestId('preview-counts').waitFor();
  await check('timego-time-preview');
  if (!phone) {
    await page.getByTestId('watch-replay').click();
    await page.getByTestId('replay-step').waitFor();
    await check('timego-replay');
  }
  await page.keyboard.press('Escape');
  await page.getByTestId('preview-counts').waitFor({ state: 'detached' });
  await page.waitForFunction(() => document.querySelector('[data-testid="timego-screen"]')?.dataset.mode === 'place');

  await mode(page, 'inspect');
  await page.locator('svg.board [data-point="6"]').click();
  await page.locator('svg.board circle.liberty').first().waitFor();
  await check('timego-inspect');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => document.querySelector('[data-testid="timego-screen"]')?.dataset.mode === 'place');

  if (phone) {
    await page.getByTestId('open-records').click();
    await page.getByTestId('records-sheet').getByTestId('placement-order').waitFor();
    await check('records-sheet');
  }
  await page.getByTestId('export-record').click();
  const text = page.getByTestId('record-text');
  await page.waitForFunction(() => (document.querySelector('[data-testid="record-text"]')?.value ?? '') !== '');
  assert.equal(JSON.parse(await text.inputValue()).schema, 'time-go-game');
  await check('record-export');
  await page.keyboard.press('Escape');
  await page.getByTestId('record-text-dialog').waitFor({ state: 'hidden' });

  if (phone && !(await page.getByTestId('import-record').isVisible())) await page.getByTestId('open-records').click();
  await page.getByTestId('import-record').click();
  // The game has turns, so loading another one asks first.
  await page.getByTestId('import-replace-dialog').waitFor();
  await check('import-replace-question');
  await page.getByTestId('import-replace-confirm').click();
  const importDialog = page.getByTestId('record-import-dialog');
  await importDialog.waitFor();
  await page.getByTestId('record-import-text').fill('{"schema": "time-go-game", "version": 1}');
  await importDialog.locator('button[type="submit"]').click();
  await page.getByTestId('record-import-problem').waitFor();
  await check('record-import-refused');
  await page.keyboard.press('Escape');
  await importDialog.waitFor({ state: 'hidden' });
  if (await page.getByTestId('records-sheet').isVisible()) {
    await page.keyboard.press('Escape');
    await page.getByTestId('records-sheet').waitFor({ state: 'hidden' });
  }

  await page.getByTestId('pass').click();
  await page.locator('[data-testid="turn"]').filter({ hasNotText: /^$/ }).waitFor();
  await page.waitForTimeout(100);
  await page.getByTestId('pass').click();
  await page.getByTestId('game-over').waitFor();
  await check('timego-game-over');

  assert.deepEqual(app.problems, [], `${tag}: page errors`);
  await app.close();
  return found;
}

describe('accessibility audit and screenshots', () => {
  const suite = suiteBrowser();

  for (const scheme of ['light', 'dark']) {
    for (const [device, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
      it(`has no serious violation on any screen in English, ${scheme}, ${device}`, async () => {
        const found = await tour(suite.browser, suite.url, { language: 'en', scheme, viewport });
        assert.deepEqual(found, []);
      });
    }
  }

  for (const [language, scheme, viewport] of [
    ['ja', 'light', PHONE],
    ['zh', 'dark', PHONE],
    ['ko', 'light', DESKTOP],
    ['ja', 'dark', DESKTOP],
    ['zh', 'light', DESKTOP],
    ['ko', 'dark', PHONE],
  ]) {
    const device = viewport === PHONE ? 'phone' : 'desktop';
    it(`has no serious violation on any screen in ${language}, ${scheme}, ${device}`, async () => {
      const found = await tour(suite.browser, suite.url, { language, scheme, viewport });
      assert.deepEqual(found, []);
    });
  }

  it('shows a visible focus indicator on every tab stop of every screen', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const app = await suite.open({ viewport });
      const { page } = app;
      for (const hash of ['#/', '#/settings', '#/timego']) {
        await page.goto(suite.url + hash);
        await page.locator(hash === '#/timego' ? 'svg.board [data-point]' : 'h1').first().waitFor();
        const { missing, stops } = await invisibleFocus(page);
        assert.ok(stops >= 3, `${hash}: only ${stops} tab stops`);
        assert.deepEqual(missing, [], `${hash} at ${viewport.width}px`);
      }
      await app.close();
    }
  });

  it('reaches the board through "Skip to board", the first tab stop after the top bar', async () => {
    const app = await suite.open({ viewport: DESKTOP, hash: '#/timego' });
    const { page } = app;
    await page.locator('svg.board [data-point]').first().waitFor();
    // docs/ui.md: the brand link, Home and Settings, then "Skip to board".
    const stops = [];
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      stops.push(
        await page.evaluate(() => {
          const active = document.activeElement;
          if (active?.getAttribute('data-testid') === 'skip-to-board') return 'skip';
          return active?.closest('header.topbar') ? `topbar ${active.getAttribute('href')}` : active?.outerHTML.slice(0, 80);
        }),
      );
    }
    assert.deepEqual(stops, ['topbar #/', 'topbar #/', 'topbar #/settings', 'skip']);
    const box = await page.getByTestId('skip-to-board').boundingBox();
    assert.ok(box && box.y >= 0 && box.height > 0, 'it is visible once focused');
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-point')), '0');
    assert.deepEqual(app.problems, []);
    await app.close();
  });

  it('keeps every marker distinguishable under simulated deuteranopia and protanopia', async () => {
    const app = await suite.open({ viewport: DESKTOP, hash: '#/timego' });
    const { page } = app;
    await page.locator('svg.board [data-point]').first().waitFor();
    await page.getByTestId('new-game').click();
    await page.getByTestId('new-game-dialog').locator('label:has(input[name="new-size"][value="4"])').click();
    await page.getByTestId('start-game').click();
    await page.waitForFunction(() => document.querySelector('svg.board')?.getAttribute('data-size') === '4');
    // 4×4: Black B1, White A1, Black A2 captures A1, White D4; Black's A2 travels before
    // placement 2, which cancels White's A1 (suicide there): a cross beside the selected ring.
    for (const [p, color] of [[1, BLACK], [0, WHITE], [4, BLACK], [15, WHITE]]) await place(page, p, color);
    await mode(page, 'time');
    await page.locator('svg.board [data-point="4"] circle.ring').waitFor();
    await page.locator('svg.board [data-point="4"]').click();
    await page.getByTestId('preview-counts').waitFor();
    // Each kind of mark has its own shape (see lib/board/markers.ts); colour only adds to it.
    const shapes = await page.locator('svg.board').evaluate((svg) => ({
      selected: svg.querySelectorAll('[data-point="4"] circle.selected').length,
      cross: svg.querySelectorAll('[data-point="0"] path.cross').length,
    }));
    assert.deepEqual(shapes, { selected: 1, cross: 1 });
    const cdp = await page.context().newCDPSession(page);
    for (const type of ['deuteranopia', 'protanopia']) {
      await cdp.send('Emulation.setEmulatedVisionDeficiency', { type });
      await page.waitForTimeout(150);
      await page.screenshot({ path: join(SHOTS, `en-desktop-light-${type}-time-preview.png`) });
    }
    await cdp.send('Emulation.setEmulatedVisionDeficiency', { type: 'none' });
    assert.deepEqual(app.problems, []);
    await app.close();
  });
});
