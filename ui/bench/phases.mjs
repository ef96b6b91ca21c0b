// What the 3D move benchmarks (`surface3d-click.mjs`, `stack3d.mjs`) share: timing one move
// in phases, from the click to the frame that shows it finished drawing.
//
//   input     the click's handling until the move's command is sent (picking, the controller)
//   harness   the command's round trip through the test harness (page → Playwright → node →
//             bridge → back), less the bridge's own time; the app uses Tauri's IPC instead,
//             so this is not counted as work
//   bridge    the bridge's own time for the command, timed in node at the bridge's pipe (the
//             command itself plus a JSON line each way)
//   js        the answer reaching the page → the page's JavaScript done (Svelte, the model, the
//             scene's update; ends when a task queued at the answer runs, at the frame's start,
//             or when the view's update has settled (`settledAt`, the stack), whichever is first)
//   wait      → the animation frame that draws the change starts: the display's refresh
//             wait, not work (a 60 Hz display shows a change at its next refresh anyway)
//   draw      the frame's draw calls (CPU side of three.js)
//   readback  reading one pixel back right after them, which waits until the frame is drawn
//
// work = input + bridge + js + draw + readback; wall = the whole, as measured.
import { chromiumCpu } from './cpu.mjs';

/** Median, 90th percentile and worst of `values` (ms), as text. */
export function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return `median ${at(0.5).toFixed(1)}, p90 ${at(0.9).toFixed(1)}, worst ${sorted[sorted.length - 1].toFixed(1)} ms`;
}

/** The median of `values`. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Times `cmd` on the app's bridge (node side) and marks, in the page, when a move's `cmd` is
 * sent and answered (`window.__move`). Call once per page, before the moves.
 */
export async function instrument(app, cmd) {
  const bridge = app.bridge;
  const forward = bridge.call.bind(bridge);
  const own = [];
  bridge.call = async (name, args) => {
    const start = performance.now();
    const answer = await forward(name, args);
    if (name === cmd) own.push(performance.now() - start);
    return answer;
  };
  await app.page.evaluate((cmd) => {
    const send = window.__bridgeInvoke;
    window.__bridgeInvoke = async (name, args) => {
      const move = name === cmd ? window.__move : null;
      if (move) move.sentAt = performance.now();
      const answer = await send(name, args);
      if (move) {
        move.answerAt = performance.now();
        // A task queued now runs once the answer's own task (and Svelte's microtasks) is done.
        const channel = new MessageChannel();
        channel.port1.onmessage = () => (move.idleAt = performance.now());
        channel.port2.postMessage(0);
      }
      return answer;
    };
  }, cmd);
  return { lastBridge: () => own[own.length - 1] ?? NaN };
}

/** Phases of one move from the page's marks (`clickAt`, `sentAt`, `answerAt`, `idleAt`), the
 * frame's (`start`, `end`, `readAt`) and the bridge's own time. */
export function phases(m, bridge) {
  // A view that marks when its reaction settled (`settledAt`: the microtasks its update queued
  // ran) ends the js phase there: the frame may start only at the next refresh, and the task
  // queued at the answer may run after that frame, so either alone would count the refresh
  // wait as JavaScript.
  const settled = m.settledAt > m.answerAt ? m.settledAt : Infinity;
  const jsEnd = Math.min(m.idleAt ?? m.start, m.start, settled);
  const p = {
    input: m.sentAt - m.clickAt,
    harness: m.answerAt - m.sentAt - bridge,
    bridge,
    js: jsEnd - m.answerAt,
    wait: m.start - jsEnd,
    draw: m.end - m.start,
    readback: m.readAt - m.end,
    wall: m.readAt - m.clickAt,
  };
  p.work = p.input + p.bridge + p.js + p.draw + p.readback;
  return p;
}

/** Prints the phases of many moves: median / p90 / worst of each, and the raw wall times. */
export function report(list) {
  for (const key of ['work', 'input', 'bridge', 'js', 'wait', 'draw', 'readback', 'harness', 'wall']) {
    console.log(`  ${key.padEnd(9)} ${stats(list.map((p) => p[key]))}`);
  }
  console.log(`  wall, each move: ${list.map((p) => p.wall.toFixed(0)).join(' ')} ms`);
  console.log(`  work, each move: ${list.map((p) => p.work.toFixed(0)).join(' ')} ms`);
}

/** CPU ms of Chromium's GPU process and renderer during `run()`. */
export async function cpuDuring(run) {
  const before = chromiumCpu();
  const result = await run();
  const after = chromiumCpu();
  const per = (key) => (after[key] ?? 0) - (before[key] ?? 0);
  return { result, gpu: per('gpu-process'), renderer: per('renderer') };
}
