// The new-game dialog of Go on three surfaces offers, for the chosen surface, the rules'
// komi and the komi the engine measured by self-play (with its sample and interval), and
// says so when a surface has no measured komi. Every number is read from the backend's
// answer, never written here; a game started with the measured komi shows it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { shot, suiteBrowser } from './harness.mjs';

const MOBIUS = 'go-mobius-9x11-v1';
const KLEIN = 'go-klein-9x18-v1';
const NAMES = { [MOBIUS]: 'Möbius strip', [KLEIN]: 'Klein bottle' };

/** Half points as the screen writes points: 13 → "6.5", 14 → "7". */
const points = (half) => (half % 2 === 0 ? String(half / 2) : (half / 2).toFixed(1));

async function backend(app, cmd, args) {
  const answer = await app.bridge.call(cmd, args === undefined ? {} : { args });
  assert.ok('ok' in answer, `${cmd} failed: ${JSON.stringify(answer.err)}`);
  return answer.ok;
}

describe('Komi choice in the surfaces new-game dialog', () => {
  const suite = suiteBrowser();

  for (const [name, viewport, colorScheme] of [
    ['phone 390x844, dark', { width: 390, height: 844 }, 'dark'],
    ['desktop', { width: 1280, height: 800 }, 'light'],
  ]) {
    it(`offers the measured komi beside the rules' komi and starts a game with it (${name})`, async () => {
      const app = await suite.open({ viewport, colorScheme, hash: '#/surface' });
      const { page } = app;
      await page.getByTestId('surface-screen').waitFor();
      const choices = await backend(app, 'surface_komi_choices');
      const mobius = choices.find((c) => c.surface === MOBIUS);
      const klein = choices.find((c) => c.surface === KLEIN);
      assert.ok(mobius.measured, 'the engine measured the Möbius strip');
      assert.equal(klein.measured, null, 'the engine has no Klein bottle komi');
      const rulesLabel = `Rules: ${points(mobius.rules_komi_half_points)}`;
      const measuredLabel = `Measured: ${points(mobius.measured.komiHalfPoints)}`;

      await page.getByTestId('surface-new-game').click();
      const dialog = page.getByTestId('surface-new-game-dialog');
      await dialog.getByText(NAMES[MOBIUS], { exact: true }).click();
      const source = dialog.getByRole('radiogroup', { name: 'Where the komi comes from' });
      await source.waitFor();
      // The new game starts from the current game's komi: the rules' one.
      assert.ok(await source.getByRole('radio', { name: rulesLabel }).isChecked());
      const help = dialog.getByTestId('surface-komi-source');
      const m = mobius.measured;
      for (const part of [
        `${m.games} games`,
        `${m.playouts.toLocaleString('en')} playouts per move`,
        `komi ${points(m.studyKomiHalfPoints)}`,
        `interval ${points(m.lowHalfPoints)} to ${points(m.highHalfPoints)}`,
        'computer self-play',
      ]) {
        assert.ok((await help.textContent()).includes(part), `"${part}" in "${await help.textContent()}"`);
      }
      // Only a small sample says so: the 20-game samples did, the 200-game study does not.
      assert.equal(
        (await help.textContent()).includes('A small sample, not a settled value.'),
        m.games < 100,
        `${m.games} games: ${await help.textContent()}`,
      );
      // The number field names where its value comes from for a screen reader.
      const field = dialog.getByTestId('surface-komi');
      assert.match((await field.getAttribute('aria-describedby')) ?? '', /komi-source/);

      // By keyboard: the arrow key moves the radio group from the rules' komi to the measured one.
      await source.getByRole('radio', { name: rulesLabel }).focus();
      await page.keyboard.press('ArrowRight');
      assert.ok(await source.getByRole('radio', { name: measuredLabel }).isChecked());
      assert.equal(Number(await field.inputValue()) * 2, m.komiHalfPoints);

      // The Klein bottle has no measurement: no measured choice, and the dialog says so.
      await dialog.getByText(NAMES[KLEIN], { exact: true }).click();
      assert.equal(await source.getByRole('radio', { name: /^Measured/ }).count(), 0);
      assert.match(await help.textContent(), /No measured komi for this surface yet/);
      assert.ok(await source.getByRole('radio', { name: `Rules: ${points(klein.rules_komi_half_points)}` }).isChecked());
      assert.equal(Number(await field.inputValue()) * 2, klein.rules_komi_half_points);

      // "Other" hands over to the number field; a typed measured value selects "Measured" again.
      await dialog.getByText(NAMES[MOBIUS], { exact: true }).click();
      await source.getByRole('radio', { name: 'Other' }).check({ force: true });
      await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'surface-komi');
      await source.getByRole('radio', { name: measuredLabel }).check({ force: true });
      assert.equal(Number(await field.inputValue()) * 2, m.komiHalfPoints);
      if (viewport.width <= 390) {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(overflow <= 390, `no horizontal overflow (${overflow})`);
      }
      await shot(page, `surface-komi-choice-${viewport.width}`);

      await dialog.getByTestId('surface-start-game').click();
      await page.locator(`[data-testid="surface-screen"][data-surface="${MOBIUS}"]`).waitFor();
      await page.getByTestId('surface-info').filter({ hasText: `komi ${points(m.komiHalfPoints)}` }).waitFor();
      const state = await backend(app, 'surface_open');
      assert.equal(state.game.komi_half_points, m.komiHalfPoints);
      await app.close();
    });
  }
});
