import { describe, expect, it } from 'vitest';
import { get } from 'svelte/store';
import { t } from '../../lib/i18n';
import { levelName, levelSummary, noTravellerText, reasonText, turnText } from './words';
import { locale } from 'svelte-i18n';
import { squareLayout } from '../../lib/board/fixtures';
import { toCommandError } from '../../lib/api';
import { reasonOf } from '../../lib/game/session.svelte';

const four = squareLayout(4);
const five = squareLayout(5);

const tr = get(t);

describe('reasons in words', () => {
  it('names points by coordinates and placements from 1', () => {
    expect(reasonText(tr, { kind: 'occupied', point: 12 }, five)).toBe('C3 is occupied.');
    expect(reasonText(tr, { kind: 'no_earlier_gap', source: 0 }, five)).toBe(
      'Placement 1 is the first unlocked placement; it has no earlier gap.',
    );
    expect(reasonText(tr, { kind: 'target_out_of_range', source: 5, target: 1, locked: 2 }, five)).toBe(
      'Placement 6 can only move before placements 3 to 5, not before 2.',
    );
  });

  it('tells the empty board from a later one in superko', () => {
    expect(reasonText(tr, { kind: 'superko', point: 0, earlier_board: 0 }, four)).toBe(
      'A stone at A1 would recreate the empty starting board of the placement order (superko).',
    );
    expect(reasonText(tr, { kind: 'arrival_superko', point: 5, target: 2, earlier_board: 3 }, four)).toBe(
      'Arriving at B2 before placement 3 would recreate the board after placement 3 (superko).',
    );
  });

  it('says when a repeated history was first reached', () => {
    expect(reasonText(tr, { kind: 'repeated_history', earlier_action: 0 }, four)).toMatch(/at the start of the game\.$/);
    expect(reasonText(tr, { kind: 'repeated_history', earlier_action: 7 }, four)).toMatch(/after action 7\.$/);
  });

  it('keeps the backend sentence for kinds it cannot translate', () => {
    expect(reasonText(tr, { kind: 'storage', message: 'disk full' }, five)).toBe('disk full');
  });

  it("shows the backend's sentence for a game this version cannot play yet", () => {
    const message = 'Time Chess has no screen in this version yet; nothing was changed';
    const error = toCommandError({ kind: 'not_playable_yet', game: 'chess', message });
    expect(reasonText(tr, reasonOf(error), null)).toBe(message);
  });

  it('writes turns with placements numbered from 1', () => {
    expect(turnText(tr, { player: 'black', type: 'time', source: 4, target: 1 }, five)).toBe('Black time 5 → 2');
    expect(turnText(tr, { player: 'white', type: 'place', point: 24 }, five)).toBe('White E5');
    expect(turnText(tr, { player: 'white', type: 'lock' }, five)).toBe('White Lock');
  });
});

describe('reasons that fit the moment (issue #16)', () => {
  it('tells an empty board from a fully locked one when Lock is unavailable', () => {
    expect(tr('timego.actions.lockDisabled', { values: { reason: reasonText(tr, { kind: 'nothing_placed' }, five) } })).toBe(
      'Lock is unavailable. Nothing has been placed yet; Lock protects placements, so it needs at least one.',
    );
    expect(reasonText(tr, { kind: 'fully_locked', placements: 2 }, five)).toBe(
      'Every placement is already locked; Lock needs a new placement.',
    );
  });

  it('says why no stone can travel at the start, after a Lock and for the first placement', () => {
    expect(noTravellerText(tr, { kind: 'no_stone_on_board' }, five)).toBe(
      'No stone of yours can travel now. You have no stone on the board.',
    );
    expect(noTravellerText(tr, { kind: 'all_stones_locked', locked: 4 }, five)).toBe(
      'No stone of yours can travel now. Every stone of yours on the board is locked.',
    );
    expect(noTravellerText(tr, { kind: 'first_placement', source: 0 }, five)).toBe(
      'No stone of yours can travel now. Placement 1 is the first placement of the game; nothing comes before it.',
    );
    expect(noTravellerText(tr, { kind: 'game_ended' }, five)).toBe(
      'No stone of yours can travel now. The game has ended after two consecutive passes.',
    );
  });

  it('counts placements in words that fit none, one and many', () => {
    expect(reasonText(tr, { kind: 'source_out_of_range', source: 2, placements: 0 }, five)).toBe(
      'There is no placement 3: nothing has been placed yet.',
    );
    expect(reasonText(tr, { kind: 'source_out_of_range', source: 2, placements: 1 }, five)).toBe(
      'There is no placement 3: the order has 1 placement.',
    );
    expect(reasonText(tr, { kind: 'birth_locked', source: 0, locked: 1 }, five)).toBe(
      'Placement 1 is locked (the first placement is protected).',
    );
    expect(reasonText(tr, { kind: 'birth_locked', source: 0, locked: 3 }, five)).toBe(
      'Placement 1 is locked (the first 3 placements are protected).',
    );
  });

  it('names a single permitted gap without a range', () => {
    expect(reasonText(tr, { kind: 'target_out_of_range', source: 3, target: 0, locked: 2 }, five)).toBe(
      'Placement 4 can only move before placement 3, not before 1.',
    );
  });

  it('counts the turns kept while reviewing the start of a short game', () => {
    expect(tr('timego.review.reviewingStart', { values: { total: 1 } })).toBe('Reviewing the start of the game (1 turn kept)');
    expect(tr('timego.review.reviewingStart', { values: { total: 7 } })).toBe('Reviewing the start of the game (7 turns kept)');
  });

  it('translates every situation in each language, each in its own words', () => {
    const reasons = [
      { kind: 'nothing_placed' },
      { kind: 'fully_locked', placements: 2 },
      { kind: 'no_stone_on_board' },
      { kind: 'all_stones_locked', locked: 2 },
      { kind: 'first_placement', source: 0 },
      { kind: 'no_earlier_gap', source: 2 },
      { kind: 'source_out_of_range', source: 2, placements: 0 },
      { kind: 'target_out_of_range', source: 3, target: 0, locked: 2 },
      { kind: 'birth_locked', source: 0, locked: 1 },
    ];
    for (const code of ['en', 'ja', 'zh', 'ko']) {
      locale.set(code);
      const words = reasons.map((reason) => reasonText(get(t), reason, five));
      for (const [i, text] of words.entries()) {
        expect(text, `${code} ${reasons[i].kind}`).not.toBe(reasons[i].kind);
        expect(text, `${code} ${reasons[i].kind}`).not.toMatch(/[{}]/);
      }
      expect(new Set(words).size, code).toBe(words.length);
    }
    locale.set('en');
  });
});

describe('levels of the practice opponent', () => {
  it('translates known levels by name', () => {
    expect(levelName(tr, { name: 'classic' })).toBe('Classic');
    expect(levelSummary(tr, { name: 'strong', summary: 'engine words' })).toMatch(/time moves and Lock/);
  });

  it("keeps the engine's name and summary for a level without a translation", () => {
    expect(levelName(tr, { name: 'future' })).toBe('future');
    expect(levelSummary(tr, { name: 'future', summary: 'Plays from the future.' })).toBe('Plays from the future.');
  });
});
