/**
 * Where a new surfaces game's komi comes from: the rules' komi, the komi measured by
 * self-play where the engine has one, or another value typed in. Every number is the
 * engine's (`surface_komi_choices`); this only decides which of them the dialog offers.
 */
import type { SurfaceKomiChoice } from '../../lib/bindings/SurfaceKomiChoice';
import type { SurfaceMeasuredKomi } from '../../lib/bindings/SurfaceMeasuredKomi';

/** The dialog's komi choices. */
export type KomiKind = 'rules' | 'measured' | 'other';

/**
 * Below this many games a measured komi is called a small sample: its interval is then
 * wider than ten points (20 games gave −3 to 15; 200 are about three times narrower).
 */
export const SMALL_KOMI_SAMPLE_GAMES = 100;

/** The measured komi as a choice of its own: none where there is none or it is the rules' komi. */
export function measuredChoice(choice: SurfaceKomiChoice | undefined): SurfaceMeasuredKomi | null {
  const measured = choice?.measured;
  return measured && measured.komiHalfPoints !== choice.rules_komi_half_points ? measured : null;
}

/** The choices offered for a surface, in order. */
export function komiKinds(choice: SurfaceKomiChoice): KomiKind[] {
  return measuredChoice(choice) ? ['rules', 'measured', 'other'] : ['rules', 'other'];
}

/**
 * The choice a komi stands for: `half` in half points (null when it is not a multiple of
 * 0.5); `typed` when the player asked for another value, which stays "other".
 */
export function komiKindOf(half: number | null, choice: SurfaceKomiChoice | undefined, typed: boolean): KomiKind {
  if (typed || !choice || half === null) return 'other';
  if (half === choice.rules_komi_half_points) return 'rules';
  if (half === measuredChoice(choice)?.komiHalfPoints) return 'measured';
  return 'other';
}

/** The komi in half points a choice sets; null for "other" (the number field's own value). */
export function komiOfKind(kind: KomiKind, choice: SurfaceKomiChoice): number | null {
  if (kind === 'rules') return choice.rules_komi_half_points;
  if (kind === 'measured') return measuredChoice(choice)?.komiHalfPoints ?? null;
  return null;
}

/** Whether a measured komi comes from too few games to be called more than a first sample. */
export function isSmallSample(measured: SurfaceMeasuredKomi): boolean {
  return measured.games < SMALL_KOMI_SAMPLE_GAMES;
}
