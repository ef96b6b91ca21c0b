/**
 * The surfaces screen's sentences: the engine's typed answers (rejections, setup errors,
 * outcomes, scores, actions) put in the player's language. Nothing here decides a rule;
 * every fact comes from the engine's values.
 */
import type { Translate } from '../../lib/i18n';
import type { Reason } from '../../lib/game/session.svelte';
import { nameOf } from '../../lib/board/layout';
import type { BoardLayout } from '../../lib/bindings/BoardLayout';
import type { Color } from '../../lib/bindings/Color';
import type { Surface } from '../../lib/bindings/Surface';
import type { SurfaceAction } from '../../lib/bindings/SurfaceAction';
import type { SurfaceOutcome } from '../../lib/bindings/SurfaceOutcome';
import type { SurfaceScore } from '../../lib/bindings/SurfaceScore';
import type { SurfaceSetupError } from '../../lib/bindings/SurfaceSetupError';
import type { SurfaceSymmetry } from '../../lib/bindings/SurfaceSymmetry';
import type { Neighbours } from '../../lib/bindings/Neighbours';

/** The message key of each surface's name. */
export const SURFACE_KEYS: Record<Surface, 'mobius' | 'klein' | 'genus2'> = {
  'go-mobius-9x11-v1': 'mobius',
  'go-klein-9x18-v1': 'klein',
  'go-genus2-staircase-9x9-v1': 'genus2',
};

/** The three surfaces in menu order. */
export const SURFACES: readonly Surface[] = ['go-mobius-9x11-v1', 'go-klein-9x18-v1', 'go-genus2-staircase-9x9-v1'];

/** A surface's name ("Möbius strip"). */
export function surfaceName(t: Translate, surface: Surface): string {
  return t(`surface.surfaces.${SURFACE_KEYS[surface]}.name`);
}

/** "Black" or "White". */
export function colorName(t: Translate, color: Color): string {
  return t(`surface.colors.${color}`);
}

/** Half points as points: 13 → "6.5". */
export function points(halfPoints: number): string {
  return halfPoints % 2 === 0 ? String(halfPoints / 2) : (halfPoints / 2).toFixed(1);
}

/** One action in the move list: "e5", "pass", "resigns". */
export function actionText(t: Translate, action: SurfaceAction, layout: BoardLayout | null | undefined): string {
  if (action.type === 'place') return nameOf(layout, action.at);
  return t(`surface.actions.${action.type === 'pass' ? 'passed' : 'resigned'}`);
}

/** The final result in words: "White wins by 3.5 points (two passes)". */
export function outcomeText(t: Translate, outcome: SurfaceOutcome): string {
  const reason = t(`surface.end.${outcome.reason}`);
  if (outcome.winner === 'draw') return t('surface.end.draw', { values: { reason } });
  if (outcome.reason === 'resignation') return t('surface.end.byResignation', { values: { player: colorName(t, outcome.winner) } });
  return t('surface.end.winner', {
    values: { player: colorName(t, outcome.winner), margin: points(Math.abs(outcome.score.difference_half_points)), reason },
  });
}

/** Who leads if both finish now: "Black leads by 2.5" or "Even". */
export function leaderText(t: Translate, score: SurfaceScore): string {
  if (score.leader === 'draw') return t('surface.score.even');
  return t('surface.score.leads', { values: { player: colorName(t, score.leader), margin: points(Math.abs(score.difference_half_points)) } });
}

/** Why the diagram cannot begin a study, from the engine's typed reason. */
export function setupText(t: Translate, error: SurfaceSetupError, layout: BoardLayout | null | undefined): string {
  switch (error.kind) {
    case 'no_liberty':
      return t('surface.editor.blocked.noLiberty', { values: { point: nameOf(layout, error.point), color: colorName(t, error.color) } });
    case 'no_next_player':
      return t('surface.editor.blocked.noNextPlayer');
    case 'komi':
      return t('surface.editor.blocked.komi', { values: { komi: points(error.komi_half_points), limit: points(error.limit) } });
    default:
      return t('surface.editor.blocked.board');
  }
}

/**
 * A refusal in words: the engine's typed rejection when there is one (with the earlier
 * move of a superko named from `turns`), else the backend's sentence.
 */
export function reasonText(t: Translate, reason: Reason, layout: BoardLayout | null | undefined, turns: readonly SurfaceAction[] = []): string {
  const point = typeof reason.point === 'number' ? nameOf(layout, reason.point) : '';
  switch (reason.kind) {
    case 'occupied':
      return t('surface.refused.occupied', { values: { point } });
    case 'suicide':
      return t('surface.refused.suicide', { values: { point } });
    case 'off_board':
      return t('surface.refused.offBoard', { values: { point } });
    case 'ended':
      return t('surface.refused.ended');
    case 'superko': {
      const after = Number(reason.after_actions);
      if (after === 0) return t('surface.refused.superkoStart', { values: { point } });
      const earlier = turns[after - 1];
      return t('surface.refused.superko', {
        values: { point, move: after, earlier: earlier ? actionText(t, earlier, layout) : '' },
      });
    }
    case 'no_liberty':
    case 'no_next_player':
    case 'komi':
    case 'board':
      return setupText(t, reason as unknown as SurfaceSetupError, layout);
    case 'confirmation_needed':
      return t('surface.refused.replaceStudy');
    default:
      return reason.message ? t('surface.refused.other', { values: { message: reason.message } }) : t('surface.refused.unknown');
  }
}

/** Where a point's neighbour went under a symmetry, as a compass direction from the image. */
function directionTo(layout: BoardLayout, from: number, to: number | undefined): keyof Neighbours | null {
  const neighbours = layout.points[from]?.neighbours;
  if (!neighbours || to === undefined) return null;
  return (['n', 'e', 's', 'w'] as const).find((d) => neighbours[d] === to) ?? null;
}

/**
 * What a symmetry does, from the engine's images: where a1 goes, where its north and east
 * turn, and whether it reflects ("a1 → c4; north → east, east → south; turns").
 */
export function symmetryText(t: Translate, symmetry: SurfaceSymmetry, layout: BoardLayout): string {
  if (symmetry.identity) return t('surface.symmetry.identity');
  const origin = 0;
  const image = symmetry.images[origin] ?? origin;
  const turned = (d: keyof Neighbours) => {
    const neighbour = layout.points[origin]?.neighbours[d];
    const direction = neighbour == null ? null : directionTo(layout, image, symmetry.images[neighbour]);
    return direction ? t(`surface.directions.${direction}`) : '?';
  };
  return t(symmetry.mirrors ? 'surface.symmetry.describeMirror' : 'surface.symmetry.describe', {
    values: { from: nameOf(layout, origin), to: nameOf(layout, image), north: turned('n'), east: turned('e') },
  });
}
