// The Time Chess pictures of docs/ui.md and the README, taken in headless Chromium from the
// built app (dist/) on the real backend through the UI tests' harness. A mid-game line is
// played through the bridge (a forward pawn that arrived, a knight that went back to capture
// in the past and sits braindead, a knight still in transit to turn 9), the page reloads
// it, and each state is photographed. The 3D stack is drawn at the full tier
// (`?render=full`), as a machine with a GPU shows it; without it this software rasteriser
// would draw the lean tier.
//   cd ui && npx vite build && CRAB_CANON_IPC_BRIDGE=…/ipc-bridge node scripts/docs-chess-screenshots.mjs [out-dir]
// Writes chess-*.png to out-dir (default ../docs/images); look at every picture before keeping it.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { closeLeftoverApps, launchBrowser, openApp, serveDist, uiRoot } from '../tests/ui/harness.mjs';

const OUT = resolve(process.argv[2] ?? join(uiRoot, '..', 'docs', 'images'));
mkdirSync(OUT, { recursive: true });

/** Nine moves: e-pawn one turn forward (arrives at turn 1); Nf3; the knight back to f5 at
 * turn 3, taking the pawn that stood there (its lineage erased); a black knight leaves turn 7
 * for c5 at turn 9 (in transit). */
const LINE = ['e2t0e2t1', 'e7t1e5t1', 'g1t2f3t2', 'f7t3f5t3', 'f3t4f5t3', 'b8t5c6t5', 'd2t6d4t6', 'c6t7c5t9', 'b1t8c3t8'];

/** The backend's answer to a command; throws with its error. */
async function backend(app, cmd, args) {
  const answer = await app.bridge.call(cmd, args === undefined ? {} : { args });
  if (!('ok' in answer)) throw new Error(`${cmd} failed: ${JSON.stringify(answer.err)}`);
  return answer.ok;
}

/** Waits until the frames asked for so far are drawn (the stack renders on demand). */
const settled = (page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** Opens the chess screen with LINE played, reloaded from the backend. */
async function openGame(browser, url, options) {
  const app = await openApp(browser, url, { hash: '?render=full#/chess', ...options });
  const { page } = app;
  await page.getByTestId('chess-screen').waitFor();
  let view = await backend(app, 'chess_new');
  for (const mv of LINE) view = await backend(app, 'chess_play', { mv, revision: view.revision, replace_future: false });
  await page.reload();
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="move-list"] li').length === n, LINE.length);
  return app;
}

async function waitForStack(page) {
  await page.waitForFunction(() => window.__stack && window.__stack.state().renders >= 1, null, { timeout: 60000 });
  await settled(page);
}

const server = await serveDist();
const browser = await launchBrowser();
try {
  // Desktop, light: the whole screen with the stack turned to show the journeys, then the
  // stack in red/blue.
  const desk = await openGame(browser, server.url, { viewport: { width: 1600, height: 1000 }, colorScheme: 'light' });
  const { page } = desk;
  await waitForStack(page);
  await page.locator('input[data-range="lo"]').fill('3'); // turns 3–9: both arrows and the ghost
  await page.locator('.stack3d .fade input').fill('0.5'); // the older layers fainter
  await page.getByRole('application').focus();
  await page.keyboard.press('End'); // every shown layer in view
  await settled(page);
  const canvas = await page.locator('.viewport canvas').boundingBox();
  const mid = { x: canvas.x + canvas.width / 2, y: canvas.y + canvas.height / 2 };
  await page.mouse.move(mid.x, mid.y);
  await page.mouse.down({ button: 'right' });
  await page.mouse.move(mid.x, mid.y - 22, { steps: 5 }); // tilted towards the side of the stack
  await page.mouse.up({ button: 'right' });
  await page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined));
  await page.mouse.move(0, 0);
  await settled(page);
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(OUT, 'chess-stack-light.png') });

  await page.getByRole('application').focus();
  await page.keyboard.press('s');
  await page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined));
  await settled(page);
  await page.waitForTimeout(300);
  await page.getByTestId('stack3d-slot').screenshot({ path: join(OUT, 'chess-stack-anaglyph.png') });
  if (desk.problems.length) console.error('desktop page problems:', desk.problems);
  await desk.close();

  // The black bishop's destinations, the board showing the past layer of turn 6 (where it
  // can take the white knight) and the timeline counting them on every layer.
  const board = await openGame(browser, server.url, { viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
  await waitForStack(board.page);
  await board.page.getByTestId('chess-board').locator('[data-square="f8"]').click();
  await board.page.getByTestId('destinations').waitFor();
  await board.page.waitForFunction(() => window.__stack.state().destinations.length > 0);
  await board.page.getByTestId('timeline').locator('[data-turn="6"]').click();
  await board.page.getByTestId('layer-name').filter({ hasText: 'Turn 6' }).waitFor();
  await board.page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined));
  await board.page.mouse.move(0, 0);
  await settled(board.page);
  await board.page.waitForTimeout(300);
  await board.page.screenshot({ path: join(OUT, 'chess-board-destinations.png') });
  await board.page.getByTestId('timeline').screenshot({ path: join(OUT, 'chess-timeline.png') });
  if (board.problems.length) console.error('board page problems:', board.problems);
  await board.close();

  // Phone, dark: the 2D board first, then the 3D stack.
  const phone = await openGame(browser, server.url, { viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  await phone.page.getByTestId('chess-board').waitFor();
  await phone.page.waitForTimeout(300);
  await phone.page.screenshot({ path: join(OUT, 'chess-phone-dark.png') });
  await phone.page.getByTestId('view-stack').click();
  await waitForStack(phone.page);
  await phone.page.waitForTimeout(300);
  await phone.page.screenshot({ path: join(OUT, 'chess-phone-dark-stack.png') });
  if (phone.problems.length) console.error('phone page problems:', phone.problems);
  await phone.close();
} finally {
  await closeLeftoverApps();
  await browser.close();
  await server.close();
}
console.log(`screenshots in ${OUT}`);
