// A file the app cannot read (here the tutorial's progress) is kept untouched and shown on
// the home screen with its reason; the player sets it aside only after confirming, and the
// old file is renamed, never deleted.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shot, suiteBrowser } from './harness.mjs';

describe('invalid saved files', () => {
  const suite = suiteBrowser();
  const dir = mkdtempSync(join(tmpdir(), 'crab-canon-invalid-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('shows an unreadable file on the home screen and sets it aside only when confirmed', async () => {
    const broken = '{"completed": [oops';
    writeFileSync(join(dir, 'tutorial.json'), broken);
    const app = await suite.open({ dataDir: dir, viewport: { width: 1280, height: 800 } });
    const { page } = app;
    const notice = page.getByTestId('invalid-files');
    await notice.waitFor();
    assert.equal(await notice.locator('[data-file]').count(), 1);
    assert.equal(await notice.locator('[data-file]').getAttribute('data-file'), 'tutorial.json');
    await shot(page, 'desktop-home-invalid-file-light');

    // Keeping it changes nothing.
    await page.getByTestId('invalid-file-set-aside').click();
    await page.getByTestId('invalid-file-dialog').getByRole('button', { name: 'Keep it' }).click();
    assert.equal(readFileSync(join(dir, 'tutorial.json'), 'utf8'), broken);
    assert.equal(await notice.count(), 1);

    await page.getByTestId('invalid-file-set-aside').click();
    await page.getByTestId('invalid-file-confirm').click();
    await notice.waitFor({ state: 'detached' });
    const kept = readdirSync(dir).filter((name) => name.startsWith('tutorial.invalid-'));
    assert.equal(kept.length, 1, `files: ${readdirSync(dir).join(', ')}`);
    assert.equal(readFileSync(join(dir, kept[0]), 'utf8'), broken);
    // The progress starts afresh in a readable file.
    if (existsSync(join(dir, 'tutorial.json'))) {
      assert.deepEqual(JSON.parse(readFileSync(join(dir, 'tutorial.json'), 'utf8')).completed, []);
    }
    assert.deepEqual(app.problems, []);
    await app.close();
  });
});
