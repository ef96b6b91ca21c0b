import { describe, expect, it } from 'vitest';
import { Latest } from './latest';

/** A promise and the functions that settle it. */
function pending<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('Latest', () => {
  it('uses only the newest reply, success or failure', async () => {
    const latest = new Latest();
    const seen: string[] = [];
    const first = pending<string>();
    const second = pending<string>();
    const a = latest.run(() => first.promise, (v) => void seen.push(`ok ${v}`), () => void seen.push('failed first'));
    const b = latest.run(() => second.promise, (v) => void seen.push(`ok ${v}`), () => void seen.push('failed second'));
    first.reject(new Error('late'));
    second.resolve('second');
    await Promise.all([a, b]);
    expect(seen).toEqual(['ok second']);
  });

  it('drops every request in flight', async () => {
    const latest = new Latest();
    const seen: string[] = [];
    const reply = pending<string>();
    const run = latest.run(() => reply.promise, (v) => void seen.push(v), () => void seen.push('failed'));
    latest.drop();
    reply.resolve('stale');
    await run;
    expect(seen).toEqual([]);
  });
});
