import type { Translate } from '../../lib/i18n';
import type { BoardLayout } from '../../lib/bindings/BoardLayout';
import type { SurfaceView } from '../../lib/bindings/SurfaceView';
import { colorName, outcomeText } from './words';

/**
 * The sentence a screen reader hears after one move of a line (a placement with its
 * captures, a pass, a resignation, and the result when it ended the game). Null when no
 * single move was just played at the end of the same line (loading, review, a new game).
 */
export function moveAnnouncement(t: Translate, before: SurfaceView | null, after: SurfaceView, layout: BoardLayout | null | undefined): string | null {
  if (!before || before.line !== after.line || before.kind !== after.kind) return null;
  if (after.cursor !== before.cursor + 1 || after.cursor !== after.line_length || !after.last_move) return null;
  const last = after.last_move;
  const player = colorName(t, last.player);
  let text: string;
  if (last.action.type === 'place') {
    const point = last.label ?? layout?.points[last.action.at]?.name ?? String(last.action.at);
    text = t('surface.announce.placed', { values: { player, point } });
    if (last.captured.length) text += ' ' + t('surface.announce.captured', { values: { count: last.captured.length } });
  } else if (last.action.type === 'pass') {
    text = t('surface.announce.passed', { values: { player } });
  } else {
    text = t('surface.announce.resigned', { values: { player } });
  }
  if (after.outcome) return `${text} ${outcomeText(t, after.outcome)}`;
  if (after.side_to_move) return `${text} ${t('surface.announce.toMove', { values: { player: colorName(t, after.side_to_move) } })}`;
  return text;
}
