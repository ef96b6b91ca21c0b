import { describe, expect, it } from 'vitest';
import { CommandError } from '../api';
import { GameSession, reasonOf, type ComputerReply, type GameBackend } from './session.svelte';

/** A trivial game: the line is a list of numbers; the computer plays 0. */
interface View {
  turns: number[];
  cursor: number;
  computerToMove: boolean;
}

function fakeBackend(opts: { computerSide?: boolean; reply?: ComputerReply<View>['kind'] } = {}) {
  let line: number[] = [];
  let cursor = 0;
  const calls: string[] = [];
  const view = (): View => ({
    turns: [...line],
    cursor,
    computerToMove: !!opts.computerSide && cursor === line.length && line.length % 2 === 1,
  });
  const backend: GameBackend<View, number> = {
    async apply(action, replaceFuture) {
      calls.push(`apply ${action} ${replaceFuture}`);
      if (cursor < line.length && !replaceFuture) throw new CommandError({ kind: 'confirmation_needed', message: 'Replace the later turns?' });
      line = [...line.slice(0, cursor), action];
      cursor = line.length;
      return view();
    },
    async review(to) {
      calls.push(`review ${to}`);
      cursor = to;
      return view();
    },
    async computerMove() {
      calls.push('computer');
      if (opts.reply && opts.reply !== 'played') return { kind: opts.reply, state: view(), message: 'no' };
      line = [...line.slice(0, cursor), 0];
      cursor = line.length;
      return { kind: 'played', state: view() };
    },
    async computerCancel() {
      calls.push('cancel');
      return true;
    },
  };
  return { backend, calls, view };
}

class Session extends GameSession<View, number> {
  resets = 0;
  protected override resetExploration(): void {
    this.resets++;
  }
  playNumber(n: number): Promise<void> {
    return this.play(n);
  }
}

const settle = () => new Promise((done) => setTimeout(done, 0));

/** A session whose person played 5 and whose computer is now thinking until `release()`. */
async function thinkingAfterFive() {
  let release: () => void = () => {};
  const { backend, calls, view } = fakeBackend({ computerSide: true });
  const slow: GameBackend<View, number> = {
    ...backend,
    computerMove: (r) => new Promise((done) => (release = () => done(backend.computerMove(r)))),
  };
  const s = new Session(slow);
  await s.open(async () => view());
  await s.playNumber(5);
  await settle();
  expect(s.thinking).toBe(true);
  return { s, calls, release: () => release() };
}

describe('game session', () => {
  it('plays, reviews and asks before replacing the later turns', async () => {
    const { backend, calls, view } = fakeBackend();
    const s = new Session(backend);
    await s.open(async () => view());
    await s.playNumber(1);
    await s.playNumber(2);
    await s.review(1);
    expect(s.view?.cursor).toBe(1);
    await s.playNumber(3);
    expect(s.pendingReplace).toEqual({ message: 'Replace the later turns?', action: 3 });
    expect(s.view?.turns).toEqual([1, 2]);
    await s.confirmReplace();
    expect(s.view?.turns).toEqual([1, 3]);
    expect(calls).toContain('apply 3 true');
    expect(s.pendingReplace).toBeNull();
  });

  it('adds up fast review steps and ignores steps off the line', async () => {
    const { backend, calls, view } = fakeBackend();
    const s = new Session(backend);
    await s.open(async () => view());
    for (const n of [1, 2, 3]) await s.playNumber(n);
    await Promise.all([s.reviewBy(-1), s.reviewBy(-1)]);
    expect(s.view?.cursor).toBe(1);
    await s.review(9);
    expect(calls.filter((c) => c.startsWith('review'))).toEqual(['review 2', 'review 1']);
  });

  it('turns a refusal into the notice, keeping the view', async () => {
    const { backend, view } = fakeBackend();
    const s = new Session(backend);
    await s.open(async () => view());
    await s.run(async () => {
      throw new CommandError({ kind: 'illegal', message: 'C3 is occupied.', rejection: { kind: 'occupied', point: 12 } } as never);
    });
    expect(s.notice?.reason).toEqual({ kind: 'occupied', point: 12, message: 'C3 is occupied.' });
    expect(s.view?.turns).toEqual([]);
    expect(reasonOf(new Error('x'))).toEqual({ kind: 'unknown', message: 'x' });
  });

  it('lets the computer reply by itself on its turn', async () => {
    const { backend, calls, view } = fakeBackend({ computerSide: true });
    const s = new Session(backend);
    await s.open(async () => view());
    await s.playNumber(5);
    await settle();
    await settle();
    expect(calls).toContain('computer');
    expect(s.view?.turns).toEqual([5, 0]);
    expect(s.thinking).toBe(false);
  });

  it('offers retry after a failed search, and by hand the person moves for the computer once', async () => {
    const { backend, calls, view } = fakeBackend({ computerSide: true, reply: 'failed' });
    const s = new Session(backend);
    await s.open(async () => view());
    await s.playNumber(5);
    await settle();
    await settle();
    expect(s.computerProblem).toEqual({ kind: 'failed', message: 'no' });
    const searches = calls.filter((c) => c === 'computer').length;
    s.continueByHand();
    expect(s.byHand).toBe(true);
    expect(s.computerProblem).toBeNull();
    await settle();
    expect(calls.filter((c) => c === 'computer').length).toBe(searches);
    await s.playNumber(6);
    expect(s.byHand).toBe(false);
  });

  it('plays nothing for the person while the computer thinks', async () => {
    const { s, calls, release } = await thinkingAfterFive();
    await s.playNumber(7);
    expect(calls.filter((c) => c.startsWith('apply'))).toEqual(['apply 5 false']);
    release();
    await settle();
    await settle();
    expect(s.view?.turns).toEqual([5, 0]);
  });

  it('cancels a running search when the screen is left', async () => {
    const { s, calls, release } = await thinkingAfterFive();
    s.leave();
    expect(calls).toContain('cancel');
    release();
    await settle();
    await settle();
    expect(s.thinking).toBe(false);
  });
});
