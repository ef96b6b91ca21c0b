// What the surfaces benches share: a backend call through the test bridge, and the same
// seeded Klein bottle game, so every bench and every run measures the same position.

/** The Klein bottle's surface id. */
export const KLEIN = 'go-klein-9x18-v1';

/** Calls `cmd` on the app's backend bridge; throws with the backend's error. */
export async function call(app, cmd, args) {
  const answer = await app.bridge.call(cmd, args === undefined ? {} : { args });
  if ('err' in answer) throw new Error(`${cmd}: ${JSON.stringify(answer.err)}`);
  return answer.ok;
}

/** A seeded generator, so every run plays the same game. */
export function rng(seed) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

/** Starts a Klein bottle game and plays legal random placements until `moves` actions are on the line. */
export async function playTo(app, moves, random) {
  let view = await call(app, 'surface_new', { surface: KLEIN });
  while (view.line_length < moves) {
    const empty = view.board.flatMap((c, p) => (c === 0 ? [p] : []));
    const point = empty[Math.floor(random() * empty.length)];
    const explained = await call(app, 'surface_explain', { line: 'game', point });
    if (explained.message !== null) continue;
    view = await call(app, 'surface_apply', { line: 'game', action: { type: 'place', at: point }, revision: view.revision });
  }
  return view;
}

/** An empty point the 3D view draws in sight where the rules allow a placement, with where the scene draws it; `null` when there is none. */
export async function visibleLegalPoint(app, page) {
  const { game } = await call(app, 'surface_open');
  const points = await page.evaluate(() => window.__scene.points());
  for (const [p, at] of points.entries()) {
    if (!at.visible || game.board[p] !== 0) continue;
    if ((await call(app, 'surface_explain', { line: 'game', point: p })).message === null) return { point: p, at };
  }
  return null;
}
