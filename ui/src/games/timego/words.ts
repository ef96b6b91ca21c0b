import type { Translate } from '../../lib/i18n';
import { pointName } from '../../lib/board/geometry';
import type { Reason, Stone, Turn } from './model';

type T = Translate;

/** A reason in the player's language; kinds without a translation keep the engine's own sentence. */
export function reasonText(t: T, reason: Reason): string {
  if (reason.kind === 'superko' && reason.earlierIndex !== undefined) {
    if (reason.earlierIndex < 0) return t('timego.reasons.superkoInitial');
    return t('timego.reasons.superko', { values: { index: reason.earlierIndex + 1 } });
  }
  return t(`timego.reasons.${reason.kind}`, { default: reason.message, values: { message: reason.message } });
}

/** "Black" or "White" in the player's language. */
export function stoneName(t: T, stone: Stone): string {
  return t(`common.${stone}`);
}

/** One line of the turn record; placement numbers are shown from 1. */
export function turnText(t: T, turn: Turn, size: number): string {
  const player = stoneName(t, turn.player);
  switch (turn.type) {
    case 'place':
      return t('timego.turns.place', { values: { player, point: pointName(turn.point, size) } });
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
