import { describe, expect, it } from 'vitest';
import { get } from 'svelte/store';
import { locale, t } from '../../lib/i18n';
import { turnAnnouncement } from './announce';
import type { TimeGoState, Turn } from './model';
import { squareLayout } from '../../lib/board/fixtures';

/** A 5×5 state after `turns`; only the fields the announcement reads matter. */
function state(turns: Turn[], extra: Partial<TimeGoState> = {}): TimeGoState {
  return {
    size: 5,
    layout: squareLayout(5),
    komi: 0,
    board: Array(25).fill(0),
    placements: [],
    locked: 0,
    next: turns.length % 2 === 0 ? 'black' : 'white',
    passes: 0,
    area: { black: 0, white: 0 },
    result: null,
    turns,
    cursor: turns.length,
    travellers: [],
    lockBlocked: null,
    timeBlocked: null,
    limitReached: false,
    save: { kind: 'saved' },
    opponent: { computer: 'none', level: 'strong' },
    computerToMove: false,
    ...extra,
  } as TimeGoState;
}

const b3: Turn = { type: 'place', player: 'black', point: 11 };
const c3: Turn = { type: 'place', player: 'white', point: 12 };

describe('turn announcements', () => {
  it('read the turn just played and who moves next', () => {
    expect(turnAnnouncement(get(t), state([]), state([b3]))).toBe('Black B3. White to move.');
  });

  it('read a time move in full with the moved stone', () => {
    const before = state([b3, c3], { placements: [{ player: 'black', point: 11 }, { player: 'white', point: 12 }] });
    const time: Turn = { type: 'time', player: 'black', source: 0, target: 0 } as Turn;
    const after = state([b3, c3, time]);
    expect(turnAnnouncement(get(t), before, after)).toBe('Black time: B3 from 1 to 1. White to move.');
  });

  it('read the result when the game ends', () => {
    const pass = (player: 'black' | 'white'): Turn => ({ type: 'pass', player });
    const ended = state([b3, pass('white'), pass('black')], {
      next: null,
      result: { winner: 'black', black: 25, white: 0 },
    });
    expect(turnAnnouncement(get(t), state([b3, pass('white')]), ended)).toBe('Black pass. Game over: Black wins by 25.');
  });

  it('say that play has stopped when the last action allowed was played', () => {
    const full = state([b3, c3], { limitReached: true });
    expect(turnAnnouncement(get(t), state([b3]), full)).toBe('White C3. Play has stopped at the limit of 1,024 actions.');
  });

  it('stay silent on load, review and new games', () => {
    expect(turnAnnouncement(get(t), null, state([b3]))).toBeNull();
    expect(turnAnnouncement(get(t), state([b3, c3]), state([b3, c3], { cursor: 1 }))).toBeNull();
    expect(turnAnnouncement(get(t), state([b3, c3]), state([]))).toBeNull();
    expect(turnAnnouncement(get(t), state([]), state([b3, c3]))).toBeNull();
  });

  it('speak the chosen language', () => {
    locale.set('ja');
    expect(turnAnnouncement(get(t), state([]), state([b3]))).toBe('黒 B3。白の番です。');
    locale.set('ko');
    expect(turnAnnouncement(get(t), state([]), state([b3]))).toBe('흑 B3. 백 차례입니다.');
    locale.set('en');
  });
});
