import type { Translate } from '../../lib/i18n';
import { nameOf, type BoardLayout } from '../../lib/board/layout';
import type { MarkerKind } from '../../lib/board/markers';
import type { Reason, Stone, Turn } from './model';

type T = Translate;

// Fields of the engine's rejections that hold 0-based placement indices, shown from 1.
const PLACEMENT_FIELDS = ['source', 'target'] as const;

/**
 * A reason in the player's language, built from the engine's typed rejection: points are
 * named as the engine's layout names them and placements numbered from 1. A kind without a translation keeps
 * the sentence the backend sent.
 */
export function reasonText(t: T, reason: Reason, layout: BoardLayout | null): string {
  const f = reason as Record<string, unknown>;
  const num = (key: string): number | undefined => (typeof f[key] === 'number' ? (f[key] as number) : undefined);
  const values: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(f)) if (typeof value === 'number' || typeof value === 'string') values[key] = value;
  const point = num('point');
  if (point !== undefined) values.point = nameOf(layout, point);
  for (const key of PLACEMENT_FIELDS) {
    const v = num(key);
    if (v !== undefined) values[key] = v + 1;
  }
  const locked = num('locked');
  const source = num('source');
  if (locked !== undefined && source !== undefined) {
    values.first = locked + 1;
    values.last = source;
    values.gaps = source - locked;
  }
  const earlierBoard = num('earlier_board');
  if (earlierBoard !== undefined) {
    values.board =
      earlierBoard === 0 ? t('timego.reasons.emptyBoard') : t('timego.reasons.boardAfter', { values: { index: earlierBoard } });
  }
  const earlierAction = num('earlier_action');
  if (earlierAction !== undefined) {
    values.when = earlierAction === 0 ? t('timego.reasons.atStart') : t('timego.reasons.afterAction', { values: { index: earlierAction } });
  }
  for (const key of ['expected', 'found'] as const) {
    if (f[key] === 'black' || f[key] === 'white') values[key] = stoneName(t, f[key] as Stone);
  }
  const fallback = typeof f.message === 'string' && f.message ? (f.message as string) : reason.kind;
  return t(`timego.reasons.${reason.kind}`, { default: fallback, values });
}

/** Why no stone of the player to move may travel now, from the engine's reason. */
export function noTravellerText(t: T, reason: Reason, layout: BoardLayout | null): string {
  return t('timego.time.none', { values: { reason: reasonText(t, reason, layout) } });
}

/** "Black" or "White" in the player's language. */
export function stoneName(t: T, stone: Stone): string {
  return t(`common.${stone}`);
}

/** One line of the turn record; placement numbers are shown from 1. */
export function turnText(t: T, turn: Turn, layout: BoardLayout | null): string {
  const player = stoneName(t, turn.player);
  switch (turn.type) {
    case 'place':
      return t('timego.turns.place', { values: { player, point: nameOf(layout, turn.point) } });
    case 'time':
      return t('timego.turns.timeShort', { values: { player, from: turn.source + 1, to: turn.target + 1 } });
    case 'lock':
      return t('timego.turns.lock', { values: { player } });
    case 'pass':
      return t('timego.turns.pass', { values: { player } });
  }
}

/** Komi as the status line says it ("zero komi" or "komi 6.5"). */
export function komiText(t: T, komi: number): string {
  return komi === 0 ? t('common.komiZero') : t('common.komiValue', { values: { komi } });
}

/** A level's name in the player's language; a level without a translation keeps the engine's name. */
export function levelName(t: T, level: { name: string }): string {
  return t(`timego.opponent.levels.${level.name}.name`, { default: level.name });
}

/** A level's one-line summary in the player's language, or the engine's English sentence. */
export function levelSummary(t: T, level: { name: string; summary: string }): string {
  return t(`timego.opponent.levels.${level.name}.summary`, { default: level.summary });
}

/** What a board marker says of its point to a screen reader, for the `kinds` a board draws. */
export function markerWords(t: T, kinds: readonly MarkerKind[]): Partial<Record<MarkerKind, string>> {
  const words: Record<MarkerKind, string> = {
    ring: t('timego.board.movable'),
    locked: t('timego.board.lockedBirth'),
    selected: t('timego.board.selectedTraveller'),
    last: t('timego.board.lastMove'),
    liberty: t('timego.board.liberty'),
    cross: t('timego.board.cancelled'),
    restored: t('timego.board.restored'),
    group: t('timego.compare.group'),
  };
  return Object.fromEntries(kinds.map((kind) => [kind, words[kind]]));
}
