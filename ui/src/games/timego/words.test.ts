import { describe, expect, it } from 'vitest';
import { get } from 'svelte/store';
import { t } from '../../lib/i18n';
import { levelName, levelSummary, reasonText, turnText } from './words';
import { squareLayout } from '../../lib/board/fixtures';

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

  it('writes turns with placements numbered from 1', () => {
    expect(turnText(tr, { player: 'black', type: 'time', source: 4, target: 1 }, five)).toBe('Black time 5 → 2');
    expect(turnText(tr, { player: 'white', type: 'place', point: 24 }, five)).toBe('White E5');
    expect(turnText(tr, { player: 'white', type: 'lock' }, five)).toBe('White Lock');
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
