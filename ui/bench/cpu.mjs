// CPU time used by the Chromium this benchmark launched, per process type, read from
// /proc (Linux only). Unlike wall-clock frame times, CPU time hardly depends on how many other
// programs share the machine's cores: it is the work a frame costs, not how long it waited.
// Chromium without a GPU draws WebGL in its GPU process (SwiftShader's threads), and runs the
// page's JavaScript and three.js in a renderer process.
import { readFileSync, readdirSync } from 'node:fs';

const TICK = 10; // ms per clock tick (USER_HZ is 100 on Linux)

function stat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) * TICK };
  } catch {
    return null;
  }
}

function type(pid) {
  try {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    const m = /--type=([a-z-]+)/.exec(cmd);
    return m ? m[1] : 'browser';
  } catch {
    return 'gone';
  }
}

/** CPU milliseconds so far of every process descended from this node process, by type. */
export function chromiumCpu() {
  const all = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = stat(name);
    if (s) all.set(Number(name), s);
  }
  const mine = new Set([process.pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, s] of all) {
      if (!mine.has(pid) && mine.has(s.ppid)) {
        mine.add(pid);
        grew = true;
      }
    }
  }
  mine.delete(process.pid);
  const out = {};
  for (const pid of mine) {
    const t = type(pid);
    if (t === 'browser' && !readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('chrom')) continue;
    out[t] = (out[t] ?? 0) + all.get(pid).cpu;
  }
  return out;
}

/** CPU ms per frame of the GPU process and the renderers between two `chromiumCpu()` readings. */
export function cpuPerFrame(before, after, frames) {
  const per = (key) => +(((after[key] ?? 0) - (before[key] ?? 0)) / frames).toFixed(1);
  return { gpu: per('gpu-process'), renderer: per('renderer'), browser: per('browser') };
}
