import type { Translate } from '../../lib/i18n';
import type { ChessState } from './model';
import { colorName, reportText } from './words';

/**
 * The sentence a screen reader hears after the game changed from `before` to `after`: the
 * move just played with its travel and every consequence (arrivals, captures in the past,
 * steamrollers, Lost in Time), then who moves next. Null when no single move was played
 * (loading, review steps, a new or imported game are shown, not read).
 */
export function moveAnnouncement(t: Translate, before: ChessState | null, after: ChessState): string | null {
  if (!before || after.moves.length !== before.cursor + 1 || after.cursor !== after.moves.length) return null;
  const report = after.screen.lastMove;
  if (!report) return null;
  const said = reportText(t, report);
  // The result is one of the consequences; otherwise say who moves next.
  if (after.screen.outcome || !after.screen.toMove) return said;
  return `${said} ${t('chess.announce.toMove', { values: { color: colorName(t, after.screen.toMove) } })}`.trim();
}
