import type { Translate } from '../../lib/i18n';
import { nameOf } from '../../lib/board/layout';
import type { TimeGoState, Turn } from './model';
import { stoneName, turnText } from './words';

/**
 * The sentence a screen reader hears after the game changed from `before` to `after`: the
 * turn just played and who moves next, or the final result. Null when no single turn was
 * played (first load, review steps, loading a record or a new game are shown, not read).
 */
export function turnAnnouncement(t: Translate, before: TimeGoState | null, after: TimeGoState): string | null {
  if (!before || after.turns.length !== before.turns.length + 1 || after.cursor !== after.turns.length) return null;
  const turn = spokenTurn(t, after.turns[after.turns.length - 1], before);
  if (after.result) {
    const { winner, black, white } = after.result;
    const outcome =
      winner === 'draw'
        ? t('timego.end.draw')
        : t('timego.end.winner', { values: { player: stoneName(t, winner), margin: Math.abs(black - white) } });
    return t('timego.announce.gameOver', { values: { turn, outcome } });
  }
  // The last action allowed: nobody moves next, though the game is neither ended nor scored.
  if (after.limitReached) return t('timego.announce.limit', { values: { turn } });
  if (after.next) return t('timego.announce.toMove', { values: { turn, player: stoneName(t, after.next) } });
  return t('timego.announce.turn', { values: { turn } });
}

// A time move is read in full ("Black time: C3 from 3 to 2"), not with the record's arrow.
function spokenTurn(t: Translate, turn: Turn, before: TimeGoState): string {
  const moved = turn.type === 'time' ? before.placements[turn.source] : undefined;
  if (turn.type !== 'time' || !moved) return turnText(t, turn, before.layout);
  return t('timego.turns.time', {
    values: { player: stoneName(t, turn.player), point: nameOf(before.layout, moved.point), from: turn.source + 1, to: turn.target + 1 },
  });
}
