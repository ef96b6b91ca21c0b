// The words for one layer of the stack, read by screen readers when a layer is chosen:
// its turn and era, each side's pieces by kind, and what else stands out there.
import type { Translate } from '../../../lib/i18n';
import type { Kind } from '../../../lib/bindings/Kind';
import type { StackModel } from './model';

const ORDER: readonly Kind[] = ['king', 'queen', 'rook', 'bishop', 'knight', 'pawn'];

const squareName = (file: number, rank: number) => `${String.fromCharCode(97 + file)}${rank + 1}`;

/** One sentence-per-fact summary of the layer of `turn`. */
export function layerSummary(model: StackModel, turn: number, t: Translate): string {
  const layer = model.layers.find((l) => l.turn === turn);
  if (!layer) return '';
  const parts = [t('chess.stack3d.summary.layer', { values: { turn, era: t(`chess.stack3d.era.${layer.era}`) } })];
  for (const color of ['white', 'black'] as const) {
    const pieces = model.pieces.filter((p) => p.turn === turn && !p.ghost && p.color === color);
    const groups = ORDER.map((kind) => {
      const squares = pieces
        .filter((p) => p.kind === kind)
        .map((p) => squareName(p.file, p.rank) + (p.braindead ? ` (${t('chess.stack3d.braindead')})` : ''));
      return squares.length ? `${t(`chess.stack3d.kind.${kind}`)} ${squares.join(' ')}` : '';
    }).filter(Boolean);
    parts.push(
      t('chess.stack3d.summary.side', {
        values: { side: t(`common.${color}`), pieces: groups.length ? groups.join(', ') : t('chess.stack3d.summary.none') },
      }),
    );
  }
  const ghosts = model.pieces.filter((p) => p.turn === turn && p.ghost).length;
  if (ghosts) parts.push(t('chess.stack3d.summary.ghosts', { values: { count: ghosts } }));
  const destinations = model.destinations.filter((d) => d.turn === turn).length;
  if (destinations) parts.push(t('chess.stack3d.summary.destinations', { values: { count: destinations } }));
  if (layer.check) parts.push(t('chess.stack3d.summary.check'));
  return parts.join(' ');
}
