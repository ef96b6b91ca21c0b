// Test harness for the UI in headless Chromium on the real backend: serves `dist/`,
// starts the shell's `ipc-bridge` (JSON lines on stdin/stdout), and injects the official
// `mockIPC` so that every `invoke` of the page is forwarded to that bridge.
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const uiRoot = resolve(here, '..', '..');
const repoRoot = resolve(uiRoot, '..');
export const artifacts = join(uiRoot, 'tests', 'artifacts');
mkdirSync(artifacts, { recursive: true });

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};

/** Serves the built UI (or the fixture pages' build, `dist-fixtures`, whose page is `entry`)
 * on a free port; resolves to its base URL and a close function. */
export function serveDist(folder = 'dist', entry = 'index.html') {
  const dist = join(uiRoot, folder);
  if (!existsSync(join(dist, entry))) throw new Error(`no built UI at ${dist}: run "npm run test:ui" (it builds it)`);
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = join(dist, path === '/' ? 'index.html' : path);
    if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory()) file = join(dist, entry);
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      ok({ url: `http://127.0.0.1:${port}/`, close: () => new Promise((done) => server.close(() => done(undefined))) });
    }),
  );
}

/** The bridge binary: $CRAB_CANON_IPC_BRIDGE (set by scripts/test.sh), else built with cargo. */
export function bridgeBinary() {
  if (process.env.CRAB_CANON_IPC_BRIDGE) return process.env.CRAB_CANON_IPC_BRIDGE;
  const target = process.env.CARGO_TARGET_DIR ?? join(repoRoot, 'target');
  const built = spawnSync('cargo', ['build', '--quiet', '-p', 'canon-app-core', '--bin', 'ipc-bridge'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('cargo could not build the ipc-bridge binary the UI tests need');
  return join(target, 'debug', 'ipc-bridge');
}

/** A running bridge process: `call(cmd, args)` resolves to `{ok}` or `{err}` exactly as it answered. */
export function startBridge(binary, dataDir, extraArgs = []) {
  const args = [...(dataDir ? ['--data-dir', dataDir] : []), ...extraArgs];
  const child = spawn(binary, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const pending = new Map();
  let next = 1;
  createInterface({ input: child.stdout }).on('line', (line) => {
    const answer = JSON.parse(line);
    const waiter = pending.get(answer.id);
    if (waiter) {
      pending.delete(answer.id);
      waiter(answer);
    }
  });
  child.on('exit', (code) => {
    for (const waiter of pending.values()) waiter({ err: { kind: 'storage', message: `ipc-bridge exited with ${code}` } });
    pending.clear();
  });
  return {
    /** Forwards one invoke; the page gets back the bridge's `ok` or `err`. */
    call(cmd, args) {
      const id = next++;
      return new Promise((ok) => {
        pending.set(id, (answer) => ok('err' in answer ? { err: answer.err } : { ok: answer.ok }));
        child.stdin.write(JSON.stringify({ id, cmd, args: args ?? {} }) + '\n');
      });
    },
    /** Closes stdin so the bridge removes its temporary directory and exits. */
    stop() {
      return new Promise((done) => {
        if (child.exitCode !== null) return done(undefined);
        child.once('exit', () => done(undefined));
        child.stdin.end();
      });
    },
  };
}

// The official mockIPC, loaded from the installed package and started with a handler
// that forwards every command to the bridge through the exposed `__bridgeInvoke`.
function mockScript() {
  const source = readFileSync(join(uiRoot, 'node_modules', '@tauri-apps', 'api', 'mocks.js'), 'utf8').replace(
    /^export \{[^}]*\};?\s*$/m,
    '',
  );
  return `(() => {
${source}
mockIPC(async (cmd, payload) => {
  const answer = await window.__bridgeInvoke(cmd, payload ?? {});
  if ('err' in answer) throw answer.err;
  return answer.ok;
});
})();`;
}

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

let bridgePath;
/** Apps opened and not yet closed: a failed test leaves its app open, and a live bridge
 * process would keep the test file from ever exiting. */
const openApps = new Set();

/** Launches Debian's Chromium (never a downloaded browser). */
export function launchBrowser() {
  return chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/**
 * Opens the app in a fresh context of `viewport` size on a fresh bridge (in `dataDir` when
 * given, else a temporary directory; `bridgeArgs` such as `['--open', file]` are passed on).
 * Returns the page, the bridge, and a close function.
 */
export async function openApp(
  browser,
  baseUrl,
  { viewport, colorScheme = 'light', reducedMotion = 'reduce', hash = '', dataDir, bridgeArgs = [] } = {},
) {
  bridgePath ??= bridgeBinary();
  const bridge = startBridge(bridgePath, dataDir, bridgeArgs);
  const context = await browser.newContext({
    viewport: viewport ?? { width: 1280, height: 800 },
    deviceScaleFactor: 1,
    colorScheme,
    reducedMotion,
    hasTouch: (viewport?.width ?? 1280) < 600,
  });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  await page.exposeFunction('__bridgeInvoke', (cmd, args) => bridge.call(cmd, args));
  await page.addInitScript(mockScript());
  const app = {
    page,
    bridge,
    problems,
    async close() {
      openApps.delete(app);
      await context.close().catch(() => undefined);
      await bridge.stop();
    },
  };
  openApps.add(app);
  await page.goto(baseUrl + hash);
  return app;
}

/** Closes every app a failed test left open. */
export async function closeLeftoverApps() {
  for (const app of [...openApps]) await app.close();
}

/**
 * Serves `dist/` and launches Chromium once for the enclosing `describe`, closing both
 * after it. `suite.open(options)` is `openApp` on them; `suite.url` is the served address.
 */
export function suiteBrowser({ folder = 'dist', entry = 'index.html' } = {}) {
  const suite = {
    server: undefined,
    browser: undefined,
    get url() {
      return suite.server.url;
    },
    open: (options) => openApp(suite.browser, suite.server.url, options),
  };
  before(async () => {
    suite.server = await serveDist(folder, entry);
    suite.browser = await launchBrowser();
  });
  after(async () => {
    await closeLeftoverApps();
    await suite.browser?.close();
    await suite.server?.close();
  });
  return suite;
}

/** Clicks the point with index `point` on the board. */
export async function clickPoint(page, point) {
  await page.locator(`svg.board [data-point="${point}"]`).click();
}

/** The board as the page shows it: the colour code of every point. */
export async function boardColors(page) {
  return page.locator('svg.board [data-point]').evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-color'))));
}

/** Waits until the turn line names `player` ("Black" or "White"). */
export async function waitForTurn(page, player) {
  await page.getByTestId('turn').filter({ hasText: `${player} to move` }).waitFor();
}

/** Saves a screenshot of the viewport under tests/artifacts/. */
export async function shot(page, name) {
  await page.waitForTimeout(250);
  await page.screenshot({ path: join(artifacts, `${name}.png`) });
}
